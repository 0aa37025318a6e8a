"""A table laid out in rows, top to bottom: lines of text and labelled rows of cards.

Each game draws its table with a :class:`Board`: a line for the round, then a row of cards
for each zone (the pile, a seat's hand ...). The board sizes the picture to what it holds.

>>> from eighthalf.pictures.faces import BLIND, Face
>>> board = Board()
>>> board.line("move 0, seat 1 to move", strong=True)
>>> board.cards("seat 0", [Face(("rank", "yellow"), "7", "7"), BLIND], marked=(0,))
>>> picture = board.picture("a table")
>>> picture.count("<g transform="), "stroke-dasharray" in picture
(2, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from eighthalf.pictures.faces import Face, card, card_size, definitions
from eighthalf.pictures.svg import Picture, document, element, escape

__all__ = ["INK", "MUTED", "PAPER", "Board"]

PAPER: Final = "#f7f8fa"
"""The picture's background: the page's (``--paper`` in the table page's ``style.css``)."""
INK: Final = "#1d2330"
"""The colour of its text (``--ink``)."""
MUTED: Final = "#5b6475"
"""The colour of its labels (``--muted``)."""

_MARGIN: Final = 12.0
_GAP: Final = 7.2  # .45rem: the gap between cards of a row, as on the page
_LABEL: Final = 96.0  # the width of a row's label
_LINE: Final = 20.0
_SIZE: Final = 13.0


class Board:
    """A picture being laid out: rows added top to bottom, then :meth:`picture`."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._y = _MARGIN
        self._width = 2 * _MARGIN + 320

    def line(self, text: str, *, strong: bool = False, x: float = 0) -> None:
        """A line of text (escaped here), bold when ``strong``, indented by ``x`` pixels."""
        self._parts.append(
            element(
                "text",
                escape(text),
                x=_MARGIN + x,
                y=self._y + _SIZE,
                font_size=_SIZE + (1 if strong else 0),
                font_weight=700 if strong else None,
                fill=INK if strong else MUTED,
            )
        )
        self._y += _LINE
        self._width = max(self._width, 2 * _MARGIN + x + 0.6 * _SIZE * len(text))

    def cards(
        self,
        label: str,
        faces: Sequence[Face],
        *,
        note: str = "",
        marked: Collection[int] = (),
        pile: bool = False,
        empty: str = "none",
        breaks: Collection[int] = (),
    ) -> None:
        """A row of cards after ``label``: ``faces`` left to right, those at ``marked`` outlined,
        a wider gap before those at ``breaks`` (a seat's hand, then its open cards ...), then
        ``note`` (``"(40 cards)"``); ``empty`` in place of no card. Small cards when ``pile``."""
        width, height = card_size(pile)
        top = self._y + 4
        self._parts.append(
            element("text", escape(label), x=_MARGIN, y=top + height / 2 + 4, font_size=_SIZE, fill=MUTED)
        )
        x = _MARGIN + _LABEL
        for at, face in enumerate(faces):
            x += 3 * _GAP if at and at in breaks else 0
            self._parts.append(card(face, x, top, pile=pile, marked=at in marked))
            x += width + _GAP
        tail = note if faces else (f"{empty}, {note}" if note else empty)
        if tail:
            self._parts.append(element("text", escape(tail), x=x, y=top + height / 2 + 4, font_size=_SIZE, fill=MUTED))
            x += 0.6 * _SIZE * len(tail)
        self._y = top + height + 10
        self._width = max(self._width, x + _MARGIN)

    def picture(self, title: str) -> Picture:
        """The finished picture, sized to its rows, with ``title`` as its accessible name."""
        height = self._y + _MARGIN - 8
        background = element("rect", width=self._width, height=height, fill=PAPER)
        return document(self._width, height, [definitions(), background, *self._parts], title=title)
