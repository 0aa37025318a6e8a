"""Records and replay written once (eighthalf.formats.replay): the same mechanism for 8½'s
rounds and matches and for Eights, judged through each record's game object, the result
text of the protocol's Result read back, a toy game that gets records for free, and the
same toy dealt from a seed that gets its whole Record, text, document type and schema
fields from three lines (eighthalf.formats.seeded, eighthalf.schemas.documents), as Eights and
the third game do."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import pytest

import eighthalf
import eighthalf.eights
import eighthalf.games.eights.records
from eighthalf.core.game import Result, play_out, result_text
from eighthalf.errors import DocumentError, IllegalMoveError, ParseError
from eighthalf.formats.documents import Kind, Registry, get_int
from eighthalf.formats.records import as_comments, as_sequence, as_tags, check_comments, check_tags, tag_int
from eighthalf.formats.replay import GameRecord, RecordFormat, checked_result, read_result, replay_states
from eighthalf.formats.seeded import RecordFacts, SeededRecord, notation_reader, seeded_format, seeded_record_kind
from eighthalf.games.eighthalf.game import EIGHTHALF, MATCH, MatchGame
from eighthalf.games.eights.game import EIGHTS
from eighthalf.registry import GameEntry, RegistryError
from eighthalf.schemas.documents import (
    RECORD_COMMENTS,
    RECORD_TAGS,
    described,
    record_fields,
    ref,
    result_field,
    seeded_record_fields,
)

# --------------------------------------------------------------------------- the three game objects

RECORDS: Final[dict[str, tuple[Callable[[], GameRecord[Any, Any]], Any]]] = {
    "round": (lambda: eighthalf.Record(players=3, seed=5), EIGHTHALF),
    "match": (lambda: eighthalf.Record(players=3, seed=5, rounds=2), MatchGame(2)),
    "eights": (lambda: eighthalf.eights.Record(players=3, seed=5, rules=eighthalf.eights.Rules(target=10)), EIGHTS),
}


def played(record: GameRecord[Any, Any], rng: random.Random, limit: int = 2_000) -> tuple[Any, list[Any]]:
    """``record`` with random legal moves to the end, and the states played directly."""
    game = record.game
    state = record.start()
    states = [state]
    while game.to_move(state) is not None and len(record.moves) < limit:
        move = rng.choice(game.legal_moves(state))
        record = record.played(move)
        state = game.apply(state, move)
        states.append(state)
    return record, states


@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_every_record_is_replayed_through_its_game_object(kind: str) -> None:
    make, game = RECORDS[kind]
    record = make()
    assert record.game == game
    full, states = played(record, random.Random(kind))
    assert list(replay_states(full)) == states
    finished = full.finished()
    assert finished.result == result_text(game, states[-1]) != "*"
    assert list(replay_states(finished))[-1] == states[-1]
    assert finished.prefix(2).result == "*" and finished.prefix(2).moves == full.moves[:2]


@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_a_move_that_is_not_legal_is_refused_with_the_games_reason(kind: str) -> None:
    make, game = RECORDS[kind]
    record, states = played(make(), random.Random(1), limit=3)
    again = record.moves[0]  # played at once again: not legal the second time in these deals
    assert again not in game.legal_moves(states[-1])
    with pytest.raises(IllegalMoveError) as reason:
        game.apply(states[-1], again)
    replayed = replay_states(record.played(again))
    assert [next(replayed) for _ in states] == states
    with pytest.raises(DocumentError) as caught:
        next(replayed)
    assert caught.value.path == "$.moves[3]"
    assert str(caught.value) == f"$.moves[3]: move 4 ({again}): {reason.value}"


@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_a_wrong_result_and_an_unfinished_game_are_refused(kind: str) -> None:
    make, _ = RECORDS[kind]
    record, _ = played(make(), random.Random(2), limit=4)
    with pytest.raises(DocumentError, match=r"^\$\.Result: the game is not over after 4 moves$"):
        record.finished()
    full = played(make(), random.Random(3))[0].finished()
    shorter = attrs.evolve(full.prefix(len(full.moves) - 1), result=full.result)
    with pytest.raises(DocumentError, match=r"^\$\.Result: the record says .* but the replay gives '\*'$"):
        list(replay_states(shorter))


# --------------------------------------------------------------------------- results


def first(state: object, moves: tuple[Any, ...]) -> Any:
    return moves[0]


@pytest.mark.parametrize(
    ("result", "text"),
    [
        (EIGHTHALF.result(play_out(EIGHTHALF, EIGHTHALF.start(3, seed=5), first)), "1: 0-2-1"),
        (
            EIGHTHALF.result(
                play_out(EIGHTHALF, EIGHTHALF.start(3, seed=5, rules=eighthalf.Rules(move_limit=2)), first)
            ),
            "-: 0-0-0",
        ),
        (Result((3, 0, 3), (0, 2)), "0,2: 3-0-3"),  # a match
        (Result((31, 12, 31, 5), (0, 2)), "0,2: 31-12-31-5"),  # Eights
    ],
)
def test_the_result_text_is_what_both_games_wrote(result: Result | None, text: str) -> None:
    assert result is not None and result.text == text
    assert read_result(text, len(result.scores)) == result


@pytest.mark.parametrize("text", ["", "1", "1:0-2-1", "01: 0-2-1", "1: 0-2", "1: 0-2-+1", ": 0-2-1", "-,1: 0-0-0"])
def test_read_result_refuses_what_is_not_canonical(text: str) -> None:
    assert read_result(text, 3) is None


def test_checked_result_is_the_skeleton_of_both_checks() -> None:
    assert checked_result("*", 2, lambda found: False, "never") == "*"
    with pytest.raises(DocumentError, match=r"^\$\.result: a result is a string, not 3$"):
        checked_result(3, 2, lambda found: True, "anything")
    assert eighthalf.records.check_result("-: 0-0-0", 3, None) == "-: 0-0-0"
    assert eighthalf.records.check_result("0,2: 3-0-3", 3, 1) == "0,2: 3-0-3"
    with pytest.raises(DocumentError, match=r"with 3 seats\)$"):
        eighthalf.records.check_result("0,2: 4-0-4", 3, 1)
    with pytest.raises(DocumentError, match=r"with 2 seats\) \(WG3\)$"):
        eighthalf.games.eights.records.check_result("0: 29-3", 2, eighthalf.eights.Rules())


# --------------------------------------------------------------------------- a third game gets records for free


@attrs.frozen
class Take:
    """A move of the toy game: take 1 or 2 counters."""

    count: int

    def __str__(self) -> str:
        return str(self.count)


@attrs.frozen
class Pile:
    """A state of the toy game: the counters left and the seat to move."""

    left: int
    seat: int = 0


class ToyGame:
    """Take 1 or 2 of ``7`` counters in turn; who takes the last wins (only what records use)."""

    name = "Toy"

    def to_move(self, state: Pile) -> int | None:
        return None if state.left == 0 else state.seat

    def legal_moves(self, state: Pile) -> tuple[Take, ...]:
        return tuple(Take(count) for count in (1, 2) if count <= state.left)

    def apply(self, state: Pile, move: Take) -> Pile:
        if move not in self.legal_moves(state) and move != Take(3):  # 3 slips past the check
            raise IllegalMoveError(str(move), "take 1 or 2 of what is left", "T1")
        return self.apply_unchecked(state, move)

    def apply_unchecked(self, state: Pile, move: Take) -> Pile:
        return Pile(max(state.left - move.count, 0), 1 - state.seat)

    def result(self, state: Pile) -> Result | None:
        winner = 1 - state.seat  # the seat that took the last counter
        return None if state.left else Result((int(winner == 0), int(winner == 1)), (winner,))

    def parse_move(self, text: str) -> Take:
        if text not in ("1", "2", "3"):
            raise ParseError(f"not a move of the toy game: {text!r}")
        return Take(int(text))

    def rules_tags(self, rules: None) -> tuple[tuple[str, str], ...]:
        return ()

    def rules_from_tags(self, tags: Mapping[str, str]) -> None:
        return None


TOY: Any = ToyGame()


def _takes(value: Any) -> tuple[Take, ...]:
    return as_sequence(value, "moves")


@attrs.frozen(kw_only=True)
class ToyRecord(GameRecord[Pile, Take]):
    """A record of the toy game."""

    players: int = 2
    rules: None = None
    moves: tuple[Take, ...] = attrs.field(default=(), converter=_takes)
    result: str = "*"
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=as_comments)
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=as_tags)

    def __attrs_post_init__(self) -> None:
        checked_result(self.result, 2, lambda found: True, "a toy result")
        check_comments(self.comments, len(self.moves))
        check_tags(self.tags, TOY_FORMAT.own_tags)

    @property
    def game(self) -> Any:
        return TOY

    def start(self) -> Pile:
        return Pile(7)


TOY_FORMAT: Final = RecordFormat(
    record=ToyRecord,
    name="a ToyRecord",
    game=TOY,
    own_tags=frozenset(("Game", "Players", "Result")),
    needed=("Players",),
    game_tag_needed=True,
    readers={"8½": "eighthalf.records.loads"},
    spaced=False,
    setup_tags=lambda record: [("Players", str(record.players))],
    setup_fields=lambda tags: {"players": tag_int(tags["Players"], "Players")},
    field_tags={"players": "Players", "result": "Result"},
)


def test_a_toy_game_gets_records_replay_and_text_for_free() -> None:
    record = ToyRecord(moves=(Take(2), Take(2), Take(1), Take(2)), comments=((1, "greedy"),), tags=(("Site", "here"),))
    assert [state.left for state in replay_states(record)] == [7, 5, 3, 2, 0]
    finished = record.finished()
    assert finished.result == "1: 0-1"
    text = TOY_FORMAT.dumps(finished)
    assert (
        text == '[Game "Toy"]\n[Players "2"]\n[Result "1: 0-1"]\n[Site "here"]\n\n1. 2 {greedy} 2. 2 3. 1 4. 2 1: 0-1\n'
    )
    assert TOY_FORMAT.loads(text) == finished
    assert TOY_FORMAT.checked(finished, "replay") is finished
    with pytest.raises(DocumentError, match=r"^\$: dumps needs a ToyRecord, not 'x'$"):
        TOY_FORMAT.dumps("x")
    with pytest.raises(DocumentError, match=r"^\$\.Game: this reads records of Toy, not of '8½': read it with"):
        TOY_FORMAT.loads(eighthalf.records.dumps(eighthalf.Record(players=2, seed=1)))
    with pytest.raises(DocumentError, match=r"^\$\.Players: the Players tag is missing$"):
        TOY_FORMAT.loads('[Game "Toy"]\n\n*\n')
    with pytest.raises(DocumentError, match=r"^\$\.Result: not a result: '9' \(expected '\*' or a toy result\)$"):
        TOY_FORMAT.loads('[Game "Toy"]\n[Players "2"]\n[Result "9"]\n\n9\n')


def test_the_legal_moves_judge_a_move_not_the_games_apply() -> None:
    # The toy's apply lets 3 through; replay judges by the legal moves all the same.
    assert TOY.apply(Pile(7), Take(3)) == Pile(4, 1)
    with pytest.raises(DocumentError) as caught:
        list(replay_states(ToyRecord(moves=(Take(1), Take(3)))))
    assert str(caught.value) == "$.moves[1]: move 2 (3): not one of the legal moves"
    with pytest.raises(DocumentError) as caught:
        list(replay_states(ToyRecord(moves=(Take(2),) * 4)))
    assert str(caught.value) == "$.moves[3]: move 4 (2): illegal move '2': take 1 or 2 of what is left (T1)"


def test_the_8_half_record_picks_its_game_object_by_its_rounds() -> None:
    assert eighthalf.Record(players=2, seed=1).game is EIGHTHALF
    assert eighthalf.Record(players=2, seed=1, rounds=6).game == MATCH
    assert eighthalf.Record(players=2, seed=1, rounds=3).game == MatchGame(3)
    assert eighthalf.eights.Record(players=2, seed=1).game is EIGHTS


# --------------------------------------------------------------------------- a game dealt from a seed gets its Record whole


@attrs.frozen
class ToyRules:
    """The seeded toy's rules."""

    most: int = 2
    """The most seats (T0)."""


