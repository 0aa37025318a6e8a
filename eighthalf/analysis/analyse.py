"""The analysis of one decision: every legal move of the seat to move, valued from its view alone.

:func:`analyse` takes a game object (:class:`~eighthalf.core.game.Game`) and the view of
the seat to move, and plays the game out from every legal move on the same sampled deals:
the cards the view hides are dealt at random consistently with it (the game's
:meth:`~eighthalf.core.game.Game.sample_state`, as the search bots deal them), never read
from the real state, and every seat then plays by the game's strongest policies (its
registry entry's :attr:`~eighthalf.registry.GameEntry.analysis_bot`). Each move gets its
chance to win for the seat and its mean points, each with a standard error; the moves come
ranked, best first: the game's strongest bot's own choice heads them unless another
move's chance beats it by more than :data:`KEEP` standard errors of the paired play-outs (as
the search bots keep their base move). The deals come from ``seed``: the same view and seed
give the same analysis.

>>> from eighthalf.games.eights.game import EIGHTS
>>> state = EIGHTS.start(4, seed=3)
>>> found = analyse(EIGHTS, EIGHTS.view(state, 0), budget=40, seed=1)
>>> found.seat, len(found.moves), found.best.move == found.moves[0].move
(0, 3, True)
>>> found == analyse(EIGHTS, EIGHTS.view(state, 0), budget=40, seed=1)
True

It is the search of the bots (:func:`~eighthalf.players.search.paired_scores`,
:func:`~eighthalf.players.search.roll_out`) with its statistics kept instead of thrown
away once a move is chosen.
"""

from __future__ import annotations

import contextlib
import functools
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.core.game import Game
from eighthalf.players.bots import Policies
from eighthalf.players.search import paired_scores, roll_out, spread
from eighthalf.registry import entry_of

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_WIDTH",
    "HORIZON",
    "KEEP",
    "Analysis",
    "AnalysisError",
    "MoveValue",
    "Progress",
    "analyse",
    "check_budget",
    "check_seconds",
    "check_seed",
    "policies_for",
]

DEFAULT_BUDGET: Final = 160
"""The play-outs of one decision by default, shared among the moves weighed: one decision
within 1 s at the 95th percentile on a 2-core machine, 4 seats, 8½ and Eights (the docs
page "Reviewing a game")."""
DEFAULT_WIDTH: Final = 16
"""The most moves weighed by default: a seat with more (Eights' passes list every exchange)
has its game's candidates weighed, and the move asked about; the others are listed unweighed."""
HORIZON: Final = 1000
"""The most moves of one play-out; a play-out cut there counts as lost, with no points."""

KEEP: Final = 1.0
"""How many standard errors of the paired play-outs another move's chance must beat the
base move's by to rank first: the base move is the first candidate of the policies (the
strongest bot's own choice, ProspectBot's prospect for Eights). Without it, the best of
many moves weighed on a few deals each is mostly the luckiest (the docs page "Reviewing a
game" has the strength measured)."""

_MOST_DEALS: Final = 10**9  # an analysis bound by seconds alone
_POLICIES: dict[Any, Policies[Any, Any, Any]] = {}  # by game object
_VIEW_TYPES: dict[Any, type] = {}  # by game object

Progress = Callable[[int, "int | None"], None]
"""A progress callback: called with the play-outs done and the most the budget allows
(``None`` when only seconds bound it)."""


class AnalysisError(EighthalfError):
    """An analysis or a review asked of what cannot be analysed: a view of another game or of
    a seat not to move, a budget that is not a positive number, a seat out of range, a record
    that does not replay. The message says what was wrong."""


AnalysisError.__module__ = "eighthalf.analysis"  # its public name


@attrs.frozen(slots=True, weakref_slot=False)
class MoveValue:
    """One legal move as the analysis values it, for the seat to move."""

    move: str
    """The move in the game's notation (:meth:`~eighthalf.core.game.Game.move_text`)."""
    chance: float
    """Its chance to win for the seat: the share of play-outs the seat won (a shared win
    counts as a share)."""
    chance_se: float
    """The standard error of :attr:`chance`."""
    points: float
    """The seat's mean score at the end of the play-outs (the game's points: a round's, a
    match's or a game of Eights' totals)."""
    points_se: float
    """The standard error of :attr:`points`."""
    loss: float
    """How much less :attr:`chance` is than the best move's (0 for the best)."""
    loss_se: float
    """The standard error of :attr:`loss`, from the paired play-outs (the same deals and
    luck for every move)."""


