"""The registry of games: every game of eighthalf declared once, found by name.

A game package declares itself with one :class:`GameEntry`: its game object (the rules,
:class:`~eighthalf.core.game.Game`) and what the tools written once above every game
need of it that the rules do not say: its JSON documents, its built-in bots, its record
format, its command line and, optionally, its environment encoding and its schema
pieces. The tools (the command line, the game server, the schema builder, the
environments, the conformance suite) read the registry and never name a game, in the
way python-chess keeps its variants in one list and OpenSpiel registers a game with one
call.

An entry is found through the entry point group :data:`ENTRY_POINT_GROUP`
(``eighthalf.games``), so a game in another distribution registers the same way as the
two games of this one, in its ``pyproject.toml``::

    [project.entry-points."eighthalf.games"]
    mygame = "mygame.entry:ENTRY"

:func:`register` adds an entry at run time (an application's own game, a test's).

>>> [entry.name for entry in games()][:2]
['8½', 'Eights']
>>> find("8.5").name, find("eights").key
('8½', 'eights')
>>> find("chess")
Traceback (most recent call last):
    ...
eighthalf.errors.EighthalfError: no game 'chess' is registered (the games: 8½, Eights...)
"""

from __future__ import annotations

import argparse
import functools
import importlib
import threading
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from importlib import metadata
from typing import Any, Final

import attrs

from eighthalf.core.errors import EighthalfError, IllegalMoveError, quote
from eighthalf.core.game import Game
from eighthalf.formats.documents import Registry
from eighthalf.formats.replay import GameRecord, RecordFormat
from eighthalf.formats.seeded import SeededRecord
from eighthalf.pictures.drawings import PLAIN, Pictures
from eighthalf.players.specs import bot_factory, brief, new_bot

__all__ = [
    "ENTRY_POINT_GROUP",
    "Commands",
    "GameEntry",
    "RegistryError",
    "RuleOption",
    "RulesOptions",
    "TableOption",
    "bots_for",
    "documents_for",
    "entry_of",
    "find",
    "games",
    "load_bot_for",
    "load_object",
    "register",
]

ENTRY_POINT_GROUP: Final = "eighthalf.games"
"""The entry point group in which a distribution declares its games (each a :class:`GameEntry`)."""


class RegistryError(EighthalfError):
    """A game entry that cannot be registered, or an entry point that gives no entry."""