class SeededToy(ToyGame):
    """The toy game dealt from a seed: a pile of 5 to 8 counters."""

    name = "Seeded toy"
    default_rules = ToyRules()

    def player_counts(self, rules: ToyRules) -> range:
        return range(2, rules.most + 1)

    def start(self, players: int, *, seed: int, rules: ToyRules) -> Pile:
        return Pile(5 + seed % 4)

    def parse_move(self, text: str) -> Take:
        return super().parse_move(text.strip())  # ' 2' is read, and written '2'

    def rules_tags(self, rules: ToyRules) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        return () if rules == ToyRules() else (("Most", str(rules.most)),)

    def rules_from_tags(self, tags: Mapping[str, str]) -> ToyRules:  # type: ignore[override]
        return ToyRules(int(tags["Most"])) if "Most" in tags else ToyRules()


SEEDED: Any = SeededToy()


def check_result(result: object, players: int, rules: ToyRules) -> str:
    def valid(found: Result) -> bool:
        return sorted(found.scores) == [0] * (players - 1) + [1]

    return checked_result(result, players, valid, "a toy result", "T3")


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class SeededRecordOfToy(SeededRecord[Pile, Take, ToyRules]):
    """A record of the seeded toy game."""

    facts = RecordFacts(
        game=SEEDED, moves=(Take,), players_rule="T0", check_result=check_result, rules_tags=("Most",), seed_rule="T5"
    )


