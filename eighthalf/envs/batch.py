"""Many tables stepped at once, for RL throughput: :class:`GameBatch` (numpy only).

A batch plays ``tables`` games of one game side by side, in *self-play*: every step takes
one action per table, for the seat to move there, and gives back every table's next
observation and action mask as rows of two arrays. It is written once against the game
protocol and an :class:`~eighthalf.envs.base.Encoding`, and takes any registered game with
an encoding by its name or key (``GameBatch(8, game="shedding")``);
:class:`RoundBatch` (8½, one round an episode) and :class:`EightsBatch` (Eights, one game
an episode) are it for the two games of eighthalf, found in the registry like any other.

**Why self-play and not a Gymnasium vector environment.** A
:class:`gymnasium.vector.VectorEnv` steps one agent per environment with one reward each,
so over :class:`~eighthalf.envs.gym.SeatEnv` it would run the other seats' bots inside
every step, and they cost many times what the environment costs. A batch of self-play
tables serves both games the same way (2 to 6 seats), keeps bots out of the loop (the
learner plays every seat, or chooses whom it trains), gives every seat's reward when a
game ends, and needs numpy only. Its observations and masks are exactly those of the
PettingZoo environment (:mod:`eighthalf.envs.pettingzoo`) for the seat to move.

**Seeds.** ``reset(seed=s)`` seeds table ``i`` as ``raw_env.reset(seed=s + i)`` would:
table ``i`` then plays the same deals as a PettingZoo environment reset with ``s + i``
and afterwards with ``reset()`` (no seed) at each new episode, so the same seeds and the
same actions give the same games. Without a seed the tables draw their seeds from the
system's randomness.

**Auto-reset.** When the game of a table ends on a step, that step's
:attr:`BatchStep.rewards` row holds every seat's reward, :attr:`BatchStep.terminated` (a
winner) or :attr:`BatchStep.truncated` (a move limit, no winner) is set for the table, and
the table has already dealt its next game: its rows of observations, masks and
:attr:`BatchStep.to_move` are those of the new game's first position (the *same-step*
auto-reset; the final position of the game that ended is not returned, since nobody moves
there). Tables never wait for each other.

**Ownership.** With ``copy=True`` (the default) every array returned is the caller's. With
``copy=False`` the observations and masks are the batch's own buffers, written in place by
the next :meth:`GameBatch.step` or :meth:`GameBatch.reset` (faster, for a loop that uses
them before stepping again).

>>> from eighthalf.envs.batch import RoundBatch
>>> import numpy as np
>>> batch = RoundBatch(tables=3, players=4)
>>> first = batch.reset(seed=7)
>>> first.observations.shape, first.masks.shape, first.to_move.tolist()
((3, 201), (3, 89), [3, 1, 2])
>>> actions = np.array([int(np.flatnonzero(row)[0]) for row in first.masks])
>>> after = batch.step(actions)
>>> after.rewards.shape, bool(after.terminated.any())
((3, 4), False)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, NamedTuple, cast

import numpy as np
import numpy.typing as npt

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.envs.base import DEFAULT, Default, Encoding, check_seed, encoding_for, game_of, move_limit_of

__all__ = ["BatchStep", "EightsBatch", "GameBatch", "RoundBatch"]

MAX_TABLES = 1 << 16
"""The most tables of one batch."""


class BatchStep(NamedTuple):
    """What :meth:`GameBatch.reset` and :meth:`GameBatch.step` give back, one row per table."""

    observations: npt.NDArray[np.float32]
    """``(tables, observation size)``: the encoding's vector for the seat to move at each table."""
    masks: npt.NDArray[np.int8]
    """``(tables, actions)``: 1 for each legal action of the seat to move."""
    to_move: npt.NDArray[np.int64]
    """``(tables,)``: the seat to move at each table."""
    rewards: npt.NDArray[np.float32]
    """``(tables, players)``: every seat's reward at a table whose game ended on this step, else 0."""
    terminated: npt.NDArray[np.bool_]
    """``(tables,)``: the table's game ended on this step with a winner (its next game is dealt)."""
    truncated: npt.NDArray[np.bool_]
    """``(tables,)``: the table's game was stopped on this step by a move limit, with no winner."""


