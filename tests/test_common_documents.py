"""The document pieces written once for both games: eighthalf.formats.documents and eighthalf.formats.document_kinds.

Each piece is checked on its own, and then through both games: the same mechanism gives
the same messages and documents for 8½ and for Eights.
"""

from __future__ import annotations

from typing import Any

import pytest

import eighthalf
import eighthalf.eights as eights
from eighthalf import DocumentError
from eighthalf.formats.document_kinds import (
    RECORDED,
    DocumentFunctions,
    GameDocuments,
    field_kind,
    get_recorded,
    move_kind,
    recorded_data,
)
from eighthalf.formats.documents import (
    check_int_entries,
    check_notation,
    check_seat,
    get_bool,
    get_list,
    get_notation_list,
    get_opt_seat,
    get_seat,
    get_str,
    get_winners,
    json_kind,
)
from eighthalf.games.eighthalf import serialization
from eighthalf.games.eights import serialization as eights_serialization

HEADER = {"format": "eighthalf", "version": 1}


def message(call: Any) -> str:
    with pytest.raises(DocumentError) as info:
        call()
    return str(info.value)


# --------------------------------------------------------------------------- checking helpers


@pytest.mark.parametrize(
    ("value", "kind"),
    [(None, "null"), (True, "a boolean"), (0, "an integer"), (0.5, "a number"), ("", "a string")]
    + [([], "an array"), ({}, "an object"), ((), "a Python tuple, which is not JSON")],
)
def test_json_kind_names_every_json_type(value: object, kind: str) -> None:
    assert json_kind(value) == kind


def test_the_typed_getters_name_what_they_wanted() -> None:
    obj = {"a": 1, "b": "x", "c": [1], "d": True}
    assert (get_bool(obj, "d", "$"), get_str(obj, "b", "$"), get_list(obj, "c", "$")) == (True, "x", [1])
    assert message(lambda: get_bool(obj, "a", "$")) == "$.a: expected true or false, not an integer 1"
    assert message(lambda: get_str(obj, "c", "$")) == "$.c: expected a string, not an array"
    assert message(lambda: get_list(obj, "b", "$.x")) == "$.x.b: expected an array, not a string 'x'"


def test_seats_are_checked_alike_by_key_and_by_value() -> None:
    assert get_seat({"seat": 2}, "seat", "$", 3) == 2
    assert get_opt_seat({"seat": None}, "seat", "$", 3) is None
    assert message(lambda: get_seat({"seat": 3}, "seat", "$", 3)) == "$.seat: seat 3 is out of range (0 to 2)"
    assert (
        message(lambda: get_seat({"seat": True}, "seat", "$", 3))
        == "$.seat: expected a seat number, not a boolean True"
    )
    assert message(lambda: get_opt_seat({"seat": -1}, "seat", "$", 3)) == "$.seat: seat -1 is out of range (0 to 2)"
    assert (
        message(lambda: check_seat("0", "$.pile[0][1]", 2)) == "$.pile[0][1]: expected a seat number, not a string '0'"
    )


def test_int_entries_and_winners() -> None:
    assert check_int_entries([0, 5], "$.t") == (0, 5)
    assert message(lambda: check_int_entries([0, 1.0], "$.t")) == "$.t[1]: expected an integer, not a number 1.0"
    assert message(lambda: check_int_entries([4], "$.t", 3)) == "$.t[0]: 4 is out of range (0 to 3)"
    assert get_winners({"winners": [1, 2]}, "$", (3, 5, 5), "WG3") == (1, 2)
    assert (
        message(lambda: get_winners({"winners": [2]}, "$", (3, 5), "M1")) == "$.winners[0]: 2 is out of range (0 to 1)"
    )
    assert message(lambda: get_winners({"winners": []}, "$", (3, 5), "WG3")) == (
        "$.winners: [] are not the highest totals, [1] (WG3)"
    )


def test_notation_is_read_only_when_canonical() -> None:
    def parse(text: str) -> int:
        if not text.strip().isdigit():
            raise eighthalf.ParseError(f"not a number: {text!r}")
        return int(text)

    read: dict[str, Any] = {"wanted": "a number in notation", "noun": "number"}
    assert check_notation("12", "$", parse, **read) == 12
    assert (
        message(lambda: check_notation(12, "$", parse, **read)) == "$: expected a number in notation, not an integer 12"
    )
    assert message(lambda: check_notation("x", "$", parse, **read)) == "$: not a number: 'x'"
    assert message(lambda: check_notation("012", "$", parse, **read)) == (
        "$: write the number '012' as '12' (the canonical notation)"
    )
    # With a table of every object by its notation, a text outside it is refused even if it parses.
    assert check_notation("7", "$", parse, known={"7": 7}, **read) == 7
    assert message(lambda: check_notation("8", "$", parse, known={"7": 7}, **read)) == (
        "$: write the number '8' as '8' (the canonical notation)"
    )
    assert get_notation_list(
        {"m": ["1", "2"]}, "m", "$", lambda value, path: check_notation(value, path, parse, **read)
    ) == (
        1,
        2,
    )
    assert message(
        lambda: get_notation_list({"m": ["1", 2]}, "m", "$", lambda v, p: check_notation(v, p, parse, **read))
    ) == ("$.m[1]: expected a number in notation, not an integer 2")


# --------------------------------------------------------------------------- document types


def test_move_kind_writes_and_reads_the_notation() -> None:
    kind = move_kind("Move", (int,), lambda value, path: int(str(value)))
    assert kind.name == "Move" and kind.classes == (int,)
    assert kind.keys == frozenset({"format", "version", "type", "move"})
    assert kind.save(33) == {"move": "33"}
    assert kind.load({"move": "33"}, "$") == 33


