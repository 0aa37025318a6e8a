"""The public functions a game binds from shared values (records, documents) pickle by name, as functions do."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import eighthalf.eights as eights
from eighthalf.core.named import Named, located
from eighthalf.formats.document_kinds import GameDocuments
from eighthalf.formats.replay import RecordFunctions
from eighthalf.games.eights import bots, records, serialization
from eighthalf.players.players import BotFunctions
from eighthalf.registry import find
from eighthalf.simulation.runner import bot_factory

BOUND: list[tuple[Any, str, type[Named], tuple[str, ...]]] = [
    (records, "RECORDS", RecordFunctions, ("dumps", "loads", "replay")),
    (serialization, "DOCUMENTS", GameDocuments, ("to_data", "from_data", "dumps", "loads")),
    (bots, "BOT_FUNCTIONS", BotFunctions, ("make_bot", "tell")),
]


@pytest.mark.parametrize(("module", "value", "cls", "names"), BOUND)
def test_eights_binds_the_shared_functions_by_name(
    module: Any, value: str, cls: type[Named], names: tuple[str, ...]
) -> None:
    shared = getattr(module, value)
    assert isinstance(shared, cls) and shared.path == f"{module.__name__}.{value}"
    assert located(shared.path) is shared
    for name in names:
        function = getattr(module, name)
        assert function.__self__ is shared and function.__func__ is getattr(cls, name)
        assert function.__doc__ and "Args:" in function.__doc__
        copy = pickle.loads(pickle.dumps(function))
        assert copy == function and copy.__self__ is shared  # by reference: the same value, not a copy of it
    assert pickle.loads(pickle.dumps(shared)) is shared
    assert eights.replay is records.replay and eights.to_data is serialization.to_data


def test_the_pickled_functions_work_after_reading_back() -> None:
    record = eights.Record(players=2, seed=3)
    dumps = pickle.loads(pickle.dumps(records.dumps))
    loads = pickle.loads(pickle.dumps(records.loads))
    assert loads(dumps(record)) == record
    to_data = pickle.loads(pickle.dumps(serialization.to_data))
    assert serialization.from_data(to_data(record)) == record


def test_a_name_that_binds_nothing_is_refused_on_reading_back() -> None:
    with pytest.raises(AttributeError):
        pickle.loads(pickle.dumps(Named(path="eighthalf.games.eights.records.NO_SUCH_NAME")))
    with pytest.raises(ModuleNotFoundError):
        located("eighthalf.no_such_module.NAME")
    assert located("eighthalf.games.eights.records.dumps") is records.dumps


def test_the_bot_functions_read_the_bots_as_they_are_at_each_call() -> None:
    bots.BOTS["patient"] = bots.RandomBot
    try:
        assert isinstance(bots.make_bot("patient"), bots.RandomBot)
        assert isinstance(bot_factory("patient", find("eights").bots)(), bots.RandomBot)  # the entry's bots
    finally:
        del bots.BOTS["patient"]
    with pytest.raises(
        KeyError, match="no Eights bot named 'patient'; choose from greedy, ismcts, prospect, random, search"
    ):
        bots.make_bot("patient")
