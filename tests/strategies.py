"""Hypothesis strategies for eighthalf, and the invariant checks shared by the
property, stateful and soak tests.

Strategies: :func:`seeds`, :func:`player_counts`, :func:`dealers`, :func:`rules`,
:func:`deals`, :func:`games`, :func:`rounds`, :func:`reached_states` and :func:`moves`.
Moves of a round are chosen by drawn integers (a list of picks, then a drawn seed for
the rest of a long round), so failing rounds shrink towards "always the first legal
move" and short rounds.

Checks: :func:`check_state` (everything that must hold in any reachable state),
:func:`check_transition` (what one legal move may change), :func:`check_illegal`
(a refused move raises and changes nothing) and :func:`expected_legal_moves`, a small
oracle written from the rules alone (the rules page of the docs (docs/rules.rst)), independent of the engine's
tables.
"""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy
from hypothesis.vendor.pretty import RepresentationPrinter

from eighthalf import (
    COMPOSITION,
    BlindPlay,
    Collect,
    EightAndHalf,
    GameState,
    HandPlay,
    IllegalMoveError,
    Move,
    OpenPlay,
    Rank,
    Rules,
    apply,
    apply_unchecked,
    is_legal,
    legal_moves,
    new_game,
    position,
)
from eighthalf.games.eighthalf.moves import BLIND_PLAYS, COLLECT, EIGHT_AND_HALF, HAND_PLAYS, OPEN_RUNS
from eighthalf.games.eighthalf.options import OPTION_NAMES

__all__ = [
    "ALL_MOVES",
    "RULE_IDS",
    "Deal",
    "Round",
    "check_illegal",
    "check_outcome",
    "check_state",
    "check_transition",
    "check_winner",
    "dealers",
    "deals",
    "expected_legal_moves",
    "games",
    "moves",
    "play_random_round",
    "player_counts",
    "reached_states",
    "revalidate",
    "rounds",
    "rules",
    "seeds",
    "table_options",
]

ALL_MOVES: tuple[Move, ...] = (
    *(play for row in HAND_PLAYS for play in row),
    EIGHT_AND_HALF,
    *(play for row in OPEN_RUNS for play in row),
    *BLIND_PLAYS,
    COLLECT,
)
"""Every move of every shape (the shared instances): 72 hand plays, the 8½ combination,
36 open plays (one to three cards of each rank: more than one only under the table option
``open_runs``), 3 blind plays and collecting."""

RULE_IDS: frozenset[str] = frozenset(
    f"{letter}{number}"
    for letter, last in (("S", 7), ("T", 4), ("P", 10), ("C", 3), ("L", 4), ("E", 7), ("M", 3), ("I", 4))
    for number in range(1, last + 1)
)
"""The rule ids of the rules page of the docs (docs/rules.rst) (S1–S7, T1–T4, P1–P10, C1–C3, L1–L4, E1–E7, M1–M3, I1–I4)."""

_DECK_COUNTER: Counter[Rank] = Counter(COMPOSITION)
_HALF_8 = 17  # a call of 8½ in half points
_MAX_MOVES = 3_000  # a cap for rounds played without a move limit: random play can loop for ever (E7)


# --------------------------------------------------------------------------- strategies


def seeds() -> SearchStrategy[int]:
    """Any int, negative and beyond 64 bits included (the shuffle takes every int of up to 4,300 digits)."""
    return st.integers() | st.integers(min_value=-(2**80), max_value=2**80)


def player_counts() -> SearchStrategy[int]:
    """2 to 5 players (S2)."""
    return st.integers(min_value=2, max_value=5)


def dealers(players: int) -> SearchStrategy[int | None]:
    """A dealer's seat, or ``None`` for the default dealer (seat n−1, S7)."""
    return st.none() | st.integers(min_value=0, max_value=players - 1)


def table_options() -> SearchStrategy[dict[str, bool]]:
    """Any set of the table options of :class:`Rules` (P7, P3, S5, T3), each on or off;
    shrinks towards all off (the rule book's rulings)."""
    return st.fixed_dictionaries({name: st.booleans() for name in OPTION_NAMES})


def rules(*, limits: bool = True, options: bool = True) -> SearchStrategy[Rules]:
    """Rules with any table options (if ``options``) and, if ``limits``, sometimes an E7
    move limit; shrinks towards the default rules."""
    limit: SearchStrategy[int | None] = st.none()
    if limits:
        limit = limit | st.integers(min_value=1, max_value=300)
    chosen = table_options() if options else st.just({})
    return st.builds(lambda moves, flags: Rules(move_limit=moves, **flags), limit, chosen)


