"""What the conformance suite checks a game on: a :class:`Case`, and the error it raises.

A case is a registered game (its :class:`~eighthalf.registry.GameEntry`) and how the
checks play it: the player counts, the rules of seeded play, the rules whose tags are
tried, how many games. Only the play is tuned, never what is checked. The checks
themselves are in :mod:`eighthalf.testing.conformance`.

>>> from eighthalf.testing import Case
>>> case = Case(entry="eights", games=1)
>>> case.label, case.players, case.game.name
('Eights', (2, 3, 4, 5, 6), 'Eights')
>>> played = case.play(2, seed=1)
>>> len(played.states) == len(played.moves) + 1
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any, NoReturn

import attrs

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.core.game import Game
from eighthalf.core.game import apply_with_events as generic_apply_with_events
from eighthalf.formats.documents import Registry
from eighthalf.formats.replay import GameRecord, RecordFormat
from eighthalf.registry import GameEntry, find

__all__ = ["MESSAGE_LIMIT", "Case", "ConformanceError", "Play"]

MESSAGE_LIMIT = 300
"""The longest error message a game may raise for any input (the checks of junk)."""

_MOVE_LIMIT = 100_000
"""The most moves of one game of seeded play."""


class ConformanceError(EighthalfError):
    """A game fails one or more conformance checks.

    The message names the game, each failed check and what was wrong;
    :attr:`check` is the first failed check and :attr:`failures` holds them all.
    """

    def __init__(self, game: str, failures: Sequence[tuple[str, str]]) -> None:
        self.game = game
        """The game that failed (its name, and its rounds when more than one)."""
        self.failures: tuple[tuple[str, str], ...] = tuple(failures)
        """Each failed check's name and what was wrong, in the order of the checks."""
        if len(self.failures) == 1:
            name, what = self.failures[0]
            message = f"{game} fails the conformance check {name!r}: {what}"
        else:
            told = "; ".join(f"{name!r}: {what}" for name, what in self.failures)
            message = f"{game} fails {len(self.failures)} conformance checks: {told}"
        super().__init__(message)

    @property
    def check(self) -> str:
        """The name of the first failed check (a key of :data:`~eighthalf.testing.CHECKS`)."""
        return self.failures[0][0]

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.game, self.failures)


class Failure(Exception):
    """What one check found wrong (raised by :func:`fail`, turned into a :class:`ConformanceError`)."""


def fail(what: str) -> NoReturn:
    """Stop the running check: ``what`` was wrong.

    Raises:
        Failure: Always.
    """
    raise Failure(what)


def _entry(entry: GameEntry | str) -> GameEntry:
    """``entry``, or the registered game of that name or key."""
    return entry if isinstance(entry, GameEntry) else find(entry)


def _game(case: Case) -> Game[Any, Any, Any, Any, Any]:
    return case.entry.game_of(case.rounds)


def _label(case: Case) -> str:
    return case.entry.name if case.rounds == 1 else f"{case.entry.name} ({case.rounds} rounds)"


def _id(case: Case) -> str:
    return case.entry.key if case.rounds == 1 else f"{case.entry.key}{case.rounds}"


def _players(case: Case) -> tuple[int, ...]:
    return tuple(case.game.player_counts(case.game.default_rules))


def _play_rules(case: Case) -> Any:
    return case.game.default_rules


@attrs.frozen(slots=True, weakref_slot=False)
class Play:
    """A game played from a seed: its start, its moves and every state it went through."""

    players: int
    """The number of players."""
    seed: int
    """The seed of the deal, which seeds the choice of each move too."""
    moves: tuple[Any, ...]
    """The moves, in order."""
    states: tuple[Any, ...]
    """The first state and the state after every move (one more than the moves)."""


