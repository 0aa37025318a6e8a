"""Eights' action encoding and observation vectors for the adapters (numpy only).

**Actions.** A move of Eights is a choice of cards *from the hand*: a spelling takes some
hand cards for letters and some as replacements (each replacing the table card of its
own suit, WT4, so the replacements name the table cards used, and the letters then name
the word: no two of the eight words are anagrams); a pass names the cards it exchanges
(WP1). So every move is one assignment of roles to the *slots* of the hand, the viewer's
cards in card order (slot 0 first), at most 8 (WS4). The fixed space has
:data:`NUM_ACTIONS` (3,434) actions:

===========  ===================================================================  =====
actions      move                                                                 count
===========  ===================================================================  =====
0–255        a pass exchanging the slots of the action's bits (bit k: slot k);       256
             0 is the pass without exchange (WP1, WP2)
256–3433     a spelling: the slots that give letters and the slots that replace    3,178
             table cards (at least one, WT3), 3 to 5 slots in all (the words'
             lengths), in the order of :data:`ACTIONS`
===========  ===================================================================  =====

Equal cards (WS1) make equal moves of different slots; the *canonical* action of a move
takes, for each of its cards, the first free slot that holds an equal card (letters
first, then replacements), and only canonical actions are in the mask (WT7). The mask
has exactly one action per legal move, so the number of legal moves is at most 3,434
(:doc:`/ai` gives the largest seen in play: 256 under the rule book, where a spelling
and a pass are never both legal, WT1).

>>> from eighthalf.eights import new_game, view
>>> seen = view(new_game(4, seed=1), 0)
>>> actions = [int(a) for a in action_mask(seen).nonzero()[0]]
>>> len(actions), str(action_to_move(actions[0], seen)), ACTIONS[actions[0]]
(16, 'ONE 1n 1o>1t 3e>3s', Slots(kind='spell', letters=(0,), others=(1, 2)))

**Observations.** :func:`encode_view` turns a seat's
:class:`~eighthalf.eights.PlayerView` into a flat ``float32`` vector of
:func:`observation_size` entries, the seats in turn order *from the viewer*. It is built
from the view alone, so it carries nothing the seat may not see (WI1–WI4): no other
hand, no unknown stack card, no seed. :func:`observation_layout` names its blocks.

>>> encode_view(seen).shape, observation_size(4)
((545,), 545)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from operator import attrgetter
from types import MappingProxyType
from typing import Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from eighthalf.core.errors import IllegalMoveError, InvalidStateError, quote
from eighthalf.envs.base import Encoding, layout
from eighthalf.games.eights.cards import CARDS, DECK, SUIT_LETTERS, SUITS, Card
from eighthalf.games.eights.encoding_rows import Masks, Observations, checked_row, checked_rows
from eighthalf.games.eights.engine import apply_unchecked
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.moves import Move, Pass, Spell
from eighthalf.games.eights.options import HAND_SIZES, MAX_PLAYERS, Rules
from eighthalf.games.eights.state import GameState
from eighthalf.games.eights.views import PlayerView
from eighthalf.games.eights.words import LETTERS, WORDS

__all__ = [
    "ACTIONS",
    "DEFAULT_MOVE_LIMIT",
    "EIGHTS_ENCODING",
    "MAX_HAND_POINTS",
    "NUM_ACTIONS",
    "SLOTS",
    "EightsEncoding",
    "Slots",
    "action_mask",
    "action_to_move",
    "encode_into",
    "encode_states_into",
    "encode_view",
    "mask_into",
    "mask_states_into",
    "move_to_action",
    "observation_high",
    "observation_layout",
    "observation_size",
    "state_action_to_move",
    "table_rules",
    "view_text",
]

SLOTS: Final = max(HAND_SIZES.values())
"""The hand slots: the largest hand (8 with two players, WS4)."""

DEFAULT_MOVE_LIMIT: Final = 10_000
"""The adapters' default move limit: a game with no winner may go on (hands of no points
follow each other), random play with ``may_pass_freely`` takes some 1,000 to 2,300 moves."""

MAX_HAND_POINTS: Final = 128
"""The most points a seat can make in one hand: every card spelled at most once, SIX the
most points a card (2, WT8)."""


class Slots(NamedTuple):
    """What an action does with the hand slots."""

    kind: str
    """``"pass"`` or ``"spell"``."""
    letters: tuple[int, ...]
    """A spelling's slots that give letters; a pass's exchanged slots."""
    others: tuple[int, ...]
    """A spelling's slots that replace table cards; ``()`` for a pass."""


