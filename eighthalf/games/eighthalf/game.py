"""8½ as game objects of the game protocol (:class:`eighthalf.core.game.Game`).

:data:`EIGHTHALF` is a single round (S1–E7) and :data:`MATCH` the six-round match
(M1–M3); :class:`MatchGame` makes matches of other lengths. They bind 8½'s own
functions, unchanged, to the protocol that the tools written once for every game use
(the simulation runner, records and replay, the terminal loop, the bots' search, the
leak checker of :mod:`eighthalf.testing`).

>>> from eighthalf.core.game import play_out
>>> last = play_out(MATCH, MATCH.start(3, seed=11), lambda match, moves: moves[0])
>>> MATCH.result(last)
Result(scores=(7, 5, 6), winners=(0,))
>>> MATCH.to_move(last) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol, runtime_checkable

from eighthalf.core.errors import DocumentError, EighthalfError, InvalidStateError, quote
from eighthalf.core.game import Result, TurnGame
from eighthalf.core.i18n import DEFAULT_LOCALE
from eighthalf.formats.records import check_tag_texts, tag_int
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.deal import new_game
from eighthalf.games.eighthalf.engine import apply, apply_unchecked, legal_moves
from eighthalf.games.eighthalf.events import ROUND_EVENT_TYPES, describe, events_for, narrate
from eighthalf.games.eighthalf.match import (
    DECLINE,
    Decline,
    Exchange,
    Match,
    MatchEvent,
    MatchMove,
    MatchView,
    describe_match,
    new_match,
    parse_match_move,
    sample_match,
    view_match,
)
from eighthalf.games.eighthalf.match import events_for as match_events_for
from eighthalf.games.eighthalf.match import narrate as match_narrate
from eighthalf.games.eighthalf.moves import parse_move
from eighthalf.games.eighthalf.options import MAX_COUNT, OPTION_NAMES, Rules
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.views import sample_state, view

__all__ = [
    "EIGHTHALF",
    "MATCH",
    "Exchanger",
    "MatchGame",
    "MatchPlayer",
    "RoundGame",
    "check_deciding",
    "choose_exchange",
    "exchange_choice",
    "rules_from_tags",
    "rules_tags",
]

GAME_TAG: Final = "8½"
"""The ``Game`` tag of 8½'s records, and the name of its game objects."""
_DEFAULT_RULES: Final = Rules()


