"""The queue's matching (:mod:`eighthalf.server.tables.queue`) and its rows in the database
(:mod:`eighthalf.server.storage.queue`), apart from the server.

- Properties (Hypothesis): nobody is seated twice; every group is of one kind and size and
  fills its table with people and bots; every two people of a group are within each other's
  window; a group with bots only once its first person waited long enough; a full group of
  people who all fit is never left waiting.
- The windows' schedule and the nearest bots, as documented.
- The rows: a ticket joins once, leaves once, a seated person cannot leave; a match makes
  each table and its seats in one transaction, refuses to seat a ticket twice (nothing
  made), and deletes the rows of a process that stopped renewing them; on PostgreSQL, two
  stores (two processes) matching at once on threads seat everyone exactly once, and a
  leave racing a match either leaves or is seated, never both.
- A database of layout 2 gains the queue (layout 3) on both stores, and keeps its tables.
- The ratings seam (:class:`~eighthalf.server.tables.queue.Ratings`) of a server: people far
  apart wait, and bots fill with the ratings nearest.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf.server.storage.queue import Queued, QueueStore, Seating, queue_for
from eighthalf.server.storage.store import SCHEMA_VERSION, SQLiteStore, Store, StoredTable, StoreError
from eighthalf.server.tables.queue import (
    BOT_RATINGS,
    DEFAULT_WINDOWS,
    KINDS,
    NEWCOMER_RATING,
    Group,
    NewcomerRatings,
    Waiting,
    Windows,
    match,
    nearest_bots,
)

_KINDS = sorted(KINDS)


@st.composite
def _queues(draw: st.DrawFn) -> list[Waiting]:
    count = draw(st.integers(0, 40))
    people = []
    for number in range(count):
        kind = draw(st.sampled_from(_KINDS))
        people.append(
            Waiting(
                ticket=f"t{number}",
                kind=kind,
                size=draw(st.sampled_from(KINDS[kind].sizes[:3])),
                rating=draw(st.floats(-10.0, 40.0, allow_nan=False)),
                since=draw(st.floats(0.0, 60.0, allow_nan=False)),
            )
        )
    return people


def _fits(one: Waiting, other: Waiting, now: float, windows: Windows) -> bool:
    gap = abs(one.rating - other.rating)
    return gap <= windows.at(now - one.since) and gap <= windows.at(now - other.since)


@given(_queues(), st.floats(60.0, 120.0), st.floats(0.0, 60.0))
def test_nobody_twice_every_group_of_one_kind_and_size_every_two_within_their_windows(
    people: list[Waiting], now: float, fill: float
) -> None:
    groups = match(people, now, fill_seconds=fill)
    by_ticket = {person.ticket: person for person in people}
    seated = [ticket for group in groups for ticket in group.tickets]
    assert len(seated) == len(set(seated))
    assert set(seated) <= set(by_ticket)
    for group in groups:
        members = [by_ticket[ticket] for ticket in group.tickets]
        assert {(member.kind, member.size) for member in members} == {(group.kind, group.size)}
        assert len(group.tickets) + len(group.bots) == group.size
        assert set(group.bots) <= set(BOT_RATINGS[group.kind])
        for one in members:
            for other in members:
                assert _fits(one, other, now, DEFAULT_WINDOWS)
        if group.bots:  # bots only once the group's first person waited long enough
            assert now - members[0].since >= fill
        assert members[0].since == min(member.since for member in members)


@given(_queues(), st.floats(0.0, 60.0))
def test_people_who_all_fit_and_fill_a_table_are_never_all_left_waiting(people: list[Waiting], now: float) -> None:
    same = [
        Waiting(person.ticket, "Eights", 2, 0.0, min(person.since, now)) for person in people
    ]  # everyone fits everyone
    groups = match(same, now, fill_seconds=1e9)
    assert len(groups) == len(same) // 2
    assert all(not group.bots for group in groups)


def test_the_windows_widen_by_the_documented_schedule() -> None:
    assert [DEFAULT_WINDOWS.at(seconds) for seconds in (0, 4.99, 5, 9.99, 10, 30)] == [5, 5, 7.5, 7.5, 10, 20]
    assert Windows(50, 25, 5).at(11) == 100
    assert DEFAULT_WINDOWS.at(-3) == 5  # a clock that went back: no narrower than at first


def test_people_outside_each_others_window_wait_until_it_widens() -> None:
    people = [Waiting("a", "Eights", 2, 0.0, 0.0), Waiting("b", "Eights", 2, 9.0, 0.0)]
    assert match(people, 4.0, fill_seconds=1e9) == []
    assert match(people, 10.0, fill_seconds=1e9) == [Group("Eights", 2, ("a", "b"), ())]


def test_kinds_and_sizes_keep_apart_and_the_longest_waiting_is_seated_first() -> None:
    people = [
        Waiting("late", "Eights", 2, 0.0, 3.0),
        Waiting("other size", "Eights", 3, 0.0, 0.0),
        Waiting("first", "Eights", 2, 0.0, 1.0),
        Waiting("other kind", "8½ round", 2, 0.0, 0.0),
        Waiting("second", "Eights", 2, 0.0, 2.0),
    ]
    assert match(people, 4.0, fill_seconds=1e9) == [Group("Eights", 2, ("first", "second"), ())]


def test_bots_fill_after_the_wait_with_the_nearest_ratings() -> None:
    strong = [Waiting("a", "8½ round", 4, 25.0, 0.0), Waiting("b", "8½ round", 4, 27.0, 0.0)]
    assert match(strong, 29.9, fill_seconds=30.0) == []
    assert match(strong, 30.0, fill_seconds=30.0) == [Group("8½ round", 4, ("a", "b"), ("ismcts", "ismcts"))]
    newcomer = [Waiting("n", "Eights", 3, NewcomerRatings().person("Nina", "Eights"), 0.0)]
    assert match(newcomer, 0.0, fill_seconds=0.0) == [Group("Eights", 3, ("n",), ("random", "random"))]
    assert nearest_bots({"x": 1.0, "y": 3.0}, 2.0, 1) == ("x",)  # a tie: the lower rating
    assert nearest_bots({}, 2.0, 0) == ()
    with pytest.raises(ValueError, match="no bot"):
        nearest_bots({}, 2.0, 1)


def test_the_defaults_are_the_documented_ones() -> None:
    assert NEWCOMER_RATING == 0.0
    assert list(BOT_RATINGS["8½ round"]) == ["random", "greedy", "search", "ismcts"]
    assert list(BOT_RATINGS["Eights"]) == ["random", "greedy", "ismcts", "search", "prospect"]
    for ratings in BOT_RATINGS.values():
        assert list(ratings.values()) == sorted(ratings.values())
    assert (KINDS["8½ match"].rounds, KINDS["8½ round"].rounds, KINDS["Eights"].sizes) == (6, 1, (2, 3, 4, 5, 6))


# The rows in the database


def _stores() -> list[str]:
    return ["sqlite", "postgresql"]


@pytest.fixture(name="store", params=_stores())
def store_fixture(request: pytest.FixtureRequest) -> Iterator[Store]:
    """A new store of each kind (PostgreSQL's skips without its binaries)."""
    if request.param == "sqlite":
        store: Store = SQLiteStore(":memory:")
    else:
        from postgres_support import new_database

        from eighthalf.server.storage.postgres import PostgresStore

        store = PostgresStore(new_database())
    try:
        yield store
    finally:
        store.close()


def _person(ticket: str, owner: str = "p1", since: float = 100.0) -> Queued:
    return Queued(ticket, "Eights", 2, f"N{ticket}", 0.0, since, owner, "ab" * 32)


def _pairs(rows: list[Queued]) -> Sequence[Seating]:
    seatings = []
    for first in range(0, len(rows) - 1, 2):
        table = StoredTable(id=f"x{rows[first].ticket}", game="Eights", record="r", settings={}, created=1.0)
        seatings.append(Seating(table, ((rows[first].ticket, 0), (rows[first + 1].ticket, 1))))
    return seatings


def test_a_ticket_joins_once_and_leaves_once_and_a_seated_one_cannot_leave(store: Store) -> None:
    queue = queue_for(store)
    assert queue.join(_person("a")) and not queue.join(_person("a"))
    assert queue.join(_person("b")) and queue.join(_person("c"))
    assert queue.counts(100.0, stale=20.0) == {("Eights", 2): 3}
    assert queue.leave("c") and not queue.leave("c")
    made, left = queue.match(100.0, _pairs, stale=20.0)
    assert [seating.table.id for seating in made] == ["xa"] and left == []
    assert not queue.leave("a")  # seated: the seat stands
    assert queue.counts(100.0, stale=20.0) == {}
    loaded = store.load("xa")
    assert loaded is not None and [seat[:2] for seat in loaded.seats] == [(0, "Na"), (1, "Nb")]
    assert sorted(queue.collect("p1")) == [("a", "xa", 0), ("b", "xa", 1)]
    assert queue.collect("p1") == []


def test_a_match_that_seats_a_ticket_twice_makes_nothing(store: Store) -> None:
    queue = queue_for(store)
    for ticket in "ab":
        queue.join(_person(ticket))

    def twice(rows: list[Queued]) -> Sequence[Seating]:
        table = StoredTable(id="tw", game="Eights", record="r", settings={}, created=1.0)
        return [Seating(table, (("a", 0), ("a", 1)))]

    with pytest.raises(StoreError, match="seated twice"):
        queue.match(100.0, twice, stale=20.0)
    assert store.load("tw") is None
    assert queue.counts(100.0, stale=20.0) == {("Eights", 2): 2}


def test_the_rows_of_a_process_that_stopped_renewing_them_are_deleted(store: Store) -> None:
    queue = queue_for(store)
    queue.join(_person("old", owner="dead", since=10.0))
    queue.join(_person("new", owner="alive", since=10.0))
    queue.renew("alive", 50.0)
    assert queue.counts(55.0, stale=20.0) == {("Eights", 2): 1}
    made, left = queue.match(55.0, lambda rows: [], stale=20.0)
    assert made == [] and [row.ticket for row in left] == ["new"]
    queue.clear("alive")
    assert queue.counts(55.0, stale=20.0) == {}


def test_two_processes_matching_at_once_seat_everyone_exactly_once() -> None:
    from postgres_support import new_database

    from eighthalf.server.storage.postgres import PostgresStore

    url = new_database()
    stores = [PostgresStore(url), PostgresStore(url)]
    try:
        queues: list[QueueStore] = [queue_for(each) for each in stores]
        for number in range(200):
            queues[number % 2].join(_person(f"{number:03}", owner=f"p{number % 2}"))
        made: list[list[Seating]] = [[], []]
        errors: list[BaseException] = []

        def work(index: int) -> None:
            try:
                while True:
                    seatings, waiting = queues[index].match(100.0, lambda rows: _pairs(rows[:10]), stale=1e9)
                    made[index] += seatings
                    if not waiting:
                        return
            except BaseException as error:  # pragma: no cover - shown by the assertion below
                errors.append(error)

        threads = [threading.Thread(target=work, args=(index,)) for index in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert errors == []
        seated = [ticket for seatings in made for seating in seatings for ticket, _ in seating.seats]
        assert sorted(seated) == [f"{number:03}" for number in range(200)]
        collected = queues[0].collect("p0") + queues[1].collect("p1")
        assert sorted(ticket for ticket, _, _ in collected) == sorted(seated)
    finally:
        for each in stores:
            each.close()


def test_each_kind_offers_the_games_allowed_sizes_and_its_bots() -> None:
    from eighthalf.server.protocol.games import SERVED

    for name, kind in KINDS.items():
        entry = SERVED[kind.game]
        assert kind.sizes == tuple(entry.game.player_counts(entry.game.default_rules)), name
        assert set(BOT_RATINGS[name]) == set(entry.bots), name
        assert kind.rounds <= entry.max_rounds


def test_a_layout_2_database_gains_the_queue_and_keeps_its_tables(tmp_path: Path) -> None:
    path = str(tmp_path / "old.sqlite3")
    with contextlib.closing(sqlite3.connect(path)) as raw:  # as the release before wrote it (layout 2)
        raw.executescript((Path(__file__).parent / "fixtures" / "layout-2.sql").read_text(encoding="utf-8"))
        raw.execute(
            "INSERT INTO tables (id, game, record, settings, created) VALUES ('kept', 'Eights', 'r', '{}', 1.0)"
        )
        raw.execute("PRAGMA user_version=2")
        raw.commit()
    store = SQLiteStore(path)
    try:
        assert store.load("kept") is not None
        assert queue_for(store).join(_person("a"))
    finally:
        store.close()
    with contextlib.closing(sqlite3.connect(path)) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)


def test_a_layout_2_postgresql_database_gains_the_queue_and_keeps_its_tables() -> None:
    from postgres_support import new_database

    from eighthalf.server.storage.postgres import PostgresStore, run_one

    url = new_database()
    store = PostgresStore(url)
    store.create_table(StoredTable(id="kept", game="Eights", record="r", settings={}, created=1.0))
    with store.transaction() as run:
        run("DROP TABLE queue", ())
        run("UPDATE eighthalf_layout SET version = 2", ())
    store.close()
    store = PostgresStore(url)
    try:
        assert store.load("kept") is not None
        assert queue_for(store).join(_person("a"))
        assert run_one(store, "SELECT version FROM eighthalf_layout", ()) == ([(3,)], 1)
    finally:
        store.close()


def test_a_leave_racing_a_match_either_leaves_or_is_seated_never_both() -> None:
    from postgres_support import new_database

    from eighthalf.server.storage.postgres import PostgresStore

    url = new_database()
    stores = [PostgresStore(url), PostgresStore(url)]
    try:
        joining, matching = queue_for(stores[0]), queue_for(stores[1])
        tickets = [f"{number:03}" for number in range(120)]
        for ticket in tickets:
            joining.join(_person(ticket))
        left: list[str] = []
        seated: list[str] = []

        def leave_all() -> None:
            left.extend(ticket for ticket in reversed(tickets) if joining.leave(ticket))

        def match_all() -> None:
            while True:
                made, waiting = matching.match(100.0, lambda rows: _pairs(rows[:6]), stale=1e9)
                seated.extend(ticket for seating in made for ticket, _ in seating.seats)
                if not waiting:
                    return

        threads = [threading.Thread(target=leave_all), threading.Thread(target=match_all)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not set(left) & set(seated)
        assert sorted(left + seated) == tickets
        assert sorted(ticket for ticket, _, _ in joining.collect("p1")) == sorted(seated)
    finally:
        for each in stores:
            each.close()


class _Ratings:
    """Ratings of a server with accounts, as the lead wires them: far apart, and two bots."""

    def person(self, key: str, kind: str) -> float:  # asked of a signed-in person only: a guest is a newcomer
        return 30.0 if key.startswith("strong") else 0.0

    def bots(self, kind: str) -> Mapping[str, float]:
        return {"random": 0.0, "greedy": 30.0}


def test_the_ratings_seam_keeps_people_far_apart_waiting_and_picks_the_nearest_bots() -> None:
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from eighthalf.server.web.app import create_app

    for wait, expect in ((3600.0, None), (0.0, "greedy")):
        app = create_app(":memory:", judge_at_once=0, queue_wait=wait)
        with TestClient(app) as client:
            app.state.queue.ratings = _Ratings()
            signed = client.post("/api/accounts", json={"name": "Strong Sam", "passphrase": "correct horse"})
            assert signed.status_code == 201, signed.text  # the session cookie rides on the websocket
            with client.websocket_connect("/api/queue/wait") as strong:
                strong.send_json({"type": "join", "kind": "Eights", "size": 3, "name": "Strong Sam"})
                assert strong.receive_json()["type"] == "queued"
                if expect is not None:  # alone, at once: the bots nearest 30
                    while (frame := strong.receive_json())["type"] != "seated":
                        pass
                    summary = client.get(f"/api/tables/{frame['table']}").json()
                    assert [seat["bot"] for seat in summary["seats"]] == [None, expect, expect]
                    continue
                with client.websocket_connect("/api/queue/wait") as weak:
                    weak.send_json({"type": "join", "kind": "Eights", "size": 3, "name": "Wendy"})
                    assert weak.receive_json()["type"] == "queued"
                    while (frame := weak.receive_json())["type"] != "waiting" or frame["waiting"] != 2:
                        assert frame["type"] == "waiting", frame  # the pass after the join seats nobody
                    assert frame["place"] == 2 and frame["window"] == 5.0


def test_every_frame_of_the_queue_and_every_join_are_valid_under_the_shipped_schemas() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    referencing = pytest.importorskip("referencing")
    pytest.importorskip("httpx2")
    import json

    from starlette.testclient import TestClient

    import eighthalf.schemas
    from eighthalf.schemas import schema
    from eighthalf.server.web.app import create_app

    folder = Path(eighthalf.schemas.__file__).parent
    resources = []
    for path in sorted(folder.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], referencing.Resource.from_contents(contents)))
    registry = referencing.Registry().with_resources(resources)
    sent = jsonschema.Draft202012Validator(schema("server.QueueClientMessage"), registry=registry)
    told = jsonschema.Draft202012Validator(schema("server.QueueServerMessage"), registry=registry)
    joins = [
        {"type": "join", "kind": "Eights", "size": 2, "name": "Iris"},
        {"type": "join", "kind": "8½ match", "size": 3, "name": "Jon"},
        {"type": "join", "kind": "8½ round", "size": 2, "name": "Kai"},
    ]
    frames: list[dict[str, object]] = []
    with TestClient(create_app(":memory:", judge_at_once=0, queue_wait=0.0)) as client:
        for join in joins:
            with client.websocket_connect("/api/queue/wait") as socket:
                for message in ({"type": "ping"}, {**join, "name": "x (bot)"}, join):
                    assert sent.is_valid(message), message
                    socket.send_json(message)
                while (frame := socket.receive_json())["type"] != "seated":
                    frames.append(frame)
                frames.append(frame)
    with (
        TestClient(create_app(":memory:", judge_at_once=0, queue_wait=3600.0)) as client,
        client.websocket_connect("/api/queue/wait") as socket,
    ):
        socket.send_json({"type": "join", "kind": "Eights", "size": 2, "name": "Lea"})
        while (frame := socket.receive_json())["type"] != "waiting":
            frames.append(frame)
        frames.append(frame)
        socket.send_json({"type": "leave"})
        while (frame := socket.receive_json())["type"] != "left":
            frames.append(frame)
        frames.append(frame)
    assert {"pong", "error", "queued", "waiting", "seated", "left"} <= {frame["type"] for frame in frames}
    for frame in frames:
        assert told.is_valid(frame), frame
    for wrong in (
        {"type": "join", "kind": "Poker", "size": 2, "name": "A"},
        {"type": "join", "kind": "Eights", "size": "2", "name": "A"},
        {"type": "join", "kind": "Eights", "size": 2},
        {"type": "leave", "ticket": "x"},
        {"type": "move", "move": "x"},
    ):
        assert not sent.is_valid(wrong), wrong
