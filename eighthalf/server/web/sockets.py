"""The tables' websockets: ``WS /ws/{id}``, a connection's hello, its messages and its frames.

A connection says ``hello`` within :data:`HELLO_SECONDS` (with a seat's token, or a signed-in
person's cookie, or as a spectator), is sent the welcome and then every frame of its table,
and may move, ping and vote for a rematch, at most :data:`RATE` messages a second (accepted
moves aside). The protocol is :mod:`eighthalf.server.protocol.messages`; the application that
routes here is :mod:`eighthalf.server.web.app`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, Final

from starlette.websockets import WebSocket, WebSocketDisconnect

from eighthalf.core.i18n import DEFAULT_LOCALE
from eighthalf.server.protocol.messages import (
    MAX_MESSAGE_BYTES,
    Refused,
    error_message,
    hello_locale,
    message_text,
    parse_client_message,
    welcome_message,
)
from eighthalf.server.storage.store import StoreError
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.service import Service
from eighthalf.server.tables.table import Table
from eighthalf.server.web import accounts
from eighthalf.server.web.metrics import Metrics
from eighthalf.server.web.rematch import rematch_by_message, told_on_attach

__all__ = [
    "HELLO_SECONDS",
    "MAX_FRAME_BYTES",
    "MAX_QUEUED",
    "RATE",
    "Outbox",
    "RateLimit",
    "receive_text",
    "websocket_endpoint",
]

logger = logging.getLogger("eighthalf.server")

HELLO_SECONDS: Final = 10.0
"""How long a new connection has to send its ``hello``."""

RATE: Final = (20.0, 40)
"""The rate limit of one connection's messages: so many a second, and a burst of so many.
Accepted moves do not count (the game paces them: a seat moves only on its turn)."""

MAX_QUEUED: Final = 256
"""The most frames waiting to be sent to one connection; a client that falls further behind is closed."""

MAX_FRAME_BYTES: Final = 1024 * 1024
"""The largest websocket message the transport reads (uvicorn's ``ws_max_size``): one of more
than :data:`~eighthalf.server.protocol.messages.MAX_MESSAGE_BYTES` up to this size is answered with a
``too-large`` error and closed ``1009``; a larger one is closed ``1009`` by the transport
itself, which does not read it, so no error frame comes first."""


_PONG: Final = message_text({"type": "pong"})


class RateLimit:
    """A connection's allowance of messages (a token bucket): so many a second, and a burst of so many.

    Args:
        rate: The messages a second that the allowance grows by.
        burst: The most messages the allowance holds (and holds at the start).
    """

    __slots__ = ("allowance", "burst", "rate", "stamp")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.allowance = self.burst
        """The messages allowed now; a message takes one, :meth:`give_back` returns it."""
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Count one message: ``True`` if the allowance had room for it, ``False`` for a flood."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def give_back(self) -> None:
        """Return the allowance that a message took (one that is no flood, as an accepted move)."""
        self.allowance += 1

    def flooded(self) -> str:
        """The refusal's text for a flood: ``more than RATE messages a second``."""
        return f"more than {self.rate:g} messages a second"


class Outbox:
    """The frames of one websocket, queued and sent in order by a task of their own
    (:meth:`send_all`); a client that falls :data:`MAX_QUEUED` frames behind is closed."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.closed = False

    def deliver(self, text: str) -> None:
        """Queue the frame ``text`` (nothing once closed)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.close(1008, "the connection is too slow to follow the table")
            return
        self.queue.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Close the websocket with ``code`` and ``reason`` after the frames queued."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait((code, reason))

    async def send_all(self) -> None:
        """Send the frames as they come, until the close."""
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple):
                with contextlib.suppress(Exception):
                    await self.websocket.close(item[0], item[1])
                return
            await self.websocket.send_text(item)


class _Connection(Outbox):
    """A websocket as a table's :class:`~eighthalf.server.tables.seats.Client`, in the language of its hello."""

    def __init__(self, websocket: WebSocket) -> None:
        super().__init__(websocket)
        self.locale = DEFAULT_LOCALE  # the language its hello asked for


def _error_text(refused: Refused, locale: str = DEFAULT_LOCALE, table: Table | None = None) -> str:
    """The text of the ``error`` frame of ``refused``, told in ``locale`` (with the reasons of ``table``'s game)."""
    return message_text(error_message(refused, locale, None if table is None else table.entry))


