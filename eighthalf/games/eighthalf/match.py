"""The match (M1–M3): six rounds by default, the dealer moving on, points adding up.

A :class:`Match` is immutable like a :class:`~eighthalf.GameState`, and is driven the
same way: :meth:`Match.legal_moves` and :meth:`Match.apply`. Before the opening of every
round but the first, the previous round's winner decides on the exchange of M3: an
:class:`Exchange` of one of their open cards with one of a Big Loser's, or
:class:`Decline`. All other moves are the round's own.

>>> m = new_match(3, seed=11, rounds=2)
>>> while not m.over:
...     m = m.apply(m.legal_moves()[0])
>>> m.round_index, m.scores, m.winners
(1, (3, 0, 3), (0, 2))

The seed stays inside the match (every round's deal is derived from it) and never
reaches a player (I4): :func:`view_match` leaves it out.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from gettext import NullTranslations
from typing import Final, TypeAlias, cast, overload

import attrs

from eighthalf.core.errors import IllegalMoveError, InvalidStateError, ParseError, not_a_move, quote
from eighthalf.core.events import check_events, check_seat, seat_namer
from eighthalf.core.i18n import DEFAULT_LOCALE, translation
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.deal import check_seed, check_table, first_state, fresh_seed, seed_bytes, shuffled_deck
from eighthalf.games.eighthalf.engine import apply_unchecked as round_apply_unchecked
from eighthalf.games.eighthalf.engine import legal_moves as round_moves
from eighthalf.games.eighthalf.events import (
    ROUND_EVENT_TYPES,
    Event,
    apply_with_events,
    card_label,
    describe,
    hide_drawn,
    narrate_event,
)
from eighthalf.games.eighthalf.moves import MOVE_TYPES, Move, parse_move
from eighthalf.games.eighthalf.options import MAX_COUNT, Rules
from eighthalf.games.eighthalf.state import GameState, Outcome
from eighthalf.games.eighthalf.table_picture import match_title, round_picture, state_seats
from eighthalf.games.eighthalf.views import PlayerView, sample_state, view, view_seats

__all__ = [
    "DECLINE",
    "Decline",
    "Exchange",
    "Exchanged",
    "Match",
    "MatchEvent",
    "MatchMove",
    "MatchOver",
    "MatchView",
    "RoundDealt",
    "describe_match",
    "events_for",
    "narrate",
    "new_match",
    "parse_match_move",
    "round_seed",
    "sample_match",
    "view_match",
]


@attrs.frozen(slots=True, weakref_slot=False)
class Exchange:
    """M3: swap the winner's open card ``own`` with the open card ``theirs`` of the Big
    Loser at seat ``loser``. Notation ``x<own><loser><theirs>``, e.g. ``x729``.

    Raises:
        ParseError: If a rank is not a :class:`~eighthalf.Rank` or the seat is not an int
            from 0 to 7.
    """

    own: Rank
    """The winner's open card given away."""
    loser: int
    """The Big Loser's seat."""
    theirs: Rank
    """The Big Loser's open card taken."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.own, Rank) or not isinstance(self.theirs, Rank):
            raise ParseError(f"an exchange names two ranks, not {quote(self.own)} and {quote(self.theirs)}")
        if type(self.loser) is not int or not 0 <= self.loser <= 7:
            raise ParseError(f"an exchange names a seat from 0 to 7, not {quote(self.loser)}")

    def __str__(self) -> str:
        return f"x{self.own}{self.loser}{self.theirs}"


@attrs.frozen(slots=True, weakref_slot=False)
class Decline:
    """M3: the previous winner declines the exchange. Notation ``d``."""

    def __str__(self) -> str:
        return "d"


DECLINE = Decline()
"""The shared :class:`Decline` move."""

MatchMove: TypeAlias = Move | Exchange | Decline
"""Any move of a match: a round's move, or the M3 decision."""

_MATCH_MOVE_TYPES = (*MOVE_TYPES, Exchange, Decline)


def parse_match_move(text: str) -> MatchMove:
    """Read a match move: a round move (see :func:`~eighthalf.parse_move`), ``x729`` or ``d``.

    The seat of an exchange is one ASCII digit from ``0`` to ``7``.

    >>> parse_match_move("x729")
    Exchange(own=<Rank.SEVEN: 7>, loser=2, theirs=<Rank.NINE: 9>)

    Raises:
        ParseError: If ``text`` is not a move in this notation.
    """
    if isinstance(text, str):
        key = text.strip()
        if key in ("d", "D"):
            return DECLINE
        if len(key) == 4 and key[0] in "xX" and key[2] in _SEAT_DIGITS:
            return Exchange(Rank.from_symbol(key[1].upper()), int(key[2]), Rank.from_symbol(key[3].upper()))
    return parse_move(text)


