"""The web layer: the HTTP JSON API, the websocket endpoint and the browser client's files.

A thin Starlette application over :class:`~eighthalf.server.tables.lobby.Lobby`: each route reads
and checks its input, asks the lobby or a table, and answers JSON. The endpoints:

=======  ==================================  ==================================================
method   path                                what it does
=======  ==================================  ==================================================
GET      ``/``, ``/table/{id}``              the lobby page and the table page
GET      ``/healthz``                        the process answers: ``{"status": "ok"}``
GET      ``/readyz``                         ready to serve (200), or stopping or without its database (503)
GET      ``/metrics``                        Prometheus metrics (:mod:`eighthalf.server.web.metrics`)
GET      ``/api/games``                      the games served: player counts, rules, bots, table options
                                             (told in ``lang``), board (:mod:`eighthalf.server.web.boards`)
                                             and rules page
GET      ``/api/tables``                     a page of public summaries, newest first (``limit``,
                                             ``cursor``, ``game``, ``status``; ``Link`` to the next)
POST     ``/api/tables``                     make a table (:func:`~eighthalf.server.protocol.games.table_spec`)
GET      ``/api/tables/{id}``                one table's public summary
POST     ``/api/tables/{id}/seats/{seat}``   take an open seat: ``{"name": ...}`` gives its token
GET      ``/api/tables/{id}/record``         a finished game's record, as text
GET      ``/api/tables/{id}/record.json``    the same record as a JSON document
GET      ``/api/i18n[/{lang}]``              the pages' catalogue (:mod:`eighthalf.server.web.pages`) of
                                             ``lang``, or of the language ``Accept-Language`` prefers
GET      ``/static/cards.css``               the cards' faces, shared with the pictures (:mod:`eighthalf.pictures.faces`)
GET      ``/games/{key}/board/{file}``       a file of a game's board, from the game's folder
GET      ``/games/{key}/rules``              the game's "How to play" page, in ``lang``
                                             (:mod:`eighthalf.server.web.howto`)
GET      ``/table/{id}/review``, ``/api/``   a game move by move from a perspective
         ``tables/{id}/review``              (:mod:`eighthalf.server.web.review`)
POST     ``/api/tables/{id}/hint``           the best moves of the token's seat, at a table with hints
                                             (:mod:`eighthalf.server.web.hints`)
POST     ``/api/tables/{id}/play-on``        a new table from a position of a finished game
                                             (:mod:`eighthalf.server.web.play_on`)
any      ``/api/tables/{id}/webhook``,       a seat's webhook, and the tables waiting for a person
         ``/api/your-games``                 (:mod:`eighthalf.server.web.byday`)
GET,     ``/api/tables/{id}/rematch``        a finished table's rematch: a seat's vote, where it stands
POST                                         (:mod:`eighthalf.server.web.rematch`)
WS       ``/ws/{id}``                        play or watch (:mod:`eighthalf.server.protocol.messages`)
POST     ``/api/accounts``                   accounts, and ``/api/session`` (:mod:`eighthalf.server.web.accounts`)
GET      ``/players/{name}``                 a player's page, and ``/leaderboard`` (:mod:`eighthalf.server.web.players`)
=======  ==================================  ==================================================

Errors are JSON objects ``{"error": {"code": ..., "message": ...}}`` with a 4xx status. A
POST body is read only when declared ``application/json`` (415 otherwise).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlencode

from eighthalf.server import extra_missing

try:
    import starlette  # noqa: F401
except ModuleNotFoundError as error:  # pragma: no cover - tested in a venv without the extra (tests/test_extras.py)
    raise extra_missing(error, "eighthalf.server.web.app") from error

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.core.i18n import LOCALES
from eighthalf.pictures.faces import STYLE_SHEET
from eighthalf.server.players.passphrases import LOGIN_ATTEMPTS, LOGIN_WINDOW
from eighthalf.server.protocol.games import SERVED, served, table_spec
from eighthalf.server.protocol.messages import (
    Refused,
)
from eighthalf.server.storage.judgements import judgements_for
from eighthalf.server.storage.postgres import PostgresStore, is_postgresql_url
from eighthalf.server.storage.store import SQLiteStore, Store, StoreError
from eighthalf.server.tables.addresses import AddressRules
from eighthalf.server.tables.judge import DEFAULT_AT_ONCE, DEFAULT_BUDGET, Judge
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.service import Service
from eighthalf.server.web import accounts
from eighthalf.server.web.boards import board_route, game_listing, listing_locale
from eighthalf.server.web.bodies import cursor_text, json_body, read_cursor, refusal
from eighthalf.server.web.byday import install_byday
from eighthalf.server.web.hints import hint_route
from eighthalf.server.web.howto import howto_listing, howto_route
from eighthalf.server.web.metrics import CONTENT_TYPE, Metrics
from eighthalf.server.web.offline import offline_routes
from eighthalf.server.web.pages import accept_language, page_messages
from eighthalf.server.web.play_on import play_on_route
from eighthalf.server.web.queue import DEFAULT_FILL_SECONDS, new_queue, queue_routes
from eighthalf.server.web.rematch import rematch_route
from eighthalf.server.web.review import review_routes
from eighthalf.server.web.sockets import websocket_endpoint

__all__ = ["ABANDON_SECONDS", "MAX_BODY_BYTES", "create_app"]

logger = logging.getLogger("eighthalf.server")

MAX_BODY_BYTES: Final = 16 * 1024
"""The largest HTTP request body (a larger one is answered 413)."""

ABANDON_SECONDS: Final = 24 * 60 * 60.0
"""After how long without a person's touch (a table made, a seat taken, a person's move) a
table in play is ended as abandoned, by default: 24 hours."""

STATIC: Final = Path(__file__).parent.parent / "static"
"""The browser client's files."""


