"""Shedding in the registry of games: its one :class:`~eighthalf.common.registry.GameEntry`.

The game's distribution declares it (``tests/thirdgame/shedding-0.1.dist-info/entry_points.txt``)::

    [eighthalf.games]
    shedding = shedding.entry:ENTRY
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Final

from eighthalf.common.registry import Commands, GameEntry

from .bots import BOTS
from .commands import add_commands
from .documents import REGISTRY
from .game import NAME, SHEDDING
from .records import RECORD_FORMAT
from .rules import DECK, GameState

__all__ = ["ENTRY", "cards"]


def cards(state: GameState) -> Counter[Hashable]:
    """Every card of a state: the hands, the stock and the pile."""
    found: Counter[Hashable] = Counter(state.stock)
    found.update(state.pile)
    for hand in state.hands:
        found.update(hand)
    return found


ENTRY: Final = GameEntry(
    name=NAME,
    key="shedding",
    game=SHEDDING,
    documents=REGISTRY,
    bots=BOTS,
    records=RECORD_FORMAT,
    cards=cards,
    deck=Counter(DECK),
    commands=Commands(
        help="the matching game Shedding (a test's third game): demo, play or simulate",
        description="Shedding, a tiny game of matching cards for 2 to 4 players.",
        add_commands=add_commands,
    ),
    encoding="shedding.encoding:ENCODING",
    schemas="shedding.schemas:SCHEMAS",
    order=50,
)
"""Shedding (SH1–SH8)."""
