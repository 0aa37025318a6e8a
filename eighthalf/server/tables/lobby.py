"""The lobby of a running server: the tables it holds, makes, restores, lists and ends.

A :class:`Lobby` keeps in memory only the tables in play (and the finished ones that a
connection still follows); everything else is read from the
:class:`~eighthalf.server.storage.store.Store` when asked, so a server's memory and start time depend
on what is live, not on the games ever played. The tables themselves are
:class:`~eighthalf.server.tables.table.Table`; with several processes on one database the
:mod:`eighthalf.server.tables.service` decides which tables this process drives.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from eighthalf.core.errors import quote
from eighthalf.registry import GameEntry
from eighthalf.server.protocol.games import SERVED, TableSpec
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.store import Listed, Store, StoredTable, StoreError
from eighthalf.server.tables.seats import NO_METER, Meter
from eighthalf.server.tables.table import Table, stored_summary

__all__ = ["Lobby", "idle_after", "new_stored"]

logger = logging.getLogger("eighthalf.server")


class Lobby:
    """The tables of one server, kept in a :class:`~eighthalf.server.storage.store.Store`.

    Only the tables in play are held in memory (:attr:`tables`), with the finished ones that
    a connection still follows: a finished table nobody follows is let go, and read from the
    store again when asked (its summary and record as stored; the table itself, replayed,
    only for a connection that wants to watch it). So the server's memory and start time
    depend on what is live, not on the games ever played.
    """

    def __init__(self, store: Store, meter: Meter = NO_METER) -> None:
        self.store = store
        self.meter = meter
        """What the tables report of their work (the server's metrics)."""
        self.tables: dict[str, Table] = {}
        """The tables in memory: every table in play, and the finished ones being followed."""
        self.stopping = False
        """Whether the server is stopping (``/readyz`` then answers 503)."""
        self.owner = secrets.token_hex(8)
        """This process's id as a lease's owner: random, new at every start."""
        self.committed: Callable[[Table, int, bool], None] | None = None
        """Given to every table kept here as its :attr:`Table.committed
        <eighthalf.server.tables.table.Table.committed>`: told of each move this process commits."""

    def _table(self, stored: StoredTable) -> Table:
        """The table ``stored``, driven here if no other process may drive it (a store that is not shared)."""
        return Table(stored, self.store, self.meter, driver=None if self.store.shared else self.owner)

    def _keep(self, table: Table) -> Table:
        table.released = self.let_go
        table.committed = self.committed
        self.tables[table.id] = table
        return table

    def let_go(self, table: Table) -> None:
        """Drop ``table`` from memory if its game is over and no connection follows it."""
        if table.over and not table.followed and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def restore(self) -> int:
        """Load every table whose game goes on (they resume): the number loaded.

        A finished table is not loaded: the store keeps its summary and its record.
        """
        for table_id in self.store.table_ids(unfinished=True):
            stored = self.store.load(table_id)
            if stored is None or table_id in self.tables:
                continue
            table = self._table(stored)
            if table.over:  # stored by a version that wrote the finished record apart
                self.store.finish(
                    table_id, table.entry.records.dumps(table.finished_record()), stored_summary(table.summary())
                )
                continue
            self._keep(table)
        for table in self.tables.values():
            table.schedule()
        return len(self.tables)

    def create(self, spec: TableSpec) -> Table:
        """Make, store and start a new table of ``spec``."""
        table_id = secrets.token_hex(6)
        while table_id in self.tables or self.store.load(table_id) is not None:
            table_id = secrets.token_hex(6)
        stored = new_stored(spec, table_id, time.time())
        self.store.create_table(stored)
        table = self._keep(self._table(stored))
        table.schedule()
        return table

    def get(self, table_id: str) -> Table:
        """The table of that id, in memory: a finished one is read from the store and replayed
        (call :meth:`let_go` once done with it, unless a connection now follows it).

        Raises:
            Refused: If there is none.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        return self._bring(self._stored(table_id))

    async def fetch(self, table_id: str) -> Table:
        """:meth:`get`, for a shared store with the table read in a worker thread when it is not
        in memory, so that the event loop serves the other tables meanwhile (a table made or
        played through another process; a store that is not shared is read as :meth:`get` does).

        Raises:
            Refused: If there is none.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not self.store.shared:
            return self.get(table_id)
        stored = await asyncio.to_thread(self._stored, table_id)
        table = self.tables.get(table_id)  # brought here meanwhile, for another connection
        return table if table is not None else self._bring(stored)

    def _bring(self, stored: StoredTable) -> Table:
        """Keep the table ``stored`` in memory, its clock shown if it is in play."""
        table = self._keep(self._table(stored))
        if not table.over:  # in play, driven by another process: its clock is shown here
            table.schedule()
        return table

    def _stored(self, table_id: str) -> StoredTable:
        """The table of that id as stored.

        Raises:
            Refused: If there is none (``no-table``).
        """
        stored = self.store.load(table_id) if type(table_id) is str and len(table_id) <= 40 else None
        if stored is None:
            raise Refused("no-table", f"no table {quote(table_id[:40])}")
        return stored

    def summary(self, table_id: str) -> dict[str, Any]:
        """The public summary of the table of that id: live if in memory, else as stored.

        Raises:
            Refused: If there is none.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table.summary()
        stored = self._stored(table_id)
        return stored.summary if stored.summary is not None else self._backfill(stored)

    def _backfill(self, stored: StoredTable) -> dict[str, Any]:
        """The summary of a table not in memory and stored without one (finished by a layout-1
        database): replayed once, then stored if the game is over."""
        table = self._table(stored)
        summary = stored_summary(table.summary())
        if table.over:
            self.store.set_summary(stored.id, summary)
        return summary

    def finished_record(self, table_id: str) -> tuple[GameEntry, str]:
        """The registry's entry of the table's game and the finished record's text of the table of that id.

        Raises:
            Refused: If there is no such table (``no-table``) or its game goes on (``not-finished``).
        """
        table = self.tables.get(table_id)
        if table is not None:
            text = table.entry.records.dumps(table.finished_record()) if table.over else None
            entry = table.entry
        else:
            stored = self._stored(table_id)
            text, entry = stored.finished, SERVED[stored.game]
        if text is None:
            raise Refused("not-finished", "the record of a game is given once the game is over")
        return entry, text

    def page(
        self,
        *,
        limit: int,
        before: tuple[float, str] | None = None,
        game: str | None = None,
        status: str | None = None,
    ) -> tuple[list[dict[str, Any]], tuple[float, str] | None]:
        """Up to ``limit`` summaries, newest first, after the cursor ``before``, of ``game``
        and ``status`` (``"open"``: a seat is open; ``"playing"``: every seat taken, the
        game goes on; ``"finished"``), and the cursor of the next page (``None``: no more)."""
        found: list[dict[str, Any]] = []
        cursor = before
        finished = None if status is None else status == "finished"
        while len(found) < limit:
            listed = self.store.list_tables(limit=limit, before=cursor, game=game, finished=finished)
            for each in listed:
                cursor = (each.created, each.id)
                summary = self._listed_summary(each)
                if summary is not None and _has_status(summary, status):
                    found.append(summary)
                    if len(found) == limit:
                        break
            if len(listed) < limit:
                return found, None
        return found, cursor

    def _listed_summary(self, listed: Listed) -> dict[str, Any] | None:
        table = self.tables.get(listed.id)
        if table is not None:
            return table.summary()
        if listed.summary is not None:
            return listed.summary
        stored = self.store.load(listed.id)
        return None if stored is None else self._backfill(stored)

    def abandon_idle(self, now: float, after: float) -> list[str]:
        """End as abandoned every table in play that no person touched for ``after`` seconds
        before ``now`` (a table whose clock is longer: for two of its moves' times, so that a
        game played by the day is not ended while a person takes their time), and let it go:
        their ids (only the tables this process drives)."""
        idle = [
            table
            for table in self.tables.values()
            if table.driver is not None and not table.over and table.touched + idle_after(table, after) <= now
        ]
        for table in idle:
            table.abandon()
            logger.info("table %s ended as abandoned: no person touched it for %g s", table.id, after)
            self.let_go(table)
        return [table.id for table in idle]

    def connections(self) -> int:
        """How many connections follow the tables in memory."""
        return sum(len(table._audience()) for table in self.tables.values())

    def stop(self) -> None:
        """Stop every table's pending work, give up its leases (another process may take the
        tables over at once) and close the store."""
        self.stopping = True
        for table in self.tables.values():
            table.stop()
        try:
            self.store.release_leases(self.owner)
        except StoreError as error:  # the database is away: the leases run out instead
            logger.warning("leases not given up: %s", error)
        self.store.close()


def idle_after(table: Table, after: float) -> float:
    """How long ``table`` may go untouched by a person before it is ended as abandoned, when
    the server's limit is ``after`` seconds: ``after``, or two of the table's times per move
    if that is longer."""
    move_seconds = table.settings.get("move_seconds")
    return max(after, 2.0 * float(move_seconds)) if move_seconds is not None else after


def new_stored(spec: TableSpec, table_id: str, now: float) -> StoredTable:
    """A new table of ``spec`` as the store keeps it, of id ``table_id``, made at ``now``
    (dealt from the spec's seed, or a fresh one)."""
    seed = spec.seed if spec.seed is not None else secrets.randbits(53)
    settings = {
        "bots": list(spec.bots),
        "move_seconds": spec.move_seconds,
        "timeout_bot": spec.timeout_bot,
        "seeded": spec.seed is not None,
        "hints": spec.hints,
        "pace": spec.pace,
        **({"rated": True} if spec.rated else {}),
    }
    return StoredTable(
        id=table_id,
        game=spec.game,
        record=spec.entry().records.dumps(spec.record(seed)),
        settings=settings,
        created=now,
    )


def _has_status(summary: dict[str, Any], status: str | None) -> bool:
    if status is None:
        return True
    over = summary["to_move"] is None
    if status == "finished":
        return over
    if status == "open":
        return not over and any(seat["open"] for seat in summary["seats"])
    return not over and summary["started"]  # "playing"
