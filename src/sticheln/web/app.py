"""The Starlette routes of the server: the pages, the JSON API and the tables' websockets.

The routes are described in the web protocol: ``GET /`` (lobby), ``GET /rules`` (the rules'
texts, which explanations link to), ``GET /api/rules``, ``GET /api/games``,
``POST /api/tables``, ``GET /api/tables``, ``GET /api/tables/{id}`` (``/record``,
``/replay``, ``/replay/moves``, ``/replay/frames``), ``DELETE /api/tables/{id}`` (the creator
closes a table), ``GET /table/{id}``,
``GET /replay/{id}``, ``/static/...`` and ``WS /ws/{id}``. Every request first passes the
:class:`~sticheln.web.security.AccessMiddleware`; the answers of ``GET`` requests are
gzipped (``sticheln.web.compress``). ``GET`` and ``POST /api/tables/{id}/analysis`` are
:mod:`sticheln.web.analysis`'s.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from sticheln.core.i18n import N_, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.core.rulebook import rule_texts
from sticheln.games import GAME_NAMES, find_game
from sticheln.web.analysis import analysis_routes
from sticheln.web.compress import CompressMiddleware
from sticheln.web.connection import serve_websocket
from sticheln.web.language import LanguageMiddleware, negotiate
from sticheln.web.limits import Limits
from sticheln.web.renderers import renderer_file, renderer_url
from sticheln.web.replay import DEFAULT_PAGE, MAX_PAGE
from sticheln.web.rules import rules_page
from sticheln.web.security import Access, AccessMiddleware
from sticheln.web.tables import (
    StorageFailed,
    Table,
    TableFull,
    TableManager,
    TooManyTables,
    client_key,
    closed_by_creator,
)
from sticheln.web.text import one_line, quote
from sticheln.web.validate import RequestError, bot_names, parse_table_request

__all__ = ["STATIC", "build_app"]

log = logging.getLogger("sticheln.web")

STATIC = Path(__file__).parent / "static"
"""The page files (HTML, CSS, JavaScript)."""

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

TRY_AGAIN_LATER = 1013
"""The websocket close code for a server at its connection limit."""

UNKNOWN_TABLE = 4404
"""The websocket close code for a table the server does not have."""

LISTED_ENDED = 100
"""The tables no longer in play that ``GET /api/tables`` lists: the most recently made ones
(every table in play is listed)."""

DAMAGED_TABLE = 4410
"""The websocket close code for a table of the file that could not be rebuilt."""

_BEARER = re.compile(r"Bearer\s+(\S{1,200})\s*", re.IGNORECASE)


def _error(status: int, message: str) -> JSONResponse:
    """A JSON error response ``{"error": message}``."""
    return JSONResponse({"error": one_line(message)}, status_code=status)


def _client(request: Request) -> str:
    """The key under which the request's client is counted (:func:`client_key`)."""
    return client_key(request.client.host if request.client else None)


def _page(name: str, request: Request) -> Response:
    """One of the page files, or 404 if it is not installed, its ``<html lang>`` the language
    that the request's ``Accept-Language`` prefers (:func:`~sticheln.web.language.negotiate`):
    the page speaks it unless its switch chose another."""
    path = STATIC / name
    if not path.is_file():
        return PlainTextResponse(f"the page {name} is not installed", status_code=404)
    language = negotiate(request.headers.get("accept-language"))
    text = path.read_text(encoding="utf-8").replace(
        '<html lang="en">', f'<html lang="{language}">', 1
    )
    return HTMLResponse(text, headers={"Vary": "Accept-Language"})


