"""The one error family of eighthalf: the public name of :mod:`eighthalf.core.errors`.

Both games raise these errors (8½ and :mod:`eighthalf.eights`), so they are defined
below both, in :mod:`eighthalf.core.errors`; this module is where to import them from.
Every error the library raises on bad input is an :class:`EighthalfError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do not care
which kind it is.

>>> from eighthalf.errors import IllegalMoveError, EighthalfError
>>> issubclass(IllegalMoveError, EighthalfError), issubclass(EighthalfError, ValueError)
(True, True)
>>> quote("x" * 1_000_000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1000000 characters)"
"""

from __future__ import annotations

from eighthalf.core.errors import *  # noqa: F403 (the names of its __all__)
from eighthalf.core.errors import __all__ as __all__
