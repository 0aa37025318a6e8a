"""Accounts over HTTP: sign up, log in and out, and the seats of a signed-in person.

Guest play is unchanged: a seat is a name and a secret link. A person may also make an
account (a name by the seat-name rules, unique without regard to case, and a passphrase;
:mod:`eighthalf.server.players.passphrases`) and sign in; the server then sets a session
cookie, :data:`COOKIE`: a random 256-bit token of which the database keeps only the hash,
``HttpOnly``, ``SameSite=Lax``, ``Secure`` when the request came over TLS (directly, or
through a proxy on this machine that says so, as the deploy page's does), new at each login
and valid for the server's ``--session-days`` (30 by default). A seat taken while signed in
is the account's: its websocket is the seat's on any device without the private link.

=======  ==============================================  ================================================
method   path                                            what it does
=======  ==============================================  ================================================
POST     ``/api/accounts``                               make an account ``{"name", "passphrase"}`` and sign in
POST     ``/api/session``                                log in ``{"name", "passphrase"}``
GET      ``/api/session``                                who is signed in: ``{"name": ...}`` (``null``: nobody)
POST     ``/api/session/logout``                         end this session (body ``{}``)
POST     ``/api/session/logout-everywhere``              end every session of the account (body ``{}``)
=======  ==============================================  ================================================

Every POST here carries a JSON body (``application/json``: no other site's form can send one)
and, when its browser says where it comes from (``Origin``), comes from the server's own
origin or an allowed one. The refusals, each ``{"error": {"code", "message"}}``:
``bad-name`` (400), ``bad-passphrase`` (400: fewer than 8 or more than 1024 characters),
``name-taken`` (409), ``bad-login`` (401: an unknown name or a wrong passphrase, alike),
``login-limited`` (429), ``bad-session`` (401: a cookie that is no valid session's: forged,
expired, logged out), ``bad-origin`` (403), and at a table ``rated-guest`` (403) and
``account-seated`` (409: the account holds another seat of the table).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from eighthalf.server.players.passphrases import (
    LoginLimiter,
    account_key,
    account_name,
    check_passphrase,
    hash_passphrase,
    new_session_token,
    session_hash,
    verify_passphrase,
)
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.accounts import Account, Accounts
from eighthalf.server.storage.store import Store
from eighthalf.server.tables.table import Table
from eighthalf.server.web.bodies import json_body, refusal
from eighthalf.server.web.players import player_routes

__all__ = [
    "COOKIE",
    "MAX_ACCOUNT_BYTES",
    "SESSION_DAYS",
    "account_routes",
    "check_origin",
    "origin_allowed",
    "seat_by_session",
    "seat_claim",
    "set_up_accounts",
    "signed_in",
]

logger = logging.getLogger("eighthalf.server")

COOKIE: Final = "eighthalf_session"
"""The session cookie's name."""

SESSION_DAYS: Final = 30.0
"""How long a session lasts by default (days): ``eighthalf serve --session-days``."""

MAX_ACCOUNT_BYTES: Final = 16 * 1024
"""The largest body of a request here (a passphrase of 1024 characters fits, even each
written as a JSON escape of a character beyond the BMP)."""


def _accounts(connection: HTTPConnection) -> Accounts:
    accounts: Accounts = connection.app.state.accounts
    return accounts


def origin_allowed(connection: HTTPConnection) -> bool:
    """Whether a request or websocket comes from a page of the server's own origin or of an
    allowed one (``--allow-origin``), or from a program (no ``Origin``: a program cannot be
    tricked into using a person's page)."""
    origin = connection.headers.get("origin")
    allowed: Sequence[str] = connection.app.state.allowed_origins
    return origin is None or origin in allowed or urlsplit(origin).netloc == connection.headers.get("host", "")


