"""A document's fields declared once: its writer, its reader and its JSON Schema derived from one declaration.

A document type (or an object nested in one) is a :class:`Shape`: its class and its
:class:`Field`\\ s, each a JSON key, the attribute it holds, a :class:`~eighthalf.formats.codecs.Codec` for the
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
values. The value types are the codecs of :mod:`eighthalf.formats.codecs` (importable
from here too) and :class:`Object`, a nested shape. A shape's writer and reader are
compiled from its fields once (:func:`compiled_writer`, :func:`compiled_reader`): one
function each, calling the codecs in turn, so that a declared document is written and
read as fast as a hand-written one (documents are on the game server's hot path).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias

import attrs

from eighthalf.core.errors import DocumentError, EighthalfError
from eighthalf.formats.codecs import (
    Bool,
    Bound,
    Choice,
    Codec,
    Docs,
    Int,
    IntList,
    Listed,
    ListOf,
    Notation,
    Nullable,
    Seat,
    Seed,
    Str,
    Values,
    Winners,
    Writer,
    _class_docs,
    attribute_docs,
    bound,
    nullable,
    ref,
)
from eighthalf.formats.documents import Kind, check_object

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
    "Reader",
    "Seat",
    "Seed",
    "Shape",
    "Str",
    "Values",
    "Winners",
    "Writer",
    "attribute_docs",
    "bound",
    "compiled_reader",
    "compiled_writer",
    "constructed",
    "declared",
    "notation_kind",
    "nullable",
    "object_schema",
    "ref",
]


@attrs.frozen(slots=True, weakref_slot=False)
class Object(Codec):
    """An object of the fields of ``shape`` (nested in a document: no header), read with the
    values read before as its context."""

    shape: Shape

    def write(self, value: object) -> dict[str, Any]:
        return self.shape.write(value)

    def writer(self) -> Writer:
        return self.shape.writer

    def read(self, value: object, path: str, values: Values) -> Any:
        return self.shape.load(value, path, values)

    def derived(self, docs: Docs) -> dict[str, Any]:
        return self.shape.schema(docs)

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        return self.shape.definitions(docs)


# --------------------------------------------------------------------------- fields and shapes


@attrs.frozen(slots=True, weakref_slot=False)
class Field:
    """One field of a document: its JSON ``key``, its value's :class:`~eighthalf.formats.codecs.Codec`, the attribute that
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


def compiled_writer(name: str, fields: Sequence[Field]) -> Callable[[Any], dict[str, Any]]:
    """The writer of ``fields``, compiled: one function that builds the dict of their keys in
    order, each value written by its codec's :meth:`~eighthalf.formats.codecs.Codec.writer`
    (an optional field only if its value is true), as fast as a hand-written writer.

    >>> write = compiled_writer("Pair", (Field("low", Int()), Field("seats", IntList()), Field("bye", Int(), optional=True)))
    >>> import types
    >>> write(types.SimpleNamespace(low=1, seats=(0, 2), bye=0))
    {'low': 1, 'seats': [0, 2]}
    """
    scope: dict[str, Any] = {}
    lines: list[str] = []
    leading: list[str] = []
    for at, field in enumerate(fields):
        assert field.attr == "" or field.attr.isidentifier(), f"the attribute {field.attr!r} of {name} is a name"
        value = f"obj.{field.attr}" if field.attr else "obj"
        write = field.codec.writer()
        if field.optional:
            value, lines = f"v{at}", [*lines, f"    v{at} = {value}", f"    if v{at}:"]
        if write is not None:
            scope[f"w{at}"] = write
            value = f"w{at}({value})"
        if field.optional:
            lines.append(f"        data[{field.key!r}] = {value}")
        elif lines:
            lines.append(f"    data[{field.key!r}] = {value}")
        else:
            leading.append(f"{field.key!r}: {value}")
    source = "\n".join([f"def write_{name}(obj):", f"    data = {{{', '.join(leading)}}}", *lines, "    return data"])
    exec(compile(source, f"<the writer of {name}>", "exec"), scope)  # built from the declaration alone
    writer: Callable[[Any], dict[str, Any]] = scope[f"write_{name}"]
    return writer


_NO_VALUES: Final[Values] = {}

Reader: TypeAlias = "Callable[[dict[str, Any], str, Values | None], Any]"
"""A shape's reader: the object of the checked fields at a path, given the context (:meth:`Shape.read`)."""


