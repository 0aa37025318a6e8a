"""Helpers for testing front-ends and servers built on eighthalf.

The key check is that nothing a seat receives reveals what it must not see (I1–I4):
whatever your server sends to a seat must be the same for any two states that differ
only in cards that seat cannot see. :func:`hidden_variants` makes such states and
:func:`assert_no_leaks` runs your rendering function over them.

>>> import random
>>> from eighthalf import new_game
>>> from eighthalf.views import view
>>> state = new_game(4, seed=7)
>>> assert_no_leaks(state, 0, lambda s, seat: repr(view(s, seat)), rng=random.Random(1))
>>> assert_no_leaks(state, 0, lambda s, seat: repr(s.seats[1].hand), rng=random.Random(1))
Traceback (most recent call last):
...
eighthalf.testing.LeakError: what seat 0 receives depends on cards it cannot see: ...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from .errors import InvalidStateError, quote
from .state import GameState
from .views import PlayerView, sample_state, view

__all__ = ["LeakError", "assert_no_leaks", "hidden_variants"]


class LeakError(AssertionError):
    """What a seat receives depends on cards it cannot see."""


def hidden_variants(state: GameState, seat: int | None, rng: random.Random, count: int = 8) -> Iterator[GameState]:
    """Yield ``count`` states that ``seat`` cannot tell from ``state``.

    Each deals the cards ``seat`` cannot see (other hands, banks, blind cards — its own
    bank and blind cards too) at random into the same hidden places, so
    ``view(variant, seat) == view(state, seat)``.

    Raises:
        InvalidStateError: If an argument is of the wrong type (``count`` must be an
            int of at least 0), or as :func:`~eighthalf.view`.
        IndexError: If ``seat`` is not a seat of the round.
    """
    if type(count) is not int or count < 0:
        raise InvalidStateError(f"count must be an int of at least 0, not {quote(count)}")
    if not isinstance(rng, random.Random):
        raise InvalidStateError(f"rng must be a random.Random, not {quote(rng)}")
    return _variants(view(state, seat), rng, count)


def _variants(seen: PlayerView, rng: random.Random, count: int) -> Iterator[GameState]:
    for _ in range(count):
        yield sample_state(seen, rng)


def assert_no_leaks(
    state: GameState,
    seat: int | None,
    render: Callable[[GameState, int | None], object],
    *,
    rng: random.Random,
    variants: int = 8,
) -> None:
    """Check that ``render(state, seat)`` depends only on what ``seat`` may see.

    ``render`` is whatever your front-end or server produces for ``seat`` from a full
    state (a JSON document, a page, a message). It is called on ``state`` and on
    ``variants`` states that differ only in cards ``seat`` cannot see; all results must
    be equal.

    Raises:
        LeakError: If a result differs, with both results in the message.
        InvalidStateError: If an argument is of the wrong type (``render`` not
            callable, ``variants`` not an int of at least 0 …).
        IndexError: If ``seat`` is not a seat of the round.
    """
    if not callable(render):
        raise InvalidStateError(f"render must be callable, not {quote(render)}")
    variants_of = hidden_variants(state, seat, rng, variants)
    expected = render(state, seat)
    for variant in variants_of:
        got = render(variant, seat)
        if got != expected:
            raise LeakError(
                f"what seat {seat} receives depends on cards it cannot see: "
                f"{quote(expected, 200)} for the real state, {quote(got, 200)} for a state it cannot tell apart"
            )
