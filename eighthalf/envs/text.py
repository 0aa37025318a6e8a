"""The table text of :mod:`eighthalf.text`, under its former name (it needs no optional extra).

:func:`table_text` is :func:`eighthalf.text.table_text`; import it from there.
"""

from __future__ import annotations

from ..text import table_text

__all__ = ["table_text"]
