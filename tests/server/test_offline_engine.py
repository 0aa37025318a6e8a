"""The offline engine (:mod:`eighthalf.server.offline`) in CPython: the frames and the refusals
of a server's table, word for word, over seeded games of both games."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from eighthalf.core.errors import DocumentError
from eighthalf.server.offline import OfflineTable, open_table
from eighthalf.server.protocol.games import table_spec
from eighthalf.server.protocol.messages import Refused, error_message
from eighthalf.server.storage.store import SQLiteStore
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.table import Table


class _Inbox:
    """A connection of the server's table that keeps what it is sent."""

    def __init__(self) -> None:
        self.frames: list[str] = []

    def deliver(self, text: str) -> None:
        self.frames.append(text)

    def close(self, code: int, reason: str) -> None:
        raise AssertionError(f"closed {code} {reason}")


def _attempts(frame: dict[str, Any], rng: random.Random) -> list[tuple[object, object]]:
    """Moves to try that the engine refuses (or may): bad text, stale numbers, the tapped plays it refuses."""
    number = frame["number"]
    tries: list[tuple[object, object]] = [("zz", number), ("", number), (42, number), (frame["moves"][0], number + 3)]
    tries += [(text, number) for text in sorted(frame.get("refused") or {})[:4]]
    tries.append((rng.choice(frame["moves"]).upper() + " ", number))  # another case and spacing
    return tries


async def _server_error(table: Table, text: object, number: object, locale: str) -> dict[str, Any] | None:
    try:
        await table.play(0, text, number)
    except Refused as refused:
        return error_message(refused, locale, table.entry)
    return None


def _play_both(tmp_path: Path, game: str, seed: int, locale: str) -> int:
    """Play a seeded game on a server's table and offline alike; the count of refusals compared."""
    settings = {"game": game, "players": 2, "seats": [None, "greedy"], "seed": seed}
    lobby = Lobby(SQLiteStore(str(tmp_path / f"{game}-{seed}.sqlite3")))
    rng = random.Random(seed)
    compared = 0
    finals: list[OfflineTable] = []
    served_final: list[str] = []

    async def play() -> None:
        nonlocal compared
        table = lobby.create(table_spec(settings))
        offline = OfflineTable(settings, name="Ann", table_id=table.id, locale=locale)
        finals.append(offline)
        inbox = _Inbox()
        table.join(0, "Ann")
        assert set(json.loads(offline.welcome())["table"]) == set(table.summary())  # the welcome's schema keys
        table.attach(inbox, 0, locale)
        offline_frames = [offline.frame()]
        while True:
            while table._task is not None and not table._task.done():
                await table._task  # the bot's move
            while (bot := offline.bot_move()) is not None:
                offline_frames.append(bot)
            served = [frame for frame in inbox.frames if json.loads(frame)["type"] == "state"]
            assert served == offline_frames
            frame = json.loads(offline_frames[-1])
            if frame["result"] is not None:
                served_final.append(json.dumps(json.loads(served[-1])["final"]))
                assert json.loads(offline.move(frame["moves"][:1] or "x", frame["number"]))["code"] == "game-over"
                return
            for text, number in _attempts(frame, rng):
                expected = await _server_error(table, text, number, locale)
                got = json.loads(offline.move(text, number))
                if expected is None:  # another spelling of a legal move: played by both
                    assert got["type"] == "state"
                    offline_frames.append(json.dumps(got, ensure_ascii=False, separators=(",", ":")))
                    break
                assert got == expected
                compared += 1
            else:
                move = rng.choice(frame["moves"])
                await table.play(0, move, frame["number"])
                offline_frames.append(offline.move(move, frame["number"]))

    asyncio.run(play())
    assert json.loads(finals[0].final()) == json.loads(served_final[0])  # the whole final state alike
    return compared


@pytest.mark.parametrize("game", ["8½", "Eights"])
@pytest.mark.parametrize(("seed", "locale"), [(1, "en"), (2, "fr"), (3, "nl")])
def test_offline_refuses_and_frames_as_the_server_does(tmp_path: Path, game: str, seed: int, locale: str) -> None:
    assert _play_both(tmp_path, game, seed, locale) > 10


