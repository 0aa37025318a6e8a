"""The prospect of a move in Eights: what a spelling scores, leaves and gives; what a pass leaves the passer.

:func:`prospect_spelling` is the heuristic of :class:`~eighthalf.games.eights.bots.ProspectBot`:
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

:func:`prospect_exchange` is its counterpart for a seat that must pass (WP1): which cards
to exchange, by the best word the seat could spell at its next turn after the other
seats have each spelled their highest word.

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

from eighthalf.games.eights.cards import Card, _key
from eighthalf.games.eights.engine import spellings
from eighthalf.games.eights.moves import Spell
from eighthalf.games.eights.views import PlayerView, unseen_cards
from eighthalf.games.eights.words import VALUES

__all__ = ["prospect_exchange", "prospect_spelling"]


def _kept(hand: tuple[Card, ...], *cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand cards left when ``cards`` leave it (a spelling's letters and replacing cards, WT4; an exchange, WP1)."""
    spent: Counter[Card] = Counter()
    for each in cards:
        spent.update(each)
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


def _deals(seen: PlayerView, rng: random.Random, samples: int) -> tuple[list[list[Card]], list[tuple[int, int]], int]:
    """``samples`` random orders of the cards ``seen`` cannot see (none if it sees them all),
    where each other seat's hand lies in an order (from the top, in turn order), and where
    the seat's own draws start."""
    unseen = list(unseen_cards(seen))
    seats = len(seen.hand_sizes)
    slices: list[tuple[int, int]] = []
    start = 0
    for ahead in range(1, seats):
        size = min(seen.hand_sizes[(seen.to_move + ahead) % seats], len(unseen) - start)
        slices.append((start, start + size))
        start += size
    return ([rng.sample(unseen, len(unseen)) for _ in range(samples)] if unseen else []), slices, start


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
    seats = len(seen.hand_sizes)
    orders, slices, start = _deals(seen, rng, samples) if own or deny else ([], [], 0)
    mean = 1 / (len(orders) * len(slices)) if orders else 0.0
    denied: dict[tuple[Card, ...], float] = {}
    best, best_score = spells[0], float("-inf")
    for spell in spells:
        score: float = VALUES[spell.word]
        if orders:
            table = _table_after(seen.table, spell)
            if own:
                kept = _kept(hand, spell.hand, spell.replacements)
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


def _round_table(order: list[Card], slices: list[tuple[int, int]], table: tuple[Card, ...]) -> tuple[Card, ...]:
    """The table the other seats leave when each in turn (hands ``order[low:high]``) spells its
    highest word, the first listed among equals, and a seat that cannot spell leaves it as it is."""
    for low, high in slices:
        hand = sorted(order[low:high], key=_key)
        found = spellings(tuple(hand), table)
        if found:
            top = max([VALUES[spell.word] for spell in found])
            table = _table_after(table, next(spell for spell in found if VALUES[spell.word] == top))
    return table


def prospect_exchange(
    seen: PlayerView, exchanges: Sequence[tuple[Card, ...]], rng: random.Random, *, samples: int = 24
) -> tuple[Card, ...]:
    """The exchange of the best prospect among ``exchanges`` (each a multiset of the hand cards
    of the seat of ``seen`` that it may exchange when it passes, WP1, WP2; ``()`` for none).

    An exchange scores the mean value of the best word the seat could spell at its next
    turn, with the cards it keeps and as many unseen cards as it exchanges (WP1), against
    the table the other seats leave it: each in turn order, with a hand of its size from
    the unseen cards, spells its highest word (WT8, the first listed among equals), or
    leaves the table as it is when it cannot spell; a word that cannot be spelled counts
    0. The means run over ``samples`` random orders of the unseen cards, as for
    :func:`prospect_spelling` (the other hands from the top in turn order, the seat's
    draws from the rest). The highest score wins; ties go to the first in ``exchanges``.
    With one exchange, or nothing unseen, it draws nothing from ``rng``.

    It reads only what ``seen`` shows (WI1–WI3).

    >>> import random
    >>> from eighthalf.eights import new_game, parse_cards, view
    >>> seen = view(new_game(4, seed=0), 0)
    >>> " ".join(str(card) for card in seen.hand)
    '2e 2v 4h 4v 7r 8h 8x'
    >>> exchanges = [parse_cards(cards) for cards in ("2v 4h 4v 7r 8h 8x", "", "4v", "4v 8h", "4v 7r 8h")]
    >>> " ".join(str(card) for card in prospect_exchange(seen, exchanges, random.Random(0)))
    '4v 7r 8h'

    Raises:
        ValueError: If ``exchanges`` is empty.
    """
    if not exchanges:
        raise ValueError("no exchanges to choose from")
    if len(exchanges) == 1:
        return exchanges[0]
    hand = seen.hand if seen.hand is not None else ()
    orders, slices, start = _deals(seen, rng, samples)
    tables = [_round_table(order, slices, seen.table) for order in orders]
    best, best_score = exchanges[0], float("-inf")
    for exchange in exchanges:
        kept = _kept(hand, exchange)
        drawn = len(exchange)
        score = sum(
            [
                _best_value([*kept, *order[start : start + drawn]], table)
                for order, table in zip(orders, tables, strict=True)
            ]
        )
        if score > best_score:
            best, best_score = exchange, score
    return best
