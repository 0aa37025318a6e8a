"""Game records of Eights: a game as text, in the record format 8½ uses, and its replay.

A :class:`~eighthalf.eights.Record` holds what is needed to replay a game exactly: the number of players,
the seed (one seed fixes every shuffle of the game, WS5), the rules, the moves, the
result, and optional comments and tags. :func:`dumps` writes it as text and
:func:`loads` reads it back; :func:`~eighthalf.eights.replay` yields the successive states, checking
every move and the result. The text is the format of 8½'s records
(:mod:`eighthalf.formats.records`): tag lines, then the moves, numbered, with comments in
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

The functions
-------------

:func:`dumps`, :func:`loads` and :func:`~eighthalf.eights.replay` are those of every game
(:class:`~eighthalf.formats.replay.RecordFunctions`), bound to Eights' record format
(:data:`RECORD_FORMAT`); what they take, return and raise is said there. For Eights:

* ``dumps(record)`` writes a record whose result is left ``*`` while its moves, all
  legal, end the game (WG1) with the result they give (WG3), and it reads back finished
  (:meth:`Record.with_result <eighthalf.eights.Record.with_result>`, issue 27); a given
  result is written as given (:func:`~eighthalf.eights.replay` checks it). A move whose
  notation does not read back as the move (a :class:`~eighthalf.eights.Spell` or
  :class:`~eighthalf.eights.Pass` made with ``check=False`` that its constructor would
  refuse, WT2–WT4, or write otherwise, WT7) is refused at ``$.moves[<i>]``
  (:meth:`RecordFormat.written_moves <eighthalf.formats.replay.RecordFormat.written_moves>`),
  and nothing is written.
* ``loads(text)`` refuses a record of 8½ and says which function reads it:

  >>> loads('[Game "8½"]\\n[Players "2"]\\n[Seed "1"]\\n\\n*\\n')
  Traceback (most recent call last):
      ...
  eighthalf.errors.DocumentError: $.Game: this reads records of Eights, not of '8½': read it with eighthalf.records.loads

* ``replay(record)`` refuses anything but a :class:`~eighthalf.eights.Record` at once,
  and, as the states are yielded, an illegal move with its number, the reason and the
  rule id (WT1 …):

  >>> from eighthalf.eights import Pass
  >>> list(replay(Record(players=2, seed=3, moves=(Pass(),))))
  Traceback (most recent call last):
      ...
  eighthalf.errors.DocumentError: $.moves[0]: move 1 (pass): illegal move 'pass': a player who can spell a word must spell one (WT1)
"""

from __future__ import annotations

from typing import Final

import attrs

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.game import Result, result_text
from eighthalf.formats.replay import RecordFunctions, checked_result
from eighthalf.formats.seeded import RecordFacts, SeededRecord, seeded_format
from eighthalf.games.eights.game import EIGHTS, GAME_TAG
from eighthalf.games.eights.moves import Move, Pass, Spell
from eighthalf.games.eights.options import Rules
from eighthalf.games.eights.pictures import PICTURES
from eighthalf.games.eights.state import GameState

__all__ = ["GAME", "Record", "check_result", "dumps", "loads", "replay", "result_of"]

GAME: Final = GAME_TAG
"""The value of the ``Game`` tag of every record of Eights (:attr:`EIGHTS.name <eighthalf.games.eights.game.EightsGame.name>`)."""


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
class Record(SeededRecord[GameState, Move, Rules]):
    """A game of Eights, as the moves made from a seeded deal: a
    :class:`~eighthalf.formats.seeded.SeededRecord` with the fields ``players``, ``seed``,
    ``rules``, ``moves``, ``result``, ``comments`` and ``tags``, replayed by
    :data:`~eighthalf.games.eights.game.EIGHTS`.

    Sequences given as lists are kept as tuples. Everything is checked when the record
    is made, except that the moves are legal (:func:`~eighthalf.eights.replay` checks that)
    and that a move made with ``check=False`` reads back from its notation
    (:func:`~eighthalf.games.eights.records.dumps` checks that, and replay refuses such a move).

    Raises:
        DocumentError: If a field is of the wrong type or out of range, or the fields
            do not fit together; ``error.path`` names the field (``$.players``,
            ``$.moves[3]``, ``$.result`` …). The rules: ``players`` from 2 to 6 (WS2);
            ``seed`` an int of at most 4,300 digits (WS5); ``rules`` an
            :class:`~eighthalf.eights.Rules` (WR1, WR2); the moves :class:`~eighthalf.eights.Spell`
            or :class:`~eighthalf.eights.Pass` values; the result valid
            (:func:`~eighthalf.games.eights.records.check_result`); comments pairs ``(n, text)`` in order of ``n``, from 0
            to the number of moves; tags pairs of strings whose names are a letter then
            letters, digits or ``_``, each given once, and not one of the record's own
            tags (``Game``, ``Players``, ``Seed``, ``Target``, ``TurnLimit``,
            ``Options``, ``Result``).
    """

    facts = RecordFacts(
        game=EIGHTS,
        moves=(Spell, Pass),
        players_rule="WS2",
        check_result=check_result,
        rules_tags=("Target", "TurnLimit", "Options"),
        seed_rule="WS5",
        rules_name="an eighthalf.eights.Rules",
    )

    def _repr_svg_(self) -> str:
        """The position after the record's last move, as a picture, its players named by
        its ``Names`` tag, for a notebook's display (:data:`eighthalf.games.eights.pictures.PICTURES`)."""
        return PICTURES.of_record(self)


def result_of(state: GameState) -> str:
    """The result text of a game: ``*`` while it goes on, else ``<winners>: <totals>`` (WG3),
    the text of its :class:`~eighthalf.core.game.Result`.

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


RECORD_FORMAT: Final = seeded_format(
    Record,
    # Game is required, so that a record of 8½, which may leave the tag out, is never read as one of Eights
    readers={"8½": "eighthalf.records.loads", "": "eighthalf.records.loads"},
    spaced=True,
    notation_rule="WT7",  # one move, one value, one notation
)
"""How the records of Eights are written and read."""

RECORDS: Final = RecordFunctions[Record, GameState](RECORD_FORMAT, path=f"{__name__}.RECORDS")
"""The public record functions of Eights, bound below by name (:class:`~eighthalf.formats.replay.RecordFunctions`)."""

dumps: Final = RECORDS.dumps
"""The record as text, which :func:`loads` reads back equal: see the module text."""

loads: Final = RECORDS.loads
"""Read a record of Eights written by :func:`dumps` (or by hand in the same format): see the module text."""

replay: Final = RECORDS.replay
"""Yield the first state and the state after every move, checking each move: see the module text."""
