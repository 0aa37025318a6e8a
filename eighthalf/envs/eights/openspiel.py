"""Eights as an OpenSpiel Python game (optional extra ``openspiel``).

Importing this module registers the game ``python_eights`` with pyspiel: the game written
once for every game (:mod:`eighthalf.envs.spiel`) with Eights' encoding.

>>> import pyspiel
>>> import eighthalf.envs.eights.openspiel
>>> game = pyspiel.load_game("python_eights", {"players": 3, "target": 20})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes(), game.rules.target
(3, 3434, 65536, 20)

One game is one game of Eights (WG1–WG3). Parameters: ``players`` (2–6, default 4),
``move_limit`` (the most moves, default 10,000: a game that reaches it ends with no
winner and no reward), and the table options of :class:`~eighthalf.eights.Rules`:
``target`` and ``turn_limit`` (WR2; 0, the default, for the rule book's: WG1's target,
no turn limit) and ``may_pass_freely`` (WR1, default false).

- **Chance.** One chance node: the game's seed, uniform over 0 to 65,535 (``seed`` s
  deals as :func:`eighthalf.eights.new_game` with ``seed=s`` does). Every shuffle of the
  game comes from it (WS5), and it is secret from every player (WI4).
- **Actions** are the 3,434 hand-slot actions of
  :data:`~eighthalf.envs.eights.encoding.ACTIONS`, one per legal move, in ascending order.
- **Returns** are 1 for each winner and 0 for the others (WG3), at the end.
- **Observations** and the **information state** are those of :mod:`eighthalf.envs.spiel`
  (the information-state tensor adds, for every seat, how often it spelled each word,
  how often it passed and how many cards it exchanged).
"""

from __future__ import annotations

from typing import Any

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # the 'openspiel' extra is not installed
    from .. import extra_missing

    raise extra_missing(missing, "openspiel", "eighthalf.envs.eights.openspiel") from None

from ...eights.cards import Card
from ...eights.deal import new_game
from ...eights.options import MAX_PLAYERS, MIN_PLAYERS, Rules
from ...eights.state import GameState
from ...errors import IllegalMoveError, InvalidStateError, quote
from ..spiel import SpielGame, SpielState, check_params
from .encoding import DEFAULT_MOVE_LIMIT, EIGHTS_ENCODING, NUM_ACTIONS

__all__ = ["GAME_TYPE", "SEEDS", "EightsSpielGame", "EightsSpielState"]

SEEDS = 2**16
"""The chance outcomes of the deal: seeds 0 to 65,535."""

_DEFAULTS: dict[str, int | bool] = {
    "players": 4,
    "move_limit": DEFAULT_MOVE_LIMIT,
    "target": 0,
    "turn_limit": 0,
    "may_pass_freely": False,
}

GAME_TYPE = pyspiel.GameType(
    short_name="python_eights",
    long_name="Python Eights",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game's type, as registered with pyspiel."""


def _seed(action: object) -> int:
    """The seed a chance action deals.

    Raises:
        IllegalMoveError: If ``action`` is not an int from 0 to 65,535.
    """
    if isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int or not 0 <= action < SEEDS:
        raise IllegalMoveError(quote(action), f"a chance outcome is a seed from 0 to {SEEDS - 1}", "WS5")
    return action


class EightsSpielGame(SpielGame):
    """The OpenSpiel game of Eights (see the module's description).

    Raises:
        InvalidStateError: If ``params`` is not a dict of the parameters above, or one is
            out of range (``players`` WS2, ``target`` and ``turn_limit`` WR2, ``move_limit``
            an int from 1), or ``may_pass_freely`` is not a bool (WR1).
    """

    encoding = EIGHTS_ENCODING

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = check_params(params, _DEFAULTS)
        players, move_limit, target, turn_limit = (
            values[name] for name in ("players", "move_limit", "target", "turn_limit")
        )
        for name, value in (("target", target), ("turn_limit", turn_limit)):
            if type(value) is not int or value < 0:
                raise InvalidStateError(f"{name} must be an int from 0 (the rule book's) up, not {quote(value)} (WR2)")
        if type(move_limit) is not int:  # OpenSpiel's parameters have no None: the limit is always set
            raise InvalidStateError(f"move_limit must be an int from 1 to 2**53 - 1, not {quote(move_limit)}")
        rules = Rules(target=target or None, turn_limit=turn_limit or None, may_pass_freely=values["may_pass_freely"])
        self.rules, self.move_limit = EIGHTS_ENCODING.table(rules, move_limit)
        new_game(players, seed=0, rules=self.rules)  # checks the table (WS2)
        self.players = players
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=SEEDS,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=move_limit,
        )
        super().__init__(GAME_TYPE, info, {name: values[name] for name in _DEFAULTS})

    def new_initial_state(self) -> EightsSpielState:
        """The state before the deal: one chance node, the seed, comes first."""
        return EightsSpielState(self)


class EightsSpielState(SpielState):
    """A state of :class:`EightsSpielGame`: the chance node of the seed, then the game as a
    :class:`~eighthalf.eights.GameState` (``current``)."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed, each with probability 1/65,536."""
        assert self.current is None
        return [(seed, 1 / SEEDS) for seed in range(SEEDS)]

    def _deal(self, action: int) -> None:
        self.current = new_game(self.players, seed=_seed(action), rules=self.rules)

    def _deal_string(self, action: int) -> str:
        return f"seed {_seed(action)}"

    def _dealing_string(self) -> str:
        return "dealing: the seed is to be drawn"

    def _dealing_observation(self) -> str:
        return "dealing"

    def _hand(self, seat: int) -> tuple[Card, ...]:
        state: GameState = self.current
        return state.hand.hands[seat]

    def _blank(self) -> EightsSpielState:
        return EightsSpielState(self.get_game())

    def _copy_deal(self, other: SpielState) -> None:
        """Nothing to copy: the deal is one chance node."""

    def _forget_deal(self) -> None:
        """Nothing to forget: the sampled state has a seed of its own (WI4)."""


pyspiel.register_game(GAME_TYPE, EightsSpielGame)
