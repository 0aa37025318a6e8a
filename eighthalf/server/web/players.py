"""A player's page and the leaderboards: plain HTML from the server, and the same as JSON.

=======  ==============================  ======================================================
method   path                            what it gives
=======  ==============================  ======================================================
GET      ``/players/{name}``             a player's page: ratings per kind of play, finished games
GET      ``/api/players/{name}``         the same as JSON (``limit``: games, 1 to 200, 50 by default)
GET      ``/leaderboard``                the leaderboard of a kind of play (``kind``, ``cursor``)
GET      ``/api/leaderboard``            a page of it as JSON (``kind``, ``limit``, ``cursor``, ``newcomers``)
=======  ==============================  ======================================================

A rating is shown as its conservative value, ``mu - 3 * sigma``, with the games and wins
behind it. A leaderboard lists the players with at least
:data:`~eighthalf.server.players.model.NEWCOMER_GAMES` rated games of its kind, best first,
and the newcomers apart (``newcomers=1``); the built-in bots stand in it with their fixed
ratings. Each player has its ``place`` (1: the best; counted across pages). A page holds ``limit`` players (50 by default, at most 200) and the ``cursor`` of
the next, if any (``next``, and a ``Link`` header). Refusals: ``bad-query`` (400) and
``no-player`` (404).
"""

from __future__ import annotations

import base64
import binascii
import html
import json
from typing import Any, Final
from urllib.parse import quote as url_quote
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from eighthalf.core.errors import quote
from eighthalf.server.players.model import KINDS, NEWCOMER_GAMES
from eighthalf.server.players.passphrases import account_key
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.accounts import Accounts, StoredRating

__all__ = ["BOARD_LIMIT", "leaderboard_data", "player_data", "player_routes"]

BOARD_LIMIT: Final = 50
"""The players of one page of a leaderboard by default (at most 200)."""

_MOST: Final = 200

_BOT: Final = " (bot)"


def _error(refused: Refused) -> JSONResponse:
    status = 404 if refused.code == "no-player" else 400
    return JSONResponse({"error": {"code": refused.code, "message": str(refused)}}, status_code=status)


def _limit(text: str | None, default: int) -> int:
    if text is None:
        return default
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and 1 <= int(text) <= _MOST):
        raise Refused("bad-query", f"limit: expected a number from 1 to {_MOST}, not {quote(text[:40])}")
    return int(text)


def _rating(rating: StoredRating, names: dict[str, str]) -> dict[str, Any]:
    bot = rating.player.endswith(_BOT)
    return {
        "name": rating.player[: -len(_BOT)] if bot else names.get(rating.player, rating.player),
        "bot": bot,
        "kind": rating.kind,
        "rating": round(rating.shown, 2),
        "mu": round(rating.mu, 4),
        "sigma": round(rating.sigma, 4),
        "games": rating.games,
        "wins": rating.wins,
    }


def player_data(accounts: Accounts, name: str, limit: int = 50) -> dict[str, Any]:
    """A player's page as JSON: the name, each rating and the finished games, newest first.

    Raises:
        Refused: If no account has that name (``no-player``).
    """
    account = accounts.get(account_key(name))
    if account is None or account.disabled:
        raise Refused("no-player", f"no player is named {quote(name[:40])}")
    names = {account.key: account.name}
    games = []
    for played in accounts.games(account.key, limit=limit):
        result = (played.summary or {}).get("result")
        games.append(
            {
                "table": played.table_id,
                "game": played.game,
                "created": played.created,
                "seat": played.seat,
                "result": result,
                "won": result is not None and played.seat in result["winners"],
                "rated": None
                if played.kind is None
                else {
                    "kind": played.kind,
                    "place": played.place,
                    "before": round(played.before or 0.0, 2),
                    "after": round(played.after or 0.0, 2),
                },
                "record": f"/api/tables/{played.table_id}/record",
                "review": f"/table/{played.table_id}/review",
            }
        )
    return {
        "name": account.name,
        "ratings": [_rating(rating, names) for rating in accounts.ratings_of(account.key)],
        "games": games,
    }


