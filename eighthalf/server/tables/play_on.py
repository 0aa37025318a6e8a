"""Play on from here: a new table that starts where a finished game's review stands.

Once a table is over every card of its game is known, so any of its positions can be played
again: :func:`play_on` makes a new table whose record is the finished one's (the same deal,
rules and seed) with its first ``number`` moves already made, the person in the seat they
review and a bot in every other seat (the finished table's bot where it had one, else the
game's default bot). The new table says it is ``seeded`` (its deal and its seed are in the
finished record, for anyone to read) and where it comes from (``from``: the table and the move).
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Final

import attrs

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.formats.replay import replay_states
from eighthalf.server.protocol.games import check_name
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.store import StoredTable
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.seats import new_token, token_hash
from eighthalf.server.tables.table import Table

__all__ = ["PLAY_ON_KEYS", "play_on"]

PLAY_ON_KEYS: Final = frozenset({"move", "seat", "name"})
"""The keys of a play-on request: the position (the number of moves made), the seat, the person's name."""


def _checked(source: Table, data: object) -> tuple[int, int, str]:
    """The position, the seat and the name of a play-on request ``data``, checked.

    Raises:
        Refused: If ``source`` is not over (``not-finished``), or the request is not one
            (``bad-json``), names no position of the game that is not its end
            (``bad-position``), no seat (``bad-seat``) or no name (``bad-name``).
    """
    if not source.over:
        raise Refused("not-finished", "a game is played on from its review once it is over")
    if type(data) is not dict or set(data) != PLAY_ON_KEYS:
        raise Refused("bad-json", 'expected {"move": ..., "seat": ..., "name": "..."}')
    number, seat = data["move"], data["seat"]
    if type(number) is not int or not 0 <= number <= len(source.moves):
        raise Refused("bad-position", f"move: expected 0 to {len(source.moves)}, not {quote(number)}")
    if type(seat) is not int or not 0 <= seat < source.players:
        raise Refused("bad-seat", f"expected a seat from 0 to {source.players - 1}, not {quote(seat)}")
    try:
        name = check_name(data["name"])
    except EighthalfError as error:
        raise Refused("bad-name", str(error)) from None
    return number, seat, name


def play_on(lobby: Lobby, source: Table, data: object) -> tuple[Table, int, str]:
    """A new table of ``lobby`` from the position of the finished ``source`` that ``data``
    names (``{"move": n, "seat": s, "name": "..."}``): the table, the seat and its token.

    Raises:
        Refused: If the game goes on (``not-finished``), the request is not one
            (``bad-json``, ``bad-seat``, ``bad-name``), or its move is no position of the
            game, or one where the game is over (``bad-position``).
    """
    number, seat, name = _checked(source, data)
    moves = source.moves[:number]
    record: Any = source.record  # the deal, the rules and the seed, no move
    last = list(replay_states(attrs.evolve(record, moves=tuple(moves))))[-1]
    if source.game.to_move(last) is None:
        raise Refused("bad-position", f"the game is over after move {number}: nothing is left to play")
    entry = source.entry
    bots = [None if each == seat else (source.seats[each].bot or entry.default_bot) for each in range(source.players)]
    table_id = secrets.token_hex(6)
    while table_id in lobby.tables or lobby.store.load(table_id) is not None:
        table_id = secrets.token_hex(6)
    settings = {
        "bots": bots,
        "move_seconds": None,
        "timeout_bot": source.settings["timeout_bot"],
        "seeded": True,  # the deal and the seed are in the finished record, for anyone to read
        "hints": bool(source.settings.get("hints")),
        "from": {"table": source.id, "move": number},
    }
    now = time.time()
    lobby.store.create_table(
        StoredTable(
            id=table_id, game=source.entry.name, record=entry.records.dumps(record), settings=settings, created=now
        )
    )
    for at, move in enumerate(moves, 1):
        lobby.store.add_move(table_id, at, source.game.move_text(move))
    token = new_token()
    lobby.store.take_seat(table_id, seat, name, token_hash(token), when=now)
    return lobby.get(table_id), seat, token
