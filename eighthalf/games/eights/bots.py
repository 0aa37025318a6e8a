"""Bots for Eights: players that choose a move from their own view only.

As for 8½ (:mod:`eighthalf.bots`), a bot never receives the full
:class:`~eighthalf.eights.GameState`: it gets the :class:`~eighthalf.eights.PlayerView` of
its seat and a :class:`random.Random` that the caller owns, so every game is reproducible.

>>> import random
>>> from eighthalf.eights import new_game, apply, view
>>> bots = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
>>> state, rng = new_game(4, seed=2), random.Random(2)
>>> while not state.over:
...     seat = state.hand.to_move
...     state = apply(state, bots[seat].choose(view(state, seat), rng))
>>> state.outcome
Outcome(totals=(47, 21, 31, 25), winners=(0,), target=30)

:func:`make_bot` and :func:`tell` are those of every game (:data:`BOT_FUNCTIONS`, a
:class:`~eighthalf.players.players.BotFunctions`) bound to :data:`BOTS`,
:func:`~eighthalf.eights.events_for` and :func:`~eighthalf.eights.view`: ``tell`` shows
each :class:`Observer` the events and view of its own seat only (WI1–WI4).

>>> make_bot("clever")
Traceback (most recent call last):
    ...
KeyError: "no Eights bot named 'clever'; choose from greedy, ismcts, prospect, random, search"
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Final, Protocol, runtime_checkable

import attrs

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.games.eights.cards import Card
from eighthalf.games.eights.engine import legal_moves, spellings
from eighthalf.games.eights.events import Event, events_for
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.moves import PASS, Move, Pass, Spell
from eighthalf.games.eights.prospect import prospect_exchange, prospect_spelling
from eighthalf.games.eights.state import GameState
from eighthalf.games.eights.views import PlayerView, unseen_cards, view
from eighthalf.games.eights.words import VALUES, WORDS
from eighthalf.players import bots as shared
from eighthalf.players import players
from eighthalf.players.bots import Policies
from eighthalf.players.players import BotFunctions, observes
from eighthalf.players.search import check_count, check_number

__all__ = [
    "BOTS",
    "LETTER_WORTH",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "Observer",
    "ProspectBot",
    "RandomBot",
    "SearchBot",
    "greedy_choice",
    "greedy_exchange",
    "greedy_move",
    "make_bot",
    "observes",
    "tell",
]


class Bot(players.Bot[PlayerView, Move], Protocol):
    """What a bot of Eights is: a name and a way to choose a move from a view.

    The shared protocol :class:`eighthalf.players.players.Bot` over Eights'
    :class:`~eighthalf.eights.PlayerView` and :data:`~eighthalf.eights.Move`: a ``name``
    and ``choose(seen, rng)``, which returns one of ``seen.legal_moves()``.
    """


@runtime_checkable
class Observer(players.Observer[Event, PlayerView], Protocol):
    """A bot of Eights that also wants to see every move, not only its own turns.

    The play loops (:func:`tell`) call ``observe(events, seen)`` after every move, the
    bot's own included, with the move's events as the bot's seat may see them
    (:func:`~eighthalf.eights.events_for`: drawn and exchanged cards hidden unless they
    are the seat's own, WI2, WI3, WP3) and the seat's view after the move. It is the
    shared :class:`eighthalf.players.players.Observer` over Eights' events and view.
    """


def _worth() -> dict[str, float]:
    worth: dict[str, float] = {}
    for word in WORDS:
        share = VALUES[word] / len(word)
        for letter in word.lower():
            worth[letter] = worth.get(letter, 0.0) + share
    return worth


LETTER_WORTH: Mapping[str, float] = MappingProxyType(_worth())
"""What a letter is worth to a hand, by the points it stands for (WT8): the sum, over the
words, of the word's value divided by its length for each time the letter occurs in it.
The ``e`` (in ONE, THREE twice, FIVE, SEVEN twice, EIGHT) is worth most, about 7.2; the
``w`` (only in TWO) least, about 0.67. Every letter of the deck (WS1) occurs in some word."""

_SIXTIETHS: dict[str, int] = {letter: round(worth * 60) for letter, worth in LETTER_WORTH.items()}
""":data:`LETTER_WORTH` in sixtieths, exact integers (the words have 3, 4 or 5 letters), so
that equal multisets of letters always sum to equal worths."""

_NEEDED: Mapping[str, int] = MappingProxyType(
    {letter: max(word.lower().count(letter) for word in WORDS) for letter in LETTER_WORTH}
)
"""The most copies of a letter that one word needs: 2 for ``e`` (THREE, SEVEN), 1 for the others."""


def _spent_worth(spell: Spell) -> int:
    worth = _SIXTIETHS
    return sum([worth[card.letter] for card in spell.hand]) + sum([worth[card.letter] for card in spell.replacements])


def _keep_worths(hand: tuple[Card, ...]) -> list[int]:
    """Each hand card's worth to the hand in sixtieths: :data:`LETTER_WORTH`, or 0 for a
    surplus copy of a letter (more copies than any word needs; the later copies in card order)."""
    copies: dict[str, int] = {}
    worths: list[int] = []
    for card in hand:
        letter = card.letter
        copies[letter] = copies.get(letter, 0) + 1
        worths.append(_SIXTIETHS[letter] if copies[letter] <= _NEEDED[letter] else 0)
    return worths


def _exchange_order(hand: tuple[Card, ...]) -> tuple[list[int], list[int]]:
    """The hand's places, the least worth first (equal worths in card order), and the worths."""
    worths = _keep_worths(hand)
    return sorted(range(len(hand)), key=lambda at: (worths[at], hand[at].key)), worths


def _exchange(hand: tuple[Card, ...], total: int, count: int, most: int) -> tuple[Card, ...]:
    """:func:`greedy_exchange` when the unseen cards are ``count`` cards worth ``total`` sixtieths."""
    if most <= 0 or count <= 0 or not hand:
        return ()
    order, worths = _exchange_order(hand)
    chosen = [at for at in order if worths[at] * count < total][:most]  # worth < the mean of a draw
    return tuple(hand[at] for at in sorted(chosen))


def greedy_exchange(hand: tuple[Card, ...], unseen: tuple[Card, ...], most: int) -> tuple[Card, ...]:
    """The cards :class:`GreedyBot` exchanges when it passes (WP1), in card order.

    A card is worth :data:`LETTER_WORTH` of its letter to the hand, except a surplus copy
    of a letter (beyond the most copies one word needs: two ``e``, one of any other
    letter), which is worth nothing. A card drawn in exchange is worth on average the
    mean :data:`LETTER_WORTH` of the ``unseen`` cards (those the player cannot see, which
    is where the stack's cards are). The bot exchanges every card worth less than that
    mean, the least worth first (equal worths in card order), but at most ``most`` cards
    (the stack's size, WP2); with nothing unseen or ``most`` at 0 it exchanges nothing.

    >>> from eighthalf.eights import parse_cards
    >>> hand = parse_cards("1e 1o 2e 3e 4w 5x 8w")
    >>> [str(card) for card in greedy_exchange(hand, parse_cards("1i 2i 3s 6e"), 5)]
    ['1o', '3e', '4w', '5x', '8w']
    >>> [str(card) for card in greedy_exchange(hand, parse_cards("1i 2i 3s 6e"), 2)]
    ['3e', '8w']
    """
    return _exchange(hand, sum([_SIXTIETHS[card.letter] for card in unseen]), len(unseen), most)


def _best_spelling(moves: Sequence[Move]) -> Spell | None:
    """The greedy spelling among ``moves`` (rules 1 to 3 of :class:`GreedyBot`), if there is one."""
    best: Spell | None = None
    best_value, best_spent = 0, 0
    for move in moves:
        if type(move) is Spell:
            value = VALUES[move.word]
            if value < best_value:
                continue
            spent = _spent_worth(move)
            if best is None or value > best_value or spent < best_spent:  # ties keep the first listed
                best, best_value, best_spent = move, value, spent
    return best


def greedy_choice(moves: tuple[Move, ...], hand: tuple[Card, ...], unseen: tuple[Card, ...], stack_size: int) -> Move:
    """The :class:`GreedyBot`'s pick among ``moves`` (non-empty, the legal moves of a seat
    holding ``hand`` that cannot see the ``unseen`` cards, with ``stack_size`` cards in
    the stack); see :class:`GreedyBot` for the rule.

    Raises:
        ValueError: If ``moves`` is empty.
    """
    if not moves:
        raise ValueError("no legal moves to choose from")
    best = _best_spelling(moves)
    if best is not None:
        return best
    wanted = greedy_exchange(hand, unseen, stack_size)
    for move in moves:
        if type(move) is Pass and move.exchange == wanted:
            return move
    return moves[0]  # not reached with the legal moves of the hand: they hold every exchange WP2 allows


def greedy_move(state: GameState, rng: random.Random | None = None) -> Move:
    """The move :class:`GreedyBot` makes in ``state`` (a game in progress), worked out from the
    full state without building a view: for play-outs and simulations. ``rng`` is never
    drawn from; it makes ``greedy_move`` a play-out policy of the shared search
    (:func:`eighthalf.players.search.roll_out`) as it stands.

    It reads only what the seat to move may see (its hand, the table, the stack's size, and
    the worth of the cards it cannot see), so it is the same move as
    ``GreedyBot().choose(view(state, seat), rng)``.
    """
    hand = state.hand
    seat = hand.to_move
    cards = hand.hands[seat]
    found = spellings(cards, hand.table)
    if found:
        best = _best_spelling(found)
        assert best is not None
        return best
    stack = hand.stack
    if not stack or not cards:
        return PASS
    worth = _SIXTIETHS
    total = count = 0
    for other, held in enumerate(hand.hands):
        if other != seat:
            total += sum([worth[card.letter] for card in held])
            count += len(held)
    for card, origin in zip(stack, hand.origins, strict=True):
        if origin != seat:
            total += worth[card.letter]
            count += 1
    exchange = _exchange(cards, total, count, len(stack))
    return Pass(exchange, False) if exchange else PASS


class RandomBot(shared.RandomBot[Move]):
    """Chooses uniformly among the legal moves (spellings and passes with every exchange
    alike): the random bot of every game, :class:`eighthalf.players.bots.RandomBot`."""


class GreedyBot:
    """A one-move-deep player with a fixed, documented rule; it never draws from the rng.

    1. It spells whenever it can, the word of the highest value (WT8).
    2. Among spellings of that word it keeps the best letters: it spends (from the hand,
       for letters and as replacing cards, WT4) the cards of the least total
       :data:`LETTER_WORTH`, which also puts the least useful letters on the table for
       the next players. Every spelling of one word spends as many hand cards (one per
       letter: the word's hand cards plus one replacing card per table card), so the
       count of cards spent decides nothing.
    3. Remaining ties go to the first spelling in the order of
       :func:`~eighthalf.eights.legal_moves`.
    4. When it cannot spell (or only passes are listed), it passes, exchanging the cards
       of :func:`greedy_exchange`: the cards worth less to the hand than a card drawn
       from the unseen cards is on average (surplus copies first), never more than the
       stack holds (WP2).

    With ``may_pass_freely`` (WR1) it still spells whenever a word can be spelled.
    """

    name = "greedy"

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The best legal move by the rule above.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves).
        """
        moves = players.moves_of(seen)  # a bot asked to move out of turn is a caller's mistake
        hand = seen.hand if seen.hand is not None else ()
        if type(moves[0]) is Pass and len(moves) > 1:  # nothing to spell, exchanges offered
            return greedy_choice(moves, hand, unseen_cards(seen), seen.stack_size)
        return greedy_choice(moves, hand, (), seen.stack_size)


def _candidates(seen: PlayerView, moves: tuple[Move, ...], limit: int) -> tuple[Move, ...]:
    """The moves :class:`SearchBot` compares, the greedy move first (see there)."""
    greedy = _best_spelling(moves)
    spells: list[Spell] = [move for move in moves if type(move) is Spell]
    chosen: list[Move] = []
    if spells:
        # The best spelling of each word by the greedy tie-break, the greedy one first,
        # then the other words from the highest value down, then second-best spellings.
        ranked = sorted(spells, key=lambda spell: (-VALUES[spell.word], _spent_worth(spell)))
        firsts: list[Move] = []
        seconds: list[Move] = []
        words: dict[str, int] = {}
        for spell in ranked:
            words[spell.word] = words.get(spell.word, 0) + 1
            if words[spell.word] == 1:
                firsts.append(spell)
            elif words[spell.word] == 2:
                seconds.append(spell)
        chosen = [*firsts, *seconds][:limit]
        assert greedy is not None and chosen[0] == greedy
    if type(moves[-1]) is Pass and len(chosen) < limit:  # passes are listed: none to spell, or WR1
        hand = seen.hand if seen.hand is not None else ()
        most = min(len(hand), seen.stack_size)
        order, _ = _exchange_order(hand)
        wanted = greedy_exchange(hand, unseen_cards(seen), most)
        exchanges = [tuple(sorted(hand[at] for at in order[:size])) for size in range(most + 1)]
        if not spells:
            chosen.append(Pass(wanted, False) if wanted else PASS)  # the greedy pass first
        for exchange in exchanges:
            move = Pass(exchange, False) if exchange else PASS
            if move not in chosen and len(chosen) < limit:
                chosen.append(move)
    return tuple(chosen)


def _root_candidates(
    seen: PlayerView, moves: tuple[Move, ...], rng: random.Random, *, limit: int
) -> tuple[tuple[Move, ...], int]:
    """The candidates of a decision (:func:`_candidates`), the greedy move first and kept unless beaten."""
    return _candidates(seen, moves, limit), 0


def _tree_moves(state: GameState, *, limit: int) -> tuple[Move, ...]:
    """The candidates of the seat to move in a full state, in the IS-MCTS tree."""
    return _candidates(view(state, state.hand.to_move), legal_moves(state), limit)


def _hand_end(seen: PlayerView) -> Callable[[GameState], bool]:
    """Whether a play-out has finished the hand of ``seen`` (the search plays out one hand)."""
    number = seen.number

    def ended(state: GameState) -> bool:
        return state.hand.number != number

    return ended


def _hand_score(seen: PlayerView) -> Callable[[GameState, int], float]:
    """A seat's points in the hand of ``seen`` minus the most points any other seat made in it (WH2)."""
    number = seen.number

    def score(state: GameState, seat: int) -> float:
        scores = state.hand_scores[number]
        return scores[seat] - max(points for other, points in enumerate(scores) if other != seat)

    return score


