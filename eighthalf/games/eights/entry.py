"""Eights in the registry of games (:mod:`eighthalf.registry`): declared once, here.

The entry point ``eights = "eighthalf.games.eights.entry:ENTRY"`` (group ``eighthalf.games``)
finds it; the command line, the game server, the schema builder, the environments and
the conformance suite read it, and name no game themselves.

>>> from eighthalf.registry import find
>>> find("Eights") is ENTRY, ENTRY.key
(True, 'eights')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Final

from eighthalf.core.i18n import LOCALES, N_
from eighthalf.games.eights.bots import BOTS
from eighthalf.games.eights.cards import DECK
from eighthalf.games.eights.demo import demo_screen
from eighthalf.games.eights.figures import FIGURE_NAMES, FIGURES
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.pictures import PICTURES
from eighthalf.games.eights.reasons import REASONS
from eighthalf.games.eights.records import RECORD_FORMAT
from eighthalf.games.eights.serialization import REGISTRY
from eighthalf.games.eights.state import GameState
from eighthalf.games.eights.terminal import RULES_OPTIONS, add_play_command
from eighthalf.registry import Commands, GameEntry, TableOption

__all__ = ["ENTRY", "eights_cards"]


def eights_cards(state: GameState) -> Counter[Hashable]:
    """Every card of a game of Eights: the table, the hands, the stack and the score piles (WS1).

    >>> sum(eights_cards(EIGHTS.start(3, seed=1)).values())
    64
    """
    hand = state.hand
    cards: Counter[Hashable] = Counter(hand.table)
    cards.update(hand.stack)
    for seat in range(hand.players):
        cards.update(hand.hands[seat])
        cards.update(hand.pile_cards(seat))
    return cards


ENTRY: Final = GameEntry(
    name="Eights",
    key="eights",
    game=EIGHTS,
    documents=REGISTRY,
    bots=BOTS,
    analysis_bot="prospect",
    records=RECORD_FORMAT,
    cards=eights_cards,
    deck=Counter(DECK),
    # every hand ends (WH3), and spellings bring the target nearer (WG3): no table of bots plays for ever
    bot_words={
        "random": N_("plays any legal move"),
        "greedy": N_("quick, a beginner"),
        "search": N_("strong, thinks a moment"),
        "ismcts": N_("strong, thinks longest"),
        "prospect": N_("strongest, thinks a moment"),
    },
    commands=Commands(
        help="the word-spelling game Eights: demo, play or simulate",
        description="Eights, the word-spelling card game for 2 to 6 players (its rules: the Eights page of the "
        "docs, docs/eights.rst): a narrated demo, the terminal game, and simulations on the same runner as 8½'s.",
        demo_screen=demo_screen,
        play=add_play_command,
        figures=FIGURES,
        figure_names=FIGURE_NAMES,
        simulate_description="Play many seeded games of Eights between bots and print a summary (win rates and "
        "final points by seat and bot with 95% intervals, game lengths in turns and hands); optionally write it as "
        "JSON or CSV, and every game as a JSON line.",
        count_help="how many whole games to play (default 1000)",
        lines_help="write one JSON line per game to PATH ('-' for stdout), in game order: "
        "game, seed, seats, winners, totals, hands, turns, moves",
    ),
    options=RULES_OPTIONS,
    encoding="eighthalf.games.eights.encoding:EIGHTS_ENCODING",
    schemas="eighthalf.games.eights.schema_fields:SCHEMAS",
    reasons=REASONS,
    locales=LOCALES,
    order=1,
    board="eighthalf.games.eights:board",
    howto="eighthalf.games.eights:howto",
    table_options=(
        TableOption(
            "target", N_("Target"), N_("the score that ends the game (WG1); empty: the rule book's"), N_("rule book")
        ),
        TableOption("turn_limit", N_("Turn limit"), N_("the most turns of a hand; empty: none")),
        TableOption("may_pass_freely", N_("Pass freely"), N_("a player may pass even with a word to spell")),
    ),
    pictures=PICTURES,
)
"""Eights, the word-spelling game (WS1–WI4)."""
