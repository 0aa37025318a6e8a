"""position() builds any legal position of Eights and refuses impossible ones; cards, moves and the shared shuffle."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from eighthalf import DECK as HALF_DECK
from eighthalf import shuffled_deck
from eighthalf.core.shuffle import seeded_shuffle
from eighthalf.eights import (
    CARDS,
    DECK,
    PASS,
    Card,
    Pass,
    Rules,
    Spell,
    parse_card,
    parse_cards,
    parse_move,
    parse_word,
    position,
    rest_of_deck,
)
from eighthalf.errors import InvalidStateError, ParseError

TABLE = "1e 2i 3g 4e 5o 6s 7h 8i"
HANDS = ["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"]


def test_position_builds_a_game_in_progress() -> None:
    state = position(HANDS, table=TABLE, to_move=1, passes=1, turns=3)
    assert state.to_move == 1 and state.hand.passes == 1 and state.hand.turns == 3
    assert len(state.hand.stack) == 64 - 8 - 16
    assert state.hand.dealer == 1 and state.hand.first == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"table": "1e 1v 3g 4e 5o 6s 7h 8i"}, "one card of each suit"),
        ({"table": "1e 2i 3g 4e 5o 6s 7v 8i"}, "no card 7v"),
        ({"hands": ["1n 2e 3t 4w 5x 6u 7o", HANDS[1]]}, "hands are drawn back"),
        ({"hands": [HANDS[0], HANDS[1] + " 2n"]}, "full hand is 8"),
        ({"hands": [HANDS[0]]}, "2 to 6 players"),
        ({"hands": HANDS, "stack": "1v"}, "not the 64 of WS1"),
        ({"to_move": 2}, "to_move"),
        ({"passes": 2}, "passes"),
        ({"turns": 5, "rules": Rules(turn_limit=5)}, "turn limit"),
        ({"number": 1, "hand_scores": [(50, 0)]}, "target"),
        ({"number": 1}, "hand_scores"),
        ({"dealer": 5}, "dealer"),
        ({"origins": (0,)}, "origins"),
        ({"seed": "1"}, "seed"),
        ({"rules": "strict"}, "Rules"),
        ({"piles": [("ONE",), ()]}, "Spell"),
    ],
)
def test_position_refuses_what_cannot_occur(changes: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = {"hands": HANDS, "table": TABLE}
    arguments.update(changes)
    hands = arguments.pop("hands")
    with pytest.raises(InvalidStateError, match=message):
        position(hands, **arguments)


def test_position_with_score_piles_and_an_empty_stack() -> None:
    spell = parse_move("ONE 1n 7o 4e>4w")
    assert isinstance(spell, Spell)
    rest = rest_of_deck(TABLE, "1n 7o 4e")
    hands = [rest[:8], rest[8:16]]
    piles = [[spell], []]
    with pytest.raises(InvalidStateError, match="not the 64"):
        position(hands, table=TABLE, piles=piles, stack=())
    with pytest.raises(InvalidStateError, match=r"0 turns, but the hand has had at least 1: .*\(WT1, WH3\)"):
        position(hands, table=TABLE, piles=piles)  # every spelling is a turn (item 7 of issue 18)
    state = position(hands, table=TABLE, piles=piles, turns=1)
    assert state.hand.scores == (1, 0) and len(state.hand.stack) == 64 - 8 - 3 - 16


def test_rest_of_deck() -> None:
    assert rest_of_deck() == DECK
    with pytest.raises(InvalidStateError, match="WS1"):
        rest_of_deck("1e 1e 1e")


def test_cards_sort_hash_pickle_and_refuse_bad_input() -> None:
    assert sorted(parse_cards("8x 1e 4w")) == list(parse_cards("1e 4w 8x"))
    assert len(CARDS) == 58 and all(card is CARDS[str(card)] for card in DECK)
    assert pickle.loads(pickle.dumps(CARDS["4w"])) == CARDS["4w"]
    assert Card(4, "W") == CARDS["4w"]
    for bad in ("", "44", "4", "9e", "4ww", "7v"):
        with pytest.raises(ParseError):
            parse_card(bad)
    with pytest.raises(ParseError, match="WS1"):
        Card(0, "e")
    with pytest.raises(ParseError):
        parse_cards(7)  # type: ignore[arg-type]


def test_moves_normalise_and_refuse_bad_input() -> None:
    assert Pass(parse_cards("4w 1e")) == Pass(parse_cards("1e 4w")) and str(PASS) == "pass"
    move = Spell("one", parse_cards("7o 1n"), parse_cards("4e"), parse_cards("4w"))
    assert str(move) == "ONE 1n 7o 4e>4w" and move.cards == parse_cards("1n 7o 4e")
    with pytest.raises(ParseError, match="WT8"):
        parse_word("NINE")
    with pytest.raises(ParseError):
        Spell("ONE", "1n 7o", (), ())  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        Pass(("1e",))  # type: ignore[arg-type]
    with pytest.raises(Exception, match="WS3"):
        Spell("ONE", parse_cards("2e"), parse_cards("1n 1o"), parse_cards("1e 1t"))


def test_shared_shuffle_reproduces_8_and_a_halfs_deal() -> None:
    for seed in (-5, 0, 7, 2**70):
        assert seeded_shuffle(HALF_DECK, b"eighthalf-deck-v1:%d" % seed) == shuffled_deck(seed)
    assert seeded_shuffle((), b"x") == () and seeded_shuffle("a", b"x") == ("a",)
    with pytest.raises(TypeError):
        seeded_shuffle("ab", "x")  # type: ignore[arg-type]