@attrs.frozen(slots=True, weakref_slot=False)
class Analysis:
    """Every legal move of one decision, valued and ranked, best first."""

    game: str
    """The game's name."""
    seat: int
    """The seat to move, whose view was analysed."""
    moves: tuple[MoveValue, ...]
    """The moves weighed, best first: by chance to win, then points, then the legal order,
    but the base move first unless the best by chance beats it by :data:`KEEP` standard errors."""
    unweighed: tuple[str, ...]
    """The legal moves not weighed (more than the width), in the legal order."""
    deals: int
    """The sampled deals every weighed move was played out on."""
    seed: int
    """The seed of the deals."""

    @property
    def best(self) -> MoveValue:
        """The best move weighed."""
        return self.moves[0]

    def value(self, move: str) -> MoveValue:
        """The value of the move written ``move``.

        Raises:
            AnalysisError: If that move was not weighed.
        """
        for value in self.moves:
            if value.move == move:
                return value
        raise AnalysisError(f"the move {quote(move)} was not weighed by this analysis")


def check_budget(budget: object) -> int:
    """``budget`` if it is a positive whole number of play-outs.

    >>> check_budget(0)
    Traceback (most recent call last):
    ...
    eighthalf.analysis.AnalysisError: a budget is a positive whole number of play-outs, not 0

    Raises:
        AnalysisError: If it is not.
    """
    if type(budget) is not int or budget < 1:
        raise AnalysisError(f"a budget is a positive whole number of play-outs, not {quote(budget)}")
    return budget


def check_seconds(seconds: object) -> float | None:
    """``seconds`` if it is ``None`` or a positive finite number of seconds.

    Raises:
        AnalysisError: If it is not.
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds < math.inf:
        raise AnalysisError(f"a time budget is a positive number of seconds, not {quote(seconds)}")
    return float(seconds)


def check_seed(seed: object) -> int:
    """``seed`` if it is an int (not a bool).

    Raises:
        AnalysisError: If it is not.
    """
    if type(seed) is not int:
        raise AnalysisError(f"a seed is an integer, not {quote(seed)}")
    return seed


class _ViewPolicy:
    """A play-out policy that asks a bot, from the view of the seat to move (a game of several rounds)."""

    __slots__ = ("bot", "game")

    def __init__(self, game: Game[Any, Any, Any, Any, Any], bot: Any) -> None:
        self.game, self.bot = game, bot

    def __call__(self, state: Any, rng: random.Random) -> Any:
        game = self.game
        return self.bot.choose(game.view(state, game.to_move(state)), rng)


def policies_for(game: Game[Any, Any, Any, Any, Any]) -> Policies[Any, Any, Any]:
    """The policies the analysis of ``game`` plays by.

    Those of its registry entry's :attr:`~eighthalf.registry.GameEntry.analysis_bot`
    (the bot's ``policies``); for a game object of several rounds (8½'s match), play-outs
    by its :attr:`~eighthalf.registry.GameEntry.default_bot`, from each seat's view; for a
    game with neither, or not registered, the game protocol's defaults (random play-outs).
    """
    found = _cached(_POLICIES, game)
    if found is None:
        found = _store(_POLICIES, game, _policies(game))
    return found  # type: ignore[no-any-return]


def _cached(cache: dict[Any, Any], game: object) -> Any:
    try:
        return cache.get(game)
    except TypeError:  # a game object that is not hashable: nothing cached
        return None


def _store(cache: dict[Any, Any], game: object, value: Any) -> Any:
    with contextlib.suppress(TypeError):  # a game object that is not hashable: nothing cached
        cache[game] = value
    return value


def _policies(game: Game[Any, Any, Any, Any, Any]) -> Policies[Any, Any, Any]:
    try:
        entry = entry_of(game)
    except EighthalfError:
        return Policies()
    if not entry.plays_one_round(game):
        return Policies(playout=_ViewPolicy(game, entry.bot(entry.default_bot, game)))
    if entry.analysis_bot is None:
        return Policies()
    policies = getattr(entry.bot(entry.analysis_bot), "policies", None)
    return policies if isinstance(policies, Policies) else Policies()


def _view_type(game: Game[Any, Any, Any, Any, Any]) -> type:
    """The class of ``game``'s views (of a first deal)."""
    found = _cached(_VIEW_TYPES, game)
    if found is None:
        state = game.start(game.player_counts(game.default_rules)[0], seed=0)
        found = _store(_VIEW_TYPES, game, type(game.view(state, 0)))
    return found  # type: ignore[no-any-return]


