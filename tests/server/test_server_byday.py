"""Games by the day (issue 40, item 6): clocks up to 14 days that run on across restarts, and your games.

Real ``eighthalf serve`` processes on loopback (SQLite, or PostgreSQL with
``EIGHTHALF_TEST_STORE=postgresql``): a clock of 14 days is accepted and a longer one refused;
a clock that ran out while the server was down moves on restart, and one that did not runs on
from its stored start; a long clock keeps its table from being ended as abandoned; "your games"
lists, of the seats whose tokens it is given, the tables where that seat is to move, and refuses
a malformed body; a database of layout 2 gains layout 3 on both stores. The webhooks' tests are
in ``test_server_webhooks.py``. Every wait is on an event (a frame), bounded only against hangs.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from postgres_support import new_database
from server_support import (
    ServerProcess,
    database_of,
    http,
    is_error,
    new_table,
    raw_socket,
    receive,
    say_hello,
    server_fixture,
    start_server,
    stop_server,
    take_seat,
)
from webhook_support import TWO_PEOPLE

from eighthalf.server.protocol.games import MAX_MOVE_SECONDS
from eighthalf.server.storage.store import SQLiteStore, StoredTable
from eighthalf.server.storage.webhooks import Webhook, webhooks_for

__all__ = ["server_fixture"]


# Clocks


def test_a_clock_of_14_days_is_accepted_and_one_past_it_refused(server: ServerProcess) -> None:
    assert MAX_MOVE_SECONDS == 14 * 24 * 3600
    table = new_table(server, {**TWO_PEOPLE, "move_seconds": 14 * 24 * 3600})
    assert table["move_seconds"] == 14 * 24 * 3600
    for refused in (14 * 24 * 3600 + 1, 15 * 24 * 3600):
        status, answer = http(server, "POST", "/api/tables", {**TWO_PEOPLE, "move_seconds": refused})
        assert status == 400 and is_error(answer, "bad-table"), answer
        assert "$.move_seconds" in answer["error"]["message"] and "1209600" in answer["error"]["message"]


def shift_back(db: str, tables: list[str], seconds: float) -> None:
    """Move the stored times of ``tables`` (touched, each move's) ``seconds`` into the past, as if
    the server had been down that long."""
    statements = [
        "UPDATE tables SET touched = touched - {s} WHERE id = {p}",
        "UPDATE moves SET made = made - {s} WHERE table_id = {p}",
    ]
    if db.startswith("postgresql"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as shared:
            for table in tables:
                for statement in statements:
                    shared.execute(statement.format(s="%s", p="%s"), (seconds, table))
        return
    local = sqlite3.connect(db)
    try:
        with local:
            for table in tables:
                for statement in statements:
                    local.execute(statement.format(s="?", p="?"), (seconds, table))
    finally:
        local.close()


async def person_to_move(server: ServerProcess, table: str) -> dict[str, Any]:
    """The first frame a spectator of ``table`` is sent in which seat 0, a person's, is to move."""
    async with raw_socket(server, table) as socket:
        _, state = await say_hello(socket, None)
        while not (state["type"] == "state" and state["started"] and state["to_move"] == 0):
            state = await receive(socket)
        return state


def test_a_clock_that_ran_out_while_the_server_was_down_moves_on_restart_and_one_that_did_not_runs_on(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        server = start_server(tmp_path)
        try:
            ran_out = new_table(server, {**TWO_PEOPLE, "seats": [None, "greedy"], "move_seconds": 3600})["id"]
            runs_on = new_table(server, {**TWO_PEOPLE, "seats": [None, "greedy"], "move_seconds": 3600})["id"]
            made = {}
            for table in (ran_out, runs_on):
                take_seat(server, table, 0, "Anna")
                made[table] = (await person_to_move(server, table))["number"]
        finally:
            stop_server(server)  # killed: down for the time shifted below
        shift_back(database_of(tmp_path), [ran_out], 2 * 3600)
        shift_back(database_of(tmp_path), [runs_on], 1000)
        server = start_server(tmp_path)
        try:
            async with raw_socket(server, ran_out) as socket:  # only the server's move for Anna can move it on
                _, state = await say_hello(socket, None)
                while state["type"] != "state" or state["number"] == made[ran_out]:
                    state = await receive(socket)
                if state["number"] == made[ran_out] + 1:
                    assert state["last"] == {"seat": 0, "move": state["last"]["move"], "timed_out": True}, state
            waiting = await person_to_move(server, runs_on)
            assert 3600 - 1000 - 60 < waiting["seconds_left"] <= 3600 - 1000, waiting
        finally:
            stop_server(server)

    asyncio.run(main())


def test_a_long_clock_keeps_a_table_from_being_ended_as_abandoned_before_two_of_its_moves_times() -> None:
    from eighthalf.server.protocol.games import table_spec
    from eighthalf.server.tables.lobby import Lobby, idle_after

    lobby = Lobby(SQLiteStore(":memory:"))
    daily = lobby.create(table_spec({**TWO_PEOPLE, "move_seconds": 3 * 24 * 3600}))
    quick = lobby.create(table_spec({**TWO_PEOPLE, "move_seconds": 60}))
    free = lobby.create(table_spec(TWO_PEOPLE))
    day = 24 * 3600.0
    assert idle_after(daily, day) == 6 * day and idle_after(quick, day) == day and idle_after(free, day) == day
    assert set(lobby.abandon_idle(daily.touched + 2 * day, day)) == {quick.id, free.id}
    assert daily.id in lobby.tables and not daily.over
    assert lobby.abandon_idle(daily.touched + 6 * day, day) == [daily.id]


# Your games


def test_your_games_lists_the_tables_where_the_proven_seat_is_to_move_and_nothing_for_a_wrong_token(
    server: ServerProcess,
) -> None:
    async def main() -> None:
        tables, claims = [], []
        for _ in range(3):
            table = new_table(server, {**TWO_PEOPLE, "seats": [None, "greedy"]})["id"]
            token = take_seat(server, table, 0, "Anna")
            await person_to_move(server, table)
            tables.append(table)
            claims.append({"table": table, "token": token})
        claims[2]["token"] = "ab" * 32  # no seat's token
        claims.append({"table": "no-such-table", "token": "cd" * 32})
        status, answer = http(server, "POST", "/api/your-games", {"seats": claims})
        assert status == 200, answer
        assert answer["count"] == 2 and {each["table"] for each in answer["waiting"]} == set(tables[:2])
        assert all(each["seat"] == 0 and each["link"] == f"/table/{each['table']}" for each in answer["waiting"])
        assert http(server, "POST", "/api/your-games", {"seats": []})[1] == {"waiting": [], "count": 0}

    asyncio.run(main())


@pytest.mark.parametrize(
    "body",
    [
        [],
        {"seats": "t1"},
        {"seats": [{"table": "t1"}]},
        {"seats": [{"table": "t1", "token": 5}]},
        {"seats": [{"table": "t1", "token": "x", "seat": 0}]},
        {"seats": [{"table": "t", "token": "x" * 129}]},
        {"seats": [{"table": "t", "token": "x"}] * 101},
        {"seats": [], "more": 1},
    ],
)
def test_your_games_refuses_a_malformed_body(server: ServerProcess, body: object) -> None:
    status, answer = http(server, "POST", "/api/your-games", body)
    assert status == 400 and is_error(answer, "bad-json"), answer


def test_your_games_takes_json_only_and_a_bounded_body(server: ServerProcess) -> None:
    status, answer = http(server, "POST", "/api/your-games", raw=b"seats=1", headers={"content-type": "text/plain"})
    assert status == 415 and is_error(answer, "unsupported-media-type")
    status, answer = http(server, "POST", "/api/your-games", raw=b"[" + b"0," * 40000 + b"0]")
    assert status == 413 and is_error(answer, "too-large")


def _layout_2(store: Any) -> None:
    """Take a layout-3 database back to layout 2: no webhooks, no time of each move."""
    statements = ["DROP TABLE webhooks", "ALTER TABLE moves DROP COLUMN made"]
    if isinstance(store, SQLiteStore):  # the rest of layout 3 too: SQLite's migration adds it without IF NOT EXISTS
        rest = ("queue", "rematches", "rematch_votes", "rated_games", "ratings", "sessions", "accounts", "judgements")
        statements += [f"DROP TABLE {table}" for table in rest]
        statements += [
            "DROP INDEX seats_account",
            "DROP INDEX seats_of_account",
            "ALTER TABLE seats DROP COLUMN account",
        ]
    last = "PRAGMA user_version=2" if isinstance(store, SQLiteStore) else "UPDATE eighthalf_layout SET version = 2"
    with store.transaction() as run:
        for statement in [*statements, last]:
            run(statement, ())


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_layout_2_database_gains_the_webhooks_and_the_moves_times_and_loses_nothing(
    tmp_path: Path, kind: str
) -> None:
    from eighthalf.server.storage.postgres import PostgresStore
    from eighthalf.server.storage.store import SCHEMA_VERSION

    def opened() -> Any:
        return SQLiteStore(str(tmp_path / "old.sqlite3")) if kind == "sqlite" else PostgresStore(url)

    url = new_database() if kind == "postgresql" else ""
    store = opened()
    store.create_table(StoredTable(id="t1", game="Eights", record="[Game]", settings={}, created=5.0))
    store.add_move("t1", 1, "pass")
    _layout_2(store)
    store.close()
    store = opened()  # brought up to date
    try:
        assert SCHEMA_VERSION == 3
        loaded = store.load("t1")
        assert loaded is not None and loaded.moves == ("pass",) and loaded.moved is None  # stored before layout 3
        store.add_move("t1", 2, "pass")
        loaded = store.load("t1")
        assert loaded is not None and loaded.moved is not None and loaded.moved > 5.0
        hooks = webhooks_for(store)
        hooks.put(Webhook("t1", 0, "wh_1", "https://hooks.example/x", "whsec_1", "", 6.0))
        assert hooks.of_table("t1") == [hooks.get("t1", 0)] and hooks.remove("t1", 0)
    finally:
        store.close()
