"""The web example (examples/web): its JSON API, and a round played in a real headless Chromium.

The API tests need Flask; the browser test also needs Playwright and a Chromium
executable (the system package, ``apt-get install chromium``, or the path in the
``EIGHTHALF_CHROMIUM`` environment variable). Each part skips with the reason when
what it needs is missing.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

from eighthalf.testing import hidden_variants

if TYPE_CHECKING:
    from flask import Flask
    from flask.testing import FlaskClient

pytest.importorskip("flask", reason="the web example needs Flask: pip install flask")

ROOT = Path(__file__).resolve().parent.parent
APP_PATH = ROOT / "examples" / "web" / "app.py"
SEED = 5  # a 4-player round that seat 0 finishes in about 15 moves by always taking the first legal move
SECRET_SEED = 982_451_653
ALL_MOVES = (
    ["c", "8H"]
    + [symbol * count for symbol in "0123456789HG" for count in (1, 2)]
    + ["o" + symbol for symbol in "0123456789HG"]
    + ["b0", "b1", "b2"]
)
HIDDEN_KEYS = {"bank", "blind", "deck", "seed", "state", "seats_hidden"}


def _module() -> ModuleType:
    name = "eighthalf_web_example"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, APP_PATH)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the file runs
        spec.loader.exec_module(module)
    return sys.modules[name]


def _create_app() -> Flask:
    app: Flask = _module().create_app()
    return app


@pytest.fixture
def app() -> Flask:
    return _create_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _new(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"players": 4, "seed": SEED, **body})
    assert response.status_code == 201, response.get_data(as_text=True)
    doc: dict[str, Any] = response.get_json()
    return doc


def _get(client: FlaskClient, game_id: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200
    doc: dict[str, Any] = response.get_json()
    return doc


def _move(client: FlaskClient, game_id: str, move: str) -> tuple[int, dict[str, Any]]:
    response = client.post(f"/api/games/{game_id}/moves", json={"move": move})
    doc: dict[str, Any] = response.get_json()
    return response.status_code, doc


def _keys(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


def _without_log(doc: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in doc.items() if key not in ("events", "log", "can_undo")}


# --------------------------------------------------------------------------- the API


def test_create_a_game_sends_seat_0_its_view(client: FlaskClient) -> None:
    doc = _new(client)
    assert doc["seat"] == 0 and isinstance(doc["game_id"], str)
    seen = doc["view"]
    assert (seen["format"], seen["type"], seen["seat"]) == ("eighthalf", "PlayerView", 0)
    assert len(seen["seats"]) == 4 and len(doc["names"]) == 4
    assert seen["seats"][0]["hand"] is not None
    assert all(seat["hand"] is None for seat in seen["seats"][1:])
    # The bots moved until it is seat 0's turn, and seat 0 has legal moves with descriptions.
    assert doc["my_turn"] and seen["to_move"] == 0 and not doc["over"]
    assert doc["legal_moves"] and all(move["move"] and move["description"] for move in doc["legal_moves"])
    assert doc["log"] and doc["can_undo"] is False
    assert _get(client, doc["game_id"]) == {**doc, "events": []}


def test_a_legal_move_is_made_and_the_bots_answer(client: FlaskClient) -> None:
    doc = _new(client)
    move = doc["legal_moves"][0]["move"]
    status, after = _move(client, doc["game_id"], move)
    assert status == 200, after
    assert after["view"]["move_number"] > doc["view"]["move_number"]
    assert after["events"][0].startswith("Seat 0 (you) ")
    assert after["over"] or after["my_turn"]
    assert after["can_undo"] is True
    assert _get(client, doc["game_id"])["view"] == after["view"]


def test_an_illegal_move_is_refused_with_its_rule_and_changes_nothing(client: FlaskClient) -> None:
    doc = _new(client)
    game_id = doc["game_id"]
    before = _get(client, game_id)
    legal = {move["move"] for move in doc["legal_moves"]}
    illegal = next(move for move in ALL_MOVES if move not in legal)
    status, answer = _move(client, game_id, illegal)
    assert status == 400
    assert re.fullmatch(rf"illegal move '{illegal}': .+ \([A-Z]\d+\)", answer["error"]), answer
    assert _get(client, game_id) == before


@pytest.mark.parametrize(
    "body",
    [{"move": "zz"}, {"move": 33}, {}, {"move": ""}],
    ids=["not-notation", "not-text", "missing", "empty"],
)
def test_bad_move_input_is_refused_and_changes_nothing(client: FlaskClient, body: dict[str, Any]) -> None:
    game_id = _new(client)["game_id"]
    before = _get(client, game_id)
    response = client.post(f"/api/games/{game_id}/moves", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]
    assert _get(client, game_id) == before


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"players": 9}, r"\(S2\)"),
        ({"players": "four"}, "players must be an int"),
        ({"seed": "x"}, "seed must be an int"),
        ({"bots": "nobody"}, "no bot named 'nobody'"),
        ({"bots": ["greedy"]}, "a list of 3 bot names"),
    ],
)
def test_bad_round_settings_are_refused(client: FlaskClient, body: dict[str, Any], message: str) -> None:
    response = client.post("/api/games", json={"players": 4, **body})
    assert response.status_code == 400
    assert re.search(message, response.get_json()["error"])


@pytest.mark.parametrize("data", ["garbage", "[1, 2]", "null"])
def test_a_body_that_is_not_a_json_object_is_refused(client: FlaskClient, data: str) -> None:
    response = client.post("/api/games", data=data, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json() == {"error": "the request body must be a JSON object"}


def test_unknown_games_are_404(client: FlaskClient) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert client.post("/api/games/nope/moves", json={"move": "c"}).status_code == 404
    response = client.post("/api/games/nope/undo")
    assert response.status_code == 404 and "nope" in response.get_json()["error"]


def test_undo_takes_back_the_last_move_and_the_bots_replies(client: FlaskClient) -> None:
    doc = _new(client)
    game_id = doc["game_id"]
    assert client.post(f"/api/games/{game_id}/undo").status_code == 400  # nothing to take back yet
    status, _ = _move(client, game_id, doc["legal_moves"][0]["move"])
    assert status == 200
    response = client.post(f"/api/games/{game_id}/undo")
    assert response.status_code == 200
    assert _without_log(response.get_json()) == _without_log(doc)
    # The bots answer the same way again: their randomness is restored too.
    _, first = _move(client, game_id, doc["legal_moves"][0]["move"])
    client.post(f"/api/games/{game_id}/undo")
    _, again = _move(client, game_id, doc["legal_moves"][0]["move"])
    assert _without_log(again) == _without_log(first)


def test_a_whole_round_can_be_played_through_the_api(client: FlaskClient) -> None:
    doc = _new(client)
    for _ in range(300):
        if doc["over"]:
            break
        status, doc = _move(client, doc["game_id"], doc["legal_moves"][0]["move"])
        assert status == 200
    assert doc["over"] and doc["legal_moves"] == [] and not doc["my_turn"]
    assert doc["view"]["outcome"] is not None
    assert any("wins the round" in line for line in doc["log"])
    status, answer = _move(client, doc["game_id"], "c")
    assert status == 400 and "over" in answer["error"]


def test_nothing_hidden_is_sent(app: Flask, client: FlaskClient) -> None:
    doc = _new(client, seed=SECRET_SEED)
    game_id = doc["game_id"]
    store = app.extensions["eighthalf"]
    rng = random.Random(1)
    for _ in range(12):
        # What seat 0 receives does not change when every card it cannot see is dealt anew.
        expected = client.get(f"/api/games/{game_id}").get_data(as_text=True)
        game = store.games[game_id]
        real = game.state
        for variant in hidden_variants(real, 0, rng, count=6):
            game.state = variant
            assert client.get(f"/api/games/{game_id}").get_data(as_text=True) == expected
        game.state = real
        # No card list of a hidden zone, no seed, no full state: only counts.
        data = json.loads(expected)
        assert not HIDDEN_KEYS & set(_keys(data))
        assert str(SECRET_SEED) not in expected
        assert all(seat["hand"] is None for seat in data["view"]["seats"][1:])
        if data["over"]:
            break
        status, _ = _move(client, game_id, data["legal_moves"][-1]["move"])
        assert status == 200


# --------------------------------------------------------------------------- the browser

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _chromium() -> str | None:
    configured = os.environ.get("EIGHTHALF_CHROMIUM")
    if configured:
        assert Path(configured).is_file(), f"EIGHTHALF_CHROMIUM={configured!r} is not a file"
        return configured
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def server_url() -> Iterator[str]:
    """The example app served on a free port of 127.0.0.1 by a background thread."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, _create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="web-example-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_a_round_in_headless_chromium(server_url: str, tmp_path: Path) -> None:
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the browser test needs Playwright: pip install playwright"
    )
    executable = _chromium()
    if executable is None:
        pytest.skip("no Chromium executable: apt-get install chromium, or set EIGHTHALF_CHROMIUM to its path")
    started = time.perf_counter()
    problems: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, timeout=30_000)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            page.set_default_timeout(10_000)
            page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
            page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
            page.goto(server_url + "/")
            page.get_by_label("Players").select_option("4")
            page.get_by_label("Seed").fill(str(SEED))
            page.get_by_role("button", name="New round").click()
            page.locator("#game").wait_for(state="visible")
            page.locator("#moves button[data-move]").first.wait_for(state="visible")
            outcome = page.locator("#outcome")
            clicks = 0
            while not outcome.is_visible():
                assert clicks < 200, "the round did not end within 200 moves"
                renders = page.evaluate("Number(document.body.dataset.renders)")
                page.locator("#moves button[data-move]").first.click()
                page.wait_for_function("n => Number(document.body.dataset.renders) > n", arg=renders)
                clicks += 1
            text = outcome.inner_text()
            assert re.search(r"wins the round|You win the round!|without a winner", text), text
            assert page.locator("#moves button[data-move]").count() == 0
            assert page.locator("#error").is_hidden()
            page.screenshot(path=str(tmp_path / "web-example.png"), full_page=True)
        finally:
            browser.close()
    elapsed = time.perf_counter() - started
    assert not problems, problems
    assert clicks > 0 and (tmp_path / "web-example.png").stat().st_size > 0
    print(f"browser round: {clicks} moves in {elapsed:.1f} s; screenshot {tmp_path / 'web-example.png'}")
