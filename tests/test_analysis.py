"""The analysis of a decision (eighthalf.analysis.analyse), on every registered game (issue 38, item 1)."""

from __future__ import annotations

import math
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eighthalf.analysis import AnalysisError, analyse, policies_for
from eighthalf.analysis.analyse import DEFAULT_WIDTH, KEEP, Analysis
from eighthalf.core.game import Game
from eighthalf.games.eighthalf.game import EIGHTHALF, MatchGame
from eighthalf.games.eights.bots import ProspectBot
from eighthalf.games.eights.game import EIGHTS
from eighthalf.players.bots import Policies
from eighthalf.registry import GameEntry, RegistryError, games, register

ENTRIES = games()


def _position(game: Game[Any, Any, Any, Any, Any], seed: int, moves: int, *, players: int = 4) -> Any:
    """A state of ``game`` after ``moves`` random moves from a deal of ``seed``, with two or more
    legal moves to its seat to move (later if need be), or the last one with any."""
    rng = random.Random(seed)
    count = players if players in game.player_counts(game.default_rules) else game.player_counts(game.default_rules)[0]
    state = game.start(count, seed=seed)
    made = 0
    while game.to_move(state) is not None:
        legal = game.legal_moves(state)
        if made >= moves and len(legal) >= 2:
            return state
        state = game.apply(state, rng.choice(legal))
        made += 1
    raise AssertionError("the game ended before a decision")


def _check(found: Analysis, legal: tuple[Any, ...], game: Game[Any, Any, Any, Any, Any], seat: int) -> None:
    assert found.game == game.name and found.seat == seat and found.deals >= 2
    texts = [game.move_text(move) for move in legal]
    assert sorted([*(value.move for value in found.moves), *found.unweighed]) == sorted(texts)
    chances = [value.chance for value in found.moves]
    assert chances[1:] == sorted(chances[1:], reverse=True)
    assert found.best.loss == 0.0 and found.best.loss_se == 0.0
    for value in found.moves:
        assert 0.0 <= value.chance <= 1.0 and value.chance_se >= 0 and value.points_se >= 0
        assert math.isclose(value.loss, max(found.best.chance - value.chance, 0.0), abs_tol=1e-12)
        assert value.loss_se >= 0
        # the base move heads the list unless beaten by KEEP standard errors of the pairs
        assert value.chance - found.best.chance <= KEEP * value.loss_se + 1e-12


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.key for entry in ENTRIES])
def test_every_legal_move_of_every_game_is_valued_and_ranked(entry: GameEntry) -> None:
    game = entry.game
    state = _position(game, seed=3, moves=5)
    seat = game.to_move(state)
    assert seat is not None
    seen = game.view(state, seat)
    found = analyse(game, seen, budget=30, seed=4)
    _check(found, game.legal_moves(state), game, seat)
    assert found == analyse(game, seen, budget=30, seed=4)
    assert found.value(found.best.move) is found.best


def test_a_match_of_8_half_is_analysed_by_its_bots_on_the_views() -> None:
    game = MatchGame(2)
    state = _position(game, seed=2, moves=3, players=3)
    seat = game.to_move(state)
    assert seat is not None
    found = analyse(game, game.view(state, seat), budget=12, seed=1)
    _check(found, game.legal_moves(state), game, seat)
    assert policies_for(game).playout is not None


@given(st.integers(0, 10_000), st.integers(0, 30), st.integers(0, 1_000))
@settings(max_examples=12)
def test_two_states_with_the_same_view_give_the_same_analysis(seed: int, moves: int, other: int) -> None:
    """The analysis never reads what the view hides: a state dealt anew behind the same view gives the same analysis."""
    chosen: tuple[Game[Any, Any, Any, Any, Any], ...] = (EIGHTHALF, EIGHTS)
    for game in chosen:
        state = _position(game, seed, moves % 12)
        seat = game.to_move(state)
        twin = game.sample_state(game.view(state, seat), random.Random(other))
        assert game.view(twin, seat) == game.view(state, seat)
        first = analyse(game, game.view(state, seat), budget=16, seed=seed)
        assert first == analyse(game, game.view(twin, seat), budget=16, seed=seed)


