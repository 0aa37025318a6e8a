"""The commands every game derives from its registry entry (eighthalf.console.commands, eighthalf.simulation.summary).

A game whose entry gives no commands at all (Shedding without its ``Commands``) still has
``demo``, ``play`` and ``simulate``; a game's own figures reach the derived summary
through its hook; the rule options declared once reach every command.
"""

from __future__ import annotations

import argparse
import builtins
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

from eighthalf.bots import GreedyBot
from eighthalf.console.commands import GameConfig, GameScreen, add_game_commands, plain_lines, seat_names
from eighthalf.console.demo import check_demo
from eighthalf.errors import EighthalfError
from eighthalf.formats.replay import replay_states
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eights.figures import FIGURE_NAMES, EightsFigures
from eighthalf.games.eights.moves import Spell
from eighthalf.registry import Commands, GameEntry, find
from eighthalf.simulation.figures import GameFigures
from eighthalf.simulation.summary import CSV_COLUMNS, GameSummary, simulate


def _bare(name: str) -> GameEntry:
    """The registered game ``name`` as if its entry gave no commands."""
    return attrs.evolve(find(name), commands=Commands())


def _run(entry: GameEntry, argv: list[str], **write: Any) -> int:
    parser = argparse.ArgumentParser(prog="eighthalf")
    add_game_commands(parser.add_subparsers(required=True), entry)
    args = parser.parse_args([entry.key, *argv])
    status: int = args.run(args, **write)
    return status


def test_a_bare_game_has_a_narrated_demo_that_replays() -> None:
    entry = _bare("shedding")
    lines: list[str] = []
    assert _run(entry, ["demo", "--players", "3", "--seed", "2", "--hand-size", "4"], write=lines.append) == 0
    assert lines[:4] == [
        "Shedding demo: 3 players, seed 2, bots greedy,random,greedy",
        "  seat 0: Anna (greedy)",
        "  seat 1: Ben (random)",
        "  seat 2: Cleo (greedy)",
    ]
    moves = lines[4:]
    assert [line[:5] for line in moves] == [f"{number:4}." for number in range(1, len(moves) + 1)]
    again: list[str] = []
    _run(entry, ["demo", "--players", "3", "--seed", "2", "--hand-size", "4"], write=again.append)
    assert again == lines  # seeded: the same demo every time


def test_a_bare_game_refuses_bad_demo_options_with_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        _run(_bare("shedding"), ["demo", "--players", "5"])
    assert exit.value.code == 2 and "--players must be from 2 to 4 (SH2), not 5" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _run(_bare("shedding"), ["demo", "--bots", "greedy,eighthalf.bots:GreedyBot"])
    assert "is a bot of 8½, not of Shedding" in capsys.readouterr().err


