"""Player views of Eights (WI1–WI4): what one seat, or a spectator, may know of a game.

A :class:`PlayerView` is a type of its own, so the type checker refuses it where a full
:class:`~eighthalf.eights.GameState` is needed. It holds the table, every score pile and
score, the viewer's own hand and only the *sizes* of the other hands and of the stack
(WI1, WI2): :attr:`PlayerView.stack` says how many cards the stack holds, as 8½'s views
give the sizes of what is hidden, and :attr:`PlayerView.known_stack` the cards the viewer
put under it by a pass, which they know (WI3, WP3). Nothing in it depends on the seed
(WI4).

>>> from eighthalf.eights import new_game, legal_moves
>>> state = new_game(4, seed=7)
>>> mine = view(state, 0)
>>> len(mine.hand), mine.hand_sizes, mine.stack, mine.known_stack
(7, (7, 7, 7, 7), 28, ())
>>> mine.legal_moves() == legal_moves(state)
True

For bots that search, :func:`unseen_cards` is the multiset of cards the viewer cannot
see and :func:`sample_state` deals them out again at random into a full state that looks
exactly like the view (determinization).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import final

from eighthalf.core.errors import InvalidStateError, quote
from eighthalf.core.frozen import Frozen
from eighthalf.games.eights.cards import DECK, Card
from eighthalf.games.eights.engine import passes, spellings
from eighthalf.games.eights.moves import Move, Spell
from eighthalf.games.eights.options import Rules
from eighthalf.games.eights.state import GameState, HandState, Outcome
from eighthalf.games.eights.table_picture import Table, head, table_picture

__all__ = ["PlayerView", "sample_state", "unseen_cards", "view", "view_table"]


@final
class PlayerView(Frozen):
    """A game as seen by ``seat`` (or by a spectator when ``seat`` is ``None``) (WI1–WI4).

    The fields mirror :class:`~eighthalf.eights.HandState` and
    :class:`~eighthalf.eights.GameState`, without the seed and with hidden cards left out.
    """

    __slots__ = (
        "dealer",
        "hand",
        "hand_scores",
        "hand_sizes",
        "known_stack",
        "number",
        "origins",
        "outcome",
        "passes",
        "piles",
        "rules",
        "seat",
        "stack",
        "table",
        "to_move",
        "turns",
    )
    __match_args__ = (
        "seat",
        "rules",
        "number",
        "dealer",
        "table",
        "hand",
        "hand_sizes",
        "stack",
        "known_stack",
        "origins",
        "piles",
        "to_move",
        "passes",
        "turns",
        "hand_scores",
        "outcome",
    )

    seat: int | None
    """The viewer's seat, or ``None`` for a spectator."""
    rules: Rules
    """The options of the game."""
    number: int
    """Which hand of the game is in play, from 0."""
    dealer: int
    """The dealer of this hand."""
    table: tuple[Card, ...]
    """The table, ``table[suit - 1]`` (WI1)."""
    hand: tuple[Card, ...] | None
    """The viewer's own hand, in card order; ``None`` for a spectator (WI2)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (WI1)."""
    stack: int
    """How many cards the stack holds (WI1); which they are is hidden, but for :attr:`known_stack`."""
    known_stack: tuple[Card, ...]
    """The stack cards the viewer put under it by a pass, which they know (WI3, WP3), in
    draw order: they lie where :attr:`origins` names the viewer's seat (``()`` for a spectator)."""
    origins: tuple[int, ...]
    """Who put each stack card there (a seat, or -1 for dealt), which everybody saw (WP3)."""
    piles: tuple[tuple[Spell, ...], ...]
    """Every seat's score pile: the spellings made in this hand (WI1)."""
    to_move: int
    """The seat whose turn it is."""
    passes: int
    """How many passes in a row have just been made (WH1, WI1)."""
    turns: int
    """How many turns have been played in this hand (WH3)."""
    hand_scores: tuple[tuple[int, ...], ...]
    """Each finished hand's scores (WH2)."""
    outcome: Outcome | None
    """How the game ended, once it is over (WG3)."""

    def __init__(
        self,
        seat: int | None,
        rules: Rules,
        number: int,
        dealer: int,
        table: tuple[Card, ...],
        hand: tuple[Card, ...] | None,
        hand_sizes: tuple[int, ...],
        stack: int,
        known_stack: tuple[Card, ...],
        origins: tuple[int, ...],
        piles: tuple[tuple[Spell, ...], ...],
        to_move: int,
        passes: int,
        turns: int,
        hand_scores: tuple[tuple[int, ...], ...],
        outcome: Outcome | None,
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "hand_sizes", hand_sizes)
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "known_stack", known_stack)
        object.__setattr__(self, "origins", origins)
        object.__setattr__(self, "piles", piles)
        object.__setattr__(self, "to_move", to_move)
        object.__setattr__(self, "passes", passes)
        object.__setattr__(self, "turns", turns)
        object.__setattr__(self, "hand_scores", hand_scores)
        object.__setattr__(self, "outcome", outcome)

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hand_sizes)

    @property
    def stack_size(self) -> int:
        """How many cards the stack holds (WI1): :attr:`stack`."""
        return self.stack

    @property
    def over(self) -> bool:
        """True once the game has ended (WG3)."""
        return self.outcome is not None

    @property
    def my_turn(self) -> bool:
        """True if the game goes on and it is the viewer's turn."""
        return self.outcome is None and self.seat == self.to_move

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points in this hand (WH2)."""
        return tuple(sum(spell.value for spell in pile) for pile in self.piles)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points from the finished hands (WG1)."""
        return tuple(sum(scores[seat] for scores in self.hand_scores) for seat in range(len(self.hand_sizes)))

    @property
    def target(self) -> int:
        """The points that end the game (WG1, WR2)."""
        return self.rules.target_for(len(self.hand_sizes))

    def __str__(self) -> str:
        """The table as the view shows it, in a few lines: the hand and turn (or the winners),
        the table and the stack, then one line per seat with its total, its points in this
        hand, its hand size and its words; the viewer's own hand face up (a spectator sees
        none). ``repr`` gives every field exactly.

        >>> from eighthalf.eights import new_game
        >>> print(view(new_game(2, seed=3), 1))
        hand 1, turn 1, seat 0 to move, passes 0, target 50
        table 1o 2i 3n 4e 5e 6s 7u 8i, stack 40
        seat 0: total 0, this hand 0, hand 8, words (none)
        seat 1: total 0, this hand 0, hand 8 [1e 3g 3i 3t 4h 5t 6e 6h], words (none)
        """
        outcome = self.outcome
        if outcome is not None:
            winners = ", ".join(map(str, outcome.winners))
            first = f"hand {self.number + 1}, game over: winners {winners}, target {self.target}"
        else:
            first = (
                f"hand {self.number + 1}, turn {self.turns + 1}, seat {self.to_move} to move, "
                f"passes {self.passes}, target {self.target}"
            )
        lines = [first, f"table {' '.join(map(str, self.table))}, stack {self.stack_size}"]
        scores, totals = self.scores, self.totals
        for seat, size in enumerate(self.hand_sizes):
            cards = f" [{' '.join(map(str, self.hand))}]" if seat == self.seat and self.hand is not None else ""
            words = "; ".join(map(str, self.piles[seat])) or "(none)"
            lines.append(
                f"seat {seat}: total {totals[seat]}, this hand {scores[seat]}, hand {size}{cards}, words {words}"
            )
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The table as a picture of what the view shows, for a notebook's display: the other
        hands face down (:mod:`eighthalf.games.eights.table_picture`)."""
        return table_picture(view_table(self))

    def legal_moves(self) -> tuple[Move, ...]:
        """The viewer's legal moves when it is their turn, else ``()``; they equal
        :func:`~eighthalf.eights.legal_moves` of the full state."""
        if not self.my_turn or self.hand is None:
            return ()
        found: tuple[Move, ...] = spellings(self.hand, self.table)
        if found and not self.rules.may_pass_freely:
            return found
        return found + passes(self.hand, self.stack)


def view_table(seen: PlayerView, names: Sequence[str] = ()) -> Table:
    """What a picture of ``seen`` shows: what the view holds, the other hands as their sizes only."""
    outcome = seen.outcome
    winners = outcome.winners if outcome is not None else None
    return Table(
        head(seen.number, seen.turns, seen.to_move, seen.passes, seen.target, winners, names),
        seen.table,
        seen.stack,
        seen.known_stack,
        tuple(seen.hand if seat == seen.seat else None for seat in range(seen.players)),
        seen.hand_sizes,
        seen.totals,
        seen.scores,
        seen.piles,
        None if outcome is not None else seen.to_move,
        tuple(names),
    )


def view(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know of ``state`` (WI1–WI4); ``seat=None`` for a spectator.

    Raises:
        InvalidStateError: If ``state`` is not a :class:`~eighthalf.eights.GameState`, or
            ``seat`` is neither an int nor ``None`` (a bool is not a seat).
        IndexError: If ``seat`` is not a seat of the game.
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"view needs an eighthalf.eights.GameState, not {quote(state)}")
    hand = state.hand
    if seat is not None:
        if type(seat) is not int:
            raise InvalidStateError(f"a seat is an int (or None for a spectator), not {quote(seat)}")
        if not 0 <= seat < len(hand.hands):
            raise IndexError(f"seat {quote(seat)} is not at this table of {len(hand.hands)}")
    known = (
        ()
        if seat is None
        else tuple(card for card, origin in zip(hand.stack, hand.origins, strict=True) if origin == seat)
    )
    return PlayerView(
        seat,
        state.rules,
        hand.number,
        hand.dealer,
        hand.table,
        None if seat is None else hand.hands[seat],
        tuple(len(cards) for cards in hand.hands),
        len(hand.stack),
        known,
        hand.origins,
        hand.piles,
        hand.to_move,
        hand.passes,
        hand.turns,
        state.hand_scores,
        state.outcome,
    )


def unseen_cards(seen: PlayerView) -> tuple[Card, ...]:
    """The multiset of cards the viewer cannot see, in card order: the other hands and the
    stack cards they do not know.

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`PlayerView`, or shows more copies
            of a card than the deck has (WS1).
    """
    if not isinstance(seen, PlayerView):
        raise InvalidStateError(f"unseen_cards needs an eighthalf.eights.PlayerView, not {quote(seen)}")
    visible: Counter[Card] = Counter(seen.table)
    if seen.hand is not None:
        visible.update(seen.hand)
    visible.update(seen.known_stack)
    for pile in seen.piles:
        for spell in pile:
            visible.update(spell.cards)
    left: list[Card] = []
    for card in DECK:  # in card order, equal cards side by side
        if visible[card] > 0:
            visible[card] -= 1
        else:
            left.append(card)
    extra = +visible
    if extra:
        card = min(extra)
        raise InvalidStateError(f"the view shows more {card} cards than the deck's {DECK.count(card)} (WS1)")
    return tuple(left)


def sample_state(seen: PlayerView, rng: random.Random) -> GameState:
    """A full state that the viewer cannot tell from the real one (determinization).

    The unseen cards are shuffled with ``rng`` and dealt into the other hands and the
    unknown places of the stack, sized as the view says; the seed, which nobody sees
    (WI4), is drawn from ``rng`` too. So ``view(sample_state(v, rng), v.seat) == v``.

    Raises:
        InvalidStateError: If ``seen`` is not a :class:`~eighthalf.eights.PlayerView` (a full
            :class:`~eighthalf.eights.GameState` is not one), ``rng`` is not a
            :class:`random.Random`, or the view's cards cannot be those of the deck (WS1):
            more copies of a card than it has, or not as many unseen cards as the hidden
            places it shows; or its stack, origins and known stack cards disagree (WI3, WP3).
    """
    if not isinstance(rng, random.Random):
        raise InvalidStateError(f"sample_state needs a random.Random, not {quote(rng)}")
    cards = list(unseen_cards(seen))
    mine = [seen.seat is not None and origin == seen.seat for origin in seen.origins]
    if len(mine) != seen.stack or sum(mine) != len(seen.known_stack):
        raise InvalidStateError(
            f"the view's stack of {quote(seen.stack)} cards, its {len(mine)} origins and its "
            f"{len(seen.known_stack)} known stack cards disagree: not a view of a game (WI3, WP3)"
        )
    hidden = sum(size for index, size in enumerate(seen.hand_sizes) if index != seen.seat or seen.hand is None)
    hidden += seen.stack - len(seen.known_stack)
    if hidden != len(cards):
        raise InvalidStateError(
            f"the view hides {hidden} card(s) but {len(cards)} of the deck's are unseen: not a view of a game (WS1)"
        )
    rng.shuffle(cards)
    at = 0
    hands: list[tuple[Card, ...]] = []
    for index, size in enumerate(seen.hand_sizes):
        if index == seen.seat and seen.hand is not None:
            hands.append(seen.hand)
        else:
            hands.append(tuple(sorted(cards[at : at + size])))
            at += size
    stack: list[Card] = []
    known = iter(seen.known_stack)
    for placed in mine:
        if placed:
            stack.append(next(known))
        else:
            stack.append(cards[at])
            at += 1
    hand = HandState(
        seen.number,
        seen.dealer,
        seen.table,
        tuple(hands),
        tuple(stack),
        seen.origins,
        seen.piles,
        seen.to_move,
        seen.passes,
        seen.turns,
    )
    return GameState(seen.rules, rng.getrandbits(64), hand, seen.hand_scores, seen.outcome)
