"""Each extra installs and imports alone (issue 18): eighthalf.envs with ``rl``, with ``openspiel``, with neither,
and the game server with ``server``.

Each probe plays both games: 8½ (``eighthalf.envs``) and Eights (``eighthalf.envs.eights``).

The environment variable ``EIGHTHALF_EXTRAS_VENVS`` names a folder of four virtual
environments, each with eighthalf installed (a regular install, not an editable one) with
one extra only: ``core`` (``pip install .``), ``rl`` (``pip install ".[rl]"``),
``openspiel`` (``pip install ".[openspiel]"``) and ``server`` (``pip install ".[server]"``,
whose probe serves a round on a free port of 127.0.0.1 and plays it through the Python client). ``.ci/run`` builds them; without the
variable these tests skip. In each environment a small script imports the parts of
:mod:`eighthalf.envs` and plays a round with each; the parts an extra provides must give
the same results as in this test's own environment (where every extra is installed), and
the others must raise an ``ImportError`` that names the extra to install.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENVS = os.environ.get("EIGHTHALF_EXTRAS_VENVS", "")

pytestmark = pytest.mark.skipif(
    not VENVS,
    reason="EIGHTHALF_EXTRAS_VENVS is unset: it names a folder of the venvs core, rl, openspiel and server "
    "(.ci/run builds them)",
)

SCRIPT = r"""
import importlib.metadata
import importlib.util
import json


def core():
    from eighthalf import apply, legal_moves, new_game

    state, moves = new_game(3, seed=1), 0
    while not state.over:
        state, moves = apply(state, legal_moves(state)[0]), moves + 1
    return [list(state.points), moves]


def envs():
    import eighthalf.envs

    return sorted(eighthalf.envs.__all__)


def encoding():
    from eighthalf import new_game, view
    from eighthalf.envs import action_to_move, encode_view

    return [str(action_to_move(88)), float(encode_view(view(new_game(4, seed=7), 2)).sum())]


def gym():
    from eighthalf.envs import SeatEnv

    table = SeatEnv(players=4, opponents=("greedy",))
    observation, info = table.reset(seed=3)
    rewards, done = [], False
    while not done:
        action = int(info["action_mask"].nonzero()[0][0])
        observation, reward, terminated, truncated, info = table.step(action)
        rewards.append(float(reward))
        done = terminated or truncated
    return [len(rewards), sum(rewards)]


def pettingzoo():
    from eighthalf.envs import env

    table = env(players=3)
    table.reset(seed=7)
    totals, steps = {}, 0
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        totals[agent] = totals.get(agent, 0.0) + float(reward)
        action = None if termination or truncation else int(observation["action_mask"].nonzero()[0][0])
        table.step(action)
        steps += 1
    table.close()
    return [steps, totals]


def openspiel():
    import eighthalf.envs.openspiel  # registers python_eighthalf (and imports pyspiel)
    import pyspiel

    state = pyspiel.load_game("python_eighthalf", {"players": 3}).new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
            moves += 1
    return [moves, list(state.returns())]


def eights_encoding():
    from eighthalf.eights import new_game, view
    from eighthalf.envs.eights import action_mask, encode_view

    seen = view(new_game(4, seed=7), 2)
    return [int(action_mask(seen).sum()), float(encode_view(seen).sum())]


def eights_gym():
    from eighthalf.envs.eights import SeatEnv

    table = SeatEnv(players=3, opponents=("greedy",))
    observation, info = table.reset(seed=3)
    rewards, done = [], False
    while not done:
        observation, reward, terminated, truncated, info = table.step(int(info["action_mask"].nonzero()[0][0]))
        rewards.append(float(reward))
        done = terminated or truncated
    return [len(rewards), sum(rewards)]


def eights_pettingzoo():
    from eighthalf.envs.eights import env

    table = env(players=4)
    table.reset(seed=7)
    totals, steps = {}, 0
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        totals[agent] = totals.get(agent, 0.0) + float(reward)
        table.step(None if termination or truncation else int(observation["action_mask"].nonzero()[0][0]))
        steps += 1
    return [steps, totals]


def eights_openspiel():
    import eighthalf.envs.eights.openspiel  # registers python_eights (and imports pyspiel)
    import pyspiel

    state = pyspiel.load_game("python_eights", {"players": 3}).new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(11)
        else:
            state.apply_action(state.legal_actions()[0])
            moves += 1
    return [moves, list(state.returns())]


