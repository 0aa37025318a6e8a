"""Play 8½ in a terminal against the built-in bots: ``python -m eighthalf play``.

One person sits at one seat; bots (see :mod:`eighthalf.bots`) take the others. Every
turn of the person shows the call, the 5-lock, who is at risk, the top of the pile,
every player's card counts and open cards, the person's own hand, what happened since
their last move, and the legal moves, each on a line labelled with a letter. The person
answers with a line's letter or with the move itself in the notation of
:func:`~eighthalf.parse_match_move` (``5``, ``33``, ``8H``, ``o7``, ``b0``, ``c``; in a
match also ``x729`` and ``d`` for the exchange of M3). The letters are never letters of
the notation (see :data:`LABELS`), and a digit is always a card, so no answer means two
things: typing ``2`` always plays a 2.

Who sees what (I1–I4): the screen is drawn from the person's own
:class:`~eighthalf.views.PlayerView` (through :func:`~eighthalf.view_match`) and from
events filtered by :func:`~eighthalf.events_for`, never from the full state; each bot
gets only its own view and a :class:`random.Random` of its own derived from the seed.
The full state is held only by the referee loop, which applies moves and explains
illegal ones. The seed rebuilds the deal, so it is printed only at the end (I4),
with the command that plays the same deal again.

Quitting: ``q``, ``quit``, ``exit`` or the end of input (Ctrl-D) end the game with a
goodbye line and exit status 0; Ctrl-C ends it the same way with status 130 (the
shell's convention for an interrupt).

Colour is optional: with the ``rich`` package importable, standard output a terminal,
no ``--no-color`` and no ``NO_COLOR`` variable, cards are shown in their colours.
Plain text carries everything.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_play_arguments(parser)
>>> args = parser.parse_args(["--players", "2", "--seed", "7", "--bots", "greedy", "--no-color"])
>>> answers = iter(["a", "q"])
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
import importlib
import io
import os
import random
import sys
from collections.abc import Callable, Sequence

import attrs

from .bots import BOTS, Bot, choose_exchange, tell_match
from .bots import exchange_choice as bots_exchange_choice
from .cards import Rank
from .common.cli import TolerantStdin as _TolerantStdin
from .common.cli import check_record_option, save_record
from .deal import new_game
from .engine import COMBINATION, effect
from .errors import EighthalfError, IllegalMoveError
from .events import Event, RoundOver, events_for, narrate
from .match import (
    Decline,
    Exchange,
    Exchanged,
    Match,
    MatchMove,
    MatchOver,
    MatchView,
    RoundDealt,
    new_match,
    parse_match_move,
    view_match,
)
from .moves import BlindPlay, Collect, EightAndHalf, HandPlay
from .options import Rules
from .records import Record, dumps
from .simulate import (
    MAX_SEED_DIGITS,
    _cut,
    _int_type,
    add_table_option_arguments,
    check_bots_option,
    load_bot,
    table_option_flags,
    table_options_from_args,
)
from .state import call_text
from .views import PlayerView

__all__ = [
    "LABELS",
    "NAMES",
    "PLAIN",
    "Paint",
    "PlayConfig",
    "add_play_arguments",
    "config_from_args",
    "describe_move",
    "exchange_choice",
    "label_of",
    "main",
    "render_screen",
    "run_play",
]

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve")
"""The default names of seats 0 to 4."""

PILE_SHOWN = 6
"""How many cards from the top of the pile a screen lists."""

LABELS = "aefijkmnprstuvwyz"
"""The letters that label the lines of moves: none of them is a letter of the move notation
(``b`` blind, ``c`` collect, ``d`` decline, ``g`` Ghost, ``h`` ½, ``o`` open, ``x``
exchange) or ``q`` (quit), and a digit is never a label, so an answer never means two
things. Beyond 17 moves every line has two letters (``aa``, ``ae``, …)."""

Paint = Callable[[str, str], str]
"""A painter: ``paint(text, style)`` returns ``text`` styled for the terminal (or as is)."""


def _plain(text: str, style: str) -> str:
    return text


PLAIN: Paint = _plain
"""The plain painter: returns the text unchanged, whatever the style."""


_CARD_STYLES = {
    Rank.ZERO: "green",
    Rank.FIVE: "blue",
    Rank.NINE: "red",
    Rank.HALF: "magenta",
    Rank.GHOST: "bold bright_black",
}

_HELP = """\
How to answer:
  a, e, f, …  the move on the line of that letter in the list (every legal move
              has a line; the letters are never letters of a move)
  7  33  555  one, two, three cards of a rank from your hand (a number is always
              cards, never a line: 2 plays a 2); H is ½ and G a Ghost: HH two ½s,
              GG two Ghosts, 8H the 8½ combination (one 8 with one ½)
  o7          your open 7 (on the table, with an empty hand)
  b0  b1  b2  the blind card at that position (unseen: if it cannot be played,
              you collect the pile)
  c           collect the pile (only when nothing can be played)
  x729  d     in a match, after winning a round: give your open 7 to seat 2 for
              their open 9, or decline the exchange
  ? or help   this help;  q or quit   leave the game (Ctrl-D and Ctrl-C too)