@attrs.frozen(kw_only=True, eq=False, weakref_slot=False)
class Case:
    """A registered game and how the conformance checks play it.

    Every field but :attr:`entry` has a default that suits a small game; a game with
    long games may play fewer (:attr:`games`), or shorter ones (:attr:`play_rules`). The
    games played are kept on the case, so that the checks share them.
    """

    entry: GameEntry = attrs.field(converter=_entry)
    """The game's entry in the registry (given as a :class:`~eighthalf.registry.GameEntry`, or
    as a name or key that :func:`eighthalf.registry.find` knows)."""
    rounds: int = 1
    """The rounds of the game checked (more than 1 for a match, up to the entry's ``max_rounds``)."""
    game: Game[Any, Any, Any, Any, Any] = attrs.field(init=False, default=attrs.Factory(_game, takes_self=True))
    """The game object checked: the entry's game of :attr:`rounds` rounds."""
    id: str = attrs.field(default=attrs.Factory(_id, takes_self=True))
    """A short name, for test ids: the entry's key (and the rounds when more than one)."""
    label: str = attrs.field(default=attrs.Factory(_label, takes_self=True))
    """The name the error messages give: the game's name (and the rounds when more than one)."""
    players: tuple[int, ...] = attrs.field(default=attrs.Factory(_players, takes_self=True))
    """The player counts seeded play goes through (by default every count the default rules allow)."""
    play_rules: Any = attrs.field(default=attrs.Factory(_play_rules, takes_self=True))
    """The rules of seeded play (by default the game's default rules)."""
    tag_rules: tuple[Any, ...] = ()
    """Rules, besides the default ones, whose record tags must round trip."""
    games: int = 2
    """How many games seeded play goes through, from seed :attr:`seed` on."""
    seed: int = 1000
    """The seed of the first game of seeded play (the next game's is one more)."""
    reached: int = 30
    """How many states ``reached_states`` checks, each reached by random moves from a random deal."""
    apply_with_events: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]] | None = None
    """The game's own ``apply_with_events(state, move)``, which ``describe`` must agree with
    (``None``: :func:`eighthalf.core.game.apply_with_events`)."""
    _plays: dict[tuple[int, int], Play] = attrs.field(init=False, factory=dict, repr=False)

    @property
    def deck(self) -> Counter[Hashable]:
        """The multiset of all the game's cards (the entry's ``deck``)."""
        return self.entry.deck

    def cards(self, state: Any) -> Counter[Hashable]:
        """The multiset of all cards of a state, wherever they are (the entry's ``cards``)."""
        return self.entry.cards(state)

    @property
    def records(self) -> RecordFormat[Any]:
        """The game's record format (``dumps``, ``loads``)."""
        return self.entry.records

    @property
    def documents(self) -> Registry:
        """The game's JSON documents."""
        return self.entry.documents

    @property
    def bots(self) -> Mapping[str, Callable[[], Any]]:
        """The game's built-in bots."""
        return self.entry.bots

    def events_of(self, state: Any, move: Any) -> tuple[Any, tuple[Any, ...]]:
        """The state after ``move`` and its events, by the game's own :attr:`apply_with_events`."""
        if self.apply_with_events is None:
            return generic_apply_with_events(self.game, state, move)
        return self.apply_with_events(state, move)

    def record(self, players: int, seed: int, rules: Any, moves: Sequence[Any]) -> GameRecord[Any, Any]:
        """A record of ``players``, ``seed``, ``rules`` and ``moves`` (not finished)."""
        made = self.entry.make_record(players, seed, rules, self.rounds)
        for move in moves:
            made = made.played(move)
        return made

    def play(self, players: int, seed: int) -> Play:
        """A game of ``players`` by :attr:`play_rules`, dealt from ``seed``, played to the end
        with each move drawn by a ``random.Random(seed)`` (kept: played once per case)."""
        key = (players, seed)
        if key not in self._plays:
            game = self.game
            rng = random.Random(seed)
            state = game.start(players, seed=seed, rules=self.play_rules)
            states: list[Any] = [state]
            moves: list[Any] = []
            while game.to_move(state) is not None and len(moves) < _MOVE_LIMIT:
                move = rng.choice(game.legal_moves(state))
                state = game.apply(state, move)
                moves.append(move)
                states.append(state)
            self._plays[key] = Play(players, seed, tuple(moves), tuple(states))
        return self._plays[key]

    def plays(self) -> Iterator[Play]:
        """The games of seeded play: :attr:`games` of them, going through :attr:`players` in turn."""
        for index in range(self.games):
            yield self.play(self.players[index % len(self.players)], self.seed + index)

    def sampled(self, every: int = 1) -> Iterator[tuple[Play, int]]:
        """``(game, index)`` of every ``every``-th state of the seeded games, each last state too."""
        for played in self.plays():
            last = len(played.states) - 1
            for index in range(last + 1):
                if index % every == 0 or index == last:
                    yield played, index

    def first(self) -> Play:
        """The first game of seeded play."""
        return self.play(self.players[0], self.seed)


def seats(players: int) -> list[int | None]:
    """Every seat, and ``None`` for a spectator."""
    return [*range(players), None]


def shown(value: object) -> str:
    """``value`` quoted for a message, cut short."""
    return quote(value, 120)
