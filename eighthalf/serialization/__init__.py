"""8½'s JSON documents: the public names of ``eighthalf.games.eighthalf.serialization``.

>>> from eighthalf import new_game
>>> from eighthalf.serialization import dumps, loads
>>> state = new_game(2, seed=1)
>>> loads(dumps(state)) == state
True
"""

from eighthalf.games.eighthalf.serialization import (
    FORMAT,
    REGISTRY,
    VERSION,
    Document,
    dumps,
    from_data,
    loads,
    to_data,
)

__all__ = [
    "FORMAT",
    "REGISTRY",
    "VERSION",
    "Document",
    "dumps",
    "from_data",
    "loads",
    "to_data",
]
