"""Issue 20, part 3: the adapters observe from the state (``encode_state_into``, ``mask_state_into``
and their batched forms), without making the seat's view. What they build must be exactly what
the seat's view gives, for every seat, and must not change with the cards the seat cannot see
(I1–I4, WI1–WI4)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np
from envs_reference import eights_action_mask, eights_encode_view, round_action_mask, round_encode_view

from eighthalf import GameState, InvalidStateError, Rules
from eighthalf import apply_unchecked as round_apply
from eighthalf import legal_moves as round_legal
from eighthalf import new_game as round_game
from eighthalf import view as round_view
from eighthalf.eights import apply_unchecked as eights_apply
from eighthalf.eights import legal_moves as eights_legal
from eighthalf.eights import new_game as eights_game
from eighthalf.eights import view as eights_view
from eighthalf.games.eighthalf import encoding as round_encoding
from eighthalf.games.eighthalf import encoding_counts as counts_encoding
from eighthalf.games.eighthalf.encoding import EIGHTHALF_ENCODING
from eighthalf.games.eights.encoding import EIGHTS_ENCODING
from eighthalf.games.eights.game import EIGHTS
from eighthalf.testing import hidden_variants

TABLE_RULES = (
    Rules(),
    Rules(single_opening=True),
    Rules(lock_next_only=True, halves_stop_at_8_half=True),
    Rules(move_limit=40),
)
"""The rule book and the table options the environments play (not open runs, T3)."""


def _round_states(games: int, seed: int) -> list[GameState]:
    """Every state of ``games`` random rounds of 2 to 5 players, under every table's rules in turn."""
    rng = random.Random(seed)
    states = []
    for game in range(games):
        state = round_game(rng.choice((2, 3, 4, 5)), seed=seed + game, rules=TABLE_RULES[game % len(TABLE_RULES)])
        states.append(state)
        while state.outcome is None:
            state = round_apply(state, rng.choice(round_legal(state)))
            states.append(state)
    return states


def _eights_states(games: int, seed: int, limit: int = 300) -> list[Any]:
    rng = random.Random(seed)
    states = []
    for game in range(games):
        state = eights_game(rng.choice((2, 3, 4, 5, 6)), seed=seed + game)
        for _ in range(limit):
            states.append(state)
            if state.outcome is not None:
                break
            state = eights_apply(state, rng.choice(eights_legal(state)))
    return states


def test_i1_i4_the_observation_and_mask_from_the_state_are_the_seats_views_for_every_seat() -> None:
    states = _round_states(40, 1)
    assert len(states) > 3000 and any(state.outcome for state in states)
    for state in states:
        size = round_encoding.observation_size(len(state.seats))
        for seat in range(len(state.seats)):
            seen = round_view(state, seat)
            expected = round_encode_view(seen)
            assert np.array_equal(round_encoding.encode_state_into(state, seat, np.empty(size, np.float32)), expected)
            assert np.array_equal(round_encoding.encode_view(seen), expected)
            mask = round_encoding.mask_state_into(state, seat, np.full(round_encoding.NUM_ACTIONS, 9, np.int8))
            assert np.array_equal(mask, round_action_mask(seen))


def test_i2_i3_no_leak_the_observation_from_the_state_ignores_the_cards_the_seat_cannot_see() -> None:
    rng = random.Random(2)
    states = _round_states(12, 50)
    for state in rng.sample(states, 300):
        size = round_encoding.observation_size(len(state.seats))
        for seat in range(len(state.seats)):
            expected = round_encoding.encode_view(round_view(state, seat))
            mask = round_encoding.action_mask(round_view(state, seat))
            for variant in hidden_variants(state, seat, rng, 3):
                observed = round_encoding.encode_state_into(variant, seat, np.empty(size, np.float32))
                assert np.array_equal(observed, expected)
                moves = round_encoding.mask_state_into(variant, seat, np.empty(round_encoding.NUM_ACTIONS, np.int8))
                assert np.array_equal(moves, mask)


