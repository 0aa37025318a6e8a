"""The benchmark suite of eighthalf: ``python -m benchmarks`` (or ``nox -s bench``).

The cases live in :mod:`benchmarks.cases`, in a registry (:data:`benchmarks.cases.CASES`),
with the rows of Eights from :mod:`benchmarks.eights`;
:mod:`benchmarks.__main__` is the command line that runs them and prints a table or JSON.
See ``docs/performance.rst`` for what every row means.
"""

from __future__ import annotations

from .cases import CASES, Case, Result, Settings, Skipped, Target, register, run_case
from .eights import register_eights

register_eights()

__all__ = ["CASES", "Case", "Result", "Settings", "Skipped", "Target", "register", "run_case"]
