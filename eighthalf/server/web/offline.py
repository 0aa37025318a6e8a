"""The offline table: the table page playing against the built-in bots in the browser, with no server.

The page is the table page (``static/table.html``, its scripts and each game's board) with
the engine of :mod:`eighthalf.server.offline` run by Pyodide in place of the websocket
(``static/offline.js``). Its files are one folder, all addresses relative, that any static
host serves (:func:`bundle_files`, written by ``python -m eighthalf.server.web.offline DIR``),
and that the server serves at ``/offline/`` (:func:`offline_routes`):

- ``index.html``, the page, and the page's scripts and style sheet;
- ``games/<key>/board/board.js``, each game's board;
- ``api/games-<lang>.json`` and ``api/i18n-<lang>.json``, the answers of ``GET /api/games``
  and ``GET /api/i18n/<lang>`` that the page asks for;
- ``wheels/*.zip``, eighthalf, attrs and typing-extensions as installed here, zipped as
  site-packages holds them (:func:`site_archive`), and ``offline.json``, which lists them;
- ``pyodide/``, Pyodide's own files, from the ``pyodide`` npm package (:data:`PYODIDE_FILES`):
  nothing is fetched from a CDN.

Pyodide is not a Python package: give its folder (``node_modules/pyodide`` after
``npm install pyodide``, see :data:`PYODIDE_VERSION`) with ``--pyodide``, or to the server
in the environment variable ``EIGHTHALF_PYODIDE``.

>>> files = bundle_files(None)
>>> sorted(name for name in files if not name.startswith(("api/", "wheels/")))[:4]
['app.js', 'cards.css', 'client.js', 'frames.js']
>>> page = files["index.html"]()
>>> b'src="offline.js"' in page, b'"/static/' in page
(True, False)
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.metadata
import io
import json
import os
import sys
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from eighthalf.core.i18n import LOCALES
from eighthalf.pictures.faces import STYLE_SHEET
from eighthalf.registry import GameEntry, games
from eighthalf.server.web.boards import BOARD_FILE, MEDIA_TYPES, board_file, game_listing
from eighthalf.server.web.howto import howto_listing, howto_page
from eighthalf.server.web.pages import page_messages

__all__ = [
    "ARCHIVES",
    "PAGE_FILES",
    "PYODIDE_ENV",
    "PYODIDE_FILES",
    "PYODIDE_VERSION",
    "build",
    "bundle_files",
    "main",
    "offline_page",
    "offline_routes",
    "packed_games",
    "site_archive",
]

STATIC: Final = Path(__file__).parent.parent / "static"

PYODIDE_VERSION: Final = "0.29.5"
"""The version of the ``pyodide`` npm package the offline table is tested with (Python 3.13),
pinned in ``clients/offline/package.json``."""

PYODIDE_FILES: Final = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The files of the ``pyodide`` npm package that the page loads."""

PYODIDE_ENV: Final = "EIGHTHALF_PYODIDE"
"""The environment variable that gives the server the folder of Pyodide's files."""

PAGE_FILES: Final = (
    "app.js",
    "table.js",
    "seat.js",
    "sound.js",
    "client.js",
    "frames.js",
    "style.css",
    "offline.js",
    "offline-start.js",
    "offline-api.js",
)
"""The page's own files, from ``static/``."""

ARCHIVES: Final = {"typing_extensions": ("typing_extensions",), "attrs": ("attr", "attrs"), "eighthalf": ("eighthalf",)}
"""The distributions the page unpacks into Pyodide's site-packages, and their top-level modules."""

_SKIPPED: Final = (".pyc", ".so", ".pyd", ".c", ".h", ".o")  # compiled files (mypyc's build, caches)
_STAMP: Final = (1980, 1, 1, 0, 0, 0)  # every archive's entries dated alike: the same files give the same bytes
_MEDIA: Final = {
    **MEDIA_TYPES,
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
}


