"""The languages of the player-facing text (issue 27, item 4): the catalogues of both domains
(``eighthalf``: the games' narration and reasons; ``pages``: the browser pages) are complete
and in step with the code, narration and refusal reasons of both games in English, French
and Dutch, and the locale chosen from an option or the environment."""

from __future__ import annotations

import argparse
import gettext
import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from eighthalf import IllegalMoveError, InvalidStateError, Rank, Rules, apply, legal_moves, new_game
from eighthalf.core.i18n import (
    LOCALE_DIR,
    LOCALES,
    check_locale,
    locale_from_environment,
    placeholders,
    template_of,
    translation,
)
from eighthalf.games.eighthalf import terminal as round_terminal
from eighthalf.games.eighthalf.events import (
    BlindTurned,
    Caught,
    Collected,
    Drew,
    Event,
    Locked,
    Played,
    RoundOver,
    WentOut,
    narrate,
)
from eighthalf.games.eighthalf.game import MATCH
from eighthalf.games.eighthalf.match import DECLINE, Exchange, Exchanged, MatchEvent, MatchOver, RoundDealt
from eighthalf.games.eighthalf.match import narrate as match_narrate
from eighthalf.games.eighthalf.moves import BlindPlay, Collect, EightAndHalf, HandPlay, Move, OpenPlay
from eighthalf.games.eighthalf.reasons import REASONS, reason_for
from eighthalf.games.eights import events as eights_events
from eighthalf.games.eights import terminal as eights_terminal
from eighthalf.games.eights.engine import apply as eights_apply
from eighthalf.games.eights.engine import legal_moves as eights_legal_moves
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.reasons import REASONS as EIGHTS_REASONS
from eighthalf.games.eights.reasons import reason_for as eights_reason_for
from eighthalf.games.eights.state import GameState as EightsState
from eighthalf.server.web.pages import PAGES_DOMAIN, page_messages

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "N_": None}
PAGE_KEYWORDS = {"t": None, "N_": None}
TRANSLATED = [locale for locale in LOCALES if locale != "en"]
DOMAINS = ["eighthalf", PAGES_DOMAIN]


def _catalogue(locale: str, domain: str = "eighthalf") -> Catalog:
    with (LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        return read_po(file, locale=locale)


def _ids(catalogue: Catalog) -> set[str]:
    return {message.id if isinstance(message.id, str) else message.id[0] for message in catalogue if message.id}


def _extracted(domain: str = "eighthalf") -> set[str]:
    """Every message id the code (``eighthalf``) or the pages (``pages``: the static scripts'
    ``t``/``N_`` calls and the HTML's ``data-i18n`` marks, by ``eighthalf/locale/pages.cfg``)
    mark, as Babel extracts them (the commands in docs/languages.rst)."""
    if domain == "eighthalf":
        found = extract_from_dir(str(ROOT / "eighthalf"), keywords=KEYWORDS, comment_tags=())
    else:
        with (LOCALE_DIR / "pages.cfg").open(encoding="utf-8") as mapping:
            methods, options = parse_mapping_cfg(mapping)  # type: ignore[no-untyped-call]
        found = extract_from_dir(str(ROOT), methods, options, keywords=PAGE_KEYWORDS, comment_tags=())
    return {message if isinstance(message, str) else message[0] for _, _, message, _, _ in found}


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_and_the_catalogues_hold_every_message_of_the_code(domain: str) -> None:
    code = _extracted(domain)
    assert len(code) > 60
    with (LOCALE_DIR / f"{domain}.pot").open("rb") as file:
        assert _ids(read_po(file)) == code, "run the pybabel extract and update of docs/languages.rst"
    for locale in TRANSLATED:
        assert _ids(_catalogue(locale, domain)) == code, f"{locale}: run pybabel update (docs/languages.rst)"


def test_the_pages_marks_are_read_from_the_html_and_the_scripts() -> None:
    pages = _extracted(PAGES_DOMAIN)
    assert {"New table", "Language", "random", "Create the table", "Seat {seat}", "Ghost"} <= pages
    assert (
        "A seed deals the same cards to anyone who knows it: the table then says it is seeded. "
        "When a move's time runs out, a bot moves for the seat." in pages
    ), "a marked text is read with its white space made single spaces, as app.js reads it"


def test_every_t_call_of_the_scripts_is_extracted() -> None:
    """Each ``t("...")`` / ``N_("...")`` literal the pages' scripts and the games' boards hold (outside their comments) is
    in the extraction: none hides in a template literal's ``${...}`` (pages.cfg reads those) or in
    another call's arguments (Babel's extractor reads no nested call), where the page would show it
    in English."""
    pages = _extracted(PAGES_DOMAIN)
    call = re.compile(r'\b(?:t|N_)\("((?:[^"\\]|\\.)*)"')
    written = {
        (script.name, number, found.group(1))
        for script in sorted(
            [
                *(ROOT / "eighthalf" / "server" / "static").glob("*.js"),
                *(ROOT / "eighthalf" / "games").glob("*/board/*.js"),
            ]
        )
        for number, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1)
        if not line.lstrip().startswith("//")
        for found in call.finditer(line)
    }
    assert len(written) > 200
    assert not [each for each in written if each[2] not in pages]


