"""Events: what happened in a move, checked against the change of state it describes."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import (
    BlindPlay,
    Collect,
    EightAndHalf,
    GameState,
    HandPlay,
    Move,
    OpenPlay,
    PileCard,
    Rank,
    Rules,
    Seat,
    apply,
    apply_with_events,
    events_for,
    legal_moves,
    narrate,
    new_game,
    parse_move,
    position,
    rest_of_deck,
)
from eighthalf.games.eighthalf.events import (
    BlindTurned,
    Caught,
    Collected,
    Drew,
    Event,
    Locked,
    Played,
    ReachedTable,
    RoundOver,
    WentOut,
    describe,
)

R = Rank
NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eve"]


def _of(events: Sequence[Event], kind: type) -> list[Event]:
    return [event for event in events if isinstance(event, kind)]


def _played_cards(before: GameState, move: Move) -> tuple[Rank, ...]:
    if isinstance(move, HandPlay):
        return (move.rank,) * move.count
    if isinstance(move, EightAndHalf):
        return (R.EIGHT, R.HALF)
    if isinstance(move, OpenPlay):
        return (move.rank,)
    assert isinstance(move, BlindPlay)
    return (before.seats[before.to_move].blind[move.position],)


def _cards_of(seat: Seat) -> int:
    return len(seat.hand) + len(seat.collected)


def check_events(before: GameState, move: Move, after: GameState, events: tuple[Event, ...]) -> None:
    """Every event of ``move`` agrees with the change from ``before`` to ``after``."""
    mover = before.to_move
    seat, now = before.seats[mover], after.seats[mover]
    assert describe(before, move, after) == events
    played = _of(events, Played)
    collected = _of(events, Collected)
    caught = _of(events, Caught)
    turned = _of(events, BlindTurned)
    drew = _of(events, Drew)
    if isinstance(move, Collect):
        assert played == [] and caught == [] and turned == []
        assert collected == [Collected(mover, len(before.pile), seat.on_table, "stuck")]
        assert after.pile == ()
    else:
        cards = _played_cards(before, move)
        is_catch = (
            before.at_risk is not None
            and len(cards) >= 1
            and cards[0] == before.catch_card
            and not isinstance(move, EightAndHalf)
        )
        # A legal, non-catching play leaves the pile with the card on top (L4).
        failed = isinstance(move, BlindPlay) and not is_catch and after.pile == ()
        if isinstance(move, BlindPlay):
            assert turned == [BlindTurned(mover, move.position, cards[0], failed)]
            assert failed == any(isinstance(e, Collected) and e.cause == "blind" for e in events)
        else:
            assert turned == []
        if failed:
            assert played == [] and caught == []
            assert collected == [Collected(mover, len(before.pile) + 1, True, "blind")]
            assert after.pile == ()
            assert len(now.hand) == len(seat.hand) + len(before.pile) + 1
        else:
            source = (
                "hand"
                if isinstance(move, (HandPlay, EightAndHalf))
                else "open"
                if isinstance(move, OpenPlay)
                else "blind"
            )
            assert len(played) == 1
            play = played[0]
            assert isinstance(play, Played)
            assert (play.seat, play.cards, play.source) == (mover, cards, source)
            if is_catch:
                assert play.call_halves == 2 * int(cards[0])
                victim = before.at_risk
                assert victim is not None
                assert caught == [Caught(mover, victim, cards[0])]
                was, got = before.seats[victim], after.seats[victim]
                assert collected == [Collected(victim, len(before.pile) + len(cards), was.on_table, "caught")]
                if victim != mover:
                    assert _cards_of(got) == _cards_of(was) + len(before.pile) + len(cards)
                assert after.pile == ()
            else:
                assert caught == [] and collected == []
                assert play.call_halves == after.call_halves
                assert after.pile == before.pile + tuple(PileCard.of(card, mover) for card in cards)
        locked = _of(events, Locked)
        if not failed and not is_catch and cards[0] == R.FIVE:
            assert locked == [Locked(mover)]
            assert after.locked
        else:
            assert locked == []
    if isinstance(move, (HandPlay, EightAndHalf)) and len(seat.bank) > len(now.bank):
        count = len(seat.bank) - len(now.bank)
        assert drew == [Drew(mover, count, seat.bank[:count])]
    else:
        assert drew == []
        assert len(seat.bank) == len(now.bank)
    assert (_of(events, ReachedTable) == [ReachedTable(mover)]) == (not seat.on_table and now.on_table)
    assert len(_of(events, ReachedTable)) <= 1
    out = _of(events, WentOut)
    if now.is_out:
        assert out == [WentOut(mover, after.pending_out == mover)]
    else:
        assert out == []
    over = _of(events, RoundOver)
    if after.outcome is None:
        assert over == []
    else:
        outcome = after.outcome
        assert over == [RoundOver(outcome.winner, outcome.counts, outcome.big_losers, outcome.points)]
        assert events[-1] == over[0]


def play_checked(players: int, seed: int, rng_seed: int, rules: Rules | None = None) -> int:
    """Play a random round checking every move's events; return the number of RoundOver events."""
    state = new_game(players, seed=seed, rules=rules)
    rng = random.Random(rng_seed)
    endings = 0
    while not state.over:
        move = rng.choice(legal_moves(state))
        after, events = apply_with_events(state, move)
        assert after == apply(state, move)
        check_events(state, move, after, events)
        endings += len(_of(events, RoundOver))
        state = after
    return endings


