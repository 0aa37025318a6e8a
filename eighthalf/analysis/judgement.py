"""What a review holds: the judgement of each decision, each seat's summary, and the thresholds and formula behind them.

A decision's label comes from the cost of the move played, in chance to win (the best
move's chance minus its own), by the thresholds of :data:`THRESHOLDS`, as lichess names its
judgements; a seat's accuracy is the mean of :func:`move_accuracy`, lichess's formula. The
review itself is made by :func:`eighthalf.analysis.review.review`.
"""

from __future__ import annotations

import math
from typing import Final

import attrs

from eighthalf.analysis.analyse import MoveValue

__all__ = [
    "LABELS",
    "SIGNIFICANCE",
    "THRESHOLDS",
    "Decision",
    "Review",
    "SeatSummary",
    "label",
    "move_accuracy",
    "significant_cost",
]

THRESHOLDS: Final = (("blunder", 0.15), ("mistake", 0.08), ("inaccuracy", 0.04))
"""The labels of a costly move, the worst first, each with the least cost in chance to win
(0 to 1) that earns it: a blunder costs 15 points of percentage or more, a mistake 8, an
inaccuracy 4. A cheaper move is ``"good"``."""
SIGNIFICANCE: Final = 2.0
"""A move is labelled worse than good only if its cost is also at least this many standard
errors: a cost the play-outs cannot tell from luck is no mistake."""
LABELS: Final = ("good", "inaccuracy", "mistake", "blunder", "only move")
"""Every label of a decision: the four of :func:`label`, and ``"only move"`` for a decision
with one legal move."""


def label(cost: float, cost_se: float = 0.0) -> str:
    """The label of a move that cost ``cost`` of a chance to win, with that standard error.

    >>> label(0.2), label(0.1), label(0.05), label(0.01), label(0.2, 0.15)
    ('blunder', 'mistake', 'inaccuracy', 'good', 'good')
    """
    if cost < SIGNIFICANCE * cost_se:
        return "good"
    for name, least in THRESHOLDS:
        if cost >= least:
            return name
    return "good"


def significant_cost(cost: float, cost_se: float) -> float:
    """``cost``, or 0 if it is less than :data:`SIGNIFICANCE` standard errors: what a seat's
    accuracy counts of a move (a cost the play-outs cannot tell from luck counts nothing).

    >>> significant_cost(0.1, 0.02), significant_cost(0.1, 0.06)
    (0.1, 0.0)
    """
    return cost if cost >= SIGNIFICANCE * cost_se else 0.0


def move_accuracy(cost: float) -> float:
    """The accuracy of one move, from 0 to 100, by lichess's formula on the cost in
    percentage points of a chance to win: ``103.1668 * exp(-0.04354 * 100 * cost) - 3.1669``,
    kept within 0 and 100 (a move that cost nothing is 100).

    >>> move_accuracy(0.0), round(move_accuracy(0.1), 1), move_accuracy(1.0)
    (100.0, 63.6, 0.0)
    """
    if cost <= 0:
        return 100.0
    value = 103.1668 * math.exp(-0.04354 * 100 * cost) - 3.1669
    return min(100.0, max(0.0, value))


@attrs.frozen(slots=True, weakref_slot=False)
class Decision:
    """One decision of a reviewed seat, judged from its view at that moment."""

    number: int
    """The number of the move in the record, from 1."""
    seat: int
    """The seat that moved."""
    played: str
    """The move played, in the game's notation."""
    best: str
    """The analysis's best move (the move played when it was the only one)."""
    chance: float
    """The chance to win of the move played, for the seat (0 to 1)."""
    best_chance: float
    """The chance to win of the best move."""
    cost: float
    """The best move's chance minus the move played's: what the move played cost."""
    cost_se: float
    """The standard error of :attr:`cost`, from the paired play-outs."""
    label: str
    """The judgement: one of :data:`LABELS`."""
    moves: tuple[MoveValue, ...]
    """The moves weighed, best first (none for an only move)."""
    unweighed: int
    """How many legal moves were not weighed (beyond the analysis's width)."""
    text: str
    """The decision told in one sentence, in the review's language."""


@attrs.frozen(slots=True, weakref_slot=False)
class SeatSummary:
    """What one reviewed seat's decisions add up to."""

    seat: int
    """The seat."""
    decisions: int
    """Its decisions with more than one legal move (those judged)."""
    only_moves: int
    """Its decisions with one legal move."""
    inaccuracies: int
    """Its moves labelled inaccuracy."""
    mistakes: int
    """Its moves labelled mistake."""
    blunders: int
    """Its moves labelled blunder."""
    cost: float
    """What its inaccuracies, mistakes and blunders cost, in chance to win (their costs added)."""
    accuracy: float
    """The mean of :func:`move_accuracy` of the :func:`significant_cost` of its judged decisions
    (100 with none)."""
    text: str
    """The summary told in one sentence, in the review's language."""


@attrs.frozen(slots=True, weakref_slot=False)
class Review:
    """The review of a game's record from one or more seats."""

    game: str
    """The game's name."""
    players: int
    """The number of seats."""
    result: str
    """The result, as the record writes it (``*`` if the game was not finished)."""
    seats: tuple[int, ...]
    """The seats reviewed, in order."""
    budget: int | None
    """The play-outs of each decision's analysis (``None``: bound by seconds only)."""
    seconds: float | None
    """The most seconds of each decision's analysis, if bound by time."""
    seed: int
    """The seed of the review (decision ``n`` is analysed from ``seed * 1000003 + n``)."""
    locale: str
    """The language of the texts (``"en"``, ``"fr"``, ``"nl"``)."""
    decisions: tuple[Decision, ...]
    """The decisions of the seats reviewed, in the order of the game."""
    summaries: tuple[SeatSummary, ...]
    """One summary per seat reviewed, in seat order."""
