"""What a game gives the adapters: its :class:`Encoding` (numpy only).

The PettingZoo environment (:mod:`eighthalf.envs.aec`), the Gymnasium environment of one
seat (:mod:`eighthalf.envs.seat`) and the OpenSpiel game (:mod:`eighthalf.envs.spiel`)
are written once, against the game protocol (:class:`eighthalf.core.game.Game`) and an
:class:`Encoding`: the game's fixed action space with its mask and the way between
actions and moves, its observation vector built from a seat's view alone, the table's
rules, the rewards and the text of a table. 8½'s encoding is
:data:`eighthalf.games.eighthalf.encoding.EIGHTHALF_ENCODING`, Eights' is
:data:`eighthalf.games.eights.encoding.EIGHTS_ENCODING`; a third game joins the three
frameworks with an encoding of its own, declared in its registry entry
(:attr:`eighthalf.registry.GameEntry.encoding`), where :func:`encoding_for` finds it.

>>> encoding_for("eighthalf").num_actions, encoding_for("8½").env_name
(89, 'eighthalf_v0')
>>> encoding_for("eights").env_name
'eights_v0'
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate
from types import MappingProxyType
from typing import Any, Final, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.game import Game, MoveT, Result, RulesT, StateT, ViewT
from eighthalf.registry import GameEntry, RegistryError, find, load_object

__all__ = [
    "DEFAULT",
    "Default",
    "Encoding",
    "Table",
    "check_render_mode",
    "check_seed",
    "encoding_for",
    "game_of",
    "layout",
    "move_limit_of",
]

ArrayT = TypeVar("ArrayT", bound=np.generic)
"""The element type of an array written row by row (:func:`_by_rows`)."""

Table = tuple[Any, int | None]
"""What :meth:`Encoding.table` gives: the rules played and the adapter's own move limit."""


