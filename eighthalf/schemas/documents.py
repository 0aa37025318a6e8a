"""The JSON Schemas of a game's documents, written once for every game.

A game that ships schemas describes them in one :class:`GameSchemas` (its registry
entry's :attr:`~eighthalf.registry.GameEntry.schemas` names it): its document
types, the texts of its schema files, and its *schema pieces*, the definitions its
documents share and the fields of each document type. :func:`game_schemas` turns that
into the game's schema files; what is the same for every game is here: the header of a
file, the required keys taken from the loader (:func:`keys_of`), the fields' descriptions
taken from their attribute docstrings (:func:`attribute_docs`), one file per document type
and one that accepts any of them. :func:`schemas_of` finds a game's description.

>>> body = object_schema(frozenset({"seat"}), {"seat": ref("seat")}, {"seat": "Who moved."}, "an example")
>>> body["properties"], body["required"]
({'seat': {'description': 'Who moved.', '$ref': '#/$defs/seat'}}, ['seat'])
>>> nullable({"type": "integer"})
{'oneOf': [{'type': 'null'}, {'type': 'integer'}]}

The schema builder (:func:`eighthalf.schemas.build_schemas`) reads the registry of games
and calls :func:`game_schemas` for each game that has schemas; it names no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias

import attrs

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.formats.document_kinds import COMMENTS, TAGS
from eighthalf.formats.documents import FORMAT, HEADER, VERSION, Registry
from eighthalf.formats.fields import attribute_docs, nullable, object_schema, ref
from eighthalf.formats.seeded import SeededRecord
from eighthalf.registry import GameEntry, load_object

__all__ = [
    "DRAFT",
    "RECORD_COMMENTS",
    "RECORD_TAGS",
    "GameSchemas",
    "Pieces",
    "attribute_docs",
    "declared_pieces",
    "described",
    "document_schema",
    "game_schemas",
    "keys_of",
    "nullable",
    "object_schema",
    "record_fields",
    "ref",
    "result_field",
    "schemas_of",
    "seeded_record_fields",
    "used_defs",
]

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema file (``$schema``): draft 2020-12."""


RECORD_COMMENTS: dict[str, Any] = COMMENTS.body()
"""The schema of a record's ``comments``, the same in every game: pairs ``[n, text]``."""
RECORD_TAGS: dict[str, Any] = TAGS.body()
"""The schema of a record's own ``tags``, the same in every game: pairs ``[name, value]``."""


def result_field(description: str, *, no_winner: bool = False) -> dict[str, Any]:
    """The schema of a record's ``result``: ``*``, or the text of a
    :class:`~eighthalf.core.game.Result` (winners, ``": "``, scores), described by ``description``.

    >>> result_field("The result.")["pattern"]
    '^(\\\\*|[0-9]+(,[0-9]+)*: [0-9]+(-[0-9]+)+)$'

    Args:
        description: What the game's results are.
        no_winner: Whether a result may have no winner (written ``-``, as 8½ under E7).
    """
    winners = "(-|[0-9]+(,[0-9]+)*)" if no_winner else "[0-9]+(,[0-9]+)*"
    return {"description": description, "type": "string", "pattern": rf"^(\*|{winners}: [0-9]+(-[0-9]+)+)$"}


