"""T1–T4: a turn — must play if possible, where to play from, play shapes, refilling."""

from __future__ import annotations

import pytest
from builders import S, build, cards, moves, play

from eighthalf import BlindPlay, Collect, IllegalMoveError, OpenPlay, parse_move
from eighthalf import apply as apply_move

# T1 -------------------------------------------------------------------------------------


def test_T1_collect_refused_while_a_play_is_legal() -> None:
    state = build(S(hand="7GG"), S(), S(), S(), pile="3:6", to_move=0)
    assert "c" not in moves(state)
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, Collect())
    assert err.value.rule == "T1"


def test_T1_only_a_player_with_no_legal_play_collects() -> None:
    state = build(S(hand="123"), S(), S(), S(), pile="3:6", to_move=0)
    assert moves(state) == ["c"]


@pytest.mark.parametrize(
    ("pile", "expected"),
    [("", ["1", "2", "3"]), ("3:9", ["c"]), ("2:9 3:H", ["c"]), ("2:7 3:8H", ["c"]), ("3:5", ["1", "2", "3"])],
)
def test_T1_a_player_always_has_a_move_and_never_passes(pile: str, expected: list[str]) -> None:
    state = build(S(hand="123"), S(), S(), S(hand="" if pile else "456"), pile=pile, to_move=0)
    assert moves(state) == expected


def test_T1_blind_cards_never_collect_by_choice() -> None:
    state = build(S(hand="", open="", blind="123"), S(), S(), S(), pile="2:8 3:9", to_move=0)
    assert moves(state) == ["b0", "b1", "b2"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, Collect())
    assert err.value.rule == "T1"


# T2 -------------------------------------------------------------------------------------


def test_T2_hand_first_while_it_has_cards() -> None:
    state = build(S(hand="7", open="89G", blind="123", on_table=True), S(), S(), S(), pile="3:6", to_move=0)
    assert state.zone == "hand"
    assert moves(state) == ["7"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, OpenPlay(cards("G")[0]))
    assert err.value.rule == "T2"


def test_T2_hand_first_even_without_a_legal_hand_play() -> None:
    state = build(S(hand="1", open="89G", blind="123", on_table=True), S(), S(), S(), pile="3:6", to_move=0)
    assert moves(state) == ["c"]


def test_T2_open_cards_once_the_hand_is_empty() -> None:
    state = build(S(hand="", open="89G", blind="123"), S(), S(), S(), pile="3:6", to_move=0)
    assert state.zone == "open"
    assert moves(state) == ["o8", "o9", "oG"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, BlindPlay(0))
    assert err.value.rule == "L3"


def test_T2_blind_cards_once_open_cards_are_gone() -> None:
    state = build(S(hand="", open="", blind="123"), S(), S(), S(), pile="3:6", to_move=0)
    assert state.zone == "blind"
    assert moves(state) == ["b0", "b1", "b2"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("1"))
    assert err.value.rule == "T2"


def test_T2_hand_play_refused_when_playing_from_open_cards() -> None:
    state = build(S(hand="", open="789"), S(), S(), S(), pile="3:6", to_move=0)
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("7"))
    assert err.value.rule == "T2"


# T3 -------------------------------------------------------------------------------------


def test_T3_hand_plays_are_one_rank_any_count() -> None:
    state = build(S(hand="GGGHH22", on_table=True), S(), S(), S(), pile="3:1", to_move=0)
    assert moves(state) == ["2", "22", "H", "HH", "G", "GG", "GGG"]


def test_T3_hand_play_of_more_cards_than_held_refused() -> None:
    state = build(S(hand="77G"), S(), S(), S(), pile="3:6", to_move=0)
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("777"))
    assert err.value.rule == "T3"


def test_T3_combination_is_one_eight_and_one_half() -> None:
    state = build(S(hand="888HHH", on_table=True), S(), S(), S(), pile="3:4", to_move=0)
    assert moves(state) == ["8", "88", "888", "H", "HH", "HHH", "8H"]
    after = play(state, "8H")
    assert after.seats[0].hand == cards("88HH")


def test_T3_open_cards_one_per_turn_even_when_equal() -> None:
    state = build(S(hand="", open="777"), S(), S(), S(), pile="3:6", to_move=0)
    assert moves(state) == ["o7"]
    after = play(state, "o7")
    assert after.seats[0].open == cards("77")
    assert after.to_move == 1
    assert tuple(card.rank for card in after.pile) == cards("67")


def test_T3_open_cards_never_combined_as_eight_and_half() -> None:
    state = build(S(hand="", open="8H1"), S(), S(), S(), pile="3:7", to_move=0)
    assert moves(state) == ["o8", "oH"]


def test_T3_blind_card_one_per_turn() -> None:
    state = build(S(hand="", open="", blind="777"), S(), S(), S(), pile="3:6", to_move=0)
    after = play(state, "b2")
    assert after.seats[0].blind == cards("77")
    assert after.to_move == 1


# T4 -------------------------------------------------------------------------------------


def test_T4_refill_to_three_from_the_bank_in_order() -> None:
    state = build(S(hand="77G", bank="91234"), S(), S(), S(), pile="3:6", to_move=0)
    after = play(state, "77")
    assert after.seats[0].hand == cards("19G")
    assert after.seats[0].bank == cards("234")
    assert not after.seats[0].on_table


def test_T4_refill_stops_when_the_bank_is_empty() -> None:
    state = build(S(hand="777", bank="9"), S(), S(), S(), pile="3:6", to_move=0)
    after = play(state, "777")
    assert after.seats[0].hand == cards("9")
    assert after.seats[0].bank == ()
    assert not after.seats[0].on_table


def test_T4_hand_above_three_draws_nothing() -> None:
    state = build(S(hand="7GGGG"), S(), S(), S(), pile="3:6", to_move=0)
    after = play(state, "7")
    assert after.seats[0].hand == cards("GGGG")


def test_T4_open_play_draws_nothing() -> None:
    state = build(S(hand="", open="789"), S(), S(), S(), pile="3:6", to_move=0)
    after = play(state, "o7")
    assert (after.seats[0].hand, after.seats[0].open) == ((), cards("89"))
