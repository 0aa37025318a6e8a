"""Account names, passphrases (Argon2id), session tokens and the login rate limit.

An account's name follows the seat-name rules (:func:`~eighthalf.server.protocol.games.check_name`)
and is unique without regard to case or Unicode's compatibility forms (:func:`account_key`). A
passphrase has :data:`MIN_PASSPHRASE` to :data:`MAX_PASSPHRASE` characters and is kept only as
its Argon2id hash, at OWASP's parameters (:data:`ARGON2`). A failed login for an unknown name
verifies the passphrase against a dummy hash, so that it costs what a wrong passphrase costs,
and both answer alike (``bad-login``).

>>> account_key("  Anna ") == account_key("ANNA") == "anna"
True
>>> check_passphrase("short")
Traceback (most recent call last):
    ...
eighthalf.server.protocol.messages.Refused: a passphrase has 8 to 1024 characters, not 5
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
import unicodedata
from collections import deque
from typing import Final, Protocol

from eighthalf.core.errors import EighthalfError
from eighthalf.server.protocol.games import check_name
from eighthalf.server.protocol.messages import Refused

try:
    from argon2 import PasswordHasher, Type
    from argon2.exceptions import InvalidHashError, VerificationError
except ModuleNotFoundError:  # pragma: no cover - the core without the server extra
    PasswordHasher = None  # type: ignore[assignment,misc]

__all__ = [
    "ARGON2",
    "LOGIN_ATTEMPTS",
    "LOGIN_WINDOW",
    "MAX_PASSPHRASE",
    "MIN_PASSPHRASE",
    "SESSION_BYTES",
    "SIGNUPS",
    "Clock",
    "LoginLimiter",
    "account_key",
    "account_name",
    "check_passphrase",
    "hash_passphrase",
    "new_session_token",
    "session_hash",
    "verify_passphrase",
]

MIN_PASSPHRASE: Final = 8
"""The fewest characters of a passphrase."""

MAX_PASSPHRASE: Final = 1024
"""The most characters of a passphrase (a longer one would make hashing a way to tire the server)."""

ARGON2: Final[dict[str, int]] = {"time_cost": 2, "memory_cost": 19 * 1024, "parallelism": 1}
"""Argon2id's parameters: OWASP's first choice (2 passes over 19 MiB, one lane)."""

SESSION_BYTES: Final = 32
"""The random bytes of a session's token (256 bits, from :mod:`secrets`)."""

LOGIN_ATTEMPTS: Final = 10
"""How many failed logins a name, or a client's address, may have in :data:`LOGIN_WINDOW` (by default)."""

LOGIN_WINDOW: Final = 300.0
"""The window of the login rate limit, in seconds (by default)."""

SIGNUPS: Final = 3
"""An address may make this many times as many accounts in the window as it may fail logins."""

_hasher: PasswordHasher | None = None
_dummy: str | None = None
_setup = threading.Lock()


def _argon2() -> tuple[PasswordHasher, str]:
    """The hasher and the dummy hash (made once: the first login pays for it)."""
    global _hasher, _dummy
    with _setup:
        if _hasher is None or _dummy is None:
            if PasswordHasher is None:  # pragma: no cover
                raise ModuleNotFoundError("accounts need argon2-cffi: pip install 'eighthalf[server]'")
            _hasher = PasswordHasher(
                time_cost=ARGON2["time_cost"],
                memory_cost=ARGON2["memory_cost"],
                parallelism=ARGON2["parallelism"],
                type=Type.ID,
            )
            _dummy = _hasher.hash(secrets.token_urlsafe(16))
        return _hasher, _dummy


def account_name(value: object, path: str = "$.name") -> str:
    """An account's name, checked by the seat-name rules, trimmed.

    Raises:
        Refused: If it is not a seat's name (``bad-name``).
    """
    try:
        return check_name(value, path)
    except EighthalfError as error:
        raise Refused("bad-name", str(error)) from None


