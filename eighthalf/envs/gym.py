"""A Gymnasium environment: one seat of 8½ against built-in bots (optional extra ``rl``).

:class:`SeatEnv` is a single-agent :class:`gymnasium.Env`: the environment written once
for every game, :class:`eighthalf.envs.seat.GameSeatEnv`, with 8½'s encoding. One episode is one round;
the agent plays seat ``seat`` and bots chosen by the user play the others (they move
between the agent's steps). Observations are the agent's view as
:func:`~eighthalf.games.eighthalf.encoding.encode_view`'s vector; actions are the 89 of
:data:`~eighthalf.games.eighthalf.encoding.ACTIONS`, and ``info["action_mask"]`` marks the legal
ones. The reward is the agent's points when the round ends (E6), 0 before; a round won
*terminates*, a round stopped by the move limit (E7) is *truncated*.

>>> from eighthalf.envs import SeatEnv
>>> table = SeatEnv(players=4, opponents=("greedy",))
>>> observation, info = table.reset(seed=3)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = table.step(action)
...     done = terminated or truncated
>>> reward in (0.0, 1.0, 2.0, 3.0)
True
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium
except ModuleNotFoundError as missing:  # the 'rl' extra is not installed
    from eighthalf.envs.extras import extra_missing

    raise extra_missing(missing, "rl", "eighthalf.envs.gym") from None

from eighthalf.envs.seat import GameSeatEnv

__all__ = ["ENV_ID", "SeatEnv"]

ENV_ID = "eighthalf/Seat-v0"
"""The id under which :class:`SeatEnv` is registered with Gymnasium: ``gymnasium.make(ENV_ID, players=4)``."""


class SeatEnv(GameSeatEnv[Any, Any]):
    """One seat of a round of 8½ against bots, as a Gymnasium environment.

    An action outside the mask ends the episode with ``illegal_reward`` by default
    (``illegal="end"``, the round left as it was), or raises
    :class:`~eighthalf.IllegalMoveError` with ``illegal="raise"``; see
    :class:`~eighthalf.envs.seat.GameSeatEnv`.

    Args:
        players: Seats at the table (2–5, S2; by default 4).
        game: Another registered game to play instead (see :class:`~eighthalf.envs.seat.GameSeatEnv`).
        seat: The agent's seat.
        opponents: Bots for the other seats, in seat order, repeated to fill the table:
            names from :data:`eighthalf.bots.BOTS` or functions that make a bot. Fresh
            bots are made for every episode.
        move_limit: The move limit of E7, or ``None`` for none.
        illegal: ``"end"`` or ``"raise"``, for an action outside the mask.
        illegal_reward: The reward of an illegal action under ``illegal="end"``.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        rules: The table's :class:`~eighthalf.Rules` (its options and move limit), instead
            of the default rules with ``move_limit`` (see
            :func:`~eighthalf.games.eighthalf.encoding.table_rules`).

    Every setting is checked here, and a wrong one is an
    :class:`~eighthalf.InvalidStateError` (a :class:`ValueError`) with a short message:

    >>> SeatEnv(opponents=5)
    Traceback (most recent call last):
    ...
    eighthalf.errors.InvalidStateError: opponents must be a sequence of bot names or functions that make a bot, not 5

    Raises:
        InvalidStateError: If ``players`` or ``move_limit`` is out of range, ``rules``
            is not a :class:`~eighthalf.Rules` or turns on ``open_runs`` (T3), ``seat``
            is not a seat of the table, ``opponents`` is not a non-empty sequence of
            bot names and functions, a bot name is unknown, ``illegal`` or
            ``render_mode`` is not one of the above, ``illegal_reward`` is not a real
            number, or ``move_limit`` disagrees with ``rules``.
    """

    default_game = "eighthalf"


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="eighthalf.envs.gym:SeatEnv")
