"""Bad input over the whole public surface (issue 13, items 1-6).

One property per class of defect, each over every entry point it concerns, and the
issue's own examples as named regression tests:

1. odd digits: the notation's digits are the ASCII digits only;
2. huge integers: seeds have at most 4,300 digits, every other count at most
   2**53 - 1, and no unbounded int is formatted into a message;
3. wrong types: every public entry point checks its arguments and raises the library's
   errors;
4. record text: every record that can be made round-trips through the text format and
   through JSON documents, whatever text its comments and tags hold;
5. record results: one definition of a valid result, whichever way a record is made;
6. unbounded messages: every message is short, whatever the input, and nesting of any
   depth is a DocumentError.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import struct
import sys
from collections.abc import Callable
from typing import Any, TypeVar, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eighthalf import (
    DECK,
    DocumentError,
    EighthalfError,
    HandPlay,
    IllegalMoveError,
    InvalidStateError,
    NotAMoveError,
    OpenPlay,
    ParseError,
    Rank,
    Rules,
    apply,
    apply_with_events,
    call_text,
    events_for,
    from_data,
    legal_moves,
    narrate,
    new_game,
    new_match,
    parse_match_move,
    parse_move,
    position,
    replay,
    rest_of_deck,
    sample_state,
    to_data,
    unseen_cards,
    view,
    view_match,
)
from eighthalf.errors import QUOTE_LIMIT, quote
from eighthalf.games.eighthalf import serialization as documents
from eighthalf.games.eighthalf.deal import MAX_SEED_DIGITS, check_seed, check_table, seed_bytes, shuffled_deck
from eighthalf.games.eighthalf.match import DECLINE, Exchange, round_seed
from eighthalf.games.eighthalf.moves import BlindPlay
from eighthalf.games.eighthalf.options import MAX_COUNT
from eighthalf.games.eighthalf.serialization.values import _MOVE_OF
from eighthalf.records import Record, check_result, dumps, loads, result_of
from eighthalf.testing import assert_no_leaks, hidden_variants

MAX_MESSAGE = 500
"""The longest message any bad input may produce (the longest fixed texts, such as the
list of document types, plus a quoted value or two)."""

STATE = new_game(3, seed=1)
MATCH = new_match(3, seed=1, rounds=2)
SEEN = view(STATE, 0)
RECORD = Record(players=3, seed=1)
EVENTS = apply_with_events(STATE, parse_move(str(STATE.opening)))[1]
HUGE = 10**5000
TEXT_MOVES = [str(move) for move in _MOVE_OF.values()]  # every canonical match move


def nested(depth: int, kind: type = list) -> Any:
    """A list (or dict) nested ``depth`` deep, built without recursion."""
    value: Any = []
    for _ in range(depth):
        value = [value] if kind is list else {"a": value}
    return value


def bounded(error: BaseException) -> None:
    assert len(str(error)) <= MAX_MESSAGE, f"a message of {len(str(error))} characters"


E = TypeVar("E", bound=EighthalfError)


def refused(call: Callable[[], object], kind: type[E]) -> E:
    """``call()`` raises ``kind`` (one of the library's errors) with a short message."""
    with pytest.raises(kind) as info:
        call()
    bounded(info.value)
    return info.value


# --------------------------------------------------------------------------- the issue's examples


@pytest.mark.parametrize("digit", ["²", "³", "¹", "①", "፩", "٣", "３"])
def test_issue13_1_an_odd_digit_is_a_ParseError_in_every_reader(digit: str) -> None:
    refused(lambda: parse_match_move(f"x5{digit}0"), ParseError)
    refused(lambda: parse_move(f"b{digit}"), ParseError)
    refused(
        lambda: documents.loads(f'{{"format": "eighthalf", "version": 1, "type": "Move", "move": "x5{digit}0"}}'),
        DocumentError,
    )
    good = '[Players "3"]\n[Seed "1"]\n\n1. 2 *\n'
    refused(lambda: loads(good + f"x5{digit}0"), DocumentError)
    refused(lambda: loads(good.replace("1. 2", f"1. x5{digit}0")), DocumentError)
    refused(lambda: loads(good.replace("1. 2", f"{digit}. 2")), DocumentError)
    refused(lambda: loads(good.replace('"3"', f'"{digit}"')), DocumentError)
    refused(lambda: loads(good.replace('"1"', f'"{digit}"')), DocumentError)


def test_issue13_2_a_seed_of_5000_digits_is_refused_naming_the_bound() -> None:
    for call in (
        lambda: new_game(2, seed=HUGE),
        lambda: new_match(2, seed=HUGE),
        lambda: shuffled_deck(-HUGE),
        lambda: round_seed(HUGE, 0),
    ):
        assert "at most 4,300 digits" in str(refused(call, InvalidStateError))
    assert refused(lambda: Record(players=2, seed=HUGE), DocumentError).path == "$.seed"
    assert refused(lambda: from_data({**to_data(MATCH), "seed": HUGE}), DocumentError).path == "$.seed"
    assert refused(lambda: from_data({**to_data(RECORD), "seed": HUGE}), DocumentError).path == "$.seed"
    text = documents.dumps(MATCH).replace('"seed": ', '"seed": ' + "1" * 5000, 1)
    assert "too many digits" in str(refused(lambda: documents.loads(text), DocumentError))
    longest = new_match(2, seed=10**MAX_SEED_DIGITS - 1)
    assert documents.loads(documents.dumps(longest)) == longest


def test_issue13_2_huge_numbers_in_record_text_are_refused() -> None:
    digits = "7" * 5000
    good = '[Players "2"]\n[Seed "1"]\n[Result "*"]\n\n1. 2 *\n'
    assert refused(lambda: loads(good.replace("1. 2", f"{digits}. 2")), DocumentError).path == "$.moves[0]"
    assert refused(lambda: loads(good.replace('"1"', f'"{digits}"')), DocumentError).path == "$.Seed"
    result = f"0: {digits}-1"
    text = good.replace('"*"', f'"{result}"').replace("2 *", f"2 {result}")
    assert refused(lambda: loads(text), DocumentError).path == "$.Result"
    assert refused(lambda: from_data({**to_data(RECORD), "result": result}), DocumentError).path == "$.result"


def test_issue13_3_wrong_types_are_the_library_errors() -> None:
    refused(lambda: new_game(3, rules=cast(Any, 5)), InvalidStateError)
    refused(lambda: position(cast(Any, None), to_move=0), InvalidStateError)
    refused(lambda: view(STATE, cast(Any, 1.5)), InvalidStateError)
    refused(lambda: view(STATE, cast(Any, True)), InvalidStateError)
    with pytest.raises(IndexError):  # an int that is not a seat stays an IndexError, as documented
        view(STATE, 3)


@pytest.mark.parametrize("text", ["\r", "\u2028", "\x85", "\x0b", "a\r\nb", "\x0c\x1c\x1d\x1e\u2029", "\\u2028"])
def test_issue13_4_line_breaks_in_comments_and_tags_round_trip(text: str) -> None:
    record = Record(players=2, seed=1, comments=((0, text),), tags=(("Note", text),))
    assert loads(dumps(record)) == record
    assert from_data(to_data(record)) == record
    newline = Record(players=2, seed=1, tags=(("Note", "two\nlines"),))
    assert loads(dumps(newline)) == newline


def test_issue13_4_a_record_of_another_game_is_refused_not_rewritten() -> None:
    text = '[Game "chess"]\n[Players "2"]\n[Seed "1"]\n\n*\n'
    assert refused(lambda: loads(text), DocumentError).path == "$.Game"
    assert loads(text.replace('[Game "chess"]\n', "")) == Record(players=2, seed=1)


@pytest.mark.parametrize("result", ["", "2", "x", "0: 9", "0: 0-0", "1: 2-2", "-: 0-1", "01: 2-1", "0,1: 3-3"])
def test_issue13_5_a_result_refused_by_from_data_is_refused_by_loads(result: str) -> None:
    text = f'[Players "2"]\n[Seed "1"]\n[Result "{result}"]\n\n{result}\n'
    assert refused(lambda: loads(text), DocumentError).path == "$.Result"
    assert (
        refused(lambda: from_data({**to_data(RECORD), "players": 2, "result": result}), DocumentError).path
        == "$.result"
    )
    refused(lambda: Record(players=2, seed=1, result=result), DocumentError)


def test_issue13_6_messages_stay_short() -> None:
    refused(lambda: parse_move("x" * 10**6), ParseError)
    refused(lambda: from_data({"format": "x" * 10**6, "version": 1, "type": "Rules"}), DocumentError)
    refused(lambda: from_data({"format": "eighthalf", "version": 1, "type": "x" * 10**6}), DocumentError)
    refused(lambda: from_data({"format": nested(5000), "version": 1, "type": "Rules"}), DocumentError)
    refused(lambda: from_data({**to_data(Rules()), "min_players": nested(5000, dict)}), DocumentError)
    refused(lambda: documents.loads("[" * 100_000), DocumentError)
    name = "A" * 100_000
    refused(lambda: loads(f'[Players "2"]\n[{name} "x"]\n[{name} "y"]\n\n*\n'), DocumentError)
    refused(lambda: Record(players=2, seed=1, tags=((name, "x"), (name, "y"))), DocumentError)
    refused(lambda: loads('[Players "2"]\n[Seed "1"]\n\n' + "{" * 100_000 + " *\n"), DocumentError)


# --------------------------------------------------------------------------- the quoting helper


@given(st.text() | st.binary() | st.integers() | st.floats() | st.lists(st.text(), max_size=30))
def test_quote_is_short_and_safe(value: object) -> None:
    text = quote(value)
    assert len(text) <= QUOTE_LIMIT + 30
    if len(repr(value)) <= QUOTE_LIMIT:
        assert text == repr(value)


@given(st.integers(min_value=59, max_value=20_000), st.booleans())
def test_quote_names_the_digits_of_a_long_integer(digits: int, negative: bool) -> None:
    number = (10 ** (digits - 1) + 7) * (-1 if negative else 1)
    assert quote(number) == f"an integer of {digits:,} digits"


def test_quote_survives_a_broken_repr_and_deep_nesting() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert "Broken" in quote(Broken())
    assert quote(nested(100_000)) == "[[[[...]]]]"
    assert quote(tuple(range(100))).endswith("...)")


# --------------------------------------------------------------------------- 1. odd digits

ODD_DIGITS = st.characters(categories=["Nd", "No", "Nl"], exclude_characters="½").filter(
    lambda char: not char.isascii()
)


@given(move=st.sampled_from([text for text in TEXT_MOVES if any(char.isdigit() for char in text)]), data=st.data())
def test_a_non_ASCII_digit_in_any_move_is_refused(move: str, data: st.DataObject) -> None:
    at = data.draw(st.sampled_from([at for at, char in enumerate(move) if char.isdigit()]), label="at")
    odd = move[:at] + data.draw(ODD_DIGITS, label="digit") + move[at + 1 :]
    refused(lambda: parse_match_move(odd), ParseError)
    if not odd.startswith("x"):
        refused(lambda: parse_move(odd), ParseError)
    refused(lambda: loads(f'[Players "5"]\n[Seed "1"]\n[Rounds "2"]\n\n1. {odd} *\n'), DocumentError)


@given(tag=st.sampled_from(["Players", "Seed", "Dealer", "Rounds", "MoveLimit"]), digit=ODD_DIGITS)
def test_a_non_ASCII_digit_in_a_tag_is_refused(tag: str, digit: str) -> None:
    text = f'[Players "3"]\n[Seed "1"]\n[{tag} "1{digit}"]\n\n*\n'.replace('[Players "3"]\n[Players', "[Players")
    text = text.replace('[Seed "1"]\n[Seed', "[Seed")
    refused(lambda: loads(text), DocumentError)


# --------------------------------------------------------------------------- 2. huge integers

TOO_LONG_SEEDS = st.integers(min_value=MAX_SEED_DIGITS, max_value=MAX_SEED_DIGITS + 3000).map(
    lambda digits: 10**digits
) | st.sampled_from([HUGE, -HUGE, 10**MAX_SEED_DIGITS, -(10**MAX_SEED_DIGITS)])
TOO_LARGE_COUNTS = st.integers(min_value=MAX_COUNT + 1) | st.sampled_from([HUGE, 2**64, 2**53])


def old_shuffle(seed: int) -> tuple[Rank, ...]:
    """The shuffle as it was written before seeds were bounded (``%d`` of the seed)."""
    words = struct.unpack("<71Q", hashlib.shake_256(b"eighthalf-deck-v1:%d" % seed).digest(568))
    deck = list(DECK)
    for i, word in zip(range(71, 0, -1), words, strict=True):
        j = (word * (i + 1)) >> 64
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@given(
    st.integers()
    | st.integers(min_value=1, max_value=MAX_SEED_DIGITS).map(lambda digits: 10**digits - 1)
    | st.integers(min_value=1, max_value=MAX_SEED_DIGITS).map(lambda digits: -(10 ** (digits - 1)) - 12345)
)
@settings(max_examples=60)
def test_every_seed_that_shuffled_before_deals_the_same_deck(seed: int) -> None:
    assert shuffled_deck(seed) == old_shuffle(seed)
    assert seed_bytes(seed) == b"%d" % seed


def test_the_shuffle_does_not_depend_on_the_int_to_text_limit() -> None:
    seed = 10**MAX_SEED_DIGITS - 1
    expected = shuffled_deck(seed)
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        assert shuffled_deck(seed) == expected
        assert round_seed(seed, 3) == round_seed(seed, 3)
        assert loads(dumps(Record(players=2, seed=seed))).seed == seed
    finally:
        sys.set_int_max_str_digits(before)


@given(seed=TOO_LONG_SEEDS)
@settings(max_examples=20)
def test_a_seed_beyond_4300_digits_is_refused_everywhere(seed: int) -> None:
    for call in (
        lambda: shuffled_deck(seed),
        lambda: new_game(2, seed=seed),
        lambda: new_match(2, seed=seed),
        lambda: round_seed(seed, 0),
        lambda: Record(players=2, seed=seed),
        lambda: from_data({**to_data(MATCH), "seed": seed}),
        lambda: from_data({**to_data(RECORD), "seed": seed}),
    ):
        refused(call, EighthalfError)


@given(number=TOO_LARGE_COUNTS, negative=st.booleans())
@settings(max_examples=20)
def test_a_count_beyond_2_53_is_refused_everywhere(number: int, negative: bool) -> None:
    value = -number if negative else number
    state = to_data(STATE)
    good = '[Players "2"]\n[Seed "1"]\n\n*\n'
    for call in (
        lambda: Rules(move_limit=value),
        lambda: Rules(min_players=value),
        lambda: Rules(max_players=value),
        lambda: new_match(2, rounds=value),
        lambda: round_seed(1, value),
        lambda: new_game(value),
        lambda: new_game(2, dealer=value),
        lambda: position(STATE.seats, to_move=STATE.to_move, opening=STATE.opening, move_number=value),
        lambda: position(STATE.seats, to_move=value),
        lambda: HandPlay(Rank.ONE, value),
        lambda: BlindPlay(value),
        lambda: Exchange(Rank.ONE, value, Rank.TWO),
        lambda: view(STATE, value),
        lambda: Record(players=value, seed=1),
        lambda: Record(players=2, seed=1, rounds=value),
        lambda: Record(players=2, seed=1, dealer=value),
        lambda: RECORD.prefix(value),
        lambda: from_data({**state, "move_number": value}),
        lambda: from_data({**state, "to_move": value}),
        lambda: from_data({**to_data(MATCH), "rounds": value}),
        lambda: from_data({**to_data(Rules()), "move_limit": value}),
        lambda: from_data({**to_data(RECORD), "rounds": value}),
        lambda: loads(good.replace("\n\n", f'\n[MoveLimit "{seed_bytes(value).decode()}"]\n\n')),
        lambda: loads(good.replace("\n\n", f'\n[Rounds "{seed_bytes(value).decode()}"]\n\n')),
        lambda: loads(good.replace("*\n", f"{seed_bytes(value).decode()}. 2 *\n")),
    ):
        try:
            call()
        except IndexError:  # view() of an int that is not a seat, as documented
            continue
        except EighthalfError as error:
            bounded(error)
            continue
        raise AssertionError(f"{value} was accepted")


# --------------------------------------------------------------------------- 3. wrong types

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.integers(),
    st.sampled_from([HUGE, -HUGE, 2**64, -1]),
    st.text(max_size=10),
    st.just("x" * 100_000),
    st.binary(max_size=5),
    st.lists(st.integers() | st.text(max_size=3), max_size=4),
    st.lists(st.lists(st.integers(), max_size=3), max_size=3),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.integers(min_value=1, max_value=3000).map(nested),
    st.builds(object),
    st.sampled_from([Rank.ONE, Rules(), STATE, SEEN, MATCH, RECORD, DECLINE, EVENTS[0], random.Random(1)]),
)


