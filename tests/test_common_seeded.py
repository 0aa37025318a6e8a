"""Seeded records derived once (eighthalf.common.seeded) and the schema pieces of records
(eighthalf.common.schema): a toy game dealt from a seed gets its Record, its text, its
JSON document and its schema fields from three lines, with checks that cite its rules;
Eights and the third game get theirs the same way."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

import attrs
import pytest

import eighthalf.eights
from eighthalf.common.documents import Kind, Registry, get_int
from eighthalf.common.game import Result
from eighthalf.common.replay import checked_result, replay_states
from eighthalf.common.schema import (
    RECORD_COMMENTS,
    RECORD_TAGS,
    described,
    record_fields,
    ref,
    result_field,
    seeded_record_fields,
)
from eighthalf.common.seeded import RecordFacts, SeededRecord, notation_reader, seeded_format, seeded_record_kind
from eighthalf.eights.game import EIGHTS
from eighthalf.errors import DocumentError, IllegalMoveError, ParseError

# --------------------------------------------------------------------------- a toy game dealt from a seed


@attrs.frozen
class Pile:
    left: int
    seat: int
    players: int


@attrs.frozen
class Take:
    count: int

    def __str__(self) -> str:
        return str(self.count)


@attrs.frozen
class ToyRules:
    most: int = 2
    """The most counters a seat may take (T2); also the most seats."""


class ToyGame:
    """Take 1 to ``most`` counters in turn from a pile of 5 to 8 (the seed); who takes the last wins."""

    name = "Toy"
    default_rules = ToyRules()

    def player_counts(self, rules: ToyRules) -> range:
        return range(2, rules.most + 1)

    def start(self, players: int, *, seed: int, rules: ToyRules) -> Pile:
        return Pile(5 + seed % 4, 0, players)

    def to_move(self, state: Pile) -> int | None:
        return None if state.left == 0 else state.seat

    def legal_moves(self, state: Pile) -> tuple[Take, ...]:
        return tuple(Take(count) for count in (1, 2) if count <= state.left)

    def apply(self, state: Pile, move: Take) -> Pile:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(str(move), "take 1 or 2 of what is left", "T1")
        return self.apply_unchecked(state, move)

    def apply_unchecked(self, state: Pile, move: Take) -> Pile:
        return Pile(state.left - move.count, (state.seat + 1) % state.players, state.players)

    def result(self, state: Pile) -> Result | None:
        if state.left:
            return None
        winner = (state.seat - 1) % state.players
        return Result(tuple(int(seat == winner) for seat in range(state.players)), (winner,))

    def parse_move(self, text: str) -> Take:
        if text.strip() not in ("1", "2"):
            raise ParseError(f"not a move of the toy game: {text!r}")
        return Take(int(text))

    def rules_tags(self, rules: ToyRules) -> tuple[tuple[str, str], ...]:
        return () if rules == ToyRules() else (("Most", str(rules.most)),)

    def rules_from_tags(self, tags: Mapping[str, str]) -> ToyRules:
        return ToyRules(int(tags["Most"])) if "Most" in tags else ToyRules()


TOY: Any = ToyGame()


def check_result(result: object, players: int, rules: ToyRules) -> str:
    def valid(found: Result) -> bool:
        return sorted(found.scores) == [0] * (players - 1) + [1]

    return checked_result(result, players, valid, "a toy result", "T3")


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class ToyRecord(SeededRecord[Pile, Take, ToyRules]):
    """A record of the toy game."""

    facts = RecordFacts(
        game=TOY, moves=(Take,), players_rule="T0", check_result=check_result, rules_tags=("Most",), seed_rule="T5"
    )


TOY_FORMAT: Final = seeded_format(ToyRecord)


def _rules_data(rules: ToyRules) -> dict[str, Any]:
    return {"most": rules.most}


def _rules(obj: dict[str, Any], path: str) -> ToyRules:
    return ToyRules(get_int(obj, "most", path, 2, 4))


RULES_KIND: Final = Kind("toy.Rules", (ToyRules,), frozenset({"most"}), _rules_data, _rules)
REGISTRY: Final = Registry(
    (RULES_KIND, seeded_record_kind("toy.Record", TOY_FORMAT, RULES_KIND)), label="toy", foreign=lambda name: None
)


def test_a_seeded_record_is_made_replayed_and_finished_through_its_facts() -> None:
    record = ToyRecord(players=2, seed=1, moves=(Take(2), Take(2), Take(2)))
    assert record.rules == ToyRules() and record.game is TOY and record.start() == Pile(6, 0, 2)
    assert [state.left for state in replay_states(record)] == [6, 4, 2, 0]
    assert record.finished().result == "0: 1-0"
    assert ToyRecord.new_record(3, 1, ToyRules(3), 1) == ToyRecord(players=3, seed=1, rules=ToyRules(3))
    assert ToyRecord.facts.own_tags == {"Game", "Players", "Seed", "Most", "Result"}
    assert ToyRecord.facts.rules_type is ToyRules and ToyRecord.facts.rules_name.endswith(".ToyRules")


@pytest.mark.parametrize(
    ("fields", "path", "message"),
    [
        ({"rules": None}, "$.rules", "expected a test_common_seeded.ToyRules, not None"),
        ({"players": 3}, "$.players", "expected an int from 2 to 2, not 3 (T0)"),
        ({"players": True}, "$.players", "expected an int from 2 to 2, not True (T0)"),
        ({"seed": "1"}, "$.seed", "(T5)"),
        ({"moves": ("1",)}, "$.moves[0]", "not a move of Toy: '1'"),
        ({"moves": "1"}, "$.moves", "expected a sequence"),
        ({"result": "0: 1-1"}, "$.result", "(expected '*' or a toy result) (T3)"),
        ({"comments": ((1, "x"),)}, "$.comments[0][0]", "out of range or order"),
        ({"tags": (("Most", "3"),)}, "$.tags[0][0]", "a field of the record"),
    ],
)
def test_a_seeded_record_checks_its_fields_citing_the_games_rules(
    fields: dict[str, object], path: str, message: str
) -> None:
    with pytest.raises(DocumentError) as caught:
        ToyRecord(**{"players": 2, "seed": 1, **fields})  # type: ignore[arg-type]
    assert caught.value.path == path and message in str(caught.value), str(caught.value)


def test_the_players_allowed_are_the_rules_own() -> None:
    assert ToyRecord(players=4, seed=1, rules=ToyRules(4)).players == 4


def test_the_derived_format_writes_and_reads_the_tags_of_the_game() -> None:
    record = ToyRecord(players=3, seed=-7, rules=ToyRules(3), moves=(Take(1),), tags=(("Site", "x"),))
    text = TOY_FORMAT.dumps(record)
    assert text == '[Game "Toy"]\n[Players "3"]\n[Seed "-7"]\n[Most "3"]\n[Result "*"]\n[Site "x"]\n\n1. 1 *\n'
    assert TOY_FORMAT.loads(text) == record
    assert TOY_FORMAT.name == "a test_common_seeded.ToyRecord"
    with pytest.raises(DocumentError, match=r"^\$: dumps needs a test_common_seeded\.ToyRecord, not 'x'$"):
        TOY_FORMAT.dumps("x")
    with pytest.raises(DocumentError, match=r"^\$\.Seed: the Seed tag is missing$"):
        TOY_FORMAT.loads('[Game "Toy"]\n[Players "2"]\n\n*\n')
    with pytest.raises(DocumentError, match=r"^\$\.Game: the Game tag is missing"):
        TOY_FORMAT.loads('[Players "2"]\n[Seed "1"]\n\n*\n')
    with pytest.raises(DocumentError, match=r"^\$\.Players: expected an int from 2 to 2, not 5 \(T0\)$"):
        TOY_FORMAT.loads('[Game "Toy"]\n[Players "5"]\n[Seed "1"]\n\n*\n')
    with pytest.raises(DocumentError, match=r"^\$\.Result: not a result: '1: 1-1'"):
        TOY_FORMAT.loads('[Game "Toy"]\n[Players "2"]\n[Seed "1"]\n[Result "1: 1-1"]\n\n1: 1-1\n')


def test_the_derived_document_type_reads_the_rules_first_and_the_moves_canonical() -> None:
    record = ToyRecord(players=3, seed=2, rules=ToyRules(3), moves=(Take(2),), comments=((1, "c"),))
    data = REGISTRY.to_data(record)
    assert list(data) == [
        "format",
        "version",
        "type",
        "players",
        "seed",
        "rules",
        "moves",
        "result",
        "comments",
        "tags",
    ]
    assert data["rules"] == {"most": 3} and data["moves"] == ["2"] and data["comments"] == [[1, "c"]]
    assert REGISTRY.from_data(json.loads(json.dumps(data))) == record
    with pytest.raises(DocumentError, match=r"^\$\.players: 3 is out of range \(2 to 2\)$"):
        REGISTRY.from_data({**data, "rules": {"most": 2}})
    with pytest.raises(DocumentError, match=r"^\$\.rules\.most: missing$"):
        REGISTRY.from_data({**data, "rules": {}})
    with pytest.raises(DocumentError, match=r"^\$\.moves\[0\]: write the move ' 2' as '2'"):
        REGISTRY.from_data({**data, "moves": [" 2"]})
    with pytest.raises(DocumentError, match=r"^\$\.result: not a result"):
        REGISTRY.from_data({**data, "result": "9"})


def test_the_reader_of_notation_is_the_games_parse_move() -> None:
    read = notation_reader(EIGHTS)
    assert read("pass", "$.m") == eighthalf.eights.PASS
    with pytest.raises(DocumentError, match=r"^\$\.m: expected a move in notation, not an integer 3$"):
        read(3, "$.m")


def test_eights_and_the_third_game_are_seeded_records() -> None:
    from shedding.records import RECORD_FORMAT, Record

    assert issubclass(eighthalf.eights.Record, SeededRecord) and issubclass(Record, SeededRecord)
    assert eighthalf.eights.records.RECORD_FORMAT.own_tags == eighthalf.eights.Record.facts.own_tags
    assert RECORD_FORMAT.game.name == "Shedding" and RECORD_FORMAT.name == "a shedding Record"
    with pytest.raises(DocumentError, match=r"^\$\.players: expected an int from 2 to 4, not 5 \(SH2\)$"):
        Record(players=5, seed=1)


# --------------------------------------------------------------------------- the schema pieces of records


def test_the_fields_of_a_record_document_are_shared() -> None:
    result = result_field("R.")
    fields = record_fields({"players": {"type": "integer"}}, result)
    assert list(fields) == ["players", "rules", "moves", "result", "comments", "tags"]
    assert fields["comments"] is RECORD_COMMENTS and fields["tags"] is RECORD_TAGS
    assert fields["moves"] == {"type": "array", "items": ref("move")} and fields["rules"] == ref("rules")
    pattern = re.compile(result["pattern"])
    assert [bool(pattern.match(text)) for text in ("*", "0,2: 3-0-3", "-: 0-0", "0: 1")] == [True, True, False, False]
    assert re.match(result_field("R.", no_winner=True)["pattern"], "-: 0-0")


def test_the_fields_of_a_seeded_record_come_from_its_facts() -> None:
    fields = seeded_record_fields(ToyRecord, result_field("R."), rules_rule="T2")
    assert fields["players"] == {
        "description": "The number of seats (T0).",
        "type": "integer",
        "minimum": 2,
        "maximum": 2,
    }
    assert fields["seed"]["description"] == "The seed of every shuffle of the game (T5)."
    assert fields["rules"] == {"description": "The options played with (T2).", "$ref": "#/$defs/rules"}
    body = described(REGISTRY, "toy.Record", fields)
    assert body["required"] == ["comments", "moves", "players", "result", "rules", "seed", "tags"]
    assert body["properties"]["moves"]["description"] == "The moves, in order."
    assert body["properties"]["players"]["description"] == "The number of seats (T0)."
