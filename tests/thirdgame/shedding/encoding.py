"""Shedding's environment encoding (:class:`eighthalf.envs.base.Encoding`): 26 actions, a flat observation.

Action ``i < 24`` plays card ``DECK[i]``, 24 draws, 25 passes. The observation is the hand,
the top of the pile and the cards played (24 each, one-hot), each seat's hand size from
the viewer on, the stock's size, and 1 if it is the viewer's turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from eighthalf.envs.base import Encoding
from eighthalf.errors import IllegalMoveError, InvalidStateError, quote

from .game import SHEDDING
from .rules import DECK, Draw, GameState, Move, Pass, Play, PlayerView, Rules

__all__ = ["ENCODING", "NUM_ACTIONS", "SheddingEncoding"]

NUM_ACTIONS: Final = len(DECK) + 2
_AT: Final = {card: index for index, card in enumerate(DECK)}
_CARDS: Final = len(DECK)


def _checked(seen: object) -> PlayerView:
    if type(seen) is not PlayerView or seen.seat is None:
        raise InvalidStateError(f"expected a seat's view of Shedding, not {quote(seen)}")
    return seen


def _action(move: Move) -> int:
    if type(move) is Play:
        return _AT[move.card]
    return _CARDS if type(move) is Draw else _CARDS + 1


class SheddingEncoding(Encoding[GameState, Move, PlayerView, Rules]):
    """Shedding for the adapters (PettingZoo, Gymnasium, OpenSpiel)."""

    game = SHEDDING
    env_name = "shedding_v0"
    num_actions = NUM_ACTIONS
    default_move_limit = 500
    hidden_rules = "SH2, SH5"
    default_players = 3
    deal_rule = "SH2"
    rules_name = "a shedding Rules"

    def action_mask(self, seen: PlayerView) -> npt.NDArray[np.int8]:
        """1 for each legal action of the viewer."""
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        for move in _checked(seen).legal_moves():
            mask[_action(move)] = 1
        return mask

    def action_to_move(self, action: int, seen: PlayerView) -> Move:
        """The move of ``action``."""
        if type(action) is not int and isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            raise IllegalMoveError(quote(action), f"an action is an int from 0 to {NUM_ACTIONS - 1}", "SH3")
        return Play(DECK[action]) if action < _CARDS else Draw() if action == _CARDS else Pass()

    def move_to_action(self, move: Move, seen: PlayerView) -> int:
        """The action of ``move``."""
        if type(move) not in (Play, Draw, Pass):
            raise IllegalMoveError(quote(move), "not a move of Shedding", "SH3")
        return _action(move)

    def observation_size(self, players: int) -> int:
        """3 × 24 cards, a hand size per seat, the stock, the turn."""
        return 3 * _CARDS + players + 2

    def encode_view(self, seen: PlayerView) -> npt.NDArray[np.float32]:
        """The viewer's observation."""
        seen = _checked(seen)
        out = np.zeros(self.observation_size(seen.players), dtype=np.float32)
        assert seen.seat is not None
        for card in seen.hand:
            out[_AT[card]] = 1
        out[_CARDS + _AT[seen.pile[-1]]] = 1
        for card in seen.pile:
            out[2 * _CARDS + _AT[card]] = 1
        for offset in range(seen.players):
            out[3 * _CARDS + offset] = seen.counts[(seen.seat + offset) % seen.players]
        out[3 * _CARDS + seen.players] = seen.stock
        out[3 * _CARDS + seen.players + 1] = float(not seen.over and seen.turn == seen.seat)
        return out

    def observation_high(self, players: int, rules: Rules) -> npt.NDArray[np.float32]:
        """1 for the cards and the turn, 24 for the sizes."""
        high = np.ones(self.observation_size(players), dtype=np.float32)
        high[3 * _CARDS : 3 * _CARDS + players + 1] = _CARDS
        return high

    def private_blocks(self, players: int) -> Sequence[tuple[int, int]]:
        """The hand."""
        return ((0, _CARDS),)

    def text(self, seen: PlayerView) -> str:
        """The table in one line."""
        hand = f", hand {' '.join(seen.hand)}" if seen.seat is not None else ""
        return f"pile {seen.pile[-1]}, stock {seen.stock}, hands {list(seen.counts)}, turn {seen.turn}{hand}"

    def recall_size(self, players: int) -> int:
        """The actions made, counted by the seat's place after the player."""
        return players * NUM_ACTIONS

    def recall(self, out: npt.NDArray[np.float32], turn: int, move: Move) -> None:
        """Count ``move`` for the seat ``turn`` places after the player."""
        out[turn * NUM_ACTIONS + _action(move)] += 1


ENCODING: Final = SheddingEncoding()
"""Shedding's encoding (the registry entry's ``encoding``)."""
