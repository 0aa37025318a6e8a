"""JSON documents of Eights: every state, view, move, event, rule set and record as plain data.

:func:`~eighthalf.eights.to_data` turns an object into a ``dict`` of JSON types only,
and :func:`~eighthalf.eights.from_data` reads it back; :func:`dumps` and :func:`loads`
do the same with JSON text. They work as 8½'s do (:mod:`eighthalf.serialization`), on
the same envelope (:mod:`eighthalf.common.documents`): loading checks everything, and a
document that is not exactly right raises :class:`~eighthalf.DocumentError`,
whose message says what is wrong and where, as a JSON path such as
``$.hand.table[3]``. A :class:`~eighthalf.eights.GameState` is checked as
:func:`~eighthalf.eights.position` checks a position, so loading never returns a state
that could not occur.

>>> from eighthalf.eights import new_game, parse_move
>>> state = new_game(2, seed=1)
>>> data = to_data(state)
>>> data["type"], data["hand"]["table"], data["hand"]["hands"][0][:3]
('eights.GameState', ['1o', '2f', '3e', '4h', '5f', '6e', '7e', '8o'], ['1i', '1n', '1t'])
>>> from_data(data) == state
True
>>> dumps(parse_move("ONE 1n 7o 4e>4w"))
'{"format": "eighthalf", "version": 1, "type": "eights.Move", "move": "ONE 1n 7o 4e>4w"}'
>>> data["hand"]["table"][3] = "3g"
>>> from_data(data)
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.hand.table[3]: expected the table card of suit 4 here, not '3g' (the table holds one card of each suit, written suit by suit) (WS3)

The format (version 1)
----------------------

Every document is a JSON object that starts with ``"format": "eighthalf"``,
``"version": 1`` and ``"type"``, as 8½'s documents do. The types of Eights are named
``eights.<Class>`` so that no document of one game can be taken for one of the other:
``eights.Rules``, ``eights.Move``, ``eights.GameState``, ``eights.PlayerView``,
``eights.Record``, and the events ``eights.Spelled``, ``eights.Passed``,
``eights.Drew``, ``eights.HandOver``, ``eights.HandDealt``, ``eights.GameOver``. Each
game's loader, handed a document of the other game, says which function reads it. The
other keys are the object's fields, by their Python names, all of them required and no
others allowed. Nested objects (the rules, the hand, the outcome) are plain objects of
their fields, without the header.

* A card is its notation, ``"4w"``: the suit's digit and the lower-case letter; a zone
  of cards (the table, a hand, the stack, an exchange) is a list of them. The table is
  written suit by suit; hands and exchanges in card order, as the library keeps them (a
  hand in another order is read, and kept in card order).
* A move (``eights.Move`` documents, score piles, events and records) is its canonical
  notation, exactly as ``str(move)`` writes it: ``"ONE 1n 7o 4e>4w"``, ``"pass"``,
  ``"pass 1e 4w"`` (see :func:`~eighthalf.eights.parse_move`).
* Rules hold ``target``, ``turn_limit`` (an integer or ``null``) and
  ``may_pass_freely``.
* A state holds ``rules``, ``seed``, ``hand`` (the fields of
  :class:`~eighthalf.eights.HandState`: ``number``, ``dealer``, ``table``, ``hands``,
  ``stack``, ``origins``, ``piles``, ``to_move``, ``passes``, ``turns``),
  ``hand_scores`` and ``outcome``. A view holds the fields of
  :class:`~eighthalf.eights.PlayerView`; its ``stack`` has ``null`` for each card the
  viewer does not know.
* The facts a loader can work out are written for the reader's convenience and checked
  on loading: the hand's ``scores`` (WH2), the ``totals`` (WG1), and the ``outcome``
  (WG3: the totals, the winners and the target, once a total has reached it).
* A seed is a JSON integer of at most 4,300 digits; every other integer is at most
  2\\ :sup:`53` - 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias, TypeVar, overload

from ..common.documents import (
    MAX_INT,
    Kind,
    Registry,
    check_object,
    get_bool,
    get_int,
    get_int_list,
    get_list,
    get_seed,
    get_str,
    wrong,
)
from ..errors import DocumentError, EighthalfError, quote
from .cards import CARDS, DECK, SUITS, Card, parse_card
from .events import Drew, Event, GameOver, HandDealt, HandOver, Passed, Spelled
from .moves import Move, Pass, Spell, parse_move
from .options import HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, Rules
from .position import position
from .records import Record
from .state import DEALT, GameState, Outcome
from .views import PlayerView, view

__all__ = ["PREFIX", "REGISTRY", "TYPE_NAMES", "Document", "dumps", "from_data", "loads", "to_data"]

PREFIX: Final = "eights."
"""How the ``"type"`` of every document of Eights begins (``"eights.GameState"``)."""

Document: TypeAlias = Rules | Spell | Pass | GameState | PlayerView | Record | Event
"""Anything :func:`~eighthalf.eights.to_data` writes and :func:`~eighthalf.eights.from_data` reads."""

T = TypeVar("T")

_MAX_HAND: Final = max(HAND_SIZES.values())
_DECK_COUNT: Final = Counter(DECK)

# --------------------------------------------------------------------------- cards and moves


def _card(value: object, path: str) -> Card:
    if type(value) is not str:
        wrong(path, "a card such as '4w'", value)
    card = CARDS.get(value)
    if card is not None:
        return card
    try:
        canonical = str(parse_card(value))
    except EighthalfError as error:
        raise DocumentError(path, str(error)) from None
    raise DocumentError(path, f"write the card {quote(value)} as {canonical!r} (the canonical notation)")


def _card_list(value: object, path: str, high: int = len(DECK), rule: str = "WS1") -> tuple[Card, ...]:
    if type(value) is not list:
        wrong(path, "an array of cards", value)
    if len(value) > high:
        raise DocumentError(path, f"{len(value)} cards, more than the {high} there can be ({rule})")
    return tuple(_card(entry, f"{path}[{at}]") for at, entry in enumerate(value))


def _cards(obj: dict[str, Any], key: str, path: str, high: int = len(DECK), rule: str = "WS1") -> tuple[Card, ...]:
    return _card_list(obj[key], f"{path}.{key}", high, rule)


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _move(value: object, path: str) -> Move:
    if type(value) is not str:
        wrong(path, "a move in notation", value)
    try:
        move = parse_move(value)
    except EighthalfError as error:
        raise DocumentError(path, str(error)) from None
    if str(move) != value:
        raise DocumentError(path, f"write the move {quote(value)} as {str(move)!r} (the canonical notation)")
    return move


def _spell(value: object, path: str) -> Spell:
    move = _move(value, path)
    if not isinstance(move, Spell):
        raise DocumentError(path, f"expected a spelling such as 'ONE 1n 7o 4e>4w', not {str(move)!r} (WT5)")
    return move


def _seat(obj: dict[str, Any], key: str, path: str, players: int = MAX_PLAYERS) -> int:
    value = obj[key]
    if type(value) is not int:
        wrong(f"{path}.{key}", "a seat number", value)
    if not 0 <= value < players:
        raise DocumentError(f"{path}.{key}", f"seat {quote(value)} is out of range (0 to {players - 1})")
    return value


def _opt_int(obj: dict[str, Any], key: str, path: str, rule: str) -> int | None:
    value = obj[key]
    if value is None:
        return None
    if type(value) is not int:
        wrong(f"{path}.{key}", "an integer or null", value)
    if not 1 <= value <= MAX_INT:
        raise DocumentError(f"{path}.{key}", f"{quote(value)} is out of range (1 to 2**53 - 1) ({rule})")
    return value


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
    for at, entry in enumerate(value):
        if type(entry) is not int:
            wrong(f"{path}[{at}]", "an integer", entry)
        if not 0 <= entry <= MAX_INT:
            raise DocumentError(f"{path}[{at}]", f"{quote(entry)} is out of range (0 to 2**53 - 1)")
    return tuple(value)


# --------------------------------------------------------------------------- rules

_RULES_KEYS: Final = frozenset({"target", "turn_limit", "may_pass_freely"})


def _rules_data(rules: Rules) -> dict[str, Any]:
    return {"target": rules.target, "turn_limit": rules.turn_limit, "may_pass_freely": rules.may_pass_freely}


_DEFAULT_RULES: Final = Rules()


def _load_rules(obj: dict[str, Any], path: str) -> Rules:
    target = _opt_int(obj, "target", path, "WG1, WR2")
    turn_limit = _opt_int(obj, "turn_limit", path, "WH3, WR2")
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


# --------------------------------------------------------------------------- GameState

_HAND_KEYS: Final = frozenset(
    {"number", "dealer", "table", "hands", "stack", "origins", "piles", "to_move", "passes", "turns", "scores"}
)
_STATE_KEYS: Final = frozenset({"rules", "seed", "hand", "hand_scores", "totals", "outcome"})


def _piles_data(piles: Sequence[Sequence[Spell]]) -> list[list[str]]:
    return [[str(spell) for spell in pile] for pile in piles]


def _state_data(state: GameState) -> dict[str, Any]:
    hand = state.hand
    return {
        "rules": _rules_data(state.rules),
        "seed": state.seed,
        "hand": {
            "number": hand.number,
            "dealer": hand.dealer,
            "table": _names(hand.table),
            "hands": [_names(cards) for cards in hand.hands],
            "stack": _names(hand.stack),
            "origins": list(hand.origins),
            "piles": _piles_data(hand.piles),
            "to_move": hand.to_move,
            "passes": hand.passes,
            "turns": hand.turns,
            "scores": list(hand.scores),
        },
        "hand_scores": [list(scores) for scores in state.hand_scores],
        "totals": list(state.totals),
        "outcome": _outcome_data(state.outcome),
    }


def _players(value: object, path: str) -> int:
    """The number of seats, from the array that has one entry per seat."""
    if type(value) is not list:
        wrong(path, "an array, one entry per seat", value)
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise DocumentError(path, f"{len(value)} seats; the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players (WS2)")
    return len(value)


def _table(obj: dict[str, Any], path: str) -> tuple[Card, ...]:
    where = f"{path}.table"
    table = _cards(obj, "table", path)
    for at, card in enumerate(table):
        if card.suit != at + 1:
            raise DocumentError(
                f"{where}[{at}]",
                f"expected the table card of suit {at + 1} here, not {str(card)!r} "
                "(the table holds one card of each suit, written suit by suit) (WS3)",
            )
    if len(table) != len(SUITS):
        raise DocumentError(where, f"{len(table)} cards; the table holds one card of each of the 8 suits (WS3)")
    return table


def _origins(obj: dict[str, Any], path: str, players: int, stack: int) -> tuple[int, ...]:
    values = get_list(obj, "origins", path)
    if len(values) != stack:
        raise DocumentError(
            f"{path}.origins", f"expected {stack} entries (one per stack card), not {len(values)} (WP3)"
        )
    for at, value in enumerate(values):
        if type(value) is not int:
            wrong(f"{path}.origins[{at}]", "a seat number or -1", value)
        if not DEALT <= value < players:
            raise DocumentError(
                f"{path}.origins[{at}]", f"{quote(value)} is out of range ({DEALT} for dealt, or 0 to {players - 1})"
            )
    return tuple(values)


def _piles(obj: dict[str, Any], path: str, players: int) -> tuple[tuple[Spell, ...], ...]:
    entries = get_list(obj, "piles", path)
    if len(entries) != players:
        raise DocumentError(f"{path}.piles", f"expected {players} score piles (one per seat), not {len(entries)}")
    piles = []
    for at, pile in enumerate(entries):
        if type(pile) is not list:
            wrong(f"{path}.piles[{at}]", "an array of spellings", pile)
        piles.append(tuple(_spell(entry, f"{path}.piles[{at}][{index}]") for index, entry in enumerate(pile)))
    return tuple(piles)


def _build(
    path: str,
    hand_path: str,
    rules: Rules,
    seed: int,
    number: int,
    dealer: int,
    table: tuple[Card, ...],
    hands: Sequence[tuple[Card, ...]],
    stack: tuple[Card, ...],
    origins: tuple[int, ...],
    piles: tuple[tuple[Spell, ...], ...],
    to_move: int,
    passes: int,
    turns: int,
    hand_scores: tuple[tuple[int, ...], ...],
) -> GameState:
    """The state these fields describe, checked by :func:`~eighthalf.eights.position`.

    A game that is over (a total reached the target, WG3) keeps its last hand as it
    ended: every seat passed (WH1) or the turn limit was reached (WH3), and its scores are
    the last of ``hand_scores``. :func:`~eighthalf.eights.position` builds games in
    progress, so such a hand is checked as it stood before its last turn's end.
    """
    players = len(hands)
    target = rules.target_for(players)
    totals = tuple(sum(scores[seat] for scores in hand_scores) for seat in range(players))
    over = bool(totals) and max(totals) >= target
    before_scores = hand_scores
    check_passes, check_turns = passes, turns
    if over:
        if len(hand_scores) != number + 1:
            raise DocumentError(
                f"{path}.hand_scores",
                f"the totals reach the target {target}, so the game is over and hand {number} is the last "
                f"scored: expected {number + 1} hand scores, not {len(hand_scores)} (WG3)",
            )
        scores = tuple(sum(spell.value for spell in pile) for pile in piles)
        if hand_scores[-1] != scores:
            raise DocumentError(
                f"{path}.hand_scores[{number}]",
                f"{list(hand_scores[-1])} are not the scores of the last hand's piles, {list(scores)} (WH2)",
            )
        limit = rules.turn_limit
        if passes != players and (limit is None or turns != limit):
            raise DocumentError(
                hand_path,
                f"the game is over, but its last hand has not ended: {passes} passes in a row of {players}"
                + ("" if limit is None else f", {turns} turns of {limit}")
                + " (WH1, WH3)",
            )
        before_scores = hand_scores[:-1]
        check_passes = min(passes, players - 1)
        check_turns = turns if limit is None or turns < limit else limit - 1
    elif passes >= players:
        raise DocumentError(f"{hand_path}.passes", f"{passes} passes in a row of {players} seats end the hand (WH1)")
    try:
        state = position(
            hands,
            table=table,
            stack=stack,
            piles=piles,
            to_move=to_move,
            passes=check_passes,
            turns=check_turns,
            origins=origins,
            number=number,
            dealer=dealer,
            hand_scores=before_scores,
            rules=rules,
            seed=seed,
        )
    except ValueError as error:  # InvalidStateError; or an int too long to print in its message
        raise DocumentError(hand_path if "hand_scores" not in str(error) else path, str(error)) from None
    if not over:
        return state
    return GameState(
        rules, seed, state.hand.replace(passes=passes, turns=turns), hand_scores, Outcome.of(totals, target)
    )


def _load_state(obj: dict[str, Any], path: str) -> GameState:
    rules = _nested_rules(obj, path)
    seed = get_seed(obj, path)
    hand_path = f"{path}.hand"
    hand = check_object(obj["hand"], hand_path, _HAND_KEYS)
    players = _players(hand["hands"], f"{hand_path}.hands")
    full = rules.hand_size(players)
    table = _table(hand, hand_path)
    hands = [_card_list(cards, f"{hand_path}.hands[{at}]", full, "WS4") for at, cards in enumerate(hand["hands"])]
    stack = _cards(hand, "stack", hand_path)
    origins = _origins(hand, hand_path, players, len(stack))
    piles = _piles(hand, hand_path, players)
    number = get_int(hand, "number", hand_path)
    state = _build(
        path,
        hand_path,
        rules,
        seed,
        number,
        _seat(hand, "dealer", hand_path, players),
        table,
        hands,
        stack,
        origins,
        piles,
        _seat(hand, "to_move", hand_path, players),
        get_int(hand, "passes", hand_path, 0, players),
        get_int(hand, "turns", hand_path),
        _hand_scores(obj, path, players),
    )
    _check_fact(hand, "scores", hand_path, state.hand.scores, "WH2")
    _check_fact(obj, "totals", path, state.totals, "WG1")
    _check_outcome(obj, path, state.outcome, state.target)
    return state


# --------------------------------------------------------------------------- PlayerView

_VIEW_KEYS: Final = frozenset(PlayerView.__match_args__) | {"scores", "totals"}
"""A view's fields, and the facts worked out from them that a document also states."""


