"""The simulation runner, written once for every game: seeded games between named bots.

:func:`run_simulation` plays ``count`` games of a game object (:class:`~eighthalf.core.game.Game`)
between bots named by the game's entry in the registry of games (``entry.bots``) or by importable
``"module:attribute"`` specs, chunked over any ``concurrent.futures`` executor
(:func:`~eighthalf.simulation.runner.run_chunks`), and adds up what every game gives: wins
(shared wins apart), points and their squares by seat and by bot, the games without a
winner or with a shared win, and the lengths in moves. A game's simulation module
(:mod:`eighthalf.games.eighthalf.simulate`, :mod:`eighthalf.games.eights.simulate`) is a :class:`SimulatedGame`:
the game object, the names its summary uses, and its :class:`GameFigures`
(:mod:`eighthalf.simulation.figures`), the small hook through which it counts what only it
has (8½'s catches and final counts, Eights' hands and spellings), shows its bots the
table (8½ reuses the views of unchanged seats) and writes its JSON line of a game.
Each game's summary derives its figures and outputs through :class:`StandingFigures`,
:class:`SummaryFigures` and :func:`standings_table`, so only what the game adds is its own.

Game ``i`` is dealt with the first seed of :func:`~eighthalf.simulation.runner.game_seeds`
``(tag, seed, i)`` and its bots share a :class:`random.Random` seeded with the second;
fresh bots are made for every game, and each chooses from its own seat's view. A
summary therefore depends only on the arguments, never on how the games were spread.

>>> from eighthalf.games.eights.game import EIGHTS
>>> from eighthalf.games.eights.options import Rules
>>> binding = SimulatedGame(game=EIGHTS, tag=b"doc", unit="game", most=100, players_rule="WS2")
>>> tally = run_simulation(binding, 2, 3, ["greedy", "random"], seed=1, rules=Rules(target=10))
>>> tally.games, sum(cell[0] for cell in tally.cells.values())
(3, 6)
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, ClassVar, Final, TextIO

import attrs

from eighthalf.core.errors import EighthalfError
from eighthalf.core.game import Game
from eighthalf.players.players import observes, tell
from eighthalf.registry import bots_for, load_bot_for
from eighthalf.simulation.figures import GameFigures, Unending
from eighthalf.simulation.runner import (
    DEFAULT_CHUNK_SIZE,
    HistogramFigures,
    add_cells,
    add_counts,
    bot_factory,
    check_run,
    chunk_size_for,
    chunks,
    default_workers,
    game_seeds,
    histogram_figures,
    mean_interval,
    new_bot,
    refuse_move,
    run_chunks,
    summary_csv,
    wilson,
)

__all__ = [
    "BASE_FIELDS",
    "GameFigures",
    "SimulatedGame",
    "StandingFigures",
    "SummaryFigures",
    "Totals",
    "Unending",
    "play_game",
    "run_simulation",
    "seat_bots",
    "standings_lines",
    "standings_table",
    "summary_json",
]

BASE_FIELDS: Final = 5
"""The integer cells every game gives for each ``(seat, bot)``, in order: games, wins,
shared wins, points, squared points; a game's :meth:`GameFigures.seat_values` follow them."""


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class SimulatedGame:
    """A game's simulation: the game object, the words its checks and messages use, and its hook."""

    game: Game[Any, Any, Any, Any, Any]
    """The game object."""
    tag: bytes
    """The tag of the seeds of its games (:func:`~eighthalf.simulation.runner.game_seeds`)."""
    unit: str
    """What one game is called in messages: ``"round"`` for 8½, ``"game"`` for Eights."""
    most: int
    """The most games of one run."""
    players_rule: str
    """The rule id that gives the numbers of players (``"S2"``, ``"WS2"``)."""
    rules_name: str = "a Rules"
    """The rules' class as a message names it (``"an eighthalf.eights.Rules"``)."""
    out_name: str = "out"
    """The name of the keyword argument of the per-game lines (``rounds_out``)."""
    chunk_size: int = DEFAULT_CHUNK_SIZE
    """The most games of one work item by default (see :func:`~eighthalf.simulation.runner.chunk_size_for`)."""
    figures: GameFigures = attrs.field(factory=GameFigures)
    """What the game counts of its own."""

    def load(self, spec: str) -> Any:
        """A new bot of ``spec`` for this game (see :func:`~eighthalf.simulation.runner.bot_factory`).

        Raises:
            EighthalfError: If ``spec`` cannot be resolved, makes no bot, or makes a bot
                of another registered game (the message names that game).
        """
        return load_bot_for(self.game, spec)

    def check(
        self,
        players: object,
        count: object,
        bots: object,
        seed: object,
        rules: object,
        *,
        workers: object,
        chunk_size: object,
        executor: object,
        rotate_seats: object,
        progress: object,
        out: object,
    ) -> tuple[str, ...]:
        """Check the arguments of a game's ``simulate``; returns the bots as a tuple of strings.

        Raises:
            EighthalfError: If an argument is of the wrong type or out of range (see
                :func:`~eighthalf.simulation.runner.check_run`), ``rules`` are not the game's,
                or ``players`` is not a number of players they allow.
        """
        default = self.game.default_rules
        if rules is not None and not isinstance(rules, type(default)):
            raise EighthalfError(f"rules must be {self.rules_name} or None, not {type(rules).__name__}")
        allowed = self.game.player_counts(default if rules is None else rules)
        if type(players) is not int or players not in allowed:
            shown = players if type(players) is int and abs(players) < 10**9 else type(players).__name__
            raise EighthalfError(
                f"players must be from {allowed[0]} to {allowed[-1]} ({self.players_rule}), not {shown}"
            )
        return check_run(
            count=(self.unit + "s", count, self.most),
            bots=bots,
            seed=seed,
            workers=workers,
            chunk_size=chunk_size,
            executor=executor,
            rotate_seats=rotate_seats,
            progress=progress,
            out=(self.out_name, out),
            players=players,
            load=self.load,
        )


