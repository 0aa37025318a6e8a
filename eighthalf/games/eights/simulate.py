"""Simulations of Eights: play many seeded games between bots and summarise them.

:func:`simulate` plays ``games`` independent whole games (hands to the target, WG1–WG3:
a game is what a player of Eights counts) between named bots (see
``eighthalf.games.eights.bots.BOTS``) and returns a :class:`Summary`: win rates and final
points by seat and by bot with 95% confidence intervals, tied games, and the length of
games in turns and in hands.

>>> summary = simulate(3, 6, ["greedy", "random", "random"], seed=1)
>>> summary.games, sum(seat.games for seat in summary.seats)
(6, 18)
>>> [(stats.bot, stats.games) for stats in summary.by_bot]
[('greedy', 6), ('random', 12)]

It runs on the simulation runner that 8½'s :mod:`eighthalf.games.eighthalf.simulate` runs on too
(:mod:`eighthalf.simulation.simulate`, bound to Eights by :data:`BINDING`): game ``i`` is dealt with a seed derived from
``(seed, i)`` alone and its bots draw from a :class:`random.Random` derived the same
way, so a summary depends only on the arguments, never on how the games were split
into chunks or spread over workers (a process pool, a thread pool, a Dask client's
executor). By default the bots move one seat on every game (``rotate_seats``), so that
no bot keeps the advantage of a seat.

The command line front-end is ``python -m eighthalf eights simulate`` (see
:mod:`eighthalf.games.eights.cli`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, Final, TextIO

import attrs

from eighthalf.games.eights.bots import BOTS, Bot
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.moves import Move, Spell
from eighthalf.games.eights.options import Rules
from eighthalf.games.eights.state import GameState
from eighthalf.simulation import runner
from eighthalf.simulation.runner import csv_columns, game_seeds, histogram_figures, standings
from eighthalf.simulation.simulate import (
    GameFigures,
    SimulatedGame,
    SummaryFigures,
    Totals,
    Unending,
    run_simulation,
    standings_table,
)
from eighthalf.simulation.summary import GameStanding

__all__ = [
    "BINDING",
    "CSV_COLUMNS",
    "DEFAULT_CHUNK_SIZE",
    "HAND_LIMIT",
    "MAX_GAMES",
    "Standing",
    "Summary",
    "bot_factory",
    "game_seeds_of",
    "load_bot",
    "simulate",
    "unending",
]

DEFAULT_CHUNK_SIZE: Final = 20
"""The most games per work item by default (a game of Eights is some hundred turns; shorter
runs are cut finer, so that every worker gets about 8 chunks)."""

MAX_GAMES: Final = 10**15
"""The most games one simulation plays. Results are streamed and added up as they come,
so memory does not grow with the games."""

HAND_LIMIT: Final = 1000
"""The most hands a simulated game may take before the simulation stops with an error.

