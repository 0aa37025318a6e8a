"""Whole games of both games over a real server: bots of the server and of the Python client at one table.

Each table is played to the end by :func:`eighthalf.server.client.play` in its seats for
people (the library's bots, a bot class written here, round bots wrapped in
:class:`~eighthalf.games.eighthalf.game.MatchPlayer` for a match) and by the server's own bots in the
others, while a spectator and a second connection of every person's seat watch. Then the
finished game's record, downloaded as text and as JSON, must replay to the result the
server announced, hold the moves every connection was shown, and every frame must pass
the leak checker against the seat it was sent to.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import pytest
from server_support import (
    WAIT_SECONDS,
    ServerProcess,
    Watch,
    bounded,
    check_frames,
    finished_record,
    http,
    result_of,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
    start_watch,
)

from eighthalf.bots import GreedyBot, RandomBot
from eighthalf.core.errors import DocumentError
from eighthalf.core.game import Game, Result
from eighthalf.formats.replay import replay_states
from eighthalf.games.eighthalf.game import MatchPlayer
from eighthalf.games.eights import bots as eights_bots
from eighthalf.server.client import TableConnection, create_table, join, play
from eighthalf.server.protocol.games import SERVED, check_name, seat_names


class LastMoveBot:
    """A bot of the user's own, for either game: the last of the legal moves its view lists,
    counting the events it is shown."""

    name = "last move"

    def __init__(self) -> None:
        self.observed = 0

    def choose(self, seen: Any, rng: random.Random) -> Any:
        """The last legal move."""
        return seen.legal_moves()[-1]

    def observe(self, events: Sequence[Any], seen: Any) -> None:
        """Count the events."""
        self.observed += len(events)


@attrs.define
class Played:
    """A table played to the end, and what was seen of it."""

    table: str
    game: Game[Any, Any, Any, Any, Any]
    results: dict[int, Result]
    """What :func:`~eighthalf.server.client.play` returned to each client seat."""
    watches: list[Watch]
    """The spectator's frames first, then those of the second connection of each client seat."""
    tokens: list[str]


async def play_table(server: ServerProcess, settings: Mapping[str, Any], bots: Mapping[int, Any]) -> Played:
    """Make a table of ``settings``, seat ``bots`` (seat -> bot) through the client and play it out.

    A spectator watches from the start, and each client seat has a second connection that
    watches; the last seat taken starts the game.
    """
    summary = await create_table(server.url, dict(settings))
    table = summary["id"]
    assert summary["started"] is False and summary["moves"] == 0
    watchers = [await start_watch(server, table, None, None)]
    tokens: dict[int, str] = {}
    for seat, bot in sorted(bots.items()):
        tokens[seat] = await join(server.url, table, seat, f"{bot.name} {seat}")
        watchers.append(await start_watch(server, table, tokens[seat], seat))
    players = [play(server.url, table, tokens[seat], bot, seed=seat) for seat, bot in sorted(bots.items())]
    results = await bounded(asyncio.gather(*players), 3 * WAIT_SECONDS)
    watches = await bounded(asyncio.gather(*watchers))
    async with TableConnection.open(server.url, table) as connection:
        assert connection.table["result"] is not None and connection.seat is None
    return Played(
        table,
        SERVED[summary["game"]].game_of(summary["rounds"]),
        dict(zip(sorted(bots), results, strict=True)),
        list(watches),
        list(tokens.values()),
    )


def check_played(server: ServerProcess, played: Played, seed: int) -> Result:
    """Check what was seen of ``played`` against its finished record (module docstring): its result."""
    from_text, from_json = finished_record(server, played.table)
    assert from_text == from_json
    assert from_text.game == played.game and from_text.seed == seed  # type: ignore[attr-defined]
    last = list(replay_states(from_text))[-1]
    result = played.game.result(last)
    assert result is not None and from_text.result == result.text
    for seat, got in played.results.items():
        assert got == result, seat
    for watched in played.watches:
        assert result_of(watched.result()) == result
    status, summary = http(server, "GET", f"/api/tables/{played.table}")
    assert status == 200 and summary["result"]["text"] == result.text and summary["moves"] == len(from_text.moves)
    names = seat_names([seat["name"] for seat in summary["seats"]], [seat["bot"] for seat in summary["seats"]])
    assert dict(from_text.tags)["Names"] == ", ".join(names)
    spectator = played.watches[0]
    assert spectator.seat is None and spectator.states()[0]["number"] == 0  # it saw every move
    rng = random.Random(seed)
    for watched in played.watches:
        check_frames(played.game, from_text, watched, names, played.tokens, rng)
    return result


