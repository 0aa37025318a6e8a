"""Playing at a real server: reconnecting, two devices on one seat, refused moves, clocks, the start, spectators.

Each test runs against a server process over real sockets (:mod:`server_support`), with tables
of known seeds so that what the server refuses can be compared with what the library
itself says of the same deal.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from server_support import (
    ServerProcess,
    bounded,
    check_frames,
    drive,
    finished_record,
    http,
    new_table,
    quiet_until_pong,
    raw_socket,
    receive,
    receive_error,
    receive_until,
    result_of,
    say_hello,
    send,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
    start_watch,
    take_seat,
)

from eighthalf import GameState, new_game
from eighthalf.bots import GreedyBot
from eighthalf.core.errors import EighthalfError, IllegalMoveError
from eighthalf.core.game import Game
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eights import bots as eights_bots
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.records import Record as EightsRecord
from eighthalf.records import Record
from eighthalf.server.client import join, play
from eighthalf.server.protocol.games import seat_names

GAMES: dict[str, tuple[Game[Any, Any, Any, Any, Any], Any, dict[str, Any]]] = {
    "8½": (EIGHTHALF, GreedyBot, {"move_limit": 80}),
    "Eights": (EIGHTS, eights_bots.GreedyBot, {"target": 20}),
}
"""Each game's object, a bot class of it and small rules."""


def test_a_dropped_connection_reconnects_with_its_token_and_gets_the_state_at_once(server: ServerProcess) -> None:
    async def main() -> None:
        table = new_table(server, {"game": "8½", "players": 2, "seats": [None, "greedy"], "rules": {"move_limit": 80}})
        token = take_seat(server, table["id"], 0, "Anna")
        rng = random.Random(1)
        async with raw_socket(server, table["id"]) as socket:
            _, state = await say_hello(socket, token)
            frame = await bounded(drive(socket, EIGHTHALF, GreedyBot(), rng, first=state, stop_at=3))
            socket.transport.abort()  # dropped: no close handshake
        for _ in range(2):  # after the drop, and after a polite close (a reload)
            async with raw_socket(server, table["id"]) as socket:
                welcome, state = await say_hello(socket, token)
                assert welcome["seat"] == 0 and welcome["table"]["moves"] == frame["number"]
                assert state["last"] is None and state["events"] == []
                for key in ("number", "to_move", "view", "moves", "started", "result"):
                    assert state[key] == frame[key], key
        async with raw_socket(server, table["id"]) as socket:
            _, state = await say_hello(socket, token)
            final = await bounded(drive(socket, EIGHTHALF, GreedyBot(), rng, first=state))
        record, _ = finished_record(server, table["id"])
        assert record.result == final["result"]["text"]

    asyncio.run(main())


def test_two_connections_on_one_seat_both_get_every_frame_and_a_stale_move_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        settings = {"game": "Eights", "players": 2, "seats": [None, "greedy"], "rules": {"target": 20}, "seed": 12}
        table = new_table(server, settings)["id"]
        token = take_seat(server, table, 0, "Anna")
        rng = random.Random(2)
        async with raw_socket(server, table) as first, raw_socket(server, table) as second:
            _, state = await say_hello(first, token)
            seats = await receive_until(first, "seats")
            assert seats["seats"][0]["connected"] == 1
            _, other = await say_hello(second, token)
            seats = await receive_until(first, "seats")
            assert seats["seats"][0]["connected"] == 2
            frame = await bounded(drive(first, EIGHTS, eights_bots.GreedyBot(), rng, first=state, stop_at=0))
            if other["number"] != frame["number"]:
                other = await receive_until(second, "state", number=frame["number"])
            assert other["moves"] == frame["moves"] and other["view"] == frame["view"]
            move, number = frame["moves"][0], frame["number"]
            await send(first, {"type": "move", "move": move, "number": number})
            for socket in (first, second):  # the move from one is seen by both
                seen = await receive_until(socket, "state", number=number + 1)
                assert seen["last"] == {"seat": 0, "move": move, "timed_out": False}
            await send(second, {"type": "move", "move": move, "number": number})  # sent twice: stale
            error = await receive_error(second, skip=("seats", "state"))  # the bot may have moved meanwhile
            assert error["code"] == "stale" and error["rule"] is None
            status, summary = http(server, "GET", f"/api/tables/{table}")
            assert status == 200 and summary["moves"] >= number + 1
            second_seen = asyncio.create_task(_until_over(second))
            final = await bounded(drive(first, EIGHTS, eights_bots.GreedyBot(), rng))
            assert (await bounded(second_seen))["result"] == final["result"]
        record, _ = finished_record(server, table)
        assert EIGHTS.move_text(record.moves[number]) == move  # played once, from the first connection

    asyncio.run(main())


