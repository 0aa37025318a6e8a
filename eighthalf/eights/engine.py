"""The rules logic of Eights: :func:`legal_moves`, :func:`apply` and the unchecked fast path.

The functions here are pure: they read a :class:`~eighthalf.eights.GameState` and return
new values; nothing is changed in place. The only chance is the shuffles, drawn from
the seed kept in the state (WS5), so a move always has the same result.

Spellings are generated per word from the letters on hand and on the table, never by
trying subsets of cards: for each letter of the word, the ways to give it (from a kind
of hand card, or from a table card whose suit the hand can replace, WT4); then, for each
way to give every letter with at least one table card (WT3), the ways to replace the
table cards with hand cards of their suits that the word does not use (WT4).

The order of :func:`legal_moves` is stable and documented there.
"""

from __future__ import annotations

from itertools import combinations
from operator import attrgetter

from ..errors import IllegalMoveError
from .cards import DECK, Card
from .deal import next_hand
from .moves import PASS, Move, Pass, Spell
from .options import HAND_SIZES
from .state import GameState, HandState, Outcome
from .words import WORDS

__all__ = ["apply", "apply_unchecked", "is_legal", "legal_moves", "passes", "spellings", "why_illegal"]

_WORD_PARTS: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = tuple(
    (word, tuple((letter, word.lower().count(letter)) for letter in dict.fromkeys(word.lower()))) for word in WORDS
)
"""Each word with its distinct letters and how often each occurs (THREE: t, h, r, e×2)."""

_Choice = tuple[tuple[int, ...], tuple[Card, ...]]  # (keys of hand cards, table cards) giving some letters

_CARD: list[Card] = [DECK[0]] * (32 * 9)  # by key; only the keys of DECK are looked up
_LETTER: list[str] = [""] * 32 * 9
for _card in DECK:
    _CARD[_card.key] = _card
    _LETTER[_card.key] = _card.letter
del _card

_PASS_MEMO: dict[tuple[int, ...], tuple[tuple[Pass, ...], tuple[int, ...]]] = {}
_MEMO_LIMIT = 100_000
_by_key = attrgetter("key")
_by_suit = attrgetter("suit")


def _letter_choices(kinds: list[int], counts: dict[int, int], tables: list[Card], times: int) -> list[_Choice]:
    """The ways to give one letter ``times`` times (1 or 2) from hand ``kinds`` and ``tables`` cards."""
    if times == 1:
        choices: list[_Choice] = [((kind,), ()) for kind in kinds]
        choices.extend(((), (card,)) for card in tables)
        return choices
    choices = []
    for at, kind in enumerate(kinds):
        if counts[kind] >= 2:
            choices.append(((kind, kind), ()))
        for other in kinds[at + 1 :]:
            choices.append(((kind, other), ()))
    for kind in kinds:
        for card in tables:
            choices.append(((kind,), (card,)))
    for at, card in enumerate(tables):
        for second in tables[at + 1 :]:
            choices.append(((), (card, second)))
    return choices


