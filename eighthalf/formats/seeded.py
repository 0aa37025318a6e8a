"""The record of any game dealt from a seed, derived from its game object: written once.

A game whose deal is fixed by the number of players, a seed and its rules
(:meth:`Game.start <eighthalf.core.game.Game.start>`) records a game as those and the
moves made. Everything about such a record is the same in every game but a few facts,
which the game declares in one :class:`RecordFacts`: its move classes, the rule that says
how many may play, how it checks a result, the names of its rules tags. Then:

* its ``Record`` class subclasses :class:`SeededRecord` in three lines, the facts as its
  class attribute ``facts``: the fields ``players``, ``seed``, ``rules``, ``moves``,
  ``result``, ``comments`` and ``tags``, their checks (citing the game's rules), ``start``
  from ``game.start``, and :meth:`~SeededRecord.new_record` for the registry entry's
  ``make_record``;
* :func:`seeded_format` derives its :class:`~eighthalf.formats.replay.RecordFormat`: the
  tags ``Game``, ``Players``, ``Seed``, the rules tags (``game.rules_tags`` and
  ``game.rules_from_tags``) and ``Result``;
* :func:`seeded_record_kind` derives its JSON document type from the record format and
  the game's ``Rules`` document type: the keys ``players``, ``seed``, ``rules``, then the
  moves, result, comments and tags of every record
  (:func:`~eighthalf.formats.document_kinds.recorded_data`).

Eights (:class:`eighthalf.eights.Record`) and the tests' third game are such records;
8½'s records, with their dealer, explicit decks and matches, are written on
:class:`~eighthalf.formats.replay.GameRecord` directly.

>>> from eighthalf.eights import Record
>>> record = Record(players=2, seed=3)
>>> isinstance(record, SeededRecord), record.game.name, record.rules == record.game.default_rules
(True, 'Eights', True)
>>> Record(players=9, seed=3)
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.players: expected an int from 2 to 6, not 9 (WS2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Final, Generic, TypeVar

import attrs

from eighthalf.core.errors import DocumentError, quote, with_article
from eighthalf.core.game import Game, MoveT, RulesT, StateT
from eighthalf.core.shuffle import seed_bytes
from eighthalf.formats.document_kinds import RECORDED, get_recorded, recorded_data
from eighthalf.formats.documents import HEADER, Kind, check_notation, check_object, get_int, get_seed
from eighthalf.formats.records import (
    as_comments,
    as_sequence,
    as_tags,
    check_comments,
    check_players,
    check_seed_field,
    check_tags,
    tag_int,
)
from eighthalf.formats.replay import GameRecord, RecordFormat

__all__ = ["SEEDED_TAGS", "RecordFacts", "SeededRecord", "notation_reader", "seeded_format", "seeded_record_kind"]

SeededT = TypeVar("SeededT", bound="SeededRecord[Any, Any, Any]")

SEEDED_TAGS: Final = ("Players", "Seed")
"""The set-up tags of a seeded record, in order: every one is needed."""

_FIELD_TAGS: Final = {"players": "Players", "seed": "Seed", "result": "Result"}


def _dotted(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _rules_type(facts: RecordFacts) -> type:
    return type(facts.game.default_rules)


def _rules_name(facts: RecordFacts) -> str:
    return with_article(_dotted(type(facts.game.default_rules)))


def _own_tags(facts: RecordFacts) -> frozenset[str]:
    return frozenset(("Game", *SEEDED_TAGS, *facts.rules_tags, "Result"))


@attrs.frozen(kw_only=True, slots=True, weakref_slot=False)
class RecordFacts:
    """What a seeded record needs of its game beyond the game object: the facts its game declares.

    >>> from eighthalf.eights import Record
    >>> Record.facts.players_rule, sorted(Record.facts.own_tags)[:3], Record.facts.rules_name
    ('WS2', ['Game', 'Options', 'Players'], 'an eighthalf.eights.Rules')
    """

    game: Game[Any, Any, Any, Any, Any]
    """The game object: it deals (``start``), names the game, allows the numbers of players
    (``player_counts``) and gives the default rules, whose class is the rules' class."""
    moves: tuple[type, ...]
    """The game's move classes: a record holds only their instances (exactly)."""
    players_rule: str
    """The rule id that says how many may play (``"WS2"``), cited when a number is refused."""
    check_result: Callable[[object, int, Any], str]
    """``check_result(result, players, rules)``: the result if it is ``*`` or a valid result
    of the game (:func:`~eighthalf.formats.replay.checked_result` is its skeleton), else a
    :class:`~eighthalf.errors.DocumentError` at ``$.result``."""
    rules_tags: tuple[str, ...] = ()
    """The names of every tag that ``game.rules_tags`` may write (``"Target"`` …): record tags of their own."""
    seed_rule: str | None = None
    """The rule id that says what a seed fixes (``"WS5"``), cited when a seed is refused; ``None`` for none."""
    rules_name: str = attrs.field(default=attrs.Factory(_rules_name, takes_self=True))
    """How a message names the rules' class (``"an eighthalf.eights.Rules"``); by default its
    module and name."""
    rules_type: type = attrs.field(init=False, default=attrs.Factory(_rules_type, takes_self=True))
    """The class of the game's rules: that of its default rules."""
    own_tags: frozenset[str] = attrs.field(init=False, default=attrs.Factory(_own_tags, takes_self=True))
    """The record's own tags: ``Game``, ``Players``, ``Seed``, the rules tags, ``Result``."""

    def check(self, record: SeededRecord[Any, Any, Any]) -> None:
        """Check the fields of ``record`` (what :class:`SeededRecord` does when it is made).

        Raises:
            DocumentError: At the field at fault; see :class:`SeededRecord`.
        """
        rules = record.rules
        if type(rules) is not self.rules_type:  # exactly: a subclass would not read back equal
            raise DocumentError("$.rules", f"expected {self.rules_name}, not {quote(rules)}")
        players = check_players(record.players, self.game.player_counts(rules), self.players_rule)
        check_seed_field(record.seed, self.seed_rule)
        kinds = self.moves
        for at, move in enumerate(record.moves):
            if type(move) not in kinds:
                raise DocumentError(f"$.moves[{at}]", f"not a move of {self.game.name}: {quote(move)}")
        self.check_result(record.result, players, rules)
        check_comments(record.comments, len(record.moves))
        check_tags(record.tags, self.own_tags)


