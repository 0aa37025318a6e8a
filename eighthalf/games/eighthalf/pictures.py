"""8½'s pictures for the registry (:data:`PICTURES`): a round or a match, a view, a move, in SVG.

The drawing itself is :mod:`eighthalf.games.eighthalf.table_picture`'s (which the state's
``_repr_svg_`` calls too); this module checks what it is given and says what a match adds:
the round of the rounds and the scores so far.

>>> from eighthalf import HandPlay, Rank, new_game
>>> from eighthalf.games.eighthalf.game import EIGHTHALF
>>> state = new_game(2, seed=3)
>>> picture = PICTURES.of_move(EIGHTHALF, state, HandPlay(Rank.TWO), ["Ann", "Ben"])
>>> "seat 1 (Ben) plays 2 from the hand" in picture
True
>>> PICTURES.of_move(EIGHTHALF, state, HandPlay(Rank.FIVE))
Traceback (most recent call last):
    ...
eighthalf.errors.IllegalMoveError: illegal move '5': the hand holds 0 of 5, not 1 (T3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from eighthalf.core.errors import quote
from eighthalf.core.game import Game
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.match import Exchange, Match, MatchView
from eighthalf.games.eighthalf.moves import BlindPlay, Collect, EightAndHalf, HandPlay, OpenPlay
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.table_picture import NO_MARKS, Marks, match_title, round_picture, state_seats
from eighthalf.games.eighthalf.views import PlayerView, view_seats
from eighthalf.pictures.drawings import PictureError, Pictures, check_move, seat_name
from eighthalf.pictures.svg import Picture

__all__ = ["PICTURES", "marks", "move_picture", "state_picture", "view_picture"]


def state_picture(state: object, names: Sequence[str] = (), moves: Marks = NO_MARKS) -> Picture:
    """A round (a :class:`~eighthalf.GameState`, every card face up) or a match (its round, with the scores).

    Raises:
        PictureError: If ``state`` is neither.
    """
    if isinstance(state, GameState):
        return round_picture(state, state_seats(state.seats), names, moves)
    if isinstance(state, Match):
        title = match_title(state.rounds, state.round_index, state.scores)
        return round_picture(state.state, state_seats(state.state.seats), names, moves, title)
    raise PictureError(f"expected a GameState or a Match of 8½, not {quote(state)}")


def view_picture(seen: object, names: Sequence[str] = (), moves: Marks = NO_MARKS) -> Picture:
    """A :class:`~eighthalf.PlayerView` or a match's view: only what it shows, hidden cards face down.

    Raises:
        PictureError: If ``seen`` is neither.
    """
    if isinstance(seen, PlayerView):
        return round_picture(seen, view_seats(seen), names, moves)
    if isinstance(seen, MatchView):
        title = match_title(seen.rounds, seen.round_index, seen.scores)
        return round_picture(seen.round, view_seats(seen.round), names, moves, title)
    raise PictureError(f"expected a PlayerView or a MatchView of 8½, not {quote(seen)}")


def marks(move: object, seat: str) -> Marks:
    """The cards ``move`` takes, and what it is in words (``seat`` names who plays it)."""
    if isinstance(move, HandPlay):
        return Marks("hand", (move.rank,) * move.count, caption=f"{seat} plays {move} from the hand")
    if isinstance(move, EightAndHalf):
        return Marks("hand", (Rank.EIGHT, Rank.HALF), caption=f"{seat} plays 8 and ½ from the hand")
    if isinstance(move, OpenPlay):
        return Marks("open", (move.rank,) * move.count, caption=f"{seat} plays {move} from the open cards")
    if isinstance(move, BlindPlay):
        return Marks("blind", position=move.position, caption=f"{seat} turns blind card {move.position + 1}")
    if isinstance(move, Collect):
        return Marks(caption=f"{seat} collects the pile")
    if isinstance(move, Exchange):
        return Marks(caption=f"{seat} exchanges: {move}")
    return Marks(caption=f"{seat} plays {move}")


def move_picture(
    game: Game[Any, Any, Any, Any, Any], before: object, move: object, names: Sequence[str] = ()
) -> Picture:
    """``move`` at ``before`` (a state or a view of a round or a match of ``game``): the
    position before it, the cards it takes outlined.

    Raises:
        IllegalMoveError: If the move may not be played there (the engine's reason).
        PictureError: If ``before`` is no state or view of 8½, or the move is not the viewer's.
    """
    seen = isinstance(before, (PlayerView, MatchView))
    if not isinstance(before, (PlayerView, MatchView, GameState, Match)):
        raise PictureError(f"expected a state or a view of 8½, not {quote(before)}")
    check_move(game, before, move, seen=seen)
    if isinstance(before, (Match, MatchView)):
        table: GameState | PlayerView = before.round if isinstance(before, MatchView) else before.state
        mover = table.to_move if before.exchange_by is None else before.exchange_by
    else:
        assert isinstance(before, (GameState, PlayerView))
        mover = before.to_move
    drawn = marks(move, seat_name(mover, names))
    return view_picture(before, names, drawn) if seen else state_picture(before, names, drawn)


PICTURES: Final = Pictures(state=state_picture, view=view_picture, move=move_picture)
"""8½'s drawings, for its registry entry (:attr:`eighthalf.registry.GameEntry.pictures`)."""
