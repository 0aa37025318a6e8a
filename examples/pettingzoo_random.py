"""A PettingZoo loop: four agents play rounds of 8½ with a masked random policy.

This is the standard AEC loop of PettingZoo's classic games: each agent reads its
observation (a dict of ``"observation"`` and ``"action_mask"``), picks one of the legal
actions, and steps; an agent whose round is over steps ``None``. The rewards are the
round's points (E6). Needs the ``rl`` extra (``pip install ".[rl]"`` in a checkout)::

    python examples/pettingzoo_random.py
"""

from __future__ import annotations

import numpy as np

from eighthalf.envs import action_to_move, env


def main(rounds: int = 5, seed: int = 1) -> list[dict[str, float]]:
    """Play ``rounds`` rounds with a masked random policy; each round's rewards by agent."""
    table = env(players=4)
    rng = np.random.default_rng(seed)
    results = []
    for index in range(rounds):
        table.reset(seed=seed + index)
        totals: dict[str, float] = {}
        moves = 0
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            totals[agent] = totals.get(agent, 0.0) + float(reward)
            if termination or truncation:
                action = None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(rng.choice(legal))
                moves += 1
                if moves <= 3 and index == 0:
                    print(f"{agent} plays {action_to_move(action)} (action {action} of {len(legal)} legal)")
            table.step(action)
        print(f"round {index + 1}: {moves} moves, points {totals}")
        results.append(totals)
    table.close()
    return results


if __name__ == "__main__":
    main()
