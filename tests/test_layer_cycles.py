"""Layers without cycles (issue 25, part 4): the lower module of each pair below never
imports the higher one, not even under ``TYPE_CHECKING`` or inside a function, and the
behaviour that used to need those imports is unchanged.

- ``str(state)`` is drawn by ``eighthalf.games.eighthalf.drawing`` (below the state), not by
  :mod:`eighthalf.games.eighthalf.text`; Eights' state draws itself, below ``eighthalf.games.eights.text``.
- A match's events are checked, hidden and told by :mod:`eighthalf.games.eighthalf.match`, which chains
  to the round's :mod:`eighthalf.games.eighthalf.events`; ``eighthalf.events_for`` and
  ``eighthalf.narrate`` are the match's, and take both kinds as before.
- :mod:`eighthalf.server.protocol.messages` makes its messages from values the table gives it, not from the table.
"""

from __future__ import annotations

import functools

import grimp  # installed with import-linter (the extra test)
import pytest

import eighthalf
import eighthalf.games.eighthalf.events
import eighthalf.games.eighthalf.match
from eighthalf import InvalidStateError, Rank, apply_with_events, events_for, legal_moves, narrate, new_game, new_match
from eighthalf.games import eights as W
from eighthalf.games.eighthalf.events import Drew, Played
from eighthalf.games.eighthalf.game import MATCH
from eighthalf.games.eighthalf.match import Exchange, Exchanged, MatchEvent, MatchOver, RoundDealt

PAIRS = [
    ("eighthalf.games.eighthalf.state", "eighthalf.games.eighthalf.text"),
    ("eighthalf.games.eights.state", "eighthalf.games.eights.text"),
    ("eighthalf.games.eighthalf.events", "eighthalf.games.eighthalf.match"),
    ("eighthalf.server.protocol.messages", "eighthalf.server.tables.table"),
    ("eighthalf.games.eighthalf.state", "eighthalf.games.eighthalf.pictures"),
    ("eighthalf.games.eights.state", "eighthalf.games.eights.pictures"),
    ("eighthalf.pictures.drawings", "eighthalf.registry"),
]
"""(lower, higher): the higher imports the lower, so the lower must never reach the higher."""


@functools.cache
def _graph() -> grimp.ImportGraph:
    """The package's import graph, as import-linter reads it: imports at the top level,
    under ``TYPE_CHECKING`` and inside functions alike."""
    return grimp.build_graph("eighthalf", cache_dir=None)


def test_the_import_graph_is_read_from_the_sources() -> None:
    graph = _graph()
    assert "eighthalf.games.eighthalf.views" in graph.find_modules_directly_imported_by(
        "eighthalf.games.eighthalf.text"
    )  # under TYPE_CHECKING
    assert "eighthalf.games.eighthalf.state" in graph.find_modules_directly_imported_by(
        "eighthalf.games.eighthalf.text"
    )
    assert "eighthalf.server.protocol.messages" in graph.find_modules_directly_imported_by(
        "eighthalf.server.tables.table"
    )


@pytest.mark.parametrize(("lower", "higher"), PAIRS)
def test_the_lower_module_never_reaches_the_higher_one(lower: str, higher: str) -> None:
    graph = _graph()
    assert graph.find_shortest_chain(importer=higher, imported=lower) is not None, (
        f"{higher} no longer builds on {lower}"
    )
    chain = graph.find_shortest_chain(importer=lower, imported=higher)
    assert chain is None, f"an import cycle: {' -> '.join(chain or ())}"


def test_the_drawing_below_the_state_imports_only_the_cards() -> None:
    assert _graph().find_modules_directly_imported_by("eighthalf.games.eighthalf.drawing") == {
        "eighthalf.games.eighthalf.cards"
    }


# --- str(state), unchanged ------------------------------------------------------------------


def test_str_of_a_state_is_the_text_modules_state_text() -> None:
    from eighthalf.games.eighthalf.text import state_text
    from eighthalf.games.eights.text import state_text as eights_state_text

    state = new_game(3, seed=8)
    assert str(state) == state_text(state) and str(state).startswith("move 0, seat ")
    game = W.new_game(3, seed=8)
    assert str(game) == eights_state_text(game) and str(game).startswith("hand 1, turn 1, ")


# --- a match's events: the package's functions take both kinds, the round's only its own -----


