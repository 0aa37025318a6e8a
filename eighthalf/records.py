"""Game records: a round or a match as text, like PGN for chess, and its replay.

A :class:`Record` holds what is needed to replay a game exactly: the number of players,
the rules, the seed (or, for a single round, the explicit deck), the dealer, the moves
in notation, the result and optional comments. :func:`dumps` writes it as text and
:func:`loads` reads it back; :func:`~eighthalf.replay` yields the successive states, checking every
move and the result.

The text format has tag lines, then the moves, numbered, with comments in braces::

    [Game "8½"]
    [Players "4"]
    [Dealer "3"]
    [Seed "7"]
    [Result "3: 0-0-0-3"]

    1. 4 2. 5 3. 5 {the 5-lock holds} 4. G ...

Tags: ``Players``, ``Dealer`` (default: the last seat), ``Seed`` or ``Deck`` (72 rank
symbols, top of the deck first; single rounds only), ``Rounds`` (present for a match),
``MoveLimit`` (E7), ``Result`` and any others of your own (``Names``, ``Event``,
``Date`` …), kept as they are. The result is ``*`` while unfinished, else
``<winner>: <points>`` for a round (``-`` as winner under E7) and
``<winners>: <totals>`` for a match, e.g. ``0,2: 3-0-3``.

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

import re
from collections import Counter
from collections.abc import Iterator

import attrs

from .cards import COMPOSITION, DECK, Rank
from .deal import check_table, first_state, new_game
from .engine import apply, legal_moves
from .errors import DocumentError, EighthalfError
from .match import Match, MatchMove, new_match, parse_match_move
from .options import Rules
from .state import GameState, Outcome

__all__ = ["Record", "dumps", "loads", "replay", "result_of"]

_KNOWN_TAGS = ("Game", "Players", "Dealer", "Seed", "Deck", "Rounds", "MoveLimit", "Result")


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True)
class Record:
    """A round or a match, as the moves that were made from a known deal."""

    players: int
    """The number of seats."""
    seed: int | None = None
    """The seed of the deal (of every round's deal, for a match)."""
    deck: tuple[Rank, ...] | None = None
    """The explicit deck, top first, instead of a seed (single rounds only)."""
    dealer: int | None = None
    """The (first) dealer; the last seat if ``None`` (S7)."""
    rules: Rules = attrs.field(factory=Rules)
    """The options played with."""
    rounds: int | None = None
    """``None`` for a single round; the number of rounds for a match (M1)."""
    moves: tuple[MatchMove, ...] = ()
    """The moves, in order."""
    result: str = "*"
    """``*`` while unfinished; see the module text for the finished forms."""
    comments: tuple[tuple[int, str], ...] = ()
    """Comments as ``(n, text)``: ``text`` follows the ``n``-th move (0: before the first)."""
    tags: tuple[tuple[str, str], ...] = ()
    """Other tags, such as ``("Names", "Anna,Ben,Cleo")``, kept in order."""

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

    def cut(self, moves: int) -> Record:
        """The record of the first ``moves`` moves only (undo), unfinished, with the
        comments that still apply.

        Raises:
            DocumentError: If ``moves`` is negative or more than the record has.
        """
        if type(moves) is not int or not 0 <= moves <= len(self.moves):
            raise DocumentError("$.moves", f"cannot cut at move {moves!r} of {len(self.moves)}")
        kept = tuple((at, text) for at, text in self.comments if at <= moves)
        return attrs.evolve(self, moves=self.moves[:moves], result="*", comments=kept)

    def played(self, move: MatchMove) -> Record:
        """The record with ``move`` appended (not checked until replayed)."""
        return attrs.evolve(self, moves=self.moves + (move,), result="*")

    def finished(self) -> Record:
        """The record with its result filled in from a replay.

        Raises:
            DocumentError: If a move is illegal or the game is not over.
        """
        last = _last(replay(attrs.evolve(self, result="*")))
        result = result_of(last)
        if result == "*":
            raise DocumentError("$.Result", f"the game is not over after {len(self.moves)} moves")
        return attrs.evolve(self, result=result)


def _from_deck(deck: tuple[Rank, ...], players: int, rules: Rules, dealer: int | None) -> GameState:
    if len(deck) != len(DECK) or Counter(deck) != Counter(COMPOSITION):
        raise DocumentError("$.Deck", "the deck must be the 72 cards of S1")
    return first_state(deck, players, rules, check_table(players, rules, dealer))


def _last(states: Iterator[GameState | Match]) -> GameState | Match:
    last = None
    for last in states:  # noqa: B007
        pass
    assert last is not None
    return last


def result_of(game: GameState | Match) -> str:
    """The result text of a round or match: ``*`` while it goes on."""
    if isinstance(game, Match):
        if not game.over:
            return "*"
        return ",".join(map(str, game.winners)) + ": " + "-".join(map(str, game.scores))
    outcome: Outcome | None = game.outcome
    if outcome is None:
        return "*"
    winner = "-" if outcome.winner is None else str(outcome.winner)
    return winner + ": " + "-".join(map(str, outcome.points))


def replay(record: Record) -> Iterator[GameState | Match]:
    """Yield the first state and the state after every move, checking each move.

    When the record has a result, the last state must be finished with that result.

    Raises:
        DocumentError: If a move is illegal (the message gives its number) or the
            result does not match.
    """
    game = record.start()
    yield game
    for number, move in enumerate(record.moves, 1):
        try:
            if isinstance(game, Match):
                game = game.apply(move)
            else:
                if move not in legal_moves(game):
                    apply(game, move)  # raises the reason
                game = apply(game, move)
        except EighthalfError as error:
            raise DocumentError(f"$.moves[{number - 1}]", f"move {number} ({move}): {error}") from None
        yield game
    if record.result != "*" and result_of(game) != record.result:
        raise DocumentError("$.Result", f"the record says {record.result!r} but the replay gives {result_of(game)!r}")


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def dumps(record: Record) -> str:
    """The record as text (see the module text for the format)."""
    lines = ['[Game "8½"]', f'[Players "{record.players}"]']
    if record.dealer is not None:
        lines.append(f'[Dealer "{record.dealer}"]')
    if record.seed is not None:
        lines.append(f'[Seed "{record.seed}"]')
    if record.deck is not None:
        lines.append(f'[Deck "{"".join(map(str, record.deck))}"]')
    if record.rounds is not None:
        lines.append(f'[Rounds "{record.rounds}"]')
    if record.rules.move_limit is not None:
        lines.append(f'[MoveLimit "{record.rules.move_limit}"]')
    if record.rules.min_players != 2 or record.rules.max_players != 5:
        lines.append(f'[Seats "{record.rules.min_players}-{record.rules.max_players}"]')
    lines.append(f'[Result "{record.result}"]')
    lines.extend(f'[{name} "{_quote(value)}"]' for name, value in record.tags)
    comments: dict[int, list[str]] = {}
    for at, text in record.comments:
        comments.setdefault(at, []).append(text)
    words = [f"{{{_escape(text)}}}" for text in comments.get(0, ())]
    for number, move in enumerate(record.moves, 1):
        words.append(f"{number}. {move}")
        words.extend(f"{{{_escape(text)}}}" for text in comments.get(number, ()))
    words.append(record.result)
    body, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            body.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]$')
