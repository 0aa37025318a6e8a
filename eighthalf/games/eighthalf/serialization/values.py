"""The values of 8½'s documents, declared once (:mod:`eighthalf.formats.fields`): rank symbols,
zones of cards, the pile, moves, seats, rules, seats of a round and outcomes, and the
document types ``Rules`` and ``Move``.

Each value type is a :class:`~eighthalf.formats.codecs.Codec`: its writer, its strict
reader (every message at its JSON path, ``$.seats[2].hand[1]``) and its schema. The
underscored names are the package's own: import the public functions from
:mod:`eighthalf.serialization`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

import attrs

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.documents import check_seat, wrong
from eighthalf.formats.fields import (
    Bool,
    Codec,
    Docs,
    Field,
    Int,
    IntList,
    Notation,
    Nullable,
    Seat,
    Shape,
    Values,
    Writer,
    declared,
    notation_kind,
    nullable,
    ref,
)
from eighthalf.games.eighthalf.cards import COMPOSITION, DECK, RANKS, Rank
from eighthalf.games.eighthalf.match import DECLINE, Decline, Exchange, MatchMove, parse_match_move
from eighthalf.games.eighthalf.moves import MOVE_TYPES, MOVES_BY_NOTATION
from eighthalf.games.eighthalf.options import MAX_SEATS, OPTION_NAMES, Rules
from eighthalf.games.eighthalf.state import PILE_CARDS, Outcome, PileCard
from eighthalf.games.eighthalf.state import Seat as SeatState
from eighthalf.games.eighthalf.views import SeatView

# --------------------------------------------------------------------------- tables

_SYMBOLS: tuple[str, ...] = tuple(str(rank) for rank in RANKS)
"""``_SYMBOLS[rank]``: the rank's symbol (ranks are ints, so they index the tuple)."""
_RANK_OF: dict[str, Rank] = {symbol: rank for rank, symbol in zip(RANKS, _SYMBOLS, strict=True)}
"""The canonical symbols only: no lower case, no ``½``."""

_MOVE_OF: dict[str, MatchMove] = {
    **MOVES_BY_NOTATION,
    **{
        str(move): move
        for move in (Exchange(own, loser, theirs) for own in RANKS for loser in range(MAX_SEATS) for theirs in RANKS)
    },
    str(DECLINE): DECLINE,
}
"""Every move of a match by its canonical notation."""

_DECK_SIZE: Final = len(DECK)
_COMPOSITION: Final = Counter(COMPOSITION)
_TO_SYMBOLS: Final = bytes.maketrans(bytes(range(len(RANKS))), "".join(_SYMBOLS).encode("ascii"))
_LETTERS: Final = "".join(_SYMBOLS)


def _symbols(cards: Sequence[Rank]) -> str:
    """The string of the cards' symbols (ranks are ints 0-11: a byte translation is fastest)."""
    return bytes(cards).translate(_TO_SYMBOLS).decode("ascii") if cards else ""


def _not_a_rank(path: str, symbol: object) -> DocumentError:
    return DocumentError(path, f"not a rank symbol: {quote(symbol)} (expected 0-9, H or G)")


# --------------------------------------------------------------------------- codecs


@attrs.frozen(slots=True, weakref_slot=False)
class _Rank(Codec):
    """A rank by its symbol; of the ranks ``only`` takes, if given (else the message ``refused``,
    given the rank's label)."""

    only: Callable[[Rank], bool] | None = None
    refused: str = ""

    def write(self, value: Rank) -> str:
        return _SYMBOLS[value]

    def writer(self) -> Writer:
        return _SYMBOLS.__getitem__

    def read(self, value: object, path: str, values: Values) -> Rank:
        if type(value) is not str:
            wrong(path, "a rank symbol", value)
        rank = _RANK_OF.get(value)
        if rank is None:
            raise _not_a_rank(path, value)
        if self.only is not None and not self.only(rank):
            raise DocumentError(path, self.refused.format(rank.label))
        return rank

    reads_values: ClassVar[bool] = False

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"enum": [str(rank) for rank in RANKS if self.only is None or self.only(rank)]}