def _error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return refusal(Refused(code, message), status)


LIST_LIMIT: Final = 200
"""The most tables one page of ``GET /api/tables`` lists (and its default)."""

_STATUSES: Final = ("open", "playing", "finished")


def _list_query(request: Request) -> dict[str, Any]:
    """The paged list's parameters: ``limit``, ``cursor``, ``game`` and ``status``.

    Raises:
        Refused: If one is malformed (``bad-query``).
    """
    params = request.query_params
    unknown = sorted(set(params) - {"limit", "cursor", "game", "status"})
    if unknown:
        raise Refused("bad-query", f"unknown parameter {quote(unknown[0][:40])} (limit, cursor, game, status)")
    limit_text = params.get("limit", str(LIST_LIMIT))
    if not (
        limit_text.isascii() and limit_text.isdigit() and len(limit_text) <= 3 and 1 <= int(limit_text) <= LIST_LIMIT
    ):
        raise Refused("bad-query", f"limit: expected a number from 1 to {LIST_LIMIT}, not {quote(limit_text[:40])}")
    query: dict[str, Any] = {"limit": int(limit_text), "before": None, "game": None, "status": None}
    if "game" in params:
        try:
            query["game"] = served(params["game"]).name
        except EighthalfError as error:
            raise Refused("bad-query", f"game: {error}") from None
    if "status" in params:
        if params["status"] not in _STATUSES:
            raise Refused(
                "bad-query", f"status: expected one of {', '.join(_STATUSES)}, not {quote(params['status'][:40])}"
            )
        query["status"] = params["status"]
    if "cursor" in params:
        query["before"] = read_cursor(params["cursor"], 40)
    return query


def _lobby(connection: HTTPConnection) -> Lobby:
    lobby: Lobby = connection.app.state.lobby
    return lobby


def _service(connection: HTTPConnection) -> Service:
    service: Service = connection.app.state.service
    return service


