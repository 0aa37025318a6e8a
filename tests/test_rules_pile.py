"""P1–P10: what may be played on the pile, and catching."""

from __future__ import annotations

import pytest
from builders import S, build, cards, moves, play

from eighthalf import GameState, IllegalMoveError, Rank, parse_move
from eighthalf import apply as apply_move

EVERY_RANK = "0123456789HG"  # one card of each rank: a hand above 3, so its seat is on the table


def facing(hand: str, pile: str = "", *, players: int = 4, bank: str | int = "") -> GameState:
    """Seat 0 to move, holding ``hand``, facing ``pile`` (whose last play is by the last seat)."""
    others = [S(hand="123" if seat == players - 1 and not pile else "") for seat in range(1, players)]
    return build(S(hand=hand, bank=bank), *others, pile=pile, to_move=0)


# P1 -------------------------------------------------------------------------------------


def test_P1_number_card_at_least_the_call() -> None:
    state = facing("469", "3:6")
    assert moves(state) == ["6", "9"]


def test_P1_any_number_on_an_empty_pile() -> None:
    state = facing(EVERY_RANK)
    assert moves(state) == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "H", "G", "8H"]


def test_P1_the_call_becomes_the_card() -> None:
    after = play(facing("469", "3:6"), "9")
    assert (after.call_label, after.call_halves, after.locked, after.at_risk) == ("9", 18, False, None)
    assert after.to_move == 1


def test_P1_lower_card_refused() -> None:
    with pytest.raises(IllegalMoveError) as err:
        apply_move(facing("469", "3:6"), parse_move("4"))
    assert err.value.rule == "P1"


def test_P1_multi_card_play_of_one_rank() -> None:
    state = facing("77G", "3:6")
    assert moves(state) == ["7", "77", "G"]
    after = play(state, "77")
    assert after.call_label == "7"
    assert [(card.rank, card.seat) for card in after.pile] == [(Rank.SIX, 3), (Rank.SEVEN, 0), (Rank.SEVEN, 0)]


def test_P1_multi_card_plays_offer_every_count() -> None:
    state = facing("3333G", "3:2")
    assert moves(state) == ["3", "33", "333", "3333", "G"]


def test_P1_higher_card_on_half_call_is_not_a_catch() -> None:
    after = play(facing("8GG", "2:6 3:H"), "8")
    assert after.call_label == "8"
    assert after.at_risk is None
    assert len(after.pile) == 3
    assert after.to_move == 1


def test_P1_number_below_half_call_refused() -> None:
    assert moves(facing("6GG", "2:6 3:H")) == ["G", "GG"]


# P2 -------------------------------------------------------------------------------------


def test_P2_zero_on_a_whole_call() -> None:
    state = facing("0GG", "3:9")
    assert moves(state) == ["0", "G", "GG"]
    after = play(state, "0")
    assert (after.call_label, after.locked, after.at_risk) == ("0", False, None)


def test_P2_after_zero_the_next_player_may_play_anything() -> None:
    state = build(S(hand="0GG"), S(hand=EVERY_RANK), S(), S(), pile="2:8 3:9", to_move=0)
    after = play(state, "0")
    assert moves(after) == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "H", "G", "8H"]


def test_P2_zero_never_on_a_half_call() -> None:
    assert moves(facing("0HG", "2:6 3:H")) == ["H", "G"]


def test_P2_zero_on_the_five_lock_ends_it() -> None:
    state = facing("00G", "3:5")
    assert state.locked
    assert moves(state) == ["0", "00", "G"]
    after = play(state, "00")
    assert (after.call_label, after.locked) == ("0", False)


def test_P2_zero_not_on_eight_and_half() -> None:
    with pytest.raises(IllegalMoveError) as err:
        apply_move(facing("09G", "2:7 3:8H"), parse_move("0"))
    assert err.value.rule == "P2"


# P3 -------------------------------------------------------------------------------------


def test_P3_half_on_a_whole_call_makes_a_half_call() -> None:
    after = play(facing("HGG", "3:6"), "H")
    assert (after.call_label, after.call_halves, after.at_risk) == ("6½", 13, 0)


def test_P3_half_on_an_empty_pile() -> None:
    after = play(facing("HGG"), "H")
    assert (after.call_label, after.at_risk) == ("½", 0)


def test_P3_half_on_a_half_call() -> None:
    after = play(facing("HGG", "2:3 3:H"), "H")
    assert (after.call_label, after.at_risk) == ("4", None)