@attrs.frozen(slots=True, weakref_slot=False)
class _Cards(Codec):
    """A zone of cards as the string of their symbols, in order: ``"49G"``; an error names the character."""

    def write(self, value: Sequence[Rank]) -> str:
        return _symbols(value)

    def writer(self) -> Writer:
        return _symbols

    def read(self, value: object, path: str, values: Values) -> tuple[Rank, ...]:
        if type(value) is not str:
            wrong(path, "a string of rank symbols", value)
        try:
            return tuple(map(_RANK_OF.__getitem__, value))
        except KeyError:
            at, symbol = next((at, symbol) for at, symbol in enumerate(value) if symbol not in _RANK_OF)
            raise _not_a_rank(f"{path}[{at}]", symbol) from None

    reads_values: ClassVar[bool] = False

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "string", "pattern": f"^[{_LETTERS}]*$", "maxLength": _DECK_SIZE}


@attrs.frozen(slots=True, weakref_slot=False)
class _Play(_Cards):
    """The cards of one play: cards of one rank (at most as many as the deck holds), or 8H (T3)."""

    def read(self, value: object, path: str, values: Values) -> tuple[Rank, ...]:
        cards = _Cards.read(self, value, path, values)
        if not cards or (
            cards != (Rank.EIGHT, Rank.HALF)
            and (cards.count(cards[0]) != len(cards) or len(cards) > COMPOSITION[cards[0]])
        ):
            raise DocumentError(path, f"{quote(_symbols(cards))} is not one play: cards of one rank, or 8H (T3)")
        return cards


@attrs.frozen(slots=True, weakref_slot=False)
class _Counted(Codec):
    """``null``, or the ``count`` (read before) cards of ``inner``."""

    inner: Codec

    def write(self, value: Sequence[Rank] | None) -> str | None:
        return None if value is None else _symbols(value)

    def writer(self) -> Writer:
        return self.write

    def read(self, value: object, path: str, values: Values) -> tuple[Rank, ...] | None:
        if value is None:
            return None
        cards: tuple[Rank, ...] = self.inner.read(value, path, values)
        count = values["count"]
        if len(cards) != count:
            raise DocumentError(path, f"{len(cards)} cards, but count is {count}")
        return cards

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        return self.inner.definitions(docs)


@attrs.frozen(slots=True, weakref_slot=False)
class _OwnHand(Codec):
    """A seat's hand in a view: the viewer's own (``values["own"]``), of ``hand_size`` cards, kept in
    order; ``null`` for every other seat (I2)."""

    def write(self, value: Sequence[Rank] | None) -> str | None:
        return None if value is None else _symbols(value)

    def writer(self) -> Writer:
        return self.write

    def read(self, value: object, path: str, values: Values) -> tuple[Rank, ...] | None:
        if not values["own"]:
            if value is not None:
                raise DocumentError(path, "must be null: only the viewer's own hand is seen (I2)")
            return None
        if value is None:
            raise DocumentError(path, "the viewer's own hand must be given (I2)")
        hand = tuple(sorted(CARDS.read(value, path, values)))
        size = values["hand_size"]
        if len(hand) != size:
            raise DocumentError(path, f"{len(hand)} cards, but hand_size is {size}")
        return hand

    def derived(self, docs: Docs) -> dict[str, Any]:
        return nullable(CARDS.schema(docs))

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        return CARDS.definitions(docs)


def _pile_data(pile: Sequence[PileCard]) -> list[list[Any]]:
    return [[_SYMBOLS[card.rank], card.seat] for card in pile]


@attrs.frozen(slots=True, weakref_slot=False)
class _Pile(Codec):
    """The pile, bottom to top: pairs ``[rank, seat]``, each seat below ``values["players"]``."""

    def write(self, value: Sequence[PileCard]) -> list[list[Any]]:
        return _pile_data(value)

    def writer(self) -> Writer:
        return _pile_data

    def read(self, value: object, path: str, values: Values) -> tuple[PileCard, ...]:
        if type(value) is not list:
            wrong(path, "an array", value)
        players = values["players"]
        cards = []
        for at, entry in enumerate(value):
            if type(entry) is not list or len(entry) != 2:
                wrong(f"{path}[{at}]", "a pair [rank, seat]", entry)
            symbol, seat = entry
            rank = _RANK_OF.get(symbol) if type(symbol) is str else None
            if rank is None:
                rank = RANK.read(symbol, f"{path}[{at}][0]", values)
            if type(seat) is not int or not 0 <= seat < players:
                check_seat(seat, f"{path}[{at}][1]", players)
            cards.append(PILE_CARDS[seat][rank])
        return tuple(cards)

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "array", "items": ref("pileCard"), "maxItems": _DECK_SIZE}

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        card = {
            "description": "A pile card as [rank, seat]: ['H', 1] is a ½ played by seat 1.",
            "type": "array",
            "prefixItems": [ref("rank"), ref("seat")],
            "items": False,
            "minItems": 2,
        }
        return {**RANK.definitions(docs), **SEAT.definitions(docs), "pileCard": card}


