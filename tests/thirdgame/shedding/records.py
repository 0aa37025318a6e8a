"""Records of Shedding: :class:`Record` on :class:`~eighthalf.common.replay.GameRecord`, and its
:data:`RECORD_FORMAT` (the shared record text)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from eighthalf.common.game import Game, Result
from eighthalf.common.records import as_comments, as_sequence, as_tags, check_comments, check_tags, tag_int
from eighthalf.common.replay import GameRecord, RecordFormat, checked_result
from eighthalf.common.shuffle import check_seed, seed_bytes
from eighthalf.errors import DocumentError, EighthalfError, quote

from .game import SHEDDING
from .rules import Draw, GameState, Move, Pass, Play, Rules

__all__ = ["RECORD_FORMAT", "Record"]


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return as_sequence(value, "moves")


def _valid(found: Result) -> bool:
    won = {found.scores[seat] for seat in found.winners}
    others = [score for seat, score in enumerate(found.scores) if seat not in found.winners]
    return len(won) == 1 and not any(others)


@attrs.frozen(kw_only=True)
class Record(GameRecord[GameState, Move]):
    """A game of Shedding as the moves made from a seeded deal."""

    players: int
    """The number of seats (SH2)."""
    seed: int
    """The seed of the deal."""
    rules: Rules = attrs.field(factory=Rules)
    """The table's options."""
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)
    """The moves, in order."""
    result: str = "*"
    """``*``, or the result's text."""
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=as_comments)
    """Comments after moves."""
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=as_tags)
    """Other tags."""

    def __attrs_post_init__(self) -> None:
        if type(self.rules) is not Rules:
            raise DocumentError("$.rules", f"expected a shedding Rules, not {quote(self.rules)}")
        if type(self.players) is not int or not 2 <= self.players <= 4:
            raise DocumentError("$.players", f"expected an int from 2 to 4, not {quote(self.players)} (SH2)")
        try:
            check_seed(self.seed)
        except EighthalfError as error:
            raise DocumentError("$.seed", str(error)) from None
        for at, move in enumerate(self.moves):
            if type(move) not in (Play, Draw, Pass):
                raise DocumentError(f"$.moves[{at}]", f"not a move of Shedding: {quote(move)}")
        checked_result(self.result, self.players, _valid, "'<winners>: <scores>'", "SH8")
        check_comments(self.comments, len(self.moves))
        check_tags(self.tags, _OWN_TAGS)

    @property
    def game(self) -> Game[Any, Any, Any, Any, Any]:
        """:data:`~shedding.game.SHEDDING`."""
        return SHEDDING

    def start(self) -> GameState:
        """The game as dealt."""
        return SHEDDING.start(self.players, seed=self.seed, rules=self.rules)


def _setup_fields(tags: Mapping[str, str]) -> dict[str, Any]:
    return {"players": tag_int(tags["Players"], "Players"), "seed": tag_int(tags["Seed"], "Seed")}


_OWN_TAGS: Final = frozenset(("Game", "Players", "Seed", "HandSize", "MoveLimit", "Result"))

RECORD_FORMAT: Final = RecordFormat(
    record=Record,
    name="a shedding Record",
    game=SHEDDING,
    own_tags=_OWN_TAGS,
    needed=("Players", "Seed"),
    game_tag_needed=True,
    readers={},
    spaced=False,
    setup_tags=lambda record: [("Players", str(record.players)), ("Seed", seed_bytes(record.seed).decode("ascii"))],
    setup_fields=_setup_fields,
    field_tags={"players": "Players", "seed": "Seed", "rules": "HandSize", "result": "Result"},
)
"""How records of Shedding are written and read."""
