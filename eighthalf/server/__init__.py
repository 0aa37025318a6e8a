"""A game server for both games, with a browser client: people play each other over a network.

This sub-package is the optional part ``server`` (``pip install ".[server]"`` in a checkout,
``pip install "eighthalf[server]"`` from an index), which installs Starlette, uvicorn,
websockets and prometheus-client; the rest of eighthalf does not need them. ``eighthalf serve`` (or
``python -m eighthalf serve``) starts it on http://127.0.0.1:8000/ with its tables kept in a
SQLite file. Its folders, from the web down to the storage (each imports only folders listed below it):

- :mod:`eighthalf.server.web`: the ``serve`` command, the HTTP JSON API, the websocket
  endpoint, the pages, the games' boards and the metrics (Starlette, uvicorn, Prometheus);
- :mod:`eighthalf.server.client`: a Python client that seats any bot at a table over the
  network (websockets); it shares nothing with the web layer;
- :mod:`eighthalf.server.tables`: tables, seats, tokens, bots and clocks, for any game of the
  game protocol (:class:`~eighthalf.core.game.Game`); the lobby; several processes as one service;
- :mod:`eighthalf.server.offline`: a table of one person and the bots in one process, with
  no network (the offline table runs it in the browser, in Pyodide);
- :mod:`eighthalf.server.players`: the kinds of rated play, the rating model, passphrases
  and the bots' ladder;
- :mod:`eighthalf.server.protocol`: the websocket messages, the games served, the settings
  of a new table and why a move is refused;
- :mod:`eighthalf.server.storage`: where tables, accounts and ratings are kept (SQLite, PostgreSQL).

The browser client's files are in ``static/``. The docs page "Playing over a network" describes the protocol.
"""

from __future__ import annotations

__all__ = ["SERVER_EXTRA_HINT", "extra_missing"]

SERVER_EXTRA_HINT = 'pip install ".[server]" in a checkout of eighthalf (pip install "eighthalf[server]" from an index)'
"""How to install what the server needs."""


def extra_missing(error: ModuleNotFoundError, needed_by: str) -> ModuleNotFoundError:
    """The error to raise when ``needed_by`` cannot import a package of the extra ``server``:
    it names the extra and how to install it."""
    return ModuleNotFoundError(
        f'{needed_by} needs {error.name}, which the extra "server" installs: {SERVER_EXTRA_HINT}', name=error.name
    )
