"""The match (M1–M3): rounds, the dealer moving on, scores adding up, the exchange."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import (
    RANKS,
    Decline,
    Exchange,
    IllegalMoveError,
    InvalidStateError,
    Match,
    MatchView,
    ParseError,
    Rank,
    Rules,
    legal_moves,
    new_game,
    new_match,
    parse_match_move,
    parse_move,
    view,
    view_match,
)
from eighthalf.games.eighthalf.match import DECLINE, Exchanged, MatchMove, MatchOver, RoundDealt, round_seed
from eighthalf.games.eighthalf.moves import BLIND_PLAYS, COLLECT, EIGHT_AND_HALF, HAND_PLAYS, OPEN_PLAYS

R = Rank


def play_match(match: Match, rng: random.Random, *, decline: bool = False) -> list[Match]:
    """Every match state from ``match`` to the end, with random legal moves."""
    states = [match]
    while not match.over:
        moves = match.legal_moves()
        move = DECLINE if decline and match.exchange_by is not None else rng.choice(moves)
        match = match.apply(move)
        states.append(match)
    return states


def expected_exchanges(match: Match) -> set[MatchMove]:
    """M3, from the rules: one of the winner's open cards for one of a Big Loser's."""
    winner = match.exchange_by
    assert winner is not None
    out: set[MatchMove] = set()
    for loser in match.results[-1].big_losers:
        for own in match.state.seats[winner].open:
            for theirs in match.state.seats[loser].open:
                if own != theirs:
                    out.add(Exchange(own, loser, theirs))
    return out


def round_starts(states: list[Match]) -> list[Match]:
    """The first match state of every round (before any M3 decision)."""
    return [
        match for index, match in enumerate(states) if index == 0 or match.round_index != states[index - 1].round_index
    ]


# --------------------------------------------------------------------------- M1, M2


def test_M1_a_match_has_six_rounds_by_default() -> None:
    match = new_match(4, seed=1)
    assert match.rounds == 6
    assert match.round_index == 0
    assert match.results == ()
    assert match.scores == (0, 0, 0, 0)
    assert match.exchange_by is None
    assert not match.over
    assert match.winners == ()
    states = play_match(match, random.Random(1))
    assert len(round_starts(states)) == 6
    assert len(states[-1].results) == 6


@pytest.mark.parametrize(("players", "seed", "dealer"), [(2, 0, None), (3, 5, 0), (4, 9, 2), (5, 13, None)])
def test_M2_the_dealer_moves_one_seat_clockwise_each_round(players: int, seed: int, dealer: int | None) -> None:
    match = new_match(players, seed=seed, rounds=7, dealer=dealer)
    first = players - 1 if dealer is None else dealer  # S7
    assert match.dealer == first
    starts = round_starts(play_match(match, random.Random(seed)))
    assert [start.round_index for start in starts] == list(range(7))
    for index, start in enumerate(starts):
        assert start.dealer == (first + index) % players
        # The round is dealt by that dealer, from the round's own seed (S3, S5).
        expected = new_game(players, seed=round_seed(seed, index), dealer=start.dealer)
        assert start.state == expected


def test_M2_round_dealt_events_name_the_new_dealer() -> None:
    match = new_match(3, seed=4, rounds=3)
    rng = random.Random(4)
    dealers = []
    while not match.over:
        match, events = match.apply_with_events(rng.choice(match.legal_moves()))
        for event in events:
            if isinstance(event, RoundDealt):
                assert event.index == match.round_index
                assert event.dealer == match.dealer
                assert event.exchange_by == match.exchange_by
                dealers.append(event.dealer)
    assert dealers == [0, 1]
    assert isinstance(events[-1], MatchOver)
    assert events[-1] == MatchOver(match.scores, match.winners)


@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**64),
    rounds=st.integers(min_value=1, max_value=4),
)
def test_M1_scores_add_up_and_the_highest_totals_win(players: int, seed: int, rounds: int) -> None:
    rules = Rules(move_limit=600)  # random play can make very long rounds
    states = play_match(new_match(players, seed=seed, rounds=rounds, rules=rules), random.Random(seed))
    final = states[-1]
    assert final.over
    assert len(final.results) == rounds
    totals = [0] * players
    for outcome in final.results:
        for seat in range(players):
            totals[seat] += outcome.points[seat]
    assert final.scores == tuple(totals)
    assert final.winners == tuple(seat for seat in range(players) if totals[seat] == max(totals))
    for match in states[:-1]:
        assert match.winners == ()
        assert not match.over
    # Each finished round's result is the outcome of the round as played.
    for before, after in itertools.pairwise(states):
        if len(after.results) > len(before.results):
            assert after.results[:-1] == before.results


def test_M1_tied_totals_share_the_win() -> None:
    match = new_match(3, seed=11, rounds=2)
    while not match.over:
        match = match.apply(match.legal_moves()[0])
    assert match.scores == (3, 0, 3)
    assert match.winners == (0, 2)


def test_M1_no_move_once_the_match_is_over() -> None:
    final = play_match(new_match(2, seed=2, rounds=1), random.Random(2))[-1]
    assert final.over
    assert final.legal_moves() == ()
    with pytest.raises(IllegalMoveError):
        final.apply(COLLECT)
    with pytest.raises(IllegalMoveError):
        final.apply(DECLINE)


@pytest.mark.parametrize("rounds", [0, -1])
def test_M1_a_match_has_at_least_one_round(rounds: int) -> None:
    with pytest.raises(InvalidStateError, match="M1"):
        new_match(3, rounds=rounds)


# --------------------------------------------------------------------------- M3


def _first_pending(seed: int, players: int = 4) -> Match:
    """The match right after its first round, with the M3 decision pending."""
    match = new_match(players, seed=seed)
    rng = random.Random(seed)
    while match.exchange_by is None:
        match = match.apply(rng.choice(match.legal_moves()))
    return match


@pytest.mark.parametrize("seed", range(6))
def test_M3_the_previous_winner_decides_on_the_exchange(seed: int) -> None:
    match = _first_pending(seed, players=2 + seed % 4)
    last = match.results[-1]
    assert last.winner is not None and last.big_losers
    assert match.round_index == 1
    assert match.exchange_by == last.winner
    assert match.to_move == last.winner
    # Before the opening (M3): nothing of the new round has been played.
    assert match.state.move_number == 0 and match.state.pile == ()
    moves = match.legal_moves()
    assert moves[-1] == DECLINE
    assert all(isinstance(move, Exchange) for move in moves[:-1])
    assert len(set(moves)) == len(moves)
    assert set(moves[:-1]) == expected_exchanges(match)


@pytest.mark.parametrize("seed", range(6))
def test_M3_an_exchange_swaps_exactly_the_two_open_cards(seed: int) -> None:
    match = _first_pending(seed, players=2 + seed % 4)
    winner = match.exchange_by
    assert winner is not None
    for move in match.legal_moves()[:-1]:
        assert isinstance(move, Exchange)
        after, events = match.apply_with_events(move)
        assert events == (Exchanged(winner, move),)
        assert after.exchange_by is None
        assert after.to_move == match.state.to_move
        before_state, after_state = match.state, after.state
        assert after_state.replace(seats=before_state.seats) == before_state
        assert attrs.evolve(after, state=before_state, exchange_by=winner) == match
        for index, (old, new) in enumerate(zip(before_state.seats, after_state.seats, strict=True)):
            if index == winner:
                expected = Counter(old.open) - Counter([move.own]) + Counter([move.theirs])
            elif index == move.loser:
                expected = Counter(old.open) - Counter([move.theirs]) + Counter([move.own])
            else:
                assert new == old
                continue
            assert Counter(new.open) == expected
            assert len(new.open) == len(old.open)
            assert new.replace(open=old.open) == old
        assert after.legal_moves() == legal_moves(after.state)


def test_M3_decline_changes_nothing_but_the_pending_decision() -> None:
    match = _first_pending(3)
    after, events = match.apply_with_events(Decline())
    assert events == (Exchanged(match.exchange_by, None),)  # type: ignore[arg-type]
    assert after == attrs.evolve(match, exchange_by=None)
    assert after.state == match.state
    assert after.to_move == match.state.to_move
    assert after.legal_moves() == legal_moves(match.state)


def test_M3_round_moves_and_wrong_exchanges_are_refused_while_the_decision_is_pending() -> None:
    match = _first_pending(5)
    winner = match.exchange_by
    assert winner is not None
    loser = match.results[-1].big_losers[0]
    bystander = next(
        seat for seat in range(match.players) if seat != winner and seat not in match.results[-1].big_losers
    )
    own = match.state.seats[winner].open
    theirs = match.state.seats[loser].open
    missing = next(rank for rank in RANKS if rank not in own)
    wrong: list[MatchMove] = [
        *legal_moves(match.state),
        COLLECT,
        Exchange(own[0], bystander, match.state.seats[bystander].open[0]),  # not a Big Loser
        Exchange(missing, loser, theirs[0]),  # not the winner's card
        Exchange(own[0], winner, own[1]),  # with oneself
    ]
    absent = next((rank for rank in RANKS if rank not in theirs and rank != own[0]), None)
    if absent is not None:
        wrong.append(Exchange(own[0], loser, absent))  # not the loser's card
    for move in wrong:
        with pytest.raises(IllegalMoveError) as error:
            match.apply(move)
        assert error.value.rule == "M3"
        assert "M3" in str(error.value)


@pytest.mark.parametrize("move", [Exchange(R.ONE, 1, R.TWO), Decline()])
def test_M3_no_exchange_in_the_first_round(move: MatchMove) -> None:
    match = new_match(3, seed=8)
    with pytest.raises(IllegalMoveError) as error:
        match.apply(move)
    assert error.value.rule == "M3"
    assert not any(isinstance(each, (Exchange, Decline)) for each in match.legal_moves())


def test_M3_E7_no_exchange_after_a_round_without_a_winner() -> None:
    match = new_match(3, seed=12, rounds=3, rules=Rules(move_limit=5))
    rng = random.Random(0)
    for _ in range(5):
        match, events = match.apply_with_events(rng.choice(match.legal_moves()))
    assert match.round_index == 1
    assert match.results[-1].winner is None
    assert match.exchange_by is None
    assert isinstance(events[-1], RoundDealt) and events[-1].exchange_by is None
    assert match.legal_moves() == legal_moves(match.state)
    assert match.scores == (0, 0, 0)
    with pytest.raises(IllegalMoveError):
        match.apply(DECLINE)


def test_M3_the_exchange_is_offered_after_every_won_round() -> None:
    states = play_match(new_match(5, seed=21, rounds=6), random.Random(21))
    for start in round_starts(states)[1:]:
        last = start.results[-1]
        assert last.winner is not None
        assert start.exchange_by == last.winner


# --------------------------------------------------------------------------- views, notation


@pytest.mark.parametrize("seed", [2**70 + 3, 987654321987])
def test_I4_a_match_view_hides_the_seed_and_offers_the_same_moves(seed: int) -> None:
    match = new_match(3, seed=seed, rounds=3)
    rng = random.Random(seed)
    pending_seen = False
    names = {field.name for field in attrs.fields(MatchView)}
    assert "seed" not in names
    while True:
        for seat in [0, 1, 2, None]:
            seen = view_match(match, seat)
            assert str(seed) not in repr(seen)
            assert seen.round == view(match.state, seat)
            assert seen.rounds == match.rounds
            assert seen.round_index == match.round_index
            assert seen.dealer == match.dealer
            assert seen.results == match.results
            assert seen.scores == match.scores
            assert seen.exchange_by == match.exchange_by
            if seat is not None and seat == match.to_move and not match.over:
                assert seen.legal_moves() == match.legal_moves()
                pending_seen = pending_seen or match.exchange_by is not None
            else:
                assert seen.legal_moves() == ()
        if match.over:
            break
        match = match.apply(rng.choice(match.legal_moves()))
    assert pending_seen


def test_view_match_refuses_a_seat_out_of_range() -> None:
    with pytest.raises(IndexError):
        view_match(new_match(3, seed=1), 3)


ALL_ROUND_MOVES: list[MatchMove] = [
    *(play for row in HAND_PLAYS for play in row),
    EIGHT_AND_HALF,
    *OPEN_PLAYS,
    *BLIND_PLAYS,
    COLLECT,
]


def test_parse_match_move_round_trips() -> None:
    moves: list[MatchMove] = [*ALL_ROUND_MOVES, DECLINE]
    moves += [Exchange(own, loser, theirs) for own in RANKS for theirs in RANKS for loser in range(8)]
    for move in moves:
        assert parse_match_move(str(move)) == move
    assert parse_match_move(" D ") == DECLINE
    assert parse_match_move("xh2g") == Exchange(R.HALF, 2, R.GHOST)
    assert parse_match_move("o7") == parse_move("o7")


@pytest.mark.parametrize("text", ["", "x", "x7", "x7a9", "xZ29", "x7299", "dd", "e", "x7-9"])
def test_parse_match_move_refuses_bad_text(text: str) -> None:
    with pytest.raises(ParseError):
        parse_match_move(text)


def test_an_exchange_names_ranks_and_a_seat() -> None:
    with pytest.raises(ParseError):
        Exchange(R.ONE, 8, R.TWO)
    with pytest.raises(ParseError):
        Exchange(7, 1, R.TWO)  # type: ignore[arg-type]
    assert str(Exchange(R.SEVEN, 2, R.NINE)) == "x729"


# --------------------------------------------------------------------------- determinism


def test_a_match_is_determined_by_its_seed() -> None:
    assert new_match(4, seed=5) == new_match(4, seed=5)
    assert new_match(4, seed=5) != new_match(4, seed=6)
    first = play_match(new_match(4, seed=5, rounds=3), random.Random(9))
    second = play_match(new_match(4, seed=5, rounds=3), random.Random(9))
    assert first == second
    assert round_seed(5, 0) == round_seed(5, 0) != round_seed(5, 1)


def test_every_round_of_a_match_gets_a_different_deal() -> None:
    starts = round_starts(play_match(new_match(2, seed=1, rounds=4), random.Random(0), decline=True))
    deals = {tuple(seat.bank for seat in start.state.seats) for start in starts}
    assert len(deals) == 4


def test_the_rules_carry_over_to_every_round() -> None:
    rules = Rules(move_limit=40)
    starts = round_starts(play_match(new_match(3, seed=6, rounds=3, rules=rules), random.Random(6)))
    assert all(start.state.rules == rules for start in starts)
