"""The 8½ table page's reasons for a selection, against the engine's, for every play of every seat.

The table page (``pick8.js``) tells a person why the cards they tapped are not a legal move
now, "in the rules' own words, the same reasons the server gives for a refused move"
(``eighthalf.reasons``). The page writes those reasons itself, so this test holds it to
them: it plays seeded rounds under each table option, and at every turn puts to the page's
``choose`` every play the seat could tap from its own cards (each rank of the hand, from
one card to all of them; the 8 with the ½; each rank of the open cards likewise; each blind
card), in English, French and Dutch. A move the engine allows must be ready on the page;
one it refuses must be refused with the engine's reason (:func:`eighthalf.reasons.reason_for`)
and rule id, word for word.

Needs Playwright and a Chromium (``EIGHTHALF_CHROMIUM``, the system's ``chromium``, or
Playwright's own); skips with the reason otherwise.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

import pytest
from browser_support import launch_chromium
from server_support import (
    ServerProcess,
    new_table,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

from eighthalf import GameState, IllegalMoveError, Rules, apply, legal_moves, new_game, parse_move, view
from eighthalf.reasons import reason_for
from eighthalf.serialization import to_data

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
(cases) => cases.map(([picks, context]) => {
  const answer = eighthalf.pick8.choose(picks, context);
  return [answer.move, answer.ready, answer.note];
})
"""


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


def _cases(locale: str) -> tuple[list[Any], list[tuple[str, bool, str | None]]]:
    """The page's inputs (picks, context) and what the engine says of each: (move, legal, reason)."""
    inputs: list[Any] = []
    expected: list[tuple[str, bool, str | None]] = []
    for state in _turns():
        seen = to_data(view(state, state.to_move))
        own = seen["seats"][state.to_move]
        legal = [str(move) for move in legal_moves(state)]
        context = {"legal": legal, "own": own, "round": seen, "rules": seen["rules"]}
        for notation, picks in _plays(own):
            try:
                apply(state, parse_move(notation))
            except IllegalMoveError as error:
                expected.append((notation, False, f"{reason_for(error, locale)}\x00{error.rule}"))
            else:
                expected.append((notation, True, None))
            inputs.append([picks, context])
    return inputs, expected


@pytest.mark.parametrize("locale", ["en", "fr", "nl"])
def test_the_page_refuses_each_play_with_the_engines_reason_and_rule(server: ServerProcess, locale: str) -> None:
    made = new_table(server, {"game": "8½", "players": 3, "seats": [None, "greedy", "greedy"], "seed": 1})
    inputs, expected = _cases(locale)
    assert len(expected) > 1_000 and sum(not legal for _, legal, _ in expected) > 500  # enough of both
    with launch_chromium() as browser:
        context = browser.new_context(locale=locale)
        try:
            context.set_default_timeout(120_000)  # a bound for a hung page, far above a slow machine
            page = context.new_page()
            page.goto(f"{server.url}/table/{made['id']}")  # a spectator's page: its scripts, in the language
            page.wait_for_function("Number(document.body.dataset.renders) > 0")
            assert page.evaluate("document.documentElement.lang") == locale
            answers = page.evaluate(CHOOSE, inputs)
        finally:
            context.close()
    wrong = []
    rules_seen = set()
    for (notation, legal, reason), (move, ready, note) in zip(expected, answers, strict=True):
        if legal:
            if not (move == notation and ready):
                wrong.append((notation, "legal", move, ready, note))
            continue
        said, rule = str(reason).split("\x00")
        rules_seen.add(rule)
        if move != notation or ready or said not in note or f" {rule})" not in note:
            wrong.append((notation, said, rule, note))
    assert not wrong, (len(wrong), wrong[:10])
    # every rule whose reason the page writes was put to it at least once
    assert {"T2", "T3", "L3", "S5", "P1", "P2", "P3", "P5", "P6", "P7"} <= rules_seen, sorted(rules_seen)
