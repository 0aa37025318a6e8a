"""JSON documents: every state, view, move, event, match and record as plain data.

:func:`~eighthalf.to_data` turns an object into a ``dict`` of JSON types only (``str``, ``int``,
``bool``, ``None``, lists and dicts), and :func:`~eighthalf.from_data` reads it back;
:func:`dumps` and :func:`loads` do the same with JSON text. Loading checks everything,
and a document that is not exactly right raises :class:`~eighthalf.DocumentError`,
whose message says what is wrong and where, as a JSON path such as
``$.seats[2].hand[1]``. Loading never returns a state that could not occur: a
:class:`~eighthalf.GameState` goes through :func:`~eighthalf.position`.

>>> from eighthalf import new_game, parse_move
>>> state = new_game(2, seed=1)
>>> data = to_data(state)
>>> data["format"], data["version"], data["type"], data["seats"][0]["hand"], data["opening"]
('eighthalf', 1, 'GameState', '25G', '2')
>>> from_data(data) == state
True
>>> dumps(parse_move("33"))
'{"format": "eighthalf", "version": 1, "type": "Move", "move": "33"}'
>>> data["seats"][0]["hand"] = "25X"
>>> from_data(data)
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.seats[0].hand[2]: not a rank symbol: 'X' (expected 0-9, H or G)

The format (version 1)
----------------------

Every document is a JSON object that starts with ``"format": "eighthalf"``,
``"version": 1`` and ``"type"``, the name of what it holds: ``Rules``, ``Move``,
``GameState``, ``PlayerView``, ``MatchView``, ``Match``, ``Record``, or an event
(``Played``, ``BlindTurned``, ``Caught``, ``Collected``, ``Drew``, ``Locked``,
``ReachedTable``, ``WentOut``, ``RoundOver``, ``RoundDealt``, ``Exchanged``,
``MatchOver``). The other keys are the object's fields, by their Python names, all of
them required and no others allowed, but for the table options of rules (below).
Nested objects (rules, seats, outcomes) are plain objects of their fields, without the
three header keys.

* Rules (a ``Rules`` document, or the ``rules`` of a state, view, match or record) hold
  ``min_players``, ``max_players`` and ``move_limit``, and each table option that is on
  (``lock_next_only``, ``halves_stop_at_8_half``, ``single_opening``, ``open_runs``)
  as ``true``. An option that is absent is off, so documents written before the options
  existed load with the rule book's rulings, as they were written; an option given as
  ``false`` is read as off too, but never written.

* A rank is its one-character symbol: ``"0"`` to ``"9"``, ``"H"`` for ½, ``"G"`` for
  Ghost. A zone of cards (a hand, a bank, open, blind or collected cards, a deck) is the
  string of its symbols in order: ``"49G"``; an error in it names the character,
  ``$.seats[2].hand[1]``.
* A pile card is a pair ``[rank, seat]``: ``["H", 1]`` is a ½ played by seat 1.
* A move (``Move`` documents, moves in events, matches and records) is its notation
  string, exactly as ``str(move)`` writes it: ``"33"``, ``"8H"``, ``"o7"`` (``"o77"``
  under the table option ``open_runs``), ``"b0"``,
  ``"c"``, ``"x729"``, ``"d"`` (see :func:`~eighthalf.parse_move`). Lower case and
  ``½`` are refused here, so that every object has one document.
* Tuples become lists; a seed is a JSON integer of at most 4,300 digits, which may
  exceed 2\\ :sup:`53` (readers in JavaScript need a big-integer parser for the
  ``seed`` of a match or record). Every other integer is at most 2\\ :sup:`53` - 1
  (move limits, move numbers, rounds, scores …).
* Text is kept as it is; only what quotes the input in an error message is cut short
  (``eighthalf.errors.quote``).
* The facts a loader can work out (a state's ``call_halves``, ``locked``, ``at_risk``
  and ``outcome``; a view's too; a match view's ``exchanges``; a ``MatchOver``'s
  ``winners``) are written for the reader's convenience and checked on loading.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias, TypeVar, overload

from .cards import COMPOSITION, DECK, RANKS, Rank
from .common import documents as _documents
from .common.documents import HEADER, Kind, Registry
from .common.documents import check_object as _object
from .common.documents import get_bool as _bool
from .common.documents import get_int as _int
from .common.documents import get_int_list as _int_list
from .common.documents import get_list as _list
from .common.documents import get_seed as _seed
from .common.documents import get_str as _str
from .common.documents import wrong as _wrong
from .errors import DocumentError, EighthalfError, quote
from .events import (
    BlindTurned,
    Caught,
    Collected,
    Drew,
    Event,
    Locked,
    Played,
    ReachedTable,
    RoundOver,
    WentOut,
)
from .match import (
    DECLINE,
    Decline,
    Exchange,
    Exchanged,
    Match,
    MatchMove,
    MatchOver,
    MatchView,
    RoundDealt,
    parse_match_move,
)
from .moves import (
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
from .options import MAX_SEATS, OPTION_NAMES, Rules
from .position import position
from .records import Record
from .state import PILE_CARDS, GameState, Outcome, PileCard, Seat, call_text
from .views import PlayerView, SeatView

__all__ = [
    "REGISTRY",
    "FORMAT",
    "VERSION",
    "Document",
    "dumps",
    "from_data",
    "loads",
    "to_data",
]

FORMAT: Final = _documents.FORMAT
"""The value of every document's ``"format"`` key (the envelope of :mod:`eighthalf.common.documents`)."""

