"""The screen of 8½ in the terminal: what the person sees, and how a move is typed.

:func:`render_screen` draws the person's turn from their own view only (I1–I4): the
call, the 5-lock, who is at risk, the top of the pile, every player's card counts and
open cards, the person's hand, what happened since their last move, and the legal
moves, each on a line labelled by :func:`label_of` and told in words by
:func:`describe_move`. :func:`move_choices` reads an answer (a line's label or the move
in notation), :func:`refusal` says why a move is refused, and :func:`round_header`,
:func:`round_over_lines` and :func:`event_line` tell the deals, the ends of rounds and
the other events. :mod:`eighthalf.games.eighthalf.terminal` plays the game with them.

>>> from eighthalf import new_match, view_match
>>> seen = view_match(new_match(2, seed=3), 0)
>>> move_choices(seen).prompt
'Your move [a or a move]: '
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from eighthalf.console.play import PLAIN, Choices, Paint, label_hint, label_letters
from eighthalf.console.play import label_of as _label_of
from eighthalf.core.errors import EighthalfError
from eighthalf.core.i18n import DEFAULT_LOCALE
from eighthalf.games.eighthalf.cards import Rank
from eighthalf.games.eighthalf.engine import COMBINATION, effect
from eighthalf.games.eighthalf.events import Event, RoundOver
from eighthalf.games.eighthalf.match import Decline, Exchange, Exchanged, MatchMove, MatchView, parse_match_move
from eighthalf.games.eighthalf.match import events_for as match_events_for
from eighthalf.games.eighthalf.match import narrate as match_narrate
from eighthalf.games.eighthalf.moves import BlindPlay, Collect, EightAndHalf, HandPlay
from eighthalf.games.eighthalf.state import GameState, call_text
from eighthalf.games.eighthalf.views import PlayerView
from eighthalf.simulation.runner import brief as _brief

__all__ = [
    "LABELS",
    "PILE_SHOWN",
    "describe_move",
    "event_line",
    "label_of",
    "move_choices",
    "refusal",
    "render_screen",
    "round_header",
    "round_over_lines",
]

PILE_SHOWN = 6
"""How many cards from the top of the pile a screen lists."""

LABELS = label_letters("bcdghox")
"""The letters that label the lines of moves, ``aefijkmnprstuvwyz``: the letters of
:data:`~eighthalf.console.play.LABEL_LETTERS` (no ``q``, quit, nor ``l``) that are not
letters of the move notation (``b`` blind, ``c`` collect, ``d`` decline, ``g`` Ghost,
``h`` ½, ``o`` open, ``x`` exchange); a digit is never a label, so an answer never means
two things. Beyond 17 moves every line has two letters (``aa``, ``ae``, …)."""


_CARD_STYLES = {
    Rank.ZERO: "green",
    Rank.FIVE: "blue",
    Rank.NINE: "red",
    Rank.HALF: "magenta",
    Rank.GHOST: "bold bright_black",
}


_NUMBER_WORDS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight")


def _cards(cards: Sequence[Rank], paint: Paint) -> str:
    return " ".join(paint(card.label, _CARD_STYLES.get(card, "yellow")) for card in cards)


def _a(rank: Rank) -> str:
    """``rank`` with its article: "a 7", "an 8", "a ½", "a Ghost"."""
    return f"an {rank.label}" if rank == Rank.EIGHT else f"a {rank.label}"


def _some(rank: Rank, count: int) -> str:
    """``count`` cards of ``rank`` in words: "a 3", "two 3s", "three Ghosts"."""
    return _a(rank) if count == 1 else f"{_NUMBER_WORDS[count]} {rank.label}s"


def _who(seat: int, me: int | None, names: Sequence[str]) -> str:
    return "you" if seat == me else names[seat]


def describe_move(move: MatchMove, seen: MatchView, names: Sequence[str]) -> str:
    """A move in words, with what it does to the call, for the viewer of ``seen``.

    >>> from eighthalf import new_game, new_match, parse_move, view_match
    >>> seen = view_match(new_match(4, seed=7), 0)
    >>> describe_move(parse_move("33"), seen, ["Anna", "Ben", "Cleo", "Dan"])
    'two 3s: the call becomes 3'
    >>> describe_move(parse_move("o7"), seen, ["Anna", "Ben", "Cleo", "Dan"])
    'your open 7: the call becomes 7'

    Only public facts and the viewer's own cards are used (I1–I3).
    """
    table = seen.round
    me = table.seat
    if isinstance(move, Decline):
        return "decline the exchange and keep your open cards"
    if isinstance(move, Exchange):
        return f"give your open {move.own.label} to {names[move.loser]} for their open {move.theirs.label}"
    if isinstance(move, Collect):
        size = len(table.pile)
        where = "into your hand" if me is not None and table.seats[me].on_table else "set aside, out of play"
        return f"collect the pile ({size} card{'s' if size != 1 else ''}, {where})"
    if isinstance(move, BlindPlay):
        return f"turn blind card {move.position}, unseen (if it cannot be played, you collect the pile)"
    if isinstance(move, HandPlay):
        what, token, count = _some(move.rank, move.count), int(move.rank), move.count
    elif isinstance(move, EightAndHalf):
        what, token, count = "the 8½ combination (an 8 with a ½)", COMBINATION, 1
    elif move.count == 1:
        what, token, count = f"your open {move.rank.label}", int(move.rank), 1
    else:  # several open cards together (T3, the table option open_runs)
        what, token, count = f"your {move.count} open {move.rank.label}s", int(move.rank), move.count
    result = effect(token, count, table.call_halves, table.locked, table.rules.variant)
    if result is None:  # not legal here: describe the cards only
        return what
    call_halves, locked, risky, catch = result
    if catch and table.at_risk is not None:
        return f"{what}: catches {_who(table.at_risk, me, names)}, who collects the pile; you play again"
    if token == Rank.GHOST:
        tail = f"the call stays {call_text(call_halves)}"
    else:
        tail = f"the call becomes {call_text(call_halves)}"
    if locked and token != Rank.GHOST:
        tail += ", with the 5-lock"
    if risky:
        tail += ", and you are at risk"
    return f"{what}: {tail}"


def _call_line(table: PlayerView, names: Sequence[str]) -> str:
    me = table.seat
    line = f"Call: {table.call_label}"
    if table.at_risk is not None and table.catch_card is not None:
        who = "you are" if table.at_risk == me else f"{names[table.at_risk]} is"
        line += f" — {who} at risk ({_a(table.catch_card)} catches)"
    elif not table.pile:
        line += " — the pile is empty"
    elif table.call_halves % 2:
        line += " — nobody can be caught above 8½"
    return line


def _pile_line(table: PlayerView, names: Sequence[str], paint: Paint) -> str:
    if not table.pile:
        return "Pile: empty"
    shown = table.pile[-PILE_SHOWN:]
    hidden = len(table.pile) - len(shown)
    parts = [f"{_cards([card.rank], paint)} ({names[card.seat]})" for card in shown]
    lead = f"… {hidden} more, then " if hidden else ""
    size = len(table.pile)
    return f"Pile, {size} card{'s' if size != 1 else ''}, top last: {lead}{' · '.join(parts)}"


def _seat_lines(seen: MatchView, names: Sequence[str], paint: Paint, match_mode: bool) -> list[str]:
    table = seen.round
    me = table.seat
    labels = [f"{seat} {name} (you)" if seat == me else f"{seat} {name}" for seat, name in enumerate(names)]
    width = max(len(label) for label in labels)
    opens = [" ".join(card.label for card in seat.open) or "-" for seat in table.seats]
    open_width = max(len(text) for text in opens)
    scores = seen.scores
    mover = seen.exchange_by if seen.exchange_by is not None else table.to_move
    lines = []
    for index, seat in enumerate(table.seats):
        marker = paint(">", "bold") if index == mover and not table.over else " "
        open_text = _cards(seat.open, paint) if seat.open else "-"
        padding = " " * (open_width - len(opens[index]))
        line = (
            f" {marker} {paint(labels[index].ljust(width), 'bold cyan' if index == me else '')}"
            f"  hand {seat.hand_size:>2}  bank {seat.bank_size:>2}  open {open_text}{padding}"
            f"  blind {seat.blind_size}  collected {len(seat.collected):>2}"
        )
        if match_mode:
            line += f"  points {scores[index]:>2}"
        flags = []
        if match_mode and index == seen.dealer:
            flags.append("dealer")
        if seat.on_table:
            flags.append("on the table")
        if index == table.at_risk:
            flags.append("at risk")
        if index == mover and not table.over:
            flags.append("to move")
        if flags:
            line += "  (" + ", ".join(flags) + ")"
        lines.append(line.rstrip())
    return lines


def label_of(index: int, count: int) -> str:
    """The label of line ``index`` (from 0) of a list of ``count`` moves: a letter of
    :data:`~eighthalf.games.eighthalf.screen.LABELS`, or two when there are more moves than letters
    (:func:`eighthalf.console.play.label_of`, the labels of both games).

    >>> [label_of(index, 3) for index in range(3)]
    ['a', 'e', 'f']
    >>> label_of(0, 20), label_of(19, 20)
    ('aa', 'ef')

    Raises:
        EighthalfError: If ``index`` is not from 0 to ``count - 1``, or ``count`` is above
            ``len(LABELS) ** 2``.
    """
    size = len(LABELS)
    if type(count) is int and count > size * size:
        raise EighthalfError(f"no label for that line: at most {size * size} lines have labels")
    return _label_of(index, count, LABELS)


def render_screen(
    seen: MatchView,
    names: Sequence[str],
    happened: Sequence[str] = (),
    *,
    match_mode: bool = False,
    paint: Paint = PLAIN,
) -> str:
    """The screen of the viewer's turn: the table, what happened, and the moves, each on a line
    labelled by :func:`label_of`.

    It is drawn from ``seen`` alone (the viewer's :class:`~eighthalf.MatchView`), so it
    shows nothing the viewer may not see (I1–I4); ``happened`` are narrated events
    already filtered for the viewer by :func:`~eighthalf.events_for`.

    Raises:
        ValueError: If ``seen`` has no viewer (a spectator has no turn).
    """
    table = seen.round
    me = table.seat
    if me is None:
        raise ValueError("a screen needs a viewer's seat, not a spectator's view")
    mine = table.seats[me]
    lines: list[str] = []
    if match_mode:
        head = f"Round {seen.round_index + 1} of {seen.rounds} · move {table.move_number + 1}"
    else:
        head = f"Move {table.move_number + 1}"
    lines.append("")
    lines.append(paint(f"── {head} · your turn, {names[me]} ──", "bold"))
    if happened:
        lines.append("What happened since your last move:")
        lines.extend(f"  - {line}" for line in happened)
    lines.append(_call_line(table, names))
    if table.locked:
        lines.append(paint("5-lock: only 1–5, 0, ½ or Ghost may be played (P7)", "bold blue"))
    risk = table.at_risk
    if risk is not None and table.seats[risk].is_out and risk != me and table.catch_card is not None:
        lines.append(
            f"{names[risk]} has no cards left: catch with {_a(table.catch_card)} now, "
            f"or {names[risk]} wins after this move (E2)"
        )
    lines.append(_pile_line(table, names, paint))
    lines.append("Players:")
    lines.extend(_seat_lines(seen, names, paint, match_mode))
    hand = mine.hand or ()
    if hand:
        lines.append(f"Your hand: {_cards(hand, paint)}")
    elif mine.open:
        lines.append("Your hand: empty — you play your open cards, one a turn (L2)")
    elif mine.blind_size:
        lines.append("Your hand: empty, no open cards — you turn your blind cards (L4)")
    else:
        lines.append("Your hand: empty")
    moves = seen.legal_moves()
    if seen.exchange_by == me:
        lines.append(
            "You won the last round: you may exchange one of your open cards with an open card "
            "of a Big Loser, or decline (M3). Your choices:"
        )
    else:
        if table.opening is not None:
            lines.append(f"You open the round with your lowest yellow card, the {table.opening.label} (S5).")
        lines.append("Your moves:")
    for number, move in enumerate(moves):
        lines.append(f"  {label_of(number, len(moves))}) {move!s:<4} — {describe_move(move, seen, names)}")
    return "\n".join(lines)


def round_over_lines(
    event: RoundOver, names: Sequence[str], me: int, paint: Paint, totals: Sequence[int] | None
) -> list[str]:
    """The end of a round as seat ``me`` is told it: the winner, the cards left (E4), the
    Big Losers (E5), the points (E6) and, in a match, the ``totals``."""
    lines = ["", paint("── The round is over ──", "bold")]
    if event.winner is None:
        lines.append("The move limit is reached: the round ends without a winner, and nobody scores (E7).")
    else:
        lines.append(
            paint("You win the round!" if event.winner == me else f"{names[event.winner]} wins the round.", "bold")
        )
    lines.append("Cards left (E4): " + ", ".join(f"{names[s]} {count}" for s, count in enumerate(event.counts)))
    if event.big_losers:
        losers = " and ".join(f"{names[s]} ({event.counts[s]})" for s in event.big_losers)
        lines.append(f"Big Loser{'s' if len(event.big_losers) > 1 else ''} (E5): {losers}")
    lines.append("Points (E6): " + ", ".join(f"{names[s]} {points}" for s, points in enumerate(event.points)))
    if totals is not None:
        lines.append("Totals: " + ", ".join(f"{names[s]} {total}" for s, total in enumerate(totals)))
    return lines


def event_line(event: Event | Exchanged, me: int, names: Sequence[str], locale: str = DEFAULT_LOCALE) -> str:
    """One sentence for one event, as seat ``me`` may see it (:func:`~eighthalf.events_for`),
    in the language ``locale`` names (English by default)."""
    if isinstance(event, Exchanged) and locale == DEFAULT_LOCALE:  # the terminal's own English words
        if event.exchange is None:
            return f"{names[event.seat]} declines the exchange (M3)."
        move = event.exchange
        return (
            f"{names[event.seat]} exchanges an open {move.own.label} "
            f"for {names[move.loser]}'s open {move.theirs.label} (M3)."
        )
    return match_narrate(match_events_for([event], me), names, locale)[0]


def move_choices(seen: MatchView) -> Choices[MatchMove]:
    """How the viewer of ``seen`` is asked for a move: a line's label (:func:`label_of`),
    or the move itself in the notation of :func:`~eighthalf.parse_match_move`."""
    moves = seen.legal_moves()
    count = len(moves)
    labels = {label_of(index, count): move for index, move in enumerate(moves)}
    letters, shown = label_hint(list(labels))
    question = "Your decision" if seen.exchange_by is not None else "Your move"

    def read(text: str) -> MatchMove | str:
        key = text.lower()
        if key in labels:
            return labels[key]
        try:
            return parse_match_move(text)
        except ValueError:  # a ParseError; any ValueError of odd input is refused the same way
            return f"not a move: {_brief(text)} (type {letters}, or the move itself; ? for help)"

    return Choices(
        f"Type {letters} for a line of the list, or the move itself (a card such as 5 plays that card); "
        "? for help, q to quit.",
        f"{question} [{shown} or a move]: ",
        f"Please choose: {letters}, or the move itself (? for help).",
        read,
    )


def refusal(move: MatchMove, seen: MatchView, why_illegal: Callable[[MatchMove], str]) -> str:
    """Why ``move`` is refused: in the viewer's words for cards not in hand or an exchange
    that is not pending (M3), else ``why_illegal``'s (the rules' reason)."""
    if isinstance(move, (Exchange, Decline)) and seen.exchange_by is None:
        return "no exchange is pending: only the round's moves are legal (M3)"
    hand = seen.round.hand or ()
    if isinstance(move, HandPlay) and hand and seen.exchange_by is None:
        held = hand.count(move.rank)
        if held == 0:
            return f"you have no {move.rank.label} in your hand (T3)"
        if held < move.count:
            return f"you have only {_some(move.rank, held)} in your hand, not {_NUMBER_WORDS[move.count]} (T3)"
    return why_illegal(move)


def round_header(state: GameState, dealer: int, index: int, rounds: int, names: Sequence[str], match_mode: bool) -> str:
    """The line that starts round ``index`` (of ``rounds``) dealt by ``dealer``: who opens
    and why (S5, S6), with the round's number in a match."""
    head = f"Round {index + 1} of {rounds}: " if match_mode else ""
    if state.opening is not None:
        opens = f"{names[state.to_move]} opens with the lowest yellow card, {_a(state.opening)} (S5)"
    else:
        opens = f"nobody holds a yellow card, so {names[state.to_move]} opens with any play (S6)"
    return f"\n{head}{names[dealer]} deals; {opens}."
