"""The JSON Schemas of Eights' documents (``eighthalf/schemas/eights.*.schema.json``):
valid schemas, every document the library writes accepted, nothing the loader reads refused,
and what only the rules know (the 64 cards of WS1 …) left to the loader."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from eights_strategies import Game, games
from hypothesis import given, settings
from hypothesis import strategies as st

import eighthalf
from eighthalf.eights import (
    DocumentError,
    Record,
    Rules,
    apply_with_events,
    events_for,
    from_data,
    new_game,
    to_data,
    view,
)
from eighthalf.games.eights.serialization import TYPE_NAMES
from eighthalf.schemas import EIGHTS_ANY, EIGHTS_DOCUMENT_TYPES, schema, schema_text

jsonschema = pytest.importorskip("jsonschema")

_VALIDATORS = {name: jsonschema.Draft202012Validator(schema(name)) for name in EIGHTS_DOCUMENT_TYPES}
_ANY = jsonschema.Draft202012Validator(schema(EIGHTS_ANY))
_SEEN: Counter[str] = Counter()


def _check(doc: dict[str, Any]) -> None:
    errors = sorted(_VALIDATORS[doc["type"]].iter_errors(doc), key=str)
    assert not errors, f"{doc['type']} refused by its schema: {errors[0].message} at {errors[0].json_path}"
    assert _ANY.is_valid(doc)
    _SEEN[doc["type"]] += 1


def _valid(doc: Any) -> bool:
    whole: bool = _ANY.is_valid(doc)
    name = doc.get("type") if isinstance(doc, dict) else None
    if isinstance(name, str) and name in _VALIDATORS:
        assert _VALIDATORS[name].is_valid(doc) == whole
    return whole


def test_the_schemas_of_eights_are_valid_and_match_the_loader() -> None:
    assert EIGHTS_DOCUMENT_TYPES == TYPE_NAMES
    for name in (*EIGHTS_DOCUMENT_TYPES, EIGHTS_ANY):
        value = schema(name)
        jsonschema.Draft202012Validator.check_schema(value)
        assert value["$id"] == f"urn:eighthalf:schema:1:{name}"
        assert schema_text(name).endswith("\n")
    assert schema(EIGHTS_ANY)["properties"]["type"]["enum"] == list(TYPE_NAMES)


def test_each_type_requires_exactly_the_keys_it_is_written_with() -> None:
    state = new_game(3, seed=2)
    for doc in (to_data(Rules()), to_data(state), to_data(view(state, 1)), to_data(Record(players=3, seed=2))):
        value = schema(doc["type"])
        assert set(value["required"]) == set(doc) == set(value["properties"])
        assert value["additionalProperties"] is False


@settings(max_examples=20)
@given(games(max_moves=40))
def test_every_document_of_a_game_is_valid(game: Game) -> None:
    _check(to_data(game.rules))
    record = Record(players=game.players, seed=game.seed, rules=game.rules, moves=game.moves)
    _check(to_data(record.finished() if game.final.over else record))
    for at, state in enumerate(game.states):
        _check(to_data(state))
        for seat in (None, *range(game.players)):
            _check(to_data(view(state, seat)))
        if at < len(game.moves):
            _check(to_data(game.moves[at]))
            _, events = apply_with_events(state, game.moves[at])
            for event in (*events, *events_for(events, None)):
                _check(to_data(event))


def test_documents_of_every_type_were_checked() -> None:
    rng = random.Random(1)
    for players in range(2, 7):
        state = new_game(players, seed=players, rules=Rules(target=10, turn_limit=12))
        while not state.over:
            move = rng.choice(eighthalf.eights.legal_moves(state))
            _check(to_data(move))
            state, events = apply_with_events(state, move)
            for event in events:
                _check(to_data(event))
        _check(to_data(state))
        _check(to_data(view(state, 0)))
    _check(to_data(Rules()))
    _check(to_data(Record(players=2, seed=1)))
    assert set(_SEEN) == set(EIGHTS_DOCUMENT_TYPES)


def _mutations() -> list[dict[str, Any]]:
    state = new_game(3, seed=4)
    state, events = apply_with_events(state, eighthalf.eights.legal_moves(state)[0])
    return [to_data(state), to_data(view(state, 0)), *(to_data(event) for event in events)]


_REPLACEMENTS: list[Any] = [None, True, -1, 0, 7, 2**60, "", "1e", "7v", "pass", [], ["1e"], {}, 1.5]


@settings(max_examples=200)
@given(st.data())
def test_what_the_schema_refuses_the_loader_refuses(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(_mutations())))
    holders: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                holders.append((node, key))
                walk(value)
        elif isinstance(node, list):
            for index, value in enumerate(node):
                holders.append((node, index))
                walk(value)

    walk(doc)
    holder, key = data.draw(st.sampled_from(holders))
    holder[key] = data.draw(st.sampled_from(_REPLACEMENTS))
    if not _valid(doc):
        with pytest.raises(DocumentError):
            from_data(doc)


def test_ws1_a_state_without_its_64_cards_passes_the_schema_and_is_refused() -> None:
    doc = to_data(new_game(2, seed=1))
    doc["hand"]["stack"].append("1e")
    doc["hand"]["origins"].append(-1)
    assert _valid(doc)
    with pytest.raises(DocumentError, match="64 of WS1"):
        from_data(doc)


def test_ws1_a_card_not_in_the_deck_is_refused_by_the_schema_too() -> None:
    doc = to_data(new_game(2, seed=1))
    doc["hand"]["hands"][0][0] = "7v"
    assert not _valid(doc)


def test_a_document_of_8_half_is_not_a_document_of_eights() -> None:
    assert not _ANY.is_valid(eighthalf.to_data(eighthalf.new_game(2, seed=1)))
    assert not jsonschema.Draft202012Validator(schema()).is_valid(to_data(new_game(2, seed=1)))
