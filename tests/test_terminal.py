"""End-to-end tests of the terminal game (``eighthalf.games.eighthalf.terminal``), driven by scripted answers."""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Sequence

import attrs
import pytest
from builders import S, build
from hypothesis import given
from hypothesis import strategies as st

from eighthalf import (
    EighthalfError,
    Match,
    ParseError,
    apply,
    new_game,
    new_match,
    parse_match_move,
    parse_move,
    replay,
    view_match,
)
from eighthalf.bots import BOTS, GreedyBot
from eighthalf.games.eighthalf.state import GameState
from eighthalf.games.eighthalf.terminal import (
    LABELS,
    NAMES,
    PLAIN,
    add_play_arguments,
    config_from_args,
    describe_move,
    exchange_choice,
    label_of,
    render_screen,
    run_play,
)
from eighthalf.games.eighthalf.views import view
from eighthalf.records import loads
from eighthalf.testing import LeakError, assert_no_leaks

Answer = Callable[[str, Sequence[str]], str]
"""Answers a prompt, given the transcript so far."""


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_play_arguments(parser)
    return parser.parse_args(list(argv))


MAX_TRANSCRIPT = 200_000  # lines; the longest game of these tests has a few thousand


def play(argv: Sequence[str], answers: Iterable[str] | Answer) -> tuple[int, list[str]]:
    """Run the game with scripted answers; returns the status and the transcript lines.

    ``answers`` is a sequence (EOFError once it runs out) or a function of the prompt and
    the transcript so far. Each question and its answer go into the transcript as one line.
    """
    transcript: list[str] = []
    script = None if callable(answers) else iter(answers)

    def ask(prompt: str) -> str:
        if len(transcript) > MAX_TRANSCRIPT:  # a script the game keeps refusing: fail, do not fill memory
            pytest.fail(
                f"the game is still asking after {MAX_TRANSCRIPT:,} lines; the last ones:\n"
                + "\n".join(transcript[-6:])
            )
        if script is not None:
            answer = next(script, None)
            if answer is None:
                transcript.append(prompt + "<EOF>")
                raise EOFError
        else:
            assert callable(answers)
            answer = answers(prompt, transcript)
        transcript.append(prompt + answer)
        return answer

    def write(text: str) -> None:
        transcript.extend(text.split("\n"))

    status = run_play(parse([*argv, "--no-color"]), input=ask, write=write)
    return status, transcript


def always(answer: str) -> Answer:
    return lambda prompt, transcript: answer


def first_move(prompt: str, transcript: Sequence[str]) -> str:
    """Answer every question with its first label: ``a``, or ``aa`` once the list needs two letters."""
    labels = re.match(r"Your move \[([a-z]+)", prompt)
    return "a" if labels is None else labels.group(1)


def lines_starting(transcript: Sequence[str], prefix: str) -> list[str]:
    return [line for line in transcript if line.startswith(prefix)]


EIGHTHALF = ["--players", "4", "--seed", "7", "--bots", "greedy,random"]


def test_full_round_choosing_the_first_move_every_time() -> None:
    status, transcript = play(EIGHTHALF, always("a"))
    text = "\n".join(transcript)
    assert status == 0
    assert "Goodbye" not in text
    assert "── The round is over ──" in transcript
    assert any(line.startswith(("You win the round!", "Ben wins", "Cleo wins", "Dan wins")) for line in transcript)
    assert lines_starting(transcript, "Cards left (E4): Anna ")
    assert lines_starting(transcript, "Points (E6): Anna ")
    assert transcript[-1] == (
        "Seed 7: play the same deal again with: "
        "python -m eighthalf play --players 4 --seat 0 --bots greedy,random,greedy --seed 7"
    )
    # Every screen has the call, the pile, all four players, the hand and numbered moves.
    screens = [i for i, line in enumerate(transcript) if line.startswith("── Move ")]
    assert len(screens) > 3
    for start in screens:
        end = next(i for i in range(start, len(transcript)) if transcript[i].startswith("Your move ["))
        screen = transcript[start:end]
        assert any(line.startswith("Call: ") for line in screen)
        assert any(line.startswith("Pile") for line in screen)
        assert (
            sum(
                bool(re.match(r" [ >] \d (Anna \(you\)|Ben|Cleo|Dan) +hand +\d+  bank +\d+  open ", line))
                for line in screen
            )
            == 4
        )
        assert any(line.startswith("Your hand: ") for line in screen)
        assert any(line.startswith("  a) ") for line in screen)
    # What the bots did is told, with Anna's own drawn cards shown and nobody else's.
    assert lines_starting(transcript, "  - Ben plays ")
    assert any(re.fullmatch(r"  - Anna draws \d cards? \(.+\)\.", line) for line in transcript)
    assert not any(re.fullmatch(r"  - (Ben|Cleo|Dan) draws \d cards? \(.+\)\.", line) for line in transcript)


