"""What the server's tests share: a real server process on loopback, and a headless Chromium.

:func:`serve` starts ``python -m eighthalf serve --port 0 --db <tmp>`` and gives the URL it
prints; :func:`chromium_path` finds the Chromium to drive (``EIGHTHALF_CHROMIUM``, the
system's ``chromium``, or Playwright's own) and :func:`launch_chromium` starts it headless,
skipping the test with the reason when Playwright or a Chromium is missing.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

START_SECONDS: Final = 30.0
"""The longest wait for a server to print its URL."""

CHROMIUM_ARGS: Final = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Chromium's flags: headless in a container, and no request to anywhere but the server."""

_URL: Final = re.compile(r"eighthalf serve: (http://127\.0\.0\.1:\d+/)")


def http(method: str, url: str, body: object = None) -> Any:
    """The JSON (or, for a text answer, the text) of an HTTP request to the test server (stdlib only)."""
    import json
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        text = answer.read().decode()
        return json.loads(text) if answer.headers.get_content_type() == "application/json" else text


@contextlib.contextmanager
def serve(tmp_path: Path, *extra: str, db: Path | None = None) -> Iterator[str]:
    """A server process on 127.0.0.1 and a free port, with its database in ``tmp_path``.

    Args:
        tmp_path: Where the database goes (``tables.sqlite3``) and the server's output.
        extra: More arguments of ``eighthalf serve``.
        db: Another database file (to restart a server on the same database).

    Yields:
        The server's URL, ``http://127.0.0.1:PORT/``.

    Raises:
        AssertionError: If the server does not print its URL within :data:`START_SECONDS`.
    """
    database = db if db is not None else tmp_path / "tables.sqlite3"
    log = tmp_path / f"server-{time.monotonic_ns()}.log"
    command = [sys.executable, "-m", "eighthalf", "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(database)]
    process = subprocess.Popen(
        [*command, *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    found: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        with log.open("w", encoding="utf-8") as out:
            for line in process.stdout:
                out.write(line)
                out.flush()
                match = _URL.search(line)
                if match and not found:
                    found.append(match.group(1))
                    ready.set()
        ready.set()

    reader = threading.Thread(target=read, name="server-output", daemon=True)
    reader.start()
    try:
        ready.wait(START_SECONDS)
        assert found, f"the server printed no URL within {START_SECONDS:g} s: {log.read_text(encoding='utf-8')[-2000:]}"
        yield found[0]
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        reader.join(timeout=10)
        if process.stdout is not None:
            process.stdout.close()


def chromium_path(playwright: Any) -> str | None:
    """The Chromium to drive: ``EIGHTHALF_CHROMIUM``, the system's, or Playwright's own (``None``: none)."""
    configured = os.environ.get("EIGHTHALF_CHROMIUM")
    if configured:
        assert Path(configured).is_file(), f"EIGHTHALF_CHROMIUM={configured!r} is not a file"
        return configured
    system = shutil.which("chromium") or shutil.which("chromium-browser")
    if system is not None:
        return system
    try:
        managed = str(playwright.chromium.executable_path)
    except Exception:  # Playwright raises its own error when it has no browser of its own
        return None
    return managed if Path(managed).is_file() else None


@contextlib.contextmanager
def launch_chromium() -> Iterator[Any]:
    """A headless Chromium of Playwright (skips, saying why, without Playwright or a Chromium).

    Yields:
        Playwright's ``Browser``.
    """
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the browser tests need Playwright: pip install playwright"
    )
    with sync_api.sync_playwright() as playwright:
        executable = chromium_path(playwright)
        if executable is None:
            pytest.skip(
                "no Chromium: apt-get install chromium, playwright install chromium, or set EIGHTHALF_CHROMIUM to its path"
            )
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, timeout=30_000)
        try:
            yield browser
        finally:
            browser.close()
