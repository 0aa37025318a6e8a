"""How :mod:`eighthalf.games.eighthalf.encoding` counts 8½'s observation vectors (numpy only, private).

Every entry of the vector is a count: cards by rank in a zone, a size, or a one-hot 1. So
the vector is the ``bincount`` of the *positions* that the cards and facts of a position
count at. :class:`Counts` turns a seat's view, or a state and a seat, into those positions
without a Python loop over the cards (index tables by rank, walked by ``map``), caches the
positions of what rarely changes (a hand, a seat), and counts one vector or a batch of
vectors with one ``bincount``.

Each cache holds at most 1,024 entries, or four per seat of the rows written last if more
(:attr:`Counts.most`), and is emptied when full. At 8,192 entries for each seat number the
caches of the seats kept up to 32,768 old seats alive (a batch makes a new one at each
table each step) for the garbage collector to walk: 7 to 14% of a ``RoundBatch`` run of
600 steps, and 3 to 10% more in the steps that emptied them.

The counting is done in a *scratch* layout: the vector's head (everything before the
seats), then the seats' blocks by seat number, so that a seat's positions do not depend
on who looks; the vector of viewer ``me`` then takes the blocks in turn order from ``me``
(:attr:`Counts.gather`). Every visible card also counts once in the head's block of unseen
cards, which is written as the deck's composition less that count.

A state and a view of it give the same positions: both read the viewer's own hand, the
pile, the call and facts everybody knows, and of each seat its open cards, its collected
stack, its on-the-table flag and the *sizes* of its hand, bank and blind cards (I1–I4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from eighthalf.games.eighthalf.cards import COMPOSITION, RANKS, Rank
from eighthalf.games.eighthalf.state import GameState, PileCard
from eighthalf.games.eighthalf.views import PlayerView

__all__ = ["Counts"]

_RANKS = len(RANKS)
_PER_SEAT = 2 * _RANKS + 5
_CACHED = 1 << 10
"""The fewest entries a cache may hold: a full cache is emptied and starts again, at this
or at :attr:`Counts.most` entries, four per seat of the rows written last if more."""
_COMPOSITION = np.array([COMPOSITION[rank] for rank in RANKS], dtype=np.float32)
_RANK_OF = attrgetter("rank")


def _frozen(positions: list[int]) -> npt.NDArray[np.intp]:
    array = np.array(positions, dtype=np.intp)
    array.flags.writeable = False
    return array


class Counts:
    """The index tables and caches of 8½'s observation at a table of ``players`` seats.

    Args:
        players: Seats at the table.
        layout: The start of each block of the vector, by the block's name
            (:func:`eighthalf.games.eighthalf.encoding.observation_layout`).
        size: The length of the vector.
    """

    def __init__(self, players: int, layout: Mapping[str, int], size: int) -> None:
        self.players = players
        self.size = size
        self.unseen = unseen = layout["unseen cards by rank (other hands, banks, blind cards)"]
        self.call = layout["call in half points, one-hot 0–26"]
        self.locked = layout["5-lock (P7)"]
        self.opening = layout["opening rank, one-hot (S5)"]
        self.to_move = layout["seat to move, one-hot by turn order"]
        self.at_risk = layout["seat at risk (P8), one-hot by turn order"]
        self.head = head = layout["seat 0: open cards by rank"]
        self.scratch = head + players * _PER_SEAT
        hand, pile, pile_size = layout["own hand: cards by rank"], layout["pile: cards by rank"], layout["pile size"]
        self.hand_at = [(hand + rank, unseen + rank) for rank in range(_RANKS)]
        """The positions a card of the own hand counts at, by rank."""
        self.pile_at = [(pile + rank, unseen + rank, pile_size) for rank in range(_RANKS)]
        """The positions a card of the pile counts at, by rank (the pile size counts its cards)."""
        self.open_at: list[list[tuple[int, int]]] = []
        """``open_at[seat][rank]``: the positions an open card of ``seat`` counts at."""
        self.collected_at: list[list[tuple[int, int]]] = []
        """``collected_at[seat][rank]``: the positions a collected card of ``seat`` counts at."""
        self.numbers_at: list[list[int]] = []
        """``numbers_at[seat]``: the positions of the seat's five numbers."""
        for seat in range(players):
            block = head + seat * _PER_SEAT
            self.open_at.append([(block + rank, unseen + rank) for rank in range(_RANKS)])
            self.collected_at.append([(block + _RANKS + rank, unseen + rank) for rank in range(_RANKS)])
            self.numbers_at.append([block + 2 * _RANKS + field for field in range(5)])
        turns = [[(me + turn) % players for turn in range(players)] for me in range(players)]
        self.gather = np.array(
            [
                [*range(head), *(head + seat * _PER_SEAT + at for seat in order for at in range(_PER_SEAT))]
                for order in turns
            ],
            dtype=np.intp,
        )
        """``gather[me]``: where each entry of viewer ``me``'s vector is in the scratch layout."""
        self.hands: dict[tuple[Rank, ...], npt.NDArray[np.intp]] = {}
        """The positions of an own hand, by the hand."""
        self.seats: list[dict[int, tuple[object, npt.NDArray[np.intp]]]] = [{} for _ in range(players)]
        """``seats[number]``: the positions of a state's seat ``number``, by the seat's ``id``, with
        the seat (kept alive, so that its id is not reused while it is here)."""
        self.seat_views: dict[tuple[Any, ...], tuple[tuple[Rank, ...], npt.NDArray[np.intp]]] = {}
        """The positions of a seat's view, by its seat number, open cards, ``id`` of its
        collected stack and numbers, with the stack (kept alive, as above)."""
        self.most = _CACHED
        """The most entries of each cache: :data:`_CACHED`, or four per seat of the rows
        written last if more (set by :meth:`rows`)."""

    def rows(self, rows: int) -> None:
        """Size the caches for writing ``rows`` rows at a time (:attr:`most`)."""
        self.most = max(_CACHED, 4 * self.players * rows)

    def _seat(
        self, seat: int, open_cards: tuple[Rank, ...], collected: tuple[Rank, ...], numbers: Sequence[int]
    ) -> npt.NDArray[np.intp]:
        """Where one seat's visible cards and its numbers (hand, bank and blind sizes, on the table) count."""
        positions = list(chain.from_iterable(map(self.open_at[seat].__getitem__, open_cards)))
        positions += chain.from_iterable(map(self.collected_at[seat].__getitem__, collected))
        hand_size, bank_size, blind_size, on_table = numbers
        at = self.numbers_at[seat]
        positions += [at[0]] * hand_size
        positions += [at[1]] * bank_size
        positions += [at[2]] * blind_size
        if on_table:
            positions.append(at[3])
        if not (hand_size or bank_size or open_cards or blind_size):  # out of cards (E1)
            positions.append(at[4])
        return _frozen(positions)

    def _hand(self, hand: tuple[Rank, ...]) -> npt.NDArray[np.intp]:
        """Where the cards of the viewer's own hand count."""
        positions = self.hands.get(hand)
        if positions is None:
            if len(self.hands) >= self.most:
                self.hands.clear()
            positions = self.hands[hand] = _frozen(list(chain.from_iterable(map(self.hand_at.__getitem__, hand))))
        return positions

    def _facts(
        self,
        me: int,
        pile: tuple[PileCard, ...],
        call_halves: int,
        locked: bool,
        opening: Rank | None,
        to_move: int | None,
        at_risk: int | None,
    ) -> list[int]:
        """Where the pile and the facts of the round count (``to_move`` is ``None`` once it is over)."""
        positions = list(chain.from_iterable(map(self.pile_at.__getitem__, map(_RANK_OF, pile))))
        positions.append(self.call + call_halves)
        if locked:
            positions.append(self.locked)
        if opening is not None:
            positions.append(self.opening + opening)
        if to_move is not None:
            positions.append(self.to_move + (to_move - me) % self.players)
        if at_risk is not None:
            positions.append(self.at_risk + (at_risk - me) % self.players)
        return positions

    def of_view(self, seen: PlayerView, me: int) -> tuple[list[npt.NDArray[np.intp]], list[int]]:
        """The positions of ``seen``, the view of seat ``me``: of the own hand and every seat,
        and of the pile and the facts of the round."""
        seats = seen.seats
        cache = self.seat_views
        parts = [self._hand(seats[me].hand or ())]
        for number, seat in enumerate(seats):
            collected = seat.collected
            key = (number, seat.open, id(collected), seat.hand_size, seat.bank_size, seat.blind_size, seat.on_table)
            entry = cache.get(key)
            if entry is None or entry[0] is not collected:
                if len(cache) >= self.most:
                    cache.clear()
                entry = cache[key] = (collected, self._seat(number, seat.open, collected, key[3:]))
            parts.append(entry[1])
        to_move = seen.to_move if seen.outcome is None else None
        return parts, self._facts(me, seen.pile, seen.call_halves, seen.locked, seen.opening, to_move, seen.at_risk)

    def of_state(self, state: GameState, me: int) -> tuple[list[npt.NDArray[np.intp]], list[int]]:
        """The positions of seat ``me``'s view of ``state``, the same as :meth:`of_view`'s,
        read from the state: of the hidden zones only their sizes."""
        seats = state.seats
        parts = [self._hand(seats[me].hand)]
        for number, (seat, cache) in enumerate(zip(seats, self.seats, strict=True)):
            entry = cache.get(id(seat))
            if entry is None or entry[0] is not seat:
                if len(cache) >= self.most:
                    cache.clear()
                numbers = (len(seat.hand), len(seat.bank), len(seat.blind), seat.on_table)
                entry = cache[id(seat)] = (seat, self._seat(number, seat.open, seat.collected, numbers))
            parts.append(entry[1])
        to_move = state.to_move if state.outcome is None else None
        return parts, self._facts(
            me, state.pile, state.call_halves, state.locked, state.opening, to_move, state.at_risk
        )

    def write(self, me: int, parts: list[npt.NDArray[np.intp]], facts: list[int], out: npt.NDArray[np.float32]) -> None:
        """Count the positions of viewer ``me`` (:meth:`of_state`'s) into ``out``, every entry."""
        parts.append(np.array(facts, dtype=np.intp))
        out[:] = np.bincount(np.concatenate(parts), minlength=self.scratch).take(self.gather[me])
        unseen = out[self.unseen : self.unseen + _RANKS]
        np.subtract(_COMPOSITION, unseen, out=unseen)

    def write_rows(
        self,
        mes: Sequence[int],
        parts: list[npt.NDArray[np.intp]],
        facts: list[int],
        fact_counts: list[int],
        out: npt.NDArray[np.float32],
    ) -> None:
        """Count many vectors with one ``bincount``: row ``r`` of ``out`` (every entry) for
        viewer ``mes[r]``, whose positions (:meth:`of_state`'s) are the ``players + 1`` arrays
        of ``parts`` from ``r * (players + 1)`` on and ``fact_counts[r]`` of ``facts``, in order."""
        rows = len(mes)
        scratch = self.scratch
        lengths = np.fromiter(map(len, parts), dtype=np.intp, count=len(parts)).reshape(rows, -1).sum(axis=1)
        parts.append(np.array(facts, dtype=np.intp))
        positions = np.concatenate(parts)
        starts = np.arange(0, rows * scratch, scratch, dtype=np.intp)
        positions += np.repeat(np.concatenate((starts, starts)), np.concatenate((lengths, fact_counts)))
        counts = np.bincount(positions, minlength=rows * scratch)
        where = self.gather[mes]
        where += starts[:, None]
        out[:] = counts.take(where)
        unseen = out[:, self.unseen : self.unseen + _RANKS]
        np.subtract(_COMPOSITION, unseen, out=unseen)
