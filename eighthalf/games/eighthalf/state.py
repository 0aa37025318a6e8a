"""The state of a round: :class:`GameState`, its :class:`Seat`\\ s, the pile and the outcome.

Everything is frozen and slotted: the classes behave as the
:class:`~eighthalf.core.frozen.Frozen` value classes do (assigning an attribute raises
:class:`attrs.exceptions.FrozenInstanceError`; equality, hashing, repr, pickling and
``replace`` work by value), and mypyc compiles them to native classes in the compiled
build. States share whatever did not change with their parent
(a seat that did not move, the rules, the tuples of cards), so keeping a whole tree of
successors in memory is cheap.

Build states with :func:`~eighthalf.new_game`, :func:`~eighthalf.apply` or the validating
:func:`~eighthalf.position`; the class constructors themselves check nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Literal, Protocol, final

from eighthalf.core._compat import mypyc_attr
from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.frozen import as_dict, refuse_change, replaced, values_equal, values_hash, values_repr
from eighthalf.core.value import Value as _Value
from eighthalf.core.value import slot_setters as _slot_setters
from eighthalf.games.eighthalf.cards import RANKS, Rank
from eighthalf.games.eighthalf.drawing import state_lines
from eighthalf.games.eighthalf.options import MAX_SEATS, Rules
from eighthalf.games.eighthalf.table_picture import round_picture, state_seats

__all__ = ["MAX_CALL_HALVES", "GameState", "Outcome", "PileCard", "RoundFacts", "Seat", "Zone", "call_text"]

_PURE: Final = __file__.endswith(".py")
"""True when this module runs as Python source, false when mypyc compiled it. The
constructors of the hot classes set their slots through the slots' own descriptors in
the pure build (twice as fast in CPython as ``object.__setattr__``, which a class with
its own ``__setattr__`` needs), and through ``object.__setattr__`` in the compiled build,
where mypyc turns it into a direct store."""


Zone = Literal["hand", "open", "blind"]
"""Where a seat plays from (T2): its hand, its open cards or its blind cards."""


@final
class PileCard(_Value):
    """A card on the pile, with the seat that played it."""

    __slots__ = ("rank", "seat")
    __match_args__ = ("rank", "seat")

    rank: Rank
    """The card's rank."""
    seat: int
    """The seat that played it."""

    def __init__(self, rank: Rank, seat: int) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "seat", seat)

    @classmethod
    def of(cls, rank: Rank, seat: int) -> PileCard:
        """The shared ``PileCard(rank, seat)`` (the engine never makes two equal ones).

        Raises:
            IndexError: If ``seat`` is not between 0 and 7 or ``rank`` is not a rank.
        """
        return PILE_CARDS[seat][rank]

    def __str__(self) -> str:
        return f"{self.rank}@{self.seat}"


PILE_CARDS: tuple[tuple[PileCard, ...], ...] = tuple(
    tuple(PileCard(rank, seat) for rank in RANKS) for seat in range(MAX_SEATS)
)
"""``PILE_CARDS[seat][rank]``: the shared :class:`PileCard` instances."""


