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
``no-player`` (404). The pages are told in English, French or Dutch: their ``lang`` query's
language, else the one ``Accept-Language`` prefers.
"""

from __future__ import annotations

import html
from typing import Any, Final
from urllib.parse import quote as url_quote
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from eighthalf.core.errors import quote
from eighthalf.core.i18n import N_, translation
from eighthalf.server.players.model import KINDS, NEWCOMER_GAMES
from eighthalf.server.players.passphrases import account_key
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.accounts import Accounts, StoredRating
from eighthalf.server.web.boards import listing_locale
from eighthalf.server.web.bodies import cursor_text, read_cursor, refusal
from eighthalf.server.web.pages import accept_language

__all__ = ["BOARD_LIMIT", "leaderboard_data", "player_data", "player_routes"]

BOARD_LIMIT: Final = 50
"""The players of one page of a leaderboard by default (at most 200)."""

_MOST: Final = 200

_BOT: Final = " (bot)"


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
    after = None if "cursor" not in params else read_cursor(params["cursor"], 200)
    found = accounts.board(kind, limit=limit + 1, newcomers=newcomers == "1", least_games=NEWCOMER_GAMES, after=after)
    page = found[:limit]
    names = accounts.names([rating.player for rating in page if not rating.player.endswith(_BOT)])
    first = 1 + accounts.ahead(kind, newcomers=newcomers == "1", least_games=NEWCOMER_GAMES, after=after)
    return {
        "kind": kind,
        "newcomers": newcomers == "1",
        "least_games": NEWCOMER_GAMES,
        "players": [{"place": first + number, **_rating(rating, names)} for number, rating in enumerate(page)],
        "next": cursor_text((page[-1].shown, page[-1].player)) if len(found) > limit else None,
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
        return refusal(refused)
    return JSONResponse(data)


async def leaderboard_api(request: Request) -> Response:
    """``GET /api/leaderboard``: a page of a leaderboard."""
    try:
        data = leaderboard_data(request.app.state.accounts, request.query_params)
    except Refused as refused:
        return refusal(refused)
    headers = {}
    if data["next"] is not None:
        params = {**request.query_params, "cursor": data["next"]}
        headers["link"] = f'</api/leaderboard?{urlencode(params)}>; rel="next"'
    return JSONResponse(data, headers=headers)


_WORDS: Final = {
    "lobby": N_("Lobby"),
    "boards": N_("Leaderboards"),
    "board": N_("Leaderboard: {kind}"),
    "kinds": N_("Kinds of play"),
    "shown": N_("A rating is μ − 3σ: what the player has shown with near certainty. Only rated tables count."),
    "ranked": N_("{kind}: {count} or more rated games"),
    "newcomers": N_("Newcomers: fewer than {count} rated games"),
    "next": N_("Next page"),
    "nobody": N_("Nobody yet."),
    "place": N_("Place"),
    "player": N_("Player"),
    "rating": N_("Rating"),
    "games": N_("Games"),
    "wins": N_("Wins"),
    "kind": N_("Kind of play"),
    "ratings": N_("Ratings"),
    "unrated": N_("No rated game yet."),
    "finished": N_("Finished games"),
    "none": N_("None yet."),
    "missing": N_("No such player"),
    "won": N_(", seat {seat}: won"),
    "lost": N_(", seat {seat}: not won"),
    "rated": N_(" (rated, {kind}: place {place}, {before} → {after})"),
    "record": N_("record"),
    "review": N_("review"),
}
"""The pages' words, told through the ``eighthalf`` gettext domain in the language asked for
(``lang``, else ``Accept-Language``)."""


def _language(request: Request) -> str:
    return listing_locale(request.query_params.get("lang"), accept_language(request.headers.get("accept-language")))


def _page(told: Any, language: str, title: str, body: str) -> str:
    return (
        f'<!doctype html>\n<html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/style.css"></head>'
        f'<body><main class="players-page"><p><a href="/">{html.escape(told(_WORDS["lobby"]))}</a> · '
        f'<a href="/leaderboard?{urlencode({"lang": language})}">{html.escape(told(_WORDS["boards"]))}</a></p>'
        f"<h1>{html.escape(title)}</h1>{body}</main></body></html>\n"
    )


def _refused_page(told: Any, language: str, title: str, refused: Refused, status: int) -> HTMLResponse:
    """The page (answered with ``status``) that says why a request was refused, under ``title``."""
    return HTMLResponse(_page(told, language, title, f'<p role="alert">{html.escape(str(refused))}</p>'), status)


def _player_link(row: dict[str, Any], language: str) -> str:
    name = html.escape(row["name"])
    if row["bot"]:
        return f"{name} (bot)"
    return f'<a href="/players/{url_quote(row["name"], safe="")}?{urlencode({"lang": language})}">{name}</a>'


def _board_table(told: Any, language: str, caption: str, rows: list[dict[str, Any]]) -> str:
    if not rows:
        return f"<h2>{html.escape(caption)}</h2><p>{html.escape(told(_WORDS['nobody']))}</p>"
    lines = "".join(
        f'<tr><td>{row["place"]}</td><th scope="row">{_player_link(row, language)}</th>'
        f"<td>{row['rating']:.1f}</td><td>{row['games']}</td><td>{row['wins']}</td></tr>"
        for row in rows
    )
    heads = "".join(
        f'<th scope="col">{html.escape(told(_WORDS[key]))}</th>'
        for key in ("place", "player", "rating", "games", "wins")
    )
    return f"<h2>{html.escape(caption)}</h2><table><thead><tr>{heads}</tr></thead><tbody>{lines}</tbody></table>"


async def leaderboard_page(request: Request) -> Response:
    """``GET /leaderboard``: a kind of play's leaderboard, its newcomers below, in ``lang``."""
    accounts: Accounts = request.app.state.accounts
    language = _language(request)
    told = translation(language).gettext
    params = {key: value for key, value in request.query_params.items() if key != "lang"}
    try:
        ranked = leaderboard_data(accounts, params)
        kind = ranked["kind"]
        newcomers = leaderboard_data(accounts, {"kind": kind, "newcomers": "1"})
    except Refused as refused:
        return _refused_page(told, language, told(_WORDS["boards"]), refused, 400)
    kinds = " · ".join(
        f'<a href="/leaderboard?{urlencode({"kind": each, "lang": language})}"'
        f"{' aria-current=page' if each == kind else ''}>{html.escape(each)}</a>"
        for each in KINDS
    )
    more = ""
    if ranked["next"] is not None:
        after = urlencode({"kind": kind, "cursor": ranked["next"], "lang": language})
        more = f'<p><a href="/leaderboard?{after}">{html.escape(told(_WORDS["next"]))}</a></p>'
    body = (
        f'<nav aria-label="{html.escape(told(_WORDS["kinds"]))}"><p>{kinds}</p></nav>'
        f"<p>{html.escape(told(_WORDS['shown']))}</p>"
        + _board_table(
            told, language, told(_WORDS["ranked"]).format(kind=kind, count=NEWCOMER_GAMES), ranked["players"]
        )
        + more
        + _board_table(told, language, told(_WORDS["newcomers"]).format(count=NEWCOMER_GAMES), newcomers["players"])
    )
    return HTMLResponse(_page(told, language, told(_WORDS["board"]).format(kind=kind), body), headers=_VARY)


