"""The PostgreSQL store: the server's tables in a PostgreSQL database (psycopg 3).

``eighthalf serve --db postgresql://user@host/dbname`` (a libpq URL; ``postgres://`` too)
keeps the tables in PostgreSQL instead of a SQLite file, behind the same
:class:`~eighthalf.server.store.Store` interface and with the same durability: a move is
committed before anyone is told of it, so it survives the game server being killed
(``--sync full``: on disk, so it survives the database's machine too), and the move that
ends a game is committed with its finished record and summary. The tables
are made on first use; the database's layout has a version (the table ``eighthalf_layout``)
and each older layout a migration, as SQLite's has. A move takes a row lock on its table,
so two writers of one table are put in order by the database itself.

Needs psycopg (``pip install "eighthalf[postgresql]"``); without it, opening such a store
raises a :class:`~eighthalf.server.store.StoreError` that says so.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from typing import Any, Final

from .store import (
    LOAD_MOVES,
    LOAD_SEATS,
    LOAD_TABLE,
    SCHEMA_VERSION,
    Listed,
    StoredTable,
    StoreError,
    json_text,
    list_query,
    listed,
    stored_table,
    write_move,
)

try:
    import psycopg as _psycopg
except ModuleNotFoundError:  # pragma: no cover - the server extra without the postgresql one
    _psycopg = None  # type: ignore[assignment]

__all__ = ["POSTGRESQL_SCHEMES", "PostgresStore", "is_postgresql_url"]

POSTGRESQL_SCHEMES: Final = ("postgresql://", "postgres://")
"""How a ``--db`` value that names a PostgreSQL database begins."""

_SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        record TEXT NOT NULL,
        settings TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        finished TEXT,
        summary TEXT,
        touched DOUBLE PRECISION
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS moves (
        table_id TEXT NOT NULL REFERENCES tables(id),
        number INTEGER NOT NULL,
        move TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    )""",
    "CREATE INDEX IF NOT EXISTS tables_newest ON tables (created DESC, id DESC)",
    "CREATE INDEX IF NOT EXISTS tables_live ON tables (created, id) WHERE finished IS NULL",
)

_MIGRATIONS: Final[dict[int, tuple[str, ...]]] = {}
"""The statements that take a database of layout ``n`` to ``n + 1`` (PostgreSQL's first
layout is :data:`~eighthalf.server.store.SCHEMA_VERSION` 2: none yet)."""

_FIRST_LAYOUT: Final = 2


def is_postgresql_url(db: str) -> bool:
    """Whether ``db`` names a PostgreSQL database (a libpq URL) rather than a SQLite file.

    >>> is_postgresql_url("postgresql://game@db.example.org/eighthalf"), is_postgresql_url("tables.sqlite3")
    (True, False)
    """
    return db.startswith(POSTGRESQL_SCHEMES)


def _placeholders(sql: str) -> str:
    """SQLite's ``?`` placeholders as psycopg's ``%s`` (the shared queries hold no other ``?``)."""
    return sql.replace("?", "%s")


