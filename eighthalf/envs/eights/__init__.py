"""Eights in the standard environments: PettingZoo, Gymnasium and OpenSpiel (optional extras).

The mirror of :mod:`eighthalf.envs` for Eights, on the same adapters (written once for
both games) with Eights' encoding. Its modules:

- :mod:`eighthalf.games.eights.encoding`: the hand-slot action space, its mask and the
  observation vectors (numpy);
- :mod:`eighthalf.envs.eights.pettingzoo`: the AEC environment, ``env`` and ``raw_env`` (``rl``);
- :mod:`eighthalf.envs.eights.gym`: ``SeatEnv``, one seat against Eights' bots (``rl``);
- :mod:`eighthalf.envs.eights.openspiel`: the OpenSpiel game ``python_eights``, registered
  on import (``openspiel``).

Its names (``ACTIONS``, ``NUM_ACTIONS``, ``action_mask``, ``action_to_move``,
``encode_view``, ``move_to_action``, ``SeatEnv``, ``env``, ``raw_env``) are imported on
first use, as :mod:`eighthalf.envs` does: ``SeatEnv``, ``env`` and ``raw_env`` need the
``rl`` extra (an ``ImportError`` that names it otherwise). With Gymnasium installed,
importing this package registers ``eighthalf/EightsSeat-v0`` (Eights' ``SeatEnv``), so
``gymnasium.make("eighthalf/EightsSeat-v0", players=4)`` works after ``import eighthalf.envs.eights``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eighthalf.envs.extras import GAME_MODULE_OF, lazy_names, register_with_gymnasium

if TYPE_CHECKING:
    from eighthalf.envs.eights.gym import SeatEnv
    from eighthalf.envs.eights.pettingzoo import env, raw_env

__all__ = [
    "ACTIONS",
    "NUM_ACTIONS",
    "SeatEnv",
    "action_mask",
    "action_to_move",
    "encode_view",
    "env",
    "move_to_action",
    "raw_env",
]

register_with_gymnasium("eighthalf/EightsSeat-v0", "eighthalf.envs.eights.gym:SeatEnv")  # ENV_ID of .gym

__getattr__, __dir__ = lazy_names(__name__, GAME_MODULE_OF, globals())  # the names of every game's package
