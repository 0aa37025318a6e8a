"""Eights on the command line: ``python -m eighthalf eights demo|play|simulate`` (issue 8, item 4)."""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from eighthalf import cli
from eighthalf.console.commands import add_commands
from eighthalf.eights import Pass, Rules, Spell, apply, legal_moves, new_game, parse_move, view
from eighthalf.errors import EighthalfError
from eighthalf.games.eights.bots import GreedyBot, RandomBot
from eighthalf.games.eights.demo import NAMES, run_demo
from eighthalf.games.eights.figures import CSV_COLUMNS, HAND_LIMIT, EightsFigures
from eighthalf.games.eights.terminal import HELP, LABELS, add_play_arguments, listed_moves, numbered_moves, run_play
from eighthalf.registry import find
from eighthalf.simulation.runner import game_seeds
from eighthalf.simulation.summary import Summary
from eighthalf.simulation.summary import simulate as simulate_game

BOTS = ["greedy", "random", "random"]
ENTRY = find("eights")


def main(argv: list[str], *, write: Callable[[str], None] = print) -> int:
    """Eights' commands on their own (``argv`` without the word ``eights``), as the command line has them."""
    parser = argparse.ArgumentParser(prog="python -m eighthalf eights")
    add_commands(parser.add_subparsers(dest="eights_command", required=True), ENTRY)
    args = parser.parse_args(argv)
    run: Callable[..., int] = args.run
    return run(args, write=write)


simulate = functools.partial(simulate_game, ENTRY)
"""Eights' simulation, the one every game derives (:func:`eighthalf.simulation.summary.simulate`)."""


def game_seeds_of(seed: int, index: int) -> tuple[int, int]:
    return game_seeds(EightsFigures.tag or b"", seed, index)


# --- demo ---------------------------------------------------------------------------------------


def test_the_demo_narrates_a_whole_game_that_replays() -> None:
    lines: list[str] = []
    assert main(["demo", "--players", "3", "--seed", "4", "--target", "12"], write=lines.append) == 0
    assert lines[0] == "Eights demo: 3 players, seed 4, target 12"
    assert lines[1:4] == ["  seat 0: Anna (greedy)", "  seat 1: Ben (random)", "  seat 2: Cleo (greedy)"]
    state = new_game(3, seed=4, rules=Rules(target=12))
    assert lines[4].startswith(f"Hand 1: table {' '.join(map(str, state.hand.table))}, stack ")
    turns = [line for line in lines if line[:4].strip().isdigit()]
    for number, line in enumerate(turns, 1):
        head, _, story = line.partition(" — ")
        seat_name, _, move_text = head[6:].partition(": ")
        assert head.startswith(f"{number:4}. ") and seat_name == NAMES[state.to_move]
        move = parse_move(move_text)
        state = apply(state, move)  # every narrated move is legal and replays the game (WS5)
        verb = "spells" if isinstance(move, Spell) else "passes"
        assert story.startswith(f"{seat_name} {verb}")
    assert state.over and lines[-1].startswith("The game is over: ")
    assert sum(line.startswith("Hand ") and " is over " in line for line in lines) == len(state.hand_scores)


