"""The games the server serves, and the settings of a new table.

The server knows no game's rules: a table holds a *record* (:class:`~eighthalf.formats.replay.GameRecord`)
whose game object (:attr:`~eighthalf.formats.replay.GameRecord.game`, a
:class:`~eighthalf.core.game.Game`) plays it. What the server needs of each game beyond the game
protocol is the game's entry in the registry of games (:mod:`eighthalf.registry`): its
documents, bots and records, and how many rounds a table may play. :data:`SERVED` holds the
entry of every registered game, so a game added to the registry is served.

>>> spec = table_spec({"game": "8½", "players": 3, "seats": [None, "greedy"]})
>>> spec.game, spec.players, spec.rounds, spec.bots
('8½', 3, 1, (None, 'greedy', None))
>>> record = spec.record(seed=5)
>>> record.game.name, record.players, record.seed
('8½', 3, 5)
>>> table_spec({"game": "Eights", "players": 7})
Traceback (most recent call last):
    ...
eighthalf.errors.DocumentError: $.players: Eights is played by 2 to 6 players, not 7 (WS2)
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from eighthalf.core.errors import DocumentError, EighthalfError, quote
from eighthalf.formats.documents import MAX_INT, json_kind
from eighthalf.formats.replay import GameRecord
from eighthalf.registry import GameEntry, find, games

__all__ = [
    "BOTS_PACE",
    "MAX_MOVE_SECONDS",
    "MAX_NAME",
    "MAX_PACE",
    "RATED_KINDS",
    "SERVED",
    "SPEC_KEYS",
    "TableSpec",
    "check_name",
    "kind_of",
    "seat_names",
    "served",
    "table_spec",
]

MAX_NAME: Final = 40
"""The longest name a seat may take (characters)."""

_BOT_MARK: Final = "(bot)"

MAX_MOVE_SECONDS: Final = 14 * 24 * 3600
"""The longest time per move a table may set (seconds): 14 days, for games played by the day."""

BOTS_PACE: Final = 1.0
"""The default ``pace`` of a table of bots alone: a second between moves, so people can watch."""

MAX_PACE: Final = 60.0
"""The longest ``pace`` a table may set (seconds between a bot's moves)."""


RATED_KINDS: Final = ("8½ round", "8½ match", "Eights")
"""The kinds of rated play (:func:`kind_of`), each with its own rating (:mod:`eighthalf.server.players`)."""


def kind_of(game: str, rounds: int) -> str | None:
    """The kind of rated play of a table of ``game`` playing ``rounds`` rounds, or ``None``
    for a game that is not rated: a round of 8½, a match of 8½ (more than one round), Eights.

    >>> kind_of("8½", 1), kind_of("8½", 6), kind_of("Eights", 1), kind_of("Other", 1)
    ('8½ round', '8½ match', 'Eights', None)
    """
    if game == "8½":
        return RATED_KINDS[0] if rounds == 1 else RATED_KINDS[1]
    return RATED_KINDS[2] if game == "Eights" else None


class _Served(Mapping[str, GameEntry]):
    """The registered games by name, read from the registry when first asked (a game's
    entry may import the command line, which imports the server's)."""

    def _games(self) -> dict[str, GameEntry]:
        return {entry.name: entry for entry in games()}

    def __getitem__(self, name: str) -> GameEntry:
        return self._games()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())


SERVED: Final[Mapping[str, GameEntry]] = _Served()
"""The games served, by name: the entry of every game of the registry (:mod:`eighthalf.registry`)."""


def served(name: object) -> GameEntry:
    """The entry of the served game named ``name`` (its name, key or an alias: ``"8.5"``, ``"eighthalf"``).

    Raises:
        DocumentError: If no game of that name is served (at ``$.game``).
    """
    try:
        return find(name)
    except EighthalfError:
        raise DocumentError("$.game", f"expected one of {', '.join(map(repr, SERVED))}, not {quote(name)}") from None


@attrs.frozen(kw_only=True)
class TableSpec:
    """The settings of a new table, checked (see :func:`table_spec`)."""

    game: str
    """The served game's name."""
    players: int
    """The number of seats."""
    rounds: int
    """The rounds of a match (1: a single game)."""
    rules: Any
    """The game's rules (its table options)."""
    bots: tuple[str | None, ...]
    """Each seat's built-in bot by name, or ``None`` for a seat open to a person."""
    move_seconds: float | None
    """The time a person has for a move before a bot moves for the seat, or ``None`` (no limit)."""
    timeout_bot: str
    """The built-in bot that moves for a person whose time ran out."""
    seed: int | None
    """The seed chosen by the table's creator, or ``None`` for a fresh one (I4: a chosen seed
    deals the same cards to anyone who knows it, so a table says publicly that it has one)."""
    hints: bool = False
    """Whether a seated person may ask for the best moves of their turn (a hint), from their view."""
    pace: float = 0.0
    """The seconds a bot waits before each of its moves (a table of bots alone: :data:`BOTS_PACE`
    by default, so that people can watch it; 0 otherwise: a bot moves at once)."""
    rated: bool = False
    """Whether the table is rated: its people are signed in, its settings those of its kind of
    play (the default rules, a fresh seed, no hints), and its end moves their ratings."""

    def entry(self) -> GameEntry:
        """The registry's entry of this table's game."""
        return served(self.game)

    def record(self, seed: int) -> GameRecord[Any, Any]:
        """The record of a new table of these settings, dealt from ``seed``."""
        return self.entry().make_record(self.players, seed, self.rules, self.rounds)


