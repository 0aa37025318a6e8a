"""Players of either game: the bot protocol that 8½ and Eights share.

A bot is anything with a ``name`` and a ``choose(seen, rng)`` that picks one of the legal
moves of its own seat's view: :class:`Bot` says so for any view type and move type.
Each game specialises it with its own types (:class:`eighthalf.bots.Bot` over 8½'s view
and moves, :class:`eighthalf.games.eights.bots.Bot` over Eights'), so a bot of one game is
refused by the type checker where the other game's bot is wanted.

A bot that also wants to see the moves between its turns is an :class:`Observer`; the
play loops show it each move with :func:`tell`, passing their game's own
``events_for`` and ``view`` so that every observer sees the move's events and the game
only as its seat may. :func:`paired_choice` is the decision rule of the search bots of
both games (whose search is written once in :mod:`eighthalf.players.search`), and
:func:`make` the registry look-up behind each game's ``make_bot``. A game binds its
``make_bot`` and ``tell`` by name from one :class:`BotFunctions` made of
its bots and its ``events_for`` and ``view``.

Nothing here knows a game's rules; each game's ``bots`` module builds on it, and so do
the bots of any game (:mod:`eighthalf.players.bots`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeGuard, TypeVar, runtime_checkable

import attrs

from eighthalf.core.errors import quote
from eighthalf.core.named import Named

__all__ = [
    "AnyEvent",
    "AnyMove",
    "AnyView",
    "Bot",
    "BotFunctions",
    "BotT",
    "EventT",
    "MoveT",
    "Observer",
    "StateT",
    "ViewT",
    "ViewWithMoves",
    "make",
    "moves_of",
    "observes",
    "paired_choice",
    "tell",
]

ViewT = TypeVar("ViewT", contravariant=True)
"""The type of a game's player view, which a bot reads (contravariant)."""
MoveT = TypeVar("MoveT", covariant=True)
"""The type of a game's moves, which a bot returns (covariant)."""
EventT = TypeVar("EventT", contravariant=True)
"""The type of a game's events, which an observer reads (contravariant)."""
StateT = TypeVar("StateT")
"""The type of a game's full state, which only the play loop holds."""
BotT = TypeVar("BotT")
"""The type of the bots of a registry."""
AnyMove = TypeVar("AnyMove")
"""The moves of one call of :func:`moves_of` or :func:`paired_choice`."""
AnyEvent = TypeVar("AnyEvent")
"""The events of one call of :func:`tell`."""
AnyView = TypeVar("AnyView")
"""The views of one call of :func:`tell`."""


class Bot(Protocol[ViewT, MoveT]):
    """What a bot is in any game: a name and a way to choose a move from a view.

    ``Bot[View, Move]`` is the bot of a game whose player view is ``View`` and whose moves
    are ``Move``.
    """

    @property
    def name(self) -> str:
        """A short name for tables and logs."""
        ...

    def choose(self, seen: ViewT, rng: random.Random) -> MoveT:
        """Choose one of ``seen.legal_moves()``; ``seen`` is the bot's own seat's view and
        ``rng`` the caller's generator, the bot's only source of chance."""
        ...


@runtime_checkable
class Observer(Protocol[EventT, ViewT]):
    """A bot that also wants to see every move of the game, not only its own turns.

    The play loops (:func:`tell`) call ``observe`` after every move, the bot's own
    included, with the move's events as the bot's seat may see them (the game's
    ``events_for``) and the seat's view after the move. Optional: a bot without
    ``observe`` is shown only the views of its own turns.
    """

    def observe(self, events: Sequence[EventT], seen: ViewT) -> None:
        """Take note of one move: its ``events`` and the view right after it."""
        ...


class ViewWithMoves(Protocol[MoveT]):
    """A view that lists its viewer's legal moves: what :func:`moves_of` needs."""

    def legal_moves(self) -> tuple[MoveT, ...]:
        """The viewer's legal moves when it is their turn, else ``()``."""
        ...


