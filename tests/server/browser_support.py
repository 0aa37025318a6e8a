"""The browser tests' Chromium and pages (the server they drive is :func:`server_support.start_server`'s).

:func:`chromium_path` finds the Chromium to drive (``EIGHTHALF_CHROMIUM``, the system's
``chromium``, or Playwright's own) and :func:`launch_chromium` starts it headless, skipping
the test with the reason when Playwright or a Chromium is missing. A :class:`Player` is a
person's browser on a table's page (a laptop's or a phone's screen); :func:`touch_move`
makes a legal move on it by tapping its cards, :func:`type_move` types one, and
:func:`to_move` finds whose page offers moves, waiting on the pages' renders, not on time.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from server_support import ServerProcess

CHROMIUM_ARGS: Final = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Chromium's flags: headless in a container, and no request to anywhere but the server."""


def chromium_path(playwright: Any) -> str | None:
    """The Chromium to drive: ``EIGHTHALF_CHROMIUM``, the system's, or Playwright's own (``None``: none)."""
    configured = os.environ.get("EIGHTHALF_CHROMIUM")
    if configured:
        assert Path(configured).is_file(), f"EIGHTHALF_CHROMIUM={configured!r} is not a file"
        return configured
    system = shutil.which("chromium") or shutil.which("chromium-browser")
    if system is not None:
        return system
    try:
        managed = str(playwright.chromium.executable_path)
    except Exception:  # Playwright raises its own error when it has no browser of its own
        return None
    return managed if Path(managed).is_file() else None


@contextlib.contextmanager
def launch_chromium() -> Iterator[Any]:
    """A headless Chromium of Playwright (skips, saying why, without Playwright or a Chromium).

    Yields:
        Playwright's ``Browser``.
    """
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the browser tests need Playwright: pip install playwright"
    )
    with sync_api.sync_playwright() as playwright:
        executable = chromium_path(playwright)
        if executable is None:
            pytest.skip(
                "no Chromium: install Debian's (apt-get install chromium) or set EIGHTHALF_CHROMIUM to one's path"
                " (python -m playwright install chromium works only where Playwright's servers can be reached)"
            )
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, timeout=30_000)
        try:
            yield browser
        finally:
            browser.close()


def _click_card(page: Any, zone: str, card: str) -> None:
    """Tap one not yet selected card of ``zone`` (a list's id) showing ``card``."""
    page.locator(f'#{zone} button[data-card="{card}"][aria-pressed="false"]').first.click()


def touch_move(page: Any, move: str) -> None:
    """Make ``move`` (a legal move's notation) on the table page by tapping its cards, then
    the button that makes it: Play, Collect, Pass, Decline, or the spelling among several.

    Raises:
        AssertionError: If the page does not offer that move for those cards.
    """
    page.locator(touch_cards(page, move)).click()


def touch_cards(page: Any, move: str) -> str:
    """Tap the cards of ``move`` on the table page: the selector of the button that then makes it,
    which offers that move.

    Raises:
        AssertionError: If the page does not offer that move for those cards.
    """
    button = "#play-button"
    if page.evaluate("document.body.dataset.game") == "Eights":
        word, *cards = move.split(" ")
        for card in cards:
            if ">" in card:
                used, laid = card.split(">")
                _click_card(page, "letters", used)
                _click_card(page, "hand", laid)
            else:
                _click_card(page, "hand", card)
        if word == "pass":
            button = "#pass"
        elif page.locator("#choices").is_visible():
            button = f'#choices button[data-move="{move}"]'
    elif move in ("c", "d"):
        button = "#collect" if move == "c" else "#decline"
    elif move[0] == "b":
        page.locator(f'#blind button[data-pick="{move}"]').click()
    elif move[0] == "x":
        _click_card(page, "open", move[1])
        page.locator(f'#others button[data-pick^="x{move[2]}."][data-face="{move[3]}"]').first.click()
    else:
        zone, symbols = ("open", move[1:]) if move[0] == "o" else ("hand", move)
        for symbol in symbols:
            _click_card(page, zone, symbol)
    target = page.locator(button)
    offered = target.get_attribute("data-move")
    assert offered == move and target.is_enabled(), (move, offered, page.locator("#selection-note").inner_text())
    return button


