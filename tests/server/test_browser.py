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
390×844 nothing is wider than the screen. A match's round end shows its scores, and the
exchange (M3) is made by touch. (test_browser_access.py: the keyboard, axe-core, the layout.)

Needs Playwright and a Chromium (``EIGHTHALF_CHROMIUM``, the system's ``chromium``, or
Playwright's own); skips with the reason otherwise.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

import pytest
from browser_support import (
    LAPTOP,
    MAX_CLICKS,
    PHONE,
    Player,
    browser_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
    check_layout,
    legal_moves,
    make_move,
    open_table,
    site_fixture,  # noqa: F401
    to_move,
    type_move,
)
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
    start_server,
    stop_server,
)

from eighthalf.formats.replay import replay_states
from eighthalf.registry import documents_for

ROUND_SEED: Final = 7  # a two-player round (the moves are chosen by CHOICE_SEED from the legal ones)
EIGHTS_SEED: Final = 3  # a two-player Eights game to 20
CHOICE_SEED: Final = 11  # which legal move each turn is made
PILE_SHOWN: Final = 12  # the pile cards the page shows, newest last (table.js)
# The move's text of 8½ that a typed move may be, to find an illegal one (docs/rules.rst).
ROUND_MOVES: Final = [
    "c",
    "8H",
    *(s * n for s in "0123456789HG" for n in (1, 2, 3)),
    *("o" + s for s in "0123456789HG"),
]
# What a player needs for a move, on screen first (8½: the call, the pile, the hand; Eights: the table's letters).


def _create_table(
    player: Player, server: str, game: str, seed: int, name: str, rules: dict[str, str]
) -> tuple[str, str]:
    """Make a two-seat table for two people through the lobby: the seat 1 invitation and the spectator link."""
    page = player.page
    page.goto(server + "/")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.get_by_label("Game").select_option(game)
    page.locator("#players").select_option("2")
    page.locator("#seat-1").select_option("")
    for key, value in rules.items():
        page.locator(f"#option-{key}").fill(value)
    page.locator("#new-table").get_by_label("Your name").fill(name)
    page.get_by_label("Seed").fill(str(seed))
    page.get_by_role("button", name="Create the table").click()
    page.locator("#created").wait_for(state="visible")
    links = page.locator("#invitations input").evaluate_all("inputs => inputs.map((input) => input.value)")
    assert len(links) == 2 and re.fullmatch(r"http://127\.0\.0\.1:\d+/table/\w+\?seat=1", links[0]), links
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/table/\w+", links[1]), links
    # The creator's token is in this browser's storage only: in no link of the page.
    assert "token" not in page.locator("#created").inner_text()
    return links[0], links[1]


def _server_rule(player: Player, move: str) -> str:
    """The rule the server names when ``move`` is typed (an illegal move: nothing changes)."""
    page = player.page
    before = player.number()
    page.evaluate("document.getElementById('error').hidden = true")
    type_move(player, move)
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
    assert legal_moves(player) == legal
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
        mover = to_move(players)
        for each in (*players, spectator):
            each.collect()
            each.snapshot()
        if mover is None:
            assert game != "8½" or refusals == 3, f"{refusals} refused selections checked"
            return clicks
        for player in players:
            check_layout(player, game)
        legal = legal_moves(mover)
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
        make_move(mover, choose.choice(legal))
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
    assert page.locator("#title").inner_text() == seat_before and "seat 2" in seat_before  # seat 1, counted from 1
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
                # Every card named in the page's text (the moves) is the seat's own or the table's, until
                # the game is over: then every card is shown (the frame's final, under the result).
                named = set(re.findall(r"\b[1-8][a-z]\b", text))
                over = play.to_move(state) is None
                assert over or named <= {*expected["hand"], *expected["letters"]}, (seat, number, named)
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
        ben.page.get_by_role("button", name="Sit at seat 2").click()  # seat 1: the pages count seats from 1
        ben.page.wait_for_function("document.getElementById('title')?.innerText.includes('seat 2')")
        assert ben.page.url == spectators  # the invitation's ?seat=1 is gone once seated
        anna.page.locator("#go").click()  # to the table's page: until it opens, the lobby's has no title (?.)
        anna.page.wait_for_function("document.getElementById('title')?.innerText.includes('seat 1')")
        open_table(watcher, spectators)
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
        open_table(player, site + joined[waiting][1]["link"])
        assert player.page.url == f"{site}/table/{made['id']}"
        assert f"seat {waiting + 1}" in player.page.locator("#title").inner_text()  # counted from 1 on the page
        assert legal_moves(player) == []
        type_move(player, "c")
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


