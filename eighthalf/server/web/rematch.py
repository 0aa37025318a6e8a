"""``/api/tables/{id}/rematch`` and the websocket's ``rematch`` message: another game with the same seats.

``POST /api/tables/{id}/rematch`` with ``{"agree": true}`` (or ``false``: withdrawn) and the
seat's token as ``Authorization: Bearer <token>`` counts the seat's vote
(:func:`~eighthalf.server.tables.rematch.vote`); ``GET`` with or without the token says where
the rematch stands. Both answer a ``server.RematchAnswer``: the people's seats, those who
agreed, the new table's id once made, and for the token's seat its new ``seat``, ``token`` and
private ``link`` there. Refused: ``not-finished`` (409) while the game goes on,
``no-rematch`` (409) at a table ended as abandoned, ``rematched``, ``already-agreed`` and
``not-agreed`` (409), ``not-a-player`` (403) without a token, ``bad-token`` (401),
``no-table`` (404), ``bad-json`` (400), a body not declared ``application/json`` (415) or
too large (413), ``database-unavailable`` (503). The websocket's ``{"type": "rematch",
"agree": ...}`` is refused the same way, by an ``error`` frame.
"""

from __future__ import annotations

import logging
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.store import RematchState, StoreError
from eighthalf.server.tables import rematch
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.seats import Client
from eighthalf.server.tables.service import Service
from eighthalf.server.tables.table import Table
from eighthalf.server.web.bodies import json_body, refusal
from eighthalf.server.web.review import bearer_token

__all__ = ["MAX_REMATCH_BYTES", "rematch_answer", "rematch_by_message", "rematch_route", "told_on_attach"]

logger = logging.getLogger("eighthalf.server")

MAX_REMATCH_BYTES: Final = 256
"""The largest body of a rematch vote."""


async def _agree(request: Request) -> bool:
    """The vote of a request's body ``{"agree": true|false}``: declared JSON, at most :data:`MAX_REMATCH_BYTES`.

    Raises:
        Refused: If it is not (``unsupported-media-type``, ``too-large``, ``bad-json``).
    """
    body = await json_body(request, MAX_REMATCH_BYTES)
    if type(body) is not dict or set(body) != {"agree"} or type(body["agree"]) is not bool:
        raise Refused("bad-json", 'expected {"agree": true} or {"agree": false}')
    return bool(body["agree"])


def rematch_answer(table: Table, state: RematchState, token: str | None) -> dict[str, Any]:
    """The answer of ``/api/tables/{id}/rematch`` for the holder of ``token`` (``None``: anyone)."""
    seat = None if token is None else table.seat_of(token)
    mine = state.table is not None and seat is not None and token is not None
    new_token = rematch.rematch_token(token, table.id) if mine and token is not None else None
    link = None if state.table is None else f"/table/{state.table}"
    return {
        "table": table.id,
        "people": list(rematch.people(table)),
        "agreed": list(state.agreed),
        "rematch": state.table,
        "seat": rematch.new_seat(table, seat) if mine and seat is not None else None,
        "token": new_token,
        "link": link if new_token is None else f"{link}#token={new_token}",
    }


def _made(service: Service, table: Table, made: Table | None) -> None:
    """Drive the rematch ``made`` by this process's vote (on a shared store, its lease)."""
    if made is not None:
        service.claim(made)
        logger.info("table %s: its rematch is table %s", table.id, made.id)


async def rematch_endpoint(request: Request) -> Response:
    """``POST`` (a vote) and ``GET`` (where it stands) ``/api/tables/{id}/rematch``."""
    lobby: Lobby = request.app.state.lobby
    service: Service = request.app.state.service
    try:
        token = bearer_token(request)
        agree = await _agree(request) if request.method == "POST" else None
        table = await lobby.fetch(request.path_params["id"])
    except Refused as refused:
        return refusal(refused)
    try:
        await service.refresh(table)
        if agree is None:
            if token is not None and table.seat_of(token) is None:
                raise Refused("bad-token", "no seat of this table has that token")
            state = lobby.store.rematch_state(table.id)
        else:
            state, made = rematch.vote(lobby, table, token, agree)
            _made(service, table, made)
        return JSONResponse(rematch_answer(table, state, token), headers={"cache-control": "no-store"})
    except Refused as refused:
        return refusal(refused)
    except StoreError as error:
        logger.error("table %s: a rematch vote was not saved: %s", table.id, error)
        return refusal(Refused("database-unavailable", "the vote was not saved: the database does not answer"))
    finally:
        lobby.let_go(table)  # a finished table read for this request


async def rematch_by_message(state: Any, table: Table, client: Client, seat: int | None, agree: bool) -> None:
    """The websocket's ``rematch`` message of ``client`` (of ``seat``) at ``table`` (``state``: the application's).

    Raises:
        Refused: As the ``POST`` is refused.
    """
    lobby: Lobby = state.lobby
    if seat is None:
        raise Refused("not-a-player", "only the people seated at the table ask for a rematch, not a spectator")
    try:
        _, made = rematch.vote(lobby, table, table.tokens.get(client), agree)
    except StoreError as error:
        logger.error("table %s: a rematch vote was not saved: %s", table.id, error)
        raise Refused("database-unavailable", "the vote was not saved: the database does not answer") from None
    _made(state.service, table, made)


def told_on_attach(lobby: Lobby, table: Table, client: Client, seat: int | None) -> None:
    """Tell a connection that just began to follow a finished ``table`` where its rematch stands
    (the database away: not told now; the next vote tells it)."""
    if table.over and not table.abandoned:
        try:
            state = lobby.store.rematch_state(table.id)
        except StoreError as error:
            logger.warning("table %s: where its rematch stands is not read: %s", table.id, error)
            return
        rematch.tell(table, state, client, seat)


def rematch_route() -> Any:
    """The route of ``/api/tables/{id}/rematch`` (Starlette's ``Route``, ``GET`` and ``POST``)."""
    return Route("/api/tables/{id}/rematch", rematch_endpoint, methods=["GET", "POST"])