def _query_number(request: Request, name: str, low: int, high: int, default: int | None) -> int:
    """The whole number ``name`` of the query, from ``low`` to ``high``; ``default`` if the
    query has none (``None``: it must have one).

    :raises RequestError: naming what was wrong.
    """
    given = request.query_params.getlist(name)
    if not given and default is not None:
        return default
    if len(given) != 1 or not given[0].isascii() or not given[0].isdigit() or len(given[0]) > 9:
        shown = quote(given[0]) if len(given) == 1 else f"{len(given)} values"
        raise RequestError(f"{name}: give one whole number from {low} to {high}, not {shown}")
    number = int(given[0])
    if not low <= number <= high:
        raise RequestError(f"{name}: {number} is not from {low} to {high}")
    return number


def build_app(db_path: Path, limits: Limits, access: Access) -> Starlette:
    """The application: its routes behind the access checks, and a lifespan that starts and
    stops the tables."""
    manager = TableManager(db_path, limits)

    def table_of(request: Request | WebSocket) -> Table | None:
        """The table the path names, if there is one."""
        table_id = request.path_params["table_id"]
        if not _ID.fullmatch(table_id):
            return None
        return manager.tables.get(table_id)

    def unknown(request: Request) -> JSONResponse:
        damaged = manager.damaged.get(request.path_params["table_id"])
        if damaged is not None:
            return _error(
                410,
                _("the table is damaged ({reason}); it is set aside").format(reason=damaged.reason),
            )
        return _error(404, _("no such table"))

    def finished(request: Request, why: str) -> Table | JSONResponse:
        """The table the path names once its game is no longer in play, or the answer: 404
        or 410 for no table (:func:`unknown`), 409 while it is played, saying ``why`` its
        game must be over first."""
        table = table_of(request)
        if table is None:
            return unknown(request)
        if table.in_play:
            return _error(409, _("the game is not over: {why}").format(why=_(why)))
        return table

    async def lobby(request: Request) -> Response:
        """``GET /``: the lobby page."""
        return _page("lobby.html", request)

    async def table_page(request: Request) -> Response:
        """``GET /table/{id}``: the table page."""
        if table_of(request) is None:
            return PlainTextResponse("no such table", status_code=404)
        return _page("table.html", request)

    async def replay_page(request: Request) -> Response:
        """``GET /replay/{id}``: the replay page."""
        if table_of(request) is None:
            return PlainTextResponse("no such table", status_code=404)
        return _page("replay.html", request)

    async def game_renderer(request: Request) -> Response:
        """``GET /static/games/{name}.js``: the renderer module a game ships."""
        name = request.path_params["name"]
        if name not in GAME_NAMES:
            return PlainTextResponse("no such game", status_code=404)
        path = renderer_file(find_game(name))
        if path is None:
            return PlainTextResponse(f"the game {name} ships no renderer", status_code=404)
        return FileResponse(path, media_type="text/javascript; charset=utf-8")

    async def rules(request: Request) -> Response:
        """``GET /rules``: every rule of the three games, each at the anchor of its ID, for
        the explanations' links."""
        return HTMLResponse(rules_page())

    async def api_rules(request: Request) -> Response:
        """``GET /api/rules``: every rule as data (ID, game, title, page, source, text)."""
        return JSONResponse({"rules": [rule.to_dict() for rule in rule_texts()]})

    async def games(request: Request) -> Response:
        """``GET /api/games``: the games, their presets (with their titles and lines, in the
        request's language),
        player counts and bots, and the
        bounds of a table's move timer (``move_time``: ``min`` and ``max`` seconds)."""
        listed = []
        for name in GAME_NAMES:
            game = find_game(name)
            info = game.info
            counts = list(info.player_counts)
            listed.append(
                {
                    "name": info.name,
                    "title": info.title,
                    "presets": list(info.presets),
                    "default_preset": info.default_preset,
                    "player_counts": counts,
                    "preset_player_counts": {
                        preset: list(find_game(name, preset).info.player_counts)
                        for preset in info.presets
                    },
                    "preset_notes": {
                        preset: {"title": _(title), "line": _(line)}
                        for preset, title, line in info.preset_notes
                    },
                    "default_players": info.default_players,
                    "bots": bot_names(game),
                    "renderer": renderer_url(game),
                }
            )
        move_time = {"min": limits.min_move_time, "max": limits.max_move_time}
        return JSONResponse(
            {"games": listed, "move_time": move_time}, headers={"Vary": "Accept-Language"}
        )

    async def create_table(request: Request) -> Response:
        """``POST /api/tables``: a new table, with a join link per human seat and the
        creator's token, which closes it."""
        kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if kind != "application/json":
            return _error(415, "body: send it as Content-Type: application/json")
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > limits.max_message_bytes:
                return _error(413, f"body: at most {limits.max_message_bytes} bytes")
        try:
            data: Any = json.loads(body)
        except (ValueError, RecursionError):
            return _error(400, "body: not JSON")
        try:
            table_request = parse_table_request(data, limits)
        except RequestError as exc:
            return _error(400, str(exc))
        client = _client(request)
        try:
            table, tokens, creator = await manager.create(table_request, client)
        except TableFull:
            return _error(
                503,
                ngettext(
                    "{count} table is in play, the limit: try again later",
                    "{count} tables are in play, the limit: try again later",
                    limits.max_tables,
                ).format(count=limits.max_tables),
            )
        except TooManyTables as exc:
            if exc.per_hour:
                return _error(
                    429,
                    ngettext(
                        "you made {count} table in the last hour, the most one client may: "
                        "try again later",
                        "you made {count} tables in the last hour, the most one client may: "
                        "try again later",
                        limits.tables_per_hour,
                    ).format(count=limits.tables_per_hour),
                )
            return _error(
                429,
                ngettext(
                    "you have {count} table in play, the most one client may have: finish or "
                    "close one (DELETE with its creator token), or wait until it is closed as "
                    "abandoned",
                    "you have {count} tables in play, the most one client may have: finish or "
                    "close one (DELETE with its creator token), or wait until it is closed as "
                    "abandoned",
                    limits.tables_per_client,
                ).format(count=limits.tables_per_client),
            )
        except StorageFailed as exc:
            return _error(
                503,
                _("the table could not be saved ({reason}): try again later").format(reason=exc),
            )
        seats: list[dict[str, Any]] = []
        for seat, (kind, token) in enumerate(zip(table.row.seats, tokens, strict=True)):
            if token is None:
                seats.append({"seat": seat, "kind": "bot", "bot": kind, "name": table.names[seat]})
            else:
                seats.append(
                    {
                        "seat": seat,
                        "kind": "human",
                        "name": table.names[seat],
                        "link": f"/table/{table.id}#seat={token}",
                    }
                )
        return JSONResponse(
            {
                "id": table.id,
                "seats": seats,
                "spectator": f"/table/{table.id}",
                "replay": f"/replay/{table.id}",
                "creator_token": creator,
                "seed_chosen": table.row.seed_chosen,
            },
            status_code=201,
        )

    async def list_tables(request: Request) -> Response:
        """``GET /api/tables``: the public information of every table in play and of the
        :data:`LISTED_ENDED` last made of the others, in the order they were made."""
        ended = [t.id for t in manager.tables.values() if not t.in_play][-LISTED_ENDED:]
        listed = set(ended)
        return JSONResponse(
            {
                "tables": [
                    t.public_info() for t in manager.tables.values() if t.in_play or t.id in listed
                ],
                "damaged": [d.public_info() for d in manager.damaged.values()],
            }
        )

    async def one_table(request: Request) -> Response:
        """``GET /api/tables/{id}``: the public information of one table."""
        table = table_of(request)
        return unknown(request) if table is None else JSONResponse(table.public_info())

    async def close_table(request: Request) -> Response:
        """``DELETE /api/tables/{id}``: the creator closes a table in play (it stays, for its
        record and replay); ``Authorization: Bearer <creator token>``."""
        table = table_of(request)
        if table is None:
            return unknown(request)
        match = _BEARER.fullmatch(request.headers.get("authorization", ""))
        if match is None:
            return _error(401, "send the creator's token: Authorization: Bearer <token>")
        if not table.is_creator(match.group(1)):
            return _error(403, "that is not the creator's token of this table")
        if table.in_play:
            try:
                await manager.close(table, "closed", closed_by_creator)
            except StorageFailed as exc:
                return _error(503, f"the table could not be closed ({exc}): try again later")
        return JSONResponse(table.public_info())

    async def record(request: Request) -> Response:
        """``GET /api/tables/{id}/record``: the finished game's record, as a download."""
        table = finished(request, N_("its record holds the hidden deals"))
        if isinstance(table, JSONResponse):
            return table
        return Response(
            table.game.to_json(table.state),
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="{table.row.game}-{table.id}.json"'
            },
        )

    async def replay(request: Request) -> Response:
        """``GET /api/tables/{id}/replay``: the finished game, frame by frame."""
        table = finished(request, N_("its replay shows every hand"))
        if isinstance(table, JSONResponse):
            return table
        return JSONResponse(await manager.replay(table))

    async def replay_moves(request: Request) -> Response:
        """``GET /api/tables/{id}/replay/moves``: the finished game's moves and events."""
        table = finished(request, N_("its replay shows every hand"))
        if isinstance(table, JSONResponse):
            return table
        return JSONResponse(await manager.replay_index(table))

    async def replay_frames(request: Request) -> Response:
        """``GET /api/tables/{id}/replay/frames?from=K&count=N``: what the table showed at
        frames ``K`` to ``K + N - 1`` of the finished game."""
        table = finished(request, N_("its replay shows every hand"))
        if isinstance(table, JSONResponse):
            return table
        frames = len(table.moves) + 1
        try:
            start = _query_number(request, "from", 0, frames - 1, None)
            count = _query_number(request, "count", 1, MAX_PAGE, DEFAULT_PAGE)
        except RequestError as exc:
            return _error(400, str(exc))
        return JSONResponse(await manager.replay_frames(table, start, count))

    async def websocket(websocket: WebSocket) -> None:
        """``WS /ws/{id}``: a client of a table."""
        table = table_of(websocket)
        await websocket.accept()
        if table is None:
            if websocket.path_params["table_id"] in manager.damaged:
                await websocket.close(code=DAMAGED_TABLE, reason="the table is damaged")
            else:
                await websocket.close(code=UNKNOWN_TABLE, reason="no such table")
            return
        if (
            manager.connections >= limits.max_connections
            or table.connections >= limits.max_connections_per_table
        ):
            log.warning("table %s: refused a websocket, at the connection limit", table.id)
            await websocket.close(code=TRY_AGAIN_LATER, reason="too many connections")
            return
        manager.connections += 1
        table.connections += 1
        try:
            await serve_websocket(websocket, table, manager)
        finally:
            manager.connections -= 1
            table.connections -= 1

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """Load the tables when the server starts; stop the bots and close the file when it
        stops."""
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()

    routes = [
        Route("/", lobby),
        Route("/api/games", games),
        Route("/rules", rules),
        Route("/api/rules", api_rules),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table_id}", one_table, methods=["GET"]),
        Route("/api/tables/{table_id}", close_table, methods=["DELETE"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/replay", replay),
        Route("/api/tables/{table_id}/replay/moves", replay_moves),
        Route("/api/tables/{table_id}/replay/frames", replay_frames),
        *analysis_routes(manager, table_of, unknown, _client),
        Route("/table/{table_id}", table_page),
        Route("/replay/{table_id}", replay_page),
        Route("/static/games/{name}.js", game_renderer),
        Mount("/static", app=StaticFiles(directory=STATIC, check_dir=False), name="static"),
        WebSocketRoute("/ws/{table_id}", websocket),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(AccessMiddleware, access=access),
            Middleware(CompressMiddleware),
            Middleware(LanguageMiddleware),
        ],
    )
    app.state.manager = manager
    return app
