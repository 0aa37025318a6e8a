"""What a factored action encoding of Eights could save, measured from below (issue 28):
``python -m benchmarks.eights_mask_floor [--repeat N]``.

A factored action (first the hand slots that give letters, then the slots that replace
table cards) needs the same legal spellings as the shipped flat mask to mask either
decision, so the engine's spelling search is a floor under any Eights mask. This prints,
per row of 16 positions of random 4-player play (as an ``EightsBatch`` of 16 tables sees
them), the time of that floor (``spellings`` of each seat to move), of the shipped mask
(:func:`~eighthalf.envs.eights.encoding.mask_states_into`), of the observations
(:func:`~eighthalf.envs.eights.encoding.encode_states_into`) and of the moves
(``apply_unchecked``), each the median over ``--repeat`` rounds with the rows taking
turns, and each as a share of the four together: what the mask costs beyond the floor is
all that another action encoding could save.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np

from eighthalf.eights import GameState, apply_unchecked, legal_moves, new_game
from eighthalf.eights.engine import spellings
from eighthalf.envs.eights.encoding import NUM_ACTIONS, encode_states_into, mask_states_into, observation_size

__all__ = ["main", "positions"]

TABLES = 16
"""Positions per row, as an ``EightsBatch`` of 16 tables masks them in one call."""


def positions(count: int, seed: int = 20261127) -> list[list[GameState]]:
    """``count`` rows of :data:`TABLES` positions each, from random 4-player games (one game per table)."""
    rng = random.Random(seed)
    games = [new_game(4, seed=seed + table) for table in range(TABLES)]
    dealt = TABLES
    rows: list[list[GameState]] = []
    while len(rows) < count:
        rows.append(list(games))
        for table, state in enumerate(games):
            state = apply_unchecked(state, rng.choice(legal_moves(state)))
            if state.outcome is not None:  # a new game at the table, as the batch deals one
                state = new_game(4, seed=seed + dealt)
                dealt += 1
            games[table] = state
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """Time the four parts of a batch step over the same positions and print their medians."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.eights_mask_floor", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, metavar="N", help="rounds (default 5)")
    parser.add_argument("--rows", type=int, default=300, help="rows of 16 positions (default 300)")
    args = parser.parse_args(argv)
    rows = positions(args.rows)
    seats = [[state.hand.to_move for state in row] for row in rows]
    masks = np.zeros((TABLES, NUM_ACTIONS), dtype=np.int8)
    observed = np.zeros((TABLES, observation_size(4)), dtype=np.float32)
    rng = random.Random(1)
    chosen = [[rng.choice(legal_moves(state)) for state in row] for row in rows]

    def floor() -> None:
        for row in rows:
            for state in row:
                spellings(state.hand.hands[state.hand.to_move], state.hand.table)

    def mask() -> None:
        for row, seat in zip(rows, seats, strict=True):
            mask_states_into(row, seat, masks)

    def observe() -> None:
        for row, seat in zip(rows, seats, strict=True):
            encode_states_into(row, seat, observed)

    def move() -> None:
        for row, picks in zip(rows, chosen, strict=True):
            for state, pick in zip(row, picks, strict=True):
                apply_unchecked(state, pick)

    parts: list[tuple[str, Callable[[], None]]] = [
        ("the engine's spellings (the floor of any mask)", floor),
        ("the shipped flat mask (spellings included)", mask),
        ("the observations", observe),
        ("the moves (apply_unchecked)", move),
    ]
    samples: dict[str, list[float]] = {title: [] for title, _ in parts}
    for _ in range(args.repeat + 1):  # the first round warms up
        for title, run in parts:
            begin = time.process_time()
            run()
            samples[title].append((time.process_time() - begin) / (len(rows) * TABLES) * 1e6)
    medians = {title: statistics.median(values[1:]) for title, values in samples.items()}
    step = sum(medians[title] for title, _ in parts[1:])
    width = max(map(len, medians))
    for title, value in medians.items():
        print(f"{title.ljust(width)}  {value:7.2f} µs a position  {value / step:6.1%} of mask+observe+move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
