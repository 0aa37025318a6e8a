"""The JSON document envelope that both games' documents share, and its strict reader.

Every document of eighthalf, of either game, is a JSON object that starts with
``"format": "eighthalf"``, ``"version": 1`` and ``"type"``, the name of what it holds;
the other keys are the object's fields. Each game keeps its own document types in a
:class:`Registry` of :class:`Kind`\\ s (how one type is written and read); the registry
holds the logic that is the same for every type: writing the header, checking it on
loading, refusing a key that is missing or unknown, reading JSON text strictly, and
saying which function reads a document of the other game.

The checking helpers (:func:`check_object`, :func:`get_int`, :func:`get_bool` …) take
the JSON path of what they check and raise :class:`~eighthalf.DocumentError`
naming it, so that every error of a loader says where it is: ``$.seats[2].hand[1]``.

>>> check_object({"a": 1, "b": 2}, "$.x", frozenset({"a"}))
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.x.b: unknown key (expected only a)
>>> get_int({"n": True}, "n", "$")
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.n: expected an integer, not a boolean True
>>> parse_json('{"a": 1, "a": 2}')
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $: the key 'a' appears twice in one object

The helpers check the values both games write alike too: seat numbers
(:func:`get_seat`), arrays of counts (:func:`check_int_entries`), and moves and cards in
their canonical notation (:func:`check_notation`). The document types that both games
build alike are :mod:`eighthalf.formats.document_kinds`.

Nothing here knows a game's rules; :mod:`eighthalf.serialization` (8½) and
:mod:`eighthalf.games.eights.serialization` (Eights) define their document types on it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, NoReturn, TypeVar, cast

from eighthalf.core.errors import DocumentError, EighthalfError, InvalidStateError, quote
from eighthalf.core.shuffle import check_seed

__all__ = [
    "FORMAT",
    "HEADER",
    "MAX_INDENT",
    "MAX_INT",
    "VERSION",
    "Kind",
    "Registry",
    "check_int_entries",
    "check_notation",
    "check_object",
    "check_seat",
    "get_bool",
    "get_int",
    "get_int_list",
    "get_list",
    "get_notation_list",
    "get_opt_int",
    "get_opt_seat",
    "get_seat",
    "get_seed",
    "get_str",
    "get_winners",
    "json_kind",
    "parse_json",
    "quoted_key",
    "wrong",
]

FORMAT: Final = "eighthalf"
"""The value of every document's ``"format"`` key, in both games."""

VERSION: Final = 1
"""The version of the format that the library writes and reads."""

HEADER: Final = frozenset({"format", "version", "type"})
"""The three keys every document starts with."""

MAX_INT: Final = 2**53 - 1
"""The largest integer a document holds other than a seed: what a JavaScript number keeps exactly."""

MAX_INDENT: Final = 16
"""The largest ``indent`` that ``dumps`` takes."""

# --------------------------------------------------------------------------- checking helpers


def json_kind(value: object) -> str:
    """The JSON name of a value's type, for messages: ``"an integer"``, ``"null"`` …

    >>> json_kind(True), json_kind([]), json_kind(1.5)
    ('a boolean', 'an array', 'a number')
    """
    if value is None:
        return "null"
    for cls, name in _JSON_KINDS:
        if isinstance(value, cls):
            return name
    return f"a Python {type(value).__name__}, which is not JSON"


_JSON_KINDS: Final = (
    (bool, "a boolean"),  # before int: True is an int to Python
    (int, "an integer"),
    (float, "a number"),
    (str, "a string"),
    (list, "an array"),
    (dict, "an object"),
)


def quoted_key(key: str) -> str:
    """A key as a JSON string, cut short: for paths such as ``$["a key"]``."""
    return json.dumps(key if len(key) <= 30 else key[:27] + "...", ensure_ascii=False)


def wrong(path: str, wanted: str, value: object) -> NoReturn:
    """Raise the error for a value of the wrong JSON type at ``path``.

    Raises:
        DocumentError: Always: ``<path>: expected <wanted>, not <kind> <value>``.
    """
    shown = "" if isinstance(value, (list, dict)) or value is None else f" {quote(value)}"
    raise DocumentError(path, f"expected {wanted}, not {json_kind(value)}{shown}")


