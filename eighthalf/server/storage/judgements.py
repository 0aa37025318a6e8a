"""The judgements of finished tables, stored beside them: a queue that one process at a time works on.

A finished table's *judgement* is the review of every seat's decisions
(:func:`eighthalf.analysis.review.review`), worked out in the background once per table
(:mod:`eighthalf.server.tables.judge`). Its row in the table ``judgements`` of the server's
database says where it stands:

=========  ==============================================================================
status     meaning
=========  ==============================================================================
queued     waiting for a process to take it
running    taken by ``owner`` (a process's id), ``done`` of ``total`` decisions judged so far
done       judged: ``document`` is the review's JSON document (``analysis.Review``)
failed     the review raised: ``error`` says why (it is not tried again)
=========  ==============================================================================

A process *claims* a queued judgement in one statement (PostgreSQL: a row lock taken with
``FOR UPDATE SKIP LOCKED``, so two processes never claim the same row), and keeps its claim
by reporting progress and renewing it; a claim not renewed for ``stale`` seconds (its process was killed)
may be claimed again, and its old owner's reports are then refused. ``runs`` counts the
claims of a row. The table is part of the database's layout 3
(:data:`~eighthalf.server.storage.layout.JUDGEMENTS_LAYOUT`), beside the tables it judges.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

import attrs

from eighthalf.server.storage.postgres import of_kind, run_one
from eighthalf.server.storage.store import SQLiteStore, Store

__all__ = ["STATUSES", "Judgement", "Judgements", "PostgresJudgements", "SQLiteJudgements", "judgements_for"]

STATUSES: Final = ("queued", "running", "done", "failed")
"""The statuses of a judgement, in the order it goes through them."""

_ENQUEUE: Final = (
    "INSERT INTO judgements (table_id, status, updated) SELECT id, 'queued', {p} FROM tables"
    " WHERE finished IS NOT NULL AND id NOT IN (SELECT table_id FROM judgements) ON CONFLICT DO NOTHING"
)

_WAITING: Final = (
    "SELECT table_id FROM judgements WHERE status = 'queued' OR (status = 'running' AND claimed < {p})"
    " ORDER BY updated, table_id LIMIT 1"
)

_CLAIM: Final = (
    "UPDATE judgements SET status = 'running', owner = {p}, claimed = {p}, done = 0, runs = runs + 1, updated = {p}"
    " WHERE table_id = ({waiting}) RETURNING table_id"
)

_REPORT: Final = (
    "UPDATE judgements SET done = {p}, total = {p}, claimed = {p}, updated = {p}"
    " WHERE table_id = {p} AND owner = {p} AND status = 'running'"
)

_RENEW: Final = "UPDATE judgements SET claimed = {p} WHERE table_id = {p} AND owner = {p} AND status = 'running'"

_FINISH: Final = (
    "UPDATE judgements SET status = {p}, document = {p}, error = {p}, done = total, updated = {p}"
    " WHERE table_id = {p} AND owner = {p} AND status = 'running'"
)

_GET: Final = "SELECT status, owner, done, total, runs, document, error FROM judgements WHERE table_id = {p}"


@attrs.frozen
class Judgement:
    """Where a finished table's judgement stands (a row of ``judgements``)."""

    status: str
    """One of :data:`STATUSES`."""
    owner: str | None
    """The id of the process that claimed it last, if any."""
    done: int
    """The decisions judged so far."""
    total: int
    """The decisions to judge (0 until the work starts)."""
    runs: int
    """How many times it was claimed (more than once: a process was stopped while working on it)."""
    document: str | None
    """The review's JSON document, once done."""
    error: str | None
    """Why it failed, if it did."""