def _moves(value: Iterable[Any]) -> tuple[Any, ...]:
    return as_sequence(value, "moves")


def _default_rules(record: SeededRecord[Any, Any, Any]) -> Any:
    return record.facts.game.default_rules


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class SeededRecord(GameRecord[StateT, MoveT], Generic[StateT, MoveT, RulesT]):
    """A game dealt from a seed, as the moves made: what every game's seeded ``Record`` is.

    A game's ``Record`` subclasses it with its :class:`RecordFacts` as the class attribute
    ``facts``, and nothing else::

        @attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
        class Record(SeededRecord[GameState, Move, Rules]):
            \"\"\"A game of Shedding as the moves made from a seeded deal.\"\"\"

            facts = RecordFacts(game=SHEDDING, moves=(Play, Draw, Pass), players_rule="SH2", ...)

    Sequences given as lists are kept as tuples. Everything is checked when the record is
    made, except that the moves are legal (a replay checks that) and that a move's notation
    reads back as the move (:meth:`RecordFormat.dumps <eighthalf.formats.replay.RecordFormat.dumps>`
    checks that).

    Raises:
        DocumentError: If a field is of the wrong type or out of range, at the field
            (``$.players``, ``$.moves[3]``, ``$.result`` …): ``rules`` exactly of the
            game's rules class; ``players`` one of ``game.player_counts(rules)`` (citing
            :attr:`RecordFacts.players_rule`); ``seed`` an int of at most 4,300 digits;
            the moves of the game's move classes; the result valid
            (:attr:`RecordFacts.check_result`); comments pairs ``(n, text)`` in order of
            ``n``, from 0 to the number of moves; tags pairs of strings whose names are a
            letter then letters, digits or ``_``, each given once, and not one of the
            record's own tags (:attr:`RecordFacts.own_tags`).
    """

    facts: ClassVar[RecordFacts]
    """The facts of the record's game (a class attribute of each game's ``Record``)."""

    players: int
    """The number of seats."""
    seed: int
    """The seed of every shuffle of the game."""
    rules: RulesT = attrs.field(default=attrs.Factory(_default_rules, takes_self=True))
    """The rules played with; by default the game's default rules."""
    moves: tuple[MoveT, ...] = attrs.field(default=(), converter=_moves)
    """The moves, in order."""
    result: str = "*"
    """``*`` while unfinished, else the text of the game's result. A record left ``*``
    whose moves end the game is written with their result
    (:meth:`~eighthalf.formats.replay.GameRecord.with_result`)."""
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=as_comments)
    """Comments as ``(n, text)``: ``text`` follows the ``n``-th move (0: before the
    first), in order of ``n``. Any text."""
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=as_tags)
    """Other tags, such as ``("Names", "Anna,Ben")``, kept in order. Any text as the value."""

    def __attrs_post_init__(self) -> None:
        self.facts.check(self)

    @property
    def game(self) -> Game[StateT, MoveT, Any, Any, RulesT]:
        """The game object that replays the record: that of its :attr:`facts`."""
        return self.facts.game

    def start(self) -> StateT:
        """The first state: the game as dealt from the seed, for the players, under the rules."""
        start: StateT = self.facts.game.start(self.players, seed=self.seed, rules=self.rules)
        return start

    @classmethod
    def new_record(cls: type[SeededT], players: int, seed: int, rules: Any, rounds: int = 1) -> SeededT:
        """The record of a new game, no move made yet: what a registry entry's
        :attr:`~eighthalf.registry.GameEntry.make_record` makes (a seeded game
        plays one round: ``rounds`` is 1).

        Raises:
            DocumentError: If a field is refused (see the class).
        """
        return cls(players=players, seed=seed, rules=rules)


