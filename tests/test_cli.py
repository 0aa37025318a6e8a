"""The command line: ``python -m eighthalf demo``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import EighthalfError, __version__, new_game
from eighthalf.bots import GreedyBot, RandomBot
from eighthalf.cli import main
from eighthalf.games.eighthalf.demo import NAMES, run_demo

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
        (["demo", "--players", "four"], "argument --players: not a whole number: 'four'"),
        (["demo", "--players", "٤"], "argument --players: not a whole number: '٤'"),
        (["demo", "--seed", "x"], "argument --seed: not a whole number: 'x'"),
        (["demo", "--seed", "9" * 5000], "argument --seed: a number of at most 100 digits, not '999"),
        (["demo", "--bots", "nope"], "unknown bot 'nope'"),
        (["demo", "--bots", "greedy,nope"], "unknown bot 'nope'"),
        (["demo", "--bots", ","], "--bots: no bot given"),
        (["demo", "--players", "2", "--bots", "greedy,random,random"], "--bots: 3 bots for 2 seats; give at most 2"),
        (["demo", "--bots", "eighthalf.bots:NoSuchBot"], "has no attribute 'NoSuchBot'"),
        (["demo", "--move-limit", "-1"], "argument --move-limit: must be at least 0, not -1"),
        (["play", "--players", "7"], "--players must be from 2 to 5 (S2), not 7"),
        (["play", "--seat", "4"], "--seat must be a seat from 0 to 3, not 4"),
        (["simulate", "--workers", "0"], "argument --workers: must be at least 1, not 0"),
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
    assert captured.err.startswith("usage: eighthalf")
    assert "Traceback" not in captured.err
    assert len(captured.err.splitlines()[-1]) < 300


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


def test_a_custom_bot_by_module_and_attribute(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _demo(capsys, "--players", "3", "--seed", "2", "--bots", "eighthalf.bots:GreedyBot,random")
    kinds = [re.search(r"\((\w+)\)", line).group(1) for line in lines[1:4]]  # type: ignore[union-attr]
    assert kinds == ["greedy", "random", "greedy"]  # the bot's own name


# --- --version and the program's name (issue 11) ------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"eighthalf {__version__}\n"


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
        check=False,
    )


def _console_script() -> str:
    beside = Path(sys.executable).with_name("eighthalf")
    found = str(beside) if beside.exists() else shutil.which("eighthalf")
    if found is None:  # pragma: no cover - the package is installed with its console script
        pytest.fail("the eighthalf console script is not installed next to this Python")
    return found


def test_the_console_script_names_itself_eighthalf() -> None:
    script = _console_script()
    done = _run([script, "--version"])
    assert done.returncode == 0 and done.stdout == f"eighthalf {__version__}\n"
    done = _run([script, "--help"])
    assert done.returncode == 0 and done.stdout.startswith("usage: eighthalf [-h] [--version]")
    done = _run([script, "simulate", "--help"])
    assert done.stdout.startswith("usage: eighthalf simulate ")
    done = _run([script, "demo", "--players", "9"])
    assert done.returncode == 2 and done.stderr.splitlines()[-1] == (
        "eighthalf demo: error: --players must be from 2 to 5 (S2), not 9"
    )


def test_python_dash_m_eighthalf_version_and_help() -> None:
    done = _run([sys.executable, "-m", "eighthalf", "--version"])
    assert done.returncode == 0 and done.stdout == f"eighthalf {__version__}\n"
    done = _run([sys.executable, "-m", "eighthalf", "--help"])
    assert done.returncode == 0 and done.stdout.startswith("usage: python -m eighthalf [-h] [--version]")


# --- run_demo refuses wrong arguments with the library's error (issue 13) -----------------------

_ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=3),
)


@given(players=_ANYTHING, seed=_ANYTHING, bots=_ANYTHING)
def test_run_demo_refuses_wrong_types_with_eighthalf_error(players: object, seed: object, bots: object) -> None:
    with pytest.raises(EighthalfError):
        run_demo(players, seed, bots, write=lambda line: None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "seed", "bots", "message"),
    [
        (7, 1, [GreedyBot()] * 7, "players must be from 2 to 5"),
        (2, 10**5000, [GreedyBot()] * 2, "seed must be an int of at most 100 digits"),
        (2, 1.5, [GreedyBot()] * 2, "seed must be an int"),
        (3, 1, [GreedyBot()] * 2, "bots must be a list or tuple of 3 bots"),
        (2, 1, [GreedyBot(), "greedy"], "every bot needs a name and a choose"),
    ],
    ids=["players", "huge-seed", "float-seed", "short-bots", "str-bot"],
)
def test_run_demo_messages(players: int, seed: int, bots: list[object], message: str) -> None:
    with pytest.raises(EighthalfError, match=message):
        run_demo(players, seed, bots, write=lambda line: None)  # type: ignore[arg-type]


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    """``eighthalf simulate ... --rounds-out - | head -1``: no traceback when the pipe closes."""
    command = [sys.executable, "-m", "eighthalf", "simulate", "--players", "2", "--rounds", "3000"]
    with subprocess.Popen(
        [*command, "--bots", "random", "--seed", "1", "--workers", "1", "--rounds-out", "-"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith(b'{"round":0,')
        process.stdout.close()
        err = process.stderr.read().decode("utf-8")
        assert process.wait(timeout=120) == 1
    assert err == ""


# --- Bots that cannot play: one error line, no traceback (issue 17) -----------------------------


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("os:system", "--bots: bot 'os:system' could not be made: TypeError: "),
        (
            "eighthalf.games.eights.bots:GreedyBot",
            "--bots: bot 'eighthalf.games.eights.bots:GreedyBot' is a bot of Eights, not of 8½",
        ),
    ],
    ids=["not-a-bot", "a-bot-of-eights"],
)
def test_a_bot_that_cannot_play_8_half_is_one_error_line(
    capsys: pytest.CaptureFixture[str], bots: str, message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--players", "2", "--bots", bots])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.splitlines()[-1].startswith("eighthalf demo: error: ") and message in err.splitlines()[-1]


def test_run_demo_refuses_a_bot_of_the_other_game_with_eighthalf_error() -> None:
    from eighthalf.games.eights.bots import GreedyBot as EightsGreedyBot

    with pytest.raises(EighthalfError, match=r"seat \d: bot 'greedy' failed .*; is it a bot of 8½\?"):
        run_demo(2, 1, [EightsGreedyBot(), EightsGreedyBot()], write=lambda line: None)  # type: ignore[list-item]
