"""The values of 8½'s documents: rank symbols, zones of cards, moves, seats, rules, outcomes and the pile.

The pieces that every document type of :mod:`eighthalf.serialization` is made of, with
their writers and their checking readers, and the document types ``Rules`` and ``Move``.
The checking helpers shared by both games are :mod:`eighthalf.formats.documents`; these
know 8½'s cards and seats. The underscored names are the package's own: import the
public functions from :mod:`eighthalf.serialization`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final, TypeVar

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.document_kinds import move_kind
from eighthalf.formats.documents import Kind, check_notation
from eighthalf.formats.documents import check_object as _object
from eighthalf.formats.documents import check_seat as _check_seat
from eighthalf.formats.documents import get_bool as _bool
from eighthalf.formats.documents import get_int as _int
from eighthalf.formats.documents import get_int_list as _int_list
from eighthalf.formats.documents import get_list as _list
from eighthalf.formats.documents import get_opt_seat as _opt_seat
from eighthalf.formats.documents import wrong as _wrong
from eighthalf.games.eighthalf.cards import COMPOSITION, DECK, RANKS, Rank
from eighthalf.games.eighthalf.events import RoundOver
from eighthalf.games.eighthalf.match import DECLINE, Decline, Exchange, MatchMove, parse_match_move
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
    OpenPlay,
)
from eighthalf.games.eighthalf.options import MAX_SEATS, OPTION_NAMES, Rules
from eighthalf.games.eighthalf.state import PILE_CARDS, Outcome, PileCard, Seat

# --------------------------------------------------------------------------- tables

_SYMBOLS: tuple[str, ...] = tuple(str(rank) for rank in RANKS)
"""``_SYMBOLS[rank]``: the rank's symbol (ranks are ints, so they index the tuple)."""
_RANK_OF: dict[str, Rank] = {symbol: rank for rank, symbol in zip(RANKS, _SYMBOLS, strict=True)}
"""The canonical symbols only: no lower case, no ``½``."""

_MOVE_OF: dict[str, MatchMove] = {
    **{str(play): play for row in HAND_PLAYS for play in row},
    str(EIGHT_AND_HALF): EIGHT_AND_HALF,
    **{str(play): play for row in OPEN_RUNS for play in row},
    **{str(play): play for play in BLIND_PLAYS},
    str(COLLECT): COLLECT,
    **{
        str(move): move
        for move in (Exchange(own, loser, theirs) for own in RANKS for loser in range(MAX_SEATS) for theirs in RANKS)
    },
    str(DECLINE): DECLINE,
}
"""Every move of a match by its canonical notation."""

_DECK_SIZE: Final = len(DECK)
_COMPOSITION: Final = Counter(COMPOSITION)

# --------------------------------------------------------------------------- checking helpers
# The shared ones are eighthalf.formats.documents' (seats too); these know 8½'s cards and moves.


def _rank(value: object, path: str) -> Rank:
    if type(value) is not str:
        _wrong(path, "a rank symbol", value)
    rank = _RANK_OF.get(value)
    if rank is None:
        raise DocumentError(path, f"not a rank symbol: {quote(value)} (expected 0-9, H or G)")
    return rank


def _opening(obj: dict[str, Any], path: str) -> Rank | None:
    value = obj["opening"]
    if value is None:
        return None
    rank = _rank(value, f"{path}.opening")
    if not rank.is_yellow:
        raise DocumentError(f"{path}.opening", f"the opening is a yellow rank (1-4, 6-8), not {rank.label} (S5)")
    return rank


def _cards(obj: dict[str, Any], key: str, path: str) -> tuple[Rank, ...]:
    """A zone written as a string of rank symbols."""
    text = obj[key]
    if type(text) is not str:
        _wrong(f"{path}.{key}", "a string of rank symbols", text)
    try:
        return tuple(map(_RANK_OF.__getitem__, text))
    except KeyError:
        for at, symbol in enumerate(text):  # noqa: B007
            if symbol not in _RANK_OF:
                break
        raise DocumentError(
            f"{path}.{key}[{at}]", f"not a rank symbol: {quote(symbol)} (expected 0-9, H or G)"
        ) from None


def _move(value: object, path: str) -> MatchMove:
    return check_notation(value, path, parse_match_move, wanted="a move in notation", noun="move", known=_MOVE_OF)


_TO_SYMBOLS: Final = bytes.maketrans(bytes(range(len(RANKS))), "".join(_SYMBOLS).encode("ascii"))


def _symbols(cards: Sequence[Rank]) -> str:
    """The string of the cards' symbols (ranks are ints 0-11: a byte translation is fastest)."""
    return bytes(cards).translate(_TO_SYMBOLS).decode("ascii") if cards else ""


# --------------------------------------------------------------------------- rules, seats, outcomes

_RULES_KEYS: Final = frozenset({"min_players", "max_players", "move_limit"})
_RULES_OPTIONS: Final = frozenset(OPTION_NAMES)
"""The table options (P7, P3, S5, T3): written only when on, absent meaning off, so the
documents written before they existed keep loading and meaning the rule book's rulings."""


def _rules_data(rules: Rules) -> dict[str, Any]:
    data: dict[str, Any] = {
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "move_limit": rules.move_limit,
    }
    for name in rules.option_names():
        data[name] = True
    return data


_DEFAULT_RULES: Final = Rules()


