"""JSON documents of Eights (eighthalf.games.eights.serialization): round trips over random games,
a malformed document per kind of defect (each with its typed error and JSON path), and the
documents of 8½ and Eights each refused by the other game's loader, naming the right one."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from eights_strategies import Game, games, play_random
from hypothesis import given, settings

import eighthalf
from eighthalf.eights import (
    PASS,
    DocumentError,
    GameOver,
    GameState,
    HandOver,
    Pass,
    Passed,
    PlayerView,
    Record,
    Rules,
    Spell,
    apply_with_events,
    events_for,
    from_data,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
    to_data,
    view,
)
from eighthalf.errors import InvalidStateError
from eighthalf.games.eights.serialization import PREFIX, TYPE_NAMES, dumps, loads


def assert_plain(value: object, where: str = "$") -> None:
    """Only JSON types: dicts with str keys, lists (no tuples), str, int, bool, None."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert type(key) is str, f"{where}: key {key!r}"
            assert_plain(item, f"{where}.{key}")
    elif isinstance(value, list):
        for at, item in enumerate(value):
            assert_plain(item, f"{where}[{at}]")
    else:
        assert value is None or type(value) in (str, int, bool), f"{where}: {type(value).__name__} {value!r}"


def round_trip(obj: Any) -> None:
    data = to_data(obj)
    assert_plain(data)
    assert list(data)[:3] == ["format", "version", "type"]
    assert data["type"].startswith(PREFIX)
    assert from_data(data) == obj
    assert from_data(data, type(obj)) == obj
    text = dumps(obj)
    assert loads(text) == obj
    assert loads(text.encode("utf-8")) == obj
    assert json.loads(dumps(obj, indent=2)) == data


# --------------------------------------------------------------------------- round trips


@settings(max_examples=25)
@given(games(max_moves=40))
def test_every_state_view_move_and_event_of_a_game_round_trips(game: Game) -> None:
    """from_data(to_data(x)) == x and loads(dumps(x)) == x for everything a game produces (WI1–WI4 views included)."""
    round_trip(game.rules)
    for at, state in enumerate(game.states):
        round_trip(state)
        round_trip(view(state, None))
        for seat in range(game.players):
            round_trip(view(state, seat))
        if at < len(game.moves):
            move = game.moves[at]
            round_trip(move)
            after, events = apply_with_events(state, move)
            assert after == game.states[at + 1]
            for event in (*events, *events_for(events, None), *events_for(events, 0)):
                round_trip(event)


@pytest.mark.parametrize(
    ("players", "rules"),
    [(2, Rules(target=6)), (4, Rules(target=4, turn_limit=9)), (3, Rules(may_pass_freely=True, target=5)), (6, None)],
)
def test_finished_games_round_trip_with_their_outcome_wg3(players: int, rules: Rules | None) -> None:
    """A game that is over keeps its last hand as it ended (WH1 or WH3) and its outcome (WG3)."""
    rng = random.Random(players)
    _, states = play_random(new_game(players, seed=players * 11, rules=rules), rng)
    final = states[-1]
    assert final.over
    round_trip(final)
    for seat in (None, *range(players)):
        round_trip(view(final, seat))
    data = to_data(final)
    assert data["outcome"] == {
        "totals": list(final.outcome.totals),  # type: ignore[union-attr]
        "winners": list(final.outcome.winners),  # type: ignore[union-attr]
        "target": final.target,
    }
    assert data["totals"] == list(final.totals)


def test_the_document_of_a_state_names_cards_and_moves_by_notation() -> None:
    state = new_game(2, seed=3)
    move = legal_moves(state)[0]
    after, _ = apply_with_events(state, move)
    data = to_data(after)
    assert data["type"] == "eights.GameState"
    assert set(data) == {"format", "version", "type", "rules", "seed", "hand", "hand_scores", "totals", "outcome"}
    assert data["hand"]["piles"][0] == [str(move)]
    assert data["hand"]["scores"] == [move.value, 0]  # type: ignore[union-attr]
    assert all(isinstance(card, str) and len(card) == 2 for card in data["hand"]["stack"])
    assert data["hand"]["table"] == [str(card) for card in after.hand.table]
    assert to_data(parse_move("pass 4w 1e")) == {
        "format": "eighthalf",
        "version": 1,
        "type": "eights.Move",
        "move": "pass 1e 4w",
    }