def test_the_package_exports_the_match_functions() -> None:
    assert eighthalf.events_for is eighthalf.games.eighthalf.match.events_for
    assert eighthalf.narrate is eighthalf.games.eighthalf.match.narrate
    assert "events_for" in eighthalf.__all__ and "narrate" in eighthalf.__all__


NAMES = ["Ann", "Ben", "Cy"]

OWN_EVENTS: list[tuple[MatchEvent, str]] = [
    (RoundDealt(1, 2, None), "Round 2 is dealt by Cy."),
    (RoundDealt(2, 0, 1), "Round 3 is dealt by Ann. Ben may first exchange an open card."),
    (Exchanged(1, None), "Ben makes no exchange."),
    (Exchanged(0, Exchange(Rank.SEVEN, 2, Rank.NINE)), "Ann exchanges an open 7 for Cy's open 9."),
    (MatchOver((7, 5, 6), (0,)), "Ann wins the match. Totals: Ann 7, Ben 5, Cy 6."),
    (MatchOver((7, 7, 6), (0, 1)), "Ann and Ben share the win of the match. Totals: Ann 7, Ben 7, Cy 6."),
]


def test_narrate_tells_a_matchs_own_events_between_a_rounds() -> None:
    played, drew = Played(0, (Rank.FOUR,), "hand", 8), Drew(0, 1, (Rank.NINE,))
    events: list[MatchEvent] = [played, *(event for event, _ in OWN_EVENTS), drew]
    assert narrate(events, NAMES) == [
        "Ann plays 4: the call is 4.",
        *(line for _, line in OWN_EVENTS),
        "Ann draws 1 card (9).",
    ]
    assert MATCH.narrate(events, NAMES) == narrate(events, NAMES)
    assert narrate([RoundDealt(0, 1, None)]) == ["Round 1 is dealt by Seat 1."]


def test_events_for_passes_a_matchs_own_events_and_hides_the_drawn_cards() -> None:
    drew = Drew(0, 1, (Rank.NINE,))
    events: list[MatchEvent] = [drew, *(event for event, _ in OWN_EVENTS), drew]
    hidden = Drew(0, 1, None)
    assert events_for(events, 1) == (hidden, *(event for event, _ in OWN_EVENTS), hidden)
    assert events_for(events, None) == events_for(events, 1)
    assert events_for(events, 0) == tuple(events)
    assert MATCH.events_for(events, 1) == events_for(events, 1)


def test_a_whole_match_is_told_as_before() -> None:
    match = new_match(3, seed=11, rounds=2)
    told: list[str] = []
    while not match.over:
        match, events = match.apply_with_events(match.legal_moves()[0])
        seen = events_for(events, 0)
        assert [type(event) for event in seen] == [type(event) for event in events]
        own = (RoundDealt, Exchanged, MatchOver)
        told += [line for event, line in zip(seen, narrate(seen, NAMES), strict=True) if isinstance(event, own)]
    assert told == [
        "Round 2 is dealt by Ann. Cy may first exchange an open card.",
        "Cy exchanges an open 5 for Ben's open 0.",
        "Ann and Cy share the win of the match. Totals: Ann 3, Ben 0, Cy 3.",
    ]


def test_the_rounds_own_functions_take_a_rounds_events_only() -> None:
    state = new_game(2, seed=3)
    _, events = apply_with_events(state, legal_moves(state)[0])
    assert eighthalf.games.eighthalf.events.events_for(events, 0) == events_for(events, 0)
    assert eighthalf.games.eighthalf.events.narrate(events) == narrate(events)
    for own, _ in OWN_EVENTS:
        with pytest.raises(InvalidStateError, match="not an event"):
            eighthalf.games.eighthalf.events.events_for([own], 0)  # type: ignore[list-item]
        with pytest.raises(InvalidStateError, match="not an event"):
            eighthalf.games.eighthalf.events.narrate([own])  # type: ignore[list-item]


@pytest.mark.parametrize("junk", [["x"], [None], "events", [Rank.ONE]])
def test_the_package_functions_refuse_what_is_no_event(junk: object) -> None:
    with pytest.raises(InvalidStateError):
        events_for(junk, 0)  # type: ignore[call-overload]
    with pytest.raises(InvalidStateError):
        narrate(junk)  # type: ignore[arg-type]


def test_the_package_events_for_refuses_a_bad_seat_first() -> None:
    with pytest.raises(InvalidStateError, match="a seat is an int or None"):
        events_for(["x"], "0")  # type: ignore[call-overload]
