"""JSON documents of Shedding, on the shared envelope (:mod:`eighthalf.formats.documents`).

>>> from .rules import start
>>> REGISTRY.from_data(REGISTRY.to_data(start(3, seed=2))) == start(3, seed=2)
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from eighthalf.errors import DocumentError, EighthalfError
from eighthalf.formats.document_kinds import field_kind, move_kind
from eighthalf.formats.documents import (
    Kind,
    Registry,
    check_object,
    get_int,
    get_int_list,
    get_list,
    get_opt_int,
    get_opt_seat,
    get_seat,
    get_seed,
    wrong,
)
from eighthalf.formats.seeded import notation_reader, seeded_record_kind

from .game import SHEDDING
from .records import RECORD_FORMAT
from .rules import DECK, Draw, Drew, GameOver, GameState, Pass, Passed, Play, Played, PlayerView, Rules

__all__ = ["REGISTRY"]

_RULES_KEYS: Final = frozenset({"hand_size", "move_limit"})


def _rules_data(rules: Rules) -> dict[str, Any]:
    return {"hand_size": rules.hand_size, "move_limit": rules.move_limit}


def _rules(obj: dict[str, Any], path: str) -> Rules:
    limit = get_opt_int(obj, "move_limit", path, 1)
    try:
        return Rules(get_int(obj, "hand_size", path, 3, 5), limit)
    except EighthalfError as error:
        raise DocumentError(path, str(error)) from None


def _nested_rules(obj: dict[str, Any], path: str) -> Rules:
    return _rules(check_object(obj["rules"], f"{path}.rules", _RULES_KEYS), f"{path}.rules")


def _card(value: object, path: str) -> str:
    if type(value) is not str or value not in DECK:
        wrong(path, "a card such as '3h'", value)
    return value


def _cards(value: object, path: str) -> tuple[str, ...]:
    if type(value) is not list:
        wrong(path, "an array of cards", value)
    return tuple(_card(card, f"{path}[{at}]") for at, card in enumerate(value))


def _hands(obj: dict[str, Any], path: str, players: int) -> tuple[tuple[str, ...], ...]:
    hands = get_list(obj, "hands", path)
    if len(hands) != players:
        raise DocumentError(f"{path}.hands", f"expected {players} hands, one per seat, not {len(hands)}")
    return tuple(_cards(hand, f"{path}.hands[{seat}]") for seat, hand in enumerate(hands))


def _state_data(state: GameState) -> dict[str, Any]:
    return {
        "players": state.players,
        "seed": state.seed,
        "rules": _rules_data(state.rules),
        "hands": [list(hand) for hand in state.hands],
        "stock": list(state.stock),
        "pile": list(state.pile),
        "turn": state.turn,
        "moves": state.moves,
        "passes": state.passes,
    }


def _state(obj: dict[str, Any], path: str) -> GameState:
    players = get_int(obj, "players", path, 2, 4)
    seed = get_seed(obj, path)
    rules = _nested_rules(obj, path)
    hands = _hands(obj, path, players)
    stock, pile = _cards(obj["stock"], f"{path}.stock"), _cards(obj["pile"], f"{path}.pile")
    if Counter((*stock, *pile, *(card for hand in hands for card in hand))) != Counter(DECK) or not pile:
        raise DocumentError(
            path, "the hands, stock and pile must hold the 24 cards once each, the pile one at least (SH1)"
        )
    state = GameState(
        players, seed, rules, hands, stock, pile, get_seat(obj, "turn", path, players),
        get_int(obj, "moves", path), get_int(obj, "passes", path, 0, players),
    )  # fmt: skip
    return state


def _view_data(seen: PlayerView) -> dict[str, Any]:
    return {
        "players": seen.players,
        "seat": seen.seat,
        "rules": _rules_data(seen.rules),
        "hand": list(seen.hand),
        "counts": list(seen.counts),
        "pile": list(seen.pile),
        "stock": seen.stock,
        "turn": seen.turn,
        "moves": seen.moves,
        "passes": seen.passes,
    }


def _view(obj: dict[str, Any], path: str) -> PlayerView:
    players = get_int(obj, "players", path, 2, 4)
    return PlayerView(
        players, get_opt_seat(obj, "seat", path, players), _nested_rules(obj, path), _cards(obj["hand"], f"{path}.hand"),
        get_int_list(obj, "counts", path, players, 24), _cards(obj["pile"], f"{path}.pile"),
        get_int(obj, "stock", path, 0, 24), get_seat(obj, "turn", path, players), get_int(obj, "moves", path),
        get_int(obj, "passes", path, 0, players),
    )  # fmt: skip


def _write(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def _event(cls: type, fields: tuple[str, ...]) -> Kind:
    def load(obj: dict[str, Any], path: str) -> object:
        values: list[Any] = []
        for field in fields:
            if field in ("scores", "winners"):
                values.append(get_int_list(obj, field, path, None))
            elif field == "card":
                values.append(None if obj[field] is None and cls is Drew else _card(obj[field], f"{path}.card"))
            else:
                values.append(get_int(obj, field, path, 0, 3))
        return cls(*values)

    return field_kind(f"shedding.{cls.__name__}", cls, fields, load, _write)


_STATE_KEYS: Final = frozenset({"players", "seed", "rules", "hands", "stock", "pile", "turn", "moves", "passes"})
_VIEW_KEYS: Final = frozenset(
    {"players", "seat", "rules", "hand", "counts", "pile", "stock", "turn", "moves", "passes"}
)

_RULES: Final = Kind("shedding.Rules", (Rules,), _RULES_KEYS, _rules_data, _rules)

REGISTRY: Final = Registry(
    (
        _RULES,
        move_kind("shedding.Move", (Play, Draw, Pass), notation_reader(SHEDDING)),
        Kind("shedding.GameState", (GameState,), _STATE_KEYS, _state_data, _state),
        Kind("shedding.PlayerView", (PlayerView,), _VIEW_KEYS, _view_data, _view),
        seeded_record_kind("shedding.Record", RECORD_FORMAT, _RULES),
        _event(Played, ("seat", "card")),
        _event(Drew, ("seat", "card")),
        _event(Passed, ("seat",)),
        _event(GameOver, ("scores", "winners")),
    ),
    label="shedding",
    foreign=lambda name: None,
)
"""Shedding's document types (the registry entry's ``documents``)."""
