"""Cards of Eights: :class:`Card` (a suit 1–8 and a letter), the 64-card :data:`DECK` (WS1).

A card is written as its suit and its letter, ``4w``; :func:`parse_card` reads that
notation back. Two cards of the same suit and letter (the two ``e`` of suit 1) are
interchangeable (WS1), so a card *is* its suit and letter: ``Card(1, "e") == Card(1, "e")``.
The library keeps one shared instance per suit and letter (:data:`CARDS`); every card
the engine hands out is one of them, so cards can be compared by identity as well, but
a card built with ``Card(suit, letter)`` is equal to the shared one and works the same.

Cards sort by suit, then by letter (:attr:`Card.key`); that is the order of a hand, of
:data:`DECK` and of the cards in a move's notation.

>>> card = parse_card("4w")
>>> card, str(card), card == Card(4, "w"), card is CARDS["4w"]
(Card(suit=4, letter='w'), '4w', True, True)
>>> len(DECK), DECK.count(Card(1, "e")), len(CARDS)
(64, 2, 58)
>>> parse_card("7v")
Traceback (most recent call last):
...
eighthalf.errors.ParseError: there is no card 7v: suit 7 shows e, h, i, o, r, s, t, u (WS1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import islice
from types import MappingProxyType
from typing import final

from eighthalf.core.errors import ParseError, quote
from eighthalf.core.frozen import Frozen

__all__ = ["CARDS", "DECK", "SUITS", "SUIT_LETTERS", "Card", "card_of", "card_texts", "parse_card", "parse_cards"]

SUITS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8)
"""The eight suits, numbered 1 to 8 (WS1)."""

SUIT_LETTERS: Mapping[int, str] = MappingProxyType(
    {
        1: "eeiotnrv",
        2: "eeiofnvg",
        3: "eeitfnsg",
        4: "eeithnvw",
        5: "eeotfrsx",
        6: "eeothsvu",
        7: "eiothsru",
        8: "eiofhrwx",
    }
)
"""The letters of each suit's eight cards, as WS1 lists them (a repeated letter is two cards)."""


@final
class Card(Frozen):
    """One card: a suit from 1 to 8 and a lower-case letter that the suit holds (WS1).

    ``str(card)`` is the notation ``4w``. Cards compare equal, hash alike and sort by
    suit and letter; :attr:`key` is their order.

    Raises:
        ParseError: If there is no such card in the deck (WS1), such as ``Card(7, "v")``.
    """

    __slots__ = ("key", "letter", "suit")
    __match_args__ = ("suit", "letter")

    suit: int
    """The suit, 1 to 8."""
    letter: str
    """The letter, lower case."""
    key: int
    """The card's place in the sort order: ``32 * suit`` plus the letter's place in the
    alphabet (not a field: it follows from the suit and the letter)."""

    def __init__(self, suit: int, letter: str) -> None:
        if type(suit) is not int or suit not in SUIT_LETTERS:
            raise ParseError(f"a suit is an int from 1 to 8, not {quote(suit)} (WS1)")
        if type(letter) is not str or len(letter) != 1:
            raise ParseError(f"a card's letter is a single letter, not {quote(letter)} (WS1)")
        if letter.lower() not in SUIT_LETTERS[suit]:
            shown = ", ".join(sorted(set(SUIT_LETTERS[suit])))
            raise ParseError(f"there is no card {suit}{letter}: suit {suit} shows {shown} (WS1)")
        letter = letter.lower()
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "letter", letter)
        object.__setattr__(self, "key", 32 * suit + ord(letter) - 97)

    def __str__(self) -> str:
        return _TEXTS[self.key]

    def __eq__(self, other: object) -> bool:
        if type(other) is Card:
            return self.key == other.key
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if type(other) is Card:
            return self.key != other.key
        return NotImplemented

    def __hash__(self) -> int:
        return self.key

    def __lt__(self, other: Card) -> bool:
        return self.key < other.key

    def __le__(self, other: Card) -> bool:
        return self.key <= other.key

    def __gt__(self, other: Card) -> bool:
        return self.key > other.key

    def __ge__(self, other: Card) -> bool:
        return self.key >= other.key


def _key(card: Card) -> int:
    return card.key


