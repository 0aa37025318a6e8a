"""C1–C3 (collecting) and L1–L4 (on the table: open and blind cards)."""

from __future__ import annotations

import pytest
from builders import S, build, cards, moves, play

from eighthalf import IllegalMoveError, OpenPlay, Rank
from eighthalf import apply as apply_move

EVERY_RANK = "0123456789HG"

# C1 -------------------------------------------------------------------------------------


def test_C1_not_on_table_collects_aside() -> None:
    state = build(S(hand="123", bank="4", collected="G"), S(), S(), S(), pile="1:6 2:H 3:8", to_move=0, rest_to=1)
    assert moves(state) == ["c"]
    after = play(state, "c")
    seat = after.seats[0]
    assert seat.collected == cards("G6H8")
    assert (seat.hand, seat.bank, seat.on_table) == (cards("123"), cards("4"), False)
    assert after.pile == ()


def test_C1_on_table_collects_into_the_hand() -> None:
    state = build(S(hand="12", on_table=True), S(), S(), S(), pile="1:6 2:H 3:8", to_move=0)
    after = play(state, "c")
    seat = after.seats[0]
    assert seat.hand == cards("1268H")
    assert seat.collected == state.seats[0].collected
    assert seat.on_table


def test_C1_collect_with_empty_bank_but_cards_in_hand_goes_aside() -> None:
    state = build(S(hand="12"), S(), S(), S(), pile="3:7", to_move=0, rest_to=1)
    assert not state.seats[0].on_table
    after = play(state, "c")
    assert after.seats[0].collected == cards("7")
    assert after.seats[0].hand == cards("12")


# C2 -------------------------------------------------------------------------------------


def test_C2_after_a_collect_the_next_player_starts_a_new_pile() -> None:
    state = build(S(hand="123"), S(hand=EVERY_RANK), S(), S(), pile="2:4 3:9", to_move=0)
    after = play(state, "c")
    assert (after.to_move, after.pile, after.call_halves, after.locked, after.at_risk) == (1, (), 0, False, None)
    assert moves(after) == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "H", "G", "8H"]
    assert after.move_number == 1


def test_C2_collect_of_last_seat_passes_to_seat_zero() -> None:
    state = build(S(hand="123"), S(), S(), S(hand="123"), pile="1:8 2:9", to_move=3)
    after = play(state, "c")
    assert after.to_move == 0


# C3 -------------------------------------------------------------------------------------


def test_C3_after_a_catch_the_catcher_starts_the_new_pile() -> None:
    state = build(S(hand="123"), S(hand="7GG", bank="4"), S(), S(), pile="3:6 0:H", to_move=1, rest_to=2)
    after = play(state, "7")
    assert (after.to_move, after.pile, after.call_halves) == (1, (), 0)
    assert after.seats[0].collected == cards("6H7")
    assert moves(after) == ["4", "G", "GG"]


# L1 -------------------------------------------------------------------------------------


def test_L1_on_table_when_bank_and_hand_run_out() -> None:
    state = build(S(hand="7", open="123"), S(), S(), S(), pile="3:6", to_move=0)
    assert not state.seats[0].on_table
    after = play(state, "7")
    assert after.seats[0].on_table
    assert after.seats[0].zone == "open"


def test_L1_not_on_table_while_the_bank_refills_the_hand() -> None:
    after = play(build(S(hand="777", bank="123"), S(), S(), S(), pile="3:6", to_move=0), "777")
    assert not after.seats[0].on_table
    assert after.seats[0].hand == cards("123")


def test_L1_stays_on_table_after_collecting_into_the_hand() -> None:
    state = build(S(hand="", open="123"), S(), S(), S(), pile="3:6", to_move=0)
    after = play(state, "c")
    seat = after.seats[0]
    assert (seat.hand, seat.open, seat.on_table) == (cards("6"), cards("123"), True)
    assert seat.zone == "hand"


def test_L1_must_empty_the_hand_before_returning_to_open_cards() -> None:
    state = build(S(hand="4", open="789", on_table=True), S(), S(), S(), pile="3:3", to_move=0)
    assert moves(state) == ["4"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, OpenPlay(Rank.SEVEN))
    assert err.value.rule == "T2"
    after = play(state, "4")
    assert after.seats[0].zone == "open"
    assert after.seats[0].on_table


def test_L1_later_piles_also_go_into_the_hand() -> None:
    state = build(S(hand="12", on_table=True), S(hand="9GG"), S(), S(), pile="3:6", to_move=0)
    after = play(state, "c", "9")
    assert after.seats[0].hand == cards("126")
    assert after.to_move == 2


