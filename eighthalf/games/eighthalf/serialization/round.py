"""8½'s rounds as documents: ``GameState`` and ``PlayerView``.

A state is checked by :func:`~eighthalf.position`; a view by dealing the cards it
hides into the hidden zones and checking the full position that results.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from eighthalf.core.errors import DocumentError
from eighthalf.formats.documents import Kind
from eighthalf.formats.documents import check_object as _object
from eighthalf.formats.documents import get_bool as _bool
from eighthalf.formats.documents import get_int as _int
from eighthalf.formats.documents import get_list as _list
from eighthalf.formats.documents import get_opt_seat as _opt_seat
from eighthalf.formats.documents import get_seat as _seat
from eighthalf.games.eighthalf.cards import COMPOSITION, RANKS, Rank
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.position import position
from eighthalf.games.eighthalf.serialization.values import (
    _COMPOSITION,
    _DECK_SIZE,
    _SYMBOLS,
    _cards,
    _load_pile,
    _load_seat,
    _nested_rules,
    _opening,
    _opt_outcome,
    _outcome_data,
    _pile_data,
    _rules_data,
    _seat_data,
    _symbols,
)
from eighthalf.games.eighthalf.state import MAX_CALL_HALVES, GameState, Outcome, PileCard, Seat, call_text
from eighthalf.games.eighthalf.views import PlayerView, SeatView


def _check_players(obj: dict[str, Any], path: str, rules: Rules) -> list[Any]:
    seats = _list(obj, "seats", path)
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise DocumentError(
            f"{path}.seats", f"{len(seats)} seats; the rules allow {rules.min_players} to {rules.max_players} (S2)"
        )
    return seats


def _check_derived(
    obj: dict[str, Any], path: str, state: GameState, outcome: Outcome | None
) -> tuple[int, bool, int | None]:
    """The stored call, 5-lock, risk and outcome must be what the position gives."""
    call_halves = _int(obj, "call_halves", path, 0, MAX_CALL_HALVES)
    if call_halves != state.call_halves:
        raise DocumentError(
            f"{path}.call_halves",
            f"{call_halves} does not agree with the pile, whose call is {state.call_halves} ({call_text(state.call_halves)})",
        )
    locked = _bool(obj, "locked", path)
    if locked is not state.locked:
        raise DocumentError(
            f"{path}.locked",
            f"{json.dumps(locked)} does not agree with the pile, which gives {json.dumps(state.locked)} (P7)",
        )
    at_risk = _opt_seat(obj, "at_risk", path, len(state.seats))
    if at_risk != state.at_risk:
        raise DocumentError(
            f"{path}.at_risk",
            f"{json.dumps(at_risk)} does not agree with the pile, which puts {json.dumps(state.at_risk)} at risk (P8)",
        )
    if outcome != state.outcome:
        assert state.outcome is not None
        raise DocumentError(
            f"{path}.outcome",
            f"does not agree with the position, which gives {json.dumps(_outcome_data(state.outcome))}",
        )
    return call_halves, locked, at_risk


# --------------------------------------------------------------------------- GameState

_STATE_KEYS: Final = frozenset(
    {"rules", "seats", "pile", "call_halves", "locked", "at_risk", "to_move", "move_number", "opening", "outcome"}
)


def _round_data(round: GameState | PlayerView, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The keys a state and a view share, ``rules`` to ``outcome``, given their ``seats`` written."""
    outcome = round.outcome
    opening = round.opening
    return {
        "rules": _rules_data(round.rules),
        "seats": seats,
        "pile": _pile_data(round.pile),
        "call_halves": round.call_halves,
        "locked": round.locked,
        "at_risk": round.at_risk,
        "to_move": round.to_move,
        "move_number": round.move_number,
        "opening": None if opening is None else _SYMBOLS[opening],
        "outcome": None if outcome is None else _outcome_data(outcome),
    }


def _state_data(state: GameState) -> dict[str, Any]:
    return _round_data(state, [_seat_data(seat) for seat in state.seats])


def _load_state(obj: dict[str, Any], path: str) -> GameState:
    rules = _nested_rules(obj, path)
    seats_data = _check_players(obj, path, rules)
    players = len(seats_data)
    seats = [_load_seat(seat, f"{path}.seats[{at}]") for at, seat in enumerate(seats_data)]
    pile = _load_pile(obj, path, players)
    to_move = _seat(obj, "to_move", path, players)
    move_number = _int(obj, "move_number", path)
    opening = _opening(obj, path)
    outcome = _opt_outcome(obj, path, players)
    state = _position(path, seats, to_move, pile, rules, move_number, opening, outcome)
    _check_derived(obj, path, state, outcome)
    return state


def _position(
    path: str,
    seats: Sequence[Seat],
    to_move: int,
    pile: Sequence[PileCard],
    rules: Rules,
    move_number: int,
    opening: Rank | None,
    outcome: Outcome | None,
) -> GameState:
    """The position these fields describe, checked by :func:`~eighthalf.position`."""
    try:
        return position(
            seats,
            to_move=to_move,
            pile=pile,
            rules=rules,
            move_number=move_number,
            opening=opening,
            over=outcome is not None,
            winner=None if outcome is None else outcome.winner,
        )
    except ValueError as error:  # InvalidStateError; or an int too long to print in its message
        raise DocumentError(path, str(error)) from None


# --------------------------------------------------------------------------- PlayerView

