"""8½'s matches and records as documents: ``Match``, ``MatchView`` and ``Record``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.document_kinds import RECORDED, get_recorded, recorded_data
from eighthalf.formats.documents import Kind, get_notation_list
from eighthalf.formats.documents import check_object as _object
from eighthalf.formats.documents import get_int as _int
from eighthalf.formats.documents import get_list as _list
from eighthalf.formats.documents import get_opt_seat as _opt_seat
from eighthalf.formats.documents import get_seat as _seat
from eighthalf.formats.documents import get_seed as _seed
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.match import Exchange, Match, MatchView
from eighthalf.games.eighthalf.records import RECORD_FORMAT, Record
from eighthalf.games.eighthalf.serialization.round import (
    _STATE_KEYS,
    _VIEW_KEYS,
    _load_state,
    _load_view,
    _state_data,
    _view_data,
)
from eighthalf.games.eighthalf.serialization.values import (
    _cards,
    _load_outcome,
    _move,
    _nested_rules,
    _outcome_data,
    _rules_data,
    _symbols,
)
from eighthalf.games.eighthalf.state import Outcome

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
    offered = get_notation_list(obj, "exchanges", path, _move)
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

_RECORD_KEYS: Final = frozenset({"players", "seed", "deck", "dealer", "rules", "rounds", *RECORDED})


def _record_data(record: Record) -> dict[str, Any]:
    return {
        "players": record.players,
        "seed": record.seed,
        "deck": None if record.deck is None else _symbols(record.deck),
        "dealer": record.dealer,
        "rules": _rules_data(record.rules),
        "rounds": record.rounds,
        **recorded_data(record.with_result(), RECORD_FORMAT.written_moves),
    }


def _load_record(obj: dict[str, Any], path: str) -> Record:
    """The fields as JSON types here; how they fit together, :class:`~eighthalf.Record` checks
    when it is made (the one definition for the text format and for documents)."""
    rules = _nested_rules(obj, path)
    players = _int(obj, "players", path, rules.min_players, rules.max_players)
    seed = None if obj["seed"] is None else _seed(obj, path)
    deck = None if obj["deck"] is None else _cards(obj, "deck", path)
    dealer = _opt_seat(obj, "dealer", path, players)
    rounds = None if obj["rounds"] is None else _int(obj, "rounds", path, 1)
    recorded = get_recorded(obj, path, _move)
    return Record(players=players, seed=seed, deck=deck, dealer=dealer, rules=rules, rounds=rounds, **recorded)


MATCH_KINDS: Final = (
    Kind("MatchView", (MatchView,), _MATCH_VIEW_KEYS, _match_view_data, _load_match_view),
    Kind("Match", (Match,), _MATCH_KEYS, _match_data, _load_match),
    Kind("Record", (Record,), _RECORD_KEYS, _record_data, _load_record),
)
"""The document types of matches and records: ``MatchView``, ``Match`` and ``Record``."""