def test_first_screen_in_detail() -> None:
    status, transcript = play(EIGHTHALF, ["a"])
    assert status == 0
    start = transcript.index("── Move 3 · your turn, Anna ──")
    end = transcript.index("Your move [a/e/f or a move]: a")
    assert transcript[start:end] == [
        "── Move 3 · your turn, Anna ──",
        "What happened since your last move:",
        "  - Cleo plays 4: the call is 4.",
        "  - Cleo draws 1 card.",
        "  - Dan plays 4: the call is 4.",
        "  - Dan draws 1 card.",
        "Call: 4",
        "Pile, 2 cards, top last: 4 (Cleo) · 4 (Dan)",
        "Players:",
        " > 0 Anna (you)  hand  3  bank  9  open 6 8 ½      blind 3  collected  0  (to move)",
        "   1 Ben         hand  3  bank  9  open 0 4 3      blind 3  collected  0",
        "   2 Cleo        hand  3  bank  8  open 3 5 9      blind 3  collected  0",
        "   3 Dan         hand  3  bank  8  open ½ Ghost 8  blind 3  collected  0",
        "Your hand: 0 0 5",
        "Your moves:",
        "  a) 0    — a 0: the call becomes 0",
        "  e) 00   — two 0s: the call becomes 0",
        "  f) 5    — a 5: the call becomes 5, with the 5-lock",
        "Type a, e or f for a line of the list, or the move itself (a card such as 5 plays that card); "
        "? for help, q to quit.",
    ]
    assert transcript[end + 1] == "You: 0 — a 0: the call becomes 0"


OPENER = ["--players", "4", "--seed", "7", "--seat", "2", "--bots", "greedy,random"]
"""Seat 2 opens the deal of seed 7 with its 4 (hand 4 9 Ghost), so the first question comes at once."""


def test_bad_answers_are_refused_and_the_game_goes_on_identically() -> None:
    _, plain = play(OPENER, ["a", "a", "a"])
    bad = ["zz", "9", "5", "42", "", "?", "help", "D", "x43G", "e", "1", "²", "٣", "4²", "1" * 5000, "\x00"]
    _, noisy = play(OPENER, [*bad, "a", "a", "a"])
    refusals = noisy[noisy.index("Your move [a or a move]: zz") : noisy.index("Your move [a or a move]: a")]
    text = "\n".join(refusals)
    assert "not a move: 'zz' (type a, or the move itself; ? for help)" in text
    assert "'9' is not legal here: the opening play is the lowest yellow card, 4, with any copies (S5)" in text
    assert "'5' is not legal here: you have no 5 in your hand (T3)" in text
    assert "not a move: '42' (type a, or the move itself; ? for help)" in text
    assert "not a move: 'e' (type a, or the move itself; ? for help)" in text  # not a line of this list
    assert "'1' is not legal here: you have no 1 in your hand (T3)" in text  # a digit is a card, never a line
    assert "not a move: '²' (type a" in text and "not a move: '٣' (type a" in text
    assert f"not a move: {'1' * 40!r}… (5000 characters) (type a" in text
    assert max(len(line) for line in refusals if not line.startswith("Your move")) < 200
    assert "Please choose: a, or the move itself (? for help)." in text
    assert text.count("How to answer:") == 2
    assert "'D' is not legal here: no exchange is pending: only the round's moves are legal (M3)" in text
    assert "'x43G' is not legal here: no exchange is pending: only the round's moves are legal (M3)" in text
    # Each refusal asks the same question again, and nothing else changes.
    assert sum(line.startswith("Your move [a or a move]: ") for line in refusals) == len(bad)
    first = plain.index("Your move [a or a move]: a")
    assert noisy[: noisy.index("Your move [a or a move]: zz")] == plain[:first]
    assert noisy[noisy.index("Your move [a or a move]: a") :] == plain[first:]


def test_notation_is_accepted_in_any_case() -> None:
    _, by_letter = play(OPENER, ["a", "a"])
    _, by_notation = play(OPENER, [" 4 ", "A"])
    assert [
        line.replace("Your move [a or a move]:  4 ", "Your move [a or a move]: a").replace(": A", ": a")
        for line in by_notation
    ] == by_letter
    status, transcript = play(EIGHTHALF, ["a", "C"])  # the second screen of EIGHTHALF offers only c
    assert status == 0
    assert "You: c — collect the pile (6 cards, set aside, out of play)" in transcript