@final
class Seat(_Value):
    """One player's cards (S3, S4) and whether they are on the table (L1).

    The hand is kept sorted by rank (a hand has no order at the table); the bank, the
    open and the blind cards are kept in their order.
    """

    __slots__ = ("bank", "blind", "collected", "hand", "on_table", "open")
    __match_args__ = ("hand", "bank", "open", "blind", "collected", "on_table")

    hand: tuple[Rank, ...]
    """The cards in hand, sorted by rank. Only the owner sees them (I2)."""
    bank: tuple[Rank, ...]
    """The face-down draw pile, in draw order: ``bank[0]`` is drawn next. Nobody sees
    it (I3), but everybody sees its size."""
    open: tuple[Rank, ...]
    """The face-up open cards, at most 3 (S4), in the order they were laid."""
    blind: tuple[Rank, ...]
    """The face-down blind cards, at most 3, in position order (what
    :class:`~eighthalf.BlindPlay` counts). Nobody sees them, the owner included (I3)."""
    collected: tuple[Rank, ...]
    """Piles collected before reaching the table, face up and out of play (C1), in the
    order they were taken, each pile bottom to top."""
    on_table: bool
    """True from the moment bank and hand were both empty (L1); then collected piles go
    into the hand."""

    def __init__(
        self,
        hand: tuple[Rank, ...],
        bank: tuple[Rank, ...],
        open: tuple[Rank, ...],
        blind: tuple[Rank, ...],
        collected: tuple[Rank, ...] = (),
        on_table: bool = False,
    ) -> None:
        if _PURE:  # the slots' own setters: the fastest way in CPython (see _PURE)
            _seat_hand(self, hand)
            _seat_bank(self, bank)
            _seat_open(self, open)
            _seat_blind(self, blind)
            _seat_collected(self, collected)
            _seat_on_table(self, on_table)
        else:  # what mypyc compiles to a direct store
            object.__setattr__(self, "hand", hand)
            object.__setattr__(self, "bank", bank)
            object.__setattr__(self, "open", open)
            object.__setattr__(self, "blind", blind)
            object.__setattr__(self, "collected", collected)
            object.__setattr__(self, "on_table", on_table)

    @property
    def is_out(self) -> bool:
        """True if bank, hand, open and blind cards are all gone (E1)."""
        return not (self.hand or self.bank or self.open or self.blind)

    @property
    def count(self) -> int:
        """The E4 count: collected stack + hand + bank + open + blind cards."""
        return len(self.collected) + len(self.hand) + len(self.bank) + len(self.open) + len(self.blind)

    @property
    def zone(self) -> Zone | None:
        """Where this seat plays from now (T2), or ``None`` once it is out."""
        if self.hand:
            return "hand"
        if self.open:
            return "open"
        if self.blind:
            return "blind"
        return None


_seat_hand, _seat_bank, _seat_open, _seat_blind, _seat_collected, _seat_on_table = _slot_setters(
    Seat, Seat.__match_args__
)


@final
class Outcome(_Value):
    """How a round ended (E4–E7)."""

    __slots__ = ("big_losers", "counts", "points", "winner")
    __match_args__ = ("winner", "counts", "big_losers", "points")

    winner: int | None
    """The seat that went out and won, or ``None`` if the move limit of E7 ended the round."""
    counts: tuple[int, ...]
    """Each seat's count at the end (E4)."""
    big_losers: tuple[int, ...]
    """The Big Loser(s) (E5): the seats other than the winner with the highest count, in
    seat order; several on a tie; empty when there is no winner."""
    points: tuple[int, ...]
    """Each seat's points (E6): 2 for the winner, 1 for each lowest count (the winner
    included); all 0 when there is no winner (E7)."""

    def __init__(
        self, winner: int | None, counts: tuple[int, ...], big_losers: tuple[int, ...], points: tuple[int, ...]
    ) -> None:
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "big_losers", big_losers)
        object.__setattr__(self, "points", points)

    @classmethod
    def score(cls, seats: tuple[Seat, ...], winner: int | None) -> Outcome:
        """Count and score the seats of a finished round (E4–E6).

        >>> from eighthalf.games.eighthalf.cards import Rank
        >>> out = Seat(hand=(), bank=(), open=(), blind=(), collected=(Rank.ONE,), on_table=True)
        >>> big = Seat(hand=(Rank.TWO,) * 3, bank=(), open=(), blind=())
        >>> low = Seat(hand=(), bank=(), open=(), blind=(Rank.ONE,), on_table=True)
        >>> Outcome.score((out, big, low), winner=0)
        Outcome(winner=0, counts=(1, 3, 1), big_losers=(1,), points=(3, 0, 1))
        """
        counts = tuple(seat.count for seat in seats)
        if winner is None:
            return cls(None, counts, (), (0,) * len(seats))
        highest = max(count for seat, count in enumerate(counts) if seat != winner)
        lowest = min(counts)
        big_losers = tuple(seat for seat, count in enumerate(counts) if seat != winner and count == highest)
        points = tuple((2 if seat == winner else 0) + (count == lowest) for seat, count in enumerate(counts))
        return cls(winner, counts, big_losers, points)


MAX_CALL_HALVES: Final = 26
"""The highest call, in half points: a 9 and all eight ½s make 13 (P3). Calls run from 0
to this; the engine's tables, the documents and their schemas stop here."""


def call_text(halves: int) -> str:
    """Say a call given in half points: ``call_text(13) == "6½"``, ``call_text(1) == "½"``.

    >>> call_text(17), call_text(0), call_text(1)
    ('8½', '0', '½')

    Raises:
        InvalidStateError: If ``halves`` is negative or not an int.
    """
    if type(halves) is not int or halves < 0:
        raise InvalidStateError(f"a call is a whole number of half points from 0, not {quote(halves)}")
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


