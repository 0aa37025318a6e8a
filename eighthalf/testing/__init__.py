"""Helpers for testing front-ends, servers and games built on eighthalf.

Two families, each for any game of the game protocol (:class:`~eighthalf.core.game.Game`):

- **The leak checks** (I1–I4, WI1–WI4): nothing a seat receives reveals what it must not
  see. :func:`hidden_variants` makes states that a seat cannot tell apart,
  :func:`assert_no_leaks` runs your rendering function over them and
  :func:`assert_events_hide` checks what a seat is told of a move. By default they take
  the registry's first game, 8½'s round.
- **The conformance suite**: :func:`check_game` runs every check that the library's own
  games pass (:data:`CHECKS`) on a registered game, yours too, and raises one
  :class:`ConformanceError` naming what failed. A :class:`Case` tunes how the checks
  play the game.

>>> import random
>>> from eighthalf import new_game
>>> from eighthalf.games.eighthalf.views import view
>>> state = new_game(4, seed=7)
>>> assert_no_leaks(state, 0, lambda s, seat: repr(view(s, seat)), rng=random.Random(1))
>>> check_game("eights", only="move_text")
{}
"""

from __future__ import annotations

from eighthalf.testing.cases import Case, ConformanceError, Play
from eighthalf.testing.conformance import CHECKS, Check, check_game, check_state
from eighthalf.testing.leaks import LeakError, assert_events_hide, assert_no_leaks, hidden_variants

__all__ = [
    "CHECKS",
    "Case",
    "Check",
    "ConformanceError",
    "LeakError",
    "Play",
    "assert_events_hide",
    "assert_no_leaks",
    "check_game",
    "check_state",
    "hidden_variants",
]

for _public in (LeakError, assert_events_hide, assert_no_leaks, hidden_variants):
    _public.__module__ = __name__  # the public name, as before the leak checks moved to their module
