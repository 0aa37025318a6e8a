"""Analysis and review, written once against the game protocol: how good each move is, from a seat's view alone.

:func:`~eighthalf.analysis.analyse.analyse` values every legal move of the seat to move
from its view (its chance to win and its points, each with a standard error);
:func:`~eighthalf.analysis.review.review` judges every decision of a finished game's
record from the seat that made it; :mod:`eighthalf.analysis.document` writes and reads
reviews as JSON documents. The docs page "Reviewing a game" shows them at work. It knows
no game: the registry gives each game's policies.
"""

from __future__ import annotations

from eighthalf.analysis.analyse import (
    DEFAULT_BUDGET,
    Analysis,
    AnalysisError,
    MoveValue,
    Progress,
    analyse,
    policies_for,
)

__all__ = ["DEFAULT_BUDGET", "Analysis", "AnalysisError", "MoveValue", "Progress", "analyse", "policies_for"]