async def _until_over(socket: Any) -> dict[str, Any]:
    """The ``state`` frame that gives the result (every other message is skipped; an error fails)."""
    while True:
        message = await receive(socket)
        assert message["type"] != "error", message
        if message["type"] == "state" and message["result"] is not None:
            return message


def _illegal_move(game: Game[Any, Any, Any, Any, Any], state: Any, players: int) -> tuple[str, IllegalMoveError]:
    """A move of ``game`` in its notation that is illegal in ``state``, and the library's refusal
    (a move legal in another deal, whose rule the library names)."""
    for seed in range(200):
        other = game.start(players, seed=seed)
        for move in game.legal_moves(other):
            try:
                game.apply(state, move)
            except IllegalMoveError as error:
                if error.rule is not None:
                    return game.move_text(move), error
            except EighthalfError:
                continue
    raise AssertionError("no illegal move found")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_illegal_move_is_refused_naming_the_rule_the_library_names(server: ServerProcess, name: str) -> None:
    game, bot, rules = GAMES[name]
    records = (
        Record(players=2, seed=seed) if name == "8½" else EightsRecord(players=2, seed=seed) for seed in range(99)
    )
    record = next(each for each in records if game.to_move(each.start()) == 0)  # seat 0, a person's, moves first
    text, expected = _illegal_move(game, record.start(), 2)

    async def main() -> None:
        settings = {"game": name, "players": 2, "seats": [None, "greedy"], "rules": rules, "seed": record.seed}
        table = new_table(server, settings)
        token = take_seat(server, table["id"], 0, "Anna")
        async with raw_socket(server, table["id"]) as socket:
            _, state = await say_hello(socket, token)
            assert state["to_move"] == 0 and state["number"] == 0
            assert text not in state["moves"]
            await send(socket, {"type": "move", "move": text, "number": 0})
            error = await receive_error(socket)
            assert error["code"] == "illegal-move"
            assert error["rule"] == expected.rule and f"({expected.rule})" in error["message"]
            assert error["message"] == str(expected)
            assert all(message["type"] != "state" for message in await quiet_until_pong(socket))
            await bounded(drive(socket, game, bot(), random.Random(3), first=state))

    asyncio.run(main())


def _refusal(state: GameState, text: str) -> IllegalMoveError | None:
    """The library's refusal of the 8½ move written ``text`` in ``state``, if it refuses it."""
    try:
        EIGHTHALF.apply(state, EIGHTHALF.parse_move(text))
    except IllegalMoveError as error:
        return error
    return None


def test_an_eighthalf_move_of_a_card_not_in_the_hand_is_refused_T3(server: ServerProcess) -> None:
    state = new_game(2, seed=14)
    seat = EIGHTHALF.to_move(state)
    assert seat is not None
    missing = next(text for text in "12345678" if getattr(_refusal(state, text), "rule", None) == "T3")

    async def main() -> None:
        table = new_table(server, {"game": "8½", "players": 2, "seed": 14})
        tokens = [take_seat(server, table["id"], each, f"P{each}") for each in range(2)]
        async with raw_socket(server, table["id"]) as socket:
            await say_hello(socket, tokens[seat])
            await send(socket, {"type": "move", "move": missing})
            error = await receive_error(socket)
            assert (error["code"], error["rule"]) == ("illegal-move", "T3") and "(T3)" in error["message"]

    asyncio.run(main())


