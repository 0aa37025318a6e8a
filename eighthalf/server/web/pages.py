"""The browser pages in English, French and Dutch: their catalogue, the language a request asks for,
and the extraction of the pages' messages.

The pages' text is a gettext domain of its own, ``pages`` (:data:`PAGES_DOMAIN`), beside the
games' ``eighthalf``: its catalogues are ``eighthalf/locale/<lang>/LC_MESSAGES/pages.po``,
compiled to the ``pages.mo`` shipped beside them. A message id is the English text as the
pages write it, with ``{name}`` placeholders: in the scripts, the argument of a call
``t("...")`` (``eighthalf.t`` of ``app.js``); in the HTML, the text of an element marked
``data-i18n`` and the value of an attribute ``data-i18n-<attribute>`` (the English text of
``<attribute>``, such as ``data-i18n-aria-label``). The server gives a language's catalogue
as JSON (``GET /api/i18n/{lang}``, :func:`page_messages`), or the one that a request's
``Accept-Language`` prefers (``GET /api/i18n``, :func:`accept_language`).

>>> accept_language("de-DE,de;q=0.9,nl;q=0.8,fr;q=0.7")
'nl'
>>> accept_language("fr;q=0, *;q=0.5"), accept_language(None)
('en', 'en')
>>> page_messages("fr")["New table"]
'Nouvelle table'
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from typing import IO, Any, Final

from eighthalf.core.i18n import DEFAULT_LOCALE, LOCALE_DIR, LOCALES, check_locale

__all__ = ["PAGES_DOMAIN", "accept_language", "extract_html", "page_messages"]

PAGES_DOMAIN: Final = "pages"
"""The gettext domain of the browser pages' messages."""

_TAG: Final = re.compile(r"^\s*([A-Za-z]{1,8})(?:[-_][A-Za-z0-9]{1,8})*\s*$")
_Q: Final = re.compile(r"^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$")


def accept_language(header: str | None) -> str:
    """The language of :data:`~eighthalf.core.i18n.LOCALES` that an ``Accept-Language``
    header prefers, by its q-values (the first listed wins a tie; ``q=0`` refuses a
    language; ``*`` stands for English), else English. A malformed entry (a tag or q-value
    that is not one) is skipped.
    """
    best: tuple[float, int, str] | None = None
    for index, entry in enumerate((header or "")[:1000].split(",")):
        tag, *parameters = entry.split(";")
        quality = 1.0
        for parameter in parameters:
            if parameter.strip().lower().startswith("q"):
                found = _Q.match(parameter.lower())
                quality = min(1.0, float(found.group(1))) if found is not None else -1.0  # malformed: skipped
        if tag.strip() == "*":
            language = DEFAULT_LOCALE
        else:
            match = _TAG.match(tag)
            language = match.group(1).lower() if match is not None else ""
        if language not in LOCALES or quality <= 0:
            continue
        if best is None or quality > best[0]:
            best = (quality, index, language)
    return DEFAULT_LOCALE if best is None else best[2]


@functools.cache
def page_messages(locale: str) -> Mapping[str, str]:
    """The pages' catalogue of ``locale``: each English message and its translation (English:
    none, the pages keep their own text).

    Raises:
        InvalidStateError: If ``locale`` names no supported language
            (:func:`~eighthalf.core.i18n.check_locale`).
    """
    language = check_locale(locale)
    if language == DEFAULT_LOCALE:
        return {}
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{PAGES_DOMAIN}.mo").open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    catalog: dict[object, str] = vars(compiled)["_catalog"]  # the parsed .mo: message id -> translation
    return {key: value for key, value in sorted(catalog.items(), key=str) if type(key) is str and key}


def _normal(text: str) -> str:
    """``text`` with its runs of white space made one space and its ends trimmed, as the pages read it."""
    return " ".join(text.split())


class _Marked(HTMLParser):
    """The messages of an HTML page: the text of each ``data-i18n`` element (which holds text
    only) and the value of each ``data-i18n-<attribute>``, with their line numbers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._marked: tuple[int, str] | None = None  # the line and tag of the marked element being read
        self._depth = 0  # elements of that tag open inside it
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        self.found.extend((line, _normal(value)) for name, value in attrs if name.startswith("data-i18n-") and value)
        if self._marked is not None:
            self._depth += tag == self._marked[1]
        elif any(name == "data-i18n" for name, _ in attrs):
            self._marked, self._depth, self._text = (line, tag), 0, []

    def handle_endtag(self, tag: str) -> None:
        if self._marked is None or tag != self._marked[1]:
            return
        if self._depth:
            self._depth -= 1
            return
        self.found.append((self._marked[0], _normal("".join(self._text))))
        self._marked = None

    def handle_data(self, data: str) -> None:
        if self._marked is not None:
            self._text.append(data)


def extract_html(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor of the pages' HTML (``eighthalf.server.web.pages:extract_html`` in the
    mapping file ``eighthalf/locale/pages.cfg``): each marked message, with its line.

    Args:
        fileobj: The HTML file, as bytes (UTF-8).
        keywords: Unused (the marks are attributes, not calls).
        comment_tags: Unused.
        options: Unused.
    """
    parser = _Marked()
    parser.feed(fileobj.read().decode(str(options.get("encoding", "utf-8"))))
    parser.close()
    for line, message in parser.found:
        if message:
            yield line, "", message, []
