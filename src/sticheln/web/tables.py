"""The tables the server holds: each one's full state, seats, tokens and subscribers, and the
one path every move takes (checked by the engine, committed to SQLite, then sent).

A :class:`TableManager` runs on the event loop. It never blocks it: the SQLite file is used
from one thread of its own, bots think in a bounded pool of threads, and an
:class:`asyncio.Lock` per table puts the moves of its seats (people and bots, who may act in
any order when several seats are to act) one after the other.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import hmac
import logging
import random
import secrets
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol, TypeVar

from sticheln import IllegalMoveError, find_game
from sticheln.bots import Bot, make_bot
from sticheln.core.protocol import Game
from sticheln.web.limits import Limits
from sticheln.web.messages import events_message, seat_names, state_message
from sticheln.web.replay import replay_document
from sticheln.web.store import Store, TableRow
from sticheln.web.text import quote
from sticheln.web.validate import TableRequest

__all__ = ["MoveRefused", "Subscriber", "Table", "TableFull", "TableManager", "hash_token"]

log = logging.getLogger("sticheln.web")

T = TypeVar("T")

HISTORY = 60
"""The moves whose events a client gets when it joins (``welcome``'s ``history``), so that a
page loaded mid-game shows what just happened: the last trick and why it went where it did."""


class Subscriber(Protocol):
    """A connection that hears a table's messages: a seat's, or a spectator's (``None``)."""

    seat: int | None

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
    """The server holds as many tables as its limits allow."""


def hash_token(token: str) -> str:
    """The SHA-256 of a join token, in hex: what the server keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Table:
    """One game being played (or over): its row, its state after its moves, its bots, and the
    connections that follow it."""

    def __init__(self, row: TableRow, game: Game[Any, Any, Any], state: Any, moves: list[Any]):
        self.row = row
        """What the SQLite file keeps of the table."""
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
        """The replay document, once made (the game being over)."""
        self.recent: deque[tuple[Any, Any]] = deque(maxlen=HISTORY)
        """The last :data:`HISTORY` moves, each with the state it was made in."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.is_over(self.state))

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

    def public_info(self) -> dict[str, Any]:
        """What anyone may know of the table (no token, no hidden card)."""
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
            "to_act": list(self.game.players_to_act(self.state)),
            "winners": list(self.game.winners(self.state)),
            "created": self.row.created,
            "spectator": f"/table/{self.id}",
            "replay": f"/replay/{self.id}",
        }

    def welcome(self, subscriber: Subscriber) -> None:
        """Send ``welcome`` (with the ``events`` messages of the last moves, as the seat saw
        them) and the current ``state`` to a connection that has joined."""
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
            }
        )
        subscriber.send(state_message(self.game, self.state, len(self.moves), subscriber.seat))

    def broadcast(self, before: Any, move: Any) -> None:
        """Send every subscriber the ``events`` of ``move`` (made in ``before``) and the new
        ``state``, each as its seat sees them."""
        number = len(self.moves)
        made: dict[int | None, tuple[dict[str, Any], dict[str, Any]]] = {}
        for subscriber in list(self.subscribers):
            seat = subscriber.seat
            if seat not in made:
                made[seat] = (
                    events_message(self.game, before, move, number, seat),
                    state_message(self.game, self.state, number, seat),
                )
            events, state = made[seat]
            subscriber.send(events)
            subscriber.send(state)


def _illegal(error: IllegalMoveError) -> str:
    """What a person reads of an illegal move: the move as the game words it and the reason
    (without the value's representation that the library's message adds for programmers)."""
    if error.move is None or error.reason == str(error):
        return str(error)
    return f"illegal move {error.move}: {error.reason}"


