"""eighthalf: the card game 8½ (Eight and a Half) as a typed, immutable, pure library.

>>> from eighthalf import new_game, legal_moves, apply
>>> state = new_game(4, seed=7)
>>> while not state.over:
...     state = apply(state, legal_moves(state)[0])
>>> state.winner, state.points
(2, (0, 0, 3, 0))
"""

from eighthalf.build import BUILD
from eighthalf.core.version import __version__ as __version__
from eighthalf.errors import (
    DocumentError,
    EighthalfError,
    IllegalMoveError,
    InvalidStateError,
    NotAMoveError,
    ParseError,
)
from eighthalf.games.eighthalf.cards import COMPOSITION, DECK, RANKS, Colour, Rank
from eighthalf.games.eighthalf.deal import new_game, shuffled_deck
from eighthalf.games.eighthalf.engine import apply, apply_unchecked, is_legal, legal_moves
from eighthalf.games.eighthalf.events import Event, apply_with_events
from eighthalf.games.eighthalf.match import (
    Decline,
    Exchange,
    Match,
    MatchView,
    events_for,
    narrate,
    new_match,
    parse_match_move,
    view_match,
)
from eighthalf.games.eighthalf.moves import BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay, parse_move
from eighthalf.games.eighthalf.options import MAX_SEATS, Rules
from eighthalf.games.eighthalf.position import position, rest_of_deck
from eighthalf.games.eighthalf.state import GameState, Outcome, PileCard, Seat, Zone, call_text
from eighthalf.games.eighthalf.views import PlayerView, SeatView, sample_state, unseen_cards, view
from eighthalf.records import Record, replay
from eighthalf.serialization import from_data, to_data

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
