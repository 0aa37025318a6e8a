"""The generator of the JSON Schemas: one builder for every game's documents.

:func:`build_schemas` reads each game's document types from the game object's public
registry (:attr:`Game.documents <eighthalf.common.game.Game.documents>` of
:data:`eighthalf.game.ROUND` and :data:`eighthalf.eights.game.EIGHTS`) and describes
each field with the schema pieces of that game (:mod:`eighthalf.schemas.round_fields`,
:mod:`eighthalf.schemas.eights_fields`); the rest is the same for every game: the
header, the required keys taken from the loader, the fields' descriptions taken from
their attribute docstrings, one file per document type and one that accepts any of them.
Only the schema files' generator needs this module; :mod:`eighthalf.schemas` reads the
shipped files.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from ..common.documents import FORMAT, HEADER, VERSION, Registry
from ..errors import EighthalfError

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

_DRAFT = "https://json-schema.org/draft/2020-12/schema"

_ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|ref):`~?(?:[\w.]*\.)?([^`<]+?)(?: <[^>]*>)?`")


def _plain(text: str) -> str:
    """A docstring as plain text: no reST roles or literals, one line."""
    text = _ROLE.sub(r"\1", text)
    text = text.replace("``", "").replace("\\ ", "")
    for python, json_name in (("None", "null"), ("True", "true"), ("False", "false")):
        text = re.sub(rf"\b{python}\b", json_name, text)
    return " ".join(text.split())


def attribute_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings of a class (the string after each annotated field), and its properties' docstrings."""
    docs: dict[str, str] = {}
    for base in reversed(cls.__mro__[:-1]):  # the class's own docstrings last, so they win
        docs.update(_own_attribute_docs(base))
    return docs


def _own_attribute_docs(cls: type) -> dict[str, str]:
    """Read from the module's source file, so that the compiled build (whose classes keep
    no docstrings, eighthalf.build) gives the same schemas as the pure one."""
    docs: dict[str, str] = {}
    module = inspect.getmodule(cls)
    if module is None or not getattr(module, "__file__", None):
        return docs
    source = Path(str(module.__file__)).with_name(module.__name__.rpartition(".")[2] + ".py")
    if not source.is_file():
        return docs
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            body = node.body
            for item in body:
                if isinstance(item, ast.FunctionDef) and any(
                    isinstance(decorator, ast.Name) and decorator.id == "property" for decorator in item.decorator_list
                ):
                    text = ast.get_docstring(item)
                    if text:
                        docs[item.name] = _plain(text.split("\n\n")[0])
            for field, after in itertools.pairwise(body):
                if (
                    isinstance(field, ast.AnnAssign)
                    and isinstance(field.target, ast.Name)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)
                ):
                    docs[field.target.id] = _plain(after.value.value)
    return docs


def _pairs(first: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "array",
        "items": {"type": "array", "prefixItems": [first, {"type": "string"}], "items": False, "minItems": 2},
    }


RECORD_COMMENTS: dict[str, Any] = _pairs({"type": "integer", "minimum": 0})
"""The schema of a record's ``comments``, the same in both games: pairs ``[n, text]``."""
RECORD_TAGS: dict[str, Any] = _pairs({"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_]*$"})
"""The schema of a record's own ``tags``, the same in both games: pairs ``[name, value]``."""


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def nullable(inner: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [{"type": "null"}, inner]}


def object_schema(
    keys: frozenset[str],
    fields: dict[str, dict[str, Any]],
    docs: dict[str, str],
    where: str,
    optional: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """An object schema with exactly ``keys``, each described by ``fields``, and any of ``optional``."""
    if set(fields) != set(keys | optional):
        raise EighthalfError(
            f"the JSON Schema of {where} is out of step with the loader: it describes {sorted(fields)}, "
            f"the loader reads {sorted(keys | optional)}"
        )
    properties = {}
    for key in sorted(keys | optional):
        entry = dict(fields[key])
        if key in docs and "description" not in entry:
            entry = {"description": docs[key], **entry}
        properties[key] = entry
    return {"type": "object", "properties": properties, "required": sorted(keys), "additionalProperties": False}


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


Pieces = tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]
"""What a game's schema pieces give: the definitions shared by its documents (``$defs``),
and the fields of each document type (an :func:`object_schema` by type name)."""


@attrs.frozen(slots=True, weakref_slot=False)
class GameSchemas:
    """What the builder needs to know of one game beyond its registry: the names and texts
    of its schema files, and its schema pieces."""

    registry: Registry
    """The game's documents (:attr:`Game.documents <eighthalf.common.game.Game.documents>`)."""
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


def game_schemas(game: GameSchemas) -> dict[str, dict[str, Any]]:
    """The schema files of one game: one per document type, and the any-document schema.

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
            "$schema": _DRAFT,
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
        "$schema": _DRAFT,
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


def build_schemas() -> dict[str, dict[str, Any]]:
    """Build every schema from the loaders' definitions, as the shipped files hold them.

    Returns:
        ``{file name: schema}``: ``"<type>.schema.json"`` for each of
        :data:`~eighthalf.schemas.DOCUMENT_TYPES` and :data:`~eighthalf.schemas.EIGHTS_DOCUMENT_TYPES`,
        ``"document.schema.json"``, which accepts any document of 8½,
        ``"eights.document.schema.json"``, which accepts any document of Eights, and the
        schemas of the game server's protocol (:func:`~eighthalf.schemas.server.server_schemas`).

    Raises:
        EighthalfError: If a loader reads document types or keys that these schemas do
            not describe (the format changed and the schemas must follow), or the server's
            protocol changed and its schemas must follow.
    """
    from ..eights.game import EIGHTS
    from ..game import ROUND
    from . import DOCUMENT_TYPES, EIGHTS_ANY, EIGHTS_DOCUMENT_TYPES
    from .eights_fields import eights_pieces
    from .round_fields import round_pieces
    from .server import server_schemas

    games = (
        GameSchemas(
            ROUND.documents,
            DOCUMENT_TYPES,
            "document",
            "eighthalf.serialization",
            "eighthalf.from_data",
            "the 72 cards, the call, the seats …",
            "",
            "the loader",
            round_pieces,
        ),
        GameSchemas(
            EIGHTS.documents,
            EIGHTS_DOCUMENT_TYPES,
            EIGHTS_ANY,
            "eighthalf.eights.serialization",
            "eighthalf.eights.from_data",
            "the 64 cards, one table card per suit, the scores …",
            " of Eights",
            "the loader of Eights",
            eights_pieces,
        ),
    )
    out: dict[str, dict[str, Any]] = {}
    for game in games:
        out.update(game_schemas(game))
    out.update(server_schemas())
    return out


def dump_schema(value: dict[str, Any]) -> str:
    """A schema as the shipped files hold it: JSON, indented by 2, UTF-8, ending in a new line.

    Args:
        value: A schema from :func:`build_schemas`.

    Returns:
        The text of its file.
    """
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"
