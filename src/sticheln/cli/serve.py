"""``sticheln serve``: the web server, where people play in the browser against each other
and against bots (it needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import importlib.util
import logging
import socket
from pathlib import Path
from typing import Any

from sticheln.cli import COMMANDS
from sticheln.cli.common import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, Env, UsageError
from sticheln.core.i18n import gettext as _

__all__ = ["MISSING_EXTRA", "add_parser", "run"]

MISSING_EXTRA = 'sticheln serve needs the web extra: pip install ".[web]" in a checkout of sticheln'
"""The line ``sticheln serve`` prints when Starlette or Uvicorn is not installed."""

SEND_BUFFER = 64 * 1024
"""The kernel's send buffer of each connection, in bytes (set on the listening socket, whose
connections inherit it; Linux doubles it for its bookkeeping). It bounds what the kernel
holds for a client that does not read, which would otherwise grow to megabytes; the
server's messages are small, so it costs no speed."""

WS_MAX_SIZE = 1 << 20
"""The largest websocket message Uvicorn reads; a larger one closes the connection (a
message above the server's own limit but below this one gets a ``too-large`` reply)."""


def add_parser(subparsers: Any) -> None:
    """Add the ``serve`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help=_(COMMANDS["serve"]),
        description=(
            _(
                "Run the web server: make tables in the lobby, send each person the join link of "
                "their seat, and play in the browser against each other and bots; anyone with "
                "the table's link may watch. Every move is kept in the SQLite file, so a "
                "restarted server continues every table. Needs the web extra: "
                'pip install ".[web]" in a checkout of sticheln.'
            )
        ),
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help=_("the address to listen on (default: 127.0.0.1)")
    )
    parser.add_argument(
        "--port", type=int, default=8000, help=_("the port to listen on (default: 8000)")
    )
    parser.add_argument(
        "--db",
        default="sticheln-web.sqlite3",
        metavar="PATH",
        help=_("the SQLite file of the tables (default: ./sticheln-web.sqlite3)"),
    )
    parser.add_argument(
        "--max-tables",
        type=int,
        default=None,
        metavar="N",
        help=_("the most tables in play at once; finished ones do not count (default: 200)"),
    )
    parser.add_argument(
        "--max-connections",
        type=int,
        default=None,
        metavar="N",
        help=_("the most websockets open at once (default: 500)"),
    )
    parser.add_argument(
        "--tables-per-client",
        type=int,
        default=None,
        metavar="N",
        help=_("the most tables in play one client address may have made (default: 20)"),
    )
    parser.add_argument(
        "--tables-per-hour",
        type=int,
        default=None,
        metavar="N",
        help=_("the most tables one client address may make in an hour (default: 60)"),
    )
    parser.add_argument(
        "--join-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help=_(
            "close a table as abandoned when no person joined it within this time (default: 3600)"
        ),
    )
    parser.add_argument(
        "--idle-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help=_(
            "close a table as abandoned when nothing happened at it for this time (default: 86400)"
        ),
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help=_(
            "a host name the server answers to besides --host, localhost and 127.0.0.1, "
            "such as play.example.org (may be given again)"
        ),
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help=_(
            "the origin of another site whose pages may make tables and open websockets, "
            "such as https://example.org (may be given again)"
        ),
    )
    parser.add_argument(
        "--proxy-headers",
        action="store_true",
        help=_(
            "behind a reverse proxy: take the client's address and scheme from the "
            "X-Forwarded-For and X-Forwarded-Proto headers that the proxies of "
            "--forwarded-allow-ips send"
        ),
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1,::1",
        metavar="IPS",
        help=_(
            "with --proxy-headers: the comma-separated addresses of the proxies to trust "
            "(default: 127.0.0.1,::1)"
        ),
    )
    parser.add_argument(
        "--bot-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help=_("seconds an ismcts bot without a time of its own searches per move (default: 0.5)"),
    )
    parser.add_argument(
        "--analysis-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help=_(
            "seconds the analysis of a finished game spends on each decision of the seat "
            "analysed, at most 10 (default: 0.5)"
        ),
    )
    parser.add_argument(
        "--analysis-samples",
        type=int,
        default=None,
        metavar="N",
        help=_("the most worlds the analysis draws for each decision, at most 200 (default: 20)"),
    )
    parser.add_argument(
        "--max-analyses",
        type=int,
        default=None,
        metavar="N",
        help=_("the most analyses running at once, each in a process of its own (default: 1)"),
    )
    parser.add_argument(
        "--min-move-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help=_("the fewest seconds a table's move timer may give a seat to move (default: 10)"),
    )
    parser.add_argument(
        "--max-move-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help=_("the most seconds a table's move timer may give a seat to move (default: 600)"),
    )
    parser.set_defaults(run=run)


def _has_web_extra() -> bool:
    """Whether Starlette and Uvicorn can be imported."""
    return all(importlib.util.find_spec(name) is not None for name in ("starlette", "uvicorn"))


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln serve`` until interrupted."""
    if not _has_web_extra():
        env.stderr.write(MISSING_EXTRA + "\n")
        env.stderr.flush()
        return EXIT_USAGE
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: a port is a number from 0 to 65535")
    db = Path(args.db)
    if not db.parent.is_dir():
        raise UsageError(f"--db {args.db}: no directory {str(db.parent)!r}")
    import uvicorn

    from sticheln.web import Limits, create_app
    from sticheln.web.security import Access
    from sticheln.web.store import Store, StoreError

    fields = (
        "max_tables",
        "max_connections",
        "tables_per_client",
        "tables_per_hour",
        "join_timeout",
        "idle_timeout",
        "bot_time",
        "analysis_time",
        "analysis_samples",
        "max_analyses",
        "min_move_time",
        "max_move_time",
    )
    options: dict[str, Any] = {
        field: getattr(args, field) for field in fields if getattr(args, field) is not None
    }
    try:
        limits = Limits(**options)
    except ValueError as exc:
        message = str(exc)
        for field in fields:
            message = message.replace(field, "--" + field.replace("_", "-"))
        raise UsageError(message) from None
    try:
        access = Access(hosts=[args.host, *args.allowed_host], origins=args.allow_origin)
    except ValueError as exc:
        raise UsageError(f"--allow-origin {exc}") from None
    try:
        listening = socket.create_server(
            (args.host, args.port), family=_family(args.host), reuse_port=False
        )
    except OSError as exc:
        reason = (exc.strerror or str(exc)).split(" (while", 1)[0]
        raise UsageError(f"cannot listen on {args.host} port {args.port}: {reason}") from None
    try:
        Store(db).close()  # a file the server cannot use is said here, on one line
    except StoreError as exc:
        listening.close()
        raise UsageError(f"--db {exc}") from None
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
    port = listening.getsockname()[1]
    app = create_app(db, limits=limits, access=access)
    host = f"[{args.host}]" if ":" in args.host else args.host
    _log_to(env)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            ws_max_size=WS_MAX_SIZE,
            log_level="info",
            proxy_headers=args.proxy_headers,
            forwarded_allow_ips=args.forwarded_allow_ips,
            server_header=False,
        )
    )
    env.stdout.write(f"sticheln: serving on http://{host}:{port}/ (Ctrl-C stops)\n")
    env.stdout.flush()
    try:
        server.run(sockets=[listening])
    except SystemExit as exc:  # Uvicorn could not start (it has said why)
        if exc.code:
            return EXIT_FAILURE
    finally:
        listening.close()
    return EXIT_OK


def _family(host: str) -> socket.AddressFamily:
    """The address family of ``host``: IPv6 for an address with a colon."""
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _log_to(env: Env) -> None:
    """Send the server's own log lines (tables made, games over, bots that failed) to
    standard error, as Uvicorn's are."""
    logger = logging.getLogger("sticheln.web")
    if not logger.handlers:
        handler = logging.StreamHandler(env.stderr)
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
