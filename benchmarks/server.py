"""The game server's benchmark (issue 19, "How fast"): ``python -m benchmarks.server``.

It starts a real server process (``python -m eighthalf serve --port 0``) on 127.0.0.1 with a
temporary SQLite database, makes ``--tables`` tables (8½ and Eights in turn, the numbers of
``--players`` in turn) with every seat open to a person, and plays them with greedy bots
through the Python client (:class:`eighthalf.server.client.TableConnection`), one websocket
per seat, from ``--clients`` client processes. A table whose game ends is replaced by a new
one, so that as many tables play at once all the time. The tables together offer
``--rate`` moves a second (1,000 by default, the aim: each table sends a move every
``tables ÷ rate`` seconds at most), or, with ``--rate 0``, as many as the server answers
(each bot moves as soon as it has its view: the server's most). After a warm-up it
measures for ``--seconds``:

- **acknowledged moves a second**: moves whose mover received the ``state`` frame of its
  own move (the server commits a move to the database before it sends any frame, so each
  of them is durable), and, as a check, the moves committed to the database in the window;
- the **latency** from sending a move to receiving one's own new view (p50, p99, max),
  measured in the client, so a busy client process adds to it;
- the server's **memory** (``VmRSS`` and ``VmHWM`` from ``/proc/<pid>/status``) and the
  **CPU** of the server and of the client processes (user and system, in % of one core),
  the server's CPU time per acknowledged move, and how busy the whole machine was (other
  processes included: on a shared machine they take cores from the run);
- a **reference** measured in the same run, since the machines' speed varies threefold
  from day to day: the engine alone (the same games, played by the same bots in one
  process through the game protocol, moves a second) and the suite's plain-Python
  reference workload (kops/s). The ratio of the server's moves to the engine's is printed
  beside the absolute figures.

``--processes N`` runs N server processes on one PostgreSQL database (``--db``), one
service: each client process makes its tables through one of them and connects each seat
to the next one in turn, so that the seats of a table are on different processes and every
move crosses through the database; the servers' CPU and memory are summed.
``python -m benchmarks.server_compare`` runs SQLite with one process and PostgreSQL with one
and two in one run, side by side.

The aim of issue 19 on a 2-core machine: 200 concurrent tables, at least 1,000 durable
moves a second, p99 under 100 ms. ``--profile FILE`` runs the server under :mod:`cProfile`
(slower) and prints where its time goes. Nothing is asserted: the figures are reported.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import dataclasses
import json
import multiprocessing
import os
import pstats
import random
import re
import resource
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any, Final

from eighthalf.registry import bots_for, documents_for

from .server_report import AIM_MOVES, AIM_P99_MS, report

try:
    import psycopg  # only for --db postgresql://...: the postgresql extra
except ModuleNotFoundError:  # pragma: no cover
    psycopg = None  # type: ignore[assignment]

__all__ = [
    "AIM_MOVES",
    "AIM_P99_MS",
    "MOVE_LIMIT",
    "Config",
    "arguments_parser",
    "config_of",
    "database_url",
    "engine_moves_per_second",
    "main",
    "percentile",
    "process_cpu",
    "run",
    "start_serve",
    "table_specs",
]

SEED: Final = 20261125
"""The seed of the bots' choices (the deals are fresh: each table is dealt by the server)."""

_LISTENING: Final = re.compile(r"eighthalf serve: (http://127\.0\.0\.1:\d+)/ ")


