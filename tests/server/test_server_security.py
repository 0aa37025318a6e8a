"""Seat tokens, hidden cards and bad input, against a real server process over real sockets.

What is checked (issue 19, "Security and bad input"): a token acts for its seat only;
tokens are long and random and appear in no frame, log, summary, record or error message;
every frame a seat or a spectator is sent passes the leak checker against that seat
(:mod:`eighthalf.testing`); every bad websocket message gets an error or a close with a
policy code while the table and the other connections play on to the end, and nothing
changes; the HTTP API answers bad requests with a 4xx JSON error, never a 500; websockets
from another origin are refused.
"""

from __future__ import annotations

import asyncio
import base64
import json
import random
import string
from collections.abc import Awaitable, Callable, Iterator
from typing import Any
from urllib.parse import quote

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from postgres_support import STORE
from server_support import (
    ServerProcess,
    bounded,
    check_frames,
    closed_with,
    drive,
    finished_record,
    http,
    is_error,
    new_table,
    open_store,
    quiet_until_pong,
    raw_socket,
    receive_error,
    result_of,
    say_hello,
    send,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
    server_with_fixture,  # noqa: F401
    start_watch,
    take_seat,
)
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed, InvalidStatus

from eighthalf.bots import GreedyBot
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.server.client import play
from eighthalf.server.protocol.games import seat_names
from eighthalf.server.protocol.messages import MAX_MESSAGE_BYTES
from eighthalf.server.web.app import MAX_BODY_BYTES, create_app
from eighthalf.server.web.sockets import MAX_FRAME_BYTES

SETTINGS = {"game": "8½", "players": 3, "seats": [None, "greedy"], "rules": {"move_limit": 60}, "seed": 31}
"""The table of the hostile scenes: seat 0 driven by the test, a server bot, seat 2 a client bot."""

STOP_AT = 4
"""The scene's bad input comes when seat 0 is to move with at least this many moves made."""


@attrs.define
class Scene:
    """A table in play, waiting for seat 0's move, when the bad input comes."""

    server: ServerProcess
    table: str
    tokens: dict[int, str]
    frame: dict[str, Any]
    """Seat 0's pending ``state`` frame (its move to make)."""

    @property
    def legal(self) -> str:
        """One of seat 0's legal moves."""
        return str(self.frame["moves"][0])

    @property
    def number(self) -> int:
        """The moves made."""
        return int(self.frame["number"])


Case = Callable[[Scene], Awaitable[None]]


async def run_scene(server: ServerProcess, case: Case) -> None:
    """Play a table of :data:`SETTINGS` with ``case`` acting on it mid-game, then check that
    nothing changed by it and that the game went on to the end for every seat, every frame
    sent to the spectator and to seat 2 passing the frame checks."""
    rng = random.Random(5)
    table = (await asyncio.to_thread(new_table, server, SETTINGS))["id"]
    spectator = await start_watch(server, table, None, None)
    tokens = {0: await asyncio.to_thread(take_seat, server, table, 0, "Anna")}
    async with raw_socket(server, table) as driver:
        await say_hello(driver, tokens[0])
        tokens[2] = await asyncio.to_thread(take_seat, server, table, 2, "Cleo")
        second = await start_watch(server, table, tokens[2], 2)
        cleo = asyncio.create_task(play(server.url, table, tokens[2], GreedyBot(), seed=2))
        frame = await bounded(drive(driver, EIGHTHALF, GreedyBot(), rng, stop_at=STOP_AT))
        await bounded(case(Scene(server, table, tokens, frame)))
        status, summary = await asyncio.to_thread(http, server, "GET", f"/api/tables/{table}")
        assert status == 200 and summary["moves"] == frame["number"] and summary["to_move"] == 0
        final = await bounded(drive(driver, EIGHTHALF, GreedyBot(), rng, first=frame))
        await send(driver, {"type": "move", "move": frame["moves"][0]})  # a move for a finished table
        error = await receive_error(driver)
        assert error["code"] == "game-over", error
        assert all(message["type"] != "state" for message in await quiet_until_pong(driver))
    result = result_of(final["result"])
    assert await bounded(cleo) == result
    watches = [await bounded(spectator), await bounded(second)]
    record, _ = await asyncio.to_thread(finished_record, server, table)
    names = seat_names(["Anna", None, "Cleo"], [None, "greedy", None])
    for watched in watches:
        assert result_of(watched.result()) == result
        assert all(message["type"] != "error" for message in watched.messages)
        check_frames(EIGHTHALF, record, watched, names, list(tokens.values()), rng)


