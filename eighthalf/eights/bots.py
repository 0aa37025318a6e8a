"""Bots for Eights: players that choose a move from their own view only.

As for 8½ (:mod:`eighthalf.bots`), a bot never receives the full
:class:`~eighthalf.eights.GameState`: it gets the :class:`~eighthalf.eights.PlayerView` of
its seat and a :class:`random.Random` that the caller owns, so every game is reproducible.

>>> import random
>>> from eighthalf.eights import new_game, apply, view
>>> bots = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
>>> state, rng = new_game(4, seed=2), random.Random(2)
>>> while not state.over:
...     seat = state.hand.to_move
...     state = apply(state, bots[seat].choose(view(state, seat), rng))
>>> state.outcome
Outcome(totals=(47, 21, 31, 25), winners=(0,), target=30)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Protocol

from .cards import Card
from .moves import Move, Pass, Spell
from .views import PlayerView, unseen_cards
from .words import VALUES, WORDS

__all__ = [
    "BOTS",
    "LETTER_WORTH",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "greedy_choice",
    "greedy_exchange",
    "make_bot",
]


class Bot(Protocol):
    """What a bot of Eights is: a name and a way to choose a move from a view."""

    @property
    def name(self) -> str:
        """A short name for tables and logs."""
        ...

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """Choose one of ``seen.legal_moves()``; ``seen`` is the bot's own seat's view."""
        ...


def _worth() -> dict[str, float]:
    worth: dict[str, float] = {}
    for word in WORDS:
        share = VALUES[word] / len(word)
        for letter in word.lower():
            worth[letter] = worth.get(letter, 0.0) + share
    return worth


LETTER_WORTH: Mapping[str, float] = MappingProxyType(_worth())
"""What a letter is worth to a hand, by the points it stands for (WT8): the sum, over the
words, of the word's value divided by its length for each time the letter occurs in it.
The ``e`` (in ONE, THREE twice, FIVE, SEVEN twice, EIGHT) is worth most, about 7.2; the
``w`` (only in TWO) least, about 0.67. Every letter of the deck (WS1) occurs in some word."""

_NEEDED: Mapping[str, int] = MappingProxyType(
    {letter: max(word.lower().count(letter) for word in WORDS) for letter in LETTER_WORTH}
)
"""The most copies of a letter that one word needs: 2 for ``e`` (THREE, SEVEN), 1 for the others."""


def _moves_of(seen: PlayerView) -> tuple[Move, ...]:
    """The viewer's legal moves; a bot asked to move out of turn is a caller's mistake."""
    moves = seen.legal_moves()
    if not moves:
        raise ValueError("no legal moves: it is not this seat's turn or the game is over")
    return moves


def _spent_worth(spell: Spell) -> float:
    return sum(LETTER_WORTH[card.letter] for card in spell.spent)


def _keep_worths(hand: tuple[Card, ...]) -> list[float]:
    """Each hand card's worth to the hand: :data:`LETTER_WORTH`, or 0 for a surplus copy
    of a letter (more copies than any word needs; the later copies in card order)."""
    copies: dict[str, int] = {}
    worths: list[float] = []
    for card in hand:
        letter = card.letter
        copies[letter] = copies.get(letter, 0) + 1
        worths.append(LETTER_WORTH[letter] if copies[letter] <= _NEEDED[letter] else 0.0)
    return worths


def greedy_exchange(hand: tuple[Card, ...], unseen: tuple[Card, ...], most: int) -> tuple[Card, ...]:
    """The cards :class:`GreedyBot` exchanges when it passes (WP1), in card order.

    A card is worth :data:`LETTER_WORTH` of its letter to the hand, except a surplus copy
    of a letter (beyond the most copies one word needs: two ``e``, one of any other
    letter), which is worth nothing. A card drawn in exchange is worth on average the
    mean :data:`LETTER_WORTH` of the ``unseen`` cards (those the player cannot see, which
    is where the stack's cards are). The bot exchanges every card worth less than that
    mean, the least worth first (equal worths in card order), but at most ``most`` cards
    (the stack's size, WP2); with nothing unseen or ``most`` at 0 it exchanges nothing.

    >>> from eighthalf.eights import parse_cards
    >>> hand = parse_cards("1e 1o 2e 3e 4w 5x 8w")
    >>> [str(card) for card in greedy_exchange(hand, parse_cards("1i 2i 3s 6e"), 5)]
    ['1o', '3e', '4w', '5x', '8w']
    >>> [str(card) for card in greedy_exchange(hand, parse_cards("1i 2i 3s 6e"), 2)]
    ['3e', '8w']
    """
    if most <= 0 or not unseen or not hand:
        return ()
    draw = sum(LETTER_WORTH[card.letter] for card in unseen) / len(unseen)
    worths = _keep_worths(hand)
    order = sorted(range(len(hand)), key=lambda at: (worths[at], hand[at].key))
    chosen = [at for at in order if worths[at] < draw][:most]
    return tuple(hand[at] for at in sorted(chosen))


def greedy_choice(moves: tuple[Move, ...], hand: tuple[Card, ...], unseen: tuple[Card, ...], stack_size: int) -> Move:
    """The :class:`GreedyBot`'s pick among ``moves`` (non-empty, the legal moves of a seat
    holding ``hand`` that cannot see the ``unseen`` cards, with ``stack_size`` cards in
    the stack); see :class:`GreedyBot` for the rule.

    Raises:
        ValueError: If ``moves`` is empty.
    """
    if not moves:
        raise ValueError("no legal moves to choose from")
    best: Spell | None = None
    best_key = (0, 0.0)
    for move in moves:
        if type(move) is Spell:
            key = (VALUES[move.word], -_spent_worth(move))
            if best is None or key > best_key:  # ties keep the first in the listing order
                best, best_key = move, key
    if best is not None:
        return best
    wanted = greedy_exchange(hand, unseen, stack_size)
    for move in moves:
        if type(move) is Pass and move.exchange == wanted:
            return move
    return moves[0]  # not reached with the legal moves of the hand: they hold every exchange WP2 allows


class RandomBot:
    """Chooses uniformly among the legal moves (spellings and passes with every exchange alike)."""

    name = "random"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """A uniformly random legal move.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        return rng.choice(_moves_of(seen))


class GreedyBot:
    """A one-move-deep player with a fixed, documented rule; it never draws from the rng.

    1. It spells whenever it can, the word of the highest value (WT8).
    2. Among spellings of that word it keeps the best letters: it spends (from the hand,
       for letters and as replacing cards, WT4) the cards of the least total
       :data:`LETTER_WORTH`, which also puts the least useful letters on the table for
       the next players. Every spelling of one word spends as many hand cards (one per
       letter: the word's hand cards plus one replacing card per table card), so the
       count of cards spent decides nothing.
    3. Remaining ties go to the first spelling in the order of
       :func:`~eighthalf.eights.legal_moves`.
    4. When it cannot spell (or only passes are listed), it passes, exchanging the cards
       of :func:`greedy_exchange`: the cards worth less to the hand than a card drawn
       from the unseen cards is on average (surplus copies first), never more than the
       stack holds (WP2).

    With ``may_pass_freely`` (WR1) it still spells whenever a word can be spelled.
    """

    name = "greedy"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The best legal move by the rule above.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = _moves_of(seen)
        hand = seen.hand if seen.hand is not None else ()
        if type(moves[0]) is Pass and len(moves) > 1:  # nothing to spell, exchanges offered
            return greedy_choice(moves, hand, unseen_cards(seen), seen.stack_size)
        return greedy_choice(moves, hand, (), seen.stack_size)


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}
"""The built-in bots of Eights by name."""


def make_bot(name: str) -> Bot:
    """A new bot of Eights of the named kind (see :data:`BOTS`).

    Raises:
        KeyError: If there is no bot of that name.
    """
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"no Eights bot named {name!r}; choose from {', '.join(sorted(BOTS))}") from None
