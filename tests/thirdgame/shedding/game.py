"""Shedding as a game object of the game protocol (:class:`eighthalf.core.game.Game`).

>>> from eighthalf.core.game import play_out
>>> SHEDDING.result(play_out(SHEDDING, SHEDDING.start(2, seed=1), lambda state, moves: moves[0]))
Result(scores=(0, 2), winners=(1,))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from eighthalf.core.game import Game, Result
from eighthalf.formats.records import int_tags, tag_ints

from . import rules as r
from .rules import Event, GameState, Move, PlayerView, Rules

__all__ = ["NAME", "SHEDDING", "SheddingGame"]

NAME: Final = "Shedding"
"""The game's name and its records' ``Game`` tag."""
_TAGS: Final = (("HandSize", "hand_size"), ("MoveLimit", "move_limit"))


class SheddingGame:
    """Shedding (SH1–SH8) as a game object: the functions of :mod:`shedding.rules`, unchanged."""

    __slots__ = ()

    @property
    def name(self) -> str:
        """``"Shedding"``."""
        return NAME

    @property
    def default_rules(self) -> Rules:
        """Hands of 5, no move limit."""
        return Rules()

    def player_counts(self, rules: Rules) -> range:
        """2 to 4 players (SH2)."""
        return range(2, 5)

    def result(self, state: GameState) -> Result | None:
        """The result once over (SH8)."""
        return r.result(state)

    start = staticmethod(r.start)
    to_move = staticmethod(r.to_move)
    legal_moves = staticmethod(r.legal_moves)
    apply = staticmethod(r.apply)
    apply_unchecked = staticmethod(r.apply_unchecked)
    describe = staticmethod(r.describe)
    events_for = staticmethod(r.events_for)
    view = staticmethod(r.view)
    sample_state = staticmethod(r.sample_state)
    move_text = staticmethod(r.move_text)
    parse_move = staticmethod(r.parse_move)
    narrate = staticmethod(r.narrate)

    def rules_tags(self, rules: Rules) -> tuple[tuple[str, str], ...]:
        """``HandSize`` and ``MoveLimit`` where they are not the default."""
        return int_tags(rules, _TAGS, Rules())

    def rules_from_tags(self, tags: Mapping[str, str]) -> Rules:
        """The rules that ``HandSize`` and ``MoveLimit`` name."""
        return Rules(**tag_ints(tags, _TAGS, Rules))


SHEDDING: Final[Game[GameState, Move, PlayerView, Event, Rules]] = SheddingGame()
"""Shedding, the game object."""
