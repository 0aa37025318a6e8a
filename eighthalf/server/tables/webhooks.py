"""Webhooks: a signed JSON POST when it becomes a seat's turn, and when the game ends.

A seated person may give an address for their seat (:mod:`eighthalf.server.web.byday`). When
this process commits a move (:attr:`Table.committed <eighthalf.server.tables.table.Table.committed>`)
after which a person's seat is to move (a seat other than the person who just moved), that
seat's webhook is called with the event ``turn``; when the game ends, every seat's with
``end``. Only the process that committed the move sends it, so with several processes on
one database each event is sent once.

Nothing of this holds up a move: the table only puts a :class:`Delivery` in a bounded queue
(:data:`QUEUE_SIZE`; a full queue drops it, counted), and :data:`WORKERS` tasks send them
from threads of their own (never the threads the bots and the database use). A delivery
looks the seat's webhook up, checks its address again after resolving its host
(:func:`~eighthalf.server.tables.addresses.resolve`) and connects to the IP address it
checked; redirects are not followed; the whole attempt has :data:`TIMEOUT_SECONDS`, and of
the answer only its status is read. An answer 2xx is a delivery; a 5xx, a 429, a timeout or
a connection that fails is tried again after each of :data:`RETRY_SECONDS` (so at most
``len(RETRY_SECONDS) + 1`` attempts); any other answer (a 3xx, a 4xx) or an address now
refused ends it. Deliveries still queued when the process stops are lost.

The body (:func:`payload`) is JSON with the event's ``id`` (the same in every attempt: a
receiver drops the repeats), the ``event``, the ``table``, the ``seat``, the number of
moves made (``move``), the ``game``, the table's ``link`` and the event's ``timestamp``. The
header ``Eighthalf-Signature: t=<unix time>,v1=<hex>`` signs it: the HMAC-SHA256, keyed with
the webhook's secret, of the time, a full stop and the body (:func:`sign`, :func:`verify`).

>>> secret, body = "whsec_test", b'{"event":"turn"}'
>>> header = signature_header(secret, 1700000000, body)
>>> header
't=1700000000,v1=ddaec4d5992d5a1d1276c839059d8ea38f4e2fe9b21e50752ff3e4d93675ebe8'
>>> verify(secret, header, body, now=1700000100)
True
>>> verify(secret, header, body + b" ", now=1700000100), verify(secret, header, body, now=1700009999)
(False, False)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import hashlib
import hmac
import http.client
import json
import logging
import socket
import ssl
import threading
import time
from typing import Any, Final, Protocol

import attrs

from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.store import StoreError
from eighthalf.server.storage.webhooks import Webhook, Webhooks
from eighthalf.server.tables.addresses import AddressRules, Resolver, Target, resolve, system_resolver
from eighthalf.server.tables.table import Table

__all__ = [
    "EVENTS",
    "QUEUE_SIZE",
    "RETRY_SECONDS",
    "SIGNATURE_HEADER",
    "TIMEOUT_SECONDS",
    "TOLERANCE_SECONDS",
    "WORKERS",
    "Delivery",
    "Notifier",
    "WebhookMeter",
    "answer_of",
    "payload",
    "sign",
    "signature_header",
    "verify",
]

logger = logging.getLogger("eighthalf.server")

EVENTS: Final = ("turn", "end")
"""The events a webhook is called for: a seat's turn began, the game ended."""

QUEUE_SIZE: Final = 1000
"""The most deliveries waiting in one process (and retries waiting their time); more are dropped."""

WORKERS: Final = 4
"""The deliveries one process sends at once, each from a thread of its own."""

RETRY_SECONDS: Final = (1.0, 4.0, 16.0, 64.0)
"""The pauses before each retry of a delivery that failed for a reason that may pass: five attempts over about 85 s."""

TIMEOUT_SECONDS: Final = 5.0
"""The longest one attempt lasts, from the connection to the answer's status."""

TOLERANCE_SECONDS: Final = 300
"""How far from now :func:`verify` accepts a signature's time (against a delivery replayed later)."""

