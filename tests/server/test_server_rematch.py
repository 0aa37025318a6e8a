"""Rematch (issue 40, item 5): another game with the same seats, once every person at a finished table agrees.

- Each person votes (the websocket's ``rematch`` message, or ``POST /api/tables/{id}/rematch``
  with the seat's token) and may withdraw; every connection is told who agreed (``votes``).
- The last vote makes the new table: the same game, rules, bots and names, a new seat token for
  each person, the next dealer, its parent recorded; every connection, players and
  spectators, is sent ``moved`` (a seat: its new seat and token, to it alone) and closed.
- Refused with their codes, nothing changed: a vote before the end, by a spectator, without a
  token or with a wrong one, twice, a withdrawal never asked, at a table rematched already.
- On PostgreSQL, votes through two processes make the new table exactly once, and each
  process moves its own connections.

Real server processes on real sockets, on SQLite or PostgreSQL (``EIGHTHALF_TEST_STORE``).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")
pytest.importorskip("starlette")

from postgres_support import new_database
from server_support import (
    ServerProcess,
    bounded,
    closed_with,
    drive,
    http,
    new_table,
    open_store,
    raw_socket,
    receive_error,
    receive_until,
    say_hello,
    send,
    start_server,
    stop_server,
    take_seat,
)

import eighthalf.schemas
from eighthalf.registry import find
from eighthalf.server.protocol.games import table_spec
from eighthalf.server.storage.postgres import PostgresStore
from eighthalf.server.storage.store import RematchState, SQLiteStore
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.rematch import heard, new_seat, next_seating, rematch_token, tell
from eighthalf.server.tables.table import Table

jsonschema = pytest.importorskip("jsonschema")
referencing = pytest.importorskip("referencing")


def _registry() -> Any:
    """Every shipped schema by its ``$id``, so that references resolve."""
    folder = Path(eighthalf.schemas.__file__).parent
    contents = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.schema.json"))]
    return referencing.Registry().with_resources(
        (each["$id"], referencing.Resource.from_contents(each)) for each in contents
    )


REGISTRY = _registry()


def check(name: str, data: Any) -> None:
    """Assert that the schema ``server.<name>`` accepts ``data`` (a frame also ``server.ServerMessage``)."""
    for each in (name, "ServerMessage") if name in ("votes", "moved") else (name,):
        validator = jsonschema.Draft202012Validator(eighthalf.schemas.schema(f"server.{each}"), registry=REGISTRY)
        errors = sorted(validator.iter_errors(data), key=str)
        assert not errors, f"{each} refused by its schema: {errors[0].message} at {errors[0].json_path}: {data}"


SETTINGS: dict[str, Any] = {"game": "8½", "players": 3, "seats": [None, None, "greedy"], "rules": {"move_limit": 4}}
"""Two people and a bot, four moves of 8½ (E7): a game over in a moment."""


def _vote(server: ServerProcess, table: str, token: str | None, agree: object = True) -> tuple[int, Any]:
    headers = {} if token is None else {"authorization": f"Bearer {token}"}
    return http(server, "POST", f"/api/tables/{table}/rematch", {"agree": agree}, headers=headers)


async def _play_out(server: ServerProcess, table: str, tokens: list[str]) -> None:
    """Play the people's seats of ``table`` to the end, each with the greedy bot."""
    game = find("8½").game
    bot = find("8½").bot("greedy", game)

    async def seat(token: str, number: int) -> None:
        async with raw_socket(server, table) as socket:
            _, first = await say_hello(socket, token)
            await drive(socket, game, bot, random.Random(number), first=first)

    await bounded(asyncio.gather(*(seat(token, number) for number, token in enumerate(tokens))))


@pytest.fixture(name="directory")
def directory_fixture(tmp_path: Path) -> Path:
    return tmp_path / "server"


@pytest.fixture(name="one")
def one_fixture(directory: Path) -> Iterator[ServerProcess]:
    process = start_server(directory)
    try:
        yield process
    finally:
        stop_server(process)


