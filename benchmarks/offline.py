"""The engine in the browser against CPython: ``python -m benchmarks.offline [--quick] [--repeat N] [--json]``.

Random play (the legal moves, then one chosen by a seeded :class:`random.Random`, applied with
the checked ``apply``; a game stopped after 1,000 moves), through the game protocol, of the
same deals in CPython here and in Pyodide under Node (``clients/offline/bench.mjs``) on the
same machine: steps a second of CPU time (the process's own, so that the machine's other
work counts less), and their ratio. Then the engine's start in Node (Pyodide, the archives
unpacked, eighthalf imported) and, where Playwright and a Chromium are installed, the time
from opening the offline table (static files from a temporary folder) to its first move
offered. It needs Node and ``npm ci`` in ``clients/offline``; docs/frontend.rst gives the
figures measured.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from eighthalf.server.web.offline import ARCHIVES, build, site_archive

CLIENT: Final = Path(__file__).parents[1] / "clients" / "offline"
"""The offline engine's Node package."""

RANDOM_PLAY: Final = '''
import random
from eighthalf.registry import find

def random_steps(name, deals, limit=1000):
    """The moves of random play of the game ``name`` over the deals of seeds ``0 .. deals - 1``
    (the least number of players, each game stopped after ``limit`` moves: random play may cycle)."""
    game, rng, steps = find(name).game, random.Random(1), 0
    for seed in range(deals):
        state = game.start(game.player_counts(game.default_rules).start, seed=seed)
        for _ in range(limit):
            if game.to_move(state) is None:
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            steps += 1
    return steps
'''
"""The random play, one source for both Pythons (it uses only the game protocol)."""

DEALS: Final = {"8½": 40, "Eights": 4}
"""The deals each game plays a repeat (``--quick``: a tenth, at least one)."""


def _calls(quick: bool, repeat: int) -> list[tuple[str, int]]:
    deals = [(name, max(1, count // 10) if quick else count) for name, count in DEALS.items()]
    return deals * repeat


def cpython_rates(calls: Sequence[tuple[str, int]]) -> list[tuple[str, float]]:
    """:data:`RANDOM_PLAY`'s steps a second of CPU time in this Python, a call at a time."""
    scope: dict[str, Any] = {}
    exec(RANDOM_PLAY, scope)
    rates = []
    for name, deals in calls:
        begin = time.process_time()
        steps = scope["random_steps"](name, deals)
        rates.append((name, steps / (time.process_time() - begin)))
    return rates


def _archives(folder: Path) -> list[Path]:
    paths = []
    for name, modules in ARCHIVES.items():
        paths.append(folder / f"{name}.zip")
        paths[-1].write_bytes(site_archive(name, modules))
    return paths


def pyodide_rates(
    calls: Sequence[tuple[str, int]], folder: Path
) -> tuple[tuple[float, float], list[tuple[str, float]]]:
    """The start of Node and the engine (its wall time in milliseconds, and the CPU seconds of
    the process by then) and :data:`RANDOM_PLAY`'s steps a second of CPU time in Pyodide, a call at a time."""
    code = folder / "bench.py"
    code.write_text(RANDOM_PLAY, encoding="utf-8")
    env = {
        **os.environ,
        "EIGHTHALF_OFFLINE_ARCHIVES": os.pathsep.join(map(str, _archives(folder))),
        "EIGHTHALF_OFFLINE_CODE": str(code),
        "EIGHTHALF_OFFLINE_CALLS": json.dumps([f"random_steps({name!r}, {deals})" for name, deals in calls]),
    }
    done = subprocess.run(
        ["node", "bench.mjs"], cwd=CLIENT, env=env, capture_output=True, text=True, check=True, timeout=3600
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    rates = [(name, each["value"] / each["cpu_s"]) for (name, _), each in zip(calls, found["calls"], strict=True)]
    return (float(found["start_ms"]), float(found["start_cpu_s"])), rates


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def _static(folder: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def first_move_ms(folder: Path) -> float | None:
    """The milliseconds from opening the offline table in Chromium to its first move offered
    (``None``: no Playwright or no Chromium)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        return None
    build(folder, CLIENT / "node_modules" / "pyodide")
    with _static(folder) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            begin = time.perf_counter()
            page.goto(f"{site}index.html?game=eights&seed=1&pause=0")
            page.wait_for_function("Number(document.body.dataset.moves) > 0", timeout=300_000)
            return (time.perf_counter() - begin) * 1000
        finally:
            browser.close()


def bundle_mb(folder: Path) -> float:
    """The size of the offline table's folder (MB)."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 1e6


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table (``--json``: as JSON)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.offline", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the deals")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--no-browser", action="store_true", help="leave out the time to the first move in Chromium")
    parser.add_argument("--repeat", type=int, default=3, help="the repeats of each game (the median is shown)")
    arguments = parser.parse_args(argv)
    if shutil.which("node") is None or not (CLIENT / "node_modules" / "pyodide").is_dir():
        print(f"skipped: needs Node and npm ci in {CLIENT}", file=sys.stderr)
        return 0
    calls = _calls(arguments.quick, arguments.repeat)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        cpython = cpython_rates(calls)
        (start_ms, start_cpu), pyodide = pyodide_rates(calls, folder)
        browser = None if arguments.no_browser else first_move_ms(folder / "bundle")
        size = None if browser is None else bundle_mb(folder / "bundle")
    rows = []
    for name in DEALS:
        ours = statistics.median(rate for game, rate in cpython if game == name)
        theirs = statistics.median(rate for game, rate in pyodide if game == name)
        rows.append({"game": name, "cpython": ours, "pyodide": theirs, "ratio": ours / theirs})
    document = {
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "load": os.getloadavg()[0],
            "date": time.strftime("%Y-%m-%d"),
        },
        "random_play": rows,
        "node_start_ms": start_ms,
        "node_start_cpu_s": start_cpu,
        "chromium_first_move_ms": browser,
        "bundle_mb": size,
    }
    if arguments.json:
        print(json.dumps(document, indent=2, ensure_ascii=False))
        return 0
    print("random play, steps a second of CPU time (median of the repeats)")
    print(f"{'game':<8} {'CPython':>10} {'Pyodide':>10} {'CPython ÷ Pyodide':>18}")
    for row in rows:
        print(f"{row['game']:<8} {row['cpython']:>10,.0f} {row['pyodide']:>10,.0f} {row['ratio']:>18.2f}")
    print(f"engine start in Node: {start_ms / 1000:.1f} s, {start_cpu:.1f} s of CPU time")
    if browser is not None:
        print(f"Chromium, page opened to first move: {browser / 1000:.1f} s (folder: {size:.1f} MB)")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs, Python {platform.python_version()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
