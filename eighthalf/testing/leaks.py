"""The leak checks: nothing a seat receives reveals what it must not see (I1–I4, WI1–WI4).

Whatever your server sends to a seat must be the same for any two states that differ
only in cards that seat cannot see. :func:`hidden_variants` makes such states and
:func:`assert_no_leaks` runs your rendering function over them; :func:`assert_events_hide`
checks what a seat is told of a move. Each takes the game as a game object of the game
protocol (:class:`~eighthalf.core.game.Game`): by default the registry's first game
(8½'s round, :data:`~eighthalf.games.eighthalf.game.EIGHTHALF`), or any other, such as 8½'s
match (:data:`~eighthalf.games.eighthalf.game.MATCH`), Eights
(:data:`~eighthalf.games.eights.game.EIGHTS`) or a game of your own.

>>> import random
>>> from eighthalf import new_game
>>> from eighthalf.games.eighthalf.views import view
>>> state = new_game(4, seed=7)
>>> assert_no_leaks(state, 0, lambda s, seat: repr(view(s, seat)), rng=random.Random(1))
>>> assert_no_leaks(state, 0, lambda s, seat: repr(s.seats[1].hand), rng=random.Random(1))
Traceback (most recent call last):
...
eighthalf.testing.LeakError: what seat 0 receives depends on cards it cannot see: ...

The same for Eights, whose views leave out the seed that every later shuffle comes from
(WI4):

>>> from eighthalf.games.eights.game import EIGHTS
>>> game = EIGHTS.start(3, seed=5)
>>> assert_no_leaks(game, 1, EIGHTS.view, rng=random.Random(2), game=EIGHTS)
>>> assert_no_leaks(game, 1, lambda s, seat: s.seed, rng=random.Random(2), game=EIGHTS)
Traceback (most recent call last):
...
eighthalf.testing.LeakError: what seat 1 receives depends on cards it cannot see: ...
>>> move = EIGHTS.legal_moves(game)[0]
>>> assert_events_hide(EIGHTS, game, move, None, rng=random.Random(3)) > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.game import Game, MoveT, StateT
from eighthalf.registry import games

__all__ = ["EVENT_MEMBERS", "LeakError", "assert_events_hide", "assert_no_leaks", "hidden_variants"]

_SeatT = TypeVar("_SeatT", bound="int | None")
"""The type of the seat :func:`assert_no_leaks` is given, and so the seat its ``render`` must take:
``int`` for a player's seat, ``None`` for a spectator, ``int | None`` for either."""

_SHOWN = 200
"""How much of each differing result a leak's message quotes."""


class LeakError(AssertionError):
    """What a seat receives depends on cards it cannot see."""


def _check_game(game: object, members: tuple[str, ...]) -> None:
    missing = [name for name in members if not callable(getattr(game, name, None))]
    if missing:
        raise InvalidStateError(f"game must be a game object (lacking {', '.join(missing)}), not {quote(game)}")


def _game(game: Game[StateT, Any, Any, Any, Any] | None) -> Game[StateT, Any, Any, Any, Any]:
    """``game``, or for ``None`` the game object of the registry's first game (8½'s round)."""
    return games()[0].game if game is None else game


def _check_common(seat: object, rng: object, count: object, what: str) -> None:
    if type(count) is not int or count < 0:
        raise InvalidStateError(f"{what} must be an int of at least 0, not {quote(count)}")
    if not isinstance(rng, random.Random):
        raise InvalidStateError(f"rng must be a random.Random, not {quote(rng)}")
    if seat is not None and type(seat) is not int:
        raise InvalidStateError(f"a seat is an int (or None for a spectator), not {quote(seat)}")


def _view(game: Game[Any, Any, Any, Any, Any], state: object, seat: int | None) -> Any:
    """``game.view(state, seat)``, a state the game cannot read being an InvalidStateError."""
    try:
        return game.view(state, seat)
    except (AttributeError, TypeError):
        raise InvalidStateError(f"{quote(state)} is not a state of {quote(game)}") from None


