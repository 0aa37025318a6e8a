"""The package, the tests, the examples and the benchmarks type-check under ``mypy --strict``."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
_CHECKED = ("eighthalf", "tests", "examples", "benchmarks")


def _targets() -> list[str]:
    """The checked directories that exist and hold Python files (mypy refuses empty ones)."""
    return [name for name in _CHECKED if (ROOT / name).is_dir() and any((ROOT / name).rglob("*.py"))]


def test_mypy_strict_passes() -> None:
    targets = _targets()
    assert "eighthalf" in targets and "tests" in targets
    stdout, stderr, status = api.run(
        ["--strict", "--config-file", str(ROOT / "pyproject.toml"), *(str(ROOT / name) for name in targets)]
    )
    assert status == 0, f"mypy --strict {' '.join(targets)} failed (exit {status}):\n{stdout}{stderr}"
