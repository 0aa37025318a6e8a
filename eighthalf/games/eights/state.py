"""The state of a game of Eights: the current :class:`HandState` inside a :class:`GameState`.

Everything is frozen and slotted, on :class:`~eighthalf.core.value.Value` as 8½'s
states are, and mypyc compiles the classes to native classes in the compiled build. States share whatever did not change with their parent (the rules, the
other hands, the score piles), so keeping many successors in memory is cheap.

Build states with :func:`~eighthalf.eights.new_game`, :func:`~eighthalf.eights.apply`
or the validating :func:`~eighthalf.eights.position`; the class constructors themselves
check nothing.

Where the cards are (64 in all, WS1): :attr:`HandState.table` (8), the
:attr:`HandState.hands`, the :attr:`HandState.stack` and the score piles
(:attr:`HandState.piles`, the cards of every spelling made in the hand).
"""

from __future__ import annotations

from typing import Final, final

from eighthalf.core.value import Value, slot_setters
from eighthalf.games.eights.cards import Card
from eighthalf.games.eights.moves import Spell
from eighthalf.games.eights.options import Rules
from eighthalf.games.eights.table_picture import state_table, table_picture

__all__ = ["DEALT", "GameState", "HandState", "Outcome"]

_PURE: Final = __file__.endswith(".py")
"""True when this module runs as Python source, false when mypyc compiled it: the
constructors set their slots through the slots' own descriptors in the pure build and
through ``object.__setattr__`` (a direct store) in the compiled one (see
:func:`~eighthalf.core.value.slot_setters`)."""

DEALT = -1
"""The origin of a stack card that was dealt there, not put under it by a pass (see
:attr:`HandState.origins`)."""


@final
class HandState(Value):
    """One hand of the game (WS3–WH3): the table, the hands, the stack and the score piles."""

    __slots__ = ("dealer", "hands", "number", "origins", "passes", "piles", "stack", "table", "to_move", "turns")
    __match_args__ = ("number", "dealer", "table", "hands", "stack", "origins", "piles", "to_move", "passes", "turns")

    number: int
    """Which hand of the game this is, from 0 (WG1)."""
    dealer: int
    """The dealer's seat (WS2, WG2); the seat after it played first."""
    table: tuple[Card, ...]
    """The 8 face-up table cards, one of each suit: ``table[suit - 1]`` (WS3, WT4)."""
    hands: tuple[tuple[Card, ...], ...]
    """Every seat's hand, in card order (a hand has no order). Only the owner sees it (WI2)."""
    stack: tuple[Card, ...]
    """The face-down stack, in draw order: ``stack[0]`` is drawn next (WS4). Nobody sees
    its order (WI3)."""
    origins: tuple[int, ...]
    """Who put each stack card there, aligned with :attr:`stack`: the passing seat
    (WP1), or :data:`DEALT` for a card dealt into the stack. Everybody knows which
    places were filled by whose pass; only the passer knows the cards (WP3)."""
    piles: tuple[tuple[Spell, ...], ...]
    """Every seat's score pile: the spellings it made in this hand, in order (WT5, WI1)."""
    to_move: int
    """The seat whose turn it is (WS2)."""
    passes: int
    """How many passes in a row have just been made (WH1)."""
    turns: int
    """How many turns have been played in this hand (WH3)."""

    def __init__(
        self,
        number: int,
        dealer: int,
        table: tuple[Card, ...],
        hands: tuple[tuple[Card, ...], ...],
        stack: tuple[Card, ...],
        origins: tuple[int, ...],
        piles: tuple[tuple[Spell, ...], ...],
        to_move: int,
        passes: int = 0,
        turns: int = 0,
    ) -> None:
        if _PURE:  # the slots' own setters: the fastest way in CPython (see _PURE)
            _set_number(self, number)
            _set_dealer(self, dealer)
            _set_table(self, table)
            _set_hands(self, hands)
            _set_stack(self, stack)
            _set_origins(self, origins)
            _set_piles(self, piles)
            _set_to_move(self, to_move)
            _set_passes(self, passes)
            _set_turns(self, turns)
        else:  # what mypyc compiles to a direct store
            object.__setattr__(self, "number", number)
            object.__setattr__(self, "dealer", dealer)
            object.__setattr__(self, "table", table)
            object.__setattr__(self, "hands", hands)
            object.__setattr__(self, "stack", stack)
            object.__setattr__(self, "origins", origins)
            object.__setattr__(self, "piles", piles)
            object.__setattr__(self, "to_move", to_move)
            object.__setattr__(self, "passes", passes)
            object.__setattr__(self, "turns", turns)

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def first(self) -> int:
        """The seat that played first in this hand: the dealer's next (WS2, WG2)."""
        return (self.dealer + 1) % len(self.hands)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points in this hand: the sum of its words' values (WH2, WT8)."""
        return tuple(sum(spell.value for spell in pile) for pile in self.piles)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (WI1)."""
        return tuple(len(hand) for hand in self.hands)

    def pile_cards(self, seat: int) -> tuple[Card, ...]:
        """Every card in ``seat``'s score pile, spelling by spelling (WT5).

        Raises:
            IndexError: If ``seat`` is not a seat of the game.
        """
        return tuple(card for spell in self.piles[seat] for card in spell.cards)


(
    _set_number,
    _set_dealer,
    _set_table,
    _set_hands,
    _set_stack,
    _set_origins,
    _set_piles,
    _set_to_move,
    _set_passes,
    _set_turns,
) = slot_setters(HandState, HandState.__match_args__)


@final
class Outcome(Value):
    """How a game ended (WG3): the totals and the winner or winners."""

    __slots__ = ("target", "totals", "winners")
    __match_args__ = ("totals", "winners", "target")

    totals: tuple[int, ...]
    """Each seat's points over the whole game (WG1)."""
    winners: tuple[int, ...]
    """The seat or seats with the highest total, in seat order (tied totals share, WG3)."""
    target: int
    """The target that was reached (WG1, WR2)."""

    def __init__(self, totals: tuple[int, ...], winners: tuple[int, ...], target: int) -> None:
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "target", target)

    @classmethod
    def of(cls, totals: tuple[int, ...], target: int) -> Outcome:
        """The outcome of a game that ended with these totals (WG3).

        >>> Outcome.of((31, 12, 31, 5), 30)
        Outcome(totals=(31, 12, 31, 5), winners=(0, 2), target=30)
        """
        best = max(totals)
        return cls(totals, tuple(seat for seat, total in enumerate(totals) if total == best), target)


