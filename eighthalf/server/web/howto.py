"""The games' "How to play" pages: one screen of how to play, then every rule by its id.

The shared pages name no game. A game's registry entry says where its page's text is
(:attr:`~eighthalf.registry.GameEntry.howto`: a folder of package resources holding one
JSON file a language, ``en.json`` at least); the server shows it at
``GET /games/<key>/rules?lang=<lang>`` (:func:`howto_route`), in the language asked for
(``lang``, else ``Accept-Language``; a language without its file falls back to English),
and ``GET /api/games`` gives each game's page address and rule ids (:func:`howto_listing`),
so that the lobby and the table page link to the page and each rule id they show to its
anchor (``/games/eighthalf/rules?lang=fr#P1``). A game without such a folder has no page
and no links.

A language's file is a JSON object:

- ``title``: the page's title (``"How to play 8½"``);
- ``screen``: the short screen, a list of sections, each ``{"id", "heading", "text"}``
  (``text``: its paragraphs), such as the aim, a turn, the special cards or the spelling,
  the end and the scores;
- ``words`` (optional): the terms the table page shows, each ``{"id", "term", "text"}``
  (the board links its status line's terms to their ``#id``);
- ``rules``: the rule book's groups, each ``{"heading", "rules"}``, ``rules`` mapping each
  rule id to one short statement of it. Each rule is an anchor of its id (``#P1``).

Every rule id written in a text becomes a link to its anchor. The page's own few words
(the headings it adds) are told through the ``eighthalf`` gettext domain.

>>> from eighthalf.registry import find
>>> howto_listing(find("8½"))["rules_page"], howto_listing(find("8½"))["rule_ids"][:3]
('/games/eighthalf/rules', ['S1', 'S2', 'S3'])
>>> '<dt><a href="#P7">P7</a></dt>' in howto_page(find("8½"), "fr")
True
"""

from __future__ import annotations

import functools
import html
import json
import re
import sys
from importlib import resources
from typing import Any, Final

from eighthalf.core.errors import EighthalfError
from eighthalf.core.i18n import DEFAULT_LOCALE, LOCALES, N_, translation
from eighthalf.registry import GameEntry, games
from eighthalf.server.web.boards import listing_locale
from eighthalf.server.web.pages import accept_language

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover (Python 3.10)
    from importlib.abc import Traversable

__all__ = ["HowtoError", "howto_listing", "howto_page", "howto_route", "howto_text", "rule_ids"]

_LANGUAGE_NAMES: Final = {"en": "English", "fr": "Français", "nl": "Nederlands"}

_WORDS: Final = (N_("All tables"), N_("Words"), N_("The rules, one by one"), N_("Language"))


class HowtoError(EighthalfError):
    """A game's "How to play" file that is not as :mod:`eighthalf.server.web.howto` describes."""


def _folder(entry: GameEntry) -> Traversable | None:
    return None if entry.howto is None else _found(entry.howto)


@functools.cache
def _found(spec: str) -> Traversable | None:
    """The folder ``spec`` (``"package:folder"``) names, if it holds an English file."""
    package, _, folder = spec.partition(":")
    try:
        found = resources.files(package).joinpath(*folder.split("/"))
    except ModuleNotFoundError:
        return None
    return found if found.is_dir() and found.joinpath(f"{DEFAULT_LOCALE}.json").is_file() else None


def _strings(value: object, where: str) -> list[str]:
    if type(value) is not list or not value or any(type(each) is not str or not each for each in value):
        raise HowtoError(f"{where}: expected a list of paragraphs (strings)")
    return list(value)


def _checked(data: object, where: str) -> dict[str, Any]:
    """The file's ``data``, checked against the shape the module describes.

    Raises:
        HowtoError: If it is not of that shape.
    """
    if type(data) is not dict or type(data.get("title")) is not str:
        raise HowtoError(f"{where}: expected an object with a title")
    if set(data) - {"title", "screen", "words", "rules"}:
        raise HowtoError(f"{where}: unknown keys {sorted(set(data) - {'title', 'screen', 'words', 'rules'})}")
    for key, fields in (("screen", ("id", "heading")), ("words", ("id", "term")), ("rules", ("heading",))):
        items = data.get(key, [])
        if type(items) is not list or (key != "words" and not items):
            raise HowtoError(f"{where}: {key}: expected a list")
        for number, item in enumerate(items):
            if type(item) is not dict or any(type(item.get(field)) is not str for field in fields):
                raise HowtoError(f"{where}: {key}[{number}]: expected an object with {', '.join(fields)}")
            if key == "screen":
                _strings(item.get("text"), f"{where}: {key}[{number}].text")
            elif key == "words" and type(item.get("text")) is not str:
                raise HowtoError(f"{where}: {key}[{number}].text: expected a string")
            elif key == "rules":
                rules = item.get("rules")
                if type(rules) is not dict or not rules or any(type(text) is not str for text in rules.values()):
                    raise HowtoError(f"{where}: {key}[{number}].rules: expected rule ids mapped to statements")
    return data


@functools.cache
def _read(spec: str, locale: str) -> dict[str, Any] | None:
    folder = _found(spec)
    if folder is None:
        return None
    found = folder.joinpath(f"{locale}.json")
    if not found.is_file():
        found = folder.joinpath(f"{DEFAULT_LOCALE}.json")
    where = f"{spec}/{found.name}"
    try:
        data = json.loads(found.read_text(encoding="utf-8"))
    except ValueError as error:
        raise HowtoError(f"{where}: not JSON: {error}") from None
    return _checked(data, where)


