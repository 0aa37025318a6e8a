"""The document types that both games' documents build alike, and the types of their public functions.

:mod:`eighthalf.common.documents` is the envelope and the checking helpers; here are the
pieces of document types that are the same in every game, each given the game's own
readers and writers: the ``Move`` document (:func:`move_kind`), the types whose keys are
an object's attributes, written one by one (:func:`field_kind`: the events), the moves,
result, comments and tags that end every record (:func:`recorded_data`,
:func:`get_recorded`), and the types of the four public functions that each game binds to
its :class:`~eighthalf.common.documents.Registry` (:class:`DocumentFunctions`).

>>> kind = move_kind("Move", (int,), lambda value, path: int(str(value)))
>>> kind.save(33), kind.load({"move": "33"}, "$")
({'move': '33'}, 33)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar, cast, overload

from .documents import Kind, get_list, get_notation_list, get_str, wrong

__all__ = [
    "RECORDED",
    "DocumentFunctions",
    "Dumps",
    "FromData",
    "Loads",
    "Recorded",
    "ToData",
    "field_kind",
    "get_recorded",
    "move_kind",
    "recorded_data",
]

# --------------------------------------------------------------------------- document types


def move_kind(name: str, classes: tuple[type, ...], read: Callable[[object, str], object]) -> Kind:
    """The document type of a game's moves: one key, ``"move"``, the notation that ``str()`` writes.

    Args:
        name: The value of ``"type"``.
        classes: The game's move classes.
        read: The game's reader of a move in notation (:func:`~eighthalf.common.documents.check_notation`), given the
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
    """What every game's record holds of the play (a :class:`~eighthalf.common.replay.GameRecord`)."""

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
    :meth:`RecordFormat.written_moves <eighthalf.common.replay.RecordFormat.written_moves>`,
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


# --------------------------------------------------------------------------- the public functions of a game

_DocInT = TypeVar("_DocInT", contravariant=True)
_DocOutT = TypeVar("_DocOutT", covariant=True)
_T = TypeVar("_T")
_DocT = TypeVar("_DocT")


class ToData(Protocol[_DocInT]):
    """The type of a game's ``to_data``, over the game's documents (the type parameter).

    It is :meth:`~eighthalf.common.documents.Registry.to_data` of the game's registry.
    """

    def __call__(self, obj: _DocInT) -> dict[str, Any]:
        """The document of ``obj``."""


class FromData(Protocol[_DocOutT]):
    """The type of a game's ``from_data``, over the game's documents (the type parameter).

    It is :meth:`~eighthalf.common.documents.Registry.from_data` of the game's registry:
    it gives one of the game's documents, or an instance of ``expected`` if given.
    """

    @overload
    def __call__(self, data: object, expected: None = None) -> _DocOutT: ...

    @overload
    def __call__(self, data: object, expected: type[_T]) -> _T: ...


class Dumps(Protocol[_DocInT]):
    """The type of a game's ``dumps``, over the game's documents (the type parameter).

    It is :meth:`~eighthalf.common.documents.Registry.dumps` of the game's registry.
    """

    def __call__(self, obj: _DocInT, *, indent: int | None = None) -> str:
        """The document of ``obj`` as JSON text."""


class Loads(Protocol[_DocOutT]):
    """The type of a game's ``loads``, over the game's documents (the type parameter).

    It is :meth:`~eighthalf.common.documents.Registry.loads` of the game's registry: it
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
    line that calls its :class:`~eighthalf.common.documents.Registry` (the implementation,
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
