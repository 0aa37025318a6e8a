"""Eights as a PettingZoo AEC environment (optional extra ``rl``).

One episode is one game (WG1–WG3): :class:`eighthalf.envs.aec.GameAEC` with Eights'
encoding (:data:`~eighthalf.games.eights.encoding.EIGHTS_ENCODING`). The observation is a
dict of ``"observation"`` (the agent's view as
:func:`~eighthalf.games.eights.encoding.encode_view`'s vector) and ``"action_mask"`` (one
1 per legal move among the 3,434 hand-slot actions of
:data:`~eighthalf.games.eights.encoding.ACTIONS`). When the game ends, each winner gets
reward 1 and the others 0 (WG3); a game stopped by the move limit is truncated, with
no reward.

>>> from eighthalf.envs.eights import env
>>> table = env(players=3)
>>> table.reset(seed=7)
>>> rewards = {}
>>> for agent in table.agent_iter():
...     observation, reward, termination, truncation, info = table.last()
...     rewards[agent] = reward
...     action = None if termination or truncation else int(observation["action_mask"].nonzero()[0][0])
...     table.step(action)
>>> sorted(rewards.values())
[0.0, 0.0, 1.0]
"""

from __future__ import annotations

from typing import Any

from eighthalf.envs.aec import GameAEC, wrapped

__all__ = ["env", "raw_env"]


class raw_env(GameAEC[Any]):
    """The unwrapped AEC environment of one game of Eights (see the module's description):
    :class:`~eighthalf.envs.aec.GameAEC` of the registered game ``eights``.

    Args:
        players: Seats at the table (2–6, WS2; by default 4).
        game: Another registered game to play instead (see :class:`~eighthalf.envs.aec.GameAEC`).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        move_limit: The most moves of a game (it then ends with no winner; by default
            10,000), or ``None``.
        rules: The table's :class:`~eighthalf.eights.Rules` (WR1, WR2), instead of the rule book's.

    Raises:
        InvalidStateError: If ``players`` or ``move_limit`` is out of range, ``rules``
            is not an :class:`~eighthalf.eights.Rules`, or ``render_mode`` is not one of the above.
    """

    default_game = "eights"


env = wrapped(raw_env)
