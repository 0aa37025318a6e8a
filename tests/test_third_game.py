"""Issue 25, part 5: a third game, Shedding (``tests/thirdgame/shedding``), through every tool.

The game is written as a game author would from the docs page "Add a game", and registered
only as a game of another distribution is: its entry point (``tests/thirdgame/shedding-0.1.dist-info``),
found because the root ``conftest.py`` puts ``tests/thirdgame`` on the path. Each test names
the tool it drives through the tool's public entry point. The conformance suite
(``tests/test_game_protocol.py``) takes the game by itself, from the registry.
"""

from __future__ import annotations

import asyncio
import builtins
import importlib
import io
import json
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from shedding import rules
from shedding.bots import BOTS, POLICIES, GreedyBot
from shedding.documents import REGISTRY
from shedding.entry import ENTRY
from shedding.game import SHEDDING
from shedding.records import RECORD_FORMAT, Record

import eighthalf.schemas
import eighthalf.server
from eighthalf import cli
from eighthalf.core.game import play_out, result_text
from eighthalf.errors import DocumentError
from eighthalf.formats.replay import replay_states
from eighthalf.players.bots import ISMCTSBot, RandomBot, SearchBot
from eighthalf.registry import find, games
from eighthalf.server.client import create_table, join, play
from eighthalf.server.protocol.games import SERVED, seat_names
from eighthalf.simulation.summary import simulate
from eighthalf.testing import assert_no_leaks

# The server tests' helpers (tests/server/server_support.py): a real server process and the frame checks.
sys.path.insert(0, str(Path(__file__).parent / "server"))
support: Any = importlib.import_module("server_support")
server_fixture = support.server_fixture  # the fixture ``server``: one server process for this module

# --------------------------------------------------------------------------- the registry


def test_registry_finds_the_third_game_by_its_entry_point() -> None:
    assert [entry.name for entry in games()] == ["8½", "Eights", "Shedding"]
    assert find("shedding") is ENTRY and ENTRY.game is SHEDDING


# --------------------------------------------------------------------------- simulation runner and report


