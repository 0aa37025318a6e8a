"""Accounts, sessions and ratings in the server's database, on either store.

The tables are those of layout 3 (:data:`~eighthalf.server.storage.layout.ACCOUNTS_LAYOUT`).
:func:`transaction` gives one transaction of a store as an
:data:`~eighthalf.server.storage.store.Execute`; the functions here that take an ``execute``
run inside whichever transaction holds it, so that a rated game's ratings are written in the
very transaction that records the game's end (:meth:`Store.add_move
<eighthalf.server.storage.store.Store.add_move>`'s ``then``). :class:`Accounts` is the rest:
the accounts, their sessions, and what the player's page and the leaderboard read.

This module knows nothing of passphrases or of the rating model: it stores what it is given.

>>> from eighthalf.server.storage.store import SQLiteStore
>>> accounts = Accounts(SQLiteStore(":memory:"))
>>> accounts.create(Account("anna", "Anna", "$argon2id$...", 1.0))
True
>>> accounts.create(Account("anna", "ANNA", "$argon2id$...", 2.0))
False
>>> accounts.get("anna").name
'Anna'
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from typing import Any, Final

import attrs

from eighthalf.server.storage.postgres import PostgresStore, rows_of
from eighthalf.server.storage.store import Execute, SQLiteStore, Store, StoreError

__all__ = [
    "Account",
    "Accounts",
    "PlayedGame",
    "StoredRating",
    "read_ratings",
    "seat_accounts",
    "transaction",
    "write_rated",
    "write_rating",
]


@attrs.frozen
class Account:
    """An account as stored."""

    key: str
    """Its name folded (NFKC, casefold): the account's identity."""
    name: str
    """Its name as the person wrote it."""
    passphrase: str
    """The Argon2id hash of its passphrase (in the ``$argon2id$...`` text form)."""
    created: float
    """When it was made (seconds since the epoch)."""
    disabled: bool = False
    """Whether the operator disabled it: it cannot sign in, and its sessions are ended."""


@attrs.frozen
class StoredRating:
    """One player's rating in one kind of play."""

    player: str
    """An account's key, or a bot's ``<name> (bot)``."""
    kind: str
    """The kind of play (:data:`eighthalf.server.players.model.KINDS`)."""
    mu: float
    """The model's mean."""
    sigma: float
    """The model's uncertainty."""
    games: int
    """Rated games played."""
    wins: int
    """Rated games won (the first place, alone or shared)."""
    shown: float
    """The conservative rating shown: ``mu - 3 * sigma``."""
    updated: float
    """When it last changed (seconds since the epoch)."""


@attrs.frozen
class PlayedGame:
    """A finished table at which an account held a seat, newest first (:meth:`Accounts.games`)."""

    table_id: str
    """The table."""
    game: str
    """Its game."""
    created: float
    """When it was made."""
    seat: int
    """The account's seat."""
    summary: dict[str, Any] | None
    """The table's stored summary."""
    kind: str | None
    """The kind of play, if the game was rated."""
    place: int | None
    """The account's place, if rated (1: first; equal places share a number)."""
    before: float | None
    """The shown rating before the game, if rated."""
    after: float | None
    """The shown rating after it, if rated."""


_RATING: Final = "SELECT player, kind, mu, sigma, games, wins, shown, updated FROM ratings"


def read_ratings(execute: Execute, players: Sequence[str], kind: str) -> dict[str, StoredRating]:
    """The ratings of ``players`` in ``kind`` that are stored (a player without one is missing), in one statement."""
    wanted = list(dict.fromkeys(players))
    if not wanted:
        return {}
    marks = ", ".join("?" for _ in wanted)
    rows = execute(f"{_RATING} WHERE kind = ? AND player IN ({marks})", (kind, *wanted))
    return {row[0]: StoredRating(*row) for row in rows}


