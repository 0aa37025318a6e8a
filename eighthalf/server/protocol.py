"""The messages of the server's websocket protocol: what a client sends, what it is sent.

Every message is a JSON object with a ``type``. A client sends:

* ``{"type": "hello", "token": "..."}`` first, to act for the seat of that token, or
  ``{"type": "hello"}`` to follow the table as a spectator; an optional ``"lang"`` (``"fr"``,
  ``"nl-BE"`` …) asks for the narration and the refusals in that language
  (:func:`hello_locale`: a language the server does not tell in gets English);
* ``{"type": "move", "move": "33", "number": 12}``: a move in the game's notation; ``number``
  (optional) is the number of moves made when the client chose it, so that a move sent
  twice, or after the game moved on, is refused as ``stale`` instead of being played;
* ``{"type": "ping"}``, answered by ``{"type": "pong"}``.

The server sends ``welcome`` (once, after ``hello``), ``state`` (at once, and after every
move: the seat's own view and the events it may see), ``seats`` (who sits where, who is
connected), ``error`` (a refused message; nothing changed) and ``pong``.
The docs page "Playing over a network" describes each field, with the JSON Schemas of
:mod:`eighthalf.schemas.server`.

>>> parse_client_message('{"type": "move", "move": "33"}')
{'type': 'move', 'move': '33'}
>>> parse_client_message('{"type": "move"}')
Traceback (most recent call last):
    ...
eighthalf.server.protocol.Refused: $.move: missing
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

from eighthalf.core.errors import EighthalfError, IllegalMoveError, quote
from eighthalf.core.game import Game
from eighthalf.core.i18n import DEFAULT_LOCALE, N_, check_locale, localize_reason, translation
from eighthalf.formats.documents import json_kind, parse_json
from eighthalf.formats.replay import GameRecord
from eighthalf.server.boards import refused_data
from eighthalf.server.games import Served

__all__ = [
    "CLIENT_KEYS",
    "MAX_LANG",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "Refused",
    "SeatLike",
    "TableLike",
    "error_message",
    "hello_locale",
    "message_text",
    "parse_client_message",
    "result_data",
    "seats_message",
    "state_message",
    "table_summary",
    "welcome_message",
]

PROTOCOL_VERSION: Final = 1
"""The version of this protocol, sent in ``welcome``."""

MAX_MESSAGE_BYTES: Final = 16 * 1024
"""The largest message a client may send (a longer one closes the connection, code 1009)."""

CLIENT_KEYS: Final = {
    "hello": ({"type"}, {"token", "lang"}),
    "move": ({"type", "move"}, {"number"}),
    "ping": ({"type"}, set()),
}
"""Each client message type: its required keys and its optional keys."""

MAX_LANG: Final = 35
"""The longest ``lang`` a ``hello`` may give (a BCP 47 language tag such as ``"fr-BE"``)."""

_TOLD: Final = {
    "not-your-turn": N_("It is not your turn."),
    "game-over": N_("The game is over: no more moves."),
    "not-started": N_("The game starts when every seat is taken."),
    "stale": N_("The game moved on before your move arrived: choose again."),
    "not-seated": N_("A spectator cannot move."),
    "bad-move": N_("That is not a move of this game."),
}
"""The player-facing text of the refusals that are no rule's matter, by code."""


