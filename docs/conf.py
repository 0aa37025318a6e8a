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

import os
from typing import TYPE_CHECKING, Any

import eighthalf

if TYPE_CHECKING:
    from sphinx.application import Sphinx

project = "eighthalf"
author = "The eighthalf developers"
copyright = "the eighthalf developers"
release = eighthalf.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
]

exclude_patterns = ["_build"]
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
from eighthalf.engine import effect
from eighthalf.events import *
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
        "enum.IntEnum",
        "collections.abc.Callable",
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
    ("py:func", "json.dumps"),
    ("py:func", "json.loads"),
    ("py:class", "eighthalf.serialization.T"),
    ("py:class", "concurrent.futures.Executor"),
    # simulate()'s ``executor: Executor | None`` annotation resolves to the private home.
    ("py:class", "concurrent.futures._base.Executor"),
    ("py:class", "argparse.ArgumentParser"),
    ("py:class", "argparse.Namespace"),
]

# eighthalf.envs (docs/ai.rst): the AI frameworks and numpy have no inventory here.
nitpick_ignore_regex = [
    ("py:.*", r"(numpy|npt|np|gymnasium|pettingzoo|pyspiel|open_spiel|spaces)(\..*)?"),
    ("py:class", r"(AECEnv|SupportsFloat|Observation|ObsType|ActType)"),
]

# -- HTML -------------------------------------------------------------------------------

html_theme = "alabaster"
html_title = f"eighthalf {release}"
html_theme_options = {
    "description": "The card game 8½ as a typed, immutable, pure Python library.",
    "fixed_sidebar": True,
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


def setup(app: Sphinx) -> None:
    _napoleon_skips_attributes(app)
