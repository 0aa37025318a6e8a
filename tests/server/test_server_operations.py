"""What an operator asks of the server (issue 26, item 4): ``/healthz`` and ``/readyz``."""

from __future__ import annotations

import asyncio

import pytest
from server_support import ServerProcess, http, new_table, raw_socket, receive, say_hello, server_fixture  # noqa: F401

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from eighthalf.server.app import create_app


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
    table = new_table(server, {"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "seed": 9})["id"]

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
