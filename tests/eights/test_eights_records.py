"""Game records of Eights (eighthalf.games.eights.records): text and document round trips over
random games, replay giving the played states, the checks of a Record, errors naming the
line, tag or move, and the records of 8½ and Eights each refused by the other's reader."""

from __future__ import annotations

import random

import pytest
from eights_strategies import Game, games, play_random
from hypothesis import given, settings
from hypothesis import strategies as st

import eighthalf
from eighthalf.eights import (
    PASS,
    DocumentError,
    Outcome,
    Record,
    Rules,
    apply,
    from_data,
    legal_moves,
    new_game,
    parse_move,
    replay,
    to_data,
)
from eighthalf.errors import InvalidStateError
from eighthalf.games.eights.records import check_result, dumps, loads, result_of

TEXT = '[Game "Eights"]\n[Players "2"]\n[Seed "3"]\n[Result "*"]\n\n'


def record_of(game: Game, **fields: object) -> Record:
    return Record(players=game.players, seed=game.seed, rules=game.rules, moves=game.moves, **fields)  # type: ignore[arg-type]


@settings(max_examples=25)
@given(games(max_moves=50), st.lists(st.tuples(st.integers(0, 50), st.text(max_size=12)), max_size=4), st.text())
def test_a_record_round_trips_as_text_and_as_a_document(game: Game, notes: list[tuple[int, str]], value: str) -> None:
    comments = tuple(sorted((min(at, len(game.moves)), text) for at, text in notes))
    record = record_of(game, comments=comments, tags=(("Names", value),))
    if game.final.over:
        record = record.finished()
        assert record.result == result_of(game.final)
    text = dumps(record)
    assert loads(text) == record
    assert all(len(line) <= 79 for line in text.splitlines()[len(text.split("\n\n", 1)[0].splitlines()) :])
    assert from_data(to_data(record)) == record


@settings(max_examples=25)
@given(games(max_moves=50))
def test_replay_yields_the_played_states(game: Game) -> None:
    assert tuple(replay(record_of(game))) == game.states
    assert tuple(replay(loads(dumps(record_of(game))))) == game.states


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_finished_game_has_its_result_wg3(players: int) -> None:
    rules = Rules(target=8, turn_limit=30)
    moves, states = play_random(new_game(players, seed=players, rules=rules), random.Random(players))
    record = Record(players=players, seed=players, rules=rules, moves=tuple(moves)).finished()
    outcome = states[-1].outcome
    assert outcome is not None
    winners, totals = record.result.split(": ")
    assert [int(seat) for seat in winners.split(",")] == list(outcome.winners)
    assert [int(total) for total in totals.split("-")] == list(outcome.totals)
    assert check_result(record.result, players, rules) == record.result
    *_, last = replay(loads(dumps(record)))
    assert last == states[-1]


def test_the_text_format() -> None:
    state = new_game(2, seed=3)
    move = legal_moves(state)[0]
    record = Record(players=2, seed=3, rules=Rules(target=20, turn_limit=40, may_pass_freely=True), moves=(move, PASS))
    record = Record(
        players=2,
        seed=3,
        rules=record.rules,
        moves=record.moves,
        comments=((0, "start {here}"), (1, "a\nword")),
        tags=(("Names", 'Ann "A"'),),
    )
    assert dumps(record) == (
        '[Game "Eights"]\n[Players "2"]\n[Seed "3"]\n[Target "20"]\n[TurnLimit "40"]\n'
        '[Options "may_pass_freely"]\n[Result "*"]\n[Names "Ann \\"A\\""]\n\n'
        f"{{start \\{{here\\}}}} 1. {move} {{a\nword}} 2. pass *\n"
    )
    assert loads(dumps(record)) == record


def test_moves_are_read_in_any_case_and_order_and_kept_canonical() -> None:
    record = loads(TEXT + "1. one 7O 1n 4e>4w  2.  PASS  4w 1e *\n")
    assert [str(move) for move in record.moves] == ["ONE 1n 7o 4e>4w", "pass 1e 4w"]


def test_start_cut_played() -> None:
    state = new_game(3, seed=4)
    moves = []
    for _ in range(3):
        move = legal_moves(state)[0]
        moves.append(move)
        state = apply(state, move)
    record = Record(players=3, seed=4, moves=tuple(moves), comments=((1, "x"), (3, "y")))
    assert record.start() == new_game(3, seed=4)
    cut = record.prefix(1)
    assert cut.moves == tuple(moves[:1]) and cut.comments == ((1, "x"),) and cut.result == "*"
    assert cut.played(moves[1]).moves == tuple(moves[:2])
    with pytest.raises(DocumentError, match=r"^\$\.moves: cannot cut at move 4 of 3"):
        record.prefix(4)
    with pytest.raises(DocumentError, match=r"^\$\.Result: the game is not over after 3 moves"):
        record.finished()


# --------------------------------------------------------------------------- a Record checks its fields


@pytest.mark.parametrize(
    ("fields", "path", "fragment"),
    [
        ({"players": 7}, "$.players", "(WS2)"),
        ({"players": True}, "$.players", "(WS2)"),
        ({"seed": "3"}, "$.seed", "(WS5)"),
        ({"rules": eighthalf.Rules()}, "$.rules", "eighthalf.eights.Rules"),
        ({"moves": (eighthalf.parse_move("33"),)}, "$.moves[0]", "not a move of Eights"),
        ({"moves": "pass"}, "$.moves", "expected a sequence"),
        ({"result": "0: 10-3"}, "$.result", "(WG3)"),
        ({"result": "1: 60-3"}, "$.result", "(WG3)"),
        ({"result": "0: 060-3"}, "$.result", "(WG3)"),
        ({"comments": ((1, "x"),)}, "$.comments[0][0]", "out of range or order"),
        ({"tags": (("Seed", "4"),)}, "$.tags[0][0]", "a field of the record"),
        ({"tags": (("1x", "4"),)}, "$.tags[0][0]", "not a tag name"),
    ],
)
def test_a_record_checks_its_fields(fields: dict[str, object], path: str, fragment: str) -> None:
    values: dict[str, object] = {"players": 2, "seed": 3, **fields}
    with pytest.raises(DocumentError) as caught:
        Record(**values)  # type: ignore[arg-type]
    assert caught.value.path == path, str(caught.value)
    assert fragment in str(caught.value)


