"""The table pages' own logic against the library's: the pickers for every play of every seat, and the names.

**8½.** 8½'s board (``eighthalf/games/eighthalf/board/board.js``) tells a person at once why
the cards they tapped are not a legal move now, from one source, the engine: the state
message to the seat to move carries the engine's reason for each play of its own cards that
is refused (``refused``, made by :func:`eighthalf.games.eighthalf.reasons.refused_plays` and
told in the seat's language); the board writes no reason of its own. Over seeded rounds under
each table option, at every turn, every play the seat could tap (each rank of the hand, from
one card to all of them; the 8 with the ½; each rank of the open cards likewise; each blind
card) is refused by the engine exactly when the message says so, with the engine's error;
and put to the board's ``pickMove``, in English, French and Dutch, a move the engine allows
is ready, and one it refuses is refused with the engine's reason
(:func:`eighthalf.games.eighthalf.reasons.reason_for`) and rule id, word for word.

**Eights.** Eights' board (``eighthalf/games/eights/board/board.js``) picks a spelling from the cards tapped, in any
order (WT2-WT4), and a pass from the hand cards tapped (WP1): over seeded games under each
table option, every legal move of every turn, tapped card by card, is the move the page
picks (or one of the few it offers when the same cards make several).

**Names.** The page names the seats (``seatNames``) as the server's narration does
(:func:`eighthalf.server.protocol.games.seat_names`), over random tables of people and bots.

Needs Playwright and a Chromium (``EIGHTHALF_CHROMIUM``, the system's ``chromium``, or
Playwright's own); skips with the reason otherwise.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

import pytest
from browser_support import browser_fixture  # noqa: F401 (a fixture: imported, it serves this module)
from server_support import (
    ServerProcess,
    new_table,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

from eighthalf import GameState, IllegalMoveError, Rules, apply, legal_moves, new_game, parse_move, view
from eighthalf.eights import Pass as EightsPass
from eighthalf.eights import Rules as EightsRules
from eighthalf.eights import Spell
from eighthalf.games import eights
from eighthalf.games.eighthalf.entry import ENTRY
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.reasons import reason_for, refused_plays
from eighthalf.serialization import to_data
from eighthalf.server.protocol.games import seat_names
from eighthalf.server.protocol.messages import refused_data

OPTIONS: Final = (
    Rules(),
    Rules(lock_next_only=True),
    Rules(halves_stop_at_8_half=True),
    Rules(single_opening=True),
    Rules(open_runs=True),
    Rules(lock_next_only=True, halves_stop_at_8_half=True, single_opening=True, open_runs=True),
)
"""The rule book's rules and each table option (docs/rules.rst, "Table options"), then all of them."""

ROUNDS: Final = 4
"""Seeded rounds played under each of :data:`OPTIONS` (with 2 to 5 players in turn)."""

MOST_MOVES: Final = 200
"""The turns looked at in a round at most (random play can make a round long, E7)."""

CHOOSE: Final = """
async (text) => {
  const board = await eighthalf.loadBoard("8½");
  return JSON.stringify(JSON.parse(text).map(([context, tries]) => tries.map((picks) => {
    const answer = board.pickMove(picks, context);
    return [answer.move, answer.ready, answer.note];
  })).flat());
}
"""
"""The page's answers to the turns' plays (:func:`_in_page`)."""


def _in_page(browser: Any, server: ServerProcess, script: str, data: Any, *, game: str, locale: str = "en") -> Any:
    """Run ``script`` (a function of a JSON text that returns one) on ``data`` in the page of a
    new table of ``game``, a spectator's, in ``locale``: its answer, read from JSON. One string
    each way is quicker to pass than thousands of nested values."""
    made = new_table(server, {"game": game, "players": 2, "seats": [None, "greedy"], "seed": 1})
    context = browser.new_context(locale=locale)
    try:
        context.set_default_timeout(120_000)  # a bound for a hung page, far above a slow machine
        page = context.new_page()
        page.goto(f"{server.url}/table/{made['id']}")  # its scripts, in the language
        page.wait_for_function("Number(document.body.dataset.renders) > 0")
        assert page.evaluate("document.documentElement.lang") == locale
        return json.loads(page.evaluate(script, json.dumps(data)))
    finally:
        context.close()


