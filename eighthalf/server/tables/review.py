"""A table's game move by move, as one perspective saw it: the frames of the review page.

A *perspective* is a seat (its number), the spectators (``"spectator"``) or every seat at
once (``"all"``). :func:`review_document` replays a table's moves and gives, for every
position from the deal to the last move, the frame the perspective was shown then: the view
of that position (:meth:`~eighthalf.core.game.Game.view`), the last move's events as the
perspective may see them (:meth:`~eighthalf.core.game.Game.events_for`) and their narration
in the page's language. The ``"all"`` perspective gives the spectators' view and every
seat's own view beside it (``views``). The last frame of a finished game carries its whole
state (``final``), as the table page's frames do.

Who may see what (:func:`allowed_perspectives`): once the table is over (finished, or ended
as abandoned), every perspective; while it is in play, only the seat of the requester's
token, and nothing for anyone else (``review-closed``).

>>> allowed_perspectives(3, over=False, seat=1), allowed_perspectives(2, over=True, seat=None)
([1], [0, 1, 'spectator', 'all'])
>>> perspective_of("spectator", 3), perspective_of("2", 3)
('spectator', 2)
>>> perspective_of("5", 3)
Traceback (most recent call last):
    ...
eighthalf.server.protocol.messages.Refused: perspective: expected a seat from 0 to 2, 'spectator' or 'all', not '5'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from eighthalf.analysis.document import loads
from eighthalf.analysis.narration import decision_text, label_text, summary_text
from eighthalf.core.errors import quote
from eighthalf.core.i18n import DEFAULT_LOCALE
from eighthalf.formats.replay import replay_states
from eighthalf.server.protocol.messages import Refused, result_data
from eighthalf.server.storage.judgements import Judgement
from eighthalf.server.tables.table import Table

__all__ = [
    "EVERY_SEAT",
    "SPECTATOR",
    "Perspective",
    "allowed_perspectives",
    "judgement_data",
    "perspective_of",
    "position_frame",
    "review_document",
    "review_frames",
]

Perspective = int | str
"""A seat's number, :data:`SPECTATOR` or :data:`EVERY_SEAT`."""

SPECTATOR: Final = "spectator"
"""The perspective of the spectators: no seat's cards."""

EVERY_SEAT: Final = "all"
"""The perspective of every seat at once: the spectators' view and each seat's own view."""


def perspective_of(text: str, players: int) -> Perspective:
    """The perspective a query writes ``text``: a seat's number, ``"spectator"`` or ``"all"``.

    Raises:
        Refused: If it is none of these (``bad-perspective``).
    """
    if text in (SPECTATOR, EVERY_SEAT):
        return text
    if text.isascii() and text.isdigit() and len(text) < 3 and int(text) < players:
        return int(text)
    raise Refused(
        "bad-perspective",
        f"perspective: expected a seat from 0 to {players - 1}, {SPECTATOR!r} or {EVERY_SEAT!r}, not {quote(text[:40])}",
    )


def allowed_perspectives(players: int, *, over: bool, seat: int | None) -> list[Perspective]:
    """The perspectives a requester may review: every one once the table is over, else only
    ``seat``, the seat of their token (none without one)."""
    if over:
        return [*range(players), SPECTATOR, EVERY_SEAT]
    return [] if seat is None else [seat]


def _viewer(perspective: Perspective) -> int | None:
    """The seat whose view a perspective draws (``None``: the spectators')."""
    return perspective if type(perspective) is int else None


def review_document(
    table: Table,
    perspective: Perspective,
    seat: int | None,
    locale: str = DEFAULT_LOCALE,
    judgement: Judgement | None = None,
) -> dict[str, Any]:
    """The review of ``table`` from ``perspective`` for a requester at ``seat`` (their token's,
    or ``None``), its narration told in ``locale``: the table's summary, the perspectives the
    requester may choose, a frame for every position, and once the table is over the
    ``judgement`` of its moves (:func:`judgement_data`; none during play).

    Raises:
        Refused: If the requester may not review from ``perspective`` (``review-closed``).
    """
    allowed = allowed_perspectives(table.players, over=table.over, seat=seat)
    if perspective not in allowed:
        if not allowed:
            raise Refused("review-closed", "during play a review shows only your own seat: sit at the table first")
        raise Refused(
            "review-closed", f"during play a review shows only your own seat ({seat}), not {quote(perspective)}"
        )
    return {
        "type": "review",
        "table": table.summary(),
        "lang": locale,
        "perspective": perspective,
        "seat": seat,
        "perspectives": allowed,
        "frames": review_frames(table, perspective, locale),
        "judgement": judgement_data(judgement, locale) if table.over else None,
    }