def site_archive(name: str, modules: Sequence[str]) -> bytes:
    """The zip archive of the installed distribution ``name`` as site-packages holds it: its
    top-level ``modules`` (their sources and data, no compiled file) and its ``.dist-info``
    (its entry points: the registry finds the games by them)."""
    entries: dict[str, Path] = {}
    for module in modules:
        found = importlib.import_module(module).__file__
        assert found is not None
        path = Path(found)
        if path.name != "__init__.py":
            entries[path.name] = path
            continue
        for each in sorted(path.parent.rglob("*")):
            if each.is_file() and "__pycache__" not in each.parts and each.suffix not in _SKIPPED:
                entries[each.relative_to(path.parent.parent).as_posix()] = each
    for file in importlib.metadata.distribution(name).files or ():
        if file.parts[0].endswith(".dist-info") and file.name not in ("RECORD", "INSTALLER", "direct_url.json"):
            entries[str(file)] = Path(str(file.locate()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for arcname, path in sorted(entries.items()):
            archive.writestr(zipfile.ZipInfo(arcname, _STAMP), path.read_bytes(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def packed_games() -> list[GameEntry]:
    """The registered games that the offline table's archives hold: eighthalf's own (a game of
    another distribution is left out, as its code is not packed)."""
    return [entry for entry in games() if type(entry.game).__module__.startswith("eighthalf.")]


def offline_page() -> bytes:
    """The offline table's page: the table page's HTML with its addresses made relative, the
    offline scripts before its own, and links to play either game."""
    html = (STATIC / "table.html").read_text(encoding="utf-8").replace('"/static/', '"')
    scripts = '<script src="offline-api.js"></script>\n  <script src="app.js" defer></script>'
    html = html.replace('<script src="app.js" defer></script>', scripts)
    html = html.replace(
        '<script type="module" src="table.js"></script>',
        '<script type="module" src="offline.js"></script>\n  <script type="module" src="offline-start.js"></script>\n'
        '  <script type="module" src="table.js"></script>',
    )
    links = " · ".join(f'<a href="?game={entry.key}">{entry.name}</a>' for entry in packed_games())
    html = html.replace('<main id="play">', f'<p id="offline-games" class="muted">{links}</p>\n\n  <main id="play">')
    return html.replace('href="/"', 'href="./"').encode()


def _answers() -> dict[str, bytes]:
    """The answers of the API requests the page makes, by file."""
    answers = {}
    for locale in LOCALES:
        listing = [
            {"name": entry.name, **game_listing(entry, locale), **howto_listing(entry)} for entry in packed_games()
        ]
        for each, entry in zip(listing, packed_games(), strict=True):
            each["board"] = each["board"] and each["board"].lstrip("/")
            each["rules_page"] = each["rules_page"] and _rules_file(entry.key, locale)
        answers[f"api/games-{locale}.json"] = json.dumps(listing, ensure_ascii=False).encode()
        messages = {"lang": locale, "messages": dict(page_messages(locale))}
        answers[f"api/i18n-{locale}.json"] = json.dumps(messages, ensure_ascii=False).encode()
    return answers


def bundle_files(pyodide: Path | None) -> dict[str, Callable[[], bytes]]:
    """The offline table's files by their path in its folder, each as the function that reads it
    (Pyodide's from the folder ``pyodide``; ``None``: without them)."""
    files: dict[str, Callable[[], bytes]] = {"index.html": offline_page}
    files.update({name: (STATIC / name).read_bytes for name in PAGE_FILES})
    files["cards.css"] = STYLE_SHEET.read_bytes  # the cards' faces, shared with the pictures
    for entry in packed_games():
        if board_file(entry.key, BOARD_FILE) is not None:
            files[f"games/{entry.key}/board/{BOARD_FILE}"] = functools.partial(_board, entry.key)
        if howto_listing(entry)["rules_page"] is not None:
            for locale in LOCALES:
                files[_rules_file(entry.key, locale)] = functools.partial(_rules_page, entry, locale)
    answers = functools.cache(_answers)
    for name in _answers():
        files[name] = functools.partial(lambda name: answers()[name], name)
    wheels = []
    for dist, modules in ARCHIVES.items():
        version = importlib.metadata.version(dist)
        wheels.append(f"wheels/{dist}-{version}.zip")
        files[wheels[-1]] = functools.cache(functools.partial(site_archive, dist, modules))
    manifest = {"pyodide": "pyodide/", "archives": wheels, "version": PYODIDE_VERSION}
    files["offline.json"] = lambda: json.dumps(manifest).encode()
    if pyodide is not None:
        files.update({f"pyodide/{name}": (pyodide / name).read_bytes for name in PYODIDE_FILES})
    return files


def _rules_file(key: str, locale: str) -> str:
    """Where the offline folder holds a game's How to play page in ``locale``."""
    return f"games/{key}/rules-{locale}.html"


def _rules_page(entry: GameEntry, locale: str) -> bytes:
    """The How to play page that the server serves at ``/games/{key}/rules?lang=``, its
    addresses made relative to its file in the offline folder."""
    page = howto_page(entry, locale).replace('href="/static/style.css"', 'href="../../style.css"')
    page = page.replace('<a href="/"', '<a href="../../index.html"')
    for other in LOCALES:
        page = page.replace(f'href="?lang={other}"', f'href="rules-{other}.html"')
    return page.encode()


def _board(key: str) -> bytes:
    found = board_file(key, BOARD_FILE)
    assert found is not None
    return found


def build(folder: Path, pyodide: Path) -> int:
    """Write the offline table's files into ``folder`` (made if missing): the bytes written.

    Raises:
        FileNotFoundError: If ``pyodide`` lacks one of :data:`PYODIDE_FILES`.
    """
    for name in PYODIDE_FILES:
        if not (pyodide / name).is_file():
            raise FileNotFoundError(f"{pyodide / name}: not Pyodide's folder (npm install pyodide@{PYODIDE_VERSION})")
    total = 0
    for name, read in bundle_files(pyodide).items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        total += target.write_bytes(read())
    return total


def offline_routes() -> list[Any]:
    """The routes ``GET /offline`` (sent on to ``/offline/``) and ``GET /offline/{file}``: the
    offline table's files, Pyodide's from the folder ``EIGHTHALF_PYODIDE`` names (without it,
    those answer 404, the server's JSON error, and so does any other file)."""
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import RedirectResponse, Response
    from starlette.routing import Route

    def files() -> dict[str, Callable[[], bytes]]:
        configured = os.environ.get(PYODIDE_ENV)
        return _served(configured or None)

    async def redirect(request: Request) -> Response:
        return RedirectResponse("/offline/", status_code=308)

    async def offline_file(request: Request) -> Response:
        name = request.path_params["file"] or "index.html"
        read = files().get(name)
        if read is None:
            detail = f"Pyodide's files are not served: set {PYODIDE_ENV}" if name.startswith("pyodide/") else ""
            raise HTTPException(404, detail or "no such file of the offline table")
        media = _MEDIA.get(name[name.rindex(".") :], "application/octet-stream")
        return Response(read(), media_type=media, headers={"cache-control": "no-cache"})

    return [Route("/offline", redirect), Route("/offline/{file:path}", offline_file)]


@functools.cache
def _served(pyodide: str | None) -> dict[str, Callable[[], bytes]]:
    files = bundle_files(None if pyodide is None else Path(pyodide))
    return {name: functools.cache(read) for name, read in files.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m eighthalf.server.web.offline DIR --pyodide PATH``: write the offline table's folder."""
    parser = argparse.ArgumentParser(
        prog="python -m eighthalf.server.web.offline", description="Write the offline table's files into a folder."
    )
    parser.add_argument("folder", type=Path, help="the folder to write (made if missing)")
    parser.add_argument(
        "--pyodide", type=Path, required=True, help=f"the folder of the pyodide npm package {PYODIDE_VERSION}"
    )
    arguments = parser.parse_args(argv)
    try:
        total = build(arguments.folder, arguments.pyodide)
    except FileNotFoundError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"wrote {arguments.folder}: {total / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":  # pragma: no cover (run as a command)
    raise SystemExit(main())
