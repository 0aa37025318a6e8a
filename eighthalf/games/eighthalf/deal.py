"""Chance: the project's own shuffle and the deal of a round (S1–S7).

The shuffle is the only randomness in 8½. It is a Fisher–Yates shuffle driven by
SHAKE-256 of the seed, so a seed gives the same deal on every platform and every
Python version (it does not depend on :mod:`random`, whose algorithms may change).
Each swap index is taken as ``(u * (i + 1)) >> 64`` from a 64-bit word ``u``; its bias
is below 2\\ :sup:`-57`, far below anything a game could show.

A seed is any int of at most 4,300 decimal digits (``MAX_SEED_DIGITS``), negative ones
included: CPython's default limit on converting integers to text, so every seed that
Python could ever shuffle with is still accepted, and gives the same deal as ever. The
shuffle writes the seed out in decimal itself, so the deal does not depend on that
limit either.
"""

from __future__ import annotations

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.shuffle import MAX_SEED_DIGITS, check_seed, fresh_seed, seed_bytes, seeded_shuffle
from eighthalf.games.eighthalf.cards import DECK, Rank
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.state import GameState, Seat

__all__ = [
    "MAX_SEED_DIGITS",
    "check_seed",
    "check_table",
    "deal",
    "first_state",
    "fresh_seed",
    "new_game",
    "opener_of",
    "seed_bytes",
    "shuffled_deck",
]

_DEFAULT_RULES = Rules()
_YELLOW_ORDER = (1, 2, 3, 4, 6, 7, 8)


def shuffled_deck(seed: int) -> tuple[Rank, ...]:
    """The 72 cards of S1 in the order the seed shuffles them (top of the deck first).

    >>> [str(rank) for rank in shuffled_deck(7)[:6]]
    ['H', '5', '7', '0', 'G', '9']

    Raises:
        InvalidStateError: If ``seed`` is not an int of at most 4,300 digits.
    """
    return seeded_shuffle(DECK, b"eighthalf-deck-v1:" + seed_bytes(check_seed(seed)))


def deal(deck: tuple[Rank, ...], players: int, dealer: int) -> tuple[Seat, ...]:
    """Deal ``deck`` out whole and lay out every seat (S3, S4).

    Cards go out one at a time, top of the deck first, starting with the seat left of
    the dealer, so the first ``72 % players`` seats in that order get one card more.
    The engine's fixed layout (S4): of each seat's dealt cards, in the order received,
    the first three are the blind cards (positions 0, 1, 2), the next three the open
    cards, the next three the hand, and the rest the bank, in draw order.

    The caller is trusted: ``deck`` holds the 72 cards and the seats are in range.
    """
    seats = []
    for seat in range(players):
        cards = deck[(seat - dealer - 1) % players :: players]
        seats.append(Seat(tuple(sorted(cards[6:9])), cards[9:], cards[3:6], cards[:3]))
    return tuple(seats)


def new_game(
    players: int,
    *,
    seed: int | None = None,
    rules: Rules | None = None,
    dealer: int | None = None,
) -> GameState:
    """Shuffle, deal and find the opener: the first state of a round (S1–S7).

    The opener is the seat holding the lowest yellow card in hand, the first in
    clockwise order from the dealer's left on a tie (S5); they must open with that
    rank (see :attr:`~eighthalf.GameState.opening`). With no yellow card in any hand, the seat
    left of the dealer opens with any play (S6).

    >>> state = new_game(4, seed=7)
    >>> state.to_move, state.opening, [len(seat.bank) for seat in state.seats]
    (2, <Rank.FOUR: 4>, [9, 9, 9, 9])

    Args:
        players: The number of seats, within ``rules.min_players`` and
            ``rules.max_players`` (S2: 2 to 5).
        seed: Any int of at most 4,300 digits; the same seed always gives the same
            deal. ``None`` takes a fresh seed from the operating system.
        rules: The options; if ``None``, the defaults of the rules page of the docs
            (``docs/rules.rst``).
        dealer: The dealer's seat; ``players - 1`` if ``None`` (S7).

    Raises:
        InvalidStateError: If the number of players is out of range, the dealer is not a
            seat, ``rules`` is not a :class:`~eighthalf.Rules`, or the seed is not an
            int of at most 4,300 digits.
    """
    if rules is None:
        rules = _DEFAULT_RULES
    dealer = check_table(players, rules, dealer)
    return first_state(shuffled_deck(fresh_seed() if seed is None else seed), players, rules, dealer)


def check_table(players: int, rules: Rules, dealer: int | None) -> int:
    """Check the rules, the number of players (S2) and the dealer (S7); return the dealer's seat.

    Raises:
        InvalidStateError: If ``rules`` is not a :class:`~eighthalf.Rules`, or the
            players or the dealer are out of range.
    """
    if not isinstance(rules, Rules):
        raise InvalidStateError(f"rules must be a Rules, not {quote(rules)}")
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise InvalidStateError(
            f"players must be an int from {rules.min_players} to {rules.max_players}, not {quote(players)} (S2)"
        )
    if dealer is None:
        return players - 1
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidStateError(f"dealer must be a seat from 0 to {players - 1}, not {quote(dealer)} (S7)")
    return dealer


def first_state(deck: tuple[Rank, ...], players: int, rules: Rules, dealer: int) -> GameState:
    """The first state of a round dealt from ``deck`` (S3–S6); the caller has checked the table."""
    seats = deal(deck, players, dealer)
    opener, opening = opener_of(seats, dealer)
    return GameState(rules, seats, (), 0, False, None, opener, 0, opening)


def opener_of(seats: tuple[Seat, ...], dealer: int) -> tuple[int, Rank | None]:
    """The opener and the rank they must open with (S5), or the dealer's left and
    ``None`` when no hand holds a yellow card (S6)."""
    players = len(seats)
    best: tuple[int, Rank | None] = ((dealer + 1) % players, None)
    lowest = 99
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        for rank in seats[seat].hand:  # sorted, so the first yellow is the lowest
            if rank in _YELLOW_ORDER:
                if rank < lowest:
                    lowest = rank
                    best = (seat, rank)
                break
    return best
