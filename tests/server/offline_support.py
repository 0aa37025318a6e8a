"""What the offline table's tests share: Pyodide's folder (the ``pyodide`` npm package of
``clients/offline``), the offline bundle written into a folder, and a plain static file server.

Each skips its test, saying why, when Node's packages are not installed.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

from eighthalf.server.web.offline import PYODIDE_FILES, build

OFFLINE_CLIENT: Final = Path(__file__).parents[2] / "clients" / "offline"
"""The offline engine's Node package (its tests, its benchmark, the pinned Pyodide)."""


def pyodide_folder() -> Path:
    """The folder of the ``pyodide`` npm package (skips without it or without Node)."""
    folder = OFFLINE_CLIENT / "node_modules" / "pyodide"
    if shutil.which("node") is None:
        pytest.skip("the offline engine's tests need Node.js (apt-get install nodejs npm)")
    if not all((folder / name).is_file() for name in PYODIDE_FILES):
        pytest.skip(f"Pyodide is not installed: run npm ci in {OFFLINE_CLIENT}")
    return folder


def write_bundle(folder: Path) -> Path:
    """The offline table's files written into ``folder`` (skips without Pyodide)."""
    build(folder, pyodide_folder())
    return folder


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """``folder`` served as plain static files on a free port of 127.0.0.1: its address, ending in ``/``."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
