"""A document's fields declared once: its writer, its reader and its JSON Schema derived from one declaration.

A document type (or an object nested in one) is a :class:`Shape`: its class and its
:class:`Field`\\ s, each a JSON key, the attribute it holds, a :class:`Codec` for the
value's type and, if the attribute's docstring will not do, its description. From that
one declaration come the writer (:meth:`Shape.write`), the strict reader
(:meth:`Shape.read`: every key, every type, every bound, each error at its JSON path,
``$.seats[1].hand[0]``) and the schema (:meth:`Shape.schema`); :func:`declared` makes
it the :class:`~eighthalf.formats.documents.Kind` of a game's registry.

>>> import attrs
>>> @attrs.frozen
... class Sat:
...     seat: int
...     count: int
>>> SAT = Shape(Sat, (Field("seat", Seat(4)), Field("count", Int(1, 3))))
>>> SAT.write(Sat(2, 3)), SAT.read({"seat": 1, "count": 2}, "$")
({'seat': 2, 'count': 3}, Sat(seat=1, count=2))
>>> SAT.read({"seat": 1, "count": 9}, "$")
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.count: 9 is out of range (1 to 3)
>>> SAT.schema()["properties"]["seat"]
{'type': 'integer', 'minimum': 0, 'maximum': 3}

A bound may be a number, the name of a value read before it (a field of the same object
or of the context an enclosing reader hands down, ``"players"``), or a function of those
values. The codecs here are the value types every game has (integers, seats, booleans,
words from a list, seeds, notations, arrays, ``null``, nested objects); a game adds its
own (its cards) by subclassing :class:`Codec`. The checking helpers they call, and so
their messages, are those of :mod:`eighthalf.formats.documents`.
"""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from eighthalf.core.errors import DocumentError, EighthalfError, quote
from eighthalf.formats.documents import (
    MAX_INT,
    Kind,
    check_int_entries,
    check_notation,
    check_object,
    check_seat,
    get_seed,
    get_winners,
    wrong,
)

__all__ = [
    "Bool",
    "Bound",
    "Choice",
    "Codec",
    "Docs",
    "Field",
    "Int",
    "IntList",
    "ListOf",
    "Listed",
    "Notation",
    "Nullable",
    "Object",
    "Seat",
    "Seed",
    "Shape",
    "Str",
    "Values",
    "Winners",
    "attribute_docs",
    "bound",
    "constructed",
    "declared",
    "notation_kind",
    "nullable",
    "object_schema",
    "ref",
]

Values: TypeAlias = dict[str, Any]
"""The values read so far, by attribute (and the context an enclosing reader hands down)."""

Bound: TypeAlias = "int | str | Callable[[Values], int]"
"""A bound of a reader: a number, the name of a value read before, or a function of the values read."""

Docs: TypeAlias = Callable[[type], Mapping[str, str]]
"""Gives the descriptions of a class's fields (its attribute docstrings, :func:`~eighthalf.schemas.documents.attribute_docs`)."""


def bound(bound: Bound, values: Values) -> int:
    """The number a :data:`Bound` is, given the values read."""
    if type(bound) is int:
        return bound
    if isinstance(bound, str):
        return int(values[bound])
    assert callable(bound)
    return bound(values)


def _range(low: int, high: int) -> str:
    return f"{low} to 2**53 - 1" if high == MAX_INT else f"{low} to {high}"


def _tail(rule: str | None) -> str:
    return "" if rule is None else f" ({rule})"


def ref(name: str) -> dict[str, Any]:
    """A reference to the definition ``name`` of the same schema file (``{"$ref": "#/$defs/<name>"}``)."""
    return {"$ref": f"#/$defs/{name}"}


def nullable(inner: dict[str, Any]) -> dict[str, Any]:
    """``inner``, or ``null``."""
    return {"oneOf": [{"type": "null"}, inner]}


def _class_docs(cls: type) -> Mapping[str, str]:
    return attribute_docs(cls)


# --------------------------------------------------------------------------- codecs


