"""Game records: a round or a match as text, like PGN for chess, and its replay.

A :class:`~eighthalf.Record` holds what is needed to replay a game exactly: the number of players,
the rules, the seed (or, for a single round, the explicit deck), the dealer, the moves
in notation, the result and optional comments. :func:`dumps` writes it as text and
:func:`loads` reads it back; :func:`~eighthalf.replay` yields the successive states, checking every
move and the result. A record is replayed through its game object (:attr:`~eighthalf.Record.game`: a
single round's, or a match's of its ``rounds``), by the mechanism every game's records
share (:mod:`eighthalf.formats.replay`).

The text format has tag lines, then the moves, numbered, with comments in braces::

    [Game "8½"]
    [Players "4"]
    [Dealer "3"]
    [Seed "7"]
    [Result "3: 0-0-0-3"]

    1. 4 2. 5 3. 5 {the 5-lock holds} 4. G ...

Tags: ``Game`` (``8½``, or left out), ``Players``, ``Dealer`` (default: the last
seat), ``Seed`` or ``Deck`` (72 rank symbols, top of the deck first; single rounds
only), ``Rounds`` (present for a match), ``MoveLimit`` (E7), ``Seats`` (the players the
rules allow, when not ``2-5``), ``Result`` and any others of your own (``Names``,
``Event``, ``Date`` …), kept as they are. The result is ``*`` while unfinished, else
``<winner>: <points>`` for a round (``-`` as winner under E7) and
``<winners>: <totals>`` for a match, e.g. ``0,2: 3-0-3``.

``Options`` names the table options of :class:`~eighthalf.Rules` that are on,
separated by spaces in the order of :data:`~eighthalf.games.eighthalf.options.OPTION_NAMES`
(``[Options "lock_next_only open_runs"]``); it is left out when none is, so records
written before the options existed mean what they did.

A :class:`~eighthalf.Record` checks its fields when it is made, with the same rules whichever way
it is made (by hand, by :func:`loads` or by :func:`~eighthalf.from_data`), so every
record that can be made is written by :func:`dumps` as text that :func:`loads` reads
back equal, and likewise through :func:`~eighthalf.to_data`; but a record whose result
is left ``*`` while its moves end the round (or the match) is written with the result
they give, and reads back finished (:meth:`~eighthalf.Record.with_result`; issue 27). A
result that is given is written as given, and :func:`~eighthalf.replay` refuses one the moves
contradict. In particular a result
is valid (``check_result``) only in its canonical form and only if it could be a
result of the rules: a round's points follow E6, a match's winners have the highest
totals (M1).

Comments and tag values may hold any text. In the written record a backslash escapes
the next character (``\\\\``, ``\\{``, ``\\}`` in comments, ``\\"`` in tag values), and
the characters that would break a line (``\\r``, ``\\v``, ``\\f``, ``\\x1c``-``\\x1e``,
``\\x85``, ``\\u2028``, ``\\u2029``, and in tag values ``\\n`` too) are written as
``\\u`` and four hex digits, so they come back as they were instead of as ``\\n``;
comments keep their plain ``\\n`` line breaks. The numbers of the format (tags, move
numbers, results) are ASCII digits only.

>>> from eighthalf import new_game, legal_moves, apply
>>> state = new_game(3, seed=5)
>>> moves = []
>>> while not state.over:
...     move = legal_moves(state)[0]
...     moves.append(move)
...     state = apply(state, move)
>>> record = Record(players=3, seed=5, moves=tuple(moves)).finished()
>>> record.result
'1: 0-2-1'
>>> loads(dumps(record)) == record
True
>>> *_, last = replay(record)
>>> last == state
True

A record holds the seed, which is secret from the players during play (I4): keep it on
the server until the game is over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from eighthalf.core.errors import DocumentError, EighthalfError, InvalidStateError, quote
from eighthalf.core.game import Result, result_text
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
from eighthalf.formats.replay import GameRecord, RecordFormat, checked_result, replay_states
from eighthalf.games.eighthalf.cards import COMPOSITION, DECK, Rank
from eighthalf.games.eighthalf.deal import check_table, first_state, new_game, seed_bytes
from eighthalf.games.eighthalf.game import EIGHTHALF, MATCH, MatchGame, RoundGame
from eighthalf.games.eighthalf.match import Decline, Exchange, Match, MatchMove, new_match
from eighthalf.games.eighthalf.moves import MOVE_TYPES
from eighthalf.games.eighthalf.options import MAX_COUNT, Rules
from eighthalf.games.eighthalf.pictures import PICTURES
from eighthalf.games.eighthalf.state import GameState

__all__ = ["Record", "check_result", "dumps", "loads", "replay", "result_of"]

_SETUP_TAGS = ("Players", "Dealer", "Seed", "Deck", "Rounds")
_MATCH_MOVE_TYPES = (*MOVE_TYPES, Exchange, Decline)


def _deck(value: Iterable[Rank] | None) -> tuple[Rank, ...] | None:
    return None if value is None else as_sequence(value, "deck")


def _moves(value: Iterable[MatchMove]) -> tuple[MatchMove, ...]:
    return as_sequence(value, "moves")


def check_result(result: object, players: int, rounds: int | None) -> str:
    """Return ``result`` if it is a valid result for a record of ``players`` seats: a
    round's if ``rounds`` is ``None``, else a match's of that many rounds.

    Valid results are ``*`` and the canonical forms :func:`result_of` writes (numbers
    in ASCII digits without leading zeros):

    * a round: ``<winner>: <points>``, one number of points per seat; under E7 the
      winner is ``-`` and every seat has 0; else the winner has 2 or 3 points, the
      others 0 or 1, and some seat, the winner or another, has the point of the
      lowest count (E6);
    * a match: ``<winners>: <totals>``, the winners in increasing order being exactly
      the seats with the highest total (M1), each total at most 3 a round.

    Records check their result with it whichever way they are made, so the text
    format and the JSON documents accept the same results.

    >>> check_result("1: 0-2-1", 3, None)
    '1: 0-2-1'
    >>> check_result("0,2: 3-0-3", 3, 2)
    '0,2: 3-0-3'
    >>> check_result("0: 9", 2, None)
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.result: not a result: '0: 9' (expected '*' or '<winner>: <points>' such as '1: 0-2-1', with 2 seats)

    Raises:
        DocumentError: If it is not (the path is ``$.result``).
    """
    if rounds is None:
        shape = "'<winner>: <points>' such as '1: 0-2-1'"
        return checked_result(result, players, _valid_round_result, f"{shape}, with {players} seats")
    shape = "'<winners>: <totals>' such as '0,2: 3-0-3'"

    def valid(found: Result) -> bool:
        best = max(found.scores)
        return found.winners == tuple(seat for seat, total in enumerate(found.scores) if total == best) and (
            best <= 3 * rounds
        )

    return checked_result(result, players, valid, f"{shape}, with {players} seats")


def _valid_round_result(found: Result) -> bool:
    points = found.scores
    if not found.winners:  # E7
        return not any(points)
    if len(found.winners) != 1 or found.winners[0] >= len(points):
        return False
    winner = found.winners[0]
    bonus = [score - 2 * (seat == winner) for seat, score in enumerate(points)]
    return points[winner] >= 2 and all(0 <= score <= 1 for score in bonus) and any(bonus)


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Record(GameRecord["GameState | Match", MatchMove]):
    """A round or a match, as the moves that were made from a known deal.

    Sequences given as lists are kept as tuples. Everything is checked when the record
    is made, except that the moves are legal (:func:`replay` checks that).

    Raises:
        DocumentError: If a field is of the wrong type or out of range, or the fields
            do not fit together; ``error.path`` names the field (``$.players``,
            ``$.moves[3]``, ``$.result`` …). The rules: ``players`` within the rules'
            range (S2); ``seed`` an int of at most 4,300 digits, or ``deck`` the 72
            cards of S1 (a round has exactly one of them, a match a seed); ``dealer``
            a seat; ``rounds`` from 1 to 2\\ :sup:`53` - 1; the moves round moves,
            or match moves in a match (an exchange naming a seat of the table); the
            result valid (``check_result``); comments pairs ``(n, text)`` in
            order of ``n``, from 0 to the number of moves; tags pairs of strings
            whose names are a letter then letters, digits or ``_``, each given once,
            and not one of the record's own tags (``Game``, ``Players``, ``Seed`` …).
    """

    players: int
    """The number of seats."""
    seed: int | None = None
    """The seed of the deal (of every round's deal, for a match)."""
    deck: tuple[Rank, ...] | None = attrs.field(default=None, converter=_deck)
    """The explicit deck, top first, instead of a seed (single rounds only)."""
    dealer: int | None = None
    """The (first) dealer; the last seat if ``None`` (S7)."""
    rules: Rules = attrs.field(factory=Rules)
    """The options played with."""
    rounds: int | None = None
    """``None`` for a single round; the number of rounds for a match (M1)."""
    moves: tuple[MatchMove, ...] = attrs.field(default=(), converter=_moves)
    """The moves, in order."""
    result: str = "*"
    """``*`` while unfinished; see ``check_result`` for the finished forms. A record left
    ``*`` whose moves end the game is written with their result (:meth:`with_result`);
    :meth:`finished` fills it in, and :func:`~eighthalf.replay` checks a given one."""
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=as_comments)
    """Comments as ``(n, text)``: ``text`` follows the ``n``-th move (0: before the
    first), in order of ``n``. Any text."""
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=as_tags)
    """Other tags, such as ``("Names", "Anna,Ben,Cleo")``, kept in order. Any text as the value."""

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        if type(rules) is not Rules:  # exactly: a subclass would not read back equal
            raise DocumentError("$.rules", f"expected a Rules, not {quote(rules)}")
        players = check_players(self.players, EIGHTHALF.player_counts(rules), "S2")
        if self.seed is not None:
            check_seed_field(self.seed)
        deck = self.deck
        if deck is not None:
            for at, card in enumerate(deck):
                if type(card) is not Rank:
                    raise DocumentError(f"$.deck[{at}]", f"expected a Rank, not {quote(card)}")
            if Counter(deck) != Counter(COMPOSITION):
                raise DocumentError("$.deck", f"{len(deck)} cards, not the 72 of S1 (four each of 1 and 2 …)")
        if self.dealer is not None and (type(self.dealer) is not int or not 0 <= self.dealer < players):
            raise DocumentError("$.dealer", f"expected a seat from 0 to {players - 1}, not {quote(self.dealer)} (S7)")
        rounds = self.rounds
        if rounds is not None and (type(rounds) is not int or not 1 <= rounds <= MAX_COUNT):
            raise DocumentError("$.rounds", f"expected an int from 1 to 2**53 - 1, not {quote(rounds)} (M1)")
        if rounds is not None and (deck is not None or self.seed is None):
            raise DocumentError("$.seed", "a match record needs a seed, and no deck")
        if rounds is None and (self.seed is None) == (deck is None):
            raise DocumentError("$.seed", "a round record needs either a seed or a deck, not both")
        for at, move in enumerate(self.moves):
            kind = type(move)
            if kind not in _MATCH_MOVE_TYPES:
                raise DocumentError(f"$.moves[{at}]", f"not a move: {quote(move)}")
            if kind is Exchange or kind is Decline:
                if rounds is None:
                    raise DocumentError(f"$.moves[{at}]", f"{move} is a match move (M3), and this records one round")
                if isinstance(move, Exchange) and move.loser >= players:
                    raise DocumentError(f"$.moves[{at}]", f"seat {move.loser} is out of range (0 to {players - 1})")
        check_result(self.result, players, rounds)
        check_comments(self.comments, len(self.moves))
        check_tags(self.tags, RECORD_FORMAT.own_tags)

    @property
    def game(self) -> RoundGame | MatchGame:
        """The game object that replays the record, by its ``rounds``: :data:`eighthalf.games.eighthalf.game.EIGHTHALF`
        for a single round, else :class:`MatchGame(rounds) <eighthalf.games.eighthalf.game.MatchGame>`."""
        return EIGHTHALF if self.rounds is None else MatchGame(self.rounds)

    def _repr_svg_(self) -> str:
        """The position after the record's last move, as a picture, its players named by
        its ``Names`` tag, for a notebook's display (:data:`eighthalf.games.eighthalf.pictures.PICTURES`)."""
        return PICTURES.of_record(self)

    def start(self) -> GameState | Match:
        """The first state: the dealt round, or the match with its first round dealt.

        Raises:
            DocumentError: If the record's set-up is invalid (players, dealer, seed, deck).
        """
        try:
            if self.rounds is not None:
                if self.deck is not None or self.seed is None:
                    raise DocumentError("$.Seed", "a match record needs a seed, not a deck")
                return new_match(self.players, rounds=self.rounds, seed=self.seed, rules=self.rules, dealer=self.dealer)
            if (self.seed is None) == (self.deck is None):
                raise DocumentError("$.Seed", "a round record needs either a seed or a deck")
            if self.deck is None:
                return new_game(self.players, seed=self.seed, rules=self.rules, dealer=self.dealer)
            return _from_deck(self.deck, self.players, self.rules, self.dealer)
        except DocumentError:
            raise
        except EighthalfError as error:
            raise DocumentError("$", str(error)) from None


