"""The conformance suite of the game protocol: every game object passes the same checks.

The checks are written once against :class:`~eighthalf.core.game.Game` and run over
every case of ``tests/game_cases.py`` (8½'s round, its match of 6 and of 2 rounds,
Eights): purity, determinism, card conservation, legal moves against ``apply``, the end,
the events, views and events that leak nothing (:mod:`eighthalf.testing`), the views'
legal moves (what every bot reads), the sampler,
move text, documents, records, rules tags, and the library's bounded errors on junk.
Seeded random play covers whole games; Hypothesis reaches states by drawn picks. A third
game gets all of it by adding a case.

Where a game fails a check today in a module this suite does not own, the check is an
expected failure for that game only (:data:`KNOWN_DEFECTS`), with the defect named; it
passes as soon as the defect is fixed.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from game_cases import CASES, Case, Play, play
from hypothesis import given
from hypothesis import strategies as st

from eighthalf.core.game import Result, apply_with_events, is_legal, play_out, result_text
from eighthalf.core.i18n import DEFAULT_LOCALE, LOCALES
from eighthalf.errors import DocumentError, IllegalMoveError, InvalidStateError, ParseError
from eighthalf.formats.replay import replay_states
from eighthalf.testing import assert_events_hide, assert_no_leaks

MESSAGE_LIMIT = 300
"""The longest error message allowed for any input."""

KNOWN_DEFECTS: dict[tuple[str, str], str] = {}
"""The checks a game fails today, by case id and member, with the defect (in a module the
suite does not own)."""

IDS = [case.id for case in CASES]


def _deep(depth: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


JUNK: tuple[object, ...] = ("x" * 10**6, 10**5000, _deep(100_000), None, 1.5, b"4", object(), ["4"], {"a": 1})
"""Inputs no member takes: huge text, a huge integer, deep nesting, wrong types."""

JUNK_TEXT: tuple[str, ...] = (
    "x" * 10**6,
    "[" * 100_000,
    "1" * 5_000,
    "-" + "9" * 5_000,
    '"' + "x" * 10**6 + '"',
    '{"a":' * 50_000,
    "1e999",
    "",
    "\x00\ud800",
)
"""Texts that no parser reads: long, deeply nested, huge numbers, odd characters."""


# --------------------------------------------------------------------------- helpers


def plays(case: Case) -> Iterator[Play]:
    """The seeded games of ``case``: each player count, ``case.games`` seeds in all."""
    for index in range(case.games):
        yield play(case, case.players[index % len(case.players)], 1000 + index)


def sampled(case: Case, every: int = 1) -> Iterator[tuple[Play, int]]:
    """``(game, index)`` of every ``every``-th state of the seeded games (each last state too)."""
    for game in plays(case):
        last = len(game.states) - 1
        for index in range(last + 1):
            if index % every == 0 or index == last:
                yield game, index


def seats(players: int) -> list[int | None]:
    """Every seat, and ``None`` for a spectator."""
    return [*range(players), None]


def refused(
    case: Case, member: str, errors: type[Exception], call: Callable[..., object], *args: Any, **kwargs: Any
) -> None:
    """``call(*args, **kwargs)`` raises ``errors`` with a bounded message, or the check is
    a known defect of ``case`` (then the test is an expected failure)."""
    try:
        call(*args, **kwargs)
    except errors as error:
        if len(str(error)) <= MESSAGE_LIMIT:
            return
        problem = f"a message of {len(str(error)):,} characters: {str(error)[:100]!r}"
    except (Exception, RecursionError) as error:
        problem = f"{type(error).__name__}: {str(error)[:100]}"
    else:
        problem = "no error"
    defect = KNOWN_DEFECTS.get((case.id, member))
    if defect is not None:
        pytest.xfail(defect)
    pytest.fail(f"{case.id}: {member}: expected {errors.__name__} in at most {MESSAGE_LIMIT} characters, got {problem}")


@pytest.fixture(params=CASES, ids=IDS)
def case(request: pytest.FixtureRequest) -> Case:
    """Each game object's case."""
    chosen: Case = request.param
    return chosen


# --------------------------------------------------------------------------- the protocol


MEMBERS = (
    "name",
    "default_rules",
    "player_counts",
    "start",
    "to_move",
    "legal_moves",
    "apply",
    "apply_unchecked",
    "describe",
    "events_for",
    "view",
    "sample_state",
    "result",
    "move_text",
    "parse_move",
    "narrate",
    "rules_tags",
    "rules_from_tags",
)


