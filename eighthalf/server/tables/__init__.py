"""The tables a server process holds, for any game of the game protocol (:class:`~eighthalf.core.game.Game`).

- :mod:`~eighthalf.server.tables.table`: one table: its seats, moves, bots and clock;
- :mod:`~eighthalf.server.tables.telling`: what the frames of several seats after a move share, made once;
- :mod:`~eighthalf.server.tables.seats`: seat tokens, the connection and meter a table talks to, and their limits;
- :mod:`~eighthalf.server.tables.review`: a table's game move by move, as one perspective saw it;
- :mod:`~eighthalf.server.tables.judge`: the background judgement of finished tables;
- :mod:`~eighthalf.server.tables.play_on`: a new table from a position of a finished game;
- :mod:`~eighthalf.server.tables.rematch`: another game with the same seats, once every person agrees;
- :mod:`~eighthalf.server.tables.lobby`: the tables a server holds, makes, restores, lists and ends;
- :mod:`~eighthalf.server.tables.service`: several processes on one PostgreSQL database as one
  service (leases, notices).

They know nothing of HTTP. They tell their connections through :mod:`eighthalf.server.protocol`
and keep their records in :mod:`eighthalf.server.storage`; only :mod:`eighthalf.server.web`
imports them.
"""