def test_a_rematch_moves_everyone_to_a_new_table_with_the_next_dealer(one: ServerProcess, directory: Path) -> None:
    table = new_table(one, SETTINGS)["id"]
    anna, ben = take_seat(one, table, 0, "Anna"), take_seat(one, table, 1, "Ben")
    status, answer = _vote(one, table, anna)
    assert (status, answer["error"]["code"]) == (409, "not-finished")  # before the end
    asyncio.run(_play_out(one, table, [anna, ben]))

    async def main() -> dict[str, Any]:
        async with (
            raw_socket(one, table) as first,
            raw_socket(one, table) as second,
            raw_socket(one, table) as spectator,
        ):
            await say_hello(first, anna)
            await say_hello(second, ben)
            await say_hello(spectator, None)
            start = await receive_until(spectator, "votes")
            check("votes", start)
            check("rematch", {"type": "rematch", "agree": True})
            assert (start["people"], start["agreed"], start["rematch"], start["link"]) == ([0, 1], [], None, None)
            await send(spectator, {"type": "rematch", "agree": True})
            assert (await receive_error(spectator, ("seats", "votes")))["code"] == "not-a-player"
            await send(first, {"type": "rematch", "agree": "yes"})
            assert (await receive_error(first, ("seats", "votes")))["code"] == "bad-message"
            await send(first, {"type": "rematch", "agree": False})
            assert (await receive_error(first, ("seats", "votes")))["code"] == "not-agreed"
            await send(first, {"type": "rematch", "agree": True})
            told = await receive_until(spectator, "votes", agreed=[0])
            assert told["rematch"] is None
            await send(first, {"type": "rematch", "agree": True})
            assert (await receive_error(first, ("seats", "votes")))["code"] == "already-agreed"
            status, answer = _vote(one, table, anna, False)  # withdrawn over HTTP, told over the websocket
            assert status == 200 and answer["agreed"] == [] and answer["rematch"] is None, answer
            await receive_until(spectator, "votes", agreed=[])
            await send(first, {"type": "rematch", "agree": True})
            await receive_until(second, "votes", agreed=[0])
            status, made = _vote(one, table, ben)  # the last person: the new table is made
            assert status == 200, made
            check("RematchAnswer", made)
            check("RematchRequest", {"agree": True})
            moved = {}
            for name, socket in (("anna", first), ("ben", second), ("spectator", spectator)):
                code, frames = await closed_with(socket)
                assert code == 1000
                moved[name] = next(frame for frame in frames if frame["type"] == "moved")
                for frame in frames:
                    if frame["type"] in ("votes", "moved"):
                        check(frame["type"], frame)
            return {"made": made, "moved": moved}

    result = asyncio.run(main())
    made, moved = result["made"], result["moved"]
    child = made["rematch"]
    assert made["seat"] == 1 and made["token"] == rematch_token(ben, table)
    assert made["link"] == f"/table/{child}#token={made['token']}"
    assert moved["anna"] == {
        "type": "moved",
        "table": table,
        "to": child,
        "seat": 0,
        "token": rematch_token(anna, table),
        "link": f"/table/{child}#token={rematch_token(anna, table)}",
    }
    assert moved["ben"]["token"] == made["token"] and moved["ben"]["seat"] == 1
    assert moved["spectator"] == {
        "type": "moved",
        "table": table,
        "to": child,
        "seat": None,
        "token": None,
        "link": f"/table/{child}",
    }
    status, summary = http(one, "GET", f"/api/tables/{child}")
    assert status == 200 and summary["parent"] == table, summary
    check("Table", summary)
    assert [(seat["name"], seat["bot"]) for seat in summary["seats"]] == [
        ("Anna", None),
        ("Ben", None),
        (None, "greedy"),
    ]
    assert (
        summary["rules"]["move_limit"] == 4 and summary["moves"] <= 1 and summary["started"]
    )  # the bot moves at once if it opens
    store = open_store(directory)
    try:
        stored = store.load(child)
        assert stored is not None and '[Dealer "0"]' in stored.record  # the old game's dealer was seat 2 (S7)
        assert stored.settings["parent"] == table and stored.settings["bots"] == [None, None, "greedy"]
        assert not any(token in stored.record + str(stored.settings) for token in (anna, ben, made["token"]))
    finally:
        store.close()
    # the old tokens are no seat's at the new table; the new ones are
    for token, seat in ((anna, None), (ben, None), (rematch_token(anna, table), 0)):

        async def hello(token: str = token, seat: int | None = seat) -> Any:
            async with raw_socket(one, child) as socket:
                await send(socket, {"type": "hello", "token": token})
                return await receive_until(socket, "welcome") if seat is not None else await receive_error(socket)

        said = asyncio.run(hello())
        assert said.get("seat") == seat if seat is not None else said["code"] == "bad-token"
    # the old table, rematched: votes refused; a person coming back is told the way
    for token in (anna, ben):
        status, answer = _vote(one, table, token)
        assert (status, answer["error"]["code"]) == (409, "rematched") and child in answer["error"]["message"]
    status, answer = http(one, "GET", f"/api/tables/{table}/rematch", headers={"authorization": f"Bearer {anna}"})
    assert status == 200 and answer["rematch"] == child and answer["token"] == rematch_token(anna, table), answer
    check("RematchAnswer", answer)

    async def again() -> dict[str, Any]:
        async with raw_socket(one, table) as socket:
            await say_hello(socket, anna)
            return await receive_until(socket, "votes")

    told = asyncio.run(again())
    assert told["rematch"] == child and told["link"] == f"/table/{child}#token={rematch_token(anna, table)}"
    check("votes", told)