def test_seats_that_share_a_name_are_told_apart_on_the_page_as_in_the_log(
    browser: Any, server: ServerProcess, site: str
) -> None:
    """Two greedy bots at one table: the seats' table, the turn banner and the server's
    narration in the log all call them "greedy 1 (bot)" and "greedy 2 (bot)", by seat."""
    made = new_table(server, {"game": "8½", "players": 3, "seats": [None, "greedy", "greedy"], "seed": 7})
    status, joined = http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
    assert status == 201, joined
    player = Player(browser, LAPTOP, "laptop")
    choose = random.Random(CHOICE_SEED)
    try:
        open_table(player, site + joined["link"])
        for _ in range(MAX_CLICKS):  # a bound on moves: the bots move after each of Anna's
            log = player.page.locator("#log li").all_inner_texts()
            if any("(bot)" in line for line in log) or not legal_moves(player):
                break
            make_move(player, choose.choice(legal_moves(player)))
        names = player.page.locator("#seats tbody th").evaluate_all(
            "cells => cells.map((c) => c.firstChild.textContent)"
        )
        assert names == ["Anna", "greedy 1 (bot)", "greedy 2 (bot)"], names
        log = player.page.locator("#log li").all_inner_texts()
        bots = [line for line in log if "(bot)" in line]
        assert bots and all(re.match(r"greedy [12] \(bot\) ", line) for line in bots), bots
        banner = player.page.locator("#turn").inner_text()
        assert banner == "Your turn" or re.fullmatch(r"greedy [12] \(bot\)’?'?s turn", banner), banner
        assert not player.problems, player.problems
    finally:
        player.close()


def test_a_table_ended_as_abandoned_says_so_and_gives_no_seat(browser: Any, tmp_path: Path) -> None:
    """A server that ends a table after a few seconds without a person's touch: the page that
    follows it says it was ended as abandoned and offers no move, the lobby says so with no
    link to sit, and its open seat is refused (``game-over``)."""
    quick = start_server(tmp_path / "server", "--abandon-after", "0.0005")  # 1.8 s
    player = Player(browser, LAPTOP, "laptop")
    try:
        made = new_table(quick, {"game": "8½", "players": 2, "seats": [None, "greedy"]})
        open_table(player, f"{quick.url}/table/{made['id']}")  # a spectator's page
        player.page.wait_for_function("document.getElementById('turn').dataset.kind === 'over'")
        assert player.page.locator("#turn").inner_text() == "Ended as abandoned: nobody played for too long"
        assert player.page.locator("#play-button").is_disabled()
        status, answer = http(quick, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
        assert status == 409 and answer["error"]["code"] == "game-over", (status, answer)
        player.page.goto(quick.url + "/")
        row = player.page.locator(f"#tables tr[data-table='{made['id']}']")
        row.wait_for()
        assert "ended as abandoned" in row.inner_text() and row.locator("a", has_text="Sit at").count() == 0
        assert not player.problems, player.problems
    finally:
        player.close()
        stop_server(quick)


def test_the_lobby_says_who_won_a_finished_game(browser: Any, server: ServerProcess, site: str) -> None:
    """A game of bots played to its end: the table and the lobby's row say who won, by the seats' names."""
    made = new_table(server, {"game": "Eights", "players": 2, "seats": ["greedy", "random"], "pace": 0, "seed": 4})
    player = Player(browser, LAPTOP, "laptop")
    try:
        open_table(player, f"{site}/table/{made['id']}")  # a spectator, to wait on the game's end
        player.page.locator("#result").wait_for(state="visible")
        status, summary = http(server, "GET", f"/api/tables/{made['id']}")
        assert status == 200 and summary["result"] is not None, summary
        names = ["greedy (bot)", "random (bot)"]
        won = " and ".join(names[seat] for seat in summary["result"]["winners"])
        # The table says who won in words; the record's result tag is in the record's download.
        wins = f"{won} wins." if len(summary["result"]["winners"]) == 1 else f"{won} win." if won else "Nobody wins."
        assert player.page.locator("#result-text").inner_text() == wins, summary["result"]
        player.page.goto(site + "/")
        row = player.page.locator(f"#tables tr[data-table='{made['id']}']")
        row.wait_for()
        assert f"over: won by {won}" in row.inner_text(), (summary["result"], row.inner_text())
        assert not player.problems, player.problems
    finally:
        player.close()


def test_the_lobby_lists_tables_a_page_at_a_time_and_filters_them(browser: Any, tmp_path: Path) -> None:
    """A site with more tables than a page: the lobby shows the newest 50, "More tables" the
    next ones, and its filter the tables with an open seat, or the finished games."""
    site = start_server(tmp_path / "server")
    player = Player(browser, LAPTOP, "laptop")
    try:
        finished = new_table(
            site, {"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "pace": 0, "seed": 3}
        )
        oldest = new_table(site, {"game": "8½", "players": 2, "seats": [None, "greedy"]})
        for _ in range(55):
            new_table(site, {"game": "8½", "players": 2, "seats": [None, "greedy"]})
        open_table(player, f"{site.url}/table/{finished['id']}")  # a spectator, to wait on the game's end
        player.page.locator("#result").wait_for(state="visible")
        page = player.page
        page.goto(site.url + "/")
        page.wait_for_function("document.body.dataset.ready === '1'")
        rows = page.locator("#tables tbody tr")
        assert rows.count() == 50 and page.locator("#more").is_visible()
        assert page.locator(f"#tables tr[data-table='{oldest['id']}']").count() == 0  # on the second page
        page.locator("#more").click()
        page.wait_for_function("document.querySelectorAll('#tables tbody tr').length === 57")
        assert page.locator(f"#tables tr[data-table='{oldest['id']}']").count() == 1
        assert page.locator("#more").is_hidden()
        page.locator("#status-filter").select_option("finished")
        page.wait_for_function("document.querySelectorAll('#tables tbody tr').length === 1")
        assert page.locator(f"#tables tr[data-table='{finished['id']}']").count() == 1
        assert page.locator("#more").is_hidden() and page.locator("#no-tables").is_hidden()
        page.locator("#status-filter").select_option("open")
        page.wait_for_function("document.querySelectorAll('#tables tbody tr').length === 50")
        assert (
            page.locator("#more").is_visible()
            and page.locator(f"#tables tr[data-table='{finished['id']}']").count() == 0
        )
        page.locator("#status-filter").select_option("playing")
        page.wait_for_function("document.getElementById('no-tables').hidden === false")
        assert rows.count() == 0 and page.locator("#no-tables").inner_text() == "No such tables."
        assert not player.problems, player.problems
    finally:
        player.close()
        stop_server(site)


def test_a_table_waiting_for_players_shows_nobody_to_move(browser: Any, server: ServerProcess, site: str) -> None:
    """Until every seat is taken nobody moves: the page's banner waits, and no seat is marked to move."""
    made = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 6})
    player = Player(browser, LAPTOP, "laptop")
    try:
        open_table(player, f"{site}/table/{made['id']}")
        assert player.page.locator("#turn").inner_text() == "Waiting for players: 1 open seat"
        assert player.page.locator("#seats tr.to-move").count() == 0
        assert "to move" not in player.page.locator("#seats").inner_text()
        assert not player.problems, player.problems
    finally:
        player.close()


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
            open_table(player, site + answer["link"])
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
            # what decided the points: each count (E4, its id a link to the rule) and the Big Loser (E5)
            assert "(Big Loser)" in panel.inner_text() and panel.locator("a.rule-link[data-rule='E4']").count() == 1
        assert page.locator("#others-zone").is_visible() and page.locator("#decline").is_visible()
        legal = legal_moves(players[winner])
        exchange = next(move for move in legal if move[0] == "x")
        page.screenshot(path=str(tmp_path / "exchange.png"))
        page.locator("#round-end-close").click()
        assert page.locator("#round-end").is_hidden()
        make_move(players[winner], exchange)
        assert page.locator("#others-zone").is_hidden()
        problems = players[0].problems + players[1].problems
        assert not problems, problems
    finally:
        for each in players:
            each.close()


