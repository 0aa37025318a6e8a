"""Bots: legal, reproducible, and GreedyBot's documented heuristic."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import (
    BlindPlay,
    Collect,
    GameState,
    HandPlay,
    Move,
    Rank,
    Rules,
    Seat,
    apply,
    apply_with_events,
    legal_moves,
    new_game,
    position,
    rest_of_deck,
    view,
)
from eighthalf.bots import (
    BOTS,
    Bot,
    GreedyBot,
    ISMCTSBot,
    Observer,
    RandomBot,
    SearchBot,
    choose_exchange,
    exchange_choice,
    greedy_choice,
    make_bot,
    observes,
    tell,
    tell_match,
)
from eighthalf.games.eighthalf.events import Caught, Drew, Event, events_for
from eighthalf.games.eighthalf.views import PlayerView
from eighthalf.players.search import Node, TreeSearch

R = Rank


def play_bots(players: int, seed: int, bots: Sequence[Bot], rng: random.Random) -> list[tuple[GameState, Move]]:
    """A round between bots: every (state, move chosen).

    Greedy bots can go round in circles for ever (E7 knows this), hence the move limit.
    """
    state = new_game(players, seed=seed, rules=Rules(move_limit=600))
    out: list[tuple[GameState, Move]] = []
    while not state.over:
        seat = state.to_move
        move = bots[seat].choose(view(state, seat), rng)
        assert move in legal_moves(state)
        out.append((state, move))
        state = apply(state, move)
    return out


def _is_catch(state: GameState, move: Move) -> bool:
    return any(isinstance(event, Caught) for event in apply_with_events(state, move)[1])


def _is_risky(state: GameState, move: Move) -> bool:
    """True if the move leaves its player at risk (P8)."""
    return apply(state, move).at_risk == state.to_move


# --------------------------------------------------------------------------- legality, determinism


@pytest.mark.parametrize("kind", ["random", "greedy"])
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**64),
    rng_seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_bot_only_plays_legal_moves(kind: str, players: int, seed: int, rng_seed: int) -> None:
    bot = make_bot(kind)
    play_bots(players, seed, [bot] * players, random.Random(rng_seed))


@pytest.mark.parametrize("seed", range(10))
def test_bots_choose_legal_moves_at_random_positions(seed: int) -> None:
    state = new_game(2 + seed % 4, seed=seed)
    rng = random.Random(seed)
    bots: list[Bot] = [RandomBot(), GreedyBot()]
    while not state.over:
        seen = view(state, state.to_move)
        for bot in bots:
            assert bot.choose(seen, random.Random(seed)) in legal_moves(state)
        state = apply(state, rng.choice(legal_moves(state)))


@pytest.mark.parametrize("seed", range(5))
def test_bots_are_deterministic_given_the_rng(seed: int) -> None:
    bots: list[Bot] = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
    first = play_bots(4, seed, bots, random.Random(seed))
    second = play_bots(4, seed, [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()], random.Random(seed))
    assert first == second


def test_the_random_bot_uses_its_rng() -> None:
    state = new_game(3, seed=1)
    rng = random.Random(0)
    while len(legal_moves(state)) < 3:
        state = apply(state, rng.choice(legal_moves(state)))
    seen = view(state, state.to_move)
    chosen = {RandomBot().choose(seen, random.Random(each)) for each in range(50)}
    assert chosen == set(legal_moves(state))


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_a_bot_refuses_when_it_is_not_its_turn(kind: str) -> None:
    bot = make_bot(kind)
    state = new_game(4, seed=7)
    for seat in [0, 1, 3, None]:
        with pytest.raises(ValueError):
            bot.choose(view(state, seat), random.Random(0))
    final = play_bots(2, 3, [RandomBot(), RandomBot()], random.Random(3))[-1]
    over = apply(*final)
    assert over.over
    with pytest.raises(ValueError):
        bot.choose(view(over, over.to_move), random.Random(0))


def test_make_bot() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert make_bot("random").name == "random"
    assert make_bot("greedy").name == "greedy"
    assert make_bot("greedy") is not make_bot("greedy")
    assert {"random", "greedy"} <= set(BOTS)
    with pytest.raises(KeyError, match="nope"):
        make_bot("nope")


# --------------------------------------------------------------------------- GreedyBot's heuristic


def two_seats(mine: tuple[Rank, ...], pile: list[tuple[Rank, int]], to_move: int = 0) -> GameState:
    """Seat 0 on the table holding ``mine``; seat 1 holds 1, 2, 3 and the rest lies aside."""
    other_hand = (R.ONE, R.TWO, R.THREE)
    rest = rest_of_deck(mine, other_hand, [rank for rank, _ in pile])
    me = Seat(hand=mine, bank=(), open=(), blind=(), on_table=True)
    other = Seat(hand=other_hand, bank=(), open=rest[:3], blind=rest[3:6], collected=rest[6:])
    return position([me, other], pile=pile, to_move=to_move)


@pytest.mark.parametrize(
    ("hand", "pile", "catch"),
    [
        ((R.SEVEN, R.EIGHT, R.HALF), [(R.SIX, 0), (R.HALF, 1)], HandPlay(R.SEVEN)),
        ((R.SEVEN, R.SEVEN, R.NINE), [(R.SIX, 0), (R.HALF, 1)], HandPlay(R.SEVEN, 2)),
        ((R.ZERO, R.HALF, R.GHOST, R.NINE), [(R.EIGHT, 0), (R.HALF, 1)], HandPlay(R.NINE)),
        ((R.FIVE, R.SIX, R.GHOST), [(R.FOUR, 0), (R.HALF, 1)], HandPlay(R.FIVE)),
        ((R.FOUR, R.GHOST, R.HALF), [(R.THREE, 0), (R.HALF, 1), (R.GHOST, 0), (R.GHOST, 1)], HandPlay(R.FOUR)),
    ],
)
def test_P8_greedy_catches_when_it_can(hand: tuple[Rank, ...], pile: list[tuple[Rank, int]], catch: Move) -> None:
    state = two_seats(hand, pile)
    assert catch in legal_moves(state) and len(legal_moves(state)) > 1
    chosen = GreedyBot().choose(view(state, 0), random.Random(0))
    assert chosen == catch
    assert _is_catch(state, chosen)


@pytest.mark.parametrize(
    ("hand", "pile"),
    [
        ((R.NINE, R.HALF, R.GHOST), [(R.SIX, 1)]),  # ½ would make 6½
        ((R.EIGHT, R.HALF, R.GHOST), [(R.SEVEN, 1)]),  # ½ or 8½ would be catchable
        ((R.HALF, R.GHOST, R.ZERO), [(R.SEVEN, 1)]),  # ½ would make 7½
        ((R.HALF, R.GHOST, R.TWO), [(R.SIX, 0), (R.HALF, 1)]),  # a Ghost on 6½ is at risk; ½ makes 7
    ],
)
def test_P8_greedy_avoids_leaving_a_catchable_half_call(hand: tuple[Rank, ...], pile: list[tuple[Rank, int]]) -> None:
    state = two_seats(hand, pile)
    moves = legal_moves(state)
    assert any(_is_risky(state, move) for move in moves)
    chosen = GreedyBot().choose(view(state, 0), random.Random(0))
    assert not _is_risky(state, chosen)


def test_greedy_still_plays_when_every_play_is_risky() -> None:
    state = two_seats((R.HALF, R.ONE, R.TWO), [(R.SIX, 1)])
    assert legal_moves(state) == (HandPlay(R.HALF),)
    assert GreedyBot().choose(view(state, 0), random.Random(0)) == HandPlay(R.HALF)


def test_greedy_keeps_the_flexible_cards() -> None:
    state = two_seats((R.ZERO, R.NINE, R.HALF, R.GHOST, R.SEVEN), [(R.FOUR, 1)])
    assert GreedyBot().choose(view(state, 0), random.Random(0)) == HandPlay(R.SEVEN)
    state = two_seats((R.ZERO, R.HALF, R.GHOST), [(R.FOUR, 1)])
    assert GreedyBot().choose(view(state, 0), random.Random(0)) == HandPlay(R.ZERO)


@pytest.mark.parametrize("seed", range(12))
def test_greedy_s_heuristic_holds_in_random_positions(seed: int) -> None:
    state = new_game(2 + seed % 4, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.over:
        moves = legal_moves(state)
        if len(moves) > 1 and not isinstance(moves[0], (BlindPlay, Collect)):
            chosen = GreedyBot().choose(view(state, state.to_move), random.Random(seed))
            if any(_is_catch(state, move) for move in moves):
                assert _is_catch(state, chosen)
            elif any(not _is_risky(state, move) for move in moves):
                assert not _is_risky(state, chosen)
            checked += 1
        state = apply(state, rng.choice(moves))
    assert checked


# -- SearchBot --------------------------------------------------------------------------


def _search_game(players: int, seed: int, search_seat: int, **options: object) -> list[tuple[GameState, Move]]:
    """A round with one small-budget SearchBot among greedy bots."""
    bots: list[Bot] = [GreedyBot() for _ in range(players)]
    bots[search_seat] = SearchBot(iterations=3, **options)  # type: ignore[arg-type]
    return play_bots(players, seed, bots, random.Random(seed))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_search_bot_plays_only_legal_moves_and_is_reproducible(players: int, seed: int) -> None:
    first = _search_game(players, seed, seed % players)
    assert all(move in legal_moves(state) for state, move in first)
    assert _search_game(players, seed, seed % players) == first


def test_search_bot_is_registered() -> None:
    assert BOTS["search"] is SearchBot
    assert isinstance(make_bot("search"), SearchBot)


@pytest.mark.parametrize("options", [{"iterations": 0}, {"model": "x"}, {"confidence": -1.0}, {"horizon": -1}])
def test_search_bot_refuses_bad_settings(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        SearchBot(**options)  # type: ignore[arg-type]


def test_search_bot_refuses_when_it_is_not_its_turn() -> None:
    state = new_game(4, seed=7)
    with pytest.raises(ValueError, match="no legal moves"):
        SearchBot(iterations=2).choose(view(state, (state.to_move + 1) % 4), random.Random(1))
    with pytest.raises(ValueError, match="no legal moves"):
        SearchBot(iterations=2).choose(view(state, None), random.Random(1))


def test_search_bot_samples_look_like_its_view() -> None:
    rng = random.Random(5)
    bot = SearchBot(iterations=2)
    others = GreedyBot()
    state = new_game(4, seed=11, rules=Rules(move_limit=400))
    checked = 0
    while not state.over:
        seat = state.to_move
        seen = view(state, seat)
        if seat == 0:
            for _ in range(3):
                assert view(bot.sample(seen, rng), 0) == seen
                checked += 1
            move = bot.choose(seen, rng)
        else:
            move = others.choose(seen, rng)
        state = apply(state, move)
    assert checked > 10


def test_search_bot_cannot_see_hidden_cards() -> None:
    """Given the same view, a fresh bot makes the same move whatever the hidden cards are."""
    from eighthalf.games.eighthalf.views import sample_state

    state = new_game(4, seed=21)
    for _ in range(12):  # a few moves in, so that plays have choices
        state = apply(state, legal_moves(state)[0])
    seen = view(state, state.to_move)
    other = sample_state(seen, random.Random(99))
    assert other != state and view(other, state.to_move) == seen
    first = SearchBot(iterations=4).choose(view(state, state.to_move), random.Random(3))
    second = SearchBot(iterations=4).choose(view(other, state.to_move), random.Random(3))
    assert first == second


def test_search_bot_with_infinite_confidence_plays_the_greedy_move() -> None:
    state = new_game(4, seed=13, rules=Rules(move_limit=300))
    decisions = 0
    while not state.over and decisions < 25:
        seen = view(state, state.to_move)
        move = SearchBot(iterations=2, confidence=float("inf")).choose(seen, random.Random(decisions))
        assert move is greedy_choice(seen.legal_moves(), seen.call_halves, seen.locked, random.Random(decisions))
        state = apply(state, move)
        decisions += 1
    assert decisions == 25 or state.over


def test_search_bot_with_a_zero_time_limit_still_moves() -> None:
    state = new_game(3, seed=4)
    state = apply(state, legal_moves(state)[0])
    seen = view(state, state.to_move)
    assert SearchBot(iterations=50, time_limit=0.0).choose(seen, random.Random(1)) in seen.legal_moves()


# --------------------------------------------------------------------------- what bots see between turns


class _Watcher:
    """A bot that plays greedily and records everything it is shown."""

    name = "watcher"

    def __init__(self) -> None:
        self.shown: list[tuple[tuple[Event, ...], PlayerView]] = []

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        return GreedyBot().choose(seen, rng)

    def observe(self, events: Sequence[Event], seen: PlayerView) -> None:
        self.shown.append((tuple(events), seen))


def test_i2_i3_tell_shows_each_observer_its_own_events_and_view() -> None:
    watcher = _Watcher()
    bots: list[object] = [watcher, GreedyBot(), RandomBot()]  # only the watcher observes
    assert observes(bots) and not observes([GreedyBot(), RandomBot()])
    assert isinstance(watcher, Observer) and not isinstance(GreedyBot(), Observer)
    state, rng = new_game(3, seed=5, rules=Rules(move_limit=400)), random.Random(5)
    moves = 0
    while not state.over:
        seat = state.to_move
        move = (watcher if seat == 0 else GreedyBot()).choose(view(state, seat), rng)
        state, events = apply_with_events(state, move)
        tell(bots, events, state)
        moves += 1
        shown_events, shown_view = watcher.shown[-1]
        assert shown_events == events_for(events, 0) and shown_view == view(state, 0)
    assert len(watcher.shown) == moves
    drawn = [event for shown, _ in watcher.shown for event in shown if isinstance(event, Drew)]
    assert drawn and all((event.cards is None) == (event.seat != 0) for event in drawn)


def test_the_demo_and_the_simulations_show_observers_every_move() -> None:
    from eighthalf.games.eighthalf.demo import run_demo

    watcher = _Watcher()
    lines: list[str] = []
    run_demo(3, 4, [watcher, GreedyBot(), GreedyBot()], write=lines.append)
    assert len(watcher.shown) == len(lines) - 4  # a header line and one per seat, then one per move
    assert watcher.shown[-1][1].over


@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=5))
def test_c1_l1_search_bots_known_cards_are_really_in_the_opponents_hands(seed: int, players: int) -> None:
    """What SearchBot.observe remembers of on-the-table hands (piles it saw go in) is true."""
    bot = SearchBot(iterations=1)
    bots: list[Bot] = [bot] + [GreedyBot() for _ in range(players - 1)]
    state, rng = new_game(players, seed=seed, rules=Rules(move_limit=500)), random.Random(seed)
    while not state.over:
        seat = state.to_move
        move = bots[seat].choose(view(state, seat), rng)
        state, events = apply_with_events(state, move)
        tell(bots, events, state)
        for other, known in bot._known.items():
            assert other != 0
            hand = list(state.seats[other].hand)
            for rank in known:
                assert rank in hand
                hand.remove(rank)


@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=5))
def test_t1_t4_the_history_of_opponents_decisions_is_true(seed: int, players: int) -> None:
    """Every decision ISMCTSBot(history=...) records from the events fits the opponent's real
    hand (the greedy model is exact against GreedyBots), and the hand it deals has the real size."""
    bot = ISMCTSBot(iterations=1, history=3)
    bots: list[Bot] = [bot] + [GreedyBot() for _ in range(players - 1)]
    state, rng = new_game(players, seed=seed, rules=Rules(move_limit=300)), random.Random(seed)
    checked: list[object] = []
    while not state.over:
        seat = state.to_move
        move = bots[seat].choose(view(state, seat), rng)
        history = bot._steps.get(seat)
        before, previous = state, history[-1] if history else None
        state, events = apply_with_events(state, move)
        tell(bots, events, state)
        steps = bot._steps.get(seat)
        if seat != 0 and steps and steps[-1] is not previous:  # a decision just recorded
            step = steps[-1]
            checked.append(step)
            hand = list(before.seats[seat].hand)
            for rank in step.played:
                hand.remove(rank)
            assert len(hand) == step.kept and bot._fits(step, hand, state.rules.variant)
        for other, kept in bot._steps.items():
            assert other != 0 and 1 <= len(kept) <= 3
            if not state.seats[other].on_table:
                assert len(state.seats[other].hand) == kept[-1].kept + kept[-1].drawn
        if seat != 0 and not state.over and state.to_move == 0:
            seen = view(state, 0)
            dealt = bot.sample(seen, random.Random(seed))
            assert view(dealt, 0) == seen
    assert checked or state.move_number < 8


def test_m3_bots_decide_the_exchange_from_their_match_view() -> None:
    from eighthalf import new_match, view_match
    from eighthalf.games.eighthalf.terminal import exchange_choice as terminal_choice

    match = new_match(3, seed=2, rounds=3)
    rng = random.Random(2)
    decided = 0
    bots: list[Bot] = [RandomBot(), GreedyBot(), ISMCTSBot(iterations=2)]
    while not match.over:
        seat = match.to_move
        if match.exchange_by is not None:
            seen = view_match(match, seat)
            move: object = choose_exchange(bots[seat], seen, rng)
            assert move in seen.legal_moves()
            assert exchange_choice(seen) == terminal_choice(seen)
            if not isinstance(bots[seat], RandomBot):
                assert move == exchange_choice(seen)
            other = (seat + 1) % 3
            with pytest.raises(ValueError, match="no exchange is pending"):
                choose_exchange(bots[other], view_match(match, other), rng)
            decided += 1
        else:
            move = bots[seat].choose(view_match(match, seat).round, rng)
        before = match
        match, events = match.apply_with_events(move)
        tell_match(bots, before, move, events)
    assert decided >= 1


def test_m3_a_bot_without_exchange_gets_the_default_decision() -> None:
    from eighthalf import new_match, view_match

    match = new_match(2, seed=1, rounds=2)
    while match.exchange_by is None:
        match = match.apply(match.legal_moves()[0])
    seen = view_match(match, match.exchange_by)

    class Plain:
        name = "plain"

        def choose(self, seen: PlayerView, rng: random.Random) -> Move:
            return seen.legal_moves()[0]

    assert choose_exchange(Plain(), seen, random.Random(0)) == exchange_choice(seen)
    with pytest.raises(ValueError, match="no exchange is pending"):
        exchange_choice(view_match(match, 1 - match.exchange_by))


# --------------------------------------------------------------------------- ISMCTSBot


@pytest.mark.parametrize("root", ["paired", "ucb"])
@pytest.mark.parametrize("opponents", ["greedy", "tree"])
def test_ismcts_bot_plays_only_legal_moves_and_is_reproducible(root: str, opponents: str) -> None:
    def game() -> list[tuple[GameState, Move]]:
        bots: list[Bot] = [GreedyBot(), ISMCTSBot(iterations=4, root=root, opponents=opponents), GreedyBot()]
        return play_bots(3, 8, bots, random.Random(8))

    first = game()
    assert all(move in legal_moves(state) for state, move in first)
    assert game() == first


def test_ismcts_bot_is_registered() -> None:
    assert BOTS["ismcts"] is ISMCTSBot
    assert isinstance(make_bot("ismcts"), ISMCTSBot) and make_bot("ismcts").name == "ismcts"


@pytest.mark.parametrize(
    "options",
    [
        {"iterations": 0},
        {"root": "x"},
        {"opponents": "x"},
        {"exploration": -1.0},
        {"win_bonus": -1.0},
        {"model": "x"},
        {"prune": -0.5},
        {"prune_after": 0},
        {"history": 0},
    ],
)
def test_ismcts_bot_refuses_bad_settings(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ISMCTSBot(**options)  # type: ignore[arg-type]


def test_ismcts_bot_cannot_see_hidden_cards() -> None:
    from eighthalf.games.eighthalf.views import sample_state

    state = new_game(4, seed=21)
    for _ in range(12):
        state = apply(state, legal_moves(state)[0])
    seen = view(state, state.to_move)
    other = sample_state(seen, random.Random(99))
    assert other != state and view(other, state.to_move) == seen
    for options in (
        {"root": "paired"},
        {"root": "ucb"},
        {"prune": 0.0, "prune_after": 2},
        {"model": "greedy"},
        {"model": "mixed"},
    ):
        first = ISMCTSBot(iterations=6, **options).choose(view(state, state.to_move), random.Random(3))
        second = ISMCTSBot(iterations=6, **options).choose(view(other, state.to_move), random.Random(3))
        assert first == second


def test_ismcts_bot_with_pruning_plays_legal_moves_and_is_reproducible() -> None:
    def game() -> list[tuple[GameState, Move]]:
        bots: list[Bot] = [GreedyBot(), ISMCTSBot(iterations=6, prune=1.0, prune_after=2, history=3), GreedyBot()]
        out: list[tuple[GameState, Move]] = []
        state, rng = new_game(3, seed=5, rules=Rules(move_limit=600)), random.Random(5)
        while not state.over:
            seat = state.to_move
            move = bots[seat].choose(view(state, seat), rng)
            out.append((state, move))
            state, events = apply_with_events(state, move)
            tell(bots, events, state)  # the ISMCTSBot observes every move for its history
        return out

    first = game()
    assert all(move in legal_moves(state) for state, move in first)
    assert game() == first


class _Counting(ISMCTSBot):
    """An ISMCTSBot that counts its tree walks."""

    walks = 0

    def walk(
        self, tree: TreeSearch[GameState, Move], root: Node[Move], state: GameState, me: int, rng: random.Random
    ) -> float:
        self.walks += 1
        return super().walk(tree, root, state, me, rng)


@pytest.mark.parametrize("seed", range(3))
def test_ismcts_bot_pruning_drops_moves_from_the_race(seed: int) -> None:
    state = new_game(4, seed=seed, rules=Rules(move_limit=400))
    rng = random.Random(seed)
    while len(legal_moves(state)) < 3 or isinstance(legal_moves(state)[0], BlindPlay):
        state = apply(state, rng.choice(legal_moves(state)))
    seen = view(state, state.to_move)
    moves = seen.legal_moves()
    full, pruned = _Counting(iterations=12, prune=None), _Counting(iterations=12, prune=0.0, prune_after=1)
    assert full.choose(seen, random.Random(1)) in moves
    assert pruned.choose(seen, random.Random(1)) in moves
    assert full.walks == 12 * len(moves)
    assert pruned.walks < full.walks  # a move that did no better than greedy on the first deal left the race


def test_ismcts_bot_with_infinite_confidence_plays_the_greedy_move() -> None:
    state = new_game(4, seed=13, rules=Rules(move_limit=300))
    for decisions in range(20):
        if state.over:
            break
        seen = view(state, state.to_move)
        move = ISMCTSBot(iterations=2, confidence=float("inf")).choose(seen, random.Random(decisions))
        assert move is greedy_choice(seen.legal_moves(), seen.call_halves, seen.locked, random.Random(decisions))
        state = apply(state, move)


def _nodes(node: Node[Move]) -> list[Node[Move]]:
    return [node] + [below for child in node.children.values() for below in _nodes(child)]


@pytest.mark.parametrize("seed", range(4))
def test_ismcts_bots_tree_counts_visits_and_availability(seed: int) -> None:
    state = new_game(4, seed=seed)
    rng = random.Random(seed)
    while len(legal_moves(state)) < 3:
        state = apply(state, rng.choice(legal_moves(state)))
    seen = view(state, state.to_move)
    bot = ISMCTSBot(iterations=40, root="ucb")
    root: Node[Move] = Node()
    tree = bot.tree(seen)
    for _ in range(40):
        bot.walk(tree, root, bot.sample(seen, rng), seen.to_move, rng)
    assert sum(child.visits for child in root.children.values()) == 40
    assert set(root.children) == set(seen.legal_moves())
    below = _nodes(root)[1:]
    assert len(below) > len(root.children)  # the tree grew below the root
    assert all(1 <= node.visits <= node.available for node in below)
    assert all(node.visits >= sum(child.visits for child in node.children.values()) for node in below)


def test_ismcts_bot_with_a_zero_time_limit_still_moves() -> None:
    state = new_game(3, seed=4)
    state = apply(state, legal_moves(state)[0])
    seen = view(state, state.to_move)
    assert ISMCTSBot(iterations=50, time_limit=0.0).choose(seen, random.Random(1)) in seen.legal_moves()


@pytest.mark.parametrize("seed", range(3))
def test_search_play_outs_choose_exactly_as_greedy_choice(seed: int) -> None:
    from eighthalf.games.eighthalf.bots.basic import _playout_choice

    state = new_game(4, seed=seed, rules=Rules(move_limit=300, lock_next_only=seed == 1, open_runs=seed == 2))
    picker = random.Random(seed)
    while not state.over:
        moves = legal_moves(state)
        first, second = random.Random(seed), random.Random(seed)
        variant = state.rules.variant
        expected = greedy_choice(moves, state.call_halves, state.locked, first, variant)
        assert _playout_choice(moves, state.call_halves, state.locked, second, variant) is expected
        assert first.getstate() == second.getstate()  # the same draws
        state = apply(state, picker.choice(moves))


@pytest.mark.parametrize("seed", range(3))
def test_the_search_play_out_policy_chooses_exactly_as_greedy_choice(seed: int) -> None:
    from eighthalf.games.eighthalf.bots.search import _policy

    state = new_game(4, seed=seed, rules=Rules(move_limit=300, lock_next_only=seed == 1, open_runs=seed == 2))
    picker = random.Random(seed)
    while not state.over:
        moves = legal_moves(state)
        first, second = random.Random(seed), random.Random(seed)
        expected = greedy_choice(moves, state.call_halves, state.locked, first, state.rules.variant)
        assert _policy(state, second) is expected
        assert first.getstate() == second.getstate()  # the same draws
        state = apply(state, picker.choice(moves))


# --------------------------------------------------------------------------- the mixed opponent model


def _mixed_round(seed: int, kind: type[SearchBot] = ISMCTSBot) -> tuple[SearchBot, GameState]:
    """One round of 4: an observing ``kind(model="mixed")`` at seat 0, RandomBot at 2, GreedyBots at 1 and 3."""
    bot = kind(iterations=1, model="mixed")
    bots: list[Bot] = [bot, GreedyBot(), RandomBot(), GreedyBot()]
    state, rng = new_game(4, seed=seed, rules=Rules(move_limit=300)), random.Random(seed)
    while not state.over:
        seat = state.to_move
        move = bots[seat].choose(view(state, seat), rng)
        state, events = apply_with_events(state, move)
        tell(bots, events, state)
    return bot, state


def test_the_mixed_model_weighs_a_random_player_towards_random_play() -> None:
    """From the plays it observes, the bot gives the RandomBot a far higher chance of random play
    than the GreedyBots, and the greedy model (ε = 0) stays the most likely for a GreedyBot."""
    random_seat, greedy_seats, greedy_most_likely = 0.0, 0.0, 0
    for seed in range(10):
        bot, _ = _mixed_round(seed)
        random_seat += bot._weights.mean(2)
        greedy_seats += (bot._weights.mean(1) + bot._weights.mean(3)) / 2
        greedy_most_likely += (bot._weights.epsilon(1) == 0.0) + (bot._weights.epsilon(3) == 0.0)
        assert bot._weights.epsilons(4, 0)[0] == 0.0  # its own seat plays greedily in its play-outs
    assert random_seat / 10 > 0.5 > 0.2 > greedy_seats / 10
    assert greedy_most_likely >= 16


@pytest.mark.parametrize("kind", [SearchBot, ISMCTSBot])
def test_the_mixed_model_plays_legal_moves_reproducibly(kind: type[SearchBot]) -> None:
    first, last = _mixed_round(3, kind)
    second, again = _mixed_round(3, kind)
    assert last == again and last.outcome is not None
    assert [first._weights.mean(seat) for seat in range(4)] == [second._weights.mean(seat) for seat in range(4)]


def test_the_mixed_play_out_policy_plays_greedily_at_zero_and_at_random_at_one() -> None:
    from eighthalf.games.eighthalf.bots.opponents import mixed_policy
    from eighthalf.games.eighthalf.bots.search import _policy

    state = new_game(4, seed=5, rules=Rules(move_limit=300))
    picker, seen_random = random.Random(5), 0
    while not state.over:
        moves = legal_moves(state)
        greedy = mixed_policy((0.0,) * 4)(state, random.Random(1))
        assert greedy is _policy(state, random.Random(1))
        rng = random.Random(2)
        chosen = mixed_policy((1.0,) * 4)(state, rng)
        assert chosen in moves
        if len(moves) > 1:
            check = random.Random(2)
            check.random()
            assert chosen is check.choice(moves)  # one draw to decide, one to choose
            seen_random += 1
        state = apply(state, picker.choice(moves))
    assert seen_random > 0
