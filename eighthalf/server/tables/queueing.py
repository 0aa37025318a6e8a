"""The queue at work in one server process: its people waiting, its matching passes, their tables.

A :class:`Queue` holds the people whose connection reached this process
(:mod:`eighthalf.server.web.queue`). Each person's row is in the database
(:mod:`eighthalf.server.storage.queue`), so with several processes on one PostgreSQL database
one queue is shared: a *pass* of any process matches every person waiting, wherever they
are held, in one transaction (:meth:`~eighthalf.server.storage.queue.QueueStore.match`), with
:func:`eighthalf.server.tables.queue.match` deciding the groups. A pass runs when a person
joins here, when the window or the wait of a person held here reaches its next step (one
timer, set for the earliest), and every :data:`RENEW_SECONDS` while anyone waits here (their
rows renewed); no loop spins. The process that made a table drives it (its lease, its bots);
each process hears of the tables made (its own pass, or another's notice) and *collects* the
seats of its people, whom it tells their table, seat and token. The token is made here
when the person joins, and only its hash goes to the database.

A person who leaves is out of the queue at once, unless a pass seated them a moment
before: then they hold a seat at a table that goes on without them (until its move clock, or
the abandoned-table sweep, ends it).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

import attrs

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.server.protocol.games import check_name, table_spec
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.queue import Queued, QueueStore, Seating
from eighthalf.server.storage.store import StoreError
from eighthalf.server.tables.lobby import Lobby, new_stored
from eighthalf.server.tables.queue import (
    DEFAULT_FILL_SECONDS,
    DEFAULT_WINDOWS,
    KINDS,
    NEWCOMER_RATING,
    Group,
    NewcomerRatings,
    Ratings,
    Waiting,
    Windows,
    match,
)
from eighthalf.server.tables.seats import new_token, token_hash
from eighthalf.server.tables.service import Service

__all__ = ["NO_QUEUE_METER", "RENEW_SECONDS", "STALE_SECONDS", "TELL_SECONDS", "Queue", "QueueMeter", "Waiter"]

logger = logging.getLogger("eighthalf.server")

RENEW_SECONDS: Final = 5.0
"""How often a process renews the rows of the people it holds (they still wait)."""

STALE_SECONDS: Final = 20.0
"""After how long without renewal a row is taken out of the queue (its process was killed)."""

_RETRY_SECONDS: Final = 1.0
"""How soon a pass the database refused is tried again."""

TELL_SECONDS: Final = 1.0
"""The least time between two ``waiting`` frames to one person whose window has not changed
(while many join at once, their places change at every pass)."""


class QueueMeter(Protocol):
    """What the queue reports of its work (the server's metrics, :mod:`eighthalf.server.web.metrics`)."""

    def queue_seated(self, seconds: float) -> None:
        """A person held here was seated after waiting ``seconds``."""
        ...

    def queue_made(self, bots: int) -> None:
        """This process made a table for the queue, with ``bots`` bots in it."""
        ...


class _NoQueueMeter:
    def queue_seated(self, seconds: float) -> None:
        pass

    def queue_made(self, bots: int) -> None:
        pass


NO_QUEUE_METER: Final[QueueMeter] = _NoQueueMeter()
"""A :class:`QueueMeter` that counts nothing."""


@attrs.define
class Waiter:
    """A person this process holds in the queue."""

    person: Queued
    """Their row in the queue."""
    token: str
    """The token of the seat they will get (only its hash is in the database)."""
    deliver: Callable[[dict[str, Any]], None]
    """Sends them a frame (``waiting``, ``seated``)."""
    told: tuple[Any, ...] = ()
    """Their place, the number waiting and their window as last told."""
    told_at: float = 0.0
    """When they were last told (seconds since the epoch)."""


class _BotRatings:
    """The bots' ratings of every kind of play, read once before a pass's transaction (which
    must not read the database again: SQLite's store holds its lock throughout)."""

    def __init__(self, source: Ratings, bots: dict[str, Mapping[str, float]]) -> None:
        self._source, self._bots = source, bots

    @classmethod
    def read(cls, ratings: Ratings) -> _BotRatings:
        """The bots' ratings of every kind, from ``ratings`` (in a worker thread: it may read the database)."""
        return cls(ratings, {kind: dict(ratings.bots(kind)) for kind in KINDS})

    def person(self, key: str, kind: str) -> float:
        """The source's (a pass does not ask: the people's ratings are in their rows)."""
        return self._source.person(key, kind)

    def bots(self, kind: str) -> Mapping[str, float]:
        """The ratings read of the bots of ``kind``."""
        return self._bots[kind]


class Queue:
    """The people this process holds in the queue, and its passes.

    Args:
        lobby: The process's tables.
        service: The process's side of several processes (its leases and notices).
        store: The queue in the database.
        ratings: Where the people's and the bots' ratings are read.
        fill_seconds: After how long a group's first person is seated with bots.
        windows: The schedule of the rating windows.
        meter: What the queue reports of its work.
    """

    def __init__(
        self,
        lobby: Lobby,
        service: Service,
        store: QueueStore,
        *,
        ratings: Ratings | None = None,
        fill_seconds: float = DEFAULT_FILL_SECONDS,
        windows: Windows = DEFAULT_WINDOWS,
        meter: QueueMeter = NO_QUEUE_METER,
    ) -> None:
        self.lobby = lobby
        self.service = service
        self.store = store
        self.ratings: Ratings = ratings or NewcomerRatings()
        """Where the ratings are read (the lead's accounts replace the default)."""
        self.fill_seconds = fill_seconds
        self.windows = windows
        self.meter = meter
        self.waiters: dict[str, Waiter] = {}
        """The people this process holds, by ticket."""
        self._due = asyncio.Event()
        self._match = False
        self._collect = False
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self._renewed = 0.0

    def start(self) -> None:
        """Start the passes (in the running event loop) and hear the other processes' notices."""
        self._task = asyncio.get_running_loop().create_task(self._run())
        self.service.hearers.append(self.heard)

    def stop(self) -> None:
        """Stop the passes and take this process's people out of the queue."""
        if self._task is not None:
            self._task.cancel()
        if self._timer is not None:
            self._timer.cancel()
        try:
            self.store.clear(self.lobby.owner)
        except StoreError as error:  # the database is away: the rows go stale and are deleted by others
            logger.warning("the queue's rows not taken out: %s", error)

    def check(self, kind: object, size: object, name: object) -> tuple[str, int, str]:
        """The kind, size and name of a person joining, checked.

        Raises:
            Refused: ``bad-kind``, ``bad-size`` or ``bad-name``.
        """
        if type(kind) is not str or kind not in KINDS:
            raise Refused("bad-kind", f"the kinds of play are {', '.join(KINDS)}, not {quote(kind)}")
        sizes = KINDS[kind].sizes
        if type(size) is not int or size not in sizes:
            raise Refused("bad-size", f"a table of {kind} has {sizes[0]} to {sizes[-1]} seats, not {quote(size)}")
        try:
            checked = check_name(name, "name")
        except EighthalfError as error:  # told in words, without the path of a document
            raise Refused("bad-name", str(error).removeprefix("name: ")) from None
        return kind, size, checked

    async def join(
        self,
        kind: object,
        size: object,
        name: object,
        deliver: Callable[[dict[str, Any]], None],
        *,
        key: str | None = None,
    ) -> str:
        """Put a person in the queue: their ticket. ``deliver`` is given the frames they are
        sent (``waiting``, then ``seated``); ``key`` is who they are for the ratings (a guest:
        ``None``, a newcomer at :data:`~eighthalf.server.tables.queue.NEWCOMER_RATING`), read in a worker thread.

        Raises:
            Refused: If the kind, the size or the name is not one (``bad-kind``, ``bad-size``, ``bad-name``).
            StoreError: If the database does not answer.
        """
        kind, size, name = self.check(kind, size, name)
        rating = NEWCOMER_RATING if key is None else float(await asyncio.to_thread(self.ratings.person, key, kind))
        token = new_token()
        person = Queued(
            ticket=secrets.token_urlsafe(16),
            kind=kind,
            size=size,
            name=name,
            rating=rating,
            since=time.time(),
            owner=self.lobby.owner,
            token_hash=token_hash(token),
        )
        if not await asyncio.to_thread(self.store.join, person):
            raise Refused("in-queue", "that ticket is in the queue already")  # 128 random bits: never in practice
        self.waiters[person.ticket] = Waiter(person, token, deliver)
        self._wake(match=True)
        return person.ticket

    async def leave(self, ticket: str) -> bool:
        """Take a person held here out of the queue, at once: ``False`` if a pass seated them first
        (they are told so, as any seated person is)."""
        waiter = self.waiters.get(ticket)
        if waiter is None:
            return False
        left = await asyncio.to_thread(self.store.leave, ticket)
        if left:
            self.waiters.pop(ticket, None)
        else:
            self._wake(collect=True)
        return left

    async def counts(self) -> dict[tuple[str, int], int]:
        """How many wait now, by kind and size, in the whole queue."""
        return await asyncio.to_thread(self.store.counts, time.time(), stale=STALE_SECONDS)

    def heard(self, change: dict[str, Any]) -> None:
        """A notice from the database (:class:`~eighthalf.server.tables.service.Service`): the tables
        another process made, or a lost connection: collect the seats of the people held here."""
        if self.waiters:
            self._wake(collect=True)

    def _wake(self, *, match: bool = False, collect: bool = False) -> None:
        self._match |= match
        self._collect |= collect
        self._due.set()

    async def _run(self) -> None:
        while True:
            await self._due.wait()
            self._due.clear()
            doing_match, doing_collect = self._match, self._collect
            self._match = self._collect = False
            try:
                await self._pass(doing_match, doing_collect)
            except StoreError as error:  # the database is away: try again in a moment
                logger.warning("the queue's pass: %s", error)
                self._retry()
            except Exception:  # a pass that fails must not stop the next
                logger.exception("the queue's pass failed")
                self._retry()

    async def _pass(self, doing_match: bool, doing_collect: bool) -> None:
        now = time.time()
        owner = self.lobby.owner
        if self.waiters and now - self._renewed >= RENEW_SECONDS:
            await asyncio.to_thread(self.store.renew, owner, now)
            self._renewed = now
        if doing_match:  # the bots' ratings read first: the pass's transaction reads nothing else
            read = await asyncio.to_thread(_BotRatings.read, self.ratings)
            decide = functools.partial(self._decide, read)
            made, waiting = await asyncio.to_thread(self.store.match, now, decide, stale=STALE_SECONDS)
            for seating in made:
                table = await self.lobby.fetch(seating.table.id)
                self.service.claim(table)
                bots = sum(bot is not None for bot in seating.table.settings["bots"])
                self.meter.queue_made(bots)
                logger.info("table %s made by the queue: %d people, %d bots", table.id, len(seating.seats), bots)
            if made:
                doing_collect = True
            self._tell_places(waiting, now)
        if doing_collect and self.waiters:
            for ticket, table_id, seat in await asyncio.to_thread(self.store.collect, owner):
                waiter = self.waiters.pop(ticket, None)
                if waiter is None:
                    continue
                self.meter.queue_seated(time.time() - waiter.person.since)
                link = f"/table/{table_id}#token={waiter.token}"
                waiter.deliver({"type": "seated", "table": table_id, "seat": seat, "token": waiter.token, "link": link})
        self._set_timer(self._next(now))

    def _decide(self, ratings: Ratings, rows: list[Queued]) -> Sequence[Seating]:
        """The tables to make for ``rows`` (in the pass's transaction, in a worker thread), the
        bots' ``ratings`` read before it."""
        now = time.time()
        waiting = [Waiting(row.ticket, row.kind, row.size, row.rating, row.since) for row in rows]
        groups = match(waiting, now, fill_seconds=self.fill_seconds, windows=self.windows, ratings=ratings)
        return [self._seating(group, now) for group in groups]

    def _seating(self, group: Group, now: float) -> Seating:
        kind = KINDS[group.kind]
        spec = table_spec(
            {
                "game": kind.game,
                "players": group.size,
                "rounds": kind.rounds,
                "move_seconds": kind.move_seconds,
                "seats": [None] * len(group.tickets) + list(group.bots),
            }
        )
        stored = new_stored(spec, secrets.token_hex(6), now)
        return Seating(stored, tuple((ticket, seat) for seat, ticket in enumerate(group.tickets)))

    def _tell_places(self, waiting: list[Queued], now: float) -> None:
        """Tell each person held here and still waiting their place, the number waiting with
        them, how long they waited and their window: when their window changed, or when their
        place or the number changed and they were last told :data:`TELL_SECONDS` ago."""
        places: dict[tuple[str, int], list[str]] = {}
        for row in waiting:
            places.setdefault((row.kind, row.size), []).append(row.ticket)
        for tickets in places.values():
            for place, ticket in enumerate(tickets, 1):
                waiter = self.waiters.get(ticket)
                if waiter is None:
                    continue
                waited = now - waiter.person.since
                told = (place, len(tickets), self.windows.at(waited))
                if told == waiter.told:
                    continue
                if not waiter.told or told[2] != waiter.told[2] or now - waiter.told_at >= TELL_SECONDS:
                    waiter.told, waiter.told_at = told, now
                    waiter.deliver(
                        {
                            "type": "waiting",
                            "place": place,
                            "waiting": len(tickets),
                            "waited": round(waited, 1),
                            "window": told[2],
                            "bots_in": round(max(0.0, self.fill_seconds - waited), 1),
                        }
                    )

    def _next(self, now: float) -> float | None:
        """When the next pass is due: the earliest next step of a window or a wait of a person
        held here, or their rows' renewal (``None``: nobody waits here)."""
        if not self.waiters:
            return None
        due = self._renewed + RENEW_SECONDS
        every = self.windows.every
        for waiter in self.waiters.values():
            since = waiter.person.since
            waited = max(now - since, 0.0)
            due = min(due, since + every * (math.floor(waited / every) + 1))
            if waited < self.fill_seconds:
                due = min(due, since + self.fill_seconds)
        return due

    def _set_timer(self, when: float | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if when is not None:
            delay = max(when - time.time(), 0.0) + 0.001
            self._timer = asyncio.get_running_loop().call_later(delay, self._wake_match)

    def _wake_match(self) -> None:
        self._timer = None
        self._wake(match=True)

    def _retry(self) -> None:
        """Match and collect again in a moment (a pass failed: a table it made may be told to nobody yet)."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(_RETRY_SECONDS, self._wake_retry)

    def _wake_retry(self) -> None:
        self._timer = None
        self._wake(match=True, collect=True)