def judgement_data(judgement: Judgement | None, locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """Where a finished table's judgement stands, as the review page shows it, told in ``locale``:
    its ``status`` (``"waiting"`` before it is queued, then as
    :data:`~eighthalf.server.storage.judgements.STATUSES`), the decisions ``done`` of
    ``total``, and once done each decision (the move played, the best, the cost in chance to
    win, the label and its sentence) and each seat's summary."""
    if judgement is None:
        return {"status": "waiting", "done": 0, "total": 0, "decisions": [], "summaries": []}
    data: dict[str, Any] = {
        "status": judgement.status,
        "done": judgement.done,
        "total": judgement.total,
        "decisions": [],
        "summaries": [],
    }
    if judgement.status == "done" and judgement.document is not None:
        found = loads(judgement.document)
        data["budget"] = found.budget
        data["decisions"] = [
            {
                "number": each.number,
                "seat": each.seat,
                "played": each.played,
                "best": each.best,
                "chance": round(each.chance, 4),
                "best_chance": round(each.best_chance, 4),
                "cost": round(each.cost, 4),
                "label": each.label,
                "label_text": label_text(each.label, locale, short=True),
                "text": decision_text(each, locale),
            }
            for each in found.decisions
        ]
        data["summaries"] = [
            {"seat": each.seat, "accuracy": round(each.accuracy, 1), "text": summary_text(each, locale)}
            for each in found.summaries
        ]
    return data


def review_frames(table: Table, perspective: Perspective, locale: str = DEFAULT_LOCALE) -> list[dict[str, Any]]:
    """A frame for every position of ``table``'s game, from the deal to the last move, as
    ``perspective`` saw it, narrated in ``locale`` (:func:`position_frame`)."""
    game = table.game
    viewer = _viewer(perspective)
    record = attrs.evolve(table.record, moves=tuple(table.moves))  # type: ignore[misc]
    states = list(replay_states(record))
    frames = []
    for number, state in enumerate(states):
        last = None
        told: Sequence[Any] = ()
        if number:
            before = states[number - 1]
            last = {"seat": game.to_move(before), "move": game.move_text(table.moves[number - 1]), "timed_out": False}
            told = game.events_for(table.history[number - 1], viewer)
        ended = number == len(states) - 1 and table.over
        frame = position_frame(table, state, number, viewer, told, last, ended=ended, locale=locale)
        if perspective == EVERY_SEAT:
            frame["views"] = [table.entry.documents.to_data(game.view(state, each)) for each in range(table.players)]
        frames.append(frame)
    return frames


def position_frame(
    table: Table,
    state: Any,
    number: int,
    seat: int | None,
    told: Sequence[Any],
    last: dict[str, Any] | None,
    *,
    ended: bool = False,
    locale: str = DEFAULT_LOCALE,
) -> dict[str, Any]:
    """The frame of ``state``, the position after ``number`` moves of ``table``'s game, as
    ``seat`` (``None``: a spectator) saw it: its view, the last move (``last``) and its events
    as the seat was told them (``told``) with their narration in ``locale``, the result, and
    once the game is over its whole state (``final``). It is shaped as the table page's
    ``state`` frame (no legal moves, no clock: ``moves`` empty, ``seconds_left`` null) so that
    the game's board draws it. ``ended``: the table ended here (as abandoned, maybe)."""
    game, documents = table.game, table.entry.documents
    to_move = game.to_move(state)
    frame: dict[str, Any] = {
        "number": number,
        "seat": seat,
        "to_move": None if ended else to_move,
        "started": True,
        "view": documents.to_data(game.view(state, seat)),
        "moves": [],
        "events": [documents.to_data(event) for event in told],
        "narration": game.narrate(told, table.names(), locale) if told else [],
        "last": last,
        "result": result_data(game.result(state)),
        "seconds_left": None,
    }
    if to_move is None:  # the game is over: nothing of it is secret any more
        frame["final"] = documents.to_data(state)
    return frame