def moves_of(seen: ViewWithMoves[AnyMove], ended: str = "the game is over") -> tuple[AnyMove, ...]:
    """The viewer's legal moves, for a bot about to choose one.

    Raises:
        ValueError: If there are none: it is not the viewer's turn, or ``ended`` (a
            bot asked to move then is the caller's mistake).
    """
    moves = seen.legal_moves()
    if not moves:
        raise ValueError(f"no legal moves: it is not this seat's turn or {ended}")
    return moves


def _seats(bots: Mapping[int, object] | Sequence[object]) -> Sequence[tuple[int, object]]:
    return list(bots.items()) if isinstance(bots, Mapping) else list(enumerate(bots))


def observes(bots: Mapping[int, object] | Sequence[object]) -> bool:
    """True if any of ``bots`` is an :class:`Observer` (so the loop must make events)."""
    return any(_observes(bot) for _, bot in _seats(bots))


def _observes(bot: object) -> TypeGuard[Observer[Any, Any]]:
    """Whether ``bot`` is an :class:`Observer`: an attribute look-up, which a play loop can
    afford at every move (``isinstance`` of a runtime-checkable protocol costs some µs)."""
    return callable(getattr(bot, "observe", None))


def tell(
    bots: Mapping[int, object] | Sequence[object],
    events: Sequence[AnyEvent],
    state: StateT,
    events_for: Callable[[Sequence[AnyEvent], int], Sequence[AnyEvent]],
    view: Callable[[StateT, int], AnyView],
) -> None:
    """Show one move to every bot that observes (:class:`Observer`).

    ``bots`` are the bots by seat (a sequence, or a mapping for a table with people at
    some seats); ``events`` the full events of the move and ``state`` the game after it.
    Each observer gets ``events_for(events, seat)`` and ``view(state, seat)`` of its own
    seat, nothing more: the game passes its own functions, which hide what the seat may
    not see.
    """
    for seat, bot in _seats(bots):
        if _observes(bot):
            bot.observe(events_for(events, seat), view(state, seat))


def paired_choice(
    moves: Sequence[AnyMove],
    base: int,
    scores_of: Callable[[], list[float]],
    iterations: int,
    time_limit: float | None,
    confidence: float,
) -> AnyMove:
    """The move that beats ``moves[base]`` on paired deals by the widest margin, else ``moves[base]``.

    ``scores_of()`` plays one sampled deal and returns a score for every move, all on the
    same deal with the same play-out randomness (common random numbers), so the moves
    are compared by their paired differences from the base move. It is called up to
    ``iterations`` times (fewer if ``time_limit`` seconds pass). A move is chosen over
    the base move only if its mean difference is positive and beats it by more than
    ``confidence`` standard errors; the widest such margin wins. The
    :class:`~eighthalf.bots.SearchBot` of 8½ and of Eights
    (:class:`~eighthalf.games.eights.bots.SearchBot`) decide this way, through
    :func:`eighthalf.players.search.paired_search`; the IS-MCTS bots' root
    (:func:`eighthalf.players.search.race`) by the same rule.
    """
    sums = [0.0] * len(moves)
    squares = [0.0] * len(moves)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    done = 0
    for _ in range(iterations):
        scores = scores_of()
        for index, score in enumerate(scores):
            difference = score - scores[base]
            sums[index] += difference
            squares[index] += difference * difference
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return moves[_widest_margin(range(len(moves)), base, sums, squares, done, confidence)]


def spread(total: float, squares: float, done: int) -> float:
    """The standard error of a mean of ``done`` values with this sum and sum of squares.

    >>> spread(3.0, 5.0, 2)
    0.5
    """
    mean = total / done
    return math.sqrt(max(squares / done - mean * mean, 0.0) / max(done - 1, 1))