# L2 -------------------------------------------------------------------------------------


def test_L2_open_cards_any_legal_one() -> None:
    state = build(S(hand="", open="7G2"), S(), S(), S(), pile="3:6", to_move=0)
    assert moves(state) == ["o7", "oG"]
    after = play(state, "oG")
    assert after.seats[0].open == cards("72")
    assert (after.call_label, after.to_move) == ("6", 1)


def test_L2_open_card_legality_follows_the_pile_rules() -> None:
    assert moves(build(S(hand="", open="9H0"), S(), S(), S(), pile="2:7 3:8H", to_move=0)) == ["o9"]
    assert moves(build(S(hand="", open="690"), S(), S(), S(), pile="3:5", to_move=0)) == ["o0"]
    assert moves(build(S(hand="", open="80H"), S(), S(), S(), pile="2:6 3:H", to_move=0)) == ["o8", "oH"]


def test_L2_no_legal_open_card_collects_into_the_hand() -> None:
    state = build(S(hand="", open="236"), S(), S(), S(), pile="3:7", to_move=0)
    assert moves(state) == ["c"]
    after = play(state, "c")
    assert after.seats[0].hand == cards("7")
    assert after.seats[0].open == cards("236")
    assert after.to_move == 1


def test_L2_missing_open_card_refused() -> None:
    state = build(S(hand="", open="789"), S(), S(), S(), pile="3:6", to_move=0)
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, OpenPlay(Rank.GHOST))
    assert err.value.rule == "T3"


# L3 -------------------------------------------------------------------------------------


def test_L3_blind_cards_only_when_all_open_cards_are_gone() -> None:
    state = build(S(hand="", open="2", blind="999"), S(), S(), S(), pile="3:7", to_move=0)
    assert moves(state) == ["c"]
    after = play(
        state,
        "c",
    )
    assert after.seats[0].blind == cards("999")
    gone = build(S(hand="", open="", blind="999"), S(), S(), S(), pile="3:7", to_move=0)
    assert moves(gone) == ["b0", "b1", "b2"]


# L4 -------------------------------------------------------------------------------------


def test_L4_blind_card_chosen_by_position() -> None:
    state = build(S(hand="", open="", blind="397"), S(), S(), S(), pile="3:6", to_move=0)
    after = play(state, "b2")
    assert after.seats[0].blind == cards("39")
    assert tuple(card.rank for card in after.pile) == cards("67")
    assert (after.call_label, after.to_move) == ("7", 1)


def test_L4_legal_blind_card_can_lock() -> None:
    state = build(S(hand="", open="", blind="59"), S(), S(), S(), pile="3:2", to_move=0)
    after = play(state, "b0")
    assert (after.call_label, after.locked) == ("5", True)


def test_L4_legal_blind_card_can_be_caught() -> None:
    state = build(S(hand="", open="", blind="9H"), S(hand="7GG"), S(), S(), pile="3:6", to_move=0)
    after = play(state, "b1")
    assert (after.call_label, after.at_risk) == ("6½", 0)
    caught = play(after, "7")
    assert caught.seats[0].hand == cards("67H")
    assert caught.seats[0].blind == cards("9")
    assert caught.to_move == 1


def test_L4_failed_blind_card_is_collected_with_the_pile() -> None:
    state = build(S(hand="", open="", blind="3G9"), S(hand=EVERY_RANK), S(), S(), pile="2:4 3:6", to_move=0)
    after = play(state, "b0")
    seat = after.seats[0]
    assert seat.hand == cards("346")
    assert seat.blind == cards("G9")
    assert (after.pile, after.call_halves, after.locked, after.to_move) == ((), 0, False, 1)
    assert len(moves(after)) == 13


def test_L4_failed_blind_card_on_five_lock() -> None:
    state = build(S(hand="", open="", blind="8"), S(), S(), S(), pile="3:5", to_move=0)
    after = play(state, "b0")
    assert after.seats[0].hand == cards("58")
    assert after.seats[0].blind == ()
    assert not after.over
    assert after.to_move == 1


def test_L4_blind_position_out_of_range_refused() -> None:
    state = build(S(hand="", open="", blind="39"), S(), S(), S(), pile="3:6", to_move=0)
    assert moves(state) == ["b0", "b1"]
    with pytest.raises(IllegalMoveError) as err:
        play(state, "b2")
    assert err.value.rule == "L4"
