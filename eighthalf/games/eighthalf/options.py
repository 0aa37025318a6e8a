"""The options a table can agree on before a round: :class:`Rules`."""

from __future__ import annotations

import attrs

from eighthalf.core.errors import InvalidStateError, quote

__all__ = ["MAX_COUNT", "MAX_SEATS", "OPTION_NAMES", "Rules"]

MAX_COUNT = 2**53 - 1
"""The largest move limit, move number or number of rounds accepted: 2\\ :sup:`53` - 1,
the largest integer that every JSON reader (JavaScript's included) holds exactly."""

MAX_SEATS = 8
"""The most seats the deck can serve: S4 needs 9 cards a seat (3 blind, 3 open, 3 in hand)."""


OPTION_NAMES: tuple[str, ...] = ("lock_next_only", "halves_stop_at_8_half", "single_opening", "open_runs")
"""The table options of :class:`Rules` that change what may be played (P7, P3, S5, T3),
in the order of their bits in :attr:`Rules.variant <eighthalf.Rules.variant>`. Each is
``False`` by default, which is the ruling of the rules page of the docs (``docs/rules.rst``)."""


@attrs.frozen(slots=True, weakref_slot=False, kw_only=True, repr=False)
class Rules:
    """Frozen options for a round; the defaults are those of the rules page of the docs (``docs/rules.rst``).

    Only what tables really vary is an option; everything else is the rule book. Besides
    the seats and the move limit, a table may play its house rule on the four points
    that the rule sheets dispute (see :data:`~eighthalf.games.eighthalf.options.OPTION_NAMES` and the rules page of the
    docs): each is off by default, which plays the rule book's **Ruling**.

    >>> Rules()
    Rules(min_players=2, max_players=5, move_limit=None)
    >>> Rules(move_limit=500).move_limit
    500
    >>> Rules(lock_next_only=True, open_runs=True)
    Rules(min_players=2, max_players=5, move_limit=None, lock_next_only=True, open_runs=True)

    Raises:
        InvalidStateError: If an option is out of range (``min_players`` below 2,
            ``max_players`` above :data:`MAX_SEATS` or below ``min_players``, a
            ``move_limit`` below 1 or above 2\\ :sup:`53` - 1, or a table option
            that is not a bool).
    """

    min_players: int = 2
    """The fewest players allowed at the table (S2: 2)."""

    max_players: int = 5
    """The most players allowed at the table (S2: 5, the box's range). Up to
    :data:`MAX_SEATS` tables can be played with the same deck and rules."""

    move_limit: int | None = None
    """E7: end a round without a winner once this many moves have been made.
    ``None`` (the default) sets no limit."""

    lock_next_only: bool = False
    """P7: the 5-lock binds only the player who faces the 5 itself ("the next player, and
    only him", as the Fundex and Dutch sheets say), so a Ghost on the 5 ends the lock for
    the player after. ``False`` (the default) plays the rule book's ruling: Ghosts are
    invisible (P4) and pass the lock on."""

    halves_stop_at_8_half: bool = False
    """P3: no ½ of a run may land on 8½ (the French sheet: "on ne peut pas poser de ½ sur
    8½"): ½ on 8 is legal but ½½ on 8 is not, since the second ½ lands on 8½; on 7, one
    to three ½s are legal and four are not. ``False`` (the default) plays the rule book's
    ruling: only the call faced at the start of the turn matters, so ½½ on 8 makes 9."""

    single_opening: bool = False
    """S5: the opening play is exactly one card, the lowest yellow card ("that card", as all
    three sheets say). ``False`` (the default) plays the rule book's ruling: the opener may
    add identical copies of it (T3)."""

    open_runs: bool = False
    """T3: a house rule of the Shithead/Palace family: several open cards of one rank may be
    played together in one turn, as hand cards may (``o77``); never with hand cards, and
    never as the 8½ combination. ``False`` (the default) plays the rule book's ruling and
    all three sheets: one open card per turn."""

    variant: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    """The table options as one small int, a bit each in the order of
    :data:`~eighthalf.games.eighthalf.options.OPTION_NAMES` (0 for the defaults): what the engine indexes its legality tables
    by. Worked out from the options, never given."""

    def __attrs_post_init__(self) -> None:
        for name in ("min_players", "max_players"):
            value = getattr(self, name)
            if type(value) is not int:
                raise InvalidStateError(f"Rules.{name} must be an int, not {quote(value)}")
        if self.min_players < 2:
            raise InvalidStateError(f"Rules.min_players must be at least 2 (S2), not {quote(self.min_players)}")
        if not self.min_players <= self.max_players <= MAX_SEATS:
            raise InvalidStateError(
                f"Rules.max_players must be between min_players ({quote(self.min_players)}) and "
                f"{MAX_SEATS}, not {quote(self.max_players)} (S2, S4)"
            )
        limit = self.move_limit
        if limit is not None and (type(limit) is not int or not 1 <= limit <= MAX_COUNT):
            raise InvalidStateError(
                f"Rules.move_limit must be None or an int from 1 to 2**53 - 1, not {quote(limit)} (E7)"
            )
        variant = 0
        for bit, (name, rule) in enumerate(zip(OPTION_NAMES, ("P7", "P3", "S5", "T3"), strict=True)):
            value = getattr(self, name)
            if type(value) is not bool:
                raise InvalidStateError(f"Rules.{name} must be True or False, not {quote(value)} ({rule})")
            variant |= value << bit
        object.__setattr__(self, "variant", variant)

    def __repr__(self) -> str:
        options = "".join(f", {name}=True" for name in self.option_names())
        return (
            f"Rules(min_players={self.min_players!r}, max_players={self.max_players!r}, "
            f"move_limit={self.move_limit!r}{options})"
        )

    def option_names(self) -> tuple[str, ...]:
        """The table options that are on, in the order of :data:`~eighthalf.games.eighthalf.options.OPTION_NAMES`.

        >>> Rules(open_runs=True, lock_next_only=True).option_names()
        ('lock_next_only', 'open_runs')
        """
        return tuple(name for bit, name in enumerate(OPTION_NAMES) if self.variant >> bit & 1)
