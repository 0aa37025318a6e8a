"""Accounts, sessions and rated tables on a real server (issue 40, items 1 to 3).

A real ``eighthalf serve`` process on loopback, on SQLite or (``EIGHTHALF_TEST_STORE=postgresql``)
PostgreSQL: sign-up, login and logout over HTTP with the session cookie; the cookie as a seat's
second proof on the websocket; hostile input (forged, expired and logged-out cookies, a guest
at a rated table, one account in two seats, passphrases at and past their bounds, logins
flooded, a page of another site); a rated game's end rating each person once, also with two
server processes on one PostgreSQL database; the operator's ``accounts`` command.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import pytest
from postgres_support import STORE
from server_support import (
    ROOT,
    WAIT_SECONDS,
    ServerProcess,
    database_of,
    drive,
    http,
    is_error,
    new_table,
    open_store,
    receive_until,
    server_fixture,
    server_with_fixture,
    start_server,
    stop_server,
)
from websockets.asyncio.client import ClientConnection, connect

from eighthalf.server.protocol.games import SERVED
from eighthalf.server.storage.accounts import transaction
from eighthalf.server.web.accounts import COOKIE

__all__ = ["server_fixture", "server_with_fixture"]

PASSPHRASE = "correct horse battery"


def call(
    server: ServerProcess,
    method: str,
    path: str,
    body: object = None,
    *,
    session: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> tuple[int, Any, str | None]:
    """One HTTP request, with the session cookie ``session`` if given: the status, the body
    (JSON decoded) and the ``Set-Cookie`` header."""
    connection = HTTPConnection("127.0.0.1", server.port, timeout=WAIT_SECONDS)
    try:
        sent = {"content-type": "application/json", **(headers or {})}
        if session is not None:
            sent["cookie"] = f"{COOKIE}={session}"
        connection.request(method, path, body=None if body is None else json.dumps(body).encode(), headers=sent)
        response = connection.getresponse()
        content = response.read()
        kind = response.getheader("content-type") or ""
        decoded = json.loads(content) if kind.startswith("application/json") else content.decode()
        return response.status, decoded, response.getheader("set-cookie")
    finally:
        connection.close()


def token_of(cookie: str | None) -> str:
    """The session token that a ``Set-Cookie`` header sets."""
    assert cookie is not None and cookie.startswith(f"{COOKIE}="), cookie
    return cookie.split(";")[0].split("=", 1)[1]


def sign_up(server: ServerProcess, name: str, passphrase: str = PASSPHRASE) -> str:
    """Make an account: its session token."""
    status, answer, cookie = call(server, "POST", "/api/accounts", {"name": name, "passphrase": passphrase})
    assert status == 201 and answer == {"name": name}, answer
    return token_of(cookie)


def log_in(server: ServerProcess, name: str, passphrase: str = PASSPHRASE) -> tuple[int, Any, str | None]:
    """Log in: the status, the answer and the ``Set-Cookie`` header."""
    return call(server, "POST", "/api/session", {"name": name, "passphrase": passphrase})


def refused(answer: tuple[int, Any, str | None], status: int, code: str) -> bool:
    """Whether ``answer`` is the API's error ``code`` with ``status``."""
    return answer[0] == status and is_error(answer[1], code)


