"""Hints: the best moves of a seat's turn, from its view, at the tables made with hints on.

``POST /api/tables/{id}/hint`` (no body; the seat's token as ``Authorization: Bearer <token>``,
which no page of another site can send, or the session cookie of the account that holds the
seat, which a browser sends to no other site's ``POST``: ``SameSite=Lax``) answers the best moves of the token's seat in the current
position (``server.HintAnswer``): :func:`eighthalf.analysis.analyse` of the seat's own view
(:meth:`~eighthalf.server.tables.table.Table.view`), so that a hint can tell nothing the seat
could not see. The analysis runs in a worker thread (the event loop never waits for it), at
most :data:`HINTS_AT_ONCE` at once in a process, each at the server's ``--judge-budget``
play-outs a move; a position's hint is worked out once and kept until the next move.

A table is made with hints on by its creator (``"hints": true``, off by default); the lobby
shows it and the finished record carries a ``Hints`` tag. Anywhere else a hint is refused:
``no-hints`` (403) at a table without hints, without a token, or after the game;
``bad-token`` (401) for a token no seat has; ``not-your-turn`` (409) when the seat is not to
move, or the game has not started.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from eighthalf.analysis.analyse import analyse
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.tables.judge import Judge
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.table import Table
from eighthalf.server.web.bodies import refusal
from eighthalf.server.web.review import seat_of_request

__all__ = ["HINTS_AT_ONCE", "HINT_MOVES", "hint_answer", "hint_route"]

HINTS_AT_ONCE: Final = 2
"""The most hints one process works out at once (more wait their turn)."""

HINT_MOVES: Final = 5
"""The most moves a hint names, best first."""

_slots: dict[int, asyncio.Semaphore] = {}  # by event loop: the hints worked out at once
_kept: weakref.WeakKeyDictionary[Table, tuple[int, dict[str, Any]]] = weakref.WeakKeyDictionary()
"""Each table's last hint, by the number of moves made then (a table gone from memory, its hint goes)."""


def _checked_seat(request: Request, table: Table) -> int:
    """The seat that may have a hint now: the token's, at a table with hints, on its turn.

    Raises:
        Refused: If no hint may be given here (``no-hints``, ``bad-token``, ``not-your-turn``).
    """
    if not table.settings.get("hints"):
        raise Refused("no-hints", "this table was made without hints")
    seat = seat_of_request(request, table)
    if seat is None:
        raise Refused("no-hints", "a hint is for a seated person: send the seat's token (Authorization: Bearer)")
    if table.over:
        raise Refused("no-hints", "the game is over: its review judges every move")
    if not table.started or table.game.to_move(table.state) != seat:
        raise Refused("not-your-turn", f"a hint is for the seat to move, and seat {seat} is not")
    return seat


def hint_answer(table_id: str, game: Any, seen: Any, number: int, budget: int) -> dict[str, Any]:
    """The hint of the seat of ``seen``, its view after ``number`` moves of ``game`` at table
    ``table_id``: its best moves, analysed from that view alone with ``budget`` play-outs a
    move and the seed ``number`` (so the same view gives the same hint)."""
    found = analyse(game, seen, budget=budget, seed=number)
    return {
        "table": table_id,
        "seat": found.seat,
        "number": number,
        "budget": budget,
        "moves": [
            {
                "move": each.move,
                "chance": round(each.chance, 4),
                "chance_se": round(each.chance_se, 4),
                "loss": round(each.loss, 4),
            }
            for each in found.moves[:HINT_MOVES]
        ],
    }


async def hint(request: Request) -> Response:
    """``POST /api/tables/{id}/hint``: the best moves of the token's seat, from its view."""
    lobby: Lobby = request.app.state.lobby
    judge: Judge = request.app.state.judge
    try:
        table = await lobby.fetch(request.path_params["id"])
    except Refused as refused:
        return refusal(refused)
    try:
        seat = _checked_seat(request, table)
        number = len(table.moves)
        kept = _kept.get(table)
        if kept is not None and kept[0] == number:
            answer = kept[1]
        else:
            seen = table.view(seat)  # made here, on the event loop, as the table's frames make it
            slots = _slots.setdefault(id(asyncio.get_running_loop()), asyncio.Semaphore(HINTS_AT_ONCE))
            async with slots:
                answer = await asyncio.to_thread(hint_answer, table.id, table.game, seen, number, judge.budget)
            _kept[table] = (number, answer)  # only the current position's hint is kept
    except Refused as refused:
        return refusal(refused)
    finally:
        lobby.let_go(table)
    return JSONResponse(answer, headers={"cache-control": "no-store"})


def hint_route() -> Any:
    """The route of ``POST /api/tables/{id}/hint`` (Starlette's ``Route``)."""
    return Route("/api/tables/{id}/hint", hint, methods=["POST"])
