"""Issue 25: what ``records.dumps`` writes, ``records.loads`` reads back, in both games.

A move made without its constructor's checks (an Eights ``Spell`` or ``Pass`` made with
``check=False``; in 8½, a move whose fields were changed behind its back) may have a
notation that does not read back as the move. ``dumps`` refuses such a record with one
:class:`~eighthalf.errors.DocumentError` at the move's path, naming the move, what is
wrong and the rule id (WT2 … for a spelling the parser refuses, WT7 for one written in
another form), and writes nothing. For every legal game of both games,
``loads(dumps(record)) == record``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final, cast

import attrs
import pytest
from game_cases import CASES, Case, play
from hypothesis import given
from hypothesis import strategies as st

import eighthalf as half
import eighthalf.eights as eights
import eighthalf.games.eights.records as eights_records
import eighthalf.records as round_records
from eighthalf import COMPOSITION, BlindPlay, Collect, EightAndHalf, HandPlay, OpenPlay, Rank
from eighthalf import from_data as round_from_data
from eighthalf import to_data as round_to_data
from eighthalf.core.game import result_text
from eighthalf.eights import Pass, Spell, legal_moves, parse_cards
from eighthalf.eights import to_data as eights_to_data
from eighthalf.errors import DocumentError
from eighthalf.formats.replay import replay_states
from eighthalf.games.eighthalf.game import MATCH
from eighthalf.games.eighthalf.match import Decline, Exchange, MatchMove

SMALL_CASES: Final = tuple(case for case in CASES if case.id in ("round", "match2", "eights"))
"""A round of 8½, a match of two rounds and a game of Eights to 20: small games of both."""


def eights_record(move: Any) -> eights_records.Record:
    """A record of Eights: a legal first move, then ``move``."""
    record = eights_records.Record(players=2, seed=3)
    return record.played(legal_moves(record.start())[0]).played(move)


def refused_unsaved(dumps: Any, record: Any, path: Path) -> DocumentError:
    """The one error ``dumps`` refuses ``record`` with, having checked that saving it writes no file."""
    with pytest.raises(DocumentError) as caught:
        path.write_text(dumps(record), encoding="utf-8")
    assert not path.exists()
    assert type(caught.value) is DocumentError
    assert caught.value.__cause__ is None and (caught.value.__context__ is None or caught.value.__suppress_context__)
    return caught.value


def changed(move: Any, **fields: object) -> Any:
    """A new move like ``move`` with ``fields`` set behind its constructor's back (as only
    code that bypasses the constructor can)."""
    copy = type(move)(*(getattr(move, name) for name in move.__match_args__))
    for name, value in fields.items():
        object.__setattr__(copy, name, value)
    return copy


# --------------------------------------------------------------------------- Eights


@pytest.mark.parametrize(
    ("spell", "reason"),
    [
        pytest.param(
            Spell("EIGHT", (), parse_cards("2i"), parse_cards("1v"), check=False),
            "the cards show the letters 'i', which do not spell EIGHT ('eghit') (WT2)",
            id="WT2",
        ),
        pytest.param(
            Spell("ONE", parse_cards("1e 1n 1o"), (), (), check=False),
            "at least one letter must come from the table (WT3)",
            id="WT3",
        ),
        pytest.param(
            Spell("ONE", parse_cards("1n 7o"), parse_cards("4e"), parse_cards("1t"), check=False),
            "the table card 4e must be replaced by a card of suit 4, not 1t (WT4)",
            id="WT4",
        ),
    ],
)
def test_issue_25_eights_spell_made_unchecked_that_its_parser_refuses_is_not_written(
    spell: Spell, reason: str, tmp_path: Path
) -> None:
    error = refused_unsaved(eights_records.dumps, eights_record(spell), tmp_path / "record.txt")
    assert error.path == "$.moves[1]"
    head = f"$.moves[1]: move 2 ({spell}): its notation does not read back"
    assert str(error) == f"{head}: illegal move '{spell}': {reason}"


def test_issue_25_eights_spell_of_the_issue_was_written_and_refused_by_loads_now_by_dumps(tmp_path: Path) -> None:
    spell = Spell("EIGHT", (), parse_cards("2i"), parse_cards("1v"), check=False)
    record = eights_records.Record(players=2, seed=3, moves=(spell,))
    error = refused_unsaved(eights_records.dumps, record, tmp_path / "record.txt")
    assert (error.path, str(error).partition(": ")[2]) == (
        "$.moves[0]",
        "move 1 (EIGHT 2i>1v): its notation does not read back: illegal move 'EIGHT 2i>1v': "
        "the cards show the letters 'i', which do not spell EIGHT ('eghit') (WT2)",
    )


def test_issue_25_a_record_document_refuses_the_moves_its_text_refuses_in_both_games() -> None:
    """``to_data`` of a record writes its moves through the same check as ``dumps`` (both games)."""
    spell = Spell("EIGHT", (), parse_cards("2i"), parse_cards("1v"), check=False)
    eights_record = eights_records.Record(players=2, seed=3, moves=(spell,))
    round_record = round_records.Record(players=2, seed=3, moves=(changed(HandPlay(Rank.FOUR, 1), count=9),))
    cases: tuple[tuple[Any, Any], ...] = ((eights_to_data, eights_record), (round_to_data, round_record))
    for to_data, record in cases:
        with pytest.raises(DocumentError) as caught:
            to_data(record)
        assert caught.value.path == "$.moves[0]", record
        assert "its notation does not read back" in str(caught.value) or "reads back as" in str(caught.value)
    good = round_records.Record(players=2, seed=3, moves=(HandPlay(Rank.FOUR, 1),))
    assert round_from_data(round_to_data(good)) == good


@pytest.mark.parametrize(
    ("move", "message"),
    [
        pytest.param(
            Spell("ONE", parse_cards("7o 1n"), parse_cards("4e"), parse_cards("4w"), check=False),
            "move 2 (ONE 7o 1n 4e>4w): its notation reads back as another move, 'ONE 1n 7o 4e>4w' (WT7)",
            id="hand-out-of-card-order",
        ),
        pytest.param(
            Spell("one", parse_cards("1n 7o"), parse_cards("4e"), parse_cards("4w"), check=False),
            "move 2 (one 1n 7o 4e>4w): its notation reads back as another move, 'ONE 1n 7o 4e>4w' (WT7)",
            id="word-not-in-capitals",
        ),
        pytest.param(
            Spell("ONE", list(parse_cards("1n 7o")), parse_cards("4e"), parse_cards("4w"), check=False),  # type: ignore[arg-type]
            "move 2 (ONE 1n 7o 4e>4w): its notation reads back as a move that is not equal to it (WT7)",
            id="hand-as-a-list",
        ),
        pytest.param(
            Pass(parse_cards("4w 1e"), check=False),
            "move 2 (pass 4w 1e): its notation reads back as another move, 'pass 1e 4w' (WT7)",
            id="exchange-out-of-card-order",
        ),
    ],
)
def test_issue_25_eights_move_made_unchecked_out_of_canonical_form_is_not_written_wt7(
    move: Any, message: str, tmp_path: Path
) -> None:
    error = refused_unsaved(eights_records.dumps, eights_record(move), tmp_path / "record.txt")
    assert (error.path, str(error)) == ("$.moves[1]", f"$.moves[1]: {message}")


def test_issue_25_eights_move_made_unchecked_without_a_notation_is_not_written(tmp_path: Path) -> None:
    spell = Spell("ONE", None, None, None, check=False)  # type: ignore[arg-type]
    error = refused_unsaved(eights_records.dumps, eights_record(spell), tmp_path / "record.txt")
    assert str(error) == (
        "$.moves[1]: move 2 (Spell(word='ONE', hand=None, table=None, replacements=None)): "
        "writing its notation failed: ParseError: card_texts needs a sequence of Cards, not None"
    )


# --------------------------------------------------------------------------- 8½


def all_8_half_moves() -> list[MatchMove]:
    """Every move value 8½'s constructors make: the round's moves (S1, S4, T3) and the M3 decisions."""
    moves: list[MatchMove] = [EightAndHalf(), Collect(), Decline(), *(BlindPlay(at) for at in range(3))]
    for rank in Rank:
        moves.extend(HandPlay(rank, count) for count in range(1, COMPOSITION[rank] + 1))
        moves.extend(OpenPlay(rank, count) for count in range(1, 4))
        moves.extend(Exchange(rank, seat, theirs) for seat in range(8) for theirs in Rank)
    return moves


def test_issue_25_every_8_half_move_its_constructors_make_reads_back() -> None:
    # So a record of 8½ can hold a move that does not read back only if a move was changed behind its back.
    assert all(MATCH.parse_move(MATCH.move_text(move)) == move for move in all_8_half_moves())


@pytest.mark.parametrize(
    ("move", "message"),
    [
        pytest.param(
            changed(HandPlay(Rank.THREE, 2), count=9),
            "move 1 (333333333): its notation does not read back: not a move: '333333333' "
            "(expected e.g. '7', '33', 'HH', 'G', '8H', 'o7', 'b0' or 'c')",
            id="S1-nine-threes",
        ),
        pytest.param(
            changed(OpenPlay(Rank.SEVEN), count=4),
            "move 1 (o7777): its notation does not read back: not a move: 'o7777' "
            "(expected e.g. '7', '33', 'HH', 'G', '8H', 'o7', 'b0' or 'c')",
            id="S4-four-open-cards",
        ),
        pytest.param(
            changed(BlindPlay(0), position=-1),
            "move 1 (b-1): its notation does not read back: not a move: 'b-1' "
            "(expected e.g. '7', '33', 'HH', 'G', '8H', 'o7', 'b0' or 'c')",
            id="L4-blind-position",
        ),
    ],
)
def test_issue_25_8_half_move_changed_behind_its_back_is_not_written(move: Any, message: str, tmp_path: Path) -> None:
    record = round_records.Record(players=2, seed=3, moves=(move,))
    error = refused_unsaved(round_records.dumps, record, tmp_path / "record.txt")
    assert (error.path, str(error)) == ("$.moves[0]", f"$.moves[0]: {message}")


# --------------------------------------------------------------------------- both games


@st.composite
def played_records(draw: st.DrawFn) -> tuple[Case, Any]:
    """A case, and the record of a random legal game of it cut at a random move (finished
    when not cut), with a comment somewhere."""
    case = draw(st.sampled_from(SMALL_CASES))
    game = play(case, draw(st.sampled_from(case.players)), draw(st.integers(0, 2**20)))
    cut = draw(st.integers(0, len(game.moves)))
    record: Any = case.record(game.players, game.seed, case.play_rules, game.moves[:cut])  # an attrs Record
    if cut == len(game.moves):
        record = record.finished()
    comment = draw(st.tuples(st.integers(0, cut), st.text(max_size=8)))
    return case, attrs.evolve(record, comments=(comment,))


@given(played_records())
def test_issue_25_loads_reads_back_what_dumps_writes_in_both_games(found: tuple[Case, Any]) -> None:
    case, record = found
    assert case.records.loads(case.records.dumps(record)) == record


# --------------------------------------------------------------------------- issue 27: a finished game is written finished


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_issue_27_a_record_made_by_hand_from_a_finished_game_is_written_finished(case: Case) -> None:
    """A record whose result is left ``*`` but whose moves end the game is written (text and
    JSON) with the result they give, and reads back as the finished record; a record of a
    game that goes on, or with an illegal move, is written ``*`` as it is; a result that
    contradicts the moves is written as given and refused by the replay."""
    game = play(case, case.players[0], 27)
    by_hand = case.record(game.players, game.seed, case.play_rules, game.moves)
    finished = by_hand.finished()
    assert by_hand.result == "*" and finished.result == result_text(case.game, game.states[-1]) != "*"
    text = case.records.dumps(by_hand)
    assert f'[Result "{finished.result}"]' in text and " ".join(text.split()).endswith(f" {finished.result}")
    assert text == case.records.dumps(finished)
    assert case.records.loads(text) == finished
    assert case.documents.loads(case.documents.dumps(by_hand)) == finished
    assert by_hand.with_result() == finished and finished.with_result() is finished
    going_on = by_hand.prefix(len(game.moves) - 1)
    assert going_on.with_result() is going_on and '[Result "*"]' in case.records.dumps(going_on)
    assert case.records.loads(case.records.dumps(going_on)) == going_on
    after_the_end = by_hand.played(game.moves[-1])  # illegal: the game is over
    assert after_the_end.with_result() is after_the_end and '[Result "*"]' in case.records.dumps(after_the_end)
    other = next(
        result
        for seed in range(28, 100)
        if (result := result_text(case.game, play(case, game.players, seed).states[-1])) != finished.result
    )
    wrong = attrs.evolve(cast(Any, by_hand), result=other)
    assert wrong.with_result() is wrong and f'[Result "{other}"]' in case.records.dumps(wrong)
    with pytest.raises(DocumentError) as caught:
        list(replay_states(case.records.loads(case.records.dumps(wrong))))
    assert caught.value.path == "$.Result" and "the replay gives" in str(caught.value)


def test_issue_27_an_8_half_round_made_by_hand_writes_its_result() -> None:
    state = half.new_game(3, seed=5)
    moves = []
    while not state.over:
        moves.append(half.legal_moves(state)[0])
        state = half.apply(state, moves[-1])
    text = round_records.dumps(round_records.Record(players=3, seed=5, moves=tuple(moves)))
    assert '[Result "1: 0-2-1"]' in text and " ".join(text.split()).endswith(" 1: 0-2-1")
    assert round_to_data(round_records.Record(players=3, seed=5, moves=tuple(moves)))["result"] == "1: 0-2-1"


def test_issue_27_an_eights_game_made_by_hand_writes_its_result() -> None:
    record = eights_records.Record(players=3, seed=5, rules=eights.Rules(target=10))
    state = record.start()
    while not state.over:
        move = legal_moves(state)[0]
        record, state = record.played(move), eights.apply(state, move)
    assert record.result == "*"
    text = eights_records.dumps(record)
    assert '[Result "2: 10-9-11"]' in text and " ".join(text.split()).endswith(" 2: 10-9-11")
    assert eights_to_data(record)["result"] == "2: 10-9-11"


@pytest.mark.parametrize(
    ("module", "record"),
    [
        (round_records, half.Record(players=3, seed=5, moves=(HandPlay(Rank.ONE),), tags=(("Names", "A,B,C"),))),
        (eights_records, eights.Record(players=2, seed=3, moves=(Pass(),))),
    ],
    ids=["8½", "Eights"],
)
def test_a_record_saved_with_a_byte_order_mark_reads_back(module: Any, record: Any, tmp_path: Path) -> None:
    """An editor that saves as "UTF-8 with BOM" puts U+FEFF before the first tag: the record
    used to be refused as missing its tags ("the Players tag is missing")."""
    path = tmp_path / "game.txt"
    path.write_text(module.dumps(record), encoding="utf-8-sig")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("\ufeff[Game ")
    assert module.loads(text) == record
    commented = attrs.evolve(record, comments=((0, "\ufeff kept as written"),))
    assert module.loads("\ufeff" + module.dumps(commented)) == commented  # a mark in a comment is text
