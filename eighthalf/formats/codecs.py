"""The value types of documents (:class:`Codec`): how a value is written, read (checked, at its path) and described.

The codecs here are the value types every game has (integers, seats, booleans, words
from a list, seeds, notations, arrays, ``null``); a game adds its own (its cards) by
subclassing :class:`Codec`. The fields of a document type (:mod:`eighthalf.formats.fields`)
name them. The checking helpers they call, and so their messages, are those of
:mod:`eighthalf.formats.documents`. Each codec's :meth:`~Codec.writer` is the plain
function a document's compiled writer calls.

>>> Int(1, 3).read(2, "$.count", {}), Seat(4).schema()
(2, {'type': 'integer', 'minimum': 0, 'maximum': 3})
>>> ListOf(Int()).writer()((1, 2))
[1, 2]
"""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeAlias

import attrs

from eighthalf.core.errors import DocumentError, quote
from eighthalf.formats.documents import (
    MAX_INT,
    check_int_entries,
    check_notation,
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
    "Int",
    "IntList",
    "ListOf",
    "Listed",
    "Notation",
    "Nullable",
    "Seat",
    "Seed",
    "Str",
    "Values",
    "Winners",
    "Writer",
    "attribute_docs",
    "bound",
    "nullable",
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


Writer: TypeAlias = "Callable[[Any], Any] | None"
"""The function that writes a value as JSON, or ``None`` for a value written as it is."""


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

    def writer(self) -> Writer:
        """The plain function that :meth:`write`\\ s, for compiled writers: ``None`` if the value is written as it is."""
        return None if type(self).write is Codec.write else self.write

    def read(self, value: object, path: str, values: Values) -> Any:
        """The JSON ``value`` at ``path`` as the value it holds, given the ``values`` read before.

        Raises:
            DocumentError: If it is not one, at ``path``.
        """
        raise NotImplementedError

    def derived(self, docs: Docs) -> dict[str, Any]:
        """The schema of what :meth:`read` takes."""
        raise NotImplementedError

    reads_values: ClassVar[bool] = True
    """Whether :meth:`read` may look at the values read before: ``True`` unless a codec class
    says otherwise (a class whose bounds are all numbers sets ``False``), so that a compiled
    reader that keeps no values is never wrong."""

    def needs_values(self) -> bool:
        """Whether this codec's :meth:`read` looks at the values read before (a bound by name or
        function, a nested object's context): the class's
        :attr:`~eighthalf.formats.codecs.Codec.reads_values`, unless the codec works it out
        from its own bounds."""
        return self.reads_values

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

    def read(self, value: object, path: str, values: Values) -> Any:  # an int, or None if null
        if value is None and self.null:
            return None
        if type(value) is not int:
            wrong(path, "an integer or null" if self.null else "an integer", value)
        low, high = self.low, self.high
        if type(low) is not int:
            low = values[low] if type(low) is str else bound(low, values)
        if type(high) is not int:
            high = values[high] if type(high) is str else bound(high, values)
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

    def needs_values(self) -> bool:
        return type(self.low) is not int or type(self.high) is not int


@attrs.frozen(slots=True, weakref_slot=False)
class Seat(Codec):
    """A seat number below ``players``, or ``null`` if ``null``."""

    players: Bound
    null: bool = attrs.field(default=False, kw_only=True)

    def read(self, value: object, path: str, values: Values) -> Any:  # an int, or None if null
        if value is None and self.null:
            return None
        players = self.players
        if type(players) is not int:
            players = values[players] if type(players) is str else bound(players, values)
        if type(value) is int and 0 <= value < players:
            return value
        return check_seat(value, path, players)

    def derived(self, docs: Docs) -> dict[str, Any]:
        body: dict[str, Any] = {"type": "integer", "minimum": 0}
        if type(self.players) is int:
            body["maximum"] = self.players - 1
        return nullable(body) if self.null else body

    def needs_values(self) -> bool:
        return type(self.players) is not int


@attrs.frozen(slots=True, weakref_slot=False)
class Bool(Codec):
    """``true`` or ``false``."""

    def read(self, value: object, path: str, values: Values) -> bool:
        if type(value) is not bool:
            wrong(path, "true or false", value)
        return value

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "boolean"}

    reads_values: ClassVar[bool] = False


