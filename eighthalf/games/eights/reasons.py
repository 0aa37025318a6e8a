"""The reasons Eights gives for a refused move, told to players in English, French or Dutch.

An :class:`~eighthalf.IllegalMoveError` keeps its English message for programmers;
:func:`reason_for` tells its reason to a player in the language asked for (the rule id stays
in ``error.rule``). Words and cards stay as written: the deck and the dictionary are English.

>>> from eighthalf.errors import IllegalMoveError
>>> error = IllegalMoveError("pass", "a player who can spell a word must spell one", "WT1")
>>> reason_for(error, "nl")
'wie een woord kan spellen, moet er een spellen'
"""

from __future__ import annotations

from typing import Final

from eighthalf.core.errors import IllegalMoveError
from eighthalf.core.i18n import DEFAULT_LOCALE, N_, localize_reason

__all__ = ["REASONS", "reason_for"]

REASONS: Final = (
    # The game (WG3, WP1, WP2, WT1-WT7) as eighthalf.games.eights.engine words them.
    N_("the game is over"),
    N_("the hand holds no {card} to exchange"),
    N_("the stack holds {stack} card(s), so at most {stack} can be exchanged, not {count}"),
    N_("a player who can spell a word must spell one"),
    N_("the table's suit-{suit} card is {there}, not {card}"),
    N_("the hand holds no {card} to spell with"),
    N_("the replacing card {card} must be a hand card of the table card's suit that does not spell the word"),
    N_("not in canonical form: write it {text}"),
    N_("not one of the legal moves"),
    # A spelling (WT2-WT4, WS3) as eighthalf.games.eights.moves words them.
    N_("the cards show the letters {letters}, which do not spell {word} ({expected})"),
    N_("at least one letter must come from the table"),
    N_("{table} table card(s) need {table} replacing card(s), not {count}"),
    N_("the table holds one card of each suit, so no suit can be used twice"),
    N_("the table card {card} must be replaced by a card of suit {suit}, not {new}"),
)
"""The templates of the reasons the rules give, as written there; a reason written from no
template here is told in English (tests keep the two together)."""


def reason_for(error: IllegalMoveError, locale: str = DEFAULT_LOCALE) -> str:
    """The reason of ``error`` told to a player in ``locale`` (``"en"``, ``"fr"`` or ``"nl"``),
    without the move and the rule id: ``error.reason`` itself in English.

    Raises:
        InvalidStateError: If ``locale`` names no supported language.
    """
    return localize_reason(error, locale, REASONS)
