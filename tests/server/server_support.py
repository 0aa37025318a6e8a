"""What the server's tests share: a real server process, HTTP and websocket helpers, the frame checks.

The fixtures are here rather than in a ``conftest.py`` (``tests/conftest.py`` is one already, and
two top-level modules named ``conftest`` stop mypy): a test module imports ``server_fixture``
(the fixture ``server``) or ``server_with_fixture`` (``server_with``).

The server under test is a real ``python -m eighthalf serve`` process on loopback with a
temporary database (:func:`start_server`); the tests talk to it over real sockets, through
:mod:`eighthalf.server.client` where they play as a program would, and through raw HTTP
and websocket connections where they send what no client should (:func:`http`,
:func:`raw_socket`). A :class:`Watch` records every frame one connection is sent, and
:func:`check_frames` puts each of them through the library's leak checker
(:mod:`eighthalf.testing`) against the seat it was sent to.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import attrs
import pytest
from postgres_support import STORE, new_database
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from eighthalf.core.game import Game, Result
from eighthalf.formats.replay import GameRecord, replay_states
from eighthalf.registry import documents_for, find
from eighthalf.server.protocol.games import SERVED
from eighthalf.server.storage.postgres import PostgresStore, is_postgresql_url
from eighthalf.server.storage.store import SQLiteStore, Store
from eighthalf.testing import assert_events_hide, assert_no_leaks

ROOT = Path(__file__).resolve().parents[2]
"""The checkout whose ``eighthalf`` the server process runs."""


WAIT_SECONDS = 30.0
"""The longest any one wait on the server lasts in these tests (a frame, a whole game …)."""

VARIANTS = 3
"""Hidden variants per frame in :func:`check_frames` (the leak checker's samples)."""


@attrs.define
class ServerProcess:
    """A running ``eighthalf serve`` process and where its output goes."""

    url: str
    """``http://127.0.0.1:PORT`` (no trailing slash)."""
    process: subprocess.Popen[bytes]
    """The process."""
    stdout: Path
    """The file its standard output goes to."""
    stderr: Path
    """The file its standard error (uvicorn's and the server's log) goes to."""

    @property
    def port(self) -> int:
        """The port it listens on."""
        return int(self.url.rsplit(":", 1)[1])

    @property
    def ws(self) -> str:
        """The websocket base address, ``ws://127.0.0.1:PORT``."""
        return "ws" + self.url[len("http") :]

    def logs(self) -> str:
        """Everything the process has written so far."""
        return self.stdout.read_text(errors="replace") + self.stderr.read_text(errors="replace")


def database_of(directory: Path) -> str:
    """The ``--db`` of the servers started on ``directory``: its SQLite file, or, when the tests
    run on PostgreSQL (``EIGHTHALF_TEST_STORE=postgresql``), a database of its own, the same
    one for every server started there (a restart finds its tables)."""
    if STORE != "postgresql":
        return str(directory / "tables.sqlite3")
    directory.mkdir(parents=True, exist_ok=True)
    kept = directory / "postgresql-url"
    if not kept.exists():
        kept.write_text(new_database(), encoding="utf-8")
    return kept.read_text(encoding="utf-8")


def open_store(directory: Path) -> Store:
    """The store of the servers started on ``directory`` (:func:`database_of`), opened here."""
    db = database_of(directory)
    return PostgresStore(db) if is_postgresql_url(db) else SQLiteStore(db)


def start_server(directory: Path, *options: str, db: str | None = None) -> ServerProcess:
    """Start ``python -m eighthalf serve --port 0`` on loopback with a database in ``directory``
    (or ``db``: several processes of one service share one PostgreSQL database).

    Raises:
        AssertionError: If it exits before it prints its URL.
    """
    directory.mkdir(parents=True, exist_ok=True)
    out, err = directory / "stdout.txt", directory / "stderr.txt"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "eighthalf", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--db", database_of(directory) if db is None else db, *options]
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(
            command, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL, env=env, cwd=directory
        )
    while True:  # until it prints its URL, or exits: however long a slow machine takes to start it
        for line in out.read_text(errors="replace").splitlines():
            if line.startswith("eighthalf serve: http://127.0.0.1:"):
                url = line.split()[2].rstrip("/")
                return ServerProcess(url, process, out, err)
        if process.poll() is not None:
            break
        time.sleep(0.05)
    stop_server(ServerProcess("", process, out, err))
    raise AssertionError(f"the server did not start: {out.read_text()!r} {err.read_text()[-2000:]!r}")


def stop_server(server: ServerProcess) -> None:
    """Kill the server process and wait for it (bounded)."""
    if server.process.poll() is None:
        server.process.kill()
    server.process.wait(timeout=10)


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server process shared by one test module, killed after it (import ``server_fixture`` to use ``server``)."""
    process = start_server(tmp_path_factory.mktemp("server"))
    try:
        yield process
    finally:
        stop_server(process)


@pytest.fixture(name="server_with")
def server_with_fixture(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Start server processes of one test with options of ``serve`` (``server_with("--allow-origin", ...)``)."""
    started: list[ServerProcess] = []

    def start(*options: str) -> ServerProcess:
        process = start_server(tmp_path / f"server{len(started)}", *options)
        started.append(process)
        return process

    try:
        yield start
    finally:
        for process in started:
            stop_server(process)


# HTTP


def http(
    server: ServerProcess,
    method: str,
    path: str,
    body: object = None,
    *,
    raw: bytes | None = None,
    headers: Mapping[str, str] | None = None,
) -> tuple[int, Any]:
    """Send one HTTP request to ``server``: the status and the body (parsed JSON when it is JSON).

    ``body`` is sent as JSON unless ``raw`` bytes are given instead.
    """
    connection = HTTPConnection("127.0.0.1", server.port, timeout=WAIT_SECONDS)
    try:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=data, headers={"content-type": "application/json", **(headers or {})})
        response = connection.getresponse()
        content = response.read()
        kind = response.getheader("content-type") or ""
        return response.status, json.loads(content) if kind.startswith("application/json") else content.decode()
    finally:
        connection.close()


