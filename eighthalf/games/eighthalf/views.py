"""Player views (I1–I4): what one seat, or a spectator, may know of a round.

A :class:`PlayerView` is a type of its own, so the type checker refuses it where a full
:class:`~eighthalf.GameState` is needed. It holds the viewer's own hand, everything
face up (open cards, collected stacks, the whole pile) and only the *sizes* of what is
hidden: other hands, every bank, every set of blind cards (I2, I3). Nothing in it
depends on the seed or the order of the deck (I4).

>>> from eighthalf import new_game
>>> state = new_game(4, seed=7)
>>> mine = view(state, 2)
>>> mine.hand, mine.seats[0].hand, mine.seats[0].hand_size
((<Rank.FOUR: 4>, <Rank.NINE: 9>, <Rank.GHOST: 11>), None, 3)
>>> [str(move) for move in mine.legal_moves()]
['4']

For bots that search, :func:`unseen_cards` is the multiset of cards the viewer cannot
see and :func:`sample_state` deals them out again at random into a full state that
looks exactly like the view (determinization).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.drawing import view_lines
from eighthalf.games.eighthalf.engine import moves_for
from eighthalf.games.eighthalf.moves import Move
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.position import rest_of_deck
from eighthalf.games.eighthalf.state import GameState, Outcome, PileCard, RoundFacts, Seat, Zone
from eighthalf.games.eighthalf.table_picture import SeatCards, round_picture

__all__ = [
    "PlayerView",
    "SeatView",
    "fill_view",
    "sample_state",
    "seat_view",
    "unseen_cards",
    "view",
    "view_seats",
    "view_with_seats",
]


@attrs.frozen(slots=True, weakref_slot=False)
class SeatView:
    """One seat as a viewer sees it: face-up cards in full, hidden ones as counts."""

    hand: tuple[Rank, ...] | None
    """The hand, sorted, if it is the viewer's own; ``None`` otherwise (I2)."""
    hand_size: int
    """How many cards are in the hand (I1)."""
    bank_size: int
    """How many cards are in the bank; nobody sees them (I3)."""
    open: tuple[Rank, ...]
    """The open cards, face up (I1)."""
    blind_size: int
    """How many blind cards are left; nobody sees them (I3)."""
    collected: tuple[Rank, ...]
    """The collected stack, face up (I1)."""
    on_table: bool
    """Whether the seat is on the table (L1)."""

    @property
    def is_out(self) -> bool:
        """True if the seat has no cards left (E1)."""
        return not (self.hand_size or self.bank_size or self.open or self.blind_size)

    @property
    def count(self) -> int:
        """The seat's E4 count: collected + hand + bank + open + blind."""
        return len(self.collected) + self.hand_size + self.bank_size + len(self.open) + self.blind_size

    @property
    def zone(self) -> Zone | None:
        """Where the seat plays from (T2), or ``None`` once it is out."""
        if self.hand_size:
            return "hand"
        if self.open:
            return "open"
        if self.blind_size:
            return "blind"
        return None


@attrs.frozen(slots=True, weakref_slot=False)
class PlayerView(RoundFacts):
    """A round as seen by ``seat`` (or by a spectator when ``seat`` is ``None``).

    The fields mirror :class:`~eighthalf.GameState`, with :class:`SeatView`\\ s in place
    of seats.
    """

    seat: int | None
    """The viewer's seat, or ``None`` for a spectator."""
    rules: Rules
    """The options of the round, the table options included (everybody knows the house rules)."""
    seats: tuple[SeatView, ...]
    """Every seat as the viewer sees it."""
    pile: tuple[PileCard, ...]
    """The whole pile, bottom to top (I1)."""
    call_halves: int
    """The call in half points (see :attr:`GameState.call_halves <eighthalf.GameState.call_halves>`)."""
    locked: bool
    """Whether the 5-lock holds (P7)."""
    at_risk: int | None
    """The seat that can be caught (P8), if any."""
    to_move: int
    """The seat whose turn it is."""
    move_number: int
    """How many moves have been made (E7)."""
    opening: Rank | None
    """The rank the opener must open with (S5), before the first move."""
    outcome: Outcome | None
    """How the round ended, once it is over."""

    def _seat_facts(self) -> Sequence[SeatView]:
        return self.seats

    @property
    def hand(self) -> tuple[Rank, ...] | None:
        """The viewer's own hand, or ``None`` for a spectator."""
        return None if self.seat is None else self.seats[self.seat].hand

    @property
    def my_turn(self) -> bool:
        """True if the round goes on and it is the viewer's move."""
        return self.outcome is None and self.seat == self.to_move

    def __str__(self) -> str:
        """The table as the view shows it, in a few lines (:func:`eighthalf.games.eighthalf.text.table_text`):
        the hidden cards counted, never named; ``repr`` gives every field exactly."""
        return view_lines(self)

    def _repr_svg_(self) -> str:
        """The table as a picture of what the view shows, for a notebook's display: hidden
        cards face down (:mod:`eighthalf.games.eighthalf.table_picture`)."""
        return round_picture(self, view_seats(self))

    def legal_moves(self) -> tuple[Move, ...]:
        """The viewer's legal moves when it is their turn, else ``()``.

        They equal :func:`~eighthalf.legal_moves` of the full state, under the same
        table options (:attr:`rules`); blind cards are offered by position only (L4).
        """
        if self.outcome is not None or self.seat != self.to_move:
            return ()
        me = self.seats[self.seat]
        assert me.hand is not None
        return moves_for(
            me.hand, me.open, me.blind_size, self.call_halves, self.locked, self.opening, self.rules.variant
        )


