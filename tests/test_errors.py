"""Every refusal of apply() names the right rule, and a refused move changes nothing."""

from __future__ import annotations

import copy
from typing import Any, cast

import pytest
from builders import S, build, play

import eighthalf
from eighthalf import (
    BlindPlay,
    Collect,
    EightAndHalf,
    GameState,
    HandPlay,
    IllegalMoveError,
    Move,
    OpenPlay,
    Rank,
    Rules,
    eights,
    is_legal,
    legal_moves,
    parse_move,
)
from eighthalf import apply as apply_move
from eighthalf.errors import NotAMoveError

EVERY_RANK = "0123456789HG"


def refused(state: GameState, move: Move | str, rule: str) -> IllegalMoveError:
    """Assert that ``move`` is refused with ``rule`` and that ``state`` is unchanged."""
    before = copy.deepcopy(state)
    legal = legal_moves(state)
    chosen = parse_move(move) if isinstance(move, str) else move
    assert not is_legal(state, chosen)
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, chosen)
    assert err.value.rule == rule, str(err.value)
    assert err.value.move == str(chosen)
    assert str(err.value).startswith(f"illegal move {str(chosen)!r}: ")
    assert str(err.value).endswith(f"({rule})")
    assert state == before
    assert hash(state) == hash(before)
    assert legal_moves(state) == legal
    return err.value


def on(hand: str, pile: str, **seat: Any) -> GameState:
    """Seat 0 to move with ``hand`` against ``pile`` (4 seats, last play by seat 3)."""
    return build(S(hand=hand, **seat), S(), S(), S(hand="" if pile else "123"), pile=pile, to_move=0)


def test_not_a_move_is_one_error_in_both_games_and_cites_no_rule() -> None:
    """A value of the wrong type is not a rule's matter (issue 27): the same error in both games."""
    state = on("7GG", "3:6")
    before = copy.deepcopy(state)
    eights_state = eights.new_game(2, seed=1)
    junks: tuple[object, ...] = ("7", 7, None, Rank.SEVEN, eights.PASS)
    for junk in junks:
        with pytest.raises(NotAMoveError) as err:
            apply_move(state, cast(Any, junk))
        assert err.value.rule == "" and isinstance(err.value, IllegalMoveError) and isinstance(err.value, TypeError)
        assert str(err.value).endswith("read it with parse_move first") and " is not a move of 8½ but " in str(
            err.value
        )
    for junk in ("7", 7, None, Rank.SEVEN, eighthalf.parse_move("7"), eights.PASS.__class__):
        with pytest.raises(NotAMoveError) as err:
            eights.apply(eights_state, cast(Any, junk))
        assert err.value.rule == "" and " is not a move of Eights but " in str(err.value)
    assert str(NotAMoveError("2", "8½", "p")).replace("8½", "G") == str(NotAMoveError("2", "Eights", "p")).replace(
        "Eights", "G"
    )
    assert state == before and eights_state == eights.new_game(2, seed=1)


def test_round_won_is_over() -> None:
    state = play(on("9", "3:6", open="", blind=""), "9")
    assert state.winner == 0
    error = refused(state, "G", "E3")
    assert "the round is over" in str(error)
    refused(state, Collect(), "E3")


def test_round_ended_by_the_move_limit_is_E7() -> None:
    rules = Rules(move_limit=4)
    state = build(S(hand="7GG"), S(hand="123"), S(), S(), pile="3:6", to_move=0, rules=rules, move_number=3)
    state = play(state, "7")
    assert (state.over, state.winner) == (True, None)
    refused(state, "G", "E7")
    refused(state, Collect(), "E7")


def test_collect_while_a_play_is_legal_is_T1() -> None:
    refused(on("7GG", "3:6"), Collect(), "T1")
    refused(on("", "3:6", open="127"), Collect(), "T1")
    refused(build(S(hand="", open="", blind="12"), S(), S(), S(), pile="3:9", to_move=0), Collect(), "T1")


def test_hand_play_from_open_cards_is_T2() -> None:
    state = on("", "3:6", open="789")
    refused(state, "7", "T2")
    refused(state, EightAndHalf(), "T2")


def test_hand_play_from_blind_cards_is_T2() -> None:
    state = on("", "3:6", open="", blind="789")
    refused(state, "7", "T2")
    refused(state, "8H", "T2")


def test_more_cards_than_held_is_T3() -> None:
    error = refused(on("77G", "3:6"), HandPlay(Rank.SEVEN, 3), "T3")
    assert "the hand holds 2 of 7, not 3" in str(error)
    refused(on("77G", "3:6"), "9", "T3")


def test_combination_without_eight_or_half_is_T3() -> None:
    refused(on("88G", "3:6"), EightAndHalf(), "T3")
    refused(on("HHG", "3:6"), EightAndHalf(), "T3")


def test_wrong_opening_is_S5() -> None:
    state = build(S(hand="48H", bank=3), S(hand="567", bank=3), opening=Rank.FOUR, to_move=0)
    refused(state, "8", "S5")
    refused(state, "H", "S5")
    refused(state, EightAndHalf(), "S5")
    refused(state, "44", "T3")


def test_opening_eight_as_the_combination_is_S5() -> None:
    state = build(S(hand="88H", bank=3), S(hand="9GG", bank=3), opening=Rank.EIGHT, to_move=0)
    refused(state, "8H", "S5")


