"""Events: what happened in a move, in order, for front-ends to animate and narrate.

:func:`apply_with_events` makes a move and reports it as a tuple of small frozen
events. Events name cards that everybody saw (plays, turned blind cards, collected
piles are counted); the only secret in them is which cards a player drew, which
:func:`events_for` hides from everybody but the drawer (I2, I3).

>>> from eighthalf import new_game, parse_move
>>> state = new_game(4, seed=7)
>>> state, events = apply_with_events(state, parse_move("4"))
>>> for event in events_for(events, seat=0):
...     print(event)
Played(seat=2, cards=(<Rank.FOUR: 4>,), source='hand', call_halves=8)
Drew(seat=2, count=1, cards=None)
>>> narrate(events_for(events, seat=0), ["Anna", "Ben", "Cleo", "Dan"])
['Cleo plays 4: the call is 4.', 'Cleo draws 1 card.']
>>> narrate(events_for(events, seat=2), ["Anna", "Ben", "Cleo", "Dan"])[1]
'Cleo draws 1 card (9).'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from gettext import NullTranslations
from typing import Final, Literal, TypeAlias, TypeVar

import attrs

from eighthalf.core.errors import InvalidStateError, not_a_move, quote
from eighthalf.core.events import check_events, check_seat, seat_namer
from eighthalf.core.i18n import DEFAULT_LOCALE, ENGLISH, translation
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.engine import apply, effects_for
from eighthalf.games.eighthalf.moves import MOVE_TYPES, BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay
from eighthalf.games.eighthalf.state import GameState, Zone, call_text

__all__ = [
    "BlindTurned",
    "Caught",
    "Collected",
    "Drew",
    "Event",
    "Locked",
    "Played",
    "ReachedTable",
    "RoundOver",
    "WentOut",
    "apply_with_events",
    "describe",
    "events_for",
    "narrate",
]


@attrs.frozen(slots=True)
class Played:
    """Cards went onto the pile as one play (T3)."""

    seat: int
    """Who played."""
    cards: tuple[Rank, ...]
    """The cards, bottom to top (the 8½ combination is ``(EIGHT, HALF)``)."""
    source: Zone
    """Where they came from: ``"hand"``, ``"open"`` or ``"blind"``."""
    call_halves: int
    """The call right after the cards landed, in half points (for a catch, the catch card)."""


@attrs.frozen(slots=True)
class BlindTurned:
    """A blind card was turned face up (L4)."""

    seat: int
    """Whose blind card."""
    position: int
    """Its position among the remaining blind cards."""
    rank: Rank
    """What it showed."""
    failed: bool
    """True if it could not be played, so it goes onto the pile and the pile is collected."""


@attrs.frozen(slots=True)
class Caught:
    """A catch (P8, P9): ``catcher`` played the catch card on ``caught``'s half call."""

    catcher: int
    """The seat that caught, and starts the next pile."""
    caught: int
    """The seat that was at risk and now collects."""
    rank: Rank
    """The catch card."""


@attrs.frozen(slots=True)
class Collected:
    """A seat took the whole pile (C1)."""

    seat: int
    """Who collected."""
    count: int
    """How many cards."""
    into_hand: bool
    """True if into the hand (on the table, L1); False if set aside on the collected stack."""
    cause: Literal["stuck", "caught", "blind"]
    """Why: no legal play (T1), caught (P9), or a failed blind card (L4)."""


@attrs.frozen(slots=True)
class Drew:
    """A seat drew cards from its bank to refill the hand (T4)."""

    seat: int
    """Who drew."""
    count: int
    """How many cards."""
    cards: tuple[Rank, ...] | None
    """Which cards; ``None`` in the events given to anybody but the drawer (I2, I3)."""


@attrs.frozen(slots=True)
class Locked:
    """A 5 was played: the 5-lock is on for the next seat (P7)."""

    seat: int
    """Who played the 5."""


@attrs.frozen(slots=True)
class ReachedTable:
    """A seat's bank and hand are both empty: it is on the table from now on (L1)."""

    seat: int
    """The seat."""


@attrs.frozen(slots=True)
class WentOut:
    """A seat has no cards left (E1)."""

    seat: int
    """The seat."""
    waiting: bool
    """True if it left a catchable half call, so the next seat's move decides (E2)."""


@attrs.frozen(slots=True)
class RoundOver:
    """The round ended (E2, E3 or E7), with its scores (E4–E6)."""

    winner: int | None
    """The winner, or ``None`` under the move limit of E7."""
    counts: tuple[int, ...]
    """Each seat's count (E4)."""
    big_losers: tuple[int, ...]
    """The Big Loser(s) (E5)."""
    points: tuple[int, ...]
    """Each seat's points (E6)."""


