"""The SVG picture of a round of 8½, below the state: what a notebook shows of a state or a view.

The round is drawn as the browser's board draws it, card for card (the faces come from the
shared :mod:`eighthalf.pictures.faces`): the call and whose turn, the pile's top 12 cards,
then each seat's hand, open cards and blind cards, with what is hidden counted. Like
``eighthalf.games.eighthalf.drawing`` it reads a state or a view only through the fields
they share, so that the state module (compiled in the compiled build) can call it
without importing the views: :class:`SeatCards` says what one seat shows, and a card the
viewer cannot see is never given to it, so it cannot be drawn.

>>> from eighthalf import new_game
>>> picture = new_game(2, seed=3)._repr_svg_()
>>> picture.startswith("<svg"), picture.count('class="card') == 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

import attrs

from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.drawing import RoundTable, StateSeat
from eighthalf.pictures.drawings import seat_name
from eighthalf.pictures.faces import BLIND, Face
from eighthalf.pictures.layout import Board
from eighthalf.pictures.svg import Picture

__all__ = ["NO_MARKS", "PILE_SHOWN", "Marks", "SeatCards", "face", "match_title", "round_picture", "state_seats"]

PILE_SHOWN: Final = 12
"""The pile's top cards that the picture shows (as the browser's board)."""


def face(rank: Rank) -> Face:
    """The face of ``rank`` as the browser's board draws it: its colour (S1), its label big and
    in the corners; the Ghost a big ``G`` with ``Ghost`` in the corners."""
    if rank is Rank.GHOST:
        return Face(("rank", rank.colour.value), "Ghost", "G")
    return Face(("rank", rank.colour.value), rank.label, rank.label)


@attrs.frozen(slots=True, weakref_slot=False)
class SeatCards:
    """What one seat shows in a picture: the cards given are drawn, the others only counted."""

    hand: tuple[Rank, ...] | None
    """The hand, if the picture may show it; ``None``: :attr:`hand_size` cards face down."""
    hand_size: int
    """How many cards the hand holds."""
    bank_size: int
    """How many cards the bank holds (never drawn: counted)."""
    open: tuple[Rank, ...]
    """The open cards, face up."""
    blind: tuple[Rank, ...] | None
    """The blind cards, if the picture may show them (a state); ``None``: :attr:`blind_size` face down."""
    blind_size: int
    """How many blind cards are left."""
    collected: int
    """How many cards the collected stack holds."""
    on_table: bool
    """Whether the seat is on the table (L1)."""


@attrs.frozen(slots=True, weakref_slot=False)
class Marks:
    """The cards a move takes, outlined: ``count`` of ``rank`` (or of each of ``ranks``) in ``zone``, or the blind card at ``position``."""

    zone: str = ""
    """``"hand"``, ``"open"`` or ``"blind"``; ``""``: none (a collect)."""
    ranks: tuple[Rank, ...] = ()
    """The ranks the move plays (a rank twice for two cards)."""
    position: int | None = None
    """The blind card a blind play turns (L4), else ``None``."""
    caption: str = ""
    """What the move is, said under the first line (``"seat 1 plays 7 7 from the hand"``)."""


NO_MARKS: Final = Marks()
"""No card outlined: the picture of a position, not of a move."""


def state_seats(seats: Sequence[StateSeat]) -> tuple[SeatCards, ...]:
    """The seats of a state, every card shown (a state knows them all; the banks are still counted)."""
    return tuple(
        SeatCards(
            tuple(seat.hand),
            len(seat.hand),
            len(seat.bank),
            tuple(seat.open),
            tuple(seat.blind),
            len(seat.blind),
            len(seat.collected),
            seat.on_table,
        )
        for seat in seats
    )


def _marked(cards: Sequence[Rank], ranks: Sequence[Rank]) -> set[int]:
    """The places in ``cards`` of ``ranks``, each taken once, leftmost first."""
    taken: set[int] = set()
    for rank in ranks:
        at = next((at for at, card in enumerate(cards) if card is rank and at not in taken), None)
        if at is not None:
            taken.add(at)
    return taken


def _head(table: RoundTable, names: Sequence[str]) -> str:
    outcome = table.outcome
    if outcome is not None:
        winner = "no winner" if outcome.winner is None else f"{seat_name(outcome.winner, names)} wins"
        return f"move {table.move_number}: round over, {winner}, points {' '.join(map(str, outcome.points))}"
    lock = ", 5-lock" if table.locked else ""
    risk = f", {seat_name(table.at_risk, names)} at risk" if table.at_risk is not None else ""
    return f"move {table.move_number}: {seat_name(table.to_move, names)} to move, call {table.call_label}{lock}{risk}"


def match_title(rounds: int, index: int, scores: Sequence[int]) -> str:
    """The first line of a picture of a match: the round of the rounds (M1) and the scores so far."""
    return f"round {index + 1} of {rounds}, scores {' '.join(map(str, scores))}"


def round_picture(
    table: RoundTable, seats: Sequence[SeatCards], names: Sequence[str] = (), marks: Marks = NO_MARKS, title: str = ""
) -> Picture:
    """The picture of a round: ``table``'s facts and pile, and ``seats`` as given (a view's
    seats give only what the view shows); ``marks`` outlines a move's cards."""
    board = Board()
    board.line(title or _head(table, names), strong=True)
    if title:
        board.line(_head(table, names))
    if marks.caption:
        board.line(marks.caption)
    pile = table.pile[-PILE_SHOWN:]
    hidden = len(table.pile) - len(pile)
    board.cards(
        "pile",
        [face(card.rank) for card in pile],
        note=f"({len(table.pile)} cards)" if hidden else "",
        pile=True,
        empty="empty",
    )
    for index, seat in enumerate(seats):
        turn = " ▶" if table.outcome is None and index == table.to_move else ""
        on_table = ", on the table" if seat.on_table else ""
        board.line(
            f"{seat_name(index, names)}{turn}: hand {seat.hand_size}, open {len(seat.open)}, "
            f"blind {seat.blind_size}, bank {seat.bank_size}, collected {seat.collected}{on_table}",
            strong=bool(turn),
        )
        mine = marks.zone and index == table.to_move
        hand = [face(card) for card in seat.hand] if seat.hand is not None else [BLIND] * seat.hand_size
        blind = [face(card) for card in seat.blind] if seat.blind is not None else [BLIND] * seat.blind_size
        marked: Collection[int] = ()
        if mine and marks.zone == "hand" and seat.hand is not None:
            marked = _marked(seat.hand, marks.ranks)
        elif mine and marks.zone == "open":
            marked = {len(hand) + at for at in _marked(seat.open, marks.ranks)}
        elif mine and marks.zone == "blind" and marks.position is not None:
            marked = {len(hand) + len(seat.open) + marks.position}
        row = [*hand, *(face(card) for card in seat.open), *blind]
        breaks = {len(hand), len(hand) + len(seat.open)}
        board.cards("", row, marked=marked, empty="no cards", breaks=breaks)
    return board.picture(title or _head(table, names))
