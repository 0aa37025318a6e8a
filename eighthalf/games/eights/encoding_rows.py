"""How :mod:`eighthalf.games.eights.encoding` writes masks and observations from states, and finds
the canonical action of moves (numpy only, private).

The environments observe a seat of a :class:`~eighthalf.eights.GameState` without making
its view, one state (PettingZoo) or many at once (the batch), as rows of two arrays.

**Masks** (:class:`Masks`) come from the engine's spellings of the seat's hand at the
table, each turned into its action by the bits of its slots (a card's slot is its place in
the hand; a hand with equal cards takes the canonical slots, WT7), and from the passes
(WP1, WP2), when no spelling is legal (WT1) or the rules allow them (WR1): every set of slots
of at most as many cards as the stack holds, an equal card's first slot first, cached by
the hand's size, its equal cards and the stack (no pass is made as a move).

**Observations** (:class:`Observations`) are counts, as 8½'s are
(:mod:`eighthalf.games.eighthalf.encoding_counts`): every entry is the ``bincount`` of the positions the
cards and facts of the seat's view count at, all rows with one ``bincount``. Every card the
seat sees counts once more in a scratch block after the row, which gives the unseen cards
(the deck less what is seen). The state gives what the view holds: the seat's own hand, the
table, the stack's size and the cards the seat put under it (WP3), the score piles, the
sizes of the other hands and the scores (WI1–WI4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from eighthalf.core.errors import IllegalMoveError, InvalidStateError, not_a_move, quote
from eighthalf.games.eights.cards import DECK, SUITS, Card
from eighthalf.games.eights.engine import spellings
from eighthalf.games.eights.moves import Move, Pass, Spell
from eighthalf.games.eights.state import GameState

__all__ = ["Masks", "Observations", "checked_row", "checked_rows", "keys_of"]

_KEY = attrgetter("key")
_LETTERS_OF = attrgetter("hand")
_REPLACEMENTS_OF = attrgetter("replacements")
_EXCHANGE_OF = attrgetter("exchange")
_CACHED = 1 << 8
"""The most entries of a cache, or four per row written if more (a full cache is emptied
and starts again): enough for the tables of a batch's last steps, few enough that the
garbage collector does not walk thousands of old states, piles and positions kept alive
(with 4,096 it took a fifth to a third of an ``EightsBatch`` step)."""


def keys_of(cards: Iterable[Card]) -> npt.NDArray[np.intp]:
    """The keys of ``cards``, as an array."""
    return np.fromiter(map(_KEY, cards), dtype=np.intp)


def checked_rows(states: Sequence[GameState], seats: Sequence[int]) -> int:
    """The players of ``states``, each with a seat of it.

    Raises:
        InvalidStateError: If there is not one seat per state (one state or more), a state
            is not a :class:`~eighthalf.eights.GameState`, a seat is not one of its
            seats, or the states have different numbers of seats.
    """
    if len(states) != len(seats) or not states:
        raise InvalidStateError(f"give one seat per state, for one state or more, not {len(seats)} for {len(states)}")
    players = -1
    for state, seat in zip(states, seats, strict=True):
        if not isinstance(state, GameState):
            raise InvalidStateError(f"expected an eighthalf.eights.GameState, not {quote(state)}")
        count = len(state.hand.hands)
        if type(seat) is not int or not 0 <= seat < count:
            raise InvalidStateError(f"seat must be a seat of the game (0 to {count - 1}), not {quote(seat)}")
        if players not in (-1, count):
            raise InvalidStateError(f"every state must have {players} seats, not {quote(state)}")
        players = count
    return players


def checked_row(state: GameState, seat: int) -> int:
    """The players of ``state``, of which ``seat`` is a seat: :func:`checked_rows` of one
    state, which a single environment asks twice a step (the usual case checked inline).

    Raises:
        InvalidStateError: As :func:`checked_rows` does.
    """
    if type(state) is GameState and type(seat) is int:
        players = len(state.hand.hands)
        if 0 <= seat < players:
            return players
    return checked_rows((state,), (seat,))


class Masks:
    """The legal actions of rows of positions (see the module's description), and the
    canonical actions of moves (WT7).

    Args:
        actions: Every action as ``(kind, letters, others)`` slots
            (:data:`~eighthalf.games.eights.encoding.ACTIONS`): the passes first, by the
            bits of their slots, then the spellings.
        slots: The hand slots (8).
    """

    def __init__(self, actions: Sequence[tuple[str, tuple[int, ...], tuple[int, ...]]], slots: int) -> None:
        self.spell_action = np.full((1 << slots, 1 << slots), -1, dtype=np.intp)
        """A spelling's action by the bits of its letter slots and of its replacing slots (−1: none)."""
        for action, (kind, letters, others) in enumerate(actions):
            if kind == "spell":
                self.spell_action[sum(1 << slot for slot in letters), sum(1 << slot for slot in others)] = action
        self._spell_action = self.spell_action.tolist()
        self._passes: dict[tuple[int, int, int], tuple[npt.NDArray[np.intp], bytes]] = {}
        self._count = sum(1 for kind, _, _ in actions if kind == "pass")
        self._exchanged = [letters for kind, letters, _ in actions[: self._count]]  # a pass's slots, by its action
        self.spells: dict[int, tuple[GameState, int, dict[int, Spell], bytes]] = {}
        """The legal spellings by action of the states last masked, by the state's ``id``,
        with the state (kept alive, so that its id is not reused while it is here), the
        seat and which pass actions are legal (a byte per action, ``b""`` for none): the
        adapters play the action chosen from the mask. Emptied when full before a mask's
        rows are added (it keeps a few hundred states: a batch's last steps)."""

    def move(self, state: GameState, seat: int, action: int) -> Move | None:
        """The legal move of ``action`` for ``seat`` in ``state`` if the state was masked
        (:meth:`write`) and the action is in its mask, else ``None``: a spelling as the
        engine found it, a pass made unchecked from the hand's slots."""
        known = self.spells.get(id(state))
        if known is None or known[0] is not state or known[1] != seat:
            return None
        if action >= self._count:
            return known[2].get(action)
        if action < len(known[3]) and known[3][action]:
            hand = state.hand.hands[seat]
            return Pass(tuple([hand[slot] for slot in self._exchanged[action]]), False)
        return None

    def canonical(self, hand: Sequence[Card], moves: Sequence[Move]) -> npt.NDArray[np.intp]:
        """The canonical action of each of ``moves`` with ``hand`` (−1 for a move that has none).

        Each card of a move takes the first free slot that holds an equal card, letters first:
        numpy sorts the cards of all the moves by move, card and role, numbers the equal cards
        of a move in that order, and adds the number to the first slot of the card in the
        (sorted) hand; no Python loop over the cards.

        Raises:
            IllegalMoveError: If a move is not a move of Eights or uses a card the hand does not hold.
        """
        spells = [move for move in moves if type(move) is Spell]
        passes = [move for move in moves if type(move) is Pass]
        if len(spells) + len(passes) != len(moves):
            wrong = next(move for move in moves if type(move) not in (Spell, Pass))
            raise not_a_move(wrong, "eighthalf.eights.parse_move", "Eights")
        groups = [*map(_LETTERS_OF, spells), *map(_REPLACEMENTS_OF, spells), *map(_EXCHANGE_OF, passes)]
        count = len(spells)
        move_of_group = np.concatenate(
            [np.arange(count), np.arange(count), np.arange(count, count + len(passes))]
        ).astype(np.intp)
        lengths = np.fromiter(map(len, groups), dtype=np.intp, count=len(groups))
        group = np.repeat(np.arange(len(groups), dtype=np.intp), lengths)
        keys = keys_of(chain.from_iterable(groups))
        hand_keys = keys_of(hand)
        order = np.lexsort((group, keys, move_of_group[group]))
        group, keys = group[order], keys[order]
        moved = move_of_group[group]
        starts = np.ones(len(keys), dtype=bool)
        starts[1:] = (moved[1:] != moved[:-1]) | (keys[1:] != keys[:-1])
        places = np.arange(len(keys), dtype=np.intp)
        slots = np.searchsorted(hand_keys, keys) + places - np.maximum.accumulate(np.where(starts, places, 0))
        held = slots < len(hand_keys)
        held[held] = hand_keys[slots[held]] == keys[held]
        if not held.all():
            missing = int(group[~held][0])
            move = (spells + passes)[int(move_of_group[missing])]
            card = next(card for card in groups[missing] if card.key == keys[~held][0])
            raise IllegalMoveError(str(move), f"the hand holds no {card} for it", "WT2")
        bits = np.bincount(group, weights=np.left_shift(1, slots), minlength=len(groups)).astype(np.intp)
        return np.concatenate([self.spell_action[bits[:count], bits[count : 2 * count]], bits[2 * count :]])

    def _pass_actions(self, hand: tuple[Card, ...], stack: int) -> tuple[npt.NDArray[np.intp], bytes]:
        """The pass actions of ``hand`` with ``stack`` cards in the stack (WP1, WP2, WT7):
        every set of slots of at most as many cards as the stack holds, taking an equal
        card's first slot first (cached by the hand's size, its equal cards and the most);
        and a byte per pass action, 1 for these."""
        size = len(hand)
        most = max(0, min(stack, size))
        equal = 0
        for slot in range(1, size):
            if hand[slot].key == hand[slot - 1].key:
                equal |= 1 << slot
        key = (size, most, equal)
        found = self._passes.get(key)
        if found is None:
            legal = [
                bits
                for bits in range(min(1 << size, self._count))
                if bin(bits).count("1") <= most and not bits & equal & ~(bits << 1)
            ]
            allowed = bytearray(self._count)
            for bits in legal:
                allowed[bits] = 1
            found = self._passes[key] = (np.array(legal, dtype=np.intp), bytes(allowed))
        return found

    def write(
        self, states: Sequence[GameState], seats: Sequence[int], out: npt.NDArray[np.int8]
    ) -> npt.NDArray[np.int8]:
        """Write row ``r`` of ``out``: the mask of ``seats[r]`` in ``states[r]`` (all 0 unless
        it is the seat to move of a game that goes on), remember each row's legal
        spellings by their actions (:attr:`spells`) and return ``out``."""
        out[:] = 0
        width = out.shape[1]
        ones: list[int] = []
        passing: list[npt.NDArray[np.intp]] = []
        spell_action = self._spell_action
        found: list[dict[int, Spell]] = []
        passed: list[bytes] = []
        for row, (state, seat) in enumerate(zip(states, seats, strict=True)):
            position = state.hand
            if position.to_move != seat or state.outcome is not None:
                found.append({})
                passed.append(b"")
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
                    passed.append(b"")
                    continue
            else:
                found.append({})
            exchanges, allowed = self._pass_actions(hand, len(position.stack))
            passed.append(allowed)
            passing.append(exchanges + offset if offset else exchanges)
        flat = out.reshape(-1)
        if ones:
            flat[ones] = 1
        if len(passing) == 1:
            flat[passing[0]] = 1
        elif passing:
            flat[np.concatenate(passing)] = 1
        if len(self.spells) >= max(_CACHED, 4 * len(states)):
            self.spells.clear()
        for state, seat, spelled, allowed in zip(states, seats, found, passed, strict=True):
            if spelled or allowed:
                self.spells[id(state)] = (state, seat, spelled, allowed)
        return out


class Observations:
    """The index tables and caches of Eights' observation at a table of ``players`` seats.

    Args:
        players: Seats at the table.
        layout: The start of each block of the vector, by the block's name
            (:func:`eighthalf.games.eights.encoding.observation_layout`).
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
        self._totals: dict[int, tuple[object, list[int]]] = {}  # each seat's total of the finished hands, by their id
        self._words: dict[int, tuple[Spell, list[int], int]] = {}  # a spelling's positions and points, by its id
        self._orders = [[*range(me, players), *range(me)] for me in range(players)]
        self._most = _CACHED  # the most entries of each cache, set by each write

    def _pile(self, pile: tuple[Spell, ...]) -> tuple[tuple[Spell, ...], list[int], int]:
        """The positions of a score pile's cards and its points (cached by the pile)."""
        entry = self._piles.get(id(pile))
        if entry is None or entry[0] is not pile:
            if len(self._piles) >= self._most:
                self._piles.clear()
            words, pile_at = self._words, self._pile_at
            positions: list[int] = []
            points = 0
            for spell in pile:  # a pile grows by a word at a time: each word's positions are cached
                word = words.get(id(spell))
                if word is None or word[0] is not spell:
                    if len(words) >= self._most:
                        words.clear()
                    word = words[id(spell)] = (
                        spell,
                        [at for card in spell.cards for at in pile_at[card.key]],
                        spell.value,
                    )
                positions += word[1]
                points += word[2]
            entry = self._piles[id(pile)] = (pile, positions, points)
        return entry

    def _all_piles(self, piles: tuple[tuple[Spell, ...], ...]) -> tuple[object, list[int], list[int]]:
        """The positions of every score pile's cards and each seat's points (cached by the
        piles, and each pile by itself)."""
        entry = self._every.get(id(piles))
        if entry is None or entry[0] is not piles:
            if len(self._every) >= self._most:
                self._every.clear()
            positions: list[int] = []
            points = [0] * len(piles)
            for seat, pile in enumerate(piles):
                if pile:
                    _, where, points[seat] = self._pile(pile)
                    positions += where
            entry = self._every[id(piles)] = (piles, positions, points)
        return entry

    def write(
        self, states: Sequence[GameState], seats: Sequence[int], out: npt.NDArray[np.float32]
    ) -> npt.NDArray[np.float32]:
        """Write row ``r`` of ``out`` as the observation of ``seats[r]`` in ``states[r]`` and return ``out``.

        Raises:
            InvalidStateError: If a row shows more copies of a card than the deck has (WS1).
        """
        positions: list[int] = []
        lengths: list[int] = []
        numbers: list[list[float]] = []
        stride, players, orders = self.stride, self.players, self._orders
        hand_at, table_at, stack_at, every = self._hand_at, self._table_at, self._stack_at, self._all_piles
        tables, sums = self._tables, self._totals
        most = self._most = max(_CACHED, 4 * len(states))
        for state, me in zip(states, seats, strict=True):
            hand = state.hand
            start = len(positions)
            for place, card in enumerate(hand.hands[me]):
                positions += hand_at[place][card.key]
            table = tables.get(id(hand.table))
            if table is None or table[0] is not hand.table:
                if len(tables) >= most:
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
            finished = state.hand_scores
            known = sums.get(id(finished))
            if known is None or known[0] is not finished:
                if len(sums) >= most:
                    sums.clear()
                known = sums[id(finished)] = (
                    finished,
                    [sum(scores) for scores in zip(*finished, strict=True)] or [0] * players,
                )
            totals = known[1]
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
        if unseen.min() < 0:
            raise InvalidStateError("a state shows more copies of a card than the deck has (WS1)")
        return out