def _check_view(game: Game[Any, Any, Any, Any, Any], seen: object) -> tuple[Any, ...]:
    """The legal moves of ``seen``, a view of ``game`` of the seat to move.

    Raises:
        AnalysisError: If it is not.
    """
    wanted = _view_type(game)
    if not isinstance(seen, wanted):
        raise AnalysisError(
            f"expected a view of {game.name} ({wanted.__name__}), not {quote(seen)} of another game or kind"
        )
    moves = tuple(seen.legal_moves())  # type: ignore[attr-defined]
    if not moves:
        raise AnalysisError("the view has no legal moves: it is not its seat's turn, or the game is over")
    return moves


def _candidates(
    seen: Any, moves: tuple[Any, ...], policies: Policies[Any, Any, Any], seed: int
) -> tuple[tuple[Any, ...], Any]:
    """The policies' candidates of the decision and their base move (none and ``None`` without candidates)."""
    if policies.candidates is None or len(moves) < 2:
        return (), None
    candidates, at = policies.candidates(seen, moves, random.Random(f"{seed}:candidates"))
    return tuple(candidates), candidates[at] if 0 <= at < len(candidates) else None


def _weighed(
    moves: tuple[Any, ...], include: Sequence[Any], width: int, candidates: tuple[Any, ...]
) -> tuple[Any, ...]:
    """The moves weighed, in the legal order: all of them up to ``width``, else ``include``,
    then the game's candidates, then the first legal moves, up to ``width``."""
    if len(moves) <= width:
        return moves
    chosen = [move for move in include if move in moves]
    chosen += [move for move in candidates if move not in chosen]
    chosen += [move for move in moves if move not in chosen]
    kept = chosen[: max(width, len(include))]
    return tuple(move for move in moves if move in kept)


def _random_move(game: Game[Any, Any, Any, Any, Any], state: Any, rng: random.Random) -> Any:
    return rng.choice(game.legal_moves(state))


