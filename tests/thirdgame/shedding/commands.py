"""Shedding on the command line: ``eighthalf shedding demo|play|simulate``, from the shared pieces.

The demo is :func:`eighthalf.common.demo.play_demo` with a :class:`~eighthalf.common.demo.DemoFace`,
the terminal game :func:`eighthalf.common.terminal.run_play` with a
:class:`~eighthalf.common.terminal.Face`, and ``simulate`` the shared command
(:class:`eighthalf.common.cli.SimulateCommand`) on a :class:`~eighthalf.common.simulate.Binding`.
"""

from __future__ import annotations

import argparse
import builtins
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, ClassVar, Final, TextIO

import attrs

from eighthalf.common import cli as common_cli
from eighthalf.common import terminal
from eighthalf.common.cli import check_bots_option, int_type
from eighthalf.common.demo import DemoFace, check_demo, play_demo
from eighthalf.common.runner import MAX_SEED_DIGITS, load_bot, standings
from eighthalf.common.shuffle import fresh_seed
from eighthalf.common.simulate import Binding, StandingFigures, SummaryFigures, run_simulation, standings_table
from eighthalf.errors import EighthalfError, ParseError

from .bots import BOTS
from .game import SHEDDING
from .records import RECORD_FORMAT, Record
from .rules import Event, GameState, Move, PlayerView, Rules, parse_move

__all__ = ["BINDING", "Summary", "add_commands", "simulate"]

NAMES: Final = ("Ann", "Ben", "Cy", "Di")
"""The seats' names."""


def _add_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hand-size", type=int_type(3), default=5, help="cards dealt to each player, 3 to 5 (SH2)")
    parser.add_argument("--move-limit", type=int_type(1), default=None, help="the most moves of a game (SH7)")


def _rules_from_args(args: argparse.Namespace) -> Rules:
    return Rules(args.hand_size, args.move_limit)


# --- demo


class _Demo(DemoFace[GameState, Move, Event]):
    def opening(self, state: GameState, bots: Sequence[Any]) -> list[str]:
        lines = [f"Shedding demo: {state.players} players, seed {self.seed}; the pile shows {state.pile[-1]}"]
        return lines + [
            f"  {self.names[seat]} ({bot.name}): {' '.join(state.hands[seat])}" for seat, bot in enumerate(bots)
        ]

    def told(
        self, number: int, seat: int, move: Move, seen: Sequence[Event], before: GameState, after: GameState
    ) -> list[str]:
        return [f"{number:4}. {' '.join(SHEDDING.narrate(seen, self.names))}"]


