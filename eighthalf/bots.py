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
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from .cards import Rank
from .common import players
from .common.players import observes, paired_choice
from .engine import COMBINATION, apply_unchecked, effects_for, legal_moves, moves_for
from .events import (
    BlindTurned,
    Caught,
    Collected,
    Drew,
    Event,
    Locked,
    Played,
    ReachedTable,
    RoundOver,
    WentOut,
    events_for,
)
from .match import DECLINE, Decline, Exchange, Match, MatchMove, MatchView
from .moves import COLLECT, EIGHT_AND_HALF, HAND_PLAYS, BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay
from .state import GameState, Outcome, PileCard
from .views import PlayerView, fill_view, sample_state, unseen_cards, view

__all__ = [
    "BOTS",
    "Bot",
    "Exchanger",
    "GreedyBot",
    "ISMCTSBot",
    "Observer",
    "RandomBot",
    "SearchBot",
    "choose_exchange",
    "exchange_choice",
    "greedy_choice",
    "make_bot",
    "observes",
    "paired_choice",
    "tell",
    "tell_match",
]


class Bot(players.Bot[PlayerView, Move], Protocol):
    """What a bot of 8½ is: a name and a way to choose a move from a view.

    The shared protocol :class:`eighthalf.common.players.Bot` over 8½'s
    :class:`~eighthalf.views.PlayerView` and :data:`~eighthalf.Move`: a ``name`` and
    ``choose(seen, rng)``, which returns one of ``seen.legal_moves()``.
    """


@runtime_checkable
class Observer(players.Observer[Event, PlayerView], Protocol):
    """A bot that also wants to see every move of the round, not only its own turns.

    The play loops (:func:`tell`) call ``observe(events, seen)`` after every move, the
    bot's own included, with the move's events as the bot's seat may see them
    (:func:`~eighthalf.events_for`: drawn cards hidden unless the seat drew them) and
    the seat's view after the move. So a belief can track every card that was ever face
    up, such as a pile collected into an opponent's hand (C1, L1). Optional: a bot
    without ``observe`` is shown only the views of its own turns. It is the shared
    :class:`eighthalf.common.players.Observer` over 8½'s events and view.
    """


@runtime_checkable
class Exchanger(Protocol):
    """A bot that makes the M3 exchange decision of a match itself.

    Optional: for a bot without ``exchange``, :func:`choose_exchange` uses
    :func:`exchange_choice`.
    """

    def exchange(self, seen: MatchView, rng: random.Random) -> Exchange | Decline:
        """Choose one of ``seen.legal_moves()`` while the bot's seat decides on the exchange (M3)."""
        ...


def tell(bots: Mapping[int, object] | Sequence[object], events: Sequence[Event], state: GameState) -> None:
    """Show one move to every bot that observes (:class:`Observer`).

    ``bots`` are the bots by seat (a sequence, or a mapping for a table with people at
    some seats); ``events`` the full events of the move (from
    :func:`~eighthalf.apply_with_events` or :func:`~eighthalf.events.describe`) and
    ``state`` the state after it. Each observer gets :func:`~eighthalf.events_for` its
    seat and the :func:`~eighthalf.view` of its seat, nothing more (I1–I4): the shared
    :func:`eighthalf.common.players.tell` with 8½'s functions.
    """
    players.tell(bots, events, state, events_for, view)


def tell_match(
    bots: Mapping[int, object] | Sequence[object], before: Match, move: MatchMove, events: Sequence[object]
) -> None:
    """:func:`tell` for a match: show the round move ``move``, made in ``before`` with
    ``events`` (from :meth:`Match.apply_with_events <eighthalf.Match.apply_with_events>`),
    to the observing bots. The M3 decision and the match's own events are public and
    not shown (a bot deciding the next exchange gets a :class:`~eighthalf.MatchView`).
    """
    if isinstance(move, (Exchange, Decline)) or not observes(bots):
        return
    tell(bots, [event for event in events if isinstance(event, _ROUND_EVENTS)], apply_unchecked(before.state, move))


_ROUND_EVENTS = (Played, BlindTurned, Caught, Collected, Drew, Locked, ReachedTable, RoundOver, WentOut)

_FLEXIBLE = {Rank.GHOST: 20, Rank.HALF: 15, Rank.ZERO: 12}


