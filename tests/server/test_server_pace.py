"""A table of bots alone that people can watch (issue 40, item 7): a move limit by default, and a pace.

- A table of bots alone is made, not refused: 8½ gets a move limit of 1,000 moves (E7) when
  its creator sets none, and every table of bots alone a pace of a second between moves.
- The pace is the table's wait before each bot's move: checked with an injected clock (the
  table's ``sleep``), so no test waits on the wall clock; the wait holds nothing up (the
  server answers meanwhile).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import attrs
import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

from server_support import (
    http,
    new_table,
    open_store,
    quiet_until_pong,
    raw_socket,
    say_hello,
    start_server,
    stop_server,
)

from eighthalf.registry import RegistryError, find, register
from eighthalf.server.protocol.games import table_spec
from eighthalf.server.storage.store import SQLiteStore
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.table import Table


@pytest.mark.parametrize(("game", "pace"), [("8½", 2.5), ("Eights", 1.0), ("8½", 0.0)])
def test_each_bot_move_waits_the_tables_pace_first(game: str, pace: float) -> None:
    async def main() -> tuple[list[tuple[float, int]], Table]:
        lobby = Lobby(SQLiteStore(":memory:"))
        rules = {"move_limit": 12} if game == "8½" else {"target": 10}
        table = lobby.create(table_spec({"game": game, "seats": ["greedy", "random"], "rules": rules, "pace": pace}))
        slept: list[tuple[float, int]] = []
        done = asyncio.Event()

        async def clock(seconds: float) -> None:  # the injected clock: notes each wait, waits for nothing
            slept.append((seconds, len(table.moves)))
            await asyncio.sleep(0)

        table.sleep = clock  # before the first bot's move runs: it was only scheduled
        let_go = table.released
        assert let_go is not None

        def released(each: Table) -> None:
            if each.over:
                done.set()
            let_go(each)

        table.released = released
        await asyncio.wait_for(done.wait(), 60)
        return slept, table

    slept, table = asyncio.run(main())
    assert table.over and table.moves
    if pace:  # a wait of the pace before each move, none after the last
        assert slept == [(pace, number) for number in range(len(table.moves))]
    else:
        assert slept == []  # pace 0: at once


def test_a_table_of_8_half_bots_alone_is_made_with_a_move_limit_and_watched_at_its_pace(tmp_path: Path) -> None:
    server = start_server(tmp_path / "server")
    try:
        made = new_table(server, {"game": "8½", "players": 3, "seats": ["greedy", "search", "random"]})
        assert made["rules"]["move_limit"] == 1000 and made["started"]
        slow = new_table(server, {"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "pace": 60})

        async def watch() -> None:  # the pace's wait holds nothing up: the server answers meanwhile
            async with raw_socket(server, slow["id"]) as socket:
                _, state = await say_hello(socket, None)
                assert state["number"] == 0
                await quiet_until_pong(socket)

        asyncio.run(watch())
        status, summary = http(server, "GET", f"/api/tables/{slow['id']}")
        assert status == 200 and summary["moves"] == 0  # the first bot waits its minute
        store = open_store(tmp_path / "server")
        try:
            settings = {table: store.load(table).settings for table in (made["id"], slow["id"])}  # type: ignore[union-attr]
        finally:
            store.close()
        assert settings[made["id"]]["pace"] == 1.0 and settings[slow["id"]]["pace"] == 60.0
        status, listing = http(server, "GET", "/api/games?lang=fr")  # each bot's words, from its game's registry entry
        words = {game["name"]: game["bot_words"] for game in listing}
        assert (
            status == 200
            and words["8½"]["greedy"] == "rapide, débutant"
            and set(words["Eights"])
            == {
                "random",
                "greedy",
                "search",
                "ismcts",
                "prospect",
            }
        )
        status, answer = http(server, "POST", "/api/tables", {"game": "8½", "seats": ["greedy", "greedy"], "pace": -1})
        assert status == 400 and answer["error"]["code"] == "bad-table" and "$.pace" in answer["error"]["message"]
    finally:
        stop_server(server)


def test_words_on_a_bot_the_game_does_not_have_are_refused() -> None:
    eights = find("eights")
    with pytest.raises(RegistryError, match="the words on the bot 'deep blue' name none of the game's bots"):
        register(attrs.evolve(eights, bot_words={**eights.bot_words, "deep blue": "strongest"}))
