"""The PettingZoo AEC environment of any game with an :class:`~eighthalf.envs.base.Encoding` (extra ``rl``).

:class:`GameAEC` is written once, against the game protocol and the game's encoding;
8½'s :class:`eighthalf.envs.pettingzoo.raw_env` and Eights'
:class:`eighthalf.envs.eights.pettingzoo.raw_env` are it with their encoding. One episode
is one game of the game object (a round of 8½, a game of Eights). It follows
PettingZoo's classic card games:

- the agents are ``player_0`` … ``player_{n-1}`` by seat, and the agent to act is the
  seat to move;
- ``observation_space(agent)`` is a :class:`gymnasium.spaces.Dict` with ``"observation"``
  (the agent's view as the encoding's vector, built from the state by
  :meth:`~eighthalf.envs.base.Encoding.encode_state_into`) and ``"action_mask"`` (1 for
  each legal action, all 0 when it is not the agent's turn); ``action_space(agent)`` is
  ``Discrete`` of the encoding's actions (an :class:`Actions`);
- the rewards come when the game ends (0 before): the encoding's rewards of its
  result. A game won ends in ``terminations``; a game stopped by a move limit (with
  no winner) in ``truncations``;
- ``reset(seed=...)`` seeds the deal; the same seed gives the same game;
- ``render()`` returns (``"ansi"``) or prints (``"human"``) a text picture of the table
  as a spectator sees it; without a render mode it returns ``None``.

An action outside the mask raises :class:`~eighthalf.IllegalMoveError` (a
``ValueError``) naming the move and the rule, and changes nothing; a step once the
game is over and every agent is done raises :class:`~eighthalf.InvalidStateError`
(the wrapped ``env`` warns instead: PettingZoo's order wrapper answers that step first).

Every registered game with an encoding has the environment: :func:`env_for` (wrapped as
PettingZoo's own games are) or :class:`GameAEC` (unwrapped) take the game's name or key.

>>> table = env_for("eights", players=3)
>>> table.reset(seed=7)
>>> table.metadata["name"], table.agent_selection, table.observe("player_0")["action_mask"].shape
('eights_v0', 'player_0', (3434,))
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from typing import Any, ClassVar, Generic, ParamSpec

import numpy as np
import numpy.typing as npt

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as missing:  # the 'rl' extra is not installed
    from eighthalf.envs.extras import extra_missing

    raise extra_missing(missing, "rl", "eighthalf.envs.aec") from None

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.game import RulesT
from eighthalf.envs.base import (
    DEFAULT,
    Default,
    Encoding,
    check_render_mode,
    check_seed,
    encoding_for,
    game_of,
    move_limit_of,
)

__all__ = ["Actions", "GameAEC", "env_for", "wrap", "wrapped"]

ParamsT = ParamSpec("ParamsT")
"""The parameters of a game's ``raw_env`` (its ``env`` takes the same)."""

Observation = dict[str, npt.NDArray[Any]]


class Actions(spaces.Discrete):
    """``Discrete(n)`` whose :meth:`contains` answers a plain int without numpy: PettingZoo's
    bounds check asks it at every step. Otherwise it is :class:`gymnasium.spaces.Discrete`,
    and equal to ``Discrete(n)``.

    >>> Actions(89) == spaces.Discrete(89), Actions(89), Actions(89).contains(88), Actions(89).contains(89)
    (True, Discrete(89), True, False)
    """

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an action: an int from 0 to ``n - 1`` (anything but a plain int is
        asked of :meth:`gymnasium.spaces.Discrete.contains`)."""
        if type(x) is int:
            start = int(self.start)
            return start <= x < start + int(self.n)
        return bool(super().contains(x))


def wrap(raw: Any) -> Any:
    """``raw`` wrapped as PettingZoo's own games are (order and bounds checks)."""
    wrapped: Any = wrappers.AssertOutOfBoundsWrapper(raw)
    return wrappers.OrderEnforcingWrapper(wrapped)


def env_for(
    game: str | Encoding[Any, Any, Any, Any],
    players: int | Default = DEFAULT,
    *,
    render_mode: str | None = None,
    move_limit: int | Default | None = DEFAULT,
    rules: Any = None,
) -> Any:
    """The AEC environment of a registered game (its name or key) or of an encoding,
    wrapped as PettingZoo's own games are: :func:`wrap` of :class:`GameAEC`, whose
    arguments it takes.

    Raises:
        InvalidStateError: As :class:`GameAEC` does.
        EighthalfError: If ``game`` names no registered game, or one without an encoding.
    """
    return wrap(GameAEC(players, game=game, render_mode=render_mode, move_limit=move_limit, rules=rules))


_ENV_DOC = """The AEC environment (:class:`raw_env`, of the same arguments) wrapped as PettingZoo's
own games are (order and bounds checks).

Raises:
    InvalidStateError: As :class:`raw_env` does.
"""


def wrapped(raw: Callable[ParamsT, GameAEC[Any]]) -> Callable[ParamsT, Any]:
    """The ``env`` function of a game's ``raw_env`` class, listed in its module: ``raw``
    of the same arguments, wrapped (:func:`wrap`)."""

    def env(*args: ParamsT.args, **kwargs: ParamsT.kwargs) -> Any:
        return wrap(raw(*args, **kwargs))

    env.__doc__, env.__module__, env.__qualname__ = _ENV_DOC, raw.__module__, "env"
    env.__signature__ = inspect.signature(raw).replace(return_annotation="Any")  # type: ignore[attr-defined]
    return env


