"""Learning to play 8½ or Eights with nothing heavier than numpy: a policy gradient against GreedyBots.

The learner plays one seat of a game's Gymnasium environment (8½'s
:class:`eighthalf.envs.SeatEnv`, Eights' :class:`eighthalf.envs.eights.SeatEnv`) against
GreedyBots, the seats rotated, and learns a *softmax policy over the legal actions*: each
legal action is described by a vector of features, its score is a weighted sum of them,
and the policy plays an action with probability proportional to ``exp(score)``. Every 32
rounds (8½) or games (Eights) it moves the weights by REINFORCE with a baseline: an action
becomes more likely when its round went better than a fitted estimate of the chance to win
from the situation said, less likely when worse (the reward is 1 for a win and 0
otherwise, since winning is what is measured; E6 gives the winner of an 8½ round 2 points).

What is given, and what is learnt. The features are simple facts of the game that a
player reads off the table. For 8½ (:func:`features`, read off the observation vector):
which card and how many, whether the play catches (P8) or leaves its player at risk, the
call and 5-lock it leaves (P7), how likely the next player is to have no answer and to
catch, and whether it is the move the GreedyBot would make. For Eights
(:func:`eights_features`, read off the seat's view and the move): the word and its value
(WT8), what the letters spent and the cards put on the table are worth to a hand, whether
the word reaches the target (WG1), and for a pass the cards exchanged (WP1) against what a
draw brings on average; and again the GreedyBot's choice. Their weights start at zero (a
random player) and everything about how much each matters, and when, is learnt from the
games played. The trained policy plays the highest-scoring action; :class:`LearntBot`
makes it a bot of the game it learnt, for ``simulate`` and the strength scripts. Needs the
``rl`` extra::

    python examples/learn_to_play.py --out learn_to_play.npz   # 150,000 rounds: about 14 minutes on 2 cores
    python -m benchmarks.strength --bot examples.learn_to_play:LearntBot --weights learn_to_play.npz
    python examples/learn_to_play.py --game eights --rounds 20000 --out eights.npz   # about 7 minutes on 2 cores
    python examples/learn_to_play.py --quick   # 3,000 rounds, then checked against RandomBots
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt

from eighthalf import Move, PlayerView
from eighthalf.bots import greedy_choice
from eighthalf.envs import ACTIONS, SeatEnv, action_mask, encode_view
from eighthalf.envs.eights import SeatEnv as EightsSeatEnv
from eighthalf.envs.eights import move_to_action as eights_action
from eighthalf.games import eights
from eighthalf.games.eighthalf.engine import COMBINATION, EFFECTS
from eighthalf.games.eighthalf.moves import EightAndHalf, HandPlay, OpenPlay
from eighthalf.games.eights.bots import LETTER_WORTH
from eighthalf.games.eights.bots import greedy_choice as eights_greedy_choice
from eighthalf.games.eights.views import unseen_cards

Vector = npt.NDArray[np.float64]
PLAYERS = 4

# Where the observation keeps what the features read (docs/ai.rst, "The observation vector").
HAND, UNSEEN, PILE_SIZE, CALL, LOCK, SEATS, PER_SEAT = 0, 12, 36, 37, 64, 85, 29
HAND_SIZE, BANK, BLIND, ON_TABLE = 24, 25, 26, 27  # inside a seat's block, after its open and collected cards

# What each action plays: its token (rank 0–11, or COMBINATION for 8½) and count, and whether it
# is an open card; EFFECT[lock, call, action] = (call after, 5-lock after, at risk, catch), as
# eighthalf.games.eighthalf.engine.EFFECTS tabulates P1–P8; ANSWERS[lock, call, rank]: one card of the rank may go there.
PLAYS = [a for a, move in enumerate(ACTIONS) if isinstance(move, (HandPlay, EightAndHalf, OpenPlay))]
TOKEN, COUNT, OPEN = (np.zeros(len(ACTIONS), dtype=np.int64) for _ in range(3))
for _a, _move in enumerate(ACTIONS):
    if isinstance(_move, (HandPlay, OpenPlay)):
        TOKEN[_a], COUNT[_a], OPEN[_a] = int(_move.rank), _move.count, isinstance(_move, OpenPlay)
    elif isinstance(_move, EightAndHalf):
        TOKEN[_a], COUNT[_a] = COMBINATION, 1
EFFECT = np.zeros((2, 27, len(ACTIONS), 4), dtype=np.int64)
ANSWERS = np.zeros((2, 27, 12))
for _lock in range(2):
    for _call in range(27):
        for _a in PLAYS:
            EFFECT[_lock, _call, _a] = EFFECTS[_lock][_call][TOKEN[_a]][COUNT[_a]] or (0, 0, 0, 0)
        ANSWERS[_lock, _call] = [EFFECTS[_lock][_call][rank][1] is not None for rank in range(12)]
CATCH_RANK = np.array([call // 2 + 1 if call % 2 and call < 18 else 0 for call in range(27)])  # 0: no catch
# The columns of features(): 0 the GreedyBot's choice; 1-13 the token; 14-17 catch, at risk, count,
# open card; 18-44 the call left; 45 the 5-lock left; 46-49 the next player stuck (off the table, on
# it, times the pile, close to going out); 50-51 it catches us (and the pile, once we are on the
# table); 52-64 the token once our bank is empty; 65-68 copies kept, hand emptied, count and call
# left once our bank is empty; 69-72 call and lock left when the next player is close to going
# out, call left when it is on the table, the token on a fresh pile.
FEATURES = 1 + 13 + 4 + 27 + 1 + 4 + 2 + 13 + 4 + 4
_NO_DRAWS = random.Random(0)  # greedy_choice draws only among blind cards, which features() leaves out


def features(observation: npt.NDArray[np.float32], legal: npt.NDArray[np.int64]) -> Vector:
    """One row of :data:`FEATURES` numbers for each legal action (read off the observation alone).

    Only differences between the rows matter to a softmax, so every feature says something
    about the action: the GreedyBot's choice; the token played (one-hot) and the count; a
    catch, a risk, an open card; the call left (one-hot) and the 5-lock; the chance that
    the next player has no answer (from the unseen cards, or its open cards once it plays
    them), split by whether it is on the table, and with the pile it would take; the
    chance that it catches us; and a few of these again for the end of the bank, a next
    player close to going out, and a fresh pile.
    """
    call, lock = int(np.argmax(observation[CALL : CALL + 27])), int(observation[LOCK])
    out = np.zeros((len(legal), FEATURES))
    if len(legal) == 1 or legal[0] not in PLAYS:  # blind cards and a collect: nothing to tell apart
        return out
    moves = tuple(ACTIONS[a] for a in legal)
    out[moves.index(greedy_choice(moves, call, bool(lock), _NO_DRAWS)), 0] = 1.0
    rows = np.arange(len(legal))
    token, count, from_open = TOKEN[legal], COUNT[legal], OPEN[legal]
    new_call, new_lock, risky, catch = EFFECT[lock, call, legal].T
    hand, unseen = observation[HAND : HAND + 12], observation[UNSEEN : UNSEEN + 12]
    me, after = (observation[SEATS + k * PER_SEAT : SEATS + (k + 1) * PER_SEAT] for k in (0, 1))
    out[rows, 1 + token] = 1.0
    out[:, 14:18] = np.column_stack([catch, risky, count / 3, from_open])
    out[rows, 18 + new_call] = 1.0
    out[:, 45] = new_lock
    # The next player's chance of having no answer: one unseen card answers with chance `share`.
    unseen_total = max(float(unseen.sum()), 1.0)
    share = ANSWERS[new_lock, new_call] @ unseen / unseen_total
    its_hand, on_table = float(after[HAND_SIZE]), float(after[ON_TABLE])
    if on_table and its_hand == 0 and after[:12].sum():  # it plays its open cards, which we see (L2)
        stuck = (ANSWERS[new_lock, new_call] @ after[:12] == 0).astype(np.float64)
    else:
        stuck = (1 - share) ** max(its_hand, 1.0)
    pile = (observation[PILE_SIZE] + count) / 10
    close = float(after[HAND_SIZE] + after[BANK] + after[:12].sum() + after[BLIND] <= 4)
    out[:, 46:50] = np.column_stack([stuck * (1 - on_table), stuck * on_table, stuck * on_table * pile, stuck * close])
    # The chance that the next player catches us (P8), and what that costs once we are on the table.
    caught = risky * (
        1 - (1 - unseen[CATCH_RANK[new_call]] * (CATCH_RANK[new_call] > 0) / unseen_total) ** max(its_hand, 1.0)
    )
    out[:, 50:52] = np.column_stack([caught, caught * me[ON_TABLE] * pile])
    bank_out = float(me[BANK] == 0)
    out[rows, 52 + token] = bank_out
    kept = np.where(from_open | (token == COMBINATION), 0, hand[np.minimum(token, 11)] - count) / 3
    empties = (count >= me[HAND_SIZE]) & (from_open == 0)
    out[:, 65:69] = np.column_stack([kept, empties, count / 3 * bank_out, new_call / 17 * bank_out])
    fresh = float(call == 0)
    out[:, 69:73] = np.column_stack(
        [new_call / 17 * close, new_lock * close, new_call / 17 * on_table, fresh * token / 12]
    )
    return out


def situation(observation: npt.NDArray[np.float32]) -> Vector:
    """What the value baseline reads: a bias, each seat's cards left (ours first, in turn
    order) and the fewest of the others', whether we are on the table, the pile's size."""
    left = [
        observation[at + HAND_SIZE] + observation[at + BANK] + observation[at : at + 12].sum() + observation[at + BLIND]
        for at in range(SEATS, SEATS + PLAYERS * PER_SEAT, PER_SEAT)
    ]
    row = [1.0, *(count / 20 for count in left), min(left[1:]) / 20]
    return np.array([*row, observation[SEATS + ON_TABLE], observation[PILE_SIZE] / 10])


SITUATION = 2 + PLAYERS + 2


# Eights: the columns of eights_features(). 0 the GreedyBot's choice; 1-8 the word (ONE to EIGHT,
# WT8); 9-10 the worth of the hand letters spent and of the cards put on the table (LETTER_WORTH,
# tenths); 11 the table cards taken; 12 the word's value once the stack is empty (no card comes
# back, WT6); 13 the word reaches the target (WG1); 14 the word's value times how far behind the
# leader we are; 15 the e's spent. For a pass: 16 the cards exchanged; 17 their worth; 18 the worth a
# draw brings on average less theirs; 19 the surplus copies exchanged; 20 exchanging with a small
# stack; 21 exchanging on the pass that may end the hand (WH1). For both: 22 the best word the
# table's letters alone would then give the next players; 23 what the table is then worth; 24 the
# best word our cards left and the table would then give us (letters only: WT4's suits left out).
EIGHTS_FEATURES = 25
_WORD_COLUMN = {word: 1 + index for index, word in enumerate(eights.WORDS)}
_WORD_LETTERS = [(Counter(word.lower()), eights.VALUES[word]) for word in eights.WORDS]


def _best_word(letters: Counter[str]) -> float:
    """The value of the best word these letters spell (WT8), as a share of EIGHT's; 0 for none."""
    return max((value for needed, value in _WORD_LETTERS if needed <= letters), default=0) / 8


