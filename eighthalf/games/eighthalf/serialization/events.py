"""8½'s events as documents: the events of a round (``Played`` … ``RoundOver``) and of a match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.document_kinds import field_kind
from eighthalf.formats.documents import Kind, get_winners
from eighthalf.formats.documents import get_bool as _bool
from eighthalf.formats.documents import get_int as _int
from eighthalf.formats.documents import get_int_list as _int_list
from eighthalf.formats.documents import get_opt_seat as _opt_seat
from eighthalf.formats.documents import get_seat as _seat
from eighthalf.formats.documents import get_str as _str
from eighthalf.formats.documents import wrong as _wrong
from eighthalf.games.eighthalf.cards import COMPOSITION, Rank
from eighthalf.games.eighthalf.events import (
    BlindTurned,
    Caught,
    Collected,
    Drew,
    Locked,
    Played,
    ReachedTable,
    RoundOver,
    WentOut,
)
from eighthalf.games.eighthalf.match import Exchange, Exchanged, MatchOver, RoundDealt
from eighthalf.games.eighthalf.options import MAX_SEATS
from eighthalf.games.eighthalf.serialization.values import (
    _DECK_SIZE,
    _OUTCOME_KEYS,
    _SYMBOLS,
    _cards,
    _move,
    _outcome_data,
    _rank,
    _scored,
    _symbols,
)
from eighthalf.games.eighthalf.state import MAX_CALL_HALVES

# --------------------------------------------------------------------------- events

_ANY_SEAT: Final = MAX_SEATS


def _load_played(obj: dict[str, Any], path: str) -> Played:
    seat = _seat(obj, "seat", path, _ANY_SEAT)
    cards = _cards(obj, "cards", path)
    if not cards or (
        cards != (Rank.EIGHT, Rank.HALF) and (cards.count(cards[0]) != len(cards) or len(cards) > COMPOSITION[cards[0]])
    ):
        raise DocumentError(f"{path}.cards", f"{quote(_symbols(cards))} is not one play: cards of one rank, or 8H (T3)")
    source = _str(obj, "source", path)
    if source not in ("hand", "open", "blind"):
        raise DocumentError(f"{path}.source", f"expected 'hand', 'open' or 'blind', not {quote(source)}")
    if source == "blind" and len(cards) != 1:
        raise DocumentError(f"{path}.cards", "one card at a time from the blind cards (T3)")
    if source == "open" and (len(cards) > 3 or cards == (Rank.EIGHT, Rank.HALF)):  # o77 under open_runs (T3)
        raise DocumentError(f"{path}.cards", "one to three open cards of one rank (T3)")
    return Played(seat, cards, source, _int(obj, "call_halves", path, 0, MAX_CALL_HALVES))  # type: ignore[arg-type]


def _load_blind_turned(obj: dict[str, Any], path: str) -> BlindTurned:
    return BlindTurned(
        _seat(obj, "seat", path, _ANY_SEAT),
        _int(obj, "position", path, 0, 2),
        _rank(obj["rank"], f"{path}.rank"),
        _bool(obj, "failed", path),
    )


def _load_caught(obj: dict[str, Any], path: str) -> Caught:
    catcher = _seat(obj, "catcher", path, _ANY_SEAT)
    caught = _seat(obj, "caught", path, _ANY_SEAT)
    if caught == catcher:
        raise DocumentError(f"{path}.caught", "a seat cannot catch itself (P8)")
    rank = _rank(obj["rank"], f"{path}.rank")
    if not rank.is_number:
        raise DocumentError(f"{path}.rank", f"a catch card is a number card, not {rank.label} (P8)")
    return Caught(catcher, caught, rank)


def _load_collected(obj: dict[str, Any], path: str) -> Collected:
    cause = _str(obj, "cause", path)
    if cause not in ("stuck", "caught", "blind"):
        raise DocumentError(f"{path}.cause", f"expected 'stuck', 'caught' or 'blind', not {quote(cause)}")
    return Collected(
        _seat(obj, "seat", path, _ANY_SEAT),
        _int(obj, "count", path, 1, _DECK_SIZE),
        _bool(obj, "into_hand", path),
        cause,  # type: ignore[arg-type]
    )


def _load_drew(obj: dict[str, Any], path: str) -> Drew:
    count = _int(obj, "count", path, 1, 3)
    cards = None if obj["cards"] is None else _cards(obj, "cards", path)
    if cards is not None and len(cards) != count:
        raise DocumentError(f"{path}.cards", f"{len(cards)} cards, but count is {count}")
    return Drew(_seat(obj, "seat", path, _ANY_SEAT), count, cards)


def _load_round_over(obj: dict[str, Any], path: str) -> RoundOver:
    counts = obj["counts"]
    players = len(counts) if type(counts) is list else 0
    if not 2 <= players <= MAX_SEATS:
        if type(counts) is not list:
            _wrong(f"{path}.counts", "an array", counts)
        raise DocumentError(f"{path}.counts", f"expected one count per seat (2 to {MAX_SEATS}), not {players}")
    return _scored(obj, path, players, RoundOver)


def _load_round_dealt(obj: dict[str, Any], path: str) -> RoundDealt:
    return RoundDealt(
        _int(obj, "index", path),
        _seat(obj, "dealer", path, _ANY_SEAT),
        _opt_seat(obj, "exchange_by", path, _ANY_SEAT),
    )


def _load_exchanged(obj: dict[str, Any], path: str) -> Exchanged:
    seat = _seat(obj, "seat", path, _ANY_SEAT)
    exchange = None
    if obj["exchange"] is not None:
        move = _move(obj["exchange"], f"{path}.exchange")
        if not isinstance(move, Exchange):
            raise DocumentError(f"{path}.exchange", f"expected an exchange such as 'x729' or null, not {str(move)!r}")
        exchange = move
    return Exchanged(seat, exchange)


def _load_match_over(obj: dict[str, Any], path: str) -> MatchOver:
    scores_value = obj["scores"]
    players = len(scores_value) if type(scores_value) is list else 0
    if type(scores_value) is list and not 2 <= players <= MAX_SEATS:
        raise DocumentError(f"{path}.scores", f"expected one score per seat (2 to {MAX_SEATS}), not {players}")
    scores = _int_list(obj, "scores", path, None)
    return MatchOver(scores, get_winners(obj, path, scores, "M1"))


# --------------------------------------------------------------------------- the registry


def _fields(*names: str) -> frozenset[str]:
    return frozenset(names)


def _field(value: object) -> object:
    """One field of an event as JSON: ranks as their symbols, an exchange in notation."""
    if isinstance(value, tuple):
        return _symbols(value) if value and isinstance(value[0], Rank) else list(value)
    if isinstance(value, Rank):
        return _SYMBOLS[value]
    if isinstance(value, Exchange):
        return str(value)
    return value


def _event(cls: type, *names: str, load: Callable[[dict[str, Any], str], object]) -> Kind:
    return field_kind(cls.__name__, cls, names, load, _field)


def _load_seat_event(cls: type[Locked] | type[ReachedTable]) -> Callable[[dict[str, Any], str], object]:
    return lambda obj, path: cls(_seat(obj, "seat", path, _ANY_SEAT))


def _load_went_out(obj: dict[str, Any], path: str) -> WentOut:
    return WentOut(_seat(obj, "seat", path, _ANY_SEAT), _bool(obj, "waiting", path))


def _save_played(event: Played) -> dict[str, Any]:
    # Played.cards of an empty play never occurs; _symbols handles any tuple of ranks.
    return {
        "seat": event.seat,
        "cards": _symbols(event.cards),
        "source": event.source,
        "call_halves": event.call_halves,
    }


def _save_drew(event: Drew) -> dict[str, Any]:
    return {"seat": event.seat, "count": event.count, "cards": None if event.cards is None else _symbols(event.cards)}


EVENT_KINDS: Final = (
    Kind("Played", (Played,), _fields("seat", "cards", "source", "call_halves"), _save_played, _load_played),
    _event(BlindTurned, "seat", "position", "rank", "failed", load=_load_blind_turned),
    _event(Caught, "catcher", "caught", "rank", load=_load_caught),
    _event(Collected, "seat", "count", "into_hand", "cause", load=_load_collected),
    Kind("Drew", (Drew,), _fields("seat", "count", "cards"), _save_drew, _load_drew),
    _event(Locked, "seat", load=_load_seat_event(Locked)),
    _event(ReachedTable, "seat", load=_load_seat_event(ReachedTable)),
    _event(WentOut, "seat", "waiting", load=_load_went_out),
    Kind("RoundOver", (RoundOver,), _OUTCOME_KEYS, _outcome_data, _load_round_over),
    _event(RoundDealt, "index", "dealer", "exchange_by", load=_load_round_dealt),
    _event(Exchanged, "seat", "exchange", load=_load_exchanged),
    _event(MatchOver, "scores", "winners", load=_load_match_over),
)
"""The document types of the events of a round and of a match, in the format's order."""