def new_table(server: ServerProcess, settings: Mapping[str, Any]) -> dict[str, Any]:
    """Make a table (``POST /api/tables``): its summary.

    Raises:
        AssertionError: If the server refuses it.
    """
    status, answer = http(server, "POST", "/api/tables", dict(settings))
    assert status == 201, answer
    return dict(answer)


def take_seat(server: ServerProcess, table: str, seat: int, name: str) -> str:
    """Take ``seat`` (``POST /api/tables/{id}/seats/{seat}``): its token.

    Raises:
        AssertionError: If the server refuses it.
    """
    status, answer = http(server, "POST", f"/api/tables/{table}/seats/{seat}", {"name": name})
    assert status == 201, answer
    return str(answer["token"])


def is_error(answer: object, code: str | None = None) -> bool:
    """Whether ``answer`` is the API's JSON error (of ``code``, if given)."""
    if not isinstance(answer, dict) or set(answer) != {"error"} or not isinstance(answer["error"], dict):
        return False
    error = answer["error"]
    return set(error) == {"code", "message"} and isinstance(error["message"], str) and code in (None, error["code"])


def finished_record(server: ServerProcess, table: str) -> tuple[GameRecord[Any, Any], GameRecord[Any, Any]]:
    """The finished game's record, read from its text and from its JSON document.

    Raises:
        AssertionError: If the server does not give them.
    """
    status, summary = http(server, "GET", f"/api/tables/{table}")
    assert status == 200, summary
    entry = SERVED[summary["game"]]
    status, text = http(server, "GET", f"/api/tables/{table}/record")
    assert status == 200 and isinstance(text, str), text
    status, document = http(server, "GET", f"/api/tables/{table}/record.json")
    assert status == 200, document
    game = entry.game_of(summary["rounds"])
    from_json: GameRecord[Any, Any] = documents_for(game).from_data(document)
    return entry.records.loads(text), from_json


