"""What the server's HTTP endpoints share: a request's JSON body, read within a bound, a
refusal's answer with its status, and the cursor of a list read page by page.

Only a body declared ``application/json`` is read: a page of another site can send a form's
types (``text/plain``, form data) through a visitor's browser without asking, but not JSON,
so a body of another type, or of none, is refused before it is read. A refusal is answered
``{"error": {"code", "message"}}`` with the status :data:`STATUS` gives its code (400 for a
code it does not list); the codes are documented on the network page.

>>> refusal(Refused("no-table", "there is no table k3x9")).status_code
404

A cursor is the place in a list where its next page starts, a number and a key, as URL-safe
text:

>>> read_cursor(cursor_text((1700000000.5, "k3x9")), 40)
(1700000000.5, 'k3x9')
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any, Final

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.formats.documents import parse_json
from eighthalf.server.protocol.messages import Refused

__all__ = ["STATUS", "cursor_text", "json_body", "read_cursor", "refusal"]

STATUS: Final = {
    "bad-token": 401,
    "bad-session": 401,
    "bad-login": 401,
    "bad-origin": 403,
    "rated-guest": 403,
    "not-a-player": 403,
    "review-closed": 403,
    "no-hints": 403,
    "no-table": 404,
    "no-player": 404,
    "seat-taken": 409,
    "account-seated": 409,
    "name-taken": 409,
    "game-over": 409,
    "not-finished": 409,
    "not-your-turn": 409,
    "no-rematch": 409,
    "rematched": 409,
    "already-agreed": 409,
    "not-agreed": 409,
    "too-large": 413,
    "unsupported-media-type": 415,
    "login-limited": 429,
    "database-unavailable": 503,
}
"""The HTTP status of each refusal code that is not answered 400."""


def refusal(refused: Refused, status: int | None = None) -> JSONResponse:
    """The answer to a refused request: its code and words, with ``status`` or :data:`STATUS`'s."""
    return JSONResponse(
        {"error": {"code": refused.code, "message": str(refused)}},
        status_code=status or STATUS.get(refused.code, 400),
    )


async def json_body(request: Request, limit: int, *, empty: Any = None) -> Any:
    """The request's JSON body, declared ``application/json``, of at most ``limit`` bytes; an
    empty body is ``empty`` if given (``None``: refused as no JSON document).

    Raises:
        Refused: If it is not declared JSON (``unsupported-media-type``), is larger
            (``too-large``), is cut short or is not a JSON document (``bad-json``).
    """
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        shown = media[:60] or "no content type"
        raise Refused("unsupported-media-type", f"a request body is application/json, not {shown}")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise Refused("too-large", f"a request body has at most {limit} bytes")
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Refused("too-large", f"a request body has at most {limit} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # the client went before the whole body came: nobody reads the answer
        raise Refused("bad-json", "the body was cut short") from None
    raw = b"".join(chunks)
    if not raw and empty is not None:
        return empty
    try:
        return parse_json(raw.decode("utf-8"))
    except (UnicodeDecodeError, EighthalfError) as error:
        raise Refused("bad-json", f"the body is not a JSON document: {str(error)[:200]}") from None


def cursor_text(cursor: tuple[float, str]) -> str:
    """The text of a cursor (a list's place: a number, as a time, and a key): its JSON in URL-safe
    base64, without padding; :func:`read_cursor` reads it back."""
    return base64.urlsafe_b64encode(json.dumps([cursor[0], cursor[1]]).encode()).decode().rstrip("=")


def read_cursor(text: str, longest: int) -> tuple[float, str]:
    """The cursor that :func:`cursor_text` wrote as ``text``, whose key has at most ``longest`` characters.

    Raises:
        Refused: If ``text`` is no such cursor (``bad-query``).
    """
    try:
        number, key = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        if type(number) not in (int, float) or type(key) is not str or len(key) > longest:
            raise ValueError
    except (ValueError, TypeError, binascii.Error):
        raise Refused("bad-query", f"cursor: not a cursor of this list: {quote(text[:40])}") from None
    return float(number), key
