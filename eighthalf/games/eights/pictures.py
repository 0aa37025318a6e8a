"""Eights' pictures for the registry (:data:`PICTURES`): a state, a view, a move, in SVG.

The drawing itself is :mod:`eighthalf.games.eights.table_picture`'s (which the state's and
the view's ``_repr_svg_`` call too); this module checks what it is given and marks a
move's cards: a spelling's hand and table cards, a pass's exchanged cards.

>>> from eighthalf.eights import PASS, legal_moves, new_game
>>> from eighthalf.games.eights.game import EIGHTS
>>> state = new_game(2, seed=3)
>>> picture = PICTURES.of_move(EIGHTS, state, legal_moves(state)[0], ["Ann", "Ben"])
>>> "seat 0 (Ann) spells" in picture
True
>>> PICTURES.of_move(EIGHTS, state, PASS)
Traceback (most recent call last):
    ...
eighthalf.errors.IllegalMoveError: illegal move 'pass': a player who can spell a word must spell one (WT1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from eighthalf.core.errors import quote
from eighthalf.core.game import Game
from eighthalf.games.eights.moves import Spell
from eighthalf.games.eights.passing import Pass
from eighthalf.games.eights.state import GameState
from eighthalf.games.eights.table_picture import state_table, table_picture
from eighthalf.games.eights.views import PlayerView, view_table
from eighthalf.pictures.drawings import PictureError, Pictures, check_move, seat_name
from eighthalf.pictures.svg import Picture

__all__ = ["PICTURES", "move_picture", "state_picture", "view_picture"]


def state_picture(state: object, names: Sequence[str] = ()) -> Picture:
    """A :class:`~eighthalf.eights.GameState`, every hand face up.

    Raises:
        PictureError: If ``state`` is not one.
    """
    if not isinstance(state, GameState):
        raise PictureError(f"expected an eighthalf.eights.GameState, not {quote(state)}")
    return table_picture(state_table(state, names))


def view_picture(seen: object, names: Sequence[str] = ()) -> Picture:
    """A :class:`~eighthalf.eights.PlayerView`: only what it shows, the other hands face down.

    Raises:
        PictureError: If ``seen`` is not one.
    """
    if not isinstance(seen, PlayerView):
        raise PictureError(f"expected an eighthalf.eights.PlayerView, not {quote(seen)}")
    return table_picture(view_table(seen, names))


def move_picture(
    game: Game[Any, Any, Any, Any, Any], before: object, move: object, names: Sequence[str] = ()
) -> Picture:
    """``move`` at ``before`` (a state or a view): the position before it, the move's cards outlined.

    Raises:
        IllegalMoveError: If the move may not be played there (the engine's reason).
        PictureError: If ``before`` is no state or view of Eights, or the move is not the viewer's.
    """
    if isinstance(before, PlayerView):
        table = view_table(before, names)
    elif isinstance(before, GameState):
        table = state_table(before, names)
    else:
        raise PictureError(f"expected an eighthalf.eights.GameState or PlayerView, not {quote(before)}")
    check_move(game, before, move, seen=isinstance(before, PlayerView))
    seat = seat_name(before.to_move, names)
    if isinstance(move, Spell):
        return table_picture(table, move.hand + move.replacements, move.table, f"{seat} spells {move}")
    assert isinstance(move, Pass)
    exchanged = f", exchanging {' '.join(map(str, move.exchange))}" if move.exchange else ""
    return table_picture(table, move.exchange, (), f"{seat} passes{exchanged}")


PICTURES: Final = Pictures(state=state_picture, view=view_picture, move=move_picture)
"""Eights' drawings, for its registry entry (:attr:`eighthalf.registry.GameEntry.pictures`)."""
