"""Records and replay, written once for every game against the game protocol.

Each game's records (:mod:`eighthalf.records` for 8½, :mod:`eighthalf.games.eights.records`
for Eights) are bindings of what is here to the game's object
(:class:`~eighthalf.core.game.Game`), in the text format of
:mod:`eighthalf.formats.records`:

* a game's ``Record`` class derives from :class:`GameRecord`, which gives it
  ``cut``, ``played`` and ``finished``; the class keeps its own fields and checks and
  says which game object replays it;
* :func:`replay_states` replays any record: the game started, then each move judged by
  the game's legal moves and applied, a refused move reported with the game's reason;
* a :class:`RecordFormat` writes and reads one game's records, the game supplying only
  its set-up tags; the rules tags are the game object's
  (:meth:`~eighthalf.core.game.Game.rules_tags`);
* a result is the text of the game's :class:`~eighthalf.core.game.Result`
  (:func:`~eighthalf.core.game.result_text`), read back by :func:`read_result` and
  checked by :func:`checked_result` against the game's own rules.

A game dealt from a seed (Eights) gets all of these derived from its game object and a
few facts it declares (:mod:`eighthalf.formats.seeded`): its ``Record`` class, its record
format and its JSON document type.

>>> from eighthalf import Record
>>> from eighthalf.games.eighthalf.game import EIGHTHALF
>>> record = Record(players=2, seed=3)
>>> first = EIGHTHALF.legal_moves(record.start())[0]
>>> len(list(replay_states(record.played(first))))
2
>>> list(replay_states(record.played(EIGHTHALF.parse_move("4"))))
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.moves[0]: move 1 (4): illegal move '4': the hand holds 0 of 4, not 1 (T3)
>>> record.game is EIGHTHALF, Record(players=2, seed=3, rounds=2).game
(True, eighthalf.games.eighthalf.game.MatchGame(2))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

import attrs

from eighthalf.core.errors import DocumentError, EighthalfError, quote
from eighthalf.core.game import Game, MoveT, Result, StateT, result_text
from eighthalf.core.named import Named
from eighthalf.formats.records import check_game, read_movetext, read_tags, tag_error, write_text

__all__ = ["GameRecord", "RecordFormat", "RecordFunctions", "checked_result", "read_result", "replay_states"]

RecordT = TypeVar("RecordT", bound="GameRecord[Any, Any]")

_NUMBER = re.compile(r"0|[1-9][0-9]{0,16}")  # canonical: no sign, no leading zero; under 10**17


def read_result(text: str, players: int) -> Result | None:
    """The result that ``text`` writes in the form of :attr:`Result.text
    <eighthalf.core.game.Result.text>` with ``players`` scores, or ``None`` if it is not
    in that form: the winners (``-`` for none) separated by commas, ``": "``, the scores
    separated by ``-``, every number in ASCII digits without a leading zero.

    >>> read_result("0,2: 3-0-3", 3)
    Result(scores=(3, 0, 3), winners=(0, 2))
    >>> read_result("-: 0-0", 2), read_result("0: 03-0", 2), read_result("0: 3-0", 3)
    (Result(scores=(0, 0), winners=()), None, None)
    """
    head, colon, tail = text.partition(": ")
    numbers = tail.split("-")
    names = [] if head == "-" else head.split(",")
    if not colon or len(numbers) != players or not all(_NUMBER.fullmatch(number) for number in (*numbers, *names)):
        return None
    return Result(tuple(map(int, numbers)), tuple(map(int, names)))


def checked_result(
    result: object, players: int, valid: Callable[[Result], bool], expected: str, rule: str | None = None
) -> str:
    """Return ``result`` if it is ``*`` or a result of ``players`` seats (:func:`read_result`)
    that ``valid`` accepts: the skeleton of each game's ``check_result``.

    Args:
        result: The record's result.
        players: The number of seats.
        valid: Whether the game's rules allow a result.
        expected: What the message says a result is, after ``expected '*' or``.
        rule: The rule id the message ends with, if any.

    >>> checked_result("1: 2-3", 2, lambda found: max(found.scores) <= 3, "two numbers")
    '1: 2-3'
    >>> checked_result("1: 2-4", 2, lambda found: max(found.scores) <= 3, "two numbers", "X1")
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.result: not a result: '1: 2-4' (expected '*' or two numbers) (X1)

    Raises:
        DocumentError: If it is not (the path is ``$.result``).
    """
    if result == "*":
        return "*"
    if type(result) is not str:
        raise DocumentError("$.result", f"a result is a string, not {quote(result)}")
    found = read_result(result, players)
    if found is not None and valid(found):
        return result
    tail = "" if rule is None else f" ({rule})"
    raise DocumentError("$.result", f"not a result: {quote(result)} (expected '*' or {expected}){tail}")


class GameRecord(Generic[StateT, MoveT]):
    """What every game's ``Record`` shares: a game as the moves made from a known deal.

    A game's ``Record`` is a frozen attrs class with the fields ``players``, ``rules``,
    ``moves``, ``result``, ``comments`` and ``tags`` (and its own set-up fields) that
    derives from this class and gives :attr:`game` and :meth:`start`; :meth:`cut`,
    :meth:`played` and :meth:`finished` are written here once for every game.
    """

    __slots__ = ()

    players: int
    rules: Any
    moves: tuple[MoveT, ...]
    result: str
    comments: tuple[tuple[int, str], ...]
    tags: tuple[tuple[str, str], ...]

    @property
    def game(self) -> Game[Any, Any, Any, Any, Any]:
        """The game object whose game this record holds (it replays the moves)."""
        raise NotImplementedError

    def start(self) -> StateT:
        """The first state, as dealt.

        Raises:
            DocumentError: If the record's set-up is invalid.
        """
        raise NotImplementedError

    def prefix(self: RecordT, moves: int) -> RecordT:
        """The record of the first ``moves`` moves only (undo), unfinished, with the
        comments that still apply.

        Raises:
            DocumentError: If ``moves`` is negative or more than the record has.
        """
        if type(moves) is not int or not 0 <= moves <= len(self.moves):
            raise DocumentError("$.moves", f"cannot cut at move {quote(moves)} of {len(self.moves)}")
        kept = tuple((at, text) for at, text in self.comments if at <= moves)
        return _evolve(self, moves=self.moves[:moves], result="*", comments=kept)

    def cut(self: RecordT, moves: int) -> RecordT:
        """The former name of :meth:`prefix`, kept for code written against it."""
        return self.prefix(moves)

    def played(self: RecordT, move: Any) -> RecordT:
        """The record with ``move`` appended (its legality is not checked until replayed).

        Raises:
            DocumentError: If ``move`` is not a move the record can hold (a move of its
                game; in a record of one round of 8½, not a match move).
        """
        return _evolve(self, moves=self.moves + (move,), result="*")

    def finished(self: RecordT) -> RecordT:
        """The record with its result filled in from a replay.

        Raises:
            DocumentError: If a move is illegal or the game is not over.
        """
        result = self._replayed_result()
        if result == "*":
            raise DocumentError("$.Result", f"the game is not over after {len(self.moves)} moves")
        return _evolve(self, result=result)

    def with_result(self: RecordT) -> RecordT:
        """The record as it is written (``dumps``, ``to_data``): itself, but for a record
        whose result is left ``*`` while its moves, all legal, end the game, which gets the
        result they give (as :meth:`finished` fills it in), so that a record made by hand
        from a finished game's moves is written finished (issue 27).

        A record whose game goes on, or with an illegal move, is itself (its replay refuses
        the illegal move); so is one whose result is given, which its replay checks.

        >>> from eighthalf.eights import Record, apply, legal_moves
        >>> record = Record(players=2, seed=3)
        >>> state = record.start()
        >>> while not state.over:
        ...     move = legal_moves(state)[0]
        ...     record, state = record.played(move), apply(state, move)
        >>> record.result, record.with_result().result, record.prefix(4).with_result().result
        ('*', '0: 71-30', '*')
        """
        if self.result != "*":
            return self
        try:
            result = self._replayed_result()
        except DocumentError:
            return self
        return self if result == "*" else _evolve(self, result=result)

    def _replayed_result(self) -> str:
        """The result the moves give (``*`` while the game goes on), whatever the record says.

        Raises:
            DocumentError: If the set-up is invalid or a move is illegal.
        """
        last = None
        for last in replay_states(self if self.result == "*" else _evolve(self, result="*")):  # noqa: B007
            pass
        return result_text(self.game, last)


def _evolve(record: RecordT, **changes: Any) -> RecordT:
    return cast(RecordT, attrs.evolve(cast(Any, record), **changes))


def replay_states(record: GameRecord[StateT, Any]) -> Iterator[StateT]:
    """Yield the first state of ``record`` and the state after every move, checking each
    move through the record's game object: a move is played only if it is one of the
    legal moves, else refused with the reason the game's ``apply`` gives. When the
    record has a result, the last state must be finished with that result.

    >>> from eighthalf.eights import PASS, Record
    >>> [state.to_move for state in replay_states(Record(players=2, seed=3, moves=(PASS,)))]
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.moves[0]: move 1 (pass): illegal move 'pass': a player who can spell a word must spell one (WT1)

    Raises:
        DocumentError: As the states are yielded: if a move is illegal (at
            ``$.moves[<i>]``, the message ``move <n> (<move>): <reason>``) or the
            result does not match (at ``$.Result``).
    """
    game = record.game
    state = record.start()
    yield state
    for number, move in enumerate(record.moves, 1):
        if move not in game.legal_moves(state):
            try:
                game.apply(state, move)
                reason = "not one of the legal moves"
            except EighthalfError as error:
                reason = str(error)
            raise DocumentError(f"$.moves[{number - 1}]", f"move {number} ({move}): {reason}")
        state = game.apply_unchecked(state, move)  # judged legal above: apply would judge it again
        yield state
    if record.result != "*" and (replayed := result_text(game, state)) != record.result:
        raise DocumentError("$.Result", f"the record says {record.result!r} but the replay gives {replayed!r}")


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class RecordFormat(Generic[RecordT]):
    """How one game's records are written and read: what the game supplies to the
    skeleton of ``dumps`` and ``loads`` written here once.

    A record's text has the tags ``Game`` (:attr:`game`'s name), the game's set-up tags
    (:attr:`setup_tags`), its rules tags (``game.rules_tags``), ``Result`` and the
    record's other tags, then the move text (:func:`~eighthalf.formats.records.write_text`).
    """

    record: type[RecordT]
    """The game's ``Record`` class."""
    name: str
    """The record class as messages name it (``"a Record"``)."""
    game: Game[Any, Any, Any, Any, Any]
    """The game object that names the game, reads the rules tags and the moves."""
    own_tags: frozenset[str]
    """The record's own tags (the others are its ``tags`` field)."""
    needed: tuple[str, ...]
    """The tags a record must have, checked first, in order."""
    game_tag_needed: bool
    """Whether the ``Game`` tag must be given (see :func:`~eighthalf.formats.records.check_game`)."""
    readers: Mapping[str, str]
    """For other games' ``Game`` tags, the function that reads their records."""
    spaced: bool
    """Whether a move's notation may hold spaces (see :func:`~eighthalf.formats.records.read_movetext`)."""
    setup_tags: Callable[[RecordT], Sequence[tuple[str, str]]]
    """The set-up tags of a record, in order (``Players`` first)."""
    setup_fields: Callable[[Mapping[str, str]], dict[str, Any]]
    """The set-up fields (``players`` …) that the record's own tags give; a malformed tag
    raises a :class:`~eighthalf.errors.DocumentError` at the tag's path (``$.Seed``)."""
    field_tags: Mapping[str, str]
    """The tag of each field written as a tag, for :func:`~eighthalf.formats.records.tag_error`."""
    notation_rule: str | None = None
    """The rule that makes a move one value with one notation (Eights: WT7), cited when a
    move's notation reads back as another move (:meth:`written_moves`); ``None`` if none."""

    def checked(self, value: object, function: str) -> RecordT:
        """``value``, if it is a record of this game.

        Raises:
            DocumentError: If it is not, at ``$``: ``<function> needs <name>, not …``.
        """
        if not isinstance(value, self.record):
            raise DocumentError("$", f"{function} needs {self.name}, not {quote(value)}")
        return value

    def dumps(self, record: object) -> str:
        """The record as text, which :meth:`loads` reads back equal: every move is written
        only if its notation reads back as the move itself (:meth:`written_moves`), and a
        result left ``*`` is written as the result of the game when the moves end it
        (:meth:`GameRecord.with_result <eighthalf.formats.replay.GameRecord.with_result>`; the text then reads back as the finished record).

        Raises:
            DocumentError: If ``record`` is not a record of this game, or a move does not
                read back (at ``$.moves[<i>]``); nothing is written then.
        """
        checked = self.checked(record, "dumps")
        moves = self.written_moves(checked.moves)
        checked = checked.with_result()
        tags = [("Game", self.game.name), *self.setup_tags(checked), *self.game.rules_tags(checked.rules)]
        tags.append(("Result", checked.result))
        return write_text(tags, checked.tags, moves, checked.result, checked.comments)

    def written_moves(self, moves: Sequence[object]) -> list[str]:
        """The notation of each of ``moves`` (``str(move)``, what ``game.move_text`` gives),
        each checked to read back (``game.parse_move``) as a move equal to it, so that what
        :meth:`dumps` writes :meth:`loads` reads: a move made without its constructor's
        checks (an Eights ``Spell`` made with ``check=False``) may say what no notation says.

        The check is made here, when a record is written, and not when it is made: a
        record is made anew for every move played (:meth:`GameRecord.played`, as a game
        grows move by move), and reading back all of its moves there would cost a parse of
        every move at every move (some 11 µs a move of Eights, where ``played`` takes
        some 6 µs), while here it is one parse a move, in a call that writes every move
        anyway. A record holding such a move is refused by its replay too, as an illegal
        move.

        >>> from eighthalf.eights import Record, Spell, parse_cards
        >>> from eighthalf.games.eights.records import dumps
        >>> spell = Spell("EIGHT", (), parse_cards("2i"), parse_cards("1v"), check=False)
        >>> dumps(Record(players=2, seed=3, moves=(spell,)))
        Traceback (most recent call last):
            ...
        eighthalf.errors.DocumentError: $.moves[0]: move 1 (EIGHT 2i>1v): its notation does not read back: illegal move 'EIGHT 2i>1v': the cards show the letters 'i', which do not spell EIGHT ('eghit') (WT2)

        Raises:
            DocumentError: At ``$.moves[<i>]``, for the first move that has no notation,
                whose notation the game does not read (the message ends with the reason
                and rule id the game gives), or whose notation reads back as another
                move (citing :attr:`notation_rule`).
        """
        return [self._written_move(at, move) for at, move in enumerate(moves)]

    def _written_move(self, at: int, move: object) -> str:
        """The notation of ``moves[at]``, if it reads back as ``move`` (see :meth:`written_moves`)."""
        game = self.game
        path = f"$.moves[{at}]"
        try:
            text = str(move)
        except Exception as error:  # a move made unchecked may hold anything, on which str() may fail
            problem = f"writing its notation failed: {type(error).__name__}: {error}"
            raise DocumentError(path, f"move {at + 1} ({quote(move)}): {problem}") from None
        try:
            read = game.parse_move(text)
        except EighthalfError as error:
            raise DocumentError(path, f"move {at + 1} ({text}): its notation does not read back: {error}") from None
        if read != move:
            tail = "" if self.notation_rule is None else f" ({self.notation_rule})"
            shown = str(read)
            problem = f"another move, {quote(shown)}" if shown != text else "a move that is not equal to it"
            raise DocumentError(path, f"move {at + 1} ({text}): its notation reads back as {problem}{tail}")
        return text

    def loads(self, text: object) -> RecordT:
        """Read a record written by :meth:`dumps` (or by hand in the same format): the
        tags, the ``Game`` tag checked, the needed tags, the set-up, the rules, the move
        text, and the record made from them.

        Raises:
            DocumentError: If the text is not a well-formed record of this game, or the
                record it describes is not valid; the message names the line, tag or
                move at fault.
        """
        section = read_tags(text, self.own_tags)
        tags = section.tags
        check_game(tags, self.game.name, required=self.game_tag_needed, readers=self.readers)
        for tag in self.needed:
            if tag not in tags:
                raise DocumentError(f"$.{tag}", f"the {tag} tag is missing")
        setup = self.setup_fields(tags)
        rules = self.game.rules_from_tags(tags)
        written = tags.get("Result", "*")
        moves, comments = read_movetext(section, written, self.game.parse_move, spaced=self.spaced)
        make = cast(Callable[..., RecordT], self.record)
        try:
            return make(
                **setup,
                rules=rules,
                moves=tuple(moves),
                result=written,
                comments=tuple(comments),
                tags=tuple(section.extra),
            )
        except DocumentError as error:
            moved = tag_error(error, self.field_tags)
            if moved is error:
                raise
            raise moved from None


