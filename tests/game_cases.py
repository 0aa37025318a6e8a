"""The game objects the conformance suite (``tests/test_game_protocol.py``) runs over.

Each :class:`Case` holds a game object and the little the suite cannot ask the protocol:
the multiset of every card of a state (card conservation), the game's own
``apply_with_events`` (which ``describe`` must agree with), its records module, rules to
play with and rules to write as tags. A third game joins the suite with one more case.
The module-level ``Game[...]`` annotations are the static check: mypy refuses a game
object that does not satisfy the protocol with its own types.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

import eighthalf.eights.records as eights_records
import eighthalf.records as round_records
from eighthalf import COMPOSITION, GameState, Move, PlayerView, Rules
from eighthalf.common.game import Game
from eighthalf.eights import GameState as EightsState
from eighthalf.eights import Move as EightsMove
from eighthalf.eights import PlayerView as EightsView
from eighthalf.eights import Rules as EightsRules
from eighthalf.eights.cards import DECK as EIGHTS_DECK
from eighthalf.eights.events import Event as EightsEvent
from eighthalf.eights.events import apply_with_events as eights_apply_with_events
from eighthalf.eights.game import EIGHTS
from eighthalf.events import Event
from eighthalf.events import apply_with_events as round_apply_with_events
from eighthalf.game import MATCH, ROUND, MatchGame
from eighthalf.match import Match, MatchEvent, MatchMove, MatchView

__all__ = ["CASES", "Case", "Play", "play"]

# The static check: each game object is a Game of its own five types.
ROUND_GAME: Game[GameState, Move, PlayerView, Event, Rules] = ROUND
MATCH_GAME: Game[Match, MatchMove, MatchView, MatchEvent, Rules] = MATCH
SHORT_MATCH_GAME: Game[Match, MatchMove, MatchView, MatchEvent, Rules] = MatchGame(2)
EIGHTS_GAME: Game[EightsState, EightsMove, EightsView, EightsEvent, EightsRules] = EIGHTS


def round_cards(state: GameState) -> Counter[Hashable]:
    """Every card of a round of 8½: the pile and every seat's hand, bank, open, blind and collected cards (S1)."""
    cards: Counter[Hashable] = Counter(card.rank for card in state.pile)
    for seat in state.seats:
        for zone in (seat.hand, seat.bank, seat.open, seat.blind, seat.collected):
            cards.update(zone)
    return cards


def match_cards(match: Match) -> Counter[Hashable]:
    """Every card of a match: its current round's (M2 deals every round from all 72)."""
    return round_cards(match.state)


def eights_cards(state: EightsState) -> Counter[Hashable]:
    """Every card of a game of Eights: the table, the hands, the stack and the score piles (WS1)."""
    hand = state.hand
    cards: Counter[Hashable] = Counter(hand.table)
    cards.update(hand.stack)
    for seat in range(hand.players):
        cards.update(hand.hands[seat])
        cards.update(hand.pile_cards(seat))
    return cards


def _match_apply_with_events(match: Match, move: MatchMove) -> tuple[Match, tuple[MatchEvent, ...]]:
    return match.apply_with_events(move)


def _round_record(players: int, seed: int, rules: Any, moves: tuple[Any, ...]) -> Any:
    return round_records.Record(players=players, seed=seed, rules=rules, moves=moves)


def _match_record(rounds: int) -> Callable[[int, int, Any, tuple[Any, ...]], Any]:
    def record(players: int, seed: int, rules: Any, moves: tuple[Any, ...]) -> Any:
        return round_records.Record(players=players, seed=seed, rules=rules, rounds=rounds, moves=moves)

    return record


def _eights_record(players: int, seed: int, rules: Any, moves: tuple[Any, ...]) -> Any:
    return eights_records.Record(players=players, seed=seed, rules=rules, moves=moves)


@dataclass(frozen=True)
class Case:
    """One game object and what the suite needs to know of it beyond the protocol."""

    id: str
    """The test id."""
    game: Game[Any, Any, Any, Any, Any]
    """The game object."""
    players: tuple[int, ...]
    """The player counts to play (seeded play goes through each)."""
    deck: Counter[Hashable]
    """The multiset of all the game's cards."""
    cards: Callable[[Any], Counter[Hashable]]
    """The multiset of all cards of a state, wherever they are."""
    apply_with_events: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]
    """The game's own ``apply_with_events``."""
    records: ModuleType
    """The game's records module (``Record``, ``dumps``, ``loads``, ``replay``)."""
    record: Callable[[int, int, Any, tuple[Any, ...]], Any]
    """A record of ``players``, ``seed``, ``rules`` and ``moves``."""
    play_rules: Any
    """The rules seeded play uses (short games where the rules allow)."""
    tag_rules: tuple[Any, ...]
    """Rules that the tags round trip is tried on."""
    games: int
    """How many games seeded play goes through."""


CASES: tuple[Case, ...] = (
    Case(
        "round",
        ROUND,
        (2, 3, 4, 5),
        Counter(COMPOSITION),
        round_cards,
        round_apply_with_events,
        round_records,
        _round_record,
        Rules(),
        (
            Rules(),
            Rules(move_limit=300),
            Rules(min_players=3, max_players=7, open_runs=True),
            Rules(lock_next_only=True, halves_stop_at_8_half=True, single_opening=True, open_runs=True),
        ),
        6,
    ),
    Case(
        "match",
        MATCH,
        (3,),
        Counter(COMPOSITION),
        match_cards,
        _match_apply_with_events,
        round_records,
        _match_record(6),
        Rules(),
        (Rules(), Rules(move_limit=150, single_opening=True)),
        1,
    ),
    Case(
        "match2",
        MatchGame(2),
        (2, 4),
        Counter(COMPOSITION),
        match_cards,
        _match_apply_with_events,
        round_records,
        _match_record(2),
        Rules(),
        (Rules(), Rules(move_limit=100, open_runs=True)),
        2,
    ),
    Case(
        "eights",
        EIGHTS,
        (2, 3, 4, 6),
        Counter(EIGHTS_DECK),
        eights_cards,
        eights_apply_with_events,
        eights_records,
        _eights_record,
        EightsRules(target=20),
        (
            EightsRules(),
            EightsRules(target=10),
            EightsRules(turn_limit=40, may_pass_freely=True),
            EightsRules(target=200, turn_limit=5, may_pass_freely=True),
        ),
        4,
    ),
)
"""The game objects of eighthalf: 8½'s round, its match (6 rounds, and 2 for speed), Eights."""


@dataclass(frozen=True)
class Play:
    """A game played from a seed: its start, its moves and every state it went through."""

    players: int
    """The number of players."""
    seed: int
    """The seed of the deal."""
    moves: tuple[Any, ...]
    """The moves, in order."""
    states: tuple[Any, ...]
    """The first state and the state after every move (one more than the moves)."""


def play(case: Case, players: int, seed: int, *, limit: int = 100_000) -> Play:
    """A game of ``case`` played to the end, each move drawn by a ``random.Random(seed)``."""
    return _play(case.id, players, seed, limit)


@cache
def _play(case_id: str, players: int, seed: int, limit: int) -> Play:
    case = next(case for case in CASES if case.id == case_id)
    game = case.game
    rng = random.Random(seed)
    state = game.start(players, seed=seed, rules=case.play_rules)
    states: list[Any] = [state]
    moves: list[Any] = []
    while game.to_move(state) is not None and len(moves) < limit:
        move = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
        moves.append(move)
        states.append(state)
    return Play(players, seed, tuple(moves), tuple(states))