def exchange_choice(seen: MatchView) -> Exchange | Decline:
    """The built-in bots' M3 decision, from the deciding seat's own view.

    Open cards are played late, on whatever call there is, so a bot values them by how
    often they can be played: Ghost, then ½, then 0, then the number cards from 9 down
    to 1. It makes the exchange that gains the most by this order (the first such in
    the order offered) and declines when none gains.

    Raises:
        ValueError: If the viewer is not deciding on an exchange.
    """
    if seen.exchange_by is None or seen.exchange_by != seen.round.seat:
        raise ValueError("no exchange is pending for this seat (M3)")

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
        if seen.exchange_by is None or seen.exchange_by != seen.round.seat:
            raise ValueError("no exchange is pending for this seat (M3)")
        return bot.exchange(seen, rng)
    return exchange_choice(seen)


def _moves_of(seen: PlayerView) -> tuple[Move, ...]:
    """The viewer's legal moves; a bot asked to move out of turn is a caller's mistake."""
    return players.moves_of(seen, "the round is over")


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

    def exchange(self, seen: MatchView, rng: random.Random) -> Exchange | Decline:
        """A uniformly random M3 decision (an exchange offered, or declining).

        Raises:
            ValueError: If the viewer is not deciding on an exchange.
        """
        if seen.exchange_by is None or seen.exchange_by != seen.round.seat:
            raise ValueError("no exchange is pending for this seat (M3)")
        choices: tuple[Exchange | Decline, ...] = (*seen.exchanges, DECLINE)
        return rng.choice(choices)


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


class _Step(_Seen):
    """One decision of an opponent in the history that :meth:`SearchBot.observe` keeps: as
    :class:`_Seen`, with ``kept`` the cards of the hand it did not play and ``drawn`` the
    cards it drew after it (T4)."""

    __slots__ = ("drawn",)

    def __init__(self, kept: int, call_halves: int, locked: bool, move: Move | None, played: tuple[Rank, ...]) -> None:
        super().__init__(kept, call_halves, locked, move, played)
        self.drawn = 0


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


# _greedy_key of a play facing one call, by (move, call_halves, locked, variant).
_KEYS: dict[tuple[Move, int, bool, int], tuple[int, ...]] = {}


