"""Several server processes, one service, on one PostgreSQL database (issue 26, item 3).

Real ``eighthalf serve`` processes on loopback share a real PostgreSQL database
(:mod:`postgres_support`; the tests skip, saying why, without its binaries or psycopg):
a table made through one is joined and played through another, seats on different
processes play one game and each connection is sent its own seat's frames, checked against
the replay of the finished record as the other server tests check them; the process that
drives a table (its lease) is killed with SIGKILL mid-game and another takes the table
over and finishes it; two processes race for the leases of tables nobody drives; one of
two processes is drained with SIGTERM while the other keeps the table. The database's
record of who drove each move (:meth:`~eighthalf.server.storage.postgres.PostgresStore.drivers`)
shows that no two processes ever drove one table at once.

Every wait is on an event (a frame, a process's exit), bounded only against hangs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from postgres_support import new_database
from server_support import (
    WAIT_SECONDS,
    ServerProcess,
    Watch,
    bounded,
    check_frames,
    drive,
    finished_record,
    http,
    new_table,
    quiet_until_pong,
    raw_socket,
    receive,
    receive_until,
    say_hello,
    send,
    start_server,
    start_watch,
    stop_server,
    take_seat,
    watch,
)
from websockets.exceptions import ConnectionClosed

from eighthalf.games.eights.game import EIGHTS
from eighthalf.registry import find
from eighthalf.server.client import play
from eighthalf.server.protocol.games import SERVED, seat_names, table_spec
from eighthalf.server.protocol.messages import Refused
from eighthalf.server.storage.postgres import PostgresStore
from eighthalf.server.storage.store import SQLiteStore, StoredTable
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.service import TAKEOVER_SECONDS, catch_up, follow_move

RULES = {"target": 20}
"""Small rules: short games."""

TWO = {"game": "Eights", "players": 2, "seats": [None, "greedy"], "rules": RULES}
"""A table of a person and a bot."""


@pytest.fixture(name="database")
def database_fixture() -> str:
    """A fresh PostgreSQL database (the test skips without PostgreSQL)."""
    return new_database()


@pytest.fixture(name="processes")
def processes_fixture(tmp_path: Path, database: str) -> Iterator[list[ServerProcess]]:
    """Two server processes on ``database``, killed after the test (more are appended by it)."""
    started = [start_server(tmp_path / f"process{number}", db=database) for number in range(2)]
    try:
        yield started
    finally:
        for process in started:
            stop_server(process)


def process_id(server: ServerProcess) -> str:
    """The process's id as a lease's owner (``/readyz``)."""
    status, answer = http(server, "GET", "/readyz")
    assert status == 200, answer
    return str(answer["process"])


def drivers(database: str, table: str) -> list[str | None]:
    """Who drove each move of ``table``, from the database."""
    store = PostgresStore(database)
    try:
        return store.drivers(table)
    finally:
        store.close()


def driven_runs(drove: Sequence[str | None]) -> list[str]:
    """The processes that drove the moves, each run of moves by one process once, in order."""
    runs: list[str] = []
    for driver in drove:
        if driver is not None and (not runs or runs[-1] != driver):
            runs.append(driver)
    return runs


def names_of(server: ServerProcess, table: str) -> list[str]:
    """The seats' names as the narration writes them."""
    status, summary = http(server, "GET", f"/api/tables/{table}")
    assert status == 200, summary
    return seat_names([seat["name"] for seat in summary["seats"]], [seat["bot"] for seat in summary["seats"]])


def check_watches(server: ServerProcess, table: str, watches: Sequence[Watch], tokens: Sequence[str]) -> Any:
    """Check every frame of ``watches`` against the finished record of ``table``: the record.

    A watch that ended before the game did (its process went) is checked against the record
    of the moves it saw.
    """
    record, from_json = finished_record(server, table)
    assert record == from_json
    names = names_of(server, table)
    rng = random.Random(5)
    for watched in watches:
        seen = watched.states()[-1]["number"]
        if watched.result() is None:
            so_far = attrs.evolve(record, moves=record.moves[:seen], result="*")  # type: ignore[misc]
            check_frames(EIGHTS, so_far, watched, names, tokens, rng)
        else:
            check_frames(EIGHTS, record, watched, names, tokens, rng)
            assert watched.result()["text"] == record.result  # type: ignore[index]
    return record


