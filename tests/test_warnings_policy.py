"""The test run's warnings policy (``filterwarnings`` in ``pyproject.toml``, issue 28).

A warning about the project's own code, or about its calls (attributed to its line), is an
error; what a third-party package the environments integrate with warns about its own code
as it is imported is shown, not raised: with pygame installed, importing ``pettingzoo.test``
loads PettingZoo's ``connect_four_v3``, which warns that its own creation API is deprecated.
"""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path
from typing import Final

import pytest

ROOT: Final = Path(__file__).resolve().parent.parent


def test_a_warning_of_our_own_code_is_an_error() -> None:
    with pytest.raises(DeprecationWarning, match="ours"):
        warnings.warn("ours", DeprecationWarning, stacklevel=1)
    with pytest.raises(DeprecationWarning, match="a call of ours"):
        warnings.warn_explicit("a call of ours", DeprecationWarning, "envs.py", 1, module="eighthalf.envs.aec")


@pytest.mark.parametrize("module", ["pettingzoo.test.api_test", "pygame.pkgdata", "gymnasium.envs.registration"])
def test_what_a_third_party_package_warns_of_itself_is_shown_not_raised(module: str) -> None:
    with warnings.catch_warnings(record=True) as caught:  # the run's filters, not pytest.warns' "always"
        warnings.warn_explicit("theirs", DeprecationWarning, f"{module}.py", 1, module=module)
    assert [str(warning.message) for warning in caught] == ["theirs"]


def test_the_envs_tests_collect_with_pygame_present() -> None:
    """The issue's case, in a fresh process: with pygame installed, importing ``pettingzoo.test``
    loads ``connect_four_v3``, which warns; collecting the Eights environment tests must not stop."""
    pytest.importorskip("pygame", reason="pygame is in the test extra; without it the classic envs are not loaded")
    pytest.importorskip("pettingzoo", reason="the rl extra")
    probe = "import sys, pettingzoo.test; print('pettingzoo.classic.connect_four' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip().endswith("True")  # the import that warns is really new_bot
    collected = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/eights/test_eights_envs.py",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert collected.returncode == 0, collected.stdout[-2000:] + collected.stderr[-2000:]
