"""Eights on the command line: ``python -m eighthalf eights demo|play|simulate``.

``demo`` plays a seeded game between bots and narrates it (:func:`run_demo`), ``play``
is the terminal game (:mod:`eighthalf.games.eights.terminal`) and ``simulate`` plays many
games and summarises them (:mod:`eighthalf.games.eights.simulate`). ``demo`` is the command
every game derives from its registry entry (:mod:`eighthalf.console.commands`), told by
Eights' own face (:func:`demo_screen`); ``play`` and ``simulate`` are Eights' own
(:func:`add_play_command`, :func:`add_simulate_command`), from the shared pieces of
:mod:`eighthalf.console.arguments`. The options mean what they mean for 8½'s commands
(:mod:`eighthalf.games.eighthalf.cli`): ``--bots`` is a comma-separated list that repeats to fill the
table, and bad arguments stop a command with one line on stderr and exit status 2.
``--target``, ``--turn-limit`` and ``--may-pass-freely`` set the table's options (WR1, WR2).

>>> lines: list[str] = []
>>> main(["demo", "--players", "2", "--seed", "3", "--target", "5"], write=lines.append)
0
>>> lines[0]
'Eights demo: 2 players, seed 3, target 5'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Final

from eighthalf.console import arguments as common_cli
from eighthalf.console import commands as derived
from eighthalf.console.demo import DemoScreen, check_demo, play_demo
from eighthalf.core.errors import EighthalfError
from eighthalf.core.game import Game
from eighthalf.games.eights.bots import Bot
from eighthalf.games.eights.events import Event, GameOver, HandDealt, HandOver, narrate
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.moves import Move
from eighthalf.games.eights.options import Rules
from eighthalf.games.eights.simulate import BINDING, simulate, unending
from eighthalf.games.eights.state import GameState
from eighthalf.games.eights.terminal import (
    add_play_arguments,
    add_rules_arguments,
    config_from_args,
    rules_from_args,
    run_play,
)
from eighthalf.registry import entry_of

__all__ = [
    "NAMES",
    "PROG",
    "SIMULATE",
    "add_commands",
    "add_eights_arguments",
    "add_play_command",
    "add_rules_arguments",
    "add_simulate_arguments",
    "add_simulate_command",
    "demo_screen",
    "main",
    "rules_from_args",
    "run_demo",
    "run_eights",
    "run_simulate",
]

PROG = "python -m eighthalf eights"
"""The name the Eights commands give themselves in their help and messages."""

NAMES = derived.seat_names(6)
"""The names given to seats 0 to 5."""


# --- demo ---------------------------------------------------------------------------------------


class _Demo(DemoScreen[GameState, Move, Event]):
    """How Eights' demo tells a game: the table and every hand at each deal (a demo shows
    everything), a line a turn, and the ends of hands and of the game on lines of their own."""

    def opening(self, state: GameState, bots: Sequence[Bot]) -> list[str]:
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
        if (why := unending(state)) is not None:
            raise EighthalfError(f"the game {why}")


def demo_screen(
    game: Game[GameState, Move, object, Event, Rules], names: Sequence[str], seed: int
) -> DemoScreen[GameState, Move, Event]:
    """Eights' demo face, for the demo every game derives (:attr:`eighthalf.registry.Commands.demo_screen`):
    every hand shown at each deal, a line a turn (see :func:`run_demo`)."""
    return _Demo(names, seed)


def run_demo(
    players: int,
    seed: int,
    bots: Sequence[Bot],
    *,
    rules: Rules | None = None,
    write: Callable[[str], None] | None = None,
) -> tuple[int, ...]:
    """Play one seeded game of Eights between ``bots`` and narrate it turn by turn.

    Every hand starts with the table and the hands (a demo shows everything); each turn
    is one line with the move and its narration (:func:`~eighthalf.eights.narrate`, as a
    spectator sees it: drawn cards hidden); the ends of hands and of the game get lines
    of their own. The bots share a :class:`random.Random` seeded with ``seed``.
    Returns the winning seats (WG3). ``write`` receives each line (default: print). The
    loop is :func:`eighthalf.console.demo.play_demo` over :data:`eighthalf.games.eights.game.EIGHTS`.

    Raises:
        EighthalfError: If ``players`` is not from 2 to 6 (WS2), ``seed`` is not an int
            of at most :data:`~eighthalf.simulation.runner.MAX_SEED_DIGITS` digits, or
            ``bots`` is not one bot per seat; or, as it plays, if a bot fails as it
            chooses (a bot of another game, say) or chooses an illegal move, or the game
            is still going after :data:`~eighthalf.games.eights.simulate.HAND_LIMIT` hands (WG3).
    """
    check_demo(EIGHTS, players, seed, bots, "WS2")
    if rules is not None and not isinstance(rules, Rules):
        raise EighthalfError(f"rules must be an eighthalf.eights.Rules or None, not {type(rules).__name__}")
    state = play_demo(EIGHTS, _Demo(NAMES[:players], seed), players, seed, bots, rules=rules, write=write)
    assert state.outcome is not None  # play_demo plays to the end
    return state.outcome.winners


# --- play ---------------------------------------------------------------------------------------


def add_play_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add Eights' own ``play`` (:mod:`eighthalf.games.eights.terminal`) to ``commands``, setting ``run``."""
    play = commands.add_parser("play", help="play a game of Eights against bots in the terminal")
    add_play_arguments(play)
    play.set_defaults(run=derived.checked_run(play, config_from_args, run_play))