SIGNATURE_HEADER: Final = "Eighthalf-Signature"
"""The header that signs a delivery: ``t=<unix time>,v1=<hex HMAC-SHA256>``."""


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The signature of ``body`` sent at ``timestamp``: the hex HMAC-SHA256, keyed with
    ``secret``, of the time in decimal, a full stop and the body."""
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def signature_header(secret: str, timestamp: int, body: bytes) -> str:
    """The value of :data:`SIGNATURE_HEADER` for ``body`` sent at ``timestamp``."""
    return f"t={timestamp},v1={sign(secret, timestamp, body)}"


def verify(secret: str, header: str, body: bytes, *, now: float, tolerance: float = TOLERANCE_SECONDS) -> bool:
    """Whether ``header`` (:data:`SIGNATURE_HEADER`'s value) signs ``body`` with ``secret``, at
    a time at most ``tolerance`` seconds from ``now``: what a receiver checks."""
    fields = dict(part.partition("=")[::2] for part in header.split(","))
    stamp, given = fields.get("t", ""), fields.get("v1", "")
    if not stamp.isascii() or not stamp.isdigit() or abs(now - int(stamp)) > tolerance:
        return False
    return hmac.compare_digest(sign(secret, int(stamp), body), given)


def payload(delivery: Delivery, hook: Webhook) -> bytes:
    """The body of ``delivery`` to ``hook``: compact JSON, the same in every attempt."""
    return json.dumps(
        {
            "id": delivery.id,
            "event": delivery.event,
            "table": delivery.table,
            "seat": delivery.seat,
            "move": delivery.number,
            "game": delivery.game,
            "link": f"{hook.base}/table/{delivery.table}",
            "timestamp": delivery.timestamp,
        },
        separators=(",", ":"),
    ).encode()


class WebhookMeter(Protocol):
    """What the deliveries report, for the server's metrics (:mod:`eighthalf.server.web.metrics`)."""

    def webhook_delivered(self) -> None:
        """A delivery was answered 2xx."""
        ...

    def webhook_failed(self) -> None:
        """An attempt failed (whether or not it is tried again)."""
        ...

    def webhook_retried(self) -> None:
        """A failed delivery was queued to be tried again."""
        ...

    def webhook_dropped(self) -> None:
        """A delivery was dropped: the queue was full."""
        ...


@attrs.frozen
class Delivery:
    """One event to tell one seat's webhook."""

    table: str
    """The table's id."""
    seat: int
    """The seat told."""
    event: str
    """One of :data:`EVENTS`."""
    number: int
    """The number of moves made when it happened."""
    game: str
    """The table's game."""
    timestamp: int
    """When it happened (seconds since the epoch)."""
    attempt: int = 0
    """The attempts made so far."""

    @property
    def id(self) -> str:
        """The event's id, the same in every attempt: ``evt_`` and 24 hex digits."""
        key = f"{self.table}/{self.seat}/{self.event}/{self.number}".encode()
        return "evt_" + hashlib.sha256(key).hexdigest()[:24]


def _deliveries(table: Table, seat: int, person: bool) -> list[Delivery]:
    """The events of the move of ``seat`` just committed at ``table`` (``person``: made by its person)."""
    if not table.started or table.abandoned:
        return []
    now, number, game = int(time.time()), len(table.moves), table.entry.name
    people = [index for index, each in enumerate(table.seats) if each.bot is None and each.token_hash is not None]
    if table.over:
        return [Delivery(table.id, index, "end", number, game, now) for index in people]
    to_move = table.game.to_move(table.state)
    if to_move in people and not (person and to_move == seat):
        return [Delivery(table.id, to_move, "turn", number, game, now)]
    return []


@functools.cache
def _tls() -> ssl.SSLContext:
    """The TLS settings of every delivery (the system's certificate authorities, the host name checked), made once."""
    return ssl.create_default_context()


class _Pinned(http.client.HTTPSConnection):
    """An HTTPS connection to a host name, made to the IP address that was checked."""

    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout, context=_tls())
        self._create_connection = lambda _, timeout, source: socket.create_connection(
            (target.address, target.port), timeout, source
        )


class _PinnedPlain(http.client.HTTPConnection):
    """A plain HTTP connection (loopback only) to the IP address that was checked."""

    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self._create_connection = lambda _, timeout, source: socket.create_connection(
            (target.address, target.port), timeout, source
        )


def _post(target: Target, body: bytes, headers: dict[str, str]) -> int:
    """POST ``body`` to ``target``: the answer's status (its body is not read).

    Raises:
        OSError: If the connection fails or the attempt lasts longer than :data:`TIMEOUT_SECONDS`.
        http.client.HTTPException: If the answer is not HTTP.
    """
    kind = _Pinned if target.scheme == "https" else _PinnedPlain
    connection = kind(target, TIMEOUT_SECONDS)

    def cut() -> None:  # the whole attempt's bound: a receiver that answers a byte at a time is cut off
        if connection.sock is not None:
            with contextlib.suppress(OSError):
                connection.sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(TIMEOUT_SECONDS, cut)
    timer.start()
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        return connection.getresponse().status
    finally:
        timer.cancel()
        connection.close()


