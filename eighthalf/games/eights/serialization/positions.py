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
from eighthalf.formats.documents import (
    Kind,
    check_object,
    get_int,
    get_int_list,
    get_list,
    get_opt_seat,
    get_seat,
    get_seed,
    wrong,
)
from eighthalf.games.eights.cards import DECK, SUITS, Card
from eighthalf.games.eights.moves import Spell
from eighthalf.games.eights.options import MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.position import _check_turns, position
from eighthalf.games.eights.serialization.values import (
    _DECK_COUNT,
    PREFIX,
    _card_list,
    _cards,
    _check_fact,
    _check_outcome,
    _hand_scores,
    _names,
    _nested_rules,
    _outcome_data,
    _rules_data,
    _spell,
)
from eighthalf.games.eights.state import DEALT, GameState, Outcome
from eighthalf.games.eights.views import PlayerView, view

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
    number = get_int(hand, "number", hand_path)
    dealer = get_seat(hand, "dealer", hand_path, players)
    to_move = get_seat(hand, "to_move", hand_path, players)
    passes = get_int(hand, "passes", hand_path, 0, players)
    turns = get_int(hand, "turns", hand_path)
    hand_scores = _hand_scores(obj, path, players)
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
    state = _build(obj, path, hand, hand_path, rules, seed, table, hands, stack, origins, piles)
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
        "stack": seen.stack,
        "known_stack": _names(seen.known_stack),
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
    viewer = get_opt_seat(obj, "seat", path, players)
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
    count = get_int(obj, "stack", path, 0, len(DECK))
    known = _cards(obj, "known_stack", path)
    origins = _origins(obj, path, players, count)
    placed = [viewer is not None and origin == viewer for origin in origins]
    if len(known) != sum(placed):
        raise DocumentError(
            f"{path}.known_stack",
            "a stack card is known to the seat that put it under the stack, and to nobody else: "
            f"expected {sum(placed)} cards (the origins naming the viewer's seat), not {len(known)} (WI3, WP3)",
        )
    piles = _piles(obj, path, players)
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


POSITION_KINDS: Final = (
    Kind(PREFIX + "GameState", (GameState,), _STATE_KEYS, _state_data, _load_state),
    Kind(PREFIX + "PlayerView", (PlayerView,), _VIEW_KEYS, _view_data, _load_view),
)
"""The document types of positions: ``eights.GameState`` and ``eights.PlayerView``."""