def _after(cards: Sequence[eights.Card], gone: Sequence[eights.Card]) -> Counter[str]:
    """The letters of ``cards`` less those of ``gone`` (a multiset of cards among them)."""
    left = Counter(cards)
    left.subtract(gone)
    return Counter(card.letter for card, count in left.items() for _ in range(count))


def _surplus(cards: Sequence[eights.Card]) -> int:
    """The copies of letters beyond what one word needs (two e, one of any other letter)."""
    letters = [card.letter for card in cards]
    return sum(max(0, letters.count(letter) - (2 if letter == "e" else 1)) for letter in set(letters))


def eights_features(seen: eights.PlayerView, moves: Sequence[eights.Move]) -> Vector:
    """One row of :data:`EIGHTS_FEATURES` numbers for each of ``moves`` (the legal moves of ``seen``).

    Read off the seat's view and the move, as a player would: the GreedyBot's choice; for a
    spelling, the word (one-hot), what the letters it spends from the hand and the cards it
    puts on the table are worth to a hand (:data:`~eighthalf.games.eights.bots.LETTER_WORTH`),
    the table cards it takes, its value once the stack is empty, whether it reaches the
    target, its value times how far behind the leader we are, and the e's it spends; for a
    pass, the cards exchanged, their worth against what as many draws bring on average,
    the surplus copies among them, and the exchange when the stack is small or when the
    pass may end the hand; for both, what the table is left worth to the next players and
    the best word our cards left could spell with it.
    """
    out = np.zeros((len(moves), EIGHTS_FEATURES))
    if len(moves) < 2:
        return out
    hand = seen.hand or ()
    unseen = unseen_cards(seen)
    draw = sum(LETTER_WORTH[card.letter] for card in unseen) / max(len(unseen), 1)  # a drawn card's mean worth
    out[moves.index(eights_greedy_choice(tuple(moves), hand, unseen, seen.stack_size)), 0] = 1.0
    me = seen.seat if seen.seat is not None else 0
    points = [total + score for total, score in zip(seen.totals, seen.scores, strict=True)]
    behind = max(0, max(points[:me] + points[me + 1 :]) - points[me]) / seen.target
    last_pass = float(seen.passes == seen.players - 1)
    for row, move in enumerate(moves):
        if isinstance(move, eights.Spell):
            value = eights.VALUES[move.word] / 8
            out[row, _WORD_COLUMN[move.word]] = 1.0
            out[row, 9] = sum(LETTER_WORTH[card.letter] for card in move.hand) / 10
            out[row, 10] = sum(LETTER_WORTH[card.letter] for card in move.replacements) / 10
            out[row, 11:16] = [
                len(move.table) / 5,
                value * (seen.stack_size == 0),
                float(points[me] + eights.VALUES[move.word] >= seen.target),
                value * behind,
                sum(card.letter == "e" for card in (*move.hand, *move.replacements)) / 2,
            ]
            table = _after(seen.table, move.table) + Counter(card.letter for card in move.replacements)
            mine = _after(hand, (*move.hand, *move.replacements))
        else:
            given = move.exchange
            worth = sum(LETTER_WORTH[card.letter] for card in given)
            count = len(given) / 8
            out[row, 16:22] = [
                count,
                worth / 10,
                (len(given) * draw - worth) / 10,
                _surplus(given) / 4,
                count * (seen.stack_size <= 8),
                count * last_pass,
            ]
            table, mine = Counter(card.letter for card in seen.table), _after(hand, given)
        out[row, 22:25] = [
            _best_word(table),
            sum(LETTER_WORTH[letter] * count for letter, count in table.items()) / 20,
            _best_word(mine + table),
        ]
    return out