@dataclass(frozen=True)
class Deal:
    """Everything :func:`new_game` needs, so that a round can be replayed."""

    players: int
    seed: int
    dealer: int | None
    rules: Rules

    def start(self) -> GameState:
        """The first state of the round."""
        return new_game(self.players, seed=self.seed, rules=self.rules, dealer=self.dealer)


@st.composite
def deals(draw: st.DrawFn, rules_strategy: SearchStrategy[Rules] | None = None) -> Deal:
    """A deal: 2–5 players, any seed, any dealer, rules with or without a move limit."""
    players = draw(player_counts())
    dealer = draw(dealers(players))
    seed = draw(seeds())
    chosen = draw(rules() if rules_strategy is None else rules_strategy)
    return Deal(players, seed, dealer, chosen)


def games(rules_strategy: SearchStrategy[Rules] | None = None) -> SearchStrategy[GameState]:
    """The first state of a random round."""
    return deals(rules_strategy).map(Deal.start)


@dataclass(frozen=True)
class Round:
    """A deal and the legal moves played from it; ``states[i + 1]`` follows ``moves[i]``."""

    deal: Deal
    moves: tuple[Move, ...]
    states: tuple[GameState, ...]

    @property
    def final(self) -> GameState:
        """The last state reached."""
        return self.states[-1]

    def __repr__(self) -> str:  # short, for Hypothesis' falsifying-example reports
        played = " ".join(str(move) for move in self.moves)
        return f"Round({self.deal!r}, moves={played!r})"

    def _repr_pretty_(self, printer: RepresentationPrinter, cycle: bool) -> None:
        """Hypothesis prints examples with its pretty printer: keep them short (not every state)."""
        printer.text(repr(self))


@st.composite
def rounds(
    draw: st.DrawFn,
    *,
    max_moves: int | None = None,
    rules_strategy: SearchStrategy[Rules] | None = None,
) -> Round:
    """A random round: a deal and legal moves until the round is over (or ``max_moves``).

    The first moves are picked by drawn integers, the rest (long rounds) by a drawn seed,
    so the example stays small and shrinks towards first-legal-move play.
    """
    deal = draw(deals(rules_strategy))
    limit = _MAX_MOVES if max_moves is None else max_moves
    picks = draw(st.lists(st.integers(min_value=0, max_value=255), max_size=min(limit, 120)))
    rest = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    state = deal.start()
    played: list[Move] = []
    states = [state]
    while not state.over and len(played) < limit:
        options = legal_moves(state)
        pick = picks[len(played)] if len(played) < len(picks) else rest.randrange(len(options))
        move = options[pick % len(options)]
        state = apply(state, move)
        played.append(move)
        states.append(state)
    return Round(deal, tuple(played), tuple(states))


def reached_states(
    max_moves: int = 200, rules_strategy: SearchStrategy[Rules] | None = None
) -> SearchStrategy[GameState]:
    """A state reached by k random legal moves from a random deal, 0 ≤ k ≤ ``max_moves``."""
    return (
        st.integers(min_value=0, max_value=max_moves)
        .flatmap(lambda k: rounds(max_moves=k, rules_strategy=rules_strategy))
        .map(lambda played: played.final)
    )


def moves() -> SearchStrategy[Move]:
    """Any move of any shape, legal or not."""
    return st.sampled_from(ALL_MOVES)


def play_random_round(rng: random.Random, deal: Deal, max_moves: int = _MAX_MOVES) -> Iterable[tuple[GameState, Move]]:
    """Yield ``(state, move)`` for each move of a round played with random legal moves."""
    state = deal.start()
    for _ in range(max_moves):
        if state.over:
            return
        move = rng.choice(legal_moves(state))
        yield state, move
        state = apply_unchecked(state, move)
    raise AssertionError(f"{deal!r}: no end after {max_moves} moves")


# --------------------------------------------------------------------------- the oracle


def _playable(rank: Rank, call_halves: int, locked: bool, count: int = 1, rules: Rules | None = None) -> bool:
    """May ``count`` cards of ``rank`` go on the call together? P1–P4, P6, P7."""
    if rank is Rank.GHOST:  # P4
        return True
    if locked:  # P7: 1 to 5, 0, ½ and Ghost (the call under the lock is a whole 5)
        return rank <= Rank.FIVE or rank is Rank.HALF
    if rank is Rank.HALF:  # P3, P6
        if rules is not None and rules.halves_stop_at_8_half:  # no ½ of the run may land on 8½
            return all(call != _HALF_8 for call in range(call_halves, call_halves + count))
        return call_halves != _HALF_8
    if rank is Rank.ZERO:  # P2
        return call_halves % 2 == 0
    return 2 * int(rank) >= call_halves  # P1


