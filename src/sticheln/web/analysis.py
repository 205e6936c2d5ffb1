"""The analysis of a game no longer in play, for its replay: what each decision of one seat
was worth (:func:`sticheln.analysis.analyse`), worked out in a process of its own.

``POST /api/tables/{id}/analysis?seat=K`` starts the analysis of seat ``K`` (from 0) and
answers ``202`` while it runs, ``200`` once it is done; asked again, it starts nothing more and
answers the same. ``GET`` the same address reads how far it is (``"status"`` ``"none"`` before
it was started). The operator bounds the work (:class:`~sticheln.web.limits.Limits`): the
seconds and the worlds per decision, the analyses running at once on the server (one more:
``503``) and for one client (``429``); a table runs one analysis at a time (another seat's
meanwhile: ``429``). A table keeps the results of its seats, the server at most
:attr:`~sticheln.web.limits.Limits.analyses_kept` of them (the oldest are dropped, to be
worked out again when asked for). :doc:`/web` describes the answers.

Each analysis runs in a new Python process (started with ``spawn``), so that it has an
interpreter of its own and takes nothing from the server's event loop and bots but a core;
the process tells the server its progress and sends the result through a pipe, and is killed
when the server stops, when the table's result is dropped, or past its deadline
(:func:`deadline`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import re
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any, Final

import attrs
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sticheln.analysis import analyse, decision_numbers
from sticheln.core.i18n import N_, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.core.loading import load_record
from sticheln.core.protocol import Game
from sticheln.web.limits import Limits
from sticheln.web.text import one_line, quote

if TYPE_CHECKING:
    from sticheln.web.tables import Table, TableManager

__all__ = [
    "Analyses",
    "AnalysisJob",
    "AnalysisRefused",
    "analysis_routes",
    "deadline",
    "run_analysis",
]

log = logging.getLogger("sticheln.web")

_SEAT = re.compile(r"[0-9]{1,3}")


SPARE_SECONDS: Final = 30.0
"""What :func:`deadline` allows an analysis beyond its budget: starting its process and
reading the record."""


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
    """The decisions to analyse, once its process has counted them."""
    result: dict[str, Any] | None = None
    """The analysis as JSON-safe data (:meth:`Analysis.to_dict
    <sticheln.analysis.Analysis.to_dict>`), once done."""
    error: str | None = None
    """Why the analysis failed, in a line: in English, with :attr:`error_values` in its
    ``{placeholders}``; :meth:`to_dict` gives it in the current language."""
    error_values: dict[str, Any] = attrs.field(factory=dict)
    """The values of :attr:`error`'s placeholders (none: it is said as it is)."""
    process: BaseProcess | None = None
    """The process the analysis runs in, while it runs."""

    @property
    def status(self) -> str:
        """``"running"``, ``"done"`` or ``"failed"``."""
        if self.error is not None:
            return "failed"
        return "running" if self.result is None else "done"

    def stop(self) -> None:
        """End the analysis' process: killed if it still runs (its result, if any, is in),
        and waited for, so that none is left behind."""
        process, self.process = self.process, None
        if process is not None:
            process.kill()
            process.join(timeout=5)

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
            "error": None if self.error is None else self.error_text(),
        }

    def error_text(self) -> str:
        """:attr:`error` in the current language (a text the catalogue lacks, as it is)."""
        if self.error is None:
            return ""
        said = _(self.error)
        return said.format(**self.error_values) if self.error_values else said


def deadline(limits: Limits, decisions: int) -> float:
    """The seconds an analysis of ``decisions`` decisions may run before the server kills its
    process: twice its budget (:attr:`~Limits.analysis_time` a decision) and
    :data:`SPARE_SECONDS`. The analysis keeps to its budget; the deadline is for a process
    that does not."""
    return 2 * limits.analysis_time * max(1, decisions) + SPARE_SECONDS


