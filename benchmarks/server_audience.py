"""The game server's own CPU per move by the size of a table's audience: ``python -m benchmarks.server_audience``.

In one process, with no web stack and no network: rounds of 8½ at tables of two seats, each
move chosen by a greedy bot and made through :meth:`Table.play
<eighthalf.server.tables.table.Table.play>` (checked, committed to SQLite, then told to every
connection, as the server does for a person's move). Each table is followed by its two seats'
connections and by ``N`` spectators (``--spectators``, default ``0,16,64``). The table writes
each frame once, for every connection of one seat and language, and gives each connection
its text, which the connection here counts and drops.

It prints the CPU per move (the bots' choices left out), the median of ``--repeat`` runs, for
each audience, and, measured in the same run as a reference, the engine alone's CPU per move
(:func:`benchmarks.server.engine_moves_per_second`). What a real server adds for each
connection (the websocket's frames, the network) is not in it: see ``python -m
benchmarks.server``. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from eighthalf.registry import bots_for
from eighthalf.server.protocol.games import table_spec
from eighthalf.server.storage.store import SQLiteStore
from eighthalf.server.tables.lobby import Lobby

from . import server

__all__ = ["cpu_per_move", "main"]


class _Connection:
    """A table's connection that counts the text it is given and drops it."""

    def __init__(self) -> None:
        self.written = 0

    def deliver(self, text: str) -> None:
        self.written += len(text)

    def close(self, code: int, reason: str) -> None:
        pass


def cpu_per_move(spectators: int, rounds: int, folder: Path) -> float:
    """The server's CPU per move (µs, the bots' choices left out) over ``rounds`` rounds of 8½
    at tables followed by their two seats and ``spectators`` spectators."""

    async def play() -> tuple[int, float]:
        store = SQLiteStore(str(folder / f"audience-{spectators}-{time.monotonic_ns()}.sqlite3"))
        lobby = Lobby(store)
        rng = random.Random(1)
        moves, choosing = 0, 0.0
        begin = time.process_time()
        for number in range(rounds):
            table = lobby.create(
                table_spec(
                    {"game": "8½", "players": 2, "seats": [None, None], "seed": number, "rules": {"move_limit": 1000}}
                )
            )
            for player in (0, 1):
                table.join(player, f"P{player}")
            for viewer in (0, 1, *([None] * spectators)):
                table.attach(_Connection(), viewer)
            bots = [bots_for(table.game)["greedy"]() for _ in (0, 1)]
            while (mover := table.game.to_move(table.state)) is not None:
                chosen = time.process_time()
                text = table.game.move_text(bots[mover].choose(table.game.view(table.state, mover), rng))
                choosing += time.process_time() - chosen
                await table.play(mover, text)
                moves += 1
            lobby.let_go(table)
        spent = time.process_time() - begin - choosing
        store.close()
        return moves, spent

    moves, spent = asyncio.run(play())
    return 1e6 * spent / moves


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server_audience", description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", default="0,16,64", help="spectators of each table (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of 8½ a run (default %(default)s)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each row; the median is shown (default 3)")
    args = parser.parse_args(argv)
    try:
        audiences = [int(text) for text in args.spectators.split(",")]
        if not audiences or any(count < 0 for count in audiences) or args.rounds < 1 or args.repeat < 1:
            raise ValueError
    except ValueError:
        parser.error(
            f"--spectators takes counts such as 0,16,64, --rounds and --repeat positive numbers, not {args.spectators!r}"
        )
    engine, _ = server.engine_moves_per_second(server.Config(), 1.0)
    measured: dict[int, list[float]] = {count: [] for count in audiences}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.repeat):  # in turn, so that a change of the machine's load falls on every row
            for count in audiences:
                measured[count].append(cpu_per_move(count, args.rounds, Path(folder)))
    reference = 1e6 / engine
    print(f"reference: the engine alone, {reference:.1f} µs of CPU a move (greedy bots, checked apply)")
    print(f"{'spectators':>10} {'CPU a move µs':>14} {'x engine':>9}")
    for count in audiences:
        spent = statistics.median(measured[count])
        print(f"{count:>10} {spent:>14.0f} {spent / reference:>8.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
