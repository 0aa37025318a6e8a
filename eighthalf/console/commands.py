"""The commands of any registered game, derived from its entry: ``eighthalf <key> demo|play|simulate``.

A game's :class:`~eighthalf.registry.GameEntry` and the game protocol are enough
for its command line: :func:`add_commands` adds

- ``demo``: a seeded game between bots, narrated (:func:`eighthalf.console.demo.play_demo`
  with a :class:`GameDemo`: an opening that says the players, the seed and the bots, then
  each move told by the game's ``narrate``);
- ``play``: the terminal game (:func:`eighthalf.console.play.run_play` with a
  :class:`GameScreen`: what happened, the seat's view shown plainly, the legal moves
  labelled in the game's notation, typed notation read back, the record written with the
  entry's record format);
- ``simulate``: the simulation runner and its summary (:func:`eighthalf.simulation.summary.simulate`).

The game's rule options are declared once, on the entry
(:class:`~eighthalf.registry.RulesOptions`), and every command takes them; what
a game shows differently (its own faces, its summary's figures, more sub-commands) is its
:class:`~eighthalf.registry.Commands`. The command line's root
(:func:`eighthalf.cli.main`) calls :func:`add_game_commands` for every registered game.

>>> from eighthalf.registry import find
>>> parser = argparse.ArgumentParser(prog="eights")
>>> add_commands(parser.add_subparsers(), find("eights"))
>>> args = parser.parse_args(["demo", "--players", "2", "--seed", "3", "--target", "5"])
>>> lines: list[str] = []
>>> args.run(args, write=lines.append)
0
>>> lines[0]  # Eights tells its demo with a face of its own (Commands.demo_screen)
'Eights demo: 2 players, seed 3, target 5'
>>> from eighthalf.games.eights.bots import GreedyBot, RandomBot
>>> from eighthalf.games.eights.game import EIGHTS
>>> GameDemo(EIGHTS, seat_names(2), 3).opening(EIGHTS.start(2, seed=3), [GreedyBot(), RandomBot()])
['Eights demo: 2 players, seed 3, bots greedy,random', '  seat 0: Anna (greedy)', '  seat 1: Ben (random)']
"""

from __future__ import annotations

import argparse
import builtins
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

import attrs

from eighthalf.console import arguments as cli
from eighthalf.console import play as terminal
from eighthalf.console.demo import DemoScreen, check_demo, play_demo
from eighthalf.core.errors import EighthalfError
from eighthalf.core.game import Game
from eighthalf.core.i18n import DEFAULT_LOCALE
from eighthalf.core.shuffle import fresh_seed
from eighthalf.registry import GameEntry, RulesOptions
from eighthalf.simulation.runner import MAX_SEED_DIGITS
from eighthalf.simulation.summary import binding_of, simulate

__all__ = [
    "NAMES",
    "GameConfig",
    "GameDemo",
    "GameScreen",
    "add_commands",
    "add_demo_arguments",
    "add_game_commands",
    "add_play_options",
    "checked_run",
    "plain_lines",
    "play_command",
    "play_settings",
    "seat_names",
]

NAMES: Final = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")
"""The names of seats 0 to 7 (seat 8 on is ``Seat 8`` …)."""


def seat_names(players: int) -> tuple[str, ...]:
    """The names of ``players`` seats: :data:`NAMES`, then ``Seat <n>``.

    >>> seat_names(3), seat_names(9)[-1]
    (('Anna', 'Ben', 'Cleo'), 'Seat 8')
    """
    return tuple(NAMES[seat] if seat < len(NAMES) else f"Seat {seat}" for seat in range(players))


def _default_players(allowed: range) -> int:
    return 4 if 4 in allowed else allowed[-1]


def _rules(entry: GameEntry, args: argparse.Namespace, options: RulesOptions | None = None) -> Any:
    """The rules of the parsed options: those of a command's own ``options`` if it has them
    (then the game answers for rules that might not end), else of the entry's (the game's
    default rules if it declares none).

    Raises:
        EighthalfError: If the options make no rules, or bots alone might play them for ever.
    """
    if options is not None:
        return options.read(args)
    rules = entry.game.default_rules if entry.options is None else entry.options.read(args)
    reason = entry.endless(rules)
    if reason is not None:
        raise EighthalfError(reason)
    return rules


