"""What the analysis in the web replay costs the server (``POST /api/tables/{id}/analysis``).

It starts the real server (``python -m sticheln serve``) on a free port of 127.0.0.1 with a
fresh SQLite file and its default budget unless told otherwise, finishes a game of bots for
each game (Sticheln and Hattrick for 4, Stichling for 3, random bots, fixed seeds), and
analyses seat 0 of each through the endpoint, one after the other. It measures:

- per game: the decisions, the wall time of the analysis (from the ``POST`` until ``GET``
  says ``done``), the server's CPU time meanwhile (``utime + stime + cutime + cstime`` of
  ``/proc/PID/stat``, the analyses' processes included) and the wall time per decision, to
  set beside the budget per decision;
- while an analysis runs, against the same measured with none running (the reference, in
  the same run): the latency of ``GET /api/tables/{id}`` (the event loop's answer: median and
  p99 of ``--requests`` requests) and the wall time of a whole game of four random bots on
  another table (the bots' threads: median of ``--games`` games).

Run it with::

    python benchmarks/web_analysis.py [--analysis-time 0.5] [--analysis-samples 20]
        [--requests 200] [--games 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

GAMES = (("sticheln", 4), ("hattrick", 4), ("stichling", 3))
"""The games analysed, with their players."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``python -m sticheln serve`` in a subprocess."""

    def __init__(self, directory: Path, options: list[str]) -> None:
        self.base = f"http://127.0.0.1:{free_port()}"
        command = [sys.executable, "-m", "sticheln", "serve", "--port", self.base.rsplit(":", 1)[1]]
        command += ["--db", str(directory / "web.sqlite3"), "--tables-per-hour", "1000", *options]
        self.log = (directory / "server.log").open("wb")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                self.get("/api/games")
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)

    def request(self, path: str, body: Any = None, method: str | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    def get(self, path: str) -> Any:
        status, answer = self.request(path)
        if status != 200:
            raise SystemExit(f"GET {path}: {status} {answer}")
        return answer

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        # Its own time and that of its analyses' processes, which it has waited for.
        return sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def finished_game(server: Server, game: str, players: int, seed: int) -> str:
    """The id of a table of random bots, once its game is over."""
    body = {"game": game, "players": players, "seats": ["random"] * players, "seed": seed}
    status, answer = server.request("/api/tables", body)
    if status != 201:
        raise SystemExit(f"POST /api/tables: {status} {answer}")
    while not server.get(f"/api/tables/{answer['id']}")["over"]:
        time.sleep(0.02)
    return str(answer["id"])


def bots_game_seconds(server: Server, seed: int) -> float:
    """The wall time of a whole game of Sticheln for four random bots."""
    start = time.perf_counter()
    finished_game(server, "sticheln", 4, seed)
    return time.perf_counter() - start


def latencies(server: Server, table_id: str, count: int) -> list[float]:
    """The seconds of ``count`` requests ``GET /api/tables/{id}``."""
    found = []
    for _ in range(count):
        start = time.perf_counter()
        server.get(f"/api/tables/{table_id}")
        found.append(time.perf_counter() - start)
    return found


def p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(0.99 * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--analysis-time", type=float, default=None)
    parser.add_argument("--analysis-samples", type=int, default=None)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = []
    if args.analysis_time is not None:
        options += ["--analysis-time", str(args.analysis_time)]
    if args.analysis_samples is not None:
        options += ["--analysis-samples", str(args.analysis_samples)]
    with tempfile.TemporaryDirectory() as directory:
        server = Server(Path(directory), options)
        try:
            figures = measure(server, args.requests, args.games)
        finally:
            server.stop()
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"machine: {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs"
    )
    budget = figures["budget"]
    print(
        f"budget: at most {budget['samples']} worlds and {budget['time_per_decision']} s "
        "a decision (the server's)"
    )
    print(f"{'game':<10} {'decisions':>9} {'wall s':>8} {'CPU s':>7} {'wall s/decision':>16}")
    for row in figures["analyses"]:
        print(
            f"{row['game']:<10} {row['decisions']:>9} {row['wall']:>8.1f} {row['cpu']:>7.1f} "
            f"{row['wall'] / max(1, row['decisions']):>16.2f}"
        )
    idle, busy = figures["idle"], figures["analysing"]
    print("                          no analysis    an analysis running   ratio")
    for key, label in (("get_p50", "GET latency p50 (ms)"), ("get_p99", "GET latency p99 (ms)")):
        print(
            f"{label:<26}{idle[key] * 1000:>11.2f}{busy[key] * 1000:>22.2f}"
            f"{busy[key] / idle[key]:>8.2f}"
        )
    print(
        f"{'game of 4 bots (s, median)':<26}{idle['bots_game']:>11.2f}"
        f"{busy['bots_game']:>22.2f}{busy['bots_game'] / idle['bots_game']:>8.2f}"
    )


def measure(server: Server, requests: int, games: int) -> dict[str, Any]:
    tables = [finished_game(server, game, players, 7) for game, players in GAMES]
    probe = tables[0]
    idle = {"get": latencies(server, probe, requests)}
    idle["bots"] = [bots_game_seconds(server, 100 + n) for n in range(games)]
    busy: dict[str, list[float]] = {"get": [], "bots": []}
    analyses = []
    budget: dict[str, Any] = {}
    for (game, _), table_id in zip(GAMES, tables, strict=True):
        cpu = server.cpu_seconds()
        start = time.perf_counter()
        status, answer = server.request(f"/api/tables/{table_id}/analysis?seat=0", method="POST")
        if status not in (200, 202):
            raise SystemExit(f"POST analysis: {status} {answer}")
        # Measured while it runs: the loop's answers, then games of bots, as time allows.
        while answer["status"] == "running":
            if len(busy["get"]) < requests * len(GAMES):
                busy["get"] += latencies(server, probe, 20)
            elif len(busy["bots"]) < games:
                busy["bots"].append(bots_game_seconds(server, 200 + len(busy["bots"])))
            else:
                time.sleep(0.05)
            answer = server.get(f"/api/tables/{table_id}/analysis?seat=0")
        wall = time.perf_counter() - start
        if answer["status"] != "done":
            raise SystemExit(f"the analysis of {game} failed: {answer['error']}")
        budget = {"samples": answer["samples"], "time_per_decision": answer["time_per_decision"]}
        analyses.append(
            {
                "game": game,
                "decisions": len(answer["analysis"]["decisions"]),
                "wall": wall,
                "cpu": server.cpu_seconds() - cpu,
            }
        )
    if not busy["bots"]:
        raise SystemExit("no game of bots finished while an analysis ran: raise the budget")
    summary = {
        "idle": {
            "get_p50": statistics.median(idle["get"]),
            "get_p99": p99(idle["get"]),
            "bots_game": statistics.median(idle["bots"]),
        },
        "analysing": {
            "get_p50": statistics.median(busy["get"]),
            "get_p99": p99(busy["get"]),
            "bots_game": statistics.median(busy["bots"]),
        },
    }
    return {"budget": budget, "analyses": analyses, **summary}


if __name__ == "__main__":
    main()