@attrs.frozen(slots=True, weakref_slot=False)
class Str(Codec):
    """A string."""

    def read(self, value: object, path: str, values: Values) -> str:
        if type(value) is not str:
            wrong(path, "a string", value)
        return value

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "string"}

    reads_values: ClassVar[bool] = False


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

    reads_values: ClassVar[bool] = False


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

    reads_values: ClassVar[bool] = False


@attrs.frozen(slots=True, weakref_slot=False)
class Seed(Codec):
    """A seed: an integer of at most 4,300 digits (:func:`~eighthalf.formats.documents.get_seed`)."""

    def read(self, value: object, path: str, values: Values) -> int:
        head, _, key = path.rpartition(".")
        return get_seed({key: value}, head, key)

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "integer"}

    reads_values: ClassVar[bool] = False


@attrs.frozen(slots=True, weakref_slot=False)
class IntList(Codec):
    """An array of integers from 0 to ``high``, of ``length`` entries unless ``None`` (one per ``each``)."""

    length: Bound | None = None
    high: Bound = MAX_INT
    each: str = attrs.field(default="seat", kw_only=True)

    def write(self, value: Sequence[int]) -> list[int]:
        return list(value)

    def writer(self) -> Writer:
        return list

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

    def needs_values(self) -> bool:
        return type(self.length) not in (int, type(None)) or type(self.high) is not int


@attrs.frozen(slots=True, weakref_slot=False)
class Winners(Codec):
    """The seats whose total (of the value ``of`` read before) is the highest, at least one
    (:func:`~eighthalf.formats.documents.get_winners`; ``rule`` names the winners), each a ``seat``."""

    of: str
    rule: str
    seat: Codec

    def write(self, value: Sequence[int]) -> list[int]:
        return list(value)

    def writer(self) -> Writer:
        return list

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

    def writer(self) -> Writer:
        return str

    def read(self, value: object, path: str, values: Values) -> Any:
        found = check_notation(value, path, self.parse, wanted=self.wanted, noun=self.noun, known=self.known)
        if self.only is not None and not isinstance(found, self.only):
            raise DocumentError(path, self.refused.format(repr(str(found))))
        return found

    def derived(self, docs: Docs) -> dict[str, Any]:
        return {"type": "string"}

    reads_values: ClassVar[bool] = False


@attrs.frozen(slots=True, weakref_slot=False)
class Nullable(Codec):
    """``null``, or a value of ``inner``."""

    inner: Codec

    def write(self, value: object) -> Any:
        return None if value is None else self.inner.write(value)

    def writer(self) -> Writer:
        inner = self.inner.writer()
        if inner is None:
            return None

        def write(value: object) -> Any:
            return None if value is None else inner(value)

        return write

    def read(self, value: object, path: str, values: Values) -> Any:
        return None if value is None else self.inner.read(value, path, values)

    def derived(self, docs: Docs) -> dict[str, Any]:
        return nullable(self.inner.schema(docs))

    def inner_definitions(self, docs: Docs) -> dict[str, dict[str, Any]]:
        return self.inner.definitions(docs)

    def needs_values(self) -> bool:
        return self.inner.needs_values()


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

    def writer(self) -> Writer:
        item = self.item.writer()
        if item is None:
            return list

        def write(value: Sequence[Any]) -> list[Any]:
            return [item(entry) for entry in value]

        return write

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

    def needs_values(self) -> bool:
        return self.item.needs_values() or type(self.length) not in (int, type(None))


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