@attrs.frozen(slots=True, weakref_slot=False, eq=False)
class RecordFunctions(Named, Generic[RecordT, StateT]):
    """A game's three public record functions, ``dumps``, ``loads`` and ``replay``, made
    once from its :class:`~eighthalf.formats.replay.RecordFormat`: a game's records module binds them by name
    (``dumps = RECORDS.dumps``), so that they are written here once, with one docstring.

    The type parameters are the game's ``Record`` class and its state class, so that each
    bound function is typed as the game's own (``replay`` yields the game's states).

    Args:
        record_format: The game's record format, which does the work and names the game in messages.
        path: The dotted name this value is bound to (``"eighthalf.games.eights.records.RECORDS"``): it and
            its functions are pickled by that name, as module-level functions are
            (:class:`~eighthalf.core.named.Named`).
    """

    record_format: RecordFormat[RecordT]
    """The game's record format."""

    def dumps(self, record: RecordT) -> str:
        """The record as text, in the format of :mod:`eighthalf.formats.records` (tag lines,
        then the moves, numbered, with comments in braces, and the result), which
        :meth:`~eighthalf.formats.replay.RecordFunctions.loads` reads back equal (:meth:`RecordFormat.dumps <eighthalf.formats.replay.RecordFormat.dumps>`).

        A record whose result is left ``*`` while its moves, all legal, end the game is
        written with the result they give, and reads back finished
        (:meth:`GameRecord.with_result <eighthalf.formats.replay.GameRecord.with_result>`); a given result is written as given
        (:meth:`~eighthalf.formats.replay.RecordFunctions.replay` checks it).

        Args:
            record: A record of the game (its ``Record`` class).

        Returns:
            The text, ending in a newline.

        Raises:
            DocumentError: If ``record`` is not a record of the game (at ``$``:
                ``dumps needs <the game's Record class>, not …``), or a move's notation does not read back
                as the move (a move made without its constructor's checks), at
                ``$.moves[<i>]`` with the game's reason and rule id
                (:meth:`RecordFormat.written_moves <eighthalf.formats.replay.RecordFormat.written_moves>`); nothing is written then.
        """
        return self.record_format.dumps(record)

    def loads(self, text: str) -> RecordT:
        """Read a record written by :meth:`~eighthalf.formats.replay.RecordFunctions.dumps` (or by hand in the same format).

        Args:
            text: The record's text.

        Returns:
            The record, equal to the one :meth:`~eighthalf.formats.replay.RecordFunctions.dumps` wrote.

        Raises:
            DocumentError: If the text is not a well-formed record of the game (a record of
                another game, by its ``Game`` tag, is refused with the name of the function
                that reads it), or the record it describes is not valid (see the game's
                ``Record`` class); the message names the line, tag or move at fault, the
                error's ``path`` the place (``$.Seed``, ``$.moves[3]`` …).
        """
        return self.record_format.loads(text)

    def replay(self, record: RecordT) -> Iterator[StateT]:
        """Yield the first state and the state after every move, checking each move
        (:func:`~eighthalf.formats.replay.replay_states`).

        When the record has a result, the last state must be finished with that result.

        Args:
            record: A record of the game.

        Returns:
            An iterator of the game's states: the start, then one state a move.

        Raises:
            DocumentError: If ``record`` is not a record of the game (at once, at ``$``:
                ``replay needs <the game's Record class>, not …``), or, as the states are yielded, a move
                is illegal (at ``$.moves[<i>]``; the message gives its number, the reason
                and the game's rule id) or the result does not match (at ``$.Result``).
        """
        return replay_states(self.record_format.checked(record, "replay"))
