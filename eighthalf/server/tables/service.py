"""Several server processes, one service: leases on the tables and the changes heard from the others.

Any number of ``eighthalf serve`` processes pointed at one shared database (PostgreSQL:
:attr:`Store.shared <eighthalf.server.storage.store.Store.shared>`) are one service. A table made
through one is listed, joined and played through any other; a connection is served by the
process it reached, which keeps its own copy of the table:

- **One driver a table.** Exactly one process drives a table at a time (its bots move, its
  clock and its abandon timer run there): the one that holds the table's *lease* in the
  database. The process that makes a table takes its lease; every :data:`RENEW_SECONDS` each
  process renews the leases it holds for :data:`LEASE_SECONDS` and takes those that nobody
  holds or whose holder let them expire (a process killed, or cut off from the database),
  in one atomic statement (:meth:`Store.leases <eighthalf.server.storage.store.Store.leases>`). A
  move the server makes is committed only by the lease's holder
  (:class:`~eighthalf.server.storage.store.LeaseLost` otherwise), so even a process that missed its
  renewal never drives a table another one took. A process stopped by SIGTERM gives up its
  leases; a killed one's expire: another takes its tables within :data:`TAKEOVER_SECONDS`.
- **Moves and seats cross through the database.** A move made through any process is
  checked by the game there and committed (two commits of one move are impossible: the
  second is refused as ``stale``), and the commit notifies every process
  (:meth:`Store.listen <eighthalf.server.storage.store.Store.listen>`); each one with the table in
  memory plays the move on its copy (checked by the game again) and sends each of its
  connections the frame of its own seat. A seat taken, a table abandoned and a rematch vote
  cross the same way (a rematch made moves this process's connections of the old table).

A store that is not shared (SQLite) is served by one process, which drives every table: then
nothing here runs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Final

from eighthalf.core.errors import EighthalfError
from eighthalf.server.storage.store import RematchState, StoreError
from eighthalf.server.tables import rematch
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.table import Table

__all__ = ["LEASE_SECONDS", "RENEW_SECONDS", "TAKEOVER_SECONDS", "Service", "catch_up", "follow_move"]

logger = logging.getLogger("eighthalf.server")

LEASE_SECONDS: Final = 5.0
"""How long a table's lease lasts without being renewed."""

RENEW_SECONDS: Final = 1.5
"""How often a process renews its leases and takes the free and expired ones."""

TAKEOVER_SECONDS: Final = LEASE_SECONDS + RENEW_SECONDS
"""The longest a table goes undriven after its driver is killed (about 6.5 s): the lease
runs out, then another process's next renewal takes it (plus the database's own delays)."""


def follow_move(table: Table, number: int, text: str, driven: bool, touched: float | None) -> bool:
    """Play move ``number`` of ``table``, written ``text``, committed by another process
    (``driven``: made by the server, a bot's or a timed-out person's), checked by the game and
    told to this process's connections; a move already here is skipped. False if ``number`` is
    not the next move (moves were missed: read the table again) or the game refuses it.
    """
    if number <= len(table.moves):
        return True
    seat = table.game.to_move(table.state)
    if number != len(table.moves) + 1 or seat is None or table.abandoned:
        return False
    try:
        move = table.game.parse_move(text)
        after = table.game.apply(table.state, move)
    except EighthalfError:
        logger.error("table %s: move %d %r from the database is refused by the game", table.id, number, text)
        return False
    events = table.game.describe(table.state, move, after)
    timed_out = driven and table.seats[seat].bot is None
    last = {"seat": seat, "move": table.game.move_text(move), "timed_out": timed_out}
    table.advance(move, after, events, last, touched)
    return True


async def catch_up(table: Table, lobby: Lobby) -> None:
    """Bring ``table`` up to what the database holds (seats, moves, an ending), each change told
    to this process's connections as if heard one by one.

    Only what this process lacks is read (the moves after those it holds), in a worker
    thread, so the event loop serves the other tables meanwhile; a move heard while the read
    was under way is not played twice (:func:`follow_move` skips it).
    """
    after = len(table.moves)
    stored = await asyncio.to_thread(lobby.store.load, table.id, after=after)
    if stored is None:
        return
    for seat, name, hashed in stored.seats:
        table.follow_seat(seat, name, hashed, None)
    table.touched = max(table.touched, stored.touched or 0.0)
    for number, text in enumerate(stored.moves, after + 1):
        if not follow_move(table, number, text, False, None):
            logger.error("table %s: move %d as stored cannot be followed", table.id, number)
            return
    if stored.finished is not None and not table.over:
        table.follow_end()
        lobby.let_go(table)


