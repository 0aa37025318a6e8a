"""Bad input over the public functions of Eights' rules: the library's errors, short messages.

One property per class of defect, each over every entry point it concerns (the checked
ones: the constructors, the parsers, :func:`~eighthalf.games.eights.position`,
:func:`~eighthalf.eights.rest_of_deck`, :func:`~eighthalf.eights.apply`, the views):

1. unbounded messages: text of any length, and moves or positions of any number of
   cards, give a message of at most 300 characters;
2. huge integers: an integer of thousands of digits is refused (or, as a seat, is an
   IndexError) and never converted whole to text;
3. deep nesting: a list nested thousands deep is refused, never a RecursionError;
4. wrong types: anything of the wrong type, bools where ints are meant, is the
   library's error, never a TypeError or an AttributeError.

The defects that ``tests/test_game_protocol.py`` once marked for Eights are named tests
at the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import repeat
from typing import Any

import pytest
from bad_input import (
    DEPTHS,
    HUGE,
    KINDS,
    MESSAGE_LIMIT,
    Entry,
    is_bool,
    is_none,
    long_text,
    nested,
    refused,
    wrong_types,
)
from hypothesis import given
from hypothesis import strategies as st

from eighthalf.eights import (
    WORDS,
    Card,
    EighthalfError,
    IllegalMoveError,
    InvalidStateError,
    ParseError,
    Pass,
    Rules,
    Spell,
    apply,
    card_texts,
    new_game,
    parse_card,
    parse_cards,
    parse_move,
    parse_word,
    position,
    rest_of_deck,
    sample_state,
    unseen_cards,
    view,
)
from eighthalf.games.eights.engine import why_illegal

STATE = new_game(3, seed=1)
SEEN = view(STATE, 0)
CARD = parse_card("4e")
HANDS = ["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"]
TABLE = "1e 2i 3g 4e 5o 6s 7h 8i"


def _is_text(value: object) -> bool:
    return type(value) is str


def _is_blank(value: object) -> bool:
    return type(value) is str and not value.split()


def _is_seed(value: object) -> bool:
    return type(value) is int and abs(value) < 10**4300


def _is_empty(value: object) -> bool:
    return isinstance(value, (str, bytes, bytearray)) and not value  # no cards: no texts


def _position(**changed: Any) -> Any:
    arguments: dict[str, Any] = {"table": TABLE, **changed}
    hands = arguments.pop("hands", HANDS)
    return position(hands, **arguments)


ENTRIES: tuple[Entry, ...] = (
    Entry("parse_move", parse_move),
    Entry("parse_card", parse_card, ParseError),
    Entry("parse_cards", parse_cards, ParseError, _is_text),
    Entry("parse_word", parse_word, ParseError),
    Entry("card_texts", card_texts, ParseError, _is_empty),
    Entry("Card(suit)", lambda value: Card(value, "e"), ParseError),
    Entry("Card(letter)", lambda value: Card(1, value), ParseError),
    Entry("Spell(word)", lambda value: Spell(value, (), (CARD,), (CARD,))),
    Entry("Spell(hand)", lambda value: Spell("ONE", value, (CARD,), (CARD,))),
    Entry("Spell(table)", lambda value: Spell("ONE", (), value, ())),
    Entry("Spell(replacements)", lambda value: Spell("ONE", (), (CARD,), value)),
    Entry("Pass(exchange)", Pass, ParseError),
    Entry("Rules(target)", lambda value: Rules(target=value), InvalidStateError, is_none),
    Entry("Rules(turn_limit)", lambda value: Rules(turn_limit=value), InvalidStateError, is_none),
    Entry("Rules(may_pass_freely)", lambda value: Rules(may_pass_freely=value), InvalidStateError, is_bool),
    Entry("position(hands)", lambda value: _position(hands=value), InvalidStateError),
    Entry("position(hand)", lambda value: _position(hands=[HANDS[0], value]), InvalidStateError),
    Entry("position(table)", lambda value: _position(table=value), InvalidStateError),
    Entry("position(stack)", lambda value: _position(stack=value), InvalidStateError, is_none),
    Entry("position(piles)", lambda value: _position(piles=value), InvalidStateError, is_none),
    Entry("position(pile)", lambda value: _position(piles=[(), value]), InvalidStateError),
    Entry("position(to_move)", lambda value: _position(to_move=value), InvalidStateError),
    Entry("position(passes)", lambda value: _position(passes=value), InvalidStateError),
    Entry("position(turns)", lambda value: _position(turns=value), InvalidStateError),
    Entry("position(origins)", lambda value: _position(origins=value), InvalidStateError, is_none),
    Entry("position(number)", lambda value: _position(number=value), InvalidStateError),
    Entry("position(dealer)", lambda value: _position(dealer=value), InvalidStateError, is_none),
    Entry("position(hand_scores)", lambda value: _position(hand_scores=value, number=1), InvalidStateError),
    Entry("position(points)", lambda value: _position(hand_scores=[(value, 0)], number=1), InvalidStateError),
    Entry("position(rules)", lambda value: _position(rules=value), InvalidStateError, is_none),
    Entry("position(seed)", lambda value: _position(seed=value), InvalidStateError, _is_seed),
    Entry("rest_of_deck", rest_of_deck, InvalidStateError, _is_blank),
    Entry("apply", lambda value: apply(STATE, value), IllegalMoveError),
    Entry("apply(Spell.unchecked)", lambda value: apply(STATE, Spell.unchecked(value, (), (), ())), IllegalMoveError),
    Entry(
        "apply(Spell.unchecked hand)",
        lambda value: apply(STATE, Spell.unchecked("ONE", value, (), ())),
        IllegalMoveError,
    ),
    Entry("apply(Pass unchecked)", lambda value: apply(STATE, Pass(value, check=False)), IllegalMoveError),
    Entry("view(state)", lambda value: view(value, 0), InvalidStateError),
    Entry("view(seat)", lambda value: view(STATE, value), InvalidStateError, is_none),
    Entry("unseen_cards", unseen_cards, InvalidStateError),
    Entry("sample_state(seen)", lambda value: sample_state(value, random.Random(1)), InvalidStateError),
    Entry("sample_state(rng)", lambda value: sample_state(SEEN, value), InvalidStateError),
)
"""Every checked entry point of the rules of Eights, argument by argument."""
NAMES = [entry.name for entry in ENTRIES]


# --------------------------------------------------------------------------- 1. unbounded messages


LONG_TEXT = long_text(*["x", "1e ", "4e>4w ", "[", '"', "9", "ONE "])


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
@given(text=LONG_TEXT)
def test_long_text_anywhere_gives_a_short_message(text: str, entry: Entry) -> None:
    refused(entry, text)


@given(cards=st.integers(min_value=65, max_value=50_000), word=st.sampled_from(["ONE", "pass", "EIGHT", "zzz"]))
def test_moves_and_positions_of_any_number_of_cards_give_short_messages(cards: int, word: str) -> None:
    text = " ".join(["1e"] * cards)
    for call in (
        lambda: parse_move(f"{word} {text} 4e>4w"),
        lambda: Spell("ONE", (CARD,) * cards, (CARD,), (CARD,)),
        lambda: apply(STATE, Pass((CARD,) * cards)),
        lambda: apply(STATE, Spell.unchecked("ONE", (CARD,) * cards, (CARD,), (CARD,))),
        lambda: _position(table=text),
        lambda: _position(hands=[HANDS[0], text]),
        lambda: _position(stack=text),
        lambda: _position(hands=[HANDS[0]] * cards),
        lambda: rest_of_deck(text),
    ):
        with pytest.raises(EighthalfError) as caught:
            call()
        assert len(str(caught.value)) <= MESSAGE_LIMIT, str(caught.value)[:200]


# --------------------------------------------------------------------------- 2. huge integers


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
@given(number=HUGE)
def test_a_huge_integer_anywhere_is_refused_briefly(number: int, entry: Entry) -> None:
    refused(entry, number, IndexError if entry.name == "view(seat)" else None)
    refused(entry, [number])


def test_a_huge_integer_is_refused_where_an_int_is_meant() -> None:
    huge = 10**5000
    for field in ("target", "turn_limit"):
        with pytest.raises(InvalidStateError, match=r"2\*\*53 - 1.*an integer of 5,001 digits"):
            Rules(**{field: huge})  # type: ignore[arg-type]
    for field in ("turns", "number"):
        with pytest.raises(InvalidStateError, match="an integer of 5,001 digits"):
            _position(**{field: huge})
    with pytest.raises(InvalidStateError, match="WH2"):
        _position(hand_scores=[(2**53, 0)], number=1)
    assert Rules(target=2**53 - 1).target == 2**53 - 1


# --------------------------------------------------------------------------- 3. deep nesting


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
@given(depth=DEPTHS, kind=KINDS)
def test_deep_nesting_anywhere_is_refusednever_a_RecursionError(depth: int, kind: str, entry: Entry) -> None:
    deep = nested(depth, kind)
    refused(entry, deep)
    refused(entry, [deep])


# --------------------------------------------------------------------------- 4. wrong types


WRONG_TYPES = wrong_types(b"4e", bytearray(b"4e"), SEEN)


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
@given(value=WRONG_TYPES)
def test_a_value_of_the_wrong_type_anywhere_is_the_library_s_error(value: object, entry: Entry) -> None:
    if (entry.name, type(value)) in {("sample_state(rng)", random.Random), ("unseen_cards", type(SEEN))}:
        return  # what it takes
    if entry.name == "sample_state(seen)" and value is SEEN:
        return
    refused(entry, value)


@pytest.mark.parametrize("flag", [True, False])
def test_a_bool_is_not_an_int(flag: bool) -> None:
    for call in (
        lambda: view(STATE, flag),
        lambda: Card(flag, "e"),
        lambda: Rules(target=flag),
        lambda: Rules(turn_limit=flag),
        lambda: _position(to_move=flag),
        lambda: _position(passes=flag),
        lambda: _position(turns=flag),
        lambda: _position(number=flag),
        lambda: _position(dealer=flag),
        lambda: _position(seed=flag),
        lambda: _position(hand_scores=[(flag, 0)], number=1),
        lambda: _position(origins=[flag] * 40),
    ):
        with pytest.raises(EighthalfError):
            call()


# --------------------------------------------------------------------------- the defects once marked


def test_parse_move_quotes_its_input_briefly() -> None:
    for junk in ("x" * 10**6, 10**5000, nested(100_000), "[" * 100_000, "1" * 5_000):
        with pytest.raises(ParseError) as caught:
            parse_move(junk)  # type: ignore[arg-type]
        assert len(str(caught.value)) <= MESSAGE_LIMIT


def test_a_parse_error_quotes_a_line_without_its_newline() -> None:
    """The card and word readers strip spaces, and so does what their errors quote (issue 37; WS1, WT8)."""
    not_a_word = f"not a word of the game: 'nine' (the words are {', '.join(WORDS)}) (WT8)"
    not_a_card = "not a card: '9z' (expected a suit 1-8 and a letter, such as '4w') (WS1)"
    for read, line, message in (
        (parse_word, " nine\n", not_a_word),
        (parse_move, "nine 1n\n", not_a_word),
        (parse_card, "\t9z\r\n", not_a_card),
        (parse_move, "ONE 1n 9z\n", not_a_card),
        (parse_cards, "1e 9z\n", not_a_card),
    ):
        with pytest.raises(ParseError) as caught:
            read(line)
        assert str(caught.value) == message, line


@given(st.text(max_size=8), st.text(" \t\r\n\u00a0", max_size=3), st.text(" \n", max_size=3))
def test_surrounding_whitespace_changes_neither_a_card_nor_a_word_nor_the_error(
    text: str, before: str, after: str
) -> None:
    """parse_card and parse_word read ``before + text + after`` as ``text.strip()``: the same value or message."""
    for read in (parse_card, parse_word):
        assert _outcome(read, before + text + after) == _outcome(read, text.strip())


def _outcome(read: Callable[[str], object], text: str) -> object:
    """What ``read(text)`` gives: its value, or its ParseError's message."""
    try:
        return read(text)
    except ParseError as error:
        return str(error)


