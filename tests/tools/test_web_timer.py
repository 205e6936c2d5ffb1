"""The move timer of a table (``sticheln.web.timer``): off by default, bounded, counted by
the server; a seat whose time runs out is played by the game's default bot until it takes
control back; no timer fires after the move it was for; it survives a restart."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")  # the web extra, which CI installs

from sticheln.hattrick.bot import HattrickBot
from sticheln.web.limits import Limits
from sticheln.web.tables import TableManager, closed_by_creator
from sticheln.web.timer import MoveTimer
from sticheln.web.validate import parse_table_request
from tests.web_helpers import create, server, server_table, tokens

FAST = {"min_move_time": 0.2}
"""Limits under which a table's timer may be short enough for a test."""


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


def read_until(ws: Any, wanted: Any, limit: int = 400) -> dict[str, Any]:
    """The first message for which ``wanted(message)`` holds."""
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if wanted(message):
            return message
    raise AssertionError("the message never came")


def test_a_table_has_no_timer_unless_asked_for(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "stichling", ["human", "human"])
        assert client.get(f"/api/tables/{answer['id']}").json()["move_time"] is None
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            ws.send_json({"type": "join", "token": tokens(answer)[0]})
            assert ws.receive_json()["clock"] is None
            ws.receive_json()  # the state
            ws.send_json({"type": "take-back"})
            error = ws.receive_json()
            assert (error["code"], error["message"]) == ("no-timer", "this table has no move timer")


@pytest.mark.parametrize(
    ("given", "shown"),
    [("5", "5"), ("601", "601"), ("true", "True"), ('"60"', "'60'"), ("1e999", "inf")],
)
def test_a_timer_out_of_bounds_is_refused(db: Path, given: str, shown: str) -> None:
    body = f'{{"game": "stichling", "seats": ["human", "human"], "move_time": {given}}}'
    with server(db) as client:
        response = client.post(
            "/api/tables", content=body, headers={"Content-Type": "application/json"}
        )
    assert response.status_code == 400
    assert response.json()["error"] == (
        "move_time: null for no timer, or the seconds a seat has to move, from 10 to 600; "
        f"not {shown}"
    )


def test_the_bounds_are_in_the_games_list_and_a_timer_within_them_is_kept(db: Path) -> None:
    with server(db, min_move_time=15, max_move_time=120) as client:
        assert client.get("/api/games").json()["move_time"] == {"min": 15.0, "max": 120.0}
        answer = create(client, "stichling", ["human", "human"], move_time=15)
        assert client.get(f"/api/tables/{answer['id']}").json()["move_time"] == 15.0


def test_a_seat_out_of_time_is_played_by_the_default_bot_until_it_takes_back(db: Path) -> None:
    with server(db, **FAST) as client:
        # Hattrick: one seat acts at a time; the three others are people who never move,
        # so every move made is a bot's.
        answer = create(client, "hattrick", ["human"] * 4, move_time=0.6, seed=5)
        table = server_table(client, answer["id"])
        first = table.game.players_to_act(table.state)[0]
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            ws.send_json({"type": "join", "token": tokens(answer)[first]})
            welcome = ws.receive_json()
            clock = welcome["clock"]
            assert clock["move_time"] == 0.6
            assert [entry["seat"] for entry in clock["left"]] == [first]
            assert 0 < clock["left"][0]["seconds"] <= 0.6
            assert clock["by_bot"] == []
            started = time.monotonic()
            handed = read_until(ws, lambda m: m["type"] == "clock" and first in m["by_bot"])
            assert time.monotonic() - started >= 0.3  # not before its time
            assert handed["left"] == []
            # The default bot (Hattrick's heuristic) makes the seat's move.
            read_until(ws, lambda m: m["type"] == "events")
            assert table.game.player_of(table.moves[0]) == first
            assert isinstance(table.stand_in, HattrickBot)
            ws.send_json({"type": "take-back"})
            back = read_until(ws, lambda m: m["type"] == "clock" and first not in m["by_bot"])
            assert first not in table.timer.by_bot
            assert back["move_time"] == 0.6


def test_a_move_of_its_own_takes_a_seat_back(db: Path) -> None:
    with server(db, **FAST) as client:
        answer = create(client, "stichling", ["human", "human"], move_time=30)
        table = server_table(client, answer["id"])
        seat = table.game.players_to_act(table.state)[0]
        table.timer.by_bot.add(seat)  # as if its time ran out while its bot thinks
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            ws.send_json({"type": "join", "token": tokens(answer)[seat]})
            ws.receive_json()
            state = ws.receive_json()
            ws.send_json({"type": "move", "move": state["legal"][0]["move"]})
            clock = read_until(ws, lambda m: m["type"] == "clock")
        assert clock["by_bot"] == []
        assert seat not in table.timer.by_bot
        assert len(table.moves) == 1


def test_a_reconnecting_seat_reads_the_time_left(db: Path) -> None:
    with server(db, **FAST) as client:
        answer = create(client, "stichling", ["human", "human"], move_time=20)
        table = server_table(client, answer["id"])
        seat = table.game.players_to_act(table.state)[0]
        time.sleep(1.1)
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            ws.send_json({"type": "join", "token": tokens(answer)[seat]})
            clock = ws.receive_json()["clock"]
        left = {entry["seat"]: entry["seconds"] for entry in clock["left"]}
        assert 0 < left[seat] <= 18.9  # the server counted the second gone