class Encoding(ABC, Generic[StateT, MoveT, ViewT, RulesT]):
    """One game's encoding for the adapters: everything they do not find in the game protocol.

    Each method is pure. An action is an int from 0 to :attr:`num_actions` − 1; which
    move it stands for may depend on the view (Eights' actions name hand slots), so the
    methods between actions and moves take the view.
    """

    game: Game[StateT, MoveT, ViewT, Any, RulesT]
    """The game object of the game protocol."""
    env_name: str
    """The PettingZoo environment's name (its ``metadata["name"]``)."""
    num_actions: int
    """The size of the fixed action space."""
    default_move_limit: int | None
    """The adapters' default ``move_limit``."""
    hidden_rules: str
    """The rule ids that say which cards a seat may not see (8½: ``"I2, I3"``)."""
    episode: str = "game"
    """What one episode is called in messages (8½: ``"round"``)."""
    default_players: int = 4
    """The seats at a table the adapters deal when none are given."""
    utility: tuple[float, float] = (0.0, 1.0)
    """The lowest and the highest reward of a seat (OpenSpiel's ``min_utility`` and ``max_utility``)."""
    deal_rule: str = ""
    """The rule id that says the deal comes from one seed (cited when OpenSpiel's chance outcome is refused)."""
    spiel_parameters: Mapping[str, int | bool] = MappingProxyType({})
    """The derived OpenSpiel game's parameters beyond ``players`` and ``move_limit``, with
    their defaults (the table options :meth:`spiel_rules` reads)."""
    spiel_game: str | None = None
    """``"module:attribute"`` of the game's own OpenSpiel game class, whose module registers
    it (8½'s deals card by card), or ``None`` for the one derived for every game
    (:func:`eighthalf.envs.spiel.spiel_game_for`: one chance node, the seed)."""

    def spiel_rules(self, values: Mapping[str, Any]) -> RulesT | None:
        """The rules of the derived OpenSpiel game's parameter ``values`` (all of
        :attr:`spiel_parameters`, checked for names but not for values); ``None``: the
        game's default rules. Without parameters, ``None``.

        Raises:
            InvalidStateError: If a value is out of range or of the wrong type.
        """
        return None

    def players_of(self, seen: ViewT) -> int:
        """The seats at the table of ``seen`` (OpenSpiel's bot checks that it searches a
        game of as many). Derived for every game from the length of the view's
        observation vector, which :meth:`observation_size` gives for each number of
        players; an encoding may read it from the view instead (8½'s and Eights' do).

        Raises:
            InvalidStateError: If no number of players of the game's default rules has an
                observation of that length, or as :meth:`encode_view` does.
        """
        size = len(self.encode_view(seen))
        for players in self.game.player_counts(self.game.default_rules):
            if self.observation_size(players) == size:
                return players
        raise InvalidStateError(f"no table of this game has an observation of {size} entries")

    def hand_of(self, state: StateT, seat: int) -> tuple[Any, ...]:
        """The cards ``seat`` holds in ``state`` (those of its view: OpenSpiel's
        information state lists them at each of the seat's moves).

        Raises:
            IndexError: As :meth:`view_of` does.
        """
        seen: Any = self.view_of(state, seat)  # every game's seat views have ``hand``
        return tuple(seen.hand)

    rules_name: str = "the game's Rules"
    """How messages name the class of the game's rules (Eights: ``"an eighthalf.eights.Rules"``)."""

    def table(self, rules: RulesT | None, move_limit: int | None) -> tuple[RulesT, int | None]:
        """The rules an adapter plays and its own move limit (``None``: the rules end every game).

        Derived for every game: ``rules``, else the game's
        :attr:`~eighthalf.core.game.Game.default_rules`, and ``move_limit`` as given, which
        ends a game with no winner. A game whose rules hold a move limit of their own, or
        that cannot play some rules, overrides it (8½'s, E7).

        >>> encoding_for("eights").table(None, 500)
        (Rules(target=None, turn_limit=None, may_pass_freely=False), 500)

        Raises:
            InvalidStateError: If ``rules`` are not this game's rules (of the class of its
                default rules; the message names it by :attr:`rules_name`) or are rules the
                encoding cannot play, or ``move_limit`` is out of range (neither ``None`` nor an
                int from 1 to ``2**53 - 1``) or disagrees with them.
        """
        default = self.game.default_rules
        if rules is None:
            rules = default
        elif not isinstance(rules, type(default)):
            raise InvalidStateError(f"rules must be {self.rules_name}, not {quote(rules)}")
        if move_limit is not None and (type(move_limit) is not int or not 1 <= move_limit < 2**53):
            raise InvalidStateError(f"move_limit must be None or an int from 1 to 2**53 - 1, not {quote(move_limit)}")
        return rules, move_limit

    @abstractmethod
    def action_mask(self, seen: ViewT) -> npt.NDArray[np.int8]:
        """1 for each action legal for the viewer now, else 0 (all 0 when it is not their turn).

        Raises:
            InvalidStateError: If ``seen`` is not a view of this game.
        """

    @abstractmethod
    def action_to_move(self, action: int, seen: ViewT) -> MoveT:
        """The move of ``action`` for the viewer of ``seen``.

        Raises:
            IllegalMoveError: If ``action`` is not an action, or stands for no move here.
        """

    @abstractmethod
    def move_to_action(self, move: MoveT, seen: ViewT) -> int:
        """The action of ``move`` for the viewer of ``seen``.

        Raises:
            IllegalMoveError: If ``move`` has no action here.
        """

    @abstractmethod
    def encode_view(self, seen: ViewT) -> npt.NDArray[np.float32]:
        """The observation vector of a seat's view (built from the view alone).

        Raises:
            InvalidStateError: If ``seen`` is not a seat's view of this game.
        """

    def encode_into(self, seen: ViewT, out: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Write :meth:`encode_view` of ``seen`` into ``out`` (a buffer the caller owns, such
        as a row of a batch) and return ``out``; both games' encodings write it directly.

        Raises:
            InvalidStateError: As :meth:`encode_view` does.
        """
        out[:] = self.encode_view(seen)
        return out

    def mask_into(self, seen: ViewT, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
        """Write :meth:`action_mask` of ``seen`` into ``out`` and return ``out``.

        Raises:
            InvalidStateError: As :meth:`action_mask` does.
        """
        out[:] = self.action_mask(seen)
        return out

    def view_of(self, state: StateT, seat: int) -> ViewT:
        """``game.view(state, seat)``, remembering the last view made: the adapters ask for
        the same one when they observe and when they play.

        Raises:
            InvalidStateError: As the game's ``view`` does.
            IndexError: If ``seat`` is not a seat of ``state``.
        """
        last = self._last_view
        if type(seat) is int and last is not None and last[0] is state and last[1] == seat:
            seen: ViewT = last[2]
            return seen
        seen = self.game.view(state, seat)
        self._last_view = (state, seat, seen)
        return seen

    _last_view: tuple[Any, int, Any] | None = None

    def encode_state_into(self, state: StateT, seat: int, out: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Write :meth:`encode_view` of ``seat``'s view of ``state`` into ``out`` and return
        ``out``: the adapters observe this way. This one makes the view
        (:meth:`view_of`); an encoding may build the same vector from the state directly
        (8½'s does), reading only what the view holds.

        Raises:
            InvalidStateError: If ``seat`` is not a seat of ``state``, or as :meth:`encode_into` does.
            IndexError: As :meth:`view_of` does.
        """
        return self.encode_into(self.view_of(state, seat), out)

    def mask_state_into(self, state: StateT, seat: int, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
        """Write :meth:`action_mask` of ``seat``'s view of ``state`` into ``out`` and return
        ``out`` (see :meth:`encode_state_into`).

        Raises:
            InvalidStateError: If ``seat`` is not a seat of ``state``, or as :meth:`mask_into` does.
            IndexError: As :meth:`view_of` does.
        """
        return self.mask_into(self.view_of(state, seat), out)

    def encode_states_into(
        self, states: Sequence[StateT], seats: Sequence[int], out: npt.NDArray[np.float32]
    ) -> npt.NDArray[np.float32]:
        """Write row ``r`` of ``out`` as :meth:`encode_state_into` of ``states[r]`` and
        ``seats[r]``, for every row, and return ``out`` (the batches observe this way; this
        one goes row by row, an encoding may count all rows at once, as 8½'s does).

        Raises:
            InvalidStateError: If there is not one seat per state, or as :meth:`encode_state_into` does.
            IndexError: As :meth:`view_of` does.
        """
        return _by_rows(self.encode_state_into, states, seats, out)

    def mask_states_into(
        self, states: Sequence[StateT], seats: Sequence[int], out: npt.NDArray[np.int8]
    ) -> npt.NDArray[np.int8]:
        """Write row ``r`` of ``out`` as :meth:`mask_state_into` of ``states[r]`` and
        ``seats[r]``, for every row, and return ``out`` (see :meth:`encode_states_into`).

        Raises:
            InvalidStateError: If there is not one seat per state, or as :meth:`mask_state_into` does.
            IndexError: As :meth:`view_of` does.
        """
        return _by_rows(self.mask_state_into, states, seats, out)

    def state_action_to_move(self, action: int, state: StateT, seat: int) -> MoveT:
        """:meth:`action_to_move` of ``action`` for ``seat``'s view of ``state`` (8½'s needs no view).

        Raises:
            IllegalMoveError: As :meth:`action_to_move` does.
            InvalidStateError: If ``seat`` is not a seat of ``state``.
            IndexError: As :meth:`view_of` does.
        """
        return self.action_to_move(action, self.view_of(state, seat))

    def play(self, state: StateT, seat: int, action: int) -> StateT:
        """The state after ``seat`` (the seat to move) plays ``action`` in ``state``: the
        game's checked ``apply`` of its move (an encoding may skip the check for an action
        it knows to be in the mask, as Eights' does).

        Raises:
            IllegalMoveError: If ``action`` stands for no move, or its move is illegal
                (naming the move and the rule); nothing changes.
            InvalidStateError: If ``seat`` is not a seat of ``state``.
            IndexError: As :meth:`view_of` does.
        """
        return self.game.apply(state, self.state_action_to_move(action, state, seat))

    @abstractmethod
    def observation_size(self, players: int) -> int:
        """The length of the observation vector at a table of ``players`` seats."""

    @abstractmethod
    def observation_high(self, players: int, rules: RulesT) -> npt.NDArray[np.float32]:
        """The largest value each entry of the observation can take (the low is 0 everywhere)."""

    @abstractmethod
    def private_blocks(self, players: int) -> Sequence[tuple[int, int]]:
        """The ``(start, size)`` blocks of the observation that only its seat may see (for
        OpenSpiel's public observation, which leaves them out)."""

    def rewards(self, result: Result) -> list[float]:
        """Every seat's reward once the game is over, from its result.

        Derived for every game: 1 for each winner (tied winners each get 1), 0 for the
        others and for everybody when no seat won. A game that rewards its scores
        overrides it (8½: the round's points, E6).
        """
        return [float(seat in result.winners) for seat in range(len(result.scores))]

    @abstractmethod
    def text(self, seen: ViewT) -> str:
        """A text picture of the table as ``seen`` shows it."""

    @abstractmethod
    def recall_size(self, players: int) -> int:
        """The length of the information-state tensor's summary of the moves made."""

    @abstractmethod
    def recall(self, out: npt.NDArray[np.float32], turn: int, move: MoveT) -> None:
        """Add to ``out`` (the summary of the moves made) that the seat ``turn`` places
        after the player made ``move``."""

    def card_text(self, card: Any) -> str:
        """A card of a hand as text: derived for every game as ``str(card)``, its notation (a
        game whose cards write otherwise overrides it: 8½'s ranks by their labels)."""
        return str(card)

    def legal_texts(self, seen: ViewT) -> list[str]:
        """The legal moves of ``seen`` in the game's notation."""
        return [self.game.move_text(move) for move in self.legal_moves(seen)]

    @staticmethod
    def legal_moves(seen: Any) -> tuple[Any, ...]:
        """The legal moves of a view (every game's views have ``legal_moves()``)."""
        moves: tuple[Any, ...] = seen.legal_moves()
        return moves


class Default(enum.Enum):
    """The type of :data:`DEFAULT`."""

    DEFAULT = "default"
    """The encoding's default."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT: Final = Default.DEFAULT
"""An adapter's argument when none is given: the encoding's default (its
:attr:`~Encoding.default_move_limit` and :attr:`~Encoding.default_players`, the game's
default bot as the opponent). ``None`` cannot say this: a ``move_limit`` of ``None`` is
no limit, and other arguments of ``None`` are refused as they were."""


def move_limit_of(encoding: Encoding[Any, Any, Any, Any], move_limit: int | Default | None) -> int | None:
    """``move_limit``, or the encoding's default for :data:`DEFAULT`."""
    return encoding.default_move_limit if move_limit is DEFAULT else move_limit


def game_of(game: str | Encoding[Any, Any, Any, Any] | None, default: str | None) -> str | Encoding[Any, Any, Any, Any]:
    """An adapter's ``game``, or its class's ``default`` game when ``game`` is ``None``.

    Raises:
        InvalidStateError: If both are ``None``.
    """
    if game is not None:
        return game
    if default is None:
        raise InvalidStateError("give the game: its name or key in the registry of games, or its encoding")
    return default


def encoding_for(game: str | GameEntry | Encoding[Any, Any, Any, Any]) -> Encoding[Any, Any, Any, Any]:
    """The environment encoding of a registered game: its name, key or alias
    (:func:`~eighthalf.registry.find`) or its entry, whose
    :attr:`~eighthalf.registry.GameEntry.encoding` is loaded; an encoding is itself.

    Raises:
        EighthalfError: If no game of that name is registered.
        RegistryError: If the game declares no encoding, or its encoding cannot be loaded
            or is not an :class:`Encoding`.
    """
    if isinstance(game, Encoding):
        return game
    entry = game if isinstance(game, GameEntry) else find(game)
    if entry.encoding is None:
        raise RegistryError(f"the game {entry.name} declares no environment encoding (GameEntry.encoding)")
    encoding = load_object(entry.encoding)
    if not isinstance(encoding, Encoding):
        raise RegistryError(f"{entry.encoding} is {quote(encoding)}, not an eighthalf.envs.base.Encoding")
    return encoding


def layout(blocks: Sequence[tuple[str, int]]) -> list[tuple[str, int, int]]:
    """``(name, start, size)`` of each of the ``(name, size)`` blocks of an observation
    vector, laid end to end in their order (the encodings' ``observation_layout``).

    >>> layout([("hand", 3), ("turn", 1)])
    [('hand', 0, 3), ('turn', 3, 1)]
    """
    starts = [0, *accumulate(size for _, size in blocks)]
    return [(name, start, size) for (name, size), start in zip(blocks, starts, strict=False)]


def _by_rows(
    write_row: Callable[[Any, int, npt.NDArray[ArrayT]], Any],
    states: Sequence[Any],
    seats: Sequence[int],
    out: npt.NDArray[ArrayT],
) -> npt.NDArray[ArrayT]:
    """Write row ``r`` of ``out`` as ``write_row(states[r], seats[r], out[r])``, for every
    row, and return ``out``: a batch encoded or masked one state at a time.

    Raises:
        InvalidStateError: If there is not one seat per state, or as ``write_row`` does.
    """
    if len(states) != len(seats):
        raise InvalidStateError(f"give one seat per state, not {len(seats)} for {len(states)}")
    for row, (state, seat) in enumerate(zip(states, seats, strict=True)):
        write_row(state, seat, out[row])
    return out


def check_seed(seed: object) -> int | None:
    """``seed`` as a seed of ``reset``: ``None`` or an int (a numpy integer is taken as its int).

    Raises:
        InvalidStateError: If ``seed`` is neither.
    """
    if isinstance(seed, np.integer):
        seed = int(seed)
    if seed is not None and type(seed) is not int:
        raise InvalidStateError(f"seed must be None or an int, not {quote(seed)}")
    return seed


def check_render_mode(render_mode: object, modes: Sequence[str]) -> str | None:
    """``render_mode``, which must be ``None`` or one of ``modes``.

    Raises:
        InvalidStateError: If it is not.
    """
    if render_mode is not None and (type(render_mode) is not str or render_mode not in modes):
        named = ", ".join(repr(mode) for mode in modes)
        raise InvalidStateError(f"render_mode must be None, {named.replace(', ', ' or ', 1)}, not {quote(render_mode)}")
    return render_mode
