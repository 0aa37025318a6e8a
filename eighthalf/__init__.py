"""eighthalf: the card game 8½ (Eight and a Half) as a typed, immutable, pure library.

>>> from eighthalf import new_game, legal_moves, apply
>>> state = new_game(4, seed=7)
>>> while not state.over:
...     state = apply(state, legal_moves(state)[0])
>>> state.winner, state.points
(2, (0, 0, 3, 0))
"""

from .build import BUILD
from .cards import COMPOSITION, DECK, RANKS, Colour, Rank
from .deal import new_game, shuffled_deck
from .engine import apply, apply_unchecked, is_legal, legal_moves
from .errors import DocumentError, EighthalfError, IllegalMoveError, InvalidStateError, NotAMoveError, ParseError
from .events import Event, apply_with_events
from .match import Decline, Exchange, Match, MatchView, events_for, narrate, new_match, parse_match_move, view_match
from .moves import BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay, parse_move
from .options import MAX_SEATS, Rules
from .position import position, rest_of_deck
from .records import Record, replay
from .serialization import from_data, to_data
from .state import GameState, Outcome, PileCard, Seat, Zone, call_text
from .views import PlayerView, SeatView, sample_state, unseen_cards, view

__version__ = "0.1.0"

__all__ = [
    "BUILD",
    "COMPOSITION",
    "DECK",
    "MAX_SEATS",
    "RANKS",
    "BlindPlay",
    "Collect",
    "Colour",
    "Decline",
    "DocumentError",
    "EightAndHalf",
    "EighthalfError",
    "Event",
    "Exchange",
    "GameState",
    "HandPlay",
    "IllegalMoveError",
    "InvalidStateError",
    "Match",
    "MatchView",
    "Move",
    "NotAMoveError",
    "OpenPlay",
    "Outcome",
    "ParseError",
    "PileCard",
    "PlayerView",
    "Rank",
    "Record",
    "Rules",
    "Seat",
    "SeatView",
    "Zone",
    "apply",
    "apply_unchecked",
    "apply_with_events",
    "call_text",
    "events_for",
    "from_data",
    "is_legal",
    "legal_moves",
    "narrate",
    "new_game",
    "new_match",
    "parse_match_move",
    "parse_move",
    "position",
    "replay",
    "rest_of_deck",
    "sample_state",
    "shuffled_deck",
    "to_data",
    "unseen_cards",
    "view",
    "view_match",
]
