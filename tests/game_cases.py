"""The cases of the conformance suite (:mod:`eighthalf.testing.conformance`) for this library's tests.

The cases are read from the registry of games (:mod:`eighthalf.registry`): every
registered game is a case (an :class:`eighthalf.testing.Case`), and a game of several
rounds is a case of each of its match lengths named in :data:`OVERRIDES`. A game joins
the suite by registering; :data:`OVERRIDES` only tunes the play of the games here (short
targets, richer rules tags, the games' own ``apply_with_events``), never what is
checked. The module-level ``Game[...]`` annotations are the static check: mypy refuses a
game object that does not satisfy the protocol with its own types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from eighthalf import GameState, Move, PlayerView, Rules
from eighthalf.core.game import Game
from eighthalf.eights import GameState as EightsState
from eighthalf.eights import Move as EightsMove
from eighthalf.eights import PlayerView as EightsView
from eighthalf.eights import Rules as EightsRules
from eighthalf.games.eighthalf.events import Event
from eighthalf.games.eighthalf.events import apply_with_events as round_apply_with_events
from eighthalf.games.eighthalf.game import EIGHTHALF, MATCH, MatchGame
from eighthalf.games.eighthalf.match import Match, MatchEvent, MatchMove, MatchView
from eighthalf.games.eights.events import Event as EightsEvent
from eighthalf.games.eights.events import apply_with_events as eights_apply_with_events
from eighthalf.games.eights.game import EIGHTS
from eighthalf.registry import GameEntry, games
from eighthalf.testing import Case, Play

__all__ = ["CASES", "OVERRIDES", "Case", "Play", "Tuning", "play"]
# The static check: each game object is a Game of its own five types.
EIGHTHALF_GAME: Game[GameState, Move, PlayerView, Event, Rules] = EIGHTHALF
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


def _case(entry: GameEntry, rounds: int, tuning: Tuning) -> Case:
    game = entry.game_of(rounds)
    return Case(
        entry=entry,
        rounds=rounds,
        id=_IDS.get((entry.key, rounds), entry.key if rounds == 1 else f"{entry.key}{rounds}"),
        players=tuning.players or tuple(game.player_counts(game.default_rules)),
        play_rules=game.default_rules if tuning.play_rules is None else tuning.play_rules,
        tag_rules=tuning.tag_rules,
        games=tuning.games,
        apply_with_events=tuning.apply_with_events,
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


def play(case: Case, players: int, seed: int) -> Play:
    """A game of ``case`` played to the end, each move drawn by a ``random.Random(seed)`` (kept on the case)."""
    return case.play(players, seed)
