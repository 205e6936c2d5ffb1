"""The analysis of a finished game at the server (``POST``/``GET /api/tables/{id}/analysis``):
what it answers for every game, and the threats: bad seats, games still in play, requests
repeated or too many at once, huge ids, a server that stops while one runs, an analysis'
process that dies or runs past its deadline."""

from __future__ import annotations

import io
import logging
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")  # the web extra, which CI installs

from starlette.testclient import TestClient

from sticheln import find_game
from sticheln.analysis import SolverError
from sticheln.cli import main
from sticheln.core import registry
from sticheln.web.analysis import deadline
from sticheln.web.limits import MAX_ANALYSIS_SAMPLES, MAX_ANALYSIS_TIME, Limits
from sticheln.web.text import MAX_ERROR_LENGTH
from tests.core.test_conformance import ROOT, HighCardGame, register_high_card
from tests.web_helpers import create, server, server_table, watch_to_end

QUICK = {"analysis_time": 0.05, "analysis_samples": 3}
"""A small budget per decision: the tests look at what is answered, not at its precision."""

LONG = {"analysis_time": 0.2, "analysis_samples": MAX_ANALYSIS_SAMPLES}
"""A budget that keeps the analysis of a whole game of Sticheln running for seconds (each
decision takes its 0.2 s until the late ones, which the solver settles sooner)."""


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


def finished(client: TestClient, game: str, players: int, preset: str | None = None) -> str:
    """The id of a table of bots playing at random, once its game is over."""
    fields: dict[str, Any] = {} if preset is None else {"preset": preset}
    answer = create(client, game, ["random"] * players, **fields)
    watch_to_end(client, answer["id"])
    return str(answer["id"])


def url(table_id: str, seat: object) -> str:
    return f"/api/tables/{table_id}/analysis?seat={seat}"


def wait_done(client: TestClient, table_id: str, seat: int, timeout: float = 60.0) -> Any:
    """The answer of ``GET`` once the analysis is no longer running."""
    deadline = time.monotonic() + timeout
    while True:
        answer = client.get(url(table_id, seat))
        assert answer.status_code == 200, answer.text
        data = answer.json()
        if data["status"] != "running":
            return data
        assert time.monotonic() < deadline, "the analysis did not end in time"
        time.sleep(0.05)


@pytest.mark.parametrize(
    ("name", "preset", "players"),
    [("sticheln", "tiny", 3), ("hattrick", "tiny", 3), ("stichling", None, 2)],
)
def test_every_game_is_analysed_decision_by_decision(
    db: Path, name: str, preset: str | None, players: int
) -> None:
    seat = players - 1
    with server(db, **QUICK) as client:
        table_id = finished(client, name, players, preset)
        assert client.get(url(table_id, seat)).json() == {
            "seat": seat,
            "status": "none",
            "time_per_decision": 0.05,
            "samples": 3,
        }
        started = client.post(url(table_id, seat))
        assert started.status_code in (200, 202), started.text
        data = wait_done(client, table_id, seat)
        table = server_table(client, table_id)
        moves = list(table.moves)
    assert data["status"] == "done", data
    assert data["error"] is None
    assert data["done"] == data["total"] == len(data["analysis"]["decisions"])
    analysis = data["analysis"]
    assert (analysis["format"], analysis["game"], analysis["player"]) == (
        "sticheln-analysis",
        name,
        seat,
    )
    # The decisions are the seat's moves made with more than one legal move, in order.
    game = find_game(name, preset)
    state = game.new_game(players, seed=table.row.seed)
    expected = []
    for number, move in enumerate(moves, start=1):
        if game.player_of(move) == seat and len(game.legal_moves(state, seat)) > 1:
            expected.append((number, game.move_text(move)))
        state = game.apply_move(state, move)
    decisions = analysis["decisions"]
    assert [(d["number"], d["played_text"]) for d in decisions] == expected
    assert expected, "the seat had no decision to analyse"
    for decision in decisions:
        means = {value["text"]: value["mean"] for value in decision["moves"]}
        top = max(means.values())
        assert decision["best"] == [text for text, mean in means.items() if mean == top]
        assert decision["loss"] == pytest.approx(top - means[decision["played_text"]])
        assert 1 <= decision["samples"] <= 3


