"""The web server (``sticheln.web``): its routes, the websocket protocol, the limits, what
each client may see, and that tables survive a restart."""

from __future__ import annotations

import json
import logging
import random
import re
import sqlite3
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")  # the web extra, which CI installs

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sticheln import SPECTATOR, find_game
from sticheln.web.store import Store, TableRow
from sticheln.web.tables import HISTORY
from tests.web_helpers import (
    Follower,
    card_names,
    create,
    play_humans,
    send_move,
    server,
    server_table,
    tokens,
    watch_to_end,
)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


def follow_all(
    client: TestClient, answer: dict[str, Any], stack: Any
) -> dict[int | None, Follower]:
    """A follower per human seat and one spectator (``None``), all joined."""
    table = server_table(client, answer["id"])
    followers: dict[int | None, Follower] = {}
    for seat, token in [*tokens(answer).items(), (None, None)]:
        ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
        followers[seat] = Follower(ws, table, seat)
        followers[seat].join(token)
    return followers


# --- HTTP -----------------------------------------------------------------------------------


def test_games_lists_every_game_with_presets_counts_and_bots(db: Path) -> None:
    with server(db) as client:
        games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    assert set(games) == {"sticheln", "hattrick", "stichling"}
    hattrick = games["hattrick"]
    assert hattrick["title"] == "Hattrick"
    assert hattrick["player_counts"] == [4, 5, 6]
    assert hattrick["default_players"] == 4
    assert hattrick["default_preset"] in hattrick["presets"]
    assert {"random", "heuristic", "ismcts"} <= set(hattrick["bots"])
    assert games["stichling"]["default_players"] == 4


def test_create_table_answers_links_and_stores_only_token_hashes(db: Path) -> None:
    with server(db) as client:
        answer = create(
            client, "sticheln", ["human", "heuristic", "human"], names=["Ann", None, " Bo "]
        )
        table_id = answer["id"]
        assert answer["spectator"] == f"/table/{table_id}"
        assert answer["replay"] == f"/replay/{table_id}"
        kinds = [(s["seat"], s["kind"], s.get("bot")) for s in answer["seats"]]
        assert kinds == [(0, "human", None), (1, "bot", "heuristic"), (2, "human", None)]
        secret = tokens(answer)
        assert len(secret) == 2
        assert all(len(token) >= 32 for token in secret.values())
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["names"][0] == "Ann"
        assert info["names"][2] == "Bo"
        assert info["moves"] in (0, 1)  # the bot may have chosen its pain card already
        assert not info["over"]
        listing = client.get("/api/tables").text
        assert table_id in listing
        for token in secret.values():
            assert token not in listing
            assert token not in client.get(f"/api/tables/{table_id}").text
    raw = db.read_bytes() + (
        db.with_suffix(".sqlite3-wal").read_bytes()
        if db.with_suffix(".sqlite3-wal").exists()
        else b""
    )
    for token in secret.values():
        assert token.encode() not in raw
    with sqlite3.connect(db) as conn:
        (hashes,) = conn.execute("SELECT token_hashes FROM tables").fetchone()
    assert len([h for h in json.loads(hashes) if h]) == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "players": 4, "seats": ["human"] * 4}, "game: no game 'chess'"),
        (
            {"game": "sticheln", "preset": "x", "players": 4, "seats": ["human"] * 4},
            "preset: Sticheln has no preset 'x'",
        ),
        (
            {"game": "hattrick", "players": 7, "seats": ["human"] * 7},
            "players: Hattrick is played by 4 to 6 players, not 7",
        ),
        ({"game": "hattrick", "players": "4", "seats": ["human"] * 4}, "players:"),
        ({"game": "hattrick"}, "players: missing (or give the seats); Hattrick is played by 4"),
        ({"game": "hattrick", "seats": ["human"] * 3}, "players: Hattrick is played by 4 to 6 "),
        ({"game": "hattrick", "players": 4, "seats": ["human"] * 3}, "seats: 3 seats"),
        (
            {"game": "hattrick", "players": 4, "seats": ["human", "random", "foo", "human"]},
            "seats[2]: unknown bot 'foo'",
        ),
        ({"game": "hattrick", "players": 4, "seats": ["human", 3, "human", "human"]}, "seats[1]:"),
        (
            {
                "game": "hattrick",
                "players": 4,
                "seats": ["human", "ismcts:time=999", "random", "random"],
            },
            "seats[1]: time=999",
        ),
        (
            {
                "game": "hattrick",
                "players": 4,
                "seats": ["human", "random:bogus=1", "random", "random"],
            },
            "seats[1]:",
        ),
        (
            {
                "game": "hattrick",
                "players": 4,
                "seats": ["human"] * 4,
                "names": ["x" * 41, None, None, None],
            },
            "names[0]:",
        ),
        ({"game": "hattrick", "players": 4, "seats": ["human"] * 4, "names": ["a"]}, "names:"),
        ({"game": "hattrick", "players": 4, "seats": ["human"] * 4, "seed": -1}, "seed:"),
        ({"game": "hattrick", "players": 4, "seats": ["human"] * 4, "seed": True}, "seed:"),
        (
            {"game": "hattrick", "players": 4, "seats": ["human"] * 4, "colour": 1},
            "colour: unknown field",
        ),
        ([1, 2], "body: must be a JSON object"),
    ],
)
def test_create_table_errors_name_the_bad_field(db: Path, body: Any, field: str) -> None:
    with server(db) as client:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error.startswith(field), error
        assert len(error) <= 300
        assert client.get("/api/tables").json()["tables"] == []


