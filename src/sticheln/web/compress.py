"""Gzip for the responses that can take it safely: the pages, the static files and the JSON
of ``GET`` requests.

Compression tells an eavesdropper something of a response's content by its length: a page
that holds a secret (a join token) beside text an attacker chose (a player's name) gives the
secret away a character at a time when it is compressed (the BREACH attack). Every secret
of the server goes out in a ``POST /api/tables`` answer (the seats' tokens and the creator's,
beside the names the request chose) or on a table's websocket (a seat's hand). Neither is
ever compressed here: only ``GET`` responses are, and none of those holds a secret (the
tables' public information, the rules, a finished game's record and replay, the page
files). Websockets are left as they are.

>>> compressed_method({"type": "http", "method": "GET"})
True
>>> compressed_method({"type": "http", "method": "POST"}), compressed_method({"type": "websocket"})
(False, False)
"""

from __future__ import annotations

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["COMPRESS_LEVEL", "MINIMUM_SIZE", "CompressMiddleware", "compressed_method"]

MINIMUM_SIZE = 500
"""Bytes under which a response is sent as it is: gzip's header would eat the gain."""

COMPRESS_LEVEL = 6
"""zlib's level: its default, within a few per cent of the smallest output at a fraction of
level 9's time."""


def compressed_method(scope: Scope) -> bool:
    """Whether the response to this request may be compressed: an HTTP ``GET``."""
    return scope["type"] == "http" and scope.get("method") == "GET"


class CompressMiddleware:
    """The ASGI middleware that gzips the responses of ``GET`` requests whose client accepts
    gzip (Starlette's :class:`~starlette.middleware.gzip.GZipMiddleware`, which also sends
    ``Vary: Accept-Encoding``) and passes every other request through untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=MINIMUM_SIZE, compresslevel=COMPRESS_LEVEL)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if compressed_method(scope):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
