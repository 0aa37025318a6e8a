"""The simulation runner, written once for every game: seeded games between named bots.

:func:`run_simulation` plays ``count`` games of a game object (:class:`~eighthalf.core.game.Game`)
between bots named by the game's entry in the registry of games (``entry.bots``) or by importable
``"module:attribute"`` specs, chunked over any ``concurrent.futures`` executor
(:func:`~eighthalf.simulation.runner.run_chunks`), and adds up what every game gives: wins
(shared wins apart), points and their squares by seat and by bot, the games without a
winner or with a shared win, and the lengths in moves. A game's simulation is a :class:`SimulatedGame` (:func:`eighthalf.simulation.summary.binding_of`
makes it from the game's registry entry): the game object, the names its summary uses, and
its :class:`GameFigures` (:mod:`eighthalf.simulation.figures`), the small hook through which it
counts what only it has (8½'s catches and final counts, Eights' hands and spellings), shows
its bots the table (8½ reuses the views of unchanged seats) and writes its JSON line of a
game. The one summary of every game, :class:`~eighthalf.simulation.summary.Summary`, adds up
the totals this runner gives.

Game ``i`` is dealt with the first seed of :func:`~eighthalf.simulation.runner.game_seeds`
``(tag, seed, i)`` and its bots share a :class:`random.Random` seeded with the second;
fresh bots are made for every game, and each chooses from its own seat's view. A
summary therefore depends only on the arguments, never on how the games were spread.

>>> from eighthalf.games.eights.game import EIGHTS
>>> from eighthalf.games.eights.options import Rules
>>> binding = SimulatedGame(game=EIGHTS, tag=b"doc", unit="game", most=100, players_rule="WS2")
>>> tally = run_simulation(binding, 2, 3, ["greedy", "random"], seed=1, rules=Rules(target=10))
>>> tally.games, sum(cell[0] for cell in tally.cells.values())
(3, 6)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, Final, TextIO

import attrs

from eighthalf.core.errors import EighthalfError
from eighthalf.core.game import Game
from eighthalf.players.players import observes, tell
from eighthalf.registry import bots_for, load_bot_for
from eighthalf.simulation.figures import GameFigures, Unending
from eighthalf.simulation.runner import (
    DEFAULT_CHUNK_SIZE,
    add_cells,
    add_counts,
    bot_factory,
    check_run,
    chunk_size_for,
    chunks,
    default_workers,
    game_seeds,
    new_bot,
    refuse_move,
    run_chunks,
)

__all__ = [
    "BASE_FIELDS",
    "GameFigures",
    "SimulatedGame",
    "Totals",
    "Unending",
    "play_game",
    "run_simulation",
    "seat_bots",
    "standings_lines",
    "summary_json",
]

BASE_FIELDS: Final = 5
"""The integer cells every game gives for each ``(seat, bot)``, in order: games, wins,
shared wins, points, squared points; a game's :meth:`GameFigures.seat_values` follow them."""


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class SimulatedGame:
    """A game's simulation: the game object, the words its checks and messages use, and its hook."""

    game: Game[Any, Any, Any, Any, Any]
    """The game object."""
    tag: bytes
    """The tag of the seeds of its games (:func:`~eighthalf.simulation.runner.game_seeds`)."""
    unit: str
    """What one game is called in messages: ``"round"`` for 8½, ``"game"`` for Eights."""
    most: int
    """The most games of one run."""
    players_rule: str
    """The rule id that gives the numbers of players (``"S2"``, ``"WS2"``)."""
    rules_name: str = "a Rules"
    """The rules' class as a message names it (``"an eighthalf.eights.Rules"``)."""
    out_name: str = "out"
    """The name of the keyword argument of the per-game lines (``rounds_out``)."""
    chunk_size: int = DEFAULT_CHUNK_SIZE
    """The most games of one work item by default (see :func:`~eighthalf.simulation.runner.chunk_size_for`)."""
    figures: GameFigures = attrs.field(factory=GameFigures)
    """What the game counts of its own."""

    def load(self, spec: str) -> Any:
        """A new bot of ``spec`` for this game (see :func:`~eighthalf.simulation.runner.bot_factory`).

        Raises:
            EighthalfError: If ``spec`` cannot be resolved, makes no bot, or makes a bot
                of another registered game (the message names that game).
        """
        return load_bot_for(self.game, spec)

    def check(
        self,
        players: object,
        count: object,
        bots: object,
        seed: object,
        rules: object,
        *,
        workers: object,
        chunk_size: object,
        executor: object,
        rotate_seats: object,
        progress: object,
        out: object,
    ) -> tuple[str, ...]:
        """Check the arguments of a game's ``simulate``; returns the bots as a tuple of strings.

        Raises:
            EighthalfError: If an argument is of the wrong type or out of range (see
                :func:`~eighthalf.simulation.runner.check_run`), ``rules`` are not the game's,
                or ``players`` is not a number of players they allow.
        """
        default = self.game.default_rules
        if rules is not None and not isinstance(rules, type(default)):
            raise EighthalfError(f"rules must be {self.rules_name} or None, not {type(rules).__name__}")
        allowed = self.game.player_counts(default if rules is None else rules)
        if type(players) is not int or players not in allowed:
            shown = players if type(players) is int and abs(players) < 10**9 else type(players).__name__
            raise EighthalfError(
                f"players must be from {allowed[0]} to {allowed[-1]} ({self.players_rule}), not {shown}"
            )
        return check_run(
            count=(self.unit + "s", count, self.most),
            bots=bots,
            seed=seed,
            workers=workers,
            chunk_size=chunk_size,
            executor=executor,
            rotate_seats=rotate_seats,
            progress=progress,
            out=(self.out_name, out),
            players=players,
            load=self.load,
        )


