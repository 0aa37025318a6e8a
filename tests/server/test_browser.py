"""The browser client (eighthalf/server/static) in a real headless Chromium against a real server.

Two people play a whole 8½ round and a whole Eights hand through the pages BY TOUCH, each
in its own browser context (one on a laptop's screen, one on a phone's): each turn a move
is chosen from the seat's legal moves and made by tapping its cards, then Play, Collect
or Pass; one of them reloads mid-game and rejoins its seat; a spectator follows the table.
Every frame a page receives is recorded and checked, once the game is over, against the
library's view of the finished record for that page's seat; the spectator's page never
shows a hand, and each player's page shows its own hand and no other. A selection that is
no legal move is refused on the page with the reason the server gives for it; an illegal
move typed on the page shows its rule, once. The layout is checked at every turn: at
1280×900 the board, the hand and the move's buttons are on screen without scrolling; at
390×844 nothing is wider than the screen. Part of a game is played by keyboard alone.
axe-core finds no serious or critical violation on the lobby and mid-game on the table of
both games, on a laptop and a phone; those mid-game pages are the docs' screenshots
(``EIGHTHALF_SCREENSHOTS=docs/_static/screenshots`` writes them there).

Needs Playwright and a Chromium (``EIGHTHALF_CHROMIUM``, the system's ``chromium``, or
Playwright's own); skips with the reason otherwise.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

import pytest
from browser_support import launch_chromium, touch_cards, touch_move
from server_support import (
    ServerProcess,
    finished_record,
    http,
    new_table,
    raw_socket,
    receive_until,
    say_hello,
    send,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

from eighthalf.common.registry import documents_for
from eighthalf.common.replay import replay_states

LAPTOP: Final = {"width": 1280, "height": 900}
PHONE: Final = {"width": 390, "height": 844}
ROUND_SEED: Final = 7  # a two-player round (the moves are chosen by CHOICE_SEED from the legal ones)
EIGHTS_SEED: Final = 3  # a two-player Eights game to 20
CHOICE_SEED: Final = 11  # which legal move each turn is made
MAX_CLICKS: Final = 400
PILE_SHOWN: Final = 12  # the pile cards the page shows, newest last (table.js)
# The move's text of 8½ that a typed move may be, to find an illegal one (docs/rules.rst).
ROUND_MOVES: Final = [
    "c",
    "8H",
    *(s * n for s in "0123456789HG" for n in (1, 2, 3)),
    *("o" + s for s in "0123456789HG"),
]
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


@pytest.fixture(scope="module")
def site(server: ServerProcess) -> str:
    """The module's server, ``http://127.0.0.1:PORT``."""
    return server.url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
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


def _open_table(player: Player, url: str) -> None:
    player.page.goto(url)
    player.page.wait_for_function("Number(document.body.dataset.renders) > 0")


def _create_table(
    player: Player, server: str, game: str, seed: int, name: str, rules: dict[str, str]
) -> tuple[str, str]:
    """Make a two-seat table for two people through the lobby: the seat 1 invitation and the spectator link."""
    page = player.page
    page.goto(server + "/")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.get_by_label("Game").select_option(game)
    page.get_by_label("Players").select_option("2")
    page.locator("#seat-1").select_option("")
    for key, value in rules.items():
        page.locator(f"#option-{key}").fill(value)
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Seed").fill(str(seed))
    page.get_by_role("button", name="Create the table").click()
    page.locator("#created").wait_for(state="visible")
    links = page.locator("#invitations input").evaluate_all("inputs => inputs.map((input) => input.value)")
    assert len(links) == 2 and re.fullmatch(r"http://127\.0\.0\.1:\d+/table/\w+\?seat=1", links[0]), links
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/table/\w+", links[1]), links
    # The creator's token is in this browser's storage only: in no link of the page.
    assert "token" not in page.locator("#created").inner_text()
    return links[0], links[1]


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


