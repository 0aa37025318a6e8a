"""Eights' positions as documents: ``eights.GameState`` and ``eights.PlayerView``.

A state is checked as :func:`~eighthalf.eights.position` checks a position; a view by
dealing the cards it hides into the hidden places and checking the full position that
results.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.documents import check_object, wrong
from eighthalf.formats.fields import Field, Int, IntList, ListOf, Nullable, Seed, Shape, Values, declared
from eighthalf.games.eights.cards import DECK, SUITS, Card
from eighthalf.games.eights.moves import Spell
from eighthalf.games.eights.options import MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.position import _check_turns, position
from eighthalf.games.eights.serialization.values import (
    _FULL,
    HAND,
    ORIGINS,
    OUTCOME,
    PILES,
    POINTS,
    PREFIX,
    RULES,
    SEAT,
    SEAT_OR_NULL,
    STACK,
    TABLE,
    TOTALS,
)
from eighthalf.games.eights.state import GameState, HandState, Outcome
from eighthalf.games.eights.views import PlayerView, view

_DECK_COUNT: Final = Counter(DECK)
_NUMBER: Final = Int()
_PASSES: Final = Int(0, MAX_PLAYERS)
_TURNS: Final = Int()
_NO_VALUES: Final[Values] = {}

# --------------------------------------------------------------------------- checks across fields


def _read(codec: Any, obj: dict[str, Any], key: str, path: str, values: Values = _NO_VALUES) -> Any:
    return codec.read(obj[key], f"{path}.{key}", values)


def _players(value: object, path: str) -> int:
    """The number of seats, from the array that has one entry per seat."""
    if type(value) is not list:
        wrong(path, "an array, one entry per seat", value)
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise DocumentError(path, f"{len(value)} seats; the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players (WS2)")
    return len(value)


def _table(obj: dict[str, Any], path: str) -> tuple[Card, ...]:
    where = f"{path}.table"
    table: tuple[Card, ...] = _read(TABLE, obj, "table", path)
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


def _check_fact(obj: dict[str, Any], key: str, path: str, expected: tuple[int, ...], rule: str) -> None:
    """The written ``obj[key]`` (a hand's ``scores``, WH2, or the ``totals``, WG1) must be what the position gives."""
    written = _read(POINTS.but(players=len(expected)), obj, key, path)
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
                f"{quote(OUTCOME.write(outcome))} (WG3)",
            )
        return
    written = OUTCOME.load(value, where)
    if outcome is None:
        raise DocumentError(where, f"must be null: no total has reached the target {target}, so the game goes on (WG3)")
    if written != (outcome.totals, outcome.winners, outcome.target):
        raise DocumentError(
            where, f"does not agree with the position, which gives {quote(OUTCOME.write(outcome), 400)} (WG3)"
        )