def test_a_bad_seat_is_400_and_says_what_was_wrong(db: Path) -> None:
    with server(db, **QUICK) as client:
        table_id = finished(client, "sticheln", 3, "tiny")
        bad = {
            f"/api/tables/{table_id}/analysis": "name one seat to analyse, from 0 to 2",
            url(table_id, "") + "&seat=1": "name one seat to analyse",
            url(table_id, "0") + "&seat=1": "name one seat to analyse",
            url(table_id, "x"): "a seat number from 0 to 2, got 'x'",
            url(table_id, "-1"): "a seat number from 0 to 2, got '-1'",
            url(table_id, "1.0"): "a seat number from 0 to 2, got '1.0'",
            url(table_id, "1e2"): "a seat number from 0 to 2, got '1e2'",
            url(table_id, "%200"): "a seat number from 0 to 2, got ' 0'",
            url(table_id, "٣"): "a seat number from 0 to 2, got '٣'",
            url(table_id, "9" * 5000): "a seat number from 0 to 2, got '99999",
            url(table_id, 3): "this game has seats 0 to 2, got 3",
            url(table_id, 999): "this game has seats 0 to 2, got 999",
        }
        for path, words in bad.items():
            for method in ("GET", "POST"):
                answer = client.request(method, path)
                assert answer.status_code == 400, (method, path, answer.text)
                error = answer.json()["error"]
                assert error.startswith("seat: ")
                assert words in error, (path, error)
                assert len(error) <= MAX_ERROR_LENGTH
        assert server_table(client, table_id).analyses == {}
        assert client.app.state.manager.analyses.running == set()  # type: ignore[attr-defined]


def test_a_game_in_play_is_not_analysed_409(db: Path) -> None:
    with server(db, **QUICK) as client:
        answer = create(client, "sticheln", ["human", "random", "random"], preset="tiny")
        for method in ("GET", "POST"):
            response = client.request(method, url(answer["id"], 1))
            assert response.status_code == 409
            assert response.json()["error"] == (
                "the game is not over: it is analysed once it has ended"
            )
        assert server_table(client, answer["id"]).analyses == {}
        # Closed by its creator before any move, it is no longer in play: nothing to value.
        closed = client.delete(
            f"/api/tables/{answer['id']}",
            headers={"authorization": f"Bearer {answer['creator_token']}"},
        )
        assert closed.json()["status"] == "closed"
        assert client.post(url(answer["id"], 0)).status_code in (200, 202)
        data = wait_done(client, answer["id"], 0)
    assert data["status"] == "done"
    assert data["analysis"]["decisions"] == []


def test_unknown_and_huge_ids_are_404(db: Path) -> None:
    with server(db, **QUICK) as client:
        for table_id in ("nope", "x" * 64, "x" * 65, "y" * 60_000, "%00", "a%2Fb", ".."):
            for method in ("GET", "POST"):
                answer = client.request(method, url(table_id, 0))
                assert answer.status_code == 404, (table_id[:80], answer.status_code)
                if table_id not in ("a%2Fb", ".."):  # these name no table's address at all
                    assert answer.json() == {"error": "no such table"}
        assert client.app.state.manager.analyses.running == set()  # type: ignore[attr-defined]


def test_asking_again_starts_no_more_work(db: Path) -> None:
    with server(db, **LONG) as client:
        table_id = finished(client, "sticheln", 4)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        first = client.post(url(table_id, 2))
        assert first.status_code == 202
        job = server_table(client, table_id).analyses[2]
        for _ in range(5):
            again = client.post(url(table_id, 2))
            assert again.status_code == 202
            assert again.json()["status"] == "running"
            assert server_table(client, table_id).analyses == {2: job}
            assert manager.analyses.running == {job}
        process = job.process
        assert process is not None
    # The server stopped while it ran: its process is killed.
    assert job.process is None
    assert not process.is_alive()
    assert process.exitcode == -signal.SIGKILL
    assert job.result is None


def test_a_finished_analysis_is_kept_and_answered_again(db: Path) -> None:
    with server(db, **QUICK) as client:
        table_id = finished(client, "sticheln", 3, "tiny")
        client.post(url(table_id, 0))
        done = wait_done(client, table_id, 0)
        for method in ("POST", "GET"):
            again = client.request(method, url(table_id, 0))
            assert again.status_code == 200
            # The seed of its worlds is drawn afresh for each analysis: the same one again.
            assert again.json() == done
        assert client.app.state.manager.analyses.running == set()  # type: ignore[attr-defined]


