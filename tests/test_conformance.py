"""eighthalf.testing.check_game: the shipped conformance suite fails a broken game on the right check.

Each broken game is the third game, Shedding (``tests/thirdgame/shedding``), with one
member spoiled; its entry is the real one with that game object. The suite must name the
spoiled check in a :class:`~eighthalf.testing.ConformanceError`, and pass the checks
the spoiling does not touch.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from shedding import rules as sh
from shedding.entry import ENTRY
from shedding.game import SheddingGame

from eighthalf.errors import EighthalfError
from eighthalf.registry import find
from eighthalf.testing import CHECKS, Case, Check, ConformanceError, check_game, check_state


class _SpectatorSeesTheMover(SheddingGame):
    """A spectator's view shows the hand of the seat to move: a leak of hidden cards."""

    __slots__ = ()

    def view(self, state: sh.GameState, seat: int | None) -> sh.PlayerView:
        seen = sh.view(state, seat)
        return seen if seat is not None else attrs.evolve(seen, hand=state.hands[state.turn])


class _GrowsTheStock(SheddingGame):
    """``apply`` adds a card to the stock of the state it is given (a list here): it changes its input."""

    __slots__ = ()

    def start(self, players: int, *, seed: int | None = None, rules: sh.Rules | None = None) -> sh.GameState:
        state = sh.start(players, seed=seed, rules=rules)
        stock: Any = list(state.stock)
        return attrs.evolve(state, stock=stock)

    def apply(self, state: sh.GameState, move: sh.Move) -> sh.GameState:
        after = sh.apply(state, move)
        if isinstance(state.stock, list) and state.stock:
            state.stock.append(state.stock[0])
        return after


class _TellsEverybodyTheDraw(SheddingGame):
    """Every seat is told the card another seat drew (SH5's stock is face down)."""

    __slots__ = ()

    def events_for(self, events: Sequence[sh.Event], seat: int | None) -> tuple[sh.Event, ...]:
        return sh.events_for(events, None) if seat is None else tuple(events)


class _ReadsTheMoveFirst(SheddingGame):
    """``apply`` reads a move's card before checking that it is a move: junk raises AttributeError."""

    __slots__ = ()

    def apply(self, state: sh.GameState, move: sh.Move) -> sh.GameState:
        if type(move) not in (sh.Draw, sh.Pass) and not move.card:  # type: ignore[union-attr]
            raise AssertionError("a play of no card")
        return sh.apply(state, move)


class _WritesCardsLoud(SheddingGame):
    """``move_text`` writes a card in capitals, which ``parse_move`` does not read."""

    __slots__ = ()

    def move_text(self, move: sh.Move) -> str:
        return str(move).upper() if type(move) is sh.Play else str(move)


def _broken(game: SheddingGame) -> Case:
    return Case(entry=attrs.evolve(ENTRY, game=game), reached=5)


BROKEN = {
    "views_leak_nothing": (_SpectatorSeesTheMover(), "depends on cards it cannot see"),
    "purity": (_GrowsTheStock(), "changed the state it was given"),
    "events_leak_nothing": (_TellsEverybodyTheDraw(), "is told of"),
    "junk_apply": (_ReadsTheMoveFirst(), "expected IllegalMoveError in at most 300 characters, got AttributeError"),
    "move_text": (_WritesCardsLoud(), "raised ParseError"),
}
"""A broken game by the check it must fail, with words of what that check says is wrong."""


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_game_fails_the_right_check(name: str) -> None:
    game, words = BROKEN[name]
    case = _broken(game)
    with pytest.raises(ConformanceError) as raised:
        check_game(case, only=name)
    error = raised.value
    assert error.check == name and error.game == "Shedding" and len(error.failures) == 1
    assert str(error).startswith(f"Shedding fails the conformance check {name!r}: ") and words in str(error)
    assert isinstance(error, EighthalfError) and len(str(error)) < 1000
    with pytest.raises(ConformanceError, match=name):
        CHECKS[name](case)  # each check alone raises it too


