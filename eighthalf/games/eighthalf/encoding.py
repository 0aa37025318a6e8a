"""The fixed action encoding and the observation tensors shared by every adapter.

**Actions.** Every move of a round (T3, C1) is one integer of a fixed space of
:data:`NUM_ACTIONS` (89), in the order of :func:`~eighthalf.legal_moves`:

=========  ======================================  =====
actions    move                                    count
=========  ======================================  =====
0–71       ``HandPlay(rank, count)``: by rank       72
           (0–9, ½, Ghost), then by count (1 up
           to the copies in the deck, S1)
72         ``EightAndHalf()``                       1
73–84      ``OpenPlay(rank)``, by rank              12
85–87      ``BlindPlay(position)``, positions 0–2   3
88         ``Collect()``                            1
=========  ======================================  =====

>>> from eighthalf import parse_move
>>> move_to_action(parse_move("33")), str(action_to_move(88))
(15, 'c')

**Table options.** Every adapter takes the table's :class:`~eighthalf.Rules` (its
``rules`` argument, or the OpenSpiel game's parameters) through :func:`table_rules`: the
options P7, P3 and S5 are played as the engine plays them; ``open_runs`` (T3) is refused,
because a play of several open cards has no action in this fixed space.

**Observations.** :func:`encode_view` turns a :class:`~eighthalf.PlayerView` into a
flat ``float32`` vector of :func:`observation_size` entries, with the seats in turn
order *from the viewer* (the viewer first). It is built from the view alone, so it
carries nothing the seat may not see (I1–I4): no other hand, no bank or blind card, no
seed. :func:`observation_layout` names its blocks.

>>> from eighthalf import new_game, view
>>> vector = encode_view(view(new_game(4, seed=7), 2))
>>> vector.shape, observation_size(4), int(vector[:12].sum())
((201,), 201, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from eighthalf.core.errors import IllegalMoveError, InvalidStateError, not_a_move, quote
from eighthalf.core.game import Result
from eighthalf.envs.base import Encoding, layout
from eighthalf.games.eighthalf.cards import COMPOSITION, RANKS, Rank
from eighthalf.games.eighthalf.encoding_counts import Counts
from eighthalf.games.eighthalf.engine import legal_moves
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eighthalf.moves import (
    BLIND_PLAYS,
    COLLECT,
    EIGHT_AND_HALF,
    HAND_PLAYS,
    MOVE_TYPES,
    OPEN_PLAYS,
    BlindPlay,
    Collect,
    EightAndHalf,
    HandPlay,
    Move,
    OpenPlay,
)
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eighthalf.state import MAX_CALL_HALVES, GameState
from eighthalf.games.eighthalf.text import table_text
from eighthalf.games.eighthalf.views import PlayerView

__all__ = [
    "ACTIONS",
    "DEFAULT_MOVE_LIMIT",
    "EIGHTHALF_ENCODING",
    "NUM_ACTIONS",
    "RoundEncoding",
    "action_mask",
    "action_to_move",
    "encode_into",
    "encode_state_into",
    "encode_states_into",
    "encode_view",
    "mask_into",
    "mask_state_into",
    "mask_states_into",
    "move_to_action",
    "observation_high",
    "observation_layout",
    "observation_size",
    "table_rules",
]

ACTIONS: tuple[HandPlay | EightAndHalf | OpenPlay | BlindPlay | Collect, ...] = (
    *(play for row in HAND_PLAYS for play in row),
    EIGHT_AND_HALF,
    *OPEN_PLAYS,
    *BLIND_PLAYS,
    COLLECT,
)
"""Every move of a round, by action number: ``ACTIONS[a]`` is the move of action ``a``."""

NUM_ACTIONS = len(ACTIONS)
"""The size of the action space: 89."""

DEFAULT_MOVE_LIMIT = 1000
"""The environments' default move limit (E7): random play can go round in circles."""

_INDEX: dict[Move, int] = {move: index for index, move in enumerate(ACTIONS)}