@attrs.define(slots=True, weakref_slot=False)
class Totals:
    """The totals of a run, added up from its chunks (integers only, so the order cannot matter)."""

    games: int = 0
    """The games played."""
    bots: tuple[str, ...] = ()
    """The bots by seat (in game 0 when the seats rotate), as checked."""
    cells: dict[tuple[int, str], list[int]] = attrs.field(factory=dict)
    """By ``(seat, bot)``: the :data:`BASE_FIELDS` fields, then the game's :meth:`GameFigures.seat_values`."""
    lengths: dict[int, int] = attrs.field(factory=dict)
    """Games by length in moves."""
    no_winner: int = 0
    """Games without a winner."""
    shared: int = 0
    """Games with more than one winner."""
    counters: list[int] = attrs.field(factory=list)
    """The game's counters (:meth:`GameFigures.moved`)."""
    histograms: list[dict[int, int]] = attrs.field(factory=list)
    """The game's distributions (:meth:`GameFigures.game_values`), games by value."""

    def add(self, part: tuple[Totals, str]) -> str:
        """Add a chunk's tally; returns its per-game lines."""
        chunk, lines = part
        self.games += add_counts(self.lengths, chunk.lengths)
        add_cells(self.cells, chunk.cells)
        self.no_winner += chunk.no_winner
        self.shared += chunk.shared
        for field, value in enumerate(chunk.counters):
            self.counters[field] += value
        for into, values in zip(self.histograms, chunk.histograms, strict=True):
            add_counts(into, values)
        return lines

    def sorted_lengths(self) -> tuple[tuple[int, int], ...]:
        """:attr:`lengths` as ``(length, games)`` pairs by length."""
        return tuple(sorted(self.lengths.items()))

    def sorted_histogram(self, which: int) -> tuple[tuple[int, int], ...]:
        """The distribution ``which`` as ``(value, games)`` pairs by value."""
        return tuple(sorted(self.histograms[which].items()))


# A work item, plain values only (bots travel as names or 'module:attribute' specs, never as
# objects): (binding, players, bots, seed, start, stop, rotate_seats, rules, with the lines).
_Task = tuple[SimulatedGame, int, tuple[str, ...], int, int, int, bool, Any, bool]


def seat_bots(bots: tuple[str, ...], index: int, rotate_seats: bool) -> tuple[str, ...]:
    """The bots by seat in game ``index``: ``bots``, or moved ``index`` seats when rotating.

    >>> seat_bots(("a", "b", "c"), 4, True)
    ('b', 'c', 'a')
    """
    if not rotate_seats:
        return bots
    shift = index % len(bots)
    return bots[shift:] + bots[:shift]


