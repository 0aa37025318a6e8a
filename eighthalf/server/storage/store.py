"""Where the server keeps its tables: the :class:`Store` interface and its SQLite implementation.

A table is stored as its *record* (the text format of :mod:`eighthalf.formats.records`) and a
log of moves: the record of its set-up (the game, the seats, the seed, the rules) is written
once when the table is made; every accepted move is appended to the log, committed, before
anyone is told of it; when the game ends, the finished record is written beside the log.
Restarting the server reads back the tables whose game goes on and replays each record
through its game, which checks every move again; the unfinished games resume. A finished
table is not read at start: its public summary is stored with its finished record (in the
transaction of its last move), and both are read when someone asks, so the server's start
and memory depend on the tables in play, not on the games ever played.

The layout has a version (SQLite's ``user_version``, :data:`SCHEMA_VERSION`) and each older
layout a migration: a database made by an earlier release opens with this one and loses nothing.

:class:`SQLiteStore` is the embedded default: one file (created on first use) or
``":memory:"``. It runs in SQLite's write-ahead-log mode; with ``synchronous="normal"`` (the
default) a commit survives the server process being killed at any moment, and with
``"full"`` also a power cut, at the price of a disk flush per move. A SQLite database is
served by one process; several processes on several machines share a PostgreSQL database
behind the same interface (:mod:`eighthalf.server.storage.postgres`, :mod:`eighthalf.server.tables.service`).

>>> store = SQLiteStore(":memory:")
>>> store.create_table(StoredTable(id="t1", game="Eights", record='[Game "Eights"]', settings={}, created=0.0))
>>> store.take_seat("t1", 0, "Anna", "ab" * 32), store.take_seat("t1", 0, "Ben", "cd" * 32)
(True, False)
>>> store.add_move("t1", 1, "pass")
>>> store.load("t1").moves, store.load("t1").seats
(('pass',), ((0, 'Anna', 'abababababababababababababababababababababababababababababababab'),))
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Final, Protocol

import attrs

from eighthalf.server.storage.layout import SQLITE_MIGRATIONS, SQLITE_NEW_IN_3, SQLITE_SCHEMA

__all__ = [
    "INSERT_TABLE",
    "LAST_MADE",
    "LOAD_MOVES",
    "LOAD_SEATS",
    "LOAD_TABLE",
    "REMATCH_OUTCOMES",
    "REMATCH_SQL",
    "SCHEMA_VERSION",
    "Execute",
    "LeaseLost",
    "Listed",
    "MoveConflict",
    "RematchState",
    "SQLiteStore",
    "Statement",
    "Store",
    "StoreError",
    "StoredTable",
    "count_rematch_vote",
    "json_text",
    "list_query",
    "listed",
    "rematch_read",
    "stored_table",
    "table_row",
]

SCHEMA_VERSION: Final = 3
"""The version of the database layout, kept in SQLite's ``user_version``: 1, the first
release's; 2 adds each finished table's summary, when a person last touched each table,
and the indexes of the paged list; 3 adds when each move was made and the seats'
webhooks (:data:`~eighthalf.server.storage.layout.LAYOUT_3`), the queue of "Play now"
(:data:`~eighthalf.server.storage.layout.QUEUE_SCHEMA`), the rematch
votes of finished tables and the table each rematch made (``rematch_votes``, ``rematches``,
made by the layout's ``CREATE TABLE IF NOT EXISTS``), and accounts, sessions, the
account of each seat and the ratings (:data:`~eighthalf.server.storage.layout.ACCOUNTS_LAYOUT`)."""

Execute = Callable[[str, tuple[Any, ...]], list[Any]]
"""Runs one statement (in SQLite's ``?`` placeholders) in a store's open transaction: its rows."""

Statement = Callable[[str, tuple[Any, ...]], Any]
"""Runs one statement (in SQLite's ``?`` placeholders) in the transaction of :meth:`Store.transaction`:
its cursor (``rowcount``, ``fetchone()``, ``fetchall()``; :func:`~eighthalf.server.storage.postgres.rows_of`)."""


class StoreError(Exception):
    """The store cannot do what was asked (a database it cannot open or read, a move out of order)."""


class MoveConflict(StoreError):
    """A move out of order: the table has no move ``number - 1``, or already a move ``number``
    (another process committed that move first)."""


class LeaseLost(StoreError):
    """A move made by a process that does not hold the table's lease (another process drives it now)."""


@attrs.frozen(kw_only=True)
class StoredTable:
    """A table as stored: its set-up record, its settings, the seats taken and the moves."""

    id: str
    """The table's id."""
    game: str
    """The served game's name."""
    record: str
    """The record text of the table's set-up (no moves; the finished game's is ``finished``)."""
    settings: dict[str, Any]
    """The table's settings that are not in the record (bots, time per move), as JSON."""
    created: float
    """When the table was made (seconds since the epoch)."""
    finished: str | None = None
    """The finished record's text, once the game is over."""
    seats: tuple[tuple[int, str, str], ...] = ()
    """The seats taken by people: (seat, name, SHA-256 of the token in hex)."""
    moves: tuple[str, ...] = ()
    """The moves made, in the game's notation."""
    summary: dict[str, Any] | None = None
    """A finished table's public summary as stored when it finished (``None`` before, or when
    a layout-1 database finished it)."""
    touched: float | None = None
    """When a person last touched the table: made it, took a seat or moved (seconds since
    the epoch; ``None``: when it was made)."""
    moved: float | None = None
    """When its last move was committed (seconds since the epoch; ``None``: no move yet, or
    only moves stored by a layout older than 3): with :attr:`touched`, when the turn of the
    seat to move began, so that a clock runs on across restarts."""


@attrs.frozen
class RematchState:
    """Where a finished table's rematch stands: the seats that agreed, and the table it made once every person agreed."""

    agreed: tuple[int, ...] = ()
    """The seats whose person asked for another game, in seat order (bots agree without asking)."""
    table: str | None = None
    """The id of the table the rematch made, or ``None`` while a person has not agreed yet."""


REMATCH_OUTCOMES: Final = ("agreed", "withdrawn", "made", "rematched", "already-agreed", "not-agreed")
"""What a rematch vote did (:meth:`Store.vote_rematch`): counted, withdrawn, the last one that
made the new table; or nothing, since the table was rematched already, the seat had agreed
already, or had not agreed (a withdrawal)."""


@attrs.frozen
class Listed:
    """A table as the paged list sees it, newest first (:meth:`Store.list_tables`)."""

    id: str
    """The table's id."""
    created: float
    """When it was made: with :attr:`id`, the list's order and cursor."""
    finished: bool
    """Whether its game is over."""
    summary: dict[str, Any] | None
    """Its stored summary, if it finished (and the summary was stored)."""


class Store(Protocol):
    """What the server needs of its storage. Every method commits before it returns.

    A *shared* store (PostgreSQL) may be served by several server processes at once: each
    table is driven (its bots, its clock) by the one process that holds its *lease*
    (:meth:`take_lease`, :meth:`leases`), and every change is told to every process
    (:meth:`listen`). A store that is not shared (SQLite) is served by one process, which
    holds every lease.
    """

    @property
    def shared(self) -> bool:
        """Whether several server processes may serve this store at once."""
        ...

    def create_table(self, table: StoredTable) -> None:
        """Store a new table (its seats and moves are empty)."""
        ...

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
        """Give ``seat`` to a person, if no one has it: True if it was given (and the table
        counts as touched ``when``, if given); with ``account`` (the key of a signed-in
        person's account), the seat is that account's, and is not given if the account holds
        another seat of the table."""
        ...

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
        """Append move ``number`` (from 1) to the table's log; with ``finished``, the move ends
        the game and ``finished`` is its record, stored in the same transaction with the
        table's final public ``summary`` and whatever ``then`` writes (a rated table's
        ratings: it is called with the transaction's :data:`Execute`, and an error it raises
        undoes the move too); with ``touched`` (a person's move), the table
        counts as touched then; with ``driver`` (a move the server made: a bot's, or a
        person's whose time ran out), only if the process ``driver`` holds the table's lease,
        and a shared store records that it drove the move.

        Raises:
            MoveConflict: If the table has no move ``number - 1`` or already a move ``number``.
            LeaseLost: If ``driver`` does not hold the table's lease (a shared store).
            StoreError: If the database does not answer or refuses the write (it restarts, or
                another program locks it); nothing is stored.
        """
        ...

    def finish(self, table_id: str, record: str, summary: dict[str, Any] | None = None) -> None:
        """Store the finished record (and the final summary) of a table whose game is over."""
        ...

    def set_summary(self, table_id: str, summary: dict[str, Any]) -> None:
        """Store the final summary of a finished table (one finished by a layout-1 database)."""
        ...

    def list_tables(
        self,
        *,
        limit: int,
        before: tuple[float, str] | None = None,
        game: str | None = None,
        finished: bool | None = None,
    ) -> list[Listed]:
        """At most ``limit`` tables, newest first (by creation, then id), made before the
        ``before`` (created, id) cursor, of ``game`` and finished or not, if given."""
        ...

    def load(self, table_id: str, *, after: int = 0) -> StoredTable | None:
        """The table of that id, with its seats and moves, or ``None``; with ``after``, only
        the moves after the first ``after`` are read (``moves`` then holds the moves ``after +
        1`` on: what a process holding the first ``after`` lacks)."""
        ...

    def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """The ids of every table (or of those whose game goes on), oldest first."""
        ...

    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take or renew the lease of one table for the process ``owner``, for ``seconds``,
        if no other process holds it unexpired: whether ``owner`` holds it now."""
        ...

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
        """Count the rematch vote of ``seat`` of the finished table ``table_id`` (``token_hash``:
        the hash of the seat's token at the new table; ``None``: the vote withdrawn), in one
        transaction: once every seat of ``people`` agreed, the new table ``child`` is stored with
        each person at their seat of ``seating`` (old seat, new seat: their name, the token of
        their vote) and recorded as the table's rematch, exactly once whichever processes the
        votes came through. What the vote did (one of :data:`REMATCH_OUTCOMES`) and where the
        rematch stands then; a shared store tells every process ``{"table", "rematch":
        {"agreed", "table"}}`` of a vote that changed something.

        Raises:
            StoreError: If the database does not answer; nothing is stored.
        """
        ...

    def rematch_state(self, table_id: str) -> RematchState:
        """Where the rematch of the table ``table_id`` stands (no vote: nobody agreed)."""
        ...

    def leases(self, owner: str, seconds: float) -> list[str]:
        """Renew every lease ``owner`` holds and take every lease of a table in play that no
        process holds unexpired, for ``seconds``, in one statement: the ids of the tables in
        play whose lease ``owner`` holds now (a store that is not shared: all of them)."""
        ...

    def release_leases(self, owner: str) -> None:
        """Give up every lease ``owner`` holds (the process stops): others may take them at once."""
        ...

    def listen(self, changed: Callable[[dict[str, Any]], None]) -> None:
        """Call ``changed``, from a thread of its own, with each change committed to a shared
        store by any process: ``{"table", "number", "move", "driven", "touched"}`` for a move,
        ``{"table", "seat", "name", "token_hash", "touched"}`` for a seat taken,
        ``{"table", "finished": True}`` for a table ended as abandoned, ``{"table", "rematch":
        {"agreed", "table"}}`` for a rematch vote (:meth:`vote_rematch`), and ``{"resync": True}``
        when changes may have been missed (a lost connection to the database, listening
        again). Until :meth:`close`. A store that is not shared calls it never.
        """
        ...

    def check(self) -> None:
        """Ask the database a trivial question (the server's readiness check).

        Raises:
            StoreError: If it does not answer.
        """
        ...

    def transaction(self) -> contextlib.AbstractContextManager[Statement]:
        """One unit of work (of the queue, the judgements, the webhooks, the accounts): what the
        :data:`Statement` it gives runs is one transaction, committed on leaving, rolled back on an
        error. SQLite's holds the store's lock, which is not reentrant: read what the work needs
        before it (inside, the store refuses). PostgreSQL's is on the worker threads' connection.

        Raises:
            StoreError: If the database refuses (a broken unique key too) or cannot be reached.
        """
        ...

    def close(self) -> None:
        """Close the store."""
        ...


REMATCH_SQL: Final = {
    "made": "SELECT rematch FROM rematches WHERE table_id = ?",
    "withdraw": "DELETE FROM rematch_votes WHERE table_id = ? AND seat = ?",
    "vote": "INSERT INTO rematch_votes (table_id, seat, token_hash) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    "votes": "SELECT seat FROM rematch_votes WHERE table_id = ? ORDER BY seat",
    "seat": "INSERT INTO seats (table_id, seat, name, token_hash, account) SELECT ?, ?, s.name, v.token_hash, s.account"
    " FROM seats s JOIN rematch_votes v ON v.table_id = s.table_id AND v.seat = s.seat"
    " WHERE s.table_id = ? AND s.seat = ?",
    "rematch": "INSERT INTO rematches (table_id, rematch) VALUES (?, ?)",
}
"""The statements of a rematch vote that both stores run (SQLite's placeholders; PostgreSQL's store writes ``%s``)."""


INSERT_TABLE: Final = "INSERT INTO tables (id, game, record, settings, created, touched) VALUES (?, ?, ?, ?, ?, ?)"
"""How both stores write a new table (SQLite's placeholders), with :func:`table_row`'s values."""


def table_row(table: StoredTable) -> tuple[Any, ...]:
    """The values of :data:`INSERT_TABLE` for ``table`` (touched when made, unless it says otherwise)."""
    touched = table.created if table.touched is None else table.touched
    return (table.id, table.game, table.record, json.dumps(table.settings), table.created, touched)


def json_text(value: dict[str, Any] | None) -> str | None:
    """A stored summary as the database holds it: compact JSON text (``None`` stays ``None``)."""
    return None if value is None else json.dumps(value, ensure_ascii=False, separators=(",", ":"))


LOAD_TABLE: Final = "SELECT id, game, record, settings, created, finished, summary, touched FROM tables WHERE id = ?"
"""The table's row that :meth:`Store.load` reads, in SQLite's placeholders (``?``; PostgreSQL's store writes ``%s``)."""
LOAD_SEATS: Final = "SELECT seat, name, token_hash FROM seats WHERE table_id = ? ORDER BY seat"
"""The table's seats that :meth:`Store.load` reads, in seat order."""
LOAD_MOVES: Final = "SELECT move FROM moves WHERE table_id = ? AND number > ? ORDER BY number"
"""The table's moves that :meth:`Store.load` reads, in order, after the first so many (its ``after``)."""
LAST_MADE: Final = "SELECT max(made) FROM moves WHERE table_id = ?"
"""When the table's last move was committed (:attr:`StoredTable.moved`), as :meth:`Store.load` reads it."""


def list_query(
    limit: int, before: tuple[float, str] | None, game: str | None, finished: bool | None
) -> tuple[str, tuple[Any, ...]]:
    """The query of :meth:`Store.list_tables` and its parameters, in SQLite's placeholders."""
    where: list[str] = []
    parameters: list[Any] = []
    if before is not None:
        where.append("(created < ? OR (created = ? AND id < ?))")
        parameters += [before[0], before[0], before[1]]
    if game is not None:
        where.append("game = ?")
        parameters.append(game)
    if finished is not None:
        where.append("finished IS NOT NULL" if finished else "finished IS NULL")
    clause = f" WHERE {' AND '.join(where)}" if where else ""
    sql = (
        f"SELECT id, created, finished IS NOT NULL, summary FROM tables{clause} ORDER BY created DESC, id DESC LIMIT ?"
    )
    return sql, (*parameters, limit)


def listed(rows: list[Any]) -> list[Listed]:
    """The rows of :func:`list_query` as :class:`Listed` tables."""
    return [
        Listed(table_id, created, bool(over), None if summary is None else json.loads(summary))
        for table_id, created, over, summary in rows
    ]


def stored_table(row: Any, seats: list[Any], moves: list[Any], moved: float | None = None) -> StoredTable:
    """A :class:`StoredTable` from the rows of :data:`LOAD_TABLE`, :data:`LOAD_SEATS` and
    :data:`LOAD_MOVES`, and the value of :data:`LAST_MADE`."""
    return StoredTable(
        id=row[0],
        game=row[1],
        record=row[2],
        settings=json.loads(row[3]),
        created=row[4],
        finished=row[5],
        seats=tuple((seat, name, token_hash) for seat, name, token_hash in seats),
        moves=tuple(move for (move,) in moves),
        summary=None if row[6] is None else json.loads(row[6]),
        touched=row[7],
        moved=moved,
    )


def rematch_read(execute: Callable[..., Any], table_id: str, placeholder: str = "?") -> RematchState:
    """Where the rematch of ``table_id`` stands, read with ``execute`` (a connection's, in its transaction)."""
    made = execute(REMATCH_SQL["made"].replace("?", placeholder), (table_id,)).fetchone()
    votes = execute(REMATCH_SQL["votes"].replace("?", placeholder), (table_id,)).fetchall()
    return RematchState(tuple(each for (each,) in votes), None if made is None else made[0])


def count_rematch_vote(
    run: Statement,
    table_id: str,
    seat: int,
    token_hash: str | None,
    *,
    people: tuple[int, ...],
    child: StoredTable,
    seating: tuple[tuple[int, int], ...],
) -> str:
    """Count the vote of :meth:`Store.vote_rematch`'s arguments with ``run``, in the vote's transaction
    (the table's votes put in order): what it did (:data:`REMATCH_OUTCOMES`; ``"made"``: the new table written)."""
    if run(REMATCH_SQL["made"], (table_id,)).fetchone() is not None:
        return "rematched"
    if token_hash is None:
        gone = run(REMATCH_SQL["withdraw"], (table_id, seat)).rowcount
        return "withdrawn" if gone == 1 else "not-agreed"
    if run(REMATCH_SQL["vote"], (table_id, seat, token_hash)).rowcount != 1:
        return "already-agreed"
    agreed = {each for (each,) in run(REMATCH_SQL["votes"], (table_id,)).fetchall()}
    if not set(people) <= agreed:
        return "agreed"
    run(INSERT_TABLE, table_row(child))
    for old, new in seating:
        run(REMATCH_SQL["seat"], (child.id, new, table_id, old))
    run(REMATCH_SQL["rematch"], (table_id, child.id))
    return "made"


def _where(path: str) -> str:
    """Why the SQLite file ``path`` could not be opened, when its place says: its folder is
    missing, or it is a folder itself (``""`` otherwise)."""
    folder = os.path.dirname(os.path.abspath(path))
    if path != ":memory:" and not os.path.isdir(folder):
        return f" (no folder {folder})"
    return " (it is a folder)" if os.path.isdir(path) else ""


class SQLiteStore:
    """A :class:`Store` in one SQLite database file (or ``":memory:"``).

    Args:
        path: The database file, created with its tables on first use, or ``":memory:"``.
        synchronous: ``"normal"`` (commits survive a killed process) or ``"full"`` (and a
            power cut).

    Raises:
        StoreError: If the file cannot be opened as a database of this layout.
    """

    def __init__(self, path: str, *, synchronous: str = "normal") -> None:
        if synchronous not in ("normal", "full"):
            raise StoreError(f"synchronous must be 'normal' or 'full', not {synchronous!r}")
        self.path = path
        self.shared = False
        """A SQLite database is served by one process (see :meth:`Store.shared`)."""
        self._lock = threading.Lock()
        self._holder: int | None = None  # the thread that holds the lock (see _locked)
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate(path)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the database {path}: {error}{_where(path)}") from None

    def _migrate(self, path: str) -> None:
        """Create the layout, or bring an older one up to :data:`SCHEMA_VERSION`, in one transaction."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if not 0 <= version <= SCHEMA_VERSION:
            raise StoreError(f"{path}: a database of layout {version}, newer than this release's {SCHEMA_VERSION}")
        if version == SCHEMA_VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            if version == 0:  # new, or a file of another program: CREATE ... IF NOT EXISTS keeps what is there
                statements = SQLITE_SCHEMA + SQLITE_NEW_IN_3
            else:
                statements = "".join(SQLITE_MIGRATIONS[step] for step in range(version, SCHEMA_VERSION)) + SQLITE_SCHEMA
            for statement in filter(str.strip, statements.split(";")):
                self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # not when BEGIN itself failed
                self._db.execute("ROLLBACK")
            raise

    @contextlib.contextmanager
    def _locked(self) -> Iterator[sqlite3.Connection]:
        """The connection under the store's lock, which is not reentrant: a thread holding it that asks again is refused."""
        if self._holder == threading.get_ident():
            raise StoreError(f"the database {self.path}: asked inside its own transaction (read before it)")
        with self._lock:
            self._holder = threading.get_ident()
            try:
                yield self._db
            finally:
                self._holder = None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Statement]:
        """See :meth:`Store.transaction` (``BEGIN IMMEDIATE``: the database's write lock, one writer at a time)."""
        with self._locked() as db:
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db.execute
                db.execute("COMMIT")
            except BaseException as error:
                with contextlib.suppress(sqlite3.ProgrammingError):  # a closed database: nothing to undo
                    if db.in_transaction:  # not when BEGIN itself failed (the file locked by another program)
                        db.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise StoreError(f"the database {self.path}: {error}") from None
                raise

    def _write(self, sql: str, parameters: tuple[Any, ...]) -> int:
        with self._locked():
            try:
                return self._db.execute(sql, parameters).rowcount
            except sqlite3.IntegrityError as error:
                raise StoreError(str(error)) from None
            except sqlite3.Error as error:  # locked by another program, or the disk failed
                raise StoreError(f"the database {self.path}: {error}") from None

    def create_table(self, table: StoredTable) -> None:
        """See :meth:`Store.create_table`."""
        self._write(INSERT_TABLE, table_row(table))

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
        """See :meth:`Store.take_seat` (the seat and the account are unique keys: a conflict with either gives nothing)."""
        taken = (
            self._write(
                "INSERT OR IGNORE INTO seats (table_id, seat, name, token_hash, account) VALUES (?, ?, ?, ?, ?)",
                (table_id, seat, name, token_hash, account),
            )
            == 1
        )
        if taken and when is not None:
            self._write("UPDATE tables SET touched = ? WHERE id = ?", (when, table_id))
        return taken

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
        """See :meth:`Store.add_move` (one process holds every lease: ``driver`` is not checked)."""
        with self.transaction() as run:
            inserted = run(  # only as the move after the last one stored
                "INSERT INTO moves (table_id, number, move, made) SELECT ?, ?, ?, ? WHERE"
                " (SELECT coalesce(max(number), 0) FROM moves WHERE table_id = ?) = ?",
                (table_id, number, move, time.time(), table_id, number - 1),
            ).rowcount
            if inserted != 1:
                (count,) = run("SELECT coalesce(max(number), 0) FROM moves WHERE table_id = ?", (table_id,)).fetchone()
                raise MoveConflict(f"table {table_id}: move {number} follows move {count}")
            if finished is not None:
                run(
                    "UPDATE tables SET finished = ?, summary = ?, touched = coalesce(?, touched) WHERE id = ?",
                    (finished, json_text(summary), touched, table_id),
                )
                if then is not None:
                    then(lambda sql, parameters: run(sql, parameters).fetchall())
            elif touched is not None:
                run("UPDATE tables SET touched = ? WHERE id = ?", (touched, table_id))

    def finish(self, table_id: str, record: str, summary: dict[str, Any] | None = None) -> None:
        """See :meth:`Store.finish`."""
        self._write("UPDATE tables SET finished = ?, summary = ? WHERE id = ?", (record, json_text(summary), table_id))

    def set_summary(self, table_id: str, summary: dict[str, Any]) -> None:
        """See :meth:`Store.set_summary`."""
        self._write(
            "UPDATE tables SET summary = ? WHERE id = ? AND finished IS NOT NULL", (json_text(summary), table_id)
        )

    def list_tables(
        self,
        *,
        limit: int,
        before: tuple[float, str] | None = None,
        game: str | None = None,
        finished: bool | None = None,
    ) -> list[Listed]:
        """See :meth:`Store.list_tables`."""
        sql, parameters = list_query(limit, before, game, finished)
        with self._locked():
            return listed(self._db.execute(sql, parameters).fetchall())

    def load(self, table_id: str, *, after: int = 0) -> StoredTable | None:
        """See :meth:`Store.load`."""
        with self._locked():
            row = self._db.execute(LOAD_TABLE, (table_id,)).fetchone()
            if row is None:
                return None
            seats = self._db.execute(LOAD_SEATS, (table_id,)).fetchall()
            moves = self._db.execute(LOAD_MOVES, (table_id, after)).fetchall()
            (moved,) = self._db.execute(LAST_MADE, (table_id,)).fetchone()
        return stored_table(row, seats, moves, moved)

    def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """See :meth:`Store.table_ids`."""
        where = " WHERE finished IS NULL" if unfinished else ""
        with self._locked():
            return [table_id for (table_id,) in self._db.execute(f"SELECT id FROM tables{where} ORDER BY created, id")]

    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """See :meth:`Store.take_lease`: one process serves a SQLite database, and holds every lease."""
        return True

    def leases(self, owner: str, seconds: float) -> list[str]:
        """See :meth:`Store.leases`: every table in play (one process serves a SQLite database)."""
        return self.table_ids(unfinished=True)

    def release_leases(self, owner: str) -> None:
        """See :meth:`Store.release_leases` (nothing to give up: no other process serves the file)."""

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
        """See :meth:`Store.vote_rematch` (under the database's write lock: one vote at a time)."""
        with self.transaction() as run:
            outcome = count_rematch_vote(run, table_id, seat, token_hash, people=people, child=child, seating=seating)
            return outcome, rematch_read(run, table_id)

    def rematch_state(self, table_id: str) -> RematchState:
        """See :meth:`Store.rematch_state`."""
        with self._locked():
            return rematch_read(self._db.execute, table_id)

    def listen(self, changed: Callable[[dict[str, Any]], None]) -> None:
        """See :meth:`Store.listen`: no other process changes a SQLite database, so ``changed`` is never called."""

    def check(self) -> None:
        """See :meth:`Store.check`."""
        with self._locked():
            try:
                self._db.execute("SELECT count(*) FROM tables WHERE id = ''").fetchone()
            except sqlite3.Error as error:
                raise StoreError(f"the database {self.path} does not answer: {error}") from None

    def close(self) -> None:
        """See :meth:`Store.close`."""
        with self._locked():
            self._db.close()