def _plays(seat: dict[str, Any]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Every play a seat could tap from its own cards: its notation and the picks that make it."""
    for zone, prefix in (("hand", ""), ("open", "o")):
        held = Counter(seat[zone] or "")
        for symbol, count in sorted(held.items()):
            for run in range(1, count + 1):
                yield prefix + symbol * run, [{"zone": zone, "symbol": symbol, "index": 0}] * run
    if "8" in (seat["hand"] or "") and "H" in seat["hand"]:
        yield "8H", [{"zone": "hand", "symbol": "8", "index": 0}, {"zone": "hand", "symbol": "H", "index": 0}]
    for position in range(seat["blind_size"]):
        yield f"b{position}", [{"zone": "blind", "symbol": "?", "index": position}]


def _turns() -> Iterator[GameState]:
    """The states of seeded rounds of random legal moves, under each of :data:`OPTIONS`."""
    choose = random.Random(8)
    for number, rules in enumerate(OPTIONS):
        for round_number in range(ROUNDS):
            state = new_game(2 + round_number % 4, seed=100 * number + round_number, rules=rules)
            for _ in range(MOST_MOVES):
                if state.outcome is not None:
                    break
                yield state
                state = apply(state, choose.choice(legal_moves(state)))


@functools.cache
def _cases(locale: str) -> tuple[list[Any], list[tuple[str, IllegalMoveError | None]]]:
    """The board's inputs (a turn's context, with the ``refused`` the server sends in ``locale``,
    and the picks of each play) and what the engine says of each play: its notation and the
    error refusing it (``None``: legal)."""
    turns: list[Any] = []
    expected: list[tuple[str, IllegalMoveError | None]] = []
    for state in _turns():
        seen = to_data(view(state, state.to_move))
        own = seen["seats"][state.to_move]
        legal = [str(move) for move in legal_moves(state)]
        tries = []
        for notation, picks in _plays(own):
            try:
                apply(state, parse_move(notation))
            except IllegalMoveError as error:
                expected.append((notation, error))
            else:
                expected.append((notation, None))
            tries.append(picks)
        refused = refused_data(ENTRY, EIGHTHALF, state, state.to_move, locale)
        turns.append([{"legal": legal, "own": own, "refused": refused}, tries])
    return turns, expected


def test_the_refusals_sent_to_the_seat_are_the_engines_for_every_play_of_its_cards() -> None:
    """The ``refused`` of a state message (:func:`refused_plays`): every play of the seat's own cards
    that the engine refuses, with the engine's own error, and no other."""
    count = 0
    for state in _turns():
        own = to_data(view(state, state.to_move))["seats"][state.to_move]
        expected = {}
        for notation, _ in _plays(own):
            try:
                apply(state, parse_move(notation))
            except IllegalMoveError as error:
                expected[notation] = (str(error), error.rule)
        refused = refused_plays(EIGHTHALF, state, state.to_move)
        assert {move: (str(error), error.rule) for move, error in refused.items()} == expected
        count += len(refused)
    assert count > 500


@pytest.mark.parametrize("locale", ["en", "fr", "nl"])
def test_the_8_board_refuses_each_play_with_the_engines_reason_and_rule(
    browser: Any, server: ServerProcess, locale: str
) -> None:
    turns, expected = _cases(locale)
    assert len(expected) > 1_000 and sum(error is not None for _, error in expected) > 500  # enough of both
    answers = _in_page(browser, server, CHOOSE, turns, game="8½", locale=locale)
    wrong: list[tuple[Any, ...]] = []
    rules_seen = set()
    for (notation, error), (move, ready, note) in zip(expected, answers, strict=True):
        if error is None:
            if not (move == notation and ready):
                wrong.append((notation, "legal", move, ready, note))
            continue
        said = reason_for(error, locale)
        rules_seen.add(error.rule)
        if move != notation or ready or said not in note or f" {error.rule})" not in note:
            wrong.append((notation, said, error.rule, note))
    assert not wrong, (len(wrong), wrong[:10])
    # every rule whose reason the board tells was put to it at least once
    assert {"T2", "T3", "L3", "S5", "P1", "P2", "P3", "P5", "P6", "P7"} <= rules_seen, sorted(rules_seen)


EIGHTS_OPTIONS: Final = (EightsRules(), EightsRules(may_pass_freely=True))
"""The rule book's rules and the table option WR1."""