def record_fields(setup: dict[str, dict[str, Any]], result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The fields of a record document, the same in every game but its set-up and its result:
    ``setup`` (``players``, ``seed`` …), then ``rules`` (the definition ``rules``), ``moves``
    (each the definition ``move``), ``result`` (:func:`result_field`), ``comments``
    (:data:`RECORD_COMMENTS`) and ``tags`` (:data:`RECORD_TAGS`).
    """
    return {
        **setup,
        "rules": ref("rules"),
        "moves": {"type": "array", "items": ref("move")},
        "result": result,
        "comments": RECORD_COMMENTS,
        "tags": RECORD_TAGS,
    }


def seeded_record_fields(
    record: type[SeededRecord[Any, Any, Any]], result: dict[str, Any], *, rules_rule: str | None = None
) -> dict[str, dict[str, Any]]:
    """The fields of the document of a seeded record (:mod:`eighthalf.formats.seeded`), from
    its facts: ``players`` as many as the game's default rules allow (described with the
    players rule), ``seed`` (with the seed rule), and the :func:`record_fields`.

    >>> from eighthalf.eights import Record
    >>> seeded_record_fields(Record, result_field("The result."))["players"]
    {'description': 'The number of seats (WS2).', 'type': 'integer', 'minimum': 2, 'maximum': 6}

    Args:
        record: The game's ``Record`` class.
        result: The schema of its result (:func:`result_field`).
        rules_rule: The rule ids of the rules' options (``"WR1, WR2"``), for the
            description of ``rules``, if any.
    """
    facts = record.facts
    counts = facts.game.player_counts(facts.game.default_rules)
    return record_fields(
        {
            "players": {
                "description": f"The number of seats ({facts.players_rule}).",
                "type": "integer",
                "minimum": counts[0],
                "maximum": counts[-1],
            },
            "seed": {
                "description": f"The seed of every shuffle of the game{_cited(facts.seed_rule)}.",
                "type": "integer",
            },
        },
        result,
    ) | {"rules": {"description": f"The options played with{_cited(rules_rule)}.", **ref("rules")}}


def _cited(rule: str | None) -> str:
    return "" if rule is None else f" ({rule})"


def declared_pieces(registry: Registry, own: Mapping[str, dict[str, dict[str, Any]]] | None = None) -> Pieces:
    """The schema pieces of a game whose document types are declared
    (:func:`~eighthalf.formats.fields.declared`): the fields of each type from its
    declaration, and the shared definitions that their types are or refer to.

    Args:
        registry: The game's documents.
        own: The fields of the types that are not declared, by type name (a seeded
            record's, :func:`seeded_record_fields`).

    Raises:
        EighthalfError: If a type is neither declared nor in ``own``, or if ``own``'s fields
            are not the loader's keys.
    """
    own = own or {}
    defs: dict[str, dict[str, Any]] = {}
    documents: dict[str, dict[str, Any]] = {}
    for kind in registry.kinds:
        if kind.name in own:
            documents[kind.name] = described(registry, kind.name, own[kind.name])
        elif kind.shape is None:
            raise EighthalfError(f"the document type {kind.name} is not declared, and no fields are given for it")
        else:
            documents[kind.name] = kind.shape.schema(attribute_docs)
            defs.update(kind.shape.definitions(attribute_docs))
    return defs, documents


def described(
    registry: Registry, name: str, fields: dict[str, dict[str, Any]], optional: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """The :func:`object_schema` of the document type ``name`` of ``registry``: the keys its
    loader requires (:func:`keys_of`), ``fields``, and the descriptions of the attribute
    docstrings (:func:`attribute_docs`) of the first class it holds.

    Raises:
        EighthalfError: If the loader's keys are not those of ``fields`` and ``optional``.
    """
    return object_schema(
        keys_of(registry, name), fields, attribute_docs(registry.by_name[name].classes[0]), name, optional
    )


def used_defs(node: object, defs: dict[str, Any], found: set[str]) -> set[str]:
    """The names of ``defs`` that ``node`` refers to, directly or through other definitions."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                name = value.rsplit("/", 1)[1]
                if name not in found:
                    found.add(name)
                    used_defs(defs[name], defs, found)
            else:
                used_defs(value, defs, found)
    elif isinstance(node, list):
        for value in node:
            used_defs(value, defs, found)
    return found


def document_schema(name: str, body: dict[str, Any]) -> dict[str, Any]:
    """A document type's schema: the header keys, then the type's own fields (``body``, an
    :func:`object_schema`)."""
    properties = {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "type": {"const": name},
        **body["properties"],
    }
    required = ["format", "version", "type", *body["required"]]
    return {"type": "object", "properties": properties, "required": sorted(required), "additionalProperties": False}


Pieces: TypeAlias = tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]
"""What a game's schema pieces give: the definitions shared by its documents (``$defs``),
and the fields of each document type (an :func:`object_schema` by type name)."""


@attrs.frozen(slots=True, weakref_slot=False)
class GameSchemas:
    """What the builder needs to know of one game beyond its documents: the names and texts
    of its schema files, and its schema pieces.

    A game declares one in its own package and names it in its registry entry
    (:attr:`GameEntry.schemas <eighthalf.registry.GameEntry.schemas>`,
    ``"module:attribute"``); its :attr:`registry` is the entry's
    :attr:`~eighthalf.registry.GameEntry.documents`.
    """

    registry: Registry
    """The game's documents: its registry entry's
    :attr:`~eighthalf.registry.GameEntry.documents`."""
    types: tuple[str, ...]
    """Every document type, in the order of the format's description."""
    any_name: str
    """The name of the schema that accepts any document of the game."""
    module: str
    """The module that writes the documents, for descriptions."""
    reader: str
    """The function that reads them, for descriptions."""
    checked: str
    """What the reader checks beyond the shape, for descriptions."""
    of_game: str
    """How the title of the any-document schema names the game: ``""`` or ``" of Eights"``."""
    loader: str
    """How an error names the loader: ``"the loader"``, ``"the loader of Eights"``."""
    pieces: Callable[[Registry], Pieces]
    """The game's definitions and the fields of each document type, given its registry."""
    events: tuple[str, ...] = attrs.field(default=(), kw_only=True)
    """The document types of the game's events, as a table's ``state`` message sends them
    (for the game server's schemas), in the order of :attr:`types`."""
    max_players: int | None = attrs.field(default=None, kw_only=True)
    """The most players that any rules of the game allow, for the game server's schemas
    (its seat numbers and tables' sizes), or ``None`` for the most that the game's
    default rules allow (:meth:`~eighthalf.core.game.Game.player_counts`). The game
    protocol says only how many a given set of rules allows: 8½'s default rules allow
    5 players, its rules at most 8 (S2)."""

    @classmethod
    def derived(
        cls,
        registry: Registry,
        pieces: Callable[[Registry], Pieces],
        *,
        module: str,
        checked: str,
        first_event: str,
        game: str | None = None,
        reader: str | None = None,
        max_players: int | None = None,
    ) -> GameSchemas:
        """A game's schemas, with what its registry says derived from it: the
        :attr:`types` in the registry's order, the :attr:`any_name` (``document`` after the
        types' prefix: ``eights.document``), the :attr:`events` (the types from
        ``first_event`` on), and the texts that name the game and its reader.

        >>> from eighthalf.games.eights.schema_fields import SCHEMAS
        >>> SCHEMAS.any_name, SCHEMAS.reader, SCHEMAS.loader, SCHEMAS.events[0]
        ('eights.document', 'eighthalf.eights.from_data', 'the loader of Eights', 'eights.Spelled')

        Args:
            registry: The game's documents.
            pieces: Its schema pieces (:attr:`pieces`).
            module: The module that writes the documents (:attr:`module`).
            checked: What the reader checks beyond the shape (:attr:`checked`).
            first_event: The first of the document types of events (the last types of the registry).
            game: How the texts name the game (``"Eights"``), or ``None`` for the first game
                of the library, whose texts name none.
            reader: The function that reads the documents, by default ``from_data`` of the
                package of ``module``.
            max_players: The most players that any rules allow (:attr:`max_players`).
        """
        types = tuple(kind.name for kind in registry.kinds)
        prefix = types[0].rpartition(".")[0]
        of_game = "" if game is None else f" of {game}"
        return cls(
            registry,
            types,
            f"{prefix}.document" if prefix else "document",
            module,
            f"{module.rpartition('.')[0]}.from_data" if reader is None else reader,
            checked,
            of_game,
            f"the loader{of_game}",
            pieces,
            events=types[types.index(first_event) :],
            max_players=max_players,
        )


