"""Simulations: reproducible whatever the executor, consistent totals, outputs, the command line."""

from __future__ import annotations

import argparse
import csv
import importlib.util
import io
import json
import random
import statistics
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

from eighthalf import Rules, cli, new_game
from eighthalf.bots import make_bot
from eighthalf.events import BlindTurned, Caught, Collected, apply_with_events
from eighthalf.simulate import (
    CSV_COLUMNS,
    Summary,
    _play_round,
    _Viewer,
    add_simulate_arguments,
    round_seeds,
    run_simulate,
    simulate,
)
from eighthalf.views import view

ROOT = Path(__file__).resolve().parent.parent
BOTS = ["greedy", "random", "random", "random"]


@pytest.fixture(scope="module")
def reference() -> Summary:
    """120 rounds played inline, in one chunk."""
    return simulate(4, 120, BOTS, seed=1, chunk_size=1000)


def test_same_for_any_chunk_size(reference: Summary) -> None:
    assert simulate(4, 120, BOTS, seed=1, chunk_size=7) == reference
    assert simulate(4, 120, BOTS, seed=1, chunk_size=1) == reference
    assert simulate(4, 120, BOTS, seed=1) == reference  # automatic: chunks of 15


def test_same_on_a_process_pool(reference: Summary) -> None:
    assert simulate(4, 120, BOTS, seed=1, workers=2, chunk_size=13) == reference
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate(4, 120, BOTS, seed=1, executor=pool, chunk_size=50) == reference


def test_same_on_a_thread_pool(reference: Summary) -> None:
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert simulate(4, 120, BOTS, seed=1, executor=pool, chunk_size=9) == reference


def test_another_seed_differs(reference: Summary) -> None:
    assert simulate(4, 120, BOTS, seed=2) != reference


def test_the_numbers_are_consistent(reference: Summary) -> None:
    summary = reference
    assert summary.rounds == 120 and summary.players == 4 and summary.bots == tuple(BOTS)
    assert sum(seat.wins for seat in summary.seats) == summary.rounds - summary.no_winner
    assert [seat.bot for seat in summary.seats] == BOTS
    assert all(seat.rounds == 120 for seat in summary.seats)
    greedy, rand = summary.by_bot
    assert (greedy.bot, rand.bot, greedy.seat, rand.seat) == ("greedy", "random", None, None)
    assert greedy.rounds == 120 and rand.rounds == 360
    assert rand.wins == sum(seat.wins for seat in summary.seats[1:])
    assert rand.points == sum(seat.points for seat in summary.seats[1:])
    for standing in summary.seats + summary.by_bot:
        assert standing.win_rate == standing.wins / standing.rounds
        low, high = standing.win_rate_ci
        assert 0 <= low <= standing.win_rate <= high <= 1
        low, high = standing.mean_points_ci
        assert 0 <= low <= standing.mean_points <= high <= 3
    # every winner scores 2, and at least one seat has the lowest count: 3 to 3 + players points a round
    total_points = sum(seat.points for seat in summary.seats)
    assert 3 * summary.rounds <= total_points <= (2 + summary.players) * summary.rounds
    lengths = [length for length, count in summary.lengths for _ in range(count)]
    assert len(lengths) == summary.rounds
    assert summary.mean_length == statistics.mean(lengths) and summary.median_length == statistics.median(lengths)
    assert (summary.min_length, summary.max_length) == (min(lengths), max(lengths))
    assert summary.catches_per_round == summary.catches / 120
    assert summary.collects > 0 and summary.catches > 0 and summary.failed_blinds > 0


def test_wilson_interval_known_values() -> None:
    summary = simulate(2, 1, ["random", "random"], seed=3)
    winner = next(seat for seat in summary.seats if seat.wins == 1)
    low, high = winner.win_rate_ci  # 1 success in 1 trial
    assert low == pytest.approx(0.2065, abs=1e-4) and high == 1.0
    assert winner.mean_points_ci == (0.0, 3.0)  # one sample: no spread to estimate


def test_rounds_are_played_as_described() -> None:
    """The counters match the events of :func:`apply_with_events`; bots see only their view."""
    rules = Rules()
    for index in range(5):
        bots = [make_bot(name) for name in BOTS]
        final, catches, collects, failed = _play_round(4, bots, rules, 9, index)
        deal_seed, rng_seed = round_seeds(9, index)
        state, rng = new_game(4, seed=deal_seed), random.Random(rng_seed)
        viewer = _Viewer(4)
        seen_catches = seen_collects = seen_failed = 0
        while not state.over:
            seat = state.to_move
            seen = viewer.view(state, seat)
            assert seen == view(state, seat)
            state, events = apply_with_events(state, bots[seat].choose(seen, rng))
            seen_catches += sum(isinstance(event, Caught) for event in events)
            seen_collects += sum(isinstance(event, Collected) and event.cause == "stuck" for event in events)
            seen_failed += sum(isinstance(event, BlindTurned) and event.failed for event in events)
        assert state == final
        assert (catches, collects, failed) == (seen_catches, seen_collects, seen_failed)


def test_rotating_seats_and_a_move_limit() -> None:
    summary = simulate(3, 30, ["greedy", "random", "random"], seed=5, rotate_seats=True, rules=Rules(move_limit=40))
    assert [seat.bot for seat in summary.seats] == [None, None, None]
    assert summary.no_winner > 0 and summary.max_length <= 40
    assert sum(seat.wins for seat in summary.seats) == 30 - summary.no_winner
    greedy, rand = summary.by_bot
    assert (greedy.rounds, rand.rounds) == (30, 60)
    assert (
        simulate(
            3, 30, ["greedy", "random", "random"], seed=5, rotate_seats=True, rules=Rules(move_limit=40), chunk_size=4
        )
        == summary
    )


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    simulate(
        2, 10, ["random", "random"], seed=1, chunk_size=4, progress=lambda done, total: calls.append((done, total))
    )
    assert calls == [(0, 10), (4, 10), (8, 10), (10, 10)]


