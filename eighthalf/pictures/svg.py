"""SVG by string building: escaping, elements and the finished document (:class:`Picture`).

Every text that goes into a picture passes :func:`escape`, so a player's name from a record
(``"<Ann & Ben>"``) is shown as written and the document stays well-formed XML. No library
is needed: a picture is a few dozen elements.

>>> print(element("text", escape("<Ann & Ben>"), x=4, y=12))
<text x="4" y="12">&lt;Ann &amp; Ben&gt;</text>
>>> picture = document(40, 20, element("rect", width=40, height=20, fill="#fff"), title="a blank")
>>> picture.startswith("<svg xmlns="), picture._repr_svg_() == picture
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

__all__ = ["Picture", "document", "element", "escape", "number"]

_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""The characters that XML 1.0 cannot hold at all, even escaped (most control characters)."""

_ENTITIES: Final = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}


def escape(text: str) -> str:
    """``text`` as XML text or attribute value: ``& < > " '`` escaped, and a character
    XML cannot hold (a control character) shown as U+FFFD."""
    text = _NOT_XML.sub("\ufffd", text)
    return "".join(_ENTITIES.get(char, char) for char in text)


def number(value: float) -> str:
    """A coordinate as the picture writes it: at most two decimals, no trailing zeros (``12``, ``3.5``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def element(tag: str, content: str | Iterable[str] = "", **attributes: object) -> str:
    """The element ``tag`` with ``attributes`` (``None`` leaves one out; ``_`` in a name is
    written ``-``: ``font_size`` is ``font-size``) around ``content``, which is markup already
    escaped (a string, or several joined)."""
    written = []
    for name, value in attributes.items():
        if value is None:
            continue
        shown = number(value) if isinstance(value, float) else str(value)
        written.append(f' {name.rstrip("_").replace("_", "-")}="{escape(shown)}"')
    inner = content if isinstance(content, str) else "".join(content)
    head = f"<{tag}{''.join(written)}"
    return f"{head}/>" if not inner else f"{head}>{inner}</{tag}>"


class Picture(str):
    """An SVG document: a string, which a notebook (Jupyter, IPython) shows as the picture it draws.

    Every picture function of eighthalf returns one; ``str(picture)`` is the SVG text, to save
    in a ``.svg`` file or put in a web page as it is.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The SVG text, for IPython's display (a notebook cell shows the picture)."""
        return str(self)


def document(width: float, height: float, body: str | Iterable[str], title: str = "") -> Picture:
    """The SVG document of ``width`` by ``height`` pixels holding ``body`` (markup), with
    ``title`` (plain text, escaped here) as its accessible name."""
    named = element("title", escape(title)) if title else ""
    inner = body if isinstance(body, str) else "".join(body)
    return Picture(
        element(
            "svg",
            named + inner,
            xmlns="http://www.w3.org/2000/svg",
            width=float(width),
            height=float(height),
            viewBox=f"0 0 {number(width)} {number(height)}",
            role="img",
            font_family="system-ui, -apple-system, 'Segoe UI', sans-serif",
        )
    )
