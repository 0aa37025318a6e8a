"""JSON documents of Eights: every state, view, move, event, rule set and record as plain data.

:func:`~eighthalf.eights.to_data` turns an object into a ``dict`` of JSON types only,
and :func:`~eighthalf.eights.from_data` reads it back; :func:`dumps` and :func:`loads`
do the same with JSON text. They work as 8½'s do (:mod:`eighthalf.serialization`), on
the same envelope (:mod:`eighthalf.common.documents`): loading checks everything, and a
document that is not exactly right raises :class:`~eighthalf.DocumentError`,
whose message says what is wrong and where, as a JSON path such as
``$.hand.table[3]``. A :class:`~eighthalf.eights.GameState` is checked as
:func:`~eighthalf.eights.position` checks a position, so loading never returns a state
that could not occur.

>>> from eighthalf.eights import new_game, parse_move
>>> state = new_game(2, seed=1)
>>> data = to_data(state)
>>> data["type"], data["hand"]["table"], data["hand"]["hands"][0][:3]
('eights.GameState', ['1o', '2f', '3e', '4h', '5f', '6e', '7e', '8o'], ['1i', '1n', '1t'])
>>> from_data(data) == state
True
>>> dumps(parse_move("ONE 1n 7o 4e>4w"))
'{"format": "eighthalf", "version": 1, "type": "eights.Move", "move": "ONE 1n 7o 4e>4w"}'
>>> data["hand"]["table"][3] = "3g"
>>> from_data(data)
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.hand.table[3]: expected the table card of suit 4 here, not '3g' (the table holds one card of each suit, written suit by suit) (WS3)

The format (version 1)
----------------------

Every document is a JSON object that starts with ``"format": "eighthalf"``,
``"version": 1`` and ``"type"``, as 8½'s documents do. The types of Eights are named
``eights.<Class>`` so that no document of one game can be taken for one of the other:
``eights.Rules``, ``eights.Move``, ``eights.GameState``, ``eights.PlayerView``,
``eights.Record``, and the events ``eights.Spelled``, ``eights.Passed``,
``eights.Drew``, ``eights.HandOver``, ``eights.HandDealt``, ``eights.GameOver``. Each
game's loader, handed a document of the other game, says which function reads it. The
other keys are the object's fields, by their Python names, all of them required and no
others allowed. Nested objects (the rules, the hand, the outcome) are plain objects of
their fields, without the header.

* A card is its notation, ``"4w"``: the suit's digit and the lower-case letter; a zone
  of cards (the table, a hand, the stack, an exchange) is a list of them. The table is
  written suit by suit; hands and exchanges in card order, as the library keeps them (a
  hand in another order is read, and kept in card order).
* A move (``eights.Move`` documents, score piles, events and records) is its canonical
  notation, exactly as ``str(move)`` writes it: ``"ONE 1n 7o 4e>4w"``, ``"pass"``,
  ``"pass 1e 4w"`` (see :func:`~eighthalf.eights.parse_move`).
* Rules hold ``target``, ``turn_limit`` (an integer or ``null``) and
  ``may_pass_freely``.
* A state holds ``rules``, ``seed``, ``hand`` (the fields of
  :class:`~eighthalf.eights.HandState`: ``number``, ``dealer``, ``table``, ``hands``,
  ``stack``, ``origins``, ``piles``, ``to_move``, ``passes``, ``turns``),
  ``hand_scores`` and ``outcome``. A view holds the fields of
  :class:`~eighthalf.eights.PlayerView`: its ``stack`` is how many cards the stack
  holds, and ``known_stack`` the cards the viewer put under it, which they know.
* The facts a loader can work out are written for the reader's convenience and checked
  on loading: the hand's ``scores`` (WH2), the ``totals`` (WG1), and the ``outcome``
  (WG3: the totals, the winners and the target, once a total has reached it).
* A seed is a JSON integer of at most 4,300 digits; every other integer is at most
  2\\ :sup:`53` - 1.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from ...common.document_kinds import DocumentFunctions
from ...common.documents import Registry
from ..events import Event
from ..moves import Pass, Spell
from ..options import Rules
from ..records import Record
from ..state import GameState
from ..views import PlayerView
from .events import EVENT_KINDS
from .positions import POSITION_KINDS
from .values import PREFIX, RECORD_KIND, VALUE_KINDS

__all__ = ["PREFIX", "REGISTRY", "TYPE_NAMES", "Document", "dumps", "from_data", "loads", "to_data"]

Document: TypeAlias = Rules | Spell | Pass | GameState | PlayerView | Record | Event
"""Anything :func:`~eighthalf.eights.to_data` writes and :func:`~eighthalf.eights.from_data` reads."""

_KINDS: Final = (*VALUE_KINDS, *POSITION_KINDS, RECORD_KIND, *EVENT_KINDS)

TYPE_NAMES: tuple[str, ...] = tuple(kind.name for kind in _KINDS)
"""The value of ``"type"`` of every kind of document of Eights, in the order of the format's description."""


