"""README.md tells the truth: every shell command and every Python snippet in it runs (issue 11).

What is run:

- every line of the fenced ``sh``/``console``/``bash``/``shell`` blocks (comments and
  a leading ``$`` removed; ``a && b`` is run as ``a``, then ``b``);
- every inline code span that is a command (it starts with ``python -m``,
  ``eighthalf `` or ``nox ``);
- every fenced ``python`` block: as a doctest when it has ``>>>`` prompts, else as a
  script.

Commands are run as written, from the repository's root, with this test's Python for
``python`` and ``q`` typed at any question (``play`` is interactive), except for these
documented substitutions, for commands that would take minutes, install things or run
this very suite:

- ``python -m pip install ...``: the package under test is already installed (the
  suite runs against it); the substitution checks that ``eighthalf`` is installed, from
  this source tree, at this version, with the extras named.
- ``python -m pytest ...``: running the suite from inside the suite would recurse; the
  substitution collects it (``--collect-only -q``) with the same arguments, which checks
  that the command line is valid and that the tests are found.
- ``--rounds N`` of ``simulate`` above :data:`MAX_ROUNDS` rounds: ``--rounds 300`` (a
  run of 100,000 rounds takes minutes on a small machine).
- ``--games N`` of ``eights simulate`` above :data:`MAX_GAMES` games: ``--games 50``
  (a game of Eights is a few dozen turns of spelling).
- ``python -m benchmarks``: the full run takes minutes and compiles a copy of the core;
  the substitution is a quick run of the loaded build (``--builds loaded --quick -k
  reference``).
- ``python -m eighthalf.build``: compiling in place would change the build this very
  suite tests (the compiled build has its own run in ``.ci/run``); ``--help`` shows the
  command exists.
- ``python -m eighthalf.schemas DIR``: writes into a scratch folder, not over the
  shipped schemas.
- ``nox -l``: run as written when nox is installed; nox is not a test dependency, so
  without it the substitution checks that ``noxfile.py`` defines every session the
  README names in backticks on that line.
- ``python -m eighthalf serve ...`` (or ``eighthalf serve``): a server runs until stopped;
  the substitution starts it as written but on a free port of 127.0.0.1 with a scratch
  database (``--port 0 --db ...``), reads the URL it prints, fetches the lobby page and
  ``/api/games`` from it, and stops it.
- ``nox -s NAME ...``: a session runs minutes (``soak`` runs the long soak, ``tests`` this
  very suite), so it is never run from here; the substitution checks that
  ``noxfile.py`` defines every session named.

A command that fits none of these and that the test does not know how to run fails
the test, so that a new kind of command gets a rule here rather than going untested.
"""

from __future__ import annotations

import ast
import doctest
import importlib.metadata
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import eighthalf

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_ROUNDS = 1000
"""The most rounds a README ``simulate`` command is run with (see the module text)."""
MAX_GAMES = 50
"""The most games a README ``eights simulate`` command is run with (see the module text)."""

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
_SHELL = {"sh", "console", "bash", "shell"}
_INLINE = re.compile(r"(?<!`)`([^`]+)`(?!`)")
_COMMAND_START = ("python -m ", "eighthalf ", "nox ")


def _text() -> str:
    return README.read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """The README without its fenced blocks."""
    return _FENCE.sub("", text)


def shell_commands(text: str) -> list[str]:
    """Every command of the README, in order: fenced shell lines split at ``&&``, then inline commands."""
    commands: list[str] = []
    for language, body in _FENCE.findall(text):
        if language not in _SHELL:
            continue
        for line in body.splitlines():
            line = line.strip()
            if line.startswith("$ "):
                line = line[2:]
            if not line or line.startswith("#"):
                continue
            line = re.sub(r"\s+#.*$", "", line)
            commands.extend(part.strip() for part in line.split("&&") if part.strip())
    for span in _INLINE.findall(_prose(text)):
        span = " ".join(span.split())
        if span.startswith(_COMMAND_START) and len(span.split()) > 1:
            commands.append(span)
    return commands


def python_snippets(text: str) -> list[str]:
    """Every fenced ``python`` block of the README."""
    return [body for language, body in _FENCE.findall(text) if language in {"python", "py", "pycon"}]


def _nox_line(text: str) -> str:
    return next(line for line in _prose(text).splitlines() if "`nox -l`" in line)


