"""The determinized search of the bots, written once against the game protocol.

A search bot of any game (8½'s :class:`~eighthalf.bots.SearchBot` and
:class:`~eighthalf.bots.ISMCTSBot`, Eights' :class:`~eighthalf.games.eights.bots.SearchBot` and
:class:`~eighthalf.games.eights.bots.ISMCTSBot`) decides the same way: it deals the cards it
cannot see into a full state consistent with its view (the game's
:meth:`~eighthalf.core.game.Game.sample_state`, or a sampler that also reads the bot's
memory), plays on from there through the game's
:meth:`~eighthalf.core.game.Game.apply_unchecked`, and compares its candidate moves in
pairs on the same deals (:func:`~eighthalf.players.players.paired_choice`). What a game's
bots supply is only what differs between games:

* the *play-out policy*: the move a seat makes in a full state during play-outs (a fast
  heuristic player, such as the greedy bots);
* the *candidates*: which moves the searching seat weighs at a decision (all the legal
  moves in 8½, a pruned list in Eights, whose passes list every exchange);
* the *scoring*: what a play-out's last state is worth to a seat, and where a play-out
  stops (the end of the game, a move budget, or the end of a hand of Eights).

:func:`roll_out` plays out, :func:`paired_search` is the flat determinized search,
:class:`TreeSearch` walks the information-set tree of IS-MCTS (single observer), and
:func:`race` and :func:`ucb_root` decide at its root. The bots that run them for any
game, with those three as a game's :class:`~eighthalf.players.bots.Policies`, are in
:mod:`eighthalf.players.bots`.

>>> import random
>>> from eighthalf.games.eights.game import EIGHTS
>>> from eighthalf.games.eights.bots import greedy_move
>>> state = EIGHTS.start(3, seed=1)
>>> last = roll_out(EIGHTS, state, lambda state, rng: greedy_move(state), random.Random(0))
>>> EIGHTS.result(last)
Result(scores=(38, 44, 61), winners=(2,))
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.game import Game, MoveT, StateT
from eighthalf.players.players import _widest_margin, paired_choice, spread

__all__ = [
    "Node",
    "TreeSearch",
    "check_count",
    "check_number",
    "paired_scores",
    "paired_search",
    "race",
    "roll_out",
    "spread",
    "ucb_root",
]

ScoreT = TypeVar("ScoreT")


def check_count(name: str, value: object, least: int) -> int:
    """``value`` if it is an integer (not a bool) of at least ``least``: a bot's setting.

    >>> check_count("iterations", "x", 1)
    Traceback (most recent call last):
    ...
    eighthalf.errors.InvalidStateError: iterations must be an integer, not 'x'

    Raises:
        InvalidStateError: If it is not such an integer; the message names the setting.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidStateError(f"{name} must be an integer, not {quote(value)}")
    if value < least:
        raise InvalidStateError(f"{name} must be at least {least}, not {value}")
    return value


def check_number(name: str, value: object) -> float:
    """``value`` if it is a real number (an int or a float, not a bool) that is not negative.

    >>> check_number("confidence", -1.0)
    Traceback (most recent call last):
    ...
    eighthalf.errors.InvalidStateError: confidence must not be negative, not -1.0

    Raises:
        InvalidStateError: If it is not such a number; the message names the setting.
    """
    if not isinstance(value, (int, float)) or isinstance(value, bool) or math.isnan(value):
        raise InvalidStateError(f"{name} must be a number, not {quote(value)}")
    if value < 0:
        raise InvalidStateError(f"{name} must not be negative, not {value}")
    return value


def roll_out(
    game: Game[StateT, MoveT, Any, Any, Any],
    state: StateT,
    policy: Callable[[StateT, random.Random], MoveT],
    rng: random.Random,
    horizon: int | None = None,
    until: Callable[[StateT], bool] | None = None,
) -> StateT | None:
    """Play ``state`` on, every seat making ``policy``'s move, until the game is over or ``until`` holds.

    ``policy(state, rng)`` must return a legal move of ``state``; it is applied unchecked.
    Returns the last state, or ``None`` if ``horizon`` moves were made without reaching
    the end (the play-out is cut and scores nothing).
    """
    to_move, step = game.to_move, game.apply_unchecked
    moves = range(sys.maxsize if horizon is None else horizon)
    if until is None:  # the loop of every move of every search: kept tight
        for _ in moves:
            if to_move(state) is None:
                return state
            state = step(state, policy(state, rng))
        return state if to_move(state) is None else None
    for _ in moves:
        if to_move(state) is None or until(state):
            return state
        state = step(state, policy(state, rng))
    return state if to_move(state) is None or until(state) else None