def test_the_timer_survives_a_restart(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "stichling", ["human", "human"], move_time=45)
    with server(db) as client:
        table = server_table(client, answer["id"])
        assert table.row.move_time == 45.0
        assert list(table.timer.deadlines) == [0, 1]  # both arrange their points at once


def test_a_file_without_timers_is_brought_up_to_date(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "stichling", ["human", "human"])
    with sqlite3.connect(db) as conn:  # the layout before the timer: version 2
        conn.execute("ALTER TABLE tables DROP COLUMN move_time")
        conn.execute("PRAGMA user_version = 2")
    with server(db) as client:
        assert server_table(client, answer["id"]).row.move_time is None
        timed = create(client, "stichling", ["human", "human"], move_time=60)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (3,)
        rows = dict(conn.execute("SELECT id, move_time FROM tables").fetchall())
    assert rows == {answer["id"]: None, timed["id"]: 60.0}


def manager_table(db: Path, move_time: float, seats: list[str]) -> Any:
    """A started manager and a new table of Hattrick with ``seats`` (in a running loop)."""

    async def make() -> tuple[TableManager, Any]:
        limits = Limits(min_move_time=0.05)
        manager = TableManager(db, limits)
        await manager.start()
        request = parse_table_request(
            {"game": "hattrick", "seats": seats, "move_time": move_time, "seed": 11}, limits
        )
        table, _, _ = await manager.create(request)
        return manager, table

    return make()


def test_no_timer_fires_for_a_move_made_while_it_waited_for_the_lock(db: Path) -> None:
    async def run() -> None:
        manager, table = await manager_table(db, 0.1, ["human"] * 4)
        try:
            seat = table.game.players_to_act(table.state)[0]
            move = table.game.legal_moves(table.state, seat)[0]
            deadline = table.timer.deadlines[seat]
            async with table.lock:  # the move is being made when the time runs out
                playing = asyncio.create_task(manager.play(table, seat, move=move))
                await asyncio.sleep(0.25)
                assert asyncio.get_running_loop().time() > deadline
            await playing
            await asyncio.sleep(0.02)  # the timer's task had its turn at the lock
            assert table.moves == [move]
            assert seat not in table.timer.by_bot
            assert seat not in table.thinking
            nxt = table.game.players_to_act(table.state)[0]
            assert nxt != seat
            assert list(table.timer.deadlines) == [nxt]
        finally:
            await manager.stop()

    asyncio.run(run())


def test_the_timers_stop_when_the_table_is_closed(db: Path) -> None:
    async def run() -> None:
        manager, table = await manager_table(db, 0.1, ["human"] * 4)
        try:
            seat = table.game.players_to_act(table.state)[0]
            assert seat in table.timer.deadlines
            await manager.close(table, "closed", closed_by_creator)
            assert table.timer.deadlines == {}
            await asyncio.sleep(0.25)
            assert table.timer.by_bot == set()
            assert table.moves == []
        finally:
            await manager.stop()

    asyncio.run(run())


class WaitingBot:
    """A bot that chooses the first move once the test lets it."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.go = threading.Event()

    def choose(self, view: Any, moves: Any, rng: Any) -> Any:
        self.asked.set()
        self.go.wait(10)
        return moves[0]


def test_a_taken_back_seat_s_bot_move_is_not_made(db: Path) -> None:
    async def run() -> None:
        manager, table = await manager_table(db, 0.5, ["human"] * 4)
        bot = WaitingBot()
        table.stand_in = bot
        try:
            seat = table.game.players_to_act(table.state)[0]
            for _ in range(500):  # the time runs out, and the bot thinks
                if bot.asked.is_set():
                    break
                await asyncio.sleep(0.01)
            assert seat in table.timer.by_bot
            assert await manager.take_back(table, seat) is True
            assert seat in table.timer.deadlines  # its time starts again
            bot.go.set()
            for _ in range(100):
                if seat not in table.thinking:
                    break
                await asyncio.sleep(0.01)
            assert seat not in table.thinking
            assert table.moves == []
        finally:
            bot.go.set()
            await manager.stop()

    asyncio.run(run())


def test_a_stale_deadline_hands_no_seat_to_a_bot() -> None:
    async def run() -> None:
        fired: list[tuple[int, float]] = []

        def expire(seat: int, deadline: float) -> None:
            fired.append((seat, deadline))

        timer = MoveTimer(30.0)
        timer.update([2], [0, 1, 2], expire)
        old = timer.deadlines[2]
        timer.update([0], [0, 1, 2], expire)  # seat 2 moved: seat 0 is to act
        assert timer.hand_to_bot(2, old) is False
        assert timer.by_bot == set()
        assert timer.hand_to_bot(0, timer.deadlines[0]) is True
        assert timer.by_bot == {0}
        timer.update([0, 1], [0, 1, 2], expire)  # a bot plays seat 0: no time of its own
        assert list(timer.deadlines) == [1]
        timer.update([0, 1], [0, 2], expire)  # seat 1 is no person's
        assert timer.deadlines == {}
        timer.stop()
        assert fired == []

    asyncio.run(run())
