"""8½'s own OpenSpiel game, ``python_eighthalf`` (optional extra ``openspiel``): what it adds to
the game written once for every game (:mod:`eighthalf.envs.spiel`).

Its encoding names it (:attr:`~eighthalf.envs.base.Encoding.spiel_game`), so
:func:`~eighthalf.envs.spiel.spiel_game_for` loads it, and this module registers it with
pyspiel when imported. :mod:`eighthalf.envs.openspiel` is its public face (its description
says how the game plays). Beyond the derived game it has:

- **72 chance nodes** for the deal, one per card of the shuffled deck (S1, S3, S4), instead
  of one seed;
- **its own parameters**: ``move_limit`` goes into the :class:`~eighthalf.Rules` (E7), and the
  table options ``lock_next_only`` (P7), ``halves_stop_at_8_half`` (P3) and
  ``single_opening`` (S5).

>>> from eighthalf.envs.spiel import spiel_game_for
>>> spiel_game_for("eighthalf") is EighthalfGame
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # the 'openspiel' extra is not installed
    from eighthalf.envs.extras import extra_missing

    raise extra_missing(missing, "openspiel", "eighthalf.games.eighthalf.spiel") from None

from eighthalf.core.errors import IllegalMoveError, InvalidStateError, quote
from eighthalf.envs.spiel import SpielGame, SpielObserver, SpielState, check_params
from eighthalf.games.eighthalf.cards import COMPOSITION, DECK, RANKS, Rank
from eighthalf.games.eighthalf.deal import check_table, first_state
from eighthalf.games.eighthalf.encoding import EIGHTHALF_ENCODING, NUM_ACTIONS
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.views import PlayerView

__all__ = ["DEFAULT_MOVE_LIMIT", "GAME_TYPE", "EighthalfGame", "EighthalfObserver", "EighthalfState"]

DEFAULT_MOVE_LIMIT = 1000
"""The default ``move_limit`` parameter (E7)."""

_OPTIONS = ("lock_next_only", "halves_stop_at_8_half", "single_opening")  # Rules options offered as parameters
_DEFAULTS: dict[str, int | bool] = {"players": 4, "move_limit": DEFAULT_MOVE_LIMIT, **dict.fromkeys(_OPTIONS, False)}

GAME_TYPE = pyspiel.GameType(
    short_name="python_eighthalf",
    long_name="Python 8½ (Eight and a Half)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game's type, as registered with pyspiel."""


def _dealt(action: object) -> Rank:
    """The rank a chance action deals.

    Raises:
        IllegalMoveError: If ``action`` is not an int from 0 to 11 (one per rank, S1).
    """
    if isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int or not 0 <= action < len(RANKS):
        raise IllegalMoveError(quote(action), f"a chance outcome is a rank from 0 to {len(RANKS) - 1}", "S1")
    return RANKS[action]


