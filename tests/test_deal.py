"""Golden deals: the shuffle and the deal of a few seeds, pinned as literal data.

Any change to :func:`~eighthalf.shuffled_deck` (its hash, its word layout, the swap
rule) or to the deal and layout of S3/S4 changes every recorded game, so it must be a
deliberate, visible change: these tests then fail and the data here must be updated.
Symbols: ``0``–``9``, ``H`` = ½, ``G`` = Ghost. Seats are given as
``(blind, open, hand, bank)``, the bank in draw order.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import seeds

from eighthalf import COMPOSITION, DECK, InvalidStateError, Rank, Rules, new_game, shuffled_deck

Zones = tuple[str, str, str, str]

DECKS: dict[int, str] = {
    0: "47595843G8HG561947G02G67G2GH13G987H192H40H0631H2483783050G7685H6340H6995",
    1: "3H491307635H5227GH42G876HG837G54003899046GH686147397G289409GH6H1585H150G",
    7: "H570G94547G8603H845GH39807440G955GGH13926289108H56H7672H3H320G617G134689",
    2**64 + 5: "9810930G943793HG6H5916855346H7G14HG7887G02852HGH61H726484059576200G4HG33",
    -3: "43624G4718H1704H99HG6H89789G53H26575H0833H34361GG4709550687122H950068GGG",
}
DEALS: dict[tuple[int, int, int | None], tuple[int, str | None, tuple[tuple[str, str, str, str], ...]]] = {
    (0, 2, None): (
        0,
        "1",
        (
            ("455", "4GH", "145", "G26GG1G8H9H003H4380078H3069"),
            ("798", "38G", "679", "0G72H397124H6128735G6564H95"),
        ),
    ),
    (0, 5, None): (
        0,
        "1",
        (
            ("48H", "922", "01G", "135849"),
            ("74G", "4GG", "99H", "H70505"),
            ("535", "76H", "028", "28GHH"),
            ("9G6", "G71", "67H", "43766"),
            ("581", "0G3", "34H", "80639"),
        ),
    ),
    (1, 2, None): (
        0,
        "2",
        (
            ("341", "065", "25G", "4G7H87503906H8179G849HH5510"),
            ("H93", "73H", "27H", "286G3G40894G66437290G618H5G"),
        ),
    ),
    (1, 5, None): (
        4,
        "3",
        (
            ("335", "7GG", "568", "699H80"),
            ("H0H", "G88", "49G", "17465G"),
            ("475", "H73", "09H", "4G0HH"),
            ("962", "467", "006", "72911"),
            ("132", "2HG", "348", "38G55"),
        ),
    ),
    (7, 2, None): (
        0,
        "3",
        (
            ("H7G", "44G", "368", "5H904095G1968185H6233067148"),
            ("509", "578", "04H", "G3874G5GH32290H677HH2G1G369"),
        ),
    ),
    (7, 5, None): (
        1,
        "1",
        (
            ("H9G", "HH7", "69H", "0HH0G8"),
            ("548", "834", "125", "873G19"),
            ("756", "494", "358", "H6H63"),
            ("040", "580", "99G", "57314"),
            ("G73", "G0G", "12G", "62276"),
        ),
    ),
    (2**64 + 5, 2, None): (
        1,
        "3",
        (
            ("919", "093", "69H", "51854HG4G87082G6H2445560GH3"),
            ("803", "G47", "3HG", "9653671H78G25HH1768097204G3"),
        ),
    ),
    (2**64 + 5, 5, None): (
        1,
        "1",
        (
            ("933", "G13", "07G", "HH8503"),
            ("807", "664", "128", "G747G3"),
            ("1G9", "H86", "488", "H2064"),
            ("093", "55H", "57H", "6652H"),
            ("94H", "957", "2GG", "1490G"),
        ),
    ),
    (-3, 2, None): (
        0,
        "4",
        (
            ("464", "41H", "479", "H68795H67H83331G795672H508G"),
            ("32G", "781", "09H", "GH98G325503H46G4050812906GG"),
        ),
    ),
    (-3, 5, None): (
        1,
        "2",
        (
            ("4GH", "H68", "35H", "67020G"),
            ("341", "9H9", "2HH", "10620G"),
            ("677", "98G", "036", "G98H6"),
            ("210", "H95", "458", "G5798"),
            ("484", "G73", "337", "4515G"),
        ),
    ),
    (7, 3, 0): (
        1,
        "3",
        (
            ("794", "834", "48H", "G5H921HH7326G49"),
            ("H04", "76H", "035", "49G1280572H0116"),
            ("5G5", "G08", "79G", "05G369866H3G738"),
        ),
    ),
    (-3, 4, 2): (
        2,
        "2",
        (
            ("3G8", "09H", "358", "0H645820G"),
            ("64H", "4H8", "79H", "831757H0G"),
            ("271", "HG9", "25G", "34G00196G"),
            ("441", "796", "567", "H33G96258"),
        ),
    ),
}


def _text(cards: tuple[Rank, ...]) -> str:
    return "".join(str(rank) for rank in cards)


@pytest.mark.parametrize("seed", list(DECKS))
def test_shuffled_deck_is_pinned(seed: int) -> None:
    deck = shuffled_deck(seed)
    assert _text(deck) == DECKS[seed]
    assert Counter(deck) == Counter(COMPOSITION)
    assert tuple(Rank.from_symbol(symbol) for symbol in DECKS[seed]) == deck


def test_golden_decks_are_different() -> None:
    assert len(set(DECKS.values())) == len(DECKS)
    assert all(text != _text(DECK) for text in DECKS.values())


@pytest.mark.parametrize(("seed", "players", "dealer"), list(DEALS))
def test_new_game_is_pinned(seed: int, players: int, dealer: int | None) -> None:
    to_move, opening, seats = DEALS[(seed, players, dealer)]
    state = new_game(players, seed=seed, dealer=dealer)
    assert state.to_move == to_move
    assert (None if state.opening is None else str(state.opening)) == opening
    assert [(_text(s.blind), _text(s.open), _text(s.hand), _text(s.bank)) for s in state.seats] == list(seats)
    assert all(seat.collected == () and not seat.on_table for seat in state.seats)
    assert state.pile == () and state.move_number == 0 and state.outcome is None
    assert state.rules == Rules()


@pytest.mark.parametrize(("seed", "players", "dealer"), list(DEALS))
def test_golden_deal_follows_s3_from_the_pinned_deck(seed: int, players: int, dealer: int | None) -> None:
    """S3/S4 and the documented layout: dealt one at a time from the dealer's left;
    of each seat's cards, 3 blind, 3 open, 3 in hand (sorted), then the bank."""
    _, _, seats = DEALS[(seed, players, dealer)]
    deck = DECKS[seed]
    first = 0 if dealer is None else (dealer + 1) % players
    for step in range(players):
        seat = (first + step) % players
        dealt = deck[step::players]
        blind, open_cards, hand, bank = seats[seat]
        assert (blind, open_cards, bank) == (dealt[:3], dealt[3:6], dealt[9:])
        assert sorted(hand, key=Rank.from_symbol) == sorted(dealt[6:9], key=Rank.from_symbol)


