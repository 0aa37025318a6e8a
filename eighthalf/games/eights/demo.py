"""How Eights' ``demo`` tells a game: its face for the demo every game derives (the entry's ``Commands.demo_screen``).

The table and every hand are shown at each deal (a demo shows everything), then a line a
turn, and the ends of hands and of the game on lines of their own. :func:`run_demo` plays
such a demo from Python.

>>> from eighthalf.games.eights.bots import GreedyBot, RandomBot
>>> lines: list[str] = []
>>> run_demo(2, 3, [GreedyBot(), RandomBot()], rules=Rules(target=5), write=lines.append) in ((0,), (1,), (0, 1))
True
>>> lines[0]
'Eights demo: 2 players, seed 3, target 5'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from eighthalf.console.commands import seat_names
from eighthalf.console.demo import DemoScreen, check_demo, play_demo
from eighthalf.core.errors import EighthalfError
from eighthalf.core.game import Game
from eighthalf.games.eights.bots import Bot
from eighthalf.games.eights.events import Event, GameOver, HandDealt, HandOver, narrate
from eighthalf.games.eights.figures import unending
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.moves import Move
from eighthalf.games.eights.options import Rules
from eighthalf.games.eights.state import GameState

__all__ = ["NAMES", "HandsDemo", "demo_screen", "run_demo"]

NAMES = seat_names(6)
"""The names given to seats 0 to 5."""


class HandsDemo(DemoScreen[GameState, Move, Event]):
    """How Eights' demo tells a game: the table and every hand at each deal (a demo shows
    everything), a line a turn, and the ends of hands and of the game on lines of their own."""

    def opening(self, state: GameState, bots: Sequence[Bot]) -> list[str]:
        """The players, the seed and the target, every seat's name and bot, then the deal."""
        names = self.names
        lines = [f"Eights demo: {state.players} players, seed {self.seed}, target {state.target}"]
        lines.extend(
            f"  seat {seat}: {name} ({bot.name})" for seat, (name, bot) in enumerate(zip(names, bots, strict=True))
        )
        return lines + self._deal(state)

    def _deal(self, state: GameState) -> list[str]:
        """The table, the stack and every hand at the start of a hand."""
        hand, names = state.hand, self.names
        return [
            f"Hand {hand.number + 1}: table {' '.join(map(str, hand.table))}, stack {len(hand.stack)} cards; "
            f"{names[hand.to_move]} plays first.",
            *(f"  {names[seat]}: {' '.join(map(str, cards))}" for seat, cards in enumerate(hand.hands)),
        ]

    def screen_items(
        self, number: int, seat: int, move: Move, seen: Sequence[Event], before: GameState, after: GameState
    ) -> list[str]:
        """The turn's line, then the ends of hands and of the game, and each new deal."""
        names = self.names
        told = [event for event in seen if not isinstance(event, (HandOver, HandDealt, GameOver))]
        lines = [f"{number:4}. {names[seat]}: {move} — {' '.join(narrate(told, names))}"]
        for event in seen:
            if isinstance(event, (HandOver, HandDealt, GameOver)):
                lines.append(narrate([event], names)[0])
            if isinstance(event, HandDealt):
                lines.extend(self._deal(after))
        return lines

    def check(self, state: GameState) -> None:
        """Stop a game still going after :data:`~eighthalf.games.eights.figures.HAND_LIMIT` hands (WG3)."""
        if (why := unending(state)) is not None:
            raise EighthalfError(f"the game {why}")


def demo_screen(game: Game[GameState, Move, object, Event, Rules], names: Sequence[str], seed: int) -> HandsDemo:
    """Eights' demo face, for the demo every game derives (:attr:`eighthalf.registry.Commands.demo_screen`)."""
    return HandsDemo(names, seed)


def run_demo(
    players: int,
    seed: int,
    bots: Sequence[Bot],
    *,
    rules: Rules | None = None,
    write: Callable[[str], None] | None = None,
) -> tuple[int, ...]:
    """Play one seeded game of Eights between ``bots`` and narrate it turn by turn.

    Every hand starts with the table and the hands; each turn is one line with the move and
    its narration (:func:`~eighthalf.eights.narrate`, as a spectator sees it: drawn cards
    hidden); the ends of hands and of the game get lines of their own. The bots share a
    :class:`random.Random` seeded with ``seed``. Returns the winning seats (WG3). ``write``
    receives each line (default: print). The loop is :func:`eighthalf.console.demo.play_demo`
    over :data:`eighthalf.games.eights.game.EIGHTS`.

    Raises:
        EighthalfError: If ``players`` is not from 2 to 6 (WS2), ``seed`` is not an int
            of at most :data:`~eighthalf.simulation.runner.MAX_SEED_DIGITS` digits, or
            ``bots`` is not one bot per seat; or, as it plays, if a bot fails as it
            chooses (a bot of another game, say) or chooses an illegal move, or the game
            is still going after :data:`~eighthalf.games.eights.figures.HAND_LIMIT` hands (WG3).
    """
    check_demo(EIGHTS, players, seed, bots, "WS2")
    if rules is not None and not isinstance(rules, Rules):
        raise EighthalfError(f"rules must be an eighthalf.eights.Rules or None, not {type(rules).__name__}")
    state = play_demo(EIGHTS, HandsDemo(NAMES[:players], seed), players, seed, bots, rules=rules, write=write)
    assert state.outcome is not None  # play_demo plays to the end
    return state.outcome.winners