_SEAT_DIGITS = "01234567"


@attrs.frozen(slots=True, weakref_slot=False)
class RoundDealt:
    """A new round of the match was dealt (M2)."""

    index: int
    """The round's index, from 0."""
    dealer: int
    """Its dealer."""
    exchange_by: int | None
    """The previous winner, who now decides on the M3 exchange; ``None`` if nobody does."""


@attrs.frozen(slots=True, weakref_slot=False)
class Exchanged:
    """The M3 decision: ``exchange`` made by ``seat``, or ``None`` if declined."""

    seat: int
    """The previous round's winner."""
    exchange: Exchange | None
    """The exchange made, or ``None`` if declined."""


@attrs.frozen(slots=True, weakref_slot=False)
class MatchOver:
    """The match ended (M1)."""

    scores: tuple[int, ...]
    """Every seat's total."""
    winners: tuple[int, ...]
    """The seat(s) with the highest total."""


MatchEvent: TypeAlias = Event | RoundDealt | Exchanged | MatchOver
"""An event of a match: a round's own event, or one of the match's (M1–M3), all public
but a round's drawn cards (:func:`~eighthalf.events_for` hides those)."""

_MATCH_EVENT_TYPES: Final = (RoundDealt, Exchanged, MatchOver)
"""The classes of the match's own events; a round's are :data:`eighthalf.games.eighthalf.events.ROUND_EVENT_TYPES`."""


def _is_event(event: object) -> bool:
    return type(event) in ROUND_EVENT_TYPES or type(event) in _MATCH_EVENT_TYPES


@overload
def events_for(events: Sequence[Event], seat: int | None) -> tuple[Event, ...]: ...


@overload
def events_for(events: Sequence[MatchEvent], seat: int | None) -> tuple[MatchEvent, ...]: ...


def events_for(events: Sequence[MatchEvent], seat: int | None) -> tuple[MatchEvent, ...]:
    """The events as ``seat`` may see them: drawn cards hidden unless ``seat`` drew them.

    ``seat=None`` gives a spectator's events, with every drawn card hidden. A match's own
    events (:class:`~eighthalf.games.eighthalf.match.RoundDealt`, :class:`~eighthalf.games.eighthalf.match.Exchanged`,
    :class:`~eighthalf.games.eighthalf.match.MatchOver`) are public and pass unchanged; a round's are
    shown as the round's own ``eighthalf.games.eighthalf.events.events_for`` shows them.

    Raises:
        InvalidStateError: If ``seat`` is neither an int nor ``None``, or an item of
            ``events`` is not an event.
    """
    check_seat(seat)
    check_events(events, _is_event)
    return hide_drawn(events, seat)


def narrate(
    events: Sequence[MatchEvent], names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
) -> list[str]:
    """Tell the events in plain words, one sentence each: English by default, or French
    (``locale="fr"``) or Dutch (``"nl"``), in the rule sheets' words.

    ``names`` gives each seat's name; by default seats are called "Seat 0", "Seat 1" ….
    A round's events are told as the round's own ``eighthalf.games.eighthalf.events.narrate`` tells them,
    a match's own (:class:`~eighthalf.games.eighthalf.match.RoundDealt`, :class:`~eighthalf.games.eighthalf.match.Exchanged`,
    :class:`~eighthalf.games.eighthalf.match.MatchOver`) here.

    >>> narrate([MatchOver((5, 7), (1,))], ["Anna", "Ben"], locale="nl")
    ['Ben wint de partij. Totalen: Anna 5, Ben 7.']

    Raises:
        InvalidStateError: If an item of ``events`` is not an event, ``names`` is not
            a sequence of strings with a name for every seat the events mention, or
            ``locale`` names no supported language (:func:`~eighthalf.core.i18n.check_locale`).
    """
    check_events(events, _is_event)
    name = seat_namer(names, locale)
    tr = translation(locale)
    return [
        _match_line(event, name, tr) if isinstance(event, _MATCH_EVENT_TYPES) else narrate_event(event, name, tr)
        for event in events
    ]


