"""Bots of Eights: legal, reproducible, and GreedyBot's documented rule (WT8, WP2)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from eights_strategies import find_state, reached_states
from hypothesis import given
from hypothesis import strategies as st

from eighthalf.eights import (
    Drew,
    Event,
    GameState,
    Move,
    Pass,
    Passed,
    PlayerView,
    Rules,
    Spell,
    apply,
    apply_with_events,
    events_for,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
    position,
    rest_of_deck,
    sample_state,
    view,
)
from eighthalf.games.eighthalf import bots as halfbots
from eighthalf.games.eights.bots import (
    BOTS,
    LETTER_WORTH,
    Bot,
    GreedyBot,
    ISMCTSBot,
    Observer,
    RandomBot,
    SearchBot,
    _candidates,
    greedy_choice,
    greedy_exchange,
    greedy_move,
    make_bot,
    observes,
    tell,
)
from eighthalf.players import players

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
    for kind in KINDS:  # the search bot: test_wt1_wp2_search_bot_chooses_a_legal_move_at_random_positions
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
    assert set(BOTS) == {"random", "greedy", "search", "ismcts", "prospect"}
    for name in BOTS:
        bot = make_bot(name)
        assert bot.name == name
        assert make_bot(name) is not bot
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("search"), SearchBot)
    assert isinstance(make_bot("ismcts"), ISMCTSBot)
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


@given(state=reached_states(max_moves=120))
def test_greedy_move_is_the_greedy_bots_move(state: GameState) -> None:
    if state.over:
        return
    assert greedy_move(state) == GreedyBot().choose(view(state, state.hand.to_move), random.Random(0))


# --------------------------------------------------------------------------- the search bot


def fast_search() -> SearchBot:
    return SearchBot(iterations=3, candidates=4)


@pytest.mark.parametrize("players_", [2, 4])
def test_search_bot_plays_only_legal_moves_and_is_reproducible(players_: int) -> None:
    def bots() -> list[Bot]:
        return [fast_search() if seat % 2 == 0 else GreedyBot() for seat in range(players_)]

    first = play_bots(players_, 9, bots(), random.Random(9))
    assert first == play_bots(players_, 9, bots(), random.Random(9))


@given(state=reached_states(max_moves=120), rng_seed=st.integers(min_value=0, max_value=2**32))
def test_wt1_wp2_search_bot_chooses_a_legal_move_at_random_positions(state: GameState, rng_seed: int) -> None:
    if state.over:
        return
    move = SearchBot(iterations=2).choose(view(state, state.hand.to_move), random.Random(rng_seed))
    assert move in legal_moves(state)


def test_wi2_wi3_search_bot_cannot_see_hidden_cards() -> None:
    """Given the same view, a fresh bot makes the same move whatever the hidden cards are."""

    def deep(turns: int) -> Callable[[GameState], bool]:
        return lambda state: len(legal_moves(state)) > 2 and state.hand.turns > turns

    checked = 0
    for seed in range(6):
        state = find_state(3, deep(3 + seed))
        seat = state.hand.to_move
        seen = view(state, seat)
        other = sample_state(seen, random.Random(99))
        assert other != state and view(other, seat) == seen
        first = SearchBot(iterations=6).choose(view(state, seat), random.Random(seed))
        assert first == SearchBot(iterations=6).choose(view(other, seat), random.Random(seed))
        checked += 1
    assert checked == 6


def test_search_bot_with_infinite_confidence_plays_the_greedy_move() -> None:
    state = new_game(3, seed=13)
    for decision in range(30):
        seen = view(state, state.hand.to_move)
        move = SearchBot(iterations=2, confidence=float("inf")).choose(seen, random.Random(decision))
        assert move == GreedyBot().choose(seen, random.Random(0))
        state = apply(state, move)


def test_search_bot_with_one_candidate_plays_the_greedy_move_without_sampling() -> None:
    state = find_state(3, lambda state: len(legal_moves(state)) > 2)
    seen = view(state, state.hand.to_move)
    rng = random.Random(1)
    before = rng.getstate()
    assert SearchBot(candidates=1).choose(seen, rng) == GreedyBot().choose(seen, rng)
    assert rng.getstate() == before


def test_wp2_search_bot_compares_exchanges_within_the_stack() -> None:
    state = find_state(
        2,
        lambda state: not state.over and 0 < len(state.hand.stack) < 3 and isinstance(legal_moves(state)[0], Pass),
    )
    move = SearchBot(iterations=4).choose(view(state, state.hand.to_move), random.Random(0))
    assert isinstance(move, Pass) and len(move.exchange) <= len(state.hand.stack)


@given(state=reached_states(max_moves=120), limit=st.integers(min_value=1, max_value=10))
def test_wt7_wp2_search_candidates_are_distinct_legal_moves_the_greedy_one_first(state: GameState, limit: int) -> None:
    if state.over:
        return
    seen = view(state, state.hand.to_move)
    moves = legal_moves(state)
    chosen = _candidates(seen, moves, limit)
    assert 1 <= len(chosen) <= limit and len(set(chosen)) == len(chosen)
    assert all(move in moves for move in chosen)
    assert chosen[0] == GreedyBot().choose(seen, random.Random(0))
    words = [move.word for move in chosen if isinstance(move, Spell)]
    distinct = len({move.word for move in moves if isinstance(move, Spell)})
    assert len(set(words[:distinct])) == len(words[:distinct]), "the best spelling of each word comes first"
    assert all(len(move.exchange) <= len(state.hand.stack) for move in chosen if isinstance(move, Pass))


@pytest.mark.parametrize("options", [{"iterations": 0}, {"candidates": 0}, {"confidence": -1.0}, {"time_limit": -0.5}])
def test_search_bot_refuses_bad_settings(options: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        SearchBot(**options)  # type: ignore[arg-type]


def test_search_bot_with_a_zero_time_limit_still_moves() -> None:
    state = find_state(3, lambda state: len(legal_moves(state)) > 2)
    seen = view(state, state.hand.to_move)
    assert SearchBot(iterations=500, time_limit=0.0).choose(seen, random.Random(1)) in legal_moves(state)


# --------------------------------------------------------------------------- the shared protocol


class _Watcher:
    """A bot of Eights that plays greedily and records everything it is shown."""

    name = "watcher"

    def __init__(self) -> None:
        self.shown: list[tuple[tuple[Event, ...], PlayerView]] = []

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        return GreedyBot().choose(seen, rng)

    def observe(self, events: Sequence[Event], seen: PlayerView) -> None:
        self.shown.append((tuple(events), seen))


def test_wi2_wi3_wp3_tell_shows_each_observer_its_own_events_and_view() -> None:
    watcher = _Watcher()
    bots: list[object] = [watcher, GreedyBot(), RandomBot()]  # only the watcher observes
    assert observes(bots) and not observes([GreedyBot(), RandomBot()])
    assert isinstance(watcher, Observer) and isinstance(watcher, players.Observer)
    assert not isinstance(GreedyBot(), Observer)
    state, rng = new_game(3, seed=5), random.Random(5)
    moves = 0
    while not state.over:
        seat = state.hand.to_move
        move = (watcher if seat == 0 else RandomBot()).choose(view(state, seat), rng)
        state, events = apply_with_events(state, move)
        tell(bots, events, state)
        moves += 1
        shown_events, shown_view = watcher.shown[-1]
        assert shown_events == events_for(events, 0) and shown_view == view(state, 0)
    assert len(watcher.shown) == moves
    shown = [event for events, _ in watcher.shown for event in events]
    drawn = [event for event in shown if isinstance(event, Drew)]
    assert drawn and all((event.cards is None) == (event.seat != 0) for event in drawn)
    exchanged = [event for event in shown if isinstance(event, Passed) and event.count]
    assert exchanged and all((event.exchange is None) == (event.seat != 0) for event in exchanged)


def test_tell_takes_a_mapping_of_seats() -> None:
    watcher = _Watcher()
    state = new_game(4, seed=3)
    state, events = apply_with_events(state, legal_moves(state)[0])
    tell({2: watcher}, events, state)
    assert watcher.shown == [(events_for(events, 2), view(state, 2))]


def test_both_games_bots_are_the_shared_protocol() -> None:
    """The Eights bots and 8½'s are specialisations of the one protocol of eighthalf.players.players."""
    eights_bot: players.Bot[PlayerView, Move] = GreedyBot()
    half_bot: halfbots.Bot = halfbots.GreedyBot()
    assert isinstance(eights_bot, GreedyBot) and half_bot.name == eights_bot.name == "greedy"
    assert halfbots.observes is players.observes is observes
    assert halfbots.paired_choice is players.paired_choice
    with pytest.raises(KeyError, match="no bot named 'x'; choose from"):
        halfbots.make_bot("x")


