"""The Eights rows of the benchmark suite (issue 8, item 7), registered by :func:`register_eights`:

- ``eights/legal_moves/2p`` and ``/4p``: µs per :func:`eighthalf.eights.legal_moves` call on
  the opening positions of ``settings.rounds`` seeded games;
- ``eights/random_steps/4p``: random-play steps per second at 4 players (deals made
  outside the timed loop, moves by :func:`~eighthalf.eights.apply_unchecked`), with issue
  8's aim of 20,000 steps/s stated against the suite's reference row
  (:data:`EIGHTS_STEPS_TARGET`);
- ``eights/random_games/4p``: whole random games per second at 4 players, deal included;
- ``eights/checked_steps/2p`` and ``/4p``: random-play steps per second through the
  checked :func:`~eighthalf.eights.apply` (issue 28: the compiled build at least twice the
  pure one);
- ``eights/env/4p`` and ``eights/batch/4p``: random masked agent steps per second of
  Eights' PettingZoo environment and of an ``EightsBatch`` of 16 tables, measured as
  ``python -m benchmarks.envs`` does (skipped without the ``envs`` extra).

Every measurement starts with the engine's memos cleared (the sets of table cards that
can give a word's letters, by the letters on the table), since every repeat replays the
same games and would otherwise find them all made.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from eighthalf.eights import GameState, Move, Rules, apply, apply_unchecked, legal_moves, new_game
from eighthalf.games.eights.engine import _clear_memos

from .cases import Case, Settings, Target, optional_module, register

__all__ = [
    "EIGHTS_STEPS_TARGET",
    "batch_steps_per_second",
    "cases",
    "env_steps_per_second",
    "games_per_second",
    "legal_moves_micros",
    "register_eights",
    "steps_per_second",
]

SEED = 20261123
"""The seed of the :class:`random.Random` that chooses the moves."""
RULES = Rules()
"""Eights games end by themselves (WH1, WG3); no turn limit is needed."""


def _openings(players: int, count: int) -> list[GameState]:
    return [new_game(players, seed=seed, rules=RULES) for seed in range(count)]


def legal_moves_micros(players: int) -> Callable[[Settings], float]:
    """µs per ``legal_moves`` call on opening positions with ``players`` seats."""

    def measure(settings: Settings) -> float:
        starts = _openings(players, settings.rounds)
        _clear_memos()
        clock = settings.clock
        moves = legal_moves
        begin = clock()
        for state in starts:
            moves(state)
        return (clock() - begin) / len(starts) * 1e6

    return measure


def steps_per_second(
    players: int, step: Callable[[GameState, Move], GameState] = apply_unchecked
) -> Callable[[Settings], float]:
    """Random-play steps (``legal_moves`` + a random choice + ``step``, by default
    ``apply_unchecked``) per second."""

    def measure(settings: Settings) -> float:
        starts = _openings(players, max(settings.rounds // 4, 10))
        _clear_memos()
        choice = random.Random(SEED).choice
        moves = legal_moves
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
        _clear_memos()
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


def env_steps_per_second(players: int) -> Callable[[Settings], float]:
    """Random masked agent steps per second of Eights' PettingZoo environment (AEC)."""

    def measure(settings: Settings) -> float:
        envs = optional_module("benchmarks.envs")
        make = optional_module("eighthalf.envs.eights").env
        return float(envs.aec_steps_per_second(lambda: make(players), max(settings.rounds // 60, 2)))

    return measure


def batch_steps_per_second(players: int) -> Callable[[Settings], float]:
    """Random masked agent steps per second (all tables) of an ``EightsBatch`` of 16 tables."""

    def measure(settings: Settings) -> float:
        envs = optional_module("benchmarks.envs")
        batch = optional_module("eighthalf.envs.batch").EightsBatch
        return float(envs.batch_steps_per_second(lambda: batch(16, players), max(settings.rounds // 10, 6)))

    return measure


def cases() -> list[Case]:
    """The Eights rows, unregistered, in table order."""
    return [
        Case("eights/legal_moves/2p", "Eights legal_moves, opening (2 players)", "µs", legal_moves_micros(2), False, 2),
        Case("eights/legal_moves/4p", "Eights legal_moves, opening (4 players)", "µs", legal_moves_micros(4), False, 4),
        Case(
            "eights/random_steps/4p",
            "Eights random play (4 players)",
            "steps/s",
            steps_per_second(4),
            True,
            4,
        ),
        Case(
            "eights/random_games/4p", "Eights whole random games (4 players)", "games/s", games_per_second(4), True, 4
        ),
        *[
            Case(
                f"eights/checked_steps/{players}p",
                f"Eights random play, checked apply ({players} players)",
                "steps/s",
                steps_per_second(players, apply),
                True,
                players,
            )
            for players in (2, 4)
        ],
        Case("eights/env/4p", "Eights PettingZoo env steps (4 players)", "steps/s", env_steps_per_second(4), True, 4),
        Case(
            "eights/batch/4p", "EightsBatch steps, 16 tables (4 players)", "steps/s", batch_steps_per_second(4), True, 4
        ),
    ]


EIGHTS_STEPS_TARGET = Target(">=", 3.3, relative=True)
"""The aim of issue 8, 20,000 random 4-player steps/s, against the suite's reference row
(which ran at about 6,000 kops/s on the development machine): 3.3 steps per reference kop."""


def register_eights() -> None:
    """Add the Eights rows to the suite's registry."""
    for case in cases():
        if case.name == "eights/random_steps/4p":
            case = dataclasses.replace(
                case, target=EIGHTS_STEPS_TARGET, note="the aim of 20,000 steps/s, against the suite's reference row"
            )
        register(case)
