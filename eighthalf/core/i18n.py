"""The languages of the player-facing text: English, French and Dutch, by gettext.

The games were published in English, French and Dutch; the narration of both games and the
reasons a move is refused are told to players in any of these (issue 27). The text is looked
up in gettext catalogues shipped compiled in the package (``eighthalf/locale/<lang>/
LC_MESSAGES/eighthalf.mo``, built from the ``.po`` files beside them), so a plain
``pip install`` needs no tool; English is the text in the code itself.

The terminal games take the language from ``--lang`` (:func:`add_language_argument`,
:func:`language_from_args`), else from the environment (:func:`locale_from_environment`).

Nothing here runs on a hot path: the rules core never looks text up; narration and refusal
reasons are told after the fact.

>>> translation("fr").gettext("Ghost")
'Fantôme'
>>> check_locale("nl_BE.UTF-8"), check_locale("FR-fr"), check_locale("en")
('nl', 'fr', 'en')
>>> locale_from_environment({"LANG": "nl_NL.UTF-8"}), locale_from_environment({"LANG": "de_DE"})
('nl', 'en')
"""

from __future__ import annotations

import argparse
import functools
import gettext
import os
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Final

from eighthalf.core.errors import IllegalMoveError, InvalidStateError, quote

__all__ = [
    "DEFAULT_LOCALE",
    "DOMAIN",
    "ENGLISH",
    "LOCALES",
    "LOCALE_DIR",
    "N_",
    "add_language_argument",
    "check_locale",
    "language_from_args",
    "locale_from_environment",
    "localize_reason",
    "placeholders",
    "template_of",
    "translation",
]

LOCALES: Final = ("en", "fr", "nl")
"""The languages the player-facing text is told in: those of the published rule sheets."""
DEFAULT_LOCALE: Final = "en"
"""The language of the text in the code, and the fallback."""
DOMAIN: Final = "eighthalf"
"""The gettext domain of both games' messages."""
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``<LOCALE_DIR>/<lang>/LC_MESSAGES/eighthalf.mo`` (and ``.po``)."""

_ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def N_(message: str) -> str:
    """Mark ``message`` for extraction into the catalogue without translating it (returns it)."""
    return message


def _language(text: str) -> str | None:
    """The supported language that a locale name such as ``fr_BE.UTF-8`` or ``nl-NL`` names, if any."""
    language = re.split(r"[_.@-]", text.strip(), maxsplit=1)[0].lower()
    return language if language in LOCALES else None


def check_locale(locale: object) -> str:
    """The language (``"en"``, ``"fr"`` or ``"nl"``) that ``locale`` names: a language code,
    in any case, with or without a region and encoding (``"fr_BE.UTF-8"``, ``"nl-NL"``).

    Raises:
        InvalidStateError: If ``locale`` is not text naming one of :data:`LOCALES`.
    """
    if type(locale) is str and locale in LOCALES:  # the usual case, asked on every narration and frame
        return locale
    language = _language(locale) if type(locale) is str else None
    if language is None:
        raise InvalidStateError(f"a locale is one of {', '.join(LOCALES)} (a region may follow), not {quote(locale)}")
    return language


def locale_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, then ``LC_ALL``, ``LC_MESSAGES``
    and ``LANG``, as gettext reads them), if it is one of :data:`LOCALES`; else English.

    ``LANGUAGE`` may list several languages (``"nl:fr"``): the first supported one wins.
    """
    environ = os.environ if environ is None else environ
    for variable in _ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            language = _language(part)
            if language is not None:
                return language
        if variable != "LANGUAGE":  # the first of the others that is set decides, as in gettext
            break
    return DEFAULT_LOCALE


@functools.cache
def _load(language: str) -> gettext.NullTranslations:
    if language == DEFAULT_LOCALE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


ENGLISH: Final = _load(DEFAULT_LOCALE)
"""The English catalogue: it gives every message as written in the code."""


def translation(locale: str = DEFAULT_LOCALE) -> gettext.NullTranslations:
    """The catalogue of ``locale`` (see :func:`check_locale`); English's gives the text unchanged.

    Raises:
        InvalidStateError: If ``locale`` names no supported language.
    """
    return _load(check_locale(locale))


def placeholders(message: str) -> list[str]:
    """The names of the ``{placeholders}`` of ``message``, in order (a name once per use).

    >>> placeholders("{seat} draws {count} cards ({cards}).")
    ['seat', 'count', 'cards']
    """
    return [field for _, field, _, _ in string.Formatter().parse(message) if field is not None]


@functools.cache
def _pattern(template: str) -> re.Pattern[str]:
    parts: list[str] = []
    seen: set[str] = set()
    for literal, field, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is None:
            continue
        parts.append(f"(?P={field})" if field in seen else f"(?P<{field}>.+?)")
        seen.add(field)
    return re.compile("".join(parts), re.DOTALL)


def template_of(reason: str, templates: Iterable[str]) -> tuple[str, dict[str, str]] | None:
    """The template among ``templates`` that ``reason`` was written from, and the values of its
    placeholders; ``None`` if none matches. A template without placeholders wins over one with.

    >>> template_of("there is no open 7", ["there is no open {rank}"])
    ('there is no open {rank}', {'rank': '7'})
    """
    best: tuple[str, dict[str, str]] | None = None
    for template in templates:
        found = _pattern(template).fullmatch(reason)
        if found is None:
            continue
        if not found.groupdict():
            return template, {}
        if best is None:
            best = template, found.groupdict()
    return best


def localize_reason(error: IllegalMoveError, locale: str, templates: Sequence[str], words: Iterable[str] = ()) -> str:
    """The reason of ``error`` as told to a player in ``locale``, without the move and rule id.

    ``templates`` are the game's reasons as written in its code (marked with :func:`N_`),
    ``words`` the values placed in them that are themselves translated (a card's name such
    as "Ghost"). A reason written from no template is told in English, as it is.

    Raises:
        InvalidStateError: If ``locale`` names no supported language.
    """
    language = check_locale(locale)
    if language == DEFAULT_LOCALE:
        return error.reason
    return _told(error.reason, language, tuple(templates), tuple(words))


@functools.lru_cache(maxsize=4096)
def _told(reason: str, language: str, templates: tuple[str, ...], words: tuple[str, ...]) -> str:
    """:func:`localize_reason` of a reason not told in English, remembered: the same refusals
    are told again at every move of a table (the server sends them to the seat to move)."""
    catalogue = _load(language)
    found = template_of(reason, templates)
    if found is None:
        return reason
    template, values = found
    translated = set(words)
    return catalogue.gettext(template).format(
        **{key: catalogue.gettext(value) if value in translated else value for key, value in values.items()}
    )


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--lang en|fr|nl``: the language of what happened and of the reasons of refused
    moves (default: the environment's, :func:`~eighthalf.core.i18n.locale_from_environment`)."""
    parser.add_argument(
        "--lang",
        choices=LOCALES,
        default=None,
        help="the language of what happened and of refused moves' reasons (default: the environment's, else en)",
    )


def language_from_args(args: argparse.Namespace) -> str:
    """The language that ``--lang`` (:func:`add_language_argument`) names, else the environment's.

    >>> language_from_args(argparse.Namespace(lang="nl"))
    'nl'
    """
    lang = getattr(args, "lang", None)
    return locale_from_environment() if lang is None else check_locale(lang)
