"""Reviews as JSON documents: declared once (:mod:`eighthalf.formats.fields`), the writer, reader and schema derived.

A review is a document of type ``"analysis.Review"`` in the envelope every document of
eighthalf has (``"format": "eighthalf"``, ``"version": 1``); its schema ships as
``eighthalf/schemas/analysis.Review.schema.json`` (:func:`eighthalf.schemas.schema`).

>>> from eighthalf.analysis.judgement import Review, SeatSummary
>>> summary = SeatSummary(0, 0, 0, 0, 0, 0, 0.0, 100.0, "Seat 0: no decisions.")
>>> empty = Review("Eights", 2, "*", (0,), 40, None, 1, "en", (), (summary,))
>>> loads(dumps(empty)) == empty
True
>>> from_data({**to_data(empty), "players": 1})
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.players: 1 is out of range (2 to 2**53 - 1)
"""

from __future__ import annotations

import math
from typing import Any, Final

import attrs

from eighthalf.analysis.analyse import MoveValue
from eighthalf.analysis.judgement import LABELS, Decision, Review, SeatSummary
from eighthalf.core.errors import DocumentError, quote
from eighthalf.core.i18n import LOCALES
from eighthalf.formats.documents import Registry, wrong
from eighthalf.formats.fields import (
    Choice,
    Codec,
    Docs,
    Field,
    Int,
    ListOf,
    Nullable,
    Seat,
    Seed,
    Shape,
    Str,
    Values,
    declared,
)

__all__ = ["DOCUMENTS", "REVIEW_SHAPE", "REVIEW_TYPE", "Number", "dumps", "from_data", "loads", "to_data"]

REVIEW_TYPE: Final = "analysis.Review"
"""The ``"type"`` of a review's document."""


@attrs.frozen(slots=True, weakref_slot=False)
class Number(Codec):
    """A finite real number from ``low`` to ``high`` (``None``: unbounded; an integer is a number,
    ``true`` is not), read as a float."""

    low: float | None = 0.0
    high: float | None = None

    def write(self, value: float) -> float:
        return float(value)

    def read(self, value: object, path: str, values: Values) -> float:
        if type(value) not in (int, float):
            wrong(path, "a number", value)
        number = float(value)  # type: ignore[arg-type]
        low, high = self.low, self.high
        if not math.isfinite(number) or (low is not None and number < low) or (high is not None and number > high):
            bounds = ("any" if low is None else f"{low:g}") + ("" if high is None else f" to {high:g}")
            raise DocumentError(path, f"{quote(value)} is out of range ({bounds})")
        return number

    def derived(self, docs: Docs) -> dict[str, Any]:
        body: dict[str, Any] = {"type": "number"}
        if self.low is not None:
            body["minimum"] = self.low
        if self.high is not None:
            body["maximum"] = self.high
        return body


_CHANCE: Final = Number(0.0, 1.0)
_SE: Final = Number(0.0)
_COUNT: Final = Int(0)

MOVE_SHAPE: Final = Shape(
    MoveValue,
    (
        Field("move", Str()),
        Field("chance", _CHANCE),
        Field("chance_se", _SE),
        Field("points", Number(None)),
        Field("points_se", _SE),
        Field("loss", _CHANCE),
        Field("loss_se", _SE),
    ),
    name="moveValue",
)
"""A move as an analysis values it (:class:`~eighthalf.analysis.analyse.MoveValue`)."""

DECISION_SHAPE: Final = Shape(
    Decision,
    (
        Field("number", Int(1)),
        Field("seat", Seat("players")),
        Field("played", Str()),
        Field("best", Str()),
        Field("chance", _CHANCE),
        Field("best_chance", _CHANCE),
        Field("cost", _CHANCE),
        Field("cost_se", _SE),
        Field("label", Choice(LABELS)),
        Field("moves", ListOf(MOVE_SHAPE.codec())),
        Field("unweighed", _COUNT),
        Field("text", Str()),
    ),
    name="decision",
)
"""A decision of a review (:class:`~eighthalf.analysis.judgement.Decision`)."""

SUMMARY_SHAPE: Final = Shape(
    SeatSummary,
    (
        Field("seat", Seat("players")),
        Field("decisions", _COUNT),
        Field("only_moves", _COUNT),
        Field("inaccuracies", _COUNT),
        Field("mistakes", _COUNT),
        Field("blunders", _COUNT),
        Field("cost", Number(0.0)),
        Field("accuracy", Number(0.0, 100.0)),
        Field("text", Str()),
    ),
    name="seatSummary",
)
"""A seat's summary (:class:`~eighthalf.analysis.judgement.SeatSummary`)."""


def _make_review(values: Values, path: str) -> Review:
    seats = values["seats"]
    if list(seats) != sorted(set(seats)) or not seats:
        raise DocumentError(f"{path}.seats", f"expected seats in order, each once, at least one, not {list(seats)}")
    for at, decision in enumerate(values["decisions"]):
        if decision.seat not in seats:
            raise DocumentError(f"{path}.decisions[{at}].seat", f"seat {decision.seat} is not a seat reviewed")
    if [summary.seat for summary in values["summaries"]] != list(seats):
        raise DocumentError(f"{path}.summaries", "expected one summary per seat reviewed, in seat order")
    return Review(**{field.name: values[field.name] for field in attrs.fields(Review)})


REVIEW_SHAPE: Final = Shape(
    Review,
    (
        Field("game", Str()),
        Field("players", Int(2)),
        Field("result", Str()),
        Field("seats", ListOf(Seat("players"))),
        Field("budget", Int(1, null=True)),
        Field("seconds", Nullable(Number(0.0))),
        Field("seed", Seed()),
        Field("locale", Choice(LOCALES)),
        Field("decisions", ListOf(DECISION_SHAPE.codec())),
        Field("summaries", ListOf(SUMMARY_SHAPE.codec())),
    ),
    make=_make_review,
)
"""A review (:class:`~eighthalf.analysis.judgement.Review`): the declaration its writer, reader and schema derive from."""


def _foreign(name: str) -> str | None:
    return None


DOCUMENTS: Final = Registry([declared(REVIEW_TYPE, REVIEW_SHAPE)], label="eighthalf.analysis", foreign=_foreign)
"""The documents of the analysis: reviews."""


def to_data(found: Review) -> dict[str, Any]:
    """The review as a JSON document (a dict).

    Raises:
        TypeError: If ``found`` is not a :class:`~eighthalf.analysis.judgement.Review`.
    """
    return DOCUMENTS.to_data(found)


def from_data(data: object) -> Review:
    """The review of a JSON document, every key and value checked.

    Raises:
        DocumentError: If it is not a review's document; the message gives the JSON path.
    """
    found: Review = DOCUMENTS.from_data(data, Review)
    return found


def dumps(found: Review, indent: int | None = None) -> str:
    """The review as JSON text, which :func:`loads` reads back equal.

    Raises:
        TypeError: If ``found`` is not a review.
    """
    return DOCUMENTS.dumps(found, indent)


def loads(text: object) -> Review:
    """The review of JSON text.

    Raises:
        DocumentError: If the text is not JSON or not a review's document.
    """
    found: Review = DOCUMENTS.loads(text, Review)
    return found
