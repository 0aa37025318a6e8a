"""The conformance suite: the checks that every game of eighthalf passes, for a game of yours too.

:func:`~eighthalf.testing.check_game` runs them on a registered game and raises one
:class:`~eighthalf.testing.ConformanceError` that names each check failed and what was
wrong. The checks are written once against the game protocol
(:class:`~eighthalf.core.game.Game`) and the game's registry entry: they know no game by
name. :data:`~eighthalf.testing.CHECKS` holds them by name, so that a test suite can run each as a test of
its own.

>>> from eighthalf.testing import CHECKS, check_game
>>> list(CHECKS)[:4]
['members', 'player_counts', 'determinism', 'purity']
>>> check_game("eights", only=["move_text", "rules_tags"])
{}

Seeded play goes through whole games (:meth:`Case.plays <eighthalf.testing.Case.plays>`)
and checks their states: purity, determinism, card conservation, legal moves against
``apply``, illegal moves refused, the end, the events, views and events that leak
nothing (:mod:`eighthalf.testing`), the views' legal moves, the sampler, move text,
documents, records and rules tags. The checks named ``junk_...`` give each member inputs
it cannot take and want the library error it documents. ``reached_states`` checks states
reached by random moves from random deals (:func:`~eighthalf.testing.check_state`, which a property-based
test can call on states of its own drawing).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from eighthalf.core.errors import EighthalfError, IllegalMoveError, InvalidStateError, quote
from eighthalf.core.game import Result, apply_with_events, is_legal, play_out, result_text
from eighthalf.core.i18n import DEFAULT_LOCALE, LOCALES
from eighthalf.formats.replay import replay_states
from eighthalf.registry import GameEntry, games
from eighthalf.testing.cases import MESSAGE_LIMIT, Case, ConformanceError, Failure, Play, fail, seats, shown
from eighthalf.testing.junk import JUNK_CHECKS
from eighthalf.testing.leaks import EVENT_MEMBERS, LeakError, assert_events_hide, assert_no_leaks

__all__ = ["CHECKS", "Check", "check_game", "check_state"]


def _run(case: Case, name: str, check: Callable[[], str | None]) -> str | None:
    """check(), what it found wrong raised as a :class:`ConformanceError` naming name."""
    try:
        return check()
    except (Failure, LeakError) as found:
        what = str(found)
    except ConformanceError:
        raise
    except Exception as error:
        raise ConformanceError(case.label, ((name, f"raised {type(error).__name__}: {shown(str(error))}"),)) from error
    raise ConformanceError(case.label, ((name, what),)) from None


@attrs.frozen(slots=True, weakref_slot=False)
class Check:
    """One conformance check: calling it on a :class:`~eighthalf.testing.Case` runs it.

    It returns a note (something the check passed with but wants said, such as the
    languages a game does not narrate in) or ``None``.

    Raises:
        ConformanceError: If the game fails the check, naming it and what was wrong (a
            check that raises another exception fails with that exception named).
    """

    name: str
    """The check's name, its key in :data:`CHECKS`."""
    run: Callable[[Case], str | None]
    """The function that checks a case: it returns a note or ``None``, and raises on what is wrong."""

    @property
    def doc(self) -> str:
        """What the check checks, in one line."""
        return (self.run.__doc__ or "").strip().splitlines()[0]

    def __call__(self, case: Case) -> str | None:
        return _run(case, self.name, lambda: self.run(case))


_CHECKS: dict[str, Check] = {}


def _check(name: str) -> Callable[[Callable[[Case], str | None]], Callable[[Case], str | None]]:
    def register(run: Callable[[Case], str | None]) -> Callable[[Case], str | None]:
        _CHECKS[name] = Check(name, run)
        return run

    return register


def _at(played: Play, at: int) -> str:
    return f"({played.players} players, seed {played.seed}, after move {at})"


# --------------------------------------------------------------------------- the protocol

_MEMBERS = (
    "name",
    "default_rules",
    "player_counts",
    "start",
    *EVENT_MEMBERS,
    "result",
    "move_text",
    "parse_move",
    "narrate",
    "rules_tags",
    "rules_from_tags",
)


