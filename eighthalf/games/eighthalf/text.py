"""A plain-text picture of a round of 8½: ``str(state)``, the environments' ``render`` and OpenSpiel's strings.

:func:`state_text` draws a whole :class:`~eighthalf.GameState` (what ``str(state)``
gives), :func:`table_text` a :class:`~eighthalf.PlayerView` (what the viewer may know).
Both draw one line for the round and one per seat, in the same words; neither needs an
optional extra (``eighthalf.envs.text`` re-exports :func:`table_text`). The state's
``repr`` stays the full, exact one. The lines themselves are drawn below the state module
(``eighthalf.games.eighthalf.drawing``), which ``str(state)`` calls: the state never imports this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eighthalf.games.eighthalf.drawing import state_lines, view_lines
from eighthalf.games.eighthalf.state import GameState

if TYPE_CHECKING:  # for the annotations only: the views are drawn, not imported
    import eighthalf.games.eighthalf.views

__all__ = ["state_text", "table_text"]


def table_text(seen: eighthalf.games.eighthalf.views.PlayerView) -> str:
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
    return view_lines(seen)


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
    return state_lines(state)
