"""The printed report of the game server's benchmark (:mod:`benchmarks.server`): its table
of figures, and the words for the servers measured and the load offered, which
:mod:`benchmarks.server_compare` and :mod:`benchmarks.server_floor` print too."""

from __future__ import annotations

from typing import Any, Final

from .cases import format_number

__all__ = ["AIM_MOVES", "AIM_P99_MS", "offered", "report", "servers_text"]

AIM_MOVES: Final = 1000.0
"""Issue 19's aim: durable moves a second with 200 tables on a 2-core machine."""
AIM_P99_MS: Final = 100.0
"""Issue 19's aim for the 99th percentile of the latency, in ms."""


def report(figures: dict[str, Any], command: str) -> str:
    """The printed table of :func:`benchmarks.server.run`'s figures."""
    info, config = figures["machine"], figures["config"]
    latency, memory = figures["latency_ms"], figures["server_memory_kb"]
    server, clients = figures["server_cpu"], figures["clients_cpu"]
    moves = figures["acknowledged_per_second"]
    load = info["load_average"]
    lines = [
        f"eighthalf {info['eighthalf']} game server benchmark: {command}",
        f"machine: {info['platform']}; CPU: {info['cpu']}; {info['cores']} cores ({info['usable_cores']} usable)",
        f"python:  {info['python']} ({info['python_build']}) [{info['compiler']}]",
        f"load:    {' '.join(f'{value:.2f}' for value in load or ())} (1, 5, 15 min, before the run)",
        f"server:  {servers_text(config)}" + (", under cProfile" if config["profile"] else ""),
        f"tables:  {config['tables']} at once (8½ and Eights in turn, {'/'.join(map(str, config['players']))} players), "
        f"every seat a greedy bot on its own websocket ({figures['connections']} connections opened), "
        f"{config['clients']} client processes",
        f"offered: {offered(config)}",
        f"window:  {config['warmup']:g} s of warm-up, then {config['seconds']:g} s measured",
        "",
    ]
    rows = [
        ("acknowledged moves (durable)", format_number(moves), "moves/s", f"≥ {AIM_MOVES:,.0f}", moves >= AIM_MOVES),
        ("  committed in the database", format_number(figures["committed_per_second"]), "moves/s", "", None),
        ("latency, move to own view: p50", format_number(latency["p50"]), "ms", "", None),
        ("  p99", format_number(latency["p99"]), "ms", f"< {AIM_P99_MS:g}", latency["p99"] < AIM_P99_MS),
        ("  max", format_number(latency["max"]), "ms", "", None),
        ("games finished in the window", f"{figures['games_finished']:,}", "games", "", None),
        (
            "server memory: VmRSS / VmHWM",
            f"{memory.get('VmRSS', 0) / 1024:.1f} / {memory.get('VmHWM', 0) / 1024:.1f}",
            "MiB",
            "",
            None,
        ),
        ("database size at the end", f"{figures['database_bytes'] / 2**20:.1f}", "MiB", "", None),
        ("server CPU: user + system", f"{server['user']:.0%} + {server['system']:.0%}", "of a core", "", None),
        (
            "server CPU per acknowledged move",
            format_number(1e6 * (server["user"] + server["system"]) / moves if moves else float("nan")),
            "µs",
            "",
            None,
        ),
        (
            f"clients CPU ({config['clients']} processes)",
            f"{clients['user']:.0%} + {clients['system']:.0%}",
            "of a core",
            "",
            None,
        ),
        (
            "machine CPU busy (every process)",
            f"{figures['machine_cpu']:.0%}",
            f"of a core ({info['cores']} cores)",
            "",
            None,
        ),
        ("reference: engine alone", format_number(figures["engine_moves_per_second"]), "moves/s", "", None),
        ("reference workload (plain Python)", format_number(figures["reference_kops"]), "kops/s", "", None),
        ("acknowledged moves ÷ engine alone", f"{figures['ratio_to_engine']:.3f}", "", "", None),
    ]
    header = ("measure", "value", "unit", "aim", "")
    cells = [
        (name, value, unit, aim, {None: "", True: "pass", False: "FAIL"}[ok]) for name, value, unit, aim, ok in rows
    ]
    widths = [max(len(row[column]) for row in (header, *cells)) for column in range(5)]

    def line(row: tuple[str, ...]) -> str:
        return "  ".join(
            cell.rjust(width) if column in (1, 3) else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    lines += [line(header), "  ".join("-" * width for width in widths), *(line(row) for row in cells)]
    if figures["errors"]:
        lines += ["", "errors (first 20):", *(f"  {error}" for error in figures["errors"])]
    return "\n".join(lines)


def servers_text(config: dict[str, Any]) -> str:
    """Which servers the run measured, on which store."""
    count = config.get("processes", 1)
    store = (
        f"SQLite WAL synchronous={config['sync']}" if config["db"] is None else f"PostgreSQL --sync {config['sync']}"
    )
    return f"{'eighthalf serve' if count == 1 else f'{count} eighthalf serve processes'} on 127.0.0.1, {store}"


def offered(config: dict[str, Any]) -> str:
    """The load the run offered, in words."""
    if not config["rate"]:
        return "every table moves as soon as its bot has its view (the server saturated: its most moves a second)"
    interval = config["tables"] / config["rate"]
    return f"{config['rate']:,.0f} moves/s in all: each table sends a move every {interval * 1000:.0f} ms at most"
