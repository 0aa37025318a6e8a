"""How strong the built-in bots are: ``python -m benchmarks.strength --rounds 1000 --workers 2``.

This is a benchmark script, not a timed test. Each *line-up* is 4 players, one bot
against three copies of another, with the seats rotated every round (so that no bot
keeps the advantage of a seat) and a move limit of 1,000 (E7), because random play can
go round in circles for ever. For each line-up it prints every bot's win rate and mean
points per round (E6) with 95% confidence intervals (Wilson for the win rate, normal for
the points), and whether the first bot's points interval lies wholly above the other
bot's. The points of a round add up to 3 among 4 seats, so 0.75 is the par of a seat.

The line-ups (``--lineups``, comma-separated; all by default):

- ``greedy-random``: GreedyBot against 3 RandomBots;
- ``search-greedy``: SearchBot against 3 GreedyBots;
- ``search-random``: SearchBot against 3 RandomBots (only with ``--lineups``).

The run is seeded (``--seed``) and reproducible: the rounds are played by
:func:`eighthalf.simulate.simulate`, which derives every round's deal and the bots'
random numbers from the seed and the round's number alone, whatever the number of
workers. SearchBot uses its defaults (an iteration budget, not a time budget, so the
result does not depend on the machine's speed).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Sequence

import attrs

from eighthalf import Rules
from eighthalf.simulate import Standing, Summary, simulate

__all__ = ["LINEUPS", "Lineup", "main", "report", "run_lineup"]

PLAYERS = 4
MOVE_LIMIT = 1000


@attrs.frozen
class Lineup:
    """One bot (``bot``) against ``PLAYERS - 1`` copies of another (``field``)."""

    bot: str
    field: str

    @property
    def name(self) -> str:
        """``"search-greedy"``."""
        return f"{self.bot}-{self.field}"

    @property
    def seats(self) -> tuple[str, ...]:
        """The bots by seat in round 0 (``simulate`` rotates them)."""
        return (self.bot,) + (self.field,) * (PLAYERS - 1)


LINEUPS: dict[str, Lineup] = {
    lineup.name: lineup
    for lineup in (Lineup("greedy", "random"), Lineup("search", "greedy"), Lineup("search", "random"))
}
"""The line-ups by name."""
DEFAULT_LINEUPS = ("greedy-random", "search-greedy")


def run_lineup(lineup: Lineup, rounds: int, *, seed: int, workers: int) -> Summary:
    """Play ``rounds`` rounds of ``lineup`` with the seats rotated and the move limit."""
    return simulate(
        PLAYERS,
        rounds,
        lineup.seats,
        seed=seed,
        workers=workers,
        rotate_seats=True,
        rules=Rules(move_limit=MOVE_LIMIT),
    )


def _standing(summary: Summary, bot: str) -> Standing:
    return next(standing for standing in summary.by_bot if standing.bot == bot)


def report(lineup: Lineup, summary: Summary, seconds: float) -> list[str]:
    """The lines of the table for one line-up."""
    lines = [f"{lineup.name}: {lineup.bot} vs {PLAYERS - 1} x {lineup.field}, {summary.rounds} rounds, {seconds:.0f} s"]
    for bot in (lineup.bot, lineup.field):
        standing = _standing(summary, bot)
        wlow, whigh = standing.win_rate_ci
        plow, phigh = standing.mean_points_ci
        lines.append(
            f"  {bot:<8} seat-rounds {standing.rounds:>5}  win rate {standing.win_rate:6.1%} "
            f"[{wlow:6.1%}, {whigh:6.1%}]  mean points {standing.mean_points:.3f} [{plow:.3f}, {phigh:.3f}]"
        )
    first, other = _standing(summary, lineup.bot), _standing(summary, lineup.field)
    clear = first.mean_points_ci[0] > other.mean_points_ci[1]
    verdict = "wholly above" if clear else "NOT wholly above"
    lines.append(f"  {lineup.bot}'s points interval is {verdict} {lineup.field}'s")
    if summary.no_winner:
        lines.append(f"  rounds stopped by the move limit (E7, nobody scores): {summary.no_winner}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the line-ups and print the table; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strength", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1000, help="rounds per line-up (default 1000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of every line-up (default 1)")
    parser.add_argument(
        "--lineups",
        default=",".join(DEFAULT_LINEUPS),
        help=f"comma-separated, from {', '.join(LINEUPS)} (default {','.join(DEFAULT_LINEUPS)})",
    )
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.lineups.split(",") if name.strip()]
    unknown = [name for name in names if name not in LINEUPS]
    if unknown or not names:
        parser.error(f"unknown line-up {', '.join(unknown) or '(none)'}; choose from {', '.join(LINEUPS)}")
    if args.rounds < 1 or args.workers < 1:
        parser.error("--rounds and --workers must be at least 1")
    print(
        f"8½ bot strength: {PLAYERS} players, seats rotated, move limit {MOVE_LIMIT}, seed {args.seed}, "
        f"{args.workers} workers; {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}"
    )
    print("(points per round add up to 3 among 4 seats: 0.75 is par; 95% confidence intervals)")
    for name in names:
        lineup = LINEUPS[name]
        start = time.perf_counter()
        summary = run_lineup(lineup, args.rounds, seed=args.seed, workers=args.workers)
        for line in report(lineup, summary, time.perf_counter() - start):
            print(line)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