def write_rating(execute: Execute, rating: StoredRating) -> None:
    """Store ``rating`` (a new row, or the player's row of that kind replaced)."""
    execute(
        "INSERT INTO ratings (player, kind, mu, sigma, games, wins, shown, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (player, kind) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
        " wins = excluded.wins, shown = excluded.shown, updated = excluded.updated",
        attrs.astuple(rating),
    )


def write_rated(
    execute: Execute, table_id: str, player: str, kind: str, place: int, won: bool, before: float, after: float
) -> None:
    """Record ``player``'s place and rating change at the rated table ``table_id``.

    Raises:
        StoreError: If the table's end was rated for that player already (the key of
            ``rated_games``: a rated end is written once, and a second one is undone).
    """
    execute(
        "INSERT INTO rated_games (table_id, player, kind, place, won, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (table_id, player, kind, place, int(won), before, after),
    )


def seat_accounts(execute: Execute, table_id: str) -> dict[int, str]:
    """The account of each seat of ``table_id`` that a signed-in person took."""
    rows = execute("SELECT seat, account FROM seats WHERE table_id = ? AND account IS NOT NULL", (table_id,))
    return {seat: account for seat, account in rows}


@contextlib.contextmanager
def transaction(store: Store) -> Iterator[Execute]:
    """One transaction of ``store`` (committed on leaving, rolled back on an error), as an
    :data:`~eighthalf.server.storage.store.Execute` in SQLite's placeholders.

    Raises:
        StoreError: If the database refuses (a broken unique key too) or cannot be reached,
            or ``store`` is of neither kind.
    """
    if not isinstance(store, (SQLiteStore, PostgresStore)):
        raise StoreError(f"no accounts in a store of type {type(store).__name__}")
    with store.transaction() as run:
        yield lambda sql, parameters: rows_of(run(sql, parameters))


_ACCOUNT: Final = "SELECT key, name, passphrase, created, disabled FROM accounts"


def _account(row: Any) -> Account:
    return Account(row[0], row[1], row[2], row[3], bool(row[4]))