class GameBatch:
    """``tables`` self-play games of one game stepped at once (see the module's description).

    A game's own batch is a subclass that sets :attr:`default_game` (:class:`RoundBatch`,
    :class:`EightsBatch`).

    Args:
        tables: How many tables (1 to 65,536).
        players: Seats at each table (by default the encoding's ``default_players``).
        game: The game's encoding, or the name or key of a registered game with one
            (:func:`~eighthalf.envs.base.encoding_for`); by default :attr:`default_game`.
        move_limit: The move limit, or ``None`` (as the game's PettingZoo environment takes
            it; by default the encoding's ``default_move_limit``).
        rules: The tables' rules, instead of the default rules with ``move_limit``.
        copy: Whether the arrays returned are copies (see the module's description).

    Raises:
        InvalidStateError: If ``tables`` is not an int from 1 to 65,536, ``players`` is not
            allowed, the encoding refuses the rules or the move limit, or ``copy`` is not a bool.
        EighthalfError: If ``game`` names no registered game, or one without an encoding.
    """

    default_game: ClassVar[str | None] = None
    """The key of the game played when ``game`` is not given (``None``: it must be given)."""

    def __init__(
        self,
        tables: int = 64,
        players: int | Default = DEFAULT,
        *,
        game: str | Encoding[Any, Any, Any, Any] | None = None,
        move_limit: int | Default | None = DEFAULT,
        rules: Any = None,
        copy: bool = True,
    ) -> None:
        if type(tables) is not int or not 1 <= tables <= MAX_TABLES:
            raise InvalidStateError(f"tables must be an int from 1 to {MAX_TABLES:,}, not {quote(tables)}")
        if type(copy) is not bool:
            raise InvalidStateError(f"copy must be a bool, not {quote(copy)}")
        self.encoding = encoding = encoding_for(game_of(game, self.default_game))
        self.game = encoding.game
        if players is DEFAULT:
            players = encoding.default_players
        self.rules, self.move_limit = encoding.table(rules, move_limit_of(encoding, move_limit))
        self.game.start(players, seed=0, rules=self.rules)  # checks the table before anything is built
        self.tables = tables
        self.players = players
        self.copy = copy
        self.num_actions = encoding.num_actions
        self.observation_size = encoding.observation_size(players)
        self._observations = np.zeros((tables, self.observation_size), dtype=np.float32)
        self._masks = np.zeros((tables, self.num_actions), dtype=np.int8)
        self._to_move = np.zeros(tables, dtype=np.int64)
        self._seeds = [random.Random() for _ in range(tables)]
        self._states: list[Any] = [None] * tables
        self._moves = [0] * tables

    @property
    def states(self) -> tuple[Any, ...]:
        """The game state of each table (``None`` before :meth:`reset`)."""
        return tuple(self._states)

    def _deal(self, table: int) -> None:
        """Deal table ``table``'s next game (:meth:`_observe` writes its rows)."""
        self._states[table] = self.game.start(self.players, seed=self._seeds[table].getrandbits(64), rules=self.rules)
        self._moves[table] = 0

    def _observe(self) -> None:
        """Write every table's rows: its seat to move's observation and mask."""
        states = self._states
        moving = list(map(self.game.to_move, states))
        assert None not in moving  # a game that goes on has a seat to move
        seats = cast(list[int], moving)
        self._to_move[:] = seats
        self.encoding.encode_states_into(states, seats, self._observations)
        self.encoding.mask_states_into(states, seats, self._masks)

    def _step(self, rewards: Any, terminated: Any, truncated: Any) -> BatchStep:
        if self.copy:
            return BatchStep(
                self._observations.copy(), self._masks.copy(), self._to_move.copy(), rewards, terminated, truncated
            )
        return BatchStep(self._observations, self._masks, self._to_move.copy(), rewards, terminated, truncated)

    def reset(self, seed: int | None = None) -> BatchStep:
        """Deal a new game at every table: table ``i`` from ``seed + i`` if a seed is given.

        Raises:
            InvalidStateError: If ``seed`` is neither ``None`` nor an int (a numpy integer is
                taken as the int it holds).
        """
        seed = check_seed(seed)
        for table, seeds in enumerate(self._seeds):
            if seed is not None:
                seeds.seed(seed + table)
            self._deal(table)
        self._observe()
        return self._step(
            np.zeros((self.tables, self.players), dtype=np.float32),
            np.zeros(self.tables, dtype=bool),
            np.zeros(self.tables, dtype=bool),
        )

    def _checked(self, actions: object) -> npt.NDArray[np.int64]:
        """``actions`` as one legal action per table.

        Raises:
            InvalidStateError: If there is no game yet, or ``actions`` is not a vector of
                ``tables`` integers.
            IllegalMoveError: If an action is outside the action space or the table's mask.
        """
        if self._states[0] is None:
            raise InvalidStateError("the batch has no games yet: call reset() first")
        array = np.asarray(actions)
        if array.shape != (self.tables,) or array.dtype.kind not in "iu":
            raise InvalidStateError(
                f"actions must be a vector of {self.tables} integers (one per table), not an array of shape "
                f"{array.shape} and dtype {array.dtype}"
            )
        array = array.astype(np.int64)
        outside = (array < 0) | (array >= self.num_actions)
        if outside.any():
            table = int(np.flatnonzero(outside)[0])
            self._move(table, int(array[table]))  # raises, naming the action
        illegal = self._masks[np.arange(self.tables), array] == 0
        if illegal.any():
            table = int(np.flatnonzero(illegal)[0])
            move = self._move(table, int(array[table]))  # raises if it has no move
            self.game.apply(self._states[table], move)  # raises the engine's error, naming the move and the rule
            raise AssertionError(f"table {table}: the mask leaves out the legal move {self.game.move_text(move)}")
        return array

    def _move(self, table: int, action: int) -> Any:
        """The move of ``action`` at ``table``.

        Raises:
            IllegalMoveError: If it stands for no move there.
        """
        return self.encoding.state_action_to_move(action, self._states[table], int(self._to_move[table]))

    def step(self, actions: object) -> BatchStep:
        """Play one action at every table (for its seat to move), then deal a new game at
        each table whose game ended (see the module's description).

        Raises:
            InvalidStateError: If there is no game yet (call :meth:`reset`), or ``actions``
                is not a vector of ``tables`` integers.
            IllegalMoveError: If an action is outside the action space or outside its
                table's mask (the message names the move and the rule); nothing changes.
        """
        chosen = self._checked(actions).tolist()
        game, encoding = self.game, self.encoding
        rewards = np.zeros((self.tables, self.players), dtype=np.float32)
        terminated = np.zeros(self.tables, dtype=bool)
        truncated = np.zeros(self.tables, dtype=bool)
        limit = self.move_limit
        states, seats = self._states, self._to_move.tolist()
        for table, action in enumerate(chosen):
            state = states[table]
            state = game.apply_unchecked(state, encoding.state_action_to_move(action, state, seats[table]))
            self._moves[table] += 1
            result = game.result(state)
            if result is not None:
                rewards[table] = encoding.rewards(result)
                terminated[table] = bool(result.winners)
                truncated[table] = not result.winners
                self._deal(table)
            elif limit is not None and self._moves[table] >= limit:
                truncated[table] = True
                self._deal(table)
            else:
                states[table] = state
        self._observe()
        return self._step(rewards, terminated, truncated)