The rule book ends every hand (WH1, WH3) but not every game: a game goes on until a
total reaches the target (WG3), so bots that never spell (possible when the table lets
players pass freely, WR1) would play for ever. No game between the built-in bots comes
near this: greedy and random games take a few hands."""

_TAG: Final = b"eighthalf-eights-simulate-v1"


def unending(state: GameState) -> str | None:
    """Why a game of bots is stopped as one that may never end: still going after
    :data:`HAND_LIMIT` hands (WG3); ``None`` for a game that may go on.

    >>> unending(EIGHTS.start(2, seed=1)) is None
    True
    """
    if state.outcome is not None or state.hand.number < HAND_LIMIT:
        return None
    return (
        f"did not end within {HAND_LIMIT:,} hands: no total reached the target {state.target} (WG3); "
        "do the bots ever spell?"
    )


def bot_factory(spec: str) -> Callable[[], Bot]:
    """What makes a new Eights bot of ``spec``: a name of ``eighthalf.games.eights.bots.BOTS``, or
    ``"module:attribute"`` (see :func:`eighthalf.simulation.runner.bot_factory`).

    >>> bot_factory("greedy")().name
    'greedy'

    Raises:
        EighthalfError: If ``spec`` is not a string, names no built-in bot, or its module
            cannot be imported, lacks the attribute, or the attribute is not callable.
    """
    return runner.bot_factory(spec, BOTS)


def load_bot(spec: str) -> Bot:
    """A new Eights bot of ``spec`` (see :func:`bot_factory`).

    >>> load_bot("random").name
    'random'

    Raises:
        EighthalfError: If ``spec`` cannot be resolved, what it makes has no ``choose`` method,
            or it is a bot of 8½.
    """
    bot: Bot = BINDING.load(spec)
    return bot


def game_seeds_of(seed: int, index: int) -> tuple[int, int]:
    """The deal seed and the bots' random seed of game ``index`` of a simulation seeded with ``seed``.

    The deal seed is the ``seed`` of :func:`~eighthalf.eights.new_game` for that game (WS5).

    >>> game_seeds_of(1, 0) == game_seeds_of(1, 0) != game_seeds_of(1, 1)
    True
    """
    return game_seeds(_TAG, seed, index)


@attrs.frozen(slots=True, weakref_slot=False)
class Standing(GameStanding):
    """The results of one seat, or of one bot over every seat it played, as exact totals:
    the standing every game's derived summary has (:class:`~eighthalf.simulation.summary.GameStanding`:
    ``seat``, ``bot``, ``games``, ``wins``, ``shared``, ``points``, ``points_squared``).

    A *seat-game* is one seat in one game: a bot that holds two seats plays two seat-games
    a game. A shared win (tied highest totals, WG3) counts as a win of each winner. The
    points are the final totals (WG1), at least 0.
    """


CSV_COLUMNS: Final = csv_columns(
    "game",
    after_wins=("shared_wins",),
    whole=("tied_games",),
    length_key="turns",
    tail=("mean_hands", "max_hands", "spellings_per_game"),
)
"""The columns of :meth:`Summary.to_csv`, in order."""


@attrs.frozen(slots=True, weakref_slot=False)
class Summary(SummaryFigures):
    """What a simulation of Eights found: the settings, exact totals, and figures derived from them.

    Two runs with the same arguments give equal summaries, whatever the executor, the
    number of workers or the chunk size. What every game's summary derives alike comes
    from :class:`~eighthalf.simulation.simulate.SummaryFigures`.
    """

    _title = "Eights"
    _unit = "game"
    _length_key = "turns"
    _lengths_field = "turns"
    _length_unit = "turns"

    players: int
    """The number of seats."""
    games: int
    """The number of games played."""
    bots: tuple[str, ...]
    """The bots by seat (in game 0 when ``rotate_seats``)."""
    seed: int
    """The simulation's seed."""
    rotate_seats: bool
    """Whether the bots moved one seat on every game (game ``i``: seat ``s`` has ``bots[(s + i) % players]``)."""
    target: int
    """The target of the games (WG1, WR2)."""
    turn_limit: int | None
    """The turn limit of a hand (WH3), if any."""
    may_pass_freely: bool
    """Whether the table option WR1 was on."""
    seats: tuple[Standing, ...]
    """The results by seat."""
    by_bot: tuple[Standing, ...]
    """The results by bot name, in order of first appearance in :attr:`bots`."""
    tied: int
    """Games whose win was shared (tied highest totals, WG3)."""
    turns: tuple[tuple[int, int], ...]
    """The distribution of game lengths in turns (moves): ``(turns, games)`` pairs by length."""
    hands: tuple[tuple[int, int], ...]
    """The distribution of game lengths in hands: ``(hands, games)`` pairs by length."""
    spellings: int
    """Total words spelled (the other turns were passes)."""

    # the lengths' figures every summary derives, under the names of Eights' turns
    mean_turns = SummaryFigures.mean_length
    median_turns = SummaryFigures.median_length
    min_turns = SummaryFigures.min_length
    max_turns = SummaryFigures.max_length

    @property
    def mean_hands(self) -> float:
        """Mean hands per game."""
        return histogram_figures(self.hands, self.games).mean

    @property
    def max_hands(self) -> int:
        """The most hands a game took."""
        return self.hands[-1][0]

    @property
    def spellings_per_game(self) -> float:
        """Mean words spelled per game."""
        return self.spellings / self.games

    def to_dict(self) -> dict[str, Any]:
        """Everything, derived figures included, as plain JSON-ready values."""
        head = {
            "target": self.target,
            "turn_limit": self.turn_limit,
            "may_pass_freely": self.may_pass_freely,
            "tied_games": self.tied,
        }
        tail = {
            "hands": {"mean": self.mean_hands, "max": self.max_hands, "histogram": [list(pair) for pair in self.hands]},
            "spellings": self.spellings,
            "spellings_per_game": self.spellings_per_game,
        }
        return {"game": "eights", **self._data(head, tail)}

    def to_csv(self) -> str:
        """A CSV table with the columns of :data:`CSV_COLUMNS`.

        One row of kind ``seat`` per seat, one of kind ``bot`` per bot, then one of kind
        ``games`` for the figures about whole games; cells that do not apply are empty.
        """
        tail = {
            "mean_hands": self.mean_hands,
            "max_hands": self.max_hands,
            "spellings_per_game": self.spellings_per_game,
        }
        return self._csv(CSV_COLUMNS, {"tied_games": self.tied}, tail)

    def to_text(self) -> str:
        """A plain-text report: settings, tables by seat and by bot, and the game figures."""
        settings = f", target {self.target}"
        if self.turn_limit is not None:
            settings += f", turn limit {self.turn_limit}"
        if self.may_pass_freely:
            settings += ", passing freely (WR1)"
        tail = [
            f"hands per game: mean {self.mean_hands:.2f}, max {self.max_hands}; "
            f"words spelled per game {self.spellings_per_game:.1f}",
            f"games with a shared win (WG3): {self.tied} ({self.tied / self.games:.1%})",
        ]
        return self._text(settings, standings_table("games", self.seats, self.by_bot), tail)


