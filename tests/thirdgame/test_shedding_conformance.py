"""The conformance suite of eighthalf, run as the author of Shedding runs it from the game's own tests.

Shedding is a distribution of its own (``tests/thirdgame``); the docs page "Add a game"
shows this file whole. One test per check, so that a failure names its check.
"""

from __future__ import annotations

import pytest

from eighthalf.testing import CHECKS, Case, check_game

CASE = Case(entry="shedding", games=3)
"""Shedding as the checks play it: three seeded games, of 2, 3 and 4 players."""


@pytest.mark.parametrize("name", CHECKS)
def test_shedding_passes_the_check(name: str) -> None:
    check_game(CASE, only=name)
