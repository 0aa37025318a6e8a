"""The queue's benchmark (issue 40, "How fast"): ``python -m benchmarks.queue [--db URL]``.

``--people`` people (1,000 by default) join the "Play now" queue at once for tables of
``--size`` (4) of ``--kind`` (Eights), every one a newcomer, so they all fit together and
every table is full of people (``--queue-wait 3600``: no bot fills a seat). Each person is
a websocket of the one client process, all opened first; then every join is sent at once.
For each person it measures the time from sending the join to receiving their ``seated``
frame (p50, p99, max), and the time until everyone is seated.

It runs on one server process with a SQLite database, and, with ``--db`` (a database on a
PostgreSQL server whose user may make databases), on two server processes sharing a fresh
PostgreSQL database made for the run and dropped after it, the people joining through
both in turn. Loopback only; every wait is bounded (``--timeout``). Nothing is asserted but
that everyone is seated once: the figures are reported.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.server import database_url, process_cpu, start_serve

try:
    import psycopg  # only for --db: the postgresql extra
except ModuleNotFoundError:  # pragma: no cover
    psycopg = None  # type: ignore[assignment]

__all__ = ["main", "percentile", "run"]


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.99)
    (2.0, 4.0)
    """
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))]


class _Server:
    """``eighthalf serve`` in a child process, with a long queue wait (no bot fills a seat)."""

    def __init__(self, folder: Path, db: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.log = folder / "server.log"
        command = [sys.executable, "-m", "eighthalf", "serve", "--host", "127.0.0.1", "--port", "0", "--db", db]
        command += ["--queue-wait", "3600", "--judge-at-once", "0"]
        self.process, self.url = start_serve(command, self.log)

    def cpu(self) -> float:
        """The server's user and system CPU seconds so far."""
        return sum(process_cpu(self.process.pid))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=60)


async def _people(urls: Sequence[str], people: int, kind: str, size: int, timeout: float) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    sockets = []
    for number in range(people):
        url = urls[number % len(urls)].replace("http://", "ws://") + "/api/queue/wait"
        sockets.append(await asyncio.wait_for(connect(url, compression=None, max_queue=None), timeout))

    async def one(number: int, socket: Any) -> tuple[float, str, int]:
        started = time.perf_counter()
        await socket.send(json.dumps({"type": "join", "kind": kind, "size": size, "name": f"P{number}"}))
        while True:
            frame = json.loads(await socket.recv())
            if frame["type"] == "seated":
                return time.perf_counter() - started, frame["table"], frame["seat"]
            if frame["type"] == "error":
                raise RuntimeError(f"person {number}: {frame}")

    try:
        began = time.perf_counter()
        seated = await asyncio.wait_for(
            asyncio.gather(*(one(number, socket) for number, socket in enumerate(sockets))), timeout
        )
        everyone = time.perf_counter() - began
    finally:
        await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)
    tables: dict[str, set[int]] = {}
    for _, table, seat in seated:
        tables.setdefault(table, set()).add(seat)
    assert len(tables) == people // size and all(len(seats) == size for seats in tables.values()), "seated wrongly"
    waits = [wait * 1000 for wait, _, _ in seated]
    return {
        "people": people,
        "tables": len(tables),
        "p50_ms": percentile(waits, 0.5),
        "p99_ms": percentile(waits, 0.99),
        "max_ms": max(waits),
        "mean_ms": statistics.fmean(waits),
        "everyone_s": everyone,
    }


def run(db: str, processes: int, people: int, kind: str, size: int, timeout: float) -> dict[str, Any]:
    """One configuration: ``processes`` servers on ``db``, ``people`` joining at once: its figures."""
    with tempfile.TemporaryDirectory(prefix="eighthalf-queue-bench-") as folder:
        database = db if db.startswith("postgres") else str(Path(folder) / "tables.sqlite3")
        servers = [_Server(Path(folder) / f"server{number}", database) for number in range(processes)]
        try:
            cpu = sum(server.cpu() for server in servers)
            figures = asyncio.run(_people([server.url for server in servers], people, kind, size, timeout))
            figures["server_cpu_s"] = sum(server.cpu() for server in servers) - cpu
        finally:
            for server in servers:
                server.stop()
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m benchmarks.queue [--people N] [--size S] [--kind K] [--db URL] [--json]``."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.queue", description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=1000, help="people joining at once (default 1000)")
    parser.add_argument("--size", type=int, default=4, help="the table size they wait for (default 4)")
    parser.add_argument("--kind", default="Eights", help="the kind of play (default Eights)")
    parser.add_argument(
        "--db", help="a PostgreSQL server's database whose user may make databases: two processes on it"
    )
    parser.add_argument("--timeout", type=float, default=300.0, help="the bound of each wait, seconds (default 300)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    args = parser.parse_args(argv)
    if args.people % args.size:
        parser.error("--people is a multiple of --size (every table full)")
    measured = [("SQLite, 1 process", run(":sqlite:", 1, args.people, args.kind, args.size, args.timeout))]
    if args.db is not None:
        if psycopg is None:
            parser.error("--db needs psycopg: the postgresql extra")
        name = f"eighthalf_queue_bench_{os.getpid()}"
        with psycopg.connect(args.db, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        try:
            url = database_url(args.db, name)
            measured.append(("PostgreSQL, 2 processes", run(url, 2, args.people, args.kind, args.size, args.timeout)))
        finally:
            with psycopg.connect(args.db, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if args.json:
        print(json.dumps({name: figures for name, figures in measured}, indent=2))
        return 0
    print(
        f"{args.people} people queueing at once for {args.kind} tables of {args.size} "
        f"(python {platform.python_version()}, {os.cpu_count()} cores)"
    )
    header = (
        f"{'configuration':<26}{'tables':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'all s':>8}{'server CPU s':>14}"
    )
    print(header)
    print("-" * len(header))
    for name, figures in measured:
        print(
            f"{name:<26}{figures['tables']:>7}{figures['p50_ms']:>9.0f}{figures['p99_ms']:>9.0f}"
            f"{figures['max_ms']:>9.0f}{figures['everyone_s']:>8.2f}{figures['server_cpu_s']:>14.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