def test_open_play_with_cards_in_hand_is_T2() -> None:
    state = on("1", "3:6", open="789", on_table=True)
    refused(state, OpenPlay(Rank.SEVEN), "T2")


def test_open_play_once_open_cards_are_gone_is_L3() -> None:
    refused(on("", "3:6", open="", blind="789"), OpenPlay(Rank.SEVEN), "L3")


def test_open_play_of_a_card_not_there_is_T3() -> None:
    error = refused(on("", "3:6", open="789"), OpenPlay(Rank.GHOST), "T3")
    assert "there is no open Ghost" in str(error)


def test_blind_play_with_open_cards_left_is_L3() -> None:
    refused(on("", "3:6", open="789"), BlindPlay(0), "L3")


def test_blind_play_with_cards_in_hand_is_T2() -> None:
    refused(on("7GG", "3:6"), BlindPlay(0), "T2")


def test_blind_position_past_the_blind_cards_is_L4() -> None:
    state = on("", "3:6", open="", blind="7")
    refused(state, BlindPlay(1), "L4")
    refused(state, BlindPlay(2), "L4")


def test_half_on_eight_and_half_is_P3() -> None:
    refused(on("HHG", "2:7 3:8H"), "H", "P3")
    refused(on("", "2:7 3:8H", open="H12"), "oH", "P3")


def test_zero_on_a_half_call_is_P2() -> None:
    refused(on("0GG", "2:6 3:H"), "0", "P2")
    refused(on("", "2:6 3:H", open="012"), "o0", "P2")


def test_five_lock_refusals_are_P7() -> None:
    state = on(EVERY_RANK, "3:5")
    for text in ("6", "7", "8", "9", "8H"):
        refused(state, text, "P7")
    refused(on("", "2:5 3:G", open="678"), "o6", "P7")


def test_combination_above_eight_and_half_is_P5() -> None:
    refused(on("8HG", "3:9"), "8H", "P5")
    refused(on("8HG", "2:9 3:H"), "8H", "P5")


def test_numbers_on_eight_and_half_are_P6() -> None:
    state = on(EVERY_RANK, "2:7 3:8H")
    for text in ("1", "5", "8"):
        refused(state, text, "P6")
    refused(on("", "2:7 3:8H", open="789"), "o8", "P6")


def test_number_below_the_call_is_P1() -> None:
    refused(on("36G", "3:7"), "6", "P1")
    refused(on("36G", "2:6 3:H"), "6", "P1")
    refused(on("", "3:7", open="369"), "o3", "P1")
    refused(on("8HG", "2:9 3:H"), "8", "P1")


def test_legal_moves_are_never_refused() -> None:
    state = on(EVERY_RANK, "2:6 3:H")
    for move in legal_moves(state):
        assert is_legal(state, move)
        apply_move(state, move)


def test_a_view_a_match_or_the_other_game_s_state_passed_as_a_state_is_one_type_error_in_both_builds() -> None:
    """``legal_moves(view)`` is a newcomer's slip: the pure build used to fail deep inside
    (``'SeatView' object has no attribute 'blind'``); now it says what the compiled build
    says, whose modules check their arguments' types at the call."""
    state, game = eighthalf.new_game(3, seed=1), eights.new_game(3, seed=1)
    seen, match, move = eighthalf.view(state, state.to_move), eighthalf.new_match(3, seed=1), legal_moves(state)[0]
    cases: list[tuple[Any, str]] = [
        (
            lambda: legal_moves(cast(Any, seen)),
            "eighthalf.games.eighthalf.state.GameState object expected; got eighthalf.games.eighthalf.views.PlayerView",
        ),
        (
            lambda: apply_move(cast(Any, seen), move),
            "eighthalf.games.eighthalf.state.GameState object expected; got eighthalf.games.eighthalf.views.PlayerView",
        ),
        (
            lambda: is_legal(cast(Any, match), move),
            "eighthalf.games.eighthalf.state.GameState object expected; got eighthalf.games.eighthalf.match.Match",
        ),
        (
            lambda: legal_moves(cast(Any, game)),
            "eighthalf.games.eighthalf.state.GameState object expected; got eighthalf.games.eights.state.GameState",
        ),
        (lambda: legal_moves(cast(Any, None)), "eighthalf.games.eighthalf.state.GameState object expected; got None"),
        (
            lambda: eights.legal_moves(cast(Any, state)),
            "eighthalf.games.eights.state.GameState object expected; got eighthalf.games.eighthalf.state.GameState",
        ),
        (
            lambda: eights.legal_moves(cast(Any, eights.view(game, 0))),
            "eighthalf.games.eights.state.GameState object expected; got eighthalf.games.eights.views.PlayerView",
        ),
        (
            lambda: eights.apply(cast(Any, state), eights.PASS),
            "eighthalf.games.eights.state.GameState object expected; got eighthalf.games.eighthalf.state.GameState",
        ),
        (
            lambda: eights.is_legal(cast(Any, 7), eights.PASS),
            "eighthalf.games.eights.state.GameState object expected; got int",
        ),
    ]
    for call, message in cases:
        with pytest.raises(TypeError) as info:
            call()
        assert str(info.value) == message and not isinstance(info.value, AttributeError)
