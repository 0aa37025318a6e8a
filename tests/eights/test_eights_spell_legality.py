"""A spelling of Eights is judged by what it is (issue 18): one made without the
constructor's checks is legal only if it is one of the legal moves."""

from __future__ import annotations

from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import IllegalMoveError
from eighthalf.eights import DECK, Card, Spell, apply, is_legal, legal_moves, new_game
from eighthalf.games.eights import engine
from eighthalf.games.eights.words import WORDS


def test_an_unchecked_spelling_that_spells_nothing_is_not_legal() -> None:
    state = new_game(2, seed=1)
    table_card = state.hand.table[0]
    hand = state.hand.hands[state.hand.to_move]
    replacing = next(card for card in hand if card.suit == table_card.suit)
    bad = Spell("EIGHT", (), (table_card,), (replacing,), check=False)
    assert bad not in legal_moves(state)
    assert not is_legal(state, bad)
    with pytest.raises(IllegalMoveError, match=r"do not spell EIGHT .*\(WT2\)"):
        apply(state, bad)


def test_spell_unchecked_builds_the_legal_moves_themselves() -> None:
    state = new_game(4, seed=1)
    for move in legal_moves(state)[:20]:
        if isinstance(move, Spell):
            again = Spell.unchecked(move.word, move.hand, move.table, move.replacements)
            assert again == move
            assert is_legal(state, again)
            assert apply(state, again) == apply(state, move)


_SPELLS: Final = tuple(
    move for seed in range(6) for move in legal_moves(new_game(3, seed=seed)) if isinstance(move, Spell)
)
"""Legal spellings of a few deals: the canonical ones the perturbed moves start from."""


@st.composite
def _near_canonical(draw: st.DrawFn) -> Spell:
    """A legal spelling, made unchecked again with one field perhaps changed a little (a card
    swapped for another, two cards' order, the word), so that the quick test is tried on
    canonical moves and on near misses alike."""
    move = draw(st.sampled_from(_SPELLS))
    word = move.word
    cards: list[list[Card]] = [list(move.hand), list(move.table), list(move.replacements)]
    change = draw(st.sampled_from(["none", "card", "order", "word"]))
    if change == "word":
        word = draw(st.sampled_from([*WORDS, move.word.lower(), "NINE"]))
    elif change != "none":
        field = draw(st.sampled_from([field for field in cards if field]))
        at = draw(st.integers(0, len(field) - 1))
        if change == "card":
            field[at] = draw(st.sampled_from(DECK))
        else:
            field.insert(0, field.pop(at))
    hand, table, replacements = (tuple(field) for field in cards)
    return Spell.unchecked(word, hand, table, replacements)


@given(_near_canonical())
def test_wt7_the_quick_canonical_test_accepts_only_what_the_checking_constructor_makes_again(move: Spell) -> None:
    """``why_illegal``'s quick test of a move's canonical form (WT2-WT4, WT7, WT8) never
    accepts a spelling that the checking constructor would refuse or make differently."""
    if engine._canonical(move):
        assert engine._as_checked(move)


def test_wt7_the_quick_canonical_test_accepts_the_legal_moves() -> None:
    state = new_game(3, seed=2)
    spells = [move for move in legal_moves(state) if isinstance(move, Spell)]
    assert spells and all(engine._canonical(move) for move in spells)
