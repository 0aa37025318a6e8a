"""The review of a finished game (eighthalf.analysis.review), its JSON documents and ``eighthalf review`` (issue 38, items 2 and 3)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from eighthalf.analysis import AnalysisError, analyse
from eighthalf.analysis.document import dumps, from_data, loads, to_data
from eighthalf.analysis.judgement import LABELS, THRESHOLDS, Review, label, move_accuracy
from eighthalf.analysis.records import read_record
from eighthalf.analysis.review import review
from eighthalf.cli import main
from eighthalf.console.review import ProgressBar
from eighthalf.errors import DocumentError
from eighthalf.formats.replay import GameRecord, replay_states
from eighthalf.registry import GameEntry, games
from eighthalf.schemas import schema

jsonschema: Any = pytest.importorskip("jsonschema")

ENTRIES = games()
BUDGET = 8


def _record(entry: GameEntry, seed: int = 2, players: int = 3) -> GameRecord[Any, Any]:
    """A finished record of ``entry``'s game, its default bot at every seat."""
    game = entry.game
    counts = game.player_counts(game.default_rules)
    players = players if players in counts else counts[0]
    record = entry.make_record(players, seed, game.default_rules, 1)
    bots = [entry.bot(entry.default_bot) for _ in range(players)]
    state, rng = record.start(), random.Random(seed)
    while (seat := game.to_move(state)) is not None:
        move = bots[seat].choose(game.view(state, seat), rng)
        record, state = record.played(move), game.apply(state, move)
    return record.finished()


@pytest.fixture(scope="module", params=ENTRIES, ids=[entry.key for entry in ENTRIES])
def reviewed(request: pytest.FixtureRequest) -> tuple[GameEntry, GameRecord[Any, Any], Review]:
    entry: GameEntry = request.param
    record = _record(entry)
    return entry, record, review(record, budget=BUDGET, seed=5)


def test_every_decision_of_every_seat_of_every_game_is_judged(
    reviewed: tuple[GameEntry, GameRecord[Any, Any], Review],
) -> None:
    entry, record, found = reviewed
    game = record.game
    states = list(replay_states(record))
    assert found.game == entry.name and found.players == record.players and found.result == record.result
    assert [decision.number for decision in found.decisions] == list(range(1, len(record.moves) + 1))
    for decision in found.decisions:
        state = states[decision.number - 1]
        assert decision.seat == game.to_move(state)
        assert decision.played == game.move_text(record.moves[decision.number - 1])
        assert decision.label in LABELS and decision.text
        if len(game.legal_moves(state)) == 1:
            assert decision.label == "only move" and decision.cost == 0.0
        else:
            assert decision.label != "only move" and decision.cost >= 0
            assert decision.best == decision.moves[0].move
            assert decision.label == label(decision.cost, decision.cost_se)
    assert [summary.seat for summary in found.summaries] == list(range(record.players))
    for summary in found.summaries:
        own = [decision for decision in found.decisions if decision.seat == summary.seat]
        assert summary.decisions + summary.only_moves == len(own)
        assert summary.mistakes == sum(decision.label == "mistake" for decision in own)
        assert 0 <= summary.accuracy <= 100 and summary.text.startswith(f"Seat {summary.seat}: ")


def test_a_review_is_a_json_document_that_reads_back_and_its_schema_accepts(
    reviewed: tuple[GameEntry, GameRecord[Any, Any], Review],
) -> None:
    _, _, found = reviewed
    assert loads(dumps(found)) == found and from_data(to_data(found)) == found
    data = json.loads(dumps(found, indent=2))
    jsonschema.validate(data, schema("analysis.Review"))
    assert data["format"] == "eighthalf" and data["type"] == "analysis.Review"


def test_one_seats_review_judges_its_decisions_as_the_whole_review_does(
    reviewed: tuple[GameEntry, GameRecord[Any, Any], Review],
) -> None:
    _, record, found = reviewed
    one = review(record, 1, budget=BUDGET, seed=5)
    assert one.seats == (1,) and [summary.seat for summary in one.summaries] == [1]
    assert one.decisions == tuple(decision for decision in found.decisions if decision.seat == 1)


