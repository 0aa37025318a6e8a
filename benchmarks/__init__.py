"""The benchmark suite of eighthalf: ``python -m benchmarks`` (or ``nox -s bench``).

The cases live in :mod:`benchmarks.cases`, in a registry (:data:`benchmarks.cases.CASES`);
:mod:`benchmarks.__main__` is the command line that runs them and prints a table or JSON.
See ``docs/performance.rst`` for what every row means.
"""

from __future__ import annotations

from .cases import CASES, Case, Result, Settings, Skipped, Target, register, run_case

__all__ = ["CASES", "Case", "Result", "Settings", "Skipped", "Target", "register", "run_case"]