def game_schemas(game: GameSchemas) -> dict[str, dict[str, Any]]:
    """The schema files of one game: one per document type, and the any-document schema.

    Returns:
        ``{file name: schema}``: ``"<type>.schema.json"`` for each of ``game.types``, then
        ``"<any_name>.schema.json"``.

    Raises:
        EighthalfError: If the game's registry holds other document types than ``game.types``,
            or a type's keys are not the fields its schema describes.
    """
    kinds = game.registry.by_name
    if set(kinds) != set(game.types):
        raise EighthalfError(
            f"the JSON Schemas are out of step with {game.loader}: it reads {sorted(kinds)}, "
            f"the schemas describe {sorted(game.types)}"
        )
    defs, documents = game.pieces(game.registry)
    out: dict[str, dict[str, Any]] = {}
    for name in game.types:
        doc = document_schema(name, documents[name])
        used = used_defs(doc, defs, set())
        out[f"{name}.schema.json"] = {
            "$schema": DRAFT,
            "$id": f"urn:eighthalf:schema:{VERSION}:{name}",
            "title": f"eighthalf {name} document (format version {VERSION})",
            "description": (
                f"A {name} as {game.module} writes it. Checks the shape only; "
                f"{game.reader} also checks the rules ({game.checked})."
            ),
            **doc,
            "$defs": {key: defs[key] for key in sorted(used)},
        }
    every = {name: document_schema(name, documents[name]) for name in game.types}
    out[f"{game.any_name}.schema.json"] = {
        "$schema": DRAFT,
        "$id": f"urn:eighthalf:schema:{VERSION}:{game.any_name}",
        "title": f"any eighthalf document{game.of_game} (format version {VERSION})",
        "description": f"Any document of {game.module}: the value of 'type' selects the schema.",
        "type": "object",
        "properties": {"type": {"enum": list(game.types)}},
        "required": ["format", "version", "type"],
        "allOf": [{"if": {"properties": {"type": {"const": name}}}, "then": ref(name)} for name in game.types],
        "$defs": {**every, **{key: defs[key] for key in sorted(defs)}},
    }
    return out


def keys_of(registry: Registry, name: str) -> frozenset[str]:
    """The keys that the loader requires of the document type ``name``, the header's aside."""
    return frozenset(registry.by_name[name].keys - HEADER)


def schemas_of(entry: GameEntry) -> GameSchemas | None:
    """The description of ``entry``'s schemas (what its :attr:`~eighthalf.registry.GameEntry.schemas`
    names), or ``None`` if the game ships no schemas.

    >>> from eighthalf.registry import find
    >>> schemas_of(find("Eights")).any_name
    'eights.document'

    Raises:
        eighthalf.registry.RegistryError: If the entry's ``"module:attribute"`` cannot be loaded.
        EighthalfError: If it names no :class:`GameSchemas`, or one of other documents
            than the entry's.
    """
    if entry.schemas is None:
        return None
    found = load_object(entry.schemas)
    if not isinstance(found, GameSchemas):
        raise EighthalfError(f"the schemas of {entry.name}, {entry.schemas}, are {quote(found)}, not a GameSchemas")
    if found.registry is not entry.documents:
        raise EighthalfError(
            f"the schemas of {entry.name} ({entry.schemas}) describe other documents than its entry's documents"
        )
    return found