def test_the_texts_are_told_in_french_and_dutch() -> None:
    record = _record(ENTRIES[0], players=2)
    french = review(record, 0, budget=BUDGET, locale="fr")
    dutch = review(record, 0, budget=BUDGET, locale="nl-BE")
    assert dutch.locale == "nl"
    assert all(decision.text.startswith("Coup ") for decision in french.decisions)
    assert all(decision.text.startswith("Zet ") for decision in dutch.decisions)
    assert french.summaries[0].text.startswith("Place 0 : ") and "précision" in french.summaries[0].text
    assert dutch.summaries[0].text.startswith("Plaats 0: ") and "nauwkeurigheid" in dutch.summaries[0].text


def test_the_thresholds_and_the_accuracy() -> None:
    assert [name for name, _ in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]
    assert [label(cost) for cost in (0.0, 0.039, 0.04, 0.08, 0.15)] == [
        "good",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    assert label(0.3, 0.2) == "good"  # within two standard errors: not told from luck
    assert move_accuracy(0.0) == 100.0 and move_accuracy(2.0) == 0.0
    assert move_accuracy(0.05) > move_accuracy(0.1) > move_accuracy(0.2)


def test_a_document_that_is_not_a_review_is_refused_at_its_path() -> None:
    found = review(_record(ENTRIES[1], players=2), 0, budget=BUDGET)
    data = to_data(found)
    for change, path in (
        ({"players": 1}, "$.players"),
        ({"seats": [0, 0]}, "$.seats"),
        ({"seats": [5]}, "$.seats[0]"),
        ({"locale": "de"}, "$.locale"),
        ({"budget": 0}, "$.budget"),
        ({"summaries": []}, "$.summaries"),
    ):
        with pytest.raises(DocumentError) as refused:
            from_data({**data, **change})
        assert refused.value.path == path
    judged = next(at for at, decision in enumerate(data["decisions"]) if decision["moves"])
    bad = json.loads(json.dumps(data))
    bad["decisions"][judged]["moves"][0]["chance"] = 1.5
    with pytest.raises(
        DocumentError, match=r"^\$\.decisions\[\d+\]\.moves\[0\]\.chance: 1.5 is out of range \(0 to 1\)"
    ):
        from_data(bad)
    bad["decisions"][judged]["moves"][0]["chance"] = True
    with pytest.raises(DocumentError, match="expected a number"):
        from_data(bad)


def test_bad_input_is_one_analysis_error_that_says_what_was_wrong() -> None:
    record = _record(ENTRIES[0], players=2)
    with pytest.raises(AnalysisError, match=r"^seat 2 is out of range: the game has 2 seats \(0 to 1\)$"):
        review(record, 2, budget=BUDGET)
    with pytest.raises(AnalysisError, match=r"^a budget is a positive whole number of play-outs, not 0$"):
        review(record, budget=0)
    with pytest.raises(AnalysisError, match=r"^a review needs a game's record"):
        review("1. 4 *", budget=BUDGET)  # type: ignore[arg-type]
    broken = attrs.evolve(record, moves=(record.moves[1], *record.moves[1:]))  # type: ignore[misc]
    with pytest.raises(AnalysisError, match=r"^the record does not replay: \$\.moves\[0\]: move 1 "):
        review(broken, budget=BUDGET)
    with pytest.raises(AnalysisError, match=r"^a locale is one of en, fr, nl"):
        review(record, budget=BUDGET, locale="de")


def test_a_record_is_read_by_the_game_its_game_tag_names() -> None:
    for entry in ENTRIES:
        record = _record(entry, players=2)
        assert read_record(entry.records.dumps(record)) == record
    with pytest.raises(AnalysisError, match=r"^not a record of Eights: "):
        read_record('[Game "Eights"]\n[Result "*"]\n\n*')
    with pytest.raises(AnalysisError, match=r"^not a record: "):
        read_record(b"bytes")


# --------------------------------------------------------------------------- the command line


def _write(tmp_path: Path, entry: GameEntry, players: int = 2) -> Path:
    path = tmp_path / f"{entry.key}.txt"
    path.write_text(entry.records.dumps(_record(entry, players=players)), encoding="utf-8")
    return path


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.key for entry in ENTRIES])
def test_the_command_prints_a_table_for_every_game(
    entry: GameEntry, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, entry)
    assert main(["review", str(path), "--seat", "0", "--budget", str(BUDGET)]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].startswith(f"Review of a game of {entry.name}: 2 players, result ")
    assert lines[0].endswith(f"; {BUDGET} play-outs a decision, seed 0.")
    assert lines[2].split() == ["move", "seat", "played", "to", "win", "best", "to", "win", "cost", "judgement"]
    assert lines[-1].startswith("Seat 0: ") and captured.err == ""
    rows = lines[3:-2]
    assert rows and all(row.split()[1:3] == ["Seat", "0"] for row in rows)