def test_wi1_wi4_the_eights_observation_from_the_state_is_the_seats_view_and_leaks_nothing() -> None:
    rng = random.Random(3)
    states = _eights_states(6, 7)
    assert len(states) > 300
    for state in rng.sample(states, 120):
        players = len(state.hand.hands)
        size = EIGHTS_ENCODING.observation_size(players)
        for seat in range(players):
            seen = eights_view(state, seat)
            expected = eights_encode_view(seen)
            observed = EIGHTS_ENCODING.encode_state_into(state, seat, np.empty(size, np.float32))
            assert np.array_equal(observed, expected)
            mask = EIGHTS_ENCODING.mask_state_into(state, seat, np.empty(EIGHTS_ENCODING.num_actions, np.int8))
            assert np.array_equal(mask, eights_action_mask(seen))
            for variant in hidden_variants(state, seat, rng, 2, game=EIGHTS):
                assert np.array_equal(
                    EIGHTS_ENCODING.encode_state_into(variant, seat, np.empty_like(observed)), expected
                )
                assert np.array_equal(EIGHTS_ENCODING.mask_state_into(variant, seat, np.empty_like(mask)), mask)


@pytest.mark.parametrize("encoding", [EIGHTHALF_ENCODING, EIGHTS_ENCODING], ids=["8½", "Eights"])
def test_the_batched_forms_write_each_row_as_the_single_one(encoding: Any) -> None:
    rng = random.Random(4)
    pool = _round_states(6, 9) if encoding is EIGHTHALF_ENCODING else _eights_states(3, 9)
    for players in sorted({_players(state) for state in pool}):
        states = [state for state in pool if _players(state) == players]
        chosen = [rng.choice(states) for _ in range(17)]
        seats = [rng.randrange(players) for _ in chosen]
        rows = np.full((17, encoding.observation_size(players)), -1, np.float32)
        masks = np.full((17, encoding.num_actions), 7, np.int8)
        assert encoding.encode_states_into(chosen, seats, rows) is rows
        assert encoding.mask_states_into(chosen, seats, masks) is masks
        for row, (state, seat) in enumerate(zip(chosen, seats, strict=True)):
            seen = encoding.game.view(state, seat)
            assert np.array_equal(rows[row], encoding.encode_view(seen))
            assert np.array_equal(masks[row], encoding.action_mask(seen))


def _players(state: Any) -> int:
    return len(state.seats) if isinstance(state, GameState) else len(state.hand.hands)


def test_full_caches_start_again_and_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counts_encoding, "_CACHED", 3)
    monkeypatch.setattr(round_encoding, "_MASKS_CACHED", 3)
    monkeypatch.setattr(round_encoding, "_masks_most", 3)  # as if no batch had been written
    monkeypatch.setattr(round_encoding, "_COUNTS", {})  # new tables, whose caches fill at 3
    states = _round_states(3, 20)
    for state in states:
        for seat in range(len(state.seats)):
            seen = round_view(state, seat)
            expected = round_encode_view(seen)
            assert np.array_equal(round_encoding.encode_view(seen), expected)
            out = np.empty_like(expected)
            assert np.array_equal(round_encoding.encode_state_into(state, seat, out), expected)
            assert np.array_equal(round_encoding.action_mask(seen), round_action_mask(seen))
    counts = round_encoding._COUNTS[len(states[0].seats)]
    assert len(counts.hands) <= 3 and all(len(cache) <= 3 for cache in counts.seats)
    assert len(round_encoding._MASKS) <= 3 and len(round_encoding._MASKS_BY_ID) <= 3


def test_the_batched_forms_size_the_caches_for_their_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counts_encoding, "_CACHED", 3)
    monkeypatch.setattr(round_encoding, "_MASKS_CACHED", 3)
    monkeypatch.setattr(round_encoding, "_masks_most", 3)
    monkeypatch.setattr(round_encoding, "_COUNTS", {})
    states = [state for state in _round_states(4, 21) if len(state.seats) == 4]
    rng = random.Random(8)
    for rows in (1, 2, 5):
        for start in range(0, len(states) - rows, rows):
            chosen = states[start : start + rows]
            seats = [rng.randrange(4) for _ in chosen]
            observations = round_encoding.encode_states_into(chosen, seats, np.empty((rows, 201), np.float32))
            masks = round_encoding.mask_states_into(chosen, seats, np.empty((rows, 89), np.int8))
            for row, (state, seat) in enumerate(zip(chosen, seats, strict=True)):
                seen = round_view(state, seat)
                assert np.array_equal(observations[row], round_encode_view(seen))
                assert np.array_equal(masks[row], round_action_mask(seen))
            counts = round_encoding._COUNTS[4]
            assert counts.most == max(3, 16 * rows) and round_encoding._masks_most == max(3, 4 * rows)
            assert len(counts.hands) <= counts.most and all(len(cache) <= counts.most for cache in counts.seats)
            assert len(round_encoding._MASKS) <= round_encoding._masks_most
            assert len(round_encoding._MASKS_BY_ID) <= round_encoding._masks_most


