"""The terminal game, written once for every game: one person against bots, move by move.

A game joins it with a *face* (:class:`Screen`): what its screen shows, how its moves are
labelled and typed, and how its events are told. Everything else is here, the same for
8½ (:mod:`eighthalf.games.eighthalf.terminal`) and Eights (:mod:`eighthalf.games.eights.terminal`):

- the settings every table has (:class:`PlayConfig`), their options and checks
  (:func:`add_seating_arguments`, :func:`seating_from_args`, :func:`names_from_args`,
  :func:`add_record_argument`);
- reading an answer (:func:`read_answer`): the end of input quits, text the terminal
  cannot decode is refused and asked again;
- the labels of the lines of moves (:func:`label_of`, :func:`label_letters`,
  :func:`labelled`, :func:`label_hint`): letters, never digits, each game leaving out
  the letters its answers use, so that no answer means two things;
- the ask loop (:func:`ask_move`): quit and help words, a line's label or the move
  itself, every refusal one line (bad input quoted and cut) and the question again;
- the referee loop (:func:`play`): the full state held here alone, each bot moving from
  its own view with a :class:`random.Random` of its own (:func:`bot_seed`), observers
  told every move, the person asked, the events told as the person may see them;
- :func:`run_play`: the goodbye on quitting or Ctrl-C, the record saved at the end
  (``--record``) and the command that plays the same game again.

>>> letters = label_letters("bcdghox")  # 8½ leaves out the letters of its notation
>>> letters, [label_of(index, 3, letters) for index in range(3)]
('aefijkmnprstuvwyz', ['a', 'e', 'f'])
>>> bot_seed(b"eighthalf-play-bot-v1", 7, 1) == bot_seed(b"eighthalf-play-bot-v1", 7, 1)
True
>>> from eighthalf.games.eighthalf.game import EIGHTHALF
>>> why_illegal_text(EIGHTHALF, EIGHTHALF.start(4, seed=7), EIGHTHALF.parse_move("9"))
'the opening play is the lowest yellow card, 4, with any copies (S5)'
"""

from __future__ import annotations

import argparse
import builtins
import functools
import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from eighthalf.console.arguments import TolerantStdin, check_bots_option, int_type, save_record
from eighthalf.console.demo import bot_move, tell_observers
from eighthalf.core.errors import EighthalfError, IllegalMoveError, quote
from eighthalf.core.game import EventT, Game, MoveT, RulesT, StateT, ViewT, apply_with_events
from eighthalf.core.i18n import DEFAULT_LOCALE, localize_reason
from eighthalf.registry import entry_of, load_bot_for
from eighthalf.simulation.runner import MAX_SEED_DIGITS, brief

__all__ = [
    "LABEL_LETTERS",
    "MAX_NAME",
    "PLAIN",
    "QUIT_WORDS",
    "Choices",
    "Message",
    "Paint",
    "Pause",
    "PlayConfig",
    "Quit",
    "Screen",
    "ScreenItem",
    "add_name_arguments",
    "add_record_argument",
    "add_seating_arguments",
    "ask_move",
    "bot_seed",
    "check_name",
    "label_hint",
    "label_letters",
    "label_of",
    "labelled",
    "names_from_args",
    "play",
    "read_answer",
    "reason_of",
    "run_play",
    "seating_from_args",
    "why_illegal_text",
]

ConfigT = TypeVar("ConfigT", bound="PlayConfig[Any]")

QUIT_WORDS: Final = frozenset({"q", "quit", "exit"})
"""The answers that leave the game, in any case (the end of input and Ctrl-C do too)."""

LABEL_LETTERS: Final = "abcdefghijkmnoprstuvwxyz"
"""The letters that may label a line of moves, in order: ``a`` to ``z`` but ``l`` (read as
a 1) and ``q`` (quit). A digit never labels a line. Each game takes those that are not
letters of its own answers (:func:`label_letters`)."""

Paint = Callable[[str, str], str]
"""A painter: ``paint(text, style)`` returns ``text`` styled for the terminal (or as is)."""


def _plain(text: str, style: str) -> str:
    return text


PLAIN: Paint = _plain
"""The plain painter: returns the text unchanged, whatever the style."""


class Quit(Exception):
    """The person asked to leave (a quit word or the end of input)."""


