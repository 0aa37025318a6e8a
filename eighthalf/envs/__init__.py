"""Standard environments for agents: PettingZoo, Gymnasium and OpenSpiel (optional extras).

This sub-package needs numpy and the frameworks, which the rest of eighthalf does not:
the extra ``rl`` installs numpy, PettingZoo and Gymnasium, the extra ``openspiel`` numpy
and OpenSpiel, and each works without the other (``pip install ".[rl]"`` in a checkout;
see :doc:`/ai`). Without numpy, importing this package raises an ``ImportError`` that names
the extras. Its modules:

- :mod:`eighthalf.games.eighthalf.encoding`: the fixed action space and the observation vectors (numpy);
- :mod:`eighthalf.envs.pettingzoo`: the AEC environment,
  :func:`~eighthalf.envs.pettingzoo.env` and :class:`~eighthalf.envs.pettingzoo.raw_env` (``rl``);
- :mod:`eighthalf.envs.gym`: :class:`~eighthalf.envs.gym.SeatEnv`, one seat against built-in bots (``rl``);
- :mod:`eighthalf.envs.openspiel`: the OpenSpiel game ``python_eighthalf``, registered on import
  (``openspiel``).

Every registered game with an encoding (:attr:`eighthalf.registry.GameEntry.encoding`)
has the same three, derived and found by the game's name or key:
:func:`~eighthalf.envs.aec.env_for` and :class:`~eighthalf.envs.aec.GameAEC` (PettingZoo),
:class:`~eighthalf.envs.seat.GameSeatEnv` and its Gymnasium id
:func:`~eighthalf.envs.seat.seat_env_id` (Gymnasium), and
:func:`~eighthalf.envs.spiel.spiel_game_for`, which registers ``python_<key>`` (OpenSpiel);
:func:`~eighthalf.envs.base.encoding_for` gives the encoding itself.

The names of this package (``ACTIONS``, ``NUM_ACTIONS``, ``action_mask``, ``action_to_move``,
``encode_view``, ``move_to_action``, ``SeatEnv``, ``env``, ``raw_env``) are those of its modules,
imported on first use: ``from eighthalf.envs import action_to_move`` needs numpy only, and
``SeatEnv``, ``env`` and ``raw_env`` need the ``rl`` extra (an ``ImportError`` that names it
otherwise). So do the derived ones (``encoding_for`` needs numpy only, ``GameAEC``,
``env_for``, ``GameSeatEnv`` and ``seat_env_id`` the ``rl`` extra, ``spiel_game_for`` the
``openspiel`` extra).

With Gymnasium installed, importing this package registers ``eighthalf/Seat-v0`` (8½'s
:class:`~eighthalf.envs.gym.SeatEnv`), so ``gymnasium.make("eighthalf/Seat-v0", players=4)``
works after ``import eighthalf.envs``; importing :mod:`eighthalf.envs.eights` registers
``eighthalf/EightsSeat-v0`` (``register_with_gymnasium``).
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from eighthalf.envs.aec import GameAEC, env_for
    from eighthalf.envs.base import encoding_for
    from eighthalf.envs.gym import SeatEnv
    from eighthalf.envs.pettingzoo import env, raw_env
    from eighthalf.envs.seat import GameSeatEnv, seat_env_id
    from eighthalf.envs.spiel import spiel_game_for

from eighthalf.envs.extras import (
    GAME_MODULE_OF,
    install_hint,
    lazy_names,
    load_lazily,
    register_with_gymnasium,
)
from eighthalf.envs.extras import (
    extra_missing as extra_missing,
)

__all__ = [
    "ACTIONS",
    "GAME_MODULE_OF",
    "NUM_ACTIONS",
    "GameAEC",
    "GameSeatEnv",
    "SeatEnv",
    "action_mask",
    "action_to_move",
    "encode_view",
    "encoding_for",
    "env",
    "env_for",
    "lazy_names",
    "load_lazily",
    "move_to_action",
    "raw_env",
    "register_with_gymnasium",
    "seat_env_id",
    "spiel_game_for",
]

_MODULE_OF = {
    **GAME_MODULE_OF,
    "encoding_for": "base",
    "GameAEC": "aec",
    "env_for": "aec",
    "GameSeatEnv": "seat",
    "seat_env_id": "seat",
    "spiel_game_for": "spiel",
}
"""The module of this package that holds each of its names."""

if importlib.util.find_spec("numpy") is None:
    raise ModuleNotFoundError(
        "eighthalf.envs needs numpy, which the core of eighthalf does not install: install the extra"
        f' "rl" (PettingZoo and Gymnasium) or "openspiel" (OpenSpiel): {install_hint("rl")}',
        name="numpy",
    )


register_with_gymnasium("eighthalf/Seat-v0", "eighthalf.envs.gym:SeatEnv")  # ENV_ID of eighthalf.envs.gym

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, globals())
