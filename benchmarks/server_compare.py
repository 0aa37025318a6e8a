"""The game server on each store and with several processes, side by side (issue 26, "How fast").

``python -m benchmarks.server_compare --db URL [the options of benchmarks.server]`` runs
:mod:`benchmarks.server` three times in one run, with the same load: SQLite with one server
process, PostgreSQL with one, and PostgreSQL with two processes on one database (one
service: the seats of each table on different processes, every move crossing through the
database). ``--db`` names a database on a PostgreSQL server whose user may make databases:
each PostgreSQL run gets a fresh database of its own, made for it and dropped after it. It
prints, for each: acknowledged (durable) moves a second, the latency from a move to one's
own new view (p50, p99), the servers' CPU per acknowledged move and its ratio to the
engine alone's, and their memory.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, Final

from benchmarks import server, server_report

try:
    import psycopg  # the postgresql extra
except ModuleNotFoundError:  # pragma: no cover
    psycopg = None  # type: ignore[assignment]

__all__ = ["COMPARED", "compare", "compare_report", "main"]

COMPARED: Final = (
    ("SQLite, 1 process", False, 1),
    ("PostgreSQL, 1 process", True, 1),
    ("PostgreSQL, 2 processes", True, 2),
)
"""The configurations of ``--compare``: a name, whether on PostgreSQL, the server processes."""


def compare(config: server.Config) -> list[tuple[str, dict[str, Any]]]:
    """Run :data:`COMPARED` one after the other with ``config``'s load: each one's figures.

    ``config.db`` is a database on the PostgreSQL server where each PostgreSQL run gets a
    database of its own, made for it and dropped after it.
    """
    assert psycopg is not None and config.db is not None, "needs --db and psycopg: the postgresql extra"
    measured: list[tuple[str, dict[str, Any]]] = []
    for name, postgresql, processes in COMPARED:
        if not postgresql:
            measured.append((name, server.run(dataclasses.replace(config, db=None, processes=1))))
            continue
        database = f"eighthalf_bench_{os.getpid()}_{processes}"
        with psycopg.connect(config.db, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{database}"')
        try:
            url = server.database_url(config.db, database)
            measured.append((name, server.run(dataclasses.replace(config, db=url, processes=processes))))
        finally:
            with psycopg.connect(config.db, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    return measured


def compare_report(measured: list[tuple[str, dict[str, Any]]], command: str) -> str:
    """The printed table of :func:`compare`'s figures: one column a configuration."""
    from .cases import format_number

    info = measured[0][1]["machine"]
    config = measured[0][1]["config"]

    def per_move(figures: dict[str, Any]) -> float:
        moves, server = figures["acknowledged_per_second"], figures["server_cpu"]
        return 1e6 * (server["user"] + server["system"]) / moves if moves else float("nan")

    rows = [
        ("acknowledged moves (durable), moves/s", [format_number(f["acknowledged_per_second"]) for _, f in measured]),
        ("latency, move to own view: p50, ms", [format_number(f["latency_ms"]["p50"]) for _, f in measured]),
        ("  p99, ms", [format_number(f["latency_ms"]["p99"]) for _, f in measured]),
        ("server CPU per acknowledged move, µs", [format_number(per_move(f)) for _, f in measured]),
        (
            "  ÷ engine alone's CPU per move",
            [format_number(per_move(f) * f["engine_moves_per_second"] / 1e6) for _, f in measured],
        ),
        (
            "server memory (VmRSS, all processes), MiB",
            [f"{f['server_memory_kb']['VmRSS'] / 1024:.1f}" for _, f in measured],
        ),
        ("machine CPU busy, of a core", [f"{f['machine_cpu']:.0%}" for _, f in measured]),
        ("reference: engine alone, moves/s", [format_number(f["engine_moves_per_second"]) for _, f in measured]),
        ("errors", [str(len(f["errors"])) for _, f in measured]),
    ]
    header = ("measure", *(name for name, _ in measured))
    cells = [(name, *values) for name, values in rows]
    widths = [max(len(row[column]) for row in (header, *cells)) for column in range(len(header))]
    lines = [
        f"eighthalf {info['eighthalf']} game server benchmark, stores and processes compared: {command}",
        f"machine: {info['platform']}; CPU: {info['cpu']}; {info['cores']} cores ({info['usable_cores']} usable)",
        f"tables:  {config['tables']} at once; offered: {server_report.offered(config)}; "
        f"{config['warmup']:g} s of warm-up, {config['seconds']:g} s measured, each",
        "",
    ]
    for row in (header, tuple("-" * width for width in widths), *cells):
        lines.append(
            "  ".join(
                cell.ljust(width) if column == 0 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m benchmarks.server_compare --db URL [--tables N] [--seconds S] ... [--json]``.

    Returns 0, or 1 if a run saw errors.
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = server.arguments_parser("python -m benchmarks.server_compare")
    config = server.config_of(parser, arguments)
    if config.db is None or config.processes != 1 or config.profile is not None:
        parser.error(
            "--db is needed (a database on the PostgreSQL server); --processes and --profile are not options here"
        )
    measured = compare(config)
    if parser.parse_args(arguments).json:
        print(json.dumps(dict(measured), indent=2, ensure_ascii=False))
    else:
        print(compare_report(measured, " ".join(["python -m benchmarks.server_compare", *arguments])))
    return 1 if any(figures["errors"] for _, figures in measured) else 0


if __name__ == "__main__":
    from benchmarks.server_compare import main as _main

    sys.exit(_main())
