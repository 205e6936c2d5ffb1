"""A bounded load test of the web server (``sticheln serve``) on loopback.

It starts the real server as a subprocess on a free port of 127.0.0.1 with a fresh SQLite
file, makes ``--tables`` tables at once through ``POST /api/tables`` (Sticheln with 4
players, Hattrick with 4 and Stichling with 3, in turn), each with ``--humans`` human seats
and bots in the others, and plays them over websockets from this process: one connection
per human seat, which plays a random move of the ``legal`` list of its ``state`` messages
whenever it may act (every other one sent as its text, like the keyboard), and one spectator
connection per table. Each table plays ``--games`` games (a new table for each further
game). It measures:

- moves per second over the run, all tables together, human and bot moves (counted from
  the ``moves`` of the ``state`` messages), and moves per CPU-second of the server process
  (``utime + stime`` of ``/proc/PID/stat``);
- the latency of the human moves, from sending a move to receiving the ``state`` message
  that includes it (p50, p99, max);
- the server's memory: resident size before the tables are made, and at the end, with the
  peak (``VmRSS`` and ``VmHWM`` of ``/proc/PID/status``);
- the error messages the clients receive, and ``state`` messages missing or out of order
  (each must be 0);
- as the reference, the same moves applied in this process through the library
  (``legal_moves`` then ``apply_move`` for each move of every game's record).

Then it checks that nothing was lost: the record of every table (``GET
/api/tables/{id}/record``) is read with ``find_game(name).replay_from_json``, its moves are
replayed with ``apply_move``, and the final scores must equal those of the last ``state``
message of every client of the table; the server is stopped and started again on the same
SQLite file, and every table must be there with the same number of moves, over, with the
same record. It prints a ``PASS`` or ``FAIL`` line and exits with 1 on a failure, or when
the run takes more than ``--timeout`` seconds. Run it with::

    python benchmarks/web_load.py [--tables 50] [--games 1] [--humans 2]
        [--bot heuristic --bot random] [--seed 0] [--timeout 300] [--json]

The server and the clients share the machine: on a small machine the clients' own work
(decoding every message of 150 websockets) slows the server down, so the figures are a
lower bound of what the server does with remote clients.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import platform
import random
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from sticheln import find_game

EXIT_FAIL = 1
"""The exit status of a run that failed a check or timed out."""

DEFAULT_MAX_TABLES = 200
"""The server's default table limit (``Limits.max_tables``); more tables pass
``--max-tables``."""

DEFAULT_TABLES_PER_CLIENT = 20
"""The server's default bound of tables in play per client address
(``Limits.tables_per_client``); the run, all from one address, raises it to its number of
tables."""

DEFAULT_TABLES_PER_HOUR = 60
"""The server's default bound of tables one client address may make in an hour
(``Limits.tables_per_hour``), raised like the one above."""

MAX_CONNECTIONS = 500
"""The server's websocket limit (``Limits.max_connections``), which ``sticheln serve`` has
no option for."""

START_TIMEOUT = 60.0
"""Seconds the server may take to answer after it is started."""

STOP_TIMEOUT = 20.0
"""Seconds the server may take to stop after SIGINT, before it is killed."""

API_REPEATS = 3
"""Runs of the in-process reference; the fastest is reported."""

MAX_CLIENT_ERRORS = 20
"""Error messages after which a client gives up (the run fails anyway at the first)."""

PROGRESS_EVERY = 10.0
"""Seconds between the progress lines on stderr."""


@dataclass(frozen=True)
class GameSpec:
    """A game as the tables play it."""

    name: str
    preset: str
    players: int

    @property
    def label(self) -> str:
        """``sticheln 4p``."""
        return f"{self.name} {self.players}p"


GAMES = (
    GameSpec("sticheln", "nsv", 4),
    GameSpec("hattrick", "amigo-1995", 4),
    GameSpec("stichling", "ravensburger-2015", 3),
)
"""The games of the tables, in turn."""


@dataclass(frozen=True)
class TablePlan:
    """One table to make: its game, its seats and its seed."""

    slot: int
    game_number: int
    spec: GameSpec
    seats: tuple[str, ...]
    seed: int


@dataclass
class SentMove:
    """A move a human seat sent."""

    before: int
    """The ``moves`` of the state it was chosen in."""
    move: dict[str, Any]
    """The move, as its wire dict."""
    sent_at: float
    """``time.perf_counter()`` when it was sent."""


@dataclass
class ClientLog:
    """What one websocket of a table received and sent."""

    seat: int | None
    """The seat, or ``None`` for the spectator."""
    received: dict[int, float] = field(default_factory=dict)
    """For each ``moves`` number, when its ``state`` message arrived."""
    last_state: dict[str, Any] | None = None
    """The last ``state`` message."""
    sent: list[SentMove] = field(default_factory=list)
    """The moves sent, in order."""
    errors: list[str] = field(default_factory=list)
    """The ``error`` messages received, and the connection's failures."""
    disorder: list[str] = field(default_factory=list)
    """``state`` or ``events`` messages missing or out of order."""
    messages: int = 0
    """The messages received."""


