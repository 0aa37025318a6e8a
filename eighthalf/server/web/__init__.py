"""The server's web layer: the ``serve`` command, the Starlette application and what it serves.

- :mod:`~eighthalf.server.web.cli`: the ``serve`` command;
- :mod:`~eighthalf.server.web.app`: the HTTP JSON API, the websocket endpoint and the pages;
- :mod:`~eighthalf.server.web.pages`: the pages' languages (their catalogue, ``Accept-Language``);
- :mod:`~eighthalf.server.web.boards`: each game's board, served from the game's folder;
- :mod:`~eighthalf.server.web.review`: the review page and its frames;
- :mod:`~eighthalf.server.web.play_on`: a new table from a position of a finished game;
- :mod:`~eighthalf.server.web.hints`: the best moves of a seat's turn, at a table with hints;
- :mod:`~eighthalf.server.web.accounts`: accounts and sessions; :mod:`~eighthalf.server.web.players`:
  a player's page and the leaderboards; :mod:`~eighthalf.server.web.accounts_cli`: the
  ``accounts`` and ``ratings`` commands;
- :mod:`~eighthalf.server.web.metrics`: the metrics an operator reads (Prometheus);
- :mod:`~eighthalf.server.web.offline`: the offline table's files, served at ``/offline/``
  or written into a folder.

It is the only part of the server on Starlette, uvicorn and prometheus-client. It builds on
:mod:`eighthalf.server.tables`, :mod:`eighthalf.server.protocol` and
:mod:`eighthalf.server.storage`; none of them imports it.
"""