def test_every_game_object_has_every_member(case: Case) -> None:
    """The static check is mypy's (``tests/game_cases.py`` annotates each object as a
    ``Game``); this is its echo at run time, with the bots and the default rules."""
    game = case.game
    missing = [name for name in MEMBERS if not hasattr(game, name)]
    assert not missing
    assert type(game.name) is str and game.name
    assert list(case.players) == [n for n in case.players if n in game.player_counts(game.default_rules)]
    assert game.rules_tags(game.default_rules) == ()
    assert case.bots and all(callable(factory) for factory in case.bots.values())
    for name, factory in case.bots.items():
        assert factory() is not None, name


def test_player_counts_are_what_start_takes(case: Case) -> None:
    game = case.game
    counts = game.player_counts(game.default_rules)
    for players in counts:
        game.start(players, seed=1)
    for players in (counts.start - 1, counts.stop):
        with pytest.raises(InvalidStateError):
            game.start(players, seed=1)


# --------------------------------------------------------------------------- seeded play


def test_determinism_same_seed_and_moves_same_states_and_documents(case: Case) -> None:
    game = case.game
    documents = case.documents
    for played in plays(case):
        state = game.start(played.players, seed=played.seed, rules=case.play_rules)
        assert state == played.states[0]
        for at, move in enumerate(played.moves):
            state = game.apply(state, move)
            expected = played.states[at + 1]
            assert state == expected
            if at % 7 == 0:
                assert documents.dumps(state) == documents.dumps(expected)
                for seat in seats(played.players):
                    assert documents.dumps(game.view(state, seat)) == documents.dumps(game.view(expected, seat))


def test_purity_inputs_unchanged_and_equal_results(case: Case) -> None:
    game = case.game
    documents = case.documents
    rng_seed = 0
    for played, at in sampled(case, every=9):
        state = played.states[at]
        snapshot, twin = documents.dumps(state), copy.deepcopy(state)
        moves = game.legal_moves(state)
        assert game.legal_moves(twin) == moves
        assert game.to_move(twin) == game.to_move(state)
        assert game.result(twin) == game.result(state)
        for seat in seats(played.players):
            seen = game.view(state, seat)
            assert game.view(twin, seat) == seen
            rng_seed += 1
            first = game.sample_state(seen, random.Random(rng_seed))
            assert game.sample_state(copy.deepcopy(seen), random.Random(rng_seed)) == first
        for move in moves:
            after = game.apply(state, move)
            assert game.apply(twin, copy.deepcopy(move)) == after
            assert game.apply_unchecked(twin, move) == after
            events = game.describe(state, move, after)
            assert game.describe(twin, move, copy.deepcopy(after)) == events
            for seat in seats(played.players):
                assert game.events_for(events, seat) == game.events_for(copy.deepcopy(events), seat)
            assert game.narrate(events) == game.narrate(copy.deepcopy(events))
        assert documents.dumps(state) == snapshot
        assert state == twin


def test_cards_are_conserved(case: Case) -> None:
    for played, at in sampled(case):
        cards = case.cards(played.states[at])
        assert cards == case.deck, f"move {at}: {cards - case.deck} extra, {case.deck - cards} missing"


def test_every_legal_move_is_applied_as_unchecked(case: Case) -> None:
    game = case.game
    for played, at in sampled(case, every=3):
        state = played.states[at]
        for move in game.legal_moves(state):
            assert is_legal(game, state, move)
            assert game.apply(state, move) == game.apply_unchecked(state, move)


def test_moves_not_legal_are_refused(case: Case) -> None:
    game = case.game
    others = {move for played in plays(case) for move in played.moves}
    foreign = {move for other in CASES if other.game.name != game.name for move in play(other, 2, 1).moves[:40]}
    for played, at in sampled(case, every=11):
        state = played.states[at]
        legal = set(game.legal_moves(state))
        for move in sorted(others - legal, key=repr)[:60] + sorted(foreign, key=repr)[:20]:
            assert not is_legal(game, state, move)
            with pytest.raises(IllegalMoveError) as error:
                game.apply(state, move)
            assert len(str(error.value)) <= MESSAGE_LIMIT