@_check("members")
def _members(case: Case) -> None:
    """The game object has every member of the protocol; the entry's bots and the case's players fit."""
    game = case.game
    missing = [name for name in _MEMBERS if not hasattr(game, name)]
    if missing:
        fail(f"the game object lacks {', '.join(missing)}")
    if type(game.name) is not str or not game.name:
        fail(f"the game's name is {shown(game.name)}, not a text")
    counts = game.player_counts(game.default_rules)
    if list(case.players) != [n for n in case.players if n in counts]:
        fail(f"the case plays {case.players} players, which the default rules ({counts}) do not all allow")
    if game.rules_tags(game.default_rules) != ():
        fail(f"the default rules have tags {shown(game.rules_tags(game.default_rules))}, not none")
    if not case.bots or not all(callable(factory) for factory in case.bots.values()):
        fail("the entry's bots must be callables that make a bot, one at least")
    for name, factory in case.bots.items():
        if factory() is None:
            fail(f"the bot {name!r} makes None")


@_check("player_counts")
def _player_counts(case: Case) -> None:
    """The game starts with every player count that player_counts gives, and refuses one fewer or one more."""
    game = case.game
    counts = game.player_counts(game.default_rules)
    for players in counts:
        game.start(players, seed=1)
    for players in (counts.start - 1, counts.stop):
        try:
            game.start(players, seed=1)
        except InvalidStateError:
            continue
        fail(f"start({players}) is not refused with an InvalidStateError, though player_counts gives {counts}")


# --------------------------------------------------------------------------- seeded play


@_check("determinism")
def _determinism(case: Case) -> None:
    """The same seed and moves give the same states, and the same documents of states and views."""
    game = case.game
    documents = case.documents
    for played in case.plays():
        state = game.start(played.players, seed=played.seed, rules=case.play_rules)
        if state != played.states[0]:
            fail(f"start({played.players}, seed={played.seed}) deals two different states")
        for at, move in enumerate(played.moves):
            state = game.apply(state, move)
            expected = played.states[at + 1]
            if state != expected:
                fail(f"the same move {shown(move)} gives two different states {_at(played, at + 1)}")
            if at % 7 == 0:
                if documents.dumps(state) != documents.dumps(expected):
                    fail(f"two equal states are written as different documents {_at(played, at + 1)}")
                for seat in seats(played.players):
                    if documents.dumps(game.view(state, seat)) != documents.dumps(game.view(expected, seat)):
                        fail(f"seat {seat}'s views of two equal states are written differently {_at(played, at + 1)}")


@_check("purity")
def _purity(case: Case) -> None:
    """Every member leaves its arguments unchanged and gives equal results for equal arguments."""
    game = case.game
    documents = case.documents
    rng_seed = 0
    for played, at in case.sampled(every=9):
        state = played.states[at]
        where = _at(played, at)
        snapshot, twin = documents.dumps(state), copy.deepcopy(state)
        moves = game.legal_moves(state)
        if game.legal_moves(twin) != moves:
            fail(f"legal_moves of a copy of a state differ {where}")
        if game.to_move(twin) != game.to_move(state) or game.result(twin) != game.result(state):
            fail(f"to_move or result of a copy of a state differ {where}")
        for seat in seats(played.players):
            seen = game.view(state, seat)
            if game.view(twin, seat) != seen:
                fail(f"seat {seat}'s views of a state and of its copy differ {where}")
            rng_seed += 1
            first = game.sample_state(seen, random.Random(rng_seed))
            if game.sample_state(copy.deepcopy(seen), random.Random(rng_seed)) != first:
                fail(f"sample_state of seat {seat}'s view differs with the same generator {where}")
        for move in moves:
            after = game.apply(state, move)
            if documents.dumps(state) != snapshot:
                fail(f"apply of {shown(move)} changed the state it was given {where}")
            if game.apply(twin, copy.deepcopy(move)) != after or game.apply_unchecked(twin, move) != after:
                fail(f"apply of {shown(move)} to a copy of a state gives another state {where}")
            events = game.describe(state, move, after)
            if game.describe(twin, move, copy.deepcopy(after)) != events:
                fail(f"describe of {shown(move)} gives other events for copies {where}")
            for seat in seats(played.players):
                if game.events_for(events, seat) != game.events_for(copy.deepcopy(events), seat):
                    fail(f"events_for seat {seat} differs for a copy of the events of {shown(move)} {where}")
            if game.narrate(events) != game.narrate(copy.deepcopy(events)):
                fail(f"narrate differs for a copy of the events of {shown(move)} {where}")
        if documents.dumps(state) != snapshot or state != twin:
            fail(f"a member changed the state it was given {where}")