def _from_deck(deck: tuple[Rank, ...], players: int, rules: Rules, dealer: int | None) -> GameState:
    if len(deck) != len(DECK) or Counter(deck) != Counter(COMPOSITION):
        raise DocumentError("$.Deck", "the deck must be the 72 cards of S1")
    return first_state(deck, players, rules, check_table(players, rules, dealer))


def result_of(game: GameState | Match) -> str:
    """The result text of a round or match: ``*`` while it goes on, else the text of its
    :class:`~eighthalf.core.game.Result` (:func:`~eighthalf.core.game.result_text`).

    >>> result_of(new_game(3, seed=5)), result_of(new_match(3, rounds=2, seed=5))
    ('*', '*')

    Raises:
        InvalidStateError: If ``game`` is neither a :class:`~eighthalf.GameState` nor a
            :class:`~eighthalf.Match`.
    """
    if isinstance(game, Match):
        return result_text(MATCH, game)
    if isinstance(game, GameState):
        return result_text(EIGHTHALF, game)
    raise InvalidStateError(f"result_of needs a GameState or a Match, not {quote(game)}")


def replay(record: Record) -> Iterator[GameState | Match]:
    """Yield the first state and the state after every move, checking each move.

    When the record has a result, the last state must be finished with that result.

    Raises:
        DocumentError: If ``record`` is not a :class:`~eighthalf.Record` (at once), or, as the
            states are yielded, a move is illegal (the message gives its number) or the
            result does not match.
    """
    return replay_states(RECORD_FORMAT.checked(record, "replay"))