# Websockets


def raw_socket(
    server: ServerProcess, table: str, origin: str | None = None
) -> AbstractAsyncContextManager[ClientConnection]:
    """A plain websocket to ``/ws/{table}`` (nothing sent yet), closed on leaving."""
    return plain_socket(server, f"/ws/{table}", origin)


@asynccontextmanager
async def plain_socket(server: ServerProcess, path: str, origin: str | None = None) -> AsyncIterator[ClientConnection]:
    """A plain websocket to the server's ``path`` (nothing sent yet), closed on leaving."""
    socket = await connect(
        f"{server.ws}{path}",
        origin=origin,  # type: ignore[arg-type]
        max_size=2**24,
        compression=None,
        open_timeout=WAIT_SECONDS,
        close_timeout=5,
    )
    try:
        yield socket
    finally:
        await socket.close()


async def receive(socket: ClientConnection, seconds: float = WAIT_SECONDS) -> dict[str, Any]:
    """The next message, decoded (bounded wait)."""
    text = await asyncio.wait_for(socket.recv(), seconds)
    assert isinstance(text, str), text
    message: dict[str, Any] = json.loads(text)
    return message


async def receive_until(
    socket: ClientConnection, kind: str, seconds: float = WAIT_SECONDS, **fields: object
) -> dict[str, Any]:
    """The next message of type ``kind`` whose ``fields`` have those values (others are skipped)."""
    deadline = time.monotonic() + seconds
    while True:
        message = await receive(socket, max(0.01, deadline - time.monotonic()))
        if message.get("type") == kind and all(message.get(key) == value for key, value in fields.items()):
            return message


async def closed_with(
    socket: ClientConnection, seconds: float = WAIT_SECONDS
) -> tuple[int | None, list[dict[str, Any]]]:
    """Read until the server closes ``socket``: the close code and the messages read meanwhile."""
    messages: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            text = await asyncio.wait_for(socket.recv(), max(0.01, deadline - time.monotonic()))
            messages.append(json.loads(text))
    except ConnectionClosed:
        received = socket.protocol.close_rcvd
        return (None if received is None else received.code), messages
    raise AssertionError(f"the server did not close the connection: {messages}")


@attrs.define
class Watch:
    """Every frame one connection was sent, from its ``welcome`` to the end of the game."""

    seat: int | None
    """The seat it acts for (``None``: a spectator)."""
    texts: list[str] = attrs.Factory(list)
    """The frames as sent (JSON text)."""
    messages: list[dict[str, Any]] = attrs.Factory(list)
    """The frames, decoded."""
    ready: asyncio.Event = attrs.Factory(asyncio.Event)
    """Set once the first ``state`` frame has come (the connection follows the table)."""

    def states(self) -> list[dict[str, Any]]:
        """The ``state`` frames."""
        return [message for message in self.messages if message["type"] == "state"]

    def result(self) -> dict[str, Any] | None:
        """The result the last ``state`` frame announced, if any."""
        states = self.states()
        return states[-1]["result"] if states else None


async def watch(
    server: ServerProcess,
    table: str,
    token: str | None,
    into: Watch,
    answer: Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]] | None = None,
) -> Watch:
    """Follow ``table`` (as the seat of ``token``, or a spectator) until a frame gives the result;
    ``answer``, given each ``state`` frame before it, gives a message to send back, if any (a move)."""
    async with raw_socket(server, table) as socket:
        await socket.send(json.dumps({"type": "hello"} if token is None else {"type": "hello", "token": token}))
        while True:
            text = await asyncio.wait_for(socket.recv(), WAIT_SECONDS)
            assert isinstance(text, str)
            message = json.loads(text)
            into.texts.append(text)
            into.messages.append(message)
            if message["type"] == "error":
                raise AssertionError(f"a watcher was sent an error: {message}")
            if message["type"] == "state":
                into.ready.set()
                if message["result"] is not None:
                    return into
                reply = None if answer is None else await answer(message)
                if reply is not None:
                    await socket.send(json.dumps(reply))