def test_apply_quotes_a_junk_move_briefly() -> None:
    for junk in (10**5000, nested(100_000), "x" * 10**6):
        with pytest.raises(IllegalMoveError) as caught:
            apply(STATE, junk)  # type: ignore[arg-type]
        assert len(str(caught.value)) <= MESSAGE_LIMIT and " is not a move of Eights but " in str(caught.value)
    error = why_illegal(STATE, 10**5000)  # type: ignore[arg-type]
    assert error is not None and "an integer of 5,001 digits" in str(error)


def test_apply_refuses_a_move_made_unchecked_from_junk() -> None:
    with pytest.raises(IllegalMoveError, match=r"\(WT8\)"):
        apply(STATE, Spell.unchecked(10**5000, (), (), ()))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=r"must be a sequence of Cards"):
        apply(STATE, Spell.unchecked("ONE", None, (), ()))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=r"expected a Card.*\(WP1\)"):
        apply(STATE, Pass((nested(100_000),), check=False))


def test_view_checks_its_state_and_its_seat() -> None:
    with pytest.raises(InvalidStateError, match="GameState"):
        view(SEEN, 0)  # type: ignore[arg-type]
    for seat in ("x", 1.5, True):
        with pytest.raises(InvalidStateError, match="a seat is an int"):
            view(STATE, seat)  # type: ignore[arg-type]
    for seat in (-1, 3, 10**5000):
        with pytest.raises(IndexError, match="is not at this table of 3"):
            view(STATE, seat)


