"""The ``serve`` command: ``eighthalf serve --port 8000 --db tables.sqlite3``.

It serves the lobby at http://127.0.0.1:8000/ by default (only this machine: pass
``--host 0.0.0.0`` to let others on the network join) and keeps the tables in a SQLite
file, created on first use, so that a restarted server resumes every unfinished game.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import gc
import json
import logging
import os
import socket
import sys
from collections.abc import Callable, Coroutine
from typing import Any, Final
from urllib.parse import urlsplit

from eighthalf.server import extra_missing
from eighthalf.server.tables.judge import DEFAULT_AT_ONCE, DEFAULT_BUDGET
from eighthalf.server.tables.queue import DEFAULT_FILL_SECONDS

if sys.platform != "win32":
    import fcntl

__all__ = ["DEFAULT_DB", "GC_THRESHOLDS", "JSONFormatter", "add_serve_arguments", "json_log_config", "run_serve"]

GC_THRESHOLDS: Final = (50_000, 50, 1000)
"""The garbage collector's thresholds while serving (:func:`gc.set_threshold`; Python's
default is ``(700, 10, 10)``)."""

DEFAULT_DB: Final = "eighthalf-tables.sqlite3"
"""The database file of ``serve`` when ``--db`` is not given (in the working directory)."""


def _count(text: str, least: int) -> int:
    """A whole number of at least ``least`` (``--judge-budget``, ``--judge-at-once``)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9 and int(text) >= least):
        raise argparse.ArgumentTypeError(f"expected a whole number of at least {least}, not {text[:40]!r}")
    return int(text)


def _days(text: str) -> float:
    """A number of days above 0, at most ten years (``--session-days``)."""
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not 0 < days <= 3650:
        raise argparse.ArgumentTypeError(f"expected a number of days above 0, at most 3650, not {text[:40]!r}")
    return days


def _limit(text: str) -> tuple[int, float]:
    """``N/SECONDS``: so many failed logins in so many seconds (``--login-limit``)."""
    count, _, seconds = text.partition("/")
    try:
        limit = int(count), float(seconds)
    except ValueError:
        limit = (0, 0.0)
    if not (1 <= limit[0] <= 10**6 and 0 < limit[1] <= 86400):
        raise argparse.ArgumentTypeError(f"expected N/SECONDS (1 to 10**6 in up to 86400 s), not {text[:40]!r}")
    return limit


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text[:20]!r}")
    return int(text)


class JSONFormatter(logging.Formatter):
    """A log record as one JSON object on one line: ``time`` (ISO 8601, UTC), ``level``,
    ``logger``, ``message``, and ``error`` (the traceback) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        """The log record ``record`` as one line of JSON."""
        entry = {
            "time": datetime.datetime.fromtimestamp(record.created, datetime.timezone.utc).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def json_log_config() -> dict[str, Any]:
    """The logging configuration (for ``logging.config.dictConfig``) of ``--log-format json``:
    uvicorn's loggers and the server's (``eighthalf.server``) write :class:`JSONFormatter`
    lines to stderr."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    logger = {"handlers": ["stderr"], "level": "INFO", "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JSONFormatter}},
        "handlers": {"stderr": handler},
        "loggers": {name: logger for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "eighthalf.server")},
    }


def _without_password(db: str) -> str:
    """``db`` as it may be shown: a URL's password left out.

    >>> _without_password("postgresql://game:secret@db.example.org/tables")
    'postgresql://game@db.example.org/tables'
    """
    scheme, colon, rest = db.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not colon or not at:
        return db
    return f"{scheme}://{credentials.partition(':')[0]}@{place}"


def _hours(text: str) -> float:
    try:
        hours = float(text)
    except ValueError:
        hours = -1.0
    if not 0 <= hours <= 24 * 365 or hours != hours:
        raise argparse.ArgumentTypeError(f"hours from 0 (never) to 8760, not {text[:20]!r}")
    return hours


