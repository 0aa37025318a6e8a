"""Play Eights in a terminal against bots: ``python -m eighthalf eights play``.

One person sits at one seat; bots (see :mod:`eighthalf.eights.bots`) take the others.
Every turn of the person shows the hand number, the table, the stack's size, every
player's total and points in this hand, the other hands' sizes, the passes in a row
(WH1), the person's own hand, what happened since their last turn, and the moves: each
spelling on a numbered line, and the pass. When passing may exchange cards (WP1, WP2)
the exchanges are not listed one by one (a hand of 7 has 128 of them): the person types
``pass`` and the cards, as ``pass 1e 4w``. An answer is a line's number or a move in
the notation of :func:`~eighthalf.eights.parse_move` (``ONE 1n 7o 4e>4w``, ``pass``,
``pass 1e 4w``); a move that is malformed or illegal gets one line saying why, with the
W rule id, and the question again.

Who sees what (WI1–WI4): the screen is drawn from the person's own
:class:`~eighthalf.eights.PlayerView` and from events filtered by
:func:`~eighthalf.eights.events_for`; each bot gets its own view and a
:class:`random.Random` of its own derived from the seed. The seed rebuilds the game, so
it is printed only at the end (WI4), with the command that plays the same game again.

Quitting: ``q``, ``quit``, ``exit`` or the end of input (Ctrl-D) end the game with a
goodbye line and exit status 0; Ctrl-C ends it the same way with status 130.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_play_arguments(parser)
>>> args = parser.parse_args(["--players", "2", "--seed", "7"])
>>> answers = iter(["?", "q"])
>>> lines: list[str] = []
>>> run_play(args, input=lambda prompt: next(answers), write=lines.append)
0
>>> lines[-2]
'Goodbye: the game ends here.'
"""

from __future__ import annotations

import argparse
import builtins
import hashlib
import random
from collections.abc import Callable, Sequence
from typing import Final

from ..common.cli import TolerantStdin, check_bots_option, check_record_option, int_type, positive, save_record
from ..common.frozen import Frozen
from ..common.runner import MAX_SEED_DIGITS, cut, load_bot
from ..common.shuffle import fresh_seed
from ..errors import EighthalfError, ParseError
from .bots import BOTS, Bot, observes, tell
from .deal import new_game
from .engine import why_illegal
from .events import Event, GameOver, HandDealt, HandOver, apply_with_events, events_for, narrate
from .moves import PASS, Move, Pass, Spell, parse_move
from .options import MAX_PLAYERS, MIN_PLAYERS, Rules
from .records import Record, dumps
from .state import GameState
from .views import PlayerView, view

__all__ = [
    "HELP",
    "NAMES",
    "PlayConfig",
    "add_play_arguments",
    "config_from_args",
    "numbered_moves",
    "render_screen",
    "run_play",
]

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn")
"""The default names of seats 0 to 5."""

_QUIT: Final = frozenset({"q", "quit", "exit"})
_HELP_WORDS: Final = frozenset({"?", "h", "help"})
_MAX_NAME: Final = 24  # characters in a player's name

HELP: Final = """\
How to answer:
  a number            play the move on that line of the list
  ONE 1n 7o 4e>4w     spell a word: the word, the hand cards of its letters, then one
                      table>replacement pair per table card used (the replacing card is a
                      hand card of the same suit that does not spell the word, WT4)
  pass                pass without exchanging (WP1)
  pass 1e 4w          pass and put these hand cards under the stack, drawing as many
                      (at most as many as the stack holds, WP2)
  ? or help           this help;  q, quit or Ctrl-D: leave the game
The rules (EIGHTS.md): a word takes at least one letter from the table (WT3); you must
spell if you can (WT1); the hand ends when everybody has passed in a row (WH1); the game
ends after the hand in which somebody reaches the target (WG3)."""
"""The help shown for ``?``."""


