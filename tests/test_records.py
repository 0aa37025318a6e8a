"""Game records: the text format, its round trip, and checked replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import (
    DocumentError,
    GameState,
    Match,
    Move,
    Rank,
    Record,
    Rules,
    apply,
    legal_moves,
    new_game,
    new_match,
    replay,
    shuffled_deck,
)
from eighthalf.games.eighthalf.match import DECLINE, Exchange, MatchMove
from eighthalf.games.eighthalf.moves import COLLECT
from eighthalf.records import dumps, loads, result_of

# --------------------------------------------------------------------------- helpers


def played_round(
    players: int,
    seed: int,
    rng_seed: int,
    *,
    rules: Rules | None = None,
    dealer: int | None = None,
    deck: tuple[Rank, ...] | None = None,
    stop: int | None = None,
) -> tuple[Record, list[GameState]]:
    """A record of a random round and the states played directly."""
    rules = rules if rules is not None else Rules()
    if deck is None:
        state = new_game(players, seed=seed, rules=rules, dealer=dealer)
    else:
        state = Record(players=players, deck=deck, rules=rules, dealer=dealer).start()  # type: ignore[assignment]
    rng = random.Random(rng_seed)
    states = [state]
    moves: list[Move] = []
    stop = 600 if stop is None else stop  # random play can make very long rounds
    while not state.over and len(moves) < stop:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
        states.append(state)
    record = Record(
        players=players,
        seed=None if deck is not None else seed,
        deck=deck,
        dealer=dealer,
        rules=rules,
        moves=tuple(moves),
        result=result_of(state),
    )
    return record, states


def played_match(
    players: int, seed: int, rng_seed: int, *, rounds: int = 2, rules: Rules | None = None
) -> tuple[Record, list[Match]]:
    """A record of a random match and the match states played directly."""
    rules = rules if rules is not None else Rules()
    match = new_match(players, seed=seed, rounds=rounds, rules=rules)
    rng = random.Random(rng_seed)
    states = [match]
    moves: list[MatchMove] = []
    while not match.over:
        move = rng.choice(match.legal_moves())
        moves.append(move)
        match = match.apply(move)
        states.append(match)
    record = Record(players=players, seed=seed, rules=rules, rounds=rounds, moves=tuple(moves), result=result_of(match))
    return record, states


def last(record: Record) -> GameState | Match:
    *_, final = replay(record)
    return final


# --------------------------------------------------------------------------- round trips


def test_a_round_record_round_trips_and_replays() -> None:
    record, states = played_round(4, 7, 7)
    assert record.result != "*"
    text = dumps(record)
    assert text.startswith('[Game "8½"]\n[Players "4"]\n')
    assert f'[Result "{record.result}"]' in text
    assert text.rstrip().endswith(record.result)
    assert loads(text) == record
    replayed = list(replay(record))
    assert len(replayed) == len(record.moves) + 1
    assert replayed == states


def test_comments_and_tags_round_trip() -> None:
    record, _ = played_round(3, 5, 5)
    moves = len(record.moves)
    commented = Record(
        players=record.players,
        seed=record.seed,
        moves=record.moves,
        result=record.result,
        comments=((0, "before the opening"), (1, "the opening"), (1, "a second note"), (3, ""), (moves, "the end")),
        tags=(
            ("Names", 'Anna "the shark", Ben'),
            ("Event", 'back\\slash \\" and quote'),
            ("Date", "2024-05-01"),
            ("Empty", ""),
            ("Site", "½ ½ 8½"),
        ),
    )
    text = dumps(commented)
    assert "{before the opening}" in text and "{the end}" in text
    assert loads(text) == commented
    assert loads(dumps(loads(text))) == commented
    assert last(loads(text)) == last(record)


def test_a_long_comment_survives_line_wrapping() -> None:
    record, _ = played_round(2, 1, 1)
    long = "word " * 40 + "end"
    commented = Record(players=2, seed=1, moves=record.moves, result=record.result, comments=((2, long),))
    text = dumps(commented)
    assert max(len(line) for line in text.splitlines() if "word" not in line) <= 79
    assert loads(text) == commented


@pytest.mark.parametrize("dealer", [None, 0, 2])
def test_a_deck_based_round_round_trips(dealer: int | None) -> None:
    deck = shuffled_deck(99)[::-1]
    record, states = played_round(3, 0, 3, deck=deck, dealer=dealer)
    assert record.seed is None and record.deck == deck
    text = dumps(record)
    assert '[Deck "' + "".join(str(rank) for rank in deck) + '"]' in text
    assert "Seed" not in text
    assert loads(text) == record
    assert list(replay(loads(text))) == states


def test_a_deck_record_deals_like_the_seeded_deck() -> None:
    by_deck = Record(players=4, deck=shuffled_deck(7)).start()
    assert by_deck == new_game(4, seed=7)


@pytest.mark.parametrize("rounds", [1, 3])
def test_a_match_record_round_trips_and_replays(rounds: int) -> None:
    record, states = played_match(3, 17, 4, rounds=rounds)
    text = dumps(record)
    assert f'[Rounds "{rounds}"]' in text
    assert loads(text) == record
    assert list(replay(loads(text))) == states
    final = states[-1]
    assert record.result == ",".join(map(str, final.winners)) + ": " + "-".join(map(str, final.scores))
    if rounds > 1:
        assert any(isinstance(move, Exchange) or move == DECLINE for move in record.moves)


def test_a_move_limit_round_trips() -> None:
    rules = Rules(move_limit=12)
    record, states = played_round(4, 2, 2, rules=rules)
    assert states[-1].winner is None
    assert record.result == "-: 0-0-0-0"
    text = dumps(record)
    assert '[MoveLimit "12"]' in text
    assert loads(text) == record
    assert loads(text).rules == rules
    assert list(replay(loads(text))) == states


def test_a_match_with_a_move_limit_round_trips() -> None:
    record, states = played_match(2, 3, 3, rounds=3, rules=Rules(move_limit=9))
    assert loads(dumps(record)) == record
    assert last(loads(dumps(record))) == states[-1]


def test_wider_tables_round_trip() -> None:
    rules = Rules(min_players=3, max_players=8)
    record, states = played_round(7, 4, 4, rules=rules)
    assert loads(dumps(record)) == record
    assert last(loads(dumps(record))) == states[-1]


def test_an_unfinished_record_round_trips() -> None:
    record, states = played_round(4, 8, 8, stop=10)
    assert record.result == "*"
    assert loads(dumps(record)) == record
    assert list(replay(record)) == states


@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=-(2**70), max_value=2**70),
    rng_seed=st.integers(min_value=0, max_value=2**32),
    limit=st.none() | st.integers(min_value=1, max_value=200),
    stop=st.none() | st.integers(min_value=0, max_value=80),
    data=st.data(),
)
def test_any_round_record_round_trips_and_replays(
    players: int, seed: int, rng_seed: int, limit: int | None, stop: int | None, data: st.DataObject
) -> None:
    dealer = data.draw(st.none() | st.integers(min_value=0, max_value=players - 1), label="dealer")
    record, states = played_round(players, seed, rng_seed, rules=Rules(move_limit=limit), dealer=dealer, stop=stop)
    comments = tuple(
        sorted(
            data.draw(
                st.lists(
                    st.tuples(
                        st.integers(min_value=0, max_value=len(record.moves)),
                        st.text(
                            st.characters(categories=["L", "N", "P", "S", "Zs"], exclude_characters="{}")
                            | st.just("\n"),
                            max_size=12,
                        ),
                    ),
                    max_size=4,
                ),
                label="comments",
            ),
            key=lambda comment: comment[0],
        )
    )
    record = Record(
        players=record.players,
        seed=record.seed,
        dealer=record.dealer,
        rules=record.rules,
        moves=record.moves,
        result=record.result,
        comments=comments,
    )
    assert loads(dumps(record)) == record
    replayed = list(replay(loads(dumps(record))))
    assert replayed == states
    assert result_of(replayed[-1]) == record.result


@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**64),
    rng_seed=st.integers(min_value=0, max_value=2**32),
    rounds=st.integers(min_value=1, max_value=3),
)
def test_any_match_record_round_trips_and_replays(players: int, seed: int, rng_seed: int, rounds: int) -> None:
    record, states = played_match(players, seed, rng_seed, rounds=rounds, rules=Rules(move_limit=600))
    assert loads(dumps(record)) == record
    assert last(loads(dumps(record))) == states[-1]


# --------------------------------------------------------------------------- replay checks


def test_finished_fills_in_the_result() -> None:
    record, _ = played_round(3, 6, 6)
    unfinished = Record(players=3, seed=6, moves=record.moves)
    assert unfinished.result == "*"
    assert unfinished.finished() == record
    with pytest.raises(DocumentError):
        unfinished.prefix(3).finished()


def test_replay_refuses_an_illegal_move_naming_its_number() -> None:
    record, _ = played_round(4, 7, 7)
    moves = list(record.moves)
    moves[2] = COLLECT  # nobody collects on the third move of this round
    assert COLLECT not in legal_moves(list(replay(record))[2])  # type: ignore[arg-type]
    bad = Record(players=4, seed=7, moves=tuple(moves))
    states = replay(bad)
    assert len([next(states) for _ in range(3)]) == 3  # the start and two good moves
    with pytest.raises(DocumentError, match=r"move 3\b") as error:
        next(states)
    assert error.value.path == "$.moves[2]"


def test_replay_refuses_a_move_after_the_end() -> None:
    record, _ = played_round(2, 3, 3)
    extra = Record(players=2, seed=3, moves=record.moves + (COLLECT,))
    with pytest.raises(DocumentError, match=f"move {len(record.moves) + 1}"):
        list(replay(extra))


def test_replay_refuses_a_wrong_result() -> None:
    record, states = played_round(3, 5, 5)
    winner = states[-1].winner
    assert winner is not None
    other = (winner + 1) % 3
    wrong = Record(
        players=3,
        seed=5,
        moves=record.moves,
        result=f"{other}: " + "-".join("3" if seat == other else "0" for seat in range(3)),
    )
    with pytest.raises(DocumentError) as error:
        list(replay(wrong))
    assert error.value.path == "$.Result"
    with pytest.raises(DocumentError):
        list(replay(Record(players=3, seed=5, moves=record.moves[:-1], result=record.result)))


def test_replay_of_an_unfinished_record_needs_no_result() -> None:
    record, states = played_round(3, 5, 5)
    assert list(replay(record.prefix(4))) == states[:5]


def test_cut_is_undo() -> None:
    record, states = played_round(4, 11, 11)
    commented = Record(
        players=4, seed=11, moves=record.moves, result=record.result, comments=((0, "a"), (3, "b"), (5, "c"))
    )
    for moves in range(len(record.moves) + 1):
        cut = commented.prefix(moves)
        assert cut.moves == record.moves[:moves]
        assert cut.result == "*"
        assert cut.comments == tuple((at, text) for at, text in commented.comments if at <= moves)
        assert last(cut) == states[moves]
        # a cut at the end holds every move of the finished round: it is written finished (issue 27)
        assert loads(dumps(cut)) == (cut if moves < len(record.moves) else commented)
    assert commented.prefix(len(record.moves)).finished() == Record(
        players=4, seed=11, moves=record.moves, result=record.result, comments=commented.comments
    )
    for wrong in (-1, len(record.moves) + 1):
        with pytest.raises(DocumentError):
            commented.prefix(wrong)


def test_played_appends_a_move() -> None:
    record = Record(players=4, seed=7)
    state = record.start()
    assert isinstance(state, GameState)
    move = legal_moves(state)[0]
    assert record.played(move).moves == (move,)
    assert last(record.played(move)) == apply(state, move)


# --------------------------------------------------------------------------- malformed text

GOOD = '[Game "8½"]\n[Players "4"]\n[Seed "7"]\n[Result "*"]\n\n1. 4 2. 5 *\n'


def test_the_good_text_loads() -> None:
    record = loads(GOOD)
    assert record.players == 4 and record.seed == 7 and len(record.moves) == 2
    assert len(list(replay(record))) == 3


@pytest.mark.parametrize(
    ("text", "where"),
    [
        pytest.param(GOOD.replace('[Players "4"]\n', ""), "Players", id="missing Players"),
        pytest.param(GOOD.replace('[Players "4"]', '[Players "four"]'), "Players", id="Players not a number"),
        pytest.param(GOOD.replace('[Players "4"]', "[Players 4]"), "line 2", id="bad tag line"),
        pytest.param(GOOD.replace('[Players "4"]', '[Players "4"'), "line 2", id="unclosed tag"),
        pytest.param(GOOD.replace('[Seed "7"]', '[Seed "7"]\n[Seed "8"]'), "twice", id="duplicate tag"),
        pytest.param(
            GOOD.replace('[Seed "7"]', '[Seed "7"]\n[Names "a"]\n[Names "b"]'), "twice", id="duplicate own tag"
        ),
        pytest.param(GOOD.replace("1. 4 2. 5", "1. 4 3. 5"), "out of order", id="move number skipped"),
        pytest.param(GOOD.replace("1. 4 2. 5", "2. 4 1. 5"), "out of order", id="move numbers swapped"),
        pytest.param(GOOD.replace("1. 4 2. 5", "1. 4 2. zz"), "moves[1]", id="bad move notation"),
        pytest.param(GOOD.replace("1. 4 2. 5", "1. 4 2. 5{"), "moves[1]", id="unclosed comment"),
        pytest.param(GOOD.replace('[Seed "7"]', '[Deck "' + "X" * 72 + '"]'), "Deck", id="bad deck symbol"),
        pytest.param(GOOD.replace('[Result "*"]', '[Result "2: 0-0-3-0"]'), "Result", id="result tag vs text"),
        pytest.param(GOOD.replace("2. 5 *", "2. 5 2: 0-0-3-0"), "Result", id="result text vs tag"),
        pytest.param(GOOD.replace('[Seed "7"]', '[Seed "7"]\n[MoveLimit "0"]'), "Rules", id="bad move limit"),
    ],
)
def test_malformed_text_is_a_DocumentError(text: str, where: str) -> None:
    with pytest.raises(DocumentError) as error:
        loads(text)
    assert where in str(error.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        pytest.param(GOOD.replace('[Seed "7"]', '[Deck "' + "0" * 72 + '"]'), "$.Deck", id="deck not the 72 of S1"),
        pytest.param(
            GOOD.replace('[Seed "7"]', '[Deck "' + "".join(map(str, shuffled_deck(1)[:-1])) + '"]'),
            "$.Deck",
            id="deck too short",
        ),
        pytest.param(GOOD.replace('[Seed "7"]', ""), "$.Seed", id="neither seed nor deck"),
        pytest.param(
            GOOD.replace('[Seed "7"]', '[Seed "7"]\n[Deck "' + "".join(map(str, shuffled_deck(7))) + '"]'),
            "$.Seed",
            id="both seed and deck",
        ),
        pytest.param(
            GOOD.replace('[Seed "7"]', '[Rounds "2"]\n[Deck "' + "".join(map(str, shuffled_deck(7))) + '"]'),
            "$.Seed",
            id="a match from a deck",
        ),
        pytest.param(GOOD.replace('[Players "4"]', '[Players "9"]'), "$.Players", id="too many players"),
        pytest.param(GOOD.replace('[Seed "7"]', '[Seed "7"]\n[Dealer "4"]'), "$.Dealer", id="dealer out of range"),
    ],
)
def test_text_of_an_invalid_set_up_is_refused_when_loaded(text: str, where: str) -> None:
    # A Record checks its set-up when it is made, so loads refuses what from_data refuses.
    with pytest.raises(DocumentError) as error:
        loads(text)
    assert error.value.path.startswith(where)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        pytest.param(GOOD.replace("2. 5", "2. c"), "$.moves[1]", id="illegal move"),
        pytest.param(GOOD.replace('"*"', '"2: 0-0-3-0"').replace("5 *", "5 2: 0-0-3-0"), "$.Result", id="unfinished"),
    ],
)
def test_text_that_loads_but_cannot_be_replayed_is_a_DocumentError(text: str, where: str) -> None:
    record = loads(text)
    with pytest.raises(DocumentError) as error:
        list(replay(record))
    assert error.value.path.startswith(where)


def test_loads_refuses_what_is_not_text() -> None:
    with pytest.raises(DocumentError):
        loads(b"[Players 4]")  # type: ignore[arg-type]


def test_hand_written_text_is_read_leniently() -> None:
    text = '[Players "4"]\n[Seed "7"]\n\n{start} 1. 4 {the opening}\n2. 5   3. 5\n*'
    record = loads(text)
    assert [str(move) for move in record.moves] == ["4", "5", "5"]
    assert record.comments == ((0, "start"), (1, "the opening"))
    assert record.dealer is None
    states = list(replay(record))
    assert states[0] == new_game(4, seed=7)


@pytest.mark.parametrize("text", ["see {this}", "a}b", "{"])
def test_a_comment_with_braces_is_refused_or_read_back(text: str) -> None:
    # Either dumps refuses such a comment or the text reads back (it used to write text
    # that loads refused).
    record = Record(players=2, seed=1, comments=((0, text),))
    try:
        written = dumps(record)
    except ValueError:
        return
    assert loads(written) == record