def test_result_of_a_game_wg3() -> None:
    state = new_game(4, seed=7)
    assert result_of(state) == "*"
    assert result_of(state.replace(outcome=Outcome.of((31, 12, 31, 5), 30))) == "0,2: 31-12-31-5"
    with pytest.raises(InvalidStateError):
        result_of(eighthalf.new_game(2, seed=1))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- reading and replaying bad records


@pytest.mark.parametrize(
    ("text", "path", "fragment"),
    [
        ('[Game "Eights"\n', "line 1", "not a tag"),
        ('[Game "Eights"]\n[Game "Eights"]\n', "line 2", "given twice"),
        ('[Players "2"]\n[Seed "3"]\n\n*\n', "$.Game", "eighthalf.records.loads"),
        ('[Game "Eights"]\n[Seed "3"]\n\n*\n', "$.Players", "missing"),
        ('[Game "Eights"]\n[Players "2"]\n\n*\n', "$.Seed", "missing"),
        ('[Game "Eights"]\n[Players "9"]\n[Seed "3"]\n\n*\n', "$.Players", "(WS2)"),
        ('[Game "Eights"]\n[Players "two"]\n[Seed "3"]\n\n*\n', "$.Players", "expected an integer"),
        (TEXT.replace("\n\n", '\n[Target "0"]\n\n') + "*\n", "$.Target", "(WG1, WR2)"),
        (TEXT.replace("\n\n", '\n[Options "open_runs"]\n\n') + "*\n", "$.Options", "(WR1)"),
        (TEXT + "1. ONE 1n 7v 4e>4w *\n", "$.moves[0]", "no card 7v"),
        (TEXT + "1. TWO 1n 4e>4w *\n", "$.moves[0]", "(WT2)"),
        (TEXT + "1. pass 3. pass *\n", "$.moves[1]", "out of order"),
        (TEXT + "pass *\n", "$.moves[0]", "write each move after its number"),
        (TEXT + "1. {no move} *\n", "$.moves[0]", "has no move"),
        (TEXT + "1. pass\n", "$.Result", "must end with the result"),
        (None, None, None),
    ],
)
def test_a_bad_record_text_is_refused_naming_the_line_tag_or_move(
    text: str | None, path: str | None, fragment: str | None
) -> None:
    if text is None:  # well formed, with a result that the replay refuses
        move = legal_moves(new_game(2, seed=3))[0]
        record = loads(TEXT.replace('"*"', '"0: 50-1"') + f"1. {move} 0: 50-1\n")
        with pytest.raises(DocumentError) as caught:
            list(replay(record))
        assert caught.value.path == "$.Result"
        return
    with pytest.raises(DocumentError) as caught:
        loads(str(text))
    assert caught.value.path == path, str(caught.value)
    assert fragment is not None and fragment in str(caught.value)


def test_replay_names_the_illegal_move_and_its_rule() -> None:
    state = new_game(2, seed=3)
    spelled = next(move for move in legal_moves(state) if str(move) != "pass")
    record = Record(players=2, seed=3, moves=(spelled, spelled))
    states = replay(record)
    assert next(states) == state
    assert next(states) == apply(state, spelled)
    with pytest.raises(DocumentError) as caught:
        next(states)
    assert caught.value.path == "$.moves[1]"
    assert str(caught.value).startswith(f"$.moves[1]: move 2 ({spelled}): illegal move")
    assert "(WT" in str(caught.value)
    with pytest.raises(DocumentError, match=r"^\$: replay needs"):
        replay("not a record")  # type: ignore[arg-type]


def test_an_unknown_word_is_refused_wt8() -> None:
    with pytest.raises(DocumentError) as caught:
        loads(TEXT + "1. NINE 1n 4e>4w *\n")
    assert caught.value.path == "$.moves[0]" and "(WT8)" in str(caught.value)


# --------------------------------------------------------------------------- the other game's records


def test_an_8_half_record_is_refused_naming_its_reader() -> None:
    text = eighthalf.records.dumps(eighthalf.Record(players=2, seed=3))
    with pytest.raises(DocumentError) as caught:
        loads(text)
    assert caught.value.path == "$.Game"
    assert (
        str(caught.value) == "$.Game: this reads records of Eights, not of '8½': read it with eighthalf.records.loads"
    )


def test_an_eights_record_is_refused_by_8_half_naming_its_reader() -> None:
    text = dumps(Record(players=2, seed=3, moves=(parse_move("pass"),)))
    with pytest.raises(DocumentError) as caught:
        eighthalf.records.loads(text)
    assert caught.value.path == "$.Game"
    assert "read it with eighthalf.eights.records.loads" in str(caught.value)
    with pytest.raises(DocumentError, match=r"eighthalf\.from_data"):
        from_data(eighthalf.to_data(eighthalf.Record(players=2, seed=3)))
    with pytest.raises(DocumentError, match=r"eighthalf\.eights\.from_data"):
        eighthalf.from_data(to_data(Record(players=2, seed=3)))