def _foreign(name: str) -> str | None:
    """The hint for a document of 8½, whose types have no prefix (``"GameState"``)."""
    if not name.startswith(PREFIX) and name.isidentifier() and name[:1].isupper():
        return (
            f"not a document type of Eights, whose types begin with {PREFIX!r}: if it is a document "
            "of 8½, read it with eighthalf.from_data (or eighthalf.serialization.loads)"
        )
    return None


REGISTRY: Final = Registry(_KINDS, label="eighthalf.eights", foreign=_foreign)
"""Eights's document types: the registry that :func:`to_data` and :func:`from_data` use
(the ``documents`` of the game objects, and what :mod:`eighthalf.schemas` is generated from)."""

# --------------------------------------------------------------------------- the public functions


_FUNCTIONS: Final = DocumentFunctions[Document]()
"""Types the four functions below as every game's (:mod:`eighthalf.common.document_kinds`)."""


@_FUNCTIONS.to_data
def to_data(obj: Document) -> dict[str, Any]:
    """The document of ``obj``: a dict of JSON types only, ready for :func:`json.dumps`.

    The first three keys are ``"format"``, ``"version"`` and ``"type"``; see the module
    text for the rest. ``from_data(to_data(obj)) == obj`` for every object the library
    builds.

    >>> to_data(Rules(target=20))
    {'format': 'eighthalf', 'version': 1, 'type': 'eights.Rules', 'target': 20, 'turn_limit': None, 'may_pass_freely': False}

    Args:
        obj: Any :data:`~eighthalf.eights.serialization.Document`: rules, a move, a
            state, a view, a record or an event of Eights.

    Returns:
        A new dict; nothing in it is shared with ``obj`` or with other documents.

    Raises:
        TypeError: If ``obj`` is of no supported type (an object of 8½ included).
    """
    return REGISTRY.to_data(obj)


@_FUNCTIONS.from_data
def from_data(data: object, expected: type[Any] | None = None) -> Any:
    """Read a document of Eights written by :func:`~eighthalf.eights.to_data` (or by hand, or by another program).

    Everything is checked: the header, every key (none missing, none unknown), every
    type, every card and move in notation, every seat number, and that the whole can
    occur: a state is checked as :func:`~eighthalf.eights.position` checks a position
    (the 64 cards of WS1, one table card per suit, the hand sizes …), and the scores,
    totals and outcome it states must be the ones its cards give. A record's moves are
    checked as notation only; :func:`~eighthalf.eights.replay` checks that they are legal.

    >>> from_data({"format": "eighthalf", "version": 1, "type": "Rules",
    ...            "min_players": 2, "max_players": 5, "move_limit": None})
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.type: 'Rules' is not a document type of Eights, whose types begin with 'eights.': if it is a document of 8½, read it with eighthalf.from_data (or eighthalf.serialization.loads)

    Args:
        data: The document, as :func:`json.loads` gives it.
        expected: The class the document must hold (:class:`~eighthalf.eights.GameState`,
            :class:`~eighthalf.eights.Spell` …), or ``None`` to take any.

    Returns:
        The object; an instance of ``expected`` if given.

    Raises:
        DocumentError: If the document is not valid; the message says what is wrong
            and where (``$.hand.table[3]: …``), and ``error.path`` holds the path.
        TypeError: If ``expected`` is not a class that documents of Eights hold.
    """
    return REGISTRY.from_data(data, expected)


@_FUNCTIONS.dumps
def dumps(obj: Document, *, indent: int | None = None) -> str:
    """The document of ``obj`` (see :func:`~eighthalf.eights.to_data`) as JSON text.

    >>> dumps(Rules())
    '{"format": "eighthalf", "version": 1, "type": "eights.Rules", "target": null, "turn_limit": null, "may_pass_freely": false}'

    Args:
        obj: Any :data:`~eighthalf.eights.serialization.Document`.
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
    """Read a document of Eights from JSON text (see :func:`~eighthalf.eights.from_data`).

    >>> loads('{"format": "eighthalf", "version": 1, "type": "eights.Move", "move": "pass 1e 4w"}')
    Pass(exchange=(Card(suit=1, letter='e'), Card(suit=4, letter='w')))

    Args:
        text: The JSON text (``bytes`` are read as UTF-8, -16 or -32).
        expected: As for :func:`~eighthalf.eights.from_data`.

    Returns:
        The object; an instance of ``expected`` if given.

    Raises:
        DocumentError: If the text is not JSON (``NaN`` and repeated keys included) or
            the document is not valid.
        TypeError: If ``expected`` is not a class that documents of Eights hold.
    """
    return REGISTRY.loads(text, expected)