def _add_rules(entry: GameEntry, parser: argparse.ArgumentParser, options: RulesOptions | None = None) -> None:
    if options is not None:
        options.add(parser)
    elif entry.options is not None:
        entry.options.add(parser)


def _players(game: Game[Any, Any, Any, Any, Any]) -> range:
    return game.player_counts(game.default_rules)


# --- demo ---------------------------------------------------------------------------------------


class GameDemo(DemoScreen[Any, Any, Any]):
    """The plain demo of a game: who plays with which bot, then a line a move, told by the
    game's ``narrate`` as a spectator sees it."""

    def __init__(self, game: Game[Any, Any, Any, Any, Any], names: Sequence[str], seed: int) -> None:
        super().__init__(names, seed)
        self.game = game
        """The game object played."""

    def opening(self, state: Any, bots: Sequence[Any]) -> list[str]:
        """The players, the seed and the bots; then every seat's name and bot."""
        names = ",".join(str(bot.name) for bot in bots)
        lines = [f"{self.game.name} demo: {len(bots)} players, seed {self.seed}, bots {names}"]
        return lines + [f"  seat {seat}: {self.names[seat]} ({bot.name})" for seat, bot in enumerate(bots)]

    def screen_items(
        self, number: int, seat: int, move: Any, seen: Sequence[Any], before: Any, after: Any
    ) -> list[str]:
        """The move's number and its events, narrated."""
        return [f"{number:4}. {' '.join(self.game.narrate(seen, self.names))}"]


def _run_demo(entry: GameEntry, parser: argparse.ArgumentParser, args: argparse.Namespace, **write: Any) -> int:
    game, binding = entry.game, binding_of(entry)
    make = entry.commands.demo_screen or GameDemo
    try:
        rules = _rules(entry, args, entry.commands.demo_options)
        cli.check_players_option(game, args.players, rules, entry.players_rule)
        bots = [binding.load(name) for name in cli.check_bots_option(args.bots, args.players, entry.bots, game=game)]
        check_demo(game, args.players, args.seed, bots, entry.players_rule, rules)
        names = seat_names(args.players)
        play_demo(game, make(game, names, args.seed), args.players, args.seed, bots, rules=rules, **write)
    except EighthalfError as error:  # a bad --bots, or a bot that fails as it plays (of another game, say)
        parser.error(str(error))
    return 0


def add_demo_arguments(
    parser: argparse.ArgumentParser,
    game: Game[Any, Any, Any, Any, Any],
    bots: Mapping[str, Callable[[], Any]],
    *,
    default_bots: str = "greedy,random",
    seed_help: str = "the game's seed (default 7)",
) -> None:
    """Add the options every demo has: ``--players`` (default 4, or the most ``game``
    allows), ``--seed`` (default 7, ``seed_help``) and ``--bots`` (names of ``bots`` or
    ``module:attribute``, default ``default_bots``)."""
    allowed = _players(game)
    players = _default_players(allowed)
    parser.add_argument(
        "--players",
        type=cli.int_type(),
        default=players,
        help=f"number of players, {allowed[0]} to {allowed[-1]} (default {players})",
    )
    parser.add_argument("--seed", type=cli.int_type(digits=MAX_SEED_DIGITS), default=7, help=seed_help)
    parser.add_argument(
        "--bots",
        default=default_bots,
        help=f"bots by seat, comma-separated, repeated to fill the table (default {default_bots}): "
        f"names from {', '.join(sorted(bots))}, or module:attribute",
    )


