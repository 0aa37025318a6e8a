"""What both games' events modules check the same way: the events and seat given to
``events_for``, and the names given to ``narrate``.

>>> name = seat_namer(["Ann", "Ben"])
>>> name(1), seat_namer(None)(3)
('Ben', 'Seat 3')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.i18n import DEFAULT_LOCALE, translation

__all__ = ["check_events", "check_seat", "seat_namer"]


def check_seat(seat: object) -> None:
    """Check that ``seat`` is a seat number or ``None`` (a spectator).

    Raises:
        InvalidStateError: If it is neither an int nor ``None``.
    """
    if seat is not None and type(seat) is not int:
        raise InvalidStateError(f"a seat is an int or None, not {quote(seat)}")


def check_events(events: object, is_event: Callable[[object], bool]) -> None:
    """Check that ``events`` is a sequence (not text) of items that ``is_event`` accepts.

    Raises:
        InvalidStateError: If it is not, naming the first item that is not an event.
    """
    if isinstance(events, (str, bytes)) or not isinstance(events, Sequence):
        raise InvalidStateError(f"events come as a sequence of events, not {quote(events)}")
    for event in events:
        if not is_event(event):
            raise InvalidStateError(f"not an event: {quote(event)}")


def seat_namer(names: Sequence[str] | None, locale: str = DEFAULT_LOCALE) -> Callable[[int], str]:
    """The function that names a seat for narration: ``names[seat]``, or ``"Seat n"`` (in
    ``locale``'s words: ``"Place n"`` in French, ``"Plaats n"`` in Dutch).

    Raises:
        InvalidStateError: If ``names`` is not ``None`` or a sequence of strings, or ``locale``
            names no supported language (:func:`~eighthalf.core.i18n.check_locale`); the
            function raises it when a seat has no name.
    """
    seat_text = translation(locale).gettext("Seat {seat}")
    if names is not None and (
        isinstance(names, str) or not isinstance(names, Sequence) or not all(type(each) is str for each in names)
    ):
        raise InvalidStateError(f"names must be a sequence of strings, one per seat, not {quote(names)}")

    def name(seat: int) -> str:
        if names is None:
            return seat_text.format(seat=seat)
        if not 0 <= seat < len(names):
            raise InvalidStateError(f"the events mention seat {seat}, but only {len(names)} names are given")
        return names[seat]

    return name
