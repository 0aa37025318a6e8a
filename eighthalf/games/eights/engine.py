"""The rules logic of Eights: :func:`legal_moves`, :func:`apply` and the unchecked fast path.

The functions here are pure: they read a :class:`~eighthalf.eights.GameState` and return
new values; nothing is changed in place. The only chance is the shuffles, drawn from
the seed kept in the state (WS5), so a move always has the same result.

Spellings are generated per word from the letters on hand and on the table, never by
trying subsets of the hand: for each set of table cards that give some of the word's
letters (at least one card, WT3; only cards whose suit the hand can replace, WT4), the
ways to give the other letters from kinds of hand cards; then, for each of those, the
ways to replace the table cards with hand cards of their suits that the word does not
use (WT4). They come out in the documented order, so nothing is sorted afterwards.

The order of :func:`legal_moves` is stable and documented there.
"""

from __future__ import annotations

from itertools import chain, combinations, repeat
from operator import attrgetter
from typing import Final

from eighthalf.core.errors import EighthalfError, IllegalMoveError, not_a_move, quote, state_error
from eighthalf.games.eights.cards import DECK, Card
from eighthalf.games.eights.deal import next_hand
from eighthalf.games.eights.moves import Move, Spell, _set_hand, _set_replacements, _set_table, _set_word
from eighthalf.games.eights.options import HAND_SIZES
from eighthalf.games.eights.passing import PASS, Pass, _set_exchange
from eighthalf.games.eights.state import GameState, HandState, Outcome
from eighthalf.games.eights.words import LETTERS, VALUES, WORDS

__all__ = ["apply", "apply_unchecked", "is_legal", "legal_moves", "passes", "spellings", "why_illegal"]

_PURE: Final = __file__.endswith(".py")
"""True when this module runs as Python source, false when mypyc compiled it (then a
:class:`~eighthalf.eights.Pass` is made by its compiled constructor, see :func:`passes`)."""

_CARD: list[Card] = [DECK[0]] * (32 * 9)  # by key; only the keys of DECK are looked up
for _card in DECK:
    _CARD[_card.key] = _card
del _card


def _sub_multisets(letters: str) -> list[str]:
    """Every non-empty sub-multiset of ``letters``, each as its letters in alphabetical order."""
    found: set[str] = {""}
    for letter in letters:
        found |= {"".join(sorted(part + letter)) for part in found}
    found.discard("")
    return sorted(found)


def _parts(letters: str) -> tuple[tuple[str, int], ...]:
    """The distinct letters of ``letters`` with how often each occurs (``"eehrt"``: e×2, h, r, t)."""
    return tuple((letter, letters.count(letter)) for letter in dict.fromkeys(letters))


def _remainder(letters: str, used: str) -> str:
    """``letters`` without the letters of ``used`` (a sub-multiset of it), in alphabetical order."""
    rest = list(letters)
    for letter in used:
        rest.remove(letter)
    return "".join(rest)


_Parts = tuple[tuple[str, int], ...]  # letters with how often each: ("e", 2), ("h", 1), ...
_Rest = tuple[_Parts, int, int]  # letters left for the hand, and their bits: needed once, needed twice
_TableSets = tuple[tuple[tuple[int, ...], _Rest], ...]
_Plan = tuple[str, int, int, dict[str, _Rest], dict[str, _TableSets]]


def _bits(letters: str, times: int = 1) -> int:
    """The letters that occur at least ``times`` times in ``letters``, as bits (bit ``n`` for the ``n``-th letter)."""
    return sum(1 << (ord(letter) - 97) for letter in set(letters) if letters.count(letter) >= times)


def _rest(letters: str) -> _Rest:
    return (_parts(letters), _bits(letters), _bits(letters, 2))


_PLANS: tuple[_Plan, ...] = tuple(
    (
        word,
        _bits(LETTERS[word]),
        _bits(LETTERS[word], 2),
        {used: _rest(_remainder(LETTERS[word], used)) for used in _sub_multisets(LETTERS[word])},
        {},
    )
    for word in WORDS
)
"""For each word, in value order: the word, the bits of its letters, the bits of the
letters it needs twice, for each multiset of its letters that table cards could give (in
alphabetical order, ``"eh"``) the letters left for the hand (:func:`_parts`) with their
bits, and the memo of :func:`_table_sets` for the word."""

_SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(sorted(subset for size in range(1, count + 1) for subset in combinations(range(count), size)))
    for count in range(9)
)
"""``_SUBSETS[n]``: the non-empty subsets of ``range(n)``, in lexicographic order."""

_TABLE_SETS_LIMIT = 4096
"""How many patterns of table letters each word's memo keeps before it starts again."""


def _table_sets(pattern: str, remainders: dict[str, _Rest]) -> _TableSets:
    """The sets of table cards that can give letters of a word, and the letters left for the hand.

    ``pattern`` holds the letters of the usable table cards that the word has, in suit
    order; the sets are index tuples into it, in lexicographic order (so by suits), each
    with the word's other letters (``remainders``, from :data:`_PLANS`).
    """
    found: list[tuple[tuple[int, ...], _Rest]] = []
    for subset in _SUBSETS[len(pattern)]:
        rest = remainders.get("".join(sorted([pattern[at] for at in subset])))
        if rest is not None:
            found.append((subset, rest))
    return tuple(found)


def _clear_memos() -> None:
    """Forget the memos of :func:`_table_sets` (for benchmarks that replay the same games)."""
    for plan in _PLANS:
        plan[4].clear()


_HandOption = tuple[tuple[int, ...], tuple[Card, ...]]  # the keys of hand cards giving letters, and the cards

_by_key = attrgetter("key")
_new = object.__new__


def _spell(word: str, hand: tuple[Card, ...], table: tuple[Card, ...], replacements: tuple[Card, ...]) -> Spell:
    """:meth:`Spell.unchecked <eighthalf.eights.Spell.unchecked>`, made here: compiled, it
    sets the slots without an interpreted call."""
    spell: Spell = _new(Spell)
    _set_word(spell, word)
    _set_hand(spell, hand)
    _set_table(spell, table)
    _set_replacements(spell, replacements)
    return spell


def _hand_options(parts: _Parts, by_letter: dict[str, list[int]], pairs_held: list[int]) -> list[_HandOption]:
    """Every multiset of hand cards that gives the letters ``parts`` (each letter once or twice),
    sorted by the sequence of keys (card order)."""
    cards = _CARD
    single: list[int] = []  # the usual case: each letter from one kind of card, so one option
    for letter, times in parts:
        kinds = by_letter.get(letter)
        if kinds is None:
            return []
        if len(kinds) != 1:
            break
        if times == 1:
            single.append(kinds[0])
        elif kinds[0] in pairs_held:
            single += (kinds[0], kinds[0])
        else:
            return []  # the letter twice from one card
    else:
        single.sort()
        keys = tuple(single)
        return [(keys, tuple([cards[key] for key in keys]))]
    options: list[tuple[int, ...]] = [()]
    for letter, times in parts:
        kinds = by_letter.get(letter)
        if kinds is None:
            return []
        if times == 1:
            options = [option + (kind,) for option in options for kind in kinds]
        else:
            pairs: list[tuple[int, ...]] = []
            for at, kind in enumerate(kinds):
                if kind in pairs_held:
                    pairs.append((kind, kind))
                pairs.extend([(kind, other) for other in kinds[at + 1 :]])
            if not pairs:
                return []
            options = [option + pair for option in options for pair in pairs]
    if len(parts) > 1:
        options = sorted([tuple(sorted(option)) for option in options])
    return [(keys, tuple([cards[key] for key in keys])) for keys in options]