def _match_line(event: RoundDealt | Exchanged | MatchOver, name: Callable[[int], str], tr: NullTranslations) -> str:
    """A match's own event (M1–M3) in the language of ``tr``."""
    if isinstance(event, RoundDealt):
        dealt = tr.gettext("Round {number} is dealt by {dealer}.").format(
            number=event.index + 1, dealer=name(event.dealer)
        )
        if event.exchange_by is None:
            return dealt
        return f"{dealt} " + tr.gettext("{seat} may first exchange an open card.").format(seat=name(event.exchange_by))
    if isinstance(event, Exchanged):
        if event.exchange is None:
            return tr.gettext("{seat} makes no exchange.").format(seat=name(event.seat))
        move = event.exchange
        return tr.gettext("{seat} exchanges an open {own} for {loser}'s open {theirs}.").format(
            seat=name(event.seat),
            own=card_label(move.own, tr),
            loser=name(move.loser),
            theirs=card_label(move.theirs, tr),
        )
    totals = ", ".join(f"{name(seat)} {total}" for seat, total in enumerate(event.scores))
    winners = tr.gettext(" and ").join(name(seat) for seat in event.winners)
    text = (
        tr.gettext("{winners} wins the match. Totals: {totals}.")
        if len(event.winners) == 1
        else tr.gettext("{winners} share the win of the match. Totals: {totals}.")
    )
    return text.format(winners=winners, totals=totals)


def round_seed(seed: int, index: int) -> int:
    """The seed of round ``index`` of a match seeded with ``seed`` (stable everywhere).

    Raises:
        InvalidStateError: If ``seed`` is not a seed (an int of at most 4,300 digits) or
            ``index`` is not an int from 0 to 2\\ :sup:`53` - 1.
    """
    check_seed(seed)
    if type(index) is not int or not 0 <= index <= MAX_COUNT:
        raise InvalidStateError(f"a round index is an int from 0 to 2**53 - 1, not {quote(index)}")
    digest = hashlib.shake_256(b"eighthalf-match-v1:" + seed_bytes(seed) + b":%d" % index).digest(16)
    return int.from_bytes(digest, "little")


