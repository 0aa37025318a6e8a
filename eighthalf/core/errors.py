"""The one error family of eighthalf, shared by both games.

Its public name is :mod:`eighthalf.errors` (and the package roots :mod:`eighthalf` and
:mod:`eighthalf.eights` export the classes): every class here says so in its
``__module__``, so tracebacks, pickles and ``repr`` show ``eighthalf.errors.…`` whichever
game raised the error.

Every error the library raises on bad input is an :class:`~eighthalf.EighthalfError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do not care
which kind it is.

Messages quote the input at fault through :func:`~eighthalf.errors.quote`, which cuts it to a readable
length, so a message stays short whatever it was given (a megabyte of text, an integer
of thousands of digits, a list nested thousands deep):

>>> quote("x" * 1_000_000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1000000 characters)"
>>> quote(10**5000)
'an integer of 5,001 digits'
"""

from __future__ import annotations

import math
import reprlib

__all__ = [
    "QUOTE_LIMIT",
    "DocumentError",
    "EighthalfError",
    "IllegalMoveError",
    "InvalidStateError",
    "NotAMoveError",
    "ParseError",
    "not_a_move",
    "quote",
]
"""The public names, which :mod:`eighthalf.errors` gives; the other helpers serve the games."""

QUOTE_LIMIT = 60
"""About the most characters :func:`quote` shows of a value."""

_LOG10_2 = math.log10(2)


class _ShortRepr(reprlib.Repr):
    """:mod:`reprlib` with integers that are never converted whole to text."""

    def repr_int(self, x: int, level: int) -> str:
        return quote(x)


_REPR = _ShortRepr()
_REPR.maxlevel = 3
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = QUOTE_LIMIT
# A container whose repr fits in QUOTE_LIMIT has at most QUOTE_LIMIT // 3 items ("0, "):
# _WIDE shows that many, so that a short repr is never cut (reprlib's default is 6 items);
# when its text is too long anyway, _REPR's six items are shown instead.
_WIDE = _ShortRepr()
for _name in ("maxlevel", "maxstring", "maxother"):
    setattr(_WIDE, _name, getattr(_REPR, _name))
