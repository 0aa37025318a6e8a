"""The rules logic: :func:`~eighthalf.legal_moves`, :func:`~eighthalf.apply` and the unchecked fast path.

The functions here are pure: they read a :class:`~eighthalf.GameState` and return new
values; nothing is ever changed in place and no randomness is involved (the only chance
in 8½ is the deal, made by :func:`~eighthalf.new_game`).

Speed matters here, because bots and simulations call these functions millions of
times. The legality of every play against every call is tabulated once per set of
table options (:data:`EFFECTS` for the defaults, built at import; the others on first
use, :func:`~eighthalf.games.eighthalf.engine.effects_for`), the moves of a hand against a call are
memoised in bounded tables, and moves are shared instances. The table options of
:class:`~eighthalf.Rules` (P7, P3, S5, T3) reach the engine as
:attr:`Rules.variant <eighthalf.Rules.variant>`, one small int.
"""

from __future__ import annotations

from typing import Final, cast

from eighthalf.core.errors import IllegalMoveError, not_a_move, state_error
from eighthalf.games.eighthalf.cards import RANKS, Rank
from eighthalf.games.eighthalf.moves import (
    BLIND_PLAYS,
    COLLECT,
    EIGHT_AND_HALF,
    HAND_PLAYS,
    OPEN_RUNS,
    BlindPlay,
    Collect,
    EightAndHalf,
    HandPlay,
    Move,
    OpenPlay,
)
from eighthalf.games.eighthalf.state import MAX_CALL_HALVES, PILE_CARDS, GameState, Outcome, PileCard, Seat, call_text

__all__ = [
    "COMBINATION",
    "EFFECTS",
    "Effect",
    "apply",
    "apply_unchecked",
    "effect",
    "effects_for",
    "is_legal",
    "legal_moves",
    "moves_for",
]

_ZERO, _FIVE, _EIGHT, _NINE, _HALF, _GHOST = 0, 5, 8, 9, 10, 11
COMBINATION: Final = 12
"""The token that stands for the 8½ combination in :data:`EFFECTS` (after the 12 ranks)."""
_EIGHT_HALF_CALL = 17  # 8½ in half points
_LOCK_NEXT_ONLY = 1  # the bits of Rules.variant (eighthalf.games.eighthalf.options.OPTION_NAMES)
_HALVES_STOP = 2
_SINGLE_OPENING = 4
_OPEN_RUNS = 8
_VARIANTS = 16
_EFFECT_BITS = _LOCK_NEXT_ONLY | _HALVES_STOP  # the options that change what a play does

Effect = tuple[int, bool, bool, bool]
"""What a legal play does: ``(call_halves, locked, mover_at_risk, is_catch)`` after it."""

_EffectTable = tuple[tuple[tuple[tuple[Effect | None, ...], ...], ...], ...]
# table[locked][call_halves][token][count]: effect() tabulated for one set of options


def effect(token: int, count: int, call_halves: int, locked: bool, variant: int = 0) -> Effect | None:
    """What playing ``count`` cards of ``token`` does to a call, or ``None`` if illegal.

    ``token`` is a rank (0–11) or :data:`COMBINATION`; ``variant`` is the
    :attr:`~eighthalf.Rules.variant` of the table options (0: the rule book's rulings).
    This is the whole of P1–P8 in one place; :data:`~eighthalf.games.eighthalf.engine.EFFECTS` and
    :func:`~eighthalf.games.eighthalf.engine.effects_for` tabulate it.

    >>> effect(Rank.SEVEN, 1, 13, False)  # a 7 on 6½ catches (P8)
    (14, False, False, True)
    >>> effect(Rank.HALF, 2, 16, False)  # ½½ on 8 makes 9 (P3)
    (18, False, False, False)
    >>> effect(Rank.HALF, 1, 17, False) is None  # no ½ on 8½ (P3)
    True
    >>> effect(Rank.HALF, 2, 16, False, variant=2) is None  # halves_stop_at_8_half (P3)
    True
    >>> effect(Rank.GHOST, 1, 10, True, variant=1)  # lock_next_only: a Ghost on the 5 ends the lock (P7)
    (10, False, False, False)
    """
    half_call = call_halves % 2 == 1
    if token == _GHOST:  # P4: invisible, but the Ghost's player takes over the risk
        # P7: the Ghost passes the lock on, unless it binds only the player facing the 5
        still_locked = locked and not variant & _LOCK_NEXT_ONLY
        return (call_halves, still_locked, half_call and call_halves <= _EIGHT_HALF_CALL, False)
    if token == _HALF:  # P3
        if call_halves == _EIGHT_HALF_CALL:
            return None
        if variant & _HALVES_STOP and call_halves < _EIGHT_HALF_CALL < call_halves + count:
            return None  # a later ½ of the run would land on 8½
        new = call_halves + count
        return (new, False, new % 2 == 1 and new <= _EIGHT_HALF_CALL, False)
    if token == _ZERO:  # P2
        return None if half_call else (0, False, False, False)
    if token == COMBINATION:  # P5: where an 8 may go, and on 8½; P7 forbids it under the lock
        if locked or call_halves > _EIGHT_HALF_CALL:
            return None
        return (_EIGHT_HALF_CALL, False, True, False)
    value = 2 * token
    if locked:  # P7: 1 to 5 only
        return None if token > _FIVE else (value, token == _FIVE, False, False)
    if value < call_halves:  # P1
        return None
    catch = half_call and value == call_halves + 1 and call_halves <= _EIGHT_HALF_CALL  # P8
    return (value, token == _FIVE, False, catch)


