"""Bots: players that choose a move from their own view only.

A bot never receives the full :class:`~eighthalf.GameState`, so it cannot cheat: it gets
the :class:`~eighthalf.views.PlayerView` of its seat and a :class:`random.Random` that the
caller owns, which makes every game reproducible.

>>> import random
>>> from eighthalf import new_game, apply
>>> from eighthalf.views import view
>>> bots = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
>>> state, rng = new_game(4, seed=7), random.Random(7)
>>> while not state.over:
...     seat = state.to_move
...     state = apply(state, bots[seat].choose(view(state, seat), rng))
>>> state.winner, state.points
(3, (0, 0, 0, 3))
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from .cards import Rank
from .engine import COMBINATION, apply_unchecked, effects_for, legal_moves, moves_for
from .moves import COLLECT, EIGHT_AND_HALF, HAND_PLAYS, BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay
from .state import GameState, PileCard
from .views import PlayerView, fill_view, sample_state, unseen_cards

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "greedy_choice", "make_bot"]


class Bot(Protocol):
    """What a bot is: a name and a way to choose a move from a view."""

    @property
    def name(self) -> str:
        """A short name for tables and logs."""
        ...

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """Choose one of ``seen.legal_moves()``; ``seen`` is the bot's own seat's view."""
        ...


def _moves_of(seen: PlayerView) -> tuple[Move, ...]:
    """The viewer's legal moves; a bot asked to move out of turn is a caller's mistake."""
    moves = seen.legal_moves()
    if not moves:
        raise ValueError("no legal moves: it is not this seat's turn or the round is over")
    return moves


class RandomBot:
    """Chooses uniformly among the legal moves."""

    name = "random"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """A uniformly random legal move.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = _moves_of(seen)
        return rng.choice(moves)


# Lower is better: plain numbers first, then 0, ½, the combination, and Ghosts last.
_KEEP = {Rank.ZERO: 1, Rank.HALF: 2, Rank.GHOST: 4}


class GreedyBot:
    """A one-move-deep player with a fixed, documented heuristic.

    In order of priority:

    1. Catch whenever it can (P8), with as many catch cards as it holds.
    2. Avoid leaving a catchable half call (a ½, the 8½ combination or a Ghost on a
       half call), when any other play exists.
    3. Keep the flexible cards for when they are needed: play number cards before
       0, then ½, then the 8½ combination, and Ghosts last.
    4. Shed the lowest cards first and, of one rank, as many copies as it holds.

    Blind cards are turned at random (nothing can be known about them).
    """

    name = "greedy"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The best legal move by the heuristic above.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = _moves_of(seen)
        return greedy_choice(moves, seen.call_halves, seen.locked, rng, seen.rules.variant)


def greedy_choice(
    moves: tuple[Move, ...], call_halves: int, locked: bool, rng: random.Random, variant: int = 0
) -> Move:
    """The :class:`GreedyBot`'s pick among ``moves`` (non-empty) facing this call, under the
    table options ``variant`` (:attr:`Rules.variant <eighthalf.Rules.variant>`)."""
    if len(moves) == 1 or isinstance(moves[0], (Collect, BlindPlay)):
        return moves[0] if len(moves) == 1 else rng.choice(moves)
    row = effects_for(variant)[locked][call_halves]
    return min(moves, key=lambda move: _greedy_key(move, row))


def _greedy_key(move: Move, row: tuple[tuple[tuple[int, bool, bool, bool] | None, ...], ...]) -> tuple[int, ...]:
    if isinstance(move, (HandPlay, OpenPlay)):
        token, count = int(move.rank), move.count
    elif isinstance(move, EightAndHalf):
        token, count = COMBINATION, 1
    else:  # only plays reach here
        return (9,)
    result = row[token][count]
    assert result is not None
    _, _, risky, catch = result
    keep = 3 if token == COMBINATION else _KEEP.get(Rank(token), 0)
    return (0 if catch else 1, int(risky), keep, token, -count)


class _Seen:
    """What the search bot remembers of one opponent's last decision (see :class:`SearchBot`).

    ``kept`` cards of the opponent's current hand were already in it when they made that
    decision facing ``call_halves``/``locked``; ``played`` is what they played then
    (empty for a collect) and ``move`` the move (``None`` for a collect).
    """

    __slots__ = ("call_halves", "kept", "locked", "move", "played")

    def __init__(self, kept: int, call_halves: int, locked: bool, move: Move | None, played: tuple[Rank, ...]) -> None:
        self.kept = kept
        self.call_halves = call_halves
        self.locked = locked
        self.move = move
        self.played = played


