"""Play now: the queue's endpoints (:mod:`eighthalf.server.tables.queueing`).

=======  ======================  ===========================================================
method   path                    what it does
=======  ======================  ===========================================================
GET      ``/api/queue``          the kinds of play, their sizes and how many wait for each,
                                 the wait before bots fill and the windows' schedule
WS       ``/api/queue/wait``     wait in the queue: told one's place, then one's table
=======  ======================  ===========================================================

On the websocket a person sends ``{"type": "join", "kind": "Eights", "size": 2, "name":
"Anna"}``; the server answers ``queued`` (the ticket, the wait before bots fill, the
windows), then ``waiting`` frames (``place``, ``waiting``, ``waited``, ``window``,
``bots_in``) when one of them changes, and at last ``seated`` (``table``, ``seat``, ``token``
and the table page's ``link`` with the token in its fragment), and closes (``1000``).
``{"type": "leave"}`` (answered ``left``, then closed) or closing the connection takes the
person out of the queue at once. A refused join is an ``error`` frame (``bad-kind``,
``bad-size``, ``bad-name``, ``bad-message``, ``database-unavailable``; ``in-queue`` for a
second join on one connection) and the connection stays open for another; a binary or too large message, a
flood (``rate-limited``), or no join within :data:`JOIN_SECONDS`, closes it (``1008``; too
large: ``1009``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from eighthalf.server.players.model import bot_player, rating_of
from eighthalf.server.players.passphrases import Clock
from eighthalf.server.protocol.messages import Refused, error_message, message_text
from eighthalf.server.storage.accounts import Accounts
from eighthalf.server.storage.queue import queue_for
from eighthalf.server.storage.store import Store, StoreError
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.queue import BOT_RATINGS, DEFAULT_FILL_SECONDS, JOIN_KEYS, KINDS
from eighthalf.server.tables.queueing import Queue
from eighthalf.server.tables.service import Service
from eighthalf.server.web.accounts import origin_allowed, signed_in
from eighthalf.server.web.metrics import Metrics
from eighthalf.server.web.sockets import Outbox, RateLimit, receive_text

__all__ = [
    "BOT_RATINGS_SECONDS",
    "DEFAULT_FILL_SECONDS",
    "JOIN_SECONDS",
    "MAX_QUEUE_MESSAGE_BYTES",
    "QUEUE_RATE",
    "AccountRatings",
    "new_queue",
    "queue_routes",
]

logger = logging.getLogger("eighthalf.server")

BOT_RATINGS_SECONDS: Final = 60.0
"""How long the queue keeps the bots' ratings it read (:class:`AccountRatings`): a run of the
ladder shows in the queue within this."""

JOIN_SECONDS: Final = 60.0
"""How long a new connection has to send a join that is accepted."""

MAX_QUEUE_MESSAGE_BYTES: Final = 1024
"""The largest message of a queue connection."""

QUEUE_RATE: Final = (10.0, 30)
"""The rate limit of one queue connection's messages: so many a second, and a burst of so many."""


class _Closing(Refused):
    """A refusal after which the connection is closed (a binary or too large message, a flood, no join)."""


def _queue(connection: Request | WebSocket) -> Queue:
    queue: Queue = connection.app.state.queue
    return queue


async def queue_listing(request: Request) -> Response:
    """``GET /api/queue``: the kinds of play, their sizes and how many wait for each."""
    queue = _queue(request)
    try:
        counts = await queue.counts()
    except StoreError:
        return JSONResponse(
            {"error": {"code": "database-unavailable", "message": "the database does not answer: try again"}},
            status_code=503,
        )
    kinds = [
        {
            "kind": kind.name,
            "game": kind.game,
            "rounds": kind.rounds,
            "sizes": list(kind.sizes),
            "waiting": {str(size): counts.get((kind.name, size), 0) for size in kind.sizes},
        }
        for kind in KINDS.values()
    ]
    windows = queue.windows
    return JSONResponse(
        {
            "kinds": kinds,
            "fill_seconds": queue.fill_seconds,
            "windows": {"first": windows.first, "step": windows.step, "every": windows.every},
        }
    )


class _Sender(Outbox):
    """The frames of one queue connection; it closes once its person is seated."""

    def tell(self, frame: dict[str, Any]) -> None:
        """Queue ``frame`` (closing after a ``seated``)."""
        self.deliver(message_text(frame))
        if frame["type"] == "seated":
            self.close(1000, "seated")


