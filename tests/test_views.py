"""Player views (I1–I4): what one seat, or a spectator, may know of a round.

The key property: two states that differ only in what a seat cannot see give that seat
the same view, the same text of the view, the same legal moves and, after the same move,
the same events whenever what it sees afterwards is the same too.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import revalidate, table_options

from eighthalf import (
    COMPOSITION,
    BlindPlay,
    GameState,
    HandPlay,
    Move,
    PlayerView,
    Rank,
    Rules,
    Seat,
    SeatView,
    apply,
    apply_with_events,
    events_for,
    legal_moves,
    new_game,
    position,
    rest_of_deck,
    sample_state,
    unseen_cards,
    view,
)
from eighthalf.games.eighthalf.events import BlindTurned, Event
from eighthalf.testing import hidden_variants

R = Rank


def play(players: int, seed: int, rng_seed: int, stop: int | None = None, rules: Rules | None = None) -> GameState:
    """The state after ``stop`` random legal moves (or at the end of the round).

    Random play can make very long rounds, so 600 moves is as far as it goes.
    """
    state = new_game(players, seed=seed, rules=rules)
    rng = random.Random(rng_seed)
    while not state.over and state.move_number < (600 if stop is None else stop):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


@st.composite
def reached(draw: st.DrawFn) -> GameState:
    """A state at a random point of a random round (the end included), under random table options."""
    players = draw(st.integers(min_value=2, max_value=5))
    seed = draw(st.integers(min_value=0, max_value=2**40))
    stop = draw(st.integers(min_value=0, max_value=150) | st.none())
    rules = Rules(**draw(table_options()))
    return play(players, seed, draw(st.integers(min_value=0, max_value=2**32)), stop, rules)


def viewers(state: GameState) -> list[int | None]:
    return [*range(state.players), None]


def sample_points() -> list[GameState]:
    """A fixed spread of states: openings, middles and ends of rounds of 2 to 5 players."""
    out: list[GameState] = []
    for players in range(2, 6):
        for seed in range(3):
            for stop in (0, 1, 7, 25, 60, None):
                out.append(play(players, 100 * players + seed, seed, stop))
    return out


POINTS = sample_points()


# --------------------------------------------------------------------------- I1–I3: contents


@pytest.mark.parametrize("state", POINTS[::3])
def test_I2_a_seat_sees_its_own_hand_and_nobody_elses(state: GameState) -> None:
    for seat in range(state.players):
        seen = view(state, seat)
        assert seen.seat == seat
        assert seen.hand == state.seats[seat].hand
        for index, other in enumerate(seen.seats):
            if index == seat:
                assert other.hand == state.seats[index].hand
            else:
                assert other.hand is None
            assert other.hand_size == len(state.seats[index].hand)


@pytest.mark.parametrize("state", POINTS[::3])
def test_I1_everybody_sees_open_cards_collected_stacks_pile_and_sizes(state: GameState) -> None:
    for seat in viewers(state):
        seen = view(state, seat)
        assert seen.pile == state.pile
        assert seen.call_halves == state.call_halves
        assert seen.call_label == state.call_label
        assert seen.locked == state.locked
        assert seen.at_risk == state.at_risk
        assert seen.catch_card == state.catch_card
        assert seen.to_move == state.to_move
        assert seen.move_number == state.move_number
        assert seen.opening == state.opening
        assert seen.outcome == state.outcome
        assert seen.over == state.over
        assert seen.winner == state.winner
        assert seen.rules == state.rules
        assert seen.players == state.players
        for shown, real in zip(seen.seats, state.seats, strict=True):
            assert shown.open == real.open
            assert shown.collected == real.collected
            assert shown.on_table == real.on_table
            assert shown.hand_size == len(real.hand)
            assert shown.bank_size == len(real.bank)
            assert shown.blind_size == len(real.blind)
            assert shown.count == real.count
            assert shown.is_out == real.is_out
            assert shown.zone == real.zone


def test_I3_views_hold_only_the_sizes_of_banks_and_blind_cards() -> None:
    names = {field.name for field in attrs.fields(SeatView)}
    assert names == {"hand", "hand_size", "bank_size", "open", "blind_size", "collected", "on_table"}
    names = {field.name for field in attrs.fields(PlayerView)}
    assert not names & {"seed", "deck", "bank", "blind"}


def test_I3_own_bank_and_blind_cards_are_hidden_from_the_owner_too() -> None:
    state = new_game(3, seed=42)
    for seat in range(3):
        seen = view(state, seat)
        # Replace this seat's bank and blind cards by other cards of the same sizes:
        real = state.seats[seat]
        swapped = list(state.seats)
        other = (seat + 1) % 3
        swapped[seat] = real.replace(bank=state.seats[other].bank[: len(real.bank)], blind=state.seats[other].blind)
        assert view(state.replace(seats=tuple(swapped)), seat) == seen


@pytest.mark.parametrize("state", POINTS[::4])
def test_I2_a_spectator_sees_no_hand(state: GameState) -> None:
    seen = view(state, None)
    assert seen.seat is None
    assert seen.hand is None
    assert all(seat.hand is None for seat in seen.seats)
    assert seen.legal_moves() == ()
    assert not seen.my_turn


@pytest.mark.parametrize("seat", [-1, 4, 5, 100])
def test_a_seat_out_of_range_is_an_IndexError(seat: int) -> None:
    with pytest.raises(IndexError):
        view(new_game(4, seed=1), seat)


# --------------------------------------------------------------------------- legal moves


@pytest.mark.parametrize("state", POINTS)
def test_a_view_offers_the_legal_moves_of_the_seat_to_move_only(state: GameState) -> None:
    for seat in viewers(state):
        seen = view(state, seat)
        if seat == state.to_move and not state.over:
            assert seen.my_turn
            assert seen.legal_moves() == legal_moves(state)
            assert seen.legal_moves()
        else:
            assert not seen.my_turn
            assert seen.legal_moves() == ()


def _blind_player_state(blind: tuple[Rank, ...]) -> GameState:
    """Seat 0 is on the table with only blind cards left; seat 1 played a 6."""
    other_hand = (R.ONE, R.TWO, R.THREE)
    rest = rest_of_deck(blind, other_hand, [R.SIX])
    me = Seat(hand=(), bank=(), open=(), blind=blind, on_table=True)
    other = Seat(hand=other_hand, bank=(), open=rest[:3], blind=rest[3:6], collected=rest[6:])
    return position([me, other], pile=[(R.SIX, 1)], to_move=0)


def test_L4_blind_cards_are_offered_by_position_only() -> None:
    first = _blind_player_state((R.NINE, R.ZERO, R.GHOST))
    me, other = first.seats
    # Swap seat 0's blind cards with seat 1's: nobody can tell (I3).
    second = position([me.replace(blind=other.blind), other.replace(blind=me.blind)], pile=first.pile, to_move=0)
    assert second.seats[0].blind != first.seats[0].blind
    a, b = view(first, 0), view(second, 0)
    assert a == b
    assert repr(a) == repr(b)
    assert a.legal_moves() == (BlindPlay(0), BlindPlay(1), BlindPlay(2))
    assert a.legal_moves() == legal_moves(first) == legal_moves(second)
    assert a.seats[0].blind_size == 3


# --------------------------------------------------------------------------- the key property


def _check_same_knowledge(state: GameState, variant: GameState, seat: int | None) -> None:
    seen = view(state, seat)
    other = view(variant, seat)
    assert other == seen
    assert repr(other) == repr(seen)
    assert str(other) == str(seen)
    assert hash(other) == hash(seen)
    assert other.legal_moves() == seen.legal_moves()
    if seat is not None and seat == state.to_move:
        assert legal_moves(variant) == legal_moves(state)


def _public(events: tuple[Event, ...]) -> tuple[object, ...]:
    """The events, less the rank of a turned blind card.

    That card was turned face up for all to see (L4), but when it cannot be played it
    goes into its owner's hand with the pile, so the views after the move need not
    show it: only then may the events of two variants differ while the views agree.
    """
    return tuple(
        (event.seat, event.position, event.failed) if isinstance(event, BlindTurned) else event for event in events
    )


@given(state=reached(), data=st.data())
def test_I1_to_I4_states_a_seat_cannot_tell_apart_look_the_same_to_it(state: GameState, data: st.DataObject) -> None:
    seat = data.draw(st.sampled_from(viewers(state)), label="seat")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="rng"))
    for variant in hidden_variants(state, seat, rng, count=4):
        _check_same_knowledge(state, variant, seat)
        if state.over:
            continue
        move: Move = data.draw(st.sampled_from(legal_moves(state)), label="move")
        if move not in legal_moves(variant):
            continue
        after, events = apply_with_events(state, move)
        after_variant, events_variant = apply_with_events(variant, move)
        if view(after, seat) == view(after_variant, seat):
            assert _public(events_for(events_variant, seat)) == _public(events_for(events, seat))


@given(state=reached(), rng_seed=st.integers(0, 2**32))
def test_I2_another_seat_s_move_tells_nothing_new_through_events(state: GameState, rng_seed: int) -> None:
    # A hand play by somebody else: the drawn cards differ between variants, but the
    # watching seat's events (and view) stay the same.
    if state.over:
        return
    mover = state.to_move
    watcher = (mover + 1) % state.players
    rng = random.Random(rng_seed)
    move = rng.choice(legal_moves(state))
    if isinstance(move, BlindPlay):
        return
    for variant in hidden_variants(state, watcher, rng, count=4):
        if move not in legal_moves(variant):
            continue
        after, events = apply_with_events(state, move)
        after_variant, events_variant = apply_with_events(variant, move)
        assert view(after_variant, watcher) == view(after, watcher)
        assert events_for(events_variant, watcher) == events_for(events, watcher)
        assert events_for(events_variant, None) == events_for(events, None)


def test_the_variants_really_differ_in_hidden_cards() -> None:
    # Without this, the properties above would hold trivially.
    state = new_game(4, seed=9)
    variants = list(hidden_variants(state, 0, random.Random(3), count=6))
    assert any(variant.seats[1].hand != state.seats[1].hand for variant in variants)
    assert any(variant.seats[0].bank != state.seats[0].bank for variant in variants)
    assert any(variant.seats[0].blind != state.seats[0].blind for variant in variants)
    assert all(variant.seats[0].hand == state.seats[0].hand for variant in variants)


# --------------------------------------------------------------------------- I4: no seed


@pytest.mark.parametrize("seed", [123456789012345, 2**70 + 12345])
def test_I4_no_view_contains_the_seed(seed: int) -> None:
    state = new_game(4, seed=seed)
    rng = random.Random(seed)
    while True:
        for seat in viewers(state):
            seen = view(state, seat)
            assert str(seed) not in repr(seen)
            assert str(seed) not in str(seen)
            assert seed not in attrs.astuple(seen, recurse=False)
        if state.over:
            break
        state = apply(state, rng.choice(legal_moves(state)))


# --------------------------------------------------------------------------- determinization


def _visible(seen: PlayerView) -> list[Rank]:
    cards = [card.rank for card in seen.pile]
    for seat in seen.seats:
        cards.extend(seat.open)
        cards.extend(seat.collected)
        cards.extend(seat.hand or ())
    return cards


def _hidden(state: GameState, seat: int | None) -> Counter[Rank]:
    cards: Counter[Rank] = Counter()
    for index, each in enumerate(state.seats):
        if index != seat:
            cards.update(each.hand)
        cards.update(each.bank)
        cards.update(each.blind)
    return cards


@pytest.mark.parametrize("state", POINTS)
def test_S1_unseen_and_visible_cards_make_the_deck(state: GameState) -> None:
    for seat in viewers(state):
        seen = view(state, seat)
        unseen = unseen_cards(seen)
        assert list(unseen) == sorted(unseen)
        assert Counter(unseen) + Counter(_visible(seen)) == Counter(COMPOSITION)
        assert Counter(unseen) == _hidden(state, seat)
        assert len(unseen) == sum(
            seat_view.bank_size + seat_view.blind_size + (0 if seat_view.hand is not None else seat_view.hand_size)
            for seat_view in seen.seats
        )


@given(state=reached(), rng_seed=st.integers(0, 2**32))
def test_a_sampled_state_gives_back_the_view(state: GameState, rng_seed: int) -> None:
    rng = random.Random(rng_seed)
    for seat in viewers(state):
        seen = view(state, seat)
        sampled = sample_state(seen, rng)
        assert view(sampled, seat) == seen
        if state.opening is None:  # the opening: see test_S5_a_sampled_opening_is_a_possible_opening
            assert revalidate(sampled) == sampled
        if not sampled.over:
            assert legal_moves(sampled)
        if seat == state.to_move:
            assert legal_moves(sampled) == legal_moves(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 7, 31])
def test_S5_a_sampled_opening_lets_the_opener_open(players: int, seed: int) -> None:
    state = new_game(players, seed=seed)
    assert state.opening is not None
    rng = random.Random(seed)
    for seat in viewers(state):
        if seat == state.to_move:
            continue
        for _ in range(10):
            sampled = sample_state(view(state, seat), rng)
            assert sampled.opening == state.opening
            assert state.opening in sampled.seats[state.to_move].hand
            moves = legal_moves(sampled)
            assert moves
            assert moves[0] == legal_moves(state)[0]
            assert all(isinstance(move, HandPlay) and move.rank == state.opening for move in moves)
            assert view(sampled, seat) == view(state, seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_S5_a_sampled_opening_is_a_possible_opening(players: int) -> None:
    # Before the first move no hand may hold a yellow card below the opening rank: that
    # seat would have opened (S5), and position() refuses such states.
    state = new_game(players, seed=5)
    assert state.opening is not None
    rng = random.Random(0)
    for seat in viewers(state):
        if seat == state.to_move:
            continue
        for _ in range(20):
            sampled = sample_state(view(state, seat), rng)
            for index, each in enumerate(sampled.seats):
                lowest = min((rank for rank in each.hand if rank.is_yellow), default=None)
                assert lowest is None or lowest >= state.opening, f"seat {index} could have opened with {lowest}"
            assert revalidate(sampled) == sampled


def test_sampling_is_deterministic_given_the_rng() -> None:
    state = play(4, 5, 5, 30)
    seen = view(state, 1)
    assert sample_state(seen, random.Random(8)) == sample_state(seen, random.Random(8))


def test_a_view_works_with_a_move_limit() -> None:
    state = play(3, 4, 4, rules=Rules(move_limit=6))
    assert state.over and state.winner is None
    for seat in viewers(state):
        seen = view(state, seat)
        assert seen.over and seen.winner is None
        assert seen.legal_moves() == ()
        assert view(sample_state(seen, random.Random(0)), seat) == seen
