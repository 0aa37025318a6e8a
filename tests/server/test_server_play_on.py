"""Play on from here (issue 38, item 4): a new table from any position of a finished game's review.

- The new table replays the finished game's first moves from the same deal: its state is the
  finished game's after so many moves, the person sits in the seat asked for and bots in the
  others; it says it is seeded and where it comes from.
- Refused with their codes: a game that goes on, a position past the end or at the end, a
  seat or a name that is not one, a body that is not a request.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from eighthalf.formats.replay import replay_states
from eighthalf.registry import documents_for
from eighthalf.server.tables.table import Table
from eighthalf.server.web.app import create_app


@pytest.fixture(name="client")
def client_fixture() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", judge_at_once=0)) as test_client:
        yield test_client


def _finished(client: TestClient, game: str) -> str:
    settings: dict[str, Any] = {
        "game": game,
        "players": 3,
        "seats": ["greedy", "random", "greedy"],
        "pace": 0,
        "seed": 6,
    }
    if game == "8½":
        settings["rules"] = {"move_limit": 2000}
    table_id = str(client.post("/api/tables", json=settings).json()["id"])
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"type": "hello"})
        while not ((frame := socket.receive_json())["type"] == "state" and frame["result"] is not None):
            pass
    return table_id


@pytest.mark.parametrize("game", ["8½", "Eights"])
def test_a_new_table_starts_from_the_position_asked_for(client: TestClient, game: str) -> None:
    source_id = _finished(client, game)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    source: Table = lobby.get(source_id)
    record = source.finished_record()
    lobby.let_go(source)
    states = list(replay_states(record))
    number = len(record.moves) // 2
    seat = record.game.to_move(states[number])
    assert seat is not None
    answer = client.post(f"/api/tables/{source_id}/play-on", json={"move": number, "seat": seat, "name": "Ann"})
    assert answer.status_code == 201, answer.text
    made = answer.json()
    assert made["seat"] == seat and made["link"] == f"/table/{made['table']}#token={made['token']}"
    with client.websocket_connect(f"/ws/{made['table']}") as socket:  # the person's turn, as the game stood
        socket.send_json({"type": "hello", "token": made["token"]})
        assert socket.receive_json()["type"] == "welcome"
        frame = socket.receive_json()
    assert frame["number"] == number and frame["seat"] == seat and frame["moves"]
    assert frame["view"] == documents_for(record.game).to_data(record.game.view(states[number], seat))
    summary = client.get(f"/api/tables/{made['table']}").json()
    assert summary["seeded"] is True
    assert [each["bot"] for each in summary["seats"]] == [
        None if index == seat else each["bot"] for index, each in enumerate(source.seat_list())
    ]
    table: Table = lobby.get(made["table"])
    assert table.settings["from"] == {"table": source_id, "move": number}


def test_play_on_is_refused_where_it_cannot_be(client: TestClient) -> None:
    source_id = _finished(client, "Eights")
    moves = client.get(f"/api/tables/{source_id}").json()["moves"]
    path = f"/api/tables/{source_id}/play-on"

    def code(body: Any, **headers: str) -> tuple[int, str]:
        answer = client.post(path, json=body) if not headers else client.post(path, content=body, headers=headers)
        return answer.status_code, answer.json()["error"]["code"]

    assert code({"move": moves, "seat": 0, "name": "Ann"}) == (400, "bad-position")  # the end
    assert code({"move": moves + 1, "seat": 0, "name": "Ann"}) == (400, "bad-position")
    assert code({"move": -1, "seat": 0, "name": "Ann"}) == (400, "bad-position")
    assert code({"move": 1, "seat": 3, "name": "Ann"}) == (400, "bad-seat")
    assert code({"move": 1, "seat": 0, "name": "Ann (bot)"}) == (400, "bad-name")
    assert code({"move": 1, "seat": 0}) == (400, "bad-json")
    assert code("move=1", **{"content-type": "text/plain"}) == (415, "unsupported-media-type")
    assert code("x" * 2000, **{"content-type": "application/json"}) == (413, "too-large")
    assert code("{", **{"content-type": "application/json"}) == (400, "bad-json")
    live = client.post("/api/tables", json={"game": "Eights", "players": 2}).json()["id"]
    answer = client.post(f"/api/tables/{live}/play-on", json={"move": 0, "seat": 0, "name": "Ann"})
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "not-finished")
    answer = client.post("/api/tables/nothing/play-on", json={"move": 0, "seat": 0, "name": "Ann"})
    assert (answer.status_code, answer.json()["error"]["code"]) == (404, "no-table")
