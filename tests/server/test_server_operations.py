"""What an operator asks of the server (issue 26, item 4): ``/healthz`` and ``/readyz``."""

from __future__ import annotations

import asyncio
from contextlib import ExitStack
from pathlib import Path

import pytest
from server_support import ServerProcess, http, new_table, raw_socket, receive, say_hello, server_fixture  # noqa: F401

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from eighthalf.server.tables.seats import MAX_CLIENTS_PER_SEAT
from eighthalf.server.web.app import create_app


def test_healthz_and_readyz_of_a_real_server(server: ServerProcess) -> None:
    assert http(server, "GET", "/healthz") == (200, {"status": "ok"})
    status, ready = http(server, "GET", "/readyz")
    assert status == 200 and ready["status"] == "ready"
    table = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"]})["id"]

    async def watching() -> dict[str, object]:
        async with raw_socket(server, table) as socket:
            await say_hello(socket, None)
            return dict(http(server, "GET", "/readyz")[1])

    seen = asyncio.run(watching())
    assert seen["tables"] == ready["tables"] + 1 and seen["connections"] == ready["connections"] + 1


def test_readyz_is_503_while_stopping_or_without_the_database() -> None:
    app = create_app(":memory:")
    with TestClient(app) as client:
        assert client.get("/readyz").json()["status"] == "ready"
        app.state.lobby.stopping = True
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json() == {"status": "stopping"}
        app.state.lobby.stopping = False
        app.state.lobby.store.close()  # the database goes away
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json() == {"status": "database-unavailable"}
        assert client.get("/healthz").json() == {"status": "ok"}  # the process still answers


def test_metrics_count_tables_connections_moves_and_latencies(server: ServerProcess) -> None:
    table = new_table(server, {"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "pace": 0, "seed": 9})[
        "id"
    ]

    async def watch_to_the_end() -> str:
        async with raw_socket(server, table) as socket:
            _, state = await say_hello(socket, None)
            while state.get("type") != "state" or state["result"] is None:
                state = await receive(socket)
            return str(http(server, "GET", "/metrics")[1])

    text = asyncio.run(watch_to_the_end())
    samples = dict(line.rsplit(" ", 1) for line in text.splitlines() if line and not line.startswith("#"))
    assert float(samples['eighthalf_moves_total{game="Eights"}']) >= 2
    assert float(samples["eighthalf_connections"]) >= 1 and float(samples["eighthalf_connections_opened_total"]) >= 1
    assert float(samples["eighthalf_commit_seconds_count"]) >= 2
    assert float(samples["eighthalf_move_to_frame_seconds_count"]) == float(samples["eighthalf_commit_seconds_count"])
    assert float(samples['eighthalf_bot_seconds_count{game="Eights"}']) >= 2
    assert "eighthalf_tables_in_play" in samples and "eighthalf_tables_in_memory" in samples


def test_a_connection_too_many_is_refused_before_any_welcome(tmp_path: Path) -> None:
    """The error is its first message: a welcome would promise a state that never comes."""
    app = create_app(str(tmp_path / "tables.sqlite3"))
    with TestClient(app) as client:
        table = client.post("/api/tables", json={"game": "Eights", "players": 2}).json()["id"]
        token = client.post(f"/api/tables/{table}/seats/0", json={"name": "Anna"}).json()["token"]
        with ExitStack() as stack:
            for _ in range(MAX_CLIENTS_PER_SEAT):
                socket = stack.enter_context(client.websocket_connect(f"/ws/{table}"))
                socket.send_json({"type": "hello", "token": token})
                assert [socket.receive_json()["type"] for _ in range(2)] == ["welcome", "state"]
            one_more = stack.enter_context(client.websocket_connect(f"/ws/{table}"))
            one_more.send_json({"type": "hello", "token": token})
            first = one_more.receive_json()  # the error, not a welcome that promises a state
            assert first["type"] == "error" and first["code"] == "too-many-connections"
            with pytest.raises(WebSocketDisconnect) as closed:
                one_more.receive_json()
            assert closed.value.code == 1008