def test_a_view_shows_only_the_viewers_cards_wi2_wi3() -> None:
    state = new_game(3, seed=5)
    state = apply_with_events(state, Pass(state.hand.hands[0][:2]))[0]
    data = to_data(view(state, 0))
    assert data["hand"] == [str(card) for card in state.hand.hands[0]]
    assert "seed" not in data
    assert data["stack"] == len(state.hand.stack)  # how many, as 8½'s views say
    assert data["known_stack"] == [str(card) for card in state.hand.stack[-2:]]
    other = to_data(view(state, 1))
    assert (other["stack"], other["known_stack"]) == (len(state.hand.stack), [])
    assert to_data(view(state, None))["hand"] is None


def test_hands_in_another_order_are_read_and_kept_in_card_order() -> None:
    state = new_game(2, seed=9)
    data = to_data(state)
    data["hand"]["hands"][0].reverse()
    assert from_data(data) == state


def test_loading_changes_nothing_in_the_document() -> None:
    data = to_data(view(new_game(4, seed=2), 1))
    kept = copy.deepcopy(data)
    from_data(data)
    assert data == kept


def test_type_names_are_prefixed_and_cannot_be_confused_with_8_half() -> None:
    assert all(name.startswith("eights.") for name in TYPE_NAMES)
    assert len(TYPE_NAMES) == 11
    from eighthalf.schemas import DOCUMENT_TYPES

    assert not set(DOCUMENT_TYPES) & set(TYPE_NAMES)


# --------------------------------------------------------------------------- malformed documents

Mutation = Callable[[dict[str, Any]], None]


def _state_doc() -> dict[str, Any]:
    """A game of 4 after seat 0 spelled a word."""
    seed = next(seed for seed in range(100) if isinstance(legal_moves(new_game(4, seed=seed))[0], Spell))
    state = new_game(4, seed=seed)
    state = apply_with_events(state, legal_moves(state)[0])[0]
    return to_data(state)


def _set(*steps: Any) -> Mutation:
    """Set the value at ``steps[:-1]`` to ``steps[-1]``."""

    def change(doc: dict[str, Any]) -> None:
        holder: Any = doc
        for step in steps[:-2]:
            holder = holder[step]
        holder[steps[-2]] = steps[-1]

    return change


def _drop(*steps: Any) -> Mutation:
    def change(doc: dict[str, Any]) -> None:
        holder: Any = doc
        for step in steps[:-1]:
            holder = holder[step]
        del holder[steps[-1]]

    return change


def _extra_stack_card(doc: dict[str, Any]) -> None:
    doc["hand"]["stack"].append("1e")
    doc["hand"]["origins"].append(-1)


def _two_of_suit(doc: dict[str, Any]) -> None:
    doc["hand"]["table"][3] = "3e"


STATE_DEFECTS: list[tuple[str, Mutation, str, str]] = [
    ("missing key", _drop("hand", "turns"), "$.hand.turns", "missing"),
    ("unknown key", _set("colour", "red"), "$.colour", "unknown key"),
    ("unknown nested key", _set("rules", "lives", 3), "$.rules.lives", "unknown key"),
    ("wrong type", _set("hand", "to_move", True), "$.hand.to_move", "expected a seat number, not a boolean"),
    ("wrong type of seed", _set("seed", "7"), "$.seed", "expected an integer"),
    ("wrong type of a card", _set("hand", "stack", 0, 14), "$.hand.stack[0]", "expected a card"),
    ("card not in the deck", _set("hand", "hands", 1, 3, "7v"), "$.hand.hands[1][3]", "no card 7v"),
    ("card in another notation", _set("hand", "hands", 1, 3, "4W"), "$.hand.hands[1][3]", "write the card"),
    ("65 cards", _extra_stack_card, "$.hand", "not the 64 of WS1"),
    (
        "a hand too big",
        lambda doc: doc["hand"]["hands"][2].append("1e"),
        "$.hand.hands[2]",
        "more than the 7 there can be (WS4)",
    ),
    ("two table cards of one suit", _two_of_suit, "$.hand.table[3]", "one card of each suit"),
    ("a table of seven cards", lambda doc: doc["hand"]["table"].pop(), "$.hand.table", "8 suits (WS3)"),
    ("seven seats", lambda doc: doc["hand"]["hands"].extend([[]] * 3), "$.hand.hands", "2 to 6 players (WS2)"),
    ("a bad move", _set("hand", "piles", 0, 0, "ONE 1n 7v 4e>4w"), "$.hand.piles[0][0]", "no card 7v"),
    ("a move that spells nothing", _set("hand", "piles", 0, 0, "TWO 1n 4e>4w"), "$.hand.piles[0][0]", "(WT2)"),
    ("a pass in a score pile", _set("hand", "piles", 0, 0, "pass"), "$.hand.piles[0][0]", "(WT5)"),
    ("a move in another notation", _set("hand", "piles", 0, 0, "one 1n 7o 4e>4w"), "$.hand.piles[0][0]", ""),
    ("an origin out of range", _set("hand", "origins", 0, 4), "$.hand.origins[0]", "out of range"),
    ("hand scores that disagree", _set("hand", "scores", [9, 0, 0, 0]), "$.hand.scores", "(WH2)"),
    ("totals that disagree", _set("totals", [1, 0, 0, 0]), "$.totals", "(WG1)"),
    (
        "an outcome before the end",
        _set("outcome", {"totals": [0] * 4, "winners": [0], "target": 30}),
        "$.outcome",
        "WG3",
    ),
    ("every seat passed", _set("hand", "passes", 4), "$.hand.passes", "(WH1)"),
    ("a bad target", _set("rules", "target", 0), "$.rules.target", "out of range"),
    ("a last hand scored wrongly", _set("hand_scores", [[40, 0, 0, 0]]), "$.hand_scores[0]", "(WH2)"),
    ("a hand score too many", _set("hand_scores", [[1, 0, 0, 0]]), "$", "hand_scores must give 0"),
    ("a wrong format", _set("format", "chess"), "$.format", "expected 'eighthalf'"),
    ("a later version", _set("version", 2), "$.version", "reads version 1"),
]


