"""The operator's commands for accounts and ratings: ``eighthalf accounts ...`` and ``eighthalf ratings ...``.

The server sends no mail, so a forgotten passphrase is reset by the operator:

- ``eighthalf accounts list --db DB``: every account, its state and its ratings' games;
- ``eighthalf accounts reset-passphrase NAME --db DB``: a new passphrase, read from standard
  input when it is not a terminal (one line), else asked twice without echo; never from the
  command line, where other users of the machine could read it. Every session of the account ends;
- ``eighthalf accounts disable|enable|delete NAME --db DB``: a disabled account cannot sign in
  and its sessions end; a deleted one loses its ratings, and its seats stay as a guest's;
- ``eighthalf accounts export --db DB > accounts.jsonl`` and ``import --db DB < accounts.jsonl``:
  the accounts (with their passphrases' hashes) and the ratings as JSON lines, to move them
  between stores (SQLite and PostgreSQL);
- ``eighthalf ratings ladder --kind KIND --games N [--bots a,b] --db DB``: the bots' ladder
  (:mod:`eighthalf.server.players.ladder`); ``eighthalf ratings bots --kind KIND --db DB`` shows
  the bots' stored ratings.

A command run while a server serves the same SQLite file waits for its write lock; a
PostgreSQL database may be changed while served.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from typing import Any, TextIO

from eighthalf.server import extra_missing

__all__ = ["add_accounts_commands"]


def _store(db: str) -> Any:
    from eighthalf.server.storage.postgres import PostgresStore, is_postgresql_url
    from eighthalf.server.storage.store import SQLiteStore

    return PostgresStore(db) if is_postgresql_url(db) else SQLiteStore(db)


def _passphrase(stdin: TextIO) -> str:
    """The new passphrase: a line of standard input, or asked twice at a terminal.

    Raises:
        ValueError: If the two answers differ, or nothing was given.
    """
    if not stdin.isatty():
        line = stdin.readline().rstrip("\r\n")
        if not line:
            raise ValueError("no passphrase on standard input")
        return line
    first = getpass.getpass("new passphrase: ")
    if getpass.getpass("again: ") != first:
        raise ValueError("the two passphrases differ")
    return first


def _run(args: argparse.Namespace) -> int:
    try:
        from eighthalf.server.players.passphrases import account_key, check_passphrase, hash_passphrase
        from eighthalf.server.protocol.messages import Refused
        from eighthalf.server.storage.accounts import Accounts
        from eighthalf.server.storage.store import StoreError
    except ModuleNotFoundError as error:
        print(f"eighthalf {args.command}: error: {extra_missing(error, 'accounts')}", file=sys.stderr)
        return 2
    name = f"eighthalf {args.command} {args.action}"
    try:
        store = _store(args.db)
    except StoreError as error:
        print(f"{name}: error: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    try:
        accounts = Accounts(store)
        if args.command == "ratings":
            return _ratings(args, store, name)
        if args.action == "list":
            for account in accounts.all():
                games = {rating.kind: rating.games for rating in accounts.ratings_of(account.key)}
                state = "disabled" if account.disabled else "active"
                print(json.dumps({"name": account.name, "state": state, "rated_games": games}, ensure_ascii=False))
            return 0
        if args.action == "export":
            for row in accounts.export_rows():
                print(json.dumps(row, ensure_ascii=False))
            return 0
        if args.action == "import":
            count = 0
            for number, line in enumerate(sys.stdin, 1):
                if line.strip():
                    try:
                        accounts.import_row(json.loads(line))
                    except (ValueError, StoreError) as error:
                        print(f"{name}: error: line {number}: {error}", file=sys.stderr)
                        return 2
                    count += 1
            print(f"{name}: {count} lines imported", file=sys.stderr)
            return 0
        key = account_key(args.name)
        if args.action == "reset-passphrase":
            try:
                hashed = hash_passphrase(check_passphrase(_passphrase(sys.stdin)))
            except (ValueError, Refused) as error:
                print(f"{name}: error: {error}", file=sys.stderr)
                return 2
            done = accounts.set_passphrase(key, hashed)
        elif args.action == "delete":
            done = accounts.delete(key)
        else:
            done = accounts.set_disabled(key, args.action == "disable")
        if not done:
            print(f"{name}: error: no account is named {args.name!r}", file=sys.stderr)
            return 1
        print(f"{name}: done", file=sys.stderr)
        return 0
    except StoreError as error:
        print(f"{name}: error: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    finally:
        store.close()


def _ratings(args: argparse.Namespace, store: Any, name: str) -> int:
    from eighthalf.server.players.ladder import kind_game, play_ladder, store_ladder, stored_bots

    try:
        entry, _ = kind_game(args.kind)
        if args.action == "bots":
            for stored in stored_bots(store, args.kind):
                print(f"{stored.player:24} {stored.shown:8.2f}  mu {stored.mu:.2f} sigma {stored.sigma:.2f}")
            return 0
        bots = args.bots.split(",") if args.bots else sorted(entry.bots)
        ladder = play_ladder(args.kind, bots, args.games, seed=args.seed)
    except ValueError as error:
        print(f"{name}: error: {error}", file=sys.stderr)
        return 2
    store_ladder(store, ladder)
    for bot, rating in sorted(ladder.ratings.items(), key=lambda item: -item[1].shown):
        print(f"{bot:16} {rating.shown:8.2f}  games {rating.games}  wins {rating.wins}")
    return 0


def add_accounts_commands(commands: Any) -> None:
    """Add ``accounts`` and ``ratings`` to the command line's sub-commands ``commands``."""
    accounts = commands.add_parser(
        "accounts",
        help="list, reset, disable or delete the server's accounts; export and import them (the extra 'server')",
        description="The server's accounts, in its database (docs page 'Players, ratings and the queue').",
    )
    actions = accounts.add_subparsers(dest="action", required=True)
    for action, text in (
        ("list", "every account, one JSON object a line"),
        ("export", "the accounts and ratings as JSON lines, on standard output"),
        ("import", "accounts and ratings from JSON lines on standard input"),
        ("reset-passphrase", "a new passphrase, from standard input or asked (never on the command line)"),
        ("disable", "the account cannot sign in; its sessions end"),
        ("enable", "a disabled account may sign in again"),
        ("delete", "the account and its ratings go; its seats stay as a guest's"),
    ):
        parser = actions.add_parser(action, help=text, description=text)
        if action not in ("list", "export", "import"):
            parser.add_argument("name", help="the account's name (case does not matter)")
        parser.add_argument("--db", required=True, help="the server's database: a SQLite file or postgresql://...")
        parser.set_defaults(run=_run)
    ratings = commands.add_parser(
        "ratings",
        help="the bots' ladder that anchors the ratings (the extra 'server')",
        description="The built-in bots' ratings, from games of bots alone (docs page 'Players, ratings and the queue').",
    )
    actions = ratings.add_subparsers(dest="action", required=True)
    ladder = actions.add_parser("ladder", help="play bots-only games and store the bots' ratings")
    ladder.add_argument("--games", type=int, default=60, help="the games to play (default 60)")
    ladder.add_argument("--bots", help="the bots, comma-separated, one a seat (default: every bot of the game)")
    ladder.add_argument("--seed", type=int, default=0, help="the ladder's seed (default 0)")
    shown = actions.add_parser("bots", help="the bots' stored ratings")
    for parser in (ladder, shown):
        parser.add_argument("--kind", required=True, help="8½ round, 8½ match or Eights")
        parser.add_argument("--db", required=True, help="the server's database: a SQLite file or postgresql://...")
        parser.set_defaults(run=_run)
