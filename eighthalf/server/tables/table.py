"""One table of a running server: seats, moves, bots and who is told what, for any game.

A :class:`Table` holds one game's record and its current state, and knows the game only
through the game protocol (:class:`~eighthalf.core.game.Game`): it asks the game for the
seat to move, the legal moves, the state after a move, each seat's view and the events each
seat may see. The order of a move is fixed: the move is checked by the game, committed to
the :class:`~eighthalf.server.storage.store.Store`, and only then told to anyone, each connection
getting the frame of its own seat (:mod:`eighthalf.server.protocol.messages`). The lobby
(:class:`~eighthalf.server.tables.lobby.Lobby`) holds the tables of a server.

This module knows nothing of HTTP or websockets: a connection is anything with the two
methods of :class:`~eighthalf.server.tables.seats.Client`. Nor of other server processes:
a table is *driven* (its bots and its clock run) only while :attr:`Table.driver` says so,
and follows the moves and seats that other processes commit (:mod:`eighthalf.server.tables.service`).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final

import attrs

from eighthalf.core.errors import EighthalfError, quote
from eighthalf.core.game import Game, result_text
from eighthalf.core.i18n import DEFAULT_LOCALE
from eighthalf.formats.replay import GameRecord, replay_states
from eighthalf.players.players import tell
from eighthalf.registry import GameEntry
from eighthalf.server.players.model import table_ending
from eighthalf.server.protocol.games import SERVED, check_name, seat_names
from eighthalf.server.protocol.messages import (
    FrameParts,
    Refused,
    message_text,
    refused_data,
    result_data,
    seats_message,
    state_frame,
)
from eighthalf.server.protocol.refusals import check_turn, read_move
from eighthalf.server.storage.store import LeaseLost, MoveConflict, Store, StoredTable, StoreError
from eighthalf.server.tables.seats import (
    MAX_CLIENTS_PER_SEAT,
    MAX_SPECTATORS,
    NO_METER,
    Client,
    Meter,
    TableSeat,
    new_token,
    token_hash,
)
from eighthalf.server.tables.telling import SharedTelling

__all__ = ["RETRY_SECONDS", "Table", "stored_summary"]

logger = logging.getLogger("eighthalf.server")

RETRY_SECONDS: Final = 1.0
"""How long after a failed commit (the database away) a bot's or a timed-out seat's move is tried again."""


def stored_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """A finished table's summary as stored: its live counts (connections, spectators) at 0."""
    return {
        **summary,
        "spectators": 0,
        "seats": [{**seat, "connected": 0} for seat in summary["seats"]],
    }


