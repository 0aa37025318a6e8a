"""Build any legal position of Eights directly, validated: for tests, puzzles and bug reports."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import cast

from eighthalf.core.errors import EighthalfError, InvalidStateError, quote
from eighthalf.core.shuffle import check_seed
from eighthalf.games.eights.cards import DECK, SUITS, Card, card_of, parse_cards
from eighthalf.games.eights.moves import Spell
from eighthalf.games.eights.options import _MAX_COUNT, MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.state import DEALT, GameState, HandState

__all__ = ["position", "rest_of_deck"]

CardsLike = Sequence[Card] | str


def _cards(cards: CardsLike, where: str) -> tuple[Card, ...]:
    try:
        if isinstance(cards, str):
            return parse_cards(cards)
        if not isinstance(cards, (tuple, list)):
            raise InvalidStateError(
                f"{where}: expected a sequence of Cards or a string such as '1e 2i', not {quote(cards)}"
            )
        return tuple(card_of(card) for card in cards)
    except InvalidStateError:
        raise
    except EighthalfError as error:
        raise InvalidStateError(f"{where}: {error}") from None


def _listed(items: Sequence[str], most: int = 8) -> str:
    """The first ``most`` of ``items`` joined by ``", "``, with how many more there are."""
    shown = ", ".join(items[:most])
    return shown if len(items) <= most else f"{shown} and {len(items) - most:,} more"


def _sequence(value: object, where: str, what: str) -> Sequence[object]:
    """``value`` if it is a sequence (not text), else the error that says what ``where`` must be."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{where} must be {what}, not {quote(value)}")
    return value


