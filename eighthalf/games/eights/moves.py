"""Moves of Eights: a :class:`Spell` (WT2–WT5) or a :class:`Pass` with its exchange (WP1, WP2).

Every move has a short text notation, ``str(move)``, that :func:`parse_move` reads back:

==================================  ================================================
notation                            meaning
==================================  ================================================
``ONE 1n 7o 4e>4w``                 spell ONE with ``1n`` and ``7o`` from the hand and
                                    ``4e`` from the table, replaced by ``4w`` from
                                    the hand
``FIVE 2f 3e 4v 8i>8r``             spell FIVE: three hand cards, the table's ``8i``
                                    replaced by ``8r``
``pass``                            pass without exchanging (WP1)
``pass 1e 4w``                      pass, exchanging ``1e`` and ``4w`` (WP1)
==================================  ================================================

A spelling is the word, then the cards the word takes from the hand, then one
``table>replacement`` pair for each table card used (WT3, WT4). The word may be written
in any case and the cards in any order; ``str()`` writes the word in capitals, the hand
cards in card order (:attr:`~eighthalf.eights.Card.key`) and the pairs by suit. An
exchange is a multiset of hand cards, written in card order, which is the order in which
the cards go under the stack (WP2).

>>> move = parse_move("five 4v 3E 2f 8i>8r")
>>> str(move), move.value, [str(card) for card in move.cards]
('FIVE 2f 3e 4v 8i>8r', 5, ['2f', '3e', '4v', '8i'])
>>> str(parse_move("PASS 4w 1e")), parse_move("pass") == Pass(())
('pass 1e 4w', True)

The constructors check everything that a move says about itself: that the word is one
of the eight (WT8), the cards exist (WS1), their letters spell the word (WT2), at least
one comes from the table (WT3), and each table card has a replacing card of its suit
(WT4). Whether the cards are really in the hand and on the table is the engine's part
(:func:`~eighthalf.eights.apply`).
"""

from __future__ import annotations

from typing import TypeAlias, final

from eighthalf.core.errors import IllegalMoveError, ParseError, quote
from eighthalf.core.frozen import Frozen
from eighthalf.core.value import slot_setters
from eighthalf.games.eights.cards import _TEXTS, Card, _cards, _key, card_texts, parse_card
from eighthalf.games.eights.passing import PASS, Pass
from eighthalf.games.eights.words import LETTERS, VALUES, parse_word

__all__ = ["PASS", "Move", "Pass", "Spell", "parse_move"]


def _suit(card: Card) -> int:
    return card.suit


@final
class Spell(Frozen):
    """Spell ``word`` with ``hand`` cards and ``table`` cards; ``replacements[i]`` replaces ``table[i]``.

    The constructor sorts the hand cards by :attr:`~eighthalf.eights.Card.key` and the
    table cards (with their replacements) by suit, so equal moves are equal values (WT7).

    Args:
        word: One of the eight words (any case).
        hand: The cards from the hand that give letters of the word.
        table: The table cards that give letters of the word (at least one, WT3).
        replacements: The hand cards that replace them, in the same order (WT4).
        check: ``False`` skips every check and the sorting: for callers that build
            spellings in canonical form (as :meth:`unchecked`).

    Raises:
        ParseError: If the word is not one of the eight (WT8) or a card is not a card
            of the deck (WS1).
        IllegalMoveError: If the cards' letters do not spell the word (WT2), no letter
            comes from the table (WT3), two table cards share a suit, or a table card
            has no replacing card of its own suit (WT4).
    """

    __slots__ = ("hand", "replacements", "table", "word")
    __match_args__ = ("word", "hand", "table", "replacements")

    word: str
    """The word, in capitals (WT8)."""
    hand: tuple[Card, ...]
    """The hand cards that give letters of the word, in card order."""
    table: tuple[Card, ...]
    """The table cards that give letters of the word, by suit (WT3)."""
    replacements: tuple[Card, ...]
    """The hand cards that replace the table cards, ``replacements[i]`` for ``table[i]`` (WT4)."""

    def __init__(
        self,
        word: str,
        hand: tuple[Card, ...],
        table: tuple[Card, ...],
        replacements: tuple[Card, ...],
        check: bool = True,
    ) -> None:
        if check:
            word = parse_word(word)
            hand = tuple(sorted(_cards(hand, "the hand cards of a spelling"), key=_key))
            table = _cards(table, "the table cards of a spelling")
            replacements = _cards(replacements, "the replacing cards of a spelling")
            _check_spelling(word, hand, table, replacements)
            pairs = sorted(zip(table, replacements, strict=True), key=lambda pair: pair[0].suit)
            table = tuple(pair[0] for pair in pairs)
            replacements = tuple(pair[1] for pair in pairs)
        _set_word(self, word)  # the slots' own setters (Frozen refuses __setattr__)
        _set_hand(self, hand)
        _set_table(self, table)
        _set_replacements(self, replacements)

    @classmethod
    def unchecked(
        cls, word: str, hand: tuple[Card, ...], table: tuple[Card, ...], replacements: tuple[Card, ...]
    ) -> Spell:
        """The spelling of these fields as given, without any check or sorting: for callers
        that build spellings in canonical form (the word in capitals, the hand cards in card
        order, the table cards by suit), as the engine does (it has its own compiled copy
        of this, so that no interpreted call is made per spelling).

        A spelling made so is not checked until it is played: :func:`~eighthalf.eights.apply`
        and :func:`~eighthalf.eights.is_legal` accept only the legal moves themselves.

        >>> from eighthalf.eights import parse_cards
        >>> str(Spell.unchecked("ONE", parse_cards("1n 7o"), parse_cards("4e"), parse_cards("4w")))
        'ONE 1n 7o 4e>4w'
        """
        spell = _new(cls)
        _set_word(spell, word)
        _set_hand(spell, hand)
        _set_table(spell, table)
        _set_replacements(spell, replacements)
        return spell

    @property
    def value(self) -> int:
        """What the word is worth (WT8)."""
        return VALUES[self.word]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The word's cards, from the hand and then from the table: what goes to the score pile (WT5)."""
        return self.hand + self.table

    @property
    def spent(self) -> tuple[Card, ...]:
        """Every card that leaves the hand: the hand cards of the word and the replacing cards."""
        return self.hand + self.replacements

    def __str__(self) -> str:
        # the notation of every legal move is written for each of a server's frames: kept fast
        texts = _TEXTS
        try:
            parts = [self.word]
            parts += [texts[card.key] for card in self.hand]
            parts += [
                texts[old.key] + ">" + texts[new.key] for old, new in zip(self.table, self.replacements, strict=True)
            ]
        except (AttributeError, KeyError, TypeError, ValueError):  # a spelling made unchecked of what is no card
            parts = [self.word, *card_texts(self.hand)]  # the checking way, whose error says what is wrong
            olds, news = card_texts(self.table), card_texts(self.replacements)
            parts.extend(f"{old}>{new}" for old, new in zip(olds, news, strict=True))
        return " ".join(parts)


