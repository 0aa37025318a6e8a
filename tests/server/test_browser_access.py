"""The table page by keyboard alone, for screen readers, and on a laptop's and a phone's screen.

Part of a game of each game is played with the keyboard alone (the arrow keys to each
card, Space, then P, C or S), while the turn is told by the banner, the tab's title and,
when it is on, a sound. axe-core finds no serious or critical violation on the lobby and
mid-game on the table of both games, on a laptop and a phone; there nothing is wider than
the phone, the seats' headers break no word, and the keyboard's hint is not on the phone.
Those mid-game pages are the docs' screenshots (``EIGHTHALF_SCREENSHOTS=docs/_static/screenshots``
writes them there).

Needs Playwright and a Chromium (``EIGHTHALF_CHROMIUM``, the system's ``chromium``, or
Playwright's own), and axe-playwright-python; skips with the reason otherwise.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
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

ROUND_SEED: Final = 7  # a two-player round
EIGHTS_SEED: Final = 3  # a two-player Eights game
CHOICE_SEED: Final = 11  # which legal move each turn is made
NAMES: Final = ("Anna-Lena Maria", "Bartholomew")  # Anna on a laptop, Ben on a phone: long names, as people give

SERIOUS: Final = ("serious", "critical")
SCREENSHOTS: Final = {"8½": "eighthalf", "Eights": "eights"}  # the games' file names in docs/_static/screenshots


def _seated(browser: Any, server: ServerProcess, game: str, seed: int, *, sound: bool = False) -> list[pages.Player]:
    """A new two-seat table with Anna on a laptop and Ben on a phone, each on its seat's private link
    (by their long names, :data:`NAMES`, as people give them: the pile's labels must stay under their cards)."""
    made = new_table(server, {"game": game, "players": 2, "seed": seed})
    players = []
    for seat, (name, size, label) in enumerate(((NAMES[0], pages.LAPTOP, "laptop"), (NAMES[1], pages.PHONE, "phone"))):
        status, joined = http(server, "POST", f"/api/tables/{made['id']}/seats/{seat}", {"name": name})
        assert status == 201, joined
        player = pages.Player(browser, size, label)
        if sound and seat == 0:
            player.context.add_init_script("localStorage.setItem('eighthalf:sound', 'on')")
        players.append(player)
        pages.open_table(player, server.url + joined["link"])
    return players


def _play_moves(players: list[pages.Player], count: int) -> None:
    """Make ``count`` moves by touch, each chosen by CHOICE_SEED from the legal ones."""
    choose = random.Random(CHOICE_SEED)
    for _ in range(count):
        mover = pages.to_move(players)
        assert mover is not None, "the game ended early"
        pages.make_move(mover, choose.choice(pages.legal_moves(mover)))
    pages.to_move(players)


def _picks_of(page: Any, move: str, game: str) -> list[str]:
    """The cards (their pick keys) that make ``move``, and nothing more."""
    cards: list[tuple[str, str]] = []  # (the list's id, the card)
    if game == "Eights":
        for token in move.split(" ")[1:]:
            used, _, laid = token.rpartition(">")
            cards += [("letters", used)] if used else []
            cards.append(("hand", laid))
    elif move in ("c", "d"):
        return []
    elif move[0] == "b":
        return [move]
    else:
        zone, symbols = ("open", move[1:]) if move[0] == "o" else ("hand", move)
        cards = [(zone, symbol) for symbol in symbols]
    picks: list[str] = []
    for zone, card in cards:
        found = page.locator(f'#{zone} button[data-card="{card}"]').evaluate_all(
            "cards => cards.map((c) => c.dataset.pick)"
        )
        picks.append(next(pick for pick in found if pick not in picks))
    return picks


def _keyboard_move(player: pages.Player, move: str, game: str) -> None:
    """Make a move with the keyboard alone: arrow keys to each card, Space, then P (C collects, S passes;
    a spelling among several: Tab to it, Enter)."""
    page = player.page
    for pick in _picks_of(page, move, game):
        for _ in range(40):  # a bound on key presses, far above any hand
            here = page.evaluate("document.activeElement.dataset ? document.activeElement.dataset.pick || null : null")
            if here == pick:
                break
            rows = page.evaluate(
                """() => [...document.querySelectorAll(".game .cards")]
                  .map((list) => [...list.querySelectorAll("button[data-pick]")].filter((b) => b.offsetParent !== null)
                    .map((b) => b.dataset.pick)).filter((row) => row.length)"""
            )
            if here is None:
                page.keyboard.press("ArrowRight")
                continue
            row = next(index for index, each in enumerate(rows) if here in each)
            target = next(index for index, each in enumerate(rows) if pick in each)
            if row != target:
                page.keyboard.press("ArrowDown" if target > row else "ArrowUp")
            else:
                page.keyboard.press("ArrowRight" if rows[row].index(pick) > rows[row].index(here) else "ArrowLeft")
        else:
            raise AssertionError(f"the arrow keys did not reach {pick}")
        page.keyboard.press("Space")
        assert page.locator(f'[data-pick="{pick}"]').get_attribute("aria-pressed") == "true"
    before = player.number()
    if page.locator("#choices").is_visible():
        for _ in range(60):  # a bound on key presses
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.dataset.move || ''") == move:
                break
        page.keyboard.press("Enter")
    else:
        page.keyboard.press("c" if move == "c" else "s" if move.startswith("pass") else "p")
    page.wait_for_function("n => Number(document.body.dataset.number) > n", arg=before)


@pytest.mark.parametrize(("game", "seed"), [("8½", ROUND_SEED), ("Eights", EIGHTS_SEED)], ids=["round", "eights"])
def test_keyboard_alone_plays_part_of_a_game_and_the_turn_is_told(
    browser: Any, server: ServerProcess, site: str, game: str, seed: int
) -> None:
    anna, ben = players = _seated(browser, server, game, seed, sound=True)
    try:
        choose = random.Random(CHOICE_SEED)
        turns = {"laptop": 0, "phone": 0}
        for _ in range(12):
            mover = pages.to_move(players)
            assert mover is not None
            other = ben if mover is anna else anna
            # Whose turn: the banner, the tab's title and the seats' table, in words.
            assert mover.page.locator("#turn").inner_text() == "Your turn"
            assert mover.page.title() == f"● Your turn — {game}"
            name = NAMES[0] if mover is anna else NAMES[1]
            assert other.page.locator("#turn").inner_text() == f"{name}'s turn"
            assert "Your turn" not in other.page.title()
            assert "to move" in other.page.locator(f"#seats tr[data-seat='{0 if mover is anna else 1}']").inner_text()
            _keyboard_move(mover, choose.choice(pages.legal_moves(mover)), game)
            turns[mover.label] += 1
        assert turns["laptop"] and turns["phone"], turns
        # The last move is on the table (its cards marked on the pile, or its words above it), with names.
        assert (
            anna.page.locator("#last-move").is_visible()
            and "Last move:" in anna.page.locator("#last-move").inner_text()
        )
        assert not re.search(r"\bseat \d", anna.page.locator(".game, #log").first.inner_text())
        # The sound: on for Anna (stored on her device), off by default for Ben.
        assert int(anna.page.evaluate("Number(document.body.dataset.chimes || 0)")) >= 1
        assert ben.page.evaluate("document.body.dataset.chimes") is None and not ben.page.locator("#sound").is_checked()
        assert anna.page.locator("#sound").is_checked()
        # The keyboard's hint is for keyboards: not on the phone.
        assert anna.page.locator("#keys-hint").is_visible() and not ben.page.locator("#keys-hint").is_visible()
        problems = anna.problems + ben.problems
        assert not problems, problems
    finally:
        for each in players:
            each.close()


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


def _words_broken(page: Any, selector: str) -> list[str]:
    """The words of the cells matching ``selector`` that break across lines (none should)."""
    return list(
        page.evaluate(
            """(selector) => {
              const broken = [];
              for (const cell of document.querySelectorAll(selector)) {
                const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
                for (let text = walker.nextNode(); text; text = walker.nextNode()) {
                  let at = 0;
                  for (const word of text.textContent.split(" ")) {
                    const range = document.createRange();
                    range.setStart(text, at);
                    range.setEnd(text, at + word.length);
                    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
                    if (lines.size > 1) broken.push(word);
                    at += word.length + 1;
                  }
                }
              }
              return broken;
            }""",
            selector,
        )
    )


def test_the_lobby_is_accessible_and_says_its_seats_and_options_in_words(
    browser: Any, server: ServerProcess, site: str
) -> None:
    # unseeded tables, so that the lobby's game column is as narrow as it gets on a phone
    new_table(server, {"game": "8½", "players": 3})
    new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"]})
    made = new_table(server, {"game": "8½", "players": 2})
    http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
    problems = []
    for size, label in ((pages.LAPTOP, "laptop"), (pages.PHONE, "phone")):
        visitor = pages.Player(browser, size, label)
        try:
            page = visitor.page
            page.goto(site + "/")
            page.wait_for_function("document.body.dataset.ready === '1'")
            listed = page.locator("#tables").inner_text()
            assert "3 more players" in listed and "1 more player" in listed and "(s)" not in listed, listed
            options = page.locator("#options").inner_text()
            assert "_" not in options and "Open cards of one rank together" in options, options
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            assert not _words_broken(page, "#tables td"), (label, _words_broken(page, "#tables td"))
            problems += _axe(page, f"lobby {label}")
            if size is pages.PHONE:  # Dutch says the most in the narrow columns: still no word cut ("Eights")
                with page.expect_navigation():
                    page.select_option("#language", "nl")
                page.wait_for_function("document.body.dataset.ready === '1'")
                assert not _words_broken(page, "#tables td"), _words_broken(page, "#tables td")
            problems += visitor.problems
        finally:
            visitor.close()
    assert not problems, problems


@pytest.mark.parametrize(
    ("game", "seed", "moves"), [("8½", ROUND_SEED, 9), ("Eights", EIGHTS_SEED, 5)], ids=["round", "eights"]
)
def test_the_table_mid_game_is_accessible_and_fits_a_laptop_and_a_phone(
    browser: Any, server: ServerProcess, site: str, tmp_path: Path, game: str, seed: int, moves: int
) -> None:
    players = _seated(browser, server, game, seed)
    shots = Path(os.environ.get("EIGHTHALF_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    try:
        _play_moves(players, moves)
        mover = pages.to_move(players)
        assert mover is not None
        # The cards of a move selected on the seat to move: the selected state is checked too, and shown
        # in the pictures, with the Play button offering that move.
        move = next(move for move in pages.legal_moves(mover) if move not in ("c", "pass"))
        assert pages.touch_cards(mover.page, move) in ("#play-button", "#pass")
        assert mover.page.locator(".card.selected").count() > 0
        problems = []
        for player in players:
            page = player.page
            page.evaluate("window.scrollTo(0, 0)")
            pages.check_layout(player, game)
            assert page.evaluate("document.documentElement.scrollWidth") <= player.size["width"], player.label
            assert not _words_broken(page, "#seats th"), (player.label, _words_broken(page, "#seats th"))
            assert page.locator("#keys-hint").is_visible() == (player.size is pages.LAPTOP), player.label
            assert page.locator("#log").get_attribute("aria-live") == "polite"
            cards = page.locator("#hand button.card")
            assert cards.count() > 0 and all(
                label and (label.endswith(", selected") == (pressed == "true"))
                for label, pressed in cards.evaluate_all(
                    "cards => cards.map((c) => [c.getAttribute('aria-label'), c.getAttribute('aria-pressed')])"
                )
            )
            problems += _axe(page, f"{game} {player.label}")
            page.screenshot(path=str(shots / f"{SCREENSHOTS[game]}-{player.label}.png"))
            problems += player.problems
        assert not problems, problems
    finally:
        for each in players:
            each.close()