Event: TypeAlias = Played | BlindTurned | Caught | Collected | Drew | Locked | ReachedTable | WentOut | RoundOver
"""Any event of a move."""


def apply_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """Make a move like :func:`~eighthalf.apply` and report what happened, in order.

    The events are the full record (drawn cards included); pass them through
    :func:`events_for` before sending them to a player.

    Raises:
        IllegalMoveError: If the move is not legal in ``state`` (or not a move).
        InvalidStateError: If ``state`` is not a :class:`~eighthalf.GameState`.
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"apply_with_events needs a GameState, not {quote(state)}")
    if type(move) not in MOVE_TYPES:
        raise not_a_move(move, "parse_move", "8½")
    after = apply(state, move)
    return after, describe(state, move, after)


def describe(before: GameState, move: Move, after: GameState) -> tuple[Event, ...]:
    """The events of ``move`` taking ``before`` to ``after`` (which must be its result).

    The caller is trusted, nothing is checked: :func:`~eighthalf.apply_with_events` is the checked way.
    """
    mover = before.to_move
    seat = before.seats[mover]
    pile_size = len(before.pile)
    events: list[Event] = []
    if isinstance(move, Collect):
        events.append(Collected(mover, pile_size, seat.on_table, "stuck"))
    else:
        if isinstance(move, HandPlay):
            cards: tuple[Rank, ...] = (move.rank,) * move.count
            token, count, source = int(move.rank), move.count, "hand"
        elif isinstance(move, EightAndHalf):
            cards, token, count, source = (Rank.EIGHT, Rank.HALF), 12, 1, "hand"
        elif isinstance(move, OpenPlay):
            cards, token, count, source = (move.rank,) * move.count, int(move.rank), move.count, "open"
        else:
            assert isinstance(move, BlindPlay)
            rank = seat.blind[move.position]
            cards, token, count, source = (rank,), int(rank), 1, "blind"
        result = effects_for(before.rules.variant)[before.locked][before.call_halves][token][count]
        if source == "blind":
            events.append(BlindTurned(mover, move.position, cards[0], result is None))  # type: ignore[union-attr]
        if result is None:
            events.append(Collected(mover, pile_size + 1, True, "blind"))
        else:
            call_halves, _, _, catch = result
            events.append(Played(mover, cards, source, call_halves))  # type: ignore[arg-type]
            if catch:
                victim = before.at_risk
                assert victim is not None
                events.append(Caught(mover, victim, cards[0]))
                events.append(Collected(victim, pile_size + count, before.seats[victim].on_table, "caught"))
            elif token == 5:
                events.append(Locked(mover))
        if source == "hand":
            drawn = len(seat.bank) - len(after.seats[mover].bank)
            if drawn:
                events.append(Drew(mover, drawn, seat.bank[:drawn]))
    if not seat.on_table and after.seats[mover].on_table:
        events.append(ReachedTable(mover))
    if after.seats[mover].is_out:
        events.append(WentOut(mover, after.pending_out == mover))
    outcome = after.outcome
    if outcome is not None:
        events.append(RoundOver(outcome.winner, outcome.counts, outcome.big_losers, outcome.points))
    return tuple(events)


def events_for(events: Sequence[Event], seat: int | None) -> tuple[Event, ...]:
    """A round's events as ``seat`` may see them: drawn cards hidden unless ``seat`` drew them.

    ``seat=None`` gives a spectator's events, with every drawn card hidden. This one takes
    a round's events only; :func:`eighthalf.events_for` takes a match's own events too.

    Raises:
        InvalidStateError: If ``seat`` is neither an int nor ``None``, or an item of
            ``events`` is not an event of a round.
    """
    check_seat(seat)
    _check_events(events)
    return hide_drawn(events, seat)


_E = TypeVar("_E")


def hide_drawn(events: Iterable[_E], seat: int | None) -> tuple[_E | Drew, ...]:
    """``events`` as ``seat`` may see them, unchecked: each :class:`Drew` of another seat
    without its cards (I2, I3), every other event unchanged. What :func:`events_for` gives
    once it has checked its arguments; :func:`eighthalf.events_for` passes a match's own
    events (all public) through it too."""
    return tuple(
        Drew(event.seat, event.count, None) if isinstance(event, Drew) and event.seat != seat else event
        for event in events
    )


ROUND_EVENT_TYPES: Final = (Played, BlindTurned, Caught, Collected, Drew, Locked, ReachedTable, WentOut, RoundOver)
"""The classes of a round's events (a match adds its own, :data:`eighthalf.games.eighthalf.match.MatchEvent`)."""


def _is_event(event: object) -> bool:
    return type(event) in ROUND_EVENT_TYPES


def _check_events(events: Sequence[Event]) -> None:
    check_events(events, _is_event)


