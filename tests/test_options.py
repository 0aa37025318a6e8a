"""The table options of issue 10 (P7, P3, S5, T3): each option's worked example, each
option against its default on the same positions, and old documents still loading.

The Hypothesis properties of the other test modules (72 cards conserved, purity, views
leak-free, JSON round trips) draw their rules from ``strategies.rules()``, which draws
random option sets, and check the legal moves against the oracle of ``strategies``,
which follows the options.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from builders import S, build, cards, moves, play
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import check_state, check_transition, expected_legal_moves, rounds, table_options

from eighthalf import (
    DocumentError,
    GameState,
    IllegalMoveError,
    InvalidStateError,
    Move,
    OpenPlay,
    PlayerView,
    Rank,
    Record,
    Rules,
    apply,
    apply_with_events,
    from_data,
    legal_moves,
    narrate,
    new_game,
    parse_move,
    position,
    replay,
    sample_state,
    to_data,
    view,
)
from eighthalf.bots import Bot, GreedyBot, SearchBot
from eighthalf.games.eighthalf import records as record_text
from eighthalf.games.eighthalf.engine import EFFECTS, effect, effects_for
from eighthalf.games.eighthalf.events import Played
from eighthalf.games.eighthalf.options import OPTION_NAMES
from eighthalf.serialization import dumps, loads

OLD = Path(__file__).parent / "data" / "old"
A, B, C, D = range(4)
EVERY_OPTION = Rules(**dict.fromkeys(OPTION_NAMES, True))


def under(rules: Rules, state: GameState) -> GameState:
    """``state``'s cards and pile under other rules, through the validating builder."""
    return position(
        state.seats,
        to_move=state.to_move,
        pile=state.pile,
        rules=rules,
        move_number=state.move_number,
        opening=state.opening,
    )


# --------------------------------------------------------------------------- Rules


def test_the_options_default_to_the_rulings() -> None:
    rules = Rules()
    assert [getattr(rules, name) for name in OPTION_NAMES] == [False] * 4
    assert rules.variant == 0 and rules.option_names() == ()
    assert repr(rules) == "Rules(min_players=2, max_players=5, move_limit=None)"


def test_each_option_has_its_bit_and_reads_back_from_its_repr() -> None:
    for bit, name in enumerate(OPTION_NAMES):
        rules = Rules(**{name: True})
        assert rules.variant == 1 << bit
        assert rules.option_names() == (name,)
        assert eval(repr(rules)) == rules  # the repr reads back as code
    assert EVERY_OPTION.variant == 15
    assert eval(repr(EVERY_OPTION)) == EVERY_OPTION


@pytest.mark.parametrize(("name", "rule"), list(zip(OPTION_NAMES, ("P7", "P3", "S5", "T3"), strict=True)))
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_an_option_that_is_not_a_bool_is_refused_citing_its_rule(name: str, rule: str, value: object) -> None:
    with pytest.raises(InvalidStateError, match=rf"Rules\.{name} must be True or False, not .*\({rule}\)$"):
        Rules(**{name: value})  # type: ignore[arg-type]


def test_variant_is_worked_out_never_given() -> None:
    with pytest.raises(TypeError):
        Rules(variant=3)  # type: ignore[call-arg]
    assert Rules(open_runs=True) == Rules(open_runs=True) != Rules()
    assert hash(Rules(open_runs=True)) == hash(Rules(open_runs=True))


# --------------------------------------------------------------------------- P7: lock_next_only


def test_P7_lock_next_only_worked_example_ghost_ends_the_lock() -> None:
    # Worked example 4 under the option: A plays 5, B a Ghost; C is no longer locked.
    seats = (S(hand="5GG"), S(hand="G12"), S(hand="37G"), S(hand="123"))
    for rules, locked, legal in ((Rules(), True, ["3", "G"]), (Rules(lock_next_only=True), False, ["7", "G"])):
        state = build(*seats, to_move=A, rules=rules)
        after_a = play(state, "5")
        assert after_a.locked
        assert moves(after_a) == ["1", "2", "G"]  # B, facing the 5 itself, is locked either way
        after_b = play(after_a, "G")
        assert (after_b.call_label, after_b.locked, moves(after_b)) == ("5", locked, legal)


