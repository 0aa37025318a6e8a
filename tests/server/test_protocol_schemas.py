"""The JSON Schemas of the server's protocol (``eighthalf.schemas.server``) against what a real server sends.

- The shipped ``server.*.schema.json`` files are exactly what the builder gives, and valid
  draft 2020-12 schemas whose references to the documents' schemas all resolve.
- Short games on a real application (Starlette's test client, an in-memory database): an 8½
  round, a two-round 8½ match and a hand of Eights, each with a bot seat, a test seat and a
  spectator. Every frame received is valid under its message's schema and under the schema of
  any server message; every message sent is valid under the client's (and the wrong ones
  sent on purpose are refused by it); so is every HTTP body, sent and answered, errors too.
- The docs page "Playing over a network" describes every message and every error code.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")
referencing = pytest.importorskip("referencing")
pytest.importorskip("starlette")
pytest.importorskip("httpx2")

import anyio  # noqa: E402  (after the skips: the server extra may be missing)
from starlette.testclient import TestClient, WebSocketTestSession  # noqa: E402

from eighthalf.registry import games  # noqa: E402
from eighthalf.schemas import schema  # noqa: E402
from eighthalf.schemas.build import dump_schema  # noqa: E402
from eighthalf.schemas.server import (  # noqa: E402
    ERROR_CODES,
    SERVER_SCHEMAS,
    error_codes_in_source,
    server_schemas,
    shipped_games,
)
from eighthalf.server.web.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent
SHIPPED = ROOT / "eighthalf" / "schemas"
DOCS_PAGE = ROOT / "docs" / "network.rst"

RECEIVE_SECONDS = 30.0
"""The longest wait for one frame: a server that sends nothing fails the test instead of hanging it."""

MAX_FRAMES = 3000
"""The most frames one connection may send in one game here."""


def _registry() -> Any:
    """Every shipped schema (documents and protocol) by its ``$id``, so that references resolve."""
    resources = []
    for path in sorted(SHIPPED.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], referencing.Resource.from_contents(contents)))
    return referencing.Registry().with_resources(resources)


REGISTRY = _registry()
VALIDATORS = {name: jsonschema.Draft202012Validator(schema(name), registry=REGISTRY) for name in SERVER_SCHEMAS}

SEEN: Counter[str] = Counter()
"""How many frames and bodies of each schema the games below checked."""


def check(name: str, data: Any) -> None:
    """Assert that the schema ``server.<name>`` accepts ``data``."""
    errors = sorted(VALIDATORS[f"server.{name}"].iter_errors(data), key=str)
    assert not errors, f"{name} refused by its schema: {errors[0].message} at {errors[0].json_path}: {data}"
    SEEN[name] += 1


def check_frame(frame: dict[str, Any]) -> None:
    """A server's frame: valid under its type's schema and under the schema of any server message."""
    check("ServerMessage", frame)
    check(frame["type"], frame)


def check_sent(message: dict[str, Any]) -> None:
    check("ClientMessage", message)
    check(message["type"], message)


# --------------------------------------------------------------------------- the files


def test_the_shipped_protocol_schemas_are_what_the_builder_gives() -> None:
    """After a change to the protocol: ``python -m eighthalf.schemas eighthalf/schemas``."""
    built = server_schemas()
    assert sorted(built) == sorted(f"{name}.schema.json" for name in SERVER_SCHEMAS)
    for name, value in built.items():
        assert (SHIPPED / name).read_text(encoding="utf-8") == dump_schema(value), f"rewrite {name}"


def test_every_protocol_schema_is_valid_and_its_references_resolve() -> None:
    for name in SERVER_SCHEMAS:
        value = schema(name)
        jsonschema.Draft202012Validator.check_schema(value)
        resolver = REGISTRY.resolver(base_uri=value["$id"])
        for target in _refs(value):
            resolver.lookup(target)  # raises if a reference leads nowhere


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def test_the_error_codes_are_those_the_server_refuses_with() -> None:
    assert error_codes_in_source() == set(ERROR_CODES)
    assert schema("server.error")["$defs"]["code"]["enum"] == list(ERROR_CODES)


def test_the_client_schemas_refuse_what_the_server_refuses() -> None:
    """Messages that :func:`~eighthalf.server.protocol.messages.parse_client_message` refuses."""
    from eighthalf.server.protocol.messages import Refused, parse_client_message

    wrong: list[Any] = [
        {"type": "move"},
        {"type": "move", "move": "3", "number": -1},
        {"type": "move", "move": "3", "extra": 1},
        {"type": "hello", "token": 5},
        {"type": "wave"},
        [],
        {"type": "ping", "token": "x"},
    ]
    for message in wrong:
        assert not VALIDATORS["server.ClientMessage"].is_valid(message), message
        with pytest.raises(Refused):
            parse_client_message(json.dumps(message))


def test_the_docs_page_describes_every_message_and_error_code() -> None:
    text = DOCS_PAGE.read_text(encoding="utf-8")
    for code in ERROR_CODES:
        assert f"``{code}``" in text, f"docs/network.rst: describe the error code {code}"
    for name in SERVER_SCHEMAS:
        assert f"{name}.schema.json" in text, f"docs/network.rst: link {name}.schema.json"
    for close in (1000, 1007, 1008, 1009, 1012, 4401, 4404):
        assert f"``{close}``" in text, f"docs/network.rst: describe the close code {close}"


# --------------------------------------------------------------------------- a real server


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next ASGI message the server sends on ``ws`` (a frame, or its close), within :data:`RECEIVE_SECONDS`."""

    async def within() -> dict[str, Any]:
        with anyio.fail_after(RECEIVE_SECONDS):
            # The test client's own receive() waits for ever; its stream, with a deadline.
            return dict(await ws._send_rx.receive())

    return ws.portal.call(within)


