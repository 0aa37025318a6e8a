"""The SVG picture of a game of Eights, below the state: what a notebook shows of a state or a view.

The table is drawn as the browser's board draws it, card for card (the faces come from the
shared :mod:`eighthalf.pictures.faces`): the hand and turn, the table's 8 letters (WS3),
the stack's size, then each seat's total, points and words and its hand. The state and
its views each give the :class:`Table` they show, so that the state module (compiled in
the compiled build) never imports the views: a hand the viewer cannot see is given as its
size only, so it cannot be drawn.

>>> from eighthalf.eights import new_game
>>> picture = new_game(2, seed=3)._repr_svg_()
>>> picture.startswith("<svg"), picture.count(">O</text>")  # 1o on the table, 8o in seat 0's hand
(True, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from eighthalf.games.eights.cards import Card
from eighthalf.games.eights.moves import Spell
from eighthalf.pictures.drawings import seat_name
from eighthalf.pictures.faces import BLIND, Face
from eighthalf.pictures.layout import Board
from eighthalf.pictures.svg import Picture

__all__ = ["Table", "face", "head", "state_table", "table_picture"]


def face(card: Card) -> Face:
    """The face of ``card`` as the browser's board draws it: its letter big, its suit's number in the corners (WS1)."""
    return Face(("letter", f"suit{card.suit}"), str(card.suit), card.letter.upper())


@attrs.frozen(slots=True, weakref_slot=False)
class Table:
    """What a picture of Eights shows: the facts everybody sees and the hands it may show."""

    head: str
    """The first line: the hand and turn, whose turn, or who won."""
    table: tuple[Card, ...]
    """The table's 8 cards (WS3), face up."""
    stack: int
    """How many cards the stack holds."""
    known_stack: tuple[Card, ...]
    """The stack cards the picture may show (a view's own passed cards; none for a state)."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's hand if the picture may show it, else ``None``."""
    hand_sizes: tuple[int, ...]
    """How many cards each hand holds."""
    totals: tuple[int, ...]
    """Each seat's points from the finished hands."""
    scores: tuple[int, ...]
    """Each seat's points in this hand."""
    piles: tuple[tuple[Spell, ...], ...]
    """Each seat's score pile: its spellings in this hand (WT5)."""
    to_move: int | None
    """The seat to move, ``None`` once the game is over."""
    names: tuple[str, ...] = ()
    """The players' names, one a seat, or ``()``."""


def head(
    number: int, turns: int, to_move: int, passes: int, target: int, winners: Sequence[int] | None, names: Sequence[str]
) -> str:
    """The first line of a picture of Eights: the hand and turn and whose turn, or who won (WG3)."""
    if winners is not None:
        won = ", ".join(seat_name(seat, names) for seat in winners)
        return f"hand {number + 1}: game over, won by {won}, target {target}"
    return f"hand {number + 1}, turn {turns + 1}: {seat_name(to_move, names)} to move, passes {passes}, target {target}"


class _Outcome(Protocol):
    @property
    def winners(self) -> tuple[int, ...]: ...


class _Hand(Protocol):
    """What a picture reads of a :class:`~eighthalf.eights.HandState`."""

    @property
    def number(self) -> int: ...

    @property
    def turns(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    @property
    def passes(self) -> int: ...

    @property
    def table(self) -> tuple[Card, ...]: ...

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def stack(self) -> tuple[Card, ...]: ...

    @property
    def piles(self) -> tuple[tuple[Spell, ...], ...]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...


class _State(Protocol):
    """What a picture reads of a :class:`~eighthalf.eights.GameState`."""

    @property
    def hand(self) -> _Hand: ...

    @property
    def target(self) -> int: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def outcome(self) -> _Outcome | None: ...


def state_table(state: _State, names: Sequence[str] = ()) -> Table:
    """What a picture of ``state`` shows: everything but the stack's order (every hand face up)."""
    hand, outcome = state.hand, state.outcome
    winners = None if outcome is None else outcome.winners
    return Table(
        head(hand.number, hand.turns, hand.to_move, hand.passes, state.target, winners, names),
        hand.table,
        len(hand.stack),
        (),
        hand.hands,
        tuple(len(cards) for cards in hand.hands),
        state.totals,
        hand.scores,
        hand.piles,
        None if outcome is not None else hand.to_move,
        tuple(names),
    )


def _places(cards: Sequence[Card], wanted: Sequence[Card]) -> set[int]:
    taken: set[int] = set()
    for card in wanted:
        at = next((at for at, each in enumerate(cards) if each == card and at not in taken), None)
        if at is not None:
            taken.add(at)
    return taken


def table_picture(
    table: Table,
    hand_marks: Sequence[Card] = (),
    table_marks: Sequence[Card] = (),
    caption: str = "",
) -> Picture:
    """The picture of ``table``; the cards of a move outlined: ``hand_marks`` in the hand of the
    seat to move, ``table_marks`` on the table, ``caption`` saying what the move is."""
    board = Board()
    board.line(table.head, strong=True)
    if caption:
        board.line(caption)
    board.cards("table", [face(card) for card in table.table], marked=_places(table.table, table_marks))
    known = f", {len(table.known_stack)} of them yours, known" if table.known_stack else ""
    board.line(f"stack {table.stack}{known}")
    for seat, hand in enumerate(table.hands):
        turn = " ▶" if seat == table.to_move else ""
        words = "; ".join(map(str, table.piles[seat])) or "(none)"
        board.line(
            f"{seat_name(seat, table.names)}{turn}: total {table.totals[seat]}, this hand {table.scores[seat]}, "
            f"hand {table.hand_sizes[seat]}, words {words}",
            strong=bool(turn),
        )
        faces = [face(card) for card in hand] if hand is not None else [BLIND] * table.hand_sizes[seat]
        marked = _places(hand, hand_marks) if hand is not None and seat == table.to_move else set()
        board.cards("", faces, marked=marked, empty="no cards")
    return board.picture(table.head)
