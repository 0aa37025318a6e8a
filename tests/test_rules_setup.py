"""S1–S7: the deck, the players, the deal and the opening."""

from __future__ import annotations

from collections import Counter

import pytest
from builders import S, build, cards, moves, play

from eighthalf import (
    COMPOSITION,
    DECK,
    GameState,
    IllegalMoveError,
    InvalidStateError,
    Rank,
    Rules,
    legal_moves,
    new_game,
    parse_move,
    shuffled_deck,
)
from eighthalf import apply as apply_move
from eighthalf.games.eighthalf.deal import opener_of

YELLOW = (1, 2, 3, 4, 6, 7, 8)

# S1 -------------------------------------------------------------------------------------


def test_S1_deck_composition() -> None:
    assert len(DECK) == 72
    assert dict(Counter(DECK)) == {
        Rank.ZERO: 6,
        Rank.ONE: 4,
        Rank.TWO: 4,
        Rank.THREE: 6,
        Rank.FOUR: 6,
        Rank.FIVE: 6,
        Rank.SIX: 6,
        Rank.SEVEN: 6,
        Rank.EIGHT: 6,
        Rank.NINE: 6,
        Rank.HALF: 8,
        Rank.GHOST: 8,
    }
    assert dict(COMPOSITION) == dict(Counter(DECK))


def test_S1_yellow_cards() -> None:
    assert [int(rank) for rank in Rank if rank.is_yellow] == [1, 2, 3, 4, 6, 7, 8]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_S1_shuffle_is_a_permutation_of_the_deck(seed: int) -> None:
    assert sorted(shuffled_deck(seed)) == list(DECK)
    assert shuffled_deck(seed) == shuffled_deck(seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_S1_a_new_game_holds_the_72_cards(players: int) -> None:
    state = new_game(players, seed=3)
    held: Counter[Rank] = Counter()
    for seat in state.seats:
        held.update(seat.hand + seat.bank + seat.open + seat.blind + seat.collected)
    assert held == Counter(DECK)


# S2 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_S2_two_to_five_players(players: int) -> None:
    assert len(new_game(players, seed=1).seats) == players


@pytest.mark.parametrize("players", [0, 1, 6, 8])
def test_S2_other_numbers_of_players_refused(players: int) -> None:
    with pytest.raises(InvalidStateError, match="S2"):
        new_game(players, seed=1)


def test_S2_play_goes_clockwise_and_wraps() -> None:
    state = build(S(hand="9GG"), S(hand="9GG"), S(hand="9GG"), pile="", to_move=1)
    after = play(state, "G")
    assert after.to_move == 2
    assert play(after, "G").to_move == 0


# S3 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dealer", "sizes"),
    [
        (2, 1, (36, 36)),
        (3, 2, (24, 24, 24)),
        (4, 3, (18, 18, 18, 18)),
        (5, 4, (15, 15, 14, 14, 14)),
        (5, 2, (14, 14, 14, 15, 15)),
        (5, 0, (14, 15, 15, 14, 14)),
        (4, 1, (18, 18, 18, 18)),
    ],
)
def test_S3_deal_sizes_extra_cards_to_the_dealers_left(players: int, dealer: int, sizes: tuple[int, ...]) -> None:
    state = new_game(players, seed=11, dealer=dealer)
    assert tuple(len(seat.hand) + len(seat.bank) + len(seat.open) + len(seat.blind) for seat in state.seats) == sizes
    assert tuple(len(seat.bank) for seat in state.seats) == tuple(size - 9 for size in sizes)


@pytest.mark.parametrize(("players", "dealer"), [(2, 1), (3, 0), (5, 2)])
def test_S3_dealt_one_card_at_a_time_from_the_dealers_left(players: int, dealer: int) -> None:
    deck = shuffled_deck(5)
    state = new_game(players, seed=5, dealer=dealer)
    for step in range(players):
        seat = state.seats[(dealer + 1 + step) % players]
        assert seat.blind[0] == deck[step]
        assert seat.blind[1] == deck[players + step]


# S4 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_S4_three_blind_three_open_three_in_hand(players: int) -> None:
    state = new_game(players, seed=9)
    for seat in state.seats:
        assert (len(seat.blind), len(seat.open), len(seat.hand)) == (3, 3, 3)
        assert seat.collected == ()
        assert not seat.on_table
    assert (state.pile, state.call_halves, state.locked, state.at_risk, state.move_number) == ((), 0, False, None, 0)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_S4_layout_blind_open_hand_then_bank_in_draw_order(players: int) -> None:
    deck = shuffled_deck(21)
    state = new_game(players, seed=21)
    for index, seat in enumerate(state.seats):
        dealt = deck[index::players]  # the default dealer is the last seat, so seat 0 is dealt first
        assert seat.blind == dealt[:3]
        assert seat.open == dealt[3:6]
        assert seat.hand == tuple(sorted(dealt[6:9]))
        assert seat.bank == dealt[9:]


def test_S4_the_top_of_the_bank_is_drawn_first() -> None:
    state = new_game(4, seed=7)
    assert state.opening is not None
    opener = state.seats[state.to_move]
    after = apply_move(state, legal_moves(state)[0])  # one card of the opening rank
    hand = list(opener.hand)
    hand.remove(state.opening)
    assert after.seats[state.to_move].hand == tuple(sorted([*hand, opener.bank[0]]))
    assert after.seats[state.to_move].bank == opener.bank[1:]


