"""The review of a table (issue 38, item 4): every position as one perspective saw it, and who may see what.

- ``GET /api/tables/{id}/review`` gives a frame for every position of a finished game from
  each seat, the spectators and every seat at once; each frame is what the library gives that
  perspective (its view, its events, their narration), and the same for every state the seat
  cannot tell from the true one (the leak checker of :mod:`eighthalf.testing`), for every
  position of both games.
- During play only the seat of the request's token may be reviewed; a spectator, another
  seat, a bad token, a bad perspective and an unknown table are refused with their codes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from eighthalf.formats.replay import replay_states
from eighthalf.registry import documents_for
from eighthalf.server.tables.review import position_frame
from eighthalf.server.tables.table import Table
from eighthalf.server.web.app import create_app
from eighthalf.testing import assert_events_hide, assert_no_leaks

SEED: Final = 4
VARIANTS: Final = 2
"""Hidden variants per frame (the leak checker's samples)."""


@pytest.fixture(name="client")
def client_fixture() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:")) as test_client:
        yield test_client


def _finished(client: TestClient, game: str) -> str:
    """A three-bot table of ``game``, played to its end: its id (waited on over its websocket)."""
    settings: dict[str, Any] = {"game": game, "players": 3, "seats": ["greedy"] * 3, "pace": 0, "seed": SEED}
    if game == "8½":  # a game of bots alone needs a bound on its moves
        settings["rules"] = {"move_limit": 2000}
    table_id = str(client.post("/api/tables", json=settings).json()["id"])
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"type": "hello"})
        while True:
            message = socket.receive_json()
            if message["type"] == "state" and message["result"] is not None:
                return table_id


def _table(client: TestClient, table_id: str) -> Table:
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    table: Table = lobby.get(table_id)
    return table


@pytest.mark.parametrize("game", ["8½", "Eights"])
def test_every_frame_of_a_finished_review_is_what_its_perspective_may_see(client: TestClient, game: str) -> None:
    table_id = _finished(client, game)
    table = _table(client, table_id)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    try:
        record = table.finished_record()
        real = table.game
        states = list(replay_states(record))
        documents = documents_for(real)
        rng = random.Random(1)
        for perspective in [0, 1, 2, "spectator", "all"]:
            answer = client.get(
                f"/api/tables/{table_id}/review", params={"perspective": str(perspective), "lang": "nl"}
            )
            assert answer.status_code == 200, answer.text
            review = answer.json()
            assert review["perspectives"] == [0, 1, 2, "spectator", "all"] and review["perspective"] == perspective
            frames = review["frames"]
            assert [frame["number"] for frame in frames] == list(range(len(record.moves) + 1))
            seat = perspective if type(perspective) is int else None
            for number, frame in enumerate(frames):
                state = states[number]
                assert frame["view"] == documents.to_data(real.view(state, seat))
                assert ("final" in frame) == (number == len(record.moves))
                if perspective == "all":
                    views = [documents.to_data(real.view(state, each)) for each in range(3)]
                    assert frame["views"] == views
                else:
                    assert "views" not in frame
                told: tuple[Any, ...] = ()
                if number:
                    before, move = states[number - 1], record.moves[number - 1]
                    told = tuple(real.events_for(real.describe(before, move, state), seat))
                    assert frame["last"]["move"] == real.move_text(move)
                    assert frame["events"] == [documents.to_data(event) for event in told]
                    assert frame["narration"] == real.narrate(told, table.names(), "nl")
                    if seat != frame["last"]["seat"] and perspective != "all":
                        assert_events_hide(real, before, move, seat, rng=rng, variants=VARIANTS)
                if perspective == "all" or number == len(record.moves):
                    continue  # every position of each seat and the spectators is put through the checker

                def render(variant: Any, viewer: int | None, number: int = number) -> dict[str, Any]:
                    frame = position_frame(table, variant, number, viewer, (), None)
                    return {key: frame[key] for key in ("view", "to_move", "result", "moves")}

                assert_no_leaks(state, seat, render, rng=rng, variants=VARIANTS, game=real)
    finally:
        lobby.let_go(table)


def test_during_play_only_the_seat_of_the_token_is_reviewed(client: TestClient) -> None:
    settings = {"game": "Eights", "players": 3, "seats": [None, "greedy", "greedy"], "seed": SEED}
    table_id = client.post("/api/tables", json=settings).json()["id"]
    path = f"/api/tables/{table_id}/review"

    def code(answer: Any) -> tuple[int, str]:
        return answer.status_code, answer.json()["error"]["code"]

    assert code(client.get(path)) == (403, "review-closed")  # a spectator gets nothing during play
    token = client.post(f"/api/tables/{table_id}/seats/0", json={"name": "Ann"}).json()["token"]
    mine = {"authorization": f"Bearer {token}"}
    with client.websocket_connect(f"/ws/{table_id}") as socket:  # wait until it is Ann's turn
        socket.send_json({"type": "hello", "token": token})
        while not ((message := socket.receive_json())["type"] == "state" and message["moves"]):
            pass
    answer = client.get(path, headers=mine)
    assert answer.status_code == 200, answer.text
    review = answer.json()
    assert review["perspective"] == 0 and review["perspectives"] == [0] and review["seat"] == 0
    assert len(review["frames"]) == message["number"] + 1
    assert review["frames"][-1]["view"] == message["view"] and "final" not in review["frames"][-1]
    for other in ("1", "spectator", "all"):
        assert code(client.get(path, params={"perspective": other}, headers=mine)) == (403, "review-closed")
        assert code(client.get(path, params={"perspective": other})) == (403, "review-closed")
    assert code(client.get(path, headers={"authorization": "Bearer nobody's"})) == (401, "bad-token")
    assert code(client.get(path, headers={"authorization": token})) == (401, "bad-token")
    assert code(client.get(path, params={"perspective": "3"}, headers=mine)) == (400, "bad-perspective")
    assert code(client.get(path, params={"perspective": "²"}, headers=mine)) == (400, "bad-perspective")
    assert code(client.get(path, params={"move": "3"}, headers=mine)) == (400, "bad-query")
    assert code(client.get(path, params={"lang": "de"}, headers=mine)) == (400, "bad-query")
    assert code(client.get("/api/tables/nothing/review")) == (404, "no-table")


def test_the_review_page_is_served_and_linked_from_the_table_and_the_lobby(client: TestClient) -> None:
    answer = client.get("/table/abc/review")
    assert answer.status_code == 200 and 'id="perspective"' in answer.text and "review.js" in answer.text
    table = client.get("/static/table.html").text
    assert 'id="review-link"' in table
    assert "/review" in client.get("/static/lobby.js").text


def test_the_review_works_before_its_judgement_is_ready() -> None:
    with TestClient(create_app(":memory:", judge_at_once=0)) as client:  # this process judges nothing
        table_id = _finished(client, "Eights")
        review = client.get(f"/api/tables/{table_id}/review").json()
        assert review["judgement"] == {"status": "waiting", "done": 0, "total": 0, "decisions": [], "summaries": []}
        assert len(review["frames"]) == review["table"]["moves"] + 1
        assert client.get(f"/api/tables/{table_id}/judgement").json()["status"] == "waiting"
