"""The analysis of a game no longer in play, for its replay: what each decision of one seat
was worth (:func:`sticheln.analysis.analyse`), worked out on the server's bot threads.

``POST /api/tables/{id}/analysis?seat=K`` starts the analysis of seat ``K`` (from 0) and
answers ``202`` while it runs, ``200`` once it is done; asked again, it starts nothing more and
answers the same. ``GET`` the same address reads how far it is (``"status"`` ``"none"`` before
it was started). The operator bounds the work (:class:`~sticheln.web.limits.Limits`): the
seconds and the worlds per decision, the analyses running at once on the server (one more:
``503``) and for one client (``429``); a table runs one analysis at a time (another seat's
meanwhile: ``429``). A table keeps the results of its seats, the server at most
:attr:`~sticheln.web.limits.Limits.analyses_kept` of them (the oldest are dropped, to be
worked out again when asked for). :doc:`/web` describes the answers.
"""

from __future__ import annotations

import asyncio
import logging
import re
import weakref
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import attrs
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sticheln.analysis import analyse, decision_numbers
from sticheln.core.loading import load_record
from sticheln.core.protocol import Game
from sticheln.web.limits import Limits
from sticheln.web.text import one_line, quote

if TYPE_CHECKING:
    from sticheln.web.tables import Table, TableManager

__all__ = ["Analyses", "AnalysisJob", "AnalysisRefused", "analysis_routes", "run_analysis"]

log = logging.getLogger("sticheln.web")

_SEAT = re.compile(r"[0-9]{1,3}")


class AnalysisStopped(Exception):
    """The server stopped while the analysis ran."""


class AnalysisRefused(Exception):
    """An analysis that may not start now: the HTTP status (``429`` or ``503``) and why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@attrs.define(eq=False)
class AnalysisJob:
    """The analysis of one seat of one table: how far it is, and its result or why it
    failed."""

    table_id: str
    """The table's id."""
    seat: int
    """The seat analysed."""
    client: str
    """The key of the client that started it (:func:`~sticheln.web.tables.client_key`)."""
    done: int = 0
    """The decisions analysed so far."""
    total: int | None = None
    """The decisions to analyse, once the analysis has started on a thread."""
    result: dict[str, Any] | None = None
    """The analysis as JSON-safe data (:meth:`Analysis.to_dict
    <sticheln.analysis.Analysis.to_dict>`), once done."""
    error: str | None = None
    """Why the analysis failed, in a line."""
    stopping: bool = False
    """Set when the server stops: the analysis ends after the decision it is at."""

    @property
    def status(self) -> str:
        """``"running"``, ``"done"`` or ``"failed"``."""
        if self.error is not None:
            return "failed"
        return "running" if self.result is None else "done"

    def progress(self, done: int, total: int) -> None:
        """Note ``done`` decisions of ``total`` analysed (called on the analysis' thread).

        :raises AnalysisStopped: once :attr:`stopping` is set.
        """
        if self.stopping:
            raise AnalysisStopped
        self.done, self.total = done, total

    def to_dict(self, limits: Limits) -> dict[str, Any]:
        """What ``GET /api/tables/{id}/analysis?seat=K`` answers."""
        return {
            "seat": self.seat,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "time_per_decision": limits.analysis_time,
            "samples": limits.analysis_samples,
            "analysis": self.result,
            "error": self.error,
        }


def run_analysis(
    game: Game[Any, Any, Any], state: Any, seat: int, limits: Limits, job: AnalysisJob
) -> dict[str, Any]:
    """The analysis of ``seat`` in the game that led to ``state``, as data: at most
    :attr:`~Limits.analysis_samples` worlds and about :attr:`~Limits.analysis_time` seconds
    for each decision (run on a worker thread; ``job`` hears the progress).

    :raises AnalysisStopped: if ``job`` is told to stop meanwhile.
    """
    recorded = load_record(game.to_json(state))
    decisions = len(decision_numbers(recorded, seat))
    analysis = analyse(
        recorded,
        seat,
        samples=limits.analysis_samples,
        time=limits.analysis_time * max(1, decisions),
        progress=job.progress,
    )
    return analysis.to_dict()