def _check_layout(player: Player, game: str) -> None:
    page = player.page
    assert page.evaluate("[window.scrollX, window.scrollY]") == [0, 0], (player.label, player.number())
    essentials = ESSENTIALS[game]
    assert not _outside(player, essentials, whole=player.size is LAPTOP), _outside(player, essentials, whole=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= player.size["width"]
    if player.size is PHONE:
        every = ("header", "#seats", "#log", "#your-move", "#mine")
        boxes = [page.locator(selector).first.bounding_box() for selector in every]
        assert all(box and box["x"] >= 0 and box["x"] + box["width"] <= player.size["width"] for box in boxes), boxes


def _legal(player: Player) -> list[str]:
    """The legal moves of the newest state the page received (the server's, in its order)."""
    player.collect()
    states = [frame for frame in player.frames if frame["type"] == "state"]
    return list(states[-1]["moves"]) if states else []


def _make(player: Player, move: str) -> None:
    """Make ``move`` by touch and wait until the page shows the move after it."""
    before = player.number()
    touch_move(player.page, move)
    player.page.wait_for_function("n => Number(document.body.dataset.number) > n", arg=before)


def _to_move(players: list[Player]) -> Player | None:
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


def _type(player: Player, text: str) -> None:
    """Type a move in the notation, under "Type a move"."""
    page = player.page
    if not page.locator("#type-a-move").evaluate("details => details.open"):
        page.locator("#type-a-move summary").click()
    page.locator("#notation").fill(text)
    page.locator("#notation").press("Enter")


def _server_rule(player: Player, move: str) -> str:
    """The rule the server names when ``move`` is typed (an illegal move: nothing changes)."""
    page = player.page
    before = player.number()
    page.evaluate("document.getElementById('error').hidden = true")
    _type(player, move)
    page.locator("#error").wait_for(state="visible")
    assert player.number() == before
    text = page.locator("#error").inner_text()
    rule = page.locator("#error").get_attribute("data-rule")
    assert rule and re.fullmatch(r"[A-Z]+\d+", rule) and f"Rule {rule}:" in text, text
    assert text.count(rule) == 1, f"the error box states the rule once: {text!r}"
    assert page.locator("#error").get_attribute("data-code") == "illegal-move"
    return str(rule)


def _typed_move_shows_its_rule(player: Player, legal: list[str], game: str) -> None:
    """An illegal move typed on the page is refused with its rule, and nothing changes."""
    illegal = next(move for move in ROUND_MOVES if move not in legal) if game == "8½" else "FIVE 1o 2i 3n 4e 5e"
    _server_rule(player, illegal)
    assert _legal(player) == legal
    player.page.locator("#type-a-move summary").click()  # closed again
    player.page.evaluate("window.scrollTo(0, 0)")  # back up from the typed move's field, below the moves on a phone


def _note(player: Player) -> str:
    return str(player.page.locator("#selection-note").inner_text())


def _refused_selection_8(player: Player, legal: list[str]) -> bool:
    """A play of one rank from the hand that is not legal: the page refuses it with the rule the server
    names for it (``False``: the hand has no such rank)."""
    page = player.page
    hand = page.locator("#hand button[data-card]").evaluate_all("cards => cards.map((card) => card.dataset.card)")
    wrong = next((symbol for symbol in hand if symbol not in legal), None)
    if wrong is None:
        return False
    page.locator(f'#hand button[data-card="{wrong}"]').first.click()
    note = _note(player)
    assert page.locator("#play-button").is_disabled() and note.startswith("Not now:"), note
    page.keyboard.press("Escape")
    assert page.locator("#hand .card.selected").count() == 0
    rule = _server_rule(player, wrong)
    # the page's reason is the server's, word for word, with the same rule
    reason = re.fullmatch(r"Not now: (.+) \(rule ([A-Z]+\d+)\)\.", note)
    assert reason and reason[2] == rule, (wrong, rule, note)
    assert reason[1] in page.locator("#error-message").inner_text(), (note, page.locator("#error-message").inner_text())
    page.evaluate("document.getElementById('error').hidden = true; window.scrollTo(0, 0)")
    return True


def _refused_selections(player: Player, legal: list[str], game: str) -> None:
    """Selections that are no legal move: Play stays off and the page says why in words."""
    page = player.page
    if game == "8½":
        hand = page.locator("#hand button[data-card]").evaluate_all("cards => cards.map((card) => card.dataset.card)")
        two = sorted(set(hand) - {"8", "H"})
        if len(two) >= 2:
            for symbol in two[:2]:
                page.locator(f'#hand button[data-card="{symbol}"]').first.click()
            assert page.locator("#play-button").is_disabled()
            assert "not one rank" in _note(player), _note(player)
            selected = page.locator("#hand .card.selected")
            assert selected.count() == 2 and selected.first.get_attribute("aria-pressed") == "true"
            assert str(selected.first.get_attribute("aria-label")).endswith(", selected")
            page.locator("#clear").click()
    else:
        page.locator("#letters button[data-card]").first.click()
        assert page.locator("#play-button").is_disabled()
        assert "WT4" in _note(player) or "Go on" in _note(player), _note(player)
        assert page.locator("#word").is_visible()
        page.locator("#clear").click()
    assert page.locator(".card.selected").count() == 0 and page.locator("#play-button").is_disabled()


def _play(players: list[Player], spectator: Player, game: str, shots: Path, reload_at: int) -> int:
    """Make a legal move each turn by touch (chosen by CHOICE_SEED) until the game is over: the moves made."""
    clicks = 0
    reloaded = False
    refusals = 0
    choose = random.Random(CHOICE_SEED)
    while True:
        assert clicks <= MAX_CLICKS, (clicks, "the game did not end")  # a bound on moves, not on time
        mover = _to_move(players)
        for each in (*players, spectator):
            each.collect()
            each.snapshot()
        if mover is None:
            assert game != "8½" or refusals == 3, f"{refusals} refused selections checked"
            return clicks
        for player in players:
            _check_layout(player, game)
        legal = _legal(mover)
        assert legal and mover.page.locator("#play-button").is_disabled(), "nothing is played before a card is tapped"
        if clicks == 0:
            _typed_move_shows_its_rule(mover, legal, game)
            _refused_selections(mover, legal, game)
        if game == "8½" and refusals < 3 and _refused_selection_8(mover, legal):
            refusals += 1
        if clicks == 1:
            for player in players:
                player.page.screenshot(path=str(shots / f"{game}-{player.label}-start.png"))
            spectator.page.screenshot(path=str(shots / f"{game}-spectator.png"))
        if clicks == reload_at and not reloaded:
            _reload_and_rejoin(players[1])
            reloaded = True
            continue
        _make(mover, choose.choice(legal))
        clicks += 1
    return clicks


def _reload_and_rejoin(player: Player) -> None:
    """A reload rejoins the seat at once (its token kept on this device) and keeps the log."""
    page = player.page
    seat_before = page.locator("#title").inner_text()
    log_before = page.locator("#log li").count()
    player.collect()
    page.reload()
    page.wait_for_function("Number(document.body.dataset.renders) > 0")
    assert page.locator("#title").inner_text() == seat_before and "seat 1" in seat_before
    assert page.locator("#join").is_hidden() and page.url.endswith(page.url.split("/")[-1])
    assert "?" not in page.url and "#" not in page.url
    assert page.locator("#hand .card").count() > 0
    assert page.locator("#log li").count() >= log_before > 0


def _check_frames(server: ServerProcess, table: str, game: str, players: list[Player], spectator: Player) -> None:
    """Every frame each page received is the library's view for its seat, and its moves the legal ones."""
    record, _ = finished_record(server, table)
    states = list(replay_states(record))
    play = record.game
    seen = 0
    for seat, each in [*enumerate(players), (None, spectator)]:
        seated = False  # a page watches until its person sits down, then shows only its seat's frames
        for frame in each.frames:
            seated = seated or (frame["type"] == "welcome" and frame["seat"] == seat)
            if frame["type"] == "state":
                state = states[frame["number"]]
                viewer = frame["seat"]
                assert viewer == (seat if seated else None), (seat, frame["number"])
                assert frame["view"] == documents_for(play).to_data(play.view(state, viewer)), (viewer, frame["number"])
                mine = viewer is not None and play.to_move(state) == viewer
                assert frame["moves"] == ([play.move_text(move) for move in play.legal_moves(state)] if mine else [])
                seen += 1
            assert "token" not in json.dumps(frame)
        # What the page showed: its own cards only (none for the spectator), and the public ones.
        for number, text, zones in each.texts:
            if number < 0:
                continue
            state = states[number]
            shown = documents_for(play).to_data(play.view(state, seat))
            if game == "8½":
                own = shown["seats"][seat] if seat is not None else {"hand": "", "open": ""}
                expected = {"hand": list(own["hand"]), "open": list(own["open"]), "letters": []}
                expected["pile"] = [symbol for symbol, _ in shown["pile"][-PILE_SHOWN:]]
            else:
                expected = {"hand": shown["hand"] or [], "open": [], "pile": [], "letters": shown["table"]}
                # Every card named in the page's text (the moves) is the seat's own or the table's.
                named = set(re.findall(r"\b[1-8][a-z]\b", text))
                assert named <= {*expected["hand"], *expected["letters"]}, (seat, number, named)
            assert {zone: zones[zone] for zone in expected} == expected, (seat, number)
            assert int(zones["all"][0]) == sum(map(len, expected.values())), (seat, number, zones)
    assert seen > 2 * len(states)


def _finish(player: Player, server: str) -> None:
    """The result is shown with the record's links, which download the record."""
    page = player.page
    assert page.locator("#result").is_visible() and page.locator("#your-move").is_hidden()
    assert page.locator("#result-scores tr").count() == 3  # a heading and a row a seat
    for selector, start in (("#record-text", "["), ("#record-json", "{")):
        href = page.locator(selector).get_attribute("href")
        answer = page.request.get(server + href)
        assert answer.status == 200 and answer.text().startswith(start), (selector, answer.status)


@pytest.mark.parametrize(
    ("game", "seed", "rules", "first"),
    [("8½", ROUND_SEED, {}, LAPTOP), ("Eights", EIGHTS_SEED, {"target": "20"}, PHONE)],
    ids=["round", "eights"],
)
def test_two_people_play_a_whole_game_by_touch_one_reloading(
    browser: Any,
    server: ServerProcess,
    site: str,
    tmp_path: Path,
    game: str,
    seed: int,
    rules: dict[str, str],
    first: dict[str, int],
) -> None:
    second = PHONE if first is LAPTOP else LAPTOP
    anna = Player(browser, first, "laptop" if first is LAPTOP else "phone")
    ben = Player(browser, second, "laptop" if second is LAPTOP else "phone")
    watcher = Player(browser, LAPTOP, "spectator")
    try:
        invitation, spectators = _create_table(anna, site, game, seed, "Anna", rules)
        anna.page.screenshot(path=str(tmp_path / f"{game}-lobby-{anna.label}.png"), full_page=True)
        table = spectators.rsplit("/", 1)[1]
        # The second person follows the invitation and takes seat 1 with a name.
        ben.page.goto(invitation)
        ben.page.get_by_label("Your name").fill("Ben")
        ben.page.get_by_role("button", name="Sit at seat 1").click()
        ben.page.wait_for_function("document.getElementById('title').innerText.includes('seat 1')")
        assert ben.page.url == spectators  # the invitation's ?seat=1 is gone once seated
        anna.page.locator("#go").click()
        anna.page.wait_for_function("document.getElementById('title').innerText.includes('seat 0')")
        _open_table(watcher, spectators)
        assert watcher.page.locator("#watching").is_visible() and watcher.page.locator("#private").is_hidden()
        # A spectator has no move to pick, no keyboard hint and no turn to hear.
        for hidden in ("#your-move", "#keys-hint", "#sound-option"):
            assert not watcher.page.locator(hidden).is_visible(), hidden
        # The private link shows the token only when asked, in its box.
        assert "token" not in anna.page.locator("body").inner_text()
        anna.page.locator("#private summary").click()
        anna.page.wait_for_function("document.getElementById('private-link').value !== ''")
        link = anna.page.locator("#private-link").input_value()
        assert re.fullmatch(rf"{re.escape(spectators)}#token=[\w-]{{32}}", link), link
        anna.page.locator("#private summary").click()
        anna.page.wait_for_function("document.getElementById('private-link').value === ''")
        anna.page.evaluate("window.scrollTo(0, 0)")  # back up from the private link's box, below the log

        clicks = _play([anna, ben], watcher, game, tmp_path, reload_at=9)
        for each in (anna, ben, watcher):
            each.page.locator("#result").wait_for(state="visible")
            _finish(each, site)
            each.page.screenshot(path=str(tmp_path / f"{game}-{each.label}-end.png"))
        # The log of the spectator tells no card drawn: only the players' own logs name theirs.
        assert not re.search(r"draws \d+ cards? \(", watcher.page.locator("#log").inner_text())
        assert re.search(r"draws \d+ cards? \(", anna.page.locator("#log").inner_text())
        _check_frames(server, table, game, [anna, ben], watcher)
        problems = anna.problems + ben.problems + watcher.problems
        assert not problems, problems
        print(f"{game}: {clicks} moves through the pages; screenshots in {tmp_path}")
    finally:
        for each in (anna, ben, watcher):
            each.close()


def test_a_move_out_of_turn_and_a_spectators_move_are_refused_on_the_page(
    browser: Any, server: ServerProcess, site: str
) -> None:
    made = new_table(server, {"game": "8½", "players": 2, "seed": 5})
    joined = [http(server, "POST", f"/api/tables/{made['id']}/seats/{seat}", {"name": f"P{seat}"}) for seat in (0, 1)]
    assert [status for status, _ in joined] == [201, 201], joined
    waiting = 1 - made["to_move"]  # the seat that is not to move
    player = Player(browser, PHONE, "phone")
    try:
        # A second device opens the private link: it plays the seat, and the token leaves the address bar.
        _open_table(player, site + joined[waiting][1]["link"])
        assert player.page.url == f"{site}/table/{made['id']}"
        assert f"seat {waiting}" in player.page.locator("#title").inner_text()
        assert _legal(player) == []
        _type(player, "c")
        player.page.locator("#error").wait_for(state="visible")
        assert player.page.locator("#error").get_attribute("data-code") == "not-your-turn"
        assert "Refused:" in player.page.locator("#error").inner_text()
        # Out of turn a tapped card is not selected, the page says whose turn it is, and P plays nothing.
        player.page.locator("#hand button[data-card]").first.click()
        assert player.page.locator(".card.selected").count() == 0 and "Waiting for P" in _note(player)
        player.page.keyboard.press("p")
        assert player.page.locator("#play-button").is_disabled() and player.number() == 0
    finally:
        player.close()


# --------------------------------------------------------------------------- keyboard, accessibility, layout

SERIOUS: Final = ("serious", "critical")
SCREENSHOTS: Final = {"8½": "eighthalf", "Eights": "eights"}  # the games' file names in docs/_static/screenshots


def _seated(browser: Any, server: ServerProcess, game: str, seed: int, *, sound: bool = False) -> list[Player]:
    """A new two-seat table with Anna on a laptop and Ben on a phone, each on its seat's private link."""
    made = new_table(server, {"game": game, "players": 2, "seed": seed})
    players = []
    for seat, (name, size, label) in enumerate((("Anna", LAPTOP, "laptop"), ("Ben", PHONE, "phone"))):
        status, joined = http(server, "POST", f"/api/tables/{made['id']}/seats/{seat}", {"name": name})
        assert status == 201, joined
        player = Player(browser, size, label)
        if sound and seat == 0:
            player.context.add_init_script("localStorage.setItem('eighthalf:sound', 'on')")
        players.append(player)
        _open_table(player, server.url + joined["link"])
    return players


def _play_moves(players: list[Player], count: int) -> None:
    """Make ``count`` moves by touch, each chosen by CHOICE_SEED from the legal ones."""
    choose = random.Random(CHOICE_SEED)
    for _ in range(count):
        mover = _to_move(players)
        assert mover is not None, "the game ended early"
        _make(mover, choose.choice(_legal(mover)))
    _to_move(players)


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


def _keyboard_move(player: Player, move: str, game: str) -> None:
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
            mover = _to_move(players)
            assert mover is not None
            other = ben if mover is anna else anna
            # Whose turn: the banner, the tab's title and the seats' table, in words.
            assert mover.page.locator("#turn").inner_text() == "Your turn"
            assert mover.page.title() == f"● Your turn — {game}"
            name = "Anna" if mover is anna else "Ben"
            assert other.page.locator("#turn").inner_text() == f"{name}'s turn"
            assert "Your turn" not in other.page.title()
            assert "to move" in other.page.locator(f"#seats tr[data-seat='{0 if mover is anna else 1}']").inner_text()
            _keyboard_move(mover, choose.choice(_legal(mover)), game)
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


def _headers_whole(page: Any) -> list[str]:
    """The seats table's header words that break across lines (none should)."""
    return list(
        page.evaluate(
            """() => {
              const broken = [];
              for (const cell of document.querySelectorAll("#seats th")) {
                const text = cell.firstChild;
                if (!text || text.nodeType !== Node.TEXT_NODE) continue;
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
              return broken;
            }"""
        )
    )


def test_the_lobby_is_accessible_and_says_its_seats_and_options_in_words(
    browser: Any, server: ServerProcess, site: str
) -> None:
    new_table(server, {"game": "8½", "players": 3, "seed": 1})
    made = new_table(server, {"game": "8½", "players": 2, "seed": 2})
    http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
    problems = []
    for size, label in ((LAPTOP, "laptop"), (PHONE, "phone")):
        visitor = Player(browser, size, label)
        try:
            page = visitor.page
            page.goto(site + "/")
            page.wait_for_function("document.body.dataset.ready === '1'")
            listed = page.locator("#tables").inner_text()
            assert "3 more players" in listed and "1 more player" in listed and "(s)" not in listed, listed
            options = page.locator("#options").inner_text()
            assert "_" not in options and "Open cards of one rank together" in options, options
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            problems += _axe(page, f"lobby {label}")
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
        mover = _to_move(players)
        assert mover is not None
        # The cards of a move selected on the seat to move: the selected state is checked too, and shown
        # in the pictures, with the Play button offering that move.
        move = next(move for move in _legal(mover) if move not in ("c", "pass"))
        assert touch_cards(mover.page, move) in ("#play-button", "#pass")
        assert mover.page.locator(".card.selected").count() > 0
        problems = []
        for player in players:
            page = player.page
            page.evaluate("window.scrollTo(0, 0)")
            _check_layout(player, game)
            assert page.evaluate("document.documentElement.scrollWidth") <= player.size["width"], player.label
            assert not _headers_whole(page), (player.label, _headers_whole(page))
            assert page.locator("#keys-hint").is_visible() == (player.size is LAPTOP), player.label
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


MATCH_SEED: Final = 1  # a two-round match whose first round, each seat making its first legal move, ends in 75 moves
# with an exchange for its winner (M3)


async def _first_moves_until_an_exchange(server: ServerProcess, table: str, tokens: list[str]) -> int:
    """Make each seat's first legal move over websockets until a seat may exchange (M3): that seat."""
    async with raw_socket(server, table) as first, raw_socket(server, table) as second:
        sockets = [first, second]
        states = [(await say_hello(socket, token))[1] for socket, token in zip(sockets, tokens, strict=True)]
        for _ in range(MAX_CLICKS):  # a bound on moves
            mover = next(index for index, state in enumerate(states) if state["moves"])
            if "d" in states[mover]["moves"]:
                return mover
            number = states[mover]["number"]
            await send(sockets[mover], {"type": "move", "move": states[mover]["moves"][0], "number": number})
            states = [await receive_until(socket, "state", number=number + 1) for socket in sockets]
    raise AssertionError("no exchange came")


def test_a_rounds_end_shows_the_scores_and_the_exchange_is_made_by_touch(
    browser: Any, server: ServerProcess, site: str, tmp_path: Path
) -> None:
    made = new_table(server, {"game": "8½", "players": 2, "rounds": 2, "seed": MATCH_SEED})
    joined = [
        http(server, "POST", f"/api/tables/{made['id']}/seats/{seat}", {"name": name})
        for seat, name in enumerate(("Anna", "Ben"))
    ]
    players = [Player(browser, LAPTOP, "laptop"), Player(browser, PHONE, "phone")]
    try:
        for player, (_, answer) in zip(players, joined, strict=True):
            _open_table(player, site + answer["link"])
        tokens = [answer["token"] for _, answer in joined]
        # Playwright's own loop runs in this thread: the sockets run in another.
        with ThreadPoolExecutor(1) as pool:
            winner = pool.submit(asyncio.run, _first_moves_until_an_exchange(server, made["id"], tokens)).result()
        page = players[winner].page
        page.wait_for_function("Number(document.body.dataset.moves) > 0")
        for player in players:  # both saw the round end: its panel, with the scores by name
            panel = player.page.locator("#round-end")
            assert panel.is_visible() and "Round 1 is over" in panel.inner_text(), player.label
            assert {"Anna", "Ben"} <= set(re.findall(r"Anna|Ben", panel.locator("table").inner_text()))
        assert page.locator("#others-zone").is_visible() and page.locator("#decline").is_visible()
        legal = _legal(players[winner])
        exchange = next(move for move in legal if move[0] == "x")
        page.screenshot(path=str(tmp_path / "exchange.png"))
        page.locator("#round-end-close").click()
        assert page.locator("#round-end").is_hidden()
        _make(players[winner], exchange)
        assert page.locator("#others-zone").is_hidden()
        problems = players[0].problems + players[1].problems
        assert not problems, problems
    finally:
        for each in players:
            each.close()
