"""Both stores behind one interface (issue 26, item 2): SQLite and a real PostgreSQL.

Each test runs on both stores, in this process: what the server needs of a store
(:class:`eighthalf.server.storage.store.Store`) behaves the same on each, including a move out of
order refused with nothing changed, and the layout version.
"""

from __future__ import annotations

import queue
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from postgres_support import new_database, url

from eighthalf.server.storage.accounts import Accounts
from eighthalf.server.storage.postgres import PostgresStore
from eighthalf.server.storage.store import (
    SCHEMA_VERSION,
    LeaseLost,
    MoveConflict,
    RematchState,
    SQLiteStore,
    Store,
    StoredTable,
    StoreError,
)

WAIT = 30.0
"""The longest wait for a notice (bounded only against a hang)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    opened: Store = (
        SQLiteStore(str(tmp_path / "t.sqlite3")) if request.param == "sqlite" else PostgresStore(new_database())
    )
    try:
        yield opened
    finally:
        opened.close()


def _table(table_id: str, created: float, game: str = "Eights") -> StoredTable:
    return StoredTable(id=table_id, game=game, record=f'[Game "{game}"]', settings={"bots": [None]}, created=created)


def test_a_table_its_seats_and_moves_round_trip(store: Store) -> None:
    store.create_table(_table("t1", 10.0))
    assert store.take_seat("t1", 0, "Anna", "ab" * 32, when=11.0) is True
    assert store.take_seat("t1", 0, "Ben", "cd" * 32, when=12.0) is False  # taken once
    store.add_move("t1", 1, "pass")
    store.add_move("t1", 2, "pass 5s", touched=13.0)
    loaded = store.load("t1")
    assert loaded is not None
    assert (loaded.game, loaded.record, loaded.settings, loaded.created) == (
        "Eights",
        '[Game "Eights"]',
        {"bots": [None]},
        10.0,
    )
    assert loaded.seats == ((0, "Anna", "ab" * 32),) and loaded.moves == ("pass", "pass 5s")
    assert loaded.touched == 13.0 and loaded.finished is None and loaded.summary is None
    assert store.load("nope") is None
    store.check()


def test_a_load_after_some_moves_reads_only_the_later_ones(store: Store) -> None:
    store.create_table(_table("t1", 10.0))
    assert store.take_seat("t1", 1, "Anna", "ab" * 32, when=11.0) is True
    for number, move in enumerate(("a", "b", "c"), 1):
        store.add_move("t1", number, move, touched=11.0 + number)
    for after, moves in ((0, ("a", "b", "c")), (1, ("b", "c")), (3, ()), (7, ())):
        loaded = store.load("t1", after=after)
        assert loaded is not None and loaded.moves == moves, after
        assert loaded.seats == ((1, "Anna", "ab" * 32),) and loaded.touched == 14.0
    assert store.load("nope", after=2) is None


def test_a_move_out_of_order_is_refused_and_changes_nothing(store: Store) -> None:
    store.create_table(_table("t1", 1.0))
    store.add_move("t1", 1, "a")
    for number in (1, 3):
        with pytest.raises(MoveConflict, match=f"move {number} follows move 1"):
            store.add_move("t1", number, "x", finished='[Result "0: 1-0"]', summary={"x": 1}, touched=99.0)
    loaded = store.load("t1")
    assert loaded is not None and loaded.moves == ("a",) and loaded.finished is None and loaded.touched == 1.0


def test_a_transaction_commits_on_leaving_and_undoes_everything_on_an_error(store: Store) -> None:
    store.create_table(_table("t1", 1.0))
    with pytest.raises(RuntimeError, match="undone"), store.transaction() as run:
        assert run("UPDATE tables SET touched = ? WHERE id = ?", (5.0, "t1")).rowcount == 1
        raise RuntimeError("undone")
    loaded = store.load("t1")
    assert loaded is not None and loaded.touched == 1.0
    with store.transaction() as run:
        run("UPDATE tables SET touched = ? WHERE id = ?", (6.0, "t1"))
        assert run("SELECT touched FROM tables WHERE id = ?", ("t1",)).fetchall() == [(6.0,)]
    loaded = store.load("t1")
    assert loaded is not None and loaded.touched == 6.0


def test_a_transaction_of_a_closed_sqlite_store_is_a_store_error(tmp_path: Path) -> None:
    """SQLite's only: PostgreSQL's store connects again (tests/server/test_server_outage.py)."""
    store = SQLiteStore(str(tmp_path / "t.sqlite3"))
    store.close()  # the database goes away (the readiness check and the queue's stop meet this)
    with pytest.raises(StoreError, match="the database"), store.transaction() as run:
        run("SELECT 1", ())


def test_the_last_move_the_finished_record_and_summary_are_stored_together(store: Store) -> None:
    store.create_table(_table("t1", 1.0))
    store.add_move("t1", 1, "a", finished="the record", summary={"id": "t1", "moves": 1, "name": "Zoë"})
    loaded = store.load("t1")
    assert (
        loaded is not None
        and loaded.finished == "the record"
        and loaded.summary == {"id": "t1", "moves": 1, "name": "Zoë"}
    )
    assert store.table_ids(unfinished=True) == [] and store.table_ids() == ["t1"]
    store.create_table(_table("t2", 2.0))
    store.finish("t2", "abandoned record", {"abandoned": True})
    store.create_table(_table("t3", 3.0))
    store.finish("t3", "old record")  # as a layout-1 database left it: no summary, then one
    store.set_summary("t3", {"moves": 0})
    loaded = store.load("t3")
    assert loaded is not None and loaded.summary == {"moves": 0}


def test_the_list_is_newest_first_paged_and_filtered(store: Store) -> None:
    for number in range(7):
        store.create_table(_table(f"t{number}", float(number // 2), "8½" if number % 3 == 0 else "Eights"))
    store.finish("t5", "r", {"id": "t5"})
    every = store.list_tables(limit=50)
    assert [listed.id for listed in every] == ["t6", "t5", "t4", "t3", "t2", "t1", "t0"]  # by time, then id
    assert [listed.finished for listed in every] == [False, True, False, False, False, False, False]
    assert every[1].summary == {"id": "t5"} and every[0].summary is None
    first = store.list_tables(limit=3)
    rest = store.list_tables(limit=50, before=(first[-1].created, first[-1].id))
    assert [listed.id for listed in first + rest] == [listed.id for listed in every]
    assert [listed.id for listed in store.list_tables(limit=50, game="8½")] == ["t6", "t3", "t0"]
    assert [listed.id for listed in store.list_tables(limit=50, finished=True)] == ["t5"]
    assert len(store.list_tables(limit=50, finished=False)) == 6


def test_a_lease_is_one_process_s_and_only_its_holder_commits_a_driven_move(store: Store) -> None:
    store.create_table(_table("t1", 1.0))
    store.create_table(_table("t2", 2.0))
    store.finish("t2", "over")
    assert store.take_lease("t1", "a", 5.0) is True
    assert store.leases("a", 5.0) == ["t1"]  # renewed; a finished table has none
    store.add_move("t1", 1, "x", driver="a")
    if not store.shared:  # one process serves the database, and holds every lease
        assert store.take_lease("t1", "b", 5.0) is True and store.leases("b", 5.0) == ["t1"]
        store.add_move("t1", 2, "y", driver="b")
        store.release_leases("b")
        return
    assert isinstance(store, PostgresStore)
    assert store.take_lease("t1", "b", 5.0) is False and store.leases("b", 5.0) == []  # a holds it
    with pytest.raises(LeaseLost, match="no longer drives it"):
        store.add_move("t1", 2, "y", driver="b")
    store.add_move("t1", 2, "y")  # a person's move: through any process
    assert store.take_lease("t1", "a", 0.0) is True  # renewed to expire at once: then anyone may take it
    assert store.leases("b", 5.0) == ["t1"]
    with pytest.raises(LeaseLost):
        store.add_move("t1", 3, "z", driver="a")
    store.add_move("t1", 3, "z", driver="b")
    assert store.drivers("t1") == ["a", None, "b"]
    store.release_leases("b")  # stopping: a may take it at once
    assert store.take_lease("t1", "a", 5.0) is True
    loaded = store.load("t1")
    assert loaded is not None and loaded.moves == ("x", "y", "z")


def test_every_commit_is_heard_by_every_listener(store: Store) -> None:
    heard: queue.Queue[dict[str, Any]] = queue.Queue()
    store.listen(heard.put)
    if store.shared:  # listening: what came before is to be read again
        assert heard.get(timeout=WAIT) == {"resync": True}
    store.create_table(_table("t1", 1.0))
    store.create_table(_table("t2", 2.0))
    store.take_seat("t1", 0, "Anna", "ab" * 32, when=3.0)
    store.take_seat("t1", 0, "Ben", "cd" * 32, when=3.5)  # not taken: nothing to hear
    store.add_move("t1", 1, "pass", touched=4.0)
    store.finish("t2", "abandoned", {"abandoned": True})
    if not store.shared:
        assert heard.empty()  # nobody else changes a SQLite database
        return
    changes = [heard.get(timeout=WAIT) for _ in range(3)]
    assert changes == [
        {"table": "t1", "seat": 0, "name": "Anna", "token_hash": "ab" * 32, "touched": 3.0},
        {"table": "t1", "number": 1, "move": "pass", "driven": False, "touched": 4.0},
        {"table": "t2", "finished": True},
    ]
    with pytest.raises(StoreError, match="listens already"):
        store.listen(heard.put)


def test_a_postgresql_database_carries_its_layout_and_a_newer_one_is_refused() -> None:
    pytest.importorskip("psycopg")
    import psycopg

    database = new_database()
    PostgresStore(database).close()
    PostgresStore(database).close()  # opening again changes nothing
    with psycopg.connect(database, autocommit=True) as connection:
        assert connection.execute("SELECT version FROM eighthalf_layout").fetchall() == [(SCHEMA_VERSION,)]
        connection.execute("UPDATE eighthalf_layout SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match=f"layout {SCHEMA_VERSION + 1}, newer than this release's {SCHEMA_VERSION}"):
        PostgresStore(database)


def test_a_postgresql_database_that_cannot_be_reached_is_one_error_without_its_password() -> None:
    unreachable = url("no_such_database").replace("postgresql://", "postgresql://someone:secret@", 1)
    with pytest.raises(StoreError, match="cannot reach the database") as error:
        PostgresStore(unreachable)
    assert "secret" not in str(error.value)


@pytest.mark.parametrize(("synchronous", "setting"), [("normal", "off"), ("full", "on")])
def test_a_postgresql_store_commits_as_sync_says(synchronous: str, setting: str) -> None:
    """``--sync normal``: a commit survives the game server being killed (PostgreSQL has it);
    ``full``: it is on disk first, as SQLite's modes."""
    store = PostgresStore(new_database(), synchronous=synchronous)
    try:
        assert store._db.execute("SHOW synchronous_commit").fetchone() == (setting,)
    finally:
        store.close()
    with pytest.raises(StoreError, match="synchronous must be 'normal' or 'full'"):
        PostgresStore(new_database(), synchronous="sometimes")


