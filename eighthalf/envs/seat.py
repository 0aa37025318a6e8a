"""The Gymnasium environment of one seat of any game with an :class:`~eighthalf.envs.base.Encoding` (extra ``rl``).

:class:`GameSeatEnv` is a single-agent :class:`gymnasium.Env`, written once against the
game protocol and the game's encoding; 8½'s :class:`eighthalf.envs.gym.SeatEnv` and
Eights' :class:`eighthalf.envs.eights.gym.SeatEnv` are it with their encoding. One
episode is one game of the game object; the agent plays seat ``seat`` and bots of the
game (by name from its ``bots`` registry, or functions that make one) play the others,
moving between the agent's steps. Observations are the agent's view as the encoding's
vector; ``info["action_mask"]`` marks the legal actions and ``info["legal_moves"]``
names them. The rewards are the encoding's when the game ends, 0 before; a game won
*terminates*, a game stopped by a move limit (no winner) is *truncated*.

Every registered game with an encoding has the environment: :class:`GameSeatEnv` takes
the game's name or key, and :func:`seat_env_id` registers it with Gymnasium as
``eighthalf/<Key>Seat-v0`` (:func:`register_seat_envs` registers every game's).

>>> table = GameSeatEnv(3, game="eights", opponents=("random",))
>>> observation, info = table.reset(seed=3)
>>> observation.shape, info["action_mask"].shape
((540,), (3434,))
>>> seat_env_id("eights")
'eighthalf/EightsSeat-v0'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from numbers import Real
from typing import Any, ClassVar, Generic, SupportsFloat, TypeVar

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ModuleNotFoundError as missing:  # the 'rl' extra is not installed
    from eighthalf.envs.extras import extra_missing

    raise extra_missing(missing, "rl", "eighthalf.envs.seat") from None

from eighthalf.console.demo import bot_move
from eighthalf.core.errors import IllegalMoveError, InvalidStateError, quote
from eighthalf.core.game import RulesT
from eighthalf.envs.base import DEFAULT, Default, Encoding, check_render_mode, encoding_for, game_of, move_limit_of
from eighthalf.players import players as common_players
from eighthalf.registry import bots_for, entry_of, find, games

__all__ = ["GameSeatEnv", "register_seat_envs", "seat_env_id"]

Observation = npt.NDArray[np.float32]
BotT = TypeVar("BotT")
"""The type of the game's bots (:class:`eighthalf.players.players.Bot`)."""


def _is_real(value: object) -> bool:
    """Whether ``value`` is a real number (a bool is not one here)."""
    return isinstance(value, Real) and not isinstance(value, bool)


def _is_action(action: object, count: int) -> bool:
    """Whether ``action`` is an action of a space of ``count`` (an int or a numpy integer, not a bool)."""
    return isinstance(action, (int, np.integer)) and not isinstance(action, bool) and bool(0 <= action < count)


def _check_opponents(opponents: object, bots: Mapping[str, object]) -> None:
    """``opponents`` must be a non-empty sequence (not text) of known bot names and functions.

    Raises:
        InvalidStateError: If it is not; the message says what is wrong, briefly.
    """
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
        raise InvalidStateError(
            f"opponents must be a sequence of bot names or functions that make a bot, not {quote(opponents)}"
        )
    if not opponents:
        raise InvalidStateError("give at least one opponent bot")
    for kind in opponents:
        if isinstance(kind, str):
            if kind not in bots:
                raise InvalidStateError(f"unknown bot {quote(kind)}; choose from {', '.join(sorted(bots))}")
        elif not callable(kind):
            raise InvalidStateError(f"an opponent is a bot name or a function that makes a bot, not {quote(kind)}")


