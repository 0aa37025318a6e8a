"""The text format of game records that both games share: tag lines, numbered moves, a result.

A record's text is a block of tag lines, an empty line, then the moves, numbered, with
comments in braces, and the result at the end; lines of moves are wrapped at 79
columns::

    [Game "8½"]
    [Players "4"]
    [Seed "7"]
    [Result "*"]

    1. 4 2. 5 {the 5-lock holds} 3. G *

Each game decides its own tags, its move notation and its results
(:mod:`eighthalf.records` for 8½, :mod:`eighthalf.games.eights.records` for Eights); what is
the same for both lives here: writing (:func:`write_text`), reading tags
(:func:`read_tags`) and moves (:func:`read_movetext`) with errors that name the line, the
tag or the move at fault, the escapes of comments and tag values, and the checks on
comments (:func:`check_comments`) and extra tags (:func:`check_tags`).

The mechanism of records above the text (a ``Record`` class, replay, ``dumps`` and
``loads``) is written once against the game protocol in :mod:`eighthalf.formats.replay`,
and for a game dealt from a seed derived whole in :mod:`eighthalf.formats.seeded`.

In the written text a backslash escapes the next character (``\\\\``, ``\\{``, ``\\}`` in
comments, ``\\"`` in tag values), and the characters that would break a line (``\\r``,
``\\v``, ``\\f``, ``\\x1c``-``\\x1e``, ``\\x85``, ``\\u2028``, ``\\u2029``, and in tag
values ``\\n`` too) are written as ``\\u`` and four hex digits.

>>> text = write_text([("Game", "8½"), ("Result", "*")], [("Note", 'a "b"')], ["4", "5"], "*", [(1, "{x}")])
>>> print(text, end="")
[Game "8½"]
[Result "*"]
[Note "a \\"b\\""]
<BLANKLINE>
1. 4 {\\{x\\}} 2. 5 *
>>> section = read_tags(text)
>>> section.tags, section.extra
({'Game': '8½', 'Result': '*'}, [('Note', 'a "b"')])
>>> read_movetext(section, "*", str)
(['4', '5'], [(1, '{x}')])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from eighthalf.core.errors import DocumentError, EighthalfError, quote
from eighthalf.core.shuffle import MAX_SEED_DIGITS, check_seed

__all__ = [
    "LINE_WIDTH",
    "TAG_NAME",
    "TagSection",
    "as_comments",
    "as_pairs",
    "as_sequence",
    "as_tags",
    "check_comments",
    "check_game",
    "check_players",
    "check_seed_field",
    "check_tag_texts",
    "check_tags",
    "escape_comment",
    "escape_tag",
    "int_tags",
    "read_movetext",
    "read_tags",
    "tag_error",
    "tag_int",
    "tag_ints",
    "unescape",
    "write_text",
]

LINE_WIDTH: Final = 79
"""The longest line of moves that :func:`write_text` writes (a single longer item stands alone)."""

TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
"""A tag's name: a letter, then letters, digits or ``_``."""

# --------------------------------------------------------------------------- fields


