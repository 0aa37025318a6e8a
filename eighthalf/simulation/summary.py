"""The simulation summary of every game, derived from its registry entry: standings and lengths.

:func:`simulate` plays a registered game on the simulation runner
(:func:`~eighthalf.simulation.simulate.run_simulation`) and returns a :class:`Summary`:
win rates and mean points by seat and by bot (each a :class:`Standing`) with their 95%
intervals, shared wins, games without a winner, and game lengths in moves, as text, JSON and
CSV. What a game counts and shows of its own is its
:class:`~eighthalf.simulation.simulate.GameFigures`, :attr:`eighthalf.registry.Commands.figures`:
by default the summary reports each counter per game and each distribution's mean and most,
under the names the game gives (:attr:`~eighthalf.registry.Commands.figure_names`); 8½'s
figures (:mod:`eighthalf.games.eighthalf.figures`) and Eights'
(:mod:`eighthalf.games.eights.figures`) show their own.

>>> from eighthalf.registry import find
>>> summary = simulate(find("eights"), 2, 3, ["greedy", "random"], seed=1)
>>> summary.games, [standing.games for standing in summary.by_bot]
(3, [3, 3])
>>> summary.to_text().splitlines()[0]
'Eights simulation: 3 games, 2 players, seed 1, bots greedy,random, seats rotating, target 50'
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, Final, Literal, TextIO

import attrs

from eighthalf.registry import GameEntry
from eighthalf.simulation.figures import CSV_COLUMNS, MAX_GAMES, GameFigures
from eighthalf.simulation.runner import (
    HistogramFigures,
    histogram_figures,
    mean_interval,
    standings,
    summary_csv,
    wilson,
)
from eighthalf.simulation.simulate import SimulatedGame, Totals, run_simulation, standings_lines, summary_json

__all__ = [
    "CSV_COLUMNS",
    "MAX_GAMES",
    "GameStanding",
    "GameSummary",
    "Standing",
    "Summary",
    "binding_of",
    "simulate",
    "standings_table",
    "summary_of",
]

_PLAIN: Final = GameFigures()


class _Default(enum.Enum):
    GAME = "the game's"  # rotate_seats: as the game's figures say


@attrs.frozen(slots=True, weakref_slot=False)
class Standing:
    """The results of one seat, or of one bot over every seat it played, as exact totals,
    and the figures derived from them.

    A *seat-game* is one seat in one game (a seat-round in 8½): a bot that holds two seats
    plays two seat-games a game; a game without a winner counts as lost, a shared win as a
    win of each winner. What the game adds (8½'s counts) is in :attr:`extra`, and its
    :attr:`figures` say how the standing shows it.
    """

    seat: int | None
    """The seat, or ``None`` for a bot's results over all its seats."""
    bot: str | None
    """The bot's name; ``None`` for a seat that several bots took in turn (``rotate_seats``)."""
    games: int
    """How many seat-games were played."""
    wins: int
    """How many of them were won, alone or shared."""
    shared: int
    """How many of the wins were shared with another seat."""
    points: int
    """Total points (the game's :class:`~eighthalf.core.game.Result` scores)."""
    points_squared: int
    """Total of the squared points of each seat-game (for the variance)."""
    extra: tuple[int, ...] = ()
    """The totals of the game's own :meth:`~eighthalf.simulation.simulate.GameFigures.seat_values` (8½: the final counts)."""
    figures: GameFigures = attrs.field(default=_PLAIN, eq=False, repr=False, kw_only=True)
    """The game's figures, which say what the standing shows of its own."""

    @property
    def seat_games(self) -> int:
        """How many seat-games were played (:attr:`games`)."""
        return self.games

    @property
    def win_rate(self) -> float:
        """Wins per seat-game (a game without a winner counts as lost, a shared win as a win)."""
        return self.wins / self.games

    @property
    def win_rate_ci(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`win_rate` (Wilson score interval)."""
        return wilson(self.wins, self.games)

    @property
    def mean_points(self) -> float:
        """Points per seat-game."""
        return self.points / self.games

    @property
    def mean_points_ci(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`mean_points` (normal approximation), within the
        possible points (8½: 0–3; Eights: at least 0). With fewer than 2 seat-games no spread can
        be estimated: the interval is then the whole range if it is bounded (8½), else the mean
        at both ends (Eights)."""
        low, high = self.figures.points_range
        if self.games < 2 and math.isinf(high):
            return self.mean_points, self.mean_points
        return mean_interval(self.points, self.points_squared, self.games, low, high)

    def to_dict(self) -> dict[str, Any]:
        """The totals and the derived figures, as plain JSON-ready values."""
        low, high = self.win_rate_ci
        points_low, points_high = self.mean_points_ci
        figures = self.figures
        return {
            "seat": self.seat,
            "bot": self.bot,
            figures.unit + "s": self.games,
            "wins": self.wins,
            **({"shared_wins": self.shared} if figures.shared_wins else {}),
            "win_rate": self.win_rate,
            "win_rate_low": low,
            "win_rate_high": high,
            "points": self.points,
            "mean_points": self.mean_points,
            "mean_points_low": points_low,
            "mean_points_high": points_high,
            **figures.standing_figures(self),
        }


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Summary:
    """What a simulation of a game found: the settings, exact totals, and figures derived
    from them, with the game's own counters and distributions.

    Two runs with the same arguments give equal summaries, whatever the executor, the
    number of workers or the chunk size. What the game shows of its own comes from its
    :attr:`figures` (:class:`~eighthalf.simulation.simulate.GameFigures`).
    """

    title: str
    """The game's name."""
    players: int
    """The number of seats."""
    games: int
    """The number of games played (8½: rounds)."""
    bots: tuple[str, ...]
    """The bots by seat (in game 0 when ``rotate_seats``)."""
    seed: int
    """The simulation's seed."""
    rotate_seats: bool
    """Whether the bots moved one seat on every game (game ``i``: seat ``s`` has ``bots[(s + i) % players]``)."""
    rules: Any = None
    """The rules played."""
    seats: tuple[Standing, ...]
    """The results by seat."""
    by_bot: tuple[Standing, ...]
    """The results by bot name, in order of first appearance in :attr:`bots`."""
    shared_games: int
    """Games whose win was shared."""
    no_winner: int = 0
    """Games without a winner (8½: ended by the move limit, E7)."""
    lengths: tuple[tuple[int, int], ...]
    """The distribution of game lengths in moves: ``(length, games)`` pairs by length."""
    counters: tuple[tuple[str, int], ...] = ()
    """The game's own counters of the whole run, by name."""
    histograms: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    """The game's own distributions by name, each as ``(value, games)`` pairs by value."""
    figures: GameFigures = attrs.field(default=_PLAIN, eq=False, repr=False)
    """The game's figures, which say what the summary shows of its own."""

    def counter(self, name: str) -> int:
        """The game's counter ``name`` of the whole run (8½: ``catches``; Eights: ``spellings``).

        Raises:
            KeyError: If the game has no such counter.
        """
        return dict(self.counters)[name]

    def histogram(self, name: str) -> tuple[tuple[int, int], ...]:
        """The game's distribution ``name`` (Eights: ``hands``), as ``(value, games)`` pairs.

        Raises:
            KeyError: If the game has no such distribution.
        """
        return dict(self.histograms)[name]

    @property
    def moves(self) -> int:
        """Total moves made (turns, in Eights)."""
        return sum(length * count for length, count in self.lengths)

    @property
    def length_figures(self) -> HistogramFigures:
        """The mean, median, least and most of the games' lengths."""
        return histogram_figures(self.lengths, self.games)

    @property
    def mean_length(self) -> float:
        """Mean length of a game (a round of 8½), in what its lengths count (moves; Eights' turns)."""
        return self.length_figures.mean

    @property
    def median_length(self) -> float:
        """Median length of a game (the mean of the two middle games for an even number)."""
        return self.length_figures.median

    @property
    def min_length(self) -> int:
        """The shortest game's length."""
        return self.length_figures.min

    @property
    def max_length(self) -> int:
        """The longest game's length."""
        return self.length_figures.max

    def to_json(self) -> str:
        """:meth:`to_dict` as indented JSON."""
        return summary_json(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """Everything, derived figures included, as plain JSON-ready values: the game's keys,
        the settings every game has, the game's head (its rules, its totals of whole games),
        the standings, the lengths' figures and histogram, then the game's tail."""
        figures = self.figures
        return {
            **figures.summary_keys(self),
            "players": self.players,
            figures.unit + "s": self.games,
            "bots": list(self.bots),
            "seed": self.seed,
            "rotate_seats": self.rotate_seats,
            **figures.summary_head(self),
            "seats": [standing.to_dict() for standing in self.seats],
            "by_bot": [standing.to_dict() for standing in self.by_bot],
            figures.length_key: {**self.length_figures._asdict(), "histogram": [list(pair) for pair in self.lengths]},
            **figures.summary_tail(self),
        }

    def to_csv(self) -> str:
        """A CSV table with the game's columns (:meth:`~eighthalf.simulation.simulate.GameFigures.csv_columns`).

        One row of kind ``seat`` per seat, one of kind ``bot`` per bot, then one of kind
        ``games`` (8½: ``rounds``) for the figures about whole games; cells that do not apply are empty.
        """
        figures = self.figures
        count = figures.unit + "s"
        lengths = {f"{name}_{figures.length_key}": value for name, value in self.length_figures._asdict().items()}
        whole = {"kind": count, count: self.games, **figures.csv_head(self), **lengths, **figures.csv_tail(self)}
        return summary_csv(figures.csv_columns(self), self.seats, self.by_bot, whole)

    def to_text(self) -> str:
        """A plain-text report: settings, tables by seat and by bot, the lengths, and the game's figures."""
        figures = self.figures
        unit = figures.unit
        rotation = ", seats rotating" if self.rotate_seats else ""
        lengths = self.length_figures
        lines = [
            f"{self.title} simulation: {self.games} {unit}s, {self.players} players, seed {self.seed}, "
            f"bots {','.join(self.bots)}{rotation}{figures.text_settings(self)}",
            "",
            *standings_table(
                unit + "s", self.seats, self.by_bot, points_digits=figures.points_digits, extra=figures.standing_column
            ),
            f"{unit} length ({figures.length_unit}): mean {lengths.mean:.1f}, median {lengths.median:g}, "
            f"min {lengths.min}, max {lengths.max}",
            *figures.text_tail(self),
        ]
        return "\n".join(lines)


GameStanding = Standing
"""The old name of :class:`Standing`."""
GameSummary = Summary
"""The old name of :class:`Summary`."""


def standings_table(
    unit: str,
    seats: Sequence[Standing],
    by_bot: Sequence[Standing],
    *,
    points_digits: int = 2,
    extra: tuple[str, Callable[[Any], str]] | None = None,
) -> list[str]:
    """The tables by seat and by bot of a summary's text (:func:`~eighthalf.simulation.simulate.standings_lines`),
    with the columns every game has: the seat-games (headed ``unit``), wins, the win rate and the
    mean points with their 95% intervals (to ``points_digits`` decimals); ``extra`` adds a
    column of its own: its heading, and what gives a standing's cell."""
    heading, cell = extra if extra is not None else ("", _no_cell)

    def row(standing: Standing) -> str:
        low, high = standing.win_rate_ci
        points_low, points_high = standing.mean_points_ci
        points = (
            f"{standing.mean_points:.{points_digits}f} ({points_low:.{points_digits}f}–{points_high:.{points_digits}f})"
        )
        return (
            f"{standing.games:>9}{standing.wins:>9}  "
            f"{f'{standing.win_rate:6.1%} ({low:.1%}–{high:.1%})':<23}{points:<23}{cell(standing)}"
        )

    columns = f"{unit:>9}{'wins':>9}  {'win rate (95% CI)':<23}{'points (95% CI)':<23}{heading}"
    return standings_lines(columns, seats, by_bot, row)


def _no_cell(standing: object) -> str:
    return ""


def _figures(entry: GameEntry) -> GameFigures:
    figures = entry.commands.figures
    return _PLAIN if figures is None else figures


def binding_of(entry: GameEntry) -> SimulatedGame:
    """The simulation of ``entry``'s game on the runner, from its figures
    (:attr:`~eighthalf.registry.Commands.figures`): its seeds' tag (by default
    ``<key>-simulate-v1``), what one game is called, its limits and its own counting."""
    figures = _figures(entry)
    return SimulatedGame(
        game=entry.game,
        tag=f"{entry.key}-simulate-v1".encode() if figures.tag is None else figures.tag,
        unit=figures.unit,
        most=figures.most,
        players_rule=entry.players_rule,
        rules_name=figures.rules_name,
        out_name=figures.out_name,
        chunk_size=figures.chunk_size,
        figures=figures,
    )


def summary_of(
    entry: GameEntry, players: int, seed: int, rotate_seats: bool, tally: Totals, rules: Any = None
) -> Summary:
    """The :class:`Summary` of a run's added-up ``tally`` (of ``rules``)."""
    figures = _figures(entry)

    def standing(seat: int | None, bot: str | None, sums: list[int]) -> Standing:
        games, wins, shared, points, squared, *extra = sums
        return Standing(seat, bot, games, wins, shared, points, squared, tuple(extra), figures=figures)

    seats, by_bot = standings(tally.cells, players, tally.bots, standing)
    names = entry.commands.figure_names
    return Summary(
        title=entry.name,
        players=players,
        games=tally.games,
        bots=tally.bots,
        seed=seed,
        rotate_seats=rotate_seats,
        rules=rules,
        seats=seats,
        by_bot=by_bot,
        shared_games=tally.shared,
        no_winner=tally.no_winner,
        lengths=tally.sorted_lengths(),
        counters=tuple(zip(names, tally.counters, strict=False)),
        histograms=tuple(
            (name, tally.sorted_histogram(which)) for which, name in enumerate(names[len(tally.counters) :])
        ),
        figures=figures,
    )


def simulate(
    entry: GameEntry,
    players: int,
    games: int,
    bots: Sequence[str],
    *,
    seed: int,
    executor: Executor | None = None,
    workers: int = 1,
    chunk_size: int | None = None,
    rotate_seats: bool | Literal[_Default.GAME] = _Default.GAME,
    rules: Any = None,
    progress: Callable[[int, int], None] | None = None,
    out: TextIO | None = None,
    **lines: TextIO | None,
) -> Summary:
    """Play ``games`` games of ``entry``'s game (8½: rounds) between the named bots and summarise them.

    Game ``i`` is dealt with the first seed of :func:`~eighthalf.simulation.runner.game_seeds`
    ``(tag, seed, i)`` (the tag of :func:`binding_of`) and its bots share a :class:`random.Random`
    seeded with the second; fresh bots are made for every game and each chooses from its own
    seat's view only. The games are cut into chunks of ``chunk_size`` whose totals are added
    up as they finish, so the summary is the same for any executor, number of workers and
    chunk size, and memory does not grow with the number of games.

    Args:
        entry: The game's registry entry (:func:`eighthalf.registry.find`).
        players: The number of seats, within the rules' range.
        games: How many games to play, from 1 to the figures' ``most``.
        bots: A bot for each seat: a name of ``entry.bots`` or an importable
            ``"module:attribute"`` spec (:func:`~eighthalf.simulation.runner.bot_factory`).
            Only these strings go to the workers, which make the bots themselves.
        seed: Any int of at most :data:`~eighthalf.simulation.runner.MAX_RUN_SEED_DIGITS` digits.
        executor: Where to run the chunks: any ``concurrent.futures.Executor`` (a thread pool,
            a Dask client's ``get_executor()``); the caller keeps ownership.
        workers: With no ``executor``: more than 1 runs a process pool of at most that many
            processes for this call; with one, a hint for the chunk size only.
        chunk_size: Games per work item (by default the figures', fewer for short runs).
        rotate_seats: Move the bots one seat on every game; by default as the game's figures say
            (:attr:`~eighthalf.simulation.simulate.GameFigures.rotate_seats`: Eights' bots rotate, 8½'s do not).
        rules: The rules; ``None`` plays the figures' :meth:`~eighthalf.simulation.simulate.GameFigures.default_rules`
            (8½: a move limit of 1000, E7, because bots can, rarely, play a round that never ends).
        progress: Called with ``(games done, games)`` at the start and as chunks finish.
        out: A text file to write one JSON line per game to, in game order
            (:meth:`~eighthalf.simulation.simulate.GameFigures.line`); also accepted under the
            name the game's figures give it (``rounds_out``, ``games_out``).

    Raises:
        EighthalfError: If an argument is wrong (see
            :meth:`eighthalf.simulation.simulate.SimulatedGame.check`), or, from the worker, a bot
            cannot be imported or a game cannot end.
    """
    binding = binding_of(entry)
    figures = binding.figures
    unknown = set(lines) - {binding.out_name}
    if unknown:
        raise TypeError(f"simulate() got an unexpected keyword argument {sorted(unknown)[0]!r}")
    if out is None:
        out = lines.get(binding.out_name)
    if rules is None:
        rules = figures.default_rules(entry.game)
    if rotate_seats is _Default.GAME:
        rotate_seats = figures.rotate_seats
    tally = run_simulation(
        binding, players, games, bots, seed=seed, rules=rules, executor=executor, workers=workers,
        chunk_size=chunk_size, rotate_seats=rotate_seats, progress=progress, out=out,
    )  # fmt: skip
    return summary_of(entry, players, seed, rotate_seats, tally, rules)
