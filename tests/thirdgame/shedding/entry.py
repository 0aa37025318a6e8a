"""Shedding in the registry of games: its one :class:`~eighthalf.common.registry.GameEntry`.

The game's distribution declares it (``tests/thirdgame/shedding-0.1.dist-info/entry_points.txt``)::

    [eighthalf.games]
    shedding = shedding.entry:ENTRY
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Hashable
from typing import Final

from eighthalf.common.cli import int_type
from eighthalf.common.registry import Commands, GameEntry, RulesOptions

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


def _add_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hand-size", type=int_type(3), default=5, help="cards dealt to each player, 3 to 5 (SH2)")
    parser.add_argument("--move-limit", type=int_type(1), default=None, help="the most moves of a game (SH7)")


def _words(rules: Rules) -> tuple[str, ...]:
    limit = () if rules.move_limit is None else (f"--move-limit {rules.move_limit}",)
    return (f"--hand-size {rules.hand_size}", *limit)


OPTIONS: Final = RulesOptions(add=_add_rules, read=lambda args: Rules(args.hand_size, args.move_limit), words=_words)
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
