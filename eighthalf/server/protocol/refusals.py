"""Why a move is refused: the checks that a server's table and the offline engine share.

A table of the server (:class:`~eighthalf.server.tables.table.Table`) and the offline engine
that runs in a browser (:class:`~eighthalf.server.offline.OfflineTable`) both read a move
with these functions, so that each refuses a move with the same code and the same words.

>>> from eighthalf.registry import find
>>> game = find("Eights").game
>>> state = game.start(2, seed=3)
>>> check_turn(over=False, started=True, number=4, made=0, to_move=0, seat=0)
Traceback (most recent call last):
    ...
eighthalf.server.protocol.messages.Refused: the move was sent after move 4, but 0 moves are made
>>> legal = game.legal_moves(state)
>>> read_move(game, state, game.move_text(legal[0]), legal) == legal[0]
True
>>> read_move(game, state, "no such move", legal)
Traceback (most recent call last):
    ...
eighthalf.server.protocol.messages.Refused: not a word of the game: 'no' (the words are ONE, ...) (WT8)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from eighthalf.core.errors import EighthalfError, IllegalMoveError, quote
from eighthalf.server.protocol.messages import Refused

__all__ = ["check_turn", "read_move", "why_illegal"]


def check_turn(*, over: bool, started: bool, number: object, made: int, to_move: int | None, seat: int) -> None:
    """Refuse a move of ``seat`` now: the game over or not started, a stale ``number``, another's turn.

    Args:
        over: Whether the game is over (or its table was ended as abandoned).
        started: Whether every seat is taken.
        number: The number of moves made that the mover saw, if it says (``None``: it does not).
        made: The number of moves made.
        to_move: The seat to move.
        seat: The seat that moves.

    Raises:
        Refused: ``game-over``, ``not-started``, ``stale`` or ``not-your-turn``.
    """
    if over:
        raise Refused("game-over", "the game is over: no more moves")
    if not started:
        raise Refused("not-started", "the game starts when every seat is taken")
    if number is not None and number != made:
        raise Refused("stale", f"the move was sent after move {quote(number)}, but {made} moves are made")
    if to_move != seat:
        raise Refused("not-your-turn", f"it is seat {to_move}'s turn, not seat {seat}'s")


def why_illegal(game: Any, state: Any, move: Any) -> Refused:
    """The refusal of ``move``, which is not one of the legal moves of ``state``, with the game's reason and rule."""
    try:
        game.apply(state, move)
    except IllegalMoveError as error:
        return Refused("illegal-move", str(error), error.rule, illegal=error)
    except EighthalfError as error:
        return Refused("bad-move", str(error))
    return Refused("illegal-move", f"{quote(game.move_text(move))} is not one of the legal moves")


def read_move(
    game: Any,
    state: Any,
    text: object,
    legal: Sequence[Any],
    by_text: Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None = None,
) -> Any:
    """The legal move of ``state`` written ``text``: as the game writes it, or otherwise (other
    spacing, order or case), read and then judged.

    Args:
        game: The game (:class:`~eighthalf.core.game.Game`).
        state: The state the move is made in.
        text: What the mover sent.
        legal: The legal moves of ``state``.
        by_text: The legal moves by their notation, or a function that gives them (made once
            by its caller); by default made here from ``legal``.

    Raises:
        Refused: ``bad-move`` (not a move of the game) or ``illegal-move`` (with the game's
            :class:`~eighthalf.errors.IllegalMoveError`, its reason and rule).
    """
    if type(text) is not str:
        raise Refused("bad-move", f"a move is a string in the game's notation, not {quote(text)}")
    if by_text is None:
        known: Mapping[str, Any] = {game.move_text(move): move for move in legal}
    else:
        known = by_text() if callable(by_text) else by_text
    found = known.get(text)
    if found is not None:  # a legal move written as the game writes it: nothing to read or judge
        return found
    try:
        move = game.parse_move(text)
    except IllegalMoveError as error:  # a move no state allows (Eights: a word its letters do not spell)
        raise Refused("illegal-move", str(error), error.rule, illegal=error) from None
    except EighthalfError as error:
        raise Refused("bad-move", str(error)) from None
    if move not in legal:
        raise why_illegal(game, state, move)
    return move
