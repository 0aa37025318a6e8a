"""``eighthalf review RECORD``: a finished game's record reviewed from its seats, as a table or a JSON document.

The record's game is found from the record itself, through the registry
(:func:`~eighthalf.analysis.records.read_record`); every decision of the seats asked for
(``--seat``, by default every seat) is judged by :func:`~eighthalf.analysis.review.review`.
On a terminal a progress bar runs on stderr. A bad record, seat, budget or seed is one line
on stderr and exit status 1 (an :class:`~eighthalf.analysis.AnalysisError`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from eighthalf.analysis.analyse import DEFAULT_BUDGET, AnalysisError
from eighthalf.analysis.document import dumps
from eighthalf.analysis.judgement import Review
from eighthalf.analysis.narration import heading, label_text, percent, seat_name, title
from eighthalf.analysis.records import read_record
from eighthalf.analysis.review import review
from eighthalf.core.i18n import add_language_argument, language_from_args

__all__ = ["ProgressBar", "add_review_command", "number", "review_table", "run_review"]

_COLUMNS = ("number", "seat", "played", "chance", "best", "best_chance", "cost", "label")


def add_review_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``review`` to ``commands`` (the command line's sub-commands); its parser sets ``run``."""
    parser = commands.add_parser(
        "review",
        help="review a finished game from its record: every decision of a seat judged from its view",
        description="Review a game's record (of any game: its Game tag names it): each decision of the seats "
        "reviewed is judged from the view that seat had, by play-outs on deals of what it could not see; the "
        "docs page 'Reviewing a game' explains the figures.",
    )
    parser.add_argument("record", help="the record's file, as the games write them ('-': standard input)")
    parser.add_argument("--seat", default=None, help="the seat to review, from 0 (default: every seat)")
    parser.add_argument(
        "--budget",
        default=str(DEFAULT_BUDGET),
        help=f"play-outs per decision, a positive whole number (default {DEFAULT_BUDGET})",
    )
    parser.add_argument("--seconds", default=None, help="the most seconds per decision (default: no limit)")
    parser.add_argument("--seed", default="0", help="the review's seed (default 0): the same seed, the same review")
    add_language_argument(parser)
    parser.add_argument("--json", action="store_true", help="write the review as a JSON document")
    parser.set_defaults(run=run_review)


def number(text: str | None, name: str, kind: type) -> Any:
    """``text`` read as an ``int`` or a ``float`` (``kind``), ``None`` for ``None``.

    Raises:
        AnalysisError: If it is not one; the message names the option.
    """
    if text is None:
        return None
    try:
        return kind(text)
    except ValueError:
        wanted = "a whole number" if kind is int else "a number"
        raise AnalysisError(f"{name} must be {wanted}, not {text!r}") from None


class ProgressBar:
    """A progress bar on a terminal: ``review [#####.....] 12/40``, redrawn in place, cleared at the end."""

    __slots__ = ("out", "width")

    def __init__(self, out: TextIO, width: int = 30) -> None:
        self.out, self.width = out, width

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // max(total, 1)
        self.out.write(f"\rreview [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total}")
        if done >= total:
            self.out.write("\r" + " " * (self.width + 30) + "\r")
        self.out.flush()


def review_table(found: Review) -> str:
    """The review as a table for a terminal: a title, a line a decision, a line a seat."""
    locale = found.locale
    rows = [[heading(column, locale) for column in _COLUMNS]]
    for decision in found.decisions:
        only = decision.label == "only move"
        rows.append(
            [
                str(decision.number),
                seat_name(decision.seat, locale),
                decision.played,
                "" if only else percent(decision.chance, locale),
                "" if only or decision.best == decision.played else decision.best,
                "" if only else percent(decision.best_chance, locale),
                "" if only else percent(decision.cost, locale),
                label_text(decision.label, locale, short=True),
            ]
        )
    widths = [max(len(row[at]) for row in rows) for at in range(len(_COLUMNS))]
    right = {0, 3, 5, 6}
    lines = [title(found), ""]
    for row in rows:
        cells = [cell.rjust(widths[at]) if at in right else cell.ljust(widths[at]) for at, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    lines.extend(summary.text for summary in found.summaries)
    return "\n".join(lines) + "\n"


def _read(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise AnalysisError(f"cannot read the record {path!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise AnalysisError(f"the record {path!r} is not UTF-8 text") from None


def run_review(
    args: argparse.Namespace,
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
    stdin: TextIO | None = None,
) -> int:
    """Run ``review`` on the parsed arguments; returns the exit status (1 for an :class:`~eighthalf.analysis.AnalysisError`)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        seat = number(args.seat, "--seat", int)
        budget = number(args.budget, "--budget", int)
        seconds = number(args.seconds, "--seconds", float)
        seed = number(args.seed, "--seed", int)
        record = read_record(_read(args.record, sys.stdin if stdin is None else stdin))
        progress: Callable[[int, int], None] | None = ProgressBar(err) if err.isatty() else None
        found = review(
            record, seat, budget=budget, seconds=seconds, seed=seed, locale=language_from_args(args), progress=progress
        )
    except AnalysisError as error:
        err.write(f"eighthalf review: error: {error}\n")
        return 1
    out.write(dumps(found, indent=2) + "\n" if args.json else review_table(found))
    return 0
