"""A plain-text picture of a round of 8½: ``str(state)``, the environments' ``render`` and OpenSpiel's strings.

:func:`state_text` draws a whole :class:`~eighthalf.GameState` (what ``str(state)``
gives), :func:`table_text` a :class:`~eighthalf.PlayerView` (what the viewer may know).
Both draw one line for the round and one per seat, in the same words; neither needs an
optional extra (``eighthalf.envs.text`` re-exports :func:`table_text`). The state's
``repr`` stays the full, exact one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Rank
from .state import GameState

if TYPE_CHECKING:  # for the annotations only: the views are drawn, not imported
    import eighthalf.views

__all__ = ["state_text", "table_text"]

_PILE_SHOWN = 8  # the pile's top cards that the text names


def _ranks(ranks: Sequence[Rank]) -> str:
    return " ".join(rank.label for rank in ranks)


def _head(table: GameState | eighthalf.views.PlayerView) -> str:
    """The first line: the move, who is to move and the call (or how the round ended), and the pile."""
    outcome, pile = table.outcome, table.pile
    if outcome is not None:
        head = f"move {table.move_number}, round over: winner {outcome.winner}, points {list(outcome.points)}"
    else:
        risk = f", seat {table.at_risk} at risk" if table.at_risk is not None else ""
        lock = ", 5-lock" if table.locked else ""
        head = f"move {table.move_number}, seat {table.to_move} to move, call {table.call_label}{lock}{risk}"
    shown = " ".join(card.rank.label for card in pile[-_PILE_SHOWN:]) or "(empty)"
    if len(pile) > _PILE_SHOWN:
        shown = f"... {shown} ({len(pile)} cards)"
    return f"{head}, pile {shown}"


def _seat_line(
    index: int,
    hand: Sequence[Rank] | None,
    hand_size: int,
    bank_size: int,
    open: Sequence[Rank],
    blind_size: int,
    collected: int,
    on_table: bool,
) -> str:
    shown = f" [{_ranks(hand)}]" if hand is not None else ""
    table = ", on the table" if on_table else ""
    return (
        f"seat {index}: hand {hand_size}{shown}, bank {bank_size}, open [{_ranks(open)}], "
        f"blind {blind_size}, collected {collected}{table}"
    )


def table_text(seen: eighthalf.views.PlayerView) -> str:
    """The table as ``seen`` shows it, one line per seat and one for the round and the pile.

    Hidden cards are counted, never named: the viewer's own hand is shown, the other
    hands, the banks and the blind cards are sizes (I1–I3). The pile line names its top
    8 cards, bottom to top.

    >>> from eighthalf import new_game, view
    >>> print(table_text(view(new_game(2, seed=3), 0)))  # doctest: +NORMALIZE_WHITESPACE
    move 0, seat 1 to move, call 0, pile (empty)
    seat 0: hand 3 [7 Ghost Ghost], bank 27, open [4 1 3], blind 3, collected 0
    seat 1: hand 3, bank 27, open [½ Ghost 6], blind 3, collected 0
    """
    lines = [_head(seen)]
    for index, seat in enumerate(seen.seats):
        lines.append(
            _seat_line(
                index,
                seat.hand,
                seat.hand_size,
                seat.bank_size,
                seat.open,
                seat.blind_size,
                len(seat.collected),
                seat.on_table,
            )
        )
    return "\n".join(lines)


def state_text(state: GameState) -> str:
    """The whole round in a few lines, every hand face up: what ``str(state)`` gives.

    The lines of :func:`table_text`, with every seat's hand named (a state knows them
    all); the banks and the blind cards are still counted, and the pile line names its top
    8 cards. ``repr(state)`` gives every field exactly.

    >>> from eighthalf import new_game
    >>> print(new_game(2, seed=3))  # doctest: +NORMALIZE_WHITESPACE
    move 0, seat 1 to move, call 0, pile (empty)
    seat 0: hand 3 [7 Ghost Ghost], bank 27, open [4 1 3], blind 3, collected 0
    seat 1: hand 3 [0 2 7], bank 27, open [½ Ghost 6], blind 3, collected 0
    """
    lines = [_head(state)]
    for index, seat in enumerate(state.seats):
        lines.append(
            _seat_line(
                index,
                seat.hand,
                len(seat.hand),
                len(seat.bank),
                seat.open,
                len(seat.blind),
                len(seat.collected),
                seat.on_table,
            )
        )
    return "\n".join(lines)