def _combination_playable(call_halves: int, locked: bool) -> bool:
    """The 8½ combination: where an 8 may go, and on 8½ (P5); never under the lock (P7)."""
    return not locked and (_playable(Rank.EIGHT, call_halves, locked) or call_halves == _HALF_8)


def expected_legal_moves(state: GameState) -> frozenset[Move]:
    """The legal moves as the rules page of the docs (docs/rules.rst) describes them (T1–T3, S5, P1–P7,
    L2–L4), as a set, under the table options of ``state.rules`` (issue 10)."""
    if state.outcome is not None:
        return frozenset()
    seat = state.seats[state.to_move]
    rules = state.rules
    call, locked = state.call_halves, state.locked
    found: set[Move] = set()
    if seat.hand:  # T2
        held = Counter(seat.hand)
        if state.opening is not None:  # S5: the lowest yellow, with copies if wished (one card if single_opening)
            most = 1 if rules.single_opening else held[state.opening]
            return frozenset(HandPlay(state.opening, count) for count in range(1, most + 1))
        for rank, number in held.items():
            found.update(
                HandPlay(rank, count) for count in range(1, number + 1) if _playable(rank, call, locked, count, rules)
            )
        if held[Rank.EIGHT] and held[Rank.HALF] and _combination_playable(call, locked):
            found.add(EightAndHalf())
    elif seat.open:  # L2: one open card (T3), or several of one rank under open_runs
        shown = Counter(seat.open)
        for rank, number in shown.items():
            most = number if rules.open_runs else 1
            found.update(
                OpenPlay(rank, count) for count in range(1, most + 1) if _playable(rank, call, locked, count, rules)
            )
    else:  # L3, L4: any blind card may be turned
        return frozenset(BlindPlay(at) for at in range(len(seat.blind)))
    return frozenset(found) if found else frozenset({Collect()})  # T1


def _model_call(state: GameState) -> tuple[int, bool]:
    """The call and 5-lock recomputed from the pile alone (P1–P7)."""
    halves = 0
    top: Rank | None = None
    for card in state.pile:
        if card.rank is Rank.GHOST:  # P4: invisible
            continue
        top = card.rank
        halves = halves + 1 if card.rank is Rank.HALF else 2 * int(card.rank)
    if state.rules.lock_next_only:  # P7 option: only the player facing the 5 itself is locked
        return halves, bool(state.pile) and state.pile[-1].rank is Rank.FIVE
    return halves, top is Rank.FIVE


# --------------------------------------------------------------------------- the checks


def _all_cards(state: GameState) -> Counter[Rank]:
    held: Counter[Rank] = Counter(card.rank for card in state.pile)
    for seat in state.seats:
        held.update(seat.hand)
        held.update(seat.bank)
        held.update(seat.open)
        held.update(seat.blind)
        held.update(seat.collected)
    return held


def revalidate(state: GameState) -> GameState:
    """``state`` rebuilt through the validating :func:`position` builder."""
    return position(
        state.seats,
        to_move=state.to_move,
        pile=state.pile,
        rules=state.rules,
        move_number=state.move_number,
        opening=state.opening,
        over=state.over,
        winner=state.winner,
    )


