"""The ``serve`` command: ``eighthalf serve --port 8000 --db tables.sqlite3``.

It serves the lobby at http://127.0.0.1:8000/ by default (only this machine: pass
``--host 0.0.0.0`` to let others on the network join) and keeps the tables in a SQLite
file, created on first use, so that a restarted server resumes every unfinished game.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Final

from . import extra_missing

__all__ = ["DEFAULT_DB", "add_serve_arguments", "run_serve"]

DEFAULT_DB: Final = "eighthalf-tables.sqlite3"
"""The database file of ``serve`` when ``--db`` is not given (in the working directory)."""


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text[:20]!r}")
    return int(text)


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``serve`` to ``parser``."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to serve on (default 127.0.0.1: this machine only)"
    )
    parser.add_argument("--port", type=_port, default=8000, help="the port (default 8000; 0: any free port)")
    parser.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"the SQLite database file, created on first use (default {DEFAULT_DB}); :memory: keeps nothing",
    )
    parser.add_argument(
        "--sync",
        choices=("normal", "full"),
        default="normal",
        help="normal: a move survives the server being killed; full: also a power cut (a disk flush a move)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="an origin (https://example.org) whose pages may open websockets too (repeatable)",
    )


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; returns the exit status (2 if the extra is missing or the database cannot be opened)."""
    try:
        import uvicorn

        from .app import create_app
        from .store import StoreError
    except ModuleNotFoundError as error:
        print(f"eighthalf serve: error: {extra_missing(error, 'the server')}", file=sys.stderr)
        return 2
    try:
        app = create_app(args.db, allowed_origins=args.allow_origin, synchronous=args.sync)
    except StoreError as error:
        print(f"eighthalf serve: error: {error}", file=sys.stderr)
        return 2
    config = uvicorn.Config(app, host=args.host, port=args.port, ws_max_size=64 * 1024, log_level="info", lifespan="on")
    server = uvicorn.Server(config)

    async def serve() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        if server.started:
            sockets = [sock for listener in server.servers for sock in listener.sockets]
            host, port = sockets[0].getsockname()[:2]
            shown = f"[{host}]" if ":" in host else host
            print(f"eighthalf serve: http://{shown}:{port}/ (tables in {args.db}; Ctrl-C stops)", flush=True)
        await task

    asyncio.run(serve())
    return 0