PER_TURN: Final = 12
"""The legal moves tried at an Eights turn at most (a sample: a hand may have hundreds of exchanges)."""

PICK_EIGHTS: Final = """
async (text) => {
  const board = await eighthalf.loadBoard("Eights");
  return JSON.stringify(JSON.parse(text).map(([legal, hand, tries]) => {
    const parsed = board.parse(legal);
    return tries.map((picks) => {
      const answer = board.pickMove(picks, { parsed, hand });
      return [answer.spell && answer.spell.text, answer.pass && answer.pass.text, answer.choices.map((c) => c.text)];
    });
  }).flat());
}
"""
"""The page's picks for the turns' moves (as :data:`CHOOSE`, in JSON text)."""


def _picks(move: Spell | EightsPass) -> list[dict[str, str]]:
    """The cards a person taps for ``move``: its letters' and replacing cards from the hand, its table cards."""
    if isinstance(move, Spell):
        return [{"zone": "hand", "card": str(card)} for card in (*move.hand, *move.replacements)] + [
            {"zone": "table", "card": str(card)} for card in move.table
        ]
    return [{"zone": "hand", "card": str(card)} for card in move.exchange]


def _eights_turns() -> Iterator[tuple[list[str], list[Any]]]:
    """The turns of seeded Eights games under each of :data:`EIGHTS_OPTIONS`: the moves tried
    (at most :data:`PER_TURN` of the legal ones), and the page's inputs for them (the legal
    moves, the hand, and each move's picks in a shuffled order)."""
    choose = random.Random(9)
    for number, rules in enumerate(EIGHTS_OPTIONS):
        for game in range(ROUNDS):
            state = eights.new_game(2 + game % 5, seed=10 * number + game, rules=rules)
            for _ in range(MOST_MOVES):
                if state.outcome is not None:
                    break
                moves = eights.legal_moves(state)
                tried = choose.sample(moves, min(PER_TURN, len(moves)))
                tries = []
                for move in tried:
                    picks = _picks(move)
                    choose.shuffle(picks)
                    tries.append(picks)
                hand = [str(card) for card in eights.view(state, state.to_move).hand or ()]
                yield [str(move) for move in tried], [[str(move) for move in moves], hand, tries]
                state = eights.apply(state, choose.choice(moves))


def test_every_legal_eights_move_is_picked_by_tapping_its_cards(browser: Any, server: ServerProcess) -> None:
    turns = list(_eights_turns())
    tried = [move for moves, _ in turns for move in moves]
    assert len(tried) > 1_000 and sum(move.startswith("pass") for move in tried) > 100
    answers = _in_page(browser, server, PICK_EIGHTS, [inputs for _, inputs in turns], game="Eights")
    wrong = [
        (move, spell, passing, choices)
        for move, (spell, passing, choices) in zip(tried, answers, strict=True)
        if move not in (spell, passing) and move not in choices
    ]
    assert not wrong, (len(wrong), wrong[:10])
    offered = [len(choices) for _, _, choices in answers if choices]
    assert not offered or max(offered) <= 4, max(offered)  # a choice of a few, when the same cards spell several ways


SEAT_NAMES: Final = """
(tables) => JSON.stringify(JSON.parse(tables).map((seats) => eighthalf.seatNames(seats)))
"""


def test_the_page_names_the_seats_as_the_servers_narration_does(browser: Any, server: ServerProcess) -> None:
    """The seats' names on the page (``seatNames``) are the narration's (``seat_names``): a
    name several seats share told apart by seat number, over random tables of people and bots."""
    choose = random.Random(12)
    tables: list[tuple[list[str | None], list[str | None]]] = []  # each seat's name, or its bot
    for _ in range(300):
        people = [choose.random() < 0.5 for _ in range(choose.randint(2, 6))]
        names = [choose.choice(["Anna", "Ben", "greedy"]) if person else None for person in people]
        bots = [None if person else choose.choice(["greedy", "search"]) for person in people]
        tables.append((names, bots))
    summaries = [
        [{"seat": seat, "name": name, "bot": bot} for seat, (name, bot) in enumerate(zip(*table, strict=True))]
        for table in tables
    ]
    shown = _in_page(browser, server, SEAT_NAMES, summaries, game="8½")
    told = [seat_names(names, bots) for names, bots in tables]
    assert shown == told
    assert any(" 1 (bot)" in name for names in told for name in names)  # some tables had a name twice
