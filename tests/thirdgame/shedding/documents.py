"""JSON documents of Shedding, each type declared once (:mod:`eighthalf.formats.fields`).

>>> from .rules import start
>>> REGISTRY.from_data(REGISTRY.to_data(start(3, seed=2))) == start(3, seed=2)
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from eighthalf.errors import DocumentError
from eighthalf.formats.documents import Registry
from eighthalf.formats.fields import (
    Field,
    Int,
    IntList,
    Listed,
    ListOf,
    Notation,
    Nullable,
    Seat,
    Seed,
    Shape,
    Values,
    constructed,
    declared,
    notation_kind,
)
from eighthalf.formats.seeded import seeded_record_kind

from .game import SHEDDING
from .records import RECORD_FORMAT
from .rules import DECK, Draw, Drew, GameOver, GameState, Pass, Passed, Play, Played, PlayerView, Rules

__all__ = ["REGISTRY"]

CARD: Final = Listed(DECK, "a card such as '3h'", name="card", doc="A card: its rank, then its suit (SH1).")
CARDS: Final = ListOf(CARD, wanted="an array of cards", name="cards")
SEAT: Final = Seat("players", name="seat", shown={"type": "integer", "minimum": 0, "maximum": 3})
MOVE: Final = Notation(SHEDDING.parse_move, name="move", doc="A move in notation: a card, 'draw' or 'pass'.")
RULES: Final = Shape(
    Rules,
    (Field("hand_size", Int(3, 5)), Field("move_limit", Int(1, null=True))),
    order=("move_limit", "hand_size"),
    make=constructed(Rules),
    name="rules",
)
_TABLE: Final = (Field("players", Int(2, 4)),)
_PLAY: Final = (Field("turn", SEAT), Field("moves", Int()), Field("passes", Int(0, "players")))


def _state(values: Values, path: str) -> GameState:
    cards = Counter((*values["stock"], *values["pile"], *(card for hand in values["hands"] for card in hand)))
    if cards != Counter(DECK) or not values["pile"]:
        raise DocumentError(
            path, "the hands, stock and pile must hold the 24 cards once each, the pile one at least (SH1)"
        )
    return GameState(**values)


def _event(cls: type, *fields: Field) -> Any:
    return declared(f"shedding.{cls.__name__}", Shape(cls, fields))


_SEAT_OF: Final = Field("seat", Int(0, 3, name="seat"))  # an event's seat: any of the four

REGISTRY: Final = Registry(
    (
        rules := declared("shedding.Rules", RULES),
        notation_kind("shedding.Move", (Play, Draw, Pass), MOVE),
        declared(
            "shedding.GameState",
            Shape(GameState, (
                *_TABLE, Field("seed", Seed()), Field("rules", RULES.codec()),
                Field("hands", ListOf(CARDS, length="players", counted="expected {} hands, one per seat, not {}")),
                Field("stock", CARDS), Field("pile", CARDS), *_PLAY,
            ), make=_state),
        ),
        declared(
            "shedding.PlayerView",
            Shape(PlayerView, (
                *_TABLE, Field("seat", Nullable(SEAT)), Field("rules", RULES.codec()), Field("hand", CARDS),
                Field("counts", IntList("players", 24)), Field("pile", CARDS), Field("stock", Int(0, 24)), *_PLAY,
            )),
        ),
        seeded_record_kind("shedding.Record", RECORD_FORMAT, rules),
        _event(Played, _SEAT_OF, Field("card", CARD)),
        _event(Drew, _SEAT_OF, Field("card", Nullable(CARD))),
        _event(Passed, _SEAT_OF),
        _event(GameOver, Field("scores", IntList()), Field("winners", IntList())),
    ),
    label="shedding",
    foreign=lambda name: None,
)  # fmt: skip
"""Shedding's document types (the registry entry's ``documents``)."""