@dataclass
class TableRun:
    """A table made on the server and the clients that played it."""

    plan: TablePlan
    id: str
    tokens: dict[int, str]
    spectator: ClientLog
    humans: list[ClientLog]
    done_at: float | None = None
    """When its spectator saw the game over."""
    record: str | None = None
    """The record the server gave once the game was over."""

    @property
    def clients(self) -> list[ClientLog]:
        """The spectator and the human seats."""
        return [self.spectator, *self.humans]


class Server:
    """``python -m sticheln serve`` in a subprocess, with its log in a file."""

    def __init__(
        self, db: Path, log_path: Path, max_tables: int | None, tables_per_client: int
    ) -> None:
        self.db = db
        self.log_path = log_path
        self.max_tables = max_tables
        self.tables_per_client = tables_per_client
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        """The server's URL, without a final slash."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        """The server process's id."""
        if self.process is None:
            raise RuntimeError("the server is not running")
        return self.process.pid

    def start(self) -> None:
        """Start the server on a free port."""
        self.port = free_port()
        command = [
            sys.executable,
            "-m",
            "sticheln",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
        ]
        if self.max_tables is not None:
            command += ["--max-tables", str(self.max_tables)]
        if self.tables_per_client > DEFAULT_TABLES_PER_CLIENT:
            # Every table comes from this one address: raise the per-client bounds to fit.
            command += ["--tables-per-client", str(self.tables_per_client)]
        if self.tables_per_client > DEFAULT_TABLES_PER_HOUR:
            command += ["--tables-per-hour", str(self.tables_per_client)]
        with self.log_path.open("ab") as log:
            log.write(f"$ {shlex.join(command)}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
            )

    async def wait_ready(self, http: httpx.AsyncClient) -> None:
        """Wait until ``GET /api/games`` answers 200.

        :raises RuntimeError: if the server exits or does not answer in time.
        """
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process is None or self.process.poll() is not None:
                raise RuntimeError(f"the server exited at start:\n{self.log_tail()}")
            with contextlib.suppress(httpx.HTTPError):
                response = await http.get(f"{self.base}/api/games", timeout=2.0)
                if response.status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"the server did not answer in {START_TIMEOUT:.0f} s:\n{self.log_tail()}"
                )
            await asyncio.sleep(0.1)

    def stop(self) -> int | None:
        """Stop the server with SIGINT (as Ctrl-C does); kill it if it does not stop in
        time. Returns its exit status, or ``None`` if it had to be killed."""
        if self.process is None:
            return None
        process, self.process = self.process, None
        if process.poll() is not None:
            return process.returncode
        process.send_signal(signal.SIGINT)
        try:
            return process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            return None

    def cpu_seconds(self) -> float:
        """The CPU time the server process has used (user and system)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        # After the command's name: state is field 3 of stat(5), utime 14 and stime 15.
        ticks = int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    def memory_kib(self) -> dict[str, int]:
        """``VmRSS`` and ``VmHWM`` of the server process, in KiB."""
        found: dict[str, int] = {}
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0])
        return found

    def log_tail(self, lines: int = 20) -> str:
        """The last lines of the server's log."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def log_problems(self) -> list[str]:
        """The lines of the server's log that report an error or a traceback."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return []
        markers = ("ERROR", "Traceback", "CRITICAL", "WARNING")
        return [line for line in text.splitlines() if any(m in line for m in markers)]


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def plan_tables(args: argparse.Namespace) -> list[list[TablePlan]]:
    """For each of the ``--tables`` slots, the tables it plays one after the other."""
    rng = random.Random(args.seed)
    slots: list[list[TablePlan]] = []
    bot_number = 0
    for slot in range(args.tables):
        spec = GAMES[slot % len(GAMES)]
        plans = []
        for game_number in range(args.games):
            humans = set(rng.sample(range(spec.players), min(args.humans, spec.players)))
            seats = []
            for seat in range(spec.players):
                if seat in humans:
                    seats.append("human")
                else:
                    seats.append(args.bots[bot_number % len(args.bots)])
                    bot_number += 1
            plans.append(TablePlan(slot, game_number, spec, tuple(seats), rng.randrange(2**32)))
        slots.append(plans)
    return slots


async def create_table(http: httpx.AsyncClient, base: str, plan: TablePlan) -> TableRun:
    """Make the table of ``plan`` on the server.

    :raises RuntimeError: if the server does not answer 201.
    """
    body = {
        "game": plan.spec.name,
        "preset": plan.spec.preset,
        "players": plan.spec.players,
        "seats": list(plan.seats),
        "seed": plan.seed,
    }
    response = await http.post(f"{base}/api/tables", json=body)
    if response.status_code != 201:
        raise RuntimeError(
            f"POST /api/tables answered {response.status_code}: {response.text[:300]}"
        )
    data = response.json()
    tokens: dict[int, str] = {}
    for seat in sorted(data["seats"], key=lambda seat: int(seat["seat"])):
        if seat["kind"] == "human":
            tokens[seat["seat"]] = seat["link"].split("#seat=", 1)[1]
    return TableRun(
        plan=plan,
        id=data["id"],
        tokens=tokens,
        spectator=ClientLog(seat=None),
        humans=[ClientLog(seat=seat) for seat in sorted(tokens)],
    )


def note_state(log: ClientLog, message: dict[str, Any], events_for: int | None) -> None:
    """Check that ``message`` comes right after the last state and its events."""
    number = message["moves"]
    previous = log.last_state["moves"] if log.last_state is not None else None
    if previous is not None:
        if number != previous + 1:
            log.disorder.append(f"state {number} after state {previous}")
        elif events_for != number:
            log.disorder.append(f"state {number} after the events of {events_for}")


class ClientGaveUp(Exception):
    """A client that received too many errors to go on."""


async def play_client(url: str, log: ClientLog, token: str | None, rng: random.Random) -> None:
    """Join the table at ``url`` with ``token`` (``None``: watch) and follow it until the
    game is over, playing a random legal move whenever the seat may act.

    :raises ClientGaveUp: after :data:`MAX_CLIENT_ERRORS` error messages.
    """
    async with connect(url, open_timeout=60, max_size=1 << 22) as websocket:
        pending: SentMove | None = None

        async def act(state: dict[str, Any]) -> None:
            """Send a random legal move of ``state`` (every other one as its text)."""
            nonlocal pending
            choice = rng.choice(state["legal"])
            if len(log.sent) % 2:
                outgoing = {"type": "move", "text": choice["text"]}
            else:
                outgoing = {"type": "move", "move": choice["move"]}
            pending = SentMove(state["moves"], choice["move"], time.perf_counter())
            log.sent.append(pending)
            await websocket.send(json.dumps(outgoing))

        await websocket.send(json.dumps({"type": "join", "token": token}))
        events_for: int | None = None
        welcomed = False
        async for text in websocket:
            now = time.perf_counter()
            log.messages += 1
            message = json.loads(text)
            kind = message.get("type")
            if kind == "welcome":
                welcomed = True
                if message.get("seat") != log.seat:
                    log.errors.append(f"welcome: seat {message.get('seat')}, not {log.seat}")
            elif kind == "events":
                events_for = message.get("moves")
            elif kind == "error":
                log.errors.append(f"{message.get('code')}: {message.get('message')}")
                if len(log.errors) >= MAX_CLIENT_ERRORS:
                    raise ClientGaveUp(f"{len(log.errors)} errors, the last: {log.errors[-1]}")
                # Choose again from the last state, as a person would after an error.
                pending = None
                if log.last_state is not None and log.last_state["legal"]:
                    await act(log.last_state)
            elif kind != "state":
                log.errors.append(f"unexpected message type {kind!r}")
            else:
                if not welcomed:
                    log.disorder.append("a state before the welcome")
                note_state(log, message, events_for)
                log.received.setdefault(message["moves"], now)
                log.last_state = message
                if message["over"]:
                    return
                if pending is not None and message["moves"] > pending.before:
                    # The move is in once the seat is not to act, or may no longer make it.
                    still_open = log.seat in message["to_act"] and any(
                        choice["move"] == pending.move for choice in message["legal"]
                    )
                    if not still_open:
                        pending = None
                if pending is None and message["legal"]:
                    await act(message)


async def run_table(ws_base: str, run: TableRun, rng: random.Random) -> None:
    """Connect the spectator and every human seat of ``run`` and play its game out."""
    url = f"{ws_base}/ws/{run.id}"
    async with asyncio.TaskGroup() as group:
        spectator = group.create_task(play_client(url, run.spectator, None, rng))
        for log, token in zip(run.humans, run.tokens.values(), strict=True):
            client_rng = random.Random(rng.randrange(2**32))
            group.create_task(play_client(url, log, token, client_rng))
        await spectator
        run.done_at = time.perf_counter()


async def run_slot(
    http: httpx.AsyncClient,
    base: str,
    plans: list[TablePlan],
    runs: list[TableRun],
    failures: list[str],
) -> None:
    """Play the tables of one slot one after the other; a failure ends the slot."""
    ws_base = "ws" + base.removeprefix("http")
    for plan in plans:
        try:
            run = await create_table(http, base, plan)
        except (RuntimeError, httpx.HTTPError) as exc:
            failures.append(f"slot {plan.slot} game {plan.game_number + 1}: {exc}")
            return
        runs.append(run)
        broken: list[str] = []
        try:
            await run_table(ws_base, run, random.Random(plan.seed))
        except* (ConnectionClosed, InvalidHandshake, OSError, ClientGaveUp) as group:
            broken += [f"table {run.id}: client: {exc!r}" for exc in group.exceptions]
        if broken:
            failures += broken
            return


async def progress(runs: list[TableRun], total: int, started: float) -> None:
    """Print how far the games are, now and then, on stderr."""
    while True:
        await asyncio.sleep(PROGRESS_EVERY)
        over = sum(1 for run in runs if run.done_at is not None)
        moves = sum(run.spectator.last_state["moves"] for run in runs if run.spectator.last_state)
        elapsed = time.perf_counter() - started
        print(
            f"  {elapsed:5.0f} s: {over}/{total} games over, {moves} moves",
            file=sys.stderr,
            flush=True,
        )


def percentile(values: Sequence[float], percent: float) -> float:
    """The nearest-rank percentile of ``values`` (not empty)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(percent / 100 * len(ordered)))
    return ordered[rank - 1]


