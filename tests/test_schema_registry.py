"""The JSON Schemas come from the registry of games: the builder names no game.

Each game describes its schemas in its own package (a :class:`~eighthalf.schemas.documents.GameSchemas`
that its registry entry names); :mod:`eighthalf.schemas.build` and :mod:`eighthalf.schemas.server`
read the registry, and :mod:`eighthalf.schemas.documents` knows no game. The public tuples of
:mod:`eighthalf.schemas` are checked against the games' own, so that they cannot drift. The
shipped files describe the games this package ships only: a game of another distribution
registered in the process (the tests' third game, Shedding) changes none of them.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

import eighthalf
from eighthalf.errors import EighthalfError
from eighthalf.registry import find, games
from eighthalf.schemas import DOCUMENT_TYPES, EIGHTS_ANY, EIGHTS_DOCUMENT_TYPES, build_schemas, schema
from eighthalf.schemas import server as server_schemas
from eighthalf.schemas.documents import GameSchemas, game_schemas, schemas_of
from eighthalf.schemas.server import shipped_games

PACKAGE = Path(eighthalf.__file__).resolve().parent


def test_the_public_document_types_are_the_games_own() -> None:
    """:data:`~eighthalf.schemas.DOCUMENT_TYPES` and the Eights names are what the registry's entries describe."""
    eighthalf_schemas = schemas_of(find("8½"))
    eights_schemas = schemas_of(find("Eights"))
    assert eighthalf_schemas is not None and eights_schemas is not None
    assert eighthalf_schemas.types == DOCUMENT_TYPES
    assert eighthalf_schemas.any_name == "document"
    assert eights_schemas.types == EIGHTS_DOCUMENT_TYPES
    assert eights_schemas.any_name == EIGHTS_ANY


def test_every_game_with_schemas_describes_its_own_documents() -> None:
    """A game's schemas describe its entry's documents, every type of them, each in a file of its own."""
    built = build_schemas(games())
    described = 0
    for entry in games():
        found = schemas_of(entry)
        if found is None:
            continue
        described += 1
        assert found.registry is entry.documents
        assert set(found.types) == set(entry.documents.by_name)
        assert {f"{name}.schema.json" for name in (*found.types, found.any_name)} <= set(built)
    assert described >= 2


def test_the_shipped_schemas_are_the_shipped_games_only() -> None:
    """Another distribution's game is described on request (``games()``), never in the shipped files."""
    shipped = shipped_games()
    assert [entry.name for entry in shipped] == ["8½", "Eights"]
    assert all(entry in games() for entry in shipped)
    own = build_schemas()
    every = build_schemas(games())
    assert set(own) <= set(every)
    others = [entry for entry in games() if entry not in shipped]
    for entry in others:
        found = schemas_of(entry)
        assert found is not None
        assert f"{found.any_name}.schema.json" in every and f"{found.any_name}.schema.json" not in own
        assert entry.name in every["server.Games.schema.json"]["$defs"]["game"]["enum"]
        assert entry.name not in own["server.Games.schema.json"]["$defs"]["game"]["enum"]


def test_the_server_schemas_follow_the_registry() -> None:
    """The games, bots, rounds and seats of the server's schemas are the registry's entries'."""
    entries = shipped_games()
    games_schema = schema("server.Games")["$defs"]
    assert games_schema["game"]["enum"] == [entry.name for entry in entries]
    assert games_schema["bot"]["enum"] == sorted({bot for entry in entries for bot in entry.bots})
    assert games_schema["rounds"]["maximum"] == max(entry.max_rounds for entry in entries)
    most = []
    for entry in entries:
        found = schemas_of(entry)
        assert found is not None and found.max_players is not None
        # max_players is the rules' limit, never below what the default rules allow
        assert found.max_players >= max(entry.game.player_counts(entry.game.default_rules))
        most.append(found.max_players)
    assert games_schema["players"]["maximum"] == max(most)