def hidden_variants(
    state: StateT,
    seat: int | None,
    rng: random.Random,
    count: int = 8,
    *,
    game: Game[StateT, Any, Any, Any, Any] | None = None,
) -> Iterator[StateT]:
    """Yield ``count`` states of ``game`` that ``seat`` cannot tell from ``state``.

    ``game`` is by default the game object of the registry's first game
    (:func:`eighthalf.registry.games`), 8½'s round.

    Each is ``game.sample_state(game.view(state, seat), rng)``: the cards ``seat``
    cannot see (other hands, banks, blind cards — its own bank and blind cards too — the
    stack of Eights) dealt at random into the same hidden places, and what nobody sees
    (a seed) drawn anew, so ``game.view(variant, seat) == game.view(state, seat)``.

    Raises:
        InvalidStateError: If an argument is of the wrong type (``count`` must be an
            int of at least 0, ``rng`` a :class:`random.Random`, ``seat`` an int or
            ``None``, ``game`` a game object and ``state`` one of its states), or as
            the game's ``view``.
        IndexError: If ``seat`` is not a seat of the game.
    """
    chosen = _game(game)
    _check_game(chosen, ("view", "sample_state"))
    _check_common(seat, rng, count, "count")
    return _variants(chosen, _view(chosen, state, seat), rng, count)


def _variants(game: Game[Any, Any, Any, Any, Any], seen: object, rng: random.Random, count: int) -> Iterator[Any]:
    for _ in range(count):
        yield game.sample_state(seen, rng)


def assert_no_leaks(
    state: StateT,
    seat: _SeatT,
    render: Callable[[StateT, _SeatT], object],
    *,
    rng: random.Random,
    variants: int = 8,
    game: Game[StateT, Any, Any, Any, Any] | None = None,
) -> None:
    """Check that ``render(state, seat)`` depends only on what ``seat`` may see.

    ``render`` is whatever your front-end or server produces for ``seat`` from a full
    state of ``game`` (a JSON document, a page, a message); ``game`` is by default 8½'s
    round, as in :func:`hidden_variants`. Its seat is typed as ``seat`` is: a function of
    ``(GameState, int)`` will do for a player's seat, one of ``(GameState, int | None)`` for
    any seat. It is called on ``state``
    and on ``variants`` states that differ only in what ``seat`` cannot see
    (:func:`hidden_variants`); all results must be equal.

    Raises:
        LeakError: If a result differs, with both results (cut short) in the message.
        InvalidStateError: If an argument is of the wrong type (``render`` not
            callable, ``variants`` not an int of at least 0 …), as in
            :func:`hidden_variants`.
        IndexError: If ``seat`` is not a seat of the game.
    """
    if not callable(render):
        raise InvalidStateError(f"render must be callable, not {quote(render)}")
    variants_of = hidden_variants(state, seat, rng, variants, game=game)
    expected = render(state, seat)
    for variant in variants_of:
        got = render(variant, seat)
        if got != expected:
            raise LeakError(
                f"what seat {seat} receives depends on cards it cannot see: {quote(expected, _SHOWN)} "
                f"for the real state, {quote(got, _SHOWN)} for a state it cannot tell apart"
            )


EVENT_MEMBERS: Final = (
    "to_move",
    "legal_moves",
    "apply",
    "apply_unchecked",
    "describe",
    "events_for",
    "view",
    "sample_state",
)
"""The members of the game protocol that :func:`assert_events_hide` plays through (the
conformance suite checks these and the others)."""


