"""The pieces of the simulation runner: bots by spec, seeds per game, chunks over executors.

Nothing here knows a game's rules. The runner written once against the game protocol,
:mod:`eighthalf.simulation.simulate`, plays the games of any game object with these pieces,
and the one summary of every game (:mod:`eighthalf.simulation.summary`) adds up what it gives:

- bots named by a registry entry or by an importable ``"module:attribute"`` spec
  (:func:`bot_factory`, :func:`load_bot`), which travel to workers as plain text;
- the rule that a short bot list repeats to fill the table (:func:`fill_table`);
- two seeds per game derived from the simulation's seed and the game's index alone
  (:func:`game_seeds`), so a result never depends on how the games were spread;
- the chunked run over any ``concurrent.futures.Executor`` (a process pool, a thread
  pool, a Dask client's executor) with a bound on the chunks in flight, results added
  up as they stream in and per-game lines written in order (:func:`run_chunks`);
- the tally of chunks: counts by value and integer cells by ``(seat, bot)`` added up
  (:func:`add_counts`, :func:`add_cells`) and grouped by seat and by bot
  (:func:`standings`);
- a text progress bar (:class:`ProgressBar`), Wilson intervals (:func:`wilson`), the
  figures of a distribution of lengths (:func:`histogram_figures`) and the check of an
  output path before a long run (:func:`check_output`).

>>> fill_table(["greedy", "random"], 3)
('greedy', 'random', 'greedy')
>>> low, high = wilson(5, 10)
>>> round(low, 3), round(high, 3)
(0.237, 0.763)
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, Final, NamedTuple, NoReturn, TextIO, TypeVar

from eighthalf.core.errors import EighthalfError
from eighthalf.players.specs import bot_factory, brief, load_bot, new_bot

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "MAX_PENDING",
    "MAX_RUN_SEED_DIGITS",
    "MAX_SEED_DIGITS",
    "Z95",
    "HistogramFigures",
    "ProgressBar",
    "add_cells",
    "add_counts",
    "bot_factory",
    "brief",
    "check_output",
    "check_run",
    "check_run_seed",
    "chunk_size_for",
    "chunks",
    "csv_columns",
    "default_workers",
    "fill_table",
    "game_seeds",
    "histogram_figures",
    "load_bot",
    "mean_interval",
    "median_of",
    "new_bot",
    "refuse_move",
    "run_chunks",
    "standings",
    "summary_csv",
    "wilson",
]

Z95: Final = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution (two-sided 95% intervals)."""

DEFAULT_CHUNK_SIZE: Final = 250
"""The most games (rounds) per work item by default (see :func:`chunk_size_for`)."""

MAX_PENDING: Final = 1024
"""The most chunks in flight on an executor at once, so that huge runs do not flood it."""

MAX_RUN_SEED_DIGITS: Final = 100
"""The most decimal digits of a simulation's seed (any int from ``-(10**100 - 1)`` to ``10**100 - 1``).

Not :data:`eighthalf.core.shuffle.MAX_SEED_DIGITS` (4,300), the bound of a deal's seed:
a simulation derives its games' deal seeds from its own seed (:func:`game_seeds`)."""

MAX_SEED_DIGITS: Final = MAX_RUN_SEED_DIGITS
"""The old name of :data:`MAX_RUN_SEED_DIGITS`, kept as an alias."""

_MAX_SEED: Final = 10**MAX_RUN_SEED_DIGITS

_S = TypeVar("_S")


