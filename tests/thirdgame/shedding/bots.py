"""The bots of Shedding: ``random``, ``greedy`` and ``search`` (the generic determinized search)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from eighthalf.common.search import paired_search, roll_out

from .game import SHEDDING
from .rules import GameState, Move, Play, PlayerView, legal_moves, result, sample_state

__all__ = ["BOTS", "GreedyBot", "RandomBot", "SearchBot", "greedy_move"]


class RandomBot:
    """A uniformly random legal move."""

    name = "random"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """Any legal move."""
        return rng.choice(seen.legal_moves())


def greedy_move(moves: tuple[Move, ...]) -> Move:
    """The first play of the highest rank, else drawing or passing."""
    plays = [move for move in moves if type(move) is Play]
    return max(plays, key=lambda move: move.card[0]) if plays else moves[-1]


class GreedyBot:
    """Plays its highest card that matches; draws (or passes) only when it cannot play."""

    name = "greedy"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The greedy move."""
        return greedy_move(seen.legal_moves())


def _policy(state: GameState, rng: random.Random) -> Move:
    return greedy_move(legal_moves(state))


class SearchBot:
    """Compares its moves in pairs over sampled deals played out by greedy bots (:func:`eighthalf.common.search.paired_search`)."""

    name = "search"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The move whose play-outs win most."""
        moves = seen.legal_moves()
        if len(moves) == 1:
            return moves[0]
        me = seen.turn

        def evaluate(state: GameState, generator: random.Random) -> float:
            last = roll_out(SHEDDING, state, _policy, generator)
            done = None if last is None else result(last)
            return 0.0 if done is None else float(me in done.winners)

        base = moves.index(greedy_move(moves))
        return paired_search(
            SHEDDING, moves, base, lambda: sample_state(seen, rng), evaluate, rng,
            iterations=30, time_limit=None, confidence=2.0,
        )  # fmt: skip


BOTS: Final[dict[str, Callable[[], RandomBot | GreedyBot | SearchBot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}
"""The built-in bots by name."""
