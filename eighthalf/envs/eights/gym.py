"""A Gymnasium environment: one seat of Eights against Eights' bots (optional extra ``rl``).

:class:`SeatEnv` is :class:`eighthalf.envs.seat.GameSeatEnv` with Eights' encoding. One
episode is one game (WG1–WG3); the bots (names of :data:`eighthalf.games.eights.bots.BOTS`, or
functions that make a bot) play the other seats. The reward is 1 if the agent wins (a
tie for the highest total included, WG3), 0 otherwise, when the game ends; a game
stopped by the move limit is truncated.

>>> from eighthalf.envs.eights import SeatEnv
>>> table = SeatEnv(players=3, opponents=("greedy",))
>>> observation, info = table.reset(seed=3)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = table.step(action)
...     done = terminated or truncated
>>> reward in (0.0, 1.0), terminated
(True, True)
"""

from __future__ import annotations

from typing import Any

from eighthalf.envs.seat import GameSeatEnv, seat_env_id

__all__ = ["ENV_ID", "SeatEnv"]

ENV_ID = seat_env_id("eights", "eighthalf.envs.eights.gym:SeatEnv")
"""The id under which Eights' seat environment is registered with Gymnasium,
``"eighthalf/EightsSeat-v0"`` (:func:`~eighthalf.envs.seat.seat_env_id`):
``gymnasium.make(ENV_ID, players=4)``."""


class SeatEnv(GameSeatEnv[Any, Any]):
    """One seat of a game of Eights against bots, as a Gymnasium environment.

    An action outside the mask ends the episode with ``illegal_reward`` by default
    (``illegal="end"``), or raises :class:`~eighthalf.IllegalMoveError` with
    ``illegal="raise"``; see :class:`~eighthalf.envs.seat.GameSeatEnv`.

    Args:
        players: Seats at the table (2–6, WS2; by default 4).
        game: Another registered game to play instead (see :class:`~eighthalf.envs.seat.GameSeatEnv`).
        seat: The agent's seat.
        opponents: Bots for the other seats, in seat order, repeated to fill the table
            (by default the greedy bot).
        move_limit: The most moves of a game (it then ends with no winner), or ``None``.
        illegal: ``"end"`` or ``"raise"``, for an action outside the mask.
        illegal_reward: The reward of an illegal action under ``illegal="end"``.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        rules: The table's :class:`~eighthalf.eights.Rules` (WR1, WR2), instead of the rule book's.

    Raises:
        InvalidStateError: If a setting is out of range or of the wrong type (as
            :class:`~eighthalf.envs.seat.GameSeatEnv` says).
    """

    default_game = "eights"