@_check("cards_conserved")
def _cards_conserved(case: Case) -> None:
    """Every state holds the game's deck (the entry's deck), wherever its cards are."""
    for played, at in case.sampled():
        cards = case.cards(played.states[at])
        if cards != case.deck:
            extra, missing = cards - case.deck, case.deck - cards
            fail(f"{shown(dict(extra))} extra, {shown(dict(missing))} missing {_at(played, at)}")


@_check("legal_moves_apply")
def _legal_moves_apply(case: Case) -> None:
    """Every legal move is legal (is_legal), and apply and apply_unchecked agree on it."""
    game = case.game
    for played, at in case.sampled(every=3):
        state = played.states[at]
        for move in game.legal_moves(state):
            if not is_legal(game, state, move):
                fail(f"is_legal refuses the legal move {shown(move)} {_at(played, at)}")
            if game.apply(state, move) != game.apply_unchecked(state, move):
                fail(f"apply and apply_unchecked of {shown(move)} give different states {_at(played, at)}")


def _foreign_moves(case: Case) -> set[Any]:
    """Moves of the other registered games (of one round and of the most rounds): 40 of each."""
    found: set[Any] = set()
    for entry in games():
        if entry.name == case.game.name:
            continue
        for rounds in sorted({1, entry.max_rounds}):
            other = Case(entry=entry, rounds=rounds)
            found.update(other.play(2 if 2 in other.players else other.players[0], 1).moves[:40])
    return found


@_check("illegal_moves_refused")
def _illegal_moves_refused(case: Case) -> None:
    """Moves that are not legal (other states' moves, other games' moves) are refused with a bounded IllegalMoveError."""
    game = case.game
    others = {move for played in case.plays() for move in played.moves}
    foreign = sorted(_foreign_moves(case), key=repr)[:20]
    for played, at in case.sampled(every=11):
        state = played.states[at]
        legal = set(game.legal_moves(state))
        for move in sorted(others - legal, key=repr)[:60] + foreign:
            if is_legal(game, state, move):
                fail(f"is_legal takes {shown(move)}, which legal_moves does not list {_at(played, at)}")
            try:
                game.apply(state, move)
            except IllegalMoveError as error:
                if len(str(error)) > MESSAGE_LIMIT:
                    fail(f"refusing {shown(move)} takes {len(str(error)):,} characters {_at(played, at)}")
                continue
            fail(f"apply takes {shown(move)}, which legal_moves does not list {_at(played, at)}")


@_check("the_end")
def _the_end(case: Case) -> None:
    """No seat is to move exactly when there is a result (of the right shape), and play_out ends there."""
    game = case.game
    for played, at in case.sampled():
        state = played.states[at]
        result = game.result(state)
        where = _at(played, at)
        if game.to_move(state) is None:
            if result is None or game.legal_moves(state) != ():
                fail(f"no seat is to move but there is no result, or there are legal moves {where}")
            if at != len(played.moves):
                fail(f"no seat is to move before the last move {where}")
            if type(result) is not Result or len(result.scores) != played.players:
                fail(f"the result {shown(result)} is not a Result of a score per seat {where}")
            if not all(0 <= seat < played.players for seat in result.winners):
                fail(f"the winners {result.winners} are not seats {where}")
            if list(result.winners) != sorted(set(result.winners)):
                fail(f"the winners {result.winners} are not in seat order, once each {where}")
            if result_text(game, state) != result.text:
                fail(f"result_text is not the result's text {where}")
        else:
            if result is not None or not game.legal_moves(state):
                fail(f"a seat is to move but there is a result, or no legal move {where}")
            if not 0 <= (game.to_move(state) or 0) < played.players:
                fail(f"the seat to move, {game.to_move(state)}, is not a seat {where}")
            if result_text(game, state) != "*":
                fail(f"result_text of a game going on is not '*' {where}")
    first = case.first()
    rng = random.Random(first.seed)  # the seeded game's own choices: play_out ends where it ended
    if play_out(game, first.states[0], lambda state, moves: rng.choice(moves)) != first.states[-1]:
        fail("play_out with the seeded game's choices does not end where the game ended")


@_check("describe")
def _describe(case: Case) -> None:
    """The events of describe are those the game's own apply_with_events reports, and narrate tells them."""
    game = case.game
    for played, at in case.sampled(every=2):
        state = played.states[at]
        for move in game.legal_moves(state):
            after, events = case.events_of(state, move)
            if apply_with_events(game, state, move) != (after, events):
                fail(f"the game's apply_with_events of {shown(move)} is not apply and describe {_at(played, at)}")
            if game.describe(state, move, after) != events:
                fail(f"describe of {shown(move)} is not the game's own events {_at(played, at)}")
            if not game.narrate(events, [f"P{seat}" for seat in range(played.players)]):
                fail(f"narrate tells nothing of {shown(move)} {_at(played, at)}")


