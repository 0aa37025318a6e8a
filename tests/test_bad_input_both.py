"""Bad input over both games at once (issue 18): bots by name, turns, and documents that read back.

The approach of ``tests/eights/test_eights_bad_input.py``, for what the two games share
or must agree on. One property per class of defect:

1. unbounded messages, 2. huge integers, 3. deep nesting, 4. wrong types: ``make_bot``
   of either game refuses any name that is not one of its bots with the
   :class:`KeyError` it documents, in a short message;
5. documents read back what the library accepts: every value a game's constructors take
   (the bounds of :class:`~eighthalf.Rules`, ``position``'s counts, a record's tags)
   round-trips through its JSON documents and its record text, and what one refuses the
   other refuses;
7. impossible positions: every spelling and every pass is a turn, so a hand's ``turns``
   are at least the spellings in its score piles and the passes in a row since;
   ``position`` and ``from_data`` refuse fewer, and every state of a played game keeps it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import eighthalf as half
import eighthalf.eights as eights
from eighthalf.bots import BOTS as HALF_BOTS
from eighthalf.bots import make_bot as make_half_bot
from eighthalf.errors import DocumentError, InvalidStateError
from eighthalf.games.eighthalf import records as half_records
from eighthalf.games.eights import records as eights_records
from eighthalf.games.eights.bots import BOTS as EIGHTS_BOTS
from eighthalf.games.eights.bots import make_bot as make_eights_bot

MESSAGE_LIMIT = 300
"""The longest message any bad input may give."""

MAX_COUNT = 2**53 - 1
"""The largest count either game takes (and its documents hold): what a JavaScript number keeps."""

MAKERS: dict[str, tuple[Callable[[Any], object], dict[str, Any]]] = {
    "8½": (make_half_bot, HALF_BOTS),
    "Eights": (make_eights_bot, EIGHTS_BOTS),
}
HANDS = ["1n 2e 3t 4w 5x 6u 7o 1t", "1o 2f 3e 4v 5s 6h 8r 1r"]
TABLE = "1e 2i 3g 4e 5o 6s 7h 8i"


def nested(depth: int) -> Any:
    """A list nested ``depth`` deep, built without recursion."""
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


# --------------------------------------------------------------------------- 1-4. make_bot, any name


NAMES = st.one_of(
    st.builds(lambda piece, times: piece * times, st.text(min_size=1, max_size=8), st.integers(400, 200_000)),
    st.builds(lambda digits: 10**digits - 7, st.integers(min_value=58, max_value=6_000)),
    st.builds(nested, st.integers(min_value=1_000, max_value=30_000)),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.binary(max_size=10),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.sets(st.integers(), max_size=3),
    st.sampled_from([Decimal(1), Fraction(1, 2), 1j, range(3), b"greedy", bytearray(b"greedy"), object()]),
    st.text(max_size=20),
)


@pytest.mark.parametrize("game", list(MAKERS))
@given(name=NAMES)
def test_make_bot_refuses_any_other_name_with_a_short_KeyError(game: str, name: object) -> None:
    make, bots = MAKERS[game]
    if isinstance(name, str) and name in bots:
        assert make(name).name == name  # type: ignore[attr-defined]
        return
    with pytest.raises(KeyError) as caught:
        make(name)
    message = str(caught.value)
    assert len(message) <= MESSAGE_LIMIT and f"choose from {', '.join(sorted(bots))}" in message
    assert ("(a name is a str)" in message) is not isinstance(name, str)


@pytest.mark.parametrize("game", list(MAKERS))
def test_make_bot_of_an_unhashable_name_is_the_documented_KeyError(game: str) -> None:
    make, _ = MAKERS[game]
    kind = "bot" if game == "8½" else "Eights bot"
    for name, shown in (([], "[]"), ({}, "{}"), (10**5000, "an integer of 5,001 digits")):
        with pytest.raises(KeyError, match=re.escape(f"no {kind} named {shown} (a name is a str); choose from")):
            make(name)


# --------------------------------------------------------------------------- 5. documents read back


COUNTS = st.integers(min_value=1, max_value=MAX_COUNT) | st.sampled_from([1, MAX_COUNT, MAX_COUNT - 1, 2**52])


@given(
    target=st.none() | COUNTS,
    turn_limit=st.none() | COUNTS,
    may_pass_freely=st.booleans(),
    players=st.integers(min_value=eights.MIN_PLAYERS, max_value=eights.MAX_PLAYERS),
    seed=st.integers(min_value=-(10**40), max_value=10**40),
)
def test_eights_rules_and_records_the_library_takes_read_back(
    target: int | None, turn_limit: int | None, may_pass_freely: bool, players: int, seed: int
) -> None:
    rules = eights.Rules(target=target, turn_limit=turn_limit, may_pass_freely=may_pass_freely)
    assert eights.from_data(eights.to_data(rules)) == rules
    record = eights_records.Record(players=players, seed=seed, rules=rules)
    assert eights_records.loads(eights_records.dumps(record)) == record
    assert eights.from_data(eights.to_data(record)) == record
    state = eights.new_game(players, seed=seed, rules=rules)
    assert eights.from_data(eights.to_data(state)) == state


@given(
    move_limit=st.none() | COUNTS,
    options=st.fixed_dictionaries(
        {name: st.booleans() for name in ("lock_next_only", "halves_stop_at_8_half", "single_opening", "open_runs")}
    ),
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=-(10**40), max_value=10**40),
)
def test_8_half_rules_and_records_the_library_takes_read_back(
    move_limit: int | None, options: dict[str, bool], players: int, seed: int
) -> None:
    rules = half.Rules(move_limit=move_limit, **options)
    assert half.from_data(half.to_data(rules)) == rules
    record = half_records.Record(players=players, seed=seed, rules=rules)
    assert half_records.loads(half_records.dumps(record)) == record
    assert half.from_data(half.to_data(record)) == record
    state = half.new_game(players, seed=seed, rules=rules)
    assert half.from_data(half.to_data(state)) == state


@pytest.mark.parametrize("tag", ["Target", "TurnLimit"])
@pytest.mark.parametrize("value", [MAX_COUNT + 1, 10**20])
def test_an_eights_record_refuses_a_count_its_documents_refuse(tag: str, value: int) -> None:
    text = eights_records.dumps(eights_records.Record(players=2, seed=1))
    text = text.replace('[Seed "1"]', f'[Seed "1"]\n[{tag} "{value}"]')
    with pytest.raises(DocumentError, match=r"2\*\*53 - 1"):
        eights_records.loads(text)
    field = "target" if tag == "Target" else "turn_limit"
    with pytest.raises(InvalidStateError, match=r"2\*\*53 - 1"):
        eights.Rules(**{field: value})  # type: ignore[arg-type]


@given(turns=COUNTS, number=st.integers(min_value=0, max_value=3))
def test_an_eights_position_of_any_count_the_library_takes_reads_back(turns: int, number: int) -> None:
    state = eights.position(HANDS, table=TABLE, turns=turns, number=number, hand_scores=[(0, 0)] * number)
    assert eights.from_data(eights.to_data(state)) == state
    for seat in (None, 0, 1):
        seen = eights.view(state, seat)
        assert eights.from_data(eights.to_data(seen)) == seen
    with pytest.raises(InvalidStateError, match=r"turns must be an int from 0 to 2\*\*53 - 1"):
        eights.position(HANDS, table=TABLE, turns=MAX_COUNT + 1)


# --------------------------------------------------------------------------- 7. every spelling is a turn


def _played(players: int, seed: int, moves: int, rules: eights.Rules) -> list[eights.GameState]:
    """The states of a game of random legal moves (at most ``moves`` of them)."""
    rng = random.Random(seed)
    state = eights.new_game(players, seed=seed, rules=rules)
    states = [state]
    while state.outcome is None and len(states) <= moves:
        state = eights.apply(state, rng.choice(eights.legal_moves(state)))
        states.append(state)
    return states


def _least_turns(hand: eights.HandState) -> int:
    return sum(len(pile) for pile in hand.piles) + hand.passes


@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    rules=st.sampled_from(
        [
            eights.Rules(),
            eights.Rules(target=3, turn_limit=4),
            eights.Rules(target=1, turn_limit=1),
            eights.Rules(may_pass_freely=True, target=5),
        ]
    ),
)
def test_every_state_of_a_game_counts_every_spelling_and_pass_as_a_turn(
    players: int, seed: int, rules: eights.Rules
) -> None:
    for state in _played(players, seed, 80, rules):
        hand = state.hand
        assert hand.turns >= _least_turns(hand)
        assert eights.from_data(eights.to_data(state)) == state
        seen = eights.view(state, hand.to_move)
        assert eights.from_data(eights.to_data(seen)) == seen


@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    data=st.data(),
)
def test_fewer_turns_than_the_hand_shows_are_refused_by_position_and_documents(
    players: int, seed: int, data: st.DataObject
) -> None:
    # A live hand only: a finished game keeps the passes that ended its last hand (WH1), which
    # position() refuses for a hand in play before it looks at the turns.
    states = [
        state
        for state in _played(players, seed, 60, eights.Rules())
        if state.outcome is None and _least_turns(state.hand) > 0
    ]
    if not states:
        return
    state = data.draw(st.sampled_from(states))
    least = _least_turns(state.hand)
    fewer = data.draw(st.integers(min_value=0, max_value=least - 1))
    hand = state.hand
    with pytest.raises(InvalidStateError, match=rf"^{fewer} turns, but the hand has had at least {least}: "):
        eights.position(
            hand.hands,
            table=hand.table,
            stack=hand.stack,
            piles=hand.piles,
            to_move=hand.to_move,
            passes=hand.passes,
            turns=fewer,
            origins=hand.origins,
            number=hand.number,
            dealer=hand.dealer,
            hand_scores=state.hand_scores,
            rules=state.rules,
            seed=state.seed,
        )
    document = eights.to_data(state)
    document["hand"]["turns"] = fewer
    with pytest.raises(DocumentError, match=rf"^\$\.hand: {fewer} turns, but the hand has had at least {least}"):
        eights.from_data(document)


def test_issue_18_item_7_a_spelling_is_a_turn() -> None:
    state = eights.position(HANDS, table=TABLE)
    after = eights.apply(state, eights.parse_move("ONE 1n 7o 4e>4w"))
    hand = after.hand
    assert hand.turns == 1
    with pytest.raises(InvalidStateError, match=r"^0 turns, but the hand has had at least 1: .*\(WT1, WH3\)$"):
        eights.position(hand.hands, table=hand.table, stack=hand.stack, piles=hand.piles, to_move=hand.to_move, turns=0)
    document = eights.to_data(after)
    document["hand"]["turns"] = 0
    with pytest.raises(DocumentError, match="0 turns, but the hand has had at least 1"):
        eights.from_data(document)


def test_a_finished_game_past_its_turn_limit_is_refused() -> None:
    [*_, state] = _played(2, 3, 10, eights.Rules(target=1, turn_limit=1))
    assert state.outcome is not None and state.hand.turns == 1
    assert eights.from_data(eights.to_data(state)) == state
    document = eights.to_data(state)
    document["hand"]["turns"] = 2
    with pytest.raises(DocumentError, match=r"^\$\.hand\.turns: 2 turns are past the turn limit of 1 \(WH3\)"):
        eights.from_data(document)