# S5 -------------------------------------------------------------------------------------


def expected_opener(state: GameState, dealer: int) -> tuple[int, Rank | None]:
    players = len(state.seats)
    best: tuple[int, Rank | None] = ((dealer + 1) % players, None)
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        yellows = [rank for rank in state.seats[seat].hand if rank in YELLOW]
        if yellows and (best[1] is None or min(yellows) < best[1]):
            best = (seat, min(yellows))
    return best


@pytest.mark.parametrize(("players", "dealer"), [(2, None), (3, None), (4, None), (5, None), (4, 0), (5, 2)])
def test_S5_opener_has_the_lowest_yellow_card(players: int, dealer: int | None) -> None:
    for seed in range(150):
        state = new_game(players, seed=seed, dealer=dealer)
        assert (state.to_move, state.opening) == expected_opener(state, players - 1 if dealer is None else dealer)


def test_S5_tie_goes_to_the_first_seat_clockwise_from_the_dealers_left() -> None:
    ties = 0
    for seed in range(300):
        for dealer in (0, 2):
            state = new_game(4, seed=seed, dealer=dealer)
            if state.opening is None:
                continue
            holders = [seat for seat in range(4) if state.opening in state.seats[seat].hand]
            if len(holders) > 1:
                ties += 1
                order = [(dealer + step) % 4 for step in range(1, 5)]
                assert state.to_move == min(holders, key=order.index)
    assert ties > 20


def test_S5_opener_of_crafted_hands() -> None:
    hands = [build(S(hand=h), S(hand="GGG" if h != "GGG" else "HHH")).seats[0] for h in ("48G", "4GH", "3GG", "3H9")]
    assert opener_of(tuple(hands), dealer=3) == (2, Rank.THREE)
    assert opener_of(tuple(hands), dealer=2) == (3, Rank.THREE)
    assert opener_of(tuple(hands[:2]), dealer=1) == (0, Rank.FOUR)
    assert opener_of(tuple(hands[:2]), dealer=0) == (1, Rank.FOUR)
    assert opener_of(tuple(hands[1:3]), dealer=1) == (1, Rank.THREE)


def test_S5_opener_must_play_the_lowest_yellow_with_any_copies() -> None:
    state = build(S(hand="44G", bank=3), S(hand="567", bank=3), opening=Rank.FOUR, to_move=0)
    assert moves(state) == ["4", "44"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("G"))
    assert err.value.rule == "S5"


def test_S5_opening_eight_never_as_the_combination() -> None:
    state = build(S(hand="88H", bank=3), S(hand="9GG", bank=3), opening=Rank.EIGHT, to_move=0)
    assert moves(state) == ["8", "88"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("8H"))
    assert err.value.rule == "S5"


def test_S5_after_the_opening_refill_and_pass_left() -> None:
    state = build(S(hand="44G", bank="123"), S(hand="567", bank=3), opening=Rank.FOUR, to_move=0)
    after = play(state, "44")
    assert after.opening is None
    assert after.seats[0].hand == cards("12G")
    assert (after.to_move, after.call_label, after.move_number) == (1, "4", 1)
    assert moves(after) == ["5", "6", "7"]


def test_S5_new_game_opening_is_forced() -> None:
    state = new_game(4, seed=7)
    assert state.opening is not None
    count = state.seats[state.to_move].hand.count(state.opening)
    assert moves(state) == [str(state.opening) * n for n in range(1, count + 1)]


# S6 -------------------------------------------------------------------------------------


def test_S6_no_yellow_card_dealers_left_opens_with_anything() -> None:
    state = build(S(hand="59H", bank=3), S(hand="0GG", bank=3), S(hand="055", bank=3), to_move=0)
    assert state.opening is None
    assert moves(state) == ["5", "9", "H"]


def test_S6_new_game_without_yellow_cards() -> None:
    found = 0
    for seed in range(2000):
        for dealer in (0, 1):
            state = new_game(2, seed=seed, dealer=dealer)
            if any(rank.is_yellow for seat in state.seats for rank in seat.hand):
                continue
            found += 1
            assert (state.to_move, state.opening) == (1 - dealer, None)
            hand = state.seats[state.to_move].hand
            assert set(moves(state)) >= {str(rank) for rank in hand}
    assert found > 0


def test_S6_opener_of_without_yellow() -> None:
    hands = tuple(build(S(hand=h), S(hand="GGG")).seats[0] for h in ("59H", "0GG", "055"))
    assert opener_of(hands, dealer=2) == (0, None)
    assert opener_of(hands, dealer=0) == (1, None)


# S7 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_S7_default_dealer_is_the_last_seat(players: int) -> None:
    assert new_game(players, seed=42) == new_game(players, seed=42, dealer=players - 1)
    assert new_game(players, seed=42).seats[0].blind[0] == shuffled_deck(42)[0]


@pytest.mark.parametrize("dealer", [-1, 4, 2.0])
def test_S7_dealer_must_be_a_seat(dealer: object) -> None:
    with pytest.raises(InvalidStateError, match="S7"):
        new_game(4, seed=1, dealer=dealer)  # type: ignore[arg-type]


def test_S2_rules_may_allow_more_seats() -> None:
    state = new_game(6, seed=1, rules=Rules(max_players=6))
    assert len(state.seats) == 6
    assert sum(len(seat.bank) + 9 for seat in state.seats) == 72
