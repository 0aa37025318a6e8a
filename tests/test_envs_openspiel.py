"""The OpenSpiel game python_eighthalf, checked by OpenSpiel's own tests and played by its IS-MCTS bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import eighthalf.envs.eights.openspiel  # noqa: F401  (registers python_eights)
import eighthalf.envs.openspiel as adapter
from eighthalf import DECK, IllegalMoveError, InvalidStateError, apply, legal_moves, new_game, shuffled_deck, view
from eighthalf.games.eighthalf.encoding import move_to_action, observation_size


def dealt(game: pyspiel.Game, deck: tuple[object, ...]) -> Any:  # an adapter.EighthalfState
    state = game.new_initial_state()
    for rank in deck:
        state.apply_action(int(rank))  # type: ignore[call-overload]
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_openspiel_random_simulation(players: int) -> None:
    game = pyspiel.load_game("python_eighthalf", {"players": players, "move_limit": 400})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_s3_s4_the_chance_nodes_deal_the_deck_as_new_game_does() -> None:
    game = pyspiel.load_game("python_eighthalf", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert outcomes[11] == pytest.approx(8 / 72) and outcomes[1] == pytest.approx(4 / 72)
    deck = shuffled_deck(5)
    state = dealt(game, deck)
    assert not state.is_chance_node()
    expected = new_game(3, seed=5, rules=game.rules)
    assert state.round == expected
    assert state.legal_actions() == sorted(move_to_action(move) for move in legal_moves(expected))


def test_s1_a_card_not_left_in_the_deck_cannot_be_dealt() -> None:
    game = pyspiel.load_game("python_eighthalf", {"players": 2})
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(1)
    assert 1 not in dict(state.chance_outcomes())
    with pytest.raises(Exception, match="no 1 is left"):
        state.apply_action(1)


def test_e6_returns_are_the_points_and_e7_the_limit_ends_with_none() -> None:
    game = pyspiel.load_game("python_eighthalf", {"players": 4, "move_limit": 8})
    state = dealt(game, shuffled_deck(2))
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [0.0] * 4 and state.round is not None and state.round.move_number == 8
    full = pyspiel.load_game("python_eighthalf")
    state = dealt(full, shuffled_deck(2))
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.round is not None and state.round.points is not None
    assert state.returns() == [float(points) for points in state.round.points]


def test_t1_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game("python_eighthalf")
    state = dealt(game, shuffled_deck(3))
    before = state.round
    illegal = next(action for action in range(89) if action not in state.legal_actions())
    with pytest.raises((IllegalMoveError, pyspiel.SpielError, RuntimeError, ValueError)):
        state.apply_action(illegal)
    assert state.round == before


def test_i1_i4_observations_carry_nothing_hidden() -> None:
    game = pyspiel.load_game("python_eighthalf", {"players": 3})
    state = dealt(game, shuffled_deck(8))
    rng = np.random.RandomState(0)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.observation_tensor(1)) == observation_size(3)
    assert len(state.information_state_tensor(1)) == observation_size(3) + 3 * 89
    assert state.round is not None
    for seat in range(3):
        sampled = state.resample_from_infostate(seat, random.Random(seat).random)
        assert sampled.round is not None and view(sampled.round, seat) == view(state.round, seat)
        assert sampled.observation_tensor(seat) == state.observation_tensor(seat)
        assert sampled.observation_string(seat) == state.observation_string(seat)
        assert sampled.information_state_string(seat) == state.information_state_string(seat)
        assert sampled.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sampled.deck == sorted(DECK) and all(not hand for who, _, hand in sampled.log if who != seat)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE),
    )
    public.set_from(state, 0)
    mine = np.array(state.observation_tensor(0))
    assert public.tensor[:12].sum() == 0 and mine[:12].sum() == len(state.round.seats[0].hand)
    with pytest.raises(ValueError, match="every player's private cards"):
        make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
        )


def test_s2_bad_parameters_are_refused() -> None:
    with pytest.raises(InvalidStateError):
        adapter.EighthalfGame({"players": 6})


def test_openspiels_ismcts_bot_plays_a_whole_round() -> None:
    game = pyspiel.load_game("python_eighthalf", {"players": 2, "move_limit": 300})
    rng = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=5,
        random_state=rng,
        allow_inconsistent_action_sets=True,
        child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
    )
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    state = dealt(game, shuffled_deck(6))
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            decisions += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    # E6 at two seats: no winner (E7), the winner alone lowest (3-0), the other lowest (2-1),
    # or tied lowest counts (3-1).
    assert decisions > 0 and sorted(state.returns()) in ([0.0, 0.0], [0.0, 3.0], [1.0, 2.0], [1.0, 3.0])
    assert state.round is not None and len(state.history()) == len(DECK) + state.round.move_number


def test_s5_p3_p7_the_table_options_are_game_parameters() -> None:
    from eighthalf import Rules

    params = {"players": 3, "move_limit": 400, "lock_next_only": True, "halves_stop_at_8_half": True}
    game = pyspiel.load_game("python_eighthalf", {**params, "single_opening": True})
    rules = Rules(move_limit=400, lock_next_only=True, halves_stop_at_8_half=True, single_opening=True)
    assert game.rules == rules and game.get_parameters()["single_opening"] is True
    assert pyspiel.load_game("python_eighthalf").rules == Rules(move_limit=1000)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        assert state.round is not None and state.round.rules == rules
        assert state.legal_actions() == sorted(move_to_action(move) for move in legal_moves(state.round))
        state.apply_action(state.legal_actions()[-1])
    with pytest.raises(InvalidStateError, match="single_opening"):
        adapter.EighthalfGame({"single_opening": 1})


@pytest.mark.parametrize(("name", "move_limit"), [("python_eighthalf", 1000), ("python_eights", 3)])
def test_no_action_applies_to_a_terminal_state_E7(name: str, move_limit: int) -> None:
    """A terminal state refuses every action with one clear error and stays as it was: a
    round over (8½), and a game stopped by the adapter's move limit (Eights), where a seat
    is still to move in the game and a move would otherwise go past the limit."""
    game = pyspiel.load_game(name, {"players": 2, "move_limit": move_limit})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    current, history, returns = state.current, state.history(), state.returns()
    seat = state.encoding.game.to_move(current)
    mask = np.zeros(game.num_distinct_actions(), dtype=np.int8)
    if seat is not None:  # the move limit stopped the game: an action the game itself would take
        state.encoding.mask_state_into(current, seat, mask)
    for action in (int(np.argmax(mask)), 0):
        with pytest.raises(InvalidStateError, match=r"is over \(a terminal state\): no action applies"):
            state.apply_action(action)
    assert state.current == current and state.history() == history and state.returns() == returns
    assert (seat is None) == (name == "python_eighthalf")


@pytest.mark.parametrize("name", ["python_eighthalf", "python_eights"])
def test_chance_outcomes_after_the_deal_is_one_clear_error_S3(name: str) -> None:
    """``chance_outcomes`` of a state that is no chance node (the deal is over) is the
    library's error that says so, not a bare AssertionError."""
    game = pyspiel.load_game(name, {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(InvalidStateError, match="not a chance node: the deal is over"):
        state.chance_outcomes()


def test_spiel_bot_refuses_a_table_of_other_players_and_no_simulations_S2() -> None:
    """A SpielBot made for a game of 4 players, given the view of a round of 2, says so
    (its search would be of the wrong game, and it used to answer a move all the same);
    ``simulations`` below 1 is refused when the bot is made, not by a bare AssertionError
    inside OpenSpiel at its first decision."""
    game = pyspiel.load_game("python_eighthalf", {"players": 4})
    bot = adapter.SpielBot.ismcts(game, simulations=5)
    for players in (2, 5):
        state = new_game(players, seed=0)
        while len(legal_moves(state)) < 2:
            state = apply(state, legal_moves(state)[0])  # the forced moves: the bot answers them unasked
        with pytest.raises(InvalidStateError, match=f"a game of 4 players, not this round of {players}"):
            bot.choose(view(state, state.to_move), random.Random(1))
    for simulations in (0, -1, 2.5, True):
        with pytest.raises(InvalidStateError, match="simulations must be an int from 1"):
            adapter.SpielBot.ismcts(game, simulations=simulations)  # type: ignore[arg-type]
