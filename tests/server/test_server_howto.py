"""How to play, where players look (issue 38, item 5): each game's rules page, and a finished game's every card.

- ``GET /games/{key}/rules?lang=`` shows each game's "How to play" page in English, French and
  Dutch: the short screen (the aim, a turn, the special cards or the spelling, the end and the
  scores), then every rule of the rule book with an anchor of its id. The ids are read from the
  docs' own rule pages (``docs/rules.rst``, ``docs/eights.rst``), which users and CI see.
- ``GET /api/games`` gives each game's page and rule ids; the third game of the tests
  (``tests/thirdgame``) has no page: no address, no ids, a 404, and so no links.
- The lobby and the table page carry the links' places; every rule id a board's text cites
  is one the page has an anchor for.
- Once the game is over, and only then, every frame carries the whole final state (``final``),
  to every seat and spectator alike, a new connection included.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Final

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from eighthalf.core.i18n import LOCALES
from eighthalf.formats.replay import replay_states
from eighthalf.registry import find, games
from eighthalf.server.web.app import create_app
from eighthalf.server.web.howto import HowtoError, howto_text, rule_ids

ROOT: Final = Path(__file__).resolve().parent.parent.parent
DOCS: Final = {"eighthalf": ROOT / "docs" / "rules.rst", "eights": ROOT / "docs" / "eights.rst"}
"""Each game's rule page in the docs, whose ``**S1**`` marks name its rules."""

SCREEN: Final = {
    "eighthalf": ["aim", "a-turn", "special-cards", "the-end"],
    "eights": ["aim", "a-turn", "spelling", "the-end"],
}
"""The sections of each game's short screen: the aim, a turn, the special cards or the spelling, the end."""

CITED: Final = re.compile(r"(?<![A-Za-z0-9])([A-Z]{1,2}[0-9]{1,2})(?![A-Za-z0-9])")


def docs_rule_ids(key: str) -> list[str]:
    """The rule ids of a game's docs page, in order (``**P1**``)."""
    return list(dict.fromkeys(re.findall(r"\*\*([A-Z]{1,2}[0-9]{1,2})\*\*", DOCS[key].read_text(encoding="utf-8"))))


