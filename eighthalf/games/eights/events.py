"""Events of Eights: what happened in a move, in order, for front-ends to animate and narrate.

:func:`apply_with_events` makes a move and reports it as a tuple of small frozen events.
Everything in them is public (WI1) except which cards a player drew and which cards a
passer put under the stack: :func:`events_for` hides those from everybody but that
player (WI2, WI3, WP3).

>>> from eighthalf.eights import new_game, legal_moves
>>> state = new_game(2, seed=3)
>>> move = legal_moves(state)[0]
>>> state, events = apply_with_events(state, move)
>>> for line in narrate(events_for(events, seat=1), ["Ann", "Ben"]):
...     print(line)
Ann spells TWO with 4w, 6t from the hand and 1o from the table, replaced by 1v: 2 points.
Ann draws 3 cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from gettext import NullTranslations
from typing import Final, Literal, TypeAlias, final

from eighthalf.core.events import check_events, check_seat, seat_namer
from eighthalf.core.frozen import Frozen
from eighthalf.core.i18n import DEFAULT_LOCALE, translation
from eighthalf.games.eights.cards import Card
from eighthalf.games.eights.engine import apply
from eighthalf.games.eights.moves import Move, Pass, Spell
from eighthalf.games.eights.state import GameState

__all__ = [
    "Drew",
    "Event",
    "GameOver",
    "HandDealt",
    "HandOver",
    "Passed",
    "Spelled",
    "apply_with_events",
    "describe",
    "events_for",
    "narrate",
]


@final
class Spelled(Frozen):
    """A seat spelled a word (WT2–WT5): its cards went to the score pile, the replacing cards to the table."""

    __slots__ = ("seat", "spell")
    __match_args__ = ("seat", "spell")

    seat: int
    """Who spelled."""
    spell: Spell
    """The spelling: word, cards and replacing cards (all public, WI1)."""

    def __init__(self, seat: int, spell: Spell) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "spell", spell)


@final
class Passed(Frozen):
    """A seat passed (WP1), putting ``count`` cards under the stack."""

    __slots__ = ("count", "exchange", "seat")
    __match_args__ = ("seat", "count", "exchange")

    seat: int
    """Who passed."""
    count: int
    """How many cards went under the stack (public, WP3)."""
    exchange: tuple[Card, ...] | None
    """Which cards; ``None`` in the events given to anybody but the passer (WP3)."""

    def __init__(self, seat: int, count: int, exchange: tuple[Card, ...] | None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "exchange", exchange)


@final
class Drew(Frozen):
    """A seat drew cards from the top of the stack (WT6, WP1)."""

    __slots__ = ("cards", "count", "seat")
    __match_args__ = ("seat", "count", "cards")

    seat: int
    """Who drew."""
    count: int
    """How many cards."""
    cards: tuple[Card, ...] | None
    """Which cards; ``None`` in the events given to anybody but the drawer (WI2, WI3)."""

    def __init__(self, seat: int, count: int, cards: tuple[Card, ...] | None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)


@final
class HandOver(Frozen):
    """A hand ended (WH1 or WH3) and was scored (WH2)."""

    __slots__ = ("number", "reason", "scores", "totals")
    __match_args__ = ("number", "reason", "scores", "totals")

    number: int
    """Which hand, from 0."""
    reason: Literal["passes", "turn limit"]
    """Why: every player passed in a row (WH1), or the turn limit was reached (WH3)."""
    scores: tuple[int, ...]
    """Each seat's points in the hand (WH2)."""
    totals: tuple[int, ...]
    """Each seat's total after it (WG1)."""

    def __init__(
        self, number: int, reason: Literal["passes", "turn limit"], scores: tuple[int, ...], totals: tuple[int, ...]
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "totals", totals)


@final
class HandDealt(Frozen):
    """The next hand was dealt (WG2): the table kept, the dealer one seat on."""

    __slots__ = ("dealer", "number", "to_move")
    __match_args__ = ("number", "dealer", "to_move")

    number: int
    """Which hand, from 0."""
    dealer: int
    """Its dealer."""
    to_move: int
    """The seat that plays first."""

    def __init__(self, number: int, dealer: int, to_move: int) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "to_move", to_move)


@final
class GameOver(Frozen):
    """The game ended (WG3)."""

    __slots__ = ("totals", "winners")
    __match_args__ = ("totals", "winners")

    totals: tuple[int, ...]
    """Each seat's total."""
    winners: tuple[int, ...]
    """The seat or seats with the highest total."""

    def __init__(self, totals: tuple[int, ...], winners: tuple[int, ...]) -> None:
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "winners", winners)


Event: TypeAlias = Spelled | Passed | Drew | HandOver | HandDealt | GameOver
"""Any event of a move."""


def apply_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """Make a move like :func:`~eighthalf.eights.apply` and report what happened, in order.

    The events are the full record (drawn and exchanged cards included); pass them
    through :func:`events_for` before sending them to a player.

    Raises:
        IllegalMoveError: If the move is not legal in ``state``.
    """
    after = apply(state, move)
    return after, describe(state, move, after)