def _effect_table(variant: int) -> _EffectTable:
    return tuple(
        [
            tuple(
                [
                    tuple(
                        [
                            tuple([effect(token, count, call, bool(locked), variant) for count in range(9)])
                            for token in range(COMBINATION + 1)
                        ]
                    )
                    for call in range(MAX_CALL_HALVES + 1)
                ]
            )
            for locked in range(2)
        ]
    )


EFFECTS: tuple[tuple[tuple[tuple[Effect | None, ...], ...], ...], ...] = _effect_table(0)
"""``EFFECTS[locked][call_halves][token][count]``: :func:`effect` under the rule book's
rulings, tabulated (see :func:`~eighthalf.games.eighthalf.engine.effects_for` for the table options)."""

_EFFECT_TABLES: list[_EffectTable | None] = [EFFECTS] + [None] * (_VARIANTS - 1)


def effects_for(variant: int) -> tuple[tuple[tuple[tuple[Effect | None, ...], ...], ...], ...]:
    """The :data:`~eighthalf.games.eighthalf.engine.EFFECTS` table of the table options ``variant``.

    ``variant`` is a :attr:`Rules.variant <eighthalf.Rules.variant>`.

    Built on first use and kept: one table per set of options that changes what a play
    does (P7's ``lock_next_only``, P3's ``halves_stop_at_8_half``); the other options
    share their table.

    >>> effects_for(0) is EFFECTS
    True
    >>> effects_for(2)[0][16][Rank.HALF][2] is None  # halves_stop_at_8_half: no ½½ on 8 (P3)
    True
    """
    table = _EFFECT_TABLES[variant]
    if table is None:
        key = variant & _EFFECT_BITS
        table = _EFFECT_TABLES[key]
        if table is None:
            table = _effect_table(key)
            _EFFECT_TABLES[key] = table
        _EFFECT_TABLES[variant] = table
    return table


_PILE_RUNS: tuple[tuple[tuple[tuple[PileCard, ...], ...], ...], ...] = tuple(
    tuple(tuple((PILE_CARDS[seat][rank],) * count for count in range(9)) for rank in range(12))
    for seat in range(len(PILE_CARDS))
)
_COMBINATION_RUNS = tuple((PILE_CARDS[seat][_EIGHT], PILE_CARDS[seat][_HALF]) for seat in range(len(PILE_CARDS)))