class Refused(EighthalfError):
    """A request or message the server refuses, with a code, the reason and the rule if any.

    Attributes:
        code: A short code a client can act on (``illegal-move``, ``not-your-turn`` …).
        rule: The rule id that forbids a move, or ``None``.
        illegal: The game's :class:`~eighthalf.errors.IllegalMoveError` of a refused move, whose
            reason a player is told in their language (:func:`error_message`), or ``None``.
    """

    def __init__(
        self, code: str, message: str, rule: str | None = None, *, illegal: IllegalMoveError | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.illegal = illegal


def parse_client_message(text: object) -> dict[str, Any]:
    """The client message written ``text``, checked.

    Raises:
        Refused: If it is not one (code ``bad-message``), the message naming what is wrong.
    """
    try:
        data = parse_json(text)
    except EighthalfError as error:
        raise Refused("bad-message", str(error)) from None
    if type(data) is not dict:
        raise Refused("bad-message", f"$: expected a JSON object, not {json_kind(data)}")
    kind = data.get("type")
    if type(kind) is not str or kind not in CLIENT_KEYS:
        raise Refused("bad-message", f"$.type: expected one of {', '.join(CLIENT_KEYS)}, not {quote(kind)}")
    required, optional = CLIENT_KEYS[kind]
    for key in sorted(required - set(data)):
        raise Refused("bad-message", f"$.{key}: missing")
    for key in sorted(set(data) - required - optional):
        raise Refused("bad-message", f"$.{quote(key)[1:-1][:40]}: unknown key of a {kind} message")
    if kind == "hello" and "token" in data and type(data["token"]) is not str:
        raise Refused("bad-message", f"$.token: expected a string, not {json_kind(data['token'])}")
    if kind == "hello" and "lang" in data and (type(data["lang"]) is not str or len(data["lang"]) > MAX_LANG):
        raise Refused(
            "bad-message", f"$.lang: expected a language tag such as 'fr' or 'nl-BE', not {quote(data['lang'])[:60]}"
        )
    if kind == "move" and type(data["move"]) is not str:
        raise Refused("bad-message", f"$.move: expected the move's text, not {json_kind(data['move'])}")
    if kind == "move" and "number" in data and (type(data["number"]) is not int or data["number"] < 0):
        raise Refused("bad-message", f"$.number: expected a count of moves, not {quote(data['number'])}")
    return data


def hello_locale(hello: Mapping[str, Any]) -> str:
    """The language a ``hello`` asks for: its ``lang``'s language (``"fr-BE"`` → ``"fr"``) if
    it is one of :data:`~eighthalf.core.i18n.LOCALES`, else English (no ``lang`` included).

    >>> hello_locale({"type": "hello", "lang": "nl-BE"}), hello_locale({"type": "hello", "lang": "de"})
    ('nl', 'en')
    """
    try:
        return check_locale(hello.get("lang"))
    except EighthalfError:  # no lang, or another language's: English
        return DEFAULT_LOCALE


def error_message(refused: Refused, locale: str = DEFAULT_LOCALE, served: Served | None = None) -> dict[str, Any]:
    """The ``error`` message of a refusal: its ``message`` in English (for programmers) and
    its ``text``, what a player is told, in ``locale``.

    Args:
        refused: The refusal.
        locale: The connection's language (:func:`hello_locale`).
        served: The game of the table, whose refusal reasons
            (:attr:`~eighthalf.registry.GameEntry.reasons`) tell an illegal move's
            reason in ``locale`` (without it, or them, the reason is told in English).
    """
    if refused.illegal is not None:
        entry = None if served is None else served.entry
        reasons = ((), ()) if entry is None else (entry.reasons, entry.reason_words)
        text = localize_reason(refused.illegal, locale, *reasons)
    elif refused.code in _TOLD:
        text = translation(locale).gettext(_TOLD[refused.code])
    else:
        text = str(refused)
    return {"type": "error", "code": refused.code, "message": str(refused), "rule": refused.rule, "text": text}


class SeatLike(Protocol):
    """What the messages read of a seat of a table (:attr:`TableLike.seats`)."""

    @property
    def name(self) -> str | None:
        """The name of the person in the seat, if a person took it."""
        ...

    @property
    def bot(self) -> str | None:
        """The bot that plays the seat, or ``None`` for a person's seat."""
        ...

    @property
    def token_hash(self) -> str | None:
        """The hash of the token of the person in the seat, or ``None`` while nobody took it."""
        ...

    @property
    def clients(self) -> set[Any]:
        """The connections that follow the table as this seat."""
        ...


class TableLike(Protocol):
    """What the messages read of a table: :class:`~eighthalf.server.tables.Table` is one.

    The messages are made from a table, but this module sits below
    :mod:`eighthalf.server.tables` (which imports it to send them): it names what it reads
    here instead of importing the table.
    """

    @property
    def id(self) -> str:
        """The table's id."""
        ...

    @property
    def served(self) -> Served:
        """The served game the table plays."""
        ...

    @property
    def game(self) -> Game[Any, Any, Any, Any, Any]:
        """The game object of the table."""
        ...

    @property
    def record(self) -> GameRecord[Any, Any]:
        """The record of the table's set-up."""
        ...

    @property
    def settings(self) -> Mapping[str, Any]:
        """The table's settings that are not in the record."""
        ...

    @property
    def created(self) -> float:
        """When the table was made (seconds since the epoch)."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def abandoned(self) -> bool:
        """Whether the table was ended as abandoned (no person touched it for too long)."""
        ...

    @property
    def seats(self) -> Sequence[SeatLike]:
        """The seats, by seat number."""
        ...

    @property
    def spectators(self) -> set[Any]:
        """The connections that follow the table as spectators."""
        ...

    @property
    def started(self) -> bool:
        """Whether every seat is taken."""
        ...

    @property
    def moves(self) -> Sequence[Any]:
        """The moves made so far."""
        ...

    @property
    def state(self) -> Any:
        """The game's current state."""
        ...

    @property
    def deadline(self) -> float | None:
        """When the time of the seat to move runs out (seconds since the epoch), if it can."""
        ...

    def log(self, seat: int | None, locale: str = DEFAULT_LOCALE) -> list[str]:
        """The narration of every move so far as ``seat`` may see it, in ``locale``."""
        ...

    def frame_parts(self) -> tuple[int, int | None, bool, dict[str, Any] | None, list[str]]:
        """The number of moves, the seat to move, whether the game started, the result, the names."""
        ...

    def legal_texts(self) -> list[str]:
        """The notation of each legal move of the current state."""
        ...


def table_summary(table: TableLike) -> dict[str, Any]:
    """What anyone may know of a table: its game and settings, its seats, whether it is over.

    No token, seed or hidden card is in it.
    """
    return {
        "id": table.id,
        "game": table.served.name,
        "players": table.players,
        "rounds": table.served.entry.rounds_of(table.game),
        "rules": table.served.entry.documents.to_data(table.record.rules),
        "move_seconds": table.settings.get("move_seconds"),
        "seeded": bool(table.settings.get("seeded")),
        "seats": _seat_list(table),
        "spectators": len(table.spectators),
        "started": table.started,
        "moves": len(table.moves),
        "to_move": None if table.abandoned else table.game.to_move(table.state),
        "abandoned": table.abandoned,
        "result": result_data(table.game.result(table.state)),
        "created": table.created,
    }


def _seat_list(table: TableLike) -> list[dict[str, Any]]:
    return [
        {
            "seat": index,
            "name": seat.name,
            "bot": seat.bot,
            "open": seat.bot is None and seat.token_hash is None,
            "connected": len(seat.clients),
        }
        for index, seat in enumerate(table.seats)
    ]


def seats_message(table: TableLike) -> dict[str, Any]:
    """The ``seats`` message: who sits where (names, bots, who is connected), and whether the game started."""
    return {"type": "seats", "table": table.id, "seats": _seat_list(table), "started": table.started}


def welcome_message(table: TableLike, seat: int | None, locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """The ``welcome`` message: the protocol version, the seat the connection acts for, the
    language it is told in (``lang``), the table, and the narration of the moves so far as
    that seat may see them (``log``, in that language)."""
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "seat": seat,
        "lang": locale,
        "table": table_summary(table),
        "log": table.log(seat, locale),
    }


def state_message(
    table: TableLike,
    seat: int | None,
    events: tuple[Any, ...] | list[Any],
    last: dict[str, Any] | None,
    locale: str = DEFAULT_LOCALE,
    *,
    shared: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (``None``: a spectator) after a move (or on joining).

    Args:
        table: The table.
        seat: Who it is for.
        events: The events of the last move, as the seat may see them (``events_for``).
        last: The last move (``seat``, ``move``, ``timed_out``), or ``None`` when the
            message is sent on joining.
        locale: The language of the narration (:func:`hello_locale`).
        shared: A dictionary shared by the messages of one move to several seats, in which
            what they have in common is written once: the JSON of an event every seat sees
            the same (the same object), and the narration of the same events in one language.
    """
    game = table.game
    number, to_move, started, result, names = table.frame_parts()
    mine = seat is not None and to_move == seat and started
    documents = table.served.entry.documents
    if shared is None:
        shared = {}
    # keyed by the events' identities: the dictionary holds the events, so no id is reused meanwhile
    events_data = []
    for event in events:
        if (found := shared.get(id(event))) is None:
            found = shared[id(event)] = (event, documents.to_data(event))
        events_data.append(found[1])
    key = (locale, *map(id, events))
    if (told := shared.get(key)) is None:
        told = shared[key] = (events, game.narrate(events, names, locale) if events else [])
    narration = told[1]
    message = {
        "type": "state",
        "table": table.id,
        "seat": seat,
        "number": number,
        "to_move": to_move,
        "started": started,
        "view": documents.to_data(game.view(table.state, seat)),
        "moves": table.legal_texts() if mine else [],
        "events": events_data,
        "narration": narration,
        "last": last,
        "result": result,
        "seconds_left": None if table.deadline is None else max(0.0, round(table.deadline - time.time(), 1)),
    }
    if mine and seat is not None and (refused := refused_data(table.served.entry, game, table.state, seat, locale)):
        message["refused"] = refused  # last, and only when the game gives any: the other frames keep their text
    return message


def result_data(result: Any) -> dict[str, Any] | None:
    """A :class:`~eighthalf.core.game.Result` as messages give it (``None`` while the game goes on)."""
    if result is None:
        return None
    return {"scores": list(result.scores), "winners": list(result.winners), "text": result.text}


_written: list[tuple[Any, str]] = [(None, "")]  # the last message written by message_text, with its text


def message_text(message: dict[str, Any]) -> str:
    """The JSON text of ``message`` as a connection sends it: compact, with its text as it is
    (not escaped to ASCII).

    A table gives one message object to every connection that is to get the same (the
    devices of one seat, the spectators told in one language, everyone for the seats'
    news), one connection after another, so the last message is kept with its text and
    written only once (``python -m benchmarks.server_audience`` measures what it saves a
    table with spectators). A message must not be changed once given to a connection.

    >>> message_text({"type": "pong"})
    '{"type":"pong"}'
    """
    last, text = _written[0]  # read, and replaced, as one pair: a thread never gets another's text
    if message is not last:
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        _written[0] = message, text
    return text
