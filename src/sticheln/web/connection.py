"""One websocket of a table: read the client's messages, answer each one, and send the
table's messages in order through a queue of its own.

Every message the client sends gets an answer or an effect; a bad one (not JSON, too large,
of an unknown type, a move the seat may not make) gets an ``error`` reply, and the
connection stays open.

A client that reads more slowly than the table plays holds, at the most, the newest
``state`` (a waiting one is replaced: the newest is the one that matters) and
:attr:`~sticheln.web.limits.Limits.max_queued_bytes` of the other messages; past that it is
closed with code 1008.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from sticheln.core.i18n import LANGUAGES, use_language
from sticheln.core.i18n import gettext as _
from sticheln.web.chat import ChatRate, ChatRefused, chat_text
from sticheln.web.language import negotiate
from sticheln.web.limits import Limits
from sticheln.web.messages import error_message
from sticheln.web.tables import MoveRefused, Table, TableManager, client_key
from sticheln.web.text import quote

__all__ = ["POLICY_VIOLATION", "TOO_SLOW", "Client", "serve_websocket"]

log = logging.getLogger("sticheln.web")

POLICY_VIOLATION = 1008
"""The websocket close code for a client that reads too slowly."""

TOO_SLOW = "reading too slowly"
"""The reason of that close."""

_TYPES = ("join", "move", "ping", "rematch", "chat", "take-back")


class Client:
    """A websocket's side of a table: its seat once joined, and its queue of messages."""

    def __init__(
        self, websocket: WebSocket, max_queued_bytes: int, limits: Limits | None = None
    ) -> None:
        self.websocket = websocket
        """The connection."""
        self.seat: int | None = None
        """The seat joined, or ``None`` for a spectator (or before joining)."""
        self.language = negotiate(websocket.headers.get("accept-language"))
        """The language of the texts the client is sent: the one its ``join`` message
        names, else the one its ``Accept-Language`` header prefers."""
        self.joined = False
        """Whether the client has joined, as a seat or a spectator."""
        self.too_slow = False
        """Whether the client fell too far behind (and is closed)."""
        self.max_queued_bytes = max_queued_bytes
        """The most bytes of messages other than ``state`` that may wait."""
        self.queued_bytes = 0
        """The bytes of the messages other than ``state`` waiting now."""
        self.chat_rate = ChatRate(limits or Limits())
        """The times of the chat lines it sent (:mod:`sticheln.web.chat`)."""
        # (kind, JSON): "state" (a state a newer one replaces), "first" (the state right after
        # a welcome, which is never replaced) or "other" (counted in queued_bytes).
        self._queue: deque[tuple[str, str]] = deque()
        self._last_type: object = None
        self._ready = asyncio.Event()
        self._closed = False
        self._writer: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``, replacing a ``state`` that has not been sent yet by a newer
        one (but for the state right after a ``welcome``, which always comes next); a client
        with too many bytes waiting is closed (code 1008)."""
        if self._closed:
            return
        text = json.dumps(message, separators=(",", ":"))
        after, self._last_type = self._last_type, message.get("type")
        if message.get("type") == "state":
            for index, (kind, _) in enumerate(self._queue):
                if kind == "state":
                    del self._queue[index]
                    break
            self._queue.append(("first" if after == "welcome" else "state", text))
        else:
            self.queued_bytes += len(text)  # ASCII: json.dumps escapes everything else
            # One message alone always waits, however large (a welcome with its history).
            if self.queued_bytes > self.max_queued_bytes and self.queued_bytes > len(text):
                self._drop()
                return
            self._queue.append(("other", text))
        self._ready.set()

    def _drop(self) -> None:
        """Close a client that fell too far behind: forget what waits for it, stop the
        writer (which may wait for the client to read) and close with code 1008."""
        log.warning("closing a websocket that reads too slowly")
        self.too_slow = True
        self._closed = True
        self._queue.clear()
        self.queued_bytes = 0
        if self._writer is not None:
            self._writer.cancel()
        self._closer = asyncio.get_running_loop().create_task(self._close_too_slow())

    async def _close_too_slow(self) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await self.websocket.close(code=POLICY_VIOLATION, reason=TOO_SLOW)

    def close(self) -> None:
        """Stop sending: the writer ends after the messages already queued."""
        if not self._closed:
            self._closed = True
            self._ready.set()

    def start_writer(self) -> asyncio.Task[None]:
        """Start the task that sends the queued messages."""
        self._writer = asyncio.get_running_loop().create_task(self.write())
        return self._writer

    async def write(self) -> None:
        """Send the queued messages until :meth:`close` (or the client goes away)."""
        try:
            while True:
                while not self._queue:
                    if self._closed:
                        return
                    self._ready.clear()
                    await self._ready.wait()
                kind, text = self._queue.popleft()
                if kind == "other":
                    self.queued_bytes -= len(text)
                await self.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self._closed = True


async def serve_websocket(websocket: WebSocket, table: Table, manager: TableManager) -> None:
    """Serve one client of ``table`` until it goes away (the websocket accepted already and
    counted by the caller)."""
    client = Client(websocket, manager.limits.max_queued_bytes, manager.limits)
    writer = client.start_writer()
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            with use_language(client.language):
                await _handle(client, table, manager, message.get("text"), message.get("bytes"))
    except WebSocketDisconnect:
        pass
    finally:
        table.subscribers.discard(client)
        client.close()
        await asyncio.wait([writer])  # it ends by itself, or was stopped (a slow reader)


async def _handle(
    client: Client, table: Table, manager: TableManager, text: str | None, data: bytes | None
) -> None:
    """Answer one message of the client."""
    limits: Limits = manager.limits
    if text is None:
        size = len(data or b"")
        if size > limits.max_message_bytes:
            client.send(_too_large(size, limits))
        else:
            client.send(error_message("bad-message", "send JSON text frames, not binary ones"))
        return
    size = (
        len(text) if len(text) > limits.max_message_bytes else len(text.encode("utf-8", "replace"))
    )
    if size > limits.max_message_bytes:
        client.send(_too_large(size, limits))
        return
    try:
        message = json.loads(text)
    except json.JSONDecodeError as exc:
        client.send(error_message("bad-json", f"not JSON: {exc.msg} at character {exc.pos}"))
        return
    except ValueError as exc:  # a number of too many digits
        client.send(error_message("bad-json", f"not JSON this server reads: {exc}"))
        return
    except RecursionError:
        client.send(error_message("bad-json", "not JSON this server reads: nested too deeply"))
        return
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        client.send(
            error_message("bad-message", 'a message must be a JSON object with a "type" text')
        )
        return
    kind = message["type"]
    if kind == "ping":
        client.send({"type": "pong"})
    elif kind == "join":
        await _join(client, table, manager, message)
    elif kind == "move":
        await _move(client, table, manager, message)
    elif kind == "rematch":
        await _rematch(client, table, manager)
    elif kind == "chat":
        _chat(client, table, manager, message)
    elif kind == "take-back":
        await _take_back(client, table, manager)
    else:
        client.send(
            error_message(
                "bad-message", f"unknown message type {quote(kind)}; types: {', '.join(_TYPES)}"
            )
        )


def _too_large(size: int, limits: Limits) -> dict[str, Any]:
    """The error for a message of ``size`` bytes."""
    return error_message(
        "too-large", f"a message of {size} bytes; at most {limits.max_message_bytes} are read"
    )


async def _join(
    client: Client, table: Table, manager: TableManager, message: dict[str, Any]
) -> None:
    """Join as the seat of the message's token, or as a spectator without one, hearing the
    texts in the message's ``language`` if it names one."""
    language = message.get("language", client.language)
    if language not in LANGUAGES:
        client.send(
            error_message(
                "bad-message",
                f'"language" must be one of {", ".join(LANGUAGES)}, not {quote(language)}',
            )
        )
        return
    token = message.get("token")
    if token is None:
        seat = None
    elif not isinstance(token, str):
        client.send(error_message("bad-token", "the token must be text, or null to watch"))
        return
    else:
        seat = table.seat_of(token)
        if seat is None:
            client.send(error_message("bad-token", _("no seat of this table has that token")))
            return
    client.language = language
    table.subscribers.discard(client)
    client.seat = seat
    client.joined = True
    table.subscribers.add(client)
    table.welcome(client)
    await manager.joined(table, seat)