def _view_data(seen: PlayerView) -> dict[str, Any]:
    return {
        "seat": seen.seat,
        "rules": _rules_data(seen.rules),
        "number": seen.number,
        "dealer": seen.dealer,
        "table": _names(seen.table),
        "hand": None if seen.hand is None else _names(seen.hand),
        "hand_sizes": list(seen.hand_sizes),
        "stack": [None if card is None else str(card) for card in seen.stack],
        "origins": list(seen.origins),
        "piles": _piles_data(seen.piles),
        "to_move": seen.to_move,
        "passes": seen.passes,
        "turns": seen.turns,
        "scores": list(seen.scores),
        "hand_scores": [list(scores) for scores in seen.hand_scores],
        "totals": list(seen.totals),
        "outcome": _outcome_data(seen.outcome),
    }


def _load_view(obj: dict[str, Any], path: str) -> PlayerView:
    rules = _nested_rules(obj, path)
    players = _players(obj["hand_sizes"], f"{path}.hand_sizes")
    full = rules.hand_size(players)
    sizes = get_int_list(obj, "hand_sizes", path, players, full)
    viewer = None if obj["seat"] is None else _seat(obj, "seat", path, players)
    table = _table(obj, path)
    if viewer is None:
        if obj["hand"] is not None:
            raise DocumentError(f"{path}.hand", "must be null: a spectator sees no hand (WI2)")
        own: tuple[Card, ...] | None = None
    else:
        if obj["hand"] is None:
            raise DocumentError(f"{path}.hand", "the viewer's own hand must be given (WI2)")
        own = tuple(sorted(_cards(obj, "hand", path, full, "WS4")))
        if len(own) != sizes[viewer]:
            raise DocumentError(f"{path}.hand", f"{len(own)} cards, but hand_sizes gives {sizes[viewer]}")
    entries = get_list(obj, "stack", path)
    known = tuple(None if entry is None else _card(entry, f"{path}.stack[{at}]") for at, entry in enumerate(entries))
    origins = _origins(obj, path, players, len(known))
    for at, (card, origin) in enumerate(zip(known, origins, strict=True)):
        if (card is not None) != (viewer is not None and origin == viewer):
            raise DocumentError(
                f"{path}.stack[{at}]",
                "a stack card is known to the seat that put it under the stack, and to nobody else: "
                f"expected {'the card' if card is None else 'null'} (WI3, WP3)",
            )
    piles = _piles(obj, path, players)
    # Deal the cards the viewer cannot see into the hidden places (the other hands, the
    # unknown stack cards), then check the whole position: all that position() checks
    # depends only on what the view shows and on the sizes of the hidden places.
    visible = Counter(table)
    visible.update(own or ())
    visible.update(card for card in known if card is not None)
    for pile in piles:
        for spell in pile:
            visible.update(spell.cards)
    too_many = sorted(card for card in visible if visible[card] > _DECK_COUNT[card])
    if too_many:
        card = too_many[0]
        raise DocumentError(path, f"{visible[card]} cards {card} are visible; the deck has {_DECK_COUNT[card]} (WS1)")
    unseen = sorted((_DECK_COUNT - visible).elements())
    hidden = sum(size for seat, size in enumerate(sizes) if seat != viewer) + known.count(None)
    if len(unseen) != hidden:
        shown = sum(visible.values())
        raise DocumentError(
            path, f"{shown} cards are visible and {hidden} hidden, {shown + hidden} in all instead of the 64 of WS1"
        )
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(sizes):
        if seat == viewer and own is not None:
            hands.append(own)
        else:
            hands.append(tuple(unseen[:size]))
            unseen = unseen[size:]
    stack = tuple(unseen.pop() if card is None else card for card in known)
    number = get_int(obj, "number", path)
    state = _build(
        path,
        path,
        rules,
        0,
        number,
        _seat(obj, "dealer", path, players),
        table,
        hands,
        stack,
        origins,
        piles,
        _seat(obj, "to_move", path, players),
        get_int(obj, "passes", path, 0, players),
        get_int(obj, "turns", path),
        _hand_scores(obj, path, players),
    )
    seen = view(state, viewer)
    _check_fact(obj, "scores", path, seen.scores, "WH2")
    _check_fact(obj, "totals", path, seen.totals, "WG1")
    _check_outcome(obj, path, seen.outcome, seen.target)
    return seen


