"""The PostgreSQL store: the server's tables in a PostgreSQL database (psycopg 3).

``eighthalf serve --db postgresql://user@host/dbname`` (a libpq URL; ``postgres://`` too)
keeps the tables in PostgreSQL instead of a SQLite file, behind the same
:class:`~eighthalf.server.storage.store.Store` interface and with the same durability: a move is
committed before anyone is told of it, so it survives the game server being killed
(``--sync full``: on disk, so it survives the database's machine too), and the move that
ends a game is committed with its finished record and summary. The tables
are made on first use; the database's layout has a version (the table ``eighthalf_layout``)
and each older layout a migration, as SQLite's has. A move takes a row lock on its table,
so two writers of one table are put in order by the database itself.

Several server processes may serve one PostgreSQL database (the store is *shared*): the
table ``leases`` says which process drives each table in play, until when (taken and
renewed by one atomic statement that succeeds only for its holder or once it expired); a
move the server makes (a bot's, a timed-out person's) is committed only by the lease's
holder, in a transaction that reads the lease under a lock, and the moves table records
the driver of each. Every commit of a move, a seat, a rematch vote or an abandoned table sends a
``NOTIFY`` on the channel :data:`CHANNEL` in its transaction, so every process hears of
it once it is committed (:meth:`PostgresStore.listen`); the columns and table this adds
are made, when missing, by ``CREATE ... IF NOT EXISTS`` on opening, and a database made
by the release before opens with this one and loses nothing.

Needs psycopg (``pip install "eighthalf[postgresql]"``); without it, opening such a store
raises a :class:`~eighthalf.server.storage.store.StoreError` that says so.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar

from eighthalf.server.storage.layout import ACCOUNTS_LAYOUT, JUDGEMENTS_LAYOUT, LAYOUT_3, QUEUE_SCHEMA
from eighthalf.server.storage.store import (
    INSERT_TABLE,
    LAST_MADE,
    LOAD_MOVES,
    LOAD_SEATS,
    LOAD_TABLE,
    SCHEMA_VERSION,
    Execute,
    LeaseLost,
    Listed,
    MoveConflict,
    RematchState,
    SQLiteStore,
    Statement,
    Store,
    StoredTable,
    StoreError,
    count_rematch_vote,
    json_text,
    list_query,
    listed,
    rematch_read,
    stored_table,
    table_row,
)

try:
    import psycopg as _psycopg
except ModuleNotFoundError:  # pragma: no cover - the server extra without the postgresql one
    _psycopg = None  # type: ignore[assignment]

__all__ = ["CHANNEL", "POSTGRESQL_SCHEMES", "PostgresStore", "is_postgresql_url", "of_kind", "rows_of", "run_one"]

_T = TypeVar("_T")

CHANNEL: Final = "eighthalf"
"""The ``LISTEN``/``NOTIFY`` channel on which every commit of a move, a seat or an ending is told."""

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
    # several processes, one service: who drives each table in play, and who drove each move
    """CREATE TABLE IF NOT EXISTS leases (
        table_id TEXT PRIMARY KEY REFERENCES tables(id),
        owner TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL
    )""",
    "ALTER TABLE moves ADD COLUMN IF NOT EXISTS driver TEXT",
    # layout 3: the rematch votes of finished tables, and the table each rematch made
    """CREATE TABLE IF NOT EXISTS rematch_votes (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS rematches (
        table_id TEXT PRIMARY KEY REFERENCES tables(id),
        rematch TEXT NOT NULL REFERENCES tables(id)
    )""",
    # a move in one call (one round trip, its own transaction): see PostgresStore.add_move
    f"""CREATE OR REPLACE FUNCTION eighthalf_add_move(
        p_table TEXT, p_number INTEGER, p_move TEXT, p_driver TEXT,
        p_finished TEXT, p_summary TEXT, p_touched DOUBLE PRECISION, p_notice TEXT
    ) RETURNS VOID LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
        made INTEGER;
    BEGIN
        PERFORM 1 FROM tables WHERE id = p_table FOR UPDATE;
        IF p_driver IS NOT NULL THEN
            PERFORM 1 FROM leases WHERE table_id = p_table AND owner = p_driver AND expires > now() FOR SHARE;
            IF NOT FOUND THEN
                RAISE EXCEPTION USING ERRCODE = 'EH002', MESSAGE = 'lease lost';
            END IF;
        END IF;
        SELECT coalesce(max(number), 0) INTO made FROM moves WHERE table_id = p_table;
        IF made <> p_number - 1 THEN
            RAISE EXCEPTION USING ERRCODE = 'EH001', MESSAGE = made::text;
        END IF;
        INSERT INTO moves (table_id, number, move, driver) VALUES (p_table, p_number, p_move, p_driver);
        IF p_finished IS NOT NULL THEN
            UPDATE tables SET finished = p_finished, summary = p_summary, touched = coalesce(p_touched, touched)
                WHERE id = p_table;
            DELETE FROM leases WHERE table_id = p_table;
        ELSIF p_touched IS NOT NULL THEN
            UPDATE tables SET touched = p_touched WHERE id = p_table;
        END IF;
        PERFORM pg_notify('{CHANNEL}', p_notice);
    END
    $$""",
    # layout 3 (LAYOUT_3): when each move was committed, by the database's clock, and the seats' webhooks
    "ALTER TABLE moves ADD COLUMN IF NOT EXISTS made DOUBLE PRECISION",
    "ALTER TABLE moves ALTER COLUMN made SET DEFAULT extract(epoch FROM clock_timestamp())",
    LAYOUT_3[1],
)

_QUEUE: Final = tuple(
    statement.replace(" REAL", " DOUBLE PRECISION") for statement in filter(str.strip, QUEUE_SCHEMA.split(";"))
)

_MIGRATIONS: Final[dict[int, tuple[str, ...]]] = {2: (*_QUEUE, *ACCOUNTS_LAYOUT, *JUDGEMENTS_LAYOUT)}
"""The statements that take a database of layout ``n`` to ``n + 1`` (PostgreSQL's first
layout is :data:`~eighthalf.server.storage.store.SCHEMA_VERSION` 2; 3 adds the queue,
:data:`~eighthalf.server.storage.layout.QUEUE_SCHEMA`, the accounts and ratings,
:data:`~eighthalf.server.storage.layout.ACCOUNTS_LAYOUT`, and the judgements,
:data:`~eighthalf.server.storage.layout.JUDGEMENTS_LAYOUT`). They run after :data:`_SCHEMA`,
which makes what is missing of layout 2 and the rest of layout 3
(:data:`~eighthalf.server.storage.layout.LAYOUT_3`, the rematch votes' tables), each
statement one that may run again (``IF NOT EXISTS``)."""

_FIRST_LAYOUT: Final = 2

_TAKE: Final = (
    "INSERT INTO leases (table_id, owner, expires) {rows} "
    "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires "
    "WHERE leases.owner = excluded.owner OR leases.expires < now()"
)
"""Take or renew leases, atomically: a row is written only for its holder or once it expired."""

_LISTEN_WAIT: Final = 0.5
"""How long the listening thread waits for a notification before it looks whether the store closes."""


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
    """A :class:`~eighthalf.server.storage.store.Store` in a PostgreSQL database.

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
        self.shared = True
        """Several processes may serve a PostgreSQL database (see :meth:`Store.shared
        <eighthalf.server.storage.store.Store.shared>`)."""
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._listener: threading.Thread | None = None
        self._db: Any
        # a second connection for the reads and the leases that worker threads do, so that a
        # move never waits for them (the event loop commits the moves on the first one)
        self._side_lock = threading.Lock()
        self._side: Any = None
        with self._lock:
            self._db = self._connect()
            try:
                self._migrate()
            except BaseException:
                self._db.close()
                raise

    def _connect(self) -> Any:
        """A new connection to the database, in autocommit mode, at the store's durability."""
        try:
            db = _psycopg.connect(self.url, autocommit=True)
            db.execute(f"SET synchronous_commit TO {'on' if self.synchronous == 'full' else 'off'}")
        except _psycopg.Error as error:
            raise StoreError(f"cannot reach the database {self._shown()}: {str(error).strip()}") from None
        return db

    def _shown(self) -> str:
        """The URL without its password, for messages."""
        scheme, _, rest = self.url.partition("://")
        credentials, at, place = rest.rpartition("@")
        return f"{scheme}://{credentials.partition(':')[0]}{at}{place}" if at else self.url

    @contextlib.contextmanager
    def _connection(self, *, side: bool = False) -> Iterator[Any]:
        """The connection (``side``: the second one) under its lock, made anew if there is
        none yet or it was lost (a restart of the database).

        Raises:
            StoreError: If the database cannot be reached.
        """
        with self._side_lock if side else self._lock:
            db = self._side if side else self._db
            if db is None or db.closed or db.broken:
                db = self._connect()
                if side:
                    self._side = db
                else:
                    self._db = db
            yield db

    @contextlib.contextmanager
    def _transaction(self, *, side: bool = False) -> Iterator[Any]:
        """The connection (``side``: the second one), in one transaction (committed on
        leaving, rolled back on an error).

        Raises:
            StoreError: If the database refuses or cannot be reached.
        """
        with self._connection(side=side) as db:
            try:
                with db.transaction():
                    yield db
            except _psycopg.Error as error:
                raise StoreError(f"the database {self._shown()}: {str(error).strip()}") from None

    @contextlib.contextmanager
    def transaction(self, *, side: bool = True) -> Iterator[Statement]:
        """See :meth:`Store.transaction <eighthalf.server.storage.store.Store.transaction>` (on
        the second connection, the worker threads', unless ``side`` is false)."""
        with self._transaction(side=side) as db:
            yield _statement(db)

    def _run(self, statements: list[tuple[str, tuple[Any, ...]]], *, fetch: bool = False, side: bool = False) -> Any:
        """Run ``statements`` in one transaction (``side``: on the second connection): the
        last one's rows (``fetch``) or row count.

        Raises:
            StoreError: If the database refuses or cannot be reached (the transaction is rolled back).
        """
        with self._transaction(side=side) as db:
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
                for statement in _SCHEMA:
                    self._db.execute(statement)
                for step in range(version, SCHEMA_VERSION):
                    for statement in _MIGRATIONS[step]:
                        self._db.execute(statement)
                if row is None:
                    self._db.execute("INSERT INTO eighthalf_layout (version) VALUES (%s)", (SCHEMA_VERSION,))
                else:
                    self._db.execute("UPDATE eighthalf_layout SET version = %s", (SCHEMA_VERSION,))
        except _psycopg.Error as error:
            raise StoreError(f"cannot set up the database {self._shown()}: {str(error).strip()}") from None

    def create_table(self, table: StoredTable) -> None:
        """See :meth:`Store.create_table <eighthalf.server.storage.store.Store.create_table>`."""
        self._run([(_placeholders(INSERT_TABLE), table_row(table))])

    def take_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        *,
        when: float | None = None,
        account: str | None = None,
    ) -> bool:
        """See :meth:`Store.take_seat <eighthalf.server.storage.store.Store.take_seat>` (a
        conflict with the seat or with the account's other seat gives nothing)."""
        with self._transaction() as db:
            taken = db.execute(
                "INSERT INTO seats (table_id, seat, name, token_hash, account) VALUES (%s, %s, %s, %s, %s)"
                " ON CONFLICT DO NOTHING",
                (table_id, seat, name, token_hash, account),
            ).rowcount
            if taken != 1:
                return False
            if when is not None:
                db.execute("UPDATE tables SET touched = %s WHERE id = %s", (when, table_id))
            change = {"table": table_id, "seat": seat, "name": name, "token_hash": token_hash, "touched": when}
            _notify(db, change)
        return True

    def add_move(
        self,
        table_id: str,
        number: int,
        move: str,
        *,
        finished: str | None = None,
        summary: dict[str, Any] | None = None,
        touched: float | None = None,
        driver: str | None = None,
        then: Callable[[Execute], None] | None = None,
    ) -> None:
        """See :meth:`Store.add_move <eighthalf.server.storage.store.Store.add_move>`.

        The same writes as SQLite's (:meth:`SQLiteStore.add_move <eighthalf.server.storage.store.SQLiteStore.add_move>`) in
        one call of the database function ``eighthalf_add_move`` (made on opening), one round
        trip and its own transaction: it locks the table's row (one writer a table); for a
        driven move, reads the lease under a share lock (a process taking the table over waits
        for this commit); reads the last move (each statement of the function sees what was
        committed before it, so a move another process committed while this one waited for
        the lock is seen); inserts the move with its driver; sets what the table row changes;
        and sends the notice. With ``then`` (a finishing move), the call and ``then``'s
        statements are one transaction: the rated end is committed with the move, or neither.
        """
        notice = _notice(
            {"table": table_id, "number": number, "move": move, "driven": driver is not None, "touched": touched}
        )
        summary_text = None if finished is None else json_text(summary)
        with self._connection() as db:
            try:
                with db.transaction() if then is not None and finished is not None else contextlib.nullcontext():
                    db.execute(
                        "SELECT eighthalf_add_move(%s, %s, %s, %s, %s, %s, %s, %s)",
                        (table_id, number, move, driver, finished, summary_text, touched, notice),
                    )
                    if then is not None and finished is not None:
                        then(lambda sql, parameters: rows_of(db.execute(_placeholders(sql), parameters)))
            except _psycopg.Error as error:
                if error.sqlstate == "EH002":
                    raise LeaseLost(
                        f"table {table_id}: this process no longer drives it (move {number} not made)"
                    ) from None
                if error.sqlstate == "EH001":
                    raise MoveConflict(
                        f"table {table_id}: move {number} follows move {error.diag.message_primary}"
                    ) from None
                raise StoreError(f"the database {self._shown()}: {str(error).strip()}") from None

    def finish(self, table_id: str, record: str, summary: dict[str, Any] | None = None) -> None:
        """See :meth:`Store.finish <eighthalf.server.storage.store.Store.finish>`."""
        with self._transaction() as db:
            db.execute(
                "UPDATE tables SET finished = %s, summary = %s WHERE id = %s", (record, json_text(summary), table_id)
            )
            db.execute("DELETE FROM leases WHERE table_id = %s", (table_id,))
            _notify(db, {"table": table_id, "finished": True})

    def set_summary(self, table_id: str, summary: dict[str, Any]) -> None:
        """See :meth:`Store.set_summary <eighthalf.server.storage.store.Store.set_summary>`."""
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
        """See :meth:`Store.list_tables <eighthalf.server.storage.store.Store.list_tables>`."""
        sql, parameters = list_query(limit, before, game, finished)
        return listed(self._run([(_placeholders(sql), parameters)], fetch=True))

    def load(self, table_id: str, *, after: int = 0) -> StoredTable | None:
        """See :meth:`Store.load <eighthalf.server.storage.store.Store.load>` (one transaction: one
        snapshot; on the second connection, since worker threads read so)."""
        with self._transaction(side=True) as db:
            row = db.execute(_placeholders(LOAD_TABLE), (table_id,)).fetchone()
            if row is None:
                return None
            seats = db.execute(_placeholders(LOAD_SEATS), (table_id,)).fetchall()
            moves = db.execute(_placeholders(LOAD_MOVES), (table_id, after)).fetchall()
            (moved,) = db.execute(_placeholders(LAST_MADE), (table_id,)).fetchone()
        return stored_table(row, seats, moves, moved)

    def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """See :meth:`Store.table_ids <eighthalf.server.storage.store.Store.table_ids>`."""
        where = " WHERE finished IS NULL" if unfinished else ""
        rows = self._run([(f"SELECT id FROM tables{where} ORDER BY created, id", ())], fetch=True)
        return [table_id for (table_id,) in rows]

    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """See :meth:`Store.take_lease <eighthalf.server.storage.store.Store.take_lease>`."""
        rows = _TAKE.format(rows="VALUES (%s, %s, now() + make_interval(secs => %s))")
        return bool(self._run([(rows, (table_id, owner, seconds))]) == 1)

    def leases(self, owner: str, seconds: float) -> list[str]:
        """See :meth:`Store.leases <eighthalf.server.storage.store.Store.leases>` (the rows are taken in
        the order of their ids, so two processes doing it at once do not deadlock)."""
        rows = "SELECT id, %s, now() + make_interval(secs => %s) FROM tables WHERE finished IS NULL ORDER BY id"
        held = self._run([(_TAKE.format(rows=rows) + " RETURNING table_id", (owner, seconds))], fetch=True, side=True)
        return sorted(table_id for (table_id,) in held)

    def vote_rematch(
        self,
        table_id: str,
        seat: int,
        token_hash: str | None,
        *,
        people: tuple[int, ...],
        child: StoredTable,
        seating: tuple[tuple[int, int], ...],
    ) -> tuple[str, RematchState]:
        """See :meth:`Store.vote_rematch <eighthalf.server.storage.store.Store.vote_rematch>`: the
        finished table's row is locked first, so the votes of one table, through any process,
        are counted one after another and only the last one makes the new table."""
        with self._transaction() as db:
            db.execute("SELECT 1 FROM tables WHERE id = %s FOR UPDATE", (table_id,))
            run = _statement(db)
            outcome = count_rematch_vote(run, table_id, seat, token_hash, people=people, child=child, seating=seating)
            state = rematch_read(run, table_id)
            if outcome in ("agreed", "withdrawn", "made"):
                _notify(db, {"table": table_id, "rematch": {"agreed": list(state.agreed), "table": state.table}})
        return outcome, state

    def rematch_state(self, table_id: str) -> RematchState:
        """See :meth:`Store.rematch_state <eighthalf.server.storage.store.Store.rematch_state>`
        (on the second connection, as the other reads)."""
        with self.transaction() as run:
            return rematch_read(run, table_id)

    def release_leases(self, owner: str) -> None:
        """See :meth:`Store.release_leases <eighthalf.server.storage.store.Store.release_leases>`."""
        self._run([("DELETE FROM leases WHERE owner = %s", (owner,))])

    def drivers(self, table_id: str) -> list[str | None]:
        """Who drove each move of the table, in order: a process's lease owner id, or ``None``
        for a person's move (for an operator, and the tests that no two processes drove one table)."""
        rows = self._run([("SELECT driver FROM moves WHERE table_id = %s ORDER BY number", (table_id,))], fetch=True)
        return [driver for (driver,) in rows]

    def listen(self, changed: Callable[[dict[str, Any]], None]) -> None:
        """See :meth:`Store.listen <eighthalf.server.storage.store.Store.listen>`: a thread with a
        connection of its own ``LISTEN`` s on :data:`CHANNEL`, connecting again a second after
        it loses the database (then ``{"resync": True}``, as also once it first listens: what
        was committed before it listened is read again).

        Raises:
            StoreError: If the store listens already.
        """
        if self._listener is not None:
            raise StoreError("the store listens already")
        self._listener = threading.Thread(target=self._listen, args=(changed,), name="eighthalf-listen", daemon=True)
        self._listener.start()

    def _listen(self, changed: Callable[[dict[str, Any]], None]) -> None:
        while not self._closing.is_set():
            try:
                with _psycopg.connect(self.url, autocommit=True) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    changed({"resync": True})
                    while not self._closing.is_set():
                        for note in db.notifies(timeout=_LISTEN_WAIT):
                            changed(json.loads(note.payload))
            except _psycopg.Error:
                self._closing.wait(1.0)

    def check(self) -> None:
        """See :meth:`Store.check <eighthalf.server.storage.store.Store.check>`."""
        self._run([("SELECT 1", ())], fetch=True)

    def close(self) -> None:
        """See :meth:`Store.close <eighthalf.server.storage.store.Store.close>` (the listening thread stops too)."""
        self._closing.set()
        if self._listener is not None:
            self._listener.join(timeout=10 * _LISTEN_WAIT)
        with self._lock:
            self._db.close()
        with self._side_lock:
            if self._side is not None:
                self._side.close()


def _statement(db: Any) -> Statement:
    """The :data:`~eighthalf.server.storage.store.Statement` of the connection ``db``: SQLite's placeholders as psycopg's."""
    return lambda sql, parameters: db.execute(_placeholders(sql), parameters)


def rows_of(cursor: Any) -> list[Any]:
    """The rows of a statement just run (none for a statement that returns none)."""
    return list(cursor.fetchall()) if cursor.description is not None else []


# what the modules beside the stores (the queue, the judgements, the webhooks, the accounts) share


def run_one(store: Store, sql: str, parameters: tuple[Any, ...]) -> tuple[list[Any], int]:
    """Run one statement (SQLite's placeholders) in a :meth:`Store.transaction
    <eighthalf.server.storage.store.Store.transaction>` of its own: its rows and its row count.

    Raises:
        StoreError: If the database refuses or cannot be reached.
    """
    with store.transaction() as run:
        cursor = run(sql, parameters)
        return rows_of(cursor), cursor.rowcount


def of_kind(
    store: Store, sqlite: Callable[[SQLiteStore], _T], postgres: Callable[[PostgresStore], _T], refusal: str
) -> _T:
    """``sqlite(store)`` or ``postgres(store)``, by the kind of ``store`` (what serves a part
    of the server's database, the queue say, in a store of that kind).

    Raises:
        StoreError: If ``store`` is of neither kind: ``refusal``, then the store's type.
    """
    if isinstance(store, SQLiteStore):
        return sqlite(store)
    if isinstance(store, PostgresStore):
        return postgres(store)
    raise StoreError(f"{refusal} a store of type {type(store).__name__}")


def _notice(change: dict[str, Any]) -> str:
    """The text of the notice of ``change``, as every listening process reads it (compact JSON)."""
    return json.dumps(change, ensure_ascii=False, separators=(",", ":"))


def _notify(db: Any, change: dict[str, Any]) -> None:
    """Tell every listening process of ``change`` once the transaction commits (``pg_notify``)."""
    db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, _notice(change)))