def test_the_end_no_seat_to_move_exactly_when_there_is_a_result(case: Case) -> None:
    game = case.game
    for played, at in sampled(case):
        state = played.states[at]
        result = game.result(state)
        if game.to_move(state) is None:
            assert result is not None and game.legal_moves(state) == ()
            assert at == len(played.moves)
            assert type(result) is Result and len(result.scores) == played.players
            assert all(0 <= seat < played.players for seat in result.winners)
            assert list(result.winners) == sorted(set(result.winners))
            assert result_text(game, state) == result.text
        else:
            assert result is None and game.legal_moves(state)
            assert 0 <= (game.to_move(state) or 0) < played.players
            assert result_text(game, state) == "*"
    first = play(case, case.players[0], 1000)
    rng = random.Random(1000)  # the seeded game's own choices: play_out ends where it ended
    last = play_out(game, first.states[0], lambda state, moves: rng.choice(moves))
    assert last == first.states[-1]


def test_describe_is_what_the_game_s_own_apply_with_events_reports(case: Case) -> None:
    game = case.game
    for played, at in sampled(case, every=2):
        state = played.states[at]
        for move in game.legal_moves(state):
            after, events = case.apply_with_events(state, move)
            assert apply_with_events(game, state, move) == (after, events)
            assert game.describe(state, move, after) == events
            assert game.narrate(events, [f"P{seat}" for seat in range(played.players)])


def test_narration_in_each_language_the_game_lists(case: Case) -> None:
    """A game tells a whole game's events in each language its entry lists (as many lines as
    in English, none left English) and any other supported language in English; the
    languages it lacks are said in one line (a skip) once the others pass."""
    game = case.game
    declared = case.entry.locales
    assert DEFAULT_LOCALE in declared and set(declared) <= set(LOCALES)
    played = play(case, case.players[0], 1000)
    names = [f"P{seat}" for seat in range(played.players)]
    events = [
        event
        for before, move, after in zip(played.states, played.moves, played.states[1:], strict=False)
        for event in game.describe(before, move, after)
    ]
    english = game.narrate(events, names)
    assert english and game.narrate(events, names, DEFAULT_LOCALE) == english
    for locale in LOCALES:
        told = game.narrate(events, names, locale)
        if locale == DEFAULT_LOCALE or locale not in declared:
            assert told == english, locale
        else:
            assert len(told) == len(english) and not set(told) & set(english), locale
            assert game.narrate(events, names, f"{locale}-BE") == told
    missing = [locale for locale in LOCALES if locale not in declared]
    if missing:
        pytest.skip(f"{game.name} narrates in {', '.join(declared)} only: {', '.join(missing)} told in English")


def test_views_leak_nothing(case: Case) -> None:
    game = case.game
    documents = case.documents
    rng = random.Random(5)
    for played, at in sampled(case, every=7):
        state = played.states[at]
        for seat in seats(played.players):
            assert_no_leaks(state, seat, game.view, rng=rng, variants=3, game=game)
            assert_no_leaks(
                state, seat, lambda s, who: documents.dumps(game.view(s, who)), rng=rng, variants=2, game=game
            )


def test_events_leak_nothing_to_the_seats_that_did_not_move(case: Case) -> None:
    game = case.game
    rng = random.Random(6)
    compared = 0
    for played, at in sampled(case, every=2):
        if at == len(played.moves):
            continue
        state, move = played.states[at], played.moves[at]
        mover = game.to_move(state)
        for seat in seats(played.players):
            if seat != mover:
                compared += assert_events_hide(game, state, move, seat, rng=rng, variants=2)
    assert compared > 100  # the samples did fit: something was proved


def test_a_view_lists_its_viewer_s_legal_moves(case: Case) -> None:
    """How every bot learns its moves (the generic bots of eighthalf.players.bots included):
    ``view(state, seat).legal_moves()`` is ``legal_moves(state)`` for the seat to move, else ``()``."""
    game = case.game
    for played, at in sampled(case, every=3):
        state = played.states[at]
        mover = game.to_move(state)
        for seat in seats(played.players):
            listed = game.view(state, seat).legal_moves()
            expected = game.legal_moves(state) if seat is not None and seat == mover else ()
            assert listed == expected, f"{case.id}: view(state, {seat}).legal_moves() is not the seat's legal moves"