async def _move(
    client: Client, table: Table, manager: TableManager, message: dict[str, Any]
) -> None:
    """Make the move of the message for the client's seat, or say why not."""
    if not client.joined:
        client.send(error_message("not-joined", _("join the table before moving")))
        return
    if client.seat is None:
        client.send(error_message("spectator", _("spectators watch; they cannot move")))
        return
    given, text = message.get("move"), message.get("text")
    if (given is None) == (text is None):
        client.send(
            error_message("bad-message", 'a move message gives either "move" (a move) or "text"')
        )
        return
    move = None
    if text is not None:
        if not isinstance(text, str):
            client.send(error_message("bad-message", f'"text" must be text, not {quote(text)}'))
            return
    else:
        try:
            move = table.game.move_from_dict(given)
        except (ValueError, TypeError, LookupError) as exc:  # WireError is a ValueError
            client.send(error_message("invalid-move", f"not a move: {exc}"))
            return
    try:
        await manager.play(table, client.seat, move=move, text=text)
    except MoveRefused as refused:
        client.send(error_message(refused.code, refused.message))


async def _rematch(client: Client, table: Table, manager: TableManager) -> None:
    """Make the rematch of the finished game for the client's seat, or send the link of the
    one made already."""
    if not client.joined:
        client.send(error_message("not-joined", _("join the table before asking for a rematch")))
        return
    if client.seat is None:
        client.send(error_message("spectator", _("spectators watch; a seat asks for a rematch")))
        return
    made = table.rematch
    address = client.websocket.client.host if client.websocket.client else None
    try:
        rematch = await manager.rematch(table, client.seat, client_key(address))
    except MoveRefused as refused:
        client.send(error_message(refused.code, refused.message))
        return
    if made is not None:  # a new one is told to everyone already
        client.send(rematch.message(client.seat))


