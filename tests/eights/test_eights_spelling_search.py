"""The engine's spelling search against the search it replaced (kept here as the reference):
the same spellings in the same order on many random positions (WT2–WT7).

The reference is the search of the engine before the bits-first reject and the one-option
hand search: the same plans (:data:`eighthalf.games.eights.engine._PLANS`) and table-set memo,
with every hand's letters and suits put in dicts first and every multiset of hand cards
made by products and sorted. The positions are reached by random play with 2 to 6 players
(``may_pass_freely`` on and off, so the passes after the spellings are compared too) and
dealt at random from the deck, where a hand often holds both copies of a card (WS1).
"""

from __future__ import annotations

import random

import pytest
from eights_strategies import reached_states
from hypothesis import given

from eighthalf.eights import DECK, Card, GameState, Rules, Spell, apply_unchecked, legal_moves, new_game
from eighthalf.games.eights.engine import _CARD, _PLANS, _TABLE_SETS_LIMIT, _table_sets, passes, spellings
from eighthalf.games.eights.moves import Move


def _reference_hand_options(
    parts: tuple[tuple[str, int], ...], by_letter: dict[str, list[int]], pairs_held: list[int]
) -> list[tuple[tuple[int, ...], tuple[Card, ...]]]:
    options: list[tuple[int, ...]] = [()]
    for letter, times in parts:
        kinds = by_letter.get(letter)
        if kinds is None:
            return []
        if times == 1:
            options = [option + (kind,) for option in options for kind in kinds]
        else:
            pairs: list[tuple[int, ...]] = []
            for at, kind in enumerate(kinds):
                if kind in pairs_held:
                    pairs.append((kind, kind))
                pairs.extend([(kind, other) for other in kinds[at + 1 :]])
            if not pairs:
                return []
            options = [option + pair for option in options for pair in pairs]
    if len(parts) > 1:
        options = sorted([tuple(sorted(option)) for option in options])
    return [(keys, tuple([_CARD[key] for key in keys])) for keys in options]


def reference_spellings(hand: tuple[Card, ...], table: tuple[Card, ...]) -> tuple[Spell, ...]:
    """The engine's spellings as the search before this one found them."""
    pairs_held: list[int] = []
    by_letter: dict[str, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    last = -1
    once = twice = 0
    for card in hand:
        key = card.key
        if key == last:
            pairs_held.append(key)
            twice |= 1 << (key & 31)
            continue
        last = key
        bit = 1 << (key & 31)
        twice |= once & bit
        once |= bit
        by_letter.setdefault(card.letter, []).append(key)
        by_suit.setdefault(key >> 5, []).append(key)
    in_hand, twice_in_hand = once, twice
    usable: list[Card] = []
    on_table = 0
    for card in table:
        if card.suit in by_suit:
            usable.append(card)
            bit = 1 << (card.key & 31)
            twice |= once & bit
            once |= bit
            on_table |= bit
    if not usable:
        return ()
    moves: list[Spell] = []
    memo: dict[tuple[tuple[str, int], ...], list[tuple[tuple[int, ...], tuple[Card, ...]]]] = {}
    for word, letters, doubled, remainders, known in _PLANS:
        if letters & ~once or doubled & ~twice or not letters & on_table:
            continue
        givers = [card for card in usable if 1 << (card.key & 31) & letters]
        pattern = "".join([card.letter for card in givers])
        table_sets = known.get(pattern)
        if table_sets is None:
            if len(known) >= _TABLE_SETS_LIMIT:
                known.clear()
            table_sets = known[pattern] = _table_sets(pattern, remainders)
        for subset, (parts, needed, needed_twice) in table_sets:
            if needed & ~in_hand or needed_twice & ~twice_in_hand:
                continue
            options = memo.get(parts)
            if options is None:
                options = memo[parts] = _reference_hand_options(parts, by_letter, pairs_held)
            tabled = [givers[at] for at in subset]
            for keys, from_hand in options:
                sets: list[tuple[Card, ...]] = [()]
                for card in tabled:
                    free = [
                        _CARD[kind]
                        for kind in by_suit[card.suit]
                        if kind not in keys or (kind in pairs_held and keys.count(kind) == 1)
                    ]
                    sets = [done + (new_card,) for done in sets for new_card in free]
                moves += [Spell.unchecked(word, from_hand, tuple(tabled), replacements) for replacements in sets]
    return tuple(moves)


def reference_legal_moves(state: GameState) -> tuple[Move, ...]:
    """:func:`~eighthalf.eights.legal_moves` with the reference search."""
    if state.outcome is not None:
        return ()
    hand = state.hand
    cards = hand.hands[hand.to_move]
    found: tuple[Move, ...] = reference_spellings(cards, hand.table)
    if found and not state.rules.may_pass_freely:
        return found
    return found + passes(cards, len(hand.stack))


def _same(found: tuple[Move, ...], expected: tuple[Move, ...]) -> None:
    assert found == expected
    assert [str(move) for move in found] == [str(move) for move in expected]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("free", [False, True])
def test_legal_moves_equal_the_reference_through_random_games(players: int, free: bool) -> None:
    rng = random.Random(players * 2 + free)
    compared = spelled = game = 0
    while compared < 600:  # whole games (a few hundred moves each), new hands dealt in them (WG2)
        state = new_game(players, seed=1000 * players + game, rules=Rules(may_pass_freely=free))
        game += 1
        while state.outcome is None:
            moves = legal_moves(state)
            _same(moves, reference_legal_moves(state))
            compared += 1
            spelled += type(moves[0]) is Spell
            state = apply_unchecked(state, rng.choice(moves))
    assert spelled > 60  # positions that spell as well as positions that pass


def test_spellings_equal_the_reference_on_random_deals_with_repeated_cards() -> None:
    rng = random.Random(20261127)
    pairs = spelled = 0
    for _ in range(3000):
        deck = list(DECK)
        rng.shuffle(deck)
        size = rng.randint(1, 8)
        hand = tuple(sorted(deck[:size], key=lambda card: card.key))
        rest = deck[size:]
        table = tuple(next(card for card in rest if card.suit == suit) for suit in range(1, 9))
        found = spellings(hand, table)
        _same(found, reference_spellings(hand, table))
        pairs += len({card.key for card in hand}) < len(hand)
        spelled += bool(found)
    assert pairs > 100 and spelled > 300


def test_spellings_equal_the_reference_with_both_copies_of_cards() -> None:
    rng = random.Random(7)
    doubled = sorted({card for card in DECK if DECK.count(card) == 2}, key=lambda card: card.key)
    spelled = 0
    for _ in range(1500):
        pairs = rng.sample(doubled, rng.randint(1, 3))  # both copies of each (WS1)
        rest = [card for card in DECK if card not in pairs]
        rng.shuffle(rest)
        others = rest[: rng.randint(0, 8 - 2 * len(pairs))]
        hand = tuple(sorted(pairs * 2 + others, key=lambda card: card.key))
        table = tuple(next(card for card in rest[len(others) :] if card.suit == suit) for suit in range(1, 9))
        found = spellings(hand, table)
        _same(found, reference_spellings(hand, table))
        spelled += bool(found)
    assert spelled > 150


@given(reached_states())
def test_legal_moves_equal_the_reference_on_reached_states(state: GameState) -> None:
    _same(legal_moves(state), reference_legal_moves(state))