def test_the_type_checker_keeps_the_games_bots_apart(tmp_path: Path) -> None:
    """mypy --strict accepts each game's bots as that game's Bot and refuses them as the other's."""
    from mypy import api

    code = tmp_path / "mixed.py"
    code.write_text(
        "from eighthalf import bots as half\n"
        "from eighthalf.players.players import Bot\n"
        "from eighthalf.eights import Move, PlayerView\n"
        "from eighthalf.eights import bots as eights\n"
        "good: eights.Bot = eights.SearchBot()\n"
        "also: Bot[PlayerView, Move] = eights.GreedyBot()\n"
        "fine: half.Bot = half.GreedyBot()\n"
        "wrong: eights.Bot = half.GreedyBot()\n"
        "wrong_too: half.Bot = eights.RandomBot()\n",
        encoding="utf-8",
    )
    stdout, _, status = api.run(["--strict", "--no-incremental", str(code)])
    assert status == 1
    errors = [line for line in stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["8", "9"], stdout


# --------------------------------------------------------------------------- the strength script


def test_the_strength_script_plays_rotated_seeded_games(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import eights_strength

    lineup = eights_strength.LINEUPS["search-greedy"]

    def outcomes() -> list[tuple[float, int, float, int]]:
        results = eights_strength.run_lineup(lineup, 3, 2, seed=4, iterations=2)
        return [(result.share, result.points, result.field_points, result.decisions) for result in results]

    first = outcomes()
    assert first == outcomes()  # seeded: only the times differ between runs
    assert all(0 <= share <= 1 and decisions > 0 for share, _, _, decisions in first)
    assert eights_strength.main(["--games", "2", "--lineups", "greedy-random", "--players", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("| greedy-random  | 2 |     2 |")
    with pytest.raises(SystemExit):
        eights_strength.main(["--lineups", "nobody"])
    low, high = eights_strength.wilson(0, 10)
    assert low == pytest.approx(0, abs=1e-12) and 0 < high < 0.35


# --------------------------------------------------------------------------- the strength script's own entrants


def test_the_strength_scripts_thrifty_bot_plays_legal_moves_and_draws_nothing() -> None:
    from benchmarks import eights_strength

    rng = random.Random(3)
    before = rng.getstate()
    for seats in (2, 4):
        play_bots(seats, 3, [eights_strength.ThriftyBot() for _ in range(seats)], rng)
    assert rng.getstate() == before


def test_the_strength_scripts_ladder_seats_its_own_entrants_and_times_each_decision() -> None:
    from benchmarks import eights_strength

    order = ("thrifty", "greedy", "random", "search-wide")
    entries = eights_strength.ladder_game(order, 0, 0)
    assert set(entries) == set(order) and sum(entry.wins for entry in entries.values()) == pytest.approx(1)
    assert all(len(entry.times) == entry.decisions for entry in entries.values())
    again = eights_strength.ladder_game(order, 0, 0)  # seeded: only the times differ
    assert [entry.wins for entry in again.values()] == [entry.wins for entry in entries.values()]