def _playout_choice(moves: tuple[Move, ...], call_halves: int, locked: bool, rng: random.Random, variant: int) -> Move:
    """Exactly :func:`greedy_choice` (the same move, the same draws from ``rng``), with the
    heuristic's keys memoised, for the play-outs of :class:`SearchBot` and :class:`ISMCTSBot`."""
    if len(moves) == 1:
        return moves[0]
    if isinstance(moves[0], (Collect, BlindPlay)):
        return rng.choice(moves)
    best: Move = moves[0]
    best_key: tuple[int, ...] | None = None
    for move in moves:
        key = _KEYS.get((move, call_halves, locked, variant))
        if key is None:
            key = _greedy_key(move, effects_for(variant)[locked][call_halves])
            _KEYS[move, call_halves, locked, variant] = key
        if best_key is None or key < best_key:
            best, best_key = move, key
    return best


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
        self._observed = False  # True once observe() is called: it then keeps _known exactly
        self._pile: tuple[PileCard, ...] = ()  # the pile before the next observed move
        self.history = 1  # opponents' decisions read per deal (ISMCTSBot's ``history``); 1 is the last only
        self._steps: dict[int, list[_Step]] = {}  # each opponent's latest hand decisions, oldest first
        self._before: tuple[int, bool, tuple[int, ...]] | None = None  # call, lock and hand sizes before a move

    def observe(self, events: Sequence[Event], seen: PlayerView) -> None:
        """Track the piles collected into opponents' hands from every move's events.

        Every card of a pile that went into a hand was face up (C1, L1), so the bot
        knows it is in that hand until that seat plays it. A round's first move starts
        a fresh memory (a bot may be kept for a whole match).
        """
        if seen.move_number == 1:
            self._last, self._beliefs, self._known, self._pile = None, {}, {}, ()
            self._steps, self._before = {}, None
        self._observed = True
        if self.history > 1:
            self._follow(events, seen)
        played: list[Rank] = []
        for event in events:
            if isinstance(event, Played):
                played.extend(event.cards)
                cards = self._known.get(event.seat)
                if event.source == "hand" and cards:
                    for rank in event.cards:
                        if rank in cards:
                            cards.remove(rank)
            elif isinstance(event, BlindTurned) and event.failed:
                played.append(event.rank)
            elif isinstance(event, Collected) and event.into_hand and event.seat != seen.seat:
                taken = [card.rank for card in self._pile] + played
                self._known[event.seat] = self._known.get(event.seat, []) + taken
        self._pile = seen.pile

    def _follow(self, events: Sequence[Event], seen: PlayerView) -> None:
        """Keep each opponent's latest decisions from the hand (plays and collects for want
        of a legal card, T1) with the call it faced, for :meth:`sample`. Anything the history
        cannot follow (cards from a pile into the hand, open or blind cards, the opening)
        starts that opponent's history afresh."""
        before = self._before
        steps = self._steps
        for event in events:
            seat = getattr(event, "seat", None)
            if seat is None or seat == seen.seat:
                continue
            if isinstance(event, Drew):
                if steps.get(seat):
                    steps[seat][-1].drawn += event.count
                continue
            step: _Step | None = None
            if before is not None and isinstance(event, Played) and event.source == "hand":
                play = _play_of(event.cards)
                if play is not None:
                    step = _Step(before[2][seat] - len(event.cards), before[0], before[1], play[0], event.cards)
            elif before is not None and isinstance(event, Collected) and event.cause == "stuck" and not event.into_hand:
                step = _Step(before[2][seat], before[0], before[1], None, ())
            elif not isinstance(event, (Played, BlindTurned, Collected, ReachedTable)):
                continue
            elif isinstance(event, Collected) and not event.into_hand:
                continue  # caught before the table: the pile went to the collected stack, the hand is as it was
            if step is None:
                steps.pop(seat, None)
            else:
                steps[seat] = [*steps.get(seat, []), step][-self.history :]
        self._before = (seen.call_halves, seen.locked, tuple(other.hand_size for other in seen.seats))

    def _deal_history(
        self, steps: list[_Step], size: int, cards: list[Rank], rng: random.Random, variant: int
    ) -> list[int] | None:
        """Positions in ``cards`` of a hand of ``size`` that fits every step (by rejection), or
        ``None``. The hand is the last step's kept cards and the cards drawn since; walking
        back, the kept cards of an older step are a random part of the hand at the next one
        (the rest was drawn), and together with what it played they must fit it."""
        last = steps[-1]
        if size != last.kept + last.drawn or last.kept <= 0 or last.kept > len(cards):
            return None
        for _ in range(self.tries):
            picks = rng.sample(range(len(cards)), last.kept)
            hand = [cards[index] for index in picks]
            if not self._fits(last, hand, variant):
                continue
            later = hand + list(last.played)
            fits = True
            for step in reversed(steps[:-1]):
                if len(later) != step.kept + step.drawn or step.kept <= 0:
                    break  # the older steps cannot be followed: the ones read fit
                kept = rng.sample(later, step.kept)
                if not self._fits(step, kept, variant):
                    fits = False
                    break
                later = kept + list(step.played)
            if fits:
                return picks
        return None

    def exchange(self, seen: MatchView, rng: random.Random) -> Exchange | Decline:
        """The M3 decision of :func:`exchange_choice`.

        Raises:
            ValueError: If the viewer is not deciding on an exchange.
        """
        return exchange_choice(seen)

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
        if victim is not None and self.model != "none" and not self._observed and after.seats[victim].on_table:
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

        def scores_of() -> list[float]:
            sample = self.sample(seen, rng)
            seed = rng.getrandbits(64)
            return [self._play_out(apply_unchecked(sample, move), me, random.Random(seed)) for move in moves]

        return paired_choice(moves, base, scores_of, self.iterations, self.time_limit, self.confidence)

    def _play_out(self, state: GameState, me: int, rng: random.Random) -> float:
        """Play greedily to the end; the score of seat ``me`` in [0, 1]."""
        limit = state.move_number + self.horizon
        variant = state.rules.variant
        while state.outcome is None and state.move_number < limit:
            moves = legal_moves(state)
            state = apply_unchecked(state, _playout_choice(moves, state.call_halves, state.locked, rng, variant))
        outcome = state.outcome
        return 0.0 if outcome is None else outcome.points[me] / 3

    # ----------------------------------------------------------------- the belief

    def _remember(self, seen: PlayerView) -> None:
        """Read the opponents' decisions since our last move off the view."""
        last = self._last
        if last is None:
            self._beliefs = {}
            if not self._observed:
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
        if not self._observed:
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
        if not self._beliefs and not self._known and not self._steps:
            return sample_state(seen, rng)
        cards = list(unseen_cards(seen))
        hands: dict[int, list[Rank]] = {}
        for where, known in self._known.items():
            if len(known) <= seen.seats[where].hand_size and all(known.count(r) <= cards.count(r) for r in set(known)):
                for rank in known:
                    cards.remove(rank)
                hands[where] = list(known)
        for where, steps in self._steps.items():
            if where in hands or not steps or self.model != "greedy":
                continue
            picks = self._deal_history(steps, seen.seats[where].hand_size, cards, rng, seen.rules.variant)
            if picks is not None:
                hands[where] = [cards[index] for index in picks]
                for index in sorted(picks, reverse=True):
                    del cards[index]
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


