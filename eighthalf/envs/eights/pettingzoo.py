"""Eights as a PettingZoo AEC environment (optional extra ``rl``).

One episode is one game (WG1–WG3): :class:`eighthalf.envs.aec.GameAEC` with Eights'
encoding (:data:`~eighthalf.envs.eights.encoding.EIGHTS_ENCODING`). The observation is a
dict of ``"observation"`` (the agent's view as
:func:`~eighthalf.envs.eights.encoding.encode_view`'s vector) and ``"action_mask"`` (one
1 per legal move among the 3,434 hand-slot actions of
:data:`~eighthalf.envs.eights.encoding.ACTIONS`). When the game ends, each winner gets
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

from typing import Any, ClassVar

from ...eights.options import Rules
from ...eights.state import GameState
from ..aec import GameAEC, wrap
from .encoding import DEFAULT_MOVE_LIMIT, EIGHTS_ENCODING

__all__ = ["env", "raw_env"]


def env(
    players: int = 4,
    *,
    render_mode: str | None = None,
    move_limit: int | None = DEFAULT_MOVE_LIMIT,
    rules: Rules | None = None,
) -> Any:
    """The AEC environment wrapped as PettingZoo's own games are (order and bounds checks).

    Args:
        players: Seats at the table (2–6, WS2).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        move_limit: The most moves of a game (it then ends with no winner), or ``None``.
        rules: The table's :class:`~eighthalf.eights.Rules` (WR1, WR2), instead of the rule book's.

    Raises:
        InvalidStateError: If ``players`` or ``move_limit`` is out of range, ``rules``
            is not an :class:`~eighthalf.eights.Rules`, or ``render_mode`` is not one of the above.
    """
    return wrap(raw_env(players, render_mode=render_mode, move_limit=move_limit, rules=rules))


class raw_env(GameAEC):
    """The unwrapped AEC environment of one game of Eights (see the module's description).

    Args:
        players: Seats at the table (2–6, WS2).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        move_limit: The most moves of a game (it then ends with no winner), or ``None``.
        rules: The table's :class:`~eighthalf.eights.Rules` (WR1, WR2), instead of the rule book's.

    Raises:
        InvalidStateError: If ``players`` or ``move_limit`` is out of range, ``rules``
            is not an :class:`~eighthalf.eights.Rules`, or ``render_mode`` is not one of the above.
    """

    metadata: ClassVar[dict[str, Any]] = {**GameAEC.metadata, "name": EIGHTS_ENCODING.env_name}

    state_: GameState | None  # the game, once reset() dealt it

    def __init__(
        self,
        players: int = 4,
        *,
        render_mode: str | None = None,
        move_limit: int | None = DEFAULT_MOVE_LIMIT,
        rules: Rules | None = None,
    ) -> None:
        super().__init__(EIGHTS_ENCODING, players, render_mode=render_mode, move_limit=move_limit, rules=rules)
