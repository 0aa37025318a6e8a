"""Shedding's JSON Schemas (:class:`eighthalf.schemas.documents.GameSchemas`): the fields of its documents.

>>> from eighthalf.schemas.documents import game_schemas
>>> sorted(game_schemas(SCHEMAS))[:2]
['shedding.Drew.schema.json', 'shedding.GameOver.schema.json']
"""

from __future__ import annotations

from typing import Any, Final

from eighthalf.formats.documents import Registry
from eighthalf.schemas.documents import (
    GameSchemas,
    Pieces,
    described_all,
    nullable,
    ref,
    result_field,
    seeded_record_fields,
)

from .documents import REGISTRY
from .records import Record
from .rules import DECK

__all__ = ["SCHEMAS"]

_INT: Final = {"type": "integer", "minimum": 0}


def _pieces(registry: Registry) -> Pieces:
    defs: dict[str, dict[str, Any]] = {
        "card": {"description": "A card: its rank, then its suit (SH1).", "enum": list(DECK)},
        "cards": {"type": "array", "items": ref("card")},
        "seat": {"type": "integer", "minimum": 0, "maximum": 3},
        "seed": {"type": "integer"},
        "rules": {
            "type": "object",
            "properties": {"hand_size": {"type": "integer", "minimum": 3, "maximum": 5}, "move_limit": nullable(_INT)},
            "required": ["hand_size", "move_limit"],
            "additionalProperties": False,
        },
        "move": {"description": "A move in notation: a card, 'draw' or 'pass'.", "type": "string"},
    }
    table = {"players": {"type": "integer", "minimum": 2, "maximum": 4}, "rules": ref("rules")}
    play = {"pile": ref("cards"), "turn": ref("seat"), "moves": _INT, "passes": _INT}
    fields: dict[str, dict[str, dict[str, Any]]] = {
        "shedding.Rules": defs["rules"]["properties"],
        "shedding.Move": {"move": ref("move")},
        "shedding.GameState": {
            **table, **play, "seed": ref("seed"), "hands": {"type": "array", "items": ref("cards")}, "stock": ref("cards"),
        },
        "shedding.PlayerView": {
            **table, **play, "seat": nullable(ref("seat")), "hand": ref("cards"),
            "counts": {"type": "array", "items": _INT}, "stock": _INT,
        },
        "shedding.Record": seeded_record_fields(Record, result_field("'*', or '<winners>: <scores>' (SH8).")),
        "shedding.Played": {"seat": ref("seat"), "card": ref("card")},
        "shedding.Drew": {"seat": ref("seat"), "card": nullable(ref("card"))},
        "shedding.Passed": {"seat": ref("seat")},
        "shedding.GameOver": {"scores": {"type": "array", "items": _INT}, "winners": {"type": "array", "items": ref("seat")}},
    }  # fmt: skip
    return defs, described_all(registry, fields)


SCHEMAS: Final = GameSchemas.derived(
    REGISTRY,
    _pieces,
    module="shedding.documents",
    checked="the cards of a state, the seats, the notation of moves",
    first_event="shedding.Played",
    game="Shedding",
    reader="shedding.documents.REGISTRY.from_data",
)
"""Shedding's schemas (the registry entry's ``schemas``)."""