_VARY: Final = {"vary": "Accept-Language"}


def _game_line(told: Any, game: dict[str, Any]) -> str:
    link = f'<a href="/table/{html.escape(game["table"])}">{html.escape(game["game"])}</a>'
    outcome = told(_WORDS["won" if game["won"] else "lost"]).format(seat=game["seat"] + 1)
    rated = game["rated"]
    said = (
        ""
        if rated is None
        else told(_WORDS["rated"]).format(
            kind=rated["kind"], place=rated["place"], before=f"{rated['before']:.1f}", after=f"{rated['after']:.1f}"
        )
    )
    return (
        f'<li>{link}{html.escape(outcome + said)} · <a href="{game["record"]}">{html.escape(told(_WORDS["record"]))}</a>'
        f' · <a href="{game["review"]}">{html.escape(told(_WORDS["review"]))}</a></li>'
    )


async def player_page(request: Request) -> Response:
    """``GET /players/{name}``: a player's page, in ``lang``."""
    language = _language(request)
    told = translation(language).gettext
    try:
        data = player_data(request.app.state.accounts, request.path_params["name"])
    except Refused as refused:
        return _refused_page(told, language, told(_WORDS["missing"]), refused, 404)
    ratings = "".join(
        f'<tr><th scope="row">{html.escape(row["kind"])}</th><td>{row["rating"]:.1f}</td>'
        f"<td>{row['games']}</td><td>{row['wins']}</td></tr>"
        for row in data["ratings"]
    )
    heads = "".join(
        f'<th scope="col">{html.escape(told(_WORDS[key]))}</th>' for key in ("kind", "rating", "games", "wins")
    )
    games = "".join(_game_line(told, game) for game in data["games"])
    body = (
        f"<h2>{html.escape(told(_WORDS['ratings']))}</h2>"
        + (
            f"<table><thead><tr>{heads}</tr></thead><tbody>{ratings}</tbody></table>"
            if ratings
            else f"<p>{html.escape(told(_WORDS['unrated']))}</p>"
        )
        + f"<h2>{html.escape(told(_WORDS['finished']))}</h2>"
        + (f"<ul>{games}</ul>" if games else f"<p>{html.escape(told(_WORDS['none']))}</p>")
    )
    return HTMLResponse(_page(told, language, data["name"], body), headers=_VARY)


def player_routes() -> list[Route]:
    """The routes of this module (the table at its top)."""
    return [
        Route("/players/{name}", player_page),
        Route("/api/players/{name}", player_api),
        Route("/leaderboard", leaderboard_page),
        Route("/api/leaderboard", leaderboard_api),
    ]