SEEDED_FORMAT: Final = seeded_format(SeededRecordOfToy)


def _rules_data(rules: ToyRules) -> dict[str, Any]:
    return {"most": rules.most}


def _rules(obj: dict[str, Any], path: str) -> ToyRules:
    return ToyRules(get_int(obj, "most", path, 2, 4))


TOY_RULES_KIND: Final = Kind("toy.Rules", (ToyRules,), frozenset({"most"}), _rules_data, _rules)
TOY_REGISTRY: Final = Registry(
    (TOY_RULES_KIND, seeded_record_kind("toy.Record", SEEDED_FORMAT, TOY_RULES_KIND)),
    label="toy",
    foreign=lambda name: None,
)


def test_a_seeded_record_is_made_replayed_and_finished_through_its_facts() -> None:
    record = SeededRecordOfToy(players=2, seed=1, moves=(Take(2), Take(2), Take(2)))
    assert record.rules == ToyRules() and record.game is SEEDED and record.start() == Pile(6)
    assert [state.left for state in replay_states(record)] == [6, 4, 2, 0]
    assert record.finished().result == "0: 1-0"
    assert SeededRecordOfToy.new_record(3, 1, ToyRules(3), 1) == SeededRecordOfToy(players=3, seed=1, rules=ToyRules(3))
    assert SeededRecordOfToy.facts.own_tags == {"Game", "Players", "Seed", "Most", "Result"}
    assert SeededRecordOfToy.facts.rules_type is ToyRules and SeededRecordOfToy.facts.rules_name.endswith(".ToyRules")