def human_latencies(run: TableRun, recorded: list[dict[str, Any]]) -> tuple[list[float], int]:
    """The seconds from sending each human move to the state that includes it, found by its
    place in the record; and the number of sent moves not found there."""
    latencies: list[float] = []
    missing = 0
    for log in run.humans:
        start = 0
        for sent in log.sent:
            index = next(
                (
                    i
                    for i in range(max(start, sent.before), len(recorded))
                    if recorded[i] == sent.move
                ),
                None,
            )
            if index is None:
                missing += 1
                continue
            start = index + 1
            arrived = log.received.get(index + 1)
            if arrived is None:
                missing += 1
            else:
                latencies.append(arrived - sent.sent_at)
    return latencies, missing


@dataclass
class Checked:
    """What the records of the tables showed."""

    moves: int = 0
    human_moves: int = 0
    bot_moves: int = 0
    matched: int = 0
    latencies: list[float] = field(default_factory=list)
    unmatched_sent: int = 0


async def fetch_records(http: httpx.AsyncClient, base: str, runs: list[TableRun]) -> list[str]:
    """Fetch the record of every finished table; the failures."""
    failures = []
    for run in runs:
        response = await http.get(f"{base}/api/tables/{run.id}/record")
        if response.status_code != 200:
            failures.append(f"table {run.id}: GET record answered {response.status_code}")
            continue
        run.record = response.text
    return failures


