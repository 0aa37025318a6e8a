"""The prospect of a spelling in Eights: its word, what it leaves the speller, what it gives the others.

:func:`prospect_spelling` is the heuristic of :class:`~eighthalf.eights.bots.ProspectBot`:
one move deep, with no play-out. It weighs every legal spelling (every word, every choice
of hand cards and of replacing cards, WT2–WT7) by three numbers, each in points of a word
(WT8):

- the word's value;
- the speller's prospect: the best word it could spell from the table it leaves, with the
  cards it keeps and the cards it draws back (WT6);
- the others' prospect: the mean, over the other seats, of the best word each could spell
  from that table.

The cards the seat cannot see (:func:`~eighthalf.eights.unseen_cards`) stand for the other
hands and for the draws: ``samples`` times, the unseen cards are drawn in a random order,
the other seats' hands from the top (in turn order) and the speller's draws from the rest,
the same orders for every spelling (so that spellings are compared on the same cards).

>>> import random
>>> from eighthalf.eights import Spell, new_game, view
>>> seen = view(new_game(2, seed=2), 0)
>>> spells = [move for move in seen.legal_moves() if isinstance(move, Spell)]
>>> len(spells), str(prospect_spelling(seen, spells, random.Random(2)))
(16, 'FIVE 5e 1i>1t 2v>2f 8f>8x')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .cards import Card, _key
from .engine import spellings
from .moves import Spell
from .views import PlayerView, unseen_cards
from .words import VALUES

__all__ = ["prospect_spelling"]


def _kept(hand: tuple[Card, ...], spell: Spell) -> tuple[Card, ...]:
    """The hand cards a spelling does not spend (its letters and its replacing cards, WT4)."""
    spent = Counter(spell.hand)
    spent.update(spell.replacements)
    kept: list[Card] = []
    for card in hand:
        if spent[card] > 0:
            spent[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)


def _table_after(table: tuple[Card, ...], spell: Spell) -> tuple[Card, ...]:
    """The table once the replacing cards lie in their suits' places (WT5)."""
    cards = list(table)
    for card in spell.replacements:
        cards[card.suit - 1] = card
    return tuple(cards)


def _best_value(hand: list[Card], table: tuple[Card, ...]) -> int:
    """The value of the best word ``hand`` (any order) could spell against ``table``, 0 for none."""
    hand.sort(key=_key)
    return max([VALUES[spell.word] for spell in spellings(tuple(hand), table)], default=0)


def prospect_spelling(
    seen: PlayerView,
    spells: Sequence[Spell],
    rng: random.Random,
    *,
    own: float = 1.0,
    deny: float = 1.0,
    samples: int = 24,
) -> Spell:
    """The spelling of the best prospect among ``spells`` (legal spellings of the seat of ``seen``).

    A spelling scores its word's value (WT8), plus ``own / (n - 1)`` (with ``n`` players:
    the other seats move before the seat's next turn) times the mean value of the best word
    the seat could then spell against the table the spelling leaves (WT5), with the cards
    it keeps and as many unseen cards as it draws back (WT6: the cards it spent, at most
    the stack), minus ``deny`` times the mean, over the other seats, of the best word that
    each could spell against that table with a hand of its size from the unseen cards; a
    word that cannot be spelled counts 0. The means run over ``samples`` random orders of
    the unseen cards, which deal the other seats' hands in turn order from the top and the
    seat's draws from the rest (so that no card is in two places). The highest score wins;
    ties go to the first in ``spells``. With one spelling, or nothing unseen, or ``own``
    and ``deny`` both 0, it draws nothing from ``rng``.

    It reads only what ``seen`` shows: the seat's hand, the table, the stack's size, every
    hand's size and the cards it cannot see as a multiset (WI1–WI3).

    Raises:
        ValueError: If ``spells`` is empty.
    """
    if not spells:
        raise ValueError("no spellings to choose from")
    if len(spells) == 1:
        return spells[0]
    hand = seen.hand if seen.hand is not None else ()
    unseen = list(unseen_cards(seen)) if own or deny else []
    seats = len(seen.hand_sizes)
    seat = seen.to_move
    slices: list[tuple[int, int]] = []  # where each other seat's hand lies in an order
    start = 0
    for ahead in range(1, seats):
        size = min(seen.hand_sizes[(seat + ahead) % seats], len(unseen) - start)
        slices.append((start, start + size))
        start += size
    orders = [rng.sample(unseen, len(unseen)) for _ in range(samples)] if unseen else []
    mean = 1 / (len(orders) * len(slices)) if orders else 0.0
    denied: dict[tuple[Card, ...], float] = {}
    best, best_score = spells[0], float("-inf")
    for spell in spells:
        score: float = VALUES[spell.word]
        if orders:
            table = _table_after(seen.table, spell)
            if own:
                kept = _kept(hand, spell)
                drawn = min(len(hand) - len(kept), seen.stack_size)
                mine = sum([_best_value([*kept, *order[start : start + drawn]], table) for order in orders])
                score += own / (seats - 1) * mine / len(orders)
            if deny:
                if table not in denied:
                    denied[table] = mean * sum(
                        [_best_value(order[low:high], table) for order in orders for low, high in slices]
                    )
                score -= deny * denied[table]
        if score > best_score:
            best, best_score = spell, score
    return best
