"""Where the server keeps its tables.

- :mod:`~eighthalf.server.storage.store`: the :class:`~eighthalf.server.storage.store.Store`
  interface and its SQLite implementation;
- :mod:`~eighthalf.server.storage.postgres`: the PostgreSQL store;
- :mod:`~eighthalf.server.storage.judgements`: the queue of the finished tables' judgements, in either;
- :mod:`~eighthalf.server.storage.accounts`: accounts, sessions and ratings, in either, with
  their tables' layout in :mod:`~eighthalf.server.storage.layout`.

It imports nothing else of the server.
"""
