"""What the server and its clients say to each other.

- :mod:`~eighthalf.server.protocol.messages`: the websocket messages;
- :mod:`~eighthalf.server.protocol.games`: the games served and the settings of a new table;
- :mod:`~eighthalf.server.protocol.refusals`: why a move is refused, for the server's tables
  and the offline engine alike.

It imports nothing else of the server. The JSON Schemas of :mod:`eighthalf.schemas.server`
are built from its definitions.
"""
