"""The benchmark cases and their registry.

A :class:`Case` is a named measurement: ``measure(settings)`` does one repeat and returns
one sample (a rate, a time or a size). :func:`run_case` warms it up, calls it
``settings.repeat`` times and returns a :class:`Result` (median and spread) or, when the
code it needs is missing, a :class:`Skipped` with a note.

To add a case, write a function ``measure(settings: Settings) -> float`` and
:func:`register` a :class:`Case` for it; it then appears in the table and in the JSON.
A case that needs an optional module calls :func:`optional_module` (or lists the module in
:attr:`Case.requires`), which turns a missing module into a clean skip.

All random play uses a seeded :class:`random.Random`, the same deals and the same seed in
every repeat, so every repeat does exactly the same work. Rounds are played under
``Rules(move_limit=1000)`` (E7): random play can cycle forever (rarely, about 1 round in
2,000 with 2 players), and the limit makes every round end.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import random
import statistics
import time
from collections.abc import Callable
from types import ModuleType
from typing import Literal

from eighthalf import GameState, Move, Rules, apply, apply_unchecked, legal_moves, new_game

from . import memory
from .memory import deep_size

__all__ = [
    "CASES",
    "MOVE_LIMIT",
    "PLAYERS",
    "RULES",
    "Case",
    "Result",
    "Settings",
    "Skip",
    "Skipped",
    "Target",
    "deep_size",
    "optional_module",
    "register",
    "run_case",
]

PLAYERS = (2, 4, 5)
"""The table sizes measured: the smallest, the usual and the largest of S2."""
MOVE_LIMIT = 1000
"""The E7 move limit of the rounds played (see the module docstring)."""
RULES = Rules(move_limit=MOVE_LIMIT)
"""The rules of every round played by the suite."""
SEED = 20240501
"""The seed of the :class:`random.Random` that chooses the moves."""

Step = Callable[[GameState, Move], GameState]


@dataclasses.dataclass(frozen=True)
class Settings:
    """How much work one run does."""

    repeat: int = 7
    """Samples per case (the memory cases take at most :attr:`memory_repeat`)."""
    rounds: int = 600
    """Rounds played per repeat by the play cases (deals ``0 .. rounds - 1``)."""
    new_games: int = 10_000
    """Calls per repeat of the ``new_game`` cases."""
    memory_rounds: int = 200
    """Rounds played per repeat by the bytes-per-successor cases."""
    memory_states: int = 2000
    """Fresh states kept per repeat by the bytes-per-state cases."""
    memory_repeat: int = 3
    """At most this many samples for the memory cases (they are deterministic)."""
    optional_states: int = 2000
    """States per repeat for the optional ``view()`` and JSON cases."""
    timer: Literal["cpu", "wall"] = "cpu"
    """``"cpu"`` times with :func:`time.process_time` (the CPU time of this process, which
    other processes on a busy machine do not inflate); ``"wall"`` with
    :func:`time.perf_counter`."""

    @property
    def clock(self) -> Callable[[], float]:
        """The timer's function."""
        return time.process_time if self.timer == "cpu" else time.perf_counter

    @classmethod
    def quick(cls) -> Settings:
        """A short run (well under a minute) for smoke tests; its numbers are noisier."""
        return cls(
            repeat=3,
            rounds=150,
            new_games=2000,
            memory_rounds=40,
            memory_states=500,
            memory_repeat=1,
            optional_states=300,
        )