def check_records(runs: list[TableRun], failures: list[str]) -> Checked:
    """Replay every record with the library and compare it with what the clients got."""
    checked = Checked()
    for run in runs:
        if run.record is None:
            continue
        spec = run.plan.spec
        game = find_game(spec.name, spec.preset)
        problems = []
        try:
            first, moves = game.replay_from_json(run.record)
        except ValueError as exc:
            failures.append(f"table {run.id}: the record does not load: {exc}")
            continue
        recorded = [move.to_dict() for move in moves]
        state = first
        for move in moves:
            state = game.apply_move(state, move)
        if not game.is_over(state):
            problems.append("the replayed record does not end the game")
        if json.loads(game.to_json(state)) != json.loads(run.record):
            problems.append("the replayed record writes a different record")
        dealt = game.new_game(spec.players, seed=run.plan.seed)
        for move in moves:
            dealt = game.apply_move(dealt, move)
        if game.to_json(dealt) != game.to_json(state):
            problems.append("the record's moves from the table's seed give another game")
        scores = list(game.scores(state))
        for log in run.clients:
            who = "spectator" if log.seat is None else f"seat {log.seat}"
            last = log.last_state
            if last is None:
                problems.append(f"{who} got no state")
                continue
            if last["moves"] != len(moves):
                problems.append(f"{who}'s last state has {last['moves']} moves, not {len(moves)}")
            if not last["over"]:
                problems.append(f"{who}'s last state is not over")
            if last["scores"] != scores:
                problems.append(f"{who}'s last scores {last['scores']} are not {scores}")
            if last["winners"] != list(game.winners(state)):
                problems.append(f"{who}'s last winners are not {list(game.winners(state))}")
        if problems:
            failures.extend(f"table {run.id}: {problem}" for problem in problems)
        else:
            checked.matched += 1
        checked.moves += len(moves)
        for move in moves:
            if run.plan.seats[game.player_of(move)] == "human":
                checked.human_moves += 1
            else:
                checked.bot_moves += 1
        latencies, missing = human_latencies(run, recorded)
        checked.latencies += latencies
        checked.unmatched_sent += missing
    return checked


