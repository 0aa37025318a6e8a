"""The deployment page's nginx configuration, tried for real (issue 26, item 5).

``docs/deploy/nginx.conf`` (the file the docs show) is run by Debian's nginx, its example
values replaced by a free port, a self-signed certificate for 127.0.0.1 and a real server
process: a table is made and a whole game played over HTTPS and a ``wss://`` websocket
through it, and a page of another origin is refused. Skips, saying why, without nginx
(``apt-get install nginx``) or openssl.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import socket
import ssl
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import pytest
from postgres_support import new_database
from server_support import (
    WAIT_SECONDS,
    PausingBot,
    ServerProcess,
    http,
    server_fixture,  # noqa: F401 (the fixture serves this module)
    start_server,
    stop_server,
)
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from eighthalf.registry import find
from eighthalf.server.client import play

CONFIG: Final = Path(__file__).resolve().parents[2] / "docs" / "deploy" / "nginx.conf"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def proxy(server: ServerProcess, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """nginx with the docs' configuration in front of ``server``: its https URL and its certificate."""
    with nginx_before([server], tmp_path_factory.mktemp("nginx")) as proxied:
        yield proxied


@contextlib.contextmanager
def nginx_before(servers: Sequence[ServerProcess], directory: Path) -> Iterator[tuple[str, Path]]:
    """nginx with the docs' configuration in front of ``servers`` (the upstream's servers), in
    ``directory``: its https URL and its certificate. Skips without nginx or openssl."""
    nginx, openssl = shutil.which("nginx") or "/usr/sbin/nginx", shutil.which("openssl")
    if not Path(nginx).exists() or openssl is None:
        pytest.skip("no nginx or openssl: apt-get install nginx")
    (directory / "logs").mkdir(parents=True)
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert)]
        + ["-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
    )
    port = _free_port()
    text = CONFIG.read_text(encoding="utf-8")
    for example, real in (
        ("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"),
        ("server 127.0.0.1:8000;", " ".join(f"server 127.0.0.1:{server.port};" for server in servers)),
        ("/etc/ssl/certs/games.example.org.pem", str(cert)),
        ("/etc/ssl/private/games.example.org.key", str(key)),
    ):
        assert example in text, f"docs/deploy/nginx.conf no longer has {example!r}"
        text = text.replace(example, real)
    (directory / "nginx.conf").write_text(text, encoding="utf-8")
    settings = f"daemon off; master_process off; pid {directory}/nginx.pid; error_log {directory}/error.log;"
    with (directory / "stderr.txt").open("wb") as stderr:
        process = subprocess.Popen(
            [nginx, "-p", str(directory), "-c", str(directory / "nginx.conf"), "-g", settings],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    try:
        while True:  # until it listens, or exits: however long the machine takes
            if process.poll() is not None:
                raise AssertionError(f"nginx exited: {(directory / 'stderr.txt').read_text(errors='replace')}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                time.sleep(0.02)
        yield f"https://127.0.0.1:{port}", cert
    finally:
        process.kill()
        process.wait()


def _https(url: str, cert: Path, method: str = "GET", body: object = None) -> tuple[int, Any]:
    context = ssl.create_default_context(cafile=str(cert))
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, context=context, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_game_is_played_over_https_and_wss_through_the_docs_nginx(
    proxy: tuple[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, cert = proxy
    assert _https(f"{url}/healthz", cert) == (200, {"status": "ok"})
    status, table = _https(
        f"{url}/api/tables", cert, "POST", {"game": "Eights", "players": 2, "seats": [None, "greedy"]}
    )
    assert status == 201, table
    status, joined = _https(f"{url}/api/tables/{table['id']}/seats/0", cert, "POST", {"name": "Anna"})
    assert status == 201, joined
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the client's wss:// trusts the test's certificate
    result = asyncio.run(play(url, table["id"], joined["token"], find("eights").bot("greedy"), seed=1))
    status, summary = _https(f"{url}/api/tables/{table['id']}", cert)
    assert summary["result"]["text"] == result.text and summary["moves"] > 0


def test_a_page_of_the_proxied_origin_connects_and_another_origin_is_refused(proxy: tuple[str, Path]) -> None:
    url, cert = proxy
    status, table = _https(
        f"{url}/api/tables", cert, "POST", {"game": "Eights", "players": 2, "seats": [None, "greedy"]}
    )
    assert status == 201
    context = ssl.create_default_context(cafile=str(cert))
    socket_url = f"{url.replace('https', 'wss', 1)}/ws/{table['id']}"

    async def main() -> None:
        async with connect(socket_url, ssl=context, origin=url) as websocket:  # type: ignore[arg-type]
            await websocket.send(json.dumps({"type": "hello"}))
            assert json.loads(await websocket.recv())["type"] == "welcome"
        with pytest.raises(InvalidStatus) as refused:
            await connect(socket_url, ssl=context, origin="https://evil.example")  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403

    asyncio.run(main())


def test_two_processes_behind_the_docs_nginx_the_driver_killed_mid_game_and_the_client_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several processes on one PostgreSQL database behind the docs' nginx (upstream: both):
    the process driving the table is killed while the Python client thinks over a move; the
    client connects again through nginx, which answers from the other process, and the game
    is finished there (:doc:`deploy`, "Several processes, PostgreSQL")."""
    database = new_database()  # skips without PostgreSQL
    import psycopg

    servers = [start_server(tmp_path / f"process{number}", db=database) for number in range(2)]
    bot = PausingBot()
    try:
        with nginx_before(servers, tmp_path / "nginx") as (url, cert):
            settings = {"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 5}
            status, table = _https(f"{url}/api/tables", cert, "POST", settings)
            assert status == 201, table
            status, joined = _https(f"{url}/api/tables/{table['id']}/seats/0", cert, "POST", {"name": "Anna"})
            assert status == 201, joined
            monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the client's wss:// trusts the test's certificate
            client = play(url, table["id"], joined["token"], bot, seed=1, backoff=(0.25,) * 200)
            outcome: list[Any] = []
            player = threading.Thread(target=lambda: outcome.append(asyncio.run(client)))
            player.start()
            assert bot.paused.wait(WAIT_SECONDS)  # mid-game: the client thinks over its third move
            with psycopg.connect(database) as connection:
                row = connection.execute("SELECT owner FROM leases WHERE table_id = %s", (table["id"],)).fetchone()
            assert row is not None
            (driver,) = [server for server in servers if http(server, "GET", "/readyz")[1]["process"] == row[0]]
            stop_server(driver)  # SIGKILL
            bot.resume.set()
            player.join(10 * WAIT_SECONDS)  # bounded against a hang only: the client's backoff ends first
            assert outcome, "the client did not finish the game"
            status, summary = _https(f"{url}/api/tables/{table['id']}", cert)
            assert status == 200 and summary["result"]["text"] == outcome[0].text
    finally:
        bot.resume.set()
        for server in servers:
            stop_server(server)