_RANKS = len(RANKS)
_MAX_CALL = MAX_CALL_HALVES  # 13 in half points: 9 and all eight ½s (P3)
_PER_SEAT = 2 * _RANKS + 5


def move_to_action(move: Move) -> int:
    """The action number of ``move`` (see the table above).

    Raises:
        IllegalMoveError: If ``move`` is a move the action space has no action for: several
            open cards at once, the table option ``open_runs`` (T3), which the adapters refuse;
            a :class:`~eighthalf.errors.NotAMoveError` if it is not a move of a round at all.
    """
    try:
        return _INDEX[move]
    except (KeyError, TypeError):
        if type(move) in MOVE_TYPES:
            raise IllegalMoveError(
                str(move),
                "it has no action: several open cards at once are open_runs (T3), which the adapters refuse",
                "T3",
            ) from None
        raise not_a_move(move, "parse_move", "8½") from None


def action_to_move(action: int) -> Move:
    """The move of action number ``action``, the inverse of :func:`move_to_action`.

    A numpy integer is taken as the int it holds; anything else (a bool, a float, text,
    an integer of any size out of range) is refused, and quoted briefly in the message:

    >>> action_to_move(10**5000)
    Traceback (most recent call last):
    ...
    eighthalf.errors.IllegalMoveError: illegal move 'an integer of 5,001 digits': an action is an int from 0 to 88 (T3)

    Raises:
        IllegalMoveError: If ``action`` is not an int from 0 to ``NUM_ACTIONS - 1``.
    """
    if isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise IllegalMoveError(quote(action), f"an action is an int from 0 to {NUM_ACTIONS - 1}", "T3")
    return ACTIONS[action]


def _view(seen: object) -> PlayerView:
    """``seen``, which must be a :class:`~eighthalf.PlayerView`.

    Raises:
        InvalidStateError: If it is not one.
    """
    if not isinstance(seen, PlayerView):
        raise InvalidStateError(f"expected an eighthalf.PlayerView, not {quote(seen)}")
    return seen


def action_mask(seen: PlayerView) -> npt.NDArray[np.int8]:
    """1 for each action legal for the viewer now, else 0 (all 0 when it is not their turn).

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`~eighthalf.PlayerView`.
    """
    return mask_into(seen, np.empty(NUM_ACTIONS, dtype=np.int8))


