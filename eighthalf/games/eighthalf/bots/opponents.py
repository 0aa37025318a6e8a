"""How 8½'s search bots weigh their models of an opponent by the moves it made
(:class:`~eighthalf.bots.Weights`), for the ``"mixed"`` model of :class:`~eighthalf.bots.ISMCTSBot`
and :class:`~eighthalf.bots.SearchBot`.

Part of :mod:`eighthalf.bots`; import the names from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from eighthalf.games.eighthalf.bots.basic import _NO_RNG, _playout_choice, greedy_choice
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.engine import legal_moves, moves_for
from eighthalf.games.eighthalf.moves import Move
from eighthalf.games.eighthalf.state import GameState

__all__ = ["Weights"]


class Weights:
    """Each opponent's weights over a few models of how it plays, by how well each explains
    the plays it was seen to make.

    The models (``Weights.EPSILONS``): a player who makes a uniformly random legal move with
    chance ε and otherwise :func:`~eighthalf.bots.greedy_choice`'s move (ε = 0 is
    :class:`~eighthalf.bots.GreedyBot`, ε = 1 :class:`~eighthalf.bots.RandomBot`). Before
    any play is seen they weigh ``Weights.PRIOR``. For one play from the hand (``played`` laid
    on a call, ``kept`` cards left in the hand), the chance of that play under model ε is
    (1 − ε)·P(greedy) + ε·P(random), where P(greedy) is the share of hands that would have
    made :func:`~eighthalf.bots.greedy_choice` play it and P(random) the mean of 1 / (the
    number of legal moves), both over ``samples`` hands made of the played cards and
    ``kept`` cards dealt from those the bot cannot see (:meth:`weigh`); for a play from the
    open cards, whose choices were face up, both are exact. The weights are multiplied by
    it (Bayes' rule) and scaled to add up to 1: a play only a greedy player would make
    moves the weight towards ε = 0, a play a greedy player would rarely make towards ε = 1.
    The bot then plays against the most likely model (:meth:`epsilon`).

    >>> weights = Weights()
    >>> weights.epsilon(1), round(weights.mean(1), 2)
    (0.0, 0.16)
    >>> for _ in range(3):
    ...     weights.update(1, 0.02, 0.25)  # plays a greedy player seldom makes
    >>> weights.epsilon(1)
    1.0
    """

    EPSILONS = (0.0, 0.1, 0.3, 0.6, 1.0)
    """The models' chances of a random move."""
    PRIOR = (0.6, 0.15, 0.1, 0.08, 0.07)
    """The models' weights before any play is seen (a mean ε of 0.16)."""

    def __init__(self) -> None:
        self._weights: dict[int, list[float]] = {}

    def epsilon(self, seat: int) -> float:
        """The ε of ``seat``'s most likely model (the smaller on a tie): its chance of a random move."""
        weights = self._weights.get(seat, self.PRIOR)
        return self.EPSILONS[weights.index(max(weights))]

    def mean(self, seat: int) -> float:
        """The weighted mean ε of ``seat``."""
        weights = self._weights.get(seat, self.PRIOR)
        return sum(weight * epsilon for weight, epsilon in zip(weights, self.EPSILONS, strict=True))

    def update(self, seat: int, greedy: float, uniform: float) -> None:
        """Weigh one play of ``seat``: its chance under the greedy model and under uniform play."""
        weights = self._weights.get(seat, list(self.PRIOR))
        updated = [w * ((1 - e) * greedy + e * uniform) for w, e in zip(weights, self.EPSILONS, strict=True)]
        total = sum(updated)
        if total > 0:
            self._weights[seat] = [weight / total for weight in updated]

    def weigh(
        self,
        seat: int,
        kept: int,
        played: tuple[Rank, ...],
        move: Move,
        call_halves: int,
        locked: bool,
        unseen: Sequence[Rank],
        variant: int,
        rng: random.Random,
        samples: int = 24,
    ) -> None:
        """Weigh the play ``move`` (laying ``played``) of ``seat`` facing this call, its hand
        holding ``kept`` more cards dealt from ``unseen`` (see the class); ``rng`` deals them."""
        pool = list(unseen)
        for rank in played:  # cards played then and taken into a hand since are not among the kept ones
            if rank in pool:
                pool.remove(rank)
        if kept > len(pool) or samples < 1:
            return
        hits = 0.5  # half a hit either way: no model is ruled out by a few samples
        uniform = 0.0
        for _ in range(samples):
            hand = tuple(sorted([*rng.sample(pool, kept), *played]))
            moves = moves_for(hand, (), 0, call_halves, locked, None, variant)
            uniform += 1 / len(moves)  # the play is legal whatever else the hand holds
            hits += greedy_choice(moves, call_halves, locked, _NO_RNG, variant) is move
        self.update(seat, hits / (samples + 1), uniform / samples)

    def epsilons(self, players: int, me: int) -> tuple[float, ...]:
        """ε of every seat of a table of ``players``; 0 for the bot's own seat ``me``."""
        return tuple(0.0 if seat == me else self.epsilon(seat) for seat in range(players))


def mixed_policy(epsilons: tuple[float, ...]) -> Callable[[GameState, random.Random], Move]:
    """The play-out policy of the ``"mixed"`` model: seat ``s`` makes a uniformly random legal
    move with chance ``epsilons[s]`` (one draw from the generator, then one to choose) and the
    greedy move otherwise (the same move and draws as :func:`~eighthalf.bots.greedy_choice`)."""

    def policy(state: GameState, rng: random.Random) -> Move:
        moves = legal_moves(state)
        epsilon = epsilons[state.to_move]
        if epsilon and len(moves) > 1 and rng.random() < epsilon:
            return rng.choice(moves)
        return _playout_choice(moves, state.call_halves, state.locked, rng, state.rules.variant)

    return policy
