"""The rules of Shedding, a tiny game of matching cards (SH1–SH8), as pure functions on frozen values.

- SH1: 24 cards, ranks 1 to 6 in the suits c, d, h, s; a card is written rank then suit (``3h``).
- SH2: 2 to 4 players; each is dealt ``hand_size`` cards (3 to 5, default 5) from a deck shuffled
  by the seed, one card starts the pile face up, the rest is the stock, face down. Seat 0 starts.
- SH3: a player plays only a card of their own hand.
- SH4: the card played matches the top of the pile in suit or in rank.
- SH5: instead, a player may draw the top card of the stock while it lasts; the turn passes.
- SH6: a player who can neither play nor draw passes.
- SH7: the game ends when a hand is empty, when every player passed in a row, or after
  ``move_limit`` moves if the rules set one.
- SH8: the winners hold the fewest cards; each scores the cards left in the other hands.

Others see a hand as its size and the stock as its size (the seed too is secret); a card
drawn is told only to its drawer.

>>> state = start(2, seed=1)
>>> [move_text(move) for move in legal_moves(state)]
['2s', '6s', 'draw']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from eighthalf.core.game import Result
from eighthalf.core.shuffle import check_seed, fresh_seed, seed_bytes, seeded_shuffle
from eighthalf.errors import IllegalMoveError, InvalidStateError, ParseError, quote

SUITS: Final = "cdhs"
DECK: Final = tuple(f"{rank}{suit}" for suit in SUITS for rank in "123456")
"""The 24 cards (SH1), in the order a hand keeps them."""
_ORDER: Final = {card: index for index, card in enumerate(DECK)}


def _hand(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_ORDER.__getitem__))


@attrs.frozen
class Rules:
    """The table's options: the size of a hand (SH2) and a move limit (SH7), if any."""

    hand_size: int = 5
    """Cards dealt to each player, 3 to 5 (SH2)."""
    move_limit: int | None = None
    """The most moves of a game (SH7), or ``None``."""

    def __attrs_post_init__(self) -> None:
        if type(self.hand_size) is not int or not 3 <= self.hand_size <= 5:
            raise InvalidStateError(f"hand_size must be an int from 3 to 5, not {quote(self.hand_size)} (SH2)")
        if self.move_limit is not None and (type(self.move_limit) is not int or not 1 <= self.move_limit < 2**53):
            raise InvalidStateError(f"move_limit must be None or an int from 1, not {quote(self.move_limit)} (SH7)")


@attrs.frozen
class Play:
    """Play a card of the hand on the pile (SH3, SH4)."""

    card: str

    def __str__(self) -> str:
        return self.card


@attrs.frozen
class Draw:
    """Draw the top card of the stock (SH5)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """Pass, with no card to play and no stock to draw from (SH6)."""

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = Play | Draw | Pass
"""A move of Shedding."""


@attrs.frozen
class GameState:
    """A whole game: every hand, the stock (top first), the pile (top last) and the seed."""

    players: int
    seed: int
    rules: Rules
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    pile: tuple[str, ...]
    turn: int
    """The seat whose turn it is (the next seat once the game is over)."""
    moves: int = 0
    passes: int = 0
    """Passes in a row (SH7)."""


@attrs.frozen
class PlayerView:
    """What one seat (``None``: a spectator) knows: its own hand, every hand's size, the pile, the stock's size."""

    players: int
    seat: int | None
    rules: Rules
    hand: tuple[str, ...]
    counts: tuple[int, ...]
    pile: tuple[str, ...]
    stock: int
    turn: int
    moves: int
    passes: int

    @property
    def over(self) -> bool:
        """Whether the game is over (SH7): all of it is public."""
        return _over(self.counts, self.passes, self.players, self.moves, self.rules)

    def legal_moves(self) -> tuple[Move, ...]:
        """The viewer's legal moves: none unless it is their turn."""
        if self.over or self.seat != self.turn:
            return ()
        return _legal(self.hand, self.pile[-1], self.stock)


@attrs.frozen
class Played:
    """``seat`` played ``card``."""

    seat: int
    card: str


@attrs.frozen
class Drew:
    """``seat`` drew a card: ``card`` for the drawer, ``None`` for the others."""

    seat: int
    card: str | None