def test_the_command_writes_json_in_dutch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, ENTRIES[1])
    assert main(["review", str(path), "--budget", str(BUDGET), "--seed", "3", "--lang", "nl", "--json"]) == 0
    found = loads(capsys.readouterr().out)
    assert found.locale == "nl" and found.seed == 3 and found.seats == (0, 1)
    assert found == review(read_record(path.read_text(encoding="utf-8")), budget=BUDGET, seed=3, locale="nl")


def test_the_command_shows_a_progress_bar_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    bar = ProgressBar(out, width=10)
    bar(1, 4)
    bar(4, 4)
    assert "\rreview [##........] 1/4" in out.getvalue() and out.getvalue().endswith("\r")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--seat", "7"], "seat 7 is out of range: the game has 2 seats (0 to 1)"),
        (["--seat", "one"], "--seat must be a whole number, not 'one'"),
        (["--budget", "0"], "a budget is a positive whole number of play-outs, not 0"),
        (["--budget", "lots"], "--budget must be a whole number, not 'lots'"),
        (["--seconds", "-1"], "a time budget is a positive number of seconds, not -1.0"),
    ],
)
def test_bad_arguments_are_one_line_and_a_non_zero_status(
    arguments: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, ENTRIES[0])
    assert main(["review", str(path), *arguments]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"eighthalf review: error: {message}\n"


def test_a_record_that_does_not_replay_or_cannot_be_read_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = ENTRIES[1]
    text = entry.records.dumps(_record(entry, players=2))
    broken = tmp_path / "broken.txt"
    assert '[Seed "2"]' in text
    broken.write_text(text.replace('[Seed "2"]', '[Seed "99"]'), encoding="utf-8")  # another deal: the moves fail
    assert main(["review", str(broken), "--budget", "4"]) == 1
    assert capsys.readouterr().err.startswith("eighthalf review: error: the record does not replay: ")
    assert main(["review", str(tmp_path / "missing.txt")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("eighthalf review: error: cannot read the record ") and err.count("\n") == 1
    other = tmp_path / "chess.txt"
    other.write_text('[Game "chess"]\n\n*\n', encoding="utf-8")
    assert main(["review", str(other)]) == 1
    assert "the record is of the game 'chess', which is not registered" in capsys.readouterr().err


def test_each_decision_is_judged_from_the_view_of_its_seat_at_that_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    import eighthalf.analysis.review as module

    entry = ENTRIES[1]
    record = _record(entry, players=3)
    game = record.game
    states = list(replay_states(record))
    seen: list[Any] = []
    real = analyse

    def spy(game_: Any, view: Any, **settings: Any) -> Any:
        seen.append(view)
        return real(game_, view, **settings)

    monkeypatch.setattr(module, "analyse", spy)
    found = review(record, 2, budget=BUDGET)
    judged = [decision for decision in found.decisions if decision.label != "only move"]
    assert len(seen) == len(judged)
    for view, decision in zip(seen, judged, strict=True):
        assert view == game.view(states[decision.number - 1], 2)
        assert type(view) is type(game.view(states[0], 2))  # a view, never the state


def test_a_match_of_8_half_is_reviewed_round_after_round() -> None:
    entry = ENTRIES[0]
    game = entry.game_of(2)
    record = entry.make_record(2, 4, game.default_rules, 2)
    bots = [entry.bot(entry.default_bot, game) for _ in range(2)]
    state, rng = record.start(), random.Random(1)
    while (seat := game.to_move(state)) is not None:
        move = bots[seat].choose(game.view(state, seat), rng)
        record, state = record.played(move), game.apply(state, move)
    found = review(record.finished(), 0, budget=4)
    assert found.result == record.finished().result and found.decisions
    assert all(decision.seat == 0 for decision in found.decisions)
    assert loads(dumps(found)) == found


def test_the_command_reads_the_record_from_standard_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, ENTRIES[1])
    monkeypatch.setattr("sys.stdin", io.StringIO(path.read_text(encoding="utf-8")))
    assert main(["review", "-", "--seat", "1", "--budget", "4", "--json"]) == 0
    assert loads(capsys.readouterr().out).seats == (1,)