@attrs.frozen(slots=True, weakref_slot=False)
class Codec:
    """A value type of documents: how a value is written, read (checked, at its path) and described.

    Every codec takes, by keyword, ``name`` (its schema is then a reference to the
    definition of that name, which :meth:`definitions` gives), ``doc`` (the description
    of that schema) and ``shown`` (the schema, where it says other than what the reader
    checks, which :meth:`derived` gives).
    """

    name: str | None = attrs.field(default=None, kw_only=True)
    """The name of the shared definition (``$defs``) this type is, if any."""
    doc: str | None = attrs.field(default=None, kw_only=True)
    """The description of its schema, if any."""
    shown: dict[str, Any] | None = attrs.field(default=None, kw_only=True)
    """Its schema, if not the derived one."""

    def write(self, value: Any) -> Any:
        """The value as JSON (by default, as it is)."""
        return value

    def read(self, value: object, path: str, values: Values) -> Any:
        """The JSON ``value`` at ``path`` as the value it holds, given the ``values`` read before.

        Raises:
            DocumentError: If it is not one, at ``path``.
        """
        raise NotImplementedError

    def derived(self, docs: Docs) -> dict[str, Any]:
        """The schema of what :meth:`read` takes."""
        raise NotImplementedError

    def body(self, docs: Docs = _class_docs) -> dict[str, Any]:
        """The schema itself: :attr:`shown` or the derived one, described by :attr:`doc`."""
        body = self.derived(docs) if self.shown is None else self.shown
        return body if self.doc is None else {"description": self.doc, **body}

    def schema(self, docs: Docs = _class_docs) -> dict[str, Any]:
        """The schema of a field of this type: a reference to its definition, or its :meth:`body`."""
        return ref(self.name) if self.name is not None else self.body(docs)

    def definitions(self, docs: Docs = _class_docs) -> dict[str, dict[str, Any]]:
        """The shared definitions this type is and refers to, by name."""
        found = self.inner_definitions(docs)
        if self.name is not None:
            found[self.name] = self.body(docs)
        return found

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        """The definitions of the types this type holds."""
        return {}

    def but(self, **changes: Any) -> Any:
        """This type read otherwise (a seat of another bound, say), its schema kept."""
        shown = self.shown if self.shown is not None else self.derived(_class_docs)
        return attrs.evolve(self, **{"shown": shown, **changes})


@attrs.frozen(slots=True, weakref_slot=False)
class Int(Codec):
    """An integer from ``low`` to ``high`` (``true`` is not one), or ``null`` if ``null``; ``rule`` ends the
    message of a number out of range."""

    low: Bound = 0
    high: Bound = MAX_INT
    null: bool = attrs.field(default=False, kw_only=True)
    rule: str | None = attrs.field(default=None, kw_only=True)

    def read(self, value: object, path: str, values: Values) -> int | None:
        if value is None and self.null:
            return None
        if type(value) is not int:
            wrong(path, "an integer or null" if self.null else "an integer", value)
        low, high = bound(self.low, values), bound(self.high, values)
        if not low <= value <= high:
            raise DocumentError(path, f"{quote(value)} is out of range ({_range(low, high)}){_tail(self.rule)}")
        return value

    def derived(self, docs: Docs) -> dict[str, Any]:
        body: dict[str, Any] = {"type": "integer"}
        if type(self.low) is int:
            body["minimum"] = self.low
        if type(self.high) is int and self.high != MAX_INT:
            body["maximum"] = self.high
        return nullable(body) if self.null else body


@attrs.frozen(slots=True, weakref_slot=False)
class Seat(Codec):
    """A seat number below ``players``, or ``null`` if ``null``."""

    players: Bound
    null: bool = attrs.field(default=False, kw_only=True)

    def read(self, value: object, path: str, values: Values) -> int | None:
        if value is None and self.null:
            return None
        return check_seat(value, path, bound(self.players, values))

    def derived(self, docs: Docs) -> dict[str, Any]:
        body: dict[str, Any] = {"type": "integer", "minimum": 0}
        if type(self.players) is int:
            body["maximum"] = self.players - 1
        return nullable(body) if self.null else body


@attrs.frozen(slots=True, weakref_slot=False)
class Bool(Codec):
    """``true`` or ``false``."""

    def read(self, value: object, path: str, values: Values) -> bool:
        if type(value) is not bool:
            wrong(path, "true or false", value)
        return value

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "boolean"}