def check_state(state: GameState, *, deep: bool = True) -> None:
    """Assert every invariant of a reachable state. ``deep`` adds the slower checks:
    the oracle for the legal moves and re-validation through :func:`position`."""
    players = state.players
    assert state.rules.min_players <= players <= state.rules.max_players
    # S1: the 72 cards are all somewhere, exactly once.
    held = _all_cards(state)
    assert held == _DECK_COUNTER, f"cards not conserved: {held - _DECK_COUNTER} extra, {_DECK_COUNTER - held} missing"
    for index, seat in enumerate(state.seats):
        assert list(seat.hand) == sorted(seat.hand), f"seat {index}: hand not sorted"
        assert len(seat.open) <= 3 and len(seat.blind) <= 3, f"seat {index}: more than 3 open or blind cards"
        if seat.bank:  # T4, L1: the hand is topped up to exactly 3 while the bank lasts
            assert len(seat.hand) == 3, f"seat {index}: {len(seat.hand)} cards in hand with a bank"
            assert not seat.on_table, f"seat {index}: on the table with a bank"
        elif not seat.hand:
            assert seat.on_table, f"seat {index}: bank and hand empty but not on the table (L1)"
        if not seat.on_table:
            assert len(seat.open) == 3 and len(seat.blind) == 3, f"seat {index}: played open/blind off the table"
        if len(seat.blind) < 3:
            assert not seat.open, f"seat {index}: blind cards played before the open cards (L3)"
    # The pile and the facts derived from it.
    call, locked = _model_call(state)
    assert state.call_halves == call, f"call {state.call_halves} but the pile says {call}"
    assert state.locked == locked, f"locked={state.locked} but the pile says {locked}"
    half = call % 2 == 1 and call <= _HALF_8
    expected_risk = state.pile[-1].seat if state.pile and half else None
    assert state.at_risk == expected_risk, f"at_risk={state.at_risk}, expected {expected_risk} (P8)"
    assert 0 <= state.to_move < players
    assert state.move_number >= 0
    limit = state.rules.move_limit
    if limit is not None:
        assert state.move_number <= limit
    if state.opening is not None:
        assert state.opening.is_yellow and state.move_number == 0 and not state.pile
        assert state.opening in state.seats[state.to_move].hand
        lowest = min(rank for seat in state.seats for rank in seat.hand if rank.is_yellow)
        assert state.opening == lowest, f"opening {state.opening}, lowest yellow {lowest} (S5)"
    elif state.move_number == 0:
        assert not any(rank.is_yellow for seat in state.seats for rank in seat.hand), "no opening with yellows (S6)"
    # The legal moves.
    options = legal_moves(state)
    assert len(set(options)) == len(options), f"duplicate legal moves: {options}"
    out = [index for index, seat in enumerate(state.seats) if seat.is_out]
    if state.outcome is None:
        assert options, "no legal move in a round that is not over (T1)"
        assert limit is None or state.move_number < limit, "the move limit was reached but the round goes on (E7)"
        assert not state.seats[state.to_move].is_out, "the seat to move is out"
        if state.pile:
            assert state.to_move == (state.pile[-1].seat + 1) % players, (
                "the pile's last player is not left of the mover"
            )
        if out:  # only a seat waiting on E2
            assert out == [state.at_risk] and state.to_move == (out[0] + 1) % players, f"seats {out} out, round on"
            assert state.pending_out == out[0]
        else:
            assert state.pending_out is None
        if len(options) > 1:
            assert COLLECT not in options, "collecting offered with a legal play (T1)"
        if deep:
            assert frozenset(options) == expected_legal_moves(state), (
                f"legal moves {[str(m) for m in options]}, rule book says "
                f"{sorted(str(m) for m in expected_legal_moves(state))}"
            )
            assert revalidate(state) == state, "position() rebuilds a different state"
    else:
        assert options == (), "legal moves in a finished round"
        check_outcome(state)


def check_outcome(state: GameState) -> None:
    """The end of a round: E1–E7."""
    outcome = state.outcome
    assert outcome is not None
    counts = tuple(seat.count for seat in state.seats)
    assert outcome.counts == counts, f"counts {outcome.counts}, seats say {counts} (E4)"
    assert sum(counts) + len(state.pile) == 72
    players = state.players
    out = [index for index, seat in enumerate(state.seats) if seat.is_out]
    winner = outcome.winner
    assert state.winner == winner and state.points == outcome.points and state.big_losers == outcome.big_losers
    if winner is None:  # E7
        limit = state.rules.move_limit
        assert limit is not None and state.move_number == limit, "a round without winner before the move limit"
        assert outcome.points == (0,) * players and outcome.big_losers == ()
        assert not out or out == [state.at_risk], f"seats {out} out in a round ended by the limit"
    else:
        check_winner(state, winner, counts, out)
    assert revalidate(state) == state, "position() rebuilds a different finished state"


def check_winner(state: GameState, winner: int, counts: tuple[int, ...], out: list[int]) -> None:
    """E1, E2, E5 and E6 for a round won by ``winner``."""
    outcome = state.outcome
    assert outcome is not None
    players = state.players
    assert state.seats[winner].is_out, "the winner is not out (E1)"
    # E2: the next seat may have gone out too with its one move; nobody else.
    assert out == [winner] or sorted(out) == sorted({winner, (winner + 1) % players}), f"seats {out} out"
    lowest = min(counts)
    points = tuple((2 if seat == winner else 0) + (1 if counts[seat] == lowest else 0) for seat in range(players))
    assert outcome.points == points, f"points {outcome.points}, E6 says {points}"
    highest = max(count for seat, count in enumerate(counts) if seat != winner)
    losers = tuple(seat for seat in range(players) if seat != winner and counts[seat] == highest)
    assert outcome.big_losers == losers, f"big losers {outcome.big_losers}, E5 says {losers}"


