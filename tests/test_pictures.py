"""Pictures of a position (issue 39, item 4): SVG of a state, a view, a move and a record's position.

For every registered game (8½, Eights and the test suite's Shedding, drawn plainly): each
picture is well-formed XML and the same for the same position; a view's picture holds no
hidden card (the leak checker, on the SVG's text, over seeded games); text is escaped; a
bad argument gets one typed error; the cards are drawn from the page's own ``cards.css``.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import HandPlay, Rank, new_game, new_match, view
from eighthalf.core.game import Game
from eighthalf.eights import PASS
from eighthalf.eights import Record as EightsRecord
from eighthalf.eights import new_game as new_eights
from eighthalf.eights import view as eights_view
from eighthalf.errors import EighthalfError, IllegalMoveError
from eighthalf.games.eighthalf.cards import Colour
from eighthalf.games.eighthalf.match import view_match
from eighthalf.games.eighthalf.records import Record
from eighthalf.games.eighthalf.text import table_text
from eighthalf.games.eights.encoding import view_text
from eighthalf.pictures.drawings import PLAIN, PictureError
from eighthalf.pictures.faces import STYLE_SHEET, Face, card, rules, style
from eighthalf.pictures.svg import Picture, escape
from eighthalf.registry import GameEntry, find, games
from eighthalf.testing import assert_no_leaks

SVG = "{http://www.w3.org/2000/svg}"
ENTRIES = [pytest.param(entry, id=entry.key) for entry in games()]
DRAWN = [pytest.param(find(name), id=find(name).key) for name in ("8½", "Eights")]


def _parsed(picture: str) -> ET.Element:
    assert isinstance(picture, Picture)
    root = ET.fromstring(picture)  # well-formed, or ParseError
    assert root.tag == f"{SVG}svg"
    return root


def _positions(entry: GameEntry, seed: int, moves: int = 40) -> Iterator[tuple[Any, Any]]:
    """The positions of a seeded random game of ``entry`` (its first ``moves`` moves), each with the move played there."""
    game: Game[Any, Any, Any, Any, Any] = entry.game
    rng = random.Random(seed)
    players = game.player_counts(game.default_rules)
    state = game.start(rng.choice(players), seed=seed)
    for _ in range(moves):
        if game.result(state) is not None:
            return
        move = rng.choice(game.legal_moves(state))
        yield state, move
        state = game.apply(state, move)


def _players(state: Any, game: Game[Any, Any, Any, Any, Any]) -> int:
    seat = 0
    while True:
        try:
            game.view(state, seat)
        except IndexError:
            return seat
        seat += 1


# --------------------------------------------------------------------------- well-formed, deterministic


@pytest.mark.parametrize("entry", ENTRIES)
def test_every_picture_is_well_formed_xml_and_the_same_for_the_same_position(entry: GameEntry) -> None:
    game, pictures = entry.game, entry.pictures
    for seed in (1, 2):
        again = dict(_positions(entry, seed))
        for state, move in _positions(entry, seed):
            drawn = pictures.of_state(state)
            _parsed(drawn)
            assert drawn == pictures.of_state(next(each for each in again if each == state))
            for seat in [*range(_players(state, game)), None]:
                _parsed(pictures.of_view(game.view(state, seat)))
            _parsed(pictures.of_move(game, state, move))
            mover = game.to_move(state)
            _parsed(pictures.of_move(game, game.view(state, mover), move))


@pytest.mark.parametrize("entry", DRAWN)
def test_a_move_outlines_its_cards(entry: GameEntry) -> None:
    for state, move in _positions(entry, 5, moves=12):
        plain = entry.pictures.of_state(state)
        drawn = entry.pictures.of_move(entry.game, state, move)
        assert "stroke-dasharray" not in plain
        if "collect" not in drawn and "passes</text>" not in drawn:
            assert "stroke-dasharray" in drawn, str(move)


@given(st.integers(0, 2**64), st.integers(2, 4))
def test_equal_views_draw_equal_pictures_property(seed: int, players: int) -> None:
    for entry in (find("8½"), find("Eights")):
        game = entry.game
        for seat in (0, players - 1, None):
            first = entry.pictures.of_view(game.view(game.start(players, seed=seed), seat))
            assert first == entry.pictures.of_view(game.view(game.start(players, seed=seed), seat))
            _parsed(first)


# --------------------------------------------------------------------------- no leaks


def _face_up(picture: str) -> list[str]:
    """The big signs of the face-up cards of a picture (a face-down card shows ``?``)."""
    return [sign for sign in re.findall(r'text-anchor="middle"[^>]*>([^<]*)</text>', picture) if sign != "?"]


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_views_picture_never_holds_a_hidden_card(entry: GameEntry) -> None:
    game = entry.game
    for seed in (3, 4, 5):
        for at, (state, _) in enumerate(_positions(entry, seed, moves=30)):
            if at % 5:
                continue
            for seat in [*range(_players(state, game)), None]:
                assert_no_leaks(
                    state,
                    seat,
                    lambda state, seat: str(entry.pictures.of_view(game.view(state, seat))),
                    rng=random.Random(seed),
                    variants=4,
                    game=game,
                )


def test_an_eighthalf_views_picture_shows_the_cards_it_shows_and_only_those() -> None:
    state = new_game(3, seed=11)
    for seat in (0, 1, 2, None):
        seen = view(state, seat)
        picture = find("8½").pictures.of_view(seen)
        shown = [rank for each in seen.seats for rank in (*(each.hand or ()), *each.open)]
        assert sorted(_face_up(picture)) == sorted("G" if rank is Rank.GHOST else rank.label for rank in shown)
        hidden = sum((0 if each.hand is not None else each.hand_size) + each.blind_size for each in seen.seats)
        assert picture.count(">?</text>") == hidden


def test_an_eights_views_picture_shows_the_table_and_its_own_hand_only() -> None:
    state = new_eights(3, seed=11)
    for seat in (0, 2, None):
        seen = eights_view(state, seat)
        picture = find("Eights").pictures.of_view(seen)
        shown = [*seen.table, *(seen.hand or ())]
        assert sorted(_face_up(picture)) == sorted(card.letter.upper() for card in shown)
        hidden = sum(size for index, size in enumerate(seen.hand_sizes) if index != seat)
        assert picture.count(">?</text>") == hidden


# --------------------------------------------------------------------------- text, names, escaping


def test_a_records_names_are_escaped() -> None:
    hostile = "<script>alert('&')</script>"
    for record in (
        Record(players=2, seed=3, tags=[("Names", f"{hostile},Ben")]),
        EightsRecord(players=2, seed=3, tags=[("Names", f"{hostile},Ben")]),
    ):
        picture = record._repr_svg_()
        root = _parsed(picture)
        assert "<script>" not in picture
        assert any(hostile in (node.text or "") for node in root.iter(f"{SVG}text"))


def test_escape_keeps_the_text_and_drops_what_xml_cannot_hold() -> None:
    assert escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;"
    assert escape("bell\x07") == "bell\ufffd"
    root = _parsed(find("Eights").pictures.of_state(new_eights(2, seed=3), ["\x00nul", "ok"]))
    assert any("\ufffdnul" in (node.text or "") for node in root.iter(f"{SVG}text"))


def test_str_of_every_view_is_a_few_readable_lines() -> None:
    seen = view(new_game(2, seed=3), 0)
    assert str(seen) == table_text(seen)
    watched = eights_view(new_eights(3, seed=3), None)
    assert str(watched) == view_text(watched)
    for text in (str(seen), str(watched)):
        assert 3 <= len(text.splitlines()) <= 5
        assert "PlayerView(" not in text


def test_states_views_and_records_have_a_notebook_display() -> None:
    shown: list[Any] = [
        new_game(2, seed=3),
        view(new_game(2, seed=3), 1),
        Record(players=2, seed=3),
        Record(players=2, seed=3, rounds=2),
        new_match(2, rounds=2, seed=3),
        view_match(new_match(2, rounds=2, seed=3), 0),
        new_eights(2, seed=3),
        eights_view(new_eights(2, seed=3), 0),
        EightsRecord(players=2, seed=3),
    ]
    for value in shown:
        _parsed(Picture(value._repr_svg_()))
    assert new_game(2, seed=3)._repr_svg_() == find("8½").pictures.of_state(new_game(2, seed=3))
    match = new_match(3, rounds=2, seed=3)
    assert match._repr_svg_() == find("8½").pictures.of_state(match)
    assert view_match(match, 1)._repr_svg_() == find("8½").pictures.of_view(view_match(match, 1))
    assert "round 1 of 2, scores 0 0 0" in match._repr_svg_()


def test_the_third_game_is_drawn_plainly_through_its_entry() -> None:
    entry = find("shedding")
    assert entry.pictures is PLAIN
    state = entry.game.start(2, seed=1)
    root = _parsed(entry.pictures.of_state(state))
    assert any("hands:" in (node.text or "") for node in root.iter(f"{SVG}text"))
    record = entry.make_record(2, 1, entry.game.default_rules, 1)
    _parsed(entry.pictures.of_record(record, 0))


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("entry", DRAWN)
def test_what_is_no_state_or_view_is_refused(entry: GameEntry) -> None:
    for wrong in (None, 7, "state", find("8½" if entry.name == "Eights" else "Eights").game.start(2, seed=1)):
        for draw in (entry.pictures.of_state, entry.pictures.of_view):
            with pytest.raises(PictureError):
                draw(wrong)
    with pytest.raises(PictureError):
        entry.pictures.of_state(entry.game.start(2, seed=1), "Ann,Ben")  # names, not one string


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("at", [-1, 4, True, "2", 1.0])
def test_a_move_number_out_of_range_is_refused(entry: GameEntry, at: Any) -> None:
    record = entry.make_record(2, 3, entry.game.default_rules, 1)
    state = record.start()
    for _ in range(3):
        move = entry.game.legal_moves(state)[0]
        record, state = record.played(move), entry.game.apply(state, move)
    with pytest.raises(PictureError, match="has no position after move"):
        entry.pictures.of_record(record, at)
    assert entry.pictures.of_record(record, 3) == entry.pictures.of_record(record)
    with pytest.raises(PictureError):
        entry.pictures.of_record("not a record")


def test_a_move_not_legal_there_gets_the_engines_error() -> None:
    eighthalf, eights = find("8½"), find("Eights")
    state = new_game(2, seed=3)
    with pytest.raises(IllegalMoveError, match="T3"):
        eighthalf.pictures.of_move(eighthalf.game, state, HandPlay(Rank.FIVE))
    with pytest.raises(IllegalMoveError, match="S5"):
        eighthalf.pictures.of_move(eighthalf.game, view(state, 1), HandPlay(Rank.SEVEN))
    with pytest.raises(PictureError, match="not the viewer's"):
        eighthalf.pictures.of_move(eighthalf.game, view(state, 0), HandPlay(Rank.TWO))
    with pytest.raises(IllegalMoveError, match="WT1"):
        eights.pictures.of_move(eights.game, new_eights(2, seed=3), PASS)
    with pytest.raises(EighthalfError):
        eights.pictures.of_move(eights.game, new_eights(2, seed=3), "pass")


# --------------------------------------------------------------------------- one drawing of a card


def test_the_svg_card_takes_its_colours_from_the_pages_style_sheet() -> None:
    for colour in Colour:
        declared = rules()[f".card.{colour.value}"]
        drawn = style(Face(("rank", colour.value), "1", "1"))
        assert (drawn.fill, drawn.ink) == (declared["background"], declared["color"])
        assert f'fill="{declared["background"]}"' in card(Face(("rank", colour.value), "1", "1"), 0, 0)
    for suit in range(1, 9):
        drawn = style(Face(("letter", f"suit{suit}"), str(suit), "A"))
        assert drawn.corner_ink == rules()[f".card.letter.suit{suit} .corner"]["color"]
    assert style(Face(("blind",), "", "?")).stripes == ("#3b4a8c", "#2c396f")


def test_the_table_page_links_the_same_style_sheet_and_keeps_no_copy_of_it() -> None:
    static = STYLE_SHEET.parents[1] / "server" / "static"
    assert '<link rel="stylesheet" href="/static/cards.css">' in (static / "table.html").read_text(encoding="utf-8")
    page_css = (static / "style.css").read_text(encoding="utf-8")
    for selector in rules():
        if selector.startswith(".card.") and " " not in selector:
            assert not re.search(rf"^{re.escape(selector)}\s*\{{", page_css, re.MULTILINE), selector