def _run_demo(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        bots = [load_bot(name, BOTS) for name in check_bots_option(args.bots, args.players, BOTS)]
        check_demo(SHEDDING, args.players, args.seed, bots, "SH2")
        play_demo(SHEDDING, _Demo(NAMES, args.seed), args.players, args.seed, bots, rules=_rules_from_args(args))
    except EighthalfError as error:
        parser.error(str(error))
    return 0


# --- play


@attrs.frozen
class _Config(terminal.PlayConfig[Rules]):
    def command(self) -> str:
        return f"python -m eighthalf shedding play --players {self.players} --seat {self.seat} --seed {self.seed}"


def _settle(args: argparse.Namespace) -> _Config:
    try:
        players, seat, bots = terminal.seating_from_args(args, players=range(2, 5), rule="SH2", registry=BOTS)
        rules = _rules_from_args(args)
    except EighthalfError as error:
        raise ValueError(str(error)) from None
    seed = fresh_seed() if args.seed is None else args.seed
    return _Config(players, seat, bots, seed, NAMES[:players], rules, args.record)


class _Face(terminal.Face[GameState, Move, PlayerView, Event]):
    tag = b"shedding-play-v1"
    help = "Type a line's letter or the move itself: a card such as 3h, draw or pass; q quits."
    letters = terminal.label_letters("dpq")

    def make_bot(self, spec: str) -> Any:
        return load_bot(spec, BOTS)

    def intro(self, state: GameState) -> list[str]:
        return [f"Shedding: you are {self.config.names[self.config.seat]}, seat {self.config.seat}."]

    def screen(self, seen: PlayerView, happened: Sequence[str]) -> str:
        lines = [*(f"  - {line}" for line in happened), f"Pile: {seen.pile[-1]}   Stock: {seen.stock} cards"]
        lines.append(f"Your hand: {' '.join(seen.hand)}")
        labelled = terminal.labelled(seen.legal_moves(), self.letters)
        lines.extend(f"  {label}) {move}" for label, move in labelled.items())
        return "\n".join(lines)

    def choices(self, seen: PlayerView) -> terminal.Choices[Move]:
        labelled = terminal.labelled(seen.legal_moves(), self.letters)

        def read(text: str) -> Move | str:
            if text.lower() in labelled:
                return labelled[text.lower()]
            try:
                return parse_move(text)
            except ParseError as error:
                return f"not a move: {error}"

        words, short = terminal.label_hint(list(labelled))
        return terminal.Choices(f"Type {words}, or the move itself.", f"Your move [{short}]: ", "Type a move.", read)

    def told(self, events: Sequence[Event], seat: int, before: GameState, after: GameState) -> list[terminal.Told]:
        seen = SHEDDING.events_for(events, self.config.seat)
        return list(SHEDDING.narrate(seen, self.config.names))

    def ending(self, state: GameState) -> list[str]:
        result = SHEDDING.result(state)
        return [f"The game is over: {'no result' if result is None else result.text}."]

    def new_record(self, **fields: Any) -> Any:
        return Record(**fields)

    def dumps(self, record: Any) -> str:
        return RECORD_FORMAT.dumps(record)


def _add_play(parser: argparse.ArgumentParser) -> None:
    terminal.add_seating_arguments(parser, players=range(2, 5), registry=BOTS, seed_help="the deal's seed")
    terminal.add_record_argument(parser, "shedding.records.RECORD_FORMAT.loads")
    _add_rules(parser)


def run_play(args: argparse.Namespace) -> int:
    """The terminal game of the parsed ``args`` (reading ``input()`` as called, so a test may feed stdin)."""
    return terminal.run_play(args, _settle, lambda config: _Face(SHEDDING, config), input=builtins.input)


# --- simulate


@attrs.frozen
class Standing(StandingFigures):
    """The results of one seat, or of one bot over its seats."""

    seat: int | None
    bot: str | None
    games: int
    wins: int
    shared: int
    points: int
    points_squared: int

    @property
    def seat_games(self) -> int:
        """The seat-games played."""
        return self.games


CSV_COLUMNS: Final = (
    "kind", "seat", "bot", "games", "wins", "win_rate", "win_rate_low", "win_rate_high", "mean_points",
    "mean_points_low", "mean_points_high", "mean_length", "median_length", "min_length", "max_length",
)  # fmt: skip


@attrs.frozen
class Summary(SummaryFigures):
    """What a simulation of Shedding found."""

    _title: ClassVar[str] = "Shedding"
    _unit: ClassVar[str] = "game"

    players: int
    games: int
    bots: tuple[str, ...]
    seed: int
    rotate_seats: bool
    seats: tuple[Standing, ...]
    by_bot: tuple[Standing, ...]
    lengths: tuple[tuple[int, int], ...]

    @property
    def _count(self) -> int:
        return self.games

    @property
    def _lengths(self) -> tuple[tuple[int, int], ...]:
        return self.lengths

    def to_csv(self) -> str:
        """The standings and the game figures as CSV."""
        return self._csv(CSV_COLUMNS, {}, {})

    def to_text(self) -> str:
        """A plain-text report."""
        return self._text("", standings_table("games", self.seats, self.by_bot), [])


BINDING: Final = Binding(game=SHEDDING, tag=b"shedding-simulate-v1", unit="game", most=10**9, players_rule="SH2")
"""Shedding on the simulation runner."""


def simulate(
    players: int,
    games: int,
    bots: Sequence[str],
    *,
    seed: int,
    executor: Executor | None = None,
    workers: int = 1,
    chunk_size: int | None = None,
    rotate_seats: bool = False,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    out: TextIO | None = None,
) -> Summary:
    """Play ``games`` games between the named bots and summarise them."""
    tally = run_simulation(
        BINDING, players, games, bots, seed=seed, rules=rules, executor=executor, workers=workers,
        chunk_size=chunk_size, rotate_seats=rotate_seats, progress=progress, out=out,
    )  # fmt: skip
    seats, by_bot = standings(tally.cells, players, tally.bots, lambda seat, bot, sums: Standing(seat, bot, *sums))
    return Summary(players, games, tally.bots, seed, rotate_seats, seats, by_bot, tally.sorted_lengths())


_SIMULATE: Final = common_cli.SimulateCommand(
    binding=BINDING,
    simulate=simulate,
    count_option="--games",
    count_help="how many games to play (default 1000)",
    lines_option="--games-out",
    lines_help="write one JSON line per game to PATH ('-' for stdout)",
    add_rules=_add_rules,
    rules_from_args=_rules_from_args,
)


# --- the commands


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``demo``, ``play`` and ``simulate`` to ``commands``, each setting ``run``."""
    demo = commands.add_parser("demo", help="a seeded game of Shedding between bots, narrated")
    demo.add_argument("--players", type=int_type(), default=3, help="2 to 4 players (default 3)")
    demo.add_argument("--seed", type=int_type(digits=MAX_SEED_DIGITS), default=7, help="the seed (default 7)")
    demo.add_argument("--bots", default="greedy,random", help=f"bots by seat: {', '.join(sorted(BOTS))}")
    _add_rules(demo)
    demo.set_defaults(run=lambda args: _run_demo(args, demo))
    play = commands.add_parser("play", help="play Shedding against bots in the terminal")
    _add_play(play)
    play.set_defaults(run=run_play)
    simulate_parser = commands.add_parser("simulate", help="play many seeded games between bots and summarise them")
    common_cli.add_simulate_arguments(simulate_parser, _SIMULATE)
    simulate_parser.set_defaults(run=common_cli.run_simulate)
