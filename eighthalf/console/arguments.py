"""The command-line pieces both games share: number arguments, ``--bots``, and the ``simulate`` run.

Nothing here knows a game's rules. ``python -m eighthalf simulate`` (8½) and
``python -m eighthalf eights simulate`` (Eights) are built from these pieces, so their
options mean the same and their errors read the same:

- :func:`int_type`: whole numbers in ASCII digits, bounded in length and from below;
- :func:`check_bots_option`: a ``--bots`` list by the rule of
  :func:`~eighthalf.simulation.runner.fill_table`, every entry resolved against a game's registry;
- :func:`add_seed_argument`, :func:`add_worker_arguments` (``--workers``,
  ``--chunk-size``, ``--dask``) and :func:`add_output_arguments` (``--format``,
  ``--output``, ``--json``, ``--csv``, the per-game lines, ``--progress``);
- :func:`run_summary_command`: the checks before a run, the executor, the progress
  bar, Ctrl-C, and the writing of the summary;
- :class:`SimulateCommand`, :func:`add_simulate_arguments` and :func:`run_simulate`: the
  whole ``simulate`` command, built once from a game's
  :class:`~eighthalf.simulation.simulate.SimulatedGame` and its own option names and texts.

>>> int_type(1)("12"), int_type(digits=3)("-007")
(12, -7)
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import io
import os
import random
import sys
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Executor
from typing import Any, Final, Protocol, TextIO

import attrs

from eighthalf.core.errors import EighthalfError
from eighthalf.core.game import Game
from eighthalf.registry import bots_for, load_bot_for
from eighthalf.simulation.runner import (
    MAX_RUN_SEED_DIGITS,
    ProgressBar,
    brief,
    check_output,
    default_workers,
    fill_table,
    load_bot,
)
from eighthalf.simulation.simulate import SimulatedGame

__all__ = [
    "FORMATS",
    "MAX_DIGITS",
    "Reportable",
    "SimulateCommand",
    "Simulation",
    "TolerantStdin",
    "add_output_arguments",
    "add_seed_argument",
    "add_simulate_arguments",
    "add_worker_arguments",
    "bot_list",
    "check_bots_option",
    "check_players_option",
    "check_record_option",
    "dask_executor",
    "int_type",
    "positive",
    "run_simulate",
    "run_summary_command",
    "save_record",
]

MAX_DIGITS: Final = 18
"""The most digits of a number on the command line (seeds may have
:data:`~eighthalf.simulation.runner.MAX_RUN_SEED_DIGITS`)."""

FORMATS: Final = ("text", "json", "csv")
"""The formats of ``--format``."""


def int_type(low: int | None = None, digits: int = MAX_DIGITS) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits (``-`` allowed), at least ``low``,
    of at most ``digits`` digits. Its errors are argparse's one-line usage errors."""

    def convert(text: str) -> int:
        body = text.strip()
        sign = body.startswith("-")
        figures = body[1:] if sign else body
        if not figures or not (figures.isascii() and figures.isdigit()):
            raise argparse.ArgumentTypeError(f"not a whole number: {brief(text)}")
        if len(figures.lstrip("0")) > digits:
            raise argparse.ArgumentTypeError(f"a number of at most {digits} digits, not {brief(text)}")
        value = int(body)
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value

    return convert


positive: Final = int_type(1)
"""The argparse type of a whole number of at least 1."""


def bot_list(text: str) -> list[str]:
    """The comma-separated bots of ``--bots``, stripped (empty entries are kept, to be refused).

    >>> bot_list("greedy, random")
    ['greedy', 'random']
    """
    return [name.strip() for name in text.split(",")]


