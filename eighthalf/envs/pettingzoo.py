"""8½ as a PettingZoo AEC environment (optional extra ``rl``).

One episode is one round. The agents are ``player_0`` … ``player_{n-1}`` by seat, and the
agent to act is the seat to move. It follows PettingZoo's classic card games:

- ``observation_space(agent)`` is a :class:`gymnasium.spaces.Dict` with ``"observation"``
  (the agent's view as :func:`~eighthalf.envs.encoding.encode_view`'s vector) and
  ``"action_mask"`` (1 for each legal action of :data:`~eighthalf.envs.encoding.ACTIONS`,
  all 0 when it is not the agent's turn); ``action_space(agent)`` is ``Discrete(89)``.
- The rewards are the round's points (E6), given to every agent when the round ends
  (0 before). A round won ends in ``terminations``; a round stopped by the move limit
  (E7, nobody scores) in ``truncations``.
- ``reset(seed=...)`` seeds the deal; the same seed gives the same round.
- ``render()`` returns (``"ansi"``) or prints (``"human"``) a text picture of the table as
  a spectator sees it; without a render mode it returns ``None``.

An action outside the mask raises :class:`~eighthalf.IllegalMoveError` (a
``ValueError``) naming the move and the rule, and changes nothing; a step after the
round is over raises :class:`~eighthalf.InvalidStateError`.

>>> from eighthalf.envs import env
>>> table = env(players=3)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     observation, reward, termination, truncation, info = table.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = int(observation["action_mask"].nonzero()[0][0])
...     table.step(action)
>>> table.close()
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as missing:  # the 'rl' extra is not installed
    from . import extra_missing

    raise extra_missing(missing, "rl", "eighthalf.envs.pettingzoo") from None

from ..deal import new_game
from ..engine import apply
from ..errors import InvalidStateError, quote
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
from .text import table_text

__all__ = ["DEFAULT_MOVE_LIMIT", "env", "raw_env"]

DEFAULT_MOVE_LIMIT = 1000
"""The environments' default move limit (E7): random play can go round in circles."""

Observation = dict[str, npt.NDArray[Any]]


