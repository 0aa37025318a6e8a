"""Records and replay written once (eighthalf.common.replay): the same mechanism for 8½'s
rounds and matches and for Eights, judged through each record's game object, the result
text of the protocol's Result read back, and a toy game that gets records for free."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import pytest

import eighthalf
import eighthalf.eights
from eighthalf.common.game import Result, play_out, result_text
from eighthalf.common.records import as_comments, as_sequence, as_tags, check_comments, check_tags, tag_int
from eighthalf.common.replay import GameRecord, RecordFormat, checked_result, read_result, replay_states
from eighthalf.eights.game import EIGHTS
from eighthalf.errors import DocumentError, IllegalMoveError, ParseError
from eighthalf.game import MATCH, ROUND, MatchGame

# --------------------------------------------------------------------------- the three game objects

RECORDS: Final[dict[str, tuple[Callable[[], GameRecord[Any, Any]], Any]]] = {
    "round": (lambda: eighthalf.Record(players=3, seed=5), ROUND),
    "match": (lambda: eighthalf.Record(players=3, seed=5, rounds=2), MatchGame(2)),
    "eights": (lambda: eighthalf.eights.Record(players=3, seed=5, rules=eighthalf.eights.Rules(target=10)), EIGHTS),
}


def played(record: GameRecord[Any, Any], rng: random.Random, limit: int = 2_000) -> tuple[Any, list[Any]]:
    """``record`` with random legal moves to the end, and the states played directly."""
    game = record.game
    state = record.start()
    states = [state]
    while game.to_move(state) is not None and len(record.moves) < limit:
        move = rng.choice(game.legal_moves(state))
        record = record.played(move)
        state = game.apply(state, move)
        states.append(state)
    return record, states


@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_every_record_is_replayed_through_its_game_object(kind: str) -> None:
    make, game = RECORDS[kind]
    record = make()
    assert record.game == game
    full, states = played(record, random.Random(kind))
    assert list(replay_states(full)) == states
    finished = full.finished()
    assert finished.result == result_text(game, states[-1]) != "*"
    assert list(replay_states(finished))[-1] == states[-1]
    assert finished.cut(2).result == "*" and finished.cut(2).moves == full.moves[:2]


@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_a_move_that_is_not_legal_is_refused_with_the_games_reason(kind: str) -> None:
    make, game = RECORDS[kind]
    record, states = played(make(), random.Random(1), limit=3)
    again = record.moves[0]  # played at once again: not legal the second time in these deals
    assert again not in game.legal_moves(states[-1])
    with pytest.raises(IllegalMoveError) as reason:
        game.apply(states[-1], again)
    replayed = replay_states(record.played(again))
    assert [next(replayed) for _ in states] == states
    with pytest.raises(DocumentError) as caught:
        next(replayed)
    assert caught.value.path == "$.moves[3]"
    assert str(caught.value) == f"$.moves[3]: move 4 ({again}): {reason.value}"


@pytest.mark.parametrize("kind", sorted(RECORDS))
def test_a_wrong_result_and_an_unfinished_game_are_refused(kind: str) -> None:
    make, _ = RECORDS[kind]
    record, _ = played(make(), random.Random(2), limit=4)
    with pytest.raises(DocumentError, match=r"^\$\.Result: the game is not over after 4 moves$"):
        record.finished()
    full = played(make(), random.Random(3))[0].finished()
    shorter = attrs.evolve(full.cut(len(full.moves) - 1), result=full.result)
    with pytest.raises(DocumentError, match=r"^\$\.Result: the record says .* but the replay gives '\*'$"):
        list(replay_states(shorter))


# --------------------------------------------------------------------------- results


def first(state: object, moves: tuple[Any, ...]) -> Any:
    return moves[0]


@pytest.mark.parametrize(
    ("result", "text"),
    [
        (ROUND.result(play_out(ROUND, ROUND.start(3, seed=5), first)), "1: 0-2-1"),
        (ROUND.result(play_out(ROUND, ROUND.start(3, seed=5, rules=eighthalf.Rules(move_limit=2)), first)), "-: 0-0-0"),
        (Result((3, 0, 3), (0, 2)), "0,2: 3-0-3"),  # a match
        (Result((31, 12, 31, 5), (0, 2)), "0,2: 31-12-31-5"),  # Eights
    ],
)
def test_the_result_text_is_what_both_games_wrote(result: Result | None, text: str) -> None:
    assert result is not None and result.text == text
    assert read_result(text, len(result.scores)) == result


@pytest.mark.parametrize("text", ["", "1", "1:0-2-1", "01: 0-2-1", "1: 0-2", "1: 0-2-+1", ": 0-2-1", "-,1: 0-0-0"])
def test_read_result_refuses_what_is_not_canonical(text: str) -> None:
    assert read_result(text, 3) is None


def test_checked_result_is_the_skeleton_of_both_checks() -> None:
    assert checked_result("*", 2, lambda found: False, "never") == "*"
    with pytest.raises(DocumentError, match=r"^\$\.result: a result is a string, not 3$"):
        checked_result(3, 2, lambda found: True, "anything")
    assert eighthalf.records.check_result("-: 0-0-0", 3, None) == "-: 0-0-0"
    assert eighthalf.records.check_result("0,2: 3-0-3", 3, 1) == "0,2: 3-0-3"
    with pytest.raises(DocumentError, match=r"with 3 seats\)$"):
        eighthalf.records.check_result("0,2: 4-0-4", 3, 1)
    with pytest.raises(DocumentError, match=r"with 2 seats\) \(WG3\)$"):
        eighthalf.eights.records.check_result("0: 29-3", 2, eighthalf.eights.Rules())


# --------------------------------------------------------------------------- a third game gets records for free


@attrs.frozen
class Take:
    """A move of the toy game: take 1 or 2 counters."""

    count: int

    def __str__(self) -> str:
        return str(self.count)


@attrs.frozen
class Pile:
    """A state of the toy game: the counters left and the seat to move."""

    left: int
    seat: int = 0


class ToyGame:
    """Take 1 or 2 of ``7`` counters in turn; who takes the last wins (only what records use)."""

    name = "Toy"

    def to_move(self, state: Pile) -> int | None:
        return None if state.left == 0 else state.seat

    def legal_moves(self, state: Pile) -> tuple[Take, ...]:
        return tuple(Take(count) for count in (1, 2) if count <= state.left)

    def apply(self, state: Pile, move: Take) -> Pile:
        if move not in self.legal_moves(state) and move != Take(3):  # 3 slips past the check
            raise IllegalMoveError(str(move), "take 1 or 2 of what is left", "T1")
        return self.apply_unchecked(state, move)

    def apply_unchecked(self, state: Pile, move: Take) -> Pile:
        return Pile(max(state.left - move.count, 0), 1 - state.seat)

    def result(self, state: Pile) -> Result | None:
        winner = 1 - state.seat  # the seat that took the last counter
        return None if state.left else Result((int(winner == 0), int(winner == 1)), (winner,))

    def parse_move(self, text: str) -> Take:
        if text not in ("1", "2", "3"):
            raise ParseError(f"not a move of the toy game: {text!r}")
        return Take(int(text))

    def rules_tags(self, rules: None) -> tuple[tuple[str, str], ...]:
        return ()

    def rules_from_tags(self, tags: Mapping[str, str]) -> None:
        return None


TOY: Any = ToyGame()


def _takes(value: Any) -> tuple[Take, ...]:
    return as_sequence(value, "moves")


@attrs.frozen(kw_only=True)
class ToyRecord(GameRecord[Pile, Take]):
    """A record of the toy game."""

    players: int = 2
    rules: None = None
    moves: tuple[Take, ...] = attrs.field(default=(), converter=_takes)
    result: str = "*"
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=as_comments)
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=as_tags)

    def __attrs_post_init__(self) -> None:
        checked_result(self.result, 2, lambda found: True, "a toy result")
        check_comments(self.comments, len(self.moves))
        check_tags(self.tags, TOY_FORMAT.own_tags)

    @property
    def game(self) -> Any:
        return TOY

    def start(self) -> Pile:
        return Pile(7)


TOY_FORMAT: Final = RecordFormat(
    record=ToyRecord,
    name="a ToyRecord",
    game=TOY,
    own_tags=frozenset(("Game", "Players", "Result")),
    needed=("Players",),
    game_tag_needed=True,
    readers={"8½": "eighthalf.records.loads"},
    spaced=False,
    setup_tags=lambda record: [("Players", str(record.players))],
    setup_fields=lambda tags: {"players": tag_int(tags["Players"], "Players")},
    field_tags={"players": "Players", "result": "Result"},
)


def test_a_toy_game_gets_records_replay_and_text_for_free() -> None:
    record = ToyRecord(moves=(Take(2), Take(2), Take(1), Take(2)), comments=((1, "greedy"),), tags=(("Site", "here"),))
    assert [state.left for state in replay_states(record)] == [7, 5, 3, 2, 0]
    finished = record.finished()
    assert finished.result == "1: 0-1"
    text = TOY_FORMAT.dumps(finished)
    assert (
        text == '[Game "Toy"]\n[Players "2"]\n[Result "1: 0-1"]\n[Site "here"]\n\n1. 2 {greedy} 2. 2 3. 1 4. 2 1: 0-1\n'
    )
    assert TOY_FORMAT.loads(text) == finished
    assert TOY_FORMAT.checked(finished, "replay") is finished
    with pytest.raises(DocumentError, match=r"^\$: dumps needs a ToyRecord, not 'x'$"):
        TOY_FORMAT.dumps("x")
    with pytest.raises(DocumentError, match=r"^\$\.Game: this reads records of Toy, not of '8½': read it with"):
        TOY_FORMAT.loads(eighthalf.records.dumps(eighthalf.Record(players=2, seed=1)))
    with pytest.raises(DocumentError, match=r"^\$\.Players: the Players tag is missing$"):
        TOY_FORMAT.loads('[Game "Toy"]\n\n*\n')
    with pytest.raises(DocumentError, match=r"^\$\.Result: not a result: '9' \(expected '\*' or a toy result\)$"):
        TOY_FORMAT.loads('[Game "Toy"]\n[Players "2"]\n[Result "9"]\n\n9\n')


def test_the_legal_moves_judge_a_move_not_the_games_apply() -> None:
    # The toy's apply lets 3 through; replay judges by the legal moves all the same.
    assert TOY.apply(Pile(7), Take(3)) == Pile(4, 1)
    with pytest.raises(DocumentError) as caught:
        list(replay_states(ToyRecord(moves=(Take(1), Take(3)))))
    assert str(caught.value) == "$.moves[1]: move 2 (3): not one of the legal moves"
    with pytest.raises(DocumentError) as caught:
        list(replay_states(ToyRecord(moves=(Take(2),) * 4)))
    assert str(caught.value) == "$.moves[3]: move 4 (2): illegal move '2': take 1 or 2 of what is left (T1)"


def test_the_8_half_record_picks_its_game_object_by_its_rounds() -> None:
    assert eighthalf.Record(players=2, seed=1).game is ROUND
    assert eighthalf.Record(players=2, seed=1, rounds=6).game == MATCH
    assert eighthalf.Record(players=2, seed=1, rounds=3).game == MatchGame(3)
    assert eighthalf.eights.Record(players=2, seed=1).game is EIGHTS
