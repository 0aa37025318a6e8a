"""Your games: the tables where it is a person's turn, among the seats they prove they hold.

Without accounts a person proves a seat by its token (the browser keeps the tokens of the
seats it joined): :func:`proven_seats` checks each claimed token against its table and
answers the (table, seat) pairs it proved, and :func:`waiting_for` answers, of proven pairs,
those whose seat is to move. The two are apart so that another proof (a signed-in account's
seats) gives :func:`waiting_for` its pairs the same way.

Only the tables in play are looked at: each process holds them all in memory
(:class:`~eighthalf.server.tables.lobby.Lobby`), so no claim reads the database, and a claim
of a finished or unknown table, or with a token that is no seat's, is left out without a word
(a browser's list may hold old seats).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any, Final

from eighthalf.server.protocol.messages import Refused
from eighthalf.server.tables.lobby import Lobby

__all__ = ["MAX_CLAIMS", "proven_seats", "waiting_for"]

MAX_CLAIMS: Final = 100
"""The most seats one request may claim."""

_MAX_ID: Final = 64
_MAX_TOKEN: Final = 128


def proven_seats(lobby: Lobby, claims: object) -> set[tuple[str, int]]:
    """The (table id, seat) pairs whose token ``claims`` gives, each claim ``{"table": id, "token": token}``.

    Raises:
        Refused: If ``claims`` is not a list of at most :data:`MAX_CLAIMS` such objects (``bad-json``).
    """
    if type(claims) is not list or len(claims) > MAX_CLAIMS:
        raise Refused("bad-json", f'expected "seats": a list of at most {MAX_CLAIMS} {{"table", "token"}} objects')
    proven: set[tuple[str, int]] = set()
    for index, claim in enumerate(claims):
        if (
            type(claim) is not dict
            or set(claim) != {"table", "token"}
            or type(claim["table"]) is not str
            or type(claim["token"]) is not str
            or not 0 < len(claim["table"]) <= _MAX_ID
            or not 0 < len(claim["token"]) <= _MAX_TOKEN
        ):
            raise Refused("bad-json", f'$.seats[{index}]: expected {{"table": "...", "token": "..."}}')
        table = lobby.tables.get(claim["table"])
        if table is None or table.over:
            continue
        seat = table.seat_of(claim["token"])
        if seat is not None:
            proven.add((table.id, seat))
    return proven


def waiting_for(lobby: Lobby, proven: Iterable[tuple[str, int]]) -> list[dict[str, Any]]:
    """Of the ``proven`` (table id, seat) pairs, the tables in play where that seat is to move,
    the longest waiting first: each its ``table``, ``seat``, ``game``, ``moves`` made,
    ``seconds_left`` (``null``: no clock), the seats' ``names`` and the page's ``link``."""
    found = []
    now = time.time()
    for table_id, seat in set(proven):
        table = lobby.tables.get(table_id)
        if table is None or table.over or not table.started or table.game.to_move(table.state) != seat:
            continue
        found.append(
            {
                "table": table.id,
                "seat": seat,
                "game": table.entry.name,
                "moves": len(table.moves),
                "seconds_left": None if table.deadline is None else max(0.0, round(table.deadline - now, 1)),
                "names": table.names(),
                "link": f"/table/{table.id}",
                "since": table.turn_began,
            }
        )
    return sorted(found, key=lambda each: (each["since"], each["table"]))
