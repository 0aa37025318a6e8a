"""The game protocol: what a game of eighthalf offers the tools written once above it.

8½'s round, 8½'s match and Eights are each a *game object* (:data:`eighthalf.games.eighthalf.game.EIGHTHALF`,
:data:`eighthalf.games.eighthalf.game.MATCH`, :data:`eighthalf.games.eights.game.EIGHTS`) that satisfies
:class:`Game`. The simulation runner, records and replay, the terminal loop, the demo,
the bots' search and the leak checker take a game object and never ask which game it
is, in the way OpenSpiel's algorithms are written once against its ``Game`` and
``State``. Every member is used by at least two of those tools; the docs page "Add a
game" says how a third game would join them.

The protocol is generic in five types: the game's state, move, view (what one seat may
know), event and rules. A game object is a plain value with no state of its own: all
it does is pure, so the same object serves every table, worker and thread.

>>> from eighthalf.games.eighthalf.game import EIGHTHALF
>>> from eighthalf.games.eights.game import EIGHTS
>>> [game.name for game in (EIGHTHALF, EIGHTS)]
['8½', 'Eights']
>>> state = EIGHTS.start(2, seed=3)
>>> while (seat := EIGHTS.to_move(state)) is not None:
...     state = EIGHTS.apply(state, EIGHTS.legal_moves(state)[0])
>>> EIGHTS.result(state)
Result(scores=(71, 30), winners=(0,))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from eighthalf.core.errors import InvalidStateError, quote

__all__ = ["Game", "Result", "TurnGame", "TurnState", "apply_with_events", "is_legal", "play_out", "result_text"]

StateT = TypeVar("StateT")
"""The type of a game's full state (8½: :class:`~eighthalf.GameState` or :class:`~eighthalf.Match`)."""
MoveT = TypeVar("MoveT")
"""The type of a game's moves."""
ViewT = TypeVar("ViewT")
"""The type of what one seat may know of a state (a player view)."""
EventT = TypeVar("EventT")
"""The type of a game's events, what happened in a move."""
RulesT = TypeVar("RulesT")
"""The type of a game's rules (its table options)."""


def _scores(value: Sequence[int]) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen(slots=True, weakref_slot=False)
class Result:
    """How a finished game ended, in the one shape every game gives.

    >>> Result((3, 0, 1), (0,)).text
    '0: 3-0-1'
    >>> Result((0, 0), ()).text
    '-: 0-0'
    """

    scores: tuple[int, ...] = attrs.field(converter=_scores)
    """Every seat's score: a round's points (E6), a match's totals (M1), a game of Eights'
    totals (WG3)."""
    winners: tuple[int, ...] = attrs.field(converter=_scores)
    """The winning seats in seat order: one, several on a tie, none when a round of 8½
    ended by its move limit (E7)."""

    @property
    def text(self) -> str:
        """The result as a record writes it: winners (``-`` for none), a colon, the scores."""
        winners = ",".join(map(str, self.winners)) or "-"
        return winners + ": " + "-".join(map(str, self.scores))


class Game(Protocol[StateT, MoveT, ViewT, EventT, RulesT]):
    """A game, as the tools written once for every game see it.

    Each member is a pure function of its arguments. States, moves, views, events and
    rules are the game's own immutable values; the tools only pass them back to the game
    that made them.
    """

    @property
    def name(self) -> str:
        """The game's name, as people and record ``Game`` tags write it (``"8½"``, ``"Eights"``)."""
        ...

    @property
    def default_rules(self) -> RulesT:
        """The rules played when none are given (the rule book's, every table option off)."""
        ...

    def player_counts(self, rules: RulesT) -> range:
        """The numbers of players ``rules`` allow (8½: S2; Eights: WS2)."""
        ...

    def start(self, players: int, *, seed: int | None = None, rules: RulesT | None = None) -> StateT:
        """The first state of a game of ``players`` dealt from ``seed`` (a fresh seed if ``None``).

        Raises:
            InvalidStateError: If ``players`` is not allowed, ``seed`` is not a seed, or
                ``rules`` are not this game's rules.
        """
        ...

    def to_move(self, state: StateT) -> int | None:
        """The seat to move, or ``None`` once the game is over."""
        ...

    def legal_moves(self, state: StateT) -> tuple[MoveT, ...]:
        """Every legal move once, in the game's stable order; ``()`` once over."""
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move``, which is checked.

        Raises:
            IllegalMoveError: If ``move`` is not legal in ``state``, naming the rule.
        """
        ...

    def apply_unchecked(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move``, which must be one of :meth:`legal_moves` (the fast path
        of search and simulations; anything else gives an undefined state)."""
        ...

    def describe(self, before: StateT, move: MoveT, after: StateT) -> tuple[EventT, ...]:
        """The full events of ``move``, which led from ``before`` to ``after``: what happened,
        the cards drawn included (give them to a seat only through :meth:`events_for`)."""
        ...

    def events_for(self, events: Sequence[EventT], seat: int | None) -> tuple[EventT, ...]:
        """What ``seat`` (``None``: a spectator) may see of ``events``: cards it may not see hidden."""
        ...

    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What ``seat`` (``None``: a spectator) may know of ``state``.

        A view lists its viewer's legal moves, the one way a bot learns them: its
        ``legal_moves()`` (the :class:`~eighthalf.players.players.ViewWithMoves` protocol) is
        :meth:`legal_moves` of ``state``, in the same order, when ``seat`` is to move,
        and ``()`` otherwise (a spectator included).
        """
        ...

    def sample_state(self, seen: ViewT, rng: random.Random) -> StateT:
        """A full state that ``seen``'s seat cannot tell from the real one: the hidden cards
        dealt at random into their places (determinization for search, and the leak checker)."""
        ...

    def result(self, state: StateT) -> Result | None:
        """The result once the game is over, else ``None``."""
        ...

    def move_text(self, move: MoveT) -> str:
        """The move in the game's notation (what :meth:`parse_move` reads back)."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """The move written ``text`` in the game's notation.

        Raises:
            ParseError: If ``text`` is not a move of this game.
        """
        ...

    def narrate(self, events: Sequence[EventT], names: Sequence[str] | None = None, locale: str = "en") -> list[str]:
        """The events told one sentence a line, seats by ``names`` if given, in the language
        ``locale`` names (``"en"``, ``"fr"``, ``"nl"``, a region allowed: ``"fr-BE"``).

        English is the default; a game tells the languages its registry entry lists
        (:attr:`~eighthalf.registry.GameEntry.locales`) and any other supported
        one in English.
        """
        ...

    def rules_tags(self, rules: RulesT) -> tuple[tuple[str, str], ...]:
        """The record tags that say which rules were played (none for the default rules)."""
        ...

    def rules_from_tags(self, tags: Mapping[str, str]) -> RulesT:
        """The rules that a record's tags name (the inverse of :meth:`rules_tags`).

        Raises:
            DocumentError: If a rules tag is malformed; the path names the tag.
        """
        ...


class TurnState(Protocol):
    """A state that says whose turn it is and whether the game is over, as 8½'s round and
    Eights' states do: what :class:`TurnGame` reads."""

    @property
    def outcome(self) -> object:
        """How the game ended, ``None`` while it goes on."""
        ...

    @property
    def to_move(self) -> int:
        """The seat to move while the game goes on."""
        ...