def test_the_catalogues_headers_are_clean() -> None:
    """``pybabel update`` reads ``Project-Id-Version: eighthalf`` as a version without a project and
    writes it back with two spaces: the catalogues say ``eighthalf`` (``nox -s locales`` mends it)."""
    for domain in DOMAINS:
        for locale in TRANSLATED:
            header = (LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
            assert '"Project-Id-Version: eighthalf\\n"' in header, (locale, domain)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_message_has_a_translation_with_the_same_placeholders(locale: str, domain: str) -> None:
    catalogue = _catalogue(locale, domain)
    assert catalogue.num_plurals == 2
    for message in catalogue:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
        assert len(strings) == len(ids) and all(text.strip() for text in strings), f"{locale}: {ids[0]!r} untranslated"
        for text in strings:
            assert sorted(set(placeholders(text))) == sorted(set(placeholders(ids[-1]))), f"{locale}: {text!r}"
            assert text.format(**dict.fromkeys(placeholders(text), "x"))  # well formed


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_the_shipped_mo_files_are_compiled_from_the_po_files(locale: str, domain: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue(locale, domain))
    compiled.seek(0)
    expected = gettext.GNUTranslations(compiled)
    shipped = translation(locale) if domain == "eighthalf" else gettext.translation(domain, LOCALE_DIR, [locale])
    if domain == PAGES_DOMAIN:  # what the server gives the pages (GET /api/i18n/{lang}) is that catalogue
        assert dict(page_messages(locale)) == {
            message.id: message.string for message in _catalogue(locale, domain) if message.id
        }
    for message in _catalogue(locale, domain):
        if not message.id:
            continue
        if isinstance(message.id, str):
            assert shipped.gettext(message.id) == expected.gettext(message.id)
        else:
            for count in (0, 1, 2, 5):
                singular, plural = message.id
                assert shipped.ngettext(singular, plural, count) == expected.ngettext(singular, plural, count)


def test_locales_are_read_loosely_and_refused_clearly() -> None:
    assert [check_locale(text) for text in ("fr", "FR", "fr_BE.UTF-8", "nl-NL", "en_GB", "nl@euro")] == [
        "fr",
        "fr",
        "fr",
        "nl",
        "en",
        "nl",
    ]
    for wrong in ("de", "", "french", None, 3):
        with pytest.raises(InvalidStateError, match="a locale is one of en, fr, nl"):
            check_locale(wrong)
    with pytest.raises(InvalidStateError):
        narrate([], locale="de")


def test_the_environment_chooses_the_language_as_gettext_would() -> None:
    assert locale_from_environment({}) == "en"
    assert locale_from_environment({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert locale_from_environment({"LANGUAGE": "de:nl", "LANG": "fr_FR.UTF-8"}) == "nl"
    assert locale_from_environment({"LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}) == "fr"
    assert locale_from_environment({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}) == "en"
    assert locale_from_environment({"LC_MESSAGES": "nl_BE", "LANG": "C.UTF-8"}) == "nl"


NAMES = ["Anna", "Ben", "Cleo"]
ROUND_EVENTS: list[Event] = [
    Played(0, (Rank.GHOST, Rank.GHOST), "hand", 9),
    Played(1, (Rank.EIGHT, Rank.HALF), "open", 17),
    BlindTurned(2, 1, Rank.SEVEN, True),
    Caught(2, 1, Rank.NINE),
    Collected(1, 1, False, "caught"),
    Collected(1, 6, True, "stuck"),
    Drew(0, 2, (Rank.HALF, Rank.GHOST)),
    Drew(1, 1, None),
    Locked(0),
    WentOut(2, True),
    RoundOver(2, (3, 0, 0), (0,), (0, 1, 2)),
]


def test_a_round_is_told_in_english_as_before() -> None:
    assert (
        narrate(ROUND_EVENTS, NAMES)
        == narrate(ROUND_EVENTS, NAMES, locale="en")
        == [
            "Anna plays 2 × Ghost: the call is 4½.",
            "Ben plays 8 with ½ (8½) from the open cards: the call is 8½.",
            "Cleo turns blind card 1: 7, which cannot be played.",
            "Cleo catches Ben with a 9!",
            "Ben collects 1 card aside.",
            "Ben collects 6 cards into the hand.",
            "Anna draws 2 cards (½, Ghost).",
            "Ben draws 1 card.",
            "The 5-lock is on: only 1–5, 0, ½ or Ghost may follow.",
            "Cleo has no cards left, at risk: the next move decides.",
            "Cleo wins the round. Points: Anna 0, Ben 1, Cleo 2.",
        ]
    )


def test_a_round_is_told_in_french_in_the_rule_sheets_words() -> None:
    assert narrate(ROUND_EVENTS, NAMES, locale="fr") == [
        "Anna joue 2 × Fantôme : l’annonce est 4½.",
        "Ben joue 8 avec ½ (8½) de ses cartes ouvertes : l’annonce est 8½.",
        "Cleo retourne la carte aveugle 1 : 7, qui ne peut pas être jouée.",
        "Cleo attaque Ben avec un 9 !",
        "Ben prend 1 carte et la met de côté.",
        "Ben prend 6 cartes en main.",
        "Anna pioche 2 cartes (½, Fantôme).",
        "Ben pioche 1 carte.",
        "Le 5 bloque : seuls 1–5, 0, ½ ou Fantôme peuvent suivre.",
        "Cleo n’a plus de cartes, en danger : le coup suivant décide.",
        "Cleo gagne la manche. Points : Anna 0, Ben 1, Cleo 2.",
    ]


def test_a_round_is_told_in_dutch_in_the_rule_sheets_words() -> None:
    assert narrate(ROUND_EVENTS, NAMES, locale="nl") == [
        "Anna speelt 2 × Geest: het bod is 4½.",
        "Ben speelt 8 met ½ (8½) uit de open kaarten: het bod is 8½.",
        "Cleo draait blinde kaart 1 om: 7, die niet gespeeld kan worden.",
        "Cleo valt Ben aan met een 9!",
        "Ben neemt 1 kaart en legt die opzij.",
        "Ben neemt 6 kaarten in de hand.",
        "Anna trekt 2 kaarten (½, Geest).",
        "Ben trekt 1 kaart.",
        "De 5 blokkeert: alleen 1–5, 0, ½ of Geest mag volgen.",
        "Cleo heeft geen kaarten meer, in gevaar: de volgende zet beslist.",
        "Cleo wint de ronde. Punten: Anna 0, Ben 1, Cleo 2.",
    ]


def test_a_match_and_unnamed_seats_are_told_in_each_language() -> None:
    events: list[MatchEvent] = [
        RoundDealt(1, 2, 0),
        Exchanged(0, Exchange(Rank.NINE, 1, Rank.GHOST)),
        Exchanged(0, None),
        MatchOver((7, 7, 2), (0, 1)),
    ]
    assert MATCH.narrate(events) == [
        "Round 2 is dealt by Seat 2. Seat 0 may first exchange an open card.",
        "Seat 0 exchanges an open 9 for Seat 1's open Ghost.",
        "Seat 0 makes no exchange.",
        "Seat 0 and Seat 1 share the win of the match. Totals: Seat 0 7, Seat 1 7, Seat 2 2.",
    ]
    assert MATCH.narrate(events, locale="fr") == [
        "Place 2 distribue la manche 2. Place 0 peut d’abord échanger une carte ouverte.",
        "Place 0 échange son 9 ouvert contre le Fantôme ouvert de Place 1.",
        "Place 0 ne fait pas d’échange.",
        "Place 0 et Place 1 se partagent la victoire de la partie. Totaux : Place 0 7, Place 1 7, Place 2 2.",
    ]
    assert match_narrate(events[-1:], NAMES, "nl") == [
        "Anna en Ben delen de winst van de partij. Totalen: Anna 7, Ben 7, Cleo 2."
    ]


def _eights_game(seed: int) -> Iterator[tuple[EightsState, tuple[eights_events.Event, ...]]]:
    """A seeded game of Eights between random players: each state and the events that led to it."""
    rng = random.Random(seed)
    state = EIGHTS.start(3, seed=seed)
    while EIGHTS.result(state) is None:
        move = rng.choice(eights_legal_moves(state))
        state, events = eights_events.apply_with_events(state, move)
        yield state, events


def test_eights_is_told_in_each_language_its_words_and_cards_in_english() -> None:
    told: dict[str, list[str]] = {locale: [] for locale in LOCALES}
    for _, events in _eights_game(3):
        for locale in LOCALES:
            told[locale].extend(EIGHTS.narrate(events, NAMES, locale=locale))
    assert told["en"] == [line for _, events in _eights_game(3) for line in eights_events.narrate(events, NAMES)]
    spelled = next(index for index, line in enumerate(told["en"]) if " spells " in line)
    word = told["en"][spelled].split(" spells ")[1].split()[0]
    assert f" épelle {word} avec " in told["fr"][spelled] and f" spelt {word} met " in told["nl"][spelled]
    assert told["fr"][-1].startswith("La partie est finie : ") and told["fr"][-1].endswith(" points.")
    assert told["nl"][-1].startswith("Het spel is voorbij: ") and told["nl"][-1].endswith(" punten.")
    for locale in TRANSLATED:
        assert len(told[locale]) == len(told["en"])
        assert not set(told[locale]) & set(told["en"]), "every line is translated"


def test_eights_events_in_each_language() -> None:
    events: list[eights_events.Event] = [
        eights_events.Passed(0, 0, None),
        eights_events.Passed(1, 2, None),
        eights_events.HandDealt(1, 2, 0),
        eights_events.GameOver((30, 30, 4), (0, 1)),
    ]
    assert eights_events.narrate(events, NAMES, "fr") == [
        "Anna passe.",
        "Ben passe et glisse 2 cartes sous la pile.",
        "Cleo distribue la donne 2 ; Anna joue en premier.",
        "La partie est finie : Anna et Ben se partagent la victoire avec 30 points.",
    ]
    assert eights_events.narrate(events, None, "nl") == [
        "Plaats 0 past.",
        "Plaats 1 past en legt 2 kaarten onder de stapel.",
        "Plaats 2 deelt hand 2; Plaats 0 begint.",
        "Het spel is voorbij: Plaats 0 en Plaats 1 delen de winst met 30 punten.",
    ]


ALL_ROUND_MOVES: list[Move] = [
    *(HandPlay(rank, count) for rank in Rank for count in (1, 2, 3)),
    *(OpenPlay(rank, count) for rank in Rank for count in (1, 2)),
    *(BlindPlay(position) for position in range(3)),
    EightAndHalf(),
    Collect(),
]


def _round_refusals() -> Iterator[IllegalMoveError]:
    """The errors of every move refused in random rounds under every table option."""
    for seed, rules in enumerate(
        [Rules(), Rules(single_opening=True), Rules(open_runs=True, halves_stop_at_8_half=True, lock_next_only=True)]
        * 3
    ):
        rng = random.Random(seed)
        state = new_game(2 + seed % 4, seed=seed, rules=rules)
        while state.outcome is None:
            for move in ALL_ROUND_MOVES:
                try:
                    apply(state, move)
                except IllegalMoveError as error:
                    yield error
            state = apply(state, rng.choice(legal_moves(state)))
        for move in ALL_ROUND_MOVES[:3]:
            with pytest.raises(IllegalMoveError) as over:
                apply(state, move)
            yield over.value


def test_every_reason_8_half_gives_is_told_in_french_and_dutch() -> None:
    seen: set[str] = set()
    for error in _round_refusals():
        found = template_of(error.reason, REASONS)
        assert found is not None, f"no template in eighthalf.games.eighthalf.reasons for {error.reason!r}"
        seen.add(found[0])
        for locale in TRANSLATED:
            told = reason_for(error, locale)
            assert told and told != error.reason and "{" not in told, (locale, error.reason)
        assert reason_for(error) == reason_for(error, "en") == error.reason
    assert len(seen) >= 15, sorted(set(REASONS) - seen)


def test_reasons_name_the_ghost_and_the_match_in_each_language() -> None:
    error = IllegalMoveError("GG", "the hand holds 1 of Ghost, not 2", "T3")
    assert reason_for(error, "fr") == "la main contient 1 × Fantôme, pas 2"
    assert reason_for(error, "nl") == "de hand bevat 1 × Geest, niet 2"
    with pytest.raises(IllegalMoveError) as refused:
        apply(new_game(3, seed=1), Collect())
    assert reason_for(refused.value, "nl").startswith("wie kan spelen, moet spelen")
    with pytest.raises(IllegalMoveError) as refused:
        MATCH.apply(MATCH.start(3, seed=1), DECLINE)
    assert (
        reason_for(refused.value, "fr") == "aucun échange n’est en attente : seuls les coups de la manche sont permis"
    )
    unknown = IllegalMoveError("x", "a reason written from no template", "T3")
    assert reason_for(unknown, "fr") == "a reason written from no template"


def test_every_reason_eights_gives_is_told_in_french_and_dutch() -> None:
    others = [move for seed in (5, 6) for state, _ in _eights_game(seed) for move in eights_legal_moves(state)[:6]]
    seen: set[str] = set()
    count = 0
    for state, _ in _eights_game(4):
        if EIGHTS.result(state) is not None:
            with pytest.raises(IllegalMoveError) as over:
                eights_apply(state, others[0])
            errors = [over.value]
        else:
            errors = []
            for move in others[:: max(1, len(others) // 40)]:
                try:
                    eights_apply(state, move)
                except IllegalMoveError as refused:
                    errors.append(refused)
        for error in errors:
            found = template_of(error.reason, EIGHTS_REASONS)
            assert found is not None, f"no template in eighthalf.games.eights.reasons for {error.reason!r}"
            seen.add(found[0])
            count += 1
            for locale in TRANSLATED:
                told = eights_reason_for(error, locale)
                assert told and told != error.reason and "{" not in told, (locale, error.reason)
    assert count > 50 and len(seen) >= 3


def _parsed(module: Any, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    module.add_play_arguments(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize("module", [round_terminal, eights_terminal])
def test_the_terminal_games_take_lang_else_the_environment(module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    config = module.config_from_args(_parsed(module, ["--lang", "nl", "--seed", "3"]))
    assert config.locale == "nl" and " --lang nl" in config.command()
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert module.config_from_args(_parsed(module, ["--seed", "3"])).locale == "en"
    monkeypatch.setenv("LANG", "fr_BE.UTF-8")
    config = module.config_from_args(_parsed(module, ["--seed", "3"]))
    assert config.locale == "fr" and " --lang fr" in config.command()
    with pytest.raises(SystemExit):
        _parsed(module, ["--lang", "de"])


def test_a_terminal_round_tells_what_happened_and_refusals_in_dutch() -> None:
    lines: list[str] = []
    answers = iter(["a", "6", "q"])
    status = round_terminal.run_play(
        _parsed(round_terminal, ["--players", "3", "--seed", "5", "--no-color", "--lang", "nl"]),
        input=lambda prompt: next(answers),
        write=lines.append,
    )
    text = "\n".join(lines)
    assert status == 0
    assert "  - Cleo speelt 5: het bod is 5." in text and "De 5 blokkeert" in text
    assert "'6' is not legal here: na een 5 mogen alleen 1–5, 0, ½ en Geest gespeeld worden, niet een 6 (P7)" in text


def test_a_terminal_game_of_eights_tells_what_happened_in_french() -> None:
    lines: list[str] = []
    answers = iter(["pass", "q"])
    eights_terminal.run_play(
        _parsed(eights_terminal, ["--players", "3", "--seed", "5", "--lang", "fr"]),
        input=lambda prompt: next(answers),
        write=lines.append,
    )
    text = "\n".join(lines)
    assert "Anna passe." in text and "  - Ben épelle ONE avec " in text and "Ben pioche 3 cartes." in text