class PlayConfig(Frozen):
    """The checked options of a game of Eights in the terminal (see :func:`config_from_args`)."""

    __slots__ = ("bots", "names", "players", "record", "rules", "seat", "seed")
    __match_args__ = ("players", "seat", "bots", "seed", "names", "rules", "record")

    players: int
    """The number of seats (WS2: 2 to 6)."""
    seat: int
    """The person's seat."""
    bots: tuple[str | None, ...]
    """The bot of every seat (a name or ``module:attribute``); ``None`` at the person's seat."""
    seed: int
    """The game's seed (WS5)."""
    names: tuple[str, ...]
    """Every seat's name."""
    rules: Rules
    """The table's options (WR1, WR2)."""
    record: str | None
    """Where to save the game as a record (:mod:`eighthalf.eights.records`) when it ends, if anywhere."""

    def __init__(
        self,
        players: int,
        seat: int,
        bots: tuple[str | None, ...],
        seed: int,
        names: tuple[str, ...],
        rules: Rules,
        record: str | None = None,
    ) -> None:
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "bots", bots)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "record", record)

    def command(self) -> str:
        """The command line that plays this game again (same seat, bots, names, options and seed)."""
        others = [name for name in self.bots if name is not None]
        parts = ["python -m eighthalf eights play", f"--players {self.players}", f"--seat {self.seat}"]
        parts.append(f"--bots {','.join(others)}")
        if self.names != NAMES[: self.players]:
            parts.append(f"--names {','.join(self.names)}")
        if self.rules.target is not None:
            parts.append(f"--target {self.rules.target}")
        if self.rules.turn_limit is not None:
            parts.append(f"--turn-limit {self.rules.turn_limit}")
        if self.rules.may_pass_freely:
            parts.append("--may-pass-freely")
        parts.append(f"--seed {self.seed}")
        return " ".join(parts)


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``eights play`` to ``parser``.

    ``--players N`` (2–6, default 4), ``--seat S`` (default 0), ``--bots a,b,…`` (for the
    other seats in seat order, repeated to fill; default ``greedy``), ``--seed N``
    (default: a fresh one, printed at the end), ``--name NAME`` (yours), ``--names
    a,b,…`` (every seat's), ``--record PATH`` (save the game as a record), and the table
    options ``--target``, ``--turn-limit`` and ``--may-pass-freely`` (WR1, WR2).
    """
    parser.add_argument(
        "--players", type=int_type(), default=4, help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS} (default 4)"
    )
    parser.add_argument("--seat", type=int_type(), default=0, help="your seat, from 0 (default 0)")
    parser.add_argument(
        "--bots",
        default="greedy",
        help="bots for the other seats in seat order, comma-separated, repeated to fill the table "
        f"(default greedy): names from {', '.join(sorted(BOTS))}, or module:attribute",
    )
    parser.add_argument(
        "--seed",
        type=int_type(digits=MAX_SEED_DIGITS),
        default=None,
        help="the game's seed (default: a fresh one, printed at the end)",
    )
    parser.add_argument("--name", default=None, help="your name (default: your seat's, Anna for seat 0)")
    parser.add_argument("--names", default=None, help="players' names by seat, comma-separated (default Anna, Ben, …)")
    parser.add_argument(
        "--record",
        default=None,
        metavar="PATH",
        help="save the game as a record to PATH when it ends (read it with eighthalf.eights.records.loads and replay)",
    )
    add_rules_arguments(parser)


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--target N`` (WG1, WR2), ``--turn-limit N`` (WH3, WR2) and ``--may-pass-freely`` (WR1)."""
    group = parser.add_argument_group("table options (WR1, WR2; by default the rule book's)")
    group.add_argument(
        "--target",
        type=positive,
        default=None,
        help="the points that end the game (WG1; default 50 with 2 or 3 players, 30 with 4 to 6)",
    )
    group.add_argument(
        "--turn-limit", type=positive, default=None, help="end a hand after this many turns (WH3; default none)"
    )
    group.add_argument(
        "--may-pass-freely", action="store_true", help="a player may pass even when a word can be spelled (WR1)"
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The :class:`~eighthalf.eights.Rules` set by the options of :func:`add_rules_arguments`."""
    return Rules(target=args.target, turn_limit=args.turn_limit, may_pass_freely=args.may_pass_freely)


def _check_name(name: str, option: str) -> None:
    if not name or len(name) > _MAX_NAME or not name.isprintable() or '"' in name or "\\" in name or "," in name:
        raise EighthalfError(
            f"{option}: {cut(name)} is not a name: 1 to {_MAX_NAME} printable characters, no quotes or commas"
        )


def config_from_args(args: argparse.Namespace) -> PlayConfig:
    """Check the options parsed by :func:`add_play_arguments` and settle the defaults.

    Raises:
        EighthalfError: If an option is out of range, a bot is unknown, a bot list is
            longer than the other seats, names are repeated or unprintable, or the
            record cannot be written where ``--record`` says; the message says which and why.
    """
    players = args.players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise EighthalfError(f"--players must be from {MIN_PLAYERS} to {MAX_PLAYERS} (WS2), not {players}")
    if not 0 <= args.seat < players:
        raise EighthalfError(f"--seat must be a seat from 0 to {players - 1}, not {args.seat}")
    others = iter(check_bots_option(str(args.bots), players - 1, BOTS))
    bots = tuple(None if seat == args.seat else next(others) for seat in range(players))
    names = list(NAMES[:players])
    if args.names is not None:
        given = [name.strip() for name in str(args.names).split(",")]
        if len(given) > players or not all(given):
            raise EighthalfError(f"--names: give up to {players} names, none of them empty")
        for name in given:
            _check_name(name, "--names")
        names[: len(given)] = given
    if args.name is not None:
        name = str(args.name).strip()
        _check_name(name, "--name")
        names[args.seat] = name
    if len(set(names)) != len(names):
        raise EighthalfError(f"--names: every player needs a name of their own, not {', '.join(names)}")
    rules = rules_from_args(args)
    record = check_record_option(getattr(args, "record", None))
    seed = args.seed if args.seed is not None else fresh_seed()
    return PlayConfig(players, args.seat, bots, seed, tuple(names), rules, record)


# ---------------------------------------------------------------- the screen


def numbered_moves(seen: PlayerView) -> tuple[Move, ...]:
    """The moves the screen numbers: every spelling, then :data:`~eighthalf.eights.PASS` if
    passing is legal. Passes with an exchange are typed, not listed (see :func:`render_screen`).

    >>> from eighthalf.eights import new_game, view
    >>> [str(move) for move in numbered_moves(view(new_game(4, seed=7), 0))]
    ['pass']
    """
    moves = seen.legal_moves()
    spells = tuple(move for move in moves if isinstance(move, Spell))
    return spells + ((PASS,) if any(isinstance(move, Pass) for move in moves) else ())


def _most_exchanged(seen: PlayerView) -> int:
    """How many cards a pass may exchange now (WP2), if passing is legal."""
    return min(len(seen.hand or ()), seen.stack_size)


def render_screen(seen: PlayerView, names: Sequence[str], happened: Sequence[str] = ()) -> str:
    """The person's screen before their move, drawn from their own view only (WI1–WI4).

    Raises:
        ValueError: If ``seen`` is a spectator's view (it has no hand).
    """
    me = seen.seat
    if me is None or seen.hand is None:
        raise ValueError("the screen is drawn from a player's own view, not a spectator's")
    lines: list[str] = []
    if happened:
        lines.append("What happened since your last move:")
        lines.extend(f"  - {line}" for line in happened)
    lines.append("")
    lines.append(f"── Hand {seen.number + 1}, turn {seen.turns + 1}: your move ({names[me]}) · target {seen.target} ──")
    lines.append(f"Table:  {' '.join(map(str, seen.table))}")
    lines.append(f"Stack:  {seen.stack_size} card{'s' if seen.stack_size != 1 else ''}")
    scores = seen.scores
    lines.append(
        "Scores: "
        + ", ".join(
            f"{'you' if seat == me else names[seat]} {total} (+{scores[seat]} this hand)"
            for seat, total in enumerate(seen.totals)
        )
    )
    lines.append(
        "Hands:  "
        + ", ".join(
            f"{names[seat]} {size} card{'s' if size != 1 else ''}"
            for seat, size in enumerate(seen.hand_sizes)
            if seat != me
        )
    )
    if seen.passes:
        lines.append(f"Passes in a row: {seen.passes} of {seen.players} (WH1)")
    lines.append(f"Your hand ({names[me]}): {' '.join(map(str, seen.hand))}")
    numbered = numbered_moves(seen)
    lines.append("Your moves:")
    width = len(str(len(numbered)))
    for number, move in enumerate(numbered, start=1):
        if isinstance(move, Spell):
            text = f"{move}  ({move.value} point{'s' if move.value != 1 else ''})"
        else:
            text = "pass" + ("" if _most_exchanged(seen) else "  (the stack is empty: no exchange, WP2)")
        lines.append(f"  {number:>{width}}. {text}")
    most = _most_exchanged(seen)
    if numbered and isinstance(numbered[-1], Pass) and most:
        lines.append(
            f"  or pass <cards>: pass and exchange up to {most} of your cards for cards from the stack "
            "(WP1, WP2), such as pass " + " ".join(map(str, seen.hand[: min(2, most)]))
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- the game


class _Quit(Exception):
    """The person asked to leave (``quit`` or the end of input)."""


def _bot_seed(seed: int, seat: int) -> int:
    digest = hashlib.shake_256(b"eighthalf-eights-terminal-v1:%d:%d" % (seed, seat)).digest(16)
    return int.from_bytes(digest, "little")


def _read(ask: Callable[[str], str], prompt: str, write: Callable[[str], None]) -> str:
    """One answer, stripped; asks again on text that cannot be read, raises :class:`_Quit` at
    the end of input."""
    while True:
        try:
            answer = ask(prompt)
        except EOFError:
            raise _Quit from None
        except UnicodeDecodeError as error:
            write(f"could not read that answer: it is not valid {error.encoding} text; please type it again")
            continue
        if any("\udc80" <= char <= "\udcff" for char in answer):  # bytes the terminal's encoding could not read
            write("could not read that answer: it is not valid text in the terminal's encoding; please type it again")
            continue
        return answer.strip()


def _ask_move(state: GameState, seen: PlayerView, ask: Callable[[str], str], write: Callable[[str], None]) -> Move:
    """Ask until the answer is a legal move; raises :class:`_Quit` on quit or end of input."""
    numbered = numbered_moves(seen)
    count = len(numbered)
    choice = "1" if count == 1 else f"1-{count}"
    write(f"Type a number ({choice}) or a move such as {numbered[0]}; ? for help, q to quit.")
    while True:
        text = _read(ask, f"Your move [{choice} or a move]: ", write)
        key = text.lower()
        if key in _QUIT:
            raise _Quit
        if key in _HELP_WORDS:
            write(HELP)
            continue
        if not text:
            write(f"Please choose: a number from {choice}, or a move (? for help).")
            continue
        if text.isascii() and text.isdigit():
            number = int(text)
            if 1 <= number <= count:
                return numbered[number - 1]
            write(
                f"there is no move {number}: choose {'1' if count == 1 else f'a number from 1 to {count}'}, or type a move"
            )
            continue
        try:
            move = parse_move(text)
        except EighthalfError as error:  # a ParseError, or a spelling that contradicts itself
            reason = str(error)
            prefix = f"illegal move {getattr(error, 'move', text)!r}: "
            if reason.startswith(prefix):
                reason = reason[len(prefix) :]
            kind = "not a move" if isinstance(error, ParseError) else "not a spelling"
            write(f"{kind}: {cut(text)}: {reason}")
            continue
        problem = why_illegal(state, move)
        if problem is None:
            return move
        reason = str(problem)
        prefix = f"illegal move {str(move)!r}: "
        write(f"{cut(text)} is not legal here: {reason[len(prefix) :] if reason.startswith(prefix) else reason}")


def _play(config: PlayConfig, ask: Callable[[str], str], write: Callable[[str], None], played: list[Move]) -> None:
    names, me = config.names, config.seat
    bots: dict[int, Bot] = {seat: load_bot(name, BOTS) for seat, name in enumerate(config.bots) if name is not None}
    rngs = {seat: random.Random(_bot_seed(config.seed, seat)) for seat in bots}
    state = new_game(config.players, seed=config.seed, rules=config.rules)
    against = ", ".join(f"{names[seat]} ({bot})" for seat, bot in enumerate(config.bots) if bot is not None)
    write(
        f"Eights — {config.players} players, target {state.target}. You are {names[me]}, seat {me}; against {against}."
    )
    write("Spell number words with your cards and the table's. Type ? at any question for help.")
    write(f"Hand 1: {names[state.hand.to_move]} plays first.")
    happened: list[str] = []
    watch = observes(bots)
    while state.outcome is None:
        seat = state.hand.to_move
        if seat == me:
            seen = view(state, me)
            write(render_screen(seen, names, happened))
            happened = []
            move = _ask_move(state, seen, ask, write)
        else:
            move = bots[seat].choose(view(state, seat), rngs[seat])
        state, events = apply_with_events(state, move)
        played.append(move)
        if watch:  # bots that observe are shown every move (eighthalf.eights.bots.Observer)
            tell(bots, events, state)
        for event in events_for(events, me):
            line = _tell(event, me, names)
            if seat == me:
                write(line)
            elif isinstance(event, (HandOver, HandDealt, GameOver)):
                if happened:
                    write("What happened since your last move:")
                    write("\n".join(f"  - {told}" for told in happened))
                    happened = []
                write(line)
            else:
                happened.append(line)
    outcome = state.outcome
    if outcome.winners == (me,):
        write("You win the game!")
    elif me in outcome.winners:
        write("You share the win (WG3).")
    else:
        write(f"The game is won by {' and '.join(names[seat] for seat in outcome.winners)}.")


def _tell(event: Event, me: int, names: Sequence[str]) -> str:
    """One event in the person's words ("You" for their own seat)."""
    shown = [name if seat != me else "You" for seat, name in enumerate(names)]
    line = narrate([event], shown)[0]
    for old, new in (
        ("You spells ", "You spell "),
        ("You passes", "You pass"),
        ("You pass and puts ", "You pass and put "),
        ("You draws ", "You draw "),
        ("dealt by You;", "dealt by you;"),
        ("; You plays first", "; you play first"),
        (": You wins", ": you win"),
        ("You and", "you and"),
    ):
        line = line.replace(old, new)
    return line


def _record(config: PlayConfig, played: Sequence[Move], finished: bool) -> Record:
    """The game as a :class:`~eighthalf.eights.Record`: finished with its result, else unfinished (``*``)."""
    record = Record(
        players=config.players,
        seed=config.seed,
        rules=config.rules,
        moves=tuple(played),
        tags=(("Names", ",".join(config.names)),),
    )
    return record.finished() if finished else record


def run_play(
    args: argparse.Namespace,
    *,
    input: Callable[[str], str] = builtins.input,
    write: Callable[[str], None] = print,
) -> int:
    """Play a game of Eights in the terminal; returns the exit status.

    ``args`` come from a parser set up with :func:`add_play_arguments`. ``input`` asks
    the person a question (it gets the prompt) and ``write`` shows one or more lines;
    tests pass their own. Quitting with ``q``/``quit``/``exit`` or at the end of input
    returns 0 after a goodbye line; Ctrl-C (:class:`KeyboardInterrupt`) does the same but
    returns 130. Bad options print an error and return 2. The seed, and the command that
    replays the same game, are shown at the end in every case but bad options (WI4).

    With ``--record PATH`` the game is saved at the end as a record (finished, or
    unfinished with result ``*`` if the person left), with the players' names as a
    ``Names`` tag; :func:`eighthalf.eights.records.loads` reads it and
    :func:`~eighthalf.eights.replay` replays it. It is written only at the end, because it
    holds the seed (WI4). If it cannot be written, a line says why and the status is 1.
    """
    try:
        config = config_from_args(args)
    except ValueError as error:
        write(f"error: {error}")
        return 2
    status = 0
    played: list[Move] = []
    finished = False
    try:
        with TolerantStdin(input is builtins.input):
            _play(config, input, write, played)
        finished = True
    except _Quit:
        write("")
        write("Goodbye: the game ends here.")
    except KeyboardInterrupt:
        write("")
        write("Goodbye: interrupted.")
        status = 130
    if config.record is not None and not save_record(
        config.record, lambda: dumps(_record(config, played, finished)), write
    ):
        status = status or 1
    write(f"Seed {config.seed}: play the same game again with: {config.command()}")
    return status