def _check_installed(words: list[str]) -> None:
    """The substitution of ``python -m pip install [-e] <target>``."""
    target = words[-1].strip("\"'")
    match = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", target)
    assert match is not None, f"a pip install of {target!r}: add a rule for it in tests/test_readme.py"
    assert importlib.metadata.version("eighthalf") == eighthalf.__version__
    assert Path(eighthalf.__file__).resolve().is_relative_to(ROOT), "eighthalf is not installed from this tree"
    extras = [name for name in (match.group(1) or "").split(",") if name]
    requirements = importlib.metadata.requires("eighthalf") or []
    for extra in extras:
        needed = [req for req in requirements if re.search(rf"extra\s*==\s*['\"]{extra}['\"]", req)]
        assert needed, f"the README installs the extra [{extra}], which the package does not define"
        for requirement in needed:
            name = re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0]
            assert importlib.metadata.version(name), f"{name} of the [{extra}] extra is not installed"


def _check_nox(text: str) -> None:
    """The substitution of ``nox -l`` without nox: the sessions the README names exist."""
    sessions = _nox_sessions()
    named = set(re.findall(r"`(\w+)`", _nox_line(text)))
    assert named, "the README's nox line names no session"
    assert named <= sessions, f"the README names sessions that noxfile.py lacks: {sorted(named - sessions)}"


