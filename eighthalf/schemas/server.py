"""The JSON Schemas of the game server's protocol (:mod:`eighthalf.server`): its websocket messages and HTTP bodies.

One schema file per message and per body, beside the documents' schemas, named
``server.<name>.schema.json`` for each of :data:`SERVER_SCHEMAS`: the websocket
messages by their ``type`` (``server.hello`` …), the HTTP bodies by what they hold
(``server.NewTable`` …), and ``server.ClientMessage`` and ``server.ServerMessage``, which
accept any message of one direction and pick the schema by its ``type``.

>>> SERVER_SCHEMAS[:4]
('server.hello', 'server.move', 'server.rematch', 'server.ping')

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
from eighthalf.formats.documents import MAX_INT, VERSION
from eighthalf.registry import GameEntry, games
from eighthalf.schemas.documents import DRAFT, nullable, ref, schemas_of, used_defs
from eighthalf.schemas.messages import (
    CLIENT_MESSAGES,
    HTTP_BODIES,
    QUEUE_CLIENT_MESSAGES,
    QUEUE_SERVER_MESSAGES,
    SERVER_MESSAGES,
    message_schemas,
    object_of,
)
from eighthalf.server.protocol.games import MAX_MOVE_SECONDS, MAX_NAME, SERVED
from eighthalf.server.protocol.messages import PROTOCOL_VERSION
from eighthalf.server.tables.seats import MAX_CLIENTS_PER_SEAT, MAX_SPECTATORS, TOKEN_BYTES

__all__ = ["ERROR_CODES", "SERVER_SCHEMAS", "error_codes_in_source", "server_schemas", "shipped_games"]

_PACKAGE: Final = __name__.partition(".")[0]  # "eighthalf": the package whose games' schemas are shipped

SERVER_SCHEMAS: Final[tuple[str, ...]] = (
    *(f"server.{name}" for name in CLIENT_MESSAGES),
    "server.ClientMessage",
    *(f"server.{name}" for name in SERVER_MESSAGES),
    "server.ServerMessage",
    *(f"server.{name}" for name in HTTP_BODIES),
    *(f"server.{name}" for name in QUEUE_CLIENT_MESSAGES),
    "server.QueueClientMessage",
    *(f"server.{name}" for name in QUEUE_SERVER_MESSAGES),
    "server.QueueServerMessage",
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
    "not-finished": "A record is downloaded, a table's moves judged and a rematch asked for only once the game is over.",
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
    "bad-perspective": "A review's perspective is not a seat of the table, 'spectator' or 'all'.",
    "review-closed": "During play a review shows only the seat of the request's token; spectators get none.",
    "bad-position": "A play-on request's move is not a position of the game where something is left to play.",
    "no-hints": "A hint asked for at a table made without hints, without a seat's token, or after the game.",
    "bad-webhook": "A webhook's address the server may not call: not https (http only to loopback), or its host "
    "resolves to a private, loopback, link-local or reserved address the operator did not allow.",
    "bad-kind": "A queue join names no kind of play ('8½ round', '8½ match', 'Eights').",
    "bad-size": "A queue join's table size is not one the kind of play allows.",
    "in-queue": "A second join on a queue connection that waits already: one place a person.",
    "not-a-player": "A rematch asked for by a spectator or without a seat's token: only the seated people vote.",
    "no-rematch": "A rematch asked for at a table ended as abandoned.",
    "rematched": "A rematch vote at a table whose rematch was made already; its message names the new table.",
    "already-agreed": "A seat asked for a rematch it had asked for already.",
    "not-agreed": "A seat withdrew a rematch request it had not made.",
    "bad-passphrase": "A passphrase that is not a string of 8 to 1024 characters.",
    "name-taken": "An account of that name exists (names that differ only in case are one).",
    "bad-login": "A login whose name and passphrase match no account (an unknown name and a wrong passphrase alike).",
    "login-limited": "Too many failed logins of that name, or from that address, in the window (--login-limit).",
    "bad-session": "A session cookie that is no valid session's: forged, expired or logged out; or nobody signed in.",
    "bad-origin": "A state-changing request sent by a page of another site (its Origin is not allowed).",
    "rated-guest": "A guest asked for a seat of a rated table: its seats are for signed-in people.",
    "account-seated": "The signed-in account holds another seat of this table already.",
    "no-player": "No account of that name (a player's page).",
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
            **object_of(seat_fields, "a seat"),
        },
        "seatList": {"type": "array", "items": ref("seatInfo"), "minItems": 2, "maxItems": most},
        "result": nullable(
            {
                "description": "The game's result: null until the game is over.",
                **object_of(result_fields, "a result"),
            }
        ),
        "last": nullable(
            {
                "description": "The move that led to this state; null on joining.",
                **object_of(last_fields, "the last move"),
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


_TITLES: Final = {
    "NewTable": "the body of POST /api/tables: a new table's settings",
    "JoinRequest": "the body of POST /api/tables/{id}/seats/{seat}: the name of the person taking the seat",
    "JoinAnswer": "the answer of POST /api/tables/{id}/seats/{seat}: the seat's token",
    "TableSummary": "a table's public summary (GET /api/tables lists them; the welcome message holds one)",
    "Table": "a table's summary with its links: the answer of POST /api/tables and GET /api/tables/{id}",
    "TableList": "the answer of GET /api/tables: every table's summary, newest first",
    "Games": "the answer of GET /api/games: the games served",
    "HintAnswer": "the answer of POST /api/tables/{id}/hint: the best moves of the seat's turn, from its view",
    "RematchRequest": "the body of POST /api/tables/{id}/rematch: a seat's vote for another game",
    "RematchAnswer": "the answer of GET and POST /api/tables/{id}/rematch: where a finished table's rematch stands",
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
    schemas = message_schemas()
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
    for side, queue_names, shared in (
        ("client", QUEUE_CLIENT_MESSAGES, ("ping",)),
        ("server", QUEUE_SERVER_MESSAGES, ("error", "pong")),
    ):
        sender = "A person's page sends" if side == "client" else "The server sends"
        for name in queue_names:
            defs[f"{name}Message"] = schemas[name]
            file(name, f"the queue's {name} message", f"{sender} it over the websocket /api/queue/wait.", schemas[name])
        every_queue = [*queue_names, *shared]
        file(
            f"Queue{side.capitalize()}Message",
            f"any message a {'person' if side == 'client' else 'server'} sends on the queue's websocket",
            "The value of 'type' selects the message's schema (ping, error and pong as on the tables' websocket).",
            {
                "type": "object",
                "properties": {"type": {"enum": every_queue}},
                "required": ["type"],
                "allOf": [
                    {"if": {"properties": {"type": {"const": name}}}, "then": ref(f"{name}Message")}
                    for name in every_queue
                ],
            },
        )
    if [name.removesuffix(".schema.json") for name in out] != list(SERVER_SCHEMAS):
        raise EighthalfError(f"the server's schemas are built as {list(out)}, not as {list(SERVER_SCHEMAS)}")
    return out
