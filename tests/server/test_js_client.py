"""The JavaScript client (``clients/js``, issue 39): its generated files, its Node tests, its types.

* The table page runs the client itself: ``eighthalf/server/static/client.js`` and ``frames.js``
  are the package's own files, byte for byte (no Node needed to check that).
* ``scripts/generate.mjs`` run again on the shipped schemas, into a temporary folder, writes
  the checked-in TypeScript types (``types/schemas.d.ts``, by json-schema-to-typescript) and the
  frames' schemas the client checks frames against (``src/frames.js``) unchanged.
* The package's Node tests (``node --test``) play both games through the client against a real
  server process started here, and start, drain, kill and restart servers of their own.
* The typed example front-end and the package's declarations pass ``tsc --strict --noEmit``.

Without Node, or without the package's dev dependencies (``npm ci`` in ``clients/js``, which
``.ci/run`` does), the tests that need them skip and say so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from server_support import (
    ROOT,
    ServerProcess,
    server_fixture,  # noqa: F401 (fixtures: imported, they serve this module)
)

CLIENT = ROOT / "clients" / "js"
"""The JavaScript client's package."""

STATIC = ROOT / "eighthalf" / "server" / "static"
"""The server's browser pages, which load the client's copy."""

BOUND = 600
"""The seconds any one Node command may take: a bound on a hung process (they wait on events)."""


def node() -> str:
    """Node's path (skips without Node)."""
    found = shutil.which("node")
    if found is None:
        pytest.skip("no Node.js: the JavaScript client's tests need node (20 or later) and npm ci in clients/js")
    return found


def dev_tool(package: str) -> Path:
    """The folder of one of the package's dev dependencies (skips if ``npm ci`` was not run)."""
    folder = CLIENT / "node_modules" / package
    if not (folder / "package.json").is_file():
        pytest.skip(f"the JavaScript client's dev dependencies are not installed: run npm ci in clients/js ({package})")
    return folder


def run(command: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a command in the package's folder, bounded; its output in the assertion if it fails."""
    done = subprocess.run(command, cwd=CLIENT, env=env, capture_output=True, text=True, timeout=BOUND, check=False)
    assert done.returncode == 0, (
        f"{' '.join(command)}: exit {done.returncode}\n{done.stdout[-6000:]}\n{done.stderr[-6000:]}"
    )
    return done


def test_the_table_page_runs_the_clients_own_files() -> None:
    for name in ("client.js", "frames.js"):
        assert (STATIC / name).read_bytes() == (CLIENT / "src" / name).read_bytes(), (
            f"eighthalf/server/static/{name} is not clients/js/src/{name}: run node clients/js/scripts/generate.mjs"
        )
    page, script, seat = ((STATIC / name).read_text(encoding="utf-8") for name in ("table.html", "table.js", "seat.js"))
    assert '<script type="module" src="/static/table.js">' in page
    assert 'import { TableConnection } from "./client.js";' in script
    assert 'import { seatHolder } from "./seat.js";' in script
    assert 'import { joinTable } from "./client.js";' in seat


def test_the_generated_types_and_frames_match_the_shipped_schemas(tmp_path: Path) -> None:
    executable = node()
    dev_tool("json-schema-to-typescript")
    schemas = ROOT / "eighthalf" / "schemas"
    run(
        [
            executable,
            "scripts/generate.mjs",
            "--schemas",
            str(schemas),
            "--out",
            str(tmp_path),
            "--static",
            str(tmp_path),
        ]
    )
    for generated in ("types/schemas.d.ts", "src/frames.js"):
        assert (tmp_path / generated).read_text(encoding="utf-8") == (CLIENT / generated).read_text(encoding="utf-8"), (
            f"clients/js/{generated} does not match eighthalf/schemas: run node clients/js/scripts/generate.mjs"
        )
    types = (CLIENT / "types" / "schemas.d.ts").read_text(encoding="utf-8")
    for name in ("StateMessage", "WelcomeMessage", "ServerMessage", "ClientMessage", "PlayerView", "EightsPlayerView"):
        assert f"export interface {name} " in types or f"export type {name} =" in types, name


def _websocket_flag(executable: str) -> list[str]:
    """``--experimental-websocket`` where Node has no WebSocket of its own (Node 20; 22 has one)."""
    probe = subprocess.run(
        [executable, "-e", "process.exit(typeof WebSocket === 'function' ? 0 : 1)"], timeout=60, check=False
    )
    return [] if probe.returncode == 0 else ["--experimental-websocket"]


def test_the_node_tests_play_both_games_against_a_real_server(server: ServerProcess) -> None:
    executable = node()
    tests = sorted(str(path.relative_to(CLIENT)) for path in (CLIENT / "test").glob("*.test.mjs"))
    assert len(tests) >= 3
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {
        **os.environ,
        "EIGHTHALF_TEST_URL": server.url,
        "EIGHTHALF_PYTHON": sys.executable,
        "PYTHONPATH": python_path,
    }
    done = run([executable, *_websocket_flag(executable), "--test", *tests], env=env)
    summary = {
        key: int(value)
        for key, _, value in (line[2:].partition(" ") for line in done.stdout.splitlines() if line.startswith("# "))
        if key in ("tests", "pass", "fail", "skipped", "cancelled") and value.isdigit()
    }
    assert summary.get("fail") == 0 and summary.get("skipped") == 0 and summary.get("cancelled") == 0, summary
    assert summary.get("pass", 0) >= 10, summary


def test_the_example_front_end_and_the_declarations_pass_tsc_strict() -> None:
    executable = node()
    compiler = dev_tool("typescript") / "bin" / "tsc"
    run([executable, str(compiler), "--strict", "--noEmit", "-p", "examples/tsconfig.json"])


def test_npm_pack_builds_the_package() -> None:
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("no npm: the JavaScript client's package is built with npm pack")
    done = run([npm, "pack", "--dry-run", "--json", "--ignore-scripts"])
    (packed,) = json.loads(done.stdout)
    files = {entry["path"] for entry in packed["files"]}
    assert {
        "package.json",
        "README.md",
        "src/client.js",
        "src/client.d.ts",
        "src/frames.js",
        "types/schemas.d.ts",
    } <= files
    assert not any(name.startswith(("test/", "node_modules/", "scripts/")) for name in files), files
    manifest = json.loads((CLIENT / "package.json").read_text(encoding="utf-8"))
    assert manifest["type"] == "module" and "dependencies" not in manifest  # nothing at run time
    assert all(not version.startswith(("^", "~")) for version in manifest["devDependencies"].values())