def _metrics(connection: HTTPConnection) -> Metrics:
    metrics: Metrics = connection.app.state.metrics
    return metrics


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """Restore the tables in play, start the service and the sweep of abandoned tables; stop them at the end."""
    lobby: Lobby = app.state.lobby
    service: Service = app.state.service
    abandon_after: float | None = app.state.abandon_after
    count = lobby.restore()
    logger.info("%d tables in play loaded from %s", count, app.state.db)
    service.start()
    app.state.judge.start()
    app.state.queue.start()  # "Play now" (eighthalf.server.web.queue)
    sweeper = None if abandon_after is None else asyncio.get_running_loop().create_task(_sweep(lobby, abandon_after))
    yield
    if sweeper is not None:
        sweeper.cancel()
    app.state.judge.stop()
    app.state.queue.stop()
    service.stop()
    lobby.stop()


async def _sweep(lobby: Lobby, after: float) -> None:
    """End the tables no person touched for ``after`` seconds, every ``after / 4`` seconds (at most a minute)."""
    while True:
        await asyncio.sleep(min(after / 4, 60.0))
        try:
            lobby.abandon_idle(time.time(), after)
        except StoreError as error:  # the database is away: the next sweep tries again
            logger.error("abandoned tables: %s", error)


async def games(request: Request) -> Response:
    """``GET /api/games``: the games served, their player counts, rules, bots, table options
    (told in ``lang``), board and "How to play" page (with its rule ids)."""
    locale = listing_locale(request.query_params.get("lang"), accept_language(request.headers.get("accept-language")))
    return JSONResponse(
        [
            {
                "name": entry.name,
                "players": [
                    entry.game.player_counts(entry.game.default_rules).start,
                    entry.game.player_counts(entry.game.default_rules).stop - 1,
                ],
                "max_rounds": entry.max_rounds,
                "rules": entry.documents.to_data(entry.game.default_rules),
                "bots": sorted(entry.bots),
                **game_listing(entry, locale),
                **howto_listing(entry),
            }
            for entry in SERVED.values()
        ]
    )


async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: a page of public summaries, newest first, with a ``Link`` to the next."""
    try:
        query = _list_query(request)
    except Refused as refused:
        return refusal(refused)
    found, after = _lobby(request).page(**query)
    headers = {}
    if after is not None:
        params = {key: value for key, value in request.query_params.items() if key != "cursor"}
        params["cursor"] = cursor_text(after)
        headers["link"] = f'</api/tables?{urlencode(params)}>; rel="next"'
    return JSONResponse(found, headers=headers)


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: make a table (:func:`~eighthalf.server.protocol.games.table_spec`)."""
    try:
        spec = table_spec(await json_body(request, MAX_BODY_BYTES, empty={}))
    except Refused as refused:
        return refusal(refused)
    except EighthalfError as error:
        return _error("bad-table", str(error))
    table = _lobby(request).create(spec)
    _service(request).claim(table)
    logger.info("table %s made: %s, %d seats", table.id, table.entry.name, table.players)
    return JSONResponse(_links(table.summary()), status_code=201)


def _links(summary: dict[str, Any]) -> dict[str, Any]:
    table_id = summary["id"]
    return {
        **summary,
        "link": f"/table/{table_id}",
        "invitations": [f"/table/{table_id}?seat={seat}" for seat in range(summary["players"])],
    }


async def get_table(request: Request) -> Response:
    """``GET /api/tables/{id}``: one table's public summary."""
    try:
        return JSONResponse(_links(_lobby(request).summary(request.path_params["id"])))
    except Refused as refused:
        return refusal(refused)


async def join(request: Request) -> Response:
    """``POST /api/tables/{id}/seats/{seat}``: take an open seat; ``{"name": ...}`` gives its token."""
    lobby = _lobby(request)
    try:
        table = lobby.get(request.path_params["id"])
        name, account = accounts.seat_claim(
            request, table, await json_body(request, MAX_BODY_BYTES, empty={})
        )  # a guest's name, or the account's
        seat = request.path_params["seat"]
        number = int(seat) if seat.isascii() and seat.isdigit() and len(seat) < 4 else seat  # not "²" or "١"
        try:
            token = table.join(number, name, account)
        finally:
            lobby.let_go(table)  # a finished table read for this join
    except Refused as refused:
        return refusal(refused)
    logger.info("table %s: seat %s taken", table.id, seat)
    return JSONResponse(
        {"seat": int(seat), "token": token, "link": f"/table/{table.id}#token={token}"}, status_code=201
    )


