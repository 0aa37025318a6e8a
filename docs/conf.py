"""Sphinx configuration for the eighthalf documentation.

Build with warnings as errors and nitpicky references, as the ``docs`` nox session and
``tests/test_docs.py`` do::

    sphinx-build -n -W --keep-going -b html docs docs/_build/html

Links into the Python and attrs documentation (intersphinx) need their inventories from
the network, so they are opt-in: set ``EIGHTHALF_DOCS_INTERSPHINX=1`` to turn them on.
Without them, references to the standard library and attrs are left as plain text (see
``nitpick_ignore`` below) and the build needs no network at all.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import eighthalf

if TYPE_CHECKING:
    from sphinx.application import Sphinx

project = "eighthalf"
author = "The eighthalf developers"
copyright = "the eighthalf developers"
release = eighthalf.__version__
version = ".".join(release.split(".")[:2])

sys.path.insert(0, str(Path(__file__).parent / "_ext"))  # position_pictures: the worked examples drawn

extensions = [
    "position_pictures",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "myst_parser",  # the changelog page includes CHANGELOG.md
]

exclude_patterns = ["_build"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
nitpicky = True

# -- autodoc and napoleon ---------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# Type aliases are shown expanded (``HandPlay | EightAndHalf | …`` for ``Move``):
# Sphinx 9 renders a name from ``autodoc_type_aliases`` nested inside a generic, as in
# ``tuple[Move, ...]``, as ``TypeAliasForwardRef('eighthalf.Move')``.

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_include_init_with_doc = False
napoleon_use_rtype = False
napoleon_attr_annotations = True

# -- doctest ----------------------------------------------------------------------------

# Plain ``>>>`` blocks are tested by pytest (``--doctest-glob=*.rst``); ``sphinx-build
# -b doctest`` runs the same blocks.
doctest_test_doctest_blocks = "default"
# The docstrings pulled in by autodoc were written for ``--doctest-modules``, which runs
# them with their module's names in scope; give the doctest builder the same names.
doctest_global_setup = """
from eighthalf import *
from eighthalf.games.eighthalf.engine import effect
from eighthalf.games.eighthalf.events import *
from eighthalf.records import dumps, loads
"""

# -- intersphinx (opt-in: it needs the network) -----------------------------------------

if os.environ.get("EIGHTHALF_DOCS_INTERSPHINX") == "1":
    extensions.append("sphinx.ext.intersphinx")
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable/", None),
    }

# Targets outside this project. With intersphinx on they resolve; without it they are
# plain text rather than broken links.
nitpick_ignore = [
    ("py:class", name)
    for name in (
        "ValueError",
        "IndexError",
        "int",
        "bool",
        "str",
        "float",
        "object",
        "enum.Enum",
        "gettext.NullTranslations",
        "enum.IntEnum",
        "collections.abc.Awaitable",
        "collections.abc.Callable",
        "collections.abc.Collection",
        "collections.abc.Iterable",
        "collections.abc.Iterator",
        "collections.abc.Mapping",
        "collections.abc.Sequence",
        "typing.Iterable",
        "typing.Mapping",
        "typing.Sequence",
        "typing.Literal",
        "typing.Union",
        "random.Random",
    )
] + [
    ("py:mod", "random"),
    ("py:mod", "reprlib"),
    ("py:func", "json.dumps"),
    ("py:func", "json.loads"),
    ("py:class", "concurrent.futures.Executor"),
    # simulate()'s ``executor: Executor | None`` annotation resolves to the private home.
    ("py:class", "concurrent.futures._base.Executor"),
    ("py:class", "argparse.ArgumentParser"),
    # the offline table's folders (eighthalf.server.web.offline)
    ("py:class", "pathlib.Path"),
    # the server's JSON log lines (eighthalf.server.web.cli.JSONFormatter)
    ("py:class", "logging.Formatter"),
    ("py:class", "logging.LogRecord"),
    ("py:class", "argparse.Namespace"),
    # the games' add_commands take a set of sub-commands (argparse's private class).
    ("py:class", "argparse._SubParsersAction"),
    ("py:class", "collections.Counter"),
    ("py:class", "collections.abc.Hashable"),
    ("py:class", "threading.RLock"),
    # RoundFacts.seats is typed by a private protocol: a Seat or a SeatView.
    ("py:class", "eighthalf.games.eighthalf.state._SeatLike"),
    # the pictures below the states read them through private protocols, as the text drawing does
    ("py:class", "eighthalf.games.eighthalf.drawing.RoundTable"),
    ("py:class", "eighthalf.games.eighthalf.table_picture._Seat"),
    ("py:class", "eighthalf.games.eights.table_picture._State"),
    ("py:class", "attrs.exceptions.FrozenInstanceError"),
    ("py:class", "eighthalf.core.frozen._F"),
    ("py:class", "eighthalf.core.value._V"),
    # common.runner.standings is generic in the standing type its caller builds.
    ("py:class", "eighthalf.simulation.runner._S"),
    ("py:func", "copy.deepcopy"),
    ("py:func", "copy.replace"),
    # eighthalf.server (docs/network.rst): Starlette and websockets have no inventory here.
    ("py:mod", "secrets"),
    ("py:func", "gc.freeze"),
    ("py:func", "gc.set_threshold"),
    ("py:class", "collections.abc.AsyncIterator"),
    ("py:class", "contextlib.AbstractAsyncContextManager"),
    ("py:class", "contextlib.AbstractContextManager"),
    ("py:class", "starlette.applications.Starlette"),
    ("py:class", "starlette.requests.HTTPConnection"),
    ("py:class", "starlette.requests.Request"),
    ("py:class", "starlette.routing.Route"),
    ("py:class", "starlette.responses.JSONResponse"),
    ("py:class", "starlette.websockets.WebSocket"),
    ("py:class", "websockets.asyncio.client.ClientConnection"),
]

# eighthalf.envs (docs/ai.rst): the AI frameworks and numpy have no inventory here.
nitpick_ignore_regex = [
    ("py:.*", r"(numpy|npt|np|gymnasium|pettingzoo|pyspiel|open_spiel|spaces)(\..*)?"),
    ("py:class", r"(AECEnv|SupportsFloat|Observation|ObsType|ActType)"),
    # The type variables of the generic tools (the game protocol's StateT, MoveT, ViewT,
    # EventT, RulesT and the like): Sphinx has no target for a TypeVar.
    ("py:(class|obj|data)", r"eighthalf(\.[a-z_]+)*\._?([A-Z][a-z]*T|T)"),
    ("py:(class|obj)", r"(typing\.~)?ParamsT"),  # a ParamSpec (eighthalf.envs.aec.wrapped) has none either
]

# -- HTML -------------------------------------------------------------------------------

# furo: a sidebar with the whole table of contents, which folds away behind a menu
# button on a phone; light and dark modes.
html_theme = "furo"
html_title = f"eighthalf {release}"
html_theme_options = {
    "navigation_with_keys": True,
}


# -- napoleon and attribute docstrings --------------------------------------------------


def _napoleon_skips_attributes(app: Sphinx) -> None:
    """Keep napoleon away from the docstrings of attributes, properties and data.

    On those, napoleon's Google style reads a leading ``text: more`` as ``type:
    description``, and eighthalf's attribute docstrings are plain sentences such as
    "The call as a number: ``6.5`` …". They use no Google sections, so nothing is lost.
    """
    from sphinx.ext.napoleon import _process_docstring

    for listener in list(app.events.listeners.get("autodoc-process-docstring", ())):
        if listener.handler is _process_docstring:
            app.disconnect(listener.id)

    def process(app: Sphinx, what: Any, name: str, obj: object, options: Any, lines: list[str]) -> None:
        if what not in ("attribute", "property", "data"):
            _process_docstring(app, what, name, obj, options, lines)

    app.connect("autodoc-process-docstring", process)


# -- every documented name has a docstring of its own ----------------------------------


def _builtin_text(lines: list[str], obj: object) -> bool:
    """Whether ``lines`` are the docstring of ``obj``'s type (``int``, ``tuple``, a union …), not of ``obj``."""
    text = "\n".join(lines).strip()
    if not text or inspect.isclass(obj) or inspect.isroutine(obj) or inspect.ismodule(obj):
        return False
    docs = (getattr(cls, "__doc__", None) for cls in type(obj).__mro__)
    return any(isinstance(doc, str) and inspect.cleandoc(doc).strip() == text for doc in docs)


