"""The ``serve`` command: one line of error for what it cannot do, and a clean stop on Ctrl-C."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from server_support import new_table, start_server, stop_server

from eighthalf.server.client import TableConnection
from eighthalf.server.client import main as client_main

SERVE = [sys.executable, "-m", "eighthalf", "serve"]


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SERVE, *args], capture_output=True, text=True, timeout=60, check=False)


def test_a_port_in_use_is_one_line_of_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve("--port", str(port), "--db", ":memory:")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"eighthalf serve: error: cannot serve on 127.0.0.1 port {port}: Address already in use"
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "65536"], "argument --port: a port is a number from 0 to 65535, not '65536'"),
        (["--port", "eighty"], "argument --port: a port is a number from 0 to 65535, not 'eighty'"),
        (["--sync", "sometimes"], "argument --sync: invalid choice: 'sometimes'"),
        (["--db", ""], "argument --db: a database file or a postgresql:// URL, not an empty string"),
        (["--allow-origin", "https://example.org/"], "argument --allow-origin: an origin is http:// or https://"),
        (["--allow-origin", "example.org"], "argument --allow-origin: an origin is http:// or https://"),
        (["--allow-origin", "*"], "argument --allow-origin: an origin is http:// or https://"),
    ],
)
def test_bad_arguments_stop_with_status_2(args: list[str], message: str) -> None:
    done = _serve(*args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_a_file_that_is_no_database_is_one_line_of_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("not a database, " * 100)
    done = _serve("--port", "0", "--db", str(path))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"eighthalf serve: error: cannot open the database {path}: file is not a database"
    ]
    assert path.read_text() == "not a database, " * 100  # nothing changed


def test_a_database_file_in_a_missing_folder_or_a_folder_is_one_line_that_says_so(tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "tables.sqlite3"  # deploy.rst's /var/lib/eighthalf, not made yet
    done = _serve("--port", "0", "--db", str(missing))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"eighthalf serve: error: cannot open the database {missing}: unable to open database file "
        f"(no folder {missing.parent})"
    ]
    done = _serve("--port", "0", "--db", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"eighthalf serve: error: cannot open the database {tmp_path}: unable to open database file (it is a folder)"
    ]


def test_a_database_that_does_not_answer_is_one_line_of_error() -> None:
    pytest.importorskip("psycopg")
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    done = _serve("--port", "0", "--db", f"postgresql://game:secret@127.0.0.1:{port}/tables")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr  # libpq's runs on
    assert done.stderr.startswith(
        f"eighthalf serve: error: cannot reach the database postgresql://game@127.0.0.1:{port}/"
    )
    assert "secret" not in done.stderr


def test_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [*SERVE, "--port", "0", "--db", str(tmp_path / "tables.sqlite3")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("eighthalf serve: http://127.0.0.1:"), line
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=30)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 0
    assert "Traceback" not in errors and "Application shutdown complete." in errors
    assert (tmp_path / "tables.sqlite3").exists()  # created on first use


@pytest.mark.parametrize("hours", ["-1", "x", "nan", "9000"])
def test_abandon_after_takes_hours_from_0_to_8760(hours: str) -> None:
    result = _serve("--abandon-after", hours)
    assert result.returncode == 2
    assert f"argument --abandon-after: hours from 0 (never) to 8760, not {hours!r}" in result.stderr


def test_log_format_json_writes_one_json_object_a_line(tmp_path: Path) -> None:
    server = start_server(tmp_path / "server", "--log-format", "json")
    try:
        new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"]})
    finally:
        stop_server(server)
    lines = [line for line in server.stderr.read_text(encoding="utf-8").splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines]  # every line is one JSON object
    assert entries and all({"time", "level", "logger", "message"} <= set(entry) for entry in entries)
    assert any(entry["logger"] == "eighthalf.server" and "made" in entry["message"] for entry in entries)
    assert any(entry["logger"] == "uvicorn.access" for entry in entries)


@pytest.mark.parametrize("option", [(), ("--ws-compression", "deflate"), ("--ws-compression", "none")])
def test_ws_compression_says_whether_frames_are_compressed(tmp_path: Path, option: tuple[str, ...]) -> None:
    """Browsers offer permessage-deflate; the server takes it unless told ``none``, and a
    client that does not offer it (the Python client's default) gets plain frames either way."""
    server = start_server(tmp_path / "server", *option)
    try:
        table = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"]})["id"]

        async def extensions(compress: bool) -> str | None:
            async with TableConnection.open(server.url, table, compress=compress) as connection:
                assert connection.seat is None  # a spectator, welcomed
                response = connection.socket.response
                assert response is not None
                return response.headers.get("Sec-WebSocket-Extensions")

        offered, plain = asyncio.run(extensions(True)), asyncio.run(extensions(False))
    finally:
        stop_server(server)
    assert plain is None
    if option[-1:] == ("none",):
        assert offered is None
    else:
        assert offered is not None and offered.startswith("permessage-deflate"), offered


def test_ws_compression_takes_deflate_or_none() -> None:
    answer = _serve("--ws-compression", "gzip")
    assert answer.returncode == 2 and "invalid choice: 'gzip'" in answer.stderr, answer.stderr


CLIENT = "python -m eighthalf.server.client"


@pytest.mark.parametrize("url", ["localhost:8000", "ftp://127.0.0.1", "http://", "127.0.0.1"])
def test_the_clients_url_is_an_http_url_or_one_line_of_usage_error(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        client_main([url, "t1", "0", "greedy"])
    assert stopped.value.code == 2
    assert f"{CLIENT}: error: argument url: expected the server's http:// or https:// URL, not {url!r}" in (
        capsys.readouterr().err
    )


def test_the_client_says_in_one_line_that_no_server_answers(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as closed:  # a loopback port nobody listens on once this socket is closed
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    assert client_main([f"http://127.0.0.1:{port}", "t1", "0", "greedy"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(
        f"{CLIENT}: error: cannot reach 'http://127.0.0.1:{port}/api/tables/t1':"
    )


def test_the_client_says_in_one_line_that_a_table_is_missing_or_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = start_server(tmp_path)
    try:
        assert client_main([server.url, "nope", "0", "greedy"]) == 1
        assert capsys.readouterr().err.strip() == f"{CLIENT}: error: no table 'nope'"
        made = new_table(server, {"game": "Eights", "players": 2, "seats": [None, "greedy"], "seed": 2})
        assert client_main([server.url, made["id"], "0", "greedy", "--seed", "1"]) == 0  # plays the game to its end
        assert capsys.readouterr().out.strip()  # the result's text
        assert client_main([server.url, made["id"], "0", "greedy"]) == 1
        assert (
            capsys.readouterr().err.strip() == f"{CLIENT}: error: the game of this table is over: no seat can be taken"
        )
    finally:
        stop_server(server)


def test_a_second_process_on_one_sqlite_database_is_one_line_of_error(tmp_path: Path) -> None:
    if sys.platform == "win32":
        pytest.skip("no flock on Windows")
    database = tmp_path / "tables.sqlite3"
    server = start_server(tmp_path, db=str(database))
    try:
        second = _serve("--port", "0", "--db", str(database))  # it would drive the same tables unseen
        assert second.returncode == 2
        assert second.stderr.strip().splitlines() == [
            f"eighthalf serve: error: the database {database} is served by another process already "
            "(one process per SQLite database; several processes share a PostgreSQL one)"
        ]
        assert server.process.poll() is None  # the first serves on
    finally:
        stop_server(server)
    again = start_server(tmp_path / "again", db=str(database))  # the lock went with the process
    stop_server(again)