def _runs(pile: tuple[PileCard, ...]) -> list[tuple[int, tuple[Rank, ...]]]:
    """The pile cut into plays: runs of cards laid by one seat (a seat never plays twice in a row
    on one pile, P9), bottom to top."""
    runs: list[tuple[int, tuple[Rank, ...]]] = []
    for card in pile:
        if runs and runs[-1][0] == card.seat:
            runs[-1] = (card.seat, (*runs[-1][1], card.rank))
        else:
            runs.append((card.seat, (card.rank,)))
    return runs


def _play_of(ranks: tuple[Rank, ...]) -> tuple[Move, int, int] | None:
    """The hand play that laid ``ranks``: the move, its EFFECTS token and count."""
    if len(ranks) == 2 and ranks[0] == Rank.EIGHT and ranks[1] == Rank.HALF:
        return EIGHT_AND_HALF, COMBINATION, 1
    if all(rank == ranks[0] for rank in ranks) and len(ranks) <= len(HAND_PLAYS[ranks[0]]):
        return HAND_PLAYS[ranks[0]][len(ranks) - 1], int(ranks[0]), len(ranks)
    return None


def _pile_call(ranks: tuple[Rank, ...], variant: int) -> tuple[int, bool, bool]:
    """``(call_halves, locked, caught)`` after laying ``ranks`` on an empty pile; ``caught`` if the
    top play caught somebody (P8), so the pile went to the seat at risk.

    A collected stack does not say who laid which card, so equal neighbours are read as one
    play (the same call either way, and ``½ ½`` on 8 is only legal as one play, P3) and an 8
    that cannot go alone as the 8½ combination."""
    call, locked, at = 0, False, 0
    effects = effects_for(variant)
    while at < len(ranks):
        rank, count = ranks[at], 1
        while at + count < len(ranks) and ranks[at + count] == rank:
            count += 1
        result = effects[locked][call][rank][count]
        if result is None and rank == Rank.EIGHT and count == 1 and ranks[at + 1 : at + 2] == (Rank.HALF,):
            result, count = effects[locked][call][COMBINATION][1], 2
        if result is None:  # a failed blind card (L4): the pile was taken with it
            return call, locked, False
        if result[3]:
            return call, locked, True
        call, locked = result[0], result[1]
        at += count
    return call, locked, False


class _Rng(random.Random):
    """A generator that is never drawn from: greedy_choice only draws for collects and blind cards."""


_NO_RNG = _Rng(0)


