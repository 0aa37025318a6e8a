"""The documentation: it builds with nitpicky warnings as errors, and it covers the API.

The ``>>>`` examples of ``docs/*.rst`` are run by pytest itself (``--doctest-glob=*.rst``
in ``pyproject.toml``); these tests check the Sphinx build and the API reference.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

import eighthalf

DOCS = Path(__file__).resolve().parent.parent / "docs"

pytest.importorskip("sphinx")


@pytest.mark.skipif(
    eighthalf.BUILD == "compiled", reason="the docs are built from the sources, in the pure build's run"
)
def test_docs_build_nitpicky_without_warnings(tmp_path: Path) -> None:
    """``sphinx-build -n -W --keep-going -b html`` succeeds (as the ``docs`` nox session)."""
    from sphinx.cmd.build import build_main

    args = ["-n", "-W", "--keep-going", "-q", "-E", "-b", "html"]
    args += ["-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")]
    with warnings.catch_warnings():
        # Sphinx's own deprecation warnings (Sphinx 9's napoleon trips one itself) are
        # about Sphinx, not about these docs; the test suite otherwise turns warnings
        # into errors. Sphinx's warnings about the docs are errors through -W.
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        status = build_main(args)
    assert status == 0
    assert (tmp_path / "html" / "api.html").is_file()


def test_api_reference_documents_every_public_name() -> None:
    """Every name in ``eighthalf.__all__`` has its own entry in ``docs/api.rst``."""
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    top_level = text.split("\n.. module:: eighthalf.", 1)[0]  # before the submodule helpers
    documented = set(re.findall(r"^\.\. (?:auto)?(?:class|function|data|exception):: (\w+)", top_level, re.M))
    missing = sorted(set(eighthalf.__all__) - documented)
    assert not missing, f"add these public names to docs/api.rst: {missing}"
