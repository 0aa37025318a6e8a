"""How much memory the states of 8½ take: the memory cases of :mod:`benchmarks.cases`.

:func:`deep_size` counts what a state reaches (``sys.getsizeof`` over
:func:`gc.get_referents`); the others measure with :mod:`tracemalloc` what new games and
the states of random play allocate.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import tracemalloc
from collections.abc import Iterable
from types import ModuleType

from eighthalf import GameState, Rank, apply, legal_moves, new_game

__all__ = ["deep_size", "fresh_deep_size", "fresh_traced", "successor_bytes"]


_SMALL_INTS = range(-5, 257)  # cached by CPython: shared, never allocated by a state


def _shared_constants() -> set[int]:
    """Ids of the process-wide objects a state points to but does not own."""
    shared: list[object] = [None, True, False, (), *Rank]
    return {id(obj) for obj in shared}


def deep_size(root: object, exclude: Iterable[int] = ()) -> int:
    """The ``sys.getsizeof`` total of ``root`` and everything it reaches, each object once.

    Follows :func:`gc.get_referents`; classes, modules and functions are not counted,
    nor cached small ints, nor the objects whose ids are in ``exclude``.
    """
    seen = set(exclude)
    stack = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, type | ModuleType) or callable(obj):
            continue
        if type(obj) is int and obj in _SMALL_INTS:
            continue
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def fresh_deep_size(players: int, count: int) -> float:
    """The mean :func:`deep_size` of ``count`` new games of ``players`` (seeds 0, 1, …), in bytes,
    without the objects every state shares (the rules, ``None``, the ranks …)."""
    shared = _shared_constants()
    sizes = []
    for seed in range(count):
        state = new_game(players, seed=seed)
        sizes.append(deep_size(state, shared | {id(state.rules)}))  # the rules are shared by every state
    return statistics.fmean(sizes)


def fresh_traced(players: int, count: int) -> float:
    """The bytes :mod:`tracemalloc` sees allocated for each of ``count`` new games of ``players``, kept alive."""
    keep: list[GameState | None] = [None] * count  # allocated before tracing: no list growth
    new_game(players, seed=0)
    gc.collect()  # also empties the free lists, so every new object is a traced allocation
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for seed in range(count):
            keep[seed] = new_game(players, seed=seed)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return grown / count


def _play_keeping(starts: list[GameState], keep: list[GameState], seed: int) -> None:
    choice = random.Random(seed).choice
    for state in starts:
        while state.outcome is None:
            state = apply(state, choice(legal_moves(state)))
            keep.append(state)


def successor_bytes(starts: list[GameState], seed: int) -> float:
    """The bytes :mod:`tracemalloc` sees allocated for each state of random play (a
    :class:`random.Random` of ``seed``) from ``starts`` to the end of each round, every
    state kept; the same games are played once before, untraced, to fill the caches."""
    _play_keeping(starts, [], seed)  # the same games: fills the memo tables and interned hands
    keep: list[GameState] = []
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        list_before = sys.getsizeof(keep)
        _play_keeping(starts, keep, seed)
        grown = tracemalloc.get_traced_memory()[0] - before
        list_grown = sys.getsizeof(keep) - list_before  # the list's pointers, not the states
    finally:
        tracemalloc.stop()
    return (grown - list_grown) / len(keep)