def eights_situation(seen: eights.PlayerView) -> Vector:
    """What Eights' value baseline reads: a bias, our points and the most of the others'
    (totals and this hand, as shares of the target), this hand's points of both, the stack."""
    me = seen.seat if seen.seat is not None else 0
    points = [total + score for total, score in zip(seen.totals, seen.scores, strict=True)]
    others = max(points[:me] + points[me + 1 :])
    hand_others = max(seen.scores[:me] + seen.scores[me + 1 :])
    return np.array(
        [
            1.0,
            points[me] / seen.target,
            others / seen.target,
            seen.scores[me] / 10,
            hand_others / 10,
            seen.stack_size / 40,
        ]
    )


EIGHTS_SITUATION = 6
GAMES = {"8½": (FEATURES, SITUATION), "eights": (EIGHTS_FEATURES, EIGHTS_SITUATION)}
"""The games the learner plays, with the sizes of their features and of their baseline's inputs."""


def policy(weights: Vector, rows: Vector) -> Vector:
    """The softmax policy: each action's probability, from its features' weighted sum."""
    scores = rows @ weights
    odds = np.exp(scores - scores.max())
    chances: Vector = odds / odds.sum()
    return chances


class LearntBot:
    """The trained policy as a bot of the game it learnt: plays the action of the highest score.

    Args:
        weights: The weights, or ``None`` for the file named by the environment variable
            ``EIGHTHALF_WEIGHTS`` (default ``learn_to_play.npz``), which ``--out`` wrote.
        game: ``"8½"`` or ``"eights"``; by default the game the weights file names (8½ for
            weights given here, or a file that names none).

    Raises:
        OSError: If the weights file cannot be read.
        ValueError: If the game is not one the learner plays, or the weights do not fit it.
    """

    name = "learnt"

    def __init__(self, weights: Vector | None = None, game: str | None = None) -> None:
        if weights is None:
            with np.load(os.environ.get("EIGHTHALF_WEIGHTS", "learn_to_play.npz")) as saved:
                weights = np.asarray(saved["weights"], dtype=np.float64)
                if game is None and "game" in saved:
                    game = str(saved["game"])
        self.game = game or "8½"
        if self.game not in GAMES or weights.shape != (GAMES[self.game][0],):
            raise ValueError(f"weights of shape {weights.shape} do not fit a policy of {self.game!r}")
        self.weights = weights

    def choose(self, seen: PlayerView | eights.PlayerView, rng: random.Random) -> Move | eights.Move:
        """The move of the best legal action for ``seen``.

        Raises:
            ValueError: If it is not the viewer's turn (no legal moves), or ``seen`` is a
                view of the other game than the weights play.
        """
        if isinstance(seen, eights.PlayerView) != (self.game == "eights"):
            other = "eights" if isinstance(seen, eights.PlayerView) else "8½"
            raise ValueError(f"these weights play {self.game}, not {other}: train for {other} (--game) and load those")
        if isinstance(seen, eights.PlayerView):
            moves = seen.legal_moves()
            if not moves:
                raise ValueError("no legal moves: it is not the viewer's turn")
            scores = eights_features(seen, moves) @ self.weights
            best: list[int] = np.flatnonzero(scores == scores.max()).tolist()
            return moves[rng.choice(best)]  # ties at random
        legal = np.flatnonzero(action_mask(seen))
        if not legal.size:
            raise ValueError("no legal moves: it is not the viewer's turn")
        scores = features(encode_view(seen), legal) @ self.weights
        move: Move = ACTIONS[int(rng.choice(legal[scores == scores.max()]))]  # ties at random
        return move