VERSION: Final = _documents.VERSION
"""The version of the format that this module writes and reads."""

Document: TypeAlias = (
    Rules
    | HandPlay
    | EightAndHalf
    | OpenPlay
    | BlindPlay
    | Collect
    | Exchange
    | Decline
    | GameState
    | PlayerView
    | MatchView
    | Match
    | Record
    | Event
    | RoundDealt
    | Exchanged
    | MatchOver
)
"""Anything :func:`~eighthalf.to_data` writes and :func:`~eighthalf.from_data` reads."""

T = TypeVar("T")

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

_MAX_CALL: Final = 26
"""The highest call, in half points: a 9 and all eight ½s (13)."""
_DECK_SIZE: Final = len(DECK)
_COMPOSITION: Final = Counter(COMPOSITION)
_HEADER: Final = HEADER

# --------------------------------------------------------------------------- checking helpers
# The shared ones are eighthalf.common.documents'; these know 8½'s seats and cards.


def _seat(obj: dict[str, Any], key: str, path: str, players: int) -> int:
    value = obj[key]
    if type(value) is not int:
        _wrong(f"{path}.{key}", "a seat number", value)
    if not 0 <= value < players:
        raise DocumentError(f"{path}.{key}", f"seat {quote(value)} is out of range (0 to {players - 1})")
    return value


def _opt_seat(obj: dict[str, Any], key: str, path: str, players: int) -> int | None:
    return None if obj[key] is None else _seat(obj, key, path, players)


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
    if type(value) is not str:
        _wrong(path, "a move in notation", value)
    move = _MOVE_OF.get(value)
    if move is not None:
        return move
    try:
        canonical = str(parse_match_move(value))
    except EighthalfError as error:
        raise DocumentError(path, str(error)) from None
    raise DocumentError(path, f"write the move {quote(value)} as {canonical!r} (the canonical notation)")


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


def _outcome_data(outcome: Outcome) -> dict[str, Any]:
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
        if type(seat) is not int:
            _wrong(f"{path}.pile[{at}][1]", "a seat number", seat)
        if not 0 <= seat < players:
            raise DocumentError(f"{path}.pile[{at}][1]", f"seat {quote(seat)} is out of range (0 to {players - 1})")
        cards.append(PILE_CARDS[seat][rank])
    return tuple(cards)


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
    call_halves = _int(obj, "call_halves", path, 0, _MAX_CALL)
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


