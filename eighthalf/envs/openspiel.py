"""8½ as an OpenSpiel Python game (optional extra ``openspiel``).

Importing this module registers the game ``python_eighthalf`` with pyspiel:

>>> import pyspiel
>>> import eighthalf.envs.openspiel
>>> game = pyspiel.load_game("python_eighthalf", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 89, 12)

One game is one round. Parameters: ``players`` (2–5, default 4), ``move_limit`` (the
move limit of E7, default 1000; a round that reaches it ends without a winner and
nobody scores), and the table options ``lock_next_only`` (P7),
``halves_stop_at_8_half`` (P3) and ``single_opening`` (S5) of :class:`~eighthalf.Rules`
(booleans, default false: the rule book's rulings). ``open_runs`` (T3) is not offered:
several open cards in one play have no action (see
:func:`~eighthalf.games.eighthalf.encoding.table_rules`).

>>> game = pyspiel.load_game("python_eighthalf", {"players": 4, "single_opening": True})
>>> game.rules.single_opening, game.rules.lock_next_only
(True, False)

- **Chance.** The deal is 72 explicit chance nodes: each deals the next card of the
  shuffled deck (top first), an outcome per rank (0–11) with the probability of drawing
  that rank from the cards left. The 72 cards then go out as :func:`~eighthalf.new_game`
  deals them (S3, S4, dealer seat n−1, S7). Nothing else is random.
- **Actions** are the 89 of :data:`~eighthalf.games.eighthalf.encoding.ACTIONS`; the legal ones
  come in ascending order, as OpenSpiel asks.
- **Returns** are the round's points (E6) at the end, 0 before (a general-sum game with
  utilities from 0 to 3).
- **Observations** (``observation_tensor``/``observation_string``) are the player's view
  (:func:`~eighthalf.games.eighthalf.encoding.encode_view`, and the view as text). The public
  observation (``private_info`` none) leaves the player's own hand out. The
  **information state** adds what the player remembers: its string lists every move
  made so far, with the player's own hand at each of its moves (perfect recall); its
  tensor adds, for every seat in turn order from the player, how often it made each
  of the 89 actions (a fixed-size summary, so not perfect recall).
- ``resample_from_infostate`` deals the cards the player cannot see at random into a
  state it cannot tell from the real one (:func:`~eighthalf.sample_state`), which is
  what OpenSpiel's IS-MCTS bot needs.

The game is 8½'s own, kept in its folder (:mod:`eighthalf.games.eighthalf.spiel`): its
encoding names it (:attr:`~eighthalf.envs.base.Encoding.spiel_game`), and this module
binds :func:`~eighthalf.envs.spiel.spiel_game_for` to the key ``"eighthalf"``. It names
no game module itself.
"""

from __future__ import annotations

import sys
from typing import Final

try:
    import pyspiel
except ModuleNotFoundError as missing:  # the 'openspiel' extra is not installed
    from eighthalf.envs.extras import extra_missing

    raise extra_missing(missing, "openspiel", "eighthalf.envs.openspiel") from None

from eighthalf.envs.spiel import SpielBot, SpielGame, SpielObserver, SpielState, spiel_game_for

__all__ = ["DEFAULT_MOVE_LIMIT", "GAME_TYPE", "EighthalfGame", "EighthalfObserver", "EighthalfState", "SpielBot"]

EighthalfGame: Final[type[SpielGame]] = spiel_game_for("eighthalf")
"""The OpenSpiel game of one round of 8½ (see the module's description): the game's own,
which its encoding names (:attr:`~eighthalf.envs.base.Encoding.spiel_game`); its parameters
and errors are those of :class:`eighthalf.games.eighthalf.spiel.EighthalfGame`."""

_OWN: Final = sys.modules[EighthalfGame.__module__]  # the game's own module, loaded through its entry

EighthalfState: Final[type[SpielState]] = _OWN.EighthalfState
"""A state of :data:`EighthalfGame`: the deal so far (``deck``), then the round as a
:class:`~eighthalf.GameState` (``round``, also ``current``)."""

EighthalfObserver: Final[type[SpielObserver]] = _OWN.EighthalfObserver
"""The observer of :data:`EighthalfGame`: :class:`~eighthalf.envs.spiel.SpielObserver` with 8½'s encoding."""

GAME_TYPE: Final[pyspiel.GameType] = _OWN.GAME_TYPE
"""The game's type, as registered with pyspiel."""

DEFAULT_MOVE_LIMIT: Final[int] = GAME_TYPE.parameter_specification["move_limit"]
"""The default ``move_limit`` parameter (E7): 1000."""