def paired_search(
    game: Game[StateT, MoveT, Any, Any, Any],
    moves: Sequence[MoveT],
    base: int,
    deal: Callable[[], StateT],
    evaluate: Callable[[StateT, random.Random], float],
    rng: random.Random,
    *,
    iterations: int,
    time_limit: float | None,
    confidence: float,
    chance: bool = True,
) -> MoveT:
    """Determinized search: ``moves[base]`` unless another move beats it on paired deals.

    Each of up to ``iterations`` deals is ``deal()`` (a full state consistent with the
    bot's view, drawn from ``rng``); every move is applied to it and ``evaluate(state,
    generator)`` scores the state after it, usually by a :func:`roll_out`. With ``chance``
    (the play-outs draw from their generator) every move's play-out gets a new generator
    seeded alike (a 64-bit seed drawn from ``rng`` after the deal), so the moves are
    compared on the same luck; without, ``rng`` is passed and must not be drawn from.
    :func:`~eighthalf.players.players.paired_choice` decides.
    """
    scores_of = paired_scores(game, moves, deal, evaluate, rng, chance=chance)
    return paired_choice(moves, base, scores_of, iterations, time_limit, confidence)


def paired_scores(
    game: Game[StateT, MoveT, Any, Any, Any],
    moves: Sequence[MoveT],
    deal: Callable[[], StateT],
    evaluate: Callable[[StateT, random.Random], ScoreT],
    rng: random.Random,
    *,
    chance: bool = True,
) -> Callable[[], list[ScoreT]]:
    """The scores of one paired deal, a call at a time: what :func:`paired_search` compares,
    and what the analysis of :mod:`eighthalf.analysis` averages.

    Each call deals ``deal()``, applies every one of ``moves`` to it and returns
    ``evaluate(state, generator)`` of each state after, in order: with ``chance`` each
    move's generator is a new one seeded alike (a 64-bit seed drawn from ``rng`` after the
    deal), else ``rng`` itself, which must then not be drawn from.
    """
    apply = game.apply_unchecked

    def scores_of() -> list[ScoreT]:
        state = deal()
        if chance:
            seed = rng.getrandbits(64)
            return [evaluate(apply(state, move), random.Random(seed)) for move in moves]
        return [evaluate(apply(state, move), rng) for move in moves]

    return scores_of


class Node(Generic[MoveT]):
    """A node of the IS-MCTS tree: one of the searching seat's information sets.

    ``visits`` and ``total`` count the walks that went through the edge into the node and
    the rewards they brought the seat that chose it; ``available`` counts those in which
    its move was legal at its parent (the move sets differ between deals, so UCB divides
    by availability, not by the parent's visits).
    """

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        """Walks through the edge into this node."""
        self.total = 0.0
        """The sum of their rewards to the seat that chose the edge."""
        self.available = 0
        """Walks in which the edge's move was legal at the parent."""
        self.children: dict[MoveT, Node[MoveT]] = {}
        """The nodes below, by the move that leads there."""


@attrs.frozen(kw_only=True)
class TreeSearch(Generic[StateT, MoveT]):
    """One walk of information-set Monte Carlo tree search (single observer) at a time.

    A walk starts at a node on a full state (a deal consistent with the searching seat's
    view, after the root move when the root is a :func:`race`): at the searching seat's
    own decisions (and every seat's, with ``opponents_in_tree``) it picks among
    ``candidates(state)`` by UCB, counting availability; the other seats follow
    ``policy``. Once it reaches a decision not yet in the tree it adds it, plays out by
    :func:`roll_out` and backs the rewards up the path. Moves the ``random_moves``
    predicate names (moves nothing can be known about, such as 8½'s blind cards) are
    drawn uniformly.
    """

    game: Game[StateT, MoveT, Any, Any, Any]
    """The game searched."""
    policy: Callable[[StateT, random.Random], MoveT]
    """The play-out policy: the move a seat makes in a full state."""
    candidates: Callable[[StateT], tuple[MoveT, ...]]
    """The moves a seat weighs in the tree (non-empty)."""
    prefer: Callable[[StateT, tuple[MoveT, ...], random.Random], MoveT]
    """Which of the candidates is tried first at a new node (the heuristic's move)."""
    reward: Callable[[StateT, int], float]
    """What a play-out's last state is worth to a seat."""
    random_moves: Callable[[tuple[MoveT, ...]], bool] | None = None
    """Whether a seat draws among these candidates at random, outside the tree's choice."""
    until: Callable[[StateT], bool] | None = None
    """Where play-outs stop before the end of the game, if anywhere."""
    horizon: int | None = None
    """The most moves of a walk, tree and play-out together; a walk cut there scores 0."""
    exploration: float = 0.7
    """The UCB constant."""
    opponents_in_tree: bool = False
    """Whether the other seats choose by UCB on their own rewards too (plain IS-MCTS)."""

    def walk(self, root: Node[MoveT], state: StateT, me: int, rng: random.Random) -> float:
        """One walk below ``root`` on ``state``: select, expand, play out, back up.

        Returns the reward of seat ``me`` (0 if the walk was cut by the horizon).
        """
        game = self.game
        to_move, step, until = game.to_move, game.apply_unchecked, self.until
        node = root
        path: list[tuple[Node[MoveT], int]] = []  # the nodes entered, with the seat that chose them
        left = sys.maxsize if self.horizon is None else self.horizon
        expanded = False
        while left > 0 and not expanded:
            mover = to_move(state)
            if mover is None or (until is not None and until(state)):
                break
            counted = False  # whether select already counted the availability of the moves here
            if mover == me or self.opponents_in_tree:
                moves = self.candidates(state)
                if len(moves) == 1:
                    move = moves[0]
                elif self.random_moves is not None and self.random_moves(moves):
                    move = rng.choice(moves)
                else:
                    move, expanded = self.select(node, moves, state, rng)
                    counted = True
            else:
                move = self.policy(state, rng)
            child = node.children.get(move)
            if child is None:
                child = node.children[move] = Node()
                child.available = 1
            elif not counted:
                child.available += 1
            path.append((child, mover))
            node = child
            state = step(state, move)
            left -= 1
        last = roll_out(game, state, self.policy, rng, left, until)
        for child, mover in path:
            child.visits += 1
            if last is not None:
                child.total += self.reward(last, mover)
        return 0.0 if last is None else self.reward(last, me)

    def select(
        self, node: Node[MoveT], moves: tuple[MoveT, ...], state: StateT, rng: random.Random
    ) -> tuple[MoveT, bool]:
        """UCB over ``moves`` at ``node``, and whether the move is new there (the preferred
        move first when several are new, else one of them at random)."""
        children = node.children
        for move in moves:
            child = children.get(move)
            if child is not None:
                child.available += 1
        fresh = [move for move in moves if move not in children]
        if fresh:
            preferred = self.prefer(state, moves, rng)
            return (preferred if preferred in fresh else rng.choice(fresh)), True
        scale = self.exploration
        best, best_value = moves[0], -math.inf
        for move in moves:
            child = children[move]
            value = child.total / child.visits + scale * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = move, value
        return best, False


