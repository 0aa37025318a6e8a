"""A real PostgreSQL for the server's tests: Debian's server binaries on a temporary directory.

:func:`cluster` starts one PostgreSQL per test process (``initdb`` and ``pg_ctl`` on a
temporary directory, listening only on a Unix socket there), stopped when the process ends;
:func:`new_database` makes a fresh database in it and gives its libpq URL. PostgreSQL
refuses to run as root, so under root (CI) the cluster runs as the ``postgres`` system
user. Without the binaries (``apt-get install postgresql``) or psycopg the tests that need
it skip, saying why.

``EIGHTHALF_TEST_STORE=postgresql`` makes :func:`server_support.start_server` and the crash
test's server put their tables in a fresh PostgreSQL database instead of a SQLite file, so
that the whole server suite runs on either store (``.ci/run`` runs it on both).
"""

from __future__ import annotations

import atexit
import glob
import itertools
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Final

import pytest

STORE: Final = os.environ.get("EIGHTHALF_TEST_STORE", "sqlite")
"""The store the server tests run on: ``sqlite`` (the default) or ``postgresql``."""

_lock = threading.Lock()
_started: dict[str, Path] = {}
_numbers = itertools.count()


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_owner(command: list[str]) -> list[str]:
    """``command`` run as the cluster's owner: ``postgres`` under root, else the current user."""
    if os.geteuid() != 0:
        return command
    runuser = shutil.which("runuser")
    assert runuser is not None, "runuser is needed to run PostgreSQL as the postgres user under root"
    return [runuser, "-u", "postgres", "--", *command]


def cluster() -> Path:
    """The directory of this process's PostgreSQL (its Unix socket is there), started on first use.

    Skips the test, saying why, when the binaries or psycopg are missing.
    """
    pytest.importorskip("psycopg", reason="the PostgreSQL store needs psycopg: pip install psycopg[binary]")
    initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql")
    with _lock:
        if "directory" in _started:
            return _started["directory"]
        directory = Path(tempfile.mkdtemp(prefix="eighthalf-pg-"))
        if os.geteuid() == 0:
            shutil.chown(directory, "postgres", "postgres")
        data = directory / "data"
        subprocess.run(
            _as_owner([initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]),
            check=True,
            capture_output=True,
        )
        options = f"-k {directory} -c listen_addresses= -c fsync=off -c max_connections=200"
        subprocess.run(
            _as_owner([pg_ctl, "-D", str(data), "-o", options, "-l", str(directory / "log"), "-w", "start"]),
            check=True,
            capture_output=True,
        )
        _started["directory"] = directory

        def stop() -> None:
            subprocess.run(_as_owner([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]), capture_output=True)
            shutil.rmtree(directory, ignore_errors=True)

        atexit.register(stop)
        return directory


def url(database: str) -> str:
    """The libpq URL of ``database`` in this process's cluster."""
    return f"postgresql:///{database}?host={cluster()}&user=postgres"


def new_database() -> str:
    """A fresh, empty database in this process's cluster: its libpq URL."""
    import psycopg

    name = f"t{os.getpid()}_{next(_numbers)}"
    with psycopg.connect(url("postgres"), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return url(name)
