"""Random play at scale: whole rounds with every invariant checked after every move.

``test_quick_soak`` plays 200 rounds (2 to 5 players, some with an E7 move limit) as part
of the default test run, and checks that they reach every part of the rules listed in
``_EXPECTED``.

``test_soak`` plays 10,000 rounds the same way, in ten chunks of 1,000. It is marked
``soak``, which the default run leaves out (``addopts`` in ``pyproject.toml`` holds
``-m "not soak"``); it takes a few minutes. Run it alone with either of::

    python -m pytest -m soak
    nox -s soak

Both are fully deterministic: fixed seeds drive a :class:`random.Random` (no Hypothesis
here).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from strategies import ALL_MOVES, Deal, check_illegal, check_state, check_transition

from eighthalf import BlindPlay, GameState, Rules, legal_moves

_MAX_MOVES = 20_000  # random play ends long before this (the longest of the 10,000 soak rounds: 1,874 moves)


@dataclass
class Totals:
    """What the rounds went through, so that a soak that stops reaching parts of the
    rules (catches, E2 waits, failed blind cards, the 5-lock …) is noticed."""

    rounds: int = 0
    moves: int = 0
    longest: int = 0
    seen: Counter[str] = field(default_factory=Counter)


def _deal(rng: random.Random, index: int) -> Deal:
    players = 2 + index % 4
    dealer = None if index % 3 else rng.randrange(players)
    rules = Rules(move_limit=rng.randint(1, 150)) if index % 10 == 9 else Rules()
    seed = rng.getrandbits(72) - 2**71
    return Deal(players, seed, dealer, rules)


def _note(tally: Totals, before: GameState, after: GameState) -> None:
    seen = tally.seen
    if before.locked:
        seen["5-lock (P7)"] += 1
    if before.pending_out is not None:
        seen["a seat waits on E2"] += 1
    if before.pile and not after.pile:  # the pile was taken: by the mover, or by the seat caught
        mover = before.to_move
        if after.seats[mover].count > before.seats[mover].count:
            seen["collect (C1) or failed blind card (L4)"] += 1
        else:
            seen["catch (P8, P9)"] += 1
    if before.zone == "blind":
        seen["blind card (L4)"] += 1
    if before.zone == "open":
        seen["open card (L2)"] += 1
    if any(seat.on_table and len(seat.hand) > 3 for seat in after.seats):
        seen["hand above 3 on the table (L1)"] += 1


def _play(rng: random.Random, deal: Deal, tally: Totals) -> None:
    state = deal.start()
    check_state(state)
    moves = 0
    while not state.over:
        assert moves < _MAX_MOVES, f"{deal!r}: no end after {moves} moves"
        options = legal_moves(state)
        move = rng.choice(options)
        if isinstance(move, BlindPlay) and len(options) > 1:
            tally.seen["choice of blind cards"] += 1
        after = check_transition(state, move, thorough=False)
        check_illegal(state, rng.sample(ALL_MOVES, 2))
        check_state(after)
        _note(tally, state, after)
        state = after
        moves += 1
    check_illegal(state, ALL_MOVES)
    tally.rounds += 1
    tally.moves += moves
    tally.longest = max(tally.longest, moves)
    if state.winner is None:
        tally.seen["ended by the move limit (E7)"] += 1
    else:
        tally.seen[f"won, {deal.players} players"] += 1
        if sum(seat.is_out for seat in state.seats) == 2:
            tally.seen["two seats out at the end (E2)"] += 1
        if state.points is not None and state.points[state.winner] == 3:
            tally.seen["winner with the lowest count (E6)"] += 1


def _soak(seed: int, rounds: int) -> Totals:
    rng = random.Random(seed)
    tally = Totals()
    for index in range(rounds):
        _play(rng, _deal(rng, index), tally)
    return tally


_EXPECTED = (
    "5-lock (P7)",
    "a seat waits on E2",
    "collect (C1) or failed blind card (L4)",
    "catch (P8, P9)",
    "blind card (L4)",
    "open card (L2)",
    "hand above 3 on the table (L1)",
    "ended by the move limit (E7)",
    "won, 2 players",
    "won, 3 players",
    "won, 4 players",
    "won, 5 players",
    "winner with the lowest count (E6)",
)


def test_quick_soak() -> None:
    """200 rounds, in the default run: every invariant after every move, every part of the rules reached."""
    tally = _soak(seed=20_240_601, rounds=200)
    assert tally.rounds == 200
    missing = [what for what in _EXPECTED if not tally.seen[what]]
    assert not missing, f"200 random rounds never reached: {missing} ({tally})"


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(10))
def test_soak(chunk: int) -> None:
    """10,000 rounds in ten chunks of 1,000, each from its own fixed seed."""
    tally = _soak(seed=1_000_003 * (chunk + 1), rounds=1_000)
    assert tally.rounds == 1_000
    missing = [what for what in _EXPECTED if not tally.seen[what]]
    assert not missing, f"1,000 random rounds never reached: {missing} ({tally})"
    print(f"chunk {chunk}: {tally.moves} moves, longest round {tally.longest}; {dict(tally.seen)}")
