"""A test per rule of the Eights page of the docs (docs/eights.rst) (WS1 … WI4); each test's name starts with its rule id."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from eights_strategies import check_state, find_state, play_random

from eighthalf.core.shuffle import seeded_shuffle
from eighthalf.eights import (
    CARDS,
    DECK,
    HAND_SIZES,
    PASS,
    SUIT_LETTERS,
    VALUES,
    Card,
    GameState,
    Pass,
    Rules,
    Spell,
    apply,
    apply_with_events,
    events_for,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
    position,
    view,
)
from eighthalf.errors import IllegalMoveError, InvalidStateError, ParseError
from eighthalf.games.eights.deal import deal_hand, lay_table, shuffle_key

TABLE = "1e 2i 3g 4e 5o 6s 7h 8i"


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def table_text(state: GameState) -> str:
    return " ".join(map(str, state.hand.table))


def spell(text: str) -> Spell:
    move = parse_move(text)
    assert isinstance(move, Spell)
    return move


# W-S: cards and set-up ------------------------------------------------------------------


def test_WS1_deck_has_64_cards_8_suits_of_the_listed_letters() -> None:
    assert len(DECK) == 64
    for suit, letters in SUIT_LETTERS.items():
        assert sorted(card.letter for card in DECK if card.suit == suit) == sorted(letters)
    assert SUIT_LETTERS[1] == "eeiotnrv" and SUIT_LETTERS[8] == "eiofhrwx"


def test_WS1_a_card_not_in_the_deck_is_refused() -> None:
    with pytest.raises(ParseError, match=r"no card 7v.*\(WS1\)"):
        Card(7, "v")
    with pytest.raises(ParseError, match="WS1"):
        parse_card_text("9e")


def parse_card_text(text: str) -> Card:
    from eighthalf.eights import parse_card

    return parse_card(text)


def test_WS1_equal_cards_are_interchangeable() -> None:
    assert Card(1, "e") == CARDS["1e"] and hash(Card(1, "e")) == hash(CARDS["1e"])
    # Two 1e in hand give each spelling once, whichever 1e is meant (WS1, WT7).
    state = position(["1e 1e 1o 1n 2e 3t 4w 5x", "1t 2f 3e 4v 5s 6h 8r 1r"], table="1v 2i 3g 4e 5o 6s 7h 8i")
    moves = legal_moves(state)
    assert len(moves) == len(set(moves))
    assert [str(move) for move in moves].count("ONE 1e 1n 5o>5x") == 1


def test_WS2_two_to_six_players_seat_0_first_play_goes_round() -> None:
    for players in range(2, 7):
        state = new_game(players, seed=1)
        assert state.players == players and state.to_move == 0 and state.hand.dealer == players - 1
        after = apply(state, legal_moves(state)[0])
        assert after.to_move == 1
    bad: tuple[object, ...] = (1, 7, "4")
    for wrong in bad:
        with pytest.raises(InvalidStateError, match="WS2"):
            new_game(wrong, seed=1)  # type: ignore[arg-type]
    last = find_state(3, lambda s: s.to_move == 2 and not s.over and s.hand.number == 0 and not s.hand.passes)
    assert apply(last, legal_moves(last)[0]).to_move == 0


def test_WS3_table_is_the_first_card_of_each_suit_turned_up() -> None:
    deck = cards("1e 1v 2i 1o 3g 4e 5o 5x 6s 7h 8i")
    rest_of = [card for card in DECK]
    for card in deck:
        rest_of.remove(card)
    table, rest = lay_table(deck + tuple(rest_of))
    assert " ".join(map(str, table)) == TABLE
    assert [str(card) for card in rest[:3]] == ["1v", "1o", "5x"]  # set aside, back into the deck
    assert len(rest) == 56


def test_WS3_new_game_table_has_one_card_per_suit_and_the_rest_is_reshuffled() -> None:
    for seed in range(20):
        state = new_game(4, seed=seed)
        assert [card.suit for card in state.hand.table] == list(range(1, 9))
        check_state(state)


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_WS4_hand_sizes(players: int, size: int) -> None:
    state = new_game(players, seed=5)
    assert HAND_SIZES[players] == size == state.full_hand
    assert state.hand.hand_sizes == (size,) * players
    assert len(state.hand.stack) == 56 - size * players


def test_WS4_dealt_one_at_a_time_from_seat_0_the_rest_is_the_stack() -> None:
    hands, stack = deal_hand(DECK[:20], 3, 0, 6)
    assert hands[0] == tuple(sorted(DECK[0:18:3]))
    assert hands[1] == tuple(sorted(DECK[1:18:3]))
    assert stack == DECK[18:20]
    state = find_state(2, lambda s: any(isinstance(m, Spell) for m in legal_moves(s)))
    move = next(m for m in legal_moves(state) if isinstance(m, Spell))
    after = apply(state, move)
    drawn = state.hand.stack[: len(move.spent)]
    assert Counter(after.hand.hands[state.to_move]) == Counter(state.hand.hands[state.to_move]) - Counter(
        move.spent
    ) + Counter(drawn), "the top of the stack is drawn first"


def test_WS5_one_seed_fixes_the_whole_game() -> None:
    rng_a, rng_b = random.Random(3), random.Random(3)
    _, first = play_random(new_game(3, seed=99), rng_a)
    _, second = play_random(new_game(3, seed=99), rng_b)
    assert first == second and first[-1].over
    assert new_game(3, seed=99) != new_game(3, seed=100)
    table, _ = lay_table(seeded_shuffle(DECK, shuffle_key(99, 0, "table")))
    assert new_game(3, seed=99).hand.table == table
    with pytest.raises(InvalidStateError, match="WS5"):
        new_game(3, seed="99")  # type: ignore[arg-type]


# W-T: a turn ----------------------------------------------------------------------------


def test_WT1_a_player_who_can_spell_must_spell() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    assert all(isinstance(move, Spell) for move in legal_moves(state))
    with pytest.raises(IllegalMoveError) as error:
        apply(state, PASS)
    assert error.value.rule == "WT1"


def test_WT1_a_player_who_cannot_spell_passes() -> None:
    state = find_state(4, lambda s: not s.over and isinstance(legal_moves(s)[0], Pass))
    assert all(isinstance(move, Pass) for move in legal_moves(state))
    assert apply(state, PASS).hand.passes == state.hand.passes + 1


def test_WT2_letters_from_distinct_cards_any_mix_any_case_any_order() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    assert parse_move("one 7O 1N 4e>4w") == parse_move("ONE 1n 7o 4e>4w")
    assert parse_move("ONE 1n 7o 4e>4w") in legal_moves(state)
    with pytest.raises(IllegalMoveError) as error:
        parse_move("ONE 1t 7o 4e>4w")  # 1t does not show an N
    assert error.value.rule == "WT2"
    with pytest.raises(IllegalMoveError) as error:
        apply(state, parse_move("ONE 1n 7o 6e>6u"))  # the table's 6 is 6s, not 6e
    assert error.value.rule == "WT3"


def test_WT2_hand_cards_must_be_in_the_hand() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    before = state
    with pytest.raises(IllegalMoveError) as error:
        apply(state, parse_move("SIX 5s 8i 6s>6u"))  # 5s is not in A's hand
    assert error.value.rule == "WT2" and state == before


def test_WT3_at_least_one_letter_from_the_table_and_possibly_all() -> None:
    with pytest.raises(IllegalMoveError) as error:
        Spell("ONE", cards("7o 1n 2e"), (), ())
    assert error.value.rule == "WT3"
    # All letters from the table: SIX from 6s, 2i, 5x with 6u, 2e, 5o replacing them.
    state = position(["6u 2e 5o 1n 3t 4w 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table="1e 2i 3g 4e 5x 6s 7h 8i")
    move = spell("SIX 2i>2e 5x>5o 6s>6u")
    assert move.hand == () and move in legal_moves(state)


def test_WT4_replacement_of_the_wrong_suit_is_refused() -> None:
    with pytest.raises(IllegalMoveError) as error:
        parse_move("ONE 1n 7o 4e>5x")
    assert error.value.rule == "WT4" and "suit 4" in str(error.value)


def test_WT4_replacing_card_is_not_a_card_of_the_word() -> None:
    # Worked example 2's point: B's only suit-2 card, 2f, spells the F.
    state = position(["1n 2e 3t 4w 5x 6u 7o", "1o 2f 3e 4v 5s 6h 8r", "1t 2n 3n 4n 5t 6t 7t"], table=TABLE, to_move=1)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, parse_move("FIVE 2f 4v 3e 2i>2f"))
    assert error.value.rule == "WT4"


def test_WT4_two_table_cards_need_two_replacing_cards() -> None:
    with pytest.raises(IllegalMoveError) as error:
        Spell("ONE", cards("7o"), cards("1n 4e"), cards("1t"))
    assert error.value.rule == "WT4"


def test_WT5_word_cards_go_to_the_pile_replacing_cards_to_the_table() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    move = parse_move("ONE 1n 7o 4e>4w")
    after = apply(state, move)
    assert after.hand.piles[0] == (move,)
    assert [str(card) for card in after.hand.pile_cards(0)] == ["1n", "7o", "4e"]
    assert table_text(after) == "1e 2i 3g 4w 5o 6s 7h 8i"


def test_WT6_draw_back_to_the_full_hand() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    after = apply(state, parse_move("ONE 1n 7o 4e>4w"))
    assert len(after.hand.hands[0]) == 8
    assert len(after.hand.stack) == len(state.hand.stack) - 3


def test_WT6_once_the_stack_is_empty_hands_shrink() -> None:
    state = find_state(2, lambda s: not s.hand.stack and any(isinstance(m, Spell) for m in legal_moves(s)))
    move = next(m for m in legal_moves(state) if isinstance(m, Spell))
    after = apply(state, move)
    assert after.hand.number == state.hand.number
    assert len(after.hand.hands[state.to_move]) == len(state.hand.hands[state.to_move]) - len(move.spent)


def test_WT7_each_distinct_move_listed_once() -> None:
    for seed in range(30):
        state = new_game(2, seed=seed, rules=Rules(may_pass_freely=True))
        moves = legal_moves(state)
        assert len(moves) == len(set(moves))
        assert len({str(move) for move in moves}) == len(moves)


def test_WT8_word_values() -> None:
    assert dict(VALUES) == {
        "ONE": 1,
        "TWO": 2,
        "THREE": 3,
        "FOUR": 4,
        "FIVE": 5,
        "SIX": 6,
        "SEVEN": 7,
        "EIGHT": 8,
    }
    assert spell("SEVEN 1e 4v 3n 5s 7e>7o").value == 7
    with pytest.raises(ParseError, match="WT8"):
        parse_move("NINE 1n 2i 3n 4e>4w")


# W-P: passing ---------------------------------------------------------------------------


def test_WP1_exchanged_cards_go_under_the_stack_and_as_many_are_drawn() -> None:
    state = find_state(3, lambda s: not s.over and isinstance(legal_moves(s)[0], Pass) and len(s.hand.stack) >= 3)
    held = state.hand.hands[state.to_move]
    move = Pass(held[:2])
    after = apply(state, move)
    assert after.hand.stack[-2:] == held[:2]
    assert after.hand.origins[-2:] == (state.to_move, state.to_move)
    assert Counter(after.hand.hands[state.to_move]) == Counter(held[2:]) + Counter(state.hand.stack[:2])
    with pytest.raises(IllegalMoveError) as error:
        apply(state, Pass(tuple(card for card in DECK if card not in held)[:1]))
    assert error.value.rule == "WP1"


def test_WP2_exchange_at_most_the_stack_and_nothing_from_an_empty_stack() -> None:
    state = find_state(2, lambda s: not s.over and isinstance(legal_moves(s)[0], Pass) and len(s.hand.stack) == 1)
    held = state.hand.hands[state.to_move]
    with pytest.raises(IllegalMoveError) as error:
        apply(state, Pass(held[:2]))
    assert error.value.rule == "WP2"
    assert max(len(move.exchange) for move in legal_moves(state) if isinstance(move, Pass)) == 1
    empty = find_state(2, lambda s: not s.over and not s.hand.stack and isinstance(legal_moves(s)[0], Pass))
    assert legal_moves(empty) == (PASS,)


def test_WP2_exchanged_cards_go_under_in_the_order_of_the_notation() -> None:
    state = find_state(3, lambda s: not s.over and isinstance(legal_moves(s)[0], Pass) and len(s.hand.stack) >= 3)
    held = state.hand.hands[state.to_move]
    move = Pass(tuple(reversed(held[:3])))
    assert move.exchange == held[:3]  # the notation lists them in card order
    assert apply(state, move).hand.stack[-3:] == tuple(parse_cards(str(move)[5:]))


def test_WP3_only_the_passer_knows_which_cards_went_under() -> None:
    state = find_state(
        3,
        lambda s: not s.over and isinstance(legal_moves(s)[0], Pass) and len(s.hand.stack) >= 2 and not s.hand.passes,
    )
    mover = state.to_move
    held = state.hand.hands[mover]
    after, events = apply_with_events(state, Pass(held[:2]))
    assert after.hand.number == state.hand.number
    assert view(after, mover).known_stack[-2:] == held[:2]
    other = (mover + 1) % 3
    assert view(after, other).known_stack == () and view(after, other).stack == len(after.hand.stack)
    assert view(after, other).origins[-2:] == (mover, mover)
    passed = [event for event in events_for(events, other) if type(event).__name__ == "Passed"]
    assert passed and passed[0].count == 2 and passed[0].exchange is None  # type: ignore[union-attr]


# W-H: the end of a hand -----------------------------------------------------------------


def test_WH1_n_passes_in_a_row_end_the_hand() -> None:
    rules = Rules(may_pass_freely=True)
    state = new_game(3, seed=4, rules=rules)
    state = apply(state, PASS)
    state = apply(state, PASS)
    assert state.hand.passes == 2 and state.hand.number == 0
    state = apply(state, PASS)
    assert state.hand.number == 1 and state.hand_scores == ((0, 0, 0),)


def test_WH1_a_spelling_breaks_the_run_of_passes() -> None:
    state = position(
        ["1n 2e 3t 4w 5x 6u 7o", "1o 2f 3e 4v 5s 6h 8r", "1t 2n 3n 4n 5t 6t 7t"],
        table=TABLE,
        to_move=0,
        passes=2,
        turns=2,
    )
    after = apply(state, parse_move("ONE 1n 7o 4e>4w"))
    assert after.hand.passes == 0 and after.hand.number == 0


def test_WH2_hand_score_is_the_sum_of_the_words() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    state = apply(state, parse_move("ONE 1n 7o 4e>4w"))
    state = apply(state, legal_moves(state)[0])
    assert state.hand.scores[0] == 1
    assert state.hand.scores == tuple(sum(spell.value for spell in pile) for pile in state.hand.piles)


def test_WH3_a_turn_limit_ends_the_hand() -> None:
    state = new_game(2, seed=8, rules=Rules(turn_limit=3))
    for _ in range(3):
        assert state.hand.number == 0
        state = apply(state, legal_moves(state)[0])
    assert state.hand.number == 1 or state.over
    assert len(state.hand_scores) == 1
    with pytest.raises(InvalidStateError, match="WH3"):
        Rules(turn_limit=0)


# W-G: a game ----------------------------------------------------------------------------


def test_WG1_targets_and_points_add_up_across_hands() -> None:
    assert Rules().target_for(2) == Rules().target_for(3) == 50
    assert all(Rules().target_for(players) == 30 for players in (4, 5, 6))
    _, states = play_random(new_game(4, seed=2), random.Random(2))
    final = states[-1]
    assert final.over and len(final.hand_scores) >= 1
    assert final.totals == tuple(sum(scores[seat] for scores in final.hand_scores) for seat in range(4))


def test_WG2_next_hand_keeps_the_table_moves_the_dealer_and_reshuffles() -> None:
    state = new_game(3, seed=4, rules=Rules(may_pass_freely=True))
    state = apply(state, legal_moves(state)[0])
    while state.hand.number == 0:
        last = state
        state = apply(state, PASS)
    assert state.hand.table == last.hand.table
    assert state.hand.dealer == 0 and state.to_move == 1
    assert state.hand.piles == ((), (), ()) and state.hand.passes == 0 and state.hand.turns == 0
    check_state(state)
    again = new_game(3, seed=4, rules=Rules(may_pass_freely=True))
    again = apply(again, legal_moves(again)[0])
    while again.hand.number == 0:
        again = apply(again, PASS)
    assert again == state  # the reshuffle is drawn from the seed (WS5)


def test_WG3_game_ends_when_a_total_reaches_the_target_ties_share() -> None:
    state = new_game(2, seed=6, rules=Rules(target=1))
    _, states = play_random(state, random.Random(6))
    final = states[-1]
    assert final.over and max(final.totals) >= 1
    assert final.winners == tuple(seat for seat, total in enumerate(final.totals) if total == max(final.totals))
    assert legal_moves(final) == ()
    with pytest.raises(IllegalMoveError) as error:
        apply(final, PASS)
    assert error.value.rule == "WG3"
    from eighthalf.eights import Outcome

    assert Outcome.of((30, 30, 2), 30).winners == (0, 1)


# W-R: table options ---------------------------------------------------------------------


def test_WR1_may_pass_freely() -> None:
    hands = ["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"]
    strict = position(hands, table=TABLE)
    free = position(hands, table=TABLE, rules=Rules(may_pass_freely=True))
    assert PASS not in legal_moves(strict)
    assert PASS in legal_moves(free)
    assert legal_moves(free)[: len(legal_moves(strict))] == legal_moves(strict)
    assert apply(free, PASS).hand.passes == 1


def test_WR2_target_and_turn_limit_are_table_options() -> None:
    assert new_game(4, seed=1, rules=Rules(target=12)).target == 12
    assert Rules(turn_limit=40).turn_limit == 40
    bad: list[dict[str, object]] = [{"target": 0}, {"target": "30"}, {"turn_limit": -1}, {"may_pass_freely": 1}]
    bad += [{"target": True}, {"turn_limit": False}, {"target": 2**53}, {"turn_limit": 10**5000}]
    for options in bad:
        with pytest.raises(InvalidStateError) as caught:
            Rules(**options)  # type: ignore[arg-type]
        assert len(str(caught.value)) < 150
    assert Rules(target=2**53 - 1, turn_limit=2**53 - 1).target == 2**53 - 1  # what a document holds exactly


# W-I: who sees what ---------------------------------------------------------------------


def test_WI1_everybody_sees_the_public_facts() -> None:
    state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=TABLE)
    state = apply(state, parse_move("ONE 1n 7o 4e>4w"))
    seen = view(state, 1)
    assert seen.table == state.hand.table and seen.piles == state.hand.piles
    assert seen.scores == (1, 0) and seen.hand_sizes == (8, 8)
    assert seen.stack_size == len(state.hand.stack) and seen.to_move == 1 and seen.passes == 0


def test_WI2_a_player_sees_only_their_own_hand() -> None:
    state = new_game(4, seed=9)
    hands = state.hand.hands
    swapped = state.replace(hand=state.hand.replace(hands=(hands[0], hands[2], hands[1], hands[3])))
    for seat in range(4):
        assert view(state, seat).hand == hands[seat]
    assert view(swapped, 0) == view(state, 0) and view(swapped, 3) == view(state, 3)
    assert view(swapped, 1) != view(state, 1)
    assert view(state, None).hand is None


def test_WI3_nobody_sees_the_stack_order() -> None:
    state = new_game(4, seed=9)
    for seat in (None, 0, 1, 2, 3):
        assert (view(state, seat).stack, view(state, seat).known_stack) == (len(state.hand.stack), ())


def test_WI4_the_seed_is_secret() -> None:
    state = new_game(4, seed=9)
    other = state.replace(seed=12345)
    assert view(state, 2) == view(other, 2)
    assert "seed" not in type(view(state, 2)).__match_args__