class TurnGame:
    """The members of :class:`Game` that a game object derives when its states are
    :class:`TurnState` and its moves write their notation as ``str(move)``: 8½'s round
    (:class:`eighthalf.games.eighthalf.game.RoundGame`) and Eights (:class:`eighthalf.games.eights.game.EightsGame`).

    >>> from eighthalf.games.eights.game import EIGHTS
    >>> state = EIGHTS.start(2, seed=3)
    >>> isinstance(EIGHTS, TurnGame), EIGHTS.to_move(state), EIGHTS.move_text(EIGHTS.legal_moves(state)[0])
    (True, 0, 'TWO 4w 6t 1o>1v')
    >>> last = play_out(EIGHTS, state, lambda state, moves: moves[0])
    >>> EIGHTS.to_move(last) is None
    True
    """

    __slots__ = ()

    def to_move(self, state: TurnState) -> int | None:
        """The seat to move, ``None`` once the game is over (its ``outcome`` is set)."""
        return None if state.outcome is not None else state.to_move

    def move_text(self, move: object) -> str:
        """The move's notation (``str(move)``)."""
        return str(move)


def is_legal(game: Game[StateT, MoveT, Any, Any, Any], state: StateT, move: object) -> bool:
    """Whether ``move`` is one of the legal moves of ``state``.

    >>> from eighthalf.games.eighthalf.game import EIGHTHALF
    >>> state = EIGHTHALF.start(4, seed=7)
    >>> is_legal(EIGHTHALF, state, EIGHTHALF.parse_move("4")), is_legal(EIGHTHALF, state, "4")
    (True, False)
    """
    return move in game.legal_moves(state)


def apply_with_events(
    game: Game[StateT, MoveT, Any, EventT, Any], state: StateT, move: MoveT
) -> tuple[StateT, tuple[EventT, ...]]:
    """The state after ``move`` (checked) and its full events.

    Raises:
        IllegalMoveError: If ``move`` is not legal in ``state``.
    """
    after = game.apply(state, move)
    return after, game.describe(state, move, after)


def play_out(
    game: Game[StateT, MoveT, Any, Any, Any],
    state: StateT,
    choose: Callable[[StateT, tuple[MoveT, ...]], MoveT],
    *,
    limit: int = 1_000_000,
) -> StateT:
    """Play ``state`` to the end, ``choose`` picking each move among the legal ones.

    >>> from eighthalf.games.eighthalf.game import EIGHTHALF
    >>> last = play_out(EIGHTHALF, EIGHTHALF.start(3, seed=5), lambda state, moves: moves[0])
    >>> EIGHTHALF.result(last)
    Result(scores=(0, 2, 1), winners=(1,))

    Raises:
        InvalidStateError: If the game is not over after ``limit`` moves, or ``choose``
            picks a move that is not legal.
    """
    for _ in range(limit):
        if game.to_move(state) is None:
            return state
        moves = game.legal_moves(state)
        move = choose(state, moves)
        if move not in moves:
            raise InvalidStateError(f"play_out: {quote(move)} is not one of the legal moves")
        state = game.apply_unchecked(state, move)
    if game.to_move(state) is None:
        return state
    raise InvalidStateError(f"play_out: the game is not over after {limit} moves")


def result_text(game: Game[StateT, Any, Any, Any, Any], state: StateT) -> str:
    """The result of ``state`` as a record writes it: ``*`` while the game goes on.

    >>> from eighthalf.games.eighthalf.game import EIGHTHALF
    >>> result_text(EIGHTHALF, EIGHTHALF.start(3, seed=5))
    '*'
    """
    result = game.result(state)
    return "*" if result is None else result.text