def test_rematch_votes_are_refused_where_they_cannot_be(one: ServerProcess) -> None:
    table = new_table(one, SETTINGS)["id"]
    anna, ben = take_seat(one, table, 0, "Anna"), take_seat(one, table, 1, "Ben")
    asyncio.run(_play_out(one, table, [anna, ben]))
    path = f"/api/tables/{table}/rematch"
    bearer = {"authorization": f"Bearer {anna}"}
    cases: list[tuple[int, str, Any]] = [
        (403, "not-a-player", http(one, "POST", path, {"agree": True})),
        (401, "bad-token", _vote(one, table, "x" * 32)),
        (401, "bad-token", _vote(one, table, ben + "x")),
        (401, "bad-token", http(one, "POST", path, {"agree": True}, headers={"authorization": "Basic abc"})),
        (400, "bad-json", _vote(one, table, anna, 1)),
        (400, "bad-json", http(one, "POST", path, {"agree": True, "seat": 1}, headers=bearer)),
        (400, "bad-json", http(one, "POST", path, raw=b"{", headers=bearer)),
        (413, "too-large", http(one, "POST", path, raw=b" " * 300 + b"{}", headers=bearer)),
        (
            415,
            "unsupported-media-type",
            http(one, "POST", path, raw=b"{}", headers={**bearer, "content-type": "text/plain"}),
        ),
        (404, "no-table", _vote(one, "nosuchtable", anna)),
        (409, "not-agreed", _vote(one, table, anna, False)),
    ]
    for status, code, (got, answer) in cases:
        assert (got, answer["error"]["code"]) == (status, code), answer
    status, answer = http(one, "GET", path)
    assert status == 200 and answer["agreed"] == [] and answer["token"] is None, answer  # nothing changed
    assert _vote(one, table, anna)[0] == 200
    status, answer = _vote(one, table, anna)
    assert (status, answer["error"]["code"]) == (409, "already-agreed")
    status, answer = http(one, "GET", path)
    assert answer["agreed"] == [0] and answer["rematch"] is None


