"""The server's metrics for Prometheus, served at ``/metrics`` (``prometheus-client``).

Each application has a registry of its own (two servers in one process, as in the tests,
keep apart). The metrics, all named ``eighthalf_...``:

===============================================  =========  =================================================
name                                             kind       what it counts
===============================================  =========  =================================================
``eighthalf_tables_in_play``                     gauge      tables whose game goes on, held in memory
``eighthalf_tables_in_memory``                   gauge      tables in memory (finished ones being watched too)
``eighthalf_connections``                        gauge      websockets open
``eighthalf_connections_opened_total``           counter    websockets accepted since the start
``eighthalf_moves_total{game}``                  counter    moves committed, by game
``eighthalf_commit_seconds``                     histogram  the commit of a move to the database
``eighthalf_move_to_frame_seconds``              histogram  from a move's arrival to every frame queued
``eighthalf_bot_seconds{game}``                  histogram  a bot's choice of a move, by game
``eighthalf_webhook_deliveries_total``           counter    webhook deliveries answered 2xx
``eighthalf_webhook_failures_total``             counter    webhook attempts that failed (retried or not)
``eighthalf_webhook_retries_total``              counter    failed deliveries queued again after their pause
``eighthalf_webhook_dropped_total``              counter    deliveries dropped: the queue was full
``eighthalf_queue_waiting``                      gauge      people waiting in the queue through this process
``eighthalf_queue_wait_seconds``                 histogram  from joining the queue to a seat, of the people
                                                            this process held
``eighthalf_queue_tables_total``                 counter    tables this process made for the queue
``eighthalf_queue_bots_total``                   counter    bots seated at them
``eighthalf_ratings_updates_total{kind}``        counter    rated games' ends committed with their ratings, by kind of play
``eighthalf_rating_seconds``                     histogram  the ratings of a rated end, in its transaction
``eighthalf_logins_total{outcome}``              counter    logins: ``ok``, ``refused`` (wrong name or passphrase), ``limited``
``eighthalf_signups_total``                      counter    accounts made
===============================================  =========  =================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from eighthalf.server import extra_missing

try:
    from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
except ModuleNotFoundError as error:  # pragma: no cover - tested in a venv without the extra (tests/test_extras.py)
    raise extra_missing(error, "eighthalf.server.web.metrics") from error

__all__ = ["CONTENT_TYPE", "LATENCY_BUCKETS", "QUEUE_BUCKETS", "Metrics"]

CONTENT_TYPE: Final[str] = CONTENT_TYPE_LATEST
"""The content type of the text that :meth:`Metrics.text` writes (Prometheus' text format)."""

LATENCY_BUCKETS: Final = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""The upper bounds (seconds) of the latency histograms' buckets: from half a millisecond
(a commit on a quiet machine) to seconds (a searching bot)."""


QUEUE_BUCKETS: Final = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 45.0, 60.0, 120.0, 300.0)
"""The upper bounds (seconds) of the queue's wait histogram: from a table found at once to
minutes (the wait before bots fill is 30 seconds by default)."""


class Metrics:
    """The metrics of one server: a :class:`~eighthalf.server.tables.seats.Meter` for its tables.

    Args:
        in_play: How many tables in memory have a game that goes on.
        in_memory: How many tables are in memory.
        connections: How many websockets are open.
    """

    def __init__(
        self, in_play: Callable[[], int], in_memory: Callable[[], int], connections: Callable[[], int]
    ) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        """The registry of this server's metrics."""
        Gauge(
            "eighthalf_tables_in_play", "Tables whose game goes on, held in memory.", registry=self.registry
        ).set_function(in_play)
        Gauge(
            "eighthalf_tables_in_memory", "Tables in memory (finished ones being watched too).", registry=self.registry
        ).set_function(in_memory)
        Gauge("eighthalf_connections", "Websockets open.", registry=self.registry).set_function(connections)
        self.opened = Counter(
            "eighthalf_connections_opened", "Websockets accepted since the start.", registry=self.registry
        )
        """Count a websocket accepted: ``opened.inc()``."""
        self._moves = Counter("eighthalf_moves", "Moves committed, by game.", ["game"], registry=self.registry)
        self._commit = Histogram(
            "eighthalf_commit_seconds",
            "The commit of a move to the database.",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self._frame = Histogram(
            "eighthalf_move_to_frame_seconds",
            "From a move's arrival to every connection's frame queued.",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self._bot = Histogram(
            "eighthalf_bot_seconds",
            "A bot's choice of a move, by game.",
            ["game"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )

        self._queue_waiting = Gauge(
            "eighthalf_queue_waiting", "People waiting in the queue through this process.", registry=self.registry
        )
        self._queue_wait = Histogram(
            "eighthalf_queue_wait_seconds",
            "From joining the queue to a seat, of the people this process held.",
            buckets=QUEUE_BUCKETS,
            registry=self.registry,
        )
        self._queue_tables = Counter(
            "eighthalf_queue_tables", "Tables this process made for the queue.", registry=self.registry
        )
        self._queue_bots = Counter(
            "eighthalf_queue_bots", "Bots seated at the tables this process made for the queue.", registry=self.registry
        )
        self._webhooks = {
            kind: Counter(f"eighthalf_webhook_{kind}", text, registry=self.registry)
            for kind, text in (
                ("deliveries", "Webhook deliveries answered 2xx."),
                ("failures", "Webhook attempts that failed (retried or not)."),
                ("retries", "Failed webhook deliveries queued again after their pause."),
                ("dropped", "Webhook deliveries dropped: the queue was full."),
            )
        }
        self._rated = Counter(
            "eighthalf_ratings_updates",
            "Rated games' ends committed with their ratings, by kind of play.",
            ["kind"],
            registry=self.registry,
        )
        self._rating = Histogram(
            "eighthalf_rating_seconds",
            "The ratings of a rated end, worked out and written in its transaction.",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.logins = Counter(
            "eighthalf_logins", "Logins, by outcome: ok, refused, limited.", ["outcome"], registry=self.registry
        )
        """Count a login: ``logins.labels("ok").inc()``."""
        self.signups = Counter("eighthalf_signups", "Accounts made.", registry=self.registry)
        """Count an account made: ``signups.inc()``."""

    def webhook_delivered(self) -> None:
        """See :meth:`eighthalf.server.tables.webhooks.WebhookMeter.webhook_delivered`."""
        self._webhooks["deliveries"].inc()

    def webhook_failed(self) -> None:
        """See :meth:`eighthalf.server.tables.webhooks.WebhookMeter.webhook_failed`."""
        self._webhooks["failures"].inc()

    def webhook_retried(self) -> None:
        """See :meth:`eighthalf.server.tables.webhooks.WebhookMeter.webhook_retried`."""
        self._webhooks["retries"].inc()

    def webhook_dropped(self) -> None:
        """See :meth:`eighthalf.server.tables.webhooks.WebhookMeter.webhook_dropped`."""
        self._webhooks["dropped"].inc()

    def queue_waiting(self, waiting: Callable[[], int]) -> None:
        """Read the number of people waiting through this process from ``waiting`` (at each scrape)."""
        self._queue_waiting.set_function(waiting)

    def queue_seated(self, seconds: float) -> None:
        """See :meth:`eighthalf.server.tables.queueing.QueueMeter.queue_seated`."""
        self._queue_wait.observe(seconds)

    def queue_made(self, bots: int) -> None:
        """See :meth:`eighthalf.server.tables.queueing.QueueMeter.queue_made`."""
        self._queue_tables.inc()
        self._queue_bots.inc(bots)

    def rated(self, kind: str, seconds: float) -> None:
        """See :meth:`eighthalf.server.tables.seats.Meter.rated`."""
        self._rated.labels(kind).inc()
        self._rating.observe(seconds)

    def moved(self, game: str, commit_seconds: float, frame_seconds: float) -> None:
        """See :meth:`eighthalf.server.tables.seats.Meter.moved`."""
        self._moves.labels(game).inc()
        self._commit.observe(commit_seconds)
        self._frame.observe(frame_seconds)

    def bot_chose(self, game: str, seconds: float) -> None:
        """See :meth:`eighthalf.server.tables.seats.Meter.bot_chose`."""
        self._bot.labels(game).observe(seconds)

    def text(self) -> bytes:
        """Every metric in Prometheus' text format (:data:`CONTENT_TYPE`)."""
        return generate_latest(self.registry)
