"""What the ``state`` frames of several seats after one move share, made once.

After a move each seat is shown the events it may see (:meth:`~eighthalf.core.game.Game.events_for`),
often equal events: a :class:`SharedTelling` writes the JSON data of an event once for every
seat that sees it alike, and the narration of equal events once a language (a
:class:`~eighthalf.server.tables.table.Table` tells every connection so).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from eighthalf.core.game import Game
from eighthalf.registry import GameEntry

__all__ = ["SharedTelling", "event_key"]


def event_key(event: object) -> Hashable:
    """A key by which equal events are found alike: the event, or its identity if it has no
    hash (then the caller holds the event while the key is in use, so that no identity is reused)."""
    try:
        hash(event)
    except TypeError:
        return ("object at", id(event))
    return event


class SharedTelling:
    """The JSON data and the narration of the events after one move, each made once.

    The caller holds the events it tells while this is in use (see :func:`event_key`).

    Args:
        entry: The game's registry entry (its documents write the events' data).
        game: The table's game (it narrates the events).
        names: The seats' names, as the narration gives them.
    """

    __slots__ = ("_data", "_entry", "_game", "_names", "_told")

    def __init__(self, entry: GameEntry, game: Game[Any, Any, Any, Any, Any], names: Sequence[str]) -> None:
        self._entry, self._game, self._names = entry, game, names
        self._data: dict[Hashable, dict[str, Any]] = {}
        self._told: dict[tuple[tuple[Hashable, ...], str], list[str]] = {}

    def tell(self, events: Sequence[Any], locale: str) -> tuple[list[dict[str, Any]], list[str]]:
        """The JSON data of each of ``events`` and their narration in ``locale``."""
        data, keys = [], []
        for event in events:
            keys.append(key := event_key(event))
            if (found := self._data.get(key)) is None:
                found = self._data[key] = self._entry.documents.to_data(event)
            data.append(found)
        said = tuple(keys), locale
        if (narration := self._told.get(said)) is None:
            narration = self._told[said] = self._game.narrate(events, self._names, locale) if events else []
        return data, narration