def test_simulation_runner_and_report_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["shedding", "simulate", "--players", "3", "--games", "12", "--bots", "greedy,random"]
    assert cli.main([*argv, "--seed", "5", "--workers", "1", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Shedding simulation: 12 games, 3 players, seed 5, bots greedy,random,greedy")
    assert "game length (moves): mean " in text
    assert cli.main([*argv, "--seed", "5", "--workers", "1", "--no-progress", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 12 and sum(seat["games"] for seat in report["seats"]) == 36
    assert report == simulate(ENTRY, 3, 12, ["greedy", "random", "greedy"], seed=5).to_dict()


def test_simulation_runner_per_game_lines_replay() -> None:
    out = io.StringIO()
    summary = simulate(ENTRY, 2, 6, ["greedy", "search"], seed=2, out=out, workers=2, chunk_size=2)
    assert summary.games == 6 and summary.to_csv().startswith("kind,seat,bot,games")
    for line in out.getvalue().splitlines():
        game = json.loads(line)
        state = SHEDDING.start(2, seed=game["seed"])
        for text in game["moves"]:
            state = SHEDDING.apply(state, SHEDDING.parse_move(text))
        result = SHEDDING.result(state)
        assert result is not None and list(result.scores) == game["scores"]


# --------------------------------------------------------------------------- records and replay


def test_records_dumps_loads_replay_cut_and_json() -> None:
    state = SHEDDING.start(3, seed=9, rules=rules.Rules(hand_size=4, move_limit=40))
    record = Record(players=3, seed=9, rules=state.rules, comments=((0, "a start"),), tags=(("Names", "A,B,C"),))
    rng = random.Random(9)
    while SHEDDING.to_move(state) is not None:
        move = rng.choice(SHEDDING.legal_moves(state))
        record, state = record.played(move), SHEDDING.apply(state, move)
    record = record.finished()
    text = RECORD_FORMAT.dumps(record)
    assert '[Game "Shedding"]' in text and '[HandSize "4"]' in text and '[MoveLimit "40"]' in text
    assert RECORD_FORMAT.loads(text) == record and REGISTRY.loads(REGISTRY.dumps(record)) == record
    assert list(replay_states(record))[-1] == state and record.result == result_text(SHEDDING, state)
    half = record.prefix(len(record.moves) // 2)
    assert half.result == "*" and RECORD_FORMAT.loads(RECORD_FORMAT.dumps(half)) == half
    unstated = record.prefix(len(record.moves))  # every move, result left "*": written finished (issue 27)
    assert RECORD_FORMAT.loads(RECORD_FORMAT.dumps(unstated)) == record == REGISTRY.loads(REGISTRY.dumps(unstated))
    with pytest.raises(DocumentError, match=r"\(SH"):
        list(replay_states(Record(players=3, seed=9, moves=(rules.Pass(),))))
    with pytest.raises(DocumentError, match="this reads records of Shedding"):
        RECORD_FORMAT.loads('[Game "Eights"]\n[Players "2"]\n[Seed "1"]\n\n*\n')


# --------------------------------------------------------------------------- demo and terminal loop


def test_demo_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["shedding", "demo", "--players", "4", "--seed", "3", "--bots", "greedy,random,search"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Shedding demo: 4 players, seed 3")
    assert lines[1:5] == [
        "  seat 0: Anna (greedy)",
        "  seat 1: Ben (random)",
        "  seat 2: Cleo (search)",
        "  seat 3: Dan (greedy)",
    ]
    assert lines[-1].strip().split(". ", 1)[1].startswith(("Anna", "Ben", "Cleo", "Dan"))
    assert "The game is over: " in lines[-1]


def _stdin(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    replies: Iterator[str] = iter(answers)

    def ask(prompt: str = "") -> str:
        reply = next(replies, None)
        if reply is None:
            raise EOFError
        return reply

    monkeypatch.setattr(builtins, "input", ask)


def test_terminal_loop_plays_a_whole_game_and_saves_its_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _stdin(monkeypatch, ["?", "9z", "a", *["a"] * 200])  # help, a bad move, then always the first line
    path = tmp_path / "game.txt"
    argv = ["shedding", "play", "--players", "3", "--seed", "4", "--bots", "random", "--record", str(path)]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "Type a line's letter" in out and "not a move: not a move of Shedding: '9z'" in out
    assert "The game is over: " in out and "play the same game again with: python -m eighthalf shedding play" in out
    record = RECORD_FORMAT.loads(path.read_text())
    assert record.result != "*" and dict(record.tags)["Names"] == "Anna,Ben,Cleo"


def test_terminal_loop_quits(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _stdin(monkeypatch, ["draw", "q"])
    assert cli.main(["shedding", "play", "--players", "2", "--seed", "1"]) == 0
    assert "Goodbye: the game ends here." in capsys.readouterr().out


# --------------------------------------------------------------------------- bots


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_play_whole_games_from_their_views(name: str) -> None:
    rng = random.Random(1)
    for players in (2, 3, 4):
        bots = [ENTRY.bot(name), ENTRY.bot("greedy")] * 2
        state = SHEDDING.start(players, seed=players)
        while (seat := SHEDDING.to_move(state)) is not None:
            seen = SHEDDING.view(state, seat)
            state = SHEDDING.apply(state, bots[seat].choose(seen, rng))
        assert SHEDDING.result(state) is not None


def test_bots_greedy_plays_its_highest_card_and_search_beats_random() -> None:
    state = SHEDDING.start(2, seed=1)
    assert GreedyBot().choose(SHEDDING.view(state, 0), random.Random(0)) == rules.Play("6s")
    seen = SHEDDING.view(state, 0)
    assert isinstance(SearchBot(SHEDDING, POLICIES).choose(seen, random.Random(0)), rules.Play)
    assert isinstance(ISMCTSBot(SHEDDING, POLICIES).choose(seen, random.Random(0)), rules.Play)
    assert isinstance(RandomBot[rules.Move]().choose(seen, random.Random(0)), (rules.Play, rules.Draw))
    summary = simulate(ENTRY, 2, 20, ["search", "random"], seed=3, rotate_seats=True)
    assert summary.by_bot[0].wins > summary.by_bot[1].wins
    assert SHEDDING.result(play_out(SHEDDING, state, lambda s, moves: moves[-1])) is not None


# --------------------------------------------------------------------------- server


def test_server_plays_a_whole_game_over_websockets_with_its_record(server: Any) -> None:
    async def main() -> tuple[str, Any, list[Any], list[str]]:
        settings = {"game": "Shedding", "players": 3, "seats": [None, "greedy", None], "seed": 6}
        summary = await create_table(server.url, settings)
        table = summary["id"]
        watchers = [await support.start_watch(server, table, None, None)]
        tokens = [await join(server.url, table, seat, f"bot {seat}") for seat in (0, 2)]
        watchers.append(await support.start_watch(server, table, tokens[0], 0))
        players = [play(server.url, table, token, bot, seed=seat) for seat, token, bot in
                   ((0, tokens[0], GreedyBot()), (2, tokens[1], RandomBot()))]  # fmt: skip
        results = await asyncio.wait_for(asyncio.gather(*players), 90)
        watches = await asyncio.wait_for(asyncio.gather(*watchers), 30)
        return table, results, list(watches), tokens

    table, results, watches, tokens = asyncio.run(main())
    from_text, from_json = support.finished_record(server, table)
    assert from_text == from_json and isinstance(from_text, Record) and from_text.seed == 6
    last = list(replay_states(from_text))[-1]
    result = SHEDDING.result(last)
    assert result is not None and from_text.result == result.text and results == [result, result]
    names = seat_names(["bot 0", None, "bot 2"], [None, "greedy", None])
    for watched in watches:
        support.check_frames(SHEDDING, from_text, watched, names, tokens, random.Random(1))
    assert SERVED["Shedding"] is ENTRY


def test_server_message_schemas_take_the_third_game_and_its_frames_pass_them(server: Any) -> None:
    """The protocol's schemas built from the registry (Shedding's document schemas among them) accept every
    frame of a whole game of Shedding over a real server."""
    jsonschema = pytest.importorskip("jsonschema")
    referencing = pytest.importorskip("referencing")
    from eighthalf.schemas.documents import game_schemas, schemas_of
    from eighthalf.schemas.server import server_schemas

    built = server_schemas(games())  # every registered game: the protocol of a server that serves Shedding too
    assert "Shedding" in json.dumps(built["server.NewTable.schema.json"])
    shipped = Path(eighthalf.schemas.__file__).parent
    every = {path.name: json.loads(path.read_text(encoding="utf-8")) for path in shipped.glob("*.schema.json")}
    described = schemas_of(ENTRY)
    assert described is not None
    every.update({**game_schemas(described), **built})
    registry = referencing.Registry().with_resources(
        (body["$id"], referencing.Resource.from_contents(body)) for body in every.values()
    )
    validator = jsonschema.Draft202012Validator(every["server.ServerMessage.schema.json"], registry=registry)

    async def main() -> list[str]:
        summary = await create_table(
            server.url, {"game": "Shedding", "players": 2, "seats": ["greedy", "random"], "pace": 0}
        )
        watched = await asyncio.wait_for(await support.start_watch(server, summary["id"], None, None), 60)
        return list(watched.texts)

    frames = asyncio.run(main())
    assert frames
    for text in frames:
        errors = sorted(validator.iter_errors(json.loads(text)), key=str)
        assert not errors, f"{errors[0].message} at {errors[0].json_path}"


# --------------------------------------------------------------------------- browser pages


def _page_outcome(server: Any, tmp_path: Path, game: str, bot: Any) -> str:
    """What the table page's script (run by Node on a stub DOM, ``tests/thirdgame/page_harness.js``)
    says when it is sent every frame that seat 0 of a table was sent, ``bot`` playing the seat
    through the client against a server bot: ``ok: <n> renders`` or its error."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js to run the table page's script")

    async def main() -> tuple[str, list[str]]:
        summary = await create_table(server.url, {"game": game, "players": 2, "seats": [None, "greedy"]})
        table = summary["id"]
        token = await join(server.url, table, 0, "me")
        watcher = await support.start_watch(server, table, token, 0)
        await asyncio.wait_for(play(server.url, table, token, bot, seed=0), 60)
        watched = await asyncio.wait_for(watcher, 60)
        return table, list(watched.texts)

    table, texts = asyncio.run(main())
    frames = tmp_path / "frames.json"
    frames.write_text(json.dumps({"table": table, "texts": texts}), encoding="utf-8")
    static = Path(eighthalf.server.__file__).parent / "static"
    harness = Path(__file__).parent / "thirdgame" / "page_harness.js"
    command = [node, str(harness), str(static), str(frames), server.url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    return (done.stdout + done.stderr).strip()


def test_browser_page_harness_renders_a_game_of_eights(server: Any, tmp_path: Path) -> None:
    """The control: the harness runs the table page through a whole game the page knows, as a seat."""
    from eighthalf.games.eights.bots import GreedyBot as EightsGreedy

    outcome = _page_outcome(server, tmp_path, "Eights", EightsGreedy())
    assert outcome.startswith("ok: ") and int(outcome.split()[1]) > 1, outcome


def test_browser_page_draws_the_third_game_plainly_without_breaking(server: Any, tmp_path: Path) -> None:
    outcome = _page_outcome(server, tmp_path, "Shedding", GreedyBot())
    assert outcome.startswith("ok: ") and int(outcome.split()[1]) > 1, outcome


# --------------------------------------------------------------------------- environments


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_environments_pettingzoo_api_test() -> None:
    from eighthalf.envs import env_for

    for players in (2, 4):
        api_test(env_for("shedding", players), num_cycles=200)


def test_environments_gymnasium_check_env() -> None:
    from eighthalf.envs.seat import seat_env_id

    made = gymnasium.make(
        seat_env_id("shedding"), players=3, seat=2, opponents=("greedy", "random"), render_mode="ansi"
    )
    check_env(made.unwrapped)


def test_environments_openspiel_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from eighthalf.envs.spiel import spiel_game_for

    assert spiel_game_for("shedding").__name__ == "SheddingSpielGame"  # registers python_shedding
    for players in (2, 4):
        game = pyspiel.load_game("python_shedding", {"players": players})
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_environments_views_leak_nothing_through_the_encoding() -> None:
    from shedding.encoding import ENCODING

    state = SHEDDING.start(3, seed=2)
    for seat in range(3):
        assert_no_leaks(state, seat, lambda s, who: ENCODING.encode_view(SHEDDING.view(s, who)).tolist(),
                        rng=random.Random(seat), game=SHEDDING)  # fmt: skip
