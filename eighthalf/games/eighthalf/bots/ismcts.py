"""8½'s information-set Monte Carlo tree search bot, :class:`ISMCTSBot`: the IS-MCTS bot
written once for every game (:class:`eighthalf.players.bots.ISMCTSBot`) with 8½'s policies,
over the belief of :class:`~eighthalf.bots.SearchBot`.

Part of :mod:`eighthalf.bots`; import the names from there.
"""

from __future__ import annotations

from collections.abc import Callable

from eighthalf.games.eighthalf.bots.belief import Belief
from eighthalf.games.eighthalf.bots.search import _POLICIES, SearchBot
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.moves import Move
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.views import PlayerView
from eighthalf.players import bots as shared
from eighthalf.players.search import check_number

__all__ = ["ISMCTSBot"]


class ISMCTSBot(SearchBot, shared.ISMCTSBot[GameState, Move, PlayerView]):
    """Information-set Monte Carlo tree search (single observer) over the bot's belief.

    Each iteration deals the cards the bot cannot see at random, consistent with its
    view and with what it remembers (the belief of :class:`SearchBot`, and with
    :meth:`~Belief.observe` every pile that went into an opponent's hand), and walks
    a tree whose nodes are the bot's own decisions, keyed by the moves made since the
    root: every node stands for one information set of the bot, shared by all the deals
    that reach it. At its own decisions below the root the bot picks by UCB among the
    moves legal in this deal (counting availability, since later move sets differ
    between deals); the other seats follow the opponent model. Once the walk reaches a
    decision not yet in the tree it adds it, plays the round out (every seat following
    :func:`greedy_choice`, or with ``model="mixed"`` each opponent its most likely model;
    cut after ``horizon`` moves) and backs the reward up the path.

    At the root (``root="paired"``, the default) every legal move is walked on every
    deal with the same play-out randomness, so the moves are compared in pairs (common
    random numbers), and the bot plays the greedy move unless another beat it on average
    by more than ``confidence`` standard errors, as :class:`SearchBot` does; the tree
    below each root move refines the bot's own later moves. With ``root="ucb"`` the root
    is an ordinary UCB node and the most visited move is played.

    The root is a race: after ``prune_after`` deals, a move whose mean paired difference
    from the greedy move plus ``prune`` standard errors is not above zero (it has shown
    no edge) leaves it, so the deals go to the moves still in contention, and the search
    stops once only the greedy move is left. The play-outs play the greedy heuristic
    through a memoised copy of :func:`greedy_choice` (the same moves, the same draws);
    with ``model="mixed"`` an opponent makes a random move instead with its model's chance.
    The walks are :class:`eighthalf.players.search.TreeSearch`'s on :data:`eighthalf.games.eighthalf.game.EIGHTHALF`,
    the root :func:`eighthalf.players.search.race` (paired) or
    :func:`eighthalf.players.search.ucb_root`: the IS-MCTS bot of every game,
    :class:`eighthalf.players.bots.ISMCTSBot`, with 8½'s policies.

    The reward is the points the seat ends with (E6) divided by 3, plus ``win_bonus``
    for a win. The cost of a decision is at most about ``iterations`` times the number
    of legal moves walks (with ``root="paired"``), each a play-out of the rest of the
    round; pruning spends well under that.

    With ``history`` above 1 and ``model="greedy"`` (and a bot that is shown every move,
    :meth:`~Belief.observe`), an opponent's hand is dealt to fit its last ``history``
    decisions from the hand (what it played facing which call, or that it could not
    play, T1), not only the last one: walking back from its hand now, the cards it kept
    at an older decision are a random part of the hand at the next one (the rest was
    drawn, T4), and with what it played they must be what the opponent model would have
    played from.

    The defaults (600 iterations, ``prune=1.0`` after 10 deals, ``win_bonus=2.0``, so that
    a win outweighs any number of points, since the round's winner is what the strength
    benchmark counts, and ``model="mixed"``, so that it reads each opponent by the plays it
    makes instead of assuming whom it plays) were chosen by measurement: on the fair ladder
    of the built-in bots (every seating order, 2,400 rounds) it wins 35.7% of the rounds
    (33.8–37.6%), above SearchBot's 31.0% (29.1–32.8%), and against three GreedyBots
    40.1% (38.0–42.3%, 2,000 rounds); the docs' bots page has the figures and what else
    was tried. Pruning ends most searches early: at the ladder's tables a decision takes
    167 ms of CPU on average in the pure build (95% of them under 0.57 s, the slowest of
    425 measured 1.7 s). For a hard bound on time, give ``time_limit``.

    Args:
        iterations: Sampled deals per decision.
        time_limit: Optional budget in seconds per decision (stops early if reached);
            it makes the play depend on the machine's speed.
        exploration: The UCB constant.
        model: How the belief and the play-outs read the opponents (as for
            :class:`SearchBot`): ``"mixed"`` (the default: each opponent's models weighed
            by its plays, :class:`~eighthalf.bots.Weights`), ``"greedy"``, ``"rules"`` or
            ``"none"``.
        opponents: ``"greedy"``: the other seats follow the play-out policy
            (:func:`greedy_choice`, or the ``"mixed"`` model's) inside the tree too;
            ``"tree"``: they choose by UCB on their own rewards, as in plain
            single-observer IS-MCTS.
        horizon: Play-outs longer than this many moves are cut and score nothing.
        tries: Rejection-sampling attempts per opponent and deal.
        win_bonus: Added to the reward of a win.
        root: ``"paired"`` or ``"ucb"`` (see above).
        confidence: With ``root="paired"``: how many standard errors a move must beat
            the greedy move by; 0 plays the best mean.
        prune: With ``root="paired"``: how many standard errors of benefit of the doubt
            a move gets before it leaves the race (see above); ``None`` never prunes.
        prune_after: How many deals every legal move gets before any leaves the race.
        history: How many of each opponent's latest decisions its dealt hand must fit
            (see above; with ``model="greedy"`` only); 1 reads the last one only, as
            :class:`SearchBot` does.

    Raises:
        InvalidStateError: If ``iterations``, ``prune_after`` or ``history`` is not an
            integer of at least 1, ``horizon`` or ``tries`` not a non-negative integer,
            ``model``, ``opponents`` or ``root`` is unknown, or ``exploration``,
            ``win_bonus``, ``confidence``, ``prune`` or ``time_limit`` is not a
            non-negative number; the message names the setting.
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 600,
        *,
        time_limit: float | None = None,
        exploration: float = 0.7,
        model: str = "mixed",
        opponents: str = "greedy",
        horizon: int = 400,
        tries: int = 60,
        win_bonus: float = 2.0,
        root: str = "paired",
        confidence: float = 1.0,
        prune: float | None = 1.0,
        prune_after: int = 10,
        history: int = 1,
    ) -> None:
        Belief.__init__(self, model=model, tries=tries, history=history)
        shared.ISMCTSBot.__init__(
            self,
            EIGHTHALF,
            _POLICIES,
            iterations,
            time_limit=time_limit,
            horizon=horizon,
            confidence=confidence,
            exploration=exploration,
            opponents=opponents,
            root=root,
            prune=prune,
            prune_after=prune_after,
        )
        self.win_bonus = check_number("win_bonus", win_bonus)

    def reward_for(self, seen: PlayerView) -> Callable[[GameState, int], float]:
        """The reward: the points the seat ends with (E6) divided by 3, plus ``win_bonus`` for a win."""
        return self._reward

    def _reward(self, state: GameState, seat: int) -> float:
        outcome = state.outcome
        assert outcome is not None
        return outcome.points[seat] / 3 + (self.win_bonus if outcome.winner == seat else 0.0)
