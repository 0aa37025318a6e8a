"""Games by the day: a seat's webhook, and the tables waiting for a person ("your games").

=======  ==============================  ======================================================
method   path                            what it does
=======  ==============================  ======================================================
POST     ``/api/tables/{id}/webhook``    give the token's seat a webhook: ``{"url": "https://..."}``;
                                         201, the webhook with its ``secret`` (shown this once)
GET      ``/api/tables/{id}/webhook``    the token's seat's webhook (no secret), or ``null``
DELETE   ``/api/tables/{id}/webhook``    remove it: ``{"removed": true}`` (``false``: it had none)
POST     ``/api/your-games``             ``{"seats": [{"table": id, "token": token}, ...]}``: the
                                         tables among them, and among the signed-in person's
                                         seats, where that seat is to move
=======  ==============================  ======================================================

The webhook endpoints take the seat's token as ``Authorization: Bearer <token>`` (never in
the address, and no page of another site can send it), as hints and reviews do; your games
takes the tokens in its body (JSON only, at most :data:`MAX_BYDAY_BYTES`). Refused:
``bad-token`` (401) without a token or with one that is no seat's of the table,
``no-table`` (404), ``game-over`` (409) for a webhook at a finished table, ``bad-webhook``
(400) for an address the server may not call (:mod:`eighthalf.server.tables.addresses`),
``bad-json`` (400), ``too-large`` (413), ``unsupported-media-type`` (415). A refused request
changes nothing.

Deliveries are :mod:`eighthalf.server.tables.webhooks`'s; which seats are waiting,
:mod:`eighthalf.server.tables.waiting`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.accounts import Accounts
from eighthalf.server.storage.store import Store
from eighthalf.server.storage.webhooks import Webhook, Webhooks, webhooks_for
from eighthalf.server.tables.addresses import AddressRules
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.waiting import proven_seats, waiting_for
from eighthalf.server.tables.webhooks import Notifier, WebhookMeter, answer_of
from eighthalf.server.web.accounts import signed_in
from eighthalf.server.web.bodies import json_body, refusal
from eighthalf.server.web.review import seat_of_request

__all__ = ["MAX_BYDAY_BYTES", "RESOLVE_SECONDS", "byday_routes", "install_byday"]

MAX_BYDAY_BYTES: Final = 32 * 1024
"""The largest body of these endpoints (a list of 100 seats' claims fits)."""

RESOLVE_SECONDS: Final = 10.0
"""How long a webhook's host may take to resolve when it is given."""

_MAX_BASE: Final = 300


def _hooks(request: Request) -> Webhooks:
    hooks: Webhooks = request.app.state.webhooks
    return hooks


async def _seat(request: Request, *, playing: bool) -> tuple[str, int]:
    """The table's id and the seat of the request's token (``playing``: only while the game goes on).

    Raises:
        Refused: If there is no such table, no token or one that is no seat's, or the game is over.
    """
    lobby: Lobby = request.app.state.lobby
    table = await lobby.fetch(request.path_params["id"])
    try:
        seat = seat_of_request(request, table)
        if seat is None:
            raise Refused("bad-token", "a webhook is a seat's: send the seat's token (Authorization: Bearer)")
        if playing and table.over:
            raise Refused("game-over", "the game of this table is over: its seats are told nothing more")
        return table.id, seat
    finally:
        lobby.let_go(table)


async def put_webhook(request: Request) -> Response:
    """``POST /api/tables/{id}/webhook``: give the token's seat a webhook (in place of its old one)."""
    try:
        table_id, seat = await _seat(request, playing=True)
        body = await json_body(request, MAX_BYDAY_BYTES)
        if type(body) is not dict or set(body) != {"url"}:
            raise Refused("bad-json", 'expected {"url": "https://..."}')
        notifier: Notifier = request.app.state.notifier
        await notifier.check(body["url"], RESOLVE_SECONDS)
    except Refused as refused:
        return refusal(refused)
    base = str(request.base_url).rstrip("/")
    hook = Webhook(
        table=table_id,
        seat=seat,
        id=f"wh_{secrets.token_hex(8)}",
        url=body["url"],
        secret=f"whsec_{secrets.token_hex(24)}",
        base=base if len(base) <= _MAX_BASE else "",
        created=time.time(),
    )
    await asyncio.to_thread(_hooks(request).put, hook)
    return JSONResponse(answer_of(hook, secret=True), status_code=201, headers={"cache-control": "no-store"})


async def get_webhook(request: Request) -> Response:
    """``GET /api/tables/{id}/webhook``: the token's seat's webhook (without its secret), or ``null``."""
    try:
        table_id, seat = await _seat(request, playing=False)
    except Refused as refused:
        return refusal(refused)
    hook = await asyncio.to_thread(_hooks(request).get, table_id, seat)
    shown = None if hook is None else answer_of(hook, secret=False)
    return JSONResponse({"webhook": shown}, headers={"cache-control": "no-store"})


async def delete_webhook(request: Request) -> Response:
    """``DELETE /api/tables/{id}/webhook``: remove the token's seat's webhook."""
    try:
        table_id, seat = await _seat(request, playing=False)
    except Refused as refused:
        return refusal(refused)
    removed = await asyncio.to_thread(_hooks(request).remove, table_id, seat)
    return JSONResponse({"removed": removed})


async def your_games(request: Request) -> Response:
    """``POST /api/your-games``: of the seats whose tokens the body gives, the tables where that seat is to move."""
    lobby: Lobby = request.app.state.lobby
    try:
        body = await json_body(request, MAX_BYDAY_BYTES)
        if type(body) is not dict or set(body) != {"seats"}:
            raise Refused("bad-json", 'expected {"seats": [{"table": "...", "token": "..."}, ...]}')
        proven = proven_seats(lobby, body["seats"])
        try:
            account = await asyncio.to_thread(signed_in, request)  # a signed-in person's seats need no token
        except Refused:  # a session that ended: the seats of the tokens alone
            account = None
        if account is not None:
            proven |= set(await asyncio.to_thread(Accounts(lobby.store).seats_in_play, account.key))
        waiting = waiting_for(lobby, proven)
    except Refused as refused:
        return refusal(refused)
    return JSONResponse({"waiting": waiting, "count": len(waiting)}, headers={"cache-control": "no-store"})


def byday_routes() -> list[Any]:
    """The routes of this module's endpoints (Starlette's ``Route``)."""
    return [
        Route("/api/tables/{id}/webhook", put_webhook, methods=["POST"]),
        Route("/api/tables/{id}/webhook", get_webhook, methods=["GET"]),
        Route("/api/tables/{id}/webhook", delete_webhook, methods=["DELETE"]),
        Route("/api/your-games", your_games, methods=["POST"]),
    ]


def install_byday(app: Starlette, lobby: Lobby, store: Store, meter: WebhookMeter, rules: AddressRules) -> Notifier:
    """Set up the webhooks and "your games" of ``app``: this module's routes, the webhooks'
    store and rules on its ``state`` (``webhooks``, ``webhook_rules``, ``notifier``), the
    deliveries of every move ``lobby``'s tables commit, and their stop when the app stops."""
    notifier = Notifier(webhooks_for(store), rules, meter)
    lobby.committed = notifier.committed
    app.state.webhooks = notifier.hooks
    app.state.webhook_rules = rules
    app.state.notifier = notifier
    app.router.routes.extend(byday_routes())
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        async with inner(app):
            try:
                yield
            finally:
                await notifier.stop()

    app.router.lifespan_context = lifespan
    return notifier
