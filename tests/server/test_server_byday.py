"""Games by the day (issue 40, item 6): long clocks, your games, and seats' webhooks.

Real ``eighthalf serve`` processes on loopback (SQLite, or PostgreSQL with
``EIGHTHALF_TEST_STORE=postgresql``), and a real HTTP receiver on 127.0.0.1 in the test
(:class:`Receiver`, allowed by the server's ``--webhooks-allow-loopback``) that records every
POST: the signature is checked as the docs tell a receiver to, a delivery answered 500 is
tried again with the same id, a receiver that hangs holds up no move, a redirect is not
followed, and with two processes on one PostgreSQL database each event is sent once.
Addresses the server may not call are refused, and so is a seat the caller does not hold;
nothing is stored then. Every wait is on an event (a frame, a request received), bounded
only against hangs.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import random
import re
import sqlite3
import ssl
import subprocess
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import attrs
import pytest
from postgres_support import new_database
from server_support import (
    WAIT_SECONDS,
    ServerProcess,
    database_of,
    drive,
    http,
    is_error,
    new_table,
    raw_socket,
    receive,
    receive_until,
    say_hello,
    send,
    server_fixture,
    server_with_fixture,
    start_server,
    stop_server,
    take_seat,
)

from eighthalf.games.eights.game import EIGHTS
from eighthalf.registry import documents_for, find
from eighthalf.server.protocol.games import MAX_MOVE_SECONDS
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.store import SQLiteStore, StoredTable
from eighthalf.server.storage.webhooks import Webhook, webhooks_for
from eighthalf.server.tables.addresses import AddressRules, resolve
from eighthalf.server.tables.webhooks import SIGNATURE_HEADER, Delivery, Notifier, verify

__all__ = ["server_fixture", "server_with_fixture"]

RULES = {"target": 20}
"""Short games of Eights."""

TWO_PEOPLE = {"game": "Eights", "players": 2, "seats": [None, None], "rules": RULES}
"""A table of two people (both played by the test)."""

LOOPBACK = "--webhooks-allow-loopback"


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


# Clocks


def test_a_clock_of_14_days_is_accepted_and_one_past_it_refused(server: ServerProcess) -> None:
    assert MAX_MOVE_SECONDS == 14 * 24 * 3600
    table = new_table(server, {**TWO_PEOPLE, "move_seconds": 14 * 24 * 3600})
    assert table["move_seconds"] == 14 * 24 * 3600
    for refused in (14 * 24 * 3600 + 1, 15 * 24 * 3600):
        status, answer = http(server, "POST", "/api/tables", {**TWO_PEOPLE, "move_seconds": refused})
        assert status == 400 and is_error(answer, "bad-table"), answer
        assert "$.move_seconds" in answer["error"]["message"] and "1209600" in answer["error"]["message"]


def shift_back(db: str, tables: list[str], seconds: float) -> None:
    """Move the stored times of ``tables`` (touched, each move's) ``seconds`` into the past, as if
    the server had been down that long."""
    statements = [
        "UPDATE tables SET touched = touched - {s} WHERE id = {p}",
        "UPDATE moves SET made = made - {s} WHERE table_id = {p}",
    ]
    if db.startswith("postgresql"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as shared:
            for table in tables:
                for statement in statements:
                    shared.execute(statement.format(s="%s", p="%s"), (seconds, table))
        return
    local = sqlite3.connect(db)
    try:
        with local:
            for table in tables:
                for statement in statements:
                    local.execute(statement.format(s="?", p="?"), (seconds, table))
    finally:
        local.close()


async def person_to_move(server: ServerProcess, table: str) -> dict[str, Any]:
    """The first frame a spectator of ``table`` is sent in which seat 0, a person's, is to move."""
    async with raw_socket(server, table) as socket:
        _, state = await say_hello(socket, None)
        while not (state["type"] == "state" and state["started"] and state["to_move"] == 0):
            state = await receive(socket)
        return state


def test_a_clock_that_ran_out_while_the_server_was_down_moves_on_restart_and_one_that_did_not_runs_on(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        server = start_server(tmp_path)
        try:
            ran_out = new_table(server, {**TWO_PEOPLE, "seats": [None, "greedy"], "move_seconds": 3600})["id"]
            runs_on = new_table(server, {**TWO_PEOPLE, "seats": [None, "greedy"], "move_seconds": 3600})["id"]
            made = {}
            for table in (ran_out, runs_on):
                take_seat(server, table, 0, "Anna")
                made[table] = (await person_to_move(server, table))["number"]
        finally:
            stop_server(server)  # killed: down for the time shifted below
        shift_back(database_of(tmp_path), [ran_out], 2 * 3600)
        shift_back(database_of(tmp_path), [runs_on], 1000)
        server = start_server(tmp_path)
        try:
            async with raw_socket(server, ran_out) as socket:  # only the server's move for Anna can move it on
                _, state = await say_hello(socket, None)
                while state["type"] != "state" or state["number"] == made[ran_out]:
                    state = await receive(socket)
                if state["number"] == made[ran_out] + 1:
                    assert state["last"] == {"seat": 0, "move": state["last"]["move"], "timed_out": True}, state
            waiting = await person_to_move(server, runs_on)
            assert 3600 - 1000 - 60 < waiting["seconds_left"] <= 3600 - 1000, waiting
        finally:
            stop_server(server)

    asyncio.run(main())


def test_a_long_clock_keeps_a_table_from_being_ended_as_abandoned_before_two_of_its_moves_times() -> None:
    from eighthalf.server.protocol.games import table_spec
    from eighthalf.server.tables.lobby import Lobby, idle_after

    lobby = Lobby(SQLiteStore(":memory:"))
    daily = lobby.create(table_spec({**TWO_PEOPLE, "move_seconds": 3 * 24 * 3600}))
    quick = lobby.create(table_spec({**TWO_PEOPLE, "move_seconds": 60}))
    free = lobby.create(table_spec(TWO_PEOPLE))
    day = 24 * 3600.0
    assert idle_after(daily, day) == 6 * day and idle_after(quick, day) == day and idle_after(free, day) == day
    assert set(lobby.abandon_idle(daily.touched + 2 * day, day)) == {quick.id, free.id}
    assert daily.id in lobby.tables and not daily.over
    assert lobby.abandon_idle(daily.touched + 6 * day, day) == [daily.id]


# Your games


def test_your_games_lists_the_tables_where_the_proven_seat_is_to_move_and_nothing_for_a_wrong_token(
    server: ServerProcess,
) -> None:
    async def main() -> None:
        tables, claims = [], []
        for _ in range(3):
            table = new_table(server, {**TWO_PEOPLE, "seats": [None, "greedy"]})["id"]
            token = take_seat(server, table, 0, "Anna")
            await person_to_move(server, table)
            tables.append(table)
            claims.append({"table": table, "token": token})
        claims[2]["token"] = "ab" * 32  # no seat's token
        claims.append({"table": "no-such-table", "token": "cd" * 32})
        status, answer = http(server, "POST", "/api/your-games", {"seats": claims})
        assert status == 200, answer
        assert answer["count"] == 2 and {each["table"] for each in answer["waiting"]} == set(tables[:2])
        assert all(each["seat"] == 0 and each["link"] == f"/table/{each['table']}" for each in answer["waiting"])
        assert http(server, "POST", "/api/your-games", {"seats": []})[1] == {"waiting": [], "count": 0}

    asyncio.run(main())


@pytest.mark.parametrize(
    "body",
    [
        [],
        {"seats": "t1"},
        {"seats": [{"table": "t1"}]},
        {"seats": [{"table": "t1", "token": 5}]},
        {"seats": [{"table": "t1", "token": "x", "seat": 0}]},
        {"seats": [{"table": "t", "token": "x" * 129}]},
        {"seats": [{"table": "t", "token": "x"}] * 101},
        {"seats": [], "more": 1},
    ],
)
def test_your_games_refuses_a_malformed_body(server: ServerProcess, body: object) -> None:
    status, answer = http(server, "POST", "/api/your-games", body)
    assert status == 400 and is_error(answer, "bad-json"), answer


def test_your_games_takes_json_only_and_a_bounded_body(server: ServerProcess) -> None:
    status, answer = http(server, "POST", "/api/your-games", raw=b"seats=1", headers={"content-type": "text/plain"})
    assert status == 415 and is_error(answer, "unsupported-media-type")
    status, answer = http(server, "POST", "/api/your-games", raw=b"[" + b"0," * 40000 + b"0]")
    assert status == 413 and is_error(answer, "too-large")


# Webhooks: registering, refusing


def test_a_seat_gives_shows_and_removes_its_webhook_and_its_secret_is_shown_once(
    server_with: Callable[..., ServerProcess], receiver_with: Callable[..., Receiver]
) -> None:
    server = server_with(LOOPBACK)
    receiver = receiver_with()
    table = new_table(server, TWO_PEOPLE)["id"]
    token = take_seat(server, table, 0, "Anna")
    status, made = give_webhook(server, table, token, receiver.url)
    assert status == 201, made
    assert made["seat"] == 0 and made["url"] == receiver.url and re.fullmatch(r"whsec_[0-9a-f]{48}", made["secret"])
    status, shown = http(server, "GET", f"/api/tables/{table}/webhook", headers=bearer(token))
    assert status == 200 and shown["webhook"]["id"] == made["id"] and "secret" not in shown["webhook"], shown
    status, again = give_webhook(server, table, token, receiver.url + "2")
    assert status == 201 and again["id"] != made["id"] and again["secret"] != made["secret"]
    assert http(server, "GET", f"/api/tables/{table}/webhook", headers=bearer(token))[1]["webhook"]["id"] == again["id"]
    assert http(server, "DELETE", f"/api/tables/{table}/webhook", headers=bearer(token)) == (200, {"removed": True})
    assert http(server, "DELETE", f"/api/tables/{table}/webhook", headers=bearer(token)) == (200, {"removed": False})
    assert http(server, "GET", f"/api/tables/{table}/webhook", headers=bearer(token)) == (200, {"webhook": None})


def test_a_hostile_client_cannot_give_or_see_a_webhook_for_a_seat_it_does_not_hold(
    server_with: Callable[..., ServerProcess], receiver_with: Callable[..., Receiver]
) -> None:
    server = server_with(LOOPBACK)
    receiver = receiver_with()
    table = new_table(server, TWO_PEOPLE)["id"]
    other = new_table(server, TWO_PEOPLE)["id"]
    anna = take_seat(server, table, 0, "Anna")
    mallory = take_seat(server, other, 0, "Mallory")  # a real token, of another table
    for headers in ({}, bearer(mallory), bearer("ab" * 32), {"authorization": f"Basic {anna}"}):
        status, answer = http(server, "POST", f"/api/tables/{table}/webhook", {"url": receiver.url}, headers=headers)
        assert status == 401 and is_error(answer, "bad-token"), (headers, answer)
        status, answer = http(server, "GET", f"/api/tables/{table}/webhook", headers=headers)
        assert status == 401 and is_error(answer, "bad-token"), answer
        status, answer = http(server, "DELETE", f"/api/tables/{table}/webhook", headers=headers)
        assert status == 401 and is_error(answer, "bad-token"), answer
    status, answer = give_webhook(server, "no-such-table", anna, receiver.url)
    assert status == 404 and is_error(answer, "no-table")
    assert http(server, "GET", f"/api/tables/{table}/webhook", headers=bearer(anna)) == (200, {"webhook": None})
    assert receiver.received == []


@pytest.mark.parametrize(
    ("url", "loopback", "why"),
    [
        ("http://example.org/hook", True, "http address is for a loopback host only"),
        ("https://10.0.0.1/hook", True, "10.0.0.1 is not allowed"),
        ("https://169.254.169.254/latest/meta-data", True, "169.254.169.254 is not allowed"),
        ("https://[::ffff:10.0.0.1]/hook", True, "is not allowed"),
        ("https://[::1]/hook", False, "::1 is not allowed: a loopback address"),
        ("http://127.0.0.1:9/hook", False, "loopback addresses are not allowed by this server"),
        ("https://224.0.0.1/hook", True, "multicast"),
        ("https://0.0.0.0/hook", True, "unspecified"),
        ("ftp://example.org/hook", True, "expected an https address"),
        ("https://user:pass@example.org/hook", True, "user or a password"),
        ("https://example.org/hook#x", True, "fragment"),
        ("https://example.org:99999/hook", True, "not an address"),
        ("https://ex ample.org/hook", True, "printable ASCII"),
        ("https://exämple.org/hook", True, "printable ASCII"),
        ("https://no-such-host.invalid/hook", True, "does not resolve"),
        ("https://" + "a" * 2100 + ".org/", True, "printable ASCII"),
    ],
)
def test_a_webhook_address_the_server_may_not_call_is_refused_and_nothing_is_stored(
    server_with: Callable[..., ServerProcess], url: str, loopback: bool, why: str
) -> None:
    server = server_with(*([LOOPBACK] if loopback else []))
    table = new_table(server, TWO_PEOPLE)["id"]
    token = take_seat(server, table, 0, "Anna")
    status, answer = give_webhook(server, table, token, url)
    assert status == 400 and is_error(answer, "bad-webhook"), answer
    assert why in answer["error"]["message"], answer
    assert http(server, "GET", f"/api/tables/{table}/webhook", headers=bearer(token)) == (200, {"webhook": None})


def test_a_webhook_at_a_finished_table_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        table = new_table(server, {**TWO_PEOPLE, "seats": [None, "greedy"]})["id"]
        token = take_seat(server, table, 0, "Anna")
        async with raw_socket(server, table) as socket:
            _, first = await say_hello(socket, token)
            await drive(socket, EIGHTS, find("eights").bot("greedy", EIGHTS), random.Random(3), first=first)
        status, answer = give_webhook(server, table, token, "https://example.org/hook")
        assert status == 409 and is_error(answer, "game-over"), answer

    asyncio.run(main())


def test_a_name_that_resolves_to_a_private_address_is_refused_whatever_else_it_resolves_to() -> None:
    rules = AddressRules()
    for addresses in (["::1"], ["93.184.216.34", "10.0.0.1"], ["fe80::1%eth0"], ["100.64.0.1"], ["::ffff:127.0.0.1"]):

        def resolver(host: str, port: int, found: list[str] = addresses) -> list[str]:
            return found

        with pytest.raises(Refused, match="is not allowed") as refused:
            resolve("https://hooks.example/x", rules, resolver)
        assert refused.value.code == "bad-webhook"
    target = resolve("https://hooks.example/x?a=1", rules, lambda host, port: ["93.184.216.34", "2606:2800::1"])
    assert (target.host, target.port, target.path, target.address) == ("hooks.example", 443, "/x?a=1", "93.184.216.34")
    private = AddressRules(allow_private=True)
    assert resolve("https://hooks.example/", private, lambda host, port: ["10.0.0.1"]).address == "10.0.0.1"
    with pytest.raises(Refused, match="multicast"):
        resolve("https://hooks.example/", private, lambda host, port: ["ff02::1"])
    assert ipaddress.ip_address(
        resolve("http://localhost:8/", AddressRules(allow_loopback=True), lambda h, p: ["127.0.0.1"]).address
    ).is_loopback


def test_a_delivery_checks_the_address_again_and_never_connects_to_one_that_resolves_privately_now() -> None:
    """DNS rebinding: the name was public when it was given; at delivery it resolves to 10.0.0.1."""

    @attrs.define
    class Meter:
        counts: dict[str, int] = attrs.Factory(dict)

        def count(self, kind: str) -> None:
            self.counts[kind] = self.counts.get(kind, 0) + 1

        def webhook_delivered(self) -> None:
            self.count("delivered")

        def webhook_failed(self) -> None:
            self.count("failed")

        def webhook_retried(self) -> None:
            self.count("retried")

        def webhook_dropped(self) -> None:
            self.count("dropped")

    store = SQLiteStore(":memory:")
    store.create_table(StoredTable(id="t1", game="Eights", record="", settings={}, created=0.0))
    hooks = webhooks_for(store)
    hooks.put(Webhook("t1", 0, "wh_1", "https://hooks.example/x", "whsec_1", "https://cards.example", 0.0))
    looked_up: list[str] = []

    def rebinding(host: str, port: int) -> list[str]:
        looked_up.append(host)
        return ["10.0.0.1"]

    meter = Meter()
    notifier = Notifier(hooks, AddressRules(), meter, resolver=rebinding)
    assert notifier.attempt(Delivery("t1", 0, "turn", 3, "Eights", 0)) is False  # refused: not tried again
    assert looked_up == ["hooks.example"] and meter.counts == {"failed": 1}
    assert notifier.attempt(Delivery("t1", 1, "turn", 3, "Eights", 0)) is False  # no webhook: nothing at all
    assert meter.counts == {"failed": 1}


# Webhooks: deliveries


def test_each_turn_and_the_end_are_delivered_signed_and_a_500_is_tried_again_with_the_same_id(
    server_with: Callable[..., ServerProcess], receiver_with: Callable[..., Receiver]
) -> None:
    async def main() -> None:
        server = server_with(LOOPBACK)
        receiver = receiver_with([500])
        table = new_table(server, {**TWO_PEOPLE, "seed": 7})["id"]
        anna = take_seat(server, table, 0, "Anna")
        status, made = give_webhook(server, table, anna, receiver.url)
        assert status == 201, made
        ben = take_seat(server, table, 1, "Ben")  # the game starts
        turns = await play_both(server, table, [anna, ben])
        status, summary = http(server, "GET", f"/api/tables/{table}")
        expected = event_ids(table, turns, summary["moves"])
        got = receiver.wait(lambda seen: expected <= {each.data["id"] for each in seen if each.status == 200})
        assert got[0].status == 500  # the first request, answered 500, is tried again with its id
        assert any(each.data["id"] == got[0].data["id"] and each.status == 200 for each in got[1:])
        assert {each.data["id"] for each in got} == expected
        for each in got:
            assert verify(made["secret"], each.headers[SIGNATURE_HEADER.lower()], each.body, now=each.data["timestamp"])
            assert not verify(
                "whsec_other", each.headers[SIGNATURE_HEADER.lower()], each.body, now=each.data["timestamp"]
            )
            data = each.data
            assert set(data) == {"id", "event", "table", "seat", "move", "game", "link", "timestamp"}
            assert data["table"] == table and data["seat"] == 0 and data["game"] == "Eights"
            assert data["link"] == f"{server.url}/table/{table}" and each.path == "/hook"
            assert each.headers["eighthalf-event"] == data["event"] and each.headers["eighthalf-delivery"] == data["id"]
            assert each.headers["eighthalf-webhook"] == made["id"]
            assert each.headers["content-type"] == "application/json"
        ends = [each.data for each in got if each.data["event"] == "end"]
        assert len(ends) == 1 and ends[0]["move"] == summary["moves"]
        assert sorted(each.data["move"] for each in got if each.data["event"] == "turn" and each.status == 200) == turns
        assert metric(server, "eighthalf_webhook_retries_total") >= 1
        assert metric(server, "eighthalf_webhook_failures_total") >= 1
        await counted([server], "eighthalf_webhook_deliveries_total", len(expected))
        assert metric(server, "eighthalf_webhook_dropped_total") == 0

    asyncio.run(main())


def test_a_receiver_that_hangs_holds_up_no_move(
    server_with: Callable[..., ServerProcess], receiver_with: Callable[..., Receiver]
) -> None:
    async def main() -> None:
        server = server_with(LOOPBACK)
        receiver = receiver_with(hang=True)
        table = new_table(server, {**TWO_PEOPLE, "seed": 8})["id"]
        anna = take_seat(server, table, 0, "Anna")
        assert give_webhook(server, table, anna, receiver.url)[0] == 201
        ben = take_seat(server, table, 1, "Ben")
        games = asyncio.ensure_future(play_both(server, table, [anna, ben]))
        await asyncio.to_thread(receiver.wait, lambda seen: len(seen) >= 1)  # a delivery hangs now
        turns = await asyncio.wait_for(games, WAIT_SECONDS * 2)  # every move's frame came meanwhile
        with receiver.changed:
            assert receiver.open >= 1  # the first delivery still hangs
        assert len(turns) > 1
        receiver.release()

    asyncio.run(main())


def test_a_redirect_is_not_followed_nor_tried_again(
    server_with: Callable[..., ServerProcess], receiver_with: Callable[..., Receiver]
) -> None:
    async def main() -> None:
        server = server_with(LOOPBACK)
        inside = receiver_with()
        redirecting = receiver_with(location=inside.url)
        table = new_table(server, {**TWO_PEOPLE, "seats": [None, None]})["id"]
        anna = take_seat(server, table, 0, "Anna")
        assert give_webhook(server, table, anna, redirecting.url)[0] == 201
        ben = take_seat(server, table, 1, "Ben")
        async with raw_socket(server, table) as socket:  # seat 1 moves once, if it begins: then it is seat 0's turn
            _, state = await say_hello(socket, ben)
            if state["to_move"] == 1:
                await send(socket, {"type": "move", "move": state["moves"][0], "number": state["number"]})
                await receive_until(socket, "state", number=1)
        seen = await asyncio.to_thread(redirecting.wait, lambda seen: len(seen) >= 1)
        assert seen[0].status == 302 and seen[0].data["event"] == "turn"
        await counted([server], "eighthalf_webhook_failures_total", 1)  # once the 302 is read: no retry follows
        assert metric(server, "eighthalf_webhook_retries_total") == 0
        assert inside.received == [] and len(redirecting.received) == 1

    asyncio.run(main())


def test_with_two_processes_on_postgresql_each_event_is_delivered_once(
    tmp_path: Path, receiver_with: Callable[..., Receiver]
) -> None:
    database = new_database()  # skips without PostgreSQL
    first, second = (start_server(tmp_path / f"process{number}", LOOPBACK, db=database) for number in range(2))
    try:

        async def main() -> None:
            receiver = receiver_with()
            table = new_table(first, {**TWO_PEOPLE, "seed": 9})["id"]
            anna = take_seat(first, table, 0, "Anna")
            assert give_webhook(second, table, anna, receiver.url)[0] == 201  # given through the other process
            ben = take_seat(second, table, 1, "Ben")
            turns = await play_both(first, table, [anna, ben], other=second)
            summary = http(first, "GET", f"/api/tables/{table}")[1]
            expected = event_ids(table, turns, summary["moves"])
            got = receiver.wait(lambda seen: expected <= {each.data["id"] for each in seen})
            await counted([first, second], "eighthalf_webhook_deliveries_total", len(expected))
            assert sorted(each.data["id"] for each in got) == sorted(expected)
            assert metric(second, "eighthalf_webhook_deliveries_total") >= 1  # seat 1's moves, committed there

        asyncio.run(main())
    finally:
        stop_server(first)
        stop_server(second)


def test_a_delivery_connects_to_the_address_it_checked_and_names_the_host_it_was_given(
    receiver_with: Callable[..., Receiver],
) -> None:
    """The connection goes to the checked IP address; the request still names the webhook's host."""
    from eighthalf.server.tables.addresses import Target
    from eighthalf.server.tables.webhooks import _post

    receiver = receiver_with()
    port = receiver.server.server_address[1]
    target = Target("http", "hooks.example", port, "/x?a=1", "127.0.0.1")  # a name that resolves nowhere
    assert _post(target, b"{}", {"content-type": "application/json"}) == 200
    (got,) = receiver.received
    assert got.path == "/x?a=1" and got.headers["host"] == f"hooks.example:{port}" and got.body == b"{}"


def _layout_2(store: Any) -> None:
    """Take a layout-3 database back to layout 2: no webhooks, no time of each move."""
    statements = ["DROP TABLE webhooks", "ALTER TABLE moves DROP COLUMN made"]
    if isinstance(store, SQLiteStore):
        for statement in [*statements, "PRAGMA user_version=2"]:
            store._db.execute(statement)
    else:
        store._run([(statement, ()) for statement in [*statements, "UPDATE eighthalf_layout SET version = 2"]])


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_layout_2_database_gains_the_webhooks_and_the_moves_times_and_loses_nothing(
    tmp_path: Path, kind: str
) -> None:
    from eighthalf.server.storage.postgres import PostgresStore
    from eighthalf.server.storage.store import SCHEMA_VERSION

    def opened() -> Any:
        return SQLiteStore(str(tmp_path / "old.sqlite3")) if kind == "sqlite" else PostgresStore(url)

    url = new_database() if kind == "postgresql" else ""
    store = opened()
    store.create_table(StoredTable(id="t1", game="Eights", record="[Game]", settings={}, created=5.0))
    store.add_move("t1", 1, "pass")
    _layout_2(store)
    store.close()
    store = opened()  # brought up to date
    try:
        assert SCHEMA_VERSION == 3
        loaded = store.load("t1")
        assert loaded is not None and loaded.moves == ("pass",) and loaded.moved is None  # stored before layout 3
        store.add_move("t1", 2, "pass")
        loaded = store.load("t1")
        assert loaded is not None and loaded.moved is not None and loaded.moved > 5.0
        hooks = webhooks_for(store)
        hooks.put(Webhook("t1", 0, "wh_1", "https://hooks.example/x", "whsec_1", "", 6.0))
        assert hooks.of_table("t1") == [hooks.get("t1", 0)] and hooks.remove("t1", 0)
    finally:
        store.close()


async def seat_0_to_move(server: ServerProcess, table: str, ben: str) -> None:
    """Make it seat 0's turn at a table of two people that just started: Ben (seat 1) moves once if he begins."""
    async with raw_socket(server, table) as socket:
        _, state = await say_hello(socket, ben)
        if state["to_move"] == 1:
            await send(socket, {"type": "move", "move": state["moves"][0], "number": state["number"]})
            await receive_until(socket, "state", number=1)


def test_an_https_delivery_checks_the_certificate_for_the_name_it_was_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, receiver_with: Callable[..., Receiver]
) -> None:
    """To the checked IP address, TLS still checks the certificate against the webhook's host
    name: trusted (the server's SSL_CERT_FILE), the delivery is made; unknown, it is refused."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert)]
        + ["-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
        check=True,
        capture_output=True,
    )
    receiver = receiver_with(tls=(cert, key))

    async def main(server: ServerProcess) -> None:
        table = new_table(server, TWO_PEOPLE)["id"]
        anna = take_seat(server, table, 0, "Anna")
        assert give_webhook(server, table, anna, receiver.url)[0] == 201
        await seat_0_to_move(server, table, take_seat(server, table, 1, "Ben"))

    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    trusting = start_server(tmp_path / "trusting", LOOPBACK)
    monkeypatch.delenv("SSL_CERT_FILE")
    doubting = start_server(tmp_path / "doubting", LOOPBACK)
    try:
        asyncio.run(main(trusting))
        (got,) = receiver.wait(lambda seen: len(seen) >= 1)
        assert got.data["event"] == "turn" and got.headers["host"] == receiver.url.split("/")[2]
        asyncio.run(main(doubting))
        asyncio.run(counted([doubting], "eighthalf_webhook_failures_total", 1, at_least=True))  # and tried again
        assert len(receiver.received) == 1 and "certificate" in doubting.logs()
        assert metric(doubting, "eighthalf_webhook_deliveries_total") == 0
    finally:
        stop_server(trusting)
        stop_server(doubting)
