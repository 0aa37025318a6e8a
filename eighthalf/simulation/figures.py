"""What a game adds to a simulation on the runner of every game (:mod:`eighthalf.simulation.simulate`).

A game's :class:`~eighthalf.simulation.simulate.SimulatedGame` carries a :class:`GameFigures`, the small
hook through which the game counts what only it has (8½'s catches and final counts,
Eights' hands and spellings), shows its bots the table (8½ reuses the views of unchanged
seats) and writes its JSON line of a finished game; :class:`Unending` stops a game that
cannot end. :mod:`eighthalf.simulation.simulate` re-exports both.

The same object says how the one summary of every game
(:class:`~eighthalf.simulation.summary.Summary`) shows the game: what one game is called
(:attr:`~eighthalf.simulation.simulate.GameFigures.unit`, 8½'s ``round``), the standings' own figures (8½'s mean count),
and the game's own parts of the summary's JSON, CSV and text. A game gives its figures in its
registry entry (:attr:`eighthalf.registry.Commands.figures`), from a module of its own folder
(:mod:`eighthalf.games.eighthalf.figures`, :mod:`eighthalf.games.eights.figures`). The defaults
are the derived summary's: the games with a shared win, and each of the game's counters and
distributions (:attr:`eighthalf.registry.Commands.figure_names`) per game.

>>> GameFigures().line(0, 7, ["greedy", "random"], None, ["a", "b"], Result((1, 0), (0,)))["scores"]
[1, 0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from eighthalf.core.game import Game, Result
from eighthalf.simulation.runner import DEFAULT_CHUNK_SIZE, csv_columns, histogram_figures

__all__ = ["CSV_COLUMNS", "MAX_GAMES", "GameFigures", "Unending"]

MAX_GAMES: Final = 10**15
"""The most games one simulation plays by default (its results are added up as they come)."""

CSV_COLUMNS: Final = csv_columns("game", after_wins=("shared_wins",), whole=("shared_games",))
"""The columns of the derived summary's CSV (:meth:`GameFigures.csv_columns`), in order; a game's
own figures follow."""


class Unending(Exception):
    """Raised by :meth:`GameFigures.moved` when a game cannot end; the runner raises an
    :class:`~eighthalf.EighthalfError` that names the game and its seed before the message."""


def _no_cell(standing: object) -> str:
    return ""


class GameFigures:
    """What a game adds to a simulation, beyond what every game gives (the hook of a :class:`SimulatedGame`),
    and how its summary shows it.

    The defaults add nothing: a game overrides what it needs. A :class:`GameFigures` goes to
    the workers with the work, so it is a plain value whose class is importable.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # --- the run ------------------------------------------------------------------------------

    counters: ClassVar[int] = 0
    """How many counters of a whole run :meth:`moved` adds to (8½: catches, collects, failed blind cards)."""
    histograms: ClassVar[int] = 0
    """How many distributions :meth:`game_values` gives a value of per game (Eights: hands)."""
    unit: ClassVar[str] = "game"
    """What one game is called in the summary, the options and messages (8½: ``"round"``)."""
    tag: ClassVar[bytes | None] = None
    """The tag of the seeds of the games (:func:`~eighthalf.simulation.runner.game_seeds`);
    ``None``: ``<key>-simulate-v1`` of the game's key."""
    most: ClassVar[int] = MAX_GAMES
    """The most games of one run."""
    chunk_size: ClassVar[int] = DEFAULT_CHUNK_SIZE
    """The most games of one work item by default."""
    rules_name: ClassVar[str] = "a Rules"
    """The rules' class as a message names it (``"an eighthalf.eights.Rules"``)."""
    out_name: ClassVar[str] = "out"
    """The name of the keyword argument of the per-game JSON lines of the game's ``simulate``."""
    rotate_seats: ClassVar[bool] = False
    """Whether the bots move one seat on every game unless told otherwise (Eights: they do)."""

    def default_rules(self, game: Game[Any, Any, Any, Any, Any]) -> Any:
        """The rules a simulation plays when it is given none (by default the game's; 8½: a move limit)."""
        return game.default_rules

    def viewer(self, game: Game[Any, Any, Any, Any, Any], players: int) -> Callable[[Any, int], Any]:
        """What gives a seat its view in one game of ``players`` seats (by default the game's ``view``).

        A new one is asked for every game, so that it may keep what it reuses from move
        to move (8½ reuses the views of the seats that did not change).
        """
        return game.view

    def moved(self, before: Any, move: Any, after: Any, mover: int) -> int:
        """The counter that ``move`` by ``mover`` adds one to, or ``-1`` for none.

        Raises:
            Unending: If the game cannot end (Eights: too many hands).
        """
        return -1

    def seat_values(self, state: Any) -> tuple[Sequence[int], ...]:
        """Integers to add up by seat and bot from the finished game: each a value per seat (8½: counts)."""
        return ()

    def game_values(self, state: Any, moves: Sequence[Any]) -> tuple[int, ...]:
        """One value per distribution of :attr:`histograms` from the finished game."""
        return ()

    line_keys: ClassVar[tuple[str, str]] = ("scores", "length")
    """The keys of the scores and of the length in moves in a game's JSON line (Eights: ``totals``, ``turns``)."""

    def line_values(self, state: Any) -> dict[str, object]:
        """What a finished game's JSON line holds of its own, after the scores (Eights: its hands)."""
        return {}

    def line(
        self, index: int, seed: int, seats: Sequence[str], state: Any, moves: Sequence[str], result: Result
    ) -> dict[str, object]:
        """The JSON line of a finished game: its index, deal seed, bots, result (:attr:`line_keys`),
        its own values (:meth:`line_values`), its length and its moves in notation."""
        scores, length = self.line_keys
        return {
            "game": index,
            "seed": seed,
            "seats": list(seats),
            "winners": list(result.winners),
            scores: list(result.scores),
            **self.line_values(state),
            length: len(moves),
            "moves": list(moves),
        }

    # --- the standings ------------------------------------------------------------------------

    points_range: ClassVar[tuple[float, float]] = (0.0, math.inf)
    """The least and most points of a seat-game (8½: 0 to 3, E6; by default at least 0)."""
    shared_wins: ClassVar[bool] = True
    """Whether a standing's JSON and CSV give its shared wins (``shared_wins``; 8½'s do not)."""
    points_digits: ClassVar[int] = 2
    """The decimals of the mean points in the summary's text (8½: 3)."""

    def standing_figures(self, standing: Any) -> dict[str, Any]:
        """A standing's own figures at the end of its JSON (8½: ``mean_count``), from its
        :attr:`~eighthalf.simulation.summary.Standing.extra` totals."""
        return {}

    standing_column: ClassVar[tuple[str, Callable[[Any], str]]] = ("", _no_cell)
    """The heading of a column of the game's own in the tables of the summary's text, and
    what gives a standing's cell (8½: its mean count)."""

    # --- the summary --------------------------------------------------------------------------

    length_key: ClassVar[str] = "length"
    """The lengths' name in the summary's outputs (Eights: ``"turns"``)."""
    length_unit: ClassVar[str] = "moves"
    """What the lengths count, in the summary's text (Eights: ``"turns"``)."""

    def own(self, summary: Any) -> dict[str, float]:
        """The game's own figures of a ``summary``: each counter per game, each distribution's mean and most."""
        games = summary.games
        own: dict[str, float] = {f"{name}_per_game": total / games for name, total in summary.counters}
        for name, pairs in summary.histograms:
            own[f"mean_{name}"] = histogram_figures(pairs, games).mean
            own[f"max_{name}"] = pairs[-1][0]
        return own

    def summary_head(self, summary: Any) -> dict[str, Any]:
        """What the summary's JSON says before the standings, after the settings every game has
        (the game's rules, its totals of whole games; by default the games with a shared win)."""
        return {"shared_games": summary.shared_games}

    def summary_tail(self, summary: Any) -> dict[str, Any]:
        """What the summary's JSON says at its end (by default the counters, the distributions
        and :meth:`own`)."""
        tail: dict[str, Any] = dict(summary.counters)
        tail.update((name, [list(pair) for pair in pairs]) for name, pairs in summary.histograms)
        return {**tail, **self.own(summary)}

    def summary_keys(self, summary: Any) -> dict[str, Any]:
        """What the summary's JSON says before everything (Eights: the game's key)."""
        return {}

    def csv_columns(self, summary: Any) -> tuple[str, ...]:
        """The columns of the summary's CSV (by default the columns every game has, ``CSV_COLUMNS``, then :meth:`own`)."""
        return (*CSV_COLUMNS, *self.own(summary))

    def csv_head(self, summary: Any) -> dict[str, Any]:
        """The cells of the CSV's row of whole games before the lengths (by default the shared games)."""
        return {"shared_games": summary.shared_games}

    def csv_tail(self, summary: Any) -> dict[str, Any]:
        """The cells of the CSV's row of whole games after the lengths (by default :meth:`own`)."""
        return self.own(summary)

    def text_settings(self, summary: Any) -> str:
        """The end of the text's first line: the game's rules (8½: ``", move limit 1000"``)."""
        return ""

    def text_tail(self, summary: Any) -> list[str]:
        """The last lines of the text (by default the games with a shared win and :meth:`own`)."""
        shared = summary.shared_games
        tail = [f"games with a shared win: {shared} ({shared / summary.games:.1%})"]
        own = self.own(summary)
        if own:
            tail.append(
                "per game: " + ", ".join(f"{name.replace('_', ' ')} {value:.2f}" for name, value in own.items())
            )
        return tail