_MEMO_HAND_SIZE = 4
# Memo tables: _HAND_MOVES[variant][locked][call_halves] maps a hand of up to
# _MEMO_HAND_SIZE cards to its moves (at most 1,819 hands a table, so the memory stays
# bounded); larger hands, which only seats on the table collect, are worked out each
# time. The same for open cards (at most 3, keyed in the order they were laid, so at
# most 12 + 12² + 12³ = 1,884 a table). Only the tables of the options in use ever fill.
_HAND_MOVES: tuple[tuple[tuple[dict[tuple[Rank, ...], tuple[Move, ...]], ...], ...], ...] = tuple(
    [tuple([tuple([{} for _ in range(MAX_CALL_HALVES + 1)]) for _ in range(2)]) for _ in range(_VARIANTS)]
)
_OPEN_MOVES: tuple[tuple[tuple[dict[tuple[Rank, ...], tuple[Move, ...]], ...], ...], ...] = tuple(
    [tuple([tuple([{} for _ in range(MAX_CALL_HALVES + 1)]) for _ in range(2)]) for _ in range(_VARIANTS)]
)
_BLIND_MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(BLIND_PLAYS[:size]) for size in range(4))
_ONLY_COLLECT: tuple[Move, ...] = (COLLECT,)
_HANDS: dict[tuple[Rank, ...], tuple[Rank, ...]] = {}  # interned hands of up to 3 cards


def _legal_counts(counts: tuple[Effect | None, ...], held: int) -> int:
    """How many of the plays of 1 to ``held`` cards are legal: a prefix (P3 only ever
    stops a run from some length on)."""
    legal = 0
    while legal < held and counts[legal + 1] is not None:
        legal += 1
    return legal


def _hand_moves(hand: tuple[Rank, ...], row: tuple[tuple[Effect | None, ...], ...]) -> tuple[Move, ...]:
    moves: list[Move] = []
    previous = -1
    for rank in hand:  # sorted, so equal ranks are adjacent
        if rank != previous:
            previous = rank
            if row[rank][1] is not None:
                plays = HAND_PLAYS[rank]
                moves.extend(plays[: _legal_counts(row[rank], hand.count(rank))])
    if row[COMBINATION][1] is not None and _EIGHT in hand and _HALF in hand:
        moves.append(EIGHT_AND_HALF)
    return tuple(moves) if moves else _ONLY_COLLECT


