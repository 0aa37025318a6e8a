"""The kinds of rated play, the finishing order and OpenSkill's Plackett–Luce model.

A rated table's game is one of three *kinds of play* (:data:`KINDS`), each with its own
rating: a round of 8½, a match of 8½ (a table of more than one round), and a game of Eights.
A rating does not depend on the table's size: a 3-seat and a 6-seat game of one kind move
one rating, and the model weighs each finish by how many it beat and lost to.

The finishing order of a result (:func:`places`): the winners first, then the others by their
score, highest first; equal scores share a place. A person who left (their clock ran out on
their last turn) finishes last, sharing that place with any other who left. The ratings move
by OpenSkill's Plackett–Luce model (:func:`rate`); a bot's rating is held fixed, and the
people's updates take it as given.

>>> places((3, 0, 0, 1), (0,))
[1, 3, 3, 2]
>>> places((3, 0, 0, 1), (0,), left={0})
[4, 2, 2, 1]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Final, Protocol

import attrs

from eighthalf.core.game import Result
from eighthalf.registry import GameEntry
from eighthalf.server.protocol.games import RATED_KINDS, kind_of
from eighthalf.server.storage.accounts import (
    Accounts,
    StoredRating,
    read_ratings,
    seat_accounts,
    write_rated,
    write_rating,
)
from eighthalf.server.storage.store import Execute, Store

try:
    from openskill.models import PlackettLuce
except ModuleNotFoundError:  # pragma: no cover - the core without the server extra
    PlackettLuce = None  # type: ignore[assignment,misc]

__all__ = [
    "KINDS",
    "MU",
    "NEWCOMER_GAMES",
    "SIGMA",
    "RatedEnd",
    "Rating",
    "RatingMeter",
    "bot_anchors",
    "bot_player",
    "conservative",
    "kind_of",
    "places",
    "rate",
    "rated_end",
    "rating_of",
    "table_ending",
]

KINDS: Final = RATED_KINDS
"""The kinds of rated play, each with its own rating (:func:`kind_of`)."""

NEWCOMER_GAMES: Final = 5
"""A player with fewer rated games of a kind than this is a newcomer there: listed apart on its leaderboard."""

MU: Final = 25.0
"""A new rating's mean (OpenSkill's default)."""

SIGMA: Final = 25.0 / 3
"""A new rating's uncertainty (OpenSkill's default): a newcomer's shown rating is 0."""


class RatingMeter(Protocol):
    """What counts the rated ends for the metrics (a table's :class:`~eighthalf.server.tables.seats.Meter`)."""

    def rated(self, kind: str, seconds: float) -> None:
        """A rated end of ``kind`` was committed; its ratings took ``seconds``."""
        ...


@attrs.frozen
class Rating:
    """A rating of the model: its mean and uncertainty, with the games and wins behind it."""

    mu: float = MU
    """The mean."""
    sigma: float = SIGMA
    """The uncertainty."""
    games: int = 0
    """Rated games played."""
    wins: int = 0
    """Rated games won."""

    @property
    def shown(self) -> float:
        """The conservative rating, ``mu - 3 * sigma``: what the pages show."""
        return conservative(self.mu, self.sigma)


def conservative(mu: float, sigma: float) -> float:
    """The conservative rating of a mean and an uncertainty: ``mu - 3 * sigma``."""
    return mu - 3 * sigma


def bot_player(bot: str) -> str:
    """The player of a built-in bot in the ratings: ``<bot> (bot)``, which no account's name may be."""
    return f"{bot} (bot)"


def places(scores: Sequence[int], winners: Collection[int], left: Collection[int] = ()) -> list[int]:
    """Each seat's place (1: first; equal finishes share the best of their places): the seats
    that ``left`` last, the ``winners`` first, the others by score, highest first."""

    def standing(seat: int) -> tuple[int, int, int]:
        return (seat in left, seat not in winners, -scores[seat])

    order = [standing(seat) for seat in range(len(scores))]
    return [1 + sum(other < mine for other in order) for mine in order]


def _model() -> Any:
    if PlackettLuce is None:  # pragma: no cover
        raise ModuleNotFoundError("ratings need openskill: pip install 'eighthalf[server]'")
    return PlackettLuce(mu=MU, sigma=SIGMA)


def rate(ratings: Sequence[Rating], seat_places: Sequence[int], fixed: Collection[int] = ()) -> list[Rating]:
    """The ratings after a game of one player a seat finishing at ``seat_places``: each seat's
    games counted once more and its wins if it came first; the seats ``fixed`` (bots) keep
    their ratings as they are, and the others' updates take them as given.

    >>> before = [Rating(), Rating(), Rating(30.0, 2.0)]
    >>> after = rate(before, [1, 2, 3], fixed={2})
    >>> after[0].mu > after[1].mu > 25, after[2] == before[2]
    (True, True)
    """
    model = _model()
    teams = [[model.rating(mu=rating.mu, sigma=rating.sigma)] for rating in ratings]
    new = model.rate(teams, ranks=[float(place) for place in seat_places])
    rated = []
    for seat, (rating, [after]) in enumerate(zip(ratings, new, strict=True)):
        if seat in fixed:
            rated.append(rating)
        else:
            rated.append(
                Rating(float(after.mu), float(after.sigma), rating.games + 1, rating.wins + (seat_places[seat] == 1))
            )
    return rated