@attrs.frozen(slots=True, weakref_slot=False)
class Match:
    """A match in progress or finished (M1–M3). Build one with :func:`new_match`."""

    rounds: int
    """How many rounds the match has (M1: 6 unless agreed otherwise)."""
    seed: int
    """The match's seed, from which every round's deal is derived. Secret (I4)."""
    first_dealer: int
    """The dealer of the first round; each later round's dealer is one seat on (M2)."""
    round_index: int
    """The index of the current round, from 0."""
    state: GameState
    """The current round."""
    results: tuple[Outcome, ...] = ()
    """The outcomes of the finished rounds, the current one included once it is over."""
    exchange_by: int | None = None
    """The previous winner while the M3 decision is pending, else ``None``."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.state.seats)

    @property
    def dealer(self) -> int:
        """The dealer of the current round (M2)."""
        return (self.first_dealer + self.round_index) % self.players

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's total points over the finished rounds (M1)."""
        totals = [0] * self.players
        for outcome in self.results:
            for seat, points in enumerate(outcome.points):
                totals[seat] += points
        return tuple(totals)

    @property
    def over(self) -> bool:
        """True once the last round is over."""
        return self.round_index == self.rounds - 1 and self.state.outcome is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat(s) with the highest total once the match is over (tied totals share
        the win, M1); ``()`` before."""
        if not self.over:
            return ()
        scores = self.scores
        best = max(scores)
        return tuple(seat for seat, total in enumerate(scores) if total == best)

    @property
    def to_move(self) -> int:
        """The seat to move: the previous winner while the exchange is pending, else the round's."""
        return self.exchange_by if self.exchange_by is not None else self.state.to_move

    def _repr_svg_(self) -> str:
        """The current round as a picture, every card face up, under the round of the rounds and
        the scores, for a notebook's display (:mod:`eighthalf.games.eighthalf.table_picture`)."""
        title = match_title(self.rounds, self.round_index, self.scores)
        return round_picture(self.state, state_seats(self.state.seats), title=title)

    def legal_moves(self) -> tuple[MatchMove, ...]:
        """Every legal move, each once: the M3 decision (exchanges by the winner's open
        card, Big Loser and their card, then :class:`Decline`), or the round's moves.
        Exchanging two equal ranks changes nothing and is not offered."""
        if self.exchange_by is not None:
            return self._exchanges() + (DECLINE,)
        if self.state.outcome is not None:
            return ()
        return round_moves(self.state)

    def _exchanges(self) -> tuple[Exchange, ...]:
        winner = self.exchange_by
        assert winner is not None
        seats = self.state.seats
        own = sorted(set(seats[winner].open))
        moves: list[Exchange] = []
        for loser in self.results[-1].big_losers:
            for theirs in sorted(set(seats[loser].open)):
                moves.extend(Exchange(mine, loser, theirs) for mine in own if mine != theirs)
        return tuple(moves)

    def apply(self, move: MatchMove) -> Match:
        """The match after ``move``; a round that ends starts the next one (M2).

        Raises:
            IllegalMoveError: If the move is not legal now.
        """
        return self.apply_with_events(move)[0]

    def apply_with_events(
        self, move: MatchMove
    ) -> tuple[Match, tuple[Event | RoundDealt | Exchanged | MatchOver, ...]]:
        """Like :meth:`apply`, also reporting what happened (see :mod:`eighthalf.games.eighthalf.events`).

        Raises:
            IllegalMoveError: If the move is not legal now.
        """
        if type(move) not in _MATCH_MOVE_TYPES:
            raise not_a_move(move, "parse_match_move", "8½")
        if self.exchange_by is not None:
            if isinstance(move, Decline):
                return attrs.evolve(self, exchange_by=None), (Exchanged(self.exchange_by, None),)
            if not isinstance(move, Exchange) or move not in self._exchanges():
                raise IllegalMoveError(
                    str(move), "the previous winner first exchanges an open card with a Big Loser or declines", "M3"
                )
            return self._exchange(move), (Exchanged(self.exchange_by, move),)
        if isinstance(move, (Exchange, Decline)):
            raise IllegalMoveError(str(move), "no exchange is pending: only the round's moves are legal", "M3")
        if self.state.outcome is not None:
            raise IllegalMoveError(str(move), "the match is over", "M1")
        state, events = apply_with_events(self.state, move)
        following = self._after_round(state)
        if state.outcome is None:
            return following, events
        if following.round_index == self.round_index:
            return following, events + (MatchOver(following.scores, following.winners),)
        return following, events + (RoundDealt(following.round_index, following.dealer, following.exchange_by),)

    def apply_unchecked(self, move: MatchMove) -> Match:
        """The match after ``move``, which must be one of :meth:`legal_moves`: the fast path
        of search and simulations (:func:`~eighthalf.apply_unchecked` for round moves).
        Anything else gives an undefined match."""
        if self.exchange_by is not None:
            if isinstance(move, Exchange):
                return self._exchange(move)
            return attrs.evolve(self, exchange_by=None)
        return self._after_round(round_apply_unchecked(self.state, cast(Move, move)))

    def _after_round(self, state: GameState) -> Match:
        """The match with its round at ``state``: a round that ended is scored, and the next
        one dealt unless it was the last (M1, M2)."""
        if state.outcome is None:
            return attrs.evolve(self, state=state)
        match = attrs.evolve(self, state=state, results=self.results + (state.outcome,))
        return match if match.round_index == self.rounds - 1 else match._next_round()

    def _exchange(self, move: Exchange) -> Match:
        winner = self.exchange_by
        assert winner is not None
        seats = list(self.state.seats)
        mine, theirs = seats[winner], seats[move.loser]
        seats[winner] = mine.replace(open=_swap(mine.open, move.own, move.theirs))
        seats[move.loser] = theirs.replace(open=_swap(theirs.open, move.theirs, move.own))
        return attrs.evolve(self, state=self.state.replace(seats=tuple(seats)), exchange_by=None)

    def _next_round(self) -> Match:
        index = self.round_index + 1
        players = self.players
        dealer = (self.first_dealer + index) % players
        state = _deal_round(self.state.rules, players, round_seed(self.seed, index), dealer)
        last = self.results[-1]
        exchange_by = last.winner if last.winner is not None and last.big_losers else None
        return Match(self.rounds, self.seed, self.first_dealer, index, state, self.results, exchange_by)


def _swap(cards: tuple[Rank, ...], give: Rank, take: Rank) -> tuple[Rank, ...]:
    at = cards.index(give)
    return cards[:at] + (take,) + cards[at + 1 :]


def _deal_round(rules: Rules, players: int, seed: int, dealer: int) -> GameState:
    return first_state(shuffled_deck(seed), players, rules, dealer)


def new_match(
    players: int,
    *,
    rounds: int = 6,
    seed: int | None = None,
    rules: Rules | None = None,
    dealer: int | None = None,
) -> Match:
    """Start a match: deal its first round (M1, M2).

    Raises:
        InvalidStateError: If ``rounds`` is not an int from 1 to 2\\ :sup:`53` - 1, or
            as :func:`~eighthalf.new_game`.
    """
    rules = rules if rules is not None else Rules()
    if type(rounds) is not int or not 1 <= rounds <= MAX_COUNT:
        raise InvalidStateError(f"a match has from 1 to 2**53 - 1 rounds, not {quote(rounds)} (M1)")
    dealer = check_table(players, rules, dealer)
    seed = fresh_seed() if seed is None else check_seed(seed)
    return Match(rounds, seed, dealer, 0, _deal_round(rules, players, round_seed(seed, 0), dealer))


