"""The command line: ``python -m eighthalf demo --players 4 --seed 7``."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from .bots import BOTS, Bot, make_bot, tell
from .deal import new_game
from .events import apply_with_events, events_for, narrate
from .options import Rules
from .simulate import add_simulate_arguments, run_simulate
from .terminal import add_play_arguments, run_play
from .views import view

__all__ = ["DEMO_MOVE_LIMIT", "NAMES", "main", "run_demo"]

DEMO_MOVE_LIMIT = 1000
"""The demo's default move limit (E7)."""

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")
"""The names given to seats 0 to 7."""


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
    limit ended the round. ``write`` receives each line (default: print).
    """
    out: Callable[[str], None] = write if write is not None else print
    names = NAMES[:players]
    state = new_game(players, seed=seed, rules=Rules(move_limit=move_limit))
    rng = random.Random(seed)
    out(f"8½ demo: {players} players, seed {seed}")
    for seat, (name, bot) in enumerate(zip(names, bots, strict=True)):
        out(f"  seat {seat}: {name} ({bot.name}), hand {' '.join(r.label for r in state.seats[seat].hand)}")
    while not state.over:
        seat = state.to_move
        move = bots[seat].choose(view(state, seat), rng)
        before_call = state.call_label
        state, events = apply_with_events(state, move)
        tell(bots, events, state)  # bots that observe are shown every move (bots.Observer)
        story = " ".join(narrate(events_for(events, None), names))
        out(f"{state.move_number:4}. [call {before_call:>3}] {names[seat]}: {move}  {story}")
    return -1 if state.winner is None else state.winner


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m eighthalf", description="The card game 8½.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play a seeded round between built-in bots, narrated move by move")
    demo.add_argument("--players", type=int, default=4, help="number of players, 2 to 5 (default 4)")
    demo.add_argument("--seed", type=int, default=7, help="the deal's seed (default 7)")
    demo.add_argument(
        "--bots",
        default="greedy,random",
        help=f"bots by seat, comma-separated, repeated to fill the table; from: {', '.join(sorted(BOTS))}",
    )
    demo.add_argument(
        "--move-limit",
        type=int,
        default=DEMO_MOVE_LIMIT,
        help=f"end the round without a winner after this many moves, 0 for no limit (E7; default {DEMO_MOVE_LIMIT})",
    )
    play = commands.add_parser("play", help="play a round or a match against bots in the terminal")
    add_play_arguments(play)
    simulate = commands.add_parser(
        "simulate",
        help="play many seeded rounds between bots and summarise them",
        description="Play many seeded rounds between bots and print a summary (win rates and points by seat and bot, "
        "round lengths, catches, collects, failed blind cards); optionally write it as JSON or CSV.",
    )
    add_simulate_arguments(simulate)
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "play":
        return run_play(args)
    if not 2 <= args.players <= 5:
        parser.error(f"--players must be from 2 to 5 (S2), not {args.players}")
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    unknown = [name for name in names if name not in BOTS]
    if not names or unknown:
        parser.error(
            f"--bots: unknown bot {', '.join(unknown) or '(none given)'}; choose from {', '.join(sorted(BOTS))}"
        )
    if args.move_limit < 0:
        parser.error(f"--move-limit must be 0 (no limit) or more, not {args.move_limit}")
    bots = [make_bot(names[seat % len(names)]) for seat in range(args.players)]
    run_demo(args.players, args.seed, bots, move_limit=args.move_limit or None)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