# --------------------------------------------------------------------------- records

_RECORD_KEYS: Final = frozenset({"players", "seed", "rules", "moves", "result", "comments", "tags"})


def _record_data(record: Record) -> dict[str, Any]:
    return {
        "players": record.players,
        "seed": record.seed,
        "rules": _rules_data(record.rules),
        "moves": [str(move) for move in record.moves],
        "result": record.result,
        "comments": [[at, text] for at, text in record.comments],
        "tags": [[name, value] for name, value in record.tags],
    }


def _pairs(obj: dict[str, Any], key: str, path: str, first: str) -> list[tuple[Any, str]]:
    out = []
    for at, entry in enumerate(get_list(obj, key, path)):
        where = f"{path}.{key}[{at}]"
        if type(entry) is not list or len(entry) != 2:
            wrong(where, f"a pair [{first}, text]", entry)
        if type(entry[1]) is not str:
            wrong(f"{where}[1]", "a string", entry[1])
        out.append((entry[0], entry[1]))
    return out


def _load_record(obj: dict[str, Any], path: str) -> Record:
    """The fields as JSON types here; how they fit together, :class:`~eighthalf.eights.Record`
    checks when it is made (the one definition for the text format and for documents)."""
    rules = _nested_rules(obj, path)
    players = get_int(obj, "players", path, MIN_PLAYERS, MAX_PLAYERS)
    seed = get_seed(obj, path)
    moves = tuple(_move(entry, f"{path}.moves[{at}]") for at, entry in enumerate(get_list(obj, "moves", path)))
    result = get_str(obj, "result", path)
    comments = _pairs(obj, "comments", path, "move number")
    for at, (number, _) in enumerate(comments):
        if type(number) is not int:
            wrong(f"{path}.comments[{at}][0]", "a move number", number)
    tags = _pairs(obj, "tags", path, "name")
    return Record(
        players=players,
        seed=seed,
        rules=rules,
        moves=moves,
        result=result,
        comments=tuple(comments),
        tags=tuple(tags),
    )


