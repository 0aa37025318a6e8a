"""The command line: ``eighthalf demo --players 4 --seed 7`` (or ``python -m eighthalf ...``).

Its commands come from the registry of games (:mod:`eighthalf.registry`): every registered
game has ``<key> demo|play|simulate`` (``eights demo`` for Eights), derived from its entry
(:mod:`eighthalf.console.commands`, with what the game shows differently given by its
:class:`~eighthalf.registry.Commands`), and the first game's (8½'s) are the command line's
own too (``eighthalf demo``); ``serve`` is the game server of every game
(:mod:`eighthalf.server.web.cli`, the extra ``server``); ``review`` judges a finished game's record
(:mod:`eighthalf.console.review`); ``accounts`` and ``ratings`` keep the server's accounts
(:mod:`eighthalf.server.web.accounts_cli`); ``--version`` prints the version. Every
command but ``serve`` takes ``--bots`` as a comma-separated list that repeats to fill the table
(:func:`eighthalf.simulation.runner.fill_table`). Bad arguments stop a command with one line on
stderr and exit status 2, as argparse does.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from eighthalf.console.commands import add_commands, add_game_commands
from eighthalf.console.review import add_review_command
from eighthalf.core.version import __version__
from eighthalf.registry import games
from eighthalf.server.web.accounts_cli import add_accounts_commands
from eighthalf.server.web.cli import add_serve_arguments, run_serve

__all__ = ["PROG", "main"]

PROG = "eighthalf"
"""The name the command line gives itself in its help and messages (the console script's name)."""


def main(argv: Sequence[str] | None = None, *, prog: str = PROG) -> int:
    """Run the command line; returns the exit status.

    The commands come from the registry of games (:mod:`eighthalf.registry`):
    every game has its commands under its key (``eighthalf eights demo``), derived from its
    entry (:mod:`eighthalf.console.commands`), and the first game's (8½'s) are the command
    line's own too (``eighthalf demo``); ``serve`` serves every game. ``prog`` is the name
    used in help and messages: the console script is ``eighthalf``; ``python -m eighthalf``
    passes its own spelling.

    Raises:
        SystemExit: For ``--help`` and ``--version`` (status 0), and for bad arguments
            (status 2, with one ``error:`` line after the usage).
    """
    parser = argparse.ArgumentParser(prog=prog, description="The card game 8½, and the games played on its engine.")
    parser.add_argument("--version", action="version", version=f"eighthalf {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for number, entry in enumerate(games()):
        if number == 0:
            add_commands(commands, entry)
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
    add_accounts_commands(commands)
    args = parser.parse_args(argv)
    try:
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except BrokenPipeError:  # the reader went away (``eighthalf demo | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
