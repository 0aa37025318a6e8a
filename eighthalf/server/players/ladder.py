"""The bots' ladder: bots-only games that give the built-in bots their ratings, the scale's anchors.

``eighthalf ratings ladder --kind "8½ round" --games 60 --bots greedy,random,search``
plays ``--games`` games of the kind between the bots named, one seat each (the table's
size is the number of bots), turning the seating one seat on each game so that every
cyclic seating is played as often (the games are a multiple of the seats, or nearly); the
ratings start new, move by the same model as the people's (:func:`~eighthalf.server.players.model.rate`)
and are stored at the end, replacing the bots' earlier ones. In people's games the bots'
ratings are then held fixed. A round of 8½ between bots alone may go on for ever, so its
ladder games end at 1000 moves (E7); the other settings are the kind's defaults. The
games are dealt from ``--seed``: one seed, one ladder.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from eighthalf.console.demo import bot_move, tell_observers
from eighthalf.core.game import apply_with_events
from eighthalf.registry import GameEntry, find
from eighthalf.server.players.model import KINDS, Rating, bot_player, places, rate
from eighthalf.server.storage.accounts import Accounts, StoredRating, transaction, write_rating
from eighthalf.server.storage.store import Store

__all__ = ["LADDER_MOVE_LIMIT", "LadderResult", "kind_game", "play_ladder", "store_ladder"]

LADDER_MOVE_LIMIT: Final = 1000
"""The move limit of a ladder's round of 8½ (E7), which bots alone might play for ever."""

_GAMES: Final = {KINDS[0]: ("8½", 1), KINDS[1]: ("8½", 6), KINDS[2]: ("Eights", 1)}


@attrs.frozen
class LadderResult:
    """The bots' ratings after a ladder."""

    kind: str
    """The kind of play."""
    ratings: dict[str, Rating]
    """Each bot's rating, by name."""
    games: int
    """The games played."""


def kind_game(kind: str) -> tuple[GameEntry, int]:
    """The game's entry and the rounds of a table of ``kind``.

    Raises:
        ValueError: If ``kind`` is not a kind of rated play.
    """
    if kind not in _GAMES:
        raise ValueError(f"expected a kind of play ({', '.join(KINDS)}), not {kind!r}")
    name, rounds = _GAMES[kind]
    return find(name), rounds


def _play(entry: GameEntry, rounds: int, seating: Sequence[str], seed: int) -> Any:
    rules = entry.game.default_rules
    if entry.endless(rules) is not None:
        rules = attrs.evolve(rules, move_limit=LADDER_MOVE_LIMIT)
    record = entry.make_record(len(seating), seed, rules, rounds)
    game, state = record.game, record.start()
    bots = [entry.bot(name, game) for name in seating]
    rng = random.Random(seed)
    while (seat := game.to_move(state)) is not None:
        move = bot_move(game, bots[seat], state, seat, rng)
        after, events = apply_with_events(game, state, move)
        tell_observers(game, bots, events, after)
        state = after
    return game.result(state)


def play_ladder(
    kind: str, bots: Sequence[str], games: int, *, seed: int = 0, progress: Callable[[int], None] | None = None
) -> LadderResult:
    """Play ``games`` games of ``kind`` between ``bots`` (game ``n`` seats them turned ``n``
    seats on) and rate them from new ratings.

    Raises:
        ValueError: If the kind, the bots or their number is not one the game plays.
    """
    entry, rounds = kind_game(kind)
    unknown = sorted(set(bots) - set(entry.bots))
    if unknown:
        raise ValueError(f"{entry.name} has no bot {unknown[0]!r} (its bots: {', '.join(sorted(entry.bots))})")
    if len(set(bots)) != len(bots) or len(bots) not in entry.game.player_counts(entry.game.default_rules):
        counts = entry.game.player_counts(entry.game.default_rules)
        raise ValueError(f"expected {counts.start} to {counts.stop - 1} different bots, not {list(bots)}")
    if games < 1:
        raise ValueError(f"expected at least one game, not {games}")
    ratings = {name: Rating() for name in bots}
    for number in range(games):
        turn = number % len(bots)
        seating = [*bots[turn:], *bots[:turn]]
        result = _play(entry, rounds, seating, random.Random(f"ladder:{seed}:{number}").randrange(2**53))
        new = rate([ratings[name] for name in seating], places(result.scores, result.winners))
        ratings.update(zip(seating, new, strict=True))
        if progress is not None:
            progress(number + 1)
    return LadderResult(kind, ratings, games)


def store_ladder(store: Store, ladder: LadderResult, now: float | None = None) -> None:
    """Store the bots' ratings of ``ladder`` in one transaction, replacing their earlier ones."""
    when = time.time() if now is None else now
    with transaction(store) as execute:
        for name, rating in ladder.ratings.items():
            stored = StoredRating(
                bot_player(name), ladder.kind, rating.mu, rating.sigma, rating.games, rating.wins, rating.shown, when
            )
            write_rating(execute, stored)


def stored_bots(store: Store, kind: str) -> list[StoredRating]:
    """The bots' stored ratings of ``kind``, best first."""
    entry, _ = kind_game(kind)
    accounts = Accounts(store)
    found = [accounts.rating(bot_player(name), kind) for name in sorted(entry.bots)]
    return sorted((rating for rating in found if rating is not None), key=lambda rating: -rating.shown)