def _no_big(value: object) -> bool:
    return not (type(value) is int and value > 50)


def _record_with(field: str) -> Callable[[Any], object]:
    """Make a record of 3 seats and seed 1 with ``field`` set to the value."""
    return lambda value: Record(**{"players": 3, "seed": 1, field: value})


ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "new_game(players)": lambda v: new_game(v),
    "new_game(seed)": lambda v: new_game(2, seed=v),
    "new_game(rules)": lambda v: new_game(2, rules=v),
    "new_game(dealer)": lambda v: new_game(2, dealer=v),
    "new_match(players)": lambda v: new_match(v),
    "new_match(rounds)": lambda v: new_match(2, rounds=v),
    "new_match(seed)": lambda v: new_match(2, seed=v),
    "new_match(rules)": lambda v: new_match(2, rules=v),
    "new_match(dealer)": lambda v: new_match(2, dealer=v),
    "shuffled_deck(seed)": lambda v: shuffled_deck(v),
    "round_seed(seed)": lambda v: round_seed(v, 0),
    "round_seed(index)": lambda v: round_seed(1, v),
    "Rules(min_players)": lambda v: Rules(min_players=v),
    "Rules(max_players)": lambda v: Rules(max_players=v),
    "Rules(move_limit)": lambda v: Rules(move_limit=v),
    "HandPlay(rank)": lambda v: HandPlay(v),
    "HandPlay(count)": lambda v: HandPlay(Rank.ONE, v),
    "OpenPlay(rank)": lambda v: OpenPlay(v),
    "BlindPlay(position)": lambda v: BlindPlay(v),
    "Exchange(own)": lambda v: Exchange(v, 1, Rank.ONE),
    "Exchange(loser)": lambda v: Exchange(Rank.TWO, v, Rank.ONE),
    "Exchange(theirs)": lambda v: Exchange(Rank.TWO, 1, v),
    "parse_move": lambda v: parse_move(v),
    "parse_match_move": lambda v: parse_match_move(v),
    "Rank.from_symbol": lambda v: Rank.from_symbol(v),
    "position(seats)": lambda v: position(v, to_move=0),
    "position(seat)": lambda v: position([v, *STATE.seats[1:]], to_move=STATE.to_move),
    "position(to_move)": lambda v: position(STATE.seats, to_move=v, opening=STATE.opening),
    "position(pile)": lambda v: position(STATE.seats, to_move=STATE.to_move, pile=v),
    "position(rules)": lambda v: position(STATE.seats, to_move=STATE.to_move, opening=STATE.opening, rules=v),
    "position(move_number)": lambda v: position(STATE.seats, to_move=STATE.to_move, move_number=v),
    "position(opening)": lambda v: position(STATE.seats, to_move=STATE.to_move, opening=v),
    "position(over)": lambda v: position(STATE.seats, to_move=STATE.to_move, opening=STATE.opening, over=v),
    "position(winner)": lambda v: position(STATE.seats, to_move=STATE.to_move, over=True, winner=v),
    "rest_of_deck": lambda v: rest_of_deck(v),
    "view(state)": lambda v: view(v, 0),
    "view(seat)": lambda v: view(STATE, v),
    "view_match(match)": lambda v: view_match(v, 0),
    "view_match(seat)": lambda v: view_match(MATCH, v),
    "unseen_cards": lambda v: unseen_cards(v),
    "sample_state(seen)": lambda v: sample_state(v, random.Random(1)),
    "sample_state(rng)": lambda v: sample_state(SEEN, v),
    "apply_with_events(state)": lambda v: apply_with_events(v, parse_move("2")),
    "apply_with_events(move)": lambda v: apply_with_events(STATE, v),
    "events_for(events)": lambda v: events_for(v, 0),
    "events_for(seat)": lambda v: events_for(EVENTS, v),
    "narrate(events)": lambda v: narrate(v),
    "narrate(names)": lambda v: narrate(EVENTS, v),
    "Match.apply": lambda v: MATCH.apply(v),
    **{
        f"Record({field})": _record_with(field)
        for field in ("players", "seed", "deck", "dealer", "rules", "rounds", "moves", "result", "comments", "tags")
    },
    "Record(comment)": lambda v: Record(players=3, seed=1, comments=((0, v),)),
    "Record(tag)": lambda v: Record(players=3, seed=1, tags=(("Name", v),)),
    "Record.cut": lambda v: RECORD.prefix(v),
    "Record.played": lambda v: RECORD.played(v),
    "records.dumps": lambda v: dumps(v),
    "records.loads": lambda v: loads(v),
    "replay": lambda v: list(replay(v)),
    "result_of": lambda v: result_of(v),
    "check_result": lambda v: check_result(v, 2, None),
    "from_data": lambda v: from_data(v),
    "from_data(field)": lambda v: from_data({**to_data(STATE), "pile": v}),
    "serialization.loads": lambda v: documents.loads(v),
    "serialization.dumps(indent)": lambda v: documents.dumps(STATE, indent=v),
    "seed_bytes": lambda v: seed_bytes(v),
    "check_seed": lambda v: check_seed(v),
    "check_table(players)": lambda v: check_table(v, Rules(), None),
    "check_table(rules)": lambda v: check_table(2, v, None),
    "check_table(dealer)": lambda v: check_table(2, Rules(), v),
    "hidden_variants(state)": lambda v: list(hidden_variants(v, 0, random.Random(1), 1)),
    "hidden_variants(seat)": lambda v: list(hidden_variants(STATE, v, random.Random(1), 1)),
    "hidden_variants(rng)": lambda v: list(hidden_variants(STATE, 0, v, 1)),
    "hidden_variants(count)": lambda v: list(itertools.islice(hidden_variants(STATE, 0, random.Random(1), v), 2)),
    "assert_no_leaks(render)": lambda v: assert_no_leaks(STATE, 0, v, rng=random.Random(1), variants=1),
    "assert_no_leaks(variants)": lambda v: assert_no_leaks(
        STATE, 0, lambda s, seat: 0, rng=random.Random(1), variants=v if _no_big(v) else 0
    ),
}
"""Every public entry point of the formats and the core, with one argument left open."""

