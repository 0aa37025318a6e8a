"""Game records of Eights: a game as text, in the record format 8½ uses, and its replay.

A :class:`~eighthalf.eights.Record` holds what is needed to replay a game exactly: the number of players,
the seed (one seed fixes every shuffle of the game, WS5), the rules, the moves, the
result, and optional comments and tags. :func:`dumps` writes it as text and
:func:`loads` reads it back; :func:`~eighthalf.eights.replay` yields the successive states, checking
every move and the result. The text is the format of 8½'s records
(:mod:`eighthalf.common.records`): tag lines, then the moves, numbered, with comments in
braces, and the result at the end::

    [Game "Eights"]
    [Players "2"]
    [Seed "3"]
    [Result "*"]

    1. TWO 4w 6t 1o>1v {a first word} 2. pass *

Tags: ``Game`` (``Eights``; required, so that a record of 8½, which may leave the tag
out, is never read as one of Eights), ``Players``, ``Seed``, ``Target`` and
``TurnLimit`` (WR2, when the rules set them), ``Options`` (``may_pass_freely`` when
WR1 is on), ``Result``, and any others of your own (``Names``, ``Event`` …), kept as
they are. A move is its notation (:func:`~eighthalf.eights.parse_move`), which may hold
spaces: every move follows its number. The result is ``*`` while the game goes on,
else ``<winners>: <totals>`` (WG3): the seats with the highest total, in order and
separated by commas, then every seat's total, e.g. ``0,2: 31-12-31-5``.

>>> from eighthalf.eights import new_game, legal_moves, apply
>>> state = new_game(3, seed=5, rules=Rules(target=10))
>>> moves = []
>>> while not state.over:
...     move = legal_moves(state)[0]
...     moves.append(move)
...     state = apply(state, move)
>>> record = Record(players=3, seed=5, rules=Rules(target=10), moves=tuple(moves)).finished()
>>> record.result
'2: 10-9-11'
>>> loads(dumps(record)) == record
True
>>> *_, last = replay(record)
>>> last == state
True

A record holds the seed, which is secret from the players during play (WI4): keep it on
the server until the game is over.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from ..common.records import (
    as_pairs,
    as_sequence,
    check_comments,
    check_game,
    check_tags,
    read_movetext,
    read_tags,
    tag_error,
    tag_int,
    write_text,
)
from ..common.shuffle import check_seed, seed_bytes
from ..errors import DocumentError, EighthalfError, InvalidStateError, quote
from .deal import new_game
from .engine import apply, why_illegal
from .moves import Move, Pass, Spell, parse_move
from .options import MAX_PLAYERS, MIN_PLAYERS, Rules
from .state import GameState

__all__ = ["GAME", "Record", "check_result", "dumps", "loads", "replay", "result_of"]

GAME = "Eights"
"""The value of the ``Game`` tag of every record of Eights."""

_OWN_TAGS = ("Game", "Players", "Seed", "Target", "TurnLimit", "Options", "Result")
_RESERVED_TAGS = frozenset(_OWN_TAGS)
_OTHER_GAMES = {"8½": "eighthalf.records.loads", "": "eighthalf.records.loads"}
_OPTIONS = "may_pass_freely"
_NUMBER = re.compile(r"0|[1-9][0-9]{0,16}")  # canonical: no sign, no leading zero; under 10**17
_TAG_OF_FIELD = {"players": "Players", "seed": "Seed", "rules": "Options", "result": "Result"}


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return as_sequence(value, "moves")


def _comments(value: Iterable[tuple[int, str]]) -> tuple[tuple[int, str], ...]:
    return as_pairs(value, "comments")


def _tags(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return as_pairs(value, "tags")


def check_result(result: object, players: int, rules: Rules) -> str:
    """Return ``result`` if it is a valid result of a game of ``players`` seats under ``rules``.

    Valid results are ``*`` and the canonical form :func:`result_of` writes:
    ``<winners>: <totals>``, one total per seat in ASCII digits without leading zeros,
    the winners in increasing order being exactly the seats with the highest total,
    which has reached the target (WG1, WG3).

    >>> check_result("0,2: 31-12-31-5", 4, Rules())
    '0,2: 31-12-31-5'
    >>> check_result("1: 31-12-31-5", 4, Rules())
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.result: not a result: '1: 31-12-31-5' (expected '*' or '<winners>: <totals>' such as '0,2: 31-12-31-5', the winners having the highest total, at least the target 30, with 4 seats) (WG3)

    Raises:
        DocumentError: If it is not (the path is ``$.result``).
    """
    if result == "*":
        return result
    if type(result) is not str:
        raise DocumentError("$.result", f"a result is a string, not {quote(result)}")
    target = rules.target_for(players)
    head, colon, tail = result.partition(": ")
    numbers = tail.split("-")
    names = head.split(",")
    if (
        colon
        and len(numbers) == players
        and all(_NUMBER.fullmatch(number) for number in (*numbers, *names))
        and max(int(number) for number in numbers) >= target
    ):
        totals = [int(number) for number in numbers]
        best = max(totals)
        if [int(name) for name in names] == [seat for seat, total in enumerate(totals) if total == best]:
            return result
    raise DocumentError(
        "$.result",
        f"not a result: {quote(result)} (expected '*' or '<winners>: <totals>' such as '0,2: 31-12-31-5', "
        f"the winners having the highest total, at least the target {target}, with {players} seats) (WG3)",
    )


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Record:
    """A game of Eights, as the moves made from a seeded deal.

    Sequences given as lists are kept as tuples. Everything is checked when the record
    is made, except that the moves are legal (:func:`~eighthalf.eights.replay` checks that).

    Raises:
        DocumentError: If a field is of the wrong type or out of range, or the fields
            do not fit together; ``error.path`` names the field (``$.players``,
            ``$.moves[3]``, ``$.result`` …). The rules: ``players`` from 2 to 6 (WS2);
            ``seed`` an int of at most 4,300 digits (WS5); ``rules`` an
            :class:`~eighthalf.eights.Rules`; the moves :class:`~eighthalf.eights.Spell`
            or :class:`~eighthalf.eights.Pass` values; the result valid
            (:func:`~eighthalf.eights.records.check_result`); comments pairs ``(n, text)`` in order of ``n``, from 0
            to the number of moves; tags pairs of strings whose names are a letter then
            letters, digits or ``_``, each given once, and not one of the record's own
            tags (``Game``, ``Players``, ``Seed``, ``Target``, ``TurnLimit``,
            ``Options``, ``Result``).
    """

    players: int
    """The number of seats (WS2)."""
    seed: int
    """The seed of every shuffle of the game (WS5)."""
    rules: Rules = attrs.field(factory=Rules)
    """The options played with (WR1, WR2)."""
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)
    """The moves, in order."""
    result: str = "*"
    """``*`` while unfinished; see :func:`~eighthalf.eights.records.check_result` for the finished form."""
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=_comments)
    """Comments as ``(n, text)``: ``text`` follows the ``n``-th move (0: before the
    first), in order of ``n``. Any text."""
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tags)
    """Other tags, such as ``("Names", "Anna,Ben")``, kept in order. Any text as the value."""

    def __attrs_post_init__(self) -> None:
        if type(self.rules) is not Rules:
            raise DocumentError("$.rules", f"expected an eighthalf.eights.Rules, not {quote(self.rules)}")
        players = self.players
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise DocumentError(
                "$.players", f"expected an int from {MIN_PLAYERS} to {MAX_PLAYERS}, not {quote(players)} (WS2)"
            )
        try:
            check_seed(self.seed)
        except EighthalfError as error:
            raise DocumentError("$.seed", f"{error} (WS5)") from None
        for at, move in enumerate(self.moves):
            if type(move) is not Spell and type(move) is not Pass:
                raise DocumentError(f"$.moves[{at}]", f"not a move of Eights: {quote(move)}")
        check_result(self.result, players, self.rules)
        check_comments(self.comments, len(self.moves))
        check_tags(self.tags, _RESERVED_TAGS)

    def start(self) -> GameState:
        """The first state: the game as dealt from the seed (WS1–WS5)."""
        return new_game(self.players, seed=self.seed, rules=self.rules)

    def cut(self, moves: int) -> Record:
        """The record of the first ``moves`` moves only (undo), unfinished, with the
        comments that still apply.

        Raises:
            DocumentError: If ``moves`` is negative or more than the record has.
        """
        if type(moves) is not int or not 0 <= moves <= len(self.moves):
            raise DocumentError("$.moves", f"cannot cut at move {quote(moves)} of {len(self.moves)}")
        kept = tuple((at, text) for at, text in self.comments if at <= moves)
        return attrs.evolve(self, moves=self.moves[:moves], result="*", comments=kept)

    def played(self, move: Move) -> Record:
        """The record with ``move`` appended (its legality is not checked until replayed).

        Raises:
            DocumentError: If ``move`` is not a move of Eights.
        """
        return attrs.evolve(self, moves=self.moves + (move,), result="*")

    def finished(self) -> Record:
        """The record with its result filled in from a replay.

        Raises:
            DocumentError: If a move is illegal or the game is not over.
        """
        last = None
        for last in replay(attrs.evolve(self, result="*")):  # noqa: B007
            pass
        assert last is not None
        result = result_of(last)
        if result == "*":
            raise DocumentError("$.Result", f"the game is not over after {len(self.moves)} moves")
        return attrs.evolve(self, result=result)


def result_of(state: GameState) -> str:
    """The result text of a game: ``*`` while it goes on, else ``<winners>: <totals>`` (WG3).

    >>> from eighthalf.eights import Outcome
    >>> state = new_game(4, seed=7)
    >>> result_of(state), result_of(state.replace(outcome=Outcome.of((31, 12, 31, 5), 30)))
    ('*', '0,2: 31-12-31-5')

    Raises:
        InvalidStateError: If ``state`` is not a :class:`~eighthalf.eights.GameState`.
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"result_of needs an eighthalf.eights.GameState, not {quote(state)}")
    outcome = state.outcome
    if outcome is None:
        return "*"
    return ",".join(map(str, outcome.winners)) + ": " + "-".join(map(str, outcome.totals))


