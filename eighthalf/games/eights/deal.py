"""Chance in Eights: the table (WS3), the deal (WS4) and the reshuffles (WG2), all from one seed (WS5).

Every shuffle is the project's own (:func:`~eighthalf.core.shuffle.seeded_shuffle`),
keyed by the game's seed, the hand's number and the stage (``table`` or ``deal``), so
one seed fixes a whole game and no two shuffles of it share a stream. Cards are put in
card order before each shuffle, so the result does not depend on where they lay.

>>> state = new_game(4, seed=7)
>>> " ".join(map(str, state.hand.table)), state.hand.hand_sizes, len(state.hand.stack)
('1i 2e 3e 4w 5f 6v 7i 8r', (7, 7, 7, 7), 28)
"""

from __future__ import annotations

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.shuffle import check_seed, fresh_seed, seed_bytes, seeded_shuffle
from eighthalf.games.eights.cards import DECK, Card
from eighthalf.games.eights.options import MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.state import DEALT, GameState, HandState

__all__ = ["deal_hand", "first_hand", "lay_table", "new_game", "next_hand", "shuffle_key"]

_DEFAULT_RULES = Rules()


def _key(card: Card) -> int:
    return card.key


def shuffle_key(seed: int, number: int, stage: str) -> bytes:
    """The key of the shuffle of hand ``number`` at ``stage`` (``"table"`` or ``"deal"``) (WS5)."""
    return b"eighthalf-eights-v1:%s:%d:%s" % (seed_bytes(seed), number, stage.encode("ascii"))


def lay_table(deck: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Turn up ``deck`` from the top until every suit is on the table (WS3).

    Returns the table (``table[suit - 1]``) and the other cards: those set aside and those
    never turned, which go back into the deck to be shuffled again (WS3, Ruling).

    >>> from eighthalf.eights import parse_cards
    >>> table, rest = lay_table(parse_cards("1e 1v 2i 3g 4e 5o 6s 7h 8i") + DECK[9:])
    >>> " ".join(map(str, table)), len(rest)
    ('1e 2i 3g 4e 5o 6s 7h 8i', 56)
    """
    table: list[Card | None] = [None] * 8
    rest: list[Card] = []
    laid = 0
    for at, card in enumerate(deck):
        if table[card.suit - 1] is None:
            table[card.suit - 1] = card
            laid += 1
            if laid == 8:
                rest.extend(deck[at + 1 :])
                break
        else:
            rest.append(card)
    return tuple(card for card in table if card is not None), tuple(rest)


def deal_hand(
    cards: tuple[Card, ...], players: int, first: int, full: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``full`` cards to each seat from the top of ``cards``, one at a time from seat
    ``first`` on (WS4); return the hands (in card order) and the stack (the rest, top first).
    """
    hands = []
    for seat in range(players):
        at = (seat - first) % players
        hands.append(tuple(sorted(cards[at : players * full : players], key=_key)))
    return tuple(hands), cards[players * full :]


def _hand_state(
    table: tuple[Card, ...], cards: tuple[Card, ...], players: int, number: int, dealer: int, full: int
) -> HandState:
    first = (dealer + 1) % players
    hands, stack = deal_hand(cards, players, first, full)
    return HandState(number, dealer, table, hands, stack, (DEALT,) * len(stack), ((),) * players, first)


def next_hand(seed: int, last: HandState, full: int) -> HandState:
    """The next hand after ``last`` (WG2): its table kept, every other card gathered,
    shuffled and dealt, the dealer one seat on."""
    players = len(last.hands)
    gathered: list[Card] = list(last.stack)
    for hand in last.hands:
        gathered.extend(hand)
    for pile in last.piles:
        for spell in pile:
            gathered.extend(spell.cards)
    gathered.sort(key=_key)
    number = last.number + 1
    cards = seeded_shuffle(gathered, shuffle_key(seed, number, "deal"))
    return _hand_state(last.table, cards, players, number, (last.dealer + 1) % players, full)


def first_hand(seed: int, players: int, full: int) -> HandState:
    """The first hand of a game (WS3, WS4): the table turned up, the rest reshuffled and dealt."""
    table, rest = lay_table(seeded_shuffle(DECK, shuffle_key(seed, 0, "table")))
    cards = seeded_shuffle(sorted(rest, key=_key), shuffle_key(seed, 0, "deal"))
    return _hand_state(table, cards, players, 0, players - 1, full)


def new_game(players: int, *, seed: int | None = None, rules: Rules | None = None) -> GameState:
    """Shuffle, lay the table and deal: the first state of a game of Eights (WS1–WS5).

    Seat ``players - 1`` deals the first hand, so seat 0 plays first (WS2).

    Args:
        players: The number of seats, 2 to 6 (WS2).
        seed: Any int of at most 4,300 digits (as in 8½:
            :func:`~eighthalf.core.shuffle.check_seed`); the same seed always gives the
            same game. ``None`` takes a fresh seed from the operating system.
        rules: The options; if ``None``, the defaults of the Eights page of the docs
            (``docs/eights.rst``).

    Raises:
        InvalidStateError: If the number of players is not an int from 2 to 6, the seed
            is not an int of at most 4,300 digits, or ``rules`` is not a :class:`~eighthalf.eights.Rules`.
    """
    if rules is None:
        rules = _DEFAULT_RULES
    elif not isinstance(rules, Rules):
        raise InvalidStateError(f"rules must be an eighthalf.eights.Rules, not {quote(rules)}")
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidStateError(
            f"players must be an int from {MIN_PLAYERS} to {MAX_PLAYERS}, not {quote(players)} (WS2)"
        )
    if seed is None:
        seed = fresh_seed()
    else:
        try:
            check_seed(seed)
        except InvalidStateError as error:
            raise InvalidStateError(f"{error} (WS5)") from None
    return GameState(rules, seed, first_hand(seed, players, rules.hand_size(players)))