class PostgresStore:
    """A :class:`~eighthalf.server.store.Store` in a PostgreSQL database.

    Args:
        url: A libpq URL (``postgresql://user:password@host:port/dbname?...``).
        synchronous: ``"normal"``: a commit is in PostgreSQL before the server goes on, so it
            survives the game server being killed at any moment, as SQLite's ``normal`` does,
            but PostgreSQL writes it to disk a moment later (``synchronous_commit = off``: a
            crash of the database's machine may lose the last fraction of a second);
            ``"full"``: on disk before the server goes on (``synchronous_commit = on``), as
            SQLite's ``full`` is.

    Raises:
        StoreError: If psycopg is missing, the database cannot be reached, or its layout is
            newer than this release's.
    """

    def __init__(self, url: str, *, synchronous: str = "normal") -> None:
        if synchronous not in ("normal", "full"):
            raise StoreError(f"synchronous must be 'normal' or 'full', not {synchronous!r}")
        self.synchronous = synchronous
        if _psycopg is None:
            raise StoreError('a PostgreSQL database needs psycopg: pip install "eighthalf[postgresql]"')
        self.url = url
        self._lock = threading.Lock()
        self._db: Any
        with self._lock:
            self._connect()
            try:
                self._migrate()
            except BaseException:
                self._db.close()
                raise

    def _connect(self) -> None:
        try:
            self._db = _psycopg.connect(self.url, autocommit=True)
            self._db.execute(f"SET synchronous_commit TO {'on' if self.synchronous == 'full' else 'off'}")
        except _psycopg.Error as error:
            raise StoreError(f"cannot reach the database {self._shown()}: {str(error).strip()}") from None

    def _shown(self) -> str:
        """The URL without its password, for messages."""
        scheme, _, rest = self.url.partition("://")
        credentials, at, place = rest.rpartition("@")
        return f"{scheme}://{credentials.partition(':')[0]}{at}{place}" if at else self.url

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Any]:
        """The connection, in one transaction (committed on leaving, rolled back on an error).

        Raises:
            StoreError: If the database refuses or cannot be reached.
        """
        with self._lock:
            if self._db.closed or self._db.broken:
                self._connect()  # after a restart of the database: a new connection
            try:
                with self._db.transaction():
                    yield self._db
            except _psycopg.Error as error:
                raise StoreError(f"the database {self._shown()}: {str(error).strip()}") from None

    def _run(self, statements: list[tuple[str, tuple[Any, ...]]], *, fetch: bool = False) -> Any:
        """Run ``statements`` in one transaction: the last one's rows (``fetch``) or row count.

        Raises:
            StoreError: If the database refuses or cannot be reached (the transaction is rolled back).
        """
        with self._transaction() as db:
            cursor = None
            for sql, parameters in statements:
                cursor = db.execute(sql, parameters)
            assert cursor is not None
            return cursor.fetchall() if fetch else cursor.rowcount

    def _migrate(self) -> None:
        try:
            with self._db.transaction():
                self._db.execute("SELECT pg_advisory_xact_lock(852)")  # one process migrates at a time
                self._db.execute("CREATE TABLE IF NOT EXISTS eighthalf_layout (version INTEGER NOT NULL)")
                row = self._db.execute("SELECT version FROM eighthalf_layout").fetchone()
                version = _FIRST_LAYOUT if row is None else row[0]
                if version > SCHEMA_VERSION:
                    raise StoreError(
                        f"{self._shown()}: a database of layout {version}, newer than this release's {SCHEMA_VERSION}"
                    )
                for step in range(version, SCHEMA_VERSION):
                    for statement in _MIGRATIONS[step]:
                        self._db.execute(statement)
                for statement in _SCHEMA:
                    self._db.execute(statement)
                if row is None:
                    self._db.execute("INSERT INTO eighthalf_layout (version) VALUES (%s)", (SCHEMA_VERSION,))
                else:
                    self._db.execute("UPDATE eighthalf_layout SET version = %s", (SCHEMA_VERSION,))
        except _psycopg.Error as error:
            raise StoreError(f"cannot set up the database {self._shown()}: {str(error).strip()}") from None

    def create_table(self, table: StoredTable) -> None:
        """See :meth:`Store.create_table <eighthalf.server.store.Store.create_table>`."""
        touched = table.created if table.touched is None else table.touched
        self._run(
            [
                (
                    "INSERT INTO tables (id, game, record, settings, created, touched) VALUES (%s, %s, %s, %s, %s, %s)",
                    (table.id, table.game, table.record, json.dumps(table.settings), table.created, touched),
                )
            ]
        )

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str, *, when: float | None = None) -> bool:
        """See :meth:`Store.take_seat <eighthalf.server.store.Store.take_seat>`."""
        taken = self._run(
            [
                (
                    "INSERT INTO seats (table_id, seat, name, token_hash) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    (table_id, seat, name, token_hash),
                )
            ]
        )
        if taken == 1 and when is not None:
            self._run([("UPDATE tables SET touched = %s WHERE id = %s", (when, table_id))])
        return bool(taken == 1)

    def add_move(
        self,
        table_id: str,
        number: int,
        move: str,
        *,
        finished: str | None = None,
        summary: dict[str, Any] | None = None,
        touched: float | None = None,
    ) -> None:
        """See :meth:`Store.add_move <eighthalf.server.store.Store.add_move>`."""
        with self._transaction() as db:
            db.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (table_id,))  # one writer a table
            write_move(
                lambda sql, parameters: db.execute(_placeholders(sql), parameters),
                table_id,
                number,
                move,
                finished,
                summary,
                touched,
            )

    def finish(self, table_id: str, record: str, summary: dict[str, Any] | None = None) -> None:
        """See :meth:`Store.finish <eighthalf.server.store.Store.finish>`."""
        self._run(
            [("UPDATE tables SET finished = %s, summary = %s WHERE id = %s", (record, json_text(summary), table_id))]
        )

    def set_summary(self, table_id: str, summary: dict[str, Any]) -> None:
        """See :meth:`Store.set_summary <eighthalf.server.store.Store.set_summary>`."""
        self._run(
            [("UPDATE tables SET summary = %s WHERE id = %s AND finished IS NOT NULL", (json_text(summary), table_id))]
        )

    def list_tables(
        self,
        *,
        limit: int,
        before: tuple[float, str] | None = None,
        game: str | None = None,
        finished: bool | None = None,
    ) -> list[Listed]:
        """See :meth:`Store.list_tables <eighthalf.server.store.Store.list_tables>`."""
        sql, parameters = list_query(limit, before, game, finished)
        return listed(self._run([(_placeholders(sql), parameters)], fetch=True))

    def load(self, table_id: str) -> StoredTable | None:
        """See :meth:`Store.load <eighthalf.server.store.Store.load>` (one transaction: one snapshot)."""
        with self._transaction() as db:
            row = db.execute(_placeholders(LOAD_TABLE), (table_id,)).fetchone()
            if row is None:
                return None
            seats = db.execute(_placeholders(LOAD_SEATS), (table_id,)).fetchall()
            moves = db.execute(_placeholders(LOAD_MOVES), (table_id,)).fetchall()
        return stored_table(row, seats, moves)

    def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """See :meth:`Store.table_ids <eighthalf.server.store.Store.table_ids>`."""
        where = " WHERE finished IS NULL" if unfinished else ""
        rows = self._run([(f"SELECT id FROM tables{where} ORDER BY created, id", ())], fetch=True)
        return [table_id for (table_id,) in rows]

    def check(self) -> None:
        """See :meth:`Store.check <eighthalf.server.store.Store.check>`."""
        self._run([("SELECT 1", ())], fetch=True)

    def close(self) -> None:
        """See :meth:`Store.close <eighthalf.server.store.Store.close>`."""
        with self._lock:
            self._db.close()