def test_P7_lock_next_only_the_error_names_the_lock_only_under_the_ruling() -> None:
    seats = (S(hand="5GG"), S(hand="G12"), S(hand="37G"), S(hand="123"))
    state = play(build(*seats, to_move=A), "5", "G")
    with pytest.raises(IllegalMoveError, match=r"5-lock.*\(P7\)$"):
        apply(state, parse_move("7"))
    assert play(build(*seats, to_move=A, rules=Rules(lock_next_only=True)), "5", "G", "7").call_label == "7"


def test_P7_lock_next_only_position_reads_the_lock_off_the_top_card() -> None:
    seats = (S(hand="123"), S(hand="456"), S(hand="789"))
    assert build(*seats, pile="1:5 2:G", to_move=A).locked
    assert not build(*seats, pile="1:5 2:G", to_move=A, rules=Rules(lock_next_only=True)).locked
    assert build(*seats, pile="2:5", to_move=A, rules=Rules(lock_next_only=True)).locked
    # a 7 after 5 and a Ghost is a legal pile only under the option
    with pytest.raises(InvalidStateError, match="cannot be played on a call of 5"):
        build(*seats, pile="0:5 1:G 2:7", to_move=A)
    assert build(*seats, pile="0:5 1:G 2:7", to_move=A, rules=Rules(lock_next_only=True)).call_label == "7"


# --------------------------------------------------------------------------- P3: halves_stop_at_8_half


def test_P3_halves_stop_worked_example_on_8_and_on_7() -> None:
    rules = Rules(halves_stop_at_8_half=True)
    seats = (S(hand="HHHH", on_table=True), S(hand="123"))
    on_8 = build(*seats, pile="1:8", to_move=A, rules=rules)
    assert moves(on_8) == ["H"]
    assert play(on_8, "H").call_label == "8½"
    on_7 = build(*seats, pile="1:7", to_move=A, rules=rules)
    assert moves(on_7) == ["H", "HH", "HHH"]
    assert play(on_7, "HHH").call_label == "8½"
    # the rule book's ruling: only the call at the start of the turn matters
    assert moves(build(*seats, pile="1:8", to_move=A)) == ["H", "HH", "HHH", "HHHH"]
    assert play(build(*seats, pile="1:8", to_move=A), "HH").call_label == "9"


def test_P3_halves_stop_error_cites_P3_and_the_option() -> None:
    state = build(
        S(hand="HHHH", on_table=True), S(hand="123"), pile="1:7", to_move=A, rules=Rules(halves_stop_at_8_half=True)
    )
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, parse_move("HHHH"))
    assert caught.value.rule == "P3"
    assert "halves_stop_at_8_half" in str(caught.value) and "at most 3" in str(caught.value)
    with pytest.raises(IllegalMoveError, match=r"½ cannot be played on a call of 8½ \(P3\)$"):
        apply(build(S(hand="HHHH", on_table=True), S(hand="123"), pile="1:8H", to_move=A), parse_move("H"))


def test_P3_halves_stop_beyond_8_half_and_from_the_open_cards() -> None:
    rules = Rules(halves_stop_at_8_half=True, open_runs=True)
    seats = (S(hand="", open="HHH", blind="GGG", on_table=True), S(hand="123"))
    assert moves(build(*seats, pile="1:9", to_move=A, rules=rules)) == ["oH", "oHH", "oHHH"]  # above 8½: no bound
    assert moves(build(*seats, pile="1:8", to_move=A, rules=rules)) == ["oH"]
    assert effect(Rank.HALF, 2, 16, False, 2) is None and effect(Rank.HALF, 2, 18, False, 2) == (
        20,
        False,
        False,
        False,
    )


# --------------------------------------------------------------------------- S5: single_opening