def card_label(rank: Rank, tr: NullTranslations = ENGLISH) -> str:
    """The name a player says of ``rank`` in the language of the catalogue ``tr`` (a
    :func:`~eighthalf.core.i18n.translation`): ``"Ghost"``, ``"Fantôme"`` or ``"Geest"``
    for the Ghost, else the rank's label (``"7"``, ``"½"``)."""
    return tr.gettext("Ghost") if rank is Rank.GHOST else rank.label


def _cards_text(cards: Sequence[Rank], tr: NullTranslations) -> str:
    if len(cards) == 2 and cards[0] == Rank.EIGHT and cards[1] == Rank.HALF:
        return tr.gettext("8 with ½ (8½)")
    label = card_label(cards[0], tr)
    return label if len(cards) == 1 else tr.gettext("{count} × {card}").format(count=len(cards), card=label)


def narrate(events: Sequence[Event], names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE) -> list[str]:
    """Tell a round's events in plain words, one sentence each: English by default, or
    French (``locale="fr"``) or Dutch (``"nl"``), in the rule sheets' words.

    ``names`` gives each seat's name; by default seats are called "Seat 0", "Seat 1" ….
    This one tells a round's events only; :func:`eighthalf.narrate` tells a match's own
    events too.

    >>> narrate([Played(0, (Rank.GHOST,), "hand", 8)], ["Anna"], locale="fr")
    ['Anna joue Fantôme : l’annonce est 4.']

    Raises:
        InvalidStateError: If an item of ``events`` is not an event of a round,
            ``names`` is not a sequence of strings with a name for every seat the events
            mention, or ``locale`` names no supported language
            (:func:`~eighthalf.core.i18n.check_locale`).
    """
    _check_events(events)
    name = seat_namer(names, locale)
    tr = translation(locale)
    return [narrate_event(event, name, tr) for event in events]


def narrate_event(event: Event, name: Callable[[int], str], tr: NullTranslations = ENGLISH) -> str:
    """One event of a round in plain words, unchecked: the sentence :func:`narrate`
    gives it, each seat called ``name(seat)``, in the language of the catalogue ``tr``
    (English by default). :func:`eighthalf.narrate` tells a round's events within a
    match's with it."""
    if isinstance(event, Played):
        text = (
            tr.gettext("{seat} plays {cards} from the open cards: the call is {call}.")
            if event.source == "open"
            else tr.gettext("{seat} plays {cards}: the call is {call}.")
        )
        return text.format(seat=name(event.seat), cards=_cards_text(event.cards, tr), call=call_text(event.call_halves))
    if isinstance(event, BlindTurned):
        text = (
            tr.gettext("{seat} turns blind card {position}: {card}, which cannot be played.")
            if event.failed
            else tr.gettext("{seat} turns blind card {position}: {card}, and plays it.")
        )
        return text.format(seat=name(event.seat), position=event.position, card=card_label(event.rank, tr))
    if isinstance(event, Caught):
        return tr.gettext("{catcher} catches {caught} with a {card}!").format(
            catcher=name(event.catcher), caught=name(event.caught), card=card_label(event.rank, tr)
        )
    if isinstance(event, Collected):
        if event.into_hand:
            text = tr.ngettext(
                "{seat} collects {count} card into the hand.",
                "{seat} collects {count} cards into the hand.",
                event.count,
            )
        else:
            text = tr.ngettext(
                "{seat} collects {count} card aside.", "{seat} collects {count} cards aside.", event.count
            )
        return text.format(seat=name(event.seat), count=event.count)
    if isinstance(event, Drew):
        if event.cards is None:
            text = tr.ngettext("{seat} draws {count} card.", "{seat} draws {count} cards.", event.count)
            return text.format(seat=name(event.seat), count=event.count)
        text = tr.ngettext("{seat} draws {count} card ({cards}).", "{seat} draws {count} cards ({cards}).", event.count)
        cards = ", ".join(card_label(card, tr) for card in event.cards)
        return text.format(seat=name(event.seat), count=event.count, cards=cards)
    if isinstance(event, Locked):
        return tr.gettext("The 5-lock is on: only 1–5, 0, ½ or Ghost may follow.")
    if isinstance(event, ReachedTable):
        return tr.gettext("{seat} is on the table.").format(seat=name(event.seat))
    if isinstance(event, WentOut):
        text = (
            tr.gettext("{seat} has no cards left, at risk: the next move decides.")
            if event.waiting
            else tr.gettext("{seat} has no cards left.")
        )
        return text.format(seat=name(event.seat))
    if event.winner is None:
        return tr.gettext("The move limit is reached: the round ends without a winner.")
    scores = ", ".join(f"{name(seat)} {points}" for seat, points in enumerate(event.points))
    return tr.gettext("{seat} wins the round. Points: {scores}.").format(seat=name(event.winner), scores=scores)
