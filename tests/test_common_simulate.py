"""The simulation runner written once for every game (eighthalf.simulation.simulate), over each game object."""

from __future__ import annotations

import argparse
import functools
import io
import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs
import pytest

import eighthalf.core.shuffle
from eighthalf import cli
from eighthalf.console import arguments as common_cli
from eighthalf.console.commands import add_commands
from eighthalf.core.frozen import Frozen
from eighthalf.core.game import Result
from eighthalf.errors import EighthalfError
from eighthalf.games.eighthalf.game import EIGHTHALF, MatchGame
from eighthalf.games.eighthalf.options import Rules
from eighthalf.games.eights.game import EIGHTS
from eighthalf.games.eights.options import Rules as EightsRules
from eighthalf.registry import find, load_bot_for
from eighthalf.simulation.runner import MAX_RUN_SEED_DIGITS, MAX_SEED_DIGITS, check_run, game_seeds
from eighthalf.simulation.simulate import (
    GameFigures,
    SimulatedGame,
    Totals,
    Unending,
    run_simulation,
    seat_bots,
)
from eighthalf.simulation.summary import Standing, binding_of, simulate, standings_table

ROUNDS = binding_of(find("8½"))
EIGHTS_GAMES = binding_of(find("eights"))


eighthalf_simulate = functools.partial(simulate, find("8½"))
eights_simulate = functools.partial(simulate, find("eights"))


def eighthalf_main(argv: list[str]) -> int:
    return cli.main(argv)


def eights_main(argv: list[str]) -> int:
    return cli.main(["eights", *argv])


MATCHES = SimulatedGame(game=MatchGame(2), tag=b"test-matches", unit="match", most=1000, players_rule="S2")


@pytest.mark.parametrize(
    ("binding", "players", "rules"),
    [
        (ROUNDS, 3, Rules(move_limit=300)),
        (EIGHTS_GAMES, 3, EightsRules(target=15)),
        (MATCHES, 3, None),
    ],
    ids=["round", "eights", "match"],
)
def test_every_game_object_runs_the_same_whatever_the_chunks(
    binding: SimulatedGame, players: int, rules: object
) -> None:
    bots = ["greedy", "random", "random"]
    out = io.StringIO()
    tally = run_simulation(binding, players, 6, bots, seed=4, rules=rules, chunk_size=6, out=out)
    with ThreadPoolExecutor(max_workers=2) as pool:
        again = run_simulation(binding, players, 6, bots, seed=4, rules=rules, chunk_size=2, executor=pool)
    assert again == attrs.evolve(tally) and tally.games == 6 and tally.bots == tuple(bots)
    assert sum(count for count in tally.lengths.values()) == 6
    assert sum(cell[0] for cell in tally.cells.values()) == 6 * players
    wins = sum(cell[1] for cell in tally.cells.values())
    shared = sum(cell[2] for cell in tally.cells.values())
    assert wins - shared + tally.shared == 6 - tally.no_winner  # one winner a game, or a shared win
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 6 and all(
        line["seed"] == game_seeds(binding.tag, 4, index)[0] for index, line in enumerate(lines)
    )


def test_the_default_figures_write_a_plain_line() -> None:
    out = io.StringIO()
    run_simulation(MATCHES, 2, 1, ["greedy", "random"], seed=1, out=out)
    line = json.loads(out.getvalue())
    assert list(line) == ["game", "seed", "seats", "winners", "scores", "length", "moves"]
    assert line["length"] == len(line["moves"]) and line["seats"] == ["greedy", "random"]


class _Counting(GameFigures):
    """Counts every move, gives each seat 1, and ends a game that takes more than 30 moves."""

    __slots__ = ()

    counters = 1
    histograms = 1

    def moved(self, before: Any, move: Any, after: Any, mover: int) -> int:
        if after.move_number > 30:
            raise Unending("took too long")
        return 0

    def seat_values(self, state: Any) -> tuple[Sequence[int], ...]:
        return ((1,) * len(state.seats),)

    def game_values(self, state: Any, moves: Sequence[Any]) -> tuple[int, ...]:
        return (len(moves) % 2,)


def test_a_games_figures_come_through_the_hook() -> None:
    binding = SimulatedGame(game=EIGHTHALF, tag=b"t", unit="deal", most=10, players_rule="S2", figures=_Counting())
    tally = run_simulation(binding, 2, 4, ["greedy", "greedy"], seed=3, rules=Rules(move_limit=30))
    assert tally.counters == [sum(length * count for length, count in tally.lengths.items())]
    assert all(len(cell) == 6 and cell[5] == cell[0] for cell in tally.cells.values())
    assert sum(count for count in tally.histograms[0].values()) == 4
    with pytest.raises(EighthalfError, match=r"^deal 0 \(seed \d+\) took too long$"):
        run_simulation(binding, 2, 1, ["random", "random"], seed=3, rules=Rules(move_limit=100))