def _ints(values: object, where: str, what: str, most: int) -> tuple[object, ...]:
    """The first ``most + 1`` items of ``values`` (so that too many can be told), which
    must be iterable and not text."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InvalidStateError(f"{where} must be {what}, not {quote(values)}")
    return tuple(islice(values, most + 1))


def _spell(spell: object, seat: int) -> Spell:
    """``spell`` as its own constructor checks it (a spelling made unchecked may hold anything)."""
    where = f"seat {seat} score pile"
    if not isinstance(spell, Spell):
        raise InvalidStateError(f"{where}: expected Spell moves, not {quote(spell)} (WT5)")
    try:
        checked = Spell(spell.word, spell.hand, spell.table, spell.replacements)
    except EighthalfError as error:
        raise InvalidStateError(f"{where}: {error}") from None
    return spell if checked == spell else checked


def _check_turns(turns: int, piles: Sequence[Sequence[Spell]], passes: int) -> None:
    """``turns`` must count at least every turn the hand shows: each spelling in the
    score ``piles`` was a turn (WT1, WT5), and so was each of the ``passes`` in a row
    since the last of them (WH1).

    >>> _check_turns(0, [[Spell("ONE", (), parse_cards("1o 2n 3e"), parse_cards("1n 2e 3g"))], []], 0)
    Traceback (most recent call last):
    ...
    eighthalf.errors.InvalidStateError: 0 turns, but the hand has had at least 1: every spelling in the score piles (1) and every pass in a row since (0) is a turn (WT1, WH3)

    Raises:
        InvalidStateError: If it does not; the message says how many turns the hand has had at least.
    """
    spellings = sum(len(pile) for pile in piles)
    if turns < spellings + passes:
        raise InvalidStateError(
            f"{quote(turns)} turns, but the hand has had at least {spellings + passes:,}: every spelling in the "
            f"score piles ({spellings:,}) and every pass in a row since ({passes}) is a turn (WT1, WH3)"
        )


def rest_of_deck(*zones: CardsLike) -> tuple[Card, ...]:
    """The cards of the deck (WS1) left once the given zones are taken out, in card order.

    Zones are sequences of :class:`~eighthalf.eights.Card` or strings such as ``"1e 2i"``.
    Handy for building positions: put the rest in the stack.

    >>> len(rest_of_deck("1e 2i 3g 4e 5o 6s 7h 8i", "1e"))
    55

    Raises:
        InvalidStateError: If the zones hold a card the deck does not have (WS1), or more
            copies of a card than the deck has.
    """
    left = Counter(DECK)
    for at, zone in enumerate(zones):
        for card in _cards(zone, f"zone {at}"):
            left[card] -= 1
            if left[card] < 0:
                raise InvalidStateError(f"more {card} cards than the deck's {DECK.count(card)} (WS1)")
    out: list[Card] = []
    for card in DECK:  # DECK is in card order, equal cards side by side
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    return tuple(out)


def position(
    hands: Sequence[CardsLike],
    *,
    table: CardsLike,
    stack: CardsLike | None = None,
    piles: Sequence[Sequence[Spell]] | None = None,
    to_move: int = 0,
    passes: int = 0,
    turns: int = 0,
    origins: Sequence[int] | None = None,
    number: int = 0,
    dealer: int | None = None,
    hand_scores: Sequence[Sequence[int]] = (),
    rules: Rules | None = None,
    seed: int = 0,
) -> GameState:
    """Build a game position directly, after checking that it can occur.

    Cards may be given as :class:`~eighthalf.eights.Card` sequences or as strings such as
    ``"1e 2i 3g"``. Hands are put in card order. ``stack=None`` puts every card not named
    elsewhere into the stack, in card order. ``dealer`` defaults to the seat before the
    one that played first in hand ``number`` (WS2, WG2): ``(number - 1) % players``.

    Worked example 1 of the Eights page of the docs (``docs/eights.rst``): A (seat 0) may
    spell ONE with ``7o`` and ``1n`` and the table's ``4e``, replaced by ``4w``:

    >>> from eighthalf.eights import apply, parse_move
    >>> table = "1e 2i 3g 4e 5o 6s 7h 8i"
    >>> state = position(["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"], table=table)
    >>> after = apply(state, parse_move("ONE 1n 7o 4e>4w"))
    >>> after.hand.scores, " ".join(map(str, after.hand.table)), len(after.hand.hands[0])
    ((1, 0), '1e 2i 3g 4w 5o 6s 7h 8i', 8)

    Raises:
        InvalidStateError: If the position cannot occur: cards that are not the 64 of WS1,
            a table without one card of each suit (WS3), hands of the wrong size (WS4,
            WT6), a seat or a count out of range, fewer ``turns`` than the spellings in
            the score piles and the ``passes`` since (each was a turn, WT1), or totals
            that already ended the game (WG3). The message says what is wrong.
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise InvalidStateError(f"rules must be an eighthalf.eights.Rules, not {quote(rules)}")
    _sequence(hands, "hands", "a sequence of hands, one per seat")
    players = len(hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidStateError(f"{players} seats; the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players (WS2)")
    full = rules.hand_size(players)
    held = tuple(tuple(sorted(_cards(hand, f"seat {seat} hand"))) for seat, hand in enumerate(hands))
    laid = _cards(table, "table")
    if sorted(card.suit for card in laid) != list(SUITS):
        raise InvalidStateError(
            f"the table must hold exactly one card of each suit 1-8, not {' '.join(map(str, laid[:20]))}"
            f"{f' … ({len(laid):,} cards)' if len(laid) > 20 else ''} (WS3)"
        )
    laid = tuple(sorted(laid))
    if piles is None:
        piles = [()] * players
    given = _sequence(piles, "piles", "a sequence of score piles, one per seat")
    if len(given) != players:
        raise InvalidStateError(f"piles must give one score pile per seat ({players}), not {len(given)}")
    scored: list[tuple[Spell, ...]] = []
    for seat, pile in enumerate(given):
        spells = _sequence(pile, f"seat {seat} score pile", "a sequence of Spell moves (WT5)")
        scored.append(tuple(_spell(spell, seat) for spell in spells))
    named = [laid, *held, *(spell.cards for pile in scored for spell in pile)]
    if stack is None:
        try:
            rest = rest_of_deck(*named)
        except InvalidStateError as error:
            raise InvalidStateError(f"the cards are not the 64 of WS1: {error}") from None
        pile_up = rest
    else:
        pile_up = _cards(stack, "stack")
    counted = Counter(card for zone in (*named, pile_up) for card in zone)
    if counted != Counter(DECK):
        wrong = _listed(
            [
                f"{card}: {counted[card]} instead of {DECK.count(card)}"
                for card in sorted(set(DECK) | set(counted))
                if counted[card] != DECK.count(card)
            ]
        )
        raise InvalidStateError(f"the cards are not the 64 of WS1 ({wrong})")
    for seat, hand in enumerate(held):
        if len(hand) > full:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards; the full hand is {full} (WS4)")
        if pile_up and len(hand) != full:
            raise InvalidStateError(
                f"seat {seat} holds {len(hand)} cards while the stack has cards; hands are drawn back to {full} (WT6, WP1)"
            )
    for name, value, high in (("to_move", to_move, players), ("passes", passes, players)):
        if type(value) is not int or not 0 <= value < high:
            raise InvalidStateError(f"{name} must be an int from 0 to {high - 1}, not {quote(value)} (WS2, WH1)")
    if type(turns) is not int or not 0 <= turns <= _MAX_COUNT:
        raise InvalidStateError(f"turns must be an int from 0 to 2**53 - 1, not {quote(turns)} (WH3)")
    _check_turns(turns, scored, passes)
    if rules.turn_limit is not None and turns >= rules.turn_limit:
        raise InvalidStateError(f"{turns} turns reach the turn limit of {rules.turn_limit}, so the hand is over (WH3)")
    if type(number) is not int or not 0 <= number <= _MAX_COUNT:
        raise InvalidStateError(f"number must be an int from 0 to 2**53 - 1, not {quote(number)}")
    if dealer is None:
        dealer = (number - 1) % players
    elif type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidStateError(f"dealer must be a seat from 0 to {players - 1}, not {quote(dealer)} (WS2)")
    whence = (
        (DEALT,) * len(pile_up)
        if origins is None
        else _ints(origins, "origins", "a sequence of seats, one per stack card (WP3)", len(pile_up))
    )
    if len(whence) != len(pile_up) or not all(type(seat) is int and DEALT <= seat < players for seat in whence):
        raise InvalidStateError(f"origins must give, for each stack card, a seat or {DEALT} (dealt) (WP3)")
    try:
        check_seed(seed)
    except InvalidStateError as error:
        raise InvalidStateError(f"{error} (WS5)") from None
    what = "a sequence of finished hands' scores (WH2)"
    given_scores = tuple(
        _ints(scores, f"hand_scores[{at}]", "a sequence of points, one per seat (WH2)", players)
        for at, scores in enumerate(_ints(hand_scores, "hand_scores", what, number))
    )
    if len(given_scores) != number or not all(
        len(scores) == players and all(type(points) is int and 0 <= points <= _MAX_COUNT for points in scores)
        for scores in given_scores
    ):
        raise InvalidStateError(f"hand_scores must give {number} finished hand(s), {players} points each (WH2)")
    finished = cast("tuple[tuple[int, ...], ...]", given_scores)
    totals = [sum(scores[seat] for scores in finished) for seat in range(players)]
    target = rules.target_for(players)
    if totals and max(totals) >= target:
        raise InvalidStateError(f"a total of {max(totals)} reached the target {target}, so the game is over (WG3)")
    state = HandState(
        number, dealer, laid, held, pile_up, cast("tuple[int, ...]", whence), tuple(scored), to_move, passes, turns
    )
    return GameState(rules, seed, state, finished)
