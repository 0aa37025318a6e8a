"""Test collection across both builds (see :mod:`eighthalf.build`).

When the rules core is compiled, its ``.py`` sources are not what Python imports, so
pytest's ``--doctest-modules`` cannot collect them; ``tests/test_build.py`` runs their
doctests against the compiled modules instead.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The third game's one registration (issue 25): tests/thirdgame holds the game Shedding as a
# distribution of its own (shedding/ and shedding-0.1.dist-info/, whose entry point in the group
# eighthalf.games registers it), put first on the path of this process and of its subprocesses
# (server processes, command-line runs) before anything reads the registry of games.
_THIRD_GAME = str(Path(__file__).parent / "tests" / "thirdgame")
sys.path.insert(0, _THIRD_GAME)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [_THIRD_GAME, os.environ.get("PYTHONPATH")]))

from eighthalf.build import BUILD, COMPILED_MODULES  # noqa: E402

collect_ignore: list[str] = []
if BUILD == "compiled":
    root = Path(__file__).parent
    collect_ignore = [str(root.joinpath(*name.split(".")).with_suffix(".py")) for name in COMPILED_MODULES]