@attrs.frozen(kw_only=True, slots=True, weakref_slot=False)
class Commands:
    """What a game shows differently on the command line (``eighthalf <key> ...``).

    Every member is optional: with none (the default :attr:`GameEntry.commands`) the
    game's ``demo``, ``play`` and ``simulate`` are derived from its entry and the game
    protocol (:mod:`eighthalf.console.commands`); a game overrides only what it shows
    differently.
    """

    help: str = ""
    """One line for the list of commands (``""``: derived from the game's name)."""
    description: str = ""
    """The command's description in its own help (``""``: derived from the game's name)."""
    add_commands: Callable[[Any], None] | None = None
    """The game's own sub-commands, instead of the derived ones: adds them to a set of
    sub-commands (``argparse.ArgumentParser.add_subparsers``); each sub-command's parser
    sets ``run`` (``parser.set_defaults(run=...)``), the function of the parsed arguments
    that runs it and returns the exit status."""
    demo: Callable[[Any], None] | None = None
    """The game's own ``demo`` sub-command instead of the derived one (added as
    :attr:`add_commands` adds them); likewise :attr:`play` and :attr:`simulate`."""
    play: Callable[[Any], None] | None = None
    """The game's own ``play`` sub-command instead of the derived one."""
    simulate: Callable[[Any], None] | None = None
    """The game's own ``simulate`` sub-command instead of the derived one."""
    demo_screen: Callable[..., Any] | None = None
    """The derived ``demo``'s face, if not the plain one: called as ``demo_screen(game,
    names, seed)``, it makes an :class:`eighthalf.console.demo.DemoScreen`."""
    screen: Callable[..., Any] | None = None
    """The derived ``play``'s face, if not the plain one: called as ``face(entry,
    config)``, it makes an :class:`eighthalf.console.play.Screen`."""
    figures: Any = None
    """What the derived ``simulate`` counts and shows of the game's own, if anything: an
    :class:`eighthalf.simulation.simulate.GameFigures` whose counters and distributions the
    summary reports under :attr:`figure_names`, and which says what one game is called
    (8½: a round), its seeds' tag, its default rules and its parts of the summary's JSON,
    CSV and text (8½'s :mod:`eighthalf.games.eighthalf.figures`, Eights'
    :mod:`eighthalf.games.eights.figures`)."""
    figure_names: tuple[str, ...] = ()
    """The names of :attr:`figures`' counters, then of its distributions, as the summary writes them."""
    extra: Callable[[Any], None] | None = None
    """Adds the game's own further sub-commands to the derived ones (as :attr:`add_commands` does)."""
    demo_help: str = ""
    """The derived ``demo``'s line in the list of commands (``""``: derived from the game's name)."""
    demo_seed_help: str = ""
    """The help of the derived ``demo``'s ``--seed`` (``""``: ``the game's seed (default 7)``)."""
    demo_options: RulesOptions | None = None
    """The derived ``demo``'s rule options, if not the entry's (:attr:`GameEntry.options`); rules
    that bots might play for ever (:attr:`GameEntry.endless`) are the game's choice then (8½'s
    ``--move-limit 0``)."""
    simulate_help: str = ""
    """The derived ``simulate``'s line in the list of commands (``""``: derived from the game's name)."""
    simulate_description: str = ""
    """The derived ``simulate``'s description in its own help (``""``: none)."""
    count_help: str = ""
    """The help of the derived ``simulate``'s number of games (``--games``; 8½'s ``--rounds``,
    after its figures' ``unit``); ``""``: ``how many games to play (default 1000)``."""
    lines_help: str = ""
    """The help of the derived ``simulate``'s per-game JSON lines (``--games-out``; 8½'s ``--rounds-out``);
    ``""``: ``write one JSON line per game to PATH ('-' for stdout)``."""
    simulate_options: RulesOptions | None = None
    """The derived ``simulate``'s rule options, if not the entry's (as :attr:`demo_options`)."""


def _no_words(rules: object) -> tuple[str, ...]:
    return ()


@attrs.frozen(kw_only=True, slots=True, weakref_slot=False)
class RulesOptions:
    """A game's rule options on the command line, declared once for its ``demo``, ``play`` and ``simulate``."""

    add: Callable[[Any], None]
    """Adds the options to an ``argparse.ArgumentParser``."""
    read: Callable[[Any], Any]
    """The game's rules from the parsed arguments (an ``argparse.Namespace``).

    Raises:
        EighthalfError: If the options do not make rules of the game.
    """
    words: Callable[[Any], tuple[str, ...]] = _no_words
    """The options that set ``rules`` again, each with its value (``("--target 20",
    "--may-pass-freely")``), for the command that plays a game again; none for the default rules."""

    @classmethod
    def of(cls, rules: Callable[..., Any], *options: RuleOption, title: str | None = None) -> RulesOptions:
        """The options of ``options``, each setting a keyword argument of ``rules`` (the
        rules' class), in a group of the help titled ``title`` if given: :attr:`read` makes
        the rules of the options given; :attr:`words` names the flags that are on and the
        values that are not the default (or are always named).

        >>> import argparse
        >>> from eighthalf.games.eights.options import Rules
        >>> options = RulesOptions.of(Rules, RuleOption("target", "the target", int), RuleOption("may_pass_freely", "pass"))
        >>> parser = argparse.ArgumentParser()
        >>> options.add(parser)
        >>> rules = options.read(parser.parse_args(["--target", "20"]))
        >>> rules == Rules(target=20), options.words(rules)
        (True, ('--target 20',))
        """
        declared = _Declared(rules, options, title)
        return cls(add=declared.add, read=declared.read, words=declared.words)