async def start_watch(server: ServerProcess, table: str, token: str | None, seat: int | None) -> asyncio.Task[Watch]:
    """A task that watches ``table`` (:func:`watch`), once it follows the table."""
    into = Watch(seat)
    task = asyncio.create_task(watch(server, table, token, into))
    ready = asyncio.create_task(into.ready.wait())
    await asyncio.wait({task, ready}, timeout=WAIT_SECONDS, return_when=asyncio.FIRST_COMPLETED)
    if not into.ready.is_set():
        ready.cancel()
        task.cancel()
        raise AssertionError(f"a watcher of seat {seat} was not sent the state")
    return task


# The frame checks


def _frame(game: Game[Any, Any, Any, Any, Any], state: Any, seat: int | None, started: bool) -> dict[str, Any]:
    """What a ``state`` frame for ``seat`` says of ``state`` beside the move's events."""
    to_move = game.to_move(state)
    result = game.result(state)
    mine = seat is not None and to_move == seat and started
    return {
        "view": documents_for(game).to_data(game.view(state, seat)),
        "to_move": to_move,
        "moves": [game.move_text(move) for move in game.legal_moves(state)] if mine else [],
        "result": None
        if result is None
        else {"scores": list(result.scores), "winners": list(result.winners), "text": result.text},
    }


def check_frames(
    game: Game[Any, Any, Any, Any, Any],
    record: GameRecord[Any, Any],
    watched: Watch,
    names: Sequence[str],
    tokens: Sequence[str],
    rng: random.Random,
) -> int:
    """Check every frame ``watched`` was sent against the true game of ``record``: the moves made.

    Each ``state`` frame (``number`` moves made) must be what the library gives the seat
    of the true state after so many moves, and the same for every state the seat cannot
    tell from it (:func:`~eighthalf.testing.assert_no_leaks`); its events must be the
    move's events as the seat may see them, which must hide what the seat may not see
    (:func:`~eighthalf.testing.assert_events_hide`); no frame holds a seat token; the
    frames follow one another, each move once, as the record has them.

    Raises:
        AssertionError: If a frame is not so (a :class:`~eighthalf.testing.LeakError` for a leak).
    """
    states = list(replay_states(record))
    seat = watched.seat
    for text in watched.texts:
        for token in tokens:
            assert token not in text, f"a token was sent to {'a spectator' if seat is None else f'seat {seat}'}"
    frames = watched.states()
    assert frames, "no state frame"
    for earlier, later in itertools.pairwise(
        frames
    ):  # each move once, in order; a table starting sends the state again
        moved = later["last"] is not None
        assert later["number"] == earlier["number"] + moved, (earlier["number"], later["number"], later["last"])
        assert moved or (not earlier["started"] and later["started"])
    assert frames[-1]["number"] == len(record.moves)
    for frame in frames:
        assert frame["seat"] == seat
        number, started = frame["number"], frame["started"]
        true = states[number]

        def render(state: Any, viewer: int | None, started: bool = started) -> dict[str, Any]:
            return _frame(game, state, viewer, started)

        assert {key: frame[key] for key in ("view", "to_move", "moves", "result")} == render(true, seat)
        # every card only once the game is over (the whole state, to every seat and spectator), never before
        over = game.to_move(true) is None
        assert ("final" in frame) == over, (number, over, sorted(frame))
        if over:
            assert frame["final"] == documents_for(game).to_data(true)
        assert_no_leaks(true, seat, render, rng=rng, variants=VARIANTS, game=game)
        last = frame["last"]
        if last is None:
            assert frame["events"] == [] and frame["narration"] == []
            continue
        move = game.parse_move(last["move"])
        assert move == record.moves[number - 1] and last["move"] == game.move_text(move)
        before = states[number - 1]
        assert last["seat"] == game.to_move(before)
        told = game.events_for(game.describe(before, move, true), seat)
        assert frame["events"] == [documents_for(game).to_data(event) for event in told]
        assert frame["narration"] == game.narrate(told, names)
        if seat != last["seat"]:
            assert_events_hide(game, before, move, seat, rng=rng, variants=VARIANTS)
    return len(frames)


