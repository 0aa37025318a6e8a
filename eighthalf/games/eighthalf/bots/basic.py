"""The basic bots of 8½: :class:`RandomBot` and :class:`GreedyBot`, with the greedy
heuristic (:func:`greedy_choice`) that the search bots also play out with.

Part of :mod:`eighthalf.bots`; import the names from there.
"""

from __future__ import annotations

import random

from eighthalf.games.eighthalf.bots.protocols import _moves_of
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.engine import COMBINATION, effects_for
from eighthalf.games.eighthalf.game import check_deciding
from eighthalf.games.eighthalf.match import DECLINE, Decline, Exchange, MatchView
from eighthalf.games.eighthalf.moves import BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay
from eighthalf.games.eighthalf.views import PlayerView
from eighthalf.players import bots as shared

__all__ = ["GreedyBot", "RandomBot", "greedy_choice"]


class RandomBot(shared.RandomBot[Move]):
    """Chooses uniformly among the legal moves: the random bot of every game
    (:class:`eighthalf.players.bots.RandomBot`), which also decides M3 at random."""

    ended = "the round is over"

    def exchange(self, seen: MatchView, rng: random.Random) -> Exchange | Decline:
        """A uniformly random M3 decision (an exchange offered, or declining).

        Raises:
            ValueError: If the viewer is not deciding on an exchange.
        """
        check_deciding(seen)
        choices: tuple[Exchange | Decline, ...] = (*seen.exchanges, DECLINE)
        return rng.choice(choices)


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
        moves = _moves_of(seen)
        return greedy_choice(moves, seen.call_halves, seen.locked, rng, seen.rules.variant)


def greedy_choice(
    moves: tuple[Move, ...], call_halves: int, locked: bool, rng: random.Random, variant: int = 0
) -> Move:
    """The :class:`GreedyBot`'s pick among ``moves`` (non-empty) facing this call, under the
    table options ``variant`` (:attr:`Rules.variant <eighthalf.Rules.variant>`)."""
    if len(moves) == 1 or isinstance(moves[0], (Collect, BlindPlay)):
        return moves[0] if len(moves) == 1 else rng.choice(moves)
    row = effects_for(variant)[locked][call_halves]
    return min(moves, key=lambda move: _greedy_key(move, row))


def _greedy_key(move: Move, row: tuple[tuple[tuple[int, bool, bool, bool] | None, ...], ...]) -> tuple[int, ...]:
    if isinstance(move, (HandPlay, OpenPlay)):
        token, count = int(move.rank), move.count
    elif isinstance(move, EightAndHalf):
        token, count = COMBINATION, 1
    else:  # only plays reach here
        return (9,)
    result = row[token][count]
    assert result is not None
    _, _, risky, catch = result
    keep = 3 if token == COMBINATION else _KEEP.get(Rank(token), 0)
    return (0 if catch else 1, int(risky), keep, token, -count)


# The greedy heuristic's key of each play facing one call, by (call_halves, locked, variant), then move.
_ROWS: dict[tuple[int, bool, int], dict[Move, tuple[int, ...]]] = {}


def _playout_choice(moves: tuple[Move, ...], call_halves: int, locked: bool, rng: random.Random, variant: int) -> Move:
    """Exactly :func:`greedy_choice` (the same move, the same draws from ``rng``), with the
    heuristic's keys memoised, for the play-outs of :class:`SearchBot` and :class:`ISMCTSBot`."""
    if len(moves) == 1:
        return moves[0]
    if isinstance(moves[0], (Collect, BlindPlay)):
        return rng.choice(moves)
    keys = _ROWS.get((call_halves, locked, variant))
    if keys is None:
        keys = _ROWS[call_halves, locked, variant] = {}
    best: Move = moves[0]
    best_key: tuple[int, ...] | None = None
    for move in moves:  # the first of equal keys wins, as in greedy_choice's min
        key = keys.get(move)
        if key is None:
            key = keys[move] = _greedy_key(move, effects_for(variant)[locked][call_halves])
        if best_key is None or key < best_key:
            best, best_key = move, key
    return best


class _Rng(random.Random):
    """A generator that is never drawn from: greedy_choice only draws for collects and blind cards."""


_NO_RNG = _Rng(0)