def mask_into(seen: PlayerView, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """Write :func:`action_mask` of ``seen`` into ``out`` (every entry) and return ``out``.

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`~eighthalf.PlayerView`, or ``out``
            is not an int8 vector of :data:`NUM_ACTIONS` entries.
    """
    seen = _view(seen)
    if not isinstance(out, np.ndarray) or out.shape != (NUM_ACTIONS,) or out.dtype != np.int8:
        raise InvalidStateError(f"out must be an int8 vector of {NUM_ACTIONS} entries, not {quote(out)}")
    out[:] = _mask_of(seen.legal_moves())
    return out


def observation_layout(players: int) -> list[tuple[str, int, int]]:
    """The blocks of :func:`encode_view`'s vector: ``(name, start, size)`` each.

    ``seat k`` is the k-th seat in turn order from the viewer (``seat 0`` is the viewer).
    """
    blocks: list[tuple[str, int]] = [
        ("own hand: cards by rank", _RANKS),
        ("unseen cards by rank (other hands, banks, blind cards)", _RANKS),
        ("pile: cards by rank", _RANKS),
        ("pile size", 1),
        ("call in half points, one-hot 0–26", _MAX_CALL + 1),
        ("5-lock (P7)", 1),
        ("opening rank, one-hot (S5)", _RANKS),
        ("seat to move, one-hot by turn order", players),
        ("seat at risk (P8), one-hot by turn order", players),
    ]
    for seat in range(players):
        blocks += [
            (f"seat {seat}: open cards by rank", _RANKS),
            (f"seat {seat}: collected stack by rank", _RANKS),
            (f"seat {seat}: hand size", 1),
            (f"seat {seat}: bank size", 1),
            (f"seat {seat}: blind cards", 1),
            (f"seat {seat}: on the table (L1)", 1),
            (f"seat {seat}: out of cards (E1)", 1),
        ]
    return layout(blocks)


def observation_size(players: int) -> int:
    """The length of the observation vector at a table of ``players`` seats: ``77 + 31 * players``."""
    return 3 * _RANKS + 1 + _MAX_CALL + 1 + 1 + _RANKS + 2 * players + _PER_SEAT * players


def observation_high(players: int) -> npt.NDArray[np.float32]:
    """The largest value each entry of the observation can take (the low is 0 everywhere)."""
    high = np.ones(observation_size(players), dtype=np.float32)
    counts = np.array([COMPOSITION[rank] for rank in RANKS], dtype=np.float32)
    for name, start, size in observation_layout(players):
        if "by rank" in name:
            high[start : start + size] = counts
        elif name == "pile size" or name.endswith("hand size") or name.endswith("bank size"):
            high[start] = 72
        elif name.endswith("blind cards"):
            high[start] = 3
    return high


_COUNTS: dict[int, Counts] = {}


def _counts(players: int) -> Counts:
    """The index tables and caches of a table of ``players`` seats (made once)."""
    counts = _COUNTS.get(players)
    if counts is None:
        layout = {name: start for name, start, _ in observation_layout(players)}
        counts = _COUNTS[players] = Counts(players, layout, observation_size(players))
    return counts


def _checked_out(out: object, shape: tuple[int, ...]) -> npt.NDArray[np.float32]:
    if not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != np.float32:
        what = f"vector of {shape[0]}" if len(shape) == 1 else f"array of shape {shape}, with"
        raise InvalidStateError(f"out must be a float32 {what} entries, not {quote(out)}")
    return out


def _checked_seat(state: object, seat: object) -> GameState:
    if not isinstance(state, GameState):
        raise InvalidStateError(f"expected an eighthalf.GameState, not {quote(state)}")
    if type(seat) is not int or not 0 <= seat < len(state.seats):
        raise InvalidStateError(f"seat must be a seat of the round (0 to {len(state.seats) - 1}), not {quote(seat)}")
    return state


def encode_into(seen: PlayerView, out: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Write the observation vector of ``seen`` into ``out`` (every entry) and return ``out``.

    The same vector as :func:`encode_view`, written into a buffer the caller owns (a row of
    a batch, say) instead of a new array; it loops over the seats, never over the cards
    (numpy counts them, through index tables made once per table size).

    Raises:
        InvalidStateError: As :func:`encode_view` does, or if ``out`` is not a float32
            vector of :func:`observation_size` entries.
    """
    seen = _view(seen)
    me = seen.seat
    if me is None:
        raise InvalidStateError("a spectator's view has no seat: encode a seat's view")
    counts = _COUNTS.get(len(seen.seats)) or _counts(len(seen.seats))
    counts.write(me, *counts.of_view(seen, me), _checked_out(out, (counts.size,)))
    return out


def encode_state_into(state: GameState, seat: int, out: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Write the observation vector of ``seat``'s view of ``state`` into ``out`` and return ``out``.

    The same vector as ``encode_into(view(state, seat), out)``, made without the view: it
    reads of ``state`` only what the view holds (the seat's own hand, the sizes of the
    hidden zones and what lies face up, I1–I4), so it carries nothing the seat may not
    see either. The adapters observe this way.

    >>> from eighthalf import new_game, view
    >>> state = new_game(4, seed=7)
    >>> bool((encode_state_into(state, 2, np.empty(201, np.float32)) == encode_view(view(state, 2))).all())
    True

    Raises:
        InvalidStateError: If ``state`` is not a :class:`~eighthalf.GameState`, ``seat`` not
            one of its seats, or ``out`` not a float32 vector of :func:`observation_size` entries.
    """
    state = _checked_seat(state, seat)
    counts = _COUNTS.get(len(state.seats)) or _counts(len(state.seats))
    counts.write(seat, *counts.of_state(state, seat), _checked_out(out, (counts.size,)))
    return out


def encode_states_into(
    states: Sequence[GameState], seats: Sequence[int], out: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32]:
    """Write row ``r`` of ``out`` as :func:`encode_state_into` of ``states[r]`` and
    ``seats[r]``, for every row at once (numpy counts them all in one go), and return ``out``.

    Raises:
        InvalidStateError: If a state is not a :class:`~eighthalf.GameState`, its seat not
            one of its seats, the states have different numbers of seats, or ``out`` is not
            a float32 array of one row of :func:`observation_size` entries per state.
    """
    if len(states) != len(seats) or not states:
        raise InvalidStateError(f"give one seat per state, for one state or more, not {len(seats)} for {len(states)}")
    players = len(_checked_seat(states[0], seats[0]).seats)
    counts = _COUNTS.get(players) or _counts(players)
    _checked_out(out, (len(states), counts.size))
    counts.rows(len(states))
    parts: list[npt.NDArray[np.intp]] = []
    facts: list[int] = []
    fact_counts: list[int] = []
    for state, seat in zip(states, seats, strict=True):
        if len(_checked_seat(state, seat).seats) != players:
            raise InvalidStateError(f"every state must have {players} seats, not {quote(state)}")
        cards, known = counts.of_state(state, seat)
        parts += cards
        facts += known
        fact_counts.append(len(known))
    counts.write_rows(seats, parts, facts, fact_counts, out)
    return out


_MASKS: dict[tuple[Move, ...], npt.NDArray[np.int8]] = {}
"""The mask of a tuple of legal moves, by the moves: where :func:`_mask_of` looks when
:data:`_MASKS_BY_ID` misses. Keyed only by the tuples' ``id``, the masks missed for a third
of the tables of each step of a long ``RoundBatch`` run: the engine makes new tuples as
its memo fills and for every hand of more than four cards, while 600 steps of 64 tables
meet only some 2,500 different tuples."""
_MASKS_BY_ID: dict[int, tuple[tuple[Move, ...], npt.NDArray[np.int8]]] = {}
"""The mask of a tuple of legal moves, by the tuple's ``id``, with the tuple (kept alive, so
that its id is not reused while it is here): where :func:`_mask_of` looks first, without
hashing the moves, since the engine hands out the same tuples again."""
_MASKS_CACHED = 1 << 12
"""The fewest entries of :data:`_MASKS` or :data:`_MASKS_BY_ID` before a full cache is
emptied and starts again (at :data:`_masks_most` entries): more than the some 2,500 tuples
that 600 steps of 64 tables meet, few enough that the garbage collector does not walk a
heap of old ones."""
_masks_most = _MASKS_CACHED
"""The most entries of each mask cache: :data:`_MASKS_CACHED`, or four per row of the rows
:func:`mask_states_into` wrote last if more."""


def _mask_of(moves: tuple[Move, ...]) -> npt.NDArray[np.int8]:
    entry = _MASKS_BY_ID.get(id(moves))
    if entry is None or entry[0] is not moves:
        if len(_MASKS_BY_ID) >= _masks_most:
            _MASKS_BY_ID.clear()
        mask = _MASKS.get(moves)
        if mask is None:
            if len(_MASKS) >= _masks_most:
                _MASKS.clear()
            mask = _MASKS[moves] = np.zeros(NUM_ACTIONS, dtype=np.int8)
            if moves:
                mask[list(map(_INDEX.__getitem__, moves))] = 1
            mask.flags.writeable = False
        entry = _MASKS_BY_ID[id(moves)] = (moves, mask)
    return entry[1]


def mask_state_into(state: GameState, seat: int, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """Write the action mask of ``seat``'s view of ``state`` into ``out`` and return ``out``:
    the same as ``mask_into(view(state, seat), out)``, made without the view (the legal
    moves of the seat to move, all 0 for the others).

    Raises:
        InvalidStateError: If ``state`` is not a :class:`~eighthalf.GameState`, ``seat`` not
            one of its seats, or ``out`` not an int8 vector of :data:`NUM_ACTIONS` entries.
    """
    state = _checked_seat(state, seat)
    if not isinstance(out, np.ndarray) or out.shape != (NUM_ACTIONS,) or out.dtype != np.int8:
        raise InvalidStateError(f"out must be an int8 vector of {NUM_ACTIONS} entries, not {quote(out)}")
    out[:] = _mask_of(legal_moves(state) if seat == state.to_move else ())
    return out


def mask_states_into(
    states: Sequence[GameState], seats: Sequence[int], out: npt.NDArray[np.int8]
) -> npt.NDArray[np.int8]:
    """Write row ``r`` of ``out`` as :func:`mask_state_into` of ``states[r]`` and ``seats[r]``,
    for every row, and return ``out``.

    Raises:
        InvalidStateError: If a state is not a :class:`~eighthalf.GameState`, its seat not
            one of its seats, or ``out`` is not an int8 array of one row of
            :data:`NUM_ACTIONS` entries per state.
    """
    if len(states) != len(seats) or not states:
        raise InvalidStateError(f"give one seat per state, for one state or more, not {len(seats)} for {len(states)}")
    if not isinstance(out, np.ndarray) or out.shape != (len(states), NUM_ACTIONS) or out.dtype != np.int8:
        raise InvalidStateError(f"out must be an int8 array of shape {(len(states), NUM_ACTIONS)}, not {quote(out)}")
    global _masks_most
    _masks_most = max(_MASKS_CACHED, 4 * len(states))
    masks = [
        _mask_of(legal_moves(state) if seat == state.to_move else ())
        for state, seat in zip(map(_checked_seat, states, seats), seats, strict=True)
    ]
    np.stack(masks, out=out)
    return out


def encode_view(seen: PlayerView) -> npt.NDArray[np.float32]:
    """The observation vector of ``seen`` (see :func:`observation_layout`), a new array.

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`~eighthalf.PlayerView`, or is a
            spectator's view (it has no seat to order the seats from).
    """
    seen = _view(seen)
    return encode_into(seen, np.empty(observation_size(len(seen.seats)), dtype=np.float32))


def table_rules(rules: Rules | None, move_limit: int | None, default_limit: int | None) -> Rules:
    """The :class:`~eighthalf.Rules` an environment plays: ``rules`` if given, else the
    default rules with ``move_limit`` (E7).

    Args:
        rules: The table's rules, or ``None``.
        move_limit: The environment's ``move_limit`` argument.
        default_limit: That argument's default: with ``rules`` given, ``move_limit`` must
            be left at it or agree with ``rules.move_limit``.

    >>> table_rules(None, 500, 1000)
    Rules(min_players=2, max_players=5, move_limit=500)
    >>> table_rules(Rules(move_limit=300, single_opening=True), 1000, 1000)
    Rules(min_players=2, max_players=5, move_limit=300, single_opening=True)

    Raises:
        InvalidStateError: If ``rules`` is not a :class:`~eighthalf.Rules`, or turns on
            ``open_runs`` (T3: several open cards in one play have no action), or if
            ``move_limit`` is out of range, or was changed from its default and
            disagrees with ``rules.move_limit`` (give the limit in one place).
    """
    if rules is None:
        return Rules(move_limit=move_limit)
    if not isinstance(rules, Rules):
        raise InvalidStateError(f"rules must be a Rules, not {quote(rules)}")
    if rules.open_runs:
        raise InvalidStateError(
            "the environments do not play Rules.open_runs (T3): the fixed action space has one action per "
            "open card rank, none for several open cards played together"
        )
    if move_limit != default_limit and move_limit != rules.move_limit:
        raise InvalidStateError(
            f"move_limit {quote(move_limit)} disagrees with rules.move_limit {quote(rules.move_limit)} (E7); "
            "give the limit in rules only"
        )
    return rules


class RoundEncoding(Encoding[GameState, Move, PlayerView, Rules]):
    """8½'s encoding for the adapters: the functions of this module bound to the
    :class:`~eighthalf.envs.base.Encoding` they are written against (one instance,
    :data:`EIGHTHALF_ENCODING`). Its actions do not depend on the view.
    """

    game = EIGHTHALF
    env_name = "eighthalf_v0"
    num_actions = NUM_ACTIONS
    default_move_limit = DEFAULT_MOVE_LIMIT
    episode = "round"
    hidden_rules = "I2, I3"
    utility = (0.0, 3.0)
    spiel_game = "eighthalf.games.eighthalf.spiel:EighthalfGame"

    def table(self, rules: Rules | None, move_limit: int | None) -> tuple[Rules, int | None]:
        """:func:`table_rules`; the engine ends a round at the move limit (E7), so the adapters need none.

        Raises:
            InvalidStateError: As :func:`table_rules` does.
        """
        return table_rules(rules, move_limit, DEFAULT_MOVE_LIMIT), None

    action_mask = staticmethod(action_mask)

    def action_to_move(self, action: int, seen: PlayerView) -> Move:
        """:func:`action_to_move` (the view is not needed).

        Raises:
            IllegalMoveError: If ``action`` is not an int from 0 to 88.
        """
        return action_to_move(action)

    def move_to_action(self, move: Move, seen: PlayerView) -> int:
        """:func:`move_to_action` (the view is not needed).

        Raises:
            IllegalMoveError: If ``move`` is not a move of a round.
        """
        return move_to_action(move)

    encode_view = staticmethod(encode_view)
    encode_into = staticmethod(encode_into)
    mask_into = staticmethod(mask_into)
    encode_state_into = staticmethod(encode_state_into)
    mask_state_into = staticmethod(mask_state_into)
    encode_states_into = staticmethod(encode_states_into)
    mask_states_into = staticmethod(mask_states_into)

    def state_action_to_move(self, action: int, state: GameState, seat: int) -> Move:
        """:func:`action_to_move` (neither the state nor the seat is needed).

        Raises:
            IllegalMoveError: If ``action`` is not an int from 0 to 88.
        """
        return action_to_move(action)

    observation_size = staticmethod(observation_size)

    def observation_high(self, players: int, rules: Rules) -> npt.NDArray[np.float32]:
        """:func:`observation_high` (the same for every rules)."""
        return observation_high(players)

    def private_blocks(self, players: int) -> list[tuple[int, int]]:
        """The own hand and the unseen cards (which the own hand decides)."""
        blocks = {name: (start, size) for name, start, size in observation_layout(players)}
        return [blocks["own hand: cards by rank"], blocks["unseen cards by rank (other hands, banks, blind cards)"]]

    def rewards(self, result: Result) -> list[float]:
        """The round's points (E6); 0 for everybody when the move limit ended it (E7)."""
        return [float(points) for points in result.scores]

    text = staticmethod(table_text)

    def players_of(self, seen: PlayerView) -> int:
        """The seats of the view (S2)."""
        return len(seen.seats)

    def card_text(self, card: Rank) -> str:
        """The rank's label."""
        return card.label

    def recall_size(self, players: int) -> int:
        """How often each seat made each action: ``players * 89``."""
        return players * NUM_ACTIONS

    def recall(self, out: npt.NDArray[np.float32], turn: int, move: Move) -> None:
        """Count ``move`` for the seat ``turn`` places after the player."""
        out[turn * NUM_ACTIONS + _INDEX[move]] += 1


EIGHTHALF_ENCODING: Final = RoundEncoding()
"""8½'s encoding (one round an episode)."""