def dumps(record: Record) -> str:
    """The record as text (see the module text for the format), which :func:`loads` reads back equal.

    A record whose result is left ``*`` while its moves, all legal, end the round or the
    match is written with the result they give, and reads back finished
    (:meth:`Record.with_result <eighthalf.Record.with_result>`, issue 27); a given result
    is written as given (:func:`~eighthalf.replay` checks it).

    Every move's notation is checked to read back as the move
    (:meth:`RecordFormat.written_moves <eighthalf.formats.replay.RecordFormat.written_moves>`),
    as in Eights; the constructors of 8½'s moves check every field, so only a move whose
    fields were changed behind their back fails it.

    Raises:
        DocumentError: If ``record`` is not a :class:`~eighthalf.Record`, or a move's notation does
            not read back as the move (at ``$.moves[<i>]``); nothing is written then.
    """
    return RECORD_FORMAT.dumps(record)


def loads(text: str) -> Record:
    """Read a record written by :func:`dumps` (or by hand in the same format).

    Raises:
        DocumentError: If the text is not a well-formed record, or the record it
            describes is not valid (see :class:`~eighthalf.Record`); the message names the line,
            tag or move at fault.
    """
    return RECORD_FORMAT.loads(text)


def _setup_tags(record: Record) -> list[tuple[str, str]]:
    """``Players``, then ``Dealer``, ``Seed``, ``Deck`` and ``Rounds`` when given."""
    tags = [("Players", str(record.players))]
    if record.dealer is not None:
        tags.append(("Dealer", str(record.dealer)))
    if record.seed is not None:
        tags.append(("Seed", seed_bytes(record.seed).decode("ascii")))
    if record.deck is not None:
        tags.append(("Deck", "".join(map(str, record.deck))))
    if record.rounds is not None:
        tags.append(("Rounds", str(record.rounds)))
    return tags


