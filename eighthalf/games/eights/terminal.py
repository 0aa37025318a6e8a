"""Play Eights in a terminal against bots: ``python -m eighthalf eights play``.

One person sits at one seat; bots (see :mod:`eighthalf.games.eights.bots`) take the others.
Every turn of the person shows the hand number, the table, the stack's size, every
player's total and points in this hand, the other hands' sizes, the passes in a row
(WH1), the person's own hand, what happened since their last turn, and the moves: each
spelling on a line labelled with a letter, and the pass. When passing may exchange cards
(WP1, WP2) the exchanges are not listed one by one (a hand of 7 has 128 of them): the
person types ``pass`` and the cards, as ``pass 1e 4w``. An answer is a line's letter (as
in 8½: :data:`LABELS`, two letters each in a list longer than they are) or a move in the
notation of :func:`~eighthalf.eights.parse_move` (``ONE 1n 7o 4e>4w``, ``pass``, ``pass
1e 4w``); a number is refused with the line's letter; a move that is malformed or
illegal gets one line saying why, with the W rule id, and the question again.

Who sees what (WI1–WI4): the screen is drawn from the person's own
:class:`~eighthalf.eights.PlayerView` and from events filtered by
:func:`~eighthalf.eights.events_for`; each bot gets its own view and a
:class:`random.Random` of its own derived from the seed. The seed rebuilds the game, so
it is printed only at the end (WI4), with the command that plays the same game again.

Quitting: ``q``, ``quit``, ``exit`` or the end of input (Ctrl-D) end the game with a
goodbye line and exit status 0; Ctrl-C ends it the same way with status 130.

The loop is the one both games share (:func:`eighthalf.console.play.play`); this
module gives Eights' options (:class:`PlayConfig`), its screen and its face
(:class:`EightsScreen`, over :data:`eighthalf.games.eights.game.EIGHTS`).

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
import re
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from eighthalf.console import play as common
from eighthalf.console.arguments import positive
from eighthalf.console.commands import add_play_options, checked_run, play_command, play_settings, seat_names
from eighthalf.console.play import Choices, Message, Screen, ScreenItem, label_hint, label_letters, labelled, reason_of
from eighthalf.core.errors import EighthalfError, ParseError
from eighthalf.core.i18n import add_language_argument, language_from_args
from eighthalf.games.eights.bots import BOTS
from eighthalf.games.eights.events import Event, GameOver, HandDealt, HandOver, events_for, narrate
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.moves import PASS, Move, Pass, Spell, parse_move
from eighthalf.games.eights.options import MAX_PLAYERS, MIN_PLAYERS, Rules
from eighthalf.games.eights.reasons import REASONS
from eighthalf.games.eights.state import GameState
from eighthalf.games.eights.views import PlayerView
from eighthalf.registry import RuleOption, RulesOptions
from eighthalf.simulation.runner import brief

__all__ = [
    "HELP",
    "LABELS",
    "NAMES",
    "RULES_OPTIONS",
    "EightsScreen",
    "PlayConfig",
    "add_play_arguments",
    "add_play_command",
    "add_rules_arguments",
    "config_from_args",
    "listed_moves",
    "numbered_moves",
    "render_screen",
    "rules_from_args",
    "rules_words",
    "run_play",
]

NAMES = seat_names(6)
"""The default names of seats 0 to 5."""

_HELP_WORDS: Final = frozenset({"?", "help"})  # as in 8½: no letter is taken from the labels for help
_PLAYERS: Final = range(MIN_PLAYERS, MAX_PLAYERS + 1)

LABELS: Final = label_letters("")
"""The letters that label the lines of moves, as in 8½ (:func:`eighthalf.console.play.label_of`):
all of :data:`~eighthalf.console.play.LABEL_LETTERS`, ``a`` to ``z`` but ``l`` (it
reads as a 1) and ``q`` (quit), as the help says. Help is ``?`` or ``help``, so ``h``
labels a line like any other letter (issue 27: a list that skipped it looked like a
missing move). A label is never a move: a spelling has its word and cards, a pass is
``pass``; a number is no label either."""

HELP: Final = """\
How to answer:
  a, b, c, …          play the move on the line of that letter in the list (two
                      letters each, aa, ab, …, in a long list; no l, which reads as
                      a 1, nor q, which quits)
  ONE 1n 7o 4e>4w     spell a word: the word, the hand cards of its letters, then one
                      table>replacement pair per table card used (the replacing card is a
                      hand card of the same suit that does not spell the word, WT4)
  pass                pass without exchanging (WP1)
  pass 1e 4w          pass and put these hand cards under the stack, drawing as many
                      (at most as many as the stack holds, WP2)
  ? or help           this help;  q, quit or Ctrl-D: leave the game
