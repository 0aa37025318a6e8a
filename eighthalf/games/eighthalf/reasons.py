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

from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

from eighthalf.core.errors import IllegalMoveError
from eighthalf.core.i18n import DEFAULT_LOCALE, N_, localize_reason
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.engine import _why_illegal, legal_moves
from eighthalf.games.eighthalf.match import MatchView
from eighthalf.games.eighthalf.moves import BLIND_PLAYS, EIGHT_AND_HALF, HAND_PLAYS, OPEN_RUNS, Move
from eighthalf.games.eighthalf.state import GameState, Seat
from eighthalf.games.eighthalf.views import PlayerView, SeatView

__all__ = ["REASONS", "WORDS", "reason_for", "refused_plays"]

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


def _plays(own: SeatView) -> Iterator[str]:
    """Every play a seat could tap from its own cards, in the notation: each rank of the hand
    and of the open cards, from one card to all of them; the 8 with the ½; each blind card."""
    for prefix, zone in (("", own.hand or ()), ("o", own.open)):
        for rank, count in sorted(Counter(str(card) for card in zone).items()):
            yield from (prefix + rank * run for run in range(1, count + 1))
    if own.hand and {"8", "H"} <= {str(card) for card in own.hand}:
        yield "8H"
    yield from (f"b{position}" for position in range(own.blind_size))


_SYMBOLS: Final = tuple(str(rank) for rank in Rank)
"""``_SYMBOLS[rank]``: the rank's symbol, by which the plays are ordered, as in :func:`_plays`."""


def _round_plays(own: Seat) -> Iterator[Move]:
    """:func:`_plays` as moves, in the same order, from the seat's own cards in a round's state
    (its hand and open cards, and how many blind cards it has: never which they are)."""
    for runs, zone in ((HAND_PLAYS, own.hand), (OPEN_RUNS, own.open)):  # the shared moves, made once
        counts: dict[Rank, int] = {}
        for rank in zone:
            counts[rank] = counts.get(rank, 0) + 1
        for rank in sorted(counts, key=_SYMBOLS.__getitem__):
            yield from runs[rank][: counts[rank]]
    if Rank.EIGHT in own.hand and Rank.HALF in own.hand:
        yield EIGHT_AND_HALF
    yield from BLIND_PLAYS[: len(own.blind)]


def _exchanges(seen: MatchView, seat: int) -> Iterator[str]:
    """Every exchange (M3) the seat could tap: one of its open cards for another seat's open card."""
    seats = seen.round.seats
    for mine in sorted({str(card) for card in seats[seat].open}):
        for other, held in enumerate(seats):
            if other != seat:
                yield from (f"x{mine}{other}{theirs}" for theirs in sorted({str(card) for card in held.open}))


def refused_plays(game: Any, state: Any, seat: int) -> dict[str, IllegalMoveError]:
    """The plays ``seat`` (the seat to move) could tap from its own cards that the engine refuses
    now, each with its error (the registry entry's ``refusals``): the server sends their reasons
    (:func:`reason_for`) to the seat's page, which tells them as soon as the cards are tapped.

    In a match's exchange (M3) they are the exchanges of its open cards for other seats'.

    >>> from eighthalf.games.eighthalf.game import EIGHTHALF
    >>> state = EIGHTHALF.start(2, seed=1)
    >>> refused = refused_plays(EIGHTHALF, state, state.to_move)
    >>> sorted({error.rule for error in refused.values()})
    ['S5', 'T2']
    """
    if isinstance(state, GameState):  # a round: its engine's reasons straight, with no view and no raise
        allowed = set(legal_moves(state))
        return {str(move): _why_illegal(state, move) for move in _round_plays(state.seats[seat]) if move not in allowed}
    seen = game.view(state, seat)
    if isinstance(seen, MatchView) and seen.exchange_by == seat:
        tried: Iterator[str] = _exchanges(seen, seat)
    else:
        table = seen.round if isinstance(seen, MatchView) else seen
        assert isinstance(table, PlayerView)
        tried = _plays(table.seats[seat])
    legal = {game.move_text(move) for move in game.legal_moves(state)}
    refused: dict[str, IllegalMoveError] = {}
    for text in tried:
        if text in legal:
            continue
        try:
            game.apply(state, game.parse_move(text))
        except IllegalMoveError as error:
            refused[text] = error
    return refused