@dataclasses.dataclass(frozen=True)
class Target:
    """A goal for a case's median: ``op`` is ``">="`` (at least) or ``"<="`` (at most).

    A ``relative`` target is stated against the reference workload's median measured in the
    same run (the case ``reference``, in thousands of operations a second), so that a machine
    that is slow today does not fail it: the machines are shared and their speed varies up to
    threefold from day to day. For a rate the value compared is ``rate ÷ reference``; for a
    time in µs it is ``time × reference ÷ 1000``, the number of reference operations that
    the machine does in that time.
    """

    op: Literal[">=", "<="]
    value: float
    relative: bool = False

    def met(self, value: float, reference: float | None = None) -> bool | None:
        """True if ``value`` reaches the target (``None`` for a relative one without a reference)."""
        if self.relative:
            if not reference:
                return None
            value = relative(value, reference, self.op == ">=")
        return value >= self.value if self.op == ">=" else value <= self.value

    def __str__(self) -> str:
        sign = "≥" if self.op == ">=" else "≤"
        shown = f"{int(self.value):,}" if self.value == int(self.value) else format_number(self.value)
        return f"{sign} {shown}{' (vs ref)' if self.relative else ''}"


def relative(value: float, reference: float, is_rate: bool) -> float:
    """A median against the reference workload's (kops/s): ``rate ÷ ref``, or ``µs × ref ÷ 1000``."""
    return value / reference if is_rate else value * reference / 1000


@dataclasses.dataclass(frozen=True)
class Case:
    """One row of the table."""

    name: str
    """A unique, stable id for JSON and ``-k``: ``group/variant/players``."""
    title: str
    """What the table shows."""
    unit: str
    """The unit of a sample: ``steps/s``, ``rounds/s``, ``µs``, ``bytes``."""
    measure: Callable[[Settings], float]
    """Do one repeat and return its sample."""
    higher_is_better: bool
    """True for rates, false for times and sizes."""
    players: int | None = None
    """The number of seats, if the case has one."""
    target: Target | None = None
    """The goal, if any, shown next to the result with pass or fail."""
    requires: tuple[str, ...] = ()
    """Modules that must be importable; the case is skipped with a note otherwise."""
    memory: bool = False
    """A deterministic memory case: at most ``Settings.memory_repeat`` samples, no warm-up."""
    note: str = ""
    """A short remark printed under the table and put in the JSON."""


@dataclasses.dataclass(frozen=True)
class Result:
    """The samples of a case and their summary."""

    case: Case
    samples: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def min(self) -> float:
        return min(self.samples)

    @property
    def max(self) -> float:
        return max(self.samples)

    @property
    def quartiles(self) -> tuple[float, float]:
        """The first and third quartiles (both the median with fewer than two samples)."""
        if len(self.samples) < 2:
            return (self.median, self.median)
        q1, _, q3 = statistics.quantiles(self.samples, n=4, method="inclusive")
        return (q1, q3)

    @property
    def iqr_percent(self) -> float:
        """The interquartile range as a percentage of the median."""
        q1, q3 = self.quartiles
        return 100 * (q3 - q1) / self.median if self.median else 0.0

    def passed(self, reference: float | None = None) -> bool | None:
        """Whether the median meets the target (given the reference median for a relative one)."""
        target = self.case.target
        return None if target is None else target.met(self.median, reference)


@dataclasses.dataclass(frozen=True)
class Skipped:
    """A case that could not run, and why."""

    case: Case
    note: str
    error: bool = False
    """True if the case raised an exception (a bug), not :class:`Skip` (something missing)."""


class Skip(Exception):
    """Raised by a case's ``measure`` to skip it with a note (e.g. a missing module)."""


CASES: list[Case] = []
"""The registry, in table order."""


def register(case: Case) -> Case:
    """Add ``case`` to :data:`CASES` and return it.

    Raises:
        ValueError: If a case of that name is already registered.
    """
    if any(known.name == case.name for known in CASES):
        raise ValueError(f"a benchmark case named {case.name!r} is already registered")
    CASES.append(case)
    return case


