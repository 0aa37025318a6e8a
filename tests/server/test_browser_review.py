"""The review page in Chromium (issue 38, item 4): step, jump and scrub through a game from a perspective.

- A finished game's table page links to its review, and so does the lobby; the review opens
  on the last position and steps, jumps and scrubs through every move, by its buttons, the
  keyboard, the scrub bar and the list of every move; a link names the move and the
  perspective, and opens there again.
- Every perspective of a finished game: a seat (its cards under its name), the spectators
  (no seat's cards) and every seat (each seat's cards).
- During play a seat's device reviews its own seat only; another browser gets no review.
- axe-core finds no serious or critical violation on the review page of both games, in
  English, French and Dutch, on a laptop (1280x900) and a phone (390x844), and nothing is
  wider than the phone. The English pages are the docs' screenshots
  (``EIGHTHALF_SCREENSHOTS=docs/_static/screenshots`` writes them there).

Needs Playwright and a Chromium, and axe-playwright-python; skips with the reason otherwise.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import browser_support as pages
import pytest
from browser_support import browser_fixture, site_fixture  # noqa: F401 (fixtures: imported, they serve this module)
from server_support import ServerProcess, http, new_table, start_server, stop_server

from eighthalf.server.web.pages import page_messages

GAMES: Final = {"8½": "eighthalf", "Eights": "eights"}  # the games' file names in docs/_static/screenshots
SERIOUS: Final = ("serious", "critical")


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The module's server, judging finished tables with a small budget (4 play-outs a decision)."""
    process = start_server(tmp_path_factory.mktemp("server"), "--judge-budget", "4")
    try:
        yield process
    finally:
        stop_server(process)


@pytest.fixture(scope="module", name="finished")
def finished_fixture(server: ServerProcess, browser: Any) -> dict[str, str]:
    """A finished three-bot table of each game (its id), waited on by its table page's result panel,
    and its judgement by the review page's (which asks the server until it is done)."""
    made = {}
    for game in GAMES:
        settings: dict[str, Any] = {"game": game, "players": 3, "seats": ["greedy"] * 3, "pace": 0, "seed": 4}
        if game == "8½":
            settings["rules"] = {"move_limit": 2000}
        made[game] = new_table(server, settings)["id"]
    watcher = pages.Player(browser, pages.LAPTOP, "laptop")
    try:
        for table_id in made.values():
            watcher.page.goto(f"{server.url}/table/{table_id}")
            watcher.page.locator("#result").wait_for(state="visible")
        for table_id in made.values():
            _open_review(watcher.page, f"{server.url}/table/{table_id}/review")
            watcher.page.wait_for_function("document.body.dataset.judgement === 'done'")
    finally:
        watcher.close()
    return made


_SHOWN: Final = (
    "document.body && document.body.classList.contains('review-page') && document.body.dataset.number !== '-1'"
)
"""The review page has drawn its first position (or said why there is none)."""