def _add_demo(entry: GameEntry, commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    own = entry.commands
    default = entry.default_bot + (",random" if "random" in entry.bots and entry.default_bot != "random" else "")
    help = own.demo_help or f"play a seeded game of {entry.name} between built-in bots, narrated turn by turn"
    demo = commands.add_parser("demo", help=help)
    seed_help = own.demo_seed_help or "the game's seed (default 7)"
    add_demo_arguments(demo, entry.game, entry.bots, default_bots=default, seed_help=seed_help)
    _add_rules(entry, demo, own.demo_options)
    demo.set_defaults(run=functools.partial(_run_demo, entry, demo))


# --- play ---------------------------------------------------------------------------------------


@attrs.frozen(slots=True, weakref_slot=False)
class GameConfig(terminal.PlayConfig[Any]):
    """The checked options of a game in the terminal (:class:`eighthalf.console.play.PlayConfig`),
    with the game's key and its rules' options, for the command that plays it again."""

    key: str = ""
    """The game's key, its command (``eighthalf <key> play``)."""
    rules_words: tuple[str, ...] = ()
    """The options that set the rules again (the entry's ``RulesOptions.words``)."""

    def command(self) -> str:
        """The command line that plays this game again: the same seats, bots, names, rules and seed."""
        return play_command(self, self.key, self.rules_words)


def play_command(config: terminal.PlayConfig[Any], key: str, rules_words: Sequence[str]) -> str:
    """The command line that plays ``config``'s game again: ``python -m eighthalf <key> play``
    with the same seats, bots, names (unless :func:`seat_names`), rules (``rules_words``, the
    game's :attr:`RulesOptions.words <eighthalf.registry.RulesOptions.words>`), seed and
    language (unless English)."""
    others = ",".join(bot for bot in config.bots if bot is not None)
    names = () if config.names == seat_names(config.players) else (f"--names {','.join(config.names)}",)
    language = () if config.locale == DEFAULT_LOCALE else (f"--lang {config.locale}",)
    return " ".join(
        (
            f"python -m eighthalf {key} play --players {config.players} --seat {config.seat} --bots {others}",
            *names,
            *rules_words,
            f"--seed {config.seed}",
            *language,
        )
    )


def plain_lines(value: object) -> list[str]:
    """A value shown plainly, a line a field (``hand size: 5``) for an attrs class, else its text.

    Sequences are written with spaces between their items, ``None`` as ``-``.

    >>> @attrs.frozen
    ... class ViewWithMoves:
    ...     hand: tuple[str, ...]
    ...     stock_size: int
    ...     last: str | None
    >>> plain_lines(ViewWithMoves(("3h", "9s"), 12, None))
    ['hand: 3h 9s', 'stock size: 12', 'last: -']
    """
    if not attrs.has(type(value)):
        return [str(value)]
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cast(Any, type(value)))
    return [f"{field.name.replace('_', ' ')}: {_plain(getattr(value, field.name))}" for field in fields]


def _plain(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, (tuple, list)):
        return " ".join(_plain(item) for item in value) if value else "-"
    return str(value)


