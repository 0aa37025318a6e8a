"""The options a table of Eights can agree on: :class:`Rules` (WR1, WR2), and the sizes of WS2, WS4, WG1."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import final

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.frozen import Frozen

__all__ = ["HAND_SIZES", "MAX_PLAYERS", "MIN_PLAYERS", "TARGETS", "Rules"]

MIN_PLAYERS = 2
"""The fewest players (WS2)."""
MAX_PLAYERS = 6
"""The most players (WS2)."""
HAND_SIZES: Mapping[int, int] = MappingProxyType({2: 8, 3: 7, 4: 7, 5: 6, 6: 6})
"""The full hand by number of players (WS4): 8 with 2, 7 with 3 or 4, 6 with 5 or 6."""
TARGETS: Mapping[int, int] = MappingProxyType({2: 50, 3: 50, 4: 30, 5: 30, 6: 30})
"""The default target by number of players (WG1): 50 with 2 or 3, 30 with 4 to 6."""
_MAX_COUNT = 2**53 - 1
"""The largest target, turn limit or count of a game (what a JSON document can hold exactly)."""


@final
class Rules(Frozen):
    """Frozen table options; the defaults are those of the Eights page of the docs (``docs/eights.rst``).

    >>> Rules()
    Rules(target=None, turn_limit=None, may_pass_freely=False)
    >>> Rules(target=20).target_for(4), Rules().target_for(4), Rules().hand_size(5)
    (20, 30, 6)

    Raises:
        InvalidStateError: If an option is out of range: a ``target`` or ``turn_limit``
            that is not ``None`` or an int from 1 to ``2**53 - 1`` (a bool is not an
            int here), or a ``may_pass_freely`` that is not a bool.
    """

    __slots__ = ("may_pass_freely", "target", "turn_limit")
    __match_args__ = ("target", "turn_limit", "may_pass_freely")

    target: int | None
    """The points that end the game (WG1, WG3, WR2); ``None`` takes WG1's: 50 with 2 or 3
    players, 30 with 4 to 6."""
    turn_limit: int | None
    """The most turns in a hand (WH3, WR2): a hand ends once this many turns have been
    played. ``None`` (the default) sets no limit."""
    may_pass_freely: bool
    """WR1: a player may pass even when a word can be spelled (default off, WT1)."""

    def __init__(self, target: int | None = None, turn_limit: int | None = None, may_pass_freely: bool = False) -> None:
        if target is not None and (type(target) is not int or not 1 <= target <= _MAX_COUNT):
            raise InvalidStateError(
                f"Rules.target must be None or an int from 1 to 2**53 - 1, not {quote(target)} (WG1, WR2)"
            )
        if turn_limit is not None and (type(turn_limit) is not int or not 1 <= turn_limit <= _MAX_COUNT):
            raise InvalidStateError(
                f"Rules.turn_limit must be None or an int from 1 to 2**53 - 1, not {quote(turn_limit)} (WH3, WR2)"
            )
        if type(may_pass_freely) is not bool:
            raise InvalidStateError(f"Rules.may_pass_freely must be a bool, not {quote(may_pass_freely)} (WR1)")
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "turn_limit", turn_limit)
        object.__setattr__(self, "may_pass_freely", may_pass_freely)

    def target_for(self, players: int) -> int:
        """The target of a game with ``players`` players (WG1, WR2).

        Raises:
            KeyError: If ``players`` is not from 2 to 6.
        """
        return TARGETS[players] if self.target is None else self.target

    def hand_size(self, players: int) -> int:
        """The full hand of a game with ``players`` players (WS4).

        Raises:
            KeyError: If ``players`` is not from 2 to 6.
        """
        return HAND_SIZES[players]