def refused_kept_open(seat: int | None, payload: Callable[[Scene], str], code: str) -> Case:
    """A case: a connection of ``seat`` (``None``: a spectator) sends ``payload`` and is sent an
    ``error`` of ``code``; it stays open, and no ``state`` came of it."""

    async def case(scene: Scene) -> None:
        token = None if seat is None else scene.tokens[seat]
        async with raw_socket(scene.server, scene.table) as socket:
            await say_hello(socket, token)
            await socket.send(payload(scene))
            error = await receive_error(socket)
            assert error["code"] == code, error
            assert error["rule"] is None
            for each in scene.tokens.values():
                assert each not in error["message"]
            assert all(message["type"] != "state" for message in await quiet_until_pong(socket))

    return case


def _move(**extra: Any) -> Callable[[Scene], str]:
    """A move message of seat 0's first legal move, with ``extra`` keys (a callable value is given the scene)."""

    def payload(scene: Scene) -> str:
        values = {key: value(scene) if callable(value) else value for key, value in extra.items()}
        return json.dumps({"type": "move", "move": scene.legal, **values})

    return payload


KEPT_OPEN: dict[str, Case] = {
    "malformed-json": refused_kept_open(0, lambda scene: '{"type": "move", "move": ', "bad-message"),
    "empty-text": refused_kept_open(0, lambda scene: "", "bad-message"),
    "not-an-object": refused_kept_open(0, lambda scene: json.dumps(["move", scene.legal]), "bad-message"),
    "nan": refused_kept_open(0, lambda scene: '{"type": "move", "move": "4", "number": NaN}', "bad-message"),
    "unknown-type-undo": refused_kept_open(0, lambda scene: '{"type": "undo"}', "bad-message"),
    "type-not-a-string": refused_kept_open(0, lambda scene: '{"type": ["move"]}', "bad-message"),
    "unknown-key-seat": refused_kept_open(2, _move(seat=0), "bad-message"),
    "missing-move": refused_kept_open(0, lambda scene: '{"type": "move"}', "bad-message"),
    "hello-again-as-another-seat": refused_kept_open(
        2, lambda scene: json.dumps({"type": "hello", "token": scene.tokens[0]}), "bad-message"
    ),
    "negative-number": refused_kept_open(0, _move(number=-1), "bad-message"),
    "number-not-an-int": refused_kept_open(0, _move(number=True), "bad-message"),
    "move-not-a-string": refused_kept_open(0, lambda scene: '{"type": "move", "move": 5}', "bad-message"),
    "move-33-as-a-number": refused_kept_open(0, lambda scene: '{"type": "move", "move": 33}', "bad-message"),
    "not-a-move": refused_kept_open(0, lambda scene: '{"type": "move", "move": "Q!"}', "bad-move"),
    "stale-move": refused_kept_open(0, _move(number=lambda scene: scene.number - 1), "stale"),
    "move-ahead": refused_kept_open(0, _move(number=lambda scene: scene.number + 1), "stale"),
    "other-seats-token-moves-for-seat-0": refused_kept_open(2, _move(), "not-your-turn"),
    "other-seats-token-moves-for-seat-0-numbered": refused_kept_open(
        2, _move(number=lambda scene: scene.number), "not-your-turn"
    ),
    "spectator-moves": refused_kept_open(None, _move(), "not-seated"),
    "spectator-moves-numbered": refused_kept_open(None, _move(number=lambda scene: scene.number), "not-seated"),
}