def test_eighthalf_round_of_three_client_and_server_bots_play_to_the_end(server: ServerProcess) -> None:
    mine = LastMoveBot()
    settings = {"game": "8½", "players": 3, "seats": [None, "greedy"], "rules": {"move_limit": 60}, "seed": 11}
    played = asyncio.run(play_table(server, settings, {0: GreedyBot(), 2: mine}))
    check_played(server, played, 11)
    assert mine.observed > 0


def test_eighthalf_two_seats_both_played_by_client_bots(server: ServerProcess) -> None:
    settings = {"game": "8½", "players": 2, "rules": {"move_limit": 300}, "seed": 4}
    played = asyncio.run(play_table(server, settings, {0: RandomBot(), 1: GreedyBot()}))
    check_played(server, played, 4)


def test_eighthalf_five_seats_with_three_server_bots(server: ServerProcess) -> None:
    settings = {
        "game": "8½",
        "players": 5,
        "seats": ["greedy", None, "random", None, "greedy"],
        "rules": {"move_limit": 50},
        "seed": 23,
    }
    played = asyncio.run(play_table(server, settings, {1: GreedyBot(), 3: LastMoveBot()}))
    check_played(server, played, 23)


def test_eighthalf_match_of_two_rounds_M1_with_match_players(server: ServerProcess) -> None:
    mine = MatchPlayer(LastMoveBot())
    settings = {
        "game": "8½",
        "players": 3,
        "rounds": 2,
        "seats": [None, "greedy"],
        "rules": {"move_limit": 150},
        "seed": 8,
    }
    played = asyncio.run(play_table(server, settings, {0: MatchPlayer(GreedyBot()), 2: mine}))
    assert getattr(played.game, "rounds", None) == 2
    result = check_played(server, played, 8)
    assert len(result.scores) == 3
    assert mine.bot.observed > 0


def test_eights_two_seats_client_bot_against_server_bot(server: ServerProcess) -> None:
    settings = {"game": "Eights", "players": 2, "seats": [None, "greedy"], "rules": {"target": 20}, "seed": 3}
    played = asyncio.run(play_table(server, settings, {0: eights_bots.GreedyBot()}))
    check_played(server, played, 3)


def test_eights_six_seats_WS2_client_and_server_bots(server: ServerProcess) -> None:
    mine = LastMoveBot()
    settings = {
        "game": "Eights",
        "players": 6,
        "seats": ["random", None, None, "greedy"],
        "rules": {"target": 10},
        "seed": 5,
    }
    bots = {1: eights_bots.GreedyBot(), 2: mine, 4: eights_bots.RandomBot(), 5: eights_bots.GreedyBot()}
    played = asyncio.run(play_table(server, settings, bots))
    check_played(server, played, 5)
    assert mine.observed > 0


@pytest.mark.parametrize("game", ["8½", "Eights"])
def test_a_table_of_server_bots_only_plays_itself_out(server: ServerProcess, game: str) -> None:
    settings = {"game": game, "players": 2, "seats": ["greedy", "random"], "pace": 0, "seed": 2}
    if game == "8½":
        settings["rules"] = {"move_limit": 60}

    async def main() -> Played:
        summary = await create_table(server.url, settings)
        assert summary["started"] is True
        spectator = await start_watch(server, summary["id"], None, None)
        watched = await bounded(spectator)
        return Played(summary["id"], SERVED[game].game, {}, [watched], [])

    played = asyncio.run(main())
    from_text, _ = finished_record(server, played.table)
    names = seat_names([None, None], ["greedy", "random"])
    check_frames(played.game, from_text, played.watches[0], names, [], random.Random(2))


@pytest.mark.parametrize(
    "name", ["greedy (bot)", "Anna (BOT)", "x(bot)", "search 2 ( bot )", "ＭＡＸ（ｂｏｔ）", " ismcts (Bot) "]
)
def test_a_person_s_name_may_not_end_as_a_bot_s(name: str) -> None:
    """The narration, the record and the pages write a bot's seat as ``greedy (bot)``
    (``seat_names``): a person named so would pass for a bot."""
    with pytest.raises(DocumentError, match=r"\$\.name: a person's name does not end in '\(bot\)'"):
        check_name(name)


@pytest.mark.parametrize("name", ["Bot", "Robot Anna", "(bot) Anna", "bot", "Anna (bots)"])
def test_a_name_that_only_mentions_a_bot_is_a_name(name: str) -> None:
    assert check_name(name) == name