def _slots(bits: int) -> tuple[int, ...]:
    return tuple(slot for slot in range(SLOTS) if bits >> slot & 1)


_LENGTHS = sorted({len(LETTERS[word]) for word in WORDS})
ACTIONS: tuple[Slots, ...] = (
    *(Slots("pass", _slots(bits), ()) for bits in range(1 << SLOTS)),
    *(
        Slots("spell", _slots(letters), _slots(others))
        for letters in range(1 << SLOTS)
        for others in range(1, 1 << SLOTS)
        if not letters & others and bin(letters | others).count("1") in _LENGTHS
    ),
)
"""Every action's use of the hand slots, by action number (passes by their bits, then
spellings by the bits of their letter slots and of their replacing slots)."""

NUM_ACTIONS: Final = len(ACTIONS)
"""The size of the action space: 3,434."""

_INDEX: dict[Slots, int] = {slots: action for action, slots in enumerate(ACTIONS)}
_WORD_OF: dict[str, str] = {LETTERS[word]: word for word in WORDS}
_LETTER_LIST = sorted(set("".join(SUIT_LETTERS.values())))
_LETTERS = {letter: at for at, letter in enumerate(_LETTER_LIST)}  # the 14 letters of the deck
_KINDS = sorted(CARDS.values(), key=lambda card: card.key)  # the 58 kinds of card
_KIND = {card.key: at for at, card in enumerate(_KINDS)}
_SUITS = len(SUITS)
_SLOT = _SUITS + len(_LETTERS)  # a slot: its suit and its letter, one-hot
_PER_SEAT = 5


def _check_view(seen: object, seat: bool = True) -> PlayerView:
    """``seen``, which must be a seat's :class:`~eighthalf.eights.PlayerView`.

    Raises:
        InvalidStateError: If it is not one, or is a spectator's view.
    """
    if not isinstance(seen, PlayerView):
        raise InvalidStateError(f"expected an eighthalf.eights.PlayerView, not {quote(seen)}")
    if seat and seen.hand is None:
        raise InvalidStateError("a spectator's view has no hand: encode a seat's view")
    return seen


def _check_action(action: object) -> int:
    if isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise IllegalMoveError(quote(action), f"an action is an int from 0 to {NUM_ACTIONS - 1}", "WT1")
    return action


def action_to_move(action: int, seen: PlayerView) -> Move:
    """The move of ``action`` with the viewer's hand (see the table above).

    Raises:
        IllegalMoveError: If ``action`` is not an int from 0 to 3,433, names a slot the
            hand does not fill, its cards spell no word (WT2) or use a suit twice (WS3),
            or it is not the canonical action of its move (WT7).
        InvalidStateError: If ``seen`` is not a seat's view.
    """
    action = _check_action(action)
    seen = _check_view(seen)
    assert seen.hand is not None
    return _move_of(action, seen.hand, seen.table)


def _move_of(action: int, hand: tuple[Card, ...], on_table: tuple[Card, ...]) -> Move:
    """The move of ``action`` (an int of the action space) with ``hand`` at ``on_table``
    (see :func:`action_to_move`, which raises what this raises)."""
    slots = ACTIONS[action]
    used = slots.letters + slots.others
    if used and max(used) >= len(hand):
        raise IllegalMoveError(
            f"action {action}", f"it uses hand slot {max(used)}, but the hand holds {len(hand)} card(s)", "WT1"
        )
    move: Move
    if slots.kind == "pass":
        move = Pass([hand[slot] for slot in slots.letters])
    else:
        given = tuple(hand[slot] for slot in slots.letters)
        replacements = tuple(hand[slot] for slot in slots.others)
        table = tuple(on_table[card.suit - 1] for card in replacements)
        letters = "".join(sorted(card.letter for card in given + table))
        word = _WORD_OF.get(letters)
        if word is None:
            named = " ".join(map(str, given + table))
            raise IllegalMoveError(f"action {action}", f"the cards {named} spell no word", "WT2")
        move = Spell(word, given, table, replacements)  # refuses a suit used twice (WS3)
    if not _is_canonical(hand, slots):
        canonical = int(_canonical(hand, (move,))[0])
        raise IllegalMoveError(str(move), f"this move is action {canonical}, not {action}", "WT7")
    return move