def _setup_fields(tags: Mapping[str, str]) -> dict[str, Any]:
    """The fields that ``Players``, ``Dealer``, ``Seed``, ``Deck`` and ``Rounds`` give."""
    fields: dict[str, Any] = {}
    for tag in _SETUP_TAGS:
        text = tags.get(tag)
        if text is None:
            continue
        if tag != "Deck":
            fields[tag.lower()] = tag_int(text, tag)
            continue
        try:
            fields["deck"] = tuple(Rank.from_symbol(symbol) for symbol in text)
        except EighthalfError as error:
            raise DocumentError("$.Deck", str(error)) from None
    return fields


RECORD_FORMAT: Final = RecordFormat(
    record=Record,
    name="a Record",
    game=MATCH,  # names the game, reads the rules tags, and reads round and match moves alike
    own_tags=frozenset(("Game", *_SETUP_TAGS, "MoveLimit", "Seats", "Options", "Result")),
    needed=("Players",),
    # dumps writes "8½", and a record without the tag is 8½'s: anything else would be lost.
    game_tag_needed=False,
    readers={"Eights": "eighthalf.eights.records.loads"},
    spaced=False,
    setup_tags=_setup_tags,
    setup_fields=_setup_fields,
    field_tags={"rules": "Rules", "result": "Result", **{tag.lower(): tag for tag in _SETUP_TAGS}},
)
"""How 8½'s records are written and read."""
