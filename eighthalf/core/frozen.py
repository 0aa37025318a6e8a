"""Frozen value classes without attrs: :class:`Frozen`, the base of the game states.

The states of both games are built millions of times a second by search bots and
simulations, so they are plain slotted classes that mypyc compiles to native classes
(see the performance page) rather than attrs classes. :class:`Frozen` gives them the
promises an ``attrs.frozen`` class makes, in both the pure and the compiled build:

- assigning or deleting an attribute raises :class:`attrs.exceptions.FrozenInstanceError`
  (an :class:`AttributeError`), as it did when the states were attrs classes;
- equality and hashing by value, over the fields, between instances of one class;
- a repr that reads like the constructor call: ``Seat(hand=(...), bank=(...), ...)``;
- pickling and :func:`copy.deepcopy`;
- :meth:`Frozen.replace` (and :func:`copy.replace` on Python 3.13) in place of
  ``attrs.evolve``, and :meth:`Frozen.as_dict` in place of ``attrs.asdict``.

A subclass lists its fields, in constructor order, in ``__match_args__`` (which also
makes them usable in ``match`` statements) and in ``__slots__``, and sets them in
``__init__`` with ``object.__setattr__``; :class:`~eighthalf.Seat` is one:

>>> from eighthalf import Rank, Seat
>>> seat = Seat(hand=(Rank.FOUR,), bank=(), open=(), blind=())
>>> seat == Seat((Rank.FOUR,), (), (), ()), seat.replace(on_table=True).on_table
(True, True)
>>> seat.hand = ()
Traceback (most recent call last):
...
attr.exceptions.FrozenInstanceError: can't set attribute

This module is pure Python in both builds, so that any class may derive from
:class:`Frozen`. The compiled state classes of both games cannot (a class compiled by
mypyc cannot derive from an interpreted one): they derive from
:class:`~eighthalf.core.value.Value`, which gets the same behaviour from the functions
below.
"""

from __future__ import annotations

from typing import Any, ClassVar, NoReturn, Protocol, TypeVar

from attrs.exceptions import FrozenInstanceError

__all__ = ["Frozen", "Valued", "as_dict", "refuse_change", "replaced", "values_equal", "values_hash", "values_repr"]


class Valued(Protocol):
    """What the functions below need: the field names and the field values."""

    @property
    def __match_args__(self) -> tuple[str, ...]:
        """The field names, in constructor order."""
        ...

    def field_values(self) -> tuple[Any, ...]:
        """The values of the fields, in the order of ``__match_args__``."""
        ...


def refuse_change(value: object) -> NoReturn:
    """Raise what assigning to or deleting an attribute of a frozen value raises."""
    raise FrozenInstanceError()


def values_equal(value: Valued, other: Valued) -> bool:
    """``value == other`` for two values of one class: equal fields."""
    return value is other or bool(value.field_values() == other.field_values())


def values_hash(value: Valued) -> int:
    """A hash of the class name and the field values."""
    return hash((value.__class__.__name__, value.field_values()))


def values_repr(value: Valued) -> str:
    """``Class(field=value, ...)``, as attrs writes it."""
    fields = ", ".join(
        f"{name}={item!r}" for name, item in zip(value.__match_args__, value.field_values(), strict=True)
    )
    return f"{type(value).__name__}({fields})"


def replaced(value: Valued, changes: dict[str, Any]) -> Any:
    """A new instance of the class of ``value`` with ``changes`` applied to its fields.

    Raises:
        TypeError: If a name in ``changes`` is not a field of the class.
    """
    values = dict(zip(value.__match_args__, value.field_values(), strict=True))
    unknown = [name for name in changes if name not in values]
    if unknown:
        raise TypeError(f"{type(value).__name__} has no field {unknown[0]!r}")
    values.update(changes)
    return value.__class__(**values)


def as_dict(value: Valued) -> dict[str, Any]:
    """The fields as a dict, nested frozen values and attrs instances as dicts (as ``attrs.asdict``)."""
    return {name: _as_plain(item) for name, item in zip(value.__match_args__, value.field_values(), strict=True)}


_F = TypeVar("_F", bound="Frozen")


class Frozen:
    """Base class of a frozen, slotted value class whose fields are named in ``__match_args__``.

    (The compiled state classes of both games, such as :class:`~eighthalf.GameState` and
    :class:`~eighthalf.eights.HandState`, get the same behaviour from the functions of this
    module instead, through :class:`~eighthalf.core.value.Value`: a class compiled by
    mypyc cannot derive from this interpreted one.)
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def __setattr__(self, name: str, value: object) -> None:
        refuse_change(self)

    def __delattr__(self, name: str) -> None:
        refuse_change(self)

    def field_values(self) -> tuple[Any, ...]:
        """The values of the fields, in the order of ``__match_args__``."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return values_equal(self, other)

    def __ne__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return not values_equal(self, other)

    def __hash__(self) -> int:
        return values_hash(self)

    def __repr__(self) -> str:
        return values_repr(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (self.__class__, self.field_values())

    def replace(self: _F, **changes: Any) -> _F:
        """A copy with some fields changed, as ``attrs.evolve`` or ``dataclasses.replace`` give.

        Raises:
            TypeError: If a name in ``changes`` is not a field of the class.
        """
        result: _F = replaced(self, changes)
        return result

    def __replace__(self: _F, **changes: Any) -> _F:
        result: _F = replaced(self, changes)
        return result

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict, name to value, nested frozen values as dicts too (as ``attrs.asdict``).

        Tuples of values stay tuples; a nested frozen value or attrs instance becomes a
        dict.
        """
        return as_dict(self)


def _as_plain(value: object) -> object:
    if hasattr(value, "field_values") and hasattr(value, "__match_args__"):
        return as_dict(value)
    if isinstance(value, tuple):
        return tuple([_as_plain(item) for item in value])
    if hasattr(type(value), "__attrs_attrs__"):
        import attrs

        return attrs.asdict(value)  # type: ignore[arg-type]
    return value
