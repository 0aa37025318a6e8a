"""The documentation: it builds with nitpicky warnings as errors, and it covers the API.

The ``>>>`` examples of ``docs/*.rst`` are run by pytest itself (``--doctest-glob=*.rst``
in ``pyproject.toml``); these tests check the Sphinx build (once, shared by the tests
below), the API reference, the headings and tables of contents (mistakes that docutils
lets through without a warning), that the docs and help cite the docs' own rules pages,
and the check in ``docs/conf.py`` that fails the build when a documented name has no
docstring of its own.
"""

from __future__ import annotations

import html as html_module
import itertools
import pkgutil
import re
import unicodedata
import warnings
from pathlib import Path

import pytest

import eighthalf
import eighthalf.games.eighthalf

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


def test_the_rules_pages_draw_their_worked_examples(html: Path) -> None:
    """The rules pages' worked examples, drawn when the docs are built (``docs/_ext/position_pictures.py``):
    well-formed SVG, the first drawn by 8½'s pictures from the position the page builds, ½ outlined."""
    import xml.etree.ElementTree as ET

    from eighthalf import HandPlay, Rank, Seat, position, rest_of_deck
    from eighthalf.registry import find

    for page, count in (("rules", 10), ("eights", 2)):
        text = (html / f"{page}.html").read_text(encoding="utf-8")
        pictures = re.findall(r'<figure class="position-picture"[^>]*>(<svg.*?</svg>)', text, re.DOTALL)
        assert len(pictures) == count, page
        for picture in pictures:
            ET.fromstring(picture)
    first = re.search(
        r'<figure class="position-picture"[^>]*>(<svg.*?</svg>)', (html / "rules.html").read_text("utf-8")
    )
    assert first is not None

    def cards(text: str) -> tuple[Rank, ...]:
        return tuple(Rank.from_symbol(symbol) for symbol in text.split())

    seats = [
        Seat(hand=cards("3 4 H"), bank=cards("0 0"), open=cards("3 3 3"), blind=cards("4 4 4")),
        Seat(hand=cards("2 7 9"), bank=cards("G G"), open=cards("5 5 5"), blind=cards("8 8 8")),
    ]
    used = [rank for seat in seats for rank in seat.hand + seat.bank + seat.open + seat.blind]
    seats[1] = seats[1].replace(collected=rest_of_deck(used, [Rank.SIX]))
    example_1 = position(seats, pile=[(Rank.SIX, 1)], to_move=0)
    entry = find("8½")
    assert first.group(1) == entry.pictures.of_move(entry.game, example_1, HandPlay(Rank.HALF))


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
    """A new package ``eighthalf/<name>/``, or a new module of 8½'s folder ``eighthalf/games/eighthalf/<name>.py``,
    needs ``docs/api/<name>.rst`` (the API index lists it); 8½'s drawing, encoding, OpenSpiel game and table picture are on the pages that use them."""
    modules = {info.name for info in pkgutil.iter_modules(eighthalf.__path__) if not info.name.startswith("_")}
    modules |= {info.name for info in pkgutil.iter_modules(eighthalf.games.eighthalf.__path__)}
    elsewhere = {
        "drawing": "text",
        "encoding": "envs",
        "encoding_counts": "envs",
        "spiel": "envs",
        "table_picture": "pictures",
    }
    for name, page in elsewhere.items():
        assert f"eighthalf.games.eighthalf.{name}" in (DOCS / "api" / f"{page}.rst").read_text(encoding="utf-8"), name
    modules -= set(elsewhere)
    pages = {path.stem for path in (DOCS / "api").glob("*.rst")}
    assert not modules - pages, f"add docs/api/<name>.rst for {sorted(modules - pages)}"
    assert not pages - modules, f"pages of no module: {sorted(pages - modules)}"


