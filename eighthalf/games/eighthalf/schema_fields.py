"""The JSON Schemas of 8½'s documents (:mod:`eighthalf.serialization`): what the schema builder needs of 8½.

:data:`SCHEMAS` is 8½'s :class:`~eighthalf.schemas.documents.GameSchemas`, which its registry
entry names (``eighthalf.games.eighthalf.entry.ENTRY``, ``schemas="eighthalf.games.eighthalf.schema_fields:SCHEMAS"``):
the document types (:data:`DOCUMENT_TYPES`), the texts of the schema files, and the schema
pieces (:func:`round_pieces`), the shared definitions (ranks, zones of cards, seats, moves,
pile cards) and the fields of each document type. The keys come from the game's
registry (``eighthalf.serialization.REGISTRY``), the rank symbols and the move
notation from :mod:`eighthalf.games.eighthalf.cards` and :mod:`eighthalf.games.eighthalf.moves`.

>>> SCHEMAS.types[:3], SCHEMAS.any_name
(('Rules', 'Move', 'GameState'), 'document')
"""

from __future__ import annotations

from typing import Any, Final

from eighthalf.core.game import play_out
from eighthalf.formats.documents import Registry
from eighthalf.games.eighthalf.cards import COMPOSITION, RANKS, Rank
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.options import MAX_SEATS, Rules
from eighthalf.games.eighthalf.serialization import REGISTRY
from eighthalf.games.eighthalf.state import MAX_CALL_HALVES, Outcome, Seat
from eighthalf.games.eighthalf.views import SeatView
from eighthalf.schemas import DOCUMENT_TYPES as _SHIPPED_TYPES
from eighthalf.schemas.documents import (
    GameSchemas,
    Pieces,
    attribute_docs,
    described,
    described_all,
    keys_of,
    nullable,
    object_schema,
    record_fields,
    ref,
    result_field,
)

__all__ = ["DOCUMENT_TYPES", "SCHEMAS", "round_pieces"]

DOCUMENT_TYPES: Final = _SHIPPED_TYPES
"""The value of ``"type"`` of every kind of 8½'s documents, in the order of the format's description:
:data:`eighthalf.schemas.DOCUMENT_TYPES`."""


def _symbols(ranks: tuple[Rank, ...] | list[Rank]) -> list[str]:
    return [str(rank) for rank in ranks]


def _definitions() -> dict[str, dict[str, Any]]:
    """The shared pieces: ranks, zones of cards, seats, moves, pile cards, outcomes."""
    symbols = "".join(_symbols(RANKS))
    plays = [f"{rank}{{1,{COMPOSITION[rank]}}}" for rank in RANKS]
    hand_play = "|".join([*plays, "8H"])
    open_play = "o(" + "|".join(f"{rank}{{1,3}}" for rank in RANKS) + ")"
    exchange = f"x[{symbols}][0-{MAX_SEATS - 1}][{symbols}]"
    seat = {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1}
    return {
        "rank": {
            "description": "A rank by its symbol: 0 to 9, H for ½, G for Ghost (S1).",
            "enum": _symbols(RANKS),
        },
        "yellowRank": {
            "description": "A yellow rank: 1, 2, 3, 4, 6, 7 or 8 (the opening, S5).",
            "enum": _symbols([rank for rank in RANKS if rank.is_yellow]),
        },
        "numberRank": {
            "description": "A number card, 1 to 9 (a catch card, P8).",
            "enum": _symbols([rank for rank in RANKS if rank.is_number]),
        },
        "cards": {
            "description": "A zone of cards as the string of their rank symbols, in order: '49G'.",
            "type": "string",
            "pattern": f"^[{symbols}]*$",
            "maxLength": sum(COMPOSITION.values()),
        },
        "seat": {"description": f"A seat number (at most {MAX_SEATS} seats).", **seat},
        "seatOrNull": nullable(ref("seat")),
        "count": {"type": "integer", "minimum": 0, "maximum": sum(COMPOSITION.values())},
        "play": {
            "description": "The cards of one play: cards of one rank (at most as many as the deck holds), or 8H (T3).",
            "type": "string",
            "pattern": f"^({hand_play})$",
        },
        "move": {
            "description": (
                "A move in its canonical notation, as str(move) writes it: a hand play ('33', 'H', 'G'), "
                "the 8½ combination '8H', an open card 'o7' (open cards 'o77' under the table option "
                "open_runs), a blind card 'b0', collect 'c'; in a match "
                "also an exchange 'x729' (own rank, Big Loser's seat, their rank) or decline 'd' (M3)."
            ),
            "type": "string",
            "pattern": f"^({hand_play}|{open_play}|b[0-2]|c|{exchange}|d)$",
        },
        "exchange": {
            "description": "An M3 exchange in notation: 'x729' gives own 7 for seat 2's 9.",
            "type": "string",
            "pattern": f"^{exchange}$",
        },
        "pileCard": {
            "description": "A pile card as [rank, seat]: ['H', 1] is a ½ played by seat 1.",
            "type": "array",
            "prefixItems": [ref("rank"), ref("seat")],
            "items": False,
            "minItems": 2,
        },
        "seats": {"type": "array", "minItems": 2, "maxItems": MAX_SEATS},
    }


