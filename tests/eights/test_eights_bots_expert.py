"""Eights' ExpertBot: legal, reproducible, bounded, blind to hidden cards, and its pass reading true (WT1, WP1-WP3)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from eights_strategies import find_state, reached_states
from hypothesis import given
from hypothesis import strategies as st

from eighthalf.eights import GameState, Move, Pass, PlayerView, Rules, apply, legal_moves, new_game, sample_state, view
from eighthalf.eights.bots import (
    BOTS,
    Bot,
    ExpertBot,
    GreedyBot,
    SearchBot,
    greedy_move,
    make_bot,
    stuck_seats,
)
from eighthalf.eights.engine import spellings


def play(players: int, seed: int, bots: Sequence[Bot], rng: random.Random) -> list[Move]:
    """A whole game between bots; every move checked legal."""
    state = new_game(players, seed=seed)
    moves: list[Move] = []
    while not state.over:
        seat = state.hand.to_move
        move = bots[seat].choose(view(state, seat), rng)
        assert move in legal_moves(state)
        moves.append(move)
        state = apply(state, move)
    return moves


def fast_expert() -> ExpertBot:
    return ExpertBot(iterations=3, candidates=4)


def stuck_state(players: int, seed: int) -> GameState:
    """The first state of greedy play from ``seed`` in which the seat to move sees a stuck seat."""
    state = new_game(players, seed=seed)
    while not stuck_seats(view(state, state.hand.to_move)):
        state = apply(state, greedy_move(state))
    return state


class CountingExpert(ExpertBot):
    """An ExpertBot that counts the deals it samples."""

    def __init__(self, iterations: int, *, time_limit: float | None = None) -> None:
        super().__init__(iterations, time_limit=time_limit)
        self.deals = 0

    def sample(self, seen: PlayerView, rng: random.Random) -> GameState:
        self.deals += 1
        return super().sample(seen, rng)


def test_the_expert_bot_is_registered() -> None:
    assert BOTS["expert"] is ExpertBot
    bot = make_bot("expert")
    assert isinstance(bot, ExpertBot) and isinstance(bot, SearchBot) and bot.name == "expert"


@pytest.mark.parametrize("players", [2, 4])
def test_wt1_expert_bot_plays_only_legal_moves_and_is_reproducible(players: int) -> None:
    def bots() -> list[Bot]:
        return [fast_expert() if seat % 2 == 0 else GreedyBot() for seat in range(players)]

    first = play(players, 11, bots(), random.Random(11))
    assert first == play(players, 11, bots(), random.Random(11))


@given(state=reached_states(max_moves=120), rng_seed=st.integers(min_value=0, max_value=2**32))
def test_wt1_wp2_expert_bot_chooses_a_legal_move_at_random_positions(state: GameState, rng_seed: int) -> None:
    if state.over:
        return
    move = ExpertBot(iterations=2).choose(view(state, state.hand.to_move), random.Random(rng_seed))
    assert move in legal_moves(state)


def test_wi2_wi3_expert_bot_cannot_see_hidden_cards() -> None:
    """Given the same view, a fresh bot makes the same move whatever the hidden cards are."""
    for seed in range(4):
        state = stuck_state(3, seed)
        seat = state.hand.to_move
        seen = view(state, seat)
        other = sample_state(seen, random.Random(99))
        assert other != state and view(other, seat) == seen
        first = ExpertBot(iterations=6).choose(view(state, seat), random.Random(seed))
        assert first == ExpertBot(iterations=6).choose(view(other, seat), random.Random(seed))


def test_the_expert_bot_samples_as_many_deals_as_its_iterations() -> None:
    state = find_state(3, lambda state: len(legal_moves(state)) > 2 and state.hand.turns > 2)
    seen = view(state, state.hand.to_move)
    bot = CountingExpert(7)
    bot.choose(seen, random.Random(2))
    assert bot.deals == 7


def test_a_zero_time_limit_stops_the_expert_bot_after_one_deal() -> None:
    state = find_state(3, lambda state: len(legal_moves(state)) > 2 and state.hand.turns > 2)
    seen = view(state, state.hand.to_move)
    bot = CountingExpert(500, time_limit=0.0)
    assert bot.choose(seen, random.Random(1)) in legal_moves(state)
    assert bot.deals == 1


@pytest.mark.parametrize(
    "options",
    [{"iterations": 0}, {"candidates": 0}, {"tries": 0}, {"confidence": -1.0}, {"time_limit": -0.5}],
)
def test_expert_bot_refuses_bad_settings(options: dict[str, float]) -> None:
    with pytest.raises(ValueError, match=next(iter(options))):
        ExpertBot(**options)  # type: ignore[arg-type]


def test_the_expert_bot_with_infinite_confidence_plays_the_greedy_move() -> None:
    state = new_game(3, seed=13)
    for decision in range(20):
        seen = view(state, state.hand.to_move)
        move = ExpertBot(iterations=2, confidence=float("inf")).choose(seen, random.Random(decision))
        assert move == GreedyBot().choose(seen, random.Random(0))
        state = apply(state, move)


# --------------------------------------------------------------------------- reading the passes


@given(state=reached_states(max_moves=150))
def test_wt1_wp1_a_stuck_seat_cannot_spell_on_the_table(state: GameState) -> None:
    if state.over:
        return
    for seat in stuck_seats(view(state, state.hand.to_move)):
        assert seat != state.hand.to_move
        assert spellings(state.hand.hands[seat], state.hand.table) == ()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_wt1_stuck_seats_in_greedy_games_are_true_and_found(players: int) -> None:
    found = 0
    for seed in range(6):
        state = new_game(players, seed=seed)
        while not state.over:
            seen = view(state, state.hand.to_move)
            for seat in stuck_seats(seen):
                assert spellings(state.hand.hands[seat], state.hand.table) == ()
                found += 1
            state = apply(state, greedy_move(state))
    assert found > 0


def test_wp2_a_passer_whose_cards_were_drawn_again_is_not_read() -> None:
    """Seat 0 exchanges the whole short stack, seat 1 draws it all back: seat 0 is unknown."""
    state = find_state(
        3,
        lambda state: (
            not state.over
            and state.hand.passes == 0
            and len(state.hand.stack) == 2
            and len(state.hand.hands[state.hand.to_move]) >= 2
            and len(state.hand.hands[(state.hand.to_move + 1) % 3]) >= 2
            and not spellings(state.hand.hands[state.hand.to_move], state.hand.table)
            and not spellings(state.hand.hands[(state.hand.to_move + 1) % 3], state.hand.table)
        ),
    )
    first = state.hand.to_move
    for _ in range(2):
        seat = state.hand.to_move
        exchange = [move for move in legal_moves(state) if isinstance(move, Pass) and len(move.exchange) == 2]
        state = apply(state, exchange[0])
    seen = view(state, state.hand.to_move)
    assert seen.passes == 2 and seen.origins[-2:] == (seat, seat)
    assert first not in stuck_seats(seen) and stuck_seats(seen) == ()


def test_wr1_passing_freely_reads_nothing() -> None:
    state = new_game(3, seed=1, rules=Rules(may_pass_freely=True))
    while state.hand.passes == 0:
        state = apply(state, legal_moves(state)[-1])  # the last listed move: a pass
    assert stuck_seats(view(state, state.hand.to_move)) == ()


def test_wt1_the_sampler_deals_stuck_seats_hands_that_cannot_spell() -> None:
    checked = 0
    for seed in range(4):
        state = stuck_state(3, seed)
        seen = view(state, state.hand.to_move)
        bot = ExpertBot(tries=200)
        for draw in range(5):
            deal = bot.sample(seen, random.Random(draw))
            assert view(deal, seen.to_move) == seen
            for seat in stuck_seats(seen):
                assert spellings(deal.hand.hands[seat], seen.table) == ()
                checked += 1
    assert checked >= 20


def test_with_one_try_the_sampler_is_the_games() -> None:
    state = stuck_state(3, 0)
    seen = view(state, state.hand.to_move)
    assert ExpertBot(tries=1).sample(seen, random.Random(5)) == sample_state(seen, random.Random(5))


# --------------------------------------------------------------------------- the strength script's own entrants


def test_the_strength_scripts_thrifty_bot_plays_legal_moves_and_draws_nothing() -> None:
    from benchmarks import eights_strength

    rng = random.Random(3)
    before = rng.getstate()
    for players in (2, 4):
        play(players, 3, [eights_strength.ThriftyBot() for _ in range(players)], rng)
    assert rng.getstate() == before


def test_the_strength_scripts_ladder_seats_its_own_entrants_and_times_each_decision() -> None:
    from benchmarks import eights_strength

    order = ("thrifty", "greedy", "random", "search-wide")
    entries = eights_strength.ladder_game(order, 0, 0)
    assert set(entries) == set(order) and sum(entry.wins for entry in entries.values()) == pytest.approx(1)
    assert all(len(entry.times) == entry.decisions for entry in entries.values())
    again = eights_strength.ladder_game(order, 0, 0)  # seeded: only the times differ
    assert [entry.wins for entry in again.values()] == [entry.wins for entry in entries.values()]
    assert eights_strength.percentile([0.3, 0.1, 0.2, 0.4], 0.5) == 0.2
    assert eights_strength.percentile([0.3, 0.1, 0.2, 0.4], 0.95) == 0.4
    assert eights_strength.percentile([], 0.95) == 0.0
