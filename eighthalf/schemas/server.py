"""The JSON Schemas of the game server's protocol (:mod:`eighthalf.server`): its websocket messages and HTTP bodies.

One schema file per message and per body, beside the documents' schemas, named
``server.<name>.schema.json`` for each of :data:`SERVER_SCHEMAS`: the websocket
messages by their ``type`` (``server.hello`` …), the HTTP bodies by what they hold
(``server.NewTable`` …), and ``server.ClientMessage`` and ``server.ServerMessage``, which
accept any message of one direction and pick the schema by its ``type``.

>>> SERVER_SCHEMAS[:4]
('server.hello', 'server.move', 'server.ping', 'server.ClientMessage')

A ``state`` message carries the seat's view and the events it may see as the library's
JSON documents: its schema refers to the documents' own schemas by their ``$id``
(``urn:eighthalf:schema:1:PlayerView`` …), so a validator is given those files too (in
Python, a ``referencing`` registry of every shipped schema; see the docs page
"Playing over a network").

The builder reads the server's own definitions, so that the schemas follow it: the keys
of the client messages (those :func:`eighthalf.server.protocol.messages.parse_client_message`
accepts), the keys of a new table's settings (those
:func:`eighthalf.server.protocol.games.table_spec` reads), and the error codes the server's modules
refuse with; :func:`~eighthalf.schemas.build_schemas` fails when they and this module
disagree. It names no game: the games it describes are those of the registry whose
schemas this package ships (:func:`shipped_games`; the server serves every registered
game, and ``server_schemas(games())`` describes them all), and what the schemas say of
each game comes from its registry entry: its name, bots and most rounds, its documents'
types of rules, views and events (its views are those of its game objects for one round
and for its most rounds, its events those its schemas declare), and the most players its
rules allow (:attr:`GameSchemas.max_players <eighthalf.schemas.documents.GameSchemas.max_players>`).
The test suite checks every message and body a real server sends against them.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from eighthalf import server as server_package
from eighthalf.core.errors import EighthalfError
from eighthalf.core.i18n import LOCALES
from eighthalf.formats.documents import MAX_INT, VERSION
from eighthalf.registry import GameEntry, games
from eighthalf.schemas.documents import DRAFT, nullable, object_schema, ref, schemas_of, used_defs
from eighthalf.server.protocol.games import MAX_MOVE_SECONDS, MAX_NAME, SERVED, SPEC_KEYS
from eighthalf.server.protocol.messages import CLIENT_KEYS, MAX_LANG, PROTOCOL_VERSION
from eighthalf.server.tables.seats import MAX_CLIENTS_PER_SEAT, MAX_SPECTATORS, TOKEN_BYTES

__all__ = ["ERROR_CODES", "SERVER_SCHEMAS", "error_codes_in_source", "server_schemas", "shipped_games"]

_PACKAGE: Final = __name__.partition(".")[0]  # "eighthalf": the package whose games' schemas are shipped

CLIENT_MESSAGES: Final = ("hello", "move", "ping")
"""The ``type`` of every message a client sends."""

SERVER_MESSAGES: Final = ("welcome", "state", "seats", "error", "pong")
"""The ``type`` of every message the server sends."""

HTTP_BODIES: Final = (
    "NewTable",
    "JoinRequest",
    "JoinAnswer",
    "TableSummary",
    "Table",
    "TableList",
    "Games",
    "ErrorBody",
)
"""The HTTP bodies: what ``POST /api/tables`` and ``POST /api/tables/{id}/seats/{seat}`` take
and answer, a table's summary (alone, in a list, with its links), the games served, an error."""

SERVER_SCHEMAS: Final[tuple[str, ...]] = (
    *(f"server.{name}" for name in CLIENT_MESSAGES),
    "server.ClientMessage",
    *(f"server.{name}" for name in SERVER_MESSAGES),
    "server.ServerMessage",
    *(f"server.{name}" for name in HTTP_BODIES),
)
"""The name of every schema of the server's protocol (its file is ``<name>.schema.json``)."""

