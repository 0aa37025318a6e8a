"""What a game adds to a simulation on the runner of every game (:mod:`eighthalf.simulation.simulate`).

A game's :class:`~eighthalf.simulation.simulate.SimulatedGame` carries a :class:`GameFigures`, the small
hook through which the game counts what only it has (8½'s catches and final counts,
Eights' hands and spellings), shows its bots the table (8½ reuses the views of unchanged
seats) and writes its JSON line of a finished game; :class:`Unending` stops a game that
cannot end. :mod:`eighthalf.simulation.simulate` re-exports both.

>>> GameFigures().line(0, 7, ["greedy", "random"], None, ["a", "b"], Result((1, 0), (0,)))["scores"]
[1, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from eighthalf.core.game import Game, Result

__all__ = ["GameFigures", "Unending"]


class Unending(Exception):
    """Raised by :meth:`GameFigures.moved` when a game cannot end; the runner raises an
    :class:`~eighthalf.EighthalfError` that names the game and its seed before the message."""


class GameFigures:
    """What a game adds to a simulation, beyond what every game gives (the hook of a :class:`SimulatedGame`).

    The defaults add nothing: a game overrides what it needs. A :class:`GameFigures` goes to
    the workers with the work, so it is a plain value whose class is importable.
    """

    __slots__ = ()

    counters: ClassVar[int] = 0
    """How many counters of a whole run :meth:`moved` adds to (8½: catches, collects, failed blind cards)."""
    histograms: ClassVar[int] = 0
    """How many distributions :meth:`game_values` gives a value of per game (Eights: hands)."""

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