The rules (the Eights page of the docs, docs/eights.rst): a word takes at least one
letter from the table (WT3); you must spell if you can (WT1); the hand ends when
everybody has passed in a row (WH1); the game ends after the hand in which somebody
reaches the target (WG3)."""
"""The help shown for ``?``."""


@attrs.frozen(slots=True, weakref_slot=False)
class PlayConfig(common.PlayConfig[Rules]):
    """The checked options of a game of Eights in the terminal (see :func:`config_from_args`):
    those of every game (:class:`eighthalf.console.play.PlayConfig`), in the order
    ``players``, ``seat``, ``bots``, ``seed``, ``names``, ``rules`` (the table's options,
    WR1, WR2), ``record``."""

    def command(self) -> str:
        """The command line that plays this game again (same seat, bots, names, options, seed
        and language: :func:`eighthalf.console.commands.play_command`)."""
        return play_command(self, "eights", rules_words(self.rules))


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``eights play`` to ``parser``.

    ``--players N`` (2–6, default 4), ``--seat S`` (default 0), ``--bots a,b,…`` (for the
    other seats in seat order, repeated to fill; default ``greedy``), ``--seed N``
    (default: a fresh one, printed at the end), ``--name NAME`` (yours), ``--names
    a,b,…`` (every seat's), ``--record PATH`` (save the game as a record), and the table
    options ``--target``, ``--turn-limit`` and ``--may-pass-freely`` (WR1, WR2).
    """
    add_play_options(
        parser, players=_PLAYERS, bots=BOTS, loads="eighthalf.eights.records.loads", add_rules=add_rules_arguments
    )
    add_language_argument(parser)


RULES_OPTIONS: Final = RulesOptions.of(
    Rules,
    RuleOption(
        "target", "the points that end the game (WG1; default 50 with 2 or 3 players, 30 with 4 to 6)", positive
    ),
    RuleOption("turn_limit", "end a hand after this many turns (WH3; default none)", positive),
    RuleOption("may_pass_freely", "a player may pass even when a word can be spelled (WR1)"),
    title="table options (WR1, WR2; by default the rule book's)",
)
"""Eights' table options on the command line (WR1, WR2), for every command of its registry entry."""


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--target N`` (WG1, WR2), ``--turn-limit N`` (WH3, WR2) and ``--may-pass-freely`` (WR1)."""
    RULES_OPTIONS.add(parser)


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The :class:`~eighthalf.eights.Rules` set by the options of :func:`add_rules_arguments`."""
    rules: Rules = RULES_OPTIONS.read(args)
    return rules


def rules_words(rules: Rules) -> tuple[str, ...]:
    """The table options (``--target``, ``--turn-limit``, ``--may-pass-freely``) that set ``rules``
    again, none for the rule book's.

    >>> rules_words(Rules(target=20, may_pass_freely=True))
    ('--target 20', '--may-pass-freely')
    """
    return RULES_OPTIONS.words(rules)


def config_from_args(args: argparse.Namespace) -> PlayConfig:
    """Check the options parsed by :func:`add_play_arguments` and settle the defaults.

    Raises:
        EighthalfError: If an option is out of range, a bot is unknown, a bot list is
            longer than the other seats, names are repeated or unprintable, or the
            record cannot be written where ``--record`` says; the message says which and why.
    """
    settings = play_settings(args, players=_PLAYERS, rule="WS2", bots=BOTS, rules=rules_from_args(args), game=EIGHTS)
    return PlayConfig(*settings, locale=language_from_args(args))