@_check("narration")
def _narration(case: Case) -> str | None:
    """A whole game is told in each language the entry lists, any other in English (a note names those)."""
    game = case.game
    declared = case.entry.locales
    if DEFAULT_LOCALE not in declared or not set(declared) <= set(LOCALES):
        fail(f"the entry's locales {declared} must hold {DEFAULT_LOCALE!r} and only languages of {LOCALES}")
    played = case.first()
    names = [f"P{seat}" for seat in range(played.players)]
    events = [
        event
        for before, move, after in zip(played.states, played.moves, played.states[1:], strict=False)
        for event in game.describe(before, move, after)
    ]
    english = game.narrate(events, names)
    if not english or game.narrate(events, names, DEFAULT_LOCALE) != english:
        fail("a whole game is told in no line, or otherwise when English is asked for")
    for locale in LOCALES:
        told = game.narrate(events, names, locale)
        if locale == DEFAULT_LOCALE or locale not in declared:
            if told != english:
                fail(f"a language the entry does not list, {locale!r}, is not told in English")
        elif len(told) != len(english) or set(told) & set(english):
            fail(f"a whole game told in {locale!r} is not as many lines as in English, none left English")
        elif game.narrate(events, names, f"{locale}-BE") != told:
            fail(f"a region's tag, {locale}-BE, is not told as {locale!r}")
    missing = [locale for locale in LOCALES if locale not in declared]
    if missing:
        return f"{game.name} narrates in {', '.join(declared)} only: {', '.join(missing)} told in English"
    return None


@_check("views_leak_nothing")
def _views_leak_nothing(case: Case) -> None:
    """A seat's view, and its document, are the same for states it cannot tell apart (assert_no_leaks)."""
    game = case.game
    documents = case.documents
    rng = random.Random(5)
    for played, at in case.sampled(every=7):
        state = played.states[at]
        for seat in seats(played.players):
            assert_no_leaks(state, seat, game.view, rng=rng, variants=3, game=game)
            assert_no_leaks(
                state, seat, lambda s, who: documents.dumps(game.view(s, who)), rng=rng, variants=2, game=game
            )


_WANTED = 100
"""How many sampled states ``events_leak_nothing`` wants compared: fewer prove too little."""
_ROUNDS_OF_SAMPLES = 5
"""How often ``events_leak_nothing`` samples the seeded games' moves, at most, to compare that many."""


@_check("events_leak_nothing")
def _events_leak_nothing(case: Case) -> None:
    """What a seat that did not move is told of a move hides what it must not see (assert_events_hide).

    Every other move of the seeded games is sampled, again if fewer than 100 samples
    fitted (up to five times), and the check fails if they still do not.
    """
    game = case.game
    rng = random.Random(6)
    compared = 0
    for _ in range(_ROUNDS_OF_SAMPLES):
        for played, at in case.sampled(every=2):
            if at == len(played.moves):
                continue
            state, move = played.states[at], played.moves[at]
            mover = game.to_move(state)
            for seat in seats(played.players):
                if seat != mover:
                    compared += assert_events_hide(game, state, move, seat, rng=rng, variants=2)
        if compared > _WANTED:
            return
    fail(f"only {compared} sampled states fitted, more than {_WANTED} wanted: play more games (Case.games)")


@_check("view_legal_moves")
def _view_legal_moves(case: Case) -> None:
    """A view lists its viewer's legal moves (the state's for the seat to move, else none): how every bot learns them."""
    game = case.game
    for played, at in case.sampled(every=3):
        state = played.states[at]
        mover = game.to_move(state)
        for seat in seats(played.players):
            listed = game.view(state, seat).legal_moves()
            expected = game.legal_moves(state) if seat is not None and seat == mover else ()
            if listed != expected:
                fail(f"view(state, {seat}).legal_moves() is not the seat's legal moves {_at(played, at)}")