def test_a_table_made_through_one_process_is_joined_and_played_through_both(
    processes: list[ServerProcess], database: str
) -> None:
    first, second = processes

    async def main() -> None:
        settings = {"game": "Eights", "players": 3, "seats": [None, None, "greedy"], "rules": RULES, "seed": 21}
        table = new_table(first, settings)["id"]
        status, listed = http(second, "GET", "/api/tables")
        assert status == 200 and [each["id"] for each in listed] == [table]  # listed through the other
        watches = [await start_watch(first, table, None, None), await start_watch(second, table, None, None)]
        tokens = [take_seat(first, table, 0, "Anna"), take_seat(second, table, 1, "Ben")]
        status, answer = http(first, "POST", f"/api/tables/{table}/seats/1", {"name": "Carl"})
        assert status == 409 and answer["error"]["code"] == "seat-taken"  # taken through the other process
        # each seat watched from the process its player is not on
        watches += [await start_watch(second, table, tokens[0], 0), await start_watch(first, table, tokens[1], 1)]
        greedy = find("eights").bot
        players = [
            play(first.url, table, tokens[0], greedy("greedy"), seed=1),
            play(second.url, table, tokens[1], greedy("random"), seed=2),
        ]
        results = await bounded(asyncio.gather(*players), 3 * WAIT_SECONDS)
        seen = await bounded(asyncio.gather(*watches))
        record = check_watches(second, table, seen, tokens)
        assert [result.text for result in results] == [record.result] * 2
        assert check_watches(first, table, [], tokens) == record  # the same record through both
        assert set(driven_runs(drivers(database, table))) == {process_id(first)}  # its maker drove it

    asyncio.run(main())


@attrs.define
class Pause:
    """Where a seat played by :func:`_play_seat` waits before it moves, until the test lets it go on."""

    at: int
    """It waits on its first turn with at least so many moves made."""
    reached: asyncio.Event = attrs.Factory(asyncio.Event)
    """Set once it waits."""
    go: asyncio.Event = attrs.Factory(asyncio.Event)
    """Set by the test: it moves."""


async def _play_seat(
    server: ServerProcess, table: str, token: str, into: Watch, rng: random.Random, pause: Pause | None = None
) -> None:
    """Play seat ``into.seat`` at ``server`` with Eights' greedy bot, recording every frame
    into ``into``, until the result, or until the server goes (the connection drops); with
    ``pause``, it waits there once."""
    bot = find("eights").bot("greedy")
    played: set[int] = set()

    async def answer(message: dict[str, Any]) -> dict[str, Any] | None:
        if not message["moves"] or message["number"] in played:
            return None
        if pause is not None and message["number"] >= pause.at and not pause.go.is_set():
            pause.reached.set()
            await pause.go.wait()
        played.add(message["number"])
        move = EIGHTS.move_text(bot.choose(SERVED["Eights"].documents.from_data(message["view"]), rng))
        return {"type": "move", "move": move, "number": message["number"]}

    with contextlib.suppress(ConnectionClosed):
        await watch(server, table, token, into, answer)


def test_the_driver_killed_mid_game_another_process_takes_the_table_over_and_finishes_it(
    processes: list[ServerProcess], database: str
) -> None:
    first, second = processes  # the first makes the table, so drives it

    async def main() -> None:
        settings = {"game": "Eights", "players": 3, "seats": [None, "greedy", "greedy"], "rules": RULES, "seed": 8}
        table = new_table(first, settings)["id"]
        token = take_seat(second, table, 0, "Anna")
        spectator = await start_watch(second, table, None, None)
        killed, survivor = process_id(first), process_id(second)
        # the person plays through the driver; a few moves in, the driver is killed
        before = Watch(0)
        playing = asyncio.create_task(_play_seat(first, table, token, before, random.Random(1)))
        while len(before.states()) < 2 or before.states()[-1]["number"] < 6:
            await bounded(_next_frame(before))
        first.process.send_signal(signal.SIGKILL)
        await asyncio.to_thread(first.process.wait, WAIT_SECONDS)
        await bounded(playing)  # its connection dropped
        # the person connects again, with its token, to the other process, and plays on
        after = Watch(0)
        await _play_seat(second, table, token, after, random.Random(2))  # each frame waited for boundedly
        watched = await bounded(spectator)
        record = check_watches(second, table, [watched, before, after], [token])
        acknowledged = [state["number"] for state in before.states() if state["last"] and state["last"]["seat"] == 0]
        assert acknowledged and max(acknowledged) <= len(record.moves)  # no acknowledged move lost
        drove = drivers(database, table)
        assert len(drove) == len(record.moves)  # each move once
        assert driven_runs(drove) == [killed, survivor]  # the killed process drove, then the other: never both

    asyncio.run(main())