_new = object.__new__
_set_word, _set_hand, _set_table, _set_replacements = slot_setters(Spell, Spell.__match_args__)


def _check_spelling(word: str, hand: tuple[Card, ...], table: tuple[Card, ...], replacements: tuple[Card, ...]) -> None:
    text = " ".join([word, *map(str, hand), *(f"{old}>{new}" for old, new in zip(table, replacements, strict=False))])
    letters = "".join(sorted(card.letter for card in hand + table))
    if letters != LETTERS[word]:
        raise IllegalMoveError(
            text, f"the cards show the letters {quote(letters)}, which do not spell {word} ({LETTERS[word]!r})", "WT2"
        )
    if not table:
        raise IllegalMoveError(text, "at least one letter must come from the table", "WT3")
    if len(replacements) != len(table):
        raise IllegalMoveError(
            text, f"{len(table)} table card(s) need {len(table)} replacing card(s), not {len(replacements)}", "WT4"
        )
    suits = [card.suit for card in table]
    if len(set(suits)) != len(suits):
        raise IllegalMoveError(text, "the table holds one card of each suit, so no suit can be used twice", "WS3")
    for old, new in zip(table, replacements, strict=True):
        if old.suit != new.suit:
            raise IllegalMoveError(
                text, f"the table card {old} must be replaced by a card of suit {old.suit}, not {new}", "WT4"
            )


Move: TypeAlias = Spell | Pass
"""Any move of Eights: a :class:`Spell` or a :class:`Pass`."""


def parse_move(text: str) -> Move:
    """Read a move from its notation (see the table above); the inverse of ``str(move)``.

    >>> parse_move("ONE 1n 7o 4e>4w")
    Spell(word='ONE', hand=(Card(suit=1, letter='n'), Card(suit=7, letter='o')), table=(Card(suit=4, letter='e'),), replacements=(Card(suit=4, letter='w'),))

    Raises:
        ParseError: If ``text`` is not a move in this notation, names a card that is not
            in the deck (WS1) or a word that is not one of the eight (WT8).
        IllegalMoveError: If the spelling contradicts itself (see :class:`~eighthalf.eights.Spell`: WT2–WT4).
    """
    if not isinstance(text, str):
        raise ParseError(f"a move is written as text, not {quote(text)}")
    tokens = text.split()
    if not tokens:
        raise ParseError("an empty move: expected a spelling such as 'ONE 1n 7o 4e>4w', or 'pass'")
    if tokens[0].lower() == "pass":
        return Pass(tuple(parse_card(token) for token in tokens[1:])) if len(tokens) > 1 else PASS
    word = parse_word(tokens[0])
    hand: list[Card] = []
    table: list[Card] = []
    replacements: list[Card] = []
    for token in tokens[1:]:
        if ">" in token:
            old, _, new = token.partition(">")
            table.append(parse_card(old))
            replacements.append(parse_card(new))
        else:
            hand.append(parse_card(token))
    return Spell(word, tuple(hand), tuple(table), tuple(replacements))
