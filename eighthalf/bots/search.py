"""8½'s determinized search bot, :class:`SearchBot`: the shared search
(:mod:`eighthalf.common.search`) over the bot's :class:`~eighthalf.bots.Belief`.

Part of :mod:`eighthalf.bots`; import the names from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..common.search import check_count, check_number, paired_search, roll_out
from ..engine import legal_moves
from ..game import ROUND
from ..match import Decline, Exchange, MatchView
from ..moves import BlindPlay, Move
from ..state import GameState
from ..views import PlayerView
from .basic import _playout_choice, greedy_choice
from .belief import Belief
from .opponents import mixed_policy  # the play-outs of model="mixed"
from .protocols import _moves_of, exchange_choice

__all__ = ["SearchBot"]


def _policy(state: GameState, rng: random.Random) -> Move:
    """The play-out policy: the greedy move in a full state (:func:`_playout_choice`)."""
    return _playout_choice(legal_moves(state), state.call_halves, state.locked, rng, state.rules.variant)


def _prefer(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """The greedy move among ``moves`` (the tree search tries it first)."""
    return _playout_choice(moves, state.call_halves, state.locked, rng, state.rules.variant)


class SearchBot(Belief):
    """Determinized Monte Carlo search that respects hidden information.

    For each decision with more than one legal move it repeats, ``iterations`` times (or
    until ``time_limit`` seconds have passed): deal the cards it cannot see at random
    into a full state consistent with its view and with what it remembers of the round
    (its *belief*), then play the round out once after each legal move, every seat
    following the greedy heuristic (with ``model="mixed"``, each opponent its most likely
    model, below), and score the points (E6) its own seat ends with.
    Every move is tried on the same deal with the same play-out randomness (common
    random numbers), so the moves are compared in pairs. It plays the greedy move
    (:func:`greedy_choice`) unless another move beat it on average by more than
    ``confidence`` standard errors of the paired differences: the determinized search
    of :func:`eighthalf.common.search.paired_search`, played out through
    :func:`eighthalf.common.search.roll_out` on :data:`eighthalf.game.ROUND`.

    The belief: a bot is made for one seat and one round, so it remembers what it saw
    at its previous turn and the move it made. From the next view it reads each
    opponent's last decision off the pile (who laid which cards on which call) and the
    collected stacks (who took a pile they could not beat). An opponent who collected
    held no legal card (T1); with ``model="greedy"`` an opponent who played is assumed to
    have chosen as :class:`GreedyBot` would. The cards still in that opponent's hand
    from then are dealt by rejection sampling so that they fit; when no fit is found (the
    model was wrong), that opponent's hand is dealt uniformly. It also keeps the cards
    that went into the hand of an opponent on the table from a pile it saw (C1, L1),
    until they are played, and deals them to that hand. It never sees the real hidden
    cards: only its views and its own samples. The belief is :class:`Belief`'s.

    Args:
        iterations: Sampled deals per decision.
        time_limit: Optional budget in seconds per decision (stops early if reached);
            it makes the play depend on the machine's speed.
        model: ``"greedy"`` (opponents play like :class:`GreedyBot`), ``"rules"`` (only
            what the rules imply: a collect means no legal card), ``"none"`` (uniform
            deals, no memory) or ``"mixed"``: each opponent makes a random legal move
            with the chance ε of its most likely model among ``Weights.EPSILONS``,
            weighed by Bayes' rule from the plays it was seen to make
            (:class:`~eighthalf.bots.Weights`), and the greedy move otherwise, in
            the belief's deals and in the play-outs alike.
        horizon: Play-outs longer than this many moves are cut and score nothing.
        tries: Rejection-sampling attempts per opponent and deal.
        confidence: How many standard errors a move must beat the greedy move by; 0
            plays the best mean.

    Raises:
        InvalidStateError: If ``iterations`` is not an integer of at least 1, ``model``
            is unknown, ``horizon`` or ``tries`` is not a non-negative integer, or
            ``confidence`` or ``time_limit`` is not a non-negative number; the message
            names the setting.
    """

    name = "search"

    def __init__(
        self,
        iterations: int = 150,
        *,
        time_limit: float | None = None,
        model: str = "greedy",
        horizon: int = 400,
        tries: int = 60,
        confidence: float = 1.0,
    ) -> None:
        super().__init__(model=model, tries=tries)
        self.iterations = check_count("iterations", iterations, 1)
        self.time_limit = time_limit if time_limit is None else check_number("time_limit", time_limit)
        self.horizon = check_count("horizon", horizon, 0)
        self.confidence = check_number("confidence", confidence)
        self._policy: Callable[[GameState, random.Random], Move] | None = None  # the play-outs' policy of a decision

    def exchange(self, seen: MatchView, rng: random.Random) -> Exchange | Decline:
        """The M3 decision of :func:`exchange_choice`.

        Raises:
            ValueError: If the viewer is not deciding on an exchange.
        """
        return exchange_choice(seen)

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The greedy move, unless sampled play-outs show another one clearly better.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = _moves_of(seen)
        if self.model != "none":
            self._remember(seen)
            self._weigh(seen)
        move = self._search(seen, moves, rng)
        self._moved(seen, move, rng)
        return move

    def _search(self, seen: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        if len(moves) == 1 or isinstance(moves[0], BlindPlay):
            return moves[0] if len(moves) == 1 else rng.choice(moves)
        preferred = greedy_choice(moves, seen.call_halves, seen.locked, rng, seen.rules.variant)
        self._policy = self._policy_for(seen)
        try:
            return self._decide(seen, moves, moves.index(preferred), rng)
        finally:
            self._policy = None

    def _decide(self, seen: PlayerView, moves: tuple[Move, ...], base: int, rng: random.Random) -> Move:
        """The search among ``moves``, ``moves[base]`` the greedy move: the paired search."""
        me = seen.to_move
        return paired_search(
            ROUND,
            moves,
            base,
            lambda: self.sample(seen, rng),
            lambda state, generator: self._play_out(state, me, generator),
            rng,
            iterations=self.iterations,
            time_limit=self.time_limit,
            confidence=self.confidence,
        )

    def _policy_for(self, seen: PlayerView) -> Callable[[GameState, random.Random], Move]:
        """The play-out policy of this decision: greedy, or with ``model="mixed"`` each opponent
        playing at random with its weighted chance (:func:`mixed_policy`)."""
        if self.model != "mixed":
            return _policy
        return mixed_policy(self._weights.epsilons(len(seen.seats), seen.to_move))

    def _play_out(self, state: GameState, me: int, rng: random.Random) -> float:
        """Play to the end with the decision's policy (:meth:`_policy_for`); the score of seat ``me`` in [0, 1]."""
        last = roll_out(ROUND, state, self._policy if self._policy is not None else _policy, rng, self.horizon)
        outcome = None if last is None else last.outcome
        return 0.0 if outcome is None else outcome.points[me] / 3
