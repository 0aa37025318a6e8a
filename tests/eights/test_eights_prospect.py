"""The prospect heuristic and ProspectBot: legal, reproducible, blind to hidden cards, and by their rule."""

from __future__ import annotations

import random

import pytest
from eights_strategies import find_state, reached_states
from hypothesis import given, settings
from hypothesis import strategies as st
from test_eights_bots import play_bots

from eighthalf.eights import (
    PASS,
    VALUES,
    Card,
    GameState,
    Pass,
    PlayerView,
    Spell,
    apply,
    legal_moves,
    new_game,
    sample_state,
    unseen_cards,
    view,
)
from eighthalf.games.eights.bots import (
    BOTS,
    Bot,
    GreedyBot,
    ProspectBot,
    SearchBot,
    _exchange_order,
    greedy_exchange,
    make_bot,
)
from eighthalf.games.eights.engine import spellings
from eighthalf.games.eights.prospect import prospect_exchange, prospect_spelling


def spells_of(state: GameState) -> list[Spell]:
    return [move for move in legal_moves(state) if isinstance(move, Spell)]


def fast() -> ProspectBot:
    return ProspectBot(iterations=2, candidates=3, samples=3)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_wt1_prospect_bot_plays_legal_moves_and_is_reproducible(players: int) -> None:
    def bots() -> list[Bot]:
        return [fast() if seat % 2 == 0 else GreedyBot() for seat in range(players)]

    first = play_bots(players, 11 + players, bots(), random.Random(players))
    assert first == play_bots(players, 11 + players, bots(), random.Random(players))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_wt1_the_prospect_alone_plays_legal_moves(players: int) -> None:
    play_bots(players, 3, [ProspectBot(candidates=1, samples=2) for _ in range(players)], random.Random(3))


@settings(max_examples=30)
@given(state=reached_states(max_moves=120), rng_seed=st.integers(min_value=0, max_value=2**32))
def test_wt1_wp2_prospect_bot_chooses_a_legal_move_at_random_positions(state: GameState, rng_seed: int) -> None:
    if state.over:
        return
    move = ProspectBot(iterations=2, samples=2).choose(view(state, state.hand.to_move), random.Random(rng_seed))
    assert move in legal_moves(state)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_wi2_wi3_prospect_bot_cannot_see_hidden_cards(players: int) -> None:
    """Given the same view, a fresh bot makes the same move whatever the hidden cards are."""
    state = find_state(players, lambda state: len(spells_of(state)) > 2 and state.hand.turns > players)
    seen = view(state, state.hand.to_move)
    hidden = sample_state(seen, random.Random(99))
    assert hidden != state and view(hidden, state.hand.to_move) == seen
    for bot in (ProspectBot(iterations=4, samples=4), ProspectBot(candidates=1, samples=8)):
        moves = {bot.choose(view(each, state.hand.to_move), random.Random(players)) for each in (state, hidden)}
        assert len(moves) == 1


def exact_scores(state: GameState, own: float, deny: float) -> list[float]:
    """Each spelling's prospect, worked out by playing it with the engine: for a position of two
    players with an empty stack, where the next seat's hand is exactly the unseen cards."""
    seat = state.hand.to_move
    scores = []
    for spell in spells_of(state):
        after = apply(state, spell)
        theirs = max([VALUES[move.word] for move in spells_of(after)], default=0)
        mine = max([VALUES[move.word] for move in spellings(after.hand.hands[seat], after.hand.table)], default=0)
        scores.append(VALUES[spell.word] + own * mine - deny * theirs)
    return scores


