"""The web stack's floor under the game server: ``python -m benchmarks.server_floor``.

How much of the server's CPU per move (``python -m benchmarks.server``) is the web stack's
own, whatever the game: a minimal Starlette application on uvicorn, configured as
``eighthalf serve`` runs it (the same websocket implementation, frame limit and log level),
serves tables of 2 to 4 websockets in which, as in the real server, each message a seat
sends ("a move") is read as JSON and answered with one frame to every seat of its table,
queued and sent by a task of each connection. The frames are as long as the game server's
``state`` frames are on average, measured in this process by playing the run's tables
(:func:`benchmarks.server.table_specs`) through a :class:`~eighthalf.server.tables.lobby.Lobby`
with greedy bots. No game, no database, no protocol: what is left is the floor that no
change to the game server's own code can go under on this stack.

The load is that of :mod:`benchmarks.server`: ``--tables`` tables, each sending a move at
most every ``tables ÷ rate`` seconds and only after its previous move's frame came back,
from ``--clients`` client processes, whose websockets offer permessage-deflate only with
``--compression deflate``, as the game server's benchmark's do (the floor's frames are
padding, which compresses far better than the game's, so that option understates what
compression costs the game server). It prints the messages a second, the latency from a
message to its own answer (p50, p99), the server's CPU per message, and, measured in the
same run, the engine alone's CPU per move (:func:`benchmarks.server.engine_moves_per_second`),
so that the floor is given as a multiple of the engine too.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import multiprocessing
import random
import resource
import statistics
import sys
import tempfile
import time
import zlib
from collections.abc import Sequence
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

from eighthalf.registry import bots_for

from . import server

__all__ = ["FrameSizes", "floor_app", "frame_sizes", "main", "run"]


@dataclasses.dataclass(frozen=True)
class FrameSizes:
    """What the game server sends for a move, on average (:func:`frame_sizes`)."""

    frame_bytes: int
    """The mean length of a ``state`` frame after a move, in bytes of JSON text."""
    frames_per_move: float
    """The ``state`` frames sent for a move (one a seat)."""
    moves: int
    """The moves played to measure it."""
    deflated_bytes: int
    """The mean length of those frames as permessage-deflate sends them to a browser: each
    connection's frames through one raw deflate stream (zlib's default level, a 32 KiB window
    kept from frame to frame), each flushed and without its last four bytes (RFC 7692)."""


class _Recorder:
    """A table's client that keeps the lengths of the ``state`` frames it is sent, as they are
    and deflated (:attr:`FrameSizes.deflated_bytes`)."""

    def __init__(self, lengths: list[int], deflated: list[int]) -> None:
        self.lengths = lengths
        self.deflated = deflated
        self._stream = zlib.compressobj(wbits=-zlib.MAX_WBITS)

    def deliver(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state" and message["last"] is not None:
            raw = text.encode()
            self.lengths.append(len(raw))
            sent = self._stream.compress(raw) + self._stream.flush(zlib.Z_SYNC_FLUSH)
            self.deflated.append(len(sent) - 4)  # without the flush's 00 00 ff ff, as RFC 7692 sends it

    def close(self, code: int, reason: str) -> None:  # pragma: no cover - never closed here
        pass


def frame_sizes(config: server.Config, games: int = 12) -> FrameSizes:
    """Play ``games`` games of the run's tables through a lobby, every seat a person played by a
    greedy bot: the mean length of the ``state`` frames their moves send."""
    from eighthalf.server.protocol.games import table_spec
    from eighthalf.server.storage.store import SQLiteStore
    from eighthalf.server.tables.lobby import Lobby

    lengths: list[int] = []
    deflated: list[int] = []
    rng = random.Random(server.SEED)

    async def play(lobby: Lobby) -> int:
        moves = 0
        specs = server.table_specs(config)
        for number in range(games):
            table = lobby.create(table_spec(specs[number % len(specs)]))
            for seat in range(table.players):
                table.join(seat, f"bot {seat}")
                table.attach(_Recorder(lengths, deflated), seat)
            bots = [bots_for(table.game)["greedy"]() for _ in range(table.players)]
            while (mover := table.game.to_move(table.state)) is not None:
                move = bots[mover].choose(table.game.view(table.state, mover), rng)
                await table.play(mover, table.game.move_text(move))
                moves += 1
        return moves

    with tempfile.TemporaryDirectory(prefix="eighthalf-floor-") as folder:
        store = SQLiteStore(str(Path(folder) / "t.sqlite3"))
        try:
            moves = asyncio.run(play(Lobby(store)))
        finally:
            store.close()
    return FrameSizes(round(statistics.fmean(lengths)), len(lengths) / moves, moves, round(statistics.fmean(deflated)))


def floor_app(frame: str) -> Any:
    """The Starlette application of the floor: ``/ws/{table}`` websockets; each message one of
    them sends is read as JSON and answered with ``frame`` to every websocket of its table."""
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    tables: dict[str, list[asyncio.Queue[str]]] = {}

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        queue: asyncio.Queue[str] = asyncio.Queue()
        table = tables.setdefault(websocket.path_params["table"], [])
        table.append(queue)

        async def send_all() -> None:
            while True:
                await websocket.send_text(await queue.get())

        sender = asyncio.get_running_loop().create_task(send_all())
        try:
            while True:
                message = json.loads(await websocket.receive_text())
                if message.get("type") == "move":
                    for each in table:
                        each.put_nowait(frame)
        except Exception:  # the connection closed
            pass
        finally:
            sender.cancel()
            table.remove(queue)

    return Starlette(routes=[WebSocketRoute("/ws/{table}", endpoint)])


def _serve(frame_bytes: int, port_file: str) -> None:
    """The floor's server process: uvicorn as ``eighthalf serve`` configures it, on a free port."""
    import gc
    import socket

    import uvicorn

    from eighthalf.server.web.cli import GC_THRESHOLDS
    from eighthalf.server.web.sockets import MAX_FRAME_BYTES

    gc.set_threshold(*GC_THRESHOLDS)  # as eighthalf serve does

    frame = json.dumps({"type": "state", "padding": "x" * max(0, frame_bytes - 30)}, separators=(",", ":"))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    config = uvicorn.Config(floor_app(frame), ws_max_size=MAX_FRAME_BYTES, log_level="info", lifespan="off")
    floor = uvicorn.Server(config)

    async def serve() -> None:
        task = asyncio.create_task(floor.serve(sockets=[listener]))
        while not floor.started and not task.done():
            await asyncio.sleep(0.05)
        Path(port_file).write_text(str(listener.getsockname()[1]), encoding="ascii")  # listening now
        await task

    asyncio.run(serve())


