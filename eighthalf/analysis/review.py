"""The review of a finished game from its record: every decision of a seat judged from that seat's view.

:func:`review` replays a record (:func:`~eighthalf.formats.replay.replay_states`) and, at
each decision of the seats reviewed, analyses the view that seat had then
(:func:`~eighthalf.analysis.analyse.analyse`), the move played always among the moves
weighed. A decision gets the move played, the analysis's best, the cost of the move
played in chance to win (the best move's chance minus its own) and a label
(:func:`~eighthalf.analysis.judgement.label`); each seat a :class:`~eighthalf.analysis.judgement.SeatSummary`. The texts are told in English, French
or Dutch (:mod:`eighthalf.analysis.narration`).

>>> from eighthalf.games.eights.records import Record
>>> from eighthalf.games.eights.game import EIGHTS
>>> record = Record(players=2, seed=3, moves=(EIGHTS.legal_moves(EIGHTS.start(2, seed=3))[0],))
>>> found = review(record, budget=20)
>>> [(decision.number, decision.label) for decision in found.decisions]
[(1, 'good')]

The labels' thresholds are :data:`~eighthalf.analysis.judgement.THRESHOLDS`, as lichess
names its judgements; one accuracy figure sums up a seat
(:func:`~eighthalf.analysis.judgement.move_accuracy`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from eighthalf.analysis.analyse import (
    DEFAULT_BUDGET,
    AnalysisError,
    analyse,
    check_budget,
    check_seconds,
    check_seed,
)
from eighthalf.analysis.judgement import LABELS, Decision, Review, SeatSummary, label, move_accuracy, significant_cost
from eighthalf.analysis.narration import decision_text, summary_text
from eighthalf.core.errors import EighthalfError, quote
from eighthalf.core.game import result_text
from eighthalf.core.i18n import DEFAULT_LOCALE, check_locale
from eighthalf.formats.replay import GameRecord, replay_states

__all__ = ["review"]


def _seats(seats: int | Iterable[int] | None, players: int) -> tuple[int, ...]:
    if seats is None:
        return tuple(range(players))
    chosen = (seats,) if isinstance(seats, int) else tuple(seats)
    for seat in chosen:
        if type(seat) is not int or not 0 <= seat < players:
            raise AnalysisError(
                f"seat {quote(seat)} is out of range: the game has {players} seats (0 to {players - 1})"
            )
    if not chosen:
        raise AnalysisError("a review needs at least one seat")
    return tuple(sorted(set(chosen)))


def review(
    record: GameRecord[Any, Any],
    seats: int | Iterable[int] | None = None,
    *,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = None,
    seed: int = 0,
    locale: str = DEFAULT_LOCALE,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of ``record`` from ``seats`` (a seat, several, or ``None`` for every seat).

    Every decision of a reviewed seat is analysed from that seat's view at that moment
    (never from the real state), with ``budget`` play-outs and at most ``seconds``
    seconds; decision ``n`` from the seed ``seed * 1000003 + n``, so that a decision's
    judgement does not depend on which other seats are reviewed.

    Args:
        record: A record of any registered game (its ``game`` replays it).
        seats: The seats to review.
        budget: Play-outs per decision (``None``: bound by ``seconds`` only).
        seconds: The most seconds per decision, if any.
        seed: The review's seed.
        locale: The language of the texts.
        progress: Called after each decision reviewed with the decisions done and their number.

    Raises:
        AnalysisError: If ``record`` is not a record or does not replay, a seat is out of
            range, the budget or the seconds are not positive numbers, the seed is not an
            integer or the locale is not one of the languages.
    """
    if not isinstance(record, GameRecord):
        raise AnalysisError(f"a review needs a game's record, not {quote(record)}")
    budget = None if budget is None else check_budget(budget)
    seconds = check_seconds(seconds)
    seed = check_seed(seed)
    if budget is None and seconds is None:
        raise AnalysisError("a review needs a budget of play-outs or of seconds, not neither")
    try:
        locale = check_locale(locale)
    except EighthalfError as error:
        raise AnalysisError(str(error)) from None
    try:
        states = list(replay_states(record))
    except EighthalfError as error:
        raise AnalysisError(f"the record does not replay: {error}") from None
    game = record.game
    chosen = _seats(seats, record.players)
    turns = [
        (number, seat)
        for number, state in enumerate(states[:-1], 1)
        if (seat := game.to_move(state)) is not None and seat in chosen
    ]
    decisions: list[Decision] = []
    for done, (number, seat) in enumerate(turns, 1):
        state, move = states[number - 1], record.moves[number - 1]
        seen = game.view(state, seat)
        played = game.move_text(move)
        if len(seen.legal_moves()) == 1:
            decision = Decision(number, seat, played, played, 0.0, 0.0, 0.0, 0.0, "only move", (), 0, "")
        else:
            found = analyse(game, seen, budget=budget, seconds=seconds, seed=seed * 1_000_003 + number, include=(move,))
            own, best = found.value(played), found.best
            decision = Decision(
                number,
                seat,
                played,
                best.move,
                own.chance,
                best.chance,
                own.loss,
                own.loss_se,
                label(own.loss, own.loss_se),
                found.moves,
                len(found.unweighed),
                "",
            )
        decisions.append(attrs.evolve(decision, text=decision_text(decision, locale)))
        if progress is not None:
            progress(done, len(turns))
    summaries = tuple(_summary(seat, [each for each in decisions if each.seat == seat], locale) for seat in chosen)
    return Review(
        game.name,
        record.players,
        result_text(game, states[-1]),
        chosen,
        budget,
        seconds,
        seed,
        locale,
        tuple(decisions),
        tuple(attrs.evolve(summary, text=summary_text(summary, locale)) for summary in summaries),
    )


def _summary(seat: int, decisions: list[Decision], locale: str) -> SeatSummary:
    judged = [each for each in decisions if each.label != "only move"]
    counts = {name: sum(each.label == name for each in judged) for name in LABELS}
    costs = [move_accuracy(significant_cost(each.cost, each.cost_se)) for each in judged]
    accuracy = sum(costs) / len(costs) if costs else 100.0
    return SeatSummary(
        seat,
        len(judged),
        len(decisions) - len(judged),
        counts["inaccuracy"],
        counts["mistake"],
        counts["blunder"],
        sum(each.cost for each in judged if each.label != "good"),
        accuracy,
        "",
    )
