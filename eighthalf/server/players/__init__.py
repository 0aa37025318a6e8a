"""Players who come back: the kinds of rated play, the rating model and the bots' ladder.

- :mod:`~eighthalf.server.players.model`: the kinds of play, the finishing order of a result,
  OpenSkill's Plackett–Luce model, and a rated end written in the transaction of the last move;
- :mod:`~eighthalf.server.players.passphrases`: names, passphrases (Argon2id), session tokens and the login rate limit;
- :mod:`~eighthalf.server.players.ladder`: the bots' games that anchor the scale.

It stands over the protocol and the storage, and under the tables.
"""