async def websocket_endpoint(websocket: WebSocket) -> None:
    """``WS /ws/{id}``: play or watch a table (:mod:`eighthalf.server.protocol.messages`)."""
    lobby: Lobby = websocket.app.state.lobby
    metrics: Metrics = websocket.app.state.metrics
    service: Service = websocket.app.state.service
    if not accounts.origin_allowed(websocket):
        await websocket.close(1008, "websockets from other origins are refused")
        return
    await websocket.accept()
    metrics.opened.inc()
    fetched: Table | None = None
    try:
        table = fetched = await lobby.fetch(websocket.path_params["id"])
        await service.refresh(table)  # another process's latest moves and seats, on a shared store
    except Refused as refused:
        await websocket.send_json(error_message(refused))
        await websocket.close(4404, "no such table")
        return
    except StoreError as error:  # the database is away (restarting): the client connects again
        logger.error("a connection to table %s: %s", websocket.path_params["id"][:40], error)
        if fetched is not None:
            lobby.let_go(fetched)  # a finished table read for this connection
        await websocket.close(1013, "the database does not answer: connect again")
        return
    connection = _Connection(websocket)
    sender = asyncio.get_running_loop().create_task(connection.send_all())
    seat: int | None = None
    attached = False
    try:
        hello = await _hello(websocket)
        locale = connection.locale = hello_locale(hello)
        if "token" in hello:
            seat = table.seat_of(hello["token"])
            if seat is None:
                connection.deliver(_error_text(Refused("bad-token", "no seat of this table has that token")))
                connection.close(4401, "unknown token")
                return
        else:  # a signed-in person's own seat, without the private link
            seat = accounts.seat_by_session(websocket, table)
        table.check_room(seat)  # refused before a welcome, not after it
        connection.deliver(message_text(welcome_message(table.summary(), seat, locale, table.log(seat, locale))))
        table.attach(connection, seat, locale, hello.get("token"))
        attached = True
        told_on_attach(lobby, table, connection, seat)  # a finished table: where its rematch stands
        await _serve(websocket, connection, table, seat)
    except Refused as refused:
        connection.deliver(_error_text(refused, connection.locale, table))
        connection.close(1009 if refused.code == "too-large" else 1008, refused.code)
    except WebSocketDisconnect:
        pass
    finally:
        if attached:
            table.detach(connection, seat)
        else:
            lobby.let_go(table)  # a finished table read for this connection
        connection.close(1000, "bye")
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(sender, 5)


async def _hello(websocket: WebSocket) -> dict[str, Any]:
    """The connection's first message, which must be a ``hello``.

    Raises:
        Refused: If it does not come within :data:`HELLO_SECONDS` or is not a hello.
    """
    try:
        text = await asyncio.wait_for(_receive_text(websocket), HELLO_SECONDS)
    except asyncio.TimeoutError:
        raise Refused("no-hello", f"a connection says hello within {HELLO_SECONDS:g} seconds") from None
    message = parse_client_message(text)
    if message["type"] != "hello":
        raise Refused("no-hello", f"the first message is a hello, not a {message['type']}")
    return message


async def receive_text(websocket: WebSocket) -> str | None:
    """The text of the next message that ``websocket`` receives, or ``None`` if it is binary;
    Starlette's ``WebSocketDisconnect`` if the client went."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    return text


async def _receive_text(websocket: WebSocket) -> str:
    """The next message, which must be text of at most :data:`MAX_MESSAGE_BYTES`.

    Raises:
        WebSocketDisconnect: If the client went.
        Refused: If it is binary or too large.
    """
    text = await receive_text(websocket)
    if text is None:
        raise Refused("bad-message", "messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise Refused("too-large", f"a message has at most {MAX_MESSAGE_BYTES} bytes")
    return text


async def _serve(websocket: WebSocket, connection: _Connection, table: Table, seat: int | None) -> None:
    """Answer one connection's messages until it goes (or floods, and is closed)."""
    limit = RateLimit(*RATE)
    while not connection.closed:
        text = await _receive_text(websocket)
        if not limit.take():
            raise Refused("rate-limited", limit.flooded())
        try:
            message = parse_client_message(text)
            if message["type"] == "ping":
                connection.deliver(_PONG)
            elif message["type"] == "hello":
                raise Refused("bad-message", "hello is said once")
            elif message["type"] == "rematch":
                await rematch_by_message(websocket.app.state, table, connection, seat, message["agree"])
            elif seat is None:
                raise Refused("not-seated", "a spectator cannot move")
            else:
                await table.play(seat, message["move"], message.get("number"))
                limit.give_back()  # an accepted move is no flood: the game itself paces them
        except Refused as refused:
            connection.deliver(_error_text(refused, connection.locale, table))
