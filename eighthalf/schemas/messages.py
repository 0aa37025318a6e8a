"""The schema of each websocket message and HTTP body of the game server, by name (:mod:`eighthalf.schemas.server` files them).

Each is built from the keys the server reads (:data:`~eighthalf.server.protocol.messages.CLIENT_KEYS`,
:data:`~eighthalf.server.protocol.games.SPEC_KEYS`), and refers by name to the pieces that
:mod:`eighthalf.schemas.server` defines once for every game it describes (``seat``, ``view``,
``rules`` …).
"""

from __future__ import annotations

from typing import Any, Final

from eighthalf.core.errors import EighthalfError
from eighthalf.core.i18n import LOCALES
from eighthalf.schemas.documents import nullable, object_schema, ref
from eighthalf.server.protocol.games import BOTS_PACE, MAX_PACE, SPEC_KEYS
from eighthalf.server.protocol.messages import CLIENT_KEYS, MAX_LANG, PROTOCOL_VERSION
from eighthalf.server.tables.queue import JOIN_KEYS, KINDS

__all__ = [
    "CLIENT_MESSAGES",
    "HTTP_BODIES",
    "QUEUE_CLIENT_MESSAGES",
    "QUEUE_SERVER_MESSAGES",
    "SERVER_MESSAGES",
    "message_schemas",
    "object_of",
]

CLIENT_MESSAGES: Final = ("hello", "move", "rematch", "ping")
"""The ``type`` of every message a client sends."""

SERVER_MESSAGES: Final = ("welcome", "state", "seats", "votes", "moved", "error", "pong")
"""The ``type`` of every message the server sends."""

QUEUE_CLIENT_MESSAGES: Final = ("join", "leave")
"""The ``type`` of every message a person sends on the queue's websocket (``/api/queue/wait``), beside ``ping``."""

QUEUE_SERVER_MESSAGES: Final = ("queued", "waiting", "seated", "left")
"""The ``type`` of every message the queue's websocket sends, beside ``error`` and ``pong``."""

HTTP_BODIES: Final = (
    "NewTable",
    "JoinRequest",
    "JoinAnswer",
    "TableSummary",
    "Table",
    "TableList",
    "Games",
    "HintAnswer",
    "RematchRequest",
    "RematchAnswer",
    "ErrorBody",
)
"""The HTTP bodies: what ``POST /api/tables`` and ``POST /api/tables/{id}/seats/{seat}`` take
and answer, a table's summary (alone, in a list, with its links), the games served, an error."""


def object_of(
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
        "hints": (
            "Whether a seated person may ask for the best moves of their turn (POST /api/tables/{id}/hint).",
            {"type": "boolean"},
        ),
        "rated": (
            "Whether the table is rated: its people are signed in and its end moves their ratings.",
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
        "parent": ("The table whose rematch this table is (only at a rematch).", ref("tableId")),
    }


def _link_fields() -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        "link": ("The table page's path, to follow the table as a spectator.", {"type": "string", "pattern": "^/"}),
        "invitations": (
            "An invitation link per seat: the table page, with the seat to take.",
            {"type": "array", "items": {"type": "string", "pattern": "^/"}},
        ),
    }


