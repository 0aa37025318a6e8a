"""Hypothesis strategies and invariant checks for Eights, and a slow brute-force move oracle.

Strategies: :func:`seeds`, :func:`player_counts`, :func:`rules`, :func:`games` and
:func:`reached_states` (a state after some random legal moves). Moves are picked by drawn
integers, so failing examples shrink towards "always the first legal move" and short games.

Checks: :func:`check_state` (what holds in every reachable state) and
:func:`brute_force_moves`, an oracle written from the rules alone (the Eights page of the
docs, docs/eights.rst): it tries every subset of table cards and every combination of
hand cards, independent of the engine's per-word generator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, product

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from eighthalf.eights import (
    DECK,
    VALUES,
    WORDS,
    Card,
    GameState,
    Move,
    Pass,
    Rules,
    Spell,
    apply,
    legal_moves,
    new_game,
    position,
)

__all__ = [
    "Game",
    "brute_force_moves",
    "check_state",
    "documented_order",
    "find_state",
    "games",
    "play_random",
    "player_counts",
    "reached_states",
    "revalidate",
    "rules",
    "seeds",
]

DECK_COUNT: Counter[Card] = Counter(DECK)
MAX_MOVES = 5_000
"""A cap for random games: random play ends long before it (see the soak test)."""


def seeds() -> SearchStrategy[int]:
    """Any int, negative and beyond 64 bits included."""
    return st.integers() | st.integers(min_value=-(2**80), max_value=2**80)


def player_counts() -> SearchStrategy[int]:
    """2 to 6 players (WS2)."""
    return st.integers(min_value=2, max_value=6)


def rules() -> SearchStrategy[Rules]:
    """The default rules, and rules with a low target, a turn limit or free passing (WR1, WR2)."""
    return st.just(Rules()) | st.builds(
        Rules,
        target=st.none() | st.integers(min_value=1, max_value=40),
        turn_limit=st.none() | st.integers(min_value=1, max_value=60),
        may_pass_freely=st.booleans(),
    )


@dataclass(frozen=True)
class Game:
    """A game and the legal moves played from its start; ``states[i + 1]`` follows ``moves[i]``."""

    players: int
    seed: int
    rules: Rules
    moves: tuple[Move, ...]
    states: tuple[GameState, ...]

    @property
    def final(self) -> GameState:
        """The last state reached."""
        return self.states[-1]

    def __repr__(self) -> str:
        return f"Game(players={self.players}, seed={self.seed}, rules={self.rules!r}, moves={' | '.join(map(str, self.moves))!r})"


def play_random(state: GameState, rng: random.Random, limit: int = MAX_MOVES) -> tuple[list[Move], list[GameState]]:
    """Random legal moves from ``state`` until the game is over (or ``limit`` moves)."""
    moves: list[Move] = []
    states = [state]
    while not state.over and len(moves) < limit:
        move = rng.choice(legal_moves(state))
        state = apply(state, move)
        moves.append(move)
        states.append(state)
    return moves, states


@st.composite
def games(draw: st.DrawFn, *, max_moves: int = 60) -> Game:
    """A random game: players, seed, rules, and up to ``max_moves`` legal moves."""
    players = draw(player_counts())
    seed = draw(seeds())
    chosen = draw(rules())
    picks = draw(st.lists(st.integers(min_value=0, max_value=2**16), max_size=max_moves))
    state = new_game(players, seed=seed, rules=chosen)
    moves: list[Move] = []
    states = [state]
    for pick in picks:
        if state.over:
            break
        options = legal_moves(state)
        move = options[pick % len(options)]
        state = apply(state, move)
        moves.append(move)
        states.append(state)
    return Game(players, seed, chosen, tuple(moves), tuple(states))


def reached_states(*, max_moves: int = 60) -> SearchStrategy[GameState]:
    """A state reached by random legal play."""
    return games(max_moves=max_moves).map(lambda game: game.final)


def check_state(state: GameState) -> None:
    """Everything that holds in every reachable state."""
    hand = state.hand
    players = len(hand.hands)
    full = state.full_hand
    cards: Counter[Card] = Counter(hand.table)
    for held in hand.hands:
        cards.update(held)
        assert list(held) == sorted(held), "hands are kept in card order"
        assert len(held) <= full
        if hand.stack:
            assert len(held) == full, "while the stack has cards every hand is full (WT6, WP1)"
    cards.update(hand.stack)
    for pile in hand.piles:
        for spell in pile:
            cards.update(spell.cards)
    assert cards == DECK_COUNT, "the 64 cards of WS1 are all somewhere"
    assert [card.suit for card in hand.table] == list(range(1, 9)), "one table card per suit (WS3, WT4)"
    assert len(hand.origins) == len(hand.stack)
    assert all(-1 <= origin < players for origin in hand.origins)
    assert 0 <= hand.to_move < players
    assert 0 <= hand.passes <= players
    assert hand.scores == tuple(sum(spell.value for spell in pile) for pile in hand.piles)
    totals = state.totals
    if state.outcome is None:
        assert hand.passes < players
        assert not totals or max(totals) < state.target
        assert legal_moves(state), "a game in progress always has a move"
    else:
        assert state.outcome.totals == totals
        assert max(totals) >= state.target
        assert legal_moves(state) == ()


def revalidate(state: GameState) -> GameState:
    """``state`` rebuilt through :func:`~eighthalf.games.eights.position` (a game in progress)."""
    hand = state.hand
    return position(
        hand.hands,
        table=hand.table,
        stack=hand.stack,
        piles=hand.piles,
        to_move=hand.to_move,
        passes=hand.passes,
        turns=hand.turns,
        origins=hand.origins,
        number=hand.number,
        dealer=hand.dealer,
        hand_scores=state.hand_scores,
        rules=state.rules,
        seed=state.seed,
    )


def brute_force_spellings(hand: tuple[Card, ...], table: tuple[Card, ...]) -> set[Spell]:
    """Every spelling, by trying every subset of table cards and every combination of hand cards."""
    found: set[Spell] = set()
    for word in WORDS:
        letters = Counter(word.lower())
        for size in range(1, len(word) + 1):
            for used in combinations(range(8), size):
                from_table = Counter(table[at].letter for at in used)
                if from_table - letters:
                    continue
                for picked in combinations(range(len(hand)), len(word) - size):
                    if Counter(hand[at].letter for at in picked) + from_table != letters:
                        continue
                    free = [at for at in range(len(hand)) if at not in picked]
                    candidates = [[at for at in free if hand[at].suit == table[old].suit] for old in used]
                    for replacing in product(*candidates):
                        if len(set(replacing)) < len(replacing):
                            continue  # one hand card cannot replace two table cards (WT4)
                        found.add(
                            Spell(
                                word,
                                tuple(hand[at] for at in picked),
                                tuple(table[at] for at in used),
                                tuple(hand[at] for at in replacing),
                            )
                        )
    return found


def brute_force_moves(state: GameState) -> set[Move]:
    """The legal moves of ``state`` worked out from docs/eights.rst by brute force (WT1–WT7, WP1, WP2)."""
    if state.over:
        return set()
    hand = state.hand
    held = hand.hands[hand.to_move]
    spells: set[Move] = set(brute_force_spellings(held, hand.table))
    if spells and not state.rules.may_pass_freely:
        return spells
    exchanges: set[Move] = set()
    for size in range(min(len(held), len(hand.stack)) + 1):
        for picked in combinations(held, size):
            exchanges.add(Pass(picked))
    return spells | exchanges


def documented_order(move: Move) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The sort key of :func:`~eighthalf.eights.legal_moves`' documented order."""
    if isinstance(move, Spell):
        return (
            VALUES[move.word],
            tuple(card.suit for card in move.table),
            tuple(card.key for card in move.hand),
            tuple(card.key for card in move.replacements),
        )
    return (100 + len(move.exchange), tuple(card.key for card in move.exchange), (), ())


def find_state(players: int, wanted: Callable[[GameState], bool], *, rules: Rules | None = None) -> GameState:
    """The first state, in a fixed series of seeded random games, for which ``wanted`` holds.

    Raises:
        LookupError: If none of the games reaches such a state.
    """
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(players, seed=seed, rules=rules)
        for _ in range(MAX_MOVES):
            if wanted(state):
                return state
            if state.over:
                break
            state = apply(state, rng.choice(legal_moves(state)))
    raise LookupError("no such state in 200 random games")