def test_the_derived_demo_refuses_rules_that_bots_may_play_for_ever(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _run(_bare("8½"), ["demo", "--players", "2"])  # 8½'s default rules have no move limit (E7)
    assert "bots alone may play a round of 8½ for ever" in capsys.readouterr().err


class _Typed:
    """What the person types: one answer a question, then the end of input (Ctrl-D)."""

    def __init__(self, answers: list[str]) -> None:
        self.answers: Iterator[str] = iter(answers)

    def __call__(self, prompt: str = "") -> str:
        for answer in self.answers:
            return answer
        raise EOFError


def _answers(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    monkeypatch.setattr(builtins, "input", _Typed(answers))


def test_a_bare_game_plays_in_the_terminal_and_saves_its_record(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    entry = _bare("shedding")
    _answers(monkeypatch, ["zz", *["a"] * 300])
    lines: list[str] = []
    path = tmp_path / "game.txt"
    argv = ["play", "--players", "2", "--seed", "8", "--hand-size", "3", "--move-limit", "60", "--record", str(path)]
    assert _run(entry, argv, write=lines.append) == 0
    text = "\n".join(lines)
    assert lines[0] == "Shedding: you are Anna, seat 0; against Ben (greedy)."
    assert "You see:\n  players: 2\n  seat: 0\n" in text and "Your moves:\n  a) " in text
    assert "not a move: not a move of Shedding: 'zz'" in text
    assert "The game is over: " in text
    assert lines[-1].endswith(
        "python -m eighthalf shedding play --players 2 --seat 0 --bots greedy --hand-size 3 --move-limit 60 --seed 8"
    )
    record = entry.records.loads(path.read_text())
    assert dict(record.tags)["Names"] == "Anna,Ben" and record.rules == entry.options.read(  # type: ignore[union-attr]
        argparse.Namespace(hand_size=3, move_limit=60)
    )
    assert entry.game.result(list(replay_states(record))[-1]) is not None


def test_a_bare_game_refuses_bad_play_options_with_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        _run(_bare("shedding"), ["play", "--players", "3", "--seat", "3"])
    assert exit.value.code == 2 and "--seat must be a seat from 0 to 2, not 3" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _run(_bare("shedding"), ["play", "--players", "2", "--names", 'Zoe,"Al"'])
    assert "--names: '\"Al\"' is not a name: 1 to 24 printable characters" in capsys.readouterr().err


def test_a_bare_game_takes_the_players_names(monkeypatch: pytest.MonkeyPatch) -> None:
    _answers(monkeypatch, ["q"])
    lines: list[str] = []
    argv = ["play", "--players", "3", "--seat", "1", "--names", "Zoe,Max", "--name", "Io", "--seed", "2"]
    assert _run(_bare("shedding"), argv, write=lines.append) == 0
    assert lines[0] == "Shedding: you are Io, seat 1; against Zoe (greedy), Cleo (greedy)."
    assert lines[-1].endswith("--bots greedy,greedy --names Zoe,Io,Cleo --hand-size 5 --seed 2")


def test_the_game_config_says_the_command_that_plays_it_again() -> None:
    config = GameConfig(3, 1, ("random", None, "greedy"), 5, seat_names(3), None, key="mygame", rules_words=("--x 2",))
    assert (
        config.command() == "python -m eighthalf mygame play --players 3 --seat 1 --bots random,greedy --x 2 --seed 5"
    )


def test_a_bare_game_simulates_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    entry = _bare("shedding")
    argv = ["simulate", "--players", "3", "--games", "9", "--bots", "greedy,random", "--seed", "4", "--workers", "1"]
    assert _run(entry, [*argv, "--no-progress", "--format", "json", "--hand-size", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    rules = entry.options.read(argparse.Namespace(hand_size=3, move_limit=None))  # type: ignore[union-attr]
    assert report == simulate(entry, 3, 9, ["greedy", "random", "greedy"], seed=4, rules=rules).to_dict()
    assert report["games"] == 9 and [standing["games"] for standing in report["by_bot"]] == [18, 9]


class _EightsCountsOnly(EightsFigures):
    """Eights' counting, shown as the derived summary shows any game's own figures (the defaults)."""

    __slots__ = ()

    length_key = GameFigures.length_key
    length_unit = GameFigures.length_unit
    summary_keys = GameFigures.summary_keys
    summary_head = GameFigures.summary_head
    summary_tail = GameFigures.summary_tail
    csv_columns = GameFigures.csv_columns
    csv_head = GameFigures.csv_head
    csv_tail = GameFigures.csv_tail
    text_settings = GameFigures.text_settings
    text_tail = GameFigures.text_tail


def test_a_games_own_figures_reach_the_derived_summary_through_its_hook() -> None:
    entry = attrs.evolve(find("eights"), commands=Commands(figures=_EightsCountsOnly(), figure_names=FIGURE_NAMES))
    out = io.StringIO()
    summary = simulate(entry, 3, 8, ["greedy", "random", "random"], seed=2, rotate_seats=True, out=out, chunk_size=3)
    games = [json.loads(line) for line in out.getvalue().splitlines()]
    spellings = sum(isinstance(entry.game.parse_move(text), Spell) for game in games for text in game["moves"])
    hands: dict[int, int] = {}
    turns: dict[int, int] = {}
    for game in games:
        hands[game["hands"]] = hands.get(game["hands"], 0) + 1
        turns[game["turns"]] = turns.get(game["turns"], 0) + 1
    assert summary.counters == (("spellings", spellings),)
    assert summary.histograms == (("hands", tuple(sorted(hands.items()))),)
    assert summary.lengths == tuple(sorted(turns.items()))
    data = summary.to_dict()
    assert data["spellings"] == spellings and data["spellings_per_game"] == spellings / 8
    assert data["max_hands"] == max(hands) and data["hands"] == [list(pair) for pair in sorted(hands.items())]
    header = summary.to_csv().splitlines()[0].split(",")
    assert header == [*CSV_COLUMNS, "spellings_per_game", "mean_hands", "max_hands"]
    assert f"per game: spellings per game {spellings / 8:.2f}, mean hands " in summary.to_text()


def test_the_summary_adds_up_and_depends_on_the_arguments_only() -> None:
    entry = find("shedding")
    summary = simulate(entry, 4, 20, ["greedy", "random"] * 2, seed=3)
    assert isinstance(summary, GameSummary) and summary.title == "Shedding"
    assert sum(standing.games for standing in summary.seats) == 80
    wins = sum(standing.wins for standing in summary.seats)
    assert wins == 20 + sum(standing.shared for standing in summary.seats) - summary.shared_games
    assert simulate(entry, 4, 20, ["greedy", "random"] * 2, seed=3, workers=2, chunk_size=3) == summary


def test_plain_lines_show_a_value_field_by_field() -> None:
    @attrs.frozen
    class ViewWithMoves:
        cards: tuple[str, ...]
        empty: tuple[str, ...]
        top: str | None

    assert plain_lines(ViewWithMoves(("1c", "2h"), (), None)) == ["cards: 1c 2h", "empty: -", "top: -"]
    assert plain_lines(42) == ["42"]


def test_a_letter_that_is_a_legal_moves_notation_labels_no_line() -> None:
    entry = find("shedding")
    config = GameConfig(2, 0, (None, "greedy"), 1, seat_names(2), entry.game.default_rules, key="shedding")
    face = GameScreen(entry, config)
    face.game = cast(Any, _Notation(entry.game, {"draw": "a"}))  # Shedding with its draw written "a"
    state = entry.game.start(2, seed=1)
    labels = face._labelled(entry.game.view(state, 0))
    assert "a" not in labels and list(labels.values()) == list(entry.game.legal_moves(state))
    assert face.choices(entry.game.view(state, 0)).read("a") == entry.game.parse_move("draw")


@attrs.frozen
class _Notation:
    """A game object whose notation writes some moves otherwise (``texts``)."""

    game: Any
    texts: dict[str, str] = attrs.field(factory=dict)

    def move_text(self, move: Any) -> str:
        text: str = self.game.move_text(move)
        return self.texts.get(text, text)

    def parse_move(self, text: str) -> Any:
        back = {short: long for long, short in self.texts.items()}
        return self.game.parse_move(back.get(text, text))


def test_a_demo_is_checked_against_the_rules_it_is_played_by() -> None:
    """S2: a table's rules may seat more than the default rules do; the demo's check reads them."""
    bots = [GreedyBot() for _ in range(7)]
    with pytest.raises(EighthalfError, match=r"players must be from 2 to 5 \(S2\), not 7"):
        check_demo(EIGHTHALF, 7, 1, bots, "S2")
    check_demo(EIGHTHALF, 7, 1, bots, "S2", Rules(max_players=7))  # allowed by the table's rules


class _Welcoming(GameScreen):
    def intro(self, state: Any) -> list[str]:
        return ["Welcome to the table.", *super().intro(state)]


def test_a_game_replaces_or_adds_sub_commands_and_faces_through_its_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``Commands.demo`` replaces the derived demo, ``extra`` adds a sub-command and ``face``
    is the derived play's face; the other sub-commands stay derived."""

    def own_demo(commands: Any) -> None:
        commands.add_parser("demo").set_defaults(run=lambda args, **write: print("my own demo") or 0)

    def extra(commands: Any) -> None:
        commands.add_parser("rules").set_defaults(run=lambda args, **write: print("the rules") or 0)

    entry = attrs.evolve(_bare("shedding"), commands=Commands(demo=own_demo, extra=extra, screen=_Welcoming))
    assert _run(entry, ["demo"]) == 0 and _run(entry, ["rules"]) == 0
    assert capsys.readouterr().out == "my own demo\nthe rules\n"
    _answers(monkeypatch, ["q"])
    lines: list[str] = []
    assert _run(entry, ["play", "--players", "2", "--seed", "2"], write=lines.append) == 0
    assert lines[:2] == ["Welcome to the table.", "Shedding: you are Anna, seat 0; against Ben (greedy)."]