@dataclasses.dataclass(frozen=True)
class Config:
    """What one run does."""

    tables: int = 200
    """Tables playing at once."""
    seconds: float = 30.0
    """The measured window."""
    warmup: float = 5.0
    """Seconds of play before the window (connections opened, caches warm)."""
    players: tuple[int, ...] = (2, 3, 4)
    """The table sizes, in turn."""
    clients: int = 2
    """Client processes playing the seats."""
    rate: float = AIM_MOVES
    """The moves a second offered by all the tables together (each table paced to its share),
    or 0: every table as fast as its bots are sent their views (the server saturated)."""
    sync: str = "normal"
    """The server's ``--sync``: ``normal`` or ``full``."""
    profile: str | None = None
    """A file for the server's :mod:`cProfile` statistics, or ``None``."""
    db: str | None = None
    """A PostgreSQL database's URL for the server's tables (it must be empty), or ``None``: a
    temporary SQLite file."""
    processes: int = 1
    """Server processes on the database (more than one: PostgreSQL only)."""
    compression: str = "none"
    """The clients' websockets: ``none`` (the Python client's default), or ``deflate``:
    permessage-deflate offered, as browsers do (the server takes it by default)."""
    judge: bool = False
    """Whether the server judges the finished tables in the background, as ``eighthalf
    serve`` does by default (off: ``--judge-at-once 0``, so that the CPU a move is the move's own)."""


MOVE_LIMIT: Final = 1000
"""The E7 move limit of the 8½ tables: two greedy bots can play a round of 8½ forever
(about one 2-player round in 200), and the limit ends it (Eights ends by itself)."""


def table_specs(config: Config) -> list[dict[str, Any]]:
    """The ``POST /api/tables`` bodies of the run: 8½ and Eights in turn, every seat a person's."""
    specs: list[dict[str, Any]] = []
    for index in range(config.tables):
        players = config.players[(index // 2) % len(config.players)]
        if index % 2 == 0:
            specs.append({"game": "8½", "players": players, "rules": {"move_limit": MOVE_LIMIT}})
        else:
            specs.append({"game": "Eights", "players": players})
    return specs


def engine_moves_per_second(config: Config, seconds: float = 3.0) -> tuple[float, int]:
    """The reference: the run's games played in this process through the game protocol.

    Each move is chosen by a greedy bot from the mover's view and applied by the game's
    checked ``apply`` (what the server and its clients do for a move, without the
    network, the JSON and the database). Returns (moves a second, games played).
    """
    from eighthalf.server.protocol.games import table_spec

    rng = random.Random(SEED)
    specs = [table_spec(data) for data in table_specs(config)[: max(2 * len(config.players), 2)]]
    moves = games = 0
    deadline = time.perf_counter() + seconds
    begin = time.perf_counter()
    while time.perf_counter() < deadline:
        for spec in specs:
            game = spec.entry().game
            bots = [bots_for(game)["greedy"]() for _ in range(spec.players)]
            state = game.start(spec.players, seed=rng.randrange(2**53), rules=spec.rules)
            while (seat := game.to_move(state)) is not None:
                state = game.apply(state, bots[seat].choose(game.view(state, seat), rng))
                moves += 1
            games += 1
    return moves / (time.perf_counter() - begin), games


def _reference_kops() -> float:
    """The suite's plain-Python reference workload (kops/s, median of 5)."""
    from .cases import CASES, REFERENCE_NAME, Result, Settings, run_case

    case = next(case for case in CASES if case.name == REFERENCE_NAME)
    outcome = run_case(case, Settings(repeat=5, timer="wall"))
    return outcome.median if isinstance(outcome, Result) else 0.0


# ---------------------------------------------------------------------------------------
# The server process


class _Server:
    """``eighthalf serve`` in a child process (under cProfile if asked)."""

    def __init__(self, folder: Path, config: Config) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.db = folder / "tables.sqlite3"
        self.url_db = config.db
        self.log = folder / "server.log"
        self.profile = config.profile
        command = [sys.executable, "-m", "eighthalf", "serve"]
        if config.profile:
            command = [sys.executable, "-m", "benchmarks.server", "--serve-profiled", config.profile]
        database = config.db if config.db is not None else str(self.db)
        command += ["--host", "127.0.0.1", "--port", "0", "--db", database, "--sync", config.sync]
        if not config.judge:
            command += ["--judge-at-once", "0"]
        self.process, self.url = start_serve(command, self.log)

    def memory(self) -> dict[str, int]:
        """``VmRSS`` and ``VmHWM`` of the server, in kB."""
        found = {}
        with open(f"/proc/{self.process.pid}/status", encoding="ascii") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    found[key] = int(value.split()[0])
        return found

    def cpu(self) -> tuple[float, float]:
        """The server's user and system CPU seconds so far."""
        return process_cpu(self.process.pid)

    def committed(self) -> int:
        """The moves in the database (read through a second connection: WAL lets it)."""
        if self.url_db is not None:
            assert psycopg is not None, "--db needs psycopg: the postgresql extra"
            with psycopg.connect(self.url_db) as connection:
                return int(connection.execute("SELECT count(*) FROM moves").fetchone()[0])  # type: ignore[index]
        with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=5)) as db:
            return int(db.execute("SELECT count(*) FROM moves").fetchone()[0])

    def stop(self) -> None:
        """Stop the server: SIGINT and a wait when profiled (the statistics are written), else SIGKILL."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT if self.profile else signal.SIGKILL)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start_serve(command: list[str], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``command`` (an ``eighthalf serve``), its output to ``log``: the process and its address, once it listens.

    Raises:
        RuntimeError: If it does not listen within a minute (it is killed; the log's end says why).
    """
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        found = _LISTENING.search(log.read_text(encoding="utf-8", errors="replace"))
        if found:
            return process, found.group(1)
        time.sleep(0.05)
    if process.poll() is None:
        process.kill()
    process.wait()
    raise RuntimeError(f"the server did not start: {log.read_text(errors='replace')[-1500:]}")