@attrs.frozen(slots=True, weakref_slot=False)
class PlayConfig(Generic[RulesT]):
    """The checked options of a game in the terminal, as every game has them.

    Each game's ``config_from_args`` makes its own subclass (with its own ``command``).
    """

    players: int
    """The number of seats."""
    seat: int
    """The person's seat."""
    bots: tuple[str | None, ...]
    """The bot of every seat (a name or ``module:attribute``); ``None`` at the person's seat."""
    seed: int
    """The seed of the game (of every deal of a match)."""
    names: tuple[str, ...]
    """Every seat's name."""
    rules: RulesT
    """The rules of the table."""
    record: str | None = None
    """Where to save the game as a record when it ends, if anywhere."""
    auto_forced: bool = False
    """Whether the person's forced moves (a single legal move) are played without asking."""
    locale: str = DEFAULT_LOCALE
    """The language of what happened and of the reasons of refused moves (``--lang``:
    ``"en"``, ``"fr"`` or ``"nl"``; :mod:`eighthalf.core.i18n`)."""

    def command(self) -> str:
        """The command line that plays this game again (each game's subclass says it)."""
        raise NotImplementedError


def add_seating_arguments(
    parser: argparse.ArgumentParser,
    *,
    players: range,
    registry: Mapping[str, Callable[[], Any]],
    seed_help: str,
    default: int = 4,
) -> None:
    """Add the options every terminal game has first: ``--players N`` (from ``players``,
    default ``default``), ``--seat S`` (default 0), ``--bots a,b,…`` (for the other seats
    in seat order, repeated to fill; default ``greedy``; names of ``registry`` or
    ``module:attribute``) and ``--seed N`` (``seed_help``)."""
    parser.add_argument(
        "--players",
        type=int_type(),
        default=default,
        help=f"number of players, {players[0]} to {players[-1]} (default {default})",
    )
    parser.add_argument("--seat", type=int_type(), default=0, help="your seat, from 0 (default 0)")
    parser.add_argument(
        "--bots",
        default="greedy",
        help="bots for the other seats in seat order, comma-separated, repeated to fill the table "
        f"(default greedy): names from {', '.join(sorted(registry))}, or module:attribute",
    )
    parser.add_argument("--seed", type=int_type(digits=MAX_SEED_DIGITS), default=None, help=seed_help)


MAX_NAME: Final = 24
"""The most characters of a player's name (:func:`check_name`)."""


