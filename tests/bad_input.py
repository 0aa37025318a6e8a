"""What the bad-input property tests of both games and the environments share: the entry
points as :class:`Entry` values, the check :func:`refused`, and the junk strategies (huge
integers, deep nesting, values of the wrong type)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import strategies as st

from eighthalf.errors import EighthalfError

MESSAGE_LIMIT = 300
"""The longest message any bad input may give."""


def never(value: object) -> bool:
    """No junk value is taken."""
    return False


def is_none(value: object) -> bool:
    """``None`` is taken (an optional argument)."""
    return value is None


def is_bool(value: object) -> bool:
    """A bool is taken (a flag)."""
    return type(value) is bool


@dataclass(frozen=True)
class Entry:
    """One argument of one public function, and the error it documents for bad values."""

    name: str
    """What is called, for the failure message."""
    call: Callable[[Any], object]
    """Calls the function with the value in that argument."""
    error: type[Exception] = EighthalfError
    """The error it raises for a value it does not take."""
    takes: Callable[[object], bool] = never
    """The values of the junk strategies that the argument does take (``None`` for an
    optional argument, a bool for a flag)."""


def refused(entry: Entry, value: object, error: type[Exception] | None = None) -> None:
    """``entry`` refuses ``value`` with its error (or ``error``) in a short message,
    unless it is a value the argument takes."""
    wanted = error or entry.error
    try:
        entry.call(value)
    except wanted as caught:
        message = str(caught)
        assert len(message) <= MESSAGE_LIMIT, f"{entry.name}: a message of {len(message):,} characters"
        return
    except BaseException as caught:
        pytest.fail(f"{entry.name}: expected {wanted.__name__}, got {type(caught).__name__}: {str(caught)[:200]}")
    assert entry.takes(value), f"{entry.name}: accepted {type(value).__name__}"


def nested(depth: int, kind: str = "list") -> Any:
    """A list (or tuple, or dict) nested ``depth`` deep, built without recursion."""
    value: Any = []
    for _ in range(depth):
        value = [value] if kind == "list" else (value,) if kind == "tuple" else {"a": value}
    return value


def long_text(*pieces: str) -> st.SearchStrategy[str]:
    """Texts of 400 to 200,000 repetitions of a short piece (``pieces`` or any)."""
    return st.builds(
        lambda piece, times: piece * times,
        st.text(min_size=1, max_size=8) | st.sampled_from(pieces),
        st.integers(min_value=400, max_value=200_000),
    )


HUGE = st.builds(
    lambda digits, negative: (-1 if negative else 1) * (10**digits - 7),
    st.integers(min_value=58, max_value=6_000),
    st.booleans(),
)
"""Integers of 58 to 6,000 digits, either sign (past CPython's 4,300-digit limit on ``str``)."""

DEPTHS = st.integers(min_value=1_000, max_value=30_000)
"""How deep the nested junk goes."""
KINDS = st.sampled_from(["list", "tuple", "dict"])
"""What it is nested of."""


def wrong_types(*more: object) -> st.SearchStrategy[object]:
    """Values of types no entry point takes as a number or a text, and ``more`` of the area's own."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.floats(allow_nan=True),
        st.complex_numbers(),
        st.binary(max_size=10),
        st.decimals(allow_nan=False),
        st.fractions(),
        st.builds(object),
        st.sets(st.integers(), min_size=1, max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), min_size=1, max_size=3),
        st.lists(st.none() | st.floats() | st.builds(object), min_size=1, max_size=3),
        st.sampled_from([Decimal(1), Fraction(1, 2), 1j, range(3), random.Random(1), *more]),
    )
