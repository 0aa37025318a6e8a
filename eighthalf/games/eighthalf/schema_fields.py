"""The JSON Schemas of 8½'s documents (:mod:`eighthalf.serialization`): what the schema builder needs of 8½.

:data:`SCHEMAS` is 8½'s :class:`~eighthalf.schemas.documents.GameSchemas`, which its registry
entry names (``eighthalf.games.eighthalf.entry.ENTRY``, ``schemas="eighthalf.games.eighthalf.schema_fields:SCHEMAS"``):
the document types (:data:`DOCUMENT_TYPES`), the texts of the schema files, and the schema
pieces (:func:`round_pieces`). Every field's schema, and every shared definition (ranks,
zones of cards, seats, moves, pile cards, the nested objects), comes from the declaration
of its document type (:mod:`eighthalf.formats.fields`, in :mod:`eighthalf.serialization`).

>>> SCHEMAS.types[:3], SCHEMAS.any_name
(('Rules', 'Move', 'GameState'), 'document')
"""

from __future__ import annotations

from typing import Final

from eighthalf.formats.documents import Registry
from eighthalf.games.eighthalf.options import MAX_SEATS
from eighthalf.games.eighthalf.serialization import REGISTRY
from eighthalf.schemas import DOCUMENT_TYPES as _SHIPPED_TYPES
from eighthalf.schemas.documents import GameSchemas, Pieces, declared_pieces

__all__ = ["DOCUMENT_TYPES", "SCHEMAS", "round_pieces"]

DOCUMENT_TYPES: Final = _SHIPPED_TYPES
"""The value of ``"type"`` of every kind of 8½'s documents, in the order of the format's description:
:data:`eighthalf.schemas.DOCUMENT_TYPES`."""


def round_pieces(registry: Registry) -> Pieces:
    """8½'s definitions (``$defs``: the shared pieces and the objects nested in documents)
    and the fields of each of its document types, from their declarations
    (:func:`~eighthalf.schemas.documents.declared_pieces`).

    Raises:
        EighthalfError: If a document type is not declared.
    """
    return declared_pieces(registry)


SCHEMAS: Final = GameSchemas.derived(
    REGISTRY,
    round_pieces,
    module="eighthalf.serialization",
    checked="the 72 cards, the call, the seats …",
    first_event="Played",
    max_players=MAX_SEATS,
)
"""8½'s schemas: ``<type>.schema.json`` for each of :data:`DOCUMENT_TYPES`, and
``document.schema.json``, which accepts any of them; a table has at most
:data:`~eighthalf.MAX_SEATS` seats (S2)."""