# --------------------------------------------------------------------------- pages of a table, by touch

LAPTOP: Final = {"width": 1280, "height": 900}
"""A laptop's screen."""
PHONE: Final = {"width": 390, "height": 844}
"""A phone's screen (a touch screen)."""
MAX_CLICKS: Final = 400
"""A bound on the moves of one game made through the pages (not on time)."""
# What a player needs for a move, on screen first (8½: the call, the pile, the hand; Eights: the table's letters).
ESSENTIALS: Final = {"8½": ("#call", "#pile", "#hand", "#actions"), "Eights": ("#letters", "#hand", "#actions")}
RECORD_FRAMES: Final = """
(() => {
  window.__frames = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => window.__frames.push(event.data));
    }
  };
})();
"""


@pytest.fixture(scope="module", name="site")
def site_fixture(server: ServerProcess) -> str:
    """The module's server, ``http://127.0.0.1:PORT`` (import ``site_fixture`` to use ``site``)."""
    return server.url


@pytest.fixture(scope="module", name="browser")
def browser_fixture() -> Iterator[Any]:
    """The module's headless Chromium (import ``browser_fixture`` to use ``browser``)."""
    with launch_chromium() as launched:
        yield launched


class Player:
    """A browser context on a page of the server, the frames its websockets received, and its problems."""

    def __init__(self, browser: Any, size: dict[str, int], label: str) -> None:
        self.size = size
        self.label = label
        self.context = browser.new_context(viewport=size, has_touch=size is PHONE, is_mobile=size is PHONE)
        self.context.add_init_script(RECORD_FRAMES)
        self.context.set_default_timeout(120_000)  # a bound for a hung page, far above a slow machine
        self.page = self.context.new_page()
        self.frames: list[dict[str, Any]] = []
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"{label}: page error: {error}"))
        self.page.on("console", self._console)
        self.texts: list[tuple[int, str, dict[str, list[str]]]] = []  # (number, text but the log, cards by zone)

    def _console(self, message: Any) -> None:
        if message.type == "error" and "WebSocket" not in message.text:  # a reload drops its socket
            self.problems.append(f"{self.label}: {message.text}")

    def collect(self) -> None:
        """Keep the frames received since the last call (a reload loses the page's own list)."""
        self.frames.extend(json.loads(text) for text in self.page.evaluate("window.__frames.splice(0)"))

    def number(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.number)"))

    def snapshot(self) -> None:
        """Note what the page shows now: the move number, its text outside the log, the hand's cards."""
        number, text, zones = self.page.evaluate(
            """() => {
              // the text but the log and the last move (the seat's narration: checked by the frames)
              const text = [...document.body.querySelectorAll("header, #join, .notices, .game > :not(#last-move), #seats")]
                .map((node) => node.innerText).join("\\n");
              const zones = {};
              for (const zone of ["hand", "open", "pile", "letters"]) {
                const cards = [...document.querySelectorAll(`#${zone} [data-card]`)];
                zones[zone] = cards.filter((card) => card.offsetParent !== null).map((card) => card.dataset.card);
              }
              const all = document.querySelectorAll(".game [data-card], #seats [data-card], .notices [data-card]").length;
              zones.all = [String(all)];
              return [Number(document.body.dataset.number), text, zones];
            }"""
        )
        self.texts.append((number, text, zones))

    def close(self) -> None:
        self.context.close()


def open_table(player: Player, url: str) -> None:
    """Open a table's page (a seat's or the spectators' link) and wait for its first render."""
    player.page.goto(url)
    player.page.wait_for_function("Number(document.body.dataset.renders) > 0")


def _outside(player: Player, selectors: tuple[str, ...], *, whole: bool) -> list[str]:
    """The elements not inside the viewport without scrolling (``whole``: entirely; else their top-left corner)."""
    page, size = player.page, player.size
    wrong = []
    for selector in selectors:
        box = page.locator(selector).first.bounding_box()
        inside = box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
        if box is not None:
            bottom = box["y"] + (box["height"] if whole else min(box["height"], 40))
            inside = inside and box["y"] >= 0 and bottom <= size["height"]
        if not inside:
            wrong.append(f"{player.label} {selector} at {box} (viewport {size['width']}×{size['height']})")
    return wrong


