"""Bots of Eights: legal, reproducible, and GreedyBot's documented rule (WT8, WP2)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from eights_strategies import find_state, reached_states
from hypothesis import given
from hypothesis import strategies as st

from eighthalf.eights import (
    GameState,
    Move,
    Pass,
    Rules,
    Spell,
    apply,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
    position,
    rest_of_deck,
    view,
)
from eighthalf.eights.bots import (
    BOTS,
    LETTER_WORTH,
    Bot,
    GreedyBot,
    RandomBot,
    greedy_choice,
    greedy_exchange,
    make_bot,
)

KINDS = ["random", "greedy"]


def play_bots(players: int, seed: int, bots: Sequence[Bot], rng: random.Random) -> list[tuple[GameState, Move]]:
    """A whole game between bots: every (state, move chosen), each move checked legal."""
    state = new_game(players, seed=seed)
    out: list[tuple[GameState, Move]] = []
    while not state.over:
        seat = state.hand.to_move
        move = bots[seat].choose(view(state, seat), rng)
        assert move in legal_moves(state)
        out.append((state, move))
        state = apply(state, move)
    return out


def seat0_position(hand: str, table: str, players: int = 3) -> GameState:
    """A position with ``hand`` at seat 0, to move, against ``table``; the rest dealt in card order."""
    full = {2: 8, 3: 7, 4: 7}[players]
    rest = rest_of_deck(table, hand)
    others = [rest[at * full : (at + 1) * full] for at in range(players - 1)]
    return position([hand, *others], table=table, stack=rest[(players - 1) * full :])


# --------------------------------------------------------------------------- legality, determinism


@pytest.mark.parametrize("kind", KINDS)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**64),
    rng_seed=st.integers(min_value=0, max_value=2**32),
)
def test_wt1_a_bot_only_plays_legal_moves_in_whole_games(kind: str, players: int, seed: int, rng_seed: int) -> None:
    play_bots(players, seed, [make_bot(kind) for _ in range(players)], random.Random(rng_seed))


@given(state=reached_states(), rng_seed=st.integers(min_value=0, max_value=2**32))
def test_wt1_every_bot_chooses_a_legal_move_at_random_positions(state: GameState, rng_seed: int) -> None:
    if state.over:
        return
    seen = view(state, state.hand.to_move)
    for kind in BOTS:
        assert make_bot(kind).choose(seen, random.Random(rng_seed)) in legal_moves(state)


@pytest.mark.parametrize("seed", range(4))
def test_bots_are_deterministic_given_the_rng(seed: int) -> None:
    def bots() -> list[Bot]:
        return [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]

    first = play_bots(4, seed, bots(), random.Random(seed))
    second = play_bots(4, seed, bots(), random.Random(seed))
    assert first == second


def test_the_greedy_bot_never_draws_from_the_rng() -> None:
    rng = random.Random(5)
    before = rng.getstate()
    play_bots(3, 5, [GreedyBot(), GreedyBot(), GreedyBot()], rng)
    assert rng.getstate() == before


def test_the_random_bot_uses_its_rng() -> None:
    state = find_state(3, lambda state: len(legal_moves(state)) >= 3 and not state.over)
    seen = view(state, state.hand.to_move)
    chosen = {RandomBot().choose(seen, random.Random(each)) for each in range(300)}
    assert chosen == set(legal_moves(state))


@pytest.mark.parametrize("kind", KINDS)
def test_a_bot_refuses_when_it_is_not_its_turn(kind: str) -> None:
    bot = make_bot(kind)
    state = new_game(4, seed=7)
    for seat in [1, 2, 3, None]:
        with pytest.raises(ValueError, match="no legal moves"):
            bot.choose(view(state, seat), random.Random(0))
    last, move = play_bots(2, 3, [RandomBot(), RandomBot()], random.Random(3))[-1]
    over = apply(last, move)
    assert over.over
    with pytest.raises(ValueError, match="no legal moves"):
        bot.choose(view(over, 0), random.Random(0))


def test_make_bot_and_the_registry() -> None:
    assert set(BOTS) >= {"random", "greedy"}
    for name in BOTS:
        bot = make_bot(name)
        assert bot.name == name
        assert make_bot(name) is not bot
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    with pytest.raises(KeyError, match="no Eights bot named 'clever'; choose from"):
        make_bot("clever")


# --------------------------------------------------------------------------- the greedy rule


def test_wt8_letter_worth_is_the_points_a_letter_stands_for() -> None:
    assert set(LETTER_WORTH) == set("eiotnrvfgshwxu")
    assert max(LETTER_WORTH, key=LETTER_WORTH.__getitem__) == "e"
    assert min(LETTER_WORTH, key=LETTER_WORTH.__getitem__) == "w"
    assert LETTER_WORTH["x"] == pytest.approx(6 / 3)  # only in SIX
    assert sum(LETTER_WORTH.values()) == pytest.approx(sum(range(1, 9)))


def test_wt8_greedy_spells_the_highest_value_word_then_keeps_the_best_letters() -> None:
    # FOUR (4) and SIX (6) can be spelled; SIX replaces 8i by 8f or 8r: the r is worth less.
    state = seat0_position("4e 6h 6o 6s 8f 8r 8x", "1e 2e 3i 4t 5r 6u 7s 8i")
    moves = legal_moves(state)
    assert [str(move) for move in moves] == [
        "FOUR 6o 8f 8r 6u>6h",
        "FOUR 6o 8f 8r 6u>6s",
        "SIX 6s 8x 8i>8f",
        "SIX 6s 8x 8i>8r",
    ]
    assert GreedyBot().choose(view(state, 0), random.Random(0)) == parse_move("SIX 6s 8x 8i>8r")


def test_wt8_greedy_tie_break_keeps_the_letters_worth_more_not_the_listing_order() -> None:
    state = seat0_position("6o 7i 8f 8i 8r 8w 8x", "1v 2e 3f 4t 5r 6u 7t 8o")
    moves = legal_moves(state)
    fours = [move for move in moves if isinstance(move, Spell) and move.word == "FOUR"]
    assert [str(move) for move in fours] == [
        "FOUR 8f 8r 6u>6o 8o>8i",
        "FOUR 8f 8r 6u>6o 8o>8w",
        "FOUR 8f 8r 6u>6o 8o>8x",
    ]
    # Every FOUR spends four hand cards; the one that gives up the w (worth least) wins.
    assert GreedyBot().choose(view(state, 0), random.Random(0)) == parse_move("FOUR 8f 8r 6u>6o 8o>8w")


def test_wt1_worked_example_2_greedy_keeps_the_e() -> None:
    # B's two spellings of FIVE: with the hand's 3e, or with the table's 1e replaced by 1o.
    state = seat0_position("1o 2f 3e 4v 5s 6h 8r", "1e 2i 3g 4e 5o 6s 7h 8i")
    assert GreedyBot().choose(view(state, 0), random.Random(0)) == parse_move("FIVE 2f 4v 1e>1o 8i>8r")


def test_greedy_ties_in_worth_go_to_the_first_listed_spelling() -> None:
    hand = parse_cards("1e 1e 2f 3e 4v 5s 6h")
    spells = (
        Spell("FIVE", parse_cards("2f 3e 4v"), parse_cards("8i"), parse_cards("8x")),
        Spell("FIVE", parse_cards("2f 4v"), parse_cards("1e 8i"), parse_cards("1e 8x")),
    )
    assert sorted(card.letter for card in spells[0].spent) == sorted(card.letter for card in spells[1].spent)
    assert greedy_choice(spells, hand, (), 10) is spells[0]
    assert greedy_choice(spells[::-1], hand, (), 10) is spells[1]


def test_wp1_greedy_exchange_drops_surplus_copies_and_cheap_letters_first() -> None:
    hand = parse_cards("1e 1o 2e 3e 4w 5x 8w")
    unseen = parse_cards("1i 2i 3s 6e")  # a draw is worth about 5.07 on average
    assert greedy_exchange(hand, unseen, 5) == parse_cards("1o 3e 4w 5x 8w")
    # The third e and the second w are surplus (worth 0) and go first.
    assert greedy_exchange(hand, unseen, 2) == parse_cards("3e 8w")
    assert greedy_exchange(hand, unseen, 3) == parse_cards("3e 4w 8w")
    # Draws worth little: keep everything but the surplus copies.
    assert greedy_exchange(hand, parse_cards("4w 8w"), 7) == parse_cards("3e 8w")
    assert greedy_exchange(hand, unseen, 0) == ()
    assert greedy_exchange(hand, (), 5) == ()


def test_wp2_greedy_never_exchanges_more_than_the_stack_holds() -> None:
    state = find_state(
        2,
        lambda state: (
            not state.over
            and 0 < len(state.hand.stack) < 3
            and isinstance(legal_moves(state)[0], Pass)
            and len(greedy_exchange(state.hand.hands[state.hand.to_move], parse_cards("1i 2i 3s"), 8)) >= 3
        ),
    )
    move = GreedyBot().choose(view(state, state.hand.to_move), random.Random(0))
    assert isinstance(move, Pass)
    assert len(move.exchange) == len(state.hand.stack)
    assert move in legal_moves(state)


@given(state=reached_states(max_moves=120))
def test_wp2_greedy_passes_only_when_it_cannot_spell_and_within_the_stack(state: GameState) -> None:
    if state.over:
        return
    seat = state.hand.to_move
    move = GreedyBot().choose(view(state, seat), random.Random(0))
    spells = [move for move in legal_moves(state) if isinstance(move, Spell)]
    if spells:
        assert isinstance(move, Spell) and move.value == max(spell.value for spell in spells)
    else:
        assert isinstance(move, Pass)
        assert len(move.exchange) <= len(state.hand.stack)
        assert not Counter(move.exchange) - Counter(state.hand.hands[seat])


def test_wr1_greedy_spells_even_when_it_may_pass_freely() -> None:
    table = "1e 2i 3g 4e 5o 6s 7h 8i"
    hand = "1o 2f 3e 4v 5s 6h 8r"
    rest = rest_of_deck(table, hand)
    state = position([hand, rest[:7], rest[7:14]], table=table, stack=rest[14:], rules=Rules(may_pass_freely=True))
    assert isinstance(legal_moves(state)[-1], Pass)
    assert GreedyBot().choose(view(state, 0), random.Random(0)) == parse_move("FIVE 2f 4v 1e>1o 8i>8r")


def test_greedy_choice_refuses_no_moves() -> None:
    with pytest.raises(ValueError, match="no legal moves"):
        greedy_choice((), (), (), 0)


def test_greedy_beats_random_over_whole_games() -> None:
    wins = 0.0
    for seed in range(40):
        bots: list[Bot] = [GreedyBot(), RandomBot()] if seed % 2 == 0 else [RandomBot(), GreedyBot()]
        greedy = seed % 2
        last, move = play_bots(2, seed, bots, random.Random(seed))[-1]
        outcome = apply(last, move).outcome
        assert outcome is not None
        if greedy in outcome.winners:
            wins += 1 / len(outcome.winners)
    assert wins >= 26  # it wins about 80% of two-player games