def _build(
    obj: dict[str, Any],
    path: str,
    hand: dict[str, Any],
    hand_path: str,
    rules: Rules,
    seed: int,
    table: tuple[Card, ...],
    hands: Sequence[tuple[Card, ...]],
    stack: tuple[Card, ...],
    origins: tuple[int, ...],
    piles: tuple[tuple[Spell, ...], ...],
) -> GameState:
    """The state these fields describe, checked by :func:`~eighthalf.eights.position`.

    The hand's ``number``, ``dealer``, ``to_move``, ``passes`` and ``turns`` are read here
    from ``hand`` (at ``hand_path``: a state's ``hand``, or the view itself), then the
    ``hand_scores`` from ``obj``.

    A game that is over (a total reached the target, WG3) keeps its last hand as it
    ended: every seat passed (WH1) or the turn limit was reached (WH3), and its scores are
    the last of ``hand_scores``. :func:`~eighthalf.eights.position` builds games in
    progress, so such a hand is checked as it stood before its last turn's end (one
    pass fewer, the turn limit not yet reached); its turns are checked as it ended.
    """
    players = len(hands)
    at = {"players": players}
    number = _read(_NUMBER, hand, "number", hand_path)
    dealer = _read(_SEAT, hand, "dealer", hand_path, at)
    to_move = _read(_SEAT, hand, "to_move", hand_path, at)
    passes = _read(_PASSES_IN, hand, "passes", hand_path, at)
    turns = _read(_TURNS, hand, "turns", hand_path)
    hand_scores = _read(_HAND_SCORES, obj, "hand_scores", path, at)
    target = rules.target_for(players)
    totals = tuple(sum(scores[seat] for scores in hand_scores) for seat in range(players))
    over = bool(totals) and max(totals) >= target
    before_scores = hand_scores
    check_passes, check_rules = passes, rules
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
        if limit is not None and turns > limit:
            raise DocumentError(f"{hand_path}.turns", f"{turns} turns are past the turn limit of {limit} (WH3)")
        if passes != players and (limit is None or turns != limit):
            raise DocumentError(
                hand_path,
                f"the game is over, but its last hand has not ended: {passes} passes in a row of {players}"
                + ("" if limit is None else f", {turns} turns of {limit}")
                + " (WH1, WH3)",
            )
        try:
            _check_turns(turns, piles, passes)  # the hand as it ended: position() checks it as it stood before
        except ValueError as error:
            raise DocumentError(hand_path, str(error)) from None
        before_scores = hand_scores[:-1]
        check_passes = min(passes, players - 1)
        check_rules = Rules(rules.target, None, rules.may_pass_freely)  # the last turn may be the limit's
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
            turns=turns,
            origins=origins,
            number=number,
            dealer=dealer,
            hand_scores=before_scores,
            rules=check_rules,
            seed=seed,
        )
    except ValueError as error:  # InvalidStateError; or an int too long to print in its message
        raise DocumentError(hand_path if "hand_scores" not in str(error) else path, str(error)) from None
    if not over:
        return state
    return GameState(
        rules, seed, state.hand.replace(passes=passes, turns=turns), hand_scores, Outcome.of(totals, target)
    )


def _load_state(obj: dict[str, Any], path: str, context: Values) -> GameState:
    rules = _read(_RULES, obj, "rules", path)
    seed = _read(_SEED, obj, "seed", path)
    hand_path = f"{path}.hand"
    hand = check_object(obj["hand"], hand_path, HAND_STATE.keys)
    players = _players(hand["hands"], f"{hand_path}.hands")
    at = {"players": players, "full": rules.hand_size(players)}
    table = _table(hand, hand_path)
    hands = _HANDS.read(hand["hands"], f"{hand_path}.hands", at)
    stack = _read(STACK, hand, "stack", hand_path)
    origins = _read(ORIGINS, hand, "origins", hand_path, {"players": players, "stack": stack})
    piles = _read(PILES, hand, "piles", hand_path, at)
    state = _build(obj, path, hand, hand_path, rules, seed, table, hands, stack, origins, piles)
    _check_fact(hand, "scores", hand_path, state.hand.scores, "WH2")
    _check_fact(obj, "totals", path, state.totals, "WG1")
    _check_outcome(obj, path, state.outcome, state.target)
    return state


def _load_view(obj: dict[str, Any], path: str, context: Values) -> PlayerView:
    rules = _read(_RULES, obj, "rules", path)
    players = _players(obj["hand_sizes"], f"{path}.hand_sizes")
    full = rules.hand_size(players)
    at = {"players": players, "full": full}
    sizes = _read(_SIZES, obj, "hand_sizes", path, at)
    viewer = _read(_VIEWER, obj, "seat", path, at)
    table = _table(obj, path)
    if viewer is None:
        if obj["hand"] is not None:
            raise DocumentError(f"{path}.hand", "must be null: a spectator sees no hand (WI2)")
        own: tuple[Card, ...] | None = None
    else:
        if obj["hand"] is None:
            raise DocumentError(f"{path}.hand", "the viewer's own hand must be given (WI2)")
        own = _read(_OWN, obj, "hand", path, at)
        if len(own) != sizes[viewer]:
            raise DocumentError(f"{path}.hand", f"{len(own)} cards, but hand_sizes gives {sizes[viewer]}")
    count = _read(_STACK_SIZE, obj, "stack", path)
    known = _read(STACK, obj, "known_stack", path)
    origins = _read(ORIGINS, obj, "origins", path, {"players": players, "stack": count})
    placed = [viewer is not None and origin == viewer for origin in origins]
    if len(known) != sum(placed):
        raise DocumentError(
            f"{path}.known_stack",
            "a stack card is known to the seat that put it under the stack, and to nobody else: "
            f"expected {sum(placed)} cards (the origins naming the viewer's seat), not {len(known)} (WI3, WP3)",
        )
    piles = _read(PILES, obj, "piles", path, at)
    # Deal the cards the viewer cannot see into the hidden places (the other hands, the
    # unknown stack cards), then check the whole position: all that position() checks
    # depends only on what the view shows and on the sizes of the hidden places.
    visible = Counter(table)
    visible.update(own or ())
    visible.update(known)
    for pile in piles:
        for spell in pile:
            visible.update(spell.cards)
    too_many = sorted(card for card in visible if visible[card] > _DECK_COUNT[card])
    if too_many:
        card = too_many[0]
        raise DocumentError(path, f"{visible[card]} cards {card} are visible; the deck has {_DECK_COUNT[card]} (WS1)")
    unseen = sorted((_DECK_COUNT - visible).elements())
    hidden = sum(size for seat, size in enumerate(sizes) if seat != viewer) + count - len(known)
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
    mine = iter(known)
    stack = tuple(next(mine) if here else unseen.pop() for here in placed)
    state = _build(obj, path, obj, path, rules, 0, table, hands, stack, origins, piles)
    seen = view(state, viewer)
    _check_fact(obj, "scores", path, seen.scores, "WH2")
    _check_fact(obj, "totals", path, seen.totals, "WG1")
    _check_outcome(obj, path, seen.outcome, seen.target)
    return seen


