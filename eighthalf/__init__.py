"""eighthalf: the card game 8½ (Eight and a Half) as a typed, immutable, pure library.

>>> from eighthalf import new_game, legal_moves, apply
>>> state = new_game(4, seed=7)
>>> while not state.over:
...     state = apply(state, legal_moves(state)[0])
>>> state.winner, state.points
(2, (0, 0, 3, 0))
"""

from .cards import COMPOSITION, DECK, RANKS, Colour, Rank
from .deal import new_game, shuffled_deck
from .engine import apply, apply_unchecked, is_legal, legal_moves
from .errors import DocumentError, EighthalfError, IllegalMoveError, InvalidStateError, ParseError
from .moves import BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay, parse_move
from .options import MAX_SEATS, Rules
from .position import position, rest_of_deck
from .state import GameState, Outcome, PileCard, Seat, Zone, call_text

__version__ = "0.1.0"

__all__ = [
    "COMPOSITION",
    "DECK",
    "MAX_SEATS",
    "RANKS",
    "BlindPlay",
    "Collect",
    "Colour",
    "DocumentError",
    "EightAndHalf",
    "EighthalfError",
    "GameState",
    "HandPlay",
    "IllegalMoveError",
    "InvalidStateError",
    "Move",
    "OpenPlay",
    "Outcome",
    "ParseError",
    "PileCard",
    "Rank",
    "Rules",
    "Seat",
    "Zone",
    "apply",
    "apply_unchecked",
    "call_text",
    "is_legal",
    "legal_moves",
    "new_game",
    "parse_move",
    "position",
    "rest_of_deck",
    "shuffled_deck",
]
