"""The environments derived from a registered game's encoding (eighthalf.envs: encoding_for,
env_for, GameAEC, GameSeatEnv, seat_env_id, spiel_game_for, GameBatch): every registered game
with an encoding gets them by name, with the encoding's defaults, and the errors are typed."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np

from eighthalf.envs import GAME_MODULE_OF, GameAEC, GameSeatEnv, encoding_for, env_for, seat_env_id
from eighthalf.envs import raw_env as eighthalf_raw_env
from eighthalf.envs.base import DEFAULT, Encoding, layout, move_limit_of
from eighthalf.envs.batch import EightsBatch, GameBatch, RoundBatch
from eighthalf.envs.eights import raw_env as eights_raw_env
from eighthalf.envs.eights.gym import ENV_ID, SeatEnv
from eighthalf.envs.seat import register_seat_envs
from eighthalf.errors import EighthalfError, InvalidStateError
from eighthalf.games.eighthalf.encoding import EIGHTHALF_ENCODING
from eighthalf.games.eights.encoding import EIGHTS_ENCODING
from eighthalf.registry import RegistryError, find, games

WITH_ENCODING = [entry.key for entry in games() if entry.encoding is not None]


def test_every_registered_game_with_an_encoding_is_found_by_name_key_or_alias() -> None:
    assert WITH_ENCODING[:2] == ["eighthalf", "eights"]
    assert encoding_for("8½") is encoding_for("8.5") is encoding_for("eighthalf") is EIGHTHALF_ENCODING
    assert encoding_for("Eights") is EIGHTS_ENCODING and encoding_for(EIGHTS_ENCODING) is EIGHTS_ENCODING
    for key in WITH_ENCODING:
        assert isinstance(encoding_for(key), Encoding)


def test_a_game_that_is_not_registered_or_has_no_encoding_is_a_clear_error() -> None:
    with pytest.raises(EighthalfError, match="no game 'chess' is registered"):
        env_for("chess")
    with pytest.raises(InvalidStateError, match="give the game"):
        GameAEC(3)
    with pytest.raises(InvalidStateError, match="give the game"):
        GameSeatEnv(3)
    with pytest.raises(InvalidStateError, match="give the game"):
        GameBatch(2, 3)
    from eighthalf import registry

    no_encoding = registry.find("eights")
    import attrs

    with pytest.raises(RegistryError, match="declares no environment encoding"):
        encoding_for(attrs.evolve(no_encoding, encoding=None))
    with pytest.raises(RegistryError, match=r"not an eighthalf\.envs\.base\.Encoding"):
        encoding_for(attrs.evolve(no_encoding, encoding="eighthalf.games.eights.game:EIGHTS"))


@pytest.mark.parametrize("key", WITH_ENCODING)
def test_the_derived_environments_take_the_encoding_s_defaults(key: str) -> None:
    encoding = encoding_for(key)
    table = env_for(key)
    assert table.unwrapped.metadata["name"] == encoding.env_name
    assert len(table.possible_agents) == encoding.default_players
    single: GameSeatEnv[Any, Any] = GameSeatEnv(game=key)
    assert single.players == encoding.default_players and single.action_space == gymnasium.spaces.Discrete(
        encoding.num_actions
    )
    observation, info = single.reset(seed=1)
    assert observation.shape == (encoding.observation_size(encoding.default_players),)
    assert info["action_mask"].sum() == len(info["legal_moves"])
    batch = GameBatch(3, game=key)
    first = batch.reset(seed=4)
    assert first.masks.shape == (3, encoding.num_actions)
    assert batch.move_limit == GameAEC(game=key).move_limit
    assert move_limit_of(encoding, DEFAULT) == encoding.default_move_limit and move_limit_of(encoding, 7) == 7


def test_a_game_s_own_classes_are_the_derived_ones_with_a_default_game() -> None:
    """8½'s and Eights' classes play the same games as the derived ones: same seeds, same observations."""
    for own, key in ((eights_raw_env(3), "eights"), (eighthalf_raw_env(3), "eighthalf")):
        derived: GameAEC[Any] = GameAEC(3, game=key)
        own.reset(seed=9)
        derived.reset(seed=9)
        for agent in own.possible_agents:
            assert np.array_equal(own.observe(agent)["observation"], derived.observe(agent)["observation"])
    for batch, key in ((RoundBatch(2, 3), "eighthalf"), (EightsBatch(2, 3), "eights")):
        other = GameBatch(2, 3, game=key)
        assert np.array_equal(batch.reset(seed=5).observations, other.reset(seed=5).observations)


def test_gymnasium_ids_are_registered_for_every_game() -> None:
    ids = register_seat_envs()
    assert ids[:2] == ["eighthalf/EighthalfSeat-v0", "eighthalf/EightsSeat-v0"]
    assert seat_env_id("Eights") == "eighthalf/EightsSeat-v0"
    made: Any = gymnasium.make(ids[0], players=3, opponents=("random",)).unwrapped
    assert made.encoding is EIGHTHALF_ENCODING and made.players == 3


def test_openspiel_games_are_registered_for_every_game() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from eighthalf.envs.spiel import SeedSpielGame, register_spiel_games, spiel_game_for

    names = register_spiel_games()
    assert names[:2] == ["python_eighthalf", "python_eights"]
    registered = set(pyspiel.registered_names())
    assert set(names) <= registered
    assert not issubclass(spiel_game_for("8½"), SeedSpielGame)  # 8½ deals card by card: its own game
    assert spiel_game_for("eights") is spiel_game_for("eights")  # made once
    game = pyspiel.load_game("python_eights", {"players": 2})
    state = game.new_initial_state()
    with pytest.raises(EighthalfError, match="a chance outcome is a seed from 0 to 65535"):
        state.apply_action(2**16)


def test_observation_layout_is_laid_end_to_end() -> None:
    assert layout([]) == []
    blocks = [("a", 2), ("b", 0), ("c", 5)]
    assert layout(blocks) == [("a", 0, 2), ("b", 2, 0), ("c", 2, 5)]


def test_eights_registered_id_makes_its_own_seat_class() -> None:
    """``eighthalf/EightsSeat-v0`` makes Eights' ``SeatEnv``, as before the environments were derived."""
    made = gymnasium.make(ENV_ID, players=3)
    try:
        assert type(made.unwrapped) is SeatEnv
    finally:
        made.close()