@pytest.mark.parametrize(
    ("fields", "path", "message"),
    [
        ({"rules": None}, "$.rules", "expected a test_common_replay.ToyRules, not None"),
        ({"players": 3}, "$.players", "expected an int from 2 to 2, not 3 (T0)"),
        ({"players": True}, "$.players", "expected an int from 2 to 2, not True (T0)"),
        ({"seed": "1"}, "$.seed", "(T5)"),
        ({"moves": ("1",)}, "$.moves[0]", "not a move of Seeded toy: '1'"),
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
        SeededRecordOfToy(**{"players": 2, "seed": 1, **fields})  # type: ignore[arg-type]
    assert caught.value.path == path and message in str(caught.value), str(caught.value)


def test_the_players_allowed_are_the_rules_own() -> None:
    assert SeededRecordOfToy(players=4, seed=1, rules=ToyRules(4)).players == 4


def test_the_derived_format_writes_and_reads_the_tags_of_the_game() -> None:
    record = SeededRecordOfToy(players=3, seed=-7, rules=ToyRules(3), moves=(Take(1),), tags=(("Site", "x"),))
    text = SEEDED_FORMAT.dumps(record)
    assert text == '[Game "Seeded toy"]\n[Players "3"]\n[Seed "-7"]\n[Most "3"]\n[Result "*"]\n[Site "x"]\n\n1. 1 *\n'
    assert SEEDED_FORMAT.loads(text) == record
    assert SEEDED_FORMAT.name == "a test_common_replay.SeededRecordOfToy"
    with pytest.raises(DocumentError, match=r"^\$: dumps needs a test_common_replay\.SeededRecordOfToy, not 'x'$"):
        SEEDED_FORMAT.dumps("x")
    with pytest.raises(DocumentError, match=r"^\$\.Seed: the Seed tag is missing$"):
        SEEDED_FORMAT.loads('[Game "Seeded toy"]\n[Players "2"]\n\n*\n')
    with pytest.raises(DocumentError, match=r"^\$\.Game: the Game tag is missing"):
        SEEDED_FORMAT.loads('[Players "2"]\n[Seed "1"]\n\n*\n')
    with pytest.raises(DocumentError, match=r"^\$\.Players: expected an int from 2 to 2, not 5 \(T0\)$"):
        SEEDED_FORMAT.loads('[Game "Seeded toy"]\n[Players "5"]\n[Seed "1"]\n\n*\n')
    with pytest.raises(DocumentError, match=r"^\$\.Result: not a result: '1: 1-1'"):
        SEEDED_FORMAT.loads('[Game "Seeded toy"]\n[Players "2"]\n[Seed "1"]\n[Result "1: 1-1"]\n\n1: 1-1\n')


def test_the_derived_document_type_reads_the_rules_first_and_the_moves_canonical() -> None:
    record = SeededRecordOfToy(players=3, seed=2, rules=ToyRules(3), moves=(Take(2),), comments=((1, "c"),))
    data = TOY_REGISTRY.to_data(record)
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
    assert TOY_REGISTRY.from_data(json.loads(json.dumps(data))) == record
    with pytest.raises(DocumentError, match=r"^\$\.players: 3 is out of range \(2 to 2\)$"):
        TOY_REGISTRY.from_data({**data, "rules": {"most": 2}})
    with pytest.raises(DocumentError, match=r"^\$\.rules\.most: missing$"):
        TOY_REGISTRY.from_data({**data, "rules": {}})
    with pytest.raises(DocumentError, match=r"^\$\.moves\[0\]: write the move ' 2' as '2'"):
        TOY_REGISTRY.from_data({**data, "moves": [" 2"]})
    with pytest.raises(DocumentError, match=r"^\$\.result: not a result"):
        TOY_REGISTRY.from_data({**data, "result": "9"})


def test_an_entry_of_seeded_records_takes_its_players_rule_and_new_records_from_them() -> None:
    fields: dict[str, Any] = {"game": SEEDED, "documents": TOY_REGISTRY, "bots": {"greedy": object}}
    fields.update(name="Seeded toy", key="seededtoy", cards=lambda state: Counter(), deck=Counter())
    entry = GameEntry(records=SEEDED_FORMAT, **fields)
    assert entry.players_rule == "T0" and entry.make_record(2, 5, ToyRules(), 1) == SeededRecordOfToy(players=2, seed=5)
    assert GameEntry(records=SEEDED_FORMAT, players_rule="X", **fields).players_rule == "X"
    with pytest.raises(RegistryError, match="gives no players_rule or make_record, and its records are not seeded"):
        GameEntry(records=TOY_FORMAT, **{**fields, "name": "Toy"})


def test_the_reader_of_notation_is_the_games_parse_move() -> None:
    read = notation_reader(EIGHTS)
    assert read("pass", "$.m") == eighthalf.eights.PASS
    with pytest.raises(DocumentError, match=r"^\$\.m: expected a move in notation, not an integer 3$"):
        read(3, "$.m")


def test_eights_and_the_third_game_are_seeded_records() -> None:
    from shedding.records import RECORD_FORMAT, Record

    assert issubclass(eighthalf.eights.Record, SeededRecord) and issubclass(Record, SeededRecord)
    assert eighthalf.games.eights.records.RECORD_FORMAT.own_tags == eighthalf.eights.Record.facts.own_tags
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
    fields = seeded_record_fields(SeededRecordOfToy, result_field("R."), rules_rule="T2")
    assert fields["players"] == {
        "description": "The number of seats (T0).",
        "type": "integer",
        "minimum": 2,
        "maximum": 2,
    }
    assert fields["seed"]["description"] == "The seed of every shuffle of the game (T5)."
    assert fields["rules"] == {"description": "The options played with (T2).", "$ref": "#/$defs/rules"}
    body = described(TOY_REGISTRY, "toy.Record", fields)
    assert body["required"] == ["comments", "moves", "players", "result", "rules", "seed", "tags"]
    assert body["properties"]["moves"]["description"] == "The moves, in order."
    assert body["properties"]["players"]["description"] == "The number of seats (T0)."
