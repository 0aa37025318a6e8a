"""Play now (issue 40, item 4): the queue of real server processes, on SQLite or PostgreSQL
(``EIGHTHALF_TEST_STORE``), and of two processes on one PostgreSQL database.

- Two people waiting for one kind and size are seated at one new table, each with a token
  only they were sent, which the table knows; the table has the kind's fixed settings.
- After the wait (``--queue-wait``, tiny here: the tests wait on the ``seated`` frame, not on
  the clock) bots fill the empty seats.
- Leaving is immediate: by ``leave`` (answered ``left``) or by closing the connection, the
  person is out of the count at once and never seated.
- Hostile input: a bad kind, a bad size, a name the seat rules refuse, joining twice on one
  connection, a leave before a join, an unknown type, binary and too large messages, a
  flood, another site's origin: each refused with its code, nothing changed.
- Two processes on one PostgreSQL database, people joining through both: every group gets
  exactly one table and nobody is seated twice; a process stopped by SIGTERM closes its
  people's connections (``1012``) and takes them out of the shared queue.
"""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest
from server_support import (
    WAIT_SECONDS,
    ServerProcess,
    closed_with,
    http,
    plain_socket,
    receive,
    receive_until,
    say_hello,
    server_with_fixture,
    start_server,
    stop_server,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

server_with = server_with_fixture


def queue_socket(server: ServerProcess, origin: str | None = None) -> AbstractAsyncContextManager[ClientConnection]:
    """A websocket to ``/api/queue/wait`` (nothing sent yet), closed on leaving."""
    return plain_socket(server, "/api/queue/wait", origin)


async def join(socket: ClientConnection, kind: str, size: int, name: str) -> dict[str, Any]:
    """Join the queue: the ``queued`` answer."""
    await socket.send(json.dumps({"type": "join", "kind": kind, "size": size, "name": name}))
    return await receive_until(socket, "queued")


def waiting(server: ServerProcess, kind: str, size: int) -> int:
    """How many wait for ``kind`` and ``size`` (``GET /api/queue``)."""
    status, answer = http(server, "GET", "/api/queue")
    assert status == 200, answer
    (found,) = [each for each in answer["kinds"] if each["kind"] == kind]
    return int(found["waiting"][str(size)])


async def seated_at(server: ServerProcess, seated: dict[str, Any]) -> dict[str, Any]:
    """The welcome of the table a ``seated`` frame names, said hello to with its token."""
    async with connect(f"{server.ws}/ws/{seated['table']}", compression=None, open_timeout=WAIT_SECONDS) as socket:
        welcome, _ = await say_hello(socket, seated["token"])
    return welcome


def test_two_people_are_seated_at_one_table_each_with_their_own_token(
    server_with: Callable[..., ServerProcess],
) -> None:
    server = server_with("--queue-wait", "3600")

    async def scenario() -> None:
        async with queue_socket(server) as anna, queue_socket(server) as ben:
            queued = await join(anna, "Eights", 2, "Anna")
            assert queued["fill_seconds"] == 3600 and queued["windows"] == {"first": 5.0, "step": 2.5, "every": 5.0}
            first = await receive_until(anna, "waiting")
            assert (first["place"], first["waiting"]) == (1, 1)
            assert waiting(server, "Eights", 2) == 1
            await join(ben, "Eights", 2, "Ben")
            to_ben = await receive_until(ben, "seated")
            to_anna = await receive_until(anna, "seated")
            assert to_anna["table"] == to_ben["table"] and {to_anna["seat"], to_ben["seat"]} == {0, 1}
            assert to_anna["token"] != to_ben["token"]
            assert to_anna["link"] == f"/table/{to_anna['table']}#token={to_anna['token']}"
            assert (await closed_with(anna))[0] == 1000
            for seated, name in ((to_anna, "Anna"), (to_ben, "Ben")):
                welcome = await seated_at(server, seated)
                assert welcome["seat"] == seated["seat"]
                assert welcome["table"]["seats"][seated["seat"]]["name"] == name
            status, summary = http(server, "GET", f"/api/tables/{to_anna['table']}")
            assert status == 200 and summary["game"] == "Eights" and summary["players"] == 2
            assert summary["seeded"] is False and summary["hints"] is False and summary["started"]
            assert summary["move_seconds"] == 60 and summary["rounds"] == 1
            assert waiting(server, "Eights", 2) == 0

    asyncio.run(scenario())
    status, metrics = http(server, "GET", "/metrics")
    assert status == 200
    assert "eighthalf_queue_tables_total 1.0" in metrics and "eighthalf_queue_wait_seconds_count 2.0" in metrics
    assert "eighthalf_queue_bots_total 0.0" in metrics


def test_bots_fill_the_empty_seats_after_the_wait(server_with: Callable[..., ServerProcess]) -> None:
    server = server_with("--queue-wait", "0.2")

    async def scenario() -> None:
        async with queue_socket(server) as cleo:
            await join(cleo, "8½ match", 3, "Cleo")
            seated = await receive_until(cleo, "seated")
            status, summary = http(server, "GET", f"/api/tables/{seated['table']}")
            assert status == 200 and summary["players"] == 3 and summary["rounds"] == 6
            assert [seat["bot"] for seat in summary["seats"]] == [None, "random", "random"]
            assert summary["seats"][0]["name"] == "Cleo"

    asyncio.run(scenario())
    status, metrics = http(server, "GET", "/metrics")
    assert status == 200
    assert "eighthalf_queue_bots_total 2.0" in metrics and "eighthalf_queue_waiting 0.0" in metrics


async def _until_waiting(server: ServerProcess, kind: str, size: int, count: int) -> None:
    """Wait (bounded) until ``count`` wait for ``kind`` and ``size``: the server's leave of a closed
    connection runs once it hears the close."""
    for _ in range(int(WAIT_SECONDS / 0.02)):
        if waiting(server, kind, size) == count:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"not {count} waiting")