def test_an_account_signs_up_in_logs_out_and_out_everywhere(server: ServerProcess) -> None:
    first = sign_up(server, "Anna")
    assert call(server, "GET", "/api/session", session=first)[:2] == (200, {"name": "Anna"})
    assert call(server, "GET", "/api/session")[:2] == (200, {"name": None})
    status, answer, cookie = log_in(server, "ANNA")  # one account, whatever the case
    assert status == 200 and answer == {"name": "Anna"} and cookie is not None
    attributes = {part.strip().lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "samesite=lax", "path=/", f"max-age={30 * 86400}"} <= attributes
    assert "secure" not in attributes  # plain http, no proxy saying TLS
    second = token_of(cookie)
    assert second != first and len(second) >= 43  # a new token at each login, 256 bits
    assert refused(call(server, "POST", "/api/accounts", {"name": "anna", "passphrase": PASSPHRASE}), 409, "name-taken")
    third = token_of(log_in(server, "Anna")[2])
    assert call(server, "POST", "/api/session/logout", {}, session=first)[:2] == (200, {"ended": 1})
    assert refused(call(server, "GET", "/api/session", session=first), 401, "bad-session")  # logged out
    assert call(server, "GET", "/api/session", session=second)[:2] == (200, {"name": "Anna"})
    assert call(server, "POST", "/api/session/logout-everywhere", {}, session=second)[:2] == (200, {"ended": 2})
    for ended in (second, third):
        assert refused(call(server, "GET", "/api/session", session=ended), 401, "bad-session")
    assert refused(call(server, "POST", "/api/session/logout", {}, session=second), 401, "bad-session")


def test_the_cookie_is_secure_behind_the_tls_proxy(server: ServerProcess) -> None:
    sign_up(server, "Tessa")
    status, _, cookie = call(
        server,
        "POST",
        "/api/session",
        {"name": "Tessa", "passphrase": PASSPHRASE},
        headers={"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9"},
    )
    assert status == 200 and cookie is not None and "secure" in cookie.lower().split("; ")