ERROR_CODES: Final[dict[str, str]] = {
    "bad-json": 'An HTTP body that is not JSON, or a join body that is not {"name": ...}.',
    "bad-query": "A malformed parameter of GET /api/tables (limit, cursor, game, status).",
    "unsupported-media-type": "An HTTP body not declared application/json (a form's types are refused).",
    "bad-table": "The settings of a new table are refused; the message names the key and the rule.",
    "bad-seat": "No such seat at this table.",
    "bad-name": "A seat's name is not 1 to 40 printable characters, holds a comma, or ends in '(bot)'.",
    "seat-taken": "The seat is a bot's or another person's.",
    "no-table": "No table of that id.",
    "not-finished": "A record is downloaded only once the game is over.",
    "too-large": "A body or a message longer than 16 KiB (a message longer than 1 MiB is closed 1009 with no error).",
    "not-found": "No such HTTP path.",
    "bad-request": "An HTTP request the server does not serve (a wrong method).",
    "no-hello": "The first message of a connection is not a hello, or it did not come within 10 seconds.",
    "bad-token": "No seat of this table has that token.",
    "bad-message": "A message that is not JSON text, not an object, of an unknown type, or with a missing, "
    "unknown or wrong key; or a second hello.",
    "rate-limited": "More than 20 messages a second (a burst of 40); accepted moves do not count.",
    "too-many-connections": "The seat has 4 connections open, or the table 64 spectators.",
    "not-seated": "A spectator sent a move.",
    "not-started": "A move before every seat is taken.",
    "game-over": "A move after the end of the game; or a seat asked for at a table whose game is over (ended as abandoned).",
    "stale": "A move sent with a number of moves made that is no longer the table's.",
    "not-your-turn": "A move by a seat that is not to move.",
    "bad-move": "A move that is not in the game's notation.",
    "illegal-move": "A move the rules forbid; rule names the rule.",
    "database-unavailable": "The database does not answer (it restarts): nothing was saved; try again.",
}
"""Every error code of the server (an ``error`` message's or an error body's ``code``), and what it means."""


def error_codes_in_source() -> set[str]:
    """The error codes that the server's modules refuse with, read from their source.

    Every ``Refused("code", ...)`` and ``_error("code", ...)`` of :mod:`eighthalf.server`
    (both branches of a conditional code), so that :data:`ERROR_CODES` cannot fall out of step.
    """
    codes: set[str] = set()
    for path in sorted(Path(str(server_package.__file__)).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("Refused", "_error")
                and node.args
            ):
                codes.update(_constants(node.args[0]))
    return codes


