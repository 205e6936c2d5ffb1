"""Helpers of the web server's tests: make tables, follow a table's websocket as a seat or a
spectator while checking every message against a replay of the server's moves."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from sticheln import SPECTATOR, find_game
from sticheln.core.references import resolve
from sticheln.web import Limits, create_app
from sticheln.web.security import Access
from sticheln.web.tables import HISTORY, Table

CARD = re.compile(r"(?<![A-Za-z0-9])[RYGBPA](?:[0-9]|1[0-9]|20)(?![0-9])")
"""A card name inside a text (``R7``, ``B11``), not part of a longer word or number."""


def card_names(data: object) -> set[str]:
    """Every card name in any text (key or value) of a JSON value."""
    found: set[str] = set()
    if isinstance(data, str):
        found.update(CARD.findall(data))
    elif isinstance(data, dict):
        for key, value in data.items():
            found |= card_names(key) | card_names(value)
    elif isinstance(data, list):
        for value in data:
            found |= card_names(value)
    return found


@contextmanager
def server(db: Path, access: Access | None = None, **limits: Any) -> Iterator[TestClient]:
    """A running server on the SQLite file ``db`` (its lifespan started and stopped), that
    answers to the test client's host name, ``testserver``."""
    access = access or Access(hosts=("testserver",))
    with TestClient(create_app(db, limits=Limits(**limits), access=access)) as client:
        yield client


def create(client: TestClient, game: str, seats: list[str], **fields: Any) -> dict[str, Any]:
    """Make a table and return the 201 answer."""
    response = client.post(
        "/api/tables", json={"game": game, "players": len(seats), "seats": seats, **fields}
    )
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def tokens(answer: dict[str, Any]) -> dict[int, str]:
    """The join token of each human seat, read from its link's fragment."""
    found = {}
    for seat in answer["seats"]:
        if seat["kind"] == "human":
            path, _, fragment = seat["link"].partition("#seat=")
            assert path == f"/table/{answer['id']}"
            found[seat["seat"]] = fragment
    return found


def server_table(client: TestClient, table_id: str) -> Table:
    """The server's table object (its moves are read to replay them)."""
    table: Table = client.app.state.manager.tables[table_id]  # type: ignore[attr-defined]
    return table


