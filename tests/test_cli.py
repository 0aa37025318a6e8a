"""The command line: ``python -m eighthalf demo``."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from eighthalf import new_game
from eighthalf.bots import GreedyBot, RandomBot
from eighthalf.cli import NAMES, main, run_demo

ENDING = re.compile(r"(\w+) wins the round\. Points: |the round ends without a winner\.$")


def _demo(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["demo", *argv]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out.splitlines()


def test_the_demo_narrates_a_round(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _demo(capsys, "--players", "4", "--seed", "7")
    assert lines[0] == "8½ demo: 4 players, seed 7"
    state = new_game(4, seed=7)
    for seat in range(4):
        hand = " ".join(rank.label for rank in state.seats[seat].hand)
        assert lines[1 + seat].startswith(f"  seat {seat}: {NAMES[seat]} (")
        assert lines[1 + seat].endswith(f"hand {hand}")
    moves = lines[5:]
    assert moves
    for number, line in enumerate(moves, 1):
        assert re.match(rf"\s*{number}\. \[call\s+\S+\] (Anna|Ben|Cleo|Dan): \S+  ", line), line
    assert ENDING.search(lines[-1])
    assert sum(bool(ENDING.search(line)) for line in lines) == 1
    # The opener (S5) plays first: seat 2, Cleo, with the 4.
    assert moves[0].startswith("   1. [call   0] Cleo: 4  Cleo plays 4: the call is 4.")


def test_the_demo_shows_no_drawn_card(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _demo(capsys, "--players", "3", "--seed", "11")
    text = "\n".join(lines)
    assert re.search(r"draws \d+ cards?\.", text)
    assert not re.search(r"draws \d+ cards? \(", text)


def test_the_demo_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    first = _demo(capsys, "--players", "4", "--seed", "7")
    second = _demo(capsys, "--players", "4", "--seed", "7")
    other = _demo(capsys, "--players", "4", "--seed", "8")
    assert first == second
    assert first != other


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_demo_with_other_tables_and_bots(capsys: pytest.CaptureFixture[str], players: int) -> None:
    lines = _demo(capsys, "--players", str(players), "--seed", "3", "--bots", "random")
    assert lines[0] == f"8½ demo: {players} players, seed 3"
    assert all(f"({'random'})" in lines[1 + seat] for seat in range(players))
    assert ENDING.search(lines[-1])


def test_the_bots_are_repeated_to_fill_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _demo(capsys, "--players", "5", "--seed", "2", "--bots", "greedy, random,random")
    kinds = [re.search(r"\((\w+)\)", line).group(1) for line in lines[1:6]]  # type: ignore[union-attr]
    assert kinds == ["greedy", "random", "random", "greedy", "random"]


def test_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert _demo(capsys) == _demo(capsys, "--players", "4", "--seed", "7", "--bots", "greedy,random")


def test_run_demo_returns_the_winner() -> None:
    lines: list[str] = []
    winner = run_demo(3, 5, [GreedyBot(), RandomBot(), GreedyBot()], write=lines.append)
    found = ENDING.search(lines[-1])
    assert found is not None
    if winner == -1:
        assert found.group(1) is None
    else:
        assert found.group(1) == NAMES[winner]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--players", "9"], "--players must be from 2 to 5"),
        (["demo", "--players", "1"], "--players must be from 2 to 5"),
        (["demo", "--players", "four"], "invalid int value"),
        (["demo", "--seed", "x"], "invalid int value"),
        (["demo", "--bots", "nope"], "unknown bot nope"),
        (["demo", "--bots", "greedy,nope"], "unknown bot nope"),
        (["demo", "--bots", ","], "(none given)"),
        (["nosuchcommand"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_arguments_exit_with_2_and_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.startswith("usage: python -m eighthalf")


def test_python_dash_m_eighthalf_runs_the_demo() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-m", "eighthalf", "demo", "--players", "2", "--seed", "1"],
        capture_output=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "8½ demo: 2 players, seed 1"
    assert ENDING.search(lines[-1])


def test_python_dash_m_eighthalf_refuses_bad_arguments() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "eighthalf", "demo", "--players", "9"],
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "--players must be from 2 to 5" in done.stderr