def result_of(message: Mapping[str, Any] | None) -> Result:
    """The :class:`~eighthalf.core.game.Result` a frame's ``result`` announced."""
    assert message is not None
    return Result(message["scores"], message["winners"])


async def bounded(awaitable: Any, seconds: float = WAIT_SECONDS) -> Any:
    """``awaitable``'s value, waiting at most ``seconds``."""
    return await asyncio.wait_for(awaitable, seconds)


async def say_hello(socket: ClientConnection, token: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Say hello on ``socket`` (as the seat of ``token``, or a spectator): the ``welcome`` and the first ``state``."""
    await socket.send(json.dumps({"type": "hello"} if token is None else {"type": "hello", "token": token}))
    welcome = await receive(socket)
    assert welcome["type"] == "welcome", welcome
    return welcome, await receive_until(socket, "state")


async def send(socket: ClientConnection, message: object) -> None:
    """Send ``message`` as JSON text."""
    await socket.send(json.dumps(message))


async def drive(
    socket: ClientConnection,
    game: Game[Any, Any, Any, Any, Any],
    bot: Any,
    rng: random.Random,
    *,
    first: dict[str, Any] | None = None,
    stop_at: int | None = None,
) -> dict[str, Any]:
    """Play the seat of ``socket`` (which said hello) with ``bot`` from its ``state`` frames.

    Returns the frame that gave the result, or, with ``stop_at``, the first frame from
    which the seat is to move with at least ``stop_at`` moves made (the move not made: the
    table waits for it). ``first`` is a frame already read to start from.

    Raises:
        AssertionError: If the seat is sent an error, or the bot's move is not one the frame lists.
    """
    played: set[int] = set()
    message = first
    while True:
        if message is None:
            message = await receive(socket)
        assert message["type"] != "error", message
        if message["type"] == "state":
            if message["result"] is not None:
                return message
            if message["moves"] and message["number"] not in played:
                if stop_at is not None and message["number"] >= stop_at:
                    return message
                text = game.move_text(bot.choose(documents_for(game).from_data(message["view"]), rng))
                assert text in message["moves"], (text, message["moves"])
                await send(socket, {"type": "move", "move": text, "number": message["number"]})
                played.add(message["number"])
        message = None


async def quiet_until_pong(socket: ClientConnection) -> list[dict[str, Any]]:
    """Send a ping and read up to its pong: the messages read before it (the connection still answers)."""
    await send(socket, {"type": "ping"})
    before: list[dict[str, Any]] = []
    while (message := await receive(socket))["type"] != "pong":
        before.append(message)
    return before


async def receive_error(socket: ClientConnection, skip: tuple[str, ...] = ("seats",)) -> dict[str, Any]:
    """The next message, which must be an ``error``; messages of the types ``skip`` are skipped
    (``seats`` by default: connections come and go)."""
    while (message := await receive(socket))["type"] in skip:
        pass
    assert message["type"] == "error", message
    return message


class PausingBot:
    """Eights' greedy bot that stops before its third move until the test lets it go on."""

    def __init__(self) -> None:
        self.inner = find("eights").bot("greedy")
        self.name = "pausing greedy"
        self.choices = 0
        self.paused = threading.Event()
        self.resume = threading.Event()

    def choose(self, view: Any, rng: random.Random) -> Any:
        self.choices += 1
        if self.choices == 3:
            self.paused.set()
            self.resume.wait()  # the client's own thread: the test meanwhile drains or kills the server
        return self.inner.choose(view, rng)
