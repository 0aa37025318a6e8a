"""Standard environments for agents: PettingZoo, Gymnasium and OpenSpiel (optional extras).

This sub-package needs numpy and the frameworks (``pip install "eighthalf[rl]"``, and
``"eighthalf[openspiel]"`` for OpenSpiel); the rest of eighthalf does not. Its modules:

- :mod:`eighthalf.envs.encoding`: the fixed action space and the observation vectors;
- :mod:`eighthalf.envs.pettingzoo`: the AEC environment,
  :func:`~eighthalf.envs.pettingzoo.env` and :class:`~eighthalf.envs.pettingzoo.raw_env`;
- :mod:`eighthalf.envs.gym`: :class:`~eighthalf.envs.gym.SeatEnv`, one seat against built-in bots;
- :mod:`eighthalf.envs.openspiel`: the OpenSpiel game ``python_eighthalf``, registered on import.
"""

from __future__ import annotations

from .encoding import ACTIONS, NUM_ACTIONS, action_mask, action_to_move, encode_view, move_to_action
from .gym import SeatEnv
from .pettingzoo import env, raw_env

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
