"""Module-level values that pickle by their name, as module-level functions do.

A game binds its public functions by name to methods of one value made from the shared
machinery (``dumps = RECORDS.dumps``, see :class:`~eighthalf.formats.replay.RecordFunctions`
and :class:`~eighthalf.formats.document_kinds.GameDocuments`). A bound method pickles as
its object and its name, so such a value derives from :class:`Named`, which pickles by
the dotted name it is bound to: the function pickles by reference, as a function written
in the module would, and reads back as the same object.

>>> import pickle
>>> from eighthalf.games.eights.records import RECORDS, dumps
>>> pickle.loads(pickle.dumps(dumps)) == dumps, pickle.loads(pickle.dumps(RECORDS)) is RECORDS
(True, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import attrs

__all__ = ["Named", "located"]


def located(path: str) -> object:
    """The value bound to the dotted name ``path`` (``"package.module.NAME"``), its module imported.

    Raises:
        ModuleNotFoundError: If the module does not exist.
        AttributeError: If the module binds no such name.
    """
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True, eq=False)
class Named:
    """A base for values bound to a module-level name, which pickle by that name.

    Compared and hashed by identity, as functions are (a bound method is hashed by its value).

    Args:
        path: The dotted name the value is bound to (``"eighthalf.games.eights.records.RECORDS"``).
    """

    path: str
    """The dotted name the value is bound to."""

    def __reduce__(self) -> tuple[Callable[[str], object], tuple[str]]:
        """Pickle by name (:attr:`path`): unpickling gives the value bound to it (:func:`located`)."""
        return located, (self.path,)
