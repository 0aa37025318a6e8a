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
- ``ismcts-greedy``: ISMCTSBot against 3 GreedyBots (the goal: at least 40% wins);
- ``search-random``: SearchBot against 3 RandomBots (only with ``--lineups``).

``--bot SPEC`` plays a bot of your own against 3 GreedyBots instead: ``SPEC`` is an
importable ``module:attribute``, as :func:`~eighthalf.simulation.summary.simulate` takes it.
``--weights FILE`` hands a bot that loads learnt weights its file through the environment
variable ``EIGHTHALF_WEIGHTS`` (the workers inherit it), as ``examples/learn_to_play.py``'s
``LearntBot`` reads it: ``python -m benchmarks.strength --bot examples.learn_to_play:LearntBot
--weights learn_to_play.npz``.

The run is seeded (``--seed``) and reproducible: the rounds are played by
:func:`eighthalf.simulation.summary.simulate` (8½'s entry), which derives every round's deal and the bots'
random numbers from the seed and the round's number alone, whatever the number of
workers. SearchBot and ISMCTSBot use their defaults (an iteration budget, not a time
budget, so the result does not depend on the machine's speed).

**The ladder** (``--ladder``): the entrants play each other at one table of 4, all of
them in every round, the seats rotated every round; it prints a table of every
entrant's win rate and mean points per round (95% intervals) and the CPU time of its
decisions with more than one legal move (:func:`time.process_time`: the mean, the 95th
percentile and the slowest). ``--first I`` starts at round ``I`` of the seed instead of
round 0, so that the time of decisions can be taken on other rounds than the ones
measured for strength (``--ladder --rounds 3 --first 1000 --workers 1``, say, in the pure
build).

Rotating the seats keeps who sits after whom fixed, and that is worth more than ten
points of win rate between these bots (a bot that plays right after a weak one gains).
So the ladder is *fair*: it plays every cyclic seating order of the entrants (the first
entrant fixed, the others in every order: six orders for four entrants), the same
rounds and the same deals in each, the seats rotated within each, and prints the table
over all orders, then each entrant's win rate in each order and the spread between
orders (:func:`fair_orders`). ``--orders one`` plays only the order given. The entrants are random, greedy,
search and ismcts; ``--openspiel N`` adds a second table of N rounds (it is slow) in
which OpenSpiel's own IS-MCTS bot (:class:`eighthalf.envs.spiel.SpielBot`, random
roll-outs, ``--openspiel-simulations`` per decision) takes the random player's place.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

import attrs

from eighthalf import Move, PlayerView, Rules, new_game
from eighthalf.bots import BOTS, Bot, make_bot, tell
from eighthalf.games.eighthalf.engine import apply_unchecked
from eighthalf.games.eighthalf.events import describe
from eighthalf.games.eighthalf.figures import FIGURES
from eighthalf.games.eighthalf.views import view
from eighthalf.registry import find
from eighthalf.simulation.runner import game_seeds
from eighthalf.simulation.summary import Standing, Summary, binding_of, simulate

__all__ = [
    "LADDER",
    "LINEUPS",
    "Entry",
    "Lineup",
    "Totals",
    "fair_orders",
    "ladder",
    "ladder_report",
    "main",
    "orders_report",
    "report",
    "run_lineup",
]

PLAYERS = 4
MOVE_LIMIT = 1000
_TAG = binding_of(find("8½")).tag  # the seeds of 8½'s simulated rounds


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
    for lineup in (
        Lineup("greedy", "random"),
        Lineup("search", "greedy"),
        Lineup("ismcts", "greedy"),
        Lineup("search", "random"),
    )
}
"""The line-ups by name."""
DEFAULT_LINEUPS = ("greedy-random", "search-greedy", "ismcts-greedy")


