"""8½'s rule options on the command line: the table options' flags and the move limit.

Each table option of :class:`~eighthalf.Rules` is a flag, off by default (the rule book's
ruling): ``--lock-next-only`` (P7), ``--halves-stop-at-8-half`` (P3), ``--single-opening``
(S5) and ``--open-runs`` (T3); ``play`` and ``simulate`` take them (see the docs' rules page,
"Table options"). ``demo`` and ``simulate`` take ``--move-limit`` (E7; 0 for none), by
default 1000: the rule options of the entry's derived commands (:data:`DEMO_OPTIONS`,
:data:`SIMULATE_OPTIONS`).

>>> parser = argparse.ArgumentParser()
>>> add_table_option_arguments(parser)
>>> rules = Rules(**table_options_from_args(parser.parse_args(["--open-runs"])))
>>> rules.open_runs, table_option_flags(rules)
(True, ' --open-runs')
>>> parser = argparse.ArgumentParser()
>>> SIMULATE_OPTIONS.add(parser)
>>> SIMULATE_OPTIONS.read(parser.parse_args(["--move-limit", "0", "--single-opening"]))
Rules(min_players=2, max_players=5, move_limit=None, single_opening=True)
"""

from __future__ import annotations

import argparse
from typing import Final

from eighthalf.console.arguments import int_type
from eighthalf.games.eighthalf.figures import DEFAULT_MOVE_LIMIT
from eighthalf.games.eighthalf.options import OPTION_NAMES, Rules
from eighthalf.registry import RulesOptions

__all__ = [
    "DEMO_MOVE_LIMIT",
    "DEMO_OPTIONS",
    "SIMULATE_OPTIONS",
    "add_table_option_arguments",
    "table_option_flags",
    "table_options_from_args",
]

DEMO_MOVE_LIMIT: Final = 1000
"""The demo's default move limit (E7)."""

_OPTION_FLAGS: tuple[tuple[str, str], ...] = (
    ("lock_next_only", "P7: the 5-lock binds only the player facing the 5; a Ghost on it ends the lock"),
    ("halves_stop_at_8_half", "P3: no ½ of a run may land on 8½ (½½ on 8 is not allowed)"),
    ("single_opening", "S5: the opening play is exactly one card"),
    ("open_runs", "T3: several open cards of one rank may be played together"),
)


def add_table_option_arguments(parser: argparse.ArgumentParser) -> None:
    """Add a flag for each table option of :class:`~eighthalf.Rules` to ``parser``:
    ``--lock-next-only``, ``--halves-stop-at-8-half``, ``--single-opening`` and
    ``--open-runs``, each off by default (the rule book's rulings)."""
    group = parser.add_argument_group("table options (house rules; off by default, as the rule book rules)")
    for name, text in _OPTION_FLAGS:
        group.add_argument(f"--{name.replace('_', '-')}", dest=name, action="store_true", help=text)


def table_options_from_args(args: argparse.Namespace) -> dict[str, bool]:
    """The table options set by the flags of :func:`add_table_option_arguments`, as keyword
    arguments for :class:`~eighthalf.Rules`."""
    return {name: True for name in OPTION_NAMES if getattr(args, name, False)}


def table_option_flags(rules: Rules) -> str:
    """The flags that set the table options of ``rules``: ``" --open-runs"``, or ``""``."""
    return "".join(f" --{name.replace('_', '-')}" for name in rules.option_names())


def _add_demo(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--move-limit",
        type=int_type(0),
        default=DEMO_MOVE_LIMIT,
        help=f"end the round without a winner after this many moves, 0 for no limit (E7; default {DEMO_MOVE_LIMIT})",
    )


def _read_demo(args: argparse.Namespace) -> Rules:
    return Rules(move_limit=args.move_limit or None)


def _add_simulate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--move-limit",
        type=int_type(0),
        default=DEFAULT_MOVE_LIMIT,
        help=f"end a round without a winner after this many moves, 0 for no limit (E7; default {DEFAULT_MOVE_LIMIT}: "
        "random play can otherwise, rarely, go on for ever)",
    )
    add_table_option_arguments(parser)


def _read_simulate(args: argparse.Namespace) -> Rules:
    return Rules(move_limit=args.move_limit or None, **table_options_from_args(args))


DEMO_OPTIONS: Final = RulesOptions(add=_add_demo, read=_read_demo)
"""The options of 8½'s ``demo``: ``--move-limit`` (E7; default :data:`DEMO_MOVE_LIMIT`, 0 for none)."""

SIMULATE_OPTIONS: Final = RulesOptions(add=_add_simulate, read=_read_simulate)
"""The options of 8½'s ``simulate``: ``--move-limit`` (E7; default 1000, 0 for none) and the table options' flags."""
