"""The reasons 8½ gives for a refused move, told to players in English, French or Dutch.

An :class:`~eighthalf.IllegalMoveError` keeps its English message for programmers;
:func:`reason_for` tells its reason to a player in the language asked for, in the words of
the published rule sheets (the rule id stays in ``error.rule``).

>>> from eighthalf import IllegalMoveError
>>> error = IllegalMoveError("G", "there is no open Ghost", "T3")
>>> reason_for(error, "fr"), reason_for(error, "nl"), reason_for(error)
('il n’y a pas de Fantôme parmi les cartes ouvertes', 'er is geen open Geest', 'there is no open Ghost')
"""

from __future__ import annotations

from typing import Final

from eighthalf.core.errors import IllegalMoveError
from eighthalf.core.i18n import DEFAULT_LOCALE, N_, localize_reason

__all__ = ["REASONS", "WORDS", "reason_for"]

REASONS: Final = (
    # The round (rules T1-T3, S5, L3, L4, P1-P7, E3, E7) as eighthalf.games.eighthalf.engine words them.
    N_("the round is over"),
    N_("a player who can play must play; only a player with no legal play collects"),
    N_("the hand is empty: play from the open cards"),
    N_("the hand is empty: play from the blind cards"),
    N_("the hand holds {held} of {rank}, not {count}"),
    N_("the 8½ combination needs an 8 and a ½ in the hand"),
    N_("the opening play is exactly one card, the lowest yellow card {rank} (table option single_opening)"),
    N_("the opening play is the lowest yellow card, {rank}, with any copies"),
    N_("open cards are played only with an empty hand; play from the hand"),
    N_("open cards are played only with an empty hand; play from the blind cards"),
    N_("there is no open {rank}"),
    N_("one open card per turn (several of one rank only under the table option open_runs)"),
    N_("there are {held} open {rank}, not {count}"),
    N_("blind cards are played only once hand and open cards are gone"),
    N_("there are only {count} blind cards (positions from 0)"),
    N_(
        "no ½ of a run may land on 8½ (table option halves_stop_at_8_half): {count} ½s on a call of {call}"
        " lay one on 8½; at most {most} may be played"
    ),
    N_("½ cannot be played on a call of 8½"),
    N_("0 can be played only on a whole call, not on {call}"),
    N_("under the 5-lock only 1–5, 0, ½ and Ghost may be played, not the 8½ combination"),
    N_("under the 5-lock only 1–5, 0, ½ and Ghost may be played, not a {rank}"),
    N_("the 8½ combination cannot go on a call of {call}"),
    N_("on a call of 8½ only Ghosts, 8 with ½ and 9s may be played, not a {rank}"),
    N_("a {rank} cannot be played on a call of {call}"),
    # The match (M1, M3) as eighthalf.games.eighthalf.match words them.
    N_("the previous winner first exchanges an open card with a Big Loser or declines"),
    N_("no exchange is pending: only the round's moves are legal"),
    N_("the match is over"),
)
"""The templates of the reasons the rules core and the match give, as written there; a
reason they write from no template here is told in English (tests keep the two together)."""

WORDS: Final = ("Ghost",)
"""The values placed in those reasons that are translated too: the Ghost's name."""


def reason_for(error: IllegalMoveError, locale: str = DEFAULT_LOCALE) -> str:
    """The reason of ``error`` told to a player in ``locale`` (``"en"``, ``"fr"`` or ``"nl"``),
    without the move and the rule id: ``error.reason`` itself in English.

    Raises:
        InvalidStateError: If ``locale`` names no supported language.
    """
    return localize_reason(error, locale, REASONS, WORDS)
