"""The JSON Schemas (``eighthalf.schemas``): shipped as built, valid, in step with the loader.

- The shipped files are exactly what :func:`~eighthalf.schemas.build_schemas` builds from
  the loader's definitions (so a change to the format that the schemas do not follow
  fails here, or in ``build_schemas`` itself).
- Every document the library writes is valid: states, views, events and moves of random
  rounds, matches with their views, events and records (thousands of documents).
- The schemas refuse nothing that the loader reads: documents changed at random are
  either valid or refused by :func:`~eighthalf.from_data` too.
- Documents that the schema accepts but the rules refuse (72 cards not conserved, S1;
  a call that disagrees with the pile …) are still refused by the loader.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import Round, rounds

from eighthalf import DocumentError, EighthalfError, Rules, new_game, new_match, to_data, view, view_match
from eighthalf.games.eighthalf.cards import RANKS
from eighthalf.games.eighthalf.events import apply_with_events, events_for
from eighthalf.games.eighthalf.match import DECLINE, Exchange
from eighthalf.games.eighthalf.moves import HAND_PLAYS
from eighthalf.games.eighthalf.options import OPTION_NAMES
from eighthalf.games.eighthalf.schema_fields import SCHEMAS
from eighthalf.records import Record
from eighthalf.schemas import DOCUMENT_TYPES, build_schemas, dump_schema, schema, schema_text
from eighthalf.serialization import REGISTRY, from_data

jsonschema = pytest.importorskip("jsonschema")

SHIPPED = Path(__file__).resolve().parent.parent / "eighthalf" / "schemas"

_VALIDATORS = {name: jsonschema.Draft202012Validator(schema(name)) for name in DOCUMENT_TYPES}
_ANY = jsonschema.Draft202012Validator(schema())


def _valid(doc: Any) -> bool:
    """Whether the schema of the document's type, and the schema of any document, accept ``doc``."""
    name = doc.get("type") if isinstance(doc, dict) else None
    own = _VALIDATORS.get(name) if isinstance(name, str) else None
    whole: bool = _ANY.is_valid(doc)
    if own is not None:
        assert own.is_valid(doc) == whole, f"the {name} schema and the document schema disagree on {doc}"
    return whole


def _check(doc: dict[str, Any], seen: Counter[str]) -> None:
    errors = sorted(_VALIDATORS[doc["type"]].iter_errors(doc), key=str)
    assert not errors, f"{doc['type']} document refused by its schema: {errors[0].message} at {errors[0].json_path}"
    seen[doc["type"]] += 1


# --------------------------------------------------------------------------- the files


def test_the_shipped_schemas_are_what_build_schemas_gives() -> None:
    """After a change to the format: ``python -m eighthalf.schemas eighthalf/schemas``."""
    built = build_schemas()
    assert {path.name for path in SHIPPED.glob("*.json")} == set(built)
    for name, value in built.items():
        assert (SHIPPED / name).read_text(encoding="utf-8") == dump_schema(value), f"rewrite {name}"


def test_the_schemas_command_writes_every_schema_and_refuses_a_bad_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from eighthalf.schemas.__main__ import main as schemas_main

    assert schemas_main([str(tmp_path / "out")]) == 0
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == sorted(build_schemas())
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as helped:
        schemas_main(["--help"])  # help, not a folder named --help
    assert helped.value.code == 0 and "DIRECTORY" in capsys.readouterr().out.upper()
    for bad in (["--nope"], ["a", "b"]):
        with pytest.raises(SystemExit) as refused:
            schemas_main(bad)
        assert refused.value.code == 2 and "usage: python -m eighthalf.schemas" in capsys.readouterr().err
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(SystemExit) as refused:
        schemas_main([str(tmp_path / "file")])
    assert refused.value.code == 2 and "cannot make the directory" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["file", "out"]  # nothing else written


