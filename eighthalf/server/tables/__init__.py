"""The tables a server process holds, for any game of the game protocol (:class:`~eighthalf.core.game.Game`).

- :mod:`~eighthalf.server.tables.table`: one table: its seats, tokens, moves, bots and clock;
- :mod:`~eighthalf.server.tables.lobby`: the tables a server holds, makes, restores, lists and ends;
- :mod:`~eighthalf.server.tables.service`: several processes on one PostgreSQL database as one
  service (leases, notices).

They know nothing of HTTP. They tell their connections through :mod:`eighthalf.server.protocol`
and keep their records in :mod:`eighthalf.server.storage`; only :mod:`eighthalf.server.web`
imports them.
"""