def analyse(
    game: Game[Any, Any, Any, Any, Any],
    seen: Any,
    *,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    include: Sequence[Any] = (),
    width: int = DEFAULT_WIDTH,
    policies: Policies[Any, Any, Any] | None = None,
) -> Analysis:
    """Every legal move of the seat to move in ``seen``, valued from that view alone.

    Each of the deals deals what ``seen`` hides at random (the policies' sampler, by
    default the game's :meth:`~eighthalf.core.game.Game.sample_state`), makes every move
    weighed and plays the game out to its end with every seat following the play-out
    policy, each move with the same luck (common random numbers). The budget is shared
    among the moves weighed: ``budget // len(moves)`` deals, at least 2.

    Args:
        game: The game object whose view ``seen`` is.
        seen: The view of the seat to move.
        budget: The most play-outs, or ``None`` for as many as ``seconds`` allow.
        seconds: The most seconds, if any (the analysis then depends on the machine's speed).
        seed: The seed of the deals and the play-outs.
        progress: Called after each deal with the play-outs done and the budget's most.
        include: Moves to weigh whatever the width (a move played, under review).
        width: The most moves weighed, ``include`` aside.
        policies: The policies to play by (by default :func:`policies_for` the game).

    Raises:
        AnalysisError: If ``seen`` is not a view of ``game`` of the seat to move, a move of
            ``include`` is not legal, ``budget`` and ``seconds`` are both ``None``, or one
            of them, the seed or the width is not a number of its kind.
    """
    budget = None if budget is None else check_budget(budget)
    seconds = check_seconds(seconds)
    seed = check_seed(seed)
    if budget is None and seconds is None:
        raise AnalysisError("an analysis needs a budget of play-outs or of seconds, not neither")
    if type(width) is not int or width < 1:
        raise AnalysisError(f"a width is a positive whole number of moves, not {quote(width)}")
    moves = _check_view(game, seen)
    for move in include:
        if move not in moves:
            raise AnalysisError(f"{quote(move)} is not a legal move of the view")
    policies = policies_for(game) if policies is None else policies
    candidates, base = _candidates(seen, moves, policies, seed)
    weighed = _weighed(moves, include, width, candidates)
    count = len(weighed)
    sampler = policies.sampler or game.sample_state
    playout = policies.playout or functools.partial(_random_move, game)
    result = game.result
    rng = random.Random(seed)
    seats: list[int] = []

    def deal() -> Any:
        state = sampler(seen, rng)
        seat = game.to_move(state)
        if seat is None or (seats and seat != seats[0]):
            raise AnalysisError(f"the sampler of {game.name} dealt a state that does not look like the view")
        if not seats:
            seats.append(seat)
        return state

    def evaluate(state: Any, generator: random.Random) -> tuple[float, float]:
        last = roll_out(game, state, playout, generator, HORIZON)
        done = None if last is None else result(last)
        if done is None:
            return 0.0, 0.0
        seat = seats[0]
        won = 1 / len(done.winners) if seat in done.winners else 0.0
        return won, float(done.scores[seat])

    scores_of = paired_scores(game, weighed, deal, evaluate, rng, chance=policies.playout_draws)
    deals = _MOST_DEALS if budget is None else max(2, budget // count)
    total = None if budget is None else deals * count
    deadline = None if seconds is None else time.perf_counter() + seconds
    wins: list[list[float]] = [[] for _ in weighed]
    points: list[list[float]] = [[] for _ in weighed]
    done = 0
    while done < deals:
        for index, (won, score) in enumerate(scores_of()):
            wins[index].append(won)
            points[index].append(score)
        done += 1
        if progress is not None:
            progress(done * count, total)
        if deadline is not None and time.perf_counter() > deadline and done >= 2:
            break
    first = weighed.index(base) if base in weighed else None
    return _ranked(game.name, seats[0], weighed, moves, wins, points, done, seed, game.move_text, first)


def _stats(values: Sequence[float]) -> tuple[float, float]:
    total = sum(values)
    return total / len(values), spread(total, sum(value * value for value in values), len(values))


def _ranked(
    name: str,
    seat: int,
    weighed: tuple[Any, ...],
    moves: tuple[Any, ...],
    wins: list[list[float]],
    points: list[list[float]],
    deals: int,
    seed: int,
    text: Callable[[Any], str],
    base: int | None = None,
) -> Analysis:
    """The analysis of the play-outs: the moves ranked, each loss paired with the best move's;
    the ``base`` move (an index of ``weighed``) first unless the best by chance beats it by
    :data:`KEEP` standard errors."""
    chances = [_stats(values) for values in wins]
    means = [_stats(values) for values in points]
    order = sorted(range(len(weighed)), key=lambda at: (-chances[at][0], -means[at][0], at))
    if base is not None and order[0] != base:
        gain, gain_se = _stats([top - own for top, own in zip(wins[order[0]], wins[base], strict=True)])
        if gain <= KEEP * gain_se:
            order.remove(base)
            order.insert(0, base)
    best = wins[order[0]]
    values = []
    for at in order:
        loss, loss_se = _stats([top - own for top, own in zip(best, wins[at], strict=True)])
        values.append(
            MoveValue(
                text(weighed[at]), chances[at][0], chances[at][1], means[at][0], means[at][1], max(loss, 0.0), loss_se
            )
        )
    unweighed = tuple(text(move) for move in moves if move not in weighed)
    return Analysis(name, seat, tuple(values), unweighed, deals, seed)