def _queue_seconds(text: str) -> float:
    """The wait of ``--queue-wait``: 0 (bots at once) to 3600 seconds."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 3600:  # not NaN either
        raise argparse.ArgumentTypeError(f"seconds from 0 to 3600, not {text[:20]!r}")
    return seconds


def _db(text: str) -> str:
    if not text.strip():  # SQLite would keep the tables in a temporary file, lost at the stop
        raise argparse.ArgumentTypeError("a database file or a postgresql:// URL, not an empty string")
    return text


def _origin(text: str) -> str:
    """An ``--allow-origin``: ``scheme://host[:port]`` as a browser's ``Origin`` header writes
    it (lower case, without its scheme's default port), so that it can match one.

    >>> _origin("HTTPS://Example.org:443")
    'https://example.org'
    """
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        parts, port = urlsplit(""), None
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.username is not None
        or (parts.path or parts.query or parts.fragment or text.endswith(("?", "#")))
    ):
        raise argparse.ArgumentTypeError(
            f"an origin is http:// or https://, a host and an optional port, with no path: {text[:60]!r}"
        )
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    shown = "" if port is None or port == {"http": 80, "https": 443}[parts.scheme] else f":{port}"
    return f"{parts.scheme}://{host}{shown}"


def _hold_sqlite(path: str) -> int | None:
    """Lock the SQLite database file ``path`` for this process while it serves (``flock``, which
    SQLite's own locks do not see, so a backup can still read the file): one process per SQLite
    database, since each one drives every table it holds. The lock goes with the process.

    Returns:
        The locked file's descriptor (kept open), or ``None`` for ``:memory:`` or on Windows.

    Raises:
        OSError: If another process holds the lock (``BlockingIOError``) or the file cannot be opened.
    """
    if path == ":memory:" or sys.platform == "win32":
        return None
    descriptor = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        raise
    return descriptor


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``serve`` to ``parser``."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to serve on (default 127.0.0.1: this machine only)"
    )
    parser.add_argument("--port", type=_port, default=8000, help="the port (default 8000; 0: any free port)")
    parser.add_argument(
        "--db",
        type=_db,
        default=DEFAULT_DB,
        help=f"the SQLite database file, created on first use (default {DEFAULT_DB}); :memory: keeps nothing; "
        "or a PostgreSQL database's URL, postgresql://user@host/dbname (the postgresql extra): any number of "
        "processes serving one PostgreSQL database are one service",
    )
    parser.add_argument(
        "--sync",
        choices=("normal", "full"),
        default="normal",
        help="normal: a move survives the server being killed; full: also a power cut (a disk flush a move)",
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="text: uvicorn's log lines; json: one JSON object a line on stderr (for a log collector)",
    )
    parser.add_argument(
        "--abandon-after",
        type=_hours,
        default=24.0,
        metavar="HOURS",
        help="end a table in play as abandoned when no person touched it for HOURS (default 24; 0: never)",
    )
    parser.add_argument(
        "--ws-compression",
        choices=("deflate", "none"),
        default="deflate",
        help="deflate: compress the websocket frames of the clients that offer it, as browsers do (far fewer "
        "bytes; more CPU, and memory a connection); none: send them as they are",
    )
    parser.add_argument(
        "--judge-budget",
        type=lambda text: _count(text, 1),
        default=DEFAULT_BUDGET,
        metavar="PLAYOUTS",
        help=f"play-outs a decision when a finished table is judged in the background (default {DEFAULT_BUDGET})",
    )
    parser.add_argument(
        "--judge-at-once",
        type=lambda text: _count(text, 0),
        default=DEFAULT_AT_ONCE,
        metavar="N",
        help=f"the most tables this process judges at once (default {DEFAULT_AT_ONCE}; 0: none)",
    )
    parser.add_argument(
        "--queue-wait",
        type=_queue_seconds,
        default=DEFAULT_FILL_SECONDS,
        metavar="SECONDS",
        help=f"how long a group waits in the Play now queue before bots fill its empty seats "
        f"(default {DEFAULT_FILL_SECONDS:g}; 0: at once)",
    )
    parser.add_argument(
        "--session-days",
        type=_days,
        default=30.0,
        metavar="DAYS",
        help="how long a signed-in person's session lasts (default 30)",
    )
    parser.add_argument(
        "--login-limit",
        type=_limit,
        default=(10, 300.0),
        metavar="N/SECONDS",
        help="the failed logins a name or an address may have in a window of seconds (default 10/300)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        type=_origin,
        default=[],
        metavar="ORIGIN",
        help="an origin (https://example.org) whose pages may open websockets too (repeatable)",
    )
    parser.add_argument(
        "--webhooks-allow-loopback",
        action="store_true",
        help="let webhooks call loopback addresses (127.0.0.1, [::1], localhost; http too): a receiver on this machine",
    )
    parser.add_argument(
        "--webhooks-allow-private",
        action="store_true",
        help="let webhooks call private, shared, link-local, reserved and loopback addresses: receivers on your network",
    )


def _run(main: Coroutine[Any, Any, None], loop_factory: Callable[[], asyncio.AbstractEventLoop] | None) -> None:
    """Run ``main`` on a new event loop of ``loop_factory``, uvicorn's choice (uvloop where it is
    installed, as the ``server`` extra does); Python 3.10 keeps asyncio's own loop."""
    if loop_factory is None or sys.version_info < (3, 11):
        asyncio.run(main)
        return
    with asyncio.Runner(loop_factory=loop_factory) as runner:
        runner.run(main)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; returns the exit status (2 if the extra is missing or the database cannot be opened)."""
    try:
        import uvicorn

        from eighthalf.server.storage.postgres import is_postgresql_url
        from eighthalf.server.storage.store import StoreError
        from eighthalf.server.tables.addresses import AddressRules
        from eighthalf.server.web.app import create_app
        from eighthalf.server.web.sockets import MAX_FRAME_BYTES
    except ModuleNotFoundError as error:
        print(f"eighthalf serve: error: {extra_missing(error, 'the server')}", file=sys.stderr)
        return 2
    try:
        abandon = None if args.abandon_after == 0 else args.abandon_after * 3600
        app = create_app(args.db, allowed_origins=args.allow_origin, synchronous=args.sync, abandon_after=abandon,
            judge_budget=args.judge_budget, judge_at_once=args.judge_at_once, queue_wait=args.queue_wait,
            webhook_rules=AddressRules(args.webhooks_allow_loopback, args.webhooks_allow_private),
            session_days=args.session_days, login_limit=args.login_limit,
        )  # fmt: skip
    except StoreError as error:  # one line: libpq's messages run on over several
        print(f"eighthalf serve: error: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    try:
        held = None if is_postgresql_url(args.db) else _hold_sqlite(args.db)
    except BlockingIOError:
        print(
            f"eighthalf serve: error: the database {args.db} is served by another process already "
            "(one process per SQLite database; several processes share a PostgreSQL one)",
            file=sys.stderr,
        )
        return 2
    try:
        listener = _listen(args.host, args.port)
    except OSError as error:
        print(
            f"eighthalf serve: error: cannot serve on {args.host} port {args.port}: {error.strerror or error}",
            file=sys.stderr,
        )
        return 2
    logs = json_log_config() if args.log_format == "json" else uvicorn.config.LOGGING_CONFIG
    config = uvicorn.Config(
        app,
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=args.ws_compression == "deflate",
        log_level="info",
        lifespan="on",
        log_config=logs,
    )
    server = uvicorn.Server(config)
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host

    # Fewer, later collections of the cyclic garbage collector: with the default thresholds its
    # full collections paused a busy server for 25-125 ms (measured by benchmarks.server),
    # which was most of its p99 latency. The tables' values are immutable and hold no cycles.
    gc.set_threshold(*GC_THRESHOLDS)

    async def serve() -> None:
        task = asyncio.create_task(server.serve(sockets=[listener]))
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        gc.freeze()  # the restored tables and the code stay out of every later collection
        if server.started:
            print(
                f"eighthalf serve: http://{shown}:{port}/ (tables in {_without_password(args.db)}; Ctrl-C stops)",
                flush=True,
            )
        await task

    try:
        _run(serve(), config.get_loop_factory())
    except SystemExit as stop:  # uvicorn's own way out of a failed start (it said why on stderr)
        return 2 if stop.code else 0
    except KeyboardInterrupt:  # Ctrl-C: uvicorn shut down cleanly, then passed the signal on
        return 0
    finally:
        listener.close()
        if held is not None:
            os.close(held)
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` (0: a free port), so that a port in use or a
    host that is not this machine's is one line of error before anything starts.

    Raises:
        OSError: If it cannot be bound.
    """
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    listener = socket.socket(family, kind, proto)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(2048)
    except OSError:
        listener.close()
        raise
    listener.set_inheritable(True)
    return listener