def test_the_third_game_gets_its_board_from_its_folder_and_a_move_is_made_by_touch(
    browser: Any, server: ServerProcess, site: str
) -> None:
    """Shedding (``tests/thirdgame``, registered by a distribution of its own) is drawn by the board
    of its own folder: its cards are buttons, a card the rules refuse says the engine's reason
    (SH4, sent with the state) at once, and a legal card tapped, then Play, is played."""
    made = new_table(server, {"game": "Shedding", "players": 2, "seats": [None, "greedy"], "seed": 1})
    status, joined = http(server, "POST", f"/api/tables/{made['id']}/seats/0", {"name": "Anna"})
    assert status == 201, joined
    player = Player(browser, LAPTOP, "laptop")
    try:
        open_table(player, site + joined["link"])
        page = player.page
        page.wait_for_function("Number(document.body.dataset.moves) > 0")  # seat 0 starts (SH2)
        legal = legal_moves(player)
        hand = page.locator("#hand button[data-card]").evaluate_all("cards => cards.map((card) => card.dataset.card)")
        assert hand == ["1c", "2h", "6h", "2s", "6s"] and legal == ["2s", "6s", "draw"], (hand, legal)
        assert page.locator("#shedding-pile [data-card]").get_attribute("data-card") == "4s"
        page.locator('#hand button[data-card="1c"]').click()
        assert page.locator("#play-button").is_disabled()
        assert _note(player) == "Not now: the card matches the top card 4s in neither suit nor rank (rule SH4).", _note(
            player
        )
        page.keyboard.press("Escape")
        page.locator('#hand button[data-card="6s"]').click()
        assert page.locator("#play-button").get_attribute("data-move") == "6s" and page.locator("#draw").is_enabled()
        before = player.number()
        page.locator("#play-button").click()
        page.wait_for_function("n => Number(document.body.dataset.number) > n", arg=before)
        assert "6s" not in page.locator("#hand").inner_text()
        assert any("6s" in line for line in page.locator("#log li").all_inner_texts())
        assert not player.problems, player.problems
    finally:
        player.close()
