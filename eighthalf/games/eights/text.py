"""A plain-text picture of a game of Eights: what ``str(state)`` gives.

:func:`state_text` draws a whole :class:`~eighthalf.eights.GameState` in a few lines,
every hand face up; ``repr(state)`` stays the full, exact one. The lines are drawn in
``eighthalf.games.eights.state`` itself, which ``str(state)`` calls there: the state never
imports this module.
"""

from __future__ import annotations

from eighthalf.games.eights.state import GameState, state_lines

__all__ = ["state_text"]


def state_text(state: GameState) -> str:
    """The game in a few lines: the hand, the table, the stack and each seat's cards and points.

    The first line says which hand and turn it is, whose turn, the passes in a row (WH1)
    and the target (WG1), or, once the game is over, who won (WG3); then the table's 8
    cards (WS3) and the stack's size; then one line per seat: its total from the finished
    hands, its points in this hand (once the game is over: in the last hand, counted in the total), its hand (face up: a state knows every card) and the
    words in its score pile (WT5). The seed and the stack's order are left out.

    >>> from eighthalf.eights import new_game
    >>> print(new_game(2, seed=3))  # doctest: +NORMALIZE_WHITESPACE
    hand 1, turn 1, seat 0 to move, passes 0, target 50
    table 1o 2i 3n 4e 5e 6s 7u 8i, stack 40
    seat 0: total 0, this hand 0, hand 8 [1v 4w 5f 5r 6t 6u 7e 8o], words (none)
    seat 1: total 0, this hand 0, hand 8 [1e 3g 3i 3t 4h 5t 6e 6h], words (none)
    """
    return state_lines(state)
