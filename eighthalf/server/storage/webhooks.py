"""The seats' webhooks, stored beside their tables: one address per seat, with its signing secret.

A person seated at a table may give an address to be called when it becomes their seat's
turn and when the game ends (:mod:`eighthalf.server.tables.webhooks`). Its row in the table
``webhooks`` of the server's database (made by layout 3,
:data:`~eighthalf.server.storage.layout.LAYOUT_3`) holds the address, the secret that signs
each delivery (made by the server, shown to its owner once), and the server's own address as
the person's browser saw it (``base``), which the table's link in a delivery starts with.
A seat has at most one webhook: a new one replaces the old.

>>> from eighthalf.server.storage.store import SQLiteStore, StoredTable
>>> store = SQLiteStore(":memory:")
>>> store.create_table(StoredTable(id="t1", game="Eights", record="", settings={}, created=0.0))
>>> hooks = webhooks_for(store)
>>> hooks.put(Webhook("t1", 0, "wh_1", "https://example.org/hook", "whsec_x", "https://cards.example", 1.0))
>>> hooks.get("t1", 0).url, hooks.get("t1", 1)
('https://example.org/hook', None)
>>> hooks.may_have("t1", 0), hooks.may_have("t1", 1)
(True, False)
>>> hooks.remove("t1", 0), hooks.remove("t1", 0), hooks.may_have("t1", 0)
(True, False, False)
"""

from __future__ import annotations

from typing import Any, Final, Protocol

import attrs

from eighthalf.server.storage.postgres import of_kind, run_one
from eighthalf.server.storage.store import Store

__all__ = ["PostgresWebhooks", "SQLiteWebhooks", "Webhook", "Webhooks", "webhooks_for"]

_PUT: Final = (
    "INSERT INTO webhooks (table_id, seat, id, url, secret, base, created) VALUES ({p}, {p}, {p}, {p}, {p}, {p}, {p})"
    " ON CONFLICT (table_id, seat) DO UPDATE SET id = excluded.id, url = excluded.url, secret = excluded.secret,"
    " base = excluded.base, created = excluded.created"
)
_COLUMNS: Final = "table_id, seat, id, url, secret, base, created"
_GET: Final = f"SELECT {_COLUMNS} FROM webhooks WHERE table_id = {{p}} AND seat = {{p}}"
_OF_TABLE: Final = f"SELECT {_COLUMNS} FROM webhooks WHERE table_id = {{p}} ORDER BY seat"
_REMOVE: Final = "DELETE FROM webhooks WHERE table_id = {p} AND seat = {p}"
_SEATS: Final = "SELECT table_id, seat FROM webhooks"


@attrs.frozen
class Webhook:
    """A seat's webhook (a row of ``webhooks``)."""

    table: str
    """The table's id."""
    seat: int
    """The seat it calls for."""
    id: str
    """Its id (``wh_`` and 16 hex digits), in every delivery's header."""
    url: str
    """The address called, as checked when it was given."""
    secret: str
    """The secret that signs each delivery (``whsec_`` and 48 hex digits)."""
    base: str
    """The server's address as its owner's browser saw it: the table's link starts with it."""
    created: float
    """When it was given (seconds since the epoch)."""


class Webhooks(Protocol):
    """The webhooks of a server's database."""

    def put(self, hook: Webhook) -> None:
        """Store ``hook`` as its seat's webhook, in place of any it had."""
        ...

    def get(self, table_id: str, seat: int) -> Webhook | None:
        """The webhook of the seat, or ``None``."""
        ...

    def of_table(self, table_id: str) -> list[Webhook]:
        """The webhooks of every seat of the table, in seat order."""
        ...

    def remove(self, table_id: str, seat: int) -> bool:
        """Remove the seat's webhook: whether it had one."""
        ...

    def may_have(self, table_id: str, seat: int) -> bool:
        """Whether the seat may have a webhook: ``False`` only if it surely has none, told at
        once, without the database (asked on the event loop at every turn)."""
        ...


def _hooks(rows: list[Any]) -> list[Webhook]:
    return [Webhook(*row) for row in rows]


def _fields(hook: Webhook) -> tuple[Any, ...]:
    return (hook.table, hook.seat, hook.id, hook.url, hook.secret, hook.base, hook.created)


class _StoredWebhooks:
    """:class:`Webhooks` in the database of ``store``, each call one :meth:`Store.transaction
    <eighthalf.server.storage.store.Store.transaction>` of it."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def _rows(self, sql: str, parameters: tuple[Any, ...]) -> tuple[list[Any], int]:
        return run_one(self._store, sql.format(p="?"), parameters)

    def put(self, hook: Webhook) -> None:
        """See :meth:`Webhooks.put`."""
        self._rows(_PUT, _fields(hook))

    def get(self, table_id: str, seat: int) -> Webhook | None:
        """See :meth:`Webhooks.get`."""
        found = _hooks(self._rows(_GET, (table_id, seat))[0])
        return found[0] if found else None

    def of_table(self, table_id: str) -> list[Webhook]:
        """See :meth:`Webhooks.of_table`."""
        return _hooks(self._rows(_OF_TABLE, (table_id,))[0])

    def remove(self, table_id: str, seat: int) -> bool:
        """See :meth:`Webhooks.remove`."""
        return self._rows(_REMOVE, (table_id, seat))[1] == 1

    def may_have(self, table_id: str, seat: int) -> bool:
        """See :meth:`Webhooks.may_have`: ``True``, since another process may have stored one
        (a worker's query tells)."""
        return True


class SQLiteWebhooks(_StoredWebhooks):
    """:class:`Webhooks` in the SQLite database of a :class:`~eighthalf.server.storage.store.SQLiteStore`
    (on its connection and under its lock).

    One process serves a SQLite database, so the seats that have a webhook are known here
    exactly: read once at the start, then kept by :meth:`put` and :meth:`remove`. A turn
    of a seat with none costs no call to the database, which the moves would wait for.
    """

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self._seats = {(table, seat) for table, seat in self._rows(_SEATS, ())[0]}

    def put(self, hook: Webhook) -> None:
        """See :meth:`Webhooks.put` (the seat is counted first: a turn meanwhile asks the database)."""
        self._seats.add((hook.table, hook.seat))
        super().put(hook)

    def remove(self, table_id: str, seat: int) -> bool:
        """See :meth:`Webhooks.remove`."""
        removed = super().remove(table_id, seat)
        self._seats.discard((table_id, seat))
        return removed

    def may_have(self, table_id: str, seat: int) -> bool:
        """See :meth:`Webhooks.may_have`: exact here."""
        return (table_id, seat) in self._seats


class PostgresWebhooks(_StoredWebhooks):
    """:class:`Webhooks` in the PostgreSQL database of a :class:`~eighthalf.server.storage.postgres.PostgresStore`
    (on its second connection, the one of the worker threads, so that a move never waits for them)."""


def webhooks_for(store: Store) -> Webhooks:
    """The webhooks of ``store``'s database.

    Raises:
        StoreError: If ``store`` is of neither kind.
    """
    return of_kind(store, SQLiteWebhooks, PostgresWebhooks, "no webhooks for")