class Analyses:
    """The analyses of a server: those running, and which results the tables keep (the
    oldest dropped beyond :attr:`~Limits.analyses_kept`)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        """The server's limits."""
        self.running: set[AnalysisJob] = set()
        """The analyses started and not yet done."""
        self._kept: OrderedDict[tuple[str, int], weakref.ref[Table]] = OrderedDict()

    def start(self, table: Table, seat: int, client: str) -> tuple[AnalysisJob, bool]:
        """The analysis of ``seat`` of ``table`` for the client of key ``client``: the one the
        table has (started earlier, by anyone), or a new one; ``True`` beside a new one, which
        the caller runs (:meth:`run`).

        :raises AnalysisRefused: ``429`` while the table analyses another seat or the client
            has as many analyses running as one may; ``503`` while the server runs as many
            as it may.
        """
        job = table.analyses.get(seat)
        if job is not None:
            self._kept.move_to_end((table.id, seat))
            return job, False
        limits = self.limits
        for other in table.analyses.values():
            if other.status == "running":
                raise AnalysisRefused(
                    429,
                    f"{table.names[other.seat]}'s seat of this table is being analysed; a "
                    "table analyses one seat at a time: try again when it is done",
                )
        if len(self.running) >= limits.max_analyses:
            raise AnalysisRefused(
                503,
                f"{_count(limits.max_analyses)} running, the server's limit: try again later",
            )
        if sum(1 for j in self.running if j.client == client) >= limits.analyses_per_client:
            raise AnalysisRefused(
                429,
                f"you have {_count(limits.analyses_per_client)} running, the most one client "
                "may: try again when it is done",
            )
        job = AnalysisJob(table.id, seat, client)
        table.analyses[seat] = job
        self.running.add(job)
        self._kept[(table.id, seat)] = weakref.ref(table)
        self._drop_oldest()
        return job, True

    def _drop_oldest(self) -> None:
        """Drop the oldest results past :attr:`~Limits.analyses_kept` (never a running one)."""
        excess = len(self._kept) - self.limits.analyses_kept
        for key, kept in list(self._kept.items()):
            if excess <= 0:
                break
            table = kept()  # None once the server dropped the table, and its results
            job = None if table is None else table.analyses.get(key[1])
            if job is not None and job.status == "running":
                continue
            del self._kept[key]
            if table is not None:
                table.analyses.pop(key[1], None)
            excess -= 1

    async def run(self, table: Table, job: AnalysisJob, pool: Executor) -> None:
        """Run ``job`` on a thread of ``pool`` and keep its result, or why it failed; a job
        the server stopped is forgotten (asked again, it starts anew)."""
        loop = asyncio.get_running_loop()
        try:
            try:
                future = loop.run_in_executor(
                    pool, run_analysis, table.game, table.state, job.seat, self.limits, job
                )
            except RuntimeError:  # the pool was shut down: the server is stopping
                self._forget(table, job)
                return
            try:
                job.result = await future
            except (asyncio.CancelledError, AnalysisStopped) as exc:
                self._forget(table, job)
                if isinstance(exc, asyncio.CancelledError):
                    raise
                return
            except Exception as exc:
                log.exception("table %s: the analysis of seat %d failed", table.id, job.seat)
                job.error = one_line(str(exc) or type(exc).__name__, 200)
                return
            log.info("table %s: seat %d analysed", table.id, job.seat)
        finally:
            self.running.discard(job)

    def _forget(self, table: Table, job: AnalysisJob) -> None:
        """Drop a job the server stopped; its thread ends after the decision it is at."""
        job.stopping = True
        if table.analyses.get(job.seat) is job:
            del table.analyses[job.seat]
        self._kept.pop((table.id, job.seat), None)


def _count(analyses: int) -> str:
    """``1 analysis``, ``2 analyses``."""
    return f"{analyses} analys{'is' if analyses == 1 else 'es'}"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


def _seat(request: Request, players: int) -> int | str:
    """The seat the query names, or what is wrong with it."""
    given = request.query_params.getlist("seat")
    if len(given) != 1:
        return f"seat: name one seat to analyse, from 0 to {players - 1} (?seat=0)"
    text = given[0]
    if not _SEAT.fullmatch(text):
        return f"seat: a seat number from 0 to {players - 1}, got {quote(text)}"
    seat = int(text)
    if seat >= players:
        return f"seat: this game has seats 0 to {players - 1}, got {seat}"
    return seat


def analysis_routes(
    manager: TableManager,
    table_of: Callable[[Request], Table | None],
    unknown: Callable[[Request], Response],
    client_of: Callable[[Request], str],
) -> list[Route]:
    """The routes ``POST`` and ``GET /api/tables/{id}/analysis?seat=K``."""
    limits = manager.limits

    def checked(request: Request) -> tuple[Table, int] | Response:
        table = table_of(request)
        if table is None:
            return unknown(request)
        seat = _seat(request, table.row.players)
        if isinstance(seat, str):
            return _error(400, seat)
        if table.in_play:
            return _error(409, "the game is not over: it is analysed once it has ended")
        return table, seat

    async def start(request: Request) -> Response:
        """``POST /api/tables/{id}/analysis?seat=K``: start the analysis of seat ``K``."""
        found = checked(request)
        if isinstance(found, Response):
            return found
        table, seat = found
        try:
            job = manager.start_analysis(table, seat, client_of(request))
        except AnalysisRefused as exc:
            return _error(exc.status, exc.message)
        status = 202 if job.status == "running" else 200
        return JSONResponse(job.to_dict(limits), status_code=status)

    async def read(request: Request) -> Response:
        """``GET /api/tables/{id}/analysis?seat=K``: how far the analysis of seat ``K`` is."""
        found = checked(request)
        if isinstance(found, Response):
            return found
        table, seat = found
        job = table.analyses.get(seat)
        if job is None:
            return JSONResponse(
                {
                    "seat": seat,
                    "status": "none",
                    "time_per_decision": limits.analysis_time,
                    "samples": limits.analysis_samples,
                }
            )
        return JSONResponse(job.to_dict(limits))

    return [
        Route("/api/tables/{table_id}/analysis", start, methods=["POST"]),
        Route("/api/tables/{table_id}/analysis", read, methods=["GET"]),
    ]
