"""The test extra installs every other extra's requirements (the ``dev`` tools apart).

``.ci/run`` and the README install ``.[test]`` alone, then run every optional feature's tests:
a requirement added to an extra but not to ``test`` would leave its tests failing on import.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised (PEP 503), without extras or versions."""
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement.strip())
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group()).lower()


def test_the_test_extra_holds_every_other_extras_requirements() -> None:
    tomllib = pytest.importorskip("tomllib", reason="Python 3.10 has no tomllib")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    tested = {_name(requirement) for requirement in extras["test"]}
    missing = {
        extra: sorted(name for name in map(_name, requirements) if name != "eighthalf" and name not in tested)
        for extra, requirements in extras.items()
        if extra not in {"test", "dev"}  # dev: the maintainers' tools (nox, ruff), not a feature
    }
    assert not any(missing.values()), f"the test extra lacks these extras' requirements: {missing}"