def _is_canonical(hand: Sequence[Card], slots: Slots) -> bool:
    """Whether ``slots`` are the canonical action of their move with ``hand`` (as
    :func:`move_to_action` would make it, but without numpy: one move is cheaper in Python):
    no slot of the move leaves free an earlier slot holding an equal card, the letters'
    slots coming first."""
    if len({card.key for card in hand}) == len(hand):  # no equal cards: every action is canonical
        return True
    letters, used = set(slots.letters), {*slots.letters, *slots.others}
    for taken, group in ((letters, slots.letters), (used, slots.others)):
        for slot in group:
            if any(hand[earlier] == hand[slot] and earlier not in taken for earlier in range(slot)):
                return False
    return True


_MASKS = Masks(ACTIONS, SLOTS)
_canonical = _MASKS.canonical


def move_to_action(move: Move, seen: PlayerView) -> int:
    """The canonical action of ``move`` with the viewer's hand.

    Raises:
        IllegalMoveError: If ``move`` is not a move of Eights or its cards are not in the hand.
        InvalidStateError: If ``seen`` is not a seat's view.
    """
    seen = _check_view(seen)
    hand = seen.hand
    assert hand is not None
    action = int(_canonical(hand, (move,))[0])
    if action < 0:
        raise IllegalMoveError(str(move), "it has no action: a word has 3 to 5 letters (WT8)", "WT2")
    return action


def action_mask(seen: PlayerView) -> npt.NDArray[np.int8]:
    """1 for each action legal for the viewer now (one per legal move), else 0 (all 0 when
    it is not their turn).

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`~eighthalf.eights.PlayerView`.
    """
    return mask_into(seen, np.empty(NUM_ACTIONS, dtype=np.int8))


