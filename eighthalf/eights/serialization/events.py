"""Eights' events as documents: ``eights.Spelled`` … ``eights.GameOver``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...common.documents import (
    Kind,
    get_int,
    get_int_list,
    get_str,
)
from ...errors import DocumentError, quote
from ..cards import Card
from ..events import Drew, GameOver, HandDealt, HandOver, Passed, Spelled
from ..moves import Spell
from .values import (
    _MAX_HAND,
    PREFIX,
    _cards,
    _count_list,
    _seat,
    _spell,
)

# --------------------------------------------------------------------------- events


def _load_spelled(obj: dict[str, Any], path: str) -> Spelled:
    return Spelled(_seat(obj, "seat", path), _spell(obj["spell"], f"{path}.spell"))


def _load_passed(obj: dict[str, Any], path: str) -> Passed:
    seat = _seat(obj, "seat", path)
    count = get_int(obj, "count", path, 0, _MAX_HAND)
    exchange = None
    if obj["exchange"] is not None:
        exchange = tuple(sorted(_cards(obj, "exchange", path, _MAX_HAND, "WP1")))
        if len(exchange) != count:
            raise DocumentError(f"{path}.exchange", f"{len(exchange)} cards, but count is {count} (WP1)")
    return Passed(seat, count, exchange)


def _load_drew(obj: dict[str, Any], path: str) -> Drew:
    seat = _seat(obj, "seat", path)
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
    dealer = _seat(obj, "dealer", path)
    to_move = _seat(obj, "to_move", path)
    if to_move == dealer:
        raise DocumentError(f"{path}.to_move", "the seat after the dealer plays first, not the dealer (WS2, WG2)")
    return HandDealt(number, dealer, to_move)


def _load_game_over(obj: dict[str, Any], path: str) -> GameOver:
    totals = _count_list(obj["totals"], f"{path}.totals", None)
    winners = get_int_list(obj, "winners", path, None, len(totals) - 1)
    best = max(totals)
    expected = tuple(seat for seat, total in enumerate(totals) if total == best)
    if winners != expected:
        raise DocumentError(
            f"{path}.winners", f"{quote(list(winners))} are not the highest totals, {quote(list(expected))} (WG3)"
        )
    return GameOver(totals, winners)


def _save_event(*names: str) -> Callable[[Any], dict[str, Any]]:
    def save(event: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in names:
            value = getattr(event, name)
            if isinstance(value, tuple):
                value = [str(item) if isinstance(item, Card) else item for item in value]
            elif isinstance(value, Spell):
                value = str(value)
            out[name] = value
        return out

    return save


def _event(cls: type, *names: str, load: Callable[[dict[str, Any], str], object]) -> Kind:
    return Kind(PREFIX + cls.__name__, (cls,), frozenset(names), _save_event(*names), load)


EVENT_KINDS: Final = (
    _event(Spelled, "seat", "spell", load=_load_spelled),
    _event(Passed, "seat", "count", "exchange", load=_load_passed),
    _event(Drew, "seat", "count", "cards", load=_load_drew),
    _event(HandOver, "number", "reason", "scores", "totals", load=_load_hand_over),
    _event(HandDealt, "number", "dealer", "to_move", load=_load_hand_dealt),
    _event(GameOver, "totals", "winners", load=_load_game_over),
)
"""The document types of the events of Eights, in the format's order."""
