"""Benchmark rows for Eights (issue 8, item 7), to be wired into ``python -m benchmarks``.

Each ``*_case`` function returns an unregistered :class:`~benchmarks.cases.Case` whose
``measure(settings)`` does one repeat and returns one sample, like the 8½ cases:

- ``eights/legal_moves/2p`` and ``/4p``: µs per :func:`eighthalf.eights.legal_moves` call on
  the opening positions of ``settings.rounds`` seeded games (the memo of passes cleared
  first, so every call works the moves out);
- ``eights/random_steps/4p``: random-play steps per second at 4 players (deals made
  outside the timed loop, moves by :func:`~eighthalf.eights.apply_unchecked`, the memo
  of passes cleared first, since every repeat replays the same games);
- ``eights/random_games/4p``: whole random games per second at 4 players, deal included;
- ``reference/units``: a small fixed pure-Python workload (:func:`reference_unit`), timed
  in the same run, so that a result can be stated as a ratio to it (:func:`ratio`): the
  same machine type runs up to three times slower on some days, and a ratio does not move
  with it.

:data:`STEP_RATIO_TARGET` states issue 8's aim, 20,000 random-play steps/s at 4 players, as
a ratio to the reference: the reference ran at 2,430 units/s on the machine where the
aim was set (so 20,000 steps/s is 8.2 steps per unit).

Run alone with ``python -m benchmarks.eights [--quick]``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from eighthalf.eights import GameState, Rules, apply_unchecked, legal_moves, new_game
from eighthalf.eights import engine as eights_engine

from .cases import Case, Settings, format_number

__all__ = [
    "REFERENCE_CASE",
    "STEP_RATIO_TARGET",
    "cases",
    "games_per_second",
    "legal_moves_micros",
    "main",
    "ratio",
    "reference_unit",
    "reference_units_per_second",
    "steps_per_second",
]

SEED = 20261123
"""The seed of the :class:`random.Random` that chooses the moves."""
RULES = Rules()
"""Eights games end by themselves (WH1, WG3); no turn limit is needed."""
STEP_RATIO_TARGET = 8.2
"""Issue 8's aim for random-play steps at 4 players, per reference unit (≥ 20,000 steps/s
where the reference ran at 2,430 units/s)."""


def reference_unit() -> int:
    """One unit of the reference workload: dict, tuple and list work of the kind the
    engines do, with no library code at all."""
    counts: dict[int, int] = {}
    total = 0
    for i in range(2000):
        key = (i * 7919) % 61
        counts[key] = counts.get(key, 0) + 1
        pair = (key, i)
        items = [pair, (i, key)]
        items.sort()
        total += items[0][0]
    return total + len(counts)


def reference_units_per_second(settings: Settings) -> float:
    """Reference units per second (a sample of the reference row)."""
    clock = settings.clock
    count = max(settings.rounds, 50)
    begin = clock()
    for _ in range(count):
        reference_unit()
    return count / (clock() - begin)


def _openings(players: int, count: int) -> list[GameState]:
    return [new_game(players, seed=seed, rules=RULES) for seed in range(count)]


def legal_moves_micros(players: int) -> Callable[[Settings], float]:
    """µs per ``legal_moves`` call on opening positions with ``players`` seats."""

    def measure(settings: Settings) -> float:
        starts = _openings(players, settings.rounds)
        eights_engine._PASS_MEMO.clear()
        clock = settings.clock
        moves = legal_moves
        begin = clock()
        for state in starts:
            moves(state)
        return (clock() - begin) / len(starts) * 1e6

    return measure


def steps_per_second(players: int) -> Callable[[Settings], float]:
    """Random-play steps (``legal_moves`` + a random choice + ``apply_unchecked``) per second."""

    def measure(settings: Settings) -> float:
        starts = _openings(players, max(settings.rounds // 4, 10))
        eights_engine._PASS_MEMO.clear()  # a replay of the same games would find every pass list memoised
        choice = random.Random(SEED).choice
        moves = legal_moves
        step = apply_unchecked
        clock = settings.clock
        steps = 0
        begin = clock()
        for state in starts:
            while state.outcome is None:
                state = step(state, choice(moves(state)))
                steps += 1
        return steps / (clock() - begin)

    return measure


def games_per_second(players: int) -> Callable[[Settings], float]:
    """Whole random games (deal, every hand, to the target) per second."""

    def measure(settings: Settings) -> float:
        count = max(settings.rounds // 4, 10)
        eights_engine._PASS_MEMO.clear()
        choice = random.Random(SEED).choice
        moves = legal_moves
        step = apply_unchecked
        clock = settings.clock
        begin = clock()
        for seed in range(count):
            state = new_game(players, seed=seed, rules=RULES)
            while state.outcome is None:
                state = step(state, choice(moves(state)))
        return count / (clock() - begin)

    return measure


REFERENCE_CASE = Case(
    name="reference/units",
    title="reference workload (units/s)",
    unit="units/s",
    measure=reference_units_per_second,
    higher_is_better=True,
    note="A fixed pure-Python workload timed in the same run; targets are stated as ratios to it.",
)
"""The reference row."""


def cases() -> list[Case]:
    """The Eights rows, unregistered, in table order (the reference row first)."""
    return [
        REFERENCE_CASE,
        Case("eights/legal_moves/2p", "Eights legal_moves, opening (2 players)", "µs", legal_moves_micros(2), False, 2),
        Case("eights/legal_moves/4p", "Eights legal_moves, opening (4 players)", "µs", legal_moves_micros(4), False, 4),
        Case(
            "eights/random_steps/4p",
            "Eights random play (4 players)",
            "steps/s",
            steps_per_second(4),
            True,
            4,
            note=f"Aim: {STEP_RATIO_TARGET} steps per reference unit (20,000 steps/s where the reference ran at 2,430 units/s).",
        ),
        Case(
            "eights/random_games/4p", "Eights whole random games (4 players)", "games/s", games_per_second(4), True, 4
        ),
    ]


def ratio(value: float, reference: float) -> float:
    """``value`` per reference unit: a rate divided by the reference rate."""
    return value / reference


def main(argv: list[str] | None = None) -> int:
    """Run the Eights rows with the reference and print each median, with the step rate as a ratio."""
    from .cases import Result, run_case

    args = sys.argv[1:] if argv is None else argv
    settings = Settings.quick() if "--quick" in args else Settings()
    results: dict[str, float] = {}
    for case in cases():
        outcome = run_case(case, settings)
        if not isinstance(outcome, Result):
            print(f"{case.title}: skipped ({outcome.note})")
            continue
        results[case.name] = outcome.median
        print(f"{case.title:45} {format_number(outcome.median):>12} {case.unit}")
    reference = results.get(REFERENCE_CASE.name)
    steps = results.get("eights/random_steps/4p")
    if reference and steps:
        measured = ratio(steps, reference)
        verdict = "meets" if measured >= STEP_RATIO_TARGET else "misses"
        print(f"random steps per reference unit: {measured:.2f} ({verdict} the aim of {STEP_RATIO_TARGET})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
