"""Run the benchmark cases on both builds of eighthalf in one run (issue 12).

One interpreter can load only one build, so for each build this module prepares a copy
of the package and of the benchmarks in a scratch directory (``.bench-builds/`` beside
the checkout; the compiled copy is made by ``python -m eighthalf.build``) and runs
``python -m benchmarks --builds loaded --json`` there in a child process, one build after
the other, so both see the same machine within minutes of each other.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

__all__ = ["BUILDS", "prepare", "run_build"]

BUILDS = ("pure", "compiled")
"""The builds that ``python -m benchmarks`` measures by default."""

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".bench-builds"


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "eighthalf").rglob("*.py")):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def prepare(build: str) -> Path:
    """A directory holding ``eighthalf`` (pure or compiled) and ``benchmarks``, made once per source version.

    Raises:
        RuntimeError: If the compiled build cannot be made (no mypy, setuptools or C compiler).
    """
    tree = SCRATCH / f"{build}-{_fingerprint()}"
    done = tree / ".ready"
    if done.is_file():
        return tree
    shutil.rmtree(tree, ignore_errors=True)
    ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    shutil.copytree(ROOT / "eighthalf", tree / "eighthalf", ignore=ignore)
    shutil.copytree(ROOT / "benchmarks", tree / "benchmarks", ignore=ignore)
    if build == "compiled":
        made = subprocess.run(
            [sys.executable, "-m", "eighthalf.build"],
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
            capture_output=True,
            text=True,
        )
        if made.returncode:
            shutil.rmtree(tree, ignore_errors=True)
            raise RuntimeError(f"could not compile the core: {made.stderr.strip().splitlines()[-1:]}")
    done.write_text("ok\n", encoding="utf-8")
    return tree


def run_build(build: str, arguments: list[str]) -> dict[str, Any]:
    """Run the suite on ``build`` in a child process and return its JSON document.

    Raises:
        RuntimeError: If the child fails or loaded another build than asked.
    """
    tree = prepare(build)
    child = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--builds", "loaded", "--json", *arguments],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
    )
    if child.returncode not in (0, 1):
        raise RuntimeError(f"the {build} run failed: {child.stderr.strip()[-500:]}")
    document: dict[str, Any] = json.loads(child.stdout)
    if document["machine"].get("build") != build:
        raise RuntimeError(f"asked for the {build} build, the child loaded {document['machine'].get('build')}")
    return document
