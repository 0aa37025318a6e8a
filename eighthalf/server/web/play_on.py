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

import logging
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from eighthalf.server.protocol.messages import Refused
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.play_on import play_on
from eighthalf.server.tables.service import Service
from eighthalf.server.web.bodies import json_body, refusal

__all__ = ["MAX_PLAY_ON_BYTES", "play_on_route"]

logger = logging.getLogger("eighthalf.server")

MAX_PLAY_ON_BYTES: Final = 1024
"""The largest body of a play-on request."""


async def play_on_endpoint(request: Request) -> Response:
    """``POST /api/tables/{id}/play-on``: a new table from a position of a finished game."""
    lobby: Lobby = request.app.state.lobby
    service: Service = request.app.state.service
    try:
        body = await json_body(request, MAX_PLAY_ON_BYTES)
        source = await lobby.fetch(request.path_params["id"])
    except Refused as refused:
        return refusal(refused)
    try:
        table, seat, token = play_on(lobby, source, body)
    except Refused as refused:
        return refusal(refused)
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