SEAT_ARGUMENTS = {"view(seat)", "view_match(seat)", "hidden_variants(seat)"}


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@given(value=ODD_VALUES)
@settings(max_examples=25)
def test_any_argument_gives_a_result_or_a_library_error(name: str, value: object) -> None:
    try:
        ENTRY_POINTS[name](value)
    except IndexError:
        assert name in SEAT_ARGUMENTS and type(value) is int, "IndexError only for a seat out of range"
    except EighthalfError as error:
        bounded(error)


# --------------------------------------------------------------------------- 4. record text


@st.composite
def records(draw: st.DrawFn) -> Record:
    """Any record that can be made: moves need not be legal, and any text goes."""
    low = draw(st.integers(min_value=2, max_value=8))
    high = draw(st.integers(min_value=low, max_value=8))
    rules = draw(st.just(Rules()) | st.builds(Rules, min_players=st.just(low), max_players=st.just(high)))
    rules = Rules(
        min_players=rules.min_players,
        max_players=rules.max_players,
        move_limit=draw(st.none() | st.integers(min_value=1, max_value=MAX_COUNT)),
    )
    players = draw(st.integers(min_value=rules.min_players, max_value=rules.max_players))
    match = draw(st.booleans())
    seeds = st.integers() | st.sampled_from([10**MAX_SEED_DIGITS - 1, -(10**MAX_SEED_DIGITS) + 1])
    if match:
        seed, deck = draw(seeds), None
        rounds: int | None = draw(st.integers(min_value=1, max_value=5) | st.just(MAX_COUNT))
    elif draw(st.booleans()):
        seed, deck, rounds = draw(seeds), None, None
    else:
        seed, deck, rounds = None, tuple(draw(st.permutations(DECK))), None
    pool = [move for move in _MOVE_OF.values() if not isinstance(move, Exchange) or move.loser < players]
    if not match:
        pool = [move for move in pool if not isinstance(move, Exchange) and move is not DECLINE]
    moves = tuple(draw(st.lists(st.sampled_from(pool), max_size=12)))
    result = draw(st.just("*") | results(players, rounds))
    texts = st.text() | st.text(st.sampled_from('\\{}"[]\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029 uU0a.*'))
    numbers = st.integers(min_value=0, max_value=len(moves))
    comments = tuple(sorted(draw(st.lists(st.tuples(numbers, texts), max_size=4)), key=lambda pair: pair[0]))
    names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,6}", fullmatch=True).filter(
        lambda name: name not in ("Game", "Players", "Dealer", "Seed", "Deck", "Rounds", "MoveLimit", "Result", "Seats")
    )
    tags = draw(st.lists(st.tuples(names, texts), max_size=3, unique_by=lambda pair: pair[0]))
    dealer = draw(st.none() | st.integers(min_value=0, max_value=players - 1))
    return Record(
        players=players,
        seed=seed,
        deck=deck,
        dealer=dealer,
        rules=rules,
        rounds=rounds,
        moves=moves,
        result=result,
        comments=comments,
        tags=tuple(tags),
    )