@given(seeds())
def test_shuffled_deck_is_deterministic_and_a_permutation(seed: int) -> None:
    first, second = shuffled_deck(seed), shuffled_deck(seed)
    assert first == second
    assert Counter(first) == Counter(COMPOSITION) and len(first) == 72


@given(seeds(), st.integers(min_value=2, max_value=5))
def test_new_game_is_deterministic(seed: int, players: int) -> None:
    first, second = new_game(players, seed=seed), new_game(players, seed=seed)
    assert first == second and hash(first) == hash(second)


def test_nearby_seeds_give_different_decks() -> None:
    decks = {shuffled_deck(seed) for seed in range(-50, 50)}
    assert len(decks) == 100


def test_no_seed_gives_a_fresh_deal() -> None:
    """``seed=None`` draws from the operating system: two deals all but never agree."""
    assert len({new_game(4).seats for _ in range(5)}) > 1


@pytest.mark.parametrize("seed", [1.0, "7", b"7", None, True, False, 2.5, [1], (1,)])
def test_shuffled_deck_refuses_seeds_that_are_not_ints(seed: object) -> None:
    with pytest.raises(InvalidStateError, match="seed"):
        shuffled_deck(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1.0, "7", b"7", True, 2.5])
def test_new_game_refuses_seeds_that_are_not_ints(seed: object) -> None:
    with pytest.raises(InvalidStateError, match="seed"):
        new_game(3, seed=seed)  # type: ignore[arg-type]
