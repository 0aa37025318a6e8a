"""SIGTERM drains the server, and the Python client plays on through the restart (issue 26, item 4).

A real server process is sent SIGTERM mid-game: it stops taking connections, closes each
websocket with ``1012`` (service restart: connect again, here or elsewhere), and exits. The
Python client's :func:`~eighthalf.server.client.play` connects again with its token once a
new process serves the same database on the same port, and finishes the game; the server's
record of it holds every move the client saw acknowledged.
"""

from __future__ import annotations

import asyncio
import itertools
import signal
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from server_support import (
    PausingBot,
    ServerProcess,
    finished_record,
    new_table,
    open_store,
    raw_socket,
    receive,
    say_hello,
    start_server,
    stop_server,
    take_seat,
)
from websockets.exceptions import ConnectionClosed

from eighthalf.registry import find
from eighthalf.server.client import ClientError, play


def test_sigterm_closes_with_1012_and_the_client_plays_on_after_the_restart(tmp_path: Path) -> None:
    directory = tmp_path / "server"
    first = start_server(directory)
    servers: list[ServerProcess] = [first]
    bot = PausingBot()
    try:
        table = new_table(first, {"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 3})["id"]
        token = take_seat(first, table, 0, "Anna")
        # the client, in a thread of its own, waits as long as the restart takes: an endless backoff
        client = play(first.url, table, token, bot, seed=1, backoff=itertools.repeat(0.05))
        outcome: list[Any] = []
        player = threading.Thread(target=lambda: outcome.append(asyncio.run(client)))
        player.start()

        async def drain() -> tuple[int | None, int]:
            async with raw_socket(first, table) as watcher:
                await say_hello(watcher, None)
                await asyncio.to_thread(bot.paused.wait)  # mid-game: the client thinks over its third move
                first.process.send_signal(signal.SIGTERM)
                try:
                    while True:
                        await receive(watcher)
                except ConnectionClosed:
                    pass
                return watcher.close_code, await asyncio.to_thread(first.process.wait)

        code, exited = asyncio.run(drain())
        paused_at = len(finished_moves(directory, table))
        bot.resume.set()  # its move now goes to a closed connection: the client connects again
        servers.append(start_server(directory, "--port", str(first.port)))
        player.join()
        assert code == 1012  # service restart: connect again
        assert exited in (0, -signal.SIGTERM)  # uvicorn shuts down, then passes the signal on
        text_record, json_record = finished_record(servers[-1], table)
        assert text_record == json_record and outcome and text_record.result == outcome[0].text
        assert bot.choices > 3 and len(text_record.moves) > paused_at  # played on after the restart
    finally:
        bot.resume.set()
        for server in servers:
            stop_server(server)


def finished_moves(directory: Path, table: str) -> list[str]:
    """The moves stored for ``table`` in the server's database (read while no server runs)."""
    store = open_store(directory)
    try:
        stored = store.load(table)
    finally:
        store.close()
    assert stored is not None
    return list(stored.moves)


def test_the_client_gives_up_once_its_backoff_is_spent() -> None:
    with socket.socket() as probe:  # a port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with pytest.raises(ClientError) as lost:
        asyncio.run(play(url, "t", "token", find("eights").bot("greedy"), backoff=(0.0, 0.0)))
    assert lost.value.code == "connection-lost" and "could not be reached again" in str(lost.value)
