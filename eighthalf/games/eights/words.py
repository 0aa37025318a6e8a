"""The eight words that can be spelled, and what each is worth (WT2, WT8).

>>> WORDS
('ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT')
>>> VALUES["SEVEN"], parse_word("seven")
(7, 'SEVEN')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from eighthalf.core.errors import ParseError, quote

__all__ = ["LETTERS", "VALUES", "WORDS", "parse_word"]

WORDS: tuple[str, ...] = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT")
"""The words, in the order of their values (Words; WT8)."""

VALUES: Mapping[str, int] = MappingProxyType({word: value for value, word in enumerate(WORDS, start=1)})
"""What each word is worth: its number (WT8)."""

LETTERS: Mapping[str, str] = MappingProxyType({word: "".join(sorted(word.lower())) for word in WORDS})
"""Each word's letters, lower case, in alphabetical order (``LETTERS["THREE"] == "eehrt"``)."""


def parse_word(text: str) -> str:
    """The word ``text`` names (any case), in capitals.

    Raises:
        ParseError: If ``text`` is not one of the eight words (WT8).
    """
    if isinstance(text, str):
        text = text.strip()  # what is quoted below too
        word = text.upper()
        if word in VALUES:
            return word
    raise ParseError(f"not a word of the game: {quote(text)} (the words are {', '.join(WORDS)}) (WT8)")
