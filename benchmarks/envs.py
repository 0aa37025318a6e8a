"""The environments against PettingZoo's ``leduc_holdem_v4`` (issue 20, part 3), in one run:
``python -m benchmarks.envs [--quick]``.

Every row is random masked agent steps per second (CPU time of the process): the agent
picks uniformly among the actions of the mask. The PettingZoo rows step the wrapped AEC
environment through ``agent_iter``/``last``/``step``, as PettingZoo's own examples do; the
batch rows step :mod:`eighthalf.envs.batch` tables, one action per table a step, picked for
all the tables from one draw of the generator (:func:`pick_actions`). ``--old-agent`` runs
every row with the agent before 27 November 2026, which drew a number for every entry of a
batch's masks (3,434 a table for Eights, 89 for 8½: some 10 µs of an Eights table's step)
and found a single environment's legal actions in the int8 mask (some 5 µs more than as
booleans for Eights, nothing for the others). The rows
take turns, ``--repeat`` rounds of them; a row's ratio is the median over the rounds of its
rate divided by leduc's rate of the same round (so a change of load on the machine between
rounds hits both); without leduc (it needs ``rlcard`` and ``pygame``) the ratios are
skipped with a message. The issue's goals: the single 8½
environment ≥ 4× leduc, the batch ≥ 10×; issue 28 sets Eights the same goals.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["aec_steps_per_second", "batch_steps_per_second", "main", "pick_actions", "pick_actions_dense"]

SEED = 20261125
"""The seed of the deals and of the agent's choices."""

LEDUC = "leduc_holdem_v4 (PettingZoo, 2p)"


def aec_steps_per_second(make: Callable[[], Any], episodes: int, *, old_agent: bool = False) -> float:
    """Random masked agent steps per second of a PettingZoo AEC environment over ``episodes``
    episodes: the agent finds the mask's legal actions as booleans (as :func:`pick_actions`
    does), or with ``old_agent`` in the int8 mask itself (some 7 µs a step for Eights'
    3,434 actions, under 1 µs for leduc's 4 and 8½'s 89)."""
    table = make()
    rng = random.Random(SEED)
    steps = 0
    begin = time.process_time()
    for episode in range(episodes):
        table.reset(seed=SEED + episode)
        for _agent in table.agent_iter():
            observation, _reward, termination, truncation, _info = table.last()
            if termination or truncation:
                action = None
            else:
                mask = observation["action_mask"]
                legal = np.flatnonzero(mask if old_agent else mask != 0)
                action = int(legal[rng.randrange(len(legal))])
                steps += 1
            table.step(action)
    return steps / (time.process_time() - begin)


def pick_actions(rng: np.random.Generator, masks: npt.NDArray[np.int8]) -> npt.NDArray[np.intp]:
    """One action per row of ``masks``, uniformly among the row's legal actions, from one
    draw of ``rng`` for all the rows (every row must hold a legal action): the batch rows'
    agent. The legal entries are found as booleans (numpy's ``flatnonzero`` of an int8
    array is some four times slower)."""
    legal = masks != 0
    counts = np.count_nonzero(legal, axis=1)
    firsts = np.cumsum(counts) - counts
    picked: npt.NDArray[np.intp] = np.flatnonzero(legal)[firsts + (rng.random(len(masks)) * counts).astype(np.intp)]
    return picked - np.arange(0, picked.size * masks.shape[1], masks.shape[1], dtype=np.intp)


def pick_actions_dense(rng: np.random.Generator, masks: npt.NDArray[np.int8]) -> npt.NDArray[np.intp]:
    """One action per row of ``masks``, uniformly among the row's legal actions, by a random
    number for every entry of the mask: the batch rows' agent until 27 November 2026
    (``--old-agent``), which costs as much as the actions are many."""
    picked: npt.NDArray[np.intp] = (rng.random(masks.shape) * masks).argmax(axis=1)
    return picked


