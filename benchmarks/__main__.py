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
from typing import Any

import eighthalf

from .builds import BUILDS, run_build
from .cases import (
    CASES,
    MOVE_LIMIT,
    REFERENCE_NAME,
    SEED,
    Result,
    Settings,
    Skipped,
    format_number,
    relative,
    run_case,
)


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
        "build": eighthalf.BUILD,
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Measure the speed and memory of the eighthalf engine and print a table.",
    )
    parser.add_argument("--quick", action="store_true", help="a short run (under a minute) with noisier numbers")
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
    parser.add_argument(
        "--builds",
        default=",".join(BUILDS),
        help="comma-separated builds to measure, each in a child process: pure, compiled (default both); "
        "'loaded' measures the build this interpreter has loaded, in this process",
    )
    args = parser.parse_args(argv)
    if args.repeat is not None and args.repeat < 1:
        parser.error("--repeat must be at least 1")
    args.builds = [build.strip() for build in args.builds.split(",") if build.strip()]
    unknown = [build for build in args.builds if build not in (*BUILDS, "loaded")]
    if unknown or not args.builds or ("loaded" in args.builds and len(args.builds) > 1):
        parser.error(f"--builds takes pure and/or compiled, or loaded alone, not {','.join(unknown) or 'that'}")
    return args


def result_json(outcome: Result | Skipped, reference: float | None = None) -> dict[str, object]:
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
        passed=outcome.passed(reference),
    )
    if case.note:
        data["note"] = case.note
    return data


def reference_of(outcomes: Sequence[Result | Skipped]) -> float | None:
    """The reference workload's median in these outcomes, if it ran."""
    for outcome in outcomes:
        if outcome.case.name == REFERENCE_NAME and isinstance(outcome, Result):
            return outcome.median
    return None


def from_json(data: dict[str, Any]) -> Result | Skipped:
    """The outcome that :func:`result_json` wrote (the case looked up by name)."""
    case = next(case for case in CASES if case.name == data["name"])
    if data["skipped"]:
        return Skipped(case, str(data.get("note", "")), bool(data["error"]))
    return Result(case, tuple(data["samples"]))