def _cursor(text: str) -> tuple[float, str]:
    try:
        shown, player = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        if type(shown) not in (int, float) or type(player) is not str or len(player) > 200:
            raise ValueError
    except (ValueError, TypeError, binascii.Error):
        raise Refused("bad-query", f"cursor: not a cursor of this list: {quote(text[:40])}") from None
    return float(shown), player


def _cursor_text(rating: StoredRating) -> str:
    return base64.urlsafe_b64encode(json.dumps([rating.shown, rating.player]).encode()).decode().rstrip("=")


def leaderboard_data(accounts: Accounts, params: Any) -> dict[str, Any]:
    """A page of a leaderboard as JSON, from the query ``params`` (``kind``, ``limit``,
    ``cursor``, ``newcomers``): the kind, whether it lists the newcomers, the players and
    the ``next`` page's cursor (``null`` on the last).

    Raises:
        Refused: If a parameter is malformed (``bad-query``).
    """
    unknown = sorted(set(params) - {"kind", "limit", "cursor", "newcomers"})
    if unknown:
        raise Refused("bad-query", f"unknown parameter {quote(unknown[0][:40])} (kind, limit, cursor, newcomers)")
    kind = params.get("kind", KINDS[0])
    if kind not in KINDS:
        raise Refused("bad-query", f"kind: expected one of {', '.join(KINDS)}, not {quote(kind[:40])}")
    newcomers = params.get("newcomers", "0")
    if newcomers not in ("0", "1"):
        raise Refused("bad-query", f"newcomers: expected 0 or 1, not {quote(newcomers[:40])}")
    limit = _limit(params.get("limit"), BOARD_LIMIT)
    after = None if "cursor" not in params else _cursor(params["cursor"])
    found = accounts.board(kind, limit=limit + 1, newcomers=newcomers == "1", least_games=NEWCOMER_GAMES, after=after)
    page = found[:limit]
    names = accounts.names([rating.player for rating in page if not rating.player.endswith(_BOT)])
    first = 1 + accounts.ahead(kind, newcomers=newcomers == "1", least_games=NEWCOMER_GAMES, after=after)
    return {
        "kind": kind,
        "newcomers": newcomers == "1",
        "least_games": NEWCOMER_GAMES,
        "players": [{"place": first + number, **_rating(rating, names)} for number, rating in enumerate(page)],
        "next": _cursor_text(page[-1]) if len(found) > limit else None,
    }


async def player_api(request: Request) -> Response:
    """``GET /api/players/{name}``: a player's ratings and finished games."""
    accounts: Accounts = request.app.state.accounts
    try:
        unknown = sorted(set(request.query_params) - {"limit"})
        if unknown:
            raise Refused("bad-query", f"unknown parameter {quote(unknown[0][:40])} (limit)")
        data = player_data(accounts, request.path_params["name"], _limit(request.query_params.get("limit"), 50))
    except Refused as refused:
        return _error(refused)
    return JSONResponse(data)


async def leaderboard_api(request: Request) -> Response:
    """``GET /api/leaderboard``: a page of a leaderboard."""
    try:
        data = leaderboard_data(request.app.state.accounts, request.query_params)
    except Refused as refused:
        return _error(refused)
    headers = {}
    if data["next"] is not None:
        params = {**request.query_params, "cursor": data["next"]}
        headers["link"] = f'</api/leaderboard?{urlencode(params)}>; rel="next"'
    return JSONResponse(data, headers=headers)


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/style.css"></head>'
        f'<body><main class="players-page"><p><a href="/">Lobby</a> · <a href="/leaderboard">Leaderboards</a></p>'
        f"<h1>{html.escape(title)}</h1>{body}</main></body></html>\n"
    )


def _player_link(row: dict[str, Any]) -> str:
    name = html.escape(row["name"])
    return f"{name} (bot)" if row["bot"] else f'<a href="/players/{url_quote(row["name"], safe="")}">{name}</a>'