def account_key(name: str) -> str:
    """The key of an account named ``name``: trimmed, NFKC-normalised and case-folded, so that
    ``Anna`` and ``ANNA`` are one account."""
    return unicodedata.normalize("NFKC", name.strip()).casefold()


def check_passphrase(value: object) -> str:
    """A passphrase of :data:`MIN_PASSPHRASE` to :data:`MAX_PASSPHRASE` characters (kept as it is).

    Raises:
        Refused: If it is not a string of that length (``bad-passphrase``).
    """
    if type(value) is not str:
        raise Refused("bad-passphrase", "a passphrase is a string")
    if not MIN_PASSPHRASE <= len(value) <= MAX_PASSPHRASE:
        raise Refused(
            "bad-passphrase", f"a passphrase has {MIN_PASSPHRASE} to {MAX_PASSPHRASE} characters, not {len(value)}"
        )
    return value


def hash_passphrase(passphrase: str) -> str:
    """The Argon2id hash of ``passphrase`` (with its own salt), as text: slow on purpose, so run it in a worker thread."""
    return _argon2()[0].hash(passphrase)


def verify_passphrase(hashed: str | None, passphrase: str) -> bool:
    """Whether ``passphrase`` is that of ``hashed``; with ``None`` (no such account), it is
    checked against a dummy hash, at the same cost, and is never right."""
    hasher, dummy = _argon2()
    try:
        return hasher.verify(dummy if hashed is None else hashed, passphrase) and hashed is not None
    except (VerificationError, InvalidHashError):
        return False


def new_session_token() -> str:
    """A new session's token: :data:`SESSION_BYTES` random bytes, URL-safe base64."""
    return secrets.token_urlsafe(SESSION_BYTES)


def session_hash(token: str) -> str:
    """What the store keeps of a session's token: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Clock(Protocol):
    """A clock of seconds (``time.monotonic``; the tests give their own)."""

    def __call__(self) -> float:
        """The time now, in seconds."""
        ...


class LoginLimiter:
    """The failed logins of each name and each client address in a sliding window, in one process.

    Args:
        attempts: The failures a name or an address may have in ``window`` seconds; one more
            login of either is refused (``login-limited``) until the oldest failure is out
            of the window, even with the right passphrase.
        window: The window, in seconds.
        clock: The clock (the tests give their own).
    """

    _KEPT: Final = 100_000  # the most names and addresses remembered (the oldest go first)

    def __init__(
        self, attempts: int = LOGIN_ATTEMPTS, window: float = LOGIN_WINDOW, clock: Clock = time.monotonic
    ) -> None:
        self.attempts, self.window, self.clock = attempts, window, clock
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[key]
        return times

    @staticmethod
    def _keys(name: str | None, address: str) -> tuple[str, ...]:
        return (f"signup:{address}",) if name is None else (f"name:{name}", f"address:{address}")

    def check(self, name: str | None, address: str) -> None:
        """Refuse a login of the account key ``name`` from ``address`` now, if either failed
        too often (``name`` ``None``: an account made, limited by its address alone, to
        :data:`SIGNUPS` times as many).

        Raises:
            Refused: If so (``login-limited``).
        """
        now = self.clock()
        for key in self._keys(name, address):
            if len(self._recent(key, now)) >= self.attempts * (SIGNUPS if name is None else 1):
                wait = self._failures[key][0] + self.window - now
                raise Refused("login-limited", f"too many failed logins: try again in {max(1, round(wait))} seconds")

    def failed(self, name: str | None, address: str) -> None:
        """Count a failed login of ``name`` from ``address`` (``None``: an account made from ``address``)."""
        now = self.clock()
        for key in self._keys(name, address):
            self._recent(key, now)
            self._failures.setdefault(key, deque()).append(now)
        while len(self._failures) > self._KEPT:
            del self._failures[next(iter(self._failures))]