class GameSeatEnv(gymnasium.Env[Observation, np.int64], Generic[RulesT, BotT]):
    """One seat of a game against bots, as a Gymnasium environment (see the module's description).

    An action outside the mask is the agent's mistake. By default (``illegal="end"``,
    the convention of PettingZoo's ``TerminateIllegalWrapper``) it ends the episode at
    once with reward ``illegal_reward`` and ``info["illegal"]`` saying why, and the
    game is left as it was; with ``illegal="raise"`` it raises
    :class:`~eighthalf.IllegalMoveError`. An action outside the action space always
    raises, and so does a step after the episode ended
    (:class:`~eighthalf.InvalidStateError`).

    A game's own environment is a subclass that sets :attr:`default_game` (8½'s
    :class:`eighthalf.envs.gym.SeatEnv`, Eights' :class:`eighthalf.envs.eights.gym.SeatEnv`).

    Args:
        players: Seats at the table (by default the encoding's ``default_players``).
        game: The game's encoding, or the name or key of a registered game with one
            (:func:`~eighthalf.envs.base.encoding_for`); by default :attr:`default_game`.
        seat: The agent's seat.
        opponents: Bots for the other seats, in seat order, repeated to fill the table:
            names of the game's ``bots`` or functions that make a bot (by default the
            game's ``default_bot``). Fresh bots are made for every episode.
        move_limit: The move limit, or ``None`` for none (see the encoding's ``table``;
            by default the encoding's ``default_move_limit``).
        illegal: ``"end"`` or ``"raise"``, for an action outside the mask.
        illegal_reward: The reward of an illegal action under ``illegal="end"``.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        rules: The table's rules, instead of the default rules with ``move_limit``.

    Raises:
        InvalidStateError: If ``players`` is not allowed, the rules or the move limit are
            refused by the encoding, ``seat`` is not a seat of the table, ``opponents``
            is not a non-empty sequence of bot names and functions, a bot name is
            unknown, ``illegal`` or ``render_mode`` is not one of the above, or
            ``illegal_reward`` is not a real number.
        EighthalfError: If ``game`` names no registered game, or one without an encoding.
    """

    default_game: ClassVar[str | None] = None
    """The key of the game played when ``game`` is not given (``None``: it must be given)."""
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012  (Gymnasium declares it so)

    def __init__(
        self,
        players: int | Default = DEFAULT,
        *,
        game: str | Encoding[Any, Any, Any, Any] | None = None,
        seat: int = 0,
        opponents: Sequence[str | Callable[[], BotT]] | Default = DEFAULT,
        move_limit: int | Default | None = DEFAULT,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        rules: RulesT | None = None,
    ) -> None:
        self.encoding = encoding = encoding_for(game_of(game, self.default_game))
        self.game = played = encoding.game
        if players is DEFAULT:
            players = encoding.default_players
        if opponents is DEFAULT:
            opponents = (entry_of(played).default_bot,)
        self.rules, self.move_limit = encoding.table(rules, move_limit_of(encoding, move_limit))
        played.start(players, seed=0, rules=self.rules)  # checks the table
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidStateError(f"seat must be an int from 0 to {players - 1}, not {quote(seat)}")
        _check_opponents(opponents, bots_for(played))
        if type(illegal) is not str or illegal not in ("end", "raise"):
            raise InvalidStateError(f"illegal must be 'end' or 'raise', not {quote(illegal)}")
        if not _is_real(illegal_reward):
            raise InvalidStateError(f"illegal_reward must be a real number, not {quote(illegal_reward)}")
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.players = players
        self.seat = seat
        self.opponents = tuple(opponents)
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.observation_space = spaces.Box(
            low=np.zeros(encoding.observation_size(players), dtype=np.float32),
            high=encoding.observation_high(players, self.rules),
            dtype=np.float32,
        )
        self.action_space = spaces.Discrete(encoding.num_actions)
        self.state: Any = None
        self.moves = 0
        self._bots: dict[int, Any] = {}
        self._rng = random.Random(0)
        self._done = True

    def _make_bots(self) -> dict[int, Any]:
        others = [seat for seat in range(self.players) if seat != self.seat]
        bots: dict[int, Any] = {}
        for index, seat in enumerate(others):
            kind = self.opponents[index % len(self.opponents)]
            bot = common_players.make(bots_for(self.game), kind) if isinstance(kind, str) else kind()
            if not callable(getattr(bot, "choose", None)):
                raise InvalidStateError(
                    f"opponent {quote(kind)} made {quote(bot)}, which has no choose(view, rng) method"
                )
            bots[seat] = bot
        return bots

    def _info(self, state: Any) -> dict[str, Any]:
        if self._cut():
            return {"action_mask": np.zeros(self.encoding.num_actions, dtype=np.int8), "legal_moves": []}
        seen = self.encoding.view_of(state, self.seat)
        return {"action_mask": self.encoding.action_mask(seen), "legal_moves": self.encoding.legal_texts(seen)}

    def _cut(self) -> bool:
        """Whether the adapter's move limit has stopped the game."""
        return self.move_limit is not None and self.moves >= self.move_limit

    def _tell(self, before: Any, move: Any, after: Any) -> None:
        common_players.tell(
            self._bots, self.game.describe(before, move, after), after, self.game.events_for, self.game.view
        )

    def _bots_play(self, state: Any) -> Any:
        """Let the bots move until it is the agent's turn, the game is over or the move limit is reached."""
        game = self.game
        while (mover := game.to_move(state)) is not None and mover != self.seat and not self._cut():
            move = bot_move(game, self._bots[mover], state, mover, self._rng)  # checked, with the bot named
            after = game.apply_unchecked(state, move)
            self._tell(state, move, after)
            self.moves += 1
            state = after
        return state

    def _observe(self, state: Any) -> Observation:
        return self.encoding.encode_view(self.encoding.view_of(state, self.seat))  # _info and step() reuse the view

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game (from ``seed`` if given) and let the bots play up to the agent's turn.

        Raises:
            InvalidStateError: If a function of ``opponents`` makes something that is not a
                bot (it has no ``choose`` method).
            EighthalfError: If a bot fails as it chooses (a bot of another game, say); the
                message names the seat and the bot.
        """
        super().reset(seed=seed)
        deal_seed, bot_seed = (int(value) for value in self.np_random.integers(0, 2**63, size=2))
        self._bots = self._make_bots()
        self._rng = random.Random(bot_seed)
        self.moves = 0
        self.state = self._bots_play(self.game.start(self.players, seed=deal_seed, rules=self.rules))
        self._done = self.game.to_move(self.state) is None or self._cut()
        return self._observe(self.state), self._info(self.state)

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then let the bots play up to its next turn.

        Raises:
            IllegalMoveError: If ``action`` is not in the action space, or is outside the
                mask with ``illegal="raise"``.
            InvalidStateError: If the episode is over (or was never started): call reset().
            EighthalfError: If a bot fails as it chooses (see :meth:`reset`).
        """
        state = self.state
        if state is None or self._done:
            raise InvalidStateError("the episode is over: call reset() before step()")
        game = self.game
        try:
            move = self.encoding.state_action_to_move(action, state, self.seat)
            after = game.apply(state, move)
        except IllegalMoveError as error:
            if self.illegal == "raise" or not _is_action(action, self.encoding.num_actions):
                raise
            self._done = True
            info = self._info(state)
            info["illegal"] = str(error)
            return self._observe(state), float(self.illegal_reward), True, False, info
        self.moves += 1
        self._tell(state, move, after)
        self.state = state = self._bots_play(after)
        result = game.result(state)
        reward = 0.0
        terminated = truncated = False
        if result is not None:
            self._done = True
            reward = self.encoding.rewards(result)[self.seat]
            terminated, truncated = bool(result.winners), not result.winners
        elif self._cut():
            self._done = truncated = True
        if self.render_mode == "human":
            self.render()
        return self._observe(state), reward, terminated, truncated, self._info(state)

    def render(self) -> str | None:
        """The table as the agent sees it (the encoding's text): returned with ``"ansi"``,
        printed with ``"human"``. Without a render mode it draws nothing, warns and returns
        ``None``, as Gymnasium's own environments do; so it does before :meth:`reset`."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.state is None:
            return None
        text = self.encoding.text(self.game.view(self.state, self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text


def seat_env_id(game: str, entry_point: str = "eighthalf.envs.seat:GameSeatEnv") -> str:
    """The Gymnasium id of a registered game's seat environment (the game by its name, key
    or alias), ``eighthalf/<Key>Seat-v0``, registered with Gymnasium on first asking:
    ``gymnasium.make(seat_env_id("eights"), players=3)`` takes the environment's arguments.
    ``entry_point`` is the class it makes (``"module:Class"``): :class:`GameSeatEnv` for the
    game, or a game's own subclass (Eights' ``SeatEnv``).

    Raises:
        EighthalfError: If no game of that name is registered.
    """
    entry = find(game)
    env_id = f"eighthalf/{entry.key.capitalize()}Seat-v0"
    if env_id not in gymnasium.registry:
        gymnasium.register(id=env_id, entry_point=entry_point, kwargs={"game": entry.key})
    return env_id


def register_seat_envs() -> list[str]:
    """Register :class:`GameSeatEnv` with Gymnasium for every registered game with an
    encoding (:func:`seat_env_id`) and return their ids, in the registry's order."""
    return [seat_env_id(entry.key) for entry in games() if entry.encoding is not None]