@st.composite
def results(draw: st.DrawFn, players: int, rounds: int | None) -> str:
    """A valid finished result (E6 for a round, M1 for a match)."""
    if rounds is None:
        if draw(st.booleans()):
            return "-: " + "-".join(["0"] * players)
        winner = draw(st.integers(min_value=0, max_value=players - 1))
        lowest = draw(st.sets(st.integers(min_value=0, max_value=players - 1), min_size=1))
        points = [2 * (seat == winner) + (seat in lowest) for seat in range(players)]
        return f"{winner}: " + "-".join(map(str, points))
    totals = draw(
        st.lists(st.integers(min_value=0, max_value=3 * min(rounds, 10**6)), min_size=players, max_size=players)
    )
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    return ",".join(map(str, winners)) + ": " + "-".join(map(str, totals))


@given(records())
@settings(max_examples=150)
def test_every_record_that_can_be_made_round_trips(record: Record) -> None:
    text = dumps(record)
    assert loads(text) == record
    assert loads(text.replace("\n", "\r\n")) == record  # saved with Windows line ends
    assert from_data(to_data(record)) == record
    assert documents.loads(documents.dumps(record)) == record


@given(records())
@settings(max_examples=50)
def test_a_record_made_from_lists_equals_one_made_from_tuples(record: Record) -> None:
    listed = Record(
        players=record.players,
        seed=record.seed,
        deck=None if record.deck is None else list(record.deck),
        dealer=record.dealer,
        rules=record.rules,
        rounds=record.rounds,
        moves=list(record.moves),
        result=record.result,
        comments=cast(Any, [list(pair) for pair in record.comments]),  # as JSON gives them
        tags=cast(Any, [list(pair) for pair in record.tags]),
    )
    assert listed == record