def test_leaving_is_immediate_by_leave_or_by_closing(server_with: Callable[..., ServerProcess]) -> None:
    server = server_with("--queue-wait", "3600")

    async def scenario() -> None:
        async with queue_socket(server) as dora:
            await join(dora, "8½ round", 2, "Dora")
            assert waiting(server, "8½ round", 2) == 1
            await dora.send(json.dumps({"type": "leave"}))
            assert await receive_until(dora, "left") == {"type": "left"}
            assert waiting(server, "8½ round", 2) == 0  # out before the answer came
            assert (await closed_with(dora))[0] == 1000
        async with queue_socket(server) as emil:
            await join(emil, "8½ round", 2, "Emil")
        await _until_waiting(server, "8½ round", 2, 0)
        async with queue_socket(server) as finn:  # nobody is there to seat Finn with
            await join(finn, "8½ round", 2, "Finn")
            await finn.send(json.dumps({"type": "ping"}))
            frames = []
            while (frame := await receive(finn))["type"] != "pong":
                frames.append(frame)
            assert all(frame["type"] == "waiting" and frame["waiting"] == 1 for frame in frames)

    asyncio.run(scenario())


def test_hostile_input_is_refused_with_its_code_and_nothing_changes(server_with: Callable[..., ServerProcess]) -> None:
    server = server_with("--queue-wait", "3600")

    async def refused(socket: ClientConnection, message: object) -> str:
        await socket.send(json.dumps(message))
        frame = await receive_until(socket, "error")
        return str(frame["code"])

    async def scenario() -> None:
        async with queue_socket(server) as socket:
            join_as: dict[str, Any] = {"type": "join", "kind": "Eights", "size": 2, "name": "Gus"}
            assert await refused(socket, {**join_as, "kind": "Poker"}) == "bad-kind"
            assert await refused(socket, {**join_as, "kind": ["Eights"]}) == "bad-kind"
            assert await refused(socket, {**join_as, "size": 7}) == "bad-size"
            assert await refused(socket, {**join_as, "size": 1}) == "bad-size"
            assert await refused(socket, {**join_as, "size": "2"}) == "bad-size"
            assert await refused(socket, {**join_as, "size": True}) == "bad-size"
            assert await refused(socket, {**join_as, "name": "greedy (bot)"}) == "bad-name"
            assert await refused(socket, {**join_as, "name": "a, b"}) == "bad-name"
            assert await refused(socket, {**join_as, "name": " "}) == "bad-name"
            assert await refused(socket, {**join_as, "name": "x" * 500}) == "bad-name"
            assert await refused(socket, {**join_as, "extra": 1}) == "bad-message"
            assert await refused(socket, {"type": "leave"}) == "bad-message"
            assert await refused(socket, {"type": "move", "move": "x"}) == "bad-message"
            assert await refused(socket, [1, 2]) == "bad-message"
            assert waiting(server, "Eights", 2) == 0
            await join(socket, "Eights", 2, "Gus")
            assert await refused(socket, join_as) == "in-queue"
            assert await refused(socket, {**join_as, "size": 3}) == "in-queue"
            assert waiting(server, "Eights", 2) == 1 and waiting(server, "Eights", 3) == 0
        await _until_waiting(server, "Eights", 2, 0)
        async with queue_socket(server) as socket:
            await socket.send(b"\x00binary")
            code, frames = await closed_with(socket)
            assert code == 1008 and frames[-1]["code"] == "bad-message"
        async with queue_socket(server) as socket:
            await socket.send(json.dumps({"type": "join", "kind": "Eights", "size": 2, "name": "x" * 2000}))
            code, frames = await closed_with(socket)
            assert code == 1009 and frames[-1]["code"] == "too-large"
        async with queue_socket(server) as socket:
            for _ in range(200):  # the burst is 30
                await socket.send(json.dumps({"type": "ping"}))
            code, frames = await closed_with(socket)
            assert code == 1008 and frames[-1]["code"] == "rate-limited"
        with pytest.raises(InvalidStatus) as handshake:  # closed before it is accepted: the handshake's 403
            async with queue_socket(server, origin="https://elsewhere.example"):
                pass
        assert handshake.value.response.status_code == 403
        async with queue_socket(server, origin=server.url) as socket:
            await join(socket, "Eights", 3, "Own page")
        assert waiting(server, "Eights", 2) == 0

    asyncio.run(scenario())


