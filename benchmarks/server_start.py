"""How the game server's start and memory grow with the games it has served (issue 26, item 1).

``python -m benchmarks.server_start`` makes one finished game of Eights (two greedy bots, a
fixed seed) in a SQLite database, copies it ``N`` times for each ``N`` of ``--games``
(default ``0,10000,100000``; the copies differ only in their ids and times), then for each
database starts a real server process (``python -m eighthalf serve --port 0``) and measures:

- **start**: from spawning the process to its printing the URL it listens on (the process's
  own import time included, the same for every row);
- **memory**: the server's ``VmRSS`` once started (``/proc/<pid>/status``);
- **list**: the time of one ``GET /api/tables`` (a page of 200 summaries) once started.

Each database is measured ``--repeat`` times (median), the databases in turn; the first row (no games) is the
reference, and each row prints its ratio to it (start) and its difference (memory), since
the machines' speed varies from day to day. The aim: with 100,000 finished games, start
within 1.2x and memory within 20 MiB of an empty database. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Final

from eighthalf.server.protocol.games import table_spec
from eighthalf.server.storage.store import SQLiteStore
from eighthalf.server.tables.lobby import Lobby

ROOT: Final = Path(__file__).resolve().parent.parent


def _one_finished_game(path: Path) -> str:
    """A database at ``path`` with one finished game of Eights: its table id."""

    async def play() -> str:
        store = SQLiteStore(str(path))
        lobby = Lobby(store)
        table = lobby.create(
            table_spec({"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "pace": 0, "seed": 7})
        )
        while not table.over:
            task = table._task
            assert task is not None
            await task
        store.close()
        return table.id

    return asyncio.run(play())


def _copies(path: Path, table_id: str, count: int) -> None:
    """Copy the table ``table_id`` of ``path`` ``count`` times (new ids, later times)."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TEMP TABLE n (i INTEGER PRIMARY KEY)")
        db.executemany("INSERT INTO n VALUES (?)", ((i,) for i in range(count)))
        db.execute(
            "INSERT INTO tables (id, game, record, settings, created, finished, summary) "
            "SELECT printf('c%011x', i), game, record, settings, created + i + 1, finished, "
            "replace(summary, ?, printf('c%011x', i)) FROM tables, n WHERE id = ?",
            (table_id, table_id),
        )
        db.execute(
            "INSERT INTO moves (table_id, number, move) SELECT printf('c%011x', i), number, move "
            "FROM moves, n WHERE table_id = ?",
            (table_id,),
        )


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def _measure(db: Path) -> tuple[float, float, float]:
    """Start a server on ``db``: seconds to its URL, its RSS in MiB, seconds of one list."""
    log = db.with_suffix(".log")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with log.open("wb") as out:
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "eighthalf", "serve", "--port", "0", "--db", str(db)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**env, "PYTHONUNBUFFERED": "1"},
        )
    try:
        url = None
        while url is None:
            for line in log.read_text(errors="replace").splitlines():
                if line.startswith("eighthalf serve: http://"):
                    url = line.split()[2].rstrip("/")
            if process.poll() is not None:
                raise RuntimeError(log.read_text())
            time.sleep(0.005)
        seconds = time.perf_counter() - started
        rss = _rss_kib(process.pid) / 1024
        listed = time.perf_counter()
        with urllib.request.urlopen(f"{url}/api/tables", timeout=600) as response:
            response.read()
        return seconds, rss, time.perf_counter() - listed
    finally:
        process.kill()
        process.wait()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server_start", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", default="0,10000,100000", help="finished games in each database (default %(default)s)"
    )
    parser.add_argument("--repeat", type=int, default=5, help="starts per database; the median is shown (default 5)")
    args = parser.parse_args(argv)
    try:
        counts = [int(text) for text in args.games.split(",")]
        if not counts or any(count < 0 for count in counts) or args.repeat < 1:
            raise ValueError
    except ValueError:
        parser.error(f"--games takes counts such as 0,10000 and --repeat a positive number, not {args.games!r}")
    with tempfile.TemporaryDirectory() as directory:
        seed = Path(directory) / "one.sqlite3"
        table_id = _one_finished_game(seed)
        databases = []
        for count in counts:
            db = Path(directory) / f"games-{count}.sqlite3"
            if count:
                db.write_bytes(seed.read_bytes())
                _copies(db, table_id, count - 1)
            databases.append(db)
        measured: list[list[tuple[float, float, float]]] = [[] for _ in counts]
        for _ in range(args.repeat):  # in turn, so that a change of the machine's load falls on every row
            for index, db in enumerate(databases):
                measured[index].append(_measure(db))
        rows = [
            (count, *(statistics.median(values) for values in zip(*figures, strict=True)))
            for count, figures in zip(counts, measured, strict=True)
        ]
    base_start, base_rss = rows[0][1], rows[0][2]
    print(f"{'finished games':>15} {'start s':>9} {'x first':>8} {'RSS MiB':>9} {'+ MiB':>7} {'list ms':>9}")
    for count, seconds, rss, listed in rows:
        print(
            f"{count:>15,} {seconds:>9.2f} {seconds / base_start:>7.2f}x {rss:>9.1f} "
            f"{rss - base_rss:>+7.1f} {listed * 1000:>9.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