def replay(record: Record) -> Iterator[GameState]:
    """Yield the first state and the state after every move, checking each move.

    When the record has a result, the last state must be finished with that result.

    Raises:
        DocumentError: If ``record`` is not a :class:`~eighthalf.eights.Record` (at once), or, as the
            states are yielded, a move is illegal (the message gives its number, the
            reason and the rule id) or the result does not match.
    """
    if not isinstance(record, Record):
        raise DocumentError("$", f"replay needs an eighthalf.eights.records.Record, not {quote(record)}")
    return _replay(record)


def _replay(record: Record) -> Iterator[GameState]:
    state = record.start()
    yield state
    for number, move in enumerate(record.moves, 1):
        error = why_illegal(state, move)
        if error is not None:
            raise DocumentError(f"$.moves[{number - 1}]", f"move {number} ({move}): {error}")
        state = apply(state, move)
        yield state
    if record.result != "*" and result_of(state) != record.result:
        raise DocumentError("$.Result", f"the record says {record.result!r} but the replay gives {result_of(state)!r}")


def dumps(record: Record) -> str:
    """The record as text (see the module text for the format).

    Raises:
        DocumentError: If ``record`` is not a :class:`~eighthalf.eights.Record`.
    """
    if not isinstance(record, Record):
        raise DocumentError("$", f"dumps needs an eighthalf.eights.records.Record, not {quote(record)}")
    rules = record.rules
    tags = [("Game", GAME), ("Players", str(record.players)), ("Seed", seed_bytes(record.seed).decode("ascii"))]
    if rules.target is not None:
        tags.append(("Target", str(rules.target)))
    if rules.turn_limit is not None:
        tags.append(("TurnLimit", str(rules.turn_limit)))
    if rules.may_pass_freely:
        tags.append(("Options", _OPTIONS))
    tags.append(("Result", record.result))
    return write_text(tags, record.tags, record.moves, record.result, record.comments)


