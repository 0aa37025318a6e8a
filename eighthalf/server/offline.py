"""The offline engine: a table of one person and the built-in bots, with no server at all.

This module runs where Python runs without a network: in a browser, in Pyodide (the offline
table of :mod:`eighthalf.server.web.offline` loads it there), or in CPython. It imports nothing
of the server but :mod:`eighthalf.server.protocol`, and nothing beyond the core dependencies.
An :class:`OfflineTable` gives the messages the server's websocket sends, as their JSON text:
the ``welcome``, each ``state`` frame of the person's seat, and the ``error`` of a refused
move, with the same words as the server's (both read a move with
:mod:`eighthalf.server.protocol.refusals`). Its bots choose as a server's table's do, from the
same seeds, so a seeded game offline and on a server go the same way for the same moves.

>>> import json
>>> table = open_table('{"table": {"game": "Eights", "seed": 7}, "name": "Ann"}')
>>> json.loads(table.welcome())["table"]["seats"][1]["bot"]
'greedy'
>>> json.loads(table.move("no such move", 0))["code"]
'bad-move'
>>> frame = json.loads(table.frame())
>>> frame["to_move"], len(frame["moves"]) > 0
(0, True)
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any, Final

import attrs

from eighthalf.core.errors import DocumentError, EighthalfError
from eighthalf.core.game import Game, result_text
from eighthalf.core.i18n import DEFAULT_LOCALE, check_locale
from eighthalf.formats.documents import json_kind
from eighthalf.players.players import tell
from eighthalf.registry import GameEntry
from eighthalf.server.protocol.games import check_name, seat_names, served, table_spec
from eighthalf.server.protocol.messages import (
    FrameParts,
    Refused,
    error_message,
    message_text,
    refused_data,
    result_data,
    state_frame,
    welcome_message,
)
from eighthalf.server.protocol.refusals import check_turn, read_move

__all__ = ["OPEN_KEYS", "OfflineTable", "open_table"]

OPEN_KEYS: Final = frozenset({"table", "name", "id", "lang"})
"""The keys of :func:`open_table`'s settings."""