def test_the_binding_checks_the_rules_and_players_of_its_game() -> None:
    with pytest.raises(EighthalfError, match="rules must be a Rules or None, not Rules"):
        run_simulation(ROUNDS, 2, 1, ["random"] * 2, seed=1, rules=EightsRules())
    with pytest.raises(EighthalfError, match=r"rules must be an eighthalf.eights.Rules or None, not Rules"):
        eights_simulate(2, 1, ["random"] * 2, seed=1, rules=Rules())
    with pytest.raises(EighthalfError, match=r"players must be from 2 to 6 \(WS2\), not 7"):
        eights_simulate(7, 1, ["random"] * 7, seed=1)
    with pytest.raises(EighthalfError, match=r"games must be at most 1,000,000,000,000,000"):
        eights_simulate(2, 10**15 + 1, ["random"] * 2, seed=1)


def test_a_bot_of_the_other_game_is_refused_naming_its_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(
        EighthalfError, match=r"^bot 'eighthalf.games.eights.bots:GreedyBot' is a bot of Eights, not of 8½"
    ):
        eighthalf_simulate(2, 1, ["eighthalf.games.eights.bots:GreedyBot", "greedy"], seed=1)
    with pytest.raises(EighthalfError, match=r"^bot 'eighthalf.bots:RandomBot' is a bot of 8½, not of Eights"):
        eights_simulate(2, 1, ["eighthalf.bots:RandomBot", "greedy"], seed=1)
    with pytest.raises(SystemExit) as exit_info:
        eights_main(["simulate", "--players", "2", "--games", "1", "--bots", "eighthalf.bots:GreedyBot"])
    assert exit_info.value.code == 2
    assert "--bots: bot 'eighthalf.bots:GreedyBot' is a bot of 8½, not of Eights" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("main", "argv", "message"),
    [
        (eighthalf_main, ["demo"], "--bots: bot 'eighthalf.games.eights.bots:GreedyBot' is a bot of Eights, not of 8½"),
        (eighthalf_main, ["play"], "--bots: bot 'eighthalf.games.eights.bots:GreedyBot' is a bot of Eights, not of 8½"),
        (eighthalf_main, ["play", "--match"], "--bots: bot 'eighthalf.games.eights.bots:GreedyBot' is a bot of Eights"),
        (eights_main, ["demo"], "--bots: bot 'eighthalf.bots:GreedyBot' is a bot of 8½, not of Eights"),
        (eights_main, ["play"], "--bots: bot 'eighthalf.bots:GreedyBot' is a bot of 8½, not of Eights"),
    ],
    ids=["8½-demo", "8½-play", "8½-play-match", "eights-demo", "eights-play"],
)
def test_every_command_refuses_a_bot_of_the_other_game_before_it_starts(
    capsys: pytest.CaptureFixture[str], main: Any, argv: list[str], message: str
) -> None:
    """``demo`` and ``play`` refuse it as ``simulate`` does: a usage error naming the game,
    not a failure at the bot's first move (8½'s ``play`` used to start the game)."""
    other = "eighthalf.games.eights.bots:GreedyBot" if main is eighthalf_main else "eighthalf.bots:GreedyBot"
    with pytest.raises(SystemExit) as exit_info:
        main([*argv, "--players", "2", "--seed", "1", "--bots", other])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert f": error: {message}" in err.splitlines()[-1]


def test_load_bot_for_refuses_a_bot_of_another_game_and_makes_its_own() -> None:
    assert load_bot_for(EIGHTHALF, "eighthalf.bots:GreedyBot").name == "greedy"
    assert load_bot_for(EIGHTS, "eighthalf.games.eights.bots:GreedyBot").name == "greedy"
    assert load_bot_for(MatchGame(2), "random").name == "random"
    with pytest.raises(EighthalfError, match=r"^bot 'eighthalf.bots:RandomBot' is a bot of 8½, not of Eights; choose"):
        load_bot_for(EIGHTS, "eighthalf.bots:RandomBot")
    with pytest.raises(EighthalfError, match=r"^unknown bot 'nosuch'"):
        load_bot_for(EIGHTHALF, "nosuch")


