"""The simulation summary of any game, derived from its registry entry: standings and lengths.

:func:`simulate` plays a registered game on the simulation runner
(:func:`~eighthalf.simulation.simulate.run_simulation`) and returns a :class:`GameSummary`:
win rates and mean points by seat and by bot with their 95% intervals, shared wins,
and game lengths in moves, as text, JSON and CSV. What a game counts of its own (an
:class:`~eighthalf.simulation.simulate.GameFigures` with counters and distributions) is its
hook, :attr:`eighthalf.registry.Commands.figures`: the summary reports each
counter per game and each distribution's mean and most, under the names the game gives
(:attr:`~eighthalf.registry.Commands.figure_names`). A game whose summary shows
more (8½'s :class:`eighthalf.games.eighthalf.simulate.Summary`, Eights') keeps a ``Summary`` of its own on
the same mixins.

>>> from eighthalf.registry import find
>>> summary = simulate(find("eights"), 2, 3, ["greedy", "random"], seed=1)
>>> summary.games, [standing.games for standing in summary.by_bot]
(3, [3, 3])
>>> summary.to_text().splitlines()[0]
'Eights simulation: 3 games, 2 players, seed 1, bots greedy,random'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, Final, TextIO

import attrs

from eighthalf.registry import GameEntry
from eighthalf.simulation.runner import csv_columns, histogram_figures, standings
from eighthalf.simulation.simulate import (
    GameFigures,
    SimulatedGame,
    StandingFigures,
    SummaryFigures,
    Totals,
    run_simulation,
    standings_table,
)

__all__ = ["CSV_COLUMNS", "MAX_GAMES", "GameStanding", "GameSummary", "binding_of", "simulate", "summary_of"]

MAX_GAMES: Final = 10**15
"""The most games one derived simulation plays (its results are added up as they come)."""

CSV_COLUMNS: Final = csv_columns("game", after_wins=("shared_wins",), whole=("shared_games",))
"""The columns of :meth:`GameSummary.to_csv` every game has, in order; a game's own figures follow."""


@attrs.frozen(slots=True, weakref_slot=False)
class GameStanding(StandingFigures):
    """The results of one seat, or of one bot over every seat it played, as exact totals
    (the figures derived from them: :class:`~eighthalf.simulation.simulate.StandingFigures`)."""

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

    @property
    def seat_games(self) -> int:
        """How many seat-games were played (:attr:`games`)."""
        return self.games

    def _after_wins(self) -> dict[str, Any]:
        return {"shared_wins": self.shared}


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class GameSummary(SummaryFigures):
    """What a simulation of a game found: the settings, exact totals, and figures derived
    from them (:class:`~eighthalf.simulation.simulate.SummaryFigures`), with the game's own
    counters and distributions (its :attr:`~eighthalf.registry.Commands.figures`)."""

    _unit = "game"

    title: str
    """The game's name."""
    players: int
    """The number of seats."""
    games: int
    """The number of games played."""
    bots: tuple[str, ...]
    """The bots by seat (in game 0 when ``rotate_seats``)."""
    seed: int
    """The simulation's seed."""
    rotate_seats: bool
    """Whether the bots moved one seat on every game."""
    seats: tuple[GameStanding, ...]
    """The results by seat."""
    by_bot: tuple[GameStanding, ...]
    """The results by bot name, in order of first appearance in :attr:`bots`."""
    shared_games: int
    """Games whose win was shared."""
    lengths: tuple[tuple[int, int], ...]
    """The distribution of game lengths in moves: ``(length, games)`` pairs by length."""
    counters: tuple[tuple[str, int], ...] = ()
    """The game's own counters of the whole run, by name."""
    histograms: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    """The game's own distributions by name, each as ``(value, games)`` pairs by value."""

    @property
    def _title(self) -> str:  # type: ignore[override]  # the game's name, known per summary
        return self.title

    def _own(self) -> dict[str, float]:
        """The game's own figures: each counter per game, each distribution's mean and most."""
        own: dict[str, float] = {f"{name}_per_game": total / self.games for name, total in self.counters}
        for name, pairs in self.histograms:
            own[f"mean_{name}"] = histogram_figures(pairs, self.games).mean
            own[f"max_{name}"] = pairs[-1][0]
        return own

    def to_dict(self) -> dict[str, Any]:
        """Everything, derived figures included, as plain JSON-ready values."""
        tail: dict[str, Any] = dict(self.counters)
        tail.update((name, [list(pair) for pair in pairs]) for name, pairs in self.histograms)
        return self._data({"shared_games": self.shared_games}, {**tail, **self._own()})

    def to_csv(self) -> str:
        """A CSV table with the columns of :data:`CSV_COLUMNS`, then the game's own figures.

        One row of kind ``seat`` per seat, one of kind ``bot`` per bot, then one of kind
        ``games`` for the figures about whole games; cells that do not apply are empty.
        """
        own = self._own()
        return self._csv((*CSV_COLUMNS, *own), {"shared_games": self.shared_games}, own)

    def to_text(self) -> str:
        """A plain-text report: settings, tables by seat and by bot, and the game figures."""
        tail = [f"games with a shared win: {self.shared_games} ({self.shared_games / self.games:.1%})"]
        own = self._own()
        if own:
            tail.append(
                "per game: " + ", ".join(f"{name.replace('_', ' ')} {value:.2f}" for name, value in own.items())
            )
        return self._text("", standings_table("games", self.seats, self.by_bot), tail)