def table(outcomes: Sequence[Result | Skipped], labels: Sequence[str] | None = None) -> str:
    """The table of outcomes; ``labels`` (one per outcome) fill a ``build`` column."""
    reference = reference_of(outcomes)
    header: tuple[str, ...] = ("case", "build", "median", "min", "max", "IQR", "unit", "vs ref", "target", "")
    labels = labels if labels is not None else [""] * len(outcomes)
    rows: list[tuple[str, ...]] = []
    notes: list[str] = []
    references: dict[str, float | None] = {}
    for label, outcome in zip(labels, outcomes, strict=True):
        if outcome.case.name == REFERENCE_NAME and isinstance(outcome, Result):
            references[label] = outcome.median
    for label, outcome in zip(labels, outcomes, strict=True):
        case = outcome.case
        target = "" if case.target is None else str(case.target)
        if isinstance(outcome, Skipped):
            what = "error" if outcome.error else "skipped"
            rows.append((case.title, label, what, "", "", "", case.unit, "", target, "ERROR" if outcome.error else ""))
            note = f"{case.title}: {what}: {outcome.note}"
            if note not in notes:
                notes.append(note)
            continue
        reference = references.get(label)
        status = {None: "", True: "pass", False: "FAIL"}[outcome.passed(reference)]
        comparable = case.higher_is_better or case.unit == "µs"
        ratio = (
            f"{relative(outcome.median, reference, case.higher_is_better):.2f}"
            if reference and comparable and case.name != REFERENCE_NAME
            else ""
        )
        rows.append(
            (
                case.title,
                label,
                format_number(outcome.median),
                format_number(outcome.min),
                format_number(outcome.max),
                f"{outcome.iqr_percent:.1f}%",
                case.unit,
                ratio,
                target,
                status,
            )
        )
        if case.note and f"{case.title}: {case.note}" not in notes:
            notes.append(f"{case.title}: {case.note}")
    if not any(labels):
        header = header[:1] + header[2:]
        rows = [row[:1] + row[2:] for row in rows]
    widths = [max(len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    right = {
        column for column, name in enumerate(header) if name in ("median", "min", "max", "IQR", "vs ref", "target")
    }

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
    if args.builds != ["loaded"]:
        return run_builds(args, settings)
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
            "results": [result_json(outcome, reference_of(outcomes)) for outcome in outcomes],
        }
        print(json.dumps(document, indent=2, ensure_ascii=False))
        return status
    print_header(info, settings, args.quick, elapsed)
    print(table(outcomes))
    return status


ANCHOR = "anchor/openspiel/crazy_eights/4p"
"""The case that the checked 4-player steps are compared with."""
STEPS = "steps/checked/4p"


def run_builds(args: argparse.Namespace, settings: Settings) -> int:
    """Measure each build of ``args.builds`` in a child process and print one table of both."""
    passed: list[str] = ["--timer", args.timer]
    if args.quick:
        passed.append("--quick")
    if args.repeat is not None:
        passed += ["--repeat", str(args.repeat)]
    for text in args.select or ():
        passed += ["-k", text]
    info = machine()
    begin = time.perf_counter()
    documents: dict[str, dict[str, Any]] = {}
    for build in args.builds:
        if sys.stderr.isatty():
            print(f"measuring the {build} build ...", file=sys.stderr, flush=True)
        try:
            documents[build] = run_build(build, passed)
        except RuntimeError as error:
            print(f"the {build} build was not measured: {error}", file=sys.stderr)
    elapsed = time.perf_counter() - begin
    if not documents:
        return 1
    by_build = {build: [from_json(data) for data in document["results"]] for build, document in documents.items()}
    if args.json:
        combined = {
            "machine": info,
            "settings": {**dataclasses.asdict(settings), "quick": args.quick, "move_limit": MOVE_LIMIT},
            "seconds": elapsed,
            "builds": documents,
            "ratios": ratios(by_build),
        }
        print(json.dumps(combined, indent=2, ensure_ascii=False))
        return 0
    outcomes: list[Result | Skipped] = []
    labels: list[str] = []
    names = [case.name for case in CASES]
    for name in names:
        for build, results in by_build.items():
            for outcome in results:
                if outcome.case.name == name:
                    outcomes.append(outcome)
                    labels.append(build)
    print_header(info, settings, args.quick, elapsed)
    print(table(outcomes, labels))
    lines = [f"  {text}: {value:.2f}" for text, value in ratios(by_build).items()]
    if lines:
        print("\nratios measured in this run (compiled ÷ pure against each build's reference row):")
        print("\n".join(lines))
    return 0


def ratios(by_build: dict[str, list[Result | Skipped]]) -> dict[str, float]:
    """compiled ÷ pure for every rate case measured in both, and the checked steps ÷ OpenSpiel's.

    The builds run one after the other, and a shared machine's speed can change between
    them, so compiled ÷ pure compares each build's rate against the reference workload of
    its own run when both have one; the anchor ratio compares two rows of one run.
    """
    medians = {
        build: {outcome.case.name: outcome.median for outcome in results if isinstance(outcome, Result)}
        for build, results in by_build.items()
    }
    found: dict[str, float] = {}
    pure, compiled = medians.get("pure", {}), medians.get("compiled", {})
    scale = 1.0
    if pure.get(REFERENCE_NAME) and compiled.get(REFERENCE_NAME):
        scale = pure[REFERENCE_NAME] / compiled[REFERENCE_NAME]
    for name, value in compiled.items():
        case = next(case for case in CASES if case.name == name)
        if name in pure and case.higher_is_better and name not in (ANCHOR, REFERENCE_NAME) and pure[name]:
            found[f"{name}: compiled ÷ pure"] = value * scale / pure[name]
    for build, values in medians.items():
        if STEPS in values and values.get(ANCHOR):
            found[f"{STEPS}: {build} ÷ OpenSpiel C++ crazy_eights"] = values[STEPS] / values[ANCHOR]
    return found


def print_header(info: dict[str, object], settings: Settings, quick: bool, elapsed: float) -> None:
    """The lines above the table: the machine, the interpreter, the settings."""
    mode = "quick" if quick else "default"
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


if __name__ == "__main__":
    sys.exit(main())
