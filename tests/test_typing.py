"""The package, the tests, the examples and the benchmarks type-check under ``mypy --strict``."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
_CHECKED = ("eighthalf", "tests", "examples", "benchmarks")


def _targets() -> list[str]:
    """The checked directories that exist and hold Python files (mypy refuses empty ones)."""
    return [name for name in _CHECKED if (ROOT / name).is_dir() and any((ROOT / name).rglob("*.py"))]


def test_mypy_strict_passes() -> None:
    targets = _targets()
    assert "eighthalf" in targets and "tests" in targets
    stdout, stderr, status = api.run(
        ["--strict", "--config-file", str(ROOT / "pyproject.toml"), *(str(ROOT / name) for name in targets)]
    )
    assert status == 0, f"mypy --strict {' '.join(targets)} failed (exit {status}):\n{stdout}{stderr}"


def _mypy_errors(tmp_path: Path, code: str) -> list[int]:
    """The lines of ``code`` that ``mypy --strict`` reports an error on (as in tests/eights/test_eights_bots.py)."""
    source = tmp_path / "user_code.py"
    source.write_text(code, encoding="utf-8")
    stdout, stderr, _ = api.run(["--strict", "--no-incremental", str(source)])
    errors = [line for line in stdout.splitlines() if ": error:" in line]
    assert all(line.startswith(str(source)) for line in errors), stdout + stderr
    return [int(line.split(":")[1]) for line in errors]


def test_t3_the_type_checker_refuses_text_where_a_move_belongs(tmp_path: Path) -> None:
    """``apply(state, "7")`` is a type error in both games and in 8½'s match (issue 37); a parsed move is not.

    At run time the same call is a NotAMoveError pointing to parse_move (T3; tests/test_text.py).
    """
    code = (
        "from eighthalf import GameState, Match, apply, new_game, new_match, parse_match_move, parse_move\n"
        "from eighthalf import eights\n"
        "state = new_game(2, seed=1)\n"
        'fine: GameState = apply(state, parse_move("7"))\n'
        't: GameState = apply(state, "7")\n'
        "game = eights.new_game(2, seed=1)\n"
        'good: eights.GameState = eights.apply(game, eights.parse_move("pass"))\n'
        'wrong: eights.GameState = eights.apply(game, "pass")\n'
        "match = new_match(2, seed=1)\n"
        'ok: Match = match.apply(parse_match_move("7"))\n'
        'bad: Match = match.apply("7")\n'
    )
    assert _mypy_errors(tmp_path, code) == [5, 8, 11]


def test_assert_no_leaks_takes_a_render_typed_for_the_seat_it_is_given(tmp_path: Path) -> None:
    """A render of ``(GameState, int)`` type-checks for a player's seat (issue 37), and the older forms still do.

    A render that takes only an int is refused for a seat that may be None (a spectator).
    """
    code = (
        "import random\n"
        "from eighthalf import GameState, new_game, view\n"
        "from eighthalf.eights import GameState as EightsState\n"
        "from eighthalf.games.eights.game import EIGHTS\n"
        "from eighthalf.testing import assert_no_leaks\n"
        "def render(state: GameState, seat: int) -> str:\n"
        "    return repr(view(state, seat))\n"
        "def render_any(state: GameState, seat: int | None) -> str:\n"
        "    return repr(view(state, seat))\n"
        "def render_eights(state: EightsState, seat: int) -> str:\n"
        "    return repr(EIGHTS.view(state, seat))\n"
        "state = new_game(4, seed=7)\n"
        "rng = random.Random(1)\n"
        "assert_no_leaks(state, 0, render, rng=rng)\n"
        "assert_no_leaks(state, 0, render_any, rng=rng)\n"
        "assert_no_leaks(state, None, render_any, rng=rng)\n"
        "assert_no_leaks(state, 0, lambda s, seat: repr(view(s, seat)), rng=rng)\n"
        "assert_no_leaks(EIGHTS.start(3, seed=5), 1, render_eights, rng=rng, game=EIGHTS)\n"
        "assert_no_leaks(EIGHTS.start(3, seed=5), 1, EIGHTS.view, rng=rng, game=EIGHTS)\n"
        "def spectator_too(seat: int | None) -> None:\n"
        "    assert_no_leaks(state, seat, render, rng=rng)\n"
        "assert_no_leaks(state, None, render, rng=rng)\n"
    )
    assert _mypy_errors(tmp_path, code) == [21, 22]