def test_comments_out_of_order_are_refused_not_reordered() -> None:
    error = refused(
        lambda: Record(players=2, seed=1, moves=(HandPlay(Rank.TWO),), comments=((1, "b"), (0, "a"))), DocumentError
    )
    assert error.path == "$.comments[1][0]"


# --------------------------------------------------------------------------- 5. record results

RESULT_TEXT = st.text(st.sampled_from("0123456789-:, *²x"), max_size=12) | st.builds(
    lambda head, tail: f"{head}: {tail}",
    st.text(st.sampled_from("0123-,"), max_size=4),
    st.text(st.sampled_from("0123-"), max_size=8),
)


@given(result=RESULT_TEXT, players=st.integers(min_value=2, max_value=4), match=st.booleans())
@settings(max_examples=300)
def test_text_and_documents_accept_the_same_results(result: str, players: int, match: bool) -> None:
    rounds = 2 if match else None
    text = f'[Players "{players}"]\n[Seed "1"]\n' + ('[Rounds "2"]\n' if match else "") + f'[Result "{result}"]\n\n'
    outcomes: list[object] = []
    makers: tuple[Callable[[], object], ...] = (
        lambda: Record(players=players, seed=1, rounds=rounds, result=result),
        lambda: loads(text + result + "\n"),
        lambda: from_data({**to_data(Record(players=players, seed=1, rounds=rounds)), "result": result}),
    )
    for make in makers:
        try:
            outcomes.append(make())
        except DocumentError as error:
            bounded(error)
            outcomes.append(None)
    assert outcomes[0] == outcomes[1] == outcomes[2], outcomes
    assert (outcomes[0] is not None) == (result == "*" or check_result_ok(result, players, rounds))