def test_sample_state_looks_like_the_view_it_was_sampled_from(case: Case) -> None:
    game = case.game
    rng = random.Random(7)
    for played, at in sampled(case, every=5):
        state = played.states[at]
        for seat in seats(played.players):
            seen = game.view(state, seat)
            sample = game.sample_state(seen, rng)
            assert game.view(sample, seat) == seen
            assert case.cards(sample) == case.deck
            assert game.legal_moves(sample) == game.legal_moves(state) or seat != game.to_move(state)


def test_move_text_round_trips(case: Case) -> None:
    game = case.game
    for played, at in sampled(case, every=2):
        for move in game.legal_moves(played.states[at]):
            text = game.move_text(move)
            assert type(text) is str and text
            assert game.parse_move(text) == move


def test_documents_round_trip(case: Case) -> None:
    game = case.game
    documents = case.documents
    written: set[type] = set()
    states_and_views: set[type] = set()  # each must have a document type

    def round_trip(value: object) -> None:
        if type(value) not in documents.by_class:
            return
        written.add(type(value))
        assert documents.from_data(documents.to_data(value)) == value
        assert documents.loads(documents.dumps(value)) == value

    for played, at in sampled(case, every=6):
        state = played.states[at]
        states_and_views.add(type(state))
        round_trip(state)
        round_trip(game.default_rules)
        round_trip(case.play_rules)
        for seat in seats(played.players):
            states_and_views.add(type(game.view(state, seat)))
            round_trip(game.view(state, seat))
        for move in game.legal_moves(state):
            round_trip(move)
        if at < len(played.moves):
            move = played.moves[at]
            events = game.describe(state, move, played.states[at + 1])
            for seat in seats(played.players):
                for event in game.events_for(events, seat):
                    round_trip(event)
    assert states_and_views and states_and_views <= written  # every state and view is written, whatever its class


