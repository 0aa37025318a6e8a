"""What the tests of games by the day share: a webhook receiver on loopback, and two people playing a table.

:class:`Receiver` is a real HTTP server on 127.0.0.1 (or https, with a certificate for
``localhost``) that records every POST and answers as it is told (statuses in order, a hang,
a redirect); a server started with ``--webhooks-allow-loopback`` may call it.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import ssl
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import attrs
import pytest
from server_support import (
    WAIT_SECONDS,
    ServerProcess,
    http,
    raw_socket,
    receive,
    receive_until,
    say_hello,
    send,
)

from eighthalf.games.eights.game import EIGHTS
from eighthalf.registry import documents_for, find
from eighthalf.server.tables.webhooks import Delivery

RULES = {"target": 20}
"""Short games of Eights."""

TWO_PEOPLE = {"game": "Eights", "players": 2, "seats": [None, None], "rules": RULES}
"""A table of two people (both played by the test)."""

LOOPBACK = "--webhooks-allow-loopback"
"""The switch of `eighthalf serve` that lets webhooks call this receiver on loopback."""


@attrs.define
class Received:
    """One POST the receiver was sent."""

    path: str
    headers: dict[str, str]
    body: bytes
    status: int

    @property
    def data(self) -> dict[str, Any]:
        """The body, decoded."""
        decoded: dict[str, Any] = json.loads(self.body)
        return decoded


class Receiver:
    """An HTTP server on 127.0.0.1 that records every POST and answers as told.

    ``answers`` are the statuses of the first requests, in order (then 200); ``hang``: every
    request waits until :meth:`release`; ``location``: 302 to there; ``tls``: over https, with
    that certificate and key (for the name ``localhost``).
    """

    def __init__(
        self,
        answers: list[int] | None = None,
        *,
        hang: bool = False,
        location: str | None = None,
        tls: tuple[Path, Path] | None = None,
    ) -> None:
        self.answers = list(answers or [])
        self.hang = hang
        self.location = location
        self.received: list[Received] = []
        self.open = 0  # requests being handled (not answered yet)
        self.changed = threading.Condition()
        self.released = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                with receiver.changed:
                    status = receiver.answers.pop(0) if receiver.answers else 200
                    if receiver.location is not None:
                        status = 302
                    receiver.open += 1
                    receiver.received.append(
                        Received(self.path, {key.lower(): value for key, value in self.headers.items()}, body, status)
                    )
                    receiver.changed.notify_all()
                if receiver.hang:
                    receiver.released.wait(WAIT_SECONDS * 4)
                try:
                    self.send_response(status)
                    if receiver.location is not None:
                        self.send_header("location", receiver.location)
                    self.send_header("content-length", "0")
                    self.end_headers()
                except OSError:  # the server cut the attempt off meanwhile
                    pass
                with receiver.changed:
                    receiver.open -= 1
                    receiver.changed.notify_all()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.scheme = "http"
        if tls is not None:  # https on loopback, with the certificate (file, key) for "localhost"
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*tls)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
            self.scheme = "https"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        """The address to give as a webhook."""
        host = "localhost" if self.scheme == "https" else "127.0.0.1"
        return f"{self.scheme}://{host}:{self.server.server_address[1]}/hook"

    def wait(self, done: Callable[[list[Received]], bool], seconds: float = WAIT_SECONDS) -> list[Received]:
        """Wait until ``done`` holds of what was received (bounded): what was received."""
        with self.changed:
            assert self.changed.wait_for(lambda: done(self.received), seconds), self.received
            return list(self.received)

    def release(self) -> None:
        """Let the requests that hang be answered."""
        self.released.set()

    def close(self) -> None:
        """Stop the server."""
        self.release()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(name="receiver_with")
def receiver_with_fixture() -> Iterator[Callable[..., Receiver]]:
    """Start receivers (``receiver_with(answers, hang=..., location=...)``), stopped after the test."""
    made: list[Receiver] = []

    def make(*args: Any, **options: Any) -> Receiver:
        made.append(Receiver(*args, **options))
        return made[-1]

    try:
        yield make
    finally:
        for receiver in made:
            receiver.close()


def bearer(token: str) -> dict[str, str]:
    """The header that proves a seat."""
    return {"authorization": f"Bearer {token}"}


def give_webhook(server: ServerProcess, table: str, token: str, url: str) -> tuple[int, Any]:
    """``POST /api/tables/{table}/webhook``: the status and answer."""
    return http(server, "POST", f"/api/tables/{table}/webhook", {"url": url}, headers=bearer(token))


def metric(server: ServerProcess, name: str) -> float:
    """A counter's value on ``server``'s ``/metrics``."""
    status, text = http(server, "GET", "/metrics")
    assert status == 200
    found = re.search(rf"^{name} (\S+)$", text, re.MULTILINE)
    assert found is not None, name
    return float(found.group(1))


async def counted(servers: list[ServerProcess], name: str, value: float, *, at_least: bool = False) -> None:
    """Wait until the counter ``name``, summed over ``servers``, is ``value`` (or more, ``at_least``;
    a receiver records a request before it answers, and the server counts it once answered), bounded."""
    total = 0.0
    for _ in range(int(WAIT_SECONDS / 0.05)):
        total = sum(metric(server, name) for server in servers)
        if total >= value:
            break
        await asyncio.sleep(0.05)
    assert total >= value if at_least else total == value, (name, total, value)


async def play_seat(server: ServerProcess, table: str, token: str, seed: int) -> tuple[list[int], dict[str, Any]]:
    """Play the token's seat with Eights' greedy bot to the end: the numbers of moves made at
    which its turn began after another seat's move (or at the start), and the last frame."""
    bot = find("eights").bot("greedy", EIGHTS)
    rng = random.Random(seed)
    turns: list[int] = []
    async with raw_socket(server, table) as socket:
        _, message = await say_hello(socket, token)
        played: set[int] = set()
        while True:
            if message["type"] == "state":
                if message["result"] is not None:
                    return turns, message
                if message["moves"] and message["number"] not in played:
                    last = message["last"]
                    if last is None or last["seat"] != message["seat"]:
                        turns.append(message["number"])
                    view = documents_for(EIGHTS).from_data(message["view"])
                    move = EIGHTS.move_text(bot.choose(view, rng))
                    await send(socket, {"type": "move", "move": move, "number": message["number"]})
                    played.add(message["number"])
            message = await receive(socket)