@attrs.frozen
class Passed:
    """``seat`` passed."""

    seat: int


@attrs.frozen
class GameOver:
    """The game ended (SH7) with these scores and winners (SH8)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event: TypeAlias = Played | Drew | Passed | GameOver
"""An event of Shedding."""
EVENTS: Final = (Played, Drew, Passed, GameOver)


def start(players: int, *, seed: int | None = None, rules: Rules | None = None) -> GameState:
    """Deal a game from ``seed`` (SH2)."""
    rules = Rules() if rules is None else rules
    if type(rules) is not Rules:
        raise InvalidStateError(f"rules must be a shedding Rules, not {quote(rules)}")
    if type(players) is not int or not 2 <= players <= 4:
        raise InvalidStateError(f"players must be an int from 2 to 4, not {quote(players)} (SH2)")
    seed = fresh_seed() if seed is None else check_seed(seed)
    cards = seeded_shuffle(DECK, b"shedding-v1:" + seed_bytes(seed))
    size = rules.hand_size
    hands = tuple(_hand(cards[seat * size : (seat + 1) * size]) for seat in range(players))
    rest = cards[players * size :]
    return GameState(players, seed, rules, hands, rest[1:], rest[:1], 0)


def _over(counts: Sequence[int], passes: int, players: int, moves: int, rules: Rules) -> bool:
    return 0 in counts or passes >= players or (rules.move_limit is not None and moves >= rules.move_limit)


def over(state: GameState) -> bool:
    """Whether the game is over (SH7)."""
    return _over([len(hand) for hand in state.hands], state.passes, state.players, state.moves, state.rules)


def _matches(card: str, top: str) -> bool:
    return card[0] == top[0] or card[1] == top[1]


def _legal(hand: tuple[str, ...], top: str, stock: int) -> tuple[Move, ...]:
    plays: tuple[Move, ...] = tuple(Play(card) for card in hand if _matches(card, top))
    if stock:
        return (*plays, Draw())
    return plays or (Pass(),)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The plays in hand order, then ``draw``, or else ``pass``; ``()`` once over."""
    if over(state):
        return ()
    return _legal(state.hands[state.turn], state.pile[-1], len(state.stock))


def to_move(state: GameState) -> int | None:
    """The seat to move, ``None`` once over."""
    return None if over(state) else state.turn


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``, checked (SH3–SH7)."""
    if type(state) is not GameState:
        raise InvalidStateError(f"not a state of Shedding: {quote(state)}")
    if move not in legal_moves(state):
        raise _illegal(state, move)
    return apply_unchecked(state, move)


def _illegal(state: GameState, move: object) -> IllegalMoveError:
    shown = str(move) if type(move) in (Play, Draw, Pass) else quote(move)
    if type(move) not in (Play, Draw, Pass):
        return IllegalMoveError(shown, "not a move of Shedding", "SH3")
    if over(state):
        return IllegalMoveError(shown, "the game is over", "SH7")
    if type(move) is Play:
        if move.card not in state.hands[state.turn]:
            return IllegalMoveError(shown, "the card is not in your hand", "SH3")
        return IllegalMoveError(
            shown, f"the card matches the top card {state.pile[-1]} in neither suit nor rank", "SH4"
        )
    if type(move) is Draw:
        return IllegalMoveError(shown, "the stock is empty", "SH5")
    return IllegalMoveError(shown, "a player who can play or draw may not pass", "SH6")


def apply_unchecked(state: GameState, move: Move) -> GameState:
    """The state after a legal ``move``."""
    seat, hands = state.turn, list(state.hands)
    stock, pile, passes = state.stock, state.pile, 0
    if type(move) is Play:
        hands[seat] = tuple(card for card in hands[seat] if card != move.card)
        pile = (*pile, move.card)
    elif type(move) is Draw:
        hands[seat] = _hand((*hands[seat], stock[0]))
        stock = stock[1:]
    else:
        passes = state.passes + 1
    turn = (seat + 1) % state.players
    return attrs.evolve(
        state, hands=tuple(hands), stock=stock, pile=pile, turn=turn, moves=state.moves + 1, passes=passes
    )


def _result(counts: Sequence[int]) -> Result:
    fewest = min(counts)
    winners = tuple(seat for seat, count in enumerate(counts) if count == fewest)
    left = sum(count for seat, count in enumerate(counts) if seat not in winners)
    return Result(tuple(left if seat in winners else 0 for seat in range(len(counts))), winners)


def result(state: GameState) -> Result | None:
    """The fewest cards win, scoring the others' cards (SH8), once over."""
    return _result([len(hand) for hand in state.hands]) if over(state) else None