class Accounts:
    """The accounts, sessions and ratings of ``store``'s database.

    Args:
        store: A :class:`~eighthalf.server.storage.store.SQLiteStore` or a
            :class:`~eighthalf.server.storage.postgres.PostgresStore` (its layout 3 made).
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    def _run(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        with transaction(self.store) as execute:
            return execute(sql, parameters)

    def create(self, account: Account) -> bool:
        """Store a new account: ``False`` if an account of that key exists (nothing changes)."""
        made = self._run(
            "INSERT INTO accounts (key, name, passphrase, created, disabled) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING RETURNING key",
            (account.key, account.name, account.passphrase, account.created, int(account.disabled)),
        )
        return bool(made)

    def get(self, key: str) -> Account | None:
        """The account of ``key``, or ``None``."""
        rows = self._run(f"{_ACCOUNT} WHERE key = ?", (key,))
        return _account(rows[0]) if rows else None

    def all(self) -> list[Account]:
        """Every account, by key."""
        return [_account(row) for row in self._run(f"{_ACCOUNT} ORDER BY key")]

    def set_passphrase(self, key: str, passphrase: str) -> bool:
        """Replace the account's passphrase hash and end all its sessions: ``False`` if there is no such account."""
        with transaction(self.store) as execute:
            if not execute("SELECT 1 FROM accounts WHERE key = ?", (key,)):
                return False
            execute("UPDATE accounts SET passphrase = ? WHERE key = ?", (passphrase, key))
            execute("DELETE FROM sessions WHERE account = ?", (key,))
        return True

    def set_disabled(self, key: str, disabled: bool) -> bool:
        """Disable (ending all its sessions) or enable the account: ``False`` if there is no such account."""
        with transaction(self.store) as execute:
            if not execute("SELECT 1 FROM accounts WHERE key = ?", (key,)):
                return False
            execute("UPDATE accounts SET disabled = ? WHERE key = ?", (int(disabled), key))
            if disabled:
                execute("DELETE FROM sessions WHERE account = ?", (key,))
        return True

    def delete(self, key: str) -> bool:
        """Delete the account, its sessions, ratings and rated places; its seats stay, as a
        guest's (the name is free again): ``False`` if there is no such account."""
        with transaction(self.store) as execute:
            if not execute("SELECT 1 FROM accounts WHERE key = ?", (key,)):
                return False
            execute("DELETE FROM sessions WHERE account = ?", (key,))
            execute("DELETE FROM ratings WHERE player = ?", (key,))
            execute("DELETE FROM rated_games WHERE player = ?", (key,))
            execute("UPDATE seats SET account = NULL WHERE account = ?", (key,))
            execute("DELETE FROM accounts WHERE key = ?", (key,))
        return True

    def add_session(self, token_hash: str, key: str, created: float, expires: float) -> None:
        """Store a new session of the account ``key`` (only its token's hash), valid until ``expires``."""
        self._run(
            "INSERT INTO sessions (token_hash, account, created, expires) VALUES (?, ?, ?, ?)",
            (token_hash, key, created, expires),
        )

    def session(self, token_hash: str, now: float) -> Account | None:
        """The account of the session whose token has that hash, if it is valid ``now`` (not
        expired, not ended, its account not disabled), else ``None``."""
        rows = self._run(
            "SELECT a.key, a.name, a.passphrase, a.created, a.disabled FROM sessions s JOIN accounts a"
            " ON a.key = s.account WHERE s.token_hash = ? AND s.expires > ? AND a.disabled = 0",
            (token_hash, now),
        )
        return _account(rows[0]) if rows else None

    def end_session(self, token_hash: str) -> None:
        """End one session (log out)."""
        self._run("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    def end_sessions(self, key: str, now: float | None = None) -> int:
        """End every session of the account (log out everywhere), or with ``now`` instead every
        account's sessions expired then (``key`` is not read): how many."""
        with transaction(self.store) as execute:
            where, parameters = ("account = ?", (key,)) if now is None else ("expires <= ?", (now,))
            (count,) = execute(f"SELECT count(*) FROM sessions WHERE {where}", parameters)[0]
            execute(f"DELETE FROM sessions WHERE {where}", parameters)
        return int(count)

    def seat_of(self, table_id: str, key: str) -> int | None:
        """The seat that the account holds at the table, or ``None``."""
        rows = self._run("SELECT seat FROM seats WHERE table_id = ? AND account = ?", (table_id, key))
        return int(rows[0][0]) if rows else None

    def seats_in_play(self, key: str) -> list[tuple[str, int]]:
        """The (table id, seat) of every seat the account holds at a table whose game goes on."""
        rows = self._run(
            "SELECT s.table_id, s.seat FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE s.account = ? AND t.finished IS NULL ORDER BY s.table_id",
            (key,),
        )
        return [(str(table_id), int(seat)) for table_id, seat in rows]

    def rating(self, player: str, kind: str) -> StoredRating | None:
        """The player's stored rating of ``kind``, or ``None``."""
        with transaction(self.store) as execute:
            return read_ratings(execute, [player], kind).get(player)

    def ratings_of(self, player: str) -> list[StoredRating]:
        """Every stored rating of the player, by kind."""
        return [StoredRating(*row) for row in self._run(f"{_RATING} WHERE player = ? ORDER BY kind", (player,))]

    def set_rating(self, rating: StoredRating) -> None:
        """Store ``rating`` in a transaction of its own (the bots' ladder, an import)."""
        with transaction(self.store) as execute:
            write_rating(execute, rating)

    def board(
        self, kind: str, *, limit: int, newcomers: bool, least_games: int, after: tuple[float, str] | None = None
    ) -> list[StoredRating]:
        """A page of the leaderboard of ``kind``: at most ``limit`` ratings, best shown rating
        first (then by player), after the ``(shown, player)`` cursor; the players with at
        least ``least_games`` rated games, or with ``newcomers`` those with fewer. Bots are in it too."""
        where = ["kind = ?", "games < ?" if newcomers else "games >= ?"]
        parameters: list[Any] = [kind, least_games]
        if after is not None:
            where.append("(shown < ? OR (shown = ? AND player > ?))")
            parameters += [after[0], after[0], after[1]]
        sql = f"{_RATING} WHERE {' AND '.join(where)} ORDER BY shown DESC, player LIMIT ?"
        return [StoredRating(*row) for row in self._run(sql, (*parameters, limit))]

    def ahead(self, kind: str, *, newcomers: bool, least_games: int, after: tuple[float, str] | None) -> int:
        """How many players of the leaderboard :meth:`board` lists come before the ``(shown,
        player)`` cursor ``after`` (0 without one): the first place of the page after it, less one."""
        if after is None:
            return 0
        sql = (
            f"SELECT count(*) FROM ratings WHERE kind = ? AND games {'<' if newcomers else '>='} ?"
            " AND (shown > ? OR (shown = ? AND player <= ?))"
        )
        return int(self._run(sql, (kind, least_games, after[0], after[0], after[1]))[0][0])

    def names(self, keys: Sequence[str]) -> dict[str, str]:
        """The names of the accounts of ``keys`` (a key of no account is missing)."""
        found: dict[str, str] = {}
        with transaction(self.store) as execute:
            for key in dict.fromkeys(keys):
                for (name,) in execute("SELECT name FROM accounts WHERE key = ?", (key,)):
                    found[key] = name
        return found

    def games(self, key: str, *, limit: int) -> list[PlayedGame]:
        """The finished tables at which the account held a seat, newest first, at most ``limit``."""
        rows = self._run(
            "SELECT t.id, t.game, t.created, s.seat, t.summary, r.kind, r.place, r.before, r.after FROM seats s"
            " JOIN tables t ON t.id = s.table_id LEFT JOIN rated_games r ON r.table_id = t.id AND r.player = ?"
            " WHERE s.account = ? AND t.finished IS NOT NULL ORDER BY t.created DESC, t.id DESC LIMIT ?",
            (key, key, limit),
        )
        return [
            PlayedGame(row[0], row[1], row[2], row[3], None if row[4] is None else json.loads(row[4]), *row[5:])
            for row in rows
        ]

    def export_rows(self) -> Iterator[dict[str, Any]]:
        """Every account (with its passphrase hash) and every rating, as JSON objects (``eighthalf accounts export``)."""
        for account in self.all():
            yield {"account": attrs.asdict(account)}
        for row in self._run(f"{_RATING} ORDER BY player, kind"):
            yield {"rating": attrs.asdict(StoredRating(*row))}

    def import_row(self, row: dict[str, Any]) -> None:
        """Store one object of :meth:`export_rows` (an account replaces one of its key; a rating, one of its player and kind).

        Raises:
            StoreError: If it is neither, or its fields are not those of one.
        """
        try:
            if set(row) == {"account"}:
                account = Account(**row["account"])
                with transaction(self.store) as execute:
                    execute(
                        "INSERT INTO accounts (key, name, passphrase, created, disabled) VALUES (?, ?, ?, ?, ?)"
                        " ON CONFLICT (key) DO UPDATE SET name = excluded.name, passphrase = excluded.passphrase,"
                        " created = excluded.created, disabled = excluded.disabled",
                        (account.key, account.name, account.passphrase, account.created, int(account.disabled)),
                    )
            elif set(row) == {"rating"}:
                self.set_rating(StoredRating(**row["rating"]))
            else:
                raise TypeError(f"expected an object with one key, account or rating, not {sorted(row)[:4]}")
        except TypeError as error:
            raise StoreError(f"not an exported account or rating: {error}") from None
