"""The Gymnasium environment (eighthalf.envs.SeatEnv), checked by Gymnasium's env checker."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from eighthalf import IllegalMoveError, InvalidStateError
from eighthalf.bots import GreedyBot, RandomBot, SearchBot
from eighthalf.envs import SeatEnv
from eighthalf.envs.gym import ENV_ID
from eighthalf.games.eighthalf.encoding import NUM_ACTIONS


@pytest.mark.parametrize("players", [2, 4])
def test_gymnasium_check_env(players: int) -> None:
    made = gymnasium.make(ENV_ID, players=players, seat=players - 1, opponents=("greedy", "random"), render_mode="ansi")
    check_env(made.unwrapped)


def play(table: SeatEnv, seed: int) -> tuple[float, bool, bool, int]:
    _, info = table.reset(seed=seed)
    steps = 0
    while True:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = table.step(action)
        steps += 1
        if terminated or truncated:
            return float(reward), terminated, truncated, steps


def test_e6_the_reward_is_the_seats_points() -> None:
    rewards = [play(SeatEnv(4, opponents=("greedy",)), seed) for seed in range(6)]
    assert all(terminated and not truncated for _, terminated, truncated, _ in rewards)
    assert {reward for reward, *_ in rewards} <= {0.0, 1.0, 2.0, 3.0}


def test_e7_the_move_limit_truncates() -> None:
    reward, terminated, truncated, _ = play(SeatEnv(4, opponents=("random",), move_limit=12), seed=1)
    assert (reward, terminated, truncated) == (0.0, False, True)


def test_the_same_seed_plays_the_same_episode() -> None:
    def small() -> SearchBot:
        return SearchBot(iterations=3)  # a bot that draws from its rng

    first = play(SeatEnv(3, opponents=(small,)), seed=9)
    assert play(SeatEnv(3, opponents=(small,)), seed=9) == first


def test_opponents_may_be_factories() -> None:
    table = SeatEnv(3, opponents=(GreedyBot, lambda: RandomBot()))
    table.reset(seed=1)
    assert [type(table._bots[seat]) for seat in (1, 2)] == [GreedyBot, RandomBot]


def test_t1_an_illegal_action_ends_the_episode_or_raises() -> None:
    table = SeatEnv(4)
    observation, info = table.reset(seed=2)
    state = table.state
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = table.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "illegal move" in info["illegal"] and table.state is state
    assert np.array_equal(after, observation)
    with pytest.raises(InvalidStateError, match="reset"):
        table.step(int(np.flatnonzero(info["action_mask"])[0]))
    strict = SeatEnv(4, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalMoveError):
        strict.step(illegal)
    with pytest.raises(IllegalMoveError, match="an action is an int"):
        strict.step(NUM_ACTIONS)
    assert strict.state == state


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        SeatEnv(3, seat=3)
    with pytest.raises(ValueError, match="unknown bot"):
        SeatEnv(3, opponents=("nobody",))
    with pytest.raises(ValueError, match="illegal"):
        SeatEnv(3, illegal="ignore")


def test_render_ansi_shows_the_agents_hand() -> None:
    table = SeatEnv(3, render_mode="ansi")
    table.reset(seed=4)
    text = table.render()
    assert text is not None and text.splitlines()[1].startswith("seat 0: hand 3 [")


def test_s5_p3_p7_the_table_options_reach_the_round_and_the_bots() -> None:
    from eighthalf import Rules, legal_moves
    from eighthalf.games.eighthalf.encoding import move_to_action

    rules = Rules(move_limit=500, lock_next_only=True, halves_stop_at_8_half=True, single_opening=True)
    table = SeatEnv(4, opponents=("greedy", "search"), rules=rules)
    for seed in range(2):
        _, info = table.reset(seed=seed)
        while True:
            assert table.state is not None and table.state.rules == rules
            legal = {move_to_action(move) for move in legal_moves(table.state)}
            assert set(np.flatnonzero(info["action_mask"]).tolist()) == legal
            _, _, terminated, truncated, info = table.step(int(np.flatnonzero(info["action_mask"])[-1]))
            if terminated or truncated:
                break


def test_t3_rules_the_environment_cannot_play_are_refused() -> None:
    from eighthalf import Rules

    with pytest.raises(InvalidStateError, match="open_runs"):
        SeatEnv(4, rules=Rules(open_runs=True))
    with pytest.raises(ValueError, match="move_limit"):
        SeatEnv(4, move_limit=20, rules=Rules(move_limit=30))


def test_the_documented_ids_are_made_after_a_plain_import_of_the_package() -> None:
    """``gymnasium.make("eighthalf/Seat-v0")`` works once ``eighthalf.envs`` is imported (the AI
    page says so), and ``eighthalf/EightsSeat-v0`` once ``eighthalf.envs.eights`` is: in a fresh
    interpreter, where nothing imported the environments' modules before."""
    script = (
        "import gymnasium, eighthalf.envs, eighthalf.envs.eights\n"
        "for env_id in ('eighthalf/Seat-v0', 'eighthalf/EightsSeat-v0'):\n"
        "    made = gymnasium.make(env_id, players=3)\n"
        "    print(env_id, type(made.unwrapped).__module__, made.reset(seed=1)[0].shape)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "eighthalf/Seat-v0 eighthalf.envs.gym (170,)",
        "eighthalf/EightsSeat-v0 eighthalf.envs.eights.gym (540,)",
    ]