Snapshot = tuple[object, ...]


def _snapshot(state: GameState, thorough: bool = True) -> Snapshot:
    """What must not change: a deep copy and the repr (``thorough``), the hash and the
    field values (the engine builds new states; it must never touch old ones)."""
    fields = (
        state.rules,
        state.seats,
        state.pile,
        state.call_halves,
        state.locked,
        state.at_risk,
        state.to_move,
        state.move_number,
        state.opening,
        state.outcome,
    )
    if thorough:
        return (hash(state), fields, copy.deepcopy(state), repr(state))
    return (hash(state), fields)


def _unchanged(state: GameState, snapshot: Snapshot) -> None:
    assert _snapshot(state, thorough=len(snapshot) > 2) == snapshot, "the input state was changed"


def check_transition(before: GameState, move: Move, *, thorough: bool = True) -> GameState:
    """Apply a legal ``move`` and check what it may change; return the state after it.
    ``thorough`` compares the input with a deep copy and its repr, not only its hash and fields."""
    snapshot = _snapshot(before, thorough)
    assert is_legal(before, move)
    after = apply(before, move)
    _unchanged(before, snapshot)
    fast = apply_unchecked(before, move)
    _unchanged(before, snapshot)
    assert fast == after and hash(fast) == hash(after), "apply and apply_unchecked disagree"
    assert apply(before, move) == after, "apply is not deterministic"
    assert after.move_number == before.move_number + 1
    assert after.rules is before.rules or after.rules == before.rules
    assert after.opening is None, "the opening rank survived a move"
    mover = before.to_move
    players = before.players
    # Only the mover's seat changes, and the seat at risk when it is caught or collects after E2.
    changed = {index for index in range(players) if after.seats[index] != before.seats[index]}
    allowed = {mover} if before.at_risk is None else {mover, before.at_risk}
    assert changed <= allowed, f"seats {sorted(changed)} changed by a move of seat {mover}"
    grown = after.pile[: len(before.pile)] == before.pile and after.pile[len(before.pile) :]
    if grown:  # a play that stays on the pile: the mover's cards, the next seat to move
        assert {card.seat for card in after.pile[len(before.pile) :]} == {mover}
        assert changed == {mover}
        assert after.seats[mover].count < before.seats[mover].count
        if not after.over:
            assert after.to_move == (mover + 1) % players
    else:  # the pile was taken: by the mover (C1, L4) or by the seat caught (P9)
        assert after.pile == ()
        taker = [index for index in changed if after.seats[index].count > before.seats[index].count]
        assert len(taker) == 1, f"the pile went to seats {taker}"
        if isinstance(move, Collect) or taker == [mover]:  # C2: the next seat starts
            assert taker == [mover]
            if not after.over:
                assert after.to_move == (mover + 1) % players
        else:  # P9: a catch; the catcher starts the new pile
            assert taker == [before.at_risk]
            assert isinstance(move, (HandPlay, OpenPlay, BlindPlay))
            assert after.seats[mover].is_out or after.to_move == mover
        gained = sum(after.seats[index].count - before.seats[index].count for index in range(players))
        assert gained == len(before.pile), "cards lost or made while collecting"
    return after


def check_illegal(state: GameState, candidates: Sequence[Move] = ALL_MOVES) -> int:
    """Every candidate that is not legal raises :class:`IllegalMoveError` naming a rule and
    changes nothing. Returns how many were refused."""
    legal = set(legal_moves(state))
    snapshot = _snapshot(state, thorough=len(candidates) > 5)
    refused = 0
    for move in candidates:
        if move in legal:
            continue
        assert not is_legal(state, move)
        try:
            apply(state, move)
        except IllegalMoveError as error:
            assert error.rule in RULE_IDS, f"unknown rule id {error.rule!r}"
            assert error.move == str(move)
            assert re.search(rf"\({error.rule}\)$", str(error)), str(error)
        else:
            raise AssertionError(f"illegal move {move} was accepted")
        refused += 1
    _unchanged(state, snapshot)
    return refused