@attrs.frozen(slots=True, weakref_slot=False)
class Str(Codec):
    """A string."""

    def read(self, value: object, path: str, values: Values) -> str:
        if type(value) is not str:
            wrong(path, "a string", value)
        return value

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "string"}


@attrs.frozen(slots=True, weakref_slot=False)
class Choice(Codec):
    """One of the strings ``words``; ``rule`` ends the message of another string."""

    words: tuple[str, ...]
    rule: str | None = attrs.field(default=None, kw_only=True)

    def read(self, value: object, path: str, values: Values) -> str:
        if type(value) is not str:
            wrong(path, "a string", value)
        if value not in self.words:
            listed = ", ".join(map(repr, self.words[:-1])) + f" or {self.words[-1]!r}"
            raise DocumentError(path, f"expected {listed}, not {quote(value)}{_tail(self.rule)}")
        return value

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"enum": list(self.words)}


@attrs.frozen(slots=True, weakref_slot=False)
class Listed(Codec):
    """One of the strings ``words`` (a game's cards), else the message expects ``wanted``."""

    words: tuple[str, ...]
    wanted: str

    def read(self, value: object, path: str, values: Values) -> str:
        if type(value) is not str or value not in self.words:
            wrong(path, self.wanted, value)
        return value

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"enum": list(self.words)}


@attrs.frozen(slots=True, weakref_slot=False)
class Seed(Codec):
    """A seed: an integer of at most 4,300 digits (:func:`~eighthalf.formats.documents.get_seed`)."""

    def read(self, value: object, path: str, values: Values) -> int:
        head, _, key = path.rpartition(".")
        return get_seed({key: value}, head, key)

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "integer"}


@attrs.frozen(slots=True, weakref_slot=False)
class IntList(Codec):
    """An array of integers from 0 to ``high``, of ``length`` entries unless ``None`` (one per ``each``)."""

    length: Bound | None = None
    high: Bound = MAX_INT
    each: str = attrs.field(default="seat", kw_only=True)

    def write(self, value: Sequence[int]) -> list[int]:
        return list(value)

    def read(self, value: object, path: str, values: Values) -> tuple[int, ...]:
        if type(value) is not list:
            wrong(path, "an array", value)
        if self.length is not None:
            length = bound(self.length, values)
            if len(value) != length:
                raise DocumentError(path, f"expected {length} entries (one per {self.each}), not {len(value)}")
        return check_int_entries(value, path, bound(self.high, values))

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "array", "items": Int(0, self.high).derived(docs)}


@attrs.frozen(slots=True, weakref_slot=False)
class Winners(Codec):
    """The seats whose total (of the value ``of`` read before) is the highest, at least one
    (:func:`~eighthalf.formats.documents.get_winners`; ``rule`` names the winners), each a ``seat``."""

    of: str
    rule: str
    seat: Codec

    def write(self, value: Sequence[int]) -> list[int]:
        return list(value)

    def read(self, value: object, path: str, values: Values) -> tuple[int, ...]:
        return get_winners({"winners": value}, path.rpartition(".")[0], values[self.of], self.rule)

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "array", "items": self.seat.schema(docs), "minItems": 1}


@attrs.frozen(slots=True, weakref_slot=False)
class Notation(Codec):
    """A move (a card …) in its canonical notation (:func:`~eighthalf.formats.documents.check_notation`),
    of the class ``only`` if given (else the message ``refused``, given the text read)."""

    parse: Callable[[str], Any]
    wanted: str = attrs.field(default="a move in notation", kw_only=True)
    noun: str = attrs.field(default="move", kw_only=True)
    known: Mapping[str, Any] | None = attrs.field(default=None, kw_only=True)
    only: type | None = attrs.field(default=None, kw_only=True)
    refused: str = attrs.field(default="", kw_only=True)

    def write(self, value: object) -> str:
        return str(value)

    def read(self, value: object, path: str, values: Values) -> Any:
        found = check_notation(value, path, self.parse, wanted=self.wanted, noun=self.noun, known=self.known)
        if self.only is not None and not isinstance(found, self.only):
            raise DocumentError(path, self.refused.format(repr(str(found))))
        return found

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "string"}