@_check("sample_state")
def _sample_state(case: Case) -> None:
    """A state sampled from a view has that very view, the whole deck, and the mover's legal moves for the mover."""
    game = case.game
    rng = random.Random(7)
    for played, at in case.sampled(every=5):
        state = played.states[at]
        for seat in seats(played.players):
            seen = game.view(state, seat)
            sample = game.sample_state(seen, rng)
            if game.view(sample, seat) != seen:
                fail(f"a state sampled from seat {seat}'s view has another view {_at(played, at)}")
            if case.cards(sample) != case.deck:
                fail(f"a state sampled from seat {seat}'s view does not hold the deck {_at(played, at)}")
            if game.legal_moves(sample) != game.legal_moves(state) and seat == game.to_move(state):
                fail(f"a state sampled from the mover's view has other legal moves {_at(played, at)}")


@_check("move_text")
def _move_text(case: Case) -> None:
    """Every legal move's text is read back as the move by parse_move."""
    game = case.game
    for played, at in case.sampled(every=2):
        for move in game.legal_moves(played.states[at]):
            text = game.move_text(move)
            if type(text) is not str or not text:
                fail(f"move_text of {shown(move)} is {shown(text)}, not a text")
            if game.parse_move(text) != move:
                fail(f"parse_move({text!r}) is not the move {shown(move)} {_at(played, at)}")


@_check("documents")
def _documents(case: Case) -> None:
    """States, views, rules, moves and events round trip through their JSON documents; every state and view has one."""
    game = case.game
    documents = case.documents
    written: set[type] = set()
    states_and_views: set[type] = set()  # each must have a document type

    def round_trip(value: object) -> None:
        if type(value) not in documents.by_class:
            return
        written.add(type(value))
        if documents.from_data(documents.to_data(value)) != value or documents.loads(documents.dumps(value)) != value:
            fail(f"{shown(value)} does not round trip through its document")

    for played, at in case.sampled(every=6):
        state = played.states[at]
        states_and_views.add(type(state))
        round_trip(state)
        round_trip(game.default_rules)
        round_trip(case.play_rules)
        for seat in seats(played.players):
            states_and_views.add(type(game.view(state, seat)))
            round_trip(game.view(state, seat))
        for move in game.legal_moves(state):
            round_trip(move)
        if at < len(played.moves):
            move = played.moves[at]
            events = game.describe(state, move, played.states[at + 1])
            for seat in seats(played.players):
                for event in game.events_for(events, seat):
                    round_trip(event)
    if not states_and_views or not states_and_views <= written:
        lacking = sorted(kind.__qualname__ for kind in states_and_views - written)
        fail(f"no document type for {', '.join(lacking)}")


@_check("records")
def _records(case: Case) -> None:
    """Records of the seeded games round trip as text and as documents, replay every state, and cut."""
    game = case.game
    records = case.records
    for played in case.plays():
        record = case.record(played.players, played.seed, case.play_rules, played.moves).finished()
        where = f"({played.players} players, seed {played.seed})"
        if record.result != result_text(game, played.states[-1]):
            fail(f"a finished record's result {record.result!r} is not the game's {where}")
        if records.loads(records.dumps(record)) != record:
            fail(f"a record does not round trip through its text {where}")
        if case.documents.loads(case.documents.dumps(record)) != record:
            fail(f"a record does not round trip through its document {where}")
        if list(replay_states(record)) != list(played.states):
            fail(f"replaying a record does not give the game's states {where}")
        half = len(played.moves) // 2
        cut = record.prefix(half)
        if records.loads(records.dumps(cut)) != cut:
            fail(f"a record cut to {half} moves does not round trip through its text {where}")
        if list(replay_states(cut))[-1] != played.states[half]:
            fail(f"a record cut to {half} moves does not replay to the state after move {half} {where}")


@_check("rules_tags")
def _rules_tags(case: Case) -> None:
    """The record tags of the default rules and of the case's tag_rules are texts that read back as the rules."""
    game = case.game
    for rules in (game.default_rules, *case.tag_rules):
        tags = game.rules_tags(rules)
        if not all(type(name) is str and type(value) is str for name, value in tags):
            fail(f"the tags {shown(tags)} are not pairs of texts")
        if game.rules_from_tags(dict(tags)) != rules:
            fail(f"the tags {shown(tags)} do not read back as the rules {shown(rules)}")


for _name, _junk in JUNK_CHECKS.items():
    _check(_name)(_junk)


# --------------------------------------------------------------------------- reached states


