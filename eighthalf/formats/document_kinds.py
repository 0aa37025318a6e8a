"""The document types that both games' documents build alike, and the types of their public functions.

:mod:`eighthalf.formats.documents` is the envelope and the checking helpers; here are the
pieces of document types that are the same in every game, each given the game's own
readers and writers: the ``Move`` document (:func:`move_kind`), the types whose keys are
an object's attributes, written one by one (:func:`field_kind`: the events), the moves,
result, comments and tags that end every record (:func:`recorded_data`,
:func:`get_recorded`), and the types of the four public functions that each game binds to
its :class:`~eighthalf.formats.documents.Registry` (:class:`DocumentFunctions`), or the four
functions made once from that registry, which a game binds by name (:class:`GameDocuments`).

>>> kind = move_kind("Move", (int,), lambda value, path: int(str(value)))
>>> kind.save(33), kind.load({"move": "33"}, "$")
({'move': '33'}, 33)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar, cast, overload

import attrs

from eighthalf.core.named import Named
from eighthalf.formats.documents import Kind, Registry, get_list, get_notation_list, get_str, wrong
from eighthalf.formats.fields import Codec, Docs, Field, ListOf, Str, Values, Writer

__all__ = [
    "COMMENTS",
    "RECORDED",
    "TAGS",
    "DocumentFunctions",
    "Dumps",
    "FromData",
    "GameDocuments",
    "Loads",
    "Pairs",
    "Recorded",
    "ToData",
    "field_kind",
    "get_recorded",
    "move_kind",
    "recorded_data",
    "recorded_fields",
]

# --------------------------------------------------------------------------- document types


def move_kind(name: str, classes: tuple[type, ...], read: Callable[[object, str], object]) -> Kind:
    """The document type of a game's moves: one key, ``"move"``, the notation that ``str()`` writes.

    Args:
        name: The value of ``"type"``.
        classes: The game's move classes.
        read: The game's reader of a move in notation (:func:`~eighthalf.formats.documents.check_notation`), given the
            value and its path.

    Returns:
        The document type.
    """
    return Kind(name, classes, frozenset({"move"}), _move_data, lambda obj, path: read(obj["move"], f"{path}.move"))


def _move_data(move: object) -> dict[str, Any]:
    return {"move": str(move)}


def field_kind(
    name: str,
    cls: type,
    fields: Sequence[str],
    load: Callable[[dict[str, Any], str], object],
    write: Callable[[Any], Any],
) -> Kind:
    """A document type whose keys are attributes of the object (an event's fields), in order.

    Args:
        name: The value of ``"type"``.
        cls: The class written as this type.
        fields: The attributes, in the order they are written.
        load: Reads an object from its checked fields and its JSON path.
        write: The game's writer of one field's value as JSON (cards, moves and tuples
            of them as the game writes them; anything else kept as it is).

    Returns:
        The document type.
    """

    def save(obj: Any) -> dict[str, Any]:
        return {field: write(getattr(obj, field)) for field in fields}

    return Kind(name, (cls,), frozenset(fields), save, load)


class Recorded(Protocol):
    """What every game's record holds of the play (a :class:`~eighthalf.formats.replay.GameRecord`)."""

    @property
    def moves(self) -> Sequence[object]:
        """The moves, each written as ``str()`` writes it."""

    @property
    def result(self) -> str:
        """The result."""

    @property
    def comments(self) -> Sequence[tuple[int, str]]:
        """The comments, by the number of the move they follow."""

    @property
    def tags(self) -> Sequence[tuple[str, str]]:
        """The extra tags, as (name, value) pairs."""


RECORDED: Final = ("moves", "result", "comments", "tags")
"""The keys that :func:`recorded_data` writes, in order: the last keys of every game's record document."""


def recorded_data(record: Recorded, written: Callable[[Sequence[object]], Sequence[str]]) -> dict[str, Any]:
    """A record's ``moves``, ``result``, ``comments`` and ``tags`` as JSON values, in that order.

    ``written`` gives the moves' notation, each checked to read back as the move: the game's
    :meth:`RecordFormat.written_moves <eighthalf.formats.replay.RecordFormat.written_moves>`,
    so that a document holds what its loader reads back, as a record's text does.
    """
    return {
        "moves": list(written(record.moves)),
        "result": record.result,
        "comments": [[at, text] for at, text in record.comments],
        "tags": [[name, value] for name, value in record.tags],
    }


def get_recorded(obj: dict[str, Any], path: str, read_move: Callable[[object, str], object]) -> dict[str, Any]:
    """A record's ``moves`` (each read by ``read_move``), ``result``, ``comments`` and ``tags``, in that order.

    >>> data = {"moves": ["7"], "result": "*", "comments": [["1", "Good."]], "tags": []}
    >>> get_recorded(data, "$", lambda value, path: int(str(value)))
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.comments[0][0]: expected a move number, not a string '1'

    The comments are pairs [move number, text], the tags pairs [name, text]; how they fit
    the game (a comment after a move that was made, a tag's name) the game's ``Record``
    checks when it is made.

    Returns:
        The four as the keyword arguments of the game's ``Record``, in tuples.

    Raises:
        DocumentError: If a value is not of its JSON type; the path names it.
    """
    moves = get_notation_list(obj, "moves", path, read_move)
    result = get_str(obj, "result", path)
    comments = _pairs(obj, "comments", path, "move number")
    for at, (number, _) in enumerate(comments):
        if type(number) is not int:
            wrong(f"{path}.comments[{at}][0]", "a move number", number)
    tags = _pairs(obj, "tags", path, "name")
    return {"moves": moves, "result": result, "comments": tuple(comments), "tags": tuple(tags)}


def _pairs(obj: dict[str, Any], key: str, path: str, first: str) -> list[tuple[Any, str]]:
    """A list of two-element lists whose second element is a string."""
    out = []
    for at, entry in enumerate(get_list(obj, key, path)):
        where = f"{path}.{key}[{at}]"
        if type(entry) is not list or len(entry) != 2:
            wrong(where, f"a pair [{first}, text]", entry)
        if type(entry[1]) is not str:
            wrong(f"{where}[1]", "a string", entry[1])
        out.append((entry[0], entry[1]))
    return out


@attrs.frozen(slots=True, weakref_slot=False)
class Pairs(Codec):
    """A record's comments (pairs ``[move number, text]``, ``first`` ``"move number"``) or tags
    (``[name, text]``), as :func:`get_recorded` reads them; ``first_schema`` is the schema of
    the first entry."""

    first: str
    first_schema: dict[str, Any]

    def write(self, value: Sequence[tuple[Any, str]]) -> list[list[Any]]:
        return [[first, text] for first, text in value]

    def read(self, value: object, path: str, values: Values) -> tuple[tuple[Any, str], ...]:
        head, _, key = path.rpartition(".")
        pairs = _pairs({key: value}, key, head, self.first)
        if self.first == "move number":
            for at, (number, _) in enumerate(pairs):
                if type(number) is not int:
                    wrong(f"{path}[{at}][0]", "a move number", number)
        return tuple(pairs)

    def derived(self, docs: Docs) -> dict[str, Any]:
        pair = {"type": "array", "prefixItems": [self.first_schema, {"type": "string"}], "items": False, "minItems": 2}
        return {"type": "array", "items": pair}


COMMENTS: Final = Pairs("move number", {"type": "integer", "minimum": 0})
"""A record's comments: pairs ``[n, text]``, the text following the ``n``-th move."""
TAGS: Final = Pairs("name", {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_]*$"})
"""A record's own tags: pairs ``[name, value]``."""


@attrs.frozen(slots=True, weakref_slot=False)
class _Written(ListOf):
    """A record's moves, written as the record's text writes them (each checked to read back)."""

    written: Callable[[Sequence[object]], Sequence[str]] = attrs.field(kw_only=True)

    def writer(self) -> Writer:
        written = self.written

        def write(moves: Sequence[object]) -> list[str]:
            return list(written(moves))

        return write


def recorded_fields(
    move: Codec, written: Callable[[Sequence[object]], Sequence[str]], result: dict[str, Any]
) -> tuple[Field, ...]:
    """The :class:`~eighthalf.formats.fields.Field`\\ s that end every record document, as
    :func:`recorded_data` writes them and :func:`get_recorded` reads them: ``moves`` (each of
    the codec ``move``, written by ``written``, the game's
    :meth:`RecordFormat.written_moves <eighthalf.formats.replay.RecordFormat.written_moves>`),
    ``result`` (described by the schema ``result``), ``comments`` and ``tags``."""
    return (
        Field("moves", _Written(move, written=written)),
        Field("result", Str(shown=result)),
        Field("comments", COMMENTS),
        Field("tags", TAGS),
    )


# --------------------------------------------------------------------------- the public functions of a game

_DocInT = TypeVar("_DocInT", contravariant=True)
_DocOutT = TypeVar("_DocOutT", covariant=True)
_T = TypeVar("_T")
_DocT = TypeVar("_DocT")


class ToData(Protocol[_DocInT]):
    """The type of a game's ``to_data``, over the game's documents (the type parameter).

    It is :meth:`~eighthalf.formats.documents.Registry.to_data` of the game's registry.
    """

    def __call__(self, obj: _DocInT) -> dict[str, Any]:
        """The document of ``obj``."""


class FromData(Protocol[_DocOutT]):
    """The type of a game's ``from_data``, over the game's documents (the type parameter).

    It is :meth:`~eighthalf.formats.documents.Registry.from_data` of the game's registry:
    it gives one of the game's documents, or an instance of ``expected`` if given.
    """

    @overload
    def __call__(self, data: object, expected: None = None) -> _DocOutT: ...

    @overload
    def __call__(self, data: object, expected: type[_T]) -> _T: ...


class Dumps(Protocol[_DocInT]):
    """The type of a game's ``dumps``, over the game's documents (the type parameter).

    It is :meth:`~eighthalf.formats.documents.Registry.dumps` of the game's registry.
    """

    def __call__(self, obj: _DocInT, *, indent: int | None = None) -> str:
        """The document of ``obj`` as JSON text."""


class Loads(Protocol[_DocOutT]):
    """The type of a game's ``loads``, over the game's documents (the type parameter).

    It is :meth:`~eighthalf.formats.documents.Registry.loads` of the game's registry: it
    gives one of the game's documents, or an instance of ``expected`` if given.
    """

    @overload
    def __call__(self, text: str | bytes, expected: None = None) -> _DocOutT: ...

    @overload
    def __call__(self, text: str | bytes, expected: type[_T]) -> _T: ...


class DocumentFunctions(Generic[_DocT]):
    """Decorators that type a game's four public document functions.

    The type parameter is the game's ``Document``: the union of the classes its documents
    hold. Each game writes its ``to_data``, ``from_data``, ``dumps`` and ``loads`` as one
    line that calls its :class:`~eighthalf.formats.documents.Registry` (the implementation,
    written once) under its own docstring; the decorator gives the function the type that
    every game's function of that name has (:class:`ToData`, :class:`FromData`,
    :class:`Dumps`, :class:`Loads`: the overloads of ``expected`` included), so that
    those are written once too::

        FUNCTIONS = DocumentFunctions[Document]()

        @FUNCTIONS.from_data
        def from_data(data: object, expected: type[Any] | None = None) -> Any:
            \"\"\"The game's docstring.\"\"\"
            return REGISTRY.from_data(data, expected)

    The decorators return the function itself, unchanged.
    """

    __slots__ = ()

    def to_data(self, function: Callable[..., dict[str, Any]]) -> ToData[_DocT]:
        """``function``, typed as a game's ``to_data``."""
        return cast(ToData[_DocT], function)

    def from_data(self, function: Callable[..., Any]) -> FromData[_DocT]:
        """``function``, typed as a game's ``from_data``."""
        return cast(FromData[_DocT], function)

    def dumps(self, function: Callable[..., str]) -> Dumps[_DocT]:
        """``function``, typed as a game's ``dumps``."""
        return cast(Dumps[_DocT], function)

    def loads(self, function: Callable[..., Any]) -> Loads[_DocT]:
        """``function``, typed as a game's ``loads``."""
        return cast(Loads[_DocT], function)


@attrs.frozen(slots=True, weakref_slot=False, eq=False)
class GameDocuments(Named, Generic[_DocT]):
    """A game's four public document functions, ``to_data``, ``from_data``, ``dumps`` and
    ``loads``, made once from its :class:`~eighthalf.formats.documents.Registry`: a game's
    serialization module binds them by name (``to_data = DOCUMENTS.to_data``), so that they
    are written here once, with one docstring each (the game's module text gives its
    format and examples).

    The type parameter is the game's ``Document``: the union of the classes its documents
    hold; ``from_data`` and ``loads`` give one of them, or an instance of ``expected``.

    Args:
        registry: The game's document types, which do the work and name the game in messages.
        path: The dotted name this value is bound to (``"eighthalf.games.eights.serialization.DOCUMENTS"``): it and
            its functions are pickled by that name, as module-level functions are
            (:class:`~eighthalf.core.named.Named`).
    """

    registry: Registry
    """The game's document types."""

    def to_data(self, obj: _DocT) -> dict[str, Any]:
        """The document of ``obj``: a dict of JSON types only, ready for :func:`json.dumps`.

        The first three keys are ``"format"``, ``"version"`` and ``"type"``, then the
        object's fields by their Python names (the game's module text says how each is
        written). ``from_data(to_data(obj)) == obj`` for every object the library builds.

        Args:
            obj: Any of the game's documents: its rules, a move, a state, a view, a
                record or an event.

        Returns:
            A new dict; nothing in it is shared with ``obj`` or with other documents.

        Raises:
            TypeError: If ``obj`` is of no type the game writes (an object of another game included).
        """
        return self.registry.to_data(obj)

    @overload
    def from_data(self, data: object, expected: None = None) -> _DocT: ...

    @overload
    def from_data(self, data: object, expected: type[_T]) -> _T: ...

    def from_data(self, data: object, expected: type[Any] | None = None) -> Any:
        """Read a document of the game written by ``to_data`` (or by hand, or by another program).

        Everything is checked: the header, every key (none missing, none unknown), every
        type, every card and move in notation, every seat number, and that the whole can
        occur under the game's rules (a state as the game's position check checks it, the
        facts it states, such as scores and outcome, being the ones it gives). A record's
        moves are checked as notation only; the game's ``replay`` checks that they are legal.

        Args:
            data: The document, as :func:`json.loads` gives it.
            expected: The class the document must hold (the game's state class, a move
                class …), or ``None`` to take any.

        Returns:
            The object; an instance of ``expected`` if given.

        Raises:
            DocumentError: If the document is not valid; the message says what is wrong
                and where, as a JSON path (``$.hand.table[3]: …``), with the rule id where
                a rule is broken, and ``error.path`` holds the path. A document of the
                other game is refused with the name of the function that reads it.
            TypeError: If ``expected`` is not a class that the game's documents hold.
        """
        return self.registry.from_data(data, expected)

    def dumps(self, obj: _DocT, *, indent: int | None = None) -> str:
        """The document of ``obj`` (see :meth:`~eighthalf.formats.document_kinds.GameDocuments.to_data`) as JSON text.

        Args:
            obj: Any of the game's documents.
            indent: Passed to :func:`json.dumps`: ``None`` for one line, else the number of
                spaces per level.

        Returns:
            The JSON text; characters beyond ASCII (in comments and tags) are kept as they are.

        Raises:
            TypeError: If ``obj`` is of no type the game writes.
            InvalidStateError: If ``indent`` is neither ``None`` nor an int from 0 to 16.
        """
        return self.registry.dumps(obj, indent)

    @overload
    def loads(self, text: str | bytes, expected: None = None) -> _DocT: ...

    @overload
    def loads(self, text: str | bytes, expected: type[_T]) -> _T: ...

    def loads(self, text: str | bytes, expected: type[Any] | None = None) -> Any:
        """Read a document of the game from JSON text (see :meth:`~eighthalf.formats.document_kinds.GameDocuments.from_data`).

        Args:
            text: The JSON text (``bytes`` are read as UTF-8, -16 or -32).
            expected: As for :meth:`~eighthalf.formats.document_kinds.GameDocuments.from_data`.

        Returns:
            The object; an instance of ``expected`` if given.

        Raises:
            DocumentError: If the text is not JSON (``NaN`` and repeated keys included) or
                the document is not valid.
            TypeError: If ``expected`` is not a class that the game's documents hold.
        """
        return self.registry.loads(text, expected)