def test_bad_arguments_of_the_state_forms_are_refused() -> None:
    state = round_game(4, seed=3)
    out = np.empty(round_encoding.observation_size(4), np.float32)
    mask = np.empty(round_encoding.NUM_ACTIONS, np.int8)
    with pytest.raises(InvalidStateError, match="GameState"):
        round_encoding.encode_state_into(round_view(state, 0), 0, out)  # type: ignore[arg-type]
    for seat in (-1, 4, True, np.int64(1), None):
        with pytest.raises(InvalidStateError, match="seat must be a seat of the round"):
            round_encoding.encode_state_into(state, seat, out)  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError, match="seat must be a seat of the round"):
            round_encoding.mask_state_into(state, seat, mask)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="float32 vector of 201"):
        round_encoding.encode_state_into(state, 0, np.empty(200, np.float32))
    with pytest.raises(InvalidStateError, match="int8 vector of 89"):
        round_encoding.mask_state_into(state, 0, np.empty(89, np.float32))
    rows = np.empty((2, 201), np.float32)
    masks = np.empty((2, 89), np.int8)
    with pytest.raises(InvalidStateError, match="one seat per state"):
        round_encoding.encode_states_into([state, state], [0], rows)
    with pytest.raises(InvalidStateError, match="one seat per state"):
        round_encoding.mask_states_into([], [], masks)
    with pytest.raises(InvalidStateError, match="shape"):
        round_encoding.encode_states_into([state, state], [0, 1], np.empty((3, 201), np.float32))
    with pytest.raises(InvalidStateError, match="shape"):
        round_encoding.mask_states_into([state, state], [0, 1], np.empty((2, 89), np.int16))
    with pytest.raises(InvalidStateError, match="every state must have 4 seats"):
        round_encoding.encode_states_into([state, round_game(3, seed=1)], [0, 1], rows)
    with pytest.raises(InvalidStateError, match="seat must be a seat of the round"):
        round_encoding.mask_states_into([state, state], [0, 9], masks)


def test_view_of_remembers_the_last_view_and_checks_the_seat() -> None:
    state = eights_game(3, seed=2)
    first = EIGHTS_ENCODING.view_of(state, 1)
    assert EIGHTS_ENCODING.view_of(state, 1) is first
    assert EIGHTS_ENCODING.view_of(state, 2) == eights_view(state, 2)
    assert EIGHTS_ENCODING.view_of(state, 1) is not first and EIGHTS_ENCODING.view_of(state, 1) == first
    with pytest.raises((InvalidStateError, IndexError)):
        EIGHTS_ENCODING.view_of(state, 7)
    move = eights_legal(state)[0]
    seat = state.to_move
    action = EIGHTS_ENCODING.move_to_action(move, eights_view(state, seat))
    assert EIGHTS_ENCODING.state_action_to_move(action, state, seat) == move
    assert EIGHTHALF_ENCODING.state_action_to_move(88, round_game(3, seed=1), 0) == round_encoding.ACTIONS[88]


def test_the_action_space_answers_as_gymnasiums_discrete() -> None:
    pytest.importorskip("pettingzoo")
    from gymnasium.spaces import Discrete

    from eighthalf.envs.aec import Actions

    for made, plain in ((Actions(89), Discrete(89)), (Actions(5, start=3), Discrete(5, start=3))):
        assert made == plain and repr(made) == repr(plain)
        values: list[object] = [0, 2, 3, 7, 8, 88, 89, -1, True, False, 2**70, -(2**70), 5.0, "3", None]
        values += [np.int64(4), np.int8(3), np.uint64(2**63), np.array(3), np.array([3])]
        for value in values:
            assert made.contains(value) == plain.contains(value), value


def test_the_row_by_row_forms_of_an_encoding_want_one_seat_per_state() -> None:
    state = eights_game(3, seed=4)
    rows = np.empty((2, EIGHTS_ENCODING.observation_size(3)), np.float32)
    with pytest.raises(InvalidStateError, match="one seat per state"):
        EIGHTS_ENCODING.encode_states_into([state, state], [0], rows)
    with pytest.raises(InvalidStateError, match="one seat per state"):
        EIGHTS_ENCODING.mask_states_into([state], [0, 1], np.empty((2, EIGHTS_ENCODING.num_actions), np.int8))
