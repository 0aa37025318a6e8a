"""The pass of Eights: :class:`Pass`, with its exchange (WP1, WP2), and the shared :data:`PASS`.

Kept apart from :mod:`eighthalf.games.eights.moves` (where :class:`Pass` is imported from)
so that the compiled build can compile it: :func:`~eighthalf.eights.legal_moves` makes up
to 127 passes for a hand of seven cards (WP1, WP2), and a compiled class is made without
an interpreted call (see :data:`eighthalf.build.COMPILED_MODULES`).

>>> from eighthalf.eights import parse_cards
>>> str(Pass(parse_cards("4w 1e"))), Pass(()) == PASS
('pass 1e 4w', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, final

from eighthalf.core.errors import IllegalMoveError, quote
from eighthalf.core.value import Value, slot_setters
from eighthalf.games.eights.cards import Card, _cards, _key, card_texts

__all__ = ["PASS", "Pass"]

_PURE: Final = __file__.endswith(".py")
"""True when this module runs as Python source, false when mypyc compiled it (see
:func:`~eighthalf.core.value.slot_setters`)."""


@final
class Pass(Value):
    """Pass, exchanging the ``exchange`` cards from the hand for as many from the stack (WP1, WP2).

    The exchange is a multiset; the constructor puts it in card order, which is the order
    in which the cards go under the stack (WP2). ``Pass(())`` (:data:`PASS`) exchanges
    nothing.

    Args:
        exchange: The hand cards put under the stack.
        check: ``False`` skips the check and the sorting (for the engine); the exchange
            must still be a tuple.

    Raises:
        ParseError: If a card is not a card of the deck (WS1).
        IllegalMoveError: If ``check`` is false and ``exchange`` is not a tuple (WP1).
    """

    __slots__ = ("exchange",)
    __match_args__ = ("exchange",)

    exchange: tuple[Card, ...]
    """The cards put under the stack, in card order (WP1, WP2)."""

    def __init__(self, exchange: Iterable[Card] = (), check: bool = True) -> None:
        if check:
            exchange = tuple(sorted(_cards(exchange, "the exchanged cards"), key=_key))
        elif type(exchange) is not tuple:
            raise IllegalMoveError("pass", f"the exchange of a pass is a tuple of cards, not {quote(exchange)}", "WP1")
        if _PURE:  # the slot's own setter: the fastest way in CPython (see _PURE)
            _set_exchange(self, exchange)
        else:  # what mypyc compiles to a direct store
            object.__setattr__(self, "exchange", exchange)

    def __str__(self) -> str:
        return " ".join(["pass", *card_texts(self.exchange)])


(_set_exchange,) = slot_setters(Pass, Pass.__match_args__)

PASS = Pass((), check=False)
"""The shared pass without an exchange."""