def _nox_sessions() -> set[str]:
    """The sessions that ``noxfile.py`` defines (read from its source: nox need not be installed)."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and any("session" in ast.unparse(decorator) for decorator in node.decorator_list)
    }


def _check_nox_sessions(words: list[str]) -> None:
    """The substitution of ``nox -s NAME ...``: every session named exists, none is run."""
    named = [words[at + 1] for at, word in enumerate(words[:-1]) if word in ("-s", "--session", "--sessions")]
    assert named, f"{' '.join(words)!r}: a nox command of the README that names no session; add a rule for it"
    missing = sorted(set(named) - _nox_sessions())
    assert not missing, f"the README runs nox sessions that noxfile.py lacks: {missing}"


def _without(words: list[str], option: str) -> list[str]:
    """``words`` without ``option`` and its value."""
    if option not in words:
        return words
    at = words.index(option)
    return words[:at] + words[at + 2 :]


def _check_serve(rest: list[str]) -> None:
    """Run ``serve`` as written, but on a free loopback port with a scratch database: the
    lobby and the games answer, then the server is stopped (see the module text)."""
    import json
    import urllib.request

    scratch = Path(tempfile.mkdtemp(prefix="readme-serve-"))
    args = _without(_without(_without(rest, "--port"), "--db"), "--host")
    command = [sys.executable, "-m", "eighthalf", *args, "--host", "127.0.0.1", "--port", "0"]
    command += ["--db", str(scratch / "tables.sqlite3")]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # "eighthalf serve: http://127.0.0.1:PORT/ (...)"
        assert line.startswith("eighthalf serve: http://127.0.0.1:"), line
        url = line.split()[2]
        with urllib.request.urlopen(url, timeout=30) as page:
            assert b"<html" in page.read()
        with urllib.request.urlopen(url + "api/games", timeout=30) as games:
            assert {"8½", "Eights"} <= {game["name"] for game in json.loads(games.read())}  # and any registered
    finally:
        process.kill()
        process.wait(timeout=30)
        if process.stdout is not None:
            process.stdout.close()


def _argv(command: str) -> list[str] | None:
    """The command as run, or ``None`` when it was checked by a substitution instead."""
    words = shlex.split(command)
    if words[:4] == ["python", "-m", "pip", "install"]:
        _check_installed(words)
        return None
    if words[:1] == ["nox"]:
        if words != ["nox", "-l"]:
            _check_nox_sessions(words)
            return None
        if importlib.util.find_spec("nox") is None:
            _check_nox(_text())
            return None
        return [sys.executable, "-m", "nox", *words[1:]]
    if words[:3] == ["python", "-m", "pytest"]:
        return [sys.executable, "-m", "pytest", *words[3:], "--collect-only", "-q", "-p", "no:cacheprovider"]
    if words[:3] == ["python", "-m", "benchmarks"]:
        # The full suite takes minutes and builds the compiled copy; a quick run of the loaded
        # build shows the command works (tests/test_benchmarks.py covers the rest).
        return [sys.executable, "-m", "benchmarks", "--builds", "loaded", "--quick", "-k", "reference"]
    if words[:3] == ["python", "-m", "eighthalf.build"]:
        # Compiling in place would change the build that this very suite is testing; the
        # compiled build has its own run in .ci/run. Here: the command exists and answers.
        return [sys.executable, "-m", "eighthalf.build", "--help"]
    if words[:3] == ["python", "-m", "eighthalf.schemas"]:
        # Writes the schemas into a scratch folder instead of over the shipped ones.
        scratch = Path(tempfile.mkdtemp(prefix="readme-schemas-"))
        return [sys.executable, "-m", "eighthalf.schemas", str(scratch)]
    if words[:3] == ["python", "-m", "eighthalf"] or words[:1] == ["eighthalf"]:
        rest = words[3:] if words[0] == "python" else words[1:]
        if rest[:1] == ["serve"]:
            _check_serve(rest)
            return None
        if "--rounds" in rest:
            at = rest.index("--rounds") + 1
            if int(rest[at]) > MAX_ROUNDS:
                rest[at] = "300"
        if "--games" in rest:
            at = rest.index("--games") + 1
            if int(rest[at]) > MAX_GAMES:
                rest[at] = str(MAX_GAMES)
        script = Path(sys.executable).with_name("eighthalf")
        if words[0] == "eighthalf" and script.exists():  # the console script itself
            return [str(script), *rest]
        return [sys.executable, "-m", "eighthalf", *rest]
    pytest.fail(f"README command {command!r}: tests/test_readme.py has no rule to run it; add one")


def test_the_readme_has_commands_and_snippets() -> None:
    text = _text()
    commands = shell_commands(text)
    assert any(command.startswith("python -m eighthalf demo") for command in commands)
    assert any(command.startswith("python -m eighthalf simulate") for command in commands)
    assert any(command.startswith("python -m eighthalf eights simulate") for command in commands)
    assert any(command.startswith("python -m pytest") for command in commands)
    assert python_snippets(text)


@pytest.mark.parametrize("command", shell_commands(README.read_text(encoding="utf-8")))
def test_every_readme_command_runs(command: str) -> None:
    argv = _argv(command)
    if argv is None:
        return
    done = subprocess.run(
        argv,
        cwd=ROOT,
        input="q\n",
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"},
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, (
        f"{command!r} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    )
    assert "Traceback" not in done.stderr
    if "pytest" in argv:
        assert re.search(r"\d+ tests? collected", done.stdout), done.stdout[-500:]
    elif "eighthalf" in argv:
        assert done.stdout.strip()


@pytest.mark.parametrize("number", range(len(python_snippets(README.read_text(encoding="utf-8")))))
def test_every_readme_python_snippet_runs(number: int) -> None:
    snippet = python_snippets(_text())[number]
    if ">>>" in snippet:
        test = doctest.DocTestParser().get_doctest(snippet, {}, f"README.md snippet {number}", str(README), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        output: list[str] = []
        result = runner.run(test, out=output.append)
        assert result.attempted > 0
        assert result.failed == 0, "".join(output)
    else:
        exec(compile(snippet, f"README.md snippet {number}", "exec"), {"__name__": "__readme__"})


def test_nox_sessions_are_checked_not_run() -> None:
    """``nox -s soak`` is checked against noxfile.py, not run (it would take minutes); a missing session fails."""
    assert _argv("nox -s soak") is None
    with pytest.raises(AssertionError, match="lacks"):
        _argv("nox -s no_such_session")


def test_the_extraction_itself() -> None:
    """The extractor finds commands in fences, after ``$``, across ``&&`` and inline; not prose code."""
    sample = (
        "Run `python -m eighthalf demo --seed 1` or `new_game(4)`.\n\n"
        "```sh\n# comment\n$ python -m pip install . && python -m eighthalf --version  # note\n```\n\n"
        "```python\n>>> 1 + 1\n2\n```\n"
    )
    assert shell_commands(sample) == [
        "python -m pip install .",
        "python -m eighthalf --version",
        "python -m eighthalf demo --seed 1",
    ]
    assert python_snippets(sample) == [">>> 1 + 1\n2\n"]