def _state_data(state: GameState) -> dict[str, Any]:
    outcome = state.outcome
    opening = state.opening
    return {
        "rules": _rules_data(state.rules),
        "seats": [_seat_data(seat) for seat in state.seats],
        "pile": _pile_data(state.pile),
        "call_halves": state.call_halves,
        "locked": state.locked,
        "at_risk": state.at_risk,
        "to_move": state.to_move,
        "move_number": state.move_number,
        "opening": None if opening is None else _SYMBOLS[opening],
        "outcome": None if outcome is None else _outcome_data(outcome),
    }


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
    outcome = seen.outcome
    opening = seen.opening
    return {
        "seat": seen.seat,
        "rules": _rules_data(seen.rules),
        "seats": [_seat_view_data(seat) for seat in seen.seats],
        "pile": _pile_data(seen.pile),
        "call_halves": seen.call_halves,
        "locked": seen.locked,
        "at_risk": seen.at_risk,
        "to_move": seen.to_move,
        "move_number": seen.move_number,
        "opening": None if opening is None else _SYMBOLS[opening],
        "outcome": None if outcome is None else _outcome_data(outcome),
    }


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


# --------------------------------------------------------------------------- matches


def _exchanges(opens: Sequence[tuple[Rank, ...]], winner: int, big_losers: Sequence[int]) -> tuple[Exchange, ...]:
    """The exchanges of M3 on offer, in the order of :meth:`Match.legal_moves`."""
    own = sorted(set(opens[winner]))
    moves: list[Exchange] = []
    for loser in big_losers:
        for theirs in sorted(set(opens[loser])):
            moves.extend(Exchange(mine, loser, theirs) for mine in own if mine != theirs)
    return tuple(moves)


def _check_progress(
    obj: dict[str, Any],
    path: str,
    rounds: int,
    round_index: int,
    round_path: str,
    move_number: int,
    outcome: Outcome | None,
    players: int,
) -> tuple[tuple[Outcome, ...], int | None]:
    """A match's results and pending exchange, against its round (M1–M3)."""
    if outcome is not None and round_index != rounds - 1:
        raise DocumentError(
            round_path, f"round {round_index} of {rounds} is over, but a match deals the next round at once (M1)"
        )
    entries = _list(obj, "results", path)
    finished = round_index + (outcome is not None)
    if len(entries) != finished:
        raise DocumentError(
            f"{path}.results", f"expected {finished} outcomes (the rounds finished), not {len(entries)}"
        )
    results = tuple(_load_outcome(entry, f"{path}.results[{at}]", players) for at, entry in enumerate(entries))
    if outcome is not None and results[-1] != outcome:
        raise DocumentError(f"{path}.results[{round_index}]", "must be the outcome of the finished current round")
    exchange_by = _opt_seat(obj, "exchange_by", path, players)
    if exchange_by is not None:
        last = results[-1] if results and outcome is None else None
        if last is None or last.winner != exchange_by or not last.big_losers or move_number:
            raise DocumentError(
                f"{path}.exchange_by",
                f"seat {exchange_by} cannot be deciding on an exchange: only the previous round's winner, "
                "with a Big Loser, before the first move of the round (M3)",
            )
    return results, exchange_by


_MATCH_KEYS: Final = frozenset({"rounds", "seed", "first_dealer", "round_index", "state", "results", "exchange_by"})


def _match_data(match: Match) -> dict[str, Any]:
    return {
        "rounds": match.rounds,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "round_index": match.round_index,
        "state": _state_data(match.state),
        "results": [_outcome_data(outcome) for outcome in match.results],
        "exchange_by": match.exchange_by,
    }


def _load_match(obj: dict[str, Any], path: str) -> Match:
    rounds = _int(obj, "rounds", path, 1)
    seed = _seed(obj, path)
    round_index = _int(obj, "round_index", path, 0, rounds - 1)
    state_path = f"{path}.state"
    state = _load_state(_object(obj["state"], state_path, _STATE_KEYS), state_path)
    players = len(state.seats)
    first_dealer = _seat(obj, "first_dealer", path, players)
    results, exchange_by = _check_progress(
        obj, path, rounds, round_index, state_path, state.move_number, state.outcome, players
    )
    return Match(rounds, seed, first_dealer, round_index, state, results, exchange_by)


_MATCH_VIEW_KEYS: Final = frozenset({"rounds", "round_index", "dealer", "round", "results", "exchange_by", "exchanges"})


def _match_view_data(seen: MatchView) -> dict[str, Any]:
    return {
        "rounds": seen.rounds,
        "round_index": seen.round_index,
        "dealer": seen.dealer,
        "round": _view_data(seen.round),
        "results": [_outcome_data(outcome) for outcome in seen.results],
        "exchange_by": seen.exchange_by,
        "exchanges": [str(move) for move in seen.exchanges],
    }


