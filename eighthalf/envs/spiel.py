"""The OpenSpiel game of any game with an :class:`~eighthalf.envs.base.Encoding` (extra ``openspiel``).

:class:`SpielGame`, :class:`SpielState` and :class:`SpielObserver` are written once,
against the game protocol and the game's encoding; a game adds only its parameters and
its chance nodes (how the deal is made of chance outcomes). 8½'s ``python_eighthalf``
(its own, in its folder: :mod:`eighthalf.games.eighthalf.spiel`; public as
:mod:`eighthalf.envs.openspiel`) and Eights' ``python_eights`` (derived:
:mod:`eighthalf.envs.eights.openspiel`) are made so. :class:`SpielBot`, also written once,
makes any OpenSpiel bot an eighthalf bot of the game. What they share:

- **Actions** are the encoding's; the legal ones come in ascending order, as OpenSpiel asks.
- **Returns** are the encoding's rewards of the result at the end, 0 before.
- **Observations** (``observation_tensor``/``observation_string``) are the player's view
  (the encoding's vector, and the view as text). The public observation
  (``private_info`` none) leaves out the blocks only the player may see. The
  **information state** adds what the player remembers: its string lists every move
  made so far, with the player's own hand at each of its moves (perfect recall); its
  tensor adds the encoding's fixed-size summary of the moves of every seat, in turn
  order from the player (so not perfect recall).
- ``resample_from_infostate`` deals the cards the player cannot see at random into a
  state it cannot tell from the real one (the game's ``sample_state``), which is what
  OpenSpiel's IS-MCTS bot needs.

**Every registered game with an encoding** has an OpenSpiel game, ``python_<key>``:
:func:`spiel_game_for` gives its class and registers it with pyspiel (and
:func:`register_spiel_games` does so for every registered game). Unless the encoding
names a game of its own (:attr:`~eighthalf.envs.base.Encoding.spiel_game`: 8½'s deals
card by card), it is a :class:`SeedSpielGame`: one chance node draws the game's seed,
uniform over 0 to 65,535 (seed ``s`` deals as the game's ``start(players, seed=s)``
does; every shuffle comes from it and no player sees it); its parameters are
``players`` (default the encoding's ``default_players``), ``move_limit`` (default its
``default_move_limit``; a game that reaches it ends with no reward) and the
encoding's :attr:`~eighthalf.envs.base.Encoding.spiel_parameters`.

>>> import pyspiel
>>> spiel_game_for("eights").__name__
'EightsSpielGame'
>>> game = pyspiel.load_game("python_eights", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 3434, 65536)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any, Final

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # the 'openspiel' extra is not installed
    from eighthalf.envs.extras import extra_missing

    raise extra_missing(missing, "openspiel", "eighthalf.envs.spiel") from None

from eighthalf.core.errors import IllegalMoveError, InvalidStateError, quote
from eighthalf.envs.base import Encoding, encoding_for
from eighthalf.registry import RegistryError, find, games, load_object

__all__ = [
    "SEEDS",
    "SeedSpielGame",
    "SeedSpielState",
    "SpielBot",
    "SpielGame",
    "SpielObserver",
    "SpielState",
    "check_params",
    "derived_game",
    "register_spiel_games",
    "spiel_game_for",
]

SEEDS: Final = 2**16
"""The chance outcomes of a :class:`SeedSpielGame`'s deal: seeds 0 to 65,535."""


