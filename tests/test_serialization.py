"""JSON documents (eighthalf.serialization): exact round trips, the corpus of bad
documents in ``tests/data/bad`` and fuzzing of good documents.

The corpus: every ``*.json`` file there is one bad document (the text as read from
disk, malformed JSON included), and ``index.json`` gives for each file the JSON path
that the :class:`~eighthalf.DocumentError` must name and a fragment of its message.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import ALL_MOVES, Round, revalidate, rounds
from strategies import rules as rules_strategy

from eighthalf import (
    RANKS,
    DocumentError,
    GameState,
    HandPlay,
    InvalidStateError,
    OpenPlay,
    Rules,
    apply,
    legal_moves,
    new_game,
)
from eighthalf.games.eighthalf.deal import shuffled_deck
from eighthalf.games.eighthalf.events import Drew, apply_with_events, events_for
from eighthalf.games.eighthalf.match import DECLINE, Exchange, Match, MatchMove, MatchView, new_match, view_match
from eighthalf.games.eighthalf.views import PlayerView, view
from eighthalf.records import Record
from eighthalf.serialization import FORMAT, VERSION, Document, dumps, from_data, loads, to_data

BAD = Path(__file__).parent / "data" / "bad"

# --------------------------------------------------------------------------- helpers


def assert_plain(value: object, where: str = "$") -> None:
    """Only JSON types: dicts with str keys, lists (no tuples), str, int, bool, None."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert type(key) is str, f"{where}: key {key!r}"
            assert_plain(item, f"{where}.{key}")
    elif isinstance(value, list):
        for at, item in enumerate(value):
            assert_plain(item, f"{where}[{at}]")
    else:
        assert value is None or type(value) in (str, int, bool), f"{where}: {type(value).__name__} {value!r}"


def round_trip(obj: Document) -> dict[str, Any]:
    """Assert that ``obj`` survives to_data/from_data and dumps/loads exactly."""
    data = to_data(obj)
    assert_plain(data)
    assert list(data)[:3] == ["format", "version", "type"]
    assert (data["format"], data["version"]) == (FORMAT, VERSION)
    text = json.dumps(data)
    again = from_data(json.loads(text))
    assert again == obj
    assert type(again) is type(obj)
    assert to_data(again) == data
    assert loads(dumps(obj, indent=1), type(obj)) == obj
    return data


