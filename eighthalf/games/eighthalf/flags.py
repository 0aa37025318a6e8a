"""The command-line flags of 8½'s table options, which ``play`` and ``simulate`` share.

Each table option of :class:`~eighthalf.Rules` is a flag, off by default (the rule book's
ruling): ``--lock-next-only`` (P7), ``--halves-stop-at-8-half`` (P3), ``--single-opening``
(S5) and ``--open-runs`` (T3). See the docs' rules page, "Table options".

>>> parser = argparse.ArgumentParser()
>>> add_table_option_arguments(parser)
>>> rules = Rules(**table_options_from_args(parser.parse_args(["--open-runs"])))
>>> rules.open_runs, table_option_flags(rules)
(True, ' --open-runs')
"""

from __future__ import annotations

import argparse

from eighthalf.games.eighthalf.options import OPTION_NAMES, Rules

__all__ = ["add_table_option_arguments", "table_option_flags", "table_options_from_args"]

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
