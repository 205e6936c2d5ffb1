"""The chat of a table (``sticheln.web.chat``): lines between the seats over the table's
websocket, bounded in length and rate, cleaned, kept in memory with the table only, read
but not written by spectators; and what an attacker sends it."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")  # the web extra, which CI installs

from starlette.testclient import WebSocketTestSession

from sticheln.web.chat import HISTORY, ChatLog, ChatRate, ChatRefused, chat_text, clean_line
from sticheln.web.limits import Limits
from tests.web_helpers import Follower, create, server, server_table, tokens

HTML = "<img src=x onerror=\"document.title='owned'\"><script>alert(1)</script>"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


def join(stack: ExitStack, client: Any, answer: dict[str, Any], seat: int | None) -> Follower:
    ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
    follower = Follower(ws, server_table(client, answer["id"]), seat)
    follower.join(None if seat is None else tokens(answer)[seat])
    return follower


def say(ws: WebSocketTestSession, text: object) -> None:
    ws.send_json({"type": "chat", "text": text})


def nothing_waits(follower: Follower) -> None:
    """The next message the follower reads is the answer to its ping: nothing else was
    sent to it meanwhile."""
    follower.ws.send_json({"type": "ping"})
    assert follower.ws.receive_json() == {"type": "pong"}


def test_a_seat_s_line_reaches_every_seat_and_spectator_under_its_name(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"], names=["Ann", None])
        ann, other, watcher = (join(stack, client, answer, seat) for seat in (0, 1, None))
        say(ann.ws, "  good   luck\n")
        expected = {"type": "chat", "lines": [{"seat": 0, "name": "Ann", "text": "good luck"}]}
        for follower in (ann, other, watcher):
            assert follower.ws.receive_json() == expected
        say(other.ws, "thanks")
        line = {"seat": 1, "name": "Player 2", "text": "thanks"}
        for follower in (ann, other, watcher):
            assert follower.ws.receive_json() == {"type": "chat", "lines": [line]}
        # Whoever joins later reads the lines so far in its welcome.
        late = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
        late.send_json({"type": "join", "token": None})
        welcome = late.receive_json()
        assert welcome["chat"] == [expected["lines"][0], line]


def test_a_spectator_reads_but_cannot_write(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        seat, watcher = join(stack, client, answer, 0), join(stack, client, answer, None)
        say(watcher.ws, "hello from outside")
        error = watcher.receive_error("spectator")
        assert "spectators read the chat" in error["message"]
        assert server_table(client, answer["id"]).chat.history() == []
        nothing_waits(seat)


def test_a_connection_that_has_not_joined_cannot_write(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
        say(ws, "hi")
        error = ws.receive_json()
        assert (error["type"], error["code"]) == ("error", "not-joined")


def test_a_line_too_long_is_refused_and_one_of_the_limit_taken(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        seat = join(stack, client, answer, 0)
        say(seat.ws, "x" * 201)
        error = seat.receive_error("too-long")
        assert error["message"] == "a chat line has at most 200 characters, not 201"
        say(seat.ws, "y" * 4000)  # not even cleaned
        assert seat.receive_error("too-long")["message"] == "a chat line has at most 200 characters"
        say(seat.ws, "z" * 200)
        assert seat.ws.receive_json()["lines"][0]["text"] == "z" * 200


@pytest.mark.parametrize("text", [123, None, ["hi"], {"text": "hi"}, True, "", " \n\t\u200b "])
def test_a_line_that_is_not_text_or_empty_is_refused(db: Path, text: object) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        seat = join(stack, client, answer, 0)
        say(seat.ws, text)
        seat.receive_error("bad-message")
        assert server_table(client, answer["id"]).chat.history() == []


def test_a_flood_is_held_to_five_lines_in_ten_seconds(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        seat, other = join(stack, client, answer, 0), join(stack, client, answer, 1)
        for number in range(8):
            say(seat.ws, f"line {number}")
        for number in range(5):
            assert seat.ws.receive_json()["lines"][0]["text"] == f"line {number}"
        for _ in range(3):
            assert seat.receive_error("too-fast")["message"].startswith(
                "at most 5 chat lines in 10 seconds: wait "
            )
        texts = [line["text"] for line in server_table(client, answer["id"]).chat.history()]
        assert texts == [f"line {number}" for number in range(5)]
        # The other seat's connection has a rate of its own.
        for _ in range(5):
            other.ws.receive_json()
        say(other.ws, "mine")
        assert other.ws.receive_json()["lines"][0]["text"] == "mine"


def test_a_line_names_no_other_table_than_its_websocket_s(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        first = create(client, "stichling", ["human", "human"])
        second = create(client, "stichling", ["human", "human"])
        seat = join(stack, client, first, 0)
        elsewhere = join(stack, client, second, 0)
        seat.ws.send_json({"type": "chat", "text": "psst", "table": second["id"]})
        assert seat.ws.receive_json()["lines"] == [{"seat": 0, "name": "Player 1", "text": "psst"}]
        assert server_table(client, second["id"]).chat.history() == []
        nothing_waits(elsewhere)


def test_html_is_carried_as_text_and_control_characters_dropped(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        seat = join(stack, client, answer, 0)
        say(seat.ws, HTML)
        assert seat.ws.receive_json()["lines"][0]["text"] == HTML
        say(seat.ws, "left\u202eright\x00\x1b[31m\r\nnext")
        assert seat.ws.receive_json()["lines"][0]["text"] == "leftright[31m next"


def test_the_chat_is_not_written_to_the_file(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        seat = join(stack, client, answer, 0)
        say(seat.ws, "a secret plan")
        seat.ws.receive_json()
    assert b"a secret plan" not in db.read_bytes()
    with server(db) as client:
        assert server_table(client, answer["id"]).chat.history() == []


def test_the_log_keeps_the_last_hundred_lines() -> None:
    log = ChatLog()
    for number in range(HISTORY + 5):
        log.add(number % 2, f"P{number % 2}", f"line {number}")
    kept = log.history()
    assert len(kept) == 100
    assert kept[0] == {"seat": 1, "name": "P1", "text": "line 5"}
    assert kept[-1]["text"] == "line 104"


def test_the_rate_frees_a_line_once_the_window_has_passed() -> None:
    rate = ChatRate(Limits(chat_lines=2, chat_window=10.0))
    rate.take(100.0)
    rate.take(101.0)
    with pytest.raises(ChatRefused) as refused:
        rate.take(105.0)
    assert refused.value.code == "too-fast"
    assert refused.value.message == "at most 2 chat lines in 10 seconds: wait 5 s"
    rate.take(110.0)  # the line of 100.0 is out of the window
    with pytest.raises(ChatRefused):
        rate.take(110.5)


def test_cleaning_and_the_length_limit() -> None:
    assert clean_line("a\tb\u00a0 c") == "a b c"
    assert clean_line("\u200bzero\u200dwidth\ufeff") == "zerowidth"
    assert clean_line("Grüße 🃏") == "Grüße 🃏"
    limits = Limits(chat_length=5)
    assert chat_text(" abcde ", limits) == "abcde"
    with pytest.raises(ChatRefused) as refused:
        chat_text("abcdef", limits)
    assert refused.value.code == "too-long"
