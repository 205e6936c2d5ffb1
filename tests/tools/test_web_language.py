"""The web table in English or German: the ``Accept-Language`` negotiation (bounded, whatever
a client sends), the page's language, and each connection hearing the server's texts in its
own language at the same table, while the record keeps none."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")  # the web extra, which CI installs

from sticheln.web.language import MAX_RANGES, negotiate
from tests.web_helpers import create, server, server_table, tokens


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("de", "de"),
        ("DE-at", "de"),
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7", "de"),
        ("fr, en;q=0.5, de;q=0.6", "de"),
        ("en;q=0.5, de;q=0.5", "en"),  # equal weights: the one named first
        ("de;q=0.5, en;q=0.5", "de"),
        ("de;q=0", "en"),  # refused
        ("de;q=0.000, fr", "en"),
        ("*", "en"),
        ("*;q=0.9, de", "de"),
        ("de; q=0.7", "de"),  # white space around the parameter
        ("de;q=1.5", "en"),  # not a weight: skipped
        ("de;q=abc, en", "en"),
        ("de;q=0.5x", "en"),
        ("de;level=1", "en"),
        ("d e, de_DE", "en"),  # not language ranges
        ("x" * 9, "en"),
        ("de-" + "a" * 9, "en"),
        (";;;,,,;q=1", "en"),
        ("\x00de\x7f, \u00fcber, de", "de"),
    ],
)
def test_accept_language_negotiation(header: str | None, language: str) -> None:
    assert negotiate(header) == language


def test_only_the_first_ranges_and_characters_of_a_header_are_read() -> None:
    garbage = ",".join(["zz"] * MAX_RANGES)
    assert negotiate(f"{garbage},de") == "en"
    assert negotiate(",".join(["zz"] * (MAX_RANGES - 1) + ["de"])) == "de"
    assert negotiate(" " * 2000 + "de") == "en"
    assert negotiate("de;q=0.5," * 100_000) == "de"  # a huge header is cut, not refused


def test_the_page_speaks_the_language_the_browser_prefers(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "sticheln", ["human", "random", "random"])
        for path in ("/", f"/table/{answer['id']}", f"/replay/{answer['id']}"):
            german = client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
            assert german.status_code == 200
            assert '<html lang="de">' in german.text
            assert "Accept-Language" in german.headers["vary"]
            english = client.get(path, headers={"Accept-Language": "fr, en;q=0.1"})
            assert '<html lang="en">' in english.text
        for name in ("en", "de"):
            catalogue = client.get(f"/static/i18n/{name}.json")
            assert catalogue.status_code == 200
            assert catalogue.json()["table.heading"]


def _receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind``, those before it read and dropped."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message


def test_each_connection_hears_the_table_in_its_language(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "sticheln", ["human"] * 3, seed=3)
        seats = tokens(answer)
        table_id = answer["id"]
        german = stack.enter_context(client.websocket_connect(f"/ws/{table_id}"))
        german.send_json({"type": "join", "token": seats[0], "language": "de"})
        english = stack.enter_context(client.websocket_connect(f"/ws/{table_id}"))
        english.send_json({"type": "join", "token": seats[1]})
        # no "language" in the join: the Accept-Language header of the websocket decides
        third = stack.enter_context(
            client.websocket_connect(f"/ws/{table_id}", headers={"Accept-Language": "de"})
        )
        third.send_json({"type": "join", "token": seats[2]})
        states = {}
        for name, ws in (("de", german), ("en", english), ("third", third)):
            _receive(ws, "welcome")
            states[name] = _receive(ws, "state")
        # a refusal in the language of the connection
        german.send_json({"type": "move", "move": states["en"]["legal"][0]["move"]})
        refused = _receive(german, "error")
        assert refused["message"] == "dieser Zug gehört Spieler 2; du spielst Spieler 1"
        english.send_json({"type": "move", "move": states["de"]["legal"][0]["move"]})
        assert _receive(english, "error")["message"] == "that move is Player 1's; you play Player 2"
        # everyone picks a pain card, then the seats play until a trick is complete
        heard: dict[str, list[dict[str, Any]]] = {"de": [], "en": [], "third": []}
        sockets = {"de": german, "en": english, "third": third}
        order = ["de", "en", "third"]
        for name in order:
            sockets[name].send_json({"type": "move", "move": states[name]["legal"][0]["move"]})
            for other in order:
                heard[other].append(_receive(sockets[other], "events"))
                states[other] = _receive(sockets[other], "state")
        for _trick_card in range(3):
            mover = order[states["de"]["to_act"][0]]
            sockets[mover].send_json({"type": "move", "move": states[mover]["legal"][0]["move"]})
            for other in order:
                heard[other].append(_receive(sockets[other], "events"))
                states[other] = _receive(sockets[other], "state")
        texts = {name: json.dumps(events, ensure_ascii=False) for name, events in heard.items()}
        assert "ist die ausgespielte Farbe (" not in texts["en"]
        assert " is the lead colour" in texts["en"]
        for name in ("de", "third"):
            assert "ist die ausgespielte Farbe" in texts[name]
            assert " is the lead colour" not in texts[name]
        # the events differ only in their texts: the same values otherwise
        assert len(heard["de"]) == len(heard["en"]) == 6
        # the record keeps no language
        record = client.get(f"/api/tables/{table_id}/record").text
        assert "ausgespielte" not in record
        assert "language" not in record
        assert server_table(client, table_id).moves


def test_a_join_with_an_unknown_language_is_refused(db: Path) -> None:
    with server(db) as client:
        answer = create(client, "sticheln", ["human", "random", "random"])
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            ws.send_json({"type": "join", "token": None, "language": "fr" * 100})
            error = ws.receive_json()
            assert error["type"] == "error"
            assert error["code"] == "bad-message"
            assert error["message"].startswith('"language" must be one of en, de, not ')
            assert len(error["message"]) < 120
            ws.send_json({"type": "join", "token": None, "language": "de"})
            assert ws.receive_json()["type"] == "welcome"


def test_the_lobby_s_preset_titles_and_lines_come_in_the_request_s_language(db: Path) -> None:
    with server(db) as client:
        german = client.get("/api/games", headers={"Accept-Language": "de-DE,de;q=0.9"})
        assert "Accept-Language" in german.headers["vary"]
        notes = {game["name"]: game["preset_notes"] for game in german.json()["games"]}
        assert notes["sticheln"]["nsv"]["title"] == "NSV (englische Regel)"
        assert notes["hattrick"]["passes-hidden"] == {
            "title": "Passen verdeckt",
            "line": "Von einer gepassten Karte sieht man nur die Farbe; die höchste Karte der "
            "beiden Stiche spielt aus.",
        }
        assert notes["stichling"]["tiny"]["title"] == "Winzig"
        english = client.get("/api/games").json()["games"]
        assert english[0]["preset_notes"]["nsv"]["title"] == "NSV (English rules)"
        # The game's own data keeps one definition, in English.
        from sticheln import find_game

        assert find_game("hattrick").info.preset_note("passes-hidden") == (
            "Passes hidden",
            "Only a passed card's colour is shown; the highest card of the two tricks leads.",
        )


def test_the_api_s_refusals_come_in_the_request_s_language(db: Path) -> None:
    with server(db) as client:
        german = {"Accept-Language": "de"}
        missing = client.get("/api/tables/nothing-here/replay/moves", headers=german)
        assert (missing.status_code, missing.json()) == (
            404,
            {"error": "diesen Tisch gibt es nicht"},
        )
        answer = create(client, "sticheln", ["human", "random", "random"])
        playing = client.get(f"/api/tables/{answer['id']}/replay/moves", headers=german)
        assert playing.status_code == 409
        assert playing.json()["error"] == (
            "die Partie ist nicht zu Ende: ihre Wiederholung zeigt alle Hände"
        )
        analysis = client.post(f"/api/tables/{answer['id']}/analysis?seat=7", headers=german)
        assert analysis.json()["error"] == "seat: diese Partie hat die Plätze 0 bis 2, nicht 7"
        english = client.get(f"/api/tables/{answer['id']}/replay/moves")
        assert english.json()["error"] == "the game is not over: its replay shows every hand"


def test_the_chat_s_and_the_timer_s_refusals_in_the_connection_s_language(db: Path) -> None:
    with server(db) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        seats = tokens(answer)
        german = {"Accept-Language": "de"}
        ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}", headers=german))
        ws.send_json({"type": "chat", "text": "hallo"})
        assert _receive(ws, "error")["message"] == "setz dich an den Tisch, bevor du chattest"
        ws.send_json({"type": "take-back"})
        assert _receive(ws, "error")["message"] == (
            "setz dich an den Tisch, bevor du einen Platz zurücknimmst"
        )
        ws.send_json({"type": "join", "token": seats[0], "language": "de"})
        _receive(ws, "state")
        ws.send_json({"type": "chat", "text": "x" * 201})
        assert _receive(ws, "error")["message"] == (
            "eine Chatzeile hat höchstens 200 Zeichen, nicht 201"
        )
        ws.send_json({"type": "chat", "text": " \u200b "})
        assert _receive(ws, "error")["message"] == "die Chatzeile ist leer"
        ws.send_json({"type": "take-back"})
        assert _receive(ws, "error")["message"] == "dieser Tisch hat keine Zugzeit"
        for number in range(6):
            ws.send_json({"type": "chat", "text": f"Zeile {number}"})
        assert _receive(ws, "error")["message"].startswith(
            "höchstens 5 Chatzeilen in 10 Sekunden: warte "
        )
        spectator = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
        spectator.send_json({"type": "join", "token": None, "language": "de"})
        _receive(spectator, "state")
        spectator.send_json({"type": "chat", "text": "hallo"})
        assert _receive(spectator, "error")["message"] == (
            "Zuschauer lesen den Chat mit; schreiben können nur die Spieler"
        )
        english = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
        english.send_json({"type": "join", "token": seats[1]})
        _receive(english, "state")
        english.send_json({"type": "chat", "text": ""})
        assert _receive(english, "error")["message"] == "the chat line is empty"


def test_a_table_closed_as_abandoned_is_told_why_in_each_connection_s_language(
    db: Path,
) -> None:
    with server(db, idle_timeout=0.5) as client, ExitStack() as stack:
        answer = create(client, "stichling", ["human", "human"])
        seats = tokens(answer)
        german = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
        german.send_json({"type": "join", "token": seats[0], "language": "de"})
        english = stack.enter_context(client.websocket_connect(f"/ws/{answer['id']}"))
        english.send_json({"type": "join", "token": seats[1]})
        assert _receive(german, "closed")["reason"] == "0.5 Sekunden lang ist nichts geschehen"
        assert _receive(english, "closed")["reason"] == "nothing happened for 0.5 seconds"


@pytest.mark.parametrize(
    ("seconds", "english", "german"),
    [
        (1, "1 second", "1 Sekunde"),
        (0.5, "0.5 seconds", "0.5 Sekunden"),
        (90, "90 seconds", "90 Sekunden"),
        (60, "1 minute", "1 Minute"),
        (1800, "30 minutes", "30 Minuten"),
        (3600, "1 hour", "1 Stunde"),
        (86400, "24 hours", "24 Stunden"),
    ],
)
def test_a_timeout_as_people_say_it(seconds: float, english: str, german: str) -> None:
    from sticheln.core.i18n import use_language
    from sticheln.web.tables import nobody_joined

    assert nobody_joined(seconds) == f"nobody joined within {english}"
    with use_language("de"):
        assert nobody_joined(seconds) == (
            f"niemand hat sich innerhalb von {german} an den Tisch gesetzt"
        )
