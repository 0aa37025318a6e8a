"""The generator of the JSON Schemas: one builder for every game's documents, naming no game.

:func:`build_schemas` reads the registry of games (:mod:`eighthalf.registry`). For
each game (by default the games whose schemas this package ships,
:func:`~eighthalf.schemas.server.shipped_games`) whose entry names its schemas
(:attr:`GameEntry.schemas <eighthalf.registry.GameEntry.schemas>`, a
:class:`~eighthalf.schemas.documents.GameSchemas` in the game's own package, as
:data:`eighthalf.games.eighthalf.schema_fields.SCHEMAS` and :data:`eighthalf.games.eights.schema_fields.SCHEMAS`),
it writes the game's schema files with :func:`~eighthalf.schemas.documents.game_schemas`; then
the schemas of the game server's protocol (:mod:`eighthalf.schemas.server`). The machinery
that is the same for every game (the header, the required keys taken from the loader, the
fields' descriptions taken from their attribute docstrings, one file per document type and
one that accepts any of them) is :mod:`eighthalf.schemas.documents`, whose names this module
re-exports. Only the schema files' generator needs this module; :mod:`eighthalf.schemas`
reads the shipped files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from eighthalf.registry import GameEntry
from eighthalf.schemas.analysis import analysis_schemas
from eighthalf.schemas.documents import RECORD_COMMENTS as RECORD_COMMENTS
from eighthalf.schemas.documents import RECORD_TAGS as RECORD_TAGS
from eighthalf.schemas.documents import (
    GameSchemas,
    Pieces,
    attribute_docs,
    document_schema,
    game_schemas,
    keys_of,
    nullable,
    object_schema,
    ref,
    schemas_of,
)
from eighthalf.schemas.documents import used_defs as used_defs
from eighthalf.schemas.server import server_schemas, shipped_games

__all__ = [
    "GameSchemas",
    "Pieces",
    "attribute_docs",
    "build_schemas",
    "document_schema",
    "dump_schema",
    "game_schemas",
    "keys_of",
    "nullable",
    "object_schema",
    "ref",
]


def build_schemas(entries: Iterable[GameEntry] | None = None) -> dict[str, dict[str, Any]]:
    """Build every schema from the loaders' definitions, as the shipped files hold them.

    Args:
        entries: The games to describe, from the registry of games; ``None`` for the
            games whose schemas this package ships
            (:func:`~eighthalf.schemas.server.shipped_games`), which the shipped files
            hold. ``games()`` of :mod:`eighthalf.registry` describes every
            registered game, another distribution's too.

    Returns:
        ``{file name: schema}``: for each of those games that has schemas, in the
        registry's order, ``"<type>.schema.json"`` for each of its document types
        (8½'s :data:`~eighthalf.schemas.DOCUMENT_TYPES`, Eights'
        :data:`~eighthalf.schemas.EIGHTS_DOCUMENT_TYPES`) and the schema that accepts
        any of its documents (``"document.schema.json"``, ``"eights.document.schema.json"``);
        then the schemas of the game server's protocol
        (:func:`~eighthalf.schemas.server.server_schemas`), then those of reviews
        (:func:`~eighthalf.schemas.analysis.analysis_schemas`).

    Raises:
        EighthalfError: If a loader reads document types or keys that these schemas do
            not describe (the format changed and the schemas must follow), or the server's
            protocol changed and its schemas must follow.
    """
    chosen = shipped_games() if entries is None else tuple(entries)
    out: dict[str, dict[str, Any]] = {}
    for entry in chosen:
        described = schemas_of(entry)
        if described is not None:
            out.update(game_schemas(described))
    out.update(server_schemas(chosen))
    out.update(analysis_schemas())
    return out


def dump_schema(value: dict[str, Any]) -> str:
    """A schema as the shipped files hold it: JSON, indented by 2, UTF-8, ending in a new line.

    Args:
        value: A schema from :func:`build_schemas`.

    Returns:
        The text of its file.
    """
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"
