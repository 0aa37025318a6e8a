"""The OpenSpiel game of any game with an :class:`~eighthalf.envs.base.Encoding` (extra ``openspiel``).

:class:`SpielGame`, :class:`SpielState` and :class:`SpielObserver` are written once,
against the game protocol and the game's encoding; a game adds only its parameters and
its chance nodes (how the deal is made of chance outcomes). 8½'s ``python_eighthalf``
(:mod:`eighthalf.envs.openspiel`) and Eights' ``python_eights``
(:mod:`eighthalf.envs.eights.openspiel`) are made so. What they share:

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

    raise extra_missing(missing, "openspiel", "eighthalf.envs.spiel") from None

from ..errors import InvalidStateError, quote
from .base import Encoding

__all__ = ["SpielGame", "SpielObserver", "SpielState", "check_params"]


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
        assert seat is not None
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
