"""The command line: ``eighthalf demo --players 4 --seed 7`` (or ``python -m eighthalf ...``).

The commands are ``demo`` (:func:`run_demo`), ``play`` (:mod:`eighthalf.games.eighthalf.terminal`),
``simulate`` (:mod:`eighthalf.games.eighthalf.simulate`), ``<game> demo|play|simulate`` for every
registered game (``eights demo`` for Eights, :mod:`eighthalf.games.eights.cli`; the registry is
:mod:`eighthalf.registry`) and ``serve``, the game server of every game
(:mod:`eighthalf.server.web.cli`, the extra ``server``); ``--version`` prints the version. Every command
but ``serve`` takes ``--bots`` as a comma-separated list that repeats to fill the table (see
:func:`eighthalf.games.eighthalf.simulate.fill_table`). Bad arguments stop a command with one line on
stderr and exit status 2, as argparse does.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from eighthalf.console.arguments import check_bots_option
from eighthalf.console.arguments import int_type as _int_type
from eighthalf.console.commands import add_commands as add_commands_of
from eighthalf.console.commands import add_demo_arguments, add_game_commands, checked_run, seat_names
from eighthalf.console.demo import DemoScreen, check_demo, play_demo
from eighthalf.console.review import add_review_command
from eighthalf.core.errors import EighthalfError
from eighthalf.core.version import __version__
from eighthalf.games.eighthalf.bots import BOTS, Bot
from eighthalf.games.eighthalf.events import Event, narrate
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.moves import Move
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.simulate import COMMAND as SIMULATE
from eighthalf.games.eighthalf.simulate import run_simulate as run_simulate  # where it was imported from, kept
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.terminal import add_play_arguments, config_from_args, run_play
from eighthalf.registry import games, load_bot_for
from eighthalf.server.web.cli import add_serve_arguments, run_serve

__all__ = ["DEMO_MOVE_LIMIT", "NAMES", "PROG", "add_commands", "main", "run_demo"]

PROG = "eighthalf"
"""The name the command line gives itself in its help and messages (the console script's name)."""

DEMO_MOVE_LIMIT = 1000
"""The demo's default move limit (E7)."""

NAMES = seat_names(8)
"""The names given to seats 0 to 7."""


class _Demo(DemoScreen[GameState, Move, Event]):
    """How 8½'s demo tells a round: every hand at the start, then a line a move with the
    call it was made on and what happened, as a spectator sees it."""

    def opening(self, state: GameState, bots: Sequence[Bot]) -> list[str]:
        lines = [f"8½ demo: {state.players} players, seed {self.seed}"]
        for seat, (name, bot) in enumerate(zip(self.names, bots, strict=True)):
            lines.append(
                f"  seat {seat}: {name} ({bot.name}), hand {' '.join(r.label for r in state.seats[seat].hand)}"
            )
        return lines

    def screen_items(
        self, number: int, seat: int, move: Move, seen: Sequence[Event], before: GameState, after: GameState
    ) -> list[str]:
        story = " ".join(narrate(seen, self.names))
        return [f"{after.move_number:4}. [call {before.call_label:>3}] {self.names[seat]}: {move}  {story}"]


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
        EIGHTHALF, _Demo(NAMES[:players], seed), players, seed, bots, rules=Rules(move_limit=move_limit), write=write
    )
    return -1 if state.winner is None else state.winner


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add 8½'s commands ``demo``, ``play`` and ``simulate`` to ``commands`` (a set of sub-commands).

    Each sub-command's parser sets ``run``, the function that runs it (see :func:`main`).
    """
    demo = commands.add_parser("demo", help="play a seeded round between built-in bots, narrated move by move")
    add_demo_arguments(demo, EIGHTHALF, BOTS, seed_help="the deal's seed (default 7)")
    demo.add_argument(
        "--move-limit",
        type=_int_type(0),
        default=DEMO_MOVE_LIMIT,
        help=f"end the round without a winner after this many moves, 0 for no limit (E7; default {DEMO_MOVE_LIMIT})",
    )
    demo.set_defaults(run=lambda args: _run_demo(args, demo))
    play = commands.add_parser("play", help="play a round or a match against bots in the terminal")
    add_play_arguments(play)
    play.set_defaults(run=checked_run(play, config_from_args, run_play))
    SIMULATE.add_to(commands)


def main(argv: Sequence[str] | None = None, *, prog: str = PROG) -> int:
    """Run the command line; returns the exit status.

    The commands come from the registry of games (:mod:`eighthalf.registry`):
    every game has its commands under its key (``eighthalf eights demo``), its own or those
    derived from its entry (:mod:`eighthalf.console.commands`), and the first game's (8½'s)
    are the command line's own too (``eighthalf demo``); ``serve`` serves
    every game. ``prog`` is the name used in help and messages: the console script is
    ``eighthalf``; ``python -m eighthalf`` passes its own spelling.

    Raises:
        SystemExit: For ``--help`` and ``--version`` (status 0), and for bad arguments
            (status 2, with one ``error:`` line after the usage).
    """
    parser = argparse.ArgumentParser(prog=prog, description="The card game 8½, and the games played on its engine.")
    parser.add_argument("--version", action="version", version=f"eighthalf {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for number, entry in enumerate(games()):
        if number == 0:
            add_commands_of(commands, entry)
        if entry.key not in commands.choices:
            add_game_commands(commands, entry)
    serve = commands.add_parser(
        "serve",
        help="serve every game to browsers and programs over a network (the extra 'server')",
        description="Serve the lobby and the tables of every game over HTTP and websockets, kept in a SQLite "
        "file; the docs page 'Playing over a network' describes the protocol. Needs the extra 'server'.",
    )
    add_serve_arguments(serve)
    serve.set_defaults(run=run_serve)
    add_review_command(commands)
    args = parser.parse_args(argv)
    try:
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except BrokenPipeError:  # the reader went away (``eighthalf demo | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 1


def _run_demo(args: argparse.Namespace, demo: argparse.ArgumentParser) -> int:
    if not 2 <= args.players <= 5:
        demo.error(f"--players must be from 2 to 5 (S2), not {args.players}")
    try:
        bots = [
            load_bot_for(EIGHTHALF, name) for name in check_bots_option(args.bots, args.players, BOTS, game=EIGHTHALF)
        ]
        run_demo(args.players, args.seed, bots, move_limit=args.move_limit or None)
    except EighthalfError as error:  # a bad --bots, or a bot that fails as it plays (of another game, say)
        demo.error(str(error))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
