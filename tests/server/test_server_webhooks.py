"""Seats' webhooks (issue 40, item 6): given, shown, removed, refused, and delivered.

Real ``eighthalf serve`` processes on loopback (SQLite, or PostgreSQL with
``EIGHTHALF_TEST_STORE=postgresql``), and a real HTTP receiver on 127.0.0.1 in the test
(:class:`webhook_support.Receiver`, allowed by the server's ``--webhooks-allow-loopback``) that
records every POST: the signature is checked as the docs tell a receiver to, a delivery
answered 500 is tried again with the same id, a receiver that hangs holds up no move, a
redirect is not followed, an https delivery checks the certificate for the webhook's name,
and with two processes on one PostgreSQL database each event is sent once. Addresses the
server may not call are refused (at registration, and again at delivery after the name is
resolved), and so is a seat the caller does not hold; nothing is stored then. Every wait is
on an event (a frame, a request received), bounded only against hangs.
"""

from __future__ import annotations

import asyncio
import ipaddress
import random
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from postgres_support import new_database
from server_support import (
    WAIT_SECONDS,
    ServerProcess,
    drive,
    http,
    is_error,
    new_table,
    raw_socket,
    receive_until,
    say_hello,
    send,
    server_fixture,
    server_with_fixture,
    start_server,
    stop_server,
    take_seat,
)
from webhook_support import (
    LOOPBACK,
    TWO_PEOPLE,
    Receiver,
    bearer,
    counted,
    event_ids,
    give_webhook,
    metric,
    play_both,
    receiver_with_fixture,
    seat_0_to_move,
)

from eighthalf.games.eights.game import EIGHTS
from eighthalf.registry import find
from eighthalf.server.protocol.games import table_spec
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.store import SQLiteStore, StoredTable
from eighthalf.server.storage.webhooks import Webhook, webhooks_for
from eighthalf.server.tables.addresses import AddressRules, resolve
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.webhooks import SIGNATURE_HEADER, Delivery, Notifier, verify

__all__ = ["receiver_with_fixture", "server_fixture", "server_with_fixture"]


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


@attrs.define
class Meter:
    """A :class:`~eighthalf.server.tables.webhooks.WebhookMeter` that counts what it is told."""

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


def test_a_delivery_checks_the_address_again_and_never_connects_to_one_that_resolves_privately_now() -> None:
    """DNS rebinding: the name was public when it was given; at delivery it resolves to 10.0.0.1."""

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


def test_the_seats_with_a_webhook_are_known_without_the_database_on_sqlite_after_a_restart_too(tmp_path: Path) -> None:
    """On SQLite the seats that have a webhook are known without asking the database: kept
    by put and remove, and read from the file again by the next process (one process serves
    a SQLite file, so the index is exact)."""
    path = str(tmp_path / "tables.db")
    store = SQLiteStore(path)
    store.create_table(StoredTable(id="t1", game="Eights", record="", settings={}, created=0.0))
    hooks = webhooks_for(store)
    assert not hooks.may_have("t1", 0)
    hooks.put(Webhook("t1", 0, "wh_1", "https://hooks.example/x", "whsec_1", "", 0.0))
    hooks.put(Webhook("t1", 1, "wh_2", "https://hooks.example/y", "whsec_2", "", 0.0))
    assert hooks.remove("t1", 1)
    assert (hooks.may_have("t1", 0), hooks.may_have("t1", 1), hooks.may_have("t2", 0)) == (True, False, False)
    store.close()
    again = webhooks_for(SQLiteStore(path))  # the next process reads them from the file
    assert (again.may_have("t1", 0), again.may_have("t1", 1)) == (True, False)


def test_a_turn_of_a_seat_without_a_webhook_queues_no_delivery(tmp_path: Path) -> None:
    class Recording(Notifier):
        def put(self, delivery: Delivery) -> None:
            queued.append(delivery)

    async def main() -> None:
        for hooked in (False, True):
            lobby.committed = notifier.committed
            table = lobby.create(table_spec({"game": "Eights", "players": 2, "seats": [None, None], "seed": 7}))
            table.join(0, "Ann")
            to_move = table.game.to_move(table.state)
            assert to_move is not None
            if hooked:
                hooks.put(Webhook(table.id, to_move, "wh_1", "https://hooks.example/x", "whsec_1", "", 0.0))
            table.join(1, "Ben")  # the last seat: the first turn begins, and its person is told
            assert [(each.table, each.seat, each.event) for each in queued] == (
                [(table.id, to_move, "turn")] if hooked else []
            )
            queued.clear()

    queued: list[Delivery] = []
    store = SQLiteStore(str(tmp_path / "tables.db"))
    hooks = webhooks_for(store)
    notifier = Recording(hooks, AddressRules(), Meter())
    lobby = Lobby(store)
    asyncio.run(main())


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