def test_S5_single_opening_worked_example() -> None:
    state = new_game(3, seed=13)
    assert (state.opening, moves(state)) == (Rank.FOUR, ["4", "44"])
    single = new_game(3, seed=13, rules=Rules(single_opening=True))
    assert moves(single) == ["4"]
    with pytest.raises(IllegalMoveError, match=r"exactly one card.*single_opening.*\(S5\)$"):
        apply(single, parse_move("44"))
    assert play(single, "4").call_label == "4"


def test_S5_single_opening_changes_nothing_after_the_opening() -> None:
    seats = (S(hand="33G"), S(hand="456"))
    for rules in (Rules(), Rules(single_opening=True)):
        assert moves(build(*seats, to_move=A, rules=rules)) == ["3", "33", "G"]


# --------------------------------------------------------------------------- T3: open_runs


def test_T3_open_runs_worked_example() -> None:
    seats = (S(hand="", open="727", blind="GGG", on_table=True), S(hand="123"))
    assert moves(build(*seats, pile="1:6", to_move=A)) == ["o7"]
    state = build(*seats, pile="1:6", to_move=A, rules=Rules(open_runs=True))
    assert moves(state) == ["o7", "o77"]
    after, events = apply_with_events(state, parse_move("o77"))
    assert (after.call_label, after.seats[A].open) == ("7", cards("2"))
    assert [(card.rank, card.seat) for card in after.pile[-2:]] == [(Rank.SEVEN, A), (Rank.SEVEN, A)]
    assert events[0] == Played(A, cards("77"), "open", 14)
    assert narrate(events, ["Ann", "Bob"])[0] == "Ann plays 2 × 7 from the open cards: the call is 7."


def test_T3_open_runs_errors() -> None:
    seats = (S(hand="", open="727", blind="GGG", on_table=True), S(hand="123"))
    plain = build(*seats, pile="1:6", to_move=A)
    with pytest.raises(IllegalMoveError, match=r"one open card per turn.*open_runs.*\(T3\)$"):
        apply(plain, OpenPlay(Rank.SEVEN, 2))
    runs = build(*seats, pile="1:6", to_move=A, rules=Rules(open_runs=True))
    with pytest.raises(IllegalMoveError, match=r"there are 2 open 7, not 3 \(T3\)$"):
        apply(runs, parse_move("o777"))
    with pytest.raises(IllegalMoveError, match=r"a 2 cannot be played on a call of 6 \(P1\)$"):
        apply(runs, parse_move("o2"))


def test_T3_open_runs_a_catch_and_the_lock() -> None:
    rules = Rules(open_runs=True)
    seats = (S(hand="", open="779", blind="GGG", on_table=True), S(hand="123"), S(hand="456"))
    state = build(*seats, pile="1:6 2:H", to_move=A, rules=rules)
    assert state.at_risk == C and moves(state) == ["o7", "o77", "o9"]
    caught = play(state, "o77")  # two catch cards: a catch (P8, P9)
    assert caught.seats[C].collected[-4:] == cards("6H77")
    assert (caught.pile, caught.to_move, caught.seats[A].open) == ((), A, cards("9"))
    five = build(S(hand="", open="552", blind="GGG", on_table=True), S(hand="123"), pile="1:3", to_move=A, rules=rules)
    assert moves(five) == ["o5", "o55"]
    assert play(five, "o55").locked


# --------------------------------------------------------------------------- each option against its default