def _source_docstring(name: str, obj: object) -> list[str] | None:
    """The attribute docstring of a re-exported name, found in the eighthalf module that defines it.

    ``eighthalf.RANKS`` is documented under ``eighthalf``, whose ``__init__.py`` only
    imports it, so autodoc finds no attribute docstring there and falls back to the
    docstring of the value's type ("Built-in immutable sequence."). The docstring is in
    the module that assigns it: ``eighthalf/games/eighthalf/cards.py``.
    """
    from sphinx.pycode import ModuleAnalyzer, PycodeError

    attribute = name.rpartition(".")[2]
    for info in pkgutil.walk_packages(eighthalf.__path__, "eighthalf."):
        if any(part.startswith("_") for part in info.name.split(".")):  # not __main__, which runs the command line
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue
        if getattr(module, attribute, None) is not obj:
            continue
        try:
            analyzer = ModuleAnalyzer.for_module(info.name)
        except PycodeError:
            continue
        docstring = analyzer.find_attr_docs().get(("", attribute))
        if docstring:
            return list(docstring)
    return None


def _check_docstring(app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    """Give re-exported data their own docstrings; warn (an error under ``-W``) when a name has none.

    A documented name must render with a docstring written for it: not nothing, and not
    the built-in text of its value's type (``int([x]) -> integer …``).
    """
    from sphinx.util import logging

    if what in ("data", "attribute") and (not "".join(lines).strip() or _builtin_text(lines, obj)):
        found = _source_docstring(name, obj)
        if found is not None:
            lines[:] = found
    if not "".join(lines).strip():
        logging.getLogger("eighthalf.docs").warning(f"{name} ({what}) is documented without a docstring of its own")
    elif _builtin_text(lines, obj):
        logging.getLogger("eighthalf.docs").warning(
            f"{name} ({what}) renders the docstring of its type, {type(obj).__name__}: give it its own"
        )


def setup(app: Sphinx) -> None:
    """Connect the docstring check (before napoleon reads the docstrings) and the napoleon tweak."""
    app.connect("autodoc-process-docstring", _check_docstring, priority=400)
    _napoleon_skips_attributes(app)
