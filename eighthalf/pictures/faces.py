"""A card in SVG, drawn from the browser's own style sheet of the cards (``cards.css``).

The browser's table draws a card as an element with classes (``card rank yellow``, ``card
letter suit3``, ``card blind``) that ``cards.css`` styles: its size, corners, colours and
type. That style sheet is a file of this package (:data:`STYLE_SHEET`); the server serves it
to the table page at ``/static/cards.css``, and this module reads the same rules to draw the
same card in SVG. There is one drawing of a card, not two: change a colour in ``cards.css``
and both the page and the pictures change.

>>> face = Face(("rank", "yellow"), "7", "7")
>>> style(face).fill, style(face).ink, style(Face(("blind",), "", "?")).stripes
('#ffe27a', '#3b3000', ('#3b4a8c', '#2c396f'))
>>> card(face, 0, 0).count("<text")
3
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from pathlib import Path
from typing import Final

import attrs

from eighthalf.core.errors import InvalidStateError
from eighthalf.pictures.svg import element, escape, number

__all__ = [
    "BLIND",
    "REM",
    "STYLE_SHEET",
    "CardStyle",
    "Face",
    "card",
    "card_size",
    "definitions",
    "rules",
    "style",
]

STYLE_SHEET: Final = Path(str(resources.files("eighthalf.pictures").joinpath("cards.css")))
"""The style sheet of the cards' faces, which the browser's table page links and this module reads."""

REM: Final = 16.0
"""Pixels to a ``rem``, the unit of ``cards.css`` (a browser's default font size)."""

_PATTERN: Final = "eighthalf-blind"
"""The id of the stripes of a face-down card, defined once in each picture (:func:`definitions`)."""


@attrs.frozen(slots=True, weakref_slot=False)
class Face:
    """What a card shows, as the browser's board makes it: its classes, its corner index and its big sign."""

    classes: tuple[str, ...]
    """Its classes after ``card`` (``("rank", "yellow")``, ``("letter", "suit3")``, ``("blind",)``)."""
    index: str
    """The small sign in two corners (``"7"``, ``"Ghost"``, a suit's number); ``""``: no corners."""
    big: str
    """The big sign in the middle (``"7"``, ``"G"``, ``"E"``, ``"?"``)."""


BLIND: Final = Face(("blind",), "", "?")
"""A card face down (a blind card, L4; any card a viewer cannot see)."""


@attrs.frozen(slots=True, weakref_slot=False)
class CardStyle:
    """How one card is drawn: what ``cards.css`` says of its classes, in pixels and colours."""

    width: float
    """The card's width in pixels."""
    height: float
    """Its height in pixels."""
    radius: float
    """The radius of its rounded corners."""
    fill: str
    """The background, a colour (``#ffe27a``), or the first stripe's when :attr:`stripes` is set."""
    stripes: tuple[str, ...]
    """The two colours of a striped background (a card face down), else ``()``."""
    ink: str
    """The colour of the big sign (and of the corners, unless :attr:`corner_ink`)."""
    border: str
    """The colour of its border."""
    border_opacity: float
    """The border's opacity (``rgba``'s alpha)."""
    big_size: float
    """The font size of the big sign."""
    big_opacity: float
    """The big sign's opacity (1: opaque)."""
    big_font: str | None
    """The big sign's font family, if the card has its own (the letters of Eights)."""
    corner_size: float
    """The font size of the corners."""
    corner_ink: str
    """The colour of the corners."""
    corner_top: float
    """How far the top corner's sign is from the card's top."""
    corner_left: float
    """How far it is from the card's left."""
    outline: str | None
    """The colour of a dashed outline around the card (a fresh card), if any."""


@functools.cache
def rules() -> dict[str, dict[str, str]]:
    """The rules of ``cards.css``: each selector's properties (the rules of one selector merged, in order).

    Raises:
        InvalidStateError: If the style sheet is not plain rules (a selector, then ``{ property: value; ... }``).
    """
    text = re.sub(r"/\*.*?\*/", "", STYLE_SHEET.read_text(encoding="utf-8"), flags=re.DOTALL)
    found: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        for declaration in body.split(";"):
            name, colon, value = declaration.partition(":")
            if not colon and declaration.strip():
                raise InvalidStateError(f"cards.css: not a property: {declaration.strip()!r}")
            for selector in selectors.split(","):
                if colon:
                    found.setdefault(" ".join(selector.split()), {})[name.strip()] = value.strip()
    if ".card" not in found:
        raise InvalidStateError("cards.css has no rule for .card")
    return found


def _rem(value: str) -> float:
    if not value.endswith("rem"):
        raise InvalidStateError(f"cards.css: expected a size in rem, not {value!r}")
    return float(value[:-3]) * REM


def _cascade(face: Face, part: str, pile: bool) -> dict[str, str]:
    """The properties of a card (``part`` ``""``), its big sign or its corners (``"big"``, ``"corner"``),
    as the browser's cascade gives them: the rules that apply, fewer classes first, then in file order."""
    tail = f" .{part}" if part else ""
    candidates = [".card" + tail, *(f".card.{name}{tail}" for name in face.classes)]
    candidates += [
        f".card.{first}.{second}{tail}" for first in face.classes for second in face.classes if first != second
    ]
    if pile:
        candidates.append(".pile .card" + tail)
    order = list(rules())
    applying = sorted(
        (selector for selector in candidates if selector in rules()),
        key=lambda selector: (selector.count("."), order.index(selector)),
    )
    merged: dict[str, str] = {}
    for selector in applying:
        merged.update(rules()[selector])
    return merged


_HEX: Final = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\b")


def _colour(value: str) -> tuple[str, float]:
    """A colour of ``cards.css`` as an SVG colour and an opacity (``rgba(0, 0, 0, .35)`` is ``#000`` at 0.35)."""
    rgba = re.fullmatch(r"rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)", value.strip())
    if rgba:
        red, green, blue = (int(part) for part in rgba.groups()[:3])
        return f"#{red:02x}{green:02x}{blue:02x}", float(rgba.group(4))
    found = _HEX.fullmatch(value.strip())
    if found is None:
        raise InvalidStateError(f"cards.css: expected a colour (#rrggbb or rgba), not {value!r}")
    return value.strip(), 1.0


@functools.cache
def style(face: Face, pile: bool = False) -> CardStyle:
    """How ``face`` is drawn (on the pile when ``pile``: the smaller card of ``.pile .card``).

    Raises:
        InvalidStateError: If ``cards.css`` does not give a size or colour where one is needed.
    """
    body, big, corner = (_cascade(face, part, pile) for part in ("", "big", "corner"))
    top = _cascade(face, "corner.top", pile)
    background = body.get("background", "#fff")
    stripes = tuple(_HEX.findall(background)) if "gradient" in background else ()
    fill = stripes[0] if stripes else _colour(background)[0]
    border = body.get("border", "1px solid #000").partition(" solid ")[2]
    border_colour, border_opacity = _colour(body.get("border-color", border))
    ink = _colour(body.get("color", "#000"))[0]
    outline = body.get("outline")
    return CardStyle(
        width=_rem(body["width"]),
        height=_rem(body["height"]),
        radius=_rem(body.get("border-radius", "0rem")),
        fill=fill,
        stripes=stripes,
        ink=ink,
        border=border_colour,
        border_opacity=border_opacity,
        big_size=_rem(big["font-size"]),
        big_opacity=float(big.get("opacity", "1")),
        big_font=big.get("font-family"),
        corner_size=_rem(corner["font-size"]),
        corner_ink=_colour(corner["color"])[0] if "color" in corner else ink,
        corner_top=_rem(top.get("top", "0rem")),
        corner_left=_rem(top.get("left", "0rem")),
        outline=_colour(outline.split()[-1])[0] if outline else None,
    )


def card_size(pile: bool = False) -> tuple[float, float]:
    """A card's width and height in pixels (on the pile when ``pile``)."""
    drawn = style(BLIND, pile)
    return drawn.width, drawn.height


def definitions() -> str:
    """The ``<defs>`` a picture of cards holds once: the stripes of a card face down."""
    drawn = style(BLIND)
    first, second = (drawn.stripes + (drawn.fill, drawn.fill))[:2]
    stripes = element("rect", width=12, height=12, fill=first) + element("rect", width=6, height=12, fill=second)
    pattern = element(
        "pattern",
        stripes,
        id=_PATTERN,
        width=12,
        height=12,
        patternUnits="userSpaceOnUse",
        patternTransform="rotate(45)",
    )
    return element("defs", pattern)


def card(face: Face, x: float, y: float, *, pile: bool = False, marked: bool = False) -> str:
    """The SVG of the card ``face`` with its top left corner at ``x``, ``y``: its shape and
    colours, its big sign and its two corners, the lower one upside down, a 6 or a 9 in a
    corner underlined (as the browser's ``corners``); ``marked`` outlines it as the browser
    outlines a fresh card (the cards of a move)."""
    drawn = style(face, pile)
    width, height = drawn.width, drawn.height
    parts = [
        element(
            "rect",
            x=0.5,
            y=0.5,
            width=width - 1,
            height=height - 1,
            rx=drawn.radius,
            fill=f"url(#{_PATTERN})" if drawn.stripes else drawn.fill,
            stroke=drawn.border,
            stroke_opacity=None if drawn.border_opacity == 1 else number(drawn.border_opacity),
        ),
        element(
            "text",
            escape(face.big),
            x=width / 2,
            y=height / 2 + drawn.big_size * 0.35,
            font_size=drawn.big_size,
            font_weight=700,
            font_family=drawn.big_font,
            text_anchor="middle",
            fill=drawn.ink,
            opacity=None if drawn.big_opacity == 1 else number(drawn.big_opacity),
        ),
    ]
    if face.index:
        turnable = "underline" if face.index in ("6", "9") else None
        for turn in (None, f"rotate(180 {number(width / 2)} {number(height / 2)})"):
            parts.append(
                element(
                    "text",
                    escape(face.index),
                    x=drawn.corner_left,
                    y=drawn.corner_top + drawn.corner_size * 0.8,
                    font_size=drawn.corner_size,
                    font_weight=700,
                    fill=drawn.corner_ink,
                    text_decoration=turnable,
                    transform=turn,
                )
            )
    outline = style(Face(("fresh",), "", ""), pile).outline
    if marked and outline is not None:
        parts.append(
            element(
                "rect",
                x=-3.5,
                y=-3.5,
                width=width + 7,
                height=height + 7,
                rx=drawn.radius + 3,
                fill="none",
                stroke=outline,
                stroke_width=3,
                stroke_dasharray="6 4",
            )
        )
    return element("g", parts, transform=f"translate({number(x)} {number(y)})")
