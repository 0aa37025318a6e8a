"""Eights (Eric Pederson, 1999), the word-spelling card game: the public names of its folder.

The game lives in :mod:`eighthalf.games.eights`; this module is where to import it from.

>>> from eighthalf.eights import new_game, legal_moves, apply
>>> state = new_game(3, seed=1)
>>> state = apply(state, legal_moves(state)[0])
>>> state.hand.players
3
"""

from eighthalf.games.eights import *  # noqa: F403 (the names of its __all__)
from eighthalf.games.eights import __all__ as __all__

# The modules users imported from eighthalf.eights before the games had folders.
from eighthalf.games.eights import bots as bots
from eighthalf.games.eights import records as records
from eighthalf.games.eights import serialization as serialization
