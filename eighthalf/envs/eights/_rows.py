"""How :mod:`eighthalf.envs.eights.encoding` writes masks and observations from states (numpy only, private).

The environments observe a seat of a :class:`~eighthalf.eights.GameState` without making
its view, one state (PettingZoo) or many at once (the batch), as rows of two arrays.

**Masks** (:class:`Masks`) come from the engine's spellings of the seat's hand at the
table, each turned into its action by the bits of its slots (a card's slot is its place in
the hand; a hand with equal cards takes the canonical slots, WT7), and from the passes
(WP1, WP2), when no spelling is legal (WT1) or the rules allow them (WR1): every set of slots
of at most as many cards as the stack holds, an equal card's first slot first, cached by
the hand's size, its equal cards and the stack (no pass is made as a move).

**Observations** (:class:`Observations`) are counts, as 8½'s are
(:mod:`eighthalf.envs._round_counts`): every entry is the ``bincount`` of the positions the
cards and facts of the seat's view count at, all rows with one ``bincount``. Every card the
seat sees counts once more in a scratch block after the row, which gives the unseen cards
(the deck less what is seen). The state gives what the view holds: the seat's own hand, the
table, the stack's size and the cards the seat put under it (WP3), the score piles, the
sizes of the other hands and the scores (WI1–WI4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from ...eights.cards import DECK, SUITS, Card
from ...eights.engine import spellings
from ...eights.moves import Spell
from ...eights.state import GameState

__all__ = ["Masks", "Observations"]

_CACHED = 1 << 12
"""The most entries of a cache (a full cache is emptied and starts again)."""


class Masks:
    """The legal actions of rows of positions (see the module's description).

    Args:
        spell_action: A spelling's action by the bits of its letter slots and of its
            replacing slots (−1: none).
        passes: How many actions the passes take (the first ones, by the bits of their slots).
    """

    def __init__(
        self,
        spell_action: Sequence[Sequence[int]],
        passes: int,
    ) -> None:
        self._spell_action = spell_action
        self._passes: dict[tuple[int, int, int], npt.NDArray[np.intp]] = {}
        self._count = passes

    def _pass_actions(self, hand: tuple[Card, ...], stack: int) -> npt.NDArray[np.intp]:
        """The pass actions of ``hand`` with ``stack`` cards in the stack (WP1, WP2, WT7):
        every set of slots of at most as many cards as the stack holds, taking an equal
        card's first slot first (cached by the hand's size, its equal cards and the most)."""
        size = len(hand)
        most = max(0, min(stack, size))
        equal = 0
        for slot in range(1, size):
            if hand[slot].key == hand[slot - 1].key:
                equal |= 1 << slot
        key = (size, most, equal)
        found = self._passes.get(key)
        if found is None:
            found = self._passes[key] = np.array(
                [
                    bits
                    for bits in range(min(1 << size, self._count))
                    if bin(bits).count("1") <= most and not bits & equal & ~(bits << 1)
                ],
                dtype=np.intp,
            )
        return found

    def write(
        self, states: Sequence[GameState], seats: Sequence[int], out: npt.NDArray[np.int8]
    ) -> list[dict[int, Spell]]:
        """Write row ``r`` of ``out``: the mask of ``seats[r]`` in ``states[r]`` (all 0 unless
        it is the seat to move of a game that goes on). Returns each row's legal
        spellings by their actions."""
        out[:] = 0
        width = out.shape[1]
        ones: list[int] = []
        passing: list[npt.NDArray[np.intp]] = []
        spell_action = self._spell_action
        found: list[dict[int, Spell]] = []
        for row, (state, seat) in enumerate(zip(states, seats, strict=True)):
            position = state.hand
            if position.to_move != seat or state.outcome is not None:
                found.append({})
                continue
            hand = position.hands[seat]
            spells = spellings(hand, position.table)
            offset = row * width
            if spells:
                bits = {card.key: 1 << slot for slot, card in enumerate(hand)}
                if len(bits) == len(hand):
                    actions = [
                        spell_action[sum([bits[card.key] for card in spell.hand])][
                            sum([bits[card.key] for card in spell.replacements])
                        ]
                        for spell in spells
                    ]
                else:  # equal cards (WS1): each card takes the first free slot of its kind, letters first (WT7)
                    first: dict[int, int] = {}
                    for slot, card in enumerate(hand):
                        first.setdefault(card.key, slot)
                    actions = []
                    for spell in spells:
                        used = 0
                        for card in spell.hand:
                            slot = first[card.key]
                            while used >> slot & 1:
                                slot += 1
                            used |= 1 << slot
                        letters = used
                        for card in spell.replacements:
                            slot = first[card.key]
                            while used >> slot & 1:
                                slot += 1
                            used |= 1 << slot
                        actions.append(spell_action[letters][used & ~letters])
                found.append(dict(zip(actions, spells, strict=True)))
                ones += [offset + action for action in actions] if offset else actions
                if not state.rules.may_pass_freely:
                    continue
            else:
                found.append({})
            exchanges = self._pass_actions(hand, len(position.stack))
            passing.append(exchanges + offset if offset else exchanges)
        flat = out.reshape(-1)
        if ones:
            flat[ones] = 1
        if len(passing) == 1:
            flat[passing[0]] = 1
        elif passing:
            flat[np.concatenate(passing)] = 1
        return found


class Observations:
    """The index tables and caches of Eights' observation at a table of ``players`` seats.

    Args:
        players: Seats at the table.
        layout: The start of each block of the vector, by the block's name
            (:func:`eighthalf.envs.eights.encoding.observation_layout`).
        size: The length of the vector.
        kinds: The kinds of card, in the order of the blocks by kind.
        letters: The letters of the deck, in the order of a slot's and the table's one-hots.
    """

    def __init__(
        self, players: int, layout: Mapping[str, int], size: int, kinds: Sequence[Card], letters: Sequence[str]
    ) -> None:
        self.players = players
        self.size = size
        self.stride = size + len(kinds)  # the row, then its scratch block of cards seen
        kind = {card.key: at for at, card in enumerate(kinds)}
        slot = layout["own hand slot 1: suit and letter, one-hot"] - layout["own hand slot 0: suit and letter, one-hot"]
        hand, table = layout["own hand: cards by kind"], layout["table: the letter of each suit, one-hot"]
        stack, piles = layout["own cards under the stack by kind (WP3)"], layout["score piles: cards by kind"]
        self.unseen = layout["unseen cards by kind (other hands, unknown stack cards)"]
        self.numbers = layout["stack size"]
        self.kinds = len(kinds)
        letter = {name: at for at, name in enumerate(letters)}
        self._hand_at = [
            {
                card.key: (
                    place * slot + card.suit - 1,
                    place * slot + len(SUITS) + letter[card.letter],
                    hand + kind[card.key],
                    size + kind[card.key],
                )
                for card in kinds
            }
            for place in range(hand // slot)  # the slots' blocks come first
        ]
        self._table_at = {
            card.key: (table + (card.suit - 1) * len(letters) + letter[card.letter], size + kind[card.key])
            for card in kinds
        }
        self._stack_at = {card.key: (stack + kind[card.key], size + kind[card.key]) for card in kinds}
        self._pile_at = {card.key: (piles + kind[card.key], size + kind[card.key]) for card in kinds}
        self._deck = np.bincount([kind[card.key] for card in DECK], minlength=len(kinds)).astype(np.float32)
        self._piles: dict[int, tuple[tuple[Spell, ...], list[int], int]] = {}  # a pile's positions, by its id
        self._tables: dict[int, tuple[tuple[Card, ...], list[int]]] = {}  # a table's positions, by its id
        self._every: dict[int, tuple[object, list[int], list[int]]] = {}  # every pile's positions, by the piles' id
        self._orders = [[*range(me, players), *range(me)] for me in range(players)]

    def _pile(self, pile: tuple[Spell, ...]) -> tuple[tuple[Spell, ...], list[int], int]:
        """The positions of a score pile's cards and its points (cached by the pile)."""
        entry = self._piles.get(id(pile))
        if entry is None or entry[0] is not pile:
            if len(self._piles) >= _CACHED:
                self._piles.clear()
            at = self._pile_at
            cards = chain.from_iterable(map(attrgetter("cards"), pile))
            positions = list(chain.from_iterable(at[card.key] for card in cards))
            entry = self._piles[id(pile)] = (pile, positions, sum(spell.value for spell in pile))
        return entry

    def _all_piles(self, piles: tuple[tuple[Spell, ...], ...]) -> tuple[object, list[int], list[int]]:
        """The positions of every score pile's cards and each seat's points (cached by the
        piles, and each pile by itself)."""
        entry = self._every.get(id(piles))
        if entry is None or entry[0] is not piles:
            if len(self._every) >= _CACHED:
                self._every.clear()
            positions: list[int] = []
            points = [0] * len(piles)
            for seat, pile in enumerate(piles):
                if pile:
                    _, where, points[seat] = self._pile(pile)
                    positions += where
            entry = self._every[id(piles)] = (piles, positions, points)
        return entry

    def write(self, states: Sequence[GameState], seats: Sequence[int], out: npt.NDArray[np.float32]) -> bool:
        """Write row ``r`` of ``out`` as the observation of ``seats[r]`` in ``states[r]``;
        False if a row shows more copies of a card than the deck has (WS1)."""
        positions: list[int] = []
        lengths: list[int] = []
        numbers: list[list[float]] = []
        stride, players, orders = self.stride, self.players, self._orders
        hand_at, table_at, stack_at, every = self._hand_at, self._table_at, self._stack_at, self._all_piles
        tables = self._tables
        for state, me in zip(states, seats, strict=True):
            hand = state.hand
            start = len(positions)
            for place, card in enumerate(hand.hands[me]):
                positions += hand_at[place][card.key]
            table = tables.get(id(hand.table))
            if table is None or table[0] is not hand.table:
                if len(tables) >= _CACHED:
                    tables.clear()
                table = tables[id(hand.table)] = (hand.table, [at for card in hand.table for at in table_at[card.key]])
            positions += table[1]
            if me in hand.origins:
                for card, origin in zip(hand.stack, hand.origins, strict=True):
                    if origin == me:
                        positions += stack_at[card.key]
            _, where, points = every(hand.piles)
            positions += where
            lengths.append(len(positions) - start)
            over = state.outcome is not None
            totals = [sum(scores) for scores in zip(*state.hand_scores, strict=True)] or [0] * players
            mover, dealer, hands = -1 if over else hand.to_move, hand.dealer, hand.hands
            facts: list[float] = [len(hand.stack), hand.passes, hand.turns, state.rules.target_for(players), over]
            for seat in orders[me]:
                facts += (len(hands[seat]), points[seat], totals[seat], mover == seat, dealer == seat)
            numbers.append(facts)
        size = self.size
        if len(states) == 1:
            counts = np.bincount(positions, minlength=stride)
            out[0] = counts[:size]
            unseen = self._deck - counts[size:]
            out[0, self.unseen : self.unseen + self.kinds] = unseen
            out[0, self.numbers :] = numbers[0]
        else:
            at = np.array(positions, dtype=np.intp)
            at += np.repeat(np.arange(0, len(states) * stride, stride), lengths)  # each row's own stretch
            counts = np.bincount(at, minlength=len(states) * stride).reshape(len(states), stride)
            out[:] = counts[:, :size]
            unseen = self._deck - counts[:, size:]
            out[:, self.unseen : self.unseen + self.kinds] = unseen
            out[:, self.numbers :] = numbers
        return bool(unseen.min() >= 0)
