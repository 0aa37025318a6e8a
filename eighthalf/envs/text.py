"""The table text of :mod:`eighthalf.games.eighthalf.text`, under its former name.

:func:`table_text` is :func:`eighthalf.games.eighthalf.text.table_text`, found through 8½'s
encoding in the registry (its ``text``); import it from there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from eighthalf.envs.base import encoding_for

__all__ = ["table_text"]

table_text: Final[Callable[[Any], str]] = encoding_for("eighthalf").text
"""The table as a seat's view shows it (:func:`eighthalf.games.eighthalf.text.table_text`)."""
