"""``python -m eighthalf.build``: compile the core in place (see :mod:`eighthalf.build`)."""

from __future__ import annotations

from eighthalf.build import main

raise SystemExit(main())
