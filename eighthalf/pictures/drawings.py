"""What a game gives the registry to be drawn (:class:`Pictures`), and what every game's pictures share.

A game's entry holds its :class:`Pictures` (:attr:`eighthalf.registry.GameEntry.pictures`): how
to draw one of its states, one of its views and a move. The rest is written here once for
every game: the position of a record at a move (replayed with the record's own game), the
checks of the arguments, and :data:`PLAIN`, the pictures of a game that draws none of its
own, which show its position as text.

>>> from eighthalf.registry import find
>>> pictures = find("eights").pictures
>>> from eighthalf.eights import Record, legal_moves
>>> record = Record(players=2, seed=3, tags=[("Names", "Ann,<Ben>")])
>>> picture = pictures.of_record(record, 0)
>>> "&lt;Ben&gt;" in picture, "<Ben>" in picture
(True, False)
>>> pictures.of_record(record, 5)
Traceback (most recent call last):
    ...
eighthalf.pictures.drawings.PictureError: a record of 0 moves has no position after move 5 (0 to 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.core.game import Game
from eighthalf.formats.replay import GameRecord, replay_states
from eighthalf.pictures.layout import Board
from eighthalf.pictures.svg import Picture

__all__ = ["PLAIN", "PictureError", "Pictures", "check_move", "record_names", "seat_name", "text_picture"]


class PictureError(EighthalfError):
    """A picture asked of something it cannot draw: not a state or view of the game, a move
    number out of range, a move that is not the viewer's to play."""


def record_names(record: GameRecord[Any, Any]) -> tuple[str, ...]:
    """The players' names that ``record``'s ``Names`` tag gives (``"Ann,Ben"``), one a seat, or ``()``
    if it gives none or not one a seat."""
    for name, value in record.tags:
        if name == "Names":
            names = tuple(part.strip() for part in value.split(","))
            return names if len(names) == record.players else ()
    return ()


def seat_name(seat: int, names: Sequence[str]) -> str:
    """How a picture names ``seat``: ``seat 0``, or ``seat 0 (Ann)`` when ``names`` gives its name."""
    return f"seat {seat} ({names[seat]})" if seat < len(names) and names[seat] else f"seat {seat}"


def check_move(game: Game[Any, Any, Any, Any, Any], before: Any, move: object, *, seen: bool) -> None:
    """Check that ``move`` may be played at ``before``: a state of ``game``, or a view when
    ``seen`` (whose ``legal_moves()`` are the viewer's).

    Raises:
        IllegalMoveError: If it may not, with the reason the game's ``apply`` gives (for a view,
            on a state the viewer cannot tell from the real one).
        PictureError: If ``before`` is a view and the move is legal for another seat only.
    """
    if seen:
        if move in before.legal_moves():
            return
        before = game.sample_state(before, random.Random(0))
    elif move in game.legal_moves(before):
        return
    game.apply(before, move)  # raises the game's IllegalMoveError (or NotAMoveError) with its reason
    raise PictureError(f"{quote(str(move))} is not the viewer's to play: a view draws only the viewer's own moves")


def _field_lines(value: object) -> list[str]:
    kind: Any = type(value)
    if attrs.has(kind):
        return [f"{field.name}: {getattr(value, field.name)!r}" for field in attrs.fields(kind)]
    return str(value).splitlines()


def text_picture(title: str, lines: Sequence[str]) -> Picture:
    """A picture of text: ``title`` in bold, then ``lines`` (the plain pictures of :data:`PLAIN`)."""
    board = Board()
    board.line(title, strong=True)
    for line in lines:
        board.line(line)
    return board.picture(title)


def _plain_state(state: object, names: Sequence[str]) -> Picture:
    return text_picture(type(state).__name__, _field_lines(state))


def _plain_move(game: Game[Any, Any, Any, Any, Any], before: object, move: object, names: Sequence[str]) -> Picture:
    check_move(game, before, move, seen=callable(getattr(before, "legal_moves", None)))
    return text_picture(f"{type(before).__name__}, then {game.move_text(move)}", _field_lines(before))


@attrs.frozen(slots=True, weakref_slot=False)
class Pictures:
    """How a game is drawn: its state, its view and a move, each as an SVG :class:`~eighthalf.pictures.svg.Picture`.

    Each drawing is given the players' names (one a seat, or ``()``: seats are numbered) and
    draws only from what it is given: the picture of a view holds what the view shows, never
    a hidden card. The methods check their arguments and are what callers use.
    """

    state: Callable[[Any, Sequence[str]], Picture] = _plain_state
    """Draws a state of the game: ``state(state, names)``; a game's own drawing refuses what is
    not one of its states with a :class:`PictureError` (:data:`PLAIN`'s draws any value as text)."""
    view: Callable[[Any, Sequence[str]], Picture] = _plain_state
    """Draws a view (what one seat or a spectator knows): ``view(view, names)``; a game's own
    drawing refuses what is not one of its views."""
    move: Callable[[Game[Any, Any, Any, Any, Any], Any, Any, Sequence[str]], Picture] = _plain_move
    """Draws a move at a state or view, the position before it with the move marked:
    ``move(game, before, move, names)``; it checks the move first (:func:`check_move`)."""

    def of_state(self, state: object, names: Sequence[str] = ()) -> Picture:
        """The picture of ``state``, a state of the game, every card shown.

        Raises:
            PictureError: If ``names`` are not names, or the game's drawing refuses ``state``.
        """
        return self.state(state, _names(names))

    def of_view(self, seen: object, names: Sequence[str] = ()) -> Picture:
        """The picture of ``seen``, a view: only what it shows.

        Raises:
            PictureError: If ``names`` are not names, or the game's drawing refuses ``seen``.
        """
        return self.view(seen, _names(names))

    def of_move(
        self, game: Game[Any, Any, Any, Any, Any], before: object, move: object, names: Sequence[str] = ()
    ) -> Picture:
        """The picture of ``move`` played at ``before`` (a state or a view of ``game``): the
        position before it, the move's cards marked.

        Raises:
            IllegalMoveError: If the move may not be played there (the game's reason).
            PictureError: If ``before`` is not a state or view of the game, or the move is not the viewer's.
        """
        return self.move(game, before, move, _names(names))

    def of_record(self, record: object, at: int | None = None) -> Picture:
        """The position of ``record`` after its first ``at`` moves (``None``: after all of them),
        its players named by its ``Names`` tag, replayed with the record's game.

        Raises:
            PictureError: If ``record`` is no record, or ``at`` is not a move number from 0 to its moves.
            DocumentError: If the record's moves do not replay (an illegal move before ``at``).
        """
        if not isinstance(record, GameRecord):
            raise PictureError(f"expected a game record, not {quote(record)}")
        moves = len(record.moves)
        at = moves if at is None else at
        if type(at) is not int or not 0 <= at <= moves:
            raise PictureError(f"a record of {moves} moves has no position after move {quote(at)} (0 to {moves})")
        position = None
        for done, position in enumerate(replay_states(record.prefix(at))):  # noqa: B007
            pass
        assert position is not None and done == at
        return self.of_state(position, record_names(record))


def _names(names: object) -> tuple[str, ...]:
    if isinstance(names, str) or not isinstance(names, Sequence) or any(type(name) is not str for name in names):
        raise PictureError(f"expected the players' names, a sequence of strings, not {quote(names)}")
    return tuple(names)


PLAIN: Final = Pictures()
"""The pictures of a game that draws none of its own: its states and views as text, one line a field."""
