"""Simulations: play many seeded rounds between bots and summarise them.

:func:`simulate` plays ``rounds`` independent rounds between named bots (see
``eighthalf.bots.BOTS``) and returns a :class:`Summary`: win rates and points by
seat and by bot with 95% confidence intervals, the length of rounds, and how often
catches, collects and failed blind cards happen.

>>> summary = simulate(4, 20, ["greedy", "random", "random", "random"], seed=1)
>>> summary.rounds, sum(seat.wins for seat in summary.seats) + summary.no_winner
(20, 20)
>>> [(stats.bot, stats.rounds) for stats in summary.by_bot]
[('greedy', 20), ('random', 60)]

Round ``i`` is dealt with a seed derived from ``(seed, i)`` alone (see :func:`round_seeds`),
and its bots draw from a :class:`random.Random` derived the same way, so a summary
depends only on the arguments, never on how the rounds were split into chunks or
spread over workers. The work goes to any ``concurrent.futures.Executor``: a
process pool, a thread pool, or a Dask ``distributed`` client's executor.

The command line front-end is ``python -m eighthalf simulate`` (see
:func:`add_simulate_arguments` and :func:`run_simulate`).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import math
import os
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, Final, TextIO

import attrs

from .bots import BOTS, Bot, make_bot, observes, tell
from .deal import new_game
from .engine import apply_unchecked
from .events import describe
from .moves import BlindPlay, Collect
from .options import Rules
from .state import GameState, Seat
from .views import PlayerView, SeatView, seat_view, view_with_seats

__all__ = [
    "CSV_COLUMNS",
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_MOVE_LIMIT",
    "Standing",
    "Summary",
    "add_simulate_arguments",
    "round_seeds",
    "run_simulate",
    "simulate",
]

DEFAULT_MOVE_LIMIT = 1000
"""The move limit (E7) of a simulation unless the caller gives rules of its own."""

DEFAULT_CHUNK_SIZE: Final = 250
"""The most rounds per work item by default: big enough to hide the cost of sending work
to a process, small enough to keep every worker busy and the progress bar moving.
Shorter runs are cut finer, so that every worker gets about 8 chunks (see :func:`simulate`)."""

_Z95: Final = 1.959963984540054  # the 97.5% quantile of the standard normal distribution
_MAX_POINTS: Final = 3  # E6: 2 for the winner, 1 for each lowest count
_MAX_PENDING: Final = 1024  # chunks in flight at once, so that huge runs do not flood the executor


def round_seeds(seed: int, index: int) -> tuple[int, int]:
    """The deal seed and the bots' random seed of round ``index`` of a simulation seeded with ``seed``.

    Both come from SHAKE-256 of ``(seed, index)``, so they are the same on every
    platform, Python version and worker, whatever the order rounds are played in.

    >>> round_seeds(1, 0) == round_seeds(1, 0) != round_seeds(1, 1)
    True
    """
    digest = hashlib.shake_256(b"eighthalf-simulate-v1:%d:%d" % (seed, index)).digest(32)
    return int.from_bytes(digest[:16], "little"), int.from_bytes(digest[16:], "little")


def _wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval at 95% for a proportion."""
    p = successes / trials
    z2 = _Z95 * _Z95
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Standing:
    """The results of one seat, or of one bot over every seat it played, as exact totals.

    The rates, means and intervals are derived from the totals. A *seat-round* is one
    seat in one round: a bot that holds two seats plays two seat-rounds a round.
    """

    seat: int | None
    """The seat, or ``None`` for a bot's results over all its seats."""
    bot: str | None
    """The bot's name; ``None`` for a seat that several bots took in turn (``rotate_seats``)."""
    rounds: int
    """How many seat-rounds were played."""
    wins: int
    """How many of them were won."""
    points: int
    """Total points (E6)."""
    points_squared: int
    """Total of the squared points of each seat-round (for the variance)."""
    counts: int
    """Total of the final counts (E4)."""

    @property
    def win_rate(self) -> float:
        """Wins per seat-round (rounds without a winner count as lost)."""
        return self.wins / self.rounds

    @property
    def win_rate_ci(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`win_rate` (Wilson score interval)."""
        return _wilson(self.wins, self.rounds)

    @property
    def mean_points(self) -> float:
        """Points per seat-round."""
        return self.points / self.rounds

    @property
    def mean_points_ci(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`mean_points` (normal approximation),
        clipped to the possible range 0–3; the whole range with fewer than 2 seat-rounds."""
        n = self.rounds
        if n < 2:
            return 0.0, float(_MAX_POINTS)
        mean = self.points / n
        variance = max(0.0, (self.points_squared - self.points * mean) / (n - 1))
        half = _Z95 * math.sqrt(variance / n)
        return max(0.0, mean - half), min(float(_MAX_POINTS), mean + half)

    @property
    def mean_count(self) -> float:
        """The mean final count (E4): cards left and collected; lower is better."""
        return self.counts / self.rounds

    def to_dict(self) -> dict[str, Any]:
        """The totals and the derived figures, as plain JSON-ready values."""
        return {
            "seat": self.seat,
            "bot": self.bot,
            "rounds": self.rounds,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_low": self.win_rate_ci[0],
            "win_rate_high": self.win_rate_ci[1],
            "points": self.points,
            "mean_points": self.mean_points,
            "mean_points_low": self.mean_points_ci[0],
            "mean_points_high": self.mean_points_ci[1],
            "mean_count": self.mean_count,
        }


CSV_COLUMNS: Final = (
    "kind",
    "seat",
    "bot",
    "rounds",
    "wins",
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "mean_points",
    "mean_points_low",
    "mean_points_high",
    "mean_count",
    "no_winner",
    "mean_length",
    "median_length",
    "min_length",
    "max_length",
    "catches_per_round",
    "collects_per_round",
    "failed_blinds_per_round",
)
"""The columns of :meth:`Summary.to_csv`, in order (see the docs page "Run simulations")."""


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Summary:
    """What a simulation found: the settings, exact totals, and figures derived from them.

    Two runs with the same arguments give equal summaries, whatever the executor,
    the number of workers or the chunk size.
    """

    players: int
    """The number of seats."""
    rounds: int
    """The number of rounds played."""
    bots: tuple[str, ...]
    """The bots by seat (in round 0 when ``rotate_seats``)."""
    seed: int
    """The simulation's seed."""
    rotate_seats: bool
    """Whether the bots moved one seat on every round (round ``i``: seat ``s`` has ``bots[(s + i) % players]``)."""
    move_limit: int | None
    """The move limit of E7, if any."""
    seats: tuple[Standing, ...]
    """The results by seat."""
    by_bot: tuple[Standing, ...]
    """The results by bot name, in order of first appearance in :attr:`bots`."""
    no_winner: int
    """Rounds ended by the move limit without a winner (E7)."""
    lengths: tuple[tuple[int, int], ...]
    """The distribution of round lengths in moves: ``(length, rounds)`` pairs by length."""
    catches: int
    """Total catches (P8, P9)."""
    collects: int
    """Total piles collected by a seat with no legal play (T1, C1); catches and failed blind cards not included."""
    failed_blinds: int
    """Total blind cards turned that could not be played (L4)."""

    @property
    def moves(self) -> int:
        """Total moves made."""
        return sum(length * count for length, count in self.lengths)

    @property
    def mean_length(self) -> float:
        """Mean moves per round."""
        return self.moves / self.rounds

    @property
    def median_length(self) -> float:
        """Median moves per round (the mean of the two middle rounds for an even number)."""
        middle = (self.rounds - 1) / 2
        low = high = None
        seen = 0
        for length, count in self.lengths:
            seen += count
            if low is None and seen > math.floor(middle):
                low = length
            if seen > math.ceil(middle):
                high = length
                break
        assert low is not None and high is not None
        return (low + high) / 2

    @property
    def min_length(self) -> int:
        """The shortest round, in moves."""
        return self.lengths[0][0]

    @property
    def max_length(self) -> int:
        """The longest round, in moves."""
        return self.lengths[-1][0]

    @property
    def catches_per_round(self) -> float:
        """Mean catches per round."""
        return self.catches / self.rounds

    @property
    def collects_per_round(self) -> float:
        """Mean collects (no legal play) per round."""
        return self.collects / self.rounds

    @property
    def failed_blinds_per_round(self) -> float:
        """Mean failed blind cards per round."""
        return self.failed_blinds / self.rounds

    def to_dict(self) -> dict[str, Any]:
        """Everything, derived figures included, as plain JSON-ready values."""
        return {
            "players": self.players,
            "rounds": self.rounds,
            "bots": list(self.bots),
            "seed": self.seed,
            "rotate_seats": self.rotate_seats,
            "move_limit": self.move_limit,
            "no_winner": self.no_winner,
            "seats": [standing.to_dict() for standing in self.seats],
            "by_bot": [standing.to_dict() for standing in self.by_bot],
            "length": {
                "mean": self.mean_length,
                "median": self.median_length,
                "min": self.min_length,
                "max": self.max_length,
                "histogram": [list(pair) for pair in self.lengths],
            },
            "catches": self.catches,
            "collects": self.collects,
            "failed_blinds": self.failed_blinds,
            "catches_per_round": self.catches_per_round,
            "collects_per_round": self.collects_per_round,
            "failed_blinds_per_round": self.failed_blinds_per_round,
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as indented JSON."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    def to_csv(self) -> str:
        """A CSV table with the columns of :data:`CSV_COLUMNS`.

        One row of kind ``seat`` per seat, one of kind ``bot`` per bot, then one of kind
        ``rounds`` for the figures about whole rounds; cells that do not apply are empty.
        """
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for kind, standings in (("seat", self.seats), ("bot", self.by_bot)):
            for standing in standings:
                row = standing.to_dict()
                del row["points"]
                writer.writerow({"kind": kind, **{key: "" if value is None else value for key, value in row.items()}})
        writer.writerow(
            {
                "kind": "rounds",
                "rounds": self.rounds,
                "wins": self.rounds - self.no_winner,
                "no_winner": self.no_winner,
                "mean_length": self.mean_length,
                "median_length": self.median_length,
                "min_length": self.min_length,
                "max_length": self.max_length,
                "catches_per_round": self.catches_per_round,
                "collects_per_round": self.collects_per_round,
                "failed_blinds_per_round": self.failed_blinds_per_round,
            }
        )
        return buffer.getvalue()

    def to_text(self) -> str:
        """A plain-text report: settings, tables by seat and by bot, and the round figures."""
        limit = "" if self.move_limit is None else f", move limit {self.move_limit}"
        rotation = ", seats rotating" if self.rotate_seats else ""
        lines = [
            f"8½ simulation: {self.rounds} rounds, {self.players} players, seed {self.seed}, "
            f"bots {','.join(self.bots)}{rotation}{limit}",
            "",
        ]
        columns = f"{'rounds':>9}{'wins':>9}  {'win rate (95% CI)':<23}{'points (95% CI)':<23}{'count':>7}"
        lines.append(f"{'seat':<6}{'bot':<10}{columns}")
        for standing in self.seats:
            lines.append(f"{standing.seat:<6}{standing.bot or '(rotating)':<10}{_row(standing)}")
        lines.append("")
        lines.append(f"{'bot':<16}{columns}")
        for standing in self.by_bot:
            lines.append(f"{standing.bot or '':<16}{_row(standing)}")
        lines.append("")
        lines.append(
            f"round length (moves): mean {self.mean_length:.1f}, median {self.median_length:g}, "
            f"min {self.min_length}, max {self.max_length}"
        )
        lines.append(
            f"per round: catches {self.catches_per_round:.3f}, collects (stuck) {self.collects_per_round:.3f}, "
            f"failed blind cards {self.failed_blinds_per_round:.3f}"
        )
        if self.move_limit is not None or self.no_winner:
            lines.append(f"rounds without a winner (E7): {self.no_winner} ({self.no_winner / self.rounds:.1%})")
        return "\n".join(lines)


def _row(standing: Standing) -> str:
    low, high = standing.win_rate_ci
    plow, phigh = standing.mean_points_ci
    return (
        f"{standing.rounds:>9}{standing.wins:>9}  "
        f"{f'{standing.win_rate:6.1%} ({low:.1%}–{high:.1%})':<23}"
        f"{f'{standing.mean_points:.3f} ({plow:.3f}–{phigh:.3f})':<23}"
        f"{standing.mean_count:7.2f}"
    )


# --- The work: chunks of rounds, played in a worker ---------------------------------------------

# A work item, plain values only so that any executor can ship it:
# (players, bots, seed, start, stop, rotate_seats, (min_players, max_players, move_limit)).
_Task = tuple[int, tuple[str, ...], int, int, int, bool, tuple[int, int, int | None]]
# A chunk's totals: (no_winner, catches, collects, failed_blinds, {length: rounds},
# {(seat, bot): [rounds, wins, points, points_squared, counts]}).
_Cell = list[int]
_ChunkResult = tuple[int, int, int, int, dict[int, int], dict[tuple[int, str], _Cell]]


class _Viewer:
    """Builds :class:`PlayerView`\\ s like :func:`~eighthalf.views.view`, reusing the
    :class:`SeatView`\\ s of seats that did not change since the last move."""

    __slots__ = ("_others", "_own")

    def __init__(self, players: int) -> None:
        empty = Seat((), (), (), ())
        self._own: list[tuple[Seat, SeatView | None]] = [(empty, None)] * players
        self._others: list[tuple[Seat, SeatView | None]] = [(empty, None)] * players

    def view(self, state: GameState, me: int) -> PlayerView:
        parts: list[SeatView] = []
        for index, seat in enumerate(state.seats):
            cache = self._own if index == me else self._others
            known, seen = cache[index]
            if known is not seat or seen is None:
                seen = seat_view(seat, index == me)
                cache[index] = (seat, seen)
            parts.append(seen)
        return view_with_seats(state, me, tuple(parts))


def _seat_bots(bots: tuple[str, ...], index: int, rotate_seats: bool) -> tuple[str, ...]:
    """The bots by seat in round ``index``."""
    if not rotate_seats:
        return bots
    shift = index % len(bots)
    return bots[shift:] + bots[:shift]


def _play_round(
    players: int, bots: Sequence[Bot], rules: Rules, seed: int, index: int
) -> tuple[GameState, int, int, int]:
    """Play round ``index`` to the end: the final state, catches, collects and failed blind cards."""
    deal_seed, rng_seed = round_seeds(seed, index)
    state = new_game(players, seed=deal_seed, rules=rules)
    rng = random.Random(rng_seed)
    viewer = _Viewer(players)
    catches = collects = failed = 0
    watch = observes(bots)
    while state.outcome is None:
        mover = state.to_move
        move = bots[mover].choose(viewer.view(state, mover), rng)
        before, state = state, apply_unchecked(state, move)
        if watch:  # bots that observe are shown every move (bots.Observer)
            tell(bots, describe(before, move, state), state)
        if not state.pile:  # the pile was taken: a catch, a collect or a failed blind card
            kind = type(move)
            if kind is Collect:
                collects += 1
            elif state.to_move == mover:  # P9: the catcher starts the next pile
                catches += 1
            elif kind is BlindPlay:  # L4
                failed += 1
    return state, catches, collects, failed


def _run_chunk(task: _Task) -> _ChunkResult:
    """Play the rounds ``start`` to ``stop - 1`` of a simulation and total them (runs in a worker)."""
    players, names, seed, start, stop, rotate_seats, (min_players, max_players, move_limit) = task
    rules = Rules(min_players=min_players, max_players=max_players, move_limit=move_limit)
    no_winner = catches = collects = failed = 0
    lengths: dict[int, int] = {}
    cells: dict[tuple[int, str], _Cell] = {}
    for index in range(start, stop):
        seat_names = _seat_bots(names, index, rotate_seats)
        bots = [make_bot(name) for name in seat_names]  # fresh bots: no state carries over between rounds
        state, caught, stuck, blind = _play_round(players, bots, rules, seed, index)
        catches += caught
        collects += stuck
        failed += blind
        length = state.move_number
        lengths[length] = lengths.get(length, 0) + 1
        outcome = state.outcome
        assert outcome is not None
        if outcome.winner is None:
            no_winner += 1
        for seat, name in enumerate(seat_names):
            cell = cells.get((seat, name))
            if cell is None:
                cell = cells[seat, name] = [0, 0, 0, 0, 0]
            points = outcome.points[seat]
            cell[0] += 1
            cell[1] += seat == outcome.winner
            cell[2] += points
            cell[3] += points * points
            cell[4] += outcome.counts[seat]
    return no_winner, catches, collects, failed, lengths, cells


def _chunks(rounds: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, rounds, chunk_size):
        yield start, min(start + chunk_size, rounds)


def _run_all(
    executor: Executor | None,
    tasks: list[_Task],
    progress: Callable[[int, int], None] | None,
    total: int,
) -> list[_ChunkResult]:
    """Run every task, inline or on ``executor``, and return the results in task order."""
    results: list[_ChunkResult | None] = [None] * len(tasks)
    done = 0
    if progress is not None:
        progress(0, total)
    if executor is None:
        for number, task in enumerate(tasks):
            results[number] = _run_chunk(task)
            done += task[4] - task[3]
            if progress is not None:
                progress(done, total)
    else:
        queue = deque(enumerate(tasks))
        pending: dict[Future[_ChunkResult], int] = {}
        try:
            while queue or pending:
                while queue and len(pending) < _MAX_PENDING:
                    number, task = queue.popleft()
                    pending[executor.submit(_run_chunk, task)] = number
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    number = pending.pop(future)
                    results[number] = future.result()
                    done += tasks[number][4] - tasks[number][3]
                    if progress is not None:
                        progress(done, total)
        finally:
            for future in pending:
                future.cancel()
    return [result for result in results if result is not None]


def simulate(
    players: int,
    rounds: int,
    bots: Sequence[str],
    *,
    seed: int,
    executor: Executor | None = None,
    workers: int = 1,
    chunk_size: int | None = None,
    rotate_seats: bool = False,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play ``rounds`` rounds between the named bots and summarise them.

    Round ``i`` is dealt with the first seed of :func:`round_seeds` ``(seed, i)``
    (default dealer, S7) and its bots share a :class:`random.Random` seeded with the
    second; fresh bots are made by name for every round and each chooses from its own
    seat's view only. The rounds are cut into chunks of ``chunk_size`` and the chunks'
    totals are added up in order, so the summary is the same for any executor, number
    of workers and chunk size.

    Args:
        players: The number of seats, within the rules' range (S2: 2 to 5).
        rounds: How many rounds to play, at least 1.
        bots: A bot name from ``eighthalf.bots.BOTS`` for each seat.
        seed: Any int; the same seed gives the same summary.
        executor: Where to run the chunks: any ``concurrent.futures.Executor``, such as a
            ``ThreadPoolExecutor`` or a Dask client's ``get_executor()``. The caller
            keeps ownership (it is not shut down). Its workers must be able to import
            :mod:`eighthalf` and make the bots by name.
        workers: With no ``executor``: more than 1 runs a ``ProcessPoolExecutor`` of
            that many processes for this call (when there is more than one chunk); 1
            plays every round in this thread. With an ``executor``: how many workers it
            has, a hint for the chunk size only.
        chunk_size: Rounds per work item; by default :data:`DEFAULT_CHUNK_SIZE`, or
            fewer so that each worker gets about 8 chunks: ``min(250, ceil(rounds /
            (8 * workers)))``. It never changes the result.
        rotate_seats: Move the bots one seat on every round: in round ``i`` seat ``s``
            has ``bots[(s + i) % players]``, so that no bot keeps a seat's advantage.
        rules: The options; if ``None``, the defaults with a move limit of
            :data:`DEFAULT_MOVE_LIMIT` (E7), because bots can, rarely, play a round that
            never ends.
        progress: Called with ``(rounds done, rounds)`` at the start and as chunks finish
            (from the calling thread).

    Returns:
        The :class:`Summary`.

    Raises:
        ValueError: If an argument is out of range: ``players`` outside the rules'
            range, ``rounds``, ``workers`` or ``chunk_size`` below 1, a number of bots
            other than ``players``, or an unknown bot name.
    """
    if rules is None:
        rules = Rules(move_limit=DEFAULT_MOVE_LIMIT)
    names = tuple(bots)
    _check(players, rounds, names, rules, workers=workers, chunk_size=chunk_size)
    if chunk_size is None:
        chunk_size = min(DEFAULT_CHUNK_SIZE, -(-rounds // (8 * workers)))
    if type(seed) is not int:
        raise ValueError(f"seed must be an int, not {seed!r}")
    limits = (rules.min_players, rules.max_players, rules.move_limit)
    tasks: list[_Task] = [
        (players, names, seed, start, stop, rotate_seats, limits) for start, stop in _chunks(rounds, chunk_size)
    ]
    if executor is None and workers > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
            results = _run_all(pool, tasks, progress, rounds)
    else:
        results = _run_all(executor, tasks, progress, rounds)
    return _merge(players, rounds, names, seed, rotate_seats, rules.move_limit, results)


def _check(
    players: int, rounds: int, names: tuple[str, ...], rules: Rules, *, workers: int, chunk_size: int | None
) -> None:
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise ValueError(f"players must be from {rules.min_players} to {rules.max_players} (S2), not {players!r}")
    for what, value in (("rounds", rounds), ("workers", workers), ("chunk_size", chunk_size)):
        if (value is not None or what != "chunk_size") and (type(value) is not int or value < 1):
            raise ValueError(f"{what} must be an int of at least 1, not {value!r}")
    if len(names) != players:
        raise ValueError(f"give one bot per seat: {players} players but {len(names)} bots ({', '.join(names)})")
    unknown = sorted({name for name in names if name not in BOTS})
    if unknown:
        raise ValueError(f"unknown bot {', '.join(map(repr, unknown))}; choose from {', '.join(sorted(BOTS))}")


def _merge(
    players: int,
    rounds: int,
    names: tuple[str, ...],
    seed: int,
    rotate_seats: bool,
    move_limit: int | None,
    results: list[_ChunkResult],
) -> Summary:
    """Add up the chunks' totals (integers only, so the order cannot matter) into a :class:`Summary`."""
    no_winner = catches = collects = failed = 0
    lengths: dict[int, int] = {}
    cells: dict[tuple[int, str], _Cell] = {}
    for chunk_no_winner, chunk_catches, chunk_collects, chunk_failed, chunk_lengths, chunk_cells in results:
        no_winner += chunk_no_winner
        catches += chunk_catches
        collects += chunk_collects
        failed += chunk_failed
        for length, count in chunk_lengths.items():
            lengths[length] = lengths.get(length, 0) + count
        for key, cell in chunk_cells.items():
            total = cells.setdefault(key, [0] * len(cell))
            for field, value in enumerate(cell):
                total[field] += value
    if sum(lengths.values()) != rounds:
        raise RuntimeError(f"the executor returned {sum(lengths.values())} rounds instead of {rounds}")

    def standing(seat: int | None, bot: str | None, keys: list[tuple[int, str]]) -> Standing:
        totals = [sum(cells[key][field] for key in keys) for field in range(5)]
        return Standing(
            seat=seat,
            bot=bot,
            rounds=totals[0],
            wins=totals[1],
            points=totals[2],
            points_squared=totals[3],
            counts=totals[4],
        )

    keys = sorted(cells)
    seats = []
    for seat in range(players):
        mine = [key for key in keys if key[0] == seat]
        bots_here = {key[1] for key in mine}
        seats.append(standing(seat, bots_here.pop() if len(bots_here) == 1 else None, mine))
    by_bot = [standing(None, bot, [key for key in keys if key[1] == bot]) for bot in dict.fromkeys(names)]
    return Summary(
        players=players,
        rounds=rounds,
        bots=names,
        seed=seed,
        rotate_seats=rotate_seats,
        move_limit=move_limit,
        seats=tuple(seats),
        by_bot=tuple(by_bot),
        no_winner=no_winner,
        lengths=tuple(sorted(lengths.items())),
        catches=catches,
        collects=collects,
        failed_blinds=failed,
    )


# --- The command line -------------------------------------------------------------------------


class _ProgressBar:
    """A plain-text progress bar, redrawn in place with ``\\r`` at most ten times a second."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self._stream = stream
        self._width = width
        self._start = time.perf_counter()
        self._last = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        elapsed = now - self._start
        filled = self._width * done // total
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = f", ETA {(total - done) / rate:.0f} s" if 0 < done < total and rate > 0 else ""
        bar = "#" * filled + "." * (self._width - filled)
        self._stream.write(f"\r[{bar}] {done / total:4.0%} {done}/{total} rounds, {rate:,.0f} rounds/s{eta}  ")
        if done >= total:
            self._stream.write(f"\n{total} rounds in {elapsed:.1f} s\n")
        self._stream.flush()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``python -m eighthalf simulate`` to ``parser`` (a sub-command's parser)."""
    parser.add_argument("--players", type=int, default=4, help="number of players, 2 to 5 (default 4)")
    parser.add_argument("--rounds", type=_positive, default=1000, help="how many rounds to play (default 1000)")
    parser.add_argument(
        "--bots",
        default="random",
        help=f"a bot for each seat, comma-separated, or one bot for every seat (default random); from: {', '.join(sorted(BOTS))}",
    )
    parser.add_argument("--seed", type=int, default=None, help="the simulation's seed (default: a fresh one, reported)")
    parser.add_argument(
        "--workers",
        type=_positive,
        default=None,
        help="processes to run on; 1 plays in this process (default: one per available CPU)",
    )
    parser.add_argument(
        "--chunk-size",
        type=_positive,
        default=None,
        help=f"rounds per work item (default {DEFAULT_CHUNK_SIZE}, fewer for short runs); never changes the result",
    )
    parser.add_argument("--rotate-seats", action="store_true", help="move the bots one seat on every round")
    parser.add_argument(
        "--move-limit",
        type=int,
        default=DEFAULT_MOVE_LIMIT,
        help=f"end a round without a winner after this many moves, 0 for no limit (E7; default {DEFAULT_MOVE_LIMIT}: "
        "random play can otherwise, rarely, go on for ever)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the summary as JSON to PATH ('-' for stdout)")
    parser.add_argument("--csv", metavar="PATH", help="also write the summary as CSV to PATH ('-' for stdout)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: only when stderr is a terminal)",
    )
    parser.set_defaults(simulate_parser=parser)


def run_simulate(args: argparse.Namespace, *, write: Callable[[str], None] = print) -> int:
    """Run ``python -m eighthalf simulate`` with the parsed ``args``; returns the exit status.

    The text summary goes to ``write`` unless the JSON or the CSV goes to stdout (``-``).

    Raises:
        SystemExit: With status 2 and a usage message if the arguments do not fit
            together (an unknown bot, a wrong number of bots, players out of range).
    """
    parser: argparse.ArgumentParser = args.simulate_parser
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    unknown = sorted({name for name in names if name not in BOTS})
    if not names or unknown:
        parser.error(
            f"--bots: unknown bot {', '.join(unknown) or '(none given)'}; choose from {', '.join(sorted(BOTS))}"
        )
    if args.move_limit < 0:
        parser.error(f"--move-limit must be 0 (no limit) or more, not {args.move_limit}")
    rules = Rules(move_limit=args.move_limit or None)
    if not rules.min_players <= args.players <= rules.max_players:
        parser.error(f"--players must be from {rules.min_players} to {rules.max_players} (S2), not {args.players}")
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        parser.error(f"--bots: give one bot or one per seat: {args.players} players but {len(names)} bots")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    workers = args.workers if args.workers is not None else _default_workers()
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _ProgressBar(sys.stderr) if show else None
    try:
        summary = simulate(
            args.players,
            args.rounds,
            names,
            seed=seed,
            workers=workers,
            chunk_size=args.chunk_size,
            rotate_seats=args.rotate_seats,
            rules=rules,
            progress=progress,
        )
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130
    to_stdout = "-" in (args.json, args.csv)
    for path, text in ((args.json, summary.to_json), (args.csv, summary.to_csv)):
        if path == "-":
            sys.stdout.write(text())
            sys.stdout.flush()
        elif path is not None:
            with open(path, "w", encoding="utf-8", newline="") as file:
                file.write(text())
    if not to_stdout:
        write(summary.to_text())
    return 0
