"""The tables the server holds: each one's full state, seats, tokens and subscribers, and the
one path every move takes (checked by the engine, committed to SQLite, then sent).

A :class:`TableManager` runs on the event loop. It never blocks it: the SQLite file is used
from one thread of its own, bots think in a bounded pool of threads, and an
:class:`asyncio.Lock` per table puts the moves of its seats (people and bots, who may act in
any order when several seats are to act) one after the other.

Nothing is announced that the file does not hold: a move that cannot be written is refused
(``storage``) and the table stays as it was; a bot's move is tried again, less and less
often, until the file takes it. Tables that nobody joins, or where nothing happens, are
closed as abandoned (:class:`~sticheln.web.limits.Limits`), and each client address may have
only so many tables in play.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import hashlib
import hmac
import ipaddress
import json
import logging
import random
import secrets
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol, TypeVar

import attrs

from sticheln.bots import Bot, default_bot, make_bot
from sticheln.core import IllegalMoveError
from sticheln.core.i18n import DEFAULT_LANGUAGE, ngettext, use_language
from sticheln.core.i18n import gettext as _
from sticheln.core.protocol import Game
from sticheln.core.seats import name_seats, seat_number
from sticheln.games import find_game
from sticheln.web.analysis import Analyses, AnalysisJob
from sticheln.web.chat import ChatLog
from sticheln.web.limits import Limits
from sticheln.web.messages import deal_scores, events_message, seat_names, state_message
from sticheln.web.renderers import renderer_url
from sticheln.web.replay import replay_document, replay_frames, replay_index
from sticheln.web.store import Store, StoredTable, TableRow
from sticheln.web.text import one_line, quote
from sticheln.web.timer import MoveTimer
from sticheln.web.validate import TableRequest

__all__ = [
    "SEED_BITS",
    "Damaged",
    "MoveRefused",
    "StorageFailed",
    "Subscriber",
    "Table",
    "TableFull",
    "TableManager",
    "TooManyTables",
    "client_key",
    "hash_token",
]

log = logging.getLogger("sticheln.web")

T = TypeVar("T")

HISTORY = 60
"""The moves whose events a client gets when it joins (``welcome``'s ``history``), so that a
page loaded mid-game shows what just happened: the last trick and why it went where it did."""

SEED_BITS = 128
"""The random bits of a table's seed, drawn from :mod:`secrets` (the seed is these bits with
a further bit set above them, so every seed is at least ``2**128``): too many to search for
the seed that deals a hand one has seen."""

ACTIVE_EVERY = 60.0
"""Seconds between the writes of a table's time of activity while moves are made (every move
is written, its time not always: the idle timeout is hours, a minute does not matter)."""

BOT_RETRY_FIRST = 0.25
"""Seconds a bot waits before it tries again to make a move the file did not take."""

BOT_RETRY_MOST = 30.0
"""The longest wait between a bot's tries (each wait doubles, up to this)."""


class Subscriber(Protocol):
    """A connection that hears a table's messages: a seat's, or a spectator's (``None``)."""

    seat: int | None
    language: str
    """The language of the texts it hears (:mod:`sticheln.core.i18n`)."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the client, without waiting."""
        ...


class MoveRefused(Exception):
    """A move the table did not take, with the error code and message for the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class TableFull(Exception):
    """The server holds as many tables in play as its limits allow."""


class TooManyTables(Exception):
    """The client has as many tables in play as one client may have, or has made as many
    tables in the last hour as one may (:attr:`per_hour`)."""

    def __init__(self, message: str, *, per_hour: bool = False) -> None:
        super().__init__(message)
        self.per_hour = per_hour


class StorageFailed(Exception):
    """The SQLite file did not take a write; the message is its short reason."""


@attrs.frozen
class Damaged:
    """A table of the file that cannot be rebuilt: its id, its game (as the row says, if it
    can be read) and why, in a few words that show nothing of its contents (the log has the
    rows)."""

    id: str
    game: str | None
    reason: str

    def public_info(self) -> dict[str, Any]:
        """What the table list says of it."""
        return {"id": self.id, "game": self.game, "status": "damaged", "reason": self.reason}


def client_key(address: str | None) -> str:
    """The key under which a client's tables are counted: its address, an IPv6 address by
    its /64 network (``"2001:db8::/64"``); ``""`` for a client of unknown address."""
    if not address:
        return ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def hash_token(token: str) -> str:
    """The SHA-256 of a join token, in hex: what the server keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.frozen
