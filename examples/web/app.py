"""A small web front-end for eighthalf: play a round of 8½ against bots in the browser.

The server keeps every round's full :class:`~eighthalf.GameState` in memory and sends the
human player (always seat 0) only what seat 0 may know: the JSON of ``view(state, 0)``
and the narrated events filtered by ``events_for(..., seat=0)``. The seed, the other
hands, the banks and the blind cards never leave the server. The bots get only their own
views, through the public :class:`~eighthalf.bots.Bot` interface.

Run it from the root of a checkout of the repository with::

    python -m pip install ".[web]"
    python examples/web/app.py --port 8000

and open http://127.0.0.1:8000/ in a browser.

The JSON API:

``POST /api/games`` with ``{"players": 4, "seed": 7, "bots": ["greedy", "random", "search"]}``
    Deal a new round (``seed`` and ``bots`` are optional; ``bots`` may be one name for
    every bot seat). The bots move until it is seat 0's turn. Answers ``201`` with the
    game's document (below), which includes ``game_id`` and ``seat``.
``GET /api/games/<id>``
    The game's document: ``view`` (seat 0's view as an eighthalf JSON document),
    ``legal_moves`` (notation and description), ``log`` (the recent narrated events),
    the seat ``names``, ``can_undo`` with ``undo_refused`` (why not, when not) and a few
    conveniences (``call``, ``catch_card``, ``my_turn``).
``POST /api/games/<id>/moves`` with ``{"move": "33"}``
    Make seat 0's move, then let the bots play until it is seat 0's turn again or the
    round is over. The document also lists the new narrated ``events``.
``POST /api/games/<id>/undo`` (no body, or ``{}``)
    Take back seat 0's last move and the bots' replies, if that shows seat 0 no hidden
    card again (see :func:`reveals`).

Every request body is checked before anything happens: at most :data:`MAX_BODY_BYTES`
bytes (else ``413``), a JSON object with only the fields above, each of the right type
and in range (else ``400``). Every refusal is a short JSON ``{"error": message}`` that
quotes at most a few dozen characters of the input, and changes nothing. An illegal
move is refused with the library's message and rule id; an unknown game answers ``404``.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, Response, jsonify, request, send_from_directory
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from eighthalf import (
    BlindPlay,
    Collect,
    EightAndHalf,
    EighthalfError,
    Event,
    GameState,
    HandPlay,
    Move,
    OpenPlay,
    PlayerView,
    Rules,
    apply_with_events,
    events_for,
    narrate,
    new_game,
    parse_move,
    view,
)
from eighthalf.bots import BOTS, Bot, SearchBot, make_bot
from eighthalf.events import BlindTurned, Drew
from eighthalf.serialization import to_data

STATIC = Path(__file__).resolve().parent / "static"
HUMAN = 0
"""The human's seat."""
MAX_GAMES = 1000
"""Rounds kept in memory; the least recently used are forgotten beyond this."""
LOG_LENGTH = 60
"""How many narrated events a game document carries."""
MAX_BOT_MOVES = 10_000
"""A safety bound on the bots' moves between two of the human's moves."""
SEARCH_TIME_LIMIT = 0.25
"""Seconds the search bot may think per move, so that the page stays responsive."""
MAX_BODY_BYTES = 1024
"""The largest request body accepted (Flask's ``MAX_CONTENT_LENGTH``); larger ones get ``413``."""
MAX_MOVE_LENGTH = 16
"""The longest move text read (the longest notation, eight Ghosts, has 8 characters)."""
MAX_SEED = 2**53 - 1
"""The largest seed accepted: the largest whole number a browser's JavaScript holds exactly."""
QUOTE_LENGTH = 40
"""At most this many characters of a request are quoted back in an error message."""
DEFAULT_RULES = Rules()
"""The options of every round the example deals (S2: 2 to 5 players)."""


class BadRequest(Exception):
    """Input the API refuses (answered with HTTP 400)."""


class UnknownGame(Exception):
    """No game has this id (answered with HTTP 404)."""


@dataclass
class Snapshot:
    """What undo restores: the game just before one of the human's moves."""

    state: GameState
    rng_state: tuple[Any, ...]
    bots: tuple[Bot | None, ...]
    log_length: int