@attrs.frozen(slots=True, weakref_slot=False)
class RuleOption:
    """One rule option on the command line, declared for :meth:`RulesOptions.of`: the option
    :attr:`option` sets the rules' keyword argument :attr:`field`."""

    field: str
    """The rules' keyword argument that the option sets (``"turn_limit"``)."""
    help: str
    """The option's help."""
    type: Callable[[str], Any] | None = None
    """What reads the option's value (an argparse type); ``None`` for a flag, off by default."""
    default: Any = None
    """The value when the option is not given (not for a flag)."""
    always: bool = False
    """Whether the option is among the rules' words at its default value too."""

    @property
    def option(self) -> str:
        """The option's name: ``--`` and :attr:`field` with dashes for underscores (``--turn-limit``)."""
        return "--" + self.field.replace("_", "-")


@attrs.frozen(slots=True, weakref_slot=False)
class _Declared:
    """The members of :meth:`RulesOptions.of`: rule options declared one by one."""

    rules: Callable[..., Any]
    options: tuple[RuleOption, ...]
    title: str | None

    def add(self, parser: argparse.ArgumentParser) -> None:
        group: argparse._ActionsContainer = parser if self.title is None else parser.add_argument_group(self.title)
        for option in self.options:
            if option.type is None:
                group.add_argument(option.option, action="store_true", help=option.help)
            else:
                group.add_argument(option.option, type=option.type, default=option.default, help=option.help)

    def read(self, args: argparse.Namespace) -> Any:
        return self.rules(**{option.field: getattr(args, option.field) for option in self.options})

    def words(self, rules: object) -> tuple[str, ...]:
        words: list[str] = []
        for option in self.options:
            value = getattr(rules, option.field)
            if option.type is None:
                words.extend((option.option,) if value else ())
            elif option.always or value != option.default:
                words.append(f"{option.option} {value}")
        return tuple(words)


@attrs.frozen(slots=True, weakref_slot=False)
class TableOption:
    """One rule option a new table offers in the browser's lobby, with its label
    (:attr:`GameEntry.table_options`).

    The label and hint are English, marked with :func:`~eighthalf.core.i18n.N_` in the game's
    gettext domain: the server tells them in the lobby's language (``GET /api/games?lang=``).
    Whether the option is a flag (a check box) or a number is read from the game's default rules.
    """

    field: str
    """The rules' field the option sets, as the rules document writes it (``"move_limit"``)."""
    label: str
    """What the lobby calls the option (``"Move limit"``)."""
    hint: str = ""
    """One line on what the option does, citing its rule (``"P3: no ½ of a run may land on 8½"``)."""
    empty: str = ""
    """What an empty number field means (``"rule book"``; ``""``: none)."""


def _never_endless(rules: object) -> str | None:
    return None


def _unchanged(rules: object) -> object:
    return rules


def _one_round(game: object) -> int:
    return 1


def _seeded(entry: GameEntry) -> type[SeededRecord[Any, Any, Any]]:
    """The entry's record class, if its records are seeded records (which give the defaults of two fields).

    Raises:
        RegistryError: If they are not: the entry must give ``players_rule`` and ``make_record``.
    """
    record = entry.records.record
    if not issubclass(record, SeededRecord):
        raise RegistryError(
            f"the entry of {entry.name} gives no players_rule or make_record, and its records are not seeded records"
        )
    return record


def _players_rule(entry: GameEntry) -> str:
    return _seeded(entry).facts.players_rule


def _make_record(entry: GameEntry) -> Callable[[int, int, Any, int], GameRecord[Any, Any]]:
    return _seeded(entry).new_record


