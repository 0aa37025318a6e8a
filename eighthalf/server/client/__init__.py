"""A Python client of the server: make tables, take seats, and seat any bot at a table.

A bot of either game, built in or your own (anything with ``choose(view, rng)``, and
optionally ``observe(events, view)``), plays over the network as it plays in the library:
it is given its seat's view and the events it may see, decoded from the server's JSON
documents into the library's own values, and its moves are sent in the game's notation.

>>> import asyncio
>>> from eighthalf.bots import GreedyBot
>>> async def main(url: str) -> None:  # doctest: +SKIP
...     table = await create_table(url, {"game": "8½", "players": 2, "seats": [None, "greedy"]})
...     token = await join(url, table["id"], 0, "my bot")
...     print(await play(url, table["id"], token, GreedyBot()))

``python -m eighthalf.server.client URL TABLE SEAT BOT`` does the same from a shell.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Final, Literal

import attrs

from eighthalf.server import extra_missing

try:
    from websockets.asyncio.client import ClientConnection, connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
except ModuleNotFoundError as error:  # pragma: no cover - tested in a venv without the extra (tests/test_extras.py)
    raise extra_missing(error, "eighthalf.server.client") from error

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.core.game import Game, Result
from eighthalf.players.players import observes
from eighthalf.registry import bots_for, documents_for, find
from eighthalf.simulation.runner import load_bot

__all__ = [
    "RECONNECT_BACKOFF",
    "ClientError",
    "TableConnection",
    "create_table",
    "join",
    "main",
    "play",
    "served_game",
]

RECONNECT_BACKOFF: Final = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 8.0)
"""The seconds :func:`play` waits before each attempt to connect again after a connection is
lost (a server restarting or draining closes with ``1012``, a killed one drops it): one
attempt per entry, starting over once a connection is welcomed again."""


class ClientError(EighthalfError):
    """The server refused a request, or answered what the client did not expect.

    Attributes:
        code: The server's error code (``seat-taken``, ``illegal-move`` …); ``"protocol"``
            for an answer the client did not expect; ``"unreachable"`` when no server
            answered at the URL (refused, unknown host, not an ``http``/``https`` URL, or no
            answer within 30 seconds).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _request(url: str, method: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            problem = json.loads(error.read())["error"]
        except (ValueError, KeyError, TypeError):
            raise ClientError("protocol", f"{method} {url}: HTTP {error.code}") from None
        raise ClientError(problem["code"], problem["message"]) from None
    except urllib.error.URLError as error:  # no answer: refused, unknown host, a URL of another scheme
        raise ClientError("unreachable", f"cannot reach {quote(url)}: {error.reason}") from None
    except (OSError, ValueError) as error:  # a timeout; a URL that is none at all
        raise ClientError("unreachable", f"cannot reach {quote(url)}: {error}") from None


async def create_table(url: str, settings: dict[str, Any]) -> dict[str, Any]:
    """Make a table on the server at ``url`` (``http://127.0.0.1:8000``): its public summary.

    Raises:
        ClientError: If the server refuses the settings.
    """
    return dict(await asyncio.to_thread(_request, url.rstrip("/") + "/api/tables", "POST", settings))


async def join(url: str, table: str, seat: int, name: str) -> str:
    """Take ``seat`` of ``table`` under ``name``: the seat's token (keep it secret).

    Raises:
        ClientError: If the seat is taken or a bot's, or there is no such table.
    """
    answer = await asyncio.to_thread(
        _request, f"{url.rstrip('/')}/api/tables/{table}/seats/{seat}", "POST", {"name": name}
    )
    return str(answer["token"])


def served_game(summary: dict[str, Any]) -> Game[Any, Any, Any, Any, Any]:
    """The game object of a table, from its summary (``game`` and ``rounds``).

    Raises:
        ClientError: If this library does not know the table's game.
    """
    try:
        entry = find(summary.get("game"))
    except EighthalfError:
        raise ClientError("protocol", f"this library does not play {summary.get('game')!r}") from None
    return entry.game_of(int(summary.get("rounds", 1)))


@attrs.define
class TableConnection:
    """One open websocket to a table, after the ``welcome``.

    Make one with :meth:`open` (an async context manager).
    """

    socket: ClientConnection
    """The websocket."""
    seat: int | None
    """The seat this connection acts for (``None``: a spectator)."""
    table: dict[str, Any]
    """The table's summary, as the welcome gave it."""
    game: Game[Any, Any, Any, Any, Any]
    """The table's game object (to decode views and events)."""
    lang: str = "en"
    """The language the server tells this connection in (``en``, ``fr`` or ``nl``: the welcome's ``lang``)."""

    @classmethod
    def open(
        cls, url: str, table: str, token: str | None = None, *, lang: str | None = None, compress: bool = False
    ) -> AbstractAsyncContextManager[TableConnection]:
        """Connect to ``table`` on the server at ``url``, as the seat of ``token`` or a spectator;
        ``lang`` (``"fr"``, ``"nl-BE"`` …) asks for the narration and the refusals' text in that
        language (the server tells any language it lacks in English). ``compress`` offers the
        server to compress the frames both ways (permessage-deflate, as browsers do): far fewer
        bytes for some more CPU and memory on both ends, where the server agrees (``eighthalf
        serve --ws-compression``)."""
        return _Opening(url, table, token, lang, compress)

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """The messages the server sends, decoded from JSON, until the connection closes."""
        async for text in self.socket:
            yield json.loads(text)

    async def send(self, message: dict[str, Any]) -> None:
        """Send a message (see :mod:`eighthalf.server.protocol.messages`)."""
        await self.socket.send(json.dumps(message))

    async def move(self, text: str, number: int | None = None) -> None:
        """Send a move in the game's notation (``number``: the moves made when it was chosen)."""
        await self.send(
            {"type": "move", "move": text} if number is None else {"type": "move", "move": text, "number": number}
        )


class _Opening(AbstractAsyncContextManager[TableConnection]):
    def __init__(self, url: str, table: str, token: str | None, lang: str | None, compress: bool) -> None:
        scheme, _, rest = url.rstrip("/").partition("://")
        self.uri = f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/{table}"
        self.hello: dict[str, str] = {"type": "hello"}
        if token is not None:
            self.hello["token"] = token
        if lang is not None:
            self.hello["lang"] = lang
        self._compression: Literal["deflate"] | None = "deflate" if compress else None
        self._socket: ClientConnection | None = None

    async def __aenter__(self) -> TableConnection:
        self._socket = socket = await connect(self.uri, max_size=2**24, compression=self._compression)
        await socket.send(json.dumps(self.hello))
        welcome = json.loads(await socket.recv())
        if welcome.get("type") != "welcome":
            await socket.close()
            raise ClientError(str(welcome.get("code", "protocol")), str(welcome.get("message", welcome)))
        return TableConnection(
            socket, welcome["seat"], welcome["table"], served_game(welcome["table"]), welcome.get("lang", "en")
        )

    async def __aexit__(self, *exc: object) -> None:
        if self._socket is not None:
            await self._socket.close()


async def play(
    url: str,
    table: str,
    token: str,
    bot: Any,
    *,
    seed: int | None = None,
    backoff: Iterable[float] = RECONNECT_BACKOFF,
) -> Result:
    """Play the seat of ``token`` at ``table`` with ``bot`` until the game is over: its result.

    The bot chooses from its seat's view (decoded from the ``state`` message's document)
    with a :class:`random.Random` of ``seed``; a bot that observes is given the events its
    seat may see after every move. When the connection is lost (a server that restarts,
    drains on SIGTERM or is killed), it connects again with its token after the waits of
    ``backoff`` (by default :data:`RECONNECT_BACKOFF`; any iterable, an endless one
    included, is read anew after each welcome), and plays on from the state the server then
    sends.

    Raises:
        ClientError: If the server refuses the token or one of the bot's moves, closes the
            connection normally before the game is over, or cannot be reached again
            (code ``connection-lost``).
    """
    rng = random.Random(seed)
    waits = iter(backoff)
    while True:
        try:
            return await _play_once(url, table, token, bot, rng)
        except _Welcomed as lost:
            waits, why = iter(backoff), lost.__cause__  # welcomed, then lost: the attempts start over
        except (ConnectionClosed, InvalidHandshake, OSError) as error:
            why = error
        wait = next(waits, None)
        if wait is None:
            raise ClientError("connection-lost", f"the server could not be reached again: {why}") from None
        await asyncio.sleep(wait)


class _Welcomed(Exception):
    """A connection was welcomed, then lost: the attempts to connect again start over."""


async def _play_once(url: str, table: str, token: str, bot: Any, rng: random.Random) -> Result:
    """One connection of :func:`play`: its result, or the loss of the connection raised
    (:class:`_Welcomed` once the connection had been welcomed).

    Raises:
        ClientError: If the server refuses something, or closes the connection normally
            (``1000``) before the game is over.
    """
    async with TableConnection.open(url, table, token) as connection:
        try:
            result = await _play_connection(connection, bot, rng)
        except ConnectionClosed as error:
            raise _Welcomed from error
        if result is not None:
            return result
        if connection.socket.close_code == 1000:
            raise ClientError("protocol", "the server closed the connection before the game was over")
        raise _Welcomed  # closed as the server stops (1012): connect again


async def _play_connection(connection: TableConnection, bot: Any, rng: random.Random) -> Result | None:
    """Play on ``connection`` until the game is over: its result, or ``None`` if the server
    closed the connection first (a connection lost otherwise raises ``ConnectionClosed``)."""
    game = connection.game
    documents = documents_for(game)
    watching = observes([bot])
    async for message in connection.messages():
        kind = message.get("type")
        if kind == "error":
            raise ClientError(message["code"], message["message"])
        if kind != "state":
            continue
        if message["result"] is not None:
            return Result(message["result"]["scores"], message["result"]["winners"])
        told = watching and message["events"]
        if not (told or message["moves"]):
            continue  # nothing for this bot to do: its view need not be read
        seen = documents.from_data(message["view"])
        if told:
            bot.observe(tuple(documents.from_data(event) for event in message["events"]), seen)
        if message["moves"]:
            move = bot.choose(seen, rng)
            await connection.move(game.move_text(move), message["number"])
    return None


def _server_url(text: str) -> str:
    """The ``url`` argument: an ``http://`` or ``https://`` URL with a host.

    Raises:
        argparse.ArgumentTypeError: If it is not one.
    """
    scheme, _, rest = text.partition("://")
    if scheme.lower() not in ("http", "https") or not rest.strip("/"):
        raise argparse.ArgumentTypeError(f"expected the server's http:// or https:// URL, not {quote(text)}")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m eighthalf.server.client URL TABLE SEAT BOT [--name NAME]``: seat a bot and play.

    ``BOT`` is a built-in bot's name or ``module:attribute`` (your own). Prints the result.
    """
    parser = argparse.ArgumentParser(prog="python -m eighthalf.server.client", description=main.__doc__)
    parser.add_argument("url", type=_server_url, help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("table", help="the table's id")
    parser.add_argument("seat", type=int, help="the seat to take")
    parser.add_argument("bot", help="a built-in bot's name, or module:attribute")
    parser.add_argument("--name", default=None, help="the seat's name (default: the bot's)")
    parser.add_argument("--seed", type=int, default=None, help="the bot's random seed")
    args = parser.parse_args(argv)

    async def run() -> Result:
        summary = await asyncio.to_thread(_request, f"{args.url.rstrip('/')}/api/tables/{args.table}", "GET")
        bot = load_bot(args.bot, bots_for(served_game(summary)))
        token = await join(args.url, args.table, args.seat, args.name or f"{bot.name} bot")
        return await play(args.url, args.table, token, bot, seed=args.seed)

    try:
        result = asyncio.run(run())
    except (EighthalfError, OSError) as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 1
    print(result.text)
    return 0
