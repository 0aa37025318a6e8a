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
``__init__`` with ``object.__setattr__``:

>>> class Card(Frozen):
...     __slots__ = ("suit", "letter")
...     __match_args__ = ("suit", "letter")
...     def __init__(self, suit: int, letter: str) -> None:
...         object.__setattr__(self, "suit", suit)
...         object.__setattr__(self, "letter", letter)
>>> card = Card(4, "w")
>>> card, card == Card(4, "w"), card.replace(letter="e")
(Card(suit=4, letter='w'), True, Card(suit=4, letter='e'))
>>> card.suit = 5
Traceback (most recent call last):
...
attr.exceptions.FrozenInstanceError: can't set attribute
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs.exceptions import FrozenInstanceError
from typing_extensions import Self

from ._compat import mypyc_attr

__all__ = ["Frozen"]


@mypyc_attr(allow_interpreted_subclasses=True)
class Frozen:
    """Base class of a frozen, slotted value class whose fields are named in ``__match_args__``."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def field_values(self) -> tuple[Any, ...]:
        """The values of the fields, in the order of ``__match_args__``."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self is other or self.field_values() == other.field_values()

    def __ne__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return not self == other

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, self.field_values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (self.__class__, self.field_values())

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed, as ``attrs.evolve`` or ``dataclasses.replace`` give.

        Raises:
            TypeError: If a name in ``changes`` is not a field of the class.
        """
        values = dict(zip(self.__match_args__, self.field_values(), strict=True))
        unknown = [name for name in changes if name not in values]
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {unknown[0]!r}")
        values.update(changes)
        return self.__class__(**values)

    def __replace__(self, **changes: Any) -> Self:
        return self.replace(**changes)

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict, name to value, nested frozen values as dicts too (as ``attrs.asdict``).

        Tuples of values stay tuples; a nested frozen value or attrs instance becomes a
        dict.
        """
        return {name: _as_plain(value) for name, value in zip(self.__match_args__, self.field_values(), strict=True)}


def _as_plain(value: object) -> object:
    if isinstance(value, Frozen):
        return value.as_dict()
    if isinstance(value, tuple):
        return tuple([_as_plain(item) for item in value])
    if hasattr(type(value), "__attrs_attrs__"):
        import attrs

        return attrs.asdict(value)  # type: ignore[arg-type]
    return value
