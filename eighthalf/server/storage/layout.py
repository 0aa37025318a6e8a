"""Tables of layout 3: accounts, their sessions, the seats they hold and the ratings; the judgements.

Both stores make them from :data:`ACCOUNTS_LAYOUT` and :data:`JUDGEMENTS_LAYOUT` (SQLite
writes ``REAL`` where they say ``DOUBLE PRECISION``): a new database with the rest of its
layout, a database of layout 2 as its migration to 3. Nothing here imports the rest of the
server.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ACCOUNTS_LAYOUT", "JUDGEMENTS_LAYOUT", "sqlite_statement"]

ACCOUNTS_LAYOUT: Final = (
    # an account: ``key`` is its name folded (NFKC, casefold), so that names differing only in
    # case are one account; ``name`` is as the person wrote it
    """CREATE TABLE IF NOT EXISTS accounts (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        passphrase TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0
    )""",
    # a session: only the SHA-256 of its cookie's token is kept
    """CREATE TABLE IF NOT EXISTS sessions (
        token_hash TEXT PRIMARY KEY,
        account TEXT NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,
        created DOUBLE PRECISION NOT NULL,
        expires DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS sessions_of ON sessions (account)",
    # the account that took a seat, if a signed-in person did; one account a table
    "ALTER TABLE seats ADD COLUMN IF NOT EXISTS account TEXT",
    "CREATE UNIQUE INDEX IF NOT EXISTS seats_account ON seats (table_id, account) WHERE account IS NOT NULL",
    "CREATE INDEX IF NOT EXISTS seats_of_account ON seats (account) WHERE account IS NOT NULL",
    # a rating: ``player`` is an account's key or a bot's ``<name> (bot)``
    """CREATE TABLE IF NOT EXISTS ratings (
        player TEXT NOT NULL,
        kind TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        shown DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player, kind)
    )""",
    "CREATE INDEX IF NOT EXISTS ratings_board ON ratings (kind, shown DESC, player)",
    # each rated game's place and change for each player: the key makes a table rated once
    """CREATE TABLE IF NOT EXISTS rated_games (
        table_id TEXT NOT NULL,
        player TEXT NOT NULL,
        kind TEXT NOT NULL,
        place INTEGER NOT NULL,
        won INTEGER NOT NULL,
        before DOUBLE PRECISION NOT NULL,
        after DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, player)
    )""",
)
"""The statements of layout 3 beyond layout 2, in PostgreSQL's spelling (:func:`sqlite_statement`
gives SQLite's)."""


JUDGEMENTS_LAYOUT: Final = (
    # a finished table's judgement (eighthalf.server.storage.judgements): its status, its claim, its document
    """CREATE TABLE IF NOT EXISTS judgements (
        table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        status TEXT NOT NULL,
        owner TEXT,
        claimed DOUBLE PRECISION,
        done INTEGER NOT NULL DEFAULT 0,
        total INTEGER NOT NULL DEFAULT 0,
        runs INTEGER NOT NULL DEFAULT 0,
        document TEXT,
        error TEXT,
        updated DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS judgements_waiting ON judgements (status, updated)",
)
"""The table of the finished tables' judgements (:mod:`eighthalf.server.storage.judgements`), in
PostgreSQL's spelling. An earlier release made it when it first opened a database of layout 2,
so it may be there already: each statement may run again."""


def sqlite_statement(statement: str) -> str:
    """``statement`` of :data:`ACCOUNTS_LAYOUT` as SQLite writes it (``REAL`` for ``DOUBLE
    PRECISION``; its ``ALTER TABLE`` has no ``IF NOT EXISTS``: it runs once, in the migration)."""
    return statement.replace("DOUBLE PRECISION", "REAL").replace("ADD COLUMN IF NOT EXISTS", "ADD COLUMN")
