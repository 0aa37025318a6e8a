"""A small web front-end for eighthalf: play a round of 8½ against bots in the browser.

The server keeps every round's full :class:`~eighthalf.GameState` in memory and sends the
human player (always seat 0) only what seat 0 may know: the JSON of ``view(state, 0)``
and the narrated events filtered by ``events_for(..., seat=0)``. The seed, the other
hands, the banks and the blind cards never leave the server. The bots get only their own
views, through the public :class:`~eighthalf.bots.Bot` interface.

Run it with::

    pip install flask
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
    the seat ``names`` and a few conveniences (``call``, ``catch_card``, ``my_turn``).
``POST /api/games/<id>/moves`` with ``{"move": "33"}``
    Make seat 0's move, then let the bots play until it is seat 0's turn again or the
    round is over. The document also lists the new narrated ``events``.
``POST /api/games/<id>/undo``
    Take back seat 0's last move and the bots' replies.

Bad input answers ``400`` with ``{"error": message}`` (for an illegal move, the
library's message with the rule id) and changes nothing; an unknown game answers ``404``.
"""

from __future__ import annotations

import argparse
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, Response, jsonify, request, send_from_directory

from eighthalf import (
    BlindPlay,
    Collect,
    EightAndHalf,
    EighthalfError,
    GameState,
    HandPlay,
    Move,
    OpenPlay,
    PlayerView,
    apply_with_events,
    events_for,
    narrate,
    new_game,
    parse_move,
    view,
)
from eighthalf.bots import BOTS, Bot, SearchBot, make_bot
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


class BadRequest(Exception):
    """Input the API refuses (answered with HTTP 400)."""


class UnknownGame(Exception):
    """No game has this id (answered with HTTP 404)."""


@dataclass
class Snapshot:
    """What undo restores: the game just before one of the human's moves."""

    state: GameState
    rng_state: tuple[Any, ...]
    log_length: int


@dataclass
class Game:
    """One round, held on the server only."""

    state: GameState
    names: tuple[str, ...]
    bots: tuple[Bot | None, ...]
    rng: random.Random
    log: list[str] = field(default_factory=list)
    history: list[Snapshot] = field(default_factory=list)
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
        return f"Play the open card {move.rank.label}"
    if isinstance(move, BlindPlay):
        return f"Turn blind card {move.position} and play it"
    assert isinstance(move, Collect)
    count = len(seen.pile)
    return f"Collect the pile ({count} card{'' if count == 1 else 's'}): you have no legal play"


def document(game_id: str, game: Game, events: Sequence[str] = ()) -> dict[str, Any]:
    """What seat 0 receives: built only from ``view(state, 0)``, the filtered log and the names."""
    seen = view(game.state, HUMAN)
    catch = seen.catch_card
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
        "can_undo": bool(game.history),
    }


def play_bots(game: Game) -> list[str]:
    """Let the bots move until it is the human's turn or the round is over; the narration."""
    lines: list[str] = []
    for _ in range(MAX_BOT_MOVES):
        state = game.state
        if state.over or state.to_move == HUMAN:
            break
        bot = game.bots[state.to_move]
        assert bot is not None
        move = bot.choose(view(state, state.to_move), game.rng)  # the bot sees its own view only
        game.state, events = apply_with_events(state, move)
        lines.extend(narrate(events_for(events, seat=HUMAN), game.names))
    game.log.extend(lines)
    return lines


def _json_body() -> dict[str, Any]:
    if not request.get_data():
        return {}
    body = request.get_json(silent=True, force=True)
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    return body


def _new_game(body: dict[str, Any]) -> Game:
    players = body.get("players", 4)
    if type(players) is not int:
        raise BadRequest(f"players must be an int, not {players!r}")
    seed = body.get("seed")
    if seed is not None and type(seed) is not int:
        raise BadRequest(f"seed must be an int or null, not {seed!r}")
    state = new_game(players, seed=seed)  # EighthalfError (S2) for a wrong number of players
    names_of_bots = body.get("bots", "greedy")
    if isinstance(names_of_bots, str):
        names_of_bots = [names_of_bots] * (players - 1)
    if not isinstance(names_of_bots, list) or len(names_of_bots) != players - 1:
        raise BadRequest(f"bots must be a bot name or a list of {players - 1} bot names")
    for name in names_of_bots:
        if name not in BOTS:
            raise BadRequest(f"no bot named {name!r}; choose from {', '.join(sorted(BOTS))}")
    bots: tuple[Bot | None, ...] = (None, *(_bot(name) for name in names_of_bots))
    names = (f"Seat {HUMAN} (you)", *(f"Seat {seat} ({name})" for seat, name in enumerate(names_of_bots, 1)))
    return Game(state, names, bots, random.Random(seed))


def create_app(store: GameStore | None = None) -> Flask:
    """The Flask application; each call has its own store of games unless one is given."""
    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
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
        return error(f"no game with id {exc.args[0]!r}", 404)

    @app.get("/")
    def index() -> Response:
        return send_from_directory(STATIC, "index.html")

    @app.post("/api/games")
    def create() -> tuple[Response, int]:
        game = _new_game(_json_body())
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
        text = _json_body().get("move")
        if not isinstance(text, str):
            raise BadRequest('send the move as {"move": "<notation>"}, e.g. {"move": "33"}')
        with game.lock:
            state = game.state
            if state.over:
                raise BadRequest("the round is over; start a new one")
            # ParseError or IllegalMoveError (with the rule id) leave everything unchanged.
            after, events = apply_with_events(state, parse_move(text))
            game.history.append(Snapshot(state, game.rng.getstate(), len(game.log)))
            game.state = after
            lines = narrate(events_for(events, seat=HUMAN), game.names)
            game.log.extend(lines)
            lines.extend(play_bots(game))
            return jsonify(document(game_id, game, lines))

    @app.post("/api/games/<game_id>/undo")
    def undo(game_id: str) -> Response:
        game = find(game_id)
        with game.lock:
            if not game.history:
                raise BadRequest("there is no move of yours to take back")
            snapshot = game.history.pop()
            game.state = snapshot.state
            game.rng.setstate(snapshot.rng_state)
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
