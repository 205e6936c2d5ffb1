"""The web server as strangers meet it: deals nobody can predict, tables that cannot be
hoarded, same-origin only, storage faults that lose nothing, and bounded memory per
client."""

from __future__ import annotations

import io
import json
import logging
import os
import random
import re
import sqlite3
import stat
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")  # the web extra, which CI installs

from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from sticheln import find_game
from sticheln.cli import main
from sticheln.web import create_app
from sticheln.web.limits import Limits
from sticheln.web.security import Access
from sticheln.web.store import SCHEMA_VERSION, Store, StoreError
from tests.web_helpers import (
    Follower,
    create,
    play_humans,
    server,
    server_table,
    tokens,
    watch_to_end,
)

JSON = {"content-type": "application/json"}
HUMANS = {"game": "stichling", "players": 2, "seats": ["human", "human"]}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


def fill_disk(client: TestClient) -> None:
    """Let the server's SQLite file grow no more: every later write fails as on a full disk
    (SQLite's own ``database or disk is full``)."""
    connection = client.app.state.manager.store._db  # type: ignore[attr-defined]
    (pages,) = connection.execute("PRAGMA page_count").fetchone()
    connection.execute(f"PRAGMA max_page_count = {pages}")


def free_disk(client: TestClient) -> None:
    """Let the file grow, and be written, again."""
    connection = client.app.state.manager.store._db  # type: ignore[attr-defined]
    connection.execute("PRAGMA max_page_count = 1073741823")
    connection.execute("PRAGMA query_only = 0")


def fail_writes(client: TestClient) -> None:
    """Make every later write of the server's SQLite file fail, as on a disk that turned
    read-only (SQLite's own ``attempt to write a readonly database``)."""
    connection = client.app.state.manager.store._db  # type: ignore[attr-defined]
    connection.execute("PRAGMA query_only = 1")


def fill_up(client: TestClient) -> None:
    """Fill the file so that not even one more row fits: :func:`fill_disk`, then rows of a
    table that does not exist, ever shorter, until not even the shortest fits."""
    fill_disk(client)
    connection = client.app.state.manager.store._db  # type: ignore[attr-defined]
    message = ""
    number = 0
    for size in (400, 100, 20, 1):
        while True:
            number += 1
            try:
                connection.execute(
                    "INSERT INTO moves (table_id, number, move) VALUES ('filler', ?, ?)",
                    (number, "x" * size),
                )
            except sqlite3.OperationalError as exc:
                message = str(exc)
                break
    assert message == "database or disk is full"


def stored_moves(db: Path, table_id: str) -> int:
    with sqlite3.connect(db) as conn:
        (count,) = conn.execute(
            "SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)
        ).fetchone()
    return int(count)


# --- deals nobody can predict -------------------------------------------------------------------


def test_every_table_is_dealt_from_a_seed_of_at_least_128_secret_bits(db: Path) -> None:
    with server(db, tables_per_client=40) as client:
        answers = [create(client, "stichling", ["human", "random"]) for _ in range(30)]
        seeds = [server_table(client, a["id"]).row.seed for a in answers]
        listing = client.get("/api/tables").text
        info = client.get(f"/api/tables/{answers[0]['id']}").json()
    assert all(seed >= 2**128 for seed in seeds)
    assert all(seed < 2**129 for seed in seeds)
    assert len(set(seeds)) == 30
    # The low and the high 64 bits vary: no seed is a small number in disguise.
    assert len({seed & (2**64 - 1) for seed in seeds}) == 30
    assert len({(seed >> 64) & (2**64 - 1) for seed in seeds}) == 30
    for seed in seeds:
        assert str(seed) not in listing
    assert "seed" not in {key for key in info if key != "seed_chosen"}
    assert info["seed_chosen"] is False
    with sqlite3.connect(db) as conn:
        kept = dict(conn.execute("SELECT id, seed FROM tables").fetchall())
    assert {int(kept[a["id"]]) for a in answers} == set(seeds)  # kept exactly, as text


def test_a_finished_tables_record_shows_its_seed_and_deals_again(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "stichling", ["random", "random"])
        table = server_table(client, answer["id"])
        watch_to_end(client, answer["id"])
        record = json.loads(client.get(f"/api/tables/{answer['id']}/record").text)
    assert record["seed"] == table.row.seed
    game = find_game("stichling")
    dealt = game.new_game(2, seed=record["seed"])
    assert game.observe(dealt, 0) == game.observe(game.replay_from_json(json.dumps(record))[0], 0)


