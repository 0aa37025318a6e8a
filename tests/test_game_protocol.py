"""The conformance suite of the game protocol, as shipped: every registered game passes every check.

The checks are :data:`eighthalf.testing.CHECKS`, written once against
:class:`~eighthalf.core.game.Game` and the registry (:mod:`eighthalf.testing.conformance`);
here they run over every case of ``tests/game_cases.py`` (8½'s round, its match of 6 and
of 2 rounds, Eights, the third game Shedding), one test per game and check. A check that
passes with a note (a game that narrates in English only) is a skip that says it. A
property-based test adds states that Hypothesis reaches (and shrinks) to the seeded ones
of the shipped ``reached_states``; ``tests/test_conformance.py`` shows that each check can fail.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from game_cases import CASES, Case
from hypothesis import given
from hypothesis import strategies as st

from eighthalf.testing import CHECKS, check_game, check_state

IDS = [case.id for case in CASES]


@pytest.mark.parametrize("name", list(CHECKS))
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_game_passes_every_check(case: Case, name: str) -> None:
    notes = check_game(case, only=name)
    if notes:
        pytest.skip(notes[name])


@st.composite
def reached(draw: st.DrawFn, case: Case) -> tuple[Any, Any, int]:
    """A state of ``case`` reached by drawn picks, then a drawn seed for the rest; the move
    before it (or ``None``) and the number of players."""
    game = case.game
    players = draw(st.sampled_from(case.players))
    state = game.start(players, seed=draw(st.integers(0, 2**64)), rules=case.play_rules)
    picks = draw(st.lists(st.integers(0, 2**16), max_size=30))
    rng = random.Random(draw(st.integers(0, 2**32)))
    length = draw(st.integers(0, 400))
    previous = None
    for at in range(length):
        moves = game.legal_moves(state)
        if not moves:
            break
        move = moves[picks[at] % len(moves)] if at < len(picks) else rng.choice(moves)
        previous = (state, move)
        state = game.apply(state, move)
    return state, previous, players


@pytest.mark.parametrize("case", CASES, ids=IDS)
@given(data=st.data())
def test_reached_states_conform(case: Case, data: st.DataObject) -> None:
    """What seeded play checks, at states Hypothesis reaches (and shrinks): :func:`eighthalf.testing.check_state`."""
    state, previous, players = data.draw(reached(case))
    check_state(case, state, players, previous)