# --------------------------------------------------------------------------- events


def _load_spelled(obj: dict[str, Any], path: str) -> Spelled:
    return Spelled(_seat(obj, "seat", path), _spell(obj["spell"], f"{path}.spell"))


def _load_passed(obj: dict[str, Any], path: str) -> Passed:
    seat = _seat(obj, "seat", path)
    count = get_int(obj, "count", path, 0, _MAX_HAND)
    exchange = None
    if obj["exchange"] is not None:
        exchange = tuple(sorted(_cards(obj, "exchange", path, _MAX_HAND, "WP1")))
        if len(exchange) != count:
            raise DocumentError(f"{path}.exchange", f"{len(exchange)} cards, but count is {count} (WP1)")
    return Passed(seat, count, exchange)


def _load_drew(obj: dict[str, Any], path: str) -> Drew:
    seat = _seat(obj, "seat", path)
    count = get_int(obj, "count", path, 1, _MAX_HAND)
    cards = None
    if obj["cards"] is not None:
        cards = _cards(obj, "cards", path, _MAX_HAND, "WT6")
        if len(cards) != count:
            raise DocumentError(f"{path}.cards", f"{len(cards)} cards, but count is {count}")
    return Drew(seat, count, cards)


def _load_hand_over(obj: dict[str, Any], path: str) -> HandOver:
    number = get_int(obj, "number", path)
    reason = get_str(obj, "reason", path)
    if reason not in ("passes", "turn limit"):
        raise DocumentError(f"{path}.reason", f"expected 'passes' or 'turn limit', not {quote(reason)} (WH1, WH3)")
    scores = _count_list(obj["scores"], f"{path}.scores", None)
    totals = _count_list(obj["totals"], f"{path}.totals", len(scores))
    for seat, (points, total) in enumerate(zip(scores, totals, strict=True)):
        if total < points:
            raise DocumentError(f"{path}.totals[{seat}]", f"{total} is less than the hand's {points} points (WG1)")
    return HandOver(number, reason, scores, totals)  # type: ignore[arg-type]