def test_the_server_keeps_the_newest_results_only(db: Path) -> None:
    with server(db, analyses_kept=2, **QUICK) as client:
        table_id = finished(client, "sticheln", 3, "tiny")
        for seat in range(3):
            client.post(url(table_id, seat))
            assert wait_done(client, table_id, seat)["status"] == "done"
        assert sorted(server_table(client, table_id).analyses) == [1, 2]
        assert client.get(url(table_id, 0)).json()["status"] == "none"
        # Asked for again, a dropped one is worked out anew.
        assert client.post(url(table_id, 0)).status_code in (200, 202)
        assert wait_done(client, table_id, 0)["status"] == "done"
        assert sorted(server_table(client, table_id).analyses) == [0, 2]


def test_too_many_analyses_at_once_are_refused(db: Path) -> None:
    limits = {"max_analyses": 2, "analyses_per_client": 1, **LONG}
    with server(db, **limits) as client:
        tables = [finished(client, "sticheln", 4) for _ in range(2)]
        assert client.post(url(tables[0], 0)).status_code == 202
        # One seat of a table at a time.
        other_seat = client.post(url(tables[0], 1))
        assert other_seat.status_code == 429
        assert other_seat.json()["error"] == (
            "Bot 1 (random)'s seat of this table is being analysed; a table analyses one seat "
            "at a time: "
            "try again when it is done"
        )
        # One analysis per client at a time.
        second = client.post(url(tables[1], 0))
        assert second.status_code == 429
        assert second.json()["error"] == (
            "you have 1 analysis running, the most one client may: try again when it is done"
        )
        assert server_table(client, tables[1]).analyses == {}
    # The same tables, at a server that runs one analysis at a time.
    with server(db, max_analyses=1, analyses_per_client=5, **LONG) as client:
        assert client.post(url(tables[0], 3)).status_code == 202
        full = client.post(url(tables[1], 3))
        assert full.status_code == 503
        assert full.json()["error"] == ("1 analysis running, the server's limit: try again later")
        assert client.get(url(tables[1], 3)).json()["status"] == "none"