def play_game(
    binding: SimulatedGame,
    players: int,
    bots: Sequence[Any],
    rules: Any,
    seed: int,
    index: int,
    counters: list[int],
    built_in: frozenset[Any] = frozenset(),
) -> tuple[Any, list[Any], int]:
    """Play game ``index`` of a run seeded with ``seed`` to the end between ``bots``.

    The moves of a bot whose class is not in ``built_in`` are checked; what
    :meth:`GameFigures.moved` counts is added to ``counters``. Returns the final state,
    the moves and the deal's seed.

    Raises:
        IllegalMoveError: If a checked bot makes an illegal move (the message says where).
        EighthalfError: If the game cannot end (:class:`Unending`).
    """
    game, figures = binding.game, binding.figures
    deal_seed, rng_seed = game_seeds(binding.tag, seed, index)
    state = game.start(players, seed=deal_seed, rules=rules)
    rng = random.Random(rng_seed)
    see = figures.viewer(game, players)
    checked = [type(bot) not in built_in for bot in bots]
    watch = observes(bots)
    to_move, apply_unchecked, moved = game.to_move, game.apply_unchecked, figures.moved
    moves: list[Any] = []
    try:
        while (mover := to_move(state)) is not None:
            move = bots[mover].choose(see(state, mover), rng)
            if checked[mover] and move not in game.legal_moves(state):
                where = f"{binding.unit} {index} (seed {deal_seed}), seat {mover}, bot {bots[mover].name!r}"
                refuse_move(state, move, game.apply, where)
            before, state = state, apply_unchecked(state, move)
            moves.append(move)
            if watch:  # bots that observe are shown every move (eighthalf.players.players.Observer)
                tell(bots, game.describe(before, move, state), state, game.events_for, game.view)
            counter = moved(before, move, state, mover)
            if counter >= 0:
                counters[counter] += 1
    except Unending as error:
        raise EighthalfError(f"{binding.unit} {index} (seed {deal_seed}) {error}") from None
    return state, moves, deal_seed


