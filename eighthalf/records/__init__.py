"""8½'s game records, like PGN for chess: the public names of ``eighthalf.games.eighthalf.records``.

>>> from eighthalf.records import Record, dumps, loads
>>> record = Record(players=3, seed=1)
>>> loads(dumps(record)) == record
True
"""

from eighthalf.games.eighthalf.records import *  # noqa: F403 (the names of its __all__)
from eighthalf.games.eighthalf.records import __all__ as __all__
