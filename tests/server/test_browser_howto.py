"""How to play, where players look (issue 38, item 5), in Chromium.

- The lobby links to each game's "How to play" page (not to one the third game of the tests
  does not have), and its table options' rule ids to their rules; the table page's header links to its game's page, its status line's terms
  (the call, the 5-lock, who is at risk) to their explanation, and a refusal's rule id to that
  rule's anchor, which opens in a new tab on that rule.
- The rules pages have no serious or critical axe-core violation, in English, French and
  Dutch, on a laptop and a phone, and are no wider than the phone.
- Once a game is over its table page shows every card: the seats' hands, banks and blind
  cards, each count (E4) and the Big Losers (E5) of 8½; every hand and the stack of Eights.

Needs Playwright and a Chromium (``EIGHTHALF_CHROMIUM``, the system's ``chromium``, or
Playwright's own), and axe-playwright-python for the accessibility check; skips with the
reason otherwise.
"""

from __future__ import annotations

from typing import Any, Final

import browser_support as pages
import pytest
from browser_support import browser_fixture, site_fixture  # noqa: F401 (fixtures: imported, they serve this module)
from server_support import (
    ServerProcess,
    http,
    new_table,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

SERIOUS: Final = ("serious", "critical")


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


def test_the_lobby_links_each_games_page_and_none_for_a_game_without_one(
    browser: Any, server: ServerProcess, site: str
) -> None:
    visitor = pages.Player(browser, pages.LAPTOP, "laptop")
    try:
        page = visitor.page
        page.goto(site + "/")
        page.wait_for_function("document.body.dataset.ready === '1'")
        links = page.locator("#howto-games a")
        assert links.all_inner_texts() == ["8½", "Eights"]  # the third game (Shedding) has no page: no link
        assert links.evaluate_all("links => links.map((link) => link.getAttribute('href'))") == [
            "/games/eighthalf/rules?lang=en",
            "/games/eights/rules?lang=en",
        ]
        # the rule id of a table option's hint links to that rule too (P7: the 5-lock)
        hint = page.locator("#options a.rule-link[data-rule='P7']")
        assert hint.count() == 1 and hint.get_attribute("href") == "/games/eighthalf/rules?lang=en#P7"
        with page.expect_navigation():
            page.select_option("#language", "nl")
        page.wait_for_function("document.body.dataset.ready === '1'")
        assert "Zo speel je" in page.locator("#howto").inner_text()
        with page.expect_navigation():
            page.locator("#howto-games a", has_text="Eights").click()
        assert page.evaluate("document.documentElement.lang") == "nl"
        assert page.locator("h1 #title").inner_text() == "Zo speel je Eights"
        assert page.locator("#WT4 dd").inner_text().startswith("Elke gebruikte tafelkaart")
        assert not visitor.problems, visitor.problems
    finally:
        visitor.close()


@pytest.mark.parametrize("key", ["eighthalf", "eights"])
def test_the_rules_pages_are_accessible_in_each_language_on_a_laptop_and_a_phone(
    browser: Any, site: str, key: str
) -> None:
    problems: list[str] = []
    for size, label in ((pages.LAPTOP, "laptop"), (pages.PHONE, "phone")):
        visitor = pages.Player(browser, size, label)
        try:
            for lang in ("en", "fr", "nl"):
                visitor.page.goto(f"{site}/games/{key}/rules?lang={lang}")
                assert visitor.page.evaluate("document.documentElement.lang") == lang
                assert visitor.page.evaluate("document.documentElement.scrollWidth") <= size["width"], (lang, label)
                problems += _axe(visitor.page, f"{key} {lang} {label}")
            problems += visitor.problems
        finally:
            visitor.close()
    assert not problems, problems


def _my_turn(player: pages.Player) -> list[str]:
    player.page.wait_for_function("Number(document.body.dataset.moves) > 0")
    return pages.legal_moves(player)


def test_the_table_links_its_rules_and_a_refusals_rule_opens_on_that_rule(
    browser: Any, server: ServerProcess, site: str
) -> None:
    made = new_table(server, {"game": "8½", "players": 2, "seats": [None, "greedy"], "seed": 7})
    status, joined = http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
    assert status == 201, joined
    player = pages.Player(browser, pages.LAPTOP, "laptop")
    try:
        pages.open_table(player, site + joined["link"])
        page = player.page
        legal = _my_turn(player)
        # the header's link, and the status line's terms, each to its explanation
        assert page.locator("#rules-link").is_visible()
        assert page.locator("#rules-link").get_attribute("href") == "/games/eighthalf/rules?lang=en"
        terms = page.locator(".facts dt a").evaluate_all("links => links.map((link) => link.getAttribute('href'))")
        assert terms[:3] == [
            f"/games/eighthalf/rules?lang=en#{anchor}" for anchor in ("the-call", "five-lock", "at-risk")
        ]
        # a refused move: its rule id links to that rule
        wrong = "c" if "c" not in legal else next(symbol for symbol in "1234567890HG" if symbol not in legal)
        pages.type_move(player, wrong)
        page.locator("#error").wait_for(state="visible")
        rule = page.locator("#error").get_attribute("data-rule")
        assert rule, page.locator("#error").inner_text()
        link = page.locator("#error-rule a")
        assert link.inner_text() == rule and link.get_attribute("target") == "_blank"
        assert link.get_attribute("href") == f"/games/eighthalf/rules?lang=en#{rule}"
        with player.context.expect_page() as opened:
            link.click()
        rules_page = opened.value
        rules_page.wait_for_load_state()
        assert rules_page.evaluate("location.hash") == f"#{rule}"
        assert rules_page.evaluate("document.querySelector(':target').id") == rule
        assert rules_page.locator(f"#{rule} dd").is_visible() and rules_page.locator(f"#{rule} dd").inner_text()
        assert int(page.evaluate("Number(document.body.dataset.number)")) == player.number()  # the table stayed
        # a selection's note cites its rule as a link too (a play the engine refuses, when the hand has one)
        hand = page.locator("#hand button[data-card]").evaluate_all("cards => cards.map((card) => card.dataset.card)")
        refused = next((symbol for symbol in hand if symbol not in legal), None)
        if refused is not None:
            page.locator(f'#hand button[data-card="{refused}"]').first.click()
            cited = page.locator("#selection-note a.rule-link")
            assert cited.count() == 1, page.locator("#selection-note").inner_text()
            assert cited.get_attribute("href").startswith("/games/eighthalf/rules?lang=en#")
        assert not player.problems, player.problems
    finally:
        player.close()


def test_the_third_game_without_a_rules_page_shows_no_rules_links(
    browser: Any, server: ServerProcess, site: str
) -> None:
    made = new_table(server, {"game": "Shedding", "players": 2, "seats": [None, "greedy"], "seed": 1})
    status, joined = http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
    assert status == 201, joined
    player = pages.Player(browser, pages.LAPTOP, "laptop")
    try:
        pages.open_table(player, site + joined["link"])
        page = player.page
        page.wait_for_function("Number(document.body.dataset.moves) > 0")
        page.locator('#hand button[data-card="1c"]').click()  # refused by its rule SH4: said, not linked
        assert "(rule SH4)" in page.locator("#selection-note").inner_text()
        assert page.locator("#rules-link").is_hidden() and page.locator("a.rule-link").count() == 0
        assert not player.problems, player.problems
    finally:
        player.close()


@pytest.mark.parametrize("game", ["8½", "Eights"])
def test_once_the_game_is_over_its_table_shows_every_card(
    browser: Any, server: ServerProcess, site: str, game: str
) -> None:
    settings: dict[str, Any] = {"game": game, "players": 3, "seats": ["greedy"] * 3, "pace": 0, "seed": 4}
    if game == "8½":
        settings["rules"] = {"move_limit": 2000}
    made = new_table(server, settings)
    watcher = pages.Player(browser, pages.PHONE, "phone")
    try:
        pages.open_table(watcher, f"{site}/table/{made['id']}")
        page = watcher.page
        page.locator("#result").wait_for(state="visible")
        watcher.collect()
        final = next(frame for frame in reversed(watcher.frames) if frame.get("type") == "state")["final"]
        tables = page.locator("#result-reveal table")
        assert tables.count() >= 1
        rows = tables.first.locator("tbody tr")
        assert rows.count() == 3
        text = page.locator("#result-reveal").inner_text()
        if game == "8½":
            outcome = final["outcome"]
            assert "Big Loser (E5)" in text and "Cards (E4)" in text
            assert page.locator("#result-reveal a.rule-link[data-rule='E4']").count() >= 1
            for seat, count in enumerate(outcome["counts"]):
                assert str(count) in rows.nth(seat).inner_text()
            blind = [seat["blind"] for seat in final["seats"]]
            shown = [rows.nth(seat).locator("td").nth(3).inner_text() for seat in range(3)]
            assert shown == [" ".join(cards).replace("H", "½").replace("G", "Ghost") or "—" for cards in blind]
        else:
            hands = [" ".join(hand) or "—" for hand in final["hand"]["hands"]]
            assert [rows.nth(seat).locator("td").first.inner_text() for seat in range(3)] == hands
            assert "The stack, from the top:" in text
        assert page.evaluate("document.documentElement.scrollWidth") <= pages.PHONE["width"]
        assert not watcher.problems, watcher.problems
    finally:
        watcher.close()