def spellings(hand: tuple[Card, ...], table: tuple[Card, ...]) -> tuple[Spell, ...]:
    """Every distinct spelling with ``hand`` against ``table`` (WT2–WT7), in the order of :func:`legal_moves`.

    ``hand`` must be in card order and ``table`` one card per suit, ``table[suit - 1]``.

    >>> from eighthalf.eights import parse_cards
    >>> table = parse_cards("1e 2i 3g 4e 5o 6s 7h 8i")
    >>> [str(s) for s in spellings(parse_cards("1o 2f 3e 4v 5s 6h 8r"), table)]
    ['FIVE 2f 4v 1e>1o 8i>8r', 'FIVE 2f 3e 4v 8i>8r']
    """
    counts: dict[int, int] = {}
    for card in hand:
        key = card.key
        counts[key] = counts.get(key, 0) + 1
    by_letter: dict[str, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    have: dict[str, int] = {}  # letters on hand and on the usable table cards
    for key, many in counts.items():  # in card order, as the hand is
        letter = _LETTER[key]
        if letter in by_letter:
            by_letter[letter].append(key)
            have[letter] += many
        else:
            by_letter[letter] = [key]
            have[letter] = many
        suit = key >> 5
        if suit in by_suit:
            by_suit[suit].append(key)
        else:
            by_suit[suit] = [key]
    on_table: dict[str, list[Card]] = {}
    for card in table:
        if card.suit in by_suit:  # WT4: only a table card the hand can replace is usable
            letter = card.letter
            if letter in on_table:
                on_table[letter].append(card)
            else:
                on_table[letter] = [card]
            have[letter] = have.get(letter, 0) + 1
    if not on_table:
        return ()
    moves: list[Spell] = []
    for word, parts in _WORD_PARTS:
        usable = False
        for letter, times in parts:
            if have.get(letter, 0) < times:
                break
            if letter in on_table:
                usable = True
        else:
            if usable:
                _spell_word(word, parts, counts, by_letter, by_suit, on_table, moves)
    return tuple(moves)


def _spell_word(
    word: str,
    parts: tuple[tuple[str, int], ...],
    counts: dict[int, int],
    by_letter: dict[str, list[int]],
    by_suit: dict[int, list[int]],
    on_table: dict[str, list[Card]],
    moves: list[Spell],
) -> None:
    """Append every spelling of ``word`` to ``moves``, sorted (see :func:`legal_moves`)."""
    combos: list[_Choice] = [((), ())]
    for letter, times in parts:
        choices = _letter_choices(by_letter.get(letter, []), counts, on_table.get(letter, []), times)
        combos = [(hand + more_hand, table + more_table) for hand, table in combos for more_hand, more_table in choices]
    found: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], Spell]] = []
    cards = _CARD
    for hand, table in combos:
        if not table:
            continue  # WT3
        if len(table) > 1:
            table = tuple(sorted(table, key=_by_suit))
        options: list[list[int]] = []
        for old in table:
            free = [kind for kind in by_suit[old.suit] if counts[kind] > hand.count(kind)]
            if not free:
                break
            options.append(free)
        else:
            if len(hand) > 1:
                hand = tuple(sorted(hand))
            hand_cards: tuple[Card, ...] = tuple([cards[key] for key in hand])
            table_suits = tuple([card.suit for card in table])
            replacement_sets: list[tuple[int, ...]] = [()]
            for free in options:
                replacement_sets = [done + (kind,) for done in replacement_sets for kind in free]
            for replacements in replacement_sets:
                # replacing cards are of different suits, so never the same card twice (WT4)
                found.append(
                    (
                        table_suits,
                        hand,
                        replacements,
                        Spell(word, hand_cards, table, tuple([cards[key] for key in replacements]), False),
                    )
                )
    if len(found) > 1:
        found.sort(key=_first_three)
    moves.extend([entry[3] for entry in found])


def _first_three(
    entry: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], Spell],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    return (entry[0], entry[1], entry[2])


