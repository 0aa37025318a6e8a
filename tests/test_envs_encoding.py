"""The fixed action encoding and the observation vectors (eighthalf.games.eighthalf.encoding)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from strategies import ALL_MOVES, reached_states, rules

from eighthalf import GameState, IllegalMoveError, NotAMoveError, OpenPlay, Rank, legal_moves, new_game, view
from eighthalf.games.eighthalf.encoding import (
    ACTIONS,
    NUM_ACTIONS,
    action_mask,
    action_to_move,
    encode_view,
    move_to_action,
    observation_high,
    observation_layout,
    observation_size,
)
from eighthalf.testing import hidden_variants

RULE_BOOK = rules(options=False)
"""The envs play the rule book (their action space has no open runs, T3): no table options."""


def test_t3_every_move_of_a_round_has_one_action_and_back() -> None:
    assert NUM_ACTIONS == 89 == len(set(ACTIONS))
    # the envs play the rule book: no open runs (the table option open_runs, T3)
    assert set(ACTIONS) == {move for move in ALL_MOVES if not (isinstance(move, OpenPlay) and move.count > 1)}
    for action, move in enumerate(ACTIONS):
        assert move_to_action(move) == action
        assert action_to_move(action) is move
        assert action_to_move(np.int64(action)) is move


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, 2.0, "3", None, True])
def test_t3_an_action_outside_the_space_is_refused(bad: object) -> None:
    with pytest.raises(IllegalMoveError, match="an action is an int from 0 to 88"):
        action_to_move(bad)  # type: ignore[arg-type]


def test_t3_something_not_a_move_has_no_action() -> None:
    with pytest.raises(NotAMoveError, match="'33' is not a move of 8½ but text"):
        move_to_action("33")  # type: ignore[arg-type]


@given(reached_states(rules_strategy=RULE_BOOK))
def test_t1_the_mask_is_the_legal_moves_in_the_engines_order(state: GameState) -> None:
    seen = view(state, state.to_move)
    mask = action_mask(seen)
    assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
    assert [ACTIONS[a] for a in np.flatnonzero(mask)] == list(legal_moves(state))
    if not state.over:
        other = (state.to_move + 1) % len(state.seats)
        assert not action_mask(view(state, other)).any()


@given(reached_states(rules_strategy=RULE_BOOK), st.data())
def test_i1_i4_the_observation_is_within_bounds_and_fixed_in_shape(state: GameState, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, len(state.seats) - 1))
    vector = encode_view(view(state, seat))
    players = len(state.seats)
    assert vector.shape == (observation_size(players),) and vector.dtype == np.float32
    assert (vector >= 0).all() and (vector <= observation_high(players)).all()
    layout = observation_layout(players)
    assert layout[-1][1] + layout[-1][2] == observation_size(players)
    blocks = {name: vector[start : start + size] for name, start, size in layout}
    assert blocks["own hand: cards by rank"].sum() == len(state.seats[seat].hand)
    # Every card is in exactly one place the view shows: own hand, unseen, pile, open, collected.
    total = sum(blocks[name].sum() for name in blocks if "by rank" in name)
    assert total == 72


@given(reached_states(rules_strategy=RULE_BOOK), st.data())
def test_i2_i3_no_leak_the_observation_depends_only_on_what_the_seat_sees(
    state: GameState, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, len(state.seats) - 1))
    expected = encode_view(view(state, seat))
    for variant in hidden_variants(state, seat, random.Random(data.draw(st.integers(0, 2**32))), 4):
        assert np.array_equal(encode_view(view(variant, seat)), expected)
        assert np.array_equal(action_mask(view(variant, seat)), action_mask(view(state, seat)))


def test_seats_are_ordered_from_the_viewer() -> None:
    state = new_game(4, seed=7)
    layout = {name: (start, size) for name, start, size in observation_layout(4)}
    start, size = layout["seat to move, one-hot by turn order"]
    for seat in range(4):
        turn = encode_view(view(state, seat))[start : start + size]
        assert turn.tolist().index(1.0) == (state.to_move - seat) % 4


def test_a_spectators_view_is_refused() -> None:
    with pytest.raises(ValueError, match="spectator"):
        encode_view(view(new_game(3, seed=1), None))


def test_numpy_is_only_needed_by_eighthalf_envs() -> None:
    import subprocess
    import sys

    code = (
        "import sys, eighthalf, eighthalf.bots, eighthalf.simulation.summary, eighthalf.games.eighthalf.terminal, eighthalf.cli; "
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "[]"


def test_t3_an_open_run_has_no_action_and_says_so() -> None:
    """Several open cards at once (``open_runs``, T3) are a move of a round, with no action."""
    run = OpenPlay(Rank.SEVEN, 2)
    with pytest.raises(IllegalMoveError, match=r"open_runs \(T3\)") as refused:
        move_to_action(run)
    assert not isinstance(refused.value, NotAMoveError) and refused.value.rule == "T3"
