"""Shedding's JSON Schemas (:class:`eighthalf.schemas.documents.GameSchemas`), derived from its documents' declarations.

>>> from eighthalf.schemas.documents import game_schemas
>>> sorted(game_schemas(SCHEMAS))[:2]
['shedding.Drew.schema.json', 'shedding.GameOver.schema.json']
"""

from __future__ import annotations

from typing import Final

from eighthalf.schemas.documents import GameSchemas, declared_pieces, result_field, seeded_record_fields

from .documents import REGISTRY
from .records import Record

__all__ = ["SCHEMAS"]

SCHEMAS: Final = GameSchemas.derived(
    REGISTRY,
    lambda registry: declared_pieces(
        registry,
        {"shedding.Record": seeded_record_fields(Record, result_field("'*', or '<winners>: <scores>' (SH8)."))},
    ),
    module="shedding.documents",
    checked="the cards of a state, the seats, the notation of moves",
    first_event="shedding.Played",
    game="Shedding",
    reader="shedding.documents.REGISTRY.from_data",
)
"""Shedding's schemas (the registry entry's ``schemas``)."""