def api_reference(runs: list[TableRun]) -> tuple[int, float, float]:
    """The moves of every record applied in this process through the library: for each
    move, ``legal_moves`` of its player then ``apply_move``; (moves, wall, CPU seconds) of
    the fastest of :data:`API_REPEATS` runs."""
    games = []
    for run in runs:
        if run.record is not None:
            game = find_game(run.plan.spec.name, run.plan.spec.preset)
            first, moves = game.replay_from_json(run.record)
            games.append((game, first, moves))
    best = (0, math.inf, math.inf)
    for _ in range(API_REPEATS):
        count = 0
        wall, cpu = time.perf_counter(), time.process_time()
        for game, first, moves in games:
            state = first
            for move in moves:
                game.legal_moves(state, game.player_of(move))
                state = game.apply_move(state, move)
                count += 1
        timed = (count, time.perf_counter() - wall, time.process_time() - cpu)
        best = min(best, timed, key=lambda run: run[1])
    return best


async def check_restart(
    http: httpx.AsyncClient, server: Server, runs: list[TableRun], failures: list[str]
) -> tuple[int, int | None]:
    """Stop the server, start it again on the same file, and check every table; the tables
    found intact and the first server's exit status."""
    status = await asyncio.to_thread(server.stop)
    if status is None:
        failures.append(f"the server did not stop within {STOP_TIMEOUT:.0f} s of SIGINT")
    server.start()
    await server.wait_ready(http)
    response = await http.get(f"{server.base}/api/tables")
    listed = {info["id"]: info for info in response.json()["tables"]}
    intact = 0
    for run in runs:
        info = listed.get(run.id)
        if info is None:
            failures.append(f"table {run.id}: gone after the restart")
            continue
        expected = run.spectator.last_state["moves"] if run.spectator.last_state else None
        problems = []
        if info["moves"] != expected:
            problems.append(f"{info['moves']} moves after the restart, not {expected}")
        if not info["over"]:
            problems.append("not over after the restart")
        record = await http.get(f"{server.base}/api/tables/{run.id}/record")
        if record.status_code != 200 or record.text != run.record:
            problems.append("its record differs after the restart")
        if problems:
            failures.extend(f"table {run.id}: {problem}" for problem in problems)
        else:
            intact += 1
    return intact, status