class Table:
    """One table: a game's record, its state, its seats and the connections following it.

    Make one with :meth:`Lobby.create <eighthalf.server.tables.lobby.Lobby.create>`; a restarted server rebuilds it with :meth:`Lobby.restore <eighthalf.server.tables.lobby.Lobby.restore>`.
    ``driver`` is the id of this process if it drives the table (:attr:`driver`).
    """

    def __init__(
        self, stored: StoredTable, store: Store, meter: Meter = NO_METER, *, driver: str | None = None
    ) -> None:
        self.id = stored.id
        self.driver = driver
        """The id of this process while it drives the table (holds its lease: its bots move and
        its clock runs here), else ``None``: it follows what other processes commit."""
        self.meter = meter
        self.entry: GameEntry = SERVED[stored.game]
        """The registry's entry of the table's game."""
        self.settings = stored.settings
        self._store = store
        record: GameRecord[Any, Any] = self.entry.records.loads(stored.record)
        moves = tuple(record.game.parse_move(text) for text in stored.moves)
        self.record: GameRecord[Any, Any] = attrs.evolve(record, moves=(), result="*")  # type: ignore[misc]
        self.game: Game[Any, Any, Any, Any, Any] = record.game
        self.created = stored.created
        self.touched = stored.created if stored.touched is None else stored.touched
        """When a person last touched the table: made it, took a seat or moved."""
        legacy = stored.moved is None and bool(stored.moves)  # moves stored before layout 3: a clock starts anew
        self.turn_began = time.time() if legacy else max(self.touched, stored.moved or 0.0)
        """When the current turn began (the last move, or the last seat taken), as stored: a
        clock's deadline is this plus the time per move, here and after a restart alike."""
        self.abandoned = False
        """Whether the table was ended as abandoned (:meth:`abandon`)."""
        bots: list[str | None] = self.settings["bots"]
        self.seats = [TableSeat(bot) for bot in bots]
        for seat, name, hashed in stored.seats:
            self.seats[seat].name, self.seats[seat].token_hash = name, hashed
        for each in self.seats:
            each.player = self.entry.bot(each.bot or self.settings["timeout_bot"], self.game)
        self.spectators: set[Client] = set()
        self.locales: dict[Client, str] = {}
        """The language of each connection's narration, as its hello asked (English if none)."""
        self.tokens: dict[Client, str] = {}
        """The token each seat's connection said hello with (a rematch derives its new token: :mod:`~eighthalf.server.tables.rematch`)."""
        self.moves: list[Any] = []
        self._legal: tuple[Any, ...] | None = None
        self._legal_texts: list[str] | None = None
        self._by_text: dict[str, Any] | None = None  # the legal moves by their notation
        self._parts: FrameParts | None = None
        self._views: dict[int | None, Any] = {}  # each seat's view of the current state (:meth:`view`)
        self._view_data_of: dict[int | None, dict[str, Any]] = {}  # their JSON data
        self._final: dict[str, Any] | None = None  # the finished game's whole state, as JSON data
        self.history: list[tuple[Any, ...]] = []
        """The full events of every move, in order (each seat is told only its ``events_for``)."""
        self.away: set[int] = set()
        """The people's seats whose last move the server made, their time run out (since this process read the table)."""
        self.state: Any = self.record.start()
        self._replay(moves)
        # a table stored as finished whose game is not over was ended as abandoned
        self.abandoned = stored.finished is not None and self.game.to_move(self.state) is not None
        self._lock = asyncio.Lock()
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How the table waits before a bot's move (its pace) or a clock's end: ``asyncio.sleep``, or a test's clock."""
        self._task: asyncio.Task[None] | None = None
        self.deadline: float | None = None
        self.committed: Callable[[Table, int, bool], None] | None = None
        """Called with the table, the seat that moved and whether a person moved it, once this
        process committed a move and told it (never for a move committed by another process):
        the turn's notifications (:mod:`eighthalf.server.tables.webhooks`)."""
        self.released: Callable[[Table], None] | None = None
        """Called when the game is over and when a connection goes: the lobby lets go of a
        finished table nobody follows (:meth:`Lobby.let_go <eighthalf.server.tables.lobby.Lobby.let_go>`)."""

    def _replay(self, moves: Sequence[Any]) -> None:
        """Play the stored moves through the game again, each checked (a refused one raises)."""
        players = {index: seat.player for index, seat in enumerate(self.seats)}
        before = self.state
        for number, state in enumerate(replay_states(attrs.evolve(self.record, moves=tuple(moves)))):  # type: ignore[misc]
            if number:
                move = moves[number - 1]
                events = self.game.describe(before, move, state)
                tell(players, events, state, self.game.events_for, self.game.view)
                self.moves.append(move)
                self.history.append(events)
            before = state
        self.state = before

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    @property
    def started(self) -> bool:
        """Whether every seat is taken (by a bot or a person): until then nobody moves."""
        return all(seat.bot is not None or seat.token_hash is not None for seat in self.seats)

    @property
    def over(self) -> bool:
        """Whether the game is over (or the table was ended as abandoned)."""
        return self.abandoned or self.game.to_move(self.state) is None

    def names(self) -> list[str]:
        """The seats' names as narration uses them."""
        return seat_names([seat.name for seat in self.seats], [seat.bot for seat in self.seats])

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table: its game and settings, its seats, whether it is over.

        No token, seed or hidden card is in it.
        """
        return {
            "id": self.id,
            "game": self.entry.name,
            "players": self.players,
            "rounds": self.entry.rounds_of(self.game),
            "rules": self.entry.documents.to_data(self.record.rules),
            "move_seconds": self.settings.get("move_seconds"),
            "seeded": bool(self.settings.get("seeded")),
            "hints": bool(self.settings.get("hints")),
            "rated": bool(self.settings.get("rated")),
            "seats": self.seat_list(),
            "spectators": len(self.spectators),
            "started": self.started,
            "moves": len(self.moves),
            "to_move": None if self.abandoned else self.game.to_move(self.state),
            "abandoned": self.abandoned,
            "result": result_data(self.game.result(self.state)),
            "created": self.created,
            **({"parent": self.settings["parent"]} if "parent" in self.settings else {}),
        }

    def seat_list(self) -> list[dict[str, Any]]:
        """Each seat as the summary and the ``seats`` message give it: the name, the bot,
        whether it is open, how many connections follow it."""
        return [
            {
                "seat": index,
                "name": seat.name,
                "bot": seat.bot,
                "open": seat.bot is None and seat.token_hash is None,
                "connected": len(seat.clients),
            }
            for index, seat in enumerate(self.seats)
        ]

    def seat_of(self, token: str) -> int | None:
        """The seat whose token is ``token``, or ``None``."""
        hashed = token_hash(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, hashed):
                return index
        return None

    def join(self, seat: object, name: object, account: str | None = None) -> str:
        """Give ``seat`` to a person named ``name`` (signed in to ``account``, its key, if given): the seat's new token.

        Raises:
            Refused: If the seat does not exist, is a bot's, or is taken (or the account holds
                another), or the name is not one, or the table's game is over (``game-over``:
                ended as abandoned before every seat was taken, nothing is stored), or a guest
                asks for a seat of a rated table (``rated-guest``).
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise Refused("bad-seat", f"expected a seat from 0 to {self.players - 1}, not {quote(seat)}")
        try:
            checked = check_name(name)
        except EighthalfError as error:
            raise Refused("bad-name", str(error)) from None
        if self.over:
            ended = "was ended as abandoned" if self.abandoned else "is over"
            raise Refused("game-over", f"the game of this table {ended}: no seat can be taken")
        if self.seats[seat].bot is not None:
            raise Refused("seat-taken", f"seat {seat} is played by the {self.seats[seat].bot} bot")
        if account is None and self.settings.get("rated"):
            raise Refused("rated-guest", "a rated table's seats are for signed-in people: sign in first")
        token = new_token()
        hashed = token_hash(token)
        now = time.time()
        if self.seats[seat].token_hash is not None or not self._store.take_seat(
            self.id, seat, checked, hashed, when=now, account=account
        ):
            raise Refused("seat-taken", f"seat {seat} is taken")
        self.follow_seat(seat, checked, hashed, now)
        if self.started and self.committed is not None:  # the last seat: the first turn begins
            self.committed(self, seat, True)
        return token

    def follow_seat(self, seat: int, name: str, hashed: str, touched: float | None) -> None:
        """Seat the person ``name`` whose token's hash is ``hashed`` at ``seat``, as committed
        (here, or by another process: then told to this one's connections), touched then.
        A seat already taken stays as it is."""
        if self.seats[seat].token_hash is not None:
            return
        self.seats[seat].name, self.seats[seat].token_hash = name, hashed
        if touched is not None:
            self.touched = touched
        self.turn_began = time.time() if touched is None else touched
        self._parts = None  # the names changed, and maybe whether the game started
        self.broadcast_seats()
        self.schedule()
        if self.started:  # this seat was the last open one: the seat to move is now sent its moves (and clock)
            self._send_states((), None)

    def check_room(self, seat: int | None) -> None:
        """Check that one more connection may follow the table as ``seat`` (``None``: a spectator).

        Raises:
            Refused: If the seat or the table has as many connections as it may (``too-many-connections``).
        """
        clients = self.spectators if seat is None else self.seats[seat].clients
        limit = MAX_SPECTATORS if seat is None else MAX_CLIENTS_PER_SEAT
        if len(clients) >= limit:
            raise Refused(
                "too-many-connections",
                f"{'the table' if seat is None else f'seat {seat}'} has {limit} connections open",
            )

    def attach(self, client: Client, seat: int | None, locale: str = DEFAULT_LOCALE, token: str | None = None) -> None:
        """Let ``client`` follow the table as ``seat`` (``None``: a spectator, else with the seat's ``token``), told in ``locale``; send it the state.

        Raises:
            Refused: If the seat or the table has as many connections as it may.
        """
        self.check_room(seat)
        clients = self.spectators if seat is None else self.seats[seat].clients
        clients.add(client)
        self.locales[client] = locale
        if seat is not None and token is not None:
            self.tokens[client] = token
        client.deliver(self._frame(seat, (), None, locale))
        if seat is not None:
            self.broadcast_seats()

    def detach(self, client: Client, seat: int | None) -> None:
        """Stop sending to ``client``."""
        (self.spectators if seat is None else self.seats[seat].clients).discard(client)
        self.locales.pop(client, None)
        self.tokens.pop(client, None)
        if seat is not None:
            self.broadcast_seats()
        if self.released is not None:
            self.released(self)

    @property
    def followed(self) -> bool:
        """Whether any connection follows the table."""
        return bool(self._audience())

    def _audience(self) -> list[tuple[int | None, Client]]:
        audience: list[tuple[int | None, Client]] = [(None, client) for client in self.spectators]
        for index, seat in enumerate(self.seats):
            audience.extend((index, client) for client in seat.clients)
        return audience

    def broadcast_seats(self) -> None:
        """Tell every connection who sits where (names, bots, who is connected)."""
        text = message_text(seats_message(self.id, self.seat_list(), self.started))
        for _, client in self._audience():
            client.deliver(text)

    def view(self, seat: int | None) -> Any:
        """The view of the current state for ``seat`` (``None``: a spectator), made once a move
        for the seat's frames, its observing bot and its bot's choice alike."""
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = self.game.view(self.state, seat)
        return found

    def _view_data(self, seat: int | None) -> dict[str, Any]:
        """The JSON data of :meth:`view`, written once a move for the seat's frames."""
        found = self._view_data_of.get(seat)
        if found is None:
            found = self._view_data_of[seat] = self.entry.documents.to_data(self.view(seat))
        return found

    def _seconds_left(self) -> float | None:
        return None if self.deadline is None else max(0.0, round(self.deadline - time.time(), 1))

    def _frame(
        self,
        seat: int | None,
        events: Sequence[Any],
        last: dict[str, Any] | None,
        locale: str,
        *,
        events_data: Sequence[dict[str, Any]] = (),
        narration: Sequence[str] | None = None,
        seconds_left: float | None = None,
    ) -> str:
        """The ``state`` frame of ``seat`` told in ``locale`` after the move of ``events`` (as the
        seat may see them, ``events_data`` their JSON data, ``narration`` their narration if
        told already), or on joining (no events)."""
        parts = self.frame_parts()
        mine = seat is not None and parts.to_move == seat and parts.started
        if narration is None:
            narration = self.game.narrate(events, parts.names, locale) if events else []
        return state_frame(
            self.id,
            seat,
            parts,
            view=self._view_data(seat),
            moves=self.legal_texts() if mine else [],
            events=events_data,
            narration=narration,
            last=last,
            seconds_left=self._seconds_left() if seconds_left is None else seconds_left,
            refused=refused_data(self.entry, self.game, self.state, seat, locale)
            if mine and seat is not None
            else None,
            final=None if parts.result is None else self._final_data(),
        )

    def _final_data(self) -> dict[str, Any]:
        """The whole state of a finished game as its document's JSON data, written once: every
        frame after the end carries it, to every seat and spectator (nothing is secret any more)."""
        if self._final is None:
            self._final = self.entry.documents.to_data(self.state)
        return self._final

    def _send_states(self, events: tuple[Any, ...], last: dict[str, Any] | None) -> dict[int | None, Sequence[Any]]:
        """Send every connection the ``state`` frame of its seat after the move of ``events``
        (full events; each seat is shown its ``events_for``, which this returns by seat): each
        seat's frame is written once a language, and its text given to each of the seat's
        connections told in it. What several seats' frames share is made once: the JSON of an
        event they see alike (an equal event), the narration of equal events in one language."""
        frames: dict[tuple[int | None, str], str] = {}
        seen: dict[int | None, Sequence[Any]] = {}
        # by value (``seen`` holds the events: the identity of one without a hash is not reused meanwhile)
        telling = SharedTelling(self.entry, self.game, self.frame_parts().names)
        seconds_left = self._seconds_left()
        for viewer, client in self._audience():
            key = viewer, self.locales.get(client, DEFAULT_LOCALE)
            frame = frames.get(key)
            if frame is None:
                if viewer not in seen:
                    seen[viewer] = self.game.events_for(events, viewer)
                mine = seen[viewer]
                data, narration = telling.tell(mine, key[1])
                frame = frames[key] = self._frame(
                    viewer, mine, last, key[1], events_data=data, narration=narration, seconds_left=seconds_left
                )
            client.deliver(frame)
        return seen

    async def play(self, seat: int, text: object, number: object = None, *, timed_out: bool = False) -> None:
        """Play the move written ``text`` for ``seat``: checked, committed, then told to everyone.

        Args:
            seat: The seat that moves.
            text: The move in the game's notation.
            number: The number of moves made that the mover saw, if it says: a move sent
                after another changed the game is refused as stale.
            timed_out: Whether the server moves for a person whose time ran out.

        Raises:
            Refused: If the move is not the seat's to make, not a move, or not legal, or the
                database did not save it (``database-unavailable``); the table is unchanged.
        """
        async with self._lock:
            try:
                self._play(seat, text, number, timed_out, time.perf_counter())
            except StoreError as error:  # the database is away (restarting): nothing was told of the move
                logger.error("table %s: a move of seat %d was not saved: %s", self.id, seat, error)
                raise Refused("database-unavailable", "the move was not saved: the database does not answer") from None

    def _play(self, seat: int, text: object, number: object, timed_out: bool, arrived: float) -> None:
        """Check the turn, read the move written ``text`` and play it (:meth:`_play_move`)."""
        self._check_turn(seat, number)
        self._play_move(
            seat, read_move(self.game, self.state, text, self.legal_moves(), self._legal_by_text), timed_out, arrived
        )

    def _legal_by_text(self) -> dict[str, Any]:
        """The legal moves by their notation (made once a move)."""
        if self._by_text is None:
            self._by_text = dict(zip(self.legal_texts(), self.legal_moves(), strict=True))
        return self._by_text

    def _check_turn(self, seat: int, number: object) -> None:
        """Refuse a move of ``seat`` now: the game over or not started, a stale ``number``, another's turn."""
        check_turn(
            over=self.over,
            started=self.started,
            number=number,
            made=len(self.moves),
            to_move=self.game.to_move(self.state),
            seat=seat,
        )

    def _play_move(self, seat: int, move: Any, timed_out: bool, arrived: float) -> None:
        """Play ``move``, one of the legal moves of ``seat``'s turn: committed, then told to everyone."""
        game = self.game
        after = game.apply_unchecked(self.state, move)  # judged legal above: apply would judge it again
        events = game.describe(self.state, move, after)
        notation = game.move_text(move)
        finished = summary = None
        if game.to_move(after) is None:
            finished = self.entry.records.dumps(self._record(self.moves + [move], after))
            summary = stored_summary(
                {
                    **self.summary(),
                    "moves": len(self.moves) + 1,
                    "to_move": None,
                    "result": result_data(game.result(after)),
                }
            )
        person = self.seats[seat].bot is None and not timed_out
        touched = time.time() if person else None
        then = None
        if finished is not None and self.settings.get("rated"):
            away = (self.away - {seat}) | ({seat} if timed_out else set())
            then = table_ending(self.id, self.entry, game, self.settings["bots"], game.result(after), away, self.meter)
        committing = time.perf_counter()
        try:
            self._store.add_move(
                self.id,
                len(self.moves) + 1,
                notation,
                finished=finished,
                summary=summary,
                touched=touched,
                driver=None if person else self.driver,
                then=then,
            )
        except MoveConflict:  # another process committed this move first: its notice brings it here
            raise Refused("stale", f"move {len(self.moves) + 1} was made meanwhile (through another server)") from None
        committed = time.perf_counter()
        if then is not None:
            then.committed()
        self.advance(move, after, events, {"seat": seat, "move": notation, "timed_out": timed_out}, touched)
        self.meter.moved(self.entry.name, committed - committing, time.perf_counter() - arrived)
        if self.committed is not None:
            self.committed(self, seat, person)

    def advance(
        self, move: Any, after: Any, events: tuple[Any, ...], last: dict[str, Any], touched: float | None
    ) -> None:
        """Go on to ``after``, the state after the committed ``move`` (of ``events``; ``last``: the
        frames' ``last``; touched then if a person's), and tell every connection here."""
        if touched is not None:
            self.touched = touched
        self.turn_began = time.time()
        if self.seats[last["seat"]].bot is None:
            (self.away.add if last["timed_out"] else self.away.discard)(last["seat"])
        self.state = after
        self.moves.append(move)
        self.history.append(events)
        self._legal = self._legal_texts = self._by_text = self._parts = None
        self._views, self._view_data_of, self._final = {}, {}, None
        self.schedule()
        seen = self._send_states(events, last)

        def events_for(events: Sequence[Any], seat: int) -> Sequence[Any]:  # as the frames showed them
            return seen[seat] if seat in seen else self.game.events_for(events, seat)

        players = {index: record.player for index, record in enumerate(self.seats)}
        tell(players, events, after, events_for, lambda _, seat: self.view(seat))  # the views of the frames
        if self.game.to_move(after) is None and self.released is not None:
            self.released(self)

    def legal_moves(self) -> tuple[Any, ...]:
        """The legal moves of the current state (computed once a move)."""
        if self._legal is None:
            self._legal = self.game.legal_moves(self.state)
        return self._legal

    def legal_texts(self) -> list[str]:
        """The notation of each legal move of the current state (written once a move, for the mover's frames)."""
        if self._legal_texts is None:
            self._legal_texts = [self.game.move_text(move) for move in self.legal_moves()]
        return self._legal_texts

    def frame_parts(self) -> FrameParts:
        """What every seat's ``state`` frame of the current state shares, worked out once a move:
        the number of moves, the seat to move (none once the table is ended as abandoned, as
        in its summary), whether the game started, the result, the names."""
        if self._parts is None:  # made anew after every move and every seat taken
            state = self.state
            self._parts = FrameParts(
                number=len(self.moves),
                to_move=None if self.abandoned else self.game.to_move(state),
                started=self.started,
                result=result_data(self.game.result(state)),
                names=tuple(self.names()),
            )
        return self._parts

    def log(self, seat: int | None, locale: str = DEFAULT_LOCALE) -> list[str]:
        """The narration of every move so far as ``seat`` (``None``: a spectator) may see it, in ``locale``."""
        seen = [event for events in self.history for event in self.game.events_for(events, seat)]
        return self.game.narrate(seen, self.names(), locale) if seen else []

    def finished_record(self) -> GameRecord[Any, Any]:
        """The record of the game so far, with its result once over, and the seats' names as a tag."""
        return self._record(self.moves, self.state)

    def _record(self, moves: Sequence[Any], state: Any) -> GameRecord[Any, Any]:
        record: GameRecord[Any, Any] = attrs.evolve(  # type: ignore[misc]
            self.record,
            moves=tuple(moves),
            result=result_text(self.game, state),
            tags=(
                ("Names", ", ".join(self.names())),
                *((("Hints", "on"),) if self.settings.get("hints") else ()),
                *((("Termination", "abandoned"),) if self.abandoned else ()),
            ),
        )
        return record

    def schedule(self) -> None:
        """Start what must happen next: a bot's move, or the clock of a person's move (a table
        driven elsewhere only shows the clock: its driver moves when it runs out)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task, self.deadline = None, None
        seat = self.game.to_move(self.state)
        if seat is None or not self.started:
            return
        if self.seats[seat].bot is not None and self.driver is not None:  # after the table's pace (0: at once)
            pace = float(self.settings.get("pace") or 0.0)
            self._task = asyncio.get_running_loop().create_task(self._bot_move(seat, len(self.moves), 0.0, pace))
        elif self.seats[seat].bot is None and self.settings.get("move_seconds") is not None:
            wait = float(self.settings["move_seconds"])
            self.deadline = self.turn_began + wait  # from stored times: the clock runs on across restarts
            if self.driver is not None:
                left = max(0.0, self.deadline - time.time())
                self._task = asyncio.get_running_loop().create_task(self._bot_move(seat, len(self.moves), wait, left))

    async def _bot_move(self, seat: int, number: int, wait: float, delay: float | None = None) -> None:
        # delay: what is left of the clock, the table's pace, or a retry's pause
        pause = wait if delay is None else delay
        if pause:
            await self.sleep(pause)
        player = self.seats[seat].player
        seen = self.view(seat)
        rng = random.Random(f"{self.record.seed}:{seat}:{number}")  # type: ignore[attr-defined]
        try:
            choosing = time.perf_counter()
            move = await asyncio.to_thread(player.choose, seen, rng)
            self.meter.bot_chose(self.entry.name, time.perf_counter() - choosing)
        except Exception:  # a bot that fails must not stop the table: its seat plays the first legal move
            logger.exception("table %s: the bot of seat %d failed; the first legal move is played", self.id, seat)
            move = None
        async with self._lock:
            if self._task is asyncio.current_task():
                self._task = None  # done: the next move's schedule must not cancel it
            try:
                self._check_turn(seat, number)
            except Refused:  # the game moved on meanwhile (a person's late move)
                return
            if self.driver is None:  # another process took the table over meanwhile
                return
            legal = self.legal_moves()
            if move not in legal:  # a bot's move that is not legal is its failure too
                if move is not None:
                    logger.error(
                        "table %s: the bot of seat %d chose an illegal move; the first legal one is played",
                        self.id,
                        seat,
                    )
                move = legal[0]
            try:
                self._play_move(seat, move, wait > 0, time.perf_counter())
            except Refused:  # another process committed this move first
                return
            except LeaseLost:
                logger.warning("table %s: another process drives it now; this one stops driving it", self.id)
                self.driver = None
            except StoreError as error:  # the database is away (restarting): the move is tried again
                logger.error(
                    "table %s: the move of seat %d was not saved (%s); tried again in %g s",
                    self.id,
                    seat,
                    error,
                    RETRY_SECONDS,
                )
                self._task = asyncio.get_running_loop().create_task(self._bot_move(seat, number, wait, RETRY_SECONDS))

    def abandon(self) -> None:
        """End the table as abandoned: its record (result ``*``, a ``Termination`` tag
        ``abandoned``) and summary are stored as a finished table's, its pending work is
        cancelled and its connections are closed (``1000``, ``abandoned``).

        Raises:
            StoreError: If the database did not store it; the table goes on unchanged.
        """
        self.abandoned = True
        try:
            self._store.finish(
                self.id, self.entry.records.dumps(self.finished_record()), stored_summary(self.summary())
            )
        except StoreError:
            self.abandoned = False  # not stored: the table goes on until the next sweep
            raise
        self.follow_end()

    def follow_end(self) -> None:
        """The table was ended as abandoned (here, or by another process): its pending work is
        cancelled and its connections are closed (``1000``, ``abandoned``)."""
        self.abandoned = True
        self._parts = None
        if self._task is not None:
            self._task.cancel()
        self._task, self.deadline = None, None
        for _, client in self._audience():
            client.close(1000, "abandoned")

    def stop(self) -> None:
        """Cancel the table's pending bot move or clock (the server stops)."""
        if self._task is not None:
            self._task.cancel()
        for _, client in self._audience():
            client.close(1012, "the server is stopping: connect again")
