"""How strong the Eights bots are: ``python -m benchmarks.eights_strength --games 200 --workers 2``.

This is a benchmark script, not a timed test. Each *line-up* is one bot against copies of
another at a table of ``--players`` (2 and 4 by default), whole games to the target (WG1,
WG3), the first bot's seat rotated from game to game (game ``g`` puts it at seat
``g % players``) so that no seat's advantage falls to one bot. For each line-up it prints
the first bot's win rate (a tied win counts as a share) with a 95% Wilson interval, the
par of a seat (``1 / players``), the mean total points per game of both bots, and the
first bot's mean time per decision (decisions with more than one legal move).

The line-ups (``--lineups``, comma-separated; all by default):

- ``greedy-random``: GreedyBot against RandomBots;
- ``search-greedy``: SearchBot (its defaults, or ``--iterations``) against GreedyBots;
- ``ismcts-greedy``: ISMCTSBot (its defaults) against GreedyBots;
- ``prospect-greedy`` and ``prospect-search``: ProspectBot (its defaults) against
  GreedyBots, and against SearchBots (head to head at ``--players 2``).

**The ladder** (``--ladder``): the entrants (random, greedy, search and ismcts, or
``--entrants``: any of :data:`ENTRANTS`, the built-in bots and two more that no bot was
tuned against) play each other at one table, every cyclic seating order of them
(:func:`benchmarks.strength.fair_orders`: six orders for four entrants), ``--games``
games in each, the same deals in each order and the seats rotated within it (game ``g``
puts entrant ``k`` at seat ``(k + g) % players``), as 8½'s fair ladder does
(``python -m benchmarks.strength --ladder``). It prints every entrant's win rate (95%
Wilson interval), mean points per game and the mean and 95th percentile of its time per
decision over all orders, then the win rates by order and the spread between orders.

The run is seeded (``--seed``) and reproducible whatever the number of workers: game
``g`` is dealt from ``seed * 1_000_003 + g`` and the bots draw from a
:class:`random.Random` of the same number. The search bot uses an iteration budget, not a
time budget, so the result does not depend on the machine's speed; its times do.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from benchmarks.strength import fair_orders, orders_report, percentile
from eighthalf.eights import PASS, Card, Move, Pass, PlayerView, Spell, apply_unchecked, new_game, view
from eighthalf.games.eights.bots import BOTS, Bot, ProspectBot, SearchBot
from eighthalf.games.eights.words import VALUES
from eighthalf.players import players as common_players

__all__ = [
    "ENTRANTS",
    "LADDER",
    "LINEUPS",
    "GameResult",
    "LadderEntry",
    "Lineup",
    "ThriftyBot",
    "ladder_game",
    "ladder_report",
    "main",
    "play_game",
    "report",
    "run_ladder",
    "run_lineup",
    "wilson",
]


@dataclass(frozen=True)
class Lineup:
    """One bot (``bot``) against copies of another (``field``)."""

    bot: str
    field: str

    @property
    def name(self) -> str:
        """``"search-greedy"``."""
        return f"{self.bot}-{self.field}"


LINEUPS: dict[str, Lineup] = {
    lineup.name: lineup
    for lineup in (
        Lineup("greedy", "random"),
        Lineup("search", "greedy"),
        Lineup("ismcts", "greedy"),
        Lineup("prospect", "greedy"),
        Lineup("prospect", "search"),
    )
}
"""The line-ups by name."""


@dataclass(frozen=True)
class GameResult:
    """One game of a line-up, from the first bot's side."""

    share: float
    """The first bot's share of the win: 1, 0, or 1/k for a win shared by k seats (WG3)."""
    points: int
    """The first bot's total points (WG1)."""
    field_points: float
    """The mean total points of the other seats."""
    seconds: float
    """The first bot's time on decisions with more than one legal move."""
    decisions: int
    """How many such decisions it made."""
    times: tuple[float, ...] = ()
    """The first bot's time on each such decision, in seconds."""


