"""The shared search (eighthalf.players.search) and the bots built on it.

The decisions of 8½'s SearchBot and ISMCTSBot and of Eights' SearchBot are pinned by
``tests/data/search_decisions.json``, recorded from the bots as they were before the
search was written once (``eighthalf/games/eighthalf/bots.py`` and ``eighthalf/games/eights/bots.py`` at commit
def7d4f, run as separate modules): the same moves for the same views and generator,
the same draws in the same order. :func:`decisions` plays the recorded games; to record
them again from other bot modules, call it with those modules. The two ``ismcts-mixed``
cases (the opponent model ``"mixed"``, which came later) were recorded from the bots as
they were when it was added, with ``decisions(eighthalf.bots, eighthalf.games.eights.bots)``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import eighthalf.bots
import eighthalf.games.eights.bots
from eighthalf import Rules, apply_with_events, new_game, view
from eighthalf.core.errors import InvalidStateError
from eighthalf.eights import apply_with_events as eights_apply_with_events
from eighthalf.eights import new_game as eights_new_game
from eighthalf.eights import view as eights_view
from eighthalf.games.eighthalf.game import EIGHTHALF
from eighthalf.games.eights.game import EIGHTS
from eighthalf.players.search import (
    Node,
    TreeSearch,
    check_count,
    check_number,
    paired_search,
    race,
    roll_out,
    ucb_root,
)

DATA = Path(__file__).parent / "data" / "search_decisions.json"

# name: (game, players, seed, observe, the bot's constructor arguments); the bot sits at seat 0.
HALF_CASES: dict[str, tuple[str, int, int, bool, dict[str, Any]]] = {
    "search-greedy": ("SearchBot", 3, 1, False, {"iterations": 6}),
    "search-observing": ("SearchBot", 4, 2, True, {"iterations": 5}),
    "search-rules": ("SearchBot", 3, 3, False, {"iterations": 5, "model": "rules", "confidence": 0.0}),
    "search-none": ("SearchBot", 2, 4, False, {"iterations": 5, "model": "none"}),
    "ismcts-paired": ("ISMCTSBot", 3, 5, True, {"iterations": 8, "prune_after": 3, "model": "greedy"}),
    "ismcts-history": ("ISMCTSBot", 4, 6, True, {"iterations": 6, "history": 3, "prune": None, "model": "greedy"}),
    "ismcts-ucb": ("ISMCTSBot", 3, 7, False, {"iterations": 12, "root": "ucb", "opponents": "tree", "model": "greedy"}),
    "ismcts-mixed": ("ISMCTSBot", 4, 8, True, {"iterations": 8, "prune_after": 3, "model": "mixed"}),
    "ismcts-mixed-unobserved": ("ISMCTSBot", 3, 9, False, {"iterations": 8, "prune_after": 3, "model": "mixed"}),
}
EIGHTS_CASES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "eights-search": (3, 1, {"iterations": 4}),
    "eights-search-two": (2, 2, {"iterations": 3, "candidates": 4, "confidence": 0.0}),
}
DECISIONS = 16  # the bot's decisions recorded per case


def _half_game(bots: ModuleType, name: str) -> list[str]:
    kind, players, seed, observe, arguments = HALF_CASES[name]
    bot = getattr(bots, kind)(**arguments)
    table = [bot, *(bots.GreedyBot() for _ in range(players - 1))]
    state, rng = new_game(players, seed=seed, rules=Rules(move_limit=300)), random.Random(seed)
    out: list[str] = []
    while not state.over and len(out) < DECISIONS:
        seat = state.to_move
        move = table[seat].choose(view(state, seat), rng)
        if seat == 0:
            out.append(str(move))
        after, events = apply_with_events(state, move)
        if observe:
            bots.tell(table, events, after)
        state = after
    return out


def _eights_game(bots: ModuleType, name: str) -> list[str]:
    players, seed, arguments = EIGHTS_CASES[name]
    table = [bots.SearchBot(**arguments), *(bots.GreedyBot() for _ in range(players - 1))]
    state, rng = eights_new_game(players, seed=seed), random.Random(seed)
    out: list[str] = []
    while not state.over and len(out) < DECISIONS:
        seat = state.hand.to_move
        move = table[seat].choose(eights_view(state, seat), rng)
        if seat == 0:
            out.append(str(move))
        state = eights_apply_with_events(state, move)[0]
    return out


def decisions(half: ModuleType, eights: ModuleType) -> dict[str, list[str]]:
    """Every case's decisions of the bot at seat 0, with ``half`` and ``eights`` as the bot modules."""
    out = {name: _half_game(half, name) for name in HALF_CASES}
    out.update({name: _eights_game(eights, name) for name in EIGHTS_CASES})
    return out


