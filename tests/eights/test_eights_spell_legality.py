"""A spelling of Eights is judged by what it is (issue 18): one made without the
constructor's checks is legal only if it is one of the legal moves."""

from __future__ import annotations

import pytest

from eighthalf import IllegalMoveError
from eighthalf.eights import Spell, apply, is_legal, legal_moves, new_game


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