def _reached_state(case: Case, state: Any, players: int, previous: tuple[Any, Any] | None) -> None:
    game = case.game
    rng = random.Random(0)
    if case.cards(state) != case.deck:
        fail("the state does not hold the deck")
    moves = game.legal_moves(state)
    if not (game.to_move(state) is None) == (game.result(state) is not None) == (moves == ()):
        fail("to_move is None, result is not None and legal_moves is empty: not all together")
    for move in moves:
        after = game.apply(state, move)
        if game.apply_unchecked(state, move) != after:
            fail(f"apply and apply_unchecked of {shown(move)} give different states")
        if game.parse_move(game.move_text(move)) != move:
            fail(f"the text of {shown(move)} does not read back as the move")
        if game.describe(state, move, after) != case.events_of(state, move)[1]:
            fail(f"describe of {shown(move)} is not the game's own events")
    documents = case.documents
    if documents.loads(documents.dumps(state)) != state:
        fail("the state does not round trip through its document")
    for seat in seats(players):
        seen = game.view(state, seat)
        if documents.loads(documents.dumps(seen)) != seen:
            fail(f"seat {seat}'s view does not round trip through its document")
        if game.view(game.sample_state(seen, rng), seat) != seen:
            fail(f"a state sampled from seat {seat}'s view has another view")
        assert_no_leaks(state, seat, game.view, rng=rng, variants=2, game=game)
    if previous is not None:
        before, move = previous
        for seat in seats(players):
            if seat != game.to_move(before):
                assert_events_hide(game, before, move, seat, rng=rng, variants=2)


def check_state(case: Case, state: Any, players: int, previous: tuple[Any, Any] | None = None) -> None:
    """Check one state of ``case``'s game, of ``players`` players, as ``reached_states`` does.

    ``previous`` is the state before it and the move that led to it, if any (what the
    seats were told of that move is checked too). The state's deck, its end, every
    legal move's ``apply``, text and events, the documents of the state and of each
    view, the sampler, and the views and events leaking nothing.

    Raises:
        ConformanceError: If the state fails, naming the check ``reached_states``.
    """
    _run(case, "reached_states", lambda: _reached_state(case, state, players, previous))


@_check("reached_states")
def _reached_states(case: Case) -> None:
    """States reached by random moves from random deals pass check_state (Case.reached of them)."""
    game = case.game
    for index in range(case.reached):
        rng = random.Random(case.seed + index)
        players = rng.choice(case.players)
        state = game.start(players, seed=rng.randrange(2**64 + 1), rules=case.play_rules)
        previous = None
        for _ in range(rng.randrange(401)):
            moves = game.legal_moves(state)
            if not moves:
                break
            move = rng.choice(moves)
            previous = (state, move)
            state = game.apply(state, move)
        try:
            _reached_state(case, state, players, previous)
        except Failure as failure:
            fail(f"{failure} (state {index}, {players} players)")


CHECKS: Mapping[str, Check] = dict(_CHECKS)
"""Every conformance check by name, in the order :func:`check_game` runs them."""


def _chosen(only: str | Iterable[str] | None) -> list[Check]:
    if only is None:
        return list(CHECKS.values())
    names = [only] if isinstance(only, str) else list(only)
    unknown = [name for name in names if name not in CHECKS]
    if unknown:
        raise EighthalfError(f"no conformance check {quote(unknown[0])} (the checks: {', '.join(CHECKS)})")
    return [CHECKS[name] for name in names]


def check_game(game: GameEntry | str | Case, *, only: str | Iterable[str] | None = None) -> dict[str, str]:
    """Run the conformance checks on ``game``; every check by default, else those named in ``only``.

    ``game`` is a registry entry, the name or key of a registered game, or a
    :class:`~eighthalf.testing.Case` (a game and how to play it: the player counts, the
    rules of seeded play, the rounds of a match). Every check chosen runs, the failed
    ones too, and one error names them all.

    Returns:
        The notes of the checks that passed with something to say, by check name (a
        game that narrates in English only is told so).

    Raises:
        ConformanceError: If ``game`` fails a check: the message names each check
            failed and what was wrong, and :attr:`~eighthalf.testing.ConformanceError.check`
            the first.
        EighthalfError: If ``game`` is not registered, or ``only`` names no check.
    """
    case = game if isinstance(game, Case) else Case(entry=game)
    notes: dict[str, str] = {}
    failed: list[ConformanceError] = []
    for check in _chosen(only):
        try:
            note = check(case)
        except ConformanceError as error:
            failed.append(error)
            continue
        if note:
            notes[check.name] = note
    if len(failed) == 1:
        raise failed[0]
    if failed:
        raise ConformanceError(case.label, [failure for error in failed for failure in error.failures]) from failed[0]
    return notes
