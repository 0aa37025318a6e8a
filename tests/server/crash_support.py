"""A real ``eighthalf serve`` process for the crash test: start it, read its URL, kill it, start it again.

The server runs as ``python -m eighthalf serve --port 0 --db PATH`` on 127.0.0.1, so every
start picks a free port, which the line it prints once listening gives. Its output goes to
a log file per start (``server-<n>.log`` beside the database), quoted when a start fails.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Final

from postgres_support import STORE, new_database

__all__ = ["ServerProcess", "get_json", "get_text"]


_LISTENING: Final = re.compile(r"eighthalf serve: (http://127\.0\.0\.1:\d+)/ ")


class ServerProcess:
    """One server on a database file, started and killed as often as a test likes.

    Args:
        db: The SQLite database file (kept across starts).
    """

    def __init__(self, db: Path) -> None:
        self.db = db
        self.database = str(db) if STORE != "postgresql" else new_database()
        """The ``--db`` of every start: the file, or (``EIGHTHALF_TEST_STORE=postgresql``) a
        PostgreSQL database of its own."""
        self.starts = 0
        self.url: str | None = None
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> str:
        """Start the server on :attr:`db` and return its URL once it listens (``http://127.0.0.1:PORT``).

        Raises:
            RuntimeError: If a server is already running, or the new one exits before it
                prints its URL (the log is quoted).
        """
        if self._process is not None:
            raise RuntimeError("the server is already running")
        self.starts += 1
        log = self.db.with_name(f"server-{self.starts}.log")
        with log.open("wb") as output:
            self._process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "eighthalf",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--db",
                    self.database,
                ],
                stdout=output,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        while True:  # until it says where it listens, or exits: however long a slow machine takes to start it
            found = _LISTENING.search(log.read_text(encoding="utf-8", errors="replace"))
            if found:
                self.url = found.group(1)
                return self.url
            if self._process.poll() is not None:
                break
            time.sleep(0.02)
        self.stop()
        tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
        raise RuntimeError(f"the server did not start (start {self.starts}); its log ends:\n{tail}")

    def kill(self) -> None:
        """Kill the server with SIGKILL (no clean-up of any kind) and wait for it to be gone."""
        process, self._process, self.url = self._process, None, None
        if process is not None and process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        if process is not None:
            process.wait(timeout=10)

    def stop(self) -> None:
        """Kill the server if it runs (for a test's teardown)."""
        self.kill()


def get_json(url: str) -> Any:
    """The JSON document at ``url`` (a GET on loopback, 10 s at most)."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def get_text(url: str) -> str:
    """The text at ``url`` (a GET on loopback, 10 s at most)."""
    with urllib.request.urlopen(url, timeout=10) as response:
        text: str = response.read().decode("utf-8")
        return text