def binding_of(entry: GameEntry) -> SimulatedGame:
    """The derived simulation of ``entry``'s game on the runner: its seeds' tag
    (``<key>-simulate-v1``), the word ``game``, and the game's own figures, if any."""
    figures = entry.commands.figures
    return SimulatedGame(
        game=entry.game,
        tag=f"{entry.key}-simulate-v1".encode(),
        unit="game",
        most=MAX_GAMES,
        players_rule=entry.players_rule,
        figures=GameFigures() if figures is None else figures,
    )


def summary_of(entry: GameEntry, players: int, seed: int, rotate_seats: bool, tally: Totals) -> GameSummary:
    """The :class:`GameSummary` of a run's added-up ``tally``."""
    seats, by_bot = standings(tally.cells, players, tally.bots, lambda seat, bot, sums: GameStanding(seat, bot, *sums))
    names = entry.commands.figure_names
    return GameSummary(
        title=entry.name,
        players=players,
        games=tally.games,
        bots=tally.bots,
        seed=seed,
        rotate_seats=rotate_seats,
        seats=seats,
        by_bot=by_bot,
        shared_games=tally.shared,
        lengths=tally.sorted_lengths(),
        counters=tuple(zip(names, tally.counters, strict=False)),
        histograms=tuple(
            (name, tally.sorted_histogram(which)) for which, name in enumerate(names[len(tally.counters) :])
        ),
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
    rotate_seats: bool = False,
    rules: Any = None,
    progress: Callable[[int, int], None] | None = None,
    out: TextIO | None = None,
) -> GameSummary:
    """Play ``games`` games of ``entry``'s game between the named bots and summarise them.

    The arguments mean what they mean for :func:`eighthalf.games.eighthalf.simulate.simulate` (``out``
    receives one JSON line per game); the bots are names of ``entry.bots`` or
    ``"module:attribute"`` specs, and ``rules`` ``None`` plays the game's default rules.

    Raises:
        EighthalfError: If an argument is wrong (see
            :meth:`eighthalf.simulation.simulate.SimulatedGame.check`), or, from the worker, a bot
            cannot be imported or a game cannot end.
    """
    tally = run_simulation(
        binding_of(entry), players, games, bots, seed=seed, rules=rules, executor=executor, workers=workers,
        chunk_size=chunk_size, rotate_seats=rotate_seats, progress=progress, out=out,
    )  # fmt: skip
    return summary_of(entry, players, seed, rotate_seats, tally)