class RoundBatch(GameBatch):
    """Self-play rounds of 8½ at ``tables`` tables (see the module's description): the
    :class:`GameBatch` of the registered game ``eighthalf``.

    Args:
        tables: How many tables (1 to 65,536; by default 64).
        players: Seats at each table (2–5, S2; by default 4).
        game: Another registered game to play instead (see :class:`GameBatch`).
        move_limit: The move limit of E7, or ``None`` for none (by default 8½'s encoding's).
        rules: The tables' :class:`~eighthalf.Rules`, instead of the default rules with ``move_limit``.
        copy: Whether the arrays returned are copies.

    Raises:
        InvalidStateError: As :class:`GameBatch` does; ``rules`` turning on ``open_runs`` (T3) is refused.
    """

    default_game = "eighthalf"


class EightsBatch(GameBatch):
    """Self-play games of Eights at ``tables`` tables (see the module's description): the
    :class:`GameBatch` of the registered game ``eights``.

    Args:
        tables: How many tables (1 to 65,536; by default 64).
        players: Seats at each table (2–6, WS2; by default 4).
        game: Another registered game to play instead (see :class:`GameBatch`).
        move_limit: The most moves of a game (it then ends with no winner), or ``None`` (by
            default Eights' encoding's).
        rules: The tables' :class:`~eighthalf.eights.Rules` (WR1, WR2), instead of the rule book's.
        copy: Whether the arrays returned are copies.

    Raises:
        InvalidStateError: As :class:`GameBatch` does.
    """

    default_game = "eights"
