"""The benchmark suite runs and reports (speed itself is never asserted: see docs/performance.rst)."""

from __future__ import annotations

import json
import shutil

import pytest

from benchmarks.__main__ import main, ratios
from benchmarks.cases import CASES, Result, Target, relative


def test_relative_targets_compare_against_the_reference() -> None:
    steps = Target(">=", 30, relative=True)
    assert steps.met(300_000, reference=9_000) is True  # 33 steps per reference kop
    assert steps.met(200_000, reference=9_000) is False
    assert steps.met(200_000) is None  # no reference measured: no verdict
    deal = Target("<=", 200, relative=True)
    assert relative(20.0, 9_000, is_rate=False) == 180.0
    assert deal.met(20.0, reference=9_000) is True and deal.met(30.0, reference=9_000) is False
    assert str(steps) == "≥ 30 (vs ref)"


def test_a_quick_run_of_the_loaded_build_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--builds", "loaded", "--quick", "--repeat", "1", "-k", "reference", "-k", "new_game/2p", "--json"])
    document = json.loads(capsys.readouterr().out)
    assert status == 0
    names = [result["name"] for result in document["results"]]
    assert names == ["reference", "new_game/2p"]
    assert document["machine"]["build"] in ("pure", "compiled")
    assert all(result["median"] > 0 for result in document["results"])


def test_ratios_of_both_builds_and_the_anchor() -> None:
    by_name = {case.name: case for case in CASES}
    pure = [
        Result(by_name["steps/checked/4p"], (100.0,)),
        Result(by_name["anchor/openspiel/crazy_eights/4p"], (200.0,)),
    ]
    compiled = [Result(by_name["steps/checked/4p"], (300.0,))]
    found = ratios({"pure": list(pure), "compiled": list(compiled)})
    assert found == {
        "steps/checked/4p: compiled ÷ pure": 3.0,
        "steps/checked/4p: pure ÷ OpenSpiel C++ crazy_eights": 0.5,
    }


def test_compiled_over_pure_is_taken_against_each_runs_reference() -> None:
    by_name = {case.name: case for case in CASES}
    pure = [Result(by_name["reference"], (4_000.0,)), Result(by_name["steps/checked/4p"], (100.0,))]
    compiled = [Result(by_name["reference"], (8_000.0,)), Result(by_name["steps/checked/4p"], (600.0,))]
    # The machine ran twice as fast for the compiled run: 6 times the steps is 3 times the speed.
    assert ratios({"pure": list(pure), "compiled": list(compiled)}) == {"steps/checked/4p: compiled ÷ pure": 3.0}


def test_unknown_builds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--builds", "pure,fast"])
    assert exit_info.value.code == 2
    assert "--builds" in capsys.readouterr().err


def test_the_table_of_one_build_has_no_build_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--builds", "loaded", "--quick", "--repeat", "1", "-k", "reference", "-k", "new_game/2p"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(line for line in lines if line.startswith("case"))
    assert header.split()[:3] == ["case", "median", "min"]
    assert any(line.startswith("new_game, 2p") for line in lines)