@dataclass
class Result:
    """The figures of a run."""

    command: str
    figures: dict[str, Any] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


async def load_test(args: argparse.Namespace, workdir: Path, result: Result) -> None:
    """Run the load test, filling ``result``."""
    slots = plan_tables(args)
    total = args.tables * args.games
    max_tables = total if total > DEFAULT_MAX_TABLES else None
    server = Server(
        workdir / "load.sqlite3",
        workdir / "server.log",
        max_tables,
        max(total, DEFAULT_TABLES_PER_CLIENT),
    )
    figures = result.figures
    runs: list[TableRun] = []
    phase = "starting the server"
    started = time.perf_counter()
    limits = httpx.Limits(max_connections=args.tables, max_keepalive_connections=args.tables)
    async with httpx.AsyncClient(timeout=60.0, limits=limits) as http:
        try:
            async with asyncio.timeout(args.timeout):
                server.start()
                await server.wait_ready(http)
                figures["server_rss_before_kib"] = server.memory_kib()["VmRSS"]
                cpu_before = server.cpu_seconds()
                phase = "playing"
                started = time.perf_counter()
                client_cpu = time.process_time()
                reporter = None
                if not args.json:
                    reporter = asyncio.create_task(progress(runs, total, started))
                try:
                    async with asyncio.TaskGroup() as group:
                        for plans in slots:
                            group.create_task(
                                run_slot(http, server.base, plans, runs, result.failures)
                            )
                finally:
                    if reporter is not None:
                        reporter.cancel()
                ends = [run.done_at for run in runs if run.done_at is not None]
                wall = (max(ends) if ends else time.perf_counter()) - started
                figures["wall_seconds"] = wall
                figures["server_cpu_seconds"] = server.cpu_seconds() - cpu_before
                figures["client_cpu_seconds"] = time.process_time() - client_cpu
                memory = server.memory_kib()
                figures["server_rss_end_kib"] = memory["VmRSS"]
                figures["server_rss_peak_kib"] = memory["VmHWM"]
                phase = "fetching the records"
                result.failures += await fetch_records(http, server.base, runs)
                phase = "replaying the records"
                checked = check_records(runs, result.failures)
                api_moves, api_wall, api_cpu = api_reference(runs)
                phase = "restarting the server"
                intact, status = await check_restart(http, server, runs, result.failures)
                figures["restart_intact"] = intact
                figures["server_exit_status"] = status
        except TimeoutError:
            over = sum(1 for run in runs if run.done_at is not None)
            result.failures.append(
                f"timed out after {args.timeout:g} s while {phase}: {over} of {total} games over"
            )
            return
        except RuntimeError as exc:
            result.failures.append(f"{phase}: {exc}")
            return
        finally:
            await asyncio.to_thread(server.stop)
            problems = server.log_problems()
            figures["server_log_problems"] = len(problems)
            if problems:
                result.failures.append(
                    f"the server logged {len(problems)} errors or warnings, the first: "
                    f"{problems[0][:300]}"
                )
    errors = [error for run in runs for log in run.clients for error in log.errors]
    disorder = [item for run in runs for log in run.clients for item in log.disorder]
    if errors:
        result.failures.append(f"the clients received {len(errors)} errors, the first: {errors[0]}")
    if disorder:
        result.failures.append(
            f"{len(disorder)} state messages missing or out of order, the first: {disorder[0]}"
        )
    if checked.unmatched_sent:
        result.failures.append(
            f"{checked.unmatched_sent} human moves sent are not in the records or had no state"
        )
    if len(runs) != total:
        result.failures.append(f"{len(runs)} of {total} tables were made")
    counts: dict[str, int] = {}
    for run in runs:
        counts[run.plan.spec.label] = counts.get(run.plan.spec.label, 0) + 1
    state_moves = sum(run.spectator.last_state["moves"] for run in runs if run.spectator.last_state)
    wall = figures["wall_seconds"]
    server_cpu = figures["server_cpu_seconds"]
    latencies = checked.latencies
    figures.update(
        {
            "tables": total,
            "tables_at_once": args.tables,
            "games_per_table": args.games,
            "games": counts,
            "humans_per_table": args.humans,
            "bots": args.bots,
            "websockets": sum(len(run.clients) for run in runs[: args.tables]),
            "moves": state_moves,
            "human_moves": checked.human_moves,
            "bot_moves": checked.bot_moves,
            "messages_received": sum(log.messages for run in runs for log in run.clients),
            "moves_per_second": state_moves / wall if wall else 0.0,
            "moves_per_server_cpu_second": state_moves / server_cpu if server_cpu else 0.0,
            "latency_ms": {
                "moves": len(latencies),
                "p50": 1000 * percentile(latencies, 50) if latencies else None,
                "p99": 1000 * percentile(latencies, 99) if latencies else None,
                "max": 1000 * max(latencies) if latencies else None,
            },
            "errors": len(errors),
            "disorder": len(disorder),
            "records_matched": checked.matched,
            "api_moves": api_moves,
            "api_moves_per_second": api_moves / api_wall if api_wall else 0.0,
            "api_moves_per_cpu_second": api_moves / api_cpu if api_cpu else 0.0,
        }
    )