_PLAIN_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def check_object(
    value: object, path: str, keys: frozenset[str], optional: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """``value`` as a dict with exactly ``keys``, and any of ``optional``.

    Raises:
        DocumentError: If ``value`` is not an object, a key is not a string, or a key is
            missing (the path names it) or unknown (the path names it, and the message
            lists the keys allowed).
    """
    if type(value) is not dict:
        wrong(path, "an object", value)
    if value.keys() != keys:
        for key in value:
            if type(key) is not str:
                raise DocumentError(path, f"keys are strings, not {json_kind(key)} {quote(key)}")
        missing = sorted(keys - value.keys())
        if missing:
            raise DocumentError(f"{path}.{missing[0]}", "missing")
        extra = sorted(value.keys() - keys - optional)
        if extra:
            plain = len(extra[0]) <= 30 and _PLAIN_KEY.fullmatch(extra[0])
            where = f"{path}.{extra[0]}" if plain else f"{path}[{quoted_key(extra[0])}]"
            raise DocumentError(where, f"unknown key (expected only {', '.join(sorted(keys | optional))})")
    return value


def _range(low: int, high: int) -> str:
    return f"{low} to 2**53 - 1" if high == MAX_INT else f"{low} to {high}"


def get_int(obj: dict[str, Any], key: str, path: str, low: int = 0, high: int = MAX_INT) -> int:
    """``obj[key]``, an integer from ``low`` to ``high`` (``true`` is not an integer).

    Raises:
        DocumentError: If it is not, at ``<path>.<key>``.
    """
    value = obj[key]
    if type(value) is not int:
        wrong(f"{path}.{key}", "an integer", value)
    if not low <= value <= high:
        raise DocumentError(f"{path}.{key}", f"{quote(value)} is out of range ({_range(low, high)})")
    return value


def get_opt_int(
    obj: dict[str, Any], key: str, path: str, low: int = 0, high: int = MAX_INT, rule: str | None = None
) -> int | None:
    """``obj[key]``, ``null`` or an integer from ``low`` to ``high`` (a rule book's option, say).

    >>> get_opt_int({"target": 0}, "target", "$.rules", 1, rule="WG1")
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.rules.target: 0 is out of range (1 to 2**53 - 1) (WG1)

    Raises:
        DocumentError: If it is neither, at ``<path>.<key>``; ``rule``, if given, ends the
            message of a number out of range.
    """
    value = obj[key]
    if value is None:
        return None
    if type(value) is not int:
        wrong(f"{path}.{key}", "an integer or null", value)
    if not low <= value <= high:
        tail = "" if rule is None else f" ({rule})"
        raise DocumentError(f"{path}.{key}", f"{quote(value)} is out of range ({_range(low, high)}){tail}")
    return value


_Value = TypeVar("_Value")


def _get(obj: dict[str, Any], key: str, path: str, cls: type[_Value], wanted: str) -> _Value:
    value = obj[key]
    if type(value) is not cls:
        wrong(f"{path}.{key}", wanted, value)
    return value


def get_bool(obj: dict[str, Any], key: str, path: str) -> bool:
    """``obj[key]``, ``true`` or ``false``.

    Raises:
        DocumentError: If it is not, at ``<path>.<key>``.
    """
    return _get(obj, key, path, bool, "true or false")


def get_str(obj: dict[str, Any], key: str, path: str) -> str:
    """``obj[key]``, a string.

    Raises:
        DocumentError: If it is not, at ``<path>.<key>``.
    """
    return _get(obj, key, path, str, "a string")


def get_list(obj: dict[str, Any], key: str, path: str) -> list[Any]:
    """``obj[key]``, an array.

    Raises:
        DocumentError: If it is not, at ``<path>.<key>``.
    """
    return _get(obj, key, path, list, "an array")


def get_int_list(
    obj: dict[str, Any], key: str, path: str, length: int | None, high: int = MAX_INT, each: str = "seat"
) -> tuple[int, ...]:
    """``obj[key]``, an array of integers from 0 to ``high``, of ``length`` entries unless ``None``.

    Raises:
        DocumentError: If it is not: the path names the array, or the entry at fault
            (``$.points[2]``); a wrong length is reported as ``one per <each>``.
    """
    values = get_list(obj, key, path)
    if length is not None and len(values) != length:
        raise DocumentError(f"{path}.{key}", f"expected {length} entries (one per {each}), not {len(values)}")
    return check_int_entries(values, f"{path}.{key}", high)


def get_winners(obj: dict[str, Any], path: str, totals: tuple[int, ...], rule: str) -> tuple[int, ...]:
    """``obj["winners"]``: the seats whose total is the highest of ``totals`` (at least one).

    >>> get_winners({"winners": [0]}, "$", (3, 5, 5), "M1")
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.winners: [0] are not the highest totals, [1, 2] (M1)

    Args:
        obj: The object.
        path: Its JSON path.
        totals: The totals, one per seat, already checked.
        rule: The game's rule that names the winners, for the message.

    Returns:
        The winners, in seat order.

    Raises:
        DocumentError: If they are not seat numbers, or not those seats, at ``<path>.winners``.
    """
    winners = get_int_list(obj, "winners", path, None, len(totals) - 1)
    best = max(totals)
    expected = tuple(seat for seat, total in enumerate(totals) if total == best)
    if winners != expected:
        raise DocumentError(
            f"{path}.winners", f"{quote(list(winners))} are not the highest totals, {quote(list(expected))} ({rule})"
        )
    return winners


def check_int_entries(values: list[Any], path: str, high: int = MAX_INT) -> tuple[int, ...]:
    """The entries of the array ``values`` at ``path``, each an integer from 0 to ``high``.

    >>> check_int_entries([3, -1], "$.totals")
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.totals[1]: -1 is out of range (0 to 2**53 - 1)

    Raises:
        DocumentError: If an entry is not, at ``<path>[<index>]``.
    """
    for at, value in enumerate(values):
        if type(value) is not int:
            wrong(f"{path}[{at}]", "an integer", value)
        if not 0 <= value <= high:
            raise DocumentError(f"{path}[{at}]", f"{quote(value)} is out of range ({_range(0, high)})")
    return tuple(values)


def check_seat(value: object, path: str, players: int) -> int:
    """``value``, a seat number from 0 to ``players - 1``.

    >>> check_seat(4, "$.pile[0][1]", 3)
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.pile[0][1]: seat 4 is out of range (0 to 2)

    Raises:
        DocumentError: If it is not, at ``path``.
    """
    if type(value) is not int:
        wrong(path, "a seat number", value)
    if not 0 <= value < players:
        raise DocumentError(path, f"seat {quote(value)} is out of range (0 to {players - 1})")
    return value


def get_seat(obj: dict[str, Any], key: str, path: str, players: int) -> int:
    """``obj[key]``, a seat number from 0 to ``players - 1`` (:func:`check_seat`).

    Raises:
        DocumentError: If it is not, at ``<path>.<key>``.
    """
    value = obj[key]
    if type(value) is not int or not 0 <= value < players:
        check_seat(value, f"{path}.{key}", players)
    return cast(int, value)


def get_opt_seat(obj: dict[str, Any], key: str, path: str, players: int) -> int | None:
    """``obj[key]``, ``null`` or a seat number from 0 to ``players - 1``.

    Raises:
        DocumentError: If it is neither, at ``<path>.<key>``.
    """
    return None if obj[key] is None else get_seat(obj, key, path, players)


_ReadT = TypeVar("_ReadT")


def check_notation(
    value: object,
    path: str,
    parse: Callable[[str], _ReadT],
    *,
    wanted: str,
    noun: str,
    known: Mapping[str, _ReadT] | None = None,
) -> _ReadT:
    """``value``, a move (or a card …) in its canonical notation, exactly as ``str()`` writes it.

    >>> check_notation(" 12", "$.move", int, wanted="a number in notation", noun="number")
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.move: write the number ' 12' as '12' (the canonical notation)

    Args:
        value: The JSON value.
        path: Its JSON path.
        parse: The game's parser of the notation; it raises an
            :class:`~eighthalf.EighthalfError` (whose message is kept) on text it does
            not read.
        wanted: What is expected, for the message on a value that is not a string.
        noun: What is read, for the message on a notation that is not canonical.
        known: Every object by its canonical notation, if the game has the table: a hit
            is returned at once, and a text that is not in it is refused, parsed or not.

    Returns:
        The object written.

    Raises:
        DocumentError: If ``value`` is not a string, not the notation of an object, or
            not its canonical notation (the message gives the canonical one).
    """
    if type(value) is not str:
        wrong(path, wanted, value)
    if known is not None:
        found = known.get(value)
        if found is not None:
            return found
    try:
        parsed = parse(value)
    except EighthalfError as error:
        raise DocumentError(path, str(error)) from None
    canonical = str(parsed)
    if known is None and canonical == value:
        return parsed
    raise DocumentError(path, f"write the {noun} {quote(value)} as {canonical!r} (the canonical notation)")


def get_notation_list(
    obj: dict[str, Any], key: str, path: str, read: Callable[[object, str], _ReadT]
) -> tuple[_ReadT, ...]:
    """``obj[key]``, an array of notations, each read by ``read(entry, path)`` (moves, exchanges …).

    Raises:
        DocumentError: If it is not an array, at ``<path>.<key>``, or as ``read`` raises
            for the entry at ``<path>.<key>[<index>]``.
    """
    return tuple(read(entry, f"{path}.{key}[{at}]") for at, entry in enumerate(get_list(obj, key, path)))


def get_seed(obj: dict[str, Any], path: str, key: str = "seed") -> int:
    """``obj[key]``, a seed: an integer of at most 4,300 digits (:func:`~eighthalf.core.shuffle.check_seed`).

    Raises:
        DocumentError: If it is not, at ``<path>.<key>``.
    """
    value = obj[key]
    if type(value) is not int:
        wrong(f"{path}.{key}", "an integer", value)
    try:
        return check_seed(value)
    except EighthalfError as error:
        raise DocumentError(f"{path}.{key}", str(error)) from None


# --------------------------------------------------------------------------- strict JSON


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DocumentError("$", f"the key {quote(key)} appears twice in one object")
            seen.add(key)
    return obj


def _no_constant(name: str) -> NoReturn:
    raise DocumentError("$", f"{name} is not a JSON number")


def parse_json(text: object) -> object:
    """Read JSON text strictly: every key once in an object, no ``NaN`` or ``Infinity``,
    nesting no deeper than Python's recursion allows, no number beyond CPython's digit limit.

    >>> parse_json('[1, NaN]')
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $: NaN is not a JSON number

    Args:
        text: The JSON text (``bytes`` are read as UTF-8, -16 or -32).

    Returns:
        The value, as :func:`json.loads` gives it.

    Raises:
        DocumentError: If ``text`` is not text, or not JSON under these rules (the path is ``$``).
    """
    if not isinstance(text, (str, bytes, bytearray)):
        wrong("$", "JSON text", text)
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise DocumentError("$", f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise DocumentError("$", "not valid JSON for eighthalf: nested too deeply") from None
    except (UnicodeDecodeError, ValueError) as error:
        if isinstance(error, DocumentError):
            raise
        if "integer string conversion" in str(error):  # CPython's limit on digits
            raise DocumentError("$", "a number in the text has too many digits (a seed has at most 4,300)") from None
        raise DocumentError("$", f"not valid JSON: {error}") from None


# --------------------------------------------------------------------------- the registry


class Kind:
    """How one document type is written and read.

    Args:
        name: The value of ``"type"``.
        classes: The classes whose objects are written as this type.
        keys: The keys of the object's fields (the header keys are added).
        save: The fields of an object, as a dict of JSON values (without the header).
        load: Reads the checked object (all of ``keys`` present, no others but
            ``optional``) at a JSON path, and returns the object it holds.
        optional: Keys that may be left out.
        shape: The declaration the type is derived from
            (:class:`~eighthalf.formats.fields.Shape`), if it is.
    """

    __slots__ = ("classes", "keys", "load", "name", "optional", "save", "shape")

    name: str
    """The value of ``"type"``."""
    classes: tuple[type, ...]
    """The classes written as this type."""
    keys: frozenset[str]
    """Every key a document of this type must have, the header's included."""
    save: Callable[[Any], dict[str, Any]]
    """Writes an object's fields."""
    load: Callable[[dict[str, Any], str], object]
    """Reads an object from its checked fields and its JSON path."""
    optional: frozenset[str]
    """Keys that may be left out."""
    shape: Any
    """The declaration of the type's fields (:class:`~eighthalf.formats.fields.Shape`), or ``None``."""

    def __init__(
        self,
        name: str,
        classes: tuple[type, ...],
        keys: frozenset[str],
        save: Callable[[Any], dict[str, Any]],
        load: Callable[[dict[str, Any], str], object],
        optional: frozenset[str] = frozenset(),
        *,
        shape: Any = None,
    ) -> None:
        self.name = name
        self.classes = classes
        self.keys = keys | HEADER
        self.save = save
        self.load = load
        self.optional = optional
        self.shape = shape


class Registry:
    """One game's document types, and the logic every document shares: the header, the
    keys, strict JSON, and the hint to the other game's reader.

    Args:
        kinds: The game's document types, in the order its documentation lists them.
        label: Who writes them, for messages: ``"eighthalf"`` (8½) or ``"eighthalf.eights"``.
        foreign: Given a ``"type"`` this registry does not know, the text that says which
            function reads it (a document of the other game), or ``None``.
    """

    __slots__ = ("by_class", "by_name", "foreign", "kinds", "label")

    kinds: tuple[Kind, ...]
    """The document types, in order."""
    by_name: dict[str, Kind]
    """The document types by the value of ``"type"``."""
    by_class: dict[type, Kind]
    """The document types by the class of what they hold."""
    label: str
    """Who writes these documents, for messages."""
    foreign: Callable[[str], str | None]
    """The hint for the other game's document types."""

    def __init__(self, kinds: Iterable[Kind], *, label: str, foreign: Callable[[str], str | None]) -> None:
        self.kinds = tuple(kinds)
        self.by_name = {kind.name: kind for kind in self.kinds}
        self.by_class = {cls: kind for kind in self.kinds for cls in kind.classes}
        self.label = label
        self.foreign = foreign

    def to_data(self, obj: object) -> dict[str, Any]:
        """The document of ``obj``: the header, then its fields.

        Raises:
            TypeError: If ``obj`` is of no type this registry writes.
        """
        kind = self.by_class.get(type(obj))
        if kind is None:
            cls = type(obj)
            own = [known for known in self.by_class if known.__name__ == cls.__name__]
            if own:  # another game's class of the same name: say which is which
                raise TypeError(
                    f"{self.label} cannot write {cls.__module__}.{cls.__qualname__} as a document, only its own "
                    f"{own[0].__module__}.{own[0].__qualname__}: write it with the to_data of the game it belongs to"
                )
            raise TypeError(f"{self.label} cannot write an object of type {cls.__name__!r} as a document")
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "type": kind.name}
        data.update(kind.save(obj))
        return data

    def expected_kind(self, expected: type | None) -> Kind | None:
        """The document type that holds ``expected`` objects (``None`` for ``None``).

        Raises:
            TypeError: If no document type holds them.
        """
        if expected is None:
            return None
        kind = self.by_class.get(expected)
        if kind is None:
            raise TypeError(f"{self.label} documents do not hold a {quote(getattr(expected, '__name__', expected))}")
        return kind

    def from_data(self, data: object, expected: type | None = None) -> Any:
        """Read a document: check the header and the keys, then let the type's reader check the rest.

        Raises:
            DocumentError: If the document is not valid; the message gives the JSON path.
            TypeError: If ``expected`` is not a class these documents hold.
        """
        wanted = self.expected_kind(expected)
        if type(data) is not dict:
            wrong("$", f"an object (a JSON document of {self.label})", data)
        for key in ("format", "version", "type"):
            if key not in data:
                raise DocumentError(f"$.{key}", f"missing: not an {FORMAT} document")
        if data["format"] != FORMAT:
            raise DocumentError("$.format", f"expected {FORMAT!r}, not {quote(data['format'])}")
        version = data["version"]
        if type(version) is not int or version != VERSION:
            raise DocumentError("$.version", f"this {self.label} reads version {VERSION}, not {quote(version)}")
        name = data["type"]
        kind = self.by_name.get(name) if type(name) is str else None
        if kind is None:
            hint = self.foreign(name) if type(name) is str else None
            if hint is not None:
                raise DocumentError("$.type", f"{quote(name)} is {hint}")
            raise DocumentError(
                "$.type", f"unknown document type {quote(name)} (expected one of {', '.join(self.by_name)})"
            )
        if wanted is not None and wanted is not kind:
            raise DocumentError("$.type", f"expected a {wanted.name} document, not {quote(name)}")
        obj = check_object(data, "$", kind.keys, kind.optional)
        result = kind.load(obj, "$")
        if expected is not None and not isinstance(result, expected):
            raise DocumentError("$.move", f"expected a {expected.__name__}, not {str(result)!r}")
        return result

    def dumps(self, obj: object, indent: int | None = None) -> str:
        """The document of ``obj`` as JSON text, characters beyond ASCII kept as they are.

        Raises:
            TypeError: If ``obj`` is of no type this registry writes.
            InvalidStateError: If ``indent`` is neither ``None`` nor an int from 0 to 16.
        """
        if indent is not None and (type(indent) is not int or not 0 <= indent <= MAX_INDENT):
            raise InvalidStateError(f"indent must be None or an int from 0 to {MAX_INDENT}, not {quote(indent)}")
        return json.dumps(self.to_data(obj), indent=indent, ensure_ascii=False, allow_nan=False)

    def loads(self, text: object, expected: type | None = None) -> Any:
        """Read a document from JSON text (:func:`parse_json`, then :meth:`from_data`).

        Raises:
            DocumentError: If the text is not JSON or the document is not valid.
            TypeError: If ``expected`` is not a class these documents hold.
        """
        self.expected_kind(expected)
        return self.from_data(parse_json(text), expected)
