"""The table page connects again by itself after its server is drained, through the JavaScript client.

The page's connection is ``clients/js``'s ``TableConnection`` (``static/client.js``). A real server
process is sent SIGTERM mid-game (it closes each websocket with ``1012`` and exits); the page says
the connection is lost, and once a new process serves the same database on the same port it is
welcomed again with its token, shows the same position, and plays on. Every wait is on the page's
own state (its text, its renders), not on a clock.

Needs Playwright and a Chromium (``EIGHTHALF_CHROMIUM``, the system's ``chromium``, or Playwright's
own); skips with the reason otherwise.
"""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

from browser_support import (
    LAPTOP,
    Player,
    browser_fixture,  # noqa: F401 (a fixture: imported, it serves this module)
    legal_moves,
    type_move,
)
from server_support import ServerProcess, new_table, start_server, stop_server, take_seat


def test_the_page_plays_on_after_its_server_is_drained_and_started_again(browser: Any, tmp_path: Path) -> None:
    directory = tmp_path / "server"
    servers: list[ServerProcess] = [start_server(directory)]
    player = Player(browser, LAPTOP, "Anna")
    try:
        first = servers[0]
        table = new_table(first, {"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 3})["id"]
        token = take_seat(first, table, 0, "Anna")
        page = player.page
        page.goto(f"{first.url}/table/{table}#token={token}")
        page.wait_for_function("Number(document.body.dataset.moves) > 0")  # the seat to move
        number = player.number()
        renders = int(page.evaluate("Number(document.body.dataset.renders)"))

        first.process.send_signal(signal.SIGTERM)
        assert first.process.wait(timeout=60) in (0, -signal.SIGTERM)
        page.wait_for_function("document.getElementById('connection').textContent.startsWith('connection lost')")
        servers.append(start_server(directory, "--port", str(first.port)))
        page.wait_for_function("n => Number(document.body.dataset.renders) > n", arg=renders)
        page.wait_for_function("document.getElementById('connection').textContent === 'connected'")
        assert player.number() == number  # the same position, from the new process

        type_move(player, legal_moves(player)[0])
        page.wait_for_function("n => Number(document.body.dataset.number) > n", arg=number)
        player.collect()
        assert not player.problems, player.problems
        assert [frame["type"] for frame in player.frames].count("welcome") == 2
    finally:
        player.close()
        for server in servers:
            stop_server(server)