def _open_moves(cards: tuple[Rank, ...], row: tuple[tuple[Effect | None, ...], ...], runs: bool) -> tuple[Move, ...]:
    moves: list[Move] = []
    for rank in sorted(set(cards)):
        if row[rank][1] is not None:
            plays = OPEN_RUNS[rank]
            moves.extend(plays[: _legal_counts(row[rank], cards.count(rank))] if runs else plays[:1])  # T3
    return tuple(moves) if moves else _ONLY_COLLECT


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of the seat to move, each exactly once; ``()`` once the round is over.

    The order is stable: from the hand, plays by rank (0–9, ½, Ghost) and, within a
    rank, by the number of cards, then the 8½ combination; from the open cards, by
    rank (and by the number of cards, under :attr:`~eighthalf.Rules.open_runs`); from
    the blind cards, by position. A seat with no legal play gets only
    :class:`~eighthalf.Collect` (T1); a seat playing blind cards never collects by
    choice: any blind card may be turned (L4). The table options of ``state.rules``
    are honoured.

    >>> from eighthalf import new_game
    >>> state = new_game(4, seed=7)
    >>> [str(move) for move in legal_moves(state)]  # the opening (S5): seat 2's lowest yellow
    ['4']

    Raises:
        TypeError: If ``state`` is not a :class:`~eighthalf.GameState` (a player's view, a
            match, a state of Eights), in the same words in both builds.
    """
    try:
        if state.outcome is not None:
            return ()
        seat = state.seats[state.to_move]
        hand = seat.hand
        variant = state.rules.variant
        if hand and state.opening is None:  # the common case: one memo lookup
            moves = _HAND_MOVES[variant][state.locked][state.call_halves].get(hand)
            if moves is not None:
                return moves
        return moves_for(hand, seat.open, len(seat.blind), state.call_halves, state.locked, state.opening, variant)
    except AttributeError as fault:  # the compiled build refuses another type at the call, the pure one here
        raise state_error(GameState, state, fault) from None


def moves_for(
    hand: tuple[Rank, ...],
    open_cards: tuple[Rank, ...],
    blind_count: int,
    call_halves: int,
    locked: bool,
    opening: Rank | None = None,
    variant: int = 0,
) -> tuple[Move, ...]:
    """The legal moves of a seat with these cards facing this call (see :func:`~eighthalf.legal_moves`).

    Everything it needs is known to the seat itself, which is how a
    :class:`~eighthalf.games.eighthalf.views.PlayerView` lists its moves. ``hand`` must be sorted;
    ``variant`` is the :attr:`~eighthalf.Rules.variant` of the table's options.
    """
    if hand:  # T2: the hand first
        if opening is not None:  # S5: the lowest yellow card, with identical copies if wished
            return HAND_PLAYS[opening][: 1 if variant & _SINGLE_OPENING else hand.count(opening)]
        table = _HAND_MOVES[variant][locked][call_halves]
        moves = table.get(hand)
        if moves is None:
            moves = _hand_moves(hand, effects_for(variant)[locked][call_halves])
            if len(hand) <= _MEMO_HAND_SIZE:
                table[hand] = moves
        return moves
    if open_cards:  # L2
        table = _OPEN_MOVES[variant][locked][call_halves]
        moves = table.get(open_cards)
        if moves is None:
            row = effects_for(variant)[locked][call_halves]
            moves = table[open_cards] = _open_moves(open_cards, row, bool(variant & _OPEN_RUNS))
        return moves
    return _BLIND_MOVES[blind_count]  # L3, L4


def is_legal(state: GameState, move: object) -> bool:
    """True if ``move`` is legal in ``state`` (the same as ``move in legal_moves(state)``).

    Anything that is not a move is simply not legal.
    """
    return move in legal_moves(state)


def apply(state: GameState, move: Move) -> GameState:
    """Make a move: return the state after it. ``state`` itself is never changed.

    >>> from eighthalf import new_game, parse_move
    >>> state = new_game(4, seed=7)
    >>> after = apply(state, parse_move("4"))
    >>> after.call_label, after.to_move, after.move_number
    ('4', 3, 1)
    >>> apply(after, parse_move("c"))
    Traceback (most recent call last):
    ...
    eighthalf.errors.IllegalMoveError: illegal move 'c': a player who can play must play; only a player with no legal play collects (T1)

    Raises:
        IllegalMoveError: If ``move`` is not legal here; the message gives the reason
            and the rule id, e.g. ``"illegal move 'H': ½ cannot be played on a call
            of 8½ (P3)"``.
        NotAMoveError: If ``move`` is not a move at all (T3), such as the text ``"4"``;
            the message points to :func:`~eighthalf.parse_move`. A type checker
            refuses such a call too, since ``move`` is typed as a :data:`~eighthalf.Move`.
    """
    if move in legal_moves(state):
        return apply_unchecked(state, move)
    raise _why_illegal(state, move)


def apply_unchecked(state: GameState, move: Move) -> GameState:
    """Make a move that is known to be legal, without checking it: the fast path.

    Use it only with moves taken from :func:`~eighthalf.legal_moves` of the same state, as search
    code does. An illegal move gives an undefined result (a corrupt state or an
    exception), never an :class:`~eighthalf.IllegalMoveError`.
    """
    seats = state.seats
    mover = state.to_move
    seat = seats[mover]
    kind = type(move)
    variant = state.rules.variant
    row = (EFFECTS if not variant else effects_for(variant))[state.locked][state.call_halves]
    if kind is HandPlay:
        hand_play = cast(HandPlay, move)
        rank = hand_play.rank
        count = hand_play.count
        hand = seat.hand
        at = hand.index(rank)
        return _resolve(
            state,
            _after_hand_play(seat, hand[:at] + hand[at + count :]),
            state.pile + _PILE_RUNS[mover][rank][count],
            row[rank][count],
        )
    if kind is EightAndHalf:
        rest = list(seat.hand)
        rest.remove(RANKS[_EIGHT])
        rest.remove(RANKS[_HALF])
        return _resolve(
            state,
            _after_hand_play(seat, tuple(rest)),
            state.pile + _COMBINATION_RUNS[mover],
            row[COMBINATION][1],
        )
    if kind is OpenPlay:
        open_play = cast(OpenPlay, move)
        rank = open_play.rank
        count = open_play.count
        cards = seat.open
        if count == 1:
            at = cards.index(rank)
            left = cards[:at] + cards[at + 1 :]
        else:  # T3 under open_runs: the open cards keep their order
            left = tuple(_without(cards, rank, count))
        new_seat = Seat(seat.hand, seat.bank, left, seat.blind, seat.collected, True)
        return _resolve(state, new_seat, state.pile + _PILE_RUNS[mover][rank][count], row[rank][count])
    if kind is BlindPlay:
        at = cast(BlindPlay, move).position
        blind = seat.blind
        rank = blind[at]
        new_seat = Seat(seat.hand, seat.bank, seat.open, blind[:at] + blind[at + 1 :], seat.collected, True)
        pile = state.pile + _PILE_RUNS[mover][rank][1]
        result = row[rank][1]
        if result is None:  # L4: a failed blind card is collected with the pile
            return _collect(state, new_seat, pile)
        return _resolve(state, new_seat, pile, result)
    return _collect(state, seat, state.pile)  # Collect (T1, C1)


def _without(cards: tuple[Rank, ...], rank: Rank, count: int) -> list[Rank]:
    """``cards`` with the first ``count`` cards of ``rank`` taken out."""
    rest: list[Rank] = []
    for card in cards:
        if card == rank and count:
            count -= 1
        else:
            rest.append(card)
    return rest


def _after_hand_play(seat: Seat, hand: tuple[Rank, ...]) -> Seat:
    """The seat after playing from the hand: refill to 3 from the bank (T4), L1."""
    bank = seat.bank
    need = 3 - len(hand)
    if need > 0 and bank:
        hand = tuple(sorted(hand + bank[:need]))
        bank = bank[need:]
    if len(hand) <= 3:
        hand = _HANDS.setdefault(hand, hand)
    return Seat(hand, bank, seat.open, seat.blind, seat.collected, seat.on_table or not (hand or bank))


def _take(seat: Seat, pile: tuple[PileCard, ...]) -> Seat:
    """The seat after collecting ``pile``: aside, or into the hand once on the table (C1, L1)."""
    ranks = tuple(card.rank for card in pile)
    if seat.on_table:
        return Seat(tuple(sorted(seat.hand + ranks)), seat.bank, seat.open, seat.blind, seat.collected, True)
    return Seat(seat.hand, seat.bank, seat.open, seat.blind, seat.collected + ranks, False)


def _finish(
    state: GameState,
    seats: tuple[Seat, ...],
    pile: tuple[PileCard, ...],
    call_halves: int,
    locked: bool,
    at_risk: int | None,
    to_move: int,
    winner: int | None,
) -> GameState:
    """Build the successor; end the round if there is a winner or E7's limit is reached."""
    number = state.move_number + 1
    rules = state.rules
    if winner is None:
        limit = rules.move_limit
        if limit is None or number < limit:
            return GameState(rules, seats, pile, call_halves, locked, at_risk, to_move, number)
    return GameState(
        rules, seats, pile, call_halves, locked, at_risk, to_move, number, None, Outcome.score(seats, winner)
    )