def howto_text(entry: GameEntry, locale: str = DEFAULT_LOCALE) -> dict[str, Any] | None:
    """The text of ``entry``'s "How to play" page in ``locale`` (its English one if the game
    has no file of that language), as its file has it; ``None``: the game has no page.

    Raises:
        HowtoError: If the file is not of the shape the module describes.
    """
    if entry.howto is None:
        return None
    return _read(entry.howto, locale if locale in LOCALES else DEFAULT_LOCALE)


def rule_ids(entry: GameEntry) -> list[str]:
    """Every rule id of ``entry``'s page, in its order (none: the game has no page)."""
    text = howto_text(entry)
    return [] if text is None else [rule for group in text["rules"] for rule in group["rules"]]


def howto_listing(entry: GameEntry) -> dict[str, Any]:
    """What ``GET /api/games`` lists of a game's page: ``rules_page``, its address (``None``:
    none), and ``rule_ids``, the ids it has an anchor for."""
    page = None if _folder(entry) is None else f"/games/{entry.key}/rules"
    return {"rules_page": page, "rule_ids": rule_ids(entry)}


def _linker(ids: list[str]) -> re.Pattern[str] | None:
    if not ids:
        return None
    choices = "|".join(re.escape(rule) for rule in sorted(ids, key=len, reverse=True))
    return re.compile(f"(?<![A-Za-z0-9])({choices})(?![A-Za-z0-9])")


def _linked(text: str, pattern: re.Pattern[str] | None) -> str:
    """``text`` as HTML, each rule id in it a link to its anchor."""
    escaped = html.escape(text)
    return escaped if pattern is None else pattern.sub(r'<a href="#\1">\1</a>', escaped)


def howto_page(entry: GameEntry, locale: str = DEFAULT_LOCALE) -> str:
    """The HTML of ``entry``'s "How to play" page in ``locale`` (English if the server tells
    in no such language).

    Raises:
        HowtoError: If the game has no page, or its file is not of the shape described.
    """
    if _folder(entry) is None:
        raise HowtoError(f"{entry.name} has no How to play page")
    assert entry.howto is not None
    return _page(entry.howto, entry.key, locale if locale in LOCALES else DEFAULT_LOCALE)


@functools.cache
def _page(spec: str, key: str, language: str) -> str:
    text = _read(spec, language)
    assert text is not None
    told = translation(language).gettext
    pattern = _linker([rule for group in text["rules"] for rule in group["rules"]])
    escape = html.escape
    languages = " · ".join(
        f'<a href="?lang={code}" lang="{code}" hreflang="{code}"{" aria-current=page" if code == language else ""}>'
        f"{name}</a>"
        for code, name in _LANGUAGE_NAMES.items()
        if code in LOCALES
    )
    parts = [
        "<!doctype html>",
        f'<html lang="{language}">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(text['title'])} — eighthalf</title>",
        '<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/style.css"></head>',
        f'<body class="howto-page" data-game="{escape(key)}">',
        f'<header class="bar"><h1><a href="/" title="{escape(told("All tables"))}">eighthalf</a> '
        f'<span id="title">{escape(text["title"])}</span></h1>',
        f'<nav class="language" aria-label="{escape(told("Language"))}">{languages}</nav></header>',
        '<main class="howto">',
    ]
    for section in text["screen"]:
        parts.append(f'<section id="{escape(section["id"])}" class="screen"><h2>{escape(section["heading"])}</h2>')
        parts.extend(f"<p>{_linked(paragraph, pattern)}</p>" for paragraph in section["text"])
        parts.append("</section>")
    if text.get("words"):
        parts.append(f'<section id="words"><h2>{escape(told("Words"))}</h2><dl class="words">')
        parts.extend(
            f'<div id="{escape(word["id"])}"><dt>{escape(word["term"])}</dt><dd>{_linked(word["text"], pattern)}</dd></div>'
            for word in text["words"]
        )
        parts.append("</dl></section>")
    parts.append(f'<section id="rules"><h2>{escape(told("The rules, one by one"))}</h2>')
    for group in text["rules"]:
        parts.append(f'<h3>{escape(group["heading"])}</h3><dl class="rules">')
        parts.extend(
            f'<div id="{escape(rule)}"><dt><a href="#{escape(rule)}">{escape(rule)}</a></dt>'
            f"<dd>{_linked(statement, pattern)}</dd></div>"
            for rule, statement in group["rules"].items()
        )
        parts.append("</dl>")
    parts.append("</section></main></body></html>")
    return "\n".join(parts) + "\n"


def _entry_of_key(key: str) -> GameEntry | None:
    return next((entry for entry in games() if entry.key == key), None)


def howto_route() -> Any:
    """The route ``GET /games/{key}/rules``: the game's "How to play" page in the language of
    its ``lang`` query (``fr``, ``nl-BE`` …), else the one ``Accept-Language`` prefers; 404
    (the server's JSON error) for a game without a page."""
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, Response
    from starlette.routing import Route

    async def howto_endpoint(request: Request) -> Response:
        entry = _entry_of_key(request.path_params["key"])
        if entry is None or _folder(entry) is None:
            raise HTTPException(404, "no such game, or the game has no How to play page")
        language = listing_locale(
            request.query_params.get("lang"), accept_language(request.headers.get("accept-language"))
        )
        return HTMLResponse(
            howto_page(entry, language),
            headers={"vary": "Accept-Language", "content-language": language, "cache-control": "no-cache"},
        )

    return Route("/games/{key}/rules", howto_endpoint)
