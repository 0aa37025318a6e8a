"""The project's seeded shuffle, for any sequence: :func:`seeded_shuffle`.

A Fisher–Yates shuffle driven by SHAKE-256 of a key, so a key gives the same order on
every platform and every Python version (it does not depend on :mod:`random`, whose
algorithms may change). Each swap index is taken as ``(u * (i + 1)) >> 64`` from a
64-bit word ``u``; its bias is below 2\\ :sup:`-57`, far below anything a game could show.

A seed of either game is any int of at most 4,300 decimal digits (:data:`MAX_SEED_DIGITS`,
CPython's default limit on converting integers to text), negative ones included
(:func:`check_seed`); :func:`seed_bytes` writes it out in decimal itself, so keys do not
depend on that limit either.

Each game derives its keys from its seed with a prefix of its own, so that no two uses
of one seed share a stream. 8½'s :func:`eighthalf.shuffled_deck` is this shuffle of its
72-card deck under the key ``b"eighthalf-deck-v1:%d" % seed``:

>>> from eighthalf import DECK, shuffled_deck
>>> seeded_shuffle(DECK, b"eighthalf-deck-v1:%d" % 7) == shuffled_deck(7)
True
"""

from __future__ import annotations

import functools
import hashlib
import os
import struct
from collections.abc import Callable, Sequence
from typing import TypeVar

from eighthalf.core.errors import InvalidStateError, quote

__all__ = ["MAX_SEED_DIGITS", "check_seed", "fresh_seed", "seed_bytes", "seeded_shuffle"]

MAX_SEED_DIGITS = 4300
"""The most decimal digits a seed may have (CPython's default limit for int-to-text)."""

_SEED_BOUND = 10**MAX_SEED_DIGITS
_CHUNK_DIGITS = 600  # below 640, the lowest limit CPython lets a program set
_CHUNK = 10**_CHUNK_DIGITS

T = TypeVar("T")


def seeded_shuffle(items: Sequence[T], key: bytes) -> tuple[T, ...]:
    """``items`` in the order that ``key`` shuffles them (a new tuple; ``items`` is not changed).

    >>> seeded_shuffle("abcdef", b"example")
    ('d', 'c', 'f', 'e', 'b', 'a')

    Raises:
        TypeError: If ``key`` is not :class:`bytes`.
    """
    if not isinstance(key, bytes):
        raise TypeError(f"a shuffle key is bytes, not {key!r}")
    deck = list(items)
    count = len(deck)
    if count < 2:
        return tuple(deck)
    words = _unpacker(count - 1)(hashlib.shake_256(key).digest(8 * (count - 1)))
    i = count - 1
    for word in words:
        j = (word * (i + 1)) >> 64
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return tuple(deck)


@functools.lru_cache(maxsize=16)
def _unpacker(words: int) -> Callable[[bytes], tuple[int, ...]]:
    """Read ``words`` little-endian 64-bit words from bytes (one precompiled struct per size)."""
    return struct.Struct(f"<{words}Q").unpack


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a seed: an int (not a bool) of at most 4,300 digits.

    Raises:
        InvalidStateError: If it is not.
    """
    if type(seed) is not int or not -_SEED_BOUND < seed < _SEED_BOUND:
        raise InvalidStateError(f"a seed must be an int of at most {MAX_SEED_DIGITS:,} digits, not {quote(seed)}")
    return seed


def seed_bytes(number: int) -> bytes:
    """``b"%d" % number``, written out in chunks so that CPython's limit on converting
    long integers to text (which a program may lower to 640 digits) never applies.

    Raises:
        InvalidStateError: If ``number`` is not an int.
    """
    if type(number) is not int:
        raise InvalidStateError(f"expected an int, not {quote(number)}")
    if -_CHUNK < number < _CHUNK:
        return b"%d" % number
    sign = b"-" if number < 0 else b""
    number = abs(number)
    chunks = []
    while number >= _CHUNK:
        number, low = divmod(number, _CHUNK)
        chunks.append(b"%0*d" % (_CHUNK_DIGITS, low))
    chunks.append(b"%d" % number)
    return sign + b"".join(reversed(chunks))


def fresh_seed() -> int:
    """A new 128-bit seed from the operating system (used when no seed is given)."""
    return int.from_bytes(os.urandom(16), "little")
