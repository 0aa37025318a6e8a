"""Simulations: play many seeded rounds between bots and summarise them.

:func:`simulate` plays ``rounds`` independent rounds between named bots (see
``eighthalf.bots.BOTS``) and returns a :class:`Summary`: win rates and points by
seat and by bot with 95% confidence intervals, the length of rounds, and how often
catches, collects and failed blind cards happen.

>>> summary = simulate(4, 20, ["greedy", "random", "random", "random"], seed=1)
>>> summary.rounds, sum(seat.wins for seat in summary.seats) + summary.no_winner
(20, 20)
>>> [(stats.bot, stats.rounds) for stats in summary.by_bot]
[('greedy', 20), ('random', 60)]

Round ``i`` is dealt with a seed derived from ``(seed, i)`` alone (see :func:`round_seeds`),
and its bots draw from a :class:`random.Random` derived the same way, so a summary
depends only on the arguments, never on how the rounds were split into chunks or
spread over workers. The work goes to any ``concurrent.futures.Executor``: a
process pool, a thread pool, or a Dask ``distributed`` client's executor. The runner
is the one every game uses (:mod:`eighthalf.simulation.simulate`), bound to 8½'s round by
:data:`BINDING`.

The command line front-end is ``python -m eighthalf simulate`` (see
:func:`add_simulate_arguments` and :func:`run_simulate`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, Final, TextIO

import attrs

from eighthalf.console import arguments as common_cli
from eighthalf.console.arguments import SimulateCommand, int_type
from eighthalf.core.game import Game
from eighthalf.games.eighthalf.bots import BOTS, Bot

# The table-option flags moved to eighthalf.games.eighthalf.flags; their old home keeps the names for a release.
from eighthalf.games.eighthalf.flags import add_table_option_arguments, table_option_flags, table_options_from_args  # noqa: F401
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.moves import BlindPlay, Collect, Move
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.state import GameState, Seat
from eighthalf.games.eighthalf.views import PlayerView, SeatView, seat_view, view_with_seats
from eighthalf.simulation import runner
from eighthalf.simulation.runner import ProgressBar, csv_columns, game_seeds, standings
from eighthalf.simulation.simulate import (
    GameFigures,
    SimulatedGame,
    StandingFigures,
    SummaryFigures,
    Totals,
    run_simulation,
    standings_table,
)

__all__ = [
    "BINDING",
    "COMMAND",
    "CSV_COLUMNS",
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_MOVE_LIMIT",
    "MAX_ROUNDS",
    "MAX_SEED_DIGITS",
    "Standing",
    "Summary",
    "add_simulate_arguments",
    "bot_factory",
    "check_bots_option",
    "check_output",
    "fill_table",
    "load_bot",
    "round_seeds",
    "run_simulate",
    "simulate",
]

DEFAULT_MOVE_LIMIT = 1000
"""The move limit (E7) of a simulation unless the caller gives rules of its own."""

DEFAULT_CHUNK_SIZE: Final = runner.DEFAULT_CHUNK_SIZE
"""The most rounds per work item by default: big enough to hide the cost of sending work
to a process, small enough to keep every worker busy and the progress bar moving.
Shorter runs are cut finer, so that every worker gets about 8 chunks (see :func:`simulate`)."""

_MAX_POINTS: Final = 3  # E6: 2 for the winner, 1 for each lowest count
_TAG: Final = b"eighthalf-simulate-v1"  # the seeds of the rounds (round_seeds)

MAX_ROUNDS: Final = 10**15
"""The most rounds one simulation plays (a million rounds a second would take thirty years).
Results are streamed and added up as they come, so memory does not grow with the rounds."""

MAX_SEED_DIGITS: Final = runner.MAX_RUN_SEED_DIGITS
"""The most decimal digits of a simulation's seed (any int from ``-(10**100 - 1)`` to ``10**100 - 1``):
:data:`eighthalf.simulation.runner.MAX_RUN_SEED_DIGITS` under its old name. A deal's own seed
may be longer (:data:`eighthalf.core.shuffle.MAX_SEED_DIGITS`)."""


# --- Bots by name or by an importable spec ------------------------------------------------------


def bot_factory(spec: str) -> Callable[[], Bot]:
    """What makes a new bot of ``spec``: a name of ``eighthalf.bots.BOTS``, or ``"module:attribute"``.

    A spec such as ``"mybots:CautiousBot"`` imports ``mybots`` and takes its attribute
    ``CautiousBot`` (dots reach inside: ``"mybots:Kinds.cautious"``), which must be
    callable with no arguments and return a bot. A spec is plain text, so it travels to
    the workers of a process pool or of a Dask cluster, which import the module
    themselves; a bot added to ``BOTS`` in the calling process only does not reach them.

    >>> bot_factory("greedy")().name
    'greedy'
    >>> bot_factory("eighthalf.bots:RandomBot")().name
    'random'

    Raises:
        EighthalfError: If ``spec`` is not a string, names no built-in bot, or its module
            cannot be imported, lacks the attribute, or the attribute is not callable.
    """
    return runner.bot_factory(spec, BOTS)


def load_bot(spec: str) -> Bot:
    """A new bot of ``spec`` (see :func:`bot_factory`).

    >>> load_bot("random").name
    'random'

    Raises:
        EighthalfError: If ``spec`` cannot be resolved (see :func:`bot_factory`), what it
            makes has no ``choose`` method, or it is a bot of Eights.
    """
    bot: Bot = BINDING.load(spec)
    return bot


def fill_table(specs: Sequence[str], seats: int, *, option: str = "--bots") -> tuple[str, ...]:
    """The bots of ``seats`` seats from a shorter list: the list repeats to fill the table.

    This is the one rule of ``demo``, ``play`` and ``simulate`` on the command line:
    ``greedy,random`` for four seats is ``greedy,random,greedy,random``; a single bot
    takes every seat; a list longer than the seats it fills is refused.

    >>> fill_table(["greedy", "random"], 4)
    ('greedy', 'random', 'greedy', 'random')

    Raises:
        EighthalfError: If the list is empty or longer than ``seats``.
    """
    return runner.fill_table(specs, seats, option=option)


def round_seeds(seed: int, index: int) -> tuple[int, int]:
    """The deal seed and the bots' random seed of round ``index`` of a simulation seeded with ``seed``.

    Both come from SHAKE-256 of ``(seed, index)``, so they are the same on every
    platform, Python version and worker, whatever the order rounds are played in.

    >>> round_seeds(1, 0) == round_seeds(1, 0) != round_seeds(1, 1)
    True
    """
    return game_seeds(_TAG, seed, index)


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Standing(StandingFigures):
    """The results of one seat, or of one bot over every seat it played, as exact totals.

    The rates, means and intervals are derived from the totals (:class:`~eighthalf.simulation.simulate.StandingFigures`,
    the figures every game's standing has). A *seat-round* is one seat in one round: a bot
    that holds two seats plays two seat-rounds a round; rounds without a winner count as lost.
    """

    _count_key = "rounds"
    _points_range = (0.0, float(_MAX_POINTS))

    seat: int | None
    """The seat, or ``None`` for a bot's results over all its seats."""
    bot: str | None
    """The bot's name; ``None`` for a seat that several bots took in turn (``rotate_seats``)."""
    rounds: int
    """How many seat-rounds were played."""
    wins: int
    """How many of them were won."""
    points: int
    """Total points (E6)."""
    points_squared: int
    """Total of the squared points of each seat-round (for the variance)."""
    counts: int
    """Total of the final counts (E4)."""

    @property
    def seat_games(self) -> int:
        """How many seat-rounds were played (:attr:`rounds`)."""
        return self.rounds

    @property
    def mean_count(self) -> float:
        """The mean final count (E4): cards left and collected; lower is better."""
        return self.counts / self.rounds

    def _after_points(self) -> dict[str, Any]:
        return {"mean_count": self.mean_count}


CSV_COLUMNS: Final = csv_columns(
    "round",
    after_points=("mean_count",),
    whole=("no_winner",),
    tail=("catches_per_round", "collects_per_round", "failed_blinds_per_round"),
)
"""The columns of :meth:`Summary.to_csv`, in order (see the docs page "Run simulations")."""


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Summary(SummaryFigures):
    """What a simulation found: the settings, exact totals, and figures derived from them.

    Two runs with the same arguments give equal summaries, whatever the executor,
    the number of workers or the chunk size. What every game's summary derives alike
    comes from :class:`~eighthalf.simulation.simulate.SummaryFigures`.
    """

    _title = "8½"
    _unit = "round"

    players: int
    """The number of seats."""
    rounds: int
    """The number of rounds played."""
    bots: tuple[str, ...]
    """The bots by seat (in round 0 when ``rotate_seats``)."""
    seed: int
    """The simulation's seed."""
    rotate_seats: bool
    """Whether the bots moved one seat on every round (round ``i``: seat ``s`` has ``bots[(s + i) % players]``)."""
    move_limit: int | None
    """The move limit of E7, if any."""
    seats: tuple[Standing, ...]
    """The results by seat."""
    by_bot: tuple[Standing, ...]
    """The results by bot name, in order of first appearance in :attr:`bots`."""
    no_winner: int
    """Rounds ended by the move limit without a winner (E7)."""
    lengths: tuple[tuple[int, int], ...]
    """The distribution of round lengths in moves: ``(length, rounds)`` pairs by length."""
    catches: int
    """Total catches (P8, P9)."""
    collects: int
    """Total piles collected by a seat with no legal play (T1, C1); catches and failed blind cards not included."""
    failed_blinds: int
    """Total blind cards turned that could not be played (L4)."""
    options: tuple[str, ...] = ()
    """The table options of :class:`~eighthalf.Rules` that were on (P7, P3, S5, T3), in the
    order of :data:`~eighthalf.games.eighthalf.options.OPTION_NAMES`; ``()`` for the rule book's rulings."""

    @property
    def catches_per_round(self) -> float:
        """Mean catches per round."""
        return self.catches / self.rounds

    @property
    def collects_per_round(self) -> float:
        """Mean collects (no legal play) per round."""
        return self.collects / self.rounds

    @property
    def failed_blinds_per_round(self) -> float:
        """Mean failed blind cards per round."""
        return self.failed_blinds / self.rounds

    def to_dict(self) -> dict[str, Any]:
        """Everything, derived figures included, as plain JSON-ready values."""
        head = {"move_limit": self.move_limit, "options": list(self.options), "no_winner": self.no_winner}
        tail = {
            "catches": self.catches,
            "collects": self.collects,
            "failed_blinds": self.failed_blinds,
            "catches_per_round": self.catches_per_round,
            "collects_per_round": self.collects_per_round,
            "failed_blinds_per_round": self.failed_blinds_per_round,
        }
        return self._data(head, tail)

    def to_csv(self) -> str:
        """A CSV table with the columns of :data:`CSV_COLUMNS`.

        One row of kind ``seat`` per seat, one of kind ``bot`` per bot, then one of kind
        ``rounds`` for the figures about whole rounds; cells that do not apply are empty.
        """
        head = {"wins": self.rounds - self.no_winner, "no_winner": self.no_winner}
        tail = {
            "catches_per_round": self.catches_per_round,
            "collects_per_round": self.collects_per_round,
            "failed_blinds_per_round": self.failed_blinds_per_round,
        }
        return self._csv(CSV_COLUMNS, head, tail)

    def to_text(self) -> str:
        """A plain-text report: settings, tables by seat and by bot, and the round figures."""
        settings = "" if self.move_limit is None else f", move limit {self.move_limit}"
        if self.options:
            settings += f", table options {' '.join(self.options)}"
        table = standings_table(
            "rounds", self.seats, self.by_bot, points_digits=3, extra=(f"{'count':>7}", _count_cell)
        )
        tail = [
            f"per round: catches {self.catches_per_round:.3f}, collects (stuck) {self.collects_per_round:.3f}, "
            f"failed blind cards {self.failed_blinds_per_round:.3f}"
        ]
        if self.move_limit is not None or self.no_winner:
            tail.append(f"rounds without a winner (E7): {self.no_winner} ({self.no_winner / self.rounds:.1%})")
        return self._text(settings, table, tail)


def _count_cell(standing: Standing) -> str:
    return f"{standing.mean_count:7.2f}"


# --- The binding: 8½'s round on the runner of every game ---------------------------------------


class _Viewer:
    """Builds :class:`PlayerView`\\ s like :func:`~eighthalf.games.eighthalf.views.view`, reusing the
    :class:`SeatView`\\ s of seats that did not change since the last move."""

    __slots__ = ("_others", "_own")

    def __init__(self, players: int) -> None:
        empty = Seat((), (), (), ())
        self._own: list[tuple[Seat, SeatView | None]] = [(empty, None)] * players
        self._others: list[tuple[Seat, SeatView | None]] = [(empty, None)] * players

    def view(self, state: GameState, me: int) -> PlayerView:
        parts: list[SeatView] = []
        for index, seat in enumerate(state.seats):
            cache = self._own if index == me else self._others
            known, seen = cache[index]
            if known is not seat or seen is None:
                seen = seat_view(seat, index == me)
                cache[index] = (seat, seen)
            parts.append(seen)
        return view_with_seats(state, me, tuple(parts))


class _RoundFigures(GameFigures):
    """What a round of 8½ adds to a simulation: catches, collects and failed blind cards,
    the final counts (E4), its JSON line, and views that reuse the unchanged seats'."""

    __slots__ = ()

    counters = 3  # catches, collects, failed blind cards

    def viewer(self, game: Game[GameState, Move, Any, Any, Any], players: int) -> Callable[[GameState, int], Any]:
        return _Viewer(players).view

    def moved(self, before: GameState, move: Move, after: GameState, mover: int) -> int:
        if after.pile:
            return -1
        # The pile was taken: a catch, a collect or a failed blind card.
        kind = type(move)
        if kind is Collect:
            return 1
        if after.to_move == mover:  # P9: the catcher starts the next pile
            return 0
        return 2 if kind is BlindPlay else -1  # L4

    def seat_values(self, state: GameState) -> tuple[Sequence[int], ...]:
        outcome = state.outcome
        assert outcome is not None
        return (outcome.counts,)

    def line(
        self, index: int, seed: int, seats: Sequence[str], state: GameState, moves: Sequence[str], result: Any
    ) -> dict[str, object]:
        outcome = state.outcome
        assert outcome is not None
        return {
            "round": index,
            "seed": seed,
            "seats": list(seats),
            "winner": outcome.winner,
            "points": list(outcome.points),
            "counts": list(outcome.counts),
            "length": len(moves),
            "moves": list(moves),
        }


BINDING: Final = SimulatedGame(
    game=EIGHTHALF,
    tag=_TAG,
    unit="round",
    most=MAX_ROUNDS,
    players_rule="S2",
    out_name="rounds_out",
    chunk_size=DEFAULT_CHUNK_SIZE,
    figures=_RoundFigures(),
)
"""8½'s round on the simulation runner of every game (:mod:`eighthalf.simulation.simulate`)."""


def simulate(
    players: int,
    rounds: int,
    bots: Sequence[str],
    *,
    seed: int,
    executor: Executor | None = None,
    workers: int = 1,
    chunk_size: int | None = None,
    rotate_seats: bool = False,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    rounds_out: TextIO | None = None,
) -> Summary:
    """Play ``rounds`` rounds between the named bots and summarise them.

    Round ``i`` is dealt with the first seed of :func:`round_seeds` ``(seed, i)``
    (default dealer, S7) and its bots share a :class:`random.Random` seeded with the
    second; fresh bots are made for every round and each chooses from its own seat's
    view only. The rounds are cut into chunks of ``chunk_size`` whose totals are added
    up as they finish, so the summary is the same for any executor, number of workers
    and chunk size, and memory does not grow with the number of rounds.

    Args:
        players: The number of seats, within the rules' range (S2: 2 to 5).
        rounds: How many rounds to play, from 1 to :data:`MAX_ROUNDS`.
        bots: A bot for each seat (a list or tuple of strings): a name of
            ``eighthalf.bots.BOTS`` or an importable ``"module:attribute"`` spec (see
            :func:`bot_factory`). Only these strings go to the workers, which make the
            bots themselves.
        seed: Any int of at most :data:`MAX_SEED_DIGITS` digits; the same seed gives the
            same summary.
        executor: Where to run the chunks: any ``concurrent.futures.Executor``, such as a
            ``ThreadPoolExecutor`` or a Dask client's ``get_executor()``. The caller
            keeps ownership (it is not shut down). Its workers must be able to import
            :mod:`eighthalf` and the modules of any ``"module:attribute"`` bots.
        workers: With no ``executor``: more than 1 runs a ``ProcessPoolExecutor`` for
            this call (when there is more than one chunk), of at most that many
            processes, and never more than the available CPUs or the chunks; 1 plays every
            round in this thread. With an ``executor``: how many workers it has, a hint
            for the chunk size only.
        chunk_size: Rounds per work item; by default :data:`DEFAULT_CHUNK_SIZE`, or
            fewer so that each worker gets about 8 chunks: ``min(250, ceil(rounds /
            (8 * workers)))``. It never changes the result.
        rotate_seats: Move the bots one seat on every round: in round ``i`` seat ``s``
            has ``bots[(s + i) % players]``, so that no bot keeps a seat's advantage.
        rules: The options; if ``None``, the defaults with a move limit of
            :data:`DEFAULT_MOVE_LIMIT` (E7), because bots can, rarely, play a round that
            never ends.
        progress: Called with ``(rounds done, rounds)`` at the start and as chunks finish
            (from the calling thread).
        rounds_out: A text file to write one JSON line per round to, in round order:
            ``round`` (its index), ``seed`` (its deal's seed, for
            :func:`~eighthalf.new_game` with the same rules), ``seats`` (the bots by
            seat), ``winner`` (``null`` under E7), ``points`` (E6), ``counts`` (E4),
            ``length`` and ``moves`` (in notation).

    Returns:
        The :class:`Summary`.

    Raises:
        EighthalfError: If an argument is of the wrong type or out of range: ``players``
            outside the rules' range, ``rounds`` outside 1 to :data:`MAX_ROUNDS`,
            ``workers`` or ``chunk_size`` below 1, a number of bots other than
            ``players``, a bot that :func:`bot_factory` cannot resolve, a seed that is
            not an int or too long. A bot that a worker cannot import raises it from
            the worker.
    """
    if rules is None:
        rules = Rules(move_limit=DEFAULT_MOVE_LIMIT)
    tally = run_simulation(
        BINDING, players, rounds, bots, seed=seed, rules=rules, executor=executor, workers=workers,
        chunk_size=chunk_size, rotate_seats=rotate_seats, progress=progress, out=rounds_out,
    )  # fmt: skip
    return _summary(players, rounds, seed, rotate_seats, rules, tally)


def _summary(players: int, rounds: int, seed: int, rotate_seats: bool, rules: Rules, tally: Totals) -> Summary:
    """Turn the added-up totals into a :class:`Summary`."""

    def standing(seat: int | None, bot: str | None, sums: list[int]) -> Standing:
        rounds_, wins, _, points, points_squared, counts = sums
        return Standing(
            seat=seat,
            bot=bot,
            rounds=rounds_,
            wins=wins,
            points=points,
            points_squared=points_squared,
            counts=counts,
        )

    seats, by_bot = standings(tally.cells, players, tally.bots, standing)
    catches, collects, failed = tally.counters
    return Summary(
        players=players,
        rounds=rounds,
        bots=tally.bots,
        seed=seed,
        rotate_seats=rotate_seats,
        move_limit=rules.move_limit,
        seats=seats,
        by_bot=by_bot,
        no_winner=tally.no_winner,
        lengths=tally.sorted_lengths(),
        catches=catches,
        collects=collects,
        failed_blinds=failed,
        options=rules.option_names(),
    )


# --- The command line -------------------------------------------------------------------------


_ProgressBar = ProgressBar  # the progress bar of ``--progress`` (counts rounds by default)


def check_bots_option(text: str, seats: int, *, option: str = "--bots") -> tuple[str, ...]:
    """The bots of ``seats`` seats from a ``--bots`` option, by the rule of :func:`fill_table`.

    Each entry is a name of ``eighthalf.bots.BOTS`` or an importable ``module:attribute``.

    Raises:
        EighthalfError: If an entry is empty or cannot be resolved (the message says which
            and why), or the list does not fit the table.
    """
    return common_cli.check_bots_option(text, seats, BOTS, option=option)


def check_output(path: str, option: str) -> str | None:
    """Why ``path`` cannot be written as the output of ``option``, or ``None`` if it can
    (:func:`eighthalf.simulation.runner.check_output`, under its old home's name)."""
    return runner.check_output(path, option)


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``python -m eighthalf simulate`` to ``parser`` (a sub-command's parser).

    The command is the one both games share (:func:`eighthalf.console.arguments.add_simulate_arguments`):
    ``--players``, ``--rounds``, ``--bots``, ``--seed``, ``--workers``, ``--chunk-size``,
    ``--dask``, ``--rotate-seats``, ``--format``, ``--output``, ``--json``, ``--csv``,
    ``--rounds-out`` and ``--progress``, with 8½'s rules: ``--move-limit`` and the table
    options' flags.
    """
    common_cli.add_simulate_arguments(parser, COMMAND)


def run_simulate(args: argparse.Namespace, *, write: Callable[[str], None] = print) -> int:
    """Run ``python -m eighthalf simulate`` with the parsed ``args``; returns the exit status.

    The text summary goes to ``write`` unless an output goes to stdout (``-``), which
    then has stdout to itself; ``--format json|csv`` (or ``--output PATH``) sends the
    summary in that format to ``--output`` (stdout by default) instead. The outputs are
    checked before the rounds are played; the rounds of ``--rounds-out`` are written as
    they finish, the summaries at the end. ``--dask ADDRESS`` runs the chunks on a Dask
    cluster. Status 0 on success, 1 if the run fails (such as a bot that a worker cannot
    import; one ``error:`` line on stderr), 130 on Ctrl-C (see
    :func:`eighthalf.console.arguments.run_simulate`).

    Raises:
        SystemExit: With status 2 and a usage message if the arguments do not fit
            together (an unknown bot, a bot list longer than the table, players out of
            range, an output that cannot be written).
    """
    return common_cli.run_simulate(args, write=write)


def _rules_from_args(args: argparse.Namespace) -> Rules:
    return Rules(move_limit=args.move_limit or None, **table_options_from_args(args))


def _add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--move-limit",
        type=int_type(0),
        default=DEFAULT_MOVE_LIMIT,
        help=f"end a round without a winner after this many moves, 0 for no limit (E7; default {DEFAULT_MOVE_LIMIT}: "
        "random play can otherwise, rarely, go on for ever)",
    )
    add_table_option_arguments(parser)


COMMAND: Final = SimulateCommand(
    binding=BINDING,
    simulate=simulate,
    count_option="--rounds",
    count_help="how many rounds to play (default 1000)",
    lines_option="--rounds-out",
    lines_help="write one JSON line per round to PATH ('-' for stdout), in round order: "
    "round, seed, seats, winner, points, counts, length, moves",
    add_rules=_add_rules_arguments,
    rules_from_args=_rules_from_args,
    help="play many seeded rounds between bots and summarise them",
    description="Play many seeded rounds between bots and print a summary (win rates and points by seat and bot, "
    "round lengths, catches, collects, failed blind cards); optionally write it as JSON or CSV, and every "
    "round as a JSON line.",
)
"""``python -m eighthalf simulate``: the command both games share, with 8½'s options."""
