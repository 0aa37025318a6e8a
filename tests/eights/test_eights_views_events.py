"""Views (WI1–WI4), the determinization sampler, events and their narration."""

from __future__ import annotations

import random

import pytest
from eights_strategies import check_state, find_state, play_random

from eighthalf.eights import (
    PASS,
    Drew,
    GameOver,
    HandDealt,
    HandOver,
    Pass,
    Passed,
    Rules,
    Spell,
    Spelled,
    apply,
    apply_with_events,
    events_for,
    legal_moves,
    narrate,
    new_game,
    parse_move,
    position,
    sample_state,
    unseen_cards,
    view,
)

TABLE = "1e 2i 3g 4e 5o 6s 7h 8i"


def test_view_of_a_spectator_and_of_a_seat() -> None:
    state = new_game(3, seed=5)
    spectator = view(state, None)
    assert spectator.hand is None and spectator.legal_moves() == ()
    assert len(unseen_cards(spectator)) == 64 - 8
    mine = view(state, 0)
    assert mine.my_turn and mine.legal_moves() == legal_moves(state)
    assert len(unseen_cards(mine)) == 64 - 8 - 7
    assert not view(state, 1).my_turn and view(state, 1).legal_moves() == ()
    with pytest.raises(IndexError):
        view(state, 3)


def test_view_totals_target_and_over() -> None:
    _, states = play_random(new_game(4, seed=2), random.Random(2))
    final = states[-1]
    seen = view(final, 1)
    assert seen.over and seen.totals == final.totals and seen.target == 30
    assert seen.outcome == final.outcome and seen.players == 4


def test_sampler_keeps_what_the_passer_knows_under_the_stack() -> None:
    state = find_state(
        3,
        lambda s: not s.over and isinstance(legal_moves(s)[0], Pass) and len(s.hand.stack) >= 2 and not s.hand.passes,
    )
    mover = state.to_move
    after = apply(state, Pass(state.hand.hands[mover][:2]))
    seen = view(after, mover)
    rng = random.Random(1)
    for _ in range(20):
        sampled = sample_state(seen, rng)
        check_state(sampled)
        assert sampled.hand.stack[-2:] == after.hand.stack[-2:]
        assert view(sampled, mover) == seen


def test_events_of_a_spelling() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    move = parse_move("ONE 1n 7o 4e>4w")
    assert isinstance(move, Spell)
    after, events = apply_with_events(state, move)
    assert after == apply(state, move)
    assert events == (Spelled(0, move), Drew(0, 3, state.hand.stack[:3]))
    assert events_for(events, 1)[1] == Drew(0, 3, None)
    assert events_for(events, 0) == events
    assert narrate(events_for(events, None), ["Ann", "Ben"]) == [
        "Ann spells ONE with 1n, 7o from the hand and 4e from the table, replaced by 4w: 1 point.",
        "Ann draws 3 cards.",
    ]
    assert narrate(events)[1] == f"Seat 0 draws 3 cards ({', '.join(map(str, state.hand.stack[:3]))})."


def test_events_of_passes_the_end_of_a_hand_and_a_new_deal() -> None:
    state = new_game(2, seed=4, rules=Rules(may_pass_freely=True))
    held = state.hand.hands[0]
    state, events = apply_with_events(state, Pass(held[:1]))
    assert events == (Passed(0, 1, held[:1]), Drew(0, 1, new_game(2, seed=4).hand.stack[:1]))
    assert events_for(events, 1) == (Passed(0, 1, None), Drew(0, 1, None))
    assert narrate(events_for(events, 1), ["Ann", "Ben"]) == [
        "Ann passes and puts 1 card under the stack.",
        "Ann draws 1 card.",
    ]
    state, events = apply_with_events(state, PASS)
    assert events[0] == Passed(1, 0, ())
    assert events[1:] == (HandOver(0, "passes", (0, 0), (0, 0)), HandDealt(1, 0, 1))
    assert narrate(events, ["Ann", "Ben"]) == [
        "Ben passes.",
        "Hand 1 is over (everybody passed). Points: Ann 0, Ben 0. Totals: Ann 0, Ben 0.",
        "Hand 2 is dealt by Ann; Ben plays first.",
    ]


def test_events_of_the_end_of_the_game_and_a_turn_limit() -> None:
    state = new_game(2, seed=6, rules=Rules(target=1, turn_limit=1))
    move = legal_moves(state)[0]
    after, events = apply_with_events(state, move)
    assert isinstance(events[-2], HandOver) and events[-2].reason == "turn limit"
    if after.over:
        assert events[-1] == GameOver(after.totals, after.winners)
        assert narrate(events)[-1].startswith("The game is over: Seat 0 wins with 1 point")
    else:
        assert isinstance(events[-1], HandDealt)