# Characters that docutils accepts under a section heading.
_ADORNMENT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def heading_faults(text: str) -> list[str]:
    """The lines of reStructuredText ``text`` that look meant as a heading's underline but are not one.

    Docutils takes a line as a section underline only when it repeats one punctuation
    character; ``--------^^`` under a heading makes the two lines an ordinary paragraph,
    without a warning, so ``sphinx-build -W`` passes while the heading renders as text
    and is missing from the contents. An underline must be one character repeated, as
    long as its heading: a short one is an error under ``-W``, a long one a slip.
    Doctest continuation lines (``...``) and indented text are not headings.
    """
    faults = []
    lines = text.splitlines()
    for number, (heading, line) in enumerate(itertools.pairwise(lines), start=2):
        line, heading = line.rstrip(), heading.rstrip()
        if len(line) < 2 or not set(line) <= _ADORNMENT or set(line) == {"."}:
            continue
        if not heading.strip() or heading[0].isspace() or set(heading) <= _ADORNMENT:
            continue
        if heading.startswith((">>> ", "... ")):
            continue
        if len(set(line)) != 1 or len(line) != len(heading):
            faults.append(f"line {number}: {heading!r} is underlined with {line!r}")
    return faults


def test_every_heading_is_underlined_with_one_character_at_its_length() -> None:
    """No heading of ``docs/`` has an underline that docutils reads as text (or one of the wrong length)."""
    faults = [
        f"{path.relative_to(DOCS)} {fault}"
        for path in sorted(DOCS.rglob("*.rst"))
        for fault in heading_faults(path.read_text(encoding="utf-8"))
    ]
    assert not faults, "fix these headings:\n" + "\n".join(faults)


@pytest.mark.parametrize(
    ("text", "faults"),
    [
        ("Title\n=====\n\n``eighthalf.envs``\n----------------^^\n", 1),  # the slip of docs/api/envs.rst
        ("Title\n=====\n\nSection\n-----\n", 1),
        ("Title\n=====\n\nSection\n---------\n", 1),
        ("Title\n=====\n\nSection\n-------\n\n>>> 1\n1\n\n    indented\n    --------\n", 0),
        ("Traceback (most recent call last):\n...\n", 0),
    ],
)
def test_heading_faults_finds_broken_underlines(text: str, faults: int) -> None:
    assert len(heading_faults(text)) == faults, heading_faults(text)


def _pages(html: Path) -> list[Path]:
    """The pages of the docs, without Sphinx's own (the index of names, the search, the module index)."""
    own = {"genindex.html", "search.html", "py-modindex.html"}
    pages = (path for path in html.rglob("*.html") if path.name not in own)
    return sorted(path for path in pages if not any(part.startswith("_") for part in path.relative_to(html).parts))


def _between(page: str, start: str, end: str) -> str:
    """The text of ``page`` from the first ``start`` to the first ``end`` after it."""
    begin = page.index(start)
    return page[begin : page.index(end, begin)]


def test_every_section_heading_is_in_its_pages_contents(html: Path) -> None:
    """Every section of every page has its entry in the page's contents ("On this page"), and no page
    shows a heading's underline as text (a heading that docutils read as a paragraph)."""
    faults = []
    for path in _pages(html):
        page = path.read_text(encoding="utf-8")
        name = path.relative_to(html).as_posix()
        article = _between(page, '<article role="main"', "</article>")
        contents = _between(page, '<aside class="toc-drawer', "</aside>")
        sections = re.findall(r'<section id="([^"]+)">\s*<h[2-6]>', article)
        faults += [
            f"{name}: section {id_!r} is not in the contents" for id_ in sections if f'href="#{id_}"' not in contents
        ]
        text = re.sub(r"<[^>]+>", "", re.sub(r"<pre\b.*?</pre>", "", article, flags=re.S))
        for line in map(str.strip, html_module.unescape(text).splitlines()):
            # Smart quotes turn the dashes of an underline into em and en dashes.
            if len(line) >= 3 and all(unicodedata.category(char)[0] in "PS" for char in line):
                faults.append(f"{name}: an underline rendered as text: {line!r}")
    assert not faults, "\n".join(faults)