def refused_closed(
    token: Callable[[Scene], str | None] | None,
    messages: Callable[[Scene], list[str | bytes]],
    code: str | None,
    close: int,
    before: str | None = None,
) -> Case:
    """A case: a connection says hello (with ``token(scene)``; no hello if ``token`` is ``None``),
    sends ``messages`` and is closed with ``close`` (after an ``error`` of ``code``, if given,
    which errors of ``before`` may precede)."""

    async def case(scene: Scene) -> None:
        async with raw_socket(scene.server, scene.table) as socket:
            if token is not None:
                await say_hello(socket, token(scene))
            try:
                for message in messages(scene):
                    await socket.send(message)
            except (ConnectionClosed, ConnectionResetError):
                pass  # a flood may be cut short
            got, read = await closed_with(socket)
        assert got == close, (got, read)
        errors = [message for message in read if message["type"] == "error"]
        codes = [error["code"] for error in errors]
        assert codes == ([] if code is None else [*[before] * (len(codes) - 1), code]), read
        assert all(message["type"] != "state" or message["number"] == scene.number for message in read)
        for error in errors:
            assert all(each not in error["message"] for each in scene.tokens.values())

    return case


def _seat0(scene: Scene) -> str | None:
    return scene.tokens[0]


def _spectator(scene: Scene) -> str | None:
    return None


def _fake_token(scene: Scene) -> str:
    real = scene.tokens[0]
    return real[:-1] + ("A" if real[-1] != "A" else "B")


def _hello(token: str | int | None, **extra: Any) -> str:
    return json.dumps({"type": "hello", **({} if token is None else {"token": token}), **extra})


def _ping_of(size: int) -> str:
    return json.dumps({"type": "ping", "padding": "x" * size})


