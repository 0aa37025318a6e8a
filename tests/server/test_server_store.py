"""The server's store and table settings, in-process: what a crash between two writes could
leave, and the tables the server refuses to run for ever."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from eighthalf.errors import DocumentError
from eighthalf.records import loads, replay
from eighthalf.server.protocol.games import table_spec
from eighthalf.server.storage.store import SQLiteStore, StoredTable, StoreError
from eighthalf.server.tables.lobby import Lobby

BOTS_ONLY = {
    "game": "8½",
    "players": 2,
    "seats": ["greedy", "random"],
    "pace": 0,
    "seed": 3,
    "rules": {"move_limit": 200},
}


def _play_to_the_end(store: SQLiteStore) -> str:
    """Play a table of :data:`BOTS_ONLY` to its end in a lobby on ``store``: its id."""

    async def main() -> str:
        table = Lobby(store).create(table_spec(BOTS_ONLY))
        for _ in range(BOTS_ONLY["rules"]["move_limit"] + 1):  # type: ignore[index]
            if table.over:
                return table.id
            task = table._task  # the next bot move: waited on, however long the machine takes
            assert task is not None, "a table of bots whose game goes on has a bot move pending"
            await task
        raise AssertionError("the game did not end within its move limit (E7)")

    return asyncio.run(main())


def test_the_last_move_and_the_finished_record_are_one_transaction(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.sqlite3")
    store = SQLiteStore(db)
    table_id = _play_to_the_end(store)
    stored = store.load(table_id)
    assert stored is not None and stored.finished is not None
    record = loads(stored.finished)
    assert [str(move) for move in record.moves] == list(stored.moves)
    *_, last = replay(record)  # the stored record replays to its result
    assert last.over and record.result != "*"
    assert store.table_ids(unfinished=True) == []


def test_a_restart_marks_a_finished_game_that_was_stored_apart(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.sqlite3")
    store = SQLiteStore(db)
    table_id = _play_to_the_end(store)
    store.close()
    with sqlite3.connect(db) as raw:  # as a server killed between the last move and the record left it
        raw.execute("UPDATE tables SET finished = NULL")
    again = SQLiteStore(db)
    assert again.table_ids(unfinished=True) == [table_id]
    lobby = Lobby(again)

    async def restore() -> int:
        return lobby.restore()

    assert asyncio.run(restore()) == 0  # finished: marked so, and not held in memory
    assert again.table_ids(unfinished=True) == [] and lobby.tables == {}
    stored = again.load(table_id)
    assert stored is not None and stored.finished is not None and stored.summary is not None
    assert stored.summary["to_move"] is None and stored.summary["result"] is not None


def test_a_move_out_of_order_is_refused_by_the_store(tmp_path: Path) -> None:
    store = SQLiteStore(str(tmp_path / "tables.sqlite3"))
    table_id = _play_to_the_end(store)
    moves = len(store.load(table_id).moves)  # type: ignore[union-attr]
    with pytest.raises(StoreError, match=f"move {moves + 2} follows move {moves}"):
        store.add_move(table_id, moves + 2, "c")
    assert len(store.load(table_id).moves) == moves  # type: ignore[union-attr]


def test_a_table_of_bots_only_gets_a_move_limit_and_a_pace_by_default_E7() -> None:
    alone = table_spec({"game": "8½", "seats": ["greedy", "greedy"]})
    assert alone.rules.move_limit == 1000 and alone.pace == 1.0  # bots alone end (E7), at a pace people can watch
    assert (
        table_spec({"game": "8½", "seats": ["greedy", "greedy"], "rules": {"move_limit": None}}).rules.move_limit
        == 1000
    )
    person = table_spec({"game": "8½", "seats": ["greedy", None]})
    assert person.rules.move_limit is None and person.pace == 0.0  # a person ends it, and is not kept waiting
    chosen = table_spec({"game": "8½", "seats": ["greedy", "greedy"], "rules": {"move_limit": 500}, "pace": 0})
    assert chosen.rules.move_limit == 500 and chosen.pace == 0.0 and chosen.bots == ("greedy", "greedy")
    assert table_spec({"game": "8½", "seats": ["greedy", None], "pace": 2.5}).pace == 2.5
    for pace in (-1, 61, "1", True, None, 1e309):
        with pytest.raises(DocumentError, match=r"\$\.pace: expected 0 to 60 seconds"):
            table_spec({"game": "8½", "seats": ["greedy", "greedy"], "pace": pace})
    assert table_spec({"game": "Eights", "seats": ["greedy", "greedy"]}).bots == ("greedy", "greedy")  # WH3


def test_a_sqlite_store_asked_inside_its_own_transaction_refuses_rather_than_waits_for_itself() -> None:
    store = SQLiteStore(":memory:")
    store.create_table(StoredTable(id="t1", game="Eights", record="", settings={}, created=1.0))
    with pytest.raises(StoreError, match="inside its own transaction"), store.transaction() as run:
        run("UPDATE tables SET touched = ? WHERE id = ?", (5.0, "t1"))
        store.load("t1")  # its lock is not reentrant: once, this waited for ever
    loaded = store.load("t1")
    assert loaded is not None and loaded.touched == 1.0  # and the transaction was undone
    store.close()
