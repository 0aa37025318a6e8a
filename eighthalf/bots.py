"""Bots: players that choose a move from their own view only.

A bot never receives the full :class:`~eighthalf.GameState`, so it cannot cheat: it gets
the :class:`~eighthalf.views.PlayerView` of its seat and a :class:`random.Random` that the
caller owns, which makes every game reproducible.

>>> import random
>>> from eighthalf import new_game, apply
>>> from eighthalf.views import view
>>> bots = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
>>> state, rng = new_game(4, seed=7), random.Random(7)
>>> while not state.over:
...     seat = state.to_move
...     state = apply(state, bots[seat].choose(view(state, seat), rng))
>>> state.winner, state.points
(3, (0, 0, 0, 3))
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from typing_extensions import Protocol

from .cards import Rank
from .engine import COMBINATION, EFFECTS, apply_unchecked, legal_moves
from .moves import BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay
from .state import GameState
from .views import PlayerView, sample_state

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "greedy_choice", "make_bot"]


class Bot(Protocol):
    """What a bot is: a name and a way to choose a move from a view."""

    @property
    def name(self) -> str:
        """A short name for tables and logs."""
        ...

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """Choose one of ``seen.legal_moves()``; ``seen`` is the bot's own seat's view."""
        ...


class RandomBot:
    """Chooses uniformly among the legal moves."""

    name = "random"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """A uniformly random legal move.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = seen.legal_moves()
        if not moves:
            raise ValueError("no legal moves: it is not this seat's turn or the round is over")
        return rng.choice(moves)


# Lower is better: plain numbers first, then 0, ½, the combination, and Ghosts last.
_KEEP = {Rank.ZERO: 1, Rank.HALF: 2, Rank.GHOST: 4}


class GreedyBot:
    """A one-move-deep player with a fixed, documented heuristic.

    In order of priority:

    1. Catch whenever it can (P8), with as many catch cards as it holds.
    2. Avoid leaving a catchable half call (a ½, the 8½ combination or a Ghost on a
       half call), when any other play exists.
    3. Keep the flexible cards for when they are needed: play number cards before
       0, then ½, then the 8½ combination, and Ghosts last.
    4. Shed the lowest cards first and, of one rank, as many copies as it holds.

    Blind cards are turned at random (nothing can be known about them).
    """

    name = "greedy"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The best legal move by the heuristic above.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = seen.legal_moves()
        if not moves:
            raise ValueError("no legal moves: it is not this seat's turn or the round is over")
        return greedy_choice(moves, seen.call_halves, seen.locked, rng)


def greedy_choice(moves: tuple[Move, ...], call_halves: int, locked: bool, rng: random.Random) -> Move:
    """The :class:`GreedyBot`'s pick among ``moves`` (non-empty) facing this call."""
    if len(moves) == 1 or isinstance(moves[0], (Collect, BlindPlay)):
        return moves[0] if len(moves) == 1 else rng.choice(moves)
    row = EFFECTS[locked][call_halves]
    return min(moves, key=lambda move: _greedy_key(move, row))


def _greedy_key(move: Move, row: tuple[tuple[tuple[int, bool, bool, bool] | None, ...], ...]) -> tuple[int, ...]:
    if isinstance(move, HandPlay):
        token, count = int(move.rank), move.count
    elif isinstance(move, OpenPlay):
        token, count = int(move.rank), 1
    elif isinstance(move, EightAndHalf):
        token, count = COMBINATION, 1
    else:  # only plays reach here
        return (9,)
    result = row[token][count]
    assert result is not None
    _, _, risky, catch = result
    keep = 3 if token == COMBINATION else _KEEP.get(Rank(token), 0)
    return (0 if catch else 1, int(risky), keep, token, -count)


class SearchBot:
    """Determinized Monte Carlo search that respects hidden information.

    For each decision it repeats, ``iterations`` times (or until ``time_limit`` seconds
    have passed): deal the cards it cannot see at random into a full state consistent
    with its view (:func:`~eighthalf.views.sample_state`), pick a move by UCB1, and play
    the round out with every seat following the greedy heuristic, scoring the points
    (E6) its own seat ends with. It returns the move with the best mean score.
    It never sees the real hidden cards: only its view and its own samples.

    Args:
        iterations: Sampled play-outs per decision.
        time_limit: Optional budget in seconds per decision (stops early if reached).
        exploration: The UCB1 exploration constant.
        horizon: Play-outs longer than this many moves are cut and scored by counts.
    """

    name = "search"

    def __init__(
        self,
        iterations: int = 150,
        *,
        time_limit: float | None = None,
        exploration: float = 0.6,
        horizon: int = 400,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.horizon = horizon

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The move with the best mean score over sampled play-outs.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = seen.legal_moves()
        if not moves:
            raise ValueError("no legal moves: it is not this seat's turn or the round is over")
        if len(moves) == 1 or isinstance(moves[0], BlindPlay):
            return moves[0] if len(moves) == 1 else rng.choice(moves)
        me = seen.to_move
        totals = [0.0] * len(moves)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for _ in range(self.iterations):
            # Common random numbers: every move is tried on the same deal with the same
            # play-out randomness, so the comparison between moves is paired.
            sample = sample_state(seen, rng)
            seed = rng.getrandbits(64)
            for index, move in enumerate(moves):
                totals[index] += self._play_out(apply_unchecked(sample, move), me, random.Random(seed))
            if deadline is not None and time.perf_counter() > deadline:
                break
        preferred = greedy_choice(moves, seen.call_halves, seen.locked, rng)
        best = max(range(len(moves)), key=lambda i: (totals[i], moves[i] is preferred))
        return moves[best]

    def _play_out(self, state: GameState, me: int, rng: random.Random) -> float:
        """Play greedily to the end; the score of seat ``me`` in [0, 1]."""
        limit = state.move_number + self.horizon
        while state.outcome is None and state.move_number < limit:
            moves = legal_moves(state)
            state = apply_unchecked(state, greedy_choice(moves, state.call_halves, state.locked, rng))
        outcome = state.outcome
        return 0.0 if outcome is None else outcome.points[me] / 3


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""The built-in bots by name."""


def make_bot(name: str) -> Bot:
    """A new bot of the named kind (see :data:`BOTS`).

    Raises:
        KeyError: If there is no bot of that name.
    """
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"no bot named {name!r}; choose from {', '.join(sorted(BOTS))}") from None
