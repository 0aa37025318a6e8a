"""JSON documents: every state, view, move, event, match and record as plain data.

:func:`~eighthalf.to_data` turns an object into a ``dict`` of JSON types only (``str``, ``int``,
``bool``, ``None``, lists and dicts), and :func:`~eighthalf.from_data` reads it back;
:func:`dumps` and :func:`loads` do the same with JSON text. Loading checks everything,
and a document that is not exactly right raises :class:`~eighthalf.DocumentError`,
whose message says what is wrong and where, as a JSON path such as
``$.seats[2].hand[1]``. Loading never returns a state that could not occur: a
:class:`~eighthalf.GameState` goes through :func:`~eighthalf.position`.

>>> from eighthalf import new_game, parse_move
>>> state = new_game(2, seed=1)
>>> data = to_data(state)
>>> data["format"], data["version"], data["type"], data["seats"][0]["hand"], data["opening"]
('eighthalf', 1, 'GameState', '25G', '2')
>>> from_data(data) == state
True
>>> dumps(parse_move("33"))
'{"format": "eighthalf", "version": 1, "type": "Move", "move": "33"}'
>>> data["seats"][0]["hand"] = "25X"
>>> from_data(data)
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.seats[0].hand[2]: not a rank symbol: 'X' (expected 0-9, H or G)

The format (version 1)
----------------------

Every document is a JSON object that starts with ``"format": "eighthalf"``,
``"version": 1`` and ``"type"``, the name of what it holds: ``Rules``, ``Move``,
``GameState``, ``PlayerView``, ``MatchView``, ``Match``, ``Record``, or an event
(``Played``, ``BlindTurned``, ``Caught``, ``Collected``, ``Drew``, ``Locked``,
``ReachedTable``, ``WentOut``, ``RoundOver``, ``RoundDealt``, ``Exchanged``,
``MatchOver``). The other keys are the object's fields, by their Python names, all of
them required and no others allowed, but for the table options of rules (below).
Nested objects (rules, seats, outcomes) are plain objects of their fields, without the
three header keys.

* Rules (a ``Rules`` document, or the ``rules`` of a state, view, match or record) hold
  ``min_players``, ``max_players`` and ``move_limit``, and each table option that is on
  (``lock_next_only``, ``halves_stop_at_8_half``, ``single_opening``, ``open_runs``)
  as ``true``. An option that is absent is off, so documents written before the options
  existed load with the rule book's rulings, as they were written; an option given as
  ``false`` is read as off too, but never written.

* A rank is its one-character symbol: ``"0"`` to ``"9"``, ``"H"`` for ½, ``"G"`` for
  Ghost. A zone of cards (a hand, a bank, open, blind or collected cards, a deck) is the
  string of its symbols in order: ``"49G"``; an error in it names the character,
  ``$.seats[2].hand[1]``.
* A pile card is a pair ``[rank, seat]``: ``["H", 1]`` is a ½ played by seat 1.
* A move (``Move`` documents, moves in events, matches and records) is its notation
  string, exactly as ``str(move)`` writes it: ``"33"``, ``"8H"``, ``"o7"`` (``"o77"``
  under the table option ``open_runs``), ``"b0"``,
  ``"c"``, ``"x729"``, ``"d"`` (see :func:`~eighthalf.parse_move`). Lower case and
  ``½`` are refused here, so that every object has one document.
* Tuples become lists; a seed is a JSON integer of at most 4,300 digits, which may
  exceed 2\\ :sup:`53` (readers in JavaScript need a big-integer parser for the
  ``seed`` of a match or record). Every other integer is at most 2\\ :sup:`53` - 1
  (move limits, move numbers, rounds, scores …).
* Text is kept as it is; only what quotes the input in an error message is cut short
  (``eighthalf.errors.quote``).
* The facts a loader can work out (a state's ``call_halves``, ``locked``, ``at_risk``
  and ``outcome``; a view's too; a match view's ``exchanges``; a ``MatchOver``'s
  ``winners``) are written for the reader's convenience and checked on loading.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from eighthalf.formats import documents as _documents
from eighthalf.formats.document_kinds import DocumentFunctions
from eighthalf.formats.documents import Kind, Registry
from eighthalf.games.eighthalf.events import Event
from eighthalf.games.eighthalf.match import Decline, Exchange, Exchanged, Match, MatchOver, MatchView, RoundDealt
from eighthalf.games.eighthalf.moves import BlindPlay, Collect, EightAndHalf, HandPlay, OpenPlay
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.records import Record
from eighthalf.games.eighthalf.serialization.events import EVENT_KINDS
from eighthalf.games.eighthalf.serialization.match import MATCH_KINDS
from eighthalf.games.eighthalf.serialization.round import ROUND_KINDS
from eighthalf.games.eighthalf.serialization.values import VALUE_KINDS
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.views import PlayerView

__all__ = [
    "FORMAT",
    "REGISTRY",
    "VERSION",
    "Document",
    "dumps",
    "from_data",
    "loads",
    "to_data",
]

FORMAT: Final = _documents.FORMAT
"""The value of every document's ``"format"`` key (the envelope of :mod:`eighthalf.formats.documents`)."""

VERSION: Final = _documents.VERSION
"""The version of the format that this module writes and reads."""

