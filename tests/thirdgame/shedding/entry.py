"""Shedding in the registry of games: its one :class:`~eighthalf.registry.GameEntry`.

The game's distribution declares it (``tests/thirdgame/shedding-0.1.dist-info/entry_points.txt``)::

    [eighthalf.games]
    shedding = shedding.entry:ENTRY
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Final

from eighthalf.console.arguments import int_type
from eighthalf.registry import Commands, GameEntry, RuleOption, RulesOptions

from .bots import BOTS
from .documents import REGISTRY
from .game import NAME, SHEDDING
from .records import RECORD_FORMAT
from .rules import DECK, GameState, Rules

__all__ = ["ENTRY", "OPTIONS", "cards"]


def cards(state: GameState) -> Counter[Hashable]:
    """Every card of a state: the hands, the stock and the pile."""
    found: Counter[Hashable] = Counter(state.stock)
    found.update(state.pile)
    for hand in state.hands:
        found.update(hand)
    return found


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
)
"""Shedding (SH1–SH8)."""
