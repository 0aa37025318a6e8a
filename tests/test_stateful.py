"""A Hypothesis state machine that deals rounds and plays them, move by move.

Hypothesis chooses the deal, each legal move and, now and then, a move of any shape that
may be illegal; the invariants of ``strategies.check_state`` are checked after every
step, and the round is replayed from its deal at the end to check determinism.
"""

from __future__ import annotations

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from strategies import ALL_MOVES, Deal, check_illegal, check_state, check_transition, deals, moves

from eighthalf import GameState, IllegalMoveError, Move, Rules, apply, is_legal, legal_moves

_RULES = st.just(Rules()) | st.builds(Rules, move_limit=st.integers(min_value=1, max_value=150))


class RoundMachine(RuleBasedStateMachine):
    """Plays rounds; deals a new one as soon as the current round is over."""

    def __init__(self) -> None:
        super().__init__()
        self.deal: Deal | None = None
        self.state: GameState | None = None
        self.played: list[Move] = []
        self.rounds = 0
        self.refused = 0

    def _start(self, deal: Deal) -> None:
        self._replay()
        self.deal = deal
        self.state = deal.start()
        self.played = []
        self.rounds += 1

    def _replay(self) -> None:
        """The same deal and moves give an equal state (determinism)."""
        if self.deal is None or self.state is None:
            return
        state = self.deal.start()
        for move in self.played:
            state = apply(state, move)
        assert state == self.state and hash(state) == hash(self.state)

    def _after_move(self, move: Move, data: st.DataObject) -> None:
        """Record a move; once the round is over, check its end and deal the next round."""
        assert self.state is not None
        self.played.append(move)
        if self.state.over:
            check_state(self.state)
            assert legal_moves(self.state) == ()
            assert check_illegal(self.state) == len(ALL_MOVES)
            event("a round ended " + ("by the move limit (E7)" if self.state.winner is None else "with a winner"))
            self._start(data.draw(deals(_RULES), label="next deal"))

    @initialize(deal=deals(_RULES))
    def first_deal(self, deal: Deal) -> None:
        self._start(deal)

    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        """A legal move chosen by Hypothesis."""
        assert self.state is not None
        move = data.draw(st.sampled_from(legal_moves(self.state)), label="move")
        self.state = check_transition(self.state, move)
        self._after_move(move, data)

    @rule(data=st.data())
    def play_first_legal(self, data: st.DataObject) -> None:
        """A few first legal moves (cheaply checked), so that rounds reach their end."""
        for _ in range(data.draw(st.integers(min_value=1, max_value=10), label="steps")):
            assert self.state is not None
            move = legal_moves(self.state)[0]
            self.state = check_transition(self.state, move, thorough=False)
            check_state(self.state, deep=False)
            self._after_move(move, data)

    @rule(move=moves(), data=st.data())
    def try_any_move(self, move: Move, data: st.DataObject) -> None:
        """A move of any shape: legal ones are played, the others raise and change nothing."""
        assert self.state is not None
        if is_legal(self.state, move):
            self.state = check_transition(self.state, move)
            self._after_move(move, data)
            return
        before = self.state
        try:
            apply(self.state, move)
        except IllegalMoveError:
            self.refused += 1
        else:
            raise AssertionError(f"illegal move {move} was accepted")
        assert self.state is before and check_illegal(self.state, [move]) == 1

    @invariant()
    def keeps_the_invariants(self) -> None:
        if self.state is not None:
            check_state(self.state)
            assert self.state.move_number == len(self.played)

    def teardown(self) -> None:
        self._replay()


RoundMachine.TestCase.settings = settings(settings.default, stateful_step_count=100)
TestRoundMachine = RoundMachine.TestCase