def test_the_demo_through_python_m_eighthalf(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["eights", "demo", "--players", "2", "--seed", "1", "--bots", "random", "--target", "8"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Eights demo: 2 players, seed 1, target 8"
    assert out[1:3] == ["  seat 0: Anna (random)", "  seat 1: Ben (random)"]


def test_run_demo_returns_the_winners_and_refuses_bad_arguments() -> None:
    lines: list[str] = []
    winners = run_demo(2, 5, [GreedyBot(), RandomBot()], rules=Rules(target=6), write=lines.append)
    assert winners and lines[-1].startswith("The game is over: ")
    with pytest.raises(EighthalfError, match=r"players must be from 2 to 6 \(WS2\), not 7"):
        run_demo(7, 1, [GreedyBot()] * 7)
    with pytest.raises(EighthalfError, match="one per seat"):
        run_demo(3, 1, [GreedyBot()])
    with pytest.raises(EighthalfError, match="seed must be an int"):
        run_demo(2, "7", [GreedyBot(), GreedyBot()])  # type: ignore[arg-type]


# --- simulate -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reference() -> Summary:
    """30 games played inline, in one chunk."""
    return simulate(3, 30, BOTS, seed=1, chunk_size=1000)


def test_simulate_is_the_same_whatever_the_workers(reference: Summary) -> None:
    assert simulate(3, 30, BOTS, seed=1, chunk_size=4) == reference
    assert simulate(3, 30, BOTS, seed=1, workers=2, chunk_size=7) == reference
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert simulate(3, 30, BOTS, seed=1, executor=pool, chunk_size=5) == reference
    assert simulate(3, 30, BOTS, seed=2) != reference


def test_the_summary_adds_up(reference: Summary) -> None:
    summary = reference
    assert (summary.games, summary.players, summary.bots, summary.rules.target_for(3)) == (30, 3, tuple(BOTS), 50)
    assert summary.rotate_seats and [seat.bot for seat in summary.seats] == [None, None, None]
    greedy, rand = summary.by_bot
    assert (greedy.bot, greedy.games, rand.bot, rand.games) == ("greedy", 30, "random", 60)
    wins = sum(seat.wins for seat in summary.seats)
    assert wins == summary.games + sum(seat.shared for seat in summary.seats) - summary.shared_games  # WG3: shared wins
    assert greedy.wins + rand.wins == wins and greedy.points + rand.points == sum(s.points for s in summary.seats)
    for standing in summary.seats + summary.by_bot:
        low, high = standing.win_rate_ci
        assert 0 <= low <= standing.win_rate <= high <= 1
        low, high = standing.mean_points_ci
        assert 0 <= low <= standing.mean_points <= high
    assert sum(count for _, count in summary.lengths) == sum(count for _, count in summary.histogram("hands")) == 30
    assert summary.min_length <= summary.median_length <= summary.max_length and summary.to_dict()["hands"]["mean"] >= 1


def test_every_game_of_games_out_replays_to_its_totals() -> None:
    out = io.StringIO()
    rules = Rules(target=15, may_pass_freely=True)
    summary = simulate(4, 6, ["greedy", "random"] * 2, seed=3, rules=rules, games_out=out, workers=2, chunk_size=2)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [record["game"] for record in records] == list(range(6))
    assert summary.rules.may_pass_freely and summary.rules.target_for(4) == 15
    for record in records:
        assert record["seed"] == game_seeds_of(3, record["game"])[0]
        state = new_game(4, seed=record["seed"], rules=rules)
        for text in record["moves"]:
            state = apply(state, parse_move(text))
        assert state.outcome is not None and list(state.outcome.totals) == record["totals"]
        assert list(state.outcome.winners) == record["winners"] and record["turns"] == len(record["moves"])


def _simulate(argv: list[str], lines: list[str] | None = None) -> int:
    return main(["simulate", *argv], write=(lines.append if lines is not None else print))


ARGV = ["--players", "3", "--games", "8", "--bots", "greedy,random", "--seed", "5", "--workers", "1", "--no-progress"]


def test_the_summary_in_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = simulate(3, 8, ["greedy", "random", "greedy"], seed=5)
    lines: list[str] = []
    assert _simulate(ARGV, lines) == 0
    assert lines == [expected.to_text()]
    assert lines[0].startswith("Eights simulation: 8 games, 3 players, seed 5, bots greedy,random,greedy")
    assert _simulate([*ARGV, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected.to_dict()
    assert _simulate([*ARGV, "--format", "csv"]) == 0
    text = capsys.readouterr().out
    assert text == expected.to_csv() and text.splitlines()[0] == ",".join(CSV_COLUMNS)
    assert [row.split(",")[0] for row in text.splitlines()[1:]] == ["seat"] * 3 + ["bot"] * 2 + ["games"]
    path = tmp_path / "summary.json"
    lines = []
    assert _simulate([*ARGV, "--format", "json", "--output", str(path), "--csv", "-"], lines) == 0
    assert json.loads(path.read_text(encoding="utf-8")) == expected.to_dict()
    assert capsys.readouterr().out == expected.to_csv() and lines == []
    assert _simulate([*ARGV, "--output", str(tmp_path / "summary.txt")]) == 0
    assert (tmp_path / "summary.txt").read_text(encoding="utf-8") == expected.to_text() + "\n"


def test_games_out_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[str] = []
    assert _simulate([*ARGV, "--games-out", "-"], lines) == 0
    assert lines == []  # stdout belongs to the games' lines
    assert [json.loads(line)["game"] for line in capsys.readouterr().out.splitlines()] == list(range(8))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "7"], "--players must be from 2 to 6 (WS2), not 7"),
        (["--players", "1"], "--players must be from 2 to 6 (WS2), not 1"),
        (["--games", "0"], "argument --games: must be at least 1, not 0"),
        (["--games", "ten"], "argument --games: not a whole number: 'ten'"),
        (["--bots", "nobody"], "--bots: unknown bot 'nobody'; choose from"),
        (["--players", "2", "--bots", "greedy,random,random"], "--bots: 3 bots for 2 seats; give at most 2"),
        (["--bots", "greedy,,random"], "--bots: an empty entry in 'greedy,,random'"),
        (["--seed", "1e3"], "argument --seed: not a whole number: '1e3'"),
        (["--format", "xml"], "argument --format: invalid choice: 'xml'"),
        (["--target", "0"], "argument --target: must be at least 1, not 0"),
        (["--json", "-", "--csv", "-"], "--json, --csv: give each output a place of its own"),
        (["--format", "csv", "--csv", "-"], "--output, --csv: give each output a place of its own"),
        (["--output", "/no/such/folder/out.txt"], "--output: cannot write '/no/such/folder/out.txt': the folder"),
        (["--bots", "travelling_bots:Broken"], "has no attribute 'Broken'"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        # a billion games: had any work started before the check, this would not end
        _simulate(["--games", "1000000000", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and message in err, err
    assert "Traceback" not in err and err.splitlines()[-1].startswith("python -m eighthalf eights simulate: error: ")


_ARGUMENT = st.one_of(
    st.text(max_size=10),
    st.from_regex(r"-?[0-9²³٣]{1,25}", fullmatch=True),
    st.sampled_from(["9" * 5000, "-" + "9" * 101, "1e3", "0x10", " 3 ", "greedy,", "x:y", ":", "json", "csv"]),
)


@given(
    option=st.sampled_from(["--players", "--seed", "--chunk-size", "--target", "--turn-limit", "--bots", "--games"]),
    value=_ARGUMENT,
)
@settings(max_examples=80, deadline=None)
def test_any_simulate_argument_runs_or_is_one_line_with_status_2(option: str, value: str) -> None:
    if value.strip().isascii() and value.strip().lstrip("-").isdigit() and len(value.strip()) <= 18:
        assume(not (option == "--games" and int(value) > 3))  # valid but long runs are for other tests
        assume(not (option == "--target" and int(value) > 60))
    stderr = io.StringIO()
    lines: list[str] = []
    argv = ["--players", "2", "--games", "1", "--workers", "1", "--no-progress", "--target", "10", f"{option}={value}"]
    try:
        with contextlib.redirect_stderr(stderr):
            status = _simulate(argv, lines)
    except SystemExit as exit_info:
        assert exit_info.code == 2
        err = stderr.getvalue()
        assert "Traceback" not in err and err.splitlines()[-1].startswith(
            "python -m eighthalf eights simulate: error: "
        )
        assert len(err.splitlines()[-1]) < 400
        return
    assert status == 0 and lines[0].startswith("Eights simulation: ")


def test_dask_gives_the_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    expected = simulate(3, 12, BOTS, seed=4)
    with distributed.LocalCluster(
        processes=False, n_workers=2, threads_per_worker=1, dashboard_address=":0"
    ) as cluster:
        with distributed.Client(cluster, set_as_default=False) as client, client.get_executor() as executor:
            assert simulate(3, 12, BOTS, seed=4, executor=executor, chunk_size=5) == expected
        argv = ["--players", "3", "--games", "12", "--bots", ",".join(BOTS), "--seed", "4", "--no-progress"]
        assert _simulate([*argv, "--dask", cluster.scheduler_address, "--format", "csv"]) == 0
    assert capsys.readouterr().out == expected.to_csv()


def test_help_lists_the_three_commands() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "eighthalf", "eights", "--help"], capture_output=True, text=True, timeout=120, check=True
    )
    assert "usage: python -m eighthalf eights" in done.stdout
    assert all(f"    {command} " in done.stdout for command in ("demo", "play", "simulate"))


# --- play: the terminal game, driven by scripted input ---------------------------------------------


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_play_arguments(parser)
    return parser.parse_args(list(argv))


def _first_seed(wanted: Callable[[tuple[object, ...]], bool], players: int = 3) -> int:
    """The first seed whose first turn (seat 0) has legal moves that ``wanted`` accepts."""
    return next(seed for seed in range(1000) if wanted(legal_moves(new_game(players, seed=seed))))


def _script(answers: list[str | type[BaseException]]) -> Callable[[str], str]:
    replies: Iterator[str | type[BaseException]] = iter(answers)

    def ask(prompt: str) -> str:
        reply = next(replies, EOFError)
        if isinstance(reply, str):
            return reply
        raise reply

    return ask


def test_play_help_errors_a_letter_and_quit() -> None:
    seed = _first_seed(lambda moves: isinstance(moves[0], Spell))
    state = new_game(3, seed=seed)
    first = listed_moves(view(state, 0))[0]
    lines: list[str] = []
    answers: list[str | type[BaseException]] = ["?", "ONE 9z", "seven", "pass", "0", "1", "z", "A", "q"]
    status = run_play(
        _args("--players", "3", "--seed", str(seed), "--name", "Zoe"), input=_script(answers), write=lines.append
    )
    assert status == 0
    text = "\n".join(lines)
    assert "You are Zoe, seat 0; against Ben (greedy), Cleo (greedy)." in lines[0]
    assert "Your hand (Zoe): " + " ".join(map(str, state.hand.hands[0])) in text
    assert "Table:  " + " ".join(map(str, state.hand.table)) in text and "Stack:  " in text
    assert "How to answer:" in text  # ?
    assert "not a move: 'ONE 9z': not a card: '9z'" in text and "(WS1)" in text  # malformed
    assert "not a spelling: 'seven': the cards show the letters ''" in text and "(WT2)" in text
    assert "'pass' is not legal here: a player who can spell a word must spell one (WT1)" in text  # illegal
    assert f"  a) {first}  (" in text and "  1." not in text  # the lines are labelled by letters, as in 8½
    assert f" for a line of the list, or the move itself, such as {first}; ? for help, q to quit." in text
    assert "not a move: '0': the lines are chosen by letter, not number; type " in text  # numbers are refused
    assert "not a move: '1': the lines are chosen by letter, not number; type a for line 1, or the move itself" in text
    assert "not a move: 'z' (type " in text  # a letter that labels no line
    assert f"You: {first}" not in text and any(line.startswith("You spell ") for line in lines)  # A: the first move
    assert lines[-2] == "Goodbye: the game ends here."
    assert lines[-1].startswith(f"Seed {seed}: play the same game again with: python -m eighthalf eights play")
    assert "--names Zoe,Ben,Cleo" in lines[-1]
    assert "Seed" not in text[: text.index("Goodbye")]  # WI4: the seed only at the end


def test_the_lines_are_labelled_by_letters_as_in_8_half() -> None:
    """One convention for both games: letters, never digits, none a quit or help word."""
    from eighthalf.console.play import QUIT_WORDS, label_of

    assert LABELS == "abcdefghijkmnoprstuvwxyz" and numbered_moves is listed_moves  # the old name, for a release
    for count in (1, 23, 24, 529):
        for index in range(count):
            label = label_of(index, count, LABELS)
            assert label.isalpha() and label.islower() and label not in QUIT_WORDS | {"?", "help"}
            with pytest.raises(EighthalfError):
                parse_move(label)  # a label is never a move
    seed = _first_seed(lambda moves: isinstance(moves[0], Spell) and len(moves) > 2)
    listed = listed_moves(view(new_game(3, seed=seed), 0))
    prompts: list[str] = []
    answers = iter(["B", "q"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    lines: list[str] = []
    assert run_play(_args("--players", "3", "--seed", str(seed)), input=ask, write=lines.append) == 0
    labels = [LABELS[index] for index in range(len(listed))]
    menu = [line for line in lines[3].splitlines() if line.startswith("  ") and ") " in line]
    assert [line.split(")")[0].strip() for line in menu] == labels
    shown = "/".join(labels) if len(labels) <= 6 else f"a…{labels[-1]}"
    assert prompts[0] == f"Your move [{shown} or a move]: "
    assert any(line.startswith(f"You spell {str(listed[1]).split()[0]} with ") for line in lines)


def test_play_a_move_in_notation_and_passing_with_an_exchange() -> None:
    seed = _first_seed(lambda moves: isinstance(moves[0], Pass) and len(moves) > 1)
    state = new_game(3, seed=seed)
    hand = state.hand.hands[0]
    exchange = f"pass {hand[0]} {hand[1]}"
    lines: list[str] = []
    status = run_play(_args("--players", "3", "--seed", str(seed)), input=_script([exchange]), write=lines.append)
    assert status == 0  # then the end of input: a clean goodbye
    text = "\n".join(lines)
    assert "  a) pass" in text and "  b)" not in text  # exchanges are typed, not listed
    assert "or pass <cards>: pass and exchange up to 7 of your cards" in text
    assert f"You pass and put 2 cards ({hand[0]}, {hand[1]}) under the stack." in text
    assert lines[-2] == "Goodbye: the game ends here."


def test_play_a_spelling_typed_in_notation() -> None:
    seed = _first_seed(lambda moves: isinstance(moves[-1], Spell) and len(moves) > 1)
    move = legal_moves(new_game(3, seed=seed))[-1]
    assert isinstance(move, Spell)
    word, *cards = str(move).split()
    typed = " ".join([word.lower(), *reversed(cards)])  # cards in any order, the word in any case
    lines: list[str] = []
    assert (
        run_play(_args("--players", "3", "--seed", str(seed)), input=_script([typed, "quit"]), write=lines.append) == 0
    )
    assert any(line.startswith(f"You spell {move.word} with ") for line in lines)


def test_play_to_the_end_of_the_game() -> None:
    lines: list[str] = []
    args = _args("--players", "2", "--seed", "3", "--bots", "random", "--target", "6")
    assert run_play(args, input=_script(["a"] * 500), write=lines.append) == 0
    assert lines[-2].startswith(("The game is over: you win with ", "The game is over: Ben wins with "))
    assert sum(line.startswith("The game is over: ") for line in lines) == 1
    assert lines[-1].endswith("--bots random --target 6 --seed 3")


def test_unreadable_answers_are_asked_again() -> None:
    lines: list[str] = []
    bad = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    answers: Iterator[object] = iter([bad, "caf\udce9", "q"])

    def ask(prompt: str) -> str:
        answer = next(answers)
        if isinstance(answer, BaseException):
            raise answer
        assert isinstance(answer, str)
        return answer

    assert run_play(_args("--seed", "2"), input=ask, write=lines.append) == 0
    assert "could not read that answer: it is not valid utf-8 text; please type it again" in lines
    assert any("not valid text in the terminal's encoding" in line for line in lines)
    assert lines[-2] == "Goodbye: the game ends here."


def test_ctrl_c_ends_with_status_130() -> None:
    lines: list[str] = []
    assert run_play(_args("--seed", "2"), input=_script([KeyboardInterrupt]), write=lines.append) == 130
    assert lines[-2] == "Goodbye: interrupted."


def test_bad_play_options(capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[str] = []
    assert run_play(_args("--players", "9"), input=_script([]), write=lines.append) == 2
    assert lines == ["error: --players must be from 2 to 6 (WS2), not 9"]
    for argv, message in (
        (["--seat", "3", "--players", "3"], "--seat must be a seat from 0 to 2, not 3"),
        (["--bots", "greedy,random,greedy,random"], "--bots: 4 bots for 3 seats; give at most 3"),
        (["--names", "Ann,Ann"], "--names: every player needs a name of their own"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(["play", *argv])
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert message in err and err.splitlines()[-1].startswith("python -m eighthalf eights play: error: ")


def test_bots_see_only_their_views_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bot's view in the terminal game is its own seat's (WI2)."""
    seen_seats: list[int | None] = []
    original = RandomBot.choose

    def spy(self: RandomBot, seen: object, rng: random.Random) -> object:
        seen_seats.append(getattr(seen, "seat", None))
        return original(self, seen, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(RandomBot, "choose", spy)
    with contextlib.redirect_stdout(io.StringIO()):
        run_play(_args("--players", "3", "--seed", "8", "--bots", "random", "--seat", "1"), input=_script(["a"] * 30))
    assert seen_seats and set(seen_seats) <= {0, 2}


def test_simulate_stops_a_game_that_cannot_end_with_one_error_wg3() -> None:
    """Bots that never spell under WR1 never reach the target (WG3): one clear error, no hang."""

    with pytest.raises(EighthalfError, match=rf"game 0 \(seed \d+\) did not end within {HAND_LIMIT:,} hands"):
        simulate(2, 1, ["passive_bots:PassingBot"] * 2, seed=3, rules=Rules(may_pass_freely=True))


def test_the_demo_stops_a_game_that_cannot_end_with_one_error_wg3() -> None:
    from passive_bots import PassingBot

    with pytest.raises(EighthalfError, match="did not end within 1,000 hands"):
        run_demo(2, 3, [PassingBot(), PassingBot()], rules=Rules(may_pass_freely=True), write=lambda line: None)


def test_a_bot_of_the_users_that_breaks_a_rule_stops_the_run_with_the_rules_error_wt1() -> None:
    """A pass while a word can be spelled is illegal (WT1): the run stops with that error and where."""
    from eighthalf.errors import IllegalMoveError

    with pytest.raises(IllegalMoveError, match=r"^game 0 \(seed \d+\), seat 0, bot 'passing': "):
        simulate(2, 1, ["passive_bots:PassingBot", "greedy"], seed=3, rotate_seats=False)


def test_bots_that_observe_see_every_move_of_their_seat_only_wi2() -> None:
    """simulate and the demo show observing bots every move, with other seats' draws hidden (WI2, WI3)."""
    from passive_bots import WatchingBot

    from eighthalf.eights import Drew

    WatchingBot.seen.clear()
    summary = simulate(2, 1, ["passive_bots:WatchingBot", "greedy"], seed=3, rotate_seats=False)
    assert len(WatchingBot.seen) == summary.moves  # every move, the bot's own and the other seat's
    run_demo(2, 3, [WatchingBot(), GreedyBot()], write=lambda line: None)
    assert len(WatchingBot.seen) > summary.moves
    for seat, events in WatchingBot.seen:
        assert seat == 0
        for event in events:
            if isinstance(event, Drew):
                assert (event.cards is None) == (event.seat != 0)


def test_play_saves_the_game_as_a_record_that_replays(tmp_path: Path) -> None:
    """--record PATH: the finished game as a record (result and Names tag), which replays (WG3)."""
    from eighthalf.eights import replay
    from eighthalf.games.eights.records import loads

    path = tmp_path / "game.txt"
    lines: list[str] = []
    args = _args("--players", "2", "--seed", "3", "--bots", "random", "--target", "6", "--record", str(path))
    assert run_play(args, input=_script(["a"] * 500), write=lines.append) == 0
    assert f"The game is saved as a record in {path}." in lines
    record = loads(path.read_text(encoding="utf-8"))
    assert record.seed == 3 and record.rules == Rules(target=6) and dict(record.tags)["Names"] == "Anna,Ben"
    *_, last = replay(record)
    assert last.over and record.result != "*"


def test_play_saves_an_unfinished_game_when_the_person_quits(tmp_path: Path) -> None:
    from eighthalf.games.eights.records import loads

    path = tmp_path / "game.txt"
    args = _args("--players", "3", "--seed", "5", "--record", str(path))
    assert run_play(args, input=_script(["a", "q"]), write=lambda line: None) == 0
    record = loads(path.read_text(encoding="utf-8"))
    assert record.result == "*" and len(record.moves) >= 1


def test_play_refuses_a_record_path_it_cannot_write(tmp_path: Path) -> None:
    lines: list[str] = []
    args = _args("--record", str(tmp_path / "no" / "such" / "folder" / "game.txt"))
    assert run_play(args, input=_script(["q"]), write=lines.append) == 2
    assert lines[0].startswith("error: --record")


# --- Bots that cannot play: one error line, no traceback (issue 17) --------------------------------


def test_a_bot_that_cannot_be_made_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--players", "2", "--bots", "os:system"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.splitlines()[-1].startswith("python -m eighthalf eights demo: error: ")
    assert "--bots: bot 'os:system' could not be made: TypeError: " in err


def test_run_demo_and_play_refuse_a_bot_of_8_half_with_one_error() -> None:
    from eighthalf.bots import GreedyBot as EightAndAHalfGreedyBot

    with pytest.raises(EighthalfError, match=r"seat 0: bot 'greedy' failed .*; is it a bot of Eights\?"):
        run_demo(2, 1, [EightAndAHalfGreedyBot(), GreedyBot()], write=lambda line: None)  # type: ignore[list-item]
    lines: list[str] = []
    args = _args("--players", "2", "--seat", "1", "--seed", "2", "--bots", "eighthalf.bots:GreedyBot")
    status = run_play(args, input=_script(["q"]), write=lines.append)
    if status == 2:  # the registry of bots already refuses a bot of the other game by its module
        assert lines[0].startswith("error: --bots: ") and len(lines) == 1
    else:
        assert status == 1 and any(line.startswith("error: seat 0: bot 'greedy' failed (") for line in lines)
        assert lines[-1].startswith("Seed 2: play the same game again with: ")


def test_the_play_config_is_an_attrs_class_with_its_fields_in_order() -> None:
    import attrs

    from eighthalf.games.eights.terminal import PlayConfig, config_from_args

    config = config_from_args(_args("--players", "3", "--seed", "4", "--target", "9"))
    assert isinstance(config, PlayConfig) and attrs.has(type(config))
    assert [field.name for field in attrs.fields(PlayConfig)][:7] == [
        "players",
        "seat",
        "bots",
        "seed",
        "names",
        "rules",
        "record",
    ]
    assert config == PlayConfig(3, 0, (None, "greedy", "greedy"), 4, ("Anna", "Ben", "Cleo"), Rules(target=9))
    assert attrs.evolve(config, seat=1).seat == 1


# --- Bad input on the command line: one line, no traceback (issue 18, items 1, 2 and 8) ----------


def test_a_demo_that_cannot_end_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--players", "2", "--target", "100000000", "--turn-limit", "1"], write=lambda line: None)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.splitlines()[-1] == (
        "python -m eighthalf eights demo: error: the game did not end within 1,000 hands: "
        "no total reached the target 100000000 (WG3); do the bots ever spell?"
    )


def test_play_answers_a_huge_answer_or_number_in_one_short_line() -> None:
    lines: list[str] = []
    answers: list[str | type[BaseException]] = ["x" * 10**6, "1" * 5_000, "9" * 19, "0", "q"]
    assert run_play(_args("--players", "2", "--seed", "1"), input=_script(answers), write=lines.append) == 0
    refusals = [line for line in lines if line.startswith("not a move")]
    assert len(refusals) == 4 and max(len(line) for line in refusals) <= 300
    assert refusals[0].startswith("not a move: 'xxxxxxxxxx") and "(1000000 characters)" in refusals[0]
    assert refusals[1].startswith("not a move: '1111111111") and "(5000 characters)" in refusals[1]
    assert refusals[2].startswith("not a move: '9999999999999999999': the lines are chosen by letter, not number")
    assert refusals[3].startswith("not a move: '0': the lines are chosen by letter, not number; type ")


# --------------------------------------------------------------------------- issue 27: what a new user tripped over


def test_issue_27_the_letters_skip_only_l_and_q_and_the_help_says_why() -> None:
    """The lines run a…k without a gap (h labels a line: help is ? or help, as in 8½);
    the help says why l and q never label one."""
    assert LABELS[:10] == "abcdefghij" and "l" not in LABELS and "q" not in LABELS
    assert "no l, which reads as\n                      a 1, nor q, which quits" in HELP and "? or help" in HELP
    seed = _first_seed(lambda moves: sum(isinstance(move, Spell) for move in moves) >= 9)
    listed = listed_moves(view(new_game(3, seed=seed), 0))
    lines: list[str] = []
    assert run_play(_args("--players", "3", "--seed", str(seed)), input=_script(["h", "q"]), write=lines.append) == 0
    menu = [line for line in lines[3].splitlines() if line.startswith("  ") and ") " in line]
    assert [line.split(")")[0].strip() for line in menu][:9] == list("abcdefghi")
    assert menu[7].startswith(f"  h) {listed[7]}  (")
    assert "How to answer:" not in "\n".join(lines)  # h plays the move on line h
    assert any(line.startswith(f"You spell {str(listed[7]).split()[0]} with ") for line in lines)


def test_issue_27_the_end_names_the_winner_once_and_points_say_you() -> None:
    lines: list[str] = []
    args = _args("--players", "3", "--seed", "3", "--target", "10", "--names", "Anna,Ben,Cleo")
    assert run_play(args, input=_script(["a"] * 500), write=lines.append) == 0
    assert lines[-3:-1] == [
        "Hand 2 is over (everybody passed). Points: you 8, Ben 15, Cleo 27. Totals: you 10, Ben 18, Cleo 27.",
        "The game is over: Cleo wins with 27 points.",
    ]
    assert sum("Cleo win" in line or "won by" in line for line in lines) == 1  # the winner, once
    assert not any(": You " in line or ", You " in line or "by You" in line for line in lines)
