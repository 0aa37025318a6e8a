"""Properties of random rounds of 2 to 5 players (Hypothesis).

Each test draws whole rounds (a deal and random legal moves until the round is over, see
``strategies.rounds``) and checks one property at every state of the round; the
invariant checks themselves live in ``strategies.py`` so that the stateful and soak tests
share them.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given, note
from hypothesis import strategies as st
from strategies import (
    ALL_MOVES,
    Deal,
    Round,
    check_illegal,
    check_outcome,
    check_state,
    check_transition,
    deals,
    expected_legal_moves,
    games,
    moves,
    reached_states,
    revalidate,
    rounds,
)

from eighthalf import (
    COMPOSITION,
    GameState,
    IllegalMoveError,
    Move,
    Rank,
    Rules,
    apply,
    apply_unchecked,
    is_legal,
    legal_moves,
    new_game,
    parse_move,
)


def _cards(state: GameState) -> Counter[Rank]:
    held: Counter[Rank] = Counter(card.rank for card in state.pile)
    for seat in state.seats:
        for zone in (seat.hand, seat.bank, seat.open, seat.blind, seat.collected):
            held.update(zone)
    return held


@given(rounds())
def test_cards_are_conserved_after_every_move(played: Round) -> None:
    """S1: after every move, all zones of all seats plus the pile hold exactly the deck."""
    deck = Counter(COMPOSITION)
    assert sum(deck.values()) == 72
    for state in played.states:
        assert _cards(state) == deck
        assert sum(state.counts) + len(state.pile) == 72


@given(rounds())
def test_apply_never_changes_its_input(played: Round) -> None:
    for before, move in zip(played.states[:-1], played.moves, strict=True):
        check_transition(before, move, thorough=True)  # deep copy, repr, hash and fields before/after


@given(rounds())
def test_every_legal_move_applies(played: Round) -> None:
    for state in played.states:
        for move in legal_moves(state):
            after = apply(state, move)
            assert after.move_number == state.move_number + 1
            check_state(after, deep=False)


@given(rounds(max_moves=60))
def test_moves_that_are_not_legal_raise_and_change_nothing(played: Round) -> None:
    refused = 0
    for state in played.states:
        refused += check_illegal(state, ALL_MOVES)
    assert refused >= len(ALL_MOVES) - 8  # the first state alone refuses all but the opening plays


@given(reached_states(), moves())
def test_any_move_is_applied_or_refused(state: GameState, move: Move) -> None:
    """A move of any shape either is legal (and applies) or raises IllegalMoveError."""
    if is_legal(state, move):
        assert move in legal_moves(state)
        check_transition(state, move)
    else:
        assert check_illegal(state, [move]) == 1


@given(rounds())
def test_finished_round_refuses_every_move(played: Round) -> None:
    final = played.final
    assume(final.over)
    assert legal_moves(final) == ()
    for move in ALL_MOVES:
        try:
            apply(final, move)
        except IllegalMoveError as error:
            assert error.rule in ("E2", "E3", "E7")
        else:
            raise AssertionError(f"{move} was accepted after the end of the round")


@given(rounds())
def test_apply_and_apply_unchecked_agree(played: Round) -> None:
    for state in played.states:
        for move in legal_moves(state):
            checked, fast = apply(state, move), apply_unchecked(state, move)
            assert checked == fast
            assert hash(checked) == hash(fast)


@given(rounds())
def test_same_seed_and_moves_give_equal_states(played: Round) -> None:
    again = played.deal.start()
    assert again == played.states[0] and hash(again) == hash(played.states[0])
    for move, expected in zip(played.moves, played.states[1:], strict=True):
        again = apply(again, move)
        assert again == expected and hash(again) == hash(expected)
        assert repr(again) == repr(expected)


@given(deals())
def test_same_deal_gives_equal_first_states(deal: Deal) -> None:
    first, second = deal.start(), deal.start()
    assert first == second and hash(first) == hash(second)
    assert legal_moves(first) == legal_moves(second)


@given(rounds())
def test_legal_moves_unique_and_nonempty_until_over(played: Round) -> None:
    for state in played.states:
        options = legal_moves(state)
        assert len(set(options)) == len(options), options
        assert legal_moves(state) == options  # stable
        if state.over:
            assert options == ()
        else:
            assert options
            for move in options:
                assert is_legal(state, move)
    for state in played.states[:-1]:
        assert not state.over, "a round went on after its end"


@given(rounds())
def test_legal_moves_match_the_rule_book(played: Round) -> None:
    """legal_moves agrees with a small oracle written from T1–T3, S5, P1–P7, L2–L4."""
    for state in played.states:
        assert frozenset(legal_moves(state)) == expected_legal_moves(state), str(state)


@given(rounds())
def test_hand_holds_at_most_three_cards_while_its_bank_has_cards(played: Round) -> None:
    for state in played.states:
        for seat in state.seats:
            if seat.bank:
                assert len(seat.hand) <= 3
                assert len(seat.hand) == 3  # T4: always topped up while the bank lasts
                assert not seat.on_table


@given(rounds(rules_strategy=st.just(Rules())))
def test_finished_round_has_one_winner_who_is_out(played: Round) -> None:
    final = played.final
    assume(final.over)
    winner = final.winner
    assert winner is not None  # no move limit: only E1–E3 end the round
    assert final.seats[winner].is_out
    others_out = [seat for seat in range(final.players) if seat != winner and final.seats[seat].is_out]
    assert others_out in ([], [(winner + 1) % final.players])  # E2: the one move after may empty the next seat
    check_outcome(final)


@given(rounds())
def test_points_and_big_losers(played: Round) -> None:
    """E4–E7 on the final state, recomputed from the seats."""
    final = played.final
    assume(final.over)
    outcome = final.outcome
    assert outcome is not None
    counts = final.counts
    assert outcome.counts == counts
    if outcome.winner is None:
        assert final.rules.move_limit == final.move_number
        assert outcome.points == (0,) * final.players
        assert outcome.big_losers == ()
        return
    lowest = min(counts)
    assert outcome.points[outcome.winner] == 2 + (counts[outcome.winner] == lowest)
    for seat, points in enumerate(outcome.points):
        if seat != outcome.winner:
            assert points == (1 if counts[seat] == lowest else 0)
    assert sum(outcome.points) == 2 + counts.count(lowest)
    rest = [counts[seat] for seat in range(final.players) if seat != outcome.winner]
    assert outcome.big_losers
    assert all(counts[seat] == max(rest) for seat in outcome.big_losers)
    assert len(outcome.big_losers) == rest.count(max(rest))
    assert outcome.winner not in outcome.big_losers


@given(rounds(rules_strategy=st.builds(Rules, move_limit=st.integers(min_value=1, max_value=120))))
def test_move_limit_ends_the_round(played: Round) -> None:
    """E7: the round ends at the limit at the latest; without a winner nobody scores."""
    final = played.final
    limit = final.rules.move_limit
    assert limit is not None
    assert final.over
    assert len(played.moves) == final.move_number <= limit
    if final.winner is None:
        assert final.move_number == limit
        assert final.points == (0,) * final.players
    for state in played.states[:-1]:
        assert state.move_number < limit


@given(rounds())
def test_every_reached_state_survives_revalidation(played: Round) -> None:
    for state in played.states:
        note(repr(state))
        assert revalidate(state) == state


@given(rounds())
def test_every_reached_state_keeps_the_invariants(played: Round) -> None:
    for state in played.states:
        check_state(state)


@given(rounds())
def test_parse_move_reads_back_every_legal_move(played: Round) -> None:
    for state in played.states:
        for move in legal_moves(state):
            assert parse_move(str(move)) == move
            assert parse_move(str(move)) is move  # shared instances
            assert parse_move(f"  {str(move).lower()} ") == move


@given(moves())
def test_parse_move_reads_back_any_move(move: Move) -> None:
    assert parse_move(str(move)) == move
    assert str(parse_move(str(move))) == str(move)


@given(games())
def test_first_state_of_a_deal(state: GameState) -> None:
    """S3, S4, S5/S6: the deal as the first state shows it."""
    players = state.players
    sizes = sorted((seat.count for seat in state.seats), reverse=True)
    assert sizes == [72 // players + 1] * (72 % players) + [72 // players] * (players - 72 % players)
    for seat in state.seats:
        assert len(seat.hand) == len(seat.open) == len(seat.blind) == 3
        assert seat.collected == () and not seat.on_table
    assert state.pile == () and state.move_number == 0 and not state.over
    yellows = [rank for seat in state.seats for rank in seat.hand if rank.is_yellow]
    if yellows:
        assert state.opening == min(yellows)
        assert legal_moves(state)[0] == parse_move(str(state.opening))
    else:
        assert state.opening is None
    check_state(state)


@given(st.integers(min_value=2, max_value=5), st.integers(), st.data())
def test_opener_is_first_lowest_yellow_from_the_dealers_left(players: int, seed: int, data: st.DataObject) -> None:
    """S5: the lowest yellow opens; ties go to the first seat clockwise from the dealer's left;
    S6: nobody holding a yellow card, the dealer's left opens; S3: the extra cards go the same way."""
    dealer = data.draw(st.integers(min_value=0, max_value=players - 1))
    state = new_game(players, seed=seed, dealer=dealer)
    order = [(dealer + step) % players for step in range(1, players + 1)]
    sizes = [state.seats[seat].count for seat in order]
    assert sizes == sorted(sizes, reverse=True)
    lowest = {seat: min((r for r in state.seats[seat].hand if r.is_yellow), default=None) for seat in order}
    held = [rank for rank in lowest.values() if rank is not None]
    if not held:
        assert state.to_move == order[0] and state.opening is None
        return
    best = min(held)
    assert state.opening == best
    assert state.to_move == next(seat for seat in order if lowest[seat] == best)
