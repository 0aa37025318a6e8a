"""The database away (a PostgreSQL restarting) as an operator meets it: every request and
move refused with one typed error (``database-unavailable``), the connections kept, the
bots' moves tried again, and everything as before once the database is back.

The outage is made in the process: the store's methods raise :class:`StoreError`, as
:class:`~eighthalf.server.storage.postgres.PostgresStore` does while its database does not answer.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from server_support import WAIT_SECONDS

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from eighthalf.server.storage.store import SQLiteStore, Store, StoreError
from eighthalf.server.tables import table as table_module
from eighthalf.server.web.app import create_app

AWAY = ("add_move", "create_table", "list_tables", "load", "finish", "check", "take_seat")


@contextmanager
def database_away(store: Store, *names: str) -> Iterator[None]:
    """While inside, the store's methods ``names`` (all of :data:`AWAY` by default) raise
    :class:`StoreError` as a store whose database does not answer does."""
    saved = {name: getattr(store, name) for name in names or AWAY if hasattr(store, name)}

    def away(*args: object, **kwargs: object) -> Any:
        raise StoreError("the database does not answer")

    for name in saved:
        setattr(store, name, away)
    try:
        yield
    finally:
        for name in saved:
            delattr(store, name)


def _error_code(answer: Any) -> str:
    return str(answer.json()["error"]["code"])


def test_http_requests_are_answered_503_database_unavailable_while_it_is_away(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "tables.sqlite3"))
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "Eights", "players": 2})
        assert made.status_code == 201
        with database_away(app.state.lobby.store):
            for answer in (
                client.get("/api/tables"),
                client.post("/api/tables", json={"game": "Eights", "players": 2}),
            ):
                assert answer.status_code == 503 and _error_code(answer) == "database-unavailable"
            assert client.get("/readyz").status_code == 503
        assert client.get("/api/tables").status_code == 200  # back: as before
        assert client.get("/readyz").status_code == 200


def test_a_move_the_database_did_not_save_is_refused_and_the_connection_stays(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "tables.sqlite3"))
    with TestClient(app) as client:
        table = client.post("/api/tables", json={"game": "Eights", "players": 2}).json()["id"]
        tokens = [
            client.post(f"/api/tables/{table}/seats/{seat}", json={"name": f"P{seat}"}).json()["token"]
            for seat in (0, 1)
        ]
        with client.websocket_connect(f"/ws/{table}") as socket:
            socket.send_json({"type": "hello"})
            welcome = socket.receive_json()
            state = socket.receive_json()
            assert welcome["type"] == "welcome" and state["type"] == "state"
            mover = state["to_move"]
        with client.websocket_connect(f"/ws/{table}") as socket:
            socket.send_json({"type": "hello", "token": tokens[mover]})
            socket.receive_json()
            state = socket.receive_json()
            move = {"type": "move", "move": state["moves"][0], "number": state["number"]}
            with database_away(app.state.lobby.store):
                socket.send_json(move)
                refused = _next(socket, "error")
                assert refused["code"] == "database-unavailable"
                socket.send_json({"type": "ping"})
                assert _next(socket, "pong") == {"type": "pong"}  # the connection stays
            socket.send_json(move)  # the database is back: the same move is played
            played = _next(socket, "state")
            assert played["number"] == state["number"] + 1 and played["last"]["move"] == move["move"]


def _next(socket: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (``welcome`` and ``seats`` frames skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] in ("welcome", "seats"), message


def test_a_bots_move_the_database_did_not_save_is_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "RETRY_SECONDS", 0.01)
    app = create_app(str(tmp_path / "tables.sqlite3"))
    store = app.state.lobby.store
    saved = store.add_move
    failures: list[int] = []

    def flaky(*args: Any, **kwargs: Any) -> None:
        if kwargs.get("driver") is not None and len(failures) < 3:  # a bot's move, the first three times
            failures.append(args[1])
            raise StoreError("the database does not answer")
        saved(*args, **kwargs)

    monkeypatch.setattr(store, "add_move", flaky)
    with TestClient(app) as client:
        settings = {"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "pace": 0, "seed": 4}
        table = client.post("/api/tables", json=settings).json()["id"]
        deadline = time.monotonic() + WAIT_SECONDS  # only a bound against a hang: bots alone play Eights out (WG3)
        summary = client.get(f"/api/tables/{table}").json()
        while summary["result"] is None and time.monotonic() < deadline:
            time.sleep(0.01)
            summary = client.get(f"/api/tables/{table}").json()
    assert failures == [1, 1, 1]  # the first move failed three times, then the bots played on to the end
    assert summary["moves"] > 1 and summary["result"] is not None


def test_a_websocket_opened_while_the_database_is_away_is_closed_1013(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "tables.sqlite3"))
    with TestClient(app) as client:
        with (
            database_away(app.state.lobby.store),
            client.websocket_connect("/ws/finished0") as socket,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            socket.receive_json()
        assert closed.value.code == 1013


def test_a_body_cut_short_by_the_client_is_refused_without_a_traceback() -> None:
    app = create_app(":memory:")
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}  # the client went before its body came

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"100"), (b"host", b"test")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    asyncio.run(app(scope, receive, send))  # raised ClientDisconnect: a traceback in the log
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 400


def test_a_sqlite_database_another_program_locks_refuses_a_move_as_a_store_error(tmp_path: Path) -> None:
    path = str(tmp_path / "tables.sqlite3")
    store = SQLiteStore(path)
    store._db.execute("PRAGMA busy_timeout = 0")  # refused at once rather than after 5 s
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # say, a maintenance script's long write
        with pytest.raises(StoreError, match="database is locked"):  # not a raw sqlite3 error
            store.add_move("t1", 1, "x")
        other.execute("ROLLBACK")
        store.check()  # and it serves on
        assert not store._db.in_transaction
    finally:
        other.close()
        store.close()