def check_layout(player: Player, game: str) -> None:
    """What a player needs is on screen without scrolling (a laptop: wholly), and nothing is wider than it."""
    page = player.page
    assert page.evaluate("[window.scrollX, window.scrollY]") == [0, 0], (player.label, player.number())
    essentials = ESSENTIALS[game]
    assert not _outside(player, essentials, whole=player.size is LAPTOP), _outside(player, essentials, whole=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= player.size["width"]
    if player.size is PHONE:
        every = ("header", "#seats", "#log", "#your-move", "#mine")
        boxes = [page.locator(selector).first.bounding_box() for selector in every]
        assert all(box and box["x"] >= 0 and box["x"] + box["width"] <= player.size["width"] for box in boxes), boxes
    assert not _pile_labels_clash(page), _pile_labels_clash(page)
    assert not _corners_misread(page), _corners_misread(page)


_PILE_LABELS: Final = """
() => [...document.querySelectorAll("#pile .by")].map((label) => {
  const box = label.getBoundingClientRect();
  return [label.textContent, box.left, box.right, box.top, box.bottom];
})
"""


_CORNERS: Final = """
() => [...document.querySelectorAll(".card .corner")].map(
  (corner) => [corner.textContent, getComputedStyle(corner).textDecorationLine])
"""


def _corners_misread(page: Any) -> list[tuple[str, str]]:
    """The corner marks underlined when they should not be, or not when they should: a 6 or a 9
    is underlined, so that the corner shown upside down is not read as the other."""
    return [(text, line) for text, line in page.evaluate(_CORNERS) if (text in ("6", "9")) != (line == "underline")]


def _pile_labels_clash(page: Any) -> list[tuple[str, str]]:
    """The pairs of neighbouring pile cards whose players' names overlap, or a name cut by the
    screen's left edge ("<edge>"): each name stays under its own card."""
    labels = page.evaluate(_PILE_LABELS)
    clashes = [("<edge>", name) for name, left, *_ in labels if left < 0]
    clashes += [
        (a[0], b[0]) for a, b in itertools.pairwise(labels) if a[2] > b[1] and a[3] < b[4] and b[3] < a[4]
    ]  # neighbours on one row (the pile wraps) whose boxes meet
    return clashes


def legal_moves(player: Player) -> list[str]:
    """The legal moves of the newest state the page received (the server's, in its order)."""
    player.collect()
    states = [frame for frame in player.frames if frame["type"] == "state"]
    return list(states[-1]["moves"]) if states else []


def make_move(player: Player, move: str) -> None:
    """Make ``move`` by touch and wait until the page shows the move after it."""
    before = player.number()
    touch_move(player.page, move)
    player.page.wait_for_function("n => Number(document.body.dataset.number) > n", arg=before)


def to_move(players: list[Player]) -> Player | None:
    """The player whose page offers moves, once every page shows the same move (``None``: the game is over).

    Waits on the pages' own renders (the newest move number any page shows), not on a clock.
    """
    while True:
        newest = max(player.number() for player in players)
        for player in players:
            player.page.wait_for_function("n => Number(document.body.dataset.number) >= n", arg=newest)
        if {player.number() for player in players} != {newest}:
            continue  # a move came in meanwhile: wait for every page to show it too
        if all(player.page.locator("#result").is_visible() for player in players):
            return None
        offering = [player for player in players if player.page.evaluate("Number(document.body.dataset.moves)") > 0]
        # a page draws a frame's move number and its moves in one render: once every page shows the
        # newest move, the seat to move offers its moves, or the game is over
        assert offering, f"no page offers a move at move {newest}"
        return offering[0]


def type_move(player: Player, text: str) -> None:
    """Type a move in the notation, under "Type a move"."""
    page = player.page
    if not page.locator("#type-a-move").evaluate("details => details.open"):
        page.locator("#type-a-move summary").click()
    page.locator("#notation").fill(text)
    page.locator("#notation").press("Enter")