def check_origin(request: HTTPConnection) -> None:
    """Refuse a state-changing request that a page of another site sent (:func:`origin_allowed`).

    Raises:
        Refused: If so (``bad-origin``).
    """
    if not origin_allowed(request):
        raise Refused("bad-origin", "a request from a page of another site is refused")


async def _json(request: Request) -> dict[str, Any]:
    """The request's JSON object, declared ``application/json``, at most :data:`MAX_ACCOUNT_BYTES`.

    Raises:
        Refused: If it is not (``unsupported-media-type``, ``too-large``, ``bad-json``).
    """
    body = await json_body(request, MAX_ACCOUNT_BYTES, empty={})
    if type(body) is not dict:
        raise Refused("bad-json", "the body is a JSON object")
    return body


def _fields(body: dict[str, Any], keys: set[str]) -> None:
    if set(body) != keys:
        raise Refused("bad-json", f"expected the keys {', '.join(sorted(keys)) or 'none'}, not {sorted(body)[:4]}")


def _address(request: HTTPConnection) -> str:
    return request.client.host if request.client is not None else "?"


def signed_in(connection: HTTPConnection) -> Account | None:
    """The account whose session the request's cookie is, or ``None`` without a cookie.

    Raises:
        Refused: If the cookie is no valid session's (``bad-session``).
    """
    token = connection.cookies.get(COOKIE)
    if token is None:
        return None
    account = _accounts(connection).session(session_hash(token), time.time())
    if account is None:
        raise Refused("bad-session", "the session is not valid (it expired or was ended): sign in again")
    return account


def seat_by_session(connection: HTTPConnection, table: Table) -> int | None:
    """The seat that the signed-in person of ``connection`` holds at ``table``, or ``None``
    (no cookie, a cookie that is no valid session's, or no seat there: a spectator)."""
    try:
        account = signed_in(connection)
    except Refused:
        return None
    return None if account is None else _accounts(connection).seat_of(table.id, account.key)


def seat_claim(request: Request, table: Table, body: object) -> tuple[object, str | None]:
    """Who takes a seat of ``table``: the name and the account's key of a signed-in person
    (the account's name: the body's ``name`` may be left out), a guest's ``name`` and ``None``.

    Raises:
        Refused: If the body is not ``{"name": ...}`` (a guest's), the cookie is no session's
            (``bad-session``), the request comes from another site's page (``bad-origin``)
            or the account holds another seat of the table (``account-seated``).
    """
    account = signed_in(request)
    if account is None:
        if type(body) is not dict or set(body) != {"name"}:
            raise Refused("bad-json", 'expected {"name": "..."}')
        return body["name"], None
    check_origin(request)
    if type(body) is not dict or not set(body) <= {"name"}:
        raise Refused("bad-json", 'expected {} or {"name": "..."}')
    held = _accounts(request).seat_of(table.id, account.key)
    if held is not None:
        raise Refused("account-seated", f"your account holds seat {held} of this table already")
    return account.name, account.key


def _with_session(request: Request, answer: Response, key: str) -> Response:
    """``answer`` with a new session of the account ``key`` (its cookie set)."""
    token = new_session_token()
    seconds: float = request.app.state.session_seconds
    now = time.time()
    _accounts(request).add_session(session_hash(token), key, now, now + seconds)
    answer.set_cookie(
        COOKIE,
        token,
        max_age=int(seconds),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme in ("https", "wss"),
    )
    return answer


def _limiter(request: Request) -> LoginLimiter:
    limiter: LoginLimiter = request.app.state.login_limiter
    return limiter


async def _credentials(request: Request) -> tuple[str, str]:
    """The name and passphrase that a sign-up or a log-in gives: its body ``{"name": ..., "passphrase": ...}``,
    checked (and the request's origin first).

    Raises:
        Refused: If the request comes from another site's page, or the body, the name or the passphrase
            is not one.
    """
    check_origin(request)
    body = await _json(request)
    _fields(body, {"name", "passphrase"})
    return account_name(body["name"]), check_passphrase(body["passphrase"])