def test_a_refused_play_on_a_call_gives_the_rule() -> None:
    # In EIGHTHALF Anna holds 0 1 5 facing 7½ on her second turn: a 5 is too low (P1).
    _, transcript = play(EIGHTHALF, ["a", "5", "c"])
    assert "'5' is not legal here: a 5 cannot be played on a call of 7½ (P1)" in transcript
    assert "Call: 7½ — Dan is at risk (an 8 catches)" in transcript


@pytest.mark.parametrize("how", ["q", "quit", "QUIT", "exit", None])
def test_quit_in_the_middle_ends_cleanly(how: str | None) -> None:
    answers = ["a", "a"] + ([] if how is None else [how, "a"])
    status, transcript = play(EIGHTHALF, answers)
    assert status == 0
    assert transcript[-2:] == [
        "Goodbye: the game ends here.",
        "Seed 7: play the same deal again with: "
        "python -m eighthalf play --players 4 --seat 0 --bots greedy,random,greedy --seed 7",
    ]
    assert "── The round is over ──" not in transcript


def test_ctrl_c_ends_cleanly_with_status_130() -> None:
    def interrupt(prompt: str, transcript: Sequence[str]) -> str:
        raise KeyboardInterrupt

    status, transcript = play(EIGHTHALF, interrupt)
    assert status == 130
    assert transcript[-2] == "Goodbye: interrupted."
    assert transcript[-1].startswith("Seed 7: ")


def test_same_seed_and_answers_give_the_same_transcript() -> None:
    first = play(EIGHTHALF, always("a"))
    assert play(EIGHTHALF, always("a")) == first
    other = play([*EIGHTHALF[:3], "8", *EIGHTHALF[4:]], always("a"))
    assert other != first


def test_fresh_seed_is_printed_at_the_end_and_replays_the_game() -> None:
    # A fresh deal may need two-letter labels, and a round of first moves may go round in a
    # circle for ever (E7): play twelve moves (or fewer, if the round ends) and quit.
    def twelve_then_quit(prompt: str, transcript: Sequence[str]) -> str:
        moves = sum(line.startswith("Your move [") for line in transcript)
        return "q" if moves == 12 else first_move(prompt, transcript)

    status, transcript = play(["--players", "2"], twelve_then_quit)
    assert status == 0
    match = re.fullmatch(r"Seed (\d+): play the same deal again with: python -m eighthalf play (.*)", transcript[-1])
    assert match is not None
    argv = match.group(2).split()[len(["python", "-m", "eighthalf", "play"]) - 4 :]
    assert play(argv, twelve_then_quit) == (status, transcript)


def test_a_long_list_is_labelled_with_two_letters() -> None:
    # Seed 0 gives Anna more moves than letters: the labels grow to two letters, the first of
    # them plays the first move, and a plain "a" is no longer a label and is refused.
    status, transcript = play(["--players", "2", "--seed", "0"], first_move)
    assert status == 0
    asked = next(line for line in transcript if line.startswith("Your move [aa"))
    assert asked.endswith(": aa")
    assert transcript[transcript.index(asked) + 1].startswith("You: ")

    def a_at_the_long_list(prompt: str, transcript: Sequence[str]) -> str:
        if transcript and transcript[-1].startswith("not a move"):
            return "q"
        return "a" if prompt.startswith("Your move [aa") else first_move(prompt, transcript)

    _, refused = play(["--players", "2", "--seed", "0"], a_at_the_long_list)
    assert refused[-6].startswith("Your move [aa") and refused[-6].endswith(": a")
    assert refused[-5].startswith("not a move: 'a' (type two letters from aa to ")
    assert refused[-4].startswith("Your move [aa") and refused[-4].endswith(": q")
    assert refused[-2] == "Goodbye: the game ends here."


def _answer_match(prompt: str, transcript: Sequence[str]) -> str:
    """Enter at the pauses; at the exchange, the first choice written in notation; else 1."""
    if prompt.startswith("Press Enter"):
        return ""
    if prompt.startswith("Your decision"):
        offered = next(line for line in reversed(transcript) if line.startswith("  a) "))
        return offered.split()[1].upper()
    return "a"