class GameScreen(terminal.Screen[Any, Any, Any, Any]):
    """The plain terminal face of a game: its view field by field (:func:`plain_lines`), the
    legal moves on lines of letters in the game's notation, typed notation read with the
    game's ``parse_move``, events told by its ``narrate`` and the record written with the
    entry's record format. A game may subclass it to show more."""

    letters: str = terminal.LABEL_LETTERS
    """The letters that may label the lines of moves (see :func:`eighthalf.console.play.label_letters`);
    a letter that is itself a legal move's notation labels no line, so that no answer means two moves."""

    def __init__(self, entry: GameEntry, config: GameConfig) -> None:
        super().__init__(entry.game, config)
        self.entry = entry
        """The game's registry entry."""
        self.tag = f"{entry.key}-play-v1".encode()
        self.help = (
            f"Type a line's letter or the move itself, in {entry.name}'s notation; "
            "? or help shows this, q quits (so do Ctrl-D and Ctrl-C)."
        )

    def intro(self, state: Any) -> list[str]:
        """Who plays, at which seat, against which bots."""
        config, names = self.config, self.config.names
        against = ", ".join(f"{names[seat]} ({bot})" for seat, bot in enumerate(config.bots) if bot is not None)
        return [f"{self.game.name}: you are {names[config.seat]}, seat {config.seat}; against {against}."]

    def _labelled(self, seen: Any) -> dict[str, Any]:
        """The view's legal moves by their letters (a letter that is a move's notation labels none)."""
        moves = seen.legal_moves()
        taken = {text.lower() for text in map(self.game.move_text, moves) if len(text) == 1}
        return terminal.labelled(moves, "".join(letter for letter in self.letters if letter not in taken))

    def screen(self, seen: Any, happened: Sequence[str]) -> str:
        """What happened, the person's view field by field, then the moves by their letters."""
        lines = ["What happened since your last move:", *(f"  - {line}" for line in happened)] if happened else []
        lines += ["", "You see:", *(f"  {line}" for line in plain_lines(seen)), "Your moves:"]
        lines.extend(f"  {label}) {self.game.move_text(move)}" for label, move in self._labelled(seen).items())
        return "\n".join(lines)

    def choices(self, seen: Any) -> terminal.Choices[Any]:
        """A line's letter, or the move in the game's notation."""
        labelled = self._labelled(seen)

        def read(text: str) -> Any:
            if text.lower() in labelled:
                return labelled[text.lower()]
            try:
                return self.game.parse_move(text)
            except EighthalfError as error:
                return f"not a move: {terminal.reason_of(error)}"

        words, short = terminal.label_hint(list(labelled))
        return terminal.Choices(f"Type {words}, or the move itself.", f"Your move [{short}]: ", "Type a move.", read)

    def screen_items(self, events: Sequence[Any], seat: int, before: Any, after: Any) -> list[terminal.ScreenItem]:
        """The events as the person may see them, narrated: kept for the next screen, or
        written at once when the game is over."""
        lines = self.game.narrate(self.game.events_for(events, self.config.seat), self.config.names)
        return [terminal.Message(line) for line in lines] if self.game.to_move(after) is None else list(lines)

    def ending(self, state: Any) -> list[str]:
        """Who won, and the scores."""
        result = self.game.result(state)
        if result is None:  # pragma: no cover - the loop ends with the game
            return []
        names = self.config.names
        won = " and ".join(names[seat] for seat in result.winners) or "nobody"
        scores = ", ".join(f"{name} {score}" for name, score in zip(names, result.scores, strict=True))
        return [f"The game is over: {won} won ({scores})."]

    def new_record(self, **fields: Any) -> Any:
        """The entry's record (:attr:`~eighthalf.registry.GameEntry.make_record`) of ``fields``."""
        made = self.entry.make_record(fields.pop("players"), fields.pop("seed"), fields.pop("rules"), 1)
        return attrs.evolve(cast(Any, made), **fields)


def add_play_options(
    parser: argparse.ArgumentParser,
    *,
    players: range,
    bots: Mapping[str, Callable[[], Any]],
    loads: str,
    add_rules: Callable[[argparse.ArgumentParser], None] | None = None,
) -> None:
    """Add the options of a game's ``play``: the seating (``--players`` from ``players``,
    ``--seat``, ``--bots`` of ``bots``, ``--seed``), ``--name`` and ``--names``,
    ``--record PATH`` (read back with ``loads``, a dotted name) and the rules' options
    (``add_rules``), which :func:`play_settings` checks."""
    terminal.add_seating_arguments(
        parser,
        players=players,
        registry=bots,
        seed_help="the game's seed (default: a fresh one, printed at the end)",
        default=_default_players(players),
    )
    terminal.add_name_arguments(parser)
    terminal.add_record_argument(parser, loads)
    if add_rules is not None:
        add_rules(parser)


def play_settings(
    args: argparse.Namespace,
    *,
    players: range,
    rule: str,
    bots: Mapping[str, Callable[[], Any]],
    rules: Any,
    game: Game[Any, Any, Any, Any, Any] | None = None,
) -> tuple[int, int, tuple[str | None, ...], int, tuple[str, ...], Any, str | None]:
    """The settings of a table from the options of :func:`add_play_options`, in the order
    of :class:`~eighthalf.console.play.PlayConfig`'s fields: the number of players, the
    person's seat, every seat's bot, the seed (a fresh one if none is given), the names,
    ``rules`` and the record's path.

    Raises:
        EighthalfError: If the number of players is not in ``players`` (rule ``rule``), the
            seat or the bots do not fit the table (or, with ``game``, a bot is another
            game's), a name is refused, or the record cannot be written there.
    """
    count, seat, seated = terminal.seating_from_args(args, players=players, rule=rule, registry=bots, game=game)
    names = terminal.names_from_args(args.names, seat_names(count), terminal.check_name, seat=seat, own=args.name)
    record = cli.check_record_option(getattr(args, "record", None))
    return count, seat, seated, fresh_seed() if args.seed is None else args.seed, names, rules, record