Document: TypeAlias = (
    Rules
    | HandPlay
    | EightAndHalf
    | OpenPlay
    | BlindPlay
    | Collect
    | Exchange
    | Decline
    | GameState
    | PlayerView
    | MatchView
    | Match
    | Record
    | Event
    | RoundDealt
    | Exchanged
    | MatchOver
)
"""Anything :func:`~eighthalf.to_data` writes and :func:`~eighthalf.from_data` reads."""

_KINDS: tuple[Kind, ...] = (*VALUE_KINDS, *ROUND_KINDS, *MATCH_KINDS, *EVENT_KINDS)


def _foreign(name: str) -> str | None:
    """The hint for a document of Eights, whose types are named ``eights.<Name>``."""
    if name.startswith("eights."):
        return "a document of Eights: read it with eighthalf.eights.from_data (or eighthalf.eights.serialization.loads)"
    return None


REGISTRY: Final = Registry(_KINDS, label="eighthalf", foreign=_foreign)
"""8½'s document types: the registry that :func:`to_data` and :func:`from_data` use
(the ``documents`` of the game objects, and what :mod:`eighthalf.schemas` is generated from)."""


# --------------------------------------------------------------------------- the public functions


_FUNCTIONS: Final = DocumentFunctions[Document]()
"""Types the four functions below as every game's (:mod:`eighthalf.formats.document_kinds`)."""


@_FUNCTIONS.to_data
def to_data(obj: Document) -> dict[str, Any]:
    """The document of ``obj``: a dict of JSON types only, ready for :func:`json.dumps`.

    The first three keys are ``"format"``, ``"version"`` and ``"type"``; see the module
    text for the rest. ``from_data(to_data(obj)) == obj`` for every object the library
    builds.

    >>> from eighthalf import Rules
    >>> to_data(Rules(move_limit=500))
    {'format': 'eighthalf', 'version': 1, 'type': 'Rules', 'min_players': 2, 'max_players': 5, 'move_limit': 500}

    Args:
        obj: Any :data:`~eighthalf.serialization.Document`: rules, a move, a state, a view, a match, a match
            view, a record or an event.

    Returns:
        A new dict; nothing in it is shared with ``obj`` or with other documents.

    Raises:
        TypeError: If ``obj`` is of no supported type.
    """
    return REGISTRY.to_data(obj)


@_FUNCTIONS.from_data
def from_data(data: object, expected: type[Any] | None = None) -> Any:
    """Read a document written by :func:`~eighthalf.to_data` (or by hand, or by another program).

    Everything is checked: the header, every key (none missing, none unknown), every
    type (``true`` is not an integer), every rank symbol and move, every seat number,
    and that the whole can occur under the rules: a state goes through
    :func:`~eighthalf.position`, so its 72 cards, zone sizes, pile and turn are checked,
    and the call, 5-lock, risk and outcome it states must be the ones its cards give.
    A record's moves are checked as notation only; :func:`eighthalf.replay`
    checks that they are legal.

    >>> from eighthalf import Rules
    >>> from_data({"format": "eighthalf", "version": 1, "type": "Rules",
    ...            "min_players": 2, "max_players": 5, "move_limit": True})
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.move_limit: expected an integer or null, not a boolean True

    Args:
        data: The document, as :func:`json.loads` gives it.
        expected: The class the document must hold (:class:`~eighthalf.GameState`,
            :class:`~eighthalf.HandPlay` …), or ``None`` to take any.

    Returns:
        The object; an instance of ``expected`` if given.

    Raises:
        DocumentError: If the document is not valid; the message says what is wrong
            and where (``$.seats[2].hand[1]: …``), and ``error.path`` holds the path.
        TypeError: If ``expected`` is not a class that documents hold.
    """
    return REGISTRY.from_data(data, expected)


@_FUNCTIONS.dumps
def dumps(obj: Document, *, indent: int | None = None) -> str:
    """The document of ``obj`` (see :func:`~eighthalf.to_data`) as JSON text.

    >>> from eighthalf import Rules
    >>> dumps(Rules())
    '{"format": "eighthalf", "version": 1, "type": "Rules", "min_players": 2, "max_players": 5, "move_limit": null}'

    Args:
        obj: Any :data:`~eighthalf.serialization.Document`.
        indent: Passed to :func:`json.dumps`: ``None`` for one line, else the number of
            spaces per level.

    Returns:
        The JSON text; characters beyond ASCII (in comments and tags) are kept as they are.

    Raises:
        TypeError: If ``obj`` is of no supported type.
        InvalidStateError: If ``indent`` is neither ``None`` nor an int from 0 to 16.
    """
    return REGISTRY.dumps(obj, indent)


@_FUNCTIONS.loads
def loads(text: str | bytes, expected: type[Any] | None = None) -> Any:
    """Read a document from JSON text (see :func:`~eighthalf.from_data`).

    >>> loads('{"format": "eighthalf", "version": 1, "type": "Move", "move": "o7"}')
    OpenPlay(rank=<Rank.SEVEN: 7>, count=1)
    >>> loads('{"format": "eighthalf", "version": 1, "type": "Move", "move": "o7"',)
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $: not valid JSON: Expecting ',' delimiter (line 1, column 67)

    Args:
        text: The JSON text (``bytes`` are read as UTF-8, -16 or -32).
        expected: As for :func:`~eighthalf.from_data`.

    Returns:
        The object; an instance of ``expected`` if given.

    Raises:
        DocumentError: If the text is not JSON (``NaN`` and repeated keys included) or
            the document is not valid.
        TypeError: If ``expected`` is not a class that documents hold.
    """
    return REGISTRY.loads(text, expected)
