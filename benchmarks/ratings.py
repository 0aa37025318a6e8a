"""The ratings' benchmark (issue 40, "How fast"): ``python -m benchmarks.ratings``.

It measures, in this process, on a temporary SQLite file (and on PostgreSQL with ``--db
postgresql://...``):

- **the model**: OpenSkill Plackett–Luce updates of one ``--seats``-seat game a second
  (:func:`eighthalf.server.players.model.rate`), nothing stored;
- **rated ends a second**: the last move of ``--games`` rated tables of ``--seats`` signed-in
  people, each committed with its ratings in one transaction (:meth:`Store.add_move
  <eighthalf.server.storage.store.Store.add_move>` with the rated end as ``then``): what the
  server does when a rated game ends;
- **CPU per end, rated against unrated**: the process's CPU time (user and system) per last
  move, of the rated tables and of as many unrated ones, and the difference, which is what
  rating a game costs the server.

Nothing is asserted: the figures are printed as a table, with the machine's cores.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from eighthalf.server.players.model import Rating, rate, rated_end
from eighthalf.server.storage.accounts import Account, Accounts
from eighthalf.server.storage.postgres import PostgresStore, is_postgresql_url
from eighthalf.server.storage.store import SQLiteStore, Store, StoredTable


def _tables(store: Store, prefix: str, games: int, seats: int, rated: bool) -> None:
    accounts = Accounts(store)
    for seat in range(seats):
        accounts.create(Account(f"p{seat}", f"P{seat}", "$argon2id$bench", 1.0))
    for number in range(games):
        table_id = f"{prefix}{number}"
        settings = {"bots": [None] * seats, **({"rated": True} if rated else {})}
        store.create_table(StoredTable(id=table_id, game="Eights", record="[Game]", settings=settings, created=1.0))
        for seat in range(seats):
            store.take_seat(table_id, seat, f"P{seat}", f"{number:08d}{seat:02d}".ljust(64, "0"), account=f"p{seat}")


def _ends(store: Store, prefix: str, games: int, seats: int, rated: bool) -> tuple[float, float]:
    """Commit the last move of each table: (wall seconds, CPU seconds) for all of them."""
    places = [1 + seat // 2 for seat in range(seats)]  # pairs share a place: ties too
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(games):
        table_id = f"{prefix}{number}"
        then = rated_end(table_id, "Eights", [None] * seats, places) if rated else None
        store.add_move(table_id, 1, "end", finished="record", summary={"result": None}, then=then)
    return time.perf_counter() - wall, time.process_time() - cpu


def _model(seats: int, seconds: float = 1.0) -> float:
    ratings = [Rating(25.0 + seat, 8.0 - seat / 4) for seat in range(seats)]
    places = list(range(1, seats + 1))
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        rate(ratings, places)
        count += 1
    return count / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ratings", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="rated tables ended (and as many unrated; default 500)")
    parser.add_argument("--seats", type=int, default=4, help="signed-in people a table (default 4)")
    parser.add_argument("--db", help="a PostgreSQL database's URL, besides the temporary SQLite file")
    args = parser.parse_args(argv)
    stores: list[tuple[str, Callable[[Path], Store]]] = [
        ("SQLite", lambda folder: SQLiteStore(str(folder / "b.sqlite3")))
    ]
    if args.db and is_postgresql_url(args.db):
        stores.append(("PostgreSQL", lambda folder: PostgresStore(args.db)))
    print(f"cores: {os.cpu_count()}; {args.games} games of {args.seats} signed-in people a store")
    print(f"model only: {_model(args.seats):,.0f} Plackett–Luce updates a second ({args.seats} seats)")
    print(f"{'store':12} {'rated ends/s':>13} {'CPU ms/rated end':>17} {'CPU ms/unrated end':>19} {'rating costs':>13}")
    for name, opened in stores:
        with tempfile.TemporaryDirectory() as folder:
            store = opened(Path(folder))
            try:
                tag = f"{time.time_ns()}-"
                _tables(store, f"r{tag}", args.games, args.seats, True)
                _tables(store, f"u{tag}", args.games, args.seats, False)
                _, unrated_cpu = _ends(store, f"u{tag}", args.games, args.seats, False)
                rated_wall, rated_cpu = _ends(store, f"r{tag}", args.games, args.seats, True)
            finally:
                store.close()
        per_rated, per_unrated = 1000 * rated_cpu / args.games, 1000 * unrated_cpu / args.games
        print(
            f"{name:12} {args.games / rated_wall:13,.0f} {per_rated:17.3f} {per_unrated:19.3f}"
            f" {per_rated - per_unrated:10.3f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