@pytest.mark.parametrize(
    ("players", "rounds", "bots", "message"),
    [
        (6, 10, ["random"] * 6, "players must be from 2 to 5"),
        (4, 0, BOTS, "rounds must be an int of at least 1"),
        (4, 10, BOTS[:3], "4 players but 3 bots"),
        (2, 10, ["random", "wizard"], "unknown bot 'wizard'"),
    ],
)
def test_bad_arguments(players: int, rounds: int, bots: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(players, rounds, bots, seed=1)


def test_json_and_csv_parse_back(reference: Summary) -> None:
    data = json.loads(reference.to_json())
    assert data["rounds"] == 120 and data["bots"] == BOTS and data["seed"] == 1
    assert [seat["wins"] for seat in data["seats"]] == [seat.wins for seat in reference.seats]
    assert data["by_bot"][0]["win_rate"] == reference.by_bot[0].win_rate
    assert data["length"]["median"] == reference.median_length
    assert data["failed_blinds_per_round"] == reference.failed_blinds_per_round
    rows = list(csv.DictReader(io.StringIO(reference.to_csv())))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [row["kind"] for row in rows] == ["seat"] * 4 + ["bot"] * 2 + ["rounds"]
    assert [int(row["wins"]) for row in rows[:4]] == [seat.wins for seat in reference.seats]
    assert [row["bot"] for row in rows[4:6]] == ["greedy", "random"] and rows[4]["seat"] == ""
    assert float(rows[0]["win_rate_low"]) == reference.seats[0].win_rate_ci[0]
    assert float(rows[6]["mean_length"]) == reference.mean_length
    assert int(rows[6]["no_winner"]) == reference.no_winner


# --- The command line, wired as eighthalf.cli wires it ----------------------------------------


def _main(argv: list[str], lines: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eighthalf")
    commands = parser.add_subparsers(dest="command", required=True)
    add_simulate_arguments(commands.add_parser("simulate"))
    args = parser.parse_args(argv)
    return run_simulate(args, write=(lines.append if lines is not None else print))


def test_cli_text_json_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[str] = []
    argv = ["simulate", "--players", "4", "--rounds", "40", "--bots", ",".join(BOTS), "--seed", "1", "--workers", "1"]
    json_path, csv_path = tmp_path / "out.json", tmp_path / "out.csv"
    assert _main([*argv, "--json", str(json_path), "--csv", str(csv_path), "--no-progress"], lines) == 0
    expected = simulate(4, 40, BOTS, seed=1)
    assert lines == [expected.to_text()]
    assert "seed 1" in lines[0] and "greedy" in lines[0]
    assert json.loads(json_path.read_text(encoding="utf-8")) == json.loads(expected.to_json())
    assert csv_path.read_text(encoding="utf-8") == expected.to_csv()
    assert capsys.readouterr().err == ""

    lines.clear()
    assert _main([*argv, "--json", "-", "--progress"], lines) == 0
    captured = capsys.readouterr()
    assert lines == []  # the JSON has stdout to itself
    assert json.loads(captured.out) == json.loads(expected.to_json())
    assert "\r[" in captured.err and "100% 40/40 rounds" in captured.err


def test_cli_one_bot_fills_the_table_and_seed_is_reported() -> None:
    lines: list[str] = []
    assert _main(["simulate", "--players", "3", "--rounds", "5", "--bots", "random", "--workers", "1"], lines) == 0
    assert "bots random,random,random" in lines[0] and ", seed " in lines[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "random,wizard"], "unknown bot wizard; choose from"),
        (["--players", "6", "--bots", "random"], "--players must be from 2 to 5 (S2), not 6"),
        (["--players", "1", "--bots", "random"], "--players must be from 2 to 5 (S2), not 1"),
        (["--rounds", "0"], "argument --rounds: must be at least 1, not 0"),
        (["--rounds", "many"], "argument --rounds: not a whole number: 'many'"),
        (["--players", "4", "--bots", "greedy,random"], "4 players but 2 bots"),
        (["--workers", "0"], "argument --workers: must be at least 1"),
    ],
)
def test_cli_bad_arguments_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _main(["simulate", "--rounds", "1", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and message in err


# --- The Dask example --------------------------------------------------------------------------


def _load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("simulate_with_dask", ROOT / "examples" / "simulate_with_dask.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dask_example() -> None:
    distributed = pytest.importorskip("distributed")
    example = _load_example()
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None) as client:
        summary = example.simulate_on(client, rounds=600, seed=3)
    assert isinstance(summary, Summary)
    assert summary == simulate(4, 600, BOTS, seed=3, chunk_size=77)


@pytest.mark.skipif(not hasattr(cli, "run_simulate"), reason="simulate is not wired into eighthalf.cli yet")
def test_python_m_eighthalf_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "2", "--rounds", "10", "--bots", "greedy,random", "--seed", "4", "--workers", "1"]
    assert cli.main([*argv, "--csv", "-"]) == 0
    assert capsys.readouterr().out == simulate(2, 10, ["greedy", "random"], seed=4).to_csv()
    with pytest.raises(SystemExit) as exit_info:
        cli.main([*argv, "--bots", "random,random,random"])
    assert exit_info.value.code == 2
    assert "2 players but 3 bots" in capsys.readouterr().err