# --------------------------------------------------------------------------- the declarations

_SEAT: Final = SEAT.but(players="players")
_PASSES_IN: Final = _PASSES.but(high="players")
_HAND_SCORES: Final = ListOf(POINTS.but(players="players"))
_RULES: Final = RULES.codec()
_SEED: Final = Seed()
_HANDS: Final = ListOf(HAND.but(high=lambda values: values["full"]))
_OWN: Final = HAND.but(high=lambda values: values["full"], sort=True)
_SIZES: Final = IntList(
    "players",
    "full",
    shown={
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": _FULL},
        "minItems": MIN_PLAYERS,
        "maxItems": MAX_PLAYERS,
    },
)
_VIEWER: Final = SEAT_OR_NULL.but(inner=_SEAT)
_STACK_SIZE: Final = Int(0, len(DECK))

HAND_STATE: Final = Shape(
    HandState,
    (
        Field("number", _NUMBER),
        Field("dealer", SEAT),
        Field("table", TABLE),
        Field("hands", ListOf(HAND), extra={"minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS}),
        Field("stack", STACK),
        Field("origins", ORIGINS),
        Field("piles", PILES),
        Field("to_move", SEAT),
        Field("passes", _PASSES),
        Field("turns", _TURNS),
        Field("scores", POINTS, extra={"description": "Each seat's points in this hand (WH2), checked on loading."}),
    ),
    name="handState",
    where="the hand of an eights.GameState",
)
_SCORED: Final = (
    Field("hand_scores", ListOf(POINTS)),
    Field("totals", POINTS, extra=TOTALS),
    Field("outcome", Nullable(OUTCOME.codec())),
)

POSITION_KINDS: Final = (
    declared(PREFIX + "GameState", Shape(GameState, (
        Field("rules", _RULES), Field("seed", _SEED), Field("hand", HAND_STATE.codec()), *_SCORED,
    ), load=_load_state)),
    declared(PREFIX + "PlayerView", Shape(PlayerView, (
        Field("seat", SEAT_OR_NULL), Field("rules", _RULES), Field("number", _NUMBER), Field("dealer", SEAT),
        Field("table", TABLE), Field("hand", Nullable(HAND)), Field("hand_sizes", _SIZES),
        Field("stack", _STACK_SIZE, doc="How many cards the stack holds (WI1); which they are is hidden, but for known_stack."),
        Field("known_stack", STACK, extra={
            "description": "The stack cards the viewer put under it by a pass, which they know (WI3, WP3), in "
            "draw order: they lie where origins names the viewer's seat (empty for a spectator).",
        }),
        Field("origins", ORIGINS), Field("piles", PILES), Field("to_move", SEAT), Field("passes", _PASSES),
        Field("turns", _TURNS), Field("scores", POINTS), *_SCORED,
    ), load=_load_view)),
)  # fmt: skip
"""The document types of positions: ``eights.GameState`` and ``eights.PlayerView``."""