def test_P3_half_not_on_eight_and_half() -> None:
    state = facing("HHG", "2:7 3:8H")
    assert moves(state) == ["G"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("HH"))
    assert err.value.rule == "P3"


def test_P3_half_not_on_eight_and_half_made_of_halves() -> None:
    state = facing("HGG", "2:8 3:H")
    assert state.call_label == "8½"
    assert moves(state) == ["G", "GG"]


def test_P3_two_halves_on_eight_make_nine() -> None:
    state = facing("HHG", "3:8")
    assert moves(state) == ["H", "HH", "G"]
    after = play(state, "HH")
    assert (after.call_label, after.at_risk, after.catch_card) == ("9", None, None)


def test_P3_three_halves_on_eight_make_nine_and_a_half() -> None:
    after = play(facing("HHH", "3:8"), "HHH")
    assert (after.call_label, after.at_risk) == ("9½", None)


def test_P3_three_halves_raise_by_one_and_a_half() -> None:
    after = play(facing("HHH", "3:6"), "HHH")
    assert (after.call_label, after.at_risk, after.catch_card) == ("7½", 0, Rank.EIGHT)


def test_P3_half_on_nine_and_on_nine_and_a_half() -> None:
    assert moves(facing("HGG", "3:9")) == ["H", "G", "GG"]
    state = facing("HGG", "2:9 3:H")
    assert state.call_label == "9½"
    assert moves(state) == ["H", "G", "GG"]
    after = play(state, "H")
    assert after.call_label == "10"


def test_P3_half_on_the_five_lock() -> None:
    after = play(facing("HGG", "3:5"), "H")
    assert (after.call_label, after.locked, after.at_risk) == ("5½", False, 0)


# P4 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("pile", ["", "3:6", "2:6 3:H", "2:7 3:8H", "3:5", "2:9 3:H", "3:9", "2:4 3:0"])
def test_P4_ghost_may_always_be_played(pile: str) -> None:
    assert "G" in moves(facing("GGG", pile))
    assert "GGG" in moves(facing("GGG", pile))


def test_P4_ghost_keeps_the_call() -> None:
    state = facing("GGG", "3:6")
    after = play(state, "G")
    assert (after.call_label, after.locked, after.at_risk) == ("6", False, None)


def test_P4_ghost_keeps_the_five_lock() -> None:
    after = play(facing("GGG", "3:5"), "GG")
    assert (after.call_label, after.locked) == ("5", True)


def test_P4_ghost_on_half_call_takes_over_the_risk() -> None:
    state = facing("GGG", "2:6 3:H")
    assert state.at_risk == 3
    after = play(state, "G")
    assert (after.call_label, after.at_risk, after.catch_card) == ("6½", 0, Rank.SEVEN)


def test_P4_ghost_on_nine_and_a_half_puts_nobody_at_risk() -> None:
    after = play(facing("GGG", "2:9 3:H"), "G")
    assert (after.call_label, after.at_risk) == ("9½", None)


def test_P4_ghost_on_empty_pile_leaves_call_zero() -> None:
    after = play(facing("GGG"), "G")
    assert (after.call_label, after.locked, after.at_risk) == ("0", False, None)
    assert after.to_move == 1


def test_P4_ghosts_are_transparent_after_a_ghost_chain() -> None:
    state = build(S(hand="7GG"), S(), S(), S(hand="12G"), pile="1:6 2:H 3:G", to_move=0, rest_to=1)
    assert (state.call_label, state.at_risk) == ("6½", 3)
    after = play(state, "7")
    assert after.seats[3].collected == cards("6HG7")
    assert after.seats[2] == state.seats[2]


# P5 -------------------------------------------------------------------------------------


def test_P5_combination_where_an_eight_may_go() -> None:
    state = facing("18H", "3:7")
    assert moves(state) == ["8", "H", "8H"]
    after = play(state, "8H")
    assert (after.call_label, after.at_risk, after.catch_card) == ("8½", 0, Rank.NINE)
    assert tuple(card.rank for card in after.pile) == cards("78H")


def test_P5_combination_on_eight() -> None:
    assert moves(facing("18H", "3:8")) == ["8", "H", "8H"]


def test_P5_combination_on_eight_and_half() -> None:
    state = facing("18H", "2:7 3:8H")
    assert moves(state) == ["8H"]
    after = play(state, "8H")
    assert (after.call_label, after.at_risk) == ("8½", 0)
    assert tuple(card.rank for card in after.pile) == cards("78H8H")


def test_P5_combination_not_on_nine() -> None:
    state = facing("18H", "3:9")
    assert moves(state) == ["H"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("8H"))
    assert err.value.rule == "P5"


