"""The game objects the conformance suite (``tests/test_game_protocol.py``) runs over.

The cases are read from the registry of games (:mod:`eighthalf.registry`): every
registered game is a case, with what the suite needs of it taken from its entry (its
documents, bots, records, cards and deck), and a game of several rounds is a case of each
of its match lengths named in :data:`OVERRIDES`. A game joins the suite by registering;
:data:`OVERRIDES` only tunes the play of the games here (short targets, richer rules
tags), never what is checked. The module-level ``Game[...]`` annotations are the static
check: mypy refuses a game object that does not satisfy the protocol with its own types.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from eighthalf import GameState, Move, PlayerView, Rules
from eighthalf.core.game import Game
from eighthalf.core.game import apply_with_events as generic_apply_with_events
from eighthalf.eights import GameState as EightsState
from eighthalf.eights import Move as EightsMove
from eighthalf.eights import PlayerView as EightsView
from eighthalf.eights import Rules as EightsRules
from eighthalf.formats.documents import Registry
from eighthalf.formats.replay import GameRecord, RecordFormat
from eighthalf.games.eighthalf.events import Event
from eighthalf.games.eighthalf.events import apply_with_events as round_apply_with_events
from eighthalf.games.eighthalf.game import MATCH, ROUND, MatchGame
from eighthalf.games.eighthalf.match import Match, MatchEvent, MatchMove, MatchView
from eighthalf.games.eights.events import Event as EightsEvent
from eighthalf.games.eights.events import apply_with_events as eights_apply_with_events
from eighthalf.games.eights.game import EIGHTS
from eighthalf.registry import GameEntry, games

__all__ = ["CASES", "OVERRIDES", "Case", "Play", "play"]

# The static check: each game object is a Game of its own five types.
ROUND_GAME: Game[GameState, Move, PlayerView, Event, Rules] = ROUND
MATCH_GAME: Game[Match, MatchMove, MatchView, MatchEvent, Rules] = MATCH
SHORT_MATCH_GAME: Game[Match, MatchMove, MatchView, MatchEvent, Rules] = MatchGame(2)
EIGHTS_GAME: Game[EightsState, EightsMove, EightsView, EightsEvent, EightsRules] = EIGHTS


def _match_apply_with_events(match: Match, move: MatchMove) -> tuple[Match, tuple[MatchEvent, ...]]:
    return match.apply_with_events(move)


@dataclass(frozen=True)
class Tuning:
    """How the suite plays one game of the registry (never what it checks)."""

    players: tuple[int, ...] | None = None
    """The player counts to play (``None``: every count the default rules allow)."""
    play_rules: Any = None
    """The rules seeded play uses (``None``: the default rules)."""
    tag_rules: tuple[Any, ...] = ()
    """Rules, besides the default ones, that the tags round trip is tried on."""
    games: int = 2
    """How many games seeded play goes through."""
    apply_with_events: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]] | None = None
    """The game's own ``apply_with_events``, which ``describe`` must agree with (``None``: the generic one)."""
    rounds: tuple[tuple[int, Tuning], ...] = ()
    """Games of several rounds to check too, by their number of rounds."""


OVERRIDES: Mapping[str, Tuning] = {
    "eighthalf": Tuning(
        players=(2, 3, 4, 5),
        tag_rules=(
            Rules(move_limit=300),
            Rules(min_players=3, max_players=7, open_runs=True),
            Rules(lock_next_only=True, halves_stop_at_8_half=True, single_opening=True, open_runs=True),
        ),
        games=6,
        apply_with_events=round_apply_with_events,
        rounds=(
            (
                6,
                Tuning(
                    players=(3,),
                    tag_rules=(Rules(move_limit=150, single_opening=True),),
                    games=1,
                    apply_with_events=_match_apply_with_events,
                ),
            ),
            (
                2,
                Tuning(
                    players=(2, 4),
                    tag_rules=(Rules(move_limit=100, open_runs=True),),
                    games=2,
                    apply_with_events=_match_apply_with_events,
                ),
            ),
        ),
    ),
    "eights": Tuning(
        players=(2, 3, 4, 6),
        play_rules=EightsRules(target=20),
        tag_rules=(
            EightsRules(target=10),
            EightsRules(turn_limit=40, may_pass_freely=True),
            EightsRules(target=200, turn_limit=5, may_pass_freely=True),
        ),
        games=4,
        apply_with_events=eights_apply_with_events,
    ),
}
"""How the suite plays the games of this library, by registry key."""

_IDS = {("eighthalf", 1): "round", ("eighthalf", 6): "match", ("eighthalf", 2): "match2"}


@dataclass(frozen=True)
class Case:
    """One game object and what the suite needs to know of it, from its registry entry."""

    id: str
    """The test id."""
    entry: GameEntry
    """The game's entry in the registry."""
    game: Game[Any, Any, Any, Any, Any]
    """The game object."""
    rounds: int
    """The rounds of its games (1 but for a match)."""
    players: tuple[int, ...]
    """The player counts to play (seeded play goes through each)."""
    apply_with_events: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]
    """The game's own ``apply_with_events``."""
    play_rules: Any
    """The rules seeded play uses (short games where the rules allow)."""
    tag_rules: tuple[Any, ...]
    """Rules that the tags round trip is tried on."""
    games: int
    """How many games seeded play goes through."""

    @property
    def deck(self) -> Counter[Hashable]:
        """The multiset of all the game's cards."""
        return self.entry.deck

    def cards(self, state: Any) -> Counter[Hashable]:
        """The multiset of all cards of a state, wherever they are."""
        return self.entry.cards(state)

    @property
    def records(self) -> RecordFormat[Any]:
        """The game's record format (``dumps``, ``loads``)."""
        return self.entry.records

    @property
    def documents(self) -> Registry:
        """The game's JSON documents."""
        return self.entry.documents

    @property
    def bots(self) -> Mapping[str, Callable[[], Any]]:
        """The game's built-in bots."""
        return self.entry.bots

    def record(self, players: int, seed: int, rules: Any, moves: tuple[Any, ...]) -> GameRecord[Any, Any]:
        """A record of ``players``, ``seed``, ``rules`` and ``moves``."""
        made = self.entry.make_record(players, seed, rules, self.rounds)
        for move in moves:
            made = made.played(move)
        return made


def _case(entry: GameEntry, rounds: int, tuning: Tuning) -> Case:
    game = entry.game_of(rounds)
    counts = game.player_counts(game.default_rules)
    return Case(
        id=_IDS.get((entry.key, rounds), entry.key if rounds == 1 else f"{entry.key}{rounds}"),
        entry=entry,
        game=game,
        rounds=rounds,
        players=tuning.players or tuple(counts),
        apply_with_events=tuning.apply_with_events
        or (lambda state, move: generic_apply_with_events(game, state, move)),
        play_rules=game.default_rules if tuning.play_rules is None else tuning.play_rules,
        tag_rules=(game.default_rules, *tuning.tag_rules),
        games=tuning.games,
    )


def _cases() -> tuple[Case, ...]:
    cases: list[Case] = []
    for entry in games():
        tuning = OVERRIDES.get(entry.key, Tuning())
        cases.append(_case(entry, 1, tuning))
        cases.extend(_case(entry, rounds, more) for rounds, more in tuning.rounds)
    return tuple(cases)


CASES: tuple[Case, ...] = _cases()
"""Every registered game: 8½'s round, its match (6 rounds, and 2 for speed), Eights, and any other."""


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
