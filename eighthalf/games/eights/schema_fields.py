"""The JSON Schemas of Eights' documents (:mod:`eighthalf.games.eights.serialization`): what the builder needs of Eights.

:data:`SCHEMAS` is Eights' :class:`~eighthalf.schemas.documents.GameSchemas`, which its
registry entry names (``schemas="eighthalf.games.eights.schema_fields:SCHEMAS"``). Every
field's schema comes from the declaration of its document type (:mod:`eighthalf.formats.fields`),
the record's from its facts (:func:`~eighthalf.schemas.documents.seeded_record_fields`).

>>> SCHEMAS.types[:2], SCHEMAS.any_name
(('eights.Rules', 'eights.Move'), 'eights.document')
"""

from __future__ import annotations

from typing import Final

from eighthalf.formats.documents import Registry
from eighthalf.games.eights.options import MAX_PLAYERS
from eighthalf.games.eights.records import Record
from eighthalf.games.eights.serialization import REGISTRY
from eighthalf.schemas import EIGHTS_ANY, EIGHTS_DOCUMENT_TYPES
from eighthalf.schemas.documents import GameSchemas, Pieces, declared_pieces, result_field, seeded_record_fields

__all__ = ["ANY", "DOCUMENT_TYPES", "SCHEMAS", "eights_pieces"]

DOCUMENT_TYPES: Final = EIGHTS_DOCUMENT_TYPES
"""The value of ``"type"`` of every kind of Eights' documents, in the order of the format's
description: :data:`eighthalf.schemas.EIGHTS_DOCUMENT_TYPES`."""

ANY: Final = EIGHTS_ANY
"""The name of the schema that accepts any document of Eights: :data:`eighthalf.schemas.EIGHTS_ANY`."""


def eights_pieces(registry: Registry) -> Pieces:
    """Eights' definitions (``$defs``) and the fields of each of its document types, from their declarations."""
    result = result_field("'*' while unfinished; '<winners>: <totals>' once over, such as '0,2: 31-12-31-5' (WG3).")
    return declared_pieces(registry, {"eights.Record": seeded_record_fields(Record, result, rules_rule="WR1, WR2")})


SCHEMAS: Final = GameSchemas.derived(
    REGISTRY,
    eights_pieces,
    module="eighthalf.eights.serialization",
    checked="the 64 cards, one table card per suit, the scores …",
    first_event="eights.Spelled",
    game="Eights",
    reader="eighthalf.eights.from_data",
    max_players=MAX_PLAYERS,
)
"""Eights' schemas: ``eights.<Type>.schema.json`` for each of :data:`DOCUMENT_TYPES`, and
``eights.document.schema.json`` (:data:`ANY`), which accepts any of them; a table has at
most :data:`~eighthalf.eights.MAX_PLAYERS` seats (WS2)."""
