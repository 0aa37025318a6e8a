"""How 8½'s ``demo`` tells a round: its face for the demo every game derives (the entry's ``Commands.demo_screen``).

Every hand is shown at the start, then a line a move with the call it was made on and
what happened, as a spectator sees it. :func:`run_demo` plays such a demo from Python.

>>> from eighthalf.bots import GreedyBot, RandomBot
>>> lines: list[str] = []
>>> run_demo(2, 7, [GreedyBot(), RandomBot()], write=lines.append) in (-1, 0, 1)
True
>>> lines[0]
'8½ demo: 2 players, seed 7'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from eighthalf.console.commands import seat_names
from eighthalf.console.demo import DemoScreen, check_demo, play_demo
from eighthalf.core.errors import EighthalfError
from eighthalf.core.game import Game
from eighthalf.games.eighthalf.arguments import DEMO_MOVE_LIMIT
from eighthalf.games.eighthalf.bots import Bot
from eighthalf.games.eighthalf.events import Event, narrate
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.moves import Move
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.state import GameState

__all__ = ["DEMO_MOVE_LIMIT", "NAMES", "RoundDemo", "demo_screen", "run_demo"]

NAMES = seat_names(8)
"""The names given to seats 0 to 7."""


class RoundDemo(DemoScreen[GameState, Move, Event]):
    """How 8½'s demo tells a round: every hand at the start, then a line a move with the
    call it was made on and what happened, as a spectator sees it."""

    def opening(self, state: GameState, bots: Sequence[Bot]) -> list[str]:
        """The players and the seed, then every seat's name, bot and hand."""
        lines = [f"8½ demo: {state.players} players, seed {self.seed}"]
        for seat, (name, bot) in enumerate(zip(self.names, bots, strict=True)):
            lines.append(
                f"  seat {seat}: {name} ({bot.name}), hand {' '.join(r.label for r in state.seats[seat].hand)}"
            )
        return lines

    def screen_items(
        self, number: int, seat: int, move: Move, seen: Sequence[Event], before: GameState, after: GameState
    ) -> list[str]:
        """The move's number, the call it was made on, the mover, the move and its story."""
        story = " ".join(narrate(seen, self.names))
        return [f"{after.move_number:4}. [call {before.call_label:>3}] {self.names[seat]}: {move}  {story}"]


def demo_screen(game: Game[Any, Any, Any, Any, Any], names: Sequence[str], seed: int) -> RoundDemo:
    """8½'s demo face, for the demo every game derives (:attr:`eighthalf.registry.Commands.demo_screen`)."""
    return RoundDemo(names, seed)


def run_demo(
    players: int,
    seed: int,
    bots: Sequence[Bot],
    *,
    move_limit: int | None = DEMO_MOVE_LIMIT,
    write: Callable[[str], None] | None = None,
) -> int:
    """Play one seeded round between ``bots`` and narrate it move by move.

    Bots can, rarely, play a round that never ends, so the demo plays under E7's move
    limit (``move_limit``; ``None`` for none). Returns the winning seat, or -1 if the
    limit ended the round. ``write`` receives each line (default: print). The loop is
    :func:`eighthalf.console.demo.play_demo` over :data:`eighthalf.games.eighthalf.game.EIGHTHALF`.

    Raises:
        EighthalfError: If ``players`` is not from 2 to 5 (S2), ``seed`` is not an int of
            at most :data:`~eighthalf.simulation.runner.MAX_SEED_DIGITS` digits, ``bots`` is not one
            bot per seat, or ``move_limit`` is not ``None`` or at least 1; or if a bot fails
            as it chooses (a bot of another game, say) or chooses an illegal move.
    """
    check_demo(EIGHTHALF, players, seed, bots, "S2")
    if move_limit is not None and (type(move_limit) is not int or move_limit < 1):
        raise EighthalfError("move_limit must be None or an int of at least 1 (E7)")
    state = play_demo(
        EIGHTHALF,
        RoundDemo(NAMES[:players], seed),
        players,
        seed,
        bots,
        rules=Rules(move_limit=move_limit),
        write=write,
    )
    return -1 if state.winner is None else state.winner
