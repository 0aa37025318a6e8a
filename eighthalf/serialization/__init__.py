"""8½'s JSON documents: the public names of ``eighthalf.games.eighthalf.serialization``.

>>> from eighthalf import new_game
>>> from eighthalf.serialization import dumps, loads
>>> state = new_game(2, seed=1)
>>> loads(dumps(state)) == state
True
"""

from eighthalf.games.eighthalf.serialization import *  # noqa: F403 (the names of its __all__)
from eighthalf.games.eighthalf.serialization import __all__ as __all__