_SEAT_VIEW_KEYS: Final = frozenset({"hand", "hand_size", "bank_size", "open", "blind_size", "collected", "on_table"})
_VIEW_KEYS: Final = _STATE_KEYS | {"seat"}


def _seat_view_data(seat: SeatView) -> dict[str, Any]:
    return {
        "hand": None if seat.hand is None else _symbols(seat.hand),
        "hand_size": seat.hand_size,
        "bank_size": seat.bank_size,
        "open": _symbols(seat.open),
        "blind_size": seat.blind_size,
        "collected": _symbols(seat.collected),
        "on_table": seat.on_table,
    }


def _view_data(seen: PlayerView) -> dict[str, Any]:
    return {"seat": seen.seat, **_round_data(seen, [_seat_view_data(seat) for seat in seen.seats])}


def _load_seat_view(value: object, path: str, own: bool) -> SeatView:
    obj = _object(value, path, _SEAT_VIEW_KEYS)
    hand_size = _int(obj, "hand_size", path, 0, _DECK_SIZE)
    hand: tuple[Rank, ...] | None = None
    if own:
        if obj["hand"] is None:
            raise DocumentError(f"{path}.hand", "the viewer's own hand must be given (I2)")
        hand = tuple(sorted(_cards(obj, "hand", path)))
        if len(hand) != hand_size:
            raise DocumentError(f"{path}.hand", f"{len(hand)} cards, but hand_size is {hand_size}")
    elif obj["hand"] is not None:
        raise DocumentError(f"{path}.hand", "must be null: only the viewer's own hand is seen (I2)")
    return SeatView(
        hand,
        hand_size,
        _int(obj, "bank_size", path, 0, _DECK_SIZE),
        _cards(obj, "open", path),
        _int(obj, "blind_size", path, 0, 3),
        _cards(obj, "collected", path),
        _bool(obj, "on_table", path),
    )


def _load_view(obj: dict[str, Any], path: str) -> PlayerView:
    rules = _nested_rules(obj, path)
    seats_data = _check_players(obj, path, rules)
    players = len(seats_data)
    viewer = _opt_seat(obj, "seat", path, players)
    seats = tuple(_load_seat_view(seat, f"{path}.seats[{at}]", at == viewer) for at, seat in enumerate(seats_data))
    pile = _load_pile(obj, path, players)
    to_move = _seat(obj, "to_move", path, players)
    move_number = _int(obj, "move_number", path)
    opening = _opening(obj, path)
    outcome = _opt_outcome(obj, path, players)
    # Deal the unseen cards into the hidden zones and check the full position that
    # results: everything position() checks depends only on what the view shows and on
    # the sizes of the hidden zones, except the opening (S5, S6): the opener holds the
    # opening rank, and no hand a lower yellow. So the hidden hands get the cards
    # that are not yellow first, then the highest yellows; the rest fills the banks
    # and blind cards.
    visible: Counter[Rank] = Counter(card.rank for card in pile)
    hidden = 0
    for seat in seats:
        visible.update(seat.open)
        visible.update(seat.collected)
        if seat.hand is None:
            hidden += seat.hand_size
        else:
            visible.update(seat.hand)
        hidden += seat.bank_size + seat.blind_size
    too_many = [rank for rank in RANKS if visible[rank] > COMPOSITION[rank]]
    if too_many:
        rank = too_many[0]
        raise DocumentError(
            path, f"{visible[rank]} cards of {rank.label} are visible; the deck has {COMPOSITION[rank]} (S1)"
        )
    shown = sum(visible.values())
    if shown + hidden != _DECK_SIZE:
        raise DocumentError(
            path, f"{shown} cards are visible and {hidden} hidden, {shown + hidden} in all instead of the 72 of S1"
        )
    left = _COMPOSITION - visible
    unseen = sorted(left.elements(), key=lambda rank: (rank.is_yellow, -rank))
    reserved = opening if opening is not None and viewer != to_move and left[opening] else None
    if reserved is not None:
        unseen.remove(reserved)
    hands: list[tuple[Rank, ...]] = []
    for at, seat in enumerate(seats):
        hand = seat.hand
        if hand is None:
            size = seat.hand_size
            if at == to_move and reserved is not None and size:
                hand, unseen = (reserved, *unseen[: size - 1]), unseen[size - 1 :]
            else:
                hand, unseen = tuple(unseen[:size]), unseen[size:]
        hands.append(hand)
    full = []
    for seat, hand in zip(seats, hands, strict=True):
        bank, unseen = tuple(unseen[: seat.bank_size]), unseen[seat.bank_size :]
        blind, unseen = tuple(unseen[: seat.blind_size]), unseen[seat.blind_size :]
        full.append(Seat(hand, bank, seat.open, blind, seat.collected, seat.on_table))
    state = _position(path, full, to_move, pile, rules, move_number, opening, outcome)
    call_halves, locked, at_risk = _check_derived(obj, path, state, outcome)
    return PlayerView(viewer, rules, seats, pile, call_halves, locked, at_risk, to_move, move_number, opening, outcome)


ROUND_KINDS: Final = (
    Kind("GameState", (GameState,), _STATE_KEYS, _state_data, _load_state),
    Kind("PlayerView", (PlayerView,), _VIEW_KEYS, _view_data, _load_view),
)
"""The document types of a round: ``GameState`` and ``PlayerView``."""
