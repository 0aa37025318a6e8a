"""eighthalf.testing: the leak checks offered to front-ends and servers."""

from __future__ import annotations

import json
import random

import pytest

from eighthalf import GameState, apply, apply_with_events, events_for, legal_moves, narrate, new_game, view
from eighthalf.testing import LeakError, assert_no_leaks, hidden_variants


def states() -> list[GameState]:
    """States from the opening to the end of a few rounds."""
    out: list[GameState] = []
    for players in (2, 3, 5):
        state = new_game(players, seed=players)
        rng = random.Random(players)
        while True:
            if state.move_number % 9 == 0 or state.over:
                out.append(state)
            if state.over:
                break
            state = apply(state, rng.choice(legal_moves(state)))
    return out


STATES = states()


def _seats(state: GameState) -> list[int | None]:
    return [*range(state.players), None]


def _json_view(state: GameState, seat: int | None) -> object:
    seen = view(state, seat)
    return json.dumps(
        {
            "hand": None if seen.hand is None else [str(card) for card in seen.hand],
            "seats": [[seat_view.hand_size, seat_view.bank_size, seat_view.blind_size] for seat_view in seen.seats],
            "pile": [str(card) for card in seen.pile],
            "moves": [str(move) for move in seen.legal_moves()],
        }
    )


@pytest.mark.parametrize("state", STATES)
def test_the_library_s_own_views_do_not_leak(state: GameState) -> None:
    for seat in _seats(state):
        rng = random.Random(0)
        assert_no_leaks(state, seat, view, rng=rng)
        assert_no_leaks(state, seat, lambda s, who: repr(view(s, who)), rng=rng)
        assert_no_leaks(state, seat, lambda s, who: view(s, who).legal_moves(), rng=rng)
        assert_no_leaks(state, seat, _json_view, rng=rng, variants=3)


def test_rendering_another_seat_s_hand_is_a_leak() -> None:
    state = new_game(4, seed=7)
    with pytest.raises(LeakError, match="seat 0"):
        assert_no_leaks(state, 0, lambda s, who: repr(s.seats[1].hand), rng=random.Random(1))
    with pytest.raises(LeakError):
        assert_no_leaks(state, None, lambda s, who: s.seats[2].hand, rng=random.Random(1))


@pytest.mark.parametrize("zone", ["bank", "blind"])
def test_rendering_a_bank_or_blind_cards_is_a_leak_even_for_the_owner(zone: str) -> None:
    state = new_game(3, seed=4)
    with pytest.raises(LeakError):
        assert_no_leaks(state, 0, lambda s, who: getattr(s.seats[who or 0], zone), rng=random.Random(2))
    with pytest.raises(LeakError):
        assert_no_leaks(state, 1, lambda s, who: [getattr(seat, zone) for seat in s.seats], rng=random.Random(2))


def test_rendering_the_whole_state_is_a_leak() -> None:
    for state in STATES[:5]:
        with pytest.raises(LeakError) as error:
            assert_no_leaks(state, 0, lambda s, who: repr(s), rng=random.Random(3))
        assert isinstance(error.value, AssertionError)
        assert len(str(error.value)) < 600  # long renders are shortened in the message


def test_a_leak_of_the_drawn_cards_is_caught() -> None:
    state = new_game(4, seed=7)
    move = legal_moves(state)[0]

    def full(s: GameState, who: int | None) -> object:
        return narrate(apply_with_events(s, move)[1])  # the full events: drawn cards shown

    def hidden(s: GameState, who: int | None) -> object:
        return narrate(events_for(apply_with_events(s, move)[1], who))

    # The opening move (S5) is legal in every variant; seat 2 draws a card.
    assert state.to_move == 2
    with pytest.raises(LeakError):
        assert_no_leaks(state, 0, full, rng=random.Random(5))
    for seat in (0, 1, 3, None):
        assert_no_leaks(state, seat, hidden, rng=random.Random(5))


def test_own_hand_is_no_leak() -> None:
    state = new_game(4, seed=7)
    for seat in range(4):
        assert_no_leaks(state, seat, lambda s, who: s.seats[who or 0].hand, rng=random.Random(seat))


def test_hidden_variants_look_the_same_and_are_as_many_as_asked() -> None:
    state = STATES[3]
    for seat in _seats(state):
        variants = list(hidden_variants(state, seat, random.Random(4), count=5))
        assert len(variants) == 5
        assert all(view(variant, seat) == view(state, seat) for variant in variants)
        assert any(variant != state for variant in variants)
    assert list(hidden_variants(state, 0, random.Random(4), count=0)) == []