def sample(states: tuple[GameState, ...], size: int = 12) -> list[GameState]:
    """About ``size`` states spread over a round, the first and the last included."""
    step = max(1, len(states) // size)
    return [*states[::step], states[-1]]


# --------------------------------------------------------------------------- round trips


@given(rules_strategy())
def test_rules_round_trip(rules: Rules) -> None:
    round_trip(rules)
    round_trip(Rules(min_players=3, max_players=8, move_limit=1))


def test_every_move_round_trips() -> None:
    exchanges = [Exchange(own, loser, theirs) for own in RANKS for loser in range(8) for theirs in RANKS]
    for move in (*ALL_MOVES, *exchanges, DECLINE):
        data = round_trip(move)
        assert data == {"format": FORMAT, "version": VERSION, "type": "Move", "move": str(move)}
        assert from_data(data) is move or isinstance(move, Exchange)  # round moves are the shared instances


@given(rounds())
def test_states_and_views_round_trip(played: Round) -> None:
    """Random rounds (2-5 players, with and without move limit) played to the end."""
    for state in sample(played.states):
        data = round_trip(state)
        assert from_data(data, GameState) == revalidate(state)
        for seat in (None, *range(state.players)):
            round_trip(view(state, seat))


@given(st.integers(min_value=0, max_value=60).flatmap(lambda k: rounds(max_moves=k)))
def test_unfinished_states_round_trip(played: Round) -> None:
    for state in played.states[-3:]:
        round_trip(state)
        round_trip(view(state, state.to_move))


@given(rounds())
def test_events_round_trip(played: Round) -> None:
    for before, move in list(zip(played.states, played.moves, strict=False))[:150]:
        _, events = apply_with_events(before, move)
        for happened in events:
            round_trip(happened)
        for seat in (None, before.to_move, (before.to_move + 1) % before.players):
            for happened in events_for(events, seat):
                round_trip(happened)


Played = list[tuple[Match, tuple[Any, ...], "MatchMove | None"]]


@st.composite
def matches(draw: st.DrawFn) -> Played:
    """A random match played to its end: each match with the events and the move that led to it."""
    players = draw(st.integers(min_value=2, max_value=5))
    # Always a move limit: without one, random play can go on for ever (E7).
    limit = draw(st.integers(min_value=30, max_value=300))
    match = new_match(
        players,
        rounds=draw(st.integers(min_value=1, max_value=3)),
        seed=draw(st.integers(min_value=-(2**70), max_value=2**130)),
        rules=Rules(move_limit=limit),
        dealer=draw(st.none() | st.integers(min_value=0, max_value=players - 1)),
    )
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    out: Played = [(match, (), None)]
    while not match.over:
        move = rng.choice(match.legal_moves())
        match, events = match.apply_with_events(move)
        out.append((match, events, move))
    return out


@settings(max_examples=20)
@given(matches())
def test_matches_round_trip(played: Played) -> None:
    step = max(1, len(played) // 10)
    for at, (match, events, _) in enumerate(played):
        for happened in events:
            round_trip(happened)
        if at % step == 0 or match.exchange_by is not None or at == len(played) - 1:
            round_trip(match)
            for seat in (None, *range(match.players)):
                round_trip(view_match(match, seat))
    final = played[-1][0]
    record = Record(
        players=final.players,
        seed=final.seed,
        dealer=final.first_dealer,
        rules=final.state.rules,
        rounds=final.rounds,
        moves=tuple(move for _, _, move in played if move is not None),
    ).finished()
    round_trip(record)


@given(rounds())
def test_records_round_trip(played: Round) -> None:
    deal = played.deal
    record = Record(players=deal.players, seed=deal.seed, dealer=deal.dealer, rules=deal.rules, moves=played.moves)
    if played.final.over:
        record = record.finished()
    round_trip(record)
    round_trip(record.prefix(len(played.moves) // 2))
    with_notes = Record(
        players=deal.players,
        deck=shuffled_deck(deal.seed),
        rules=deal.rules,
        moves=played.moves[:5],
        comments=((0, "before the first move"), (min(5, len(played.moves)), "a comment {in braces}")),
        tags=(("Names", "Anna,Ben,Cleo"), ("Event", "Zürich ½ open")),
    )
    if played.final.over and len(played.moves) <= 5:  # its five moves end the round: written finished (issue 27)
        with_notes = with_notes.finished()
    data = round_trip(with_notes)
    assert len(data["deck"]) == 72


def test_a_record_document_is_compact_and_readable() -> None:
    state = new_game(3, seed=5)
    moves = []
    while not state.over:
        move = legal_moves(state)[0]
        moves.append(move)
        state = apply(state, move)
    record = Record(players=3, seed=5, moves=tuple(moves)).finished()
    data = to_data(record)
    assert data["moves"][:3] == [str(move) for move in moves[:3]]
    assert data["result"] == "1: 0-2-1"
    assert data["rules"] == {"min_players": 2, "max_players": 5, "move_limit": None}


def test_state_document_shape() -> None:
    state = new_game(4, seed=7)
    state = apply(state, legal_moves(state)[0])
    data = to_data(state)
    assert sorted(data) == sorted(
        ["format", "version", "type", "rules", "seats", "pile", "call_halves", "locked", "at_risk", "to_move"]
        + ["move_number", "opening", "outcome"]
    )
    assert data["pile"] == [["4", 2]]
    assert all(isinstance(seat["hand"], str) for seat in data["seats"])
    assert "".join(seat["hand"] for seat in data["seats"]) == "".join(
        str(rank) for seat in state.seats for rank in seat.hand
    )


# --------------------------------------------------------------------------- the API


def test_expected_type() -> None:
    state = new_game(2, seed=1)
    assert loads(dumps(state), GameState) == state
    with pytest.raises(DocumentError, match=r"^\$\.type: expected a Match document, not 'GameState'$"):
        from_data(to_data(state), Match)
    hand_play = HandPlay(RANKS[3], 2)
    assert from_data(to_data(hand_play), HandPlay) is not None
    with pytest.raises(DocumentError) as info:
        from_data(to_data(hand_play), OpenPlay)
    assert info.value.path == "$.move"
    with pytest.raises(DocumentError, match="expected a PlayerView document"):
        loads(dumps(view_match(new_match(2, seed=1), 0)), PlayerView)
    assert isinstance(loads(dumps(view_match(new_match(2, seed=1), 0)), MatchView), MatchView)


def test_unsupported_objects_and_types_raise_type_error() -> None:
    with pytest.raises(TypeError):
        to_data(object())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        from_data(to_data(Rules()), int)
    with pytest.raises(TypeError):
        loads("{}", dict)


def test_errors_are_eighthalf_errors() -> None:
    with pytest.raises(DocumentError) as info:
        from_data(None)
    assert isinstance(info.value, InvalidStateError)
    assert isinstance(info.value, ValueError)
    assert info.value.path == "$"


def test_loads_accepts_bytes_and_refuses_other_things() -> None:
    assert loads(dumps(Rules()).encode("utf-8")) == Rules()
    with pytest.raises(DocumentError, match="expected JSON text"):
        loads(123)  # type: ignore[call-overload]
    with pytest.raises(DocumentError, match="not valid JSON"):
        loads(b"\xff\xfe\x00")
    with pytest.raises(DocumentError, match="Infinity is not a JSON number"):
        loads('{"format": "eighthalf", "version": Infinity}')


def test_dumps_indent() -> None:
    text = dumps(new_game(2, seed=3), indent=2)
    assert text.startswith('{\n  "format": "eighthalf",')
    assert loads(text) == new_game(2, seed=3)


def test_hands_may_be_given_in_any_order() -> None:
    state = new_game(3, seed=4)
    data = to_data(state)
    data["seats"][0]["hand"] = data["seats"][0]["hand"][::-1]
    assert from_data(data) == state


def test_huge_numbers_give_a_clear_error() -> None:
    data = to_data(new_game(2, seed=3))
    data["move_number"] = 10**5000
    with pytest.raises(DocumentError) as info:
        from_data({**data, "rules": {"min_players": 2, "max_players": 5, "move_limit": 10}})
    assert info.value.path == "$.move_number"  # above 2**53 - 1, the bound of every count
    data["to_move"] = -(10**5000)
    with pytest.raises(DocumentError, match="an integer of 5,001 digits is out of range"):
        from_data(data)


# --------------------------------------------------------------------------- the corpus

INDEX: dict[str, dict[str, str]] = json.loads((BAD / "index.json").read_text(encoding="utf-8"))


def test_the_corpus_is_indexed() -> None:
    files = {path.name for path in BAD.glob("*.json")} - {"index.json"}
    assert files == set(INDEX)
    assert len(files) >= 25


def _refuse(name: str) -> None:
    raise ValueError(name)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len({key for key, _ in pairs}) != len(pairs):
        raise ValueError("repeated key")
    return dict(pairs)


@pytest.mark.parametrize("name", sorted(INDEX))
def test_bad_document(name: str) -> None:
    expected = INDEX[name]
    text = (BAD / name).read_text(encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        loads(text)
    assert info.value.path == expected["path"], str(info.value)
    assert str(info.value).startswith(expected["path"] + ": ")
    assert expected["fragment"] in str(info.value)
    try:
        data = json.loads(text, parse_constant=_refuse, object_pairs_hook=_unique)
    except ValueError:
        return  # not JSON: only loads() can see it
    with pytest.raises(DocumentError) as again:  # the same from the parsed data
        from_data(data)
    assert str(again.value) == str(info.value)


# --------------------------------------------------------------------------- fuzzing


def _good_documents() -> list[dict[str, Any]]:
    """Documents of every kind, from a few fixed games."""
    out: list[dict[str, Any]] = []
    rng = random.Random(2024)
    for players, seed in ((2, 1), (3, 5), (4, 7), (5, 9)):
        state = new_game(players, seed=seed)
        while not state.over:
            move = rng.choice(legal_moves(state))
            after, events = apply_with_events(state, move)
            if rng.random() < 0.05 or after.over:
                out.append(to_data(state))
                out.append(to_data(view(state, rng.choice([None, *range(players)]))))
                out.extend(to_data(event) for event in events)
            state = after
        out.append(to_data(state))
    match = new_match(3, seed=11, rounds=2)
    while not match.over:
        match = match.apply(rng.choice(match.legal_moves()))
        if match.exchange_by is not None or match.over:
            out.append(to_data(match))
            out.append(to_data(view_match(match, 0)))
    out.append(
        to_data(Record(players=3, seed=5, moves=(HandPlay(RANKS[2]),), comments=((1, "x"),), tags=(("A", "b"),)))
    )
    out.append(to_data(Record(players=2, deck=shuffled_deck(3))))
    out.append(to_data(Rules(move_limit=40)))
    out.append(to_data(DECLINE))
    return out


GOOD = _good_documents()
STATES = [doc for doc in GOOD if doc["type"] == "GameState"]


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, (*path, key))
    elif isinstance(value, list):
        for at, item in enumerate(value):
            yield from _nodes(item, (*path, at))


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


SYMBOLS = "0123456789HG"
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-2, max_value=80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=SYMBOLS + "Xh½ ", max_size=10)
    | st.sampled_from(["eighthalf", "GameState", "PlayerView", "Match", "Record", "x729", "d", "33", "hand"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=5,
)


def _mutate(doc: dict[str, Any], data: st.DataObject) -> None:
    """One random change somewhere in ``doc`` (in place)."""
    paths = list(_nodes(doc))[1:]
    if not paths:
        return
    path = data.draw(st.sampled_from(paths), label="path")
    parent = _get(doc, path[:-1])
    key = path[-1]
    value = parent[key]
    kind = data.draw(st.sampled_from(["replace", "delete", "add", "tweak", "move-card"]), label="kind")
    if kind == "replace":
        parent[key] = data.draw(json_values, label="value")
    elif kind == "delete":
        del parent[key]
    elif kind == "add":
        if isinstance(parent, dict):
            parent[data.draw(st.text(max_size=8), label="new key")] = data.draw(json_values, label="value")
        else:
            parent.insert(key, data.draw(json_values, label="value"))
    elif kind == "tweak":
        if type(value) is int:
            parent[key] = value + data.draw(st.integers(min_value=-3, max_value=3), label="delta")
        elif type(value) is bool:
            parent[key] = not value
        elif isinstance(value, str):
            at = data.draw(st.integers(min_value=0, max_value=len(value)), label="at")
            symbol = data.draw(st.sampled_from(SYMBOLS), label="symbol")
            cut = data.draw(st.integers(min_value=0, max_value=1), label="cut")
            parent[key] = value[:at] + symbol + value[at + cut :]
        elif isinstance(value, list) and value:
            parent[key] = value[:-1] if data.draw(st.booleans(), label="shorter") else [*value, value[-1]]
    else:  # move one card from one zone string to another: the 72 cards stay
        zones = [path for path in paths if isinstance(_get(doc, path), str) and path[0] not in ("format", "type")]
        if not zones:
            return
        source = data.draw(st.sampled_from(zones), label="from")
        target = data.draw(st.sampled_from(zones), label="to")
        text = _get(doc, source)
        if text:
            at = data.draw(st.integers(min_value=0, max_value=len(text) - 1), label="card")
            _get(doc, source[:-1])[source[-1]] = text[:at] + text[at + 1 :]
            _get(doc, target[:-1])[target[-1]] = _get(doc, target) + text[at]


@settings(max_examples=300)
@given(st.sampled_from(STATES), st.data())
def test_a_loaded_state_is_never_broken(good: dict[str, Any], data: st.DataObject) -> None:
    """Mutated state documents load as valid states (equal to their re-validation
    through position()) or raise DocumentError; nothing else."""
    doc = copy.deepcopy(good)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3), label="changes")):
        _mutate(doc, data)
    try:
        state = from_data(doc)
    except DocumentError as error:
        event(f"refused at {error.path.partition('[')[0]}")
        return
    event("loaded")
    assert isinstance(state, GameState)
    assert revalidate(state) == state
    assert from_data(to_data(state)) == state


@settings(max_examples=300)
@given(st.sampled_from(GOOD), st.data())
def test_any_mutated_document_loads_or_raises_document_error(good: dict[str, Any], data: st.DataObject) -> None:
    doc = copy.deepcopy(good)
    for _ in range(data.draw(st.integers(min_value=1, max_value=2), label="changes")):
        _mutate(doc, data)
    try:
        loaded = from_data(doc)
    except DocumentError as error:
        assert error.path.startswith("$")
        event("refused")
        return
    event(f"loaded {type(loaded).__name__}")
    assert from_data(json.loads(dumps(loaded))) == loaded
    if isinstance(loaded, PlayerView) and loaded.outcome is None and loaded.seat is not None:
        loaded.legal_moves()  # a loaded view is usable


def test_views_loaded_are_what_a_state_shows() -> None:
    """A view document that loads is the view of some state: the engine agrees on the moves."""
    state = new_game(4, seed=21)
    rng = random.Random(5)
    while not state.over:
        for seat in range(4):
            seen = from_data(to_data(view(state, seat)), PlayerView)
            assert seen.legal_moves() == (legal_moves(state) if seat == state.to_move else ())
        state = apply(state, rng.choice(legal_moves(state)))


def test_drew_events_keep_their_secret() -> None:
    event = Drew(1, 2, None)
    assert to_data(event)["cards"] is None
    assert from_data(to_data(event)) == event
