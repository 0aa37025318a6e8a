"""Eights as a game object of the game protocol (:class:`eighthalf.core.game.Game`).

:data:`EIGHTS` binds the functions of :mod:`eighthalf.eights`, unchanged, to the protocol
that the tools written once for every game use: the simulation runner, records and
replay, the terminal loop, the bots' search, the leak checker of :mod:`eighthalf.testing`.

>>> from eighthalf.core.game import play_out
>>> last = play_out(EIGHTS, EIGHTS.start(3, seed=4, rules=Rules(target=10)), lambda s, moves: moves[0])
>>> EIGHTS.result(last)
Result(scores=(7, 12, 0), winners=(1,))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from eighthalf.core.errors import DocumentError, quote
from eighthalf.core.game import Result, TurnGame
from eighthalf.formats.records import check_tag_texts, int_tags, tag_ints
from eighthalf.games.eights.deal import new_game
from eighthalf.games.eights.engine import apply, apply_unchecked, legal_moves
from eighthalf.games.eights.events import describe, events_for, narrate
from eighthalf.games.eights.moves import parse_move
from eighthalf.games.eights.options import MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.state import GameState
from eighthalf.games.eights.views import sample_state, view

__all__ = ["EIGHTS", "GAME_TAG", "EightsGame", "rules_from_tags", "rules_tags"]

GAME_TAG: Final = "Eights"
"""The ``Game`` tag of every record of Eights, and the name of its game object."""
_OPTIONS: Final = "may_pass_freely"
_DEFAULT_RULES: Final = Rules()
_INT_TAGS: Final = (("Target", "target"), ("TurnLimit", "turn_limit"))  # WR2


def rules_tags(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The record tags that name ``rules``: ``Target`` and ``TurnLimit`` (WR2) when set,
    ``Options`` (``may_pass_freely``, WR1) when on; none for the default rules.

    >>> rules_tags(Rules(target=50, may_pass_freely=True))
    (('Target', '50'), ('Options', 'may_pass_freely'))
    """
    options = (("Options", _OPTIONS),) if rules.may_pass_freely else ()
    return (*int_tags(rules, _INT_TAGS, _DEFAULT_RULES), *options)


def rules_from_tags(tags: Mapping[str, str]) -> Rules:
    """The rules that a record's ``Target``, ``TurnLimit`` and ``Options`` tags name.

    >>> rules_from_tags({"Target": "50"}) == Rules(target=50)
    True

    Raises:
        DocumentError: If a tag is malformed (not text included) or out of range; the path
            names the tag.
    """
    check_tag_texts(tags, ("Target", "TurnLimit", "Options"))
    options = tags.get("Options")
    if options is not None and options != _OPTIONS:
        raise DocumentError("$.Options", f"expected {_OPTIONS!r}, the only table option, not {quote(options)} (WR1)")
    values = tag_ints(tags, _INT_TAGS, Rules)
    return Rules(**values, may_pass_freely=options is not None)


class EightsGame(TurnGame):
    """Eights (WS1–WI4) as a game object: the functions of :mod:`eighthalf.eights`, unchanged;
    whose turn it is (none once the game is over, WG3) and the moves' notation as :class:`~eighthalf.core.game.TurnGame` derives them.

    >>> EIGHTS.start(4, seed=7) == new_game(4, seed=7)
    True
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return "eighthalf.games.eights.game.EIGHTS"

    @property
    def name(self) -> str:
        """``"Eights"``: the name of the game, and its records' ``Game`` tag."""
        return GAME_TAG

    @property
    def default_rules(self) -> Rules:
        """The rule book's rules: the target of WG3 by the players, no turn limit, no option."""
        return _DEFAULT_RULES

    def player_counts(self, rules: Rules) -> range:
        """2 to 6 players (WS2), whatever the rules."""
        return range(MIN_PLAYERS, MAX_PLAYERS + 1)

    # Eights' own functions, bound as they are: no call in between on the hot path of
    # search and simulations.
    start = staticmethod(new_game)
    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    apply_unchecked = staticmethod(apply_unchecked)
    describe = staticmethod(describe)
    events_for = staticmethod(events_for)
    view = staticmethod(view)
    sample_state = staticmethod(sample_state)

    def result(self, state: GameState) -> Result | None:
        """Every seat's total and the seats with the highest (WG3) once the game is over."""
        outcome = state.outcome
        return None if outcome is None else Result(outcome.totals, outcome.winners)

    parse_move = staticmethod(parse_move)
    narrate = staticmethod(narrate)

    rules_tags = staticmethod(rules_tags)
    rules_from_tags = staticmethod(rules_from_tags)


EIGHTS: Final = EightsGame()
"""Eights, the word-spelling game (WS1–WI4)."""