def check_params(params: object, defaults: dict[str, Any]) -> dict[str, Any]:
    """``params`` over ``defaults``: a dict of known parameter names.

    Raises:
        InvalidStateError: If ``params`` is not a dict or names an unknown parameter.
    """
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise InvalidStateError(f"the game's parameters must be a dict, not {quote(params)}")
    unknown = sorted(quote(name) for name in params if name not in defaults)
    if unknown:
        raise InvalidStateError(
            f"unknown parameter {unknown[0]}{' and others' if len(unknown) > 1 else ''}; "
            f"the parameters are {', '.join(defaults)}"
        )
    return {**defaults, **params}


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game of a game of eighthalf: a subclass sets :attr:`encoding`,
    :attr:`players`, :attr:`rules` and :attr:`move_limit` and makes its own states."""

    encoding: Encoding[Any, Any, Any, Any]
    """The game's encoding."""
    players: int
    """Seats at the table."""
    rules: Any
    """The rules played."""
    move_limit: int | None
    """The adapter's own move limit (``None``: the rules end every game)."""

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        """An observer of the kind ``iig_obs_type`` asks for (see :class:`SpielObserver`)."""
        return SpielObserver(
            self.encoding, self.players, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`SpielGame`: chance nodes for the deal (the subclass's), then
    the game's own state, ``current``."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self.encoding = game.encoding
        self.rules = game.rules
        self.players = game.players
        self.move_limit = game.move_limit
        self.current: Any = None
        self.log: list[tuple[int, Any, tuple[Any, ...]]] = []  # (seat, move, the hand before it)

    # ------------------------------------------------------------------ what a game adds

    def _deal(self, action: int) -> None:
        """Apply a chance outcome of the deal (setting ``current`` once dealt).

        Raises:
            IllegalMoveError: If ``action`` is not a chance outcome now.
        """
        raise NotImplementedError

    def _deal_string(self, action: int) -> str:
        """A chance outcome as text."""
        raise NotImplementedError

    def _dealing_string(self) -> str:
        """The state during the deal as text (``str(state)``)."""
        raise NotImplementedError

    def _dealing_observation(self) -> str:
        """What a player observes during the deal, as text."""
        raise NotImplementedError

    def _hand(self, seat: int) -> tuple[Any, ...]:
        """The hand of ``seat`` in ``current``."""
        raise NotImplementedError

    def _blank(self) -> SpielState:
        """A fresh state of the same game, for :meth:`resample_from_infostate`."""
        raise NotImplementedError

    def _check_dealing(self) -> None:
        """Check that the deal is on (this is a chance node), for ``chance_outcomes``.

        Raises:
            InvalidStateError: If the deal is over.
        """
        if self.current is not None:
            raise InvalidStateError("not a chance node: the deal is over, so there are no chance outcomes")

    # ---------------------------------------------------------------- the pyspiel API

    def current_player(self) -> int:
        """The seat to move, or CHANCE during the deal, or TERMINAL once the game is over."""
        if self.current is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.encoding.game.to_move(self.current))  # type: ignore[arg-type]

    def _legal_actions(self, player: int) -> list[int]:
        mask = self.encoding.mask_state_into(self.current, player, np.empty(self.encoding.num_actions, dtype=np.int8))
        actions: list[int] = np.flatnonzero(mask).tolist()  # one action per legal move, ascending
        return actions

    def _apply_action(self, action: int) -> None:
        if self.current is None:
            self._deal(action)
            return
        game = self.encoding.game
        state = self.current
        seat = game.to_move(state)
        if seat is None or (self.move_limit is not None and len(self.log) >= self.move_limit):
            raise InvalidStateError(f"the {self.encoding.episode} is over (a terminal state): no action applies")
        move = self.encoding.state_action_to_move(action, state, seat)
        hand = self._hand(seat)
        self.current = game.apply(state, move)  # raises IllegalMoveError for a move outside the legal actions
        self.log.append((seat, move, hand))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.current is None:
            return self._deal_string(action)
        return self.encoding.game.move_text(self.encoding.state_action_to_move(action, self.current, player))

    def is_terminal(self) -> bool:
        """True once the game is over, or the move limit is reached."""
        if self.current is None:
            return False
        if self.encoding.game.to_move(self.current) is None:
            return True
        return self.move_limit is not None and len(self.log) >= self.move_limit

    def returns(self) -> list[float]:
        """The encoding's rewards once the game is over, else zeros (zeros too at the move limit)."""
        result = None if self.current is None else self.encoding.game.result(self.current)
        if result is None:
            return [0.0] * self.players
        return self.encoding.rewards(result)

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]) -> SpielState:
        """A state that ``player`` cannot tell from this one, its hidden cards dealt at random.

        ``probability_sampler`` gives the random numbers (uniform in [0, 1)); the cards are
        dealt by the game's ``sample_state``. The copy keeps nothing ``player`` cannot
        see: not the chance outcomes of the deal and not the hands the other seats held
        at their moves. During the deal it is a plain copy of the outcomes so far.
        """
        clone = self._blank()
        if self.current is None:
            clone._copy_deal(self)
            return clone
        clone._forget_deal()
        clone.log = [(seat, move, hand if seat == player else ()) for seat, move, hand in self.log]
        rng = random.Random(int(probability_sampler() * 2**53))
        game = self.encoding.game
        clone.current = game.sample_state(game.view(self.current, player), rng)
        return clone

    def _copy_deal(self, other: SpielState) -> None:
        """Take ``other``'s chance outcomes so far (during the deal)."""
        raise NotImplementedError

    def _forget_deal(self) -> None:
        """Set the chance outcomes to ones that say nothing hidden (after the deal)."""
        raise NotImplementedError

    def __str__(self) -> str:
        if self.current is None:
            return self._dealing_string()
        return self.encoding.text(self.encoding.game.view(self.current, None))

    # ---------------------------------------------------------------- for the observer

    def seen_by(self, player: int) -> Any:
        """``player``'s view of the game, or ``None`` during the deal."""
        return None if self.current is None else self.encoding.view_of(self.current, player)