def optional_module(name: str) -> ModuleType:
    """Import ``name``, or raise :class:`Skip` with a note if it cannot be imported."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise Skip(f"{name} is not importable yet ({error})") from None


def run_case(case: Case, settings: Settings) -> Result | Skipped:
    """Warm ``case`` up (once, unless it is a memory case) and take its samples.

    A case that raises :class:`Skip` is skipped; one that raises anything else is reported
    as an error (a :class:`Skipped` with ``error=True``) so that the other cases still run.
    """
    try:
        for module in case.requires:
            optional_module(module)
        repeat = min(settings.repeat, settings.memory_repeat) if case.memory else settings.repeat
        if not case.memory:
            case.measure(settings)  # fill the memo tables and the caches of the interpreter
        samples = []
        for _ in range(max(repeat, 1)):
            gc.collect()
            samples.append(case.measure(settings))
    except Skip as skip:
        return Skipped(case, str(skip))
    except Exception as error:
        return Skipped(case, f"{type(error).__module__}.{type(error).__qualname__}: {error}", error=True)
    return Result(case, tuple(samples))


def format_number(value: float) -> str:
    """``1234567.8`` as ``1,234,568``; small values keep a few significant digits."""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 100:
        return f"{value:.1f}"
    return f"{value:.2f}"


# ---------------------------------------------------------------------------------------
# Random play


def _starts(players: int, rounds: int) -> list[GameState]:
    return [new_game(players, seed=seed, rules=RULES) for seed in range(rounds)]


def _steps_per_second(players: int, step: Step) -> Callable[[Settings], float]:
    def measure(settings: Settings) -> float:
        starts = _starts(players, settings.rounds)  # dealt outside the timed loop
        clock = settings.clock
        choice = random.Random(SEED).choice
        moves = legal_moves
        steps = 0
        begin = clock()
        for state in starts:
            while state.outcome is None:
                state = step(state, choice(moves(state)))
            steps += state.move_number
        elapsed = clock() - begin
        return steps / elapsed

    return measure


def _rounds_per_second(players: int, step: Step) -> Callable[[Settings], float]:
    def measure(settings: Settings) -> float:
        choice = random.Random(SEED).choice
        moves = legal_moves
        rules = RULES
        clock = settings.clock
        begin = clock()
        for seed in range(settings.rounds):
            state = new_game(players, seed=seed, rules=rules)
            while state.outcome is None:
                state = step(state, choice(moves(state)))
        elapsed = clock() - begin
        return settings.rounds / elapsed

    return measure


def _new_game_micros(players: int) -> Callable[[Settings], float]:
    def measure(settings: Settings) -> float:
        make = new_game
        count = settings.new_games
        clock = settings.clock
        begin = clock()
        for seed in range(count):
            make(players, seed=seed)
        elapsed = clock() - begin
        return elapsed / count * 1e6

    return measure


# ---------------------------------------------------------------------------------------
# Memory (measured by benchmarks.memory)


def _fresh_deep_size(players: int) -> Callable[[Settings], float]:
    return lambda settings: memory.fresh_deep_size(players, settings.memory_states)


def _fresh_traced(players: int) -> Callable[[Settings], float]:
    return lambda settings: memory.fresh_traced(players, settings.memory_states)


def _successor_bytes(players: int) -> Callable[[Settings], float]:
    return lambda settings: memory.successor_bytes(_starts(players, settings.memory_rounds), SEED)


# ---------------------------------------------------------------------------------------
# Optional modules: views and JSON round trips


def _sample_states(count: int) -> list[GameState]:
    """``count`` states of 4-player random rounds, from all stages of play."""
    choice = random.Random(SEED).choice
    states: list[GameState] = []
    seed = 0
    while len(states) < count:
        state = new_game(4, seed=seed, rules=RULES)
        seed += 1
        while state.outcome is None and len(states) < count:
            states.append(state)
            state = apply(state, choice(legal_moves(state)))
    return states


def _function(module: ModuleType, name: str) -> Callable[..., object]:
    found = getattr(module, name, None)
    if not callable(found):
        raise Skip(f"{module.__name__}.{name} is missing; adapt benchmarks/cases.py")
    return found  # type: ignore[no-any-return]


def _view_micros(settings: Settings) -> float:
    """µs per ``view(state, seat)`` for the seat to move."""
    view = _function(optional_module("eighthalf.games.eighthalf.views"), "view")
    states = _sample_states(settings.optional_states)
    clock = settings.clock
    begin = clock()
    for state in states:
        view(state, state.to_move)
    return (clock() - begin) / len(states) * 1e6


def _decisions_per_second(bot_class: str) -> Callable[[Settings], float]:
    """Decisions a second of a fresh ``eighthalf.bots.<bot_class>()`` (its default budget)
    on 4-player positions with more than one legal move, seen from the seat to move."""

    def measure(settings: Settings) -> float:
        bots = optional_module("eighthalf.bots")
        make = getattr(bots, bot_class, None)
        if make is None:
            raise Skip(f"eighthalf.bots has no {bot_class}")
        view = _function(optional_module("eighthalf.games.eighthalf.views"), "view")
        count = max(4, settings.optional_states // 25)
        states = [state for state in _sample_states(count * 8) if len(legal_moves(state)) > 1][:count]
        clock = settings.clock
        rng = random.Random(SEED)
        elapsed = 0.0
        for state in states:
            seen = view(state, state.to_move)
            bot = make()
            begin = clock()
            bot.choose(seen, rng)
            elapsed += clock() - begin
        return len(states) / elapsed

    return measure


def _json_round_trip_micros(of_view: bool) -> Callable[[Settings], float]:
    """µs per ``loads(dumps(x))`` of a state, or of the view of the seat to move."""

    def measure(settings: Settings) -> float:
        module = optional_module("eighthalf.serialization")
        dumps = _function(module, "dumps")
        loads = _function(module, "loads")
        states = _sample_states(settings.optional_states)
        items: list[object] = list(states)
        if of_view:
            view = _function(optional_module("eighthalf.games.eighthalf.views"), "view")
            items = [view(state, state.to_move) for state in states]
        if loads(dumps(items[-1])) != items[-1]:
            raise Skip("the JSON round trip does not give back an equal object")
        clock = settings.clock
        begin = clock()
        for item in items:
            loads(dumps(item))
        return (clock() - begin) / len(items) * 1e6

    return measure


# ---------------------------------------------------------------------------------------
# The registry

TARGET_STEPS = Target(">=", 30, relative=True)
TARGET_SUCCESSOR = Target("<=", 400)
TARGET_NEW_GAME = Target("<=", 200, relative=True)


REFERENCE_NAME = "reference"
"""The name of the reference workload's case (relative targets are multiples of it)."""


