"""E1–E7: going out, the end of a round, counts, Big Losers, points and the move limit."""

from __future__ import annotations

import pytest
from builders import S, build, cards, moves, play

from eighthalf import GameState, IllegalMoveError, Rules, legal_moves, new_game, parse_move
from eighthalf import apply as apply_move

OUT = S(hand="", open="", blind="")  # a seat with nothing left to play


def waiting(next_seat: S, *, rules: Rules | None = None, move_number: int = 0) -> GameState:
    """Seat 2 went out with its last card, a ½ on seat 1's 3 (call 3½); seat 3 is to move (E2)."""
    return build(
        S(hand="123"),
        S(hand="456"),
        OUT,
        next_seat,
        pile="1:3 2:H",
        to_move=3,
        rest_to=0,
        rules=rules,
        move_number=move_number,
    )


# E1 -------------------------------------------------------------------------------------


def test_E1_out_when_bank_hand_open_and_blind_are_gone() -> None:
    state = build(S(hand="", open="", blind="9"), S(hand="123"), S(), S(), pile="3:6", to_move=0)
    assert not state.seats[0].is_out
    after = play(state, "b0")
    assert after.seats[0].is_out
    assert (after.over, after.winner) == (True, 0)


def test_E1_collected_stack_does_not_count_for_going_out() -> None:
    state = build(S(hand="9", open="", blind="", collected="GGG"), S(hand="123"), S(), S(), pile="3:6", to_move=0)
    after = play(state, "9")
    assert after.seats[0].collected == cards("GGG")
    assert after.winner == 0


def test_E1_not_out_while_blind_cards_remain() -> None:
    state = build(S(hand="", open="", blind="99"), S(hand="123"), S(), S(), pile="3:6", to_move=0)
    after = play(state, "b0")
    assert not after.over
    assert after.seats[0].zone == "blind"


def test_E1_not_out_while_open_cards_remain() -> None:
    state = build(S(hand="9", open="1", blind="222"), S(hand="123"), S(), S(), pile="3:6", to_move=0)
    after = play(state, "9")
    assert not after.over
    assert after.seats[0].zone == "open"


# E2 -------------------------------------------------------------------------------------


def test_E2_out_on_a_catchable_half_call_waits_for_the_next_move() -> None:
    state = build(S(hand="123"), S(hand="456"), S(hand="", open="", blind="H"), S(hand="4GG"), pile="1:3", to_move=2)
    after = play(state, "b0")
    assert after.seats[2].is_out
    assert (after.over, after.winner, after.pending_out, after.at_risk) == (False, None, 2, 2)
    assert (after.to_move, after.call_label) == (3, "3½")
    assert moves(after) == ["4", "G", "GG"]


def test_E2_a_catch_makes_the_out_player_collect_into_hand_and_play_on() -> None:
    after = play(waiting(S(hand="4GG", bank="7")), "4")
    assert not after.over
    assert after.seats[2].hand == cards("34H")
    assert after.seats[2].on_table
    assert (after.to_move, after.pile, after.pending_out) == (3, (), None)
    assert after.seats[3].hand == cards("7GG")


def test_E2_a_ghost_ends_the_round_and_the_out_player_wins() -> None:
    after = play(waiting(S(hand="4GG")), "G")
    assert (after.over, after.winner) == (True, 2)
    assert legal_moves(after) == ()


def test_E2_a_non_catching_play_ends_the_round() -> None:
    after = play(waiting(S(hand="5GG")), "5")
    assert (after.over, after.winner) == (True, 2)


def test_E2_a_half_ends_the_round() -> None:
    after = play(waiting(S(hand="HGG")), "H")
    assert (after.over, after.winner, after.call_label) == (True, 2, "4")


def test_E2_a_collect_ends_the_round() -> None:
    state = waiting(S(hand="123"))
    assert moves(state) == ["c"]
    after = play(state, "c")
    assert (after.over, after.winner) == (True, 2)
    assert after.seats[3].collected == cards("3H")


def test_E2_a_failed_blind_card_ends_the_round() -> None:
    after = play(waiting(S(hand="", open="", blind="21")), "b0")
    assert (after.over, after.winner) == (True, 2)
    assert after.seats[3].hand == cards("23H")


def test_E2_next_player_also_going_out_does_not_win() -> None:
    state = waiting(S(hand="", open="", blind="5"))
    after = play(state, "b0")
    assert after.seats[3].is_out
    assert (after.over, after.winner) == (True, 2)
    assert after.counts[2:] == (0, 0)
    assert after.points == (0, 0, 3, 1)  # E6: the tied lowest count scores 1


