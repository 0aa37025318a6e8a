"""The crash test of the server (issue 19, item 4): nothing acknowledged is ever lost.

A real server process on loopback plays several tables of both games (a round of 8½, a
two-round match of 8½, games of Eights), people's seats played by bots through websockets
and some seats by the server's own bots. The server is killed with SIGKILL at seeded random
moments and started again on the same database (on a new free port); the seats reconnect
with their tokens. A move counts as *acknowledged* once some connection has received a
``state`` frame whose ``last`` is that move: the server commits a move before it tells
anyone of it. After every restart each table's summary must count at least the moves
acknowledged so far, a reconnected seat's first frame must show the view after the moves
made, the games must go on to their end, and the records downloaded from the server (after
one more kill, once every game is over) must hold every acknowledged move at its number and
replay to the result the server announced.

The whole module runs one scenario (a module fixture, about 10 s on a quiet machine; it waits on
the games' progress, never on a clock) and its tests look at it.
"""

from __future__ import annotations

import asyncio
import random
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, cast

import attrs
import pytest

pytest.importorskip("websockets")
pytest.importorskip("uvicorn")

from crash_support import ServerProcess, get_json, get_text
from websockets.exceptions import WebSocketException

from eighthalf.formats.replay import replay_states
from eighthalf.registry import bots_for, documents_for
from eighthalf.server.client import TableConnection, create_table, join
from eighthalf.server.protocol.games import SERVED

SEED: Final = 20261125
"""The seed of the kill moments, of the tables' deals and of the bots' choices."""

KILLS: Final = 4
"""How many times the server is killed while the games go on (one more kill once they are over)."""

CONNECTIONS_PER_SEAT: Final = 4 * (KILLS + 2)
"""The most connections one seat opens: one after each kill (and a few more for a connection that races a
kill), a bound on the seat's attempts that does not depend on the machine's speed."""

TABLES: Final[tuple[dict[str, Any], ...]] = (
    {"game": "8½", "players": 3, "seats": [None, "greedy", None], "seed": 11, "rules": {"move_limit": 600}},
    {"game": "8½", "players": 2, "rounds": 2, "seats": [None, "random"], "seed": 12, "rules": {"move_limit": 600}},
    {"game": "Eights", "players": 3, "seats": [None, None, "greedy"], "seed": 13},
    {"game": "Eights", "players": 2, "seed": 14},
)
"""The tables played: ``None`` seats are people's (played here through websockets), the others the server's
bots. Two bots can play a round of 8½ forever, so its tables have a move limit (E7)."""


@attrs.define
class Ledger:
    """What the connections of one table were told: the acknowledged moves, by number."""

    table: str
    spec: dict[str, Any]
    tokens: dict[int, str] = attrs.Factory(dict)
    moves: dict[int, tuple[int, str]] = attrs.Factory(dict)
    """Move number (from 1) -> (seat, move text), as some ``state`` frame's ``last`` gave it."""
    conflicts: list[str] = attrs.Factory(list)
    """Frames that told another move under a number already acknowledged."""
    resumed: list[tuple[int, int, Any]] = attrs.Factory(list)
    """(seat, number, view) of the first frame of every connection."""
    behind: list[str] = attrs.Factory(list)
    """First frames of a connection that counted fewer moves than were acknowledged before it opened."""
    errors: list[dict[str, Any]] = attrs.Factory(list)
    result: dict[str, Any] | None = None
    """The result of the final ``state`` frame."""
    final_number: int | None = None

    @property
    def top(self) -> int:
        """The highest move number acknowledged."""
        return max(self.moves, default=0)

    def acknowledge(self, number: int, last: dict[str, Any]) -> None:
        """Note that move ``number`` was told as ``last``."""
        told = (int(last["seat"]), str(last["move"]))
        known = self.moves.setdefault(number, told)
        if known != told:
            self.conflicts.append(f"move {number}: told {known} and later {told}")