_TOKEN = re.compile(r"\{((?:[^{}\\]|\\.)*)\}|(\S+)")


def _escape(comment: str) -> str:
    return comment.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")


def _unescape(comment: str) -> str:
    return re.sub(r"\\(.)", r"\1", comment)


def _int(value: str, tag: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise DocumentError(f"$.{tag}", f"expected an integer, not {value!r}") from None


def loads(text: str) -> Record:
    """Read a record written by :func:`dumps` (or by hand in the same format).

    Raises:
        DocumentError: If the text is not a well-formed record; the message names the
            line, tag or move at fault.
    """
    if not isinstance(text, str):
        raise DocumentError("$", f"a record is text, not {type(text).__name__}")
    tags: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    lines = text.splitlines()
    at = 0
    while at < len(lines) and (lines[at].startswith("[") or not lines[at].strip()):
        line = lines[at].strip()
        at += 1
        if not line:
            continue
        found = _TAG.match(line)
        if found is None:
            raise DocumentError(f"line {at}", f"not a tag: {line!r}")
        name, value = found.group(1), re.sub(r"\\(.)", r"\1", found.group(2))
        if name in tags or any(name == other for other, _ in extra):
            raise DocumentError(f"line {at}", f"tag {name} given twice")
        if name in _KNOWN_TAGS or name == "Seats":
            tags[name] = value
        else:
            extra.append((name, value))
    if "Players" not in tags:
        raise DocumentError("$.Players", "the Players tag is missing")
    players = _int(tags["Players"], "Players")
    seats = tags.get("Seats", "2-5").partition("-")
    try:
        rules = Rules(
            min_players=_int(seats[0], "Seats"),
            max_players=_int(seats[2], "Seats"),
            move_limit=_int(tags["MoveLimit"], "MoveLimit") if "MoveLimit" in tags else None,
        )
    except DocumentError:
        raise
    except EighthalfError as error:
        raise DocumentError("$.Rules", str(error)) from None
    deck = None
    if "Deck" in tags:
        try:
            deck = tuple(Rank.from_symbol(symbol) for symbol in tags["Deck"])
        except EighthalfError as error:
            raise DocumentError("$.Deck", str(error)) from None
    written = tags.get("Result", "*")
    body = "\n".join(lines[at:]).rstrip()
    if not body.endswith(written):
        raise DocumentError("$.Result", f"the move text must end with the result {written!r} of the Result tag")
    body = body[: len(body) - len(written)]
    moves: list[MatchMove] = []
    comments: list[tuple[int, str]] = []
    for found in _TOKEN.finditer(body):
        comment, word = found.group(1), found.group(2)
        if comment is not None:
            comments.append((len(moves), _unescape(comment)))
            continue
        assert word is not None
        if re.fullmatch(r"\d+\.", word):
            if int(word[:-1]) != len(moves) + 1:
                raise DocumentError(f"$.moves[{len(moves)}]", f"move number {word} out of order")
            continue
        try:
            moves.append(parse_match_move(word))
        except EighthalfError as error:
            raise DocumentError(f"$.moves[{len(moves)}]", str(error)) from None
    return Record(
        players=players,
        seed=_int(tags["Seed"], "Seed") if "Seed" in tags else None,
        deck=deck,
        dealer=_int(tags["Dealer"], "Dealer") if "Dealer" in tags else None,
        rules=rules,
        rounds=_int(tags["Rounds"], "Rounds") if "Rounds" in tags else None,
        moves=tuple(moves),
        result=written,
        comments=tuple(comments),
        tags=tuple(extra),
    )
