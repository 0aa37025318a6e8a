"""The examples run, and say what they should."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_write_a_bot_plays_only_legal_moves_from_its_view() -> None:
    example = load("write_a_bot")
    from eighthalf.bots import GreedyBot

    points = example.play_round([example.BigGroupBot(), GreedyBot(), GreedyBot(), GreedyBot()], seed=3)
    assert sum(points) in (3, 4, 5, 6)  # 2 for the winner, 1 for each lowest count (E6)
    means = example.main(rounds=8)
    assert set(means) == {"big-group", "greedy"}
    assert means["big-group"] * 8 + means["greedy"] * 24 >= 8 * 3


def test_big_group_bot_sheds_its_biggest_group() -> None:
    import random

    from eighthalf import Rank, position, rest_of_deck, view
    from eighthalf import Seat as S

    example = load("write_a_bot")
    hand = (Rank.THREE, Rank.THREE, Rank.SEVEN)
    other = (Rank.ONE, Rank.TWO, Rank.FOUR)
    rest = rest_of_deck(hand, other)
    state = position(
        [
            S(hand=hand, bank=(), open=(), blind=(), on_table=True),
            S(hand=other, bank=(), open=rest[:3], blind=rest[3:6], collected=rest[6:]),
        ],
        to_move=0,
    )
    assert str(example.BigGroupBot().choose(view(state, 0), random.Random(1))) == "33"


def test_replay_a_record_round_trips_and_undoes() -> None:
    lines = load("replay_a_record").main()
    assert lines[0] == '[Game "8½"]'
    assert lines[1].startswith("65 moves, result 1: ")
    assert lines[-1].startswith("undo the last move: back to move 64")


@pytest.mark.parametrize("name", ["write_a_bot", "replay_a_record"])
def test_examples_run_as_scripts(name: str) -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / f"{name}.py")], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_pettingzoo_loop_plays_whole_rounds() -> None:
    pytest.importorskip("pettingzoo")
    results = load("pettingzoo_random").main(rounds=3)
    assert len(results) == 3
    for rewards in results:
        assert set(rewards) == {f"player_{seat}" for seat in range(4)}
        assert sum(rewards.values()) in (0.0, 3.0, 4.0, 5.0, 6.0)  # E6, or E7's 0


def test_learn_to_play_learns_in_a_short_run(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    example = load("learn_to_play")
    out = tmp_path / "weights.npz"
    # 3,000 rounds against GreedyBots, then 400 rounds against RandomBots: seeded, the same every run.
    trained, untrained = example.main(["--quick", "--workers", "1", "--check", "400", "--out", str(out)])
    assert untrained < 0.32  # all weights 0: a random player among random players, about par (25%)
    assert trained > 0.38 and trained > untrained + 0.08
    import numpy as np

    assert out.exists() and np.load(out)["weights"].shape == (example.FEATURES,)


def test_learn_to_play_trains_the_same_with_any_number_of_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gymnasium")
    import importlib

    import numpy as np

    monkeypatch.syspath_prepend(str(EXAMPLES))  # importable by name, as the workers import it
    example = importlib.import_module("learn_to_play")
    alone = example.train(32, seed=5, workers=1, batch=16)
    assert alone.any()
    assert np.array_equal(alone, example.train(32, seed=5, workers=2, batch=16))


def test_learnt_bot_plays_a_round_from_a_weights_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gymnasium")
    import random

    import numpy as np

    from eighthalf import apply, new_game, view
    from eighthalf.bots import GreedyBot

    example = load("learn_to_play")
    weights = np.zeros(example.FEATURES)
    weights[0] = 1.0  # the GreedyBot's choice, and nothing else: it plays as GreedyBot does
    np.savez(tmp_path / "w.npz", weights=weights)
    monkeypatch.setenv("EIGHTHALF_WEIGHTS", str(tmp_path / "w.npz"))
    bots = [example.LearntBot(), GreedyBot(), GreedyBot(), GreedyBot()]
    state, rng = new_game(4, seed=11), random.Random(11)
    while state.outcome is None:
        seen = view(state, state.to_move)
        move = bots[state.to_move].choose(seen, rng)
        if state.to_move == 0 and len(seen.legal_moves()) > 1 and not str(move).startswith("b"):
            assert move == GreedyBot().choose(seen, random.Random(0))
        state = apply(state, move)  # checked: the bot's moves are legal


def test_the_strength_script_plays_a_learnt_bot_from_its_weights_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("gymnasium")
    import numpy as np

    from benchmarks import strength

    weights = np.zeros(load("learn_to_play").FEATURES)
    weights[0] = 1.0
    np.savez(tmp_path / "w.npz", weights=weights)
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.setenv("EIGHTHALF_WEIGHTS", "restored after the test")
    argv = ["--bot", "learn_to_play:LearntBot", "--weights", str(tmp_path / "w.npz"), "--rounds", "8", "--workers", "1"]
    assert strength.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith("learn_to_play:LearntBot-greedy: learn_to_play:LearntBot vs 3 x greedy, 8 rounds")
    assert "seat-rounds     8" in lines[3] and "seat-rounds    24" in lines[4]


def test_learn_to_play_features_read_the_action_P8() -> None:
    pytest.importorskip("gymnasium")
    import numpy as np

    from eighthalf import Rank, parse_move, position, rest_of_deck, view
    from eighthalf import Seat as S
    from eighthalf.envs import encode_view, move_to_action

    example = load("learn_to_play")
    # Call 6½ left by seat 3 (P8): seat 0's two 7s catch; its ½ makes 7 and catches nobody.
    mine, pile = (Rank.SEVEN, Rank.SEVEN, Rank.HALF), [(Rank.SIX, 2), (Rank.HALF, 3)]
    rest = rest_of_deck(mine, [rank for rank, _ in pile])
    state = position(
        [
            S(hand=mine, bank=(), open=(), blind=(), on_table=True),
            S(hand=rest[:1], bank=(), open=(), blind=(), collected=rest[3:], on_table=True),
            S(hand=rest[1:2], bank=(), open=(), blind=(), on_table=True),
            S(hand=rest[2:3], bank=(), open=(), blind=(), on_table=True),
        ],
        pile=pile,
        to_move=0,
    )
    legal = np.array([move_to_action(parse_move(text)) for text in ("7", "77", "H")])
    rows = example.features(encode_view(view(state, 0)), legal)
    assert rows[:, 0].tolist() == [0, 1, 0]  # GreedyBot catches with every catch card it holds
    assert rows[:, 1 + Rank.SEVEN].tolist() == [1, 1, 0] and rows[2, 1 + Rank.HALF] == 1
    assert rows[:, 14].tolist() == [1, 1, 0] and rows[:, 15].tolist() == [0, 0, 0]  # catch; at risk
    assert rows[:, 16].tolist() == [1 / 3, 2 / 3, 1 / 3]
    assert rows[:, 18 + 14].tolist() == [1, 1, 1]  # each leaves a call of 7 (14 halves)


@pytest.mark.parametrize("name", ["pettingzoo_random"])
def test_ai_examples_run_as_scripts(name: str) -> None:
    pytest.importorskip("pettingzoo")
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / f"{name}.py")], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "points" in result.stdout


def test_learn_to_play_learns_eights_in_a_short_run(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    import numpy as np

    example = load("learn_to_play")
    out = tmp_path / "eights.npz"
    # 600 games against GreedyBots, then 300 games against RandomBots: seeded, the same every run.
    argv = ["--game", "eights", "--quick", "--workers", "1", "--check", "300", "--out", str(out)]
    trained, untrained = example.main(argv)
    assert 0.15 < untrained < 0.35  # all weights 0: a random player among random players, about par
    assert trained > untrained + 0.05
    with np.load(out) as saved:
        assert str(saved["game"]) == "eights" and saved["weights"].shape == (example.EIGHTS_FEATURES,)


def test_learn_to_play_refuses_a_game_it_does_not_play(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("gymnasium")
    with pytest.raises(SystemExit):
        load("learn_to_play").main(["--game", "chess", "--quick"])
    assert "'chess' is not a game the learner plays" in capsys.readouterr().err


def test_learnt_bot_plays_eights_as_the_greedy_bot_with_only_its_weight_WT1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("gymnasium")
    import random

    import numpy as np

    from eighthalf.eights import apply, new_game, view
    from eighthalf.games.eights.bots import GreedyBot

    example = load("learn_to_play")
    weights = np.zeros(example.EIGHTS_FEATURES)
    weights[0] = 1.0  # the GreedyBot's choice, and nothing else
    np.savez(tmp_path / "w.npz", weights=weights, game="eights")
    monkeypatch.setenv("EIGHTHALF_WEIGHTS", str(tmp_path / "w.npz"))
    learnt = example.LearntBot()  # the game comes from the file
    assert learnt.game == "eights"
    state, rng, compared = new_game(3, seed=5), random.Random(5), 0
    while state.outcome is None:
        seen = view(state, state.hand.to_move)
        move = learnt.choose(seen, rng)
        if len(seen.legal_moves()) > 1:
            assert move == GreedyBot().choose(seen, random.Random(0))
            compared += 1
        state = apply(state, move)  # checked: legal (a player who can spell spells, WT1)
    assert compared > 10
    with pytest.raises(ValueError, match="do not fit"):
        example.LearntBot(weights, game="8½")


def test_learn_to_play_eights_features_read_the_word_and_the_exchange_WT8_WP1() -> None:
    pytest.importorskip("gymnasium")
    from eighthalf.eights import Pass, Spell, legal_moves, new_game, view

    example = load("learn_to_play")
    state = new_game(4, seed=1)
    seen = view(state, state.hand.to_move)
    moves = legal_moves(state)
    rows = example.eights_features(seen, moves)
    assert rows.shape == (len(moves), example.EIGHTS_FEATURES) and rows[:, 0].sum() == 1
    for move, row in zip(moves, rows, strict=True):
        assert isinstance(move, Spell) and row[example._WORD_COLUMN[move.word]] == 1 and row[16:22].sum() == 0
    assert seen.hand is not None
    passes = [Pass(()), Pass(seen.hand[:2])]
    rows = example.eights_features(seen, passes)
    assert rows[0, 16:22].tolist() == [0] * 6 and rows[1, 16] == 2 / 8 and rows[:, 1:16].sum() == 0
    assert rows[0, 22:24].tolist() == rows[1, 22:24].tolist()  # a pass leaves the table as it is
    assert rows[1, 24] <= rows[0, 24]  # the cards kept spell no more than the whole hand


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rounds", "10"], "--rounds: must be an int of at least 32, not '10'"),  # was: trained on nothing
        (["--rounds", "-5"], "--rounds: must be an int of at least 32, not '-5'"),
        (["--check", "0"], "--check: must be an int of at least 1, not '0'"),  # was: a ZeroDivisionError at the end
        (["--workers", "0"], "--workers: must be an int of at least 1, not '0'"),
        (["--minutes", "nan"], "--minutes: must be a number of at least 0, not 'nan'"),
    ],
)
def test_learn_to_play_refuses_a_budget_it_cannot_train_or_check(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("gymnasium")
    example = load("learn_to_play")
    monkeypatch.setattr(example, "train", lambda *args, **kwargs: pytest.fail(f"{argv} was not refused"))
    with pytest.raises(SystemExit):
        example.main(argv)
    assert message in capsys.readouterr().err


def test_learn_to_play_counts_games_of_eights_and_its_bot_refuses_the_other_game_s_view(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Training Eights reports games (not rounds); weights of one game given a view of the
    other are refused by name, not with numpy's shape error."""
    pytest.importorskip("gymnasium")
    import random

    import numpy as np

    from eighthalf import new_game, view
    from eighthalf.games import eights

    example = load("learn_to_play")
    example.train(32, seed=5, workers=1, batch=16, game="eights")
    assert "      32 games, " in capsys.readouterr().out
    eights_bot = example.LearntBot(np.zeros(example.EIGHTS_FEATURES), game="eights")
    with pytest.raises(ValueError, match="these weights play eights, not 8½"):
        eights_bot.choose(view(new_game(4, seed=1), 0), random.Random(1))
    round_bot = example.LearntBot(np.zeros(example.FEATURES))
    state = eights.new_game(3, seed=1)
    with pytest.raises(ValueError, match="these weights play 8½, not eights"):
        round_bot.choose(eights.view(state, state.hand.to_move), random.Random(1))
