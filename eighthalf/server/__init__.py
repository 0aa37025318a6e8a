"""A game server for both games, with a browser client: people play each other over a network.

This sub-package is the optional part ``server`` (``pip install ".[server]"`` in a checkout,
``pip install "eighthalf[server]"`` from an index), which installs Starlette, uvicorn,
websockets and prometheus-client; the rest of eighthalf does not need them. ``eighthalf serve`` (or
``python -m eighthalf serve``) starts it on http://127.0.0.1:8000/ with its tables kept in a
SQLite file. Its modules, from the web down to the storage:

- :mod:`eighthalf.server.cli`: the ``serve`` command;
- :mod:`eighthalf.server.app`: the HTTP JSON API, the websocket endpoint and the pages (Starlette);
- :mod:`eighthalf.server.client`: a Python client that seats any bot at a table over the network;
- :mod:`eighthalf.server.protocol`: the websocket messages;
- :mod:`eighthalf.server.pages`: the browser pages' languages (their catalogue, ``Accept-Language``);
- :mod:`eighthalf.server.service`: several processes on one PostgreSQL database as one service
  (leases, notices);
- :mod:`eighthalf.server.lobby`: the tables a server holds, makes, restores, lists and ends;
- :mod:`eighthalf.server.tables`: tables, seats, tokens, bots and clocks, for any game of the
  game protocol (:class:`~eighthalf.core.game.Game`);
- :mod:`eighthalf.server.games`: the games served and the settings of a new table;
- :mod:`eighthalf.server.store` and :mod:`eighthalf.server.postgres`: where tables are kept (SQLite,
  PostgreSQL);
- :mod:`eighthalf.server.metrics`: the metrics an operator reads (Prometheus).

The docs page "Playing over a network" describes the protocol.
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