def _board_table(caption: str, rows: list[dict[str, Any]]) -> str:
    if not rows:
        return f"<h2>{html.escape(caption)}</h2><p>Nobody yet.</p>"
    lines = "".join(
        f'<tr><td>{row["place"]}</td><th scope="row">{_player_link(row)}</th>'
        f"<td>{row['rating']:.1f}</td><td>{row['games']}</td><td>{row['wins']}</td></tr>"
        for row in rows
    )
    return (
        f'<h2>{html.escape(caption)}</h2><table><thead><tr><th scope="col">Place</th>'
        '<th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Games</th>'
        f'<th scope="col">Wins</th></tr></thead><tbody>{lines}</tbody></table>'
    )


async def leaderboard_page(request: Request) -> Response:
    """``GET /leaderboard``: a kind of play's leaderboard, its newcomers below."""
    accounts: Accounts = request.app.state.accounts
    try:
        ranked = leaderboard_data(accounts, request.query_params)
        kind = ranked["kind"]
        newcomers = leaderboard_data(accounts, {"kind": kind, "newcomers": "1"})
    except Refused as refused:
        return HTMLResponse(_page("Leaderboard", f'<p role="alert">{html.escape(str(refused))}</p>'), 400)
    kinds = " · ".join(
        f'<a href="/leaderboard?{urlencode({"kind": each})}"{" aria-current=page" if each == kind else ""}>'
        f"{html.escape(each)}</a>"
        for each in KINDS
    )
    more = ""
    if ranked["next"] is not None:
        more = f'<p><a href="/leaderboard?{urlencode({"kind": kind, "cursor": ranked["next"]})}">Next page</a></p>'
    body = (
        f'<nav aria-label="Kinds of play"><p>{kinds}</p></nav>'
        "<p>A rating is μ − 3σ: what the player has shown with near certainty. Only rated tables count.</p>"
        + _board_table(f"{kind}: {NEWCOMER_GAMES} or more rated games", ranked["players"])
        + more
        + _board_table(f"Newcomers: fewer than {NEWCOMER_GAMES} rated games", newcomers["players"])
    )
    return HTMLResponse(_page(f"Leaderboard: {kind}", body))


async def player_page(request: Request) -> Response:
    """``GET /players/{name}``: a player's page."""
    try:
        data = player_data(request.app.state.accounts, request.path_params["name"])
    except Refused as refused:
        return HTMLResponse(_page("No such player", f'<p role="alert">{html.escape(str(refused))}</p>'), 404)
    ratings = "".join(
        f'<tr><th scope="row">{html.escape(row["kind"])}</th><td>{row["rating"]:.1f}</td>'
        f"<td>{row['games']}</td><td>{row['wins']}</td></tr>"
        for row in data["ratings"]
    )
    games = "".join(
        f'<li><a href="/table/{html.escape(game["table"])}">{html.escape(game["game"])}</a>, seat {game["seat"] + 1}: '
        f"{'won' if game['won'] else 'not won'}"
        + (
            ""
            if game["rated"] is None
            else f" (rated, {html.escape(game['rated']['kind'])}: place {game['rated']['place']}, "
            f"{game['rated']['before']:.1f} → {game['rated']['after']:.1f})"
        )
        + f' · <a href="{game["record"]}">record</a> · <a href="{game["review"]}">review</a></li>'
        for game in data["games"]
    )
    body = (
        "<h2>Ratings</h2>"
        + (
            '<table><thead><tr><th scope="col">Kind of play</th><th scope="col">Rating</th>'
            f'<th scope="col">Games</th><th scope="col">Wins</th></tr></thead><tbody>{ratings}</tbody></table>'
            if ratings
            else "<p>No rated game yet.</p>"
        )
        + "<h2>Finished games</h2>"
        + (f"<ul>{games}</ul>" if games else "<p>None yet.</p>")
    )
    return HTMLResponse(_page(data["name"], body))


def player_routes() -> list[Route]:
    """The routes of this module (the table at its top)."""
    return [
        Route("/players/{name}", player_page),
        Route("/api/players/{name}", player_api),
        Route("/leaderboard", leaderboard_page),
        Route("/api/leaderboard", leaderboard_api),
    ]