def test_records_round_trip_and_replay(case: Case) -> None:
    game = case.game
    records = case.records
    for played in plays(case):
        record = case.record(played.players, played.seed, case.play_rules, played.moves).finished()
        assert record.result == result_text(game, played.states[-1])
        assert records.loads(records.dumps(record)) == record
        assert case.documents.loads(case.documents.dumps(record)) == record
        assert list(replay_states(record)) == list(played.states)
        cut = record.cut(len(played.moves) // 2)
        assert records.loads(records.dumps(cut)) == cut
        assert list(replay_states(cut))[-1] == played.states[len(played.moves) // 2]


def test_rules_tags_round_trip(case: Case) -> None:
    game = case.game
    for rules in case.tag_rules:
        tags = game.rules_tags(rules)
        assert all(type(name) is str and type(value) is str for name, value in tags)
        assert game.rules_from_tags(dict(tags)) == rules


# --------------------------------------------------------------------------- junk


JUNK_CHECKS: dict[str, Callable[[Case, Any], None]] = {}


def _junk(member: str) -> Callable[[Callable[[Case, Any], None]], Callable[[Case, Any], None]]:
    def register(check: Callable[[Case, Any], None]) -> Callable[[Case, Any], None]:
        JUNK_CHECKS[member] = check
        return check

    return register


@_junk("parse_move")
def _parse_move(case: Case, state: Any) -> None:
    for text in (*JUNK_TEXT, *JUNK):
        refused(case, "parse_move", ParseError, case.game.parse_move, text)


@_junk("apply")
def _apply(case: Case, state: Any) -> None:
    for move in (*JUNK, *JUNK_TEXT[:3]):
        refused(case, "apply", IllegalMoveError, case.game.apply, state, move)


@_junk("start")
def _start(case: Case, state: Any) -> None:
    for junk in JUNK:
        refused(case, "start", InvalidStateError, case.game.start, junk, seed=1)
        if junk is not None:
            refused(case, "start", InvalidStateError, case.game.start, 3, seed=junk)
            refused(case, "start", InvalidStateError, case.game.start, 3, seed=1, rules=junk)


@_junk("view")
def _view(case: Case, state: Any) -> None:
    for junk in JUNK:
        if junk is not None:
            # an int that is no seat is an IndexError, as the protocol's views document
            wanted = IndexError if type(junk) is int else InvalidStateError
            refused(case, "view", wanted, case.game.view, state, junk)
            refused(case, "view", InvalidStateError, case.game.view, junk, 0)


@_junk("sample_state")
def _sample_state(case: Case, state: Any) -> None:
    for junk in (*JUNK, state):
        refused(case, "sample_state", InvalidStateError, case.game.sample_state, junk, random.Random(1))


@_junk("events_for")
def _events_for(case: Case, state: Any) -> None:
    for junk in (*JUNK[1:3], None, 1.5, [object()], [None]):
        refused(case, "events_for", InvalidStateError, case.game.events_for, junk, 0)


@_junk("documents")
def _documents(case: Case, state: Any) -> None:
    documents = case.documents
    for text in JUNK_TEXT:
        refused(case, "documents", DocumentError, documents.loads, text)
    for junk in JUNK:
        refused(case, "documents", DocumentError, documents.from_data, junk)
        refused(case, "documents", DocumentError, documents.from_data, {**documents.to_data(state), "seed": junk})


@_junk("records")
def _records(case: Case, state: Any) -> None:
    header = f'[Game "{case.game.name}"]\n[Players "2"]\n[Seed "1"]\n[Result "*"]\n\n'
    for text in JUNK_TEXT:
        refused(case, "records", DocumentError, case.records.loads, text)
        if text:
            refused(case, "records", DocumentError, case.records.loads, header + text + " *")
    for junk in JUNK:
        refused(case, "records", DocumentError, case.records.loads, junk)


@_junk("rules_from_tags")
def _rules_from_tags(case: Case, state: Any) -> None:
    game = case.game
    names = {name for rules in case.tag_rules for name, _ in game.rules_tags(rules)}
    for name in sorted(names):
        for junk in (*JUNK_TEXT, *JUNK):
            refused(case, "rules_from_tags", DocumentError, game.rules_from_tags, {name: junk})


@pytest.mark.parametrize("member", sorted(JUNK_CHECKS))
def test_junk_is_refused_with_a_bounded_library_error(case: Case, member: str) -> None:
    """Every member refuses junk with the error it documents (an ``EighthalfError``), in at
    most 300 characters: never a TypeError, a RecursionError or a bare ValueError."""
    state = play(case, case.players[0], 1000).states[5]
    JUNK_CHECKS[member](case, state)


# --------------------------------------------------------------------------- Hypothesis


@st.composite
def reached(draw: st.DrawFn, case: Case) -> tuple[Any, Any, int]:
    """A state of ``case`` reached by drawn picks, then a drawn seed for the rest; the move
    before it (or ``None``) and the number of players."""
    game = case.game
    players = draw(st.sampled_from(case.players))
    state = game.start(players, seed=draw(st.integers(0, 2**64)), rules=case.play_rules)
    picks = draw(st.lists(st.integers(0, 2**16), max_size=30))
    rng = random.Random(draw(st.integers(0, 2**32)))
    length = draw(st.integers(0, 400))
    previous = None
    for at in range(length):
        moves = game.legal_moves(state)
        if not moves:
            break
        move = moves[picks[at] % len(moves)] if at < len(picks) else rng.choice(moves)
        previous = (state, move)
        state = game.apply(state, move)
    return state, previous, players


@pytest.mark.parametrize("case", CASES, ids=IDS)
@given(data=st.data())
def test_reached_states_conform(case: Case, data: st.DataObject) -> None:
    """What seeded play checks, at states Hypothesis reaches (and shrinks)."""
    game = case.game
    state, previous, players = data.draw(reached(case))
    rng = random.Random(0)
    assert case.cards(state) == case.deck
    moves = game.legal_moves(state)
    assert (game.to_move(state) is None) == (game.result(state) is not None) == (moves == ())
    for move in moves:
        after = game.apply(state, move)
        assert game.apply_unchecked(state, move) == after
        assert game.parse_move(game.move_text(move)) == move
        assert game.describe(state, move, after) == case.apply_with_events(state, move)[1]
    documents = case.documents
    assert documents.loads(documents.dumps(state)) == state
    for seat in seats(players):
        seen = game.view(state, seat)
        assert documents.loads(documents.dumps(seen)) == seen
        assert game.view(game.sample_state(seen, rng), seat) == seen
        assert_no_leaks(state, seat, game.view, rng=rng, variants=2, game=game)
    if previous is not None:
        before, move = previous
        for seat in seats(players):
            if seat != game.to_move(before):
                assert_events_hide(game, before, move, seat, rng=rng, variants=2)