def rules_tags(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The record tags that name ``rules``: ``MoveLimit`` (E7), ``Seats`` (when not 2-5)
    and ``Options`` (the table options that are on); none for the default rules.

    >>> rules_tags(Rules(move_limit=300, open_runs=True))
    (('MoveLimit', '300'), ('Options', 'open_runs'))
    """
    tags = []
    if rules.move_limit is not None:
        tags.append(("MoveLimit", str(rules.move_limit)))
    if rules.min_players != 2 or rules.max_players != 5:
        tags.append(("Seats", f"{rules.min_players}-{rules.max_players}"))
    if rules.variant:
        tags.append(("Options", " ".join(rules.option_names())))
    return tuple(tags)


def _options(text: str | None) -> dict[str, bool]:
    """The table options named by an ``Options`` tag: each once, in the canonical order."""
    if text is None:
        return {}
    names = text.split(" ")
    if text != " ".join(name for name in OPTION_NAMES if name in names) or not names[0]:
        raise DocumentError(
            "$.Options",
            f"expected the names of table options that are on, once each, in the order "
            f"{' '.join(OPTION_NAMES)}, separated by single spaces, not {quote(text)}",
        )
    return dict.fromkeys(names, True)


def rules_from_tags(tags: Mapping[str, str]) -> Rules:
    """The rules that a record's ``MoveLimit``, ``Seats`` and ``Options`` tags name.

    >>> rules_from_tags({"MoveLimit": "300", "Options": "open_runs"}) == Rules(move_limit=300, open_runs=True)
    True

    Raises:
        DocumentError: If a tag is malformed (not text included) or names rules that cannot
            be (path ``$.Rules``).
    """
    check_tag_texts(tags, ("Seats", "Options", "MoveLimit"))
    seats = tags.get("Seats", "2-5").partition("-")
    options = _options(tags.get("Options"))
    try:
        return Rules(
            min_players=tag_int(seats[0], "Seats"),
            max_players=tag_int(seats[2], "Seats"),
            move_limit=tag_int(tags["MoveLimit"], "MoveLimit") if "MoveLimit" in tags else None,
            **options,
        )
    except DocumentError:
        raise
    except EighthalfError as error:
        raise DocumentError("$.Rules", str(error)) from None


class _EightAndAHalf:
    """What 8½'s round and match share: the name, the rules and the rules' record tags."""

    __slots__ = ()

    @property
    def name(self) -> str:
        """``"8½"``: the name of the game, and its records' ``Game`` tag."""
        return GAME_TAG

    @property
    def default_rules(self) -> Rules:
        """The rule book's rules: 2 to 5 players, no move limit, no table option."""
        return _DEFAULT_RULES

    def player_counts(self, rules: Rules) -> range:
        """The numbers of players ``rules`` allow (S2: 2 to 5 by default)."""
        return range(rules.min_players, rules.max_players + 1)

    rules_tags = staticmethod(rules_tags)
    rules_from_tags = staticmethod(rules_from_tags)


class RoundGame(TurnGame, _EightAndAHalf):
    """A single round of 8½ (S1–E7), as a game object: 8½'s functions, unchanged; whose turn
    it is (none once the round is over, E4) and the moves' notation as
    :class:`~eighthalf.core.game.TurnGame` derives them.

    >>> EIGHTHALF.start(4, seed=7) == new_game(4, seed=7)
    True
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return "eighthalf.games.eighthalf.game.EIGHTHALF" if type(self) is RoundGame else f"{type(self).__name__}()"

    # 8½'s own functions, bound as they are: no call in between on the hot path of
    # search and simulations.
    start = staticmethod(new_game)
    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    apply_unchecked = staticmethod(apply_unchecked)
    describe = staticmethod(describe)
    events_for = staticmethod(events_for)
    view = staticmethod(view)
    sample_state = staticmethod(sample_state)

    def result(self, state: GameState) -> Result | None:
        """The round's points (E6) and its winner (none when E7 ended it)."""
        outcome = state.outcome
        if outcome is None:
            return None
        return Result(outcome.points, () if outcome.winner is None else (outcome.winner,))

    parse_move = staticmethod(parse_move)
    narrate = staticmethod(narrate)


@runtime_checkable
class Exchanger(Protocol):
    """A bot that makes the M3 exchange decision of a match itself.

    Optional: for a bot without ``exchange``, :func:`choose_exchange` uses
    :func:`exchange_choice`.
    """

    def exchange(self, seen: MatchView, rng: random.Random) -> Exchange | Decline:
        """Choose one of ``seen.legal_moves()`` while the bot's seat decides on the exchange (M3)."""
        ...


_FLEXIBLE: Final = {Rank.GHOST: 20, Rank.HALF: 15, Rank.ZERO: 12}


def check_deciding(seen: MatchView) -> None:
    """Refuse an M3 decision asked of a seat that is not deciding on an exchange.

    Raises:
        ValueError: If the viewer is not deciding on an exchange.
    """
    if seen.exchange_by is None or seen.exchange_by != seen.round.seat:
        raise ValueError("no exchange is pending for this seat (M3)")


def exchange_choice(seen: MatchView) -> Exchange | Decline:
    """The built-in bots' M3 decision, from the deciding seat's own view.

    Open cards are played late, on whatever call there is, so a bot values them by how
    often they can be played: Ghost, then ½, then 0, then the number cards from 9 down
    to 1. It makes the exchange that gains the most by this order (the first such in
    the order offered) and declines when none gains.

    Raises:
        ValueError: If the viewer is not deciding on an exchange.
    """
    check_deciding(seen)

    def value(rank: Rank) -> int:
        return _FLEXIBLE.get(rank, int(rank))

    best: Exchange | Decline = DECLINE
    gain = 0
    for move in seen.exchanges:
        this = value(move.theirs) - value(move.own)
        if this > gain:
            best, gain = move, this
    return best


def choose_exchange(bot: object, seen: MatchView, rng: random.Random) -> Exchange | Decline:
    """``bot``'s M3 decision: its own (:class:`Exchanger`) or else :func:`exchange_choice`.

    Raises:
        ValueError: If the viewer is not deciding on an exchange.
    """
    if isinstance(bot, Exchanger):
        check_deciding(seen)
        return bot.exchange(seen, rng)
    return exchange_choice(seen)


class MatchPlayer:
    """A round bot playing a match: the round's moves from the round's view, the M3
    decision from the bot's ``exchange`` method if it has one (else the built-in bots'
    choice), and the round's events shown to it if it observes.

    A match's bots (:func:`eighthalf.registry.bots_for` of a :class:`MatchGame`) are round bots wrapped in this.
    """

    __slots__ = ("bot",)

    bot: Any
    """The round bot."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @property
    def name(self) -> str:
        """The round bot's name."""
        return str(self.bot.name)

    def choose(self, seen: MatchView, rng: random.Random) -> MatchMove:
        """The round bot's move, or its M3 decision while it decides on the exchange."""
        if seen.exchange_by is not None:
            return choose_exchange(self.bot, seen, rng)
        move: MatchMove = self.bot.choose(seen.round, rng)
        return move

    def observe(self, events: Sequence[MatchEvent], seen: MatchView) -> None:
        """Show a round's move to the round bot if it observes, with its view of the round.

        The match's own events are public and in ``seen``. The move that ends a round is
        not shown: ``seen`` is then already the next round (or the finished match), whose
        view would not fit the events, and a round bot starts each round afresh.
        """
        observe = getattr(self.bot, "observe", None)
        if observe is None or any(type(event) not in ROUND_EVENT_TYPES for event in events):
            return
        if events:
            observe(tuple(events), seen.round)


class MatchGame(_EightAndAHalf):
    """The match of M1–M3 as a game object: ``rounds`` rounds (6 by default).

    >>> MatchGame(2).start(3, seed=11).rounds
    2

    Raises:
        InvalidStateError: If ``rounds`` is not an int from 1 to 2\\ :sup:`53` - 1.
    """

    __slots__ = ("rounds",)

    rounds: int
    """The number of rounds of every match this game object starts (M1)."""

    def __init__(self, rounds: int = 6) -> None:
        if type(rounds) is not int or not 1 <= rounds <= MAX_COUNT:
            raise InvalidStateError(f"a match has from 1 to 2**53 - 1 rounds, not {quote(rounds)} (M1)")
        self.rounds = rounds

    def __repr__(self) -> str:
        return (
            "eighthalf.games.eighthalf.game.MATCH"
            if self.rounds == 6
            else f"eighthalf.games.eighthalf.game.MatchGame({self.rounds})"
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is MatchGame and other.rounds == self.rounds

    def __hash__(self) -> int:
        return hash((MatchGame, self.rounds))

    def start(self, players: int, *, seed: int | None = None, rules: Rules | None = None) -> Match:
        """:func:`~eighthalf.new_match` of :attr:`rounds` rounds."""
        return new_match(players, rounds=self.rounds, seed=seed, rules=rules)

    def to_move(self, state: Match) -> int | None:
        """The seat to move (the deciding winner during M3), ``None`` once the match is over."""
        return None if state.over else state.to_move

    def legal_moves(self, state: Match) -> tuple[MatchMove, ...]:
        """:meth:`Match.legal_moves <eighthalf.Match.legal_moves>`."""
        return state.legal_moves()

    def apply(self, state: Match, move: MatchMove) -> Match:
        """:meth:`Match.apply <eighthalf.Match.apply>`."""
        return state.apply(move)

    def apply_unchecked(self, state: Match, move: MatchMove) -> Match:
        """:meth:`Match.apply_unchecked <eighthalf.Match.apply_unchecked>`."""
        return state.apply_unchecked(move)

    def describe(self, before: Match, move: MatchMove, after: Match) -> tuple[MatchEvent, ...]:
        """:func:`eighthalf.games.eighthalf.match.describe_match`: what :meth:`~eighthalf.Match.apply_with_events` reports."""
        return describe_match(before, move, after)

    def events_for(self, events: Sequence[MatchEvent], seat: int | None) -> tuple[MatchEvent, ...]:
        """:func:`~eighthalf.events_for` (a match's own events are public)."""
        return match_events_for(events, seat)

    def view(self, state: Match, seat: int | None) -> MatchView:
        """:func:`~eighthalf.view_match`."""
        return view_match(state, seat)

    def sample_state(self, seen: MatchView, rng: random.Random) -> Match:
        """:func:`eighthalf.games.eighthalf.match.sample_match`: the round sampled, a fresh seed for the rounds to come (I4)."""
        return sample_match(seen, rng)

    def result(self, state: Match) -> Result | None:
        """The match's totals and winners (M1) once it is over."""
        return Result(state.scores, state.winners) if state.over else None

    def move_text(self, move: MatchMove) -> str:
        """The move's notation (``str(move)``: ``xG17`` for an exchange, ``d`` to decline)."""
        return str(move)

    def parse_move(self, text: str) -> MatchMove:
        """:func:`~eighthalf.parse_match_move`."""
        return parse_match_move(text)

    def narrate(
        self, events: Sequence[MatchEvent], names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
    ) -> list[str]:
        """:func:`~eighthalf.narrate`, which tells a match's own events too (in ``locale``'s language)."""
        return match_narrate(events, names, locale)


EIGHTHALF: Final = RoundGame()
"""A single round of 8½ (S1–E7)."""
MATCH: Final = MatchGame()
"""The six-round match of 8½ (M1–M3)."""