def test_P5_combination_is_exactly_one_eight_and_one_half() -> None:
    assert moves(facing("88HH", "3:3")) == ["8", "88", "H", "HH", "8H"]


def test_P5_combination_needs_both_cards() -> None:
    assert "8H" not in moves(facing("88G", "3:3"))
    assert "8H" not in moves(facing("HHG", "3:3"))


# P6 -------------------------------------------------------------------------------------


def test_P6_on_eight_and_half_only_ghost_combination_and_nine() -> None:
    state = facing(EVERY_RANK, "2:7 3:8H")
    assert moves(state) == ["9", "G", "8H"]


@pytest.mark.parametrize("text", ["1", "5", "7", "8"])
def test_P6_numbers_below_nine_refused_on_eight_and_half(text: str) -> None:
    with pytest.raises(IllegalMoveError) as err:
        apply_move(facing(EVERY_RANK, "2:7 3:8H"), parse_move(text))
    assert err.value.rule == "P6"


# P7 -------------------------------------------------------------------------------------


def test_P7_five_locks_the_pile() -> None:
    after = play(facing("5GG", "3:3"), "5")
    assert (after.call_label, after.locked) == ("5", True)


def test_P7_five_lock_allows_one_to_five_zero_half_ghost() -> None:
    state = facing(EVERY_RANK, "3:5")
    assert moves(state) == ["0", "1", "2", "3", "4", "5", "H", "G"]


@pytest.mark.parametrize("text", ["6", "9", "8H"])
def test_P7_five_lock_refuses_six_to_nine_and_combination(text: str) -> None:
    with pytest.raises(IllegalMoveError) as err:
        apply_move(facing(EVERY_RANK, "3:5"), parse_move(text))
    assert err.value.rule == "P7"


def test_P7_lower_card_under_the_lock_sets_a_lower_call() -> None:
    after = play(facing(EVERY_RANK, "3:5"), "1")
    assert (after.call_label, after.locked) == ("1", False)


def test_P7_five_on_five_keeps_the_lock() -> None:
    after = play(facing("55G", "3:5"), "55")
    assert (after.call_label, after.locked) == ("5", True)


def test_P7_ghost_passes_the_lock_on() -> None:
    state = build(S(hand=EVERY_RANK), S(), S(), S(), pile="1:5 2:G 3:GG", to_move=0)
    assert (state.call_label, state.locked) == ("5", True)
    assert moves(state) == ["0", "1", "2", "3", "4", "5", "H", "G"]


def test_P7_lock_ends_with_first_non_ghost() -> None:
    state = build(S(hand=EVERY_RANK), S(), S(), S(), pile="1:5 2:G 3:3", to_move=0)
    assert (state.call_label, state.locked) == ("3", False)
    assert moves(state) == ["0", "3", "4", "5", "6", "7", "8", "9", "H", "G", "8H"]


def test_P7_five_needs_call_of_five_or_lower() -> None:
    assert moves(facing("5GG", "3:6")) == ["G", "GG"]
    assert moves(facing("5GG", "3:5")) == ["5", "G", "GG"]


# P8 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pile", "catch"),
    [("2:3 3:H", Rank.FOUR), ("2:4 3:H", Rank.FIVE), ("2:7 3:8H", Rank.NINE), ("3:H", Rank.ONE), ("2:0 3:H", Rank.ONE)],
)
def test_P8_catch_card_is_one_above_the_call(pile: str, catch: Rank) -> None:
    state = build(S(hand=str(catch) + "GG"), S(), S(), S(hand="12G"), pile=pile, to_move=0, rest_to=1)
    assert state.at_risk == 3
    assert state.catch_card is catch
    after = play(state, str(catch))
    assert (after.pile, after.to_move, after.call_halves) == ((), 0, 0)
    assert after.seats[3].collected == tuple(card.rank for card in state.pile) + (catch,)


def test_P8_at_risk_is_who_left_the_half_call() -> None:
    state = facing("GGG", "2:6 3:H")
    assert (state.at_risk, state.catch_card) == (3, Rank.SEVEN)
    assert facing("GGG", "3:6").at_risk is None


def test_P8_several_catch_cards_are_a_catch() -> None:
    state = build(S(hand="77G", bank="123"), S(), S(), S(hand="12G"), pile="2:6 3:H", to_move=0, rest_to=1)
    after = play(state, "77")
    assert after.pile == ()
    assert after.seats[3].collected == cards("6H77")
    assert after.to_move == 0


