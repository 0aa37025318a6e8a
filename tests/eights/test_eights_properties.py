"""Hypothesis properties of Eights: conservation, purity, determinism, leak-free views,
notation round trips, and legal moves checked against a brute-force oracle (WT7)."""

from __future__ import annotations

import copy
import pickle
import random

from eights_strategies import (
    Game,
    brute_force_moves,
    check_state,
    documented_order,
    games,
    reached_states,
    revalidate,
)
from hypothesis import given
from hypothesis import strategies as st

from eighthalf.eights import (
    CARDS,
    GameState,
    Pass,
    Spell,
    apply,
    apply_unchecked,
    is_legal,
    legal_moves,
    new_game,
    parse_card,
    parse_move,
    sample_state,
    view,
)


@given(games())
def test_every_state_keeps_64_cards_and_one_table_card_per_suit(game: Game) -> None:
    for state in game.states:
        check_state(state)


@given(games())
def test_every_state_in_progress_is_a_valid_position(game: Game) -> None:
    for state in game.states:
        if not state.over:
            assert revalidate(state) == state


@given(reached_states())
def test_legal_moves_equal_the_brute_force_oracle_each_once_in_documented_order(state: GameState) -> None:
    moves = legal_moves(state)
    assert len(moves) == len(set(moves)), "each move once (WT7)"
    assert set(moves) == brute_force_moves(state), "every listed move legal and every legal move listed"
    assert list(moves) == sorted(moves, key=documented_order)


@given(reached_states(), st.data())
def test_is_legal_agrees_with_legal_moves(state: GameState, data: st.DataObject) -> None:
    for move in legal_moves(state):
        assert is_legal(state, move)
    hand = state.hand.hands[state.to_move]
    exchange = data.draw(st.lists(st.sampled_from(sorted(CARDS.values())), max_size=4))
    move = Pass(tuple(exchange))
    assert is_legal(state, move) == (move in legal_moves(state))
    assert hand is state.hand.hands[state.to_move]


@given(games())
def test_apply_is_pure_and_deterministic(game: Game) -> None:
    for before, move, after in zip(game.states, game.moves, game.states[1:], strict=False):
        kept = copy.deepcopy(before)
        assert apply(before, move) == after
        assert apply_unchecked(before, move) == after
        assert before == kept


@given(st.integers(min_value=2, max_value=6), st.integers())
def test_new_game_is_deterministic(players: int, seed: int) -> None:
    assert new_game(players, seed=seed) == new_game(players, seed=seed)


@given(reached_states())
def test_move_notation_round_trips(state: GameState) -> None:
    for move in legal_moves(state):
        assert parse_move(str(move)) == move
        assert parse_move(str(move).lower()) == move
        if isinstance(move, Spell):
            assert Spell(move.word, move.hand, move.table, move.replacements) == move


@given(st.sampled_from(sorted(CARDS.values())))
def test_card_notation_round_trips(card: object) -> None:
    assert parse_card(str(card)) == card


@given(reached_states(), st.integers(min_value=0, max_value=2**32))
def test_views_are_leak_free_and_sampled_states_look_the_same(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    for seat in (None, *range(state.players)):
        seen = view(state, seat)
        sampled = sample_state(seen, rng)
        check_state(sampled)
        assert view(sampled, seat) == seen, "a determinization cannot be told from the real state"
        assert view(state.replace(seed=seed), seat) == seen, "the seed is secret (WI4)"
        if seat is not None:
            assert seen.legal_moves() == (legal_moves(state) if seat == state.to_move else ())


@given(reached_states())
def test_states_pickle_and_hash(state: GameState) -> None:
    again = pickle.loads(pickle.dumps(state))
    assert again == state and hash(again) == hash(state)