@pytest.mark.parametrize("name", [*HALF_CASES, *EIGHTS_CASES])
def test_the_search_bots_decide_as_recorded(name: str) -> None:
    recorded = json.loads(DATA.read_text(encoding="utf-8"))[name]
    if name in HALF_CASES:
        assert _half_game(eighthalf.bots, name) == recorded
    else:
        assert _eights_game(eighthalf.games.eights.bots, name) == recorded


# --------------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda: eighthalf.bots.SearchBot(iterations="x"), "iterations"),  # type: ignore[arg-type]
        (lambda: eighthalf.bots.ISMCTSBot(iterations="x"), "iterations"),  # type: ignore[arg-type]
        (lambda: eighthalf.bots.ISMCTSBot(prune_after=1.5), "prune_after"),  # type: ignore[arg-type]
        (lambda: eighthalf.bots.SearchBot(confidence="1"), "confidence"),  # type: ignore[arg-type]
        (lambda: eighthalf.bots.SearchBot(time_limit=-1.0), "time_limit"),
        (lambda: eighthalf.games.eights.bots.SearchBot(iterations="x"), "iterations"),  # type: ignore[arg-type]
        (lambda: eighthalf.games.eights.bots.SearchBot(candidates=True), "candidates"),
        (lambda: eighthalf.games.eights.bots.ISMCTSBot(iterations="x"), "iterations"),  # type: ignore[arg-type]
        (lambda: eighthalf.games.eights.bots.ISMCTSBot(exploration=float("nan")), "exploration"),
        (lambda: eighthalf.games.eights.bots.ISMCTSBot(opponents="x"), "opponents"),
    ],
)
def test_search_bots_refuse_bad_settings_naming_them(make: Callable[[], object], name: str) -> None:
    with pytest.raises(InvalidStateError, match=f"^{name} must (be|not)"):
        make()


def test_check_count_and_check_number() -> None:
    assert check_count("n", 3, 1) == 3 and check_number("x", 0) == 0
    with pytest.raises(InvalidStateError, match="n must be at least 1, not 0"):
        check_count("n", 0, 1)
    with pytest.raises(InvalidStateError, match="n must be an integer, not True"):
        check_count("n", True, 0)
    with pytest.raises(InvalidStateError, match="x must be a number, not None"):
        check_number("x", None)


# --------------------------------------------------------------------------- roll_out, paired_search


def _first_move(state: Any, rng: random.Random) -> Any:
    return EIGHTHALF.legal_moves(state)[0]


def test_roll_out_plays_to_the_end_as_play_out_does() -> None:
    from eighthalf.core.game import play_out

    state = EIGHTHALF.start(3, seed=5)
    last = roll_out(EIGHTHALF, state, _first_move, random.Random(0))
    assert last == play_out(EIGHTHALF, state, lambda state, moves: moves[0])


def test_roll_out_is_cut_by_the_horizon_and_stopped_by_until() -> None:
    state = EIGHTHALF.start(3, seed=5)
    assert roll_out(EIGHTHALF, state, _first_move, random.Random(0), horizon=3) is None
    assert roll_out(EIGHTHALF, state, _first_move, random.Random(0), horizon=0) is None
    stopped = roll_out(EIGHTHALF, state, _first_move, random.Random(0), until=lambda state: state.move_number >= 4)
    assert stopped is not None and stopped.move_number == 4 and not stopped.over
    last = roll_out(EIGHTHALF, state, _first_move, random.Random(0))
    assert last is not None and roll_out(EIGHTHALF, last, _first_move, random.Random(0), horizon=0) is last


def test_paired_search_keeps_the_base_move_when_nothing_differs() -> None:
    state = EIGHTS.start(2, seed=3)
    moves = EIGHTS.legal_moves(state)[:3]
    rng = random.Random(1)
    before = rng.getstate()
    chosen = paired_search(
        EIGHTS, moves, 2, lambda: state, lambda state, generator: 1.0, rng, iterations=5, time_limit=None,
        confidence=0.0, chance=False,
    )  # fmt: skip
    assert chosen == moves[2] and rng.getstate() == before  # neither the deals nor the play-outs drew


def test_paired_search_picks_the_move_that_scores_best() -> None:
    state = EIGHTHALF.start(3, seed=2)
    moves = EIGHTHALF.legal_moves(state)
    best = moves[-1]

    def evaluate(after: Any, generator: random.Random) -> float:
        return 1.0 if after == EIGHTHALF.apply_unchecked(state, best) else generator.random() * 0.1

    rng = random.Random(3)
    chosen = paired_search(
        EIGHTHALF, moves, 0, lambda: state, evaluate, rng, iterations=8, time_limit=None, confidence=1.0
    )
    assert chosen is best


