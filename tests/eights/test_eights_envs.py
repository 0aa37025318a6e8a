"""Eights in the AI kit (eighthalf.envs.eights): the frameworks' own checkers, the encoding, leaks, seeds, bad input."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from benchmarks import eights_mask_floor
from eighthalf import IllegalMoveError, InvalidStateError
from eighthalf.eights import GameState, Rules, legal_moves, new_game, view
from eighthalf.envs.eights import SeatEnv, env, raw_env
from eighthalf.envs.eights.gym import ENV_ID
from eighthalf.games.eights import encoding as eights_encoding
from eighthalf.games.eights import encoding_rows as rows_encoding
from eighthalf.games.eights import engine as eights_engine
from eighthalf.games.eights.encoding import (
    EIGHTS_ENCODING,
    NUM_ACTIONS,
    action_mask,
    action_to_move,
    encode_view,
    move_to_action,
    observation_high,
    observation_size,
)
from eighthalf.games.eights.game import EIGHTS
from eighthalf.testing import assert_no_leaks


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("players", [2, 6])
def test_pettingzoo_api_test(players: int) -> None:
    api_test(env(players=players), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(players=3), num_cycles=200)


@pytest.mark.parametrize("players", [2, 5])
def test_gymnasium_check_env(players: int) -> None:
    made = gymnasium.make(ENV_ID, players=players, seat=players - 1, opponents=("greedy", "random"), render_mode="ansi")
    check_env(made.unwrapped)


def test_openspiel_random_simulation() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import eighthalf.envs.eights.openspiel  # noqa: F401  (registers python_eights)

    for players in (2, 4):
        game = pyspiel.load_game("python_eights", {"players": players, "target": 15})
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _states(seed: int, rules: Rules | None = None) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(2 + seed % 5, seed=seed, rules=rules)
    states: list[GameState] = []
    while not state.over:
        states.append(state)
        state = EIGHTS.apply(state, rng.choice(legal_moves(state)))
    return states


@pytest.mark.parametrize("seed", range(4))
def test_wt1_wt7_the_mask_is_one_action_per_legal_move(seed: int) -> None:
    for state in _states(seed, Rules(may_pass_freely=seed % 2 == 0))[::3]:
        seen = view(state, state.hand.to_move)
        actions = np.flatnonzero(action_mask(seen))
        moves = legal_moves(state)
        assert len(actions) == len(moves)
        assert {action_to_move(int(action), seen) for action in actions} == set(moves)
        assert all(move_to_action(move, seen) in actions for move in moves)
        other = view(state, (state.hand.to_move + 1) % state.hand.players)
        assert not action_mask(other).any()


def test_wt7_a_second_action_for_the_same_move_is_refused() -> None:
    for state in _states(3):
        hand = state.hand.hands[state.hand.to_move]
        if len(set(hand)) < len(hand):  # two equal cards: two slot choices for one pass
            seen = view(state, state.hand.to_move)
            twin = next(at for at in range(1, len(hand)) if hand[at] == hand[at - 1])
            with pytest.raises(IllegalMoveError, match=r"\(WT7\)"):
                action_to_move(1 << twin, seen)
            return
    pytest.skip("no hand with equal cards in this game")


def test_wt7_an_action_gives_its_move_only_if_it_is_the_moves_canonical_action() -> None:
    refused = 0
    for state in _states(3, Rules(may_pass_freely=True)):
        hand = state.hand.hands[state.hand.to_move]
        if len(set(hand)) == len(hand):
            continue
        seen = view(state, state.hand.to_move)
        for action in range(NUM_ACTIONS):
            try:
                move = action_to_move(action, seen)
            except IllegalMoveError as error:
                canonical = re.search(r"this move is action (\d+), not", str(error))
                if canonical:  # WT7: the move's own action gives the same move
                    assert int(canonical[1]) != action and str(action_to_move(int(canonical[1]), seen)) == error.move
                    refused += 1
                continue
            assert move_to_action(move, seen) == action
    assert refused > 0


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, 2.0, "3", None, True])
def test_an_action_outside_the_space_is_refused(bad: object) -> None:
    seen = view(new_game(3, seed=1), 0)
    with pytest.raises(IllegalMoveError, match="an action is an int from 0 to 3433"):
        action_to_move(bad, seen)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(3))
def test_wi1_wi4_observations_show_only_what_the_seat_may_see(seed: int) -> None:
    for state in _states(seed)[::5]:
        players = state.hand.players
        for seat in range(players):
            vector = encode_view(view(state, seat))
            assert vector.shape == (observation_size(players),)
            assert (vector >= 0).all() and (vector <= observation_high(players, Rules())).all()
            assert_no_leaks(
                state, seat, lambda s, k: encode_view(view(s, k)).tobytes(), rng=random.Random(seed), game=EIGHTS
            )
            assert_no_leaks(
                state, seat, lambda s, k: action_mask(view(s, k)).tobytes(), rng=random.Random(seed), game=EIGHTS
            )


@pytest.mark.parametrize("seed", range(3))
def test_wt1_wt7_the_state_forms_give_the_views_moves_and_play_as_the_engine(seed: int) -> None:
    for state in _states(seed, Rules(may_pass_freely=seed == 1))[::4]:
        seat = state.hand.to_move
        seen = view(state, seat)
        mask = EIGHTS_ENCODING.mask_state_into(state, seat, np.empty(NUM_ACTIONS, np.int8))
        for action in [*range(seed, NUM_ACTIONS, 29), *map(int, np.flatnonzero(mask))]:
            try:
                expected = action_to_move(action, seen)
            except IllegalMoveError as error:  # the same error, and play() changes nothing
                with pytest.raises(IllegalMoveError, match=re.escape(str(error))):
                    EIGHTS_ENCODING.state_action_to_move(action, state, seat)
                with pytest.raises(IllegalMoveError, match=re.escape(str(error))):
                    EIGHTS_ENCODING.play(state, seat, np.int64(action))
                continue
            assert EIGHTS_ENCODING.state_action_to_move(action, state, seat) == expected
            if mask[action]:  # unchecked after the mask, checked without it: the engine's result
                after = EIGHTS.apply(state, expected)
                assert EIGHTS_ENCODING.play(state, seat, action) == after
                EIGHTS_ENCODING.mask_state_into(new_game(2, seed=1), 0, np.empty(NUM_ACTIONS, np.int8))
                assert EIGHTS_ENCODING.play(state, seat, action) == after
                EIGHTS_ENCODING.mask_state_into(state, seat, np.empty(NUM_ACTIONS, np.int8))
            else:
                with pytest.raises(IllegalMoveError):
                    EIGHTS_ENCODING.play(state, seat, action)


def test_full_caches_of_the_state_forms_start_again_and_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(eights_encoding._MASKS, "spells", {})
    monkeypatch.setattr(rows_encoding, "_CACHED", 2)
    monkeypatch.setattr(eights_encoding, "_OBSERVATIONS", {})  # new tables, whose caches fill at 2
    states = _states(6)[::2]
    players = states[0].hand.players
    seats = [state.hand.to_move for state in states]
    rows = eights_encoding.encode_states_into(
        states, seats, np.empty((len(states), observation_size(players)), np.float32)
    )
    masks = eights_encoding.mask_states_into(states, seats, np.empty((len(states), NUM_ACTIONS), np.int8))
    for row, (state, seat) in enumerate(zip(states, seats, strict=True)):
        seen = view(state, seat)
        assert np.array_equal(rows[row], encode_view(seen)) and np.array_equal(masks[row], action_mask(seen))
        for action in map(int, np.flatnonzero(masks[row])):
            assert EIGHTS_ENCODING.state_action_to_move(action, state, seat) == action_to_move(action, seen)
    caches = ("_piles", "_tables", "_every", "_totals", "_words")
    observations = eights_encoding._OBSERVATIONS[players]
    assert all(len(getattr(observations, cache)) <= 4 * len(states) for cache in caches)  # four a row at most
    assert len(eights_encoding._MASKS.spells) <= 4 * len(states)
    monkeypatch.setattr(eights_encoding, "_OBSERVATIONS", {})
    for state, seat in zip(states, seats, strict=True):  # one state at a time: at most 4 remembered
        observed = EIGHTS_ENCODING.encode_state_into(state, seat, np.empty(observation_size(players), np.float32))
        mask = EIGHTS_ENCODING.mask_state_into(state, seat, np.empty(NUM_ACTIONS, np.int8))
        assert np.array_equal(observed, encode_view(view(state, seat)))
        assert np.array_equal(mask, action_mask(view(state, seat)))
        assert len(eights_encoding._MASKS.spells) <= 4
        observations = eights_encoding._OBSERVATIONS[players]
        assert all(len(getattr(observations, cache)) <= 4 for cache in caches)


def test_bad_arguments_of_the_eights_state_forms_are_refused() -> None:
    state = new_game(4, seed=3)
    out = np.empty(observation_size(4), np.float32)
    mask = np.empty(NUM_ACTIONS, np.int8)
    with pytest.raises(InvalidStateError, match="GameState"):
        EIGHTS_ENCODING.encode_state_into(view(state, 0), 0, out)  # type: ignore[arg-type]
    for seat in (-1, 4, True, np.int64(1), None):
        with pytest.raises(InvalidStateError, match="seat must be a seat of the game"):
            EIGHTS_ENCODING.encode_state_into(state, seat, out)  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError, match="seat must be a seat of the game"):
            EIGHTS_ENCODING.mask_state_into(state, seat, mask)  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError, match="seat must be a seat of the game"):
            EIGHTS_ENCODING.state_action_to_move(0, state, seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="float32 vector of 545"):
        EIGHTS_ENCODING.encode_state_into(state, 0, np.empty(544, np.float32))
    with pytest.raises(InvalidStateError, match="int8 vector of 3434"):
        EIGHTS_ENCODING.mask_state_into(state, 0, np.empty(NUM_ACTIONS, np.float32))
    rows = np.empty((2, 545), np.float32)
    masks = np.empty((2, NUM_ACTIONS), np.int8)
    with pytest.raises(InvalidStateError, match="one seat per state"):
        eights_encoding.encode_states_into([state, state], [0], rows)
    with pytest.raises(InvalidStateError, match="one seat per state"):
        eights_encoding.mask_states_into([], [], masks)
    with pytest.raises(InvalidStateError, match="shape"):
        eights_encoding.encode_states_into([state, state], [0, 1], np.empty((3, 545), np.float32))
    with pytest.raises(InvalidStateError, match="shape"):
        eights_encoding.mask_states_into([state, state], [0, 1], np.empty((2, NUM_ACTIONS), np.int16))
    with pytest.raises(InvalidStateError, match="every state must have 4 seats"):
        eights_encoding.encode_states_into([state, new_game(3, seed=1)], [0, 1], rows)
    with pytest.raises(InvalidStateError, match="seat must be a seat of the game"):
        eights_encoding.mask_states_into([state, state], [0, 9], masks)
    with pytest.raises(IllegalMoveError, match="an action is an int from 0 to 3433"):
        EIGHTS_ENCODING.play(state, 0, NUM_ACTIONS)


def test_two_tables_stepped_in_turns_play_as_each_alone() -> None:
    alone = [_play(env(players=3), seed=seed) for seed in (5, 6)]
    tables = [env(players=3), env(players=3)]
    traces: list[tuple[list[bytes], dict[str, float]]] = [([], {}), ([], {})]
    for table, seed in zip(tables, (5, 6), strict=True):
        table.reset(seed=seed)
    running = [iter(table.agent_iter()) for table in tables]
    while running != [None, None]:
        for at, table in enumerate(tables):  # one step of each table in turn: the encoding is shared
            agent = next(running[at], None) if running[at] is not None else None
            if agent is None:
                running[at] = None
                continue
            observation, reward, termination, truncation, _ = table.last()
            traces[at][0].append(observation["observation"].tobytes())
            traces[at][1][agent] = float(reward)
            table.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[-1]))
    assert traces == alone


def _play(table: Any, seed: int) -> tuple[list[bytes], dict[str, float]]:
    table.reset(seed=seed)
    seen, rewards = [], {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        seen.append(observation["observation"].tobytes())
        rewards[agent] = float(reward)
        table.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[-1]))
    return seen, rewards


def test_ws5_wg3_the_same_seed_plays_the_same_game_and_winners_get_1() -> None:
    first = _play(env(players=4), seed=9)
    assert _play(env(players=4), seed=9) == first
    assert _play(env(players=4), seed=10) != first
    assert sorted(set(first[1].values())) in ([0.0, 1.0], [1.0])
    table = SeatEnv(3, opponents=("search", "random"))
    episodes = []
    for _ in range(2):
        observation, info = table.reset(seed=4)
        trace = [observation.tobytes()]
        done = False
        while not done:
            observation, reward, terminated, truncated, info = table.step(int(np.flatnonzero(info["action_mask"])[0]))
            trace.append(observation.tobytes())
            done = terminated or truncated
        episodes.append((trace, float(reward)))
    assert episodes[0] == episodes[1]


def test_wr1_wr2_the_table_options_are_played() -> None:
    rules = Rules(target=12, turn_limit=40, may_pass_freely=True)
    table = raw_env(3, rules=rules)
    table.reset(seed=2)
    assert table.state_ is not None and table.state_.rules == rules
    observation = table.observe(table.agent_selection)
    assert observation["action_mask"][0] == 1  # WR1: the pass is legal beside any spelling
    _, rewards = _play(env(players=3, rules=rules), seed=2)
    assert set(rewards.values()) <= {0.0, 1.0}


def test_the_move_limit_truncates_with_no_reward() -> None:
    table = raw_env(2, move_limit=5)
    _, rewards = _play(table, seed=1)
    assert table.moves == 5 and all(table.truncations.values()) and set(rewards.values()) == {0.0}
    reward: object = 1.0
    terminated, truncated = True, False
    gym_table = SeatEnv(2, move_limit=3)
    _, info = gym_table.reset(seed=1)
    while not (terminated is False and truncated):
        _, reward, terminated, truncated, info = gym_table.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert (reward, terminated, truncated) == (0.0, False, True)


def test_wt1_an_action_outside_the_mask_raises_and_changes_nothing() -> None:
    table = raw_env(4)
    table.reset(seed=2)
    before = table.state_
    mask = table.observe(table.agent_selection)["action_mask"]
    for illegal in np.flatnonzero(mask == 0)[:40]:
        with pytest.raises(IllegalMoveError):
            table.step(int(illegal))
    with pytest.raises(IllegalMoveError, match="an action is an int"):
        table.step(NUM_ACTIONS)
    assert table.state_ is before
    strict = SeatEnv(4, illegal="raise")
    _, info = strict.reset(seed=2)
    with pytest.raises(IllegalMoveError):
        strict.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    lenient = SeatEnv(4)
    _, info = lenient.reset(seed=2)
    _, reward, terminated, _, info = lenient.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert (reward, terminated) == (-1.0, True) and "illegal move" in info["illegal"]


@pytest.mark.parametrize(
    "make",
    [
        lambda: raw_env(4, rules={"target": 10}),
        lambda: raw_env(7),
        lambda: raw_env(4, move_limit=0),
        lambda: raw_env(4, move_limit=10**5000),
        lambda: SeatEnv(4, rules="x" * 100_000),
        lambda: SeatEnv(4, opponents=("nobody",)),
        lambda: SeatEnv(4, rules=Rules(), move_limit=-1),
    ],
)
def test_bad_settings_raise_invalid_state_error_with_a_short_message(make: object) -> None:
    with pytest.raises(InvalidStateError) as caught:
        make()  # type: ignore[operator]
    assert len(str(caught.value)) <= 300


def test_openspiel_bad_parameters_and_leaks() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import eighthalf.envs.eights.openspiel as adapter

    for params in ({"players": 7}, {"target": -1}, {"may_pass_freely": 1}, {"move_limit": "x" * 10_000}, {"nope": 1}):
        with pytest.raises(InvalidStateError) as caught:
            adapter.EightsSpielGame(params)
        assert len(str(caught.value)) <= 300
    game = pyspiel.load_game("python_eights", {"players": 3, "may_pass_freely": True})
    state = game.new_initial_state()
    state.apply_action(5)
    assert state.current == new_game(3, seed=5, rules=game.rules)
    rng = np.random.RandomState(0)
    for _ in range(20):
        state.apply_action(int(rng.choice(state.legal_actions())))
    with pytest.raises(IllegalMoveError):
        state.apply_action(next(a for a in range(NUM_ACTIONS) if a not in state.legal_actions()))
    for seat in range(3):
        sampled = state.resample_from_infostate(seat, random.Random(seat).random)
        assert sampled.observation_tensor(seat) == state.observation_tensor(seat)
        assert sampled.information_state_string(seat) == state.information_state_string(seat)
        assert sampled.information_state_tensor(seat) == state.information_state_tensor(seat)


def test_the_mask_floor_benchmark_times_the_four_parts_on_positions_of_play(capsys: pytest.CaptureFixture[str]) -> None:
    rows = eights_mask_floor.positions(5)
    assert len(rows) == 5 and all(len(row) == eights_mask_floor.TABLES for row in rows)
    assert all(state.outcome is None for row in rows for state in row)
    assert rows[1] != rows[0]  # each row a move further into the games
    assert eights_mask_floor.main(["--rows", "3", "--repeat", "1", "--steps", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 + 1 + len(eights_mask_floor.STEP_PARTS) + 1
    assert all("µs a position" in line for line in lines[:4])
    assert lines[0].startswith("the engine's spellings")
    assert all(
        line.startswith(part + " ") for line, part in zip(lines[5:-1], eights_mask_floor.STEP_PARTS, strict=True)
    )
    account = eights_mask_floor.step_parts(4)
    summed = [part for part in eights_mask_floor.STEP_PARTS if not part.startswith(" ") and "within" not in part]
    assert account["all"] > 0 and sum(account[part] for part in summed) == pytest.approx(account["all"])
    assert 0 < account["  of which the engine's spellings"] < account["the masks (mask_states_into)"]
    assert rows_encoding.spellings is eights_engine.spellings  # type: ignore[attr-defined]  # the timer is taken off


def test_wp1_wp2_wt7_a_masked_states_passes_are_remembered_and_no_other_pass_is_taken() -> None:
    checked = 0
    for state in _states(3, Rules(may_pass_freely=True))[::2]:
        seat = state.hand.to_move
        seen = view(state, seat)
        mask = EIGHTS_ENCODING.mask_state_into(state, seat, np.empty(NUM_ACTIONS, np.int8))
        for action in range(256):  # every pass action, in the mask or not
            remembered = eights_encoding._MASKS.move(state, seat, action)
            if mask[action]:
                assert remembered is not None and remembered == action_to_move(action, seen)
                assert EIGHTS_ENCODING.state_action_to_move(action, state, seat) == remembered
                checked += 1
            else:  # not legal here (WP2: more cards than the stack, WT7: not canonical): not remembered
                assert remembered is None
        assert eights_encoding._MASKS.move(state, (seat + 1) % len(state.hand.hands), 0) is None  # another seat
    assert checked > 100