def _constants(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _constants(node.body) | _constants(node.orelse)
    return set()


def _document(name: str) -> dict[str, Any]:
    """A reference to the shipped schema of a document type, by its ``$id``."""
    return {"$ref": f"urn:eighthalf:schema:{VERSION}:{name}"}


def _one_of(names: list[str]) -> dict[str, Any]:
    return {"oneOf": [_document(name) for name in names]} if len(names) > 1 else _document(names[0])


def shipped_games() -> tuple[GameEntry, ...]:
    """The games whose schemas this package ships, in the registry's order: the registered
    games whose schemas are described in a module of this package.

    The shipped files (``eighthalf/schemas/*.schema.json``) describe these games only, so
    that a game of another distribution, registered in the same process, changes none of
    them; it ships its own schemas, and ``server_schemas(games())`` describes the protocol
    of a server that serves it too.

    >>> [entry.key for entry in shipped_games()]
    ['eighthalf', 'eights']
    """
    return tuple(
        entry
        for entry in games()
        if entry.schemas is not None and entry.schemas.partition(":")[0].split(".")[0] == _PACKAGE
    )


def _described(entries: tuple[GameEntry, ...]) -> tuple[GameEntry, ...]:
    """``entries``, after checking that the server serves each and each ships the schemas of its documents.

    Raises:
        EighthalfError: If the server does not serve one, or one ships no schemas of its
            documents (a ``state`` message refers to them).
    """
    if not entries:
        raise EighthalfError("the server's JSON Schemas describe at least one game")
    for entry in entries:
        if entry.name not in SERVED:
            raise EighthalfError(
                f"the server's JSON Schemas are out of step with the games served: they describe {entry.name}, "
                f"the server serves {sorted(SERVED)}"
            )
        if schemas_of(entry) is None:
            raise EighthalfError(
                f"the server's JSON Schemas refer to the documents' schemas of every game they describe, "
                f"and {entry.name} ships none (its registry entry names no schemas)"
            )
    return entries


def _served_documents(
    entries: tuple[GameEntry, ...],
) -> tuple[list[str], dict[str, list[str]], list[str], list[str]]:
    """The document types that the tables of ``entries`` send: their views and events
    (``state``), their rules (a table's summary), and their states (a finished game's
    ``final``).

    A game's views and states are those of its game objects for one round and for its most
    rounds; its events are those its schemas declare (:attr:`GameSchemas.events
    <eighthalf.schemas.documents.GameSchemas.events>`).

    Raises:
        EighthalfError: If a game declares no events, or one its documents do not have.
    """
    views: list[str] = []
    events: dict[str, list[str]] = {}
    rules: list[str] = []
    states: list[str] = []
    for entry in entries:
        registry = entry.documents
        rules.append(registry.to_data(entry.game.default_rules)["type"])
        for rounds in sorted({1, entry.max_rounds}):
            game = entry.game_of(rounds)
            players = game.player_counts(game.default_rules).start
            state = entry.make_record(players, 0, game.default_rules, rounds).start()
            view = registry.to_data(game.view(state, 0))["type"]
            if view not in views:
                views.append(view)
            whole = registry.to_data(state)["type"]
            if whole not in states:
                states.append(whole)
        declared = schemas_of(entry)
        assert declared is not None  # checked by _described
        unknown = sorted(set(declared.events) - set(registry.by_name))
        if not declared.events or unknown:
            raise EighthalfError(
                f"the schemas of {entry.name} declare the events {list(declared.events)}; "
                f"expected some of its document types, not {unknown or 'none'}"
            )
        events[entry.name] = list(declared.events)
    return views, events, rules, states


def _most_players(entry: GameEntry) -> int:
    """The most players that any rules of ``entry``'s game allow (see
    :attr:`~eighthalf.schemas.documents.GameSchemas.max_players`)."""
    described = schemas_of(entry)
    if described is not None and described.max_players is not None:
        return described.max_players
    return max(entry.game.player_counts(entry.game.default_rules))


def _object(
    fields: dict[str, tuple[str, dict[str, Any]]], where: str, optional: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """An object schema of ``fields`` (each: its description and its schema), all required but ``optional``."""
    keys = frozenset(fields) - optional
    docs = {key: text for key, (text, _) in fields.items()}
    return object_schema(keys, {key: value for key, (_, value) in fields.items()}, docs, where, optional)


def _checked_keys(schema: dict[str, Any], required: set[str], optional: set[str], where: str) -> dict[str, Any]:
    """``schema``, after checking that it describes exactly the keys the server reads.

    Raises:
        EighthalfError: If it does not.
    """
    if set(schema["required"]) != required or set(schema["properties"]) != required | optional:
        raise EighthalfError(
            f"the JSON Schema of {where} is out of step with the server: it describes {sorted(schema['properties'])} "
            f"(required {schema['required']}), the server reads {sorted(required | optional)} "
            f"(required {sorted(required)})"
        )
    return schema


def _definitions(entries: tuple[GameEntry, ...], codes: list[str]) -> dict[str, dict[str, Any]]:
    """The pieces the messages and bodies share: seats, tables, results, the games' documents."""
    views, events, rules, states = _served_documents(entries)
    most = max(_most_players(entry) for entry in entries)
    bots = sorted({bot for entry in entries for bot in entry.bots})
    every_event = [name for names in events.values() for name in names]
    seat_fields: dict[str, tuple[str, dict[str, Any]]] = {
        "seat": ("The seat's number.", ref("seat")),
        "name": ("The name of the person who took the seat, or null.", nullable(ref("name"))),
        "bot": ("The built-in bot that plays the seat, or null (a seat for a person).", nullable(ref("bot"))),
        "open": ("Whether the seat is free for a person to take.", {"type": "boolean"}),
        "connected": (
            "How many connections act for the seat now.",
            {"type": "integer", "minimum": 0, "maximum": MAX_CLIENTS_PER_SEAT},
        ),
    }
    result_fields: dict[str, tuple[str, dict[str, Any]]] = {
        "scores": ("Each seat's score, seat by seat.", {"type": "array", "items": {"type": "integer"}}),
        "winners": ("The winning seats (none: a draw or no winner).", {"type": "array", "items": ref("seat")}),
        "text": ("The result as a record writes it: winners, a colon, the scores ('1: 0-3').", {"type": "string"}),
    }
    last_fields: dict[str, tuple[str, dict[str, Any]]] = {
        "seat": ("The seat that moved.", ref("seat")),
        "move": ("The move, in the game's notation.", ref("moveText")),
        "timed_out": ("Whether the server's timeout bot moved for a person whose time ran out.", {"type": "boolean"}),
    }
    return {
        "seat": {
            "description": f"A seat number, from 0 (at most {most} seats).",
            "type": "integer",
            "minimum": 0,
            "maximum": most - 1,
        },
        "seatOrNull": nullable(ref("seat")),
        "players": {"type": "integer", "minimum": 2, "maximum": most},
        "tableId": {
            "description": "A table's id: opaque, as the server gives it.",
            "type": "string",
            "minLength": 1,
        },
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        "bot": {"description": "A built-in bot of the table's game, by name.", "enum": bots},
        "game": {"description": "A served game, by name.", "enum": [entry.name for entry in entries]},
        "rounds": {
            "description": "The rounds of a match (8½; 1: a single round; M1).",
            "type": "integer",
            "minimum": 1,
            "maximum": max(entry.max_rounds for entry in entries),
        },
        "moveSeconds": nullable(
            {
                "description": "The time a person has for a move (seconds).",
                "type": "number",
                "minimum": 1,
                "maximum": MAX_MOVE_SECONDS,
            }
        ),
        "moveText": {"description": "A move in the game's notation ('33', 'c', '4w 2b>5t' …).", "type": "string"},
        "token": {
            "description": f"A seat token: {TOKEN_BYTES * 8} random bits in URL-safe base64. Keep it secret.",
            "type": "string",
            "pattern": f"^[A-Za-z0-9_-]{{{math.ceil(TOKEN_BYTES / 3) * 4}}}$",
        },
        "rules": {"description": "The table's rules, a Rules document of its game.", **_one_of(rules)},
        "view": {
            "description": "What the seat sees (a spectator: what everyone sees), a view document of the table's game.",
            **_one_of(views),
        },
        "event": {"description": "An event document of the table's game.", **_one_of(every_event)},
        "final": {
            "description": "A finished game's whole state, a state document of the table's game.",
            **_one_of(states),
        },
        "seatInfo": {
            "description": "Who sits at a seat, and how many connections follow it.",
            **_object(seat_fields, "a seat"),
        },
        "seatList": {"type": "array", "items": ref("seatInfo"), "minItems": 2, "maxItems": most},
        "result": nullable(
            {
                "description": "The game's result: null until the game is over.",
                **_object(result_fields, "a result"),
            }
        ),
        "last": nullable(
            {
                "description": "The move that led to this state; null on joining.",
                **_object(last_fields, "the last move"),
            }
        ),
        "spectators": {"type": "integer", "minimum": 0, "maximum": MAX_SPECTATORS},
        "code": {
            "description": "What went wrong, for a program to act on: "
            + "; ".join(f"{code}: {ERROR_CODES[code]}" for code in codes),
            "enum": codes,
        },
        "seed": nullable({"type": "integer", "minimum": 0, "maximum": MAX_INT}),
    }


def _summary_fields() -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        "id": ("The table's id.", ref("tableId")),
        "game": ("The table's game.", ref("game")),
        "players": ("The number of seats.", ref("players")),
        "rounds": ("The rounds of the table's match (1: a single game).", ref("rounds")),
        "rules": ("The table's rules, a Rules document of its game.", ref("rules")),
        "move_seconds": ("The time per move, or null for none.", ref("moveSeconds")),
        "seeded": (
            "Whether the table's creator chose the seed (I4: anyone who knows it knows the deal).",
            {"type": "boolean"},
        ),
        "seats": ("Each seat: who sits there, how many connections follow it.", ref("seatList")),
        "spectators": ("How many spectators follow the table.", ref("spectators")),
        "started": ("Whether every seat is taken (the game starts then).", {"type": "boolean"}),
        "moves": ("The number of moves made.", {"type": "integer", "minimum": 0}),
        "to_move": ("The seat to move, or null once the game is over (or abandoned).", ref("seatOrNull")),
        "abandoned": (
            "Whether the table was ended as abandoned: no person touched it for too long (the server's "
            "--abandon-after); its record's result is '*'.",
            {"type": "boolean"},
        ),
        "result": ("The result once the game is over, else null.", ref("result")),
        "created": ("When the table was made, in seconds since the epoch.", {"type": "number"}),
    }


def _link_fields() -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        "link": ("The table page's path, to follow the table as a spectator.", {"type": "string", "pattern": "^/"}),
        "invitations": (
            "An invitation link per seat: the table page, with the seat to take.",
            {"type": "array", "items": {"type": "string", "pattern": "^/"}},
        ),
    }