async def play_both(
    server: ServerProcess, table: str, tokens: list[str], other: ServerProcess | None = None
) -> list[int]:
    """Play both seats to the end (seat 1 through ``other``, if given): seat 0's turns (:func:`play_seat`)."""
    seat_0 = asyncio.ensure_future(play_seat(server, table, tokens[0], 1))
    seat_1 = asyncio.ensure_future(play_seat(other or server, table, tokens[1], 2))
    await asyncio.gather(seat_0, seat_1)
    return seat_0.result()[0]


def event_ids(table: str, turns: list[int], end: int) -> set[str]:
    """The ids of the events seat 0 is told: a turn at each of ``turns``, the end after ``end`` moves."""
    ids = {Delivery(table, 0, "turn", number, "Eights", 0).id for number in turns}
    return ids | {Delivery(table, 0, "end", end, "Eights", 0).id}


async def seat_0_to_move(server: ServerProcess, table: str, ben: str) -> None:
    """Make it seat 0's turn at a table of two people that just started: Ben (seat 1) moves once if he begins."""
    async with raw_socket(server, table) as socket:
        _, state = await say_hello(socket, ben)
        if state["to_move"] == 1:
            await send(socket, {"type": "move", "move": state["moves"][0], "number": state["number"]})
            await receive_until(socket, "state", number=1)