Upper or lower case, and ½ for H, are all fine."""

_QUIT = frozenset({"q", "quit", "exit"})
_HELP_WORDS = frozenset({"?", "help"})
_NUMBER_WORDS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight")


class _Quit(Exception):
    """The person asked to leave (``quit`` or the end of input)."""


# ---------------------------------------------------------------- options


@attrs.frozen(slots=True, weakref_slot=False)
class PlayConfig:
    """The checked options of a game in the terminal (see :func:`config_from_args`)."""

    players: int
    """The number of seats (S2: 2 to 5)."""
    seat: int
    """The person's seat."""
    bots: tuple[str | None, ...]
    """The bot of every seat (a name or ``module:attribute``); ``None`` at the person's seat."""
    seed: int
    """The seed of the deal (of the match's deals with ``rounds``)."""
    rounds: int | None
    """The number of rounds of a match, or ``None`` for a single round."""
    names: tuple[str, ...]
    """Every seat's name."""
    color: bool | None
    """``False`` for plain text; ``None`` to decide by the terminal (see :func:`run_play`)."""
    record: str | None = None
    """Where to save the game as a record (:mod:`eighthalf.records`) when it ends, if anywhere."""
    auto_forced: bool = False
    """Whether the person's forced moves (a single legal move) are played without asking."""
    rules: Rules = attrs.field(factory=Rules)
    """The rules of the table: the rule book's, or with table options (house rules, see
    :class:`~eighthalf.Rules`) set by flags such as ``--open-runs``."""

    def command(self) -> str:
        """The command line that plays this game again (same seat, bots, names and seed)."""
        others = [name for name in self.bots if name is not None]
        parts = ["python -m eighthalf play", f"--players {self.players}", f"--seat {self.seat}"]
        parts.append(f"--bots {','.join(others)}")
        if self.rounds is not None:
            parts.append("--match" if self.rounds == 6 else f"--match --rounds {self.rounds}")
        if self.names != NAMES[: self.players]:
            parts.append(f"--names {','.join(self.names)}")
        parts.append(f"--seed {self.seed}")
        return " ".join(parts) + table_option_flags(self.rules)


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of the ``play`` command to ``parser``.

    ``--players N`` (2–5, default 4), ``--seat S`` (default 0), ``--bots a,b,…`` (for
    the other seats in seat order, repeated to fill; default ``greedy``), ``--seed N``
    (default: a fresh one, printed at the end), ``--match`` and ``--rounds N`` (a match,
    6 rounds unless told), ``--names a,b,…``, ``--record PATH`` (save the game as a
    record), ``--auto-forced`` (play forced moves without asking) and ``--no-color``.
    """
    parser.add_argument("--players", type=_int_type(), default=4, help="number of players, 2 to 5 (default 4)")
    parser.add_argument("--seat", type=_int_type(), default=0, help="your seat, from 0 (default 0)")
    parser.add_argument(
        "--bots",
        default="greedy",
        help="bots for the other seats in seat order, comma-separated, repeated to fill the table "
        f"(default greedy): names from {', '.join(sorted(BOTS))}, or module:attribute",
    )
    parser.add_argument(
        "--seed",
        type=_int_type(digits=MAX_SEED_DIGITS),
        default=None,
        help="the seed of the deal (default: a fresh one, printed at the end)",
    )
    parser.add_argument("--match", action="store_true", help="play a match of several rounds (M1) instead of one round")
    parser.add_argument("--rounds", type=_int_type(), default=None, help="the number of rounds of a match (default 6)")
    parser.add_argument("--names", default=None, help="players' names by seat, comma-separated (default Anna, Ben, …)")
    parser.add_argument(
        "--record",
        metavar="PATH",
        default=None,
        help="save the game as a record to PATH when it ends (read it with eighthalf.records.loads and replay)",
    )
    parser.add_argument(
        "--auto-forced", action="store_true", help="play your forced moves (a single legal move) without asking"
    )
    parser.add_argument("--no-color", action="store_true", help="plain text, no colour (also with NO_COLOR set)")
    add_table_option_arguments(parser)


_MAX_NAME = 24  # characters in a player's name


def config_from_args(args: argparse.Namespace) -> PlayConfig:
    """Check the options parsed by :func:`add_play_arguments` and settle the defaults.

    Raises:
        EighthalfError: If an option is out of range, a bot is unknown, a bot list is
            longer than the other seats, names are repeated or unprintable, or the record
            cannot be written where asked; the message says which and why.
    """
    players = args.players
    if not 2 <= players <= 5:
        raise EighthalfError(f"--players must be from 2 to 5 (S2), not {players}")
    if not 0 <= args.seat < players:
        raise EighthalfError(f"--seat must be a seat from 0 to {players - 1}, not {args.seat}")
    others = iter(check_bots_option(str(args.bots), players - 1))
    bots = tuple(None if seat == args.seat else next(others) for seat in range(players))
    rounds: int | None = None
    if args.rounds is not None and not args.match:
        raise EighthalfError("--rounds goes with --match")
    if args.match:
        rounds = 6 if args.rounds is None else args.rounds
        if rounds < 1:
            raise EighthalfError(f"--rounds must be at least 1 (M1), not {rounds}")
    names = list(NAMES[:players])
    if args.names is not None:
        given = [name.strip() for name in str(args.names).split(",")]
        if len(given) > players or not all(given):
            raise EighthalfError(f"--names: give up to {players} names, none of them empty")
        for name in given:
            if len(name) > _MAX_NAME or not name.isprintable() or '"' in name or "\\" in name:
                raise EighthalfError(
                    f"--names: {_cut(name)} is not a name: up to {_MAX_NAME} printable characters, no quotes"
                )
        names[: len(given)] = given
    if len(set(names)) != len(names):
        raise EighthalfError(f"--names: every player needs a name of their own, not {', '.join(names)}")
    record = check_record_option(getattr(args, "record", None))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(6), "little")
    return PlayConfig(
        players,
        args.seat,
        bots,
        seed,
        rounds,
        tuple(names),
        False if args.no_color else None,
        record=record,
        auto_forced=bool(getattr(args, "auto_forced", False)),
        rules=Rules(**table_options_from_args(args)),
    )


# ---------------------------------------------------------------- rendering


def _cards(cards: Sequence[Rank], paint: Paint) -> str:
    return " ".join(paint(card.label, _CARD_STYLES.get(card, "yellow")) for card in cards)


def _a(rank: Rank) -> str:
    """``rank`` with its article: "a 7", "an 8", "a ½", "a Ghost"."""
    return f"an {rank.label}" if rank == Rank.EIGHT else f"a {rank.label}"


def _some(rank: Rank, count: int) -> str:
    """``count`` cards of ``rank`` in words: "a 3", "two 3s", "three Ghosts"."""
    return _a(rank) if count == 1 else f"{_NUMBER_WORDS[count]} {rank.label}s"


def _who(seat: int, me: int | None, names: Sequence[str]) -> str:
    return "you" if seat == me else names[seat]


def describe_move(move: MatchMove, seen: MatchView, names: Sequence[str]) -> str:
    """A move in words, with what it does to the call, for the viewer of ``seen``.

    >>> from eighthalf import new_game, new_match, parse_move, view_match
    >>> seen = view_match(new_match(4, seed=7), 0)
    >>> describe_move(parse_move("33"), seen, ["Anna", "Ben", "Cleo", "Dan"])
    'two 3s: the call becomes 3'
    >>> describe_move(parse_move("o7"), seen, ["Anna", "Ben", "Cleo", "Dan"])
    'your open 7: the call becomes 7'

    Only public facts and the viewer's own cards are used (I1–I3).
    """
    table = seen.round
    me = table.seat
    if isinstance(move, Decline):
        return "decline the exchange and keep your open cards"
    if isinstance(move, Exchange):
        return f"give your open {move.own.label} to {names[move.loser]} for their open {move.theirs.label}"
    if isinstance(move, Collect):
        size = len(table.pile)
        where = "into your hand" if me is not None and table.seats[me].on_table else "set aside, out of play"
        return f"collect the pile ({size} card{'s' if size != 1 else ''}, {where})"
    if isinstance(move, BlindPlay):
        return f"turn blind card {move.position}, unseen (if it cannot be played, you collect the pile)"
    if isinstance(move, HandPlay):
        what, token, count = _some(move.rank, move.count), int(move.rank), move.count
    elif isinstance(move, EightAndHalf):
        what, token, count = "the 8½ combination (an 8 with a ½)", COMBINATION, 1
    elif move.count == 1:
        what, token, count = f"your open {move.rank.label}", int(move.rank), 1
    else:  # several open cards together (T3, the table option open_runs)
        what, token, count = f"your {move.count} open {move.rank.label}s", int(move.rank), move.count
    result = effect(token, count, table.call_halves, table.locked, table.rules.variant)
    if result is None:  # not legal here: describe the cards only
        return what
    call_halves, locked, risky, catch = result
    if catch and table.at_risk is not None:
        return f"{what}: catches {_who(table.at_risk, me, names)}, who collects the pile; you play again"
    if token == Rank.GHOST:
        tail = f"the call stays {call_text(call_halves)}"
    else:
        tail = f"the call becomes {call_text(call_halves)}"
    if locked and token != Rank.GHOST:
        tail += ", with the 5-lock"
    if risky:
        tail += ", and you are at risk"
    return f"{what}: {tail}"


def _call_line(table: PlayerView, names: Sequence[str]) -> str:
    me = table.seat
    line = f"Call: {table.call_label}"
    if table.at_risk is not None and table.catch_card is not None:
        who = "you are" if table.at_risk == me else f"{names[table.at_risk]} is"
        line += f" — {who} at risk ({_a(table.catch_card)} catches)"
    elif not table.pile:
        line += " — the pile is empty"
    elif table.call_halves % 2:
        line += " — nobody can be caught above 8½"
    return line


def _pile_line(table: PlayerView, names: Sequence[str], paint: Paint) -> str:
    if not table.pile:
        return "Pile: empty"
    shown = table.pile[-PILE_SHOWN:]
    hidden = len(table.pile) - len(shown)
    parts = [f"{_cards([card.rank], paint)} ({names[card.seat]})" for card in shown]
    lead = f"… {hidden} more, then " if hidden else ""
    size = len(table.pile)
    return f"Pile, {size} card{'s' if size != 1 else ''}, top last: {lead}{' · '.join(parts)}"


def _seat_lines(seen: MatchView, names: Sequence[str], paint: Paint, match_mode: bool) -> list[str]:
    table = seen.round
    me = table.seat
    labels = [f"{seat} {name} (you)" if seat == me else f"{seat} {name}" for seat, name in enumerate(names)]
    width = max(len(label) for label in labels)
    opens = [" ".join(card.label for card in seat.open) or "-" for seat in table.seats]
    open_width = max(len(text) for text in opens)
    scores = seen.scores
    mover = seen.exchange_by if seen.exchange_by is not None else table.to_move
    lines = []
    for index, seat in enumerate(table.seats):
        marker = paint(">", "bold") if index == mover and not table.over else " "
        open_text = _cards(seat.open, paint) if seat.open else "-"
        padding = " " * (open_width - len(opens[index]))
        line = (
            f" {marker} {paint(labels[index].ljust(width), 'bold cyan' if index == me else '')}"
            f"  hand {seat.hand_size:>2}  bank {seat.bank_size:>2}  open {open_text}{padding}"
            f"  blind {seat.blind_size}  collected {len(seat.collected):>2}"
        )
        if match_mode:
            line += f"  points {scores[index]:>2}"
        flags = []
        if match_mode and index == seen.dealer:
            flags.append("dealer")
        if seat.on_table:
            flags.append("on the table")
        if index == table.at_risk:
            flags.append("at risk")
        if index == mover and not table.over:
            flags.append("to move")
        if flags:
            line += "  (" + ", ".join(flags) + ")"
        lines.append(line.rstrip())
    return lines


def label_of(index: int, count: int) -> str:
    """The label of line ``index`` (from 0) of a list of ``count`` moves: a letter of
    :data:`LABELS`, or two when there are more moves than letters.

    >>> [label_of(index, 3) for index in range(3)]
    ['a', 'e', 'f']
    >>> label_of(0, 20), label_of(19, 20)
    ('aa', 'ef')

    Raises:
        EighthalfError: If ``index`` is not from 0 to ``count - 1``, or ``count`` is above
            ``len(LABELS) ** 2``.
    """
    size = len(LABELS)
    if type(index) is not int or type(count) is not int or not 0 <= index < count <= size * size:
        raise EighthalfError(
            f"no label for that line: the index goes from 0 to count - 1, for at most {size * size} lines"
        )
    if count <= size:
        return LABELS[index]
    return LABELS[index // size] + LABELS[index % size]


def render_screen(
    seen: MatchView,
    names: Sequence[str],
    happened: Sequence[str] = (),
    *,
    match_mode: bool = False,
    paint: Paint = PLAIN,
) -> str:
    """The screen of the viewer's turn: the table, what happened, and the moves, each on a line
    labelled by :func:`label_of`.

    It is drawn from ``seen`` alone (the viewer's :class:`~eighthalf.MatchView`), so it
    shows nothing the viewer may not see (I1–I4); ``happened`` are narrated events
    already filtered for the viewer by :func:`~eighthalf.events_for`.

    Raises:
        ValueError: If ``seen`` has no viewer (a spectator has no turn).
    """
    table = seen.round
    me = table.seat
    if me is None:
        raise ValueError("a screen needs a viewer's seat, not a spectator's view")
    mine = table.seats[me]
    lines: list[str] = []
    if match_mode:
        head = f"Round {seen.round_index + 1} of {seen.rounds} · move {table.move_number + 1}"
    else:
        head = f"Move {table.move_number + 1}"
    lines.append("")
    lines.append(paint(f"── {head} · your turn, {names[me]} ──", "bold"))
    if happened:
        lines.append("What happened since your last move:")
        lines.extend(f"  - {line}" for line in happened)
    lines.append(_call_line(table, names))
    if table.locked:
        lines.append(paint("5-lock: only 1–5, 0, ½ or Ghost may be played (P7)", "bold blue"))
    risk = table.at_risk
    if risk is not None and table.seats[risk].is_out and risk != me and table.catch_card is not None:
        lines.append(
            f"{names[risk]} has no cards left: catch with {_a(table.catch_card)} now, "
            f"or {names[risk]} wins after this move (E2)"
        )
    lines.append(_pile_line(table, names, paint))
    lines.append("Players:")
    lines.extend(_seat_lines(seen, names, paint, match_mode))
    hand = mine.hand or ()
    if hand:
        lines.append(f"Your hand: {_cards(hand, paint)}")
    elif mine.open:
        lines.append("Your hand: empty — you play your open cards, one a turn (L2)")
    elif mine.blind_size:
        lines.append("Your hand: empty, no open cards — you turn your blind cards (L4)")
    else:
        lines.append("Your hand: empty")
    moves = seen.legal_moves()
    if seen.exchange_by == me:
        lines.append(
            "You won the last round: you may exchange one of your open cards with an open card "
            "of a Big Loser, or decline (M3). Your choices:"
        )
    else:
        if table.opening is not None:
            lines.append(f"You open the round with your lowest yellow card, the {table.opening.label} (S5).")
        lines.append("Your moves:")
    for number, move in enumerate(moves):
        lines.append(f"  {label_of(number, len(moves))}) {move!s:<4} — {describe_move(move, seen, names)}")
    return "\n".join(lines)


def _outcome_lines(
    event: RoundOver, names: Sequence[str], me: int, paint: Paint, totals: Sequence[int] | None
) -> list[str]:
    lines = ["", paint("── The round is over ──", "bold")]
    if event.winner is None:
        lines.append("The move limit is reached: the round ends without a winner, and nobody scores (E7).")
    else:
        lines.append(
            paint("You win the round!" if event.winner == me else f"{names[event.winner]} wins the round.", "bold")
        )
    lines.append("Cards left (E4): " + ", ".join(f"{names[s]} {count}" for s, count in enumerate(event.counts)))
    if event.big_losers:
        losers = " and ".join(f"{names[s]} ({event.counts[s]})" for s in event.big_losers)
        lines.append(f"Big Loser{'s' if len(event.big_losers) > 1 else ''} (E5): {losers}")
    lines.append("Points (E6): " + ", ".join(f"{names[s]} {points}" for s, points in enumerate(event.points)))
    if totals is not None:
        lines.append("Totals: " + ", ".join(f"{names[s]} {total}" for s, total in enumerate(totals)))
    return lines


def _tell(event: Event | Exchanged, me: int, names: Sequence[str]) -> str:
    """One sentence for one event, as seat ``me`` may see it."""
    if isinstance(event, Exchanged):
        if event.exchange is None:
            return f"{names[event.seat]} declines the exchange (M3)."
        move = event.exchange
        return (
            f"{names[event.seat]} exchanges an open {move.own.label} "
            f"for {names[move.loser]}'s open {move.theirs.label} (M3)."
        )
    return narrate(events_for([event], me), names)[0]


# ---------------------------------------------------------------- bots' exchange


def exchange_choice(seen: MatchView) -> MatchMove:
    """How a built-in bot decides on the exchange of M3: :func:`eighthalf.bots.exchange_choice`.

    Raises:
        ValueError: If the viewer is not deciding on an exchange.
    """
    return bots_exchange_choice(seen)


# ---------------------------------------------------------------- the game loop


def _bot_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot: derived from the game's, but not the deal's."""
    return int.from_bytes(hashlib.shake_256(b"eighthalf-play-bot-v1:%d:%d" % (seed, seat)).digest(16), "little")


def _rich_painter() -> Paint | None:
    """A painter that styles with ``rich``, or ``None`` if ``rich`` is not importable."""
    try:
        console_module = importlib.import_module("rich.console")
        text_module = importlib.import_module("rich.text")
    except ImportError:
        return None
    console = console_module.Console(
        file=io.StringIO(), force_terminal=True, width=10_000, highlight=False, markup=False, emoji=False
    )
    text_type = text_module.Text

    def paint(text: str, style: str) -> str:
        if not style or not text:
            return text
        with console.capture() as capture:
            console.print(text_type(text, style=style), end="", soft_wrap=True)
        return str(capture.get())

    return paint


def _painter(config: PlayConfig) -> Paint:
    if config.color is False or "NO_COLOR" in os.environ or not sys.stdout.isatty():
        return PLAIN
    return _rich_painter() or PLAIN


def _start(config: PlayConfig) -> Match:
    if config.rounds is None:  # one round: the very deal of new_game(players, seed=seed)
        state = new_game(config.players, seed=config.seed, rules=config.rules)
        return Match(1, config.seed, config.players - 1, 0, state)
    return new_match(config.players, rounds=config.rounds, seed=config.seed, rules=config.rules)


class _Referee:
    """Holds the full match, moves the bots, and explains why a move is illegal."""

    def __init__(self, config: PlayConfig) -> None:
        self.match = _start(config)
        self.bots: dict[int, Bot] = {seat: load_bot(name) for seat, name in enumerate(config.bots) if name is not None}
        self.rngs = {seat: random.Random(_bot_seed(config.seed, seat)) for seat in self.bots}

    def bot_move(self, seat: int) -> MatchMove:
        match = self.match
        if match.exchange_by is not None:
            return choose_exchange(self.bots[seat], view_match(match, seat), self.rngs[seat])
        return self.bots[seat].choose(view_match(match, seat).round, self.rngs[seat])

    def why_illegal(self, move: MatchMove) -> str:
        """The reason ``move`` is refused now, without making it (the match is immutable)."""
        try:
            self.match.apply(move)
        except IllegalMoveError as error:
            text = str(error)
            prefix = f"illegal move {error.move!r}: "
            return text[len(prefix) :] if text.startswith(prefix) else text
        return "it is not among your legal moves"  # pragma: no cover - legal_moves and apply agree


def _read(ask: Callable[[str], str], prompt: str, write: Callable[[str], None], paint: Paint) -> str:
    """One answer, stripped; asks again on text that cannot be read, raises :class:`_Quit` at
    the end of input."""
    while True:
        try:
            answer = ask(prompt)
        except EOFError:
            raise _Quit from None
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


def _ask_move(
    seen: MatchView,
    ask: Callable[[str], str],
    write: Callable[[str], None],
    why_illegal: Callable[[MatchMove], str],
    paint: Paint,
) -> MatchMove:
    """Ask until the answer is a legal move; raises :class:`_Quit` on quit or end of input."""
    moves = seen.legal_moves()
    count = len(moves)
    labels = {label_of(index, count): move for index, move in enumerate(moves)}
    names = list(labels)
    if count == 1:
        letters, shown = names[0], names[0]
    elif count <= 6:
        letters, shown = f"{', '.join(names[:-1])} or {names[-1]}", "/".join(names)
    else:
        what = "a letter" if count <= len(LABELS) else "two letters"
        letters, shown = f"{what} from {names[0]} to {names[-1]}", f"{names[0]}…{names[-1]}"
    question = "Your decision" if seen.exchange_by is not None else "Your move"
    write(
        f"Type {letters} for a line of the list, or the move itself (a card such as 5 plays that card); ? for help, q to quit."
    )
    while True:
        text = _read(ask, f"{question} [{shown} or a move]: ", write, paint)
        key = text.lower()
        if key in _QUIT:
            raise _Quit
        if key in _HELP_WORDS:
            write(_HELP)
            continue
        if not text:
            write(paint(f"Please choose: {letters}, or the move itself (? for help).", "red"))
            continue
        if key in labels:
            return labels[key]
        try:
            move = parse_match_move(text)
        except ValueError:  # a ParseError; any ValueError of odd input is refused the same way
            write(paint(f"not a move: {_cut(text)} (type {letters}, or the move itself; ? for help)", "red"))
            continue
        if move in moves:
            return move
        write(paint(f"{_cut(text)} is not legal here: {_reason(move, seen, why_illegal)}", "red"))


def _reason(move: MatchMove, seen: MatchView, why_illegal: Callable[[MatchMove], str]) -> str:
    """Why ``move`` is refused: in the viewer's words for cards not in hand, else the referee's."""
    hand = seen.round.hand or ()
    if isinstance(move, HandPlay) and hand and seen.exchange_by is None:
        held = hand.count(move.rank)
        if held == 0:
            return f"you have no {move.rank.label} in your hand (T3)"
        if held < move.count:
            return f"you have only {_some(move.rank, held)} in your hand, not {_NUMBER_WORDS[move.count]} (T3)"
    return why_illegal(move)


def _intro(config: PlayConfig) -> list[str]:
    names, me = config.names, config.seat
    against = ", ".join(f"{names[seat]} ({bot})" for seat, bot in enumerate(config.bots) if bot is not None)
    kind = (
        "one round" if config.rounds is None else f"a match of {config.rounds} round{'s' if config.rounds != 1 else ''}"
    )
    return [
        f"8½ — {kind}, {config.players} players. You are {names[me]}, seat {me}; against {against}.",
        "Cards: 0–9, ½ and Ghost. Type ? at any question for help.",
        *_house_rules(config.rules),
    ]


_HOUSE_RULES: dict[str, str] = {
    "lock_next_only": "the 5-lock binds only the player facing the 5; a Ghost on it ends the lock (P7)",
    "halves_stop_at_8_half": "no ½ of a run may land on 8½, so ½½ on 8 is not allowed (P3)",
    "single_opening": "the opening play is exactly one card (S5)",
    "open_runs": "several open cards of one rank may be played together, as o77 (T3)",
}


def _house_rules(rules: Rules) -> list[str]:
    """One line per table option that is on, for the start of the game."""
    return [f"House rule: {_HOUSE_RULES[name]}." for name in rules.option_names()]


def _round_header(match: Match, names: Sequence[str], match_mode: bool) -> str:
    state = match.state
    head = f"Round {match.round_index + 1} of {match.rounds}: " if match_mode else ""
    if state.opening is not None:
        opens = f"{names[state.to_move]} opens with the lowest yellow card, {_a(state.opening)} (S5)"
    else:
        opens = f"nobody holds a yellow card, so {names[state.to_move]} opens with any play (S6)"
    return f"\n{head}{names[match.dealer]} deals; {opens}."


def _play(
    config: PlayConfig,
    ask: Callable[[str], str],
    write: Callable[[str], None],
    paint: Paint,
    played: list[MatchMove],
) -> None:
    """Play the game to its end; every move made is appended to ``played``."""
    names, me = config.names, config.seat
    match_mode = config.rounds is not None
    referee = _Referee(config)
    for line in _intro(config):
        write(line)
    write(_round_header(referee.match, names, match_mode))
    happened: list[str] = []
    while True:
        match = referee.match
        seat = match.to_move
        if seat == me:
            seen = view_match(match, me)
            forced = seen.legal_moves()
            if config.auto_forced and len(forced) == 1:
                move = forced[0]
                happened.append(f"You had one legal move, {move}, played for you: {describe_move(move, seen, names)}.")
            else:
                write(render_screen(seen, names, happened, match_mode=match_mode, paint=paint))
                happened = []
                move = _ask_move(seen, ask, write, referee.why_illegal, paint)
                write(f"You: {move} — {describe_move(move, seen, names)}")
        else:
            move = referee.bot_move(seat)
        referee.match, events = match.apply_with_events(move)
        played.append(move)
        tell_match(referee.bots, match, move, events)  # bots that observe are shown every move
        for event in events:
            if isinstance(event, RoundOver):
                if happened:
                    write("What happened since your last move:")
                    write("\n".join(f"  - {line}" for line in happened))
                    happened = []
                totals = referee.match.scores if match_mode else None
                write("\n".join(_outcome_lines(event, names, me, paint, totals)))
            elif isinstance(event, RoundDealt):
                following = referee.match
                prompt = f"Press Enter to deal round {following.round_index + 1} of {following.rounds} (q to quit): "
                if _read(ask, prompt, write, paint).lower() in _QUIT:
                    raise _Quit
                write(_round_header(following, names, match_mode))
                if following.exchange_by is not None and following.exchange_by != me:
                    write(f"{names[following.exchange_by]} won the last round and decides on the exchange (M3).")
            elif isinstance(event, MatchOver):
                if match_mode:
                    write("")
                    write(paint(f"── The match is over after {config.rounds} rounds ──", "bold"))
                    write("Totals: " + ", ".join(f"{names[s]} {total}" for s, total in enumerate(event.scores)))
                    if event.winners == (me,):
                        verdict = "You win the match!"
                    else:
                        winners = " and ".join("you" if s == me else names[s] for s in event.winners)
                        verdict = f"The match is won by {winners}{' (tied, M1)' if len(event.winners) > 1 else ''}."
                    write(paint(verdict, "bold"))
                return
            else:
                happened.append(_tell(event, me, names))


def _save_record(config: PlayConfig, played: Sequence[MatchMove], finished: bool) -> Record:
    """The game as a :class:`~eighthalf.Record`: finished with its result, else unfinished (``*``)."""
    record = Record(
        players=config.players,
        seed=config.seed,
        rounds=config.rounds,
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
    """Play a round (or a match with ``--match``) in the terminal; returns the exit status.

    ``args`` come from a parser set up with :func:`add_play_arguments`. ``input`` asks
    the person a question (it gets the prompt) and ``write`` shows one or more lines;
    tests pass their own. Quitting with ``q``/``quit``/``exit`` or at the end of input
    returns 0 after a goodbye line; Ctrl-C (:class:`KeyboardInterrupt`) does the same
    but returns 130. Bad options print an error and return 2. The seed, and the command
    that replays the same deal, are shown at the end in every case but bad options.

    With ``--record PATH`` the game is saved at the end as a record (finished, or
    unfinished with result ``*`` if the person left), with the players' names as a
    ``Names`` tag; :func:`eighthalf.records.loads` reads it and :func:`~eighthalf.replay`
    replays it. It is written only at the end, because it holds the seed (I4). If it
    cannot be written, a line says why and the status is 1.
    """
    try:
        config = config_from_args(args)
    except ValueError as error:
        write(f"error: {error}")
        return 2
    paint = _painter(config)
    status = 0
    played: list[MatchMove] = []
    finished = False
    try:
        with _TolerantStdin(input is builtins.input):
            _play(config, input, write, paint, played)
        finished = True
    except _Quit:
        write("")
        write("Goodbye: the game ends here.")
    except KeyboardInterrupt:
        write("")
        write("Goodbye: interrupted.")
        status = 130
    if config.record is not None and not save_record(
        config.record, lambda: dumps(_save_record(config, played, finished)), write
    ):
        status = status or 1
    write(f"Seed {config.seed}: play the same deal again with: {config.command()}")
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m eighthalf.terminal [options]``: the ``play`` command on its own.

    Raises:
        SystemExit: If the command line cannot be parsed or the options do not fit
            together (argparse's usage error, status 2).
    """
    parser = argparse.ArgumentParser(prog="python -m eighthalf play", description="Play 8½ against bots.")
    add_play_arguments(parser)
    args = parser.parse_args(argv)
    try:
        config_from_args(args)
    except ValueError as error:
        parser.error(str(error))
    return run_play(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