CLOSED: dict[str, Case] = {
    "binary-frame": refused_closed(_seat0, lambda scene: [b"\x00\x01{}"], "bad-message", 1008),
    "binary-frame-spectator": refused_closed(_spectator, lambda scene: [b'{"type": "ping"}'], "bad-message", 1008),
    "oversized": refused_closed(_seat0, lambda scene: [_ping_of(MAX_MESSAGE_BYTES)], "too-large", 1009),
    "oversized-in-utf8": refused_closed(
        _seat0,
        lambda scene: [json.dumps({"type": "ping", "x": "½" * (MAX_MESSAGE_BYTES // 2)}, ensure_ascii=False)],
        "too-large",
        1009,
    ),
    "far-oversized": refused_closed(_seat0, lambda scene: [_ping_of(200_000)], "too-large", 1009),
    "beyond-the-transport-limit": refused_closed(_seat0, lambda scene: [_ping_of(MAX_FRAME_BYTES)], None, 1009),
    "flood": refused_closed(_seat0, lambda scene: [json.dumps({"type": "ping"})] * 200, "rate-limited", 1008),
    "flood-of-bad-moves": refused_closed(
        _seat0, lambda scene: [json.dumps({"type": "move", "move": "Q!"})] * 200, "rate-limited", 1008, "bad-move"
    ),
    "no-hello": refused_closed(
        None, lambda scene: [json.dumps({"type": "move", "move": scene.legal})], "no-hello", 1008
    ),
    "hello-not-json": refused_closed(None, lambda scene: ["hello"], "bad-message", 1008),
    "hello-binary": refused_closed(None, lambda scene: [_hello(scene.tokens[0]).encode()], "bad-message", 1008),
    "hello-oversized": refused_closed(None, lambda scene: [_hello(None, x="y" * MAX_MESSAGE_BYTES)], "too-large", 1009),
    "hello-unknown-key": refused_closed(None, lambda scene: [_hello(scene.tokens[0], seat=0)], "bad-message", 1008),
    "hello-token-not-a-string": refused_closed(None, lambda scene: [_hello(12345)], "bad-message", 1008),
    "hello-wrong-token": refused_closed(None, lambda scene: [_hello(_fake_token(scene))], "bad-token", 4401),
    "hello-empty-token": refused_closed(None, lambda scene: [_hello("")], "bad-token", 4401),
    "hello-huge-token": refused_closed(None, lambda scene: [_hello("t" * 10_000)], "bad-token", 4401),
}


@pytest.mark.parametrize("name", sorted(KEPT_OPEN))
def test_a_refused_message_gets_an_error_and_the_table_plays_on(server: ServerProcess, name: str) -> None:
    asyncio.run(run_scene(server, KEPT_OPEN[name]))


@pytest.mark.parametrize("name", sorted(CLOSED))
def test_a_bad_connection_is_closed_with_a_policy_code_and_the_table_plays_on(server: ServerProcess, name: str) -> None:
    asyncio.run(run_scene(server, CLOSED[name]))


def test_a_token_of_another_table_is_refused_4401(server: ServerProcess) -> None:
    async def case(scene: Scene) -> None:
        other = new_table(scene.server, {"game": "Eights", "players": 2})
        token = take_seat(scene.server, other["id"], 0, "Eve")
        async with raw_socket(scene.server, scene.table) as socket:
            await send(socket, {"type": "hello", "token": token})
            code, read = await closed_with(socket)
        assert code == 4401 and [message["code"] for message in read] == ["bad-token"]
        assert token not in json.dumps(read)

    asyncio.run(run_scene(server, case))


def test_a_move_before_the_table_starts_is_refused_not_started(server: ServerProcess) -> None:
    async def main() -> None:
        table = new_table(server, {"game": "Eights", "players": 2, "seed": 6})
        assert table["to_move"] == 0 and not table["started"]
        token = take_seat(server, table["id"], 0, "Anna")
        async with raw_socket(server, table["id"]) as socket:
            _, state = await say_hello(socket, token)
            assert state["started"] is False and state["moves"] == [] and state["to_move"] == 0
            move = EIGHTHALF.move_text(EIGHTHALF.parse_move("4"))  # no matter which: nothing is played before the start
            for message in ({"type": "move", "move": move}, {"type": "move", "move": "pass", "number": 0}):
                await send(socket, message)
                error = await receive_error(socket)
                assert error["code"] == "not-started", error
            assert all(message["type"] != "state" for message in await quiet_until_pong(socket))
        status, summary = http(server, "GET", f"/api/tables/{table['id']}")
        assert status == 200 and summary["moves"] == 0 and not summary["started"]

    asyncio.run(main())


def test_an_unknown_table_closes_the_websocket_4404(server: ServerProcess) -> None:
    async def main() -> None:
        async with raw_socket(server, "no-such-table") as socket:
            code, read = await closed_with(socket)
        assert code == 4404 and [message["code"] for message in read] == ["no-table"]

    asyncio.run(main())


# Tokens


def test_tokens_are_random_urlsafe_and_of_at_least_128_bits(server: ServerProcess) -> None:
    tokens = []
    for _ in range(6):
        table = new_table(server, {"game": "Eights", "players": 6})
        tokens += [take_seat(server, table["id"], seat, f"P{seat}") for seat in range(6)]
    assert len(set(tokens)) == len(tokens)
    for token in tokens:
        assert set(token) <= set(string.ascii_letters + string.digits + "-_")
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
    assert len({token[:4] for token in tokens}) > len(tokens) // 2  # no common prefix


def test_tokens_appear_in_no_summary_record_log_or_database(server: ServerProcess) -> None:
    async def main() -> tuple[str, list[str]]:
        table = new_table(server, {"game": "8½", "players": 2, "rules": {"move_limit": 30}, "seed": 9})
        tokens = [take_seat(server, table["id"], seat, f"P{seat}") for seat in range(2)]
        async with raw_socket(server, table["id"]) as socket:  # a wrong token is logged by no one either
            await send(socket, {"type": "hello", "token": tokens[0] + tokens[1]})
            code, read = await closed_with(socket)
            assert code == 4401 and all(token not in json.dumps(read) for token in tokens)
        await bounded(asyncio.gather(*(play(server.url, table["id"], token, GreedyBot()) for token in tokens)))
        return table["id"], tokens

    table, tokens = asyncio.run(main())
    seen = [http(server, "GET", path)[1] for path in ("/api/tables", f"/api/tables/{table}")]
    seen += [http(server, "GET", f"/api/tables/{table}/{name}")[1] for name in ("record", "record.json")]
    stored = _everything_stored(server, table)
    for token in tokens:
        assert token not in json.dumps(seen)
        assert token not in server.logs()
        assert token.encode() not in stored


def _everything_stored(server: ServerProcess, table: str) -> bytes:
    """Every byte the server stored: its SQLite files, or (on PostgreSQL) every stored field
    of the table, its seats and its moves."""
    if STORE != "postgresql":
        return b"".join(path.read_bytes() for path in server.stdout.parent.glob("tables.sqlite3*"))
    store = open_store(server.stdout.parent)
    try:
        stored = store.load(table)
    finally:
        store.close()
    assert stored is not None
    return json.dumps(attrs.asdict(stored)).encode()


# Origins


def test_a_websocket_from_another_origin_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        table = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"]})["id"]
        for origin in (
            "http://evil.example",
            f"http://127.0.0.1:{server.port + 1}",
            "null",
            f"https://127.0.0.1.evil.example:{server.port}",
        ):
            with pytest.raises(InvalidStatus) as refused:
                async with raw_socket(server, table, origin=origin):
                    pass
            assert refused.value.response.status_code == 403, origin
        async with raw_socket(server, table, origin=server.url) as socket:
            welcome, state = await say_hello(socket, None)
            assert welcome["seat"] is None and state["seat"] is None

    asyncio.run(main())


def test_allow_origin_lets_that_origin_open_websockets(server_with: Callable[..., ServerProcess]) -> None:
    server = server_with("--allow-origin", "HTTPS://Friends.Example:443")  # as the browser writes it: matched

    async def main() -> None:
        table = new_table(server, {"game": "8½", "players": 2})["id"]
        async with raw_socket(server, table, origin="https://friends.example") as socket:
            welcome, _ = await say_hello(socket, None)
            assert welcome["type"] == "welcome"
        with pytest.raises(InvalidStatus):
            async with raw_socket(server, table, origin="https://foes.example"):
                pass

    asyncio.run(main())


# The HTTP API against the real process


@pytest.fixture(scope="module")
def open_table(server: ServerProcess) -> str:
    """A table of the module's server with seat 0 open and seat 1 a bot's."""
    return str(new_table(server, {"game": "8½", "players": 2, "seats": [None, "greedy"]})["id"])


_GAME = '"game": "8½"'
BAD_TABLES: dict[str, tuple[bytes, int]] = {
    "not-json": (b"not json", 400),
    "invalid-utf8": (b"\xff\xfe{}", 400),
    "not-an-object": (b"[1, 2]", 400),
    "game-not-a-string": (b'{"game": 5}', 400),
    "no-game": (b'{"players": 2}', 400),
    "unknown-key": (f'{{{_GAME}, "colour": "red"}}'.encode(), 400),
    "players-a-bool": (f'{{{_GAME}, "players": true}}'.encode(), 400),
    "players-huge": (f'{{{_GAME}, "players": 1e400}}'.encode(), 400),
    "players-of-5000-digits": (f'{{{_GAME}, "players": {"9" * 5000}}}'.encode(), 400),
    "seed-too-large": (f'{{{_GAME}, "seed": {2**53}}}'.encode(), 400),
    "seed-negative": (f'{{{_GAME}, "seed": -1}}'.encode(), 400),
    "move-seconds-huge": (f'{{{_GAME}, "move_seconds": 1e308}}'.encode(), 400),
    "move-seconds-nan": (f'{{{_GAME}, "move_seconds": NaN}}'.encode(), 400),
    "rounds-seven-M1": (f'{{{_GAME}, "rounds": 7}}'.encode(), 400),
    "rules-of-the-other-game": (f'{{{_GAME}, "rules": {{"target": 5}}}}'.encode(), 400),
    "unknown-bot": (f'{{{_GAME}, "seats": ["deep blue"]}}'.encode(), 400),
    "deep-list": (b"[" * 8000 + b"]" * 8000, 400),
    "deep-object": (b'{"a":' * 2000 + b"1" + b"}" * 2000, 400),
    "over-16-KiB": ((f'{{{_GAME}, "seats": ["' + "x" * MAX_BODY_BYTES + '"]}').encode(), 413),
}


@pytest.mark.parametrize("name", sorted(BAD_TABLES))
def test_bad_table_bodies_get_a_4xx_json_error(server: ServerProcess, name: str) -> None:
    body, status = BAD_TABLES[name]
    got, answer = http(server, "POST", "/api/tables", raw=body)
    assert got == status and is_error(answer), (got, answer)


def test_an_oversized_chunked_body_gets_413(server: ServerProcess) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * 1024

    from http.client import HTTPConnection

    connection = HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        headers = {"content-type": "application/json"}
        connection.request("POST", "/api/tables", body=chunks(), encode_chunked=True, headers=headers)
        response = connection.getresponse()
        assert response.status == 413 and is_error(json.loads(response.read()), "too-large")
    finally:
        connection.close()


BAD_JOINS: dict[str, tuple[str, bytes, int]] = {
    "not-json": ("0", b"{name", 400),
    "not-an-object": ("0", b'["Anna"]', 400),
    "no-name": ("0", b"{}", 400),
    "name-with-a-comma": ("0", b'{"name": "Smith, Anna"}', 400),
    "name-not-a-string": ("0", b'{"name": 5}', 400),
    "name-empty": ("0", b'{"name": "  "}', 400),
    "name-too-long": ("0", b'{"name": "' + b"x" * 41 + b'"}', 400),
    "name-with-a-control-character": ("0", b'{"name": "An\\u0007na"}', 400),
    "unknown-key": ("0", b'{"name": "Anna", "token": "mine"}', 400),
    "seat-not-a-number": ("zero", b'{"name": "Anna"}', 400),
    "seat-negative": ("-1", b'{"name": "Anna"}', 400),
    "seat-out-of-range": ("2", b'{"name": "Anna"}', 400),
    "seat-of-many-digits": ("0" * 40 + "1", b'{"name": "Anna"}', 400),
    "seat-an-arabic-indic-zero": (quote("٠"), b'{"name": "Anna"}', 400),
    "seat-a-superscript-two": (quote("²"), b'{"name": "Anna"}', 400),
    "seat-of-a-bot": ("1", b'{"name": "Anna"}', 409),
    "over-16-KiB": ("0", b'{"name": "' + b"x" * MAX_BODY_BYTES + b'"}', 413),
}


@pytest.mark.parametrize("name", sorted(BAD_JOINS))
def test_bad_joins_get_a_4xx_json_error(server: ServerProcess, open_table: str, name: str) -> None:
    seat, body, status = BAD_JOINS[name]
    got, answer = http(server, "POST", f"/api/tables/{open_table}/seats/{seat}", raw=body)
    assert got == status and is_error(answer), (got, answer)
    assert http(server, "GET", f"/api/tables/{open_table}")[1]["seats"][0]["open"] is True


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{}", "bad-json"),  # not {"name": ...}, as the docs say
        (b'{"name": "Anna", "x": 1}', "bad-json"),
        (b'{"name": 5}', "bad-name"),
        (b'{"name": "Smith, Anna"}', "bad-name"),  # the record's Names tag separates names with commas
        (b'{"name": "greedy (bot)"}', "bad-name"),  # a person does not pass for one of the server's bots
        ('{"name": "search\uff08BOT\uff09 "}'.encode(), "bad-name"),  # nor with wide parentheses
    ],
)
def test_a_join_body_gets_the_code_the_docs_give(
    server: ServerProcess, open_table: str, body: bytes, code: str
) -> None:
    got, answer = http(server, "POST", f"/api/tables/{open_table}/seats/0", raw=body)
    assert got == 400 and is_error(answer, code), (got, answer)


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/jsonx"],
)
def test_a_post_body_of_another_content_type_is_refused_415(
    server: ServerProcess, open_table: str, content_type: str
) -> None:
    """A page of another site can send a form's content types through a visitor's browser without
    asking (no CORS preflight), but not JSON: only ``application/json`` is read (issue 26)."""
    before = http(server, "GET", "/api/tables")[1]
    table = json.dumps({"game": "Eights", "players": 2}).encode()
    got, answer = http(server, "POST", "/api/tables", raw=table, headers={"content-type": content_type})
    assert got == 415 and is_error(answer, "unsupported-media-type"), (got, answer)
    join = b'{"name": "Mallory"}'
    path = f"/api/tables/{open_table}/seats/0"
    got, answer = http(server, "POST", path, raw=join, headers={"content-type": content_type})
    assert got == 415 and is_error(answer, "unsupported-media-type"), (got, answer)
    assert http(server, "GET", "/api/tables")[1] == before  # no table made, no seat taken
    got, _ = http(server, "POST", "/api/tables", raw=table, headers={"content-type": "Application/JSON; charset=utf-8"})
    assert got == 201


def test_a_taken_seat_gets_409_and_an_unknown_table_404(server: ServerProcess) -> None:
    table = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "random"]})["id"]
    take_seat(server, table, 0, "Anna")
    got, answer = http(server, "POST", f"/api/tables/{table}/seats/0", {"name": "Eve"})
    assert got == 409 and is_error(answer, "seat-taken")
    got, answer = http(server, "POST", "/api/tables/nope/seats/0", {"name": "Eve"})
    assert got == 404 and is_error(answer, "no-table")


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("DELETE", "/api/tables", 405),
        ("PUT", "/api/tables", 405),
        ("PATCH", "/api/tables/{id}", 405),
        ("GET", "/api/tables/{id}/seats/0", 405),
        ("DELETE", "/api/tables/{id}/seats/0", 405),
        ("POST", "/api/games", 405),
        ("GET", "/api/nothing", 404),
        ("GET", "/api/tables/{id}/undo", 404),
        ("GET", "/api/tables/nope", 404),
        ("GET", "/api/tables/nope/record", 404),
        ("GET", "/api/tables/{id}/record", 409),
        ("GET", "/api/tables/{id}/record.json", 409),
        ("GET", "/static/../eighthalf/server/web/app.py", 404),
        ("GET", "/static/nothing.js", 404),
        ("GET", "/games/eighthalf/board/../entry.py", 404),
        ("GET", "/games/eighthalf/board/..%2Fentry.py", 404),
        ("GET", "/games/eighthalf/board/%2E%2E%2F%2E%2E%2Fserver%2Fapp.py", 404),
        ("GET", "/games/eighthalf/board/entry.py", 404),
        ("GET", "/games/eighthalf/board/nothing.js", 404),
        ("GET", "/games/eighthalf/board/.hidden.js", 404),
        ("GET", "/games/chess/board/board.js", 404),
        ("GET", "/games/8.5/board/board.js", 404),  # a game is named by its key, not an alias
        ("POST", "/games/eights/board/board.js", 405),
    ],
)
def test_wrong_methods_and_paths_get_a_json_4xx(
    server: ServerProcess, open_table: str, method: str, path: str, status: int
) -> None:
    got, answer = http(server, method, path.format(id=open_table))
    assert got == status and is_error(answer), (got, answer)


