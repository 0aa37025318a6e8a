"""JSON documents of Eights: every state, view, move, event, rule set and record as plain data.

:func:`~eighthalf.eights.to_data` turns an object into a ``dict`` of JSON types only,
and :func:`~eighthalf.eights.from_data` reads it back; :func:`dumps` and :func:`loads`
do the same with JSON text. They work as 8½'s do (:mod:`eighthalf.serialization`), on
the same envelope (:mod:`eighthalf.formats.documents`): loading checks everything, and a
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

The functions
-------------

:func:`~eighthalf.eights.to_data`, :func:`~eighthalf.eights.from_data`, :func:`dumps`
and :func:`loads` are those of every game
(:class:`~eighthalf.formats.document_kinds.GameDocuments`), bound to the document types of
Eights (:data:`REGISTRY`); what they take, return and raise is said there. ``to_data``
writes any :data:`Document` (an object of 8½ is refused with a :class:`TypeError`):

>>> to_data(Rules(target=20))
{'format': 'eighthalf', 'version': 1, 'type': 'eights.Rules', 'target': 20, 'turn_limit': None, 'may_pass_freely': False}
>>> dumps(Rules())
'{"format": "eighthalf", "version": 1, "type": "eights.Rules", "target": null, "turn_limit": null, "may_pass_freely": false}'

``from_data`` and ``loads`` take an ``expected`` class
(:class:`~eighthalf.eights.GameState`, :class:`~eighthalf.eights.Spell` …) and check a
state as :func:`~eighthalf.eights.position` checks a position (the 64 cards of WS1, one
table card per suit, the hand sizes …), the scores, totals and outcome it states being
the ones its cards give; a record's moves are checked as notation only
(:func:`~eighthalf.eights.replay` checks that they are legal). A document of 8½ is
refused with the name of the function that reads it:

>>> loads('{"format": "eighthalf", "version": 1, "type": "eights.Move", "move": "pass 1e 4w"}')
Pass(exchange=(Card(suit=1, letter='e'), Card(suit=4, letter='w')))
>>> from_data({"format": "eighthalf", "version": 1, "type": "Rules",
...            "min_players": 2, "max_players": 5, "move_limit": None})
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.type: 'Rules' is not a document type of Eights, whose types begin with 'eights.': if it is a document of 8½, read it with eighthalf.from_data (or eighthalf.serialization.loads)
"""

from __future__ import annotations

from typing import Final, TypeAlias

from eighthalf.formats.document_kinds import GameDocuments
from eighthalf.formats.documents import Registry
from eighthalf.games.eights.events import Event
from eighthalf.games.eights.moves import Pass, Spell
from eighthalf.games.eights.options import Rules
from eighthalf.games.eights.records import Record
from eighthalf.games.eights.serialization.positions import POSITION_KINDS
from eighthalf.games.eights.serialization.values import EVENT_KINDS, PREFIX, RECORD_KIND, VALUE_KINDS
from eighthalf.games.eights.state import GameState
from eighthalf.games.eights.views import PlayerView

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
"""Eights's document types: the registry that :func:`~eighthalf.eights.to_data` and :func:`~eighthalf.eights.from_data` use
(the ``documents`` of the game objects, and what :mod:`eighthalf.schemas` is generated from)."""

# --------------------------------------------------------------------------- the public functions

DOCUMENTS: Final = GameDocuments[Document](REGISTRY, path=f"{__name__}.DOCUMENTS")
"""The public document functions of Eights, bound below by name (:class:`~eighthalf.formats.document_kinds.GameDocuments`)."""

to_data: Final = DOCUMENTS.to_data
"""The document of an object of Eights: a dict of JSON types only (see the module text)."""

from_data: Final = DOCUMENTS.from_data
"""Read a document of Eights written by :func:`~eighthalf.eights.to_data` (see the module text)."""

dumps: Final = DOCUMENTS.dumps
"""The document of an object of Eights as JSON text (see the module text)."""

loads: Final = DOCUMENTS.loads
"""Read a document of Eights from JSON text (see the module text)."""