@attrs.frozen(slots=True, weakref_slot=False)
class Nullable(Codec):
    """``null``, or a value of ``inner``."""

    inner: Codec

    def write(self, value: object) -> Any:
        return None if value is None else self.inner.write(value)

    def read(self, value: object, path: str, values: Values) -> Any:
        return None if value is None else self.inner.read(value, path, values)

    def derived(self, docs: Docs) -> dict[str, Any]:
        return nullable(self.inner.schema(docs))

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        return self.inner.definitions(docs)


@attrs.frozen(slots=True, weakref_slot=False)
class ListOf(Codec):
    """An array (``wanted`` names it in the message of another value) of values of ``item``,
    of ``length`` entries if given (else the message ``counted``, given the two numbers)."""

    item: Codec
    wanted: str = attrs.field(default="an array", kw_only=True)
    length: Bound | None = attrs.field(default=None, kw_only=True)
    counted: str = attrs.field(default="expected {} entries, not {}", kw_only=True)

    def write(self, value: Sequence[Any]) -> list[Any]:
        write = self.item.write
        return [write(entry) for entry in value]

    def read(self, value: object, path: str, values: Values) -> tuple[Any, ...]:
        if type(value) is not list:
            wrong(path, self.wanted, value)
        if self.length is not None:
            length = bound(self.length, values)
            if len(value) != length:
                raise DocumentError(path, self.counted.format(length, len(value)))
        read = self.item.read
        return tuple(read(entry, f"{path}[{at}]", values) for at, entry in enumerate(value))

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "array", "items": self.item.schema(docs)}

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        return self.item.definitions(docs)


@attrs.frozen(slots=True, weakref_slot=False)
class Object(Codec):
    """An object of the fields of ``shape`` (nested in a document: no header), read with the
    values read before as its context."""

    shape: Shape

    def write(self, value: object) -> dict[str, Any]:
        return self.shape.write(value)

    def read(self, value: object, path: str, values: Values) -> Any:
        return self.shape.load(value, path, values)

    def derived(self, docs: Docs) -> dict[str, Any]:
        return self.shape.schema(docs)

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        return self.shape.definitions(docs)


# --------------------------------------------------------------------------- fields and shapes


@attrs.frozen(slots=True, weakref_slot=False)
class Field:
    """One field of a document: its JSON ``key``, its value's :class:`Codec`, the attribute that
    holds it (by default the key; ``""`` for the object itself, as a move is its notation),
    and its description (by default the attribute's docstring).

    ``extra`` is added to the codec's schema (``{"maxLength": 3}``); an ``optional`` field
    is written only when its value is true, and may be left out (then the class's default
    holds).
    """

    key: str
    codec: Codec
    attr: str = attrs.field(default=attrs.Factory(lambda self: self.key, takes_self=True), kw_only=True)
    doc: str | None = attrs.field(default=None, kw_only=True)
    extra: Mapping[str, Any] = attrs.field(factory=dict, kw_only=True)
    optional: bool = attrs.field(default=False, kw_only=True)

    def schema(self, docs: Mapping[str, str], of_docs: Docs) -> dict[str, Any]:
        """The field's schema, described."""
        entry = {**self.codec.schema(of_docs), **self.extra}
        text = self.doc if self.doc is not None else docs.get(self.key)
        if text is not None and "description" not in entry:
            entry = {"description": text, **entry}
        return entry


def _make(cls: type, fields: Sequence[Field]) -> Callable[[Values, str], Any]:
    attributes = [field.attr for field in fields]

    def make(values: Values, path: str) -> Any:
        return cls(**{name: values[name] for name in attributes if name in values})

    return make