def env(
    players: int = 4,
    *,
    render_mode: str | None = None,
    move_limit: int | None = DEFAULT_MOVE_LIMIT,
    rules: Rules | None = None,
) -> Any:
    """The AEC environment wrapped as PettingZoo's own games are (order and bounds checks).

    Args:
        players: Seats at the table (2–5, S2).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        move_limit: The move limit of E7, or ``None`` for none.
        rules: The table's :class:`~eighthalf.Rules` (its options and move limit), instead
            of the default rules with ``move_limit`` (see
            :func:`~eighthalf.envs.encoding.table_rules`).

    Raises:
        InvalidStateError: If ``players`` or ``move_limit`` is out of range, ``rules``
            is not a :class:`~eighthalf.Rules` or turns on ``open_runs`` (T3),
            ``render_mode`` is not one of the above, or ``move_limit`` disagrees with
            ``rules``.
    """
    wrapped: Any = raw_env(players, render_mode=render_mode, move_limit=move_limit, rules=rules)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]
    """The unwrapped AEC environment of one round of 8½ (see the module's description).

    Args:
        players: Seats at the table (2–5, S2).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        move_limit: The move limit of E7, or ``None`` for none.
        rules: The table's :class:`~eighthalf.Rules` (its options and move limit), instead
            of the default rules with ``move_limit`` (see
            :func:`~eighthalf.envs.encoding.table_rules`).

    Raises:
        InvalidStateError: If ``players`` or ``move_limit`` is out of range, ``rules``
            is not a :class:`~eighthalf.Rules` or turns on ``open_runs`` (T3),
            ``render_mode`` is not one of the above, or ``move_limit`` disagrees with
            ``rules``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "eighthalf_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 4,
        *,
        render_mode: str | None = None,
        move_limit: int | None = DEFAULT_MOVE_LIMIT,
        rules: Rules | None = None,
    ) -> None:
        super().__init__()
        self.rules = table_rules(rules, move_limit, DEFAULT_MOVE_LIMIT)
        new_game(players, seed=0, rules=self.rules)  # checks the table (S2) before anything is built
        if render_mode is not None and (
            type(render_mode) is not str or render_mode not in self.metadata["render_modes"]
        ):
            raise InvalidStateError(f"render_mode must be None, 'human' or 'ansi', not {quote(render_mode)}")
        self.render_mode = render_mode
        self.players = players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        size = observation_size(players)
        high = observation_high(players)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=np.zeros(size, dtype=np.float32), high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state_: GameState | None = None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def _seat(self, agent: object) -> int:
        """The seat of ``agent``, one of ``possible_agents``.

        Raises:
            InvalidStateError: If ``agent`` is not one of them; the message quotes it briefly.
        """
        if type(agent) is str:
            seat = self._seats.get(agent)
            if seat is not None:
                return seat
        raise InvalidStateError(self._no_agent(agent))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent).

        Raises:
            KeyError: If ``agent`` is not one of ``possible_agents`` (as in
                PettingZoo's own environments, which look the space up by agent).
        """
        try:
            return self.observation_spaces[agent]
        except (KeyError, TypeError):
            raise KeyError(self._no_agent(agent)) from None

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(89)``: the actions of :data:`~eighthalf.envs.encoding.ACTIONS`.

        Raises:
            KeyError: If ``agent`` is not one of ``possible_agents`` (see
                :meth:`observation_space`).
        """
        try:
            return self.action_spaces[agent]
        except (KeyError, TypeError):
            raise KeyError(self._no_agent(agent)) from None

    def _no_agent(self, agent: object) -> str:
        """What to say of ``agent``, which is not one of ``possible_agents``."""
        return (
            f"no agent {quote(agent)} at this table of {self.players}: the agents are "
            f"{self.possible_agents[0]} to {self.possible_agents[-1]}"
        )

    def _round(self) -> GameState:
        if self.state_ is None:
            raise InvalidStateError("the environment has no round yet: call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round: from ``seed`` if given, else from the environment's own generator.

        Raises:
            InvalidStateError: If ``seed`` is neither ``None`` nor an int (a numpy integer
                is taken as the int it holds).
        """
        if isinstance(seed, np.integer):
            seed = int(seed)
        if seed is not None and type(seed) is not int:
            raise InvalidStateError(f"seed must be None or an int, not {quote(seed)}")
        if seed is not None:
            self._seeds.seed(seed)
        self.state_ = new_game(self.players, seed=self._seeds.getrandbits(64), rules=self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_.to_move]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its observation vector and its action mask.

        Raises:
            InvalidStateError: If ``agent`` is not one of ``possible_agents``, or there
                is no round yet.
        """
        seat = self._seat(agent)
        seen = view(self._round(), seat)
        return {"observation": encode_view(seen), "action_mask": action_mask(seen)}

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act (``None`` for an agent whose round is over).

        Raises:
            IllegalMoveError: If the action is not legal now (outside the action mask),
                naming the move and the rule; nothing changes.
            InvalidStateError: If there is no round or every agent is done.
        """
        state = self._round()
        if not self.agents:
            raise InvalidStateError("the round is over and every agent is done: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = action_to_move(action)  # type: ignore[arg-type]  # None is refused there
        self.state_ = state = apply(state, move)  # a move outside the mask raises IllegalMoveError
        self._clear_rewards()
        outcome = state.outcome
        if outcome is not None:
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = float(outcome.points[seat])
            if outcome.winner is None:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.to_move]
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as a spectator sees it (:func:`eighthalf.text.table_text`): returned with
        ``"ansi"``, printed with ``"human"``. Without a render mode it draws nothing, warns
        and returns ``None``, as PettingZoo's own games do; so it does before :meth:`reset`."""
        if self.render_mode is None:
            from gymnasium import logger  # PettingZoo's games warn through Gymnasium's logger

            logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.state_ is None:
            return None
        text = table_text(view(self.state_, None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
