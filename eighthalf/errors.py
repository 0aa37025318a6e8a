"""The one error family of eighthalf.

Every error the library raises on bad input is an :class:`EighthalfError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do not care
which kind it is.
"""

from __future__ import annotations

__all__ = [
    "DocumentError",
    "EighthalfError",
    "IllegalMoveError",
    "InvalidStateError",
    "ParseError",
]


class EighthalfError(ValueError):
    """Base class of every error raised by eighthalf on bad input."""


class IllegalMoveError(EighthalfError):
    """A move that the rules do not allow in the given state.

    The message names the move, the reason and the rule id, for example
    ``"illegal move 'H': ½ cannot be played on a call of 8½ (P3)"``.

    Attributes:
        move: The text notation of the refused move.
        rule: The id of the rule that forbids it (``"P3"``, ``"T2"`` …).
    """

    def __init__(self, move: str, reason: str, rule: str) -> None:
        super().__init__(f"illegal move {move!r}: {reason} ({rule})")
        self.move = move
        self.rule = rule


class ParseError(EighthalfError):
    """Text (a move, a card, a record) that does not follow its documented notation."""


class InvalidStateError(EighthalfError):
    """A position, option set or document that cannot occur under the rules."""


class DocumentError(InvalidStateError):
    """A JSON document or game record that cannot be loaded.

    The message says what is wrong and where, as a path into the document such as
    ``$.state.seats[2].hand[1]``.

    Attributes:
        path: Where in the document the problem is (``"$"`` for the whole document).
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