class OfflineTable:
    """A table played in one process: one seat for a person (or none: every seat a bot's), the others bots.

    Args:
        settings: A new table's settings, as ``POST /api/tables`` takes them
            (:func:`~eighthalf.server.protocol.games.table_spec`). The first seat left to a
            person is the person's; any other such seat gets the game's default bot. A
            ``seed`` deals the same cards as a server's table of that seed (none: a fresh one).
            Nobody's time runs out offline: ``move_seconds`` is not used.
        name: The person's name, as the narration uses it.
        table_id: The ``table`` of the messages.
        locale: The language of the narration and of the refusals.

    Raises:
        DocumentError: If the settings, the name or the language are not ones.
    """

    def __init__(
        self, settings: object, *, name: str = "you", table_id: str = "offline", locale: str = DEFAULT_LOCALE
    ) -> None:
        spec = table_spec(settings)
        self.entry: GameEntry = served(spec.game)
        """The registry's entry of the game."""
        self.id = table_id
        self.locale = check_locale(locale)
        self.name = check_name(name)
        bots = list(spec.bots)
        self.seat: int | None = bots.index(None) if None in bots else None
        """The person's seat, or ``None``: every seat is a bot's, and the person watches."""
        self.bots: tuple[str | None, ...] = tuple(
            None if index == self.seat else bot or self.entry.default_bot for index, bot in enumerate(bots)
        )
        self.seed: int = spec.seed if spec.seed is not None else secrets.randbits(53)
        self.record = spec.record(self.seed)
        self.game: Game[Any, Any, Any, Any, Any] = self.record.game
        self.rounds = spec.rounds
        self.players = spec.players
        self.state: Any = self.record.start()
        self.moves: list[Any] = []
        self.history: list[tuple[Any, ...]] = []
        self._players = {
            index: self.entry.bot(bot, self.game) for index, bot in enumerate(self.bots) if bot is not None
        }
        self._last: dict[str, Any] | None = None
        self._events: tuple[Any, ...] = ()

    def names(self) -> list[str]:
        """The seats' names as the narration uses them."""
        return seat_names([self.name if index == self.seat else None for index in range(self.players)], self.bots)

    def summary(self) -> dict[str, Any]:
        """The table's public summary, as the server's ``welcome`` gives it."""
        to_move = self.game.to_move(self.state)
        return {
            "id": self.id,
            "game": self.entry.name,
            "players": self.players,
            "rounds": self.entry.rounds_of(self.game),
            "rules": self.entry.documents.to_data(self.record.rules),
            "move_seconds": None,
            "seeded": True,
            "hints": False,
            "rated": False,
            "seats": [
                {
                    "seat": index,
                    "name": self.name if index == self.seat else None,
                    "bot": bot,
                    "open": False,
                    "connected": int(index == self.seat),
                }
                for index, bot in enumerate(self.bots)
            ],
            "spectators": int(self.seat is None),
            "started": True,
            "moves": len(self.moves),
            "to_move": to_move,
            "abandoned": False,
            "result": result_data(self.game.result(self.state)),
            "created": 0.0,
        }

    def welcome(self) -> str:
        """The ``welcome`` message's text: the summary, the person's seat and the narration so far."""
        seen = [event for events in self.history for event in self.game.events_for(events, self.seat)]
        log = self.game.narrate(seen, self.names(), self.locale) if seen else []
        return message_text(welcome_message(self.summary(), self.seat, self.locale, log))

    def frame(self) -> str:
        """The ``state`` frame's text of the person's seat after the last move (its events and narration)."""
        game, seat = self.game, self.seat
        to_move = game.to_move(self.state)
        result = game.result(self.state)
        parts = FrameParts(
            number=len(self.moves), to_move=to_move, started=True, result=result_data(result), names=tuple(self.names())
        )
        mine = seat is not None and to_move == seat
        events = game.events_for(self._events, seat)
        return state_frame(
            self.id,
            seat,
            parts,
            view=self.entry.documents.to_data(game.view(self.state, seat)),
            moves=[game.move_text(move) for move in game.legal_moves(self.state)] if mine else [],
            events=[self.entry.documents.to_data(event) for event in events],
            narration=game.narrate(events, parts.names, self.locale) if events else [],
            last=self._last,
            seconds_left=None,
            refused=refused_data(self.entry, game, self.state, seat, self.locale)
            if mine and seat is not None
            else None,
            final=None if result is None else self.entry.documents.to_data(self.state),
        )

    def move(self, text: object, number: object = None) -> str:
        """Play the person's move written ``text`` (``number``: the moves made that the person
        saw, if it says): the ``state`` frame's text after it, or the ``error``'s text of its
        refusal, with the server's code and words (nothing changes then)."""
        try:
            if self.seat is None:
                raise Refused("not-seated", "a spectator cannot move")
            check_turn(
                over=self.game.to_move(self.state) is None,
                started=True,
                number=number,
                made=len(self.moves),
                to_move=self.game.to_move(self.state),
                seat=self.seat,
            )
            move = read_move(self.game, self.state, text, self.game.legal_moves(self.state))
        except Refused as refused:
            return message_text(error_message(refused, self.locale, self.entry))
        self._play(self.seat, move)
        return self.frame()

    def bot_to_move(self) -> bool:
        """Whether a bot is to move."""
        to_move = self.game.to_move(self.state)
        return to_move is not None and to_move != self.seat

    def bot_move(self) -> str | None:
        """Play the move of the bot to move, chosen as a server's table's bot chooses it (the
        same seed): the ``state`` frame's text after it, or ``None`` if no bot is to move."""
        seat = self.game.to_move(self.state)
        if seat is None or seat == self.seat:
            return None
        rng = random.Random(f"{self.seed}:{seat}:{len(self.moves)}")
        move = self._players[seat].choose(self.game.view(self.state, seat), rng)
        legal = self.game.legal_moves(self.state)
        self._play(seat, move if move in legal else legal[0])
        return self.frame()

    def _play(self, seat: int, move: Any) -> None:
        game = self.game
        after = game.apply_unchecked(self.state, move)  # a legal move: apply would judge it again
        events = game.describe(self.state, move, after)
        self.state = after
        self.moves.append(move)
        self.history.append(events)
        self._events = events
        self._last = {"seat": seat, "move": game.move_text(move), "timed_out": False}
        tell(self._players, events, after, game.events_for, game.view)

    def final(self) -> str:
        """The JSON text of the whole state (every hand: for tests and a finished game's reveal)."""
        return json.dumps(self.entry.documents.to_data(self.state), sort_keys=True, ensure_ascii=False)

    def record_text(self) -> str:
        """The record of the game so far in the game's record text, as the server's
        ``GET /api/tables/{id}/record`` gives a finished game's."""
        return str(self.entry.records.dumps(self._record()))

    def record_json(self) -> str:
        """The record of the game so far as the JSON text of its document, as the server's
        ``GET /api/tables/{id}/record.json`` gives a finished game's."""
        return json.dumps(self.entry.documents.to_data(self._record()), ensure_ascii=False)

    def _record(self) -> Any:
        return attrs.evolve(  # type: ignore[misc]
            self.record,
            moves=tuple(self.moves),
            result=result_text(self.game, self.state),
            tags=(("Names", ", ".join(self.names())),),
        )


def open_table(text: str) -> OfflineTable:
    """The :class:`OfflineTable` of the settings written ``text``, a JSON object: ``table`` (the
    new table's settings), and optionally ``name``, ``id`` and ``lang`` (a language tag:
    ``"fr-BE"`` tells in French, one the engine does not tell in gets English).

    Raises:
        DocumentError: If the text is not such an object, or a setting is not one.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise DocumentError("$", "expected the JSON text of an object") from None
    if type(data) is not dict:
        raise DocumentError("$", f"expected a JSON object, not {json_kind(data)}")
    unknown = sorted(set(data) - OPEN_KEYS)
    if unknown:
        raise DocumentError(f"$.{unknown[0][:40]}", f"unknown key (expected some of {', '.join(sorted(OPEN_KEYS))})")
    lang = str(data.get("lang") or DEFAULT_LOCALE).replace("_", "-").split("-")[0].lower()
    try:
        locale = check_locale(lang)
    except EighthalfError:
        locale = DEFAULT_LOCALE
    table_id = data.get("id", "offline")
    if type(table_id) is not str or not 0 < len(table_id) <= 100:
        raise DocumentError("$.id", "expected the table's id, a string of 1 to 100 characters")
    return OfflineTable(data.get("table"), name=data.get("name", "you"), table_id=table_id, locale=locale)