def _resolve(state: GameState, seat: Seat, pile: tuple[PileCard, ...], result: Effect | None) -> GameState:
    """Finish a legal play by the seat to move (P8, P9, E1–E3)."""
    assert result is not None, "apply_unchecked was given an illegal play"
    call_halves, locked, risky, catch = result
    seats = state.seats
    mover = state.to_move
    out = seat.is_out  # E1
    if catch:  # P9: the seat at risk collects; the catcher starts again, or wins if out
        victim = cast(int, state.at_risk)
        new_seats = list(seats)
        new_seats[mover] = seat
        new_seats[victim] = _take(seats[victim], pile)
        return _finish(state, tuple(new_seats), (), 0, False, None, mover, mover if out else None)
    new_seats_t = (*seats[:mover], seat, *seats[mover + 1 :])
    next_seat = mover + 1 if mover + 1 < len(seats) else 0
    pending = state.pending_out  # E2: the seat that went out before this move
    if pending is not None:  # E2: not a catch, so the seat that went out wins
        winner: int | None = pending
    elif out and not risky:  # E3
        winner = mover
    else:  # play on; a mover who went out on a catchable half call waits on E2
        winner = None
    return _finish(state, new_seats_t, pile, call_halves, locked, mover if risky else None, next_seat, winner)


def _collect(state: GameState, seat: Seat, pile: tuple[PileCard, ...]) -> GameState:
    """The seat to move takes ``pile`` (C1, L4); the next seat starts a new pile (C2)."""
    seats = state.seats
    mover = state.to_move
    new_seats = (*seats[:mover], _take(seat, pile), *seats[mover + 1 :])
    next_seat = mover + 1 if mover + 1 < len(seats) else 0
    return _finish(state, new_seats, (), 0, False, None, next_seat, state.pending_out)


