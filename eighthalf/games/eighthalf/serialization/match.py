"""8½'s matches and records as documents: ``Match``, ``MatchView`` and ``Record``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.document_kinds import RECORDED, recorded_fields
from eighthalf.formats.documents import wrong
from eighthalf.formats.fields import Codec, Field, Int, ListOf, Nullable, Seed, Shape, declared, nullable, ref
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.match import Exchange, Match, MatchView
from eighthalf.games.eighthalf.options import MAX_SEATS
from eighthalf.games.eighthalf.records import RECORD_FORMAT, Record
from eighthalf.games.eighthalf.serialization.round import STATE, VIEW
from eighthalf.games.eighthalf.serialization.values import (
    _DECK_SIZE,
    CARDS,
    MOVE,
    OUTCOME,
    RULES,
    SEAT_OR_NULL,
    SEATS_IN,
)
from eighthalf.games.eighthalf.state import Outcome

_NO_VALUES: Final[dict[str, Any]] = {}


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
    entries = obj["results"]
    if type(entries) is not list:
        wrong(f"{path}.results", "an array", entries)
    finished = round_index + (outcome is not None)
    if len(entries) != finished:
        raise DocumentError(
            f"{path}.results", f"expected {finished} outcomes (the rounds finished), not {len(entries)}"
        )
    at = {"players": players}
    load = OUTCOME.load
    results = tuple(load(entry, f"{path}.results[{index}]", at) for index, entry in enumerate(entries))
    if outcome is not None and results[-1] != outcome:
        raise DocumentError(f"{path}.results[{round_index}]", "must be the outcome of the finished current round")
    exchange_by = _EXCHANGE_BY.read(obj["exchange_by"], f"{path}.exchange_by", at)
    if exchange_by is not None:
        last = results[-1] if results and outcome is None else None
        if last is None or last.winner != exchange_by or not last.big_losers or move_number:
            raise DocumentError(
                f"{path}.exchange_by",
                f"seat {exchange_by} cannot be deciding on an exchange: only the previous round's winner, "
                "with a Big Loser, before the first move of the round (M3)",
            )
    return results, exchange_by


def _read_progress(
    obj: dict[str, Any], path: str, rounds: int, key: str, codec: Codec, dealer_key: str
) -> tuple[int, Any, int, tuple[Outcome, ...], int | None]:
    """What a match and a match view share after ``rounds``, read in their order: the round
    index, the round under way (the state or view at ``key``, read by ``codec``), the dealer
    at ``dealer_key``, and the results and pending exchange (:func:`_check_progress`)."""
    round_index = _ROUND_INDEX.read(obj["round_index"], f"{path}.round_index", {"rounds": rounds})
    round_path = f"{path}.{key}"
    current = codec.read(obj[key], round_path, _NO_VALUES)
    players = len(current.seats)
    dealer = _DEALER.read(obj[dealer_key], f"{path}.{dealer_key}", {"players": players})
    results, exchange_by = _check_progress(
        obj, path, rounds, round_index, round_path, current.move_number, current.outcome, players
    )
    return round_index, current, dealer, results, exchange_by


def _load_match(obj: dict[str, Any], path: str, context: dict[str, Any]) -> Match:
    rounds = _ROUNDS.read(obj["rounds"], f"{path}.rounds", _NO_VALUES)
    seed = _SEED.read(obj["seed"], f"{path}.seed", _NO_VALUES)
    round_index, state, first_dealer, results, exchange_by = _read_progress(
        obj, path, rounds, "state", _STATE, "first_dealer"
    )
    return Match(rounds, seed, first_dealer, round_index, state, results, exchange_by)


def _load_match_view(obj: dict[str, Any], path: str, context: dict[str, Any]) -> MatchView:
    rounds = _ROUNDS.read(obj["rounds"], f"{path}.rounds", _NO_VALUES)
    round_index, seen, dealer, results, exchange_by = _read_progress(obj, path, rounds, "round", _ROUND, "dealer")
    offered = _EXCHANGES.read(obj["exchanges"], f"{path}.exchanges", _NO_VALUES)
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

_RESULT: Final = {
    "description": "'*' while unfinished; '<winner>: <points>' for a round ('-' as winner under E7), "
    "'<winners>: <totals>' for a match, such as '0,2: 3-0-3'.",
    "type": "string",
    "pattern": r"^(\*|(-|[0-9]+(,[0-9]+)*): [0-9]+(-[0-9]+)+)$",
}
RECORD: Final = Shape(
    Record,
    (
        Field("players", Int(
            lambda values: values["rules"].min_players, lambda values: values["rules"].max_players,
            shown={"type": "integer", "minimum": 2, "maximum": MAX_SEATS},
        )),
        Field("seed", Nullable(Seed())),
        Field("deck", Nullable(CARDS, shown=nullable({**ref("cards"), "minLength": _DECK_SIZE}))),
        Field("dealer", SEAT_OR_NULL.but(inner=SEATS_IN)),
        Field("rules", RULES.codec()),
        Field("rounds", Nullable(Int(1))),
        *recorded_fields(MOVE, RECORD_FORMAT.written_moves, _RESULT),
    ),
    order=("rules", "players", "seed", "deck", "dealer", "rounds", *RECORDED),
)  # fmt: skip
"""A record: its fields' JSON types are checked here; how they fit together, :class:`~eighthalf.Record`
checks when it is made (the one definition for the text format and for documents)."""

# --------------------------------------------------------------------------- the declarations

_ROUNDS: Final = Int(1)
_SEED: Final = Seed()
_ROUND_INDEX: Final = Int(0, lambda values: values["rounds"] - 1)
_STATE: Final = STATE.codec()
_ROUND: Final = VIEW.codec()
_DEALER: Final = SEATS_IN
"""A match's ``first_dealer`` and a match view's ``dealer``."""
_RESULTS: Final = ListOf(OUTCOME.codec())
_EXCHANGE_BY: Final = SEAT_OR_NULL.but(inner=SEATS_IN)
_EXCHANGES: Final = ListOf(MOVE, shown={"type": "array", "items": ref("exchange")})

MATCH_KINDS: Final = (
    declared("MatchView", Shape(MatchView, (
        Field("rounds", _ROUNDS), Field("round_index", _ROUND_INDEX), Field("dealer", _DEALER), Field("round", _ROUND),
        Field("results", _RESULTS), Field("exchange_by", _EXCHANGE_BY), Field("exchanges", _EXCHANGES),
    ), load=_load_match_view)),
    declared("Match", Shape(Match, (
        Field("rounds", _ROUNDS), Field("seed", _SEED), Field("first_dealer", _DEALER),
        Field("round_index", _ROUND_INDEX), Field("state", _STATE), Field("results", _RESULTS),
        Field("exchange_by", _EXCHANGE_BY),
    ), load=_load_match)),
    declared("Record", RECORD, before=Record.with_result),
)  # fmt: skip
"""The document types of matches and records: ``MatchView``, ``Match`` and ``Record``."""
