"""The values of Eights' documents, declared once (:mod:`eighthalf.formats.fields`): cards, moves,
seats, points, rules, outcomes, and the document types of rules, moves, records and events.

The underscored names are the package's own: import the public functions from
:mod:`eighthalf.games.eights.serialization`.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.documents import Kind, check_int_entries, wrong
from eighthalf.formats.fields import (
    Bool,
    Bound,
    Choice,
    Codec,
    Docs,
    Field,
    Int,
    IntList,
    ListOf,
    Notation,
    Nullable,
    Seat,
    Shape,
    Values,
    Winners,
    bound,
    declared,
    notation_kind,
    nullable,
    ref,
)
from eighthalf.formats.seeded import seeded_record_kind
from eighthalf.games.eights.cards import CARDS, DECK, SUIT_LETTERS, Card, parse_card
from eighthalf.games.eights.events import Drew, GameOver, HandDealt, HandOver, Passed, Spelled
from eighthalf.games.eights.moves import Pass, Spell, parse_move
from eighthalf.games.eights.options import HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.records import RECORD_FORMAT
from eighthalf.games.eights.state import DEALT, Outcome
from eighthalf.games.eights.words import WORDS

PREFIX: Final = "eights."
"""How the ``"type"`` of every document of Eights begins (``"eights.GameState"``)."""

_FULL: Final = max(HAND_SIZES.values())


@attrs.frozen(slots=True, weakref_slot=False)
class _Cards(Codec):
    """An array of at most ``high`` cards (``rule`` says why), kept in card order if ``sort``."""

    high: Bound = 64  # len(DECK), WS1
    rule: str = "WS1"
    sort: bool = attrs.field(default=False, kw_only=True)

    def write(self, value: tuple[Card, ...]) -> list[str]:
        return [str(card) for card in value]

    def read(self, value: object, path: str, values: Values) -> tuple[Card, ...]:
        if type(value) is not list:
            wrong(path, "an array of cards", value)
        high = bound(self.high, values)
        if len(value) > high:
            raise DocumentError(path, f"{len(value)} cards, more than the {high} there can be ({self.rule})")
        cards = tuple(CARD.read(entry, f"{path}[{at}]", values) for at, entry in enumerate(value))
        return tuple(sorted(cards)) if self.sort else cards

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "array", "items": CARD.schema(), "maxItems": self.high}

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        return CARD.definitions(docs)


@attrs.frozen(slots=True, weakref_slot=False)
class _Counts(Codec):
    """Non-negative integers, one per seat (of ``players``, or of 2 to 6 seats if ``None``)."""

    players: Bound | None = None

    def write(self, value: tuple[int, ...]) -> list[int]:
        return list(value)

    def read(self, value: object, path: str, values: Values) -> tuple[int, ...]:
        if type(value) is not list:
            wrong(path, "an array of integers, one per seat", value)
        if self.players is None and not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
            raise DocumentError(
                path, f"expected one entry per seat ({MIN_PLAYERS} to {MAX_PLAYERS}), not {len(value)} (WS2)"
            )
        players = None if self.players is None else bound(self.players, values)
        if players is not None and len(value) != players:
            raise DocumentError(path, f"expected {players} entries (one per seat), not {len(value)}")
        return check_int_entries(value, path)

    def derived(self, docs: Docs) -> dict[str, Any]:
        items = {"type": "integer", "minimum": 0}
        return {"type": "array", "items": items, "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS}


@attrs.frozen(slots=True, weakref_slot=False)
class _Origins(Codec):
    """Who put each of ``values["stack"]`` stack cards there: a seat below ``values["players"]``, or -1 (WP3)."""

    def write(self, value: tuple[int, ...]) -> list[int]:
        return list(value)

    def read(self, value: object, path: str, values: Values) -> tuple[int, ...]:
        if type(value) is not list:
            wrong(path, "an array", value)
        stack, players = values["stack"], values["players"]
        stack = stack if type(stack) is int else len(stack)
        if len(value) != stack:
            raise DocumentError(path, f"expected {stack} entries (one per stack card), not {len(value)} (WP3)")
        for at, entry in enumerate(value):
            if type(entry) is not int:
                wrong(f"{path}[{at}]", "a seat number or -1", entry)
            if not DEALT <= entry < players:
                raise DocumentError(
                    f"{path}[{at}]", f"{quote(entry)} is out of range ({DEALT} for dealt, or 0 to {players - 1})"
                )
        return tuple(value)

    def derived(self, docs: Docs) -> dict[str, Any]:
        items = {"type": "integer", "minimum": -1, "maximum": MAX_PLAYERS - 1}
        return {"type": "array", "items": items, "maxItems": len(DECK)}


_CARD_PATTERN: Final = (
    "(" + "|".join(f"{suit}[{''.join(sorted(set(letters)))}]" for suit, letters in SUIT_LETTERS.items()) + ")"
)
_SPELLING: Final = f"({'|'.join(WORDS)})( {_CARD_PATTERN})*( {_CARD_PATTERN}>{_CARD_PATTERN})+"

CARD: Final = Notation(
    parse_card,
    wanted="a card such as '4w'",
    noun="card",
    known=CARDS,
    name="card",
    doc="A card by its notation: the suit's digit and the lower-case letter, '4w' (WS1).",
    shown={"enum": sorted(CARDS)},
)
STACK: Final = _Cards(name="cards")
HAND: Final = _Cards(_FULL, "WS4", name="hand")
TABLE: Final = _Cards(
    name="table",
    doc="The table, one card of each suit, suit by suit (WS3).",
    shown={"type": "array", "items": ref("card"), "minItems": 8, "maxItems": 8},
)
SEAT: Final = Seat(MAX_PLAYERS, name="seat", doc=f"A seat number (at most {MAX_PLAYERS} seats, WS2).")
SEAT_OR_NULL: Final = Nullable(SEAT, name="seatOrNull")
POINTS: Final = _Counts(name="points", doc="Points, one number per seat.")
ORIGINS: Final = _Origins(
    name="origins", doc="Who put each stack card there: a seat, or -1 for a card dealt there (WP3)."
)
MOVE: Final = Notation(
    parse_move,
    name="move",
    shown={"type": "string", "pattern": f"^(pass( {_CARD_PATTERN})*|{_SPELLING})$"},
    doc="A move in its canonical notation, as str(move) writes it: a spelling 'ONE 1n 7o 4e>4w' (the word, the hand "
    "cards, then table>replacing pairs) or a pass 'pass', 'pass 1e 4w'.",
)
SPELLING: Final = Notation(
    parse_move,
    only=Spell,
    refused="expected a spelling such as 'ONE 1n 7o 4e>4w', not {} (WT5)",
    name="spelling",
    doc="A spelling in its canonical notation: 'ONE 1n 7o 4e>4w' (WT2-WT5).",
    shown={"type": "string", "pattern": f"^{_SPELLING}$"},
)
PILES: Final = ListOf(
    ListOf(SPELLING, wanted="an array of spellings"), length="players",
    counted="expected {} score piles (one per seat), not {}", name="piles",
    doc="Every seat's score pile: the spellings it made in this hand (WT5).",
    shown={"type": "array", "items": {"type": "array", "items": ref("spelling")}, "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS},
)  # fmt: skip
TOTALS: Final = {"description": "Each seat's points from the finished hands (WG1), checked on loading."}

_DEFAULT_RULES: Final = Rules()


def _rules(values: Values, path: str) -> Rules:
    if values["target"] is None and values["turn_limit"] is None and not values["may_pass_freely"]:
        return _DEFAULT_RULES
    return Rules(values["target"], values["turn_limit"], values["may_pass_freely"])


RULES: Final = Shape(
    Rules,
    (
        Field("target", Int(1, null=True, rule="WG1, WR2")),
        Field("turn_limit", Int(1, null=True, rule="WH3, WR2")),
        Field("may_pass_freely", Bool()),
    ),
    make=_rules,
    name="rules",
)
OUTCOME: Final = Shape(
    Outcome,
    (
        Field("totals", POINTS),
        Field(
            "winners", IntList(shown={"type": "array", "items": ref("seat"), "minItems": 1, "maxItems": MAX_PLAYERS})
        ),
        Field("target", Int(1)),
    ),
    make=lambda values, path: (values["totals"], values["winners"], values["target"]),
    name="outcome",
    where="an outcome of Eights",
)


def _counted(cls: type, key: str, rule: str = "") -> Any:
    def make(values: Values, path: str) -> Any:
        cards, count = values[key], values["count"]
        if cards is not None and len(cards) != count:
            raise DocumentError(f"{path}.{key}", f"{len(cards)} cards, but count is {count}{rule}")
        return cls(**values)

    return make


def _hand_over(values: Values, path: str) -> HandOver:
    for seat, (points, total) in enumerate(zip(values["scores"], values["totals"], strict=True)):
        if total < points:
            raise DocumentError(f"{path}.totals[{seat}]", f"{total} is less than the hand's {points} points (WG1)")
    return HandOver(**values)


def _hand_dealt(values: Values, path: str) -> HandDealt:
    if values["to_move"] == values["dealer"]:
        raise DocumentError(f"{path}.to_move", "the seat after the dealer plays first, not the dealer (WS2, WG2)")
    return HandDealt(**values)


def _event(cls: type, *fields: Field, make: Any = None) -> Kind:
    return declared(PREFIX + cls.__name__, Shape(cls, fields, make=make))


VALUE_KINDS: Final = (declared(PREFIX + "Rules", RULES), notation_kind(PREFIX + "Move", (Spell, Pass), MOVE))
"""The document types of rules and moves: ``eights.Rules`` and ``eights.Move``."""

RECORD_KIND: Final = seeded_record_kind(PREFIX + "Record", RECORD_FORMAT, VALUE_KINDS[0])
"""The document type of records: ``eights.Record``."""

EVENT_KINDS: Final = (
    _event(Spelled, Field("seat", SEAT), Field("spell", SPELLING)),
    _event(
        Passed, Field("seat", SEAT), Field("count", Int(0, _FULL)),
        Field("exchange", Nullable(HAND.but(rule="WP1", sort=True))), make=_counted(Passed, "exchange", " (WP1)"),
    ),
    _event(
        Drew, Field("seat", SEAT), Field("count", Int(1, _FULL)),
        Field("cards", Nullable(HAND.but(rule="WT6"), shown=nullable({**ref("hand"), "minItems": 1}))),
        make=_counted(Drew, "cards"),
    ),
    _event(
        HandOver, Field("number", Int()), Field("reason", Choice(("passes", "turn limit"), rule="WH1, WH3")),
        Field("scores", POINTS), Field("totals", POINTS.but(players=lambda values: len(values["scores"]))),
        make=_hand_over,
    ),
    _event(HandDealt, Field("number", Int(1)), Field("dealer", SEAT), Field("to_move", SEAT), make=_hand_dealt),
    _event(GameOver, Field("totals", POINTS), Field("winners", Winners("totals", "WG3", SEAT))),
)  # fmt: skip
"""The document types of the events of Eights, in the format's order."""