@pytest.mark.parametrize("compression", ["none", "deflate"])
def test_the_server_benchmark_plays_tables_over_websockets(
    capsys: pytest.CaptureFixture[str], compression: str
) -> None:
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    from benchmarks.server import main as server_main

    arguments = ["--tables", "4", "--players", "2,3", "--seconds", "2", "--warmup", "0.5", "--clients", "1"]
    arguments += ["--compression", compression]
    assert server_main([*arguments, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["errors"] == []
    assert figures["connections"] >= 2 + 2 + 3 + 3  # every seat of the four first tables on its own websocket
    assert figures["acknowledged_per_second"] > 0 and figures["committed_per_second"] > 0
    assert figures["latency_ms"]["samples"] == round(figures["acknowledged_per_second"] * 2)
    assert 0 < figures["latency_ms"]["p50"] <= figures["latency_ms"]["p99"] <= figures["latency_ms"]["max"]
    assert figures["server_memory_kb"]["VmHWM"] >= figures["server_memory_kb"]["VmRSS"] > 0
    assert figures["engine_moves_per_second"] > 0 and figures["reference_kops"] > 0


def test_the_queue_benchmark_seats_a_crowd_at_full_tables(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    from benchmarks.queue import main as queue_main

    assert queue_main(["--people", "12", "--size", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["SQLite, 1 process"]
    assert (figures["people"], figures["tables"]) == (12, 4)
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"] <= 1000 * figures["everyone_s"] + 1


def test_the_client_benchmark_plays_the_same_games_with_the_javascript_and_the_python_client(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    from benchmarks.js_client import main as clients_main

    if shutil.which("node") is None:
        pytest.skip("Node.js is needed to run the JavaScript client")
    assert clients_main(["--tables", "2", "--rounds", "1", "--json"]) == 0
    runs = json.loads(capsys.readouterr().out)
    assert [run["client"] for run in runs] == ["JavaScript", "Python"]
    assert runs[0]["moves"] == runs[1]["moves"] > 0  # the same seeds and choices: the same games
    assert all(run["frames"] > run["moves"] and run["cpu"] > 0 and run["wall"] > 0 for run in runs)
    with pytest.raises(SystemExit):
        clients_main(["--tables", "0"])
    assert "--tables and --rounds are positive whole numbers" in capsys.readouterr().err


def test_the_floor_benchmark_answers_tables_of_websockets_with_frames_of_the_servers_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    from benchmarks.server_floor import main as floor_main

    arguments = ["--tables", "4", "--players", "2,3", "--seconds", "2", "--warmup", "0.5", "--clients", "1"]
    assert floor_main([*arguments, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["connections"] == 2 + 2 + 3 + 3
    assert figures["messages_per_second"] > 0 and figures["server_cpu_per_message_us"] > 0
    assert 2 <= figures["frame_sizes"]["frames_per_move"] <= 3 and figures["frame_sizes"]["frame_bytes"] > 100
    assert 0 < figures["frame_sizes"]["deflated_bytes"] < figures["frame_sizes"]["frame_bytes"]
    assert 0 < figures["latency_ms"]["p50"] <= figures["latency_ms"]["p99"]
    assert floor_main(arguments) == 0
    assert "floor ÷ engine alone" in capsys.readouterr().out


def test_the_fair_ladder_plays_every_order_on_the_same_rounds_and_times_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from benchmarks import strength

    argv = ["--ladder", "--rounds", "2", "--workers", "1", "--first", "7", "--entrants", "random,greedy,search"]
    assert strength.main(argv) == 0
    out = capsys.readouterr().out
    assert "built-in bots, 2 seating orders of 2 rounds: 4 rounds" in out
    assert "p95 ms" in out and "random, greedy, search" in out and "random, search, greedy" in out
    # The same rounds in each order: one order alone, from the same first round, wins the same rounds.
    # The same rounds for any number of workers, each decision timed.
    order = strength.run_ladder(("random", "greedy"), 6, seed=1, workers=1, first=7)
    again = strength.run_ladder(("random", "greedy"), 6, seed=1, workers=2, first=7)
    assert [(entry.wins, entry.points) for entry in order.values()] == [
        (entry.wins, entry.points) for entry in again.values()
    ]
    assert order["greedy"].decisions == len(order["greedy"].times) > 0
    assert strength.percentile(order["greedy"].times, 1.0) == max(order["greedy"].times)


@pytest.mark.parametrize(
    "bad",
    [
        ["--first", "-1"],
        ["--rounds", "0"],
        ["--workers", "0"],
        ["--entrants", "random,nobody"],
        ["--entrants", "greedy,greedy"],
        ["--entrants", "greedy"],
    ],
)
def test_the_ladder_refuses_bad_arguments(bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import strength

    with pytest.raises(SystemExit) as raised:
        strength.main(["--ladder", *bad])
    assert raised.value.code == 2
    assert bad[0] in capsys.readouterr().err.splitlines()[-1]  # the error names the option


def test_the_server_start_benchmark_starts_servers_on_databases_of_finished_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("uvicorn")
    from benchmarks.server_start import main as start_main

    assert start_main(["--games", "0,3", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["finished", "games", "start"]
    counts = [line.split()[0] for line in lines[1:]]
    assert counts == ["0", "3"] and lines[1].split()[2] == "1.00x"


def test_the_audience_benchmark_prints_a_row_for_each_audience(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("starlette")
    from benchmarks.server_audience import main as audience_main

    assert audience_main(["--spectators", "0,3", "--rounds", "1", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("reference: the engine alone, ") and lines[1].split()[0] == "spectators"
    assert [line.split()[0] for line in lines[2:]] == ["0", "3"]
    with pytest.raises(SystemExit) as raised:
        audience_main(["--spectators", "-1"])
    assert raised.value.code == 2


def test_the_offline_engine_benchmark_runs_quickly(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import offline

    if shutil.which("node") is None or not (offline.CLIENT / "node_modules" / "pyodide").is_dir():
        pytest.skip("the offline engine's benchmark needs Node and npm ci in clients/offline")
    assert offline.main(["--quick", "--repeat", "1", "--no-browser", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [row["game"] for row in document["random_play"]] == ["8½", "Eights"]
    assert all(row["pyodide"] > 0 and row["ratio"] > 0 for row in document["random_play"])
    assert document["node_start_ms"] > 0 and document["chromium_first_move_ms"] is None
