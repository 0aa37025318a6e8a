"""A batch's rate window by window over a long run, with the garbage collector's share:
``python -m benchmarks.batch_windows [--game eighthalf|eights] [--steps N] [--window N]``.

One batch (:mod:`eighthalf.envs.batch`), dealt from ``benchmarks.envs.SEED`` and stepped by
that benchmark's agent (:func:`benchmarks.envs.pick_actions`) for ``--steps`` batch steps;
each row is one window of ``--window`` steps: its rate (random masked agent steps per
second of all the tables, CPU time of the process), the collections the garbage collector
ran in it by generation and the CPU time they took, the games that ended in it, and the
objects the collector tracks at its end (counted outside the timed part). A last line sets
the first window against the rest: whether a batch slows past its first moves, and whether
steadily or in a step. Every rate of one run shares the process, so they compare; the
rows of :mod:`benchmarks.envs` are what compares with other environments.

``--by-move`` measures instead what a batch step's observations and masks cost by how far
into its game each table is: of ``--games`` random games (seeded), the positions after
each number of moves since the deal, written 64 (``--tables``) games at a time with the
encoding's batched forms as a batch step writes them, each group just after its positions
of the move before (untimed, so that the caches hold what a batch's would), in µs a
table; only whole groups of games still going count.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from .envs import SEED, pick_actions

__all__ = ["BY_MOVE", "Collections", "by_move", "main"]

BY_MOVE = (0, 20, 40, 60, 80, 120)
"""The first move of each group of positions of ``--by-move``."""


class Collections:
    """The garbage collector's passes while it is installed (:data:`gc.callbacks`): how many
    of each generation and the CPU time they took, since :meth:`take` last emptied them."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.seconds = 0.0
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.process_time()
        else:
            self.counts[info["generation"]] += 1
            self.seconds += time.process_time() - self._began

    def take(self) -> tuple[list[int], float]:
        """The passes by generation and their CPU seconds since the last call, then start again."""
        taken = (self.counts, self.seconds)
        self.counts, self.seconds = [0, 0, 0], 0.0
        return taken


def by_move(game: str, players: int, games: int, rows: int) -> list[tuple[int, int, float]]:
    """``(first move, positions, µs a table)`` of each group of :data:`BY_MOVE` that has
    positions: what their observations and masks cost (see the module's description)."""
    from eighthalf.envs.base import encoding_for

    encoding = encoding_for(game)
    play = encoding.game
    rules = encoding.table(None, encoding.default_move_limit)[0]
    rng = random.Random(SEED)
    played: list[list[tuple[Any, int]]] = []  # each game's positions and seats to move
    for number in range(games):
        state, positions = play.start(players, seed=SEED + number, rules=rules), []
        while play.result(state) is None and (seat := play.to_move(state)) is not None:
            positions.append((state, seat))
            state = play.apply_unchecked(state, rng.choice(play.legal_moves(state)))
        played.append(positions)
    observations = np.empty((rows, encoding.observation_size(players)), dtype=np.float32)
    masks = np.empty((rows, encoding.num_actions), dtype=np.int8)

    def write(group: list[tuple[Any, int]]) -> None:
        states, seats = [state for state, _ in group], [seat for _, seat in group]
        encoding.encode_states_into(states, seats, observations)
        encoding.mask_states_into(states, seats, masks)

    seconds = [0.0] * len(BY_MOVE)
    counted = [0] * len(BY_MOVE)
    for move in range(max(map(len, played))):
        going = [positions for positions in played if len(positions) > move]
        for first in range(0, len(going) - rows + 1, rows):  # whole groups of games only
            games_of = going[first : first + rows]
            if move:  # the positions before, as the step before writes them: the caches as a batch has them
                write([positions[move - 1] for positions in games_of])
            begin = time.process_time()
            write([positions[move] for positions in games_of])
            group = sum(move >= start for start in BY_MOVE) - 1
            seconds[group] += time.process_time() - begin
            counted[group] += rows
    return [
        (start, count, took / count * 1e6)
        for start, count, took in zip(BY_MOVE, counted, seconds, strict=True)
        if count
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Step one batch for ``--steps`` batch steps and print a row per window (see the module)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.batch_windows", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="eighthalf", help="the registered game's key (default eighthalf)")
    parser.add_argument("--tables", type=int, default=64, help="tables of the batch (default 64)")
    parser.add_argument("--players", type=int, default=4, help="seats at each table (default 4)")
    parser.add_argument("--steps", type=int, default=600, help="batch steps in all (default 600)")
    parser.add_argument("--window", type=int, default=50, help="batch steps a row (default 50)")
    parser.add_argument("--by-move", action="store_true", help="the observations' and masks' cost by move instead")
    parser.add_argument("--games", type=int, default=640, help="random games of --by-move (default 640)")
    args = parser.parse_args(argv)
    if args.by_move:
        print(f"{args.game}, {args.players} players, {args.games} random games, {args.tables} at a time")
        print(f"{'moves':>8}  {'positions':>9}  {'µs a table':>10}")
        for first, positions, cost in by_move(args.game, args.players, args.games, args.tables):
            after = BY_MOVE.index(first) + 1
            moves = f"{first}–{BY_MOVE[after] - 1}" if after < len(BY_MOVE) else f"{first}–"
            print(f"{moves:>8}  {positions:>9,}  {cost:>10.1f}")
        return 0
    if not 1 <= args.window <= args.steps:
        parser.error("--window must be from 1 to --steps")
    from eighthalf.envs.batch import GameBatch

    batch = GameBatch(args.tables, args.players, game=args.game)
    rng = np.random.default_rng(SEED)
    collections = Collections()
    print(f"{args.game}, {args.tables} tables of {args.players}, windows of {args.window} batch steps")
    print(f"{'steps':>11}  {'steps/s':>9}  {'collections 0/1/2':>17}  {'collector':>9}  {'ended':>5}  {'objects':>8}")
    rates: list[float] = []
    out = batch.reset(seed=SEED)
    gc.callbacks.append(collections)
    try:
        for start in range(0, args.steps - args.window + 1, args.window):
            ended = 0
            collections.take()
            begin = time.process_time()
            for _ in range(args.window):
                out = batch.step(pick_actions(rng, out.masks))
                ended += int(np.count_nonzero(out.terminated | out.truncated))
            seconds = time.process_time() - begin
            counts, collecting = collections.take()
            rates.append(args.window * batch.tables / seconds)
            print(
                f"{start + 1:>5}–{start + args.window:<5}  {rates[-1]:>9,.0f}  {'/'.join(map(str, counts)):>17}  "
                f"{collecting * 1000:>6.1f} ms  {ended:>5}  {len(gc.get_objects()):>8,}"
            )
    finally:
        gc.callbacks.remove(collections)
    if len(rates) > 1:
        rest = (len(rates) - 1) / sum(1 / rate for rate in rates[1:])
        print(f"first window {rates[0]:,.0f} steps/s, the rest {rest:,.0f} ({rest / rates[0]:.0%} of the first)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