def _spread(total: float, squares: float, done: int) -> float:
    """The standard error of a mean of ``done`` values with this sum and sum of squares."""
    mean = total / done
    return math.sqrt(max(squares / done - mean * mean, 0.0) / max(done - 1, 1))


class _Node:
    """A node of :class:`ISMCTSBot`'s tree: one of the bot's own information sets.

    ``visits`` and ``total`` count the iterations that went through the edge into the
    node; ``available`` counts those in which its move was legal at its parent (the
    move sets differ between deals, so UCB divides by availability, not by the
    parent's visits)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Move, _Node] = {}


class ISMCTSBot(SearchBot):
    """Information-set Monte Carlo tree search (single observer) over the bot's belief.

    Each iteration deals the cards the bot cannot see at random, consistent with its
    view and with what it remembers (the belief of :class:`SearchBot`, and with
    :meth:`~SearchBot.observe` every pile that went into an opponent's hand), and walks
    a tree whose nodes are the bot's own decisions, keyed by the moves made since the
    root: every node stands for one information set of the bot, shared by all the deals
    that reach it. At its own decisions below the root the bot picks by UCB among the
    moves legal in this deal (counting availability, since later move sets differ
    between deals); the other seats follow the opponent model. Once the walk reaches a
    decision not yet in the tree it adds it, plays the round out (every seat following
    :func:`greedy_choice`, cut after ``horizon`` moves) and backs the reward up the path.

    At the root (``root="paired"``, the default) every legal move is walked on every
    deal with the same play-out randomness, so the moves are compared in pairs (common
    random numbers), and the bot plays the greedy move unless another beat it on average
    by more than ``confidence`` standard errors, as :class:`SearchBot` does; the tree
    below each root move refines the bot's own later moves. With ``root="ucb"`` the root
    is an ordinary UCB node and the most visited move is played.

    The root is a race: after ``prune_after`` deals, a move whose mean paired difference
    from the greedy move plus ``prune`` standard errors is not above zero (it has shown
    no edge) leaves it, so the deals go to the moves still in contention, and the search
    stops once only the greedy move is left. The play-outs play the greedy heuristic
    through a memoised copy of :func:`greedy_choice` (the same moves, the same draws).

    The reward is the points the seat ends with (E6) divided by 3, plus ``win_bonus``
    for a win. The cost of a decision is at most about ``iterations`` times the number
    of legal moves walks (with ``root="paired"``), each a play-out of the rest of the
    round; pruning spends well under that.

    With ``history`` above 1 (and a bot that is shown every move, :meth:`~SearchBot.observe`), an
    opponent's hand is dealt to fit its last ``history`` decisions from the hand (what it
    played facing which call, or that it could not play, T1), not only the last one:
    walking back from its hand now, the cards it kept at an older decision are a random
    part of the hand at the next one (the rest was drawn, T4), and with what it played
    they must be what the opponent model would have played from.

    The defaults (600 iterations, ``prune=1.0`` after 10 deals, ``win_bonus=2.0``, so that
    a win outweighs any number of points, since the round's winner is what the strength
    benchmark counts) were chosen by measurement against three GreedyBots, where they
    win 40.5% of the rounds (38.4–42.7%, 2,000 rounds; 39.4% at 300 iterations); the
    docs' bots page has the figures. Pruning ends most searches early: a decision takes
    91 ms of CPU on average in the pure build (median 5 ms, 95% of them under 0.43 s,
    the slowest of 155 measured 1.5 s) and 52 ms in the compiled one (under 0.24 s for
    95%, at most 0.85 s). For a hard bound on time, give ``time_limit``.

    Args:
        iterations: Sampled deals per decision.
        time_limit: Optional budget in seconds per decision (stops early if reached);
            it makes the play depend on the machine's speed.
        exploration: The UCB constant.
        model: How the belief reads the opponents (as for :class:`SearchBot`):
            ``"greedy"``, ``"rules"`` or ``"none"``.
        opponents: ``"greedy"``: the other seats follow :func:`greedy_choice` inside the
            tree too; ``"tree"``: they choose by UCB on their own rewards, as in plain
            single-observer IS-MCTS.
        horizon: Play-outs longer than this many moves are cut and score nothing.
        tries: Rejection-sampling attempts per opponent and deal.
        win_bonus: Added to the reward of a win.
        root: ``"paired"`` or ``"ucb"`` (see above).
        confidence: With ``root="paired"``: how many standard errors a move must beat
            the greedy move by; 0 plays the best mean.
        prune: With ``root="paired"``: how many standard errors of benefit of the doubt
            a move gets before it leaves the race (see above); ``None`` never prunes.
        prune_after: How many deals every legal move gets before any leaves the race.
        history: How many of each opponent's latest decisions its dealt hand must fit
            (see above); 1 reads the last one only, as :class:`SearchBot` does.

    Raises:
        ValueError: If ``iterations``, ``prune_after`` or ``history`` is below 1,
            ``model``, ``opponents`` or ``root`` is unknown, or ``exploration``,
            ``horizon``, ``tries``, ``win_bonus``, ``confidence`` or ``prune`` is
            negative.
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 600,
        *,
        time_limit: float | None = None,
        exploration: float = 0.7,
        model: str = "greedy",
        opponents: str = "greedy",
        horizon: int = 400,
        tries: int = 60,
        win_bonus: float = 2.0,
        root: str = "paired",
        confidence: float = 1.0,
        prune: float | None = 1.0,
        prune_after: int = 10,
        history: int = 1,
    ) -> None:
        super().__init__(
            iterations, time_limit=time_limit, model=model, horizon=horizon, tries=tries, confidence=confidence
        )
        if root not in ("paired", "ucb"):
            raise ValueError(f"root must be 'paired' or 'ucb', not {root!r}")
        self.root = root
        if opponents not in ("greedy", "tree"):
            raise ValueError(f"opponents must be 'greedy' or 'tree', not {opponents!r}")
        if exploration < 0 or win_bonus < 0:
            raise ValueError("exploration and win_bonus must not be negative")
        if prune is not None and prune < 0:
            raise ValueError(f"prune must not be negative, not {prune}")
        if prune_after < 1:
            raise ValueError(f"prune_after must be at least 1, not {prune_after}")
        if history < 1:
            raise ValueError(f"history must be at least 1, not {history}")
        self.history = history
        self.exploration = exploration
        self.opponents = opponents
        self.win_bonus = win_bonus
        self.prune = prune
        self.prune_after = prune_after

    def _search(self, seen: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        if len(moves) == 1 or isinstance(moves[0], BlindPlay):
            return moves[0] if len(moves) == 1 else rng.choice(moves)
        if self.root == "paired":
            return self._search_paired(seen, moves, rng)
        me = seen.to_move
        root = _Node()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for _ in range(self.iterations):
            self._iterate(root, self.sample(seen, rng), me, rng)
            if deadline is not None and time.perf_counter() > deadline:
                break
        preferred = greedy_choice(moves, seen.call_halves, seen.locked, rng, seen.rules.variant)
        # The most visited move; ties go to the greedy move, then to the better mean.
        return max(
            moves,
            key=lambda move: (
                root.children[move].visits if move in root.children else -1,
                move is preferred,
                root.children[move].total / max(root.children[move].visits, 1) if move in root.children else 0.0,
            ),
        )

    def _search_paired(self, seen: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """Every root move still in the race on every deal, with the same play-out randomness;
        the tree below each. A move whose mean paired difference from the greedy move falls
        ``prune`` standard errors below zero (after ``prune_after`` deals) leaves the race."""
        me = seen.to_move
        count = len(moves)
        children = [_Node() for _ in moves]
        preferred = greedy_choice(moves, seen.call_halves, seen.locked, rng, seen.rules.variant)
        base = moves.index(preferred)
        racing = list(range(count))
        sums = [0.0] * count
        squares = [0.0] * count
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.iterations and len(racing) > 1:
            sample = self.sample(seen, rng)
            seed = rng.getrandbits(64)
            scores = {
                index: self._iterate(children[index], apply_unchecked(sample, moves[index]), me, random.Random(seed))
                for index in racing
            }
            for index in racing:
                difference = scores[index] - scores[base]
                sums[index] += difference
                squares[index] += difference * difference
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
            if self.prune is not None and done >= self.prune_after:
                racing = [
                    index for index in racing if index == base or self._still_racing(sums[index], squares[index], done)
                ]
        best, best_margin = base, 0.0
        if done:
            for index in racing:
                mean = sums[index] / done
                margin = mean - self.confidence * _spread(sums[index], squares[index], done)
                if mean > 0 and margin > best_margin:
                    best, best_margin = index, margin
        return moves[best]

    def _still_racing(self, total: float, squares: float, done: int) -> bool:
        """Whether a move's paired differences leave it a chance to beat the greedy move:
        their mean plus ``prune`` standard errors is above zero."""
        assert self.prune is not None
        spread = _spread(total, squares, done)
        return total / done + (self.prune * spread if spread else 0.0) > 0

    def _iterate(self, root: _Node, state: GameState, me: int, rng: random.Random) -> float:
        """One tree walk below ``root`` on one deal: select, expand, play out, back up.

        Returns the reward of seat ``me``."""
        node = root
        path: list[tuple[_Node, int]] = []  # the nodes entered, with the seat that chose them
        limit = state.move_number + self.horizon
        expanded = False
        while state.outcome is None and state.move_number < limit and not expanded:
            moves = legal_moves(state)
            mover = state.to_move
            counted = False  # whether _select already counted the availability of the moves here
            if len(moves) == 1:
                move = moves[0]
            elif isinstance(moves[0], BlindPlay):
                move = rng.choice(moves)
            elif mover == me or self.opponents == "tree":
                move, expanded = self._select(node, moves, state, rng)
                counted = True
            else:
                move = _playout_choice(moves, state.call_halves, state.locked, rng, state.rules.variant)
            child = node.children.get(move)
            if child is None:
                child = node.children[move] = _Node()
                child.available = 1
            elif not counted:
                child.available += 1
            path.append((child, mover))
            node = child
            state = apply_unchecked(state, move)
        variant = state.rules.variant
        while state.outcome is None and state.move_number < limit:
            moves = legal_moves(state)
            state = apply_unchecked(state, _playout_choice(moves, state.call_halves, state.locked, rng, variant))
        outcome = state.outcome
        for child, mover in path:
            child.visits += 1
            if outcome is not None:
                child.total += self._reward(outcome, mover)
        return 0.0 if outcome is None else self._reward(outcome, me)

    def _reward(self, outcome: Outcome, seat: int) -> float:
        return outcome.points[seat] / 3 + (self.win_bonus if outcome.winner == seat else 0.0)

    def _select(self, node: _Node, moves: tuple[Move, ...], state: GameState, rng: random.Random) -> tuple[Move, bool]:
        """UCB over the moves legal here (the greedy move first when several are new)."""
        children = node.children
        for move in moves:
            child = children.get(move)
            if child is not None:
                child.available += 1
        fresh = [move for move in moves if move not in children]
        if fresh:
            greedy = greedy_choice(moves, state.call_halves, state.locked, rng, state.rules.variant)
            return (greedy if greedy in fresh else rng.choice(fresh)), True
        scale = self.exploration
        best, best_value = moves[0], -1.0
        for move in moves:
            child = children[move]
            value = child.total / child.visits + scale * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = move, value
        return best, False


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
    "ismcts": ISMCTSBot,
}
"""The built-in bots by name."""


def make_bot(name: str) -> Bot:
    """A new bot of the named kind (see :data:`BOTS`).

    Raises:
        KeyError: If there is no bot of that name.
    """
    return players.make(BOTS, name)
