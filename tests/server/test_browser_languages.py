"""The pages in the browser's language, and the page's own setting (issue 27, item 4).

A lobby opened by a Chromium whose locale is French shows French (its ``Accept-Language``,
as the server reads it): the marked HTML, the text the script writes and ``<html lang>``;
the language setting switches it to Dutch, and the choice stays after a reload. A seat's
table page in a French (8½) or Dutch (Eights) browser tells its setting, buttons, notes and
the server's narration in that language, on a phone's screen with no word broken. The HTTP
side (``GET /api/i18n``) is checked without a browser.

Needs Playwright and a Chromium for the browser test (``EIGHTHALF_CHROMIUM``, the system's
``chromium``, or Playwright's own); skips with the reason otherwise.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Final

import pytest
from browser_support import PHONE, RECORD_FRAMES, launch_chromium, touch_cards
from server_support import (
    ServerProcess,
    http,
    new_table,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

from eighthalf.server.web.pages import accept_language, page_messages


def test_the_server_gives_the_pages_catalogue_of_a_language_or_of_accept_language(server: ServerProcess) -> None:
    status, answer = http(server, "GET", "/api/i18n/nl")
    assert status == 200 and answer["lang"] == "nl"
    assert answer["messages"]["New table"] == "Nieuwe tafel" and answer["messages"] == dict(page_messages("nl"))
    status, answer = http(server, "GET", "/api/i18n/en")
    assert (status, answer) == (200, {"lang": "en", "messages": {}})
    status, answer = http(server, "GET", "/api/i18n/de")
    assert status == 404 and answer["error"]["code"] == "not-found"
    status, answer = http(server, "GET", "/api/i18n", headers={"Accept-Language": "de;q=1, fr;q=0.4, nl;q=0.6"})
    assert status == 200 and answer["lang"] == "nl"
    status, answer = http(server, "GET", "/api/i18n")
    assert status == 200 and answer["lang"] == "en"


def test_accept_language_honours_q_values_and_refusals() -> None:
    assert accept_language("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7") == "fr"
    assert accept_language("en;q=0.5, nl-BE") == "nl"
    assert accept_language("nl;q=0.5, fr;q=0.5") == "nl"  # a tie: the first listed
    assert accept_language("fr;q=0, en;q=0.1") == "en"
    assert accept_language("de, es;q=0.9") == "en"
    assert accept_language("fr;q=abc, ;;, nl;q=0.3") == "nl"  # a malformed entry is skipped
    assert accept_language("x" * 5000) == "en"


def _texts(page: Any) -> dict[str, str]:
    texts: dict[str, str] = page.evaluate(
        """() => ({
            lang: document.documentElement.lang,
            heading: document.getElementById("new-heading").textContent,
            title: document.title,
            create: document.getElementById("create").textContent,
            seed: document.getElementById("seed").placeholder,
            person: document.querySelector("#seat-0 option").textContent,
            setting: document.getElementById("language").value,
            state: document.querySelector("#tables tbody tr td:nth-child(3)").textContent,
        })"""
    )
    return texts


def test_a_lobby_in_a_french_browser_is_french_and_the_setting_switches_it_to_dutch_for_good(
    server: ServerProcess,
) -> None:
    new_table(server, {"game": "8½", "players": 3, "seats": [None, None, "greedy"]})
    with launch_chromium() as browser:
        context = browser.new_context(locale="fr-FR")
        try:
            page = context.new_page()
            page.goto(f"{server.url}/")
            page.wait_for_function("document.body.dataset.ready === '1'")
            assert _texts(page) == {
                "lang": "fr",
                "heading": "Nouvelle table",
                "title": "eighthalf — tables",
                "create": "Créer la table",
                "seed": "au hasard",
                "person": "une personne",
                "setting": "fr",
                "state": "il manque 2 joueurs",
            }
            with page.expect_navigation():
                page.select_option("#language", "nl")
            page.wait_for_function("document.body.dataset.ready === '1'")
            dutch = {
                "lang": "nl",
                "heading": "Nieuwe tafel",
                "title": "eighthalf — tafels",
                "create": "Tafel maken",
                "seed": "willekeurig",
                "person": "een persoon",
                "setting": "nl",
                "state": "wacht op nog 2 spelers",
            }
            assert _texts(page) == dutch
            page.reload()
            page.wait_for_function("document.body.dataset.ready === '1'")
            assert _texts(page) == dutch
            with page.expect_navigation():
                page.select_option("#language", "en")
            page.wait_for_function("document.body.dataset.ready === '1'")
            assert _texts(page)["heading"] == "New table" and _texts(page)["lang"] == "en"
        finally:
            context.close()


# --------------------------------------------------------------------------- the table page

_WORDS_BROKEN: Final = """() => {
  // The words of the page's visible text that break across two lines (none should: a longer
  // French or Dutch word must wrap whole, not split mid-word). The log and the hidden are not read.
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const holder = text.parentElement;
    if (!holder || holder.closest("#log, .sr, [hidden], pre, select") || holder.offsetParent === null) continue;
    let at = 0;
    for (const word of text.textContent.split(/(\\s+)/)) {
      if (word.trim()) {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word);
      }
      at += word.length;
    }
  }
  return broken;
}"""


SHOT_NAMES: Final = {"8½": "eighthalf", "Eights": "eights"}  # the screenshots' file names


@pytest.mark.parametrize(
    ("game", "locale", "played"),
    [("8½", "fr-FR", " joue "), ("Eights", "nl-NL", " spelt ")],
    ids=["round-fr", "eights-nl"],
)
def test_a_table_page_in_a_french_or_dutch_browser_tells_its_buttons_and_the_narration_in_that_language(
    server: ServerProcess, tmp_path: Path, game: str, locale: str, played: str
) -> None:
    """A seat's table page on a phone whose browser asks for French (8½) or Dutch (Eights): the
    page's language setting, its marked HTML, the text its script writes (the turn, the buttons,
    the selection's note) and the server's narration (the hello carries the language) are in
    it; nothing is wider than the phone and no word breaks mid-word. The page is photographed
    (``EIGHTHALF_SCREENSHOTS``: into that directory)."""
    language = locale[:2]
    catalogue = page_messages(language)
    made = new_table(server, {"game": game, "players": 2, "seed": 5, "seats": [None, "greedy"]})
    link = http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})[1]["link"]
    shots = Path(os.environ.get("EIGHTHALF_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    with launch_chromium() as browser:
        context = browser.new_context(locale=locale, viewport=PHONE, has_touch=True, is_mobile=True)
        context.add_init_script(RECORD_FRAMES)
        context.set_default_timeout(120_000)  # a bound for a hung page, far above a slow machine
        try:
            page = context.new_page()
            page.goto(server.url + link)
            page.wait_for_function("Number(document.body.dataset.moves) > 0")  # Anna's turn (the bot moves alone)
            frames = [json.loads(text) for text in page.evaluate("window.__frames.slice()")]
            welcome = next(frame for frame in frames if frame["type"] == "welcome")
            assert welcome["lang"] == language, "the hello asked for the page's language"
            shown = page.evaluate(
                """() => ({
                    lang: document.documentElement.lang,
                    setting: document.getElementById("language").value,
                    label: document.querySelector("header .language span").textContent,
                    turn: document.getElementById("turn").textContent,
                    play: document.getElementById("play-button").textContent,
                    clear: document.getElementById("clear").textContent,
                    summary: document.querySelector("#type-a-move summary").textContent,
                    note: document.getElementById("selection-note").textContent,
                    seats: document.querySelector("#seats-heading span").textContent,
                    log: document.getElementById("log-heading").textContent,
                    board: document.querySelector(".board:not([hidden]) h2 span").textContent,
                    fresh: getComputedStyle(document.documentElement).getPropertyValue("--fresh-mark").trim(),
                })"""
            )
            hint = (
                "Tap the cards to play from your hand, then Play."
                if game == "8½"
                else "Tap hand and table cards to spell a number word, ONE to EIGHT, then Play; "
                "each table card you use needs a hand card of its suit to replace it."
            )
            assert shown == {
                "lang": language,
                "setting": language,
                "label": catalogue["Language"],
                "turn": catalogue["Your turn"],
                "play": catalogue["Play"],
                "clear": catalogue["Clear"],
                "summary": catalogue["Type a move"],
                "note": catalogue[hint],
                "seats": catalogue["Seats"],
                "log": catalogue["What happened"],
                "board": catalogue["Pile" if game == "8½" else "Table"],
                "fresh": f'"{catalogue["new"]}"',  # the mark of the cards the last move laid
            }
            states = [frame for frame in frames if frame["type"] == "state"]
            move = next(move for move in states[-1]["moves"] if move not in ("c", "pass"))
            button = touch_cards(page, move)
            assert page.locator(".card.selected").count() > 0
            if button == "#play-button":  # the button says the move in the page's language
                label = page.locator(button).inner_text()
                assert label != "Play" and label not in catalogue, label  # a filled-in message, e.g. "Jouer un 7"
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            assert page.evaluate(
                "[...document.querySelectorAll('.scroll-x')].every((s) => s.scrollWidth <= s.clientWidth)"
            )
            assert not page.evaluate(_WORDS_BROKEN)
            page.screenshot(path=str(shots / f"table-{language}-{SHOT_NAMES[game]}.png"))
            before = int(page.evaluate("Number(document.body.dataset.number)"))
            page.locator(button).click()
            page.wait_for_function("n => Number(document.body.dataset.number) > n", arg=before)
            log = page.locator("#log").inner_text()
            assert played in log and " plays " not in log and " spells " not in log, log
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            assert not page.evaluate(_WORDS_BROKEN)
            page.screenshot(path=str(shots / f"table-{language}-{SHOT_NAMES[game]}-after.png"), full_page=True)
        finally:
            context.close()