def compiled_reader(cls: type, fields: Sequence[Field], make: Callable[[Values, str], Any] | None = None) -> Reader:
    """The reader of ``fields`` (in the order they are read), compiled: one function that reads
    each value present with its codec into the values read (which the bounds of the fields
    after it see), then makes the object: ``make(values, path)``, or ``cls`` called with the
    values by attribute.

    A value's path is built only if the value is wrong: the reader reads the fields once
    without their paths and, if a codec raises, again with them, so that the error names
    its path (codecs are pure functions of the value and the values before it).

    >>> import types
    >>> read = compiled_reader(types.SimpleNamespace, (Field("low", Int()), Field("high", Int("low"))))
    >>> read({"low": 2, "high": 1}, "$", None)
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.high: 1 is out of range (2 to 2**53 - 1)
    """
    name = cls.__name__
    scope: dict[str, Any] = {"make": make, "cls": cls, "DocumentError": DocumentError}
    kept = make is not None or any(field.optional or field.codec.needs_values() for field in fields)
    if not kept:  # no codec looks at the values read before: keep none
        scope["values"] = _NO_VALUES
    local = {field.attr: f"v{at}" for at, field in enumerate(fields)}

    def reads(paths: bool) -> list[str]:
        lines = ["        values = {} if context is None else dict(context)"] if kept else []
        for at, field in enumerate(fields):
            scope[f"r{at}"] = field.codec.read
            key = field.key
            where = f"path + {'.' + key!r}" if paths else "''"
            read = f"v{at} = r{at}(obj[{key!r}], {where}, values)"
            if kept:
                read = f"values[{field.attr!r}] = {read}"
            lines += [f"        if {key!r} in obj:", f"            {read}"] if field.optional else [f"        {read}"]
        return lines

    lines = [f"def read_{name}(obj, path, context):", "    try:", *reads(False), "    except DocumentError:"]
    lines += reads(True)
    if make is not None:
        lines.append("    return make(values, path)")
    elif any(field.optional for field in fields):
        scope["attributes"] = tuple(local)
        lines.append("    return cls(**{name: values[name] for name in attributes if name in values})")
    else:
        assert all(attr.isidentifier() for attr in local), f"the attributes of {name} are names"
        lines.append(f"    return cls({_arguments(cls, local)})")
    exec(compile("\n".join(lines), f"<the reader of {name}>", "exec"), scope)  # built from the declaration alone
    reader: Reader = scope[f"read_{name}"]
    return reader


def _arguments(cls: type, local: dict[str, str]) -> str:
    """The arguments of ``cls`` given the values by attribute: in its parameters' order if they are
    its first parameters (a positional call is the fastest), else by keyword."""
    try:
        parameters = [
            name
            for name, parameter in inspect.signature(cls).parameters.items()
            if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
        ][: len(local)]
    except (TypeError, ValueError):  # no signature to read
        parameters = []
    if set(parameters) == set(local):
        return ", ".join(local[name] for name in parameters)
    return ", ".join(f"{name}={value}" for name, value in local.items())


def _loaded(load: Callable[[dict[str, Any], str, Values], Any]) -> Reader:
    def read(obj: dict[str, Any], path: str, context: Values | None) -> Any:
        return load(obj, path, {} if context is None else dict(context))

    return read


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
    writer: Callable[[Any], dict[str, Any]] = attrs.field(init=False, repr=False, eq=False)
    """The writer compiled from the fields (:func:`compiled_writer`): what :meth:`write` calls."""
    reader: Reader = attrs.field(init=False, repr=False, eq=False)
    """The reader compiled from the fields (:func:`compiled_reader`), or the ``load`` given: what :meth:`read` calls."""

    def __attrs_post_init__(self) -> None:
        by_key = {field.key: field for field in self.fields}
        order = [by_key[key] for key in self.order] if self.order is not None else self.fields
        assert len(order) == len(by_key), f"the reading order of {self.cls.__name__} names every key once"
        setattr_ = object.__setattr__
        setattr_(self, "keys", frozenset(field.key for field in self.fields if not field.optional))
        setattr_(self, "optional", frozenset(field.key for field in self.fields if field.optional))
        setattr_(self, "writer", compiled_writer(self.cls.__name__, self.fields))
        load = self.load_fields
        setattr_(self, "reader", compiled_reader(self.cls, order, self.make) if load is None else _loaded(load))

    def write(self, obj: Any) -> dict[str, Any]:
        """The fields of ``obj`` as JSON values, in order (an optional one only if true)."""
        return self.writer(obj)

    def read(self, obj: dict[str, Any], path: str, context: Values | None = None) -> Any:
        """The object of the checked fields ``obj`` (every key there, no other) at ``path``.

        Raises:
            DocumentError: If a value is not of its type, at its path, or as ``make`` raises.
        """
        return self.reader(obj, path, context)

    def load(self, value: object, path: str, context: Values | None = None) -> Any:
        """:meth:`read` an object nested in a document, checking its keys first.

        Raises:
            DocumentError: If it is not an object of exactly these keys, or as :meth:`read` raises.
        """
        return self.reader(check_object(value, path, self.keys, self.optional), path, context)

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
    the notation of ``codec`` (a :class:`~eighthalf.formats.codecs.Notation`)."""
    return declared(name, Shape(classes[0], (Field("move", codec, attr=""),), make=_whole), classes)


def declared(
    name: str, shape: Shape, classes: tuple[type, ...] | None = None, *, before: Callable[[Any], Any] | None = None
) -> Kind:
    """The document type ``name`` of ``shape``'s objects (or of ``classes``): its keys, writer and reader
    are the shape's, which it keeps as its :attr:`~eighthalf.formats.documents.Kind.shape`.

    ``before``, if given, is applied to an object before it is written (a record's
    ``with_result``, which writes the result its moves reached)."""

    def load(obj: dict[str, Any], path: str) -> object:
        return shape.read(obj, path)

    write = shape.writer
    if before is not None:
        prepare = before

        def write(obj: Any) -> dict[str, Any]:
            return shape.writer(prepare(obj))

    return Kind(name, classes or (shape.cls,), shape.keys, write, load, shape.optional, shape=shape)


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