class Follower:
    """A websocket of a table, as a seat (or a spectator: ``seat`` ``None``), that checks
    every message it reads: the events and the state of move N against a replay of the
    server's first N moves (the view equal to ``observe`` of the replayed state, the legal
    moves equal to the engine's, and no card name that the seat's views before and after the
    move do not show)."""

    def __init__(self, ws: WebSocketTestSession, table: Table, seat: int | None) -> None:
        self.ws = ws
        self.table = table
        self.game = table.game
        self.seat = seat
        self.state: Any = None
        self.moves = 0
        self.last: dict[str, Any] = {}
        self.pending_events: dict[str, Any] | None = None
        self.before_cards: set[str] = set()
        self.checked = 0

    def viewer(self) -> int:
        return SPECTATOR if self.seat is None else self.seat

    def view(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.game.observe(state, self.viewer()).to_dict()
        return data

    def join(self, token: str | None) -> dict[str, Any]:
        """Join, read the welcome and the state, and check them."""
        self.ws.send_json({"type": "join", "token": token})
        welcome = self.ws.receive_json()
        assert welcome["type"] == "welcome", welcome
        assert welcome["seat"] == self.seat
        assert "token" not in json.dumps(welcome)
        state = self.ws.receive_json()
        assert state["type"] == "state", state
        self.state = self.game.new_game(self.table.row.players, seed=self.table.row.seed)
        made = state["moves"]
        history = welcome["history"]
        assert [entry["moves"] for entry in history] == list(
            range(made - min(made, HISTORY) + 1, made + 1)
        )
        first = made - len(history)
        for number, move in enumerate(self.table.moves[:made]):
            if number >= first:
                entry = history[number - first]
                assert entry["type"] == "events"
                events = self.game.events(self.state, move, self.viewer())
                assert entry["events"] == [event.to_dict() for event in events]
                allowed = card_names(self.view(self.state))
                allowed |= card_names(self.view(self.game.apply_move(self.state, move)))
                assert card_names(entry) <= allowed, card_names(entry) - allowed
            self.state = self.game.apply_move(self.state, move)
        self.moves = made
        self.check_state(state, set())
        return welcome

    def check_state(self, message: dict[str, Any], allowed_before: set[str]) -> None:
        """Check a state message against the replayed state."""
        game, state = self.game, self.state
        view = self.view(state)
        assert message["moves"] == self.moves
        assert message["view"] == view
        closed = self.table.closed is not None  # a closed table: nobody may act
        assert message["to_act"] == ([] if closed else list(game.players_to_act(state)))
        assert message["over"] == game.is_over(state)
        assert message["scores"] == list(game.scores(state))
        assert message["winners"] == list(game.winners(state))
        assert message["takers"] == list(game.would_take(game.observe(state, self.viewer())))
        legal = (
            game.legal_moves(state, self.seat)
            if not closed and self.seat is not None and self.seat in game.players_to_act(state)
            else ()
        )
        hint = resolve(game.info.move_hint, "the game's move hints")
        expected = []
        for move in legal:
            entry = {"move": move.to_dict(), "text": game.move_text(move)}
            said = None if hint is None else hint(game.observe(state, self.viewer()), move)
            if said is not None:
                entry["hint"] = said
            expected.append(entry)
        assert message["legal"] == expected
        allowed = allowed_before | card_names(view)
        assert card_names(message) <= allowed, card_names(message) - allowed
        self.last = message
        self.checked += 1

    def receive(self) -> dict[str, Any]:
        """Read and check one message; events and state messages advance the replay."""
        message: dict[str, Any] = self.ws.receive_json()
        if message["type"] == "events":
            assert message["moves"] == self.moves + 1, (message["moves"], self.moves)
            before = self.view(self.state)
            move = self.table.moves[self.moves]
            events = self.game.events(self.state, move, self.viewer())
            assert message["events"] == [event.to_dict() for event in events]
            self.state = self.game.apply_move(self.state, move)
            self.moves += 1
            allowed = card_names(before) | card_names(self.view(self.state))
            assert card_names(message) <= allowed, card_names(message) - allowed
            self.pending_events = message
            self.before_cards = card_names(before)
        elif message["type"] == "state":
            assert self.pending_events is not None
            assert message["moves"] == self.moves
            self.check_state(message, self.before_cards)
            self.pending_events = None
        return message

    def receive_error(self, code: str) -> dict[str, Any]:
        """Read an error message of ``code``; check it is one bounded line."""
        message: dict[str, Any] = self.ws.receive_json()
        assert message["type"] == "error", message
        assert message["code"] == code, message
        assert 0 < len(message["message"]) <= 300
        assert "\n" not in message["message"]
        return message

    def last_mover(self) -> int:
        """The seat that made the last move read."""
        return int(self.game.player_of(self.table.moves[self.moves - 1]))


def send_move(follower: Follower, choice: dict[str, Any], as_text: bool) -> None:
    """Send one of the seat's legal moves, as its dict or its text."""
    if as_text:
        follower.ws.send_json({"type": "move", "text": choice["text"]})
    else:
        follower.ws.send_json({"type": "move", "move": choice["move"]})


def play_humans(
    followers: dict[int | None, Follower], rng: random.Random, stop_after: int | None = None
) -> int:
    """Play with human seats only, all followed (the spectator too, under ``None``): the
    first seat to act moves (its move sent as a dict or as its text by turns), then every
    follower reads the events and the state. Stop at the end, or after ``stop_after``
    moves; return the moves made."""
    made = 0
    any_follower = next(iter(followers.values()))
    while not any_follower.last["over"] and (stop_after is None or made < stop_after):
        seat = any_follower.last["to_act"][0]
        mover = followers[seat]
        send_move(mover, rng.choice(mover.last["legal"]), as_text=made % 2 == 1)
        for follower in followers.values():
            assert follower.receive()["type"] == "events"
            assert follower.receive()["type"] == "state"
        made += 1
    return made


def watch_to_end(client: TestClient, table_id: str, timeout: float = 120.0) -> Follower:
    """Join a table as a spectator and read (and check) every message until its game is over;
    the spectator, for its figures."""
    import time

    table = server_table(client, table_id)
    deadline = time.monotonic() + timeout
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        spectator = Follower(ws, table, None)
        spectator.join(None)
        while not spectator.last["over"]:
            assert time.monotonic() < deadline, "the game did not end in time"
            spectator.receive()
    return spectator


def game_of(name: str, preset: str | None = None) -> Any:
    """The game called ``name``."""
    return find_game(name, preset)