@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**64),
    rng_seed=st.integers(min_value=0, max_value=2**32),
)
def test_events_agree_with_the_state_change(players: int, seed: int, rng_seed: int) -> None:
    # Random play can make very long rounds: E7 cuts them short.
    assert play_checked(players, seed, rng_seed, Rules(move_limit=600)) == 1


@pytest.mark.parametrize("seed", range(40))
def test_events_agree_with_the_state_change_in_many_rounds(seed: int) -> None:
    assert play_checked(2 + seed % 4, seed, seed) == 1


@pytest.mark.parametrize("limit", [1, 5, 30])
def test_E7_round_over_without_a_winner_at_the_move_limit(limit: int) -> None:
    assert play_checked(4, 3, 3, Rules(move_limit=limit)) == 1
    state = new_game(4, seed=3, rules=Rules(move_limit=limit))
    rng = random.Random(3)
    events: tuple[Event, ...] = ()
    while not state.over:
        state, events = apply_with_events(state, rng.choice(legal_moves(state)))
    assert events[-1] == RoundOver(None, state.counts, (), (0, 0, 0, 0))
    assert narrate(events)[-1] == "The move limit is reached: the round ends without a winner."


def test_every_kind_of_event_happens_in_random_rounds() -> None:
    kinds: set[type] = set()
    for seed in range(60):
        state = new_game(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not state.over:
            state, events = apply_with_events(state, rng.choice(legal_moves(state)))
            kinds.update(type(event) for event in events)
    assert kinds == {Played, BlindTurned, Caught, Collected, Drew, Locked, ReachedTable, WentOut, RoundOver}


# --------------------------------------------------------------------------- who sees drawn cards


@pytest.mark.parametrize("seed", range(8))
def test_I2_I3_drawn_cards_are_hidden_from_everybody_but_the_drawer(seed: int) -> None:
    state = new_game(4, seed=seed)
    rng = random.Random(seed)
    draws = 0
    while not state.over:
        state, events = apply_with_events(state, rng.choice(legal_moves(state)))
        for seat in [0, 1, 2, 3, None]:
            seen = events_for(events, seat)
            assert len(seen) == len(events)
            for mine, full in zip(seen, events, strict=True):
                if isinstance(full, Drew):
                    draws += 1
                    assert isinstance(mine, Drew)
                    assert (mine.seat, mine.count) == (full.seat, full.count)
                    assert full.cards is not None and len(full.cards) == full.count
                    assert mine.cards == (full.cards if seat == full.seat else None)
                else:
                    assert mine == full
    assert draws


def test_the_doc_example_of_drawing() -> None:
    _, events = apply_with_events(new_game(4, seed=7), parse_move("4"))
    assert events_for(events, 0) == (Played(2, (R.FOUR,), "hand", 8), Drew(2, 1, None))
    assert events_for(events, 2) == (Played(2, (R.FOUR,), "hand", 8), Drew(2, 1, (R.NINE,)))
    assert narrate(events_for(events, None), NAMES[:4]) == ["Cleo plays 4: the call is 4.", "Cleo draws 1 card."]
    assert narrate(events_for(events, 2), NAMES[:4])[1] == "Cleo draws 1 card (9)."


# --------------------------------------------------------------------------- narration


def _catch_position() -> GameState:
    """Worked example 1: on seat 0's 6, seat 1 played ½; seat 0 may catch with a 7."""
    me = Seat(hand=(R.SEVEN, R.EIGHT, R.HALF), bank=(), open=(), blind=(), on_table=True)
    pile = [(R.SIX, 0), (R.HALF, 1)]
    hand = (R.ONE, R.TWO, R.THREE)
    rest = rest_of_deck(me.hand, hand, [rank for rank, _ in pile])
    other = Seat(hand=hand, bank=(), open=rest[:3], blind=rest[3:6], collected=rest[6:])
    return position([me, other], pile=pile, to_move=0)


def test_P9_a_catch_is_narrated() -> None:
    state = _catch_position()
    after, events = apply_with_events(state, HandPlay(R.SEVEN))
    assert events == (
        Played(0, (R.SEVEN,), "hand", 14),
        Caught(0, 1, R.SEVEN),
        Collected(1, 3, False, "caught"),
    )
    assert narrate(events, ["Anna", "Ben"]) == [
        "Anna plays 7: the call is 7.",
        "Anna catches Ben with a 7!",
        "Ben collects 3 cards aside.",
    ]
    assert narrate(events) == [
        "Seat 0 plays 7: the call is 7.",
        "Seat 0 catches Seat 1 with a 7!",
        "Seat 1 collects 3 cards aside.",
    ]
    assert after.seats[1].collected[-3:] == (R.SIX, R.HALF, R.SEVEN)


def test_P5_the_combination_is_narrated() -> None:
    _, events = apply_with_events(_catch_position(), EightAndHalf())
    assert events == (Played(0, (R.EIGHT, R.HALF), "hand", 17),)
    assert narrate(events, ["Anna", "Ben"]) == ["Anna plays 8 with ½ (8½): the call is 8½."]


@pytest.mark.parametrize("seed", range(6))
def test_narrate_tells_one_line_per_event_with_the_names(seed: int) -> None:
    players = 2 + seed % 4
    names = NAMES[:players]
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    last: list[str] = []
    while not state.over:
        state, events = apply_with_events(state, rng.choice(legal_moves(state)))
        for seat in [*range(players), None]:
            lines = narrate(events_for(events, seat), names)
            assert len(lines) == len(events)
            for line, event in zip(lines, events, strict=True):
                assert line.endswith((".", "!"))
                who = getattr(event, "seat", getattr(event, "catcher", None))
                if who is not None and not isinstance(event, Locked):
                    assert names[who] in line
                if isinstance(event, Caught):
                    assert line == f"{names[event.catcher]} catches {names[event.caught]} with a {event.rank.label}!"
                if isinstance(event, Drew) and seat != event.seat:
                    assert "(" not in line
            last = lines
    assert state.winner is not None
    assert last[-1].startswith(f"{names[state.winner]} wins the round. Points: ")
    assert state.points is not None
    assert last[-1].endswith(
        ", ".join(f"{name} {points}" for name, points in zip(names, state.points, strict=True)) + "."
    )


def test_narration_of_a_blind_card_and_of_going_out() -> None:
    lines = narrate(
        [
            BlindTurned(0, 1, R.NINE, True),
            Collected(0, 4, True, "blind"),
            BlindTurned(1, 0, R.HALF, False),
            Played(1, (R.HALF,), "blind", 7),
            ReachedTable(2),
            WentOut(1, True),
            WentOut(2, False),
            Locked(3),
            Played(3, (R.THREE, R.THREE), "hand", 6),
            Played(3, (R.SIX,), "open", 12),
            Collected(3, 1, False, "stuck"),
        ],
        ["Anna", "Ben", "Cleo", "Dan"],
    )
    assert lines == [
        "Anna turns blind card 1: 9, which cannot be played.",
        "Anna collects 4 cards into the hand.",
        "Ben turns blind card 0: ½, and plays it.",
        "Ben plays ½: the call is 3½.",
        "Cleo is on the table.",
        "Ben has no cards left, at risk: the next move decides.",
        "Cleo has no cards left.",
        "The 5-lock is on: only 1–5, 0, ½ or Ghost may follow.",
        "Dan plays 2 × 3: the call is 3.",
        "Dan plays 6 from the open cards: the call is 6.",
        "Dan collects 1 card aside.",
    ]