def run_lineup(lineup: Lineup, rounds: int, *, seed: int, workers: int) -> Summary:
    """Play ``rounds`` rounds of ``lineup`` with the seats rotated and the move limit."""
    return simulate(
        find("8½"),
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
    lines = [f"{lineup.name}: {lineup.bot} vs {PLAYERS - 1} x {lineup.field}, {summary.games} rounds, {seconds:.0f} s"]
    for bot in (lineup.bot, lineup.field):
        standing = _standing(summary, bot)
        wlow, whigh = standing.win_rate_ci
        plow, phigh = standing.mean_points_ci
        lines.append(
            f"  {bot:<8} seat-rounds {standing.games:>5}  win rate {standing.win_rate:6.1%} "
            f"[{wlow:6.1%}, {whigh:6.1%}]  mean points {standing.mean_points:.3f} [{plow:.3f}, {phigh:.3f}]"
        )
    first, other = _standing(summary, lineup.bot), _standing(summary, lineup.field)
    clear = first.mean_points_ci[0] > other.mean_points_ci[1]
    verdict = "wholly above" if clear else "NOT wholly above"
    lines.append(f"  {lineup.bot}'s points interval is {verdict} {lineup.field}'s")
    if summary.no_winner:
        lines.append(f"  rounds stopped by the move limit (E7, nobody scores): {summary.no_winner}")
    return lines


LADDER = ("random", "greedy", "search", "ismcts")
"""The ladder's entrants: every built-in bot."""


@attrs.define
class Entry:
    """One entrant's totals on the ladder."""

    name: str
    rounds: int = 0
    wins: int = 0
    points: int = 0
    points_squared: int = 0
    counts: int = 0
    decisions: int = 0
    seconds: float = 0.0
    times: list[float] = attrs.Factory(list)
    """The CPU seconds of each timed decision (:func:`time.process_time`)."""

    def standing(self) -> Standing:
        """The totals as a :class:`~eighthalf.simulation.summary.Standing` of 8½'s rounds (for the intervals)."""
        return Standing(
            seat=None,
            bot=self.name,
            games=self.rounds,
            wins=self.wins,
            shared=0,
            points=self.points,
            points_squared=self.points_squared,
            extra=(self.counts,),
            figures=FIGURES,
        )


class _Timed:
    """A bot that keeps the CPU time of its decisions with more than one legal move."""

    def __init__(self, bot: Bot, entry: Entry) -> None:
        self.bot = bot
        self.entry = entry
        self.name = bot.name

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        start = time.process_time()
        move = self.bot.choose(seen, rng)
        if len(seen.legal_moves()) > 1:
            spent = time.process_time() - start
            self.entry.seconds += spent
            self.entry.decisions += 1
            self.entry.times.append(spent)
        return move


def ladder(
    entrants: Sequence[tuple[str, Callable[[], Bot]]], rounds: int, *, seed: int, start: int = 0
) -> dict[str, Entry]:
    """Play ``rounds`` rounds with the entrants (one per seat), the seats rotated every round.

    Round ``i`` is dealt and seeded as round ``i`` of :func:`~eighthalf.simulation.summary.simulate`
    with ``seed``; entrant ``k`` sits at seat ``(k + i) % players``. Fresh bots every round;
    bots that observe are shown every move (:func:`eighthalf.bots.tell`).
    """
    players = len(entrants)
    entries = {name: Entry(name) for name, _ in entrants}
    rules = Rules(move_limit=MOVE_LIMIT)
    for index in range(start, start + rounds):
        deal_seed, rng_seed = game_seeds(_TAG, seed, index)
        # Entrant k sits at seat (k + index) % players, so seat s has entrant (s - index) % players.
        seats = [(name, factory()) for name, factory in (entrants[(seat - index) % players] for seat in range(players))]
        bots = [_Timed(bot, entries[name]) for name, bot in seats]
        inner = [timed.bot for timed in bots]
        state = new_game(players, seed=deal_seed, rules=rules)
        rng = random.Random(rng_seed)
        while state.outcome is None:
            mover = state.to_move
            move = bots[mover].choose(view(state, mover), rng)
            before, state = state, apply_unchecked(state, move)
            tell(inner, describe(before, move, state), state)
        outcome = state.outcome
        for seat, (name, _) in enumerate(seats):
            entry = entries[name]
            entry.rounds += 1
            entry.wins += outcome.winner == seat
            entry.points += outcome.points[seat]
            entry.points_squared += outcome.points[seat] ** 2
            entry.counts += outcome.counts[seat]
    return entries


def ladder_report(title: str, entries: dict[str, Entry], seconds: float) -> list[str]:
    """The lines of one ladder table."""
    rounds = max(entry.rounds for entry in entries.values())
    lines = [
        f"{title}: {rounds} rounds, {seconds:.0f} s",
        f"  {'bot':<18}{'win rate (95% CI)':<26}{'points (95% CI)':<26}{'decisions':>10}"
        f"{'ms/decision':>12}{'p95 ms':>9}{'max ms':>9}",
    ]
    for entry in sorted(entries.values(), key=lambda entry: -entry.points):
        standing = entry.standing()
        wlow, whigh = standing.win_rate_ci
        plow, phigh = standing.mean_points_ci
        per = 1000 * entry.seconds / entry.decisions if entry.decisions else 0.0
        lines.append(
            f"  {entry.name:<18}{f'{standing.win_rate:6.1%} ({wlow:.1%}–{whigh:.1%})':<26}"
            f"{f'{standing.mean_points:.3f} ({plow:.3f}–{phigh:.3f})':<26}{entry.decisions:>10}{per:>12.1f}"
            f"{1000 * percentile(entry.times, 0.95):>9.1f}{1000 * max(entry.times, default=0.0):>9.1f}"
        )
    return lines


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank; 0 for none).

    >>> percentile([0.1, 0.2, 0.3, 0.4], 0.95), percentile([], 0.95)
    (0.4, 0.0)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def fair_orders(names: Sequence[str]) -> list[tuple[str, ...]]:
    """Every cyclic seating order of ``names``: the first fixed, the others in every order.

    Two orders that differ only by a rotation seat everyone after the same neighbour, and
    the ladder rotates the seats anyway, so these are all the orders that differ.

    >>> fair_orders(["a", "b", "c"])
    [('a', 'b', 'c'), ('a', 'c', 'b')]
    >>> len(fair_orders(LADDER))
    6
    """
    first, *others = names
    return [(first, *rest) for rest in itertools.permutations(others)]