# --------------------------------------------------------------------------- the tree


def test_race_and_ucb_root_on_a_game_of_eights() -> None:
    state = EIGHTS.start(3, seed=6)
    moves = EIGHTS.legal_moves(state)[:4]
    tree: TreeSearch[Any, Any] = TreeSearch(
        game=EIGHTS,
        policy=lambda state, rng: eighthalf.games.eights.bots.greedy_move(state),
        candidates=lambda state: EIGHTS.legal_moves(state)[:3],
        prefer=lambda state, moves, rng: moves[0],
        reward=lambda state, seat: float(state.hand_scores[0][seat]) if state.hand_scores else 0.0,
        until=lambda state: state.hand.number != 0,
    )
    walks: list[Node[Any]] = []

    def walk(node: Node[Any], after: Any, rng: random.Random) -> float:
        walks.append(node)
        return tree.walk(node, after, 0, rng)

    common = {"iterations": 6, "time_limit": None}
    chosen = race(EIGHTS, moves, 0, lambda: state, walk, random.Random(1), confidence=0.0, prune=None, prune_after=1,
                  **common)  # type: ignore[arg-type]  # fmt: skip
    assert chosen in moves and len(walks) == 6 * len(moves)
    assert len({id(node) for node in walks}) == len(moves)  # a tree below each root move
    assert all(sum(child.visits for child in node.children.values()) == 6 for node in walks)
    walks.clear()
    assert ucb_root(moves, 0, lambda: state, walk, random.Random(1), **common) in moves  # type: ignore[arg-type]
    root = walks[0]
    assert len(walks) == 6 and sum(child.visits for child in root.children.values()) == 6


# --------------------------------------------------------------------------- the bots


def test_eights_ismcts_bot_is_registered_and_reproducible() -> None:
    bots = eighthalf.games.eights.bots
    assert bots.BOTS["ismcts"] is bots.ISMCTSBot and bots.make_bot("ismcts").name == "ismcts"
    state = eights_new_game(3, seed=8)
    seen = eights_view(state, state.hand.to_move)
    first = bots.ISMCTSBot(iterations=5, opponents="tree").choose(seen, random.Random(2))
    assert first in seen.legal_moves()
    assert bots.ISMCTSBot(iterations=5, opponents="tree").choose(seen, random.Random(2)) == first


def test_eights_ismcts_bot_beats_random_bots() -> None:
    bots = eighthalf.games.eights.bots
    wins = 0
    for seed in range(8):
        me = seed % 2
        table: list[eighthalf.games.eights.bots.Bot] = [bots.ISMCTSBot(iterations=8, candidates=4), bots.RandomBot()]
        if me:
            table.reverse()
        state, rng = eights_new_game(2, seed=seed), random.Random(seed)
        while not state.over:
            seat = state.hand.to_move
            move = table[seat].choose(eights_view(state, seat), rng)
            assert move in EIGHTS.legal_moves(state)
            state = eights_apply_with_events(state, move)[0]
        assert state.outcome is not None
        wins += me in state.outcome.winners
    assert wins >= 6


@pytest.mark.parametrize(
    "bot",
    [eighthalf.bots.SearchBot(5), eighthalf.bots.ISMCTSBot(5), eighthalf.games.eights.bots.ISMCTSBot(5)],
    ids=["search", "ismcts", "eights-ismcts"],
)
def test_search_bots_pickle_by_their_public_names(bot: object) -> None:
    import pickle

    data = pickle.dumps(bot)
    assert type(bot).__module__ in ("eighthalf.bots", "eighthalf.games.eights.bots")  # not a submodule of the package
    assert type(bot).__module__.encode() in data and b"eighthalf.games.eighthalf.bots.ismcts" not in data
    assert type(pickle.loads(data)) is type(bot)


def test_every_public_name_of_the_bots_keeps_its_import_path() -> None:
    from eighthalf.simulation.runner import bot_factory

    for name in eighthalf.bots.__all__:
        assert getattr(eighthalf.bots, name) is not None
    assert bot_factory("eighthalf.bots:GreedyBot", eighthalf.bots.BOTS) is eighthalf.bots.GreedyBot
    assert (
        eighthalf.bots.SearchBot.__module__ == "eighthalf.bots" and eighthalf.bots.Belief.__module__ == "eighthalf.bots"
    )
