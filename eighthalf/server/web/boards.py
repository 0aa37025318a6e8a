"""The games' boards in the browser: each game's drawing and picking, served from the game's folder.

The table page and the lobby (``static/``) name no game. A game's registry entry says where
its board is (:attr:`~eighthalf.registry.GameEntry.board`: a folder of package resources
holding ``board.js``); the server serves that folder's scripts and style sheets at
``/games/<key>/board/<file>`` (:func:`board_route`), lists each game's board, key and table
options in ``GET /api/games`` (:func:`game_listing`). The seat to move is sent the reasons the
engine gives for the plays it might tap
(:func:`~eighthalf.server.protocol.messages.refused_data`), so that its board says at once why
a selection is no move, from the engine's own words rather than a copy of the rules.

>>> from eighthalf.registry import find
>>> listing = game_listing(find("Eights"), "fr")
>>> listing["key"], listing["board"], listing["options"][0]["label"]
('eights', '/games/eights/board/board.js', 'Objectif')
>>> board_file("eights", "board.js")[:2], board_file("eights", "../entry.py"), board_file("chess", "board.js")
(b'//', None, None)
"""

from __future__ import annotations

import re
import sys
from importlib import resources
from typing import Any, Final

from eighthalf.core.i18n import DEFAULT_LOCALE, LOCALES, translation
from eighthalf.registry import GameEntry, TableOption, games

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover (Python 3.10)
    from importlib.abc import Traversable

__all__ = ["BOARD_FILE", "MEDIA_TYPES", "board_file", "board_route", "game_listing", "listing_locale"]

BOARD_FILE: Final = "board.js"
"""The script of a board folder that the table page loads (it may load the folder's other files)."""

MEDIA_TYPES: Final = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
"""The files a board folder serves, by their ending; any other is not served."""

_NOT_OPTIONS: Final = frozenset({"format", "version", "type", "min_players", "max_players"})
"""The fields of a rules document that no table option sets."""

_NAME: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*(\.js|\.css)$")


def _entry_of_key(key: str) -> GameEntry | None:
    return next((entry for entry in games() if entry.key == key), None)


def _folder(entry: GameEntry) -> Traversable | None:
    if entry.board is None:
        return None
    package, _, folder = entry.board.partition(":")
    try:
        found = resources.files(package).joinpath(*folder.split("/"))
    except ModuleNotFoundError:
        return None
    return found if found.is_dir() else None


def board_file(key: str, name: str) -> bytes | None:
    """The file ``name`` of the board of the game whose key is ``key``, or ``None``: no such game,
    no board, a name that is not a plain ``.js`` or ``.css`` file name (no folder, no ``..``), or
    no such file."""
    entry = _entry_of_key(key)
    folder = None if entry is None or not _NAME.fullmatch(name) else _folder(entry)
    if folder is None:
        return None
    found = folder.joinpath(name)
    return found.read_bytes() if found.is_file() else None


def board_route() -> Any:
    """The route ``GET /games/{key}/board/{file}``: a file of a game's board, read as a package
    resource; 404 (the server's JSON error) for anything :func:`board_file` does not find."""
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    async def board_endpoint(request: Request) -> Response:
        name = request.path_params["file"]
        found = board_file(request.path_params["key"], name)
        if found is None:
            raise HTTPException(404, "no such file of a game's board")
        media = MEDIA_TYPES[name[name.rindex(".") :]]
        return Response(found, media_type=media, headers={"cache-control": "no-cache"})

    return Route("/games/{key}/board/{file}", board_endpoint)


def listing_locale(lang: str | None, accepted: str) -> str:
    """The language of ``GET /api/games``: its ``lang`` query's (``"fr-BE"`` → ``"fr"``) if the
    server tells in it, else ``accepted`` (the request's Accept-Language's)."""
    language = (lang or "").replace("_", "-").split("-")[0].lower()
    return language if language in LOCALES else accepted


def game_listing(entry: GameEntry, locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """What ``GET /api/games`` lists of a game beyond its rules: its ``key``, the address of its
    ``board`` script (``None``: none), and the ``options`` a new table offers (each rule of the
    default rules but the player counts: its ``key``, ``kind`` ``"flag"`` or ``"count"``, and
    its ``label``, ``hint`` and ``empty`` in ``locale``, from the entry's
    :attr:`~eighthalf.registry.GameEntry.table_options`; a rule they do not list under its key),
    and ``bot_words``: a few words on each bot's strength in ``locale``, by bot
    (:attr:`~eighthalf.registry.GameEntry.bot_words`; a bot without words is not in it)."""
    told = translation(locale).gettext
    rules = entry.game.default_rules
    written = entry.documents.to_data(rules)
    listed = [*entry.table_options]
    listed += [TableOption(key, key) for key in written if key not in _NOT_OPTIONS | {each.field for each in listed}]
    options = []
    for option in listed:
        value = getattr(rules, option.field, written.get(option.field))
        options.append(
            {
                "key": option.field,
                "kind": "flag" if type(value) is bool else "count",
                "label": told(option.label),
                "hint": told(option.hint) if option.hint else "",
                "empty": told(option.empty) if option.empty else "",
            }
        )
    board = None if _folder(entry) is None else f"/games/{entry.key}/board/{BOARD_FILE}"
    words = {bot: told(text) for bot, text in entry.bot_words.items() if bot in entry.bots}
    return {"key": entry.key, "board": board, "options": options, "bot_words": words}
