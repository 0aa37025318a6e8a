"""Rematch: another game with the same seats, once every person at a finished table agrees.

At the end of a table's game each seated person may ask for another game
(:func:`vote`, through the websocket's ``rematch`` message or ``POST /api/tables/{id}/rematch``
with the seat's token), and withdraw the request until the others agree; bots always agree.
The votes are stored, and the vote that completes them stores the new table in the same
transaction (:meth:`Store.vote_rematch <eighthalf.server.storage.store.Store.vote_rematch>`),
so the rematch is made exactly once whichever server processes the votes came through.

The new table has the old one's game, rules, rounds, bots and settings, a new deal (a fresh
seed) and the next dealer (:func:`next_seating`): the one after the seat that dealt last
(8½: after the last round's dealer, M2; Eights: after the last hand's, WG2), so that the
deal goes on round the table as it would in a longer match. Each person keeps their name and
gets a new seat token, :func:`rematch_token` of their old one: only the holder of the old
token can work it out, so every server process gives each of its connections its new token
without the secret crossing the database. The new table records its parent (its settings'
``parent``, its summary's ``parent``).

When the rematch is made every connection of the old table, players and spectators, is sent a
``moved`` frame (the new table; to a seat, its new seat and token) and closed
(:func:`follow`); each process does so for its own connections when it hears of the rematch.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
import weakref
from typing import Any, Final

import attrs

from eighthalf.server.protocol.messages import Refused, message_text, moved_message, rematch_message
from eighthalf.server.storage.store import RematchState, StoredTable
from eighthalf.server.tables.lobby import Lobby
from eighthalf.server.tables.seats import TOKEN_BYTES, Client, token_hash
from eighthalf.server.tables.table import Table

__all__ = [
    "MOVED_REASON",
    "follow",
    "heard",
    "new_seat",
    "next_seating",
    "people",
    "rematch_frame",
    "rematch_token",
    "tell",
    "vote",
]

MOVED_REASON: Final = "moved"
"""The reason of the close (code ``1000``) that follows a ``moved`` frame."""

_known: weakref.WeakKeyDictionary[Table, RematchState] = weakref.WeakKeyDictionary()
"""What each finished table in memory last told its connections of its rematch."""


def rematch_token(token: str, table_id: str) -> str:
    """The seat token at the rematch of table ``table_id`` of the person whose token there was
    ``token``: an HMAC-SHA256 of the table's id keyed by the old token, as long as any token.

    >>> rematch_token("abc", "t1") == rematch_token("abc", "t1") != rematch_token("abd", "t1")
    True
    """
    digest = hmac.new(token.encode("utf-8", "surrogatepass"), f"rematch {table_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:TOKEN_BYTES]).decode("ascii")


def people(table: Table) -> tuple[int, ...]:
    """The seats of ``table`` played by people: they vote for a rematch (bots always agree)."""
    return tuple(index for index, seat in enumerate(table.seats) if seat.bot is None)


def _last_dealer(table: Table) -> int:
    """The seat that dealt the last round or hand of ``table``'s game (the last seat if the game does not say)."""
    state = table.state
    dealer = getattr(state, "dealer", None)  # 8½'s match: its last round's (M2)
    if dealer is None:
        dealer = getattr(getattr(state, "hand", None), "dealer", None)  # Eights: its last hand's (WG2)
    if dealer is None:
        dealer = getattr(table.record, "dealer", None)  # 8½'s round: its record's, the last seat by default (S7)
    return table.players - 1 if type(dealer) is not int else dealer


def next_seating(table: Table, seed: int) -> tuple[Any, tuple[int, ...]]:
    """The record of the rematch of the finished ``table``, dealt from ``seed`` by the next
    dealer, and the new seat of each old seat.

    The next dealer is the seat after the one that dealt last. A game whose record names its
    dealer (8½) keeps every seat and names that dealer; a game whose first dealer is always the
    last seat (Eights: seat 0 is dealt to and plays first) turns the seats instead, in their
    order round the table, so that the next dealer sits in the last seat.
    """
    players = table.players
    first = (_last_dealer(table) + 1) % players
    record: Any = table.entry.make_record(players, seed, table.record.rules, table.entry.rounds_of(table.game))
    if _names_dealer(table):
        return attrs.evolve(record, dealer=None if first == players - 1 else first), tuple(range(players))
    return record, tuple((old - first - 1) % players for old in range(players))


def _names_dealer(table: Table) -> bool:
    """Whether the records of ``table``'s game name their first dealer (8½'s ``Dealer`` tag)."""
    kind: Any = type(table.record)
    return attrs.has(kind) and "dealer" in attrs.fields_dict(kind)


def _child(lobby: Lobby, table: Table) -> tuple[StoredTable, tuple[int, ...]]:
    """The new table a rematch of ``table`` would store, and the new seat of each old seat."""
    record, order = next_seating(table, secrets.randbits(53))
    child_id = secrets.token_hex(6)
    while child_id in lobby.tables or lobby.store.load(child_id) is not None:
        child_id = secrets.token_hex(6)
    bots: list[str | None] = [None] * table.players
    for old, new in enumerate(order):
        bots[new] = table.seats[old].bot
    settings = {key: value for key, value in table.settings.items() if key != "from"}
    settings.update({"bots": bots, "seeded": False, "parent": table.id})
    stored = StoredTable(
        id=child_id,
        game=table.entry.name,
        record=table.entry.records.dumps(record),
        settings=settings,
        created=time.time(),
    )
    return stored, order


