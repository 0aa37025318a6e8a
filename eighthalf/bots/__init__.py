"""8½'s bots: the public names of ``eighthalf.games.eighthalf.bots``.

Each class and function gives ``eighthalf.bots`` as its ``__module__``, so specs such as
``"eighthalf.bots:GreedyBot"``, pickles and ``repr`` name it here.

>>> from eighthalf.bots import BOTS
>>> sorted(BOTS)
['greedy', 'ismcts', 'random', 'search']
"""

from eighthalf.games.eighthalf.bots import (
    BOTS,
    Belief,
    Bot,
    Exchanger,
    GreedyBot,
    ISMCTSBot,
    Observer,
    RandomBot,
    SearchBot,
    Weights,
    choose_exchange,
    exchange_choice,
    greedy_choice,
    make_bot,
    observes,
    paired_choice,
    tell,
    tell_match,
)

__all__ = [
    "BOTS",
    "Belief",
    "Bot",
    "Exchanger",
    "GreedyBot",
    "ISMCTSBot",
    "Observer",
    "RandomBot",
    "SearchBot",
    "Weights",
    "choose_exchange",
    "exchange_choice",
    "greedy_choice",
    "make_bot",
    "observes",
    "paired_choice",
    "tell",
    "tell_match",
]