def _outcome_fields() -> dict[str, dict[str, Any]]:
    return {
        "winner": ref("seatOrNull"),
        "counts": {"type": "array", "items": ref("count"), "minItems": 2, "maxItems": MAX_SEATS},
        "big_losers": {"type": "array", "items": ref("seat"), "maxItems": MAX_SEATS - 1},
        "points": {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": 3},
            "minItems": 2,
            "maxItems": MAX_SEATS,
        },
    }


def _state_fields(seats: str, outcome_doc: str) -> dict[str, dict[str, Any]]:
    return {
        "rules": ref("rules"),
        "seats": {**ref("seats"), "items": ref(seats)},
        "pile": {"type": "array", "items": ref("pileCard"), "maxItems": sum(COMPOSITION.values())},
        "call_halves": {"type": "integer", "minimum": 0, "maximum": MAX_CALL_HALVES},
        "locked": {"type": "boolean"},
        "at_risk": ref("seatOrNull"),
        "to_move": ref("seat"),
        "move_number": {"type": "integer", "minimum": 0},
        "opening": nullable(ref("yellowRank")),
        "outcome": nullable(ref(outcome_doc)),
    }


def round_pieces(registry: Registry) -> Pieces:
    """8½'s definitions (``$defs``: the shared pieces and the objects nested in documents)
    and the fields of each of its document types.

    The keys come from the loader: :mod:`eighthalf.serialization` requires exactly
    these keys of each document type, and the nested objects' keys are those of the
    documents it writes.

    Raises:
        EighthalfError: If the loader's keys of a document type are not the fields described here.
    """

    # Nested objects have the keys of the objects the writer produces.
    state = play_out(EIGHTHALF, EIGHTHALF.start(2, seed=0), lambda state, moves: moves[0])
    written = registry.to_data(state)
    seat_keys = frozenset(written["seats"][0])
    outcome_keys = frozenset(written["outcome"])
    seat_view_keys = frozenset(registry.to_data(EIGHTHALF.view(state, 0))["seats"][0])
    optional = registry.by_name["Rules"].optional

    cards = ref("cards")
    size = ref("count")
    defs = {
        "rules": object_schema(
            keys_of(registry, "Rules"),
            {
                "min_players": {"type": "integer", "minimum": 2, "maximum": MAX_SEATS},
                "max_players": {"type": "integer", "minimum": 2, "maximum": MAX_SEATS},
                "move_limit": nullable({"type": "integer", "minimum": 1}),
                **{name: {"type": "boolean"} for name in sorted(optional)},
            },
            attribute_docs(Rules),
            "Rules",
            optional,
        ),
        "seatState": object_schema(
            seat_keys,
            {
                "hand": cards,
                "bank": cards,
                "open": {**cards, "maxLength": 3},
                "blind": {**cards, "maxLength": 3},
                "collected": cards,
                "on_table": {"type": "boolean"},
            },
            attribute_docs(Seat),
            "a seat of a GameState",
        ),
        "seatView": object_schema(
            seat_view_keys,
            {
                "hand": nullable(cards),
                "hand_size": size,
                "bank_size": size,
                "open": {**cards, "maxLength": 3},
                "blind_size": {"type": "integer", "minimum": 0, "maximum": 3},
                "collected": cards,
                "on_table": {"type": "boolean"},
            },
            attribute_docs(SeatView),
            "a seat of a PlayerView",
        ),
        "outcome": object_schema(outcome_keys, _outcome_fields(), attribute_docs(Outcome), "an outcome"),
        "gameState": described(registry, "GameState", _state_fields("seatState", "outcome")),
        "playerView": described(
            registry, "PlayerView", {"seat": ref("seatOrNull"), **_state_fields("seatView", "outcome")}
        ),
    }
    results = {"type": "array", "items": ref("outcome")}
    seat = ref("seat")
    documents: dict[str, dict[str, Any]] = {
        "Rules": defs["rules"],
        "Move": described(registry, "Move", {"move": ref("move")}),
        "GameState": defs["gameState"],
        "PlayerView": defs["playerView"],
        **described_all(
            registry,
            {
                "MatchView": {
                    "rounds": {"type": "integer", "minimum": 1},
                    "round_index": {"type": "integer", "minimum": 0},
                    "dealer": seat,
                    "round": ref("playerView"),
                    "results": results,
                    "exchange_by": ref("seatOrNull"),
                    "exchanges": {"type": "array", "items": ref("exchange")},
                },
                "Match": {
                    "rounds": {"type": "integer", "minimum": 1},
                    "seed": {"type": "integer"},
                    "first_dealer": seat,
                    "round_index": {"type": "integer", "minimum": 0},
                    "state": ref("gameState"),
                    "results": results,
                    "exchange_by": ref("seatOrNull"),
                },
                "Record": record_fields(
                    {
                        "players": {"type": "integer", "minimum": 2, "maximum": MAX_SEATS},
                        "seed": nullable({"type": "integer"}),
                        "deck": nullable({**cards, "minLength": sum(COMPOSITION.values())}),
                        "dealer": ref("seatOrNull"),
                        "rounds": nullable({"type": "integer", "minimum": 1}),
                    },
                    result_field(
                        "'*' while unfinished; '<winner>: <points>' for a round ('-' as winner "
                        "under E7), '<winners>: <totals>' for a match, such as '0,2: 3-0-3'.",
                        no_winner=True,
                    ),
                ),
                "Played": {
                    "seat": seat,
                    "cards": ref("play"),
                    "source": {"enum": ["hand", "open", "blind"]},
                    "call_halves": {"type": "integer", "minimum": 0, "maximum": MAX_CALL_HALVES},
                },
                "BlindTurned": {
                    "seat": seat,
                    "position": {"type": "integer", "minimum": 0, "maximum": 2},
                    "rank": ref("rank"),
                    "failed": {"type": "boolean"},
                },
                "Caught": {"catcher": seat, "caught": seat, "rank": ref("numberRank")},
                "Collected": {
                    "seat": seat,
                    "count": {"type": "integer", "minimum": 1, "maximum": sum(COMPOSITION.values())},
                    "into_hand": {"type": "boolean"},
                    "cause": {"enum": ["stuck", "caught", "blind"]},
                },
                "Drew": {
                    "seat": seat,
                    "count": {"type": "integer", "minimum": 1, "maximum": 3},
                    "cards": nullable({**cards, "minLength": 1, "maxLength": 3}),
                },
                "Locked": {"seat": seat},
                "ReachedTable": {"seat": seat},
                "WentOut": {"seat": seat, "waiting": {"type": "boolean"}},
                "RoundOver": _outcome_fields(),
                "RoundDealt": {
                    "index": {"type": "integer", "minimum": 0},
                    "dealer": seat,
                    "exchange_by": ref("seatOrNull"),
                },
                "Exchanged": {"seat": seat, "exchange": nullable(ref("exchange"))},
                "MatchOver": {
                    "scores": {
                        "type": "array",
                        "items": {"type": "integer", "minimum": 0},
                        "minItems": 2,
                        "maxItems": MAX_SEATS,
                    },
                    "winners": {"type": "array", "items": seat, "minItems": 1},
                },
            },
        ),
    }
    return {**_definitions(), **defs}, documents


SCHEMAS: Final = GameSchemas.derived(
    REGISTRY,
    round_pieces,
    module="eighthalf.serialization",
    checked="the 72 cards, the call, the seats …",
    first_event="Played",
    max_players=MAX_SEATS,
)
"""8½'s schemas: ``<type>.schema.json`` for each of :data:`DOCUMENT_TYPES`, and
``document.schema.json``, which accepts any of them; a table has at most
:data:`~eighthalf.MAX_SEATS` seats (S2)."""
