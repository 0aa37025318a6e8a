"""The simulation runner and command-line pieces both games share (eighthalf.simulation.runner, .cli)."""

from __future__ import annotations

import argparse
import functools
import io
import json
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import eighthalf.bots
import eighthalf.games.eights.bots
from eighthalf.console.arguments import check_bots_option, int_type, run_simulate
from eighthalf.console.commands import add_commands
from eighthalf.errors import EighthalfError
from eighthalf.registry import find
from eighthalf.simulation.runner import (
    MAX_PENDING,
    bot_factory,
    chunk_size_for,
    chunks,
    game_seeds,
    histogram_figures,
    median_of,
    run_chunks,
    wilson,
)
from eighthalf.simulation.summary import binding_of
from eighthalf.simulation.summary import simulate as simulate_game


def _square_and_tell(task: tuple[int, int]) -> tuple[int, str]:
    start, stop = task
    return sum(index * index for index in range(start, stop)), "".join(f"{index}\n" for index in range(start, stop))


@pytest.mark.parametrize("pool", [None, 3])
def test_run_chunks_adds_every_chunk_and_writes_lines_in_order(pool: int | None) -> None:
    totals: list[int] = []
    progress: list[tuple[int, int]] = []
    out = io.StringIO()

    def add(result: tuple[int, str]) -> str:
        totals.append(result[0])
        return result[1]

    tasks = (((start, stop), stop - start) for start, stop in chunks(100, 7))
    executor = ThreadPoolExecutor(max_workers=pool) if pool else None
    try:
        run_chunks(
            _square_and_tell,
            tasks,
            add,
            total=100,
            executor=executor,
            progress=lambda done, total: progress.append((done, total)),
            out=out,
        )
    finally:
        if executor is not None:
            executor.shutdown()
    assert sum(totals) == sum(index * index for index in range(100)) and len(totals) == 15
    assert out.getvalue() == "".join(f"{index}\n" for index in range(100))  # in game order, whatever finished first
    assert progress[0] == (0, 100) and progress[-1] == (100, 100)
    assert MAX_PENDING >= 1


def test_an_error_in_a_chunk_is_raised_here() -> None:
    def broken(task: int) -> int:
        raise EighthalfError(f"chunk {task} failed")

    with ThreadPoolExecutor(max_workers=2) as pool, pytest.raises(EighthalfError, match="failed"):
        run_chunks(broken, ((task, 1) for task in range(5)), lambda result: "", total=5, executor=pool)


def test_seeds_chunks_and_statistics() -> None:
    assert binding_of(find("8½")).tag == b"eighthalf-simulate-v1"  # 8½'s rounds: the derived tag
    assert game_seeds(b"a", 3, 4) != game_seeds(b"b", 3, 4)
    assert list(chunks(5, 5)) == [(0, 5)] and chunk_size_for(10, 4) == 1
    assert median_of([(1, 1), (2, 1)], 2) == 1.5 and median_of([(7, 3)], 3) == 7.0
    low, high = wilson(0, 4)
    assert low == 0.0 and 0 < high < 1


def test_the_figures_of_a_histogram_are_those_of_its_values() -> None:
    histogram = [(2, 3), (5, 1), (11, 2)]
    values = [2, 2, 2, 5, 11, 11]
    figures = histogram_figures(histogram, len(values))
    assert figures == (sum(values) / 6, 3.5, 2, 11) and figures.median == median_of(histogram, 6)
    assert list(figures._asdict()) == ["mean", "median", "min", "max"]
    assert histogram_figures([(7, 1)], 1) == (7.0, 7.0, 7, 7)


def test_a_registry_of_each_game() -> None:
    assert bot_factory("greedy", eighthalf.bots.BOTS) is eighthalf.bots.BOTS["greedy"]
    assert bot_factory("greedy", eighthalf.games.eights.bots.BOTS) is eighthalf.games.eights.bots.BOTS["greedy"]
    with pytest.raises(EighthalfError, match="unknown bot 'ismcts'; choose from"):
        check_bots_option("ismcts", 2, {"greedy": eighthalf.bots.GreedyBot})
    assert check_bots_option("greedy", 3, eighthalf.games.eights.bots.BOTS) == ("greedy",) * 3


_WHERE = "; check the current folder or PYTHONPATH (python -m looks in the current folder, a command such as eighthalf does not)"


