"""What 8½ counts and shows of its own in a simulation: its :class:`RoundFigures` (entry's ``Commands.figures``).

The simulation every game derives (:mod:`eighthalf.simulation.summary`) plays 8½'s rounds
with these figures: the catches (P8, P9), collects (T1, C1) and failed blind cards (L4) of
a run, each seat's final counts (E4), a round's JSON line, and views that reuse the seats
that did not change. They say how the summary shows a round: ``rounds`` for games, a
mean count column, the move limit (E7) and the table options, and the rounds without a
winner. A simulation given no rules plays under a move limit of :data:`DEFAULT_MOVE_LIMIT`.

>>> from eighthalf.registry import find
>>> from eighthalf.simulation.summary import simulate
>>> summary = simulate(find("8½"), 4, 20, ["greedy", "random", "random", "random"], seed=1)
>>> summary.games, sum(seat.wins for seat in summary.seats) + summary.no_winner
(20, 20)
>>> [(stats.bot, stats.games) for stats in summary.by_bot]
[('greedy', 20), ('random', 60)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from eighthalf.core.game import Game
from eighthalf.games.eighthalf.moves import BlindPlay, Collect, Move
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.state import GameState, Seat
from eighthalf.games.eighthalf.views import PlayerView, SeatView, seat_view, view_with_seats
from eighthalf.simulation.figures import GameFigures
from eighthalf.simulation.runner import csv_columns

__all__ = ["COUNTERS", "CSV_COLUMNS", "DEFAULT_MOVE_LIMIT", "FIGURES", "RoundFigures", "Viewer"]

DEFAULT_MOVE_LIMIT: Final = 1000
"""The move limit (E7) of a simulation unless the caller gives rules of its own."""

COUNTERS: Final = ("catches", "collects", "failed_blinds")
"""The names of the counters of a run (the entry's ``Commands.figure_names``)."""

CSV_COLUMNS: Final = csv_columns(
    "round",
    after_points=("mean_count",),
    whole=("no_winner",),
    tail=("catches_per_round", "collects_per_round", "failed_blinds_per_round"),
)
"""The columns of 8½'s summary as CSV, in order (see the docs page "Run simulations")."""

_MAX_POINTS: Final = 3  # E6: 2 for the winner, 1 for each lowest count


class Viewer:
    """Builds :class:`~eighthalf.PlayerView`\\ s like :func:`~eighthalf.view`, reusing the
    :class:`~eighthalf.SeatView`\\ s of seats that did not change since the last move."""

    __slots__ = ("_others", "_own")

    def __init__(self, players: int) -> None:
        empty = Seat((), (), (), ())
        self._own: list[tuple[Seat, SeatView | None]] = [(empty, None)] * players
        self._others: list[tuple[Seat, SeatView | None]] = [(empty, None)] * players

    def view(self, state: GameState, me: int) -> PlayerView:
        """Seat ``me``'s view of ``state``, equal to :func:`~eighthalf.view`'s."""
        parts: list[SeatView] = []
        for index, seat in enumerate(state.seats):
            cache = self._own if index == me else self._others
            known, seen = cache[index]
            if known is not seat or seen is None:
                seen = seat_view(seat, index == me)
                cache[index] = (seat, seen)
            parts.append(seen)
        return view_with_seats(state, me, tuple(parts))


def _count_cell(standing: Any) -> str:
    return f"{standing.extra[0] / standing.games:7.2f}"


class RoundFigures(GameFigures):
    """What a round of 8½ adds to a simulation: catches, collects and failed blind cards,
    the final counts (E4), its JSON line, views that reuse the unchanged seats', and the
    summary's words and figures of rounds."""

    __slots__ = ()

    counters = 3  # catches, collects, failed blind cards
    unit = "round"
    out_name = "rounds_out"
    points_range = (0.0, float(_MAX_POINTS))
    shared_wins = False
    points_digits = 3
    standing_column = (f"{'count':>7}", _count_cell)

    def default_rules(self, game: Game[Any, Any, Any, Any, Any]) -> Rules:
        """The rule book's rulings under a move limit of :data:`DEFAULT_MOVE_LIMIT` (E7)."""
        return Rules(move_limit=DEFAULT_MOVE_LIMIT)

    def viewer(self, game: Game[GameState, Move, Any, Any, Any], players: int) -> Callable[[GameState, int], Any]:
        """A :class:`Viewer`'s views."""
        return Viewer(players).view

    def moved(self, before: GameState, move: Move, after: GameState, mover: int) -> int:
        """A catch (0), a collect (1) or a failed blind card (2): the moves that take the pile."""
        if after.pile:
            return -1
        # The pile was taken: a catch, a collect or a failed blind card.
        kind = type(move)
        if kind is Collect:
            return 1
        if after.to_move == mover:  # P9: the catcher starts the next pile
            return 0
        return 2 if kind is BlindPlay else -1  # L4

    def seat_values(self, state: GameState) -> tuple[Sequence[int], ...]:
        """The final counts (E4)."""
        outcome = state.outcome
        assert outcome is not None
        return (outcome.counts,)

    def line(
        self, index: int, seed: int, seats: Sequence[str], state: GameState, moves: Sequence[str], result: Any
    ) -> dict[str, object]:
        """A round's line: ``round``, ``seed``, ``seats``, ``winner`` (``null`` under E7),
        ``points`` (E6), ``counts`` (E4), ``length`` and ``moves``."""
        outcome = state.outcome
        assert outcome is not None
        return {
            "round": index,
            "seed": seed,
            "seats": list(seats),
            "winner": outcome.winner,
            "points": list(outcome.points),
            "counts": list(outcome.counts),
            "length": len(moves),
            "moves": list(moves),
        }

    def standing_figures(self, standing: Any) -> dict[str, Any]:
        """The mean final count (E4): cards left and collected; lower is better."""
        return {"mean_count": standing.extra[0] / standing.games}

    def _per_round(self, summary: Any) -> dict[str, float]:
        return {f"{name}_per_round": total / summary.games for name, total in summary.counters}

    def summary_head(self, summary: Any) -> dict[str, Any]:
        """The move limit, the table options that were on, and the rounds without a winner."""
        rules: Rules = summary.rules
        return {"move_limit": rules.move_limit, "options": list(rules.option_names()), "no_winner": summary.no_winner}

    def summary_tail(self, summary: Any) -> dict[str, Any]:
        """The counters, then each per round."""
        return {**dict(summary.counters), **self._per_round(summary)}

    def csv_columns(self, summary: Any) -> tuple[str, ...]:
        """:data:`CSV_COLUMNS`."""
        return CSV_COLUMNS

    def csv_head(self, summary: Any) -> dict[str, Any]:
        """The rounds won, and those without a winner."""
        return {"wins": summary.games - summary.no_winner, "no_winner": summary.no_winner}

    def csv_tail(self, summary: Any) -> dict[str, Any]:
        """The counters per round."""
        return self._per_round(summary)

    def text_settings(self, summary: Any) -> str:
        """The move limit and the table options, if any."""
        rules: Rules = summary.rules
        settings = "" if rules.move_limit is None else f", move limit {rules.move_limit}"
        options = rules.option_names()
        if options:
            settings += f", table options {' '.join(options)}"
        return settings

    def text_tail(self, summary: Any) -> list[str]:
        """The counters per round, and the rounds without a winner (E7) under a move limit."""
        per = self._per_round(summary)
        tail = [
            f"per round: catches {per['catches_per_round']:.3f}, collects (stuck) {per['collects_per_round']:.3f}, "
            f"failed blind cards {per['failed_blinds_per_round']:.3f}"
        ]
        no_winner, rules = summary.no_winner, summary.rules
        if rules.move_limit is not None or no_winner:
            tail.append(f"rounds without a winner (E7): {no_winner} ({no_winner / summary.games:.1%})")
        return tail


FIGURES: Final = RoundFigures()
"""8½'s figures, for its registry entry."""