def test_forged_expired_and_foreign_requests_are_refused_and_change_nothing(
    server_with: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = server_with()
    token = sign_up(server, "Flora")
    for forged in ("", "x" * 43, token[:-1] + ("A" if token[-1] != "A" else "B"), "é" * 10):
        answer = call(server, "GET", "/api/session", session=forged)
        assert refused(answer, 401, "bad-session") and answer[2] is not None and "Max-Age=0" in answer[2], forged
    table = new_table(server, {"game": "Eights", "players": 2})
    assert refused(call(server, "POST", f"/api/tables/{table['id']}/seats/0", {}, session="forged"), 401, "bad-session")
    evil = {"origin": "https://evil.example"}
    for path, body in (("/api/session", {"name": "Flora", "passphrase": PASSPHRASE}), ("/api/session/logout", {})):
        assert refused(call(server, "POST", path, body, session=token, headers=evil), 403, "bad-origin")
    seat = call(server, "POST", f"/api/tables/{table['id']}/seats/0", {}, session=token, headers=evil)
    assert refused(seat, 403, "bad-origin")
    form = call(server, "POST", "/api/session", None, session=token, headers={"content-type": "text/plain"})
    assert refused(form, 415, "unsupported-media-type")
    assert call(server, "GET", "/api/session", session=token)[:2] == (200, {"name": "Flora"})  # nothing changed
    store = open_store(tmp_path / "server0")
    try:
        with transaction(store) as execute:
            execute("UPDATE sessions SET expires = ?", (time.time() - 1,))
    finally:
        store.close()
    assert refused(call(server, "GET", "/api/session", session=token), 401, "bad-session")  # expired
    assert http(server, "GET", f"/api/tables/{table['id']}")[1]["seats"][0]["open"] is True


@pytest.mark.parametrize(
    ("passphrase", "taken"),
    [
        ("x" * 7, False),
        ("x" * 8, True),
        ("ü" * 1024, True),
        ("\N{GRINNING FACE}" * 1024, True),  # each sent as a JSON escape of two surrogates: 12 KiB of body
        ("x" * 1025, False),
        (12345678, False),
        (None, False),
    ],
    ids=["7", "8", "1024", "1024-beyond-the-BMP", "1025", "a-number", "null"],
)
def test_passphrases_at_and_past_their_bounds(server: ServerProcess, passphrase: object, taken: bool) -> None:
    name = f"Bounds {len(passphrase.encode()) if isinstance(passphrase, str) else type(passphrase).__name__}"
    answer = call(server, "POST", "/api/accounts", {"name": name, "passphrase": passphrase})
    if taken:
        assert answer[0] == 201, answer
        assert log_in(server, name, passphrase)[0] == 200  # type: ignore[arg-type]
    else:
        assert refused(answer, 400, "bad-passphrase"), answer
        assert refused(log_in(server, name, passphrase), 400, "bad-passphrase")  # type: ignore[arg-type]


def test_bad_names_and_bodies_are_refused(server: ServerProcess) -> None:
    for name in ("", " ", "a,b", "x" * 41, "greedy (bot)", 7):
        assert refused(call(server, "POST", "/api/accounts", {"name": name, "passphrase": PASSPHRASE}), 400, "bad-name")
    for body in ({"name": "Olga"}, {"name": "Olga", "passphrase": PASSPHRASE, "admin": True}, [1]):
        assert refused(call(server, "POST", "/api/accounts", body), 400, "bad-json")
    assert refused(call(server, "GET", "/api/players/Olga"), 404, "no-player")
    huge = {"name": "Olga", "passphrase": "x" * (16 * 1024)}
    assert refused(call(server, "POST", "/api/accounts", huge), 413, "too-large")


def test_a_failed_login_says_nothing_of_which_names_exist(server: ServerProcess) -> None:
    sign_up(server, "Nadia")
    wrong = log_in(server, "Nadia", "not the passphrase")
    unknown = log_in(server, "Nobody At All", "not the passphrase")
    assert refused(wrong, 401, "bad-login") and refused(unknown, 401, "bad-login")
    assert wrong[1] == unknown[1]


def test_logins_flooded_are_limited_and_the_right_passphrase_works_after_the_window(
    server_with: Callable[..., ServerProcess],
) -> None:
    server = server_with("--login-limit", "3/1")
    sign_up(server, "Petra")
    for _ in range(3):
        assert refused(log_in(server, "Petra", "wrong passphrase"), 401, "bad-login")
    assert refused(log_in(server, "Petra"), 429, "login-limited")  # even the right one, within the window
    assert refused(log_in(server, "Someone Else"), 429, "login-limited")  # the address is limited too
    deadline = time.monotonic() + WAIT_SECONDS  # a backstop: the window is one second
    while (answer := log_in(server, "Petra"))[0] == 429 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert answer[:2] == (200, {"name": "Petra"}), answer
    counts = {
        line.split('"')[1]: float(line.split()[-1])
        for line in http(server, "GET", "/metrics")[1].splitlines()
        if line.startswith("eighthalf_logins_total{")
    }
    assert counts["refused"] == 3 and counts["limited"] >= 2 and counts["ok"] == 1, counts


async def _seated_socket(server: ServerProcess, table: str, session: str | None) -> ClientConnection:
    return await connect(
        f"{server.ws}/ws/{table}",
        additional_headers={} if session is None else {"cookie": f"{COOKIE}={session}"},
        open_timeout=WAIT_SECONDS,
        close_timeout=5,
    )


async def _hello(socket: ClientConnection) -> tuple[dict[str, Any], dict[str, Any]]:
    await socket.send(json.dumps({"type": "hello"}))
    welcome = await receive_until(socket, "welcome")
    return welcome, await receive_until(socket, "state")


async def _play(servers: list[ServerProcess], table: str, sessions: list[str]) -> list[dict[str, Any]]:
    """Play the people's seats (seat ``n``: ``sessions[n]``, on ``servers[n % len(servers)]``)
    with greedy bots through their cookies alone, each move sent only on its own ``state``
    frame: the final frames."""
    game = SERVED["Eights"].game
    sockets = [
        await _seated_socket(servers[seat % len(servers)], table, session) for seat, session in enumerate(sessions)
    ]
    try:
        firsts = []
        for seat, socket in enumerate(sockets):
            welcome, first = await _hello(socket)
            assert welcome["seat"] == seat, welcome  # the account's seat, without its token
            firsts.append(first)
        return list(
            await asyncio.gather(
                *(
                    drive(socket, game, SERVED["Eights"].bot("greedy"), random.Random(seat), first=firsts[seat])
                    for seat, socket in enumerate(sockets)
                )
            )
        )
    finally:
        for socket in sockets:
            await socket.close()


def _rated_games(directory: Path) -> list[tuple[Any, ...]]:
    store = open_store(directory)
    try:
        with transaction(store) as execute:
            return execute("SELECT table_id, player, place FROM rated_games ORDER BY table_id, player", ())
    finally:
        store.close()


def test_a_rated_table_seats_only_signed_in_people_once_each_and_rates_its_end_once(
    server_with: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = server_with()
    for settings in ({"seed": 5}, {"hints": True}, {"rules": {"target": 10}}, {"seats": ["greedy", "greedy"]}):
        answer = http(server, "POST", "/api/tables", {"game": "Eights", "rated": True, **settings})
        assert answer[0] == 400 and is_error(answer[1], "bad-table"), answer
    table = new_table(server, {"game": "Eights", "players": 3, "seats": [None, None, "greedy"], "rated": True})
    path = f"/api/tables/{table['id']}/seats"
    assert refused(call(server, "POST", f"{path}/0", {"name": "Guest"}), 403, "rated-guest")
    anna, ben = sign_up(server, "Anna"), sign_up(server, "Ben")
    assert call(server, "POST", f"{path}/0", {}, session=anna)[0] == 201
    assert refused(call(server, "POST", f"{path}/1", {}, session=anna), 409, "account-seated")
    status, seat, _ = call(server, "POST", f"{path}/1", {"name": "Someone"}, session=ben)
    assert status == 201 and seat["seat"] == 1
    summary = http(server, "GET", f"/api/tables/{table['id']}")[1]
    assert [each["name"] for each in summary["seats"]] == ["Anna", "Ben", None]  # the accounts' names
    finals = asyncio.run(_play([server], table["id"], [anna, ben]))
    assert finals[0]["result"] == finals[1]["result"]
    rows = _rated_games(tmp_path / "server0")
    assert [(player, place) for _, player, place in rows] == sorted(
        [("anna", rows[0][2]), ("ben", rows[1][2])]
    ) and len(rows) == 2
    for name in ("Anna", "Ben"):
        page = http(server, "GET", f"/api/players/{name}")[1]
        assert [(rating["kind"], rating["games"]) for rating in page["ratings"]] == [("Eights", 1)]
        [played] = page["games"]
        assert played["table"] == table["id"] and played["rated"]["kind"] == "Eights"
        assert http(server, "GET", played["record"])[0] == 200
        assert played["won"] == (played["rated"]["place"] == 1)
    board = http(server, "GET", "/api/leaderboard?kind=Eights&newcomers=1")[1]
    assert sorted(row["name"] for row in board["players"]) == ["Anna", "Ben"] and board["next"] is None
    first = http(server, "GET", "/api/leaderboard?kind=Eights&newcomers=1&limit=1")[1]
    second = http(server, "GET", f"/api/leaderboard?kind=Eights&newcomers=1&limit=1&cursor={first['next']}")[1]
    assert [row["place"] for row in first["players"] + second["players"]] == [1, 2] and second["next"] is None
    assert [row["name"] for row in first["players"] + second["players"]] == [row["name"] for row in board["players"]]
    assert http(server, "GET", "/api/leaderboard?kind=Eights")[1]["players"] == []  # newcomers are apart
    assert "Anna" in http(server, "GET", "/leaderboard?kind=Eights")[1]
    assert f"/api/tables/{table['id']}/record" in http(server, "GET", "/players/Anna")[1]
    assert "Nouveaux venus" in http(server, "GET", "/leaderboard?kind=Eights&lang=fr")[1]  # told in French
    dutch = http(server, "GET", "/players/Anna", headers={"accept-language": "nl"})[1]
    assert '<html lang="nl">' in dutch and "Afgelopen partijen" in dutch
    assert 'eighthalf_ratings_updates_total{kind="Eights"} 1.0' in http(server, "GET", "/metrics")[1]
    for bad in ("kind=Chess", "limit=0", "cursor=%%%", "newcomers=2", "page=2"):
        assert refused(call(server, "GET", f"/api/leaderboard?{bad}"), 400, "bad-query"), bad


def test_a_signed_in_seat_on_another_device_and_a_cookie_that_is_no_session_watches(server: ServerProcess) -> None:
    cara = sign_up(server, "Cara")
    table = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"]})
    assert call(server, "POST", f"/api/tables/{table['id']}/seats/0", {}, session=cara)[0] == 201
    other_device = token_of(log_in(server, "Cara")[2])

    async def hello_as(session: str | None) -> int | None:
        socket = await _seated_socket(server, table["id"], session)
        try:
            welcome, _ = await _hello(socket)
            return welcome["seat"]  # type: ignore[no-any-return]
        finally:
            await socket.close()

    assert asyncio.run(hello_as(other_device)) == 0
    assert asyncio.run(hello_as("forged")) is None  # a spectator: nothing is granted
    assert asyncio.run(hello_as(None)) is None


def test_your_games_on_another_device_lists_a_signed_in_persons_turn_without_a_token(server: ServerProcess) -> None:
    dora = sign_up(server, "Dora")
    table = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"]})
    assert call(server, "POST", f"/api/tables/{table['id']}/seats/0", {}, session=dora)[0] == 201
    other_device = token_of(log_in(server, "Dora")[2])

    async def her_turn() -> None:
        socket = await _seated_socket(server, table["id"], other_device)
        try:
            await socket.send(json.dumps({"type": "hello"}))
            await receive_until(socket, "state", to_move=0)  # the bot moved, if it was first
        finally:
            await socket.close()

    asyncio.run(her_turn())
    status, answer, _ = call(server, "POST", "/api/your-games", {"seats": []}, session=other_device)
    assert status == 200 and answer["count"] == 1 and answer["waiting"][0]["table"] == table["id"], answer
    assert answer["waiting"][0]["seat"] == 0 and answer["waiting"][0]["link"] == f"/table/{table['id']}"
    for session in (None, "forged"):  # a guest, and a cookie that is no session's: the tokens' seats alone
        assert call(server, "POST", "/api/your-games", {"seats": []}, session=session)[:2] == (
            200,
            {"waiting": [], "count": 0},
        )


@pytest.mark.skipif(STORE != "postgresql", reason="two server processes share a PostgreSQL database")
def test_two_processes_on_one_postgresql_database_rate_a_game_once(tmp_path: Path) -> None:
    shared = database_of(tmp_path / "shared")
    servers = [start_server(tmp_path / f"server{number}", db=shared) for number in range(2)]
    try:
        anna, ben = sign_up(servers[0], "Anna"), sign_up(servers[1], "Ben")
        table = new_table(servers[0], {"game": "Eights", "players": 3, "seats": [None, None, "greedy"], "rated": True})
        assert call(servers[0], "POST", f"/api/tables/{table['id']}/seats/0", {}, session=anna)[0] == 201
        assert call(servers[1], "POST", f"/api/tables/{table['id']}/seats/1", {}, session=ben)[0] == 201
        asyncio.run(_play(servers, table["id"], [anna, ben]))
        rows = _rated_games(tmp_path / "shared")
        assert [player for _, player, _ in rows] == ["anna", "ben"]
        for server in servers:
            page = http(server, "GET", "/api/players/Anna")[1]
            assert [(rating["kind"], rating["games"]) for rating in page["ratings"]] == [("Eights", 1)]
    finally:
        for server in servers:
            stop_server(server)


def _command(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "eighthalf", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=WAIT_SECONDS,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_the_operator_resets_disables_and_lists_accounts(
    server_with: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = server_with()
    old = sign_up(server, "Dora")
    db = database_of(tmp_path / "server0")
    reset = _command("accounts", "reset-passphrase", "dora", "--db", db, stdin="a new passphrase\n")
    assert reset.returncode == 0, reset.stderr
    assert "a new passphrase" not in reset.stdout + reset.stderr
    assert refused(call(server, "GET", "/api/session", session=old), 401, "bad-session")  # its sessions ended
    assert refused(log_in(server, "Dora"), 401, "bad-login")
    assert log_in(server, "Dora", "a new passphrase")[0] == 200
    short = _command("accounts", "reset-passphrase", "Dora", "--db", db, stdin="short\n")
    assert short.returncode == 2 and "8 to 1024 characters" in short.stderr
    assert _command("accounts", "reset-passphrase", "Nobody", "--db", db, stdin="long enough\n").returncode == 1
    assert _command("accounts", "disable", "Dora", "--db", db).returncode == 0
    assert refused(log_in(server, "Dora", "a new passphrase"), 401, "bad-login")
    listed = [json.loads(line) for line in _command("accounts", "list", "--db", db).stdout.splitlines()]
    assert listed == [{"name": "Dora", "state": "disabled", "rated_games": {}}]
    exported = _command("accounts", "export", "--db", db)
    assert exported.returncode == 0 and '"passphrase": "$argon2id$' in exported.stdout
    assert _command("accounts", "delete", "Dora", "--db", db).returncode == 0
    assert _command("accounts", "list", "--db", db).stdout == ""
    assert _command("accounts", "import", "--db", db, stdin=exported.stdout).returncode == 0
    assert _command("accounts", "enable", "Dora", "--db", db).returncode == 0
    assert log_in(server, "Dora", "a new passphrase")[0] == 200  # the imported account, as it was


def test_a_person_whose_time_runs_out_for_good_finishes_last(
    server_with: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = server_with()
    anna, ben = sign_up(server, "Anna"), sign_up(server, "Ben")
    settings = {"game": "Eights", "players": 3, "seats": [None, None, "greedy"], "rated": True, "move_seconds": 1}
    table = new_table(server, settings)
    for seat, session in enumerate((anna, ben)):
        assert call(server, "POST", f"/api/tables/{table['id']}/seats/{seat}", {}, session=session)[0] == 201

    async def ben_plays() -> dict[str, Any]:  # Anna is away: the server moves for her each time her second runs out
        socket = await _seated_socket(server, table["id"], ben)
        try:
            welcome, first = await _hello(socket)
            assert welcome["seat"] == 1
            bot = SERVED["Eights"].bot("greedy")
            return await drive(socket, SERVED["Eights"].game, bot, random.Random(1), first=first)
        finally:
            await socket.close()

    final = asyncio.run(ben_plays())
    places = {player: place for _, player, place in _rated_games(tmp_path / "server0")}
    assert places["anna"] == 3 and places["ben"] < 3, (places, final["result"])


def test_a_hint_and_a_review_during_play_take_the_session_as_the_seats_proof(server: ServerProcess) -> None:
    hana = sign_up(server, "Hana")
    table = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"], "hints": True})
    assert call(server, "POST", f"/api/tables/{table['id']}/seats/0", {}, session=hana)[0] == 201
    status, answer, _ = call(server, "POST", f"/api/tables/{table['id']}/hint", session=hana)
    to_move = http(server, "GET", f"/api/tables/{table['id']}")[1]["to_move"]
    if to_move == 0:
        assert status == 200 and answer["seat"] == 0, answer
    else:
        assert refused((status, answer, None), 409, "not-your-turn")
    assert refused(call(server, "POST", f"/api/tables/{table['id']}/hint"), 403, "no-hints")  # a guest without a token
    review = call(server, "GET", f"/api/tables/{table['id']}/review?perspective=0", session=hana)
    assert review[0] == 200, review
    assert refused(call(server, "GET", f"/api/tables/{table['id']}/review?perspective=0"), 403, "review-closed")


async def _one_move_then_kill(
    server: ServerProcess, table: str, session: str, rng: random.Random, *, acknowledged: bool
) -> bool:
    """Play the session's seat up to its next move and SIGKILL ``server`` right after it is
    sent (or, ``acknowledged``, once its own frame came back): whether the game was over instead."""
    game, bot = SERVED["Eights"].game, SERVED["Eights"].bot("greedy")
    socket = await _seated_socket(server, table, session)
    try:
        _, frame = await _hello(socket)
        while frame["result"] is None:
            if frame["moves"]:
                move = game.move_text(bot.choose(SERVED["Eights"].documents.from_data(frame["view"]), rng))
                await socket.send(json.dumps({"type": "move", "move": move, "number": frame["number"]}))
                if acknowledged:  # every other time: the game goes on
                    await receive_until(socket, "state", number=frame["number"] + 1)
                server.process.kill()  # right after the move: told it or not, committed or not
                return False
            frame = await receive_until(socket, "state")
        return True
    finally:
        await socket.close()


def test_a_server_killed_right_after_each_move_of_a_rated_game_rates_it_once(tmp_path: Path) -> None:
    """SIGKILL the server right after each of the person's moves (the last one too): as soon as
    it is sent, or every other time as soon as it is acknowledged; restart it on the same
    database, and check each time: the game unfinished and nobody rated, or finished and each
    person rated once; then on to the end."""
    directory = tmp_path / "server"
    server = start_server(directory)
    try:
        anna = sign_up(server, "Anna")
        settings = {"game": "Eights", "players": 3, "seats": [None, "greedy", "random"], "rated": True}
        table = new_table(server, settings)["id"]
        assert call(server, "POST", f"/api/tables/{table}/seats/0", {}, session=anna)[0] == 201
        rng = random.Random(3)
        kills = 0
        while True:
            over = asyncio.run(_one_move_then_kill(server, table, anna, rng, acknowledged=kills % 2 == 1))
            if over:
                break
            server.process.wait(WAIT_SECONDS)
            kills += 1
            store = open_store(directory)
            try:
                loaded = store.load(table)
                assert loaded is not None
                rated = [row for row in _rated_games(directory) if row[0] == table]
                assert len(rated) == (1 if loaded.finished is not None else 0), (kills, rated)
            finally:
                store.close()
            server = start_server(directory)
        assert kills >= 3 and [player for _, player, _ in _rated_games(directory)] == ["anna"]
        page = http(server, "GET", "/api/players/Anna")[1]
        assert [(rating["kind"], rating["games"]) for rating in page["ratings"]] == [("Eights", 1)]
    finally:
        stop_server(server)


def test_the_bots_ladder_stores_fixed_anchors(tmp_path: Path) -> None:
    db = str(tmp_path / "ladder.sqlite3")
    ladder = _command("ratings", "ladder", "--kind", "Eights", "--games", "4", "--bots", "greedy,random", "--db", db)
    assert ladder.returncode == 0, ladder.stderr
    assert [line.split()[0] for line in ladder.stdout.splitlines()] in (["greedy", "random"], ["random", "greedy"])
    shown = _command("ratings", "bots", "--kind", "Eights", "--db", db)
    assert sorted(line.split("  ")[0] for line in shown.stdout.splitlines()) == ["greedy (bot)", "random (bot)"]
    again = _command("ratings", "ladder", "--kind", "Eights", "--games", "4", "--bots", "greedy,random", "--db", db)
    assert again.stdout == ladder.stdout  # one seed, one ladder
    for bad in (
        ["--kind", "Chess"],
        ["--kind", "Eights", "--bots", "greedy,nobody"],
        ["--kind", "Eights", "--bots", "greedy"],
    ):
        refused_run = _command("ratings", "ladder", "--games", "2", *bad, "--db", db)
        assert refused_run.returncode == 2 and "error:" in refused_run.stderr, refused_run.stderr
