"""The position validator: it builds every possible position and refuses each kind of
impossible one with an InvalidStateError that says what is wrong."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from builders import S, build, cards

from eighthalf import BUILD, InvalidStateError, PileCard, Rank, Rules, Seat, position, rest_of_deck

R = Rank


def seat(
    hand: str = "",
    bank: str = "",
    open: str = "",
    blind: str = "",
    collected: Sequence[Rank] = (),
    on_table: bool = False,
) -> Seat:
    return Seat(cards(hand), cards(bank), cards(open), cards(blind), tuple(collected), on_table)


def two_seats(first: Seat, pile: Sequence[tuple[Rank, int]] = ()) -> list[Seat]:
    """``first`` plus a seat 1 that holds 777/888/999 and every card nobody else has."""
    other = seat(hand="777", open="888", blind="999")
    used = [
        *first.hand,
        *first.bank,
        *first.open,
        *first.blind,
        *first.collected,
        *other.hand,
        *other.open,
        *other.blind,
        *(rank for rank, _ in pile),
    ]
    return [first, other.replace(collected=rest_of_deck(used))]


BASE = seat(hand="123", open="444", blind="666")


def refused(seats: Sequence[Any], message: str, **kwargs: Any) -> None:
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        position(seats, **{"to_move": 0, **kwargs})


def test_base_position_is_accepted() -> None:
    state = position(two_seats(BASE), to_move=0)
    assert (state.call_halves, state.locked, state.at_risk, state.outcome) == (0, False, None, None)


# card counts ----------------------------------------------------------------------------


def test_a_73rd_card_is_refused() -> None:
    seats = two_seats(BASE)
    seats[1] = seats[1].replace(collected=(*seats[1].collected, R.GHOST))
    refused(seats, "the cards are not the 72 of S1 (Ghost: 9 instead of 8)")


def test_a_missing_card_is_refused() -> None:
    seats = two_seats(BASE)
    seats[1] = seats[1].replace(collected=seats[1].collected[1:])
    refused(seats, "the cards are not the 72 of S1 (0: 5 instead of 6)")


def test_a_swapped_card_is_refused() -> None:
    seats = two_seats(BASE)
    seats[0] = seats[0].replace(hand=cards("122"))
    refused(seats, "2: 5 instead of 4")


def test_pile_cards_count_towards_the_72() -> None:
    seats = two_seats(BASE)
    refused(seats, "6: 7 instead of 6", pile=[(R.SIX, 1)])


def test_rest_of_deck_refuses_too_many_cards() -> None:
    with pytest.raises(InvalidStateError, match=re.escape("more than 4 cards of 1 (S1)")):
        rest_of_deck(cards("11111"))
    assert len(rest_of_deck(cards("123"), cards("GG"))) == 67


# zones of a seat ------------------------------------------------------------------------


def test_more_than_three_open_cards_refused() -> None:
    refused(two_seats(seat(hand="123", open="4444", blind="666")), "seat 0: at most 3 open and 3 blind cards (S4)")


def test_more_than_three_blind_cards_refused() -> None:
    refused(two_seats(seat(hand="123", open="444", blind="6666")), "seat 0: at most 3 open and 3 blind cards (S4)")


def test_blind_card_played_with_open_cards_left_refused() -> None:
    message = "seat 0: blind cards were played while open cards remain (L3)"
    refused(two_seats(seat(open="4", blind="66", on_table=True)), message)


def test_open_card_played_but_not_on_table_refused() -> None:
    message = "seat 0: open or blind cards were played but the seat is not on the table (T2, L1)"
    refused(two_seats(seat(hand="123", open="44", blind="666")), message)
    refused(two_seats(seat(hand="123", open="", blind="666")), message)


def test_bank_with_a_hand_other_than_three_refused() -> None:
    message = "seat 0: while the bank has cards the hand holds exactly 3 and the seat is not on the table (T4, L1)"
    for hand in ("12", "1234", ""):
        refused(two_seats(seat(hand=hand, bank="5", open="444", blind="666")), message)


def test_bank_while_on_table_refused() -> None:
    on_table = seat(hand="123", bank="5", open="444", blind="666", on_table=True)
    refused(two_seats(on_table), "seat is not on the table (T4, L1)")


def test_empty_bank_and_hand_but_not_on_table_refused() -> None:
    message = "seat 0: bank and hand are empty, so the seat is on the table (L1)"
    refused(two_seats(seat(open="444", blind="666")), message)


def test_hand_above_three_while_not_on_table_refused() -> None:
    # A hand grows above 3 only by collecting into it, which only a seat on the table does (T4, C1, L1).
    refused(two_seats(seat(hand="1235", open="444", blind="666")), "seat 0")


def test_not_a_rank_refused() -> None:
    good = two_seats(BASE)
    bad = Seat((R.ONE, R.TWO, 12), (), cards("444"), cards("666"))  # type: ignore[arg-type]
    refused([bad, good[1]], "seat 0 hand: not a rank: 12")
    bad = Seat(cards("123"), (), cards("444"), (R.SIX, R.SIX, "6"))  # type: ignore[arg-type]
    refused([bad, good[1]], "seat 0 blind cards: not a rank: '6'")
    bad = good[1].replace(collected=(*good[1].collected[:-1], None))
    refused([good[0], bad], "seat 1 collected stack: not a rank: None")
    refused(good, "pile card 0: not a rank: 13", pile=[(13, 1)])


def test_on_table_must_be_a_bool() -> None:
    if BUILD == "compiled":  # the compiled Seat checks its field types itself (eighthalf.build)
        with pytest.raises(TypeError):
            Seat(cards("123"), (), cards("444"), cards("666"), (), 1)  # type: ignore[arg-type]
        return
    refused(two_seats(Seat(cards("123"), (), cards("444"), cards("666"), (), 1)), "on_table must be a bool")  # type: ignore[arg-type]


def test_not_a_seat_refused() -> None:
    refused([BASE, "seat"], "seat 1: expected a Seat")


def test_ranks_may_be_given_as_ints_and_hands_are_sorted() -> None:
    state = position(two_seats(Seat((3, 1, 2), (), (4, 4, 4), (6, 6, 6))), to_move=1)  # type: ignore[arg-type]
    assert state.seats[0].hand == cards("123")
    assert type(state.seats[0].open[0]) is Rank


# seats and the seat to move -------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 6])
def test_number_of_seats_refused(players: int) -> None:
    seats = [BASE] * players
    refused(seats, f"{players} seats; the rules allow 2 to 5 (S2)")


@pytest.mark.parametrize("to_move", [-1, 2, "0", None])
def test_seat_to_move_out_of_range_refused(to_move: object) -> None:
    refused(two_seats(BASE), f"to_move must be a seat from 0 to 1, not {to_move!r}", to_move=to_move)


def test_seat_to_move_must_follow_the_last_play() -> None:
    refused(two_seats(BASE, [(R.SIX, 0)]), "seat 0 played last, so seat 1 is to move, not 0 (S2)", pile=[(R.SIX, 0)])


# the pile -------------------------------------------------------------------------------


def test_pile_not_a_chain_of_legal_plays_refused() -> None:
    pile = [(R.SIX, 0), (R.THREE, 1)]
    refused(two_seats(BASE, pile), "pile cards 1-1 (seat 1): 3 cannot be played on a call of 6 (P1-P7)", pile=pile)


def test_pile_half_on_eight_and_half_refused() -> None:
    pile = [(R.EIGHT, 0), (R.HALF, 0), (R.HALF, 1)]
    refused(two_seats(BASE, pile), "pile cards 2-2 (seat 1): ½ cannot be played on a call of 8½", pile=pile)


def test_pile_six_on_five_lock_refused() -> None:
    pile = [(R.FIVE, 0), (R.GHOST, 1), (R.SIX, 0)]
    refused(two_seats(BASE, pile), "pile cards 2-2 (seat 0): 6 cannot be played on a call of 5", pile=pile)


def test_pile_mixed_ranks_in_one_play_refused() -> None:
    pile = [(R.SEVEN, 1), (R.EIGHT, 1)]
    refused(two_seats(BASE, pile), "pile cards 0-1 (seat 1): one play is cards of one rank or 8 with ½ (T3)", pile=pile)


def test_pile_half_then_eight_is_not_the_combination() -> None:
    pile = [(R.HALF, 1), (R.EIGHT, 1)]
    refused(two_seats(BASE, pile), "one play is cards of one rank or 8 with ½ (T3)", pile=pile)


def test_pile_seats_out_of_turn_order_refused() -> None:
    pile = [(R.THREE, 0), (R.FOUR, 2)]
    seats = [BASE, seat(hand="555", open="555", blind="GGG"), *two_seats(seat(hand="777", open="888", blind="999"))[1:]]
    used = [rank for s in seats[:2] for rank in (*s.hand, *s.open, *s.blind)] + [R.SEVEN] * 3 + [R.EIGHT] * 3
    seats[2] = seat(hand="777", open="888", blind="999", collected=rest_of_deck(used, [R.NINE] * 3, cards("34")))
    refused(seats, "pile cards 1-1 (seat 2): after seat 0 the next play on a pile is by seat 1 (S2, C1)", pile=pile)


def test_catch_inside_a_pile_refused() -> None:
    pile = [(R.SIX, 0), (R.HALF, 1), (R.SEVEN, 0)]
    message = "pile cards 2-2 (seat 0): this play is a catch, after which the pile is collected (P9)"
    refused(two_seats(BASE, pile), message, pile=pile)


def test_several_catch_cards_inside_a_pile_refused() -> None:
    pile = [(R.THREE, 0), (R.HALF, 1), (R.FOUR, 0), (R.FOUR, 0)]
    refused(two_seats(BASE, pile), "this play is a catch", pile=pile)


@pytest.mark.parametrize("entry", [(R.SIX, 2), (R.SIX, -1), (R.SIX, "0")])
def test_pile_seat_out_of_range_refused(entry: tuple[Rank, Any]) -> None:
    refused(two_seats(BASE, [(R.SIX, 0)]), "pile card 0: seat must be from 0 to 1", pile=[entry])


@pytest.mark.parametrize("entry", [R.SIX, (R.SIX,), (R.SIX, 0, 1), "6@0"])
def test_pile_entry_malformed_refused(entry: object) -> None:
    refused(two_seats(BASE, [(R.SIX, 0)]), "pile card 0: expected a PileCard or (rank, seat)", pile=[entry])


def test_pile_derives_call_lock_and_risk() -> None:
    pile = [PileCard(R.FIVE, 0), PileCard(R.GHOST, 1)]
    state = position(two_seats(BASE, [(R.FIVE, 0), (R.GHOST, 1)]), to_move=0, pile=pile)
    assert (state.call_label, state.locked, state.at_risk) == ("5", True, None)
    pile2 = [(R.SIX, 0), (R.HALF, 1), (R.GHOST, 0)]
    state = position(two_seats(BASE, pile2), to_move=1, pile=pile2)
    assert (state.call_label, state.locked, state.at_risk, state.catch_card) == ("6½", False, 0, R.SEVEN)


# seats out ------------------------------------------------------------------------------


OUT = S(hand="", open="", blind="")


def test_two_seats_out_in_a_round_in_progress_refused() -> None:
    with pytest.raises(InvalidStateError, match=re.escape("seat(s) [0, 1] are out and nobody waits on E2")):
        build(OUT, OUT, S(hand="123"), to_move=2)


def test_a_seat_out_not_at_risk_in_a_round_in_progress_refused() -> None:
    message = "seat(s) [1] are out and nobody waits on E2, so the round is over"
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        build(S(hand="123"), OUT, S(hand="123"), pile="0:6 1:G", to_move=2)


def test_seat_to_move_out_refused() -> None:
    with pytest.raises(InvalidStateError, match=re.escape("seat 0 is to move but has no cards left (E1)")):
        build(OUT, S(hand="123"), S(hand="123"), pile="1:6 2:H", to_move=0)


def test_a_seat_out_at_risk_with_the_next_to_move_waits_on_E2() -> None:
    state = build(S(hand="123"), OUT, S(hand="123"), pile="0:6 1:H", to_move=2)
    assert (state.over, state.pending_out, state.at_risk) == (False, 1, 1)


def test_a_seat_out_on_nine_and_a_half_does_not_wait() -> None:
    with pytest.raises(InvalidStateError, match="nobody waits on E2"):
        build(S(hand="123"), OUT, S(hand="123"), pile="0:9 1:H", to_move=2)  # 9½: nobody at risk


def test_finished_round_with_a_winner() -> None:
    state = build(S(hand="123"), OUT, S(hand="123"), pile="0:6 1:G", to_move=2, over=True, winner=1)
    assert (state.over, state.winner) == (True, 1)
    assert (state.counts, state.points, state.big_losers) == ((9, 0, 61), (0, 3, 0), (2,))


def test_finished_round_winner_must_be_out() -> None:
    message = "the winner must be a seat that is out (E1), one of [1], not 0"
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        build(S(hand="123"), OUT, S(hand="123"), pile="0:6 1:G", to_move=2, over=True, winner=0)


def test_winner_only_with_over() -> None:
    with pytest.raises(InvalidStateError, match=re.escape("a winner is given only with over=True")):
        build(S(hand="123"), S(hand="123"), to_move=0, winner=1)


def test_finished_round_without_winner_only_at_the_move_limit() -> None:
    message = "a round without a winner ends only at E7's move limit, not at move 3 (E7)"
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        build(S(hand="123"), S(hand="123"), to_move=0, over=True, move_number=3)
    state = build(S(hand="123"), S(hand="123"), to_move=0, over=True, move_number=3, rules=Rules(move_limit=3))
    assert (state.over, state.winner, state.points) == (True, None, (0, 0))


def test_finished_round_has_no_opening() -> None:
    with pytest.raises(InvalidStateError, match=re.escape("a finished round has no opening (S5)")):
        build(S(hand="123"), OUT, to_move=0, over=True, winner=1, opening=Rank.ONE)


def test_three_seats_out_refused() -> None:
    with pytest.raises(
        InvalidStateError, match=re.escape("seats [0, 1, 2] are out; only the winner and the seat after it")
    ):
        build(OUT, OUT, OUT, S(hand="123"), to_move=3, over=True, winner=0)


def test_two_seats_out_after_E2_accepted() -> None:
    state = build(S(hand="123"), OUT, OUT, S(hand="123"), pile="0:6 1:H 2:8", to_move=3, over=True, winner=1, rest_to=0)
    assert (state.winner, state.counts[1:3]) == (1, (0, 0))


def test_two_seats_out_not_next_to_each_other_refused() -> None:
    # Two seats are out only after E2: the winner and the seat after it, which went out on its one move.
    with pytest.raises(InvalidStateError, match="E2"):
        build(OUT, S(hand="123"), OUT, S(hand="123"), to_move=1, over=True, winner=0, rest_to=1)


def test_two_seats_out_the_second_cannot_be_the_winner() -> None:
    # E2: the seat after the one who went out does not win by also going out.
    with pytest.raises(InvalidStateError, match="E2"):
        build(S(hand="123"), OUT, OUT, S(hand="123"), pile="0:6 1:H 2:8", to_move=3, over=True, winner=2, rest_to=0)


# move number, move limit and opening ----------------------------------------------------


def test_negative_move_number_refused() -> None:
    refused(two_seats(BASE), "move_number must be an int from 0 to 2**53 - 1, not -1", move_number=-1)


def test_move_number_at_the_limit_refused() -> None:
    message = "move 5 reaches the move limit of 5, so the round is over (E7)"
    refused(two_seats(BASE), message, move_number=5, rules=Rules(move_limit=5))
    refused(two_seats(BASE), "move 6 reaches the move limit of 5", move_number=6, rules=Rules(move_limit=5))


def test_non_yellow_opening_refused() -> None:
    message = "opening must be a yellow rank, not <Rank.FIVE: 5> (S5)"
    refused(two_seats(seat(hand="135", bank="", open="444", blind="666")), message, opening=R.FIVE)


def test_opening_card_not_in_hand_refused() -> None:
    refused(
        two_seats(BASE),
        "an opening by seat 0 with 4 needs an empty pile, move 0 and the card in hand (S5)",
        opening=R.FOUR,
    )


def test_opening_after_a_move_refused() -> None:
    refused(two_seats(BASE), "needs an empty pile, move 0 and the card in hand (S5)", opening=R.ONE, move_number=1)


def test_opening_on_a_pile_refused() -> None:
    pile = [(R.SIX, 1)]
    refused(two_seats(BASE, pile), "needs an empty pile, move 0 and the card in hand (S5)", opening=R.ONE, pile=pile)


def test_opening_not_the_lowest_yellow_in_the_openers_hand_refused() -> None:
    # S5: the opener names the lowest yellow card in hand; with a 1 in hand the opening cannot be 3.
    refused(two_seats(BASE), "S5", opening=R.THREE)


def test_opening_while_another_hand_holds_a_lower_yellow_refused() -> None:
    # S5: the lowest yellow card of all hands opens; seat 1 holds a 1 and seat 0 opens with 4.
    first = seat(hand="4GG", open="555", blind="999")
    other = seat(hand="1GG", open="555", blind="999")
    used = [*first.hand, *first.open, *first.blind, *other.hand, *other.open, *other.blind]
    seats = [first, other.replace(collected=rest_of_deck(used))]
    refused(seats, "S5", opening=R.FOUR)


def test_valid_opening_is_accepted() -> None:
    state = position(two_seats(BASE), to_move=0, opening=R.ONE)
    assert state.opening is R.ONE