def _messages() -> dict[str, dict[str, Any]]:
    """The schema of every message and body, by name (without the header of a file)."""
    if set(CLIENT_KEYS) != set(CLIENT_MESSAGES):
        raise EighthalfError(
            f"the JSON Schemas of the client messages are out of step with the server: they describe "
            f"{list(CLIENT_MESSAGES)}, the server reads {sorted(CLIENT_KEYS)}"
        )

    def kind(name: str) -> tuple[str, dict[str, Any]]:
        return ("The message's type.", {"const": name})

    client = {
        "hello": _object(
            {
                "type": kind("hello"),
                "token": (  # any string: the server refuses a wrong one with bad-token, not bad-message
                    "The seat's token, to act for that seat; without it, the connection watches.",
                    {"type": "string"},
                ),
                "lang": (
                    "The language of the narration and of the refusals' text: a language tag such as "
                    f"'fr' or 'nl-BE'; one of {', '.join(LOCALES)} by its language, any other is told in English.",
                    {"type": "string", "maxLength": MAX_LANG},
                ),
            },
            "hello",
            frozenset({"token", "lang"}),
        ),
        "move": _object(
            {
                "type": kind("move"),
                "move": ("The move, in the game's notation (one of the state's moves).", ref("moveText")),
                "number": (
                    "The number of moves made when the move was chosen (the state's number): a move sent "
                    "after the game moved on is refused as stale instead of played.",
                    {"type": "integer", "minimum": 0},
                ),
            },
            "move",
            frozenset({"number"}),
        ),
        "ping": _object({"type": kind("ping")}, "ping"),
    }
    for name, (required, optional) in CLIENT_KEYS.items():
        _checked_keys(client[name], set(required), set(optional), f"the {name} message")
    server = {
        "welcome": _object(
            {
                "type": kind("welcome"),
                "protocol": ("The protocol's version.", {"const": PROTOCOL_VERSION}),
                "seat": ("The seat this connection acts for, or null: a spectator.", ref("seatOrNull")),
                "lang": (
                    "The language the connection is told in: the hello's lang, or en.",
                    {"enum": list(LOCALES)},
                ),
                "table": ("The table's public summary.", ref("summary")),
                "log": (
                    "The narration of the moves so far, as this seat (or a spectator) may see them, in that language.",
                    {"type": "array", "items": {"type": "string"}},
                ),
            },
            "welcome",
        ),
        "state": _object(
            {
                "type": kind("state"),
                "table": ("The table's id.", ref("tableId")),
                "seat": ("Whom the message is for: a seat, or null for a spectator.", ref("seatOrNull")),
                "number": ("The number of moves made.", {"type": "integer", "minimum": 0}),
                "to_move": ("The seat to move, or null once the game is over.", ref("seatOrNull")),
                "started": ("Whether every seat is taken: until then nobody moves.", {"type": "boolean"}),
                "view": ("The seat's own view (a spectator's: the public view), a document.", ref("view")),
                "moves": (
                    "The legal moves, in the game's notation: only to the seat to move once the game has "
                    "started, else empty.",
                    {"type": "array", "items": ref("moveText")},
                ),
                "events": (
                    "What happened in the last move, as documents, as this seat may see it (empty on joining).",
                    {"type": "array", "items": ref("event")},
                ),
                "narration": (
                    "The same events told in the connection's language (the welcome's lang), one line each.",
                    {"type": "array", "items": {"type": "string"}},
                ),
                "last": ("The last move, or null on joining.", ref("last")),
                "result": ("The result once the game is over, else null.", ref("result")),
                "seconds_left": (
                    "The time left for the person to move, or null: no clock (no time per move, or a bot to move).",
                    nullable({"type": "number", "minimum": 0}),
                ),
                "refused": (
                    "Only to the seat to move, for a game that gives them (8½): the plays it might tap from its "
                    "own cards that are refused now, by move, each with the engine's reason in the connection's "
                    "language and its rule id, so that the page says at once why a selection is no move.",
                    {
                        "type": "object",
                        "additionalProperties": _object(
                            {
                                "reason": (
                                    "Why the move is refused, in the connection's language.",
                                    {"type": "string"},
                                ),
                                "rule": ("The rule that refuses it.", {"type": "string"}),
                            },
                            "a refused move",
                        ),
                    },
                ),
                "final": (
                    "Once the game is over, and only then, to every seat and spectator alike: its whole final "
                    "state (every hand, every face-down card and, where the game's state has it, the seed), so "
                    "that the page shows every card and what decided the points. Never sent during play.",
                    ref("final"),
                ),
            },
            "state",
            frozenset({"refused", "final"}),
        ),
        "seats": _object(
            {
                "type": kind("seats"),
                "table": ("The table's id.", ref("tableId")),
                "seats": ("Each seat: who sits there, how many connections follow it.", ref("seatList")),
                "started": ("Whether every seat is taken.", {"type": "boolean"}),
            },
            "seats",
        ),
        "error": _object(
            {
                "type": kind("error"),
                "code": ("What went wrong.", ref("code")),
                "message": ("What went wrong, in English, naming the bad key or the move.", {"type": "string"}),
                "rule": ("The id of the rule that forbids a move, or null.", nullable({"type": "string"})),
                "text": (
                    "What a player is told, in the connection's language: an illegal move's reason (without "
                    "the move and the rule id), a short sentence for a turn or game refusal, else the message.",
                    {"type": "string"},
                ),
            },
            "error",
        ),
        "pong": _object({"type": kind("pong")}, "pong"),
    }
    new_table = _object(
        {
            "game": ("The game.", ref("game")),
            "players": ("The number of seats (default: the game's least).", ref("players")),
            "rounds": ("8½: the rounds of a match (default 1: a single round; M1).", ref("rounds")),
            "rules": (
                "The fields of the game's Rules document to change ({\"move_limit\": 300}); default: the game's rules.",
                nullable({"type": "object"}),
            ),
            "seats": (
                "Seat by seat, a built-in bot's name or null for a person; missing seats are for people.",
                {"type": "array", "items": nullable(ref("bot"))},
            ),
            "move_seconds": ("The time per move (default null: none).", ref("moveSeconds")),
            "timeout_bot": ("The bot that moves for a person whose time ran out (default greedy).", ref("bot")),
            "seed": (
                "The seed of the deal (default null: a fresh one; a chosen seed makes the table seeded).",
                ref("seed"),
            ),
        },
        "a new table",
        frozenset(SPEC_KEYS - {"game"}),
    )
    _checked_keys(new_table, {"game"}, set(SPEC_KEYS - {"game"}), "a new table's settings")
    game_fields: dict[str, tuple[str, dict[str, Any]]] = {
        "name": ("The game's name, as a new table's game.", ref("game")),
        "players": (
            "The least and the most seats with the game's default rules.",
            {"type": "array", "prefixItems": [ref("players"), ref("players")], "items": False, "minItems": 2},
        ),
        "max_rounds": ("The most rounds of a table (1: the game has no match).", ref("rounds")),
        "rules": ("The game's default rules.", ref("rules")),
        "bots": ("The game's built-in bots, by name.", {"type": "array", "items": ref("bot")}),
        "key": ("The game's key: a lower-case identifier.", {"type": "string", "pattern": "^[a-z_][a-z0-9_]*$"}),
        "board": (
            "The address of the game's board script (GET /games/{key}/board/{file}), or null: the table page "
            "shows the view's fields.",
            nullable({"type": "string", "pattern": "^/games/[a-z0-9_]+/board/[A-Za-z0-9_-]+\\.js$"}),
        ),
        "rules_page": (
            "The address of the game's How to play page (GET /games/{key}/rules?lang=...: its rules by id, "
            "each an anchor, /games/eighthalf/rules#P1), or null: the game has none.",
            nullable({"type": "string", "pattern": "^/games/[a-z0-9_]+/rules$"}),
        ),
        "rule_ids": (
            "The rule ids that page has an anchor for (none without a page): the ids a page links to it.",
            {"type": "array", "items": {"type": "string", "minLength": 1}},
        ),
        "options": (
            "The rule options a new table offers, in the language asked for (lang, else Accept-Language).",
            {
                "type": "array",
                "items": _object(
                    {
                        "key": ("The rules field the option sets.", {"type": "string"}),
                        "kind": ("A flag (a check box) or a count (a number).", {"enum": ["flag", "count"]}),
                        "label": ("What the lobby calls the option.", {"type": "string"}),
                        "hint": ("What the option does, with its rule; may be empty.", {"type": "string"}),
                        "empty": ("What an empty count means; may be empty.", {"type": "string"}),
                    },
                    "a table option",
                ),
            },
        ),
    }
    http = {
        "NewTable": new_table,
        "JoinRequest": _object(
            {
                "name": (
                    "The seat's name: 1 to 40 printable characters, and no comma (the record's Names tag "
                    "separates the names with commas).",
                    {"allOf": [ref("name"), {"type": "string", "pattern": "^[^,]*$"}]},
                )
            },
            "a join",
        ),
        "JoinAnswer": _object(
            {
                "seat": ("The seat taken.", ref("seat")),
                "token": ("The seat's token: the only credential of the seat, given only here.", ref("token")),
                "link": (
                    "The table page with the token in the URL's fragment (never sent to a server).",
                    {"type": "string", "pattern": "^/table/[^#?]+#token=[A-Za-z0-9_-]+$"},
                ),
            },
            "a join's answer",
        ),
        "TableSummary": _object(_summary_fields(), "a table's summary"),
        "Table": _object({**_summary_fields(), **_link_fields()}, "a table's summary with its links"),
        "TableList": {"type": "array", "items": ref("summary")},
        "Games": {"type": "array", "items": {"description": "A served game.", **_object(game_fields, "a game")}},
        "ErrorBody": _object(
            {
                "error": (
                    "What went wrong.",
                    _object(
                        {
                            "code": ("What went wrong.", ref("code")),
                            "message": ("What went wrong, in English.", {"type": "string"}),
                        },
                        "an error",
                    ),
                )
            },
            "an error body",
        ),
    }
    return {**client, **server, **http}


