"""The compiled base of the game states: :class:`Value`, a :class:`~eighthalf.core.frozen.Frozen` made of the same functions.

The state classes of both games (8½'s :class:`~eighthalf.GameState`, :class:`~eighthalf.Seat`,
:class:`~eighthalf.PileCard`, :class:`~eighthalf.Outcome`; Eights'
:class:`~eighthalf.eights.GameState`, :class:`~eighthalf.eights.HandState` and
:class:`~eighthalf.eights.Outcome`; Eights' cards stay pure, on ``Frozen``) derive from
:class:`Value`. The compiled build compiles this module with them (see
:data:`eighthalf.build.COMPILED_MODULES`): a class compiled by mypyc can derive only from
a compiled class, and :mod:`eighthalf.core.frozen` stays pure so that any interpreted
class may derive from :class:`~eighthalf.core.frozen.Frozen`. Both bases keep the same
promises: assigning or deleting an attribute raises
:class:`attrs.exceptions.FrozenInstanceError`; equality, hashing, repr, pickling and
``replace`` work by value.

>>> from eighthalf.eights import Outcome
>>> outcome = Outcome((31, 12), (0,), 30)
>>> isinstance(outcome, Value), outcome.replace(target=40).target, outcome.as_dict()["winners"]
(True, 40, (0,))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from eighthalf.core.frozen import as_dict, refuse_change, replaced, values_equal, values_hash, values_repr

__all__ = ["Value", "slot_setters"]


def slot_setters(cls: type, names: tuple[str, ...]) -> tuple[Callable[[object, object], None], ...]:
    """The ``__set__`` of each slot of ``cls`` named in ``names``, in that order.

    The constructors of the hot state classes set their slots through these in the pure
    build (twice as fast in CPython as ``object.__setattr__``, which a class with its own
    ``__setattr__`` needs), and through ``object.__setattr__`` in the compiled build,
    where mypyc turns it into a direct store.
    """
    return tuple([cls.__dict__[name].__set__ for name in names])


class Value:
    """The base of the state classes: a frozen value whose fields are named in ``__match_args__``.

    It behaves as :class:`~eighthalf.core.frozen.Frozen` does, built from the same
    functions, but it is compiled with the state classes in the compiled build (see the
    module's docs).
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def field_values(self) -> tuple[Any, ...]:
        """The values of the fields, in constructor order (``__match_args__``)."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def replace(self: _V, **changes: Any) -> _V:
        """A copy with some fields changed (in place of ``attrs.evolve``).

        Raises:
            TypeError: If a name in ``changes`` is not a field.
        """
        result: _V = replaced(self, changes)
        return result

    def __replace__(self: _V, **changes: Any) -> _V:
        result: _V = replaced(self, changes)
        return result

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict, nested values as dicts too (in place of ``attrs.asdict``)."""
        return as_dict(self)

    def __setattr__(self, name: str, value: object) -> None:
        refuse_change(self)

    def __delattr__(self, name: str) -> None:
        refuse_change(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Value)
        return values_equal(self, other)

    def __ne__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Value)
        return not values_equal(self, other)

    def __hash__(self) -> int:
        return values_hash(self)

    def __repr__(self) -> str:
        return values_repr(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (self.__class__, self.field_values())


_V = TypeVar("_V", bound=Value)