@attrs.frozen(slots=True, weakref_slot=False)
class _Limit(Codec):
    """``null`` or an integer, whose range :class:`~eighthalf.Rules` checks (E7)."""

    def read(self, value: object, path: str, values: Values) -> int | None:
        if value is not None and type(value) is not int:
            wrong(path, "an integer or null", value)
        return value

    reads_values: ClassVar[bool] = False

    def derived(self, docs: Docs) -> dict[str, Any]:
        return nullable({"type": "integer", "minimum": 1})


# --------------------------------------------------------------------------- the value types

_PLAYS: Final = "|".join([*(f"{rank}{{1,{COMPOSITION[rank]}}}" for rank in RANKS), "8H"])
_EXCHANGE: Final = f"x[{_LETTERS}][0-{MAX_SEATS - 1}][{_LETTERS}]"
_OPEN: Final = "o(" + "|".join(f"{rank}{{1,3}}" for rank in RANKS) + ")"

RANK: Final = _Rank(name="rank", doc="A rank by its symbol: 0 to 9, H for ½, G for Ghost (S1).")
YELLOW_RANK: Final = _Rank(
    lambda rank: rank.is_yellow,
    "the opening is a yellow rank (1-4, 6-8), not {} (S5)",
    name="yellowRank",
    doc="A yellow rank: 1, 2, 3, 4, 6, 7 or 8 (the opening, S5).",
)
NUMBER_RANK: Final = _Rank(
    lambda rank: rank.is_number,
    "a catch card is a number card, not {} (P8)",
    name="numberRank",
    doc="A number card, 1 to 9 (a catch card, P8).",
)
CARDS: Final = _Cards(name="cards", doc="A zone of cards as the string of their rank symbols, in order: '49G'.")
OWN_HAND: Final = _OwnHand()
PLAY: Final = _Play(
    name="play",
    doc="The cards of one play: cards of one rank (at most as many as the deck holds), or 8H (T3).",
    shown={"type": "string", "pattern": f"^({_PLAYS})$"},
)
DRAWN: Final = _Counted(CARDS, shown=nullable({**ref("cards"), "minLength": 1, "maxLength": 3}))
SEAT: Final = Seat(MAX_SEATS, name="seat", doc=f"A seat number (at most {MAX_SEATS} seats).")
SEAT_OR_NULL: Final = Nullable(SEAT, name="seatOrNull")
COUNT: Final = Int(0, _DECK_SIZE, name="count")
PILE: Final = _Pile()
MOVE: Final = Notation(
    parse_match_move,
    known=_MOVE_OF,
    name="move",
    doc="A move in its canonical notation, as str(move) writes it: a hand play ('33', 'H', 'G'), the 8½ "
    "combination '8H', an open card 'o7' (open cards 'o77' under the table option open_runs), a blind card "
    "'b0', collect 'c'; in a match also an exchange 'x729' (own rank, Big Loser's seat, their rank) or "
    "decline 'd' (M3).",
    shown={"type": "string", "pattern": f"^({_PLAYS}|{_OPEN}|b[0-2]|c|{_EXCHANGE}|d)$"},
)
EXCHANGE: Final = Notation(
    parse_match_move,
    known=_MOVE_OF,
    only=Exchange,
    refused="expected an exchange such as 'x729' or null, not {}",
    name="exchange",
    doc="An M3 exchange in notation: 'x729' gives own 7 for seat 2's 9.",
    shown={"type": "string", "pattern": f"^{_EXCHANGE}$"},
)
SEATS_IN: Final = SEAT.but(players="players")
"""A seat of the table whose ``players`` were read before."""
_PLAYERS: Final = {"type": "integer", "minimum": 2, "maximum": MAX_SEATS}
_DEFAULT_RULES: Final = Rules()