class Notifier:
    """The webhook deliveries of one server process.

    Args:
        hooks: The seats' webhooks in the server's database.
        rules: What addresses the operator lets webhooks call.
        meter: Where deliveries, failures, retries and drops are counted.
        resolver: How a host is looked up (the system's resolver).
    """

    def __init__(
        self, hooks: Webhooks, rules: AddressRules, meter: WebhookMeter, *, resolver: Resolver = system_resolver
    ) -> None:
        self.hooks = hooks
        self.rules = rules
        self.meter = meter
        self.resolver = resolver
        self._queue: asyncio.Queue[Delivery] | None = None
        self._workers: list[asyncio.Task[None]] = []
        self._waiting: set[asyncio.TimerHandle] = set()
        self._threads = concurrent.futures.ThreadPoolExecutor(WORKERS + 1, thread_name_prefix="eighthalf-webhooks")

    async def check(self, url: object, seconds: float) -> Target:
        """Check a webhook address being given (:func:`~eighthalf.server.tables.addresses.resolve`),
        on this notifier's own threads so that slow names never hold up a bot's move.

        Raises:
            Refused: If the address may not be called, or its host does not resolve within ``seconds``.
        """
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(self._threads, resolve, url, self.rules, self.resolver), seconds
            )
        except asyncio.TimeoutError:
            raise Refused("bad-webhook", f"the host did not resolve within {seconds:g} s") from None

    def committed(self, table: Table, seat: int, person: bool) -> None:
        """Queue the deliveries of the move of ``seat`` that this process just committed at
        ``table`` (:attr:`Table.committed <eighthalf.server.tables.table.Table.committed>`):
        called on the event loop, it returns at once."""
        try:
            for delivery in _deliveries(table, seat, person):
                if self.hooks.may_have(delivery.table, delivery.seat):
                    self.put(delivery)
        except Exception:  # a notification must never stop a table
            logger.exception("table %s: its webhooks could not be queued", table.id)

    def put(self, delivery: Delivery) -> None:
        """Queue ``delivery`` (on the event loop), or drop it if the queue is full (counted)."""
        if self._queue is None:
            self._start()
        assert self._queue is not None
        try:
            self._queue.put_nowait(delivery)
        except asyncio.QueueFull:
            self.meter.webhook_dropped()
            logger.warning(
                "table %s: the webhook queue is full: an event of seat %d dropped", delivery.table, delivery.seat
            )

    def _start(self) -> None:
        self._queue = asyncio.Queue(QUEUE_SIZE)
        loop = asyncio.get_running_loop()
        self._workers = [loop.create_task(self._work()) for _ in range(WORKERS)]

    async def stop(self) -> None:
        """Stop the workers (what is still queued is lost)."""
        for handle in self._waiting:
            handle.cancel()
        for worker in self._workers:
            worker.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)
        self._threads.shutdown(wait=False, cancel_futures=True)

    async def _work(self) -> None:
        assert self._queue is not None
        loop = asyncio.get_running_loop()
        while True:
            delivery = await self._queue.get()
            try:
                again = await loop.run_in_executor(self._threads, self.attempt, delivery)
            except Exception:
                logger.exception("table %s: a webhook delivery failed", delivery.table)
                again = False
            if again and delivery.attempt < len(RETRY_SECONDS):
                now = loop.time()
                self._waiting = {handle for handle in self._waiting if handle.when() > now}
                if len(self._waiting) >= QUEUE_SIZE:
                    self.meter.webhook_dropped()
                    continue
                retry = attrs.evolve(delivery, attempt=delivery.attempt + 1)
                self._waiting.add(loop.call_later(RETRY_SECONDS[delivery.attempt], self._retry, retry))

    def _retry(self, delivery: Delivery) -> None:
        self.meter.webhook_retried()
        self.put(delivery)

    def attempt(self, delivery: Delivery) -> bool:
        """Make one attempt at ``delivery`` (blocking: from a worker thread): whether to try again.

        Nothing happens if the seat has no webhook (any more).
        """
        try:
            hook = self.hooks.get(delivery.table, delivery.seat)
        except StoreError as error:
            logger.error("table %s: the webhook of seat %d was not read: %s", delivery.table, delivery.seat, error)
            self.meter.webhook_failed()
            return True
        if hook is None:
            return False
        try:
            target = resolve(hook.url, self.rules, self.resolver)
        except Refused as refused:
            logger.warning("webhook %s (table %s) refused: %s", hook.id, hook.table, refused)
            self.meter.webhook_failed()
            return False
        body = payload(delivery, hook)
        now = int(time.time())
        headers = {
            "content-type": "application/json",
            "user-agent": "eighthalf-webhooks",
            SIGNATURE_HEADER: signature_header(hook.secret, now, body),
            "Eighthalf-Event": delivery.event,
            "Eighthalf-Delivery": delivery.id,
            "Eighthalf-Webhook": hook.id,
        }
        try:
            status = _post(target, body, headers)
        except (OSError, http.client.HTTPException) as error:
            logger.warning(
                "webhook %s (table %s): attempt %d failed: %s", hook.id, hook.table, delivery.attempt + 1, error
            )
            self.meter.webhook_failed()
            return True
        if 200 <= status < 300:
            self.meter.webhook_delivered()
            return False
        self.meter.webhook_failed()
        logger.warning(
            "webhook %s (table %s): attempt %d answered %d", hook.id, hook.table, delivery.attempt + 1, status
        )
        return status >= 500 or status == 429


def answer_of(hook: Webhook, *, secret: bool) -> dict[str, Any]:
    """A webhook as the API shows it to its owner (its ``secret`` only when it is made)."""
    shown: dict[str, Any] = {"id": hook.id, "table": hook.table, "seat": hook.seat, "url": hook.url}
    shown["created"] = hook.created
    if secret:
        shown["secret"] = hook.secret
    return shown
