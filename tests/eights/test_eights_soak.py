"""Random games of Eights from start to end, checking every state on the way.

``test_quick_soak`` plays 40 games with every run; ``test_soak`` (marked ``soak``) plays
600 more, 2 to 6 players, some with a turn limit or free passing.
"""

from __future__ import annotations

import random

import pytest
from eights_strategies import MAX_MOVES, check_state

from eighthalf.eights import Rules, apply, apply_unchecked, legal_moves, new_game, view

_RULES = (Rules(), Rules(turn_limit=25), Rules(may_pass_freely=True, target=5), Rules(target=15))


def _soak(seed: int, games: int) -> int:
    """Play ``games`` random games; return the number of moves made."""
    rng = random.Random(seed)
    moves = 0
    for game in range(games):
        players = 2 + game % 5
        state = new_game(players, seed=rng.getrandbits(64), rules=_RULES[game % len(_RULES)])
        check_state(state)
        for _ in range(MAX_MOVES):
            if state.over:
                break
            move = rng.choice(legal_moves(state))
            after = apply(state, move)
            assert apply_unchecked(state, move) == after
            state = after
            check_state(state)
            seat = state.to_move
            assert view(state, seat).legal_moves() == legal_moves(state)
            moves += 1
        assert state.over, "random play ends every game"
    return moves


def test_quick_soak() -> None:
    assert _soak(seed=20_261_123, games=40) > 40


@pytest.mark.soak
def test_soak() -> None:
    assert _soak(seed=8, games=600) > 600