def refuse_move(state: Any, move: object, apply: Callable[[Any, Any], Any], where: str) -> NoReturn:
    """Raise the game's :class:`~eighthalf.IllegalMoveError` for a bot's illegal ``move``, saying ``where``.

    The simulations check the moves of every bot that is not built in (whose moves the
    tests check), so that a bot of the user's that breaks a rule stops the run with the
    rule's own error instead of corrupting the games: ``apply(state, move)`` (the game's
    checking ``apply``) gives the error, and ``where`` (the game, the seat and the
    bot) goes in front of its message.

    Raises:
        IllegalMoveError: Always (or what ``apply`` raises for a move it refuses).
        RuntimeError: If ``apply`` accepts the move after all (the caller's mistake).
    """
    try:
        apply(state, move)
    except EighthalfError as error:
        error.args = (f"{where}: {error}",)
        raise
    raise RuntimeError(f"{where}: refuse_move was called with a legal move {brief(str(move))}")


def fill_table(specs: Sequence[str], seats: int, *, option: str = "--bots") -> tuple[str, ...]:
    """The bots of ``seats`` seats from a shorter list: the list repeats to fill the table.

    This is the one rule of ``demo``, ``play`` and ``simulate`` on the command line, in
    both games: ``greedy,random`` for four seats is ``greedy,random,greedy,random``; a
    single bot takes every seat; a list longer than the seats it fills is refused.

    >>> fill_table(["greedy", "random"], 4)
    ('greedy', 'random', 'greedy', 'random')

    Raises:
        EighthalfError: If the list is empty or longer than ``seats``.
    """
    if not specs:
        raise EighthalfError(f"{option}: give at least one bot")
    if len(specs) > seats:
        raise EighthalfError(
            f"{option}: {len(specs)} bots for {seats} seat{'s' if seats != 1 else ''}; give at most {seats}"
        )
    return tuple(specs[seat % len(specs)] for seat in range(seats))


# --- Seeds ----------------------------------------------------------------------------------------


def game_seeds(tag: bytes, seed: int, index: int) -> tuple[int, int]:
    """The deal seed and the bots' random seed of game ``index`` of a simulation seeded with ``seed``.

    Both come from SHAKE-256 of ``(tag, seed, index)``, so they are the same on every
    platform, Python version and worker, whatever the order games are played in; each
    game's simulation has a ``tag`` of its own.

    >>> game_seeds(b"demo", 1, 0) == game_seeds(b"demo", 1, 0) != game_seeds(b"demo", 1, 1)
    True
    """
    digest = hashlib.shake_256(tag + b":%d:%d" % (seed, index)).digest(32)
    return int.from_bytes(digest[:16], "little"), int.from_bytes(digest[16:], "little")


def check_run_seed(seed: object) -> int:
    """``seed`` if it is a simulation's seed: an int of at most :data:`MAX_RUN_SEED_DIGITS` digits.

    Raises:
        EighthalfError: If ``seed`` is not an int, or is too long.
    """
    if type(seed) is not int:
        raise EighthalfError(f"seed must be an int, not {type(seed).__name__}")
    if not -_MAX_SEED < seed < _MAX_SEED:
        raise EighthalfError(f"seed must have at most {MAX_RUN_SEED_DIGITS} digits")
    return seed


# --- Statistics -----------------------------------------------------------------------------------


