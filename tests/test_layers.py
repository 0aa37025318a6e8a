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

from pathlib import Path

import pytest

cli = pytest.importorskip("importlinter.cli")

ROOT = Path(__file__).resolve().parent.parent


def test_issue_25_the_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert status == 0, report
    assert "broken" not in report.lower().replace("0 broken", ""), report
