"""The queue's matching, as pure functions: who sits with whom, and which bots fill the rest.

"Play now" (:mod:`eighthalf.server.web.queue`) lets a person choose a *kind of play*
(:data:`KINDS`: ``"8½ round"``, ``"8½ match"``, ``"Eights"``) and a table size, and wait.
:func:`match` is asked, again and again, for the groups that the people waiting now make:

- People are grouped only with those of the same kind and size.
- The person who has waited longest is seated first: with the others whose ratings are
  within both their *windows* (:class:`Windows`: ±5 points at first, 2.5 more every 5
  seconds of waiting, by default), nearest first.
- A group as large as the table is seated at once. Once its first person has waited
  :data:`DEFAULT_FILL_SECONDS` (``eighthalf serve --queue-wait``), a smaller group is seated
  too, its empty seats filled with the bots whose ratings are nearest the group's mean.

Ratings come through the :class:`Ratings` seam; by default (:class:`NewcomerRatings`) every
person is a newcomer at :data:`NEWCOMER_RATING` and the bots hold the ratings of
:data:`BOT_RATINGS`. The ratings are conservative ones (OpenSkill's μ − 3σ), on the scale
on which a newcomer stands at 0.

>>> waiting = [Waiting("a", "Eights", 2, 0.0, 0.0), Waiting("b", "Eights", 2, 3.0, 1.0)]
>>> [group.tickets for group in match(waiting, 1.0, fill_seconds=30.0)]
[('a', 'b')]
>>> alone = match([Waiting("a", "Eights", 3, 0.0, 0.0)], 30.0, fill_seconds=30.0)
>>> alone[0].tickets, alone[0].bots
(('a',), ('random', 'random'))
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final, Protocol

import attrs

__all__ = [
    "BOT_RATINGS",
    "DEFAULT_FILL_SECONDS",
    "DEFAULT_WINDOWS",
    "JOIN_KEYS",
    "KINDS",
    "NEWCOMER_RATING",
    "Group",
    "Kind",
    "NewcomerRatings",
    "Ratings",
    "Waiting",
    "Windows",
    "match",
    "nearest_bots",
]


@attrs.frozen
class Kind:
    """A kind of play the queue seats people for: a game, its rounds, its table sizes."""

    name: str
    """The kind's name, as a person chooses it (``"8½ round"``)."""
    game: str
    """The served game's name (``"8½"``)."""
    rounds: int
    """The rounds of a table of this kind (1: a single game)."""
    sizes: tuple[int, ...]
    """The table sizes a person may choose (the game's allowed seat counts)."""
    move_seconds: float = 60.0
    """A person's time for a move at a table of this kind, after which the game's default bot
    moves for them (so a person who went away does not hold up the others)."""


KINDS: Final[Mapping[str, Kind]] = {
    "8½ round": Kind("8½ round", "8½", 1, (2, 3, 4, 5)),
    "8½ match": Kind("8½ match", "8½", 6, (2, 3, 4, 5)),
    "Eights": Kind("Eights", "Eights", 1, (2, 3, 4, 5, 6)),
}
"""The kinds of play, by name: a round of 8½, a match of 8½ (6 rounds, M1) and a game of
Eights, each at the game's default rules, with no seed, no hints and 60 seconds a move."""

JOIN_KEYS: Final = frozenset({"type", "kind", "size", "name"})
"""The keys of a person's join of the queue (``{"type": "join", "kind": ..., "size": ..., "name": ...}``)."""

DEFAULT_FILL_SECONDS: Final = 30.0
"""How long the first person of a group waits before bots fill its empty seats, by default."""

NEWCOMER_RATING: Final = 0.0
"""A newcomer's conservative rating (OpenSkill's μ − 3σ at its start, 25 − 3 × 25/3)."""

BOT_RATINGS: Final[Mapping[str, Mapping[str, float]]] = {
    "8½ round": {"random": 10.0, "greedy": 20.0, "search": 24.0, "ismcts": 26.0},
    "8½ match": {"random": 10.0, "greedy": 20.0, "search": 24.0, "ismcts": 26.0},
    "Eights": {"random": 10.0, "greedy": 20.0, "ismcts": 23.0, "search": 24.0, "prospect": 26.0},
}
"""The bots' conservative ratings by kind, until the ladder's (accounts) replace them: in the
order of their strength measured in :doc:`/bots` (8½: random, greedy, search, ismcts;
Eights: random, greedy, ismcts, search, prospect)."""


class Ratings(Protocol):
    """Where the queue reads ratings: a person's, and the bots' (conservative, μ − 3σ)."""

    def person(self, key: str, kind: str) -> float:
        """The conservative rating of the person ``key`` (a guest: their name) in ``kind``."""
        ...

    def bots(self, kind: str) -> Mapping[str, float]:
        """The bots that may fill seats in ``kind``, with their conservative ratings."""
        ...