class Rematch:
    """The table made for the rematch of a finished one, and its seats' join tokens, each
    sent to the connections of the same seat of the finished table only."""

    id: str
    """The new table's id."""
    tokens: tuple[str | None, ...]
    """Per seat, the new table's join token (``None`` for a bot seat)."""

    def message(self, seat: int | None) -> dict[str, Any]:
        """The ``rematch`` message for a connection of ``seat``: the link of the same seat at
        the new table (a bot's seat and a spectator get the spectator link)."""
        token = None if seat is None else self.tokens[seat]
        link = f"/table/{self.id}" if token is None else f"/table/{self.id}#seat={token}"
        return {"type": "rematch", "table": self.id, "link": link}


class Table:
    """One game being played (or over, or closed): its row, its state after its moves, its
    bots, and the connections that follow it."""

    def __init__(self, row: TableRow, game: Game[Any, Any, Any], state: Any, moves: list[Any]):
        self.row = row
        """What the SQLite file keeps of the table (as it was made or loaded)."""
        self.game = game
        """The game, with the table's rules."""
        self.state = state
        """The full state after :attr:`moves`."""
        self.moves = moves
        """The moves made so far, in order."""
        self.lock = asyncio.Lock()
        """Held while a move is checked, written and sent."""
        self.subscribers: set[Subscriber] = set()
        """The joined connections."""
        self.connections = 0
        """The open websockets of the table, joined or not."""
        self.bots: dict[int, Bot[Any, Any]] = {
            seat: make_bot(kind, game) for seat, kind in enumerate(row.seats) if kind != "human"
        }
        """The bot of each bot seat."""
        self.thinking: set[int] = set()
        """The bot seats whose next move is being chosen."""
        self.replay: dict[str, Any] | None = None
        """The replay document, once made (the table being no longer in play)."""
        self.replay_index: dict[str, Any] | None = None
        """The light half of every frame of the replay, once made."""
        self.rematch: Rematch | None = None
        """The rematch of the finished game, once a seat asked for it (kept while the server
        runs)."""
        self.analyses: dict[int, AnalysisJob] = {}
        """The analyses of its seats, by seat (:mod:`sticheln.web.analysis`)."""
        self.recent: deque[tuple[Any, Any]] = deque(maxlen=HISTORY)
        """The last :data:`HISTORY` moves, each with the state it was made in."""
        self.closed: str | None = row.status if row.status in ("abandoned", "closed") else None
        """``"abandoned"`` or ``"closed"`` once the table is closed before its game ended."""
        self.created_at = row.created_at
        """When the table was made (seconds since 1970)."""
        self.joined_at = row.joined
        """When a person first joined a seat, or ``None``."""
        self.active_at = self.created_at if row.active is None else row.active
        """When something last happened: made, a seat joined, a move."""
        self.timer = MoveTimer(row.move_time)
        """The move timer (off for a table made without one): :mod:`sticheln.web.timer`."""
        self.stand_in: Bot[Any, Any] | None = None
        """The bot that plays the seats of people whose time ran out, once one did."""
        self.chat = ChatLog()
        """The chat's last lines (in memory only): :mod:`sticheln.web.chat`."""
        self.active_written = self.active_at
        """The last :attr:`active_at` written to the file (at most :data:`ACTIVE_EVERY`
        seconds behind it while moves are made)."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.is_over(self.state))

    @property
    def status(self) -> str:
        """``"playing"``, ``"over"``, ``"abandoned"`` or ``"closed"``."""
        if self.closed is not None:
            return self.closed
        return "over" if self.over else "playing"

    @property
    def in_play(self) -> bool:
        """Whether moves may still be made (the game not over, the table not closed)."""
        return self.closed is None and not self.over

    def played_by_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat``: a bot's seat, or a person's whose time ran out."""
        return seat in self.bots or seat in self.timer.by_bot

    def bot_of(self, seat: int) -> Bot[Any, Any]:
        """The bot that plays ``seat`` (:meth:`played_by_bot`): the seat's own, or the
        game's default bot standing in for a person."""
        if seat in self.bots:
            return self.bots[seat]
        if self.stand_in is None:
            self.stand_in = make_bot(default_bot(self.game), self.game)
        return self.stand_in

    def clock_message(self) -> dict[str, Any] | None:
        """The ``clock`` message of the move timer now, or ``None`` without a timer."""
        return self.timer.message(asyncio.get_running_loop().time())

    def announce_clock(self) -> None:
        """Send every subscriber the ``clock`` message (nothing without a timer)."""
        message = self.clock_message()
        if message is not None:
            for subscriber in list(self.subscribers):
                subscriber.send(message)

    @property
    def has_people(self) -> bool:
        """Whether any seat is for a person."""
        return "human" in self.row.seats

    @property
    def names(self) -> list[str]:
        """The name shown for each seat."""
        return seat_names(self.row.seats, self.row.names)

    def seat_of(self, token: str) -> int | None:
        """The human seat whose join token is ``token``, or ``None``; every seat's hash is
        compared in constant time."""
        digest = hash_token(token)
        found = None
        for seat, stored in enumerate(self.row.token_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                found = seat
        return found

    def is_creator(self, token: str) -> bool:
        """Whether ``token`` is the creator's token (compared in constant time)."""
        stored = self.row.creator_hash
        return stored is not None and hmac.compare_digest(stored, hash_token(token))

    def public_info(self) -> dict[str, Any]:
        """What anyone may know of the table (no token, no hidden card, no seed)."""
        seats: list[dict[str, Any]] = []
        for seat, (kind, name) in enumerate(zip(self.row.seats, self.names, strict=True)):
            entry: dict[str, Any] = {"seat": seat, "kind": "human" if kind == "human" else "bot"}
            if kind != "human":
                entry["bot"] = kind
            entry["name"] = name
            seats.append(entry)
        return {
            "id": self.id,
            "game": self.row.game,
            "title": self.game.info.title,
            "preset": self.row.preset,
            "players": self.row.players,
            "seats": seats,
            "names": self.names,
            "moves": len(self.moves),
            "over": self.over,
            "status": self.status,
            "seed_chosen": self.row.seed_chosen,
            "to_act": list(self.game.players_to_act(self.state)) if self.in_play else [],
            "winners": list(self.game.winners(self.state)),
            "move_time": self.row.move_time,
            "created": self.row.created,
            "spectator": f"/table/{self.id}",
            "replay": f"/replay/{self.id}",
            "renderer": renderer_url(self.game),
        }

    def welcome(self, subscriber: Subscriber) -> None:
        """Send ``welcome`` (with the ``events`` messages of the last moves, as the seat saw
        them) and the current ``state`` to a connection that has joined, in its language."""
        with use_language(subscriber.language):
            self._welcome(subscriber)

    def _welcome(self, subscriber: Subscriber) -> None:
        """:meth:`welcome` in the language chosen."""
        first = len(self.moves) - len(self.recent) + 1
        history = [
            events_message(self.game, before, move, first + i, subscriber.seat)
            for i, (before, move) in enumerate(self.recent)
        ]
        subscriber.send(
            {
                "type": "welcome",
                "table": self.public_info(),
                "seat": subscriber.seat,
                "names": self.names,
                "history": history,
                "clock": self.clock_message(),
                "chat": self.chat.history(),
            }
        )
        subscriber.send(self.state_message(subscriber.seat))
        if self.rematch is not None:
            subscriber.send(self.rematch.message(subscriber.seat))

    def state_message(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for ``seat``; a closed table lists no legal move and no one
        to act."""
        message = state_message(
            self.game, self.state, len(self.moves), seat, deal_scores(self.game, self.state)
        )
        if self.closed is not None:
            message["legal"] = []
            message["to_act"] = []
        return message

    def broadcast(self, before: Any, move: Any) -> None:
        """Send every subscriber the ``events`` of ``move`` (made in ``before``) and the new
        ``state``, each as its seat sees them, in its language."""
        number = len(self.moves)
        made: dict[tuple[int | None, str], tuple[dict[str, Any], dict[str, Any]]] = {}
        deal = deal_scores(self.game, self.state) if self.subscribers else None
        for subscriber in list(self.subscribers):
            seat, language = subscriber.seat, subscriber.language
            if (seat, language) not in made:
                with use_language(language):
                    made[seat, language] = (
                        events_message(self.game, before, move, number, seat),
                        state_message(self.game, self.state, number, seat, deal),
                    )
            events, state = made[seat, language]
            subscriber.send(events)
            subscriber.send(state)

    def announce_closed(self, reason: Callable[[], str]) -> None:
        """Tell every subscriber that the table was closed and why (``reason()``, in its
        language), and send the state without moves to make."""
        for subscriber in list(self.subscribers):
            with use_language(subscriber.language):
                said = reason()
                subscriber.send({"type": "closed", "status": self.status, "reason": said})
                subscriber.send(self.state_message(subscriber.seat))


def _illegal(error: IllegalMoveError, names: Sequence[str], seat: int) -> str:
    """What a person reads of an illegal move: the move as the game words it and the reason
    (without the value's representation that the library's message adds for programmers),
    the seats named as the page names them, the mover's as "your"."""
    if error.move is None or error.reason == str(error):
        return name_seats(str(error), names, seat)
    return _("illegal move {move}: {reason}").format(
        move=error.move, reason=name_seats(error.reason, names, seat)
    )


def _rebuild(stored: StoredTable) -> Table:
    """The table of ``stored``, its moves replayed from the start.

    :raises ValueError: naming the first thing that does not rebuild (the row, a move that is
        not JSON, not a move of the game, or not legal where it stands).
    """
    row = stored.row
    if row is None:
        raise ValueError(stored.problem or "its row cannot be read")
    try:
        game = find_game(row.game, row.preset)
        state = game.new_game(row.players, seed=row.seed)
    except (ValueError, LookupError, TypeError) as exc:
        raise ValueError(f"its game cannot be set up: {exc}") from None
    played = []
    recent: deque[tuple[Any, Any]] = deque(maxlen=HISTORY)
    for number, text in enumerate(stored.moves):
        try:
            move = game.move_from_dict(json.loads(text))
            after = game.apply_move(state, move)
        except (ValueError, LookupError, TypeError, RecursionError) as exc:
            # Counted from 1, as people count: the reason is what the table list shows.
            raise ValueError(f"move {number + 1} does not replay: {exc}") from None
        recent.append((state, move))
        state = after
        played.append(move)
    table = Table(row, game, state, played)
    table.recent = recent
    return table


def _now() -> float:
    """The time, in seconds since 1970."""
    return time.time()


class TableManager:
    """Every table of the server, the SQLite file that keeps them, and the bots' threads."""

    def __init__(self, db_path: Path, limits: Limits) -> None:
        self.db_path = db_path
        """The SQLite file."""
        self.limits = limits
        """The server's limits."""
        self.tables: dict[str, Table] = {}
        """The tables by id, in the order they were made."""
        self.damaged: dict[str, Damaged] = {}
        """The tables of the file that could not be rebuilt, by id (left in the file as they
        are, for someone to look at)."""
        self.connections = 0
        """The open websockets of the server."""
        self.clock: Callable[[], float] = _now
        """The time (seconds since 1970) by which the timeouts are counted."""
        self._store: Store | None = None
        # Made again by start(); an executor starts no thread before it is used.
        self._db = ThreadPoolExecutor(max_workers=1)
        self._bot_pool = ThreadPoolExecutor(max_workers=1)
        self._tasks: set[asyncio.Task[None]] = set()
        self._creating: dict[str, int] = {}
        self.analyses = Analyses(limits)
        """The analyses of finished games, running and kept."""

    async def _in_db(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run ``function`` on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: function(*args, **kwargs))

    async def _write(self, function: Callable[..., None], *args: Any, **kwargs: Any) -> None:
        """Run a write of the store on the database thread.

        :raises StorageFailed: if the file did not take it (nothing of it was written).
        """
        try:
            await self._in_db(function, *args, **kwargs)
        except (sqlite3.Error, OSError) as exc:
            reason = one_line(str(exc) or type(exc).__name__, 120)
            log.error("the SQLite file %s did not take a write: %s", self.db_path, reason)
            raise StorageFailed(reason) from None

    @property
    def store(self) -> Store:
        """The open SQLite file (:meth:`start` opens it)."""
        if self._store is None:
            raise RuntimeError("the table manager has not been started")
        return self._store

    async def start(self) -> None:
        """Open the SQLite file, rebuild every table from its moves (a table that does not
        rebuild is set aside as damaged), close the tables that were abandoned meanwhile,
        and let the bots whose turn it is move. A manager that was stopped may be started
        again.

        :raises StoreError: if the file cannot be used.
        """
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sticheln-db")
        self._bot_pool = ThreadPoolExecutor(
            max_workers=self.limits.bot_threads, thread_name_prefix="sticheln-bot"
        )
        self.tables = {}
        self.damaged = {}
        self._store = await self._in_db(Store, self.db_path)
        loaded = await self._in_db(self.store.load)
        for stored in loaded:
            try:
                table = await self._in_db(_rebuild, stored)
            except ValueError as exc:
                reason = one_line(exc, 200)
                log.error(
                    "table %s is damaged and set aside: %s; its row: %s; its moves: %s",
                    stored.id,
                    reason,
                    one_line(stored.row, 600),
                    one_line(stored.moves, 2000),
                )
                game = None if stored.row is None else stored.row.game
                # What anyone may read of it: not the contents (the log has them).
                self.damaged[stored.id] = Damaged(stored.id, game, reason.partition(":")[0])
                continue
            self.tables[table.id] = table
        log.info(
            "loaded %d tables from %s%s",
            len(self.tables),
            self.db_path,
            f" ({len(self.damaged)} damaged, set aside)" if self.damaged else "",
        )
        await self.sweep()
        for table in self.tables.values():
            self._run_timer(table)
            self.schedule_bots(table)
        self._spawn(self._sweeper())

    async def stop(self) -> None:
        """Stop the bots and close the SQLite file."""
        for table in self.tables.values():
            table.timer.stop()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self._bot_pool.shutdown(wait=False, cancel_futures=True)
        if self._store is not None:
            await self._in_db(self._store.close)
            self._store = None
        self._db.shutdown(wait=True)

    def _spawn(self, work: Any) -> None:
        """Run a coroutine as a task the manager stops with it."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def in_play_of(self, client: str) -> int:
        """The tables in play that the client of key ``client`` made."""
        return sum(1 for t in self.tables.values() if t.in_play and t.row.client == client)

    def made_within_an_hour(self, client: str) -> int:
        """The tables that the client of key ``client`` made in the last hour."""
        since = self.clock() - 3600.0
        return sum(
            1 for t in self.tables.values() if t.row.client == client and t.created_at > since
        )

    async def create(
        self, request: TableRequest, client: str = ""
    ) -> tuple[Table, list[str | None], str]:
        """Make, write and start a table for the client of key ``client``
        (:func:`client_key`); return it with each seat's join token (``None`` for a bot seat)
        and the creator's token, which closes it. The tokens are given out once: only their
        hashes are kept.

        :raises TableFull: if as many tables are in play as the limits allow.
        :raises TooManyTables: if the client has as many tables in play as one may have, or
            made as many in the last hour as one may.
        :raises StorageFailed: if the file did not take the table.
        """
        await self.sweep()
        playing = sum(1 for table in self.tables.values() if table.in_play)
        if playing + sum(self._creating.values()) >= self.limits.max_tables:
            raise TableFull(f"{playing} tables are in play, the server's limit")
        if self.in_play_of(client) + self._creating.get(client, 0) >= self.limits.tables_per_client:
            raise TooManyTables(f"{self.limits.tables_per_client} tables in play")
        creating = self._creating.get(client, 0)
        if self.made_within_an_hour(client) + creating >= self.limits.tables_per_hour:
            raise TooManyTables(f"{self.limits.tables_per_hour} tables an hour", per_hour=True)
        self._creating[client] = self._creating.get(client, 0) + 1
        try:
            table_id = secrets.token_urlsafe(9)
            while table_id in self.tables or table_id in self.damaged:
                table_id = secrets.token_urlsafe(9)
            tokens = [
                secrets.token_urlsafe(24) if kind == "human" else None for kind in request.seats
            ]
            creator = secrets.token_urlsafe(24)
            chosen = request.seed is not None
            seed = (
                (1 << SEED_BITS) | secrets.randbits(SEED_BITS)
                if request.seed is None
                else request.seed
            )
            now = self.clock()
            row = TableRow(
                id=table_id,
                game=request.game.info.name,
                preset=request.preset,
                players=request.players,
                seed=seed,
                seats=request.seats,
                names=request.names,
                token_hashes=tuple(
                    None if token is None else hash_token(token) for token in tokens
                ),
                created=datetime.datetime.fromtimestamp(now, datetime.UTC).isoformat(
                    timespec="microseconds"
                ),
                seed_chosen=chosen,
                creator_hash=hash_token(creator),
                client=client,
                active=now,
                move_time=request.move_time,
            )
            state = request.game.new_game(request.players, seed=seed)
            table = Table(row, request.game, state, [])
            await self._write(self.store.add_table, row)
        finally:
            self._creating[client] -= 1
            if not self._creating[client]:
                del self._creating[client]
        self.tables[table.id] = table
        self._run_timer(table)
        log.info(
            "table %s: %s (%s), %d players, seats %s%s",
            table.id,
            row.game,
            row.preset,
            row.players,
            ", ".join(row.seats),
            ", the creator's seed" if chosen else "",
        )
        self.schedule_bots(table)
        return table, tokens, creator

    async def rematch(self, table: Table, seat: int, client: str = "") -> Rematch:
        """The rematch of ``table``, whose game is over, asked for by ``seat``: a new table
        with the same game, rules, seats and names and a new seed nobody chose, made once
        (for the client of key ``client``, as if it made it: the limits count it) and told to
        every connection of the table, each seat its own link.

        :raises MoveRefused: ``not-over`` for a game not over (or a table closed before its
            end), ``too-many-tables`` past the limits, ``storage`` if the file did not take
            the new table.
        """
        async with table.lock:
            if table.rematch is None:
                if table.closed is not None or not table.over:
                    raise MoveRefused("not-over", _("a rematch follows a game that is over"))
                request = TableRequest(
                    table.game,
                    table.row.preset,
                    table.row.players,
                    table.row.seats,
                    table.row.names,
                    None,
                    table.row.move_time,
                )
                try:
                    new, tokens, _creator = await self.create(request, client)
                except TableFull as exc:
                    raise MoveRefused(
                        "too-many-tables", _("no rematch now: {reason}").format(reason=exc)
                    ) from None
                except TooManyTables as exc:
                    raise MoveRefused("too-many-tables", self._too_many(exc)) from None
                except StorageFailed as exc:
                    raise MoveRefused(
                        "storage",
                        _("the rematch could not be saved ({reason}): try again").format(
                            reason=exc
                        ),
                    ) from None
                table.rematch = Rematch(new.id, tuple(tokens))
                log.info(
                    "table %s: rematch of seat %d at table %s", table.id, seat_number(seat), new.id
                )
                for subscriber in list(table.subscribers):
                    subscriber.send(table.rematch.message(subscriber.seat))
            return table.rematch

    def _too_many(self, exc: TooManyTables) -> str:
        """Why the client may make no rematch now."""
        if exc.per_hour:
            count = self.limits.tables_per_hour
            text = ngettext(
                "no rematch now: you have {count} table made in the last hour, the most one "
                "client may",
                "no rematch now: you have {count} tables made in the last hour, the most one "
                "client may",
                count,
            )
        else:
            count = self.limits.tables_per_client
            text = ngettext(
                "no rematch now: you have {count} table in play, the most one client may",
                "no rematch now: you have {count} tables in play, the most one client may",
                count,
            )
        return text.format(count=count)

    async def joined(self, table: Table, seat: int | None) -> None:
        """Note that a client joined ``table`` as ``seat`` (a person's seat counts as
        activity, and the first one for the join timeout; the file gets the first join's
        time, and later ones at most every :data:`ACTIVE_EVERY` seconds)."""
        if seat is None or not table.in_play:
            return
        now = self.clock()
        first = table.joined_at is None
        table.active_at = now
        if first:
            table.joined_at = now
        elif now - table.active_written < ACTIVE_EVERY:
            return  # written with the next move, or the next join a minute from now
        # Kept in memory if the file does not take it; the next join or move writes it.
        with contextlib.suppress(StorageFailed):
            await self._write(self.store.set_joined, table.id, now)
            table.active_written = now

    async def close(self, table: Table, status: str, reason: Callable[[], str]) -> None:
        """Close a table in play as ``"abandoned"`` or ``"closed"`` (by its creator): no more
        moves; every subscriber hears ``reason()`` in its language (:func:`closed_by_creator`,
        :func:`nobody_joined`, :func:`nothing_happened`). The table stays, for its record and
        replay.

        :raises StorageFailed: if the file did not take the new status; the table is then
            still in play.
        """
        async with table.lock:
            if not table.in_play:
                return
            await self._write(self.store.set_status, table.id, status)
            table.closed = status
            self._run_timer(table)
            table.announce_closed(reason)
            with use_language(DEFAULT_LANGUAGE):  # the log is in English
                log.info("table %s: %s: %s", table.id, status, reason())

    async def sweep(self) -> None:
        """Close as abandoned every table in play with seats for people that nobody joined
        within the join timeout, and every one where nothing happened for the idle
        timeout."""
        now = self.clock()
        limits = self.limits
        for table in list(self.tables.values()):
            if not table.in_play:
                continue
            nobody = table.has_people and table.joined_at is None
            if nobody and now - table.created_at >= limits.join_timeout:
                reason = functools.partial(nobody_joined, limits.join_timeout)
                with contextlib.suppress(StorageFailed):
                    await self.close(table, "abandoned", reason)
                continue
            if now - table.active_at >= limits.idle_timeout:
                reason = functools.partial(nothing_happened, limits.idle_timeout)
                with contextlib.suppress(StorageFailed):
                    await self.close(table, "abandoned", reason)

    async def _sweeper(self) -> None:
        """Sweep now and then: a quarter of the shorter timeout, at most every minute."""
        interval = min(60.0, max(0.05, min(self.limits.join_timeout, self.limits.idle_timeout) / 4))
        while True:
            await asyncio.sleep(interval)
            try:
                await self.sweep()
            except Exception:
                log.exception("closing abandoned tables failed")

    async def play(
        self, table: Table, seat: int, move: Any = None, text: str | None = None
    ) -> None:
        """Make ``seat``'s move on ``table``: the move itself, or the one ``text`` names
        (read by the game's ``parse_move``). Once the engine has taken it and it is
        committed, every subscriber hears of it, and bots whose turn it is think.

        :raises MoveRefused: for a move the seat may not make now, with the error code
            (``storage`` if the file did not take it: the table is then as it was).
        """
        async with table.lock:
            game, state = table.game, table.state
            if table.closed is not None:
                raise MoveRefused(
                    "closed", _("the table is closed ({status})").format(status=table.closed)
                )
            if game.is_over(state):
                raise MoveRefused("game-over", _("the game is over"))
            to_act = game.players_to_act(state)
            names = table.names
            if seat not in to_act:
                acting = ", ".join(names[other] for other in to_act)
                raise MoveRefused(
                    "not-your-turn", _("it is not your turn; to act: {names}").format(names=acting)
                )
            if text is not None:
                try:
                    move = game.parse_move(state, seat, text)
                except IllegalMoveError as exc:
                    raise MoveRefused("illegal-move", _illegal(exc, names, seat)) from None
                except ValueError as exc:
                    raise MoveRefused("invalid-move", str(exc)) from None
            mover = game.player_of(move)
            if mover != seat:
                raise MoveRefused(
                    "not-your-turn",
                    _("that move is {other}'s; you play {you}").format(
                        other=names[mover], you=names[seat]
                    )
                    if 0 <= mover < len(names)
                    else _("that move is of no seat of this table; you play {you}").format(
                        you=names[seat]
                    ),
                )
            if move not in game.legal_moves(state, seat):
                try:
                    game.apply_move(state, move)
                except IllegalMoveError as exc:
                    raise MoveRefused("illegal-move", _illegal(exc, names, seat)) from None
                except ValueError as exc:
                    raise MoveRefused("illegal-move", str(exc)) from None
                raise MoveRefused(
                    "illegal-move",
                    _("{move} is not a legal move now").format(move=quote(game.move_text(move))),
                )
            taken = table.timer.take_back(seat)  # acting yourself takes control back
            try:
                await self._commit(table, move)
            except StorageFailed as exc:
                if taken:
                    table.timer.by_bot.add(seat)
                raise MoveRefused(
                    "storage",
                    _("the move was not saved ({reason}), so it was not made: try again").format(
                        reason=exc
                    ),
                ) from None
        self.schedule_bots(table)

    async def _commit(self, table: Table, move: Any) -> None:
        """Apply a legal ``move`` (the table's lock held), write it, then tell everyone.

        :raises StorageFailed: if the file did not take it (the table is unchanged).
        """
        before = table.state
        after = table.game.apply_move(before, move)
        over = bool(table.game.is_over(after))
        now = self.clock()
        stamp = over or now - table.active_written >= ACTIVE_EVERY
        await self._write(
            self.store.add_move,
            table.id,
            len(table.moves),
            move.to_dict(),
            at=now if stamp else None,
            over=over,
        )
        table.state = after
        table.active_at = now
        if stamp:
            table.active_written = now
        table.moves.append(move)
        table.recent.append((before, move))
        table.broadcast(before, move)
        self._run_timer(table)
        if over:
            log.info("table %s: the game is over after %d moves", table.id, len(table.moves))

    def _run_timer(self, table: Table) -> None:
        """Start and stop the seats' move times for the table as it stands now (all stopped
        once it is no longer in play) and tell every subscriber (:mod:`sticheln.web.timer`)."""
        if not table.timer.on:
            return
        if table.in_play:
            people = [seat for seat, kind in enumerate(table.row.seats) if kind == "human"]
            table.timer.update(
                table.game.players_to_act(table.state),
                people,
                lambda seat, deadline: self._spawn(self._time_out(table, seat, deadline)),
            )
        else:
            table.timer.stop()
        table.announce_clock()

    async def _time_out(self, table: Table, seat: int, deadline: float) -> None:
        """The time of ``seat`` ran out at ``deadline``: the game's default bot plays it from
        now on, unless the seat moved (or the table ended) while this waited for the lock."""
        async with table.lock:
            if not table.in_play or not table.timer.hand_to_bot(seat, deadline):
                return
            log.info(
                "table %s: seat %d ran out of time; a bot plays it", table.id, seat_number(seat)
            )
            table.announce_clock()
        self.schedule_bots(table)

    async def take_back(self, table: Table, seat: int) -> bool:
        """Give ``seat``, which a bot plays since its time ran out, back to its player (its
        time starts again if it is to act; the bot's move being chosen is not made, and
        every subscriber hears the new ``clock``); whether a bot played it."""
        async with table.lock:
            if not table.timer.take_back(seat):
                return False
            log.info("table %s: seat %d takes control back", table.id, seat_number(seat))
            self._run_timer(table)
            return True

    def schedule_bots(self, table: Table) -> None:
        """Start a bot turn for every seat a bot plays that is to act and not thinking
        yet."""
        if not table.in_play:
            return
        for seat in table.game.players_to_act(table.state):
            if table.played_by_bot(seat) and seat not in table.thinking:
                table.thinking.add(seat)
                self._spawn(self._bot_turn(table, seat))

    async def _bot_turn(self, table: Table, seat: int) -> None:
        """Let the bot of ``seat`` choose in the bots' threads, then make its move like a
        person's; it chooses again if the state changed so that its move is no longer
        legal, and tries again, waiting longer each time, while the file does not take it."""
        loop = asyncio.get_running_loop()
        game = table.game
        wait = BOT_RETRY_FIRST
        try:
            while (
                table.in_play
                and seat in game.players_to_act(table.state)
                and table.played_by_bot(seat)
            ):
                state, number = table.state, len(table.moves)
                view = game.observe(state, seat)
                moves = game.legal_moves(state, seat)
                rng = random.Random(f"{table.row.seed}/{seat}/{number}")
                try:
                    move = await loop.run_in_executor(
                        self._bot_pool, table.bot_of(seat).choose, view, moves, rng
                    )
                except RuntimeError:  # the pool was shut down
                    return
                except Exception:
                    log.exception(
                        "table %s: the bot of seat %d failed; it plays at random",
                        table.id,
                        seat_number(seat),
                    )
                    move = rng.choice(moves)
                async with table.lock:
                    if not table.played_by_bot(seat):  # its player took control back
                        return
                    if table.state is not state and (
                        not table.in_play or move not in game.legal_moves(table.state, seat)
                    ):
                        continue
                    if table.closed is not None or table.over:
                        return
                    try:
                        await self._commit(table, move)
                    except StorageFailed:
                        failed = True
                    else:
                        failed = False
                if failed:
                    log.warning(
                        "table %s: the move of the bot of seat %d was not saved; it tries "
                        "again in %.2g s",
                        table.id,
                        seat_number(seat),
                        wait,
                    )
                    await asyncio.sleep(wait)
                    wait = min(BOT_RETRY_MOST, wait * 2)
                    continue
                break
        except Exception:
            log.exception(
                "table %s: the move of the bot of seat %d was lost", table.id, seat_number(seat)
            )
            return
        finally:
            table.thinking.discard(seat)
        self.schedule_bots(table)

    def start_analysis(self, table: Table, seat: int, client: str) -> AnalysisJob:
        """The analysis of ``seat`` of ``table`` (no longer in play), started now in a
        process of its own unless the table has it already.

        :raises AnalysisRefused: beyond the limits of analyses running at once.
        """
        job, new = self.analyses.start(table, seat, client)
        if new:
            self._spawn(self.analyses.run(table, job))
        return job

    async def replay(self, table: Table) -> dict[str, Any]:
        """The replay document of a table no longer in play (made once, off the event
        loop)."""
        if table.replay is None:
            loop = asyncio.get_running_loop()
            table.replay = await loop.run_in_executor(
                None,
                replay_document,
                table.game,
                table.row.players,
                table.row.seed,
                table.names,
                list(table.moves),
            )
        return table.replay

    async def replay_index(self, table: Table) -> dict[str, Any]:
        """The light half of every frame of the replay of a table no longer in play (made
        once, off the event loop): :func:`~sticheln.web.replay.replay_index`."""
        if table.replay_index is None:
            loop = asyncio.get_running_loop()
            table.replay_index = await loop.run_in_executor(
                None,
                replay_index,
                table.game,
                table.row.players,
                table.row.seed,
                table.names,
                list(table.moves),
            )
        return table.replay_index

    async def replay_frames(self, table: Table, start: int, count: int) -> dict[str, Any]:
        """The heavy half of ``count`` frames of the replay from frame ``start`` (made off
        the event loop each time: :func:`~sticheln.web.replay.replay_frames`)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            None,
            functools.partial(
                replay_frames,
                table.game,
                table.row.players,
                table.row.seed,
                list(table.moves),
                start=start,
                count=count,
            ),
        )


def _duration(seconds: float) -> str:
    """``1 hour``, ``24 hours``, ``90 seconds``: a timeout as people say it, in the current
    language."""
    if seconds >= 3600 and seconds % 3600 == 0:
        count = int(seconds // 3600)
        return ngettext("{count} hour", "{count} hours", count).format(count=count)
    if seconds >= 60 and seconds % 60 == 0:
        count = int(seconds // 60)
        return ngettext("{count} minute", "{count} minutes", count).format(count=count)
    return ngettext("{count} second", "{count} seconds", 1 if seconds == 1 else 2).format(
        count=f"{seconds:g}"
    )


def closed_by_creator() -> str:
    """Why a table its creator closed was closed, in the current language."""
    return _("its creator closed the table")


def nobody_joined(seconds: float) -> str:
    """Why a table nobody joined within ``seconds`` was closed, in the current language."""
    return _("nobody joined within {duration}").format(duration=_duration(seconds))


def nothing_happened(seconds: float) -> str:
    """Why a table where nothing happened for ``seconds`` was closed, in the current
    language."""
    return _("nothing happened for {duration}").format(duration=_duration(seconds))