@attrs.define(slots=True, weakref_slot=False)
class Totals:
    """The totals of a run, added up from its chunks (integers only, so the order cannot matter)."""

    games: int = 0
    """The games played."""
    bots: tuple[str, ...] = ()
    """The bots by seat (in game 0 when the seats rotate), as checked."""
    cells: dict[tuple[int, str], list[int]] = attrs.field(factory=dict)
    """By ``(seat, bot)``: the :data:`BASE_FIELDS` fields, then the game's :meth:`GameFigures.seat_values`."""
    lengths: dict[int, int] = attrs.field(factory=dict)
    """Games by length in moves."""
    no_winner: int = 0
    """Games without a winner."""
    shared: int = 0
    """Games with more than one winner."""
    counters: list[int] = attrs.field(factory=list)
    """The game's counters (:meth:`GameFigures.moved`)."""
    histograms: list[dict[int, int]] = attrs.field(factory=list)
    """The game's distributions (:meth:`GameFigures.game_values`), games by value."""

    def add(self, part: tuple[Totals, str]) -> str:
        """Add a chunk's tally; returns its per-game lines."""
        chunk, lines = part
        self.games += add_counts(self.lengths, chunk.lengths)
        add_cells(self.cells, chunk.cells)
        self.no_winner += chunk.no_winner
        self.shared += chunk.shared
        for field, value in enumerate(chunk.counters):
            self.counters[field] += value
        for into, values in zip(self.histograms, chunk.histograms, strict=True):
            add_counts(into, values)
        return lines

    def sorted_lengths(self) -> tuple[tuple[int, int], ...]:
        """:attr:`lengths` as ``(length, games)`` pairs by length."""
        return tuple(sorted(self.lengths.items()))

    def sorted_histogram(self, which: int) -> tuple[tuple[int, int], ...]:
        """The distribution ``which`` as ``(value, games)`` pairs by value."""
        return tuple(sorted(self.histograms[which].items()))


# A work item, plain values only (bots travel as names or 'module:attribute' specs, never as
# objects): (binding, players, bots, seed, start, stop, rotate_seats, rules, with the lines).
_Task = tuple[SimulatedGame, int, tuple[str, ...], int, int, int, bool, Any, bool]