def test_the_progress_callback_counts_the_play_outs() -> None:
    state = _position(EIGHTHALF, seed=5, moves=4)
    calls: list[tuple[int, int | None]] = []
    found = analyse(
        EIGHTHALF, EIGHTHALF.view(state, state.to_move), budget=40, progress=lambda *call: calls.append(call)
    )
    weighed = len(found.moves)
    assert [done for done, _ in calls] == [weighed * deal for deal in range(1, found.deals + 1)]
    assert all(total == weighed * found.deals for _, total in calls)


def test_a_budget_of_seconds_alone_stops_in_time() -> None:
    state = _position(EIGHTS, seed=5, moves=4)
    found = analyse(EIGHTS, EIGHTS.view(state, state.hand.to_move), budget=None, seconds=0.05)
    assert found.deals >= 2


def test_a_seat_with_more_moves_than_the_width_has_its_candidates_and_the_move_asked_about_weighed() -> None:
    rng = random.Random(1)
    for seed in range(40):
        state = EIGHTS.start(4, seed=seed)
        while EIGHTS.to_move(state) is not None and len(EIGHTS.legal_moves(state)) <= DEFAULT_WIDTH:
            state = EIGHTS.apply(state, rng.choice(EIGHTS.legal_moves(state)))
        if EIGHTS.to_move(state) is not None:
            break
    legal = EIGHTS.legal_moves(state)
    last = legal[-1]
    seen = EIGHTS.view(state, state.hand.to_move)
    found = analyse(EIGHTS, seen, budget=40, include=(last,), width=4)
    assert len(found.moves) == 4 and len(found.unweighed) == len(legal) - 4
    assert found.value(str(last)).move == str(last)
    with pytest.raises(AnalysisError, match="was not weighed"):
        found.value(found.unweighed[0])


def test_the_policies_are_the_strongest_bots() -> None:
    assert policies_for(EIGHTS).candidates is not None
    assert policies_for(EIGHTS).playout is ProspectBot().policies.playout
    assert policies_for(EIGHTHALF).playout is not None
    shedding = [entry for entry in ENTRIES if entry.key == "shedding"]
    if shedding:  # the third game names no analysis bot: the protocol's defaults
        assert policies_for(shedding[0].game) == Policies()


@pytest.mark.parametrize(
    ("budget", "seconds", "message"),
    [
        (0, None, "a budget is a positive whole number of play-outs, not 0"),
        (-3, None, "a budget is a positive whole number of play-outs, not -3"),
        (2.5, None, "a budget is a positive whole number of play-outs, not 2.5"),
        (True, None, "a budget is a positive whole number of play-outs, not True"),
        (10, 0, "a time budget is a positive number of seconds, not 0"),
        (10, math.nan, "a time budget is a positive number of seconds, not nan"),
        (None, None, "an analysis needs a budget of play-outs or of seconds, not neither"),
    ],
)
def test_a_budget_that_is_not_a_positive_number_is_refused(budget: Any, seconds: Any, message: str) -> None:
    state = EIGHTS.start(2, seed=1)
    with pytest.raises(AnalysisError) as refused:
        analyse(EIGHTS, EIGHTS.view(state, 0), budget=budget, seconds=seconds)
    assert str(refused.value) == message


def test_a_view_of_another_game_or_of_a_seat_not_to_move_is_refused() -> None:
    eights = EIGHTS.start(2, seed=1)
    with pytest.raises(AnalysisError, match=r"^expected a view of 8½ \(PlayerView\), not .* of another game or kind$"):
        analyse(EIGHTHALF, EIGHTS.view(eights, 0), budget=4)
    with pytest.raises(AnalysisError, match="expected a view of Eights"):
        analyse(EIGHTS, "a view", budget=4)
    with pytest.raises(AnalysisError, match=r"^the view has no legal moves: it is not its seat's turn"):
        analyse(EIGHTS, EIGHTS.view(eights, 1), budget=4)
    with pytest.raises(AnalysisError, match="is not a legal move of the view"):
        analyse(EIGHTS, EIGHTS.view(eights, 0), budget=4, include=("pass",))
    with pytest.raises(AnalysisError, match="a seed is an integer"):
        analyse(EIGHTS, EIGHTS.view(eights, 0), budget=4, seed="1")  # type: ignore[arg-type]


def test_an_analysis_bot_must_be_one_of_the_games_bots() -> None:
    eights = next(entry for entry in ENTRIES if entry.key == "eights")
    wrong = attrs.evolve(eights, analysis_bot="nobody")
    with pytest.raises(RegistryError, match="the analysis bot 'nobody' is not one of the game's bots"):
        register(wrong)
