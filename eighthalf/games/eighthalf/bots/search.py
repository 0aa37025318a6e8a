"""8½'s determinized search bot, :class:`SearchBot`: the search bot written once for every
game (:class:`eighthalf.players.bots.SearchBot`) with 8½'s policies, over the bot's
:class:`~eighthalf.bots.Belief`.

Part of :mod:`eighthalf.bots`; import the names from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from eighthalf.games.eighthalf.bots.basic import _playout_choice, greedy_choice
from eighthalf.games.eighthalf.bots.belief import Belief
from eighthalf.games.eighthalf.bots.opponents import mixed_policy  # the play-outs of model="mixed"
from eighthalf.games.eighthalf.bots.protocols import _moves_of, exchange_choice
from eighthalf.games.eighthalf.engine import legal_moves
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.match import Decline, Exchange, MatchView
from eighthalf.games.eighthalf.moves import BlindPlay, Move
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.views import PlayerView
from eighthalf.players import bots as shared
from eighthalf.players.bots import Policies

__all__ = ["SearchBot"]


def _policy(state: GameState, rng: random.Random) -> Move:
    """The play-out policy: the greedy move in a full state (:func:`_playout_choice`)."""
    return _playout_choice(legal_moves(state), state.call_halves, state.locked, rng, state.rules.variant)


def _prefer(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """The greedy move among ``moves`` (the tree search tries it first)."""
    return _playout_choice(moves, state.call_halves, state.locked, rng, state.rules.variant)


def _candidates(seen: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> tuple[tuple[Move, ...], int]:
    """Every legal move, the greedy one (:func:`greedy_choice`) kept unless beaten; blind
    cards are turned at random, with no search (nothing can be known about them)."""
    if isinstance(moves[0], BlindPlay):
        return (rng.choice(moves),), 0
    return moves, moves.index(greedy_choice(moves, seen.call_halves, seen.locked, rng, seen.rules.variant))


def _blind(moves: tuple[Move, ...]) -> bool:
    """Whether ``moves`` are blind cards, turned at random (nothing can be known about them)."""
    return isinstance(moves[0], BlindPlay)


def _points(seen: PlayerView) -> Callable[[GameState, int], float]:
    """The reward of :class:`SearchBot`: the points (E6) a seat ends the round with, divided by 3."""
    return _score


def _score(state: GameState, seat: int) -> float:
    outcome = state.outcome
    return 0.0 if outcome is None else outcome.points[seat] / 3


_POLICIES: Policies[GameState, Move, PlayerView] = Policies(
    playout=_policy, candidates=_candidates, prefer=_prefer, random_moves=_blind, reward=_points
)
"""8½'s policies for the generic search bots (:class:`eighthalf.players.bots.Policies`): the
greedy heuristic in play-outs and first in the tree, every legal move a candidate with the
greedy one the base, blind cards at random, and the points of the round as the reward."""


class SearchBot(Belief, shared.SearchBot[GameState, Move, PlayerView]):
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
    of :func:`eighthalf.players.search.paired_search`, played out through
    :func:`eighthalf.players.search.roll_out` on :data:`eighthalf.games.eighthalf.game.EIGHTHALF`: the search
    bot of every game, :class:`eighthalf.players.bots.SearchBot`, with 8½'s policies.

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
        Belief.__init__(self, model=model, tries=tries)
        shared.SearchBot.__init__(
            self, EIGHTHALF, _POLICIES, iterations, time_limit=time_limit, horizon=horizon, confidence=confidence
        )

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
        move = self.decide(seen, moves, rng)
        self._moved(seen, move, rng)
        return move

    def playout_for(self, seen: PlayerView) -> Callable[[GameState, random.Random], Move]:
        """The play-out policy of this decision: greedy, or with ``model="mixed"`` each opponent
        playing at random with the chance of its most likely model (:class:`~eighthalf.bots.Weights`)."""
        if self.model != "mixed":
            return _policy
        return mixed_policy(self._weights.epsilons(len(seen.seats), seen.to_move))