class _SeatLike(Protocol):
    """What :class:`RoundFacts` needs of a seat: a :class:`Seat` or a view of one."""

    @property
    def count(self) -> int: ...

    @property
    def is_out(self) -> bool: ...

    @property
    def zone(self) -> Zone | None: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class RoundFacts:
    """The facts worked out from a round's fields, shared by :class:`GameState` and
    :class:`~eighthalf.PlayerView` (which have the same fields, but for the seats).

    A subclass provides ``seats`` and the four fields read here as attributes.
    """

    __slots__ = ()

    def _seat_facts(self) -> Sequence[_SeatLike]:
        """The seats, by seat number (the subclass's ``seats`` field)."""
        raise NotImplementedError

    @property
    def call_halves(self) -> int:
        """The call in half points (a field of the subclass)."""
        raise NotImplementedError

    @property
    def at_risk(self) -> int | None:
        """The seat that can be caught (P8), if any (a field of the subclass)."""
        raise NotImplementedError

    @property
    def to_move(self) -> int:
        """The seat whose move it is (a field of the subclass)."""
        raise NotImplementedError

    @property
    def outcome(self) -> Outcome | None:
        """How the round ended, once it is over (a field of the subclass)."""
        raise NotImplementedError

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self._seat_facts())

    @property
    def over(self) -> bool:
        """True once the round has ended (E2, E3 or E7)."""
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """The seat that won, or ``None`` while the round goes on or if E7 ended it."""
        return None if self.outcome is None else self.outcome.winner

    @property
    def big_losers(self) -> tuple[int, ...]:
        """The Big Loser(s) once the round is over (E5), else ``()``."""
        return () if self.outcome is None else self.outcome.big_losers

    @property
    def points(self) -> tuple[int, ...] | None:
        """Each seat's points once the round is over (E6), else ``None``."""
        return None if self.outcome is None else self.outcome.points

    @property
    def counts(self) -> tuple[int, ...]:
        """Each seat's E4 count now (final once the round is over)."""
        return tuple([seat.count for seat in self._seat_facts()])

    @property
    def call(self) -> float:
        """The call as a number: ``6.5`` for six and a half (exact: halves are binary)."""
        return self.call_halves / 2

    @property
    def call_label(self) -> str:
        """The call as players say it: ``"6½"``."""
        return call_text(self.call_halves)

    @property
    def is_half_call(self) -> bool:
        """True if the call ends in ½."""
        return self.call_halves % 2 == 1

    @property
    def catch_card(self) -> Rank | None:
        """The rank that would catch the seat at risk (P8), or ``None`` if nobody can be caught."""
        return None if self.at_risk is None else RANKS[(self.call_halves + 1) // 2]

    @property
    def pending_out(self) -> int | None:
        """The seat that went out on a catchable half call and waits on the next move (E2)."""
        risk = self.at_risk
        if risk is not None and self.outcome is None and self._seat_facts()[risk].is_out:
            return risk
        return None

    @property
    def zone(self) -> Zone | None:
        """Where the seat to move plays from (T2); ``None`` once the round is over."""
        return None if self.outcome is not None else self._seat_facts()[self.to_move].zone


@final
class GameState(RoundFacts):
    """A position of a round: every card's place, the call and whose turn it is.

    The facts derived from the pile (the call, the 5-lock, who is at risk) are kept as
    fields, updated by :func:`~eighthalf.apply`, so that the hot path never rescans the
    pile. States are equal when all their fields are equal, and hashable.

    The constructor takes the fields in this order, by position or by keyword, and
    checks nothing (see :func:`~eighthalf.position` for a validated position).
    """

    __slots__ = (
        "at_risk",
        "call_halves",
        "locked",
        "move_number",
        "opening",
        "outcome",
        "pile",
        "rules",
        "seats",
        "to_move",
    )
    __match_args__: ClassVar[tuple[str, ...]] = (
        "rules",
        "seats",
        "pile",
        "call_halves",
        "locked",
        "at_risk",
        "to_move",
        "move_number",
        "opening",
        "outcome",
    )

    rules: Rules
    """The options of this round."""
    seats: tuple[Seat, ...]
    """Every seat's cards, by seat number (S2)."""
    pile: tuple[PileCard, ...]
    """The shared pile, bottom to top, each card with the seat that played it (I1)."""
    call_halves: int
    """The call in half points: twice the value of the pile, so 13 means 6½ and an empty
    pile is 0. See :attr:`call` and :attr:`call_label`."""
    locked: bool
    """True while the 5-lock holds (P7): the topmost non-Ghost card of the pile is a 5."""
    at_risk: int | None
    """The seat that can be caught (P8): who made the last play on a half call of 8½ or
    less. ``None`` on a whole call and on calls of 9½ or more, where nobody can be caught."""
    to_move: int
    """The seat whose move it is. Once the round is over it no longer means anything."""
    move_number: int
    """How many moves have been made in this round (E7 counts them)."""
    opening: Rank | None
    """Before the first move: the lowest yellow rank that the opener must play (S5).
    ``None`` once play has begun, and when nobody held a yellow card (S6)."""
    outcome: Outcome | None
    """How the round ended, once it is over (E3–E7); ``None`` while it goes on."""

    def __init__(
        self,
        rules: Rules,
        seats: tuple[Seat, ...],
        pile: tuple[PileCard, ...],
        call_halves: int,
        locked: bool,
        at_risk: int | None,
        to_move: int,
        move_number: int,
        opening: Rank | None = None,
        outcome: Outcome | None = None,
    ) -> None:
        if _PURE:  # the slots' own setters: the fastest way in CPython (see _PURE)
            _state_rules(self, rules)
            _state_seats(self, seats)
            _state_pile(self, pile)
            _state_call_halves(self, call_halves)
            _state_locked(self, locked)
            _state_at_risk(self, at_risk)
            _state_to_move(self, to_move)
            _state_move_number(self, move_number)
            _state_opening(self, opening)
            _state_outcome(self, outcome)
        else:  # what mypyc compiles to a direct store
            object.__setattr__(self, "rules", rules)
            object.__setattr__(self, "seats", seats)
            object.__setattr__(self, "pile", pile)
            object.__setattr__(self, "call_halves", call_halves)
            object.__setattr__(self, "locked", locked)
            object.__setattr__(self, "at_risk", at_risk)
            object.__setattr__(self, "to_move", to_move)
            object.__setattr__(self, "move_number", move_number)
            object.__setattr__(self, "opening", opening)
            object.__setattr__(self, "outcome", outcome)

    def _seat_facts(self) -> Sequence[_SeatLike]:
        return self.seats

    # GameState derives from RoundFacts (so that PlayerView can share its facts), so it
    # takes the behaviour of a Frozen value from the functions Frozen itself uses.

    def field_values(self) -> tuple[Any, ...]:
        """The values of the fields, in constructor order (see :class:`~eighthalf.core.frozen.Frozen`)."""
        return (
            self.rules,
            self.seats,
            self.pile,
            self.call_halves,
            self.locked,
            self.at_risk,
            self.to_move,
            self.move_number,
            self.opening,
            self.outcome,
        )

    def replace(self, **changes: Any) -> GameState:
        """A copy with some fields changed (in place of ``attrs.evolve``).

        >>> from eighthalf import new_game
        >>> new_game(3, seed=1).replace(to_move=2).to_move
        2

        Raises:
            TypeError: If a name in ``changes`` is not a field.
        """
        result: GameState = replaced(self, changes)
        return result

    def __replace__(self, **changes: Any) -> GameState:
        result: GameState = replaced(self, changes)
        return result

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict, nested values as dicts too (in place of ``attrs.asdict``)."""
        return as_dict(self)

    def __setattr__(self, name: str, value: object) -> None:
        refuse_change(self)

    def __delattr__(self, name: str) -> None:
        refuse_change(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return values_equal(self, other)

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return not values_equal(self, other)

    def __hash__(self) -> int:
        return values_hash(self)

    def __repr__(self) -> str:
        return values_repr(self)

    def __str__(self) -> str:
        """The round in a few readable lines, every hand face up (:func:`eighthalf.games.eighthalf.text.state_text`);
        ``repr`` gives every field exactly."""
        return state_lines(self)

    def _repr_svg_(self) -> str:
        """The round as a picture, every card face up, for a notebook's display
        (:mod:`eighthalf.games.eighthalf.table_picture`; ``eighthalf.pictures``)."""
        return round_picture(self, state_seats(self.seats))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (GameState, self.field_values())


(
    _state_rules,
    _state_seats,
    _state_pile,
    _state_call_halves,
    _state_locked,
    _state_at_risk,
    _state_to_move,
    _state_move_number,
    _state_opening,
    _state_outcome,
) = _slot_setters(GameState, GameState.__match_args__)
