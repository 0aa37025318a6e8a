"""The two builds (issue 12): which one is loaded, and the promises the state classes keep in both.

The README's test command runs this whole suite on the pure build; ``.ci/run`` runs it a
second time after ``python -m eighthalf.build``, with ``EIGHTHALF_EXPECT_BUILD=compiled``
so that a compiled build that silently failed to load fails here.
"""

from __future__ import annotations

import ast
import copy
import doctest
import importlib
import importlib.util
import itertools
import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import attrs
import pytest

import eighthalf
import eighthalf.eights
import eighthalf.games.eighthalf.engine
from eighthalf import GameState, Outcome, PileCard, Rank, Seat, new_game
from eighthalf.build import BUILD, COMPILED_MODULES, compiled_modules
from eighthalf.core.frozen import Frozen

ROOT = Path(eighthalf.__file__).parent.parent


def test_build_reports_what_is_loaded() -> None:
    loaded = compiled_modules()
    if BUILD == "pure":
        assert loaded == ()
        assert eighthalf.games.eighthalf.engine.__file__.endswith(".py")
    else:
        assert loaded == COMPILED_MODULES
        assert not eighthalf.games.eighthalf.engine.__file__.endswith(".py")
    assert eighthalf.BUILD == BUILD


def test_expected_build_is_the_one_loaded() -> None:
    """CI sets EIGHTHALF_EXPECT_BUILD for each of its two runs."""
    expected = os.environ.get("EIGHTHALF_EXPECT_BUILD")
    if expected is None:
        pytest.skip("EIGHTHALF_EXPECT_BUILD is not set (CI sets it)")
    assert expected == BUILD


def _states() -> list[GameState]:
    state = new_game(3, seed=5)
    states = [state]
    while not state.over and len(states) < 40:
        state = eighthalf.apply(state, eighthalf.legal_moves(state)[-1])
        states.append(state)
    return states


def _values() -> list[object]:
    """The state classes of both games, each of which the compiled build compiles."""
    state = _states()[-1]
    eights_state = eighthalf.eights.new_game(3, seed=5)
    return [
        state,
        state.seats[0],
        PileCard(Rank.FIVE, 1),
        Outcome(0, (1, 2), (1,), (3, 0)),
        eights_state,
        eights_state.hand,
        eighthalf.eights.Outcome((31, 12, 0), (0,), 30),
        eighthalf.eights.Pass((eighthalf.eights.DECK[0],)),
    ]


@pytest.mark.parametrize("value", _values(), ids=lambda value: f"{type(value).__module__}.{type(value).__name__}")
def test_state_classes_are_frozen(value: object) -> None:
    name = type(value).__match_args__[0]  # type: ignore[attr-defined]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(value, name, None)
    with pytest.raises(AttributeError):
        value.not_a_field = 1  # type: ignore[attr-defined]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        delattr(value, name)


@pytest.mark.parametrize("value", _values(), ids=lambda value: f"{type(value).__module__}.{type(value).__name__}")
def test_state_classes_are_values(value: Seat | PileCard | Outcome | GameState) -> None:
    twin = type(value)(*value.field_values())
    assert twin == value
    assert not twin != value  # noqa: SIM202 - __ne__ is its own method
    assert hash(twin) == hash(value)
    assert twin is not value
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.deepcopy(value) == value
    assert copy.copy(value) == value
    assert value != object() and value != tuple(value.field_values())
    assert repr(value).startswith(f"{type(value).__name__}({type(value).__match_args__[0]}=")
    assert value.replace() == value
    assert set(value.as_dict()) == set(type(value).__match_args__)
    with pytest.raises(TypeError, match="no field 'nonsense'"):
        value.replace(nonsense=1)


def test_frozen_can_be_subclassed_in_both_builds() -> None:
    """eighthalf.core.frozen stays pure Python, so plain classes (Eights') derive from it."""

    class Pair(Frozen):
        __slots__ = ("left", "right")
        __match_args__ = ("left", "right")

        def __init__(self, left: int, right: int) -> None:
            object.__setattr__(self, "left", left)
            object.__setattr__(self, "right", right)

    pair = Pair(1, 2)
    assert pair == Pair(1, 2) and pair != Pair(2, 1) and hash(pair) == hash(Pair(1, 2))
    assert repr(pair) == "Pair(left=1, right=2)" and pair.replace(right=3) == Pair(1, 3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        pair.left = 5


def test_state_classes_have_slots_not_dicts() -> None:
    for value in _values():
        assert not hasattr(value, "__dict__")


def test_keyword_construction_and_repr_read_back() -> None:
    seat = Seat(hand=(Rank.ONE,), bank=(), open=(Rank.TWO,), blind=(), collected=(Rank.NINE,), on_table=True)
    assert repr(seat) == (
        "Seat(hand=(<Rank.ONE: 1>,), bank=(), open=(<Rank.TWO: 2>,), blind=(), "
        "collected=(<Rank.NINE: 9>,), on_table=True)"
    )
    assert seat.replace(on_table=False) == Seat((Rank.ONE,), (), (Rank.TWO,), (), (Rank.NINE,))
    state = new_game(2, seed=3)
    same = GameState(**{name: getattr(state, name) for name in GameState.__match_args__})
    assert same == state and hash(same) == hash(state)


def test_replace_and_as_dict_stand_in_for_attrs() -> None:
    state = new_game(4, seed=7)
    moved = state.replace(to_move=1)
    assert moved.to_move == 1 and moved.seats is state.seats and state.to_move != 1
    data = state.as_dict()
    assert data["seats"][0] == state.seats[0].as_dict()
    assert data["rules"] == attrs.asdict(state.rules)
    if sys.version_info >= (3, 13):
        assert copy.replace(state, to_move=1) == moved  # type: ignore[attr-defined]


def test_states_differ_by_any_field() -> None:
    states = _states()
    assert len(set(states)) == len(states)
    for left, right in itertools.pairwise(states):
        assert left != right


def test_match_statement_reads_fields() -> None:
    seat = new_game(2, seed=1).seats[0]
    match seat:
        case Seat(hand, bank, open_cards, blind):
            assert (hand, bank, open_cards, blind) == (seat.hand, seat.bank, seat.open, seat.blind)
        case _:
            pytest.fail("Seat did not match its own fields")


def _docstrings(node: ast.AST, prefix: str) -> Iterator[tuple[str, str, int]]:
    """``(qualified name, docstring, line)`` of a node and of the classes and functions in it."""
    text = ast.get_docstring(node, clean=False) if isinstance(node, _DOCUMENTED) else None
    if text is not None:
        body = node.body[0]  # type: ignore[attr-defined]
        yield prefix, text, body.lineno
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.ClassDef, ast.FunctionDef)):
            yield from _docstrings(child, f"{prefix}.{child.name}")