def check_bots_option(
    text: str,
    seats: int,
    registry: Mapping[str, Callable[[], Any]],
    *,
    option: str = "--bots",
    game: Game[Any, Any, Any, Any, Any] | None = None,
) -> tuple[str, ...]:
    """The bots of ``seats`` seats from a ``--bots`` option, by the rule of
    :func:`~eighthalf.simulation.runner.fill_table`.

    Each entry is a name of ``registry`` (a game's ``BOTS``) or an importable ``module:attribute``;
    with ``game``, a ``module:attribute`` that makes a bot of another registered game is
    refused too (:func:`~eighthalf.registry.load_bot_for`).

    Raises:
        EighthalfError: If an entry is empty or cannot be resolved (the message says which
            and why), is a bot of another game than ``game``, or the list does not fit the table.
    """
    names = bot_list(text)
    if not any(names):
        raise EighthalfError(
            f"{option}: no bot given; choose from {', '.join(sorted(registry))}, or give 'module:attribute'"
        )
    if not all(names):
        raise EighthalfError(f"{option}: an empty entry in {brief(text)}")
    filled = fill_table(names, seats, option=option)
    for name in dict.fromkeys(names):
        try:
            if game is None or ":" not in name:
                load_bot(name, registry)
            else:
                load_bot_for(game, name)
        except EighthalfError as error:
            raise EighthalfError(f"{option}: {error}") from None
    return filled


# --- The options of a simulation --------------------------------------------------------------


def add_seed_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--seed`` (the simulation's seed; default a fresh one, reported in the summary)."""
    parser.add_argument(
        "--seed",
        type=int_type(digits=MAX_RUN_SEED_DIGITS),
        default=None,
        help="the simulation's seed (default: a fresh one, reported)",
    )


def add_worker_arguments(parser: argparse.ArgumentParser, *, unit: str, chunk_size: int) -> None:
    """Add ``--workers``, ``--chunk-size`` (of ``unit``, default ``chunk_size``) and ``--dask ADDRESS``."""
    parser.add_argument(
        "--workers",
        type=positive,
        default=None,
        help="processes to run on, at most one per available CPU; 1 plays in this process "
        "(default: one per available CPU)",
    )
    parser.add_argument(
        "--chunk-size",
        type=positive,
        default=None,
        help=f"{unit} per work item (default {chunk_size}, fewer for short runs); never changes the result",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        default=None,
        help="run on the Dask cluster whose scheduler is at ADDRESS (such as tcp://host:8786) instead of local "
        "processes; needs dask[distributed], and every worker must be able to import eighthalf and the bots",
    )


def add_output_arguments(parser: argparse.ArgumentParser, *, unit: str, lines_option: str, lines_help: str) -> None:
    """Add ``--format``, ``--output``, ``--json``, ``--csv``, the per-game lines option
    ``lines_option`` (with ``lines_help``) and ``--progress``."""
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="the format of the summary: text (default), json or csv",
    )
    parser.add_argument(
        "--output",
        metavar="PATH",
        default=None,
        help="write the summary, in the format of --format, to PATH instead of stdout ('-' for stdout)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the summary as JSON to PATH ('-' for stdout)")
    parser.add_argument("--csv", metavar="PATH", help="also write the summary as CSV to PATH ('-' for stdout)")
    parser.add_argument(lines_option, metavar="PATH", help=lines_help)
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: only when stderr is a terminal; to a file or pipe, "
        "--progress writes a line every few seconds)",
    )
    parser.set_defaults(progress_unit=unit, lines_option=lines_option)


class Reportable(Protocol):
    """What a simulation's summary offers the command line: its three formats."""

    def to_text(self) -> str:
        """A plain-text report (no final newline)."""
        ...

    def to_json(self) -> str:
        """The summary as JSON (with a final newline)."""
        ...

    def to_csv(self) -> str:
        """The summary as CSV."""
        ...


class Simulation(Protocol):
    """A game's run, as :func:`run_summary_command` calls it once the options are checked."""

    def __call__(
        self,
        *,
        seed: int,
        workers: int,
        executor: Executor | None,
        progress: Callable[[int, int], None] | None,
        out: TextIO | None,
    ) -> Reportable:
        """Play the simulation and return its summary; per-game lines go to ``out``."""
        ...


def check_record_option(path: str | None) -> str | None:
    """Check the ``--record PATH`` of a terminal game: ``None``, or a file that can be written.

    Raises:
        EighthalfError: If the file cannot be written there, or ``path`` is ``-``.
    """
    if path is not None:
        problem = check_output(path, "--record")
        if problem is not None or path == "-":
            raise EighthalfError(problem or "--record: give a file name")
    return path


def save_record(path: str, text: Callable[[], str], write: Callable[[str], None]) -> bool:
    """Write a terminal game's record (``text()``) to ``path`` and say so; ``False`` if it failed.

    The record is made only now, at the end of the game, because it holds the seed. A
    failure (the file, or a record that cannot be made) is one ``error:`` line.
    """
    try:
        content = text()
        with open(path, "w", encoding="utf-8", newline="\n") as file:
            file.write(content)
    except (OSError, EighthalfError) as error:
        write(f"error: could not save the record: {error}")
        return False
    write(f"The game is saved as a record in {path}.")
    return True


