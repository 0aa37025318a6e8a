"""Issue 20, part 3: the loop-free encoders equal the old ones, and the batched self-play tables
(eighthalf.envs.batch) play the PettingZoo environment's games, auto-reset, and refuse bad input."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np
from envs_reference import eights_action_mask, eights_encode_view, round_action_mask, round_encode_view

from benchmarks.batch_windows import BY_MOVE, Collections, by_move
from benchmarks.batch_windows import main as windows
from benchmarks.envs import pick_actions, pick_actions_dense
from eighthalf import IllegalMoveError, InvalidStateError
from eighthalf import apply_unchecked as round_apply
from eighthalf import legal_moves as round_legal
from eighthalf import new_game as round_game
from eighthalf import view as round_view
from eighthalf.eights import apply_unchecked as eights_apply
from eighthalf.eights import legal_moves as eights_legal
from eighthalf.eights import new_game as eights_game
from eighthalf.eights import view as eights_view
from eighthalf.envs.batch import EightsBatch, GameBatch, RoundBatch
from eighthalf.games.eighthalf import encoding as round_encoding
from eighthalf.games.eighthalf import encoding_counts as counts_encoding
from eighthalf.games.eights import encoding as eights_encoding


def _round_views(games: int) -> list[Any]:
    rng = random.Random(5)
    views = []
    for seed in range(games):
        state = round_game(rng.choice((2, 3, 4, 5)), seed=seed)
        while True:
            views += [round_view(state, seat) for seat in range(len(state.seats))]
            if state.outcome is not None:
                break
            state = round_apply(state, rng.choice(round_legal(state)))
    return views


def _eights_views(games: int, limit: int = 400) -> list[Any]:
    rng = random.Random(6)
    views = []
    for seed in range(games):
        state = eights_game(rng.choice((2, 3, 4, 5, 6)), seed=seed)
        for _ in range(limit):
            views += [eights_view(state, seat) for seat in range(len(state.hand.hands))]
            if state.outcome is not None:
                break
            state = eights_apply(state, rng.choice(eights_legal(state)))
    return views


def test_i1_i4_the_new_8_half_encoder_and_mask_equal_the_old_ones_on_random_states() -> None:
    views = _round_views(60)
    assert len(views) > 5000
    for seen in views:
        assert np.array_equal(round_encoding.encode_view(seen), round_encode_view(seen))
        assert np.array_equal(round_encoding.action_mask(seen), round_action_mask(seen))


def test_wi1_wi4_the_new_eights_encoder_and_mask_equal_the_old_ones_on_random_states() -> None:
    views = _eights_views(12)
    assert len(views) > 1000
    checked_masks = 0
    for seen in views:
        assert np.array_equal(eights_encoding.encode_view(seen), eights_encode_view(seen))
        if seen.legal_moves() and checked_masks < 400:
            assert np.array_equal(eights_encoding.action_mask(seen), eights_action_mask(seen))
            checked_masks += 1
    assert checked_masks == 400


@pytest.mark.parametrize("module", [round_encoding, eights_encoding])
def test_encode_into_writes_every_entry_of_the_callers_buffer(module: Any) -> None:
    seen = round_view(round_game(4, seed=2), 1) if module is round_encoding else eights_view(eights_game(4, seed=2), 1)
    out = np.full(module.observation_size(4), 99.0, dtype=np.float32)
    assert module.encode_into(seen, out) is out
    assert np.array_equal(out, module.encode_view(seen))
    mask = np.full(module.NUM_ACTIONS, 7, dtype=np.int8)
    assert module.mask_into(seen, mask) is mask
    assert np.array_equal(mask, module.action_mask(seen))
    with pytest.raises(InvalidStateError, match="float32 vector"):
        module.encode_into(seen, np.zeros(3, dtype=np.float32))
    with pytest.raises(InvalidStateError, match="int8 vector"):
        module.mask_into(seen, np.zeros(module.NUM_ACTIONS, dtype=np.float32))


def test_encode_view_hands_out_a_new_array_each_time() -> None:
    seen = round_view(round_game(3, seed=1), 0)
    first = round_encoding.encode_view(seen)
    first[:] = -1
    assert round_encoding.encode_view(seen).min() == 0


def _random_actions(masks: np.ndarray, rng: random.Random) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row).tolist()) for row in masks])


@pytest.mark.parametrize(
    ("make", "aec", "players", "steps"),
    [
        (lambda: RoundBatch(3, 3), "eighthalf.envs.pettingzoo", 3, 400),
        (lambda: EightsBatch(2, 4), "eighthalf.envs.eights.pettingzoo", 4, 150),
    ],
)
def test_the_same_seeds_and_actions_give_the_pettingzoo_environments_games(
    make: Any, aec: str, players: int, steps: int
) -> None:
    pytest.importorskip("pettingzoo")
    import importlib

    batch: GameBatch = make()
    tables = [importlib.import_module(aec).raw_env(players) for _ in range(batch.tables)]
    for index, table in enumerate(tables):
        table.reset(seed=40 + index)
    out = batch.reset(seed=40)
    rng = random.Random(3)
    ended = 0
    for _ in range(steps):
        for index, table in enumerate(tables):
            agent = table.agent_selection
            seen = table.observe(agent)
            assert out.to_move[index] == int(agent.split("_")[1])
            assert np.array_equal(out.observations[index], seen["observation"])
            assert np.array_equal(out.masks[index], seen["action_mask"])
        actions = _random_actions(out.masks, rng)
        out = batch.step(actions)
        for index, table in enumerate(tables):
            table.step(int(actions[index]))
            if out.terminated[index] or out.truncated[index]:
                ended += 1
                assert bool(out.terminated[index]) == all(table.terminations.values())
                assert out.rewards[index].tolist() == [table.rewards[agent] for agent in table.possible_agents]
                table.reset()  # the next game from the table's own seeds, as the batch deals it
            else:
                assert not out.rewards[index].any()
    assert ended >= 1  # the auto-reset was exercised


def test_i1_i4_a_long_run_through_emptied_caches_observes_as_a_fresh_encoding_of_each_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past its first moves, with caches emptied again and again (the observation's at 64 entries,
    four per seat of the rows; the masks' at 16), every row of a batch is the reference encoding
    and mask of its seat's view."""
    monkeypatch.setattr(counts_encoding, "_CACHED", 16)
    monkeypatch.setattr(round_encoding, "_MASKS_CACHED", 16)
    monkeypatch.setattr(round_encoding, "_masks_most", 16)
    monkeypatch.setattr(round_encoding, "_COUNTS", {})  # new tables, whose caches fill at 64
    monkeypatch.setattr(round_encoding, "_MASKS", {})
    monkeypatch.setattr(round_encoding, "_MASKS_BY_ID", {})
    batch = RoundBatch(4, 4)
    out = batch.reset(seed=11)
    rng = np.random.default_rng(11)
    ended = 0
    for _ in range(600):
        for table, state in enumerate(batch.states):
            seen = round_view(state, int(out.to_move[table]))
            assert np.array_equal(out.observations[table], round_encode_view(seen))
            assert np.array_equal(out.masks[table], round_action_mask(seen))
        out = batch.step(pick_actions(rng, out.masks))
        ended += int(out.terminated.sum() + out.truncated.sum())
    counts = round_encoding._COUNTS[4]
    assert counts.most == 64 and all(len(cache) <= 64 for cache in counts.seats) and len(counts.hands) <= 64
    assert len(round_encoding._MASKS) <= 16 and len(round_encoding._MASKS_BY_ID) <= 16
    assert ended >= 20  # many rounds, each dealt afresh