_ENVS: dict[tuple[str, int, str], SeatEnv | EightsSeatEnv] = {}


Played = tuple[float, Vector, Vector, int]


def _table(game: str, seat: int, opponent: str) -> SeatEnv | EightsSeatEnv:
    """The environment of ``game`` with the learner at ``seat``, made once per worker."""
    key = (game, seat, opponent)
    if key not in _ENVS:
        make = EightsSeatEnv if game == "eights" else SeatEnv
        _ENVS[key] = make(players=PLAYERS, seat=seat, opponents=[opponent])
    return _ENVS[key]


def _choices(
    game: str, table: SeatEnv | EightsSeatEnv, observation: npt.NDArray[np.float32], info: dict[str, Any]
) -> tuple[list[int], Vector, Vector]:
    """The legal actions, their features, and the baseline's inputs, at the learner's turn."""
    if game == "eights":
        assert isinstance(table, EightsSeatEnv) and table.state is not None
        seen = eights.view(table.state, table.seat)
        moves = seen.legal_moves()
        return [eights_action(move, seen) for move in moves], eights_features(seen, moves), eights_situation(seen)
    legal = np.flatnonzero(info["action_mask"])
    return legal.tolist(), features(observation, legal), situation(observation)


def _margin(table: SeatEnv | EightsSeatEnv) -> float:
    """Eights: our final total less the best of the others', as a share of the target (WG1).

    Added to the win as the credit of a game's decisions: a game holds many decisions over
    several hands, and the margin tells a close loss from a rout, so each game says more.
    """
    assert isinstance(table, EightsSeatEnv) and table.state is not None
    seen = eights.view(table.state, table.seat)
    totals = seen.totals
    return (totals[table.seat] - max(totals[: table.seat] + totals[table.seat + 1 :])) / seen.target


