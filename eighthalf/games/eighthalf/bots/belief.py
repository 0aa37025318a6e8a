"""The belief of 8½'s search bots: what a bot remembers of the round and how it deals the
cards it cannot see to fit (:class:`Belief`, the base of :class:`~eighthalf.bots.SearchBot`).

Part of :mod:`eighthalf.bots`; import the names from there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.games.eighthalf.bots.basic import _NO_RNG, greedy_choice
from eighthalf.games.eighthalf.bots.opponents import Weights
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.engine import COMBINATION, apply_unchecked, effects_for, moves_for
from eighthalf.games.eighthalf.events import BlindTurned, Collected, Drew, Event, Played, ReachedTable
from eighthalf.games.eighthalf.moves import COLLECT, EIGHT_AND_HALF, HAND_PLAYS, BlindPlay, Move, OpenPlay
from eighthalf.games.eighthalf.state import GameState, PileCard
from eighthalf.games.eighthalf.views import PlayerView, fill_view, sample_state, unseen_cards
from eighthalf.players.search import check_count

__all__ = ["Belief"]


class _Seen:
    """What the search bot remembers of one opponent's last decision (see :class:`Belief`).

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
    """One decision of an opponent in the history that :meth:`Belief.observe` keeps: as
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


class Belief:
    """What a search bot of 8½ remembers of the round, and its sampler of full states.

    The belief of :class:`~eighthalf.bots.SearchBot` (see there): the opponents' last
    decisions read off the views of the bot's turns, the cards known to be in opponents'
    hands because they came from a pile that was face up (C1, L1), and with
    :meth:`observe` each opponent's latest ``history`` decisions. :meth:`sample` deals a
    full state that fits it. A bot is made for one seat; a round's first move starts a
    fresh memory.

    Args:
        model: ``"greedy"`` (opponents play like :class:`~eighthalf.bots.GreedyBot`),
            ``"rules"`` (only what the rules imply: a collect means no legal card),
            ``"none"`` (uniform deals, no memory) or ``"mixed"`` (each opponent plays
            at random with a chance weighed from its plays, :class:`~eighthalf.bots.Weights`,
            and greedily otherwise).
        tries: Rejection-sampling attempts per opponent and deal.
        history: How many of each opponent's latest decisions its dealt hand must fit.

    Raises:
        InvalidStateError: If ``model`` is unknown, ``tries`` is not a non-negative
            integer or ``history`` not a positive one.
    """

    def __init__(self, *, model: str = "greedy", tries: int = 60, history: int = 1) -> None:
        if model not in ("greedy", "rules", "none", "mixed"):
            raise InvalidStateError(f"model must be 'greedy', 'rules', 'none' or 'mixed', not {quote(model)}")
        check_count("tries", tries, 0)
        check_count("history", history, 1)
        self.model = model
        self.tries = tries
        self.history = history  # opponents' decisions read per deal; 1 is the last only
        self._last: GameState | None = None  # a sample of the state just after our last move
        self._beliefs: dict[int, _Seen] = {}
        self._known: dict[int, list[Rank]] = {}  # cards known to be in an on-the-table opponent's hand
        self._observed = False  # True once observe() is called: it then keeps _known exactly
        self._pile: tuple[PileCard, ...] = ()  # the pile before the next observed move
        self._steps: dict[int, list[_Step]] = {}  # each opponent's latest hand decisions, oldest first
        self._before: tuple[int, bool, tuple[int, ...]] | None = None  # call, lock and hand sizes before a move
        self._weights = Weights()  # with model="mixed": each opponent's weights over the models it may follow
        self._fresh = False  # whether _beliefs holds decisions not yet weighed
        self._prior: PlayerView | None = None  # with model="mixed" and observe(): the view before the next move
        self._plays: list[tuple[int, _Seen]] = []  # with model="mixed" and observe(): hand plays not yet weighed

    def observe(self, events: Sequence[Event], seen: PlayerView) -> None:
        """Track the piles collected into opponents' hands from every move's events.

        Every card of a pile that went into a hand was face up (C1, L1), so the bot
        knows it is in that hand until that seat plays it. A round's first move starts
        a fresh memory (a bot may be kept for a whole match).
        """
        if seen.move_number == 1:
            self._last, self._beliefs, self._known, self._pile = None, {}, {}, ()
            self._steps, self._before, self._weights, self._fresh = {}, None, Weights(), False
            self._prior, self._plays = None, []
        self._observed = True
        if self.model == "mixed":
            self._note(events, seen)
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
        self._fresh = True
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

    def _note(self, events: Sequence[Event], seen: PlayerView) -> None:
        """Keep every opponent's plays for :meth:`_weigh`: a play from the open cards, whose choices
        were face up, is weighed at once; a play from the hand when the bot next decides."""
        prior, self._prior = self._prior, seen
        if prior is None or prior.opening is not None or prior.to_move == seen.seat:
            return
        for event in events:
            if not isinstance(event, Played) or event.seat != prior.to_move:
                continue
            if event.source == "hand":
                play = _play_of(event.cards)
                kept = prior.seats[event.seat].hand_size - len(event.cards)
                if play is not None and kept > 0:
                    self._plays.append((event.seat, _Seen(kept, prior.call_halves, prior.locked, play[0], event.cards)))
            elif event.source == "open":
                cards = prior.seats[event.seat].open
                moves = moves_for((), cards, 0, prior.call_halves, prior.locked, None, prior.rules.variant)
                if len(moves) > 1:
                    greedy = greedy_choice(moves, prior.call_halves, prior.locked, _NO_RNG, prior.rules.variant)
                    hit = isinstance(greedy, OpenPlay) and greedy.rank == event.cards[0]
                    self._weights.update(event.seat, 0.95 if hit else 0.05, 1 / len(moves))
            break  # the move's first play is the decision; a catcher's next play is a move of its own

    def _weigh(self, seen: PlayerView) -> None:
        """With ``model="mixed"``: weigh each opponent's models by the plays read since the bot's
        last decision (:class:`Weights`): every play, if the bot observes, else the ones its views show.

        The sample hands are drawn from a generator of their own, seeded by the move number,
        so that the weighing takes no numbers from the caller's: while every opponent's most
        likely model is the greedy one, the bot makes the moves ``model="greedy"`` makes."""
        if self.model != "mixed":
            return
        rng = random.Random(seen.move_number)
        read: list[tuple[int, _Seen]]
        if self._observed:
            read, self._plays = self._plays, []
        elif self._fresh:
            read = sorted(self._beliefs.items())
        else:
            return
        self._fresh = False
        unseen: list[Rank] | None = None
        for seat, belief in read:
            if belief.move is None:  # a collect: every model collects when nothing is legal (T1)
                continue
            if unseen is None:
                unseen = list(unseen_cards(seen))
            self._weights.weigh(
                seat,
                belief.kept,
                belief.played,
                belief.move,
                belief.call_halves,
                belief.locked,
                unseen,
                seen.rules.variant,
                rng,
            )

    def _accepts(self, epsilon: float, belief: _Seen, kept: list[Rank], variant: int, rng: random.Random) -> bool:
        """Whether a dealt hand is kept: :meth:`_fits`, or with ``model="mixed"`` with the chance that
        the opponent's most likely model (``epsilon``, :meth:`Weights.epsilon`) gives its play from that hand."""
        if self.model != "mixed":
            return self._fits(belief, kept, variant)
        hand = tuple(sorted(kept + list(belief.played)))
        moves = moves_for(hand, (), 0, belief.call_halves, belief.locked, None, variant)
        if belief.move is None:
            return moves[0] is COLLECT
        greedy = greedy_choice(moves, belief.call_halves, belief.locked, _NO_RNG, variant) is belief.move
        chance = (1 - epsilon) * greedy + epsilon / len(moves)
        return chance >= 1 or (chance > 0 and rng.random() < chance)

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
            epsilon = self._weights.epsilon(where)  # the same for every try
            for _ in range(self.tries):
                picks = rng.sample(range(len(cards)), kept)
                chosen = [cards[index] for index in picks]
                if self._accepts(epsilon, belief, chosen, seen.rules.variant, rng):
                    for index in sorted(picks, reverse=True):
                        del cards[index]
                    hands[where] = chosen
                    break
        rng.shuffle(cards)
        dealt: list[Sequence[Rank]] = [
            seat.hand if seat.hand is not None else hands.get(index, []) for index, seat in enumerate(seen.seats)
        ]
        return fill_view(seen, dealt, cards)

    def _moved(self, seen: PlayerView, move: Move, rng: random.Random) -> None:
        """Remember the bot's own ``move`` from ``seen``: a sample of the state after it, and
        the pile that went into an opponent's hand on the table if it caught them."""
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