def seat_bots(bots: tuple[str, ...], index: int, rotate_seats: bool) -> tuple[str, ...]:
    """The bots by seat in game ``index``: ``bots``, or moved ``index`` seats when rotating.

    >>> seat_bots(("a", "b", "c"), 4, True)
    ('b', 'c', 'a')
    """
    if not rotate_seats:
        return bots
    shift = index % len(bots)
    return bots[shift:] + bots[:shift]


def play_game(
    binding: SimulatedGame,
    players: int,
    bots: Sequence[Any],
    rules: Any,
    seed: int,
    index: int,
    counters: list[int],
    built_in: frozenset[Any] = frozenset(),
) -> tuple[Any, list[Any], int]:
    """Play game ``index`` of a run seeded with ``seed`` to the end between ``bots``.

    The moves of a bot whose class is not in ``built_in`` are checked; what
    :meth:`GameFigures.moved` counts is added to ``counters``. Returns the final state,
    the moves and the deal's seed.

    Raises:
        IllegalMoveError: If a checked bot makes an illegal move (the message says where).
        EighthalfError: If the game cannot end (:class:`Unending`).
    """
    game, figures = binding.game, binding.figures
    deal_seed, rng_seed = game_seeds(binding.tag, seed, index)
    state = game.start(players, seed=deal_seed, rules=rules)
    rng = random.Random(rng_seed)
    see = figures.viewer(game, players)
    checked = [type(bot) not in built_in for bot in bots]
    watch = observes(bots)
    to_move, apply_unchecked, moved = game.to_move, game.apply_unchecked, figures.moved
    moves: list[Any] = []
    try:
        while (mover := to_move(state)) is not None:
            move = bots[mover].choose(see(state, mover), rng)
            if checked[mover] and move not in game.legal_moves(state):
                where = f"{binding.unit} {index} (seed {deal_seed}), seat {mover}, bot {bots[mover].name!r}"
                refuse_move(state, move, game.apply, where)
            before, state = state, apply_unchecked(state, move)
            moves.append(move)
            if watch:  # bots that observe are shown every move (eighthalf.players.players.Observer)
                tell(bots, game.describe(before, move, state), state, game.events_for, game.view)
            counter = moved(before, move, state, mover)
            if counter >= 0:
                counters[counter] += 1
    except Unending as error:
        raise EighthalfError(f"{binding.unit} {index} (seed {deal_seed}) {error}") from None
    return state, moves, deal_seed


