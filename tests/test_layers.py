"""The layers of the package and the independence of its games (issue 25), by import-linter.

The contracts are in ``pyproject.toml`` (``[tool.importlinter]``): :mod:`eighthalf.common`
knows no game and no tool above it; Eights names nothing of 8½ and 8½ nothing of Eights;
the server and the schema builder name no game; within each game the game object sits
below the records, documents and bots that use it, and those below the terminal, the
simulations, the command line and the game's registry entry; the server's web layer sits
over its tables, protocol and games. Imports inside functions and under ``TYPE_CHECKING``
count as much as the others, so none may run against the layers.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter")

ROOT = Path(__file__).resolve().parent.parent
_RUN = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True, no_logo=True))"


def test_issue_25_the_import_contracts_are_kept() -> None:
    # In a process of its own: the linter's console takes over the streams of the process it runs in.
    done = subprocess.run([sys.executable, "-c", _RUN], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout, done.stdout