@final
class GameState(Value):
    """A position of a game of Eights: the rules, the seed, the hand in play and the scores so far.

    :func:`~eighthalf.eights.apply` plays the game through: when a hand ends (WH1,
    WH3) and nobody has reached the target, the next hand is dealt at once (WG2); when
    somebody has, the game is over (WG3) and :attr:`hand` stays as the last hand ended.

    The constructor takes the fields in this order, by position or by keyword, and
    checks nothing (see :func:`~eighthalf.eights.position` for a validated position).
    """

    __slots__ = ("hand", "hand_scores", "outcome", "rules", "seed")
    __match_args__ = ("rules", "seed", "hand", "hand_scores", "outcome")

    rules: Rules
    """The options of the game."""
    seed: int
    """The seed every shuffle of the game is drawn from (WS5). Secret from every player
    (WI4): views leave it out."""
    hand: HandState
    """The hand in play (or, once the game is over, the last hand)."""
    hand_scores: tuple[tuple[int, ...], ...]
    """Each finished hand's scores, seat by seat, in order (WH2)."""
    outcome: Outcome | None
    """How the game ended, once it is over (WG3); ``None`` while it goes on."""

    def __init__(
        self,
        rules: Rules,
        seed: int,
        hand: HandState,
        hand_scores: tuple[tuple[int, ...], ...] = (),
        outcome: Outcome | None = None,
    ) -> None:
        if _PURE:  # the slots' own setters: the fastest way in CPython (see _PURE)
            _set_rules(self, rules)
            _set_seed(self, seed)
            _set_hand(self, hand)
            _set_hand_scores(self, hand_scores)
            _set_outcome(self, outcome)
        else:  # what mypyc compiles to a direct store
            object.__setattr__(self, "rules", rules)
            object.__setattr__(self, "seed", seed)
            object.__setattr__(self, "hand", hand)
            object.__setattr__(self, "hand_scores", hand_scores)
            object.__setattr__(self, "outcome", outcome)

    @property
    def players(self) -> int:
        """The number of seats (WS2)."""
        return len(self.hand.hands)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is. Once the game is over it no longer means anything."""
        return self.hand.to_move

    @property
    def over(self) -> bool:
        """True once the game has ended (WG3)."""
        return self.outcome is not None

    @property
    def target(self) -> int:
        """The points that end the game (WG1, WR2)."""
        return self.rules.target_for(len(self.hand.hands))

    @property
    def full_hand(self) -> int:
        """The hand size players draw back to (WS4)."""
        return self.rules.hand_size(len(self.hand.hands))

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points from the finished hands (WG1); the hand in play is not counted
        until it ends (see :attr:`HandState.scores`)."""
        totals = [0] * len(self.hand.hands)
        for scores in self.hand_scores:
            for seat, points in enumerate(scores):
                totals[seat] += points
        return tuple(totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner or winners once the game is over (WG3), else ``()``."""
        return () if self.outcome is None else self.outcome.winners

    def __str__(self) -> str:
        """The game in a few readable lines, every hand face up (:func:`eighthalf.games.eights.text.state_text`);
        ``repr`` gives every field exactly."""
        return state_lines(self)

    def _repr_svg_(self) -> str:
        """The game as a picture, every hand face up, for a notebook's display
        (:mod:`eighthalf.games.eights.table_picture`; ``eighthalf.pictures``)."""
        return table_picture(state_table(self))


def state_lines(state: GameState) -> str:
    """The game in a few lines, every hand face up: what ``str(state)`` and
    :func:`eighthalf.games.eights.text.state_text` give (drawn here, in the state's own module,
    so that the state needs no module above it)."""
    hand = state.hand
    outcome = state.outcome
    if outcome is not None:
        head = (
            f"hand {hand.number + 1}, game over: winner{'s' if len(outcome.winners) > 1 else ''} "
            f"{', '.join(map(str, outcome.winners))}, target {outcome.target}"
        )
    else:
        head = (
            f"hand {hand.number + 1}, turn {hand.turns + 1}, seat {hand.to_move} to move, "
            f"passes {hand.passes}, target {state.target}"
        )
    lines = [head, f"table {' '.join(map(str, hand.table))}, stack {len(hand.stack)}"]
    totals = state.totals
    scores = hand.scores
    which = "last hand" if outcome is not None else "this hand"  # once over, the totals count the last hand
    for seat, cards in enumerate(hand.hands):
        words = "; ".join(map(str, hand.piles[seat])) or "(none)"
        lines.append(
            f"seat {seat}: total {totals[seat]}, {which} {scores[seat]}, "
            f"hand {len(cards)} [{' '.join(map(str, cards))}], words {words}"
        )
    return "\n".join(lines)


_set_rules, _set_seed, _set_hand, _set_hand_scores, _set_outcome = slot_setters(GameState, GameState.__match_args__)