class SpielObserver:
    """Observation and information-state tensors and strings (OpenSpiel's PyObserver).

    Raises:
        ValueError: If ``params`` are given, or the observation type asks for every
            player's private cards (no game here has such an observer).
    """

    def __init__(
        self,
        encoding: Encoding[Any, Any, Any, Any],
        players: int,
        iig_obs_type: pyspiel.IIGObservationType,
        params: dict[str, Any] | None,
    ) -> None:
        name = encoding.game.name
        if params:
            raise ValueError(f"the {name} observer takes no parameters, not {quote(params)}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(f"{name} has no observer of every player's private cards ({encoding.hidden_rules})")
        self.encoding = encoding
        self.players = players
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.recall = bool(iig_obs_type.perfect_recall)
        pieces = [("observation", encoding.observation_size(players))]
        if self.recall:
            pieces.append(("actions", encoding.recall_size(players)))
        self.tensor = np.zeros(sum(length for _, length in pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        at = 0
        for piece, length in pieces:
            self.dict[piece] = self.tensor[at : at + length]
            at += length
        self._hidden = list(encoding.private_blocks(players))

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees (and remembers) in ``state``."""
        self.tensor.fill(0)
        seen = state.seen_by(player)
        if seen is None:
            return
        vector = self.encoding.encode_view(seen)
        if not self.private:
            for start, length in self._hidden:
                vector[start : start + length] = 0
        if not self.public and not self.private:
            vector[:] = 0
        self.dict["observation"][:] = vector
        if self.recall:
            actions = self.dict["actions"]
            for seat, move, _ in state.log:
                self.encoding.recall(actions, (seat - player) % self.players, move)

    def string_from(self, state: SpielState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        if state.current is None:
            return f"p{player} {state._dealing_observation()}"
        game = self.encoding.game
        seen = game.view(state.current, player if self.private else None)
        lines = [f"p{player}", self.encoding.text(seen)]
        if self.recall:
            for seat, move, hand in state.log:
                held = (
                    f" holding {' '.join(self.encoding.card_text(card) for card in hand)}"
                    if seat == player and self.private and hand
                    else ""
                )
                lines.append(f"seat {seat}: {game.move_text(move)}{held}")
        return "\n".join(lines)


class SeedSpielGame(SpielGame):
    """The OpenSpiel game derived for a game whose encoding names no game of its own: a
    chance node draws the seed, then the game (see the module's description). Each game
    has a subclass of its own, made by :func:`spiel_game_for`, which sets
    :attr:`~SpielGame.encoding` and :attr:`game_type`.

    Raises:
        InvalidStateError: If ``params`` is not a dict of the game's parameters, ``players``
            is not allowed, ``move_limit`` is not an int from 1, or the encoding refuses a
            table option (:meth:`~eighthalf.envs.base.Encoding.spiel_rules`).
    """

    game_type: pyspiel.GameType
    """The game's type, as registered with pyspiel."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        encoding = self.encoding
        defaults = self.game_type.parameter_specification
        values = check_params(params, defaults)
        players, move_limit = values["players"], values["move_limit"]
        if type(move_limit) is not int:  # OpenSpiel's parameters have no None: the limit is always set
            raise InvalidStateError(f"move_limit must be an int from 1 to 2**53 - 1, not {quote(move_limit)}")
        options = {name: values[name] for name in encoding.spiel_parameters}
        self.rules, self.move_limit = encoding.table(encoding.spiel_rules(options), move_limit)
        encoding.game.start(players, seed=0, rules=self.rules)  # checks the table
        self.players = players
        low, high = encoding.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions,
            max_chance_outcomes=SEEDS,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=move_limit,
        )
        super().__init__(self.game_type, info, {name: values[name] for name in defaults})

    def new_initial_state(self) -> SeedSpielState:
        """The state before the deal: one chance node, the seed, comes first."""
        return SeedSpielState(self)

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any]], SpielGame], tuple[str, dict[str, Any]]]:
        """Pickle as the game's key and parameters (:func:`derived_game`): the class is made
        by :func:`spiel_game_for`, so it is found again by the game's key, in another
        process too, not by a name in this module."""
        return derived_game, (self.game_type.short_name.removeprefix("python_"), self.get_parameters())


