"""The browser tests' Chromium (the server they drive is :func:`server_support.start_server`'s).

:func:`chromium_path` finds the Chromium to drive (``EIGHTHALF_CHROMIUM``, the system's
``chromium``, or Playwright's own) and :func:`launch_chromium` starts it headless, skipping
the test with the reason when Playwright or a Chromium is missing.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

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
