"""``POST /api/tables/{id}/play-on``: a new table from a position of a finished game's review.

The body is ``{"move": n, "seat": s, "name": "..."}``: the position (the number of moves
made), the seat the person takes and their name
(:func:`~eighthalf.server.tables.play_on.play_on`). The answer (201) is a join's
(``server.JoinAnswer``): the new table's seat, its token and the table page's link with the
token in its fragment, plus the new table's ``table`` id. Refused: ``not-finished`` (409)
while the game goes on, ``bad-position``, ``bad-seat``, ``bad-name`` and ``bad-json`` (400),
``no-table`` (404); a body not declared ``application/json`` (415) or too large (413).
"""

from __future__ import annotations

import json
import logging
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from eighthalf.server.protocol.messages import Refused
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.play_on import play_on
from eighthalf.server.tables.service import Service

__all__ = ["MAX_PLAY_ON_BYTES", "play_on_route"]

logger = logging.getLogger("eighthalf.server")

MAX_PLAY_ON_BYTES: Final = 1024
"""The largest body of a play-on request."""

_STATUS: Final = {"not-finished": 409, "no-table": 404, "unsupported-media-type": 415, "too-large": 413}


def _error(refused: Refused) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": refused.code, "message": str(refused)}}, status_code=_STATUS.get(refused.code, 400)
    )


async def _json(request: Request) -> Any:
    """The request's body: declared JSON (no other site's form can send it), at most :data:`MAX_PLAY_ON_BYTES`.

    Raises:
        Refused: If it is not (``unsupported-media-type``, ``too-large``, ``bad-json``).
    """
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise Refused("unsupported-media-type", f"a request body is application/json, not {media[:60] or 'none'}")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_PLAY_ON_BYTES:
            raise Refused("too-large", f"a play-on request has at most {MAX_PLAY_ON_BYTES} bytes")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused("bad-json", "the body is not a JSON document") from None


async def play_on_endpoint(request: Request) -> Response:
    """``POST /api/tables/{id}/play-on``: a new table from a position of a finished game."""
    lobby: Lobby = request.app.state.lobby
    service: Service = request.app.state.service
    try:
        body = await _json(request)
        source = await lobby.fetch(request.path_params["id"])
    except Refused as refused:
        return _error(refused)
    try:
        table, seat, token = play_on(lobby, source, body)
    except Refused as refused:
        return _error(refused)
    finally:
        lobby.let_go(source)  # a finished table read for this request
    service.claim(table)
    logger.info("table %s made from move %d of table %s", table.id, len(table.moves), source.id)
    return JSONResponse(
        {"table": table.id, "seat": seat, "token": token, "link": f"/table/{table.id}#token={token}"},
        status_code=201,
    )


def play_on_route() -> Any:
    """The route of ``POST /api/tables/{id}/play-on`` (Starlette's ``Route``)."""
    return Route("/api/tables/{id}/play-on", play_on_endpoint, methods=["POST"])
