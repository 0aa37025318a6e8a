"""How fast, how calibrated and how strong the analysis is: ``python -m benchmarks.analysis [--quick]``.

This is a benchmark script, not a timed test (issue 38; the figures are on the docs page
"Reviewing a game", ``docs/review.rst``). It measures, for 8½ (one round) and Eights at
four seats:

- **speed**: the seconds of one decision's analysis at the default budget
  (:data:`~eighthalf.analysis.analyse.DEFAULT_BUDGET`), p50 and p95 over every decision
  with two or more legal moves of ``--games`` games played by the analysis's play-out
  policy; the engine's steps a second in the same run (legal moves and an unchecked move,
  the game protocol's fast path, by the same policy) and the ratio, the engine steps one
  decision costs; and the seconds of a whole round of 8½ reviewed for one seat;
- **calibration**: over ``--decisions`` decisions of fresh games (each game played by the
  play-out policy, every ``--every``-th decision taken), the predicted chance to win of
  the move played (the play-out policy's move, which every seat plays: the players the
  analysis models the other seats by) against whether the game, played on from the real
  state by the same policy, was won (a shared win counts as a share); a reliability table
  by deciles and the expected calibration error (ECE: the mean, weighted by count, of
  the gap between a decile's mean prediction and its win rate);
- **strength**: a bot that plays the analysis's best move at the default budget against
  three copies of the game's strongest bot (its registry entry's
  :attr:`~eighthalf.registry.GameEntry.analysis_bot`), every cyclic seating (the analysis
  bot at each seat in turn) on the same deals: its win share against the par of a seat,
  with a 95% Wilson interval.

The runs are seeded (``--seed``): deal ``g`` is dealt from ``seed * 1_000_003 + g``.
``--quick`` takes small numbers, to check that it runs.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from benchmarks.eights_strength import wilson
from benchmarks.strength import percentile
from eighthalf.analysis import DEFAULT_BUDGET, analyse, policies_for
from eighthalf.analysis.analyse import HORIZON
from eighthalf.analysis.review import review
from eighthalf.core.game import Game
from eighthalf.formats.replay import GameRecord
from eighthalf.players.search import roll_out
from eighthalf.registry import GameEntry, find

__all__ = ["AnalysisBot", "calibration", "main", "reliability", "speed", "strength"]

GAMES = ("8½", "Eights")
PLAYERS = 4


def _seed(seed: int, number: int) -> int:
    return seed * 1_000_003 + number


def _policy(game: Game[Any, Any, Any, Any, Any]) -> Callable[[Any, random.Random], Any]:
    playout = policies_for(game).playout
    assert playout is not None
    return playout


def _share(game: Game[Any, Any, Any, Any, Any], state: Any, seat: int) -> float:
    result = game.result(state)
    if result is None or seat not in result.winners:
        return 0.0
    return 1 / len(result.winners)


# --------------------------------------------------------------------------- speed


def speed(name: str, games: int, seed: int, budget: int) -> dict[str, float]:
    """Seconds per decision at ``budget``, engine steps a second, and their ratio, for ``games`` games of ``name``."""
    entry = find(name)
    game = entry.game
    policy = _policy(game)
    times: list[float] = []
    steps, step_seconds = 0, 0.0
    for number in range(games):
        rng = random.Random(_seed(seed, number))
        state = game.start(PLAYERS, seed=_seed(seed, number))
        while (seat := game.to_move(state)) is not None:
            seen = game.view(state, seat)
            if len(seen.legal_moves()) > 1:
                start = time.perf_counter()
                analyse(game, seen, budget=budget, seed=number)
                times.append(time.perf_counter() - start)
            state = game.apply_unchecked(state, policy(state, rng))
        start = time.perf_counter()  # the engine alone: the same game again, by the same policy
        rng = random.Random(_seed(seed, number))
        state = game.start(PLAYERS, seed=_seed(seed, number))
        while game.to_move(state) is not None:
            game.legal_moves(state)
            state = game.apply_unchecked(state, policy(state, rng))
            steps += 1
        step_seconds += time.perf_counter() - start
    rate = steps / step_seconds
    p50, p95 = statistics.median(times), percentile(times, 0.95)
    return {"decisions": len(times), "p50": p50, "p95": p95, "max": max(times), "steps": rate, "ratio": p95 * rate}


def review_seconds(seed: int, budget: int) -> tuple[float, int]:
    """The seconds of a round of 8½ at four seats, played by the play-out policy, reviewed for seat 0; its decisions."""
    entry = find("8½")
    game = entry.game
    policy = _policy(game)
    record: GameRecord[Any, Any] = entry.make_record(PLAYERS, seed, game.default_rules, 1)
    state, rng = record.start(), random.Random(seed)
    while game.to_move(state) is not None:
        move = policy(state, rng)
        record, state = record.played(move), game.apply(state, move)
    start = time.perf_counter()
    found = review(record, 0, budget=budget, seed=seed)
    return time.perf_counter() - start, len(found.decisions)


# --------------------------------------------------------------------------- calibration


def _calibration_game(task: tuple[str, int, int, int, int]) -> list[tuple[float, float]]:
    """The (prediction, outcome) pairs of one game: every ``every``-th decision, from ``start``."""
    name, number, seed, every, budget = task
    game = find(name).game
    policy = _policy(game)
    rng = random.Random(_seed(seed, number))
    state = game.start(PLAYERS, seed=_seed(seed, number))
    pairs: list[tuple[float, float]] = []
    decision = 0
    while (seat := game.to_move(state)) is not None:
        seen = game.view(state, seat)
        move = policy(state, rng)
        if len(seen.legal_moves()) > 1:
            if decision % every == number % every:
                found = analyse(game, seen, budget=budget, seed=_seed(seed, number) + decision, include=(move,))
                predicted = found.value(game.move_text(move)).chance
                luck = random.Random(_seed(seed, number) * 7 + decision)
                last = roll_out(game, game.apply_unchecked(state, move), policy, luck, HORIZON)  # as the analysis does
                pairs.append((predicted, 0.0 if last is None else _share(game, last, seat)))
            decision += 1
        state = game.apply_unchecked(state, move)
    return pairs


def calibration(
    name: str, decisions: int, seed: int, every: int, budget: int, workers: int
) -> list[tuple[float, float]]:
    """At least ``decisions`` (prediction, outcome) pairs of fresh games of ``name``."""
    pairs: list[tuple[float, float]] = []
    number = 0
    with ProcessPoolExecutor(workers) as pool:
        while len(pairs) < decisions:
            batch = [(name, number + at, seed, every, budget) for at in range(max(workers * 2, 4))]
            number += len(batch)
            for found in pool.map(_calibration_game, batch):
                pairs.extend(found)
    return pairs[:decisions] if len(pairs) > decisions else pairs


def reliability(pairs: Sequence[tuple[float, float]]) -> tuple[list[tuple[str, int, float, float]], float]:
    """The reliability table by deciles of prediction (label, count, mean prediction, win rate) and the ECE.

    >>> rows, ece = reliability([(0.25, 1.0), (0.25, 0.0), (0.9, 1.0)])
    >>> rows[2], round(ece, 3)
    (('0.2-0.3', 2, 0.25, 0.5), 0.2)
    """
    rows: list[tuple[str, int, float, float]] = []
    gap = 0.0
    for decile in range(10):
        low, high = decile / 10, (decile + 1) / 10
        inside = [pair for pair in pairs if low <= pair[0] < high or (decile == 9 and pair[0] == 1.0)]
        if not inside:
            rows.append((f"{low:.1f}-{high:.1f}", 0, math.nan, math.nan))
            continue
        predicted = statistics.fmean(pair[0] for pair in inside)
        observed = statistics.fmean(pair[1] for pair in inside)
        rows.append((f"{low:.1f}-{high:.1f}", len(inside), predicted, observed))
        gap += len(inside) * abs(predicted - observed)
    return rows, gap / max(len(pairs), 1)


# --------------------------------------------------------------------------- strength


class AnalysisBot:
    """Plays the analysis's best move at ``budget``, its seed drawn from the caller's generator."""

    name = "analysis"

    def __init__(self, game: Game[Any, Any, Any, Any, Any], budget: int = DEFAULT_BUDGET) -> None:
        self.game, self.budget = game, budget

    def choose(self, seen: Any, rng: random.Random) -> Any:
        """The best move of :func:`~eighthalf.analysis.analyse.analyse` (the one move, if only one)."""
        moves = seen.legal_moves()
        if len(moves) == 1:
            return moves[0]
        found = analyse(self.game, seen, budget=self.budget, seed=rng.getrandbits(32))
        return self.game.parse_move(found.best.move)


def _strength_game(task: tuple[str, int, int, int, int]) -> tuple[float, float]:
    """One deal with the analysis bot at ``place``: its win share, and the mean share of the others."""
    name, number, seed, place, budget = task
    entry = find(name)
    game = entry.game
    strongest = entry.analysis_bot or entry.default_bot
    bots: list[Any] = [entry.bot(strongest) for _ in range(PLAYERS)]
    bots[place] = AnalysisBot(game, budget)
    rng = random.Random(_seed(seed, number) * 31 + place)
    state = game.start(PLAYERS, seed=_seed(seed, number))
    while (seat := game.to_move(state)) is not None:
        state = game.apply(state, bots[seat].choose(game.view(state, seat), rng))
    own = _share(game, state, place)
    others = statistics.fmean(_share(game, state, seat) for seat in range(PLAYERS) if seat != place)
    return own, others


def strength(name: str, deals: int, seed: int, budget: int, workers: int) -> tuple[float, float, int]:
    """The analysis bot's mean win share over ``deals`` deals, each in every seat, the strongest bots' mean, and the games."""
    tasks = [(name, number, seed, place, budget) for number in range(deals) for place in range(PLAYERS)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_strength_game, tasks))
    return statistics.fmean(own for own, _ in results), statistics.fmean(other for _, other in results), len(results)


# --------------------------------------------------------------------------- the command line


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its tables."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.analysis", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small numbers, to check that it runs")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="play-outs per decision")
    parser.add_argument("--games", type=int, default=20, help="games timed per game (speed)")
    parser.add_argument("--decisions", type=int, default=2000, help="decisions per game (calibration)")
    parser.add_argument("--every", type=int, default=4, help="take every n-th decision of a game (calibration)")
    parser.add_argument("--deals", type=int, default=25, help="deals per game, each in every seat (strength)")
    parser.add_argument("--workers", type=int, default=2, help="processes for calibration and strength")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: speed, calibration, strength")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.decisions, args.deals = 2, 60, 1
    skip = set(filter(None, args.skip.split(",")))
    cores = os.cpu_count()
    print(f"analysis benchmark: budget {args.budget} play-outs a decision, {PLAYERS} seats, seed {args.seed}")
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, {cores} cores")
    if "speed" not in skip:
        print()
        print("speed: seconds per decision at the budget (decisions with two or more legal moves)")
        print(
            f"{'game':8} {'decisions':>9} {'p50 s':>7} {'p95 s':>7} {'max s':>7} {'steps/s':>10} {'p95 × steps/s':>14}"
        )
        for name in GAMES:
            found = speed(name, args.games, args.seed, args.budget)
            print(
                f"{name:8} {found['decisions']:9.0f} {found['p50']:7.3f} {found['p95']:7.3f} {found['max']:7.3f} "
                f"{found['steps']:10,.0f} {found['ratio']:14,.0f}"
            )
        seconds, decisions = review_seconds(args.seed, args.budget)
        print(f"a round of 8½ reviewed for one seat: {seconds:.1f} s ({decisions} decisions)")
    if "calibration" not in skip:
        for name in GAMES:
            pairs = calibration(name, args.decisions, args.seed, args.every, args.budget, args.workers)
            rows, ece = reliability(pairs)
            print()
            print(f"calibration of {name}: {len(pairs)} decisions, the game played on by the play-out policy")
            print(f"{'predicted':10} {'count':>6} {'mean':>6} {'won':>6}")
            for label, count, predicted, observed in rows:
                if count:
                    print(f"{label:10} {count:6} {predicted:6.3f} {observed:6.3f}")
                else:
                    print(f"{label:10} {count:6} {'':>6} {'':>6}")
            print(f"expected calibration error: {ece:.3f}")
    if "strength" not in skip:
        print()
        print("strength: the analysis's best move against three of the game's strongest bot, every seat in turn")
        print(f"{'game':8} {'against':9} {'games':>5} {'analysis':>9} {'95% interval':>14} {'others':>7} {'par':>5}")
        for name in GAMES:
            entry: GameEntry = find(name)
            own, others, played = strength(name, args.deals, args.seed, args.budget, args.workers)
            low, high = wilson(own * played, played)
            print(
                f"{name:8} {entry.analysis_bot or entry.default_bot:9} {played:5} {own:9.3f} "
                f"{f'{low:.3f}-{high:.3f}':>14} {others:7.3f} {1 / PLAYERS:5.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