def test_the_events_of_a_game_are_those_its_schemas_declare_and_its_games_describe() -> None:
    """A ``state`` message's events are, per game, the event types its schemas declare; and
    every event its game objects describe in play is of one of those types."""
    refs = [item["$ref"] for item in schema("server.state")["$defs"]["event"]["oneOf"]]
    names = [ref.rsplit(":", 1)[1] for ref in refs]
    expected: list[str] = []
    for entry in shipped_games():
        declared = schemas_of(entry)
        assert declared is not None
        expected += declared.events
        for rounds in sorted({1, entry.max_rounds}):
            game = entry.game_of(rounds)
            state = game.start(game.player_counts(game.default_rules).start, seed=3)
            rng = random.Random(rounds)
            for _ in range(400):  # a bounded stretch of seeded play: a round of 8½ need not end (E7)
                if game.to_move(state) is None:
                    break
                move = rng.choice(game.legal_moves(state))
                after = game.apply(state, move)
                for event in game.describe(state, move, after):
                    assert entry.documents.to_data(event)["type"] in declared.events, (entry.name, event)
                state = after
    assert names == expected
    assert "RoundDealt" in names and "eights.Spelled" in names and "Rules" not in names


def test_a_game_whose_schemas_declare_no_events_or_unknown_ones_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = find("Eights")
    found = schemas_of(entry)
    assert found is not None
    for events in ((), ("eights.Chess",)):
        monkeypatch.setattr(server_schemas, "schemas_of", lambda _, events=events: attrs.evolve(found, events=events))
        with pytest.raises(EighthalfError, match="declare the events"):
            server_schemas.server_schemas([entry])


def test_schemas_of_refuses_what_is_not_a_game_s_schemas() -> None:
    entry = find("Eights")
    with pytest.raises(EighthalfError, match="not a GameSchemas"):
        schemas_of(_with_schemas(entry, "eighthalf.schemas:EIGHTS_ANY"))
    with pytest.raises(EighthalfError, match="other documents"):
        schemas_of(_with_schemas(entry, "eighthalf.games.eighthalf.schema_fields:SCHEMAS"))
    assert schemas_of(_with_schemas(entry, None)) is None


def _with_schemas(entry: Any, spec: str | None) -> Any:
    return attrs.evolve(entry, schemas=spec)


def test_game_schemas_refuses_a_description_out_of_step_with_the_loader() -> None:
    found = schemas_of(find("Eights"))
    assert found is not None
    shorter: GameSchemas = attrs.evolve(found, types=found.types[:-1])
    with pytest.raises(EighthalfError, match="out of step with the loader of Eights"):
        game_schemas(shorter)


def _imports(path: Path) -> tuple[list[str], list[str]]:
    """The modules ``path`` imports at module level (``.``-prefixed as written), and those it imports in functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: list[str] = []
    inner: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.Import):
            top += [alias.name for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom):
            top.append("." * statement.level + (statement.module or ""))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inside in ast.walk(node):
                if isinstance(inside, ast.Import):
                    inner += [alias.name for alias in inside.names]
                elif isinstance(inside, ast.ImportFrom):
                    inner.append("." * inside.level + (inside.module or ""))
    return top, inner


def test_the_common_schema_module_knows_no_game() -> None:
    """:mod:`eighthalf.schemas.documents` imports only the standard library, attrs and the shared layer below it."""
    top, inner = _imports(PACKAGE / "schemas" / "documents.py")
    assert not inner
    assert not [name for name in top if name.startswith(".")]
    ours = [name for name in top if name.startswith("eighthalf")]
    assert ours and all(
        name.startswith(("eighthalf.core.", "eighthalf.formats.", "eighthalf.registry")) for name in ours
    ), ours


def _code_words(path: Path) -> set[str]:
    """The names and the strings of ``path``'s code: its identifiers and string constants, docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, ast.alias):
            words.add(node.asname or node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.add(node.value)
    return words


@pytest.mark.parametrize("module", ["build.py", "server.py"])
def test_the_schema_builder_names_no_game(module: str) -> None:
    """The builder imports only common modules, the errors, the server's modules and itself, at
    module level, and its code names no game, no game's constant and no game's types."""
    top, inner = _imports(PACKAGE / "schemas" / module)
    assert not inner, f"imports inside functions: {inner}"
    ours = [name for name in top if name.startswith(".")]
    allowed = ("..common.", "..errors", "..server.", ".server")
    assert all(name == ".." or name.startswith(allowed) for name in ours), ours
    words = _code_words(PACKAGE / "schemas" / module)
    named = words & {"EIGHTHALF", "EIGHTS", "MATCH", "MatchEvent", "Event", "MAX_SEATS", "MAX_PLAYERS", "8½", "Eights"}
    assert not named, f"{module} names {sorted(named)}"
