"""The web server's memory at its connection limit, with every other client a slow reader.

It starts the real server (``python -m sticheln serve``) on a free port of 127.0.0.1 and
makes ``--tables`` tables of Sticheln for 6 (the game with the largest messages), each with
one person's seat and five random bots. Each table gets ``--slow`` spectators that join
and then never read a byte (raw sockets with a receive buffer of 4 KiB), and one client
that plays the person's seat to the end of the game, reading everything. So every slow
client is sent a whole game (about 150 kB of events and 3.6 MB of states) that it never
reads.

It prints the server's resident memory before the clients connect, once they have all
joined, and its peak while the games are played, beside the bound that the limits give
(per slow client: ``max_queued_bytes`` of waiting events, the newest state, and the
transport's write buffer), and counts the clients the server closed for reading too slowly
(each must be). Run it with::

    python benchmarks/web_slow_readers.py [--tables 16] [--slow 30] [--timeout 600]
        [--server-src DIR]

``--server-src`` runs the server of another source tree (its ``src`` directory, such as a
``git worktree`` of an earlier revision), to measure it beside this one.

The defaults make 16 x 31 = 496 websockets, at the server's limit of 500.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import platform
import socket
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from web_load import Server
from websockets.asyncio.client import connect

from sticheln.web.limits import Limits

TRANSPORT_HIGH_WATER = 64 * 1024
"""The write buffer of an asyncio transport above which Uvicorn waits before it sends more
(asyncio's default high-water mark)."""

LARGEST_STATE = 11_200
"""About the largest ``state`` message of Sticheln for 6, in bytes (measured)."""


def slow_client(host: str, port: int, table_id: str) -> socket.socket:
    """A websocket opened by hand, joined as a spectator, that never reads again."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/{table_id} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    if not answer.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"the handshake was refused: {answer[:80]!r}")
    payload = json.dumps({"type": "join", "token": None}).encode()
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    sock.sendall(struct.pack("!BB", 0x81, 0x80 | len(payload)) + mask + masked)
    return sock


async def play_seat(url: str, token: str) -> int:
    """Play the seat of ``token`` to the end of the game (its first legal move each time);
    the moves of the game. A move sent again before the state of the first one arrived
    (several seats act at once at times) is refused as not the seat's turn: that is no
    failure."""
    async with connect(url, max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "error" and message["code"] != "not-your-turn":
                raise RuntimeError(f"the server answered an error: {message}")
            if message["type"] != "state":
                continue
            if message["over"]:
                return int(message["moves"])
            if message["legal"]:
                await ws.send(json.dumps({"type": "move", "move": message["legal"][0]["move"]}))


async def measure(args: argparse.Namespace, workdir: Path, slow: int) -> dict[str, Any]:
    """Play the tables with ``slow`` never-reading spectators each, on a fresh server; its
    memory figures (KiB), the clients it closed, the moves and the time."""
    name = f"slow{slow}"
    server = Server(workdir / f"{name}.sqlite3", workdir / f"{name}.log", None, args.tables)
    server.start()
    sockets: list[socket.socket] = []
    try:
        async with httpx.AsyncClient(timeout=60.0) as http:
            await server.wait_ready(http)
            before = server.memory_kib()["VmRSS"]
            tables = []
            for _ in range(args.tables):
                response = await http.post(
                    f"{server.base}/api/tables",
                    json={"game": "sticheln", "players": 6, "seats": ["human"] + ["random"] * 5},
                )
                if response.status_code != 201:
                    raise RuntimeError(f"POST /api/tables: {response.status_code} {response.text}")
                tables.append(response.json())
        for table in tables:
            for _ in range(slow):
                sockets.append(slow_client("127.0.0.1", server.port, table["id"]))
        await asyncio.sleep(1.0)
        joined = server.memory_kib()["VmRSS"]
        started = time.perf_counter()
        base = f"ws://127.0.0.1:{server.port}"
        async with asyncio.timeout(args.timeout):
            moves = await asyncio.gather(
                *(
                    play_seat(
                        f"{base}/ws/{table['id']}",
                        table["seats"][0]["link"].partition("#seat=")[2],
                    )
                    for table in tables
                )
            )
        played = time.perf_counter() - started
        memory = server.memory_kib()
        log = server.log_path.read_text(errors="replace")
    finally:
        for sock in sockets:
            sock.close()
        server.stop()
    return {
        "before": before,
        "joined": joined,
        "peak": memory["VmHWM"],
        "slow": len(sockets),
        "closed": log.count("closing a websocket that reads too slowly"),
        "moves": moves,
        "seconds": played,
        "problems": [line for line in log.splitlines() if "Traceback" in line or "ERROR" in line],
    }


async def run(args: argparse.Namespace, workdir: Path) -> int:
    """Measure the tables without slow readers (the reference), then with them; print."""
    alone = await measure(args, workdir, 0)
    crowded = await measure(args, workdir, args.slow)
    limits = Limits()
    bound = limits.max_queued_bytes + LARGEST_STATE + TRANSPORT_HIGH_WATER
    clients = crowded["slow"]
    extra = (crowded["peak"] - alone["peak"]) * 1024 / max(clients, 1)
    print(f"$ python benchmarks/web_slow_readers.py {' '.join(sys.argv[1:])}".rstrip())
    print(
        f"machine: {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs"
    )
    print(f"  tables          {args.tables} (Sticheln for 6: one person, five random bots)")
    print(
        f"  websockets      {clients + args.tables} ({clients} never reading, "
        f"{args.tables} playing); the server's limit is {limits.max_connections}"
    )
    for label, run_ in (("no slow reader", alone), ("slow readers", crowded)):
        print(
            f"  {label:<15} {len(run_['moves'])} games, {sum(run_['moves'])} moves in "
            f"{run_['seconds']:.1f} s; RSS {run_['before'] / 1024:.1f} MiB before, "
            f"{run_['joined'] / 1024:.1f} MiB joined, peak {run_['peak'] / 1024:.1f} MiB"
        )
    print(f"  closed 1008     {crowded['closed']} of {clients} slow clients")
    print(
        f"  per slow client {extra / 1024:.1f} KiB at the peak (beside the run without them); "
        f"bound {bound / 1024:.0f} KiB (queue {limits.max_queued_bytes // 1024} KiB + newest "
        f"state ~{LARGEST_STATE // 1024} KiB + transport {TRANSPORT_HIGH_WATER // 1024} KiB)"
    )
    print(
        f"  at the limit    {limits.max_connections} slow clients: at most "
        f"{limits.max_connections * bound / 2**20:.0f} MiB of messages, "
        f"{limits.max_connections * extra / 2**20:.0f} MiB at the cost measured here"
    )
    problems = alone["problems"] + crowded["problems"]
    for line in problems[:10]:
        print("  server log:", line)
    ok = crowded["closed"] == clients and not problems
    print(
        "PASS" if ok else "FAIL",
        f": {crowded['closed']} of {clients} slow readers closed, "
        f"{len(problems)} errors in the servers' logs",
    )
    return 0 if ok else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16, help="tables (default: 16)")
    parser.add_argument("--slow", type=int, default=30, help="slow readers per table (default: 30)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds (default: 600)")
    parser.add_argument(
        "--server-src", type=Path, default=None, help="the src directory the server runs from"
    )
    args = parser.parse_args()
    if args.server_src is not None:
        os.environ["PYTHONPATH"] = str(args.server_src.resolve())
    with tempfile.TemporaryDirectory(prefix="sticheln-slow-") as workdir:
        sys.exit(asyncio.run(run(args, Path(workdir))))


if __name__ == "__main__":
    main()