def _policies(candidates: int) -> Policies[GameState, Move, PlayerView]:
    """The policies of Eights' search bots (:class:`eighthalf.players.bots.Policies`), at most
    ``candidates`` moves weighed per decision: play-outs by :func:`greedy_move` (which
    draws nothing) to the end of the hand, the candidates of :class:`SearchBot`, and a
    seat's points in the hand minus the most any other seat made in it as the reward (WH2).
    """
    return Policies(
        playout=greedy_move,
        playout_draws=False,
        candidates=functools.partial(_root_candidates, limit=candidates),
        tree_moves=functools.partial(_tree_moves, limit=candidates),
        reward=_hand_score,
        until=_hand_end,
    )


class SearchBot(shared.SearchBot[GameState, Move, PlayerView]):
    """Determinized search, the search bot of every game
    (:class:`eighthalf.players.bots.SearchBot`) with Eights' policies.

    It deals the cards it cannot see into a full state that looks exactly like its view
    (:func:`~eighthalf.eights.sample_state`), makes each candidate move and plays the rest
    of the *hand* out with every seat following :func:`greedy_move` (the
    :class:`GreedyBot`), and scores a candidate by the seat's points in the hand *minus
    the most points any other seat made in it* (WH2): a word denied to the leader counts
    as much as a word of one's own. The play-outs draw no chance of their own, so every
    candidate is scored on the same deal; it plays the greedy move unless another
    candidate beat it on average by more than ``confidence`` standard errors of the
    paired differences.

    The candidates, at most ``candidates`` of them (the legal moves can run into the
    hundreds when every exchange of a pass is listed):

    * when it can spell: the greedy spelling first, then the best spelling (by the
      greedy tie-break) of every other word it can spell, from the highest value down,
      then the second-best spelling of each word;
    * when it must pass (or, under WR1, after the spellings): the greedy pass first, then
      the exchanges of the 0, 1, 2, … cards of the least worth to the hand (the order of
      :func:`greedy_exchange`), up to what the stack allows (WP2).

    Args:
        iterations: Sampled deals per decision.
        time_limit: Optional budget in seconds per decision; it makes the play depend on
            the machine's speed.
        candidates: The most moves compared per decision (at least 1; with 1 it plays
            the greedy move).
        confidence: How many standard errors a move must beat the greedy move by; 0
            plays the best mean.

    Raises:
        InvalidStateError: If ``iterations`` or ``candidates`` is not an integer of at
            least 1, or ``confidence`` or ``time_limit`` is not a non-negative number; the
            message names the setting.
    """

    name = "search"

    def __init__(
        self, iterations: int = 40, *, time_limit: float | None = None, candidates: int = 8, confidence: float = 1.0
    ) -> None:
        self.candidates = check_count("candidates", candidates, 1)
        shared.SearchBot.__init__(
            self, EIGHTS, _policies(candidates), iterations, time_limit=time_limit, horizon=None, confidence=confidence
        )