@attrs.define
class Scenario:
    """The state of the whole run, shared by the seats' tasks and the killer."""

    server: ServerProcess
    url: str
    ledgers: list[Ledger] = attrs.Factory(list)
    up: asyncio.Event = attrs.Factory(asyncio.Event)
    progress: asyncio.Event = attrs.Factory(asyncio.Event)
    playing: int = 0
    """The seats' tasks still playing."""
    """Set whenever a seat's connection is told a move or a result, or a seat stops (the killer waits on it)."""
    kills: int = 0
    restarts: list[list[tuple[str, int, int]]] = attrs.Factory(list)
    """After each restart: (table, moves acknowledged just before, moves in the summary)."""
    summaries: list[str] = attrs.Factory(list)
    """What was wrong in the summaries after a restart."""
    finished: dict[str, tuple[str, Any, dict[str, Any]]] = attrs.Factory(dict)
    """Table -> (record text, record JSON, summary), fetched after the last restart."""
    unfinished: dict[str, str] = attrs.Factory(dict)
    """Table -> why its record could not be fetched after the last restart."""

    def acknowledged(self) -> int:
        """Moves acknowledged on every table together."""
        return sum(len(ledger.moves) for ledger in self.ledgers)

    def over(self) -> bool:
        """Whether every table's final frame has come."""
        return all(ledger.result is not None for ledger in self.ledgers)

    def check_summaries(self, url: str, acknowledged: dict[str, int]) -> None:
        """After a restart: every table is back, with at least its ``acknowledged`` moves (by table)."""
        seen: list[tuple[str, int, int]] = []
        for ledger in self.ledgers:
            before = acknowledged[ledger.table]
            summary = get_json(f"{url}/api/tables/{ledger.table}")
            seen.append((ledger.table, before, summary["moves"]))
            if summary["moves"] < before:
                self.summaries.append(f"{ledger.spec}: {summary['moves']} moves after a restart, {before} acknowledged")
            if not summary["started"]:
                self.summaries.append(f"{ledger.spec}: not started after a restart")
            for seat in ledger.tokens:
                taken = summary["seats"][seat]
                if taken["open"] or taken["name"] != f"player {seat}":
                    self.summaries.append(f"{ledger.spec}: seat {seat} not restored: {taken}")
        self.restarts.append(seen)


async def _play_seat(scenario: Scenario, ledger: Ledger, seat: int, rng: random.Random) -> None:
    """Play one person's seat with a bot, reconnecting with the seat's token after every kill."""
    bot: Any = None
    for _ in range(CONNECTIONS_PER_SEAT):
        if ledger.result is not None:
            return
        await scenario.up.wait()
        known = ledger.top  # acknowledged before this connection opens: its first frame must count them
        try:
            async with TableConnection.open(scenario.url, ledger.table, ledger.tokens[seat]) as connection:
                game = connection.game
                bot = bot or bots_for(game)["greedy" if seat % 2 == 0 else "random"]()
                first = True
                async for message in connection.messages():
                    if message["type"] == "error":
                        ledger.errors.append(message)
                        continue
                    if message["type"] != "state":
                        continue
                    number = message["number"]
                    if first:
                        ledger.resumed.append((seat, number, message["view"]))
                        if number < known:
                            ledger.behind.append(f"seat {seat} reconnected at move {number}, {known} acknowledged")
                        first = False
                    if message["last"] is not None:
                        ledger.acknowledge(number, message["last"])
                        scenario.progress.set()
                    if message["result"] is not None:
                        scenario.progress.set()
                        ledger.result, ledger.final_number = message["result"], number
                        return
                    if message["moves"]:
                        move = bot.choose(documents_for(game).from_data(message["view"]), rng)
                        await asyncio.sleep(rng.uniform(0.002, 0.01))  # a moment to think: kills land mid-game
                        await connection.move(game.move_text(move), number)
        except (WebSocketException, OSError):
            pass  # the server was killed: wait for the next one
        await asyncio.sleep(0.01)
    ledger.errors.append({"type": "test", "message": f"seat {seat} opened {CONNECTIONS_PER_SEAT} connections"})


