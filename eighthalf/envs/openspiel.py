"""8½ as an OpenSpiel Python game (optional extra ``openspiel``).

Importing this module registers the game ``python_eighthalf`` with pyspiel:

>>> import pyspiel
>>> import eighthalf.envs.openspiel
>>> game = pyspiel.load_game("python_eighthalf", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 89, 12)

One game is one round. Parameters: ``players`` (2–5, default 4), ``move_limit`` (the
move limit of E7, default 1000; a round that reaches it ends without a winner and
nobody scores), and the table options ``lock_next_only`` (P7),
``halves_stop_at_8_half`` (P3) and ``single_opening`` (S5) of :class:`~eighthalf.Rules`
(booleans, default false: the rule book's rulings). ``open_runs`` (T3) is not offered:
several open cards in one play have no action (see
:func:`~eighthalf.envs.encoding.table_rules`).

>>> game = pyspiel.load_game("python_eighthalf", {"players": 4, "single_opening": True})
>>> game.rules.single_opening, game.rules.lock_next_only
(True, False)

- **Chance.** The deal is 72 explicit chance nodes: each deals the next card of the
  shuffled deck (top first), an outcome per rank (0–11) with the probability of drawing
  that rank from the cards left. The 72 cards then go out as :func:`~eighthalf.new_game`
  deals them (S3, S4, dealer seat n−1, S7). Nothing else is random.
- **Actions** are the 89 of :data:`~eighthalf.envs.encoding.ACTIONS`; the legal ones
  come in ascending order, as OpenSpiel asks.
- **Returns** are the round's points (E6) at the end, 0 before (a general-sum game with
  utilities from 0 to 3).
- **Observations** (``observation_tensor``/``observation_string``) are the player's view
  (:func:`~eighthalf.envs.encoding.encode_view`, and the view as text). The public
  observation (``private_info`` none) leaves the player's own hand out. The
  **information state** adds what the player remembers: its string lists every move
  made so far, with the player's own hand at each of its moves (perfect recall); its
  tensor adds, for every seat in turn order from the player, how often it made each
  of the 89 actions (a fixed-size summary, so not perfect recall).
- ``resample_from_infostate`` deals the cards the player cannot see at random into a
  state it cannot tell from the real one (:func:`~eighthalf.sample_state`), which is
  what OpenSpiel's IS-MCTS bot needs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # the 'openspiel' extra is not installed
    from . import extra_missing

    raise extra_missing(missing, "openspiel", "eighthalf.envs.openspiel") from None

from ..cards import COMPOSITION, DECK, RANKS, Rank
from ..deal import check_table, first_state
from ..engine import apply, legal_moves
from ..errors import IllegalMoveError, InvalidStateError, quote
from ..moves import Move
from ..options import Rules
from ..state import GameState
from ..views import PlayerView, sample_state, view
from .encoding import NUM_ACTIONS, action_to_move, encode_view, move_to_action, observation_layout, observation_size
from .text import table_text

__all__ = ["DEFAULT_MOVE_LIMIT", "GAME_TYPE", "EighthalfGame", "EighthalfObserver", "EighthalfState", "SpielBot"]

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


class EighthalfGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one round of 8½ (see the module's description).

    ``pyspiel.load_game`` checks the parameters' names and types itself (a
    ``pyspiel.SpielError``); a game made directly, ``EighthalfGame(params)``, checks them
    here.

    Raises:
        InvalidStateError: If ``params`` is not a dict of the parameters above, ``players``
            or ``move_limit`` is not an int in range, or a table option is not a bool.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise InvalidStateError(f"the game's parameters must be a dict, not {quote(params)}")
        unknown = sorted(quote(name) for name in params if name not in _DEFAULTS)
        if unknown:
            raise InvalidStateError(
                f"unknown parameter {unknown[0]}{' and others' if len(unknown) > 1 else ''}; "
                f"the parameters are {', '.join(_DEFAULTS)}"
            )
        values = {**_DEFAULTS, **params}
        players, move_limit = values["players"], values["move_limit"]
        if type(move_limit) is not int:  # OpenSpiel's parameters have no None: the limit is always set
            raise InvalidStateError(f"move_limit must be an int from 1 to 2**53 - 1, not {quote(move_limit)} (E7)")
        options = {name: values[name] for name in _OPTIONS}
        self.rules = Rules(move_limit=move_limit, **options)
        self.players = players
        self.dealer = check_table(players, self.rules, None)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=len(RANKS),
            num_players=players,
            min_utility=0.0,
            max_utility=3.0,
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


class EighthalfState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`EighthalfGame`: the deal so far, then the round as a :class:`~eighthalf.GameState`."""

    def __init__(self, game: EighthalfGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.players = game.players
        self.dealer = game.dealer
        self.deck: list[Rank] = []
        self.round: GameState | None = None
        self.log: list[tuple[int, Move, tuple[Rank, ...]]] = []  # (seat, move, the hand before it)

    # ---------------------------------------------------------------- the pyspiel API

    def current_player(self) -> int:
        """The seat to move, or CHANCE during the deal, or TERMINAL once the round is over."""
        if self.round is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.round.outcome is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.round.to_move

    def _legal_actions(self, player: int) -> list[int]:
        assert self.round is not None and player == self.round.to_move
        return sorted(move_to_action(move) for move in legal_moves(self.round))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The ranks the next card of the deck can have, with their probabilities."""
        assert self.round is None
        left = {rank: COMPOSITION[rank] for rank in RANKS}
        for rank in self.deck:
            left[rank] -= 1
        total = len(DECK) - len(self.deck)
        return [(int(rank), count / total) for rank, count in left.items() if count]

    def _apply_action(self, action: int) -> None:
        if self.round is None:
            rank = _dealt(action)
            if self.deck.count(rank) >= COMPOSITION[rank]:
                raise IllegalMoveError(f"deal {rank.label}", f"no {rank.label} is left in the deck to deal", "S1")
            self.deck.append(rank)
            if len(self.deck) == len(DECK):
                self.round = first_state(tuple(self.deck), self.players, self.rules, self.dealer)
            return
        state = self.round
        move = action_to_move(action)
        seat = state.to_move
        self.round = apply(state, move)  # raises IllegalMoveError for a move outside the legal actions
        self.log.append((seat, move, state.seats[seat].hand))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {_dealt(action).label}"
        return str(action_to_move(action))

    def is_terminal(self) -> bool:
        """True once the round is over (E2, E3 or E7)."""
        return self.round is not None and self.round.outcome is not None

    def returns(self) -> list[float]:
        """Every seat's points (E6) once the round is over, else zeros."""
        if self.round is None or self.round.outcome is None:
            return [0.0] * self.players
        return [float(points) for points in self.round.outcome.points]

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]) -> EighthalfState:
        """A state that ``player`` cannot tell from this one, its hidden cards dealt at random.

        ``probability_sampler`` gives the random numbers (uniform in [0, 1)); the cards are
        dealt by :func:`~eighthalf.sample_state`. The copy keeps nothing ``player`` cannot
        see: not the order of the deal (its deck is the 72 cards in rank order) and not the
        hands the other seats held at their moves. During the deal it is a plain copy
        (nobody has seen a card yet).
        """
        clone = EighthalfState(self.get_game())
        if self.round is None:
            clone.deck = list(self.deck)
            return clone
        clone.deck = list(DECK)
        clone.log = [(seat, move, hand if seat == player else ()) for seat, move, hand in self.log]
        rng = random.Random(int(probability_sampler() * 2**53))
        clone.round = sample_state(view(self.round, player), rng)
        return clone

    def __str__(self) -> str:
        if self.round is None:
            return f"dealing: {len(self.deck)} of {len(DECK)} cards dealt"
        return table_text(view(self.round, None))

    # ---------------------------------------------------------------- for the observer

    def seen_by(self, player: int) -> PlayerView | None:
        """``player``'s view of the round, or ``None`` during the deal."""
        return None if self.round is None else view(self.round, player)


