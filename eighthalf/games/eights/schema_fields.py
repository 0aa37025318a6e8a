"""The JSON Schemas of Eights' documents (:mod:`eighthalf.games.eights.serialization`): what the builder needs of Eights.

:data:`SCHEMAS` is Eights' :class:`~eighthalf.schemas.documents.GameSchemas`, which its
registry entry names (``eighthalf.games.eights.entry.ENTRY``,
``schemas="eighthalf.games.eights.schema_fields:SCHEMAS"``): the document types
(:data:`DOCUMENT_TYPES`), the texts of the schema files, and the schema pieces
(:func:`eights_pieces`), the shared definitions (cards, moves, seats, points) and the
fields of each document type. The keys come from the game's registry
(``eighthalf.games.eights.serialization.REGISTRY``), the cards and words from
:mod:`eighthalf.eights`.

>>> SCHEMAS.types[:2], SCHEMAS.any_name
(('eights.Rules', 'eights.Move'), 'eights.document')
"""

from __future__ import annotations

from typing import Any, Final

from eighthalf.core.game import play_out
from eighthalf.formats.documents import Registry
from eighthalf.games.eights.cards import CARDS, DECK, SUIT_LETTERS
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.options import HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.records import Record
from eighthalf.games.eights.serialization import REGISTRY
from eighthalf.games.eights.state import HandState, Outcome
from eighthalf.games.eights.words import WORDS
from eighthalf.schemas import EIGHTS_ANY, EIGHTS_DOCUMENT_TYPES
from eighthalf.schemas.documents import (
    GameSchemas,
    Pieces,
    attribute_docs,
    described_all,
    nullable,
    object_schema,
    ref,
    result_field,
    seeded_record_fields,
)

__all__ = ["ANY", "DOCUMENT_TYPES", "SCHEMAS", "eights_pieces"]

DOCUMENT_TYPES: Final = EIGHTS_DOCUMENT_TYPES
"""The value of ``"type"`` of every kind of Eights' documents, in the order of the format's
description: :data:`eighthalf.schemas.EIGHTS_DOCUMENT_TYPES`."""

ANY: Final = EIGHTS_ANY
"""The name of the schema that accepts any document of Eights: :data:`eighthalf.schemas.EIGHTS_ANY`."""


def _eights_definitions() -> dict[str, dict[str, Any]]:
    """The shared pieces of Eights' documents: cards, moves, seats, points (WS1, WS2, WT8)."""
    card = "(" + "|".join(f"{suit}[{''.join(sorted(set(letters)))}]" for suit, letters in SUIT_LETTERS.items()) + ")"
    words = "|".join(WORDS)
    spelling = f"({words})( {card})*( {card}>{card})+"
    full = max(HAND_SIZES.values())
    seat = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}
    return {
        "card": {
            "description": "A card by its notation: the suit's digit and the lower-case letter, '4w' (WS1).",
            "enum": sorted(CARDS),
        },
        "cards": {"type": "array", "items": ref("card"), "maxItems": len(DECK)},
        "hand": {"type": "array", "items": ref("card"), "maxItems": full},
        "table": {
            "description": "The table, one card of each suit, suit by suit (WS3).",
            "type": "array",
            "items": ref("card"),
            "minItems": 8,
            "maxItems": 8,
        },
        "seat": {"description": f"A seat number (at most {MAX_PLAYERS} seats, WS2).", **seat},
        "seatOrNull": nullable(ref("seat")),
        "origins": {
            "description": "Who put each stack card there: a seat, or -1 for a card dealt there (WP3).",
            "type": "array",
            "items": {"type": "integer", "minimum": -1, "maximum": MAX_PLAYERS - 1},
            "maxItems": len(DECK),
        },
        "points": {
            "description": "Points, one number per seat.",
            "type": "array",
            "items": {"type": "integer", "minimum": 0},
            "minItems": MIN_PLAYERS,
            "maxItems": MAX_PLAYERS,
        },
        "move": {
            "description": (
                "A move in its canonical notation, as str(move) writes it: a spelling 'ONE 1n 7o 4e>4w' "
                "(the word, the hand cards, then table>replacing pairs) or a pass 'pass', 'pass 1e 4w'."
            ),
            "type": "string",
            "pattern": f"^(pass( {card})*|{spelling})$",
        },
        "spelling": {
            "description": "A spelling in its canonical notation: 'ONE 1n 7o 4e>4w' (WT2-WT5).",
            "type": "string",
            "pattern": f"^{spelling}$",
        },
        "piles": {
            "description": "Every seat's score pile: the spellings it made in this hand (WT5).",
            "type": "array",
            "items": {"type": "array", "items": ref("spelling")},
            "minItems": MIN_PLAYERS,
            "maxItems": MAX_PLAYERS,
        },
    }


