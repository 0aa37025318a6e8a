"""The command line: ``python -m benchmarks [--quick] [--repeat N] [--json] [-k TEXT]``."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import sys
import time
from collections.abc import Sequence

import eighthalf

from .cases import CASES, MOVE_LIMIT, SEED, Result, Settings, Skipped, format_number, run_case


def cpu_model() -> str:
    """The CPU's model name from ``/proc/cpuinfo``, else what :mod:`platform` knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as cpuinfo:
            for line in cpuinfo:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Hardware", "cpu model"):
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine() -> dict[str, object]:
    """The machine and the interpreter, for the header and the JSON."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "platform": platform.platform(),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "python_build": " ".join(platform.python_build()),
        "compiler": platform.python_compiler(),
        "eighthalf": eighthalf.__version__,
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Measure the speed and memory of the eighthalf engine and print a table.",
    )
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds) with noisier numbers")
    parser.add_argument("--repeat", type=int, metavar="N", help="samples per case (default 7, or 3 with --quick)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    parser.add_argument(
        "--timer",
        choices=("cpu", "wall"),
        default="cpu",
        help="cpu: the process's CPU time (default; robust on a busy machine); wall: time.perf_counter",
    )
    parser.add_argument(
        "-k",
        dest="select",
        action="append",
        metavar="TEXT",
        help="run only the cases whose name contains TEXT (repeatable), e.g. -k steps/checked",
    )
    parser.add_argument("--list", action="store_true", help="list the case names and exit")
    args = parser.parse_args(argv)
    if args.repeat is not None and args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def result_json(outcome: Result | Skipped) -> dict[str, object]:
    case = outcome.case
    data: dict[str, object] = {
        "name": case.name,
        "title": case.title,
        "unit": case.unit,
        "players": case.players,
        "higher_is_better": case.higher_is_better,
        "target": None if case.target is None else {"op": case.target.op, "value": case.target.value},
    }
    if isinstance(outcome, Skipped):
        data.update(skipped=True, error=outcome.error, note=outcome.note)
        return data
    q1, q3 = outcome.quartiles
    data.update(
        skipped=False,
        error=False,
        median=outcome.median,
        min=outcome.min,
        max=outcome.max,
        q1=q1,
        q3=q3,
        samples=list(outcome.samples),
        passed=outcome.passed,
    )
    if case.note:
        data["note"] = case.note
    return data


def table(outcomes: Sequence[Result | Skipped]) -> str:
    header = ("case", "median", "min", "max", "IQR", "unit", "target", "")
    rows: list[tuple[str, ...]] = []
    notes: list[str] = []
    for outcome in outcomes:
        case = outcome.case
        target = "" if case.target is None else str(case.target)
        if isinstance(outcome, Skipped):
            what = "error" if outcome.error else "skipped"
            rows.append((case.title, what, "", "", "", case.unit, target, "ERROR" if outcome.error else ""))
            notes.append(f"{case.title}: {what}: {outcome.note}")
            continue
        status = {None: "", True: "pass", False: "FAIL"}[outcome.passed]
        rows.append(
            (
                case.title,
                format_number(outcome.median),
                format_number(outcome.min),
                format_number(outcome.max),
                f"{outcome.iqr_percent:.1f}%",
                case.unit,
                target,
                status,
            )
        )
        if case.note:
            notes.append(f"{case.title}: {case.note}")
    widths = [max(len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    right = {1, 2, 3, 4, 6}

    def line(row: tuple[str, ...]) -> str:
        pairs = enumerate(zip(row, widths, strict=True))
        cells = (cell.rjust(width) if i in right else cell.ljust(width) for i, (cell, width) in pairs)
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * width for width in widths).rstrip()
    text = [line(header), rule, *(line(row) for row in rows)]
    if notes:
        text += ["", *notes]
    return "\n".join(text)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the selected cases and print the table or JSON.

    Returns 0, or 1 if a case raised an error; a missed target does not change it (the
    numbers depend on the machine, so they are reported, never asserted).
    """
    args = parse_args(argv)
    settings = Settings.quick() if args.quick else Settings()
    if args.repeat is not None:
        settings = dataclasses.replace(settings, repeat=args.repeat)
    settings = dataclasses.replace(settings, timer=args.timer)
    cases = [case for case in CASES if not args.select or any(text in case.name for text in args.select)]
    if args.list:
        print("\n".join(case.name for case in cases))
        return 0
    if not cases:
        print("no case matches -k " + " ".join(args.select), file=sys.stderr)
        return 2
    info = machine()  # the load average before the run
    progress = sys.stderr.isatty()
    begin = time.perf_counter()
    outcomes: list[Result | Skipped] = []
    for number, case in enumerate(cases, 1):
        if progress:
            print(f"\r[{number}/{len(cases)}] {case.name:<40}", end="", file=sys.stderr, flush=True)
        outcomes.append(run_case(case, settings))
    if progress:
        print("\r" + " " * 50 + "\r", end="", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - begin
    status = 1 if any(isinstance(outcome, Skipped) and outcome.error for outcome in outcomes) else 0
    if args.json:
        document = {
            "machine": info,
            "settings": {**dataclasses.asdict(settings), "quick": args.quick, "move_limit": MOVE_LIMIT},
            "seconds": elapsed,
            "results": [result_json(outcome) for outcome in outcomes],
        }
        print(json.dumps(document, indent=2, ensure_ascii=False))
        return status
    mode = "quick" if args.quick else "default"
    print(f"eighthalf {info['eighthalf']} benchmarks ({mode} run, {elapsed:.0f} s)")
    print(f"machine: {info['platform']}; CPU: {info['cpu']}; {info['cores']} cores ({info['usable_cores']} usable)")
    print(f"python:  {info['python']} ({info['python_build']}) [{info['compiler']}]")
    load = info["load_average"]
    if isinstance(load, list):
        print(f"load:    {' '.join(f'{value:.2f}' for value in load)} (1, 5, 15 min, before the run)")
    print(
        f"rounds:  {settings.rounds} deals per repeat, moves chosen by random.Random({SEED}).choice, "
        f"Rules(move_limit={MOVE_LIMIT}); one process, one core"
    )
    timer = "CPU time of the process" if settings.timer == "cpu" else "wall time"
    print(f"timer:   {timer}; median of {settings.repeat} repeats (memory: at most {settings.memory_repeat}), IQR in %")
    print()
    print(table(outcomes))
    return status


if __name__ == "__main__":
    sys.exit(main())