def test_a_short_match_with_the_exchange() -> None:
    for seed in range(100):  # a match in which Anna, always playing her first move, wins round 1
        argv = ["--players", "3", "--bots", "random", "--match", "--rounds", "2", "--seed", str(seed)]
        status, transcript = play(argv, _answer_match)
        if "Your decision" in "\n".join(transcript):
            break
    else:  # pragma: no cover
        pytest.fail("no seed below 100 gives Anna the exchange")
    assert status == 0
    assert transcript.index("── The round is over ──") < transcript.index(
        "Press Enter to deal round 2 of 2 (q to quit): "
    )
    assert lines_starting(transcript, "Round 1 of 2: Cleo deals; ")
    assert lines_starting(transcript, "Round 2 of 2: Anna deals; ")
    assert len(lines_starting(transcript, "Totals: Anna ")) == 3  # after each round, and the final one
    decision = next(i for i, line in enumerate(transcript) if line.startswith("Your decision"))
    assert any(line.startswith("You won the last round: you may exchange one of") for line in transcript[:decision])
    exchange = re.fullmatch(r"Your decision \[[a-z/…]+ or a move\]: X(.)(\d)(.)", transcript[decision])
    assert exchange is not None
    own, loser, theirs = exchange.groups()
    label = {"H": "½", "G": "Ghost"}
    own, theirs = label.get(own, own), label.get(theirs, theirs)
    assert transcript[decision + 1].startswith(f"You: x{exchange.group(1).lower()}")
    assert f"  - Anna exchanges an open {own} for {NAMES[int(loser)]}'s open {theirs} (M3)." in transcript
    assert "── The match is over after 2 rounds ──" in transcript
    assert lines_starting(transcript, "The match is won by ") or "You win the match!" in transcript


def test_quit_at_the_pause_between_rounds() -> None:
    def answer(prompt: str, transcript: Sequence[str]) -> str:
        return "q" if prompt.startswith("Press Enter") else "a"

    status, transcript = play(["--players", "2", "--match", "--rounds", "3", "--seed", "5"], answer)
    assert status == 0
    assert transcript[-4] == "Press Enter to deal round 2 of 3 (q to quit): q"
    assert transcript[-2] == "Goodbye: the game ends here."
    assert transcript[-1].endswith("--match --rounds 3 --seed 5")


def test_bad_options_are_refused() -> None:
    for argv, message in [
        (["--players", "6"], "error: --players must be from 2 to 5 (S2), not 6"),
        (["--players", "3", "--seat", "3"], "error: --seat must be a seat from 0 to 2, not 3"),
        (
            ["--bots", "greedy,clever"],
            f"error: --bots: unknown bot 'clever'; choose from {', '.join(sorted(BOTS))}, or give 'module:attribute'",
        ),
        (["--players", "3", "--bots", "random,greedy,random"], "error: --bots: 3 bots for 2 seats; give at most 2"),
        (["--bots", "greedy,,random"], "error: --bots: an empty entry in 'greedy,,random'"),
        (
            ["--bots", "nosuchmodule:Bot"],
            "error: --bots: bot 'nosuchmodule:Bot': cannot import module 'nosuchmodule' (ModuleNotFoundError: No module"
            " named 'nosuchmodule'); check the current folder or PYTHONPATH (python -m looks in the current folder,"
            " a command such as eighthalf does not)",
        ),
        (
            ["--names", "A\tB"],
            "error: --names: 'A\\tB' is not a name: 1 to 24 printable characters, no quotes or commas",
        ),
        (["--record", "/nonexistent-dir/game.txt"], "error: --record: cannot write '/nonexistent-dir/game.txt': "),
        (["--record", "/"], "error: --record: '/' is a directory; give a file name"),
        (["--rounds", "2"], "error: --rounds goes with --match"),
        (["--match", "--rounds", "0"], "error: --rounds must be at least 1 (M1), not 0"),
        (
            ["--match", "--rounds", str(10**17)],
            "error: --rounds must be at most 9,007,199,254,740,991 (M1), not 100,000,000,000,000,000",
        ),
        (["--names", "A,A"], "error: --names: every player needs a name of their own, not A, A, Cleo, Dan"),
    ]:
        status, transcript = play(argv, [])
        assert status == 2 and len(transcript) == 1 and transcript[0].startswith(message), (argv, transcript)


def test_options_fill_the_table() -> None:
    config = config_from_args(parse(["--players", "5", "--seat", "2", "--bots", "random,greedy", "--names", "Zoe,Yan"]))
    assert config.bots == ("random", "greedy", None, "random", "greedy")
    assert config.names == ("Zoe", "Yan", "Cleo", "Dan", "Eve")
    assert config.rounds is None and config.color is None
    assert config_from_args(parse(["--match", "--no-color"])).rounds == 6
    assert config_from_args(parse(["--match", "--no-color"])).color is False
    status, transcript = play(["--players", "3", "--seat", "1", "--names", "Zoe", "--seed", "3"], ["a"])
    assert status == 0
    assert transcript[0] == "8½ — one round, 3 players. You are Ben, seat 1; against Zoe (greedy), Cleo (greedy)."
    assert transcript[-1].endswith("--players 3 --seat 1 --bots greedy,greedy --names Zoe,Ben,Cleo --seed 3")


def _states_along_a_round(players: int, seed: int) -> list[GameState]:
    state, rng, bot = new_game(players, seed=seed), random.Random(seed), GreedyBot()
    states = [state]
    while not state.over:
        state = apply(state, bot.choose(view(state, state.to_move), rng))
        states.append(state)
    return states[:-1]


