"""Eights bots of the tests' own, outside eighthalf: one that never spells, one that observes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from eighthalf.eights import PASS, Event, Move, PlayerView
from eighthalf.games.eights.bots import GreedyBot


class PassingBot:
    """Always passes without exchanging: legal only when the table lets players pass freely (WR1)."""

    name = "passing"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The plain pass."""
        return PASS


class WatchingBot(GreedyBot):
    """The greedy bot that also observes every move (the shared Observer protocol), keeping what it saw."""

    name = "watching"
    seen: ClassVar[list[tuple[int | None, tuple[Event, ...]]]] = []

    def observe(self, events: Sequence[Event], seen: PlayerView) -> None:
        """Keep the seat's view's seat and the events it was shown."""
        WatchingBot.seen.append((seen.seat, tuple(events)))
