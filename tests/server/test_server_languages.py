"""The server tells each connection in its own language (issue 27, item 4): the ``hello``'s
``lang`` chooses the narration (``welcome``'s ``log``, ``state``'s ``narration``) and the
player-facing text of a refusal (``error``'s ``text``), while the English ``message`` stays
for programmers; seats of one table in different languages see the same game.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_support import (
    ServerProcess,
    new_table,
    raw_socket,
    receive_error,
    receive_until,
    send,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
    take_seat,
)

from eighthalf.core.errors import IllegalMoveError
from eighthalf.core.i18n import translation
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.reasons import reason_for
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.records import Record as EightsRecord
from eighthalf.records import Record
from eighthalf.server.client import TableConnection
from eighthalf.server.protocol.games import SERVED
from eighthalf.server.protocol.messages import Refused, error_message, hello_locale, parse_client_message

NAMES = ["Anna", "Ben"]


def test_a_hello_names_its_language_loosely_and_anything_else_is_english() -> None:
    tags = ["fr", "FR-be", "nl_NL", "nl-BE", "en-GB", "de", "", "français", "x" * 35]
    assert [hello_locale({"type": "hello", "lang": tag}) for tag in tags] == [
        "fr",
        "fr",
        "nl",
        "nl",
        "en",
        "en",
        "en",
        "en",
        "en",
    ]
    assert hello_locale({"type": "hello"}) == "en"
    assert parse_client_message('{"type": "hello", "lang": "fr-BE", "token": "t"}')["lang"] == "fr-BE"
    for wrong in (
        '{"type": "hello", "lang": 3}',
        '{"type": "hello", "lang": null}',
        '{"type": "hello", "lang": "%s"}' % ("x" * 36),
    ):
        with pytest.raises(Refused, match=r"^\$\.lang: expected a language tag") as refused:
            parse_client_message(wrong)
        assert refused.value.code == "bad-message"


def test_an_error_frame_tells_the_player_in_the_language_and_keeps_the_english_message() -> None:
    served = SERVED["8½"]
    illegal = IllegalMoveError("GG", "the hand holds 1 of Ghost, not 2", "T3")
    refused = Refused("illegal-move", str(illegal), "T3", illegal=illegal)
    assert error_message(refused, "fr", served) == {
        "type": "error",
        "code": "illegal-move",
        "message": str(illegal),
        "rule": "T3",
        "text": "la main contient 1 × Fantôme, pas 2",
    }
    assert error_message(refused, "nl", served)["text"] == "de hand bevat 1 × Geest, niet 2"
    assert error_message(refused)["text"] == "the hand holds 1 of Ghost, not 2"
    turn = Refused("not-your-turn", "it is seat 1's turn, not seat 0's")
    assert error_message(turn, "nl")["text"] == "Je bent niet aan de beurt."
    assert error_message(turn, "nl")["message"] == "it is seat 1's turn, not seat 0's"
    other = Refused("rate-limited", "more than 20 messages a second")
    assert error_message(other, "fr")["text"] == "more than 20 messages a second"


def _first_mover_zero(make: Any, game: Any) -> Any:
    return next(
        record for record in (make(players=2, seed=seed) for seed in range(99)) if game.to_move(record.start()) == 0
    )


def test_one_table_narrates_in_french_to_a_french_seat_and_in_english_to_the_other(server: ServerProcess) -> None:
    record = _first_mover_zero(Record, EIGHTHALF)
    start = record.start()
    move = EIGHTHALF.legal_moves(start)[0]
    after = EIGHTHALF.apply(start, move)
    events = EIGHTHALF.describe(start, move, after)
    collect = EIGHTHALF.parse_move("c")
    with pytest.raises(IllegalMoveError) as refusal:
        EIGHTHALF.apply(start, collect)

    async def main() -> None:
        table = new_table(server, {"game": "8½", "players": 2, "seats": [None, None], "seed": record.seed})
        anna = take_seat(server, table["id"], 0, "Anna")
        ben = take_seat(server, table["id"], 1, "Ben")
        async with (
            raw_socket(server, table["id"]) as french,
            raw_socket(server, table["id"]) as english,
            raw_socket(server, table["id"]) as dutch,
        ):
            await send(french, {"type": "hello", "token": anna, "lang": "fr-BE"})
            await send(english, {"type": "hello", "token": ben})
            await send(dutch, {"type": "hello", "lang": "nl"})
            welcomes = [await receive_until(socket, "welcome") for socket in (french, english, dutch)]
            assert [welcome["lang"] for welcome in welcomes] == ["fr", "en", "nl"]
            for socket in (french, english, dutch):
                await receive_until(socket, "state")
            await send(french, {"type": "move", "move": "c", "number": 0})
            error = await receive_error(french)
            assert error["message"] == str(refusal.value) and error["rule"] == refusal.value.rule
            assert error["text"] == reason_for(refusal.value, "fr") != refusal.value.reason
            await send(english, {"type": "move", "move": EIGHTHALF.move_text(move), "number": 0})
            assert (await receive_error(english))["text"] == "It is not your turn."
            await send(french, {"type": "move", "move": EIGHTHALF.move_text(move), "number": 0})
            frames = [await receive_until(socket, "state", number=1) for socket in (french, english, dutch)]
            for frame, seat, locale in zip(frames, (0, 1, None), ("fr", "en", "nl"), strict=True):
                assert frame["narration"] == EIGHTHALF.narrate(EIGHTHALF.events_for(events, seat), NAMES, locale)
                assert frame["last"] == {"seat": 0, "move": EIGHTHALF.move_text(move), "timed_out": False}
                assert (frame["to_move"], frame["result"]) == (EIGHTHALF.to_move(after), None)  # one game for all
            assert frames[0]["narration"] != frames[1]["narration"] != frames[2]["narration"]
            assert frames[0]["narration"][0].startswith("Anna joue ")
            assert frames[1]["narration"][0].startswith("Anna plays ")
            # a connection that comes later is told the moves so far in its own language
            async with TableConnection.open(server.url, table["id"], lang="nl-NL") as late:
                assert late.lang == "nl" and late.seat is None

    asyncio.run(main())


def test_eights_is_told_in_dutch_its_words_and_cards_in_english(server: ServerProcess) -> None:
    record = _first_mover_zero(EightsRecord, EIGHTS)
    start = record.start()
    move = EIGHTS.legal_moves(start)[-1]
    after = EIGHTS.apply(start, move)
    events = EIGHTS.describe(start, move, after)

    async def main() -> None:
        table = new_table(server, {"game": "Eights", "players": 2, "seats": [None, None], "seed": record.seed})
        anna = take_seat(server, table["id"], 0, "Anna")
        take_seat(server, table["id"], 1, "Ben")
        async with raw_socket(server, table["id"]) as socket:
            await send(socket, {"type": "hello", "token": anna, "lang": "nl"})
            await receive_until(socket, "state")
            await send(socket, {"type": "move", "move": EIGHTS.move_text(move), "number": 0})
            frame = await receive_until(socket, "state", number=1)
            assert frame["narration"] == EIGHTS.narrate(EIGHTS.events_for(events, 0), NAMES, "nl")
            assert frame["narration"] != EIGHTS.narrate(EIGHTS.events_for(events, 0), NAMES)
        async with raw_socket(server, table["id"]) as socket:  # the same seat again, in French: the log
            await send(socket, {"type": "hello", "token": anna, "lang": "fr"})
            welcome = await receive_until(socket, "welcome")
            assert welcome["log"] == EIGHTS.narrate(EIGHTS.events_for(events, 0), NAMES, "fr")
            await send(socket, {"type": "move", "move": EIGHTS.move_text(move), "number": 0})
            error = await receive_error(socket, skip=("seats", "state"))
            assert error["code"] == "stale"
            assert error["text"] == translation("fr").gettext(
                "The game moved on before your move arrived: choose again."
            )

    asyncio.run(main())