@settings(max_examples=25, deadline=None)
@given(played=rounds(max_moves=150, rules_strategy=st.just(Rules())), flags=table_options())
def test_each_option_differs_from_the_default_only_where_its_rule_applies(played: Any, flags: dict[str, bool]) -> None:
    """The same positions under the rule book's rulings and under options: the legal moves
    differ only by what the options add or take away."""
    rules = Rules(**flags)
    for state in played.states[:: max(1, len(played.states) // 8)]:
        if state.over:
            continue
        try:
            other = under(rules, state)
        except InvalidStateError as error:  # a ½ run over 8½ (P3), or a low card after 5 and Ghost (P7)
            assert (rules.halves_stop_at_8_half or rules.lock_next_only) and "cannot be played" in str(error)
            continue
        default, optional = set(legal_moves(state)), set(legal_moves(other))
        assert optional == expected_legal_moves(other)
        if other.locked != state.locked:  # P7: only a Ghost on the 5
            assert rules.lock_next_only and state.pile[-1].rank is Rank.GHOST
            continue
        for move in default - optional:  # taken away: ½ runs over 8½, opening copies
            assert (
                (rules.halves_stop_at_8_half and getattr(move, "rank", None) is Rank.HALF)
                or (rules.single_opening and state.opening is not None)
                or optional == {parse_move("c")}
            ), move
        for move in optional - default:  # added: open runs (or collecting when nothing is left)
            assert (rules.open_runs and isinstance(move, OpenPlay) and move.count > 1) or str(move) == "c", move


@settings(max_examples=20, deadline=None)
@given(played=rounds(max_moves=400, rules_strategy=table_options().map(lambda flags: Rules(**flags))))
def test_rounds_under_random_options_keep_every_invariant(played: Any) -> None:
    """72 cards conserved, the oracle's legal moves, purity of apply, under any options."""
    for before, move in zip(played.states, played.moves, strict=False):
        check_state(before, deep=True)
        check_transition(before, move, thorough=False)
    check_state(played.final, deep=False)


# --------------------------------------------------------------------------- views, sampler, documents


@settings(max_examples=15, deadline=None)
@given(played=rounds(max_moves=200, rules_strategy=table_options().map(lambda flags: Rules(**flags))))
def test_views_and_samples_follow_the_options(played: Any) -> None:
    state = played.final
    if state.over:
        return
    seen = view(state, state.to_move)
    assert seen.rules == state.rules
    assert seen.legal_moves() == legal_moves(state)
    sample = sample_state(seen, random.Random(1))
    assert sample.rules == state.rules and view(sample, state.to_move) == seen
    assert legal_moves(sample) == legal_moves(state)
    assert from_data(to_data(state)) == state and from_data(to_data(seen)) == seen


def test_rules_documents_write_only_the_options_that_are_on() -> None:
    assert to_data(Rules()) == {
        "format": "eighthalf",
        "version": 1,
        "type": "Rules",
        "min_players": 2,
        "max_players": 5,
        "move_limit": None,
    }
    data = to_data(Rules(open_runs=True, lock_next_only=True))
    assert data["open_runs"] is True and data["lock_next_only"] is True
    assert "single_opening" not in data and "halves_stop_at_8_half" not in data
    assert from_data(data) == Rules(open_runs=True, lock_next_only=True)
    assert from_data({**to_data(Rules()), "single_opening": False}) == Rules()
    for flags in ({}, {"open_runs": True}, dict.fromkeys(OPTION_NAMES, True)):
        assert from_data(to_data(Rules(**flags))) == Rules(**flags)


@pytest.mark.parametrize(
    ("change", "path", "fragment"),
    [
        ({"open_runs": 1}, "$.open_runs", "expected true or false"),
        ({"open_run": True}, "$.open_run", "unknown key"),
        ({"lock_next_only": None}, "$.lock_next_only", "expected true or false"),
    ],
)
def test_bad_option_keys_are_refused(change: dict[str, object], path: str, fragment: str) -> None:
    with pytest.raises(DocumentError) as caught:
        from_data({**to_data(Rules()), **change})
    assert caught.value.path == path and fragment in str(caught.value)


def test_a_state_under_options_round_trips_and_a_view_shows_them() -> None:
    state = new_game(4, seed=3, rules=EVERY_OPTION)
    data = to_data(state)
    assert all(data["rules"][name] is True for name in OPTION_NAMES)
    assert from_data(data) == state
    assert to_data(view(state, 1))["rules"] == data["rules"]


# --------------------------------------------------------------------------- records


def _finished(rules: Rules, seed: int, players: int = 3) -> Record:
    state = new_game(players, seed=seed, rules=rules)
    played: list[Move] = []
    while not state.over and len(played) < 400:
        move = legal_moves(state)[-1]
        played.append(move)
        state = apply(state, move)
    return Record(players=players, seed=seed, rules=rules, moves=tuple(played)).finished()


def test_records_carry_the_options_in_an_options_tag() -> None:
    record = _finished(Rules(move_limit=400, open_runs=True, single_opening=True), seed=4)
    text = record_text.dumps(record)
    assert '[Options "single_opening open_runs"]' in text
    assert record_text.loads(text) == record
    assert from_data(to_data(record)) == record
    *_, last = replay(record)
    assert isinstance(last, GameState) and last.rules == record.rules
    assert "[Options" not in record_text.dumps(_finished(Rules(move_limit=400), seed=4))


@pytest.mark.parametrize(
    "value", ["", "open_runs open_runs", "open_runs single_opening", "lock_next_only  open_runs", "loose"]
)
def test_a_bad_options_tag_is_refused(value: str) -> None:
    text = record_text.dumps(_finished(Rules(move_limit=30), seed=2))
    text = text.replace('[Result "', f'[Options "{value}"]\n[Result "', 1)
    with pytest.raises(DocumentError) as caught:
        record_text.loads(text)
    assert caught.value.path == "$.Options"


# --------------------------------------------------------------------------- bots


@pytest.mark.parametrize("flags", [{name: True} for name in OPTION_NAMES] + [dict.fromkeys(OPTION_NAMES, True)])
def test_bots_play_legal_moves_under_the_options(flags: dict[str, bool]) -> None:
    rules = Rules(move_limit=300, **flags)
    rng = random.Random(5)
    for seed in range(3):
        state = new_game(3, seed=seed, rules=rules)
        bots: list[Bot] = [GreedyBot(), SearchBot(iterations=4, horizon=30), GreedyBot()]
        while not state.over:
            move = bots[state.to_move].choose(view(state, state.to_move), rng)
            assert move in legal_moves(state)
            state = apply(state, move)


def test_search_bot_samples_keep_the_options() -> None:
    rules = Rules(open_runs=True, lock_next_only=True)
    state = new_game(3, seed=1, rules=rules)
    bot = SearchBot(iterations=2)
    assert bot.sample(view(state, state.to_move), random.Random(0)).rules == rules


def test_greedy_bot_reads_the_option_tables() -> None:
    # Under halves_stop_at_8_half the greedy bot is offered (and takes) only what is legal.
    state = build(
        S(hand="HHG", on_table=True), S(hand="123"), pile="1:8", to_move=A, rules=Rules(halves_stop_at_8_half=True)
    )
    move = GreedyBot().choose(view(state, A), random.Random(0))
    assert move in legal_moves(state) and str(move) != "HH"
    assert effects_for(0) is EFFECTS and effects_for(4) is EFFECTS  # single_opening shares the default table


# --------------------------------------------------------------------------- old documents


def _old_index() -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = json.loads((OLD / "index.json").read_text(encoding="utf-8"))
    return index


@pytest.mark.parametrize("name", sorted(_old_index()))
def test_documents_written_before_the_options_load_and_mean_what_they_meant(name: str) -> None:
    expected = _old_index()[name]
    text = (OLD / name).read_text(encoding="utf-8")
    if name.endswith(".txt"):
        record = record_text.loads(text)
        assert record.rules.variant == 0 and record.result == expected["result"]
        assert record_text.dumps(record) == text
        *_, last = replay(record)
        assert last.over
        return
    obj = loads(text)
    assert type(obj).__name__ == expected["type"]
    assert dumps(obj, indent=1) + "\n" == text  # written again exactly as it was
    rules = getattr(obj, "rules", obj)
    if isinstance(rules, Rules):
        assert rules.variant == 0
    if "legal_moves" in expected:
        assert isinstance(obj, (GameState, PlayerView))
        legal = obj.legal_moves() if isinstance(obj, PlayerView) else legal_moves(obj)
        assert [str(move) for move in legal] == expected["legal_moves"]
    if "locked" in expected:
        assert isinstance(obj, GameState)
        assert (obj.locked, obj.call_label) == (expected["locked"], expected["call"])
    if "result" in expected:
        assert isinstance(obj, Record)
        assert obj.result == expected["result"]
