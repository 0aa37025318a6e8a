"""A server bounded by what is live (issue 26, item 1), and its database's layout migrations.

A finished table is not loaded or replayed at start, nor held once nobody follows it: its
summary and record are read from the store when asked. The lobby list is paged (newest
first, an opaque cursor in a ``Link`` header) and filtered. A database of layout 1 (the
first release's, kept as ``fixtures/layout1.sqlite3``, made with it on 2026-11-27) opens
with this release and loses nothing.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import sqlite3
from http.client import HTTPConnection
from pathlib import Path
from typing import Any, Final

import pytest
from postgres_support import STORE
from server_support import ServerProcess, http, is_error, new_table, raw_socket, say_hello, start_server, stop_server

from eighthalf.games.eighthalf import records as eighthalf_records
from eighthalf.games.eights.records import loads as eights_loads
from eighthalf.server.protocol.games import table_spec
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.store import SCHEMA_VERSION, SQLiteStore
from eighthalf.server.tables.lobby import Lobby

FIXTURE: Final = Path(__file__).parent / "fixtures" / "layout1.sqlite3"
"""A database made by the first release's server: a finished game of Eights (32 moves, seat 1
Anna's), an 8½ round of three seats with 3 moves played (seats 0 Ben and 2 Cy), and an open
two-round match of 8½."""
FINISHED: Final = "eaa9965b643f"
UNFINISHED: Final = "c3afa4c7dbcb"
OPEN: Final = "9e9dfad26112"
BEN: Final = "AsieLmcUll78bmHLXC6_Qk2WFRA1O1Py"  # seat 0 of UNFINISHED


def _get(server: ServerProcess, path: str) -> tuple[int, Any, str | None]:
    """GET ``path``: the status, the JSON body and the ``Link`` header."""
    connection = HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, json.loads(response.read()), response.getheader("link")
    finally:
        connection.close()


def _pages(server: ServerProcess, path: str) -> list[list[dict[str, Any]]]:
    """Every page of the list from ``path`` on, following the ``Link`` headers."""
    pages: list[list[dict[str, Any]]] = []
    next_path: str | None = path
    while next_path is not None:
        status, page, link = _get(server, next_path)
        assert status == 200, page
        pages.append(page)
        found = re.fullmatch(r'<(/api/tables\?[^>]+)>; rel="next"', link) if link else None
        assert link is None or found, link
        next_path = found.group(1) if found else None
        assert len(pages) <= 100, "the pages do not end"
    return pages


@pytest.fixture
def layout1(tmp_path: Path) -> Path:
    """A copy of the layout-1 fixture, where :func:`start_server` looks for its database."""
    directory = tmp_path / "server"
    directory.mkdir()
    shutil.copyfile(FIXTURE, directory / "tables.sqlite3")
    return directory


SQLITE_FILE: Final = pytest.mark.skipif(
    STORE == "postgresql", reason="a SQLite file's own layout (PostgreSQL's: tests/server/test_store_conformance.py)"
)


@SQLITE_FILE
def test_a_layout_1_database_opens_and_loses_nothing(layout1: Path) -> None:
    with sqlite3.connect(FIXTURE) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (1,)
    server = start_server(layout1)
    try:
        (page,) = _pages(server, "/api/tables")
        assert {summary["id"] for summary in page} == {FINISHED, UNFINISHED, OPEN}
        finished = http(server, "GET", f"/api/tables/{FINISHED}")[1]
        assert finished["moves"] == 32 and finished["to_move"] is None and finished["result"] is not None
        assert finished["seats"][1]["name"] == "Anna" and finished["game"] == "Eights"
        record = eights_loads(http(server, "GET", f"/api/tables/{FINISHED}/record")[1])
        assert len(record.moves) == 32 and record.result == finished["result"]["text"]
        assert dict(record.tags)["Names"] == "greedy (bot), Anna"
        document = http(server, "GET", f"/api/tables/{FINISHED}/record.json")[1]
        assert document["type"] == "eights.Record" and len(document["moves"]) == 32
        unfinished = http(server, "GET", f"/api/tables/{UNFINISHED}")[1]
        assert unfinished["moves"] == 3 and unfinished["started"] and unfinished["seats"][0]["name"] == "Ben"
        assert http(server, "GET", f"/api/tables/{OPEN}")[1]["seats"][0]["open"] is True

        async def reconnect() -> dict[str, Any]:
            async with raw_socket(server, UNFINISHED) as socket:
                welcome, state = await say_hello(socket, BEN)
                assert welcome["seat"] == 0
                return state

        assert asyncio.run(reconnect())["number"] == 3  # Ben's token still holds his seat
    finally:
        stop_server(server)
    with sqlite3.connect(layout1 / "tables.sqlite3") as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        stored = raw.execute("SELECT summary FROM tables WHERE id = ?", (FINISHED,)).fetchone()[0]
    assert json.loads(stored)["moves"] == 32  # the summary asked for is stored: not replayed again


@SQLITE_FILE
def test_a_database_of_a_newer_layout_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "newer.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(Exception, match=f"layout {SCHEMA_VERSION + 1}, newer than this release's {SCHEMA_VERSION}"):
        SQLiteStore(str(path))


def test_a_finished_table_is_neither_restored_nor_kept(tmp_path: Path) -> None:
    store = SQLiteStore(str(tmp_path / "tables.sqlite3"))
    spec = table_spec({"game": "Eights", "players": 2, "seats": ["greedy", "random"], "pace": 0, "seed": 4})

    async def play() -> tuple[str, str]:
        lobby = Lobby(store)
        finished = lobby.create(spec)
        live = lobby.create(table_spec({"game": "Eights", "players": 2, "seats": [None, "greedy"]}))
        while not finished.over:
            task = finished._task  # the next bot move, waited on
            assert task is not None
            await task
        assert set(lobby.tables) == {live.id}  # let go once over, as nobody follows it
        assert lobby.summary(finished.id) == {**finished.summary(), "spectators": 0}
        return finished.id, live.id

    finished_id, live_id = asyncio.run(play())
    again = Lobby(store)

    async def restore() -> None:
        assert again.restore() == 1 and set(again.tables) == {live_id}
        summary = again.summary(finished_id)
        assert summary["to_move"] is None and summary["moves"] > 0
        assert finished_id not in again.tables  # read from the store, not replayed
        table = again.get(finished_id)  # a connection wants to watch it: replayed, held while followed
        assert table.over and finished_id in again.tables
        again.let_go(table)
        assert finished_id not in again.tables

    asyncio.run(restore())


def test_the_list_is_paged_newest_first_and_filtered(tmp_path: Path) -> None:
    server = start_server(tmp_path / "server")
    try:
        made = [new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"]})["id"] for _ in range(5)]
        made += [new_table(server, {"game": "8½", "players": 2, "seats": [None, "random"]})["id"] for _ in range(2)]
        pages = _pages(server, "/api/tables?limit=2")
        assert [len(page) for page in pages] == [2, 2, 2, 1]
        listed = [summary["id"] for page in pages for summary in page]
        assert listed == made[::-1]  # newest first, each once
        eights = _pages(server, "/api/tables?limit=3&game=eights")
        assert [summary["id"] for page in eights for summary in page] == made[4::-1]
        assert [len(page) for page in eights] == [3, 2]
        assert [s["id"] for s in _pages(server, "/api/tables?game=8.5&status=open")[0]] == made[:4:-1]
        assert _pages(server, "/api/tables?status=finished") == [[]]
        assert _pages(server, "/api/tables?status=playing") == [[]]
        for bad in ("limit=0", "limit=201", "limit=x", "status=won", "game=chess", "cursor=nope", "page=2"):
            status, answer, _ = _get(server, f"/api/tables?{bad}")
            assert status == 400 and is_error(answer, "bad-query"), (bad, answer)
    finally:
        stop_server(server)


class _Closed:
    """A connection that notes how it was closed."""

    def __init__(self) -> None:
        self.closed: tuple[int, str] | None = None
        self.frames: list[dict[str, Any]] = []

    def deliver(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_a_table_no_person_touched_for_the_set_time_is_ended_as_abandoned(tmp_path: Path) -> None:
    store = SQLiteStore(str(tmp_path / "tables.sqlite3"))
    day = 24 * 3600.0

    async def scenario() -> tuple[str, str, float]:  # the ids, and when the busy table was made
        lobby = Lobby(store)
        idle = lobby.create(table_spec({"game": "8½", "players": 3, "seats": [None, "greedy", None], "seed": 2}))
        busy = lobby.create(table_spec({"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 5}))
        watcher = _Closed()
        idle.attach(watcher, None)
        made = idle.touched
        assert lobby.abandon_idle(made + day - 1, day) == []  # not yet
        busy.touched = made + day  # a person's move a day later (as Table.play notes it)
        assert lobby.abandon_idle(made + day, day) == [idle.id]
        assert watcher.closed == (1000, "abandoned")
        # ended: its open seats are no longer given, nothing is stored, and no frame offers a move
        with pytest.raises(Refused) as refused:
            idle.join(0, "Ben")
        assert refused.value.code == "game-over" and "abandoned" in str(refused.value)
        stored = store.load(idle.id)
        assert idle.seats[0].token_hash is None and stored is not None and stored.seats == ()
        assert idle.frame_parts().to_move is None and idle.summary()["to_move"] is None
        idle.detach(watcher, None)  # as the closed connection's handler does: nobody follows it now
        assert idle.id not in lobby.tables and busy.id in lobby.tables
        return idle.id, busy.id, busy.created

    idle_id, busy_id, busy_made = asyncio.run(scenario())
    summary = Lobby(store).summary(idle_id)
    assert summary["abandoned"] is True and summary["to_move"] is None and summary["result"] is None
    stored = store.load(idle_id)
    assert stored is not None and stored.finished is not None
    tags = dict(eighthalf_records.loads(stored.finished).tags)
    assert tags["Termination"] == "abandoned" and '[Result "*"]' in stored.finished
    again = Lobby(store)

    async def restart() -> None:
        assert again.restore() == 1 and set(again.tables) == {busy_id}  # the abandoned one stays ended
        assert again.tables[busy_id].touched == busy_made  # as stored (made): a restart does not reset it
        watched = again.get(idle_id)
        assert watched.over and watched.abandoned and watched.summary()["abandoned"] is True
        again.let_go(watched)

    asyncio.run(restart())
