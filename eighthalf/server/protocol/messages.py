"""The messages of the server's websocket protocol: what a client sends, what it is sent.

Every message is a JSON object with a ``type``. A client sends:

* ``{"type": "hello", "token": "..."}`` first, to act for the seat of that token, or
  ``{"type": "hello"}`` to follow the table as a spectator; an optional ``"lang"`` (``"fr"``,
  ``"nl-BE"`` …) asks for the narration and the refusals in that language
  (:func:`hello_locale`: a language the server does not tell in gets English);
* ``{"type": "move", "move": "33", "number": 12}``: a move in the game's notation; ``number``
  (optional) is the number of moves made when the client chose it, so that a move sent
  twice, or after the game moved on, is refused as ``stale`` instead of being played;
* ``{"type": "rematch", "agree": true}``: once the game is over, a seated person asks for
  another game with the same seats (``false``: the request withdrawn);
* ``{"type": "ping"}``, answered by ``{"type": "pong"}``.

The server sends ``welcome`` (once, after ``hello``), ``state`` (at once, and after every
move: the seat's own view and the events it may see), ``seats`` (who sits where, who is
connected), ``votes`` (who asked for a rematch, and the new table once everyone did),
``moved`` (the rematch started: the new table, and to a seat its new token; then the
connection closes), ``error`` (a refused message; nothing changed) and ``pong``.
The docs page "Playing over a network" describes each field, with the JSON Schemas of
:mod:`eighthalf.schemas.server`.

>>> parse_client_message('{"type": "move", "move": "33"}')
{'type': 'move', 'move': '33'}
>>> parse_client_message('{"type": "move"}')
Traceback (most recent call last):
    ...
eighthalf.server.protocol.messages.Refused: $.move: missing
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from eighthalf.core.errors import EighthalfError, IllegalMoveError, quote
from eighthalf.core.i18n import DEFAULT_LOCALE, N_, check_locale, localize_reason, translation
from eighthalf.formats.documents import json_kind, parse_json
from eighthalf.registry import GameEntry

__all__ = [
    "CLIENT_KEYS",
    "MAX_LANG",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "FrameParts",
    "Refused",
    "error_message",
    "hello_locale",
    "message_text",
    "moved_message",
    "parse_client_message",
    "refused_data",
    "rematch_message",
    "result_data",
    "seats_message",
    "state_frame",
    "welcome_message",
]

PROTOCOL_VERSION: Final = 1
"""The version of this protocol, sent in ``welcome``."""

MAX_MESSAGE_BYTES: Final = 16 * 1024
"""The largest message a client may send (a longer one closes the connection, code 1009)."""

CLIENT_KEYS: Final = {
    "hello": ({"type"}, {"token", "lang"}),
    "move": ({"type", "move"}, {"number"}),
    "rematch": ({"type", "agree"}, set()),
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
    if kind == "rematch" and type(data["agree"]) is not bool:
        raise Refused("bad-message", f"$.agree: expected true or false, not {quote(data['agree'])}")
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


def error_message(refused: Refused, locale: str = DEFAULT_LOCALE, entry: GameEntry | None = None) -> dict[str, Any]:
    """The ``error`` message of a refusal: its ``message`` in English (for programmers) and
    its ``text``, what a player is told, in ``locale``.

    Args:
        refused: The refusal.
        locale: The connection's language (:func:`hello_locale`).
        entry: The registry's entry of the table's game, whose refusal reasons
            (:attr:`~eighthalf.registry.GameEntry.reasons`) tell an illegal move's
            reason in ``locale`` (without it, or them, the reason is told in English).
    """
    if refused.illegal is not None:
        reasons = ((), ()) if entry is None else (entry.reasons, entry.reason_words)
        text = localize_reason(refused.illegal, locale, *reasons)
    elif refused.code in _TOLD:
        text = translation(locale).gettext(_TOLD[refused.code])
    else:
        text = str(refused)
    return {"type": "error", "code": refused.code, "message": str(refused), "rule": refused.rule, "text": text}


def result_data(result: Any) -> dict[str, Any] | None:
    """A :class:`~eighthalf.core.game.Result` as messages give it (``None`` while the game goes on)."""
    if result is None:
        return None
    return {"scores": list(result.scores), "winners": list(result.winners), "text": result.text}


# keeps no state between calls; no message holds a cycle (its values are made afresh), so none is looked for
_encode: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def message_text(message: Mapping[str, Any]) -> str:
    """The JSON text of ``message`` as a connection sends it: compact, with its text as it is
    (not escaped to ASCII).

    A table writes each frame once, and gives the same text to every connection that is to
    get it (the devices of one seat, the spectators told in one language, everyone for the
    seats' news).

    >>> message_text({"type": "pong", "text": "½"})
    '{"type":"pong","text":"½"}'
    """
    return _encode(message)


def seats_message(table_id: str, seats: Sequence[Mapping[str, Any]], started: bool) -> dict[str, Any]:
    """The ``seats`` message of table ``table_id``: who sits where (``seats``: each seat's
    name, bot, whether it is open and how many connections it has), and whether the game started."""
    return {"type": "seats", "table": table_id, "seats": seats, "started": started}


def welcome_message(summary: Mapping[str, Any], seat: int | None, locale: str, log: Sequence[str]) -> dict[str, Any]:
    """The ``welcome`` message: the protocol version, the seat the connection acts for, the
    language it is told in (``lang``), the table's public ``summary``, and the narration of
    the moves so far as that seat may see them (``log``, in that language)."""
    return {"type": "welcome", "protocol": PROTOCOL_VERSION, "seat": seat, "lang": locale, "table": summary, "log": log}


@attrs.frozen
class FrameParts:
    """What every seat's ``state`` frame of one position of a table has in common."""

    number: int
    """The number of moves made."""
    to_move: int | None
    """The seat to move, or ``None`` once the game is over (or the table ended as abandoned)."""
    started: bool
    """Whether every seat is taken (until then nobody moves)."""
    result: dict[str, Any] | None
    """The result (:func:`result_data`), or ``None`` while the game goes on."""
    names: tuple[str, ...]
    """The seats' names, as the narration uses them."""


def state_frame(
    table_id: str,
    seat: int | None,
    parts: FrameParts,
    *,
    view: Mapping[str, Any],
    moves: Sequence[str],
    events: Sequence[Mapping[str, Any]],
    narration: Sequence[str],
    last: Mapping[str, Any] | None,
    seconds_left: float | None,
    refused: Mapping[str, Any] | None = None,
    final: Mapping[str, Any] | None = None,
) -> str:
    """The text of the ``state`` frame for ``seat`` (``None``: a spectator) of table
    ``table_id``, after a move (or on joining).

    Args:
        table_id: The table's id.
        seat: Who it is for.
        parts: What the frames of every seat share.
        view: The seat's view, as its document's JSON data.
        moves: The notation of the seat's legal moves (none unless it is to move).
        events: The events of the last move as the seat may see them, as JSON data.
        narration: Those events told in the connection's language.
        last: The last move (``seat``, ``move``, ``timed_out``), or ``None`` when the
            frame is sent on joining.
        seconds_left: The time left for the move of the seat to move, if it is timed.
        refused: For the seat to move, the engine's reason for each play it might tap
            (:func:`refused_data`); last, and only when the game gives any.
        final: Once the game is over, and only then, its whole final state, as its
            document's JSON data (every hand, every face-down card: nothing of a finished
            game is secret any more), sent to every seat and every spectator alike.
    """
    frame = {
        "type": "state",
        "table": table_id,
        "seat": seat,
        "number": parts.number,
        "to_move": parts.to_move,
        "started": parts.started,
        "view": view,
        "moves": moves,
        "events": events,
        "narration": narration,
        "last": last,
        "result": parts.result,
        "seconds_left": seconds_left,
    }
    if refused:
        frame["refused"] = refused
    if final is not None:
        frame["final"] = final
    return _encode(frame)


def refused_data(entry: GameEntry, game: Any, state: Any, seat: int, locale: str) -> dict[str, Any] | None:
    """The ``refused`` field of a ``state`` message to the seat to move: each play it might tap
    that the engine refuses now (:attr:`~eighthalf.registry.GameEntry.refusals`), with the
    engine's reason in ``locale`` and its rule id; ``None`` for a game that gives none."""
    if entry.refusals is None:
        return None
    return {
        move: {"reason": localize_reason(error, locale, entry.reasons, entry.reason_words), "rule": error.rule}
        for move, error in entry.refusals(game, state, seat).items()
    }


def rematch_message(
    table_id: str, people: Sequence[int], agreed: Sequence[int], rematch: str | None, link: str | None
) -> dict[str, Any]:
    """The ``votes`` message of the finished table ``table_id``: the seats of its ``people``,
    those of them who ``agreed`` to another game, the id of the table the rematch made
    (``None`` until every person agreed) and the link to it for this connection (its new
    seat's private link for a seat, the table page for a spectator; ``None`` until then)."""
    return {
        "type": "votes",
        "table": table_id,
        "people": list(people),
        "agreed": list(agreed),
        "rematch": rematch,
        "link": link,
    }


def moved_message(table_id: str, to: str, seat: int | None, token: str | None) -> dict[str, Any]:
    """The ``moved`` message: the rematch of table ``table_id`` started at table ``to``; this
    connection's ``seat`` there and its new ``token`` (``None``: a spectator), and its link."""
    link = f"/table/{to}" if token is None else f"/table/{to}#token={token}"
    return {"type": "moved", "table": table_id, "to": to, "seat": seat, "token": token, "link": link}
