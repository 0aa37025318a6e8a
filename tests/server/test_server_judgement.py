"""The judgement of finished tables in the background (issue 38, item 4): stored, resumed, done once.

- The queue in the database (:mod:`eighthalf.server.storage.judgements`): a judgement is
  claimed by one owner; a claim not renewed is claimed again, and its old owner's reports
  and result are refused; a SQLite database opened again queues what was running.
- A real server judges a finished table and the review gives it; a server killed mid-way
  (``kill -9``) leaves it claimed, and the next start resumes it to the end.
- Two processes on one PostgreSQL database: one of them judges the table, once.
- During play nothing is judged and the judgement is refused (``not-finished``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import pytest
from server_support import (
    WAIT_SECONDS,
    ServerProcess,
    http,
    new_table,
    open_store,
    start_server,
    stop_server,
)

from eighthalf.analysis.document import loads
from eighthalf.server.storage.judgements import judgements_for
from eighthalf.server.storage.postgres import PostgresStore
from eighthalf.server.storage.store import SQLiteStore, StoredTable

SETTINGS: Final = {"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "pace": 0, "seed": 3}
"""A game of bots alone, over in a moment."""

POLL_SECONDS: Final = 0.1
"""How often a test asks the server again while it waits on it (bounded by ``WAIT_SECONDS`` in all)."""


def _until(what: Callable[[], Any], seconds: float = WAIT_SECONDS * 4) -> Any:
    """``what()`` once it is true, asked again and again (at most ``seconds`` in all)."""
    for _ in range(int(seconds / POLL_SECONDS)):
        found = what()
        if found:
            return found
        time.sleep(POLL_SECONDS)
    raise AssertionError(f"still not so after {seconds:g} s")


def _finished_table(server: ServerProcess) -> str:
    table_id = str(new_table(server, SETTINGS)["id"])
    _until(lambda: http(server, "GET", f"/api/tables/{table_id}")[1]["result"] is not None)
    return table_id


def _judgement(server: ServerProcess, table_id: str) -> dict[str, Any]:
    status, answer = http(server, "GET", f"/api/tables/{table_id}/judgement")
    assert status == 200, answer
    return dict(answer)


def test_the_queue_gives_a_judgement_to_one_owner_at_a_time(tmp_path: Path) -> None:
    path = str(tmp_path / "queue.sqlite3")
    store = SQLiteStore(path)
    store.create_table(StoredTable(id="t1", game="Eights", record="", settings={}, created=1.0))
    judgements = judgements_for(store)
    assert judgements.enqueue_finished(2.0) == 0  # not finished: not judged
    store.finish("t1", "record", None)
    assert judgements.enqueue_finished(3.0) == 1 and judgements.enqueue_finished(4.0) == 0
    assert judgements.claim("A", 5.0, stale=60) == "t1"
    assert judgements.claim("B", 6.0, stale=60) is None  # A holds it
    assert judgements.report("t1", "A", 1, 4, 7.0) and not judgements.report("t1", "B", 1, 4, 7.0)
    assert judgements.claim("B", 100.0, stale=60) == "t1"  # A's claim was not renewed for 60 s
    assert not judgements.report("t1", "A", 2, 4, 101.0)
    assert not judgements.finish("t1", "A", 102.0, document="{}", error=None)
    found = judgements.get("t1")
    assert found is not None and (found.status, found.owner, found.runs, found.done) == ("running", "B", 2, 0)
    store.close()
    again = SQLiteStore(path)  # one process serves a SQLite file: what was running is queued again
    found = judgements_for(again).get("t1")
    assert found is not None and (found.status, found.owner) == ("queued", None)
    assert judgements_for(again).finish("t1", "B", 103.0, document="{}", error=None) is False
    again.close()


def test_a_finished_table_is_judged_and_nothing_is_judged_during_play(tmp_path: Path) -> None:
    server = start_server(tmp_path / "server", "--judge-budget", "4")
    try:
        playing = new_table(server, {**SETTINGS, "seats": [None, "greedy"]})
        status, answer = http(server, "GET", f"/api/tables/{playing['id']}/judgement")
        assert status == 409 and answer["error"]["code"] == "not-finished"
        table_id = _finished_table(server)
        done = _until(lambda: (found := _judgement(server, table_id))["status"] == "done" and found)
        moves = http(server, "GET", f"/api/tables/{table_id}")[1]["moves"]
        assert [each["number"] for each in done["decisions"]] == list(range(1, moves + 1))
        assert done["budget"] == 4 and [each["seat"] for each in done["summaries"]] == [0, 1]
        status, review = http(server, "GET", f"/api/tables/{table_id}/review")
        assert status == 200 and review["judgement"] == done
        status, french = http(server, "GET", f"/api/tables/{table_id}/judgement?lang=fr")
        assert french["decisions"][0]["text"].startswith("Coup 1")
    finally:
        stop_server(server)


def test_a_judgement_cut_short_by_a_killed_server_is_resumed_at_the_next_start(tmp_path: Path) -> None:
    directory = tmp_path / "server"
    server = start_server(directory, "--judge-budget", "400")  # seconds a decision: killed while it works
    try:
        table_id = _finished_table(server)
        _until(lambda: (found := _judgement(server, table_id))["status"] == "running" and found["done"] >= 1)
    finally:
        stop_server(server)  # kill -9, mid-way
    store = open_store(directory)
    try:
        cut = judgements_for(store).get(table_id)
        assert cut is not None and cut.document is None and cut.runs == 1
    finally:
        store.close()
    server = start_server(directory, "--judge-budget", "3")
    try:
        done = _until(lambda: (found := _judgement(server, table_id))["status"] == "done" and found)
        assert done["budget"] == 3 and done["done"] == done["total"] > 0
    finally:
        stop_server(server)
    store = open_store(directory)
    try:
        found = judgements_for(store).get(table_id)
        assert found is not None and found.runs == 2 and found.document is not None
        assert loads(found.document).budget == 3
    finally:
        store.close()


def test_two_processes_on_one_postgresql_database_judge_a_table_once(tmp_path: Path) -> None:
    postgres = pytest.importorskip("postgres_support")
    db = postgres.new_database()
    servers = [start_server(tmp_path / f"server{n}", "--judge-budget", "4", db=db) for n in range(2)]
    try:
        owners = {http(server, "GET", "/readyz")[1]["process"] for server in servers}
        tables = [_finished_table(servers[n % 2]) for n in range(4)]
        _until(lambda: all(_judgement(servers[0], table_id)["status"] == "done" for table_id in tables))
        shared = PostgresStore(db)
        try:
            found = [judgements_for(shared).get(table_id) for table_id in tables]
        finally:
            shared.close()
        assert all(each is not None and each.runs == 1 and each.owner in owners for each in found), found
    finally:
        for server in servers:
            stop_server(server)