def as_sequence(value: object, field: str) -> tuple[Any, ...]:
    """A field given as a sequence (a list or a tuple …), as a tuple.

    Raises:
        DocumentError: If it is not a sequence (a string is not), at ``$.<field>``.
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise DocumentError(f"$.{field}", f"expected a sequence, not {quote(value)}")
    return tuple(value)


def as_pairs(value: object, field: str) -> tuple[tuple[Any, Any], ...]:
    """A field given as a sequence of pairs, as a tuple of tuples.

    Raises:
        DocumentError: If it is not, at ``$.<field>`` or ``$.<field>[<n>]``.
    """
    entries = as_sequence(value, field)
    for at, entry in enumerate(entries):
        if type(entry) not in (tuple, list) or len(entry) != 2:
            raise DocumentError(f"$.{field}[{at}]", f"expected a pair, not {quote(entry)}")
    return tuple((first, second) for first, second in entries)


def as_comments(value: Iterable[tuple[int, str]]) -> tuple[tuple[int, str], ...]:
    """A record's ``comments`` field as a tuple of pairs (the converter of both games' records).

    Raises:
        DocumentError: If it is not a sequence of pairs, at ``$.comments``.
    """
    return as_pairs(value, "comments")


def as_tags(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """A record's ``tags`` field as a tuple of pairs (the converter of both games' records).

    Raises:
        DocumentError: If it is not a sequence of pairs, at ``$.tags``.
    """
    return as_pairs(value, "tags")


def check_players(players: object, counts: range, rule: str) -> int:
    """A record's ``players``: one of ``counts``, the numbers of players its rules allow
    (:meth:`~eighthalf.core.game.Game.player_counts`).

    >>> check_players(7, range(2, 7), "WS2")
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.players: expected an int from 2 to 6, not 7 (WS2)

    Raises:
        DocumentError: If it is not, at ``$.players``, citing ``rule``.
    """
    if type(players) is not int or players not in counts:
        raise DocumentError(
            "$.players", f"expected an int from {counts[0]} to {counts[-1]}, not {quote(players)} ({rule})"
        )
    return players


def check_seed_field(seed: object, rule: str | None = None) -> int:
    """A record's ``seed``: an int of at most 4,300 digits (:func:`~eighthalf.core.shuffle.check_seed`).

    Raises:
        DocumentError: If it is not, at ``$.seed``, citing ``rule`` if given.
    """
    try:
        return check_seed(seed)
    except EighthalfError as error:
        raise DocumentError("$.seed", str(error) if rule is None else f"{error} ({rule})") from None


def check_comments(comments: Sequence[tuple[Any, Any]], moves: int) -> None:
    """Check a record's comments: pairs ``(n, text)`` in order of ``n``, from 0 to ``moves``.

    Raises:
        DocumentError: If one is not, at ``$.comments[<i>][0]`` or ``[1]``.
    """
    previous = 0
    for at, (number, text) in enumerate(comments):
        if type(number) is not int or not previous <= number <= moves:
            raise DocumentError(
                f"$.comments[{at}][0]",
                f"move {quote(number)} is out of range or order ({previous} to {moves})",
            )
        if type(text) is not str:
            raise DocumentError(f"$.comments[{at}][1]", f"a comment is text, not {quote(text)}")
        previous = number


def check_tags(tags: Sequence[tuple[Any, Any]], reserved: Iterable[str]) -> None:
    """Check a record's extra tags: pairs of strings whose names are :data:`TAG_NAME`\\ s,
    each given once and none of them ``reserved`` (the record's own tags).

    Raises:
        DocumentError: If one is not, at ``$.tags[<i>][0]`` or ``[1]``.
    """
    reserved = frozenset(reserved)
    names: set[str] = set()
    for at, (name, value) in enumerate(tags):
        if type(name) is not str or not TAG_NAME.fullmatch(name):
            raise DocumentError(
                f"$.tags[{at}][0]", f"not a tag name: {quote(name)} (a letter, then letters, digits or _)"
            )
        if name in reserved or name in names:
            raise DocumentError(f"$.tags[{at}][0]", f"the tag {quote(name)} is a field of the record or given twice")
        if type(value) is not str:
            raise DocumentError(f"$.tags[{at}][1]", f"a tag value is text, not {quote(value)}")
        names.add(name)


# --------------------------------------------------------------------------- escapes

# Characters on which str.splitlines() breaks a line, other than "\n": written as \uXXXX.
_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_COMMENT_ESCAPES = str.maketrans(
    {"\\": "\\\\", "{": "\\{", "}": "\\}", **{char: f"\\u{ord(char):04x}" for char in _BREAKS}}
)
_TAG_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', **{char: f"\\u{ord(char):04x}" for char in "\n" + _BREAKS}})
_ESCAPED = re.compile(r"\\(u[0-9A-Fa-f]{4}|.)", re.DOTALL)


def escape_comment(text: str) -> str:
    """A comment as written between braces (see the module text)."""
    return text.translate(_COMMENT_ESCAPES)


def escape_tag(text: str) -> str:
    """A tag value as written between quotes (see the module text)."""
    return text.translate(_TAG_ESCAPES)


def unescape(text: str) -> str:
    """Undo the escapes of comments and tag values: ``\\uXXXX`` is that character, a
    backslash before any other character is that character.

    >>> unescape(r"a\\u2028b\\}")
    'a\\u2028b}'
    """
    return _ESCAPED.sub(lambda found: chr(int(found[1][1:], 16)) if len(found[1]) == 5 else found[1], text)


# --------------------------------------------------------------------------- writing


def write_text(
    tags: Sequence[tuple[str, str]],
    extra: Sequence[tuple[str, str]],
    moves: Sequence[object],
    result: str,
    comments: Sequence[tuple[int, str]],
) -> str:
    """A record as text: the record's own ``tags``, then the ``extra`` ones, an empty line,
    the numbered moves (``str(move)``) with the comments after the moves they follow, and
    the result; wrapped at :data:`LINE_WIDTH` columns, a move never split.

    Args:
        tags: The record's own tags, ``(name, value)``, in the order to write them.
        extra: The other tags, kept as given.
        moves: The moves, in order.
        result: The result text that ends the moves.
        comments: ``(n, text)``: ``text`` follows the ``n``-th move (0: before the first).

    Returns:
        The text, ending with a new line.
    """
    lines = [f'[{name} "{escape_tag(value)}"]' for name, value in (*tags, *extra)]
    notes: dict[int, list[str]] = {}
    for at, text in comments:
        notes.setdefault(at, []).append(text)
    words = [f"{{{escape_comment(text)}}}" for text in notes.get(0, ())]
    for number, move in enumerate(moves, 1):
        words.append(f"{number}. {move}")
        words.extend(f"{{{escape_comment(text)}}}" for text in notes.get(number, ()))
    words.append(result)
    body, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > LINE_WIDTH:
            body.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


# --------------------------------------------------------------------------- reading

_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]$')
_TOKEN = re.compile(r"\{((?:[^{}\\]|\\.)*)\}|(\S+)")
_INTEGER = re.compile(r"-?[0-9]+")
_MOVE_NUMBER = re.compile(r"[0-9]+\.")


class TagSection:
    """The tags of a record's text, and where its moves begin (what :func:`read_tags` gives)."""

    __slots__ = ("extra", "lines", "start", "tags")

    tags: dict[str, str]
    """The record's own tags (those the reader was told are reserved), by name."""
    extra: list[tuple[str, str]]
    """The other tags, in order."""
    lines: list[str]
    """The lines of the text."""
    start: int
    """The index in :attr:`lines` of the first line of moves."""

    def __init__(self, tags: dict[str, str], extra: list[tuple[str, str]], lines: list[str], start: int) -> None:
        self.tags = tags
        self.extra = extra
        self.lines = lines
        self.start = start


def read_tags(text: object, reserved: Iterable[str] = ("Game", "Result")) -> TagSection:
    """Read the tag lines at the top of a record's text (empty lines among them are skipped,
    and so is a byte order mark before the first, U+FEFF, which some editors write).

    Args:
        text: The record's text.
        reserved: The names of the record's own tags; the others are kept as extra tags.

    Returns:
        The tags, with unescaped values, and where the moves begin.

    Raises:
        DocumentError: If ``text`` is not text (path ``$``), or a line is not a tag or
            repeats a tag's name (path ``line <n>``, counted from 1).
    """
    if not isinstance(text, str):
        raise DocumentError("$", f"a record is text, not {type(text).__name__}")
    reserved = frozenset(reserved)
    tags: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    lines = text.removeprefix("\ufeff").splitlines()
    at = 0
    while at < len(lines) and (lines[at].startswith("[") or not lines[at].strip()):
        line = lines[at].strip()
        at += 1
        if not line:
            continue
        found = _TAG.match(line)
        if found is None:
            raise DocumentError(f"line {at}", f"not a tag: {quote(line)}")
        name, value = found.group(1), unescape(found.group(2))
        if name in tags or any(name == other for other, _ in extra):
            raise DocumentError(f"line {at}", f"tag {quote(name)} given twice")
        if name in reserved:
            tags[name] = value
        else:
            extra.append((name, value))
    return TagSection(tags, extra, lines, at)


def check_game(tags: Mapping[str, str], game: str, *, required: bool, readers: Mapping[str, str]) -> None:
    """Check the ``Game`` tag: it names ``game`` (or is absent, unless ``required``).

    Args:
        tags: The record's own tags.
        game: The game this reader reads, as the tag names it (``"8½"``, ``"Eights"``).
        required: Whether the tag must be given.
        readers: For the other games, the function that reads their records; ``""`` for
            records without a ``Game`` tag.

    Raises:
        DocumentError: If it does not, at ``$.Game``, naming the reader of the other
            game's records if there is one.
    """
    named = tags.get("Game")
    if named is None:
        if required:
            hint = readers.get("")
            tail = f" (a record without it is read by {hint})" if hint else ""
            raise DocumentError("$.Game", f'the Game tag is missing: a record of {game} has [Game "{game}"]{tail}')
        return
    if named != game:
        hint = readers.get(named)
        tail = f": read it with {hint}" if hint else ""
        raise DocumentError("$.Game", f"this reads records of {game}, not of {quote(named)}{tail}")


def check_tag_texts(tags: object, names: Sequence[str]) -> None:
    """Refuse the tags given to a game's ``rules_from_tags`` if they are not a mapping, or
    if the value of one of ``names`` is not text.

    Raises:
        DocumentError: If they are not (at ``$``), or a value is not (at ``$.<name>``).
    """
    if not isinstance(tags, Mapping):
        raise DocumentError("$", f"expected the tags as a mapping of names to text, not {quote(tags)}")
    for name in names:
        if name in tags and type(tags[name]) is not str:
            raise DocumentError(f"$.{name}", f"expected a tag's text, not {quote(tags[name])}")


def tag_int(value: str, tag: str) -> int:
    """A tag's integer: ASCII digits with an optional ``-``, at most 4,300 digits.

    Raises:
        DocumentError: If it is not, at ``$.<tag>``.
    """
    if not _INTEGER.fullmatch(value) or len(value.lstrip("-")) > MAX_SEED_DIGITS:
        raise DocumentError(
            f"$.{tag}", f"expected an integer (at most {MAX_SEED_DIGITS:,} ASCII digits), not {quote(value)}"
        )
    digits = value.lstrip("-")
    number = 0
    for start in range(0, len(digits), 600):  # in chunks: CPython may limit int(text) to 640 digits
        chunk = digits[start : start + 600]
        number = number * 10 ** len(chunk) + int(chunk)
    return -number if value.startswith("-") else number


def int_tags(rules: object, fields: Sequence[tuple[str, str]], default: object) -> tuple[tuple[str, str], ...]:
    """The tags of ``fields`` (``(tag, field)`` pairs) whose field of ``rules`` differs from the
    ``default`` rules', each with the value's text: what a game's ``rules_tags`` writes for
    the rules' numbers, and :func:`tag_ints` reads back."""
    return tuple(
        (tag, str(getattr(rules, field))) for tag, field in fields if getattr(rules, field) != getattr(default, field)
    )


def tag_ints(
    tags: Mapping[str, str], fields: Sequence[tuple[str, str]], rules: Callable[..., object]
) -> dict[str, int]:
    """The integers of the tags of ``fields`` (``(tag, field)`` pairs) that ``tags`` has, by
    field, for a game's ``rules_from_tags``: each read by :func:`tag_int` and checked alone
    as ``rules(**{field: value})`` (the rules' class).

    Raises:
        DocumentError: If a tag is not text, not an integer or out of the rules' range, at ``$.<tag>``.
    """
    check_tag_texts(tags, [tag for tag, _ in fields])
    values: dict[str, int] = {}
    for tag, field in fields:
        if tag in tags:
            values[field] = tag_int(tags[tag], tag)
            try:
                rules(**{field: values[field]})
            except EighthalfError as error:
                raise DocumentError(f"$.{tag}", str(error)) from None
    return values


def read_movetext(
    section: TagSection, result: str, parse_move: Callable[[str], Any], *, spaced: bool = False
) -> tuple[list[Any], list[tuple[int, str]]]:
    """Read the moves and comments after the tags, which must end with ``result``.

    A move number ``n.`` must be the next one (leading zeros are allowed); a comment
    follows the moves before it.

    Args:
        section: What :func:`read_tags` gave.
        result: The result the text must end with (the ``Result`` tag's).
        parse_move: Reads one move's notation; errors of the library's family it raises
            are reported at the move's path.
        spaced: ``False`` if every move is one word (8½), so that the numbers may be
            left out; ``True`` if a move's notation may hold spaces (Eights), so every
            move is the words from its number to the next number, comment or the end.

    Returns:
        The moves, and the comments as ``(n, text)``.

    Raises:
        DocumentError: If the text does not end with the result (``$.Result``), a move
            number is out of order or a move cannot be read (``$.moves[<i>]``).
    """
    body = "\n".join(section.lines[section.start :]).rstrip()
    if not body.endswith(result):
        raise DocumentError("$.Result", f"the move text must end with the result {quote(result)} of the Result tag")
    body = body[: len(body) - len(result)]
    moves: list[Any] = []
    comments: list[tuple[int, str]] = []
    words: list[str] | None = None  # the words of the move being read (spaced notation)

    def finish() -> None:
        nonlocal words
        if words is not None:
            if not words:
                raise DocumentError(f"$.moves[{len(moves)}]", f"move number {len(moves) + 1} has no move")
            add(" ".join(words))
            words = None

    def add(notation: str) -> None:
        try:
            moves.append(parse_move(notation))
        except EighthalfError as error:
            raise DocumentError(f"$.moves[{len(moves)}]", str(error)) from None

    for found in _TOKEN.finditer(body):
        comment, word = found.group(1), found.group(2)
        if comment is not None:
            if spaced:
                finish()
            comments.append((len(moves), unescape(comment)))
            continue
        assert word is not None
        if _MOVE_NUMBER.fullmatch(word):
            if spaced:
                finish()
            if word[:-1].lstrip("0") != str(len(moves) + 1):
                raise DocumentError(f"$.moves[{len(moves)}]", f"move number {quote(word)} out of order")
            if spaced:
                words = []
            continue
        if not spaced:
            add(word)
        elif words is None:
            raise DocumentError(
                f"$.moves[{len(moves)}]", f"{quote(word)} is not in a move: write each move after its number"
            )
        else:
            words.append(word)
    if spaced:
        finish()
    return moves, comments


def tag_error(error: DocumentError, tags: Mapping[str, str]) -> DocumentError:
    """A record's error at ``$.<field>``, moved to the tag that holds the field (``$.Seed``).

    Args:
        error: The error raised while making the record.
        tags: The tag of each field that is written as a tag.

    Returns:
        ``error`` itself if its field has no tag, else the same message at the tag's path.
    """
    field, _, rest = error.path[2:].partition("[")
    tag = tags.get(field)
    if tag is None:
        return error
    return DocumentError(f"$.{tag}" + (f"[{rest}" if rest else ""), str(error).partition(": ")[2])
