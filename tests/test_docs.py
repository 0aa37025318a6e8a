"""The documentation: it builds with nitpicky warnings as errors, and it covers the API.

The ``>>>`` examples of ``docs/*.rst`` are run by pytest itself (``--doctest-glob=*.rst``
in ``pyproject.toml``); these tests check the Sphinx build (once, shared by the tests
below), the API reference and the check in ``docs/conf.py`` that fails the build when a
documented name has no docstring of its own.
"""

from __future__ import annotations

import pkgutil
import re
import warnings
from pathlib import Path

import pytest

import eighthalf

DOCS = Path(__file__).resolve().parent.parent / "docs"
SCHEMAS = Path(eighthalf.__file__).resolve().parent / "schemas"

pytest.importorskip("sphinx")
pytest.importorskip("furo")
pytest.importorskip("myst_parser")


def _build(source: Path, out: Path, builder: str = "html") -> tuple[int, str]:
    """``sphinx-build -n -W --keep-going -b builder``; the exit status and the warnings."""
    from sphinx.cmd.build import build_main

    log = out / "warnings.txt"
    args = ["-n", "-W", "--keep-going", "-q", "-E", "-b", builder, "-w", str(log)]
    args += ["-d", str(out / "doctrees"), str(source), str(out / builder)]
    with warnings.catch_warnings():
        # Sphinx's own deprecation warnings (Sphinx 9's napoleon trips one itself) are
        # about Sphinx, not about these docs; the test suite otherwise turns warnings
        # into errors. Sphinx's warnings about the docs are errors through -W.
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        status = build_main(args)
    return status, log.read_text(encoding="utf-8") if log.exists() else ""


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML docs, built as the ``docs`` nox session builds them."""
    if eighthalf.BUILD == "compiled":
        pytest.skip("the docs are built from the sources, in the pure build's run")
    out = tmp_path_factory.mktemp("docs")
    status, log = _build(DOCS, out)
    assert status == 0, f"the docs build failed:\n{log}"
    return out / "html"


def test_docs_build_nitpicky_without_warnings(html: Path) -> None:
    """``sphinx-build -n -W --keep-going -b html`` succeeds, with the furo theme and every page."""
    for page in ("index", "api", "api/cards", "api/schemas", "examples", "changelog"):
        assert (html / f"{page}.html").is_file(), page
    assert "furo" in (html / "api.html").read_text(encoding="utf-8")


def _anchors(html: Path) -> set[str]:
    ids: set[str] = set()
    for page in [html / "api.html", *(html / "api").glob("*.html")]:
        ids.update(re.findall(r'\bid="(eighthalf\.[\w.]+)"', page.read_text(encoding="utf-8")))
    return ids


def test_api_reference_documents_every_public_name(html: Path) -> None:
    """Every name in ``eighthalf.__all__`` has its own entry, as ``eighthalf.<name>``."""
    documented = _anchors(html)
    missing = sorted(name for name in eighthalf.__all__ if f"eighthalf.{name}" not in documented)
    assert not missing, f"add these public names to a page of docs/api/: {missing}"


def test_every_module_has_its_api_page() -> None:
    """A new module ``eighthalf/<name>.py`` needs ``docs/api/<name>.rst`` (the API index lists it)."""
    modules = {info.name for info in pkgutil.iter_modules(eighthalf.__path__) if not info.name.startswith("_")}
    pages = {path.stem for path in (DOCS / "api").glob("*.rst")}
    assert not modules - pages, f"add docs/api/<name>.rst for {sorted(modules - pages)}"
    assert not pages - modules, f"pages of no module: {sorted(pages - modules)}"


def test_the_changelog_page_is_the_changelog(html: Path) -> None:
    page = (html / "changelog.html").read_text(encoding="utf-8")
    changelog = (DOCS.parent / "CHANGELOG.md").read_text(encoding="utf-8")
    for version in re.findall(r"^## \[([^\]]+)\]", changelog, re.M):
        assert version in page


def test_every_schema_is_published(html: Path) -> None:
    page = (html / "api" / "schemas.html").read_text(encoding="utf-8")
    for path in SCHEMAS.glob("*.json"):
        assert re.search(rf'href="[^"]*/{re.escape(path.name)}"', page), f"link {path.name} from docs/api/schemas.rst"
        assert list((html / "_downloads").glob(f"*/{path.name}")), path.name


def test_examples_page_shows_every_example() -> None:
    text = (DOCS / "examples.rst").read_text(encoding="utf-8")
    for script in (DOCS.parent / "examples").glob("*.py"):
        assert f".. literalinclude:: ../examples/{script.name}" in text, script.name


_PROJECT_CONF = f"""
import importlib.util

spec = importlib.util.spec_from_file_location("eighthalf_docs_conf", {str(DOCS / "conf.py")!r})
eighthalf_docs_conf = importlib.util.module_from_spec(spec)
spec.loader.exec_module(eighthalf_docs_conf)

extensions = ["sphinx.ext.autodoc"]


def setup(app):
    app.connect("autodoc-process-docstring", eighthalf_docs_conf._check_docstring, priority=400)
"""

_MODULE = '''
"""A module with names documented and not."""

LIMIT = 8

TABLE = (1, 2)
"""A table with a docstring of its own."""


def bare(x):
    return x
'''


@pytest.mark.parametrize(
    ("directive", "complaint"),
    [
        (".. autodata:: sample.LIMIT", "sample.LIMIT (data) renders the docstring of its type, int"),
        (".. autofunction:: sample.bare", "sample.bare (function) is documented without a docstring"),
        (".. autodata:: sample.TABLE", None),
    ],
)
def test_a_name_without_its_own_docstring_fails_the_build(
    tmp_path: Path, directive: str, complaint: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check of ``docs/conf.py``: a name that renders nothing, or its type's docstring, is an error."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(_PROJECT_CONF, encoding="utf-8")
    (source / "sample.py").write_text(_MODULE, encoding="utf-8")
    (source / "index.rst").write_text(f"Sample\n======\n\n{directive}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(source))
    monkeypatch.delitem(__import__("sys").modules, "sample", raising=False)
    status, log = _build(source, tmp_path / "out")
    if complaint is None:
        assert status == 0, log
    else:
        assert status != 0
        assert complaint in log, log