def view_seats(seen: PlayerView) -> tuple[SeatCards, ...]:
    """The seats of ``seen`` as its picture draws them: only the cards it shows (the viewer's
    hand and every open card), the rest counted and drawn face down."""
    return tuple(
        SeatCards(
            seat.hand,
            seat.hand_size,
            seat.bank_size,
            seat.open,
            None,
            seat.blind_size,
            len(seat.collected),
            seat.on_table,
        )
        for seat in seen.seats
    )


def seat_view(seat: Seat, own: bool) -> SeatView:
    """``seat`` as a viewer sees it: with its hand if it is the viewer's own (``own``).

    A building block of :func:`view` for callers that reuse seat views; the caller is
    trusted, nothing is checked."""
    return SeatView(
        seat.hand if own else None,
        len(seat.hand),
        len(seat.bank),
        seat.open,
        len(seat.blind),
        seat.collected,
        seat.on_table,
    )


def view(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know of ``state`` (I1–I4); ``seat=None`` for a spectator.

    Raises:
        InvalidStateError: If ``state`` is not a :class:`~eighthalf.GameState`, or
            ``seat`` is neither an int nor ``None``.
        IndexError: If ``seat`` is not a seat of the round.
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"view needs a GameState, not {quote(state)}")
    if seat is not None:
        if type(seat) is not int:
            raise InvalidStateError(f"a seat is an int (or None for a spectator), not {quote(seat)}")
        if not 0 <= seat < len(state.seats):
            raise IndexError(f"seat {quote(seat)} is not at this table of {len(state.seats)}")
    return view_with_seats(state, seat, tuple(seat_view(each, index == seat) for index, each in enumerate(state.seats)))


def view_with_seats(state: GameState, seat: int | None, seats: tuple[SeatView, ...]) -> PlayerView:
    """The view of ``state`` for ``seat`` with the given seat views, which must be
    ``seat_view(...)`` of each of its seats: for callers that reuse the seat views of
    seats that did not change (as the simulations do). The caller is trusted: nothing
    is checked (use :func:`view` for that)."""
    return PlayerView(
        seat,
        state.rules,
        seats,
        state.pile,
        state.call_halves,
        state.locked,
        state.at_risk,
        state.to_move,
        state.move_number,
        state.opening,
        state.outcome,
    )


def unseen_cards(seen: PlayerView) -> tuple[Rank, ...]:
    """The multiset of cards the viewer cannot see, in rank order: every other hand,
    every bank and every blind card, the viewer's own bank and blind cards included.

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`PlayerView`.
    """
    if not isinstance(seen, PlayerView):
        raise InvalidStateError(f"unseen_cards needs a PlayerView, not {quote(seen)}")
    visible: list[Rank] = [card.rank for card in seen.pile]
    for seat in seen.seats:
        visible.extend(seat.open)
        visible.extend(seat.collected)
        if seat.hand is not None:
            visible.extend(seat.hand)
    return rest_of_deck(visible)


def sample_state(seen: PlayerView, rng: random.Random) -> GameState:
    """A full state that the viewer cannot tell from the real one (determinization).

    The unseen cards are shuffled with ``rng`` and dealt into the hidden zones, sized
    as the view says, so ``view(sample_state(v, rng), v.seat) == v``. Before the first
    move, the opener's hand is given a card of the opening rank (S5); what the other
    seats announced at the opening is not otherwise taken into account. The sampled
    state keeps the view's :attr:`~eighthalf.PlayerView.rules`, table options included, so
    search on it plays the table's rules.

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`~eighthalf.PlayerView` or ``rng`` not a
            :class:`random.Random`.
    """
    if not isinstance(rng, random.Random):
        raise InvalidStateError(f"sample_state needs a random.Random, not {quote(rng)}")
    cards = list(unseen_cards(seen))
    rng.shuffle(cards)
    opening = seen.opening
    if opening is None:
        return fill_view(seen, [seat.hand or () for seat in seen.seats], cards)
    # S5: the opener holds the opening rank and no hand holds a lower yellow card.
    allowed = [card for card in cards if not (card.is_yellow and card < opening)]
    barred = [card for card in cards if card.is_yellow and card < opening]
    if seen.seat != seen.to_move:
        allowed.remove(opening)
    hands: list[tuple[Rank, ...]] = []
    for index, seat in enumerate(seen.seats):
        if seat.hand is not None:
            hands.append(seat.hand)
        else:
            size = seat.hand_size - (index == seen.to_move)
            hands.append((*allowed[:size], *([opening] if index == seen.to_move else [])))
            del allowed[:size]
    cards = allowed + barred
    rng.shuffle(cards)
    return fill_view(seen, hands, cards)


def fill_view(seen: PlayerView, known: Sequence[Sequence[Rank]], cards: Sequence[Rank]) -> GameState:
    """The full state that ``seen`` shows, with its hidden zones filled from ``cards``.

    Seat by seat, the hand is ``known[seat]`` completed to its size, then come the bank
    and the blind cards, each taken from the front of ``cards`` in turn. The caller
    passes exactly the cards the viewer cannot see (:func:`unseen_cards`, less the known
    ones), in the order it wants them dealt; it is trusted, nothing is checked.
    """
    seats = []
    at = 0
    for seat, hand in zip(seen.seats, known, strict=True):
        need = seat.hand_size - len(hand)
        full = tuple(sorted((*hand, *cards[at : at + need])))
        at += need
        bank = tuple(cards[at : at + seat.bank_size])
        at += seat.bank_size
        blind = tuple(cards[at : at + seat.blind_size])
        at += seat.blind_size
        seats.append(Seat(full, bank, seat.open, blind, seat.collected, seat.on_table))
    return GameState(
        seen.rules,
        tuple(seats),
        seen.pile,
        seen.call_halves,
        seen.locked,
        seen.at_risk,
        seen.to_move,
        seen.move_number,
        seen.opening,
        seen.outcome,
    )