for _name in ("maxlist", "maxtuple", "maxset", "maxfrozenset", "maxdeque", "maxarray", "maxdict"):
    setattr(_WIDE, _name, QUOTE_LIMIT // 3 + 1)
del _name


def _digits(number: int) -> str:
    """How many decimal digits ``number`` has, without converting it to text."""
    bits = abs(number).bit_length()
    digits = math.floor((bits - 1) * _LOG10_2) + 1  # the count, or one less
    if bits > 200_000:  # 10**digits would take a while: an estimate will do
        return f"about {digits:,}"
    return f"{digits + (abs(number) >= 10**digits):,}"


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to about ``limit`` characters: how messages quote input.

    Text longer than ``limit`` is cut and its length given; an integer beyond
    2\\ :sup:`190` (some 57 digits) is described by its number of digits (CPython
    refuses to convert integers of over 4,300 digits to text); containers are shown to
    a few levels and items (:mod:`reprlib`), so deep nesting is no problem; a value
    whose ``repr`` fails is named by its type.

    >>> quote("o7"), quote(7), quote([[[[[1]]]]])
    ("'o7'", '7', '[[[[...]]]]')
    """
    if type(value) is str:
        if len(value) <= limit:
            text = repr(value)
            if len(text) <= limit + 2:
                return text
        return f"{repr(value[: max(limit - 4, 1)])[: limit - 2]}... ({len(value)} characters)"
    if type(value) is int:
        if value.bit_length() <= 190:  # at most 58 digits
            return repr(value)
        return f"an integer of {_digits(value)} digits"
    try:
        text = _WIDE.repr(value)
        if len(text) > limit:
            text = _REPR.repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class EighthalfError(ValueError):
    """Base class of every error raised by eighthalf on bad input."""


class IllegalMoveError(EighthalfError):
    """A move that the rules do not allow in the given state.

    The message names the move, the reason and the rule id, for example
    ``"illegal move 'H': ½ cannot be played on a call of 8½ (P3)"``.

    Attributes:
        move: The text notation of the refused move.
        reason: Why the rules refuse it, in English (each game's ``reason_for`` tells it
            to a player in another language).
        rule: The id of the rule that forbids it (``"P3"``, ``"T2"`` …).
    """

    def __init__(self, move: str, reason: str, rule: str) -> None:
        super().__init__(f"illegal move {quote(move)}: {reason} ({rule})")
        self.move = move
        self.reason = reason
        self.rule = rule


class NotAMoveError(IllegalMoveError, TypeError):
    """Something given where a move is needed that is no move of the game at all: text, a
    number, ``None``, another game's move.

    Which value a function takes is not a rule's matter, so the error is the same in every
    game and cites no rule. It is an :class:`IllegalMoveError` (nothing is applied) and a
    :class:`TypeError` (the wrong type was passed).

    Attributes:
        move: The refused value, quoted briefly.
        rule: ``""``: no rule is cited.
        game: The name of the game whose move was expected.

    >>> error = NotAMoveError("4", "8½", "parse_move")
    >>> print(error)
    '4' is not a move of 8½ but text: read it with parse_move first
    >>> print(NotAMoveError(4, "Eights", "parse_move")), error.rule
    4 is not a move of Eights but an int: read it with parse_move first
    (None, '')
    """

    def __init__(self, move: object, game: str, parser: str) -> None:
        what = "text" if isinstance(move, str) else f"{with_article(type(move).__name__)}"
        reason = f"not a move of {game} but {what}: read it with {parser} first"
        Exception.__init__(self, f"{quote(move)} is {reason}")
        self.move = quote(move)
        self.reason = reason
        self.rule = ""
        self.game = game


def with_article(name: str) -> str:
    """``name`` after its indefinite article, for messages.

    >>> with_article("int"), with_article("eighthalf.eights.Rules"), with_article("NoneType")
    ('an int', 'an eighthalf.eights.Rules', 'a NoneType')
    """
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def not_a_move(move: object, parser: str, game: str) -> NotAMoveError:
    """The error for ``move`` given where a move of ``game`` is needed but not one: text is told
    to go through ``parser`` first (``apply(state, "4")`` is a common slip).

    >>> print(not_a_move("4", "parse_move", "8½"))
    '4' is not a move of 8½ but text: read it with parse_move first
    >>> print(not_a_move(None, "eighthalf.eights.parse_move", "Eights"))
    None is not a move of Eights but a NoneType: read it with eighthalf.eights.parse_move first
    """
    return NotAMoveError(move, game, parser)


def not_a_state(expected: type, given: object) -> TypeError:
    """The error for ``given`` passed where the rules' fast path needs an ``expected`` state:
    in the words of the compiled build, whose modules check their arguments' types themselves,
    so that both builds refuse it alike (a player's view passed to ``legal_moves``, say).

    >>> from eighthalf import GameState, view, new_game
    >>> print(not_a_state(GameState, view(new_game(2, seed=1), 0)))
    eighthalf.games.eighthalf.state.GameState object expected; got eighthalf.games.eighthalf.views.PlayerView
    """
    got = type(given)
    if given is None:
        name = "None"
    elif got.__module__ == "builtins":
        name = got.__qualname__
    else:
        name = f"{got.__module__}.{got.__qualname__}"
    return TypeError(f"{expected.__module__}.{expected.__qualname__} object expected; got {name}")


def state_error(expected: type, given: object, error: AttributeError) -> Exception:
    """What the rules' fast path raises when ``error`` stops it: :func:`not_a_state` if
    ``given`` is not an ``expected`` (``legal_moves`` of a view), else ``error`` itself.

    The fast path checks no type (the compiled build checks them at the call): it catches
    the :class:`AttributeError` that another type gives, and raises this.
    """
    return error if type(given) is expected else not_a_state(expected, given)


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


for _error in (EighthalfError, IllegalMoveError, NotAMoveError, ParseError, InvalidStateError, DocumentError):
    _error.__module__ = "eighthalf.errors"  # the public name; this module is where they live
del _error