def test_no_page_is_listed_twice_in_the_contents(html: Path) -> None:
    """Each page has one place in the contents: in the sidebar, and in the toctrees of each page."""
    faults = []
    for path in _pages(html):
        page = path.read_text(encoding="utf-8")
        name = path.relative_to(html).as_posix()
        article = _between(page, '<article role="main"', "</article>")
        toctrees = "".join(re.findall(r'<div class="toctree-wrapper.*?</div>', article, flags=re.S))
        places = [("its toctrees", toctrees)]
        if path == html / "index.html":  # the sidebar is the same on every page
            places.append(("the sidebar", _between(page, '<div class="sidebar-tree">', "</aside>")))
        for place, text in places:
            links = re.findall(r'<li class="toctree-l\d[^"]*"><a class="reference internal" href="([^"#]*)"', text)
            twice = sorted({link for link in links if links.count(link) > 1})
            faults += [f"{name}: {place} lists {link} twice" for link in twice]
    assert not faults, "\n".join(faults)


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


# The rule books the project was written from are Markdown files outside the package; what
# a user has are the docs' rules pages, so that is what the code, the docs and the help cite.
_RULE_BOOK_FILES = re.compile(r"\b(?:RULES|EIGHTS)\.md\b", re.IGNORECASE)

_HELP_COMMANDS = [
    ("eighthalf.cli", []),
    ("eighthalf.cli", ["demo"]),
    ("eighthalf.cli", ["play"]),
    ("eighthalf.cli", ["simulate"]),
    ("eighthalf.cli", ["eighthalf"]),
    ("eighthalf.cli", ["eights"]),
    ("eighthalf.cli", ["eights", "demo"]),
    ("eighthalf.cli", ["eights", "play"]),
    ("eighthalf.cli", ["eights", "simulate"]),
]


def test_no_file_cites_the_rule_books_outside_the_package() -> None:
    """The package, its docs, README, examples, benchmarks and tests cite ``docs/rules.rst`` and
    ``docs/eights.rst``, not the Markdown rule books the project was written from.

    The changelog is history: its past entries say what was true when they were written.
    """
    root = DOCS.parent
    places = [root / "eighthalf", DOCS, root / "examples", root / "benchmarks", root / "tests", root / "README.md"]
    files = [path for place in places for path in ([place] if place.is_file() else sorted(place.rglob("*")))]
    cited = []
    for path in files:
        if not path.is_file() or {"__pycache__", "_build"} & set(path.parts) or path.suffix in {".so", ".pyd", ".pyc"}:
            continue  # not bytecode, compiled modules or a local build of the docs
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        cited += [
            f"{path.relative_to(root)}:{number}: {line.strip()}"
            for number, line in enumerate(text.splitlines(), start=1)
            if _RULE_BOOK_FILES.search(line)
        ]
    assert not cited, "cite the rules pages of the docs (docs/rules.rst, docs/eights.rst):\n" + "\n".join(cited)


@pytest.mark.parametrize(("module", "command"), _HELP_COMMANDS)
def test_no_help_text_cites_the_rule_books_outside_the_package(
    module: str, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The ``--help`` of every command, and the terminal games' help, cite the docs' rules pages."""
    import importlib

    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert "usage:" in text
    assert not _RULE_BOOK_FILES.search(text), text


def test_the_terminal_help_cites_the_rules_pages() -> None:
    """What ``?`` shows in ``play`` names the docs' page of the game's rules, not a file the user lacks."""
    from eighthalf.games.eighthalf import terminal
    from eighthalf.games.eights import terminal as eights_terminal

    for text in (terminal._HELP, eights_terminal.HELP):
        assert not _RULE_BOOK_FILES.search(text), text
    assert "docs/eights.rst" in eights_terminal.HELP
