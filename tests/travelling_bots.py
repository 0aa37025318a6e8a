"""A bot of the tests' own, outside eighthalf, for simulations on workers in other processes.

The Dask test starts its worker with this folder on ``PYTHONPATH``, so the worker imports
this module itself when it meets the spec ``"travelling_bots:CautiousBot"``.
"""

from __future__ import annotations

import random

from eighthalf.games.eighthalf.moves import Move
from eighthalf.games.eighthalf.views import PlayerView


class CautiousBot:
    """Always plays the first legal move: deterministic, and different from the built-in bots."""

    name = "cautious"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The first legal move in the stable order of ``legal_moves``.

        Raises:
            ValueError: If it is not the viewer's turn.
        """
        moves = seen.legal_moves()
        if not moves:
            raise ValueError("no legal moves: not this seat's turn")
        return moves[0]


def make_cautious() -> CautiousBot:
    """A factory function, for the spec ``"travelling_bots:make_cautious"``."""
    return CautiousBot()


NOT_A_BOT = 7
"""Not callable: the spec ``"travelling_bots:NOT_A_BOT"`` is refused."""


class StubbornBot:
    """Always collects (C1), legal or not: a bot of the user's that breaks the rules."""

    name = "stubborn"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The collect, whatever the legal moves are."""
        from eighthalf.games.eighthalf.moves import COLLECT

        return COLLECT


class FailingBot:
    """Fails as it chooses, at its first move: a bot of the user's with a bug."""

    name = "failing"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """Never a move.

        Raises:
            RuntimeError: Always.
        """
        raise RuntimeError("out of ideas")
