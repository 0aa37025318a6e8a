"""The lobby's account area in a real browser (issue 40, item 1): sign up, a rated table, the seat on another device.

Headless Chromium on a real server process: a person makes an account in the lobby, makes a
rated table and takes its first seat; on a second device (another browser context, with no
token in its storage) they sign in and open the table page, which is given their seat by the
session cookie alone; logging out leaves the lobby as a guest's. The player's page and the
leaderboard are plain HTML that axe finds no serious fault in.
"""

from __future__ import annotations

import json
from typing import Any

import browser_support as pages
import pytest
from browser_support import browser_fixture, site_fixture  # noqa: F401 (fixtures: imported, they serve this module)
from server_support import (
    ServerProcess,
    http,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

PASSPHRASE = "a passphrase of mine"


def _sign(page: Any, site: str, button: str) -> None:
    page.goto(site + "/")
    page.wait_for_function("document.getElementById('account').dataset.ready === '1'")
    page.fill("#account-user", "Rosa")
    page.fill("#account-passphrase", PASSPHRASE)
    page.click(button)
    page.locator("#account-in").wait_for(state="visible")


def test_a_person_signs_up_makes_a_rated_table_and_finds_the_seat_on_another_device(
    browser: Any, server: ServerProcess, site: str
) -> None:
    first, second = pages.Player(browser, pages.LAPTOP, "laptop"), pages.Player(browser, pages.PHONE, "phone")
    try:
        page = first.page
        page.goto(site + "/")
        page.wait_for_function("document.body.dataset.ready === '1'")
        assert page.locator("#rated").is_disabled()  # a guest makes no rated table
        _sign(page, site, "#sign-up")
        page.wait_for_function("document.body.dataset.ready === '1'")
        assert page.locator("#account-name").inner_text() == "Signed in as Rosa"
        assert page.locator("#name").input_value() == "Rosa" and page.locator("#name").is_disabled()
        page.select_option("#game", "Eights")
        page.select_option("#players", "2")
        page.check("#rated")
        page.click("#create")
        page.locator("#created").wait_for(state="visible")
        table = page.locator("#go").get_attribute("href").rsplit("/", 1)[1]
        summary = http(server, "GET", f"/api/tables/{table}")[1]
        assert summary["rated"] is True and summary["seats"][0]["name"] == "Rosa"

        phone = second.page
        _sign(phone, site, "button[type=submit]")
        phone.goto(f"{site}/table/{table}")
        phone.wait_for_function("window.__frames.some((text) => JSON.parse(text).type === 'welcome')")
        second.collect()
        welcome = next(frame for frame in second.frames if frame["type"] == "welcome")
        assert welcome["seat"] == 0  # the seat, by the cookie alone: this device has no token
        phone.goto(site + "/")
        phone.wait_for_function("document.getElementById('account').dataset.ready === '1'")
        phone.click("#log-out-everywhere")
        phone.locator("#account-form").wait_for(state="visible")
        page.reload()
        page.wait_for_function("document.getElementById('account').dataset.ready === '1'")
        assert page.locator("#account-form").is_visible()  # everywhere: the laptop's session ended too
        # the laptop's ended session was answered 401 bad-session (and cleared): the one error the console shows
        ended = "laptop: Failed to load resource: the server responded with a status of 401 (Unauthorized)"
        assert first.problems == [ended] and second.problems == [], first.problems + second.problems
    finally:
        first.close()
        second.close()


def test_the_player_page_and_the_leaderboard_read_well(browser: Any, server: ServerProcess, site: str) -> None:
    axe = pytest.importorskip(
        "axe_playwright_python.sync_playwright", reason="the accessibility checks need axe-playwright-python"
    )
    status, _ = http(server, "POST", "/api/accounts", {"name": "Iris", "passphrase": PASSPHRASE})
    assert status == 201
    visitor = pages.Player(browser, pages.LAPTOP, "laptop")
    try:
        for path in ("/players/Iris", "/leaderboard?kind=Eights", "/players/Nobody%20Here"):
            visitor.page.goto(site + path)
            found = axe.Axe().run(visitor.page).response["violations"]
            serious = [each["id"] for each in found if each["impact"] in ("serious", "critical")]
            assert serious == [], (path, json.dumps(found)[:2000])
        assert visitor.page.locator("h1").inner_text() == "No such player"
    finally:
        visitor.close()