class ThriftyBot:
    """A simple heuristic player written for this script, which no bot was tuned against.

    It spells the word of the most points for each hand card it spends (letters and
    replacing cards, WT4), the first listed among equals; when it cannot spell it passes,
    exchanging its surplus copies of a letter (a third ``e``, a second of any other
    letter) and nothing else. It never draws from the rng.
    """

    name = "thrifty"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The spelling of the most points per hand card spent, else the surplus pass.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = common_players.moves_of(seen)
        best: Spell | None = None
        for move in moves:
            if type(move) is Spell and (
                best is None or VALUES[move.word] * _spent(best) > VALUES[best.word] * _spent(move)
            ):
                best = move
        if best is not None:
            return best
        copies: dict[str, int] = {}
        surplus: list[Card] = []
        for card in seen.hand or ():
            copies[card.letter] = copies.get(card.letter, 0) + 1
            if copies[card.letter] > (2 if card.letter == "e" else 1):
                surplus.append(card)
        wanted = tuple(surplus[: seen.stack_size])
        for move in moves:
            if type(move) is Pass and move.exchange == wanted:
                return move
        return PASS if PASS in moves else moves[0]


def _spent(spell: Spell) -> int:
    """How many hand cards a spelling spends: its hand letters and its replacing cards."""
    return len(spell.hand) + len(spell.replacements)


ENTRANTS: dict[str, Callable[[], Bot]] = {
    **BOTS,
    "thrifty": ThriftyBot,
    "search-wide": functools.partial(SearchBot, 100, candidates=4, confidence=0.5),
    "prospect-alone": functools.partial(ProspectBot, candidates=1, exchange=False),
}
"""The bots the ladder can seat: the built-in bots of Eights (:data:`~eighthalf.games.eights.bots.BOTS`),
:class:`ThriftyBot`, ``search-wide``, a SearchBot of other settings (100 deals, 4
candidates, half a standard error of confidence), and ``prospect-alone``, a ProspectBot of
one candidate without the prospect's exchange (its spelling heuristic with no search on
top; it passes as GreedyBot)."""


def _bot(name: str, iterations: int | None) -> Bot:
    if name == "search" and iterations is not None:
        return SearchBot(iterations)
    return ENTRANTS[name]()


def play_game(lineup: Lineup, players: int, game: int, seed: int, iterations: int | None = None) -> GameResult:
    """Play game number ``game`` of ``lineup`` at a table of ``players`` (see the module's text)."""
    number = seed * 1_000_003 + game
    mine = game % players
    bots = [_bot(lineup.bot if seat == mine else lineup.field, iterations) for seat in range(players)]
    state = new_game(players, seed=number)
    rng = random.Random(number)
    times: list[float] = []
    while state.outcome is None:
        seat = state.hand.to_move
        seen = view(state, seat)
        if seat == mine and len(seen.legal_moves()) > 1:
            start = time.perf_counter()
            move = bots[seat].choose(seen, rng)
            times.append(time.perf_counter() - start)
        else:
            move = bots[seat].choose(seen, rng)
        state = apply_unchecked(state, move)
    outcome = state.outcome
    share = 1 / len(outcome.winners) if mine in outcome.winners else 0.0
    others = [points for seat, points in enumerate(outcome.totals) if seat != mine]
    return GameResult(share, outcome.totals[mine], sum(others) / len(others), sum(times), len(times), tuple(times))


def _play(args: tuple[Lineup, int, int, int, int | None]) -> GameResult:
    return play_game(*args)