def check_run(
    *,
    count: tuple[str, object, int],
    bots: object,
    seed: object,
    workers: object,
    chunk_size: object,
    executor: object,
    rotate_seats: object,
    progress: object,
    out: tuple[str, object],
    players: int,
    load: Callable[[str], object],
) -> tuple[str, ...]:
    """Check the arguments that every game's ``simulate`` takes; returns the bots as a tuple of strings.

    ``count`` is ``(name, value, most)`` (``("rounds", rounds, MAX_ROUNDS)`` …), ``out``
    the name and value of the per-game output file, ``players`` the checked number of
    seats and ``load`` the game's bot loader, called once per distinct bot so that an
    unknown bot is refused here, before any work is sent out. The game checks its own
    rules and number of players first (:meth:`eighthalf.simulation.simulate.SimulatedGame.check`).

    >>> check_run(count=("games", 3, 10), bots=["a", "b"], seed=1, workers=1, chunk_size=None, executor=None,
    ...           rotate_seats=False, progress=None, out=("games_out", None), players=2, load=str)
    ('a', 'b')

    Raises:
        EighthalfError: If an argument is of the wrong type or out of range.
    """
    what, value, most = count
    for name, number in ((what, value), ("workers", workers), ("chunk_size", chunk_size)):
        if number is None and name == "chunk_size":
            continue
        if type(number) is not int or number < 1:
            shown = number if type(number) is int and abs(number) < 10**9 else type(number).__name__
            raise EighthalfError(f"{name} must be an int of at least 1, not {shown}")
    assert type(value) is int
    if value > most:
        raise EighthalfError(f"{what} must be at most {most:,} (a simulation of that size never ends)")
    check_run_seed(seed)
    if not isinstance(bots, (list, tuple)) or not all(isinstance(name, str) for name in bots):
        raise EighthalfError(
            "bots must be a list or tuple of strings, one per seat (bot names or 'module:attribute'), "
            f"not {type(bots).__name__}"
        )
    names = tuple(bots)
    if len(names) != players:
        raise EighthalfError(
            f"give one bot per seat: {players} players but {len(names)} bots ({brief(', '.join(names), 80)})"
        )
    for name in dict.fromkeys(names):
        load(name)
    if executor is not None and not isinstance(executor, Executor):
        raise EighthalfError(f"executor must be a concurrent.futures.Executor or None, not {type(executor).__name__}")
    if type(rotate_seats) is not bool:
        raise EighthalfError(f"rotate_seats must be True or False, not {type(rotate_seats).__name__}")
    if progress is not None and not callable(progress):
        raise EighthalfError(f"progress must be callable or None, not {type(progress).__name__}")
    file_name, file = out
    if file is not None and not callable(getattr(file, "write", None)):
        raise EighthalfError(f"{file_name} must be a text file (with a write method), not {type(file).__name__}")
    return names


# --- The tally -----------------------------------------------------------------------------------


def add_counts(total: dict[int, int], part: Mapping[int, int]) -> int:
    """Add a chunk's counts by value (``{length: games}``) into ``total``; returns how many
    games ``part`` counted.

    >>> total = {3: 1}
    >>> add_counts(total, {3: 2, 5: 1}), total
    (3, {3: 3, 5: 1})
    """
    for value, count in part.items():
        total[value] = total.get(value, 0) + count
    return sum(part.values())


def add_cells(total: dict[tuple[int, str], list[int]], part: Mapping[tuple[int, str], Sequence[int]]) -> None:
    """Add a chunk's integer cells by ``(seat, bot)`` into ``total``, field by field.

    >>> total = {(0, "greedy"): [1, 1]}
    >>> add_cells(total, {(0, "greedy"): [2, 0], (1, "random"): [2, 1]})
    >>> total
    {(0, 'greedy'): [3, 1], (1, 'random'): [2, 1]}
    """
    for key, cell in part.items():
        into = total.setdefault(key, [0] * len(cell))
        for field, value in enumerate(cell):
            into[field] += value


def standings(
    cells: Mapping[tuple[int, str], Sequence[int]],
    players: int,
    names: Sequence[str],
    make: Callable[[int | None, str | None, list[int]], _S],
) -> tuple[tuple[_S, ...], tuple[_S, ...]]:
    """The standings of a run from its cells by ``(seat, bot)``: one per seat (its bot named
    if only one bot sat there), then one per bot of ``names`` (in their first order), each
    built by ``make(seat, bot, sums)`` from the cells' field-by-field sums.

    >>> cells = {(0, "greedy"): [2, 1], (1, "random"): [1, 0], (1, "greedy"): [1, 1]}
    >>> standings(cells, 2, ["greedy", "random"], lambda seat, bot, sums: (seat, bot, sums))
    (((0, 'greedy', [2, 1]), (1, None, [2, 1])), ((None, 'greedy', [3, 2]), (None, 'random', [1, 0])))
    """
    keys = sorted(cells)
    width = max((len(cell) for cell in cells.values()), default=0)

    def standing(seat: int | None, bot: str | None, mine: list[tuple[int, str]]) -> _S:
        return make(seat, bot, [sum(cells[key][field] for key in mine) for field in range(width)])

    by_seat = []
    for seat in range(players):
        mine = [key for key in keys if key[0] == seat]
        here = {key[1] for key in mine}
        by_seat.append(standing(seat, here.pop() if len(here) == 1 else None, mine))
    by_bot = [standing(None, bot, [key for key in keys if key[1] == bot]) for bot in dict.fromkeys(names)]
    return tuple(by_seat), tuple(by_bot)


