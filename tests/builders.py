"""Concise, validated test positions.

A test states only the cards that matter; :func:`build` fills in the rest of the 72 cards
of S1 and always goes through :func:`eighthalf.position`, so every test position is one
that can occur under the rules.

Cards are written as strings of move-notation symbols: ``"78H"`` is a 7, an 8 and a ½,
``"GG"`` two Ghosts. A pile is written as plays, one per seat turn, ``"seat:cards"``
separated by spaces: ``"0:6 1:H 2:G"`` is a 6 by seat 0, a ½ by seat 1 and a Ghost by
seat 2; ``"3:8H"`` is the 8½ combination by seat 3 and ``"1:33"`` two 3s by seat 1.

>>> state = build(S(hand="7GG"), S(hand="123"), pile="0:6 1:H", to_move=0)
>>> state.call_label, state.at_risk
('6½', 1)

Filling rules (documented so that tests can rely on them):

* a seat's ``open`` / ``blind`` cards left as ``None`` get 3 filler cards each;
* ``bank`` and ``collected`` may be a card string or an int ``n`` meaning ``n`` filler
  cards;
* filler cards are taken in rank order (0s first, then 1s, …) from the cards that
  nobody named; everything still left over goes into the collected stack of seat
  ``rest_to`` (the last seat unless told otherwise), which takes no part in play;
* ``on_table`` left as ``None`` is derived: True when the bank is empty and the hand is
  empty or above 3 cards, or open/blind cards are missing (L1); otherwise False.
"""

from __future__ import annotations

from dataclasses import dataclass

from eighthalf import GameState, Rank, Rules, Seat, legal_moves, parse_move, position, rest_of_deck
from eighthalf import apply as apply_move

__all__ = ["S", "build", "cards", "moves", "pile_of", "play"]


def cards(text: str) -> tuple[Rank, ...]:
    """The ranks written in ``text``, one symbol each: ``cards("78H") == (7, 8, ½)``."""
    return tuple(Rank.from_symbol(symbol) for symbol in text.replace(" ", ""))


def pile_of(text: str) -> list[tuple[Rank, int]]:
    """A pile written as ``"seat:cards"`` plays, bottom first: ``"0:6 1:HH"``."""
    out: list[tuple[Rank, int]] = []
    for play in text.split():
        seat, _, ranks = play.partition(":")
        out.extend((rank, int(seat)) for rank in cards(ranks))
    return out


@dataclass(frozen=True)
class S:
    """What a test says about one seat; ``None`` parts are filled in by :func:`build`."""

    hand: str = ""
    bank: str | int = ""
    open: str | None = None
    blind: str | None = None
    collected: str | int = ""
    on_table: bool | None = None


def build(
    *seats: S,
    to_move: int = 0,
    pile: str = "",
    rules: Rules | None = None,
    move_number: int = 0,
    opening: Rank | None = None,
    rest_to: int | None = None,
    over: bool = False,
    winner: int | None = None,
) -> GameState:
    """A validated position (see the module doc for how the unnamed cards are placed)."""
    pile_cards = pile_of(pile)
    named: list[Rank] = [rank for rank, _ in pile_cards]
    for spec in seats:
        named += cards(spec.hand)
        for part in (spec.open, spec.blind, spec.bank, spec.collected):
            if isinstance(part, str):
                named += cards(part)
    rest = list(rest_of_deck(named))

    def take(n: int) -> tuple[Rank, ...]:
        taken = tuple(rest[:n])
        del rest[:n]
        return taken

    def zone(part: str | int | None, default: int) -> tuple[Rank, ...]:
        if part is None:
            return take(default)
        return take(part) if isinstance(part, int) else cards(part)

    result: list[Seat] = []
    for spec in seats:
        hand = cards(spec.hand)
        open_cards, blind = zone(spec.open, 3), zone(spec.blind, 3)
        bank, collected = zone(spec.bank, 0), zone(spec.collected, 0)
        on_table = spec.on_table
        if on_table is None:
            on_table = not bank and (not hand or len(hand) > 3 or len(open_cards) < 3 or len(blind) < 3)
        result.append(Seat(hand, bank, open_cards, blind, collected, on_table))
    dump = len(seats) - 1 if rest_to is None else rest_to
    result[dump] = result[dump].replace(collected=result[dump].collected + tuple(rest))
    return position(
        result,
        to_move=to_move,
        pile=pile_cards,
        rules=rules,
        move_number=move_number,
        opening=opening,
        over=over,
        winner=winner,
    )


def moves(state: GameState) -> list[str]:
    """The legal moves of ``state`` in notation, in the engine's order."""
    return [str(move) for move in legal_moves(state)]


def play(state: GameState, *texts: str) -> GameState:
    """Apply the moves written in ``texts`` one after the other (checked)."""
    for text in texts:
        state = apply_move(state, parse_move(text))
    return state
