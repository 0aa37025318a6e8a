"""Games by the day in the browser (issue 40, item 6): "Your games" in the lobby, and the table
page's notification when it becomes the person's turn.

The lobby asks the server, with the tokens this browser keeps, which tables wait for the
person, and links each. The table page shows a notification of the browser only once the
person ticked "Notify me" (the browser's leave is asked on that click), only while the page is
hidden, and never again once it is unticked. The browser's ``Notification`` is wrapped by an
init script that records each one shown, and the page's visibility is set by the test.

Needs Playwright and a Chromium (``EIGHTHALF_CHROMIUM``, the system's ``chromium``, or
Playwright's own); skips with the reason otherwise.
"""

from __future__ import annotations

from typing import Any, Final

import browser_support as pages
from browser_support import browser_fixture, site_fixture  # noqa: F401 (fixtures: imported, they serve this module)
from server_support import (
    ServerProcess,
    http,
    new_table,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

WITH_A_BOT: Final = {"game": "Eights", "players": 2, "seats": [None, "greedy"], "rules": {"target": 20}, "seed": 4}
"""A person and a bot: after the bot's move it is the person's turn again."""

RECORD_NOTIFICATIONS: Final = """
(() => {
  window.__hidden = false;
  Object.defineProperty(document, "visibilityState", { get: () => (window.__hidden ? "hidden" : "visible") });
  window.__notified = [];
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notified.push({ title, body: options && options.body });
    }
  }
  window.Notification = Recorded;
})();
"""
"""Records each notification the page shows, and lets the test hide the page (``window.__hidden``)."""


def _seated(browser: Any, server: ServerProcess) -> tuple[pages.Player, str]:
    """A person's page at a new table with a bot, on the seat's private link, and the table's id."""
    table = new_table(server, WITH_A_BOT)["id"]
    status, joined = http(server, "POST", f"/api/tables/{table}/seats/0", {"name": "Anna"})
    assert status == 201, joined
    player = pages.Player(browser, pages.LAPTOP, "laptop")
    player.context.grant_permissions(["notifications"])
    player.context.add_init_script(RECORD_NOTIFICATIONS)
    pages.open_table(player, server.url + joined["link"])
    player.page.wait_for_function("Number(document.body.dataset.moves) > 0")  # Anna's turn
    return player, table


def _move_and_wait_for_my_turn(player: pages.Player) -> None:
    """Make the first legal move (again, while the seat moves on), until the bot moved and it is the person's turn again."""
    while True:
        before = player.number()
        pages.make_move(player, pages.legal_moves(player)[0])
        player.page.wait_for_function(
            "n => Number(document.body.dataset.number) > n && Number(document.body.dataset.moves) > 0", arg=before
        )
        player.collect()
        if [frame for frame in player.frames if frame["type"] == "state"][-1]["last"]["seat"] != 0:
            return


def test_the_lobby_lists_the_tables_waiting_for_the_person_with_a_link(browser: Any, server: ServerProcess) -> None:
    player, table = _seated(browser, server)
    try:
        player.page.goto(server.url + "/")
        player.page.wait_for_function("document.body.dataset.ready === '1'")
        player.page.locator("#your-games").wait_for(state="visible")
        assert player.page.locator("#your-games-heading").inner_text() == "Your games: 1 waiting for you"
        links = player.page.locator("#your-games-list a")
        assert links.count() == 1 and links.first.get_attribute("href") == f"/table/{table}"
        assert "Anna" in links.first.inner_text()
        links.first.click()  # the table page finds the seat this browser keeps: Anna's turn, no token in the address
        player.page.wait_for_function("Number(document.body.dataset.moves) > 0")
        assert player.page.url == f"{server.url}/table/{table}"
        assert player.problems == []
    finally:
        player.close()


def test_a_notification_is_shown_only_once_asked_for_and_only_while_the_page_is_hidden(
    browser: Any, server: ServerProcess
) -> None:
    player, _ = _seated(browser, server)
    page = player.page
    try:
        assert page.locator("#notify-option").is_visible() and not page.locator("#notify").is_checked()
        page.evaluate("window.__hidden = true")
        _move_and_wait_for_my_turn(player)
        assert page.evaluate("window.__notified") == []  # not asked for: none
        page.locator("#notify").check()  # the person's click asks the browser's leave (granted here)
        page.wait_for_function("localStorage.getItem('eighthalf:notify') === 'on'")
        _move_and_wait_for_my_turn(player)
        notified = page.evaluate("window.__notified")
        assert len(notified) == 1 and notified[0]["title"] == "● Your turn — Eights", notified
        page.evaluate("window.__hidden = false")
        _move_and_wait_for_my_turn(player)
        assert len(page.evaluate("window.__notified")) == 1  # the page in view says it itself
        page.evaluate("window.__hidden = true")
        page.locator("#notify").uncheck()
        page.wait_for_function("localStorage.getItem('eighthalf:notify') === 'off'")
        _move_and_wait_for_my_turn(player)
        assert len(page.evaluate("window.__notified")) == 1
        assert player.problems == []
    finally:
        player.close()


def test_a_seat_saves_and_removes_its_webhook_on_the_table_page_and_sees_its_secret_once(
    browser: Any, server: ServerProcess
) -> None:
    player, table = _seated(browser, server)
    page = player.page
    try:
        page.locator("#webhook summary").click()
        page.locator("#webhook-status").filter(has_text="No webhook yet.").wait_for()
        page.locator("#webhook-url").fill("http://example.org/hook")  # refused: the server's words are shown
        page.locator("#webhook-save").click()
        page.locator("#webhook-status").filter(has_text="loopback host only").wait_for()
        page.locator("#webhook-url").fill("https://8.8.8.8/eighthalf")  # a public address: given
        page.locator("#webhook-save").click()
        page.locator("#webhook-status").filter(has_text="shown this once").wait_for()
        secret = page.locator("#webhook-status").inner_text().rsplit(" ", 1)[1]
        assert secret.startswith("whsec_") and len(secret) == 6 + 48
        page.reload()
        page.wait_for_function("Number(document.body.dataset.renders) > 0")
        page.locator("#webhook summary").click()
        page.locator("#webhook-status").filter(has_text="Saved: https://8.8.8.8/eighthalf").wait_for()
        assert secret not in page.content()
        page.locator("#webhook-remove").click()
        page.locator("#webhook-status").filter(has_text="No webhook yet.").wait_for()
        token = page.evaluate(f"JSON.parse(localStorage.getItem('eighthalf:seat:{table}')).token")
        status, shown = http(
            server, "GET", f"/api/tables/{table}/webhook", headers={"authorization": f"Bearer {token}"}
        )
        assert (status, shown) == (200, {"webhook": None})
        assert player.problems == [
            "laptop: Failed to load resource: the server responded with a status of 400 (Bad Request)"
        ]
    finally:
        player.close()
