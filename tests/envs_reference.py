"""The environments' encoders as they were before issue 20 (part 3) made them loop-free:
the reference that the new encoders must equal (Python loops over the cards, one write
at a time). Test code only; the package keeps the new encoders alone."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from eighthalf import PlayerView
from eighthalf.eights import PlayerView as EightsView
from eighthalf.envs import eights as _eights  # noqa: F401 (the package of Eights' encoding)
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.encoding import _INDEX, _MAX_CALL, _RANKS, NUM_ACTIONS, observation_size
from eighthalf.games.eighthalf.views import unseen_cards
from eighthalf.games.eights import encoding as eights_encoding
from eighthalf.games.eights.cards import Card
from eighthalf.games.eights.views import unseen_cards as eights_unseen

__all__ = ["eights_action_mask", "eights_encode_view", "round_action_mask", "round_encode_view"]


def _counts(cards: Sequence[Rank], out: npt.NDArray[np.float32], start: int) -> None:
    for rank in cards:
        out[start + rank] += 1


def round_encode_view(seen: PlayerView) -> npt.NDArray[np.float32]:
    """8½'s observation vector, computed as before (one card at a time)."""
    assert seen.seat is not None
    players = len(seen.seats)
    out = np.zeros(observation_size(players), dtype=np.float32)
    me = seen.seat
    at = 0
    _counts(seen.seats[me].hand or (), out, at)
    at += _RANKS
    _counts(unseen_cards(seen), out, at)
    at += _RANKS
    _counts([card.rank for card in seen.pile], out, at)
    at += _RANKS
    out[at] = len(seen.pile)
    at += 1
    out[at + seen.call_halves] = 1
    at += _MAX_CALL + 1
    out[at] = seen.locked
    at += 1
    if seen.opening is not None:
        out[at + seen.opening] = 1
    at += _RANKS
    if seen.outcome is None:
        out[at + (seen.to_move - me) % players] = 1
    at += players
    if seen.at_risk is not None:
        out[at + (seen.at_risk - me) % players] = 1
    at += players
    for turn in range(players):
        seat = seen.seats[(me + turn) % players]
        _counts(seat.open, out, at)
        _counts(seat.collected, out, at + _RANKS)
        at += 2 * _RANKS
        out[at : at + 5] = (seat.hand_size, seat.bank_size, seat.blind_size, seat.on_table, seat.is_out)
        at += 5
    return out


def round_action_mask(seen: PlayerView) -> npt.NDArray[np.int8]:
    """8½'s action mask, computed as before (one move at a time)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    for move in seen.legal_moves():
        mask[_INDEX[move]] = 1
    return mask


_SLOT = eights_encoding._SLOT
_SUITS = eights_encoding._SUITS
_LETTERS = eights_encoding._LETTERS
_KIND = eights_encoding._KIND
_KINDS = eights_encoding._KINDS
_PER_SEAT = eights_encoding._PER_SEAT


def _kind_counts(cards: Sequence[Card], out: npt.NDArray[np.float32], start: int) -> None:
    for card in cards:
        out[start + _KIND[card.key]] += 1


def eights_encode_view(seen: EightsView) -> npt.NDArray[np.float32]:
    """Eights' observation vector, computed as before (one card at a time)."""
    hand = seen.hand
    me = seen.seat
    assert hand is not None and me is not None
    players = seen.players
    out = np.zeros(eights_encoding.observation_size(players), dtype=np.float32)
    for slot, card in enumerate(hand):
        out[slot * _SLOT + card.suit - 1] = 1
        out[slot * _SLOT + _SUITS + _LETTERS[card.letter]] = 1
    at = eights_encoding.SLOTS * _SLOT
    _kind_counts(hand, out, at)
    at += len(_KINDS)
    for card in seen.table:
        out[at + (card.suit - 1) * len(_LETTERS) + _LETTERS[card.letter]] = 1
    at += _SUITS * len(_LETTERS)
    _kind_counts(eights_unseen(seen), out, at)
    at += len(_KINDS)
    _kind_counts(list(seen.known_stack), out, at)
    at += len(_KINDS)
    _kind_counts([card for pile in seen.piles for spell in pile for card in spell.cards], out, at)
    at += len(_KINDS)
    out[at : at + 5] = (seen.stack_size, seen.passes, seen.turns, seen.target, seen.over)
    at += 5
    scores, totals = seen.scores, seen.totals
    for turn in range(players):
        seat = (me + turn) % players
        out[at : at + _PER_SEAT] = (
            seen.hand_sizes[seat],
            scores[seat],
            totals[seat],
            not seen.over and seen.to_move == seat,
            seen.dealer == seat,
        )
        at += _PER_SEAT
    return out


def eights_action_mask(seen: EightsView) -> npt.NDArray[np.int8]:
    """Eights' action mask, computed as before (each move's canonical action one card at a time)."""
    mask = np.zeros(eights_encoding.NUM_ACTIONS, dtype=np.int8)
    hand = seen.hand
    for move in seen.legal_moves():
        assert hand is not None
        groups = (move.exchange,) if hasattr(move, "exchange") else (move.hand, move.replacements)
        free = list(range(len(hand)))
        found: list[tuple[int, ...]] = []
        for cards in groups:
            slots = []
            for card in cards:
                slot = next(at for at in free if hand[at] == card)
                free.remove(slot)
                slots.append(slot)
            found.append(tuple(sorted(slots)))
        kind = "pass" if len(groups) == 1 else "spell"
        key = eights_encoding.Slots(kind, found[0], found[1] if kind == "spell" else ())
        mask[eights_encoding.ACTIONS.index(key)] = 1
    return mask