def describe(before: GameState, move: Move, after: GameState) -> tuple[Event, ...]:
    """The events of ``move`` taking ``before`` to ``after`` (which must be its result)."""
    hand = before.hand
    mover = hand.to_move
    held = len(hand.hands[mover])
    events: list[Event] = []
    if isinstance(move, Spell):
        events.append(Spelled(mover, move))
        count = min(max(before.full_hand - (held - len(move.spent)), 0), len(hand.stack))
    else:
        count = len(move.exchange)
        events.append(Passed(mover, count, move.exchange))
    if count:
        events.append(Drew(mover, count, hand.stack[:count]))
    if len(after.hand_scores) > len(before.hand_scores):
        ended = isinstance(move, Pass) and hand.passes + 1 >= len(hand.hands)
        events.append(HandOver(hand.number, "passes" if ended else "turn limit", after.hand_scores[-1], after.totals))
        if after.outcome is not None:
            events.append(GameOver(after.outcome.totals, after.outcome.winners))
        else:
            events.append(HandDealt(after.hand.number, after.hand.dealer, after.hand.to_move))
    return tuple(events)


_EVENT_TYPES: Final = (Spelled, Passed, Drew, HandOver, HandDealt, GameOver)


def _is_event(event: object) -> bool:
    return type(event) in _EVENT_TYPES


def events_for(events: Sequence[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: drawn and exchanged cards hidden unless they are
    the seat's own (WI2, WI3, WP3). ``seat=None`` gives a spectator's events.

    Raises:
        InvalidStateError: If ``seat`` is neither an int nor ``None``, or an item of
            ``events`` is not an event of Eights.
    """
    check_seat(seat)
    check_events(events, _is_event)
    shown: list[Event] = []
    for event in events:
        if isinstance(event, Drew) and event.seat != seat:
            shown.append(Drew(event.seat, event.count, None))
        elif isinstance(event, Passed) and event.seat != seat:
            shown.append(Passed(event.seat, event.count, None))
        else:
            shown.append(event)
    return tuple(shown)


def _listed(cards: Sequence[Card]) -> str:
    return ", ".join(map(str, cards))


def narrate(events: Sequence[Event], names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE) -> list[str]:
    """Tell the events in plain words, one sentence each: English by default, or French
    (``locale="fr"``) or Dutch (``"nl"``). The words spelled and the cards stay as they are
    (the deck and the dictionary are English).

    ``names`` gives each seat's name; by default seats are called "Seat 0", "Seat 1" ….

    >>> narrate([GameOver((12, 30), (1,))], ["Anna", "Ben"], locale="fr")
    ['La partie est finie : Ben gagne avec 30 points.']

    Raises:
        InvalidStateError: If an item of ``events`` is not an event of Eights, ``names``
            is not a sequence of strings with a name for every seat the events mention,
            or ``locale`` names no supported language (:func:`~eighthalf.core.i18n.check_locale`).
    """
    check_events(events, _is_event)
    name = seat_namer(names, locale)
    tr = translation(locale)
    return [_line(event, name, tr) for event in events]


def _line(event: Event, name: Callable[[int], str], tr: NullTranslations) -> str:
    """One event told in the language of ``tr``."""
    if isinstance(event, Spelled):
        spell = event.spell
        table = tr.gettext("{cards} from the table, replaced by {replacements}").format(
            cards=_listed(spell.table), replacements=_listed(spell.replacements)
        )
        if spell.hand:
            hand = tr.gettext("{cards} from the hand").format(cards=_listed(spell.hand))
            table = tr.gettext("{first} and {second}").format(first=hand, second=table)
        text = tr.ngettext(
            "{seat} spells {word} with {cards}: {value} point.",
            "{seat} spells {word} with {cards}: {value} points.",
            spell.value,
        )
        return text.format(seat=name(event.seat), word=spell.word, cards=table, value=spell.value)
    if isinstance(event, Passed):
        if not event.count:
            return tr.gettext("{seat} passes.").format(seat=name(event.seat))
        if event.exchange is None:
            text = tr.ngettext(
                "{seat} passes and puts {count} card under the stack.",
                "{seat} passes and puts {count} cards under the stack.",
                event.count,
            )
            return text.format(seat=name(event.seat), count=event.count)
        text = tr.ngettext(
            "{seat} passes and puts {count} card ({cards}) under the stack.",
            "{seat} passes and puts {count} cards ({cards}) under the stack.",
            event.count,
        )
        return text.format(seat=name(event.seat), count=event.count, cards=_listed(event.exchange))
    if isinstance(event, Drew):
        if event.cards is None:
            text = tr.ngettext("{seat} draws {count} card.", "{seat} draws {count} cards.", event.count)
            return text.format(seat=name(event.seat), count=event.count)
        text = tr.ngettext("{seat} draws {count} card ({cards}).", "{seat} draws {count} cards ({cards}).", event.count)
        return text.format(seat=name(event.seat), count=event.count, cards=_listed(event.cards))
    if isinstance(event, HandOver):
        text = (
            tr.gettext("Hand {number} is over (everybody passed). Points: {scores}. Totals: {totals}.")
            if event.reason == "passes"
            else tr.gettext("Hand {number} is over (the turn limit is reached). Points: {scores}. Totals: {totals}.")
        )
        scores = ", ".join(f"{name(seat)} {points}" for seat, points in enumerate(event.scores))
        totals = ", ".join(f"{name(seat)} {points}" for seat, points in enumerate(event.totals))
        return text.format(number=event.number + 1, scores=scores, totals=totals)
    if isinstance(event, HandDealt):
        return tr.gettext("Hand {number} is dealt by {dealer}; {seat} plays first.").format(
            number=event.number + 1, dealer=name(event.dealer), seat=name(event.to_move)
        )
    winners = tr.gettext(" and ").join(name(seat) for seat in event.winners)
    text = (
        tr.gettext("The game is over: {winners} wins with {points} points.")
        if len(event.winners) == 1
        else tr.gettext("The game is over: {winners} share the win with {points} points.")
    )
    return text.format(winners=winners, points=max(event.totals))