def test_the_operator_bounds_the_analysis() -> None:
    limits = Limits()
    assert (limits.analysis_time, limits.analysis_samples) == (0.5, 20)
    assert (limits.max_analyses, limits.analyses_per_client, limits.analyses_kept) == (1, 1, 100)
    assert (MAX_ANALYSIS_TIME, MAX_ANALYSIS_SAMPLES) == (10.0, 200)
    assert Limits(analysis_time=10, analysis_samples=200).analysis_samples == 200
    with pytest.raises(ValueError, match=r"analysis_time may be at most 10, got 10\.5"):
        Limits(analysis_time=10.5)
    with pytest.raises(ValueError, match="analysis_samples may be at most 200, got 201"):
        Limits(analysis_samples=201)
    with pytest.raises(ValueError, match="analysis_time must be a positive number of seconds"):
        Limits(analysis_time=0)
    with pytest.raises(TypeError, match="analysis_samples must be an int, got '5'"):
        Limits(analysis_samples="5")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_analyses must be a whole number of at least 1"):
        Limits(max_analyses=0)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--analysis-time", "60"], "--analysis-time may be at most 10, got 60.0"),
        (["--analysis-samples", "1000"], "--analysis-samples may be at most 200, got 1000"),
        (["--max-analyses", "0"], "--max-analyses must be a whole number of at least 1, got 0"),
    ],
)
def test_serve_refuses_a_budget_past_the_maximum(
    tmp_path: Path, argv: list[str], words: str
) -> None:
    err = io.StringIO()
    command = ["serve", "--port", "0", "--db", str(tmp_path / "x.sqlite3"), *argv]
    assert main(command, stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue() == f"sticheln: error: {words}\n"


def test_a_game_of_a_plugin_is_analysed_through_the_protocol(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    register_high_card(monkeypatch)
    # The analysis' process imports the game's module, as a plugin's package is importable.
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    with server(db, **QUICK) as client:
        table_id = finished(client, "high-card", 3)
        assert client.post(url(table_id, 1)).status_code in (200, 202)
        data = wait_done(client, table_id, 1)
        table = server_table(client, table_id)
    assert data["status"] == "done", data
    assert data["analysis"]["game"] == "high-card"
    game = table.game
    state = game.new_game(3, seed=table.row.seed)
    expected = []
    for number, move in enumerate(table.moves, start=1):
        if game.player_of(move) == 1 and len(game.legal_moves(state, 1)) > 1:
            expected.append(number)
        state = game.apply_move(state, move)
    assert expected
    assert [d["number"] for d in data["analysis"]["decisions"]] == expected


def _no_worlds(view: Any, rng: random.Random) -> Any:
    raise SolverError("the worlds cannot be drawn:\n  a fault for the test")


class NoWorldsHighCard(HighCardGame):  # type: ignore[misc]
    """The example game, whose hidden cards cannot be drawn: its analysis fails."""

    kit = attrs.evolve(HighCardGame.kit, sample_state=_no_worlds)


def test_an_analysis_that_fails_says_why_once(
    db: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(registry._FACTORIES, "high-card", NoWorldsHighCard.from_preset)
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    with server(db, **QUICK) as client, caplog.at_level(logging.ERROR, "sticheln.web"):
        table_id = finished(client, "high-card", 3)
        client.post(url(table_id, 0))
        data = wait_done(client, table_id, 0)
        again = client.post(url(table_id, 0))
        assert client.app.state.manager.analyses.running == set()  # type: ignore[attr-defined]
    assert data["status"] == "failed"
    assert data["error"] == "the worlds cannot be drawn: a fault for the test"
    assert data["analysis"] is None
    assert again.status_code == 200
    assert again.json() == data
    assert caplog.text.count(f"table {table_id}: the analysis of seat 0 failed") == 1


def test_the_analysis_runs_in_a_process_of_its_own(db: Path) -> None:
    with server(db, **LONG) as client:
        table_id = finished(client, "sticheln", 4)
        assert client.post(url(table_id, 1)).status_code == 202
        job = server_table(client, table_id).analyses[1]
        process = job.process
        assert process is not None
        assert process.pid != os.getpid()
        assert process.is_alive()
        # The bots' threads are the bots' alone.
        pool = client.app.state.manager._bot_pool  # type: ignore[attr-defined]
        assert pool._max_workers == Limits().bot_threads == 2
        # Its progress comes through the pipe.
        deadline_at = time.monotonic() + 60
        while client.get(url(table_id, 1)).json()["done"] < 2:
            assert time.monotonic() < deadline_at, "no progress came from the process"
            time.sleep(0.05)
        assert client.get(url(table_id, 1)).json()["total"] > 2


def test_an_analysis_whose_process_dies_fails_and_says_so(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with server(db, **LONG) as client, caplog.at_level(logging.ERROR, "sticheln.web"):
        table_id = finished(client, "sticheln", 4)
        client.post(url(table_id, 3))
        process = server_table(client, table_id).analyses[3].process
        assert process is not None
        assert process.pid is not None
        os.kill(process.pid, signal.SIGKILL)
        data = wait_done(client, table_id, 3)
    assert data["status"] == "failed"
    assert data["error"] == "the analysis' process ended (exit code -9)"
    assert f"table {table_id}: the analysis of seat 3 failed" in caplog.text


def test_an_analysis_past_its_deadline_is_stopped(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The deadline, worked out by hand: twice the budget of the decisions and 30 s.
    assert deadline(Limits(analysis_time=0.5), 56) == 2 * 0.5 * 56 + 30 == 86.0
    assert deadline(Limits(analysis_time=0.25), 0) == 2 * 0.25 * 1 + 30 == 30.5
    # A server whose deadlines are past at once (the process itself keeps to its budget).
    monkeypatch.setattr("sticheln.web.analysis.deadline", lambda limits, decisions: 0.0)
    with server(db, **LONG) as client:
        table_id = finished(client, "sticheln", 4)
        client.post(url(table_id, 0))
        process = server_table(client, table_id).analyses[0].process
        data = wait_done(client, table_id, 0)
    assert data["status"] == "failed"
    assert data["error"] == "the analysis ran past its deadline and was stopped"
    assert process is not None
    assert not process.is_alive()