def batch_steps_per_second(make: Callable[[], Any], steps: int, *, old_agent: bool = False) -> float:
    """Random masked agent steps per second (all tables) of a batch over ``steps`` batch
    steps; the agent is :func:`pick_actions` (:func:`pick_actions_dense` if ``old_agent``)."""
    batch = make()
    rng = np.random.default_rng(SEED)
    pick = pick_actions_dense if old_agent else pick_actions
    out = batch.reset(seed=SEED)
    begin = time.process_time()
    for _ in range(steps):
        out = batch.step(pick(rng, out.masks))
    return float(steps * batch.tables / (time.process_time() - begin))


def _leduc() -> Callable[[], Any] | str:
    """leduc_holdem_v4's ``env``, or why it cannot be made."""
    try:
        from pettingzoo.classic import leduc_holdem_v4

        leduc_holdem_v4.env().reset(seed=1)
    except Exception as error:  # rlcard or pygame missing, or anything else: skip the ratios
        return f"leduc_holdem_v4 is unavailable ({type(error).__name__}: {error}); it needs rlcard and pygame"
    return leduc_holdem_v4.env  # type: ignore[no-any-return]


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every row ``--repeat`` times (the rows taking turns), print the medians of the
    rates and of the ratios to leduc's rate measured just before."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.envs", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run with noisier numbers")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="samples per row (default 3)")
    parser.add_argument("--players", type=int, default=4, help="seats at each table (default 4)")
    parser.add_argument(
        "--batch-steps",
        type=int,
        metavar="N",
        help="batch steps of each batch row's sample (default: 60 for 8½'s, 15 for Eights', 4 times as many without"
        " --quick); a long run shows a batch's steady state, past its first moves",
    )
    parser.add_argument(
        "--old-agent",
        action="store_true",
        help="the agent before 27 November 2026 (a random number for every mask entry of a batch)",
    )
    args = parser.parse_args(argv)
    from eighthalf.envs import env as round_env
    from eighthalf.envs.batch import EightsBatch, RoundBatch
    from eighthalf.envs.eights import env as eights_env

    scale = 1 if args.quick else 4
    players, old = args.players, args.old_agent
    rows: list[tuple[str, Callable[[], float]]] = []
    leduc = _leduc()
    if not isinstance(leduc, str):
        rows.append((LEDUC, lambda: aec_steps_per_second(leduc, 500 * scale, old_agent=old)))
    rows += [
        (
            f"8½ env (PettingZoo AEC, {players}p)",
            lambda: aec_steps_per_second(lambda: round_env(players), 60 * scale, old_agent=old),
        ),
        (
            f"8½ RoundBatch (64 tables, {players}p)",
            lambda: batch_steps_per_second(
                lambda: RoundBatch(64, players), args.batch_steps or 60 * scale, old_agent=old
            ),
        ),
        (
            f"Eights env (PettingZoo AEC, {players}p)",
            lambda: aec_steps_per_second(lambda: eights_env(players), scale, old_agent=old),
        ),
        (
            f"Eights EightsBatch (16 tables, {players}p)",
            lambda: batch_steps_per_second(
                lambda: EightsBatch(16, players), args.batch_steps or 15 * scale, old_agent=old
            ),
        ),
    ]
    for _title, measure in rows:
        measure()  # warm up
    samples: dict[str, list[float]] = {title: [] for title, _ in rows}
    for _ in range(args.repeat):  # the rows take turns, so that a change of load on the machine hits them all
        for title, measure in rows:
            samples[title].append(measure())
    reference = samples.get(LEDUC)
    width = max(len(title) for title in samples)
    for title, values in samples.items():
        ratio = ""
        if reference:  # the median of the ratios of the samples taken one after the other
            ratio = (
                f"{statistics.median(value / base for value, base in zip(values, reference, strict=True)):6.2f}× leduc"
            )
        print(f"{title.ljust(width)}  {statistics.median(values):10,.0f} steps/s  {ratio}")
    if isinstance(leduc, str):
        print(f"ratios skipped: {leduc}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
