"""The Eights package keeps 8½'s layout: a test named after every W rule id, a core that
imports no front-end part, and the public names re-exported and documented."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import eighthalf.eights
import eighthalf.errors

HERE = Path(__file__).resolve().parent
PACKAGE = Path(eighthalf.eights.__file__).resolve().parent.parent / "games" / "eights"
RULES_PAGE = HERE.parent.parent / "docs" / "eights.rst"
DOCS = HERE.parent.parent / "docs" / "api" / "eights.rst"

RULE_IDS = [
    *(f"WS{n}" for n in range(1, 6)),
    *(f"WT{n}" for n in range(1, 9)),
    *(f"WP{n}" for n in range(1, 4)),
    *(f"WH{n}" for n in range(1, 4)),
    *(f"WG{n}" for n in range(1, 4)),
    *(f"WR{n}" for n in range(1, 3)),
    *(f"WI{n}" for n in range(1, 5)),
]
"""Every rule id of the Eights page of the docs (docs/eights.rst)."""

CORE = ("cards", "words", "moves", "options", "state", "deal", "engine", "position")
FRONT_END = ("views", "events", "serialization", "records", "bots", "terminal", "simulate", "cli", "match")


def test_every_rule_id_has_a_test_named_after_it() -> None:
    names = set(re.findall(r"^def (test_\w+)", (HERE / "test_eights_rules.py").read_text(encoding="utf-8"), re.M))
    missing = [rule for rule in RULE_IDS if not any(name.startswith(f"test_{rule}_") for name in names)]
    assert not missing, f"no test for {missing}"


def test_every_rule_id_is_on_the_docs_page() -> None:
    text = RULES_PAGE.read_text(encoding="utf-8")
    assert [rule for rule in RULE_IDS if f"**{rule}**" not in text] == []


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_core_imports_no_front_end_part() -> None:
    for name in CORE:
        for imported in _imports(PACKAGE / f"{name}.py"):
            last = imported.rsplit(".", 1)[-1]
            assert last not in FRONT_END, f"eighthalf.eights.{name} imports {imported}"


def test_public_names_are_documented() -> None:
    text = DOCS.read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. auto(?:class|function|data):: (\w+)", text, re.M))
    # The error classes are 8½'s own (one family for both games), documented on the
    # errors page; the Eights page names each of them.
    shared = {name for name in eighthalf.eights.__all__ if getattr(eighthalf.errors, name, None) is not None}
    documented |= {name for name in shared if f":class:`~eighthalf.{name}`" in text}
    assert sorted(set(eighthalf.eights.__all__) - documented) == []
