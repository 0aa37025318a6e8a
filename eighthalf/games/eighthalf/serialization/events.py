"""8½'s events as documents, each declared once: the events of a round (``Played`` … ``RoundOver``) and of a match.

An event's seat may be any of the :data:`~eighthalf.MAX_SEATS` (the event does not say the table's size).
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from eighthalf.core.errors import DocumentError
from eighthalf.formats.documents import Kind, wrong
from eighthalf.formats.fields import (
    Bool,
    Choice,
    Docs,
    Field,
    Int,
    IntList,
    Nullable,
    Seat,
    Shape,
    Values,
    Winners,
    declared,
    ref,
)
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.events import (
    BlindTurned,
    Caught,
    Collected,
    Drew,
    Locked,
    Played,
    ReachedTable,
    RoundOver,
    WentOut,
)
from eighthalf.games.eighthalf.match import Exchanged, MatchOver, RoundDealt
from eighthalf.games.eighthalf.options import MAX_SEATS
from eighthalf.games.eighthalf.serialization.values import (
    _DECK_SIZE,
    DRAWN,
    EXCHANGE,
    NUMBER_RANK,
    OUTCOME_FIELDS,
    PLAY,
    RANK,
    SEAT,
    SEAT_OR_NULL,
    scored,
)
from eighthalf.games.eighthalf.state import MAX_CALL_HALVES


@attrs.frozen(slots=True, weakref_slot=False)
class _Source(Choice):
    """Where the ``cards`` read before came from: one blind card at a time, one to three open cards (T3)."""

    def read(self, value: object, path: str, values: Values) -> str:
        source = Choice.read(self, value, path, values)
        cards = values["cards"]
        where = f"{path.rpartition('.')[0]}.cards"
        if source == "blind" and len(cards) != 1:
            raise DocumentError(where, "one card at a time from the blind cards (T3)")
        if source == "open" and (len(cards) > 3 or cards == (Rank.EIGHT, Rank.HALF)):  # o77 under open_runs (T3)
            raise DocumentError(where, "one to three open cards of one rank (T3)")
        return source

    def needs_values(self) -> bool:
        return True


@attrs.frozen(slots=True, weakref_slot=False)
class _Caught(Seat):
    """The seat caught: not the ``catcher`` read before (P8)."""

    def read(self, value: object, path: str, values: Values) -> int:
        seat: int = Seat.read(self, value, path, values)
        if seat == values["catcher"]:
            raise DocumentError(path, "a seat cannot catch itself (P8)")
        return seat

    def needs_values(self) -> bool:
        return True

    def derived(self, docs: Docs) -> dict[str, Any]:
        return ref("seat")


@attrs.frozen(slots=True, weakref_slot=False)
class _Scores(IntList):
    """A match's scores, one per seat (2 to :data:`~eighthalf.MAX_SEATS`, M1)."""

    def read(self, value: object, path: str, values: Values) -> tuple[int, ...]:
        if type(value) is list and not 2 <= len(value) <= MAX_SEATS:
            raise DocumentError(path, f"expected one score per seat (2 to {MAX_SEATS}), not {len(value)}")
        return IntList.read(self, value, path, values)


_ROUND_OVER: Final = Shape(RoundOver, OUTCOME_FIELDS, make=scored(RoundOver))


def _round_over(obj: dict[str, Any], path: str, values: Values) -> RoundOver:
    """A ``RoundOver`` read for as many seats as it has counts (2 to :data:`~eighthalf.MAX_SEATS`)."""
    counts = obj["counts"]
    players = len(counts) if type(counts) is list else 0
    if not 2 <= players <= MAX_SEATS:
        if type(counts) is not list:
            wrong(f"{path}.counts", "an array", counts)
        raise DocumentError(f"{path}.counts", f"expected one count per seat (2 to {MAX_SEATS}), not {players}")
    round_over: RoundOver = _ROUND_OVER.read(obj, path, {"players": players})
    return round_over


def _event(cls: type, *fields: Field, **options: Any) -> Kind:
    return declared(cls.__name__, Shape(cls, fields, **options))


_SEAT: Final = Field("seat", SEAT)
_CALL: Final = Int(0, MAX_CALL_HALVES)
_SCORES: Final = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": MAX_SEATS}

EVENT_KINDS: Final = (
    _event(Played, _SEAT, Field("cards", PLAY), Field("source", _Source(("hand", "open", "blind"))), Field("call_halves", _CALL)),
    _event(BlindTurned, _SEAT, Field("position", Int(0, 2)), Field("rank", RANK), Field("failed", Bool())),
    _event(Caught, Field("catcher", SEAT), Field("caught", _Caught(MAX_SEATS)), Field("rank", NUMBER_RANK)),
    _event(
        Collected, _SEAT, Field("count", Int(1, _DECK_SIZE)), Field("into_hand", Bool()),
        Field("cause", Choice(("stuck", "caught", "blind"))), order=("cause", "seat", "count", "into_hand"),
    ),
    _event(Drew, _SEAT, Field("count", Int(1, 3)), Field("cards", DRAWN), order=("count", "cards", "seat")),
    _event(Locked, _SEAT),
    _event(ReachedTable, _SEAT),
    _event(WentOut, _SEAT, Field("waiting", Bool())),
    _event(RoundOver, *OUTCOME_FIELDS, load=_round_over),
    _event(RoundDealt, Field("index", Int()), Field("dealer", SEAT), Field("exchange_by", SEAT_OR_NULL)),
    _event(Exchanged, _SEAT, Field("exchange", Nullable(EXCHANGE))),
    _event(MatchOver, Field("scores", _Scores(shown=_SCORES)), Field("winners", Winners("scores", "M1", SEAT))),
)  # fmt: skip
"""The document types of the events of a round and of a match, in the format's order."""
