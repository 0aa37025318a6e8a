"""The queue reads the accounts' ratings (issue 40): a signed-in person's, and the bots' ladder."""

from __future__ import annotations

import pytest

from eighthalf.server.players.model import bot_player
from eighthalf.server.storage.accounts import Accounts, StoredRating
from eighthalf.server.storage.store import SQLiteStore
from eighthalf.server.tables.queue import BOT_RATINGS, NEWCOMER_RATING
from eighthalf.server.web.queue import BOT_RATINGS_SECONDS, AccountRatings


@pytest.mark.parametrize("kind", ["8½ round", "8½ match", "Eights"])
def test_the_queue_rates_people_and_bots_from_the_accounts(kind: str) -> None:
    store = SQLiteStore(":memory:")
    try:
        now = [0.0]
        ratings = AccountRatings(store, clock=lambda: now[0])
        assert ratings.person("anna", kind) == NEWCOMER_RATING  # no rated game yet: a newcomer
        assert ratings.bots(kind) == BOT_RATINGS[kind]  # no ladder yet: the defaults
        accounts = Accounts(store)
        accounts.set_rating(StoredRating("anna", kind, 30.0, 4.0, 7, 3, 18.0, 1.0))
        ladder = next(iter(BOT_RATINGS[kind]))
        accounts.set_rating(StoredRating(bot_player(ladder), kind, 20.0, 2.0, 50, 12, 14.0, 1.0))
        assert ratings.bots(kind) == BOT_RATINGS[kind]  # read a moment ago: kept
        now[0] += BOT_RATINGS_SECONDS
        assert ratings.person("anna", kind) == pytest.approx(30.0 - 3 * 4.0)
        assert ratings.person("ben", kind) == NEWCOMER_RATING
        found = ratings.bots(kind)
        assert found[ladder] == 14.0  # the ladder's, as shown
        assert {bot: value for bot, value in found.items() if bot != ladder} == {
            bot: value for bot, value in BOT_RATINGS[kind].items() if bot != ladder
        }
    finally:
        store.close()