async def _table(
    url: str, players: int, window: tuple[float, float], interval: float, tally: dict[str, Any], compression: str
) -> None:
    from websockets.asyncio.client import connect

    offer = None if compression == "none" else compression  # as the game server's benchmark's clients
    async with contextlib.AsyncExitStack() as stack:
        sockets = [
            await stack.enter_async_context(connect(url, max_size=None, compression=offer)) for _ in range(players)
        ]
        tally["connections"] += players
        await asyncio.sleep(random.random() * interval)
        seat = 0
        while time.monotonic() < window[1]:
            sent = time.monotonic()
            await sockets[seat].send('{"type":"move","move":"x","number":1}')
            for each in sockets:
                await each.recv()
            now = time.monotonic()
            if window[0] <= sent and now < window[1]:
                tally["messages"] += 1
                tally["latencies"].append(now - sent)
            seat = (seat + 1) % players
            await asyncio.sleep(max(0.0, sent + interval - time.monotonic()))


def _client(urls: list[str], tables: list[int], config: server.Config, barrier: Barrier, results: Any) -> None:
    """One client process: its tables (``urls`` and their numbers of seats) played until the window ends."""

    async def play() -> dict[str, Any]:
        tally: dict[str, Any] = {"messages": 0, "latencies": [], "connections": 0}
        await asyncio.to_thread(barrier.wait, 120)
        now = time.monotonic()
        window = (now + config.warmup, now + config.warmup + config.seconds)
        interval = config.tables / config.rate if config.rate else 0.0
        start = resource.getrusage(resource.RUSAGE_SELF)
        await asyncio.gather(
            *(
                _table(url, players, window, interval, tally, config.compression)
                for url, players in zip(urls, tables, strict=True)
            )
        )
        end = resource.getrusage(resource.RUSAGE_SELF)
        tally["cpu"] = end.ru_utime - start.ru_utime + end.ru_stime - start.ru_stime
        return tally

    try:
        results.put(asyncio.run(play()))
    except Exception as error:  # reported, not lost in the child
        results.put({"error": f"{type(error).__name__}: {error}"})
        with contextlib.suppress(Exception):
            barrier.abort()