SPEC_KEYS: Final = frozenset(
    {"game", "players", "rounds", "rules", "seats", "move_seconds", "timeout_bot", "seed", "hints", "pace", "rated"}
)
"""The keys of a new table's settings (:func:`table_spec`)."""


def _int(data: Mapping[str, Any], key: str, default: int, low: int, high: int, rule: str) -> int:
    value = data.get(key, default)
    if type(value) is not int:
        raise DocumentError(f"$.{key}", f"expected an integer, not {json_kind(value)}")
    if not low <= value <= high:
        raise DocumentError(f"$.{key}", f"expected {low} to {high}, not {quote(value)} ({rule})")
    return value


def _rules(entry: GameEntry, value: object) -> Any:
    documents = entry.documents
    defaults = documents.to_data(entry.game.default_rules)
    if value is None:
        return entry.game.default_rules
    if type(value) is not dict:
        raise DocumentError("$.rules", f"expected an object of the game's rules, not {json_kind(value)}")
    try:
        return documents.from_data({**defaults, **value}, type(entry.game.default_rules))
    except DocumentError as error:
        raise DocumentError("$.rules" + error.path[1:], str(error)[len(error.path) + 2 :]) from None


def _bots(entry: GameEntry, value: object, players: int) -> tuple[str | None, ...]:
    if value is None:
        return (None,) * players
    if type(value) is not list or len(value) > players:
        raise DocumentError("$.seats", f"expected a list of at most {players} seats, not {quote(value)}")
    bots: list[str | None] = []
    for index, name in enumerate(value):
        if name is not None and (type(name) is not str or name not in entry.bots):
            raise DocumentError(
                f"$.seats[{index}]",
                f"expected null (a seat for a person) or a bot of {entry.name}: "
                f"{', '.join(sorted(entry.bots))}, not {quote(name)}",
            )
        bots.append(name)
    return (*bots, *(None,) * (players - len(bots)))


def table_spec(data: object) -> TableSpec:
    """The settings of a new table from the JSON object of ``POST /api/tables``.

    Its keys: ``game`` (required), ``players`` (the game's least number by default),
    ``rounds`` (8½: 1 for a single round, up to 6 for a match; M1), ``rules`` (the fields of
    the game's ``Rules`` document to change, e.g. ``{"move_limit": 300}``), ``seats`` (a list:
    a bot's name, or ``null`` for a person; missing seats are for people),
    ``move_seconds`` (``null`` for no limit), ``timeout_bot`` (``"greedy"``), ``seed`` and
    ``hints`` (``false`` by default: whether a seated person may ask for the best moves of
    their turn), ``pace`` (0 to :data:`MAX_PACE` seconds a bot waits before each of its
    moves; by default :data:`BOTS_PACE` at a table of bots alone, whose rules that would let
    them play for ever also get a bound, :attr:`~eighthalf.registry.GameEntry.bounded`, and
    0 at any other) and ``rated`` (``false`` by default; a rated table is of a kind of play,
    :func:`kind_of`, with the default rules, no ``seed``, no hints and a seat for a person).

    Raises:
        DocumentError: If anything is missing, unknown or out of range; the path names it.
    """
    if type(data) is not dict:
        raise DocumentError("$", f"expected a JSON object, not {json_kind(data)}")
    unknown = sorted(set(data) - SPEC_KEYS)
    if unknown:
        raise DocumentError(f"$.{unknown[0][:40]}", f"unknown key (expected some of {', '.join(sorted(SPEC_KEYS))})")
    if "game" not in data:
        raise DocumentError("$.game", "missing")
    entry = served(data["game"])
    rules = _rules(entry, data.get("rules"))
    counts = entry.game.player_counts(rules)
    players = data.get("players", counts.start)
    if type(players) is not int or players not in counts:
        raise DocumentError(
            "$.players",
            f"{entry.name} is played by {counts.start} to {counts.stop - 1} players, not {quote(players)} ({entry.players_rule})",
        )
    rounds = _int(data, "rounds", 1, 1, entry.max_rounds, "M1" if entry.max_rounds > 1 else "one game a table")
    move_seconds = data.get("move_seconds")
    if move_seconds is not None and (
        type(move_seconds) not in (int, float)
        or not math.isfinite(move_seconds)
        or not 1 <= move_seconds <= MAX_MOVE_SECONDS
    ):
        raise DocumentError(
            "$.move_seconds", f"expected null or 1 to {MAX_MOVE_SECONDS} seconds, not {quote(move_seconds)}"
        )
    timeout_bot = data.get("timeout_bot", entry.default_bot)
    if type(timeout_bot) is not str or timeout_bot not in entry.bots:
        raise DocumentError(
            "$.timeout_bot", f"expected one of {', '.join(sorted(entry.bots))}, not {quote(timeout_bot)}"
        )
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_INT):
        raise DocumentError("$.seed", f"expected null or an integer from 0 to 2**53 - 1, not {quote(seed)}")
    hints = data.get("hints", False)
    if type(hints) is not bool:
        raise DocumentError("$.hints", f"expected true or false, not {quote(hints)}")
    bots = _bots(entry, data.get("seats"), players)
    rated = data.get("rated", False)
    if type(rated) is not bool:
        raise DocumentError("$.rated", f"expected true or false, not {quote(rated)}")
    if rated:
        _check_rated(entry, data, rounds, rules, bots)
    if None not in bots:  # bots alone: rules that would let them play for ever get a bound (8½: E7)
        rules = entry.bounded(rules)
    if None not in bots and (reason := entry.endless(rules)) is not None:
        raise DocumentError("$.rules", reason)
    pace = data.get("pace", BOTS_PACE if None not in bots else 0.0)
    if type(pace) not in (int, float) or not math.isfinite(pace) or not 0 <= pace <= MAX_PACE:
        raise DocumentError("$.pace", f"expected 0 to {MAX_PACE:g} seconds between a bot's moves, not {quote(pace)}")
    return TableSpec(
        game=entry.name,
        players=players,
        rounds=rounds,
        rules=rules,
        bots=bots,
        move_seconds=None if move_seconds is None else float(move_seconds),
        timeout_bot=timeout_bot,
        seed=seed,
        hints=hints,
        pace=float(pace),
        rated=rated,
    )