def test_rematch_votes_make_the_new_table_once_every_person_agreed(store: Store) -> None:
    store.create_table(_table("old", 1.0))
    for seat, name in ((0, "Anna"), (2, "Ben")):
        assert store.take_seat("old", seat, name, f"{seat}" * 64)
    child = StoredTable(id="new", game="Eights", record="r", settings={"parent": "old"}, created=2.0)

    def vote(seat: int, token: str | None) -> tuple[str, RematchState]:
        return store.vote_rematch("old", seat, token, people=(0, 2), child=child, seating=((0, 1), (2, 0)))

    assert store.rematch_state("old") == RematchState()
    assert vote(0, None) == ("not-agreed", RematchState())
    assert vote(0, "a" * 64) == ("agreed", RematchState((0,)))
    assert vote(0, "b" * 64) == ("already-agreed", RematchState((0,)))
    assert store.load("new") is None
    assert vote(0, None) == ("withdrawn", RematchState())
    assert vote(2, "c" * 64) == ("agreed", RematchState((2,)))
    assert vote(0, "d" * 64) == ("made", RematchState((0, 2), "new"))
    made = store.load("new")
    assert made is not None and made.settings == {"parent": "old"} and made.moves == ()
    assert made.seats == ((0, "Ben", "c" * 64), (1, "Anna", "d" * 64))  # each person's name, their vote's token
    for seat, token in ((0, "e" * 64), (2, None)):  # once made, nothing changes
        assert vote(seat, token) == ("rematched", RematchState((0, 2), "new"))
    assert store.rematch_state("old") == RematchState((0, 2), "new") and store.table_ids() == ["old", "new"]


