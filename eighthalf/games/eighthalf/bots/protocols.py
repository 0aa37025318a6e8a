"""The bot protocols of 8½ and the play loops' helpers: :class:`Bot`, :class:`Observer`,
:class:`Exchanger`, :func:`tell`, :func:`tell_match` and the built-in M3 decision.

Part of :mod:`eighthalf.bots`; import the names from there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from eighthalf.games.eighthalf.engine import apply_unchecked
from eighthalf.games.eighthalf.events import ROUND_EVENT_TYPES, Event, events_for
from eighthalf.games.eighthalf.game import Exchanger, choose_exchange, exchange_choice
from eighthalf.games.eighthalf.match import Decline, Exchange, Match, MatchMove
from eighthalf.games.eighthalf.moves import Move
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.views import PlayerView, view
from eighthalf.players import players
from eighthalf.players.players import observes

__all__ = ["Bot", "Exchanger", "Observer", "choose_exchange", "exchange_choice", "tell", "tell_match"]


class Bot(players.Bot[PlayerView, Move], Protocol):
    """What a bot of 8½ is: a name and a way to choose a move from a view.

    The shared protocol :class:`eighthalf.players.players.Bot` over 8½'s
    :class:`~eighthalf.games.eighthalf.views.PlayerView` and :data:`~eighthalf.Move`: a ``name`` and
    ``choose(seen, rng)``, which returns one of ``seen.legal_moves()``.
    """


@runtime_checkable
class Observer(players.Observer[Event, PlayerView], Protocol):
    """A bot that also wants to see every move of the round, not only its own turns.

    The play loops (:func:`tell`) call ``observe(events, seen)`` after every move, the
    bot's own included, with the move's events as the bot's seat may see them
    (:func:`~eighthalf.events_for`: drawn cards hidden unless the seat drew them) and
    the seat's view after the move. So a belief can track every card that was ever face
    up, such as a pile collected into an opponent's hand (C1, L1). Optional: a bot
    without ``observe`` is shown only the views of its own turns. It is the shared
    :class:`eighthalf.players.players.Observer` over 8½'s events and view.
    """


def tell(bots: Mapping[int, object] | Sequence[object], events: Sequence[Event], state: GameState) -> None:
    """Show one move to every bot that observes (:class:`Observer`).

    ``bots`` are the bots by seat (a sequence, or a mapping for a table with people at
    some seats); ``events`` the full events of the move (from
    :func:`~eighthalf.apply_with_events` or :func:`~eighthalf.games.eighthalf.events.describe`) and
    ``state`` the state after it. Each observer gets :func:`~eighthalf.events_for` its
    seat and the :func:`~eighthalf.view` of its seat, nothing more (I1–I4): the shared
    :func:`eighthalf.players.players.tell` with 8½'s functions.
    """
    players.tell(bots, events, state, events_for, view)


def tell_match(
    bots: Mapping[int, object] | Sequence[object], before: Match, move: MatchMove, events: Sequence[object]
) -> None:
    """:func:`tell` for a match: show the round move ``move``, made in ``before`` with
    ``events`` (from :meth:`Match.apply_with_events <eighthalf.Match.apply_with_events>`),
    to the observing bots. The M3 decision and the match's own events are public and
    not shown (a bot deciding the next exchange gets a :class:`~eighthalf.MatchView`).
    """
    if isinstance(move, (Exchange, Decline)) or not observes(bots):
        return
    tell(bots, [event for event in events if isinstance(event, ROUND_EVENT_TYPES)], apply_unchecked(before.state, move))


def _moves_of(seen: PlayerView) -> tuple[Move, ...]:
    """The viewer's legal moves; a bot asked to move out of turn is a caller's mistake."""
    return players.moves_of(seen, "the round is over")
