"""The server stops in the middle of a game and starts again on the same file: the page
says it lost the connection, reconnects by itself, shows the same hand and moves, and the
game goes on."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .conftest import Server, free_port, start_server, stop_server
from .helpers import (
    create_table,
    open_table,
    play_moves,
    screenshot,
    snapshot,
    wait_for,
)

RECONNECT_TIMEOUT = 60.0
"""Seconds the page may take to reconnect (it waits longer after each failed attempt)."""


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[dict[str, object]]:
    """A server of this test alone (the test stops and restarts it)."""
    state: dict[str, object] = {"port": free_port(), "db": tmp_path / "restart.sqlite3"}
    log = tmp_path / "server.log"
    state["log"] = log
    state["server"] = start_server(state["port"], state["db"], log)  # type: ignore[arg-type]
    try:
        yield state
    finally:
        running = state["server"]
        if isinstance(running, Server) and running.process.poll() is None:
            stop_server(running)
        text = log.read_text(errors="replace")
        assert "Traceback" not in text, text


def test_page_reconnects_after_a_server_restart(
    own_server: dict[str, object], browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    server = own_server["server"]
    assert isinstance(server, Server)
    table = create_table(server.base, "hattrick", 4, ["human"] + ["heuristic"] * 3, seed=2)
    driver = browser(1280, 900)
    open_table(driver, table.seat_links[0])
    rng = random.Random("restart")
    before = play_moves(driver, rng, 5)
    assert before.my_turn

    # While the server is down, each attempt to reconnect is a SEVERE console entry of
    # Chromium's own; those, and only those, are expected here.
    browser.allow_console(  # type: ignore[attr-defined]
        r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/ws/[^']+' failed: "
        r"Error in connection establishment: net::ERR_CONNECTION_REFUSED"
    )
    stop_server(server)
    wait_for(
        driver,
        lambda d: snapshot(d).connected == "false",
        RECONNECT_TIMEOUT,
        "body[data-connected] stayed true with the server stopped",
    )
    screenshot(driver, screenshots / "disconnected.png")
    # The banner of a lost connection does not look like "your turn" (it was its turn).
    status = driver.find_element(By.ID, "status")
    assert "Connection lost" in status.text, status.text
    background = status.value_of_css_property("background-color")
    assert background not in ("rgba(255, 210, 63, 1)", "rgb(255, 210, 63)"), background
    assert "my-turn" not in (status.get_attribute("class") or "")
    own_server["server"] = start_server(
        own_server["port"],  # type: ignore[arg-type]
        own_server["db"],  # type: ignore[arg-type]
        own_server["log"],  # type: ignore[arg-type]
    )

    def back(d: WebDriver) -> bool:
        shot = snapshot(d)
        return shot.connected == "true" and shot.moves == before.moves and shot.my_turn

    wait_for(driver, back, RECONNECT_TIMEOUT, "the page did not reconnect to the new server")
    again = snapshot(driver)
    assert again.hand == before.hand
    assert sorted(again.legal) == sorted(before.legal)
    assert again.error == ""
    later = play_moves(driver, rng, 2)
    assert later.moves is not None
    assert before.moves is not None
    assert later.moves > before.moves