def _load_match_view(obj: dict[str, Any], path: str) -> MatchView:
    rounds = _int(obj, "rounds", path, 1)
    round_index = _int(obj, "round_index", path, 0, rounds - 1)
    round_path = f"{path}.round"
    seen = _load_view(_object(obj["round"], round_path, _VIEW_KEYS), round_path)
    players = len(seen.seats)
    dealer = _seat(obj, "dealer", path, players)
    results, exchange_by = _check_progress(
        obj, path, rounds, round_index, round_path, seen.move_number, seen.outcome, players
    )
    entries = _list(obj, "exchanges", path)
    offered = tuple(_move(entry, f"{path}.exchanges[{at}]") for at, entry in enumerate(entries))
    expected = (
        ()
        if exchange_by is None
        else _exchanges([seat.open for seat in seen.seats], exchange_by, results[-1].big_losers)
    )
    if offered != expected:
        raise DocumentError(
            f"{path}.exchanges",
            f"{quote([str(move) for move in offered])} are not the exchanges on offer, "
            f"{quote([str(move) for move in expected], 400)} (M3)",
        )
    return MatchView(rounds, round_index, dealer, seen, results, exchange_by, expected)


# --------------------------------------------------------------------------- records

_RECORD_KEYS: Final = frozenset(
    {"players", "seed", "deck", "dealer", "rules", "rounds", "moves", "result", "comments", "tags"}
)


def _record_data(record: Record) -> dict[str, Any]:
    return {
        "players": record.players,
        "seed": record.seed,
        "deck": None if record.deck is None else _symbols(record.deck),
        "dealer": record.dealer,
        "rules": _rules_data(record.rules),
        "rounds": record.rounds,
        "moves": [str(move) for move in record.moves],
        "result": record.result,
        "comments": [[at, text] for at, text in record.comments],
        "tags": [[name, value] for name, value in record.tags],
    }


def _pairs(obj: dict[str, Any], key: str, path: str, first: str) -> list[tuple[Any, str]]:
    """A list of two-element lists whose second element is a string."""
    out = []
    for at, entry in enumerate(_list(obj, key, path)):
        where = f"{path}.{key}[{at}]"
        if type(entry) is not list or len(entry) != 2:
            _wrong(where, f"a pair [{first}, text]", entry)
        if type(entry[1]) is not str:
            _wrong(f"{where}[1]", "a string", entry[1])
        out.append((entry[0], entry[1]))
    return out


def _load_record(obj: dict[str, Any], path: str) -> Record:
    """The fields as JSON types here; how they fit together, :class:`~eighthalf.Record` checks
    when it is made (the one definition for the text format and for documents)."""
    rules = _nested_rules(obj, path)
    players = _int(obj, "players", path, rules.min_players, rules.max_players)
    seed = None if obj["seed"] is None else _seed(obj, path)
    deck = None if obj["deck"] is None else _cards(obj, "deck", path)
    dealer = _opt_seat(obj, "dealer", path, players)
    rounds = None if obj["rounds"] is None else _int(obj, "rounds", path, 1)
    moves = tuple(_move(entry, f"{path}.moves[{at}]") for at, entry in enumerate(_list(obj, "moves", path)))
    result = _str(obj, "result", path)
    comments = _pairs(obj, "comments", path, "move number")
    for at, (number, _) in enumerate(comments):
        if type(number) is not int:
            _wrong(f"{path}.comments[{at}][0]", "a move number", number)
    tags = _pairs(obj, "tags", path, "name")
    return Record(
        players=players,
        seed=seed,
        deck=deck,
        dealer=dealer,
        rules=rules,
        rounds=rounds,
        moves=moves,
        result=result,
        comments=tuple(comments),
        tags=tuple(tags),
    )


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
    return Played(seat, cards, source, _int(obj, "call_halves", path, 0, _MAX_CALL))  # type: ignore[arg-type]


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
    winners = _int_list(obj, "winners", path, None, players - 1)
    best = max(scores)
    expected = tuple(seat for seat, total in enumerate(scores) if total == best)
    if winners != expected:
        raise DocumentError(
            f"{path}.winners", f"{quote(list(winners))} are not the highest totals, {quote(list(expected))} (M1)"
        )
    return MatchOver(scores, winners)


