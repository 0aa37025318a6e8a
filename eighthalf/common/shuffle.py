"""The project's seeded shuffle, for any sequence: :func:`seeded_shuffle`.

A Fisher–Yates shuffle driven by SHAKE-256 of a key, so a key gives the same order on
every platform and every Python version (it does not depend on :mod:`random`, whose
algorithms may change). Each swap index is taken as ``(u * (i + 1)) >> 64`` from a
64-bit word ``u``; its bias is below 2\\ :sup:`-57`, far below anything a game could show.

Each game derives its keys from its seed with a prefix of its own, so that no two uses
of one seed share a stream. 8½'s :func:`eighthalf.shuffled_deck` is this shuffle of its
72-card deck under the key ``b"eighthalf-deck-v1:%d" % seed``:

>>> from eighthalf import DECK, shuffled_deck
>>> seeded_shuffle(DECK, b"eighthalf-deck-v1:%d" % 7) == shuffled_deck(7)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["seeded_shuffle"]

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
    digest = hashlib.shake_256(key).digest(8 * (count - 1))
    i = count - 1
    for at in range(0, len(digest), 8):
        word = int.from_bytes(digest[at : at + 8], "little")
        j = (word * (i + 1)) >> 64
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return tuple(deck)
