"""The offline table in Chromium: a whole game of each game against the bots, the page's folder
served as plain static files, every request to anywhere else refused."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import LAPTOP, MAX_CLICKS, Player, launch_chromium, touch_move
from offline_support import static_site, write_bundle

from eighthalf.server.offline import OfflineTable


@pytest.fixture(scope="module", name="site")
def site_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with static_site(write_bundle(tmp_path_factory.mktemp("offline"))) as url:
        yield url


@pytest.fixture(scope="module", name="browser")
def browser_fixture() -> Iterator[Any]:
    with launch_chromium() as launched:
        yield launched


def _fenced(player: Player, site: str) -> list[str]:
    """Refuse every request of the page to anywhere but ``site``: the refused addresses."""
    refused: list[str] = []

    def route(route: Any) -> None:
        if route.request.url.startswith(site):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    player.context.route("**/*", route)
    return refused


def _settle(table: OfflineTable) -> dict[str, Any]:
    """The person's frame once the bots have moved."""
    frame = table.frame()
    while (moved := table.bot_move()) is not None:
        frame = moved
    result: dict[str, Any] = json.loads(frame)
    return result


@pytest.mark.parametrize(("key", "seed"), [("eighthalf", 11), ("eights", 12)])
def test_a_whole_game_offline(browser: Any, site: str, tmp_path: Path, key: str, seed: int) -> None:
    player = Player(browser, LAPTOP, key)
    refused = _fenced(player, site)
    page = player.page
    try:
        page.goto(f"{site}index.html?game={key}&seed={seed}&pause=0&name=Ann")
        same = OfflineTable({"game": key, "seed": seed}, name="Ann")  # the page's game, in CPython
        rng = random.Random(seed)
        for _ in range(MAX_CLICKS):
            frame = _settle(same)
            page.wait_for_function("n => Number(document.body.dataset.number) === n", arg=frame["number"])
            if frame["result"] is not None:
                break
            page.wait_for_function("n => Number(document.body.dataset.moves) === n", arg=len(frame["moves"]))
            move = rng.choice(frame["moves"])
            touch_move(page, move)
            assert json.loads(same.move(move, frame["number"]))["type"] == "state"
        else:
            raise AssertionError(f"no end after {MAX_CLICKS} moves")
        page.locator("#result").wait_for(state="visible")
        assert page.locator("#result-text").inner_text()
        record = page.evaluate("async () => (await fetch(document.getElementById('record-text').href)).text()")
        document = page.evaluate("async () => (await fetch(document.getElementById('record-json').href)).json()")
        assert record == same.record_text() and document == json.loads(same.record_json())
        assert page.locator("#links").inner_text() == ""  # no spectators' link: nobody follows an offline table
        assert int(page.evaluate("Number(document.body.dataset.engineMs)")) > 0
        assert not refused and not player.problems, (refused, player.problems)
    finally:
        player.close()