@dataclass
class Game:
    """One round, held on the server only.

    ``history`` holds a snapshot before each of the human's moves that may be taken
    back; ``undo_refused`` says why the move before the oldest of them may not be
    (``None`` while the human has not moved yet).
    """

    state: GameState
    names: tuple[str, ...]
    bots: tuple[Bot | None, ...]
    rng: random.Random
    log: list[str] = field(default_factory=list)
    history: list[Snapshot] = field(default_factory=list)
    undo_refused: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


class GameStore:
    """The rounds in play, by game id (in memory, least recently used forgotten first)."""

    def __init__(self, limit: int = MAX_GAMES) -> None:
        self.limit = limit
        self.games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, game: Game) -> str:
        game_id = secrets.token_urlsafe(12)
        with self._lock:
            self.games[game_id] = game
            while len(self.games) > self.limit:
                self.games.popitem(last=False)
        return game_id

    def get(self, game_id: str) -> Game | None:
        with self._lock:
            game = self.games.get(game_id)
            if game is not None:
                self.games.move_to_end(game_id)
            return game


def quote(value: object) -> str:
    """``repr(value)``, cut to :data:`QUOTE_LENGTH` characters, for error messages."""
    text = repr(value)
    return text if len(text) <= QUOTE_LENGTH else text[: QUOTE_LENGTH - 1] + "…"


def _bot(name: str) -> Bot:
    if name == "search":
        return SearchBot(time_limit=SEARCH_TIME_LIMIT)
    return make_bot(name)


def describe_move(move: Move, seen: PlayerView) -> str:
    """A move in words, for a button: ``"Play two 3s from your hand"``."""
    if isinstance(move, HandPlay):
        label = move.rank.label
        return f"Play {label} from your hand" if move.count == 1 else f"Play {move.count} × {label} from your hand"
    if isinstance(move, EightAndHalf):
        return "Play the 8½ combination (an 8 with a ½) from your hand"
    if isinstance(move, OpenPlay):
        label = move.rank.label
        return f"Play the open card {label}" if move.count == 1 else f"Play {move.count} × {label} from your open cards"
    if isinstance(move, BlindPlay):
        return f"Turn blind card {move.position} and play it"
    assert isinstance(move, Collect)
    count = len(seen.pile)
    return f"Collect the pile ({count} card{'' if count == 1 else 's'}): you have no legal play"


def reveals(moves: Sequence[tuple[int, Sequence[Event]]], names: Sequence[str]) -> str | None:
    """Why taking back these moves would hide again a card the human has seen (I3), or ``None``.

    ``moves`` are the human's move and the bots' replies, in order, each as the seat
    that moved and its full events (before :func:`~eighthalf.events_for`). Undo puts
    every card back where it was; that must not give the human knowledge of a bank
    card or a blind card, which nobody may see (I3). These moves showed the human
    something of a card that was face down before them when

    * the human drew from their bank (T4): the human saw the cards drawn;
    * a blind card was turned (L4), anybody's: everybody saw it;
    * a bot that drew from its bank moved again among these moves (after a catch,
      P9, or around a short table): its move may show a drawn card or depend on it.

    Otherwise every bank card and blind card of the position before the human's move
    is still face down, or in a bot's hand that has not moved since: nothing the human
    saw depends on it, and the moves may be taken back.

    The bots' replies do show the human something of the bots' hands (I2), as the
    replies to any taken-back move at a table would; the bots' hands are not dealt anew.
    """
    drew: set[int] = set()
    for seat, events in moves:
        if seat in drew:
            return f"{names[seat]} moved again after drawing from its bank, so you may have seen a card it drew (I3)"
        for event in events:
            if isinstance(event, Drew) and event.seat == HUMAN:
                return f"you drew from your bank and saw {'the card' if event.count == 1 else 'the cards'} (I3)"
            if isinstance(event, Drew):
                drew.add(event.seat)
            if isinstance(event, BlindTurned):
                whose = "your" if event.seat == HUMAN else f"{names[event.seat]}'s"
                return f"{whose} blind card was turned face up and everybody saw it (I3)"
    return None


def undo_refused(game: Game) -> str | None:
    """Why seat 0 may not take back its last move now, or ``None`` if it may."""
    if game.history:
        return None
    return game.undo_refused or "you have not made a move yet"