def _add(into: Entry, entry: Entry) -> None:
    for field in ("rounds", "wins", "points", "points_squared", "counts", "decisions", "seconds"):
        setattr(into, field, getattr(into, field) + getattr(entry, field))
    into.times.extend(entry.times)


class Totals(Protocol):
    """What :func:`orders_report` reads of an entrant's totals in one seating order."""

    @property
    def wins(self) -> float:
        """Its wins (a share for a shared win, in games that have them)."""

    @property
    def rounds(self) -> int:
        """How many rounds (or games) it played."""


def orders_report(names: Sequence[str], by_order: Sequence[tuple[tuple[str, ...], Mapping[str, Totals]]]) -> list[str]:
    """The lines of the win rates by seating order, and each entrant's spread between orders.

    ``by_order`` holds each order with its entrants' totals (:class:`Entry` here; Eights'
    ladder, ``benchmarks.eights_strength``, passes its own).
    """
    width = max(12, *(len(name) + 2 for name in names))
    lines = [
        "  win rate by seating order (each order: the same deals, seats rotated)",
        "  " + f"{'order around the table':<40}" + "".join(f"{name:>{width}}" for name in names),
    ]
    for order, entries in by_order:
        rates = "".join(f"{entries[name].wins / max(1, entries[name].rounds):>{width}.1%}" for name in names)
        lines.append("  " + f"{', '.join(order):<40}" + rates)
    spreads = []
    for name in names:
        rates_of = [entries[name].wins / max(1, entries[name].rounds) for _, entries in by_order]
        spreads.append(f"{max(rates_of) - min(rates_of):>{width}.1%}")
    lines.append("  " + f"{'spread (highest - lowest)':<40}" + "".join(spreads))
    return lines


def _ladder_chunk(task: tuple[tuple[str, ...], int, int, int, int]) -> dict[str, Entry]:
    names, seed, start, rounds, simulations = task
    return ladder(_entrants(names, simulations), rounds, seed=seed, start=start)


def _entrants(names: Sequence[str], simulations: int) -> list[tuple[str, Callable[[], Bot]]]:
    entrants: list[tuple[str, Callable[[], Bot]]] = []
    for name in names:
        if name == "openspiel-ismcts":
            import pyspiel

            from eighthalf.envs.openspiel import SpielBot

            game = pyspiel.load_game("python_eighthalf", {"players": PLAYERS, "move_limit": MOVE_LIMIT})
            entrants.append((name, functools.partial(SpielBot.ismcts, game, simulations)))
        else:
            entrants.append((name, functools.partial(make_bot, name)))
    return entrants