@pytest.mark.parametrize(
    ("mutate", "path", "fragment"),
    [pytest.param(mutate, path, fragment, id=name) for name, mutate, path, fragment in STATE_DEFECTS],
)
def test_a_malformed_state_is_refused_with_its_path(mutate: Mutation, path: str, fragment: str) -> None:
    doc = _state_doc()
    mutate(doc)
    kept = copy.deepcopy(doc)
    with pytest.raises(DocumentError) as caught:
        from_data(doc)
    assert caught.value.path == path, str(caught.value)
    assert fragment in str(caught.value)
    assert doc == kept
    with pytest.raises(DocumentError):
        loads(json.dumps(doc))


def _view_doc(seat: int | None = 0) -> dict[str, Any]:
    state = new_game(3, seed=5)
    state = apply_with_events(state, Pass(state.hand.hands[0][:2]))[0]
    return to_data(view(state, seat))


def _two_8x(doc: dict[str, Any]) -> None:
    doc["table"][7] = "8x"
    doc["hand"][-1] = "8x"


VIEW_DEFECTS: list[tuple[str, int | None, Mutation, str, str]] = [
    ("a spectator with a hand", None, _set("hand", ["1e"]), "$.hand", "(WI2)"),
    ("a seat without its hand", 1, _set("hand", None), "$.hand", "(WI2)"),
    ("a hand of the wrong size", 1, lambda doc: doc["hand"].pop(), "$.hand", "hand_sizes"),
    ("another seat's stack card shown", 1, _set("known_stack", ["1e"]), "$.known_stack", "(WI3, WP3)"),
    ("the viewer's own stack card hidden", 0, lambda doc: doc["known_stack"].pop(), "$.known_stack", "(WI3, WP3)"),
    ("a stack not as long as its origins", 0, lambda doc: doc.update(stack=doc["stack"] + 1), "$.origins", "(WP3)"),
    ("a stack that is no count", 0, _set("stack", [None]), "$.stack", "expected"),
    ("too many cards visible", 0, _two_8x, "$", "2 cards 8x are visible; the deck has 1 (WS1)"),
    ("a table card not of its suit", 0, _set("table", 2, "1e"), "$.table[2]", "(WS3)"),
    ("a card not in the deck", 0, _set("hand", 0, "7v"), "$.hand[0]", "(WS1)"),
    ("every seat passed", 0, _set("passes", 3), "$.passes", "(WH1)"),
]


@pytest.mark.parametrize(
    ("seat", "mutate", "path", "fragment"),
    [pytest.param(seat, mutate, path, fragment, id=name) for name, seat, mutate, path, fragment in VIEW_DEFECTS],
)
def test_a_malformed_view_is_refused_with_its_path(
    seat: int | None, mutate: Mutation, path: str, fragment: str
) -> None:
    doc = _view_doc(seat)
    mutate(doc)
    with pytest.raises(DocumentError) as caught:
        from_data(doc, PlayerView)
    assert caught.value.path == path, str(caught.value)
    assert fragment in str(caught.value)


