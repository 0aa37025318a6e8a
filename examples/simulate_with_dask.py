"""Run an eighthalf simulation on a Dask cluster through its ``concurrent.futures`` executor.

Install Dask's distributed scheduler next to eighthalf (``pip install ".[dask]"`` in a checkout
or ``pip install "dask[distributed]"``), on this machine and on every worker. Then::

    python examples/simulate_with_dask.py                            # a local cluster
    python examples/simulate_with_dask.py tcp://scheduler:8786       # an existing cluster

The result is the same as on one machine: a simulation depends only on its arguments,
never on where or in which order the rounds are played.

Bots go to the workers as text: a built-in name or ``"module:attribute"`` of a bot of
your own, which every worker imports itself (install the module there, or put it on
the workers' ``PYTHONPATH``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

from eighthalf.registry import find
from eighthalf.simulation.summary import Summary, simulate

BOTS = ("greedy", "random", "random", "random")
"""The default line-up: greedy against three random bots."""


def simulate_on(client: Any, rounds: int = 2_000, seed: int = 1, bots: Sequence[str] = BOTS) -> Summary:
    """Simulate ``bots`` (by default greedy against three random bots) on the workers of a Dask ``client``.

    Args:
        client: A connected ``distributed.Client``.
        rounds: How many rounds to play.
        seed: The simulation's seed.
        bots: One bot per seat: built-in names or ``"module:attribute"`` specs that the
            workers can import.

    Returns:
        The summary, equal to ``simulate(find("8½"), ...)`` run anywhere else with the same arguments.

    Raises:
        ValueError: If an argument is out of range (see :func:`eighthalf.simulation.summary.simulate`).
    """
    with client.get_executor() as executor:
        return simulate(
            find("8½"),
            len(bots),
            rounds,
            list(bots),
            seed=seed,
            executor=executor,
            chunk_size=500,
        )


def main(argv: list[str]) -> int:
    """Connect to the scheduler named in ``argv`` (or start a local cluster), simulate, print.

    Raises:
        ModuleNotFoundError: If Dask's ``distributed`` is not installed.
    """
    distributed = importlib.import_module("distributed")  # optional and untyped: imported by name
    with distributed.Client(argv[0] if argv else None) as client:
        print(f"Dask dashboard: {client.dashboard_link}")
        summary = simulate_on(client)
    print(summary.to_text())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
