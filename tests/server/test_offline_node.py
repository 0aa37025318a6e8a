"""The offline engine in Pyodide under Node (``clients/offline``): the pure wheel of eighthalf,
built here (``pip wheel``), installs and plays seeded games to the same final states as CPython,
and refuses moves with the same words (``node --test``)."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from offline_support import OFFLINE_CLIENT, pyodide_folder

from eighthalf.server.offline import OfflineTable
from eighthalf.server.web.offline import ARCHIVES, site_archive

ROOT = Path(__file__).parents[2]
BOUND = 600
"""The seconds the Node test may take: a bound on a hung process."""


def _pure_wheel(folder: Path) -> Path:
    """The pure wheel (``py3-none-any``) of this checkout, built into ``folder`` (with the
    installed hatchling if there is one, else in pip's isolated build)."""
    isolated = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", *isolated, "-q", "-w", str(folder), str(ROOT)]
    subprocess.run(command, check=True, capture_output=True, timeout=BOUND)
    (wheel,) = folder.glob("eighthalf-*-py3-none-any.whl")
    return wheel


def _game(settings: dict[str, Any], seed: int) -> dict[str, Any]:
    """A seeded game played in CPython: the person's moves, the frames' numbers, the last frame, the final state."""
    table = OfflineTable(settings["table"], name=settings["name"])
    rng = random.Random(seed)
    frames = [json.loads(table.frame())]
    moves = []
    while True:
        while (moved := table.bot_move()) is not None:
            frames.append(json.loads(moved))
        if frames[-1]["result"] is not None:
            break
        moves.append(rng.choice(frames[-1]["moves"]))
        frames.append(json.loads(table.move(moves[-1], frames[-1]["number"])))
    numbers = [frame["number"] for frame in frames]
    return {
        "settings": settings,
        "moves": moves,
        "numbers": numbers,
        "last": frames[-1],
        "final": json.loads(table.final()),
    }


def _refusals(settings: dict[str, Any]) -> dict[str, Any]:
    table = OfflineTable(settings["table"], name=settings["name"], locale=settings["lang"])
    frame = json.loads(table.frame())
    tries = ["zz", "", *sorted(frame.get("refused") or {})[:5]]
    return {
        "settings": settings,
        "tries": tries,
        "errors": [json.loads(table.move(text, frame["number"])) for text in tries],
    }


def test_the_pure_wheel_plays_in_pyodide_as_in_cpython(tmp_path: Path) -> None:
    pyodide_folder()
    archives = []
    for name, modules in ARCHIVES.items():
        if name != "eighthalf":  # the dependencies as installed here; eighthalf as its wheel
            archives.append(tmp_path / f"{name}.zip")
            archives[-1].write_bytes(site_archive(name, modules))
    archives.append(_pure_wheel(tmp_path / "wheel"))
    expected = {
        "games": [
            _game({"table": {"game": game, "seed": seed}, "name": "Ann"}, seed)
            for game, seed in (("8½", 21), ("Eights", 22), ("Eights", 23))
        ],
        "refusals": [
            _refusals({"table": {"game": game, "seed": seed}, "name": "Ann", "lang": lang})
            for game, seed, lang in (("8½", 24, "fr"), ("Eights", 25, "nl"), ("8½", 26, "en"))
        ],
    }
    (tmp_path / "expected.json").write_text(json.dumps(expected, ensure_ascii=False), encoding="utf-8")
    env = {
        **os.environ,
        "EIGHTHALF_OFFLINE_ARCHIVES": os.pathsep.join(map(str, archives)),
        "EIGHTHALF_OFFLINE_EXPECTED": str(tmp_path / "expected.json"),
    }
    done = subprocess.run(
        ["node", "--test", "test/"],
        cwd=OFFLINE_CLIENT,
        env=env,
        capture_output=True,
        text=True,
        timeout=BOUND,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert "# pass 5" in done.stdout, done.stdout[-2000:]