def test_the_shipped_document_types_are_the_loaders_in_order() -> None:
    assert tuple(kind.name for kind in REGISTRY.kinds) == SCHEMAS.types == DOCUMENT_TYPES
    assert SCHEMAS.events == DOCUMENT_TYPES[DOCUMENT_TYPES.index("Played") :]
    assert (SCHEMAS.any_name, SCHEMAS.reader, SCHEMAS.of_game, SCHEMAS.loader) == (
        "document",
        "eighthalf.from_data",
        "",
        "the loader",
    )


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert len(DOCUMENT_TYPES) == 19
    for name in (*DOCUMENT_TYPES, None):
        value = schema(name)
        jsonschema.Draft202012Validator.check_schema(value)
        assert value["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert json.loads(schema_text(name)) == value


def test_schema_refuses_an_unknown_type() -> None:
    with pytest.raises(EighthalfError, match="no JSON Schema for 'Card'"):
        schema("Card")


def test_schema_returns_a_new_dict_each_time() -> None:
    first = schema("Rules")
    first["title"] = "changed"
    assert schema("Rules")["title"] != "changed"


def test_each_document_type_requires_exactly_the_keys_it_is_written_with() -> None:
    state = new_game(3, seed=2)
    written = {
        "Rules": to_data(Rules()),
        "GameState": to_data(state),
        "PlayerView": to_data(view(state, 1)),
        "Move": to_data(DECLINE),
    }
    for name, doc in written.items():
        value = schema(name)
        optional = set(OPTION_NAMES) if name == "Rules" else set()  # written only when on (P7, P3, S5, T3)
        assert set(value["required"]) == set(doc) == set(value["properties"]) - optional
        assert value["additionalProperties"] is False
    every_option = to_data(Rules(**dict.fromkeys(OPTION_NAMES, True)))
    assert set(every_option) == set(schema("Rules")["properties"])
    assert jsonschema.Draft202012Validator(schema("Rules")).is_valid(every_option)


def _all_moves() -> list[str]:
    """The canonical notation of every move of a round or a match."""
    plays = [str(play) for row in HAND_PLAYS for play in row]
    others = ["8H", *("o" + str(rank) * count for rank in RANKS for count in (1, 2, 3)), "b0", "b1", "b2", "c", "d"]
    exchanges = [str(Exchange(own, loser, theirs)) for own in RANKS for loser in range(8) for theirs in RANKS]
    return plays + others + exchanges


def test_the_move_pattern_is_exactly_the_canonical_notation() -> None:
    """Every canonical move matches, and every string that matches is a move the loader reads."""
    validator = jsonschema.Draft202012Validator(schema("Move"))
    canonical = set(_all_moves())
    for text in canonical:
        assert validator.is_valid({"format": "eighthalf", "version": 1, "type": "Move", "move": text}), text
    # The validator matches a "pattern" with re.search: do the same, fast, for every short string.
    pattern = re.compile(schema("Move")["$defs"]["move"]["pattern"])

    def ok(text: str) -> bool:
        return pattern.search(text) is not None

    alphabet = "0123456789HGhgobcxdX½ "
    for length in range(1, 5):
        for letters in itertools.product(alphabet, repeat=length):
            text = "".join(letters)
            assert ok(text) == (text in canonical), text
    for symbol in "0123456789HG":
        for length in range(5, 10):
            assert ok(symbol * length) == (symbol * length in canonical), symbol * length
    for text in canonical:
        assert str(from_data({"format": "eighthalf", "version": 1, "type": "Move", "move": text})) == text


# --------------------------------------------------------------------------- written documents


def _round_documents(played: Round) -> Iterator[dict[str, Any]]:
    states = played.states
    step = max(1, len(states) // 8)
    for at, (before, move) in enumerate(zip(states, played.moves, strict=False)):
        yield to_data(move)
        _, events = apply_with_events(before, move)
        for happened in (*events, *events_for(events, before.to_move)):
            yield to_data(happened)
        if at % step == 0:
            yield to_data(before)
            for seat in (None, *range(before.players)):
                yield to_data(view(before, seat))
    final = played.final
    yield to_data(final)
    yield to_data(view(final, None))
    yield to_data(final.rules)
    deal = played.deal
    record = Record(players=deal.players, seed=deal.seed, dealer=deal.dealer, rules=deal.rules, moves=played.moves)
    yield to_data(record.finished() if final.over else record)


_SEEN: Counter[str] = Counter()


@settings(max_examples=25)
@given(rounds())
def test_every_document_of_a_round_is_valid(played: Round) -> None:
    for doc in _round_documents(played):
        _check(doc, _SEEN)


@st.composite
def _matches(draw: st.DrawFn) -> list[dict[str, Any]]:
    """The documents of a random match played to its end (short rounds: a move limit)."""
    players = draw(st.integers(min_value=2, max_value=5))
    match = new_match(
        players,
        rounds=draw(st.integers(min_value=1, max_value=3)),
        seed=draw(st.integers(min_value=-(2**70), max_value=2**130)),
        rules=Rules(move_limit=draw(st.integers(min_value=20, max_value=200))),
        dealer=draw(st.none() | st.integers(min_value=0, max_value=players - 1)),
    )
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    docs = [to_data(match)]
    moves = []
    while not match.over:
        move = rng.choice(match.legal_moves())
        moves.append(move)
        before = match
        match, events = match.apply_with_events(move)
        docs.extend(to_data(happened) for happened in events)
        if before.exchange_by is not None or match.exchange_by is not None or rng.random() < 0.05:
            docs.append(to_data(match))
            docs.extend(to_data(view_match(match, seat)) for seat in (None, *range(players)))
    docs.append(to_data(match))
    docs.extend(to_data(view_match(match, seat)) for seat in (None, *range(players)))
    record = Record(
        players=players,
        seed=match.seed,
        dealer=match.first_dealer,
        rules=match.state.rules,
        rounds=match.rounds,
        moves=tuple(moves),
    )
    docs.append(to_data(record.finished()))
    docs.extend(to_data(move) for move in moves if move is DECLINE or isinstance(move, Exchange))
    return docs


@settings(max_examples=15)
@given(_matches())
def test_every_document_of_a_match_is_valid(docs: list[dict[str, Any]]) -> None:
    for doc in docs:
        _check(doc, _SEEN)


def test_thousands_of_documents_of_every_type_were_checked() -> None:
    """Runs after the two property tests above (pytest keeps the file's order)."""
    if not _SEEN:
        pytest.skip("run with the property tests above")
    assert sum(_SEEN.values()) >= 5_000, _SEEN
    missing = set(DOCUMENT_TYPES) - set(_SEEN) - {"Exchanged"}  # a match may never reach an exchange
    assert not missing, f"no document of {sorted(missing)} was checked ({_SEEN})"


# --------------------------------------------------------------------------- the schema and the loader

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-3, max_value=80) | st.text("0123456789HGxobc*:- ,", max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text("abcdehnoprstuy_", max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for at, value in enumerate(node):
            yield from _paths(value, (*path, at))


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


_GOOD: list[dict[str, Any]] = []


def _good() -> list[dict[str, Any]]:
    """A few written documents of every type, to change at random."""
    if not _GOOD:
        match = new_match(3, rounds=2, seed=11, rules=Rules(move_limit=60))
        rng = random.Random(5)
        docs = [to_data(match), to_data(view_match(match, 1))]
        while not match.over:
            match, events = match.apply_with_events(rng.choice(match.legal_moves()))
            docs.extend(to_data(happened) for happened in events)
        docs += [to_data(match), to_data(view_match(match, 0)), to_data(match.state), to_data(view(match.state, 2))]
        docs += [to_data(Rules(move_limit=9)), to_data(DECLINE), to_data(HAND_PLAYS[3][1])]
        docs.append(to_data(Record(players=3, seed=4, moves=())))
        by_type: dict[str, list[dict[str, Any]]] = {}
        for doc in docs:
            by_type.setdefault(doc["type"], []).append(doc)
        _GOOD.extend(doc for group in by_type.values() for doc in group[:3])
    return _GOOD


@settings(max_examples=300)
@given(st.data())
def test_what_the_schema_refuses_the_loader_refuses(data: st.DataObject) -> None:
    """A document changed at random: if its schema refuses it, so does from_data."""
    doc = copy.deepcopy(data.draw(st.sampled_from(_good()), label="document"))
    for _ in range(data.draw(st.integers(min_value=1, max_value=2), label="changes")):
        paths = list(_paths(doc))[1:]
        path = data.draw(st.sampled_from(paths), label="path")
        parent = _at(doc, path[:-1])
        kind = data.draw(st.sampled_from(["replace", "delete", "add"]), label="kind")
        if kind == "replace":
            parent[path[-1]] = data.draw(json_values, label="value")
        elif kind == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text("abcdehnoprstuy_", min_size=1, max_size=6), label="key")] = data.draw(json_values)
        else:
            parent.insert(path[-1], data.draw(json_values, label="value"))
    if not _valid(doc):
        with pytest.raises(DocumentError):
            from_data(doc)


def _state_doc() -> dict[str, Any]:
    return to_data(new_game(3, seed=21))


def test_S1_a_state_without_its_72_cards_passes_the_schema_and_is_refused() -> None:
    doc = _state_doc()
    doc["seats"][0]["bank"] = doc["seats"][0]["bank"][1:]  # 71 cards
    assert _valid(doc)
    with pytest.raises(DocumentError, match="72"):
        from_data(doc)
    doc = _state_doc()
    doc["seats"][1]["collected"] = "G"  # 73 cards: a ninth Ghost
    assert _valid(doc)
    with pytest.raises(DocumentError):
        from_data(doc)


def test_S1_a_view_or_a_record_deck_that_breaks_the_deck_passes_the_schema_and_is_refused() -> None:
    doc = to_data(view(new_game(4, seed=3), 0))
    doc["seats"][2]["bank_size"] += 1  # 73 cards in all
    assert _valid(doc)
    with pytest.raises(DocumentError, match="72"):
        from_data(doc)
    record = to_data(Record(players=2, seed=5))
    record["seed"], record["deck"] = None, "G" * 72
    assert _valid(record)
    with pytest.raises(DocumentError, match="72 of S1"):
        from_data(record)


def test_what_only_the_rules_know_passes_the_schema_and_is_refused() -> None:
    """A call that disagrees with the pile, a seat beyond the table, an open card too many."""
    doc = _state_doc()
    doc["call_halves"] = 3
    assert _valid(doc)
    with pytest.raises(DocumentError, match="call_halves"):
        from_data(doc)
    doc = _state_doc()
    doc["to_move"] = 4  # three seats
    assert _valid(doc)
    with pytest.raises(DocumentError, match="to_move"):
        from_data(doc)
    doc = _state_doc()
    doc["rules"]["max_players"], doc["rules"]["min_players"] = 2, 3
    assert _valid(doc)
    with pytest.raises(DocumentError, match="rules"):
        from_data(doc)