# ---------------------------------------------------------------- the screen


def listed_moves(seen: PlayerView) -> tuple[Move, ...]:
    """The moves the screen lists, each on a line of its letter: every spelling, then
    :data:`~eighthalf.eights.PASS` if passing is legal. Passes with an exchange are typed,
    not listed (see :func:`render_screen`).

    >>> from eighthalf.eights import new_game, view
    >>> [str(move) for move in listed_moves(view(new_game(4, seed=7), 0))]
    ['pass']
    """
    moves = seen.legal_moves()
    spells = tuple(move for move in moves if isinstance(move, Spell))
    return spells + ((PASS,) if any(isinstance(move, Pass) for move in moves) else ())


numbered_moves = listed_moves
"""The old name of :func:`listed_moves` (the lines were numbered), kept as an alias for a release."""


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
    listed = listed_moves(seen)
    most = _most_exchanged(seen)
    lines.append("Your moves:")
    for label, move in labelled(listed, LABELS).items():
        if isinstance(move, Spell):
            text = f"{move}  ({move.value} point{'s' if move.value != 1 else ''})"
        else:
            text = "pass" + ("" if most else "  (the stack is empty: no exchange, WP2)")
        lines.append(f"  {label}) {text}")
    if listed and isinstance(listed[-1], Pass) and most:
        lines.append(
            f"  or pass <cards>: pass and exchange up to {most} of your cards for cards from the stack "
            "(WP1, WP2), such as pass " + " ".join(map(str, seen.hand[: min(2, most)]))
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- the game


def _choices(seen: PlayerView) -> Choices[Move]:
    """The lines of :func:`listed_moves` by their letters (:data:`LABELS`), or a move in
    the notation of :func:`~eighthalf.eights.parse_move`."""
    labels = labelled(listed_moves(seen), LABELS)
    names = list(labels)
    letters, shown = label_hint(names)

    def read(text: str) -> Move | str:
        key = text.lower()
        if key in labels:
            return labels[key]
        if text.isascii() and text.isdigit():  # the lines were numbered: say the letter instead
            number = int(text) if len(text) <= 18 else 0  # thousands of digits are no line's, nor converted whole
            line = f"type {names[number - 1]} for line {number}" if 1 <= number <= len(names) else f"type {letters}"
            return f"not a move: {brief(text)}: the lines are chosen by letter, not number; {line}, or the move itself"
        if text.isascii() and text.isalpha() and len(text) <= len(names[0]):  # a label not on the list
            return f"not a move: {brief(text)} (type {letters}, or the move itself; ? for help)"
        try:
            return parse_move(text)
        except EighthalfError as error:  # a ParseError, or a spelling that contradicts itself
            kind = "not a move" if isinstance(error, ParseError) else "not a spelling"
            return f"{kind}: {brief(text)}: {reason_of(error)}"

    return Choices(
        f"Type {letters} for a line of the list, or the move itself, such as {labels[names[0]]}; "
        "? for help, q to quit.",
        f"Your move [{shown} or a move]: ",
        f"Please choose: {letters}, or the move itself (? for help).",
        read,
    )


class EightsScreen(Screen[GameState, Move, PlayerView, Event]):
    """Eights in the terminal (:data:`eighthalf.games.eights.game.EIGHTS`): its screen, moves
    labelled by letters and event lines, for :func:`eighthalf.console.play.play`."""

    config: PlayConfig
    tag = b"eighthalf-eights-terminal-v1"
    help = HELP
    help_words = _HELP_WORDS
    reasons = REASONS

    def __init__(self, config: PlayConfig) -> None:
        super().__init__(EIGHTS, config)

    def intro(self, state: GameState) -> list[str]:
        """Who plays against whom, to what target, and who plays first."""
        config, names = self.config, self.config.names
        me = config.seat
        against = ", ".join(f"{names[seat]} ({bot})" for seat, bot in enumerate(config.bots) if bot is not None)
        return [
            f"Eights — {config.players} players, target {state.target}. You are {names[me]}, seat {me}; against {against}.",
            "Spell number words with your cards and the table's. Type ? at any question for help.",
            f"Hand 1: {names[state.hand.to_move]} plays first.",
        ]

    def screen(self, seen: PlayerView, happened: Sequence[str]) -> str:
        """:func:`render_screen`."""
        return render_screen(seen, self.config.names, happened)

    def choices(self, seen: PlayerView) -> Choices[Move]:
        """The lines of :func:`listed_moves` by their letters, or a move in notation."""
        return _choices(seen)

    def screen_items(self, events: Sequence[Event], seat: int, before: GameState, after: GameState) -> list[ScreenItem]:
        """The person's own moves, and the ends of hands and of the game, at once; the
        others' moves for the next screen (WI1–WI3: as :func:`~eighthalf.eights.events_for` shows them)."""
        me, names = self.config.seat, self.config.names
        items: list[ScreenItem] = []
        for event in events_for(events, me):
            line = _tell(event, me, names, self.config.locale)
            items.append(Message(line) if seat == me or isinstance(event, (HandOver, HandDealt, GameOver)) else line)
        return items


_YOU_VERBS: Final = (
    ("You spells ", "You spell "),
    ("You passes", "You pass"),
    ("You pass and puts ", "You pass and put "),
    ("You draws ", "You draw "),
    ("You plays first", "You play first"),
    ("You wins", "You win"),
)
# "You" after a word, a comma or a colon, not at a sentence's start
_YOU_INSIDE: Final = re.compile(r"(?<=[^.!?\s] )You\b")


def _tell(event: Event, me: int, names: Sequence[str], locale: str = "en") -> str:
    """One event in the person's words: in English "You" for their own seat at the start of
    a sentence, "you" within one ("Points: you 8, Ben 15."; "dealt by you"), the verb
    agreeing; in another language, their name.

    >>> from eighthalf.games.eights.events import GameOver, HandOver
    >>> _tell(HandOver(1, "passes", (8, 15), (10, 18)), 0, ("Anna", "Ben"))
    'Hand 2 is over (everybody passed). Points: you 8, Ben 15. Totals: you 10, Ben 18.'
    >>> _tell(GameOver((31, 31), (0, 1)), 1, ("Anna", "Ben"))
    'The game is over: Anna and you share the win with 31 points.'
    """
    if locale != "en":
        return narrate([event], names, locale)[0]
    shown = [name if seat != me else "You" for seat, name in enumerate(names)]
    line = narrate([event], shown)[0]
    for old, new in _YOU_VERBS:
        line = line.replace(old, new)
    return _YOU_INSIDE.sub("you", line)


def run_play(
    args: argparse.Namespace,
    *,
    input: Callable[[str], str] = builtins.input,
    write: Callable[[str], None] = print,
) -> int:
    """Play a game of Eights in the terminal; returns the exit status.

    As 8½'s :func:`eighthalf.games.eighthalf.terminal.run_play`, through the same
    :func:`eighthalf.console.play.run_play` with :class:`EightsScreen`: ``args`` from
    :func:`add_play_arguments`, ``input`` and ``write`` for the person; status 0, 130 on
    Ctrl-C, 2 for bad options, 1 for a bot that fails (a bot of 8½, say) or a record
    that cannot be saved. The record of ``--record PATH`` is written at the end, once the
    seed may be known (WI4): :func:`eighthalf.games.eights.records.loads` reads it and
    :func:`~eighthalf.eights.replay` replays it.
    """
    return common.run_play(args, config_from_args, EightsScreen, input=input, write=write)


def add_play_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add Eights' own ``play`` (:func:`run_play`) to ``commands``, setting ``run`` (the entry's
    :attr:`Commands.play <eighthalf.registry.Commands.play>`)."""
    play = commands.add_parser("play", help="play a game of Eights against bots in the terminal")
    add_play_arguments(play)
    play.set_defaults(run=checked_run(play, config_from_args, run_play))