def test_a_bot_module_that_is_not_found_says_where_python_looks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module:attribute whose module is not found names the current folder and PYTHONPATH (issue 37);
    a module that is found but fails as it loads does not, as where it is is not the fault."""
    for module in ("nosuchmodule", "eighthalf.nosuchmodule", "eighthalf.bots.nosuchmodule"):
        with pytest.raises(EighthalfError) as refused:
            bot_factory(f"{module}:Bot", eighthalf.bots.BOTS)
        message = str(refused.value)
        assert message.startswith(f"bot '{module}:Bot': cannot import module '{module}' (ModuleNotFoundError: ")
        assert message.endswith(_WHERE), message
    (tmp_path / "fx_found_bots.py").write_text("from eighthalf.bots import GreedyBot as Bot\n", encoding="utf-8")
    (tmp_path / "fx_needy_bots.py").write_text("import fx_not_installed\n", encoding="utf-8")
    (tmp_path / "fx_faulty_bots.py").write_text("1 / 0\n", encoding="utf-8")
    with pytest.raises(EighthalfError, match=f"{re.escape(_WHERE)}$"):
        bot_factory("fx_found_bots:Bot", {})
    monkeypatch.syspath_prepend(str(tmp_path))  # what the hint asks for: the module's folder on the path
    monkeypatch.delitem(sys.modules, "fx_found_bots", raising=False)
    assert bot_factory("fx_found_bots:Bot", {}) is eighthalf.bots.GreedyBot
    for module, fault in (
        ("fx_needy_bots", "ModuleNotFoundError: No module named 'fx_not_installed'"),
        ("fx_faulty_bots", "ZeroDivisionError: division by zero"),
    ):
        with pytest.raises(EighthalfError) as refused:
            bot_factory(f"{module}:Bot", {})
        assert str(refused.value) == f"bot '{module}:Bot': cannot import module '{module}' ({fault})"
    del sys.modules["fx_found_bots"]


def test_int_type_refuses_other_digits_and_long_numbers() -> None:
    convert = int_type(1, digits=3)
    assert convert(" 12 ") == 12
    for text, message in (("٣", "not a whole number"), ("1234", "at most 3 digits"), ("0", "at least 1")):
        with pytest.raises(argparse.ArgumentTypeError, match=message):
            convert(text)


def _main(argv: list[str], lines: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m eighthalf")
    commands = parser.add_subparsers(dest="command", required=True)
    add_commands(commands, find("8½"))
    return run_simulate(parser.parse_args(["simulate", *argv]), write=lines.append)


simulate = functools.partial(simulate_game, find("8½"))


def test_8_half_simulate_format_and_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "3", "--rounds", "12", "--bots", "greedy,random", "--seed", "2", "--workers", "1"]
    expected = simulate(3, 12, ["greedy", "random", "greedy"], seed=2)
    lines: list[str] = []
    assert _main([*argv, "--format", "json"], lines) == 0
    assert lines == [] and json.loads(capsys.readouterr().out) == expected.to_dict()
    assert _main([*argv, "--format", "csv", "--output", str(tmp_path / "s.csv")], lines) == 0
    assert (tmp_path / "s.csv").read_text(encoding="utf-8") == expected.to_csv() and lines == []
    assert capsys.readouterr().out == ""


def test_8_half_simulate_on_dask(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    argv = ["--players", "2", "--rounds", "20", "--bots", "greedy,random", "--seed", "6", "--no-progress"]
    with distributed.LocalCluster(
        processes=False, n_workers=2, threads_per_worker=1, dashboard_address=":0"
    ) as cluster:
        lines: list[str] = []
        assert _main([*argv, "--dask", cluster.scheduler_address, "--chunk-size", "3"], lines) == 0
    assert lines == [simulate(2, 20, ["greedy", "random"], seed=6).to_text()]


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("", "missing port number in address ''"),
        ("nohost:::", "invalid address 'nohost:::'; maybe: ipv6 needs brackets like [::1]"),
        ("tcp://scheduler", "missing port number in address 'scheduler'"),
        ("foo://x", "unknown address scheme 'foo' (known schemes: "),
    ],
    ids=["empty", "junk", "no-port", "scheme"],
)
def test_a_dask_address_that_dask_cannot_read_is_one_error_line(
    capsys: pytest.CaptureFixture[str], address: str, message: str
) -> None:
    """Dask raises a bare ValueError for such an address, as it connects: it used to end the
    command with a traceback (and a half-made Client that hung a minute at exit); now it
    is one ``error:`` line and status 1, as for a scheduler that cannot be reached."""
    pytest.importorskip("distributed")
    lines: list[str] = []
    argv = ["--rounds", "2", "--seed", "1", "--no-progress", "--dask", address]
    assert _main(argv, lines) == 1
    err = capsys.readouterr().err
    assert lines == [] and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and err.strip().startswith(f"error: --dask: {message}")