# --- simulate -----------------------------------------------------------------------------------


SIMULATE: Final = common_cli.SimulateCommand(
    binding=BINDING,
    simulate=simulate,
    count_option="--games",
    count_help="how many whole games to play (default 1000)",
    lines_option="--games-out",
    lines_help="write one JSON line per game to PATH ('-' for stdout), in game order: "
    "game, seed, seats, winners, totals, hands, turns, moves",
    add_rules=add_rules_arguments,
    rules_from_args=rules_from_args,
    rotate_seats=True,
    help="play many seeded games of Eights between bots and summarise them",
    description="Play many seeded games of Eights between bots and print a summary (win rates and final points "
    "by seat and bot with 95% intervals, game lengths in turns and hands); optionally write it as JSON or CSV, "
    "and every game as a JSON line.",
)
"""``python -m eighthalf eights simulate``: the command both games share (as 8½'s
:data:`eighthalf.games.eighthalf.simulate.COMMAND`), with Eights' own: ``--games``, ``--games-out``, the
seats rotating unless ``--no-rotate-seats``, and the table's options ``--target``,
``--turn-limit`` and ``--may-pass-freely``."""


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of :data:`SIMULATE` to ``parser`` (:func:`eighthalf.console.arguments.add_simulate_arguments`)."""
    common_cli.add_simulate_arguments(parser, SIMULATE)


run_simulate = common_cli.run_simulate
"""Run ``python -m eighthalf eights simulate`` with the parsed ``args``; the exit status
(:func:`eighthalf.console.arguments.run_simulate`, as 8½'s :func:`eighthalf.games.eighthalf.simulate.run_simulate`)."""


def add_simulate_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add Eights' own ``simulate`` (:data:`SIMULATE`, its :class:`~eighthalf.games.eights.simulate.Summary`) to ``commands``."""
    SIMULATE.add_to(commands)


# --- the sub-command ------------------------------------------------------------------------------


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the commands ``demo``, ``play`` and ``simulate`` of Eights to ``commands`` (a set of
    sub-commands), as its registry entry says (:func:`eighthalf.console.commands.add_commands`);
    each sets ``run``, the function that runs it (see :func:`run_eights`)."""
    derived.add_commands(commands, entry_of(EIGHTS))


def add_eights_arguments(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` (the ``eights`` sub-command's) the commands ``demo``, ``play`` and ``simulate``."""
    add_commands(parser.add_subparsers(dest="eights_command", required=True, metavar="{demo,play,simulate}"))


def run_eights(args: argparse.Namespace, *, write: Callable[[str], None] = print) -> int:
    """Run the Eights command of the parsed ``args`` (see :func:`add_eights_arguments`); the exit status.

    Raises:
        SystemExit: With status 2 and a usage message for arguments that do not fit together.
    """
    run: Callable[..., int] = args.run
    return run(args, write=write)


def main(argv: Sequence[str] | None = None, *, prog: str = PROG, write: Callable[[str], None] = print) -> int:
    """Run the Eights commands on their own (``argv`` without the word ``eights``); the exit status.

    Raises:
        SystemExit: For ``--help`` (status 0) and for bad arguments (status 2, with one
            ``error:`` line after the usage).
    """
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Eights, the word-spelling card game (its rules: the Eights page of the docs, docs/eights.rst).",
    )
    add_eights_arguments(parser)
    args = parser.parse_args(argv)
    return run_eights(args, write=write)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
