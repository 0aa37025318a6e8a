"""The pages in the browser's language, and the page's own setting (issue 27, item 4).

A lobby opened by a Chromium whose locale is French shows French (its ``Accept-Language``,
as the server reads it): the marked HTML, the text the script writes and ``<html lang>``;
the language setting switches it to Dutch, and the choice stays after a reload. The HTTP
side (``GET /api/i18n``) is checked without a browser.

Needs Playwright and a Chromium for the browser test (``EIGHTHALF_CHROMIUM``, the system's
``chromium``, or Playwright's own); skips with the reason otherwise.
"""

from __future__ import annotations

from typing import Any

from browser_support import launch_chromium
from server_support import (
    ServerProcess,
    http,
    new_table,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

from eighthalf.server.pages import accept_language, page_messages


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
