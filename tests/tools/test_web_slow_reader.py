"""A client that never reads, against the real server (Uvicorn on loopback): it is closed
with code 1008 once more than the byte bound waits for it, and the table plays on."""

from __future__ import annotations

import json
import socket
import struct
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")  # with the web extra, from the dev extra, which CI installs
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import httpx
import uvicorn
from websockets.sync.client import connect

from sticheln.web import Limits, create_app
from sticheln.web.tables import TableManager

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from web_slow_readers import slow_client  # the benchmark's never-reading client

BOUND = 8192
"""The byte bound of the test server (``Limits.max_queued_bytes``)."""


@contextmanager
def real_server(db: Path, **limits: Any) -> Iterator[tuple[str, TableManager]]:
    """Uvicorn serving the app on a free port of 127.0.0.1, in a thread; its base URL and
    its table manager."""
    app = create_app(db, limits=Limits(**limits))
    listening = socket.create_server(("127.0.0.1", 0))
    # A small send buffer (inherited by every connection) keeps the kernel from holding
    # much of what the slow client does not read, so that the server's own queue fills.
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_max_size=1 << 20))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        assert thread.is_alive(), "the server stopped"
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}", app.state.manager
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listening.close()


def close_code(sock: socket.socket) -> int | None:
    """Read what the server sent until it closed the connection; the code of its close
    frame, or ``None`` if there was none."""
    sock.settimeout(30)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    at = 0
    while at + 2 <= len(data):
        opcode, length = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if length == 126:
            (length,) = struct.unpack("!H", data[at : at + 2])
            at += 2
        elif length == 127:
            (length,) = struct.unpack("!Q", data[at : at + 8])
            at += 8
        if opcode == 0x8:
            (code,) = struct.unpack("!H", data[at : at + 2])
            return int(code)
        at += length
    return None


@pytest.mark.slow
def test_a_client_that_never_reads_is_closed_and_the_table_plays_on(tmp_path: Path) -> None:
    # Sticheln for 6: one person (this test, reading everything) and five bots; the events of
    # the whole game are about 150 kB, far more than the bound, the transport's buffer
    # (64 kB) and the small socket buffers hold together.
    seats = ["human"] + ["random"] * 5
    with real_server(tmp_path / "web.sqlite3", max_queued_bytes=BOUND) as (address, manager):
        created = httpx.post(
            f"http://{address}/api/tables",
            json={"game": "sticheln", "players": 6, "seats": seats},
        ).json()
        table = manager.tables[created["id"]]
        host, port = address.rsplit(":", 1)
        slow = slow_client(host, int(port), created["id"])
        deadline = time.monotonic() + 30
        while not table.subscribers:  # the slow client has joined
            assert time.monotonic() < deadline
            time.sleep(0.01)
        token = created["seats"][0]["link"].partition("#seat=")[2]
        closed_after = None
        heard = 0
        with connect(f"ws://{address}/ws/{created['id']}") as person:
            person.send(json.dumps({"type": "join", "token": token}))
            deadline = time.monotonic() + 120
            while True:
                assert time.monotonic() < deadline
                message = json.loads(person.recv(timeout=30))
                if message["type"] == "events":
                    heard += len(json.dumps(message, separators=(",", ":")))
                if closed_after is None and not any(
                    client.seat is None and not client.too_slow  # type: ignore[attr-defined]
                    for client in table.subscribers
                ):
                    closed_after = heard
                if message["type"] != "state":
                    continue
                if message["over"]:
                    break
                if message["legal"]:
                    person.send(json.dumps({"type": "move", "move": message["legal"][0]["move"]}))
        assert table.over
        assert closed_after is not None, "the slow client was never closed"
        assert heard > 100_000
        assert closed_after < heard  # closed before the game ended, which went on
        assert close_code(slow) == 1008  # with the reason "reading too slowly"
        deadline = time.monotonic() + 60
        while table.connections:  # the slow client's connection is gone too
            assert time.monotonic() < deadline
            time.sleep(0.05)
        slow.close()
