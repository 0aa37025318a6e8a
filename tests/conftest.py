"""Hypothesis settings profiles for the test suite.

Select one with the ``HYPOTHESIS_PROFILE`` environment variable:

``default``
    Quick: few examples per property, so the whole default run stays short.
``ci``
    More examples, derandomized (the same examples on every run, so CI is reproducible),
    and no example database.
``thorough``
    Many examples, for a long hunt on a developer's machine.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_SLOW_IS_FINE = [HealthCheck.too_slow]  # whole rounds are played per example

settings.register_profile("default", max_examples=50, deadline=None, suppress_health_check=_SLOW_IS_FINE)
settings.register_profile(
    "ci",
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=_SLOW_IS_FINE,
)
settings.register_profile("thorough", max_examples=3000, deadline=None, suppress_health_check=_SLOW_IS_FINE)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