def frame(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next frame, checked against the schemas."""
    message = receive(ws)
    assert message["type"] == "websocket.send", f"expected a frame, got {message}"
    data: dict[str, Any] = json.loads(message["text"])
    check_frame(data)
    return data


def reply(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next frame that is not a ``seats`` message (those come whenever a connection comes or goes)."""
    for _ in range(MAX_FRAMES):
        data = frame(ws)
        if data["type"] != "seats":
            return data
    raise AssertionError("only seats messages")


def closed(ws: WebSocketTestSession) -> int:
    """Read frames (each checked) until the server closes ``ws``: the close code."""
    for _ in range(MAX_FRAMES):
        message = receive(ws)
        if message["type"] == "websocket.close":
            return int(message["code"])
        check_frame(json.loads(message["text"]))
    raise AssertionError("the connection was not closed")


def send(ws: WebSocketTestSession, message: dict[str, Any]) -> None:
    check_sent(message)
    ws.send_text(json.dumps(message))


def post(client: TestClient, path: str, body: dict[str, Any], body_schema: str, answer: str, status: int) -> Any:
    check(body_schema, body)
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    check(answer, response.json())
    return response.json()


def get(client: TestClient, path: str, answer: str, status: int = 200) -> Any:
    response = client.get(path)
    assert response.status_code == status, response.text
    check(answer, response.json())
    return response.json()


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A server on an in-memory database, its lifespan running (one event loop for every request)."""
    with TestClient(create_app(":memory:")) as test_client:
        yield test_client


def _errors_on_the_first_turn(ws: WebSocketTestSession, state: dict[str, Any], game: str) -> None:
    """Refused messages on one's own turn: each answered by an error frame, and nothing changes."""
    send(ws, {"type": "ping"})
    assert reply(ws) == {"type": "pong"}
    send(ws, {"type": "move", "move": state["moves"][0], "number": state["number"] + 5})
    assert reply(ws)["code"] == "stale"
    send(ws, {"type": "move", "move": "zz"})
    assert reply(ws)["code"] == "bad-move"
    wrong = {"type": "wave"}
    assert not VALIDATORS["server.ClientMessage"].is_valid(wrong)
    ws.send_text(json.dumps(wrong))
    assert reply(ws)["code"] == "bad-message"
    if game == "8½" and "c" not in state["moves"]:
        send(ws, {"type": "move", "move": "c"})
        refused = reply(ws)
        assert refused["code"] == "illegal-move" and refused["rule"] is not None, refused


def play(client: TestClient, settings: dict[str, Any], seed: int) -> tuple[str, Counter[str]]:
    """Play a table of ``settings`` (seat 0 for the test, seat 1 a bot) to its end, a spectator
    watching: every frame and body checked. The table's id, and the document types of the events seen."""
    rng = random.Random(seed)
    table = post(client, "/api/tables", settings, "NewTable", "Table", 201)
    table_id = table["id"]
    refused = client.get(f"/api/tables/{table_id}/record")
    assert refused.status_code == 409
    check("ErrorBody", refused.json())
    joined = post(client, f"/api/tables/{table_id}/seats/0", {"name": "Test"}, "JoinRequest", "JoinAnswer", 201)
    post(client, f"/api/tables/{table_id}/seats/0", {"name": "Late"}, "JoinRequest", "ErrorBody", 409)
    post(client, f"/api/tables/{table_id}/seats/1", {"name": "Late"}, "JoinRequest", "ErrorBody", 409)
    events: Counter[str] = Counter()
    with client.websocket_connect(f"/ws/{table_id}") as watcher, client.websocket_connect(f"/ws/{table_id}") as ws:
        send(watcher, {"type": "hello"})
        assert frame(watcher)["seat"] is None
        send(ws, {"type": "hello", "token": joined["token"]})
        welcome = frame(ws)
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        first = True
        for _ in range(MAX_FRAMES):
            message = frame(ws)
            if message["type"] != "state":
                continue
            events.update(event["type"] for event in message["events"])
            assert ("final" in message) == (message["result"] is not None)  # every card only after the end
            if message["result"] is not None:
                break
            if message["moves"]:
                if first:
                    _errors_on_the_first_turn(ws, message, settings["game"])
                    first = False
                send(ws, {"type": "move", "move": rng.choice(message["moves"]), "number": message["number"]})
        else:
            raise AssertionError("the game did not end")
        send(watcher, {"type": "move", "move": "c"})
        for _ in range(MAX_FRAMES):  # the spectator's frames: every state, then the refusal
            message = frame(watcher)
            if message["type"] == "error":
                assert message["code"] == "not-seated"
                break
        send(ws, {"type": "move", "move": "c"})
        assert reply(ws)["code"] == "game-over"
    get(client, f"/api/tables/{table_id}", "Table")
    record = client.get(f"/api/tables/{table_id}/record.json").json()
    assert jsonschema.Draft202012Validator(schema(record["type"])).is_valid(record)
    return table_id, events


def test_a_round_of_eighthalf_every_frame_valid(client: TestClient) -> None:
    settings = {"game": "8½", "players": 2, "seats": [None, "greedy"], "seed": 11}
    table_id, events = play(client, settings, seed=1)
    assert {"Played", "RoundOver"} <= set(events)
    assert get(client, "/api/tables/" + table_id, "Table")["seeded"] is True
    assert {"welcome", "state", "seats", "error", "pong"} <= set(SEEN)


def test_a_two_round_match_of_eighthalf_every_frame_valid(client: TestClient) -> None:
    settings = {"game": "8½", "players": 2, "rounds": 2, "seats": [None, "random"], "move_seconds": 600}
    _, events = play(client, settings, seed=2)
    assert {"RoundDealt", "MatchOver"} <= set(events)


def test_a_hand_of_eights_every_frame_valid(client: TestClient) -> None:
    settings = {"game": "Eights", "players": 2, "seats": [None, "greedy"], "rules": {"turn_limit": 200}}
    _, events = play(client, settings, seed=3)
    assert "eights.GameOver" in events


def test_the_lobby_and_every_http_error_body(client: TestClient) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200, response.text
    listed = response.json()
    assert [game["name"] for game in listed] == [entry.name for entry in games()]  # every registered game
    shipped = {entry.name for entry in shipped_games()}
    assert shipped == {"8½", "Eights"}
    check("Games", [game for game in listed if game["name"] in shipped])  # the shipped schemas know these
    post(client, "/api/tables", {"game": "8½", "players": 3, "seats": ["greedy"]}, "NewTable", "Table", 201)
    assert len(get(client, "/api/tables", "TableList")) == 1
    bad_tables: list[dict[str, Any]] = [
        {"game": "Chess"},
        {"game": "8½", "players": 9},
        {"game": "Eights", "rounds": 2},
    ]
    for body in bad_tables:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400
        check("ErrorBody", response.json())
        assert response.json()["error"]["code"] == "bad-table"
    assert not VALIDATORS["server.NewTable"].is_valid({"game": "Chess"})
    check("ErrorBody", client.post("/api/tables", content=b"{").json())
    check("ErrorBody", client.post("/api/tables", content=b"x" * 20_000).json())
    get(client, "/api/tables/nosuchtable", "ErrorBody", 404)
    get(client, "/api/nothing", "ErrorBody", 404)


def test_refused_connections_get_an_error_frame_then_their_close_code(client: TestClient) -> None:
    """4404 for no such table, 4401 for a token of no seat, 1008 for a move before the hello."""
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert frame(ws)["code"] == "no-table"
        assert closed(ws) == 4404
    table = post(client, "/api/tables", {"game": "Eights", "players": 2}, "NewTable", "Table", 201)
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        send(ws, {"type": "hello", "token": "A" * 32})
        assert frame(ws)["code"] == "bad-token"
        assert closed(ws) == 4401
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        send(ws, {"type": "ping"})
        assert frame(ws)["code"] == "no-hello"
        assert closed(ws) == 1008
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        send(ws, {"type": "hello"})
        assert frame(ws)["type"] == "welcome"
        ws.send_text(json.dumps({"type": "move", "move": "x" * 17_000}))
        message = frame(ws)
        while message["type"] != "error":
            message = frame(ws)
        assert message["code"] == "too-large"
        assert closed(ws) == 1009