def server():
    import asyncio
    import subprocess
    import sys

    from eighthalf.bots import GreedyBot
    from eighthalf.server.client import create_table, join, play

    command = [sys.executable, "-m", "eighthalf", "serve", "--port", "0", "--db", ":memory:"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = process.stdout.readline().split()[2]  # "eighthalf serve: http://127.0.0.1:PORT/ (...)"

        async def game():
            table = await create_table(url, {"game": "8½", "players": 2, "seats": [None, "greedy"], "seed": 5})
            token = await join(url, table["id"], 0, "probe")
            return (await play(url, table["id"], token, GreedyBot(), seed=1)).text

        return asyncio.run(game())
    finally:
        process.kill()
        process.wait()


results = {}
for probe in (
    core, envs, encoding, gym, pettingzoo, openspiel, eights_encoding, eights_gym, eights_pettingzoo, eights_openspiel, server
):
    try:
        results[probe.__name__] = {"value": probe()}
    except ImportError as error:
        results[probe.__name__] = {"import_error": str(error)}
import eighthalf

results["installed"] = {
    "file": eighthalf.__file__,
    "version": eighthalf.__version__,
    "urls": importlib.metadata.metadata("eighthalf").get_all("Project-URL"),
    "frameworks": sorted(
        name for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel") if importlib.util.find_spec(name)
    ),
}
print(json.dumps(results))
"""
"""Imports each part of eighthalf.envs and plays with it; prints the results (or the ImportError) as JSON."""

PROBES = (
    "core",
    "envs",
    "encoding",
    "gym",
    "pettingzoo",
    "openspiel",
    "eights_encoding",
    "eights_gym",
    "eights_pettingzoo",
    "eights_openspiel",
    "server",
)

EXPECTED = {
    "core": {"works": {"core"}, "frameworks": []},
    "rl": {
        "works": {
            "core",
            "envs",
            "encoding",
            "gym",
            "pettingzoo",
            "eights_encoding",
            "eights_gym",
            "eights_pettingzoo",
        },
        "frameworks": ["gymnasium", "numpy", "pettingzoo"],
    },
    "openspiel": {
        "works": {"core", "envs", "encoding", "openspiel", "eights_encoding", "eights_openspiel"},
        "frameworks": ["numpy", "pyspiel"],
    },
    "server": {"works": {"core", "server"}, "frameworks": []},
}
"""For each venv: the probes that play, and the frameworks its extra installs."""


def run_script(python: Path | str, cwd: Path) -> dict[str, Any]:
    """Run :data:`SCRIPT` with ``python`` in ``cwd`` (outside the checkout, so the installed eighthalf is imported)."""
    environment = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    completed = subprocess.run(
        [str(python), "-c", SCRIPT], cwd=cwd, env=environment, capture_output=True, text=True, timeout=600, check=False
    )
    assert completed.returncode == 0, completed.stderr
    results: dict[str, Any] = json.loads(completed.stdout)
    return results


def project_urls() -> dict[str, str] | None:
    """The ``[project.urls]`` of ``pyproject.toml`` (``None`` on Python 3.10, which has no tomllib)."""
    try:
        tomllib = importlib.import_module("tomllib")
    except ModuleNotFoundError:
        return None
    urls: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    return urls


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The script's results in this test's environment, where every extra is installed."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pyspiel")
    return run_script(sys.executable, tmp_path_factory.mktemp("reference"))


@pytest.mark.parametrize("extra", sorted(EXPECTED))
def test_each_extra_installs_and_imports_alone(extra: str, reference: dict[str, Any], tmp_path: Path) -> None:
    venv = Path(VENVS) / extra
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    assert python.exists(), f"no virtual environment {venv}: build it with {extra!r} only (see .ci/run)"
    results = run_script(python, tmp_path)

    installed = results["installed"]
    import eighthalf

    assert installed["version"] == eighthalf.__version__
    assert Path(installed["file"]).resolve().is_relative_to(venv.resolve()), "a regular install, not the checkout"
    assert installed["frameworks"] == EXPECTED[extra]["frameworks"]
    urls = project_urls()
    if urls is not None:
        assert installed["urls"] == [f"{name}, {url}" for name, url in urls.items()]

    for probe in PROBES:
        if probe in EXPECTED[extra]["works"]:
            assert results[probe] == reference[probe], probe
            continue
        assert "import_error" in results[probe], f"{probe} works without its extra: {results[probe]}"
        message = results[probe]["import_error"]
        if probe == "server":  # the server's client names its extra
            for text in ('the extra "server"', 'pip install ".[server]"', 'pip install "eighthalf[server]"'):
                assert text in message, (probe, message)
        elif extra == "core":
            # no numpy: importing eighthalf.envs names both extras, from a checkout and from an index
            for text in ("numpy", 'pip install ".[rl]"', '"openspiel"', 'pip install "eighthalf[rl]"'):
                assert text in message, (probe, message)
        elif extra == "server":  # no numpy either: importing eighthalf.envs names both of its extras
            for text in ("numpy", 'pip install ".[rl]"', '"openspiel"'):
                assert text in message, (probe, message)
        elif probe in ("gym", "pettingzoo", "eights_gym", "eights_pettingzoo"):
            for text in ('the extra "rl"', 'pip install ".[rl]"', 'pip install "eighthalf[rl]"'):
                assert text in message, (probe, message)
        else:  # importing eighthalf.envs.openspiel itself names its extra
            for text in ("pyspiel", "the extra 'openspiel'", 'pip install ".[openspiel]"'):
                assert text in message, (probe, message)
