"""The JavaScript client against the Python client (issue 39, "How fast"): ``python -m benchmarks.js_client``.

It starts a real server process (``python -m eighthalf serve``) on 127.0.0.1 with a temporary
SQLite database and, ``--rounds`` times, the two clients in turn: each gets ``--tables`` new
2-seat tables (8½ and Eights in turn, the same seeds each time, every seat a person's) and
plays every seat from one process of its own, each seat playing the first of its legal moves
as soon as it is to move, one websocket a seat. The same seeds and the same choices make the
same games, so both clients make the same moves and receive about the same frames (the
``seats`` frames of the connections coming and going may differ by one or two).

Both clients' websockets are compressed (permessage-deflate), as Node's and the browsers'
websockets always offer it and the server takes it by default; ``--compression none`` runs the
server with ``--ws-compression none`` instead, so that neither is.

For each run it prints the frames received, the wall time, the frames a second, and the
client process's CPU time per frame (user and system), with the ratio of the Python client's
CPU per frame to the JavaScript client's. The JavaScript client
(``clients/js/src/client.js``, run by Node with ``clients/js/bench/play.mjs``) checks every
frame against its JSON Schema; the Python client
(:class:`eighthalf.server.client.TableConnection`) only decodes the JSON. Nothing is
asserted: the figures are reported. Needs the ``server`` extra and Node.js 20 or newer.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["main", "play_seats", "run"]

ROOT = Path(__file__).resolve().parent.parent
PLAYER = ROOT / "clients" / "js" / "bench" / "play.mjs"
MOVE_LIMIT = 1000
"""The E7 move limit of the 8½ tables: two seats that always play their first legal move can
play a round of 8½ for ever, and the limit ends it."""


def _start_server(folder: Path, compression: str = "deflate") -> tuple[subprocess.Popen[str], str, threading.Thread]:
    command = [sys.executable, "-m", "eighthalf", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--db", str(folder / "tables.sqlite3"), "--ws-compression", compression]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=folder)
    assert process.stdout is not None
    output = process.stdout
    for line in output:
        if line.startswith("eighthalf serve: http://"):
            # the rest of its output (the requests' log lines) read and dropped, so that it never blocks
            drain = threading.Thread(target=lambda: [None for _ in output], daemon=True)
            drain.start()
            return process, line.split()[2].rstrip("/"), drain
    process.kill()
    process.wait()
    output.close()
    raise RuntimeError("the server did not start")


async def _seats(url: str, tables: int) -> list[dict[str, str]]:
    from eighthalf.server.client import create_table, join

    seats: list[dict[str, str]] = []
    for index in range(tables):
        if index % 2 == 0:
            spec: dict[str, Any] = {"game": "8½", "players": 2, "seed": index, "rules": {"move_limit": MOVE_LIMIT}}
        else:
            spec = {"game": "Eights", "players": 2, "seed": index}
        table = (await create_table(url, spec))["id"]
        for seat in range(2):
            seats.append({"table": table, "token": await join(url, table, seat, f"p{seat}")})
    return seats


async def play_seats(url: str, seats: Sequence[dict[str, str]], compress: bool = True) -> dict[str, float]:
    """The Python client's side: play each seat to the end of its game, each choosing its
    first legal move (offering permessage-deflate if ``compress``); the frames received (the
    welcomes too), the moves, and the time taken."""
    from eighthalf.server.client import TableConnection

    frames = moves = 0

    async def seat(table: str, token: str) -> None:
        nonlocal frames, moves
        async with TableConnection.open(url, table, token, compress=compress) as connection:
            frames += 1  # the welcome
            async for frame in connection.messages():
                frames += 1
                if frame["type"] != "state":
                    continue
                if frame["result"] is not None:
                    return
                if frame["moves"]:
                    await connection.move(frame["moves"][0], frame["number"])
                    moves += 1

    before = resource.getrusage(resource.RUSAGE_SELF)
    began = time.perf_counter()
    await asyncio.gather(*(seat(entry["table"], entry["token"]) for entry in seats))
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {"frames": frames, "moves": moves, "wall": wall, "cpu": cpu}


def _client(kind: str, url: str, seats_file: Path, compression: str) -> dict[str, float]:
    if kind == "JavaScript":
        command = ["node", "--experimental-websocket", "--no-warnings", str(PLAYER), str(seats_file)]
    else:
        command = [sys.executable, "-m", "benchmarks.js_client", "--play", url, str(seats_file)]
        command += ["--compression", compression]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run(tables: int, rounds: int, compression: str = "deflate") -> list[tuple[str, dict[str, float]]]:
    """Start a server (its websockets' ``compression``, ``deflate`` or ``none``) and play
    ``rounds`` runs of each client in turn: (client, figures) a run."""
    rows: list[tuple[str, dict[str, float]]] = []
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        server, url, drain = _start_server(folder, compression)
        try:
            for _ in range(rounds):
                for kind in ("JavaScript", "Python"):
                    seats = asyncio.run(_seats(url, tables))
                    seats_file = folder / "seats.json"
                    seats_file.write_text(json.dumps({"url": url, "seats": seats}))
                    rows.append((kind, _client(kind, url, seats_file, compression)))
        finally:
            server.terminate()
            server.wait(30)
            drain.join(30)  # the output's end, once the server is gone
            if server.stdout is not None:
                server.stdout.close()
    return rows


def _report(rows: Sequence[tuple[str, dict[str, float]]], tables: int, compression: str) -> None:
    print(f"{tables} tables of 2 seats a run (8½ and Eights in turn), one websocket a seat, one process a client")
    print(f"websockets: {'permessage-deflate' if compression == 'deflate' else 'not compressed'}")
    print(f"{'client':<12}{'frames':>8}{'moves':>8}{'wall s':>8}{'frames/s':>10}{'CPU µs/frame':>14}")
    cost: dict[str, list[float]] = {}
    for kind, figures in rows:
        per_frame = figures["cpu"] / figures["frames"] * 1e6
        cost.setdefault(kind, []).append(per_frame)
        rate = figures["frames"] / figures["wall"]
        print(
            f"{kind:<12}{figures['frames']:>8.0f}{figures['moves']:>8.0f}{figures['wall']:>8.2f}{rate:>10,.0f}{per_frame:>14,.1f}"
        )
    ratio = statistics.median(cost["Python"]) / statistics.median(cost["JavaScript"])
    print(f"Python client's CPU per frame ÷ the JavaScript client's (medians): {ratio:.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.js_client", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables a run (default 20)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each client, in turn (default 2)")
    parser.add_argument(
        "--compression", choices=("deflate", "none"), default="deflate", help="the websockets' (default deflate)"
    )
    parser.add_argument("--json", action="store_true", help="print the runs' figures as JSON")
    parser.add_argument("--play", nargs=2, metavar=("URL", "SEATS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        url, seats_file = args.play
        seats = json.loads(Path(seats_file).read_text())["seats"]
        print(json.dumps(asyncio.run(play_seats(url, seats, args.compression == "deflate"))))
        return 0
    if args.tables < 1 or args.rounds < 1:
        parser.error("--tables and --rounds are positive whole numbers")
    if shutil.which("node") is None:
        print("python -m benchmarks.js_client: error: Node.js is not on PATH", file=sys.stderr)
        return 2
    rows = run(args.tables, args.rounds, args.compression)
    if args.json:
        print(json.dumps([{"client": kind, **figures} for kind, figures in rows]))
    else:
        _report(rows, args.tables, args.compression)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