@pytest.mark.parametrize(("own", "deny"), [(0.0, 1.0), (1.0, 0.0), (1.0, 1.0), (0.5, 2.0)])
def test_wt4_wt5_wt8_the_prospect_weighs_the_word_the_next_word_and_the_next_seats_word(
    own: float, deny: float
) -> None:
    """At two players with the stack empty nothing is left to chance: the prospect's pick is
    the spelling of the best score worked out with the engine, the first listed among equals."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(2, seed=seed)
        while not state.over and checked < 12:
            if not state.hand.stack and len(spells_of(state)) > 1:
                scores = exact_scores(state, own, deny)
                seen = view(state, state.hand.to_move)
                chosen = prospect_spelling(seen, spells_of(state), random.Random(seed), own=own, deny=deny, samples=2)
                assert chosen == spells_of(state)[scores.index(max(scores))]
                checked += 1
            state = apply(state, GreedyBot().choose(view(state, state.hand.to_move), rng))
    assert checked == 12


def test_wt8_without_weights_the_prospect_is_the_highest_word_first_listed_and_draws_nothing() -> None:
    state = find_state(3, lambda state: len({move.word for move in spells_of(state)}) > 1)
    spells = spells_of(state)
    rng = random.Random(4)
    before = rng.getstate()
    chosen = prospect_spelling(view(state, state.hand.to_move), spells, rng, own=0.0, deny=0.0)
    best = max(VALUES[spell.word] for spell in spells)
    assert chosen == next(spell for spell in spells if VALUES[spell.word] == best)
    assert rng.getstate() == before


def test_the_prospect_refuses_no_spellings() -> None:
    with pytest.raises(ValueError, match="no spellings"):
        prospect_spelling(view(new_game(2, seed=1), 0), [], random.Random(1))


def test_prospect_bot_with_infinite_confidence_plays_the_prospect_and_without_the_exchange_passes_as_search() -> None:
    state = new_game(3, seed=13)
    for decision in range(30):
        seen = view(state, state.hand.to_move)
        bot = ProspectBot(iterations=2, samples=3, confidence=float("inf"), exchange=False)
        move = bot.choose(seen, random.Random(decision))
        spells = [option for option in seen.legal_moves() if isinstance(option, Spell)]
        if len(spells) > 1:
            assert move == prospect_spelling(seen, spells, random.Random(decision), samples=3)
        elif not spells:
            assert move == SearchBot(iterations=2, confidence=float("inf")).choose(seen, random.Random(decision))
        state = apply(state, move)


@pytest.mark.parametrize(
    "options",
    [
        {"iterations": 0},
        {"candidates": 0},
        {"samples": 0},
        {"own": -1.0},
        {"deny": -0.5},
        {"samples": 1.5},
        {"exchange": "yes"},
        {"exchange": 1},
    ],
)
def test_prospect_bot_refuses_bad_settings(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ProspectBot(**options)  # type: ignore[arg-type]


def test_prospect_bot_is_registered() -> None:
    assert BOTS["prospect"] is ProspectBot and make_bot("prospect").name == "prospect"


def must_pass(state: GameState) -> bool:
    """The seat to move cannot spell and may exchange (WT1, WP1, WP2)."""
    return not spells_of(state) and len(legal_moves(state)) > 1 and len(state.hand.stack) > 1


def exchanges_of(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """No exchange, then each card alone, then the first half of the hand (all in card order)."""
    return [(), *[(card,) for card in hand], hand[: len(hand) // 2]]


def exchange_scores(seen: PlayerView, exchanges: list[tuple[Card, ...]], seed: int, samples: int) -> list[float]:
    """Each exchange's prospect by its rule, worked out with the engine's spellings: the same
    orders of the unseen cards, the other seats spelling their highest word in turn order."""
    rng = random.Random(seed)
    unseen = list(unseen_cards(seen))
    orders = [rng.sample(unseen, len(unseen)) for _ in range(samples)]
    players = len(seen.hand_sizes)
    totals = [0.0] * len(exchanges)
    for order in orders:
        table, top = list(seen.table), 0
        for ahead in range(1, players):
            size = seen.hand_sizes[(seen.to_move + ahead) % players]
            found = spellings(tuple(sorted(order[top : top + size], key=lambda card: card.key)), tuple(table))
            top += size
            if found:
                best = max(VALUES[spell.word] for spell in found)
                for card in next(spell for spell in found if VALUES[spell.word] == best).replacements:
                    table[card.suit - 1] = card
        for at, exchange in enumerate(exchanges):
            kept = list(seen.hand or ())
            for card in exchange:
                kept.remove(card)
            hand = tuple(sorted([*kept, *order[top : top + len(exchange)]], key=lambda card: card.key))
            totals[at] += max([VALUES[spell.word] for spell in spellings(hand, tuple(table))], default=0)
    return totals


@pytest.mark.parametrize("players", [3, 4, 5])
def test_wp1_the_prospect_exchange_is_the_best_next_word_after_the_others_highest_words(players: int) -> None:
    """The prospect's exchange is the one of the best next word (the first listed among equals),
    worked out by its rule on the same orders of the unseen cards."""
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = new_game(players, seed=seed)
        while not state.over and checked < 4 * (players - 2):
            if must_pass(state):
                seen = view(state, state.hand.to_move)
                exchanges = exchanges_of(seen.hand or ())
                scores = exchange_scores(seen, exchanges, seed, 6)
                chosen = prospect_exchange(seen, exchanges, random.Random(seed), samples=6)
                assert chosen == exchanges[scores.index(max(scores))]
                checked += 1
            state = apply(state, GreedyBot().choose(view(state, state.hand.to_move), rng))
    assert checked == 4 * (players - 2)


def test_wp1_wi3_the_prospect_exchange_cannot_see_hidden_cards() -> None:
    state = find_state(4, lambda state: must_pass(state) and state.hand.turns > 4)
    seen = view(state, state.hand.to_move)
    hidden = sample_state(seen, random.Random(7))
    assert hidden != state and view(hidden, state.hand.to_move) == seen
    exchanges = exchanges_of(seen.hand or ())
    choices = {prospect_exchange(view(each, seen.to_move), exchanges, random.Random(5)) for each in (state, hidden)}
    assert len(choices) == 1


def test_wp1_the_prospect_exchange_refuses_none_and_takes_a_single_one_without_drawing() -> None:
    seen = view(find_state(4, must_pass), 0)
    with pytest.raises(ValueError, match="no exchanges"):
        prospect_exchange(seen, [], random.Random(1))
    rng = random.Random(1)
    before = rng.getstate()
    assert prospect_exchange(seen, [()], rng) == () and rng.getstate() == before


def passes(players: int, bot: ProspectBot, other: Bot | None) -> tuple[int, int]:
    """How many forced passes with exchanges ``bot`` (infinite confidence) meets in greedy games of
    ``players``, and in how many it plays the prospect's exchange where ``other`` (if given) would not."""
    met = differ = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(players, seed=seed)
        while not state.over and met < 10:
            seen = view(state, state.hand.to_move)
            if must_pass(state):
                move = bot.choose(seen, random.Random(met))
                assert move in legal_moves(state)
                if other is not None:
                    assert move == other.choose(seen, random.Random(met))
                else:
                    hand = seen.hand or ()
                    order, _ = _exchange_order(hand)
                    most = min(len(hand), seen.stack_size)
                    offered = [greedy_exchange(hand, unseen_cards(seen), most)]
                    offered += [tuple(sorted(hand[at] for at in order[:size])) for size in range(most + 1)]
                    expected = prospect_exchange(seen, offered, random.Random(met), samples=3)
                    assert move == (Pass(expected, False) if expected else PASS)
                    differ += expected != greedy_exchange(hand, unseen_cards(seen), most)
                met += 1
            state = apply(state, GreedyBot().choose(seen, rng))
    return met, differ


def test_wp1_prospect_bot_passes_by_the_prospect_from_three_players_and_as_search_at_two() -> None:
    def bot(exchange: bool | None = None) -> ProspectBot:
        return ProspectBot(iterations=2, samples=3, confidence=float("inf"), exchange=exchange)

    searching = SearchBot(iterations=2, confidence=float("inf"))
    assert passes(2, bot(), searching)[0] == 10
    assert passes(4, bot(exchange=False), searching)[0] == 10
    for players, exchange in ((3, None), (4, None), (2, True)):
        met, differ = passes(players, bot(exchange), None)
        assert met == 10 and differ > 0