def test_P8_catching_is_never_compulsory() -> None:
    state = facing("7GG", "2:6 3:H")
    assert moves(state) == ["7", "G", "GG"]
    after = play(state, "G")
    assert (after.call_label, after.at_risk) == ("6½", 0)


def test_P8_nine_and_a_half_cannot_be_caught() -> None:
    state = facing("9HG", "2:9 3:H")
    assert (state.call_label, state.at_risk, state.catch_card) == ("9½", None, None)
    assert moves(state) == ["H", "G"]


def test_P8_combination_on_seven_and_half_is_not_a_catch() -> None:
    state = facing("28H", "2:7 3:H")
    assert moves(state) == ["8", "H", "8H"]
    after = play(state, "8H")
    assert (after.call_label, after.at_risk) == ("8½", 0)
    assert tuple(card.rank for card in after.pile) == cards("7H8H")
    assert after.to_move == 1


def test_P8_eight_alone_on_seven_and_half_is_a_catch() -> None:
    after = play(facing("28H", "2:7 3:H"), "8")
    assert after.pile == ()
    assert after.to_move == 0


def test_P8_combination_on_eight_and_half_is_not_a_catch() -> None:
    after = play(facing("18H", "2:7 3:8H"), "8H")
    assert len(after.pile) == 5
    assert after.at_risk == 0


def test_P8_catch_by_an_open_card() -> None:
    state = build(S(hand="", open="7", blind="123"), S(), S(), S(hand="12G"), pile="2:6 3:H", to_move=0, rest_to=1)
    assert moves(state) == ["o7"]
    after = play(state, "o7")
    assert after.pile == ()
    assert after.seats[3].collected == cards("6H7")
    assert after.to_move == 0
    assert after.seats[0].open == ()


def test_P8_catch_by_a_blind_card() -> None:
    state = build(S(hand="", open="", blind="378"), S(), S(), S(hand="12G"), pile="2:6 3:H", to_move=0, rest_to=1)
    after = play(state, "b1")
    assert after.pile == ()
    assert after.seats[3].collected == cards("6H7")
    assert after.seats[0].blind == cards("38")
    assert after.to_move == 0


# P9 -------------------------------------------------------------------------------------


def test_P9_catch_victim_not_on_table_collects_aside() -> None:
    victim = S(hand="123", collected="00")
    state = build(S(hand="7GG", bank="12"), S(), S(), victim, pile="2:6 3:H", to_move=0, rest_to=1)
    after = play(state, "7")
    caught = after.seats[3]
    assert caught.collected == cards("006H7")
    assert caught.hand == cards("123")
    assert not caught.on_table


def test_P9_catch_victim_on_table_collects_into_hand() -> None:
    state = build(S(hand="7GG"), S(), S(), S(hand="", open="45G"), pile="2:6 3:H", to_move=0)
    assert state.seats[3].on_table
    after = play(state, "7")
    assert after.seats[3].hand == cards("67H")
    assert after.seats[3].open == cards("45G")


def test_P9_catcher_refills_and_starts_a_new_pile() -> None:
    state = build(S(hand="7GG", bank="123"), S(hand="H12"), S(), S(), pile="2:6 3:H", to_move=0)
    after = play(state, "7")
    assert after.seats[0].hand == cards("1GG")
    assert after.seats[0].bank == cards("23")
    assert (after.to_move, after.pile, after.call_halves, after.locked, after.at_risk) == (0, (), 0, False, None)
    assert moves(after) == ["1", "G", "GG"]
    assert after.move_number == 1


def test_P9_catcher_with_no_cards_left_wins_at_once() -> None:
    state = build(S(hand="7", open="", blind=""), S(hand="123"), S(), S(), pile="2:6 3:H", to_move=0)
    after = play(state, "7")
    assert after.over
    assert after.winner == 0
    assert after.seats[3].hand == cards("67H")


def test_P9_caught_under_a_ghost_the_ghost_player_collects() -> None:
    state = build(S(hand="7GG"), S(hand="123"), S(), S(), pile="1:6 2:H 3:G", to_move=0)
    after = play(state, "7")
    assert after.seats[3].hand == cards("67HG")
    assert after.seats[2] == state.seats[2]


# P10 ------------------------------------------------------------------------------------


def test_P10_half_on_half_call_is_not_a_catch() -> None:
    state = facing("HGG", "2:6 3:H")
    after = play(state, "H")
    assert (after.call_label, after.at_risk) == ("7", None)
    assert tuple(card.rank for card in after.pile) == cards("6HH")
    assert after.to_move == 1
    assert after.seats[3] == state.seats[3]
