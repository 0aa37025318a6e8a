"""The values of Eights' documents: cards, moves, seats, rules, outcomes and records.

The pieces that the document types of :mod:`eighthalf.games.eights.serialization` are made of,
with their writers and their checking readers, and the document types ``eights.Rules``,
``eights.Move`` and ``eights.Record``. The underscored names are the package's own:
import the public functions from :mod:`eighthalf.games.eights.serialization`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.document_kinds import move_kind
from eighthalf.formats.documents import (
    Kind,
    check_int_entries,
    check_notation,
    check_object,
    get_bool,
    get_int,
    get_int_list,
    get_list,
    get_opt_int,
    wrong,
)
from eighthalf.formats.seeded import seeded_record_kind
from eighthalf.games.eights.cards import CARDS, DECK, Card, card_texts, parse_card
from eighthalf.games.eights.moves import Move, Pass, Spell, parse_move
from eighthalf.games.eights.options import HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.records import RECORD_FORMAT
from eighthalf.games.eights.state import Outcome

PREFIX: Final = "eights."
"""How the ``"type"`` of every document of Eights begins (``"eights.GameState"``)."""

_MAX_HAND: Final = max(HAND_SIZES.values())
_DECK_COUNT: Final = Counter(DECK)

# --------------------------------------------------------------------------- cards and moves


def _card(value: object, path: str) -> Card:
    return check_notation(value, path, parse_card, wanted="a card such as '4w'", noun="card", known=CARDS)


def _card_list(value: object, path: str, high: int = len(DECK), rule: str = "WS1") -> tuple[Card, ...]:
    if type(value) is not list:
        wrong(path, "an array of cards", value)
    if len(value) > high:
        raise DocumentError(path, f"{len(value)} cards, more than the {high} there can be ({rule})")
    return tuple(_card(entry, f"{path}[{at}]") for at, entry in enumerate(value))


def _cards(obj: dict[str, Any], key: str, path: str, high: int = len(DECK), rule: str = "WS1") -> tuple[Card, ...]:
    return _card_list(obj[key], f"{path}.{key}", high, rule)


def _names(cards: Sequence[Card]) -> list[str]:
    return card_texts(cards)


def _move(value: object, path: str) -> Move:
    return check_notation(value, path, parse_move, wanted="a move in notation", noun="move")


def _spell(value: object, path: str) -> Spell:
    move = _move(value, path)
    if not isinstance(move, Spell):
        raise DocumentError(path, f"expected a spelling such as 'ONE 1n 7o 4e>4w', not {str(move)!r} (WT5)")
    return move


def _count_list(value: object, path: str, players: int | None) -> tuple[int, ...]:
    """Non-negative integers, one per seat (of 2 to 6 seats if ``players`` is ``None``)."""
    if type(value) is not list:
        wrong(path, "an array of integers, one per seat", value)
    if players is None and not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise DocumentError(
            path, f"expected one entry per seat ({MIN_PLAYERS} to {MAX_PLAYERS}), not {len(value)} (WS2)"
        )
    if players is not None and len(value) != players:
        raise DocumentError(path, f"expected {players} entries (one per seat), not {len(value)}")
    return check_int_entries(value, path)


# --------------------------------------------------------------------------- rules

_RULES_KEYS: Final = frozenset({"target", "turn_limit", "may_pass_freely"})


def _rules_data(rules: Rules) -> dict[str, Any]:
    return {"target": rules.target, "turn_limit": rules.turn_limit, "may_pass_freely": rules.may_pass_freely}


_DEFAULT_RULES: Final = Rules()


def _load_rules(obj: dict[str, Any], path: str) -> Rules:
    target = get_opt_int(obj, "target", path, 1, rule="WG1, WR2")
    turn_limit = get_opt_int(obj, "turn_limit", path, 1, rule="WH3, WR2")
    free = get_bool(obj, "may_pass_freely", path)
    if target is None and turn_limit is None and not free:
        return _DEFAULT_RULES
    return Rules(target, turn_limit, free)


def _nested_rules(obj: dict[str, Any], path: str) -> Rules:
    where = f"{path}.rules"
    return _load_rules(check_object(obj["rules"], where, _RULES_KEYS), where)


# --------------------------------------------------------------------------- outcomes and scores

_OUTCOME_KEYS: Final = frozenset({"totals", "winners", "target"})


def _outcome_data(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"totals": list(outcome.totals), "winners": list(outcome.winners), "target": outcome.target}


def _hand_scores(obj: dict[str, Any], path: str, players: int) -> tuple[tuple[int, ...], ...]:
    entries = get_list(obj, "hand_scores", path)
    return tuple(_count_list(entry, f"{path}.hand_scores[{at}]", players) for at, entry in enumerate(entries))


def _check_fact(obj: dict[str, Any], key: str, path: str, expected: tuple[int, ...], rule: str) -> None:
    """The written ``obj[key]`` (a hand's ``scores``, WH2, or the ``totals``, WG1) must be what the position gives."""
    written = _count_list(obj[key], f"{path}.{key}", len(expected))
    if written != expected:
        raise DocumentError(
            f"{path}.{key}",
            f"{quote(list(written))} does not agree with the score piles and hand scores, "
            f"which give {list(expected)} ({rule})",
        )


def _check_outcome(obj: dict[str, Any], path: str, outcome: Outcome | None, target: int) -> None:
    value = obj["outcome"]
    where = f"{path}.outcome"
    if value is None:
        if outcome is not None:
            raise DocumentError(
                where,
                f"is null, but a total has reached the target {target}, so the game is over with "
                f"{quote(_outcome_data(outcome))} (WG3)",
            )
        return
    written = check_object(value, where, _OUTCOME_KEYS)
    totals = _count_list(written["totals"], f"{where}.totals", None)
    winners = get_int_list(written, "winners", where, None)
    aimed = get_int(written, "target", where, 1)
    if outcome is None:
        raise DocumentError(where, f"must be null: no total has reached the target {target}, so the game goes on (WG3)")
    if (totals, winners, aimed) != (outcome.totals, outcome.winners, outcome.target):
        raise DocumentError(
            where, f"does not agree with the position, which gives {quote(_outcome_data(outcome), 400)} (WG3)"
        )


VALUE_KINDS: Final = (
    Kind(PREFIX + "Rules", (Rules,), _RULES_KEYS, _rules_data, _load_rules),
    move_kind(PREFIX + "Move", (Spell, Pass), _move),
)
"""The document types of rules and moves: ``eights.Rules`` and ``eights.Move``."""

RECORD_KIND: Final = seeded_record_kind(PREFIX + "Record", RECORD_FORMAT, VALUE_KINDS[0])
"""The document type of records: ``eights.Record``."""