def assert_events_hide(
    game: Game[StateT, MoveT, Any, Any, Any],
    before: StateT,
    move: MoveT,
    seat: int | None,
    *,
    rng: random.Random,
    variants: int = 8,
) -> int:
    """Check that what a seat that did not move is told of ``move`` hides what it must not see.

    What ``seat`` is told is ``game.events_for(game.describe(before, move, after), seat)``,
    where ``after`` is the state after ``move``. The check makes states that ``seat``
    cannot tell from ``before`` (:func:`hidden_variants`, from its own view and from the
    mover's, which keeps ``move`` legal), makes the same ``move`` in each, and compares
    what ``seat`` is told there with what it is told of the real move, wherever the
    sample should tell it the same:

    - A seat that did not move (an int) is compared wherever its view after the move is
      the same and a spectator is told the same. This proves that it is told nothing
      beyond the public account of the move (what a spectator is told) and what its own
      views show: not another seat's drawn or passed cards, hand, bank or blind cards.
    - A spectator (``None``) is compared wherever its view after the move and the
      mover's are the same as in the real game. This proves that the public account
      depends on nothing hidden from the mover too: other hands, the rest of a bank or
      of the stack, blind cards still face down, the seed. Which of the mover's own
      hidden cards the rules make public is the game's own business (8½ turns a blind
      card up for everybody, I1, and tells only the drawer what it drew, I2): the
      views cannot say, since either may end in the mover's hand, so test that on its own.

    It is a sampled check: more ``variants`` find rarer leaks, and the number returned
    says how many samples were compared (``0``: none fitted, and nothing was proved).
    The mover's own events, which show it what it drew, are not judged here; nor is a
    game that tells everybody alike what the mover drew, since every account then
    agrees and no view can tell a drawn card from one turned up for all.

    >>> import random
    >>> from eighthalf.games.eighthalf.game import EIGHTHALF
    >>> state = EIGHTHALF.start(4, seed=7)
    >>> move = EIGHTHALF.legal_moves(state)[0]
    >>> assert_events_hide(EIGHTHALF, state, move, 0, rng=random.Random(1)) > 0
    True

    Raises:
        LeakError: If ``seat`` is told something else in a sample, with both accounts
            (cut short) in the message.
        IllegalMoveError: If ``move`` is not legal in ``before``.
        InvalidStateError: If an argument is of the wrong type (``variants`` not an int
            of at least 0, ``rng`` not a :class:`random.Random`, ``game`` not a game
            object, ``before`` not one of its states, ``seat`` neither an int nor
            ``None``), ``before`` is over, or ``seat`` is the seat to move.
        IndexError: If ``seat`` is not a seat of the game.
    """
    _check_game(game, EVENT_MEMBERS)
    _check_common(seat, rng, variants, "variants")
    seen_before = _view(game, before, seat)
    mover = game.to_move(before)
    if mover is None:
        raise InvalidStateError("assert_events_hide needs a state with a move to make, not one that is over")
    if seat == mover:
        raise InvalidStateError(f"seat {seat} is to move: assert_events_hide checks the seats that did not move")
    after = game.apply(before, move)
    full = game.describe(before, move, after)
    told = game.events_for(full, seat)
    public = game.events_for(full, None)
    seen_after = game.view(after, seat)
    mover_after = game.view(after, mover)
    mover_before = game.view(before, mover)
    sources = (mover_before,) if seat is None else (seen_before, mover_before)
    compared = 0
    for _ in range(variants):
        for source in sources:
            other = game.sample_state(source, rng)
            if source is mover_before and seat is not None and game.view(other, seat) != seen_before:
                continue
            if move not in game.legal_moves(other):
                continue
            later = game.apply_unchecked(other, move)
            if game.view(later, seat) != seen_after:
                continue
            events = game.describe(other, move, later)
            if seat is None:
                if game.view(later, mover) != mover_after:
                    continue
            elif game.events_for(events, None) != public:
                continue
            got = game.events_for(events, seat)
            compared += 1
            if got != told:
                raise LeakError(
                    f"what seat {seat} is told of {quote(move, 60)} depends on cards it cannot see: "
                    f"{quote(told, _SHOWN)} for the real state, {quote(got, _SHOWN)} for a state it cannot tell apart"
                )
    return compared