def check_result_ok(result: str, players: int, rounds: int | None) -> bool:
    try:
        check_result(result, players, rounds)
    except DocumentError:
        return False
    return True


@pytest.mark.parametrize("players", [2, 3, 5])
def test_E6_every_finished_round_has_a_valid_result(players: int) -> None:
    rng = random.Random(players)
    for seed in range(12):
        state = new_game(players, seed=seed, rules=Rules(move_limit=rng.choice([None, 30, 60])))
        while not state.over and state.move_number < 3000:
            state = apply(state, rng.choice(legal_moves(state)))
        assert check_result(result_of(state), players, None) == result_of(state)


def test_M1_every_finished_match_has_a_valid_result() -> None:
    rng = random.Random(5)
    for seed in range(4):
        match = new_match(3, seed=seed, rounds=2, rules=Rules(move_limit=200))
        while not match.over:
            match = match.apply(rng.choice(match.legal_moves()))
        assert check_result(result_of(match), 3, 2) == result_of(match)


# --------------------------------------------------------------------------- 6. messages and nesting

GOOD_TEXT = dumps(
    Record(players=3, seed=1, moves=(HandPlay(Rank.TWO),), comments=((1, "a {note}"),), tags=(("Names", "A,B,C"),))
)
GOOD_JSON = documents.dumps(STATE)