def _check_key(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str or not value.isascii() or not value.isidentifier() or value != value.lower():
        raise RegistryError(f"a game's key is a lower-case ASCII identifier, not {quote(value)}")


@attrs.frozen(kw_only=True, slots=True, weakref_slot=False)
class GameEntry:
    """One game as the tools see it: its game object and what the tools need beyond the rules.

    Every member is typed and documented; registering checks that the name is the game
    object's, that the default bot is one of the bots and that no name is another game's.
    Build it in the game's own package (its ``entry`` module), where the game's documents,
    bots and records are, and declare it as an entry point.
    """

    name: str
    """The game's name, as people, records' ``Game`` tags and the server write it: its
    game object's :attr:`~eighthalf.core.game.Game.name`."""
    key: str = attrs.field(validator=_check_key)
    """A short lower-case ASCII identifier: the game's command (``eighthalf eights ...``) and
    a name :func:`find` accepts (``"eights"``)."""
    game: Game[Any, Any, Any, Any, Any]
    """The game object of one game (8½: one round)."""
    documents: Registry
    """The game's JSON document types (``to_data``, ``from_data``, ``dumps``, ``loads``)."""
    bots: Mapping[str, Callable[[], Any]]
    """The built-in bots by name: each value makes a new bot of the game object's game
    (:class:`eighthalf.players.players.Bot`)."""
    records: RecordFormat[Any]
    """How the game's records are made, written and read."""
    players_rule: str = attrs.field(default=attrs.Factory(_players_rule, takes_self=True))
    """The rule id that says how many may play (``"S2"``, ``"WS2"``), cited when a number is
    refused; by default, for seeded records (:mod:`eighthalf.formats.seeded`), their facts'."""
    make_record: Callable[[int, int, Any, int], GameRecord[Any, Any]] = attrs.field(
        default=attrs.Factory(_make_record, takes_self=True)
    )
    """The record of a new game: ``make_record(players, seed, rules, rounds)``; by default,
    for seeded records, :meth:`SeededRecord.new_record <eighthalf.formats.seeded.SeededRecord.new_record>`."""
    cards: Callable[[Any], Counter[Hashable]]
    """Every card of a state, wherever it is (the conformance suite's card conservation)."""
    deck: Counter[Hashable]
    """All the game's cards, as a multiset."""
    aliases: tuple[str, ...] = ()
    """Other names the game is found by (``"8.5"``, ``"eighthalf"``)."""
    default_bot: str = "greedy"
    """The built-in bot that plays for a person (a timed-out seat) and fills tables by default."""
    analysis_bot: str | None = None
    """The built-in bot whose :class:`~eighthalf.players.bots.Policies` the analysis of a
    move plays by (:mod:`eighthalf.analysis`: its play-outs, and its candidates where a seat
    has too many moves to weigh them all): the game's strongest search bot (8½: ``"search"``,
    Eights: ``"prospect"``). ``None``: the game protocol's defaults (random play-outs).
    A game of several rounds plays out by its :attr:`default_bot` instead."""
    max_rounds: int = 1
    """The most rounds of one game (1: the game has no match of several rounds)."""
    game_for: Callable[[int], Game[Any, Any, Any, Any, Any]] | None = None
    """The game object of a game of so many rounds (``None``: :attr:`game` for one round)."""
    rounds_of: Callable[[Game[Any, Any, Any, Any, Any]], int] = _one_round
    """The rounds that a game object of this game plays (the inverse of :meth:`game_of`: 1
    unless the game has matches)."""
    endless: Callable[[Any], str | None] = _never_endless
    """Why bots alone might play for ever under some rules (8½ without a move limit, E7), or ``None``."""
    bounded: Callable[[Any], Any] = _unchanged
    """The rules a table of bots alone plays by, from the rules its creator chose: rules that
    :attr:`endless` finds endless made to end (8½: a move limit of 1,000 moves, E7); by
    default the rules themselves."""
    bot_words: Mapping[str, str] = attrs.field(factory=dict)
    """A few words on each built-in bot's strength, by name, for a person choosing one (the
    lobby: "quick, a beginner"), marked for translation (:func:`~eighthalf.core.i18n.N_`) and
    told in each language; a bot without words is offered by its name alone."""
    commands: Commands = Commands()
    """What the game's commands on the command line show differently, if anything (see
    :class:`Commands`; by default nothing: every command is derived)."""
    options: RulesOptions | None = None
    """The game's rule options on the command line (``None``: the game is played by its default rules there)."""
    encoding: str | None = None
    """``"module:attribute"`` of the game's environment encoding
    (:class:`eighthalf.envs.base.Encoding`, the extras ``rl`` and ``openspiel``), if any."""
    schemas: str | None = None
    """``"module:attribute"`` of the game's JSON Schemas description
    (:class:`eighthalf.schemas.documents.GameSchemas`), if the game ships schemas."""
    wrap_bot: Callable[[Any], Any] | None = None
    """Makes a bot of one round play a game of several rounds (8½: a match), if the game has them."""
    order: int = 100
    """Where the game is listed (lowest first; the first game's commands are the command line's own)."""
    reasons: tuple[str, ...] = ()
    """The templates of the game's refusal reasons (marked with :func:`~eighthalf.core.i18n.N_`),
    by which the server tells a refused move's reason in a player's language
    (:func:`~eighthalf.core.i18n.localize_reason`); none: told in English."""
    reason_words: tuple[str, ...] = ()
    """The words placed in those reasons that are translated too (8½: a card's name)."""
    locales: tuple[str, ...] = ("en",)
    """The languages the game's narration is told in (:meth:`~eighthalf.core.game.Game.narrate`'s
    ``locale``; any other is told in English), of :data:`~eighthalf.core.i18n.LOCALES`."""
    board: str | None = None
    """``"package:folder"`` of the game's board in the browser (``"eighthalf.games.eights:board"``):
    a folder of package resources holding ``board.js``, the script that draws the game's view and
    turns a person's taps into moves (docs: "Playing over a network", "A game's board"). The
    server serves the folder's files at ``/games/<key>/board/<file>``; ``None``: the table page
    shows the view's fields and the moves are typed."""
    howto: str | None = None
    """``"package:folder"`` of the game's "How to play" page (``"eighthalf.games.eights:howto"``):
    a folder of package resources holding one JSON file a language, ``en.json`` at least
    (``fr.json``, ``nl.json`` …): the short screen of how to play and every rule of the rule
    book by its id (docs: "The browser table"; "Playing over a network", "A game's How to play
    page"). The server shows it at
    ``/games/<key>/rules?lang=<lang>`` (:mod:`eighthalf.server.web.howto`), and the lobby and
    the table page link to it and to its rules by id; ``None``: no such page, and no links."""
    table_options: tuple[TableOption, ...] = ()
    """The rule options a new table offers in the lobby, with their labels (a field of the rules
    not listed is offered under its name)."""
    refusals: Callable[[Any, Any, int], Mapping[str, IllegalMoveError]] | None = None
    """The plays a seat to move might tap that are refused now, with the engine's error for each:
    ``refusals(game, state, seat)`` maps a move's text to its
    :class:`~eighthalf.errors.IllegalMoveError`. The server sends their reasons to that seat, in
    its language, so that its board says at once why a selection is no move (``None``: it does
    not; the reason comes when the move is sent)."""
    pictures: Pictures = PLAIN
    """How the game's states, views and moves are drawn in SVG (:mod:`eighthalf.pictures`): the
    game's own drawings of its table, or by default :data:`~eighthalf.pictures.drawings.PLAIN`, which
    shows a position as text. ``pictures.of_record(record, n)`` draws a record's position after ``n`` moves."""

    def game_of(self, rounds: int) -> Game[Any, Any, Any, Any, Any]:
        """The game object of a game of ``rounds`` rounds (1 to :attr:`max_rounds`).

        Raises:
            RegistryError: If ``rounds`` is out of range.
        """
        if type(rounds) is not int or not 1 <= rounds <= self.max_rounds:
            raise RegistryError(f"{self.name} is played in 1 to {self.max_rounds} rounds, not {quote(rounds)}")
        if rounds == 1 or self.game_for is None:
            return self.game
        return self.game_for(rounds)

    def bot(self, name: str, game: Game[Any, Any, Any, Any, Any] | None = None) -> Any:
        """A new built-in bot ``name`` for ``game`` (by default :attr:`game`): a bot of one
        round wrapped by :attr:`wrap_bot` when ``game`` is a game of several rounds.

        Raises:
            RegistryError: If the game has no bot of that name.
        """
        if type(name) is not str or name not in self.bots:
            raise RegistryError(f"expected a bot of {self.name}: {', '.join(sorted(self.bots))}, not {quote(name)}")
        bot = self.bots[name]()
        if game is None or self.wrap_bot is None or self.plays_one_round(game):
            return bot
        return self.wrap_bot(bot)

    def plays_one_round(self, game: Game[Any, Any, Any, Any, Any]) -> bool:
        """Whether ``game``'s bots need no wrapping: it plays the game of :attr:`game` (one
        round; it is of the same class, an unpickled copy in a worker included), or the
        game has no rounds to wrap (no :attr:`wrap_bot`)."""
        return type(game) is type(self.game) or self.wrap_bot is None

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the game is found by: its name, its key and its aliases."""
        return (self.name, self.key, *self.aliases)


_lock = threading.RLock()  # an entry's module may look games up as it is imported
_entries: dict[str, GameEntry] = {}
_loaded = False


def load_object(spec: str) -> Any:
    """The object that ``"module:attribute"`` names (``"module:a.b"`` for an attribute's attribute).

    Raises:
        RegistryError: If the module cannot be imported or has no such attribute.
    """
    module, colon, name = spec.partition(":")
    if not colon or not module or not name:
        raise RegistryError(f"expected 'module:attribute', not {quote(spec)}")
    try:
        found: Any = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as error:
        raise RegistryError(f"cannot load {quote(spec)}: {error}") from None
    return found


def _add(entry: object, where: str) -> None:
    if not isinstance(entry, GameEntry):
        raise RegistryError(f"{where} gives {quote(entry)}, not a GameEntry")
    if entry.game.name != entry.name:
        raise RegistryError(f"{where}: the entry's name {entry.name!r} is not its game's name {entry.game.name!r}")
    if entry.default_bot not in entry.bots:
        raise RegistryError(f"{where}: the default bot {entry.default_bot!r} is not one of the game's bots")
    if entry.analysis_bot is not None and entry.analysis_bot not in entry.bots:
        raise RegistryError(f"{where}: the analysis bot {entry.analysis_bot!r} is not one of the game's bots")
    for bot in sorted(set(entry.bot_words) - set(entry.bots)):
        raise RegistryError(f"{where}: the words on the bot {bot!r} name none of the game's bots")
    for name in entry.names:
        known = _find(name)
        if known is not None and known != entry:
            raise RegistryError(f"{where}: the name {name!r} is taken by the game {known.name}")
    if _find(entry.name) is None:
        _entries[entry.name] = entry


def _find(name: str) -> GameEntry | None:
    folded = name.casefold()
    for entry in _entries.values():
        if any(folded == each.casefold() for each in entry.names):
            return entry
    return None


def _load() -> None:
    global _loaded
    with _lock:
        if _loaded:
            return
        _loaded = True  # before the entries' modules are imported: one may call games() as it loads
        try:
            for point in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.value):
                _add(load_object(point.value), f"the entry point {point.name} = {point.value}")
        except BaseException:
            _loaded = False
            raise


def register(entry: GameEntry) -> GameEntry:
    """Register ``entry`` in this process (a game not declared as an entry point); returns it.

    Registering the same entry again does nothing.

    Raises:
        RegistryError: If it is not a :class:`GameEntry`, or one of its names is another game's.
    """
    _load()
    with _lock:
        _add(entry, "register")
    return entry


def games() -> tuple[GameEntry, ...]:
    """Every registered game, in order (:attr:`GameEntry.order`, then name)."""
    _load()
    with _lock:
        return tuple(sorted(_entries.values(), key=lambda entry: (entry.order, entry.name)))


def find(name: object) -> GameEntry:
    """The game registered as ``name`` (its name, key or an alias; case does not matter).

    Raises:
        EighthalfError: If no game has that name; the message lists the games.
    """
    _load()
    found = _find(name) if type(name) is str else None
    if found is None:
        raise EighthalfError(
            f"no game {quote(name)} is registered (the games: {', '.join(entry.name for entry in games())})"
        )
    return found


def entry_of(game: Game[Any, Any, Any, Any, Any]) -> GameEntry:
    """The entry of the game that ``game`` plays (found by its :attr:`~eighthalf.core.game.Game.name`).

    Raises:
        EighthalfError: If that game is not registered.
    """
    return find(game.name)


def bots_for(game: Game[Any, Any, Any, Any, Any]) -> Mapping[str, Callable[[], Any]]:
    """The built-in bots of ``game`` by name, each value making a new bot for it (wrapped by
    the entry's :attr:`~GameEntry.wrap_bot` when ``game`` plays several rounds).

    >>> from eighthalf.games.eighthalf.game import MatchGame
    >>> type(bots_for(MatchGame(2))["greedy"]()).__name__
    'MatchPlayer'

    Raises:
        EighthalfError: If the game is not registered.
    """
    entry = entry_of(game)
    if entry.plays_one_round(game):
        return entry.bots
    return {name: functools.partial(entry.bot, name, game) for name in entry.bots}


def documents_for(game: Game[Any, Any, Any, Any, Any]) -> Registry:
    """The JSON document types of ``game``'s game (its entry's :attr:`~GameEntry.documents`).

    Raises:
        EighthalfError: If the game is not registered.
    """
    return entry_of(game).documents


def load_bot_for(game: Game[Any, Any, Any, Any, Any], spec: str) -> Any:
    """A new bot of ``spec`` for ``game``: a name of its built-in bots (:func:`bots_for`), or
    ``"module:attribute"`` (see :func:`~eighthalf.simulation.runner.bot_factory`).

    A ``module:attribute`` that makes a bot of another registered game is refused at
    once, in every command that seats bots (``demo``, ``play`` and ``simulate``), instead of
    failing at the bot's first move.

    >>> from eighthalf.games.eighthalf.game import EIGHTHALF
    >>> load_bot_for(EIGHTHALF, "eighthalf.games.eights.bots:GreedyBot")
    Traceback (most recent call last):
    ...
    eighthalf.errors.EighthalfError: bot 'eighthalf.games.eights.bots:GreedyBot' is a bot of Eights, not of 8½; choose from greedy, ismcts, random, search, or give 'module:attribute'

    Raises:
        EighthalfError: If ``spec`` cannot be resolved, makes no bot, or makes a bot of
            another registered game (the message names that game), or ``game`` is not registered.
    """
    bots = bots_for(game)
    bot = new_bot(spec, bot_factory(spec, bots))
    if ":" in spec:
        for entry in games():
            if entry.name == game.name:
                continue
            kinds = tuple(kind for kind in entry.bots.values() if isinstance(kind, type))
            if isinstance(bot, kinds):
                raise EighthalfError(
                    f"bot {brief(spec)} is a bot of {entry.name}, not of {game.name}; "
                    f"choose from {', '.join(sorted(bots))}, or give 'module:attribute'"
                )
    return bot
