"""Rematch in Chromium (issue 40, item 5): the result panel's "Play again" moves every page to the new table.

- At the end of a game each person's page offers "Play again" (a spectator's does not); the
  panel tells every page who agreed, and a person may withdraw.
- When the last person agrees, each page (the two players' and a spectator's) goes to the
  new table by itself: a player's with their new seat token, the spectator's to watch.
- The lobby offers the finished table as a game to watch and review, not to play.

Needs Playwright and a Chromium; skips with the reason otherwise.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from browser_support import LAPTOP, Player, browser_fixture, open_table  # noqa: F401 (fixtures: imported, they serve this module)
from server_support import (
    ServerProcess,
    bounded,
    drive,
    http,
    new_table,
    raw_socket,
    say_hello,
    start_server,
    stop_server,
    take_seat,
)

from eighthalf.registry import find
from eighthalf.server.tables.rematch import rematch_token

SETTINGS: dict[str, Any] = {"game": "8½", "players": 3, "seats": [None, None, "greedy"], "rules": {"move_limit": 4}}


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = start_server(tmp_path_factory.mktemp("server"))
    try:
        yield process
    finally:
        stop_server(process)


async def _play_out(server: ServerProcess, table: str, tokens: list[str]) -> None:
    game = find("8½").game
    bot = find("8½").bot("greedy", game)

    async def seat(token: str, number: int) -> None:
        async with raw_socket(server, table) as socket:
            _, first = await say_hello(socket, token)
            await drive(socket, game, bot, random.Random(number), first=first)

    await bounded(asyncio.gather(*(seat(token, number) for number, token in enumerate(tokens))))


def test_play_again_moves_every_page_to_the_new_table(browser: Any, server: ServerProcess) -> None:
    table = new_table(server, SETTINGS)["id"]
    anna, ben = take_seat(server, table, 0, "Anna"), take_seat(server, table, 1, "Ben")
    with ThreadPoolExecutor(1) as worker:  # Playwright's own event loop runs in this thread
        worker.submit(asyncio.run, _play_out(server, table, [anna, ben])).result()
    players = [Player(browser, LAPTOP, label) for label in ("anna", "ben", "spectator")]
    try:
        for player, token in zip(players, (anna, ben, None), strict=True):
            open_table(player, f"{server.url}/table/{table}" + ("" if token is None else f"#token={token}"))
            player.page.locator("#rematch").wait_for(state="visible")
        first, second, spectator = (player.page for player in players)
        assert first.locator("#rematch-button").is_visible() and second.locator("#rematch-button").is_visible()
        assert spectator.locator("#rematch-button").is_hidden()  # a spectator watches; only people vote
        assert first.locator("#rematch-button").inner_text() == "Play again"
        first.locator("#rematch-button").click()
        for page in (first, second, spectator):
            page.wait_for_function("document.getElementById('rematch-text').textContent.startsWith('Anna would')")
        assert spectator.locator("#rematch-text").inner_text() == "Anna would play again; waiting for Ben."
        assert first.locator("#rematch-button").inner_text() == "Withdraw"
        first.locator("#rematch-button").click()  # withdrawn, then asked again
        second.wait_for_function("document.getElementById('rematch-text').textContent.startsWith('Another game')")
        first.wait_for_function("document.getElementById('rematch-button').textContent === 'Play again'")
        first.locator("#rematch-button").click()
        second.wait_for_function("document.getElementById('rematch-text').textContent.startsWith('Anna would')")
        second.locator("#rematch-button").click()  # the last person: every page goes to the new table
        for page in (first, second, spectator):
            page.wait_for_url(lambda url: f"/table/{table}" not in url)
            page.wait_for_function("Number(document.body.dataset.renders) > 0")
        child = first.url.split("/table/")[1].split("#")[0]
        assert {page.url.split("/table/")[1].split("#")[0] for page in (first, second, spectator)} == {child}
        status, summary = http(server, "GET", f"/api/tables/{child}")
        assert status == 200 and summary["parent"] == table
        for page, token, seat in ((first, anna, 0), (second, ben, 1)):
            saved = page.evaluate(f"localStorage.getItem('eighthalf:seat:{child}')") or ""
            assert rematch_token(token, table) in saved, saved
            assert f"seat {seat + 1}" in page.locator("#title").inner_text()  # seats counted from 1 on the page
        assert spectator.evaluate(f"localStorage.getItem('eighthalf:seat:{child}')") is None
        spectator.goto(f"{server.url}/")  # the lobby: the finished table is one to watch, not to play
        row = spectator.locator(f"#tables tr[data-table='{table}']")
        row.wait_for()
        assert [link.inner_text() for link in row.locator("a").all()] == ["Watch", "Review"]
        first.goto(f"{server.url}/")  # Anna's browser remembers her seat there: still a game to watch
        row = first.locator(f"#tables tr[data-table='{table}']")
        row.wait_for()
        assert [link.inner_text() for link in row.locator("a").all()] == ["Watch", "Review"]
        assert "Play (seat 1)" in first.locator(f"#tables tr[data-table='{child}']").inner_text()
        for player in players:
            assert not player.problems, player.problems
    finally:
        for player in players:
            player.close()


def test_the_lobby_offers_bots_with_words_and_tells_a_refusal_in_words(browser: Any, server: ServerProcess) -> None:
    """Each bot is offered with a word on its strength, from the registry, seats counted from 1,
    and a refusal's red box holds words: no JSON path, no code (they stay in the API's answer)."""
    player = Player(browser, LAPTOP, "laptop")
    try:
        page = player.page
        page.goto(server.url + "/")
        page.wait_for_function("document.body.dataset.ready === '1'")
        page.get_by_label("Game").select_option("8½")
        page.locator("#players").select_option("2")
        options = page.locator("#seat-1 option").all_inner_texts()
        assert options == [
            "a person",
            "bot: greedy — quick, a beginner",
            "bot: ismcts — strongest, thinks longest",
            "bot: random — plays any legal move",
            "bot: search — strong, thinks a moment",
        ], options  # in the order GET /api/games lists the bots
        assert page.locator("#seat-choices label").all_inner_texts()[0].startswith("Seat 1")
        page.locator("#new-table").get_by_label("Your name").fill(
            "Ann, Bea"
        )  # a name holds no comma: refused when the seat is taken
        page.get_by_role("button", name="Create the table").click()
        page.locator("#form-error").wait_for(state="visible")
        told = page.locator("#form-error").inner_text()
        assert told.startswith("A name holds no comma") and "$" not in told and "bad-name" not in told, told
        assert all("status of 400" in each for each in player.problems), player.problems  # the refusal's answer only
        page.locator("#seat-0").select_option("greedy")  # bots alone: made, not refused, at the pace asked for
        page.locator("#seat-1").select_option("random")
        page.locator("#pace").fill("60")
        page.get_by_role("button", name="Create the table").click()
        page.locator("#created").wait_for(state="visible")
        made = str(page.locator("#go").get_attribute("href")).rsplit("/", 1)[1]
        status, summary = http(server, "GET", f"/api/tables/{made}")
        assert status == 200 and summary["rules"]["move_limit"] == 1000 and summary["started"], summary
        assert summary["moves"] == 0  # its first bot waits its minute
    finally:
        player.close()
