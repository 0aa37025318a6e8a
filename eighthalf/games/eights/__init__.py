"""Eights (Eric Pederson, 1999): the word-spelling card game for 2 to 6 players, on 8½'s API.

The rule book is the Eights page of the docs (``docs/eights.rst``), rule ids WS1 … WI4. A
game is played as 8½'s round is: :func:`~eighthalf.eights.new_game`, then :func:`~eighthalf.eights.legal_moves` and
:func:`~eighthalf.eights.apply` until it is over.

>>> from eighthalf.eights import new_game, legal_moves, apply
>>> state = new_game(4, seed=7)
>>> while not state.over:
...     state = apply(state, legal_moves(state)[0])
>>> state.outcome
Outcome(totals=(6, 10, 18, 31), winners=(3,), target=30)
"""

from eighthalf.core.errors import (
    DocumentError,
    EighthalfError,
    IllegalMoveError,
    InvalidStateError,
    NotAMoveError,
    ParseError,
)
from eighthalf.games.eights.cards import CARDS, DECK, SUIT_LETTERS, SUITS, Card, card_texts, parse_card, parse_cards
from eighthalf.games.eights.deal import new_game
from eighthalf.games.eights.engine import apply, apply_unchecked, is_legal, legal_moves
from eighthalf.games.eights.events import (
    Drew,
    Event,
    GameOver,
    HandDealt,
    HandOver,
    Passed,
    Spelled,
    apply_with_events,
    events_for,
    narrate,
)
from eighthalf.games.eights.moves import PASS, Move, Pass, Spell, parse_move
from eighthalf.games.eights.options import HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, TARGETS, Rules
from eighthalf.games.eights.position import position, rest_of_deck
from eighthalf.games.eights.records import Record, replay
from eighthalf.games.eights.serialization import from_data, to_data
from eighthalf.games.eights.state import DEALT, GameState, HandState, Outcome
from eighthalf.games.eights.views import PlayerView, sample_state, unseen_cards, view
from eighthalf.games.eights.words import VALUES, WORDS, parse_word

__all__ = [
    "CARDS",
    "DEALT",
    "DECK",
    "HAND_SIZES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PASS",
    "SUITS",
    "SUIT_LETTERS",
    "TARGETS",
    "VALUES",
    "WORDS",
    "Card",
    "DocumentError",
    "Drew",
    "EighthalfError",
    "Event",
    "GameOver",
    "GameState",
    "HandDealt",
    "HandOver",
    "HandState",
    "IllegalMoveError",
    "InvalidStateError",
    "Move",
    "NotAMoveError",
    "Outcome",
    "ParseError",
    "Pass",
    "Passed",
    "PlayerView",
    "Record",
    "Rules",
    "Spell",
    "Spelled",
    "apply",
    "apply_unchecked",
    "apply_with_events",
    "card_texts",
    "events_for",
    "from_data",
    "is_legal",
    "legal_moves",
    "narrate",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_move",
    "parse_word",
    "position",
    "replay",
    "rest_of_deck",
    "sample_state",
    "to_data",
    "unseen_cards",
    "view",
]