def summary_csv(
    columns: Sequence[str],
    seats: Iterable[Any],
    by_bot: Iterable[Any],
    whole: Mapping[str, object],
) -> str:
    """A run's summary as CSV: the header ``columns``, a row of kind ``seat`` per seat and
    of kind ``bot`` per bot (each from its standing's ``to_dict()``, without the list of
    ``points``), then the row ``whole`` of the figures about whole games; cells that do not
    apply, and ``None`` values, are empty.
    """
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for kind, group in (("seat", seats), ("bot", by_bot)):
        for standing in group:
            row = standing.to_dict()
            del row["points"]
            writer.writerow({"kind": kind, **{key: "" if value is None else value for key, value in row.items()}})
    writer.writerow(whole)
    return buffer.getvalue()


def csv_columns(
    unit: str,
    *,
    after_wins: Sequence[str] = (),
    after_points: Sequence[str] = (),
    whole: Sequence[str] = (),
    length_key: str = "length",
    tail: Sequence[str] = (),
) -> tuple[str, ...]:
    """The columns of a game's summary as CSV (:func:`summary_csv`), in order: ``kind``,
    ``seat``, ``bot``, the seat-games (``unit`` + ``s``), ``wins``, the game's ``after_wins``,
    the win rate and the mean points with their 95% intervals, the game's ``after_points``
    (the standings' columns end here), its figures of ``whole`` games, the lengths' mean,
    median, min and max (``mean_`` + ``length_key``, …), then the game's ``tail``.

    >>> csv_columns("game", whole=("tied_games",), length_key="turns")[-5:]
    ('tied_games', 'mean_turns', 'median_turns', 'min_turns', 'max_turns')
    """
    return (
        "kind", "seat", "bot", unit + "s", "wins", *after_wins, "win_rate", "win_rate_low", "win_rate_high",
        "mean_points", "mean_points_low", "mean_points_high", *after_points, *whole,
        *(f"{name}_{length_key}" for name in HistogramFigures._fields), *tail,
    )  # fmt: skip


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval at 95% for a proportion of ``successes`` in ``trials`` (at least 1).

    Raises:
        ZeroDivisionError: If ``trials`` is 0.
    """
    p = successes / trials
    z2 = Z95 * Z95
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(total: int, squares: int, n: int, low: float, high: float) -> tuple[float, float]:
    """The 95% confidence interval of a mean (normal approximation) from the ``total`` and
    the sum of ``squares`` of ``n`` samples, clipped to ``low``–``high``; the whole range
    with fewer than 2 samples.

    >>> mean_interval(4, 8, 2, 0.0, 3.0)
    (2.0, 2.0)
    """
    if n < 2:
        return low, high
    mean = total / n
    variance = max(0.0, (squares - total * mean) / (n - 1))
    half = Z95 * math.sqrt(variance / n)
    return max(low, mean - half), min(high, mean + half)


def median_of(histogram: Sequence[tuple[int, int]], count: int) -> float:
    """The median of ``count`` values given as sorted ``(value, how many)`` pairs (the mean of
    the two middle values for an even count).

    >>> median_of([(3, 1), (5, 2), (9, 1)], 4)
    5.0
    """
    middle = (count - 1) / 2
    low = high = None
    seen = 0
    for value, many in histogram:
        seen += many
        if low is None and seen > math.floor(middle):
            low = value
        if seen > math.ceil(middle):
            high = value
            break
    assert low is not None and high is not None
    return (low + high) / 2


class HistogramFigures(NamedTuple):
    """The figures of a distribution of counts (:func:`histogram_figures`), in the order of a
    summary's ``length`` (``_asdict()`` gives them by name)."""

    mean: float
    """The mean value."""
    median: float
    """The median value (the mean of the two middle values for an even count)."""
    min: int
    """The least value."""
    max: int
    """The greatest value."""