_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef)


def _source_doctests(name: str) -> list[doctest.DocTest]:
    """The doctests written in a core module's source, run in the namespace of the loaded module."""
    loaded = importlib.import_module(name)
    path = ROOT.joinpath(*name.split(".")).with_suffix(".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    tests = [
        parser.get_doctest(text, dict(vars(loaded)), qualified, str(path), line)
        for qualified, text, line in _docstrings(tree, name)
    ]
    return [test for test in tests if test.examples]


@pytest.mark.skipif(BUILD != "compiled", reason="the pure build runs these doctests through --doctest-modules")
@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_compiled_modules_pass_their_doctests(name: str) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in _source_doctests(name):
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 0 and failed == 0


def test_compiled_module_list_matches_the_wheel_build_hook() -> None:
    """pyproject.toml's hatch-mypyc hook compiles exactly COMPILED_MODULES."""
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False
    listed = sorted(path.strip("/").removesuffix(".py").replace("/", ".") for path in hook["include"])
    assert listed == sorted(COMPILED_MODULES)


def test_apply_refuses_a_deeply_nested_non_move_with_a_short_message() -> None:
    """A value that is not a move is quoted cut short (issue 13), in both builds."""
    nested: list[object] = []
    for _ in range(5000):
        nested = [nested]
    with pytest.raises(eighthalf.IllegalMoveError, match=r"is not a move of 8½ but a list") as refused:
        eighthalf.apply(new_game(2, seed=1), nested)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 200


def _run(tree: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [sys.executable, *arguments], cwd=tree, env=environment, capture_output=True, text=True, check=False
    )


def test_a_partly_compiled_package_is_refused_and_the_build_command_mends_it(tmp_path: Path) -> None:
    """One core module compiled and the others not: importing the package says so and what to
    run, before any module is loaded; ``python -m eighthalf.build --clean`` still runs on it
    (it is what mends it) and leaves a pure package that imports."""
    shutil.copytree(ROOT / "eighthalf", tmp_path / "eighthalf", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    stray = (tmp_path / "eighthalf" / "games" / "eighthalf" / "engine").with_name("engine" + EXTENSION_SUFFIXES[0])
    stray.write_bytes(b"not a real extension module: the check reads file names only")
    refused = _run(tmp_path, "-c", "import eighthalf")
    assert refused.returncode == 1
    last = refused.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: a partly compiled eighthalf in ")
    assert (
        "eighthalf.games.eights.engine, eighthalf.games.eights.passing" in last
        and "python -m eighthalf.build --clean" in last
    )
    bad = _run(tmp_path, "-m", "eighthalf.build", "--no-such-option")
    assert bad.returncode == 2 and "unrecognized arguments: --no-such-option" in bad.stderr and stray.exists()
    cleaned = _run(tmp_path, "-m", "eighthalf.build", "--clean")
    assert (cleaned.returncode, cleaned.stdout) == (0, f"removed 1 compiled module from {tmp_path / 'eighthalf'}\n")
    assert not stray.exists()
    imported = _run(tmp_path, "-c", "import eighthalf; print(eighthalf.BUILD)")
    assert (imported.returncode, imported.stdout) == (0, "pure\n")


def test_the_build_command_without_mypyc_says_what_to_install_and_removes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without mypy's mypyc it used to remove the compiled modules, then fail with the
    traceback of its setup script; now it stops first, with one line on what to install."""
    from eighthalf.build import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name == "mypyc" else real(name, *rest))
    package = Path(eighthalf.__file__).parent
    before = sorted(package.rglob("*.so"))
    assert main([]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("python -m eighthalf.build needs mypyc (and a C compiler): pip install ")
    assert sorted(package.rglob("*.so")) == before