def _check(table: Table, token: str | None) -> int:
    """The seat of ``token`` at ``table``, which may vote for a rematch now.

    Raises:
        Refused: If the game goes on (``not-finished``), was ended as abandoned
            (``no-rematch``), the voter is no seat (``not-a-player``) or the token no seat's
            (``bad-token``).
    """
    if not table.over:
        raise Refused("not-finished", "a rematch is asked for once the game is over")
    if table.abandoned:
        raise Refused("no-rematch", "the game was ended as abandoned: it has no rematch")
    if token is None:
        raise Refused("not-a-player", "only the people seated at the table ask for a rematch, not a spectator")
    seat = table.seat_of(token)
    if seat is None:
        raise Refused("bad-token", "no seat of this table has that token")
    return seat


def vote(lobby: Lobby, table: Table, token: str | None, agree: bool) -> tuple[RematchState, Table | None]:
    """Count the rematch vote of the seat of ``token`` at the finished ``table`` (``agree``:
    another game asked for; ``False``: the request withdrawn), tell the table's connections
    here, and move them once the rematch is made: where the rematch stands, and the new
    table if this vote made it (in memory, to be driven by this process).

    Raises:
        Refused: If the vote may not be made (``not-finished``, ``no-rematch``,
            ``not-a-player``, ``bad-token``), the table was rematched
            already (``rematched``), or the seat had agreed already (``already-agreed``) or,
            withdrawing, had not (``not-agreed``); nothing changed.
        StoreError: If the database does not answer; nothing changed.
    """
    seat = _check(table, token)
    assert token is not None
    child, order = _child(lobby, table)
    seating = tuple((old, order[old]) for old in people(table))
    hashed = token_hash(rematch_token(token, table.id)) if agree else None
    outcome, state = lobby.store.vote_rematch(
        table.id, seat, hashed, people=people(table), child=child, seating=seating
    )
    if outcome == "rematched":
        raise Refused("rematched", f"this table's rematch was made already: table {state.table}")
    if outcome == "already-agreed":
        raise Refused("already-agreed", f"seat {seat} asked for a rematch already")
    if outcome == "not-agreed":
        raise Refused("not-agreed", f"seat {seat} has not asked for a rematch: there is nothing to withdraw")
    made = lobby.get(child.id) if outcome == "made" else None
    follow(table, state)
    heard(lobby, table.id, state)  # any other copy of the table here that connections follow
    return state, made


def new_seat(table: Table, seat: int) -> int:
    """The seat at the rematch of the person at ``seat`` of ``table`` (:func:`next_seating`'s order)."""
    if _names_dealer(table):
        return seat
    return (seat - (_last_dealer(table) + 1) % table.players - 1) % table.players


def rematch_frame(table: Table, state: RematchState, seat: int | None, token: str | None) -> str:
    """The text of the ``votes`` frame of ``table`` for a connection of ``seat`` with ``token``."""
    link = None
    if state.table is not None:
        link = (
            f"/table/{state.table}"
            if seat is None or token is None
            else (f"/table/{state.table}#token={rematch_token(token, table.id)}")
        )
    return message_text(rematch_message(table.id, people(table), state.agreed, state.table, link))


def follow(table: Table, state: RematchState) -> None:
    """Tell the connections of ``table`` here where its rematch stands now, voted here or
    through another process (a state told already is not told again); once the rematch is
    made, send each one its ``moved`` frame and close it (``1000``, :data:`MOVED_REASON`)."""
    if _known.get(table) == state:
        return
    _known[table] = state
    audience: list[tuple[int | None, Client]] = [(None, client) for client in table.spectators]
    for index, each in enumerate(table.seats):
        audience.extend((index, client) for client in each.clients)
    if state.table is None:
        for seat, client in audience:
            client.deliver(rematch_frame(table, state, seat, table.tokens.get(client)))
        return
    for seat, client in audience:
        token = table.tokens.get(client)
        if seat is None or token is None:
            client.deliver(message_text(moved_message(table.id, state.table, None, None)))
        else:
            client.deliver(
                message_text(
                    moved_message(table.id, state.table, new_seat(table, seat), rematch_token(token, table.id))
                )
            )
        client.close(1000, MOVED_REASON)


def heard(lobby: Lobby, table_id: str, state: RematchState) -> None:
    """A rematch vote of the table ``table_id`` committed by any process: :func:`follow` it on
    every copy of the table in this process that connections follow (the lobby's, and one that
    a connection still follows after the lobby let it go and read it again for another)."""
    copies = {each for each in list(_known) if each.id == table_id}
    if (kept := lobby.tables.get(table_id)) is not None and kept.over:
        copies.add(kept)
    for each in copies:
        follow(each, state)


def tell(table: Table, state: RematchState, client: Client, seat: int | None) -> None:
    """Send a connection that just began to follow the finished ``table`` where its rematch stands."""
    _known.setdefault(table, state)
    client.deliver(rematch_frame(table, state, seat, table.tokens.get(client)))