def test_a_person_who_does_not_move_in_time_is_moved_for_by_the_timeout_bot(server: ServerProcess) -> None:
    async def main() -> None:
        settings = {"game": "8½", "players": 2, "seats": [None, "greedy"], "move_seconds": 1, "seed": 21}
        settings["rules"] = {"move_limit": 60}
        table = new_table(server, settings)
        assert table["move_seconds"] == 1
        token = take_seat(server, table["id"], 0, "Anna")
        async with raw_socket(server, table["id"]) as socket:
            _, state = await say_hello(socket, token)
            while not state["moves"]:  # wait for seat 0's turn, and then do nothing
                state = await receive_until(socket, "state")
            assert state["seconds_left"] is not None and 0 <= state["seconds_left"] <= 1
            timed_out = await receive_until(socket, "state", seconds=15, number=state["number"] + 1)
            assert timed_out["last"]["seat"] == 0 and timed_out["last"]["timed_out"] is True
            assert timed_out["last"]["move"] in state["moves"]
            final = await bounded(drive(socket, EIGHTHALF, GreedyBot(), random.Random(4)))
        record, _ = finished_record(server, table["id"])
        assert record.result == final["result"]["text"]
        assert EIGHTHALF.move_text(record.moves[state["number"]]) == timed_out["last"]["move"]

    asyncio.run(main())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_table_starts_when_every_seat_is_taken(server: ServerProcess, name: str) -> None:
    game, bot, rules = GAMES[name]

    async def main() -> None:
        table = new_table(server, {"game": name, "players": 3, "seats": [None, None, "greedy"], "rules": rules})
        table_id = table["id"]
        assert table["started"] is False and table["seats"][2]["open"] is False
        first = table["to_move"] if table["to_move"] != 2 else 0  # the seat to move, unless the bot's
        late_seat = 1 - first
        tokens = {first: await join(server.url, table_id, first, "early")}
        async with raw_socket(server, table_id) as socket:
            _, state = await say_hello(socket, tokens[first])
            assert state["started"] is False and state["moves"] == [] and state["to_move"] == table["to_move"]
            assert all(message["type"] != "state" for message in await quiet_until_pong(socket))
        spectator = await start_watch(server, table_id, None, None)
        early = asyncio.create_task(play(server.url, table_id, tokens[first], bot(), seed=1))
        await asyncio.sleep(0.2)  # let it connect before the start (it must then be sent its moves)
        status, summary = await asyncio.to_thread(http, server, "GET", f"/api/tables/{table_id}")
        assert status == 200 and summary["moves"] == 0 and not summary["started"]
        tokens[late_seat] = await join(server.url, table_id, late_seat, "late")
        late = play(server.url, table_id, tokens[late_seat], bot(), seed=late_seat)
        results = await bounded(asyncio.gather(early, late))
        watched = await bounded(spectator)
        assert all(result == result_of(watched.result()) for result in results)
        record, _ = await asyncio.to_thread(finished_record, server, table_id)
        people = {first: "early", late_seat: "late"}
        names = seat_names([people.get(seat) for seat in range(3)], [None, None, "greedy"])
        check_frames(game, record, watched, names, list(tokens.values()), random.Random(6))
        starts = [frame for frame in watched.states() if frame["last"] is None]
        assert [frame["started"] for frame in starts] == [False, True]

    asyncio.run(main())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_spectator_sees_no_hand(server: ServerProcess, name: str) -> None:
    game, _, rules = GAMES[name]

    async def main() -> None:
        table = new_table(server, {"game": name, "players": 3, "seats": [None, "random", "random"], "rules": rules})
        token = take_seat(server, table["id"], 0, "Anna")
        async with raw_socket(server, table["id"]) as spectator, raw_socket(server, table["id"]) as seat:
            welcome, watching = await say_hello(spectator, None)
            _, playing = await say_hello(seat, token)
            assert welcome["seat"] is None and watching["seat"] is None and watching["moves"] == []
            assert _hands(watching["view"]) == [] and _hands(playing["view"]) != []
            await send(spectator, {"type": "move", "move": "x"})
            assert (await receive_error(spectator))["code"] == "not-seated"
            final = await bounded(drive(seat, game, GAMES[name][1](), random.Random(7), first=playing))
            last = await receive_until(spectator, "state", number=final["number"])
            assert _hands(last["view"]) == [] and last["result"] == final["result"]

    asyncio.run(main())


def _hands(view: Any) -> list[Any]:
    """Every hand a view document shows (``hand`` keys whose value is not ``null``), at any depth."""
    if isinstance(view, dict):
        found = [value for key, value in view.items() if key == "hand" and value is not None]
        return found + [hand for value in view.values() for hand in _hands(value)]
    if isinstance(view, list):
        return [hand for value in view for hand in _hands(value)]
    return []
