"""The review page's routes: a table's game move by move, as a chosen perspective saw it.

=======  ==============================  ====================================================
method   path                            what it does
=======  ==============================  ====================================================
GET      ``/table/{id}/review``          the review page (``static/review.html``)
GET      ``/api/tables/{id}/review``     the frames of every position from one perspective
                                         (:func:`~eighthalf.server.tables.review.review_document`)
GET      ``/api/tables/{id}/judgement``  where a finished table's judgement stands
                                         (:func:`~eighthalf.server.tables.review.judgement_data`)
=======  ==============================  ====================================================

``GET /api/tables/{id}/review`` takes ``perspective`` (a seat's number, ``spectator`` or
``all``; by default the requester's seat, else the spectators') and ``lang`` (the
narration's language). A seated person is known by their seat's token, sent as
``Authorization: Bearer <token>`` (never in the address, which logs and histories keep).
Once the table is over every perspective is open to anyone; while it is in play only the
token's seat is (``review-closed``, 403, otherwise).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from eighthalf.core.errors import quote
from eighthalf.core.i18n import LOCALES
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.judgements import Judgement
from eighthalf.server.tables.judge import Judge
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.review import SPECTATOR, judgement_data, perspective_of, review_document
from eighthalf.server.tables.table import Table
from eighthalf.server.web.accounts import seat_by_session
from eighthalf.server.web.boards import listing_locale
from eighthalf.server.web.bodies import refusal
from eighthalf.server.web.pages import accept_language

__all__ = ["bearer_token", "review_routes", "seat_of_request"]

_PAGE: Final = Path(__file__).parent.parent / "static" / "review.html"
"""The review page's file, among the browser client's."""


def bearer_token(request: Request) -> str | None:
    """The seat token of ``Authorization: Bearer <token>``, or ``None`` without one.

    Raises:
        Refused: If the header is there but not a bearer token (``bad-token``).
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused("bad-token", "Authorization is 'Bearer <the seat's token>'")
    return token.strip()


def seat_of_request(request: Any, table: Table) -> int | None:
    """The seat of the token of ``request`` (a Starlette request) at ``table``; without a
    token, the seat that the request's signed-in person holds there
    (:func:`~eighthalf.server.web.accounts.seat_by_session`), or ``None``.

    Raises:
        Refused: If the token is no seat's of the table (``bad-token``).
    """
    token = bearer_token(request)
    if token is None:
        return seat_by_session(request, table)
    seat: int | None = table.seat_of(token)
    if seat is None:
        raise Refused("bad-token", "no seat of this table has that token")
    return seat


async def review_page(request: Request) -> Response:
    """``GET /table/{id}/review``: the review page."""
    return FileResponse(_PAGE)


async def review_frames(request: Request) -> Response:
    """``GET /api/tables/{id}/review``: the frames of every position from one perspective."""
    lobby: Lobby = request.app.state.lobby
    params = request.query_params
    unknown = sorted(set(params) - {"perspective", "lang"})
    if unknown:
        return refusal(Refused("bad-query", f"unknown parameter {quote(unknown[0][:40])} (perspective, lang)"))
    lang = params.get("lang")
    if lang is not None and lang.split("-")[0].lower() not in LOCALES:
        return refusal(Refused("bad-query", f"lang: the pages are in {', '.join(LOCALES)}, not {quote(lang[:40])}"))
    locale = listing_locale(lang, accept_language(request.headers.get("accept-language")))
    try:
        table = await lobby.fetch(request.path_params["id"])
    except Refused as refused:
        return refusal(refused)
    try:
        await request.app.state.service.refresh(table)  # another process's latest moves, on a shared store
        seat = seat_of_request(request, table)
        text = params.get("perspective")
        perspective = (SPECTATOR if seat is None else seat) if text is None else perspective_of(text, table.players)
        judgement = await asyncio.to_thread(_judgement_of, request, table) if table.over else None
        document = review_document(table, perspective, seat, locale, judgement)
    except Refused as refused:
        return refusal(refused)
    finally:
        lobby.let_go(table)  # a finished table read for this review
    return JSONResponse(document, headers={"cache-control": "no-store", "vary": "Authorization, Accept-Language"})


def _judgement_of(request: Request, table: Any) -> Judgement | None:
    """The stored judgement of the finished ``table`` (the judge woken if it has none yet)."""
    judge: Judge = request.app.state.judge
    found = judge.judgements.get(table.id)
    if found is None:
        judge.wake_threadsafe()
    return found


async def judgement(request: Request) -> Response:
    """``GET /api/tables/{id}/judgement``: where a finished table's judgement stands (the page asks until it is done)."""
    lobby: Lobby = request.app.state.lobby
    params = request.query_params
    unknown = sorted(set(params) - {"lang"})
    if unknown:
        return refusal(Refused("bad-query", f"unknown parameter {quote(unknown[0][:40])} (lang)"))
    locale = listing_locale(params.get("lang"), accept_language(request.headers.get("accept-language")))
    table_id = request.path_params["id"]
    try:
        summary = lobby.summary(table_id)
    except Refused as refused:
        return refusal(refused)
    over = summary["abandoned"] or summary["result"] is not None
    if not over:
        return refusal(Refused("not-finished", "a table's moves are judged once its game is over"))
    judge: Judge = request.app.state.judge
    found = await asyncio.to_thread(judge.judgements.get, table_id)
    if found is None:
        judge.wake()
    return JSONResponse(judgement_data(found, locale), headers={"cache-control": "no-store"})


def review_routes() -> list[Any]:
    """The routes of the review page and its frames (Starlette's ``Route``)."""
    return [
        Route("/table/{id}/review", review_page),
        Route("/api/tables/{id}/review", review_frames),
        Route("/api/tables/{id}/judgement", judgement),
    ]
