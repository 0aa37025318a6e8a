"""Shedding in the registry of games: its one :class:`~eighthalf.registry.GameEntry`.

The game's distribution declares it (``tests/thirdgame/shedding-0.1.dist-info/entry_points.txt``)::

    [eighthalf.games]
    shedding = shedding.entry:ENTRY
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any, Final

from eighthalf.console.arguments import int_type
from eighthalf.errors import IllegalMoveError
from eighthalf.registry import Commands, GameEntry, RuleOption, RulesOptions, TableOption

from .bots import BOTS
from .documents import REGISTRY
from .game import NAME, SHEDDING
from .records import RECORD_FORMAT
from .rules import DECK, GameState, Rules

__all__ = ["ENTRY", "OPTIONS", "cards", "refused_cards"]


def cards(state: GameState) -> Counter[Hashable]:
    """Every card of a state: the hands, the stock and the pile."""
    found: Counter[Hashable] = Counter(state.stock)
    found.update(state.pile)
    for hand in state.hands:
        found.update(hand)
    return found


def refused_cards(game: Any, state: GameState, seat: int) -> dict[str, IllegalMoveError]:
    """The cards of the hand of ``seat`` (to move) that the rules refuse now (SH4), each with the engine's error."""
    refused: dict[str, IllegalMoveError] = {}
    for card in game.view(state, seat).hand:
        try:
            game.apply(state, game.parse_move(card))
        except IllegalMoveError as error:
            refused[card] = error
    return refused


OPTIONS: Final = RulesOptions.of(
    Rules,
    RuleOption("hand_size", "cards dealt to each player, 3 to 5 (SH2)", int_type(3), default=5, always=True),
    RuleOption("move_limit", "the most moves of a game (SH7)", int_type(1)),
)
"""Shedding's rules on the command line: ``--hand-size`` (SH2) and ``--move-limit`` (SH7)."""


ENTRY: Final = GameEntry(
    name=NAME,
    key="shedding",
    game=SHEDDING,
    documents=REGISTRY,
    bots=BOTS,
    records=RECORD_FORMAT,
    cards=cards,
    deck=Counter(DECK),
    commands=Commands(help="the matching game Shedding (a test's third game): demo, play or simulate"),
    options=OPTIONS,
    encoding="shedding.encoding:ENCODING",
    schemas="shedding.schemas:SCHEMAS",
    order=50,
    board="shedding:board",
    refusals=refused_cards,
    table_options=(
        TableOption("hand_size", "Hand size", "cards dealt to each player, 3 to 5 (SH2)"),
        TableOption("move_limit", "Move limit", "the most moves of a game (SH7)"),
    ),
)
"""Shedding (SH1–SH8)."""
