"""The chat of a table: short lines between its seats, over the table's websocket.

A seat sends ``{"type": "chat", "text": ...}``; every connection of the table (seats and
spectators) gets ``{"type": "chat", "lines": [{"seat", "name", "text"}]}``. Spectators read
the chat but may not write in it: a spectator link is public (anyone with the table's link
watches), so a chat open to spectators would be open to anyone, while the seats are the
people the creator invited.

A line is cleaned before it is shown to anyone: control and format characters (line breaks,
bidirectional overrides, zero-width characters) are dropped and runs of spaces become one.
It may have at most :attr:`~sticheln.web.limits.Limits.chat_length` characters, and one
connection may send :attr:`~sticheln.web.limits.Limits.chat_lines` of them within
:attr:`~sticheln.web.limits.Limits.chat_window` seconds. The page shows a line as text,
never as HTML.

The chat is kept in memory with its table, its last :data:`HISTORY` lines sent to a seat or
spectator that joins; it is never written to the SQLite file, so it is gone when the server
stops.

>>> clean_line("  hello\\u202e\\n  there\\x00 ")
'hello there'
"""

from __future__ import annotations

import math
import unicodedata
from collections import deque
from typing import Any

from sticheln.core.i18n import gettext as _
from sticheln.web.limits import Limits

__all__ = ["HISTORY", "ChatLog", "ChatRate", "ChatRefused", "chat_text", "clean_line"]

HISTORY = 100
"""The chat lines a table keeps (the last ones), sent to whoever joins it."""

_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co"})
"""The Unicode categories dropped from a line: control, format, surrogate, private use."""


class ChatRefused(Exception):
    """A chat line the table did not take, with the error code and message for the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def clean_line(text: str) -> str:
    """``text`` without control and format characters, its runs of white space made one
    space, without leading or trailing space."""
    kept = "".join(
        " " if char.isspace() else char
        for char in text
        if char.isspace() or unicodedata.category(char) not in _DROPPED
    )
    return " ".join(kept.split())


def chat_text(value: object, limits: Limits) -> str:
    """The line a seat sent as ``value``, cleaned (:func:`clean_line`).

    :raises ChatRefused: ``bad-message`` for a value that is not text or nothing once
        cleaned, ``too-long`` for a line longer than the limit.
    """
    if not isinstance(value, str):
        kind = "null" if value is None else type(value).__name__
        raise ChatRefused(
            "bad-message", _('a chat message\'s "text" must be text, not {kind}').format(kind=kind)
        )
    if len(value) > 4 * limits.chat_length:  # not worth cleaning
        raise ChatRefused(
            "too-long",
            _("a chat line has at most {limit} characters").format(limit=limits.chat_length),
        )
    line = clean_line(value)
    if not line:
        raise ChatRefused("bad-message", _("the chat line is empty"))
    if len(line) > limits.chat_length:
        raise ChatRefused(
            "too-long",
            _("a chat line has at most {limit} characters, not {length}").format(
                limit=limits.chat_length, length=len(line)
            ),
        )
    return line


class ChatRate:
    """The times of a connection's last chat lines, to hold it to
    :attr:`~sticheln.web.limits.Limits.chat_lines` lines a
    :attr:`~sticheln.web.limits.Limits.chat_window`."""

    def __init__(self, limits: Limits) -> None:
        self.lines = limits.chat_lines
        self.window = limits.chat_window
        self._times: deque[float] = deque()

    def take(self, now: float) -> None:
        """Count a line sent at ``now`` (monotonic seconds).

        :raises ChatRefused: ``too-fast`` if the connection sent its lines' worth within
            the window (the line is then not counted).
        """
        while self._times and now - self._times[0] >= self.window:
            self._times.popleft()
        if len(self._times) >= self.lines:
            wait = max(1, math.ceil(self.window - (now - self._times[0])))
            raise ChatRefused(
                "too-fast",
                _("at most {lines} chat lines in {window} seconds: wait {wait} s").format(
                    lines=self.lines, window=f"{self.window:g}", wait=wait
                ),
            )
        self._times.append(now)


class ChatLog:
    """The last :data:`HISTORY` chat lines of a table, each with its seat and the seat's
    name as people read it."""

    def __init__(self) -> None:
        self.lines: deque[dict[str, Any]] = deque(maxlen=HISTORY)
        """The lines, oldest first."""

    def add(self, seat: int, name: str, text: str) -> dict[str, Any]:
        """Keep a line and return it as the ``chat`` message carries it."""
        line = {"seat": seat, "name": name, "text": text}
        self.lines.append(line)
        return line

    def history(self) -> list[dict[str, Any]]:
        """The lines kept, oldest first."""
        return list(self.lines)