def _setup_tags(record: SeededRecord[Any, Any, Any]) -> list[tuple[str, str]]:
    return [("Players", str(record.players)), ("Seed", seed_bytes(record.seed).decode("ascii"))]


def _setup_fields(tags: Mapping[str, str]) -> dict[str, Any]:
    return {"players": tag_int(tags["Players"], "Players"), "seed": tag_int(tags["Seed"], "Seed")}


def seeded_format(
    record: type[SeededT],
    *,
    name: str | None = None,
    readers: Mapping[str, str] | None = None,
    spaced: bool = False,
    notation_rule: str | None = None,
) -> RecordFormat[SeededT]:
    """The record format of a seeded ``Record`` class, derived from its :attr:`~SeededRecord.facts`.

    The text has the tags ``Game`` (required), ``Players`` and ``Seed`` (needed), the
    rules tags, ``Result`` and the record's other tags, then the moves.

    >>> from eighthalf.eights import Record
    >>> print(seeded_format(Record).dumps(Record(players=2, seed=3)), end="")
    [Game "Eights"]
    [Players "2"]
    [Seed "3"]
    [Result "*"]
    <BLANKLINE>
    *

    Args:
        record: The game's ``Record`` class.
        name: How messages name the class; by default its module and name
            (``"an eighthalf.games.eights.records.Record"``).
        readers: For other games' ``Game`` tags, the function that reads their records
            (``""`` for a record without the tag).
        spaced: Whether a move's notation may hold spaces (then every move follows its number).
        notation_rule: The rule that makes a move one value with one notation, if any
            (:attr:`RecordFormat.notation_rule <eighthalf.formats.replay.RecordFormat.notation_rule>`).
    """
    facts = record.facts
    return RecordFormat(
        record=record,
        name=with_article(_dotted(record)) if name is None else name,
        game=facts.game,
        own_tags=facts.own_tags,
        needed=SEEDED_TAGS,
        game_tag_needed=True,
        readers={} if readers is None else dict(readers),
        spaced=spaced,
        setup_tags=_setup_tags,
        setup_fields=_setup_fields,
        field_tags=_FIELD_TAGS,
        notation_rule=notation_rule,
    )


def notation_reader(game: Game[Any, Any, Any, Any, Any]) -> Callable[[object, str], Any]:
    """The reader of a move of ``game`` in a document: its canonical notation
    (:func:`~eighthalf.formats.documents.check_notation` with ``game.parse_move``), given
    the JSON value and its path.

    >>> from eighthalf.games.eights.game import EIGHTS
    >>> notation_reader(EIGHTS)("PASS", "$.move")
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.move: write the move 'PASS' as 'pass' (the canonical notation)
    """
    parse = game.parse_move

    def read(value: object, path: str) -> Any:
        return check_notation(value, path, parse, wanted="a move in notation", noun="move")

    return read


def seeded_record_kind(name: str, records: RecordFormat[SeededT], rules: Kind) -> Kind:
    """The JSON document type of a seeded record: the keys ``players``, ``seed``, ``rules``
    (a document of ``rules``, the game's ``Rules`` type, without its header), then
    ``moves``, ``result``, ``comments`` and ``tags``
    (:func:`~eighthalf.formats.document_kinds.recorded_data`).

    Reading checks the JSON types (the rules first, then the number of players they allow,
    the seed, the moves in their canonical notation); how the fields fit together, the
    record class checks when it is made, as for the text format. Writing refuses the moves
    that the text refuses (:meth:`RecordFormat.written_moves
    <eighthalf.formats.replay.RecordFormat.written_moves>`).

    >>> from eighthalf.games.eights.records import RECORD_FORMAT, Record
    >>> from eighthalf.games.eights.serialization import REGISTRY
    >>> kind = seeded_record_kind("eights.Record", RECORD_FORMAT, REGISTRY.by_name["eights.Rules"])
    >>> kind.save(Record(players=2, seed=3))["rules"]
    {'target': None, 'turn_limit': None, 'may_pass_freely': False}

    Args:
        name: The value of ``"type"`` (``"eights.Record"``).
        records: The game's record format (:func:`seeded_format`).
        rules: The document type of the game's rules.
    """
    game = records.game
    record = records.record
    read_move = notation_reader(game)
    save_rules, load_rules = rules.save, rules.load
    rules_keys = rules.keys - HEADER

    def save(value: SeededRecord[Any, Any, Any]) -> dict[str, Any]:
        return {
            "players": value.players,
            "seed": value.seed,
            "rules": save_rules(value.rules),
            **recorded_data(value.with_result(), records.written_moves),
        }

    def load(obj: dict[str, Any], path: str) -> object:
        where = f"{path}.rules"
        read_rules = load_rules(check_object(obj["rules"], where, rules_keys, rules.optional), where)
        counts = game.player_counts(read_rules)
        players = get_int(obj, "players", path, counts[0], counts[-1])
        seed = get_seed(obj, path)
        return record(players=players, seed=seed, rules=read_rules, **get_recorded(obj, path, read_move))

    return Kind(name, (record,), frozenset({"players", "seed", "rules", *RECORDED}), save, load)
