"""eighthalf.testing: the leak checks offered to front-ends, servers and games."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from eighthalf import (
    GameState,
    IllegalMoveError,
    InvalidStateError,
    Move,
    apply,
    apply_with_events,
    events_for,
    legal_moves,
    narrate,
    new_game,
    view,
)
from eighthalf.core.game import Game
from eighthalf.games.eighthalf.events import Drew, Event
from eighthalf.games.eighthalf.game import EIGHTHALF, MatchGame, RoundGame
from eighthalf.games.eights.game import EIGHTS
from eighthalf.testing import LeakError, assert_events_hide, assert_no_leaks, hidden_variants


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


# --------------------------------------------------------------------------- any game object


def _played(game: Game[Any, Any, Any, Any, Any], players: int, seed: int, moves: int) -> Any:
    state = game.start(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.to_move(state) is None:
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


@pytest.mark.parametrize("game", [EIGHTHALF, MatchGame(2), EIGHTS], ids=repr)
def test_every_game_s_views_do_not_leak_and_its_seed_does(game: Game[Any, Any, Any, Any, Any]) -> None:
    state = _played(game, 3, 4, 30)
    for seat in (0, 1, 2, None):
        variants = list(hidden_variants(state, seat, random.Random(1), 4, game=game))
        assert len(variants) == 4 and all(game.view(variant, seat) == game.view(state, seat) for variant in variants)
        assert_no_leaks(state, seat, game.view, rng=random.Random(2), game=game)
    if game is not EIGHTHALF:  # a match and a game of Eights hold the seed of every later deal (I4, WI4)
        with pytest.raises(LeakError):
            assert_no_leaks(state, 0, lambda s, who: s.seed, rng=random.Random(3), game=game)


def test_the_default_game_is_the_round() -> None:
    state = STATES[4]
    assert list(hidden_variants(state, 1, random.Random(6))) == list(
        hidden_variants(state, 1, random.Random(6), game=EIGHTHALF)
    )


@pytest.mark.parametrize("game", [EIGHTHALF, MatchGame(2), EIGHTS], ids=repr)
def test_every_game_s_events_hide_what_the_others_may_not_see(game: Game[Any, Any, Any, Any, Any]) -> None:
    compared = 0
    for seed in range(3):
        state = _played(game, 3, seed, 10 * seed)
        move = game.legal_moves(state)[0]
        for seat in (0, 1, 2, None):
            if seat != game.to_move(state):
                compared += assert_events_hide(game, state, move, seat, rng=random.Random(seed), variants=6)
    assert compared > 0


class _TellsTheSeats(RoundGame):
    """A round that tells every seat, not the spectator, the cards drawn."""

    __slots__ = ()

    def events_for(self, events: Sequence[Event], seat: int | None) -> tuple[Event, ...]:
        return events_for(events, None) if seat is None else tuple(events)


class _TellsAHand(RoundGame):
    """A round whose events tell everybody seat 1's hand."""

    __slots__ = ()

    def describe(self, before: GameState, move: Move, after: GameState) -> tuple[Event, ...]:
        return (*super().describe(before, move, after), Drew(1, 3, after.seats[1].hand))

    def events_for(self, events: Sequence[Event], seat: int | None) -> tuple[Event, ...]:
        return tuple(events)


def test_events_told_to_a_seat_that_did_not_move_are_checked() -> None:
    state = new_game(4, seed=7)
    move = legal_moves(state)[0]  # seat 2 opens (S5) and draws a card
    leaky = _TellsTheSeats()
    with pytest.raises(LeakError, match="seat 0") as error:
        assert_events_hide(leaky, state, move, 0, rng=random.Random(1), variants=20)
    assert len(str(error.value)) < 600
    # the spectator is told no card; it is compared where the mover drew the same card
    assert assert_events_hide(leaky, state, move, None, rng=random.Random(1), variants=60) > 0
    for seat in (0, 1, 3, None):
        assert assert_events_hide(EIGHTHALF, state, move, seat, rng=random.Random(1), variants=60) > 0


def test_events_that_tell_a_hidden_hand_are_a_leak_even_to_a_spectator() -> None:
    state = new_game(4, seed=7)
    move = legal_moves(state)[0]
    with pytest.raises(LeakError, match="seat None"):
        assert_events_hide(_TellsAHand(), state, move, None, rng=random.Random(2), variants=20)


def test_bad_arguments_are_invalid_state_errors() -> None:
    state = new_game(4, seed=7)
    move = legal_moves(state)[0]
    rng = random.Random(1)
    junk: Any = "x" * 10**6
    round_state: Any = state  # the type checker refuses it for Eights: this is the run-time check
    calls: list[Callable[[], object]] = [
        lambda: hidden_variants(state, 0, rng, -1),
        lambda: hidden_variants(state, 0, junk),
        lambda: hidden_variants(state, junk, rng),
        lambda: hidden_variants(state, 0, rng, game=junk),
        lambda: hidden_variants(junk, 0, rng),
        lambda: hidden_variants(round_state, 0, rng, game=EIGHTS),  # not a state of Eights
        lambda: assert_no_leaks(state, 0, junk, rng=rng),
        lambda: assert_no_leaks(state, 0, view, rng=rng, variants=junk),
        lambda: assert_events_hide(EIGHTHALF, state, move, 2, rng=rng),  # seat 2 is to move
        lambda: assert_events_hide(EIGHTHALF, state, move, 0, rng=rng, variants=-1),
        lambda: assert_events_hide(EIGHTHALF, state, move, 0, rng=junk),
        lambda: assert_events_hide(junk, state, move, 0, rng=rng),
        lambda: assert_events_hide(EIGHTHALF, STATES[-1], move, 0, rng=rng),  # over
    ]
    for call in calls:
        with pytest.raises(InvalidStateError) as error:
            call()
        assert len(str(error.value)) <= 300
    with pytest.raises(IllegalMoveError):
        assert_events_hide(EIGHTHALF, state, legal_moves(STATES[1])[0], 0, rng=rng)
    with pytest.raises(IndexError):
        hidden_variants(state, 4, rng)