def database_url(url: str, name: str) -> str:
    """``url`` (a libpq URL) naming the database ``name`` instead.

    >>> database_url("postgresql:///postgres?host=/tmp/pg&user=postgres", "bench")
    'postgresql:///bench?host=/tmp/pg&user=postgres'
    """
    scheme, _, rest = url.partition("://")
    place, _, tail = rest.partition("/")
    _, question, query = tail.partition("?")
    return f"{scheme}://{place}/{name}{question}{query}"


def process_cpu(pid: int) -> tuple[float, float]:
    """The user and system CPU seconds of process ``pid`` so far (``/proc/<pid>/stat``)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rpartition(")")[2].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _serve_profiled(out: str, argv: Sequence[str]) -> int:
    """Run ``eighthalf serve`` with ``argv`` under cProfile until SIGINT, then write the statistics to ``out``."""
    from eighthalf.server.web.cli import add_serve_arguments, run_serve

    parser = argparse.ArgumentParser(prog="benchmarks.server --serve-profiled")
    add_serve_arguments(parser)
    args = parser.parse_args(argv)
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        run_serve(args)
    except KeyboardInterrupt:
        pass
    finally:
        profiler.disable()
        profiler.dump_stats(out)
    return 0


# ---------------------------------------------------------------------------------------
# The client processes


@dataclasses.dataclass
class _Tally:
    """What one client process measured in the window."""

    latencies: list[float] = dataclasses.field(default_factory=list)
    acknowledged: int = 0
    games: int = 0
    errors: list[str] = dataclasses.field(default_factory=list)
    cpu: tuple[float, float] = (0.0, 0.0)
    connections: int = 0


async def _seat(
    urls: Sequence[str],
    table: str,
    seat: int,
    token: str,
    window: tuple[float, float],
    pace: list[float],
    tally: _Tally,
    compress: bool,
) -> None:
    """Play one seat with a greedy bot; ``pace`` is [the time the table's next move may be sent, the interval].

    The seat connects to the server process ``urls[seat % len(urls)]`` (``urls`` begins with
    the one the table was made through).
    """
    from eighthalf.server.client import TableConnection

    url = urls[seat % len(urls)]
    start, end = window
    rng = random.Random(f"{SEED}:{table}:{seat}")
    async with TableConnection.open(url, table, token, compress=compress) as connection:
        tally.connections += 1
        game = connection.game
        documents = documents_for(game)
        bot = bots_for(game)["greedy"]()
        sent: float | None = None
        async for message in connection.messages():
            kind = message["type"]
            if kind == "error":
                tally.errors.append(f"{message['code']}: {message['message']}")
                continue
            if kind != "state":
                continue
            last = message["last"]
            if sent is not None and last is not None and last["seat"] == seat:
                now = time.monotonic()
                if start <= now < end:
                    tally.acknowledged += 1
                    tally.latencies.append(now - sent)
                sent = None
            if message["result"] is not None:
                if start <= time.monotonic() < end:
                    tally.games += 1
                return
            if message["moves"]:
                move = bot.choose(documents.from_data(message["view"]), rng)
                wait = pace[0] - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                sent = time.monotonic()
                pace[0] = max(pace[0], sent - pace[1]) + pace[1]
                await connection.move(game.move_text(move), message["number"])


async def _new_table(url: str, spec: dict[str, Any]) -> tuple[str, list[str]]:
    from eighthalf.server.client import create_table, join

    summary = await create_table(url, spec)
    tokens = [await join(url, summary["id"], seat, f"bot {seat}") for seat in range(spec["players"])]
    return summary["id"], tokens


async def _slot(
    urls: Sequence[str],
    spec: dict[str, Any],
    first: tuple[str, list[str]],
    window: tuple[float, float],
    interval: float,
    tally: _Tally,
    compress: bool,
) -> None:
    """Keep one table playing until the window ends: a new table of ``spec`` whenever a game ends.

    Its moves are sent ``interval`` seconds apart at the most (0: as fast as the bots get their views).
    """
    table, tokens = first
    pace = [time.monotonic() + random.random() * interval, interval]  # tables out of step with each other
    while time.monotonic() < window[1]:
        await asyncio.gather(
            *(_seat(urls, table, seat, token, window, pace, tally, compress) for seat, token in enumerate(tokens))
        )
        if time.monotonic() < window[1]:
            table, tokens = await _new_table(urls[0], spec)


def _client(
    urls: list[str], specs: list[dict[str, Any]], config: Config, barrier: Barrier, results: Any, number: int
) -> None:
    """One client process: make its tables, wait for the others, play, and put its tally on ``results``.

    Its tables are made through the server process ``urls[number % len(urls)]``.
    """
    shift = number % len(urls)
    urls = urls[shift:] + urls[:shift]
    url = urls[0]

    async def play() -> _Tally:
        tally = _Tally()
        made = [await _new_table(url, spec) for spec in specs]
        interval = config.tables / config.rate if config.rate else 0.0
        await asyncio.to_thread(barrier.wait, 120)
        now = time.monotonic()
        window = (now + config.warmup, now + config.warmup + config.seconds)
        loop = asyncio.get_running_loop()
        usage: dict[str, resource.struct_rusage] = {}
        loop.call_at(loop.time() + config.warmup, lambda: usage.setdefault("start", resource.getrusage(0)))
        loop.call_at(
            loop.time() + config.warmup + config.seconds, lambda: usage.setdefault("end", resource.getrusage(0))
        )
        slots = [
            asyncio.create_task(_slot(urls, spec, first, window, interval, tally, config.compression == "deflate"))
            for spec, first in zip(specs, made, strict=True)
        ]
        await asyncio.wait(slots, timeout=window[1] + 0.5 - time.monotonic())
        for task in slots:
            task.cancel()  # the games that go on are left where they are
        for outcome in await asyncio.gather(*slots, return_exceptions=True):
            if isinstance(outcome, Exception):  # a refused request or a lost connection: reported
                tally.errors.append(f"{type(outcome).__name__}: {outcome}")
        if "start" in usage and "end" in usage:
            begin, end = usage["start"], usage["end"]
            tally.cpu = (end.ru_utime - begin.ru_utime, end.ru_stime - begin.ru_stime)
        return tally

    try:
        tally = asyncio.run(play())
    except Exception as error:
        tally = _Tally(errors=[f"client {number}: {type(error).__name__}: {error}"])
        with contextlib.suppress(Exception):
            barrier.abort()
    results.put(dataclasses.asdict(tally))


# ---------------------------------------------------------------------------------------
# The run


def _cpu(servers: Sequence[_Server]) -> tuple[float, float]:
    """The user and system CPU seconds of every server process so far, summed."""
    times = [each.cpu() for each in servers]
    return sum(user for user, _ in times), sum(system for _, system in times)


def _machine_cpu() -> tuple[float, float]:
    """The machine's busy and total CPU time so far, in clock ticks over every core (``/proc/stat``)."""
    with open("/proc/stat", encoding="ascii") as stat:
        values = [int(value) for value in stat.readline().split()[1:]]
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return float(sum(values) - idle), float(sum(values))


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (the value below which that share of them lies; NaN for none)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(config: Config) -> dict[str, Any]:
    """Measure the server once with ``config``: the figures as a JSON-able dictionary.

    Raises:
        RuntimeError: If the server does not start or a client process fails to start playing.
    """
    from .__main__ import machine

    info = machine()
    engine, engine_games = engine_moves_per_second(config, min(3.0, max(config.seconds / 10, 0.5)))
    reference = _reference_kops()
    specs = table_specs(config)
    from benchmarks import server as module  # not __main__: the spawned client processes import it

    context = multiprocessing.get_context("spawn")
    clients: list[Any] = []
    with tempfile.TemporaryDirectory(prefix="eighthalf-bench-server-") as folder:
        servers: list[_Server] = []
        try:
            for number in range(config.processes):
                servers.append(_Server(Path(folder) / (f"process{number}" if number else ""), config))
            server = servers[0]
            barrier = context.Barrier(config.clients + 1)
            results = context.Queue()
            clients = [
                context.Process(
                    target=module._client,
                    args=(
                        [each.url for each in servers],
                        specs[number :: config.clients],
                        config,
                        barrier,
                        results,
                        number,
                    ),
                    daemon=True,
                )
                for number in range(config.clients)
            ]
            for process in clients:
                process.start()
            try:
                barrier.wait(120)
            except Exception as error:
                log = server.log.read_text(errors="replace")[-800:]
                raise RuntimeError(f"the client processes did not start playing: {log}") from error
            time.sleep(config.warmup)
            cpu_start, committed_start, begin = _cpu(servers), server.committed(), time.monotonic()
            machine_start = _machine_cpu()
            time.sleep(config.seconds)
            cpu_end, committed_end, elapsed = _cpu(servers), server.committed(), time.monotonic() - begin
            machine_end = _machine_cpu()
            memories = [each.memory() for each in servers]
            memory = {key: sum(each.get(key, 0) for each in memories) for key in ("VmRSS", "VmHWM")}
            tallies = [results.get(timeout=config.seconds + 120) for _ in clients]
            for process in clients:
                process.join(30)
        finally:
            for process in clients:
                if process.is_alive():
                    process.kill()
            for each in servers:
                each.stop()
        database_bytes = sum(path.stat().st_size for path in Path(folder).glob("tables.sqlite3*"))
    latencies = [value * 1000 for tally in tallies for value in tally["latencies"]]
    acknowledged = sum(tally["acknowledged"] for tally in tallies)
    moves_per_second = acknowledged / config.seconds
    return {
        "machine": info,
        "config": dataclasses.asdict(config),
        "connections": sum(tally["connections"] for tally in tallies),
        "acknowledged_per_second": moves_per_second,
        "committed_per_second": (committed_end - committed_start) / elapsed,
        "latency_ms": {
            "p50": statistics.median(latencies) if latencies else float("nan"),
            "p99": percentile(latencies, 0.99),
            "max": max(latencies, default=float("nan")),
            "samples": len(latencies),
        },
        "games_finished": sum(tally["games"] for tally in tallies),
        "errors": [error for tally in tallies for error in tally["errors"]][:20],
        "server_memory_kb": memory,
        "database_bytes": database_bytes,
        "server_cpu": {"user": (cpu_end[0] - cpu_start[0]) / elapsed, "system": (cpu_end[1] - cpu_start[1]) / elapsed},
        "machine_cpu": (machine_end[0] - machine_start[0])
        / max(machine_end[1] - machine_start[1], 1.0)
        * (os.cpu_count() or 1),
        "clients_cpu": {
            "user": sum(tally["cpu"][0] for tally in tallies) / config.seconds,
            "system": sum(tally["cpu"][1] for tally in tallies) / config.seconds,
        },
        "engine_moves_per_second": engine,
        "engine_games": engine_games,
        "reference_kops": reference,
        "ratio_to_engine": moves_per_second / engine if engine else float("nan"),
    }


def _players(text: str) -> tuple[int, ...]:
    try:
        players = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers of players like 2,3,4, not {text!r}") from None
    if not players or not all(2 <= count <= 5 for count in players):
        raise argparse.ArgumentTypeError(f"every table has 2 to 5 seats (8½ and Eights both), not {text!r}")
    return players


def arguments_parser(prog: str) -> argparse.ArgumentParser:
    """The command line's options of a run (``--tables``, ``--seconds``, ``--db`` ...)."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Measure the game server: concurrent tables of bots over loopback websockets.",
    )
    parser.add_argument("--tables", type=int, default=200, help="tables playing at once (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured window (default 30)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play before the window (default 5)")
    parser.add_argument("--players", type=_players, default=(2, 3, 4), help="table sizes in turn (default 2,3,4)")
    parser.add_argument("--clients", type=int, default=2, help="client processes (default 2)")
    parser.add_argument(
        "--rate",
        type=float,
        default=AIM_MOVES,
        help=f"moves a second offered by all the tables together (default {AIM_MOVES:,.0f}, the aim); "
        "0: as fast as the server answers (its most)",
    )
    parser.add_argument("--sync", choices=("normal", "full"), default="normal", help="the server's --sync")
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile, statistics to FILE")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    parser.add_argument(
        "--db", metavar="URL", help="an empty PostgreSQL database (postgresql://...) instead of a temporary SQLite file"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes on the --db PostgreSQL database (default 1)"
    )
    parser.add_argument(
        "--compression",
        choices=("none", "deflate"),
        default="none",
        help="the clients' websockets: none (default, as the Python client), or deflate offered, as browsers do",
    )
    parser.add_argument(
        "--judge",
        action="store_true",
        help="let the server judge finished tables in the background, as it does by default (off here: "
        "the CPU a move is then the move's own)",
    )
    return parser


def config_of(parser: argparse.ArgumentParser, arguments: Sequence[str]) -> Config:
    """The :class:`Config` of ``arguments`` (exits with ``parser``'s error when one is wrong)."""
    args = parser.parse_args(arguments)
    if args.tables < 1 or args.clients < 1 or args.seconds <= 0 or args.warmup < 0 or args.rate < 0:
        parser.error("--tables and --clients must be at least 1, --seconds positive, --warmup and --rate not negative")
    if args.processes < 1 or (args.processes > 1 and args.db is None):
        parser.error("--processes is at least 1; more than 1 need --db (PostgreSQL)")
    config = Config(
        tables=args.tables,
        seconds=args.seconds,
        warmup=args.warmup,
        players=args.players,
        clients=min(args.clients, args.tables),
        rate=args.rate,
        sync=args.sync,
        profile=None if args.profile is None else str(Path(args.profile).resolve()),
        db=args.db,
        processes=args.processes,
        compression=args.compression,
        judge=args.judge,
    )
    return config


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m benchmarks.server [--tables N] [--seconds S] [--players 2,3,4] [--clients K] [--json]``.

    Returns 0, or 1 if the run saw errors (a refused move, a lost connection); a missed aim
    does not change it.
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["--serve-profiled"] and len(arguments) > 1:
        return _serve_profiled(arguments[1], arguments[2:])
    parser = arguments_parser("python -m benchmarks.server")
    config = config_of(parser, arguments)
    args = parser.parse_args(arguments)
    figures = run(config)
    if args.json:
        print(json.dumps(figures, indent=2, ensure_ascii=False))
    else:
        print(report(figures, " ".join(["python -m benchmarks.server", *arguments])))
        if config.profile:
            print(f"\nthe server's profile ({config.profile}), by own time:")
            pstats.Stats(config.profile, stream=sys.stdout).sort_stats("tottime").print_stats(25)
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    from benchmarks.server import main as _main  # the client processes find everything under this name

    sys.exit(_main())