async def sign_up(request: Request) -> Response:
    """``POST /api/accounts``: make an account and sign in (201, with the session cookie)."""
    metrics = request.app.state.metrics
    try:
        name, passphrase = await _credentials(request)
        key = account_key(name)
        limiter = _limiter(request)
        limiter.check(None, _address(request))  # making accounts counts against the address, as a failed login does
        limiter.failed(None, _address(request))
        hashed = await asyncio.to_thread(hash_passphrase, passphrase)
        if not _accounts(request).create(Account(key, name, hashed, time.time())):
            raise Refused("name-taken", f"an account named {name!r} exists (names differ in more than case)")
    except Refused as refused:
        return refusal(refused)
    metrics.signups.inc()
    logger.info("an account was made")
    return _with_session(request, JSONResponse({"name": name}, status_code=201), key)


async def log_in(request: Request) -> Response:
    """``POST /api/session``: log in (200, with a new session cookie)."""
    metrics = request.app.state.metrics
    limiter = _limiter(request)
    try:
        name, passphrase = await _credentials(request)
        key, address = account_key(name), _address(request)
        try:
            limiter.check(key, address)
        except Refused:
            metrics.logins.labels("limited").inc()
            raise
        account = _accounts(request).get(key)
        usable = account is not None and not account.disabled
        right = await asyncio.to_thread(verify_passphrase, account.passphrase if account else None, passphrase)
        if not (usable and right):
            limiter.failed(key, address)
            metrics.logins.labels("refused").inc()
            raise Refused("bad-login", "that name and passphrase do not match an account")
    except Refused as refused:
        return refusal(refused)
    assert account is not None
    metrics.logins.labels("ok").inc()
    _accounts(request).end_sessions("", time.time())  # the expired sessions of every account go
    return _with_session(request, JSONResponse({"name": account.name}), key)


async def session(request: Request) -> Response:
    """``GET /api/session``: the signed-in person's name, or ``null``; a cookie that is no
    session's is refused (``bad-session``) and cleared."""
    try:
        account = signed_in(request)
    except Refused as refused:
        answer = refusal(refused)
        answer.delete_cookie(COOKIE, path="/")
        return answer
    return JSONResponse({"name": None if account is None else account.name})


async def log_out(request: Request) -> Response:
    """``POST /api/session/logout`` and ``.../logout-everywhere``: end this session, or all the account's."""
    everywhere = request.url.path.endswith("everywhere")
    try:
        check_origin(request)
        _fields(await _json(request), set())
        account = signed_in(request)
        if account is None:
            raise Refused("bad-session", "nobody is signed in")
    except Refused as refused:
        return refusal(refused)
    accounts = _accounts(request)
    if everywhere:
        ended = accounts.end_sessions(account.key)
    else:
        accounts.end_session(session_hash(request.cookies[COOKIE]))
        ended = 1
    answer = JSONResponse({"ended": ended})
    answer.delete_cookie(COOKIE, path="/")
    return answer


def set_up_accounts(app: Any, store: Store, session_days: float, login_limit: tuple[int, float]) -> None:
    """Put what this module's endpoints share on ``app.state``: ``accounts``, ``session_seconds``, ``login_limiter``."""
    app.state.accounts = Accounts(store)
    app.state.session_seconds = session_days * 86400
    app.state.login_limiter = LoginLimiter(*login_limit)


def account_routes() -> list[Route]:
    """The routes of this module (the table at its top) and of :mod:`eighthalf.server.web.players`."""
    return [
        *player_routes(),
        Route("/api/accounts", sign_up, methods=["POST"]),
        Route("/api/session", log_in, methods=["POST"]),
        Route("/api/session", session, methods=["GET"]),
        Route("/api/session/logout", log_out, methods=["POST"]),
        Route("/api/session/logout-everywhere", log_out, methods=["POST"]),
    ]
