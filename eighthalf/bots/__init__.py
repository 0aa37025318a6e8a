"""8½'s bots: the public names of ``eighthalf.games.eighthalf.bots``.

Each class and function gives ``eighthalf.bots`` as its ``__module__``, so specs such as
``"eighthalf.bots:GreedyBot"``, pickles and ``repr`` name it here.

>>> from eighthalf.bots import BOTS
>>> sorted(BOTS)
['greedy', 'ismcts', 'random', 'search']
"""

from eighthalf.games.eighthalf.bots import *  # noqa: F403 (the names of its __all__)
from eighthalf.games.eighthalf.bots import __all__ as __all__