async def _next_frame(watched: Watch) -> None:
    """Until ``watched`` records one more frame."""
    count = len(watched.messages)
    while len(watched.messages) == count:
        await asyncio.sleep(0.01)


def test_two_processes_racing_for_the_leases_of_tables_nobody_drives_never_both_drive_one(
    tmp_path: Path, database: str
) -> None:
    """Two processes start at once on tables of bots that no process drives yet.

    Two drivers of one table would both move its bots, each committing the moves it wins:
    its moves' drivers would alternate. One driver a table gives one run of moves by one
    process (a second run only if the first driver stalled past its lease, on a machine
    slow beyond reason: then it never drives that table again).
    """
    store = PostgresStore(database)
    lobby = Lobby(store)  # tables made in the database, driven by no process yet
    settings = {"game": "Eights", "players": 3, "seats": ["greedy"] * 3, "pace": 0, "rules": RULES}
    tables = [lobby.create(table_spec({**settings, "seed": seed})).id for seed in range(4)]
    store.close()
    racing = [start_server(tmp_path / f"racer{number}", db=database) for number in range(2)]
    try:
        asyncio.run(_until_finished(racing[1], tables))
        owners = {process_id(server) for server in racing}
        for table in tables:
            record, _ = finished_record(racing[0], table)
            drove = drivers(database, table)
            assert len(drove) == len(record.moves) and None not in drove  # every bot move driven, once
            runs = driven_runs(drove)
            assert len(runs) == len(set(runs)) and set(runs) <= owners  # never alternating: one driver at a time
    finally:
        for server in racing:
            stop_server(server)


async def _until_finished(server: ServerProcess, tables: Sequence[str]) -> None:
    """Until every table of ``tables`` is finished, as ``server`` says; fails only if no move
    at all is made for :data:`~server_support.WAIT_SECONDS` (a hang, not a slow machine)."""
    made, stalled_since = -1, time.monotonic()
    while True:
        summaries = [http(server, "GET", f"/api/tables/{table}")[1] for table in tables]
        if all(summary["result"] is not None for summary in summaries):
            return
        moves = sum(summary["moves"] for summary in summaries)
        if moves != made:
            made, stalled_since = moves, time.monotonic()
        assert time.monotonic() - stalled_since < WAIT_SECONDS, f"no move in {WAIT_SECONDS:g} s: {summaries}"
        await asyncio.sleep(0.05)


def test_sigterm_drains_one_of_two_processes_and_the_other_keeps_the_table(
    processes: list[ServerProcess], database: str
) -> None:
    first, second = processes

    async def main() -> None:
        table = new_table(first, {**TWO, "seed": 4})["id"]
        token = take_seat(first, table, 0, "Anna")
        drained, keeper = process_id(first), process_id(second)
        seat, pause = Watch(0), Pause(4)
        playing = asyncio.create_task(_play_seat(second, table, token, seat, random.Random(3), pause))
        async with raw_socket(first, table) as watcher:  # a spectator on the process drained
            await watcher.send(json.dumps({"type": "hello"}))
            await bounded(pause.reached.wait())  # mid-game, the person to move: the table waits
            first.process.send_signal(signal.SIGTERM)
            try:
                while True:
                    await asyncio.wait_for(watcher.recv(), WAIT_SECONDS)
            except ConnectionClosed:
                pass
            assert watcher.close_code == 1012  # go elsewhere
        assert await asyncio.to_thread(first.process.wait, WAIT_SECONDS) in (0, -signal.SIGTERM)
        pause.go.set()  # the person moves: the bot's next moves are the other process's to drive
        await playing  # each frame waited for boundedly
        record = check_watches(second, table, [seat], [token])
        assert seat.result() is not None
        drove = drivers(database, table)
        assert len(drove) == len(record.moves)
        assert driven_runs(drove) == [drained, keeper]  # the drained process gave the table up to the other

    asyncio.run(main())


