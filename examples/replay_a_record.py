"""Replay a game record: write a round as text, read it back, and step through it.

A record (like PGN for chess) holds the set-up and the moves; ``replay`` checks every
move and the result, and yields each state, so a front-end can show any point of the
game, and ``Record.cut`` undoes moves.

Run it::

    python examples/replay_a_record.py
"""

from __future__ import annotations

import random

from eighthalf import GameState, Record, Rules, apply, legal_moves, new_game, replay
from eighthalf.records import dumps, loads


def record_a_round(players: int, seed: int) -> Record:
    """Play a random round and return its finished record."""
    rules = Rules(move_limit=1000)
    state = new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    record = Record(players=players, seed=seed, rules=rules, tags=(("Event", "examples/replay_a_record.py"),))
    while not state.over:
        move = rng.choice(legal_moves(state))
        record = record.played(move)
        state = apply(state, move)
    return record.finished()


def main() -> list[str]:
    """Record, write, read and replay a round; return the lines it prints."""
    record = record_a_round(3, seed=12)
    text = dumps(record)
    again = loads(text)
    assert again == record
    lines = [text.splitlines()[0], f"{len(again.moves)} moves, result {again.result}"]
    for number, state in enumerate(replay(again)):
        assert isinstance(state, GameState)  # a round record (a match record yields matches)
        if number % 20 == 0 or state.over:
            lines.append(f"after move {number:3}: call {state.call_label:>3}, counts {state.counts}")
    undone = again.prefix(len(again.moves) - 1)
    *_, before_last = replay(undone)
    assert isinstance(before_last, GameState) and not before_last.over
    lines.append(f"undo the last move: back to move {before_last.move_number}, {before_last.zone} to play")
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
