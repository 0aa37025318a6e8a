"""``nox -s docs`` installs every extra that the API pages' modules import (issue 27).

The API pages document modules with ``automodule``; autodoc imports each one, so the docs
session must install every optional extra whose distributions those modules import at
their top level (the game server's pages need ``server``, the environments ``rl`` and
``openspiel``). Read from the sources, so neither nox nor the extras need be installed.
"""

from __future__ import annotations

import ast
import re
import sys
from importlib import metadata
from pathlib import Path
from typing import Final

import pytest

ROOT: Final = Path(__file__).resolve().parent.parent
_AUTOMODULE: Final = re.compile(r"^\.\. automodule:: (eighthalf[\w.]*)", re.MULTILINE)
_REQUIREMENT_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _docs_session_extras() -> set[str]:
    """The extras that the ``docs`` session of ``noxfile.py`` installs (``-e .[a,b]``)."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    docs = next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "docs")
    extras: set[str] = set()
    for call in ast.walk(docs):
        if isinstance(call, ast.Call) and ast.unparse(call.func) == "session.install":
            for argument in call.args:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    found = re.fullmatch(r"\.\[([\w,-]+)\]", argument.value)
                    extras.update(found.group(1).split(",") if found else ())
    return extras


def _module_file(module: str) -> Path:
    path = ROOT.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _top_level_imports(path: Path) -> set[str]:
    """The top-level names of the modules ``path`` imports as it is imported (in ``try`` blocks too;
    not in functions, nor under ``TYPE_CHECKING``)."""
    names: set[str] = set()
    statements = list(ast.parse(path.read_text(encoding="utf-8")).body)
    while statements:
        node = statements.pop()
        if isinstance(node, ast.Import):
            names.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
        elif isinstance(node, ast.Try):
            statements.extend([*node.body, *node.orelse, *node.finalbody])
        elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
            statements.extend([*node.body, *node.orelse])
    return {name for name in names if name not in sys.stdlib_module_names and name != "eighthalf"}


def _extras_of() -> dict[str, set[str]]:
    """Each optional distribution's extras (every extra that asks for it)."""
    tomllib = pytest.importorskip("tomllib", reason="Python 3.10 has no tomllib")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    found: dict[str, set[str]] = {}
    for extra, requirements in extras.items():
        for requirement in requirements:
            name = _REQUIREMENT_NAME.match(requirement)
            if name and not name.group().startswith("eighthalf") and extra not in ("test", "dev"):
                found.setdefault(_normal(name.group()), set()).add(extra)
    return found


def test_the_docs_session_installs_every_extra_the_api_pages_import() -> None:
    documented = {
        module
        for page in (ROOT / "docs" / "api").glob("*.rst")
        for module in _AUTOMODULE.findall(page.read_text(encoding="utf-8"))
    }
    assert "eighthalf.server.client" in documented and "eighthalf.envs.pettingzoo" in documented
    distributions = metadata.packages_distributions()
    extras_of = _extras_of()
    core = {_normal(name) for name in ("attrs", "typing-extensions")}
    needed: dict[str, set[str]] = {}  # a distribution imported by documented modules: those modules
    for module in sorted(documented):
        for name in _top_level_imports(_module_file(module)):
            for distribution in distributions.get(name, [name]):
                if _normal(distribution) not in core:
                    assert _normal(distribution) in extras_of, f"{module} imports {name}, which no extra installs"
                    needed.setdefault(_normal(distribution), set()).add(module)
    assert {"starlette", "pettingzoo", "open-spiel"} <= set(needed), sorted(needed)
    installed = _docs_session_extras()
    missing = {
        f"{distribution} (extras: {', '.join(sorted(extras_of[distribution]))})": sorted(modules)
        for distribution, modules in needed.items()
        if not extras_of[distribution] & installed
    }
    assert not missing, f"nox -s docs installs none of the extras that these documented modules import: {missing}"
