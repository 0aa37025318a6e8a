"""Write your own bot: a bot that sheds its biggest group of cards first.

A bot is any object with a ``name`` and a ``choose(view, rng)`` method (the
:class:`eighthalf.bots.Bot` protocol). It sees only its own seat's view, so it cannot
cheat, and it gets a ``random.Random`` from the caller, so games are reproducible.

Run it to see it play 200 rounds against three greedy bots::

    python examples/write_a_bot.py
"""

from __future__ import annotations

import random

from eighthalf import HandPlay, Move, PlayerView, Rules, apply, new_game, view
from eighthalf.bots import Bot, GreedyBot


class BigGroupBot:
    """Plays the largest group of equal cards it can (shedding cards fast); otherwise
    whatever the greedy heuristic would play."""

    name = "big-group"

    def __init__(self) -> None:
        self._fallback = GreedyBot()

    def choose(self, seen: PlayerView, rng: random.Random) -> Move:
        """The legal hand play with the most cards, else the greedy choice."""
        plays = [move for move in seen.legal_moves() if isinstance(move, HandPlay)]
        if plays:
            best = max(move.count for move in plays)
            if best > 1:
                return rng.choice([move for move in plays if move.count == best])
        return self._fallback.choose(seen, rng)


def play_round(bots: list[Bot], seed: int) -> tuple[int, ...]:
    """Play one round from ``seed`` and return the points (E6); each bot sees only its view."""
    state = new_game(len(bots), seed=seed, rules=Rules(move_limit=1000))
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_move
        state = apply(state, bots[seat].choose(view(state, seat), rng))
    assert state.points is not None
    return state.points


def main(rounds: int = 200) -> dict[str, float]:
    """Play ``rounds`` rounds, the new bot in a rotating seat; return mean points per bot."""
    totals = {"big-group": 0, "greedy": 0}
    for seed in range(rounds):
        seat = seed % 4
        bots: list[Bot] = [GreedyBot() for _ in range(4)]
        bots[seat] = BigGroupBot()
        points = play_round(bots, seed)
        totals["big-group"] += points[seat]
        totals["greedy"] += sum(points) - points[seat]
    return {"big-group": totals["big-group"] / rounds, "greedy": totals["greedy"] / (3 * rounds)}


if __name__ == "__main__":
    for name, mean in main().items():
        print(f"{name:>10}: {mean:.3f} points a round (par 0.75)")