def _rules(tags: dict[str, str]) -> Rules:
    options = tags.get("Options")
    if options is not None and options != _OPTIONS:
        raise DocumentError("$.Options", f"expected {_OPTIONS!r}, the only table option, not {quote(options)} (WR1)")
    values: dict[str, Any] = {"may_pass_freely": options is not None}
    for tag, field in (("Target", "target"), ("TurnLimit", "turn_limit")):
        if tag in tags:
            values[field] = tag_int(tags[tag], tag)
            try:
                Rules(**{field: values[field]})
            except EighthalfError as error:
                raise DocumentError(f"$.{tag}", str(error)) from None
    return Rules(**values)


def loads(text: str) -> Record:
    """Read a record written by :func:`dumps` (or by hand in the same format).

    >>> loads('[Game "8½"]\\n[Players "2"]\\n[Seed "1"]\\n\\n*\\n')
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.Game: this reads records of Eights, not of '8½': read it with eighthalf.records.loads

    Raises:
        DocumentError: If the text is not a well-formed record of Eights (a record of
            8½ says which function reads it), or the record it describes is not valid
            (see :class:`~eighthalf.eights.Record`); the message names the line, tag or move at fault.
    """
    section = read_tags(text, _RESERVED_TAGS)
    tags = section.tags
    check_game(tags, GAME, required=True, readers=_OTHER_GAMES)
    for tag in ("Players", "Seed"):
        if tag not in tags:
            raise DocumentError(f"$.{tag}", f"the {tag} tag is missing")
    players = tag_int(tags["Players"], "Players")
    seed = tag_int(tags["Seed"], "Seed")
    rules = _rules(tags)
    written = tags.get("Result", "*")
    moves, comments = read_movetext(section, written, parse_move, spaced=True)
    try:
        return Record(
            players=players,
            seed=seed,
            rules=rules,
            moves=tuple(moves),
            result=written,
            comments=tuple(comments),
            tags=tuple(section.extra),
        )
    except DocumentError as error:
        moved = tag_error(error, _TAG_OF_FIELD)
        if moved is error:
            raise
        raise moved from None