class SeedSpielState(SpielState):
    """A state of a :class:`SeedSpielGame`: the chance node of the seed, then the game's
    own state (``current``)."""

    def _seed(self, action: object) -> int:
        """The seed a chance action deals.

        Raises:
            IllegalMoveError: If ``action`` is not an int from 0 to 65,535.
        """
        if isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int or not 0 <= action < SEEDS:
            raise IllegalMoveError(
                quote(action), f"a chance outcome is a seed from 0 to {SEEDS - 1}", self.encoding.deal_rule
            )
        return action

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed, each with probability 1/65,536.

        Raises:
            InvalidStateError: If the deal is over (not a chance node).
        """
        self._check_dealing()
        return [(seed, 1 / SEEDS) for seed in range(SEEDS)]

    def _deal(self, action: int) -> None:
        self.current = self.encoding.game.start(self.players, seed=self._seed(action), rules=self.rules)

    def _deal_string(self, action: int) -> str:
        return f"seed {self._seed(action)}"

    def _dealing_string(self) -> str:
        return "dealing: the seed is to be drawn"

    def _dealing_observation(self) -> str:
        return "dealing"

    def _hand(self, seat: int) -> tuple[Any, ...]:
        return self.encoding.hand_of(self.current, seat)

    def _blank(self) -> SeedSpielState:
        return type(self)(self.get_game())

    def _copy_deal(self, other: SpielState) -> None:
        """Nothing to copy: the deal is one chance node."""

    def _forget_deal(self) -> None:
        """Nothing to forget: the sampled state has a seed of its own."""


class SpielBot:
    """An OpenSpiel bot playing as an eighthalf bot (:class:`~eighthalf.players.players.Bot`)
    of the game of a :class:`~eighthalf.envs.spiel.SpielGame`, through this adapter.

    ``make`` builds the OpenSpiel bot for a game and a numpy ``RandomState`` (seeded
    from the ``rng`` of each decision, so play is reproducible); :meth:`ismcts` makes
    OpenSpiel's own IS-MCTS bot. Each decision turns the bot's view into a state of
    ``game`` (the hidden cards dealt at random by the game's ``sample_state``) and asks
    the bot for its action; an IS-MCTS bot then resamples the hidden cards itself
    (:meth:`~eighthalf.envs.spiel.SpielState.resample_from_infostate`). The bot never
    sees the real hidden cards.
    """

    def __init__(
        self, game: SpielGame, make: Callable[[SpielGame, np.random.RandomState], Any], name: str = "openspiel"
    ) -> None:
        self.game = game
        self.make = make
        self.name = name

    @classmethod
    def ismcts(cls, game: SpielGame, simulations: int = 50, uct_c: float = 2.0) -> SpielBot:
        """OpenSpiel's IS-MCTS bot with random roll-outs and ``simulations`` per decision.

        Raises:
            InvalidStateError: If ``simulations`` is not an int from 1 (OpenSpiel's bot
                would stop at its first search with a bare ``AssertionError``).
        """
        if type(simulations) is not int or simulations < 1:
            raise InvalidStateError(f"simulations must be an int from 1, not {quote(simulations)}")
        from open_spiel.python.algorithms import ismcts, mcts

        def make(game: SpielGame, rng: np.random.RandomState) -> Any:
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

    def choose(self, seen: Any, rng: random.Random) -> Any:
        """The OpenSpiel bot's action for ``seen``, as a move.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
            InvalidStateError: If the view's table has another number of players than the
                bot's game (its search would be of the wrong game).
        """
        encoding = self.game.encoding
        moves = encoding.legal_moves(seen)
        if not moves:
            raise ValueError(f"no legal moves: it is not this seat's turn or the {encoding.episode} is over")
        players = encoding.players_of(seen)
        if players != self.game.players:
            raise InvalidStateError(
                f"this bot searches a game of {self.game.players} players, not this {encoding.episode} of {players}:"
                " make it for a game of the table's players"
            )
        if len(moves) == 1:
            return moves[0]
        state = self.game.new_initial_state()
        state._forget_deal()
        state.current = encoding.game.sample_state(seen, rng)
        bot = self.make(self.game, np.random.RandomState(rng.getrandbits(32)))
        return encoding.action_to_move(int(bot.step(state)), seen)


def derived_game(game: str, params: dict[str, Any]) -> SpielGame:
    """The OpenSpiel game of a registered game (its name, key or alias) with ``params``:
    :func:`spiel_game_for`'s class, registered first if need be; what a pickled
    :class:`SeedSpielGame` is made again by.

    Raises:
        EighthalfError: As :func:`spiel_game_for` does.
        InvalidStateError: If the class refuses ``params``.
    """
    return spiel_game_for(game)(params)


_lock = threading.Lock()
_derived: dict[str, type[SeedSpielGame]] = {}


def spiel_game_for(game: str) -> type[SpielGame]:
    """The OpenSpiel game class of a registered game with an encoding (its name, key or
    alias), registered with pyspiel as ``python_<key>``: the encoding's own
    (:attr:`~eighthalf.envs.base.Encoding.spiel_game`, whose module registers it under
    that name when imported), or a :class:`SeedSpielGame` made for it on first asking.

    Raises:
        EighthalfError: If no game of that name is registered, or it has no encoding.
        RegistryError: If another game is registered with pyspiel under the name.
    """
    entry = find(game)
    encoding = encoding_for(entry)
    if encoding.spiel_game is not None:
        own: type[SpielGame] = load_object(encoding.spiel_game)
        return own
    with _lock:
        made = _derived.get(entry.key)
        if made is None:
            if f"python_{entry.key}" in pyspiel.registered_names():
                raise RegistryError(f"another OpenSpiel game is registered as python_{entry.key}")
            counts = encoding.game.player_counts(encoding.game.default_rules)
            defaults = {
                "players": encoding.default_players,
                "move_limit": encoding.default_move_limit,
                **encoding.spiel_parameters,
            }
            game_type = pyspiel.GameType(
                short_name=f"python_{entry.key}",
                long_name=f"Python {entry.name}",
                dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
                chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
                information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
                utility=pyspiel.GameType.Utility.GENERAL_SUM,
                reward_model=pyspiel.GameType.RewardModel.TERMINAL,
                max_num_players=counts[-1],
                min_num_players=counts[0],
                provides_information_state_string=True,
                provides_information_state_tensor=True,
                provides_observation_string=True,
                provides_observation_tensor=True,
                parameter_specification=defaults,
            )
            name = f"{entry.key.capitalize()}SpielGame"
            doc = f"The OpenSpiel game of {entry.name}, ``python_{entry.key}`` (a :class:`SeedSpielGame`)."
            made = type(name, (SeedSpielGame,), {"encoding": encoding, "game_type": game_type, "__doc__": doc})
            made.__module__ = __name__
            pyspiel.register_game(game_type, made)
            _derived[entry.key] = made
    return made


def register_spiel_games() -> list[str]:
    """Register the OpenSpiel game of every registered game with an encoding
    (:func:`spiel_game_for`) and return their short names, in the registry's order."""
    names = []
    for entry in games():
        if entry.encoding is not None:
            spiel_game_for(entry.key)
            names.append(f"python_{entry.key}")
    return names