def histogram_figures(histogram: Sequence[tuple[int, int]], count: int) -> HistogramFigures:
    """The mean, median, least and greatest of ``count`` values (at least 1) given as sorted
    ``(value, how many)`` pairs, such as the lengths of a run's games.

    >>> histogram_figures([(3, 1), (5, 2), (9, 1)], 4)
    HistogramFigures(mean=5.5, median=5.0, min=3, max=9)
    """
    total = sum(value * many for value, many in histogram)
    return HistogramFigures(total / count, median_of(histogram, count), histogram[0][0], histogram[-1][0])


# --- Outputs --------------------------------------------------------------------------------------


def check_output(path: str, option: str) -> str | None:
    """Why ``path`` cannot be written as the output of ``option``, or ``None`` if it can.

    Checked before a long run starts, without creating or changing anything: ``-`` is
    standard output; otherwise the path must not be a directory, its folder must exist
    and be writable, and an existing file must be writable.
    """
    if path == "-":
        return None
    if not path:
        return f"{option}: give a file name, or - for standard output"
    if os.path.isdir(path):
        return f"{option}: {brief(path, 80)} is a directory; give a file name"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"{option}: cannot write {brief(path, 80)}: the folder {brief(folder, 80)} does not exist"
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            return f"{option}: cannot write {brief(path, 80)}: permission denied"
    elif not os.access(folder, os.W_OK):
        return f"{option}: cannot write {brief(path, 80)}: the folder {brief(folder, 80)} is not writable"
    return None


class ProgressBar:
    """A plain-text progress bar, redrawn in place with ``\\r`` at most ten times a second.

    Call it with ``(done, total)``. Each drawing is padded to the width of the one
    before, so that nothing of an earlier line (such as its ETA) is left over at the
    end; the last one, at 100%, has no ETA. ``unit`` names what is counted. With ``lines``
    (for a file or a pipe, where ``\\r`` redraws nothing) each drawing is a line of its own,
    at most one every ``every`` seconds, and the first and the last are always written.

    >>> import io
    >>> stream = io.StringIO()
    >>> bar = ProgressBar(stream, unit="games")
    >>> bar(4, 4)
    >>> stream.getvalue().startswith("\\r[##############################] 100% 4/4 games, ")
    True
    >>> stream = io.StringIO()
    >>> bar = ProgressBar(stream, unit="games", lines=True)
    >>> bar(0, 4), bar(4, 4)
    (None, None)
    >>> [line[:41] for line in stream.getvalue().splitlines()][:2]
    ['[..............................]   0% 0/4', '[##############################] 100% 4/4']
    """

    def __init__(
        self, stream: TextIO, width: int = 30, *, unit: str = "rounds", lines: bool = False, every: float = 5.0
    ) -> None:
        self._lines = lines
        self._every = every if lines else 0.1
        self._stream = stream
        self._width = width
        self._unit = unit
        self._start = time.perf_counter()
        self._last: float | None = None
        self._shown = 0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and self._last is not None and now - self._last < self._every:
            return
        self._last = now
        elapsed = now - self._start
        filled = self._width * done // total
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = f", ETA {math.ceil((total - done) / rate)} s" if 0 < done < total and rate > 0 else ""
        bar = "#" * filled + "." * (self._width - filled)
        line = f"[{bar}] {done / total:4.0%} {done}/{total} {self._unit}, {rate:,.0f} {self._unit}/s{eta}"
        if self._lines:
            self._stream.write(line + "\n")
        else:
            self._stream.write("\r" + line.ljust(self._shown))
            self._shown = len(line)
        if done >= total:
            end = "" if self._lines else "\n"  # a redrawn bar has no newline of its own
            self._stream.write(f"{end}{total} {self._unit} in {elapsed:.1f} s\n")
        self._stream.flush()