def run(config: server.Config) -> dict[str, Any]:
    """Measure the floor once with ``config``'s load: the figures as a JSON-able dictionary."""
    import subprocess

    sizes = frame_sizes(config)
    engine, _ = server.engine_moves_per_second(config, min(3.0, max(config.seconds / 10, 0.5)))
    players = [config.players[(index // 2) % len(config.players)] for index in range(config.tables)]
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="eighthalf-floor-") as folder:
        port_file = Path(folder) / "port"
        process = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.server_floor", "--serve", str(sizes.frame_bytes), str(port_file)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        clients: list[Any] = []
        try:
            while not port_file.exists() or not port_file.read_text(encoding="ascii"):
                if process.poll() is not None:
                    raise RuntimeError("the floor's server did not start")
                time.sleep(0.05)
            url = f"ws://127.0.0.1:{port_file.read_text(encoding='ascii')}/ws/"
            barrier = context.Barrier(config.clients + 1)
            results = context.Queue()
            shares = [players[number :: config.clients] for number in range(config.clients)]
            clients = [
                context.Process(
                    target=_client,
                    args=([f"{url}{number}-{index}" for index in range(len(share))], share, config, barrier, results),
                    daemon=True,
                )
                for number, share in enumerate(shares)
            ]
            for each in clients:
                each.start()
            try:
                barrier.wait(120)
            except Exception:
                raise RuntimeError(f"a client process failed: {results.get(timeout=5)}") from None
            time.sleep(config.warmup)
            begin_cpu, begin = sum(server.process_cpu(process.pid)), time.monotonic()
            time.sleep(config.seconds)
            end_cpu, elapsed = sum(server.process_cpu(process.pid)), time.monotonic() - begin
            tallies = [results.get(timeout=config.seconds + 120) for _ in clients]
            failed = [tally["error"] for tally in tallies if "error" in tally]
            if failed:
                raise RuntimeError(f"a client process failed: {failed[0]}")
        finally:
            for each in clients:
                each.join(10)
                if each.is_alive():
                    each.kill()
            process.kill()
            process.wait()
    messages = sum(tally["messages"] for tally in tallies) / config.seconds
    latencies = [value * 1000 for tally in tallies for value in tally["latencies"]]
    cpu = (end_cpu - begin_cpu) / elapsed
    return {
        "frame_sizes": dataclasses.asdict(sizes),
        "messages_per_second": messages,
        "latency_ms": {
            "p50": statistics.median(latencies) if latencies else float("nan"),
            "p99": server.percentile(latencies, 0.99),
        },
        "server_cpu": cpu,
        "server_cpu_per_message_us": 1e6 * cpu / messages if messages else float("nan"),
        "engine_moves_per_second": engine,
        "connections": sum(tally["connections"] for tally in tallies),
    }


def report(figures: dict[str, Any], command: str) -> str:
    """The printed table of :func:`run`'s figures."""
    sizes = figures["frame_sizes"]
    per_message = figures["server_cpu_per_message_us"]
    engine_us = 1e6 / figures["engine_moves_per_second"]
    rows = [
        ("frames a move (the game server's, measured)", f"{sizes['frames_per_move']:.2f}", ""),
        ("bytes a frame (the game server's mean)", f"{sizes['frame_bytes']:,}", "B"),
        ("  deflated, as a browser is sent it", f"{sizes['deflated_bytes']:,}", "B"),
        ("messages answered", f"{figures['messages_per_second']:,.1f}", "/s"),
        ("latency, message to own answer: p50", f"{figures['latency_ms']['p50']:.1f}", "ms"),
        ("  p99", f"{figures['latency_ms']['p99']:.1f}", "ms"),
        ("server CPU", f"{figures['server_cpu']:.0%}", "of a core"),
        ("server CPU per message (the floor)", f"{per_message:,.0f}", "µs"),
        ("reference: engine alone's CPU per move", f"{engine_us:,.1f}", "µs"),
        ("floor ÷ engine alone", f"{per_message / engine_us:.1f}", "×"),
    ]
    width = max(len(name) for name, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    lines = [f"the web stack's floor (Starlette on uvicorn, no game, no database): {command}", ""]
    lines += [f"{name.ljust(width)}  {value.rjust(value_width)}  {unit}".rstrip() for name, value, unit in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m benchmarks.server_floor [--tables N] [--seconds S] [--rate R] [--json]``."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["--serve"] and len(arguments) == 3:
        _serve(int(arguments[1]), arguments[2])
        return 0
    parser = server.arguments_parser("python -m benchmarks.server_floor")
    parser.description = "Measure the web stack's floor under the game server (no game, no database)."
    config = server.config_of(parser, arguments)
    if config.db is not None or config.processes != 1 or config.profile is not None:
        parser.error("--db, --processes and --profile are not options of the floor")
    figures = run(config)
    if parser.parse_args(arguments).json:
        print(json.dumps(figures, indent=2, ensure_ascii=False))
    else:
        print(report(figures, " ".join(["python -m benchmarks.server_floor", *arguments])))
    return 0


if __name__ == "__main__":
    from benchmarks.server_floor import main as _main  # the client processes find everything under this name

    sys.exit(_main())