def play(
    weights: Vector,
    value: Vector,
    round_index: int,
    *,
    seed: int,
    explore: bool,
    opponent: str = "greedy",
    game: str = "8½",
) -> Played:
    """Play round (or game) ``round_index`` (the seat rotates with it). Returns 1 for a win
    (else 0); the sum over its decisions of the advantage (the credit less the baseline
    ``value`` gives the situation) times the gradient of the log-probability of the action
    taken; the sum of the baseline's errors times its inputs (its gradient); and the number
    of decisions. The credit is the win, and for Eights the win plus the final margin
    (:func:`_margin`)."""
    table = _table(game, round_index % PLAYERS, opponent)
    rng = np.random.default_rng([seed, round_index, explore])  # the round's own draws: the same for any split
    observation, info = table.reset(seed=int(rng.integers(2**62)))
    gradient, reward, done = np.zeros(len(weights)), 0.0, False
    seen: list[tuple[Vector, Vector]] = []  # each decision's log-probability gradient and situation
    while not done:
        legal, rows, inputs = _choices(game, table, observation, info)
        pick = 0
        if len(legal) > 1:
            chances = policy(weights, rows)
            if explore:
                pick = int(rng.choice(len(legal), p=chances))
            else:  # the highest score, ties at random (so the untrained policy is a random player)
                pick = int(rng.choice(np.flatnonzero(chances == chances.max())))
            seen.append((rows[pick] - chances @ rows, inputs))  # d log pi(action) / d weights
        observation, points, terminated, truncated, info = table.step(int(legal[pick]))
        reward, done = float(points), terminated or truncated
    win = float(reward >= (1 if game == "eights" else 2))  # Eights: 1 for a win (WG3); 8½: 2 or 3 (E6)
    credit = win + (_margin(table) if game == "eights" else 0.0)
    errors = np.zeros(len(value))
    for step, inputs in seen:
        advantage = credit - float(inputs @ value)
        gradient += advantage * step
        errors += advantage * inputs
    return win, gradient, errors, len(seen)