def run_analysis(
    game: Game[Any, Any, Any], record: str, seat: int, limits: Limits, sender: Connection
) -> None:
    """Analyse ``seat`` in the game ``record`` (the JSON text of a record of ``game``), in the
    analysis' process: at most
    :attr:`~Limits.analysis_samples` worlds and about :attr:`~Limits.analysis_time` seconds
    for each decision, sending ``("progress", done, total)`` after each decision, then
    ``("done", analysis)`` with the analysis as data or ``("failed", why)`` through
    ``sender``."""
    try:
        recorded = load_record(record, game=game)
        decisions = len(decision_numbers(recorded, seat))
        sender.send(("progress", 0, decisions))
        analysis = analyse(
            recorded,
            seat,
            samples=limits.analysis_samples,
            time=limits.analysis_time * max(1, decisions),
            progress=lambda done, total: sender.send(("progress", done, total)),
        )
        sender.send(("done", analysis.to_dict()))
    except Exception as exc:
        sender.send(("failed", one_line(str(exc) or type(exc).__name__, 200)))
    finally:
        sender.close()


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
                    _(
                        "{name}'s seat of this table is being analysed; a table analyses one "
                        "seat at a time: try again when it is done"
                    ).format(name=table.names[other.seat]),
                )
        if len(self.running) >= limits.max_analyses:
            raise AnalysisRefused(
                503,
                ngettext(
                    "{count} analysis running, the server's limit: try again later",
                    "{count} analyses running, the server's limit: try again later",
                    limits.max_analyses,
                ).format(count=limits.max_analyses),
            )
        if sum(1 for j in self.running if j.client == client) >= limits.analyses_per_client:
            raise AnalysisRefused(
                429,
                ngettext(
                    "you have {count} analysis running, the most one client may: try again "
                    "when it is done",
                    "you have {count} analyses running, the most one client may: try again "
                    "when it is done",
                    limits.analyses_per_client,
                ).format(count=limits.analyses_per_client),
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

    async def run(self, table: Table, job: AnalysisJob) -> None:
        """Run ``job`` in a process of its own and keep its result, or why it failed; a job
        the server stopped is forgotten (asked again, it starts anew)."""
        loop = asyncio.get_running_loop()
        messages: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        try:
            record = await loop.run_in_executor(None, table.game.to_json, table.state)
            context = multiprocessing.get_context("spawn")
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(
                target=run_analysis,
                args=(table.game, record, job.seat, self.limits, sender),
                name=f"sticheln-analysis-{table.id}-{job.seat}",
                daemon=True,
            )
            try:
                process.start()
            except BaseException:
                receiver.close()
                raise
            finally:
                sender.close()  # the process holds its end: the pipe ends when it does
            job.process = process
            threading.Thread(
                target=_pump,
                args=(receiver, loop, messages),
                name=f"sticheln-analysis-pipe-{table.id}-{job.seat}",
                daemon=True,
            ).start()
            ends = loop.time() + SPARE_SECONDS
            while True:
                try:
                    message = await asyncio.wait_for(messages.get(), max(0.0, ends - loop.time()))
                except TimeoutError:
                    raise AnalysisFailed(
                        N_("the analysis ran past its deadline and was stopped")
                    ) from None
                if message[0] == "progress":
                    job.done, job.total = message[1], message[2]
                    if message[1] == 0:
                        ends = loop.time() + deadline(self.limits, message[2])
                elif message[0] == "done":
                    job.result = message[1]
                    log.info("table %s: seat %d analysed", table.id, job.seat)
                    return
                elif message[0] == "failed":
                    raise AnalysisFailed(message[1])
                else:  # the pipe ended with no result: the process died
                    await loop.run_in_executor(None, process.join, 5)
                    raise AnalysisFailed(
                        N_("the analysis' process ended (exit code {code})"),
                        {"code": process.exitcode},
                    )
        except AnalysisFailed as exc:
            job.error, job.error_values = exc.text, exc.values
            log.error(
                "table %s: the analysis of seat %d failed: %s",
                table.id,
                job.seat,
                exc.text.format(**exc.values) if exc.values else exc.text,
            )
        except asyncio.CancelledError:
            self._forget(table, job)
            raise
        except Exception as exc:
            log.exception("table %s: the analysis of seat %d failed", table.id, job.seat)
            job.error = one_line(str(exc) or type(exc).__name__, 200)
        finally:
            job.stop()
            self.running.discard(job)

    def _forget(self, table: Table, job: AnalysisJob) -> None:
        """Drop a job the server stopped (its process is killed)."""
        if table.analyses.get(job.seat) is job:
            del table.analyses[job.seat]
        self._kept.pop((table.id, job.seat), None)


class AnalysisFailed(Exception):
    """Why an analysis failed, in a line: ``text``, with ``values`` in its ``{placeholders}``
    if it has any (it is translated where it is shown: :meth:`AnalysisJob.to_dict`)."""

    def __init__(self, text: str, values: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.text = text
        self.values = values or {}


def _pump(
    receiver: Connection,
    loop: asyncio.AbstractEventLoop,
    messages: asyncio.Queue[tuple[Any, ...]],
) -> None:
    """Put what the analysis' process sends into ``messages`` (on a thread of its own, which
    waits for the pipe), then ``("ended",)`` once the process' end of the pipe is closed, and
    close the pipe."""
    try:
        while True:
            message = receiver.recv()
            loop.call_soon_threadsafe(messages.put_nowait, message)
    except (EOFError, OSError):
        pass
    finally:
        receiver.close()
    with contextlib.suppress(RuntimeError):  # a closed event loop: nobody waits any more
        loop.call_soon_threadsafe(messages.put_nowait, ("ended",))


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


def _seat(request: Request, players: int) -> int | str:
    """The seat the query names, or what is wrong with it."""
    given = request.query_params.getlist("seat")
    if len(given) != 1:
        return _("seat: name one seat to analyse, from 0 to {last} (?seat=0)").format(
            last=players - 1
        )
    text = given[0]
    if not _SEAT.fullmatch(text):
        return _("seat: a seat number from 0 to {last}, got {text}").format(
            last=players - 1, text=quote(text)
        )
    seat = int(text)
    if seat >= players:
        return _("seat: this game has seats 0 to {last}, got {seat}").format(
            last=players - 1, seat=seat
        )
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
            return _error(409, _("the game is not over: it is analysed once it has ended"))
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
