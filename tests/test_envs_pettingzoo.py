"""The PettingZoo AEC environment (eighthalf.envs.env), checked by PettingZoo's own tests."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from eighthalf import IllegalMoveError, InvalidStateError, Rules, new_game
from eighthalf.envs import env, raw_env
from eighthalf.games.eighthalf.encoding import NUM_ACTIONS, action_to_move


# api_test warns about dict observations (and their space) except for the classic games it
# names in its lists; the dict of "observation" and "action_mask" is their very convention.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(players: int) -> None:
    api_test(env(players=players), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(players=3), num_cycles=200)


def play(table: Any, seed: int) -> tuple[dict[str, float], dict[str, bool], dict[str, bool], int]:
    """Play a round with the first legal action; the rewards and flags at the end."""
    table.reset(seed=seed)
    rewards: dict[str, float] = {}
    ended: dict[str, bool] = {}
    cut: dict[str, bool] = {}
    moves = 0
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        if termination or truncation:
            rewards[agent], ended[agent], cut[agent] = float(reward), termination, truncation
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
        moves += 1
    return rewards, ended, cut, moves


def test_e6_rewards_are_the_rounds_points_at_the_end() -> None:
    rewards, ended, cut, moves = play(env(players=4), seed=5)
    assert all(ended.values()) and not any(cut.values())
    # The same round played by the engine directly, always the first legal move.
    table = raw_env(4)
    table.reset(seed=5)
    state = table.state_
    assert state is not None
    from eighthalf import apply, legal_moves

    while not state.over:
        state = apply(state, legal_moves(state)[0])
    assert state.points is not None and state.move_number == moves
    assert rewards == {f"player_{seat}": float(points) for seat, points in enumerate(state.points)}


def test_e7_the_move_limit_truncates_with_no_reward() -> None:
    rewards, ended, cut, moves = play(env(players=4, move_limit=10), seed=5)
    assert moves == 10 and all(cut.values()) and not any(ended.values())
    assert set(rewards.values()) == {0.0}


def test_reset_with_a_seed_deals_the_same_round() -> None:
    first, second = raw_env(3), raw_env(3)
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.state_ == second.state_
    second.reset(seed=12)
    assert first.state_ != second.state_


def test_t1_an_action_outside_the_mask_is_refused_and_changes_nothing() -> None:
    table = raw_env(4)
    table.reset(seed=2)
    before = table.state_
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMoveError, match=str(action_to_move(illegal))):
        table.step(illegal)
    with pytest.raises(IllegalMoveError, match="an action is an int"):
        table.step(NUM_ACTIONS)
    assert table.state_ is before and table.agents == table.possible_agents


def test_a_step_after_the_end_is_refused() -> None:
    table = raw_env(2, move_limit=4)
    table.reset(seed=1)
    while table.agents:
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
    with pytest.raises(InvalidStateError, match="call reset"):
        table.step(0)


def test_a_step_before_reset_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="reset"):
        raw_env(2).step(0)


def test_s2_bad_options_are_refused() -> None:
    with pytest.raises(InvalidStateError):
        raw_env(6)
    with pytest.raises(InvalidStateError):
        raw_env(4, move_limit=0)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(4, render_mode="rgb_array")


def test_render_shows_the_table_as_a_spectator_sees_it() -> None:
    table = raw_env(3, render_mode="ansi")
    table.reset(seed=4)
    text = table.render()
    assert text is not None and text.startswith("move 0,") and "[" in text
    assert table.state_ is not None
    # No hand is shown to a spectator: each seat line has its open cards only.
    assert all(line.count("[") == 1 for line in text.splitlines()[1:])
    assert table.state_.rules == Rules(move_limit=1000)
    assert new_game(3, seed=0).rules != table.state_.rules


_OPTIONS = Rules(move_limit=600, lock_next_only=True, halves_stop_at_8_half=True, single_opening=True)


@pytest.mark.parametrize("seed", range(3))
def test_s5_p3_p7_the_table_options_are_played_and_masked(seed: int) -> None:
    from eighthalf import legal_moves
    from eighthalf.games.eighthalf.encoding import move_to_action

    table = raw_env(4, rules=_OPTIONS)
    table.reset(seed=seed)
    assert table.state_ is not None and table.state_.rules == _OPTIONS
    opening = table.state_
    assert all(getattr(move, "count", 1) == 1 for move in legal_moves(opening))  # S5: one card
    for _agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        state = table.state_
        assert state is not None
        legal = {move_to_action(move) for move in legal_moves(state)}  # under the options
        assert set(np.flatnonzero(observation["action_mask"]).tolist()) == legal
        table.step(int(np.flatnonzero(observation["action_mask"])[-1]))


def test_t3_e7_rules_the_environment_cannot_play_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="open_runs"):
        raw_env(4, rules=Rules(open_runs=True))
    with pytest.raises(InvalidStateError, match="Rules"):
        env(4, rules={"move_limit": 10})
    with pytest.raises(ValueError, match="move_limit"):
        env(4, move_limit=50, rules=Rules(move_limit=60))
    assert raw_env(4, move_limit=60, rules=Rules(move_limit=60)).rules == Rules(move_limit=60)
    assert raw_env(4, rules=Rules()).rules.move_limit is None  # the rules' own limit: none