def document(game_id: str, game: Game, events: Sequence[str] = ()) -> dict[str, Any]:
    """What seat 0 receives: built only from ``view(state, 0)``, the filtered log and the names."""
    seen = view(game.state, HUMAN)
    catch = seen.catch_card
    refused = undo_refused(game)
    return {
        "game_id": game_id,
        "seat": HUMAN,
        "names": list(game.names),
        "view": to_data(seen),
        "call": seen.call_label,
        "catch_card": None if catch is None else catch.label,
        "my_turn": seen.my_turn,
        "over": seen.over,
        "legal_moves": [{"move": str(move), "description": describe_move(move, seen)} for move in seen.legal_moves()],
        "events": list(events),
        "log": game.log[-LOG_LENGTH:],
        "can_undo": refused is None,
        "undo_refused": refused,
    }


def play_bots(game: Game, moves: list[tuple[int, Sequence[Event]]] | None = None) -> list[str]:
    """Let the bots move until it is the human's turn or the round is over; the narration.

    Each bot move is added to ``moves`` (the seat and its full events), if given.
    """
    lines: list[str] = []
    for _ in range(MAX_BOT_MOVES):
        state = game.state
        if state.over or state.to_move == HUMAN:
            break
        bot = game.bots[state.to_move]
        assert bot is not None
        move = bot.choose(view(state, state.to_move), game.rng)  # the bot sees its own view only
        game.state, events = apply_with_events(state, move)
        if moves is not None:
            moves.append((state.to_move, events))
        lines.extend(narrate(events_for(events, seat=HUMAN), game.names))
    game.log.extend(lines)
    return lines