@attrs.frozen(slots=True, weakref_slot=False)
class MatchView:
    """A match as one seat (or a spectator) sees it: no seed, the round as a view."""

    rounds: int
    """How many rounds the match has."""
    round_index: int
    """The current round's index, from 0."""
    dealer: int
    """The current round's dealer."""
    round: PlayerView
    """The current round as the viewer sees it."""
    results: tuple[Outcome, ...]
    """The outcomes of the finished rounds."""
    exchange_by: int | None
    """The previous winner while the M3 decision is pending."""
    exchanges: tuple[Exchange, ...]
    """The exchanges offered while the M3 decision is pending (open cards are public)."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's total points over the finished rounds."""
        totals = [0] * len(self.round.seats)
        for outcome in self.results:
            for seat, points in enumerate(outcome.points):
                totals[seat] += points
        return tuple(totals)

    def _repr_svg_(self) -> str:
        """The current round as a picture of what the view shows, under the round of the rounds
        and the scores, for a notebook's display (:mod:`eighthalf.games.eighthalf.table_picture`)."""
        title = match_title(self.rounds, self.round_index, self.scores)
        return round_picture(self.round, view_seats(self.round), title=title)

    def legal_moves(self) -> tuple[MatchMove, ...]:
        """The viewer's legal moves when it is their move, else ``()``."""
        if self.exchange_by is not None:
            return self.exchanges + (DECLINE,) if self.round.seat == self.exchange_by else ()
        return self.round.legal_moves()


def view_match(match: Match, seat: int | None) -> MatchView:
    """What ``seat`` (or a spectator, ``None``) may know of ``match`` (I1–I4).

    Raises:
        InvalidStateError: If ``match`` is not a :class:`Match`, or ``seat`` is neither
            an int nor ``None``.
        IndexError: If ``seat`` is not a seat of the match.
    """
    if not isinstance(match, Match):
        raise InvalidStateError(f"view_match needs a Match, not {quote(match)}")
    return MatchView(
        match.rounds,
        match.round_index,
        match.dealer,
        view(match.state, seat),
        match.results,
        match.exchange_by,
        match._exchanges() if match.exchange_by is not None else (),
    )


def describe_match(before: Match, move: MatchMove, after: Match) -> tuple[MatchEvent, ...]:
    """The full events of ``move``, which led from ``before`` to ``after``: what
    :meth:`~eighthalf.Match.apply_with_events` reports, for a move already applied (the fast path
    of simulations and observing bots). Drawn cards are shown; give them to a seat only
    through :func:`~eighthalf.events_for`.

    >>> m = new_match(3, seed=11, rounds=2)
    >>> move = m.legal_moves()[0]
    >>> describe_match(m, move, m.apply(move)) == m.apply_with_events(move)[1]
    True
    """
    if before.exchange_by is not None:
        return (Exchanged(before.exchange_by, move if isinstance(move, Exchange) else None),)
    round_move = cast(Move, move)
    if after.round_index == before.round_index and after.results == before.results:
        return describe(before.state, round_move, after.state)
    finished = round_apply_unchecked(before.state, round_move)
    events: tuple[MatchEvent, ...] = describe(before.state, round_move, finished)
    if after.round_index == before.round_index:
        return events + (MatchOver(after.scores, after.winners),)
    return events + (RoundDealt(after.round_index, after.dealer, after.exchange_by),)


def sample_match(seen: MatchView, rng: random.Random) -> Match:
    """A match that ``seen``'s seat cannot tell from the real one (determinization): the
    current round from :func:`~eighthalf.sample_state`, and a seed drawn from ``rng`` for
    the rounds not yet dealt, which nobody can know (I4).

    >>> import random
    >>> m = new_match(3, seed=11, rounds=2)
    >>> seen = view_match(m, 0)
    >>> view_match(sample_match(seen, random.Random(1)), 0) == seen
    True

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`MatchView`, or as
            :func:`~eighthalf.sample_state`.
    """
    if not isinstance(seen, MatchView):
        raise InvalidStateError(f"sample_match needs a MatchView, not {quote(seen)}")
    players = len(seen.round.seats)
    first_dealer = (seen.dealer - seen.round_index) % players
    state = sample_state(seen.round, rng)
    return Match(
        seen.rounds, rng.getrandbits(128), first_dealer, seen.round_index, state, seen.results, seen.exchange_by
    )
