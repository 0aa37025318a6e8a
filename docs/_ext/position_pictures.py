"""A Sphinx directive that draws a page's worked example as a picture, when the docs are built.

The rules pages run their worked examples as ``>>>`` blocks (the test suite runs them too).
``.. position-picture:: state`` after a block runs the page's blocks so far, as pytest
does, and draws the value of the expression ``state`` with the pictures of its game
(:attr:`eighthalf.registry.GameEntry.pictures`), inline in the HTML page. The picture is
made from the very code the page shows, so it cannot drift from it. Options:

``:after: N``
    Draw after the first ``N`` examples of the block just above (by default after all of
    them): after ``1``, the position as the example builds it.
``:move: expression``
    Draw that move at the position, its cards outlined (``parse_move("H")``).

The directive's content, if any, is the picture's caption.
"""

from __future__ import annotations

import contextlib
import doctest
import html
import io
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from eighthalf.errors import EighthalfError
from eighthalf.pictures.drawings import PLAIN, PictureError
from eighthalf.registry import games

_PARSER = doctest.DocTestParser()


def _run(examples: list[doctest.Example], namespace: dict[str, Any], where: str) -> None:
    for example in examples:
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                exec(compile(example.source, where, "exec"), namespace)
            except Exception:
                if example.exc_msg is None:  # an error the page does not expect: the doctests fail too
                    raise


def _draw(value: object, move: object | None) -> str:
    """The picture of ``value`` (a state or a view of a registered game), with ``move`` marked if given."""
    for entry in games():
        pictures = entry.pictures
        if pictures is PLAIN:  # it draws anything as text: not a worked example's picture
            continue
        for draw in (pictures.of_state, pictures.of_view):
            try:
                drawn = draw(value)
            except PictureError:
                continue
            if move is None:
                return str(drawn)
            try:
                return str(pictures.of_move(entry.game, value, move))
            except PictureError:
                continue
    raise EighthalfError(f"no registered game draws {type(value).__name__}")


class PositionPicture(SphinxDirective):
    """``.. position-picture:: expression``: the picture of a worked example's position."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"after": directives.nonnegative_int, "move": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        memo = self.env.temp_data.setdefault("position_pictures", {})
        state = memo.get(self.env.docname)
        if state is None:
            state = memo[self.env.docname] = {"namespace": {"__name__": "__docs__"}, "blocks": 0, "examples": 0}
        namespace: dict[str, Any] = state["namespace"]
        blocks = list(self.state.document.findall(nodes.doctest_block))
        if not blocks:
            raise self.error("position-picture needs a >>> block above it")
        where = self.env.docname
        for at in range(state["blocks"], len(blocks)):
            examples = _PARSER.get_examples(blocks[at].astext())
            done = state["examples"] if at == state["blocks"] else 0
            if at < len(blocks) - 1:
                _run(examples[done:], namespace, where)
                continue
            stop = self.options.get("after", len(examples))
            _run(examples[done : max(done, stop)], namespace, where)
            state["blocks"], state["examples"] = at, max(done, stop)
        value = eval(self.arguments[0], namespace)
        move = eval(self.options["move"], namespace) if "move" in self.options else None
        svg = _draw(value, move)
        caption = " ".join(self.content)
        figure = f'<figure class="position-picture" style="overflow-x: auto">{svg}'
        figure += f"<figcaption>{html.escape(caption)}</figcaption></figure>" if caption else "</figure>"
        return [nodes.raw("", figure, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive ``position-picture``."""
    app.add_directive("position-picture", PositionPicture)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