def add_name_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--name NAME`` (the person's) and ``--names a,b,…`` (every seat's, in seat order),
    which :func:`names_from_args` reads."""
    parser.add_argument("--name", default=None, help="your name (default: your seat's, Anna for seat 0)")
    parser.add_argument("--names", default=None, help="players' names by seat, comma-separated (default Anna, Ben, …)")


def check_name(name: str, option: str) -> None:
    """Refuse a name that a record's ``Names`` tag cannot hold: empty, longer than
    :data:`MAX_NAME`, unprintable, or with a quote, a backslash or a comma.

    Raises:
        EighthalfError: If ``name`` is refused; the message names ``option``.
    """
    if not name or len(name) > MAX_NAME or not name.isprintable() or '"' in name or "\\" in name or "," in name:
        raise EighthalfError(
            f"{option}: {brief(name)} is not a name: 1 to {MAX_NAME} printable characters, no quotes or commas"
        )


def add_record_argument(parser: argparse.ArgumentParser, loads: str) -> None:
    """Add ``--record PATH``: save the game as a record, which the function ``loads`` (its
    dotted name) reads."""
    parser.add_argument(
        "--record",
        metavar="PATH",
        default=None,
        help=f"save the game as a record to PATH when it ends (read it with {loads} and replay)",
    )


def seating_from_args(
    args: argparse.Namespace,
    *,
    players: range,
    rule: str,
    registry: Mapping[str, Callable[[], Any]],
    game: Game[Any, Any, Any, Any, Any] | None = None,
) -> tuple[int, int, tuple[str | None, ...]]:
    """The number of players, the person's seat and every seat's bot (``None`` at the
    person's) from the options of :func:`add_seating_arguments`; with ``game``, a bot of
    another game is refused (see :func:`~eighthalf.console.arguments.check_bots_option`).

    Raises:
        EighthalfError: If the number of players is not in ``players`` (rule ``rule``), the
            seat is not one of the table, or ``--bots`` does not fill the other seats.
    """
    count, seat = args.players, args.seat
    if count not in players:
        raise EighthalfError(f"--players must be from {players[0]} to {players[-1]} ({rule}), not {count}")
    if not 0 <= seat < count:
        raise EighthalfError(f"--seat must be a seat from 0 to {count - 1}, not {seat}")
    others = iter(check_bots_option(str(args.bots), count - 1, registry, game=game))
    return count, seat, tuple(None if index == seat else next(others) for index in range(count))


def names_from_args(
    given: str | None,
    defaults: Sequence[str],
    check: Callable[[str, str], None],
    *,
    seat: int = 0,
    own: str | None = None,
) -> tuple[str, ...]:
    """Every seat's name: ``defaults``, the first ones replaced by the comma-separated
    ``given`` (``--names``) and the person's (at ``seat``) by ``own`` (``--name``), if any.
    ``check(name, option)`` refuses a name that the game does not take.

    Raises:
        EighthalfError: If more names are given than seats, one is empty or refused by
            ``check``, or two seats have the same name.
    """
    names = list(defaults)
    if given is not None:
        listed = [name.strip() for name in str(given).split(",")]
        if len(listed) > len(names) or not all(listed):
            raise EighthalfError(f"--names: give up to {len(names)} names, none of them empty")
        for name in listed:
            check(name, "--names")
        names[: len(listed)] = listed
    if own is not None:
        name = str(own).strip()
        check(name, "--name")
        names[seat] = name
    if len(set(names)) != len(names):
        raise EighthalfError(f"--names: every player needs a name of their own, not {', '.join(names)}")
    return tuple(names)


def bot_seed(tag: bytes, seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in a game seeded ``seed``: derived from the game's
    seed under the game's ``tag``, but not the deal's, so it tells nothing of the deal."""
    return int.from_bytes(hashlib.shake_256(b"%s:%d:%d" % (tag, seed, seat)).digest(16), "little")


def read_answer(ask: Callable[[str], str], prompt: str, write: Callable[[str], None], paint: Paint = PLAIN) -> str:
    """One answer to ``prompt``, stripped; asks again on text that cannot be read.

    Raises:
        Quit: At the end of input.
    """
    while True:
        try:
            answer = ask(prompt)
        except EOFError:
            raise Quit from None
        except UnicodeDecodeError as error:
            write(
                paint(f"could not read that answer: it is not valid {error.encoding} text; please type it again", "red")
            )
            continue
        if any("\udc80" <= char <= "\udcff" for char in answer):  # bytes the terminal's encoding could not read
            write(
                paint(
                    "could not read that answer: it is not valid text in the terminal's encoding; please type it again",
                    "red",
                )
            )
            continue
        return answer.strip()


def label_letters(forbidden: str) -> str:
    """The letters of :data:`LABEL_LETTERS` that are not in ``forbidden`` (the letters a
    game's answers use on their own: its notation's, its help words'), in order.

    >>> label_letters("h")
    'abcdefgijkmnoprstuvwxyz'
    """
    return "".join(letter for letter in LABEL_LETTERS if letter not in forbidden.lower())


def label_of(index: int, count: int, letters: str) -> str:
    """The label of line ``index`` (from 0) of a list of ``count`` moves: one of
    ``letters`` (see :func:`label_letters`), or, when there are more moves than letters,
    two (``aa``, ``ab``, …), three beyond ``len(letters) ** 2``, and so on. Every line of a
    list has a label of the same length.

    >>> letters = label_letters("h")
    >>> label_of(1, 3, letters), label_of(0, 30, letters), label_of(29, 30, letters)
    ('b', 'aa', 'bg')

    Raises:
        EighthalfError: If ``index`` is not from 0 to ``count - 1``, or ``letters`` has
            fewer than two distinct letters.
    """
    if type(index) is not int or type(count) is not int or not 0 <= index < count:
        raise EighthalfError("no label for that line: the index goes from 0 to count - 1")
    if not isinstance(letters, str) or len(set(letters)) != len(letters) or len(letters) < 2:
        raise EighthalfError("no label for that line: the labels need two letters or more, each once")
    size = len(letters)
    width, lines = 1, size
    while lines < count:
        width, lines = width + 1, lines * size
    label = ""
    for _ in range(width):
        index, digit = divmod(index, size)
        label = letters[digit] + label
    return label


def labelled(moves: Sequence[MoveT], letters: str) -> dict[str, MoveT]:
    """Every one of ``moves`` under its label (:func:`label_of`), in the order of ``moves``.

    >>> labelled(["7", "33", "c"], "aef")
    {'a': '7', 'e': '33', 'f': 'c'}
    """
    count = len(moves)
    return {label_of(index, count, letters): move for index, move in enumerate(moves)}


_WIDTHS: Final = ("a letter", "two letters", "three letters")


def label_hint(labels: Sequence[str]) -> tuple[str, str]:
    """How a question names the labels of a list (``labels``, every line's, in order): in
    words, and short for the prompt.

    >>> label_hint(["a"]), label_hint(["a", "e", "f"])
    (('a', 'a'), ('a, e or f', 'a/e/f'))
    >>> label_hint(list("abcdefg"))
    ('a letter from a to g', 'a…g')
    >>> label_hint([label_of(index, 30, "abcdefgijk") for index in range(30)])
    ('two letters from aa to ck', 'aa…ck')
    """
    first, last = labels[0], labels[-1]
    if len(labels) == 1:
        return first, first
    if len(labels) <= 6:
        return f"{', '.join(labels[:-1])} or {last}", "/".join(labels)
    width = len(first)
    what = _WIDTHS[width - 1] if width <= len(_WIDTHS) else f"{width} letters"
    return f"{what} from {first} to {last}", f"{first}…{last}"


@attrs.frozen(slots=True, weakref_slot=False)
class Choices(Generic[MoveT]):
    """How the person is asked for one move: the game's labels and its notation."""

    instruction: str
    """The line shown once before the question (how to answer)."""
    prompt: str
    """The question, asked again after every refused answer."""
    empty: str
    """What an empty answer is told."""
    read: Callable[[str], MoveT | str]
    """A typed answer that is neither a quit nor a help word: the move it names (a line's
    label, or the move in the game's notation), or the one line that says why it names none."""


def ask_move(
    choices: Choices[MoveT],
    moves: Sequence[MoveT],
    refuse: Callable[[MoveT], str],
    ask: Callable[[str], str],
    write: Callable[[str], None],
    *,
    help: str,
    help_words: frozenset[str],
    paint: Paint = PLAIN,
) -> MoveT:
    """Ask until the answer is one of ``moves``; every refusal is one line and the question again.

    ``refuse(move)`` says why a move that is not legal is refused; ``help`` is written
    for any of ``help_words``.

    Raises:
        Quit: On a quit word or at the end of input.
    """
    write(choices.instruction)
    while True:
        text = read_answer(ask, choices.prompt, write, paint)
        key = text.lower()
        if key in QUIT_WORDS:
            raise Quit
        if key in help_words:
            write(help)
            continue
        if not text:
            write(paint(choices.empty, "red"))
            continue
        move = choices.read(text)
        if isinstance(move, str):
            write(paint(move, "red"))
            continue
        if move in moves:
            return move
        write(paint(f"{brief(text)} is not legal here: {refuse(move)}", "red"))


def reason_of(error: EighthalfError) -> str:
    """The message of ``error`` without its "illegal move ...:" in front, if it has one
    (an :class:`~eighthalf.IllegalMoveError`'s).

    >>> reason_of(IllegalMoveError("x" * 80, "no such move", "T3"))
    'no such move (T3)'
    """
    text = str(error)
    if isinstance(error, IllegalMoveError):
        prefix = f"illegal move {quote(error.move)}: "
        if text.startswith(prefix):
            return text[len(prefix) :]
    return text


def why_illegal_text(
    game: Game[StateT, MoveT, Any, Any, Any],
    state: StateT,
    move: MoveT,
    explain: Callable[[IllegalMoveError], str] = reason_of,
) -> str:
    """Why ``game`` refuses ``move`` in ``state``: the reason and rule of its
    :class:`~eighthalf.IllegalMoveError`, without the move in front (as ``explain`` tells
    the error: :func:`reason_of` by default, in English)."""
    try:
        game.apply(state, move)
    except IllegalMoveError as error:
        return explain(error)
    return "it is not among your legal moves"  # pragma: no cover - legal_moves and apply agree


@attrs.frozen(slots=True, weakref_slot=False)
class Message:
    """An event told at once (after what happened since the person's move, if anything)."""

    text: str
    """The text, written in one piece."""


@attrs.frozen(slots=True, weakref_slot=False)
class Pause:
    """A pause: the person presses Enter to go on (or quits)."""

    prompt: str
    """The question of the pause."""


ScreenItem = str | Message | Pause
"""What a face makes of a move's events, item by item: a line kept for the person's next
screen (``str``), a :class:`Message` or a :class:`Pause`."""


class Screen(Generic[StateT, MoveT, ViewT, EventT]):
    """What a game shows in the terminal, and how its moves are typed: all :func:`play`
    asks of a game besides its game object (:class:`~eighthalf.core.game.Game`).

    A face is made for one game of one config. Subclasses give the abstract members; the
    others have a default that suits most games.
    """

    def __init__(
        self, game: Game[StateT, MoveT, ViewT, EventT, Any], config: PlayConfig[Any], paint: Paint = PLAIN
    ) -> None:
        self.game = game
        """The game object played."""
        self.config = config
        """The settings of the game."""
        self.paint = paint
        """The painter of the screens and messages."""

    tag: bytes = b""
    """What the bots' seeds are derived under (:func:`~eighthalf.console.play.bot_seed`); each game its own."""
    again: str = "game"
    """What the last line offers to play again ("the same deal", "the same game")."""
    help: str = ""
    """The help written for a help word."""
    help_words: frozenset[str] = frozenset({"?", "help"})
    """The answers that show the help."""
    reasons: tuple[str, ...] = ()
    """The templates of the game's refusal reasons (its ``reasons.REASONS``), by which
    :meth:`~eighthalf.console.play.Screen.explain` tells them in another language."""
    reason_words: tuple[str, ...] = ()
    """The words placed in those reasons that are translated too (a card's name)."""

    def explain(self, error: IllegalMoveError) -> str:
        """Why a move of the person is refused, with the rule: :func:`reason_of` in English,
        else the reason told in the config's language
        (:func:`~eighthalf.core.i18n.localize_reason`) and the rule id."""
        locale = self.config.locale
        if locale == DEFAULT_LOCALE:
            return reason_of(error)
        reason = localize_reason(error, locale, self.reasons, self.reason_words)
        return f"{reason} ({error.rule})" if error.rule else reason

    def make_bot(self, spec: str) -> Any:
        """A new bot of ``spec`` for this game: by default a name of its registry entry's
        bots (:func:`~eighthalf.registry.bots_for`), or ``module:attribute`` of no other
        game (:func:`~eighthalf.registry.load_bot_for`)."""
        return load_bot_for(self.game, spec)

    def intro(self, state: StateT) -> list[str]:
        """The lines before the first move, each written on its own."""
        raise NotImplementedError

    def screen(self, seen: ViewT, happened: Sequence[str]) -> str:
        """The person's screen before their move, with what happened since their last."""
        raise NotImplementedError

    def choices(self, seen: ViewT) -> Choices[MoveT]:
        """How the person is asked for a move from ``seen``."""
        raise NotImplementedError

    def refusal(self, move: MoveT, seen: ViewT, why: Callable[[MoveT], str]) -> str:
        """Why ``move`` is refused; ``why`` gives the game's own reason."""
        return why(move)

    def answered(self, move: MoveT, seen: ViewT) -> str | None:
        """A line written after the person's move, if any."""
        return None

    def forced(self, move: MoveT, seen: ViewT) -> str:
        """The line kept for the next screen when ``move``, the only one, is played for the person."""
        return f"You had one legal move, {self.game.move_text(move)}, played for you."

    def screen_items(self, events: Sequence[EventT], seat: int, before: StateT, after: StateT) -> list[ScreenItem]:
        """What the person is told of a move of ``seat`` (``events`` are its full events)."""
        raise NotImplementedError

    def observe(
        self, bots: Mapping[int, Any], before: StateT, move: MoveT, events: Sequence[EventT], after: StateT
    ) -> None:
        """Show the move to the bots that observe (by default through the game's
        ``events_for`` and ``view``)."""
        tell_observers(self.game, bots, events, after)

    def ending(self, state: StateT) -> list[str]:
        """The lines after the last move, each written on its own."""
        return []

    def record(self, played: Sequence[MoveT], finished: bool) -> str:
        """The game as the text of a record: finished, or unfinished (``*``), with the
        players' names as a ``Names`` tag (``new_record``, then ``dumps``)."""
        config = self.config
        record = self.new_record(
            players=config.players,
            seed=config.seed,
            rules=config.rules,
            moves=tuple(played),
            tags=(("Names", ",".join(config.names)),),
        )
        return self.dumps(record.finished() if finished else record)

    def new_record(self, **fields: Any) -> Any:
        """The game's record of ``fields`` (``players``, ``seed``, ``rules``, ``moves``, ``tags``):
        by default its registry entry's record class made with them."""
        return entry_of(self.game).records.record(**fields)

    def dumps(self, record: Any) -> str:
        """The text of ``record``, by default in its registry entry's record format."""
        return entry_of(self.game).records.dumps(record)


def play(
    face: Screen[StateT, MoveT, ViewT, EventT],
    ask: Callable[[str], str],
    write: Callable[[str], None],
    played: list[MoveT],
) -> None:
    """Play the game of ``face`` to its end; every move made is appended to ``played``.

    Raises:
        Quit: If the person leaves.
        EighthalfError: If a bot fails or breaks a rule (see :func:`eighthalf.console.demo.bot_move`).
    """
    game, config, paint = face.game, face.config, face.paint
    me = config.seat
    bots = {seat: face.make_bot(name) for seat, name in enumerate(config.bots) if name is not None}
    rngs = {seat: random.Random(bot_seed(face.tag, config.seed, seat)) for seat in bots}
    state = game.start(config.players, seed=config.seed, rules=config.rules)
    for line in face.intro(state):
        write(line)
    happened: list[str] = []
    while (seat := game.to_move(state)) is not None:
        if seat == me:
            seen = game.view(state, me)
            moves = game.legal_moves(state)
            if config.auto_forced and len(moves) == 1:
                move = moves[0]
                happened.append(face.forced(move, seen))
            else:
                write(face.screen(seen, happened))
                happened = []
                why = functools.partial(why_illegal_text, game, state, explain=face.explain)
                move = ask_move(
                    face.choices(seen),
                    moves,
                    functools.partial(face.refusal, seen=seen, why=why),
                    ask,
                    write,
                    help=face.help,
                    help_words=face.help_words,
                    paint=paint,
                )
                said = face.answered(move, seen)
                if said is not None:
                    write(said)
        else:
            move = bot_move(game, bots[seat], state, seat, rngs[seat])
        after, events = apply_with_events(game, state, move)
        played.append(move)
        face.observe(bots, state, move, events, after)
        for item in face.screen_items(events, seat, state, after):
            if isinstance(item, str):
                happened.append(item)
            elif isinstance(item, Pause):
                if read_answer(ask, item.prompt, write, paint).lower() in QUIT_WORDS:
                    raise Quit
            else:
                if happened:
                    write("What happened since your last move:")
                    write("\n".join(f"  - {line}" for line in happened))
                    happened = []
                write(item.text)
        state = after
    for line in face.ending(state):
        write(line)


def run_play(
    args: argparse.Namespace,
    settle: Callable[[argparse.Namespace], ConfigT],
    face_of: Callable[[ConfigT], Screen[Any, Any, Any, Any]],
    *,
    input: Callable[[str], str] = builtins.input,
    write: Callable[[str], None] = print,
) -> int:
    """Play a game in the terminal; returns the exit status.

    ``settle`` checks the parsed ``args`` into a config (a :class:`ValueError` is an
    ``error:`` line and status 2) and ``face_of`` makes the game's face for it. Quitting
    returns 0 after a goodbye line, Ctrl-C 130, a bot that fails 1 (with an ``error:``
    line). The record (``--record``) is saved at the end, finished or unfinished
    (status 1 if it cannot be), and the last line gives the seed and the command that
    plays the same game again.
    """
    try:
        config = settle(args)
    except ValueError as error:
        write(f"error: {error}")
        return 2
    face = face_of(config)
    status = 0
    played: list[Any] = []
    finished = False
    try:
        with TolerantStdin(input is builtins.input):
            play(face, input, write, played)
        finished = True
    except Quit:
        write("")
        write("Goodbye: the game ends here.")
    except KeyboardInterrupt:
        write("")
        write("Goodbye: interrupted.")
        status = 130
    except EighthalfError as error:  # a bot that fails or breaks a rule (the person's moves are checked)
        write(f"error: {error}")
        status = 1
    if config.record is not None and not save_record(config.record, lambda: face.record(played, finished), write):
        status = status or 1
    write(f"Seed {config.seed}: play the same {face.again} again with: {config.command()}")
    return status