def _reference(settings: Settings) -> float:
    """A fixed workload of plain Python, of the kind the engine does (tuples, slices,
    dict lookups, small objects), in thousands of operations a second. Its speed moves with
    the machine's speed of the day and does not depend on eighthalf at all."""
    clock = settings.clock
    table = {index: (index, index + 1, index + 2) for index in range(64)}
    operations = 200_000
    begin = clock()
    total = 0
    for index in range(operations):
        row = table[index & 63]
        pair = row[1:] + (index,)
        total += len(pair) + pair[0]
    elapsed = clock() - begin
    if total < 0:  # keeps the loop from being anything but real work
        raise AssertionError
    return operations / elapsed / 1000


def _openspiel_steps(settings: Settings) -> float:
    """OpenSpiel's C++ crazy_eights (4 players) driven from Python: random play, checked
    legal actions each step, as the eighthalf steps cases do; chance moves (the deal and
    the draws) are applied but not counted."""
    pyspiel = optional_module("pyspiel")
    game = pyspiel.load_game("crazy_eights", {"players": 4})
    rng = random.Random(SEED)
    clock = settings.clock
    games = max(settings.rounds // 4, 10)
    steps = 0
    elapsed = 0.0
    for _ in range(games):
        state = game.new_initial_state()
        begin = clock()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        elapsed += clock() - begin
    return steps / elapsed


def _register_all() -> None:
    register(
        Case(
            REFERENCE_NAME,
            "reference workload (plain Python)",
            "kops/s",
            _reference,
            True,
            note="the vs ref column and the (vs ref) targets compare with this row, measured in the same run",
        )
    )
    register(
        Case(
            "anchor/openspiel/crazy_eights/4p",
            "anchor: OpenSpiel C++ crazy_eights steps, 4p",
            "steps/s",
            _openspiel_steps,
            True,
            4,
            requires=("pyspiel",),
            note="OpenSpiel's C++ game through pyspiel (the optional openspiel extra), for the ratio",
        )
    )
    for players in PLAYERS:
        register(
            Case(
                f"steps/checked/{players}p",
                f"random-play steps, apply, {players}p",
                "steps/s",
                _steps_per_second(players, apply),
                True,
                players,
                TARGET_STEPS if players == 4 else None,
            )
        )
    for players in PLAYERS:
        register(
            Case(
                f"steps/unchecked/{players}p",
                f"random-play steps, apply_unchecked, {players}p",
                "steps/s",
                _steps_per_second(players, apply_unchecked),
                True,
                players,
            )
        )
    for players in PLAYERS:
        register(
            Case(
                f"rounds/checked/{players}p",
                f"random rounds, apply, {players}p",
                "rounds/s",
                _rounds_per_second(players, apply),
                True,
                players,
            )
        )
    for players in PLAYERS:
        register(
            Case(
                f"rounds/unchecked/{players}p",
                f"random rounds, apply_unchecked, {players}p",
                "rounds/s",
                _rounds_per_second(players, apply_unchecked),
                True,
                players,
            )
        )
    for players in PLAYERS:
        register(
            Case(
                f"new_game/{players}p",
                f"new_game, {players}p",
                "µs",
                _new_game_micros(players),
                False,
                players,
                TARGET_NEW_GAME if players == 4 else None,
            )
        )
    for players in PLAYERS:
        register(
            Case(
                f"state/deep/{players}p",
                f"fresh state, deep size, {players}p",
                "bytes",
                _fresh_deep_size(players),
                False,
                players,
                memory=True,
            )
        )
    for players in PLAYERS:
        register(
            Case(
                f"state/traced/{players}p",
                f"fresh state, traced, {players}p",
                "bytes",
                _fresh_traced(players),
                False,
                players,
                memory=True,
            )
        )
    for players in PLAYERS:
        register(
            Case(
                f"successor/{players}p",
                f"added per successor, {players}p",
                "bytes",
                _successor_bytes(players),
                False,
                players,
                TARGET_SUCCESSOR if players == 4 else None,
                memory=True,
                note="tracemalloc growth / successors kept; the keeping list's own pointers are subtracted"
                if players == 4
                else "",
            )
        )
    register(
        Case(
            "view/4p",
            "view() of the seat to move, 4p",
            "µs",
            _view_micros,
            False,
            4,
            requires=("eighthalf.games.eighthalf.views",),
        )
    )
    register(
        Case(
            "json/state/4p",
            "JSON round trip of a state, 4p",
            "µs",
            _json_round_trip_micros(False),
            False,
            4,
            requires=("eighthalf.serialization",),
        )
    )
    register(
        Case(
            "json/view/4p",
            "JSON round trip of a view, 4p",
            "µs",
            _json_round_trip_micros(True),
            False,
            4,
            requires=("eighthalf.serialization", "eighthalf.games.eighthalf.views"),
        )
    )
    for bot_class, short in (("SearchBot", "search"), ("ISMCTSBot", "ismcts")):
        register(
            Case(
                f"bots/{short}/4p",
                f"{bot_class} decisions (default budget), 4p",
                "decisions/s",
                _decisions_per_second(bot_class),
                True,
                4,
                requires=("eighthalf.bots", "eighthalf.games.eighthalf.views"),
            )
        )


_register_all()
