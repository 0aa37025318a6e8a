"""Records of Shedding: :class:`Record`, a :class:`~eighthalf.formats.seeded.SeededRecord`, and
its :data:`RECORD_FORMAT` (the shared record text), derived from the game's facts."""

from __future__ import annotations

from typing import Final

import attrs

from eighthalf.core.game import Result
from eighthalf.formats.replay import checked_result
from eighthalf.formats.seeded import RecordFacts, SeededRecord, seeded_format

from .game import SHEDDING
from .rules import Draw, GameState, Move, Pass, Play, Rules

__all__ = ["RECORD_FORMAT", "Record"]


def _valid(found: Result) -> bool:
    won = {found.scores[seat] for seat in found.winners}
    others = [score for seat, score in enumerate(found.scores) if seat not in found.winners]
    return len(won) == 1 and not any(others)


def _check_result(result: object, players: int, rules: Rules) -> str:
    return checked_result(result, players, _valid, "'<winners>: <scores>'", "SH8")


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Record(SeededRecord[GameState, Move, Rules]):
    """A game of Shedding as the moves made from a seeded deal."""

    facts = RecordFacts(
        game=SHEDDING,
        moves=(Play, Draw, Pass),
        players_rule="SH2",
        check_result=_check_result,
        rules_tags=("HandSize", "MoveLimit"),
        rules_name="a shedding Rules",
    )


RECORD_FORMAT: Final = seeded_format(Record, name="a shedding Record")
"""How records of Shedding are written and read."""