class SearchBot:
    """Determinized Monte Carlo search that respects hidden information.

    For each decision with more than one legal move it repeats, ``iterations`` times (or
    until ``time_limit`` seconds have passed): deal the cards it cannot see at random
    into a full state consistent with its view and with what it remembers of the round
    (its *belief*), then play the round out once after each legal move, every seat
    following the greedy heuristic, and score the points (E6) its own seat ends with.
    Every move is tried on the same deal with the same play-out randomness (common
    random numbers), so the moves are compared in pairs. It plays the greedy move
    (:func:`greedy_choice`) unless another move beat it on average by more than
    ``confidence`` standard errors of the paired differences.

    The belief: a bot is made for one seat and one round, so it remembers what it saw
    at its previous turn and the move it made. From the next view it reads each
    opponent's last decision off the pile (who laid which cards on which call) and the
    collected stacks (who took a pile they could not beat). An opponent who collected
    held no legal card (T1); with ``model="greedy"`` an opponent who played is assumed to
    have chosen as :class:`GreedyBot` would. The cards still in that opponent's hand
    from then are dealt by rejection sampling so that they fit; when no fit is found (the
    model was wrong), that opponent's hand is dealt uniformly. It also keeps the cards
    that went into the hand of an opponent on the table from a pile it saw (C1, L1),
    until they are played, and deals them to that hand. It never sees the real hidden
    cards: only its views and its own samples.

    Args:
        iterations: Sampled deals per decision.
        time_limit: Optional budget in seconds per decision (stops early if reached);
            it makes the play depend on the machine's speed.
        model: ``"greedy"`` (opponents play like :class:`GreedyBot`), ``"rules"`` (only
            what the rules imply: a collect means no legal card) or ``"none"`` (uniform
            deals, no memory).
        horizon: Play-outs longer than this many moves are cut and score nothing.
        tries: Rejection-sampling attempts per opponent and deal.
        confidence: How many standard errors a move must beat the greedy move by; 0
            plays the best mean.

    Raises:
        ValueError: If ``iterations`` is below 1, ``model`` is unknown, or ``horizon``,
            ``tries`` or ``confidence`` is negative.
    """

    name = "search"

    def __init__(
        self,
        iterations: int = 150,
        *,
        time_limit: float | None = None,
        model: str = "greedy",
        horizon: int = 400,
        tries: int = 60,
        confidence: float = 1.0,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if model not in ("greedy", "rules", "none"):
            raise ValueError(f"model must be 'greedy', 'rules' or 'none', not {model!r}")
        if horizon < 0 or tries < 0 or confidence < 0:
            raise ValueError("horizon, tries and confidence must not be negative")
        self.iterations = iterations
        self.time_limit = time_limit
        self.model = model
        self.horizon = horizon
        self.tries = tries
        self.confidence = confidence
        self._last: GameState | None = None  # a sample of the state just after our last move
        self._beliefs: dict[int, _Seen] = {}
        self._known: dict[int, list[Rank]] = {}  # cards known to be in an on-the-table opponent's hand

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The greedy move, unless sampled play-outs show another one clearly better.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = _moves_of(seen)
        if self.model != "none":
            self._remember(seen)
        move = self._search(seen, moves, rng)
        before = self.sample(seen, rng)
        after = apply_unchecked(before, move)
        victim = seen.at_risk
        if victim is not None and self.model != "none" and after.seats[victim].on_table:
            # A catch of an opponent on the table: the pile, public, went into their hand (P9, C1).
            added = list(after.seats[victim].hand)
            if len(added) > len(before.seats[victim].hand):
                for rank in before.seats[victim].hand:
                    added.remove(rank)
                self._known[victim] = self._known.get(victim, []) + added
        self._last = None if isinstance(move, BlindPlay) else after
        return move

    def _search(self, seen: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        if len(moves) == 1 or isinstance(moves[0], BlindPlay):
            return moves[0] if len(moves) == 1 else rng.choice(moves)
        me = seen.to_move
        preferred = greedy_choice(moves, seen.call_halves, seen.locked, rng, seen.rules.variant)
        base = moves.index(preferred)
        # Paired differences from the greedy move: their sums and sums of squares.
        sums = [0.0] * len(moves)
        squares = [0.0] * len(moves)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        for _ in range(self.iterations):
            sample = self.sample(seen, rng)
            seed = rng.getrandbits(64)
            scores = [self._play_out(apply_unchecked(sample, move), me, random.Random(seed)) for move in moves]
            for index, score in enumerate(scores):
                difference = score - scores[base]
                sums[index] += difference
                squares[index] += difference * difference
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        best, best_margin = base, 0.0
        for index in range(len(moves)):
            mean = sums[index] / done
            spread = math.sqrt(max(squares[index] / done - mean * mean, 0.0) / max(done - 1, 1))
            margin = mean - self.confidence * spread
            if mean > 0 and margin > best_margin:
                best, best_margin = index, margin
        return moves[best]

    def _play_out(self, state: GameState, me: int, rng: random.Random) -> float:
        """Play greedily to the end; the score of seat ``me`` in [0, 1]."""
        limit = state.move_number + self.horizon
        variant = state.rules.variant
        while state.outcome is None and state.move_number < limit:
            moves = legal_moves(state)
            state = apply_unchecked(state, greedy_choice(moves, state.call_halves, state.locked, rng, variant))
        outcome = state.outcome
        return 0.0 if outcome is None else outcome.points[me] / 3

    # ----------------------------------------------------------------- the belief

    def _remember(self, seen: PlayerView) -> None:
        """Read the opponents' decisions since our last move off the view."""
        last = self._last
        if last is None:
            self._beliefs = {}
            self._known = {}
            return
        moved = seen.move_number - last.move_number
        if moved <= 0:  # we caught and move again: nobody else moved
            return
        beliefs: dict[int, _Seen] = {}
        pile = seen.pile
        runs = _runs(pile)
        start = len(last.pile)
        taker: int | None = None
        if pile[:start] == last.pile and len(_runs(pile[start:])) == moved and start <= len(pile):
            # Nobody took the pile: every move since ours is on it, in order.
            call, locked = last.call_halves, last.locked
            played = _runs(pile[start:])
        else:
            # The pile was taken: only the plays since it was last taken are on it.
            call, locked = 0, False
            played = runs
            taker = self._read_collect(seen, last, runs, beliefs, moved)
        shed: dict[int, list[Rank]] = {}
        for seat, ranks in played:
            before = last.seats[seat]
            now = seen.seats[seat]
            play = _play_of(ranks)
            if play is not None and before.hand and now.open == before.open and now.blind_size == len(before.blind):
                shed.setdefault(seat, []).extend(ranks)
                move = play[0]
                drawn = len(before.bank) - now.bank_size
                kept = now.hand_size - drawn
                if kept > 0 and seat not in beliefs:
                    beliefs[seat] = _Seen(kept, call, locked, move, ranks)
            result = effects_for(seen.rules.variant)[locked][call][play[1]][play[2]] if play is not None else None
            if result is None:  # an open or blind card, or something we cannot read: stop here
                break
            call, locked = result[0], result[1]
        self._beliefs = beliefs
        self._track_known(seen, last, shed, taker)

    def _track_known(self, seen: PlayerView, last: GameState, shed: dict[int, list[Rank]], taker: int | None) -> None:
        """Keep the cards known to be in on-the-table opponents' hands: they came from piles."""
        known: dict[int, list[Rank]] = {}
        for seat, now in enumerate(seen.seats):
            before = last.seats[seat]
            if seat == seen.seat or not (now.on_table and before.on_table):
                continue
            cards = list(self._known.get(seat, []))
            gone = shed.get(seat, [])
            if seat == taker:  # took the pile we left, with the plays we did not see
                cards.extend(card.rank for card in last.pile)
            elif now.hand_size != len(before.hand) - len(gone):
                continue  # something we did not see: forget this hand
            for rank in gone:
                if rank in cards:
                    cards.remove(rank)
            if cards:
                known[seat] = cards
        self._known = known

    def _read_collect(
        self,
        seen: PlayerView,
        last: GameState,
        runs: list[tuple[int, tuple[Rank, ...]]],
        beliefs: dict[int, _Seen],
        moved: int,
    ) -> int | None:
        """If the pile was last taken by an opponent who could not play (T1), remember it.

        Returns that opponent if they are on the table and took the very pile we left
        (with the plays of the seats between us), having made no other move since."""
        players = len(seen.seats)
        taker = (runs[0][0] if runs else seen.to_move) - 1
        taker %= players
        if taker == seen.seat or any(seat == taker for seat, _ in runs):
            return None
        before, now = last.seats[taker], seen.seats[taker]
        between = (taker - last.to_move) % players  # the seats that played before the taker
        if now.on_table:
            grown = now.hand_size - len(before.hand)
            if before.on_table and moved == between + 1 + len(runs) and grown >= len(last.pile) + between:
                return taker
            return None
        if len(now.collected) <= len(before.collected):
            return None
        taken = now.collected[len(before.collected) :]
        call, locked, caught = _pile_call(taken, seen.rules.variant)
        if not caught and now.hand_size:
            beliefs[taker] = _Seen(now.hand_size, call, locked, None, ())
        return None

    def _fits(self, belief: _Seen, kept: list[Rank], variant: int) -> bool:
        hand = tuple(sorted(kept + list(belief.played)))
        moves = moves_for(hand, (), 0, belief.call_halves, belief.locked, None, variant)
        if belief.move is None:
            return moves[0] is COLLECT
        if self.model != "greedy":
            return True
        return greedy_choice(moves, belief.call_halves, belief.locked, _NO_RNG, variant) is belief.move

    def sample(self, seen: PlayerView, rng: random.Random) -> GameState:
        """A full state consistent with ``seen`` and with what the bot remembers (its belief)."""
        if not self._beliefs and not self._known:
            return sample_state(seen, rng)
        cards = list(unseen_cards(seen))
        hands: dict[int, list[Rank]] = {}
        for where, known in self._known.items():
            if len(known) <= seen.seats[where].hand_size and all(known.count(r) <= cards.count(r) for r in set(known)):
                for rank in known:
                    cards.remove(rank)
                hands[where] = list(known)
        for where, belief in self._beliefs.items():
            if where in hands:
                continue
            size = seen.seats[where].hand_size
            kept = min(belief.kept, size)
            if kept <= 0 or (belief.move is None and self.model == "none"):
                continue
            for _ in range(self.tries):
                picks = rng.sample(range(len(cards)), kept)
                chosen = [cards[index] for index in picks]
                if self._fits(belief, chosen, seen.rules.variant):
                    for index in sorted(picks, reverse=True):
                        del cards[index]
                    hands[where] = chosen
                    break
        rng.shuffle(cards)
        dealt: list[Sequence[Rank]] = [
            seat.hand if seat.hand is not None else hands.get(index, []) for index, seat in enumerate(seen.seats)
        ]
        return fill_view(seen, dealt, cards)


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""The built-in bots by name."""


def make_bot(name: str) -> Bot:
    """A new bot of the named kind (see :data:`BOTS`).

    Raises:
        KeyError: If there is no bot of that name.
    """
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"no bot named {name!r}; choose from {', '.join(sorted(BOTS))}") from None