def _chat(client: Client, table: Table, manager: TableManager, message: dict[str, Any]) -> None:
    """Send the seat's chat line to every connection of its table (and keep it with the
    table), or say why not: :mod:`sticheln.web.chat`."""
    if not client.joined:
        client.send(error_message("not-joined", _("join the table before chatting")))
        return
    seat = client.seat
    if seat is None:
        client.send(
            error_message("spectator", _("spectators read the chat; the seats write in it"))
        )
        return
    try:
        text = chat_text(message.get("text"), manager.limits)
        client.chat_rate.take(time.monotonic())
    except ChatRefused as refused:
        client.send(error_message(refused.code, refused.message))
        return
    line = table.chat.add(seat, table.names[seat], text)
    for subscriber in list(table.subscribers):
        subscriber.send({"type": "chat", "lines": [line]})


async def _take_back(client: Client, table: Table, manager: TableManager) -> None:
    """Give the client's seat, which a bot plays since its time ran out, back to it; the
    ``clock`` message that follows says who a bot plays."""
    if not client.joined:
        client.send(error_message("not-joined", _("join the table before taking a seat back")))
        return
    if client.seat is None:
        client.send(error_message("spectator", _("spectators watch; a seat takes itself back")))
        return
    if not table.timer.on:
        client.send(error_message("no-timer", _("this table has no move timer")))
        return
    if not await manager.take_back(table, client.seat):  # no bot played it: say so
        message = table.clock_message()
        if message is not None:
            client.send(message)