async def _seat(scenario: Scenario, ledger: Ledger, seat: int, rng: random.Random) -> None:
    """:func:`_play_seat`, then one seat fewer in :attr:`Scenario.playing` (counted before the tasks start)."""
    try:
        await _play_seat(scenario, ledger, seat, rng)
    finally:
        scenario.playing -= 1
        scenario.progress.set()  # a seat stopped: the killer must not wait on it


async def _kill_and_restart(scenario: Scenario) -> None:
    """Kill the server (SIGKILL), start it again on the same database and check every table's summary."""
    scenario.up.clear()
    await asyncio.to_thread(scenario.server.kill)
    scenario.kills += 1
    url = await asyncio.to_thread(scenario.server.start)
    # No seat is connected to the new server yet, so no move is acknowledged meanwhile.
    acknowledged = {ledger.table: ledger.top for ledger in scenario.ledgers}
    await asyncio.to_thread(scenario.check_summaries, url, acknowledged)
    scenario.url = url
    scenario.up.set()


async def _killer(scenario: Scenario, rng: random.Random) -> None:
    """Kill the server :data:`KILLS` times, each after a seeded random number of acknowledged moves."""
    for _ in range(KILLS):
        target = scenario.acknowledged() + rng.randint(10, 45)
        # waits on the seats' progress (each acknowledged move), however long the machine takes
        while scenario.acknowledged() < target and not scenario.over() and scenario.playing:
            await scenario.progress.wait()
            scenario.progress.clear()
        if scenario.over() or not scenario.playing:
            return
        await asyncio.sleep(rng.uniform(0.0, 0.012))  # anywhere: between frames, in a bot's move, in a commit
        await _kill_and_restart(scenario)


async def _run(scenario: Scenario) -> None:
    rng = random.Random(SEED)
    for spec in TABLES:
        summary = await create_table(scenario.url, spec)
        ledger = Ledger(summary["id"], spec)
        for seat, bot in enumerate(summary["seats"]):
            if bot["bot"] is None:
                ledger.tokens[seat] = await join(scenario.url, ledger.table, seat, f"player {seat}")
        scenario.ledgers.append(ledger)
    scenario.up.set()
    seats = [
        _seat(scenario, ledger, seat, random.Random(rng.random()))
        for ledger in scenario.ledgers
        for seat in ledger.tokens
    ]
    scenario.playing = len(seats)
    await asyncio.gather(_killer(scenario, random.Random(rng.random())), *seats)
    await _kill_and_restart(scenario)  # the finished games too must come back
    for ledger in scenario.ledgers:
        base = f"{scenario.url}/api/tables/{ledger.table}"
        try:
            text, data, summary = await asyncio.to_thread(_fetch_finished, base)
        except urllib.error.HTTPError as error:  # 409: the game is not over on the restarted server
            summary = await asyncio.to_thread(get_json, base)
            scenario.unfinished[ledger.table] = f"{ledger.spec}: HTTP {error.code} for the record; {summary}"
            continue
        scenario.finished[ledger.table] = (text, data, summary)


def _fetch_finished(base: str) -> tuple[str, Any, dict[str, Any]]:
    """A finished table's record text, record JSON and summary (``base``: its API address)."""
    return get_text(f"{base}/record"), get_json(f"{base}/record.json"), get_json(base)


