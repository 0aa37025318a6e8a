"""The bots of any game, written once against the game protocol.

Every game of eighthalf gets three bots with no code of its own: :class:`RandomBot`
(uniform among the legal moves of its view), :class:`SearchBot` (flat determinized
search, :func:`~eighthalf.players.search.paired_search`) and :class:`ISMCTSBot`
(information-set Monte Carlo tree search, :class:`~eighthalf.players.search.TreeSearch`
with a :func:`~eighthalf.players.search.race` or :func:`~eighthalf.players.search.ucb_root`
root). A bot reads only its seat's view: the view lists its viewer's legal moves
(``seen.legal_moves()``, the :class:`~eighthalf.players.players.ViewWithMoves` protocol that every
game's view follows, see :meth:`Game.view <eighthalf.core.game.Game.view>`), and the
search deals what the view hides with the game's
:meth:`~eighthalf.core.game.Game.sample_state`.

What makes a search bot strong is the game's, not the search's: a game gives its
:class:`Policies` (a fast play-out player, the candidate moves, a sampler, the reward
and where a play-out stops) only where it wants more than the protocol's defaults:
play-outs by uniformly random moves, every legal move a candidate (the first kept
unless another beats it), ``sample_state`` as the sampler and a win (one of the
:attr:`~eighthalf.core.game.Result.winners`) as the reward. 8½'s and Eights' search
bots (:class:`eighthalf.bots.SearchBot`, :class:`eighthalf.games.eights.bots.SearchBot` and
their ``ISMCTSBot``) are these classes with their game's policies and settings;
:func:`standard_bots` makes the three by name for a game's registry entry.

>>> import random
>>> from eighthalf.games.eights.game import EIGHTS
>>> state = EIGHTS.start(2, seed=3)
>>> seen = EIGHTS.view(state, EIGHTS.to_move(state))
>>> move = SearchBot(EIGHTS, iterations=3).choose(seen, random.Random(3))
>>> move in seen.legal_moves()
True
>>> sorted(standard_bots(EIGHTS))
['ismcts', 'random', 'search']
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.game import Game, MoveT, StateT
from eighthalf.players.players import ViewWithMoves, moves_of
from eighthalf.players.search import (
    Node,
    TreeSearch,
    check_count,
    check_number,
    paired_search,
    race,
    roll_out,
    ucb_root,
)

__all__ = ["ISMCTSBot", "Policies", "RandomBot", "SearchBot", "standard_bots"]

ViewT = TypeVar("ViewT", bound=ViewWithMoves[Any])
"""A game's player view, which lists its viewer's legal moves."""


class RandomBot(Generic[MoveT]):
    """Chooses uniformly among the legal moves of its view, in any game.

    ``RandomBot[Move]`` takes the views of a game whose moves are ``Move`` (a game's own
    random bot subclasses it, so that the type checker keeps it to its game).

    >>> import random
    >>> from eighthalf.games.eights.game import EIGHTS
    >>> seen = EIGHTS.view(EIGHTS.start(2, seed=1), 0)
    >>> RandomBot().choose(seen, random.Random(1)) in seen.legal_moves()
    True
    """

    name = "random"
    """The bot's name in tables and logs."""
    ended = "the game is over"
    """How the error of a bot asked to move after the end says so (8½: the round)."""

    def choose(self, seen: ViewWithMoves[MoveT], rng: random.Random) -> MoveT:
        """A uniformly random legal move (one ``rng.choice``).

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        return rng.choice(moves_of(seen, self.ended))


def _all_moves(seen: object, moves: tuple[MoveT, ...], rng: random.Random) -> tuple[tuple[MoveT, ...], int]:
    """Every legal move a candidate, the first kept unless another beats it."""
    return moves, 0


def _first(state: object, moves: tuple[MoveT, ...], rng: random.Random) -> MoveT:
    """The first of the candidates."""
    return moves[0]


def _to_the_end(seen: object) -> None:
    """Play-outs go on to the end of the game."""
    return None


@attrs.frozen(kw_only=True)
class Policies(Generic[StateT, MoveT, ViewT]):
    """What a game's search bots play by where strength needs more than the game protocol.

    Every policy is optional: ``None`` is the protocol-only default, so ``Policies()``
    makes a working search bot of any game. A policy that reads the bot's view is made
    once per decision; the play-out policy runs at every move of every play-out, so it
    should be fast.
    """

    playout: Callable[[StateT, random.Random], MoveT] | None = None
    """The move a seat makes in a full state during play-outs (one of its legal moves);
    ``None``: a uniformly random legal move."""
    playout_draws: bool = True
    """Whether :attr:`playout` draws from its generator. If so every candidate's play-out
    gets a generator seeded alike (common random numbers); if not, the bot's own is passed
    and must not be drawn from (Eights' greedy play-outs)."""
    candidates: Callable[[ViewT, tuple[MoveT, ...], random.Random], tuple[tuple[MoveT, ...], int]] | None = None
    """The moves weighed at a decision, from the view and its legal moves (two or more),
    and the index among them of the move kept unless another beats it (a heuristic's
    move); one move alone is played without a search. ``None``: every legal move, the
    first kept."""
    tree_moves: Callable[[StateT], tuple[MoveT, ...]] | None = None
    """The moves a seat weighs in the IS-MCTS tree below the root (non-empty);
    ``None``: the game's legal moves."""
    prefer: Callable[[StateT, tuple[MoveT, ...], random.Random], MoveT] | None = None
    """Which of :attr:`tree_moves` the tree tries first at a new node; ``None``: the first."""
    random_moves: Callable[[tuple[MoveT, ...]], bool] | None = None
    """Whether a seat draws among these tree moves at random instead of weighing them
    (moves nothing can be known about, such as 8½'s blind cards); ``None``: never."""
    sampler: Callable[[ViewT, random.Random], StateT] | None = None
    """A full state consistent with the view, the hidden cards dealt at random; ``None``:
    the game's :meth:`~eighthalf.core.game.Game.sample_state`."""
    reward: Callable[[ViewT], Callable[[StateT, int], float]] | None = None
    """What a play-out's last state is worth to a seat, made from the view of the
    decision; ``None``: 1 for each of the :attr:`~eighthalf.core.game.Result.winners`,
    else 0."""
    until: Callable[[ViewT], Callable[[StateT], bool] | None] | None = None
    """Where a decision's play-outs stop before the end of the game (Eights: the end of
    the hand under way), made from the view of the decision, or ``None`` for nowhere;
    ``None``: play-outs go on to the end."""


class SearchBot(Generic[StateT, MoveT, ViewT]):
    """Flat determinized search for any game: the candidates compared in pairs on sampled deals.

    For each decision with more than one candidate it repeats, ``iterations`` times (or
    until ``time_limit`` seconds have passed): deal what its view hides into a full state
    (the sampler), then make every candidate move and play the game out (the play-out
    policy, up to the stop of :attr:`Policies.until` or ``horizon`` moves) and score the
    last state by the reward of its seat. It keeps the base candidate unless another beat
    it on average by more than ``confidence`` standard errors of the paired differences
    (:func:`~eighthalf.players.search.paired_search`). It never sees the hidden cards:
    only its view and its own samples.

    The hooks :meth:`sample`, :meth:`playout_for`, :meth:`reward_for` and
    :meth:`until_for` give the :class:`Policies`; a bot with a memory of its own (8½'s
    belief) overrides them.

    Args:
        game: The game played.
        policies: The game's policies (``None``: the protocol's defaults).
        iterations: Sampled deals per decision.
        time_limit: Optional budget in seconds per decision (it stops early when
            reached); it makes the play depend on the machine's speed.
        horizon: Play-outs longer than this many moves are cut and score 0 (``None``: never cut).
        confidence: How many standard errors a move must beat the base move by; 0 plays
            the best mean.

    Raises:
        InvalidStateError: If ``iterations`` is not an integer of at least 1,
            ``horizon`` not ``None`` or a non-negative integer, or ``time_limit`` or
            ``confidence`` not a non-negative number; the message names the setting.
    """

    name = "search"
    """The bot's name in tables and logs."""
    ended = "the game is over"
    """How the error of a bot asked to move after the end says so."""

    def __init__(
        self,
        game: Game[StateT, MoveT, ViewT, Any, Any],
        policies: Policies[StateT, MoveT, ViewT] | None = None,
        iterations: int = 100,
        *,
        time_limit: float | None = None,
        horizon: int | None = 1000,
        confidence: float = 1.0,
    ) -> None:
        self.iterations = check_count("iterations", iterations, 1)
        self.time_limit = time_limit if time_limit is None else check_number("time_limit", time_limit)
        self.horizon = horizon if horizon is None else check_count("horizon", horizon, 0)
        self.confidence = check_number("confidence", confidence)
        self.game = game
        self.policies: Policies[StateT, MoveT, ViewT] = Policies() if policies is None else policies
        given = self.policies
        self._playout = given.playout or functools.partial(_random_move, game.legal_moves)
        self._candidates = given.candidates or _all_moves
        self._sampler = given.sampler or game.sample_state
        self._win = functools.partial(_won, game.result)

    def choose(self, seen: ViewT, rng: random.Random) -> MoveT:
        """The base candidate, unless sampled play-outs show another one clearly better.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        return self.decide(seen, moves_of(seen, self.ended), rng)

    def decide(self, seen: ViewT, moves: tuple[MoveT, ...], rng: random.Random) -> MoveT:
        """The decision among ``moves``, the legal moves of ``seen``: the one move, or
        the search among the candidates (:attr:`Policies.candidates`)."""
        if len(moves) == 1:
            return moves[0]
        chosen, base = self._candidates(seen, moves, rng)
        if len(chosen) == 1:
            return chosen[0]
        return self.search(seen, chosen, base, rng)

    def search(self, seen: ViewT, moves: tuple[MoveT, ...], base: int, rng: random.Random) -> MoveT:
        """The paired search among ``moves`` (two or more), ``moves[base]`` kept unless beaten."""
        game, policy, horizon = self.game, self.playout_for(seen), self.horizon
        reward, until = self.reward_for(seen), self.until_for(seen)
        deal = _Deal(self, seen, rng)

        def evaluate(state: StateT, generator: random.Random) -> float:
            last = roll_out(game, state, policy, generator, horizon, until)
            return 0.0 if last is None else reward(last, deal.seat)

        return paired_search(
            game,
            moves,
            base,
            deal,
            evaluate,
            rng,
            iterations=self.iterations,
            time_limit=self.time_limit,
            confidence=self.confidence,
            chance=self.policies.playout_draws,
        )

    def sample(self, seen: ViewT, rng: random.Random) -> StateT:
        """A full state consistent with ``seen`` (:attr:`Policies.sampler`)."""
        return self._sampler(seen, rng)

    def playout_for(self, seen: ViewT) -> Callable[[StateT, random.Random], MoveT]:
        """The play-out policy of the decision at ``seen`` (:attr:`Policies.playout`)."""
        return self._playout

    def reward_for(self, seen: ViewT) -> Callable[[StateT, int], float]:
        """The reward of the decision at ``seen`` (:attr:`Policies.reward`)."""
        reward = self.policies.reward
        return self._win if reward is None else reward(seen)

    def until_for(self, seen: ViewT) -> Callable[[StateT], bool] | None:
        """Where the play-outs of the decision at ``seen`` stop (:attr:`Policies.until`)."""
        return (self.policies.until or _to_the_end)(seen)


class ISMCTSBot(SearchBot[StateT, MoveT, ViewT]):
    """Information-set Monte Carlo tree search (single observer) for any game.

    Each iteration deals what the view hides, as :class:`SearchBot` does, and walks a
    tree whose nodes are the bot's own decisions, keyed by the moves made since the root
    (:class:`~eighthalf.players.search.TreeSearch`): below the root it weighs
    :attr:`Policies.tree_moves` by UCB, counting their availability in the deal; the
    other seats follow the play-out policy (with ``opponents="tree"`` they choose by UCB
    on their own rewards). A decision not yet in the tree is added, the game is played
    out from there and the rewards are backed up the path.

    At the root (``root="paired"``) every candidate still in the race is walked on every
    deal with the same play-out randomness, a candidate that shows no edge over the base
    move after ``prune_after`` deals leaves the race (``prune`` standard errors of benefit
    of the doubt), and the base move is kept unless another beat it by ``confidence``
    standard errors (:func:`~eighthalf.players.search.race`); ``root="ucb"`` makes the
    root a UCB node too and plays the most visited move
    (:func:`~eighthalf.players.search.ucb_root`).

    Args:
        game: The game played.
        policies: The game's policies (``None``: the protocol's defaults).
        iterations: Sampled deals per decision.
        time_limit: Optional budget in seconds per decision.
        horizon: The most moves of a walk, tree and play-out together (``None``: no limit).
        confidence: How many standard errors a move must beat the base move by.
        exploration: The UCB constant, in units of the reward.
        opponents: ``"greedy"`` (the other seats follow the play-out policy, a game's
            greedy player where it has one) or ``"tree"``.
        root: ``"paired"`` or ``"ucb"``.
        prune: How many standard errors of benefit of the doubt a candidate gets before
            it leaves the race; ``None`` never prunes.
        prune_after: How many deals every candidate gets before any leaves the race.

    Raises:
        InvalidStateError: If a setting is out of its range (as for :class:`SearchBot`;
            ``prune_after`` an integer of at least 1; ``opponents`` or ``root`` unknown;
            ``exploration`` or ``prune`` not a non-negative number); the message names it.
    """

    name = "ismcts"
    """The bot's name in tables and logs."""

    def __init__(
        self,
        game: Game[StateT, MoveT, ViewT, Any, Any],
        policies: Policies[StateT, MoveT, ViewT] | None = None,
        iterations: int = 100,
        *,
        time_limit: float | None = None,
        horizon: int | None = 1000,
        confidence: float = 1.0,
        exploration: float = 0.7,
        opponents: str = "greedy",
        root: str = "paired",
        prune: float | None = 1.0,
        prune_after: int = 10,
    ) -> None:
        SearchBot.__init__(
            self, game, policies, iterations, time_limit=time_limit, horizon=horizon, confidence=confidence
        )
        if root not in ("paired", "ucb"):
            raise InvalidStateError(f"root must be 'paired' or 'ucb', not {quote(root)}")
        if opponents not in ("greedy", "tree"):
            raise InvalidStateError(f"opponents must be 'greedy' or 'tree', not {quote(opponents)}")
        self.root = root
        self.opponents = opponents
        self.exploration = check_number("exploration", exploration)
        self.prune = prune if prune is None else check_number("prune", prune)
        self.prune_after = check_count("prune_after", prune_after, 1)

    def search(self, seen: ViewT, moves: tuple[MoveT, ...], base: int, rng: random.Random) -> MoveT:
        """The tree search among ``moves`` (two or more), ``moves[base]`` the base move."""
        tree, deal = self.tree(seen), _Deal(self, seen, rng)

        def walk(node: Node[MoveT], state: StateT, generator: random.Random) -> float:
            return self.walk(tree, node, state, deal.seat, generator)

        if self.root == "paired":
            return race(
                self.game,
                moves,
                base,
                deal,
                walk,
                rng,
                iterations=self.iterations,
                time_limit=self.time_limit,
                confidence=self.confidence,
                prune=self.prune,
                prune_after=self.prune_after,
            )
        return ucb_root(moves, base, deal, walk, rng, iterations=self.iterations, time_limit=self.time_limit)

    def tree(self, seen: ViewT) -> TreeSearch[StateT, MoveT]:
        """The tree search of the decision at ``seen``, with the bot's settings and policies."""
        policies = self.policies
        return TreeSearch(
            game=self.game,
            policy=self.playout_for(seen),
            candidates=policies.tree_moves or self.game.legal_moves,
            prefer=policies.prefer or _first,
            reward=self.reward_for(seen),
            random_moves=policies.random_moves,
            until=self.until_for(seen),
            horizon=self.horizon,
            exploration=self.exploration,
            opponents_in_tree=self.opponents == "tree",
        )

    def walk(
        self, tree: TreeSearch[StateT, MoveT], root: Node[MoveT], state: StateT, me: int, rng: random.Random
    ) -> float:
        """One walk of ``tree`` below ``root`` on the deal ``state``; the reward of seat ``me``."""
        return tree.walk(root, state, me, rng)


