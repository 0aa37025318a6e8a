"""Test collection across both builds (see :mod:`eighthalf.build`).

When the rules core is compiled, its ``.py`` sources are not what Python imports, so
pytest's ``--doctest-modules`` cannot collect them; ``tests/test_build.py`` runs their
doctests against the compiled modules instead.
"""

from __future__ import annotations

from pathlib import Path

from eighthalf.build import BUILD, COMPILED_MODULES

collect_ignore: list[str] = []
if BUILD == "compiled":
    root = Path(__file__).parent
    collect_ignore = [str(root.joinpath(*name.split(".")).with_suffix(".py")) for name in COMPILED_MODULES]