def _finished(scenario: Scenario, ledger: Ledger) -> tuple[str, Any, dict[str, Any]]:
    """The record text, record JSON and summary of ``ledger``'s table after the last restart."""
    if ledger.table in scenario.unfinished:
        pytest.fail(f"the game did not come back finished: {scenario.unfinished[ledger.table]}")
    if ledger.table not in scenario.finished:
        pytest.fail(f"the scenario ended before {ledger.spec} was over: {ledger.errors[-3:]}")
    return scenario.finished[ledger.table]


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scenario]:
    server = ServerProcess(Path(tmp_path_factory.mktemp("crash")) / "tables.sqlite3")
    try:
        played = Scenario(server, server.start())
        asyncio.run(_run(played))  # bounded by the games' ends and the seats' connections, not by a clock
        yield played
    finally:
        server.stop()


def test_the_server_was_killed_mid_game_and_every_table_came_back(scenario: Scenario) -> None:
    assert scenario.over(), [ledger.errors[-3:] for ledger in scenario.ledgers]
    assert scenario.kills >= 3  # a few kills while the games went on, and one after
    assert scenario.server.starts == scenario.kills + 1
    assert scenario.summaries == []
    final = {ledger.table: ledger.final_number or 0 for ledger in scenario.ledgers}
    mid_game = [seen for seen in scenario.restarts[:-1] if any(0 < before < final[table] for table, before, _ in seen)]
    assert len(mid_game) >= 3, scenario.restarts  # kills that landed while some table's game went on


def test_every_acknowledged_move_is_in_the_summary_after_every_restart(scenario: Scenario) -> None:
    for seen in scenario.restarts:
        for table, acknowledged, stored in seen:
            assert stored >= acknowledged, (table, scenario.restarts)


def test_every_seat_reconnected_with_its_token_at_the_moves_acknowledged(scenario: Scenario) -> None:
    for ledger in scenario.ledgers:
        assert ledger.behind == [], ledger.spec
        assert ledger.conflicts == [], ledger.spec
        assert ledger.errors == [], ledger.spec
        assert len(ledger.resumed) >= len(ledger.tokens), ledger.spec


def test_a_reconnected_seat_sees_the_view_after_the_moves_made(scenario: Scenario) -> None:
    checked = 0
    for ledger in scenario.ledgers:
        text, _, _ = _finished(scenario, ledger)
        record = SERVED[ledger.spec["game"]].records.loads(text)
        game = record.game
        states = list(replay_states(record))
        for seat, number, view in ledger.resumed:
            assert documents_for(game).to_data(game.view(states[number], seat)) == view, (ledger.spec, seat, number)
            checked += 1
    assert checked > sum(len(ledger.tokens) for ledger in scenario.ledgers)  # reconnections, not only the first frames


def test_the_games_went_on_to_the_end_with_every_acknowledged_move_at_its_number(scenario: Scenario) -> None:
    for ledger in scenario.ledgers:
        text, _, summary = _finished(scenario, ledger)
        record = SERVED[ledger.spec["game"]].records.loads(text)
        game = record.game
        states = list(replay_states(record))
        assert ledger.final_number == len(record.moves) == summary["moves"], ledger.spec
        assert ledger.moves, ledger.spec
        for number, (seat, move) in sorted(ledger.moves.items()):
            assert game.move_text(record.moves[number - 1]) == move, (ledger.spec, number)
            assert game.to_move(states[number - 1]) == seat, (ledger.spec, number)


def test_the_records_replay_to_the_announced_result(scenario: Scenario) -> None:
    for ledger in scenario.ledgers:
        text, data, summary = _finished(scenario, ledger)
        record = SERVED[ledger.spec["game"]].records.loads(text)
        assert documents_for(record.game).from_data(data) == record, ledger.spec
        assert ledger.result is not None
        assert record.result == ledger.result["text"] == summary["result"]["text"], ledger.spec
        *_, last = replay_states(record)  # checks every move and the result against the replay
        result = record.game.result(last)
        assert result is not None and result.text == record.result
        assert list(result.scores) == ledger.result["scores"] and list(result.winners) == ledger.result["winners"]
        assert cast(Any, record).seed == ledger.spec["seed"] and record.players == ledger.spec["players"]
