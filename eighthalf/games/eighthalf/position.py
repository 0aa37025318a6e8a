"""Build any legal position directly, validated: for tests, puzzles and bug reports."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Union

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.games.eighthalf.cards import COMPOSITION, DECK, RANKS, Rank
from eighthalf.games.eighthalf.engine import COMBINATION, effect
from eighthalf.games.eighthalf.options import MAX_COUNT, Rules
from eighthalf.games.eighthalf.state import PILE_CARDS, GameState, Outcome, PileCard, Seat, call_text

__all__ = ["position", "rest_of_deck"]

PileEntry = Union[PileCard, "tuple[Rank | int, int]"]

_DECK_SIZE = len(DECK)


def _ranks(cards: Iterable[object], where: str) -> tuple[Rank, ...]:
    given: Sequence[object]
    if isinstance(cards, (tuple, list)):
        given = cards
    else:
        try:
            if isinstance(cards, (str, bytes)):
                raise TypeError
            given = tuple(islice(cards, _DECK_SIZE + 1))
        except TypeError:  # not iterable (or text)
            raise InvalidStateError(f"{where}: expected a sequence of ranks, not {quote(cards)}") from None
    if len(given) > _DECK_SIZE:
        raise InvalidStateError(f"{where}: more than the {_DECK_SIZE} cards of the deck (S1)")
    out = []
    for card in given:
        if type(card) is Rank:
            out.append(card)
        elif type(card) is int and 0 <= card < len(RANKS):
            out.append(RANKS[card])
        else:
            raise InvalidStateError(f"{where}: not a rank: {quote(card)}")
    return tuple(out)


def _check_seat(index: int, seat: Seat) -> Seat:
    where = f"seat {index}"
    if not isinstance(seat, Seat):
        raise InvalidStateError(f"{where}: expected a Seat, not {quote(seat)}")
    hand = tuple(sorted(_ranks(seat.hand, f"{where} hand")))
    bank = _ranks(seat.bank, f"{where} bank")
    open_cards = _ranks(seat.open, f"{where} open cards")
    blind = _ranks(seat.blind, f"{where} blind cards")
    collected = _ranks(seat.collected, f"{where} collected stack")
    on_table = seat.on_table
    if type(on_table) is not bool:
        raise InvalidStateError(f"{where}: on_table must be a bool, not {quote(on_table)}")
    if len(open_cards) > 3 or len(blind) > 3:
        raise InvalidStateError(f"{where}: at most 3 open and 3 blind cards (S4)")
    if len(blind) < 3 and open_cards:
        raise InvalidStateError(f"{where}: blind cards were played while open cards remain (L3)")
    if (len(open_cards) < 3 or len(blind) < 3) and not on_table:
        raise InvalidStateError(f"{where}: open or blind cards were played but the seat is not on the table (T2, L1)")
    if bank and (len(hand) != 3 or on_table):
        raise InvalidStateError(
            f"{where}: while the bank has cards the hand holds exactly 3 and the seat is not on the table (T4, L1)"
        )
    if len(hand) > 3 and not on_table:
        raise InvalidStateError(f"{where}: a hand above 3 cards comes only from collecting on the table (T4, C1, L1)")
    if not bank and not hand and not on_table:
        raise InvalidStateError(f"{where}: bank and hand are empty, so the seat is on the table (L1)")
    return Seat(hand, bank, open_cards, blind, collected, on_table)


def _check_pile(
    pile: Sequence[PileEntry], players: int, variant: int = 0
) -> tuple[tuple[PileCard, ...], int, bool, int | None]:
    """Validate the pile as a chain of legal plays; derive the call, 5-lock and risk."""
    if type(pile) not in (list, tuple) and (isinstance(pile, (str, bytes)) or not isinstance(pile, Sequence)):
        raise InvalidStateError(f"the pile must be a sequence of pile cards, not {quote(pile)}")
    if len(pile) > _DECK_SIZE:
        raise InvalidStateError(f"the pile holds {len(pile)} cards, more than the {_DECK_SIZE} of the deck (S1)")
    cards: list[PileCard] = []
    for at, entry in enumerate(pile):
        given: object
        seat: object
        if isinstance(entry, PileCard):
            given, seat = entry.rank, entry.seat
        elif isinstance(entry, tuple) and len(entry) == 2:
            given, seat = entry
        else:
            raise InvalidStateError(f"pile card {at}: expected a PileCard or (rank, seat), not {quote(entry)}")
        (rank,) = _ranks((given,), f"pile card {at}")
        if not isinstance(seat, int) or type(seat) is not int or not 0 <= seat < players:
            raise InvalidStateError(f"pile card {at}: seat must be from 0 to {players - 1}, not {quote(seat)}")
        cards.append(PILE_CARDS[seat][rank])
    call, locked, risk = 0, False, None
    start = 0
    previous_seat: int | None = None
    while start < len(cards):
        seat = cards[start].seat
        end = start
        while end < len(cards) and cards[end].seat == seat:
            end += 1
        ranks = [card.rank for card in cards[start:end]]
        where = f"pile cards {start}-{end - 1} (seat {seat})"
        if previous_seat is not None and seat != (previous_seat + 1) % players:
            raise InvalidStateError(
                f"{where}: after seat {previous_seat} the next play on a pile is by seat {(previous_seat + 1) % players} (S2, C1)"
            )
        if ranks == [Rank.EIGHT, Rank.HALF]:
            token, count = COMBINATION, 1
        elif all(rank == ranks[0] for rank in ranks):
            token, count = int(ranks[0]), len(ranks)
        else:
            raise InvalidStateError(f"{where}: one play is cards of one rank or 8 with ½ (T3)")
        result = effect(token, count, call, locked, variant)
        if result is None:
            raise InvalidStateError(
                f"{where}: {' '.join(r.label for r in ranks)} cannot be played on a call of {call_text(call)} (P1-P7)"
            )
        if result[3]:
            raise InvalidStateError(f"{where}: this play is a catch, after which the pile is collected (P9)")
        call, locked = result[0], result[1]
        risk = seat if result[2] else None
        previous_seat = seat
        start = end
    return tuple(cards), call, locked, risk


def rest_of_deck(*zones: Iterable[Rank]) -> tuple[Rank, ...]:
    """The cards of the deck (S1) left over once the given zones are taken out, in rank order.

    Handy for building positions: put the rest in a bank or a collected stack.

    >>> len(rest_of_deck([Rank.ONE, Rank.GHOST], [Rank.GHOST]))
    69

    Raises:
        InvalidStateError: If the zones hold more cards of a rank than the deck has.
    """
    left = Counter(COMPOSITION)
    for zone in zones:
        for rank in _ranks(zone, "rest_of_deck"):
            left[rank] -= 1
            if left[rank] < 0:
                raise InvalidStateError(f"more than {COMPOSITION[rank]} cards of {rank.label} (S1)")
    return tuple(rank for rank in RANKS for _ in range(left[rank]))


def position(
    seats: Sequence[Seat],
    *,
    to_move: int,
    pile: Sequence[PileEntry] = (),
    rules: Rules | None = None,
    move_number: int = 0,
    opening: Rank | None = None,
    over: bool = False,
    winner: int | None = None,
) -> GameState:
    """Build a position directly, after checking that it can occur.

    The call, the 5-lock and who is at risk are worked out from the pile, which is read
    as a chain of plays: consecutive cards of one seat are one play, legal under the
    table options of ``rules`` (a Ghost on a 5 keeps the 5-lock only by default, P7;
    ``½½`` on 8 is a legal play only by default, P3). A round in
    progress has no seat out, except one that went out at risk while the next seat
    is to move (E2). A finished round is built with ``over=True`` and the ``winner``,
    who must be out, or ``winner=None`` when E7's move limit ended it. Hands are sorted;
    zones may be given as lists of :class:`~eighthalf.Rank` or ints.

    Seat 1 has just played ½ on seat 0's 6; seat 0, on the table, may catch with the 7:

    >>> from eighthalf import Rank as R, Seat, legal_moves
    >>> me = Seat(hand=(R.SEVEN, R.EIGHT, R.HALF), bank=(), open=(), blind=(), on_table=True)
    >>> pile = [(R.SIX, 0), (R.HALF, 1)]
    >>> hand = (R.ONE, R.TWO, R.THREE)
    >>> rest = rest_of_deck(me.hand, hand, [rank for rank, _ in pile])
    >>> other = Seat(hand=hand, bank=(), open=rest[:3], blind=rest[3:6], collected=rest[6:])
    >>> state = position([me, other], pile=pile, to_move=0)
    >>> state.call_label, state.at_risk, state.catch_card
    ('6½', 1, <Rank.SEVEN: 7>)
    >>> [str(move) for move in legal_moves(state)]
    ['7', '8', 'H', '8H']

    Raises:
        InvalidStateError: If the position cannot occur: the wrong cards (not the 72 of
            S1), a zone of an impossible size, a pile that is not a chain of legal
            plays, a seat to move out of range or already out, and so on; or if an
            argument is of the wrong type (``seats`` not a sequence of
            :class:`~eighthalf.Seat`, ``rules`` not a :class:`~eighthalf.Rules`,
            ``over`` not a bool, ``move_number`` not an int from 0 to 2\\ :sup:`53` - 1
            …). The message says what is wrong.
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise InvalidStateError(f"rules must be a Rules, not {quote(rules)}")
    if type(seats) not in (list, tuple) and (isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence)):
        raise InvalidStateError(f"seats must be a sequence of Seat, not {quote(seats)}")
    if type(over) is not bool:
        raise InvalidStateError(f"over must be a bool, not {quote(over)}")
    players = len(seats)
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidStateError(f"{players} seats; the rules allow {rules.min_players} to {rules.max_players} (S2)")
    checked = tuple(_check_seat(index, seat) for index, seat in enumerate(seats))
    cards, call, locked, risk = _check_pile(pile, players, rules.variant)
    held: Counter[Rank] = Counter(card.rank for card in cards)
    for seat in checked:
        held.update(seat.hand + seat.bank + seat.open + seat.blind + seat.collected)
    if held != Counter(COMPOSITION):
        wrong = ", ".join(
            f"{rank.label}: {held[rank]} instead of {COMPOSITION[rank]}"
            for rank in RANKS
            if held[rank] != COMPOSITION[rank]
        )
        raise InvalidStateError(f"the cards are not the 72 of S1 ({wrong})")
    if type(to_move) is not int or not 0 <= to_move < players:
        raise InvalidStateError(f"to_move must be a seat from 0 to {players - 1}, not {quote(to_move)}")
    if cards and to_move != (cards[-1].seat + 1) % players:
        raise InvalidStateError(
            f"seat {cards[-1].seat} played last, so seat {(cards[-1].seat + 1) % players} is to move, not {to_move} (S2)"
        )
    if type(move_number) is not int or not 0 <= move_number <= MAX_COUNT:
        raise InvalidStateError(f"move_number must be an int from 0 to 2**53 - 1, not {quote(move_number)}")
    limit = rules.move_limit
    if limit is not None and (move_number > limit or (move_number == limit and not over)):
        raise InvalidStateError(f"move {move_number} reaches the move limit of {limit}, so the round is over (E7)")
    if opening is not None:
        if type(opening) is not Rank or not opening.is_yellow:
            raise InvalidStateError(f"opening must be a yellow rank, not {quote(opening)} (S5)")
        if cards or move_number or opening not in checked[to_move].hand:
            raise InvalidStateError(
                f"an opening by seat {to_move} with {opening.label} needs an empty pile, move 0 and the card in hand (S5)"
            )
        for index, seat in enumerate(checked):
            lowest = next((rank for rank in seat.hand if rank.is_yellow), None)
            if lowest is not None and lowest < opening:
                raise InvalidStateError(
                    f"seat {index} holds a {lowest.label}, lower than the opening {opening.label}: the lowest yellow opens (S5)"
                )
    out = [index for index, seat in enumerate(checked) if seat.is_out]
    outcome = None
    if not over:
        if winner is not None:
            raise InvalidStateError("a winner is given only with over=True")
        if checked[to_move].is_out:
            raise InvalidStateError(f"seat {to_move} is to move but has no cards left (E1)")
        waiting = len(out) == 1 and risk == out[0] and to_move == (out[0] + 1) % players
        if out and not waiting:
            raise InvalidStateError(
                f"seat(s) {out} are out and nobody waits on E2, so the round is over: pass over=True (E2, E3)"
            )
    else:
        if opening is not None:
            raise InvalidStateError("a finished round has no opening (S5)")
        if winner is None:
            if limit is None or move_number != limit:
                raise InvalidStateError(
                    f"a round without a winner ends only at E7's move limit, not at move {move_number} (E7)"
                )
        elif type(winner) is not int or winner not in out:
            raise InvalidStateError(f"the winner must be a seat that is out (E1), one of {out}, not {quote(winner)}")
        elif len(out) > 2 or (len(out) == 2 and (winner + 1) % players not in out):
            raise InvalidStateError(f"seats {out} are out; only the winner and the seat after it can both be (E2)")
        outcome = Outcome.score(checked, winner)
    return GameState(rules, checked, cards, call, locked, risk, to_move, move_number, opening, outcome)
