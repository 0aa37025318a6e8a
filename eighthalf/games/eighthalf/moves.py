"""Moves: one small frozen type per play shape of T3, plus collecting (C1).

Every move has a short text notation, ``str(move)``, that :func:`~eighthalf.parse_move` reads back:

=======================  ===========  ==============================================
move                     notation     meaning
=======================  ===========  ==============================================
``HandPlay(THREE, 2)``   ``33``       two 3s from the hand (the symbol, repeated)
``HandPlay(HALF, 1)``    ``H``        one ½ from the hand (``H`` = ½, ``G`` = Ghost)
``EightAndHalf()``       ``8H``       the 8½ combination: one 8 and one ½ (P5)
``OpenPlay(SEVEN)``      ``o7``       one open card, named by its rank (T3, L2)
``OpenPlay(SEVEN, 2)``   ``o77``      two open 7s together (only under the table
                                      option :attr:`~eighthalf.Rules.open_runs`)
``BlindPlay(1)``         ``b1``       the blind card at position 1 (L4)
``Collect()``            ``c``        take the pile, having no legal play (T1, C1)
=======================  ===========  ==============================================

>>> move = parse_move("33")
>>> move
HandPlay(rank=<Rank.THREE: 3>, count=2)
>>> str(move), str(parse_move("8½")), parse_move("o7") == OpenPlay(Rank.SEVEN)
('33', '8H', True)

Moves returned by :func:`~eighthalf.legal_moves` and :func:`~eighthalf.parse_move` are shared
instances, so they can be compared by identity as well as by equality.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from eighthalf.core.errors import ParseError, quote
from eighthalf.games.eighthalf.cards import COMPOSITION, RANKS, Rank

__all__ = [
    "BlindPlay",
    "Collect",
    "EightAndHalf",
    "HandPlay",
    "Move",
    "OpenPlay",
    "parse_move",
]


def _check_rank(rank: object) -> None:
    if not isinstance(rank, Rank):
        raise ParseError(f"a move needs a Rank, not {quote(rank)}")


@attrs.frozen(slots=True, weakref_slot=False)
class HandPlay:
    """Play ``count`` cards of one rank from the hand (T3): ``33`` is two 3s.

    Raises:
        ParseError: If ``rank`` is not a :class:`Rank` or ``count`` is not between 1
            and the number of cards of that rank in the deck (S1).
    """

    rank: Rank
    """The rank played."""
    count: int = 1
    """How many cards of that rank (at least 1)."""

    def __attrs_post_init__(self) -> None:
        _check_rank(self.rank)
        if type(self.count) is not int or not 1 <= self.count <= COMPOSITION[self.rank]:
            raise ParseError(
                f"a play of {self.rank.label} needs 1 to {COMPOSITION[self.rank]} cards, not {quote(self.count)} (S1, T3)"
            )

    def __str__(self) -> str:
        return str(self.rank) * self.count


@attrs.frozen(slots=True, weakref_slot=False)
class EightAndHalf:
    """Play the 8½ combination from the hand: exactly one 8 with one ½ on top (P5)."""

    def __str__(self) -> str:
        return "8H"


@attrs.frozen(slots=True, weakref_slot=False)
class OpenPlay:
    """Play one open card of the given rank (T3, L2); open cards are face up, so the
    rank names the card. ``count`` above 1 plays several open cards of that rank
    together, which only the table option :attr:`~eighthalf.Rules.open_runs` allows (T3).

    Raises:
        ParseError: If ``rank`` is not a :class:`Rank` or ``count`` is not between 1
            and 3 (S4 lays three open cards).
    """

    rank: Rank
    """The rank of the open card played."""
    count: int = 1
    """How many open cards of that rank (1 unless :attr:`~eighthalf.Rules.open_runs`)."""

    def __attrs_post_init__(self) -> None:
        _check_rank(self.rank)
        if type(self.count) is not int or not 1 <= self.count <= 3:
            raise ParseError(f"a play of open cards needs 1 to 3 cards, not {quote(self.count)} (S4, T3)")

    def __str__(self) -> str:
        return "o" + str(self.rank) * self.count


@attrs.frozen(slots=True, weakref_slot=False)
class BlindPlay:
    """Turn and play the blind card at ``position`` (L4).

    Positions count the blind cards still in front of the player, from 0, in the order
    of :attr:`Seat.blind <eighthalf.Seat.blind>`; nobody knows which card lies where.

    Raises:
        ParseError: If ``position`` is not an int from 0 to 2 (S4 lays three blind cards).
    """

    position: int
    """The index of the blind card among the player's remaining blind cards."""

    def __attrs_post_init__(self) -> None:
        if type(self.position) is not int or not 0 <= self.position <= 2:
            raise ParseError(f"a blind card position is 0, 1 or 2, not {quote(self.position)} (S4, L4)")

    def __str__(self) -> str:
        return "b" + str(self.position)