def _settle(entry: GameEntry, args: argparse.Namespace) -> GameConfig:
    rules = _rules(entry, args)
    allowed = entry.game.player_counts(rules)
    settings = play_settings(
        args, players=allowed, rule=entry.players_rule, bots=entry.bots, rules=rules, game=entry.game
    )
    words = () if entry.options is None else entry.options.words(rules)
    return GameConfig(*settings, key=entry.key, rules_words=words)


def checked_run(
    parser: argparse.ArgumentParser, check: Callable[[argparse.Namespace], object], run: Callable[..., int]
) -> Callable[..., int]:
    """The ``run`` of a sub-command (``parser``'s) whose options ``check`` checks before
    ``run(args, **write)`` starts: an option that ``check`` refuses (a :class:`ValueError`,
    such as an :class:`~eighthalf.EighthalfError`) is a usage error of ``parser``
    (status 2), as every ``play`` command has it."""

    def checked(args: argparse.Namespace, **write: Any) -> int:
        try:
            check(args)
        except ValueError as error:
            parser.error(str(error))
        return run(args, **write)

    return checked


def _run_play(entry: GameEntry, args: argparse.Namespace, **write: Any) -> int:
    make = entry.commands.screen or GameScreen
    settle = functools.partial(_settle, entry)
    return terminal.run_play(args, settle, functools.partial(make, entry), input=builtins.input, **write)


def _add_play(entry: GameEntry, commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = commands.add_parser("play", help=f"play a game of {entry.name} against bots in the terminal")
    loads = f"eighthalf.registry.find({entry.key!r}).records.loads"
    add_play_options(
        play,
        players=_players(entry.game),
        bots=entry.bots,
        loads=loads,
        add_rules=None if entry.options is None else entry.options.add,
    )
    play.set_defaults(run=checked_run(play, functools.partial(_settle, entry), functools.partial(_run_play, entry)))


# --- simulate -----------------------------------------------------------------------------------


def _add_simulate(entry: GameEntry, commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    own, binding = entry.commands, binding_of(entry)
    unit, options = binding.unit, own.simulate_options
    cli.SimulateCommand(
        binding=binding,
        simulate=functools.partial(simulate, entry),
        count_option=f"--{unit}s",
        count_help=own.count_help or f"how many {unit}s to play (default 1000)",
        lines_option=f"--{unit}s-out",
        lines_help=own.lines_help or f"write one JSON line per {unit} to PATH ('-' for stdout)",
        add_rules=functools.partial(_add_rules, entry, options=options),
        rules_from_args=functools.partial(_rules, entry, options=options),
        rotate_seats=binding.figures.rotate_seats,
        help=own.simulate_help or f"play many seeded {unit}s of {entry.name} between bots and summarise them",
        description=own.simulate_description or None,
    ).add_to(commands)


# --- the commands -------------------------------------------------------------------------------


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser], entry: GameEntry) -> None:
    """Add ``entry``'s sub-commands to ``commands``: its own (:attr:`Commands.add_commands
    <eighthalf.registry.Commands.add_commands>`) if it has them, else ``demo``,
    ``play`` and ``simulate`` (each the game's own if its :class:`~eighthalf.registry.Commands`
    gives it, else derived) and its :attr:`~eighthalf.registry.Commands.extra` ones. Each sub-command's parser sets ``run``, the function of the parsed arguments that
    runs it and returns the exit status."""
    own = entry.commands
    if own.add_commands is not None:
        own.add_commands(commands)
        return
    for own_command, derived in ((own.demo, _add_demo), (own.play, _add_play), (own.simulate, _add_simulate)):
        if own_command is not None:
            own_command(commands)
        else:
            derived(entry, commands)
    if own.extra is not None:
        own.extra(commands)


def add_game_commands(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], entry: GameEntry
) -> argparse.ArgumentParser:
    """Add the command ``<key>`` of ``entry``'s game to ``commands`` (the command line's),
    with its sub-commands (:func:`add_commands`); returns its parser."""
    own = entry.commands
    parser = commands.add_parser(
        entry.key,
        help=own.help or f"the game {entry.name}: demo, play or simulate",
        description=own.description or f"{entry.name}: a narrated demo, the terminal game, and simulations.",
    )
    add_commands(parser.add_subparsers(dest=f"{entry.key}_command", required=True), entry)
    return parser