def test_sample_state_checks_its_view_and_its_rng() -> None:
    with pytest.raises(InvalidStateError, match="PlayerView"):
        sample_state(STATE, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"random\.Random"):
        sample_state(SEEN, 1)  # type: ignore[arg-type]
    too_many = SEEN.replace(hand=(*(SEEN.hand or ()), CARD, CARD, CARD))
    with pytest.raises(InvalidStateError, match=r"more 4e cards than the deck's 2 \(WS1\)"):
        sample_state(too_many, random.Random(1))
    short = SEEN.replace(stack=SEEN.stack - 1, origins=SEEN.origins[1:])
    with pytest.raises(InvalidStateError, match="not a view of a game"):
        sample_state(short, random.Random(1))
    for wrong in (SEEN.replace(stack=SEEN.stack + 1), SEEN.replace(known_stack=(CARD,))):
        with pytest.raises(InvalidStateError, match=r"disagree: not a view of a game \(WI3, WP3\)"):
            sample_state(wrong, random.Random(1))


def test_position_checks_the_types_of_its_sequences() -> None:
    for changed in ({"piles": 5}, {"piles": [(), 5]}, {"origins": 5}, {"hand_scores": 5}, {"hands": 5}):
        with pytest.raises(InvalidStateError, match="must be"):
            _position(**changed)
    with pytest.raises(InvalidStateError, match=r"seat 1 score pile: .*\(WT2\)"):
        _position(piles=[(), [Spell.unchecked("TWO", (), (CARD,), (CARD,))]])


def test_an_endless_iterable_of_cards_is_refused() -> None:
    with pytest.raises(ParseError, match=r"more than the 64 cards of the deck \(WS1\)"):
        Pass(repeat(CARD))
    with pytest.raises(ParseError, match="more than the 64 cards"):
        Spell("ONE", repeat(CARD), (CARD,), (CARD,))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="hand_scores must give 1"):
        _position(hand_scores=repeat((0, 0)), number=1)
    with pytest.raises(InvalidStateError, match="origins must give"):
        _position(origins=repeat(-1))
    assert Pass(iter([CARD, CARD])) == Pass((CARD, CARD))