def test_auto_reset_deals_the_next_game_at_once_and_the_truncation_of_a_move_limit() -> None:
    batch = EightsBatch(2, 3, move_limit=5)
    out = batch.reset(seed=1)
    rng = random.Random(1)
    for step in range(1, 11):
        out = batch.step(_random_actions(out.masks, rng))
        ends = step % 5 == 0
        assert out.truncated.tolist() == [ends, ends]
        assert not out.terminated.any()
        assert not out.rewards.any()
        if ends:
            assert all(state.hand.turns == 0 and not state.hand_scores for state in batch.states)
        assert out.masks.sum(axis=1).min() >= 1  # a fresh game always has a move


def test_copy_false_hands_out_the_batchs_own_buffers_and_copy_true_does_not() -> None:
    rng = random.Random(2)
    shared = RoundBatch(2, 4, copy=False)
    first = shared.reset(seed=3)
    kept = first.observations.copy()
    second = shared.step(_random_actions(first.masks, rng))
    assert second.observations is first.observations  # written in place
    assert not np.array_equal(first.observations, kept)
    owned = RoundBatch(2, 4)
    first = owned.reset(seed=3)
    kept = first.observations.copy()
    owned.step(_random_actions(first.masks, rng))
    assert np.array_equal(first.observations, kept)  # the caller's array is left alone


