"""The engine in the browser against CPython: ``python -m benchmarks.offline [--quick] [--pyodide PATH]``.

Random play (the legal moves, then one chosen by a seeded :class:`random.Random`, applied with
the checked ``apply``; a game stopped after 1,000 moves) through the game protocol of each registered game, in steps a second:
in CPython here, and in Pyodide under Node (``clients/offline/bench.mjs``) on the same
machine, with their ratio; then the engine's start in Node (Pyodide, the archives unpacked,
eighthalf imported), and, where Playwright and a Chromium are installed, the time from
opening the offline table (served as static files from a temporary folder) to its first
move offered. Needs Node and ``npm ci`` in ``clients/offline``; docs/frontend.rst gives the
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
import json, random, time
from eighthalf.registry import games

def random_steps(seconds, seed=1, limit=1000):
    """Each game's random-play steps a second, over games of at most ``limit`` moves (random play
    may cycle for ever), for about ``seconds`` each."""
    rates = {}
    for entry in games():
        game, rng, steps = entry.game, random.Random(seed), 0
        begin = time.perf_counter()
        deal = 0
        while time.perf_counter() - begin < seconds:
            state = game.start(game.player_counts(game.default_rules).start, seed=deal)
            deal += 1
            for _ in range(limit):
                if game.to_move(state) is None:
                    break
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                steps += 1
        rates[entry.name] = steps / (time.perf_counter() - begin)
    return rates
'''
"""The random play, one source for both Pythons (it uses only the game protocol)."""


def cpython_rates(seconds: float) -> dict[str, float]:
    """:data:`RANDOM_PLAY`'s steps a second in this Python."""
    scope: dict[str, Any] = {}
    exec(RANDOM_PLAY, scope)
    rates: dict[str, float] = scope["random_steps"](seconds)
    return rates


def _archives(folder: Path) -> list[Path]:
    paths = []
    for name, modules in ARCHIVES.items():
        paths.append(folder / f"{name}.zip")
        paths[-1].write_bytes(site_archive(name, modules))
    return paths


def pyodide_rates(seconds: float, folder: Path) -> tuple[float, dict[str, float]]:
    """The engine's start in Node (milliseconds) and :data:`RANDOM_PLAY`'s steps a second in Pyodide."""
    code = folder / "bench.py"
    code.write_text(RANDOM_PLAY + f"\njson.dumps(random_steps({seconds!r}))\n", encoding="utf-8")
    env = {
        **os.environ,
        "EIGHTHALF_OFFLINE_ARCHIVES": os.pathsep.join(map(str, _archives(folder))),
        "EIGHTHALF_OFFLINE_CODE": str(code),
    }
    done = subprocess.run(
        ["node", "bench.mjs"], cwd=CLIENT, env=env, capture_output=True, text=True, check=True, timeout=1200
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return float(found["start_ms"]), dict(found["answer"])


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
    parser.add_argument("--quick", action="store_true", help="0.2 s of play a game instead of 5")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--no-browser", action="store_true", help="leave out the time to the first move in Chromium")
    arguments = parser.parse_args(argv)
    seconds = 0.2 if arguments.quick else 5.0
    if shutil.which("node") is None or not (CLIENT / "node_modules" / "pyodide").is_dir():
        print(f"skipped: needs Node and npm ci in {CLIENT}", file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        start_ms, pyodide = pyodide_rates(seconds, folder)
        cpython = cpython_rates(seconds)
        browser = None if arguments.no_browser else first_move_ms(folder / "bundle")
        size = None if browser is None else bundle_mb(folder / "bundle")
    rows = [
        {"game": name, "cpython": cpython[name], "pyodide": pyodide[name], "ratio": cpython[name] / pyodide[name]}
        for name in pyodide  # the games of the wheel (a test may register more here)
    ]
    document = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "date": time.strftime("%Y-%m-%d")},
        "random_play": rows,
        "node_start_ms": start_ms,
        "chromium_first_move_ms": browser,
        "bundle_mb": size,
    }
    if arguments.json:
        print(json.dumps(document, indent=2, ensure_ascii=False))
        return 0
    print(f"{'game':<8} {'CPython steps/s':>16} {'Pyodide steps/s':>16} {'CPython ÷ Pyodide':>18}")
    for row in rows:
        print(f"{row['game']:<8} {row['cpython']:>16,.0f} {row['pyodide']:>16,.0f} {row['ratio']:>18.2f}")
    print(f"engine start in Node: {start_ms / 1000:.1f} s")
    if browser is not None:
        print(f"Chromium, page opened to first move: {browser / 1000:.1f} s (folder: {size:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
