"""Eights as an OpenSpiel Python game (optional extra ``openspiel``).

Importing this module registers the game ``python_eights`` with pyspiel: the game derived
for every game with an encoding (:func:`eighthalf.envs.spiel.spiel_game_for`, a
:class:`~eighthalf.envs.spiel.SeedSpielGame`) with Eights' encoding.

>>> import pyspiel
>>> import eighthalf.envs.eights.openspiel
>>> game = pyspiel.load_game("python_eights", {"players": 3, "target": 20})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes(), game.rules.target
(3, 3434, 65536, 20)

One game is one game of Eights (WG1–WG3). Parameters: ``players`` (2–6, default 4),
``move_limit`` (the most moves, default 10,000: a game that reaches it ends with no
winner and no reward), and the table options of :class:`~eighthalf.eights.Rules`:
``target`` and ``turn_limit`` (WR2; 0, the default, for the rule book's: WG1's target,
no turn limit) and ``may_pass_freely`` (WR1, default false; see
:meth:`~eighthalf.games.eights.encoding.EightsEncoding.spiel_rules`).

- **Chance.** One chance node: the game's seed, uniform over 0 to 65,535 (``seed`` s
  deals as :func:`eighthalf.eights.new_game` with ``seed=s`` does). Every shuffle of the
  game comes from it (WS5), and it is secret from every player (WI4).
- **Actions** are the 3,434 hand-slot actions of
  :data:`~eighthalf.games.eights.encoding.ACTIONS`, one per legal move, in ascending order.
- **Returns** are 1 for each winner and 0 for the others (WG3), at the end.
- **Observations** and the **information state** are those of :mod:`eighthalf.envs.spiel`
  (the information-state tensor adds, for every seat, how often it spelled each word,
  how often it passed and how many cards it exchanged).
"""

from __future__ import annotations

from typing import Final

from eighthalf.envs.spiel import SEEDS, SeedSpielGame, SeedSpielState, spiel_game_for

__all__ = ["GAME_TYPE", "SEEDS", "EightsSpielGame", "EightsSpielState"]

EightsSpielGame: Final = spiel_game_for("eights")
"""The OpenSpiel game of Eights (see the module's description), a :class:`~eighthalf.envs.spiel.SeedSpielGame`.

Raises:
    InvalidStateError: If ``params`` is not a dict of the parameters above, or one is out
        of range (``players`` WS2, ``target`` and ``turn_limit`` WR2, ``move_limit`` an int
        from 1), or ``may_pass_freely`` is not a bool (WR1).
"""
assert issubclass(EightsSpielGame, SeedSpielGame)

EightsSpielState: Final = SeedSpielState
"""A state of :data:`EightsSpielGame`: the chance node of the seed, then the game as a
:class:`~eighthalf.eights.GameState` (``current``)."""

GAME_TYPE: Final = EightsSpielGame.game_type
"""The game's type, as registered with pyspiel."""

# SEEDS: the chance outcomes of the deal, seeds 0 to 65,535 (eighthalf.envs.spiel.SEEDS).