def test_create_table_refuses_bad_json_and_a_body_too_large(db: Path) -> None:
    json_type = {"content-type": "application/json"}
    with server(db) as client:
        response = client.post("/api/tables", content=b"{nope", headers=json_type)
        assert response.status_code == 400
        assert response.json()["error"] == "body: not JSON"
        big = json.dumps({"game": "sticheln", "names": ["x" * 5000]})
        assert client.post("/api/tables", content=big, headers=json_type).status_code == 413


def test_table_limit_answers_503_and_finished_tables_do_not_count(db: Path) -> None:
    with server(db, max_tables=2) as client:
        bots = create(client, "stichling", ["random"] * 2, seed=5)
        create(client, "stichling", ["human", "human"])
        body = {"game": "stichling", "players": 2, "seats": ["human"] * 2}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 503
        assert response.json() == {"error": "2 tables are in play, the limit: try again later"}
        assert len(client.get("/api/tables").json()["tables"]) == 2
        watch_to_end(client, bots["id"])
        assert client.post("/api/tables", json=body).status_code == 201
        assert len(client.get("/api/tables").json()["tables"]) == 3


def test_unknown_tables_answer_404(db: Path) -> None:
    with server(db) as client:
        for path in ("/api/tables/nope", "/api/tables/nope/record", "/api/tables/nope/replay"):
            response = client.get(path)
            assert response.status_code == 404
            assert response.json() == {"error": "no such table"}
        assert client.get("/table/nope").status_code == 404
        assert client.get("/replay/a%2Fb").status_code == 404
        with (
            client.websocket_connect("/ws/nope") as ws,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            ws.receive_json()
        assert closed.value.code == 4404


def test_pages_and_static_files_are_served(db: Path) -> None:
    static = Path(__file__).parents[2] / "src" / "sticheln" / "web" / "static"
    with server(db) as client:
        answer = create(client, "stichling", ["human", "random"])
        pages = {
            "/": "lobby.html",
            f"/table/{answer['id']}": "table.html",
            f"/replay/{answer['id']}": "replay.html",
        }
        for path, name in pages.items():
            response = client.get(path)
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/html")
            assert response.text == (static / name).read_text(encoding="utf-8")
        files = sorted(p for p in static.glob("*") if p.is_file())
        assert {"lobby.js", "table.js", "replay.js", "sticheln.css"} <= {p.name for p in files}
        for path in files:
            response = client.get(f"/static/{path.name}")
            assert response.status_code == 200
            assert response.content == path.read_bytes()
        assert client.get("/static/no-such-file.js").status_code == 404
        assert client.get("/static/../__init__.py").status_code == 404


# --- websocket protocol ------------------------------------------------------------------------


def test_ping_join_and_every_bad_message_keep_the_connection(db: Path) -> None:
    with server(db, max_message_bytes=1000) as client:
        answer = create(client, "hattrick", ["human"] * 4, seed=5)
        secret = tokens(answer)
        table = server_table(client, answer["id"])
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            follower = Follower(ws, table, 0)
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            ws.send_json({"type": "move", "text": "R3"})
            follower.receive_error("not-joined")
            ws.send_text("{not json")
            follower.receive_error("bad-json")
            ws.send_text("x" * 1001)
            assert "1000" in follower.receive_error("too-large")["message"]
            ws.send_text(json.dumps({"type": "ping", "pad": "é" * 600}))  # 1200 bytes of UTF-8
            follower.receive_error("too-large")
            ws.send_bytes(b'{"type": "ping"}')
            follower.receive_error("bad-message")
            ws.send_json({"type": "dance"})
            assert "dance" in follower.receive_error("bad-message")["message"]
            ws.send_json([1, 2])
            follower.receive_error("bad-message")
            ws.send_text("[" * 999)
            follower.receive_error("bad-json")
            ws.send_json({"type": "join", "token": "not-a-token"})
            follower.receive_error("bad-token")
            ws.send_json({"type": "join", "token": 12})
            follower.receive_error("bad-token")
            follower.join(secret[0])
            ws.send_json({"type": "move"})
            follower.receive_error("bad-message")
            ws.send_json({"type": "move", "text": "R3", "move": {}})
            follower.receive_error("bad-message")
            ws.send_json({"type": "move", "text": 12})
            follower.receive_error("bad-message")
            ws.send_json({"type": "move", "move": {"game": "hattrick", "type": "Nonsense"}})
            follower.receive_error("invalid-move")
            ws.send_json({"type": "move", "text": "hello"})
            follower.receive_error("invalid-move")
            hand = follower.last["view"]["hand"]
            legal_texts = {choice["text"] for choice in follower.last["legal"]}
            not_mine = next(
                f"{colour}{value}"
                for colour in "RGB"
                for value in range(1, 21)
                if f"{colour}{value}" not in hand
            )
            ws.send_json({"type": "move", "text": not_mine})
            refused = follower.receive_error("illegal-move")["message"]
            assert refused.endswith(f"{not_mine} is not in your hand")  # seats as people read
            assert "Card(" not in refused  # a person's message, not a programmer's
            stolen = dict(follower.last["legal"][0]["move"], card=not_mine)
            ws.send_json({"type": "move", "move": stolen})
            assert follower.receive_error("illegal-move")["message"] == refused
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            # After all of that, a good move is taken.
            assert legal_texts
            send_move(follower, follower.last["legal"][0], as_text=True)
            assert follower.receive()["type"] == "events"
            assert follower.receive()["type"] == "state"
            assert follower.moves == 1


def test_a_rematch_seats_everyone_again_at_a_new_table(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        names = ["Ada", None, "Cy"]
        answer = create(client, "sticheln", ["human"] * 3, preset="tiny", names=names)
        old = tokens(answer)
        followers = follow_all(client, answer, stack)
        followers[0].ws.send_json({"type": "rematch"})
        assert "over" in followers[0].receive_error("not-over")["message"]
        play_humans(followers, random.Random(5))
        assert followers[None].last["over"]
        followers[0].ws.send_json({"type": "rematch"})
        told = {seat: follower.ws.receive_json() for seat, follower in followers.items()}
        new_id = told[0]["table"]
        assert new_id != answer["id"]
        assert told[None] == {"type": "rematch", "table": new_id, "link": f"/table/{new_id}"}
        new = {}
        for seat in (0, 1, 2):
            message = told[seat]
            assert message["type"] == "rematch"
            assert message["table"] == new_id
            path, _, token = message["link"].partition("#seat=")
            assert path == f"/table/{new_id}"
            new[seat] = token
        assert len(set(new.values())) == 3  # each seat its own new token
        assert not set(new.values()) & set(old.values())
        info = client.get(f"/api/tables/{new_id}").json()
        assert info["game"] == "sticheln"
        assert info["preset"] == "tiny"
        assert info["status"] == "playing"
        assert info["seed_chosen"] is False
        assert [seat["name"] for seat in info["seats"]] == ["Ada", "Player 2", "Cy"]
        assert [seat["kind"] for seat in info["seats"]] == ["human"] * 3
        # Asking again makes no other table: the seat gets its own link again.
        followers[1].ws.send_json({"type": "rematch"})
        assert followers[1].ws.receive_json() == told[1]
        assert len(client.get("/api/tables").json()["tables"]) == 2
        # A seat that comes back to the finished table hears of the rematch after its state.
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            ws.send_json({"type": "join", "token": old[2]})
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["type"] == "state"
            assert ws.receive_json() == told[2]
        # Each new token is its seat's at the new table.
        for seat in (0, 1, 2):
            with client.websocket_connect(f"/ws/{new_id}") as ws:
                ws.send_json({"type": "join", "token": new[seat]})
                welcome = ws.receive_json()
                assert welcome["seat"] == seat
                assert welcome["names"] == ["Ada", "Player 2", "Cy"]


def test_a_spectator_and_other_seats_cannot_move_for_a_seat(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "sticheln", ["human"] * 3, seed=3)
        followers = follow_all(client, answer, stack)
        seat0, seat1, spectator = followers[0], followers[1], followers[None]
        assert spectator.last["view"]["hand"] == []
        assert spectator.last["legal"] == []
        # Everyone chooses a pain card at once: seat 1 may act, but not as seat 0.
        assert spectator.last["to_act"] == [0, 1, 2]
        seat1.ws.send_json({"type": "move", "move": seat0.last["legal"][0]["move"]})
        refused = seat1.receive_error("not-your-turn")["message"]
        assert refused == "that move is Player 1's; you play Player 2"
        spectator.ws.send_json({"type": "move", "move": seat0.last["legal"][0]["move"]})
        spectator.receive_error("spectator")
        spectator.ws.send_json({"type": "move", "text": seat0.last["legal"][0]["text"]})
        spectator.receive_error("spectator")
        # Seats act in any order while several are to act: seat 2 first, then seat 0.
        for seat in (2, 0):
            send_move(followers[seat], followers[seat].last["legal"][0], as_text=False)
            for follower in followers.values():
                follower.receive()
                follower.receive()
        assert spectator.last["to_act"] == [1]
        seat0.ws.send_json({"type": "move", "text": seat0.last["view"]["hand"][0]})
        refused = seat0.receive_error("not-your-turn")["message"]
        assert refused == "it is not your turn; to act: Player 2"
        send_move(seat1, seat1.last["legal"][0], as_text=True)
        for follower in followers.values():
            follower.receive()
            follower.receive()
        # The trick phase: one seat leads, another seat cannot play in its place.
        leader = spectator.last["to_act"][0]
        other = (leader + 1) % 3
        followers[other].ws.send_json(
            {"type": "move", "move": followers[leader].last["legal"][0]["move"]}
        )
        followers[other].receive_error("not-your-turn")
        followers[other].ws.send_json({"type": "ping"})
        assert followers[other].ws.receive_json() == {"type": "pong"}


def test_connection_limits_close_with_1013(db: Path) -> None:
    with server(db, max_connections=2, max_connections_per_table=1) as client:
        first = create(client, "stichling", ["human", "human"])
        second = create(client, "stichling", ["human", "human"])
        with client.websocket_connect(f"/ws/{first['id']}") as ws:
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            with client.websocket_connect(f"/ws/{first['id']}") as refused:
                with pytest.raises(WebSocketDisconnect) as closed:
                    refused.receive_json()
                assert closed.value.code == 1013
            with client.websocket_connect(f"/ws/{second['id']}") as other:
                other.send_json({"type": "ping"})
                assert other.receive_json() == {"type": "pong"}
                third = create(client, "stichling", ["human", "human"])
                with client.websocket_connect(f"/ws/{third['id']}") as refused:
                    with pytest.raises(WebSocketDisconnect) as closed:
                        refused.receive_json()
                    assert closed.value.code == 1013
        # Closed connections are counted out again.
        with client.websocket_connect(f"/ws/{first['id']}") as ws:
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


def test_two_tabs_of_a_seat_hear_the_same_and_reconnecting_gets_the_same_state(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "hattrick", ["human"] * 4, seed=9)
        secret = tokens(answer)
        table = server_table(client, answer["id"])
        path = f"/ws/{answer['id']}"
        with client.websocket_connect(path) as ws_a, client.websocket_connect(path) as ws_b:
            tab_a, tab_b = Follower(ws_a, table, 0), Follower(ws_b, table, 0)
            tab_a.join(secret[0])
            tab_b.join(secret[0])
            send_move(tab_b, tab_b.last["legal"][0], as_text=False)
            assert tab_a.receive() == tab_b.receive()
            assert tab_a.receive() == tab_b.receive()
            last = tab_a.last
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            again = Follower(ws, table, 0)
            again.join(secret[0])
            assert again.last == last


def test_every_move_is_committed_before_anyone_hears_of_it(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"], seed=4)
        followers = follow_all(client, answer, stack)
        rng = random.Random(4)
        for _ in range(6):
            mover = followers[followers[None].last["to_act"][0]]
            send_move(mover, rng.choice(mover.last["legal"]), as_text=False)
            with sqlite3.connect(db) as conn:
                for follower in followers.values():
                    assert follower.receive()["type"] == "events"
                    (count,) = conn.execute("SELECT COUNT(*) FROM moves").fetchone()
                    assert count >= follower.moves
                    follower.receive()


# --- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "preset", "players", "seed"),
    [
        ("sticheln", "nsv", 3, 11),
        pytest.param("hattrick", "passes-hidden", 4, 12, marks=pytest.mark.slow),
        ("stichling", None, 3, 13),
    ],
)
def test_whole_game_between_people_shows_each_only_its_own(
    db: Path, name: str, preset: str | None, players: int, seed: int
) -> None:
    game = find_game(name, preset)
    fields: dict[str, Any] = {"seed": seed}
    if preset is not None:
        fields["preset"] = preset
    with server(db) as client, ExitStack() as stack:
        answer = create(client, name, ["human"] * players, **fields)
        table_id = answer["id"]
        followers = follow_all(client, answer, stack)
        assert client.get(f"/api/tables/{table_id}/record").status_code == 409
        assert client.get(f"/api/tables/{table_id}/replay").status_code == 409
        made = play_humans(followers, random.Random(seed))
        spectator = followers[None]
        assert spectator.last["over"]
        assert all(f.checked == made + 1 for f in followers.values())
        # A move after the end is refused.
        followers[0].ws.send_json({"type": "move", "text": "R1"})
        followers[0].receive_error("game-over")
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["over"]
        assert info["moves"] == made
        assert info["winners"] == spectator.last["winners"]

        record = client.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200
        assert "attachment" in record.headers["content-disposition"]
        first, moves = game.replay_from_json(record.text)
        final = first
        for move in moves:
            final = game.apply_move(final, move)
        assert len(moves) == made
        assert list(game.scores(final)) == spectator.last["scores"]

        replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert replay["game"] == name
        assert replay["players"] == players
        assert replay["names"] == info["names"]
        frames = replay["frames"]
        assert len(frames) == made + 1
        assert frames[0]["move"] is None
        assert frames[0]["player"] is None
        state = game.new_game(players, seed=seed)
        assert frames[0]["view"] == game.observe(state, SPECTATOR).to_dict()
        for frame, move in zip(frames[1:], moves, strict=True):
            assert frame["move"] == move.to_dict()
            assert frame["text"] == game.move_text(move)
            assert frame["player"] == game.player_of(move)
            assert frame["events"] == [e.to_dict() for e in game.events(state, move, SPECTATOR)]
            state = game.apply_move(state, move)
            assert frame["view"] == game.observe(state, SPECTATOR).to_dict()
            assert frame["takers"] == list(game.would_take(game.observe(state, SPECTATOR)))
            assert frame["hands"] == [
                game.observe(state, p).to_dict()["hand"] for p in range(players)
            ]
        assert frames[-1]["view"] == spectator.last["view"]
        # The replay page's two halves of the same frames: every move, then pages of frames.
        index = client.get(f"/api/tables/{table_id}/replay/moves").json()
        for key in ("game", "renderer", "preset", "players", "names"):
            assert index[key] == replay[key]
        assert index["frames"] == made + 1
        light = ("move", "text", "player", "events")
        assert index["moves"] == [{key: frame[key] for key in light} for frame in frames]
        heavy = ("view", "takers", "scores", "hands")
        for start in range(0, made + 1, 7):
            path = f"/api/tables/{table_id}/replay/frames?from={start}&count=7"
            page = client.get(path).json()
            assert page["from"] == start
            expected = [{key: frame[key] for key in heavy} for frame in frames[start : start + 7]]
            assert page["frames"] == expected
        first_page = client.get(f"/api/tables/{table_id}/replay/frames?from=0").json()
        assert len(first_page["frames"]) == min(20, made + 1)  # the default count


def test_whole_game_of_bots_watched_by_a_spectator(db: Path) -> None:
    with server(db, bot_threads=2) as client:
        answer = create(
            client,
            "hattrick",
            ["heuristic", "random", "ismcts:iterations=10", "heuristic"],
            seed=21,
        )
        assert answer["seats"][2]["bot"] == "ismcts:iterations=10:time=0.5"
        table = server_table(client, answer["id"])
        spectator = watch_to_end(client, answer["id"])
        assert spectator.moves == len(table.moves)
        assert client.get(f"/api/tables/{answer['id']}").json()["over"]


@pytest.mark.parametrize(("name", "players"), [("sticheln", 4), ("stichling", 2)])
def test_a_person_plays_a_whole_game_against_bots(db: Path, name: str, players: int) -> None:
    seats = ["human", *(["heuristic", "random", "heuristic"][: players - 1])]
    with server(db) as client:
        answer = create(client, name, seats, seed=31)
        table = server_table(client, answer["id"])
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            me = Follower(ws, table, 0)
            me.join(tokens(answer)[0])
            rng = random.Random(31)
            pending = False
            mine = 0
            if me.last["legal"]:
                send_move(me, rng.choice(me.last["legal"]), as_text=False)
                pending = True
            while not me.last["over"]:
                message = me.receive()
                if message["type"] == "events" and me.last_mover() == 0:
                    pending = False
                    mine += 1
                if message["type"] == "state" and message["legal"] and not pending:
                    send_move(me, rng.choice(message["legal"]), as_text=mine % 2 == 0)
                    pending = True
        assert mine > 0
        assert len(table.moves) == me.moves


# --- restarts ------------------------------------------------------------------------------


def test_a_restarted_server_continues_every_table(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        people = create(client, "sticheln", ["human"] * 3, seed=41)
        followers = follow_all(client, people, stack)
        play_humans(followers, random.Random(41), stop_after=20)
        before = {seat: follower.last for seat, follower in followers.items()}
        mixed = create(client, "hattrick", ["human", "random", "heuristic", "random"], seed=42)
    with server(db) as client, ExitStack() as stack:
        info = client.get(f"/api/tables/{people['id']}").json()
        assert info["moves"] == 20
        assert not info["over"]
        followers = follow_all(client, people, stack)
        assert {seat: follower.last for seat, follower in followers.items()} == before
        play_humans(followers, random.Random(43))
        assert followers[None].last["over"]
        # The mixed table waits for its person; once seat 0 has moved, the bots answer.
        table = server_table(client, mixed["id"])
        with client.websocket_connect(f"/ws/{mixed['id']}") as ws:
            me = Follower(ws, table, 0)
            me.join(tokens(mixed)[0])
            assert me.last["to_act"] == [0]
            send_move(me, me.last["legal"][0], as_text=True)
            while me.moves < 4:
                me.receive()
            assert me.last_mover() == 3


def test_one_app_may_be_started_again(db: Path) -> None:
    from sticheln.web import create_app
    from sticheln.web.security import Access

    app = create_app(db, access=Access(hosts=["testserver"]))
    with TestClient(app) as client:
        answer = create(client, "stichling", ["human", "random"], seed=71)
    with TestClient(app) as client:
        assert client.get(f"/api/tables/{answer['id']}").status_code == 200
        assert len(client.get("/api/tables").json()["tables"]) == 1
        create(client, "stichling", ["human", "random"])


def test_bots_resume_when_the_server_starts(db: Path) -> None:
    game = find_game("hattrick")
    state = game.new_game(4, seed=51)
    first = game.legal_moves(state, 0)[0]
    store = Store(db)
    store.add_table(
        TableRow(
            "resume",
            "hattrick",
            game.info.default_preset,
            4,
            51,
            ("random", "heuristic", "random", "random"),
            (None,) * 4,
            (None,) * 4,
            "2026-01-01T00:00:00+00:00",
        )
    )
    store.add_move("resume", 0, first.to_dict(), at=time.time())
    store.close()
    with server(db) as client:
        table = server_table(client, "resume")
        assert table.moves[0] == first
        spectator = watch_to_end(client, "resume")
    with sqlite3.connect(db) as conn:
        (status,) = conn.execute("SELECT status FROM tables WHERE id = 'resume'").fetchone()
        (count,) = conn.execute("SELECT COUNT(*) FROM moves").fetchone()
    assert status == "over"
    assert count == spectator.moves


def test_tokens_never_reach_the_logs(db: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with server(db) as client:
        answer = create(client, "stichling", ["human", "human"], seed=61)
        secret = tokens(answer)
        table = server_table(client, answer["id"])
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            Follower(ws, table, 0).join(secret[0])
            ws.send_json({"type": "join", "token": secret[1] + "x"})
            assert ws.receive_json()["code"] == "bad-token"
        listing = client.get("/api/tables").text
    assert caplog.records  # the server does log
    for token in secret.values():
        assert token not in caplog.text
        assert token not in listing


def test_card_names_finds_cards_only() -> None:
    assert card_names({"hand": ["R7", "B11"], "rule": "ST-PAIN-1", "x": "A20 P3 not Q5"}) == {
        "R7",
        "B11",
        "A20",
        "P3",
    }


# --- the command ---------------------------------------------------------------------------


def test_serve_without_the_web_extra_says_so_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from sticheln.cli import main, serve

    monkeypatch.setattr(serve, "_has_web_extra", lambda: False)
    out, err = io.StringIO(), io.StringIO()
    assert main(["serve"], stdout=out, stderr=err) == 2
    assert err.getvalue() == (
        'sticheln serve needs the web extra: pip install ".[web]" in a checkout of sticheln\n'
    )
    assert out.getvalue() == ""


def test_serve_help_and_bad_options(tmp_path: Path) -> None:
    import io

    from sticheln.cli import main

    out = io.StringIO()
    assert main(["serve", "--help"], stdout=out, stderr=io.StringIO()) == 0
    for option in ("--host", "--port", "--db", "--max-tables", "--bot-time"):
        assert option in out.getvalue()
    err = io.StringIO()
    code = main(["serve", "--max-tables", "0", "--db", str(tmp_path / "x.db")], stderr=err)
    assert code == 2
    assert "--max-tables" in err.getvalue()
    err = io.StringIO()
    assert main(["serve", "--db", str(tmp_path / "no" / "x.db")], stderr=err) == 2
    assert "--db" in err.getvalue()


def test_serve_listens_prints_its_url_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    db = tmp_path / "served.sqlite3"
    argv = [sys.executable, "-m", "sticheln", "serve", "--port", "0", "--db", str(db)]
    argv += ["--max-tables", "3", "--bot-time", "0.2"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.fullmatch(
            r"sticheln: serving on (http://127\.0\.0\.1:(\d+)/) \(Ctrl-C stops\)\n", line
        )
        assert match, line
        assert int(match.group(2)) > 0  # port 0 asks for a free port, and the line says which
        # Generous limits: on a loaded machine (the tests run in parallel) the server may take
        # seconds to answer its first request, which loads the games.
        deadline = time.monotonic() + 60
        names: list[str] = []
        while not names:
            try:
                with urllib.request.urlopen(match.group(1) + "api/games", timeout=30) as answer:
                    names = [game["name"] for game in json.load(answer)["games"]]
            except OSError:
                assert process.poll() is None
                assert time.monotonic() < deadline, "the server did not answer within 60 s"
                time.sleep(0.1)
        assert names == ["sticheln", "hattrick", "stichling"]
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    # Stopped by Ctrl-C after a clean shutdown: the command's exit code for an interruption.
    assert process.returncode == 130, err
    assert err.endswith(
        "Application shutdown complete.\nINFO:     Finished server process "
        f"[{process.pid}]\nInterrupted.\n"
    ), err
    assert db.is_file()
    assert "Traceback" not in err


def test_serve_on_a_port_in_use_says_so_on_one_line(tmp_path: Path) -> None:
    import io
    import socket

    from sticheln.cli import main

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        err = io.StringIO()
        argv = ["serve", "--port", str(port), "--db", str(tmp_path / "x.sqlite3")]
        assert main(argv, stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue() == (
        f"sticheln: error: cannot listen on 127.0.0.1 port {port}: Address already in use\n"
    )
    assert not (tmp_path / "x.sqlite3").exists()  # nothing was started


def test_importing_sticheln_does_not_import_the_web_server() -> None:
    import subprocess
    import sys

    code = (
        "import sys, sticheln, sticheln.cli, sticheln.web; "
        "print(any(m.split('.')[0] in ('starlette', 'uvicorn') for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "False"


def test_the_rules_page_has_every_rule_at_its_id(db: Path) -> None:
    with server(db) as client:
        page = client.get("/rules")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        rules = client.get("/api/rules").json()["rules"]
        assert len(rules) == 62
        for rule in rules:
            assert f'id="{rule["id"]}"' in page.text
        trick = next(rule for rule in rules if rule["id"] == "ST-TRICK-2")
        assert trick["title"] == "Every other colour is trump"
        assert trick["game"] == "sticheln"
        assert "Every other colour is trump" in page.text
        assert "<script" not in page.text


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"max_tables": "3"}, TypeError, "max_tables must be an int, got '3'"),
        ({"bot_time": None}, TypeError, "bot_time must be a number of seconds, got None"),
        ({"max_tables": 0}, ValueError, "max_tables must be a whole number of at least 1, got 0"),
        ({"bot_time": -1.0}, ValueError, "bot_time must be a positive number of seconds"),
    ],
)
def test_limits_refuse_bad_values_by_name(
    fields: dict[str, Any], error: type[Exception], message: str
) -> None:
    from sticheln.web import Limits

    with pytest.raises(error, match=re.escape(message)):
        Limits(**fields)


def test_a_late_joiner_hears_the_events_of_the_last_moves(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "sticheln", ["human"] * 3, seed=8)
        followers = follow_all(client, answer, stack)
        assert play_humans(followers, random.Random(8), stop_after=HISTORY + 7) == HISTORY + 7
        for seat, token in [(1, tokens(answer)[1]), (None, None)]:
            with client.websocket_connect(f"/ws/{answer['id']}") as ws:
                late = Follower(ws, server_table(client, answer["id"]), seat)
                welcome = late.join(token)  # checks every entry against a replay
                history = welcome["history"]
                assert len(history) == HISTORY
                assert history[0]["moves"] == 8
                assert history[-1]["moves"] == HISTORY + 7
                kinds = {event["type"] for entry in history for event in entry["events"]}
                assert "TrickTaken" in kinds


def test_the_seats_give_the_number_of_players_when_it_is_left_out(db: Path) -> None:
    with server(db) as client:
        response = client.post(
            "/api/tables", json={"game": "stichling", "seats": ["human", "random", "random"]}
        )
        assert response.status_code == 201, response.text
        answer = response.json()
        assert client.get(f"/api/tables/{answer['id']}").json()["players"] == 3


# --- renderers --------------------------------------------------------------------------------


def test_each_game_names_its_renderer_and_a_game_without_one_gets_the_generic(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.core.test_conformance import register_high_card

    register_high_card(monkeypatch)
    package = Path(__file__).parents[2] / "src" / "sticheln"
    with server(db) as client:
        games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
        assert games["high-card"]["renderer"] is None  # drawn by render-generic.js
        for name in ("sticheln", "hattrick", "stichling"):
            url = games[name]["renderer"]
            assert url == f"/static/games/{name}.js"
            module = client.get(url)
            assert module.status_code == 200
            assert module.headers["content-type"].startswith("text/javascript")
            assert module.text == (package / name / "render.js").read_text(encoding="utf-8")
            assert 'from "./' not in module.text  # the page's modules by absolute path
        assert client.get("/static/games/high-card.js").status_code == 404
        assert client.get("/static/games/chess.js").status_code == 404
        answer = create(client, "high-card", ["human", "random", "random"])
        info = client.get(f"/api/tables/{answer['id']}").json()
        assert info["renderer"] is None
        assert info["game"] == "high-card"
        table = server_table(client, answer["id"])
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            seat = Follower(ws, table, 0)
            welcome = seat.join(tokens(answer)[0])
            assert welcome["table"]["renderer"] is None
            assert seat.last["legal"]  # the game is played like any other
        generic = client.get("/static/render-generic.js")
        assert generic.status_code == 200
        rules = client.get("/rules").text
        assert 'id="sticheln"' in rules
        assert "high-card" not in rules  # the rulebook has no rules of it
