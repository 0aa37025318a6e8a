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
from eighthalf.formats.documents import wrong
from eighthalf.formats.fields import Bool, Field, Int, ListOf, Nullable, Shape, declared, ref
from eighthalf.games.eighthalf.cards import COMPOSITION, RANKS, Rank
from eighthalf.games.eighthalf.options import MAX_SEATS, Rules
from eighthalf.games.eighthalf.position import position
from eighthalf.games.eighthalf.serialization.values import (
    _COMPOSITION,
    _DECK_SIZE,
    OUTCOME,
    PILE,
    RULES,
    SEAT_OR_NULL,
    SEAT_STATE,
    SEAT_VIEW,
    SEATS_IN,
    YELLOW_RANK,
)
from eighthalf.games.eighthalf.state import MAX_CALL_HALVES, GameState, Outcome, PileCard, Seat, call_text
from eighthalf.games.eighthalf.views import PlayerView, SeatView

_NO_VALUES: Final[dict[str, Any]] = {}
_OWN: Final = {"own": True}
"""The context of the viewer's own seat in a view (its hand is shown, I2)."""
_OTHERS: Final = {"own": False}
"""The context of the other seats in a view."""


def _check_players(obj: dict[str, Any], path: str, rules: Rules) -> list[Any]:
    seats = obj["seats"]
    if type(seats) is not list:
        wrong(f"{path}.seats", "an array", seats)
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise DocumentError(
            f"{path}.seats", f"{len(seats)} seats; the rules allow {rules.min_players} to {rules.max_players} (S2)"
        )
    return seats


def _check_derived(
    obj: dict[str, Any], path: str, state: GameState, outcome: Outcome | None
) -> tuple[int, bool, int | None]:
    """The stored call, 5-lock, risk and outcome must be what the position gives."""
    call_halves = _CALL.read(obj["call_halves"], f"{path}.call_halves", _NO_VALUES)
    if call_halves != state.call_halves:
        raise DocumentError(
            f"{path}.call_halves",
            f"{call_halves} does not agree with the pile, whose call is {state.call_halves} ({call_text(state.call_halves)})",
        )
    locked = _LOCKED.read(obj["locked"], f"{path}.locked", _NO_VALUES)
    if locked is not state.locked:
        raise DocumentError(
            f"{path}.locked",
            f"{json.dumps(locked)} does not agree with the pile, which gives {json.dumps(state.locked)} (P7)",
        )
    at_risk = _AT_RISK.read(obj["at_risk"], f"{path}.at_risk", {"players": len(state.seats)})
    if at_risk != state.at_risk:
        raise DocumentError(
            f"{path}.at_risk",
            f"{json.dumps(at_risk)} does not agree with the pile, which puts {json.dumps(state.at_risk)} at risk (P8)",
        )
    if outcome != state.outcome:
        assert state.outcome is not None
        raise DocumentError(
            f"{path}.outcome",
            f"does not agree with the position, which gives {json.dumps(OUTCOME.write(state.outcome))}",
        )
    return call_halves, locked, at_risk


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


def _round(
    obj: dict[str, Any], path: str, players: int
) -> tuple[tuple[PileCard, ...], int, int, Rank | None, Outcome | None]:
    """The pile, the seat to move, the move number, the opening and the outcome, read in that order."""
    at = {"players": players}
    return (
        _PILE.read(obj["pile"], f"{path}.pile", at),
        _TO_MOVE.read(obj["to_move"], f"{path}.to_move", at),
        _MOVE_NUMBER.read(obj["move_number"], f"{path}.move_number", _NO_VALUES),
        _OPENING.read(obj["opening"], f"{path}.opening", _NO_VALUES),
        _OUTCOME.read(obj["outcome"], f"{path}.outcome", at),
    )


# --------------------------------------------------------------------------- GameState


def _load_state(obj: dict[str, Any], path: str, context: dict[str, Any]) -> GameState:
    rules = _RULES.read(obj["rules"], f"{path}.rules", _NO_VALUES)
    seats_data = _check_players(obj, path, rules)
    players = len(seats_data)
    load_seat = SEAT_STATE.load
    seats = [load_seat(seat, f"{path}.seats[{at}]") for at, seat in enumerate(seats_data)]
    pile, to_move, move_number, opening, outcome = _round(obj, path, players)
    state = _position(path, seats, to_move, pile, rules, move_number, opening, outcome)
    _check_derived(obj, path, state, outcome)
    return state


# --------------------------------------------------------------------------- PlayerView


def _load_view(obj: dict[str, Any], path: str, context: dict[str, Any]) -> PlayerView:
    rules = _RULES.read(obj["rules"], f"{path}.rules", _NO_VALUES)
    seats_data = _check_players(obj, path, rules)
    players = len(seats_data)
    viewer = _VIEWER.read(obj["seat"], f"{path}.seat", {"players": players})
    load_seat = SEAT_VIEW.load
    seats: tuple[SeatView, ...] = tuple(
        load_seat(seat, f"{path}.seats[{at}]", _OWN if at == viewer else _OTHERS) for at, seat in enumerate(seats_data)
    )
    pile, to_move, move_number, opening, outcome = _round(obj, path, players)

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


# --------------------------------------------------------------------------- the declarations

_RULES: Final = RULES.codec()
_SEATS: Final = {"type": "array", "minItems": 2, "maxItems": MAX_SEATS}
_PILE: Final = PILE
_CALL: Final = Int(0, MAX_CALL_HALVES)
_LOCKED: Final = Bool()
_AT_RISK: Final = SEAT_OR_NULL.but(inner=SEATS_IN)
_TO_MOVE: Final = SEATS_IN
_MOVE_NUMBER: Final = Int()
_OPENING: Final = Nullable(YELLOW_RANK)
_OUTCOME: Final = Nullable(OUTCOME.codec())
_VIEWER: Final = SEAT_OR_NULL.but(inner=SEATS_IN)


def _fields(seats: Shape) -> tuple[Field, ...]:
    """The fields a state and a view share, ``rules`` to ``outcome``, given the shape of their seats."""
    listed = ListOf(seats.codec(), name="seats", shown=_SEATS)
    return (
        Field("rules", _RULES), Field("seats", listed, extra={"items": ref(str(seats.name))}), Field("pile", _PILE),
        Field("call_halves", _CALL), Field("locked", _LOCKED), Field("at_risk", _AT_RISK), Field("to_move", _TO_MOVE),
        Field("move_number", _MOVE_NUMBER), Field("opening", _OPENING), Field("outcome", _OUTCOME),
    )  # fmt: skip


STATE: Final = Shape(GameState, _fields(SEAT_STATE), load=_load_state, name="gameState")
"""A round's state, checked by :func:`~eighthalf.position`: the call, 5-lock, risk and outcome it
states must be the ones its cards give."""
VIEW: Final = Shape(PlayerView, (Field("seat", _VIEWER), *_fields(SEAT_VIEW)), load=_load_view, name="playerView")
"""A seat's view of a round, checked by dealing the cards it hides and checking the state that results."""

ROUND_KINDS: Final = (declared("GameState", STATE), declared("PlayerView", VIEW))
"""The document types of a round: ``GameState`` and ``PlayerView``."""