async def record_text(request: Request) -> Response:
    """``GET /api/tables/{id}/record``: a finished game's record, as text."""
    table_id = request.path_params["id"]
    try:
        _, text = _lobby(request).finished_record(table_id)
    except Refused as refused:
        return refusal(refused)
    return PlainTextResponse(text, headers={"content-disposition": f'attachment; filename="{table_id}.txt"'})


async def record_json(request: Request) -> Response:
    """``GET /api/tables/{id}/record.json``: a finished game's record as a JSON document."""
    try:
        entry, text = _lobby(request).finished_record(request.path_params["id"])
    except Refused as refused:
        return refusal(refused)
    return JSONResponse(entry.documents.to_data(entry.records.loads(text)))


async def metrics_text(request: Request) -> Response:
    """``GET /metrics``: the Prometheus metrics."""
    return Response(_metrics(request).text(), media_type=CONTENT_TYPE)


async def healthz(request: Request) -> Response:
    """``GET /healthz``: the process answers."""
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> Response:
    """``GET /readyz``: ready to serve (200), or stopping or without its database (503)."""
    lobby = _lobby(request)
    if lobby.stopping:
        return JSONResponse({"status": "stopping"}, status_code=503)
    try:
        lobby.store.check()
    except StoreError as error:
        logger.error("readiness: %s", error)
        return JSONResponse({"status": "database-unavailable"}, status_code=503)
    return JSONResponse(
        {"status": "ready", "tables": len(lobby.tables), "connections": lobby.connections(), "process": lobby.owner}
    )


async def i18n(request: Request) -> Response:
    """``GET /api/i18n[/{lang}]``: the pages' catalogue of ``lang``, or of the language ``Accept-Language`` prefers."""
    lang = request.path_params.get("lang")
    if lang is None:
        language = accept_language(request.headers.get("accept-language"))
    elif lang in LOCALES:
        language = lang
    else:
        return _error("not-found", f"the pages are in {', '.join(LOCALES)}, not {quote(lang[:40])}", 404)
    return JSONResponse({"lang": language, "messages": page_messages(language)}, headers={"vary": "Accept-Language"})


async def cards_css(request: Request) -> Response:
    """``GET /static/cards.css``: the faces of the cards, the style sheet that the pictures of a
    position draw their cards from too (:data:`eighthalf.pictures.faces.STYLE_SHEET`)."""
    return FileResponse(STYLE_SHEET, media_type="text/css")


async def page(request: Request) -> Response:
    """``GET /`` and ``GET /table/{id}``: the lobby page and the table page."""
    return FileResponse(STATIC / ("table.html" if "id" in request.path_params else "index.html"))


async def _unavailable(request: Request, error: Exception) -> Response:
    logger.error("%s: %s", request.url.path[:80], error)  # one line, not a traceback
    return _error("database-unavailable", "the database does not answer: try again", 503)


