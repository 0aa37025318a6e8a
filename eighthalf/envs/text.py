"""The table text of :mod:`eighthalf.games.eighthalf.text`, under its former name (it needs no optional extra).

:func:`table_text` is :func:`eighthalf.games.eighthalf.text.table_text`; import it from there.
"""

from __future__ import annotations

from eighthalf.games.eighthalf.text import table_text

__all__ = ["table_text"]
