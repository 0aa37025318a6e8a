"""8½ in the registry of games (:mod:`eighthalf.registry`): declared once, here.

The entry point ``eighthalf = "eighthalf.games.eighthalf.entry:ENTRY"`` (group ``eighthalf.games``) finds
it; the command line, the game server, the schema builder, the environments and the
conformance suite read it, and name no game themselves.

>>> from eighthalf.registry import find
>>> find("8½") is ENTRY, ENTRY.game_of(3), ENTRY.rounds_of(ENTRY.game_of(3)), ENTRY.rounds_of(ENTRY.game)
(True, eighthalf.games.eighthalf.game.MatchGame(3), 3, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any, Final

import attrs

from eighthalf.core.game import Game
from eighthalf.core.i18n import LOCALES, N_
from eighthalf.formats.replay import GameRecord
from eighthalf.games.eighthalf.arguments import DEMO_OPTIONS, SIMULATE_OPTIONS
from eighthalf.games.eighthalf.bots import BOTS
from eighthalf.games.eighthalf.cards import COMPOSITION
from eighthalf.games.eighthalf.demo import demo_screen
from eighthalf.games.eighthalf.figures import COUNTERS, FIGURES
from eighthalf.games.eighthalf.game import EIGHTHALF, MatchGame, MatchPlayer
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.pictures import PICTURES
from eighthalf.games.eighthalf.reasons import REASONS, WORDS, refused_plays
from eighthalf.games.eighthalf.records import RECORD_FORMAT, Record
from eighthalf.games.eighthalf.serialization import REGISTRY
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.terminal import add_play_command
from eighthalf.registry import Commands, GameEntry, TableOption

__all__ = ["ENTRY", "round_cards"]


def round_cards(state: GameState) -> Counter[Hashable]:
    """Every card of a round of 8½: the pile and every seat's hand, bank, open, blind and
    collected cards (S1); of a match, its current round's (M2).

    >>> sum(round_cards(EIGHTHALF.start(3, seed=1)).values())
    72
    """
    if not isinstance(state, GameState):  # a match: its round holds the 72 cards
        state = state.state
    cards: Counter[Hashable] = Counter(card.rank for card in state.pile)
    for seat in state.seats:
        for zone in (seat.hand, seat.bank, seat.open, seat.blind, seat.collected):
            cards.update(zone)
    return cards


def _record(players: int, seed: int, rules: Any, rounds: int) -> GameRecord[Any, Any]:
    return Record(players=players, seed=seed, rules=rules, rounds=None if rounds == 1 else rounds)


def _rounds_of(game: Game[Any, Any, Any, Any, Any]) -> int:
    return game.rounds if isinstance(game, MatchGame) else 1


BOTS_MOVE_LIMIT: Final = 1000
"""The move limit (E7) of a table of bots alone whose creator set none: a round of bots ends."""


def _bounded(rules: Rules) -> Rules:
    return rules if rules.move_limit is not None else attrs.evolve(rules, move_limit=BOTS_MOVE_LIMIT)


def _endless(rules: Rules) -> str | None:
    if rules.move_limit is not None:
        return None
    return (
        "bots alone may play a round of 8½ for ever: give a table of bots only a move limit "
        '(rules {"move_limit": 1000}, E7)'
    )


ENTRY: Final = GameEntry(
    name="8½",
    key="eighthalf",
    aliases=("8.5", "8 1/2", "eight and a half"),
    game=EIGHTHALF,
    documents=REGISTRY,
    bots=BOTS,
    analysis_bot="search",
    records=RECORD_FORMAT,
    players_rule="S2",
    make_record=_record,
    cards=round_cards,
    deck=Counter(COMPOSITION),
    max_rounds=6,
    game_for=MatchGame,
    rounds_of=_rounds_of,
    wrap_bot=MatchPlayer,
    endless=_endless,
    bounded=_bounded,
    bot_words={
        "random": N_("plays any legal move"),
        "greedy": N_("quick, a beginner"),
        "search": N_("strong, thinks a moment"),
        "ismcts": N_("strongest, thinks longest"),
    },
    commands=Commands(
        help="8½'s commands: demo, play or simulate (also the command line's own)",
        description="The card game 8½ (its rules: the rules page of the docs, docs/rules.rst): a narrated demo, "
        "the terminal game, and simulations.",
        demo_help="play a seeded round between built-in bots, narrated move by move",
        demo_seed_help="the deal's seed (default 7)",
        demo_options=DEMO_OPTIONS,
        demo_screen=demo_screen,
        play=add_play_command,
        figures=FIGURES,
        figure_names=COUNTERS,
        simulate_options=SIMULATE_OPTIONS,
        simulate_help="play many seeded rounds between bots and summarise them",
        simulate_description="Play many seeded rounds between bots and print a summary (win rates and points by "
        "seat and bot, round lengths, catches, collects, failed blind cards); optionally write it as JSON or CSV, "
        "and every round as a JSON line.",
        count_help="how many rounds to play (default 1000)",
        lines_help="write one JSON line per round to PATH ('-' for stdout), in round order: "
        "round, seed, seats, winner, points, counts, length, moves",
    ),
    encoding="eighthalf.games.eighthalf.encoding:EIGHTHALF_ENCODING",
    schemas="eighthalf.games.eighthalf.schema_fields:SCHEMAS",
    order=0,
    reasons=REASONS,
    reason_words=WORDS,
    locales=LOCALES,
    board="eighthalf.games.eighthalf:board",
    howto="eighthalf.games.eighthalf:howto",
    table_options=(
        TableOption("move_limit", N_("Move limit"), N_("none: the round ends when a player goes out (E1)")),
        TableOption(
            "lock_next_only",
            N_("The 5-lock binds the next player only"),
            N_("P7: the 5-lock binds only the player facing the 5; a Ghost on it ends the lock"),
        ),
        TableOption("halves_stop_at_8_half", N_("No ½ of a run lands on 8½"), N_("P3: no ½ of a run may land on 8½")),
        TableOption("single_opening", N_("Open with a single card"), N_("S5: the opening play is exactly one card")),
        TableOption(
            "open_runs",
            N_("Open cards of one rank together"),
            N_("T3: several open cards of one rank may be played together"),
        ),
    ),
    refusals=refused_plays,
    pictures=PICTURES,
)
"""8½: a round (S1–E7), or a match of up to six rounds (M1–M3)."""