def test_two_processes_on_postgresql_give_every_group_one_table_and_nobody_two(tmp_path: Path) -> None:
    from postgres_support import new_database

    database = new_database()
    servers = [start_server(tmp_path / f"process{number}", "--queue-wait", "3600", db=database) for number in range(2)]
    people = 32

    async def scenario() -> list[dict[str, Any]]:
        sockets = [
            await connect(f"{servers[number % 2].ws}/api/queue/wait", compression=None, open_timeout=WAIT_SECONDS)
            for number in range(people)
        ]
        try:
            await asyncio.gather(*(join(socket, "Eights", 4, f"P{number}") for number, socket in enumerate(sockets)))
            return list(await asyncio.gather(*(receive_until(socket, "seated") for socket in sockets)))
        finally:
            for socket in sockets:
                await socket.close()

    try:
        seated = asyncio.run(scenario())
        tables: dict[str, list[int]] = {}
        for frame in seated:
            tables.setdefault(frame["table"], []).append(frame["seat"])
        assert len(tables) == people // 4
        assert all(sorted(seats) == [0, 1, 2, 3] for seats in tables.values())
        names: list[str] = []
        for table in tables:
            status, summary = http(servers[0], "GET", f"/api/tables/{table}")
            assert status == 200, summary
            assert all(seat["bot"] is None for seat in summary["seats"])
            names += [seat["name"] for seat in summary["seats"]]
        assert sorted(names) == sorted(f"P{number}" for number in range(people))
        assert waiting(servers[1], "Eights", 4) == 0
        made = 0
        for server in servers:
            _, metrics = http(server, "GET", "/metrics")
            made += int(float(metrics.split("\neighthalf_queue_tables_total ")[1].split()[0]))
        assert made == people // 4
    finally:
        for server in servers:
            stop_server(server)


def test_a_process_stopped_by_sigterm_takes_its_people_out_of_the_shared_queue(tmp_path: Path) -> None:
    from postgres_support import new_database

    database = new_database()
    servers = [start_server(tmp_path / f"process{number}", "--queue-wait", "3600", db=database) for number in range(2)]

    async def scenario() -> int | None:
        async with queue_socket(servers[0]) as hana:
            await join(hana, "Eights", 3, "Hana")
            assert waiting(servers[1], "Eights", 3) == 1  # the queue is shared
            servers[0].process.send_signal(signal.SIGTERM)
            code, _ = await closed_with(hana)
            return code

    try:
        code = asyncio.run(scenario())
        assert code == 1012  # the server is stopping: join again elsewhere
        assert servers[0].process.wait(timeout=WAIT_SECONDS) in (0, -signal.SIGTERM)
        assert waiting(servers[1], "Eights", 3) == 0
    finally:
        for server in servers:
            stop_server(server)