async def _not_found(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    answer = _error("not-found" if error.status_code == 404 else "bad-request", error.detail, error.status_code)
    answer.headers.update(error.headers or {})  # a 405 says which methods are allowed (Allow)
    return answer


ROUTES: Final = (
    Route("/", page),
    Route("/healthz", healthz),
    Route("/readyz", readyz),
    Route("/metrics", metrics_text),
    Route("/table/{id}", page),
    Route("/api/games", games),
    Route("/api/tables", list_tables, methods=["GET"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/tables/{id}", get_table),
    Route("/api/tables/{id}/seats/{seat}", join, methods=["POST"]),
    Route("/api/tables/{id}/record", record_text),
    Route("/api/tables/{id}/record.json", record_json),
    Route("/api/i18n", i18n),
    Route("/api/i18n/{lang}", i18n),
    WebSocketRoute("/ws/{id}", websocket_endpoint),
    Route("/static/cards.css", cards_css),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
    board_route(),
    howto_route(),
    *review_routes(),
    hint_route(),
    play_on_route(),
    *queue_routes(),
    rematch_route(),
    *offline_routes(),
    *accounts.account_routes(),
)
"""The application's routes (the table at the top of this module)."""


def create_app(
    db: str = ":memory:",
    *,
    allowed_origins: Sequence[str] = (),
    synchronous: str = "normal",
    abandon_after: float | None = ABANDON_SECONDS,
    judge_budget: int = DEFAULT_BUDGET,
    judge_at_once: int = DEFAULT_AT_ONCE,
    webhook_rules: AddressRules = AddressRules(),  # noqa: B008 - a frozen value
    queue_wait: float = DEFAULT_FILL_SECONDS,
    session_days: float = accounts.SESSION_DAYS,
    login_limit: tuple[int, float] = (LOGIN_ATTEMPTS, LOGIN_WINDOW),
) -> Starlette:
    """The server as an ASGI application (serve it with uvicorn, as ``eighthalf serve`` does).

    The endpoints are this module's functions; what they share is on the application's
    ``state``: ``lobby`` (:class:`~eighthalf.server.tables.lobby.Lobby`), ``judge``
    (:class:`~eighthalf.server.tables.judge.Judge`), ``service``
    (:class:`~eighthalf.server.tables.service.Service`), ``metrics``
    (:class:`~eighthalf.server.web.metrics.Metrics`), ``allowed_origins``, ``abandon_after``
    and ``db``.

    Args:
        db: The SQLite database file (created on first use), ``":memory:"``, or a
            PostgreSQL database's libpq URL (``postgresql://...``,
            :class:`~eighthalf.server.storage.postgres.PostgresStore`).
        allowed_origins: Origins (``https://example.org``) whose pages may open websockets,
            beside the server's own.
        synchronous: ``"normal"`` (a move survives the server being killed) or ``"full"``
            (also a power cut): SQLite's ``synchronous`` mode, PostgreSQL's
            ``synchronous_commit`` (see the two stores).
        abandon_after: Seconds without a person's touch after which a table in play is
            ended as abandoned (checked every ``abandon_after / 4`` seconds, at most a
            minute apart), or ``None`` never.
        judge_budget: Play-outs a decision of a finished table's judgement
            (:class:`~eighthalf.server.tables.judge.Judge`).
        judge_at_once: The most judgements this process works on at once (0: none).
        webhook_rules: What webhooks may call beside public addresses (:mod:`eighthalf.server.web.byday`).
        queue_wait: Seconds a group waits in the queue before bots fill its empty seats.
        session_days: How long a session lasts (:mod:`eighthalf.server.web.accounts`).
        login_limit: The failed logins a name or an address may have, and in how many seconds.

    Raises:
        StoreError: If the database cannot be opened.
    """
    if is_postgresql_url(db):
        store: Store = PostgresStore(db, synchronous=synchronous)
    else:
        store = SQLiteStore(db, synchronous=synchronous)
    metrics = Metrics(
        lambda: sum(not table.over for table in lobby.tables.values()),
        lambda: len(lobby.tables),
        lambda: lobby.connections(),
    )
    lobby = Lobby(store, metrics)
    app = Starlette(
        routes=list(ROUTES),
        lifespan=_lifespan,
        exception_handlers={HTTPException: _not_found, StoreError: _unavailable},
    )
    app.state.lobby = lobby
    app.state.service = Service(lobby)  # several processes on one PostgreSQL database: leases and notices
    app.state.metrics = metrics
    app.state.judge = Judge(lobby, judgements_for(store), budget=judge_budget, at_once=judge_at_once)
    app.state.queue = new_queue(lobby, app.state.service, store, metrics, queue_wait)  # state.queue: its Queue
    app.state.allowed_origins = tuple(allowed_origins)
    app.state.abandon_after = abandon_after
    app.state.db = db
    install_byday(app, lobby, store, metrics, webhook_rules)  # webhooks and "your games"
    accounts.set_up_accounts(app, store, session_days, login_limit)
    return app