def passes(hand: tuple[Card, ...], stack_size: int) -> tuple[Pass, ...]:
    """Every distinct pass with ``hand`` (in card order) when the stack holds ``stack_size`` cards (WP1, WP2).

    In the order of :func:`legal_moves`: by the number of cards exchanged, then by the
    exchanged cards in card order.

    >>> from eighthalf.eights import parse_cards
    >>> [str(move) for move in passes(parse_cards("1e 1e 2i"), 2)]
    ['pass', 'pass 1e', 'pass 2i', 'pass 1e 1e', 'pass 1e 2i']
    """
    if stack_size <= 0 or not hand:
        return (PASS,)
    keys = tuple([card.key for card in hand])
    memo = _PASS_MEMO.get(keys)
    if memo is None:
        if len(_PASS_MEMO) >= _MEMO_LIMIT:
            _PASS_MEMO.clear()
        moves: list[Pass] = [PASS]
        ends: list[int] = [1]
        if len(set(keys)) == len(keys):  # distinct cards: every combination is a distinct exchange
            for size in range(1, len(hand) + 1):
                moves.extend([Pass(exchange, False) for exchange in combinations(hand, size)])
                ends.append(len(moves))
        else:  # equal cards: keep the first of equal exchanges (WT7)
            seen: set[tuple[int, ...]] = set()
            for size in range(1, len(hand) + 1):
                for subset, exchange in zip(combinations(keys, size), combinations(hand, size), strict=True):
                    if subset not in seen:
                        seen.add(subset)
                        moves.append(Pass(exchange, False))
                ends.append(len(moves))
        memo = _PASS_MEMO[keys] = (tuple(moves), tuple(ends))
    all_moves, ends_at = memo
    if stack_size >= len(hand):
        return all_moves
    return all_moves[: ends_at[stack_size]]


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of the seat to move, each exactly once (WT7); ``()`` once the game is over.

    The order is stable: first the spellings, by word value (ONE to EIGHT); within a
    word, by the suits of the table cards used, then by the hand cards of the word, then
    by the replacing cards (each compared as a sequence in card order). Then the passes,
    by the number of cards exchanged, then by the cards: passes are offered only when no
    word can be spelled (WT1), unless ``may_pass_freely`` is on (WR1); with an empty stack
    the only pass is :data:`~eighthalf.eights.PASS` (WP2).

    >>> from eighthalf.eights import new_game
    >>> [str(move) for move in legal_moves(new_game(4, seed=1))][:3]
    ['ONE 1n 4e 1o>1t', 'ONE 1n 6e 1o>1t', 'ONE 1n 1o>1t 3e>3s']
    >>> [str(move) for move in legal_moves(new_game(4, seed=7))][:3]  # nothing to spell: pass (WT1)
    ['pass', 'pass 1e', 'pass 2i']
    """
    if state.outcome is not None:
        return ()
    hand = state.hand
    cards = hand.hands[hand.to_move]
    found: tuple[Move, ...] = spellings(cards, hand.table)
    if found and not state.rules.may_pass_freely:
        return found
    return found + passes(cards, len(hand.stack))


def why_illegal(state: GameState, move: Move) -> IllegalMoveError | None:
    """Why ``move`` is illegal in ``state`` (the error :func:`apply` would raise), or ``None`` if it is legal."""
    if not isinstance(move, (Spell, Pass)):
        return IllegalMoveError(repr(move), "not a move of Eights (a Spell or a Pass)", "WT1")
    text = str(move)
    if state.outcome is not None:
        return IllegalMoveError(text, "the game is over", "WG3")
    hand = state.hand
    cards = hand.hands[hand.to_move]
    if isinstance(move, Pass):
        missing = _missing(cards, move.exchange)
        if missing is not None:
            return IllegalMoveError(text, f"the hand holds no {missing} to exchange", "WP1")
        if len(move.exchange) > len(hand.stack):
            return IllegalMoveError(
                text,
                f"the stack holds {len(hand.stack)} card(s), so at most {len(hand.stack)} can be exchanged, not {len(move.exchange)}",
                "WP2",
            )
        if not state.rules.may_pass_freely and spellings(cards, hand.table):
            return IllegalMoveError(text, "a player who can spell a word must spell one", "WT1")
        return None
    for old in move.table:
        there = hand.table[old.suit - 1]
        if there != old:
            return IllegalMoveError(text, f"the table's suit-{old.suit} card is {there}, not {old}", "WT3")
    missing = _missing(cards, move.hand)
    if missing is not None:
        return IllegalMoveError(text, f"the hand holds no {missing} to spell with", "WT2")
    missing = _missing(cards, move.hand + move.replacements)
    if missing is not None:
        return IllegalMoveError(
            text,
            f"the replacing card {missing} must be a hand card of the table card's suit that does not spell the word",
            "WT4",
        )
    return None


def _missing(hand: tuple[Card, ...], wanted: tuple[Card, ...]) -> Card | None:
    """The first card of ``wanted`` that ``hand`` cannot supply (as a multiset), or ``None``."""
    rest = list(hand)
    for card in wanted:
        if card in rest:
            rest.remove(card)
        else:
            return card
    return None


def is_legal(state: GameState, move: Move) -> bool:
    """True if ``move`` is legal in ``state`` (the same as ``move in legal_moves(state)``)."""
    return why_illegal(state, move) is None


def apply(state: GameState, move: Move) -> GameState:
    """Make a move: return the state after it. ``state`` itself is never changed.

    >>> from eighthalf.eights import new_game, parse_move
    >>> state = new_game(4, seed=1)
    >>> after = apply(state, parse_move("ONE 1n 4e 1o>1t"))
    >>> after.hand.to_move, after.hand.scores, " ".join(map(str, after.hand.table))
    (1, (1, 0, 0, 0), '1t 2f 3e 4h 5f 6e 7e 8o')
    >>> apply(after, parse_move("pass"))
    Traceback (most recent call last):
    ...
    eighthalf.errors.IllegalMoveError: illegal move 'pass': a player who can spell a word must spell one (WT1)

    Raises:
        IllegalMoveError: If ``move`` is not legal here; the message gives the move, the
            reason and the rule id.
    """
    error = why_illegal(state, move)
    if error is not None:
        raise error
    return apply_unchecked(state, move)


def apply_unchecked(state: GameState, move: Move) -> GameState:
    """Make a move that is known to be legal, without checking it: the fast path.

    Use it only with moves taken from :func:`legal_moves` of the same state, as search
    and simulation code does. An illegal move gives an undefined result (a corrupt state
    or an exception), never an :class:`~eighthalf.IllegalMoveError`.
    """
    hand = state.hand
    mover = hand.to_move
    hands = hand.hands
    players = len(hands)
    rest = list(hands[mover])
    stack = hand.stack
    origins = hand.origins
    nxt = mover + 1 if mover + 1 < players else 0
    if type(move) is Spell:
        spell: Spell = move
        for card in spell.hand:
            rest.remove(card)
        table = list(hand.table)
        for card in spell.replacements:
            rest.remove(card)
            table[card.suit - 1] = card
        need = HAND_SIZES[players] - len(rest)
        if need > 0 and stack:  # WT6
            rest.extend(stack[:need])
            stack = stack[need:]
            origins = origins[need:]
        rest.sort(key=_by_key)
        piles = hand.piles
        after = HandState(
            hand.number,
            hand.dealer,
            tuple(table),
            hands[:mover] + (tuple(rest),) + hands[mover + 1 :],
            stack,
            origins,
            piles[:mover] + (piles[mover] + (spell,),) + piles[mover + 1 :],
            nxt,
            0,
            hand.turns + 1,
        )
        ended = False
    else:
        exchange = move.exchange
        count = len(exchange)
        if count:  # WP1, WP2: under the stack, then as many drawn from the top
            for card in exchange:
                rest.remove(card)
            rest.extend(stack[:count])
            rest.sort(key=_by_key)
            stack = stack[count:] + exchange
            origins = origins[count:] + (mover,) * count
            hands = hands[:mover] + (tuple(rest),) + hands[mover + 1 :]
        passes_now = hand.passes + 1
        after = HandState(
            hand.number, hand.dealer, hand.table, hands, stack, origins, hand.piles, nxt, passes_now, hand.turns + 1
        )
        ended = passes_now >= players  # WH1
    limit = state.rules.turn_limit
    if ended or (limit is not None and after.turns >= limit):  # WH1, WH3
        return _end_hand(state, after)
    return GameState(state.rules, state.seed, after, state.hand_scores)


def _end_hand(state: GameState, last: HandState) -> GameState:
    """Score the hand that just ended (WH2); end the game (WG3) or deal the next hand (WG2)."""
    scores = last.scores
    hand_scores = state.hand_scores + (scores,)
    totals = [0] * len(scores)
    for each in hand_scores:
        for seat, points in enumerate(each):
            totals[seat] += points
    target = state.rules.target_for(len(scores))
    if max(totals) >= target:
        return GameState(state.rules, state.seed, last, hand_scores, Outcome.of(tuple(totals), target))
    full = HAND_SIZES[len(scores)]
    return GameState(state.rules, state.seed, next_hand(state.seed, last, full), hand_scores)
