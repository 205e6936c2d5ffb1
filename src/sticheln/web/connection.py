"""One websocket of a table: read the client's messages, answer each one, and send the
table's messages in order through a queue of its own.

Every message the client sends gets an answer or an effect; a bad one (not JSON, too large,
of an unknown type, a move the seat may not make) gets an ``error`` reply, and the
connection stays open.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from sticheln.web.limits import Limits
from sticheln.web.messages import error_message
from sticheln.web.tables import MoveRefused, Table, TableManager
from sticheln.web.text import quote

__all__ = ["MAX_QUEUED", "POLICY_VIOLATION", "Client", "serve_websocket"]

log = logging.getLogger("sticheln.web")

MAX_QUEUED = 2000
"""The most messages waiting for a client; a client that falls further behind is closed."""

POLICY_VIOLATION = 1008
"""The websocket close code for a client that reads too slowly."""

_TYPES = ("join", "move", "ping")


class Client:
    """A websocket's side of a table: its seat once joined, and its queue of messages."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        """The connection."""
        self.seat: int | None = None
        """The seat joined, or ``None`` for a spectator (or before joining)."""
        self.joined = False
        """Whether the client has joined, as a seat or a spectator."""
        self.too_slow = False
        """Whether the client fell :data:`MAX_QUEUED` messages behind (and is closed)."""
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._closed = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client with too many messages waiting is closed."""
        if self._closed:
            return
        if self._queue.qsize() >= MAX_QUEUED:
            log.warning("closing a websocket that reads too slowly")
            self.too_slow = True
            self.close()
            return
        self._queue.put_nowait(json.dumps(message, separators=(",", ":")))

    def close(self) -> None:
        """Stop sending: the writer ends after the messages already queued."""
        if not self._closed:
            self._closed = True
            self._queue.put_nowait(None)

    async def write(self) -> None:
        """Send the queued messages until :meth:`close` (or the client goes away)."""
        try:
            while (text := await self._queue.get()) is not None:
                await self.websocket.send_text(text)
            if self.too_slow:
                await self.websocket.close(code=POLICY_VIOLATION, reason="reading too slowly")
        except (WebSocketDisconnect, RuntimeError, OSError):
            self._closed = True


async def serve_websocket(websocket: WebSocket, table: Table, manager: TableManager) -> None:
    """Serve one client of ``table`` until it goes away (the websocket accepted already and
    counted by the caller)."""
    client = Client(websocket)
    writer = asyncio.get_running_loop().create_task(client.write())
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            await _handle(client, table, manager, message.get("text"), message.get("bytes"))
    except WebSocketDisconnect:
        pass
    finally:
        table.subscribers.discard(client)
        client.close()
        await writer


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
        _join(client, table, message)
    elif kind == "move":
        await _move(client, table, manager, message)
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


def _join(client: Client, table: Table, message: dict[str, Any]) -> None:
    """Join as the seat of the message's token, or as a spectator without one."""
    token = message.get("token")
    if token is None:
        seat = None
    elif not isinstance(token, str):
        client.send(error_message("bad-token", "the token must be text, or null to watch"))
        return
    else:
        seat = table.seat_of(token)
        if seat is None:
            client.send(error_message("bad-token", "no seat of this table has that token"))
            return
    table.subscribers.discard(client)
    client.seat = seat
    client.joined = True
    table.subscribers.add(client)
    table.welcome(client)


async def _move(
    client: Client, table: Table, manager: TableManager, message: dict[str, Any]
) -> None:
    """Make the move of the message for the client's seat, or say why not."""
    if not client.joined:
        client.send(error_message("not-joined", "join the table before moving"))
        return
    if client.seat is None:
        client.send(error_message("spectator", "spectators watch; they cannot move"))
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
