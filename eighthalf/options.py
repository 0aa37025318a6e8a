"""The options a table can agree on before a round: :class:`Rules`."""

from __future__ import annotations

import attrs

from .errors import InvalidStateError, quote

__all__ = ["MAX_COUNT", "MAX_SEATS", "Rules"]

MAX_COUNT = 2**53 - 1
"""The largest move limit, move number or number of rounds accepted: 2\\ :sup:`53` - 1,
the largest integer that every JSON reader (JavaScript's included) holds exactly."""

MAX_SEATS = 8
"""The most seats the deck can serve: S4 needs 9 cards a seat (3 blind, 3 open, 3 in hand)."""


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Rules:
    """Frozen options for a round; the defaults are those of RULES.md.

    Only what tables really vary is an option; everything else is the rule book.

    >>> Rules()
    Rules(min_players=2, max_players=5, move_limit=None)
    >>> Rules(move_limit=500).move_limit
    500

    Raises:
        InvalidStateError: If an option is out of range (``min_players`` below 2,
            ``max_players`` above :data:`MAX_SEATS` or below ``min_players``, or a
            ``move_limit`` below 1 or above 2\\ :sup:`53` - 1).
    """

    min_players: int = 2
    """The fewest players allowed at the table (S2: 2)."""

    max_players: int = 5
    """The most players allowed at the table (S2: 5, the box's range). Up to
    :data:`MAX_SEATS` tables can be played with the same deck and rules."""

    move_limit: int | None = None
    """E7: end a round without a winner once this many moves have been made.
    ``None`` (the default) sets no limit."""

    def __attrs_post_init__(self) -> None:
        for name in ("min_players", "max_players"):
            value = getattr(self, name)
            if type(value) is not int:
                raise InvalidStateError(f"Rules.{name} must be an int, not {quote(value)}")
        if self.min_players < 2:
            raise InvalidStateError(f"Rules.min_players must be at least 2 (S2), not {quote(self.min_players)}")
        if not self.min_players <= self.max_players <= MAX_SEATS:
            raise InvalidStateError(
                f"Rules.max_players must be between min_players ({quote(self.min_players)}) and "
                f"{MAX_SEATS}, not {quote(self.max_players)} (S2, S4)"
            )
        limit = self.move_limit
        if limit is not None and (type(limit) is not int or not 1 <= limit <= MAX_COUNT):
            raise InvalidStateError(
                f"Rules.move_limit must be None or an int from 1 to 2**53 - 1, not {quote(limit)} (E7)"
            )