def _run_chunk(task: _Task) -> tuple[Totals, str]:
    """Play the games ``start`` to ``stop - 1`` of a run and total them (runs in a worker)."""
    binding, players, names, seed, start, stop, rotate_seats, rules, detail = task
    game, figures = binding.game, binding.figures
    known = bots_for(game)
    factories = {name: bot_factory(name, known) for name in names}  # imports 'module:attribute' in the worker
    built_in = frozenset(known.values())
    tally = Totals(counters=[0] * figures.counters, histograms=[{} for _ in range(figures.histograms)])
    cells, lengths = tally.cells, tally.lengths
    lines: list[str] = []
    for index in range(start, stop):
        seat_names = seat_bots(names, index, rotate_seats)
        bots = [new_bot(name, factories[name]) for name in seat_names]  # fresh bots: nothing carries over
        state, moves, deal_seed = play_game(binding, players, bots, rules, seed, index, tally.counters, built_in)
        result = game.result(state)
        assert result is not None
        lengths[len(moves)] = lengths.get(len(moves), 0) + 1
        winners = result.winners
        shared = len(winners) > 1
        tally.no_winner += not winners
        tally.shared += shared
        for into, value in zip(tally.histograms, figures.game_values(state, moves), strict=True):
            into[value] = into.get(value, 0) + 1
        extra = figures.seat_values(state)
        for seat, name in enumerate(seat_names):
            cell = cells.get((seat, name))
            if cell is None:
                cell = cells[seat, name] = [0] * (BASE_FIELDS + len(extra))
            points = result.scores[seat]
            won = seat in winners
            cell[0] += 1
            cell[1] += won
            cell[2] += won and shared
            cell[3] += points
            cell[4] += points * points
            for field, values in enumerate(extra, BASE_FIELDS):
                cell[field] += values[seat]
        if detail:
            texts = [game.move_text(move) for move in moves]
            line = figures.line(index, deal_seed, seat_names, state, texts, result)
            lines.append(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
    tally.games = stop - start
    return tally, "".join(lines)


def run_simulation(
    binding: SimulatedGame,
    players: int,
    count: int,
    bots: Sequence[str],
    *,
    seed: int,
    rules: Any = None,
    executor: Executor | None = None,
    workers: int = 1,
    chunk_size: int | None = None,
    rotate_seats: bool = False,
    progress: Callable[[int, int], None] | None = None,
    out: TextIO | None = None,
) -> Totals:
    """Play ``count`` games of ``binding``'s game between the named bots and add them up.

    The arguments are those of a game's ``simulate`` (:func:`eighthalf.games.eighthalf.simulate.simulate`
    says what each means), checked by :meth:`SimulatedGame.check`; ``rules`` ``None`` plays
    the game's default rules, and ``out`` receives the per-game JSON lines.

    Raises:
        EighthalfError: If an argument is wrong (see :meth:`SimulatedGame.check`), or, from
            the worker, a bot cannot be imported or a game cannot end.
        IllegalMoveError: If a bot that is not built in makes an illegal move.
    """
    names = binding.check(
        players,
        count,
        bots,
        seed,
        rules,
        workers=workers,
        chunk_size=chunk_size,
        executor=executor,
        rotate_seats=rotate_seats,
        progress=progress,
        out=out,
    )
    if rules is None:
        rules = binding.game.default_rules
    if chunk_size is None:
        chunk_size = chunk_size_for(count, workers, binding.chunk_size)
    detail = out is not None
    tasks: Iterator[tuple[_Task, int]] = (
        ((binding, players, names, seed, start, stop, rotate_seats, rules, detail), stop - start)
        for start, stop in chunks(count, chunk_size)
    )
    tally = Totals(
        bots=names, counters=[0] * binding.figures.counters, histograms=[{} for _ in range(binding.figures.histograms)]
    )
    run_chunks(
        _run_chunk,
        tasks,
        tally.add,
        total=count,
        executor=executor,
        processes=min(workers, -(-count // chunk_size), default_workers()),
        progress=progress,
        out=out,
    )
    if tally.games != count:
        raise RuntimeError(f"the executor returned {tally.games} {binding.unit}s instead of {count}")
    return tally


# --- The summaries' shared parts ------------------------------------------------------------------


def summary_json(data: dict[str, Any]) -> str:
    """A summary's ``to_dict()`` as indented JSON, with a final newline.

    >>> print(summary_json({"games": 2}), end="")
    {
      "games": 2
    }
    """
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def standings_lines(columns: str, seats: Sequence[Any], by_bot: Sequence[Any], row: Callable[[Any], str]) -> list[str]:
    """The two tables of a summary's text: by seat, then by bot, each followed by an empty line.

    ``columns`` heads the figures that ``row`` gives of each standing (which has a
    ``seat`` and a ``bot``); no line ends with spaces.

    >>> from types import SimpleNamespace as Row
    >>> standings_lines("  wins", [Row(seat=0, bot=None, wins=3)], [Row(seat=None, bot="greedy", wins=3)],
    ...                 lambda standing: f"{standing.wins:>6}")
    ['seat  bot         wins', '0     (rotating)     3', '', 'bot               wins', 'greedy               3', '']
    """
    lines = [f"{'seat':<6}{'bot':<10}{columns}".rstrip()]
    lines.extend(f"{standing.seat:<6}{standing.bot or '(rotating)':<10}{row(standing)}".rstrip() for standing in seats)
    lines.append("")
    lines.append(f"{'bot':<16}{columns}".rstrip())
    lines.extend(f"{standing.bot or '':<16}{row(standing)}".rstrip() for standing in by_bot)
    lines.append("")
    return lines


class StandingFigures:
    """The figures that every game's standing derives from its totals, written once.

    A *standing* is the results of one seat, or of one bot over every seat it played; a
    *seat-game* is one seat in one game (a seat-round in 8½). A game's ``Standing``, a
    frozen attrs class (:class:`eighthalf.games.eighthalf.simulate.Standing`,
    :class:`eighthalf.games.eights.simulate.Standing`), takes this slotted mixin: it has the
    fields ``seat``, ``bot``, ``wins``, ``points`` and ``points_squared``, gives the number of
    its seat-games through :attr:`seat_games`, and may set the class attributes
    ``_count_key``, the key of that number in :meth:`to_dict` (``"games"``; 8½: ``"rounds"``),
    and ``_points_range``, the least and most points of a seat-game (0 and no bound; 8½: 0 to 3).
    """

    __slots__ = ()

    _count_key: ClassVar[str] = "games"
    _points_range: ClassVar[tuple[float, float]] = (0.0, math.inf)

    seat: int | None
    bot: str | None
    wins: int
    points: int
    points_squared: int

    @property
    def seat_games(self) -> int:
        """How many seat-games were played (each game's class gives its own field)."""
        raise NotImplementedError

    @property
    def win_rate(self) -> float:
        """Wins per seat-game (a game without a winner counts as lost, a shared win as a win)."""
        return self.wins / self.seat_games

    @property
    def win_rate_ci(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`win_rate` (Wilson score interval)."""
        return wilson(self.wins, self.seat_games)

    @property
    def mean_points(self) -> float:
        """Points per seat-game."""
        return self.points / self.seat_games

    @property
    def mean_points_ci(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`mean_points` (normal approximation), within the
        possible points (8½: 0–3; Eights: at least 0). With fewer than 2 seat-games no spread can
        be estimated: the interval is then the whole range if it is bounded (8½), else the mean
        at both ends (Eights)."""
        low, high = self._points_range
        if self.seat_games < 2 and math.isinf(high):
            return self.mean_points, self.mean_points
        return mean_interval(self.points, self.points_squared, self.seat_games, low, high)

    def to_dict(self) -> dict[str, Any]:
        """The totals and the derived figures, as plain JSON-ready values."""
        low, high = self.win_rate_ci
        points_low, points_high = self.mean_points_ci
        return {
            "seat": self.seat,
            "bot": self.bot,
            self._count_key: self.seat_games,
            "wins": self.wins,
            **self._after_wins(),
            "win_rate": self.win_rate,
            "win_rate_low": low,
            "win_rate_high": high,
            "points": self.points,
            "mean_points": self.mean_points,
            "mean_points_low": points_low,
            "mean_points_high": points_high,
            **self._after_points(),
        }

    def _after_wins(self) -> dict[str, Any]:
        """The game's own totals of :meth:`to_dict` after ``wins`` (Eights: ``shared_wins``)."""
        return {}

    def _after_points(self) -> dict[str, Any]:
        """The game's own figures at the end of :meth:`to_dict` (8½: ``mean_count``)."""
        return {}


class SummaryFigures:
    """The figures and outputs that every game's summary derives alike, written once.

    A game's ``Summary``, a frozen attrs class (:class:`eighthalf.games.eighthalf.simulate.Summary`,
    :class:`eighthalf.games.eights.simulate.Summary`), takes this slotted mixin: it has the fields
    ``players``, ``bots``, ``seed``, ``rotate_seats``, ``seats`` and ``by_bot``, the number
    of its games in the field named for them (``rounds``, ``games``) and the histogram of
    their lengths in the field ``_lengths_field`` names, and sets the class attributes
    ``_title`` (the game's name, ``"8½"``), ``_unit`` (what one game is called,
    ``"round"``), ``_length_key`` (the lengths' name in the outputs, ``"length"`` by
    default, ``"turns"`` in Eights), ``_lengths_field`` (``"lengths"`` by default) and
    ``_length_unit`` (what they count, ``"moves"`` by default). Its ``to_dict``, ``to_csv``
    and ``to_text`` add the game's own parts to ``_data``, ``_csv`` and ``_text``.
    """

    __slots__ = ()

    _title: ClassVar[str]
    _unit: ClassVar[str]
    _length_key: ClassVar[str] = "length"
    _lengths_field: ClassVar[str] = "lengths"
    _length_unit: ClassVar[str] = "moves"

    players: int
    bots: tuple[str, ...]
    seed: int
    rotate_seats: bool
    seats: tuple[StandingFigures, ...]
    by_bot: tuple[StandingFigures, ...]

    @property
    def _count(self) -> int:
        count: int = getattr(self, self._unit + "s")  # the game's number of games
        return count

    @property
    def _lengths(self) -> tuple[tuple[int, int], ...]:
        lengths: tuple[tuple[int, int], ...] = getattr(self, self._lengths_field)
        return lengths

    @property
    def moves(self) -> int:
        """Total moves made (turns, in Eights)."""
        return sum(length * count for length, count in self._lengths)

    @property
    def _length_figures(self) -> HistogramFigures:
        return histogram_figures(self._lengths, self._count)

    @property
    def mean_length(self) -> float:
        """Mean length of a game (a round of 8½), in what its lengths count (moves; Eights' turns)."""
        return self._length_figures.mean

    @property
    def median_length(self) -> float:
        """Median length of a game (the mean of the two middle games for an even number)."""
        return self._length_figures.median

    @property
    def min_length(self) -> int:
        """The shortest game's length."""
        return self._length_figures.min

    @property
    def max_length(self) -> int:
        """The longest game's length."""
        return self._length_figures.max

    def to_json(self) -> str:
        """:meth:`to_dict` as indented JSON."""
        return summary_json(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """Everything, derived figures included, as plain JSON-ready values."""
        return self._data({}, {})

    def _data(self, head: Mapping[str, object], tail: Mapping[str, object]) -> dict[str, Any]:
        """:meth:`to_dict`: the settings every game has, the game's ``head`` (its rules' settings,
        totals), the standings, the lengths' figures and histogram, then the game's ``tail``."""
        return {
            "players": self.players,
            self._unit + "s": self._count,
            "bots": list(self.bots),
            "seed": self.seed,
            "rotate_seats": self.rotate_seats,
            **head,
            "seats": [standing.to_dict() for standing in self.seats],
            "by_bot": [standing.to_dict() for standing in self.by_bot],
            self._length_key: {**self._length_figures._asdict(), "histogram": [list(pair) for pair in self._lengths]},
            **tail,
        }

    def _csv(self, columns: Sequence[str], head: Mapping[str, object], tail: Mapping[str, object]) -> str:
        """:meth:`to_csv` with ``columns``: the rows of the standings, then the row of the whole
        games: their number, the game's ``head``, the lengths' figures, the game's ``tail``."""
        lengths = {f"{name}_{self._length_key}": value for name, value in self._length_figures._asdict().items()}
        whole = {"kind": self._unit + "s", self._unit + "s": self._count, **head, **lengths, **tail}
        return summary_csv(columns, self.seats, self.by_bot, whole)

    def _text(self, settings: str, table: list[str], tail: Sequence[str]) -> str:
        """:meth:`to_text`: the first line with the game's ``settings``, the ``table`` of the
        standings (:func:`standings_table`), the lengths' figures, then the ``tail`` lines."""
        rotation = ", seats rotating" if self.rotate_seats else ""
        figures = self._length_figures
        lines = [
            f"{self._title} simulation: {self._count} {self._unit}s, {self.players} players, seed {self.seed}, "
            f"bots {','.join(self.bots)}{rotation}{settings}",
            "",
            *table,
            f"{self._unit} length ({self._length_unit}): mean {figures.mean:.1f}, median {figures.median:g}, "
            f"min {figures.min}, max {figures.max}",
            *tail,
        ]
        return "\n".join(lines)


def standings_table(
    unit: str,
    seats: Sequence[StandingFigures],
    by_bot: Sequence[StandingFigures],
    *,
    points_digits: int = 2,
    extra: tuple[str, Callable[[Any], str]] | None = None,
) -> list[str]:
    """The tables by seat and by bot of a summary's text (:func:`standings_lines`), with the
    columns every game has: the seat-games (headed ``unit``), wins, the win rate and the
    mean points with their 95% intervals (to ``points_digits`` decimals); ``extra`` adds a
    column of its own: its heading, and what gives a standing's cell.

    Both games' ``Summary.to_text`` show these tables (:meth:`eighthalf.games.eighthalf.simulate.Summary.to_text`).
    """
    heading, cell = extra if extra is not None else ("", _no_cell)

    def row(standing: StandingFigures) -> str:
        low, high = standing.win_rate_ci
        points_low, points_high = standing.mean_points_ci
        points = (
            f"{standing.mean_points:.{points_digits}f} ({points_low:.{points_digits}f}–{points_high:.{points_digits}f})"
        )
        return (
            f"{standing.seat_games:>9}{standing.wins:>9}  "
            f"{f'{standing.win_rate:6.1%} ({low:.1%}–{high:.1%})':<23}{points:<23}{cell(standing)}"
        )

    columns = f"{unit:>9}{'wins':>9}  {'win rate (95% CI)':<23}{'points (95% CI)':<23}{heading}"
    return standings_lines(columns, seats, by_bot, row)


def _no_cell(standing: object) -> str:
    return ""