def spellings(hand: tuple[Card, ...], table: tuple[Card, ...]) -> tuple[Spell, ...]:
    """Every distinct spelling with ``hand`` against ``table`` (WT2–WT7), in the order of :func:`legal_moves`.

    ``hand`` must be in card order and ``table`` one card per suit, ``table[suit - 1]``.

    >>> from eighthalf.eights import parse_cards
    >>> table = parse_cards("1e 2i 3g 4e 5o 6s 7h 8i")
    >>> [str(s) for s in spellings(parse_cards("1o 2f 3e 4v 5s 6h 8r"), table)]
    ['FIVE 2f 4v 1e>1o 8i>8r', 'FIVE 2f 3e 4v 8i>8r']
    """
    # First the letters and suits as bits, with no dict: most hands that spell nothing are
    # told by the bits alone (about half the positions of random play).
    once = twice = suits = 0  # the letters on hand (at least once, twice) and the hand's suits, as bits
    for card in hand:
        key = card.key
        bit = 1 << (key & 31)
        twice |= once & bit  # equal cards give their letter twice
        once |= bit
        suits |= 1 << (key >> 5)
    in_hand, twice_in_hand = once, twice
    usable: list[Card] = []  # WT4: only a table card the hand can replace is usable
    on_table = 0
    for card in table:
        key = card.key
        if suits >> (key >> 5) & 1:
            usable.append(card)
            bit = 1 << (key & 31)
            twice |= once & bit
            once |= bit
            on_table |= bit
    for _word, letters, doubled, _remainders, _known in _PLANS:
        if not (letters & ~once or doubled & ~twice or not letters & on_table):
            break
    else:
        return ()  # no word has its letters on hand and on the usable table cards
    pairs_held: list[int] = []  # the keys of which the hand holds two cards (rare; never more than two, WS1)
    by_letter: dict[str, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    last = -1
    for card in hand:  # in card order, so the kinds are listed in card order
        key = card.key
        if key == last:  # equal cards are next to each other in card order
            pairs_held.append(key)
            continue
        last = key
        letter = card.letter
        if letter in by_letter:
            by_letter[letter].append(key)
        else:
            by_letter[letter] = [key]
        suit = key >> 5
        if suit in by_suit:
            by_suit[suit].append(key)
        else:
            by_suit[suit] = [key]
    moves: list[Spell] = []
    append = moves.append
    cards = _CARD
    make = _spell  # the engine builds its spellings in canonical form
    memo: dict[_Parts, list[_HandOption]] = {}
    # By word; within a word by the table suits (the subsets in lexicographic order), then
    # by the hand cards (sorted options), then by the replacing cards (products of lists in
    # card order): the order of legal_moves, with no sorting of the moves themselves.
    for word, letters, doubled, remainders, known in _PLANS:
        if letters & ~once or doubled & ~twice or not letters & on_table:
            continue
        givers = [card for card in usable if 1 << (card.key & 31) & letters]
        pattern = "".join([card.letter for card in givers])
        table_sets = known.get(pattern)
        if table_sets is None:
            if len(known) >= _TABLE_SETS_LIMIT:
                known.clear()
            table_sets = known[pattern] = _table_sets(pattern, remainders)
        for subset, (parts, needed, needed_twice) in table_sets:
            if needed & ~in_hand or needed_twice & ~twice_in_hand:
                continue  # the hand lacks a letter that the table cards leave to it
            options = memo.get(parts)
            if options is None:
                options = memo[parts] = _hand_options(parts, by_letter, pairs_held)
            if len(subset) == 1:
                used = givers[subset[0]]
                on: tuple[Card, ...] = (used,)
                kinds = by_suit[used.suit]
                for keys, given in options:
                    for kind in kinds:
                        if kind not in keys or (kind in pairs_held and keys.count(kind) == 1):
                            append(make(word, given, on, (cards[kind],)))
                continue
            tabled = [givers[at] for at in subset]
            on = tuple(tabled)
            for keys, given in options:
                sets: list[tuple[Card, ...]] = [()]
                for card in tabled:  # replacing cards are of different suits, never the same card twice
                    free = [
                        cards[kind]
                        for kind in by_suit[card.suit]
                        if kind not in keys or (kind in pairs_held and keys.count(kind) == 1)
                    ]
                    if not free:
                        break
                    sets = [done + (new_card,) for done in sets for new_card in free]
                else:
                    for replacements in sets:
                        append(make(word, given, on, replacements))
    return tuple(moves)


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
    most = min(stack_size, len(hand))  # WP2
    keys = [card.key for card in hand]
    exchanges: list[tuple[Card, ...]]
    if len(set(keys)) == len(keys):  # distinct cards: every combination is a distinct exchange
        exchanges = list(chain.from_iterable([combinations(hand, size) for size in range(1, most + 1)]))
    else:  # equal cards: keep the first of equal exchanges (WT7)
        seen: set[tuple[int, ...]] = set()
        exchanges = []
        for size in range(1, most + 1):
            for subset, exchange in zip(combinations(keys, size), combinations(hand, size), strict=True):
                if subset not in seen:
                    seen.add(subset)
                    exchanges.append(exchange)
    # Up to 127 passes for a hand of 7, made with no interpreted call per pass: compiled,
    # by the compiled constructor; pure, made and filled by map in C.
    if not _PURE:
        return (PASS, *[Pass(exchange, False) for exchange in exchanges])
    moves = list(map(_new, repeat(Pass, len(exchanges))))
    any(map(_set_exchange, moves, exchanges))  # each call returns None, so any() runs them all
    return (PASS, *moves)


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

    Raises:
        TypeError: If ``state`` is not an :class:`eighthalf.eights.GameState` (a player's
            view, a state of 8½), in the same words in both builds.
    """
    try:
        if state.outcome is not None:
            return ()
        hand = state.hand
        cards = hand.hands[hand.to_move]
    except AttributeError as fault:  # the compiled build refuses another type at the call, the pure one here
        raise state_error(GameState, state, fault) from None
    found: tuple[Move, ...] = spellings(cards, hand.table)
    if found and not state.rules.may_pass_freely:
        return found
    return found + passes(cards, len(hand.stack))


def why_illegal(state: GameState, move: Move) -> IllegalMoveError | None:
    """Why ``move`` is illegal in ``state`` (the error :func:`apply` would raise), or ``None`` if it is legal.

    Anything that is not a move is simply not legal: the error quotes it briefly
    (:func:`~eighthalf.errors.quote`), whatever it is.
    """
    if not isinstance(move, (Spell, Pass)):
        return not_a_move(move, "eighthalf.eights.parse_move", "Eights")
    if not _well_formed(move) or not (_canonical(move) or _as_checked(move)):
        return _malformed(move)
    # str(move) is written only for an error: a legal move, the usual case, needs no text
    if state.outcome is not None:
        return IllegalMoveError(str(move), "the game is over", "WG3")
    hand = state.hand
    cards = hand.hands[hand.to_move]
    if isinstance(move, Pass):
        missing = _missing([card.key for card in cards], move.exchange)
        if missing is not None:
            return IllegalMoveError(str(move), f"the hand holds no {missing} to exchange", "WP1")
        if len(move.exchange) > len(hand.stack):
            return IllegalMoveError(
                str(move),
                f"the stack holds {len(hand.stack)} card(s), so at most {len(hand.stack)} can be exchanged, not {len(move.exchange)}",
                "WP2",
            )
        if not state.rules.may_pass_freely and spellings(cards, hand.table):
            return IllegalMoveError(str(move), "a player who can spell a word must spell one", "WT1")
        return None
    for old in move.table:
        there = hand.table[old.suit - 1]
        if there.key != old.key:
            return IllegalMoveError(str(move), f"the table's suit-{old.suit} card is {there}, not {old}", "WT3")
    rest = [card.key for card in cards]  # equal cards are equal keys (WS1): compare ints, not Cards
    missing = _missing(rest, move.hand)
    if missing is not None:
        return IllegalMoveError(str(move), f"the hand holds no {missing} to spell with", "WT2")
    missing = _missing(rest, move.replacements)  # from what the spelling left in the hand
    if missing is not None:
        return IllegalMoveError(
            str(move),
            f"the replacing card {missing} must be a hand card of the table card's suit that does not spell the word",
            "WT4",
        )
    return None


def _is_cards(cards: object) -> bool:
    return type(cards) is tuple and all(type(card) is Card for card in cards)


def _well_formed(move: Spell | Pass) -> bool:
    """True if the fields of ``move`` are of the types a move holds (one made unchecked
    may hold anything), so that ``str(move)`` is its notation."""
    # the fields read untyped: compiled code would check the declared types on reading
    if isinstance(move, Pass):
        return _is_cards(getattr(move, "exchange"))  # noqa: B009
    return (
        type(getattr(move, "word")) is str  # noqa: B009
        and _is_cards(getattr(move, "hand"))  # noqa: B009
        and _is_cards(getattr(move, "table"))  # noqa: B009
        and _is_cards(getattr(move, "replacements"))  # noqa: B009
    )


def _ascending(cards: tuple[Card, ...]) -> bool:
    """True if ``cards`` are in card order (equal cards next to each other)."""
    last = -1
    for card in cards:
        key = card.key
        if key < last:
            return False
        last = key
    return True


def _canonical(move: Spell | Pass) -> bool:
    """A quick sufficient test for :func:`_as_checked` on a well-formed move (:func:`_well_formed`):
    True only if the checking constructor would make ``move`` again, without making it.

    A pass is in canonical form when its exchange is in card order; a spelling when its
    word is one of the eight in capitals (WT8), its hand cards are in card order, its
    table cards are of distinct suits in suit order (WS3) with one replacing card of the
    same suit each (WT4), at least one (WT3), and its cards' letters spell the word
    (WT2). False leaves the verdict to :func:`_as_checked`.
    """
    if type(move) is Pass:
        return _ascending(move.exchange)
    spell: Spell = move
    word = spell.word
    table = spell.table
    replacements = spell.replacements
    if word not in VALUES or not table or len(replacements) != len(table) or not _ascending(spell.hand):
        return False
    last = 0
    for old, new in zip(table, replacements, strict=True):
        suit = old.suit
        if suit <= last or new.suit != suit:
            return False
        last = suit
    return "".join(sorted([card.letter for card in spell.hand + table])) == LETTERS[word]


def _as_checked(move: Spell | Pass) -> bool:
    """True if the checking constructor makes ``move`` again from its fields: a move made
    unchecked is judged by what it is (a spelling that contradicts itself is not one)."""
    try:
        if isinstance(move, Pass):
            return Pass(move.exchange) == move
        return Spell(move.word, move.hand, move.table, move.replacements) == move
    except EighthalfError:
        return False


def _malformed(move: Spell | Pass) -> IllegalMoveError:
    """The error of a move that is not a legal move although its cards are all where it
    says, or that is not even well formed: a move made unchecked that its own constructor
    would refuse (or write otherwise)."""
    text = str(move) if _well_formed(move) else quote(move)
    try:
        # the fields read untyped (see _well_formed), in constructor order
        checked = Spell(*move.field_values()) if isinstance(move, Spell) else Pass(*move.field_values())
    except EighthalfError as error:
        if isinstance(error, IllegalMoveError):
            return error
        return IllegalMoveError(text, str(error), "WT2" if isinstance(move, Spell) else "WP1")
    if checked != move:
        return IllegalMoveError(text, f"not in canonical form: write it {quote(str(checked))}", "WT7")
    return IllegalMoveError(text, "not one of the legal moves", "WT1")


def _missing(rest: list[int], wanted: tuple[Card, ...]) -> Card | None:
    """The first card of ``wanted`` that the card keys ``rest`` cannot supply (as a multiset),
    or ``None``; the keys of the cards supplied are taken out of ``rest``."""
    for card in wanted:
        key = card.key
        if key in rest:
            rest.remove(key)
        else:
            return card
    return None


def is_legal(state: GameState, move: Move) -> bool:
    """True if ``move`` is legal in ``state``: one of :func:`legal_moves`, judged by what it is
    (a spelling made with :meth:`Spell.unchecked <eighthalf.eights.Spell.unchecked>` included).

    Raises:
        TypeError: If ``state`` is not an :class:`eighthalf.eights.GameState`, as :func:`legal_moves`.
    """
    try:
        return why_illegal(state, move) is None
    except AttributeError as fault:  # as in legal_moves
        raise state_error(GameState, state, fault) from None


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
    try:
        error = why_illegal(state, move)
    except AttributeError as fault:  # as in legal_moves
        raise state_error(GameState, state, fault) from None
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
        keys = [card.key for card in rest]  # removing by key compares ints, not Cards
        for card in spell.hand:
            at = keys.index(card.key)
            del keys[at], rest[at]
        table = list(hand.table)
        for card in spell.replacements:
            at = keys.index(card.key)
            del keys[at], rest[at]
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
            keys = [card.key for card in rest]
            for card in exchange:
                at = keys.index(card.key)
                del keys[at], rest[at]
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