def test_a_table_of_bots_is_watched_and_refuses_a_move() -> None:
    table = open_table(json.dumps({"table": {"game": "Eights", "seats": ["random", "greedy"], "seed": 5}}))
    assert table.seat is None and json.loads(table.welcome())["seat"] is None
    assert json.loads(table.move("ONE", 0))["code"] == "not-seated"
    while (frame := table.bot_move()) is not None:
        last = json.loads(frame)
    assert last["result"] is not None and last["final"] is not None and last["moves"] == []
    assert table.record_text().startswith("[")
    record = json.loads(table.record_json())
    assert record["type"] == "eights.Record" and len(record["moves"]) == last["number"]


def test_open_seats_other_than_the_first_get_the_default_bot() -> None:
    table = open_table(json.dumps({"table": {"game": "Eights", "players": 3}, "lang": "fr-BE", "name": "Zoé"}))
    assert (table.seat, table.bots, table.locale) == (0, (None, "greedy", "greedy"), "fr")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("[]", "$: expected a JSON object, not an array"),
        ("{", "$: expected the JSON text of an object"),
        ('{"tabel": {}}', "$.tabel: unknown key"),
        ('{"table": {"game": "chess"}}', "$.game: expected one of"),
        ('{"table": {"game": "Eights"}, "id": ""}', "$.id: expected the table's id"),
        ('{"table": {"game": "Eights"}, "name": ""}', "$.name"),
    ],
)
def test_bad_settings_are_one_document_error(text: str, where: str) -> None:
    with pytest.raises(DocumentError) as raised:
        open_table(text)
    assert str(raised.value).startswith(where)


def test_the_server_serves_the_offline_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from eighthalf.server.web.app import create_app
    from eighthalf.server.web.offline import PYODIDE_ENV, PYODIDE_FILES

    monkeypatch.delenv(PYODIDE_ENV, raising=False)
    with TestClient(create_app(":memory:")) as client:
        moved = client.get("/offline", follow_redirects=False)
        assert moved.status_code == 308 and moved.headers["location"] == "/offline/"
        page = client.get("/offline/")
        assert page.headers["content-type"].startswith("text/html") and 'src="offline-start.js"' in page.text
        listing = client.get("/offline/api/games-fr.json").json()
        assert [game["board"] for game in listing] == ["games/eighthalf/board/board.js", "games/eights/board/board.js"]
        assert [game["rules_page"] for game in listing] == [
            "games/eighthalf/rules-fr.html",
            "games/eights/rules-fr.html",
        ]
        rules = client.get("/offline/games/eights/rules-nl.html")  # the server's How to play page, relative
        assert rules.headers["content-type"].startswith("text/html") and '<html lang="nl">' in rules.text
        assert 'href="../../style.css"' in rules.text and 'href="rules-fr.html"' in rules.text
        assert 'href="/' not in rules.text and client.get("/offline/style.css").status_code == 200
        manifest = client.get("/offline/offline.json").json()
        for archive in manifest["archives"]:
            assert client.get(f"/offline/{archive}").content[:2] == b"PK"  # a zip archive
        missing = client.get("/offline/pyodide/pyodide.mjs")
        assert missing.status_code == 404 and PYODIDE_ENV in missing.json()["error"]["message"]
        assert client.get("/offline/../app.py").status_code == 404
        assert client.get("/offline/nothing.js").status_code == 404
    for name in PYODIDE_FILES:  # any folder holding Pyodide's files
        (tmp_path / name).write_bytes(name.encode())
    monkeypatch.setenv(PYODIDE_ENV, str(tmp_path))
    with TestClient(create_app(":memory:")) as client:
        served = client.get("/offline/pyodide/pyodide.asm.wasm")
        assert served.content == b"pyodide.asm.wasm" and served.headers["content-type"] == "application/wasm"