class GameAEC(AECEnv, Generic[RulesT]):  # type: ignore[misc]
    """The unwrapped AEC environment of one game (see the module's description).

    A game's own environment is a subclass that sets :attr:`default_game` (8½'s
    :class:`eighthalf.envs.pettingzoo.raw_env`, Eights'
    :class:`eighthalf.envs.eights.pettingzoo.raw_env`).

    Args:
        players: Seats at the table (by default the encoding's ``default_players``).
        game: The game's encoding, or the name or key of a registered game with one
            (:func:`~eighthalf.envs.base.encoding_for`); by default :attr:`default_game`.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        move_limit: The move limit, or ``None`` for none (see the encoding's ``table``;
            by default the encoding's ``default_move_limit``).
        rules: The table's rules, instead of the default rules with ``move_limit``.

    Its ``metadata["name"]`` is the encoding's ``env_name``.

    Raises:
        InvalidStateError: If ``players`` is not allowed, the rules or the move limit are
            refused by the encoding, or ``render_mode`` is not one of the above.
        EighthalfError: If ``game`` names no registered game, or one without an encoding.
    """

    default_game: ClassVar[str | None] = None
    """The key of the game played when ``game`` is not given (``None``: it must be given)."""
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "game_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass that sets :attr:`default_game` has that game's ``env_name`` in its
        class's ``metadata["name"]`` too (found in the registry when the class is made)."""
        super().__init_subclass__(**kwargs)
        game = cls.__dict__.get("default_game")
        if game is not None and "metadata" not in cls.__dict__:
            cls.metadata = {**cls.metadata, "name": encoding_for(game).env_name}

    def __init__(
        self,
        players: int | Default = DEFAULT,
        *,
        game: str | Encoding[Any, Any, Any, Any] | None = None,
        render_mode: str | None = None,
        move_limit: int | Default | None = DEFAULT,
        rules: RulesT | None = None,
    ) -> None:
        super().__init__()
        self.encoding = encoding = encoding_for(game_of(game, self.default_game))
        self.game = encoding.game
        if players is DEFAULT:
            players = encoding.default_players
        self.rules, self.move_limit = encoding.table(rules, move_limit_of(encoding, move_limit))
        self.metadata = {**self.metadata, "name": encoding.env_name}  # type: ignore[misc]  # the name is per game
        self.game.start(players, seed=0, rules=self.rules)  # checks the table before anything is built
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.players = players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        size = encoding.observation_size(players)
        high = encoding.observation_high(players, self.rules)
        actions = encoding.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=np.zeros(size, dtype=np.float32), high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: Actions(actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state_: Any = None
        self._sizes = (size, actions)
        self.moves = 0
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
        """``Discrete`` of the encoding's actions.

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

    def _state(self) -> Any:
        if self.state_ is None:
            raise InvalidStateError(f"the environment has no {self.encoding.episode} yet: call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` if given, else from the environment's own generator.

        Raises:
            InvalidStateError: If ``seed`` is neither ``None`` nor an int (a numpy integer
                is taken as the int it holds).
        """
        seed = check_seed(seed)
        if seed is not None:
            self._seeds.seed(seed)
        self.state_ = self.game.start(self.players, seed=self._seeds.getrandbits(64), rules=self.rules)
        self.moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        to_move = self.game.to_move(self.state_)
        self.agent_selection = self.possible_agents[0 if to_move is None else to_move]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its observation vector and its action mask.

        Raises:
            InvalidStateError: If ``agent`` is not one of ``possible_agents``, or there
                is no game yet.
        """
        seat = self._seat(agent)
        state = self._state()
        size, actions = self._sizes
        observation = self.encoding.encode_state_into(state, seat, np.empty(size, dtype=np.float32))
        if self.truncations.get(agent):  # stopped by the adapter's move limit: nothing is legal any more
            mask = np.zeros(actions, dtype=np.int8)
        else:
            mask = self.encoding.mask_state_into(state, seat, np.empty(actions, dtype=np.int8))
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act (``None`` for an agent whose game is over).

        Raises:
            IllegalMoveError: If the action is not legal now (outside the action mask),
                naming the move and the rule; nothing changes.
            InvalidStateError: If there is no game or every agent is done.
        """
        state = self._state()
        if not self.agents:
            raise InvalidStateError(f"the {self.encoding.episode} is over and every agent is done: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # a move outside the mask raises IllegalMoveError
        self.state_ = state = self.encoding.play(state, self._seats[agent], action)  # type: ignore[arg-type]
        self.moves += 1
        self._clear_rewards()
        result = self.game.result(state)
        if result is not None:
            for name, reward in zip(self.possible_agents, self.encoding.rewards(result), strict=True):
                self.rewards[name] = reward
            if result.winners:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.truncations = dict.fromkeys(self.agents, True)
        elif self.move_limit is not None and self.moves >= self.move_limit:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.game.to_move(state) or 0]  # a seat: the game goes on
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as a spectator sees it (the encoding's text): returned with ``"ansi"``,
        printed with ``"human"``. Without a render mode it draws nothing, warns and returns
        ``None``, as PettingZoo's own games do; so it does before :meth:`reset`."""
        if self.render_mode is None:
            from gymnasium import logger  # PettingZoo's games warn through Gymnasium's logger

            logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.state_ is None:
            return None
        text = self.encoding.text(self.game.view(self.state_, None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
