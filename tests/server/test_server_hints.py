"""Hints (issue 38, item 4): the best moves of a seat's turn, only at the tables made with hints on.

- A table is made with hints off unless its creator asks (``"hints": true``); its summary
  says which, and its finished record carries a ``Hints`` tag.
- At such a table the seat to move is given its best moves, from its own view: the answer is
  the same for every state the seat cannot tell from the true one (the leak checker).
- Anywhere else a hint is refused with its code: a table without hints, no token, a token
  no seat has, another seat's turn, a finished game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from eighthalf.server.tables.table import Table
from eighthalf.server.web.app import create_app
from eighthalf.server.web.hints import hint_answer
from eighthalf.testing import assert_no_leaks

BUDGET: Final = 4
SETTINGS: Final = {"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 5}


@pytest.fixture(name="client")
def client_fixture() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", judge_budget=BUDGET, judge_at_once=0)) as test_client:
        yield test_client


def _seated(client: TestClient, **settings: Any) -> tuple[str, str, dict[str, Any]]:
    """A table of ``SETTINGS`` and ``settings`` with Ann at seat 0: its id, her token, and
    the state frame of her first turn (waited on over her websocket)."""
    table_id = client.post("/api/tables", json={**SETTINGS, **settings}).json()["id"]
    token = client.post(f"/api/tables/{table_id}/seats/0", json={"name": "Ann"}).json()["token"]
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": token})
        while not ((frame := socket.receive_json())["type"] == "state" and frame["moves"]):
            pass
    return table_id, token, frame


def _code(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def test_a_table_has_no_hints_unless_made_with_them(client: TestClient) -> None:
    table_id, token, _ = _seated(client)
    assert client.get(f"/api/tables/{table_id}").json()["hints"] is False
    answer = client.post(f"/api/tables/{table_id}/hint", headers={"authorization": f"Bearer {token}"})
    assert _code(answer) == (403, "no-hints")
    refused = client.post("/api/tables", json={**SETTINGS, "hints": "yes"}).json()
    assert refused["error"]["code"] == "bad-table" and "$.hints" in refused["error"]["message"]


def test_the_seat_to_move_gets_its_best_moves_from_its_view_alone(client: TestClient) -> None:
    table_id, token, frame = _seated(client, hints=True)
    assert client.get(f"/api/tables/{table_id}").json()["hints"] is True
    mine = {"authorization": f"Bearer {token}"}
    answer = client.post(f"/api/tables/{table_id}/hint", headers=mine)
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert (hint["table"], hint["seat"], hint["number"], hint["budget"]) == (table_id, 0, frame["number"], BUDGET)
    assert 1 <= len(hint["moves"]) <= 5 and {each["move"] for each in hint["moves"]} <= set(frame["moves"])
    assert client.post(f"/api/tables/{table_id}/hint", headers=mine).json() == hint  # kept for the position
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    table: Table = lobby.get(table_id)
    game = table.game

    def render(state: Any, seat: int) -> dict[str, Any]:
        return hint_answer(table_id, game, game.view(state, seat), frame["number"], BUDGET)

    assert render(table.state, 0) == hint
    assert_no_leaks(table.state, 0, render, rng=random.Random(2), variants=3, game=game)


def test_a_hint_is_refused_anywhere_else(client: TestClient) -> None:
    table_id, token, _ = _seated(client, hints=True)
    path = f"/api/tables/{table_id}/hint"
    assert _code(client.post(path)) == (403, "no-hints")  # a spectator
    assert _code(client.post(path, headers={"authorization": "Bearer nobody's"})) == (401, "bad-token")
    assert _code(client.post(path, headers={"authorization": token})) == (401, "bad-token")  # not a bearer
    assert _code(client.post("/api/tables/nothing/hint")) == (404, "no-table")
    assert client.get(path).status_code == 405
    # two people: before the second sits nobody moves; then only the seat to move gets a hint
    other = client.post("/api/tables", json={**SETTINGS, "seats": [None, None], "hints": True}).json()["id"]
    tokens = [client.post(f"/api/tables/{other}/seats/0", json={"name": "Ann"}).json()["token"]]
    early = client.post(f"/api/tables/{other}/hint", headers={"authorization": f"Bearer {tokens[0]}"})
    assert _code(early) == (409, "not-your-turn")
    tokens.append(client.post(f"/api/tables/{other}/seats/1", json={"name": "Ben"}).json()["token"])
    to_move = client.get(f"/api/tables/{other}").json()["to_move"]
    waiting = client.post(f"/api/tables/{other}/hint", headers={"authorization": f"Bearer {tokens[1 - to_move]}"})
    assert _code(waiting) == (409, "not-your-turn")
    moving = client.post(f"/api/tables/{other}/hint", headers={"authorization": f"Bearer {tokens[to_move]}"})
    assert moving.status_code == 200 and moving.json()["seat"] == to_move


def test_a_finished_game_gives_no_hint_and_its_record_says_it_had_hints(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "pace": 0, "seed": 3, "hints": True},
    ).json()
    with client.websocket_connect(f"/ws/{made['id']}") as socket:
        socket.send_json({"type": "hello"})
        while not ((frame := socket.receive_json())["type"] == "state" and frame["result"]):
            pass
    assert '[Hints "on"]' in client.get(f"/api/tables/{made['id']}/record").text
    assert _code(client.post(f"/api/tables/{made['id']}/hint")) == (403, "no-hints")
    plain = client.post(
        "/api/tables", json={"game": "Eights", "players": 2, "seats": ["greedy", "greedy"], "pace": 0}
    ).json()
    with client.websocket_connect(f"/ws/{plain['id']}") as socket:
        socket.send_json({"type": "hello"})
        while not ((frame := socket.receive_json())["type"] == "state" and frame["result"]):
            pass
    assert "Hints" not in client.get(f"/api/tables/{plain['id']}/record").text
