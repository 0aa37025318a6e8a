"""8½ as a PettingZoo AEC environment (optional extra ``rl``).

One episode is one round. The environment is the one written once for every game,
:class:`eighthalf.envs.aec.GameAEC`, with 8½'s encoding
(:data:`~eighthalf.games.eighthalf.encoding.EIGHTHALF_ENCODING`). It follows PettingZoo's classic card games:

- ``observation_space(agent)`` is a :class:`gymnasium.spaces.Dict` with ``"observation"``
  (the agent's view as :func:`~eighthalf.games.eighthalf.encoding.encode_view`'s vector) and
  ``"action_mask"`` (1 for each legal action of :data:`~eighthalf.games.eighthalf.encoding.ACTIONS`,
  all 0 when it is not the agent's turn); ``action_space(agent)`` is ``Discrete(89)``.
- The rewards are the round's points (E6), given to every agent when the round ends
  (0 before). A round won ends in ``terminations``; a round stopped by the move limit
  (E7, nobody scores) in ``truncations``.
- ``reset(seed=...)`` seeds the deal; the same seed gives the same round.
- ``render()`` returns (``"ansi"``) or prints (``"human"``) a text picture of the table as
  a spectator sees it; without a render mode it returns ``None``.

An action outside the mask raises :class:`~eighthalf.IllegalMoveError` (a
``ValueError``) naming the move and the rule, and changes nothing; a step once the
round is over and every agent is done raises :class:`~eighthalf.InvalidStateError`
(the wrapped ``env`` warns instead: PettingZoo's order wrapper answers that step first).

>>> from eighthalf.envs import env
>>> table = env(players=3)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     observation, reward, termination, truncation, info = table.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = int(observation["action_mask"].nonzero()[0][0])
...     table.step(action)
>>> table.close()
"""

from __future__ import annotations

from typing import Any, Final

from eighthalf.envs.aec import GameAEC, wrapped
from eighthalf.envs.base import encoding_for

__all__ = ["DEFAULT_MOVE_LIMIT", "env", "raw_env"]

DEFAULT_MOVE_LIMIT: Final = encoding_for("eighthalf").default_move_limit
"""The environments' default ``move_limit`` (E7): 1000, 8½'s encoding's
(:data:`~eighthalf.games.eighthalf.encoding.DEFAULT_MOVE_LIMIT`)."""


class raw_env(GameAEC[Any]):
    """The unwrapped AEC environment of one round of 8½ (see the module's description):
    :class:`~eighthalf.envs.aec.GameAEC` of the registered game ``eighthalf``.

    Args:
        players: Seats at the table (2–5, S2; by default 4).
        game: Another registered game to play instead (see :class:`~eighthalf.envs.aec.GameAEC`).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        move_limit: The move limit of E7 (by default :data:`~eighthalf.games.eighthalf.encoding.DEFAULT_MOVE_LIMIT`), or ``None`` for none.
        rules: The table's :class:`~eighthalf.Rules` (its options and move limit), instead
            of the default rules with ``move_limit`` (see
            :func:`~eighthalf.games.eighthalf.encoding.table_rules`).

    Raises:
        InvalidStateError: If ``players`` or ``move_limit`` is out of range, ``rules``
            is not a :class:`~eighthalf.Rules` or turns on ``open_runs`` (T3),
            ``render_mode`` is not one of the above, or ``move_limit`` disagrees with
            ``rules``.
    """

    default_game = "eighthalf"


env = wrapped(raw_env)
