"""The readable text of a state, and the papercuts of issue 18, item 15.

``str(state)`` is a few readable lines for both games (``repr`` stays exact); the table
text lives in the core (:mod:`eighthalf.games.eighthalf.text`) and needs no optional extra, with
``eighthalf.envs.text`` as its former name; ``apply`` given text points to
``parse_move``; ``render()`` without a render mode returns ``None``.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

import eighthalf
from eighthalf import NotAMoveError, apply, legal_moves, new_game, view
from eighthalf.games import eights as W
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.text import state_text, table_text
from eighthalf.games.eights.text import state_text as eights_state_text


def _states(players: int, seed: int) -> list[GameState]:
    """Every state of a random round, from the deal to the end."""
    state, rng = new_game(players, seed=seed), random.Random(seed)
    states = [state]
    while state.outcome is None:
        state = apply(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


def _eights_states(players: int, seed: int) -> list[W.GameState]:
    """Every state of a random game of Eights (to a low target, so that it ends soon)."""
    state, rng = W.new_game(players, seed=seed, rules=W.Rules(target=10)), random.Random(seed)
    states = [state]
    while state.outcome is None:
        state = W.apply(state, rng.choice(W.legal_moves(state)))
        states.append(state)
    return states


def test_str_of_a_state_is_its_text_and_repr_is_unchanged() -> None:
    state = new_game(2, seed=3)
    assert (
        str(state)
        == state_text(state)
        == (
            "move 0, seat 1 to move, call 0, pile (empty)\n"
            "seat 0: hand 3 [7 Ghost Ghost], bank 27, open [4 1 3], blind 3, collected 0\n"
            "seat 1: hand 3 [0 2 7], bank 27, open [½ Ghost 6], blind 3, collected 0"
        )
    )
    assert f"{state}" == str(state)
    assert repr(state).startswith("GameState(rules=Rules(") and "\n" not in repr(state)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_i1_i2_the_state_text_is_every_seats_table_text_with_every_hand(players: int, seed: int) -> None:
    """A seat's table text is the state's text with the other hands hidden (I1, I2)."""
    for state in _states(players, seed):
        text = str(state).splitlines()
        assert len(text) == players + 1
        for seat in range(players):
            seen = table_text(view(state, seat)).splitlines()
            assert seen[0] == text[0] and seen[1 + seat] == text[1 + seat]
            for other in range(players):
                if other != seat:
                    hidden = text[1 + other]
                    at = hidden.index(" [")
                    assert seen[1 + other] == hidden[:at] + hidden[hidden.index("]", at) + 1 :]
        if state.outcome is not None:
            assert text[0].startswith(f"move {state.move_number}, round over: winner {state.winner}")


def test_the_text_needs_no_optional_extra() -> None:
    """``eighthalf.games.eighthalf.text`` and ``str(state)`` work without numpy (the ``rl`` extra)."""
    code = textwrap.dedent(
        """
        import sys
        sys.modules["numpy"] = None  # importing numpy now fails
        import eighthalf, eighthalf.games.eighthalf.text
        from eighthalf.games import eights
        print(eighthalf.new_game(2, seed=3))
        print(eights.new_game(2, seed=3))
        assert "numpy" not in [name for name, module in sys.modules.items() if module is not None]
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("move 0, seat 1 to move") and "table 1o 2i" in done.stdout


def test_envs_text_is_the_core_table_text() -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from eighthalf.envs import text

    assert text.table_text is table_text
    assert text.__all__ == ["table_text"]


def test_eights_str_of_a_state_is_readable_and_repr_is_unchanged() -> None:
    state = W.new_game(2, seed=3)
    assert (
        str(state)
        == eights_state_text(state)
        == (
            "hand 1, turn 1, seat 0 to move, passes 0, target 50\n"
            "table 1o 2i 3n 4e 5e 6s 7u 8i, stack 40\n"
            "seat 0: total 0, this hand 0, hand 8 [1v 4w 5f 5r 6t 6u 7e 8o], words (none)\n"
            "seat 1: total 0, this hand 0, hand 8 [1e 3g 3i 3t 4h 5t 6e 6h], words (none)"
        )
    )
    assert repr(state).startswith("GameState(rules=Rules(") and "\n" not in repr(state)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_eights_state_text_names_every_card_in_a_hand_table_or_pile(players: int, seed: int) -> None:
    """Each line holds what the state holds: the hands, the table, the words (WS3, WT5, WG3)."""
    for state in _eights_states(players, seed):
        lines = str(state).splitlines()
        hand = state.hand
        assert len(lines) == players + 2
        assert lines[1] == f"table {' '.join(map(str, hand.table))}, stack {len(hand.stack)}"
        for seat, cards in enumerate(hand.hands):
            line = lines[2 + seat]
            assert f"total {state.totals[seat]}," in line and f"hand {len(cards)} [" in line
            assert all(str(card) in line for card in cards)
            assert all(str(spell) in line for spell in hand.piles[seat])
        if state.outcome is None:
            assert lines[0].startswith(f"hand {hand.number + 1}, turn {hand.turns + 1}, seat {hand.to_move} to move")
        else:
            assert lines[0].startswith(f"hand {hand.number + 1}, game over: winner")
            assert "last hand" in lines[2]
        assert "seed" not in str(state)  # the seed stays out of the text (WS5, WI4)


@given(st.text(max_size=3000))
def test_t3_apply_refuses_text_and_points_to_parse_move(text: str) -> None:
    """Text is not a move: both games say to read it with their parse_move, in a short message."""
    with pytest.raises(NotAMoveError, match=r"is not a move of 8½ but text: read it with parse_move first$") as refused:
        apply(new_game(2, seed=1), text)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 300
    with pytest.raises(
        NotAMoveError, match=r"is not a move of Eights but text: read it with eighthalf\.eights\.parse_move first$"
    ) as told:
        W.apply(W.new_game(2, seed=1), text)  # type: ignore[arg-type]
    assert len(str(told.value)) < 300


def test_a_non_move_that_is_not_text_is_one_error_in_both_games() -> None:
    with pytest.raises(NotAMoveError, match=r"^4 is not a move of 8½ but an int: read it with parse_move first$"):
        apply(new_game(2, seed=1), 4)  # type: ignore[arg-type]
    with pytest.raises(NotAMoveError, match=r"^b'pass' is not a move of Eights but a bytes: read it with"):
        W.apply(W.new_game(2, seed=1), b"pass")  # type: ignore[arg-type]
    assert eighthalf.parse_move("4") in legal_moves(new_game(4, seed=7))


def test_render_without_a_render_mode_returns_none() -> None:
    """As Gymnasium's and PettingZoo's own games: no render mode, nothing drawn, a warning."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from eighthalf.envs import SeatEnv, raw_env

    seat_env = SeatEnv(3)
    seat_env.reset(seed=4)
    aec = raw_env(3)
    aec.reset(seed=4)
    for table in (seat_env, aec):
        with pytest.warns(UserWarning, match="without specifying any render mode"):
            assert table.render() is None
    shown = SeatEnv(3, render_mode="ansi")
    shown.reset(seed=4)
    assert shown.render() == table_text(view(shown.state, 0))
    spectator = raw_env(3, render_mode="ansi")
    spectator.reset(seed=4)
    assert spectator.render() == table_text(view(spectator.state_, None))
