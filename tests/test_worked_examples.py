"""The ten worked examples of the rules page of the docs (docs/rules.rst), one test each. Players A, B, C, D, E are
seats 0–4."""

from __future__ import annotations

from builders import S, build, cards, moves, play

from eighthalf import Rank

A, B, C, D, E = range(5)
EVERY_RANK = "0123456789HG"


def test_example_1_catch_after_half() -> None:
    # Call 6. A plays ½: "six and a half", A is at risk. B plays a 7: a catch.
    state = build(S(hand="H12", bank="3"), S(hand="7GG", bank="45"), S(), S(), pile="3:6", to_move=A, rest_to=C)
    after_a = play(state, "H")
    assert (after_a.call_label, after_a.at_risk, after_a.to_move) == ("6½", A, B)
    after_b = play(after_a, "7")
    # A collects the pile with the 7 on it; B refills the hand and starts a new pile.
    assert after_b.seats[A].collected == cards("6H7")
    assert after_b.seats[B].hand == cards("4GG")
    assert after_b.seats[B].bank == cards("5")
    assert (after_b.to_move, after_b.pile, after_b.call_label, after_b.at_risk) == (B, (), "0", None)


def test_example_2_ghost_moves_the_risk() -> None:
    # Call 6½ left by A. B plays a Ghost: still 6½, and now B is at risk.
    state = build(S(hand="123"), S(hand="GGG"), S(hand="7GG"), S(), pile="3:6 0:H", to_move=B, rest_to=D)
    assert state.at_risk == A
    after_b = play(state, "G")
    assert (after_b.call_label, after_b.at_risk) == ("6½", B)
    # C plays a 7 and catches B (not A).
    after_c = play(after_b, "7")
    assert after_c.seats[B].collected == cards("6HG7")
    assert after_c.seats[A].collected == ()
    assert after_c.to_move == C


def test_example_3_five_catches_four_and_a_half() -> None:
    # Call 4½. B plays a 5: a catch. The caught player collects; B starts again.
    state = build(S(hand="123"), S(hand="5GG"), S(), S(), pile="3:4 0:H", to_move=B, rest_to=D)
    assert state.catch_card is Rank.FIVE
    after = play(state, "5")
    assert after.seats[A].collected == cards("4H5")
    assert (after.to_move, after.pile, after.locked) == (B, (), False)


def test_example_4_five_lock_through_a_ghost() -> None:
    # A plays a 5. B must play 1–5, 0, ½ or Ghost.
    state = build(S(hand="5GG"), S(hand=EVERY_RANK), S(hand="3GG"), S(hand="0123456789HG"[1:]), to_move=A)
    after_a = play(state, "5")
    assert after_a.locked
    assert moves(after_a) == ["0", "1", "2", "3", "4", "5", "H", "G"]
    # B plays a Ghost; C is still under the 5-lock.
    after_b = play(after_a, "G")
    assert (after_b.call_label, after_b.locked) == ("5", True)
    assert moves(after_b) == ["3", "G", "GG"]
    # C plays a 3: the call is 3 and the lock is over; D may play 3 or more.
    after_c = play(after_b, "3")
    assert (after_c.call_label, after_c.locked) == ("3", False)
    assert moves(after_c) == ["3", "4", "5", "6", "7", "8", "9", "H", "G", "8H"]


def test_example_5_five_and_a_half() -> None:
    # Call 5 from a 5 card; B plays ½: "five and a half".
    state = build(S(), S(hand="HGG"), S(hand=EVERY_RANK), S(), pile="0:5", to_move=B, rest_to=D)
    after_b = play(state, "H")
    assert (after_b.call_label, after_b.locked, after_b.at_risk) == ("5½", False, B)
    # C must play 6 or more (6 catches B), a ½, or a Ghost.
    assert moves(after_b) == ["6", "7", "8", "9", "H", "G", "8H"]
    caught = play(after_b, "6")
    assert caught.seats[B].collected == cards("5H6")
    assert caught.to_move == C