@attrs.frozen(slots=True, weakref_slot=False)
class Shape:
    """A document type's fields (or a nested object's), declared once.

    Args:
        cls: The class written as this shape (its attribute docstrings describe the fields).
        fields: The fields, in the order they are written.
        order: The keys in the order they are read, if not that order (so that a field's
            bound can name a value read before it).
        make: Makes the object of the values read (by attribute) and the object's path,
            checking how they fit together; by default ``cls(**values)``.
        name: The name of the shape's shared definition (``$defs``), if it is one.
        where: How an error names the object (``"a seat of a GameState"``).
        load: Reads the checked fields itself, given them, their path and the context, where
            how the rules tie the fields together sets the order of the checks (a
            position's); the fields' codecs are still the readers of their values.
    """

    cls: type
    fields: tuple[Field, ...]
    order: tuple[str, ...] | None = attrs.field(default=None, kw_only=True)
    make: Callable[[Values, str], Any] | None = attrs.field(default=None, kw_only=True)
    name: str | None = attrs.field(default=None, kw_only=True)
    where: str = attrs.field(default="", kw_only=True)
    load_fields: Callable[[dict[str, Any], str, Values], Any] | None = attrs.field(
        default=None, kw_only=True, alias="load"
    )
    keys: frozenset[str] = attrs.field(init=False)
    """The keys that must be there."""
    optional: frozenset[str] = attrs.field(init=False)
    """The keys that may be left out."""
    _reading: tuple[tuple[str, str, Codec, bool], ...] = attrs.field(init=False, repr=False)
    _writing: tuple[tuple[str, str, Callable[[Any], Any] | None, bool], ...] = attrs.field(init=False, repr=False)
    _maker: Callable[[Values, str], Any] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        by_key = {field.key: field for field in self.fields}
        order = [by_key[key] for key in self.order] if self.order is not None else self.fields
        assert len(order) == len(by_key), f"the reading order of {self.cls.__name__} names every key once"
        setattr_ = object.__setattr__
        setattr_(self, "keys", frozenset(field.key for field in self.fields if not field.optional))
        setattr_(self, "optional", frozenset(field.key for field in self.fields if field.optional))
        setattr_(self, "_reading", tuple((f.key, f.attr, f.codec, f.optional) for f in order))
        writing = tuple(
            (f.key, f.attr, None if type(f.codec).write is Codec.write else f.codec.write, f.optional)
            for f in self.fields
        )
        setattr_(self, "_writing", writing)
        setattr_(self, "_maker", self.make if self.make is not None else _make(self.cls, self.fields))

    def write(self, obj: Any) -> dict[str, Any]:
        """The fields of ``obj`` as JSON values, in order (an optional one only if true)."""
        data: dict[str, Any] = {}
        for key, attr, write, optional in self._writing:
            value = getattr(obj, attr) if attr else obj
            if optional and not value:
                continue
            data[key] = value if write is None else write(value)
        return data

    def read(self, obj: dict[str, Any], path: str, context: Values | None = None) -> Any:
        """The object of the checked fields ``obj`` (every key there, no other) at ``path``.

        Raises:
            DocumentError: If a value is not of its type, at its path, or as ``make`` raises.
        """
        values: Values = {} if context is None else dict(context)
        if self.load_fields is not None:
            return self.load_fields(obj, path, values)
        for key, attr, codec, optional in self._reading:
            if optional and key not in obj:
                continue
            values[attr] = codec.read(obj[key], f"{path}.{key}", values)
        return self._maker(values, path)

    def load(self, value: object, path: str, context: Values | None = None) -> Any:
        """:meth:`read` an object nested in a document, checking its keys first.

        Raises:
            DocumentError: If it is not an object of exactly these keys, or as :meth:`read` raises.
        """
        return self.read(check_object(value, path, self.keys, self.optional), path, context)

    def schema(self, docs: Docs = _class_docs) -> dict[str, Any]:
        """The object schema of the fields, each described (by ``docs``, the attribute docstrings
        of a class, if the field has no description of its own)."""
        own = docs(self.cls)
        fields = {field.key: field.schema(own, docs) for field in self.fields}
        return object_schema(self.keys, fields, {}, self.where or self.cls.__name__, self.optional)

    def definitions(self, docs: Docs = _class_docs) -> dict[str, dict[str, Any]]:
        """The shared definitions the fields' types are or refer to (and the shape's own, if named)."""
        found: dict[str, dict[str, Any]] = {}
        for field in self.fields:
            found.update(field.codec.definitions(docs))
        if self.name is not None:
            found[self.name] = self.schema(docs)
        return found

    def codec(self) -> Object:
        """The shape as the type of a field (:class:`Object`), a reference to its definition if named."""
        return Object(self, name=self.name)


