"""What a factored action encoding of Eights could save, measured from below (issue 28):
``python -m benchmarks.eights_mask_floor [--repeat N]``.

A factored action (first the hand slots that give letters, then the slots that replace
table cards) needs the same legal spellings as the shipped flat mask to mask either
decision, so the engine's spelling search is a floor under any Eights mask. This prints,
per row of 16 positions of random 4-player play (as an ``EightsBatch`` of 16 tables sees
them), the time of that floor (``spellings`` of each seat to move), of the shipped mask
(:func:`~eighthalf.games.eights.encoding.mask_states_into`), of the observations
(:func:`~eighthalf.games.eights.encoding.encode_states_into`) and of the moves
(``apply_unchecked``), each the median over ``--repeat`` rounds with the rows taking
turns, and each as a share of the four together: what the mask costs beyond the floor is
all that another action encoding could save.

Then it accounts for a whole table step of the ``EightsBatch`` row of
``python -m benchmarks.envs`` (16 tables of 4 players, its agent
:func:`benchmarks.envs.pick_actions`), over ``--steps`` batch steps of play: each part
timed where the batch calls it (the agent, the masks and within them the engine's
spellings, the observations, the moves), the batch's own work the rest (its checks of
the actions, the results and rewards, the new games, the copies of the rows), and the
garbage collector's passes, which run within those parts (measured first, while the
process holds no other positions: the collector's passes cost more the more objects live).
The timers add some 0.3 µs a call, some 1 µs a table step in all.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from benchmarks.envs import SEED, pick_actions
from eighthalf.eights import GameState, apply_unchecked, legal_moves, new_game
from eighthalf.envs.batch import EightsBatch
from eighthalf.games.eights import encoding_rows as rows_encoding
from eighthalf.games.eights.encoding import (
    NUM_ACTIONS,
    EightsEncoding,
    encode_states_into,
    mask_states_into,
    observation_size,
)
from eighthalf.games.eights.engine import spellings

__all__ = ["STEP_PARTS", "main", "positions", "step_parts"]

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


STEP_PARTS = (
    "the agent (pick_actions)",
    "the masks (mask_states_into)",
    "  of which the engine's spellings",
    "the observations (encode_states_into)",
    "the moves (state_action_to_move, apply_unchecked)",
    "the batch's own work (the rest)",
    "the garbage collector's passes, within the parts above",
)
"""The parts of a table step that :func:`step_parts` times."""


def step_parts(steps: int) -> dict[str, float]:
    """µs a table step of each of :data:`STEP_PARTS` (and ``"all"``), over ``steps`` steps of
    an ``EightsBatch`` of 16 tables of 4 players played by :func:`~benchmarks.envs.pick_actions`."""
    agent, masks, spelled, observed, moved, rest, collected = STEP_PARTS
    spent = dict.fromkeys(STEP_PARTS, 0.0)

    def timed(part: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            begin = time.perf_counter()
            try:
                return call(*args)
            finally:
                spent[part] += time.perf_counter() - begin

        return run

    class Timed(EightsEncoding):
        encode_states_into = staticmethod(timed(observed, encode_states_into))
        mask_states_into = staticmethod(timed(masks, mask_states_into))

    batch = EightsBatch(TABLES, 4, game=Timed())
    game = batch.game

    class Moves:  # the game as the batch's step calls it, the moves timed
        apply_unchecked = staticmethod(timed(moved, game.apply_unchecked))
        result, start, to_move = staticmethod(game.result), staticmethod(game.start), staticmethod(game.to_move)

    batch.game = Moves()  # type: ignore[assignment]
    batch.encoding.state_action_to_move = timed(moved, batch.encoding.state_action_to_move)  # type: ignore[method-assign]
    collecting = [0.0]

    def collector(phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            collecting[0] = time.perf_counter()
        else:
            spent[collected] += time.perf_counter() - collecting[0]

    search, rows_encoding.spellings = rows_encoding.spellings, timed(spelled, rows_encoding.spellings)  # type: ignore[attr-defined]
    rng = np.random.default_rng(SEED)
    out = batch.reset(seed=SEED)
    spent.update(dict.fromkeys(STEP_PARTS, 0.0))
    gc.callbacks.append(collector)
    try:
        begin = time.perf_counter()
        for _ in range(steps):
            picking = time.perf_counter()
            actions = pick_actions(rng, out.masks)
            spent[agent] += time.perf_counter() - picking
            out = batch.step(actions)
        whole = time.perf_counter() - begin
    finally:
        gc.callbacks.remove(collector)
        rows_encoding.spellings = search  # type: ignore[attr-defined]
    spent[rest] = whole - sum(value for part, value in spent.items() if part not in (spelled, collected))
    scale = 1e6 / (steps * TABLES)
    return {"all": whole * scale} | {part: value * scale for part, value in spent.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """Time the four parts of a batch step over the same positions and print their medians."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.eights_mask_floor", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, metavar="N", help="rounds (default 5)")
    parser.add_argument("--rows", type=int, default=300, help="rows of 16 positions (default 300)")
    parser.add_argument("--steps", type=int, default=300, help="batch steps of the step's account (default 300)")
    args = parser.parse_args(argv)
    accounts = [step_parts(args.steps) for _ in range(args.repeat)]  # first: the rows below keep 4,800 states alive
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
    print(f"a table step of an EightsBatch of {TABLES} tables (4 players), medians of {args.repeat}:")
    width = max(map(len, STEP_PARTS))
    whole = statistics.median(account["all"] for account in accounts)
    for part in STEP_PARTS:
        value = statistics.median(account[part] for account in accounts)
        print(f"{part.ljust(width)}  {value:7.2f} µs  {value / whole:6.1%}")
    print(f"{'all'.ljust(width)}  {whole:7.2f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