def _run_chunk(task: _Task) -> tuple[Totals, str]:
    """Play the games ``start`` to ``stop - 1`` of a run and total them (runs in a worker)."""
    binding, players, names, seed, start, stop, rotate_seats, rules, detail = task
    game, figures = binding.game, binding.figures
    known = bots_for(game)
    factories = {name: bot_factory(name, known) for name in names}  # imports 'module:attribute' in the worker
    built_in = frozenset(known.values())
    tally = Totals(counters=[0] * figures.counters, histograms=[{} for _ in range(figures.histograms)])
    cells, lengths = tally.cells, tally.lengths
    lines: list[str] = []
    for index in range(start, stop):
        seat_names = seat_bots(names, index, rotate_seats)
        bots = [new_bot(name, factories[name]) for name in seat_names]  # fresh bots: nothing carries over
        state, moves, deal_seed = play_game(binding, players, bots, rules, seed, index, tally.counters, built_in)
        result = game.result(state)
        assert result is not None
        lengths[len(moves)] = lengths.get(len(moves), 0) + 1
        winners = result.winners
        shared = len(winners) > 1
        tally.no_winner += not winners
        tally.shared += shared
        for into, value in zip(tally.histograms, figures.game_values(state, moves), strict=True):
            into[value] = into.get(value, 0) + 1
        extra = figures.seat_values(state)
        for seat, name in enumerate(seat_names):
            cell = cells.get((seat, name))
            if cell is None:
                cell = cells[seat, name] = [0] * (BASE_FIELDS + len(extra))
            points = result.scores[seat]
            won = seat in winners
            cell[0] += 1
            cell[1] += won
            cell[2] += won and shared
            cell[3] += points
            cell[4] += points * points
            for field, values in enumerate(extra, BASE_FIELDS):
                cell[field] += values[seat]
        if detail:
            texts = [game.move_text(move) for move in moves]
            line = figures.line(index, deal_seed, seat_names, state, texts, result)
            lines.append(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
    tally.games = stop - start
    return tally, "".join(lines)


def run_simulation(
    binding: SimulatedGame,
    players: int,
    count: int,
    bots: Sequence[str],
    *,
    seed: int,
    rules: Any = None,
    executor: Executor | None = None,
    workers: int = 1,
    chunk_size: int | None = None,
    rotate_seats: bool = False,
    progress: Callable[[int, int], None] | None = None,
    out: TextIO | None = None,
) -> Totals:
    """Play ``count`` games of ``binding``'s game between the named bots and add them up.

    The arguments are those of a game's ``simulate`` (:func:`eighthalf.simulation.summary.simulate`
    says what each means), checked by :meth:`SimulatedGame.check`; ``rules`` ``None`` plays
    the game's default rules, and ``out`` receives the per-game JSON lines.

    Raises:
        EighthalfError: If an argument is wrong (see :meth:`SimulatedGame.check`), or, from
            the worker, a bot cannot be imported or a game cannot end.
        IllegalMoveError: If a bot that is not built in makes an illegal move.
    """
    names = binding.check(
        players,
        count,
        bots,
        seed,
        rules,
        workers=workers,
        chunk_size=chunk_size,
        executor=executor,
        rotate_seats=rotate_seats,
        progress=progress,
        out=out,
    )
    if rules is None:
        rules = binding.game.default_rules
    if chunk_size is None:
        chunk_size = chunk_size_for(count, workers, binding.chunk_size)
    detail = out is not None
    tasks: Iterator[tuple[_Task, int]] = (
        ((binding, players, names, seed, start, stop, rotate_seats, rules, detail), stop - start)
        for start, stop in chunks(count, chunk_size)
    )
    tally = Totals(
        bots=names, counters=[0] * binding.figures.counters, histograms=[{} for _ in range(binding.figures.histograms)]
    )
    run_chunks(
        _run_chunk,
        tasks,
        tally.add,
        total=count,
        executor=executor,
        processes=min(workers, -(-count // chunk_size), default_workers()),
        progress=progress,
        out=out,
    )
    if tally.games != count:
        raise RuntimeError(f"the executor returned {tally.games} {binding.unit}s instead of {count}")
    return tally


# --- The summaries' shared parts ------------------------------------------------------------------


def summary_json(data: dict[str, Any]) -> str:
    """A summary's ``to_dict()`` as indented JSON, with a final newline.

    >>> print(summary_json({"games": 2}), end="")
    {
      "games": 2
    }
    """
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def standings_lines(columns: str, seats: Sequence[Any], by_bot: Sequence[Any], row: Callable[[Any], str]) -> list[str]:
    """The two tables of a summary's text: by seat, then by bot, each followed by an empty line.

    ``columns`` heads the figures that ``row`` gives of each standing (which has a
    ``seat`` and a ``bot``); no line ends with spaces.

    >>> from types import SimpleNamespace as Row
    >>> standings_lines("  wins", [Row(seat=0, bot=None, wins=3)], [Row(seat=None, bot="greedy", wins=3)],
    ...                 lambda standing: f"{standing.wins:>6}")
    ['seat  bot         wins', '0     (rotating)     3', '', 'bot               wins', 'greedy               3', '']
    """
    lines = [f"{'seat':<6}{'bot':<10}{columns}".rstrip()]
    lines.extend(f"{standing.seat:<6}{standing.bot or '(rotating)':<10}{row(standing)}".rstrip() for standing in seats)
    lines.append("")
    lines.append(f"{'bot':<16}{columns}".rstrip())
    lines.extend(f"{standing.bot or '':<16}{row(standing)}".rstrip() for standing in by_bot)
    lines.append("")
    return lines
