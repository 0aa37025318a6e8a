"""The worked examples of the Eights page of the docs (docs/eights.rst), one test each, and the bad input of issue 8."""

from __future__ import annotations

import pytest
from eights_strategies import find_state

from eighthalf.eights import (
    PASS,
    Pass,
    Rules,
    Spell,
    apply,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
    position,
)
from eighthalf.errors import EighthalfError, IllegalMoveError, InvalidStateError, ParseError

TABLE = "1e 2i 3g 4e 5o 6s 7h 8i"  # the sheet's table, with 7h for its impossible 7v


def test_example_1_WT2_WT4_WT6_A_spells_ONE() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    stack = state.hand.stack
    after = apply(state, parse_move("ONE 7o 1n 4e>4w"))
    assert after.hand.scores == (1, 0)
    assert " ".join(map(str, after.hand.table)) == "1e 2i 3g 4w 5o 6s 7h 8i"
    kept = parse_cards("1t 2e 3t 5x 6u")
    assert sorted(after.hand.hands[0]) == sorted(kept + stack[:3])  # A keeps five and draws 3


def test_example_1_the_sheets_7v_is_not_a_card() -> None:
    with pytest.raises(InvalidStateError, match=r"no card 7v.*WS1"):
        position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table="1e 2i 3g 4e 5o 6s 7v 8i")


def test_example_2_WT4_B_spells_FIVE_with_8i_replaced_by_8r() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o", "1o 2f 3e 4v 5s 6h 8r", "1t 2n 3n 4n 5t 6t 7t"], table=TABLE, to_move=1)
    move = parse_move("FIVE 2f 4v 3e 8i>8r")
    assert move in legal_moves(state)
    assert apply(state, move).hand.scores == (0, 5, 0)


def test_example_2_WT4_B_may_not_take_the_I_of_2i() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o", "1o 2f 3e 4v 5s 6h 8r", "1t 2n 3n 4n 5t 6t 7t"], table=TABLE, to_move=1)
    assert not any(
        isinstance(move, Spell) and move.word == "FIVE" and any(card.suit == 2 for card in move.table)
        for move in legal_moves(state)
    )
    with pytest.raises(IllegalMoveError) as error:
        apply(state, parse_move("FIVE 2f 4v 3e 2i>2f"))
    assert error.value.rule == "WT4"


def test_example_3_WT4_5o_for_TWO_needs_another_suit_5_card() -> None:
    table = "1e 2i 3g 4e 5o 6s 7h 8i"
    state = position(["5t 4w 1n 2e 3e 6u 7i 8x", "1o 2f 3i 4v 5s 6h 8r 1r"], table=table)
    assert not any(isinstance(move, Spell) and move.word == "TWO" for move in legal_moves(state))
    with pytest.raises(IllegalMoveError) as error:
        apply(state, parse_move("TWO 5t 4w 5o>5t"))
    assert error.value.rule == "WT4"
    # With a second suit-5 card in hand, the same word is legal.
    other = position(["5t 4w 1n 2e 3e 6u 7i 5x", "1o 2f 3i 4v 5s 6h 8r 1r"], table=table)
    assert parse_move("TWO 5t 4w 5o>5x") in legal_moves(other)


def test_example_4_WH1_three_passes_in_a_row_end_the_hand_whoever_began() -> None:
    rules = Rules(may_pass_freely=True)
    start = new_game(3, seed=21, rules=rules)
    state = apply(start, legal_moves(start)[0])  # A (seat 0) plays; B, C and A now pass
    assert state.to_move == 1
    state = apply(state, PASS)  # B
    held = state.hand.hands[2]
    state = apply(state, Pass(held[:2]))  # C, with an exchange
    assert state.hand.number == 0 and state.hand.passes == 2
    state = apply(state, PASS)  # A
    assert state.hand.number == 1 and len(state.hand_scores) == 1


def test_example_5_WP2_stack_of_2_exchange_3_illegal_2_legal() -> None:
    state = find_state(
        3,
        lambda s: not s.over and len(s.hand.stack) == 2 and isinstance(legal_moves(s)[0], Pass),
    )
    held = state.hand.hands[state.to_move]
    assert len(held) >= 3
    before = state
    with pytest.raises(IllegalMoveError) as error:
        apply(state, Pass(held[:3]))
    assert error.value.rule == "WP2" and state == before
    after = apply(state, Pass(held[:2]))
    assert after.hand.number > state.hand.number or after.hand.passes == state.hand.passes + 1


# Bad input (issue 8): each gets one typed error with the rule id, and nothing changes.


@pytest.mark.parametrize(
    ("text", "error", "rule"),
    [
        ("NIN 1n 2i 3n 4e>4w", ParseError, "WT8"),  # an unknown word
        ("SEVEN 7v 1e 3e 5s 4n>4e", ParseError, "WS1"),  # a card not in the deck
        ("ONE 1t 7o 4e>4w", IllegalMoveError, "WT2"),  # a letter the card does not show
        ("ONE 1n 7o 4e>5x", IllegalMoveError, "WT4"),  # a replacement of the wrong suit
        ("ONE 1n 7o 2e", IllegalMoveError, "WT3"),  # no letter from the table
        ("ONE 1n 7o 4e>", ParseError, "WS1"),  # a missing replacement
        ("pass 1e 9z", ParseError, "WS1"),
    ],
)
def test_bad_move_text_gets_one_typed_error_with_the_rule_id(text: str, error: type[Exception], rule: str) -> None:
    with pytest.raises(error, match=rf"\({rule}\)"):
        parse_move(text)


def test_bad_input_changes_nothing() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    copy = state.replace()
    for text in ("ONE 1n 7o 6s>6u", "SIX 5s 8i 6s>6u", "pass", "pass 5s"):
        with pytest.raises(EighthalfError):
            apply(state, parse_move(text))
    assert state == copy


def test_not_a_move_is_refused() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(IllegalMoveError, match="not a move"):
        apply(state, "pass")  # type: ignore[arg-type]
    for text in ("", "   ", 7):
        with pytest.raises(ParseError):
            parse_move(text)  # type: ignore[arg-type]
