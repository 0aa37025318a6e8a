"""A record of any registered game read from its text, the game found from the record itself.

>>> from eighthalf.games.eights.records import Record, dumps
>>> read_record(dumps(Record(players=2, seed=3))).game.name
'Eights'
>>> read_record("[Game \\"chess\\"]\\n\\n*")
Traceback (most recent call last):
    ...
eighthalf.analysis.AnalysisError: the record is of the game 'chess', which is not registered (the games: 8½, Eights...)
"""

from __future__ import annotations

from typing import Any

from eighthalf.analysis.analyse import AnalysisError
from eighthalf.core.errors import EighthalfError, quote
from eighthalf.formats.records import read_tags
from eighthalf.formats.replay import GameRecord
from eighthalf.registry import find, games

__all__ = ["read_record"]


def read_record(text: object) -> GameRecord[Any, Any]:
    """The record written ``text``: its ``Game`` tag names the game in the registry (a
    record without one is read by the game whose records need none, 8½).

    Raises:
        AnalysisError: If the text is not a record, names a game that is not registered,
            or is not a valid record of its game; the message says why.
    """
    try:
        tags = read_tags(text, ("Game",)).tags
    except EighthalfError as error:
        raise AnalysisError(f"not a record: {error}") from None
    named = tags.get("Game")
    if named is None:
        untagged = [entry for entry in games() if not entry.records.game_tag_needed]
        if not untagged:
            raise AnalysisError("the record has no Game tag, and every game's records need one")
        entry = untagged[0]
    else:
        try:
            entry = find(named)
        except EighthalfError:
            known = ", ".join(entry.name for entry in games())
            raise AnalysisError(
                f"the record is of the game {quote(named)}, which is not registered (the games: {known})"
            ) from None
    try:
        record: GameRecord[Any, Any] = entry.records.loads(text)
    except EighthalfError as error:
        raise AnalysisError(f"not a record of {entry.name}: {error}") from None
    return record