class ISMCTSBot(SearchBot, shared.ISMCTSBot[GameState, Move, PlayerView]):
    """Information-set Monte Carlo tree search (single observer), the IS-MCTS bot of every
    game (:class:`eighthalf.players.bots.ISMCTSBot`, as 8½'s :class:`eighthalf.bots.ISMCTSBot`)
    with :class:`SearchBot`'s deals, candidates, play-outs and scoring.

    Its tree's nodes are the bot's own decisions in the rest of the hand: at each it
    weighs the candidates :class:`SearchBot` would (the greedy move first) by UCB; the
    other seats play :func:`greedy_move` (with ``opponents="tree"`` they weigh their own
    candidates on their own rewards). The root is a race, as for 8½'s bot: a candidate
    that shows no edge over the greedy move after ``prune_after`` deals leaves it, and the
    greedy move is played unless another beat it by ``confidence`` standard errors. The
    defaults are not tuned by measurement.

    >>> import random
    >>> from eighthalf.eights import new_game, view
    >>> state = new_game(3, seed=4)
    >>> str(ISMCTSBot(iterations=20).choose(view(state, state.hand.to_move), random.Random(4)))
    'SEVEN 2n 3e 2v>2e 5s>5o 6e>6s'

    Args:
        iterations: Sampled deals per decision.
        time_limit: Optional budget in seconds per decision; it makes the play depend on
            the machine's speed.
        candidates: The most moves weighed per decision, at the root and in the tree.
        confidence: How many standard errors a move must beat the greedy move by; 0
            plays the best mean.
        exploration: The UCB constant, in points of a hand.
        opponents: ``"greedy"`` (the other seats play :func:`greedy_move`) or ``"tree"``.
        prune: How many standard errors of benefit of the doubt a candidate gets before
            it leaves the race; ``None`` never prunes.
        prune_after: How many deals every candidate gets before any leaves the race.

    Raises:
        InvalidStateError: If ``iterations``, ``candidates`` or ``prune_after`` is not an
            integer of at least 1, ``opponents`` is unknown, or ``confidence``,
            ``time_limit``, ``exploration`` or ``prune`` is not a non-negative number;
            the message names the setting.
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 60,
        *,
        time_limit: float | None = None,
        candidates: int = 8,
        confidence: float = 1.0,
        exploration: float = 4.0,
        opponents: str = "greedy",
        prune: float | None = 1.0,
        prune_after: int = 10,
    ) -> None:
        self.candidates = check_count("candidates", candidates, 1)
        shared.ISMCTSBot.__init__(
            self,
            EIGHTS,
            _policies(candidates),
            iterations,
            time_limit=time_limit,
            horizon=None,
            confidence=confidence,
            exploration=exploration,
            opponents=opponents,
            prune=prune,
            prune_after=prune_after,
        )


def _prospect_candidates(
    seen: PlayerView,
    moves: tuple[Move, ...],
    rng: random.Random,
    *,
    limit: int,
    own: float,
    deny: float,
    samples: int,
    exchange: bool | None,
) -> tuple[tuple[Move, ...], int]:
    """The candidates of :class:`ProspectBot`: :class:`SearchBot`'s, the prospect's spelling
    (or, when it must pass, the prospect's exchange) first and kept unless beaten."""
    chosen = _candidates(seen, moves, limit)
    spells = [move for move in moves if type(move) is Spell]
    weighs_exchanges = len(seen.hand_sizes) >= 3 if exchange is None else exchange
    first: Move
    if len(spells) >= 2:
        first = prospect_spelling(seen, spells, rng, own=own, deny=deny, samples=samples)
    elif not spells and len(moves) >= 2 and weighs_exchanges:  # it must pass, and may exchange (WP1, WP2)
        first = _prospect_pass(seen, rng, samples)
    else:  # one spelling, or a pass with nothing to exchange: the search's order stands
        return chosen, 0
    return (first, *[move for move in chosen if move != first])[:limit], 0


def _prospect_pass(seen: PlayerView, rng: random.Random, samples: int) -> Pass:
    """The pass of the prospect's exchange (:func:`~eighthalf.games.eights.prospect.prospect_exchange`),
    among the greedy exchange and the hand's cards in :func:`_exchange_order`'s order, from none
    to as many as the hand and the stack allow (WP2)."""
    hand = seen.hand if seen.hand is not None else ()
    order, _ = _exchange_order(hand)
    most = min(len(hand), seen.stack_size)
    exchanges = [greedy_exchange(hand, unseen_cards(seen), most)]
    exchanges += [tuple(sorted(hand[at] for at in order[:size])) for size in range(most + 1)]
    chosen = prospect_exchange(seen, exchanges, rng, samples=samples)
    return Pass(chosen, False) if chosen else PASS


class ProspectBot(SearchBot):
    """:class:`SearchBot`'s determinized search, started from the spelling of the best
    prospect (:func:`~eighthalf.games.eights.prospect.prospect_spelling`) instead of the greedy one.

    When it can spell two or more ways (WT1, WT7) it scores every legal spelling by the
    word's value (WT8), plus what it leaves itself (``own / (n - 1)`` times the best word
    it could then spell against the new table, WT5, with the cards it keeps and draws
    back, WT6), minus what it gives the others (``deny`` times the mean, over the other
    seats, of the best word each could spell against the new table), the best words
    estimated on ``samples`` random deals of the cards it cannot see (WI2, WI3). That
    spelling is its base move; it then weighs it against :class:`SearchBot`'s other
    candidates (the greedy spelling, the best spelling of each other word, …) by greedy
    play-outs to the end of the hand, on :class:`SearchBot`'s hand score (its points in
    the hand minus the most any other seat made, WH2), and keeps the base move unless
    another beat it by ``confidence`` standard errors. When it must pass and may exchange
    (WP1, WP2) at a table of three or more, its base move is the exchange of the best
    prospect (:func:`~eighthalf.games.eights.prospect.prospect_exchange`: the best word it could
    spell at its next turn once the other seats have spelled their highest words) among
    the greedy exchange and the exchanges of the 0, 1, 2, … cards of least worth to the
    hand (:func:`greedy_exchange`'s order), weighed against the other candidates in the
    same way; at two players it passes as :class:`SearchBot` does.

    On 27 November 2026 it won 63.4% (58.6–68.0%) of 400 games head to head with
    :class:`SearchBot` at two players; on the fair ladder of four it was level with
    :class:`SearchBot` (26.4% and 26.5% of 960 games). On 28 November 2026, with the
    prospect's exchange, it came first on both fair ladders of four over 1,920 games,
    narrowly clear: 29.0% (27.0–31.1%) against :class:`ISMCTSBot`'s 24.8% (22.9–26.8%),
    and 33.5% against 28.4% at a table it was not tuned against. On the deals the bot
    without the exchange had played, the built-in ladder's rate did not move (26.4%), so
    the lead owes more to the deals added than to the exchange (the bots page of the
    docs, ``docs/bots.rst``, has the tables and their caveats).

    >>> import random
    >>> from eighthalf.eights import new_game, view
    >>> state = new_game(2, seed=8)
    >>> str(ProspectBot(iterations=10).choose(view(state, 0), random.Random(8)))
    'THREE 4t 6h 1r>1i 5e>5f 8e>8i'

    Args:
        iterations: Sampled deals per decision (the search's).
        time_limit: Optional budget in seconds per decision for the search; it makes the
            play depend on the machine's speed.
        candidates: The most moves compared per decision (at least 1; with 1 it plays
            the prospect's spelling, or the greedy pass).
        confidence: How many standard errors a move must beat the base move by.
        own: The weight of the seat's own next word (divided by the other seats' number).
        deny: The weight of the other seats' best words.
        samples: Draws of the unseen cards per decision for the prospect.
        exchange: Whether a pass starts from the prospect's exchange: ``None`` (the
            default) at three players or more, where it was measured to help, not at two;
            ``True`` or ``False`` at every table size.

    Raises:
        InvalidStateError: If ``iterations``, ``candidates`` or ``samples`` is not an
            integer of at least 1, or ``confidence``, ``time_limit``, ``own`` or ``deny`` is
            not a non-negative number, or ``exchange`` is not ``None``, ``True`` or
            ``False``; the message names the setting.
    """

    name = "prospect"

    def __init__(
        self,
        iterations: int = 40,
        *,
        time_limit: float | None = None,
        candidates: int = 8,
        confidence: float = 1.0,
        own: float = 1.0,
        deny: float = 1.0,
        samples: int = 24,
        exchange: bool | None = None,
    ) -> None:
        self.candidates = check_count("candidates", candidates, 1)
        if exchange is not None and not isinstance(exchange, bool):
            raise InvalidStateError(f"exchange must be None, True or False, not {quote(exchange)}")
        self.exchange = exchange
        self.own = check_number("own", own)
        self.deny = check_number("deny", deny)
        self.samples = check_count("samples", samples, 1)
        policies = attrs.evolve(
            _policies(candidates),
            candidates=functools.partial(
                _prospect_candidates,
                limit=candidates,
                own=self.own,
                deny=self.deny,
                samples=self.samples,
                exchange=self.exchange,
            ),
        )
        shared.SearchBot.__init__(
            self, EIGHTS, policies, iterations, time_limit=time_limit, horizon=None, confidence=confidence
        )


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
    "ismcts": ISMCTSBot,
    "prospect": ProspectBot,
}
"""The built-in bots of Eights by name."""


BOT_FUNCTIONS: Final = BotFunctions[Bot, Event, GameState, PlayerView](
    BOTS, "Eights bot", events_for, view, path=f"{__name__}.BOT_FUNCTIONS"
)
"""The public bot functions of Eights, bound below by name (:class:`~eighthalf.players.players.BotFunctions`)."""

make_bot: Final = BOT_FUNCTIONS.make_bot
"""A new bot of Eights of the named kind (see :data:`BOTS` and the module text)."""

tell: Final = BOT_FUNCTIONS.tell
"""Show one move of Eights to every bot that observes (:class:`Observer`; see the module text)."""