def _why_illegal(state: GameState, move: object) -> IllegalMoveError:
    """Explain why ``move`` is not legal in ``state``, with the rule id."""
    if not isinstance(move, (HandPlay, EightAndHalf, OpenPlay, BlindPlay, Collect)):
        return not_a_move(move, "parse_move", "8½")
    text = str(move)
    if state.outcome is not None:
        return IllegalMoveError(text, "the round is over", "E3" if state.winner is not None else "E7")
    seat = state.seats[state.to_move]
    zone = seat.zone
    if isinstance(move, Collect):
        return IllegalMoveError(
            text, "a player who can play must play; only a player with no legal play collects", "T1"
        )
    if isinstance(move, (HandPlay, EightAndHalf)):
        if zone != "hand":
            return IllegalMoveError(text, f"the hand is empty: play from the {zone} cards", "T2")
        if isinstance(move, HandPlay):
            held = seat.hand.count(move.rank)
            if held < move.count:
                return IllegalMoveError(text, f"the hand holds {held} of {move.rank.label}, not {move.count}", "T3")
            token, count = int(move.rank), move.count
        else:
            if Rank.EIGHT not in seat.hand or Rank.HALF not in seat.hand:
                return IllegalMoveError(text, "the 8½ combination needs an 8 and a ½ in the hand", "T3")
            token, count = COMBINATION, 1
        if state.opening is not None:
            if state.rules.variant & _SINGLE_OPENING:
                return IllegalMoveError(
                    text,
                    f"the opening play is exactly one card, the lowest yellow card {state.opening.label}"
                    " (table option single_opening)",
                    "S5",
                )
            return IllegalMoveError(
                text, f"the opening play is the lowest yellow card, {state.opening.label}, with any copies", "S5"
            )
    elif isinstance(move, OpenPlay):
        if zone != "open":
            where = "hand" if zone == "hand" else "blind cards"
            rule = "T2" if zone == "hand" else "L3"
            return IllegalMoveError(text, f"open cards are played only with an empty hand; play from the {where}", rule)
        held = seat.open.count(move.rank)
        if not held:
            return IllegalMoveError(text, f"there is no open {move.rank.label}", "T3")
        if move.count > 1 and not state.rules.variant & _OPEN_RUNS:
            return IllegalMoveError(
                text, "one open card per turn (several of one rank only under the table option open_runs)", "T3"
            )
        if held < move.count:
            return IllegalMoveError(text, f"there are {held} open {move.rank.label}, not {move.count}", "T3")
        token, count = int(move.rank), move.count
    else:
        if zone != "blind":
            rule = "L3" if zone == "open" else "T2"
            return IllegalMoveError(text, "blind cards are played only once hand and open cards are gone", rule)
        return IllegalMoveError(text, f"there are only {len(seat.blind)} blind cards (positions from 0)", "L4")
    return _illegal_play(text, token, count, state.call_halves, state.locked)


def _illegal_play(text: str, token: int, count: int, call_halves: int, locked: bool) -> IllegalMoveError:
    call = call_text(call_halves)
    if token == _HALF:
        if call_halves != _EIGHT_HALF_CALL:  # only the table option halves_stop_at_8_half refuses this
            return IllegalMoveError(
                text,
                f"no ½ of a run may land on 8½ (table option halves_stop_at_8_half): {count} ½s on a call of {call}"
                f" lay one on 8½; at most {_EIGHT_HALF_CALL - call_halves} may be played",
                "P3",
            )
        return IllegalMoveError(text, "½ cannot be played on a call of 8½", "P3")
    if token == _ZERO:
        return IllegalMoveError(text, f"0 can be played only on a whole call, not on {call}", "P2")
    if locked:
        what = "the 8½ combination" if token == COMBINATION else f"a {token}"
        return IllegalMoveError(text, f"under the 5-lock only 1–5, 0, ½ and Ghost may be played, not {what}", "P7")
    if token == COMBINATION:
        return IllegalMoveError(text, f"the 8½ combination cannot go on a call of {call}", "P5")
    if call_halves == _EIGHT_HALF_CALL:
        return IllegalMoveError(
            text, f"on a call of 8½ only Ghosts, 8 with ½ and 9s may be played, not a {token}", "P6"
        )
    return IllegalMoveError(text, f"a {token} cannot be played on a call of {call}", "P1")
