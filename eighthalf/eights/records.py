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

>>> from eighthalf.eights import legal_moves, apply
>>> record = Record(players=3, seed=5, rules=Rules(target=10))
>>> state = record.start()
>>> while not state.over:  # the record grows move by move, as at a table
...     move = legal_moves(state)[0]
...     record, state = record.played(move), apply(state, move)
>>> record = record.finished()
>>> record.result
'2: 10-9-11'
>>> loads(dumps(record)) == record
True
>>> list(replay(record))[-1] == state
True

A record holds the seed, which is secret from the players during play (WI4): keep it on
the server until the game is over.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from ..common.game import Result, result_text
from ..common.records import as_comments, as_sequence, as_tags, check_comments, check_tags, tag_int
from ..common.replay import GameRecord, RecordFormat, checked_result, replay_states
from ..common.shuffle import check_seed, seed_bytes
from ..errors import DocumentError, EighthalfError, InvalidStateError, quote
from .game import EIGHTS, GAME_TAG, EightsGame
from .moves import Move, Pass, Spell
from .options import MAX_PLAYERS, MIN_PLAYERS, Rules
from .state import GameState

__all__ = ["GAME", "Record", "check_result", "dumps", "loads", "replay", "result_of"]

GAME: Final = GAME_TAG
"""The value of the ``Game`` tag of every record of Eights (:attr:`EIGHTS.name <eighthalf.eights.game.EightsGame.name>`)."""


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return as_sequence(value, "moves")


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
    target = rules.target_for(players)

    def valid(found: Result) -> bool:
        best = max(found.scores)
        return best >= target and found.winners == tuple(
            seat for seat, total in enumerate(found.scores) if total == best
        )

    expected = (
        "'<winners>: <totals>' such as '0,2: 31-12-31-5', the winners having the highest total, "
        f"at least the target {target}, with {players} seats"
    )
    return checked_result(result, players, valid, expected, "WG3")


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Record(GameRecord[GameState, Move]):
    """A game of Eights, as the moves made from a seeded deal.

    Sequences given as lists are kept as tuples. Everything is checked when the record
    is made, except that the moves are legal (:func:`~eighthalf.eights.replay` checks that)
    and that a move made with ``check=False`` reads back from its notation
    (:func:`~eighthalf.eights.records.dumps` checks that, and replay refuses such a move).

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
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=as_comments)
    """Comments as ``(n, text)``: ``text`` follows the ``n``-th move (0: before the
    first), in order of ``n``. Any text."""
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=as_tags)
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
        check_tags(self.tags, RECORD_FORMAT.own_tags)

    @property
    def game(self) -> EightsGame:
        """The game object that replays the record: :data:`~eighthalf.eights.game.EIGHTS`."""
        return EIGHTS

    def start(self) -> GameState:
        """The first state: the game as dealt from the seed (WS1–WS5)."""
        return EIGHTS.start(self.players, seed=self.seed, rules=self.rules)


def result_of(state: GameState) -> str:
    """The result text of a game: ``*`` while it goes on, else ``<winners>: <totals>`` (WG3),
    the text of its :class:`~eighthalf.common.game.Result`.

    >>> from eighthalf.eights import Outcome, new_game
    >>> state = new_game(4, seed=7)
    >>> result_of(state), result_of(state.replace(outcome=Outcome.of((31, 12, 31, 5), 30)))
    ('*', '0,2: 31-12-31-5')

    Raises:
        InvalidStateError: If ``state`` is not a :class:`~eighthalf.eights.GameState`.
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"result_of needs an eighthalf.eights.GameState, not {quote(state)}")
    return result_text(EIGHTS, state)


def replay(record: Record) -> Iterator[GameState]:
    """Yield the first state and the state after every move, checking each move.

    When the record has a result, the last state must be finished with that result.

    Raises:
        DocumentError: If ``record`` is not a :class:`~eighthalf.eights.Record` (at once), or, as the
            states are yielded, a move is illegal (the message gives its number, the
            reason and the rule id) or the result does not match.
    """
    return replay_states(RECORD_FORMAT.checked(record, "replay"))


def dumps(record: Record) -> str:
    """The record as text (see the module text for the format), which :func:`loads` reads back equal.

    Raises:
        DocumentError: If ``record`` is not a :class:`~eighthalf.eights.Record`, or a move's
            notation does not read back as the move (a :class:`~eighthalf.eights.Spell` or
            :class:`~eighthalf.eights.Pass` made with ``check=False`` that its constructor
            would refuse, WT2–WT4, or write otherwise, WT7), at ``$.moves[<i>]``
            (:meth:`RecordFormat.written_moves <eighthalf.common.replay.RecordFormat.written_moves>`);
            nothing is written then.
    """
    return RECORD_FORMAT.dumps(record)


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
    return RECORD_FORMAT.loads(text)


def _setup_fields(tags: Mapping[str, str]) -> dict[str, Any]:
    return {"players": tag_int(tags["Players"], "Players"), "seed": tag_int(tags["Seed"], "Seed")}


RECORD_FORMAT: Final = RecordFormat(
    record=Record,
    name="an eighthalf.eights.records.Record",
    game=EIGHTS,
    own_tags=frozenset(("Game", "Players", "Seed", "Target", "TurnLimit", "Options", "Result")),
    needed=("Players", "Seed"),
    # required, so that a record of 8½, which may leave the tag out, is never read as one of Eights
    game_tag_needed=True,
    readers={"8½": "eighthalf.records.loads", "": "eighthalf.records.loads"},
    spaced=True,
    setup_tags=lambda record: [("Players", str(record.players)), ("Seed", seed_bytes(record.seed).decode("ascii"))],
    setup_fields=_setup_fields,
    field_tags={"players": "Players", "seed": "Seed", "rules": "Options", "result": "Result"},
    notation_rule="WT7",  # one move, one value, one notation
)
"""How the records of Eights are written and read."""