def constructed(cls: type) -> Callable[[Values, str], Any]:
    """A ``make`` of a :class:`Shape` that calls the attrs class ``cls`` with the values read of its
    attributes, an error it raises (:class:`ValueError`: an :class:`~eighthalf.InvalidStateError`,
    or an int too long to print in its message) being the document's, at the object's path."""
    names = tuple(attrs.fields_dict(cls))

    def make(values: Values, path: str) -> Any:
        try:
            return cls(**{name: values[name] for name in names if name in values})
        except ValueError as error:
            raise DocumentError(path, str(error)) from None

    return make


def _whole(values: Values, path: str) -> Any:
    return values[""]


def notation_kind(name: str, classes: tuple[type, ...], codec: Codec) -> Kind:
    """The document type of a game's moves (``classes``): one key, ``"move"``, the move in
    the notation of ``codec`` (a :class:`Notation`)."""
    return declared(name, Shape(classes[0], (Field("move", codec, attr=""),), make=_whole), classes)


def declared(name: str, shape: Shape, classes: tuple[type, ...] | None = None) -> Kind:
    """The document type ``name`` of ``shape``'s objects (or of ``classes``): its keys, writer and reader
    are the shape's, which it keeps as its :attr:`~eighthalf.formats.documents.Kind.shape`."""

    def load(obj: dict[str, Any], path: str) -> object:
        return shape.read(obj, path)

    return Kind(name, classes or (shape.cls,), shape.keys, shape.write, load, shape.optional, shape=shape)


def object_schema(
    keys: frozenset[str],
    fields: dict[str, dict[str, Any]],
    docs: Mapping[str, str],
    where: str,
    optional: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """An object schema with exactly ``keys``, each described by ``fields``, and any of ``optional``.

    A field without a ``description`` of its own takes its text from ``docs``.

    Raises:
        EighthalfError: If ``fields`` describes other keys than ``keys`` and ``optional``
            (``where`` names the object).
    """
    if set(fields) != set(keys | optional):
        raise EighthalfError(
            f"the JSON Schema of {where} is out of step with the loader: it describes {sorted(fields)}, "
            f"the loader reads {sorted(keys | optional)}"
        )
    properties = {}
    for key in sorted(keys | optional):
        entry = dict(fields[key])
        if key in docs and "description" not in entry:
            entry = {"description": docs[key], **entry}
        properties[key] = entry
    return {"type": "object", "properties": properties, "required": sorted(keys), "additionalProperties": False}


# --------------------------------------------------------------------------- descriptions

_ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|ref):`~?(?:[\w.]*\.)?([^`<]+?)(?: <[^>]*>)?`")


def _plain(text: str) -> str:
    """A docstring as plain text: no reST roles or literals, one line."""
    text = _ROLE.sub(r"\1", text)
    text = text.replace("``", "").replace("\\ ", "")
    for python, json_name in (("None", "null"), ("True", "true"), ("False", "false")):
        text = re.sub(rf"\b{python}\b", json_name, text)
    return " ".join(text.split())


def attribute_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings of a class (the string after each annotated field), and its properties' docstrings.

    As plain text on one line, for a field's ``description``: reST roles and literals
    are dropped, and ``None``, ``True`` and ``False`` are written as JSON writes them.
    """
    docs: dict[str, str] = {}
    for base in reversed(cls.__mro__[:-1]):  # the class's own docstrings last, so they win
        docs.update(_own_attribute_docs(base))
    return docs


@functools.cache
def _own_attribute_docs(cls: type) -> dict[str, str]:
    """Read from the module's source file, so that the compiled build (whose classes keep
    no docstrings, eighthalf.build) gives the same schemas as the pure one."""
    docs: dict[str, str] = {}
    module = inspect.getmodule(cls)
    if module is None or not getattr(module, "__file__", None):
        return docs
    source = Path(str(module.__file__)).with_name(module.__name__.rpartition(".")[2] + ".py")
    if not source.is_file():
        return docs
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            body = node.body
            for item in body:
                if isinstance(item, ast.FunctionDef) and any(
                    isinstance(decorator, ast.Name) and decorator.id == "property" for decorator in item.decorator_list
                ):
                    text = ast.get_docstring(item)
                    if text:
                        docs[item.name] = _plain(text.split("\n\n")[0])
            for field, after in itertools.pairwise(body):
                if (
                    isinstance(field, ast.AnnAssign)
                    and isinstance(field.target, ast.Name)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)
                ):
                    docs[field.target.id] = _plain(after.value.value)
    return docs