@attrs.frozen(slots=True, weakref_slot=False)
class Collect:
    """Take the whole pile, which is allowed only with no legal play (T1, C1)."""

    def __str__(self) -> str:
        return "c"


Move: TypeAlias = HandPlay | EightAndHalf | OpenPlay | BlindPlay | Collect
"""Any move of a round: one of :class:`HandPlay`, :class:`EightAndHalf`,
:class:`OpenPlay`, :class:`BlindPlay` or :class:`Collect`."""

MOVE_TYPES: tuple[type, ...] = (HandPlay, EightAndHalf, OpenPlay, BlindPlay, Collect)
"""The classes of :data:`~eighthalf.Move`, for checking that a value is a move."""

# Shared instances: the engine hands these out so that bots compare moves by identity.
HAND_PLAYS: tuple[tuple[HandPlay, ...], ...] = tuple(
    tuple(HandPlay(rank, count) for count in range(1, COMPOSITION[rank] + 1)) for rank in RANKS
)
"""``HAND_PLAYS[rank][count - 1]`` is the shared ``HandPlay(rank, count)``."""
OPEN_PLAYS: tuple[OpenPlay, ...] = tuple(OpenPlay(rank) for rank in RANKS)
"""``OPEN_PLAYS[rank]`` is the shared ``OpenPlay(rank)``."""
OPEN_RUNS: tuple[tuple[OpenPlay, ...], ...] = tuple(
    (OPEN_PLAYS[rank], *(OpenPlay(rank, count) for count in range(2, 4))) for rank in RANKS
)
"""``OPEN_RUNS[rank][count - 1]`` is the shared ``OpenPlay(rank, count)`` (``OPEN_RUNS[rank][0]``
is ``OPEN_PLAYS[rank]``)."""
BLIND_PLAYS: tuple[BlindPlay, ...] = tuple(BlindPlay(position) for position in range(3))
"""``BLIND_PLAYS[position]`` is the shared ``BlindPlay(position)``."""
EIGHT_AND_HALF = EightAndHalf()
"""The shared :class:`EightAndHalf` move."""
COLLECT = Collect()
"""The shared :class:`Collect` move."""

_ROUND_MOVES: tuple[Move, ...] = (
    *(play for row in HAND_PLAYS for play in row),
    *(play for row in OPEN_RUNS for play in row),
    *BLIND_PLAYS,
    EIGHT_AND_HALF,
    COLLECT,
)
MOVES_BY_NOTATION: dict[str, Move] = {str(move): move for move in _ROUND_MOVES}
"""Every move of a round, as its shared instance, by its canonical notation (``str(move)``):
the table :func:`parse_move` reads, and the round's part of a match's
(:mod:`eighthalf.games.eighthalf.serialization.values`)."""


def parse_move(text: str) -> Move:
    """Read a move from its notation (see the table above); the inverse of ``str(move)``.

    Letters may be lower or upper case, ``½`` may stand for ``H``, and surrounding
    whitespace is ignored (an error quotes the text without it, such as a line's newline). Digits are the ASCII digits ``0``-``9`` only.

    >>> parse_move(" hh ")
    HandPlay(rank=<Rank.HALF: 10>, count=2)
    >>> parse_move("b2")
    BlindPlay(position=2)

    Raises:
        ParseError: If ``text`` is not a move in this notation.
    """
    if not isinstance(text, str):
        raise ParseError(f"a move is written as text, not {quote(text)}")
    stripped = text.strip()
    key = stripped.replace("½", "H")
    move = None
    if key.isascii():
        key = key[0].lower() + key[1:].upper() if key[:1] in ("o", "O", "b", "B") else key.upper()
        move = MOVES_BY_NOTATION.get("c" if key == "C" else key)
    if move is None:
        raise ParseError(f"not a move: {quote(stripped)} (expected e.g. '7', '33', 'HH', 'G', '8H', 'o7', 'b0' or 'c')")
    return move