def eights_pieces(registry: Registry) -> Pieces:
    """Eights' definitions (``$defs``: the shared pieces and the objects nested in documents)
    and the fields of each of its document types, with the keys that
    :mod:`eighthalf.games.eights.serialization` requires.

    Raises:
        EighthalfError: If the loader's keys of a document type are not the fields described here.
    """

    # Nested objects have the keys of the objects the writer produces (of a game that is over).
    state = play_out(EIGHTS, EIGHTS.start(2, seed=0, rules=Rules(target=10)), lambda state, moves: moves[0])
    written = registry.to_data(state)
    hand_keys = frozenset(written["hand"])
    outcome_keys = frozenset(written["outcome"])

    full = max(HAND_SIZES.values())
    seat = ref("seat")
    points = ref("points")
    number = {"type": "integer", "minimum": 0}
    hand_scores = {"type": "array", "items": points}
    optional_int = nullable({"type": "integer", "minimum": 1})
    totals = {**points, "description": "Each seat's points from the finished hands (WG1), checked on loading."}
    outcome = nullable(ref("outcome"))
    documents = described_all(
        registry,
        {
            "eights.Rules": {
                "target": optional_int,
                "turn_limit": optional_int,
                "may_pass_freely": {"type": "boolean"},
            },
            "eights.Move": {"move": ref("move")},
            "eights.GameState": {
                "rules": ref("rules"),
                "seed": {"type": "integer"},
                "hand": ref("handState"),
                "hand_scores": hand_scores,
                "totals": totals,
                "outcome": outcome,
            },
            "eights.PlayerView": {
                "seat": ref("seatOrNull"),
                "rules": ref("rules"),
                "number": number,
                "dealer": seat,
                "table": ref("table"),
                "hand": nullable(ref("hand")),
                "hand_sizes": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 0, "maximum": full},
                    "minItems": MIN_PLAYERS,
                    "maxItems": MAX_PLAYERS,
                },
                "stack": {
                    "description": "How many cards the stack holds (WI1); which they are is hidden, but for known_stack.",
                    "type": "integer",
                    "minimum": 0,
                    "maximum": len(DECK),
                },
                "known_stack": {
                    **ref("cards"),
                    "description": "The stack cards the viewer put under it by a pass, which they know (WI3, WP3), in "
                    "draw order: they lie where origins names the viewer's seat (empty for a spectator).",
                },
                "origins": ref("origins"),
                "piles": ref("piles"),
                "to_move": seat,
                "passes": {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS},
                "turns": number,
                "scores": points,
                "hand_scores": hand_scores,
                "totals": totals,
                "outcome": outcome,
            },
            "eights.Record": seeded_record_fields(
                Record,
                result_field("'*' while unfinished; '<winners>: <totals>' once over, such as '0,2: 31-12-31-5' (WG3)."),
                rules_rule="WR1, WR2",
            ),
            "eights.Spelled": {"seat": seat, "spell": ref("spelling")},
            "eights.Passed": {
                "seat": seat,
                "count": {"type": "integer", "minimum": 0, "maximum": full},
                "exchange": nullable(ref("hand")),
            },
            "eights.Drew": {
                "seat": seat,
                "count": {"type": "integer", "minimum": 1, "maximum": full},
                "cards": nullable({**ref("hand"), "minItems": 1}),
            },
            "eights.HandOver": {
                "number": number,
                "reason": {"enum": ["passes", "turn limit"]},
                "scores": points,
                "totals": points,
            },
            "eights.HandDealt": {"number": {"type": "integer", "minimum": 1}, "dealer": seat, "to_move": seat},
            "eights.GameOver": {"totals": points, "winners": {"type": "array", "items": seat, "minItems": 1}},
        },
    )
    defs = {
        "rules": documents["eights.Rules"],
        "outcome": object_schema(
            outcome_keys,
            {
                "totals": points,
                "winners": {"type": "array", "items": seat, "minItems": 1, "maxItems": MAX_PLAYERS},
                "target": {"type": "integer", "minimum": 1},
            },
            attribute_docs(Outcome),
            "an outcome of Eights",
        ),
        "handState": object_schema(
            hand_keys,
            {
                "number": number,
                "dealer": seat,
                "table": ref("table"),
                "hands": {"type": "array", "items": ref("hand"), "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS},
                "stack": ref("cards"),
                "origins": ref("origins"),
                "piles": ref("piles"),
                "to_move": seat,
                "passes": {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS},
                "turns": number,
                "scores": {**points, "description": "Each seat's points in this hand (WH2), checked on loading."},
            },
            attribute_docs(HandState),
            "the hand of an eights.GameState",
        ),
    }
    return {**_eights_definitions(), **defs}, documents


SCHEMAS: Final = GameSchemas.derived(
    REGISTRY,
    eights_pieces,
    module="eighthalf.eights.serialization",
    checked="the 64 cards, one table card per suit, the scores …",
    first_event="eights.Spelled",
    game="Eights",
    max_players=MAX_PLAYERS,
)
"""Eights' schemas: ``eights.<Type>.schema.json`` for each of :data:`DOCUMENT_TYPES`, and
``eights.document.schema.json`` (:data:`ANY`), which accepts any of them; a table has at
most :data:`~eighthalf.eights.MAX_PLAYERS` seats (WS2)."""
