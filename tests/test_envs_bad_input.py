"""Bad input over the environments (``eighthalf.envs``, issue 18): the library's errors, short messages.

The approach of ``tests/eights/test_eights_bad_input.py``, over every setting and call of
the adapters that takes a user's value: the action encoding, Gymnasium's
:class:`~eighthalf.envs.SeatEnv`, the PettingZoo environment and, where OpenSpiel is
installed, its game. One property per class of defect:

1. unbounded messages: text of any length gives a message of at most 300 characters;
2. huge integers: an integer of thousands of digits is refused briefly, never a bare
   ``ValueError`` from converting it to text;
3. deep nesting: a list nested thousands deep is refused, never a RecursionError;
4. wrong types: anything of the wrong type is the library's error (or the error the
   framework documents: a ``KeyError`` for an unknown agent's space), never a TypeError.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from numbers import Real
from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import bad_input
from bad_input import DEPTHS, HUGE, KINDS, is_bool, is_none, long_text, nested, refused, wrong_types
from hypothesis import given

from eighthalf import EighthalfError, IllegalMoveError, InvalidStateError, Rules, new_game, view
from eighthalf.envs import SeatEnv, action_to_move, env, move_to_action, raw_env
from eighthalf.games.eighthalf.encoding import action_mask, encode_view, table_rules

SEEN = view(new_game(3, seed=1), 0)


def _is_view(value: object) -> bool:
    return value is SEEN


def _is_seed(value: object) -> bool:
    return value is None or type(value) is int


def _is_real(value: object) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


@dataclass(frozen=True)
class Entry(bad_input.Entry):
    """One argument of one call of the environments, and the error it documents for bad values."""

    error: type[Exception] = InvalidStateError
    """The error it raises for a value it does not take (the environments' checks)."""


def _started_seat_env() -> SeatEnv:
    table = SeatEnv(3)
    table.reset(seed=1)
    return table


def _started_raw_env() -> Any:
    table = raw_env(3)
    table.reset(seed=1)
    return table


SEAT_ENV = _started_seat_env()
RAW_ENV = _started_raw_env()
WRAPPED_ENV = env(players=3)
WRAPPED_ENV.reset(seed=1)

ENTRIES: list[Entry] = [
    Entry("action_to_move", action_to_move, IllegalMoveError),
    Entry("move_to_action", move_to_action, IllegalMoveError),
    Entry("action_mask", action_mask, InvalidStateError, _is_view),
    Entry("encode_view", encode_view, InvalidStateError, _is_view),
    Entry("table_rules(rules)", lambda value: table_rules(value, 1000, 1000), InvalidStateError, is_none),
    Entry("table_rules(move_limit)", lambda value: table_rules(Rules(), value, 1000), InvalidStateError, is_none),
    Entry("SeatEnv(players)", lambda value: SeatEnv(value)),
    Entry("SeatEnv(seat)", lambda value: SeatEnv(3, seat=value)),
    Entry("SeatEnv(opponents)", lambda value: SeatEnv(3, opponents=value)),
    Entry("SeatEnv(opponent)", lambda value: SeatEnv(3, opponents=[value])),
    Entry("SeatEnv(move_limit)", lambda value: SeatEnv(3, move_limit=value), InvalidStateError, is_none),
    Entry("SeatEnv(illegal)", lambda value: SeatEnv(3, illegal=value)),
    Entry("SeatEnv(illegal_reward)", lambda value: SeatEnv(3, illegal_reward=value), InvalidStateError, _is_real),
    Entry("SeatEnv(render_mode)", lambda value: SeatEnv(3, render_mode=value), InvalidStateError, is_none),
    Entry("SeatEnv(rules)", lambda value: SeatEnv(3, rules=value), InvalidStateError, is_none),
    Entry("SeatEnv.step", lambda value: SEAT_ENV.step(value), IllegalMoveError),
    Entry("raw_env(players)", lambda value: raw_env(value)),
    Entry("raw_env(move_limit)", lambda value: raw_env(3, move_limit=value), InvalidStateError, is_none),
    Entry("raw_env(render_mode)", lambda value: raw_env(3, render_mode=value), InvalidStateError, is_none),
    Entry("raw_env(rules)", lambda value: raw_env(3, rules=value), InvalidStateError, is_none),
    Entry("env(players)", lambda value: env(value)),
    Entry("raw_env.reset(seed)", lambda value: _started_raw_env().reset(seed=value), InvalidStateError, _is_seed),
    Entry("raw_env.observe", lambda value: RAW_ENV.observe(value)),
    Entry("env.observe", lambda value: WRAPPED_ENV.observe(value)),
    Entry("raw_env.observation_space", lambda value: RAW_ENV.observation_space(value), KeyError),
    Entry("raw_env.action_space", lambda value: RAW_ENV.action_space(value), KeyError),
    Entry("raw_env.step", lambda value: RAW_ENV.step(value), IllegalMoveError),
]
"""Every call of the environments that takes a user's value, argument by argument."""

if importlib.util.find_spec("pyspiel") is not None:  # the extra "openspiel", installed apart
    import eighthalf.envs.openspiel as spiel

    GAME = spiel.EighthalfGame({"players": 3})

    def _dealing() -> Any:
        return GAME.new_initial_state()

    def _playing() -> Any:
        state = GAME.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        return state

    PLAYING = _playing()
    ENTRIES += [
        Entry("EighthalfGame(params)", spiel.EighthalfGame, InvalidStateError, is_none),
        Entry("EighthalfGame(players)", lambda value: spiel.EighthalfGame({"players": value})),
        Entry("EighthalfGame(move_limit)", lambda value: spiel.EighthalfGame({"move_limit": value})),
        Entry(
            "EighthalfGame(single_opening)",
            lambda value: spiel.EighthalfGame({"single_opening": value}),
            InvalidStateError,
            is_bool,
        ),
        Entry("EighthalfState deal", lambda value: _dealing()._apply_action(value), IllegalMoveError),
        Entry("EighthalfState play", lambda value: PLAYING._apply_action(value), IllegalMoveError),
        Entry("EighthalfState action string", lambda value: PLAYING._action_to_string(0, value), IllegalMoveError),
    ]

NAMES = [entry.name for entry in ENTRIES]


# --------------------------------------------------------------------------- 1. unbounded messages


LONG_TEXT = long_text(*["x", "player_1", "greedy", "9", "ansi"])


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
@given(text=LONG_TEXT)
def test_long_text_anywhere_gives_a_short_message(text: str, entry: Entry) -> None:
    refused(entry, text)


# --------------------------------------------------------------------------- 2. huge integers


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
@given(number=HUGE)
def test_a_huge_integer_anywhere_is_refused_briefly(number: int, entry: Entry) -> None:
    refused(entry, number)
    refused(entry, [number])


# --------------------------------------------------------------------------- 3. deep nesting


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
@given(depth=DEPTHS, kind=KINDS)
def test_deep_nesting_anywhere_is_refusednever_a_RecursionError(depth: int, kind: str, entry: Entry) -> None:
    deep = nested(depth, kind)
    refused(entry, deep)
    refused(entry, [deep])


# --------------------------------------------------------------------------- 4. wrong types


WRONG_TYPES = wrong_types(b"ansi", bytearray(b"end"), SEEN)


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
@given(value=WRONG_TYPES)
def test_a_value_of_the_wrong_type_anywhere_is_the_library_s_error(value: object, entry: Entry) -> None:
    refused(entry, value)


@pytest.mark.parametrize("flag", [True, False])
def test_a_bool_is_not_an_int(flag: bool) -> None:
    for call in (
        lambda: action_to_move(flag),
        lambda: SeatEnv(flag),
        lambda: SeatEnv(3, seat=flag),
        lambda: SeatEnv(3, move_limit=flag),
        lambda: raw_env(flag),
        lambda: _started_raw_env().reset(seed=flag),
    ):
        with pytest.raises(EighthalfError):
            call()


# --------------------------------------------------------------------------- the examples of the issue


def test_issue_18_examples() -> None:
    with pytest.raises(IllegalMoveError, match=r"^illegal move 'an integer of 5,001 digits': an action is an int"):
        action_to_move(10**5000)
    with pytest.raises(InvalidStateError, match=r"^opponents must be a sequence of bot names .*, not 5$"):
        SeatEnv(opponents=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"^no agent 'player_9' at this table of 3: the agents are player_0"):
        RAW_ENV.observe("player_9")
    with pytest.raises(KeyError, match="no agent 'player_9'"):
        RAW_ENV.observation_space("player_9")


def test_an_opponent_that_is_no_bot_or_of_the_other_game_is_one_clear_error() -> None:
    from eighthalf.games.eights.bots import GreedyBot as EightsGreedyBot

    with pytest.raises(InvalidStateError, match=r"made 5, which has no choose\(view, rng\) method"):
        SeatEnv(3, opponents=[lambda: 5]).reset(seed=1)
    with pytest.raises(EighthalfError, match=r"^seat 1: bot 'greedy' failed \(AttributeError: .*; is it a bot of 8½\?"):
        SeatEnv(3, opponents=[EightsGreedyBot]).reset(seed=1)
    assert SeatEnv(3, opponents=("random", "greedy")).reset(seed=1)[1]["action_mask"].any()


def test_a_numpy_integer_is_taken_as_its_int() -> None:
    import numpy as np

    assert action_to_move(np.int64(88)) == action_to_move(88)
    first, second = _started_raw_env(), _started_raw_env()
    first.reset(seed=np.int64(5))
    second.reset(seed=5)
    assert first.state_ == second.state_
