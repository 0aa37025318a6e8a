"""What a table knows of the people at it: seat tokens, the connection and meter it talks to, and their limits.

A seat is taken with a token (:func:`new_token`) that only its holder gets; the store keeps
its hash (:func:`token_hash`). A connection is anything with the two methods of
:class:`Client`; a :class:`Meter` counts a table's work for the operator's metrics.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Final, Protocol

import attrs

__all__ = [
    "MAX_CLIENTS_PER_SEAT",
    "MAX_SPECTATORS",
    "NO_METER",
    "TOKEN_BYTES",
    "Client",
    "Meter",
    "TableSeat",
    "new_token",
    "token_hash",
]

MAX_CLIENTS_PER_SEAT: Final = 4
"""How many connections one seat may have open at once (several devices of one person)."""

MAX_SPECTATORS: Final = 64
"""How many spectators may follow one table at once."""

TOKEN_BYTES: Final = 24
"""The random bytes of a seat token (192 bits, from :mod:`secrets`)."""


def new_token() -> str:
    """A new seat token: :data:`TOKEN_BYTES` random bytes from :mod:`secrets`, URL-safe base64."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256 in hex (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Client(Protocol):
    """One connection, as a table sees it."""

    def deliver(self, text: str) -> None:
        """Queue ``text`` (a message's JSON text, :mod:`eighthalf.server.protocol.messages`) for sending; never blocks."""
        ...

    def close(self, code: int, reason: str) -> None:
        """Close the connection with a websocket close code."""
        ...


class Meter(Protocol):
    """What a table reports of its work, for an operator's metrics (:mod:`eighthalf.server.web.metrics`)."""

    def moved(self, game: str, commit_seconds: float, frame_seconds: float) -> None:
        """A move of ``game`` was committed in ``commit_seconds`` and its frames queued
        ``frame_seconds`` after the move arrived (or the bot's choice was made)."""
        ...

    def bot_chose(self, game: str, seconds: float) -> None:
        """A bot of ``game`` chose a move in ``seconds``."""
        ...

    def rated(self, kind: str, seconds: float) -> None:
        """A rated game of ``kind`` ended: its ratings were worked out and written in
        ``seconds``, in the transaction of its last move, now committed."""
        ...


class _NoMeter:
    def moved(self, game: str, commit_seconds: float, frame_seconds: float) -> None:
        pass

    def bot_chose(self, game: str, seconds: float) -> None:
        pass

    def rated(self, kind: str, seconds: float) -> None:
        pass


NO_METER: Final[Meter] = _NoMeter()
"""A :class:`Meter` that keeps nothing (a lobby without metrics)."""


@attrs.define
class TableSeat:
    """One seat of a table as the table keeps it: its bot or its person, and their connections."""

    bot: str | None
    """The built-in bot that plays the seat, or ``None`` for a seat of a person."""
    name: str | None = None
    """The person's name once the seat is taken (a bot's seat: ``None``)."""
    token_hash: str | None = None
    """The hash of the seat's token (:func:`token_hash`), once taken."""
    player: Any = None
    """The bot playing the seat, or the bot that moves for its person when their time runs out."""
    clients: set[Client] = attrs.Factory(set)
    """The connections of the seat's holder (at most :data:`MAX_CLIENTS_PER_SEAT`)."""