@pytest.fixture(name="two")
def two_fixture(tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Two server processes on one fresh PostgreSQL database (skips without PostgreSQL)."""
    database = new_database()
    started = [start_server(tmp_path / f"process{number}", db=database) for number in range(2)]
    try:
        yield started
    finally:
        for process in started:
            stop_server(process)


def _database(server: ServerProcess) -> str:
    """The ``--db`` the server process was started with."""
    args: Any = server.process.args
    return str(args[args.index("--db") + 1])


def test_votes_through_two_processes_make_one_rematch_and_move_every_connection(two: list[ServerProcess]) -> None:
    a, b = two
    table = new_table(a, SETTINGS)["id"]
    anna, ben = take_seat(a, table, 0, "Anna"), take_seat(b, table, 1, "Ben")
    asyncio.run(_play_out(a, table, [anna, ben]))

    async def main() -> list[dict[str, Any]]:
        async with raw_socket(a, table) as first, raw_socket(b, table) as second, raw_socket(b, table) as spectator:
            await say_hello(first, anna)
            await say_hello(second, ben)
            await say_hello(spectator, None)
            await send(first, {"type": "rematch", "agree": True})  # through A, told through B
            await receive_until(spectator, "votes", agreed=[0])
            await send(second, {"type": "rematch", "agree": True})  # through B: the last vote
            moved = []
            for socket in (first, second, spectator):
                code, frames = await closed_with(socket)
                assert code == 1000
                moved.append(next(frame for frame in frames if frame["type"] == "moved"))
            return moved

    moved = asyncio.run(main())
    child = moved[0]["to"]
    assert [each["to"] for each in moved] == [child] * 3
    assert [(each["seat"], each["token"]) for each in moved] == [
        (0, rematch_token(anna, table)),
        (1, rematch_token(ben, table)),
        (None, None),
    ]
    store = PostgresStore(_database(a))
    try:
        ids = store.table_ids()
        assert len(ids) == 2 and child in ids
        assert store.rematch_state(table).table == child
    finally:
        store.close()


def test_the_last_two_votes_at_once_through_two_processes_make_the_rematch_exactly_once(
    two: list[ServerProcess],
) -> None:
    a, b = two
    settings = {**SETTINGS, "seats": [None, None, None]}
    for _ in range(3):  # a race: each round, both last votes at once
        table = new_table(a, settings)["id"]
        tokens = [take_seat(a, table, seat, name) for seat, name in enumerate(("Anna", "Ben", "Cleo"))]
        asyncio.run(_play_out(a, table, tokens))
        assert _vote(b, table, tokens[0])[0] == 200

        async def both(table: str = table, tokens: list[str] = tokens) -> list[tuple[int, Any]]:
            return list(
                await asyncio.gather(
                    asyncio.to_thread(_vote, a, table, tokens[1]), asyncio.to_thread(_vote, b, table, tokens[2])
                )
            )

        answers = asyncio.run(both())
        assert [status for status, _ in answers] == [200, 200], answers
        made = [answer["rematch"] for _, answer in answers if answer["rematch"] is not None]
        assert len(made) >= 1 and len(set(made)) == 1, answers  # the first committed may not see it made yet
        child = made[0]
        for server in (a, b):
            status, summary = http(server, "GET", f"/api/tables/{child}")
            assert status == 200 and summary["parent"] == table
            assert [seat["name"] for seat in summary["seats"]] == ["Anna", "Ben", "Cleo"]
    store = PostgresStore(_database(a))
    try:
        assert len(store.table_ids()) == 6  # three tables, three rematches: none made twice
    finally:
        store.close()


@pytest.mark.parametrize(("game", "rounds"), [("Eights", 1), ("8½", 2), ("8½", 1)])
def test_the_rematch_is_dealt_by_the_seat_after_the_last_dealer(game: str, rounds: int) -> None:
    """8½ names the next dealer in the record (M2: a match's last round's dealer, then one on);
    Eights turns the seats in their order so that the next dealer sits last (WS4, WG2)."""

    async def finished() -> Table:
        lobby = Lobby(SQLiteStore(":memory:"))
        rules = {"target": 15} if game == "Eights" else {"move_limit": 30}
        spec = table_spec(
            {"game": game, "players": 3, "rounds": rounds, "seats": ["greedy"] * 3, "rules": rules, "pace": 0}
        )
        table = lobby.create(spec)
        done = asyncio.Event()
        table.released = lambda each: done.set() if each.over else None
        await asyncio.wait_for(done.wait(), 60)
        return table

    table = asyncio.run(finished())
    state: Any = table.state
    last = state.hand.dealer if game == "Eights" else state.dealer if rounds > 1 else 2
    following = (last + 1) % 3
    record, order = next_seating(table, 5)
    if game == "8½":
        assert (
            order == (0, 1, 2)
            and (2 if record.dealer is None else record.dealer) == following
            and record.rounds == (None if rounds == 1 else 2)
        )
        assert record.start().to_move is not None
    else:
        assert order[following] == 2 and [order[(following + step) % 3] for step in (1, 2)] == [0, 1]
        assert [new_seat(table, seat) for seat in range(3)] == list(order)
        assert record.start().hand.dealer == 2  # Eights' first hand is always dealt by the last seat


class _Client:
    """A connection that keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    def deliver(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_every_copy_of_a_finished_table_that_connections_follow_hears_a_vote() -> None:
    """A connection may follow a copy of a finished table that the lobby let go and read again
    for another connection: a vote heard is told on every copy, and the rematch moves both."""

    async def main() -> tuple[_Client, _Client]:
        lobby = Lobby(SQLiteStore(":memory:"))
        spec = table_spec({"game": "Eights", "seats": ["greedy", "random"], "rules": {"target": 10}, "pace": 0})
        table = lobby.create(spec)
        done = asyncio.Event()
        table.released = lambda each: done.set() if each.over else None
        await asyncio.wait_for(done.wait(), 60)
        stored = lobby.store.load(table.id)
        assert stored is not None
        copy = Table(stored, lobby.store)  # read again, as for a connection that came after the lobby let it go
        one, other = _Client(), _Client()
        state = lobby.store.rematch_state(table.id)
        for each, client in ((table, one), (copy, other)):
            each.attach(client, None)  # a spectator of each copy, told where the rematch stands
            tell(each, state, client, None)
        heard(lobby, table.id, RematchState((), None))  # told already: nothing new
        heard(lobby, table.id, RematchState((), "t2"))
        return one, other

    one, other = asyncio.run(main())
    for client in (one, other):
        assert [frame["type"] for frame in client.sent] == ["state", "votes", "moved"], client.sent
        assert client.sent[2]["to"] == "t2" and client.closed == (1000, "moved")