@contextlib.contextmanager
def dask_executor(address: str) -> Iterator[tuple[Executor, int]]:
    """A Dask ``distributed`` client connected to the scheduler at ``address``, as a
    ``concurrent.futures`` executor with its number of worker threads.

    Raises:
        EighthalfError: If Dask's ``distributed`` is not installed, or it cannot read
            ``address`` (``""``, a host without a port, an unknown scheme).
        OSError: If the scheduler cannot be reached (a ``TimeoutError``).
    """
    try:
        distributed: Any = importlib.import_module("distributed")  # optional and untyped
    except ImportError:
        raise EighthalfError('--dask needs Dask\'s distributed scheduler: pip install "dask[distributed]"') from None
    try:  # Dask's own reading of the address, before a Client that would fail half made
        scheme, location = distributed.comm.parse_address(address)
        distributed.comm.registry.get_backend(scheme)
        if scheme != "inproc":
            distributed.comm.parse_host_port(location)
    except ValueError as error:
        raise EighthalfError(f"--dask: {error}") from None
    with distributed.Client(address, timeout=30, set_as_default=False) as client:
        workers = client.scheduler_info().get("workers", {})
        threads = sum(int(worker.get("nthreads", 1)) for worker in workers.values()) or 1
        with client.get_executor() as executor:
            yield executor, threads


