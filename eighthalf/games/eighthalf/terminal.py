"""Play 8½ in a terminal against the built-in bots: ``python -m eighthalf play``.

One person sits at one seat; bots (see :mod:`eighthalf.bots`) take the others. Every
turn of the person shows the call, the 5-lock, who is at risk, the top of the pile,
every player's card counts and open cards, the person's own hand, what happened since
their last move, and the legal moves, each on a line labelled with a letter. The person
answers with a line's letter or with the move itself in the notation of
:func:`~eighthalf.parse_match_move` (``5``, ``33``, ``8H``, ``o7``, ``b0``, ``c``; in a
match also ``x729`` and ``d`` for the exchange of M3). The letters are never letters of
the notation (see :data:`~eighthalf.games.eighthalf.screen.LABELS`), and a digit is always a card, so no answer means two
things: typing ``2`` always plays a 2.

Who sees what (I1–I4): the screen is drawn from the person's own
:class:`~eighthalf.games.eighthalf.views.PlayerView` (through :func:`~eighthalf.view_match`) and from
events filtered by :func:`~eighthalf.events_for`, never from the full state; each bot
gets only its own view and a :class:`random.Random` of its own derived from the seed.
The full state is held only by the referee loop, which applies moves and explains
illegal ones. The seed rebuilds the deal, so it is printed only at the end (I4),
with the command that plays the same deal again.

Quitting: ``q``, ``quit``, ``exit`` or the end of input (Ctrl-D) end the game with a
goodbye line and exit status 0; Ctrl-C ends it the same way with status 130 (the
shell's convention for an interrupt).

The loop is the one both games share (:func:`eighthalf.console.play.play`); this
module gives 8½'s options (:class:`PlayConfig`) and its face (:class:`EightAndAHalfScreen`:
a round is :data:`eighthalf.games.eighthalf.game.EIGHTHALF`, a match :class:`eighthalf.games.eighthalf.game.MatchGame`), and
the screen is :mod:`eighthalf.games.eighthalf.screen`'s.

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
import importlib
import io
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from eighthalf.console import play as common
from eighthalf.console.arguments import check_record_option
from eighthalf.console.arguments import int_type as _int_type
from eighthalf.console.commands import checked_run, seat_names
from eighthalf.console.play import Choices, Message, Pause, Screen, ScreenItem, ask_move
from eighthalf.core.errors import EighthalfError
from eighthalf.core.game import Game
from eighthalf.core.i18n import DEFAULT_LOCALE, add_language_argument, language_from_args
from eighthalf.games.eighthalf.arguments import add_table_option_arguments, table_option_flags, table_options_from_args
from eighthalf.games.eighthalf.bots import BOTS, tell_match
from eighthalf.games.eighthalf.bots import exchange_choice as bots_exchange_choice
from eighthalf.games.eighthalf.events import RoundOver
from eighthalf.games.eighthalf.game import EIGHTHALF, MatchGame, MatchPlayer
from eighthalf.games.eighthalf.match import (
    Match,
    MatchMove,
    MatchOver,
    MatchView,
    RoundDealt,
)
from eighthalf.games.eighthalf.options import MAX_COUNT, Rules
from eighthalf.games.eighthalf.reasons import REASONS, WORDS
from eighthalf.games.eighthalf.records import Record, dumps
from eighthalf.games.eighthalf.screen import (
    LABELS,
    describe_move,
    event_line,
    label_of,
    move_choices,
    refusal,
    render_screen,
    round_header,
    round_over_lines,
)
from eighthalf.games.eighthalf.screen import PILE_SHOWN as PILE_SHOWN
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.views import PlayerView
from eighthalf.registry import load_bot_for

__all__ = [
    "LABELS",
    "NAMES",
    "PLAIN",
    "EightAndAHalfScreen",
    "Paint",
    "PlayConfig",
    "add_play_arguments",
    "add_play_command",
    "config_from_args",
    "describe_move",
    "exchange_choice",
    "label_of",
    "main",
    "render_screen",
    "run_play",
]

NAMES = seat_names(5)
"""The default names of seats 0 to 4."""

Paint = common.Paint
"""A painter: ``paint(text, style)`` returns ``text`` styled for the terminal (or as is)."""

PLAIN: Paint = common.PLAIN
"""The plain painter: returns the text unchanged, whatever the style."""


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

_HELP_WORDS = frozenset({"?", "help"})
_Quit = common.Quit  # the person asked to leave (``quit`` or the end of input)


# ---------------------------------------------------------------- options


@attrs.frozen(slots=True, weakref_slot=False, init=False)
class PlayConfig(common.PlayConfig[Rules]):
    """The checked options of a game in the terminal (see :func:`config_from_args`):
    those of every game (:class:`eighthalf.console.play.PlayConfig`: ``players``,
    ``seat``, ``bots``, ``seed``, ``names``, ``rules``, ``record``, ``auto_forced``) and
    8½'s own."""

    __match_args__ = ("players", "seat", "bots", "seed", "rounds", "names", "color", "record", "auto_forced", "rules")

    rounds: int | None = None
    """The number of rounds of a match, or ``None`` for a single round."""
    color: bool | None = None
    """``False`` for plain text; ``None`` to decide by the terminal (see :func:`run_play`)."""

    def __init__(
        self,
        players: int,
        seat: int,
        bots: tuple[str | None, ...],
        seed: int,
        rounds: int | None,
        names: tuple[str, ...],
        color: bool | None,
        record: str | None = None,
        auto_forced: bool = False,
        rules: Rules | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> None:
        rules = Rules() if rules is None else rules
        self.__attrs_init__(players, seat, bots, seed, names, rules, record, auto_forced, locale, rounds, color)

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
        if self.locale != DEFAULT_LOCALE:
            parts.append(f"--lang {self.locale}")
        return " ".join(parts) + table_option_flags(self.rules)


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of the ``play`` command to ``parser``.

    ``--players N`` (2–5, default 4), ``--seat S`` (default 0), ``--bots a,b,…`` (for
    the other seats in seat order, repeated to fill; default ``greedy``), ``--seed N``
    (default: a fresh one, printed at the end), ``--match`` and ``--rounds N`` (a match,
    6 rounds unless told), ``--name NAME`` (yours), ``--names a,b,…`` (every seat's; both
    as in ``eights play``), ``--record PATH`` (save the game as a record),
    ``--auto-forced`` (play forced moves without asking) and ``--no-color``.
    """
    common.add_seating_arguments(
        parser,
        players=range(2, 6),
        registry=BOTS,
        seed_help="the seed of the deal (default: a fresh one, printed at the end)",
    )
    parser.add_argument("--match", action="store_true", help="play a match of several rounds (M1) instead of one round")
    parser.add_argument("--rounds", type=_int_type(), default=None, help="the number of rounds of a match (default 6)")
    common.add_name_arguments(parser)
    common.add_record_argument(parser, "eighthalf.records.loads")
    parser.add_argument(
        "--auto-forced", action="store_true", help="play your forced moves (a single legal move) without asking"
    )
    parser.add_argument("--no-color", action="store_true", help="plain text, no colour (also with NO_COLOR set)")
    add_language_argument(parser)
    add_table_option_arguments(parser)


def config_from_args(args: argparse.Namespace) -> PlayConfig:
    """Check the options parsed by :func:`add_play_arguments` and settle the defaults.

    Raises:
        EighthalfError: If an option is out of range, a bot is unknown, a bot list is
            longer than the other seats, names are repeated or unprintable, or the record
            cannot be written where asked; the message says which and why.
    """
    players, seat, bots = common.seating_from_args(args, players=range(2, 6), rule="S2", registry=BOTS, game=EIGHTHALF)
    rounds: int | None = None
    if args.rounds is not None and not args.match:
        raise EighthalfError("--rounds goes with --match")
    if args.match:
        rounds = 6 if args.rounds is None else args.rounds
        if rounds < 1:
            raise EighthalfError(f"--rounds must be at least 1 (M1), not {rounds}")
        if rounds > MAX_COUNT:
            raise EighthalfError(f"--rounds must be at most {MAX_COUNT:,} (M1), not {rounds:,}")
    names = common.names_from_args(
        args.names, NAMES[:players], common.check_name, seat=seat, own=getattr(args, "name", None)
    )
    record = check_record_option(getattr(args, "record", None))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(6), "little")
    return PlayConfig(
        players,
        seat,
        bots,
        seed,
        rounds,
        names,
        False if args.no_color else None,
        record=record,
        auto_forced=bool(getattr(args, "auto_forced", False)),
        rules=Rules(**table_options_from_args(args)),
        locale=language_from_args(args),
    )


# ---------------------------------------------------------------- bots' exchange


def exchange_choice(seen: MatchView) -> MatchMove:
    """How a built-in bot decides on the exchange of M3: :func:`eighthalf.bots.exchange_choice`.

    Raises:
        ValueError: If the viewer is not deciding on an exchange.
    """
    return bots_exchange_choice(seen)


# ---------------------------------------------------------------- the game


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


def _ask_move(
    seen: MatchView,
    ask: Callable[[str], str],
    write: Callable[[str], None],
    why_illegal: Callable[[MatchMove], str],
    paint: Paint,
) -> MatchMove:
    """Ask until the answer is a legal move; raises :class:`_Quit` on quit or end of input."""
    return ask_move(
        move_choices(seen),
        seen.legal_moves(),
        lambda move: refusal(move, seen, why_illegal),
        ask,
        write,
        help=_HELP,
        help_words=_HELP_WORDS,
        paint=paint,
    )


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


class EightAndAHalfScreen(Screen[Any, Any, Any, Any]):
    """8½ in the terminal: a round (:data:`eighthalf.games.eighthalf.game.EIGHTHALF`) or a match
    (:class:`eighthalf.games.eighthalf.game.MatchGame`) with its screens, letter labels and event lines,
    for :func:`eighthalf.console.play.play`.

    A round's views are shown as those of a match of one round, so that one screen
    (:func:`render_screen`) serves both.
    """

    config: PlayConfig
    tag = b"eighthalf-play-bot-v1"
    again = "deal"
    help = _HELP
    help_words = _HELP_WORDS
    reasons = REASONS
    reason_words = WORDS

    def __init__(self, config: PlayConfig, paint: Paint = PLAIN) -> None:
        game: Game[Any, Any, Any, Any, Any] = EIGHTHALF if config.rounds is None else MatchGame(config.rounds)
        super().__init__(game, config, paint)
        self.match_mode = config.rounds is not None

    def _seen(self, seen: MatchView | PlayerView) -> MatchView:
        if isinstance(seen, MatchView):
            return seen
        return MatchView(1, 0, self.config.players - 1, seen, (), None, ())

    def _header(self, state: Match | GameState) -> str:
        names, match_mode = self.config.names, self.match_mode
        if isinstance(state, Match):
            return round_header(state.state, state.dealer, state.round_index, state.rounds, names, match_mode)
        return round_header(state, self.config.players - 1, 0, 1, names, match_mode)

    def make_bot(self, spec: str) -> Any:
        """A bot of :data:`eighthalf.bots.BOTS` or ``module:attribute``; in a match, in a
        :class:`~eighthalf.games.eighthalf.game.MatchPlayer`."""
        bot = load_bot_for(EIGHTHALF, spec)
        return MatchPlayer(bot) if self.match_mode else bot

    def intro(self, state: Match | GameState) -> list[str]:
        """Who plays, the house rules, and the first deal."""
        return [*_intro(self.config), self._header(state)]

    def screen(self, seen: MatchView | PlayerView, happened: Sequence[str]) -> str:
        """:func:`render_screen`."""
        names = self.config.names
        return render_screen(self._seen(seen), names, happened, match_mode=self.match_mode, paint=self.paint)

    def choices(self, seen: MatchView | PlayerView) -> Choices[MatchMove]:
        """The lines labelled by :func:`label_of`, or the move in the notation of
        :func:`~eighthalf.parse_match_move`."""
        return move_choices(self._seen(seen))

    def refusal(self, move: MatchMove, seen: MatchView | PlayerView, why: Callable[[MatchMove], str]) -> str:
        """Cards not in hand in the person's words, else the rules' reason."""
        return refusal(move, self._seen(seen), why)

    def answered(self, move: MatchMove, seen: MatchView | PlayerView) -> str:
        """``You: 5 — a 5: the call becomes 5``."""
        return f"You: {move} — {describe_move(move, self._seen(seen), self.config.names)}"

    def forced(self, move: MatchMove, seen: MatchView | PlayerView) -> str:
        """The forced move and what it did (``--auto-forced``)."""
        return f"You had one legal move, {move}, played for you: {describe_move(move, self._seen(seen), self.config.names)}."

    def observe(self, bots: Mapping[int, Any], before: Any, move: MatchMove, events: Sequence[Any], after: Any) -> None:
        """The round's moves shown to the round bots that observe (the round just played,
        not the next one dealt: :func:`eighthalf.bots.tell_match`)."""
        if isinstance(before, Match):
            tell_match({seat: bot.bot for seat, bot in bots.items()}, before, move, events)
        else:
            super().observe(bots, before, move, events, after)

    def screen_items(self, events: Sequence[Any], seat: int, before: Any, after: Any) -> list[ScreenItem]:
        """The ends of rounds and of the match at once, the pause before a new deal, and
        every other event for the next screen, as the person may see it."""
        names, me, paint = self.config.names, self.config.seat, self.paint
        items: list[ScreenItem] = []
        for event in events:
            if isinstance(event, RoundOver):
                totals = after.scores if self.match_mode else None
                items.append(Message("\n".join(round_over_lines(event, names, me, paint, totals))))
            elif isinstance(event, RoundDealt):
                items.append(
                    Pause(f"Press Enter to deal round {after.round_index + 1} of {after.rounds} (q to quit): ")
                )
                items.append(Message(self._header(after)))
                if after.exchange_by is not None and after.exchange_by != me:
                    items.append(
                        Message(f"{names[after.exchange_by]} won the last round and decides on the exchange (M3).")
                    )
            elif isinstance(event, MatchOver):
                items.extend(Message(line) for line in _match_over(event, self.config, paint))
            else:
                items.append(event_line(event, me, names, self.config.locale))
        return items

    def new_record(self, **fields: Any) -> Record:
        """An 8½ record (:mod:`eighthalf.records`): a round's, or a match's of its rounds."""
        return Record(rounds=self.config.rounds, **fields)

    def dumps(self, record: Record) -> str:
        """:func:`eighthalf.records.dumps`."""
        return dumps(record)


def _match_over(event: MatchOver, config: PlayConfig, paint: Paint) -> list[str]:
    names, me = config.names, config.seat
    if event.winners == (me,):
        verdict = "You win the match!"
    else:
        winners = " and ".join("you" if s == me else names[s] for s in event.winners)
        verdict = f"The match is won by {winners}{' (tied, M1)' if len(event.winners) > 1 else ''}."
    return [
        "",
        paint(f"── The match is over after {config.rounds} rounds ──", "bold"),
        "Totals: " + ", ".join(f"{names[s]} {total}" for s, total in enumerate(event.scores)),
        paint(verdict, "bold"),
    ]


def run_play(
    args: argparse.Namespace,
    *,
    input: Callable[[str], str] = builtins.input,
    write: Callable[[str], None] = print,
) -> int:
    """Play a round (or a match with ``--match``) in the terminal; returns the exit status.

    ``args`` come from a parser set up with :func:`add_play_arguments`; ``input`` asks
    the person a question (it gets the prompt) and ``write`` shows lines (tests pass
    their own). The rest is :func:`eighthalf.console.play.run_play` with
    :class:`EightAndAHalfScreen`: 0 when the round or match ends or the person leaves
    (``q``, the end of input), 130 on Ctrl-C, 2 for bad options, 1 if a bot fails (a bot
    of Eights, say) or the record cannot be saved. ``--record PATH`` saves the game at
    the end, when the seed may be told (I4), with a ``Names`` tag:
    :func:`eighthalf.records.loads` reads it and :func:`~eighthalf.replay` replays it.
    The last line gives the seed and the command that deals the same again.
    """
    return common.run_play(
        args,
        config_from_args,
        lambda config: EightAndAHalfScreen(config, _painter(config)),
        input=input,
        write=write,
    )


def add_play_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add 8½'s own ``play`` (a round, or a match with ``--match``) to ``commands``, setting ``run``
    (the entry's :attr:`Commands.play <eighthalf.registry.Commands.play>`)."""
    play = commands.add_parser("play", help="play a round or a match against bots in the terminal")
    add_play_arguments(play)
    play.set_defaults(run=checked_run(play, config_from_args, run_play))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m eighthalf.games.eighthalf.terminal [options]``: the ``play`` command on its own.

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