def run_lineup(
    lineup: Lineup, players: int, games: int, *, seed: int = 0, workers: int = 1, iterations: int | None = None
) -> list[GameResult]:
    """Play ``games`` games of ``lineup`` at a table of ``players``, on ``workers`` processes."""
    jobs = [(lineup, players, game, seed, iterations) for game in range(games)]
    if workers <= 1:
        return [_play(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_play, jobs, chunksize=max(1, games // (4 * workers))))


LADDER = ("random", "greedy", "search", "ismcts")
"""The ladder's default entrants (``--entrants`` takes any of :data:`ENTRANTS`, ``prospect`` among them)."""


@dataclass
class LadderEntry:
    """One entrant's totals on the ladder (``rounds`` counts its games)."""

    name: str
    rounds: int = 0
    wins: float = 0.0
    points: int = 0
    seconds: float = 0.0
    decisions: int = 0
    times: list[float] = dataclasses.field(default_factory=list)
    """The time of each decision with more than one legal move, in seconds."""

    def add(self, other: LadderEntry) -> None:
        """Add ``other``'s totals to these."""
        self.rounds += other.rounds
        self.wins += other.wins
        self.points += other.points
        self.seconds += other.seconds
        self.decisions += other.decisions
        self.times.extend(other.times)


def ladder_game(order: tuple[str, ...], game: int, seed: int) -> dict[str, LadderEntry]:
    """Play game number ``game`` with the entrants in ``order`` around the table (see the module's text)."""
    players = len(order)
    number = seed * 1_000_003 + game
    names = [order[(seat - game) % players] for seat in range(players)]  # entrant k sits at (k + game) % players
    bots = [ENTRANTS[name]() for name in names]
    entries = {name: LadderEntry(name) for name in order}
    state = new_game(players, seed=number)
    rng = random.Random(number)
    while state.outcome is None:
        seat = state.hand.to_move
        seen = view(state, seat)
        start = time.perf_counter()
        move = bots[seat].choose(seen, rng)
        if len(seen.legal_moves()) > 1:
            spent = time.perf_counter() - start
            entries[names[seat]].seconds += spent
            entries[names[seat]].decisions += 1
            entries[names[seat]].times.append(spent)
        state = apply_unchecked(state, move)
    outcome = state.outcome
    for seat, name in enumerate(names):
        entry = entries[name]
        entry.rounds += 1
        entry.wins += 1 / len(outcome.winners) if seat in outcome.winners else 0.0
        entry.points += outcome.totals[seat]
    return entries


def _ladder_game(args: tuple[tuple[str, ...], int, int]) -> dict[str, LadderEntry]:
    return ladder_game(*args)


def run_ladder(order: tuple[str, ...], games: int, *, seed: int = 0, workers: int = 1) -> dict[str, LadderEntry]:
    """Play ``games`` games with the entrants in ``order``, on ``workers`` processes (the same totals for any number)."""
    jobs = [(order, game, seed) for game in range(games)]
    if workers <= 1:
        parts = [_ladder_game(job) for job in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_ladder_game, jobs, chunksize=max(1, games // (4 * workers))))
    total = {name: LadderEntry(name) for name in order}
    for part in parts:
        for name, entry in part.items():
            total[name].add(entry)
    return total


def ladder_report(entries: dict[str, LadderEntry]) -> list[str]:
    """The lines of the ladder's table over all orders: win rate [95%], mean points a game,
    and the mean and 95th percentile of the ms per decision."""
    lines = [
        "| bot         | games | win rate [95%]          | points | ms/dec. | p95 ms |",
        "|-------------|-------|-------------------------|--------|---------|--------|",
    ]
    for entry in sorted(entries.values(), key=lambda entry: -entry.wins):
        low, high = wilson(entry.wins, entry.rounds)
        per = 1000 * entry.seconds / max(entry.decisions, 1)
        lines.append(
            f"| {entry.name:<11} | {entry.rounds:>5} | {entry.wins / entry.rounds:6.1%} [{low:6.1%}, {high:6.1%}] "
            f"| {entry.points / entry.rounds:6.1f} | {per:7.1f} | {1000 * percentile(entry.times, 0.95):6.0f} |"
        )
    return lines


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> [round(bound, 3) for bound in wilson(60, 100)]
    [0.502, 0.691]

    Raises:
        ValueError: If ``trials`` is not positive.
    """
    if trials <= 0:
        raise ValueError(f"trials must be positive, not {trials}")
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (centre - spread) / scale, (centre + spread) / scale


def report(lineup: Lineup, players: int, results: Sequence[GameResult], seconds: float) -> str:
    """One row of the table (see :func:`main`)."""
    games = len(results)
    wins = sum(result.share for result in results)
    low, high = wilson(wins, games)
    points = sum(result.points for result in results) / games
    field = sum(result.field_points for result in results) / games
    decisions = sum(result.decisions for result in results)
    per = 1000 * sum(result.seconds for result in results) / max(decisions, 1)
    p95 = 1000 * percentile([spent for result in results for spent in result.times], 0.95)
    return (
        f"| {lineup.name:<14} | {players} | {games:>5} | {wins / games:6.1%} [{low:6.1%}, {high:6.1%}] "
        f"| {1 / players:6.1%} | {f'{points:.1f} / {field:.1f}':<20} | {per:7.1f} | {p95:6.0f} | {seconds:5.0f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the line-ups and print a Markdown table: line-up, players, games, the first bot's
    win rate [95% interval], par, mean points (first bot / the others), the mean and 95th
    percentile of the ms per decision of the first bot, and the wall time of the line-up."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.eights_strength", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per line-up and table size (default 200)")
    parser.add_argument("--players", default="2,4", help="table sizes, comma-separated (default 2,4)")
    parser.add_argument("--lineups", default=",".join(LINEUPS), help=f"comma-separated, of {', '.join(LINEUPS)}")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the run (default 0)")
    parser.add_argument("--iterations", type=int, default=None, help="the search bot's iterations (default its own)")
    parser.add_argument("--ladder", action="store_true", help="play the fair ladder instead of the line-ups")
    parser.add_argument(
        "--entrants", default=",".join(LADDER), help=f"with --ladder: the entrants (default {','.join(LADDER)})"
    )
    args = parser.parse_args(argv)
    if args.ladder:
        return _main_ladder(parser, args)
    try:
        lineups = [LINEUPS[name] for name in args.lineups.split(",")]
        sizes = [int(size) for size in args.players.split(",")]
    except (KeyError, ValueError) as error:
        parser.error(f"bad --lineups or --players: {error}")
    if args.games < 1 or any(not 2 <= size <= 6 for size in sizes):
        parser.error("--games must be at least 1 and --players from 2 to 6")
    print(f"# Eights bots, seed {args.seed}, {platform.python_implementation()} {platform.python_version()}")
    print(
        "| line-up        | n | games | win rate [95%]          | par    | points (bot / field) | ms/dec. | p95 ms | s     |"
    )
    print(
        "|----------------|---|-------|-------------------------|--------|----------------------|---------|--------|-------|"
    )
    for lineup in lineups:
        for players in sizes:
            start = time.perf_counter()
            results = run_lineup(
                lineup, players, args.games, seed=args.seed, workers=args.workers, iterations=args.iterations
            )
            print(report(lineup, players, results, time.perf_counter() - start), flush=True)
    return 0


def _main_ladder(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    names = tuple(name.strip() for name in args.entrants.split(",") if name.strip())
    if args.games < 1 or not 2 <= len(names) <= 6 or len(set(names)) != len(names) or not set(names) <= set(ENTRANTS):
        parser.error(f"--games must be at least 1 and --entrants 2 to 6 different bots of {', '.join(ENTRANTS)}")
    print(
        f"# Eights fair ladder: {len(names)} players, every cyclic seating order, {args.games} games each, "
        f"seed {args.seed}, {args.workers} workers; {platform.python_implementation()} {platform.python_version()}"
    )
    start = time.perf_counter()
    total = {name: LadderEntry(name) for name in names}
    by_order = []
    for order in fair_orders(names):
        entries = run_ladder(order, args.games, seed=args.seed, workers=args.workers)
        by_order.append((order, entries))
        for name, entry in entries.items():
            total[name].add(entry)
        done = ", ".join(f"{name} {entry.wins / entry.rounds:.1%}" for name, entry in entries.items())
        print(f"  order {', '.join(order)}: {done} ({time.perf_counter() - start:.0f} s)", flush=True)
    for line in ladder_report(total):
        print(line)
    for line in orders_report(names, by_order):
        print(line)
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