def test_each_game_s_package_of_environments_offers_the_same_names_from_the_same_modules() -> None:
    packages = {package: importlib.import_module(package) for package in ("eighthalf.envs", "eighthalf.envs.eights")}
    assert (
        set(packages["eighthalf.envs.eights"].__all__) == set(GAME_MODULE_OF) < set(packages["eighthalf.envs"].__all__)
    )
    for package, loaded in packages.items():
        game = find(package.removeprefix("eighthalf.envs").lstrip(".") or "eighthalf")
        assert game.encoding is not None
        for name, module in GAME_MODULE_OF.items():
            # the encoding's names come from the game's own folder, as its registry entry declares
            path = game.encoding.partition(":")[0] if module == "encoding" else f"{package}.{module}"
            held = getattr(importlib.import_module(path), name)
            assert getattr(loaded, name) is held, (package, name)


def test_a_derived_openspiel_game_pickles_and_loads_in_a_fresh_process() -> None:
    """``python_eights`` (a class made by ``spiel_game_for``) pickles as ``python_eighthalf``
    does, for a process pool: unpickled here and in a fresh interpreter that imported
    nothing of eighthalf before, it is the same game with the same parameters."""
    pyspiel = pytest.importorskip("pyspiel")
    importlib.import_module("eighthalf.envs.eights.openspiel")
    game = pyspiel.load_game("python_eights", {"players": 3, "target": 20})
    copy = pickle.loads(pickle.dumps(game))
    assert type(copy) is type(game) and copy.get_parameters() == game.get_parameters()
    assert copy.new_initial_state().is_chance_node()
    script = "import pickle, sys; game = pickle.loads(sys.stdin.buffer.read()); print(game, game.num_players())"
    done = subprocess.run(
        [sys.executable, "-c", script], input=pickle.dumps(game), capture_output=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr.decode()
    expected = "python_eights(may_pass_freely=False,move_limit=10000,players=3,target=20,turn_limit=0) 3"
    assert done.stdout.decode().strip() == expected


def test_the_spiel_bot_is_written_once_and_plays_eights() -> None:
    """:class:`~eighthalf.envs.spiel.SpielBot` plays any game with an encoding: Eights' IS-MCTS
    bot picks a legal move, the same one for the same rng, and refuses a table of other players."""
    pytest.importorskip("pyspiel")
    import random

    from eighthalf.envs.spiel import SpielBot, spiel_game_for
    from eighthalf.games.eights.game import EIGHTS

    bot = SpielBot.ismcts(spiel_game_for("eights")({"players": 3}), simulations=4)
    state = EIGHTS.start(3, seed=4)
    while len(EIGHTS.legal_moves(state)) < 2:
        state = EIGHTS.apply(state, EIGHTS.legal_moves(state)[0])
    seat = EIGHTS.to_move(state)
    assert seat is not None
    seen = EIGHTS.view(state, seat)
    chosen = bot.choose(seen, random.Random(3))
    assert chosen in EIGHTS.legal_moves(state) and bot.choose(seen, random.Random(3)) == chosen
    with pytest.raises(InvalidStateError, match="a game of 3 players, not this game of 4"):
        other = EIGHTS.start(4, seed=1)
        bot.choose(EIGHTS.view(other, EIGHTS.to_move(other)), random.Random(1))


def test_players_of_is_derived_from_the_observation_size() -> None:
    """The derived :meth:`~eighthalf.envs.base.Encoding.players_of` finds the table from the
    observation's length; 8½'s and Eights' read it from the view, and all agree."""
    from eighthalf.games.eighthalf.game import EIGHTHALF
    from eighthalf.games.eights.game import EIGHTS

    pairs: list[tuple[Encoding[Any, Any, Any, Any], Any]] = [(EIGHTHALF_ENCODING, EIGHTHALF), (EIGHTS_ENCODING, EIGHTS)]
    for encoding, game in pairs:
        for players in game.player_counts(game.default_rules):
            seen = game.view(game.start(players, seed=1), 0)
            assert encoding.players_of(seen) == Encoding.players_of(encoding, seen) == players


def test_no_module_of_the_environments_imports_a_game() -> None:
    """``eighthalf.envs`` reaches a game only through the registry: no import of ``eighthalf.games``
    (under ``TYPE_CHECKING`` and inside functions included), and no import cycle among its modules."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("eighthalf", include_external_packages=False)
    modules = {module for module in graph.modules if module == "eighthalf.envs" or module.startswith("eighthalf.envs.")}
    for module in sorted(modules):
        imported = graph.find_modules_directly_imported_by(module)
        assert not {name for name in imported if name.startswith("eighthalf.games")}, module
        for other in imported & modules:
            assert not graph.chain_exists(importer=other, imported=module), (module, other)
