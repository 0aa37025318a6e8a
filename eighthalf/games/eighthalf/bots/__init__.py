"""Bots: players that choose a move from their own view only.

A bot never receives the full :class:`~eighthalf.GameState`, so it cannot cheat: it gets
the :class:`~eighthalf.games.eighthalf.views.PlayerView` of its seat and a :class:`random.Random` that the
caller owns, which makes every game reproducible.

>>> import random
>>> from eighthalf import new_game, apply
>>> from eighthalf.games.eighthalf.views import view
>>> bots = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
>>> state, rng = new_game(4, seed=7), random.Random(7)
>>> while not state.over:
...     seat = state.to_move
...     state = apply(state, bots[seat].choose(view(state, seat), rng))
>>> state.winner, state.points
(3, (0, 0, 0, 3))

The package is split along the bot protocol's seams: the protocols and the play loops'
helpers (``protocols``), the basic bots (``basic``), the search bots' belief
(``belief``) and their weighing of opponent models (``opponents``), the determinized search (``search``) and IS-MCTS (``ismcts``), the last
two on the search written once for both games (:mod:`eighthalf.players.search`). Import
every name from ``eighthalf.bots``: each class and function here gives it as its
``__module__``, so specs such as ``"eighthalf.bots:GreedyBot"``, pickles and ``repr``
name it there.
"""

from __future__ import annotations

from collections.abc import Callable

from eighthalf.games.eighthalf.bots.basic import GreedyBot, RandomBot, greedy_choice
from eighthalf.games.eighthalf.bots.belief import Belief
from eighthalf.games.eighthalf.bots.ismcts import ISMCTSBot
from eighthalf.games.eighthalf.bots.opponents import Weights
from eighthalf.games.eighthalf.bots.protocols import (
    Bot,
    Exchanger,
    Observer,
    choose_exchange,
    exchange_choice,
    tell,
    tell_match,
)
from eighthalf.games.eighthalf.bots.search import SearchBot
from eighthalf.players import players
from eighthalf.players.players import observes, paired_choice

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

for _public in (
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
    tell,
    tell_match,
):
    _public.__module__ = "eighthalf.bots"  # the public name (the facade); the submodule is where it lives


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
    "ismcts": ISMCTSBot,
}
"""The built-in bots by name."""


def make_bot(name: str) -> Bot:
    """A new bot of the named kind (see :data:`~eighthalf.bots.BOTS`).

    Raises:
        KeyError: If there is no bot of that name, whatever ``name`` is (a name that is
            not a str is no bot's name); the message quotes it briefly and lists the names.
    """
    return players.make(BOTS, name)