def json_body(fields: Sequence[str]) -> dict[str, Any]:
    """The request's JSON object, with no field but ``fields``; ``{}`` for an empty body.

    Raises:
        RequestEntityTooLarge: If the body has more than :data:`MAX_BODY_BYTES` bytes (413).
        BadRequest: If it is not JSON, not an object, or has another field (400).
    """
    data = request.get_data()  # at most MAX_CONTENT_LENGTH bytes, else RequestEntityTooLarge
    if not data.strip():
        return {}
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise BadRequest("the request body is not JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    for key in body:
        if key not in fields:
            expected = ", ".join(f'"{name}"' for name in fields) if fields else "none"
            raise BadRequest(f"unknown field {quote(key)} (fields: {expected})")
    return body


def _whole_number(
    body: dict[str, Any], key: str, low: int, high: int, default: int | None, rule: str = ""
) -> int | None:
    value = body.get(key, default)
    if value is None and default is None:
        return None
    if type(value) is not int:
        raise BadRequest(f"{key} must be a whole number, not {quote(value)}")
    if not low <= value <= high:
        raise BadRequest(f"{key} must be from {low} to {high}{rule}, not {quote(value)}")
    return value


def new_round(body: dict[str, Any]) -> Game:
    """Deal the round that a checked ``POST /api/games`` body asks for.

    Raises:
        BadRequest: If a field has the wrong type or is out of range.
    """
    low, high = DEFAULT_RULES.min_players, DEFAULT_RULES.max_players
    players = _whole_number(body, "players", low, high, 4, " (S2)")
    assert players is not None
    seed = _whole_number(body, "seed", 0, MAX_SEED, None)
    names_of_bots = body.get("bots", "greedy")
    if isinstance(names_of_bots, str):
        names_of_bots = [names_of_bots] * (players - 1)
    if not isinstance(names_of_bots, list) or len(names_of_bots) != players - 1:
        raise BadRequest(f"bots must be a bot name or a list of {players - 1} bot names")
    for name in names_of_bots:
        if not isinstance(name, str) or name not in BOTS:
            raise BadRequest(f"no bot named {quote(name)}; choose from {', '.join(sorted(BOTS))}")
    state = new_game(players, seed=seed, rules=DEFAULT_RULES)
    bots: tuple[Bot | None, ...] = (None, *(_bot(name) for name in names_of_bots))
    names = (f"Seat {HUMAN} (you)", *(f"Seat {seat} ({name})" for seat, name in enumerate(names_of_bots, 1)))
    return Game(state, names, bots, random.Random(seed))


def create_app(store: GameStore | None = None) -> Flask:
    """The Flask application; each call has its own store of games unless one is given."""
    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    games = GameStore() if store is None else store
    app.extensions["eighthalf"] = games

    def error(message: str, status: int) -> tuple[Response, int]:
        return jsonify({"error": message}), status

    def find(game_id: str) -> Game:
        game = games.get(game_id)
        if game is None:
            raise UnknownGame(game_id)
        return game

    @app.errorhandler(BadRequest)
    def bad_request(exc: BadRequest) -> tuple[Response, int]:
        return error(str(exc), 400)

    @app.errorhandler(EighthalfError)
    def refused(exc: EighthalfError) -> tuple[Response, int]:
        return error(str(exc), 400)

    @app.errorhandler(UnknownGame)
    def unknown(exc: UnknownGame) -> tuple[Response, int]:
        return error(f"no game with id {quote(exc.args[0])}", 404)

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(exc: RequestEntityTooLarge) -> tuple[Response, int]:
        return error(f"the request body is larger than {MAX_BODY_BYTES} bytes", 413)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Response, int]:
        status = exc.code or 500
        return error(exc.name, status)  # the standard short name ("Not Found"), never the request

    @app.get("/")
    def index() -> Response:
        return send_from_directory(STATIC, "index.html")

    @app.post("/api/games")
    def create() -> tuple[Response, int]:
        game = new_round(json_body(("players", "seed", "bots")))
        names = ", ".join(game.names)
        game.log.append(f"A new round of {len(game.names)} players: {names}.")
        events = play_bots(game)
        game_id = games.add(game)
        return jsonify(document(game_id, game, events)), 201

    @app.get("/api/games/<game_id>")
    def show(game_id: str) -> Response:
        return jsonify(document(game_id, find(game_id)))

    @app.post("/api/games/<game_id>/moves")
    def move(game_id: str) -> Response:
        game = find(game_id)
        text = json_body(("move",)).get("move")
        if not isinstance(text, str):
            raise BadRequest('send the move as {"move": "<notation>"}, e.g. {"move": "33"}')
        if len(text) > MAX_MOVE_LENGTH:
            raise BadRequest(f"not a move: {quote(text)} (a move has at most {MAX_MOVE_LENGTH} characters)")
        with game.lock:
            state = game.state
            if state.over:
                raise BadRequest("the round is over; start a new one")
            # ParseError or IllegalMoveError (with the rule id) leave everything unchanged.
            after, events = apply_with_events(state, parse_move(text))
            snapshot = Snapshot(state, game.rng.getstate(), copy.deepcopy(game.bots), len(game.log))
            game.state = after
            lines = narrate(events_for(events, seat=HUMAN), game.names)
            game.log.extend(lines)
            moves: list[tuple[int, Sequence[Event]]] = [(HUMAN, events)]
            lines.extend(play_bots(game, moves))
            reason = reveals(moves, game.names)
            if reason is None:
                game.history.append(snapshot)
            else:  # neither this move nor any before it may be taken back now
                game.history.clear()
                game.undo_refused = f"your last move cannot be taken back: {reason}"
            return jsonify(document(game_id, game, lines))

    @app.post("/api/games/<game_id>/undo")
    def undo(game_id: str) -> Response:
        game = find(game_id)
        json_body(())
        with game.lock:
            refused = undo_refused(game)
            if refused is not None:
                raise BadRequest(refused)
            snapshot = game.history.pop()
            game.state = snapshot.state
            game.rng.setstate(snapshot.rng_state)
            game.bots = snapshot.bots  # the search bots' memory of the round, as it was
            del game.log[snapshot.log_length :]
            line = "You take back your last move."
            game.log.append(line)
            return jsonify(document(game_id, game, [line]))

    return app


def main(argv: Sequence[str] | None = None) -> None:
    """Run the development server: ``python examples/web/app.py --port 8000``."""
    parser = argparse.ArgumentParser(description="Play 8½ against bots in the browser.")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on (default: 8000)")
    args = parser.parse_args(argv)
    create_app().run(host=args.host, port=args.port, threaded=True)


if __name__ == "__main__":
    main()
