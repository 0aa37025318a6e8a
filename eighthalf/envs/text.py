"""A plain-text picture of a table, for the environments' ``render`` and OpenSpiel's strings."""

from __future__ import annotations

from ..views import PlayerView

__all__ = ["table_text"]


def table_text(seen: PlayerView) -> str:
    """The table as ``seen`` shows it, one line per seat and one for the pile.

    >>> from eighthalf import new_game, view
    >>> print(table_text(view(new_game(2, seed=3), 0)))  # doctest: +NORMALIZE_WHITESPACE
    move 0, seat 1 to move, call 0, pile (empty)
    seat 0: hand 3 [7 Ghost Ghost], bank 27, open [4 1 3], blind 3, collected 0
    seat 1: hand 3, bank 27, open [½ Ghost 6], blind 3, collected 0
    """
    if seen.outcome is not None:
        head = f"move {seen.move_number}, round over: winner {seen.outcome.winner}, points {list(seen.outcome.points)}"
    else:
        risk = f", seat {seen.at_risk} at risk" if seen.at_risk is not None else ""
        lock = ", 5-lock" if seen.locked else ""
        head = f"move {seen.move_number}, seat {seen.to_move} to move, call {seen.call_label}{lock}{risk}"
    pile = " ".join(card.rank.label for card in seen.pile[-8:]) or "(empty)"
    if len(seen.pile) > 8:
        pile = f"... {pile} ({len(seen.pile)} cards)"
    lines = [f"{head}, pile {pile}"]
    for index, seat in enumerate(seen.seats):
        hand = f" [{' '.join(rank.label for rank in seat.hand)}]" if seat.hand is not None else ""
        table = ", on the table" if seat.on_table else ""
        lines.append(
            f"seat {index}: hand {seat.hand_size}{hand}, bank {seat.bank_size}, "
            f"open [{' '.join(rank.label for rank in seat.open)}], blind {seat.blind_size}, "
            f"collected {len(seat.collected)}{table}"
        )
    return "\n".join(lines)