def test_one_move_sent_through_two_processes_at_once_is_played_once_the_other_refused_stale(
    processes: list[ServerProcess],
) -> None:
    first, second = processes

    async def main() -> None:
        table = new_table(first, {**TWO, "seed": 6})["id"]
        token = take_seat(second, table, 0, "Anna")
        async with raw_socket(first, table) as one, raw_socket(second, table) as other:  # one seat, two devices
            _, state = await say_hello(one, token)
            await say_hello(other, token)
            frame = await bounded(
                drive(one, EIGHTS, find("eights").bot("greedy"), random.Random(1), first=state, stop_at=3)
            )
            number, move = frame["number"], frame["moves"][0]
            await receive_until(other, "state", number=number)
            message = {"type": "move", "move": move, "number": number}
            await asyncio.gather(send(one, message), send(other, message))  # both at once, to two processes
            refused = []
            for socket in (one, other):
                while (seen := await receive(socket))["type"] != "state" or seen["number"] <= number:
                    if seen["type"] == "error":
                        refused.append(seen["code"])
                assert seen["number"] == number + 1 and seen["last"]["seat"] == 0 and seen["last"]["move"] == move
            for socket in (one, other):  # an error sent after the state: before the pong of a later ping
                refused += [seen["code"] for seen in await quiet_until_pong(socket) if seen["type"] == "error"]
            assert refused == ["stale"]  # one commit; the other refused, never played
        status, summary = http(first, "GET", f"/api/tables/{table}")
        assert status == 200 and summary["moves"] >= number + 1

    asyncio.run(main())


def test_a_clock_shown_everywhere_runs_on_the_driver_and_resumes_on_the_process_that_takes_over(
    processes: list[ServerProcess], database: str
) -> None:
    first, second = processes

    async def main() -> None:
        table = new_table(first, {**TWO, "seed": 2, "move_seconds": 1})["id"]  # driven by the first
        token = take_seat(second, table, 0, "Anna")
        async with raw_socket(second, table) as socket:  # the person, who never moves, on the second
            _, state = await say_hello(socket, token)
            if not state["moves"]:
                state = await receive_until(socket, "state", number=state["number"] + 1)
            assert state["moves"] and state["seconds_left"] is not None  # the clock, shown by a follower
            first.process.send_signal(signal.SIGKILL)
            await asyncio.to_thread(first.process.wait, WAIT_SECONDS)
            number = state["number"]
            # however the race went (the killed driver may have timed the move out first), the
            # person's moves go on being timed out: by the process that took the table over
            while True:
                seen = await receive_until(socket, "state", WAIT_SECONDS + 2 * TAKEOVER_SECONDS)
                if seen["last"] is not None and seen["last"]["seat"] == 0 and seen["number"] > number + 2:
                    break
            assert seen["last"]["timed_out"] is True
        survivor = process_id(second)
        assert driven_runs(drivers(database, table))[-1] == survivor

    asyncio.run(main())


def test_a_catch_up_reads_only_the_moves_this_process_lacks_and_plays_each_once(tmp_path: Path) -> None:
    """``catch_up`` asks the store for the moves after those held, off the event loop, and a
    move heard while it read is not played twice."""
    store = SQLiteStore(str(tmp_path / "t.sqlite3"))
    asked: list[int] = []
    load = store.load

    def spy(table_id: str, *, after: int = 0) -> StoredTable | None:
        asked.append(after)
        return load(table_id, after=after)

    store.load = spy  # type: ignore[method-assign]
    try:
        lobby = Lobby(store)
        table = lobby.create(table_spec({"game": "Eights", "players": 2, "seats": [None, None], "seed": 3}))
        game, state, texts = table.game, table.state, []
        for number in range(1, 6):  # what another process commits
            move = game.legal_moves(state)[-1]
            texts.append(game.move_text(move))
            store.add_move(table.id, number, texts[-1])
            state = game.apply(state, move)
            if number == 2:
                asyncio.run(catch_up(table, lobby))
                assert [game.move_text(move) for move in table.moves] == texts and asked[-1] == 0
        assert follow_move(table, 3, texts[2], False, None)  # heard before the read: skipped by it
        asyncio.run(catch_up(table, lobby))
        assert asked[-1] == 3 and [game.move_text(move) for move in table.moves] == texts
        assert table.state == state
    finally:
        store.close()


def test_a_table_made_through_another_process_is_fetched_once_off_the_event_loop() -> None:
    """``Lobby.fetch`` reads a table it does not hold in a worker thread; two connections
    asking at once get the same table, and an unknown id is refused as ``get`` refuses it."""
    url = new_database()
    made_here, other = PostgresStore(url), PostgresStore(url)
    try:
        table = Lobby(made_here).create(table_spec({"game": "8½", "players": 2, "seats": [None, None], "seed": 9}))
        lobby = Lobby(other)

        async def fetch_twice() -> list[Any]:
            return list(await asyncio.gather(lobby.fetch(table.id), lobby.fetch(table.id)))

        first, second = asyncio.run(fetch_twice())
        assert first is second is lobby.tables[table.id] and first.state == table.state
        with pytest.raises(Refused) as refused:
            asyncio.run(lobby.fetch("nope"))
        assert refused.value.code == "no-table"
    finally:
        made_here.close()
        other.close()