def mib(kib: int | None) -> str:
    """``123.4 MiB``."""
    return "-" if kib is None else f"{kib / 1024:.1f} MiB"


def print_report(result: Result, passed: bool) -> None:
    """The figures as a small table, and the PASS or FAIL line."""
    f = result.figures
    print(f"$ {result.command}")
    print(
        f"machine: {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()} {platform.system()}"
    )
    rows: list[tuple[str, str]] = []
    if "moves" in f:
        games = ", ".join(f"{n} {label}" for label, n in f["games"].items())
        latency = f["latency_ms"]
        rows += [
            ("tables", f"{f['tables']} ({games}), {f['tables_at_once']} at once"),
            (
                "seats",
                f"{f['humans_per_table']} human per table, bots {', '.join(f['bots'])}",
            ),
            ("websockets", f"{f['websockets']} at once (seats and spectators)"),
            (
                "moves",
                f"{f['moves']} ({f['human_moves']} human, {f['bot_moves']} bot), "
                f"{f['messages_received']} messages received",
            ),
            ("wall time", f"{f['wall_seconds']:.2f} s"),
            ("server moves/s", f"{f['moves_per_second']:.0f}"),
            (
                "server CPU",
                f"{f['server_cpu_seconds']:.2f} s, "
                f"{f['moves_per_server_cpu_second']:.0f} moves per CPU-second",
            ),
            ("clients' CPU", f"{f['client_cpu_seconds']:.2f} s (this process)"),
            (
                "API moves/s",
                f"{f['api_moves_per_second']:.0f} ({f['api_moves']} moves in process, "
                f"legal_moves + apply_move; {f['api_moves_per_cpu_second']:.0f} per CPU-second)",
            ),
        ]
        if latency["moves"]:
            rows.append(
                (
                    "move -> state",
                    f"p50 {latency['p50']:.1f} ms, p99 {latency['p99']:.1f} ms, "
                    f"max {latency['max']:.1f} ms ({latency['moves']} human moves)",
                )
            )
        rows += [
            (
                "server memory",
                f"RSS {mib(f['server_rss_before_kib'])} before the tables, "
                f"{mib(f['server_rss_end_kib'])} at the end, "
                f"peak {mib(f['server_rss_peak_kib'])}",
            ),
            ("errors", f"{f['errors']} error messages, {f['disorder']} states missing"),
            ("records", f"{f['records_matched']} of {f['tables']} replay to the final state"),
        ]
        if "restart_intact" in f:
            rows.append(
                (
                    "after restart",
                    f"{f['restart_intact']} of {f['tables']} tables intact "
                    f"(first server's exit status {f['server_exit_status']})",
                )
            )
    width = max((len(name) for name, _ in rows), default=0)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")
    for failure in result.failures[:20]:
        print(f"  failure: {failure}")
    if len(result.failures) > 20:
        print(f"  ... and {len(result.failures) - 20} more failures")
    if passed:
        print(
            f"PASS: {f['tables']} games, {f['moves']} moves, no error, every record replays to "
            "its final state and every table survives a restart"
        )
    else:
        print(f"FAIL: {len(result.failures)} failures, the first: {result.failures[0]}")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The options."""
    parser = argparse.ArgumentParser(
        description=(
            "A bounded load test of the web server on loopback: tables of bots and websocket "
            "clients playing at once. It reports moves per second (beside the same moves "
            "through the library), the latency from a move to its state message, the "
            "server's memory and CPU time, and checks that nothing was lost: every record "
            "replays to its final state, and every table survives a restart."
        ),
    )
    parser.add_argument(
        "--tables",
        type=int,
        default=50,
        metavar="N",
        help="tables playing at once: Sticheln 4p, Hattrick 4p, Stichling 3p in turn (default: 50)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=1,
        metavar="G",
        help="games per table, a new table for each (default: 1)",
    )
    parser.add_argument(
        "--humans",
        type=int,
        default=2,
        metavar="H",
        help="human seats per table, each played by a websocket client (default: 2)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        dest="bots",
        metavar="SPEC",
        help=(
            "the bot of the other seats, in turn if given more than once: random, heuristic "
            "or ismcts:time=SECONDS (default: heuristic and random)"
        ),
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the deals and the clients' moves (default: 0)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=300.0,
        metavar="SECONDS",
        help="the run fails if it takes longer (default: 300)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the figures as JSON instead of a table"
    )
    args = parser.parse_args(argv)
    args.bots = args.bots or ["heuristic", "random"]
    if args.tables < 1 or args.games < 1:
        parser.error("--tables and --games must be at least 1")
    if not 0 <= args.humans <= min(spec.players for spec in GAMES):
        parser.error("--humans must be from 0 to 3 (Stichling is played by 3)")
    if args.tables * (args.humans + 1) > MAX_CONNECTIONS:
        parser.error(
            f"--tables {args.tables} with {args.humans} humans need "
            f"{args.tables * (args.humans + 1)} websockets; the server allows {MAX_CONNECTIONS}"
        )
    if args.timeout <= 0:
        parser.error("--timeout must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test and report; the exit status."""
    args = parse_args(argv)
    command = shlex.join(["python", sys.argv[0], *(sys.argv[1:] if argv is None else argv)])
    result = Result(command=command)
    with tempfile.TemporaryDirectory(prefix="sticheln-web-load-") as directory:
        try:
            asyncio.run(load_test(args, Path(directory), result))
        except Exception as exc:  # a bug of the server or of this script: still say FAIL
            traceback.print_exc()
            result.failures.append(f"the load test stopped on {exc!r}")
    passed = not result.failures
    if args.json:
        print(
            json.dumps(
                {"command": command, "pass": passed, "failures": result.failures, **result.figures},
                indent=2,
            )
        )
    else:
        print_report(result, passed)
    return 0 if passed else EXIT_FAIL


if __name__ == "__main__":
    sys.exit(main())