def _rebuild(row: TableRow, moves: list[dict[str, Any]]) -> Table:
    """The table of ``row``, its moves replayed from the start."""
    game = find_game(row.game, row.preset)
    state = game.new_game(row.players, seed=row.seed)
    played = []
    recent: deque[tuple[Any, Any]] = deque(maxlen=HISTORY)
    for data in moves:
        move = game.move_from_dict(data)
        recent.append((state, move))
        state = game.apply_move(state, move)
        played.append(move)
    table = Table(row, game, state, played)
    table.recent = recent
    return table


class TableManager:
    """Every table of the server, the SQLite file that keeps them, and the bots' threads."""

    def __init__(self, db_path: Path, limits: Limits) -> None:
        self.db_path = db_path
        """The SQLite file."""
        self.limits = limits
        """The server's limits."""
        self.tables: dict[str, Table] = {}
        """The tables by id, in the order they were made."""
        self.connections = 0
        """The open websockets of the server."""
        self._store: Store | None = None
        # Made again by start(); an executor starts no thread before it is used.
        self._db = ThreadPoolExecutor(max_workers=1)
        self._bot_pool = ThreadPoolExecutor(max_workers=1)
        self._tasks: set[asyncio.Task[None]] = set()
        self._creating = 0

    async def _in_db(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run ``function`` on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: function(*args, **kwargs))

    @property
    def store(self) -> Store:
        """The open SQLite file (:meth:`start` opens it)."""
        if self._store is None:
            raise RuntimeError("the table manager has not been started")
        return self._store

    async def start(self) -> None:
        """Open the SQLite file, rebuild every table from its moves, and let the bots whose
        turn it is move. A manager that was stopped may be started again."""
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sticheln-db")
        self._bot_pool = ThreadPoolExecutor(
            max_workers=self.limits.bot_threads, thread_name_prefix="sticheln-bot"
        )
        self.tables = {}
        self._store = await self._in_db(Store, self.db_path)
        loaded = await self._in_db(self.store.load)
        for row, moves in loaded:
            try:
                table = await self._in_db(_rebuild, row, moves)
            except (ValueError, LookupError, TypeError) as exc:
                log.error("table %s cannot be rebuilt from its moves: %s", row.id, exc)
                continue
            self.tables[table.id] = table
        log.info("loaded %d tables from %s", len(self.tables), self.db_path)
        for table in self.tables.values():
            self.schedule_bots(table)

    async def stop(self) -> None:
        """Stop the bots and close the SQLite file."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self._bot_pool.shutdown(wait=False, cancel_futures=True)
        if self._store is not None:
            await self._in_db(self._store.close)
            self._store = None
        self._db.shutdown(wait=True)

    async def create(self, request: TableRequest) -> tuple[Table, list[str | None]]:
        """Make, write and start a table; return it with each seat's join token (``None``
        for a bot seat). The tokens are given out once: only their hashes are kept.

        :raises TableFull: if as many tables are in play as the limits allow.
        """
        playing = sum(1 for table in self.tables.values() if not table.over)
        if playing + self._creating >= self.limits.max_tables:
            raise TableFull(f"{playing} tables are in play, the server's limit")
        self._creating += 1
        try:
            table_id = secrets.token_urlsafe(9)
            while table_id in self.tables:
                table_id = secrets.token_urlsafe(9)
            tokens = [
                secrets.token_urlsafe(24) if kind == "human" else None for kind in request.seats
            ]
            seed = random.SystemRandom().randrange(2**32) if request.seed is None else request.seed
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
                created=datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds"),
            )
            state = request.game.new_game(request.players, seed=seed)
            table = Table(row, request.game, state, [])
            await self._in_db(self.store.add_table, row)
        finally:
            self._creating -= 1
        self.tables[table.id] = table
        log.info(
            "table %s: %s (%s), %d players, seats %s",
            table.id,
            row.game,
            row.preset,
            row.players,
            ", ".join(row.seats),
        )
        self.schedule_bots(table)
        return table, tokens

    async def play(
        self, table: Table, seat: int, move: Any = None, text: str | None = None
    ) -> None:
        """Make ``seat``'s move on ``table``: the move itself, or the one ``text`` names
        (read by the game's ``parse_move``). Once the engine has taken it and it is
        committed, every subscriber hears of it, and bots whose turn it is think.

        :raises MoveRefused: for a move the seat may not make now, with the error code.
        """
        async with table.lock:
            game, state = table.game, table.state
            if game.is_over(state):
                raise MoveRefused("game-over", "the game is over")
            to_act = game.players_to_act(state)
            if seat not in to_act:
                raise MoveRefused(
                    "not-your-turn",
                    f"it is not seat {seat}'s turn; to act: {', '.join(map(str, to_act))}",
                )
            if text is not None:
                try:
                    move = game.parse_move(state, seat, text)
                except IllegalMoveError as exc:
                    raise MoveRefused("illegal-move", _illegal(exc)) from None
                except ValueError as exc:
                    raise MoveRefused("invalid-move", str(exc)) from None
            mover = game.player_of(move)
            if mover != seat:
                raise MoveRefused(
                    "not-your-turn", f"that move is seat {mover}'s; you play seat {seat}"
                )
            if move not in game.legal_moves(state, seat):
                try:
                    game.apply_move(state, move)
                except IllegalMoveError as exc:
                    raise MoveRefused("illegal-move", _illegal(exc)) from None
                except ValueError as exc:
                    raise MoveRefused("illegal-move", str(exc)) from None
                raise MoveRefused(
                    "illegal-move", f"{quote(game.move_text(move))} is not a legal move now"
                )
            await self._commit(table, move)
        self.schedule_bots(table)

    async def _commit(self, table: Table, move: Any) -> None:
        """Apply a legal ``move`` (the table's lock held), write it, then tell everyone."""
        before = table.state
        after = table.game.apply_move(before, move)
        over = bool(table.game.is_over(after))
        await self._in_db(
            self.store.add_move, table.id, len(table.moves), move.to_dict(), over=over
        )
        table.state = after
        table.moves.append(move)
        table.recent.append((before, move))
        table.broadcast(before, move)
        if over:
            log.info("table %s: the game is over after %d moves", table.id, len(table.moves))

    def schedule_bots(self, table: Table) -> None:
        """Start a bot turn for every bot seat that is to act and not thinking yet."""
        if table.over:
            return
        for seat in table.game.players_to_act(table.state):
            if seat in table.bots and seat not in table.thinking:
                table.thinking.add(seat)
                task = asyncio.get_running_loop().create_task(self._bot_turn(table, seat))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, table: Table, seat: int) -> None:
        """Let the bot of ``seat`` choose in the bots' threads, then make its move like a
        person's; it chooses again if the state changed so that its move is no longer
        legal."""
        loop = asyncio.get_running_loop()
        game = table.game
        try:
            while not table.over and seat in game.players_to_act(table.state):
                state, number = table.state, len(table.moves)
                view = game.observe(state, seat)
                moves = game.legal_moves(state, seat)
                rng = random.Random(f"{table.row.seed}/{seat}/{number}")
                try:
                    move = await loop.run_in_executor(
                        self._bot_pool, table.bots[seat].choose, view, moves, rng
                    )
                except RuntimeError:  # the pool was shut down
                    return
                except Exception:
                    log.exception(
                        "table %s: the bot of seat %d failed; it plays at random", table.id, seat
                    )
                    move = rng.choice(moves)
                async with table.lock:
                    if table.state is not state and (
                        table.over or move not in game.legal_moves(table.state, seat)
                    ):
                        continue
                    await self._commit(table, move)
                break
        except Exception:
            log.exception("table %s: the move of the bot of seat %d was lost", table.id, seat)
            return
        finally:
            table.thinking.discard(seat)
        self.schedule_bots(table)

    async def replay(self, table: Table) -> dict[str, Any]:
        """The replay document of a finished table (made once, off the event loop)."""
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