def test_E2_next_player_going_out_by_a_catch_wins() -> None:
    after = play(waiting(S(hand="", open="", blind="4")), "b0")
    assert (after.over, after.winner) == (True, 3)
    assert after.seats[2].hand == cards("34H")


def test_E2_out_by_a_ghost_on_a_half_call_waits() -> None:
    state = build(S(hand="123"), S(hand="G", open="", blind=""), S(hand="7GG"), S(), pile="3:6 0:H", to_move=1)
    after = play(state, "G")
    assert (after.over, after.pending_out, after.at_risk) == (False, 1, 1)
    caught = play(after, "7")
    assert (caught.over, caught.to_move) == (False, 2)
    assert caught.seats[1].hand == cards("67HG")


def test_E2_out_by_the_combination_waits_for_a_nine() -> None:
    state = build(S(hand="8H", open="", blind=""), S(hand="9GG"), S(), S(), pile="3:7", to_move=0)
    after = play(state, "8H")
    assert (after.over, after.pending_out, after.call_label) == (False, 0, "8½")
    caught = play(after, "9")
    assert caught.seats[0].hand == cards("789H")
    assert not caught.over
    won = play(after, "G")
    assert won.winner == 0


# E3 -------------------------------------------------------------------------------------


def test_E3_out_on_a_whole_call_ends_the_round_at_once() -> None:
    state = build(S(hand="9", open="", blind=""), S(hand="9GG"), S(), S(), pile="3:6", to_move=0)
    after = play(state, "9")
    assert (after.over, after.winner, after.pending_out) == (True, 0, None)
    assert legal_moves(after) == ()


def test_E3_out_with_a_half_to_nine_and_a_half_ends_at_once() -> None:
    state = build(S(hand="H", open="", blind=""), S(hand="9GG"), S(), S(), pile="3:9", to_move=0)
    after = play(state, "H")
    assert (after.call_label, after.over, after.winner) == ("9½", True, 0)


def test_E3_out_with_a_ghost_on_a_whole_call_ends_at_once() -> None:
    state = build(S(hand="G", open="", blind=""), S(hand="9GG"), S(), S(), pile="3:6", to_move=0)
    assert play(state, "G").winner == 0


def test_E3_out_with_zero_ends_at_once() -> None:
    state = build(S(hand="", open="", blind="0"), S(hand="9GG"), S(), S(), pile="3:5", to_move=0)
    assert play(state, "b0").winner == 0


def test_E3_no_move_after_the_end() -> None:
    state = build(S(hand="9", open="", blind=""), S(hand="9GG"), S(), S(), pile="3:6", to_move=0)
    after = play(state, "9")
    with pytest.raises(IllegalMoveError) as err:
        apply_move(after, parse_move("G"))
    assert err.value.rule in ("E2", "E3")


# E4–E6 ----------------------------------------------------------------------------------


def finish(*others: S, winner_collected: int = 0) -> GameState:
    """Seat 0 goes out by playing its last card (a 9 on a 6); return the finished round."""
    winner = S(hand="9", open="", blind="", collected=winner_collected)
    state = build(winner, *others, pile=f"{len(others)}:6", to_move=0)
    return play(state, "9")


def test_E4_count_is_collected_hand_bank_open_blind() -> None:
    after = finish(S(hand="123", bank=5, collected=2), S(hand="", open="7", blind="888", collected=1), S())
    assert after.seats[1].count == 2 + 3 + 5 + 3 + 3
    assert after.counts == (0, 16, 5, 72 - 2 - 16 - 5)
    assert after.outcome is not None
    assert after.outcome.counts == after.counts


def test_E4_pile_cards_count_for_nobody() -> None:
    after = finish(S(collected=10), S(collected=10))
    assert sum(after.counts) == 72 - len(after.pile) == 70


def test_E5_big_loser_is_the_highest_count_other_than_the_winner() -> None:
    after = finish(S(hand="", open="", blind="1", collected=2), S(hand="", open="", blind="2"))
    assert after.counts == (0, 3, 67)
    assert after.big_losers == (2,)
    assert after.points == (3, 0, 0)


def test_E5_tied_big_losers() -> None:
    after = finish(S(hand="", open="", blind="1", collected=29), S(hand="", open="", blind="2"), winner_collected=10)
    assert after.counts == (10, 30, 30)
    assert after.big_losers == (1, 2)
    assert after.points == (3, 0, 0)


def test_E5_winner_with_the_highest_count_is_not_the_big_loser() -> None:
    after = finish(
        S(hand="", open="", blind="1", collected=9),
        S(hand="", open="", blind="2", collected=4),
        S(hand="", open="", blind="3"),
        winner_collected=50,
    )
    assert after.counts == (50, 10, 5, 5)
    assert after.big_losers == (1,)
    assert after.points == (2, 0, 1, 1)