def _load_hand_dealt(obj: dict[str, Any], path: str) -> HandDealt:
    number = get_int(obj, "number", path, 1)
    dealer = _seat(obj, "dealer", path)
    to_move = _seat(obj, "to_move", path)
    if to_move == dealer:
        raise DocumentError(f"{path}.to_move", "the seat after the dealer plays first, not the dealer (WS2, WG2)")
    return HandDealt(number, dealer, to_move)


def _load_game_over(obj: dict[str, Any], path: str) -> GameOver:
    totals = _count_list(obj["totals"], f"{path}.totals", None)
    winners = get_int_list(obj, "winners", path, None, len(totals) - 1)
    best = max(totals)
    expected = tuple(seat for seat, total in enumerate(totals) if total == best)
    if winners != expected:
        raise DocumentError(
            f"{path}.winners", f"{quote(list(winners))} are not the highest totals, {quote(list(expected))} (WG3)"
        )
    return GameOver(totals, winners)


def _save_event(*names: str) -> Callable[[Any], dict[str, Any]]:
    def save(event: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in names:
            value = getattr(event, name)
            if isinstance(value, tuple):
                value = [str(item) if isinstance(item, Card) else item for item in value]
            elif isinstance(value, Spell):
                value = str(value)
            out[name] = value
        return out

    return save


def _event(cls: type, *names: str, load: Callable[[dict[str, Any], str], object]) -> Kind:
    return Kind(PREFIX + cls.__name__, (cls,), frozenset(names), _save_event(*names), load)


def _move_data(move: Move) -> dict[str, Any]:
    return {"move": str(move)}


def _load_move(obj: dict[str, Any], path: str) -> Move:
    return _move(obj["move"], f"{path}.move")


# --------------------------------------------------------------------------- the registry

_KINDS: Final = (
    Kind(PREFIX + "Rules", (Rules,), _RULES_KEYS, _rules_data, _load_rules),
    Kind(PREFIX + "Move", (Spell, Pass), frozenset({"move"}), _move_data, _load_move),
    Kind(PREFIX + "GameState", (GameState,), _STATE_KEYS, _state_data, _load_state),
    Kind(PREFIX + "PlayerView", (PlayerView,), _VIEW_KEYS, _view_data, _load_view),
    Kind(PREFIX + "Record", (Record,), _RECORD_KEYS, _record_data, _load_record),
    _event(Spelled, "seat", "spell", load=_load_spelled),
    _event(Passed, "seat", "count", "exchange", load=_load_passed),
    _event(Drew, "seat", "count", "cards", load=_load_drew),
    _event(HandOver, "number", "reason", "scores", "totals", load=_load_hand_over),
    _event(HandDealt, "number", "dealer", "to_move", load=_load_hand_dealt),
    _event(GameOver, "totals", "winners", load=_load_game_over),
)

TYPE_NAMES: tuple[str, ...] = tuple(kind.name for kind in _KINDS)
"""The value of ``"type"`` of every kind of document of Eights, in the order of the format's description."""


def _foreign(name: str) -> str | None:
    """The hint for a document of 8½, whose types have no prefix (``"GameState"``)."""
    if not name.startswith(PREFIX) and name.isidentifier() and name[:1].isupper():
        return (
            f"not a document type of Eights, whose types begin with {PREFIX!r}: if it is a document "
            "of 8½, read it with eighthalf.from_data (or eighthalf.serialization.loads)"
        )
    return None


REGISTRY: Final = Registry(_KINDS, label="eighthalf.eights", foreign=_foreign)
"""Eights's document types: the registry that :func:`to_data` and :func:`from_data` use
(the ``documents`` of the game objects, and what :mod:`eighthalf.schemas` is generated from)."""
_REGISTRY = REGISTRY


# --------------------------------------------------------------------------- the public functions


def to_data(obj: Document) -> dict[str, Any]:
    """The document of ``obj``: a dict of JSON types only, ready for :func:`json.dumps`.

    The first three keys are ``"format"``, ``"version"`` and ``"type"``; see the module
    text for the rest. ``from_data(to_data(obj)) == obj`` for every object the library
    builds.

    >>> to_data(Rules(target=20))
    {'format': 'eighthalf', 'version': 1, 'type': 'eights.Rules', 'target': 20, 'turn_limit': None, 'may_pass_freely': False}

    Args:
        obj: Any :data:`~eighthalf.eights.serialization.Document`: rules, a move, a
            state, a view, a record or an event of Eights.

    Returns:
        A new dict; nothing in it is shared with ``obj`` or with other documents.

    Raises:
        TypeError: If ``obj`` is of no supported type (an object of 8½ included).
    """
    return _REGISTRY.to_data(obj)


@overload
def from_data(data: object, expected: None = None) -> Document: ...


@overload
def from_data(data: object, expected: type[T]) -> T: ...


def from_data(data: object, expected: type[Any] | None = None) -> Any:
    """Read a document of Eights written by :func:`~eighthalf.eights.to_data` (or by hand, or by another program).

    Everything is checked: the header, every key (none missing, none unknown), every
    type, every card and move in notation, every seat number, and that the whole can
    occur: a state is checked as :func:`~eighthalf.eights.position` checks a position
    (the 64 cards of WS1, one table card per suit, the hand sizes …), and the scores,
    totals and outcome it states must be the ones its cards give. A record's moves are
    checked as notation only; :func:`~eighthalf.eights.replay` checks that they are legal.

    >>> from_data({"format": "eighthalf", "version": 1, "type": "Rules",
    ...            "min_players": 2, "max_players": 5, "move_limit": None})
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.type: 'Rules' is not a document type of Eights, whose types begin with 'eights.': if it is a document of 8½, read it with eighthalf.from_data (or eighthalf.serialization.loads)

    Args:
        data: The document, as :func:`json.loads` gives it.
        expected: The class the document must hold (:class:`~eighthalf.eights.GameState`,
            :class:`~eighthalf.eights.Spell` …), or ``None`` to take any.

    Returns:
        The object; an instance of ``expected`` if given.

    Raises:
        DocumentError: If the document is not valid; the message says what is wrong
            and where (``$.hand.table[3]: …``), and ``error.path`` holds the path.
        TypeError: If ``expected`` is not a class that documents of Eights hold.
    """
    return _REGISTRY.from_data(data, expected)


def dumps(obj: Document, *, indent: int | None = None) -> str:
    """The document of ``obj`` (see :func:`~eighthalf.eights.to_data`) as JSON text.

    >>> dumps(Rules())
    '{"format": "eighthalf", "version": 1, "type": "eights.Rules", "target": null, "turn_limit": null, "may_pass_freely": false}'

    Args:
        obj: Any :data:`~eighthalf.eights.serialization.Document`.
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
    """Read a document of Eights from JSON text (see :func:`~eighthalf.eights.from_data`).

    >>> loads('{"format": "eighthalf", "version": 1, "type": "eights.Move", "move": "pass 1e 4w"}')
    Pass(exchange=(Card(suit=1, letter='e'), Card(suit=4, letter='w')))

    Args:
        text: The JSON text (``bytes`` are read as UTF-8, -16 or -32).
        expected: As for :func:`~eighthalf.eights.from_data`.

    Returns:
        The object; an instance of ``expected`` if given.

    Raises:
        DocumentError: If the text is not JSON (``NaN`` and repeated keys included) or
            the document is not valid.
        TypeError: If ``expected`` is not a class that documents of Eights hold.
    """
    return _REGISTRY.loads(text, expected)
