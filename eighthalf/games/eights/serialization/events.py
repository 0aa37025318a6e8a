"""Eights' events as documents: ``eights.Spelled`` … ``eights.GameOver``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.document_kinds import field_kind
from eighthalf.formats.documents import Kind, get_int, get_seat, get_str, get_winners
from eighthalf.games.eights.cards import Card
from eighthalf.games.eights.events import Drew, GameOver, HandDealt, HandOver, Passed, Spelled
from eighthalf.games.eights.moves import Spell
from eighthalf.games.eights.options import MAX_PLAYERS
from eighthalf.games.eights.serialization.values import (
    _MAX_HAND,
    PREFIX,
    _cards,
    _count_list,
    _spell,
)

# --------------------------------------------------------------------------- events

_ANY_SEAT: Final = MAX_PLAYERS


def _load_spelled(obj: dict[str, Any], path: str) -> Spelled:
    return Spelled(get_seat(obj, "seat", path, _ANY_SEAT), _spell(obj["spell"], f"{path}.spell"))


def _load_passed(obj: dict[str, Any], path: str) -> Passed:
    seat = get_seat(obj, "seat", path, _ANY_SEAT)
    count = get_int(obj, "count", path, 0, _MAX_HAND)
    exchange = None
    if obj["exchange"] is not None:
        exchange = tuple(sorted(_cards(obj, "exchange", path, _MAX_HAND, "WP1")))
        if len(exchange) != count:
            raise DocumentError(f"{path}.exchange", f"{len(exchange)} cards, but count is {count} (WP1)")
    return Passed(seat, count, exchange)


def _load_drew(obj: dict[str, Any], path: str) -> Drew:
    seat = get_seat(obj, "seat", path, _ANY_SEAT)
    count = get_int(obj, "count", path, 1, _MAX_HAND)
    cards = None
    if obj["cards"] is not None:
        cards = _cards(obj, "cards", path, _MAX_HAND, "WT6")
        if len(cards) != count:
            raise DocumentError(f"{path}.cards", f"{len(cards)} cards, but count is {count}")
    return Drew(seat, count, cards)


def _load_hand_over(obj: dict[str, Any], path: str) -> HandOver:
    number = get_int(obj, "number", path)
    reason = get_str(obj, "reason", path)
    if reason not in ("passes", "turn limit"):
        raise DocumentError(f"{path}.reason", f"expected 'passes' or 'turn limit', not {quote(reason)} (WH1, WH3)")
    scores = _count_list(obj["scores"], f"{path}.scores", None)
    totals = _count_list(obj["totals"], f"{path}.totals", len(scores))
    for seat, (points, total) in enumerate(zip(scores, totals, strict=True)):
        if total < points:
            raise DocumentError(f"{path}.totals[{seat}]", f"{total} is less than the hand's {points} points (WG1)")
    return HandOver(number, reason, scores, totals)  # type: ignore[arg-type]


def _load_hand_dealt(obj: dict[str, Any], path: str) -> HandDealt:
    number = get_int(obj, "number", path, 1)
    dealer = get_seat(obj, "dealer", path, _ANY_SEAT)
    to_move = get_seat(obj, "to_move", path, _ANY_SEAT)
    if to_move == dealer:
        raise DocumentError(f"{path}.to_move", "the seat after the dealer plays first, not the dealer (WS2, WG2)")
    return HandDealt(number, dealer, to_move)


def _load_game_over(obj: dict[str, Any], path: str) -> GameOver:
    totals = _count_list(obj["totals"], f"{path}.totals", None)
    return GameOver(totals, get_winners(obj, path, totals, "WG3"))


def _field(value: object) -> object:
    """One field of an event as JSON: cards and spellings in notation."""
    if isinstance(value, tuple):
        return [str(item) if isinstance(item, Card) else item for item in value]
    if isinstance(value, Spell):
        return str(value)
    return value


def _event(cls: type, *names: str, load: Callable[[dict[str, Any], str], object]) -> Kind:
    return field_kind(PREFIX + cls.__name__, cls, names, load, _field)


EVENT_KINDS: Final = (
    _event(Spelled, "seat", "spell", load=_load_spelled),
    _event(Passed, "seat", "count", "exchange", load=_load_passed),
    _event(Drew, "seat", "count", "cards", load=_load_drew),
    _event(HandOver, "number", "reason", "scores", "totals", load=_load_hand_over),
    _event(HandDealt, "number", "dealer", "to_move", load=_load_hand_dealt),
    _event(GameOver, "totals", "winners", load=_load_game_over),
)
"""The document types of the events of Eights, in the format's order."""