def view(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know of ``state``."""
    if type(state) is not GameState:
        raise InvalidStateError(f"not a state of Shedding: {quote(state)}")
    if seat is not None and type(seat) is not int:
        raise InvalidStateError(f"a seat is an int or None, not {quote(seat)}")
    hand = () if seat is None else state.hands[seat]  # an int that is no seat: IndexError
    if seat is not None and seat < 0:
        raise IndexError(f"no seat {seat}")
    counts = tuple(len(cards) for cards in state.hands)
    return PlayerView(
        state.players, seat, state.rules, hand, counts, state.pile, len(state.stock), state.turn, state.moves,
        state.passes,
    )  # fmt: skip


def sample_state(seen: PlayerView, rng: random.Random) -> GameState:
    """A state with the view ``seen``: the cards it hides dealt at random, the seed drawn anew."""
    if type(seen) is not PlayerView:
        raise InvalidStateError(f"not a view of Shedding: {quote(seen)}")
    hidden = [card for card in DECK if card not in seen.pile and card not in seen.hand]
    rng.shuffle(hidden)
    hands = []
    for seat, count in enumerate(seen.counts):
        if seat == seen.seat:
            hands.append(seen.hand)
        else:
            hands.append(_hand(hidden[:count]))
            del hidden[:count]
    return GameState(
        seen.players, rng.getrandbits(64), seen.rules, tuple(hands), tuple(hidden), seen.pile, seen.turn, seen.moves,
        seen.passes,
    )  # fmt: skip


def describe(before: GameState, move: Move, after: GameState) -> tuple[Event, ...]:
    """The full events of ``move``: the card drawn included."""
    seat = before.turn
    event: Event = Passed(seat)
    if type(move) is Play:
        event = Played(seat, move.card)
    elif type(move) is Draw:
        event = Drew(seat, before.stock[0])
    done = result(after)
    return (event,) if done is None else (event, GameOver(done.scores, done.winners))


def events_for(events: Sequence[Event], seat: int | None) -> tuple[Event, ...]:
    """What ``seat`` may see of ``events``: a card drawn by another seat hidden."""
    if not isinstance(events, (list, tuple)) or not all(type(event) in EVENTS for event in events):
        raise InvalidStateError(f"expected a sequence of events of Shedding, not {quote(events)}")
    if seat is not None and type(seat) is not int:
        raise InvalidStateError(f"a seat is an int or None, not {quote(seat)}")
    return tuple(Drew(event.seat, None) if type(event) is Drew and event.seat != seat else event for event in events)


def move_text(move: Move) -> str:
    """The notation: the card (``3h``), ``draw`` or ``pass``."""
    return str(move)


def parse_move(text: str) -> Move:
    """The move written ``text``."""
    if type(text) is not str:
        raise ParseError(f"a move is written as text, not {quote(text)}")
    if text in _ORDER:
        return Play(text)
    if text in ("draw", "pass"):
        return Draw() if text == "draw" else Pass()
    raise ParseError(f"not a move of Shedding: {quote(text)} (a card such as '3h', 'draw' or 'pass') (SH1)")


def narrate(events: Sequence[Event], names: Sequence[str] | None = None, locale: str = "en") -> list[str]:
    """The events in English, one sentence each: Shedding tells no other language (any ``locale`` is told in English)."""

    def name(seat: int) -> str:
        return names[seat] if names is not None else f"seat {seat}"

    lines = []
    for event in events:
        if type(event) is Played:
            lines.append(f"{name(event.seat)} plays {event.card}.")
        elif type(event) is Drew:
            lines.append(f"{name(event.seat)} draws {'a card' if event.card is None else event.card}.")
        elif type(event) is Passed:
            lines.append(f"{name(event.seat)} passes.")
        elif type(event) is GameOver:
            who = ", ".join(name(seat) for seat in event.winners)
            lines.append(f"The game is over: {who} won ({'-'.join(map(str, event.scores))}).")
    return lines
