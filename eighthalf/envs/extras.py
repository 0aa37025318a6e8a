"""What the environments of every game share, below them: the errors that name a missing extra,
the names a package imports on first use, and Gymnasium's registry.

Every module of :mod:`eighthalf.envs` imports these from here, so that the package's own
``__init__`` (which lists those modules' names for the lazy import) is imported by none of them.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

__all__ = [
    "GAME_MODULE_OF",
    "extra_missing",
    "install_hint",
    "lazy_names",
    "load_lazily",
    "register_with_gymnasium",
]

GAME_MODULE_OF: Final = MappingProxyType(
    {
        "ACTIONS": "encoding",
        "NUM_ACTIONS": "encoding",
        "action_mask": "encoding",
        "action_to_move": "encoding",
        "encode_view": "encoding",
        "move_to_action": "encoding",
        "SeatEnv": "gym",
        "env": "pettingzoo",
        "raw_env": "pettingzoo",
    }
)
"""The names a game's package of environments offers (this one for 8½, :mod:`eighthalf.envs.eights`
for Eights), each with the module of the package that holds it: its encoding's, its
Gymnasium environment's and its PettingZoo environment's."""

_RL_FRAMEWORKS = frozenset({"numpy", "gymnasium", "pettingzoo"})
"""The top-level packages of the ``rl`` extra."""


def install_hint(extra: str) -> str:
    """The commands that install an extra: from a checkout, and from an index."""
    return f'pip install ".[{extra}]" in a checkout of eighthalf (pip install "eighthalf[{extra}]" from an index)'


def extra_missing(error: ModuleNotFoundError, extra: str, needed_by: str) -> ModuleNotFoundError:
    """The error to raise when ``needed_by`` cannot import a framework of ``extra``: it names
    the extra and how to install it."""
    return ModuleNotFoundError(
        f"{needed_by} needs {error.name}, which the extra {extra!r} installs: {install_hint(extra)}", name=error.name
    )


def _module_path(package: str, module_name: str) -> str:
    """The module that holds a name: a module of ``package``, or for ``"encoding"`` the module of
    the encoding that the package's game declares in the registry (8½'s for :mod:`eighthalf.envs`,
    Eights' for :mod:`eighthalf.envs.eights`), which lives in the game's own folder."""
    if module_name != "encoding":
        return f"{package}.{module_name}"
    from eighthalf.registry import find

    encoding = find(package.removeprefix("eighthalf.envs").lstrip(".") or "eighthalf").encoding
    if encoding is None:  # pragma: no cover - both games declare one
        raise AttributeError(f"module {package!r}: its game declares no encoding")
    return encoding.partition(":")[0]


def load_lazily(package: str, name: str, module_of: Mapping[str, str], namespace: dict[str, Any]) -> Any:
    """Import ``name`` of ``package`` from its module (``module_of[name]``) and keep it in the
    package's ``namespace``: the module ``__getattr__`` of this package and of
    :mod:`eighthalf.envs.eights`.

    Raises:
        AttributeError: ``name`` is not a name of the package.
        ImportError: its module needs a framework that is not installed (the message names the extra).
    """
    module_name = module_of.get(name)
    if module_name is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    try:
        module = importlib.import_module(_module_path(package, module_name))
    except ModuleNotFoundError as error:
        missing = (error.name or "").partition(".")[0]
        if missing not in _RL_FRAMEWORKS:
            raise
        raise ModuleNotFoundError(
            f'{package}.{name} needs PettingZoo and Gymnasium ({missing} is not installed): install the extra "rl":'
            f" {install_hint('rl')}",
            name=error.name,
        ) from error
    value = getattr(module, name)
    namespace[name] = value
    return value


def lazy_names(
    package: str, module_of: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of a package whose names are imported on
    first use (:func:`load_lazily`): this package's and :mod:`eighthalf.envs.eights`'s.
    ``__dir__`` lists the names of the package, those imported on first use included."""

    def __getattr__(name: str) -> Any:
        return load_lazily(package, name, module_of, namespace)

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace["__all__"]))

    return __getattr__, __dir__


def register_with_gymnasium(env_id: str, entry_point: str) -> None:
    """Register ``entry_point`` (``"module:Class"``) with Gymnasium as ``env_id``, unless the
    id is registered already or Gymnasium is not installed (the extra ``rl``). The class's
    module is imported only when ``gymnasium.make(env_id)`` makes one: this package and
    :mod:`eighthalf.envs.eights` call it as they are imported, so that their ids work
    after a plain ``import eighthalf.envs`` (``import eighthalf.envs.eights``)."""
    if _gymnasium is not None and env_id not in _gymnasium.registry:
        _gymnasium.register(id=env_id, entry_point=entry_point)


_gymnasium: Any = importlib.import_module("gymnasium") if importlib.util.find_spec("gymnasium") else None
"""Gymnasium, if installed (its registry is written by :func:`register_with_gymnasium`)."""