def test_one_command_builder_serves_both_games() -> None:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    add_commands(commands, find("8½"))
    args = parser.parse_args(["simulate", "--players", "2", "--rounds", "3", "--seed", "5", "--open-runs"])
    assert args.simulate_command.binding == ROUNDS and args.open_runs
    lines: list[str] = []
    assert common_cli.run_simulate(args, write=lines.append) == 0
    expected = eighthalf_simulate(2, 3, ["random"] * 2, seed=5, rules=Rules(move_limit=1000, open_runs=True))
    assert lines == [expected.to_text()]


def test_check_run_takes_keywords_only() -> None:
    with pytest.raises(TypeError):
        check_run(("games", 1, 10), ["a"], 1, 1, None, None, False, None, ("out", None), 1, str)  # type: ignore[call-arg]
    names = check_run(
        count=("games", 1, 10),
        bots=("a",),
        seed=1,
        workers=1,
        chunk_size=None,
        executor=None,
        rotate_seats=False,
        progress=None,
        out=("out", None),
        players=1,
        load=str,
    )
    assert names == ("a",)


def test_the_seed_bounds_have_names_of_their_own() -> None:
    assert MAX_RUN_SEED_DIGITS == MAX_SEED_DIGITS == 100
    assert eighthalf.core.shuffle.MAX_SEED_DIGITS == 4300


def test_eights_summaries_are_attrs_values() -> None:
    summary = eights_simulate(2, 2, ["greedy", "random"], seed=1)
    for value in (summary, summary.seats[0]):
        assert attrs.has(type(value)) and not isinstance(value, Frozen)
    standing = summary.seats[0]
    assert Standing(*attrs.astuple(standing, recurse=False)[:-1], figures=standing.figures) == standing
    assert attrs.evolve(summary) == summary and hash(summary) == hash(attrs.evolve(summary))


def test_seat_bots_and_an_empty_tally() -> None:
    assert seat_bots(("a", "b"), 3, False) == ("a", "b") and seat_bots(("a", "b"), 3, True) == ("b", "a")
    tally = Totals(counters=[0], histograms=[{}])
    assert tally.add((Totals(games=1, lengths={4: 1}, counters=[2], histograms=[{1: 1}]), "x\n")) == "x\n"
    assert (tally.games, tally.counters, tally.sorted_histogram(0)) == (1, [2], ((1, 1),))
    assert Result((1, 2), (1,)).text == "1: 1-2"


def _plain(seat: int | None, bot: str | None, played: int, wins: int, points: int, squared: int) -> Standing:
    """A standing of a game that adds nothing: the default figures."""
    return Standing(seat, bot, played, wins, 0, points, squared)


def test_a_standing_of_any_game_derives_the_same_figures() -> None:
    one = _plain(0, "greedy", 1, 1, 40, 1600)
    assert not hasattr(one, "__dict__") and one.win_rate == 1.0 and one.mean_points == 40.0
    assert one.mean_points_ci == (40.0, 40.0)  # unbounded points: no spread from one seat-game
    summary = eighthalf_simulate(2, 1, ["greedy", "random"], seed=2)
    assert summary.seats[0].seat_games == 1 and summary.seats[0].mean_points_ci == (0.0, 3.0)  # bounded: 0-3
    round_keys = list(summary.seats[0].to_dict())  # 8½'s: rounds, no shared wins, the mean count
    assert [key for key in round_keys if key != "mean_count"] == [
        "rounds" if key == "games" else key for key in one.to_dict() if key != "shared_wins"
    ]
    for standing in summary.seats + summary.by_bot:
        as_plain = _plain(
            standing.seat, standing.bot, standing.games, standing.wins, standing.points, standing.points_squared
        )
        assert as_plain.win_rate_ci == standing.win_rate_ci and as_plain.mean_points == standing.mean_points


def test_one_table_writer_serves_both_games() -> None:
    seats = (_plain(0, "greedy", 4, 3, 10, 30), _plain(1, None, 4, 1, 2, 2))
    plain = standings_table("games", seats, seats[:1])
    assert plain[0] == "seat  bot           games     wins  win rate (95% CI)      points (95% CI)"
    assert plain[2].startswith("1     (rotating)        4        1   25.0% (") and plain[3] == ""
    assert plain[4].startswith("bot                 games") and plain[-1] == ""
    wide = standings_table("rounds", seats, (), points_digits=3, extra=(" extra", lambda standing: " x"))
    assert wide[0].endswith("points (95% CI)         extra") and wide[1].endswith("2.500 (1.235–3.765)     x")
    assert all(line == line.rstrip() for line in plain + wide)
    summary = eights_simulate(2, 2, ["greedy", "random"], seed=3)
    table = standings_table("games", summary.seats, summary.by_bot)
    assert "\n".join(table) in summary.to_text()