@given(st.text(max_size=300) | st.text(st.sampled_from('[]"{}\\\n\r .:-*xobcdHG0123456789²٣½'), max_size=300))
@settings(max_examples=200)
def test_every_parser_fed_any_text_raises_only_library_errors(text: str) -> None:
    for parse in (parse_move, parse_match_move, Rank.from_symbol, loads, documents.loads):
        try:
            parse(text)
        except EighthalfError as error:
            bounded(error)


@given(data=st.data(), junk=st.text(max_size=50) | st.just("9" * 5000) | st.just("x" * 100_000))
@settings(max_examples=200)
def test_mutated_records_and_documents_raise_only_library_errors(data: st.DataObject, junk: str) -> None:
    for good, parse in ((GOOD_TEXT, loads), (GOOD_JSON, documents.loads)):
        start = data.draw(st.integers(min_value=0, max_value=len(good)), label="start")
        end = data.draw(st.integers(min_value=start, max_value=min(len(good), start + 20)), label="end")
        try:
            parse(good[:start] + junk + good[end:])
        except EighthalfError as error:
            bounded(error)


DOCUMENTS = [to_data(Rules()), to_data(STATE), to_data(SEEN), to_data(MATCH), to_data(RECORD), to_data(EVENTS[0])]


@given(
    document=st.sampled_from(DOCUMENTS),
    data=st.data(),
    depth=st.integers(min_value=1, max_value=20_000),
    kind=st.sampled_from([list, dict]),
)
@settings(max_examples=60)
def test_nesting_of_any_depth_in_any_field_is_a_DocumentError(
    document: dict[str, Any], data: st.DataObject, depth: int, kind: type
) -> None:
    key = data.draw(st.sampled_from(sorted(document)), label="key")
    with pytest.raises(DocumentError) as info:
        from_data({**document, key: nested(depth, kind)})
    bounded(info.value)
    with pytest.raises(DocumentError) as info:
        documents.loads("[" * depth + "]" * depth)
    bounded(info.value)


