"""The conformance checks of junk: each member refuses what it cannot take with the library error it documents.

Junk is huge text, a huge integer, deep nesting and wrong types. Each member must refuse
it with its own :class:`~eighthalf.errors.EighthalfError` in at most
:data:`~eighthalf.testing.cases.MESSAGE_LIMIT` characters: never a ``TypeError``, a
``RecursionError`` or a bare ``ValueError``. The junk is made anew for each check, so
importing the suite costs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from eighthalf.core.errors import DocumentError, IllegalMoveError, InvalidStateError, ParseError
from eighthalf.testing.cases import MESSAGE_LIMIT, Case, fail

__all__ = ["JUNK_CHECKS", "junk", "junk_text"]


def _deep(depth: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


def junk() -> tuple[object, ...]:
    """Inputs no member takes: huge text, a huge integer, deep nesting, wrong types."""
    return ("x" * 10**6, 10**5000, _deep(100_000), None, 1.5, b"4", object(), ["4"], {"a": 1})


def junk_text() -> tuple[str, ...]:
    """Texts that no parser reads: long, deeply nested, huge numbers, odd characters."""
    return (
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


def refused(member: str, errors: type[Exception], call: Callable[..., object], *args: Any, **kwargs: Any) -> None:
    """``call(*args, **kwargs)`` raises ``errors`` with a message of at most :data:`MESSAGE_LIMIT` characters.

    Raises:
        Failure: If it raises nothing, another error, or a longer message.
    """
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
    fail(f"{member}: expected {errors.__name__} in at most {MESSAGE_LIMIT} characters, got {problem}")


def _state(case: Case) -> Any:
    """A state a few moves into the first seeded game."""
    states = case.first().states
    return states[min(5, len(states) - 1)]


def _parse_move(case: Case) -> None:
    """parse_move refuses junk with a ParseError."""
    for text in (*junk_text(), *junk()):
        refused("parse_move", ParseError, case.game.parse_move, text)


def _apply(case: Case) -> None:
    """apply refuses junk for a move with an IllegalMoveError."""
    state = _state(case)
    for move in (*junk(), *junk_text()[:3]):
        refused("apply", IllegalMoveError, case.game.apply, state, move)


def _start(case: Case) -> None:
    """start refuses junk for players, seed or rules with an InvalidStateError."""
    for value in junk():
        refused("start", InvalidStateError, case.game.start, value, seed=1)
        if value is not None:
            refused("start", InvalidStateError, case.game.start, 3, seed=value)
            refused("start", InvalidStateError, case.game.start, 3, seed=1, rules=value)


def _view(case: Case) -> None:
    """view refuses junk for a state or a seat with an InvalidStateError (an int that is no seat: IndexError)."""
    state = _state(case)
    for value in junk():
        if value is not None:
            # an int that is no seat is an IndexError, as the protocol's views document
            wanted = IndexError if type(value) is int else InvalidStateError
            refused("view", wanted, case.game.view, state, value)
            refused("view", InvalidStateError, case.game.view, value, 0)


def _sample_state(case: Case) -> None:
    """sample_state refuses junk, and a state, for a view with an InvalidStateError."""
    state = _state(case)
    for value in (*junk(), state):
        refused("sample_state", InvalidStateError, case.game.sample_state, value, random.Random(1))


def _events_for(case: Case) -> None:
    """events_for refuses junk for events with an InvalidStateError."""
    for value in (*junk()[1:3], None, 1.5, [object()], [None]):
        refused("events_for", InvalidStateError, case.game.events_for, value, 0)


def _documents(case: Case) -> None:
    """The documents refuse junk, as text, as data and as a state's seed, with a DocumentError."""
    documents = case.documents
    state = _state(case)
    for text in junk_text():
        refused("documents", DocumentError, documents.loads, text)
    for value in junk():
        refused("documents", DocumentError, documents.from_data, value)
        refused("documents", DocumentError, documents.from_data, {**documents.to_data(state), "seed": value})


def _records(case: Case) -> None:
    """The records refuse junk, as text and after a header, with a DocumentError."""
    header = f'[Game "{case.game.name}"]\n[Players "2"]\n[Seed "1"]\n[Result "*"]\n\n'
    for text in junk_text():
        refused("records", DocumentError, case.records.loads, text)
        if text:
            refused("records", DocumentError, case.records.loads, header + text + " *")
    for value in junk():
        refused("records", DocumentError, case.records.loads, value)


def _rules_from_tags(case: Case) -> None:
    """rules_from_tags refuses junk for each tag of the case's rules with a DocumentError."""
    game = case.game
    names = {name for rules in (game.default_rules, *case.tag_rules) for name, _ in game.rules_tags(rules)}
    for name in sorted(names):
        for value in (*junk_text(), *junk()):
            refused("rules_from_tags", DocumentError, game.rules_from_tags, {name: value})


JUNK_CHECKS: dict[str, Callable[[Case], None]] = {
    "junk_parse_move": _parse_move,
    "junk_apply": _apply,
    "junk_start": _start,
    "junk_view": _view,
    "junk_sample_state": _sample_state,
    "junk_events_for": _events_for,
    "junk_documents": _documents,
    "junk_records": _records,
    "junk_rules_from_tags": _rules_from_tags,
}
"""The checks of junk by name, one per member (or family of members)."""