def _move_data(move: MatchMove) -> dict[str, Any]:
    return {"move": str(move)}


def _load_move(obj: dict[str, Any], path: str) -> MatchMove:
    return _move(obj["move"], f"{path}.move")


# --------------------------------------------------------------------------- the registry


def _fields(*names: str) -> frozenset[str]:
    return frozenset(names)


def _event(cls: type, *names: str, load: Callable[[dict[str, Any], str], object]) -> Kind:
    def save(event: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in names:
            value = getattr(event, name)
            if isinstance(value, tuple):
                value = _symbols(value) if value and isinstance(value[0], Rank) else list(value)
            elif isinstance(value, Rank):
                value = _SYMBOLS[value]
            elif isinstance(value, Exchange):
                value = str(value)
            out[name] = value
        return out

    return Kind(cls.__name__, (cls,), frozenset(names), save, load)


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


def _save_scored(event: RoundOver) -> dict[str, Any]:
    return {
        "winner": event.winner,
        "counts": list(event.counts),
        "big_losers": list(event.big_losers),
        "points": list(event.points),
    }


_KINDS: tuple[Kind, ...] = (
    Kind("Rules", (Rules,), _RULES_KEYS, _rules_data, _load_rules, _RULES_OPTIONS),
    Kind(
        "Move",
        (HandPlay, EightAndHalf, OpenPlay, BlindPlay, Collect, Exchange, Decline),
        _fields("move"),
        _move_data,
        _load_move,
    ),
    Kind("GameState", (GameState,), _STATE_KEYS, _state_data, _load_state),
    Kind("PlayerView", (PlayerView,), _VIEW_KEYS, _view_data, _load_view),
    Kind("MatchView", (MatchView,), _MATCH_VIEW_KEYS, _match_view_data, _load_match_view),
    Kind("Match", (Match,), _MATCH_KEYS, _match_data, _load_match),
    Kind("Record", (Record,), _RECORD_KEYS, _record_data, _load_record),
    Kind("Played", (Played,), _fields("seat", "cards", "source", "call_halves"), _save_played, _load_played),
    _event(BlindTurned, "seat", "position", "rank", "failed", load=_load_blind_turned),
    _event(Caught, "catcher", "caught", "rank", load=_load_caught),
    _event(Collected, "seat", "count", "into_hand", "cause", load=_load_collected),
    Kind("Drew", (Drew,), _fields("seat", "count", "cards"), _save_drew, _load_drew),
    _event(Locked, "seat", load=_load_seat_event(Locked)),
    _event(ReachedTable, "seat", load=_load_seat_event(ReachedTable)),
    _event(WentOut, "seat", "waiting", load=_load_went_out),
    Kind("RoundOver", (RoundOver,), _OUTCOME_KEYS, _save_scored, _load_round_over),
    _event(RoundDealt, "index", "dealer", "exchange_by", load=_load_round_dealt),
    _event(Exchanged, "seat", "exchange", load=_load_exchanged),
    _event(MatchOver, "scores", "winners", load=_load_match_over),
)


def _foreign(name: str) -> str | None:
    """The hint for a document of Eights, whose types are named ``eights.<Name>``."""
    if name.startswith("eights."):
        return "a document of Eights: read it with eighthalf.eights.from_data (or eighthalf.eights.serialization.loads)"
    return None


REGISTRY: Final = Registry(_KINDS, label="eighthalf", foreign=_foreign)
"""8½'s document types: the registry that :func:`to_data` and :func:`from_data` use
(the ``documents`` of the game objects, and what :mod:`eighthalf.schemas` is generated from)."""
_REGISTRY = REGISTRY
_BY_NAME: dict[str, Kind] = _REGISTRY.by_name
_BY_CLASS: dict[type, Kind] = _REGISTRY.by_class

# --------------------------------------------------------------------------- the public functions


def to_data(obj: Document) -> dict[str, Any]:
    """The document of ``obj``: a dict of JSON types only, ready for :func:`json.dumps`.

    The first three keys are ``"format"``, ``"version"`` and ``"type"``; see the module
    text for the rest. ``from_data(to_data(obj)) == obj`` for every object the library
    builds.

    >>> from eighthalf import Rules
    >>> to_data(Rules(move_limit=500))
    {'format': 'eighthalf', 'version': 1, 'type': 'Rules', 'min_players': 2, 'max_players': 5, 'move_limit': 500}

    Args:
        obj: Any :data:`~eighthalf.serialization.Document`: rules, a move, a state, a view, a match, a match
            view, a record or an event.

    Returns:
        A new dict; nothing in it is shared with ``obj`` or with other documents.

    Raises:
        TypeError: If ``obj`` is of no supported type.
    """
    return _REGISTRY.to_data(obj)


@overload
def from_data(data: object, expected: None = None) -> Document: ...


@overload
def from_data(data: object, expected: type[T]) -> T: ...


def from_data(data: object, expected: type[Any] | None = None) -> Any:
    """Read a document written by :func:`~eighthalf.to_data` (or by hand, or by another program).

    Everything is checked: the header, every key (none missing, none unknown), every
    type (``true`` is not an integer), every rank symbol and move, every seat number,
    and that the whole can occur under the rules: a state goes through
    :func:`~eighthalf.position`, so its 72 cards, zone sizes, pile and turn are checked,
    and the call, 5-lock, risk and outcome it states must be the ones its cards give.
    A record's moves are checked as notation only; :func:`eighthalf.replay`
    checks that they are legal.

    >>> from eighthalf import Rules
    >>> from_data({"format": "eighthalf", "version": 1, "type": "Rules",
    ...            "min_players": 2, "max_players": 5, "move_limit": True})
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.move_limit: expected an integer or null, not a boolean True

    Args:
        data: The document, as :func:`json.loads` gives it.
        expected: The class the document must hold (:class:`~eighthalf.GameState`,
            :class:`~eighthalf.HandPlay` …), or ``None`` to take any.

    Returns:
        The object; an instance of ``expected`` if given.

    Raises:
        DocumentError: If the document is not valid; the message says what is wrong
            and where (``$.seats[2].hand[1]: …``), and ``error.path`` holds the path.
        TypeError: If ``expected`` is not a class that documents hold.
    """
    return _REGISTRY.from_data(data, expected)


def dumps(obj: Document, *, indent: int | None = None) -> str:
    """The document of ``obj`` (see :func:`~eighthalf.to_data`) as JSON text.

    >>> from eighthalf import Rules
    >>> dumps(Rules())
    '{"format": "eighthalf", "version": 1, "type": "Rules", "min_players": 2, "max_players": 5, "move_limit": null}'

    Args:
        obj: Any :data:`~eighthalf.serialization.Document`.
        indent: Passed to :func:`json.dumps`: ``None`` for one line, else the number of
            spaces per level.

    Returns:
        The JSON text; characters beyond ASCII (in comments and tags) are kept as they are.

    Raises:
        TypeError: If ``obj`` is of no supported type.
        InvalidStateError: If ``indent`` is neither ``None`` nor an int from 0 to 16.
    """
    return _REGISTRY.dumps(obj, indent)


@overload
def loads(text: str | bytes, expected: None = None) -> Document: ...


@overload
def loads(text: str | bytes, expected: type[T]) -> T: ...


def loads(text: str | bytes, expected: type[Any] | None = None) -> Any:
    """Read a document from JSON text (see :func:`~eighthalf.from_data`).

    >>> loads('{"format": "eighthalf", "version": 1, "type": "Move", "move": "o7"}')
    OpenPlay(rank=<Rank.SEVEN: 7>, count=1)
    >>> loads('{"format": "eighthalf", "version": 1, "type": "Move", "move": "o7"',)
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $: not valid JSON: Expecting ',' delimiter (line 1, column 67)

    Args:
        text: The JSON text (``bytes`` are read as UTF-8, -16 or -32).
        expected: As for :func:`~eighthalf.from_data`.

    Returns:
        The object; an instance of ``expected`` if given.

    Raises:
        DocumentError: If the text is not JSON (``NaN`` and repeated keys included) or
            the document is not valid.
        TypeError: If ``expected`` is not a class that documents hold.
    """
    return _REGISTRY.loads(text, expected)