def test_field_kind_writes_the_fields_in_order_through_the_game_writer() -> None:
    class Event:
        def __init__(self) -> None:
            self.b, self.a = (1, 2), "x"

    kind = field_kind(
        "Event",
        Event,
        ("b", "a"),
        lambda obj, path: None,
        lambda value: list(value) if isinstance(value, tuple) else value,
    )
    assert list(kind.save(Event()).items()) == [("b", [1, 2]), ("a", "x")]
    assert kind.keys == frozenset({"format", "version", "type", "a", "b"})


def test_recorded_fields_round_trip_and_are_checked_in_order() -> None:
    class Played:
        moves = (1, 2)
        result = "1-0"
        comments = ((1, "Good."),)
        tags = (("Event", "Club"),)

    def read(value: object, path: str) -> int:
        return int(str(value))

    data = recorded_data(Played(), lambda moves: [str(move) for move in moves])
    assert tuple(data) == RECORDED
    assert data == {"moves": ["1", "2"], "result": "1-0", "comments": [[1, "Good."]], "tags": [["Event", "Club"]]}
    assert get_recorded(data, "$", read) == {
        "moves": (1, 2),
        "result": "1-0",
        "comments": ((1, "Good."),),
        "tags": (("Event", "Club"),),
    }
    assert (
        message(lambda: get_recorded({**data, "moves": "12"}, "$", read))
        == "$.moves: expected an array, not a string '12'"
    )
    assert message(lambda: get_recorded({**data, "result": None}, "$", read)) == "$.result: expected a string, not null"
    assert (
        message(lambda: get_recorded({**data, "tags": [["A"]]}, "$", read))
        == "$.tags[0]: expected a pair [name, text], not an array"
    )
    assert message(lambda: get_recorded({**data, "comments": [[1, 2]]}, "$", read)) == (
        "$.comments[0][1]: expected a string, not an integer 2"
    )


# --------------------------------------------------------------------------- through both games


def test_both_games_bind_the_same_functions_to_their_registries() -> None:
    for module, top in ((serialization, eighthalf), (eights_serialization, eights)):
        assert top.to_data is module.to_data and top.from_data is module.from_data
        for name in ("to_data", "from_data", "dumps", "loads"):
            function = getattr(module, name)
            assert function.__name__ == name
            assert function.__doc__ and "Raises:" in function.__doc__
    for name in ("to_data", "from_data", "dumps", "loads"):  # 8½ writes its own; Eights binds the shared ones
        assert getattr(serialization, name).__module__ == serialization.__name__
        function = getattr(eights_serialization, name)
        assert function.__self__ is eights_serialization.DOCUMENTS and function.__func__ is getattr(GameDocuments, name)
    assert eights_serialization.DOCUMENTS.registry is eights_serialization.REGISTRY

    def to_data(obj: int) -> dict[str, Any]:
        return {"n": obj}

    assert DocumentFunctions[int]().to_data(to_data) is to_data  # the decorators return the function itself


@pytest.mark.parametrize(
    ("module", "move", "canonical"),
    [(serialization, "hh", "HH"), (serialization, "½", "H"), (eights_serialization, "PASS", "pass")],
)
def test_both_games_refuse_a_move_that_is_not_canonical_alike(module: Any, move: str, canonical: str) -> None:
    kind = module.REGISTRY.kinds[1]
    text = message(lambda: module.from_data({**HEADER, "type": kind.name, "move": move}))
    assert text == f"$.move: write the move {move!r} as {canonical!r} (the canonical notation)"


def test_both_games_check_seats_and_winners_with_one_message() -> None:
    eight = {**HEADER, "type": "MatchOver", "scores": [3, 5], "winners": [0]}
    assert message(lambda: serialization.from_data(eight)) == "$.winners: [0] are not the highest totals, [1] (M1)"
    over = {**HEADER, "type": "eights.GameOver", "totals": [3, 5], "winners": [0]}
    assert (
        message(lambda: eights_serialization.from_data(over)) == "$.winners: [0] are not the highest totals, [1] (WG3)"
    )
    locked = {**HEADER, "type": "Locked", "seat": 9}
    assert message(lambda: serialization.from_data(locked)) == "$.seat: seat 9 is out of range (0 to 7)"
    dealt = {**HEADER, "type": "eights.HandDealt", "number": 1, "dealer": 0, "to_move": 6}
    assert message(lambda: eights_serialization.from_data(dealt)) == "$.to_move: seat 6 is out of range (0 to 5)"


def test_to_data_of_the_other_games_object_of_the_same_name_says_which_is_which() -> None:
    """Both games have a ``GameState``, a ``Rules``, a ``PlayerView``: the refusal names both classes."""
    with pytest.raises(TypeError) as info:
        eighthalf.to_data(eights.new_game(3, seed=1))  # type: ignore[arg-type]
    assert str(info.value) == (
        "eighthalf cannot write eighthalf.games.eights.state.GameState as a document, only its own "
        "eighthalf.games.eighthalf.state.GameState: write it with the to_data of the game it belongs to"
    )
    with pytest.raises(
        TypeError, match=r"^eighthalf.eights cannot write eighthalf.games.eighthalf.options.Rules as a document, only"
    ):
        eights.to_data(eighthalf.Rules())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^eighthalf cannot write an object of type 'int' as a document$"):
        eighthalf.to_data(7)  # type: ignore[arg-type]
