"""Cards: the twelve ranks, their colours and the deck of rule S1.

A card is nothing but its rank, so the library represents a card by a :class:`Rank`.
``Rank`` is an :class:`enum.IntEnum`: the number cards compare and hash as their face
value, ``Rank.HALF`` is 10 and ``Rank.GHOST`` is 11 (these two values are labels, not
face values; the rules never compare them as numbers).

>>> Rank.SEVEN >= Rank.FIVE
True
>>> str(Rank.HALF), Rank.HALF.label, Rank.HALF.colour.name
('H', '½', 'LILAC')
>>> len(DECK), DECK.count(Rank.GHOST)
(72, 8)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from eighthalf.core.errors import ParseError, quote

__all__ = [
    "COMPOSITION",
    "DECK",
    "RANKS",
    "Colour",
    "Rank",
]


class Colour(enum.Enum):
    """The colour printed on a card ("yellow card" under Words, on the rules page of the docs: ``docs/rules.rst``)."""

    YELLOW = "yellow"
    """The plain number cards 1, 2, 3, 4, 6, 7 and 8."""
    BLUE = "blue"
    """The 5."""
    RED = "red"
    """The 9."""
    GREEN = "green"
    """The 0."""
    LILAC = "lilac"
    """The ½."""
    BLACK = "black"
    """The Ghost."""


class Rank(enum.IntEnum):
    """What a card shows: 0 to 9, ½ (Half) or Ghost (S1).

    ``str(rank)`` is the one-character symbol used by the move notation: ``"0"`` to
    ``"9"``, ``"H"`` for ½ and ``"G"`` for Ghost. :meth:`from_symbol` reads it back.
    """

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    HALF = 10
    GHOST = 11

    def __str__(self) -> str:
        return _SYMBOLS[self]

    @property
    def symbol(self) -> str:
        """The one-character symbol: ``"0"``–``"9"``, ``"H"`` (½) or ``"G"`` (Ghost)."""
        return _SYMBOLS[self]

    @property
    def label(self) -> str:
        """The name a player says: ``"0"``–``"9"``, ``"½"`` or ``"Ghost"``."""
        return _LABELS[self]

    @property
    def colour(self) -> Colour:
        """The card's colour; :attr:`Colour.YELLOW` for 1, 2, 3, 4, 6, 7 and 8."""
        return _COLOURS[self]

    @property
    def is_number(self) -> bool:
        """True for the number cards 1–9 (not 0, ½ or Ghost)."""
        return 1 <= self <= 9

    @property
    def is_yellow(self) -> bool:
        """True for the yellow cards 1, 2, 3, 4, 6, 7 and 8 (used by the opening, S5)."""
        return _COLOURS[self] is Colour.YELLOW

    @classmethod
    def from_symbol(cls, text: str) -> Rank:
        """Read a rank from its symbol.

        Accepts ``"0"``–``"9"``, ``"H"``/``"h"``/``"½"`` and ``"G"``/``"g"``.

        >>> Rank.from_symbol("½") is Rank.HALF
        True

        Raises:
            ParseError: If ``text`` is not one of these symbols.
        """
        try:
            return _FROM_SYMBOL[text]
        except (KeyError, TypeError):
            raise ParseError(f"not a rank symbol: {quote(text)} (expected 0-9, H or G)") from None


RANKS: tuple[Rank, ...] = tuple(Rank)
"""The twelve ranks in value order: ``RANKS[i] is Rank(i)`` (fast lookup for ints)."""

_SYMBOLS = {rank: (str(rank.value) if rank <= 9 else "HG"[rank - 10]) for rank in Rank}
_LABELS = {rank: (str(rank.value) if rank <= 9 else ("½", "Ghost")[rank - 10]) for rank in Rank}
_COLOURS = {
    rank: (
        Colour.GREEN
        if rank == 0
        else Colour.BLUE
        if rank == 5
        else Colour.RED
        if rank == 9
        else Colour.LILAC
        if rank == 10
        else Colour.BLACK
        if rank == 11
        else Colour.YELLOW
    )
    for rank in Rank
}
_FROM_SYMBOL = {**{sym: rank for rank, sym in _SYMBOLS.items()}, "h": Rank.HALF, "½": Rank.HALF, "g": Rank.GHOST}

COMPOSITION: Mapping[Rank, int] = MappingProxyType(
    {rank: (4 if rank in (1, 2) else 8 if rank >= 10 else 6) for rank in Rank}
)
"""How many cards of each rank the deck holds (S1): four each of 1 and 2; six each of 0
and 3–9; eight each of ½ and Ghost."""

DECK: tuple[Rank, ...] = tuple(rank for rank in Rank for _ in range(COMPOSITION[rank]))
"""The 72 cards of S1 in rank order, before shuffling."""