def test_the_checks_a_spoiled_member_does_not_touch_pass() -> None:
    assert check_game(_broken(_SpectatorSeesTheMover()), only=["move_text", "records", "junk_parse_move"]) == {}
    assert check_game(_broken(_WritesCardsLoud()), only=["views_leak_nothing", "purity", "the_end"]) == {}


def test_every_check_runs_and_one_error_names_every_failure() -> None:
    with pytest.raises(ConformanceError) as raised:
        check_game(_broken(_SpectatorSeesTheMover()))
    failed = [name for name, _ in raised.value.failures]
    assert failed[0] == raised.value.check and "views_leak_nothing" in failed and "move_text" not in failed
    assert failed == [name for name in CHECKS if name in failed]  # in the order of the checks
    assert str(raised.value).startswith(f"Shedding fails {len(failed)} conformance checks: ")


def test_check_state_names_reached_states() -> None:
    case = _broken(_SpectatorSeesTheMover())
    state = case.game.start(3, seed=4)
    with pytest.raises(ConformanceError) as raised:
        check_state(case, state, 3)
    assert raised.value.check == "reached_states"
    check_state(Case(entry="shedding"), state, 3)


def test_check_game_takes_an_entry_a_name_a_key_or_a_case() -> None:
    only = ["members", "rules_tags"]
    assert check_game(ENTRY, only=only) == check_game("Shedding", only=only) == check_game("shedding", only=only) == {}
    assert check_game(Case(entry="8.5", rounds=2, games=1), only=only) == {}
    assert check_game("shedding", only="narration") == {
        "narration": "Shedding narrates in en only: fr, nl told in English"
    }
    with pytest.raises(EighthalfError, match="no game 'chess' is registered"):
        check_game("chess")
    with pytest.raises(EighthalfError, match="no conformance check 'purety'"):
        check_game("shedding", only=["members", "purety"])


def test_a_case_names_its_game_and_plays_it_once() -> None:
    case = Case(entry=find("8½"), rounds=2)
    assert (case.id, case.label, case.players) == ("eighthalf2", "8½ (2 rounds)", (2, 3, 4, 5))
    assert case.play(3, 5) is case.play(3, 5) and case.game.name == "8½"
    with pytest.raises(EighthalfError):
        Case(entry="8½", rounds=7)


def test_the_checks_are_named_and_documented() -> None:
    assert len(CHECKS) >= 20 and all(type(check) is Check for check in CHECKS.values())
    assert all(check.name == name and check.doc for name, check in CHECKS.items())
    error = ConformanceError("Shedding", [("purity", "a member changed the state it was given")])
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is ConformanceError and again.failures == error.failures and str(again) == str(error)


def test_a_check_that_raises_fails_with_that_error_named() -> None:
    class _Crashes(SheddingGame):
        __slots__ = ()

        def legal_moves(self, state: sh.GameState) -> tuple[sh.Move, ...]:
            raise KeyError("lost")

    with pytest.raises(ConformanceError, match="'legal_moves_apply': raised KeyError: ") as raised:
        check_game(Case(entry=attrs.evolve(ENTRY, game=_Crashes()), players=(2,), games=1), only="legal_moves_apply")
    assert isinstance(raised.value.__cause__, KeyError)


def test_the_suite_needs_no_hypothesis() -> None:
    """The core keeps only attrs and typing-extensions: importing and running the suite imports no Hypothesis."""
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "from eighthalf.testing import check_game, Case\n"
        "print(check_game(Case(entry='shedding', games=1, reached=3), only=['members', 'reached_states', 'junk_view']))\n"
        "assert 'hypothesis' not in {name.split('.')[0] for name, module in sys.modules.items() if module}\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "{}"


def test_seeded_play_is_the_same_in_every_run() -> None:
    case = Case(entry="shedding")
    played = case.play(3, 1000)
    rng = random.Random(1000)
    state = case.game.start(3, seed=1000)
    for move in played.moves:
        assert move == rng.choice(case.game.legal_moves(state))
        state = case.game.apply(state, move)
    assert state == played.states[-1] and case.game.to_move(state) is None