def _load_rules(obj: dict[str, Any], path: str) -> Rules:
    low = _int(obj, "min_players", path)
    high = _int(obj, "max_players", path)
    limit = obj["move_limit"]
    if limit is not None and type(limit) is not int:
        _wrong(f"{path}.move_limit", "an integer or null", limit)
    options = {name: _bool(obj, name, path) for name in OPTION_NAMES if name in obj}
    if low == 2 and high == 5 and limit is None and not any(options.values()):
        return _DEFAULT_RULES
    try:
        return Rules(min_players=low, max_players=high, move_limit=limit, **options)
    except ValueError as error:  # InvalidStateError; or an int too long to print in its message
        raise DocumentError(path, str(error)) from None


def _nested_rules(obj: dict[str, Any], path: str) -> Rules:
    where = f"{path}.rules"
    return _load_rules(_object(obj["rules"], where, _RULES_KEYS, _RULES_OPTIONS), where)


_SEAT_KEYS: Final = frozenset({"hand", "bank", "open", "blind", "collected", "on_table"})


def _seat_data(seat: Seat) -> dict[str, Any]:
    return {
        "hand": _symbols(seat.hand),
        "bank": _symbols(seat.bank),
        "open": _symbols(seat.open),
        "blind": _symbols(seat.blind),
        "collected": _symbols(seat.collected),
        "on_table": seat.on_table,
    }


def _load_seat(value: object, path: str) -> Seat:
    obj = _object(value, path, _SEAT_KEYS)
    return Seat(
        _cards(obj, "hand", path),
        _cards(obj, "bank", path),
        _cards(obj, "open", path),
        _cards(obj, "blind", path),
        _cards(obj, "collected", path),
        _bool(obj, "on_table", path),
    )


_OUTCOME_KEYS: Final = frozenset({"winner", "counts", "big_losers", "points"})


def _outcome_data(outcome: Outcome | RoundOver) -> dict[str, Any]:
    """The fields of an outcome, or of the ``RoundOver`` event that states it."""
    return {
        "winner": outcome.winner,
        "counts": list(outcome.counts),
        "big_losers": list(outcome.big_losers),
        "points": list(outcome.points),
    }


def _load_outcome(value: object, path: str, players: int) -> Outcome:
    """An outcome whose big losers and points follow from its winner and counts (E4–E6)."""
    obj = _object(value, path, _OUTCOME_KEYS)
    return _scored(obj, path, players, Outcome)


_Scored = TypeVar("_Scored", Outcome, RoundOver)


def _scored(obj: dict[str, Any], path: str, players: int, kind: type[_Scored]) -> _Scored:
    winner = _opt_seat(obj, "winner", path, players)
    counts = _int_list(obj, "counts", path, players, _DECK_SIZE)
    big_losers = _int_list(obj, "big_losers", path, None, players - 1)
    points = _int_list(obj, "points", path, players, 3)
    if sum(counts) > _DECK_SIZE:
        raise DocumentError(f"{path}.counts", f"the counts add up to {sum(counts)}, more than the 72 cards (E4)")
    if winner is None:
        expected_losers: tuple[int, ...] = ()
        expected_points = (0,) * players
    else:
        highest = max(count for seat, count in enumerate(counts) if seat != winner)
        lowest = min(counts)
        expected_losers = tuple(seat for seat, count in enumerate(counts) if seat != winner and count == highest)
        expected_points = tuple((2 if seat == winner else 0) + (count == lowest) for seat, count in enumerate(counts))
    if big_losers != expected_losers:
        raise DocumentError(
            f"{path}.big_losers",
            f"{quote(list(big_losers))} do not follow from the winner and the counts, which give {list(expected_losers)} (E5)",
        )
    if points != expected_points:
        raise DocumentError(
            f"{path}.points",
            f"{quote(list(points))} do not follow from the winner and the counts, which give {list(expected_points)} (E6)",
        )
    return kind(winner, counts, big_losers, points)


def _opt_outcome(obj: dict[str, Any], path: str, players: int) -> Outcome | None:
    value = obj["outcome"]
    return None if value is None else _load_outcome(value, f"{path}.outcome", players)


def _pile_data(pile: Sequence[PileCard]) -> list[list[Any]]:
    return [[_SYMBOLS[card.rank], card.seat] for card in pile]


def _load_pile(obj: dict[str, Any], path: str, players: int) -> tuple[PileCard, ...]:
    entries = _list(obj, "pile", path)
    cards = []
    for at, entry in enumerate(entries):
        if type(entry) is not list or len(entry) != 2:
            _wrong(f"{path}.pile[{at}]", "a pair [rank, seat]", entry)
        symbol, seat = entry
        rank = _RANK_OF.get(symbol) if type(symbol) is str else None
        if rank is None:
            rank = _rank(symbol, f"{path}.pile[{at}][0]")
        if type(seat) is not int or not 0 <= seat < players:
            _check_seat(seat, f"{path}.pile[{at}][1]", players)
        cards.append(PILE_CARDS[seat][rank])
    return tuple(cards)


VALUE_KINDS: Final = (
    Kind("Rules", (Rules,), _RULES_KEYS, _rules_data, _load_rules, _RULES_OPTIONS),
    move_kind("Move", (HandPlay, EightAndHalf, OpenPlay, BlindPlay, Collect, Exchange, Decline), _move),
)
"""The document types of rules and moves: ``Rules`` and ``Move``."""
