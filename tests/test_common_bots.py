"""The bots of any game (eighthalf.players.bots): every registered game plays them with no code of its own.

The cases are the conformance suite's (``tests/game_cases.py``): every game of the registry,
8½'s matches included. The generic bots get only the game object and, here, the protocol's
default policies; the games' own search bots are these classes with their policies, whose
seeded decisions ``tests/test_common_search.py`` pins.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from game_cases import CASES, Case

from eighthalf.core.errors import InvalidStateError
from eighthalf.core.game import play_out
from eighthalf.games.eights.game import EIGHTS
from eighthalf.players.bots import ISMCTSBot, Policies, RandomBot, SearchBot, standard_bots

IDS = [case.id for case in CASES]


def _play(case: Case, seed: int, decisions: int = 24) -> list[Any]:
    """The moves of a game of ``case`` between the generic bots (protocol defaults, small
    budgets), the search bots' first ``decisions`` decisions; every move is checked."""
    game = case.game
    players = case.players[0]
    table: list[Any] = [
        SearchBot(game, iterations=2, horizon=60),
        ISMCTSBot(game, iterations=3, horizon=60, prune_after=1),
        *(RandomBot[Any]() for _ in range(players - 2)),
    ]
    state, rng = game.start(players, seed=seed, rules=case.play_rules), random.Random(seed)
    moves: list[Any] = []
    searched = 0
    while (seat := game.to_move(state)) is not None and searched < decisions:
        move = table[seat].choose(game.view(state, seat), rng)
        searched += seat < 2
        state = game.apply(state, move)  # checked: a bot's move is legal
        moves.append(move)
    return moves


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_generic_bots_play_every_game_legally_and_reproducibly(case: Case) -> None:
    first = _play(case, 3)
    assert first and _play(case, 3) == first


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_standard_bots_make_new_bots_of_the_game(case: Case) -> None:
    made = standard_bots(case.game)
    assert sorted(made) == ["ismcts", "random", "search"]
    search, again = made["search"](), made["search"]()
    assert search is not again and search.game is case.game and made["ismcts"]().name == "ismcts"


def test_the_default_reward_is_a_win() -> None:
    bot = SearchBot(EIGHTS)
    last = play_out(EIGHTS, EIGHTS.start(2, seed=3), lambda state, moves: moves[0])
    seen = EIGHTS.view(EIGHTS.start(2, seed=3), 0)
    reward = bot.reward_for(seen)
    assert (reward(last, 0), reward(last, 1)) == (1.0, 0.0)  # seat 0 won (the protocol's doctest)
    assert bot.until_for(seen) is None and bot.horizon == 1000


def test_a_search_with_confidence_beyond_reach_keeps_the_base_move() -> None:
    state = EIGHTS.start(3, seed=5)
    seen = EIGHTS.view(state, 0)
    moves = seen.legal_moves()
    assert len(moves) > 1
    for make in (SearchBot, ISMCTSBot):
        bot = make(EIGHTS, iterations=3, confidence=float("inf"))
        assert bot.choose(seen, random.Random(1)) == moves[0]


def test_a_sampler_that_deals_a_finished_game_is_a_clear_error() -> None:
    over = play_out(EIGHTS, EIGHTS.start(2, seed=1), lambda state, moves: moves[0])
    seen = EIGHTS.view(EIGHTS.start(2, seed=1), 0)
    bot = SearchBot(EIGHTS, Policies(sampler=lambda seen, rng: over))
    with pytest.raises(InvalidStateError, match="sampled from a view of a decision is over"):
        bot.choose(seen, random.Random(0))


def test_a_bot_asked_out_of_turn_says_so() -> None:
    seen = EIGHTS.view(EIGHTS.start(2, seed=1), 1)
    for bot in (RandomBot[Any](), SearchBot(EIGHTS), ISMCTSBot(EIGHTS)):
        with pytest.raises(ValueError, match="no legal moves: it is not this seat's turn or the game is over"):
            bot.choose(seen, random.Random(0))


@pytest.mark.parametrize(
    ("settings", "name"),
    [
        ({"iterations": 0}, "iterations"),
        ({"horizon": -1}, "horizon"),
        ({"time_limit": -1.0}, "time_limit"),
        ({"confidence": "1"}, "confidence"),
        ({"exploration": float("nan")}, "exploration"),
        ({"opponents": "x"}, "opponents"),
        ({"root": "x"}, "root"),
        ({"prune": -1.0}, "prune"),
        ({"prune_after": 0}, "prune_after"),
    ],
)
def test_the_settings_are_checked_in_one_place_naming_them(settings: dict[str, Any], name: str) -> None:
    with pytest.raises(InvalidStateError, match=f"^{name} must (be|not)"):
        ISMCTSBot(EIGHTS, **settings)
