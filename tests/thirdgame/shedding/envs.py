"""Shedding in PettingZoo, Gymnasium and OpenSpiel: the shared adapters given :data:`~shedding.encoding.ENCODING`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
import pyspiel

from eighthalf.envs.aec import GameAEC, wrap
from eighthalf.envs.seat import GameSeatEnv
from eighthalf.envs.spiel import SpielGame, SpielState, check_params
from eighthalf.errors import IllegalMoveError, quote

from .encoding import ENCODING, NUM_ACTIONS
from .rules import Rules

__all__ = ["GAME_TYPE", "SeatEnv", "SheddingSpielGame", "env", "raw_env"]

SEEDS = 2**16
"""The chance outcomes of the deal: seeds 0 to 65,535."""


class raw_env(GameAEC):
    """The PettingZoo AEC environment of one game of Shedding."""

    metadata: ClassVar[dict[str, Any]] = {**GameAEC.metadata, "name": ENCODING.env_name}

    def __init__(
        self,
        players: int = 3,
        *,
        render_mode: str | None = None,
        move_limit: int | None = 500,
        rules: Rules | None = None,
    ) -> None:
        super().__init__(ENCODING, players, render_mode=render_mode, move_limit=move_limit, rules=rules)


def env(players: int = 3, **options: Any) -> Any:
    """:class:`raw_env` wrapped as PettingZoo's own games are."""
    return wrap(raw_env(players, **options))


class SeatEnv(GameSeatEnv):
    """One seat of Shedding against bots, as a Gymnasium environment."""

    def __init__(
        self,
        players: int = 3,
        *,
        seat: int = 0,
        opponents: Sequence[str | Callable[[], Any]] = ("greedy",),
        move_limit: int | None = 500,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        rules: Rules | None = None,
    ) -> None:
        super().__init__(
            ENCODING, players, seat=seat, opponents=opponents, move_limit=move_limit, illegal=illegal,
            illegal_reward=illegal_reward, render_mode=render_mode, rules=rules,
        )  # fmt: skip


_DEFAULTS: dict[str, int] = {"players": 3, "move_limit": 500}

GAME_TYPE = pyspiel.GameType(
    short_name="python_shedding",
    long_name="Python Shedding",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game's type, as registered with pyspiel."""


class SheddingSpielGame(SpielGame):
    """The OpenSpiel game of Shedding: a chance node draws the seed, then the game."""

    encoding = ENCODING

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = check_params(params, _DEFAULTS)
        self.rules, self.move_limit = ENCODING.table(None, values["move_limit"])
        self.players = values["players"]
        ENCODING.game.start(self.players, seed=0, rules=self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=SEEDS,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=values["move_limit"],
        )
        super().__init__(GAME_TYPE, info, values)

    def new_initial_state(self) -> SheddingSpielState:
        """The state before the deal."""
        return SheddingSpielState(self)


def _seed(action: object) -> int:
    if isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int or not 0 <= action < SEEDS:
        raise IllegalMoveError(quote(action), f"a chance outcome is a seed from 0 to {SEEDS - 1}", "SH2")
    return action


class SheddingSpielState(SpielState):
    """A state of :class:`SheddingSpielGame`."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed alike."""
        return [(seed, 1 / SEEDS) for seed in range(SEEDS)]

    def _deal(self, action: int) -> None:
        self.current = ENCODING.game.start(self.players, seed=_seed(action), rules=self.rules)

    def _deal_string(self, action: int) -> str:
        return f"seed {_seed(action)}"

    def _dealing_string(self) -> str:
        return "dealing"

    def _dealing_observation(self) -> str:
        return "dealing"

    def _hand(self, seat: int) -> tuple[Any, ...]:
        hand: tuple[Any, ...] = self.current.hands[seat]
        return hand

    def _blank(self) -> SheddingSpielState:
        return SheddingSpielState(self.get_game())

    def _copy_deal(self, other: SpielState) -> None:
        """Nothing to copy: the deal is one chance node."""

    def _forget_deal(self) -> None:
        """Nothing to forget: the sampled state has a seed of its own."""


pyspiel.register_game(GAME_TYPE, SheddingSpielGame)

ENV_ID = "shedding/SheddingSeat-v0"
"""The id of :class:`SeatEnv` in Gymnasium's registry."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="shedding.envs:SeatEnv")