def _every_event() -> list[object]:
    """One event of every type, from a seeded match played at random."""
    found: dict[str, object] = {}
    rng = random.Random(3)
    match = new_match(3, seed=3, rounds=3, rules=Rules(move_limit=300))
    while not match.over:
        match, happened = match.apply_with_events(rng.choice(match.legal_moves()))
        for event in happened:
            found.setdefault(type(event).__name__, event)
    return list(found.values())


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in a document (the first item of each list only)."""
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*path, key)))
    elif isinstance(value, list) and value:
        out.extend(_paths(value[0], (*path, 0)))
    return out


def _replaced(document: Any, path: tuple[Any, ...], value: object) -> Any:
    if not path:
        return value
    copy: Any = dict(document) if isinstance(document, dict) else list(document)
    copy[path[0]] = _replaced(document[path[0]], path[1:], value)
    return copy


LONG_VALUES = [
    "x" * 50_000,
    "x729" * 10_000,
    list(range(50_000)),
    [0] * 50_000,
    ["x729"] * 50_000,
    [[0, "H"]] * 50_000,
    10**6000,
]
EVERY_DOCUMENT = [*DOCUMENTS, to_data(view_match(MATCH, 1)), *(to_data(cast(Any, event)) for event in _every_event())]


@pytest.mark.parametrize("document", EVERY_DOCUMENT, ids=[document["type"] for document in EVERY_DOCUMENT])
def test_a_long_value_anywhere_in_a_document_gives_a_short_message(document: dict[str, Any]) -> None:
    assert len(EVERY_DOCUMENT) >= 18  # every type of document, every type of event
    for path in _paths(document):
        for value in LONG_VALUES:
            try:
                from_data(_replaced(document, path, value))
            except DocumentError as error:
                bounded(error)
    with pytest.raises(DocumentError) as info:
        from_data({**document, "k" * 100_000: 1})
    bounded(info.value)


def test_illegal_move_errors_quote_their_move_briefly() -> None:
    error = refused(lambda: MATCH.apply(cast(Any, "x" * 10**6)), IllegalMoveError)
    assert isinstance(error, NotAMoveError) and error.rule == ""
    refused(lambda: apply_with_events(STATE, cast(Any, nested(5000))), IllegalMoveError)


@pytest.mark.parametrize("halves", [-1, -18, -(2**70)])
def test_call_text_refuses_what_is_not_a_call(halves: int) -> None:
    """It used to say ``-1½`` for ``-1`` (and, in the pure build, ``½`` for ``1.5``, which
    the compiled build refuses at the call as a TypeError)."""
    with pytest.raises(InvalidStateError, match=r"^a call is a whole number of half points from 0, not "):
        call_text(halves)
    assert (call_text(0), call_text(1), call_text(19), call_text(40)) == ("0", "½", "9½", "20")