def _check_rated(
    entry: GameEntry, data: Mapping[str, Any], rounds: int, rules: Any, bots: Sequence[str | None]
) -> None:
    """Refuse a rated table whose settings are not those its kind of play fixes.

    Raises:
        DocumentError: At the setting that is not (``$.rated`` for a game without ratings).
    """
    if kind_of(entry.name, rounds) is None:
        raise DocumentError("$.rated", f"{entry.name} has no ratings (rated play: {', '.join(RATED_KINDS)})")
    if rules != entry.game.default_rules:
        raise DocumentError("$.rules", "a rated table plays the default rules of its kind")
    if data.get("seed") is not None:
        raise DocumentError("$.seed", "a rated table is dealt from a fresh seed, not a chosen one")
    if data.get("hints"):
        raise DocumentError("$.hints", "a rated table gives no hints")
    if None not in bots:
        raise DocumentError("$.seats", "a rated table has a seat for a person")


def check_name(value: object, path: str = "$.name") -> str:
    """A seat's name: 1 to :data:`MAX_NAME` printable characters and no comma, trimmed, that
    does not end in ``(bot)``.

    A finished game's record lists the seats' names in one ``Names`` tag, separated by
    ``", "``: a name holds no comma, so that the list reads back unambiguously. The pages,
    the narration and the record mark the server's bots by ``(bot)`` after their names
    (:func:`seat_names`): a person's name may not end so, or a person could pass for a bot.

    >>> check_name("  Anna ")
    'Anna'
    >>> check_name("greedy (Bot)")
    Traceback (most recent call last):
        ...
    eighthalf.errors.DocumentError: $.name: a person's name does not end in '(bot)', which marks the server's bots: 'greedy (Bot)'

    Raises:
        DocumentError: If it is not.
    """
    if type(value) is not str or not 1 <= len(value.strip()) <= MAX_NAME or not value.isprintable():
        raise DocumentError(path, f"expected a name of 1 to {MAX_NAME} printable characters, not {quote(value)}")
    if "," in value:
        raise DocumentError(
            path, f"a name holds no comma (the record's Names tag separates names with commas): {quote(value)}"
        )
    name = value.strip()
    if unicodedata.normalize("NFKC", name).casefold().replace(" ", "").endswith(_BOT_MARK):
        raise DocumentError(
            path, f"a person's name does not end in {_BOT_MARK!r}, which marks the server's bots: {quote(value)}"
        )
    return name


def seat_names(names: Sequence[str | None], bots: Sequence[str | None]) -> list[str]:
    """How the seats are named in narration and in a record's ``Names`` tag: a person's name,
    a bot's name, or ``seat N``. A name that several seats share is told apart by each seat's
    number, as the lobby numbers the seats, so that the log says which of them moved.

    >>> seat_names(["Anna", None, None, "Anna"], [None, "greedy", "greedy", None])
    ['Anna 0', 'greedy 1 (bot)', 'greedy 2 (bot)', 'Anna 3']
    >>> seat_names(["Anna", None, None], [None, "greedy", "search"])
    ['Anna', 'greedy (bot)', 'search (bot)']
    """
    seats = list(zip(names, bots, strict=True))
    told = []
    for seat, (name, bot) in enumerate(seats):
        number = "" if seats.count((name, bot)) == 1 else f" {seat}"
        told.append(f"{name}{number}" if name else f"{bot}{number} (bot)" if bot else f"seat {seat}")
    return told
