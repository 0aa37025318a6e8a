"""Accounts, sessions and ratings in both stores (issue 40, items 1 to 3): SQLite and a real PostgreSQL.

Each test runs on both stores, in this process, as the store conformance tests do; the kill
test runs the rated end in a child process and kills it (SIGKILL) at each moment of it.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres_support import new_database

from eighthalf.server.players.model import MU, SIGMA, Rating, bot_player, rated_end, rating_of
from eighthalf.server.storage.accounts import Account, Accounts, StoredRating, transaction
from eighthalf.server.storage.postgres import PostgresStore
from eighthalf.server.storage.store import (
    SCHEMA_VERSION,
    MoveConflict,
    SQLiteStore,
    Store,
    StoredTable,
    StoreError,
)

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0
"""The longest wait for a child process (bounded only against a hang)."""


def _open(kind: str, where: Path) -> Store:
    return SQLiteStore(str(where / "t.sqlite3")) if kind == "sqlite" else PostgresStore(new_database())


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    opened = _open(request.param, tmp_path)
    try:
        yield opened
    finally:
        opened.close()


def _rated_table(store: Store, table_id: str = "t1", people: tuple[str, ...] = ("anna", "ben")) -> None:
    """A rated table of three seats: the people of ``people`` (their accounts made) and a greedy bot."""
    accounts = Accounts(store)
    bots = [None] * len(people) + ["greedy"]
    store.create_table(
        StoredTable(id=table_id, game="Eights", record="[Game]", settings={"bots": bots, "rated": True}, created=1.0)
    )
    for seat, key in enumerate(people):
        accounts.create(Account(key, key.title(), "$argon2id$x", 1.0))
        assert store.take_seat(table_id, seat, key.title(), f"{seat:02d}" * 32, account=key)


def test_an_account_its_sessions_and_its_ends(store: Store) -> None:
    accounts = Accounts(store)
    assert accounts.create(Account("anna", "Anna", "$argon2id$1", 1.0)) is True
    assert accounts.create(Account("anna", "ANNA", "$argon2id$2", 2.0)) is False  # one key: nothing changes
    assert accounts.get("anna") == Account("anna", "Anna", "$argon2id$1", 1.0)
    accounts.add_session("h1", "anna", 10.0, 100.0)
    accounts.add_session("h2", "anna", 11.0, 50.0)
    assert accounts.session("h1", 20.0) == accounts.get("anna")
    assert accounts.session("h2", 50.0) is None  # expired at its end
    assert accounts.session("forged", 20.0) is None
    accounts.end_session("h1")
    assert accounts.session("h1", 20.0) is None
    accounts.add_session("h3", "anna", 12.0, 100.0)
    assert accounts.end_sessions("", now=60.0) == 1  # the expired one, h2
    assert accounts.end_sessions("anna") == 1 and accounts.session("h3", 20.0) is None
    accounts.add_session("h4", "anna", 12.0, 100.0)
    assert accounts.set_disabled("anna", True) and accounts.session("h4", 20.0) is None
    assert accounts.set_passphrase("anna", "$argon2id$3") and accounts.get("anna").passphrase == "$argon2id$3"  # type: ignore[union-attr]
    assert not accounts.set_passphrase("nobody", "$argon2id$3") and not accounts.delete("nobody")
    assert accounts.delete("anna") and accounts.get("anna") is None


def test_one_account_takes_one_seat_of_a_table(store: Store) -> None:
    Accounts(store).create(Account("anna", "Anna", "$argon2id$1", 1.0))
    store.create_table(StoredTable(id="t1", game="Eights", record="[Game]", settings={"bots": [None] * 3}, created=1.0))
    assert store.take_seat("t1", 0, "Anna", "ab" * 32, account="anna")
    assert not store.take_seat("t1", 1, "Anna", "cd" * 32, account="anna")  # the account's second seat: refused
    assert store.take_seat("t1", 2, "Anna", "ef" * 32)  # a guest of the same name may sit
    loaded = store.load("t1")
    assert loaded is not None and [seat for seat, _, _ in loaded.seats] == [0, 2]
    assert Accounts(store).seat_of("t1", "anna") == 0


def test_a_rated_end_is_written_with_the_last_move_and_once(store: Store) -> None:
    _rated_table(store)
    store.add_move("t1", 1, "a")
    store.add_move(
        "t1",
        2,
        "b",
        finished="record",
        summary={"result": None},
        then=rated_end("t1", "Eights", [None, None, "greedy"], [2, 1, 3]),
    )
    for _ in range(2):  # the same end again, as another process would commit it: refused, nothing written
        with pytest.raises(MoveConflict):
            store.add_move(
                "t1", 2, "b", finished="record", then=rated_end("t1", "Eights", [None, None, "greedy"], [2, 1, 3])
            )
    anna, ben = rating_of(store, "anna", "Eights"), rating_of(store, "ben", "Eights")
    assert (anna.games, anna.wins, ben.games, ben.wins) == (
        1,
        0,
        1,
        1,
    ) and ben.mu > anna.mu > MU  # second of three: above the bot
    assert (
        Accounts(store).rating(bot_player("greedy"), "Eights") is None
    )  # a bot's rating is never written by a person's game
    with transaction(store) as execute:
        assert execute("SELECT player, place FROM rated_games ORDER BY player", ()) == [("anna", 2), ("ben", 1)]


def test_a_bots_rating_is_held_fixed_and_taken_as_given(store: Store) -> None:
    _rated_table(store, people=("anna",))
    strong = StoredRating(bot_player("greedy"), "Eights", 40.0, 1.0, 100, 90, 37.0, 1.0)
    Accounts(store).set_rating(strong)
    store.add_move("t1", 1, "a", finished="record", then=rated_end("t1", "Eights", [None, "greedy"], [1, 2]))
    assert Accounts(store).rating(bot_player("greedy"), "Eights") == strong
    beaten_a_strong_bot = rating_of(store, "anna", "Eights").mu
    _rated_table(store, "t2", people=())
    store.take_seat("t2", 0, "Anna", "ff" * 32, account="anna")
    weak = rated_end("t2", "Eights", [None, "random"], [1, 2])  # a bot without a ladder rating: a new one
    store.add_move("t2", 1, "a", finished="record", then=weak)
    assert rating_of(store, "anna", "Eights").games == 2 and beaten_a_strong_bot - MU > 5


def test_an_error_in_the_rated_end_undoes_the_move(store: Store) -> None:
    _rated_table(store)

    def fails(execute: object) -> None:
        raise StoreError("the ratings could not be written")

    with pytest.raises(StoreError, match="could not be written"):
        store.add_move("t1", 1, "a", finished="record", then=fails)
    loaded = store.load("t1")
    assert loaded is not None and loaded.moves == () and loaded.finished is None


def test_the_leaderboard_is_paged_and_its_newcomers_apart(store: Store) -> None:
    accounts = Accounts(store)
    for number in range(7):
        games = 5 if number < 5 else 2
        accounts.set_rating(StoredRating(f"p{number}", "Eights", 30.0 - number, 1.0, games, 1, 27.0 - number, 1.0))
    first = accounts.board("Eights", limit=2, newcomers=False, least_games=5)
    assert [rating.player for rating in first] == ["p0", "p1"]
    after = (first[-1].shown, first[-1].player)
    rest = accounts.board("Eights", limit=10, newcomers=False, least_games=5, after=after)
    assert [rating.player for rating in rest] == ["p2", "p3", "p4"]
    assert accounts.ahead("Eights", newcomers=False, least_games=5, after=after) == 2  # page 2 starts at place 3
    assert accounts.ahead("Eights", newcomers=False, least_games=5, after=None) == 0
    assert [rating.player for rating in accounts.board("Eights", limit=10, newcomers=True, least_games=5)] == [
        "p5",
        "p6",
    ]
    assert accounts.board("8½ round", limit=10, newcomers=False, least_games=5) == []


def test_accounts_and_ratings_move_between_stores(tmp_path: Path) -> None:
    source, target = SQLiteStore(str(tmp_path / "a.sqlite3")), PostgresStore(new_database())
    try:
        accounts = Accounts(source)
        accounts.create(Account("zoë", "Zoë", "$argon2id$v=19$z", 3.0, disabled=True))
        accounts.set_rating(StoredRating("zoë", "8½ round", 27.5, 4.25, 6, 2, 14.75, 9.0))
        rows = [json.loads(json.dumps(row)) for row in accounts.export_rows()]
        for row in rows:
            Accounts(target).import_row(row)
        assert Accounts(target).get("zoë") == accounts.get("zoë")
        assert Accounts(target).ratings_of("zoë") == accounts.ratings_of("zoë")
        with pytest.raises(StoreError, match="not an exported account or rating"):
            Accounts(target).import_row({"account": {"key": "x"}})
    finally:
        source.close()
        target.close()


def test_a_layout_2_database_is_brought_to_layout_3_and_keeps_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    raw = sqlite3.connect(path)
    raw.executescript((Path(__file__).parent / "fixtures" / "layout-2.sql").read_text(encoding="utf-8"))
    raw.execute(
        "INSERT INTO tables (id, game, record, settings, created) VALUES ('t1', 'Eights', 'r', '{\"bots\": [null]}', 1.0)"
    )
    raw.execute("INSERT INTO seats VALUES ('t1', 0, 'Anna', 'ab')")
    raw.execute("PRAGMA user_version=2")
    raw.commit()
    raw.close()
    store = SQLiteStore(str(path))
    try:
        loaded = store.load("t1")
        assert loaded is not None and loaded.seats == ((0, "Anna", "ab"),)
        assert Accounts(store).create(Account("anna", "Anna", "h", 1.0))
    finally:
        store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
    raw.close()


def test_a_postgresql_database_of_layout_2_is_brought_to_layout_3() -> None:
    psycopg = pytest.importorskip("psycopg")
    from eighthalf.server.storage.postgres import _SCHEMA as POSTGRES_LAYOUT_2

    database = new_database()
    with psycopg.connect(database, autocommit=True) as connection:
        for statement in POSTGRES_LAYOUT_2:
            connection.execute(statement)
        connection.execute("CREATE TABLE eighthalf_layout (version INTEGER NOT NULL)")
        connection.execute("INSERT INTO eighthalf_layout VALUES (2)")
        connection.execute("INSERT INTO tables (id, game, record, settings, created) VALUES ('t1', 'E', 'r', '{}', 1)")
        connection.execute("INSERT INTO seats (table_id, seat, name, token_hash) VALUES ('t1', 0, 'Anna', 'ab')")
    store = PostgresStore(database)
    try:
        assert Accounts(store).create(Account("anna", "Anna", "h", 1.0))
        assert store.take_seat("t1", 1, "Anna", "cd", account="anna")
    finally:
        store.close()
    with psycopg.connect(database, autocommit=True) as connection:
        assert connection.execute("SELECT version FROM eighthalf_layout").fetchall() == [(3,)]


_CHILD = textwrap.dedent(
    """
    import os, sys, time
    from eighthalf.server.players.model import rated_end
    from eighthalf.server.storage.postgres import PostgresStore, is_postgresql_url
    from eighthalf.server.storage.store import SQLiteStore

    db, hook = sys.argv[1], sys.argv[2]
    store = PostgresStore(db) if is_postgresql_url(db) else SQLiteStore(db)
    write = rated_end("t1", "Eights", [None, None, "greedy"], [2, 1, 3])

    def then(execute):
        if hook == "before-ratings":
            print("at the hook", flush=True); time.sleep(60)
        write(execute)
        if hook == "after-ratings":
            print("at the hook", flush=True); time.sleep(60)

    if hook == "before-move":
        print("at the hook", flush=True); time.sleep(60)
    store.add_move("t1", 1, "a", finished="record", then=then)
    print("at the hook", flush=True)  # after the commit
    time.sleep(60)
    """
)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
@pytest.mark.parametrize("hook", ["before-move", "before-ratings", "after-ratings", "after-commit"])
def test_a_kill_at_any_moment_of_a_rated_end_leaves_each_rating_once_or_not_at_all(
    kind: str, hook: str, tmp_path: Path
) -> None:
    store = _open(kind, tmp_path)
    try:
        _rated_table(store)
        db = str(tmp_path / "t.sqlite3") if kind == "sqlite" else store.url  # type: ignore[attr-defined]
    finally:
        store.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen(
        [sys.executable, "-c", _CHILD, db, hook], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    ) as child:
        try:
            assert child.stdout is not None
            line = child.stdout.readline()  # blocks until the child is at its hook (or dies: then it is empty)
            child.send_signal(signal.SIGKILL)
        finally:
            _, errors = child.communicate(timeout=WAIT)  # after the kill: the pipes are read to their end and closed
        assert line == b"at the hook\n", errors
        assert child.returncode == -signal.SIGKILL
    store = PostgresStore(db) if kind == "postgresql" else SQLiteStore(db)
    try:
        loaded = store.load("t1")
        assert loaded is not None
        committed = hook == "after-commit"
        assert (loaded.finished is not None) is committed and loaded.moves == (("a",) if committed else ())
        for player in ("anna", "ben"):
            assert rating_of(store, player, "Eights").games == int(committed)
        if not committed:  # the restarted server makes the move again: rated once, then no more
            store.add_move(
                "t1", 1, "a", finished="record", then=rated_end("t1", "Eights", [None, None, "greedy"], [2, 1, 3])
            )
            assert [rating_of(store, player, "Eights").games for player in ("anna", "ben")] == [1, 1]
        assert rating_of(store, "nobody", "Eights") == Rating(MU, SIGMA)
    finally:
        store.close()