# --- The binding: Eights on the runner of every game ------------------------------------------


class _GameFigures(GameFigures):
    """What a game of Eights adds to a simulation: words spelled, hands per game, its JSON
    line, and the end of a game that cannot end (:data:`HAND_LIMIT`)."""

    __slots__ = ()

    counters = 1  # words spelled
    histograms = 1  # hands per game

    def moved(self, before: GameState, move: Move, after: GameState, mover: int) -> int:
        if after.hand.number >= HAND_LIMIT and (why := unending(after)) is not None:
            raise Unending(why)
        return 0 if type(move) is Spell else -1

    def game_values(self, state: GameState, moves: Sequence[Move]) -> tuple[int, ...]:
        return (len(state.hand_scores),)

    line_keys = ("totals", "turns")

    def line_values(self, state: GameState) -> dict[str, object]:
        return {"hands": len(state.hand_scores)}


BINDING: Final = SimulatedGame(
    game=EIGHTS,
    tag=_TAG,
    unit="game",
    most=MAX_GAMES,
    players_rule="WS2",
    rules_name="an eighthalf.eights.Rules",
    out_name="games_out",
    chunk_size=DEFAULT_CHUNK_SIZE,
    figures=_GameFigures(),
)
"""Eights on the simulation runner of every game (:mod:`eighthalf.simulation.simulate`)."""


def simulate(
    players: int,
    games: int,
    bots: Sequence[str],
    *,
    seed: int,
    executor: Executor | None = None,
    workers: int = 1,
    chunk_size: int | None = None,
    rotate_seats: bool = True,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    games_out: TextIO | None = None,
) -> Summary:
    """Play ``games`` whole games of Eights between the named bots and summarise them.

    It plays as 8½'s :func:`eighthalf.games.eighthalf.simulate.simulate` does, on the same runner, and
    ``seed``, ``executor``, ``workers``, ``chunk_size`` and ``progress`` mean what they
    mean there: game ``i`` is dealt with the first seed of :func:`game_seeds_of` ``(seed, i)``,
    fresh bots choose from their own seat's view, and the summary is the same for any
    executor, number of workers and chunk size. A game is played hand after hand to its
    end (WG1–WG3).

    Args:
        players: The number of seats, 2 to 6 (WS2).
        games: How many games to play, from 1 to :data:`MAX_GAMES`.
        bots: A bot for each seat: a name of ``eighthalf.games.eights.bots.BOTS`` or an
            importable ``"module:attribute"`` spec (see :func:`bot_factory`).
        rotate_seats: Move the bots one seat on every game (the default): in game ``i``
            seat ``s`` has ``bots[(s + i) % players]``.
        rules: The table's options (:class:`~eighthalf.eights.Rules`); the rule book's if ``None``.
        games_out: A text file to write one JSON line per game to, in game order:
            ``game`` (its index), ``seed`` (its deal's seed, for
            :func:`~eighthalf.eights.new_game` with the same rules), ``seats`` (the bots
            by seat), ``winners``, ``totals``, ``hands``, ``turns`` and ``moves`` (in notation).

    Returns:
        The :class:`Summary`.

    Raises:
        EighthalfError: If an argument is of the wrong type or out of range (as for 8½'s,
            with ``players`` from 2 to 6, WS2, and ``games`` from 1 to :data:`MAX_GAMES`);
            from a worker, if a bot cannot be imported or a game is still going after
            :data:`HAND_LIMIT` hands (WG3).
    """
    tally = run_simulation(
        BINDING, players, games, bots, seed=seed, rules=rules, executor=executor, workers=workers,
        chunk_size=chunk_size, rotate_seats=rotate_seats, progress=progress, out=games_out,
    )  # fmt: skip
    return _summary(players, games, seed, rotate_seats, Rules() if rules is None else rules, tally)


def _summary(players: int, games: int, seed: int, rotate_seats: bool, rules: Rules, tally: Totals) -> Summary:
    """Turn the added-up totals into a :class:`Summary`."""
    seats, by_bot = standings(tally.cells, players, tally.bots, lambda seat, bot, sums: Standing(seat, bot, *sums))
    return Summary(
        players=players,
        games=games,
        bots=tally.bots,
        seed=seed,
        rotate_seats=rotate_seats,
        target=rules.target_for(players),
        turn_limit=rules.turn_limit,
        may_pass_freely=rules.may_pass_freely,
        seats=seats,
        by_bot=by_bot,
        tied=tally.shared,
        turns=tally.sorted_lengths(),
        hands=tally.sorted_histogram(0),
        spellings=tally.counters[0],
    )