def _given(stored: StoredRating | None) -> Rating:
    return Rating() if stored is None else Rating(stored.mu, stored.sigma, stored.games, stored.wins)


def rated_end(
    table_id: str,
    kind: str,
    bots: Sequence[str | None],
    seat_places: Sequence[int],
) -> Callable[[Execute], None]:
    """What a rated table's last move writes in its transaction (:meth:`Store.add_move
    <eighthalf.server.storage.store.Store.add_move>`'s ``then``): each person's new rating of
    ``kind`` and their place, once; a bot's rating (``bots``: each seat's bot, ``None`` for
    a person) is read (its anchor, or a new one) and left as it is. The seats' accounts are
    read in the transaction too (as committed); a person's seat without one is not rated.

    Raises:
        StoreError: If the table's end was rated already: the move is not stored either.
    """

    def write(execute: Execute) -> None:
        accounts = seat_accounts(execute, table_id)
        players = [accounts.get(index) if bot is None else bot_player(bot) for index, bot in enumerate(bots)]
        playing = [index for index, player in enumerate(players) if player is not None]
        known = read_ratings(execute, [player for player in players if player is not None], kind)
        before = [_given(known.get(players[index] or "")) for index in playing]
        fixed = {number for number, index in enumerate(playing) if bots[index] is not None}
        after = rate(before, [seat_places[index] for index in playing], fixed)
        now = time.time()
        for number, index in enumerate(playing):
            if number in fixed:
                continue
            player = players[index]
            assert player is not None
            new = after[number]
            write_rating(execute, StoredRating(player, kind, new.mu, new.sigma, new.games, new.wins, new.shown, now))
            won = seat_places[index] == 1
            write_rated(execute, table_id, player, kind, seat_places[index], won, before[number].shown, new.shown)

    return write


class RatedEnd:
    """A rated table's end, as the transaction of its last move writes it (:func:`table_ending`).

    Call it with the transaction's :data:`~eighthalf.server.storage.store.Execute` (the
    store's ``then``); once the move is committed, :meth:`committed` tells the meter.
    """

    def __init__(self, kind: str, write: Callable[[Execute], None], meter: RatingMeter | None) -> None:
        self.kind = kind
        """The kind of play."""
        self.seconds: float | None = None
        """How long the ratings took in the transaction, once written."""
        self._write, self._meter = write, meter

    def __call__(self, execute: Execute) -> None:
        """Write the ratings in the transaction of ``execute``."""
        started = time.perf_counter()
        self._write(execute)
        self.seconds = time.perf_counter() - started

    def committed(self) -> None:
        """The move and the ratings were committed: the meter counts the update."""
        if self._meter is not None and self.seconds is not None:
            self._meter.rated(self.kind, self.seconds)


def table_ending(
    table_id: str,
    entry: GameEntry,
    game: Any,
    bots: Sequence[str | None],
    result: Result | None,
    away: Collection[int],
    meter: RatingMeter | None = None,
) -> RatedEnd:
    """The rated end of a table of ``entry``'s ``game`` whose seats' ``bots`` are as given
    (``None``: a person), ending with ``result``; the people whose time ran out on their last
    turn (``away``) finish last. ``meter`` is told of the update once it is committed.

    Raises:
        ValueError: If the game has no kind of rated play, or ``result`` is ``None``.
    """
    kind = kind_of(entry.name, entry.rounds_of(game))
    if kind is None or result is None:
        raise ValueError(f"table {table_id}: a finished game of a kind of rated play is rated, not {entry.name}")
    seat_places = places(result.scores, result.winners, {seat for seat in away if bots[seat] is None})
    return RatedEnd(kind, rated_end(table_id, kind, bots, seat_places), meter)


def rating_of(store: Store, account: str, kind: str) -> Rating:
    """The rating of ``account`` (its key; a bot's :func:`bot_player`) in ``kind``: a new one
    (:data:`MU`, :data:`SIGMA`) if it has played no rated game of that kind."""
    return _given(Accounts(store).rating(account, kind))


def bot_anchors(store: Store, kind: str, bots: Collection[str]) -> Mapping[str, Rating]:
    """The ratings of the built-in ``bots`` in ``kind`` (the ladder's, or new ones), by bot name."""
    accounts = Accounts(store)
    return {bot: _given(accounts.rating(bot_player(bot), kind)) for bot in bots}