def _widest_margin(
    indices: Iterable[int], base: int, sums: list[float], squares: list[float], done: int, confidence: float
) -> int:
    """Which of ``indices`` beats ``base`` on ``done`` paired differences (their sums and sums
    of squares by index): a positive mean more than ``confidence`` standard errors above
    zero, the widest such margin; else ``base``. The rule of :func:`paired_choice` and of
    :func:`eighthalf.players.search.race`."""
    best, best_margin = base, 0.0
    for index in indices:
        mean = sums[index] / done
        margin = mean - confidence * spread(sums[index], squares[index], done)
        if mean > 0 and margin > best_margin:
            best, best_margin = index, margin
    return best


def make(registry: Mapping[str, Callable[[], BotT]], name: str, kind: str = "bot") -> BotT:
    """A new bot from ``registry`` (names to classes or factories) by ``name``.

    A name that is not a string (a list, a number of thousands of digits …) is no bot's
    name, so it is the same :class:`KeyError`, its message as short as any:

    >>> make({"greedy": object}, [])
    Traceback (most recent call last):
    ...
    KeyError: 'no bot named [] (a name is a str); choose from greedy'

    Raises:
        KeyError: If there is no bot of that name; the message names the ``kind`` of
            bot asked for, quotes the name briefly and lists the names there are.
    """
    factory = registry.get(name) if isinstance(name, str) else None
    if factory is None:
        hint = "" if isinstance(name, str) else " (a name is a str)"
        raise KeyError(f"no {kind} named {quote(name)}{hint}; choose from {', '.join(sorted(registry))}")
    return factory()


@attrs.frozen(slots=True, weakref_slot=False, eq=False)
class BotFunctions(Named, Generic[BotT, AnyEvent, StateT, AnyView]):
    """A game's public bot functions, ``make_bot`` and ``tell``, made once
    from its bots by name and its two functions that hide what a seat may not see: a
    game's bots module binds them by name (``make_bot = BOT_FUNCTIONS.make_bot``),
    so that they are written here once, with one docstring each.

    The type parameters are the game's bot type, event type, state type and view type.

    Args:
        bots: The game's built-in bots by name (its ``BOTS``; read at each call, so that a
            bot added to it is found).
        kind: What the game calls its bots in messages (``"Eights bot"``).
        events_for: The game's events of a move as one seat may see them.
        view: The game's view of a state from one seat.
        path: The dotted name this value is bound to (``"eighthalf.games.eights.bots.BOT_FUNCTIONS"``):
            it and its functions are pickled by that name, as module-level functions are
            (:class:`~eighthalf.core.named.Named`).
    """

    bots: Mapping[str, Callable[[], BotT]]
    """The game's built-in bots by name."""
    kind: str
    """What the game calls its bots in messages."""
    events_for: Callable[[Sequence[AnyEvent], int], Sequence[AnyEvent]]
    """The game's events of a move as one seat may see them."""
    view: Callable[[StateT, int], AnyView]
    """The game's view of a state from one seat."""

    def make_bot(self, name: str) -> BotT:
        """A new bot of the game of the named kind (one of its ``BOTS``; :func:`~eighthalf.players.players.make`).

        Args:
            name: The bot's name (``"greedy"`` …).

        Returns:
            A new bot.

        Raises:
            KeyError: If there is no bot of that name, whatever ``name`` is (a name that is
                not a str is no bot's name); the message names the game's kind of bot,
                quotes the name briefly and lists the names.
        """
        return make(self.bots, name, self.kind)

    def tell(self, bots: Mapping[int, object] | Sequence[object], events: Sequence[AnyEvent], state: StateT) -> None:
        """Show one move of the game to every bot that observes (:class:`~eighthalf.players.players.Observer`).

        Each observer gets the events of its own seat and the view of its own seat,
        nothing more (:func:`~eighthalf.players.players.tell` with the game's ``events_for`` and ``view``).

        Args:
            bots: The bots by seat (a sequence, or a mapping for a table with people at
                some seats).
            events: The full events of the move (from the game's ``apply_with_events``).
            state: The state after the move.
        """
        tell(bots, events, state, self.events_for, self.view)
