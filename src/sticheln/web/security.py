"""What keeps the server to its own pages: the host names it answers to, the origins whose
pages may use it, and the headers that keep its pages from being framed or mixed with
others' scripts.

A request whose ``Host`` the server does not serve gets 400 (this defeats DNS rebinding: a
page of another site whose name was pointed at this server cannot read it). It serves its
names and every IP address (a page loaded from an address is of the server's own origin,
so ``--host 0.0.0.0`` works from the other computers of the network as it did). A request that
changes something (``POST``, ``DELETE``, …) or opens a websocket, sent by a page of another
origin, gets 403: browsers name the page's origin in ``Origin``, and clients that are not
browsers send none. Every HTTP response carries :data:`HEADERS`.

>>> access = Access(hosts=("play.example.org",))
>>> access.serves("play.example.org:443"), access.serves("localhost:8000")
(True, True)
>>> access.serves("evil.example"), access.serves("192.0.2.7:8000"), access.serves("[2001:db8::1]")
(False, True, True)
>>> normalize_origin("HTTPS://Play.Example.org:443")
'https://play.example.org'
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

import attrs
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sticheln.core.errors import WrongTypeError, excerpt

__all__ = ["HEADERS", "LOCAL_HOSTS", "Access", "AccessMiddleware", "host_name", "normalize_origin"]

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The host names every server answers to, besides those it is given."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "
    "object-src 'none'"
)
"""The pages' policy: scripts, styles, images and websockets from the server itself only;
nothing inline; never framed."""

HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)
"""The headers of every HTTP response."""

_UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_DEFAULT_PORTS = {"http": 80, "https": 443}


def host_name(host: str) -> str:
    """The name in a ``Host`` header or a listening address, without its port or IPv6
    brackets, in lower case (``"[::1]:8000"`` → ``"::1"``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        return host.partition(":")[0]
    return host


def normalize_origin(origin: str) -> str:
    """An origin as browsers send it: ``scheme://host[:port]`` in lower case, without the
    scheme's default port.

    :raises ValueError: for a text that is not an http(s) origin.
    """
    parts = urlsplit(origin.strip())
    if parts.scheme.lower() not in _DEFAULT_PORTS or not parts.hostname:
        raise ValueError(f"{excerpt(origin)} is not an origin such as https://example.org")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise ValueError(f"{excerpt(origin)} is not an origin: it names more than a site")
    scheme = parts.scheme.lower()
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    return (
        f"{scheme}://{host}"
        if port in (None, _DEFAULT_PORTS[scheme])
        else f"{scheme}://{host}:{port}"
    )


def _hosts(value: Iterable[str]) -> tuple[str, ...]:
    """The host names, checked and without ports."""
    return tuple(host_name(host) for host in _names(value, "hosts"))


def _origins(value: Iterable[str]) -> tuple[str, ...]:
    """The origins, checked and normalized."""
    return tuple(normalize_origin(origin) for origin in _names(value, "origins"))


def _names(value: Iterable[str], what: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise WrongTypeError(f"{what} must be a sequence of texts, got {excerpt(value)}")
    names = tuple(value)
    for name in names:
        if not isinstance(name, str):
            raise WrongTypeError(f"{what} must hold texts, got {excerpt(name)}")
    return names


@attrs.frozen
class Access:
    """Who may use the server: the host names it answers to (besides :data:`LOCAL_HOSTS`)
    and the origins of other sites whose pages may make tables and open websockets (its own
    origin always may)."""

    hosts: tuple[str, ...] = attrs.field(default=(), converter=_hosts)
    """Further host names (``play.example.org``), as ``Host`` headers carry them."""
    origins: tuple[str, ...] = attrs.field(default=(), converter=_origins)
    """Origins of other sites allowed to use the server (``https://example.org``)."""

    def serves(self, host: str) -> bool:
        """Whether a request with this ``Host`` header is for this server: one of its names,
        or an IP address."""
        name = host_name(host)
        if name in LOCAL_HOSTS or name in self.hosts:
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def allows(self, origin: str, own: str) -> bool:
        """Whether a page of ``origin`` may act on the server whose own origin is ``own``."""
        try:
            origin = normalize_origin(origin)
        except ValueError:
            return False  # "null" (a sandboxed frame, a file) or anything else
        return origin == own or origin in self.origins


def _own_origin(scope: Scope, host: str) -> str:
    """The origin of the server as the request reached it (its scheme, behind a proxy the
    one the proxy reports)."""
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme"))
    try:
        return normalize_origin(f"{scheme}://{host}")
    except ValueError:
        return ""


class AccessMiddleware:
    """The ASGI middleware that applies an :class:`Access` to every request and adds
    :data:`HEADERS` to every response."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if not self.access.serves(host):
            await self._refuse(scope, send, 400, "this server does not serve that host name")
            return
        origin = headers.get("origin")
        changes = kind == "websocket" or scope.get("method", "GET") in _UNSAFE_METHODS
        if (
            changes
            and origin is not None
            and not self.access.allows(origin, _own_origin(scope, host))
        ):
            await self._refuse(scope, send, 403, "pages of another site may not use this server")
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    async def _refuse(scope: Scope, send: Send, status: int, message: str) -> None:
        """Answer ``status`` with ``{"error": message}``; a websocket handshake is refused
        with the same answer where the server supports that, else with 403."""
        body = json.dumps({"error": message}).encode()
        headers: list[tuple[bytes, bytes]] = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *HEADERS,
        ]
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        extensions: dict[str, Any] = scope.get("extensions") or {}
        if "websocket.http.response" in extensions:
            await send(
                {"type": "websocket.http.response.start", "status": status, "headers": headers}
            )
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": message})
