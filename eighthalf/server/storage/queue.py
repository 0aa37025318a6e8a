"""The queue of "Play now" in the server's database: who waits, and where the queue seated them.

A row of the table ``queue`` (:data:`~eighthalf.server.storage.layout.QUEUE_SCHEMA`) is a person
waiting: their ticket, the kind of play and table size they wait for, their name, rating and
the hash of the seat token they will get, when they joined, and the process (``owner``) whose
connection holds them, which renews ``seen`` while they wait. *Matching* is one transaction
(:meth:`QueueStore.match`): it reads every row waiting, asks a function for the groups, and
for each group writes the table, its people's seats and the rows' ``table_id`` and ``seat``,
so a group gets exactly one table and a person at most one seat. On PostgreSQL the
transaction first takes an advisory lock (one process matches at a time, and each sees every
row) and reads the rows ``FOR UPDATE SKIP LOCKED`` (a row being left at that moment is
skipped, and its leave then finds it gone or seated); the commit sends a notice (``{"queue":
"seated"}``) on which every process collects the seats of the people it holds
(:meth:`QueueStore.collect`). A row whose process stopped renewing it for ``stale`` seconds
(the process was killed) is deleted by the next match.

>>> from eighthalf.server.storage.store import SQLiteStore
>>> queue = queue_for(SQLiteStore(":memory:"))
>>> queue.join(Queued("t1", "Eights", 2, "Anna", 0.0, 10.0, "p1", "ab" * 32))
True
>>> queue.counts(10.0, stale=20.0)
{('Eights', 2): 1}
>>> queue.leave("t1"), queue.leave("t1")
(True, False)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import attrs

from eighthalf.server.storage.postgres import CHANNEL, of_kind, run_one
from eighthalf.server.storage.store import (
    INSERT_TABLE,
    SQLiteStore,
    Statement,
    Store,
    StoredTable,
    StoreError,
    table_row,
)

__all__ = ["MATCH_LOCK", "PostgresQueue", "QueueStore", "Queued", "SQLiteQueue", "Seating", "queue_for"]

MATCH_LOCK: Final = 854
"""The PostgreSQL advisory lock that one matching transaction holds at a time."""

_COLUMNS: Final = "ticket, kind, size, name, rating, since, owner, token_hash"

_JOIN: Final = (
    f"INSERT INTO queue ({_COLUMNS}, seen) VALUES ({{p}}, {{p}}, {{p}}, {{p}}, {{p}}, {{p}}, {{p}}, {{p}}, {{p}})"
    " ON CONFLICT (ticket) DO NOTHING"
)
_LEAVE: Final = "DELETE FROM queue WHERE ticket = {p} AND table_id IS NULL"
_RENEW: Final = "UPDATE queue SET seen = {p} WHERE owner = {p} AND table_id IS NULL"
_COUNTS: Final = "SELECT kind, size, count(*) FROM queue WHERE table_id IS NULL AND seen >= {p} GROUP BY kind, size ORDER BY kind, size"
_STALE: Final = "DELETE FROM queue WHERE table_id IS NULL AND seen < {p}"
_WAITING: Final = f"SELECT {_COLUMNS} FROM queue WHERE table_id IS NULL ORDER BY since, ticket"
_TABLE: Final = INSERT_TABLE.replace("?", "{p}")
_SEAT: Final = "INSERT INTO seats (table_id, seat, name, token_hash) VALUES ({p}, {p}, {p}, {p})"
_SEATED: Final = "UPDATE queue SET table_id = {p}, seat = {p} WHERE ticket = {p} AND table_id IS NULL"
_COLLECT: Final = "DELETE FROM queue WHERE owner = {p} AND table_id IS NOT NULL RETURNING ticket, table_id, seat"
_CLEAR: Final = "DELETE FROM queue WHERE owner = {p}"


@attrs.frozen
class Queued:
    """A row of the queue: a person waiting."""

    ticket: str
    """Their ticket (the row's key: one place in the queue)."""
    kind: str
    """The kind of play they wait for."""
    size: int
    """The table size they wait for."""
    name: str
    """The name they sit under."""
    rating: float
    """Their conservative rating in ``kind``."""
    since: float
    """When they joined (seconds since the epoch)."""
    owner: str
    """The process that holds them (a lease owner id)."""
    token_hash: str
    """The hash of the seat token they get once seated."""


@attrs.frozen
class Seating:
    """A table the queue makes: the table as stored, and the seat of each ticket at it."""

    table: StoredTable
    """The new table (its record, settings and creation time)."""
    seats: tuple[tuple[str, int], ...]
    """Each person's ticket and seat."""


class QueueStore(Protocol):
    """The queue in a server's database."""

    def join(self, person: Queued) -> bool:
        """Put ``person`` in the queue: ``False`` if their ticket is in it already (nothing changes)."""
        ...

    def leave(self, ticket: str) -> bool:
        """Take the ticket out of the queue: ``False`` if it is not waiting (never was, left, or was seated)."""
        ...

    def renew(self, owner: str, now: float) -> None:
        """Mark every person ``owner`` holds as still waiting at ``now``."""
        ...

    def counts(self, now: float, *, stale: float) -> dict[tuple[str, int], int]:
        """How many wait, by kind and size (not counting rows unrenewed for ``stale`` seconds)."""
        ...

    def match(
        self, now: float, decide: Callable[[list[Queued]], Sequence[Seating]], *, stale: float
    ) -> tuple[list[Seating], list[Queued]]:
        """In one transaction: delete the rows unrenewed for ``stale`` seconds, read every row
        waiting, make the tables that ``decide`` gives for them, with their seats: the tables
        made and the rows still waiting.

        Raises:
            StoreError: If the database refuses (nothing is made), or ``decide`` seats a ticket
                that is not waiting or twice.
        """
        ...

    def collect(self, owner: str) -> list[tuple[str, str, int]]:
        """The tickets of ``owner`` the queue seated, each with its table and seat, taken out of the queue."""
        ...

    def clear(self, owner: str) -> None:
        """Take every row of ``owner`` out of the queue (its process stops)."""
        ...


def _checked(seatings: Sequence[Seating], waiting: list[Queued]) -> dict[str, Queued]:
    rows = {row.ticket: row for row in waiting}
    seen: set[str] = set()
    for seating in seatings:
        for ticket, _ in seating.seats:
            if ticket not in rows or ticket in seen:
                raise StoreError(f"the queue's match seats {ticket!r}, which is not waiting or is seated twice")
            seen.add(ticket)
    return rows


def _writes(seatings: Sequence[Seating], rows: dict[str, Queued], now: float) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements (``{p}`` placeholders) that make the tables of ``seatings`` and seat their people."""
    writes: list[tuple[str, tuple[Any, ...]]] = []
    for seating in seatings:
        table = seating.table
        writes.append((_TABLE, table_row(attrs.evolve(table, touched=now))))
        for ticket, seat in seating.seats:
            writes.append((_SEAT, (table.id, seat, rows[ticket].name, rows[ticket].token_hash)))
            writes.append((_SEATED, (table.id, seat, ticket)))
    return writes


def _join_parameters(person: Queued) -> tuple[Any, ...]:
    return (*attrs.astuple(person), person.since)


class _StoredQueue:
    """:class:`QueueStore` in the database of ``store``, each call one :meth:`Store.transaction
    <eighthalf.server.storage.store.Store.transaction>` of it."""

    _SKIP: str = ""
    """What the match's read of the waiting rows adds (a row lock where processes share the queue)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def _rows(self, sql: str, parameters: tuple[Any, ...]) -> tuple[list[Any], int]:
        return run_one(self._store, sql.format(p="?"), parameters)

    def _begin_match(self, run: Statement) -> None:
        """What the match's transaction does first (nothing: one process matches)."""

    def _seated(self, run: Statement) -> None:
        """What the match's transaction does last once it seated someone (nothing: one process holds every row)."""

    def join(self, person: Queued) -> bool:
        """See :meth:`QueueStore.join`."""
        return self._rows(_JOIN, _join_parameters(person))[1] == 1

    def leave(self, ticket: str) -> bool:
        """See :meth:`QueueStore.leave`."""
        return self._rows(_LEAVE, (ticket,))[1] == 1

    def renew(self, owner: str, now: float) -> None:
        """See :meth:`QueueStore.renew`."""
        self._rows(_RENEW, (now, owner))

    def counts(self, now: float, *, stale: float) -> dict[tuple[str, int], int]:
        """See :meth:`QueueStore.counts`."""
        rows, _ = self._rows(_COUNTS, (now - stale,))
        return {(kind, size): count for kind, size, count in rows}

    def match(
        self, now: float, decide: Callable[[list[Queued]], Sequence[Seating]], *, stale: float
    ) -> tuple[list[Seating], list[Queued]]:
        """See :meth:`QueueStore.match`."""
        with self._store.transaction() as run:
            self._begin_match(run)
            run(_STALE.format(p="?"), (now - stale,))
            waiting = [Queued(*row) for row in run(_WAITING + self._SKIP, ()).fetchall()]
            seatings = list(decide(waiting))
            rows = _checked(seatings, waiting)
            for sql, parameters in _writes(seatings, rows, now):
                run(sql.format(p="?"), parameters)
            if seatings:
                self._seated(run)
        seated = {ticket for seating in seatings for ticket, _ in seating.seats}
        return seatings, [row for row in waiting if row.ticket not in seated]

    def collect(self, owner: str) -> list[tuple[str, str, int]]:
        """See :meth:`QueueStore.collect`."""
        return [(str(a), str(b), int(c)) for a, b, c in self._rows(_COLLECT, (owner,))[0]]

    def clear(self, owner: str) -> None:
        """See :meth:`QueueStore.clear`."""
        self._rows(_CLEAR, (owner,))


class SQLiteQueue(_StoredQueue):
    """:class:`QueueStore` in the SQLite database of a :class:`~eighthalf.server.storage.store.SQLiteStore`
    (on its connection and under its lock). One process serves a SQLite database, so the
    rows there when it opens are of a process that stopped: they are deleted."""

    def __init__(self, store: SQLiteStore) -> None:
        super().__init__(store)
        self._rows("DELETE FROM queue", ())


class PostgresQueue(_StoredQueue):
    """:class:`QueueStore` in the PostgreSQL database of a :class:`~eighthalf.server.storage.postgres.PostgresStore`
    (on its second connection, the one of the worker threads), shared by every process. A leave
    waits for a match that holds the row, then finds it seated. A match holds the advisory lock
    :data:`MATCH_LOCK`, reads the rows ``FOR UPDATE SKIP LOCKED`` and sends its notice in the
    transaction."""

    _SKIP = " FOR UPDATE SKIP LOCKED"

    def _begin_match(self, run: Statement) -> None:
        """Take the advisory lock :data:`MATCH_LOCK` (one process matches at a time)."""
        run("SELECT pg_advisory_xact_lock(?)", (MATCH_LOCK,))

    def _seated(self, run: Statement) -> None:
        """Tell every process that the queue seated people (``{"queue": "seated"}``)."""
        run("SELECT pg_notify(?, ?)", (CHANNEL, json.dumps({"queue": "seated"})))


def queue_for(store: Store) -> QueueStore:
    """The queue of ``store``'s database.

    Raises:
        StoreError: If the database refuses, or ``store`` is of neither kind.
    """
    return of_kind(store, SQLiteQueue, PostgresQueue, "no queue for")