class Judgements(Protocol):
    """The queue of judgements in a server's database."""

    def enqueue_finished(self, now: float) -> int:
        """Queue every finished table that has no judgement yet: how many were queued."""
        ...

    def claim(self, owner: str, now: float, stale: float) -> str | None:
        """Take the oldest queued judgement (or one whose claim was not renewed for ``stale``
        seconds) for ``owner``: its table's id, or ``None`` if none waits."""
        ...

    def report(self, table_id: str, owner: str, done: int, total: int, now: float) -> bool:
        """Record progress and renew the claim: ``False`` if ``owner`` no longer holds it."""
        ...

    def renew(self, table_id: str, owner: str, now: float) -> bool:
        """Renew ``owner``'s claim (its process still works on it): ``False`` if it no longer holds it."""
        ...

    def finish(self, table_id: str, owner: str, now: float, *, document: str | None, error: str | None) -> bool:
        """Store the review's ``document`` (or the ``error`` that stopped it): ``False`` if
        ``owner`` no longer holds the claim (nothing is stored)."""
        ...

    def get(self, table_id: str) -> Judgement | None:
        """The judgement of the table, or ``None`` if it has none yet."""
        ...


def _judgement(row: Any) -> Judgement | None:
    return None if row is None else Judgement(*row)


class _StoredJudgements:
    """:class:`Judgements` in the database of ``store``, each call one :meth:`Store.transaction
    <eighthalf.server.storage.store.Store.transaction>` of it."""

    _SKIP: str = ""
    """What the claim's search for a waiting row adds (a row lock where processes share the queue)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def _one(self, sql: str, parameters: tuple[Any, ...]) -> Any:
        rows, _ = run_one(self._store, sql.format(p="?", waiting=_WAITING.format(p="?") + self._SKIP), parameters)
        return rows[0] if rows else None

    def _count(self, sql: str, parameters: tuple[Any, ...]) -> int:
        return run_one(self._store, sql.format(p="?"), parameters)[1]

    def enqueue_finished(self, now: float) -> int:
        """See :meth:`Judgements.enqueue_finished`."""
        return self._count(_ENQUEUE, (now,))

    def claim(self, owner: str, now: float, stale: float) -> str | None:
        """See :meth:`Judgements.claim`."""
        row = self._one(_CLAIM, (owner, now, now, now - stale))
        return None if row is None else str(row[0])

    def report(self, table_id: str, owner: str, done: int, total: int, now: float) -> bool:
        """See :meth:`Judgements.report`."""
        return self._count(_REPORT, (done, total, now, now, table_id, owner)) == 1

    def renew(self, table_id: str, owner: str, now: float) -> bool:
        """See :meth:`Judgements.renew`."""
        return self._count(_RENEW, (now, table_id, owner)) == 1

    def finish(self, table_id: str, owner: str, now: float, *, document: str | None, error: str | None) -> bool:
        """See :meth:`Judgements.finish`."""
        status = "done" if error is None else "failed"
        return self._count(_FINISH, (status, document, error, now, table_id, owner)) == 1

    def get(self, table_id: str) -> Judgement | None:
        """See :meth:`Judgements.get`."""
        return _judgement(self._one(_GET, (table_id,)))


class SQLiteJudgements(_StoredJudgements):
    """:class:`Judgements` in the SQLite database of a :class:`~eighthalf.server.storage.store.SQLiteStore`
    (on its connection and under its lock).

    One process serves a SQLite database, so a judgement it finds ``running`` when it opens
    was left by a process that stopped: it is queued again.
    """

    def __init__(self, store: SQLiteStore) -> None:
        super().__init__(store)
        self._count("UPDATE judgements SET status = 'queued', owner = NULL WHERE status = 'running'", ())


class PostgresJudgements(_StoredJudgements):
    """:class:`Judgements` in the PostgreSQL database of a :class:`~eighthalf.server.storage.postgres.PostgresStore`
    (on its second connection, the one of the worker threads): several processes share the
    queue, and a row lock (``FOR UPDATE SKIP LOCKED``) gives each judgement to one of them."""

    _SKIP = " FOR UPDATE SKIP LOCKED"


def judgements_for(store: Store) -> Judgements:
    """The judgements of ``store``'s database (its table made if it is missing).

    Raises:
        StoreError: If the database refuses, or ``store`` is of neither kind.
    """
    return of_kind(store, SQLiteJudgements, PostgresJudgements, "no judgements for")
