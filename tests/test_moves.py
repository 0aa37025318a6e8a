"""The move notation: every shared move round-trips through str() and parse_move(); bad text is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import (
    BlindPlay,
    Collect,
    EightAndHalf,
    HandPlay,
    Move,
    OpenPlay,
    ParseError,
    Rank,
    apply,
    legal_moves,
    new_game,
    parse_match_move,
    parse_move,
)
from eighthalf.games.eighthalf.moves import BLIND_PLAYS, COLLECT, EIGHT_AND_HALF, HAND_PLAYS, OPEN_PLAYS

SHARED: list[Move] = [
    *(play for row in HAND_PLAYS for play in row),
    *OPEN_PLAYS,
    *BLIND_PLAYS,
    EIGHT_AND_HALF,
    COLLECT,
]


def test_every_shared_move_round_trips() -> None:
    assert len(SHARED) == 72 + 12 + 3 + 1 + 1
    for move in SHARED:
        assert parse_move(str(move)) is move


def test_notations_are_distinct() -> None:
    assert len({str(move) for move in SHARED}) == len(SHARED)


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (HandPlay(Rank.THREE, 2), "33"),
        (HandPlay(Rank.HALF), "H"),
        (HandPlay(Rank.GHOST, 3), "GGG"),
        (HandPlay(Rank.ZERO, 6), "000000"),
        (HandPlay(Rank.HALF, 8), "HHHHHHHH"),
        (EightAndHalf(), "8H"),
        (OpenPlay(Rank.SEVEN), "o7"),
        (OpenPlay(Rank.HALF), "oH"),
        (OpenPlay(Rank.GHOST), "oG"),
        (BlindPlay(0), "b0"),
        (BlindPlay(2), "b2"),
        (Collect(), "c"),
    ],
)
def test_notation(move: Move, text: str) -> None:
    assert str(move) == text
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("½", HandPlay(Rank.HALF)),
        ("h", HandPlay(Rank.HALF)),
        (" hh ", HandPlay(Rank.HALF, 2)),
        ("g", HandPlay(Rank.GHOST)),
        ("8½", EightAndHalf()),
        ("8h", EightAndHalf()),
        ("O7", OpenPlay(Rank.SEVEN)),
        ("oh", OpenPlay(Rank.HALF)),
        ("o½", OpenPlay(Rank.HALF)),
        ("B1", BlindPlay(1)),
        ("C", Collect()),
        ("\t33\n", HandPlay(Rank.THREE, 2)),
    ],
)
def test_parse_aliases(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "x",
        "10",
        "34",
        "1111" + "1",
        "2" * 5,
        "3" * 7,
        "H" * 9,
        "G" * 9,
        "o",
        "o7777",  # at most three open cards (S4); "o77" is two open 7s (T3, open_runs)
        "o78",
        "oX",
        "b",
        "b3",
        "b-1",
        "8H8",
        "H8",
        "88H",
        "cc",
        "c1",
        "HG",
        "pass",
        "o 7",
        "b 1",
    ],
)
def test_parse_errors(text: str) -> None:
    with pytest.raises(ParseError):
        parse_move(text)


@pytest.mark.parametrize("value", [None, 7, 3.0, b"33"])
def test_parse_refuses_non_text(value: object) -> None:
    with pytest.raises(ParseError):
        parse_move(value)  # type: ignore[arg-type]


def test_parse_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a move"):
        parse_move("z")


@pytest.mark.parametrize(("rank", "count"), [(Rank.THREE, 0), (Rank.ONE, 5), (Rank.HALF, 9), (Rank.GHOST, -1)])
def test_hand_play_counts_checked(rank: Rank, count: int) -> None:
    with pytest.raises(ParseError, match="S1, T3"):
        HandPlay(rank, count)


def test_moves_need_a_rank() -> None:
    with pytest.raises(ParseError):
        HandPlay(3, 1)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        OpenPlay(7)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        HandPlay(Rank.THREE, True)


@pytest.mark.parametrize("position", [-1, 3, 1.0])
def test_blind_positions_checked(position: object) -> None:
    with pytest.raises(ParseError, match="L4"):
        BlindPlay(position)  # type: ignore[arg-type]


def test_rank_symbols() -> None:
    assert [str(rank) for rank in Rank] == [*"0123456789", "H", "G"]
    assert [Rank.from_symbol(str(rank)) for rank in Rank] == list(Rank)
    assert Rank.from_symbol("½") is Rank.HALF
    with pytest.raises(ParseError):
        Rank.from_symbol("X")


def test_legal_moves_are_the_shared_instances() -> None:
    state = new_game(4, seed=7)
    while not state.over:
        for move in legal_moves(state):
            assert parse_move(str(move)) is move
        state = apply(state, legal_moves(state)[-1])


_EXPECTED = "(expected e.g. '7', '33', 'HH', 'G', '8H', 'o7', 'b0' or 'c')"


def test_a_parse_error_quotes_a_line_without_its_newline() -> None:
    """A line read from stdin keeps its newline; parse_move strips it, and so does the quote (issue 37)."""
    for read in (parse_move, parse_match_move):
        with pytest.raises(ParseError) as caught:
            read("seven\n")
        assert str(caught.value) == f"not a move: 'seven' {_EXPECTED}"
        with pytest.raises(ParseError) as caught:
            read(" \t8½8\r\n")
        assert str(caught.value) == f"not a move: '8½8' {_EXPECTED}"
    with pytest.raises(ParseError) as caught:
        parse_move("\n")
    assert str(caught.value) == f"not a move: '' {_EXPECTED}"


@given(st.text(max_size=12), st.text(" \t\r\n\x0b\x0c\u00a0\u2003", max_size=3), st.text(" \n", max_size=3))
def test_surrounding_whitespace_changes_neither_the_move_nor_the_error(text: str, before: str, after: str) -> None:
    """parse_move reads ``before + text + after`` as it reads ``text.strip()``: the same move or the same message."""

    def outcome(given_text: str) -> object:
        try:
            return parse_move(given_text)
        except ParseError as error:
            return str(error)

    assert outcome(before + text + after) == outcome(text.strip())