def test_example_6_eight_and_half_on_seven_and_a_half() -> None:
    # Call 7½. B holds 8 and ½.
    state = build(S(hand="123"), S(hand="18H"), S(), S(), pile="3:7 0:H", to_move=B, rest_to=D)
    assert moves(state) == ["8", "H", "8H"]
    # The 8 alone catches.
    alone = play(state, "8")
    assert (alone.pile, alone.to_move) == ((), B)
    assert alone.seats[A].collected == cards("7H8")
    # 8 with ½: call 8½, no catch, B now at risk.
    combined = play(state, "8H")
    assert (combined.call_label, combined.at_risk, combined.to_move) == ("8½", B, C)
    assert combined.seats[A] == state.seats[A]
    # A ½: call 8, no catch.
    half = play(state, "H")
    assert (half.call_label, half.at_risk, half.to_move) == ("8", None, C)
    assert half.seats[A] == state.seats[A]


def test_example_7_on_eight_and_a_half() -> None:
    # Call 8½. C may play only a Ghost, 8 with ½, or a 9 (which catches).
    state = build(S(), S(hand="123"), S(hand=EVERY_RANK), S(), pile="0:8 1:H", to_move=C, rest_to=D)
    assert state.call_label == "8½"
    assert moves(state) == ["9", "G", "8H"]
    caught = play(state, "9")
    assert caught.seats[B].collected == cards("8H9")
    assert caught.to_move == C


def test_example_8_nine_and_nine_and_a_half() -> None:
    # Call 9. Playable: 9, 0, ½, Ghost.
    state = build(S(hand=EVERY_RANK), S(), S(), S(hand="123"), pile="3:9", to_move=A)
    assert moves(state) == ["0", "9", "H", "G"]
    # Call 9½: playable ½ and Ghost only; nobody can be caught.
    state = build(S(hand=EVERY_RANK), S(), S(hand="123"), S(), pile="2:9 3:H", to_move=A)
    assert (state.call_label, state.at_risk, state.catch_card) == ("9½", None, None)
    assert moves(state) == ["H", "G"]


def test_example_9_open_cards_on_the_table() -> None:
    # D is on the table with open cards 2, 6, ½ and faces a call of 7.
    state = build(S(), S(), S(hand="123"), S(hand="", open="26H"), pile="2:7", to_move=D)
    # D's only legal open card is the ½ (7½).
    assert moves(state) == ["oH"]
    after = play(state, "oH")
    assert (after.call_label, after.at_risk) == ("7½", D)
    assert after.seats[D].open == cards("26")
    # Had D's open cards been 2, 3, 6, D would collect the pile into the hand.
    other = build(S(), S(), S(hand="123"), S(hand="", open="236"), pile="2:7", to_move=D)
    assert moves(other) == ["c"]
    collected = play(other, "c")
    assert collected.seats[D].hand == cards("7")
    assert collected.seats[D].open == cards("236")


def test_example_10_catching_the_player_who_went_out() -> None:
    # D plays the last blind card, a ½, on a 3: "three and a half", and has no cards left.
    state = build(S(), S(), S(hand="123"), S(hand="", open="", blind="H"), S(hand="45G"), pile="2:3", to_move=D)
    after_d = play(state, "b0")
    assert after_d.seats[D].is_out
    assert (after_d.call_label, after_d.at_risk, after_d.pending_out, after_d.over) == ("3½", D, D, False)
    # E plays a 4 and catches D: D collects the pile into the hand and plays on.
    caught = play(after_d, "4")
    assert not caught.over
    assert caught.seats[D].hand == cards("34H")
    assert caught.to_move == E
    # Had E played anything else, D would have won.
    for other in ("5", "G"):
        won = play(after_d, other)
        assert (won.over, won.winner) == (True, D)