def _event_doc(event: Any) -> dict[str, Any]:
    return to_data(event)


EVENT_DEFECTS: list[tuple[str, Any, Mutation, str, str]] = [
    ("an exchange of the wrong size", Passed(0, 2, parse_cards("1e 4w")), _set("count", 3), "$.exchange", "(WP1)"),
    ("a seat out of range", Passed(0, 0, ()), _set("seat", 6), "$.seat", "out of range"),
    ("winners that are not the highest", GameOver((31, 12, 31), (0, 2)), _set("winners", [0]), "$.winners", "(WG3)"),
    (
        "totals below the hand's points",
        HandOver(0, "passes", (3, 1), (3, 1)),
        _set("totals", [2, 1]),
        "$.totals[0]",
        "(WG1)",
    ),
    ("an unknown reason", HandOver(0, "passes", (3, 1), (3, 1)), _set("reason", "boredom"), "$.reason", "(WH1, WH3)"),
    ("a spelling that is a pass", None, _set("spell", "pass"), "$.spell", "(WT5)"),
]


@pytest.mark.parametrize(
    ("event", "mutate", "path", "fragment"),
    [pytest.param(event, mutate, path, fragment, id=name) for name, event, mutate, path, fragment in EVENT_DEFECTS],
)
def test_a_malformed_event_is_refused_with_its_path(event: Any, mutate: Mutation, path: str, fragment: str) -> None:
    if event is None:
        state = new_game(2, seed=3)
        _, events = apply_with_events(state, legal_moves(state)[0])
        event = events[0]
    doc = to_data(event)
    assert from_data(doc) == event
    mutate(doc)
    with pytest.raises(DocumentError) as caught:
        from_data(doc)
    assert caught.value.path == path, str(caught.value)
    assert fragment in str(caught.value)


def test_a_record_document_with_a_bad_move_or_result_is_refused() -> None:
    doc = to_data(Record(players=2, seed=3, moves=(PASS,)))
    bad_move = {**doc, "moves": ["pass", "ONE 1n 7v 4e>4w"]}
    with pytest.raises(DocumentError) as caught:
        from_data(bad_move)
    assert caught.value.path == "$.moves[1]" and "(WS1)" in str(caught.value)
    bad_result = {**doc, "result": "0: 1-0"}
    with pytest.raises(DocumentError) as caught:
        from_data(bad_result)
    assert caught.value.path == "$.result" and "(WG3)" in str(caught.value)
    with pytest.raises(DocumentError) as caught:
        from_data({**doc, "players": 7})
    assert caught.value.path == "$.players"


def test_the_json_text_is_read_strictly() -> None:
    good = dumps(Rules())
    for text, fragment in (
        (good[:-1], "not valid JSON"),
        (good.replace("null", "NaN", 1), "NaN is not a JSON number"),
        (good.replace('"target": null', '"target": null, "target": 3'), "appears twice"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ):
        with pytest.raises(DocumentError) as caught:
            loads(text)
        assert caught.value.path == "$" and fragment in str(caught.value)


def test_expected_must_match_the_document() -> None:
    doc = to_data(Rules())
    with pytest.raises(DocumentError, match=r"^\$\.type: expected a eights\.GameState document"):
        from_data(doc, GameState)
    with pytest.raises(DocumentError, match=r"^\$\.move: expected a Spell"):
        from_data(to_data(PASS), Spell)
    with pytest.raises(TypeError):
        from_data(doc, eighthalf.GameState)
    with pytest.raises(TypeError):
        to_data(eighthalf.Rules())  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        dumps(Rules(), indent=99)


# --------------------------------------------------------------------------- the other game's documents


def test_an_8_half_document_is_refused_naming_its_reader() -> None:
    doc = eighthalf.to_data(eighthalf.new_game(2, seed=1))
    with pytest.raises(DocumentError) as caught:
        from_data(doc)
    assert caught.value.path == "$.type"
    assert "eighthalf.from_data" in str(caught.value)


def test_an_eights_document_is_refused_by_8_half_naming_its_reader() -> None:
    doc = to_data(new_game(2, seed=1))
    with pytest.raises(DocumentError) as caught:
        eighthalf.from_data(doc)
    assert caught.value.path == "$.type"
    assert "'eights.GameState' is a document of Eights: read it with eighthalf.eights.from_data" in str(caught.value)
    with pytest.raises(DocumentError, match=r"eighthalf\.eights\.from_data"):
        eighthalf.serialization.loads(dumps(PASS))
