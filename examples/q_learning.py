"""Self-play learning with nothing heavier than numpy: linear Q-learning on 8½.

A small learner plays rounds against itself in the PettingZoo environment and learns
the value of an action as a weighted sum of a few features of what the action does
(does it catch, does it leave its player at risk, how many cards, which kind of card):
after every round each action it took moves towards the points its seat scored (E6),
a Monte Carlo update of the weights.
It then plays, greedy on what it learned, against three random players, and so does
a random player in the same seats for comparison: the learner scores clearly more than
the par of 0.75 points a round that the random player gets. Needs the ``rl`` extra::

    python examples/q_learning.py
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np
import numpy.typing as npt

from eighthalf import BlindPlay, Collect, EightAndHalf, HandPlay, OpenPlay, Rank
from eighthalf.engine import COMBINATION, EFFECTS
from eighthalf.envs import action_to_move, env
from eighthalf.envs.encoding import observation_layout

PLAYERS = 4
_BLOCKS = {name: (start, size) for name, start, size in observation_layout(PLAYERS)}
_CALL = _BLOCKS["call in half points, one-hot 0–26"][0]
_LOCK = _BLOCKS["5-lock (P7)"][0]
FEATURES = 11


def features(observation: npt.NDArray[np.float32], action: int) -> npt.NDArray[np.float64]:
    """What an action does, read off the observation: a small vector the learner weighs.

    A bias; whether the play catches (P8) or leaves its player at risk; how many cards
    it sheds; its kind (a number card and its value, 0, ½, the 8½ combination, a Ghost);
    and whether it collects the pile or turns a blind card.
    """
    out = np.zeros(FEATURES)
    out[0] = 1.0
    move = action_to_move(action)
    if isinstance(move, Collect):
        out[9] = 1.0
        return out
    if isinstance(move, BlindPlay):
        out[10] = 1.0
        return out
    if isinstance(move, EightAndHalf):
        token, count = COMBINATION, 1
    else:
        assert isinstance(move, (HandPlay, OpenPlay))
        token, count = int(move.rank), getattr(move, "count", 1)
    call = int(np.argmax(observation[_CALL : _CALL + 27]))
    result = EFFECTS[int(observation[_LOCK])][call][token][count]
    assert result is not None  # the mask offers legal plays only
    _, _, risky, catch = result
    out[1], out[2], out[3] = catch, risky, count / 3
    if token == COMBINATION:
        out[7] = 1.0
    elif token == Rank.GHOST:
        out[8] = 1.0
    elif token == Rank.HALF:
        out[6] = 1.0
    elif token == Rank.ZERO:
        out[5] = 1.0
    else:
        out[4] = token / 9
    return out


class Learner:
    """Linear action values over :func:`features`, with an epsilon-greedy policy over the mask."""

    def __init__(self, seed: int, epsilon: float = 0.3, alpha: float = 0.01) -> None:
        self.weights = np.zeros(FEATURES)
        self.rng = np.random.default_rng(seed)
        self.epsilon = epsilon
        self.alpha = alpha

    def act(self, observation: dict[str, Any], explore: bool) -> tuple[npt.NDArray[np.float64], int]:
        """The chosen action's features and the action (greedy on the values, ties at random)."""
        legal = np.flatnonzero(observation["action_mask"])
        rows = np.array([features(observation["observation"], int(action)) for action in legal])
        if explore and self.rng.random() < self.epsilon:
            pick = int(self.rng.integers(len(legal)))
        else:
            values = rows @ self.weights
            pick = int(self.rng.choice(np.flatnonzero(values == values.max())))
        return rows[pick], int(legal[pick])

    def learn(self, visited: list[npt.NDArray[np.float64]], points: float) -> None:
        """Move the value of every action taken in a round towards the points it scored."""
        for row in visited:
            self.weights += self.alpha * (points - row @ self.weights) * row


def train(learner: Learner, rounds: int, seed: int) -> None:
    """Self-play: the learner takes every seat and learns from every seat's points."""
    table = env(players=PLAYERS)
    for index in range(rounds):
        table.reset(seed=seed + index)
        visited: dict[str, list[npt.NDArray[np.float64]]] = defaultdict(list)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            if termination or truncation:
                learner.learn(visited[agent], float(reward))
                table.step(None)
                continue
            row, action = learner.act(observation, explore=True)
            visited[agent].append(row)
            table.step(action)


def evaluate(learner: Learner | None, rounds: int, seed: int) -> float:
    """Mean points a round of the learner (or of a random player, ``None``) against 3 random players."""
    table = env(players=PLAYERS)
    rng = np.random.default_rng(seed)
    total = 0.0
    for index in range(rounds):
        table.reset(seed=seed + index)
        me = f"player_{index % PLAYERS}"  # seats rotated
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            if termination or truncation:
                if agent == me:
                    total += float(reward)
                table.step(None)
            elif agent == me and learner is not None:
                table.step(learner.act(observation, explore=False)[1])
            else:
                table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return total / rounds


def main(train_rounds: int = 1500, eval_rounds: int = 600, seed: int = 1) -> tuple[float, float]:
    """Train, then compare the learner and a random player; returns both mean points."""
    learner = Learner(seed)
    train(learner, train_rounds, seed)
    learned = evaluate(learner, eval_rounds, seed + 1_000_000)
    baseline = evaluate(None, eval_rounds, seed + 1_000_000)
    print(f"trained on {train_rounds} self-play rounds; weights {np.round(learner.weights, 2).tolist()}")
    print(f"against 3 random players over {eval_rounds} rounds (par 0.75 points a round):")
    print(f"  random player:  {baseline:.3f} points a round")
    print(f"  Q-learner:      {learned:.3f} points a round")
    return learned, baseline


if __name__ == "__main__":
    main()
