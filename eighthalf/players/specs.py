"""Bots by name or by an importable ``"module:attribute"`` spec, for every tool that makes bots.

A spec is plain text, so it travels to the workers of a process pool or of a Dask cluster;
the registry of games, the simulations, the terminal and the server all make their bots here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from eighthalf.core.errors import EighthalfError

__all__ = ["bot_factory", "brief", "load_bot", "new_bot"]


def brief(text: str, size: int = 40) -> str:
    """``text`` quoted, cut to about ``size`` characters, for a readable message.

    >>> brief("greedy"), brief("x" * 50, 10)
    ("'greedy'", "'xxxxxxxxxx'… (50 characters)")
    """
    return repr(text) if len(text) <= size else repr(text[:size]) + f"… ({len(text)} characters)"


_WHERE = "; check the current folder or PYTHONPATH (python -m looks in the current folder, a command such as eighthalf does not)"
"""The hint a module that is not found gets: where Python looks for a module of your own."""


def _not_found(error: Exception, module_name: str) -> bool:
    """True if ``error`` says ``module_name`` itself (or a package of its path) is not found,
    not a module it imports or a fault as it loads."""
    parts = module_name.split(".")
    paths = {".".join(parts[:size]) for size in range(1, len(parts) + 1)}
    return isinstance(error, ModuleNotFoundError) and error.name in paths


def bot_factory(spec: str, registry: Mapping[str, Callable[[], Any]]) -> Callable[[], Any]:
    """What makes a new bot of ``spec``: a name of ``registry``, or ``"module:attribute"``.

    A spec such as ``"mybots:CautiousBot"`` imports ``mybots`` and takes its attribute
    ``CautiousBot`` (dots reach inside: ``"mybots:Kinds.cautious"``), which must be
    callable with no arguments and return a bot. The module must be importable: installed,
    or in a folder on ``PYTHONPATH``; ``python -m`` also looks in the current folder, but a
    command such as ``eighthalf`` does not. A module that is not found says so. A spec is plain text, so it travels to
    the workers of a process pool or of a Dask cluster, which import the module
    themselves; a bot added to the registry in the calling process only does not reach them.

    >>> bot_factory("eighthalf.bots:RandomBot", {})().name
    'random'

    Raises:
        EighthalfError: If ``spec`` is not a string, names no bot of ``registry``, or its
            module cannot be imported, lacks the attribute, or the attribute is not callable.
    """
    if not isinstance(spec, str):
        raise EighthalfError(f"a bot is given by its name or as 'module:attribute', not {type(spec).__name__}")
    if ":" not in spec:
        factory = registry.get(spec)
        if factory is None:
            raise EighthalfError(
                f"unknown bot {brief(spec)}; choose from {', '.join(sorted(registry))}, or give 'module:attribute'"
            )
        return factory
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise EighthalfError(f"bot {brief(spec)}: give it as 'module:attribute', such as 'mybots:CautiousBot'")
    try:
        found: Any = importlib.import_module(module_name)
    except Exception as error:  # an ImportError, or anything the module raises as it loads
        raise EighthalfError(
            f"bot {brief(spec)}: cannot import module {brief(module_name)} ({type(error).__name__}: {error})"
            + (_WHERE if _not_found(error, module_name) else "")
        ) from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise EighthalfError(f"bot {brief(spec)}: {brief(module_name)} has no attribute {brief(attribute)}")
        found = getattr(found, part)
    if not callable(found):
        raise EighthalfError(f"bot {brief(spec)}: {brief(attribute)} is not callable (give a class or a function)")
    return found  # type: ignore[no-any-return]


def new_bot(spec: str, factory: Callable[[], Any]) -> Any:
    """A new bot from ``factory`` (made for ``spec``), checked to have a ``choose`` method.

    Raises:
        EighthalfError: If ``factory`` fails as it is called (``"os:system"`` is callable but
            no bot), or what it makes has no ``choose`` method.
    """
    try:
        bot = factory()
    except Exception as error:
        raise EighthalfError(
            f"bot {brief(spec)} could not be made: {type(error).__name__}: {str(error)[:120]}"
        ) from None
    if not callable(getattr(bot, "choose", None)):
        raise EighthalfError(
            f"bot {brief(spec)} made an object of type {type(bot).__name__!r}, which has no choose(view, rng) method"
        )
    return bot


def load_bot(spec: str, registry: Mapping[str, Callable[[], Any]]) -> Any:
    """A new bot of ``spec`` (see :func:`bot_factory`).

    >>> load_bot("eighthalf.bots:GreedyBot", {}).name
    'greedy'

    Raises:
        EighthalfError: If ``spec`` cannot be resolved (see :func:`bot_factory`), or what it
            makes has no ``choose`` method.
    """
    return new_bot(spec, bot_factory(spec, registry))
