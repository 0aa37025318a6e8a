"""A Gymnasium environment: one seat of 8½ against built-in bots (optional extra ``rl``).

:class:`SeatEnv` is a single-agent :class:`gymnasium.Env`. One episode is one round;
the agent plays seat ``seat`` and bots chosen by the user play the others (they move
between the agent's steps). Observations are the agent's view as
:func:`~eighthalf.envs.encoding.encode_view`'s vector; actions are the 89 of
:data:`~eighthalf.envs.encoding.ACTIONS`, and ``info["action_mask"]`` marks the legal
ones. The reward is the agent's points when the round ends (E6), 0 before; a round won
*terminates*, a round stopped by the move limit (E7) is *truncated*.

>>> from eighthalf.envs import SeatEnv
>>> table = SeatEnv(players=4, opponents=("greedy",))
>>> observation, info = table.reset(seed=3)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = table.step(action)
...     done = terminated or truncated
>>> reward in (0.0, 1.0, 2.0, 3.0)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from numbers import Real
from typing import Any, SupportsFloat

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ModuleNotFoundError as missing:  # the 'rl' extra is not installed
    from . import extra_missing

    raise extra_missing(missing, "rl", "eighthalf.envs.gym") from None

from ..bots import BOTS, Bot, make_bot, tell
from ..common.demo import bot_move
from ..deal import new_game
from ..engine import apply_unchecked
from ..errors import IllegalMoveError, InvalidStateError, quote
from ..events import apply_with_events, describe
from ..game import ROUND
from ..options import Rules
from ..state import GameState
from ..views import view
from .encoding import (
    NUM_ACTIONS,
    action_mask,
    action_to_move,
    encode_view,
    observation_high,
    observation_size,
    table_rules,
)
from .pettingzoo import DEFAULT_MOVE_LIMIT
from .text import table_text

__all__ = ["ENV_ID", "SeatEnv"]

ENV_ID = "eighthalf/Seat-v0"
"""The id under which :class:`SeatEnv` is registered with Gymnasium: ``gymnasium.make(ENV_ID, players=4)``."""

Observation = npt.NDArray[np.float32]


def _is_real(value: object) -> bool:
    """Whether ``value`` is a real number (a bool is not one here)."""
    return isinstance(value, Real) and not isinstance(value, bool)


def _check_opponents(opponents: object) -> None:
    """``opponents`` must be a non-empty sequence (not text) of known bot names and functions.

    Raises:
        InvalidStateError: If it is not; the message says what is wrong, briefly.
    """
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
        raise InvalidStateError(
            f"opponents must be a sequence of bot names or functions that make a bot, not {quote(opponents)}"
        )
    if not opponents:
        raise InvalidStateError("give at least one opponent bot")
    for kind in opponents:
        if isinstance(kind, str):
            if kind not in BOTS:
                raise InvalidStateError(f"unknown bot {quote(kind)}; choose from {', '.join(sorted(BOTS))}")
        elif not callable(kind):
            raise InvalidStateError(f"an opponent is a bot name or a function that makes a bot, not {quote(kind)}")


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a round of 8½ against bots, as a Gymnasium environment.

    An action outside the mask is the agent's mistake. By default (``illegal="end"``,
    the convention of PettingZoo's ``TerminateIllegalWrapper``) it ends the episode at
    once with reward ``illegal_reward`` and ``info["illegal"]`` saying why, and the
    round is left as it was; with ``illegal="raise"`` it raises
    :class:`~eighthalf.IllegalMoveError`. An action outside the action space always
    raises, and so does a step after the episode ended
    (:class:`~eighthalf.InvalidStateError`).

    Args:
        players: Seats at the table (2–5, S2).
        seat: The agent's seat.
        opponents: Bots for the other seats, in seat order, repeated to fill the table:
            names from :data:`eighthalf.bots.BOTS` or functions that make a bot. Fresh
            bots are made for every episode.
        move_limit: The move limit of E7, or ``None`` for none.
        illegal: ``"end"`` or ``"raise"``, for an action outside the mask.
        illegal_reward: The reward of an illegal action under ``illegal="end"``.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        rules: The table's :class:`~eighthalf.Rules` (its options and move limit), instead
            of the default rules with ``move_limit`` (see
            :func:`~eighthalf.envs.encoding.table_rules`).

    Every setting is checked here, and a wrong one is an
    :class:`~eighthalf.InvalidStateError` (a :class:`ValueError`) with a short message:

    >>> SeatEnv(opponents=5)
    Traceback (most recent call last):
    ...
    eighthalf.errors.InvalidStateError: opponents must be a sequence of bot names or functions that make a bot, not 5

    Raises:
        InvalidStateError: If ``players`` or ``move_limit`` is out of range, ``rules``
            is not a :class:`~eighthalf.Rules` or turns on ``open_runs`` (T3), ``seat``
            is not a seat of the table, ``opponents`` is not a non-empty sequence of
            bot names and functions, a bot name is unknown, ``illegal`` or
            ``render_mode`` is not one of the above, ``illegal_reward`` is not a real
            number, or ``move_limit`` disagrees with ``rules``.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012  (Gymnasium declares it so)

    def __init__(
        self,
        players: int = 4,
        *,
        seat: int = 0,
        opponents: Sequence[str | Callable[[], Bot]] = ("greedy",),
        move_limit: int | None = DEFAULT_MOVE_LIMIT,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        rules: Rules | None = None,
    ) -> None:
        self.rules = table_rules(rules, move_limit, DEFAULT_MOVE_LIMIT)
        new_game(players, seed=0, rules=self.rules)  # checks the table (S2)
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidStateError(f"seat must be an int from 0 to {players - 1}, not {quote(seat)}")
        _check_opponents(opponents)
        if type(illegal) is not str or illegal not in ("end", "raise"):
            raise InvalidStateError(f"illegal must be 'end' or 'raise', not {quote(illegal)}")
        if not _is_real(illegal_reward):
            raise InvalidStateError(f"illegal_reward must be a real number, not {quote(illegal_reward)}")
        if render_mode is not None and (
            type(render_mode) is not str or render_mode not in self.metadata["render_modes"]
        ):
            raise InvalidStateError(f"render_mode must be None, 'ansi' or 'human', not {quote(render_mode)}")
        self.players = players
        self.seat = seat
        self.opponents = tuple(opponents)
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            low=np.zeros(observation_size(players), dtype=np.float32), high=observation_high(players), dtype=np.float32
        )
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.state: GameState | None = None
        self._bots: dict[int, Bot] = {}
        self._rng = random.Random(0)
        self._done = True

    def _make_bots(self) -> dict[int, Bot]:
        others = [seat for seat in range(self.players) if seat != self.seat]
        bots: dict[int, Bot] = {}
        for index, seat in enumerate(others):
            kind = self.opponents[index % len(self.opponents)]
            bot = make_bot(kind) if isinstance(kind, str) else kind()
            if not callable(getattr(bot, "choose", None)):
                raise InvalidStateError(
                    f"opponent {quote(kind)} made {quote(bot)}, which has no choose(view, rng) method"
                )
            bots[seat] = bot
        return bots

    def _info(self, state: GameState) -> dict[str, Any]:
        seen = view(state, self.seat)
        return {"action_mask": action_mask(seen), "legal_moves": [str(move) for move in seen.legal_moves()]}

    def _bots_play(self, state: GameState) -> GameState:
        """Let the bots move until it is the agent's turn or the round is over."""
        while state.outcome is None and state.to_move != self.seat:
            mover = state.to_move
            move = bot_move(ROUND, self._bots[mover], state, mover, self._rng)  # checked, with the bot named
            after = apply_unchecked(state, move)
            tell(self._bots, describe(state, move, after), after)
            state = after
        return state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new round (from ``seed`` if given) and let the bots play up to the agent's turn.

        Raises:
            InvalidStateError: If a function of ``opponents`` makes something that is not a
                bot (it has no ``choose`` method).
            EighthalfError: If a bot fails as it chooses (a bot of another game, say); the
                message names the seat and the bot.
        """
        super().reset(seed=seed)
        deal_seed, bot_seed = (int(value) for value in self.np_random.integers(0, 2**63, size=2))
        self._bots = self._make_bots()
        self._rng = random.Random(bot_seed)
        self.state = self._bots_play(new_game(self.players, seed=deal_seed, rules=self.rules))
        self._done = self.state.outcome is not None
        return encode_view(view(self.state, self.seat)), self._info(self.state)

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then let the bots play up to its next turn.

        Raises:
            IllegalMoveError: If ``action`` is not in the action space, or is outside the
                mask with ``illegal="raise"``.
            InvalidStateError: If the episode is over (or was never started): call reset().
            EighthalfError: If a bot fails as it chooses (see :meth:`reset`).
        """
        state = self.state
        if state is None or self._done:
            raise InvalidStateError("the episode is over: call reset() before step()")
        move = action_to_move(action)
        try:
            state, events = apply_with_events(state, move)
        except IllegalMoveError as error:
            if self.illegal == "raise":
                raise
            self._done = True
            info = self._info(state)
            info["illegal"] = str(error)
            return encode_view(view(state, self.seat)), float(self.illegal_reward), True, False, info
        tell(self._bots, events, state)
        self.state = state = self._bots_play(state)
        outcome = state.outcome
        reward = 0.0
        terminated = truncated = False
        if outcome is not None:
            self._done = True
            reward = float(outcome.points[self.seat])
            terminated, truncated = outcome.winner is not None, outcome.winner is None
        if self.render_mode == "human":
            self.render()
        return encode_view(view(state, self.seat)), reward, terminated, truncated, self._info(state)

    def render(self) -> str | None:
        """The table as the agent sees it (:func:`eighthalf.text.table_text`): returned with
        ``"ansi"``, printed with ``"human"``. Without a render mode it draws nothing, warns
        and returns ``None``, as Gymnasium's own environments do; so it does before :meth:`reset`."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.state is None:
            return None
        text = table_text(view(self.state, self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="eighthalf.envs.gym:SeatEnv")