# --- The work: chunks over an executor ------------------------------------------------------------


def default_workers() -> int:
    """The CPUs this process may run on (its affinity where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def chunk_size_for(count: int, workers: int, default: int = DEFAULT_CHUNK_SIZE) -> int:
    """The default games per chunk: ``default``, or fewer so that each of ``workers`` gets
    about 8 chunks: ``min(default, ceil(count / (8 * workers)))``.

    >>> chunk_size_for(1000, 2), chunk_size_for(100_000, 2)
    (63, 250)
    """
    return min(default, -(-count // (8 * workers)))


def chunks(count: int, size: int) -> Iterator[tuple[int, int]]:
    """The ``(start, stop)`` index ranges of ``count`` games cut into chunks of ``size``.

    >>> list(chunks(5, 2))
    [(0, 2), (2, 4), (4, 5)]
    """
    for start in range(0, count, size):
        yield start, min(start + size, count)


def run_chunks(
    work: Callable[[Any], Any],
    tasks: Iterable[tuple[Any, int]],
    add: Callable[[Any], str],
    *,
    total: int,
    executor: Executor | None = None,
    processes: int = 1,
    progress: Callable[[int, int], None] | None = None,
    out: TextIO | None = None,
) -> None:
    """Run ``work`` on every task, inline or on an executor, adding up the results as they come.

    Args:
        work: Plays one chunk: a module-level function (so that a process pool or Dask
            can ship it) of a task made of plain values.
        tasks: Each task with the number of games it holds, in game order.
        add: Adds a chunk's result to the caller's totals (in the calling thread, in the
            order the chunks finish, so its totals must not depend on the order) and
            returns the chunk's per-game text for ``out`` (``""`` if none).
        total: The number of games of all tasks, for ``progress``.
        executor: Any ``concurrent.futures.Executor`` (the caller keeps ownership), or
            ``None``: then a ``ProcessPoolExecutor`` of ``processes`` processes for this
            call if ``processes`` is more than 1, else every chunk in this thread.
        processes: See ``executor``.
        progress: Called with ``(games done, total)`` at the start and as chunks finish.
        out: Where the chunks' per-game text goes, in game order whatever order the
            chunks finish in.

    At most :data:`MAX_PENDING` chunks are in flight, so memory stays bounded however
    many games are played; an error raised by ``work`` in a worker is raised here, and
    the chunks not yet started are cancelled.
    """
    if executor is None and processes > 1:
        with ProcessPoolExecutor(max_workers=processes) as pool:
            run_chunks(work, tasks, add, total=total, executor=pool, progress=progress, out=out)
        return
    done = 0
    if progress is not None:
        progress(0, total)
    if executor is None:
        for task, size in tasks:
            text = add(work(task))
            if out is not None:
                out.write(text)
            done += size
            if progress is not None:
                progress(done, total)
        return
    queue = enumerate(tasks)
    pending: dict[Future[Any], tuple[int, int]] = {}
    waiting: dict[int, str] = {}  # the text of chunks that finished before an earlier one
    next_out = 0
    more = True
    try:
        while more or pending:
            while more and len(pending) < MAX_PENDING:
                item = next(queue, None)
                if item is None:
                    more = False
                    break
                number, (task, size) = item
                pending[executor.submit(work, task)] = number, size
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                number, size = pending.pop(future)
                text = add(future.result())
                if out is not None:
                    waiting[number] = text
                    while next_out in waiting:
                        out.write(waiting.pop(next_out))
                        next_out += 1
                done += size
                if progress is not None:
                    progress(done, total)
    finally:
        for future in pending:
            future.cancel()