class EighthalfObserver:
    """Observation and information-state tensors and strings (OpenSpiel's PyObserver).

    Raises:
        ValueError: If ``params`` are given, or the observation type asks for every
            player's private cards (8½ has no such observer).
    """

    def __init__(self, players: int, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the 8½ observer takes no parameters, not {quote(params)}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("8½ has no observer of every player's private cards (I2, I3)")
        self.players = players
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.recall = bool(iig_obs_type.perfect_recall)
        size = observation_size(players)
        pieces = [("observation", size)]
        if self.recall:
            pieces.append(("actions", players * NUM_ACTIONS))
        self.tensor = np.zeros(sum(length for _, length in pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        at = 0
        for name, length in pieces:
            self.dict[name] = self.tensor[at : at + length]
            at += length
        blocks = {name: (start, length) for name, start, length in observation_layout(players)}
        self._hidden = [
            blocks["own hand: cards by rank"],
            blocks["unseen cards by rank (other hands, banks, blind cards)"],
        ]

    def set_from(self, state: EighthalfState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees (and remembers) in ``state``."""
        self.tensor.fill(0)
        seen = state.seen_by(player)
        if seen is None:
            return
        vector = encode_view(seen)
        if not self.private:
            for start, length in self._hidden:
                vector[start : start + length] = 0
        if not self.public and not self.private:
            vector[:] = 0
        self.dict["observation"][:] = vector
        if self.recall:
            actions = self.dict["actions"]
            for seat, move, _ in state.log:
                turn = (seat - player) % self.players
                actions[turn * NUM_ACTIONS + move_to_action(move)] += 1

    def string_from(self, state: EighthalfState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        if state.round is None:
            return f"p{player} dealing {len(state.deck)}/{len(DECK)}"
        seen = view(state.round, player if self.private else None)
        lines = [f"p{player}", table_text(seen)]
        if self.recall:
            for seat, move, hand in state.log:
                held = (
                    f" holding {' '.join(rank.label for rank in hand)}"
                    if seat == player and self.private and hand
                    else ""
                )
                lines.append(f"seat {seat}: {move}{held}")
        return "\n".join(lines)


class SpielBot:
    """An OpenSpiel bot playing as an eighthalf :class:`~eighthalf.bots.Bot`, through this adapter.

    ``make`` builds the OpenSpiel bot for a game and a numpy ``RandomState`` (seeded
    from the ``rng`` of each decision, so play is reproducible); :meth:`ismcts` makes
    OpenSpiel's own IS-MCTS bot. Each decision turns the bot's view into a state of
    ``game`` (the hidden cards dealt at random, :func:`~eighthalf.sample_state`) and
    asks the bot for its action; an IS-MCTS bot then resamples the hidden cards itself
    (:meth:`EighthalfState.resample_from_infostate`). The bot never sees the real
    hidden cards.
    """

    def __init__(
        self, game: EighthalfGame, make: Callable[[EighthalfGame, np.random.RandomState], Any], name: str = "openspiel"
    ) -> None:
        self.game = game
        self.make = make
        self.name = name

    @classmethod
    def ismcts(cls, game: EighthalfGame, simulations: int = 50, uct_c: float = 2.0) -> SpielBot:
        """OpenSpiel's IS-MCTS bot with random roll-outs and ``simulations`` per decision."""
        from open_spiel.python.algorithms import ismcts, mcts

        def make(game: EighthalfGame, rng: np.random.RandomState) -> Any:
            bot = ismcts.ISMCTSBot(
                game,
                mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                uct_c=uct_c,
                max_simulations=simulations,
                random_state=rng,
                allow_inconsistent_action_sets=True,
                child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
            )
            # OpenSpiel's default resampler draws from a sampler of its own, unseeded: deal
            # the hidden cards from the bot's rng instead, so that its play repeats.
            bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
            return bot

        return cls(game, make, "openspiel-ismcts")

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The OpenSpiel bot's action for ``seen``, as a move.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = seen.legal_moves()
        if not moves:
            raise ValueError("no legal moves: it is not this seat's turn or the round is over")
        if len(moves) == 1:
            return moves[0]
        state = EighthalfState(self.game)
        state.deck = list(DECK)
        state.round = sample_state(seen, rng)
        bot = self.make(self.game, np.random.RandomState(rng.getrandbits(32)))
        return action_to_move(int(bot.step(state)))


pyspiel.register_game(GAME_TYPE, EighthalfGame)