def test_E6_winner_with_the_lowest_count_scores_three() -> None:
    after = finish(S(hand="", open="", blind="1", collected=2), S(hand="", open="", blind="2"), winner_collected=1)
    assert after.counts == (1, 3, 66)
    assert after.points == (3, 0, 0)


def test_E6_tied_lowest_counts_each_score_one() -> None:
    after = finish(
        S(hand="", open="", blind="1", collected=4),
        S(hand="", open="", blind="2", collected=4),
        S(hand="", open="", blind="3"),
        winner_collected=20,
    )
    assert after.counts == (20, 5, 5, 40)
    assert after.points == (2, 1, 1, 0)
    assert after.big_losers == (3,)


def test_E6_winner_tied_for_lowest_scores_three_and_the_other_one() -> None:
    after = finish(
        S(hand="", open="", blind="1", collected=4),
        S(hand="", open="", blind="2", collected=9),
        S(hand="", open="", blind="3"),
        winner_collected=5,
    )
    assert after.counts == (5, 5, 10, 50)
    assert after.points == (3, 1, 0, 0)


def test_E6_winner_not_lowest_scores_two() -> None:
    after = finish(S(hand="", open="", blind="1"), S(hand="", open="", blind="2"), winner_collected=30)
    assert after.counts == (30, 1, 39)
    assert after.points == (2, 1, 0)
    assert after.big_losers == (2,)


# E7 -------------------------------------------------------------------------------------


def test_E7_move_limit_ends_the_round_without_a_winner() -> None:
    rules = Rules(move_limit=10)
    state = build(S(hand="7GG"), S(hand="123"), S(), S(), pile="3:6", to_move=0, rules=rules, move_number=9)
    after = play(state, "G")
    assert after.over
    assert (after.winner, after.big_losers, after.points) == (None, (), (0, 0, 0, 0))
    assert after.move_number == 10
    assert legal_moves(after) == ()
    with pytest.raises(IllegalMoveError) as err:
        apply_move(after, parse_move("7"))
    assert err.value.rule == "E7"


def test_E7_moves_before_the_limit_go_on() -> None:
    rules = Rules(move_limit=10)
    state = build(S(hand="7GG"), S(hand="123"), S(), S(), pile="3:6", to_move=0, rules=rules, move_number=8)
    after = play(state, "G")
    assert not after.over
    assert after.move_number == 9


def test_E7_a_collect_also_counts_as_a_move() -> None:
    rules = Rules(move_limit=3)
    state = build(S(hand="123"), S(hand="123"), S(), S(), pile="3:6", to_move=0, rules=rules, move_number=2)
    after = play(state, "c")
    assert (after.over, after.winner) == (True, None)


def test_E7_a_winning_move_at_the_limit_wins() -> None:
    rules = Rules(move_limit=10)
    state = build(
        S(hand="9", open="", blind=""), S(hand="123"), S(), S(), pile="3:6", to_move=0, rules=rules, move_number=9
    )
    after = play(state, "9")
    assert (after.over, after.winner) == (True, 0)
    assert after.points == (3, 0, 0, 0)


def test_E7_a_round_waiting_on_E2_at_the_limit_has_no_winner() -> None:
    rules = Rules(move_limit=10)
    state = build(
        S(hand="123"),
        S(hand="456"),
        S(hand="", open="", blind="H"),
        S(hand="4GG"),
        pile="1:3",
        to_move=2,
        rules=rules,
        move_number=9,
    )
    after = play(state, "b0")
    assert after.seats[2].is_out
    assert (after.over, after.winner, after.points, after.pending_out) == (True, None, (0, 0, 0, 0), None)


def test_E7_the_move_deciding_E2_at_the_limit_wins() -> None:
    after = play(waiting(S(hand="4GG"), rules=Rules(move_limit=10), move_number=9), "G")
    assert (after.over, after.winner) == (True, 2)


def test_E7_limit_from_a_new_game() -> None:
    state = new_game(4, seed=7, rules=Rules(move_limit=3))
    for _ in range(3):
        assert not state.over
        state = apply_move(state, legal_moves(state)[0])
    assert state.over
    assert state.move_number == 3
    assert state.winner is None


def test_E7_no_limit_by_default() -> None:
    assert Rules().move_limit is None
    state = build(S(hand="7GG"), S(hand="123"), S(), S(), pile="3:6", to_move=0, move_number=100_000)
    assert not play(state, "G").over