def test_a_games_board_is_served_from_its_folder_through_the_registry(server: ServerProcess) -> None:
    """``GET /games/<key>/board/<file>``: the files of the board folder each game's registry entry
    names, read as package resources (the third game's from its own distribution), as scripts."""
    from http.client import HTTPConnection

    status, listed = http(server, "GET", "/api/games")
    assert status == 200
    boards = {game["key"]: game["board"] for game in listed}
    assert boards == {key: f"/games/{key}/board/board.js" for key in ("eighthalf", "eights", "shedding")}, boards
    for key, address in boards.items():
        connection = HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            connection.request("GET", address)
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        assert response.status == 200 and response.getheader("content-type") == "text/javascript; charset=utf-8"
        assert "eighthalf.board(" in text, key


def test_the_cards_style_sheet_is_the_one_the_pictures_draw_from(server: ServerProcess) -> None:
    """``GET /static/cards.css``: the faces of the cards, served from :mod:`eighthalf.pictures`, byte for byte."""
    from http.client import HTTPConnection

    from eighthalf.pictures.faces import STYLE_SHEET

    connection = HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("GET", "/static/cards.css")
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    assert response.status == 200 and response.getheader("content-type", "").startswith("text/css")
    assert body == STYLE_SHEET.read_bytes()


# The HTTP API in process, over random bodies

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)
_spec_values = {
    "game": st.sampled_from(["8½", "Eights"]) | _json,
    "players": st.integers(-3, 9) | _json,
    "rounds": st.integers(-1, 8) | _json,
    "rules": st.fixed_dictionaries({}, optional={"move_limit": _json, "target": _json, "turn_limit": _json}) | _json,
    "seats": st.lists(st.sampled_from([None, "greedy", "random", "nobody"]) | _json, max_size=7) | _json,
    "move_seconds": st.floats(allow_nan=False) | st.integers() | _json,
    "timeout_bot": st.sampled_from(["greedy", "random", "x"]) | _json,
    "seed": st.integers() | _json,
}
_bodies = st.one_of(
    _json.map(json.dumps),
    st.fixed_dictionaries({}, optional=_spec_values).map(json.dumps),
    st.dictionaries(st.sampled_from(sorted(_spec_values)) | st.text(max_size=8), _json, max_size=4).map(json.dumps),
    st.binary(max_size=40).map(lambda data: data.decode("latin-1")),
)