class _Deal(Generic[StateT]):
    """The deals of one decision (the bot's :meth:`SearchBot.sample`), which also learn
    the bot's seat: the seat to move in a deal that looks like its view."""

    __slots__ = ("bot", "rng", "seat", "seen")

    def __init__(self, bot: SearchBot[StateT, Any, Any], seen: Any, rng: random.Random) -> None:
        self.bot, self.seen, self.rng = bot, seen, rng
        self.seat = -1

    def __call__(self) -> StateT:
        state = self.bot.sample(self.seen, self.rng)
        seat = self.bot.game.to_move(state)
        if seat is None:
            raise InvalidStateError("a deal sampled from a view of a decision is over: the game's sampler is wrong")
        self.seat = seat
        return state


def _random_move(legal_moves: Callable[[StateT], tuple[MoveT, ...]], state: StateT, rng: random.Random) -> MoveT:
    """A uniformly random legal move of ``state``: the default play-out policy."""
    return rng.choice(legal_moves(state))


def _won(result: Callable[[StateT], Any], state: StateT, seat: int) -> float:
    """1 if ``seat`` is one of the winners of the finished ``state``, else 0: the default reward."""
    done = result(state)
    return 0.0 if done is None else float(seat in done.winners)


def standard_bots(
    game: Game[StateT, MoveT, ViewT, Any, Any], policies: Policies[StateT, MoveT, ViewT] | None = None
) -> dict[str, Callable[[], Any]]:
    """The bots every game gets, by name, for its registry entry's
    :attr:`~eighthalf.registry.GameEntry.bots`: ``"random"`` (:class:`RandomBot`),
    ``"search"`` (:class:`SearchBot`) and ``"ismcts"`` (:class:`ISMCTSBot`) of ``game``
    with ``policies`` and the default settings. Each value makes a new bot."""
    return {
        "random": RandomBot,
        "search": functools.partial(SearchBot, game, policies),
        "ismcts": functools.partial(ISMCTSBot, game, policies),
    }
