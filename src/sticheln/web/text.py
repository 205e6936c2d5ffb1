"""Short, single-line texts for error messages, whatever the client sent.

>>> one_line("a\\n  b", 300)
'a b'
>>> len(one_line("x" * 1000, 300))
300
>>> quote("y" * 100)[-15:]
'yy… (102 chars)'
"""

from __future__ import annotations

__all__ = ["MAX_ERROR_LENGTH", "one_line", "quote"]

MAX_ERROR_LENGTH = 300
"""The most characters of an error message the server sends."""


def one_line(text: object, limit: int = MAX_ERROR_LENGTH) -> str:
    """``text`` on one line (runs of white space made single spaces), cut to ``limit``
    characters with an ellipsis."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def quote(value: object, limit: int = 40) -> str:
    """A short quotation of a value a client sent: its JSON-like ``repr``, cut to about
    ``limit`` characters."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} chars)"
