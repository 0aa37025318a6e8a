"""Play now in a browser (issue 40, item 4): two people on the lobby page choose Eights at a
table of two; the second page shows the first one waiting, then both pages move to one
table, each in its own seat (the token saved on the device, as a seat taken by the form is).
A name the seat rules refuse is told in words, and the form offered again.

Needs Playwright and a Chromium; skips with the reason otherwise. Every wait is on the page
(its text, its address), bounded by the pages' default timeout.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_support import LAPTOP, PHONE, Player, browser_fixture
from server_support import start_server, stop_server

browser = browser_fixture


def _play_now(player: Player, name: str) -> None:
    page = player.page
    page.locator("#play-now").wait_for()
    page.select_option("#queue-kind", "Eights")
    page.select_option("#queue-size", "2")
    page.fill("#queue-name", name)
    page.click("#queue-join")


def test_two_people_press_play_now_and_land_at_one_table(browser: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path / "server", "--queue-wait", "3600")
    anna, ben = Player(browser, LAPTOP, "laptop"), Player(browser, PHONE, "phone")
    try:
        for player in (anna, ben):
            player.page.goto(server.url + "/")
            player.page.wait_for_function("document.body.dataset.ready === '1'")
        _play_now(anna, "Robo (bot)")  # refused in words, and the form is offered again
        anna.page.locator("#queue-error").wait_for()
        assert anna.page.locator("#queue-error").inner_text() == (
            "A name has 1 to 40 letters, no comma, and does not end in (bot)."
        )
        anna.page.wait_for_function("!document.getElementById('queue-join').disabled")
        _play_now(anna, "Anna")
        anna.page.wait_for_function("document.getElementById('queue-status').innerText.startsWith('Place 1 of 1')")
        assert anna.page.locator("#queue-leave").is_visible() and anna.page.locator("#queue-join").is_disabled()
        ben.page.select_option("#queue-kind", "Eights")
        ben.page.wait_for_function(  # the lobby's counts, refreshed every few seconds
            "[...document.querySelectorAll('#queue-size option')].some((o) => o.text === '2 players · 1 waiting')"
        )
        _play_now(ben, "Ben")
        tables = []
        for player in (anna, ben):
            player.page.wait_for_url(re.compile(r"/table/[0-9a-f]+"))  # the page then drops the token from its address
            player.page.wait_for_function("Number(document.body.dataset.renders) > 0")
            tables.append(player.page.url.split("/table/")[1].split("#")[0])
        assert tables[0] == tables[1]
        saved = f"JSON.parse(localStorage.getItem('eighthalf:seat:{tables[0]}')).seat"
        seats = [player.page.evaluate(saved) for player in (anna, ben)]
        assert sorted(seats) == [0, 1]
        assert not anna.problems and not ben.problems, anna.problems + ben.problems
    finally:
        anna.close()
        ben.close()
        stop_server(server)
