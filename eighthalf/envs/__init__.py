"""Standard environments for agents: PettingZoo, Gymnasium and OpenSpiel (optional extras).

This sub-package needs numpy and the frameworks, which the rest of eighthalf does not:
the extra ``rl`` installs numpy, PettingZoo and Gymnasium, the extra ``openspiel`` numpy
and OpenSpiel, and each works without the other (``pip install ".[rl]"`` in a checkout;
see :doc:`/ai`). Without numpy, importing this package raises an ``ImportError`` that names
the extras. Its modules:

- :mod:`eighthalf.envs.encoding`: the fixed action space and the observation vectors (numpy);
- :mod:`eighthalf.envs.pettingzoo`: the AEC environment,
  :func:`~eighthalf.envs.pettingzoo.env` and :class:`~eighthalf.envs.pettingzoo.raw_env` (``rl``);
- :mod:`eighthalf.envs.gym`: :class:`~eighthalf.envs.gym.SeatEnv`, one seat against built-in bots (``rl``);
- :mod:`eighthalf.envs.openspiel`: the OpenSpiel game ``python_eighthalf``, registered on import
  (``openspiel``).

Every registered game with an encoding (:attr:`eighthalf.common.registry.GameEntry.encoding`)
has the same three, derived and found by the game's name or key:
:func:`~eighthalf.envs.aec.env_for` and :class:`~eighthalf.envs.aec.GameAEC` (PettingZoo),
:class:`~eighthalf.envs.seat.GameSeatEnv` and its Gymnasium id
:func:`~eighthalf.envs.seat.seat_env_id` (Gymnasium), and
:func:`~eighthalf.envs.spiel.spiel_game_for`, which registers ``python_<key>`` (OpenSpiel);
:func:`~eighthalf.envs.base.encoding_for` gives the encoding itself.

The names of this package (``ACTIONS``, ``NUM_ACTIONS``, ``action_mask``, ``action_to_move``,
``encode_view``, ``move_to_action``, ``SeatEnv``, ``env``, ``raw_env``) are those of its modules,
imported on first use: ``from eighthalf.envs import action_to_move`` needs numpy only, and
``SeatEnv``, ``env`` and ``raw_env`` need the ``rl`` extra (an ``ImportError`` that names it
otherwise). So do the derived ones (``encoding_for`` needs numpy only, ``GameAEC``,
``env_for``, ``GameSeatEnv`` and ``seat_env_id`` the ``rl`` extra, ``spiel_game_for`` the
``openspiel`` extra).

With Gymnasium installed, importing this package registers ``eighthalf/Seat-v0`` (8½'s
:class:`~eighthalf.envs.gym.SeatEnv`), so ``gymnasium.make("eighthalf/Seat-v0", players=4)``
works after ``import eighthalf.envs``; importing :mod:`eighthalf.envs.eights` registers
``eighthalf/EightsSeat-v0`` (``register_with_gymnasium``).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .aec import GameAEC, env_for
    from .base import encoding_for
    from .encoding import ACTIONS, NUM_ACTIONS, action_mask, action_to_move, encode_view, move_to_action
    from .gym import SeatEnv
    from .pettingzoo import env, raw_env
    from .seat import GameSeatEnv, seat_env_id
    from .spiel import spiel_game_for

__all__ = [
    "ACTIONS",
    "GAME_MODULE_OF",
    "NUM_ACTIONS",
    "GameAEC",
    "GameSeatEnv",
    "SeatEnv",
    "action_mask",
    "action_to_move",
    "encode_view",
    "encoding_for",
    "env",
    "env_for",
    "lazy_names",
    "load_lazily",
    "move_to_action",
    "raw_env",
    "register_with_gymnasium",
    "seat_env_id",
    "spiel_game_for",
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

_MODULE_OF = {
    **GAME_MODULE_OF,
    "encoding_for": "base",
    "GameAEC": "aec",
    "env_for": "aec",
    "GameSeatEnv": "seat",
    "seat_env_id": "seat",
    "spiel_game_for": "spiel",
}
"""The module of this package that holds each of its names."""

_RL_FRAMEWORKS = frozenset({"numpy", "gymnasium", "pettingzoo"})
"""The top-level packages of the ``rl`` extra."""


def _install(extra: str) -> str:
    """The commands that install an extra: from a checkout, and from an index."""
    return f'pip install ".[{extra}]" in a checkout of eighthalf (pip install "eighthalf[{extra}]" from an index)'


if importlib.util.find_spec("numpy") is None:
    raise ModuleNotFoundError(
        "eighthalf.envs needs numpy, which the core of eighthalf does not install: install the extra"
        f' "rl" (PettingZoo and Gymnasium) or "openspiel" (OpenSpiel): {_install("rl")}',
        name="numpy",
    )


def extra_missing(error: ModuleNotFoundError, extra: str, needed_by: str) -> ModuleNotFoundError:
    """The error to raise when ``needed_by`` cannot import a framework of ``extra``: it names
    the extra and how to install it."""
    return ModuleNotFoundError(
        f"{needed_by} needs {error.name}, which the extra {extra!r} installs: {_install(extra)}", name=error.name
    )


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
        module = importlib.import_module(f"{package}.{module_name}")
    except ModuleNotFoundError as error:
        missing = (error.name or "").partition(".")[0]
        if missing not in _RL_FRAMEWORKS:
            raise
        raise ModuleNotFoundError(
            f'{package}.{name} needs PettingZoo and Gymnasium ({missing} is not installed): install the extra "rl":'
            f" {_install('rl')}",
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

register_with_gymnasium("eighthalf/Seat-v0", "eighthalf.envs.gym:SeatEnv")  # ENV_ID of eighthalf.envs.gym

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, globals())