def _render(state: GameState, seat: int | None) -> str:
    assert seat is not None
    match = Match(1, 0, state.players - 1, 0, state)
    return render_screen(view_match(match, seat), NAMES, ["Anna plays 4: the call is 4."], paint=PLAIN)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 7), (5, 3)])
def test_the_screen_shows_only_what_the_player_may_see(players: int, seed: int) -> None:
    states = _states_along_a_round(players, seed)
    assert any(any(seat.on_table for seat in state.seats) for state in states)
    for state in states[:: max(1, len(states) // 25)]:
        assert_no_leaks(state, state.to_move, _render, rng=random.Random(seed), variants=4)


def test_the_leak_check_would_catch_a_shown_hand() -> None:
    state = new_game(4, seed=7)

    def leaky(state: GameState, seat: int | None) -> str:
        return _render(state, seat) + " ".join(str(card) for card in state.seats[(state.to_move + 1) % 4].hand)

    with pytest.raises(LeakError):
        assert_no_leaks(state, state.to_move, leaky, rng=random.Random(1))


def test_the_exchange_screen_shows_only_what_the_winner_may_see() -> None:
    match = new_match(3, seed=11, rounds=2)
    while match.exchange_by is None:
        match = match.apply(match.legal_moves()[0])
    winner = match.exchange_by

    def render(state: GameState, seat: int | None) -> str:
        assert seat is not None
        return render_screen(view_match(attrs.evolve(match, state=state), seat), NAMES, match_mode=True)

    assert_no_leaks(match.state, winner, render, rng=random.Random(2))
    screen = render(match.state, winner)
    assert "You won the last round" in screen and " d    — decline the exchange" in screen


def test_bots_decide_the_exchange_by_flexibility() -> None:
    match = new_match(3, seed=11, rounds=2)
    while match.exchange_by is None:
        match = match.apply(match.legal_moves()[0])
    seen = view_match(match, match.exchange_by)
    choice = exchange_choice(seen)
    assert choice in seen.legal_moves()
    with pytest.raises(ValueError, match="no exchange is pending"):
        exchange_choice(view_match(match, (match.exchange_by + 1) % 3))


def test_describe_move_says_what_a_play_does() -> None:
    # Ben just laid a ½ on Anna's 6: the call is 6½ and Ben is at risk; Cleo holds 7, 8, ½ and a Ghost.
    state = build(S(hand="123"), S(hand="234"), S(hand="78HG", bank=0), S(hand="456"), pile="0:6 1:H", to_move=2)
    seen = view_match(Match(1, 0, 3, 0, state), 2)
    names = list(NAMES[:4])
    assert describe_move(parse_move("7"), seen, names) == "a 7: catches Ben, who collects the pile; you play again"
    assert describe_move(parse_move("G"), seen, names) == "a Ghost: the call stays 6½, and you are at risk"
    assert describe_move(parse_move("H"), seen, names) == "a ½: the call becomes 7"
    assert describe_move(parse_move("8H"), seen, names) == (
        "the 8½ combination (an 8 with a ½): the call becomes 8½, and you are at risk"
    )
    assert describe_move(parse_move("b1"), seen, names).startswith("turn blind card 1, unseen")
    assert describe_move(parse_move("c"), seen, names) == "collect the pile (2 cards, into your hand)"
    screen = render_screen(seen, names).split("\n")
    assert "Call: 6½ — Ben is at risk (a 7 catches)" in screen
    assert "Pile, 2 cards, top last: 6 (Anna) · ½ (Ben)" in screen
    assert "Your hand: 7 8 ½ Ghost" in screen
    assert "  a) 7    — a 7: catches Ben, who collects the pile; you play again" in screen
    assert any(line.startswith(" > 2 Cleo (you)  hand  4  bank  0") and "on the table" in line for line in screen)
    assert any(line.startswith("   1 Ben ") and line.endswith("(at risk)") for line in screen)


def test_the_screen_under_the_5_lock_and_when_a_player_waits_on_e2() -> None:
    state = build(S(hand="", open="", blind="", on_table=True), S(hand="34"), pile="1:5 0:H", to_move=1)
    screen = render_screen(view_match(Match(1, 0, 1, 0, state), 1), ["Anna", "Ben"]).split("\n")
    assert "Call: 5½ — Anna is at risk (a 6 catches)" in screen
    assert "Anna has no cards left: catch with a 6 now, or Anna wins after this move (E2)" in screen


def test_colour_is_optional() -> None:
    from eighthalf.games.eighthalf import terminal

    painter = terminal._rich_painter()
    if importlib.util.find_spec("rich") is None:
        assert painter is None
    else:
        assert painter is not None
        assert "\x1b[" in painter("9", "red")
        assert painter("9", "") == "9"
    assert PLAIN("9", "red") == "9"


def test_as_a_real_process() -> None:
    """``python -m eighthalf.games.eighthalf.terminal`` stands in for ``python -m eighthalf play`` until it is wired."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "eighthalf.games.eighthalf.terminal",
            "--players",
            "4",
            "--seed",
            "7",
            "--bots",
            "greedy,random",
        ],
        input="zz\na\nq\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "not a move: 'zz'" in result.stdout
    assert "You: 0 — a 0: the call becomes 0" in result.stdout
    assert "Goodbye: the game ends here." in result.stdout
    assert result.stderr == ""


# --- Menu labels: a typed card always plays that card (issue 11) -----------------------------


def test_labels_never_mean_a_move_or_a_command() -> None:
    labels = [label_of(index, count) for count in (1, 17, 18, 289) for index in range(count)]
    for label in set(labels):
        assert not any(char.isdigit() for char in label)
        assert label not in {"q", "quit", "exit", "?", "help"}
        with pytest.raises(ParseError):
            parse_match_move(label)
        with pytest.raises(ParseError):
            parse_match_move(label.upper())
    for count in (1, 5, 17, 18, 40, 289):
        column = [label_of(index, count) for index in range(count)]
        assert len(set(column)) == count and len({len(label) for label in column}) == 1
    assert len(set(LABELS)) == len(LABELS) == 17


def test_the_labels_are_written_once_for_both_games() -> None:
    """8½'s labels are the shared function's over its letters, the same as before (issue 18)."""
    from eighthalf.console import play as common
    from eighthalf.games.eights.terminal import LABELS as EIGHTS_LABELS

    assert LABELS == "aefijkmnprstuvwyz" and EIGHTS_LABELS == "abcdefghijkmnoprstuvwxyz"
    for count in (1, 17, 18, 289):
        old = [LABELS[index] if count <= 17 else LABELS[index // 17] + LABELS[index % 17] for index in range(count)]
        assert [label_of(index, count) for index in range(count)] == old
        assert [common.label_of(index, count, LABELS) for index in range(count)] == old
    assert common.label_of(289, 290, LABELS) == "eaa" and common.label_of(0, 3, "ab") == "aa"
    for letters in ("a", "aab", ""):
        with pytest.raises(EighthalfError, match="no label for that line"):
            common.label_of(0, 1, letters)


@given(st.integers(), st.integers())
def test_label_of_refuses_what_has_no_label(index: int, count: int) -> None:
    if 0 <= index < count <= len(LABELS) ** 2:
        assert label_of(index, count)
    else:
        with pytest.raises(EighthalfError, match="no label for that line"):
            label_of(index, count)


def test_a_typed_card_plays_that_card_whatever_the_list_says() -> None:
    """With the hand 2 ½ Ghost, typing 2 plays the 2 (not line 2 of the list)."""
    state = build(S(hand="2HG"), S(hand="345"), to_move=0)
    seen = view_match(Match(1, 0, 1, 0, state), 0)
    screen = render_screen(seen, ["Anna", "Ben"]).split("\n")
    menu = [line for line in screen if re.match(r"  [a-z]+\) ", line)]
    assert [line.split()[1] for line in menu] == [str(move) for move in seen.legal_moves()]
    assert "2" in [str(move) for move in seen.legal_moves()]
    from eighthalf.games.eighthalf import terminal

    lines: list[str] = []
    answers = iter(["2"])
    move = terminal._ask_move(seen, lambda prompt: next(answers), lines.append, lambda move: "", PLAIN)
    assert str(move) == "2"


def test_more_moves_than_letters_get_two_letter_labels() -> None:
    # On the table with a big hand: more legal moves than the 17 letters.
    state = build(S(hand="00011122233344455566677788899HHHGGG", on_table=True), S(hand="345"), to_move=0)
    seen = view_match(Match(1, 0, 1, 0, state), 0)
    moves = seen.legal_moves()
    assert len(moves) > len(LABELS)
    screen = render_screen(seen, ["Anna", "Ben"]).split("\n")
    menu = [line for line in screen if re.match(r"  [a-z]{2}\) ", line)]
    assert len(menu) == len(moves)
    from eighthalf.games.eighthalf import terminal

    last = label_of(len(moves) - 1, len(moves))
    answers = iter([last.upper()])
    shown: list[str] = []
    chosen = terminal._ask_move(seen, lambda prompt: next(answers), shown.append, lambda move: "", PLAIN)
    assert chosen == moves[-1]


# --- --record and --auto-forced ----------------------------------------------------------------


def test_record_of_a_finished_round_replays(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "game.txt"
    status, transcript = play([*EIGHTHALF, "--record", str(path)], always("a"))
    assert status == 0
    assert f"The game is saved as a record in {path}." in transcript
    record = loads(path.read_text(encoding="utf-8"))
    assert record.players == 4 and record.seed == 7 and record.rounds is None
    assert ("Names", "Anna,Ben,Cleo,Dan") in record.tags
    *_, last = replay(record)
    assert isinstance(last, GameState) and last.over
    points = next(line for line in transcript if line.startswith("Points (E6): "))
    assert points == "Points (E6): " + ", ".join(f"{NAMES[s]} {p}" for s, p in enumerate(last.points or ()))
    assert record.result != "*"


def test_record_of_a_match_left_early_is_unfinished_and_replays(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "match.txt"
    status, transcript = play(
        ["--players", "3", "--match", "--rounds", "2", "--seed", "5", "--record", str(path)], ["a"] * 5
    )
    assert status == 0 and "Goodbye: the game ends here." in transcript
    record = loads(path.read_text(encoding="utf-8"))
    assert record.rounds == 2 and record.result == "*" and len(record.moves) > 5
    states = list(replay(record))
    assert len(states) == len(record.moves) + 1
    assert not states[-1].over


def test_auto_forced_plays_single_moves_without_asking() -> None:
    status, asked = play(EIGHTHALF, always("a"))
    status_auto, auto = play([*EIGHTHALF, "--auto-forced"], always("a"))
    assert status == status_auto == 0
    questions = [line for line in asked if line.startswith("Your move [")]
    auto_questions = [line for line in auto if line.startswith("Your move [")]
    forced = [line for line in auto if "played for you" in line]
    assert forced and len(auto_questions) == len(questions) - len(forced)
    assert not any(line.startswith("Your move [a or a move]") for line in auto)
    # Same moves, same end: always choosing line a plays the single move too.
    assert [line for line in asked if line.startswith("Points (E6)")] == [
        line for line in auto if line.startswith("Points (E6)")
    ]


# --- Bad input through a real process (issue 13) ------------------------------------------------


def _run(args: Sequence[str], stdin: bytes, encoding: str = "utf-8:strict") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "eighthalf", "play", *args],
        input=stdin,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        timeout=60,
        check=False,
    )


def test_undecodable_bytes_under_strict_utf8_are_refused_and_asked_again() -> None:
    done = _run(["--players", "4", "--seed", "7", "--bots", "greedy,random", "--no-color"], b"\xff\xfe\na\nq\n")
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert "could not read that answer: it is not valid text in the terminal's encoding" in out
    assert "You: 0 — a 0: the call becomes 0" in out  # the next line was read and played
    assert "Goodbye: the game ends here." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "9" * 5000], "argument --seed: a number of at most 100 digits, not '9999"),
        (["--players", "٣"], "argument --players: not a whole number: '٣'"),
        (["--players", "9"], "--players must be from 2 to 5 (S2), not 9"),
        (["--bots", "random,random,random,random"], "--bots: 4 bots for 3 seats; give at most 3"),
    ],
)
def test_bad_options_through_a_real_process_are_one_line_and_status_2(args: list[str], message: str) -> None:
    done = _run(args, b"")
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2 and done.stdout == b""
    assert "Traceback" not in err
    assert err.splitlines()[-1].startswith("python -m eighthalf play: error: ")
    assert message in err and len(err.splitlines()[-1]) < 300


# --- Any typed text: a legal move, or one line and the question again (issue 13) ----------------

_ODD_TEXT = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"[0-9²³¹①፩٣]{1,6}", fullmatch=True),
    st.sampled_from(["1" * 5000, "\udcff", "x5²0", "o٣", "b²", "8½", "HH", "GGG", "x", "d", "c"]),
)


@given(st.lists(_ODD_TEXT, max_size=6))
def test_any_typed_text_is_a_legal_move_or_one_line_and_the_question_again(answers: list[str]) -> None:
    from eighthalf.games.eighthalf import terminal

    match = new_match(4, seed=7)
    seen = view_match(match, match.to_move)
    script = iter([*answers, "a"])
    shown: list[str] = []
    asked: list[str] = []

    def ask(prompt: str) -> str:
        answer = next(script)
        asked.append(answer)
        return answer

    try:
        move = terminal._ask_move(seen, ask, shown.append, lambda move: "refused", PLAIN)
    except terminal._Quit:
        assert asked[-1].strip().lower() in {"q", "quit", "exit"}
        return
    assert move in seen.legal_moves()
    refused = asked[:-1]
    helps = sum(answer.strip().lower() in {"?", "help"} for answer in refused)
    assert len(shown) == 1 + len(refused)  # the instruction line, then one line per refused answer
    assert sum(line.startswith("How to answer:") for line in shown) == helps
    assert all(len(line) < 300 for line in shown if not line.startswith("How to answer:"))


# --- Table options (issue 10) -------------------------------------------------------------------


def test_table_option_flags_set_the_rules() -> None:
    from eighthalf import Rules

    assert config_from_args(parse(EIGHTHALF)).rules == Rules()
    config = config_from_args(parse([*EIGHTHALF, "--lock-next-only", "--halves-stop-at-8-half"]))
    assert config.rules == Rules(lock_next_only=True, halves_stop_at_8_half=True)
    assert config.command().endswith("--seed 7 --lock-next-only --halves-stop-at-8-half")


def test_a_game_under_house_rules_says_so_records_them_and_replays(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "house.txt"
    status, transcript = play([*EIGHTHALF, "--open-runs", "--single-opening", "--record", str(path)], always("a"))
    assert status == 0
    assert "House rule: the opening play is exactly one card (S5)." in transcript
    assert "House rule: several open cards of one rank may be played together, as o77 (T3)." in transcript
    assert transcript[-1].endswith("--seed 7 --single-opening --open-runs")
    record = loads(path.read_text(encoding="utf-8"))
    assert record.rules.single_opening and record.rules.open_runs and not record.rules.lock_next_only
    *_, last = replay(record)
    assert isinstance(last, GameState) and last.over and last.rules == record.rules
    status, plain = play(EIGHTHALF, always("a"))
    assert not any(line.startswith("House rule") for line in plain)


def test_describe_move_reads_the_table_options() -> None:
    from eighthalf import OpenPlay, Rank, Rules

    state = build(S(hand="", open="727", blind="GGG", on_table=True), S(hand="123"), pile="1:6", to_move=0)
    state = state.replace(rules=Rules(open_runs=True))
    seen = view_match(Match(1, 0, 1, 0, state), 0)
    text = describe_move(OpenPlay(Rank.SEVEN, 2), seen, ["Anna", "Ben"])
    assert text == "your 2 open 7s: the call becomes 7"


# --- A bot that fails: one error line, the seed and the record (issue 17) -----------------------


def test_a_bot_that_fails_ends_the_game_with_one_error_line(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "game.txt"
    argv = ["--players", "2", "--seat", "1", "--seed", "2", "--bots", "travelling_bots:FailingBot"]
    status, transcript = play([*argv, "--record", str(path)], always("a"))
    assert status == 1
    assert any(
        line.startswith("error: seat 0: bot 'failing' failed (RuntimeError: out of ideas)")
        and line.endswith("is it a bot of 8½?")
        for line in transcript
    )
    assert transcript[-1].startswith("Seed 2: play the same deal again with: ")
    assert loads(path.read_text(encoding="utf-8")).result == "*"


def test_the_play_config_keeps_its_order_and_is_an_attrs_class() -> None:
    from eighthalf import Rules
    from eighthalf.games.eighthalf.terminal import PlayConfig

    config = PlayConfig(2, 0, (None, "greedy"), 7, None, ("Anna", "Ben"), None)
    assert config.rules == Rules() and config.record is None and not config.auto_forced
    assert attrs.evolve(config, rounds=3).command().endswith("--match --rounds 3 --seed 7")
    assert PlayConfig.__match_args__[:5] == ("players", "seat", "bots", "seed", "rounds")


def test_name_and_names_as_in_eights_play() -> None:
    """``--name`` (yours) and ``--names`` (every seat's), as ``eights play`` spells them; the
    game, its transcript and the command that replays it are those of the same ``--names``."""
    config = config_from_args(parse(["--players", "3", "--seat", "1", "--name", "Zoe", "--names", "Al"]))
    assert config.names == ("Al", "Zoe", "Cleo")
    by_name = play(["--players", "3", "--seat", "1", "--name", "Zoe", "--seed", "3"], ["a", "q"])
    by_names = play(["--players", "3", "--seat", "1", "--names", "Anna,Zoe", "--seed", "3"], ["a", "q"])
    assert by_name == by_names and by_name[0] == 0
    assert by_name[1][-1].endswith("--seat 1 --bots greedy,greedy --names Anna,Zoe,Cleo --seed 3")
    for argv, message in [
        (["--name", "A,B"], "error: --name: 'A,B' is not a name: 1 to 24 printable characters, no quotes or commas"),
        (["--name", ""], "error: --name: '' is not a name"),
        (["--name", "Ben"], "error: --names: every player needs a name of their own, not Ben, Ben, Cleo, Dan"),
    ]:
        status, transcript = play(argv, [])
        assert status == 2 and transcript[0].startswith(message), (argv, transcript)