_SORTED = sorted((Card(suit, letter) for suit in SUITS for letter in SUIT_LETTERS[suit]), key=_key)

_TEXTS: list[str] = [""] * (32 * (SUITS[-1] + 1))
"""The notation of each card by its key: ``str`` reads it here (a card's text is asked for
in every move's notation and every document, so it is written once)."""
for _card in _SORTED:
    _TEXTS[_card.key] = f"{_card.suit}{_card.letter}"

CARDS: Mapping[str, Card] = MappingProxyType({str(card): card for card in reversed(_SORTED)})
"""The shared instance of each of the 58 different cards, by notation (``CARDS["4w"]``)."""

DECK: tuple[Card, ...] = tuple(CARDS[str(card)] for card in _SORTED)
"""The 64 cards of WS1 in sort order (by suit, then letter), before shuffling; equal
cards are the one shared instance of :data:`CARDS`."""

_BY_KEY: dict[int, Card] = {card.key: card for card in CARDS.values()}


def card_texts(cards: Iterable[Card]) -> list[str]:
    """The notation of each of ``cards``, in order: ``[str(card) for card in cards]``, faster.

    >>> from eighthalf.eights import card_texts, parse_cards
    >>> card_texts(parse_cards("1e 4w"))
    ['1e', '4w']

    Raises:
        ParseError: If ``cards`` is not a sequence of Cards (text included: :func:`parse_cards` reads it).
    """
    try:
        return [_TEXTS[card.key] for card in cards]
    except (AttributeError, KeyError, TypeError):  # the fast path checks nothing until it fails
        hint = " (parse_cards reads their notation)" if isinstance(cards, str) else ""
        raise ParseError(f"card_texts needs a sequence of Cards, not {quote(cards)}{hint}") from None


def _cards(cards: Iterable[Card], what: str) -> tuple[Card, ...]:
    """``cards`` as a tuple of the shared instances (:func:`card_of`), for the checking
    constructors of the moves; ``what`` names them in the error.

    Raises:
        ParseError: If ``cards`` is not a sequence of Cards, or an endless one.
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise ParseError(f"{what} must be a sequence of Cards, not {quote(cards)}")
    if not isinstance(cards, (tuple, list)):  # an iterator may never end: read one card more than the deck's
        cards = tuple(islice(cards, len(DECK) + 1))
        if len(cards) > len(DECK):
            raise ParseError(f"{what}: more than the {len(DECK)} cards of the deck (WS1)")
    return tuple(card_of(card) for card in cards)


def card_of(card: Card) -> Card:
    """The shared instance equal to ``card`` (see :data:`CARDS`).

    Raises:
        ParseError: If ``card`` is not a :class:`Card`.
    """
    if type(card) is not Card:
        raise ParseError(f"expected a Card, not {quote(card)}")
    return _BY_KEY[card.key]


def parse_card(text: str) -> Card:
    """Read a card from its notation: the suit's digit and the letter, ``"4w"`` (any case).

    Returns the shared instance (:data:`CARDS`).

    >>> parse_card(" 8X ")
    Card(suit=8, letter='x')

    Raises:
        ParseError: If ``text`` is not a card's notation, or names a card that is not in
            the deck (WS1), such as ``"7v"``.
    """
    if not isinstance(text, str):
        raise ParseError(f"a card is written as text, not {quote(text)}")
    stripped = text.strip()
    key = stripped.lower()
    card = CARDS.get(key)
    if card is not None:
        return card
    if len(key) == 2 and key[0] in "12345678" and key[1].isalpha():
        Card(int(key[0]), key[1])  # raises the WS1 error naming the suit's letters
    raise ParseError(f"not a card: {quote(stripped)} (expected a suit 1-8 and a letter, such as '4w') (WS1)")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards written one after another, separated by spaces: ``"1e 2i 3g"``.

    >>> [str(card) for card in parse_cards("1e 2i 3g")]
    ['1e', '2i', '3g']

    Raises:
        ParseError: If a card cannot be read (see :func:`parse_card`).
    """
    if not isinstance(text, str):
        raise ParseError(f"cards are written as text, not {quote(text)}")
    return tuple(parse_card(token) for token in text.split())