def test_every_seat_hears_when_the_creator_chose_the_deals(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        chosen = create(client, "stichling", ["human", "human"], seed=1234)
        drawn = create(client, "stichling", ["human", "human"])
        assert chosen["seed_chosen"] is True
        assert drawn["seed_chosen"] is False
        for answer, expected in ((chosen, True), (drawn, False)):
            table = server_table(client, answer["id"])
            for seat, token in [*tokens(answer).items(), (None, None)]:
                ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
                welcome = Follower(ws, table, seat).join(token)
                assert welcome["table"]["seed_chosen"] is expected
        assert server_table(client, chosen["id"]).row.seed == 1234


# --- tables that cannot be hoarded --------------------------------------------------------------


def test_one_client_cannot_hold_every_table(db: Path) -> None:
    with server(db, tables_per_client=3, max_tables=5) as client:
        for _ in range(3):
            assert client.post("/api/tables", json=HUMANS).status_code == 201
        refused = client.post("/api/tables", json=HUMANS)
        assert refused.status_code == 429
        assert refused.json()["error"].startswith("you have 3 tables in play, the most one")
        other = TestClient(client.app, client=("198.51.100.7", 4000))
        assert other.post("/api/tables", json=HUMANS).status_code == 201
        assert other.post("/api/tables", json=HUMANS).status_code == 201
        # The server's own limit is reached: 503, for everyone.
        full = TestClient(client.app, client=("198.51.100.8", 4000))
        assert full.post("/api/tables", json=HUMANS).status_code == 503
    with server(db, tables_per_client=3, max_tables=50) as client:  # after a restart
        assert client.post("/api/tables", json=HUMANS).status_code == 429


def test_one_client_makes_at_most_so_many_tables_an_hour(db: Path) -> None:
    bots = {"game": "stichling", "players": 2, "seats": ["random", "random"]}
    with server(db, tables_per_hour=4, tables_per_client=10) as client:
        made = [client.post("/api/tables", json=bots) for _ in range(4)]
        assert [response.status_code for response in made] == [201] * 4
        refused = client.post("/api/tables", json=bots)
        assert refused.status_code == 429
        assert refused.json() == {
            "error": "you made 4 tables in the last hour, the most one client may: try again later"
        }
        other = TestClient(client.app, client=("198.51.100.7", 4000))
        assert other.post("/api/tables", json=bots).status_code == 201
        # An hour later (the server's clock moved on), the client may make tables again.
        manager = client.app.state.manager  # type: ignore[attr-defined]
        manager.clock = lambda: time.time() + 3601
        assert client.post("/api/tables", json=bots).status_code == 201


def test_the_list_holds_the_tables_in_play_and_the_last_hundred_others(db: Path) -> None:
    from sticheln.web.app import LISTED_ENDED

    with server(db, tables_per_hour=500, tables_per_client=500) as client:
        playing = create(client, "stichling", ["human", "human"])
        ended = [create(client, "stichling", ["human", "human"]) for _ in range(LISTED_ENDED + 5)]
        for answer in ended:
            closing = {"authorization": f"Bearer {answer['creator_token']}"}
            assert client.delete(f"/api/tables/{answer['id']}", headers=closing).status_code == 200
        listed = [table["id"] for table in client.get("/api/tables").json()["tables"]]
    assert listed == [playing["id"]] + [answer["id"] for answer in ended[5:]]


def test_ipv6_clients_count_by_their_64_network() -> None:
    from sticheln.web.tables import client_key

    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    assert client_key("2001:db8:1:2::1") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.1") == "192.0.2.1"
    assert client_key("192.0.2.1") == "192.0.2.1"
    assert client_key(None) == ""


def test_tables_nobody_joins_are_closed_and_stop_counting(db: Path) -> None:
    with server(db, tables_per_client=2, join_timeout=0.4) as client:
        first = client.post("/api/tables", json=HUMANS).json()
        second = client.post("/api/tables", json=HUMANS).json()
        joined = server_table(client, second["id"])
        with client.websocket_connect(f"/ws/{second['id']}") as ws:
            Follower(ws, joined, 0).join(tokens(second)[0])
        assert client.post("/api/tables", json=HUMANS).status_code == 429
        time.sleep(0.5)
        third = client.post("/api/tables", json=HUMANS)
        assert third.status_code == 201  # the first one was closed as abandoned
        info = client.get(f"/api/tables/{first['id']}").json()
        assert info["status"] == "abandoned"
        assert info["to_act"] == []
        assert client.get(f"/api/tables/{second['id']}").json()["status"] == "playing"
        # Kept for its replay and record, which may now be seen.
        assert client.get(f"/api/tables/{first['id']}/record").status_code == 200
        assert client.get(f"/api/tables/{first['id']}/replay").status_code == 200
        table = server_table(client, first["id"])
        with client.websocket_connect(f"/ws/{first['id']}") as ws:
            seat = Follower(ws, table, 0)
            welcome = seat.join(tokens(first)[0])
            assert welcome["table"]["status"] == "abandoned"
            assert seat.last["legal"] == []
            ws.send_json({"type": "move", "text": "G1"})
            assert "closed" in seat.receive_error("closed")["message"]
    with sqlite3.connect(db) as conn:
        status = dict(conn.execute("SELECT id, status FROM tables").fetchall())
    assert status[first["id"]] == "abandoned"
    assert status[second["id"]] == "playing"


def test_a_join_timeout_that_passed_while_the_server_was_down_closes_at_start(
    db: Path,
) -> None:
    with server(db, join_timeout=3600) as client:
        answer = client.post("/api/tables", json=HUMANS).json()
    time.sleep(0.1)  # the server is down for longer than the join timeout below
    with server(db, join_timeout=0.05) as client:
        assert client.get(f"/api/tables/{answer['id']}").json()["status"] == "abandoned"


def test_tables_where_nothing_happens_are_closed_and_their_players_told(db: Path) -> None:
    with server(db, idle_timeout=0.5) as client:
        answer = create(client, "stichling", ["human", "human"])
        table = server_table(client, answer["id"])
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            seat = Follower(ws, table, 0)
            seat.join(tokens(answer)[0])
            closed = ws.receive_json()  # within about half a second
            assert closed == {
                "type": "closed",
                "status": "abandoned",
                "reason": "nothing happened for 0.5 seconds",
            }
            state = ws.receive_json()
            assert state["type"] == "state"
            assert state["legal"] == []
            assert state["to_act"] == []
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


def test_the_time_of_activity_is_written_at_most_every_minute(db: Path) -> None:
    def written() -> float:
        with sqlite3.connect(db) as conn:
            (active,) = conn.execute("SELECT active FROM tables").fetchone()
        return float(active)

    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        table = server_table(client, answer["id"])
        followers: dict[int | None, Follower] = {}
        for seat, token in tokens(answer).items():
            ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
            followers[seat] = Follower(ws, table, seat)
            followers[seat].join(token)
            ws.send_json({"type": "ping"})  # answered once the join's time is written
            assert ws.receive_json() == {"type": "pong"}
        joined = written()
        assert joined == table.active_written == table.joined_at  # the first join's time
        play_humans(followers, random.Random(5), stop_after=3)
        assert written() == joined  # three moves, all within the minute
        assert table.active_at > joined
        manager = client.app.state.manager  # type: ignore[attr-defined]
        later = time.time() + 61
        manager.clock = lambda: later
        play_humans(followers, random.Random(6), stop_after=1)
        assert written() == later == table.active_at


def test_the_creator_closes_a_table_with_the_creator_token(db: Path) -> None:
    with server(db, tables_per_client=1) as client:
        answer = create(client, "stichling", ["human", "human"])
        path = f"/api/tables/{answer['id']}"
        creator = answer["creator_token"]
        assert len(creator) >= 32
        assert creator not in client.get("/api/tables").text
        assert client.delete(path).status_code == 401
        wrong = client.delete(path, headers={"authorization": f"Bearer {tokens(answer)[0]}"})
        assert wrong.status_code == 403
        assert client.get(path).json()["status"] == "playing"
        table = server_table(client, answer["id"])
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            seat = Follower(ws, table, 1)
            seat.join(tokens(answer)[1])
            closed = client.delete(path, headers={"authorization": f"Bearer {creator}"})
            assert closed.status_code == 200
            assert closed.json()["status"] == "closed"
            assert ws.receive_json() == {
                "type": "closed",
                "status": "closed",
                "reason": "its creator closed the table",
            }
        # Closed tables stop counting, and closing again changes nothing.
        assert client.post("/api/tables", json=HUMANS).status_code == 201
        again = client.delete(path, headers={"authorization": f"Bearer {creator}"})
        assert again.status_code == 200
        assert again.json()["status"] == "closed"
    with sqlite3.connect(db) as conn:
        (status,) = conn.execute(
            "SELECT status FROM tables WHERE id = ?", (answer["id"],)
        ).fetchone()
        (hashes,) = conn.execute(
            "SELECT creator_hash FROM tables WHERE id = ?", (answer["id"],)
        ).fetchone()
    assert status == "closed"
    assert creator not in hashes  # only its hash is kept


def test_a_rematch_is_asked_by_a_seat_of_a_finished_game_within_the_limits(db: Path) -> None:
    with server(db, tables_per_client=1) as client, ExitStack() as stack:
        answer = create(client, "sticheln", ["human"] * 3, preset="tiny")
        table = server_table(client, answer["id"])
        followers: dict[int | None, Follower] = {}
        for seat, token in [*tokens(answer).items(), (None, None)]:
            ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
            followers[seat] = Follower(ws, table, seat)
            followers[seat].join(token)
        with client.websocket_connect(f"/ws/{answer['id']}") as stranger:
            stranger.send_json({"type": "rematch"})  # not joined
            assert stranger.receive_json()["code"] == "not-joined"
        play_humans(followers, random.Random(2))
        followers[None].ws.send_json({"type": "rematch"})
        followers[None].receive_error("spectator")
        # The rematch is a table the client makes: past its limit, none is made.
        other = create(client, "stichling", ["human", "human"])
        followers[0].ws.send_json({"type": "rematch"})
        refused = followers[0].receive_error("too-many-tables")["message"]
        assert refused == "no rematch now: you have 1 table in play, the most one client may"
        assert len(client.get("/api/tables").json()["tables"]) == 2
        # A table closed before its game ended has no rematch.
        creator = {"authorization": f"Bearer {other['creator_token']}"}
        assert client.delete(f"/api/tables/{other['id']}", headers=creator).status_code == 200
        with client.websocket_connect(f"/ws/{other['id']}") as ws:
            ws.send_json({"type": "join", "token": tokens(other)[0]})
            ws.receive_json()
            ws.receive_json()
            ws.send_json({"type": "rematch"})
            assert ws.receive_json()["code"] == "not-over"
        followers[0].ws.send_json({"type": "rematch"})
        assert followers[0].ws.receive_json()["type"] == "rematch"


def test_replay_pages_are_bounded_and_their_query_checked(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "sticheln", ["human"] * 3, preset="tiny")
        table_id = answer["id"]
        frames_path = f"/api/tables/{table_id}/replay/frames"
        assert client.get(f"{frames_path}?from=0").status_code == 409  # hands still hidden
        assert client.get(f"/api/tables/{table_id}/replay/moves").status_code == 409
        table = server_table(client, table_id)
        followers: dict[int | None, Follower] = {}
        for seat, token in tokens(answer).items():
            ws = stack.enter_context(client.websocket_connect(f"/ws/{table_id}"))
            followers[seat] = Follower(ws, table, seat)
            followers[seat].join(token)
        made = play_humans(followers, random.Random(4))
        last = made  # frames 0 to made
        bad = {
            "": f"from: give one whole number from 0 to {last}, not 0 values",
            "from=-1": f"from: give one whole number from 0 to {last}, not '-1'",
            "from=abc": f"from: give one whole number from 0 to {last}, not 'abc'",
            "from=1e3": f"from: give one whole number from 0 to {last}, not '1e3'",
            "from=%D9%A3": f"from: give one whole number from 0 to {last}, not '٣'",
            "from=1&from=2&from=3": f"from: give one whole number from 0 to {last}, not 3 values",
            "from=" + "9" * 400: f"from: give one whole number from 0 to {last}, not '"
            + "9" * 39
            + "… (402 chars)",
            f"from={last + 1}": f"from: {last + 1} is not from 0 to {last}",
            "from=0&count=0": "count: 0 is not from 1 to 50",
            "from=0&count=51": "count: 51 is not from 1 to 50",
            "from=0&count=x": "count: give one whole number from 1 to 50, not 'x'",
        }
        for query, message in bad.items():
            response = client.get(f"{frames_path}?{query}")
            assert response.status_code == 400, query
            assert response.json() == {"error": message}, query
        page = client.get(f"{frames_path}?from={last}&count=50").json()
        assert page["from"] == last
        assert len(page["frames"]) == 1  # the last frame only: no more exist
        assert client.get("/api/tables/nope/replay/frames?from=0").status_code == 404


# --- same origin --------------------------------------------------------------------------------


def test_a_table_is_made_only_from_json(db: Path) -> None:
    body = json.dumps(HUMANS)
    with server(db) as client:
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
            response = client.post("/api/tables", content=body, headers={"content-type": kind})
            assert response.status_code == 415
            assert response.json() == {"error": "body: send it as Content-Type: application/json"}
        assert client.get("/api/tables").json()["tables"] == []
        ok = {"content-type": "application/json; charset=utf-8"}
        assert client.post("/api/tables", content=body, headers=ok).status_code == 201


def test_pages_of_other_sites_cannot_make_or_close_tables(db: Path) -> None:
    with server(
        db, access=Access(hosts=["testserver"], origins=["https://friend.example"])
    ) as client:
        evil = client.post("/api/tables", json=HUMANS, headers={"origin": "https://evil.example"})
        assert evil.status_code == 403
        assert evil.json() == {"error": "pages of another site may not use this server"}
        null = client.post("/api/tables", json=HUMANS, headers={"origin": "null"})
        assert null.status_code == 403
        assert client.get("/api/tables").json()["tables"] == []
        own = client.post("/api/tables", json=HUMANS, headers={"origin": "http://testserver"})
        assert own.status_code == 201
        friend = client.post(
            "/api/tables", json=HUMANS, headers={"origin": "https://friend.example"}
        )
        assert friend.status_code == 201
        answer = own.json()
        close = {
            "origin": "https://evil.example",
            "authorization": f"Bearer {answer['creator_token']}",
        }
        assert client.delete(f"/api/tables/{answer['id']}", headers=close).status_code == 403
        assert client.get(f"/api/tables/{answer['id']}").json()["status"] == "playing"
        # Reading stays open to anyone (browsers keep other sites from reading the answer).
        assert (
            client.get("/api/games", headers={"origin": "https://evil.example"}).status_code == 200
        )


def test_websockets_from_pages_of_other_sites_are_refused(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "stichling", ["human", "human"])
        path = f"/ws/{answer['id']}"
        with (
            pytest.raises(WebSocketDenialResponse) as refused,
            client.websocket_connect(path, headers={"origin": "https://evil.example"}),
        ):
            pass
        assert refused.value.status_code == 403
        assert refused.value.json() == {"error": "pages of another site may not use this server"}
        with client.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
        with client.websocket_connect(path) as ws:  # no Origin: not a browser
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


def test_a_host_the_server_does_not_serve_gets_400(db: Path) -> None:
    with server(db, access=Access(hosts=["play.example.org"])) as client:
        for host in ("testserver", "attacker.example", "", "play.example.org.evil.example"):
            response = client.get("/api/tables", headers={"host": host})
            assert response.status_code == 400, host
            assert response.json() == {"error": "this server does not serve that host name"}
        for host in ("play.example.org", "PLAY.example.org:8443", "localhost:8000", "127.0.0.1"):
            assert client.get("/api/games", headers={"host": host}).status_code == 200, host
        # A page loaded from an address is of the server's own origin: no rebinding there.
        for host in ("192.0.2.7:8000", "10.1.2.3", "[2001:db8::5]:8000"):
            assert client.get("/api/games", headers={"host": host}).status_code == 200, host
        for host in ("192.0.2.7.evil.example", "1.2.3", "[nope]"):
            assert client.get("/api/games", headers={"host": host}).status_code == 400, host
        assert client.get("/api/games", headers={"host": "[::1]:8000"}).status_code == 200
        with (
            pytest.raises(WebSocketDenialResponse) as refused,
            client.websocket_connect("/ws/x", headers={"host": "attacker.example"}),
        ):
            pass
        assert refused.value.status_code == 400


def test_every_response_carries_the_security_headers(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "stichling", ["human", "random"])
        paths = [
            "/",
            f"/table/{answer['id']}",
            f"/replay/{answer['id']}",
            "/rules",
            "/api/games",
            "/api/tables",
            "/static/table.js",
            "/static/sticheln.css",
            "/api/tables/nope",
        ]
        responses = [client.get(path) for path in paths]
        responses.append(client.post("/api/tables", content=b"x"))  # 415
        responses.append(client.get("/api/games", headers={"host": "evil.example"}))  # 400
    for response in responses:
        headers = response.headers
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"


# --- compression ---------------------------------------------------------------------------------

GZIP = {"accept-encoding": "gzip"}


def test_pages_static_files_and_json_are_gzipped_for_clients_that_accept_it(db: Path) -> None:
    from sticheln.web.app import STATIC

    with server(db) as client:
        files = {
            "/": STATIC / "lobby.html",
            "/static/table.js": STATIC / "table.js",
            "/static/sticheln.css": STATIC / "sticheln.css",
        }
        for path, file in files.items():
            response = client.get(path, headers=GZIP)
            assert response.status_code == 200, path
            assert response.headers["content-encoding"] == "gzip", path
            assert "accept-encoding" in response.headers["vary"].lower(), path
            assert response.content == file.read_bytes(), path  # httpx undid the gzip
            assert int(response.headers["content-length"]) < file.stat().st_size, path
            assert response.headers["x-frame-options"] == "DENY", path
        for path in ("/api/games", "/api/rules", "/rules"):
            response = client.get(path, headers=GZIP)
            assert response.headers["content-encoding"] == "gzip", path
        games = client.get("/api/games", headers=GZIP).json()
        assert [game["name"] for game in games["games"]] == ["sticheln", "hattrick", "stichling"]
        plain = client.get("/static/table.js", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers
        assert plain.content == (STATIC / "table.js").read_bytes()


def test_the_answer_holding_the_tokens_is_never_compressed(db: Path) -> None:
    """BREACH: an attacker who chooses the names and sees the answer's length would learn
    the tokens beside them, a character at a time, were the answer compressed."""
    names = [guess * 6 for guess in ("seat=a", "seat=b", "seat=c", "seat=d")]
    body = {"game": "sticheln", "players": 4, "seats": ["human"] * 4, "names": names}
    with server(db) as client:
        response = client.post("/api/tables", json=body, headers=GZIP)
        assert response.status_code == 201
        assert "content-encoding" not in response.headers
        assert len(response.content) > 500  # long enough that gzip would have taken it
        answer = response.json()
        assert len(tokens(answer)) == 4
        closed = client.delete(
            f"/api/tables/{answer['id']}",
            headers={**GZIP, "authorization": f"Bearer {answer['creator_token']}"},
        )
        assert closed.status_code == 200
        assert "content-encoding" not in closed.headers


def test_websockets_are_never_gzipped(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "stichling", ["human", "human"])
        seat = tokens(answer)[0]
        with client.websocket_connect(f"/ws/{answer['id']}", headers=GZIP) as ws:
            ws.send_json({"type": "join", "token": seat})
            welcome = ws.receive_json()  # JSON text as it is, not gzip bytes
            assert welcome["type"] == "welcome"
            assert welcome["seat"] == 0


def test_the_pages_have_no_inline_script_or_style() -> None:
    from sticheln.web.app import STATIC
    from sticheln.web.rules import rules_page

    pages = {path.name: path.read_text(encoding="utf-8") for path in STATIC.glob("*.html")}
    pages["rules"] = rules_page()
    assert {"lobby.html", "table.html", "replay.html"} <= set(pages)
    for name, text in pages.items():
        assert " style=" not in text, name
        assert "<style" not in text, name
        assert not re.search(r"<[^>]*\son[a-z]+\s*=", text), name  # no onclick="..."
        for tag in text.split("<script")[1:]:
            assert tag.split(">", 1)[0].count("src=") == 1, name  # a file, not inline code
            assert tag.split(">", 1)[1].startswith("</script>"), name
    for path in STATIC.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert ".innerHTML" not in text, path.name
        assert 'setAttribute("style"' not in text, path.name


def test_access_refuses_bad_origins_and_types() -> None:
    with pytest.raises(ValueError, match="is not an origin"):
        Access(origins=["example.org"])
    with pytest.raises(ValueError, match="names more than a site"):
        Access(origins=["https://example.org/path"])
    with pytest.raises(TypeError, match="hosts must be a sequence of texts"):
        Access(hosts="example.org")  # type: ignore[arg-type]
    assert Access(origins=["https://Example.org:443/"]).origins == ("https://example.org",)


# --- storage faults -----------------------------------------------------------------------------


def test_a_move_the_full_disk_did_not_take_is_refused_and_nothing_changes(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        table = server_table(client, answer["id"])
        followers: dict[int | None, Follower] = {}
        for seat, token in [*tokens(answer).items(), (None, None)]:
            ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
            followers[seat] = Follower(ws, table, seat)
            followers[seat].join(token)
        play_humans(followers, random.Random(3), stop_after=4)
        before_state, before_moves = table.state, list(table.moves)
        fill_up(client)
        mover = followers[followers[None].last["to_act"][0]]
        choice = mover.last["legal"][0]
        mover.ws.send_json({"type": "move", "move": choice["move"]})
        error = mover.receive_error("storage")
        assert error["message"].startswith("the move was not saved (database or disk is full)")
        assert table.state is before_state
        assert table.moves == before_moves
        assert stored_moves(db, answer["id"]) == 4
        mover.ws.send_json({"type": "ping"})  # the connection stays usable
        assert mover.ws.receive_json() == {"type": "pong"}
        # The others heard nothing of it: the next message the spectator reads is the pong
        # of its own ping.
        followers[None].ws.send_json({"type": "ping"})
        assert followers[None].ws.receive_json() == {"type": "pong"}
        free_disk(client)
        mover.ws.send_json({"type": "move", "move": choice["move"]})
        for follower in followers.values():
            assert follower.receive()["type"] == "events"
            assert follower.receive()["type"] == "state"
        assert stored_moves(db, answer["id"]) == 5


def test_bots_try_again_until_the_disk_takes_their_moves(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="sticheln.web")
    with server(db) as client:
        fail_writes(client)
        answer = client.post(
            "/api/tables", json={"game": "stichling", "players": 2, "seats": ["random"] * 2}
        )
        assert answer.status_code == 503
        assert answer.json()["error"] == (
            "the table could not be saved (attempt to write a readonly database): try again later"
        )
        assert client.get("/api/tables").json()["tables"] == []
        free_disk(client)
        answer = create(client, "hattrick", ["random"] * 4)
        table = server_table(client, answer["id"])
        fail_writes(client)
        time.sleep(1.0)  # the bots try, and try again
        stalled = len(table.moves)
        assert stored_moves(db, answer["id"]) == stalled
        assert "was not saved; it tries again" in caplog.text
        free_disk(client)
        watch_to_end(client, answer["id"])
        assert stored_moves(db, answer["id"]) == len(table.moves) > stalled
        assert "was lost" not in caplog.text


def test_a_damaged_move_row_sets_its_table_aside_and_the_server_serves_the_rest(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with server(db) as client:
        good = create(client, "stichling", ["human", "human"])
        bad = create(client, "stichling", ["human", "human"])
        worse = create(client, "hattrick", ["human"] * 4)
        with ExitStack() as stack:
            followers = {}
            table = server_table(client, bad["id"])
            for seat, token in tokens(bad).items():
                ws = stack.enter_context(client.websocket_connect(f"/ws/{bad['id']}"))
                followers[seat] = Follower(ws, table, seat)
                followers[seat].join(token)
            play_humans(followers, random.Random(1), stop_after=3)  # type: ignore[arg-type]
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE moves SET move = '{not json' WHERE table_id = ? AND number = 1", (bad["id"],)
        )
        conn.execute("UPDATE tables SET seats = 'nope' WHERE id = ?", (worse["id"],))
    caplog.set_level(logging.ERROR, logger="sticheln.web")
    with server(db) as client:
        listing = client.get("/api/tables").json()
        assert [t["id"] for t in listing["tables"]] == [good["id"]]
        damaged = {entry["id"]: entry for entry in listing["damaged"]}
        assert damaged[bad["id"]] == {
            "id": bad["id"],
            "game": "stichling",
            "status": "damaged",
            "reason": "move 2 does not replay",  # the second, counted from 1
        }
        assert damaged[worse["id"]]["game"] is None
        assert damaged[worse["id"]]["reason"] == "its row cannot be read"
        response = client.get(f"/api/tables/{bad['id']}")
        assert response.status_code == 410
        assert "damaged" in response.json()["error"]
        with (
            client.websocket_connect(f"/ws/{bad['id']}") as ws,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            ws.receive_json()
        assert closed.value.code == 4410
        with client.websocket_connect(f"/ws/{good['id']}") as ws:
            Follower(ws, server_table(client, good["id"]), 0).join(tokens(good)[0])
    assert f"table {bad['id']} is damaged and set aside" in caplog.text
    assert "{not json" in caplog.text  # the log has the row
    with sqlite3.connect(db) as conn:  # left in the file as it was
        (text,) = conn.execute(
            "SELECT move FROM moves WHERE table_id = ? AND number = 1", (bad["id"],)
        ).fetchone()
    assert text == "{not json"


def serve_db(db: Path) -> tuple[int, str]:
    err = io.StringIO()
    code = main(["serve", "--port", "0", "--db", str(db)], stdout=io.StringIO(), stderr=err)
    return code, err.getvalue()


def test_a_db_the_server_cannot_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    directory = tmp_path / "dir"
    directory.mkdir()
    text = tmp_path / "notes.txt"
    text.write_text("these are not the tables you are looking for\n" * 100)
    damaged = tmp_path / "damaged.sqlite3"
    Store(damaged).close()
    with sqlite3.connect(damaged) as conn:
        conn.execute("CREATE TABLE filler (x TEXT)")
        conn.executemany("INSERT INTO filler VALUES (?)", [("y" * 500,)] * 200)
    data = bytearray(damaged.read_bytes())
    data[4096 : 4096 * 3] = b"\xff" * (4096 * 2)  # pages of the tables' tree overwritten
    damaged.write_bytes(bytes(data))
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE invoices (n INTEGER)")
    cases = {
        directory: "is a directory, not an SQLite file",
        text: "not a file of tables this server reads: file is not a database",
        damaged: "",
        other: "an SQLite file of something else (it has the tables invoices)",
    }
    for path, words in cases.items():
        code, err = serve_db(path)
        assert code == 2, (path, err)
        assert err.count("\n") == 1, err
        assert err.startswith(f"sticheln: error: --db {path}: "), err
        assert words in err, err
        assert "Traceback" not in err
        assert len(err) < 300
    assert text.read_text().startswith("these are not")  # left as it was


def test_the_file_is_readable_by_its_owner_only(db: Path) -> None:
    old = os.umask(0o022)
    try:
        with server(db) as client:
            create(client, "stichling", ["random", "random"])
            for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
                assert path.exists(), path
                assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    finally:
        os.umask(old)


def test_a_file_of_the_first_layout_is_brought_up_to_date(db: Path) -> None:
    game = find_game("stichling")
    state = game.new_game(2, seed=17)
    first = game.legal_moves(state, game.players_to_act(state)[0])[0]
    with sqlite3.connect(db) as conn:
        conn.executescript(
            """
            CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, preset TEXT NOT NULL,
                players INTEGER NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL,
                names TEXT NOT NULL, token_hashes TEXT NOT NULL, created TEXT NOT NULL,
                status TEXT NOT NULL DEFAULT 'playing');
            CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables(id),
                number INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (table_id, number));
            """
        )
        conn.execute(
            "INSERT INTO tables VALUES ('old', 'stichling', ?, 2, 17, ?, ?, ?, ?, 'playing')",
            (
                game.info.default_preset,
                json.dumps(["human", "random"]),
                json.dumps([None, None]),
                json.dumps(["ab" * 32, None]),
                "2020-01-01T00:00:00+00:00",
            ),
        )
        conn.execute("INSERT INTO moves VALUES ('old', 0, ?)", (json.dumps(first.to_dict()),))
    with server(db) as client:
        info = client.get("/api/tables/old").json()
        assert info["moves"] >= 1
        assert info["status"] == "playing"  # not abandoned by the update
        assert server_table(client, "old").row.seed == 17
    with sqlite3.connect(db) as conn:
        (version,) = conn.execute("PRAGMA user_version").fetchone()
    assert version == SCHEMA_VERSION


def test_a_backup_taken_while_the_server_runs_restores_every_table(
    db: Path, tmp_path: Path
) -> None:
    backup = tmp_path / "backup.sqlite3"
    with server(db) as client:
        answer = create(client, "hattrick", ["human", "random", "random", "random"])
        table = server_table(client, answer["id"])
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            seat = Follower(ws, table, 0)
            seat.join(tokens(answer)[0])
            with sqlite3.connect(db) as conn:  # what docs/web.rst says to run
                conn.execute("VACUUM INTO ?", (str(backup),))
            moves = stored_moves(backup, answer["id"])
            played = list(table.moves[:moves])
    with server(backup) as client:
        restored = server_table(client, answer["id"])
        assert restored.moves[: len(played)] == played
        assert restored.row.token_hashes == table.row.token_hashes
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            Follower(ws, restored, 0).join(tokens(answer)[0])


def test_store_errors_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"is a directory, not an SQLite file$"):
        Store(tmp_path)


def test_limits_of_the_timeouts_and_the_queue() -> None:
    limits = Limits()
    assert (limits.tables_per_client, limits.join_timeout, limits.idle_timeout) == (
        20,
        3600.0,
        86400.0,
    )
    assert limits.max_queued_bytes == 65536
    with pytest.raises(ValueError, match="join_timeout must be a positive number"):
        Limits(join_timeout=0)
    with pytest.raises(TypeError, match="tables_per_client must be an int"):
        Limits(tables_per_client=2.0)  # type: ignore[arg-type]


def test_the_app_answers_to_localhost_by_default(db: Path) -> None:
    with TestClient(create_app(db), base_url="http://localhost:8000") as client:
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games", headers={"host": "testserver"}).status_code == 400


# --- a client's queue ---------------------------------------------------------------------------


class _HeldWebsocket:
    """A websocket whose sends wait until ``release`` is set, recording what was sent."""

    def __init__(self) -> None:
        import asyncio

        self.sent: list[dict[str, Any]] = []
        self.release = asyncio.Event()
        self.closed: tuple[int, str] | None = None
        self.headers: dict[str, str] = {}  # what the handshake sent: no Accept-Language

    async def send_text(self, text: str) -> None:
        await self.release.wait()
        self.sent.append(json.loads(text))

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def _run_queue(messages: list[dict[str, Any]], bound: int = 10_000) -> _HeldWebsocket:
    """Queue ``messages`` on a client whose reader has not read yet, then let it read."""
    import asyncio

    from sticheln.web.connection import Client

    async def run() -> _HeldWebsocket:
        ws = _HeldWebsocket()
        client = Client(ws, bound)  # type: ignore[arg-type]
        writer = client.start_writer()
        await asyncio.sleep(0)  # the writer waits for its first message
        for message in messages:
            client.send(message)
        ws.release.set()
        client.close()
        await asyncio.wait([writer])
        await asyncio.sleep(0)
        return ws

    return asyncio.run(run())


def test_a_slow_client_gets_the_newest_state_and_every_event_in_order() -> None:
    ws = _run_queue(
        [
            {"type": "events", "moves": 1},
            {"type": "state", "moves": 1},
            {"type": "events", "moves": 2},
            {"type": "state", "moves": 2},
            {"type": "events", "moves": 3},
            {"type": "state", "moves": 3},
        ]
    )
    # The first message was taken by the writer before the others came; the states of moves
    # 1 and 2 waited and were replaced by the newest.
    assert [(m["type"], m["moves"]) for m in ws.sent] == [
        ("events", 1),
        ("events", 2),
        ("events", 3),
        ("state", 3),
    ]


def test_the_state_after_a_welcome_is_never_replaced() -> None:
    ws = _run_queue(
        [
            {"type": "pong"},
            {"type": "welcome"},
            {"type": "state", "moves": 4},
            {"type": "events", "moves": 5},
            {"type": "state", "moves": 5},
            {"type": "events", "moves": 6},
            {"type": "state", "moves": 6},
        ]
    )
    assert [(m["type"], m.get("moves")) for m in ws.sent] == [
        ("pong", None),
        ("welcome", None),
        ("state", 4),
        ("events", 5),
        ("events", 6),
        ("state", 6),
    ]


def test_a_client_past_the_byte_bound_is_closed_with_1008() -> None:
    events = [{"type": "events", "moves": n, "pad": "x" * 100} for n in range(1, 30)]
    ws = _run_queue(events, bound=1000)
    assert ws.closed == (1008, "reading too slowly")
    assert len(ws.sent) <= 1  # what the writer had taken before the client was dropped