def test_a_rematch_keeps_each_signed_in_persons_seat_theirs(store: Store) -> None:
    """The new table's seats stay the accounts' (a rated table's rematch rates them; their devices find them)."""
    store.create_table(_table("old", 1.0))
    assert store.take_seat("old", 0, "Anna", "0" * 64, account="anna")
    assert store.take_seat("old", 1, "Ben", "1" * 64)  # a guest
    child = StoredTable(id="new", game="Eights", record="r", settings={"parent": "old", "rated": True}, created=2.0)
    for seat in (0, 1):
        store.vote_rematch("old", seat, f"{seat + 2}" * 64, people=(0, 1), child=child, seating=((0, 1), (1, 0)))
    accounts = Accounts(store)
    assert accounts.seat_of("new", "anna") == 1 and accounts.seats_in_play("anna") == [("new", 1), ("old", 0)]


def test_a_layout_2_sqlite_database_opens_with_its_tables_and_takes_rematch_votes(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:  # layout 2 as the release before wrote it: no rematch tables
        old.executescript(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, record TEXT NOT NULL,"
            " settings TEXT NOT NULL, created REAL NOT NULL, finished TEXT, summary TEXT, touched REAL);"
            "CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,"
            " name TEXT NOT NULL, token_hash TEXT NOT NULL, PRIMARY KEY (table_id, seat));"
            "CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL,"
            " move TEXT NOT NULL, PRIMARY KEY (table_id, number));"
            "INSERT INTO tables VALUES ('t1', 'Eights', 'r', '{}', 1.0, 'done', '{}', 1.0);"
            "INSERT INTO seats VALUES ('t1', 0, 'Anna', 'ab');"
            "PRAGMA user_version = 2;"
        )
    old.close()
    store = SQLiteStore(str(path))
    try:
        loaded = store.load("t1")
        assert loaded is not None and loaded.seats == ((0, "Anna", "ab"),) and loaded.finished == "done"
        child = StoredTable(id="t2", game="Eights", record="r", settings={}, created=2.0)
        assert store.vote_rematch("t1", 0, "x", people=(0,), child=child, seating=((0, 0),))[0] == "made"
    finally:
        store.close()
    with sqlite3.connect(path) as again:
        assert again.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
    again.close()


def test_a_layout_2_postgresql_database_gets_the_rematch_tables() -> None:
    pytest.importorskip("psycopg")
    import psycopg

    database = new_database()
    store = PostgresStore(database)
    store.close()
    with psycopg.connect(database, autocommit=True) as connection:  # back to layout 2: no rematch tables
        connection.execute("DROP TABLE rematches")
        connection.execute("DROP TABLE rematch_votes")
        connection.execute("UPDATE eighthalf_layout SET version = 2")
    store = PostgresStore(database)
    try:
        store.create_table(_table("t1", 1.0))
        assert store.take_seat("t1", 0, "Anna", "ab")
        child = StoredTable(id="t2", game="Eights", record="r", settings={}, created=2.0)
        assert store.vote_rematch("t1", 0, "x", people=(0,), child=child, seating=((0, 0),))[0] == "made"
    finally:
        store.close()
    with psycopg.connect(database, autocommit=True) as connection:
        assert connection.execute("SELECT version FROM eighthalf_layout").fetchall() == [(SCHEMA_VERSION,)]
