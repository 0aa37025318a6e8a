"""The bots of Shedding: its greedy player, and the bots every game gets on its policies.

``random``, ``search`` and ``ismcts`` are the generic bots of :mod:`eighthalf.players.bots`;
Shedding gives them only its greedy move, for play-outs and as the move a search keeps
unless another beats it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from eighthalf.players.bots import Policies, standard_bots

from .game import SHEDDING
from .rules import GameState, Move, Play, PlayerView, legal_moves

__all__ = ["BOTS", "POLICIES", "GreedyBot", "greedy_move"]


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


def _playout(state: GameState, rng: random.Random) -> Move:
    return greedy_move(legal_moves(state))


def _candidates(seen: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> tuple[tuple[Move, ...], int]:
    return moves, moves.index(greedy_move(moves))


def _prefer(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    return greedy_move(moves)


# its play-outs draw nothing at random: no generator is made for each of them
POLICIES: Final = Policies[GameState, Move, PlayerView](
    playout=_playout, candidates=_candidates, prefer=_prefer, playout_draws=False
)
"""Greedy play-outs, every legal move a candidate with the greedy one kept unless beaten."""

BOTS: Final[dict[str, Callable[[], Any]]] = {"greedy": GreedyBot, **standard_bots(SHEDDING, POLICIES)}
"""The built-in bots by name."""