class _Page(HTMLParser):
    """What the tests read of a page: its language, its ids, its links and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.ids: list[str] = []
        self.links: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def read_page(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """A server on an in-memory database, its lifespan running."""
    with TestClient(create_app(":memory:")) as test_client:
        yield test_client


@pytest.mark.parametrize("key", ["eighthalf", "eights"])
@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_each_game_has_a_rules_page_in_each_language_with_an_anchor_for_every_rule(
    client: TestClient, key: str, lang: str
) -> None:
    answer = client.get(f"/games/{key}/rules?lang={lang}")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    assert answer.headers["content-language"] == lang
    page = read_page(answer.text)
    assert page.lang == lang
    wanted = docs_rule_ids(key)
    assert len(wanted) >= (40 if key == "eighthalf" else 25)
    missing = [rule for rule in wanted if rule not in page.ids]
    assert not missing, f"the {lang} page of {key} has no anchor for {missing}"
    assert page.ids[1 : 1 + len(SCREEN[key])] == SCREEN[key]  # the title, then the short screen first
    # every rule id written in its text is a link to that rule's anchor, and each anchor is there
    anchors = {link[1:] for link in page.links if link.startswith("#")}
    assert set(wanted) <= anchors and anchors <= set(page.ids)
    text = " ".join(page.text)
    if lang != "en":  # told in that language, not English: the sheets' own words
        english = read_page(client.get(f"/games/{key}/rules?lang=en").text)
        assert text != " ".join(english.text)
        words = {
            "fr": {"eighthalf": "défausse", "eights": "épeler"},
            "nl": {"eighthalf": "aflegstapel", "eights": "spel"},
        }
        assert words[lang][key] in text.lower()
    for other in LOCALES:
        assert f'href="?lang={other}"' in answer.text  # the page in the other languages


def test_the_page_follows_accept_language_and_a_region_and_falls_back_to_english(client: TestClient) -> None:
    assert (
        read_page(client.get("/games/eighthalf/rules", headers={"accept-language": "nl-BE,fr;q=0.5"}).text).lang == "nl"
    )
    assert read_page(client.get("/games/eighthalf/rules?lang=fr-BE").text).lang == "fr"
    assert read_page(client.get("/games/eights/rules?lang=de").text).lang == "en"
    assert read_page(client.get("/games/eights/rules").text).lang == "en"
    assert client.get("/games/eighthalf/rules").headers["vary"] == "Accept-Language"


@pytest.mark.parametrize("key", ["eighthalf", "eights"])
def test_every_language_says_the_same_rules_and_cites_only_rules_that_exist(key: str) -> None:
    entry = next(entry for entry in games() if entry.key == key)
    english = howto_text(entry, "en")
    assert english is not None and english["title"].startswith("How to play")
    ids = rule_ids(entry)
    assert ids == docs_rule_ids(key) or set(docs_rule_ids(key)) <= set(ids)
    for lang in LOCALES:
        text = howto_text(entry, lang)
        assert text is not None
        assert [rule for group in text["rules"] for rule in group["rules"]] == ids, lang
        assert [section["id"] for section in text["screen"]] == SCREEN[key], lang
        assert [word["id"] for word in text.get("words", [])] == [word["id"] for word in english.get("words", [])]
        written = json.dumps(text, ensure_ascii=False)
        cited = set(CITED.findall(written))
        assert cited <= set(ids), (lang, sorted(cited - set(ids)))
        for group in text["rules"]:
            for rule, statement in group["rules"].items():
                assert 0 < len(statement) <= 400, (lang, rule)  # one short statement each


def test_the_games_listing_gives_each_page_and_its_rule_ids_and_the_third_game_has_none(client: TestClient) -> None:
    listed = {game["key"]: game for game in client.get("/api/games").json()}
    assert listed["eighthalf"]["rules_page"] == "/games/eighthalf/rules"
    assert listed["eights"]["rules_page"] == "/games/eights/rules"
    assert set(docs_rule_ids("eighthalf")) <= set(listed["eighthalf"]["rule_ids"])
    assert set(docs_rule_ids("eights")) <= set(listed["eights"]["rule_ids"])
    assert "shedding" in listed, "the third game is registered by the tests' conftest"
    assert listed["shedding"]["rules_page"] is None and listed["shedding"]["rule_ids"] == []
    for path in ("/games/shedding/rules", "/games/chess/rules", "/games/eighthalf/rules/extra"):
        missing = client.get(path)
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not-found", path


def test_a_malformed_page_file_is_refused_with_what_is_wrong() -> None:
    from eighthalf.server.web.howto import _checked

    with pytest.raises(HowtoError, match="expected an object with a title"):
        _checked([], "x.json")
    with pytest.raises(HowtoError, match=r"rules\[0\]\.rules: expected rule ids"):
        _checked(
            {"title": "t", "screen": [{"id": "a", "heading": "A", "text": ["p"]}], "rules": [{"heading": "h"}]}, "x"
        )
    with pytest.raises(HowtoError, match="unknown keys"):
        _checked({"title": "t", "extra": 1}, "x")


STATIC: Final = ROOT / "eighthalf" / "server" / "static"


def test_the_lobby_and_the_table_page_have_their_links_places() -> None:
    """The lobby lists each game's page (lobby.js fills #howto-games from the listing); the
    table page's header links to its game's page (#rules-link), its refusals and notes link
    each rule id (app.js's rulesOf), and its result shows every card (#result-reveal)."""
    lobby = read_page((STATIC / "index.html").read_text(encoding="utf-8"))
    table = read_page((STATIC / "table.html").read_text(encoding="utf-8"))
    assert {"howto", "howto-games"} <= set(lobby.ids)
    assert {"rules-link", "result-reveal", "error-rule", "selection-note"} <= set(table.ids)
    script = (STATIC / "table.js").read_text(encoding="utf-8")
    assert 'rules.linked(t("Rule {rule}:"' in script and "rules.linked(answer.note)" in script
    assert "rules_page" in (STATIC / "app.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("key", ["eighthalf", "eights"])
def test_every_rule_id_a_board_cites_has_its_anchor_on_the_page(key: str) -> None:
    board = (ROOT / "eighthalf" / "games" / key / "board" / "board.js").read_text(encoding="utf-8")
    cited = set(CITED.findall(board))
    entry = next(entry for entry in games() if entry.key == key)
    assert cited and cited <= set(rule_ids(entry)), sorted(cited - set(rule_ids(entry)))
    words = {word["id"] for word in (howto_text(entry) or {}).get("words", [])}
    linked = set(re.findall(r'link\(t\("[^"]+"\), "([a-z-]+)"\)', board)) | set(
        re.findall(r'term\(N_\("[^"]+"\), "([a-z-]+)"\)', board)
    )
    assert linked <= words, sorted(linked - words)  # the status line's terms link to their explanation


def _receive_state(ws: Any) -> dict[str, Any]:
    for _ in range(10_000):
        message = ws.receive_json()
        if message["type"] == "state":
            return dict(message)
    raise AssertionError("no state frame")


@pytest.mark.parametrize(("game", "rounds"), [("8½", 1), ("8½", 2), ("Eights", 1)], ids=["round", "match", "eights"])
def test_every_card_is_shown_once_the_game_is_over_and_never_before(client: TestClient, game: str, rounds: int) -> None:
    """A table of bots played to its end, a spectator and (after the end) a seat-less newcomer
    watching: no frame carries ``final`` before the end; every frame after it carries the whole
    final state, the blind cards, hands, counts and Big Losers (8½, E4, E5) or every hand (Eights)."""
    settings: dict[str, Any] = {"game": game, "players": 3, "seats": ["greedy"] * 3, "pace": 0, "seed": 4}
    if rounds > 1:
        settings["rounds"] = rounds
    if game == "8½":
        settings["rules"] = {"move_limit": 2000}
    made = client.post("/api/tables", json=settings)
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    entry = find(game)
    with client.websocket_connect(f"/ws/{table_id}") as watcher:
        watcher.send_json({"type": "hello"})
        for _ in range(20_000):
            frame = _receive_state(watcher)
            if frame["result"] is not None:
                break
            assert "final" not in frame, frame["number"]
        else:
            raise AssertionError("the game did not end")
    record = entry.records.loads(client.get(f"/api/tables/{table_id}/record").text)
    true = list(replay_states(record))[-1]
    whole = entry.documents.to_data(true)
    assert frame["final"] == whole
    with client.websocket_connect(f"/ws/{table_id}") as late:  # a spectator who comes after the end
        late.send_json({"type": "hello"})
        assert _receive_state(late)["final"] == whole
    if game == "8½":
        last = whole["state"] if rounds > 1 else whole
        outcome = last["outcome"]
        assert outcome["counts"] and outcome["big_losers"]  # E4, E5: what decided the points
        assert any(seat["blind"] or seat["hand"] or seat["bank"] for seat in last["seats"])  # cards once hidden
        for seat, count in zip(last["seats"], outcome["counts"], strict=True):
            assert count == sum(len(seat[zone]) for zone in ("hand", "bank", "open", "blind", "collected"))
    else:
        assert [len(hand) for hand in whole["hand"]["hands"]] and "stack" in whole["hand"]
