"""The layout of the server's database (:data:`~eighthalf.server.storage.store.SCHEMA_VERSION` 3).

SQLite's whole layout (:data:`SQLITE_SCHEMA`, :data:`SQLITE_NEW_IN_3`) and its migrations
(:data:`SQLITE_MIGRATIONS`); and what layout 3 adds on both stores: move times and webhooks
(:data:`LAYOUT_3`), the queue (:data:`QUEUE_SCHEMA`), accounts, their sessions, the seats
they hold and the ratings (:data:`ACCOUNTS_LAYOUT`), and the judgements
(:data:`JUDGEMENTS_LAYOUT`). PostgreSQL's own spelling of layout 2 is in
:mod:`eighthalf.server.storage.postgres`. SQLite writes ``REAL`` where these say ``DOUBLE
PRECISION``. Nothing here imports the rest of the server.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ACCOUNTS_LAYOUT",
    "JUDGEMENTS_LAYOUT",
    "LAYOUT_3",
    "QUEUE_SCHEMA",
    "SQLITE_MIGRATIONS",
    "SQLITE_NEW_IN_3",
    "SQLITE_SCHEMA",
    "sqlite_statement",
]

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


QUEUE_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS queue (
    ticket TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    size INTEGER NOT NULL,
    name TEXT NOT NULL,
    rating REAL NOT NULL,
    since REAL NOT NULL,
    owner TEXT NOT NULL,
    seen REAL NOT NULL,
    token_hash TEXT NOT NULL,
    table_id TEXT,
    seat INTEGER
);
CREATE INDEX IF NOT EXISTS queue_waiting ON queue (kind, size, since) WHERE table_id IS NULL;
CREATE INDEX IF NOT EXISTS queue_owner ON queue (owner);
"""
"""The queue of "Play now" (:mod:`eighthalf.server.storage.queue`), the migration from layout 2
to 3 on both stores (PostgreSQL's writes ``DOUBLE PRECISION`` for ``REAL``): a row a person
waiting (``table_id`` null) or seated by the queue and not yet told (``table_id``, ``seat``)."""

LAYOUT_3: Final = (
    "ALTER TABLE moves ADD COLUMN made DOUBLE PRECISION",
    """CREATE TABLE IF NOT EXISTS webhooks (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    id TEXT NOT NULL UNIQUE,
    url TEXT NOT NULL,
    secret TEXT NOT NULL,
    base TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat)
)""",
)
"""What layout 3 adds to layout 2, on both stores: the time each move was committed
(``moves.made``, seconds since the epoch; ``NULL`` for the moves of an older layout), from
which a clock's deadline is worked out again after a restart, and the table ``webhooks``:
one address per seat (:mod:`eighthalf.server.storage.webhooks`), with the secret that signs
its deliveries and the server's address (``base``) its table links start with."""

SQLITE_SCHEMA: Final = (
    """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    record TEXT NOT NULL,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    finished TEXT,
    summary TEXT,
    touched REAL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    made DOUBLE PRECISION,
    PRIMARY KEY (table_id, number)
);
CREATE INDEX IF NOT EXISTS tables_newest ON tables (created DESC, id DESC);
CREATE INDEX IF NOT EXISTS tables_live ON tables (created, id) WHERE finished IS NULL;
CREATE TABLE IF NOT EXISTS rematch_votes (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS rematches (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    rematch TEXT NOT NULL REFERENCES tables(id)
);
"""
    + LAYOUT_3[1]
    + ";"
)
"""The tables of a SQLite database, as :class:`~eighthalf.server.storage.store.SQLiteStore` makes
them (``CREATE ... IF NOT EXISTS``): layout 3 but for :data:`SQLITE_NEW_IN_3`."""

SQLITE_NEW_IN_3: Final = QUEUE_SCHEMA + "".join(
    sqlite_statement(statement) + ";" for statement in (*ACCOUNTS_LAYOUT, *JUDGEMENTS_LAYOUT)
)
"""What layout 3 makes that a new SQLite database's :data:`SQLITE_SCHEMA` does not: the queue, the
accounts, the ratings and the judgements."""

SQLITE_MIGRATIONS: Final = {
    # the tables of a layout-1 database count as touched when it is brought up to date: none
    # is abandoned for the time it spent under the older release
    1: "ALTER TABLE tables ADD COLUMN summary TEXT; ALTER TABLE tables ADD COLUMN touched REAL; "
    "UPDATE tables SET touched = CAST(strftime('%s', 'now') AS REAL);",
    2: "".join(f"{statement};" for statement in LAYOUT_3) + SQLITE_NEW_IN_3,
}
"""The statements that take a SQLite database of layout ``n`` to layout ``n + 1`` (then
:data:`SQLITE_SCHEMA` adds what is missing: the indexes)."""