def race(
    game: Game[StateT, MoveT, Any, Any, Any],
    moves: Sequence[MoveT],
    base: int,
    deal: Callable[[], StateT],
    walk: Callable[[Node[MoveT], StateT, random.Random], float],
    rng: random.Random,
    *,
    iterations: int,
    time_limit: float | None,
    confidence: float,
    prune: float | None,
    prune_after: int,
) -> MoveT:
    """The paired root of IS-MCTS: ``moves[base]`` unless another move beats it by ``confidence`` standard errors.

    Every move still in the race is walked (``walk(node, state, generator)``, with a tree
    below each move) on every deal ``deal()`` with the same play-out randomness (a
    generator seeded alike for each, the 64-bit seed drawn from ``rng`` after the deal).
    After ``prune_after`` deals, a move whose mean paired difference from the base move
    plus ``prune`` standard errors is not above zero leaves the race (``None``: never);
    the search stops once only the base move is left, after ``iterations`` deals, or once
    ``time_limit`` seconds have passed.
    """
    apply = game.apply_unchecked
    count = len(moves)
    children: list[Node[MoveT]] = [Node() for _ in moves]
    racing = list(range(count))
    sums = [0.0] * count
    squares = [0.0] * count
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    done = 0
    while done < iterations and len(racing) > 1:
        sample = deal()
        seed = rng.getrandbits(64)
        scores = {index: walk(children[index], apply(sample, moves[index]), random.Random(seed)) for index in racing}
        for index in racing:
            difference = scores[index] - scores[base]
            sums[index] += difference
            squares[index] += difference * difference
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
        if prune is not None and done >= prune_after:
            racing = [
                index for index in racing if index == base or _still_racing(sums[index], squares[index], done, prune)
            ]
    return moves[_widest_margin(racing, base, sums, squares, done, confidence) if done else base]


def _still_racing(total: float, squares: float, done: int, prune: float) -> bool:
    """Whether a move's paired differences leave it a chance to beat the base move: their
    mean plus ``prune`` standard errors is above zero."""
    deviation = spread(total, squares, done)
    return total / done + (prune * deviation if deviation else 0.0) > 0


def ucb_root(
    moves: Sequence[MoveT],
    base: int,
    deal: Callable[[], StateT],
    walk: Callable[[Node[MoveT], StateT, random.Random], float],
    rng: random.Random,
    *,
    iterations: int,
    time_limit: float | None,
) -> MoveT:
    """The plain root of IS-MCTS: walk ``iterations`` deals from one root node (``rng``
    drives the walks) and return the most visited move; ties go to ``moves[base]``, then
    to the better mean."""
    root: Node[MoveT] = Node()
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    for _ in range(iterations):
        walk(root, deal(), rng)
        if deadline is not None and time.perf_counter() > deadline:
            break
    preferred = moves[base]
    children = root.children
    return max(
        moves,
        key=lambda move: (
            children[move].visits if move in children else -1,
            move is preferred,
            children[move].total / max(children[move].visits, 1) if move in children else 0.0,
        ),
    )