@pytest.fixture(scope="module")
def in_process() -> Iterator[TestClient]:
    """The server's application in this process (Starlette's test client), with an in-memory store."""
    with TestClient(create_app(":memory:")) as client:
        yield client


def _check_answer(status: int, answer: Any, ok: int) -> None:
    assert status == ok or 400 <= status < 500, (status, answer)
    if status != ok:
        assert is_error(answer), answer


@settings(max_examples=60)
@given(body=_bodies)
def test_any_table_body_gets_201_or_a_4xx_json_error(in_process: TestClient, body: str) -> None:
    response = in_process.post("/api/tables", content=body.encode("utf-8", "surrogatepass"))
    _check_answer(response.status_code, response.json(), 201)


@settings(max_examples=60)
@given(
    seat=st.sampled_from(["0", "1", "2", "-1", "x", "00", "9" * 9, "²", "٠"])
    | st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=6),
    body=_json.map(json.dumps) | st.fixed_dictionaries({"name": _json}).map(json.dumps),
)
def test_any_join_gets_201_or_a_4xx_json_error(in_process: TestClient, seat: str, body: str) -> None:
    table = in_process.post("/api/tables", json={"game": "Eights", "players": 3, "seats": [None, "greedy"]}).json()[
        "id"
    ]
    response = in_process.post(f"/api/tables/{table}/seats/{quote(seat, safe='')}", content=body.encode())
    if response.status_code == 404:  # a seat of slashes or dots is no path of a seat
        assert is_error(response.json(), "not-found"), response.text
    else:
        _check_answer(response.status_code, response.json(), 201)