async def _message(websocket: WebSocket) -> dict[str, Any]:
    """The next message: a JSON object of at most :data:`MAX_QUEUE_MESSAGE_BYTES`.

    Raises:
        WebSocketDisconnect: If the client went.
        _Closing: If it is binary or too large (``bad-message``, ``too-large``: the connection is closed).
        Refused: If it is not an object of a known ``type`` (``bad-message``).
    """
    text = await receive_text(websocket)
    if text is None:
        raise _Closing("bad-message", "messages are JSON text, not binary")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_QUEUE_MESSAGE_BYTES:
        raise _Closing("too-large", f"a queue message has at most {MAX_QUEUE_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except ValueError:
        raise Refused("bad-message", "a message is a JSON object") from None
    if type(data) is not dict or data.get("type") not in ("join", "leave", "ping"):
        raise Refused("bad-message", 'a message is {"type": "join" | "leave" | "ping", ...}')
    return data


async def queue_socket(websocket: WebSocket) -> None:
    """``WS /api/queue/wait``: wait in the queue (see the module's text)."""
    queue = _queue(websocket)
    if not origin_allowed(websocket):
        await websocket.close(1008, "websockets from other origins are refused")
        return
    await websocket.accept()
    sender = _Sender(websocket)
    sending = asyncio.get_running_loop().create_task(sender.send_all())
    ticket: str | None = None
    limit = RateLimit(*QUEUE_RATE)
    opened = time.monotonic()
    try:
        while not sender.closed:
            wait = None if ticket is not None else max(JOIN_SECONDS - (time.monotonic() - opened), 0.0)
            try:
                data = await asyncio.wait_for(_message(websocket), wait)
            except asyncio.TimeoutError:
                raise _Closing("bad-message", f"a queue connection joins within {JOIN_SECONDS:g} seconds") from None
            except _Closing:
                raise
            except Refused as refused:
                sender.tell(error_message(refused))
                continue
            if not limit.take():
                raise _Closing("rate-limited", limit.flooded())
            try:
                ticket = await _answer(queue, sender, data, ticket)
            except Refused as refused:
                sender.tell(error_message(refused))
            except StoreError as error:  # the database is away (restarting): the person may try again
                logger.error("the queue: %s", error)
                sender.tell(error_message(Refused("database-unavailable", "the database does not answer: try again")))
    except Refused as refused:
        sender.tell(error_message(refused))
        sender.close(1009 if refused.code == "too-large" else 1008, refused.code)
    except WebSocketDisconnect:
        pass
    finally:
        if ticket is not None and ticket in queue.waiters:  # gone before being seated: out of the queue at once
            with contextlib.suppress(StoreError):
                await queue.leave(ticket)
        sender.close(1000, "bye")
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(sending, 5)


async def _answer(queue: Queue, sender: _Sender, data: dict[str, Any], ticket: str | None) -> str | None:
    """Answer one message: the connection's ticket after it.

    Raises:
        Refused: If it is refused (the connection stays open).
    """
    kind = data["type"]
    if kind == "ping":
        sender.tell({"type": "pong"})
        return ticket
    if kind == "leave":
        if ticket is None:
            raise Refused("bad-message", "leave the queue after joining it")
        if await queue.leave(ticket):
            sender.tell({"type": "left"})
            sender.close(1000, "left")
        return ticket
    if ticket is not None:
        raise Refused("in-queue", "this connection waits in the queue already: one place a person")
    if set(data) != JOIN_KEYS:
        raise Refused("bad-message", 'expected {"type": "join", "kind": "...", "size": n, "name": "..."}')
    account = await asyncio.to_thread(signed_in, sender.websocket)  # a guest: None, a newcomer
    joined = await queue.join(
        data["kind"], data["size"], data["name"], sender.tell, key=None if account is None else account.key
    )
    windows = queue.windows
    sender.tell(
        {
            "type": "queued",
            "ticket": joined,
            "kind": data["kind"],
            "size": data["size"],
            "fill_seconds": queue.fill_seconds,
            "windows": {"first": windows.first, "step": windows.step, "every": windows.every},
        }
    )
    return joined


class AccountRatings:
    """The queue's ratings (:class:`~eighthalf.server.tables.queue.Ratings`) from the server's
    accounts: a signed-in person's conservative rating of the kind of play (a newcomer's, 0,
    before their first rated game), and the bots' from their ladder
    (``eighthalf ratings ladder``), or :data:`~eighthalf.server.tables.queue.BOT_RATINGS` for a
    bot the ladder has not rated. Read in a worker thread: a person's rating is read at their
    join; the bots' are read again once :data:`BOT_RATINGS_SECONDS` have passed on ``clock``,
    since every pass of the queue asks for them and the ladder changes them only when it runs."""

    def __init__(self, store: Store, clock: Clock = time.monotonic) -> None:
        self.store = store
        self._clock = clock
        self._bots: dict[str, tuple[float, dict[str, float]]] = {}  # by kind: when read, and the ratings

    def person(self, key: str, kind: str) -> float:
        """See :meth:`~eighthalf.server.tables.queue.Ratings.person`: the account ``key``'s."""
        return rating_of(self.store, key, kind).shown

    def bots(self, kind: str) -> dict[str, float]:
        """See :meth:`~eighthalf.server.tables.queue.Ratings.bots`: the ladder's, else the defaults."""
        now = self._clock()
        kept = self._bots.get(kind)
        if kept is not None and now - kept[0] < BOT_RATINGS_SECONDS:
            return kept[1]
        accounts = Accounts(self.store)
        found = {}
        for bot, default in BOT_RATINGS[kind].items():
            stored = accounts.rating(bot_player(bot), kind)
            found[bot] = default if stored is None else stored.shown
        self._bots[kind] = (now, found)
        return found


def new_queue(lobby: Lobby, service: Service, store: Store, metrics: Metrics, fill_seconds: float) -> Queue:
    """The queue of a server (its people, its passes), reporting to ``metrics``, bots filling
    after ``fill_seconds``, the ratings those of the accounts (:class:`AccountRatings`; a guest
    is a newcomer).

    Raises:
        ValueError: If ``fill_seconds`` is negative or not finite.
    """
    if not 0 <= fill_seconds < float("inf"):
        raise ValueError(f"the queue's wait is 0 or more seconds, not {fill_seconds!r}")
    queue = Queue(
        lobby, service, queue_for(store), fill_seconds=fill_seconds, meter=metrics, ratings=AccountRatings(store)
    )
    metrics.queue_waiting(lambda: len(queue.waiters))
    return queue


def queue_routes() -> list[Any]:
    """The routes of ``GET /api/queue`` and ``WS /api/queue/wait`` (Starlette's)."""
    return [Route("/api/queue", queue_listing, methods=["GET"]), WebSocketRoute("/api/queue/wait", queue_socket)]