class EighthalfGame(SpielGame):
    """The OpenSpiel game of one round of 8½ (see the module's description).

    ``pyspiel.load_game`` checks the parameters' names and types itself (a
    ``pyspiel.SpielError``); a game made directly, ``EighthalfGame(params)``, checks them
    here.

    Raises:
        InvalidStateError: If ``params`` is not a dict of the parameters above, ``players``
            or ``move_limit`` is not an int in range, or a table option is not a bool.
    """

    encoding = EIGHTHALF_ENCODING

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = check_params(params, _DEFAULTS)
        players, move_limit = values["players"], values["move_limit"]
        if type(move_limit) is not int:  # OpenSpiel's parameters have no None: the limit is always set
            raise InvalidStateError(f"move_limit must be an int from 1 to 2**53 - 1, not {quote(move_limit)} (E7)")
        options = {name: values[name] for name in _OPTIONS}
        self.rules = Rules(move_limit=move_limit, **options)
        self.players = players
        self.move_limit = None  # the engine ends a round at the limit (E7)
        self.dealer = check_table(players, self.rules, None)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=len(RANKS),
            num_players=players,
            min_utility=EIGHTHALF_ENCODING.utility[0],
            max_utility=EIGHTHALF_ENCODING.utility[1],
            utility_sum=None,
            max_game_length=len(DECK) + move_limit,
        )
        super().__init__(GAME_TYPE, info, {"players": players, "move_limit": move_limit, **options})

    def new_initial_state(self) -> EighthalfState:
        """The state before the deal: 72 chance nodes come first."""
        return EighthalfState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> EighthalfObserver:
        """An observer of the kind ``iig_obs_type`` asks for (see :class:`EighthalfObserver`)."""
        return EighthalfObserver(self.players, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class EighthalfState(SpielState):
    """A state of :class:`EighthalfGame`: the deal so far, then the round as a :class:`~eighthalf.GameState`."""

    def __init__(self, game: EighthalfGame) -> None:
        super().__init__(game)
        self.dealer = game.dealer
        self.deck: list[Rank] = []

    @property
    def round(self) -> GameState | None:
        """The round, once dealt (``None`` during the deal)."""
        round_: GameState | None = self.current
        return round_

    @round.setter
    def round(self, value: GameState | None) -> None:
        self.current = value

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The ranks the next card of the deck can have, with their probabilities.

        Raises:
            InvalidStateError: If the deal is over (not a chance node).
        """
        self._check_dealing()
        left = {rank: COMPOSITION[rank] for rank in RANKS}
        for rank in self.deck:
            left[rank] -= 1
        total = len(DECK) - len(self.deck)
        return [(int(rank), count / total) for rank, count in left.items() if count]

    def _deal(self, action: int) -> None:
        rank = _dealt(action)
        if self.deck.count(rank) >= COMPOSITION[rank]:
            raise IllegalMoveError(f"deal {rank.label}", f"no {rank.label} is left in the deck to deal", "S1")
        self.deck.append(rank)
        if len(self.deck) == len(DECK):
            self.round = first_state(tuple(self.deck), self.players, self.rules, self.dealer)

    def _deal_string(self, action: int) -> str:
        return f"deal {_dealt(action).label}"

    def _dealing_string(self) -> str:
        return f"dealing: {len(self.deck)} of {len(DECK)} cards dealt"

    def _dealing_observation(self) -> str:
        return f"dealing {len(self.deck)}/{len(DECK)}"

    def _hand(self, seat: int) -> tuple[Rank, ...]:
        assert self.round is not None
        return self.round.seats[seat].hand

    def _blank(self) -> EighthalfState:
        return EighthalfState(self.get_game())

    def _copy_deal(self, other: SpielState) -> None:
        assert isinstance(other, EighthalfState)
        self.deck = list(other.deck)

    def _forget_deal(self) -> None:
        self.deck = list(DECK)  # the 72 cards in rank order

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]) -> EighthalfState:
        """A state that ``player`` cannot tell from this one, its hidden cards dealt at random.

        ``probability_sampler`` gives the random numbers (uniform in [0, 1)); the cards are
        dealt by :func:`~eighthalf.sample_state`. The copy keeps nothing ``player`` cannot
        see: not the order of the deal (its deck is the 72 cards in rank order) and not the
        hands the other seats held at their moves. During the deal it is a plain copy
        (nobody has seen a card yet).
        """
        clone = super().resample_from_infostate(player, probability_sampler)
        assert isinstance(clone, EighthalfState)
        return clone

    def seen_by(self, player: int) -> PlayerView | None:
        """``player``'s view of the round, or ``None`` during the deal."""
        seen: PlayerView | None = super().seen_by(player)
        return seen


class EighthalfObserver(SpielObserver):
    """Observation and information-state tensors and strings (OpenSpiel's PyObserver).

    Raises:
        ValueError: If ``params`` are given, or the observation type asks for every
            player's private cards (8½ has no such observer).
    """

    def __init__(self, players: int, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None) -> None:
        super().__init__(EIGHTHALF_ENCODING, players, iig_obs_type, params)


pyspiel.register_game(GAME_TYPE, EighthalfGame)