def mask_into(seen: PlayerView, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """Write :func:`action_mask` of ``seen`` into ``out`` (every entry) and return ``out``.

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`~eighthalf.eights.PlayerView`, or
            ``out`` is not an int8 vector of :data:`NUM_ACTIONS` entries.
    """
    seen = _check_view(seen, seat=False)
    if not isinstance(out, np.ndarray) or out.shape != (NUM_ACTIONS,) or out.dtype != np.int8:
        raise InvalidStateError(f"out must be an int8 vector of {NUM_ACTIONS} entries, not {quote(out)}")
    out[:] = 0
    moves = seen.legal_moves()
    if moves:
        assert seen.hand is not None
        out[_canonical(seen.hand, moves)] = 1
    return out


def observation_layout(players: int) -> list[tuple[str, int, int]]:
    """The blocks of :func:`encode_view`'s vector: ``(name, start, size)`` each.

    ``seat k`` is the k-th seat in turn order from the viewer (``seat 0`` is the viewer).
    A card *by kind* counts the cards of each of the 58 kinds (:data:`~eighthalf.eights.CARDS`
    in card order).
    """
    blocks: list[tuple[str, int]] = [
        (f"own hand slot {slot}: suit and letter, one-hot", _SLOT) for slot in range(SLOTS)
    ]
    blocks += [
        ("own hand: cards by kind", len(_KINDS)),
        ("table: the letter of each suit, one-hot", _SUITS * len(_LETTERS)),
        ("unseen cards by kind (other hands, unknown stack cards)", len(_KINDS)),
        ("own cards under the stack by kind (WP3)", len(_KINDS)),
        ("score piles: cards by kind", len(_KINDS)),
        ("stack size", 1),
        ("passes in a row (WH1)", 1),
        ("turns in this hand (WH3)", 1),
        ("target (WG1)", 1),
        ("game over (WG3)", 1),
    ]
    for seat in range(players):
        blocks += [
            (f"seat {seat}: hand size", 1),
            (f"seat {seat}: points in this hand", 1),
            (f"seat {seat}: total of the finished hands", 1),
            (f"seat {seat}: to move", 1),
            (f"seat {seat}: dealer", 1),
        ]
    return layout(blocks)


def observation_size(players: int) -> int:
    """The length of the observation vector at a table of ``players`` seats: ``525 + 5 * players``."""
    return SLOTS * _SLOT + 4 * len(_KINDS) + _SUITS * len(_LETTERS) + 5 + _PER_SEAT * players


def observation_high(players: int, rules: Rules) -> npt.NDArray[np.float32]:
    """The largest value each entry of the observation can take (the low is 0 everywhere)."""
    high = np.ones(observation_size(players), dtype=np.float32)
    counts = np.array([DECK.count(card) for card in _KINDS], dtype=np.float32)
    target = rules.target_for(players)
    for name, start, size in observation_layout(players):
        if "by kind" in name:
            high[start : start + size] = counts
        elif name == "stack size":
            high[start] = len(DECK)
        elif name.startswith("passes"):
            high[start] = MAX_PLAYERS
        elif name.startswith("turns"):  # at most 21 spellings (3 cards or more each), n - 1 passes before each, n after
            high[start] = 22 * players if rules.turn_limit is None else min(rules.turn_limit, 22 * players)
        elif name.startswith("target"):
            high[start] = target
        elif name.endswith("hand size"):
            high[start] = SLOTS
        elif name.endswith("in this hand"):
            high[start] = MAX_HAND_POINTS
        elif name.endswith("finished hands"):
            high[start] = target - 1 + MAX_HAND_POINTS
    return high


_KEYS = 1 + max(card.key for card in _KINDS)
_KIND_OF = np.zeros(_KEYS, dtype=np.intp)
"""A card's kind (its place in :data:`_KINDS`) by its key."""
_SLOT_SUIT = np.zeros(_KEYS, dtype=np.intp)
"""Where a card's suit goes in its slot's one-hot block, by its key."""
_SLOT_LETTER = np.zeros(_KEYS, dtype=np.intp)
"""Where a card's letter goes in its slot's one-hot block, by its key."""
_TABLE_AT = np.zeros(_KEYS, dtype=np.intp)
"""Where a table card goes in the table's block, by its key."""
for _at, _card in enumerate(_KINDS):
    _KIND_OF[_card.key] = _at
    _SLOT_SUIT[_card.key] = _card.suit - 1
    _SLOT_LETTER[_card.key] = _SUITS + _LETTERS[_card.letter]
    _TABLE_AT[_card.key] = (_card.suit - 1) * len(_LETTERS) + _LETTERS[_card.letter]
_DECK_COUNTS = np.bincount(_KIND_OF[[card.key for card in DECK]], minlength=len(_KINDS))
_SLOT_STARTS = np.arange(SLOTS, dtype=np.intp) * _SLOT
_KEY = attrgetter("key")
_CARDS_OF = attrgetter("cards")
_HAND_KINDS = SLOTS * _SLOT
_TABLE = _HAND_KINDS + len(_KINDS)
_UNSEEN = _TABLE + _SUITS * len(_LETTERS)
_STACK = _UNSEEN + len(_KINDS)
_PILES = _STACK + len(_KINDS)
_NUMBERS = _PILES + len(_KINDS)


def _keys(cards: Iterable[Card]) -> npt.NDArray[np.intp]:
    return np.fromiter(map(_KEY, cards), dtype=np.intp)


def encode_into(seen: PlayerView, out: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Write the observation vector of ``seen`` into ``out`` (every entry) and return ``out``.

    The same vector as :func:`encode_view`, written into a buffer the caller owns (a row of
    a batch, say) instead of a new array; numpy places and counts the cards through index
    tables by card key, made once, with no Python loop over the cards.

    Raises:
        InvalidStateError: As :func:`encode_view` does, or if ``out`` is not a float32
            vector of :func:`observation_size` entries, or the view shows more copies of a
            card than the deck has (WS1).
    """
    seen = _check_view(seen)
    hand = seen.hand
    me = seen.seat
    assert hand is not None and me is not None
    players = len(seen.hand_sizes)
    size = observation_size(players)
    if not isinstance(out, np.ndarray) or out.shape != (size,) or out.dtype != np.float32:
        raise InvalidStateError(f"out must be a float32 vector of {size} entries, not {quote(out)}")
    out[:] = 0
    hand_keys = _keys(hand)
    slots = _SLOT_STARTS[: len(hand_keys)]
    out[slots + _SLOT_SUIT[hand_keys]] = 1
    out[slots + _SLOT_LETTER[hand_keys]] = 1
    hand_kinds = np.bincount(_KIND_OF[hand_keys], minlength=len(_KINDS))
    out[_HAND_KINDS:_TABLE] = hand_kinds
    table_keys = _keys(seen.table)
    out[_TABLE + _TABLE_AT[table_keys]] = 1
    stack = np.bincount(_KIND_OF[_keys(seen.known_stack)], minlength=len(_KINDS))
    out[_STACK:_PILES] = stack
    spelled = chain.from_iterable(map(_CARDS_OF, chain.from_iterable(seen.piles)))
    piles = np.bincount(_KIND_OF[_keys(spelled)], minlength=len(_KINDS))
    out[_PILES:_NUMBERS] = piles
    unseen = _DECK_COUNTS - hand_kinds - stack - piles - np.bincount(_KIND_OF[table_keys], minlength=len(_KINDS))
    if unseen.min() < 0:
        raise InvalidStateError("the view shows more copies of a card than the deck has (WS1)")
    out[_UNSEEN:_STACK] = unseen
    over = seen.outcome is not None
    out[_NUMBERS : _NUMBERS + 5] = (seen.stack, seen.passes, seen.turns, seen.target, over)
    order = [*range(me, players), *range(me)]
    scores = [sum(spell.value for spell in seen.piles[seat]) for seat in order]
    totals = [sum(hand[seat] for hand in seen.hand_scores) for seat in order]
    hand_sizes = seen.hand_sizes
    out[_NUMBERS + 5 :] = np.array(
        [
            [hand_sizes[seat] for seat in order],
            scores,
            totals,
            [not over and seen.to_move == seat for seat in order],
            [seen.dealer == seat for seat in order],
        ],
        dtype=np.float32,
    ).T.ravel()
    return out


def encode_view(seen: PlayerView) -> npt.NDArray[np.float32]:
    """The observation vector of ``seen`` (see :func:`observation_layout`), a new array.

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`~eighthalf.eights.PlayerView`, or is a
            spectator's view (it has no hand and no seat to order the seats from).
    """
    seen = _check_view(seen)
    return encode_into(seen, np.empty(observation_size(len(seen.hand_sizes)), dtype=np.float32))


def view_text(seen: PlayerView) -> str:
    """The table as ``seen`` shows it, in a few lines: the hand and turn (or the winners),
    the table and the stack, then one line per seat with its total, its points in this
    hand, its hand size and its words; the viewer's own hand face up (a spectator sees none).

    >>> from eighthalf.eights import new_game, view
    >>> print(view_text(view(new_game(2, seed=3), 1)))
    hand 1, turn 1, seat 0 to move, passes 0, target 50
    table 1o 2i 3n 4e 5e 6s 7u 8i, stack 40
    seat 0: total 0, this hand 0, hand 8, words (none)
    seat 1: total 0, this hand 0, hand 8 [1e 3g 3i 3t 4h 5t 6e 6h], words (none)
    """
    return str(_check_view(seen, seat=False))  # PlayerView.__str__


_OBSERVATIONS: dict[int, Observations] = {}


def _observations(players: int) -> Observations:
    """The index tables and caches of a table of ``players`` seats (made once)."""
    found = _OBSERVATIONS.get(players)
    if found is None:
        starts = {name: start for name, start, _ in observation_layout(players)}
        found = _OBSERVATIONS[players] = Observations(players, starts, observation_size(players), _KINDS, _LETTER_LIST)
    return found


def encode_states_into(
    states: Sequence[GameState], seats: Sequence[int], out: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32]:
    """Write row ``r`` of ``out`` as the observation vector of ``seats[r]``'s view of
    ``states[r]`` (:func:`encode_into` of it), for every row at once, and return ``out``.

    Made without the views: it reads of each state only what the seat's view holds (its
    own hand, the table, the stack's size and the cards it put under the stack, the
    score piles, the other hands' sizes, the scores: WI1–WI4), so it carries nothing the
    seat may not see either; one ``bincount`` counts every row. The adapters observe this way.

    Raises:
        InvalidStateError: If a state is not a :class:`~eighthalf.eights.GameState`, its
            seat not one of its seats, the states have different numbers of seats, or
            ``out`` is not a float32 array of one row of :func:`observation_size` entries
            per state.
    """
    players = checked_rows(states, seats)
    size = observation_size(players)
    if not isinstance(out, np.ndarray) or out.shape != (len(states), size) or out.dtype != np.float32:
        raise InvalidStateError(f"out must be a float32 array of shape {(len(states), size)}, not {quote(out)}")
    return (_OBSERVATIONS.get(players) or _observations(players)).write(states, seats, out)


def mask_states_into(
    states: Sequence[GameState], seats: Sequence[int], out: npt.NDArray[np.int8]
) -> npt.NDArray[np.int8]:
    """Write row ``r`` of ``out`` as the action mask of ``seats[r]``'s view of ``states[r]``
    (:func:`mask_into` of it: one 1 per legal move of the seat to move, all 0 for the
    others), for every row at once, and return ``out``.

    Made from the engine's spellings of the hand (each action from the bits of its
    cards' slots), and the passes from the hand's size, the stack's and its equal cards
    (WT1, WP1, WP2), with no pass made as a move. The spellings and the legal passes are
    remembered for :func:`state_action_to_move`.

    Raises:
        InvalidStateError: As :func:`encode_states_into` does, or if ``out`` is not an int8
            array of one row of :data:`NUM_ACTIONS` entries per state.
    """
    checked_rows(states, seats)
    if not isinstance(out, np.ndarray) or out.shape != (len(states), NUM_ACTIONS) or out.dtype != np.int8:
        raise InvalidStateError(f"out must be an int8 array of shape {(len(states), NUM_ACTIONS)}, not {quote(out)}")
    return _MASKS.write(states, seats, out)


def state_action_to_move(action: int, state: GameState, seat: int) -> Move:
    """:func:`action_to_move` of ``action`` with ``seat``'s view of ``state``, made without
    the view (it reads the seat's hand and the table only; an action of the state's last
    mask is taken as found: the engine's spelling, or the pass of the hand's slots).

    Raises:
        IllegalMoveError: As :func:`action_to_move` does.
        InvalidStateError: If ``state`` is not a :class:`~eighthalf.eights.GameState` or
            ``seat`` not one of its seats.
    """
    action = _check_action(action)
    known = _MASKS.move(state, seat, action)
    if known is not None:
        return known
    checked_row(state, seat)
    return _move_of(action, state.hand.hands[seat], state.hand.table)


_WORD_AT = {word: at for at, word in enumerate(WORDS)}
_RECALL = len(WORDS) + 2  # per seat: each word spelled, passes, cards exchanged


class EightsEncoding(Encoding[GameState, Move, PlayerView, Rules]):
    """Eights' encoding for the adapters: the functions of this module bound to the
    :class:`~eighthalf.envs.base.Encoding` they are written against (one instance,
    :data:`EIGHTS_ENCODING`). One episode is one game (WG1–WG3); the reward is 1 for each
    winner (tied winners each get 1, WG3) and 0 for the others, and a game stopped by the
    move limit has no winner.
    """

    game = EIGHTS
    env_name = "eights_v0"
    num_actions = NUM_ACTIONS
    default_move_limit = DEFAULT_MOVE_LIMIT
    hidden_rules = "WI2, WI3"
    deal_rule = "WS5"
    rules_name = "an eighthalf.eights.Rules"
    spiel_parameters = MappingProxyType({"target": 0, "turn_limit": 0, "may_pass_freely": False})

    def spiel_rules(self, values: Mapping[str, Any]) -> Rules:
        """The :class:`~eighthalf.eights.Rules` of OpenSpiel's ``target`` and ``turn_limit``
        (WR2; 0 for the rule book's: WG1's target, no turn limit) and ``may_pass_freely`` (WR1).

        Raises:
            InvalidStateError: If ``target`` or ``turn_limit`` is not an int from 0, or
                ``may_pass_freely`` is not a bool.
        """
        for name in ("target", "turn_limit"):
            value = values[name]
            if type(value) is not int or value < 0:
                raise InvalidStateError(f"{name} must be an int from 0 (the rule book's) up, not {quote(value)} (WR2)")
        target, turn_limit = values["target"] or None, values["turn_limit"] or None
        return Rules(target=target, turn_limit=turn_limit, may_pass_freely=values["may_pass_freely"])

    action_mask = staticmethod(action_mask)
    action_to_move = staticmethod(action_to_move)
    move_to_action = staticmethod(move_to_action)
    encode_view = staticmethod(encode_view)
    encode_into = staticmethod(encode_into)
    mask_into = staticmethod(mask_into)
    observation_size = staticmethod(observation_size)
    observation_high = staticmethod(observation_high)
    encode_states_into = staticmethod(encode_states_into)
    mask_states_into = staticmethod(mask_states_into)
    state_action_to_move = staticmethod(state_action_to_move)

    def encode_state_into(self, state: GameState, seat: int, out: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """:func:`encode_states_into` of one state, into the vector ``out``.

        Raises:
            InvalidStateError: As :func:`encode_states_into` does, or if ``out`` is not a
                float32 vector of :func:`observation_size` entries.
        """
        players = checked_row(state, seat)
        size = observation_size(players)
        if not isinstance(out, np.ndarray) or out.shape != (size,) or out.dtype != np.float32:
            raise InvalidStateError(f"out must be a float32 vector of {size} entries, not {quote(out)}")
        (_OBSERVATIONS.get(players) or _observations(players)).write((state,), (seat,), out.reshape(1, size))
        return out

    def mask_state_into(self, state: GameState, seat: int, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
        """:func:`mask_states_into` of one state, into the vector ``out``; remembered for
        :meth:`play` (the environment observes, then plays the same state).

        Raises:
            InvalidStateError: As :func:`mask_states_into` does, or if ``out`` is not an
                int8 vector of :data:`NUM_ACTIONS` entries.
        """
        if not isinstance(out, np.ndarray) or out.shape != (NUM_ACTIONS,) or out.dtype != np.int8:
            raise InvalidStateError(f"out must be an int8 vector of {NUM_ACTIONS} entries, not {quote(out)}")
        checked_row(state, seat)
        _MASKS.write((state,), (seat,), out.reshape(1, NUM_ACTIONS))
        self._last_mask = (state, seat, out.copy())
        return out

    _last_mask: tuple[GameState, int, npt.NDArray[np.int8]] | None = None

    def play(self, state: GameState, seat: int, action: int) -> GameState:
        """The state after ``seat`` plays ``action``: unchecked if the mask last made
        (:meth:`mask_state_into`) was of this state and seat and holds the action, as
        the engine's ``apply`` otherwise.

        Raises:
            IllegalMoveError: If ``action`` stands for no move, or its move is illegal
                (naming the move and the rule); nothing changes.
            InvalidStateError: If ``seat`` is not a seat of ``state``.
        """
        if isinstance(action, np.integer):
            action = int(action)
        last = self._last_mask
        if (
            last is not None
            and last[0] is state
            and last[1] == seat
            and type(action) is int
            and 0 <= action < NUM_ACTIONS
            and last[2][action]
        ):
            return apply_unchecked(state, state_action_to_move(action, state, seat))
        return EIGHTS.apply(state, state_action_to_move(action, state, seat))

    def private_blocks(self, players: int) -> list[tuple[int, int]]:
        """The own hand (slots and kinds), the unseen cards (which the hand decides) and
        the own cards under the stack (WP3)."""
        return [
            (start, size)
            for name, start, size in observation_layout(players)
            if name.startswith("own") or name.startswith("unseen")
        ]

    text = staticmethod(view_text)

    def players_of(self, seen: PlayerView) -> int:
        """The seats of the view (WS2)."""
        return seen.players

    def recall_size(self, players: int) -> int:
        """For every seat: how often it spelled each word, passed, and how many cards it exchanged."""
        return players * _RECALL

    def recall(self, out: npt.NDArray[np.float32], turn: int, move: Move) -> None:
        """Count ``move`` for the seat ``turn`` places after the player."""
        if isinstance(move, Spell):
            out[turn * _RECALL + _WORD_AT[move.word]] += 1
        else:
            out[turn * _RECALL + len(WORDS)] += 1
            out[turn * _RECALL + len(WORDS) + 1] += len(move.exchange)


EIGHTS_ENCODING: Final = EightsEncoding()
"""Eights' encoding (one game an episode)."""

table_rules: Final = EIGHTS_ENCODING.table
"""The :class:`~eighthalf.eights.Rules` an environment plays (``rules``, else the rule
book's) and its move limit, which ends a game with no winner (Eights' rules have a turn
limit per hand, WH3, but none per game): :meth:`eighthalf.envs.base.Encoding.table`,
derived for every game."""
