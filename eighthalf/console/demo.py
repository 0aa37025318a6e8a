"""The demo, written once for every game: a seeded game between bots, narrated move by move.

A game joins it with a :class:`DemoScreen`, which says how the demo opens and how each
move is told; the checks of the arguments, the loop, the observers and the bots'
failures are here, the same for 8½ (:func:`eighthalf.games.eighthalf.demo.run_demo`) and Eights
(:func:`eighthalf.games.eights.demo.run_demo`). The terminal game (:mod:`eighthalf.console.play`)
moves its bots with the same :func:`bot_move`.

A bot of the wrong game, or anything else that fails as it chooses, stops the game with
one :class:`~eighthalf.EighthalfError` that says which seat and bot failed:

>>> import random
>>> from eighthalf.games.eights.game import EIGHTS
>>> from eighthalf.bots import GreedyBot
>>> bot_move(EIGHTS, GreedyBot(), EIGHTS.start(2, seed=1), 0, random.Random(1))
Traceback (most recent call last):
...
eighthalf.errors.EighthalfError: seat 0: bot 'greedy' failed (AttributeError: 'PlayerView' object has no attribute 'call_halves'); is it a bot of Eights?
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.core.game import EventT, Game, MoveT, StateT, apply_with_events
from eighthalf.players.players import observes, tell
from eighthalf.simulation.runner import MAX_SEED_DIGITS, refuse_move

__all__ = ["DemoScreen", "bot_move", "check_demo", "play_demo", "tell_observers"]


def _said(error: Exception) -> str:
    """The error of a user's bot in a message: its type and its text, cut."""
    text = str(error)
    return f"{type(error).__name__}: {text if len(text) <= 120 else text[:120] + '…'}"


def bot_move(game: Game[StateT, MoveT, Any, Any, Any], bot: Any, state: StateT, seat: int, rng: random.Random) -> MoveT:
    """``bot``'s move at ``seat`` from its own view, checked.

    Raises:
        EighthalfError: If the bot fails as it chooses (a bot of another game, say); the
            message names the seat and the bot.
        IllegalMoveError: If it chooses a move that is not legal, with the seat and bot in front.
    """
    try:
        move: MoveT = bot.choose(game.view(state, seat), rng)
    except Exception as error:
        raise EighthalfError(
            f"seat {seat}: bot {quote(str(bot.name))} failed ({_said(error)}); is it a bot of {game.name}?"
        ) from error
    if move not in game.legal_moves(state):
        refuse_move(state, move, game.apply, f"seat {seat}, bot {quote(str(bot.name))}")
    return move


def tell_observers(
    game: Game[StateT, Any, Any, EventT, Any],
    bots: Mapping[int, object] | Sequence[object],
    events: Sequence[EventT],
    after: StateT,
) -> None:
    """Show a move to every bot that observes, through ``game``'s own ``events_for`` and
    ``view`` (see :func:`eighthalf.players.players.tell`)."""
    if observes(bots):
        tell(bots, events, after, game.events_for, game.view)


def check_demo(
    game: Game[Any, Any, Any, Any, Any], players: object, seed: object, bots: object, rule: str, rules: Any = None
) -> None:
    """Check the arguments of a demo of ``game``: ``players`` a number that ``rules`` (by
    default the game's default rules) allow (rule ``rule``), ``seed`` an int of at most
    :data:`~eighthalf.simulation.runner.MAX_SEED_DIGITS` digits, ``bots`` a list or tuple of
    one bot per seat.

    Raises:
        EighthalfError: If an argument is wrong; the message says which and why.
    """
    allowed = game.player_counts(game.default_rules if rules is None else rules)
    if type(players) is not int or players not in allowed:
        shown = players if type(players) is int else type(players).__name__
        raise EighthalfError(f"players must be from {allowed[0]} to {allowed[-1]} ({rule}), not {shown}")
    if type(seed) is not int or not -(10**MAX_SEED_DIGITS) < seed < 10**MAX_SEED_DIGITS:
        raise EighthalfError(f"seed must be an int of at most {MAX_SEED_DIGITS} digits")
    if not isinstance(bots, (list, tuple)) or len(bots) != players:
        raise EighthalfError(f"bots must be a list or tuple of {players} bots, one per seat")
    for bot in bots:
        if not callable(getattr(bot, "choose", None)) or not isinstance(getattr(bot, "name", None), str):
            raise EighthalfError(f"every bot needs a name and a choose(view, rng) method, not {type(bot).__name__}")


class DemoScreen(Generic[StateT, MoveT, EventT]):
    """How a game's demo opens and tells each move: all :func:`play_demo` asks of a game
    besides its game object."""

    def __init__(self, names: Sequence[str], seed: int) -> None:
        self.names = names
        """The seats' names."""
        self.seed = seed
        """The demo's seed."""

    def opening(self, state: StateT, bots: Sequence[Any]) -> list[str]:
        """The lines before the first move."""
        raise NotImplementedError

    def screen_items(
        self, number: int, seat: int, move: MoveT, seen: Sequence[EventT], before: StateT, after: StateT
    ) -> list[str]:
        """The lines of move ``number`` (from 1) of ``seat``; ``seen`` are its events as a
        spectator sees them."""
        raise NotImplementedError

    def check(self, state: StateT) -> None:
        """Stop a game that would not end, before its next move (nothing by default).

        Raises:
            EighthalfError: If the game should stop here.
        """


def play_demo(
    game: Game[StateT, MoveT, Any, EventT, Any],
    face: DemoScreen[StateT, MoveT, EventT],
    players: int,
    seed: int,
    bots: Sequence[Any],
    *,
    rules: Any = None,
    write: Callable[[str], None] | None = None,
) -> StateT:
    """Play one seeded game of ``game`` between ``bots`` (checked by :func:`check_demo`),
    told line by line to ``write`` (default: print); returns the last state.

    The bots share a :class:`random.Random` seeded with ``seed``; bots that observe are
    shown every move as their seat may see it.

    Raises:
        EighthalfError: If a bot fails or breaks a rule (see :func:`bot_move`), or
            ``face`` stops the game.
    """
    out: Callable[[str], None] = write if write is not None else print
    state = game.start(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for line in face.opening(state, bots):
        out(line)
    number = 0
    while (seat := game.to_move(state)) is not None:
        face.check(state)
        move = bot_move(game, bots[seat], state, seat, rng)
        after, events = apply_with_events(game, state, move)
        tell_observers(game, bots, events, after)
        number += 1
        for line in face.screen_items(number, seat, move, game.events_for(events, None), state, after):
            out(line)
        state = after
    return state