def run_ladder(
    names: tuple[str, ...], rounds: int, *, seed: int, workers: int, simulations: int = 50, first: int = 0
) -> dict[str, Entry]:
    """:func:`ladder` by name on rounds ``first`` to ``first + rounds - 1``, split over ``workers``
    processes (the same result for any number)."""
    size = -(-rounds // workers)
    tasks = [(names, seed, first + start, min(size, rounds - start), simulations) for start in range(0, rounds, size)]
    if workers == 1:
        parts = [_ladder_chunk(task) for task in tasks]
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_ladder_chunk, tasks))
    total = {name: Entry(name) for name in names}
    for part in parts:
        for name, entry in part.items():
            _add(total[name], entry)
    return total


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
    parser.add_argument("--bot", metavar="SPEC", help="play this module:attribute bot against 3 GreedyBots instead")
    parser.add_argument("--weights", metavar="FILE", help="with --bot: its weights file (EIGHTHALF_WEIGHTS)")
    parser.add_argument("--ladder", action="store_true", help="play the ladder instead of the line-ups")
    parser.add_argument(
        "--openspiel", type=int, default=0, metavar="N", help="with --ladder: N rounds with OpenSpiel's IS-MCTS too"
    )
    parser.add_argument("--openspiel-simulations", type=int, default=50, help="OpenSpiel IS-MCTS simulations (50)")
    parser.add_argument(
        "--orders",
        choices=("all", "one"),
        default="all",
        help="with --ladder: every cyclic seating order, --rounds each (all, the default), or the one given",
    )
    parser.add_argument(
        "--entrants", default=",".join(LADDER), help=f"with --ladder: the entrants (default {','.join(LADDER)})"
    )
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        metavar="I",
        help="with --ladder: start at round I of the seed (default 0), e.g. to time other rounds",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.workers < 1 or args.first < 0:
        parser.error("--rounds and --workers must be at least 1, --first at least 0")
    if args.ladder:
        entrants = tuple(name.strip() for name in args.entrants.split(",") if name.strip())
        known = (*BOTS, "openspiel-ismcts")
        if not 2 <= len(entrants) <= 5 or len(set(entrants)) < len(entrants) or not set(entrants) <= set(known):
            parser.error(f"--entrants must be 2 to 5 different bots of {', '.join(known)}, not {args.entrants!r}")
        args.entrants = entrants
        return _main_ladder(args)
    names = [name.strip() for name in args.lineups.split(",") if name.strip()]
    unknown = [name for name in names if name not in LINEUPS]
    if unknown or not names:
        parser.error(f"unknown line-up {', '.join(unknown) or '(none)'}; choose from {', '.join(LINEUPS)}")
    print(
        f"8½ bot strength: {PLAYERS} players, seats rotated, move limit {MOVE_LIMIT}, seed {args.seed}, "
        f"{args.workers} workers; {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}"
    )
    print("(points per round add up to 3 among 4 seats: 0.75 is par; 95% confidence intervals)")
    lineups = [LINEUPS[name] for name in names]
    if args.bot:
        if args.weights:
            os.environ["EIGHTHALF_WEIGHTS"] = args.weights
        lineups = [Lineup(args.bot, "greedy")]
    for lineup in lineups:
        start = time.perf_counter()
        summary = run_lineup(lineup, args.rounds, seed=args.seed, workers=args.workers)
        for line in report(lineup, summary, time.perf_counter() - start):
            print(line)
        sys.stdout.flush()
    return 0


def _main_ladder(args: argparse.Namespace) -> int:
    print(
        f"8½ strength ladder: {PLAYERS} players, all entrants at every table, seats rotated, move limit {MOVE_LIMIT}, "
        f"seed {args.seed}, {args.workers} workers; {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}"
    )
    print("(points per round add up to 3 among 4 seats: 0.75 is par; 95% confidence intervals)")
    entrants: tuple[str, ...] = args.entrants
    tables = [("built-in bots", entrants, args.rounds)]
    if args.openspiel:
        tables.append(
            (
                f"with OpenSpiel's IS-MCTS ({args.openspiel_simulations} simulations, random roll-outs)",
                ("openspiel-ismcts", *entrants[1:]),
                args.openspiel,
            )
        )
    for title, names, rounds in tables:
        start = time.perf_counter()
        orders = fair_orders(names) if args.orders == "all" else [names]
        total = {name: Entry(name) for name in names}
        by_order = []
        for order in orders:
            entries = run_ladder(
                order,
                rounds,
                seed=args.seed,
                workers=args.workers,
                simulations=args.openspiel_simulations,
                first=args.first,
            )
            by_order.append((order, entries))
            print(
                f"  ({len(by_order)} of {len(orders)} orders played, {time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
            for name, entry in entries.items():
                _add(total[name], entry)
        heading = f"{title}, {len(orders)} seating order{'s' * (len(orders) > 1)} of {rounds} rounds"
        for line in ladder_report(heading, total, time.perf_counter() - start):
            print(line)
        if len(orders) > 1:
            for line in orders_report(names, by_order):
                print(line)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