def _outputs(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The outputs asked for, as ``(option, path)``: ``--output`` when given or when
    ``--format`` is not text, then ``--json``, ``--csv`` and the per-game lines."""
    outputs: list[tuple[str, str]] = []
    if args.output is not None or args.format != "text":
        outputs.append(("--output", "-" if args.output is None else args.output))
    outputs.extend((option, path) for option, path in (("--json", args.json), ("--csv", args.csv)) if path is not None)
    lines = getattr(args, args.lines_option.lstrip("-").replace("-", "_"))
    if lines is not None:
        outputs.append((args.lines_option, lines))
    return outputs


def run_summary_command(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    simulation: Simulation,
    *,
    write: Callable[[str], None] = print,
) -> int:
    """Run a ``simulate`` command whose game-specific options were checked; returns the exit status.

    ``args`` come from a parser with :func:`add_seed_argument`,
    :func:`add_worker_arguments` and :func:`add_output_arguments`. The outputs are
    checked before anything is played (each writable, no two in one place); then the
    seed is settled (a fresh one if none is given), the workers (at most the available
    CPUs, with a note on stderr), the executor (``--dask``), the progress bar and the
    per-game lines' file, and ``simulation`` runs. The text summary goes to ``write``
    unless another output goes to stdout (``-``), which then has stdout to itself.
    Status 0 on success, 1 if the run fails (such as a bot that a worker cannot import,
    or a Dask scheduler that cannot be reached; one ``error:`` line on stderr), 130 on Ctrl-C.

    Raises:
        SystemExit: With status 2 and a usage message if an output cannot be written,
            two outputs share a place, or ``--dask`` is given without Dask installed.
    """
    outputs = _outputs(args)
    for option, path in outputs:
        problem = check_output(path, option)
        if problem is not None:
            parser.error(problem)
    paths = [os.path.abspath(path) if path != "-" else path for _, path in outputs]
    if len(set(paths)) != len(paths):
        parser.error(f"{', '.join(option for option, _ in outputs)}: give each output a place of its own")
    if args.dask is not None and importlib.util.find_spec("distributed") is None:
        parser.error('--dask needs Dask\'s distributed scheduler: pip install "dask[distributed]"')
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    available = default_workers()
    workers = args.workers if args.workers is not None else available
    if workers > available and args.dask is None:
        sys.stderr.write(
            f"note: --workers {workers} is more than the {available} CPU{'s' if available != 1 else ''} "
            f"available here; running {available}\n"
        )
        workers = available
    terminal = sys.stderr.isatty()
    show = args.progress if args.progress is not None else terminal
    progress = ProgressBar(sys.stderr, unit=args.progress_unit, lines=not terminal) if show else None
    lines_path: str | None = dict(outputs).get(args.lines_option)
    lines_file: TextIO | None = None
    try:
        if lines_path == "-":
            lines_file = sys.stdout
        elif lines_path is not None:
            lines_file = open(lines_path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115 - closed below
        if args.dask is not None:
            with dask_executor(args.dask) as (executor, threads):
                summary = simulation(
                    seed=seed,
                    workers=args.workers or threads,
                    executor=executor,
                    progress=progress,
                    out=lines_file,
                )
        else:
            summary = simulation(seed=seed, workers=workers, executor=None, progress=progress, out=lines_file)
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130
    except BrokenPipeError:  # the reader of stdout went away: the command line stops quietly
        raise
    except (EighthalfError, OSError) as error:
        sys.stderr.write(f"\nerror: {error}\n")
        return 1
    finally:
        if lines_file is not None and lines_file is not sys.stdout:
            lines_file.close()
    texts = {
        "--output": {"text": lambda: summary.to_text() + "\n", "json": summary.to_json, "csv": summary.to_csv}[
            args.format
        ],
        "--json": summary.to_json,
        "--csv": summary.to_csv,
    }
    try:
        for option, path in outputs:
            text = texts.get(option)
            if text is None:
                continue
            if path == "-":
                sys.stdout.write(text())
            else:
                with open(path, "w", encoding="utf-8", newline="") as file:
                    file.write(text())
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        sys.stderr.write(f"error: {error}\n")
        return 1
    if "-" not in dict(outputs).values() and not any(option == "--output" for option, _ in outputs):
        write(summary.to_text())
    return 0


# --- The simulate command, built once ------------------------------------------------------------


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class SimulateCommand:
    """A game's ``simulate`` command: its :class:`~eighthalf.simulation.simulate.SimulatedGame`, its
    ``simulate`` function and its own option names, texts and table options."""

    binding: SimulatedGame
    """The game's simulation (its game object, the word for one game, the limits)."""
    simulate: Callable[..., Reportable]
    """The game's ``simulate(players, count, bots, *, seed, …)``; the per-game lines go to
    its keyword :attr:`~eighthalf.simulation.simulate.SimulatedGame.out_name`."""
    count_option: str
    """The option of the number of games (``--rounds``, ``--games``)."""
    count_help: str
    """Its help."""
    lines_option: str
    """The option of the per-game JSON lines (``--rounds-out``, ``--games-out``)."""
    lines_help: str
    """Its help."""
    add_rules: Callable[[argparse.ArgumentParser], None]
    """Adds the options of the game's rules."""
    rules_from_args: Callable[[argparse.Namespace], Any]
    """The rules those options set."""
    rotate_seats: bool = False
    """Whether the bots move one seat on every game unless told otherwise."""
    help: str = ""
    """The command's line in the list of commands."""
    description: str | None = None
    """The command's description in its own help (``None``: none)."""

    def add_to(self, commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        """Add the sub-command ``simulate`` to ``commands`` (a set of sub-commands), with the
        options of :func:`add_simulate_arguments`, setting ``run`` (:func:`run_simulate`)."""
        parser = commands.add_parser("simulate", help=self.help, description=self.description)
        add_simulate_arguments(parser, self)
        parser.set_defaults(run=run_simulate)


def check_players_option(game: Game[Any, Any, Any, Any, Any], players: int, rules: Any, rule: str) -> None:
    """Refuse a ``--players`` that ``rules`` do not allow (the rule ``rule`` says how many may play).

    Raises:
        EighthalfError: ``--players must be from A to B (rule), not N``.
    """
    allowed = game.player_counts(rules)
    if players not in allowed:
        raise EighthalfError(f"--players must be from {allowed[0]} to {allowed[-1]} ({rule}), not {players}")


def add_simulate_arguments(parser: argparse.ArgumentParser, command: SimulateCommand) -> None:
    """Add the options of ``command`` to ``parser`` (a sub-command's parser): ``--players``,
    the number of games, ``--bots``, :func:`add_seed_argument`, :func:`add_worker_arguments`,
    ``--rotate-seats``, the game's rules and :func:`add_output_arguments`."""
    binding = command.binding
    game = binding.game
    allowed = game.player_counts(game.default_rules)
    unit = binding.unit + "s"
    parser.add_argument(
        "--players", type=int_type(), default=4, help=f"number of players, {allowed[0]} to {allowed[-1]} (default 4)"
    )
    parser.add_argument(command.count_option, type=positive, default=1000, help=command.count_help)
    parser.add_argument(
        "--bots",
        default="random",
        help="bots by seat, comma-separated, repeated to fill the table (default random): names from "
        f"{', '.join(sorted(bots_for(game)))}, or module:attribute of a bot class or factory that the workers can import; "
        "the search bots (ismcts, search) take seconds a game on one CPU at their default settings (measured with 4 "
        "players: about 7 s a round of 8½, 1.5 to 3 s a game of Eights), so use --progress to follow a long run",
    )
    add_seed_argument(parser)
    add_worker_arguments(parser, unit=unit, chunk_size=binding.chunk_size)
    rotate = f"move the bots one seat on every {binding.unit}"
    if command.rotate_seats:
        parser.add_argument(
            "--rotate-seats", action=argparse.BooleanOptionalAction, default=True, help=rotate + " (default on)"
        )
    else:
        parser.add_argument("--rotate-seats", action="store_true", help=rotate)
    command.add_rules(parser)
    add_output_arguments(parser, unit=unit, lines_option=command.lines_option, lines_help=command.lines_help)
    parser.set_defaults(simulate_command=command, simulate_parser=parser)


def run_simulate(args: argparse.Namespace, *, write: Callable[[str], None] = print) -> int:
    """Run the ``simulate`` command of the parsed ``args`` (see :func:`add_simulate_arguments`); the exit status.

    The game's options are checked here (the rules, the number of games, the players,
    every bot), then :func:`run_summary_command` runs: status 0 on success, 1 if the run
    fails, 130 on Ctrl-C.

    Raises:
        SystemExit: With status 2 and a usage message if the arguments do not fit
            together (an unknown bot or another game's, a bot list longer than the table,
            players out of range, an output that cannot be written).
    """
    command: SimulateCommand = args.simulate_command
    parser: argparse.ArgumentParser = args.simulate_parser
    binding = command.binding
    try:
        rules = command.rules_from_args(args)
    except EighthalfError as error:
        parser.error(str(error))
    count: int = getattr(args, command.count_option.lstrip("-").replace("-", "_"))
    if count > binding.most:
        parser.error(f"{command.count_option} must be at most {binding.most:,}")
    try:
        check_players_option(binding.game, args.players, rules, binding.players_rule)
    except EighthalfError as error:
        parser.error(str(error))
    try:
        names = check_bots_option(args.bots, args.players, bots_for(binding.game))
        for name in dict.fromkeys(names):
            if ":" in name:
                binding.load(name)
    except EighthalfError as error:
        message = str(error)
        parser.error(message if message.startswith("--bots") else f"--bots: {message}")

    def play(
        *,
        seed: int,
        workers: int,
        executor: Executor | None,
        progress: Callable[[int, int], None] | None,
        out: TextIO | None,
    ) -> Reportable:
        return command.simulate(
            args.players,
            count,
            list(names),
            seed=seed,
            executor=executor,
            workers=workers,
            chunk_size=args.chunk_size,
            rotate_seats=args.rotate_seats,
            rules=rules,
            progress=progress,
            **{binding.out_name: out},
        )

    return run_summary_command(parser, args, play, write=write)


class TolerantStdin:
    """A context manager for the terminal games of both games: while a game runs, undecodable
    bytes typed at the terminal reach it as lone surrogates (refused with a message and asked
    again) instead of ending it with a :class:`UnicodeDecodeError` that loses the rest of the
    input. ``active`` is whether the game reads the real standard input."""

    def __init__(self, active: bool) -> None:
        self._errors: str | None = None
        self._active = active

    def __enter__(self) -> None:
        stdin = sys.stdin
        if self._active and isinstance(stdin, io.TextIOWrapper) and stdin.errors == "strict":
            self._errors = stdin.errors
            stdin.reconfigure(errors="surrogateescape")

    def __exit__(self, *exc: object) -> None:
        if self._errors is not None and isinstance(sys.stdin, io.TextIOWrapper):
            # Python refuses once the stream was read (io.UnsupportedOperation): it stays tolerant then.
            with contextlib.suppress(OSError, ValueError):
                sys.stdin.reconfigure(errors=self._errors)