def _open_review(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function(_SHOWN)


def _shown(page: Any) -> tuple[int, str]:
    return int(page.evaluate("Number(document.body.dataset.number)")), str(
        page.evaluate("document.body.dataset.perspective")
    )


def _axe(page: Any, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    axe = pytest.importorskip(
        "axe_playwright_python.sync_playwright", reason="the accessibility checks need axe-playwright-python"
    )
    found = axe.Axe().run(page).response["violations"]
    return [
        f"{where}: {each['id']} ({each['impact']}): {[node['target'] for node in each['nodes']][:5]}"
        for each in found
        if each["impact"] in SERIOUS
    ]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_review_steps_jumps_and_scrubs_from_every_perspective(
    browser: Any, server: ServerProcess, site: str, finished: dict[str, str], game: str
) -> None:
    table_id = finished[game]
    moves = int(http(server, "GET", f"/api/tables/{table_id}")[1]["moves"])
    player = pages.Player(browser, pages.LAPTOP, "laptop")
    page = player.page
    try:
        page.goto(f"{site}/table/{table_id}")
        page.locator("#review-link").click()  # the end-of-game panel's link
        page.wait_for_function(_SHOWN)
        assert _shown(page) == (moves, "spectator")  # a spectator's page: the spectators' review, at the end
        assert page.locator("#reveal").is_visible()  # the end: every card, as the board's reveal shows it
        # the judgement: each seat's summary, each judged move's label in the list and beside the move shown
        assert page.locator("#summaries li").count() == 3
        assert "4 play-outs" in page.locator("#judgement-status").inner_text()
        assert page.locator("#moves .label").count() == 0  # the spectators judged no move themselves
        page.keyboard.press("Home")
        assert _shown(page)[0] == 0 and page.locator("#previous").is_disabled()
        page.keyboard.press("ArrowRight")
        page.locator("#next").click()
        assert _shown(page)[0] == 2 and page.locator("#reveal").is_hidden()
        page.locator("#scrub").evaluate("(bar) => { bar.value = '5'; bar.dispatchEvent(new Event('input')); }")
        assert _shown(page)[0] == 5
        assert page.locator("#moves li.current").get_attribute("data-number") == "5"
        page.locator("#moves li[data-number='3'] button").click()
        assert _shown(page)[0] == 3 and "move=3" in page.url and "perspective=spectator" in page.url
        assert page.locator("#mine").is_hidden() and page.locator("#every-seat").is_hidden()
        page.select_option("#perspective", "all")
        page.wait_for_function("document.body.dataset.perspective === 'all'")
        assert _shown(page) == (3, "all")  # the move stays as the perspective changes
        assert page.locator("#every-seat .seat-hand").count() == 3
        assert page.locator("#moves .label").count() > 0  # every seat's judged moves
        judged = page.locator("#moves li:has(.label)").first.get_attribute("data-number")
        assert judged is not None
        page.locator(f"#moves li[data-number='{judged}'] button").click()
        assert page.locator("#judged").is_visible() and page.locator("#judged .label").count() == 1
        page.locator("#moves li[data-number='3'] button").click()
        page.select_option("#perspective", "1")
        page.wait_for_function("document.body.dataset.perspective === '1'")
        assert "greedy 1" in page.locator("#mine-heading").inner_text()
        labelled = page.locator("#moves li:has(.label)").evaluate_all(
            "(items) => items.map((item) => item.dataset.number)"
        )
        decisions = http(server, "GET", f"/api/tables/{table_id}/judgement")[1]["decisions"]
        own = [str(each["number"]) for each in decisions if each["seat"] == 1 and each["label"] != "only move"]
        assert labelled == own  # seat 1's own judged decisions, and no other seat's
        assert page.locator("#own button.card").count() > 0 and page.locator("#own button.card:enabled").count() == 0
        link = page.url
        _open_review(page, link)  # the link names the move and the perspective
        assert _shown(page) == (3, "1")
        page.locator("#final").click()
        assert _shown(page)[0] == moves and page.locator("#play-on").is_hidden()  # nothing left to play
        # play on from move 2, in the seat to move then: the table page opens on that seat's turn
        page.locator("#moves li[data-number='2'] button").click()
        to_move = http(server, "GET", f"/api/tables/{table_id}/review?perspective=all")[1]["frames"][2]["to_move"]
        page.select_option("#play-on-seat", str(to_move))
        page.fill("#play-on-name", "Anna")
        page.locator("#play-on-button").click()
        page.wait_for_function("document.body && document.body.classList.contains('table-page')")
        page.wait_for_function("Number(document.body.dataset.moves) > 0")  # Anna's turn
        assert page.evaluate("Number(document.body.dataset.number)") == 2
        page.goto(f"{site}/")
        page.locator(f"tr[data-table='{table_id}'] a.review-link").wait_for()  # the lobby links the review
        assert not player.problems, player.problems
    finally:
        player.close()


def test_during_play_a_seat_reviews_its_own_seat_and_nobody_else_gets_a_review(
    browser: Any, server: ServerProcess, site: str
) -> None:
    made = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 5})
    status, joined = http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
    assert status == 201, joined
    seated = pages.Player(browser, pages.PHONE, "phone")
    other = pages.Player(browser, pages.LAPTOP, "laptop")
    try:
        pages.open_table(seated, site + joined["link"])  # the table page keeps the token on this device
        _open_review(seated.page, f"{site}/table/{made['id']}/review")
        assert _shown(seated.page)[1] == "0"
        assert seated.page.locator("#perspective option").all_inner_texts() == ["Anna, seat 1"]
        assert seated.page.locator("#perspective").is_disabled()
        _open_review(other.page, f"{site}/table/{made['id']}/review?perspective=1")
        assert other.page.evaluate("document.body.dataset.number") == "none"
        assert "only your own seat" in other.page.locator("#error").inner_text()
        assert not seated.problems, seated.problems
    finally:
        seated.close()
        other.close()


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "nl-BE"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_review_page_is_accessible_in_each_language_on_a_laptop_and_a_phone(
    browser: Any, site: str, finished: dict[str, str], tmp_path: Path, game: str, locale: str
) -> None:
    language = locale[:2]
    shots = Path(os.environ.get("EIGHTHALF_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for size, label in ((pages.LAPTOP, "laptop"), (pages.PHONE, "phone")):
        phone = size is pages.PHONE
        context = browser.new_context(locale=locale, viewport=size, has_touch=phone, is_mobile=phone)
        context.set_default_timeout(120_000)  # a bound for a hung page, far above a slow machine
        try:
            page = context.new_page()
            page.on("pageerror", lambda error, label=label: problems.append(f"{label}: page error: {error}"))
            _open_review(page, f"{site}/table/{finished[game]}/review?perspective=0&move=6")
            assert page.evaluate("document.documentElement.lang") == language
            if language != "en":
                assert page.locator("#moves-heading").inner_text() == page_messages(language)["Every move"]
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], label
            assert page.evaluate("[window.scrollX, window.scrollY]") == [0, 0], label
            problems.extend(_axe(page, f"{game} {locale} {label}"))
            if language == "en":
                page.screenshot(path=str(shots / f"review-{GAMES[game]}-{label}.png"))
        finally:
            context.close()
    assert not problems, problems


@pytest.mark.parametrize("hints", [True, False])
def test_the_table_page_shows_the_best_moves_only_at_a_table_with_hints(
    browser: Any, server: ServerProcess, site: str, hints: bool
) -> None:
    made = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 5, "hints": hints})
    status, joined = http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
    assert status == 201, joined
    player = pages.Player(browser, pages.LAPTOP, "laptop")
    try:
        pages.open_table(player, site + joined["link"])
        page = player.page
        page.wait_for_function("Number(document.body.dataset.moves) > 0")  # Anna's turn
        assert page.locator("#hint-button").is_visible() == hints
        if hints:
            page.locator("#hint-button").click()
            page.locator("#hint ol li").first.wait_for()
            shown = page.locator("#hint ol li code").all_inner_texts()
            assert shown and set(shown) <= set(pages.legal_moves(player))
        assert not player.problems, player.problems
    finally:
        player.close()
