"""The examples run, and say what they should."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_write_a_bot_plays_only_legal_moves_from_its_view() -> None:
    example = load("write_a_bot")
    from eighthalf.bots import GreedyBot

    points = example.play_round([example.BigGroupBot(), GreedyBot(), GreedyBot(), GreedyBot()], seed=3)
    assert sum(points) in (3, 4, 5, 6)  # 2 for the winner, 1 for each lowest count (E6)
    means = example.main(rounds=8)
    assert set(means) == {"big-group", "greedy"}
    assert means["big-group"] * 8 + means["greedy"] * 24 >= 8 * 3


def test_big_group_bot_sheds_its_biggest_group() -> None:
    import random

    from eighthalf import Rank, position, rest_of_deck, view
    from eighthalf import Seat as S

    example = load("write_a_bot")
    hand = (Rank.THREE, Rank.THREE, Rank.SEVEN)
    other = (Rank.ONE, Rank.TWO, Rank.FOUR)
    rest = rest_of_deck(hand, other)
    state = position(
        [
            S(hand=hand, bank=(), open=(), blind=(), on_table=True),
            S(hand=other, bank=(), open=rest[:3], blind=rest[3:6], collected=rest[6:]),
        ],
        to_move=0,
    )
    assert str(example.BigGroupBot().choose(view(state, 0), random.Random(1))) == "33"


def test_replay_a_record_round_trips_and_undoes() -> None:
    lines = load("replay_a_record").main()
    assert lines[0] == '[Game "8½"]'
    assert lines[1].startswith("65 moves, result 1: ")
    assert lines[-1].startswith("undo the last move: back to move 64")


@pytest.mark.parametrize("name", ["write_a_bot", "replay_a_record"])
def test_examples_run_as_scripts(name: str) -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / f"{name}.py")], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_pettingzoo_loop_plays_whole_rounds() -> None:
    pytest.importorskip("pettingzoo")
    results = load("pettingzoo_random").main(rounds=3)
    assert len(results) == 3
    for rewards in results:
        assert set(rewards) == {f"player_{seat}" for seat in range(4)}
        assert sum(rewards.values()) in (0.0, 3.0, 4.0, 5.0, 6.0)  # E6, or E7's 0


def test_q_learning_beats_a_random_player_after_a_short_self_play_run() -> None:
    pytest.importorskip("pettingzoo")
    example = load("q_learning")
    learned, baseline = example.main(train_rounds=300, eval_rounds=200, seed=1)
    assert learned > baseline  # seeded: the same rounds every run, for both players


def test_q_learning_features_read_the_action() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from eighthalf import Rank, parse_move, position, rest_of_deck, view
    from eighthalf import Seat as S
    from eighthalf.envs import encode_view, move_to_action

    example = load("q_learning")
    # Call 6½ left by seat 3 (P8): seat 0's two 7s catch; its ½ makes 7 and catches nobody.
    mine, pile = (Rank.SEVEN, Rank.SEVEN, Rank.HALF), [(Rank.SIX, 2), (Rank.HALF, 3)]
    rest = rest_of_deck(mine, [rank for rank, _ in pile])
    state = position(
        [
            S(hand=mine, bank=(), open=(), blind=(), on_table=True),
            S(hand=rest[:1], bank=(), open=(), blind=(), collected=rest[3:], on_table=True),
            S(hand=rest[1:2], bank=(), open=(), blind=(), on_table=True),
            S(hand=rest[2:3], bank=(), open=(), blind=(), on_table=True),
        ],
        pile=pile,
        to_move=0,
    )
    observation = encode_view(view(state, 0))
    catch = example.features(observation, move_to_action(parse_move("77")))
    assert catch[1] == 1.0 and catch[2] == 0.0 and catch[3] == 2 / 3 and catch[4] == 7 / 9
    half = example.features(observation, move_to_action(parse_move("H")))
    assert half[1] == 0.0 and half[6] == 1.0
    assert np.array_equal(example.features(observation, 88)[[0, 9]], [1.0, 1.0])


@pytest.mark.parametrize("name", ["pettingzoo_random"])
def test_ai_examples_run_as_scripts(name: str) -> None:
    pytest.importorskip("pettingzoo")
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / f"{name}.py")], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "points" in result.stdout