_TITLES: Final = {
    "NewTable": "the body of POST /api/tables: a new table's settings",
    "JoinRequest": "the body of POST /api/tables/{id}/seats/{seat}: the name of the person taking the seat",
    "JoinAnswer": "the answer of POST /api/tables/{id}/seats/{seat}: the seat's token",
    "TableSummary": "a table's public summary (GET /api/tables lists them; the welcome message holds one)",
    "Table": "a table's summary with its links: the answer of POST /api/tables and GET /api/tables/{id}",
    "TableList": "the answer of GET /api/tables: every table's summary, newest first",
    "Games": "the answer of GET /api/games: the games served",
    "ErrorBody": "the body of every HTTP error (4xx, and 503 database-unavailable)",
}


def server_schemas(entries: Iterable[GameEntry] | None = None) -> dict[str, dict[str, Any]]:
    """Build the schema of every message and body of the server's protocol.

    Args:
        entries: The games the schemas describe (tables' games, bots, rules, views and
            events), each served and shipping its documents' schemas; ``None`` for
            :func:`shipped_games`, as the shipped files hold them. ``games()`` of
            :mod:`eighthalf.registry` describes every registered game.

    Returns:
        ``{file name: schema}``: ``"<name>.schema.json"`` for each of :data:`SERVER_SCHEMAS`.

    Raises:
        EighthalfError: If the server reads other keys, serves other games or refuses with
            other error codes than these schemas describe, or a game of ``entries`` is not
            served or ships no schemas of its documents.
    """
    found = error_codes_in_source()
    if found != set(ERROR_CODES):
        raise EighthalfError(
            f"the error codes of the server's JSON Schemas are out of step with the server: it refuses with "
            f"{sorted(found - set(ERROR_CODES))} that they do not describe, they describe "
            f"{sorted(set(ERROR_CODES) - found)} that it does not use"
        )
    chosen = shipped_games() if entries is None else tuple(entries)
    defs = _definitions(_described(chosen), list(ERROR_CODES))
    schemas = _messages()
    defs["summary"] = {"description": "A table's public summary.", **schemas["TableSummary"]}
    out: dict[str, dict[str, Any]] = {}

    def file(name: str, title: str, description: str, body: dict[str, Any]) -> None:
        out[f"server.{name}.schema.json"] = {
            "$schema": DRAFT,
            "$id": f"urn:eighthalf:server:{PROTOCOL_VERSION}:{name}",
            "title": f"eighthalf server: {title} (protocol version {PROTOCOL_VERSION})",
            "description": description,
            **body,
            "$defs": {key: defs[key] for key in sorted(used_defs(body, defs, set()))},
        }

    for direction, names in (("client", CLIENT_MESSAGES), ("server", SERVER_MESSAGES)):
        sender = "A client sends" if direction == "client" else "The server sends"
        for name in names:
            file(name, f"the {name} message", f"{sender} it over the websocket /ws/{{id}}.", schemas[name])
        every = {
            "type": "object",
            "properties": {"type": {"enum": list(names)}},
            "required": ["type"],
            "allOf": [
                {"if": {"properties": {"type": {"const": name}}}, "then": ref(f"{name}Message")} for name in names
            ],
        }
        for name in names:
            defs[f"{name}Message"] = schemas[name]
        file(
            f"{direction.capitalize()}Message",
            f"any message a {direction} sends",
            "The value of 'type' selects the message's schema.",
            every,
        )
    for name in HTTP_BODIES:
        file(name, _TITLES[name], f"The JSON of {_TITLES[name]}.", schemas[name])
    if [name.removesuffix(".schema.json") for name in out] != list(SERVER_SCHEMAS):
        raise EighthalfError(f"the server's schemas are built as {list(out)}, not as {list(SERVER_SCHEMAS)}")
    return out