Task = tuple[Vector, Vector, int, int, int, bool, str, str]


def _batch(task: Task) -> list[Played]:
    weights, value, seed, start, stop, explore, opponent, game = task
    return [
        play(weights, value, index, seed=seed, explore=explore, opponent=opponent, game=game)
        for index in range(start, stop)
    ]


def _run(
    pool: ProcessPoolExecutor | None,
    weights: Vector,
    value: Vector,
    seed: int,
    start: int,
    stop: int,
    explore: bool,
    opponent: str = "greedy",
    game: str = "8½",
) -> list[Played]:
    """Rounds ``start`` to ``stop``, split between the pool's workers; the same results for any split."""
    if pool is None:
        return _batch((weights, value, seed, start, stop, explore, opponent, game))
    half = (start + stop) // 2
    parts = pool.map(
        _batch,
        [
            (weights, value, seed, start, half, explore, opponent, game),
            (weights, value, seed, half, stop, explore, opponent, game),
        ],
    )
    return [result for part in parts for result in part]


def train(
    rounds: int,
    *,
    seed: int,
    workers: int = 1,
    batch: int = 64,
    rate: float = 0.05,
    minutes: float | None = None,
    game: str = "8½",
) -> Vector:
    """REINFORCE with a baseline against three GreedyBots; returns the weights.

    Every ``batch`` rounds (games of Eights), the weights take an Adam step along the mean
    over the rounds of each decision's advantage times its log-probability gradient (see
    :func:`play`), the step size falling linearly to a tenth of ``rate``. The baseline is a
    linear estimate of the chance to win from the situation (:func:`situation`,
    :func:`eights_situation`), fitted to the rounds' wins as they come (least mean
    squares). Deterministic from ``seed`` (for any ``workers``) unless ``minutes`` stops
    it early.
    """
    size_of_features, size_of_situation = GAMES[game]
    weights, moment, square = np.zeros(size_of_features), np.zeros(size_of_features), np.zeros(size_of_features)
    value, won = np.zeros(size_of_situation), 0.25  # the baseline's weights; the running win rate, for the log
    value[0] = 0.25  # par
    started, steps = time.monotonic(), rounds // batch
    played = "games" if game == "eights" else "rounds"
    with ProcessPoolExecutor(workers) if workers > 1 else contextlib.nullcontext() as pool:
        for step in range(1, steps + 1):
            results = _run(pool, weights, value, seed, (step - 1) * batch, step * batch, True, game=game)
            gradient = np.mean([grad for _, grad, _, _ in results], axis=0)
            decisions = max(1, sum(count for *_, count in results))
            value += 0.1 * np.sum([errors for _, _, errors, _ in results], axis=0) / decisions
            won += 0.05 * (float(np.mean([win for win, *_ in results])) - won)
            moment = 0.9 * moment + 0.1 * gradient
            square = 0.999 * square + 0.001 * gradient**2
            size = rate * (1 - 0.9 * step / steps)
            weights += size * (moment / (1 - 0.9**step)) / (np.sqrt(square / (1 - 0.999**step)) + 1e-8)
            if step % max(1, steps // 20) == 0:
                print(
                    f"  {step * batch:>7} {played}, {time.monotonic() - started:5.0f} s: won {won:.1%} lately",
                    flush=True,
                )
            if minutes is not None and time.monotonic() - started > 60 * minutes:
                print(f"  stopped by --minutes after {step * batch} {played}")
                break
    return weights


def win_rate(
    weights: Vector, rounds: int, *, seed: int, opponent: str = "greedy", workers: int = 1, game: str = "8½"
) -> float:
    """The policy's win rate (highest score, no exploring) against three ``opponent`` bots, seats rotated."""
    with ProcessPoolExecutor(workers) if workers > 1 else contextlib.nullcontext() as pool:
        results = _run(pool, weights, np.zeros(GAMES[game][1]), seed, 0, rounds, False, opponent, game)
        return float(np.mean([win for win, *_ in results]))


def wilson(rate: float, count: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate measured over ``count`` rounds.

    >>> [round(end, 3) for end in wilson(0.25, 1000)]
    [0.224, 0.278]
    """
    z = 1.959964
    middle = (rate + z * z / (2 * count)) / (1 + z * z / count)
    half = z * np.sqrt(rate * (1 - rate) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return float(middle - half), float(middle + half)


def _cpu() -> float:
    """The CPU seconds of this process and of its finished workers."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _at_least(low: float, kind: type[int] | type[float] = int) -> Callable[[str], float]:
    """An argparse type: a number (an int, or ``kind``) of at least ``low``; anything else is
    refused with a message that says so."""

    def number(text: str) -> int | float:
        what = "an int" if kind is int else "a number"
        refused = argparse.ArgumentTypeError(f"must be {what} of at least {low}, not {text!r}")
        try:
            value = kind(text)
        except ValueError:
            raise refused from None
        if not value >= low:  # also refuses nan
            raise refused
        return value

    return number


def main(argv: Sequence[str] | None = None) -> tuple[float, float]:
    """Train, save the weights, and compare the policy with its untrained start; returns both win rates."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="8½", help="8½ (also 8.5) or eights (default 8½)")
    parser.add_argument(
        "--rounds", type=_at_least(32), default=150_000, help="training rounds or games, 32 a step (default 150,000)"
    )
    parser.add_argument("--minutes", type=_at_least(0, float), default=None, help="stop training after this long")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the training (default 1)")
    parser.add_argument(
        "--workers", type=_at_least(1), default=2, help="processes (default 2; the same result for any)"
    )
    parser.add_argument("--out", default="learn_to_play.npz", help="where to save the weights (default %(default)s)")
    parser.add_argument(
        "--check", type=_at_least(1), default=1000, help="rounds of the check at the end (default 1,000)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="a short run (3,000 rounds, 600 games), checked against random bots"
    )
    args = parser.parse_args(argv)
    game = {"8.5": "8½", "eighthalf": "8½"}.get(args.game, args.game)
    if game not in GAMES:
        parser.error(f"--game: {args.game!r} is not a game the learner plays (8½ or eights)")
    # The quick run (the test's) takes small steps often; the full run averages over more rounds a step.
    quick = 600 if game == "eights" else 3000  # an Eights game holds several hands of a dozen decisions
    rounds, batch, rate, opponent = (quick, 16, 0.1, "random") if args.quick else (args.rounds, 32, 0.05, "greedy")
    start, cpu = time.monotonic(), _cpu()
    weights = train(
        rounds, seed=args.seed, workers=args.workers, batch=batch, rate=rate, minutes=args.minutes, game=game
    )
    wall, cpu = time.monotonic() - start, _cpu() - cpu
    played = "games" if game == "eights" else "rounds"
    print(f"{game}: trained on up to {rounds:,} {played} against greedy bots in {wall:.0f} s ({cpu:.0f} s CPU)")
    np.savez(args.out, weights=weights, game=game)
    untrained, trained = (
        win_rate(start_from, args.check, seed=args.seed, opponent=opponent, workers=args.workers, game=game)
        for start_from in (np.zeros(len(weights)), weights)
    )
    print(f"against 3 {opponent} bots over {args.check} {played}, seats rotated (par 25%; 95% intervals):")
    for label, rate_of in (("untrained (a random player)", untrained), ("trained", trained)):
        low, high = wilson(rate_of, args.check)
        print(f"  {label + ':':<29}{rate_of:6.1%} [{low:.1%}, {high:.1%}]")
    print(f"  weights saved to {args.out}")
    return trained, untrained


if __name__ == "__main__":
    main()
