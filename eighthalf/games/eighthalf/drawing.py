"""The lines of the plain-text picture of a round, below the state: what ``str(state)`` draws.

:mod:`eighthalf.games.eighthalf.text` draws a :class:`~eighthalf.GameState` and a
:class:`~eighthalf.PlayerView` in the same words, and ``GameState.__str__`` draws the same
text. The drawing lives here, under :mod:`eighthalf.games.eighthalf.state` (which imports it; the state
module is compiled in the compiled build, this one stays pure Python), and reads a state or
a view only through the fields they share (the protocols below), so that it imports
neither: the state module never reaches up to the text module above it.

>>> from eighthalf import new_game
>>> print(state_lines(new_game(2, seed=3)))  # doctest: +NORMALIZE_WHITESPACE
move 0, seat 1 to move, call 0, pile (empty)
seat 0: hand 3 [7 Ghost Ghost], bank 27, open [4 1 3], blind 3, collected 0
seat 1: hand 3 [0 2 7], bank 27, open [½ Ghost 6], blind 3, collected 0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Protocol

from eighthalf.games.eighthalf.cards import Rank

__all__ = ["RoundTable", "StateSeat", "head_line", "seat_line", "state_lines", "view_lines"]

PILE_SHOWN: Final = 8
"""The pile's top cards that the text names."""


class _Outcome(Protocol):
    """What the first line reads of a finished round's outcome."""

    @property
    def winner(self) -> int | None: ...

    @property
    def points(self) -> Sequence[int]: ...


class _PileCard(Protocol):
    """What the first line reads of a card on the pile."""

    @property
    def rank(self) -> Rank: ...


class RoundTable(Protocol):
    """What the first line reads: the fields a :class:`~eighthalf.GameState` and a
    :class:`~eighthalf.PlayerView` share."""

    @property
    def outcome(self) -> _Outcome | None: ...

    @property
    def pile(self) -> Sequence[_PileCard]: ...

    @property
    def move_number(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    @property
    def at_risk(self) -> int | None: ...

    @property
    def locked(self) -> bool: ...

    @property
    def call_label(self) -> str: ...


class StateSeat(Protocol):
    """What a seat's line reads of a :class:`~eighthalf.Seat` of a state (every card known)."""

    @property
    def hand(self) -> Sequence[Rank]: ...

    @property
    def bank(self) -> Sequence[Rank]: ...

    @property
    def open(self) -> Sequence[Rank]: ...

    @property
    def blind(self) -> Sequence[Rank]: ...

    @property
    def collected(self) -> Sequence[Rank]: ...

    @property
    def on_table(self) -> bool: ...


class _SeatView(Protocol):
    """What a seat's line reads of a :class:`~eighthalf.SeatView` of a view (hidden cards counted)."""

    @property
    def hand(self) -> Sequence[Rank] | None: ...

    @property
    def hand_size(self) -> int: ...

    @property
    def bank_size(self) -> int: ...

    @property
    def open(self) -> Sequence[Rank]: ...

    @property
    def blind_size(self) -> int: ...

    @property
    def collected(self) -> Sequence[Rank]: ...

    @property
    def on_table(self) -> bool: ...


class _View(RoundTable, Protocol):
    """What :func:`view_lines` reads: a :class:`~eighthalf.PlayerView`."""

    @property
    def seats(self) -> Sequence[_SeatView]: ...


class _State(RoundTable, Protocol):
    """What :func:`state_lines` reads: a :class:`~eighthalf.GameState`."""

    @property
    def seats(self) -> Sequence[StateSeat]: ...


_SeatCounts = tuple[Sequence[Rank] | None, int, int, Sequence[Rank], int, int, bool]
"""A seat as :func:`seat_line` takes it: the hand (if named), the sizes of hand and bank,
the open cards, the sizes of the blind cards and the collected stack, and whether it is
on the table."""


def _ranks(ranks: Sequence[Rank]) -> str:
    return " ".join(rank.label for rank in ranks)


def head_line(table: RoundTable) -> str:
    """The first line: the move, who is to move and the call (or how the round ended), and the pile."""
    outcome, pile = table.outcome, table.pile
    if outcome is not None:
        head = f"move {table.move_number}, round over: winner {outcome.winner}, points {list(outcome.points)}"
    else:
        risk = f", seat {table.at_risk} at risk" if table.at_risk is not None else ""
        lock = ", 5-lock" if table.locked else ""
        head = f"move {table.move_number}, seat {table.to_move} to move, call {table.call_label}{lock}{risk}"
    shown = " ".join(card.rank.label for card in pile[-PILE_SHOWN:]) or "(empty)"
    if len(pile) > PILE_SHOWN:
        shown = f"... {shown} ({len(pile)} cards)"
    return f"{head}, pile {shown}"


def seat_line(
    index: int,
    hand: Sequence[Rank] | None,
    hand_size: int,
    bank_size: int,
    open: Sequence[Rank],
    blind_size: int,
    collected: int,
    on_table: bool,
) -> str:
    """One seat's line: its hand (named when ``hand`` is given, else only counted), bank,
    open cards, blind cards and collected stack."""
    shown = f" [{_ranks(hand)}]" if hand is not None else ""
    table = ", on the table" if on_table else ""
    return (
        f"seat {index}: hand {hand_size}{shown}, bank {bank_size}, open [{_ranks(open)}], "
        f"blind {blind_size}, collected {collected}{table}"
    )


def _table_lines(table: RoundTable, seats: Iterable[_SeatCounts]) -> str:
    """The first line, then one line a seat, each seat given as :func:`seat_line` takes it
    (after its index): the text of a state and of a view alike."""
    return "\n".join([head_line(table), *(seat_line(index, *counts) for index, counts in enumerate(seats))])


def state_lines(state: _State) -> str:
    """A whole state: the first line, then every seat's line with its hand named
    (:func:`eighthalf.games.eighthalf.text.state_text`, ``str(state)``)."""
    return _table_lines(
        state,
        (
            (seat.hand, len(seat.hand), len(seat.bank), seat.open, len(seat.blind), len(seat.collected), seat.on_table)
            for seat in state.seats
        ),
    )


def view_lines(seen: _View) -> str:
    """A view: the first line, then every seat's line, the hands the view hides only counted
    (:func:`eighthalf.games.eighthalf.text.table_text`, ``str(view)``)."""
    return _table_lines(
        seen,
        (
            (seat.hand, seat.hand_size, seat.bank_size, seat.open, seat.blind_size, len(seat.collected), seat.on_table)
            for seat in seen.seats
        ),
    )
