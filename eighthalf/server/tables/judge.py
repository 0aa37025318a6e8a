"""The judgement of finished tables, in the background: each seat's decisions reviewed once per table.

A :class:`Judge` runs beside the lobby. Every :data:`SCAN_SECONDS` (and at once when woken)
it queues the finished tables that have no judgement yet
(:meth:`~eighthalf.server.storage.judgements.Judgements.enqueue_finished`), then claims
queued ones while fewer than ``at_once`` of its own run. Each runs in a worker thread
(the event loop never waits for it): the table's record is reviewed for every seat
(:func:`eighthalf.analysis.review.review`, ``budget`` play-outs a decision, seed 0), its
progress reported after each decision, and the review's document stored. A process stopped
mid-way leaves its claim behind: it is taken again (a SQLite database's at its next start, a
PostgreSQL database's by any process once the claim is :data:`STALE_SECONDS` old), and the
work starts again from the first decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from typing import Final

from eighthalf.analysis.document import dumps
from eighthalf.analysis.review import review
from eighthalf.server.storage.judgements import Judgements
from eighthalf.server.storage.store import StoreError
from eighthalf.server.tables.lobby import Lobby

__all__ = ["DEFAULT_AT_ONCE", "DEFAULT_BUDGET", "SCAN_SECONDS", "STALE_SECONDS", "ClaimLost", "Judge"]

logger = logging.getLogger("eighthalf.server")

DEFAULT_BUDGET: Final = 40
"""Play-outs a decision of a table's judgement, by default (``serve --judge-budget``)."""

DEFAULT_AT_ONCE: Final = 1
"""Judgements one process works on at once, by default (``serve --judge-at-once``; 0: none)."""

SCAN_SECONDS: Final = 5.0
"""How often a judge looks for finished tables to judge and for judgements to claim."""

STALE_SECONDS: Final = 30.0
"""After how long without its claim renewed (every :data:`SCAN_SECONDS` while its process works
on it) a judgement may be claimed again: its process stopped."""


class ClaimLost(Exception):
    """Another process claimed the judgement meanwhile: this one stops working on it."""


class Judge:
    """The background judgement of a lobby's finished tables (see the module).

    Args:
        lobby: The lobby whose store holds the tables.
        judgements: The queue in the same database.
        budget: Play-outs a decision.
        at_once: The most judgements this process works on at once (0: it judges none).
    """

    def __init__(
        self, lobby: Lobby, judgements: Judgements, *, budget: int = DEFAULT_BUDGET, at_once: int = DEFAULT_AT_ONCE
    ) -> None:
        self.lobby = lobby
        self.judgements = judgements
        self.budget = budget
        self.at_once = at_once
        self.running: set[str] = set()
        """The tables this process judges now."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._workers: set[asyncio.Task[None]] = set()
        self._stopping = threading.Event()  # the server stops: a worker thread gives up at its next decision

    def start(self) -> None:
        """Start looking for work (on the running event loop); nothing if ``at_once`` is 0."""
        if self.at_once > 0:
            self._task = asyncio.get_running_loop().create_task(self._loop())

    def stop(self) -> None:
        """Stop looking for work; a judgement under way is left claimed (another start takes it again)."""
        self._stopping.set()
        if self._task is not None:
            self._task.cancel()

    def wake(self) -> None:
        """Look for work now (a table finished, or a review asked for a judgement not yet queued)."""
        self._wake.set()

    def wake_threadsafe(self) -> None:
        """:meth:`wake`, from a worker thread."""
        if self._task is not None:
            self._task.get_loop().call_soon_threadsafe(self._wake.set)

    async def _loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                await asyncio.to_thread(self._renew)
                await asyncio.to_thread(self.judgements.enqueue_finished, time.time())
                while len(self.running) < self.at_once:
                    claimed = await asyncio.to_thread(
                        self.judgements.claim, self.lobby.owner, time.time(), STALE_SECONDS
                    )
                    if claimed is None:
                        break
                    self.running.add(claimed)
                    worker = loop.create_task(self._work(claimed))
                    self._workers.add(worker)
                    worker.add_done_callback(self._workers.discard)
            except StoreError as error:  # the database is away: the next scan tries again
                logger.error("judgements: %s", error)
            self._wake.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), SCAN_SECONDS)

    def _renew(self) -> None:
        """Renew the claims of the judgements this process works on (a decision may take longer than a claim lasts)."""
        for table_id in list(self.running):
            self.judgements.renew(table_id, self.lobby.owner, time.time())

    async def _work(self, table_id: str) -> None:
        try:
            await asyncio.to_thread(self._judge, table_id)
        except ClaimLost:
            if not self._stopping.is_set():
                logger.warning("judgement of table %s: another process took it over", table_id)
        except StoreError as error:
            logger.error("judgement of table %s: %s (it is claimed again later)", table_id, error)
        finally:
            self.running.discard(table_id)
            self.wake()  # room for the next one

    def _judge(self, table_id: str) -> None:
        """Review the table's record for every seat and store the document (in a worker thread).

        Raises:
            ClaimLost: If another process claimed it meanwhile.
        """
        owner = self.lobby.owner

        def progress(done: int, total: int) -> None:
            if self._stopping.is_set():
                raise ClaimLost(table_id)  # the server stops: the claim is left for the next start
            if not self.judgements.report(table_id, owner, done, total, time.time()):
                raise ClaimLost(table_id)

        started = time.perf_counter()
        try:
            entry, text = self.lobby.finished_record(table_id)
            found = review(entry.records.loads(text), budget=self.budget, seed=0, progress=progress)
        except (ClaimLost, StoreError):
            raise
        except Exception as error:  # a review that fails is stored as failed, not tried for ever
            logger.exception("judgement of table %s failed", table_id)
            self.judgements.finish(table_id, owner, time.time(), document=None, error=str(error)[:500])
            return
        if not self.judgements.finish(table_id, owner, time.time(), document=dumps(found), error=None):
            raise ClaimLost(table_id)
        logger.info(
            "judgement of table %s: %d decisions in %.1f s by %s",
            table_id,
            len(found.decisions),
            time.perf_counter() - started,
            owner,
        )