def test_t3_bad_actions_raise_the_librarys_errors_and_change_nothing() -> None:
    batch = RoundBatch(3, 4)
    with pytest.raises(InvalidStateError, match="reset"):
        batch.step(np.zeros(3, dtype=np.int64))
    out = batch.reset(seed=9)
    states = batch.states
    with pytest.raises(InvalidStateError, match="vector of 3 integers"):
        batch.step(np.zeros((3, 1), dtype=np.int64))
    with pytest.raises(InvalidStateError, match="vector of 3 integers"):
        batch.step(np.zeros(3, dtype=np.float64))
    with pytest.raises(InvalidStateError, match="vector of 3 integers"):
        batch.step([0, 0])
    good = _random_actions(out.masks, random.Random(1))
    outside = good.copy()
    outside[1] = 89
    with pytest.raises(IllegalMoveError, match="an action is an int from 0 to 88"):
        batch.step(outside)
    illegal = good.copy()
    illegal[2] = int(np.flatnonzero(out.masks[2] == 0)[0])
    with pytest.raises(IllegalMoveError) as refused:
        batch.step(illegal)
    assert refused.value.rule
    assert batch.states == states


def test_wt7_an_eights_action_outside_the_mask_is_refused() -> None:
    batch = EightsBatch(1, 4)
    out = batch.reset(seed=1)
    action = int(np.flatnonzero(out.masks[0] == 0)[-1])
    with pytest.raises(IllegalMoveError):
        batch.step(np.array([action]))


@pytest.mark.parametrize("bad", [0, -1, 1 << 17, 2.0, True])
def test_a_bad_table_count_is_refused(bad: object) -> None:
    with pytest.raises(InvalidStateError, match="tables must be"):
        RoundBatch(bad)  # type: ignore[arg-type]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidStateError):
        RoundBatch(2, 9)
    with pytest.raises(InvalidStateError, match="copy"):
        RoundBatch(2, copy=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="seed"):
        RoundBatch(2).reset(seed="1")  # type: ignore[arg-type]


def test_the_benchmarks_agent_picks_each_rows_legal_actions_uniformly_from_one_draw() -> None:
    rng = np.random.default_rng(3)
    masks = (rng.random((5, 40)) < 0.1).astype(np.int8)
    masks[:, 7] = 1  # every row has a legal action
    masks[4] = 0
    masks[4, 39] = 1  # one row with a single one, at the last entry
    counts = np.zeros(masks.shape, dtype=np.int64)
    for _ in range(4000):
        picked = pick_actions(rng, masks)
        assert picked.shape == (5,) and masks[np.arange(5), picked].all()
        counts[np.arange(5), picked] += 1
    assert ((counts > 0) == (masks == 1)).all()  # every legal action is picked, nothing else
    for row in range(4):  # uniformly: each legal action near 4000 / the row's count
        expected = 4000 / masks[row].sum()
        assert (np.abs(counts[row][masks[row] == 1] - expected) < 6 * np.sqrt(expected)).all()
    old = pick_actions_dense(np.random.default_rng(1), masks)
    assert masks[np.arange(5), old].all()


def test_the_window_benchmark_prints_a_row_a_window_and_the_collectors_share(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert windows(["--tables", "3", "--steps", "40", "--window", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "eighthalf, 3 tables of 4, windows of 10 batch steps"
    assert [line.split()[0] for line in lines[2:6]] == ["1–10", "11–20", "21–30", "31–40"]
    assert len(lines) == 7 and lines[6].startswith("first window ")
    assert windows(["--game", "eights", "--tables", "2", "--players", "3", "--steps", "3", "--window", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "eights, 2 tables of 3, windows of 3 batch steps" and len(lines) == 3  # one window: no last line
    assert not any(isinstance(callback, Collections) for callback in gc.callbacks)
    with pytest.raises(SystemExit) as raised:
        windows(["--steps", "10", "--window", "11"])
    assert raised.value.code == 2 and "--window" in capsys.readouterr().err
    assert windows(["--by-move", "--games", "6", "--tables", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "eighthalf, 4 players, 6 random games, 3 at a time" and lines[1].split()[0] == "moves"
    assert [line.split()[0] for line in lines[2:4]] == ["0–19", "20–39"]
    costs = by_move("eighthalf", 4, 6, 3)
    assert [first for first, _, _ in costs] == list(BY_MOVE[: len(costs)]) and len(costs) == len(lines) - 2
    assert costs[0][1] == 2 * 3 * 20 and all(count % 3 == 0 and cost > 0 for _, count, cost in costs)
    collections = Collections()
    gc.callbacks.append(collections)
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(collections)
    counts, seconds = collections.take()
    assert counts == [0, 0, 1] and seconds >= 0 and collections.take() == ([0, 0, 0], 0.0)