def message_schemas() -> dict[str, dict[str, Any]]:
    """The schema of every message and body, by name (without the header of a file)."""
    if set(CLIENT_KEYS) != set(CLIENT_MESSAGES):
        raise EighthalfError(
            f"the JSON Schemas of the client messages are out of step with the server: they describe "
            f"{list(CLIENT_MESSAGES)}, the server reads {sorted(CLIENT_KEYS)}"
        )

    def kind(name: str) -> tuple[str, dict[str, Any]]:
        return ("The message's type.", {"const": name})

    client = {
        "hello": object_of(
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
        "move": object_of(
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
        "rematch": object_of(
            {
                "type": kind("rematch"),
                "agree": (
                    "true: the seat asks for another game with the same seats, once the game is over; "
                    "false: the request withdrawn.",
                    {"type": "boolean"},
                ),
            },
            "rematch",
        ),
        "ping": object_of({"type": kind("ping")}, "ping"),
    }
    for name, (required, optional) in CLIENT_KEYS.items():
        _checked_keys(client[name], set(required), set(optional), f"the {name} message")
    rematch_fields = {
        "table": ("The finished table's id.", ref("tableId")),
        "people": (
            "The seats played by people: each of them agrees (bots always do).",
            {"type": "array", "items": ref("seat")},
        ),
        "agreed": ("The seats whose person asked for another game.", {"type": "array", "items": ref("seat")}),
        "rematch": ("The table the rematch made, once every person agreed, else null.", nullable(ref("tableId"))),
    }
    new_link = {"type": "string", "pattern": "^/table/[^#?]+(#token=[A-Za-z0-9_-]+)?$"}
    server = {
        "welcome": object_of(
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
        "state": object_of(
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
                        "additionalProperties": object_of(
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
        "seats": object_of(
            {
                "type": kind("seats"),
                "table": ("The table's id.", ref("tableId")),
                "seats": ("Each seat: who sits there, how many connections follow it.", ref("seatList")),
                "started": ("Whether every seat is taken.", {"type": "boolean"}),
            },
            "seats",
        ),
        "error": object_of(
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
        "votes": object_of(
            {
                "type": kind("votes"),
                **rematch_fields,
                "link": (
                    "Once the rematch is made, this connection's link to it: its new seat's private link "
                    "(the new token in the fragment) for a seat, the table page for a spectator; else null.",
                    nullable(new_link),
                ),
            },
            "votes",
        ),
        "moved": object_of(
            {
                "type": kind("moved"),
                "table": ("The finished table's id.", ref("tableId")),
                "to": ("The table of its rematch, where the connection goes; it is closed next.", ref("tableId")),
                "seat": ("The connection's seat there, or null: a spectator.", ref("seatOrNull")),
                "token": (
                    "The seat's new token there (sent only to that seat), or null: a spectator.",
                    nullable(ref("token")),
                ),
                "link": ("The new table's page, with the new token in the fragment for a seat.", new_link),
            },
            "moved",
        ),
        "pong": object_of({"type": kind("pong")}, "pong"),
    }
    new_table = object_of(
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
            "hints": (
                "Whether a seated person may ask for the best moves of their turn (default false).",
                {"type": "boolean"},
            ),
            "pace": (
                f"The seconds a bot waits before each of its moves, 0 to {MAX_PACE:g}: by default "
                f"{BOTS_PACE:g} at a table of bots alone (so people can watch it), 0 at any other.",
                {"type": "number", "minimum": 0, "maximum": MAX_PACE},
            ),
            "rated": (
                "Whether the table is rated (default false): its seats are for signed-in people, and it plays "
                "its kind's fixed settings (the default rules, a fresh seed, no hints).",
                {"type": "boolean"},
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
        "bot_words": (
            "A few words on each bot's strength, by bot, in the language asked for (a bot without words is not in it).",
            {"type": "object", "additionalProperties": {"type": "string"}},
        ),
        "options": (
            "The rule options a new table offers, in the language asked for (lang, else Accept-Language).",
            {
                "type": "array",
                "items": object_of(
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
        "JoinRequest": object_of(
            {
                "name": (
                    "The seat's name: 1 to 40 printable characters, and no comma (the record's Names tag "
                    "separates the names with commas).",
                    {"allOf": [ref("name"), {"type": "string", "pattern": "^[^,]*$"}]},
                )
            },
            "a join",
        ),
        "JoinAnswer": object_of(
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
        "TableSummary": object_of(_summary_fields(), "a table's summary", frozenset({"parent"})),
        "Table": object_of(
            {**_summary_fields(), **_link_fields()}, "a table's summary with its links", frozenset({"parent"})
        ),
        "TableList": {"type": "array", "items": ref("summary")},
        "Games": {"type": "array", "items": {"description": "A served game.", **object_of(game_fields, "a game")}},
        "HintAnswer": object_of(
            {
                "table": ("The table's id.", ref("tableId")),
                "seat": ("The seat whose view was analysed: the token's.", ref("seat")),
                "number": ("The number of moves made: the position analysed.", {"type": "integer", "minimum": 0}),
                "budget": ("The play-outs of each move's analysis.", {"type": "integer", "minimum": 1}),
                "moves": (
                    "The best moves, best first (at most five), each valued from the seat's view alone.",
                    {
                        "type": "array",
                        "items": object_of(
                            {
                                "move": ("The move, in the game's notation.", ref("moveText")),
                                "chance": (
                                    "Its chance to win, 0 to 1.",
                                    {"type": "number", "minimum": 0, "maximum": 1},
                                ),
                                "chance_se": ("The standard error of the chance.", {"type": "number", "minimum": 0}),
                                "loss": ("How much less its chance is than the best move's.", {"type": "number"}),
                            },
                            "a hinted move",
                        ),
                    },
                ),
            },
            "a hint",
        ),
        "RematchRequest": object_of(
            {"agree": ("true: another game asked for; false: the request withdrawn.", {"type": "boolean"})},
            "a rematch vote",
        ),
        "RematchAnswer": object_of(
            {
                **rematch_fields,
                "seat": ("The token's seat at the rematch once made, else null.", ref("seatOrNull")),
                "token": ("The token's new seat token at the rematch once made, else null.", nullable(ref("token"))),
                "link": (
                    "The rematch's table page once made (with the new token in the fragment for the token's seat), "
                    "else null.",
                    nullable(new_link),
                ),
            },
            "a rematch's answer",
        ),
        "ErrorBody": object_of(
            {
                "error": (
                    "What went wrong.",
                    object_of(
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
    return {**client, **server, **_queue_messages(), **http}


def _queue_messages() -> dict[str, dict[str, Any]]:
    """The messages of the queue's websocket (:mod:`eighthalf.server.web.queue`)."""

    def kind(name: str) -> tuple[str, dict[str, Any]]:
        return ("The message's type.", {"const": name})

    windows = object_of(
        {
            "first": ("The window at once, points either side.", {"type": "number"}),
            "step": ("How much it widens at each step.", {"type": "number"}),
            "every": ("The seconds between steps.", {"type": "number"}),
        },
        "the windows",
    )
    join = object_of(
        {
            "type": kind("join"),
            "kind": ("The kind of play.", {"enum": list(KINDS)}),
            "size": ("The table size, one the kind allows.", {"type": "integer"}),
            "name": ("The name to sit under (the seat-name rules; bad-name otherwise).", {"type": "string"}),
        },
        "join",
    )
    _checked_keys(join, set(JOIN_KEYS), set(), "the queue's join message")
    seconds = {"type": "number", "minimum": 0}
    return {
        "join": join,
        "leave": object_of({"type": kind("leave")}, "leave"),
        "queued": object_of(
            {
                "type": kind("queued"),
                "ticket": ("The person's queue ticket.", {"type": "string"}),
                "kind": ("The kind of play.", {"enum": list(KINDS)}),
                "size": ("The table size.", {"type": "integer"}),
                "fill_seconds": ("The wait before bots fill a group's empty seats.", seconds),
                "windows": ("The schedule of the rating windows.", windows),
            },
            "queued",
        ),
        "waiting": object_of(
            {
                "type": kind("waiting"),
                "place": (
                    "The person's place in line for the kind and size, from 1.",
                    {"type": "integer", "minimum": 1},
                ),
                "waiting": ("How many wait for the kind and size.", {"type": "integer", "minimum": 1}),
                "waited": ("How long the person has waited, in seconds.", seconds),
                "window": ("The person's rating window now, points either side.", {"type": "number"}),
                "bots_in": ("The seconds until bots fill the person's group (0: at the next match).", seconds),
            },
            "waiting",
        ),
        "seated": object_of(
            {
                "type": kind("seated"),
                "table": ("The new table's id.", ref("tableId")),
                "seat": ("The person's seat.", ref("seat")),
                "token": ("The seat's token, sent to this person only.", ref("token")),
                "link": ("The table page's path with the token in its fragment.", {"type": "string", "pattern": "^/"}),
            },
            "seated",
        ),
        "left": object_of({"type": kind("left")}, "left"),
    }