def _rules(values: Values, path: str) -> Rules:
    low, high, limit = values["min_players"], values["max_players"], values["move_limit"]
    options = {name: values[name] for name in OPTION_NAMES if name in values}
    if low == 2 and high == 5 and limit is None and not any(options.values()):
        return _DEFAULT_RULES
    try:
        return Rules(min_players=low, max_players=high, move_limit=limit, **options)
    except ValueError as error:  # InvalidStateError; or an int too long to print in its message
        raise DocumentError(path, str(error)) from None


RULES: Final = Shape(
    Rules,
    (
        Field("min_players", Int(shown=_PLAYERS)),
        Field("max_players", Int(shown=_PLAYERS)),
        Field("move_limit", _Limit()),
        # The table options (P7, P3, S5, T3): written only when on, absent meaning off, so the
        # documents written before they existed keep loading and meaning the rule book's rulings.
        *(Field(name, Bool(), optional=True) for name in OPTION_NAMES),
    ),
    make=_rules,
    name="rules",
)
_THREE: Final = {"maxLength": 3}
SEAT_STATE: Final = Shape(
    SeatState,
    (
        Field("hand", CARDS),
        Field("bank", CARDS),
        Field("open", CARDS, extra=_THREE),
        Field("blind", CARDS, extra=_THREE),
        Field("collected", CARDS),
        Field("on_table", Bool()),
    ),
    name="seatState",
    where="a seat of a GameState",
)
SEAT_VIEW: Final = Shape(
    SeatView,
    (
        Field("hand", OWN_HAND),
        Field("hand_size", COUNT),
        Field("bank_size", COUNT),
        Field("open", CARDS, extra=_THREE),
        Field("blind_size", Int(0, 3)),
        Field("collected", CARDS),
        Field("on_table", Bool()),
    ),
    order=("hand_size", "hand", "bank_size", "open", "blind_size", "collected", "on_table"),
    name="seatView",
    where="a seat of a PlayerView",
)


def scored(kind: type[Any]) -> Callable[[Values, str], Any]:
    """The ``make`` of an outcome (or of the ``RoundOver`` event that states it): its big losers
    and points must follow from its winner and counts (E4–E6)."""

    def make(values: Values, path: str) -> Any:
        winner, counts, big_losers, points = values["winner"], values["counts"], values["big_losers"], values["points"]
        players = len(counts)
        if sum(counts) > _DECK_SIZE:
            raise DocumentError(f"{path}.counts", f"the counts add up to {sum(counts)}, more than the 72 cards (E4)")
        if winner is None:
            expected_losers: tuple[int, ...] = ()
            expected_points = (0,) * players
        else:
            highest = max(count for seat, count in enumerate(counts) if seat != winner)
            lowest = min(counts)
            expected_losers = tuple(seat for seat, count in enumerate(counts) if seat != winner and count == highest)
            expected_points = tuple(
                (2 if seat == winner else 0) + (count == lowest) for seat, count in enumerate(counts)
            )
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

    return make


def _array(items: dict[str, Any], **bounds: int) -> dict[str, Any]:
    return {"type": "array", "items": items, **bounds}


OUTCOME_FIELDS: Final = (
    Field("winner", SEAT_OR_NULL.but(inner=SEATS_IN)),
    Field("counts", IntList("players", _DECK_SIZE, shown=_array(ref("count"), minItems=2, maxItems=MAX_SEATS))),
    Field("big_losers", IntList(None, lambda values: values["players"] - 1, shown=_array(ref("seat"), maxItems=MAX_SEATS - 1))),
    Field("points", IntList("players", 3, shown=_array({"type": "integer", "minimum": 0, "maximum": 3}, minItems=2, maxItems=MAX_SEATS))),
)  # fmt: skip
"""The fields of an outcome and of the ``RoundOver`` event, read for the table's ``players``."""
OUTCOME: Final = Shape(Outcome, OUTCOME_FIELDS, make=scored(Outcome), name="outcome", where="an outcome")

VALUE_KINDS: Final = (
    declared("Rules", RULES),
    notation_kind("Move", (*MOVE_TYPES, Exchange, Decline), MOVE),
)
"""The document types of rules and moves: ``Rules`` and ``Move``."""
