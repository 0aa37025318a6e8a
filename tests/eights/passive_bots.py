"""An Eights bot of the tests' own that never spells, for the simulation's hand limit."""

from __future__ import annotations

import random

from eighthalf.eights import PASS, Move, PlayerView


class PassingBot:
    """Always passes without exchanging: legal only when the table lets players pass freely (WR1)."""

    name = "passing"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The plain pass."""
        return PASS
