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
