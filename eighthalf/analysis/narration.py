"""The texts of a review, told in English, French or Dutch by the project's gettext catalogues.

The words are those of the published rule sheets (docs/languages.rst): a seat is a
*place* (French) or *plaats* (Dutch), a move a *coup* or *zet*; the labels are lichess's in
each language (*imprécision*, *erreur*, *gaffe*; *onnauwkeurigheid*, *fout*, *blunder*).

>>> from eighthalf.analysis.judgement import Decision
>>> decision = Decision(7, 1, "5", "4", 0.31, 0.42, 0.11, 0.02, "mistake", (), 0, "")
>>> decision_text(decision, "en")
'Move 7: Seat 1 played 5 (31% to win); the best was 4 (42%): a mistake, a cost of 11%.'
>>> decision_text(decision, "fr").replace("\\xa0", " ")  # French writes a no-break space before %
'Coup 7 : Place 1 a joué 5 (31 % de chances de gagner) ; le meilleur était 4 (42 %) : une erreur, qui coûte 11 %.'
>>> decision_text(decision, "nl")
'Zet 7: Plaats 1 speelde 5 (31% kans om te winnen); de beste was 4 (42%): een fout, die 11% kost.'
"""

from __future__ import annotations

from typing import Final

from eighthalf.analysis.judgement import Decision, Review, SeatSummary
from eighthalf.core.i18n import N_, translation

__all__ = [
    "HEADINGS",
    "LABEL_TEXTS",
    "decision_text",
    "heading",
    "label_text",
    "percent",
    "seat_name",
    "summary_text",
    "title",
]

LABEL_TEXTS: Final = {
    "good": N_("a good move"),
    "inaccuracy": N_("an inaccuracy"),
    "mistake": N_("a mistake"),
    "blunder": N_("a blunder"),
    "only move": N_("the only move"),
}
"""How a sentence names each label (:data:`~eighthalf.analysis.judgement.LABELS`), in English."""

HEADINGS: Final = {
    "number": N_("move"),
    "seat": N_("seat"),
    "played": N_("played"),
    "chance": N_("to win"),
    "best": N_("best"),
    "best_chance": N_("to win"),
    "cost": N_("cost"),
    "label": N_("judgement"),
}
"""The headings of the columns of a review's table, in English."""

_SHORT_LABELS: Final = {
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
    "only move": N_("only move"),
}


def percent(value: float, locale: str = "en") -> str:
    """``value`` (0 to 1) as a whole percentage, written as ``locale`` writes one.

    >>> percent(0.305), percent(0.305, "fr")
    ('31%', '31\\xa0%')
    """
    return translation(locale).gettext(N_("{percent}%")).format(percent=round(100 * value + 1e-9))


def seat_name(seat: int, locale: str = "en") -> str:
    """The seat as the narration of every game names it (``"Seat 2"``, ``"Place 2"``, ``"Plaats 2"``)."""
    return translation(locale).gettext(N_("Seat {seat}")).format(seat=seat)


def label_text(label: str, locale: str = "en", *, short: bool = False) -> str:
    """The label as a sentence names it (``"a mistake"``), or in a table's column (``short``: ``"mistake"``)."""
    return translation(locale).gettext((_SHORT_LABELS if short else LABEL_TEXTS)[label])


def heading(column: str, locale: str = "en") -> str:
    """The heading of a column of a review's table (a key of :data:`HEADINGS`)."""
    return translation(locale).gettext(HEADINGS[column])


def decision_text(decision: Decision, locale: str = "en") -> str:
    """One decision told in one sentence."""
    gettext = translation(locale).gettext
    values = {
        "number": decision.number,
        "seat": seat_name(decision.seat, locale),
        "played": decision.played,
        "best": decision.best,
        "chance": percent(decision.chance, locale),
        "best_chance": percent(decision.best_chance, locale),
        "cost": percent(decision.cost, locale),
        "label": label_text(decision.label, locale),
    }
    if decision.label == "only move":
        return gettext(N_("Move {number}: {seat} played {played}, the only move.")).format(**values)
    if decision.played == decision.best:
        return gettext(N_("Move {number}: {seat} played {played}, the best move ({chance} to win).")).format(**values)
    template = N_(
        "Move {number}: {seat} played {played} ({chance} to win); the best was {best} ({best_chance}): {label}, a cost of {cost}."
    )
    return gettext(template).format(**values)


def summary_text(summary: SeatSummary, locale: str = "en") -> str:
    """One seat's summary told in one sentence.

    >>> from eighthalf.analysis.judgement import SeatSummary
    >>> summary_text(SeatSummary(0, 12, 3, 2, 1, 0, 0.234, 81.25, ""), "nl")
    'Plaats 0: 12 beslissingen en 3 enige zetten; onnauwkeurigheden 2, fouten 1, blunders 0, samen 23% winstkans verloren; nauwkeurigheid 81.'
    """
    template = N_(
        "{seat}: {decisions} decisions and {only} only moves; inaccuracies {inaccuracies}, mistakes {mistakes}, "
        "blunders {blunders}, which cost {cost} of a chance to win; accuracy {accuracy}."
    )
    return (
        translation(locale)
        .gettext(template)
        .format(
            seat=seat_name(summary.seat, locale),
            decisions=summary.decisions,
            only=summary.only_moves,
            inaccuracies=summary.inaccuracies,
            mistakes=summary.mistakes,
            blunders=summary.blunders,
            cost=percent(summary.cost, locale),
            accuracy=round(summary.accuracy),
        )
    )


def title(found: Review) -> str:
    """The first line of a review's table: the game, its seats and result, and the budget."""
    gettext = translation(found.locale).gettext
    if found.budget is None:
        budget = gettext(N_("{seconds} s a decision")).format(seconds=found.seconds)
    else:
        budget = gettext(N_("{budget} play-outs a decision")).format(budget=found.budget)
    template = N_("Review of a game of {game}: {players} players, result {result}; {budget}, seed {seed}.")
    return gettext(template).format(
        game=found.game, players=found.players, result=found.result, budget=budget, seed=found.seed
    )