class Service:
    """The cross-process side of one server process on a shared store: its leases and what it hears.

    Args:
        lobby: The process's tables.
    """

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self._loop: asyncio.AbstractEventLoop | None = None
        self._beating: asyncio.Task[None] | None = None
        self._claimed: set[str] = set()  # the tables made here since the renewal under way began
        self._catching: set[str] = set()  # the tables being read up to date (Service._catch_up)
        self._again: set[str] = set()  # those of them to read again once done
        self.hearers: list[Callable[[dict[str, Any]], None]] = []
        """Who else hears the changes that are not of a table (``{"queue": ...}``, and
        ``{"resync": True}``), in the event loop: the queue (:mod:`eighthalf.server.tables.queueing`)."""

    def start(self) -> None:
        """Start listening to the database and renewing leases (in the running event loop);
        nothing on a store that is not shared."""
        if not self.lobby.store.shared:
            return
        self._loop = asyncio.get_running_loop()
        self.lobby.store.listen(self._heard)
        self._beating = self._loop.create_task(self._beat())

    def stop(self) -> None:
        """Stop renewing leases (the lobby gives them up as it stops)."""
        if self._beating is not None:
            self._beating.cancel()

    def claim(self, table: Table) -> None:
        """Take the lease of a table just made here, and drive it (on a shared store)."""
        if self.lobby.store.shared and self.lobby.store.take_lease(table.id, self.lobby.owner, LEASE_SECONDS):
            table.driver = self.lobby.owner
            self._claimed.add(table.id)
            table.schedule()

    async def refresh(self, table: Table) -> None:
        """Bring ``table`` up to date with the database before a new connection is sent its state
        (on a shared store): a seat taken or a move made through another process a moment ago,
        whose notice is still on its way, is there already (a token given there is known here,
        and a person connecting again after its process was killed sees its last move)."""
        if self.lobby.store.shared:
            await catch_up(table, self.lobby)

    async def _beat(self) -> None:
        while True:
            self._claimed.clear()
            try:
                held = await asyncio.to_thread(self.lobby.store.leases, self.lobby.owner, LEASE_SECONDS)
            except StoreError as error:  # the database is away: the leases lapse, another process may take them
                logger.warning("leases not renewed: %s", error)
                held = []
            await self.hold(held)
            await asyncio.sleep(RENEW_SECONDS)

    async def hold(self, held: list[str]) -> None:
        """Drive the tables of ``held`` (the leases this process holds now), read up to date
        first, and stop driving every other."""
        owner = self.lobby.owner
        for table_id in held:
            table = self.lobby.tables.get(table_id)
            if table is not None and table.driver == owner:
                continue
            try:
                table = table if table is not None else await self.lobby.fetch(table_id)
                await catch_up(table, self.lobby)
            except Exception:  # a table that cannot be read must not stop the others
                logger.exception("table %s: cannot be taken over", table_id)
                continue
            if not table.over:
                logger.info("table %s: driven by this process (%s) now", table_id, owner)
                table.driver = owner
                table.schedule()
        kept = set(held) | self._claimed  # a table made here while the renewal was under way is held too
        for table in list(self.lobby.tables.values()):
            if table.driver is not None and table.id not in kept:
                table.driver = None
                table.schedule()  # its bot and clock stop here

    def _heard(self, change: dict[str, Any]) -> None:
        """A change heard from the database (in the listening thread): handled in the event loop."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.apply, change)

    def apply(self, change: dict[str, Any]) -> None:
        """Bring this process's copy of a table up to ``change`` (see :meth:`Store.listen
        <eighthalf.server.storage.store.Store.listen>`), telling its connections; a change that needs
        the database read again (a move missed, an ending, a lost connection to the database)
        starts a :func:`catch_up` of the table (one at a time a table)."""
        try:
            if "queue" in change or change.get("resync"):
                for hear in self.hearers:
                    hear(change)
                if "queue" in change:
                    return
            if change.get("resync"):
                for table in list(self.lobby.tables.values()):
                    self._catch_up(table)
                return
            if "rematch" in change:  # a rematch vote: told here, and the connections moved once it is made
                told = change["rematch"]
                rematch.heard(self.lobby, change["table"], RematchState(tuple(told["agreed"]), told["table"]))
                return
            followed = self.lobby.tables.get(change["table"])
            if followed is None:  # not followed here: read from the database when asked
                return
            if "number" in change:
                if not follow_move(followed, change["number"], change["move"], change["driven"], change["touched"]):
                    self._catch_up(followed)
            elif "seat" in change:
                followed.follow_seat(change["seat"], change["name"], change["token_hash"], change["touched"])
            elif change.get("finished"):
                self._catch_up(followed)
        except Exception:  # one change that cannot be followed must not stop the others
            logger.exception("a change from the database cannot be followed: %r", change)

    def _catch_up(self, table: Table) -> None:
        """Start a :func:`catch_up` of ``table`` in the event loop, unless one is under way: then
        that one reads again once done (what it read may predate the change asking)."""
        if table.id in self._catching:
            self._again.add(table.id)
            return
        self._catching.add(table.id)
        assert self._loop is not None
        self._loop.create_task(self._catching_up(table))

    async def _catching_up(self, table: Table) -> None:
        try:
            while True:
                self._again.discard(table.id)
                try:
                    await catch_up(table, self.lobby)
                except Exception:  # the database away or a table unreadable: the next change tries again
                    logger.exception("table %s: cannot be read up to date", table.id)
                    return
                if table.id not in self._again:
                    return
        finally:
            self._catching.discard(table.id)
