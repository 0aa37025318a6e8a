"""What Eights counts and shows of its own in a simulation: its :class:`EightsFigures` (entry's ``Commands.figures``).

The simulation every game derives (:mod:`eighthalf.simulation.summary`) plays whole games
of Eights (hands to the target, WG1–WG3) with these figures: the words spelled, the hands
per game, a game's JSON line (``totals``, ``hands``, ``turns``), and the end of a game that
cannot end (:data:`HAND_LIMIT`). They say how the summary shows a game: lengths in turns,
the target and the table's options, the tied games and the hands. By default the bots
move one seat on every game, so that no bot keeps the advantage of a seat.

>>> from eighthalf.registry import find
>>> from eighthalf.simulation.summary import simulate
>>> summary = simulate(find("eights"), 3, 6, ["greedy", "random", "random"], seed=1)
>>> summary.games, sum(seat.games for seat in summary.seats)
(6, 18)
>>> [(stats.bot, stats.games) for stats in summary.by_bot]
[('greedy', 6), ('random', 12)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from eighthalf.games.eights.moves import Move, Spell
from eighthalf.games.eights.options import Rules
from eighthalf.games.eights.state import GameState
from eighthalf.simulation.figures import GameFigures, Unending
from eighthalf.simulation.runner import csv_columns, histogram_figures

__all__ = ["CSV_COLUMNS", "DEFAULT_CHUNK_SIZE", "FIGURES", "FIGURE_NAMES", "HAND_LIMIT", "EightsFigures", "unending"]

DEFAULT_CHUNK_SIZE: Final = 20
"""The most games per work item by default (a game of Eights is some hundred turns; shorter
runs are cut finer, so that every worker gets about 8 chunks)."""

HAND_LIMIT: Final = 1000
"""The most hands a simulated game may take before the simulation stops with an error.

The rule book ends every hand (WH1, WH3) but not every game: a game goes on until a
total reaches the target (WG3), so bots that never spell (possible when the table lets
players pass freely, WR1) would play for ever. No game between the built-in bots comes
near this: greedy and random games take a few hands."""

FIGURE_NAMES: Final = ("spellings", "hands")
"""The names of the counter (words spelled) and of the distribution (hands per game) of a run."""

CSV_COLUMNS: Final = csv_columns(
    "game",
    after_wins=("shared_wins",),
    whole=("tied_games",),
    length_key="turns",
    tail=("mean_hands", "max_hands", "spellings_per_game"),
)
"""The columns of Eights' summary as CSV, in order."""


def unending(state: GameState) -> str | None:
    """Why a game of bots is stopped as one that may never end: still going after
    :data:`HAND_LIMIT` hands (WG3); ``None`` for a game that may go on.

    >>> from eighthalf.games.eights.game import EIGHTS
    >>> unending(EIGHTS.start(2, seed=1)) is None
    True
    """
    if state.outcome is not None or state.hand.number < HAND_LIMIT:
        return None
    return (
        f"did not end within {HAND_LIMIT:,} hands: no total reached the target {state.target} (WG3); "
        "do the bots ever spell?"
    )


class EightsFigures(GameFigures):
    """What a game of Eights adds to a simulation: words spelled, hands per game, its JSON
    line, the end of a game that cannot end (:data:`HAND_LIMIT`), and the summary's words."""

    __slots__ = ()

    counters = 1  # words spelled
    histograms = 1  # hands per game
    tag = b"eighthalf-eights-simulate-v1"
    chunk_size = DEFAULT_CHUNK_SIZE
    rules_name = "an eighthalf.eights.Rules"
    out_name = "games_out"
    rotate_seats = True
    line_keys = ("totals", "turns")
    length_key = "turns"
    length_unit = "turns"

    def moved(self, before: GameState, move: Move, after: GameState, mover: int) -> int:
        """A word spelled (0).

        Raises:
            Unending: If the game is still going after :data:`HAND_LIMIT` hands (WG3).
        """
        if after.hand.number >= HAND_LIMIT and (why := unending(after)) is not None:
            raise Unending(why)
        return 0 if type(move) is Spell else -1

    def game_values(self, state: GameState, moves: Sequence[Move]) -> tuple[int, ...]:
        """The hands the game took."""
        return (len(state.hand_scores),)

    def line_values(self, state: GameState) -> dict[str, object]:
        """The hands the game took."""
        return {"hands": len(state.hand_scores)}

    def _hands(self, summary: Any) -> tuple[float, int, float]:
        hands = summary.histogram("hands")
        return histogram_figures(hands, summary.games).mean, hands[-1][0], summary.counter("spellings") / summary.games

    def summary_keys(self, summary: Any) -> dict[str, Any]:
        """The game's key, ``eights``."""
        return {"game": "eights"}

    def summary_head(self, summary: Any) -> dict[str, Any]:
        """The target, the turn limit, whether passing is free (WR1), and the tied games."""
        rules: Rules = summary.rules
        return {
            "target": rules.target_for(summary.players),
            "turn_limit": rules.turn_limit,
            "may_pass_freely": rules.may_pass_freely,
            "tied_games": summary.shared_games,
        }

    def summary_tail(self, summary: Any) -> dict[str, Any]:
        """The hands (mean, most, histogram) and the words spelled."""
        mean, most, spellings = self._hands(summary)
        return {
            "hands": {"mean": mean, "max": most, "histogram": [list(pair) for pair in summary.histogram("hands")]},
            "spellings": summary.counter("spellings"),
            "spellings_per_game": spellings,
        }

    def csv_columns(self, summary: Any) -> tuple[str, ...]:
        """:data:`CSV_COLUMNS`."""
        return CSV_COLUMNS

    def csv_head(self, summary: Any) -> dict[str, Any]:
        """The tied games."""
        return {"tied_games": summary.shared_games}

    def csv_tail(self, summary: Any) -> dict[str, Any]:
        """The hands' mean and most, and the words spelled per game."""
        mean, most, spellings = self._hands(summary)
        return {"mean_hands": mean, "max_hands": most, "spellings_per_game": spellings}

    def text_settings(self, summary: Any) -> str:
        """The target, the turn limit if any, and passing freely (WR1) if on."""
        rules: Rules = summary.rules
        settings = f", target {rules.target_for(summary.players)}"
        if rules.turn_limit is not None:
            settings += f", turn limit {rules.turn_limit}"
        if rules.may_pass_freely:
            settings += ", passing freely (WR1)"
        return settings

    def text_tail(self, summary: Any) -> list[str]:
        """The hands and words spelled per game, and the tied games (WG3)."""
        mean, most, spellings = self._hands(summary)
        tied = summary.shared_games
        return [
            f"hands per game: mean {mean:.2f}, max {most}; words spelled per game {spellings:.1f}",
            f"games with a shared win (WG3): {tied} ({tied / summary.games:.1%})",
        ]


FIGURES: Final = EightsFigures()
"""Eights' figures, for its registry entry."""