class NewcomerRatings:
    """The ratings of a server without accounts: every person a newcomer, the bots at :data:`BOT_RATINGS`.

    >>> NewcomerRatings().person("Anna", "Eights"), NewcomerRatings().bots("8½ match")["ismcts"]
    (0.0, 26.0)
    """

    def person(self, key: str, kind: str) -> float:
        """See :meth:`Ratings.person`: :data:`NEWCOMER_RATING`."""
        return NEWCOMER_RATING

    def bots(self, kind: str) -> Mapping[str, float]:
        """See :meth:`Ratings.bots`: :data:`BOT_RATINGS` of ``kind``."""
        return BOT_RATINGS[kind]


@attrs.frozen
class Windows:
    """How far apart two waiting people's ratings may be: ``first`` at once, ``step`` more
    every ``every`` seconds of waiting.

    >>> [DEFAULT_WINDOWS.at(seconds) for seconds in (0.0, 4.9, 5.0, 12.0)]
    [5.0, 5.0, 7.5, 10.0]
    """

    first: float = 5.0
    """The window at once (points of conservative rating either side)."""
    step: float = 2.5
    """How much it widens at each step."""
    every: float = 5.0
    """The seconds between steps."""

    def at(self, waited: float) -> float:
        """The window of a person who has waited ``waited`` seconds."""
        return self.first + self.step * math.floor(max(waited, 0.0) / self.every)


DEFAULT_WINDOWS: Final = Windows()
"""The default windows: ±5 at first, 2.5 wider every 5 seconds (±20 after 30 seconds)."""


@attrs.frozen
class Waiting:
    """A person in the queue, as matching sees them."""

    ticket: str
    """Their queue ticket (unique: one place in the queue)."""
    kind: str
    """The kind of play they wait for (a key of :data:`KINDS`)."""
    size: int
    """The table size they wait for."""
    rating: float
    """Their conservative rating in ``kind``."""
    since: float
    """When they joined (seconds since the epoch)."""


@attrs.frozen
class Group:
    """People to seat at one new table, and the bots that fill its other seats."""

    kind: str
    """The kind of play."""
    size: int
    """The table's size."""
    tickets: tuple[str, ...]
    """The people's tickets, the one who waited longest first (they take the first seats)."""
    bots: tuple[str, ...]
    """The bots of the other seats (``size - len(tickets)`` of them), by name."""


def nearest_bots(bots: Mapping[str, float], rating: float, count: int) -> tuple[str, ...]:
    """``count`` seats of the bots whose ratings are nearest ``rating`` (a bot may fill several;
    a tie goes to the lower rating, then the name).

    >>> nearest_bots({"random": 10.0, "greedy": 20.0, "search": 24.0}, 21.0, 2)
    ('greedy', 'greedy')
    """
    if count and not bots:
        raise ValueError("no bot may fill a seat")
    best = min(bots, key=lambda name: (abs(bots[name] - rating), bots[name], name)) if count else ""
    return (best,) * count


def _fits(one: Waiting, other: Waiting, now: float, windows: Windows) -> bool:
    gap = abs(one.rating - other.rating)
    return gap <= windows.at(now - one.since) and gap <= windows.at(now - other.since)


def match(
    waiting: Sequence[Waiting],
    now: float,
    *,
    fill_seconds: float = DEFAULT_FILL_SECONDS,
    windows: Windows = DEFAULT_WINDOWS,
    ratings: Ratings | None = None,
) -> list[Group]:
    """The groups to seat now among ``waiting`` (see the module's text): every ticket in one
    group at most, every group of one kind and size, every two people of a group within each
    other's windows; the others go on waiting.

    Args:
        waiting: The people in the queue.
        now: The time now (seconds since the epoch, as their ``since``).
        fill_seconds: After how long a group's first person is seated with bots.
        windows: The windows' schedule.
        ratings: Where the bots' ratings are read (:class:`NewcomerRatings` by default).
    """
    ratings = ratings or NewcomerRatings()
    by_place: dict[tuple[str, int], list[Waiting]] = {}
    for person in sorted(waiting, key=lambda person: (person.since, person.ticket)):
        by_place.setdefault((person.kind, person.size), []).append(person)
    groups: list[Group] = []
    for (kind, size), people in sorted(by_place.items()):
        left = list(people)
        while left:
            first = left.pop(0)
            near = sorted(
                (other for other in left if _fits(first, other, now, windows)),
                key=lambda other: (abs(other.rating - first.rating), other.since, other.ticket),
            )
            chosen = [first]
            for other in near:
                if len(chosen) == size:
                    break
                if all(_fits(member, other, now, windows) for member in chosen):
                    chosen.append(other)
            if len(chosen) < size and now - first.since < fill_seconds:
                continue  # not full yet, and not waited long enough for bots: the next one may start a group
            for member in chosen[1:]:
                left.remove(member)
            mean = sum(member.rating for member in chosen) / len(chosen)
            bots = nearest_bots(ratings.bots(kind), mean, size - len(chosen))
            groups.append(Group(kind, size, tuple(member.ticket for member in chosen), bots))
    return groups
